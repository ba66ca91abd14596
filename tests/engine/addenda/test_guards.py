"""Structural guards on applied edges (issue 21): whatever the wording and whatever rule read
it, an edge is applied only where the item's own words settle its target and its scope; where
they do not it is proposed with the doubt said. Each case is written in words of its own, not
those of the real addenda the forms were seen in."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine.derivation import TargetDirectory
from inforce.rules import RuleSet

from addenda_reading import addenda_rules, read_project, start_project
from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from corpus_writer import write_doc

CONCRETE = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n2 PRODUCTS\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\n"
            "B. Ratio 0.45.\n\nC. Slump 4 inches.\n\n2.2 CURING\n\nA. Wet cure seven days.\n")
HARDWARE = "SECTION 08 71 00 - DOOR HARDWARE\n\n2 PRODUCTS\n\n2.1 HINGES\n\nA. Five-knuckle hinges, brass finish.\n"


def _read(root: Path, rules: RuleSet, addendum: str):
    start_project(root, "guards")
    write_doc(root, "SPEC-033000", "2026-01-05", CONCRETE)
    write_doc(root, "SPEC-087100", "2026-01-05", HARDWARE)
    for sheet in ("A-101", "A-102"):
        (root / "documents" / f"{sheet}.drawing.yaml").write_text(
            f"id: DWG-{sheet}\nkind: drawing\nsheet: {sheet}\ntitle: Plan {sheet}\nrevision: \"0\"\nseq: 1\n"
            "issued: 2026-01-05\neffective: {from: 2026-01-05}\nrecorded: 2026-01-05T00:00:00Z\ncallouts:\n"
            "  - id: note-1\n    text: \"NOTE 1: VERIFY IN FIELD.\"\n"
            "  - id: note-2\n    text: \"NOTE 2: SEAL ALL PENETRATIONS.\"\n")
    write_doc(root, "ADD-01", "2026-02-02", addendum)
    return read_project(root, rules)


def test_a_lettered_paragraph_named_inside_the_article_is_never_left_for_the_article(tmp_path, rules):
    # (1) the letter after the article, in any notation, names the paragraph that changes
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Section 03 30 00, paragraph 2.1, C, change \"4 inches\" to \"5 inches\".\n\n"
                    "2. Section 03 30 00, Article 2.2: strike out subparagraph A; curing is by membrane.\n")
    assert not {t for t, _, _ in _applied(reading)} & {"SPEC-033000#2.1", "SPEC-033000#2.2"}
    assert {t for t, _, _ in _applied(reading) | _proposed(reading)} >= {"SPEC-033000#2.1.C", "SPEC-033000#2.2.A"}


def test_a_lettered_paragraph_beside_an_insertion_is_where_it_goes_not_what_changes(tmp_path, rules):
    # "insert ... after paragraph B": B is a place, the article gains a paragraph
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Section 03 30 00, Article 2.1: insert the following new paragraph after paragraph B: "
                    "\"Air content 6 percent.\"\n")
    assert ("SPEC-033000#2.1", "partial", True) in _applied(reading)


def test_the_entrys_own_scope_words_settle_it_against_its_lead_in(tmp_path, rules):
    # (2) "the sections below have changed" reads in part; an entry saying its whole section is
    # printed anew is the whole replaced, and one naming a page is that page changed
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "The Sections listed here have been changed:\n\n"
                    "1. Section 03 30 00 Cast-in-Place Concrete (whole section printed again and reissued)\n\n"
                    "2. Section 08 71 00 Door Hardware (page 08 71 00-1 reprinted)\n")
    assert ("SPEC-033000", "partial", True) not in _applied(reading)
    assert ("SPEC-033000", "full", True) in _applied(reading) | _proposed(reading)
    assert ("SPEC-087100", "full", True) not in _applied(reading)


def test_a_deletion_of_something_within_an_article_is_a_change_in_part(tmp_path, rules):
    # (3) the verb's object is a requirement in the article, not the article
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Section 03 30 00 Concrete Article 2.1 Remove the slump requirement; the supplier sets it.\n\n"
                    "2. Section 08 71 00, Paragraph 2.1.A: delete the words \"brass finish\".\n")
    assert ("SPEC-033000#2.1", "full", False) not in _applied(reading)
    assert ("SPEC-033000#2.1", "partial", True) in _applied(reading) | _proposed(reading)
    assert ("SPEC-087100#2.1.A", "full", False) not in _applied(reading)


def test_the_sheet_a_change_is_on_is_the_target_not_the_sheet_it_lists(tmp_path, rules):
    # (4) a list on one sheet gains another sheet's number: only the sheet holding the list changes
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "4. SHEET LIST. The list of sheets on Sheet A-101 is revised to include Sheet A-102, Roof Plan.\n")
    assert not any(t.startswith("DWG-A-102") for t, _, _ in _applied(reading))


def test_words_restating_the_provision_replace_it_whole(tmp_path, rules):
    # (5) "change to read" and "is to be read as:" with the provision's new text are the provision
    # written anew; a value "to be read as" another stays a change in part
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Sheet A-102, Note 2: Change to read \"SEAL PENETRATIONS WITH RATED FIRESTOP.\"\n\n"
                    "2. In Section 03 30 00, Article 2.1, change Paragraph B as follows:\n\n"
                    "\"B. Water-cement ratio 0.40 at most.\"\n\n"
                    "3. The 4,000 psi in Section 03 30 00, Paragraph 2.1.A, is an error and is to be read as "
                    "5,000 psi.\n")
    applied = _applied(reading)
    assert ("DWG-A-102#note-2", "partial", True) not in applied
    assert ("SPEC-033000#2.1.B", "partial", True) not in applied
    assert ("DWG-A-102#note-2", "full", True) in applied | _proposed(reading)
    assert ("SPEC-033000#2.1.B", "full", True) in applied | _proposed(reading)
    assert ("SPEC-033000#2.1.A", "full", True) not in applied


# The guards themselves, given an edge read wrong (as earlier rounds' readings did on wording
# they had not seen): each says what the edge becomes, whatever produced it.

PATHS = {"SPEC-033000": ["2", "2.1", "2.1.A", "2.1.B", "2.1.C", "2.2", "2.2.A", "2.2.B"],
         "SPEC-087100": ["2", "2.1", "2.1.A"], "DWG-A-101": ["note-1", "note-2"], "DWG-A-102": ["note-1", "note-2"]}


def _guard_of(text: str, target: str, scope: str, successor: bool, words: str, *, others: tuple[str, ...] = (),
              after: str = ""):
    from inforce.engine.addenda.gate import _guard
    from inforce.engine.addenda.items import Item
    from inforce.engine.addenda.references import Corpus
    from inforce.ontology import Locator
    from inforce.ontology.ingest import DerivedEdge

    def locator(written: str) -> Locator:
        doc, _, path = written.partition("#")
        return Locator(doc=doc, path=path or None)

    by = Locator(doc="ADD-09", path="1")
    items = [Item(locator=by, path="1", parent=None, kind="section", text=text, offset=0)]
    if after:
        items.append(Item(locator=Locator(doc="ADD-09", path="2"), path="2", parent=None, kind="paragraph", text=after,
                          offset=len(text) + 2))
    edge = DerivedEdge(by=by, target=locator(target), scope=scope, rule="R", words=words, successor=successor)
    siblings = [edge, *(edge.model_copy(update={"target": locator(o)}) for o in others)]
    kinds = {doc: ("drawing" if doc.startswith("DWG") else "specification", "") for doc in PATHS}
    corpus = Corpus(TargetDirectory(titles=kinds), paths=lambda doc: PATHS.get(doc, []))
    found = _guard(edge, items[0], items, siblings, corpus, _stock_no_change(), read_verb=_stock_read_verb())
    return None if found is None else (found[0], [(t.format(), s, b) for t, s, b in found[1]])


def _stock_read_verb():
    """The stock pack's ``read_verbs`` in the layout the guards read them in."""
    from inforce.engine.addenda.actions import vocabulary, worded
    from inforce.engine.addenda.gate import _READ_VERB

    rules = [rule for pack in addenda_rules().packs for rule in pack.pack.rules if rule.kind == "supersession"]
    return worded(_READ_VERB, [vocabulary(rule) for rule in rules], "read_verbs")


