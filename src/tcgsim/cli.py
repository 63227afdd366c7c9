"""The ``tcgsim`` command line.

Each group of commands is a module-level ``typer.Typer`` registered on ``app``; add a command with
``@app.command()`` or a new group with ``app.add_typer``. Commands report user mistakes by raising
:class:`tcgsim.errors.UserError`; :func:`main` prints its message to stderr and exits with status 2.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import typer

from tcgsim.errors import UserError

if TYPE_CHECKING:
    from tcgsim.onepiece.cards.model import CardDef

app = typer.Typer(
    name="tcgsim",
    help="Rules engine and simulator for the ONE PIECE CARD GAME.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)

cards_app = typer.Typer(help="Look up cards in the card database.", no_args_is_help=True)
deck_app = typer.Typer(help="Read and check decklists.", no_args_is_help=True)
app.add_typer(cards_app, name="cards")
app.add_typer(deck_app, name="deck")


# ----------------------------------------------------------------------------------------------------------
# tcgsim cards ...
# ----------------------------------------------------------------------------------------------------------

def _value(value: object) -> str:
    return "-" if value is None or value == () or value == "" else str(value)


def format_card(card: CardDef) -> str:
    """A card as text, one ``field: value`` per line (``cards show``)."""
    from tcgsim.onepiece.cards.model import keyword_names

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
    lines.append("unsupported:")
    for fragment in card.unsupported:
        first, *more = fragment.splitlines()
        lines.append(f"  - {first}")
        lines += [f"    {line}" for line in more]
    if not card.unsupported:
        lines.append("  (none)")
    return "\n".join(lines)


@cards_app.command("show")
def cards_show(
    number: str = typer.Argument(..., help="Card number, e.g. OP01-016 (alt-art suffixes such as _p1 allowed)."),
) -> None:
    """Print one card: stats, keywords, text, [Trigger] text and the text the engine does not support."""
    from tcgsim.onepiece.cards.database import default_database

    typer.echo(format_card(default_database().get(number)))


# ----------------------------------------------------------------------------------------------------------
# tcgsim deck ...
# ----------------------------------------------------------------------------------------------------------

@deck_app.command("check")
def deck_check(
    deck: str = typer.Argument(..., help="Decklist file, or a bundled starter deck name (ST01..ST07)."),
) -> None:
    """Check a decklist against the deck-construction rules (5-1-2); print a summary or every problem."""
    from tcgsim.onepiece.cards.database import default_database
    from tcgsim.onepiece.cards.decklist import deck_summary, load_valid_deck

    db = default_database()
    typer.echo(deck_summary(load_valid_deck(deck, db), db))


# ----------------------------------------------------------------------------------------------------------
# Entry point
# ----------------------------------------------------------------------------------------------------------

def main(argv: list[str] | None = None) -> None:
    """Run the CLI (``argv`` defaults to ``sys.argv[1:]``). A :class:`UserError` prints its message to stderr
    and exits with status 2; usage errors behave as usual in typer/click (status 2)."""
    try:
        app(args=argv, prog_name="tcgsim")
    except UserError as error:
        print(error, file=sys.stderr)
        sys.exit(error.exit_code)


if __name__ == "__main__":
    main()
