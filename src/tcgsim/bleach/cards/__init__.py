"""Bleach card definitions: the YAML card format (model.py), its loader (loader.py) and the sample set."""

from .loader import CardDatabase, default_database, load_cards  # noqa: F401
from .model import CardDef  # noqa: F401
