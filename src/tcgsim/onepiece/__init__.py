"""The ONE PIECE CARD GAME: cards, rules, card effects, views, scenarios and its registration (``module.py``).

This file is the one place where the game's parts are wired together: the rules' step modules give their
frame handlers, and the card-effect interpreter registers with the rules engine through its one interface
(``rules/card_effects.py``), by :meth:`Game.install <tcgsim.onepiece.rules.engine.Game.install>`; the card
database gets the effect compiler (``CardDatabase.install``). Python
runs this file before any module of the package, so every module, imported alone, finds the game wired.
"""

from .cards.database import CardDatabase
from .effects.card_effects import CARD_EFFECTS
from .effects.cards import with_effects
from .rules import battle, damage, events, main_phase, phases, setup, zones
from .rules.engine import Game

Game.install((battle.HANDLERS, damage.HANDLERS, events.HANDLERS, main_phase.HANDLERS, phases.HANDLERS,
              setup.HANDLERS, zones.HANDLERS), CARD_EFFECTS)
CardDatabase.install(with_effects)
