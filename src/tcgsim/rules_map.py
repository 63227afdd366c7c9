"""The rules map: which tests cite which line of the rules checklist, generated into ``docs/checklist.md``.

The checklist (``../shared/rules/CHECKLIST.md``) is a list of lines, each starting with its rule numbers
(``- [ ] 8-6-1 / 8-6-1-1 — paraphrase``) or ``QA`` (a rules Q&A behaviour). Tests cite rules themselves:

- a scenario file (tests/scenarios/**/*.yaml, SCENARIOS.md; and the shared worked examples in
  ``../shared/scenarios/``) by its ``source:`` text;
- a pytest test (tests/**/test_*.py) by its name (``test_6_5_3_1_...``: a run of two or more numbers
  joined by ``_``) or its docstring.

A citation counts only if it names a rule number exactly: ``8-6-1`` cites 8-6-1, not 8-6 nor 8-6-1-1.
In text a rule number is a run like ``8-6-1`` not glued to a letter or digit (so card numbers such as
``OP01-004`` are not rules); ``A..B`` ranges (``2-7-2..2-7-4``, ``6-6-1-1-2..4``) cite every number in
them. A ``QA`` line, which has no number, is cited as ``QA S.N``: the N-th QA line of checklist section S
(``QA 8.1``). Scenarios that are expected to fail (known defects, effects/known_defects.toml) and pytest
tests marked ``xfail`` cite nothing.

``tcgsim rules map`` writes the page; tests/rules/test_checklist_map.py fails when the committed page
differs from the generated one or when a line has no citing test outside its allow-list.
"""

from __future__ import annotations

import ast
import os
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .errors import UserError

ROOT = Path(__file__).resolve().parents[2]  # the repository (src/tcgsim/rules_map.py)
SHARED = ROOT.parent / "shared"
CHECKLIST = SHARED / "rules" / "CHECKLIST.md"
PARAPHRASES = ROOT / "docs" / "checklist-lines.toml"
PAGE = ROOT / "docs" / "checklist.md"

_NUMBER = r"\d+(?:-\d+)+"
# a rule number (or A..B range) in free text, not part of a card number (OP01-004) or a longer token
_CITED = re.compile(rf"(?<![\w-])({_NUMBER})(?:\.\.(\d+(?:-\d+)*))?(?![\w-])")
_QA = re.compile(r"(?<![\w])QA (\d+)\.(\d+)(?![\d.]*\d)")
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SECTION = re.compile(r"^## (\d+)\. (.+)$")
_LINE = re.compile(r"^- \[[ xX]\] (.+?) — (.+)$")


@dataclass(frozen=True)
class Line:
    """One checklist line: its section (number, title), ``label`` (the text before the dash, e.g.
    ``8-6-1`` or ``QA 8.1`` for a Q&A line), the rule ``numbers`` it names, and its checklist ``text``."""

    section: int
    title: str
    label: str
    numbers: tuple[str, ...]
    text: str

    @property
    def keys(self) -> tuple[str, ...]:
        """What a test must cite to cite this line: its rule numbers, or its ``QA S.N`` label."""
        return self.numbers or (self.label,)


def expand(first: str, last: str | None = None) -> list[str]:
    """The rule numbers of ``first..last``: ``expand("2-7-2", "2-7-4")`` = 2-7-2, 2-7-3, 2-7-4; a short
    ``last`` replaces the tail (``6-6-1-1-2..4``); ``last`` None gives ``[first]``. An ``A..B`` that does
    not count up in its last part is taken as its two ends."""
    if last is None:
        return [first]
    head = first.split("-")
    tail = last.split("-")
    end = head[: len(head) - len(tail)] + tail
    if end[:-1] != head[:-1] or int(end[-1]) < int(head[-1]):
        return [first, "-".join(end)]
    return ["-".join(head[:-1] + [str(i)]) for i in range(int(head[-1]), int(end[-1]) + 1)]


