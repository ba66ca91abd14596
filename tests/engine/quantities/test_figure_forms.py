"""Figures written with fraction characters, ``and a half``, an article or a unit of many years
(audit 23j H4) are read; a number-like phrase before a unit that is still not read is named by
``unread_figures``, so a claim holding one is never compared with nothing in silence."""

from __future__ import annotations

import pytest

from inforce.engine.quantities import unread_figures
from inforce.engine.quantities._lite import export_tables
from inforce.engine.quantities.extract import (
    QuantityExtractor,
    default_extractor,
    may_contain_quantity,
)
from inforce.engine.quantities.units import convert, unit_table

#: (text, what is read as written, value, unit expression)
READ = [
    ("retained for 7½ years after withdrawal", "7½ years", 7.5, "year"),
    ("retained for 7 ½ years", "7 ½ years", 7.5, "year"),
    ("a 7½-year term", "7½-year", 7.5, "year"),
    ("use ½ inch plywood", "½ inch", 0.5, "inch"),
    ('¾" plywood sheathing', '¾"', 0.75, "inch"),
    ("1¼ inches thick", "1¼ inches", 1.25, "inch"),
    ("retained for seven and a half years", "seven and a half years", 7.5, "year"),
    ("retained for 7-and-a-half years", "7-and-a-half years", 7.5, "year"),
    ("retained for 7 and a half years", "7 and a half years", 7.5, "year"),
    ("cure for two and a quarter hours", "two and a quarter hours", 2.25, "hour"),
    ("one and a half inches of cover", "one and a half inches", 1.5, "inch"),
    ("gaps of one and one-half inches", "one and one-half inches", 1.5, "inch"),
    ("kept for 7 and one-half years", "7 and one-half years", 7.5, "year"),
    ("cure for two and three-quarters hours", "two and three-quarters hours", 2.75, "hour"),
    ("retained for half a year", "half a year", 0.5, "year"),
    ("rest for half an hour", "half an hour", 0.5, "hour"),
    ("a quarter of an hour later", "a quarter of an hour", 0.25, "hour"),
    ("a half-inch gap", "a half-inch", 0.5, "inch"),
    ("two-thirds of a mile", "two-thirds of a mile", 2 / 3, "mile"),
    ("½ of an inch", "½ of an inch", 0.5, "inch"),
    ("retained for a decade", "a decade", 1.0, "decade_of_years"),
    ("retained for two decades", "two decades", 2.0, "decade_of_years"),
    ("kept for a fortnight", "a fortnight", 1.0, "fortnight"),
    ("kept for a century", "a century", 1.0, "century"),
]


@pytest.fixture(scope="module")
def extractor() -> QuantityExtractor:
    return default_extractor()


@pytest.mark.parametrize(("text", "written", "value", "expression"), READ)
def test_the_form_is_read(extractor, text, written, value, expression):
    assert may_contain_quantity(text)
    found = extractor.extract(text, bind=False).mentions
    assert [(m.text, m.value, m.unit_expression) for m in found] == [(written, pytest.approx(value), expression)]


def test_a_decade_is_ten_years_not_pints_ratio(extractor):
    (mention,) = extractor.extract("retained for a decade", bind=False).mentions
    assert mention.dimension == "[time]"
    assert convert(1.0, "decade_of_years", "year") == pytest.approx(10.0)


@pytest.mark.parametrize("text", [
    "a year later", "once a year", "half of the samples", "a dozen samples", "a quarter of the budget",
    "the second half of the year", "-½", "one of the hours was lost",
])
def test_what_is_no_figure_stays_unread(extractor, text):
    assert extractor.extract(text, bind=False).mentions == ()


def test_the_lite_reading_reads_them_alike(extractor):
    table = unit_table()
    lite = QuantityExtractor(units=table, cache_size=0, grammar=export_tables(extractor.nlp))
    for text, *_ in READ:
        assert lite.extract(text, bind=False) == extractor.extract(text, bind=False), text


@pytest.mark.parametrize(("text", "unread"), [
    ("retained for a year and a half after withdrawal", ["a year and a half"]),
    ("three quarters of an inch thick", ["three quarters of an inch"]),
    ("retained for seven years and a half", ["seven years and a half"]),
])
def test_an_unread_figure_is_named(extractor, text, unread):
    assert unread_figures(text, lambda: extractor) == unread


