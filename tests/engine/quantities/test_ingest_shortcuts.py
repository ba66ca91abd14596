"""Shortcuts ingest takes to read quantities at less cost (issue 21's budget). Each one must give
what the long way gives: the condition pre-test finds a word wherever the words' own pattern
does, and a quantity placed at an occurrence of its text is the object ``model_copy`` made."""

from __future__ import annotations

import re

import pytest

from inforce.engine import facts
from inforce.engine.quantities.conditions import condition_reader
from inforce.ontology import CharSpan, Locator, Quantity
from inforce.rules.conditions import compile_condition_word

#: Texts with condition words where a word starts, inside words, after symbols, and none at all.
TEXTS = [
    "Initial dose: 80 mg for adults.", "The usual dose is 5 mg twice daily.", "Patients weighing 30-40 kg: 250 mg.",
    "DOSE (ADULTS): 5 MG", "Start adults at 5 mg; may then be increased to 10 mg.", "up-titrate to 10 mg",
    "Compressive strength at 28 days: not less than 4,000 psi.", "Unusual loading: 40 psf.",
    "subadults 5 mg", "weigh-in 5 kg", "nonstandard dose 3 mg", "(children) 2 mg", "x_initial 5", "",
    "Maintenance: 20 mg daily; reduce dose to 10 mg in renal impairment.", "3\u00a0mg for infants\u2019 use",
]


def test_every_condition_word_opens_with_a_word_boundary():
    # what lets the pre-test put one boundary before them all
    for written in ("adult*", "[may|can] be increased", "start [adults|patients] at", "< 40 kg", "loading dos*"):
        assert compile_condition_word(written).startswith(r"\b(?:")


def test_the_condition_pre_test_finds_what_the_words_find():
    reader = condition_reader()
    pattern = reader._any.pattern
    assert pattern.startswith(r"\b(?:") and pattern.endswith(")")
    words = re.compile(pattern[len(r"\b(?:"):-1], re.IGNORECASE)  # the words without the shared boundary
    said = [text for text in TEXTS if words.search(text) is not None]
    assert [text for text in TEXTS if reader.may_state(text)] == said
    assert 6 <= len(said) < len(TEXTS)


@pytest.mark.parametrize("span", [CharSpan(start=3, end=12), CharSpan(start=0, end=9, page_start=2, page_end=2), None])
@pytest.mark.parametrize("base", [0, 40])
def test_a_placed_quantity_is_the_copy_model_copy_makes(span, base):
    quantity = Quantity(value=4000.0, unit="psi", bound="min", subject="concrete.compressive_strength",
                        text="4,000 psi", span=span, condition=("28 days",))
    locator = Locator(doc="SPEC-1", rev="0", path="2.1.A")
    placed = facts._placed(quantity, base, locator)
    update: dict[str, object] = {"locator": locator}
    if span is not None:  # as it was placed before: a span moved by a model_construct, else as read
        update["span"] = span if not base else CharSpan.model_construct(start=span.start + base, end=span.end + base,
                                                  page_start=span.page_start, page_end=span.page_end)
    copied = quantity.model_copy(update=update)

    def state(model):
        return (type(model), list(model.__dict__.items()), model.__pydantic_fields_set__,
                model.__pydantic_extra__, model.__pydantic_private__)

    assert state(placed) == state(copied)
    assert placed.model_dump_json() == copied.model_dump_json()
    if span is not None:
        assert state(placed.span) == state(copied.span)
        assert (placed.span is span) == (base == 0)
    assert quantity.locator is None  # the quantity read once is left as it was