def cited_in_text(text: str) -> set[str]:
    """Rule numbers and ``QA S.N`` labels cited in free text (a ``source:`` or a docstring)."""
    found = {n for m in _CITED.finditer(text) for n in expand(m.group(1), m.group(2))}
    found |= {f"QA {m.group(1)}.{m.group(2)}" for m in _QA.finditer(text)}
    return found


def cited_in_name(name: str) -> set[str]:
    """Rule numbers in a pytest test name: each run of two or more all-digit ``_`` parts
    (``test_6_5_3_1_x`` cites 6-5-3-1; ``test_2_12_to_2_17`` cites 2-12 and 2-17)."""
    found, run = set(), []
    for part in name.split("_") + [""]:
        if part.isdigit():
            run.append(part)
            continue
        if len(run) >= 2:
            found.add("-".join(run))
        run = []
    return found


def parse_checklist(text: str) -> list[Line]:
    """The lines of CHECKLIST.md, in order. Raises ``ValueError`` for a line that names neither rule
    numbers nor ``QA``."""
    lines, section, title, qa = [], 0, "", 0
    for raw in text.splitlines():
        m = _SECTION.match(raw)
        if m:
            section, title, qa = int(m.group(1)), m.group(2), 0
            continue
        m = _LINE.match(raw)
        if not m:
            continue
        label, body = m.group(1).strip(), m.group(2).strip()
        if label == "QA":
            qa += 1
            lines.append(Line(section, title, f"QA {section}.{qa}", (), body))
            continue
        numbers = []
        for part in label.split("/"):
            m2 = re.fullmatch(rf"\s*({_NUMBER})(?:\.\.(\d+(?:-\d+)*))?\s*", part)
            if not m2:
                raise ValueError(f"checklist line {label!r}: not a rule number: {part!r}")
            numbers += [n for n in expand(m2.group(1), m2.group(2)) if n not in numbers]
        lines.append(Line(section, title, label, tuple(numbers), body))
    return lines


# --------------------------------------------------------------------------- citations
@dataclass
class Citations:
    """``by_key[key]``: the ids of the tests citing rule number (or QA label) ``key``, sorted."""

    by_key: dict[str, list[str]] = field(default_factory=dict)

    def add(self, test: str, keys) -> None:
        for k in keys:
            self.by_key.setdefault(k, []).append(test)

    def tests(self, key: str) -> list[str]:
        return sorted(set(self.by_key.get(key, ())))


def _expected_failures(root: Path) -> set[Path]:
    from tcgsim.onepiece.effects.cards import known_defects

    return {(root / e["scenario"]).resolve() for e in known_defects()}


def scenario_citations(files, game: str, base: Path, cites: Citations, skip=frozenset(), parse=cited_in_text) -> None:
    """Add the ``source:`` citations (read by ``parse``) of the scenario ``files`` of ``game`` (``onepiece``
    when the file names none), named by their path relative to ``base``; files in ``skip`` are left out.
    Raises :class:`~tcgsim.errors.UserError` naming the file (and the line) for a file that is not YAML."""
    for path in sorted(files):
        if path.resolve() in skip:
            continue
        try:
            doc = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f"{path}:{mark.line + 1}" if mark is not None else str(path)
            raise UserError(f"{where}: not a readable scenario file, so its citations cannot be read: "
                            f"{getattr(exc, 'problem', None) or exc}") from None
        if not isinstance(doc, dict) or doc.get("game", "onepiece") != game:
            continue
        cites.add(os.path.relpath(path, base), parse(str(doc.get("source") or "")))


