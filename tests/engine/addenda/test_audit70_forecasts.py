"""Audit 70 C: an item that forecasts a change, wishes for one or keeps its provision is no instruction.

F1: "A future addendum will revise this paragraph" was applied as a change in part: the English future before an
active verb ("will revise", "will delete") is a forecast, and an issue to come named as the change's subject ("A
future addendum will ...", "un prochain avenant", "una adenda posterior") holds the item back as "in a future
addendum" did, while the passive future of a change stays the corrigendum's own instruction ("Clause 2.1.B will be
read as ...").

F2: "Drawing A-102 will be reissued for construction" and "... is to be reissued at Revision P2 with the construction
issue; no change at tender stage" superseded the whole sheet: the passive future of an issue is an issue to come
(unless it is this addendum's: "... is to be reissued with this Addendum").

F4: "It is anticipated that ... will be deleted", "Bidders wish this paragraph deleted; it is retained." and "Some
bidders wanted this paragraph deleted. The paragraph remains in force." were applied as deletions: a forecast or a
wish before the verb, in its tenses and the owners' languages, and the item's own provision said kept, hold it back.

The words are the pack's (``modals``, ``no_change``); what they hold back is proposed or reported, never applied and
never silent.
"""

from __future__ import annotations

import pytest

from addenda_reading import applied, read_project, start_project, write_sheet
from corpus_writer import write_doc

_SPEC = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n2.1 MIXES\n\nA. Strength 4,000 psi.\n\n"
         "B. Water-cement ratio 0.45.\n\nC. Air content 6 percent.\n\n2.3 ADMIXTURES\n\nA. Air-entraining admixture.\n\n"
         "B. Water-reducing admixture.\n")


def _read(root, rules, line: str):
    start_project(root, "audit-70")
    write_doc(root, "SPEC-033000", "2026-01-05", _SPEC, title="Section 03 30 00 Cast-in-Place Concrete")
    write_sheet(root, "A-102")
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM NO. 1\n\n1 CHANGES\n\n{line}\n", title="Addendum No. 1")
    return read_project(root, rules)


def _held_back(reading) -> None:
    assert not applied(reading), [(e.target.format(), e.words) for e in reading.applied]
    said = {p.item.path for p in reading.proposed} | {n.item.path for n in reading.not_understood}
    assert "1.1" in said, "the item went unsaid"


@pytest.mark.parametrize("line", [
    "1.1 Section 03 30 00, Paragraph 2.1.C: A future addendum will revise this paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: The next addendum will delete this paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: A later bulletin is to replace this paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: The Engineer will revise this paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: The Architect will then delete the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: The paragraph is going to be deleted.",
    "1.1 Sección 03 30 00, numeral 2.1.C: Una adenda posterior eliminará el numeral.",
    "1.1 Section 03 30 00, article 2.1.C : un prochain avenant supprimera l'article.",
])
def test_a_forecast_change_is_never_applied(tmp_path, rules, line):
    _held_back(_read(tmp_path, rules, line))


@pytest.mark.parametrize("line", [
    "1.1 Drawing A-102 will be reissued for construction.",
    "1.1 Drawing A-102 is to be reissued at Revision P2 with the construction issue; no change at tender stage.",
    "1.1 Sheet A-102 shall be reissued after award.",
    "1.1 Revised Drawing A-102 will be issued to the successful bidder.",
])
def test_an_issue_to_come_supersedes_no_sheet(tmp_path, rules, line):
    _held_back(_read(tmp_path, rules, line))


@pytest.mark.parametrize("line", [
    "1.1 It is anticipated that Section 03 30 00, Paragraph 2.1.C will be deleted.",
    "1.1 It is likely that Section 03 30 00, Paragraph 2.1.C will be deleted.",
    "1.1 The Owner anticipates deleting Section 03 30 00, Paragraph 2.1.C.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Bidders wish this paragraph deleted; it is retained.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Some bidders wanted this paragraph deleted. The paragraph remains in force.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: The Owner wants the paragraph removed.",
    "1.1 Sección 03 30 00, numeral 2.1.C: Los licitantes desean que se elimine el numeral; el numeral sigue vigente.",
    "1.1 Section 03 30 00, article 2.1.C : les soumissionnaires souhaitent que l'article soit supprimé.",
])
def test_a_forecast_or_a_wish_deletes_nothing(tmp_path, rules, line):
    _held_back(_read(tmp_path, rules, line))


