"""Running the ``tcgsim`` CLI in-process from tests."""

from __future__ import annotations

import pytest

from tcgsim.cli import main


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    """Run ``tcgsim ARGV``; returns (exit code, stdout, stderr)."""
    with pytest.raises(SystemExit) as exc:
        main(list(argv))
    out, err = capsys.readouterr()
    code = exc.value.code
    return (0 if code is None else code), out, err