def pytest_citations(files, base: Path, cites: Citations, parse=cited_in_text, names=cited_in_name) -> None:
    """Add the citations of every ``test_*`` function (module level or in a class) of the pytest ``files``:
    its name (read by ``names``) and its docstring (read by ``parse``); ids are ``PATH::NAME``
    (``PATH::CLASS::NAME``) relative to ``base``. A test marked ``xfail`` cites nothing."""
    for path in sorted(files):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = path.relative_to(base).as_posix()
        for node, prefix in _test_functions(tree):
            if any("xfail" in ast.unparse(d) for d in node.decorator_list):
                continue  # an expected failure tests nothing yet
            keys = names(node.name) | parse(ast.get_docstring(node) or "")
            cites.add(f"{rel}::{prefix}{node.name}", keys)


def _test_functions(tree):
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            yield node, ""
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)) and sub.name.startswith("test"):
                    yield sub, f"{node.name}::"


def onepiece_citations(root: Path = ROOT) -> Citations:
    """Every ONE PIECE test's citations: scenario files under tests/ and the shared worked examples, and
    the pytest tests outside tests/bleach. Ids are relative to tests/."""
    tests = root / "tests"
    cites = Citations()
    skip = _expected_failures(root)
    scenario_citations(tests.rglob("*.y*ml"), "onepiece", tests, cites, skip)
    scenario_citations((root.parent / "shared" / "scenarios").glob("*.yaml"), "onepiece", tests, cites)
    pytest_citations((p for p in tests.rglob("test_*.py") if "bleach" not in p.relative_to(tests).parts),
                     tests, cites)
    return cites


# --------------------------------------------------------------------------- the page
def load_paraphrases(path: Path = PARAPHRASES) -> dict[str, dict]:
    """``docs/checklist-lines.toml``: ``[line."LABEL"]`` tables with ``text`` (the paraphrase written for
    this project) and optional ``untested`` (why no test cites the line yet)."""
    if not path.exists():
        return {}
    return tomllib.loads(path.read_text(encoding="utf-8")).get("line", {})


def uncited(lines: list[Line], cites: Citations) -> list[Line]:
    """The lines none of whose keys a test cites."""
    return [ln for ln in lines if not any(cites.tests(k) for k in ln.keys)]


def _tested_cell(line: Line, cites: Citations, note: str | None) -> str:
    parts = []
    for k in line.keys:
        tests = cites.tests(k)
        listed = ", ".join(f"`{t}`" for t in tests) if tests else "none"
        parts.append(listed if len(line.keys) == 1 else f"{k}: {listed}")
    cell = "; ".join(parts)
    if not any(cites.tests(k) for k in line.keys):
        cell = "**no test yet**" + (f" — {note}" if note else "")
    return cell.replace("|", "\\|")


HEADER = """# Rules checklist coverage

<!-- Generated by `tcgsim rules map` from ../shared/rules/CHECKLIST.md, docs/checklist-lines.toml and the
tests' own citations. Do not edit by hand: edit the tests or docs/checklist-lines.toml and regenerate. -->

This page maps every line of the conformance checklist (`../shared/rules/CHECKLIST.md`, Comprehensive
Rules v1.2.0 plus the rules Q&A) to the tests that cite it. Each row starts with the line's rule numbers
(or `QA S.N`, the N-th rules-Q&A line of checklist section S); the paraphrase is written for this project.

How citations are found (src/tcgsim/rules_map.py):

- a scenario file (`tests/scenarios/**/*.yaml`, and the shared worked examples `../shared/scenarios/`)
  cites what its `source:` names; a pytest test cites the numbers of its name (`test_6_5_3_1_...`: a run
  of two or more numbers joined by `_`) and of its docstring;
- a citation counts only if it names the rule number exactly: `8-6-1` cites 8-6-1, not 8-6 nor 8-6-1-1;
  a number is a run like `8-6-1` not glued to a letter (card numbers such as `OP01-004` are not rules);
  `A..B` ranges cite every number in them; a rules-Q&A line is cited as `QA 8.1`;
- scenarios that are expected to fail (known defects) and pytest tests marked `xfail` cite nothing.

A line with several rule numbers lists the tests per number ("none" where no test cites that number).
Paths are relative to `tests/`. Lines no test cites yet are in the allow-list of
`tests/rules/test_checklist_map.py`, which may only shrink.
"""