def _stock_no_change():
    """The stock pack's no_change phrases, as the reader hands them to the guards."""
    from inforce.engine.addenda.actions import vocabulary

    rules = [rule for pack in addenda_rules().packs for rule in pack.pack.rules if rule.kind == "supersession"]
    return [pattern for rule in rules for pattern in vocabulary(rule).no_change]


@pytest.mark.parametrize(("text", "edge", "verdict"), [
    # (0) an item saying of itself that it changes nothing
    ("Section 03 30 00, Article 2.2 requires wet curing; this repeats Article 2.2 and changes nothing.",
     ("SPEC-033000#2.2", "partial", True, "requires"), ("propose", [("SPEC-033000#2.2", "partial", True)])),
    ('Paragraph 2.1.C: change "4 inches" to "5 inches". The strength remains as bid.',
     ("SPEC-033000#2.1.C", "partial", True, "change"), None),
    # (1) a finer target named and left unread
    ('3. Section 03 30 00, paragraph 2.1, C, change "4" to "5".', ("SPEC-033000#2.1", "partial", True, "change"),
     ("propose", [("SPEC-033000#2.1.C", "partial", True)])),
    ("Section 03 30 00, Article 2.2: strike out subparagraphs A and B.",
     ("SPEC-033000#2.2", "full", False, "strike out"),
     ("propose", [("SPEC-033000#2.2.A", "full", False), ("SPEC-033000#2.2.B", "full", False)])),
    ("Sheet A-101, Note 2 - revise the sealant colour to grey.", ("DWG-A-101", "partial", True, "revise"),
     ("propose", [("DWG-A-101#note-2", "partial", True)])),
    ('Article 2.1: insert the following new paragraph after paragraph B: "Air 6 percent."',
     ("SPEC-033000#2.1", "partial", True, "insert"), None),
    # (2) the item's own scope words against the lead-in's
    ("2. Section 03 30 00 Concrete (entire section reprinted)", ("SPEC-033000", "partial", True, "changed"),
     ("apply", [("SPEC-033000", "full", True)])),
    ("Sheet A-101: revise the door tag to point to the entire section 08 71 00 attached to this addendum.",
     ("DWG-A-101", "partial", True, "revise"), None),
    ("2. Section 03 30 00 Concrete (the complete section)", ("SPEC-033000", "partial", True, "changed"),
     ("propose", [("SPEC-033000", "full", True)])),
    ("3. Section 08 71 00 Door Hardware (page 08 71 00-1 printed again)", ("SPEC-087100", "full", True, "replaced"),
     ("propose", [("SPEC-087100", "partial", True)])),
    ("Sheet A-101 has been redrawn and is re-issued with this bulletin.", ("DWG-A-101", "partial", True, "redrawn"),
     ("propose", [("DWG-A-101", "full", True)])),
    ("Section 03 30 00, printed page 4: Article 2.2 curing time is now ten days.",
     ("SPEC-033000", "partial", True, "is now"), ("propose", [("SPEC-033000#2.2", "partial", True)])),
    # (3) a deletion whose object is something within the target
    ("Section 03 30 00 Article 2.1 Remove the slump requirement; the supplier sets it.",
     ("SPEC-033000#2.1", "full", False, "Remove"), ("apply", [("SPEC-033000#2.1", "partial", True)])),
    ('Paragraph 2.1.A: delete the words "brass finish".', ("SPEC-087100#2.1.A", "full", False, "delete"),
     ("apply", [("SPEC-087100#2.1.A", "partial", True)])),
    ("Paragraph 2.1.C: delete the slump requirement.", ("SPEC-033000#2.1.C", "full", False, "delete"), None),
    ('Paragraph 2.1.A: Replace the text of the paragraph with: "Hinges, stainless."',
     ("SPEC-087100#2.1.A", "full", True, "Replace"), None),
    ("Paragraph 2.1.B: delete it in its entirety.", ("SPEC-033000#2.1.B", "full", False, "delete"), None),
    ('Paragraph 2.1.C: the figure "4 inches" is revised to "5 inches".', ("SPEC-033000#2.1.C", "full", True, "revised"),
     ("apply", [("SPEC-033000#2.1.C", "partial", True)])),
    ('Paragraph 2.1.C is revised to read "C. Slump 5 inches."', ("SPEC-033000#2.1.C", "full", True, "revised to read"),
     None),
    # (5) words restating the provision whole
    ('Sheet A-102, Note 2: Change to read "SEAL WITH RATED FIRESTOP."',
     ("DWG-A-102#note-2", "partial", True, "Sheet A-102, Note 2: Change"), ("apply", [("DWG-A-102#note-2", "full", True)])),
    ('Section 03 30 00, Article 2.1, Paragraph B, should be read as: "B. Ratio 0.42."',
     ("SPEC-033000#2.1.B", "partial", True, "read as"), ("apply", [("SPEC-033000#2.1.B", "full", True)])),
    ("The 4,000 psi in Paragraph 2.1.A is an error and is to be read as 5,000 psi.",
     ("SPEC-033000#2.1.A", "partial", True, "read as"), None),
    ('Paragraph 2.1.A: Revise to read "5,000 psi".', ("SPEC-033000#2.1.A", "partial", True, "Revise"),
     ("propose", [("SPEC-033000#2.1.A", "full", True)])),
    ('Paragraph 2.1.B: revise the ratio to read "0.40".', ("SPEC-033000#2.1.B", "partial", True, "revise"), None),
])
def test_each_guard_on_an_edge_read_wrong(text, edge, verdict):
    assert _guard_of(text, *edge) == verdict


