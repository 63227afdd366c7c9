"""The Bleach card game (French rules, Bandai France): cards, decks and the rules engine.

See ``docs/bleach.md`` for the card and deck formats, the action notation and the documented rule choices.

This file is where the game is wired: the rules' step modules give their frame handlers to the game's table
(``rules/frames.install``); Python runs it before any module of the package.
"""

from .rules import combat, effects, setup, turn
from .rules.frames import install

install(combat.HANDLERS, effects.HANDLERS, setup.HANDLERS, turn.HANDLERS)
