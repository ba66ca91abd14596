"""References in an addendum item resolved against the corpus (issue 21): every numbering and
notation the issue lists, mapped onto the target's own outline, and never guessed between two."""

from __future__ import annotations

import datetime as dt

import pytest

from inforce.engine.addenda.references import TITLE_CUTOFF, Corpus, find_references, place_path
from inforce.engine.derivation import TargetDirectory, designations_of
from inforce.ontology import CharSpan, Document, EffectiveInterval, Locator, Section, SourceRef
from inforce.rules import RuleSet, load_pack


def _doc(doc_id: str, title: str, paths: tuple[str, ...] = (), *, kind: str = "specification",
         sheet: str | None = None, issued: str = "2026-03-02") -> Document:
    start = dt.date.fromisoformat(issued)
    provisions = tuple(Section(path=p, number=p, span=CharSpan(start=0, end=1), text="x") for p in paths)
    return Document(id=doc_id, kind=kind, title=title, sheet=sheet, effective=EffectiveInterval(from_=start),
                    recorded=dt.datetime(start.year, start.month, start.day, tzinfo=dt.UTC),
                    source=SourceRef(file=f"documents/{doc_id}.md"), provisions=provisions)


DOCS = [
    _doc("SPEC-033000", "Section 03 30 00 Cast-in-Place Concrete", ("2.1", "2.1.A", "2.1.B", "3.4", "3.4.C.2.a")),
    _doc("SPEC-099123", "Section 09 91 23 Interior Painting", ("2.1", "2.1.A")),
    _doc("SPEC-099113", "Section 09 91 13 Exterior Painting", ("2.1",)),
    _doc("SPEC-0991231", "Section 09 91 23.13 Painting of Steel", ("1.1",)),
    _doc("SP-012", "Special Provision No. 12 Traffic Control", ("12.1",)),
    _doc("SPEC-042000", "Section 04200 Unit Masonry", ("2.01", "2.01.A")),
    _doc("SPEC-087100", "Section 08 71 00 Door Hardware", ("2.01", "2.01.A", "2.1.A")),
    _doc("DWG-A-101", "Floor Plan", ("callout-4",), kind="drawing", sheet="A-101"),
    _doc("DWG-A-102", "Second Floor Plan", (), kind="drawing", sheet="A-102"),
    _doc("DWG-A-103", "Third Floor Plan", (), kind="drawing", sheet="A-103"),
    _doc("DWG-A-104", "Roof Plan", (), kind="drawing", sheet="A-104"),
    _doc("SPEC-260519", "Section 26 05 19 Conductors", ("2.1",), issued="2026-06-01"),
    _doc("SPEC-GCC", "Part 3 Section VIII General Conditions of Contract", ("7", "7.1", "7.2")),
    _doc("SPEC-SCH", "Schedule C Technical Standards", ("1.4", "2.2")),
    _doc("SPEC-T5", "Section 5B Special Specifications", ("T.3", "T.9")),
    _doc("DWG-C-301", "Grading Plan", ("keynote-2", "callout-2", "note-6", "detail-3", "detail-4", "profile-1"),
         kind="drawing", sheet="C-301"),
    _doc("SPEC-SP215", "Special Provision 215 Night Work", ("215.1", "215.3.2")),
    _doc("SPEC-012300", "Section 01 23 00 Alternates", ("1.3", "1.3.A", "1.3.B")),
]
BY_ID = {d.id: d for d in DOCS}
#: The stock addenda pack's designation words ("Part", "Section", "Schedule", ...), as a project listing it reads them.
STOCK_DESIGNATIONS = designations_of(RuleSet(packs=(load_pack("supersession/csi-addenda"),)).supersession)


@pytest.fixture
def corpus() -> Corpus:
    return Corpus(TargetDirectory.from_documents(DOCS), paths=lambda doc: [p.path for p in BY_ID[doc].provisions]
                  if doc in BY_ID else [], as_of=dt.date(2026, 4, 1), designations=STOCK_DESIGNATIONS)


def _targets(text: str, corpus: Corpus) -> list[str]:
    return [r.target.format() for r in find_references(text, corpus) if r.target is not None and not r.bound]


