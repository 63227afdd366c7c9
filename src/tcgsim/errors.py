"""Exception hierarchy shared by the whole package.

``TcgsimError`` is the base of every error tcgsim raises on purpose. ``UserError`` marks a mistake by the
person running the program (a bad card number, an illegal deck, a missing database): the command line prints
its message, without a traceback, and exits with status 2. Any other exception is a bug in tcgsim.
"""

from __future__ import annotations


class TcgsimError(Exception):
    """Base class of the errors raised deliberately by tcgsim."""


class UserError(TcgsimError):
    """A user mistake: the CLI prints ``str(error)`` to stderr and exits with status 2."""

    exit_code = 2
