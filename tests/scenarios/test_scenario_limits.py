"""Hostile scenario files end in a clear error naming the file, the line and the limit, in bounded time
and memory (issue "Hostile input"): a YAML alias bomb, deep nesting, an oversized file."""

from __future__ import annotations

from tcgsim.core.scenario.command import run_file
from tcgsim.core.scenario.yaml_doc import MAX_ALIASES, MAX_DEPTH, MAX_FILE_BYTES


def _error(tmp_path, text: str) -> str:
    path = tmp_path / "hostile.yaml"
    path.write_text(text)
    result = run_file(path)
    assert result.malformed, result.report()
    return result.error


def test_an_alias_bomb_is_refused_at_the_alias_past_the_limit(tmp_path):
    rows = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    rows += [f"{chr(97 + i)}: &{chr(97 + i)} [" + ", ".join([f"*{chr(96 + i)}"] * 9) + "]" for i in range(1, 9)]
    error = _error(tmp_path, "name: bomb\n" + "\n".join(rows) + "\nstate: {}\n")
    assert f"more than {MAX_ALIASES} YAML aliases" in error and "hostile.yaml:" in error


def test_a_few_aliases_are_still_read(tmp_path):
    error = _error(tmp_path, "name: ok\nx: &h [ST01-006]\nstate: {}\n")
    assert "YAML aliases" not in error and "missing required field" in error  # refused for its content (unknown key, missing fields), not for an alias


def test_deep_nesting_is_refused_without_a_recursion_error(tmp_path):
    for text in ("name: x\nstate: " + "[" * 100_000 + "]" * 100_000 + "\n",
                 "name: x\nstate: " + "{a: " * 5_000 + "1" + "}" * 5_000 + "\n",
                 "name: x\nstate:\n" + "".join(" " * i + f"k{i}:\n" for i in range(1, 200)) + " " * 200 + "v\n"):
        error = _error(tmp_path, text)
        assert f"nested more than {MAX_DEPTH} levels deep" in error


def test_an_oversized_file_is_refused_before_it_is_parsed(tmp_path):
    error = _error(tmp_path, "name: big\nstate: {}\n" + "#" * (MAX_FILE_BYTES + 10) + "\n")
    assert f"{MAX_FILE_BYTES:,}" in error


def test_a_control_character_is_named_with_its_line(tmp_path):
    """Found by the fuzz suite: a control character ended in PyYAML's ReaderError traceback."""
    error = _error(tmp_path, "name: x\nstate: {}\n\x1f\n")
    assert "character #x001f is not allowed" in error and "hostile.yaml:3" in error
