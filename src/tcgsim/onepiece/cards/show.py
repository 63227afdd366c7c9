"""A ONE PIECE CARD GAME card as text (``tcgsim cards show``)."""

from __future__ import annotations

from .model import CardDef, keyword_names


def _value(value: object) -> str:
    return "-" if value is None or value == () or value == "" else str(value)


def card_text(card: CardDef) -> str:
    """A card as text for ``tcgsim cards show``: one ``field: value`` per line, the text, the [Trigger]
    text, the compiled effects read back as English, one per printed paragraph
    (:func:`~tcgsim.onepiece.effects.render.card_renderings`), and the fragments the engine does not support, then the card-specific tests (:func:`~.checks.specific_tests`)."""

    rows = [
        ("number", card.number),
        ("name", card.name),
        ("category", card.category),
        ("colors", "/".join(card.colors)),
        ("cost", card.cost),
        ("power", card.power),
        ("counter", card.counter),
        ("life", card.life),
        ("attributes", "/".join(card.attributes)),
        ("types", "/".join(card.types)),
        ("keywords", ", ".join(keyword_names(card.keywords))),
    ]
    if card.don_deck_size != 10:
        rows.append(("DON!! deck", card.don_deck_size))
    if card.max_copies != 4:
        rows.append(("max copies", "any number" if card.max_copies is None else card.max_copies))
    lines = [f"{label + ':':12} {_value(value)}" for label, value in rows]
    lines.append("text:")
    lines += [f"  {line}" for line in card.text.splitlines()] or ["  -"]
    lines.append(f"{'trigger:':12} {_value(card.trigger_text)}")
    from ..effects.render import card_renderings

    lines.append("compiled (read back from the compiled form):")
    for _printed, rendering in card_renderings(card):
        first, *more = rendering.splitlines()
        lines.append(f"  - {first}")
        lines += [f"    {line}" for line in more]
    if not card.effects:
        lines.append("  (none)")
    lines.append("unsupported:")
    for fragment in card.unsupported:
        first, *more = fragment.splitlines()
        lines.append(f"  - {first}")
        lines += [f"    {line}" for line in more]
    if not card.unsupported:
        lines.append("  (none)")
    from .checks import specific_tests

    # "compiled" is not "checked": the tests that exercise this card itself (file name or source)
    tests = specific_tests(card.number)
    lines.append(f"tests of this card: {len(tests)}")
    lines += [f"  - {t}" for t in tests]
    return "\n".join(lines)
