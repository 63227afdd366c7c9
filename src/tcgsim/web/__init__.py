"""Play in the browser: ``tcgsim serve`` (docs/browser.md).

* :mod:`.store`: games kept in SQLite at every decision (decks, seed, opponent and the answers so far: the
  engine is deterministic, so a game is rebuilt by replaying its answers through a
  :class:`~tcgsim.core.session.Session`).
* :mod:`.hub`: the live games, their seats' secret tokens and the agents that answer on the server side.
* :mod:`.server`: the FastAPI application (one WebSocket per seat speaking the session's JSON protocol,
  ``docs/protocol.md``) and the static browser client in ``static/``.
"""
