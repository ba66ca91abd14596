"""Issue 22's leftovers (FIX-22): the numbers the Akoma Ntoso sample still read as figures were
all labels — a list of lettered sections after ``§§``, an article list whose join a typist glued
to a number, a gazette's page and a sentence in German citations, a bracketed subsection after
its designation and one an act's text layer runs into its text. Each is read as the label it
is, while a count or a measure beside the same words is still read. Texts written here."""

from __future__ import annotations

import pytest

from inforce.engine.quantities.extract import default_extractor


@pytest.fixture(scope="module")
def extractor():
    return default_extractor()


def _read(extractor, text: str) -> list[str]:
    return [mention.text for mention in extractor.extract(text).mentions]


@pytest.mark.parametrize("text", [
    "gemäß den §§ 17 c, 21 a, 21 b oder 33 des Gesetzes",   # lettered sections go on the list
    "Section 5 a, 6 b and 7 apply.",
    "se agrega un artículo entre los Arts. 52y 53 de la ley",  # the join glued to the number
    "zuletzt geändert (BGBl. II S. 1024) durch Gesetz",       # a gazette's page
    "nach § 4 Abs. 2 S. 3 des Gesetzes",                       # a sentence of a subsection
    "as required under subsection (3) of this section",      # a bracketed label after its designation
    "an offence under section 18 (2) of the Act",
    "published in Cap. 512 of the Laws",
    "shall be final.\n(2) The Council may appoint officers",  # a subsection run into the text
    "shall be final. (4) The Council may appoint officers",
    "12. ( 3) No person shall hold office",                   # a space inside its brackets
])
def test_a_label_in_a_list_or_a_citation_is_no_quantity(extractor, text) -> None:
    assert _read(extractor, text) == []


@pytest.mark.parametrize(("text", "read"), [
    ("§ 9 requires notice within 14 days.", ["within 14 days"]),
    ("Section 5 a, and 2 inches of cover", ["2 inches"]),       # a measure after the list is read
    ("W/ (2) #5 CONT. TOP & BOT.", ["2"]),                     # a drawing's count in brackets
    ("TOP. (3) #6 BARS EACH WAY", ["3", "#6"]),                # and the bar's size (audit 53)
    ("PILE CAP 24\" THICK", ['24"']),                           # a pile cap is no label
])
def test_a_count_or_a_measure_beside_such_words_is_still_read(extractor, text, read) -> None:
    assert _read(extractor, text) == read
