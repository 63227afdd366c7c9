"""Scenario files of every game (the ONE PIECE CARD GAME's format is the public contract ``SCENARIOS.md``).

One place for each part:

* :mod:`.results`: a malformed file's :class:`~.results.ScenarioFormatError` (``FILE:LINE: problem``) and a
  run's :class:`~.results.ScenarioResult` / :class:`~.results.Failure` (JSON and text forms).
* :mod:`.yaml_doc`: reading the YAML with the line of every value, within size limits.
* :mod:`.schema`: the top-level and ``state`` turn keys every game shares, and the helpers of a game's schema.
* :mod:`.script`: reading ``actions`` and ``expect`` (the paths every game shares).
* :mod:`.runner`: playing a loaded file through a :class:`~tcgsim.core.session.Session` by the matching
  rules of SCENARIOS.md and checking its expectations; a game gives its part as a ``ScenarioGame``.
* :mod:`.command`: files of any game (the ``game`` key, through the registry) and ``tcgsim scenario run``.
"""
