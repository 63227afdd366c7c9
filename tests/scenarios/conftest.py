"""Every ``*.yaml`` / ``*.yml`` file under ``tests/scenarios/`` is a test: a scenario file (SCENARIOS.md, or
another game's format named by its ``game`` key) run by :func:`tcgsim.core.scenario.command.run_file`. A malformed file or an unmet expectation fails the item with
the scenario's own report (``FILE:LINE: problem``, or one ``after K: PATH: expected E, found F`` line per
failure)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tcgsim.core.scenario.command import run_file
from tcgsim.onepiece.effects.cards import known_defects

ROOT = Path(__file__).resolve().parents[2]
# scenario file -> reason: a defect listed in known_defects.toml, whose effect is reported unsupported until
# it is fixed; its scenario must fail while the entry stands (strict), so a fix cannot go unnoticed
KNOWN_DEFECTS = {(ROOT / e["scenario"]).resolve(): f"{e['card']}: {e['reason']}" for e in known_defects()}


def pytest_collect_file(parent, file_path):
    if file_path.suffix in (".yaml", ".yml"):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        item = ScenarioItem.from_parent(self, name=self.path.stem)
        reason = KNOWN_DEFECTS.get(self.path.resolve())
        if reason is not None:
            item.add_marker(pytest.mark.xfail(reason=f"known defect {reason}", strict=True, raises=ScenarioFailed))
        yield item


class ScenarioFailed(Exception):
    """The scenario's report, shown as the item's failure."""


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        result = run_file(self.path)
        if not result.passed:
            raise ScenarioFailed(result.report())

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, 0, f"scenario {self.path.name}"