@pytest.mark.parametrize("text", [
    *(text for text, *_ in READ),
    "Superseded revisions are retained for 7 years after withdrawal (SOP-001#2.2).",
    "Under Section 2.2, step 3 days are counted from 5 May 2026.",
    "Revenue was $5.2 billion in fiscal 2022, up 3% from 2021.",
    "Item 4 hours are listed in Table 2 of Appendix 3.",
    "The 2023 edition of ASTM C39 applies in 2024 in Kenya.",
    "Give 250 mg orally twice daily for 10 days; children 5 mg/kg.",
    "See 3 in the list and items 1, 2 and 3.",
    "someone ones twenty",
])
def test_a_read_figure_and_a_number_naming_something_are_not_flagged(extractor, text):
    assert unread_figures(text, lambda: extractor) == []


def test_no_number_like_phrase_builds_no_extractor():
    def never():
        raise AssertionError("the extractor was built for a text without numbers")

    assert unread_figures("The registry records each revision before release.", never) == []


def test_many_unread_figures_are_cut_with_a_count(extractor):
    text = " ".join(["a year and a half;"] * 8)
    found = unread_figures(text, lambda: extractor)
    assert found[:5] == ["a year and a half"] * 5 and found[5] == "… 3 more"


@pytest.mark.parametrize("text", ["x" * 20000 + "½", "seven " * 4000, "and a " * 4000, "½" * 5000, "½ " * 5000])
def test_a_long_hostile_claim_is_scanned_in_linear_time(extractor, text):
    """Every pattern starts only where a word or number starts: a 20,000-letter word took 15 s
    when ``and a half`` could start inside it."""
    import time

    started = time.perf_counter()
    unread_figures(text, lambda: extractor)
    assert time.perf_counter() - started < 3.0


# -- eleventh and twelfth audits (F4/H-D, F5, H-C, M-B): counts the number table does not hold --

_TIME = {"[time]"}


@pytest.mark.parametrize(("text", "named"), [
    ("retained for a dozen years", "a dozen years"),
    ("retained for one dozen years", "one dozen years"),
    ("retained for half a dozen years", "half a dozen years"),
    ("retained for VIII years", "VIII years"),
    ("retained for XII years", "XII years"),
    ("retained for a score of years", "a score of years"),
    ("retained for a couple of years", "a couple of years"),
    ("retained for twice 7 years", "twice 7 years"),
])
def test_a_count_before_a_unit_of_a_cited_dimension_is_named(extractor, text, named):
    assert unread_figures(text, lambda: extractor, _TIME) == [named]
    assert unread_figures(text.replace("years", "anchors"), lambda: extractor, _TIME) == []  # not a cited dimension


@pytest.mark.parametrize("text", ["retained for 7 years", "see Part IV years later", "I years", "for many years",
                                  "the fiscal years ended"])
def test_ordinary_words_are_no_count(extractor, text):
    assert unread_figures(text, lambda: extractor, _TIME) == []


def test_a_whole_number_and_a_fraction_in_words_is_one_figure(extractor):
    """Twelfth audit H-C: "one and one-half inches" was read as 0.5 inch, silently: it is 1.5
    inches, and nothing is left unread."""
    text = "Gaps shall be one and one-half inches."
    assert [(m.text, m.value) for m in extractor.extract(text).mentions] == [("one and one-half inches", 1.5)]
    assert unread_figures(text, lambda: extractor) == []


def test_the_doubled_number_of_legal_drafting_is_one_figure():
    from inforce.engine.quantities.unread import plain_doubled

    text = "retained for seven (7) years; 7 (seven) days; seven (8) years; twenty-one (21) days"
    plain = plain_doubled(text)
    assert len(plain) == len(text)
    assert plain.split() == ["retained", "for", "seven", "years;", "7", "days;", "seven", "(8)", "years;",
                             "twenty-one", "days"]


def test_a_run_of_digits_and_commas_is_read_in_linear_time(extractor):
    """Twelfth audit M-B: "1,1,1,…" made the detector quadratic (about 1 s a claim)."""
    import time

    started = time.perf_counter()
    unread_figures("Retained for 7 years; ref " + "1," * 4000, lambda: extractor, _TIME)
    assert time.perf_counter() - started < 1.0