@pytest.mark.parametrize(("text", "expected"), [
    ("Section 03 30 00, Paragraph 2.1.A: delete", ["SPEC-033000#2.1.A"]),
    ("SECTION 033000, 2.1(B): revise", ["SPEC-033000#2.1.B"]),
    ("Paragraph 2.1, subparagraph A of Section 03 30 00", ["SPEC-033000#2.1.A"]),
    ("Section 03 30 00, Article 2.1, paragraph B", ["SPEC-033000#2.1.B"]),
    ("Section 03 30 00, Paragraph 3.04.C.2.a", ["SPEC-033000#3.4.C.2.a"]),  # leading zeros aside
    ("Section 09 91 23.13, Article 1.1", ["SPEC-0991231#1.1"]),  # the level suffix names its own section
    ("Section 09 91 23, Paragraph 2.1.A", ["SPEC-099123#2.1.A"]),
    ("Section 04200, Paragraph 2.01.A", ["SPEC-042000#2.01.A"]),  # five digits, as the project numbers it
    ("Section 03300: revised", ["SPEC-033000"]),  # CSI 1995 number, the one 2004 section it maps to
    ("Special Provision No. 12 is deleted", ["SP-012"]),
    ("SP-12: revise", ["SP-012"]),
    ("Sheets A-101 through A-104 are reissued", ["DWG-A-101", "DWG-A-102", "DWG-A-103", "DWG-A-104"]),
    ("Sheet A-101, callout 4: delete", ["DWG-A-101#callout-4"]),
    # a document designated by its place in the bidding documents, as its title opens
    ("Part 3 Section VIII, Clause 7.2: delete the clause", ["SPEC-GCC#7.2"]),
    ("Schedule-C, 1.4 and 2.2: amended", ["SPEC-SCH#1.4", "SPEC-SCH#2.2"]),
    ('Section 5B - Special Specifications, subsection "T.9 Haul Roads": add', ["SPEC-T5#T.9"]),
    ("Articles 7.1 and 7.2 of Part 3 Section VIII", ["SPEC-GCC#7.1", "SPEC-GCC#7.2"]),
    # a callout's word says which kind it is: never another kind by its number
    ("Sheet C-301, Keynote 2: delete", ["DWG-C-301#keynote-2"]),
    ("Sheet C-301, General Note 6: revise", ["DWG-C-301#note-6"]),
    ("Sheet C-301, Detail 3: revise", ["DWG-C-301#detail-3"]),
    ("Sheet C-301, callout 2: revise", ["DWG-C-301#callout-2"]),
    ("Sheet C-301, Details 3 & 4: revise the curb", ["DWG-C-301#detail-3", "DWG-C-301#detail-4"]),
    ("Sheet C-301, Profile 1: lower the invert", ["DWG-C-301#profile-1"]),
    # an agency's clause by its bare number, where the provision the item names holds it
    ('Special Provision 215: add a noise limit to 215.3.2 Equipment', ["SPEC-SP215#215.3.2"]),
    ('Special Provision 215: use 215.9.1 kg per unit', ["SPEC-SP215"]),
])
def test_each_notation_resolves_to_the_target_the_project_holds(corpus, text, expected):
    assert sorted(_targets(text, corpus)) == sorted(expected)


def test_two_outline_paths_that_fit_are_never_guessed_between(corpus):
    # Section 08 71 00 holds both 2.01.A and 2.1.A: "2.1.A" is exact, "2.001.A" fits both
    assert place_path(corpus, "SPEC-087100", "2.1.A") == (["2.1.A"], None)
    paths, _ = place_path(corpus, "SPEC-087100", "2.001.A")
    assert paths == ["2.01.A", "2.1.A"]
    (paragraph,) = [r for r in find_references("Section 08 71 00, Paragraph 2.001.A: delete", corpus)
                    if r.kind == "paragraph"]
    assert paragraph.target is None and len(paragraph.candidates) == 2 and "not guessed" in (paragraph.why or "")


def test_a_section_the_project_does_not_hold_is_reported_with_why(corpus):
    (reference,) = find_references("Section 26 05 20, Paragraph 2.1: delete", corpus)[:1]
    assert reference.target is None
    assert reference.why == "names Section 26 05 20, which the project does not hold"


def test_a_section_first_in_force_after_the_addendum_is_not_named(corpus):
    # SPEC-260519 is issued 2026-06-01; the addendum reads the corpus as of 2026-04-01
    (reference,) = [r for r in find_references("Section 26 05 19: revise", corpus) if r.kind == "section"]
    assert reference.target is None and "first issued on or after this item's date" in (reference.why or "")