def render(lines: list[Line], cites: Citations, paraphrases: dict[str, dict], header: str = None,
           columns: str = "Rule(s) | Line (paraphrase)") -> str:
    """The Markdown page: ``header`` (the checklist page's by default), a summary, then one table per section."""
    missing = uncited(lines, cites)
    partly = [ln for ln in lines if ln not in missing and not all(cites.tests(k) for k in ln.keys)]
    out = [HEADER if header is None else header,
           f"Lines with a citing test: {len(lines) - len(missing)} of {len(lines)} "
           f"({len(partly)} of them with a rule number no test cites); no test yet: {len(missing)}.\n"]
    section = None
    for ln in lines:
        if ln.section != section:
            section = ln.section
            out.append(f"\n## {ln.section}. {ln.title}\n\n| {columns} | Tested in |\n| --- | --- | --- |")
        entry = paraphrases.get(ln.label, {})
        text = (entry.get("text") or ln.text).replace("|", "\\|")
        out.append(f"| {ln.label} | {text} | {_tested_cell(ln, cites, entry.get('untested'))} |")
    return "\n".join(out) + "\n"


def generate(root: Path = ROOT, checklist: Path = CHECKLIST) -> tuple[str, list[Line], Citations]:
    """The page text for the repository at ``root``, with the checklist lines and citations it used.
    Raises ``FileNotFoundError`` when the checklist is missing."""
    lines = parse_checklist(checklist.read_text(encoding="utf-8"))
    cites = onepiece_citations(root)
    return render(lines, cites, load_paraphrases(root / "docs" / "checklist-lines.toml")), lines, cites


# --------------------------------------------------------------------------- Bleach
BLEACH_SEED = SHARED / "rules" / "seeds" / "003_ff43c8260c7b36a4.txt"
BLEACH_PAGE = ROOT / "docs" / "bleach-rules.md"
# The sections of the French rules text (the seed has no markup), grouped by phase, each with a paraphrase.
BLEACH_SECTIONS = (
    ("Préparation", (
        ("Préparation de la partie", "6 soul points face down, a 6-card hand with one mulligan, a random player "
         "chooses who starts, the starting Ames Principales face down then face up."),
        ("Choix des cartes", "At least 32 cards, at most 3 per number, the Zanpakutô aside, a starting Ame "
         "Principale of entry cost 0."),
        ("Déroulement du jeu", "The first player is the Attaquant; the roles alternate; a turn has 3 phases."),
    )),
    ("Phase de Départ", (
        ("Phase de Départ", "Récupération, Pioche, Entrée, in that order."),
        ("Récupération", "The attacker's Ames Principales become offensive."),
        ("Pioche", "The attacker draws up to 6, reshuffling the discard when the deck runs out."),
        ("Entrée", "One Ame Principale or Ame de Soutien from hand, entry cost at most the Ames on the field."),
    )),
    ("Phase d'Actions", (
        ("Phase d'Actions", "Any number of Actions d'Effet and one Action de Combat."),
        ("Action d'Effet", "Events paid from the user's reserve; « Zanpakutô » conditions; Effets in one's own "
         "effect actions, Capacités also in the opponent's."),
        ("Action de Combat", "One mandatory combat, none in each player's first turn."),
        ("Déclaration d'Attaque", "An offensive Ame Principale, and up to 1 Combat card."),
        ("Déclaration de Défense", "Any Ame Principale, its PC by its state, and up to 1 Combat card."),
        ("Enchaînement d'attaques", "Combat cards exchanged while the provisional result is against a player; "
         "the attacker has priority on a tie."),
        ("Résultat de Combat Final", "Damage = the PC difference, none on a tie; reserve then soul points per "
         "100; fighters exhausted, Combat cards discarded."),
        ("Action de Sacrifice", "The beaten Ame Principale is excluded instead of losing soul points."),
    )),
    ("Phase Finale", (
        ("Phase Finale", "The Etape Force Spirituelle, then the Etape Zanpakutô; then the roles swap."),
        ("Etape Force Spirituelle", "One card from hand per Ame Principale into its reserve (not in the first "
         "player's first turn); Ames Déchaînées are assembled here."),
        ("Etape Zanpakutô", "The attacker's Zanpakutô is attached from wherever it is; never a reserve card."),
    )),
    ("Fin de partie", (
        ("Conditions de victoire", "No soul points or no Ame Principale left loses; both at once: the player "
         "whose effect caused it loses."),
    )),
)
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'"})
_SECTION_NAMES = {name for _g, secs in BLEACH_SECTIONS for name, _p in secs}


