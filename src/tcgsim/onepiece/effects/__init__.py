"""Card effects compiled from the printed card text.

* :mod:`.normalize` -- one place for the data's inconsistencies (entities, minus signs, circled DON!!
  costs, reminder text, the appended [Trigger] section, "Choose one:" options).
* :mod:`.parser` and ``grammar.lark`` -- tokenizer and LALR grammar of the effect language.
* :mod:`.build` -- parse tree to IR.
* :mod:`.ir` -- the typed, immutable, JSON-round-trippable effect representation.
* :mod:`.compiler` -- :func:`compile_card_text` (text -> effects + unsupported fragments) and
  :func:`coverage`.
"""

from .compiler import card_set, compile_card_text, coverage
from .ir import (
    Action,
    CompiledText,
    Condition,
    Cost,
    Effect,
    Event,
    Filter,
    Selector,
    Unsupported,
    from_dict,
    from_json,
    to_dict,
    to_json,
)

__all__ = [
    "compile_card_text",
    "coverage",
    "card_set",
    "Action",
    "CompiledText",
    "Condition",
    "Cost",
    "Effect",
    "Event",
    "Filter",
    "Selector",
    "Unsupported",
    "from_dict",
    "from_json",
    "to_dict",
    "to_json",
]
