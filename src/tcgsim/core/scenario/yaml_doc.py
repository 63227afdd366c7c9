"""Reading a scenario file's YAML with the line of every value, within size limits.

:func:`read_text` reads a file (at most :data:`MAX_FILE_BYTES`); :func:`parse_yaml` parses it into a
:class:`YamlDoc` (refusing alias bombs, deep nesting, duplicate keys) whose paths map to source lines, so
that every error reads ``FILE:LINE: problem``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from .results import ScenarioFormatError


@dataclass
class YamlDoc:
    """A parsed YAML document: ``data`` plus the 1-based line of every value (``lines``) and of every mapping
    key (``key_lines``), indexed by path tuples such as ``("state", "p1", "hand", 0)``."""

    file: str
    data: Any
    lines: dict[tuple, int]
    key_lines: dict[tuple, int]
    styles: dict[tuple, str | None] = field(default_factory=dict)

    def line(self, path: tuple) -> int:
        """The line of the value at ``path``, or of its nearest enclosing value."""
        path = tuple(path)
        while path and path not in self.lines:
            path = path[:-1]
        return self.lines.get(path, 1)

    def key_line(self, path: tuple) -> int:
        return self.key_lines.get(tuple(path)) or self.line(path)

    def error(self, path: tuple, problem: str, *, key: bool = False) -> ScenarioFormatError:
        return ScenarioFormatError(self.file, self.key_line(path) if key else self.line(path), problem)


MAX_FILE_BYTES = 1_000_000
"""The largest scenario file read (1 MB; the largest real scenario is about 3 KB)."""
MAX_DEPTH = 32
"""The deepest nesting of mappings and lists in a scenario file."""
MAX_ALIASES = 64
"""The most YAML aliases (``*name``) a scenario file may use."""
MAX_COUNT = 10_000
"""The largest count a scenario file may give (``deck: N`` FILLER cards, DON!! counts, ...)."""
MAX_NODES = 100_000
"""The most values a scenario file may hold once its aliases are expanded."""


def _check_limits(text: str, file: str) -> None:
    """Refuse, before building anything, a text beyond :data:`MAX_FILE_BYTES`, :data:`MAX_DEPTH` or
    :data:`MAX_ALIASES` (a YAML alias bomb, a deeply nested document), naming the line and the limit."""
    size = len(text.encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise ScenarioFormatError(file, None, f"the file is {size:,} bytes; a scenario file is at most {MAX_FILE_BYTES:,}")
    depth = aliases = 0
    try:
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise ScenarioFormatError(file, event.start_mark.line + 1,
                                              f"nested more than {MAX_DEPTH} levels deep (the limit of a scenario file)")
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
            elif isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise ScenarioFormatError(file, event.start_mark.line + 1,
                                              f"more than {MAX_ALIASES} YAML aliases (the limit of a scenario file)")
    except yaml.YAMLError:
        return  # reported with its line by the full parse


def parse_yaml(text: str, file: str) -> YamlDoc:
    """Parse a scenario file's text into a :class:`YamlDoc`, within the limits above. Raises
    :class:`ScenarioFormatError` (``FILE:LINE: problem``) for a YAML error, a duplicate or non-plain key,
    an empty file, or a limit passed."""
    _check_limits(text, file)
    try:
        loader = yaml.SafeLoader(text)
    except yaml.reader.ReaderError as exc:  # a control character: refused before any parsing
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        raise ScenarioFormatError(file, line, f"character #x{exc.character:04x} is not allowed in a scenario file") from None
    nodes = [0]
    lines: dict[tuple, int] = {}
    key_lines: dict[tuple, int] = {}
    styles: dict[tuple, str | None] = {}

    def walk(node, path: tuple):
        lines[path] = node.start_mark.line + 1
        nodes[0] += 1
        if nodes[0] > MAX_NODES:  # aliases expanded past any real scenario's size
            raise ScenarioFormatError(file, node.start_mark.line + 1,
                                      f"more than {MAX_NODES:,} values once aliases are expanded")
        if isinstance(node, yaml.MappingNode):
            out: dict = {}
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    raise ScenarioFormatError(file, key_node.start_mark.line + 1, "a mapping key must be a plain value")
                key = loader.construct_object(key_node, deep=True)
                if key in out:
                    raise ScenarioFormatError(file, key_node.start_mark.line + 1, f"duplicate key '{key}'")
                key_lines[path + (key,)] = key_node.start_mark.line + 1
                out[key] = walk(value_node, path + (key,))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [walk(item, path + (i,)) for i, item in enumerate(node.value)]
        styles[path] = node.style
        return loader.construct_object(node, deep=True)

    try:
        root = loader.get_single_node()
        if root is None:
            raise ScenarioFormatError(file, 1, "empty file: a scenario needs at least 'name' and 'state'")
        data = walk(root, ())
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = " ".join(str(x) for x in (exc.context, exc.problem) if x)
        raise ScenarioFormatError(file, mark.line + 1 if mark else None, f"YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:
        raise ScenarioFormatError(file, None, f"YAML error: {exc}") from None
    finally:
        loader.dispose()
    return YamlDoc(file, data, lines, key_lines, styles)


# ==========================================================================================================
# Reading a file: schema helpers, actions, expect
# ==========================================================================================================

def read_text(path: str | Path) -> str:
    """The text of the scenario file ``path``; raises :class:`ScenarioFormatError` (``FILE: cannot read the
    file: ...``) for an unreadable or non-UTF-8 file."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            raise ScenarioFormatError(str(path), None, f"the file is over {MAX_FILE_BYTES:,} bytes, the limit of a "
                                                       "scenario file")
        return raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioFormatError(str(path), None, f"cannot read the file: {exc}") from None
