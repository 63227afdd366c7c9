"""tcgsim: rules engine and simulator for the ONE PIECE CARD GAME (and the Bleach card game)."""

__version__ = "0.1.0"
