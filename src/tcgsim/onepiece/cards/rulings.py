"""The official card rulings (``../shared/rules/card-qa/*.md``) as a list of questions.

Each ruling file holds sections ``## CARD — Name`` followed by ``**Q:** ...`` / ``**A:** ...`` pairs. A
ruling is named by its file, its card and its question's position within that card's section (1-based),
e.g. ``("qa_op04.md", "OP04-033", 1)``. The scenario test of a ruling lives in
``tests/scenarios/card-qa/<folder>/<CARD>-q<N>-<slug>.yaml``, where ``<folder>`` is
:func:`folder_for` of the file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_HEADING = re.compile(r"^## +((?:[A-Z0-9]+-\d+ +)*[A-Z0-9]+-\d+)\b")
_QUESTION = re.compile(r"^\*\*Q:?\*\*:?\s*(.*)")
_ANSWER = re.compile(r"^\*\*A:?\*\*:?\s*(.*)")


@dataclass(frozen=True)
class Ruling:
    """One question of a ruling file: ``file`` (e.g. ``qa_op04.md``), ``card``, ``index`` (1-based within
    the card's section), ``question`` and ``answer`` (their text, joined on one line)."""

    file: str
    card: str
    index: int
    question: str
    answer: str

    @property
    def key(self) -> str:
        """``"qa_op04.md OP04-033 q1"``: how the exclusion list and reports name the ruling."""
        return f"{self.file} {self.card} q{self.index}"


def folder_for(file_name: str) -> str:
    """The scenario folder of a ruling file: ``qa_op04.md`` → ``op04``, ``qa_st-01-st-04.md`` →
    ``st01-st04``, ``qa_st-15-20.md`` → ``st15-st20``, ``qa_st-05.md`` → ``st05``."""
    stem = Path(file_name).stem.removeprefix("qa_")
    m = re.fullmatch(r"st-(\d+)-(?:st-)?(\d+)", stem)
    if m:
        return f"st{m.group(1)}-st{m.group(2)}"
    m = re.fullmatch(r"st-(\d+)", stem)
    if m:
        return f"st{m.group(1)}"
    return stem


def read_rulings(path: Path) -> list[Ruling]:
    """Every question of one ruling file, in file order, a card's questions numbered 1, 2, ... across all
    of its sections. Two flaws of the source are read as page breaks: a heading naming two cards
    ("## OP01-030 OP01-035 — ...") holds the last card's questions, and an empty heading ("##") holds
    questions of the card named by the next heading. Raises ``OSError`` if the file cannot be read."""
    pairs: list[tuple[str | None, list[str]]] = []  # (card or None for an empty heading, [question, answer])
    card: str | None = None
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("##") and not line.startswith("###"):
            m = _HEADING.match(line)
            card, current = (m.group(1).split()[-1] if m else None), None
            continue
        if m := _QUESTION.match(line):
            current = [m.group(1), ""]
            pairs.append((card, current))
            continue
        if current is not None and (m := _ANSWER.match(line)):
            current[1] = m.group(1)
            continue
        if current is not None and line.strip() and not line.startswith("#"):
            i = 1 if current[1] else 0  # a continuation line of the question or the answer
            current[i] += " " + line.strip()
    # questions under an empty heading belong to the next named card
    owners: list[str | None] = [c for c, _ in pairs]
    nxt = None
    for i in range(len(owners) - 1, -1, -1):
        if owners[i] is None:
            owners[i] = nxt
        else:
            nxt = owners[i]
    seen: dict[str, int] = {}
    out: list[Ruling] = []
    for owner, (_, (question, answer)) in zip(owners, pairs):
        if owner is None:
            continue  # an empty heading at the end of the file names no card
        seen[owner] = seen.get(owner, 0) + 1
        out.append(Ruling(path.name, owner, seen[owner], question.strip(), answer.strip()))
    # file order, with a card's questions in the order read
    return out