def test_a_title_alone_resolves_by_rapidfuzz_with_its_score_and_only_above_the_cutoff(corpus):
    (title,) = [r for r in find_references('Revise "CAST IN PLACE CONCRETE" as follows', corpus)]
    assert title.kind == "title" and title.target == Locator(doc="SPEC-033000")
    # its title word for word (letter case and hyphens aside), yet the document alone: it only proposes
    # (round 35: only a clause of a document so named is placed by number)
    assert title.score is not None and title.score >= TITLE_CUTOFF and title.exact and not title.by_number
    # "Exterior" is not "Interior": the two painting sections are told apart, never merged
    assert _targets('Revise "INTERIOR PAINTING"', corpus) == ["SPEC-099123"]
    # a word several titles share resolves to none of them: said with its candidates, never chosen
    assert [(r.target, len(r.candidates)) for r in find_references('Revise "PAINTING"', corpus)] == [(None, 3)]


def test_a_reference_cited_for_what_it_says_is_not_a_target(corpus):
    found = find_references("Section 03 30 00, Paragraph 2.1.A: revise as specified in Section 09 91 23", corpus)
    cited = [r for r in found if r.cited]
    assert [r.target.format() for r in cited if r.target] == ["SPEC-099123"]


def test_quoted_words_and_a_question_name_nothing(corpus):
    text = 'Question: should "Section 03 30 00, Paragraph 2.1.A" be deleted? Answer: no.'
    answer = text.index("Answer")
    assert find_references(text, corpus, mask=[(0, answer)]) == []


def test_a_heading_names_the_section_of_an_item_that_names_only_a_paragraph(corpus):
    found = find_references("Paragraph 2.1.B: delete", corpus, context="SECTION 03 30 00 - CONCRETE")
    (paragraph,) = [r for r in found if r.kind == "paragraph"]
    assert paragraph.target == Locator(doc="SPEC-033000", path="2.1.B")  # its section from the heading


def test_a_designation_no_document_carries_or_a_part_of_a_csi_section_names_nothing(corpus):
    assert _targets("Part 2 Section IV, Clause 7.2: delete", corpus) == []
    # "Part 2, Article 2.1" is a part of the section the item names, not a document
    assert _targets("Section 03 30 00, Part 2, Article 2.1: revise", corpus) == ["SPEC-033000#2.1"]


def test_a_keynote_or_detail_the_sheet_lacks_is_no_callout_of_that_number(corpus):
    (keynote,) = [r for r in find_references("Sheet A-101, Keynote 4: delete", corpus) if r.kind == "callout"]
    assert keynote.target is None and "no such callout" in (keynote.why or "")


def test_a_sheet_being_added_is_new_not_a_target(corpus):
    found = find_references("Sheet A-101: index revised to list added sheet A-909.", corpus)
    assert [r.target.format() for r in found if r.target and not r.cited] == ["DWG-A-101"]
    assert all(r.cited for r in found if r.written == "A-909")


def test_a_title_written_unquoted_in_its_own_letter_case_is_compared(corpus):
    (title,) = [r for r in find_references("Exterior Painting section: revise the primer.", corpus)
                if r.kind == "title"]
    assert title.target == Locator(doc="SPEC-099113") and title.resolved_by == "title"


def test_a_quoted_word_several_titles_share_is_said_with_its_candidates(corpus):
    (title,) = [r for r in find_references('"Painting": revise the primer.', corpus) if r.kind == "title"]
    assert title.target is None
    assert {c.doc for c in title.candidates} >= {"SPEC-099113", "SPEC-099123"} and "not guessed" in (title.why or "")


def test_a_sheet_of_a_list_the_project_lacks_is_said_beside_the_others(corpus):
    found = find_references("The following sheets are revised and attached: A-101, A-102, E-999.", corpus)
    assert [r.target.format() for r in found if r.target] == ["DWG-A-101", "DWG-A-102"]
    (missing,) = [r for r in found if r.written == "E-999"]
    assert missing.target is None and missing.why == "names Sheet E-999, which the project does not hold"


@pytest.mark.parametrize(("text", "expected"), [
    # the paragraph's letter set straight after the article's number, no dot between
    ("Section 03 30 00: delete subparagraph 2.1B and substitute the following", ["SPEC-033000#2.1.B"]),
    # a label no notation reads is no paragraph of its first numbers ("3.4" here)
    ("Section 03 30 00, Paragraph 3.4C.2a is revised", ["SPEC-033000"]),
    ("Section 03 30 00, Sub-heading 2.1A: revise the mix", ["SPEC-033000#2.1.A"]),
    ("Section 03 30 00: clause 2.1 B is amended", ["SPEC-033000#2.1.B"]),
    ("Section 03 30 00, Para 2.1B: revise", ["SPEC-033000#2.1.B"]),  # the word cut short, no dot
    # a current of 2.5A after no paragraph word is no paragraph
    ("Section 03 30 00: the pump draws 2.5A at start", ["SPEC-033000"]),
])
def test_a_letter_written_against_its_article_number_names_the_paragraph(corpus, text, expected):
    assert sorted(_targets(text, corpus)) == sorted(expected)