def test_the_rest_of_a_provision_kept_leaves_its_change_said(tmp_path, rules):
    # (held-out-47: "the limits now run from ...; the remainder of the note stays" went silent when "the note stays"
    # was read out of "the remainder of the note stays")
    reading = _read(tmp_path, rules, "1.1 Section 03 30 00, Paragraph 2.1.B: the ratio now runs from 0.40 to 0.42; the "
                                     "remainder of the paragraph stays.")
    said = {p.item.path for p in reading.proposed} | {n.item.path for n in reading.not_understood}
    assert "1.1" in said, "the item went unsaid"


@pytest.mark.parametrize(("line", "edge"), [
    # the passive future of a change is a corrigendum's instruction
    ('1.1 Section 03 30 00, Paragraph 2.1.B will be read as "B. Water-cement ratio 0.40."',
     ("SPEC-033000#2.1.B", "full", True)),
    ("1.1 Section 03 30 00, Paragraph 2.1.C will be deleted.", ("SPEC-033000#2.1.C", "full", False)),
    # a present issue, or this addendum's, is one
    ("1.1 Drawing A-102 is reissued.", ("DWG-A-102", "full", True)),
    ("1.1 Drawing A-102 is to be reissued with this Addendum.", ("DWG-A-102", "full", True)),
    # a change in part, the rest of the provision kept
    ('1.1 Section 03 30 00, Paragraph 2.1.B: Delete "0.45" and substitute "0.40". The rest of it remains.',
     ("SPEC-033000#2.1.B", "partial", True)),
    ('1.1 Section 03 30 00, Paragraph 2.1.B: Delete "0.45" and substitute "0.40"; the paragraph remains in force as '
     "amended.", ("SPEC-033000#2.1.B", "partial", True)),
    # a deletion beside another provision kept by its number
    ("1.1 Section 03 30 00, Paragraph 2.1.C: Delete the paragraph. Paragraph 2.1.B remains in force.",
     ("SPEC-033000#2.1.C", "full", False)),
])
def test_an_instruction_beside_these_words_is_still_applied(tmp_path, rules, line, edge):
    reading = _read(tmp_path, rules, line)
    assert applied(reading) == {edge}, ([(p.target.format(), p.evidence.why) for p in reading.proposed],
                                        [n.reason for n in reading.not_understood])


@pytest.mark.parametrize("line", [
    # (audit 70 C L2: proposed as the paragraph given anew, with a successor)
    "1.1 Section 03 30 00, Paragraph 2.1.C: Revisions to this paragraph will be issued after the pre-bid meeting.",
    "1.1 Revisions to Section 03 30 00, Paragraph 2.1.C will be issued after the pre-bid meeting.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Changes to this paragraph will be issued in a later addendum.",
])
def test_a_change_to_be_issued_later_proposes_nothing(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    _held_back(reading)
    assert not reading.proposed, [(p.target.format(), p.evidence.why) for p in reading.proposed]


@pytest.mark.parametrize(("line", "edge"), [
    ('1.1 Section 03 30 00, Paragraph 2.1.B: Revisions to this paragraph are issued herewith; revise to read '
     '"B. Water-cement ratio 0.40."', ("SPEC-033000#2.1.B", "full", True)),
    ('1.1 Section 03 30 00, Paragraph 2.1.B: Revise to read "B. Water-cement ratio 0.40." Revisions to the drawings '
     "will be issued after award.", ("SPEC-033000#2.1.B", "full", True)),
])
def test_a_change_beside_an_issue_to_come_of_other_documents_is_applied(tmp_path, rules, line, edge):
    assert applied(_read(tmp_path, rules, line)) == {edge}