def test_as_follows_settles_the_whole_only_when_the_new_text_opens_with_the_label():
    text = "In Section 03 30 00, Article 2.1, change Paragraph B as follows:"
    edge = ("SPEC-033000#2.1.B", "partial", True, "change")
    assert _guard_of(text, *edge, after='"B. Water-cement ratio 0.40 at most."') == \
        ("apply", [("SPEC-033000#2.1.B", "full", True)])
    assert _guard_of(text, *edge, after="Use a ratio of 0.40 in the footings.") is None


def test_a_sheet_named_as_what_a_list_gains_is_no_target_beside_the_sheet_it_is_on():
    text = "The list of sheets on Sheet A-101 is revised to include Sheet A-102, Roof Plan."
    assert _guard_of(text, "DWG-A-102", "partial", True, "revised", others=("DWG-A-101",)) == ("drop", [])
    assert _guard_of(text, "DWG-A-101", "partial", True, "revised", others=("DWG-A-102",)) is None


# -- gate4: forms from the seventh held-out part, written in words of their own


def test_new_text_numbered_as_a_paragraph_amends_its_article_not_the_section(tmp_path, rules):
    # a caption naming the section, then "Add:" over new text numbered "2.1.D": article 2.1 gains
    # a paragraph; a number the outline already holds ("2.2.A") may replace it: for a person
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "Item No. 1 - Specification Section 03 30 00 - Cast-in-Place Concrete\n\n"
                    "Add:\n\n2.1.D Air content 6 percent, plus or minus 1.5 percent, for exposed slabs.\n\n"
                    "Item No. 2 - Specification Section 03 30 00 - Cast-in-Place Concrete\n\n"
                    "Add:\n\n2.2.A Cure exposed slabs under wet burlap for ten days.\n")
    applied = _applied(reading)
    assert ("SPEC-033000#2.1", "partial", True) in applied
    assert not {t for t, _, _ in applied} & {"SPEC-033000", "SPEC-033000#2.2", "SPEC-033000#2.2.A"}
    assert any(t.startswith("SPEC-033000#2.2") for t, _, _ in _proposed(reading))