def test_a_paragraph_label_no_notation_reads_is_said_and_binds_nothing(corpus):
    found = find_references("Section 03 30 00, Article 2.1B4c: revise the slump", corpus)
    (label,) = [r for r in found if r.kind == "paragraph"]
    assert label.target is None and "no notation reads" in (label.why or "")
    assert [r.bound for r in found if r.kind == "section"] == [False]  # the section alone is not what it names


def test_the_glued_letter_is_never_read_as_its_article(corpus):
    (paragraph,) = [r for r in find_references("Section 03 30 00: delete subparagraph 2.1C entirely", corpus)
                    if r.kind == "paragraph"]
    # the section holds 2.1 but no 2.1.C: the paragraph is said to be missing, never taken for 2.1
    assert paragraph.target is None and paragraph.joins == Locator(doc="SPEC-033000", path="2.1")


def test_a_section_named_by_title_and_again_by_its_page_number_is_one_place(corpus):
    text = "Section 03 30 00 Concrete, inserted page 03 30 00/4B: a new paragraph 2.1 D is added"
    found = find_references(text, corpus)
    assert [r.bound for r in found if r.kind == "section"] == [True, True]  # neither is a target itself
    (paragraph,) = [r for r in found if r.kind == "paragraph"]
    assert paragraph.joins == Locator(doc="SPEC-033000", path="2.1")


def test_an_answer_names_a_clause_of_the_section_its_question_names(corpus):
    text = ("Q3. Under Section 03 30 00, Paragraph 2.1 B, is fly ash allowed? "
            "A3. Yes, up to 20 percent; paragraph 2.1 B is revised accordingly.")
    answer = text.index("A3.")
    assert _targets_masked(text, corpus, [(0, answer)]) == ["SPEC-033000#2.1.B"]
    # a section only quoted before the clause, or two sections asked about, own nothing
    quoted = 'Q. Is "Section 03 30 00" right? A. Paragraph 2.1.B is revised.'
    assert _targets_masked(quoted, corpus, [(0, quoted.index("A."))]) == []
    two = "Q. Section 03 30 00 or Section 09 91 23? A. Paragraph 2.1.A is revised."
    assert _targets_masked(two, corpus, [(0, two.index("A."))]) == []


def _targets_masked(text: str, corpus: Corpus, mask: list[tuple[int, int]]) -> list[str]:
    return [r.target.format() for r in find_references(text, corpus, mask=mask) if r.target is not None
            and not r.bound and not r.from_heading]


def test_a_sheet_number_carrying_an_addendum_prefix_or_a_revision_mark_is_the_sheet(corpus):
    assert _targets("Remove AD3-A-103 and put in the enclosed AD4-A-103", corpus)[:1] == ["DWG-A-103"]
    assert _targets("Drawing A-104R: reissued", corpus) == ["DWG-A-104"]
    assert _targets("Sheet ADD2-A-102 takes the place of the bid issue", corpus) == ["DWG-A-102"]
    # an addendum's own item label ("AD2-A01") keeps no dash in its sheet part: no sheet
    assert _targets("AD2-A01 Section 03 30 00: revise", corpus) == ["SPEC-033000"]
    # a marked number the project does not hold the base of, or one being added, names nothing
    assert _targets("Drawing A-109R: reissued", corpus) == []
    (added,) = find_references("Insert new Sheet A-102R in the set.", corpus)
    assert added.cited  # a sheet being added is new, not what changes


def test_a_title_in_its_own_letter_case_before_a_clause_names_the_document_by_title_only(corpus):
    found = find_references("4. Door Hardware, paragraph 2.1.A: delete the last sentence.", corpus)
    (paragraph,) = [r for r in found if r.kind == "paragraph"]
    assert paragraph.target == Locator(doc="SPEC-087100", path="2.1.A")
    # the document's title as written, and no other's: its clause is placed as by the document's number
    # (round 35; a title that only comes close still only proposes)
    assert paragraph.resolved_by == "title" and paragraph.exact and paragraph.by_number
    (near,) = [r for r in find_references("4. Hardware Door, paragraph 2.1.A: delete the last sentence.", corpus)
               if r.kind == "paragraph"]
    assert near.target == Locator(doc="SPEC-087100", path="2.1.A") and not near.by_number
    # words that are no title of the project name nothing
    assert [r.target for r in find_references("Kitchen Fit Out, clause 2.1: revise", corpus)
            if r.kind == "paragraph"] == [None]


