"""Card records, the card database loader, and decklist formats and validation (rules sections 2 and 5-1)."""