def test_a_provision_revised_to_read_its_whole_new_text_is_replaced(tmp_path, rules):
    # "<paragraph> is amended to read: "<complete text>"" and a delete-and-replace whose new text
    # opens with the article's own number restate the provision whole
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Section 03 30 00, Paragraph 2.1.B is amended to read: \"B. Ratio 0.40 for all exposed "
                    "concrete, and 0.45 elsewhere.\"\n\n"
                    "2. Section 03 30 00, Delete Article 2.2 CURING and replace with the following:\n\n"
                    "2.2 CURING\n\nA. Membrane cure at the rate the maker states, on the day of placing.\n")
    applied = _applied(reading)
    assert ("SPEC-033000#2.1.B", "full", True) in applied
    assert ("SPEC-033000#2.2", "full", True) in applied


def test_a_verb_heading_over_a_note_to_read_its_new_text_replaces_the_note(tmp_path, rules):
    # "Revise:" on its own line, then "Note 2 to read "..."": the note written anew
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "Item No. 1 - Plan Sheet A-101 - Floor Plan\n\n"
                    "Revise:\n\nNote 2 to read \"SEAL ALL PENETRATIONS WITH LISTED FIRESTOP SEALANT OF "
                    "MATCHING RATING.\"\n")
    assert ("DWG-A-101#note-2", "full", True) in _applied(reading)
    assert "DWG-A-101" not in {t for t, _, _ in _applied(reading)}