def test_an_article_called_a_part_and_its_lettered_subpart_name_the_paragraph(corpus):
    # "Part 2.1" (a CSI part is one digit: a dotted number is an article), "Subpart B" its paragraph
    assert _targets("Section 03 30 00 - Concrete, Part 2.1 Mixes, Subpart B: add a sentence", corpus) == [
        "SPEC-033000#2.1", "SPEC-033000#2.1.B"]
    # under a heading that names both, the items below inherit the paragraph, not the article
    found = find_references("1. Add a cure time.", corpus,
                            context="Section 03 30 00 - Concrete, Part 2.1 Mixes, Subpart B:")
    assert [r.target for r in found if r.target is not None] == [Locator(doc="SPEC-033000", path="2.1.B")]


def test_a_letter_named_of_its_article_is_that_paragraph(corpus):
    assert _targets("Strike subparagraph A of paragraph 2.1-Mixes in Section 033000-Concrete", corpus) == [
        "SPEC-033000#2.1.A"]
    assert _targets("Section 03 30 00: delete Paragraph B of Article 2.1", corpus) == ["SPEC-033000#2.1.B"]
    assert _targets("Section 03 30 00: strike item 2 under Paragraph 3.4.C", corpus) == []  # 3.4.C.2 not held
    # conditions of contract: "Sub-Clause", "Subclause", "Sub-article"
    assert _targets("Section 03 30 00, Sub-Clause 2.1.B: delete", corpus) == ["SPEC-033000#2.1.B"]
    assert _targets("Section 03 30 00, Subarticle 3.4 is revised", corpus) == ["SPEC-033000#3.4"]


def test_an_agency_section_cited_with_its_own_clause_number_names_the_clause(corpus):
    # "Section 215.3.2": section 215 (the project's SP215), its clause 215.3.2
    assert _targets('In the Special Provisions, Section 215.3.2, "Noise," is deleted.', corpus) == [
        "SPEC-SP215#215.3.2"]
    assert _targets("Section 216.3.2 is deleted.", corpus) == []  # no section 216 here: nothing guessed


def test_a_place_in_the_sentence_subject_names_the_target_but_as_shown_cites(corpus):
    def named(text: str) -> list[str]:
        return [r.target.format() for r in find_references(text, corpus)
                if r.target is not None and not r.bound and not r.cited]

    assert named("The grading shown on Sheet C-301, Detail 3, is hereby revised to include a swale.") == [
        "DWG-C-301#detail-3"]
    assert named("The grading, as shown on Sheet C-301, is revised.") == []
    assert named("Grade the swale as shown on Sheet C-301; it is revised.") == []
    assert named("The grading shown on Sheet C-301 shall be kept.") == []


def test_letters_named_in_a_row_are_siblings_not_each_inside_the_last(corpus):
    found = find_references("Section 03 30 00, paragraph 2.1, revise subparagraph A and add subparagraph B:", corpus)
    assert [r.target.format() for r in found if r.target is not None and not r.bound] == [
        "SPEC-033000#2.1", "SPEC-033000#2.1.A", "SPEC-033000#2.1.B"]


def test_a_letter_alone_after_an_article_is_its_paragraph_not_the_article(corpus):
    # "Section ..., 2.1 B: delete" deletes paragraph B; a title after the article keeps the article
    assert _targets("Section 03 30 00, 2.1 B: strike the paragraph.", corpus) == ["SPEC-033000#2.1.B"]
    assert _targets("Section 03 30 00, 2.1 MIXES: revise", corpus) == ["SPEC-033000#2.1"]
    assert _targets("Section 03 30 00, Paragraph 2.1, Item A: strike", corpus) == ["SPEC-033000#2.1.A"]


def test_an_article_after_the_sections_title_written_unquoted_is_read(corpus):
    assert _targets("Section 03 30 00 Cast-in-Place Concrete, 2.1 B: strike the paragraph.", corpus) == [
        "SPEC-033000#2.1.B"]
    assert _targets("Section 03 30 00 - CONCRETE - 3.4 FINISHING: revise", corpus) == ["SPEC-033000#3.4"]


def test_the_subjects_place_with_a_perfect_or_future_passive_is_named(corpus):
    found = find_references("The grading shown on Sheet C-301, Detail 3, has been revised to add a swale.", corpus)
    assert [r.target.format() for r in found if r.target and not r.bound and not r.cited] == ["DWG-C-301#detail-3"]
