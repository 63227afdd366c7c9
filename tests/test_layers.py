"""The layering of the package holds (import-linter contracts in ``pyproject.toml``, drawn in docs/design.md):
the CLI above batch above the agents above the games above core; the games independent of each other."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_are_kept(capsys):
    from importlinter.cli import lint_imports

    cwd = os.getcwd()
    os.chdir(ROOT)  # the contracts are read from pyproject.toml
    try:
        code = lint_imports(no_cache=True)
    finally:
        os.chdir(cwd)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "BROKEN" not in out and "KEPT" in out


def test_a_broken_contract_is_reported(tmp_path, capsys):
    """The check itself can fail: a contract the code breaks (core above the games) is reported."""
    from importlinter.cli import lint_imports

    config = tmp_path / "contracts.toml"
    config.write_text('[tool.importlinter]\nroot_package = "tcgsim"\n\n[[tool.importlinter.contracts]]\n'
                      'name = "wrong"\ntype = "layers"\nlayers = ["tcgsim.core", "tcgsim.onepiece"]\n')
    code = lint_imports(config_filename=str(config), no_cache=True)
    assert code != 0 and "BROKEN" in capsys.readouterr().out