def test_words_read_anew_and_a_value_construed_anew_change_the_provision_in_part(tmp_path, rules):
    # pack verbs: 'the words "X" should read "Y"', '"X" ... is to be construed to be "Y"', and
    # "instead of the X required in <paragraph>" (the paragraph is what changes, not a citation)
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. On Sheet A-102, Note 1, the words \"VERIFY IN FIELD\" should read \"VERIFY BEFORE "
                    "ORDERING\".\n\n"
                    "2. The slump \"4 inches\" in Clause 2.1.C of Section 03 30 00 is to be construed to be "
                    "\"5 inches\" for pumped mixes.\n\n"
                    "3. Instead of the brass hinges required in Clause 2.1.A of Section 08 71 00, bidders "
                    "should price stainless-steel hinges.\n")
    applied = _applied(reading)
    assert {("DWG-A-102#note-1", "partial", True), ("SPEC-033000#2.1.C", "partial", True),
            ("SPEC-087100#2.1.A", "partial", True)} <= applied
    assert not {t for t, _, _ in applied} & {"DWG-A-102", "SPEC-033000", "SPEC-087100"}


def test_a_lettered_lead_in_governs_the_numbered_codes_listed_under_it(tmp_path, rules):
    # "b. The sheets listed below are revised and attached:" then "i. A101", "ii. A102": each
    # sheet listed is replaced by the attached one (an entry that is a code alone has no verb)
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nItem No. 1 DRAWINGS\n\n"
                    "a. Sheet A-101, Note 1: delete.\n\n"
                    "b. The sheets listed below have been revised and are attached:\n"
                    "i. A101\nii. A102\n")
    applied = _applied(reading)
    assert {("DWG-A-101", "full", True), ("DWG-A-102", "full", True)} <= applied


def test_an_articles_lettered_paragraphs_under_its_heading_with_no_verb_propose_it_written_anew(tmp_path, rules):
    # "SECTION 03 30 00 - 2.2 CURING" then "A. ...": the article restated, no verb - proposed whole,
    # never applied; a letter the article lacks ("B." under 2.2) is one added: the article in part
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\nThe articles below now read as shown.\n\n"
                    "SECTION 03 30 00 - 2.2 CURING\n\n"
                    "A. Cure every slab under wet burlap for ten days, kept moist.\n\n"
                    "SECTION 03 30 00 - 2.1 MIXES\n\nD. Air content 6 percent for all exposed slabs.\n")
    assert ("SPEC-033000#2.2", "full", True) in _proposed(reading)
    assert not {t for t, _, _ in _applied(reading)} & {"SPEC-033000#2.2", "SPEC-033000#2.2.A"}
    assert ("SPEC-033000#2.1", "full", True) not in _proposed(reading) | _applied(reading)


def test_pages_from_the_first_replaced_with_a_page_slipped_in_are_a_change_in_part(tmp_path, rules):
    # "pages 1 and 2 ... insert the attached pages 1, 2 and 2A": the inserted page "2A" says the
    # section is kept and changed in part; proposed so, never applied as a whole reissue
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Section 03 30 00 CAST-IN-PLACE CONCRETE, pages 1 and 2: take out these pages and put in "
                    "the attached pages 1, 2 and 2A.\n")
    assert ("SPEC-033000", "partial", True) in _proposed(reading)
    assert not {t for t, _, _ in _applied(reading)} & {"SPEC-033000"}
    assert ("SPEC-033000", "full", True) not in _proposed(reading)


