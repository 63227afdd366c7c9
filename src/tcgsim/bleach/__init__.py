"""The Bleach card game (French rules, Bandai France): cards, decks and the rules engine.

See ``docs/bleach.md`` for the card and deck formats, the action notation and the documented rule choices.
"""
