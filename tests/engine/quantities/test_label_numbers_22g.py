"""Issue 22 (fix22g): a number that labels is no quantity — an article, a regulation or a
subsection as legislation cites them, a heading's number with its capitals, a day in a
Spanish or German date — while a count, a duration and a measure beside the same words
are still read."""

from __future__ import annotations

import pytest

from inforce.engine.quantities.extract import default_extractor


@pytest.fixture(scope="module")
def extractor():
    return default_extractor()


def _read(extractor, text: str) -> list[str]:
    return [mention.text for mention in extractor.extract(text).mentions]


@pytest.mark.parametrize("text", [
    "Derógase el Art. 41 de la presente ley.",
    "conforme a los Arts. 12 y 13",
    "el inciso 4 del Artículo 9",
    "Nach Art. 21 Abs. 3 Satz 2 gilt Folgendes.",
    "im Sinne des Absatzes 2 Nr. 4",
    "as Reg. 18 and Sec. 6.4 provide",
    "under Regulation 22 of the scheme",
    "publicado el 14 de octubre de 2003",
    "vom 9. Dezember 1998",
])
def test_a_label_or_a_date_in_legislation_is_no_quantity(extractor, text) -> None:
    assert _read(extractor, text) == []


def test_a_headings_number_alone_with_its_capitals_is_no_quantity(extractor) -> None:
    assert _read(extractor, "3 GENERAL CONDITIONS") == []
    assert _read(extractor, "intro\n2 FOUNDATION SCHEDULE\nPiles: 40 ft long") == ["40 ft"]


@pytest.mark.parametrize(("text", "read"), [
    ("2 COATS", ["2"]),  # a count: a counted word after it
    ("Art. 6 requires notice within 15 days.", ["within 15 days"]),
    ("Reg. 9: a clear cover of 40 mm", ["40 mm"]),
])
def test_a_count_or_a_measure_beside_a_label_is_still_read(extractor, text, read) -> None:
    assert _read(extractor, text) == read