def test_disregard_a_note_deletes_it_and_disregard_this_item_changes_nothing(tmp_path, rules):
    # pack delete verb "disregard": the note goes, nothing in its place; "disregard this item"
    # takes an item back and stays no change
    reading = _read(tmp_path, rules, "ADDENDUM NO. 1\n\n"
                    "1. Disregard Note 2 on Sheet A-101.\n\n"
                    "2. Sheet A-102, Note 1: withdrawn; disregard this item.\n")
    assert ("DWG-A-101#note-2", "full", False) in _applied(reading) | _proposed(reading)
    assert not {t for t, _, _ in _applied(reading) | _proposed(reading)} & {"DWG-A-102", "DWG-A-102#note-1"}


def test_revised_to_read_restates_only_when_the_provision_itself_is_its_subject():
    # "<label> is revised to read: <new text>" restates the provision; another subject before the
    # verb ("the sealant requirement is revised to read") is a part of it, left in part
    full = "Section 03 30 00, Paragraph 2.1.B is revised to read: \"B. Ratio 0.40 for all exposed concrete.\""
    assert _guard_of(full, "SPEC-033000#2.1.B", "partial", True, "revised to read") == \
        ("apply", [("SPEC-033000#2.1.B", "full", True)])
    part = ("Section 03 30 00, Paragraph 2.1.B, the curing requirement is revised to read: \"wet cure for ten "
            "days under burlap\"")
    assert _guard_of(part, "SPEC-033000#2.1.B", "partial", True, "revised to read") is None


def test_an_item_holding_long_runs_of_spaces_is_read_in_linear_time(tmp_path, rules):
    """Audit B, finding 5: patterns whose runs of spaces could split a long run every way (a
    listed code's title, a verb phrase's gap of a few words, a title's closing marks) made an
    item holding 2,000 spaces take more than five minutes."""
    import time

    pad = " " * 2000
    addendum = (f"ADDENDUM NO. 1\n\n1. Sheet A-101{pad}through{pad}A-102 revised.\n\n"
                f"2. Change \"4,000 psi\"{pad}to read \"5,000 psi\"{pad}in lieu of{pad}instead of it.\n\n"
                f"3. Section 03 30 00{pad}, Article 2.1{pad}Paragraph A{pad}: revise as follows: 12 in{pad}max\n\n"
                f"4. The ratio 0.45{pad}becomes 0.40{pad}→ 0.42{pad}##\n")
    started = time.perf_counter()
    _read(tmp_path, rules, addendum)
    assert time.perf_counter() - started < 60.0


def test_an_item_quoting_a_long_new_text_is_read_in_linear_time(tmp_path, rules):
    """Audit D, finding 2: the quoted new text is blanked to a run of spaces before the item's
    words are read, and the relative clause describing a replacement (", which now includes")
    was sought by a pattern opening on its comma and spaces, which rescanned the run from each
    of its positions: 20,000 quoted characters took 15 s, twice as many six times as long.
    Doubling the quote must not much more than double the time."""
    import time

    def took(words: int, name: str) -> float:
        root = tmp_path / name
        root.mkdir()
        started = time.perf_counter()
        _read(root, rules, "ADDENDUM NO. 1\n\n1. Section 03 30 00, Paragraph 2.1.A: Revise to read \""
              f"{'strength ' * words}\", which now includes the revised mix.\n")
        return time.perf_counter() - started

    took(50, "warm")
    short, long = took(2500, "short"), took(5000, "long")
    assert long < 2.5 * short + 1.0, (short, long)


def test_no_line_pattern_of_the_itemizer_rescans_a_run_of_spaces_more_than_once():
    """Issue 23: each module-level pattern of ``items`` searched over 10,000 spaces costs no more
    than a few times a pattern that passes over the run once from each position; a pattern whose
    two space runs may trade characters costs tens of times that (or never ends). (10,000, not
    the issue's 20,000: every pattern here passes over the run once from each position, so each
    costs the square of its length; two runs trading characters cost its cube, already 1 s at
    1,000 spaces and 10 s at 2,000, so past the 30 s alarm at 10,000 as at 20,000.)"""
    import re
    import signal
    import time

    from inforce.engine.addenda import items, placing, references, silent, slots

    run = " " * 10000
    # and the reader's patterns that searched a run three ways (issue 23: over a minute each);
    # the reader reads a run of at most items.GAP_CAP, so the rest are bound by that alone
    others = {f"{module.__name__.rsplit('.', 1)[1]}.{name}": getattr(module, name) for module, names in (
        (slots, ("_TO_NEW", "_IN_PLACE", "_TO_UNQUOTED")), (references, ("_AFTER_DESIGNATION", "_PATH_OF")),
        (silent, ("_JOINS",)), (placing, ("_FROM_AFTER_VERB",))) for name in names}

    def took(pattern: re.Pattern[str]) -> float:
        started = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, 30.0)
        try:
            pattern.search(run)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        return time.perf_counter() - started

    def too_slow(signum, frame):
        raise TimeoutError("a pattern took over 30 s")

    previous = signal.signal(signal.SIGALRM, too_slow)
    try:
        once = took(re.compile(r"[ \t]*+x"))
        patterns = {name: pattern for name, pattern in vars(items).items() if isinstance(pattern, re.Pattern)}
        times = {name: took(pattern) for name, pattern in {**patterns, **others}.items()}
        slow = {name: round(seconds, 2) for name, seconds in times.items() if seconds > 8 * once + 0.5}
    finally:
        signal.signal(signal.SIGALRM, previous)
    assert not slow, (once, slow)