# -- thirteenth audit (N4, H-D, N5, M-B) ---------------------------------------------------------


@pytest.mark.parametrize("run", ["1,,", "1.,", "1.,1", "1,.", "12,,3.."])
def test_any_punctuation_between_digits_is_read_in_linear_time(extractor, run):
    """Thirteenth audit M-B: "1,,1,,…" and "1.,1.,…" stayed quadratic (0.43 s per 4,000
    characters; 12,000 took seconds): a figure starts only where a digit run starts."""
    import time

    text = "Retained for 7 years; ref " + run * (12000 // len(run))
    started = time.perf_counter()
    unread_figures(text, lambda: extractor, _TIME)
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize(("text", "named"), [
    ("retained for a half-dozen years", "a half-dozen years"),
    ("retained for three-score years", "three-score years"),
    ("retained for a dozen-odd years", "a dozen-odd years"),
    ("retained for twelve-odd years", "twelve-odd years"),
    ("retained for a pair of years", "a pair of years"),
    ("retained for a brace of years", "a brace of years"),
    ("retained for a biennium", "a biennium"),
    ("retained for a triennium", "a triennium"),
    ("retained for a twelvemonth", "a twelvemonth"),
    ("retained for a generation", "a generation"),
    ("retained for a year or two", "year or two"),
    ("retained for a third of a year", "a third of a year"),
])
def test_hyphenated_counts_and_collective_units_are_named(extractor, text, named):
    """Thirteenth audit N4 / H-D: the count net took '-' as part of a word and knew no
    multipliers or collective units, so "a half-dozen years" passed as an answer to "7 years"."""
    from inforce.engine.quantities.unread import counts

    assert counts(text) or "third" in text
    assert unread_figures(text, lambda: extractor, _TIME) == [named]


@pytest.mark.parametrize("text", ["X-ray films are retained for 7 years", "scaffold inspections every 7 years",
                                  "in odd years only", "a fifth of the records", "two or three records"])
def test_words_like_counts_are_no_count(extractor, text):
    assert unread_figures(text, lambda: extractor, _TIME) == []


@pytest.mark.parametrize(("text", "named"), [
    ("retained for double the 7 years", "double the 7 years"),
    ("retained for twice the 7 years", "twice the 7 years"),
    ("retained for 7 years twice over", "7 years twice over"),
    ("retained for 7 years less a day", "7 years less a day"),
    ("retained for seven years plus a day", "seven years plus a day"),
])
def test_a_figure_a_word_changes_is_named(extractor, text, named):
    """Thirteenth audit N4: "double the 7 years" and "7 years less a day" were read as the 7 years."""
    from inforce.engine.quantities.unread import modified_figures

    assert modified_figures(text, lambda word: extractor.units.alias(word) is not None) == [named]
    assert modified_figures("retained for 7 years or less", lambda word: extractor.units.alias(word) is not None) == []


def test_a_doubled_number_whose_words_and_digits_differ_is_named():
    """Thirteenth audit N5: "eight (7) years" passed as 7 years; the words govern."""
    from inforce.engine.quantities.unread import doubled_differ

    assert doubled_differ("retained for eight (7) years") == ["eight (7)"]
    assert doubled_differ("retained for 7 (eight) years") == ["7 (eight)"]
    assert doubled_differ("retained for seven (7) years; twenty-one (21) days") == []


# -- audit B (issue 23), finding 5: a long run of spaces ---------------------------------------


@pytest.mark.parametrize("text", [
    "Keep records for 5 years." + " " * 60000 + "End of the paragraph.",
    "40 COVER to the 15M bars, 20 mm" + " " * 60000 + "clear to the face.",
    "| Revenue" + " " * 60000 + "$ 1,200 | 1,300 |",
])
def test_a_long_run_of_spaces_is_read_in_linear_time(extractor, text):
    """A pattern led by a run of spaces, searched over the whole text, rescanned the run from every
    position of it: 80 KB of spaces took 55 s (the cover note's check), hours at a megabyte."""
    import time

    started = time.perf_counter()
    extractor.extract(text, bind=False)
    assert time.perf_counter() - started < 5.0
