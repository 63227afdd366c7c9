"""The IR builder is split by grammar section (effects/build/, issue 10 part 2): each grammar rule's method
lives in exactly one section module, so a method added to a second module cannot silently shadow another."""

from __future__ import annotations

import inspect
from collections import Counter

from lark import Transformer

from tcgsim.onepiece.effects.build import IRBuilder


def _sections():
    return [c for c in IRBuilder.__mro__[1:] if c.__module__.startswith("tcgsim.onepiece.effects.build.")]


def test_every_section_is_a_module_of_the_build_package():
    mods = {c.__module__.rsplit(".", 1)[1] for c in _sections()}
    assert {"sentences", "costs", "targets", "nouns", "conditions", "timing"} <= mods


def test_no_rule_method_in_two_sections():
    names = Counter(n for c in _sections() for n, v in vars(c).items()
                    if not n.startswith("_") and n not in vars(Transformer))
    assert [n for n, k in names.items() if k > 1] == []


def test_the_builder_keeps_no_methods_of_its_own():
    own = {n for n, v in vars(IRBuilder).items() if inspect.isfunction(v)}
    assert own == set(), "a rule's method belongs in the module of its grammar section"
