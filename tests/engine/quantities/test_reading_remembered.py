"""What reading remembers across texts and documents to cost less (issue 21's budget), and must
give what reading again gives: a clause's words found as the search finds them wherever the
same clause stands, and an amended target's list headings as its stored document gives them."""

from __future__ import annotations

import re
from pathlib import Path

from inforce.adapters.ingest.documents import parse_document
from inforce.engine import facts
from inforce.engine.quantities import _notes
from inforce.engine.quantities.extract import default_extractor
from inforce.rules.subjects import WordList

SPEC = """\
---
id: SPEC-033000
kind: specification
title: Cast-in-Place Concrete
revision: "0"
effective: {from: 2026-03-02}
recorded: 2026-03-02T09:00:00Z
---
SECTION 03 30 00 - CAST-IN-PLACE CONCRETE

PART 2 - PRODUCTS

2.1 CONCRETE COVER TO REINFORCEMENT

A. Footings: 3 inches.

B. Compressive strength at 28 days: not less than 4,000 psi.
"""


def _lookbehinds(parsed) -> list[int]:
    """The widths of every lookbehind in a parsed pattern (``re._parser``), nested ones too."""
    from re import _constants as c

    widths: list[int] = []
    for op, arg in parsed:
        if op in (c.ASSERT, c.ASSERT_NOT):
            direction, sub = arg
            if direction < 0:
                widths.append(sub.getwidth()[1])
            widths += _lookbehinds(sub)
        elif op in (c.SUBPATTERN,):
            widths += _lookbehinds(arg[-1])
        elif op in (c.BRANCH,):
            for branch in arg[1]:
                widths += _lookbehinds(branch)
        elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
            widths += _lookbehinds(arg[2])
    return widths


def test_no_word_list_looks_further_back_than_the_remembered_characters():
    """The remembered answer is keyed by the span's words and the characters before it: every
    word list of the stock vocabulary (the binder's: inferences' and subjects') looks back less."""
    from re import _parser

    binder = default_extractor().binder
    lists = [words for pair in binder.blockers.values() for words in pair]
    lists += [words for inferences in binder.inferences.values() for i in inferences
              for words in (i.stated_for, i.unless_for)]
    patterns = {pattern.pattern for words in lists if words._finder is not None
                for pattern in words._finder.patterns if pattern is not None}
    assert len(patterns) > 5
    widths = [w for pattern in patterns for w in _lookbehinds(_parser.parse(pattern, re.IGNORECASE))]
    assert widths and max(widths) <= _notes._LOOK_BEHIND


def test_a_clause_repeated_in_other_texts_is_found_as_the_search_finds_it():
    """The same clause after a hyphenated word start, a letter, a space or nothing: the answer
    follows the characters before it (``pre-concrete`` names no concrete), and is the search's."""
    words = WordList(("concrete", "footing"))
    clause = "concrete footing 3 inches"
    texts = [clause, "A. " + clause, "pre-" + clause, "x" + clause, "ab-" + clause + " more", "1-" + clause]
    for _ in range(2):  # the second round answers from what the first remembered
        for text in texts:
            start = text.index(clause)
            for a, b in ((start, start + len(clause)), (start, start + 8), (start + 9, start + len(clause))):
                reading = _notes.NoteReading(text, frozenset())
                assert reading.has(words, (a, b)) == words.in_text(text, a, b), (text, a, b)
    assert _notes._has(words, "pre-concrete", 4, 12) is False and _notes._has(words, "a concrete", 2, 10) is True
    long = "x" * (_notes._HAS_LONGEST + 10) + " concrete"
    assert _notes._has(words, long, 0, len(long)) is True  # searched as it is, not remembered
    assert not any(key[1] == long for key in _notes._HAS)


def test_an_other_word_list_with_the_same_id_is_not_answered_for():
    text = "concrete footing"
    first = WordList(("concrete",))
    assert _notes._has(first, text, 0, len(text)) is True
    key = next(key for key, (held, _) in _notes._HAS.items() if held is first)
    other = WordList(("masonry",))
    _notes._HAS[(id(other), *key[1:])] = (first, True)  # as if an id were reused: the entry holds its list
    assert _notes._has(other, text, 0, len(text)) is False


def test_headings_read_by_an_ingest_answer_for_its_revisions(tmp_path: Path):
    (tmp_path / "documents").mkdir()
    path = tmp_path / "documents" / "spec.md"
    path.write_text(SPEC, encoding="utf-8")
    document = parse_document(path, tmp_path)
    extractor = default_extractor()
    loads: list[str] = []

    def load():
        loads.append(document.uid)
        return document

    with facts.headings_read_here():
        facts.read_quantities(document, extractor)
        held = facts.revision_list_headings("", document.uid, load)
        assert loads == []  # read by this ingest: not loaded again
        assert facts.revision_list_headings("", "OTHER@0", lambda: document) == facts.list_headings(document)
    assert dict(held) == facts.list_headings(document) and any(held.values())
    assert facts.revision_list_headings("", document.uid, load) == facts.list_headings(document)
    assert loads == [document.uid]  # outside an ingest: loaded


def test_a_text_asked_again_under_headings_that_left_it_as_it_is_is_not_read_again(monkeypatch):
    """Boilerplate stands under the same headings in document after document: once the headings
    are known to leave a text's reading as it is, the text asked again under them is answered
    from what was read, without asking the headings again; the answers are reading's."""
    extractor = default_extractor()
    asked: list[tuple[str, tuple[str, ...]]] = []
    real = type(extractor).extract_under

    def counted(self, text, headings, **options):
        asked.append((text, tuple(headings)))
        return real(self, text, headings, **options)

    monkeypatch.setattr(type(extractor), "extract_under", counted)
    reads = facts._Reads(extractor)
    text = "A. Footings: 3 inches."
    plain = ("PART 2 - PRODUCTS", "2.1 GENERAL")
    naming = ("CONCRETE COVER TO REINFORCEMENT:",)
    first = reads.read(text, None, None, plain)
    assert reads.read(text, None, None, plain) == first
    assert asked == [(text, plain)]  # the second time answered without the headings asked again
    named = reads.read(text, None, None, naming)  # a heading that names the figure's subject
    assert [q.subject for q in named[0]] == ["concrete.cover"] and [q.subject for q in first[0]] == [None]
    assert reads.read(text, None, None, naming) == named and reads.read(text, None, None, plain) == first
    assert asked == [(text, plain), (text, naming)]
    for headings, answer in ((plain, first), (naming, named)):  # as a reading afresh gives them
        assert facts._Reads(extractor).read(text, None, None, headings) == answer


def test_headings_given_as_a_list_or_a_tuple_are_asked_alike():
    extractor = default_extractor()
    text = "a. COMPRESSIVE STRENGTH: 7000 psi"
    alone = extractor.extract(text)
    for headings in (["GROUT FOR BASE PLATES:"], ("GROUT FOR BASE PLATES:",), ["PART 2:", "GROUT:"]):
        under = extractor.extract_under(text, headings, alone=alone)
        assert under.mentions == extractor.extract_under(text, tuple(headings)).mentions
