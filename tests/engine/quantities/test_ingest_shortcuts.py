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


# ---- the pre-test one word at a time (``ConditionReader.may_state``) -------------------------

#: Pieces texts are made of: condition words whole, cut, glued, hyphenated, in other cases,
#: words that share their letters, and characters ``re.IGNORECASE`` reads as ASCII letters.
_PIECES = [
    "initial", "Initially", "INCREASED TO", "may then be", "increased", "may be increased", "titration",
    "up-titrated", "uptitrate", "escalating to", "No. 6 through No. 18 bars", "no. 3 through 5 bar",
    "bars and larger", "and larger", "larger bars", "at 7 days", "7-day strength", "7 day", "form removal",
    "stripping of forms", "cast against and permanently exposed to the earth", "exposed to earth or weather",
    "not exposed to the weather", "renal impairment", "kidney", "hepatic", "child", "child-resistant",
    "children", "adults'", "weighs", "patient", "standard dosing", "usual", "unusual", "recommended",
    "maintenance", "started with", "start patients on", "lowered to", "reduce dose of", "28 days",
    "4,000 psi", "mg", ";", ",", ".", ":", "(", ")", "-", "\n", "  ", "\u00b0", "\u2019",
    # read by re.IGNORECASE as the ASCII words, though their lower case is not those words
    "\u017ftandard do\u017fing", "\u212aidney di\u017fea\u017fe", "\u0130NITIAL", "\u0131nitially", "ma\u0130ntenance",
]


def _texts(count: int, seed: int) -> list[str]:
    import random

    chosen = random.Random(seed)
    texts = []
    for _ in range(count):
        parts = []
        for _ in range(chosen.randint(1, 7)):
            piece = chosen.choice(_PIECES)
            if chosen.random() < 0.3:
                piece = piece.upper() if chosen.random() < 0.5 else piece.title()
            parts.append(piece)
            parts.append(chosen.choice([" ", "", " ", "\n", "x", " 5 mg "]))
        texts.append("".join(parts))
    return texts


def _reader_of(words: dict[str, list[str]]):
    from inforce.engine.quantities.conditions import ConditionReader
    from inforce.rules.conditions import ConditionFacet

    return ConditionReader([ConditionFacet(facet="regimen", terms=words),
                            ConditionFacet(facet="weight", band_after=["weigh*", "patient*"])])


def test_the_pre_test_one_word_at_a_time_answers_as_the_whole_pattern():
    """``may_state`` searches only for the words whose required words a text holds; it must
    answer exactly as ``_any``, the one pattern of every word, on any text: ASCII or not,
    in any letter case, with words cut, glued or hyphenated."""
    reader = condition_reader()
    assert reader._gates is not None and sum(len(gated) for _, gated in reader._gates) > 50  # all stock words
    texts = TEXTS + _texts(20000, seed=21)
    answers = [reader.may_state(text) for text in texts]
    assert answers == [reader._any.search(text) is not None for text in texts]
    assert 0.2 < sum(answers) / len(answers) < 0.9  # both answers are asked often


def test_a_text_holding_no_required_word_is_answered_without_a_search():
    reader = condition_reader()
    searched = []

    class Counting:
        def __init__(self, pattern):
            self.pattern = pattern

        def search(self, text):
            searched.append(text)
            return self.pattern.search(text)

    reader_gates = reader._gates
    words = sum(len(gated) for _, gated in reader_gates)
    try:
        reader._gates = tuple((longest, tuple((needs, Counting(pattern)) for needs, pattern in gated))
                              for longest, gated in reader_gates)
        assert not reader.may_state("Slump limit: 5 inches, plus or minus 1 inch.")
        assert searched == []
        assert reader.may_state("Initial dose: 80 mg for adults.")
        assert searched  # a text holding a word's required words is searched, for those words only
        assert len(searched) < words / 4
    finally:
        reader._gates = reader_gates


def test_a_word_that_is_not_ascii_leaves_every_text_to_the_whole_pattern():
    """A lower-case text is no sure test of what ``re.IGNORECASE`` reads in a word that is not
    ASCII (``\u017f`` reads as ``s``), so such a vocabulary is searched as before, word for word."""
    reader = _reader_of({"recommended": ["empfohlen", "\u017ftandard"], "increased": ["increased to"]})
    assert reader._gates is None
    for text in ("STANDARD 5 mg", "\u017ftandard 5 mg", "standard", "increased to 10 mg", "5 mg"):
        assert reader.may_state(text) == (reader._any.search(text) is not None)
    assert reader.may_state("STANDARD 5 mg") and not reader.may_state("5 mg")


def test_a_pack_of_its_own_words_is_gated_as_the_stock_one():
    reader = _reader_of({"recommended": ["usual [adult] dos*", "[may] [then] be raised to"],
                         "increased": ["No. 5 and up"]})
    assert reader._gates is not None
    texts = ["Usual adult dosing 5 mg", "usual dose", "be RAISED TO 10 mg", "no. 5 AND UP", "No. 5 and upward",
             "dosage usual", "weighing 40 kg", "Patients", "raised", *_texts(3000, seed=22)]
    assert [reader.may_state(t) for t in texts] == [reader._any.search(t) is not None for t in texts]


@pytest.mark.parametrize(("written", "stems"), [
    ("adult*", ("adult",)),
    ("may [then] [be] increased", ("may", "increased")),
    ("start [adults|patients|children] at", ("start", "at")),
    ("No. 6 through No. 18 bar*", ("no.", "6", "through", "no.", "18", "bar")),
    ("Up-Titrat*", ("up-titrat",)),
    ("[a|b] Word", ("word",)),
])
def test_the_words_a_condition_word_needs(written, stems):
    from inforce.rules.conditions import condition_word_stems

    assert condition_word_stems(written) == stems
    pattern = re.compile(compile_condition_word(written), re.IGNORECASE)
    # each is in the lower case of every text the word's own pattern reads
    for text in ("x " + written.replace("[", "").replace("]", "").replace("|", " ").replace("*", "s"),):
        for match in pattern.finditer(text):
            assert all(stem in match.group(0).lower() for stem in stems)


@pytest.mark.parametrize("written", ["", "[a|b]", "[a", "a*b", "[[a]]"])
def test_a_word_that_does_not_read_has_no_stems_either(written):
    from inforce.rules.conditions import ConditionWordError, condition_word_stems

    with pytest.raises(ConditionWordError):
        compile_condition_word(written)
    with pytest.raises(ConditionWordError):
        condition_word_stems(written)
