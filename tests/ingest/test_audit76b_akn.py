"""Audit 76 B F5: an element of another namespace inside an Akoma Ntoso ``<p>`` (an extension,
an ``xi:include``) broke the paragraph there, with no word: "Dues <foo:bar/> are 40 dollars a
month." was read as "Dues" and, on lines of their own, the element's text and the words after
it. The element is not understood, so not read and named in a warning at its line; the words
after it go on in the same line, as they are in the act."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.akn import read_akoma_ntoso
from tests.ingest.test_ingest_akn import AKN3_ACT, write

#: section 2's paragraph, as the act gives it
REPEALED = "<p>Section 4 of the principal Act is repealed.</p>"


@pytest.mark.parametrize("element", [
    '<foo:bar xmlns:foo="urn:x">X</foo:bar>',
    '<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/hostname" parse="text"/>',
], ids=["an extension element", "an xi:include"])
def test_the_words_after_an_element_of_another_namespace_are_kept_and_it_is_named(
        tmp_path: Path, element: str) -> None:
    text = AKN3_ACT.replace(REPEALED, f"<p>Dues {element} are 40 dollars a month.</p>")
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    sections = {p.path: p for p in reading.document.provisions}
    assert sections["2"].text == "2. Repeal of section 4\nDues are 40 dollars a month.", sections["2"].text
    said = [w for w in reading.warnings if w.field == "foreign_element"]
    assert len(said) == 1, reading.warnings
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "Dues" in row)
    assert said[0].line == line and "another namespace" in said[0].message and "not read" in said[0].message


def test_elements_of_another_namespace_are_said_once_for_each_kind(tmp_path: Path) -> None:
    many = " ".join(f'<foo:bar xmlns:foo="urn:x">{n}</foo:bar> word{n}' for n in range(50))
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", AKN3_ACT.replace(REPEALED, f"<p>{many}</p>")), tmp_path)
    said = [w for w in reading.warnings if w.field == "foreign_element"]
    assert len(said) == 1 and "50 elements <foo:bar>" in said[0].message, said
    sections = {p.path: p for p in reading.document.provisions}
    assert sections["2"].text.endswith("word0 word1 word2 " + " ".join(f"word{n}" for n in range(3, 50)))