def cited_sections(text: str) -> set[str]:
    """The Bleach sections a ``source:`` or docstring cites: after each ``§``, the ``/``-separated names up
    to the first ``:;,()«"`` or line end, each counted only if it is a section's exact name (apostrophes
    and a trailing ``!`` aside): ``seed §Phase d'Actions / Action d'Effet (« ... »)`` cites both."""
    found = set()
    for chunk in text.translate(_APOSTROPHES).split("§")[1:]:
        path = re.split(r"[:;,()«\"\n.]", chunk, maxsplit=1)[0]
        for name in path.split("/"):
            name = name.strip().rstrip("!").strip()
            if name in _SECTION_NAMES:
                found.add(name)
    return found


def bleach_lines(seed: Path = BLEACH_SEED) -> list[Line]:
    """The Bleach sections as lines (label = the section's name). Raises ``ValueError`` if a name is not in
    the seed text (the list went out of step with it)."""
    text = seed.read_text(encoding="utf-8").translate(_APOSTROPHES)
    lines = []
    for i, (group, secs) in enumerate(BLEACH_SECTIONS, 1):
        for name, paraphrase in secs:
            if name not in text:
                raise ValueError(f"{seed}: no section {name!r}")
            lines.append(Line(i, group, name, (), paraphrase))
    return lines


BLEACH_HEADER = """# Bleach rules coverage

<!-- Generated by `tcgsim rules map` from the sections of the French rules text and the tests' own
citations. Do not edit by hand: edit the tests (or BLEACH_SECTIONS in src/tcgsim/rules_map.py) and
regenerate. -->

This page maps every section of the Bleach rules (`../shared/rules/seeds/003_ff43c8260c7b36a4.txt`, quoted
as *seed §Section*) to the tests that cite it: Bleach scenario files (`game: bleach`) by their `source:`,
and the pytest tests of `tests/bleach/` by their docstrings. A citation is `§` followed by section names
separated by `/` (`seed §Phase d'Actions / Action d'Effet`); it counts only for a section named exactly
(`§Préparation` does not cite "Préparation de la partie"). Paths are relative to `tests/`. Sections no
test cites yet are in the allow-list of `tests/rules/test_checklist_map.py`, which may only shrink.
"""


def bleach_citations(root: Path = ROOT) -> Citations:
    """The Bleach tests' section citations: scenario files of ``game: bleach`` and tests/bleach/test_*.py."""
    tests = root / "tests"
    cites = Citations()
    scenario_citations(tests.rglob("*.y*ml"), "bleach", tests, cites, parse=cited_sections)
    pytest_citations((tests / "bleach").glob("test_*.py"), tests, cites, parse=cited_sections,
                     names=lambda name: set())
    return cites


def generate_bleach(root: Path = ROOT, seed: Path = BLEACH_SEED) -> tuple[str, list[Line], Citations]:
    """The Bleach page text, with its lines and citations. Raises ``FileNotFoundError`` without the seed."""
    lines = bleach_lines(seed)
    cites = bleach_citations(root)
    return render(lines, cites, {}, BLEACH_HEADER, "Section | Rule (paraphrase)"), lines, cites