def test_an_addendum_with_long_runs_of_spaces_and_tabs_is_read_in_linear_time(tmp_path, rules):
    """Issue 23: a run of spaces or tabs is read as a gap of at most ``items.GAP_CAP``
    (``items.bounded_gaps``), so no pattern allowing a gap rescans a long run from each of its
    positions: 20,000 spaces after a label had taken 16 s to read, and a run inside an item's
    sentence over two minutes. Runs before a label, after one, inside a sentence, between a
    paragraph's number and its verb, inside a quoted new text and in a table cell; doubling them
    must not much more than double the time, and the reading is the one runs of ``GAP_CAP`` give."""
    import time

    from inforce.engine.addenda.items import GAP_CAP

    def addendum(n: int) -> str:
        pad, tabs = " " * n, "\t" * n
        return ("ADDENDUM NO. 1\n\n"
                f"{pad}\n\n"
                f"{pad}1.{pad}Section 03 30 00, Paragraph 2.1.A: Delete{tabs}the paragraph.\n\n"
                f"{tabs}2. Section 03 30 00, Paragraph 2.1.B:{pad}Revise to read \"Ratio{pad}0.40{tabs}by weight.\"\n\n"
                f"3. Section 03 30 00, Paragraph 2.2.A{pad}Delete the paragraph.\n\n"
                "| Item | Reference | Change |\n|---|---|---|\n"
                f"| 4 | Section 08 71 00, Paragraph 2.1.A{pad}| Delete{tabs}the paragraph.{pad}|\n")

    def took(n: int, name: str):
        root = tmp_path / name
        root.mkdir()
        started = time.perf_counter()
        reading = _read(root, rules, addendum(n))
        return time.perf_counter() - started, _applied(reading), _proposed(reading)

    _, applied, proposed = took(GAP_CAP, "warm")
    (short, *_), (long, applied_long, proposed_long) = took(4000, "short"), took(8000, "long")
    assert long < 2.5 * short + 1.0, (short, long)
    assert (applied_long, proposed_long) == (applied, proposed) and applied


def test_an_item_holding_a_long_run_of_dots_is_read_in_linear_time(tmp_path, rules):
    """Issue 23 (twentieth audit): whether a line ends in a stop was searched forward with
    ``[.:;!?]\\W*$``, which rescans a run of dots from every dot: a leader line of 40,000 dots
    took 45 s in that one search, and 100,000 held an ingest past a minute. The title-line
    pattern had the same shape. Doubling the run must not much more than double the time."""
    import time

    def took(n: int, name: str):
        root = tmp_path / name
        root.mkdir()
        started = time.perf_counter()
        reading = _read(root, rules, "ADDENDUM NO. " + "." * n + "\n\n"
                        "1. Section 03 30 00, Paragraph 2.1.A: Delete the paragraph.\n\n"
                        f"2. Note {'.' * n} see drawings\n\n"
                        f"3. Section 03 30 00, Paragraph 2.1.B {'.' * n} Delete the paragraph.\n")
        return time.perf_counter() - started, _applied(reading)

    took(10, "warm")
    (short, applied), (long, applied_long) = took(16_000, "short"), took(32_000, "long")
    assert long < 2.5 * short + 1.0, (short, long)
    assert applied_long == applied and applied
