"""The Bleach rules engine (see docs/bleach.md)."""
