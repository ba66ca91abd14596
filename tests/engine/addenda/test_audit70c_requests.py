"""Audit 70 C F3: a bidder's request, reported without a "Question:" label, is no instruction.

"A bidder requests that Section 08 71 00, Paragraph 2.1.A be deleted." and "One bidder asked that
Section 03 30 00, Paragraph 2.1.B be revised to read "0.50"." were applied as the changes they ask for,
while "proposed that" and "suggests" were held back. The pack's ``modals`` now read a request before
the verb, in its tenses and word orders and in the languages the pack covers; words granting a request
("As requested, delete ...") or asking the bidders to take note stay instructions.
"""

from __future__ import annotations

import pytest

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

_MIXES = ("2.1 MIXES\n\nA. Strength 4,000 psi.\n\nB. Water-cement ratio 0.45.\n\nC. Air content 6 percent.\n\n"
          "2.3 ADMIXTURES\n\nA. Air-entraining admixture.\n\nB. Water-reducing admixture.\n")


def _read(root, rules, line: str):
    start_project(root, "audit-70c-requests")
    write_doc(root, "SPEC-033000", "2026-01-05", "SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n" + _MIXES,
              title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM NO. 4\n\n1 CHANGES TO THE SPECIFICATIONS\n\n{line}\n",
              title="Addendum No. 4")
    return read_project(root, rules)


@pytest.mark.parametrize("line", [
    "1.1 A bidder requests that Section 03 30 00, Paragraph 2.1.C be deleted.",
    '1.1 One bidder asked that Section 03 30 00, Paragraph 2.1.B be revised to read "0.50".',
    "1.1 A bidder has requested that Section 03 30 00, Paragraph 2.1.C be deleted.",
    "1.1 It was requested that Section 03 30 00, Paragraph 2.1.C be deleted.",
    "1.1 Bidders request that Paragraph 2.1.C of Section 03 30 00 be deleted.",
    "1.1 A bidder asked for Section 03 30 00, Paragraph 2.1.C to be deleted.",
    "1.1 The Contractor asks the Architect to delete Section 03 30 00, Paragraph 2.1.C.",
    "1.1 A bidder requested to delete Section 03 30 00, Paragraph 2.1.C.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: A bidder requests that the paragraph be deleted.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Un soumissionnaire demande que le paragraphe soit supprimé.",
])
def test_a_request_reported_is_proposed_not_applied(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not applied(reading), [(e.target.format(), e.words) for e in reading.applied]
    assert proposed(reading), "the item went unsaid"
    assert all("stands before its verb" in (p.evidence.why or "") for p in reading.proposed)


@pytest.mark.parametrize("line", [
    "1.1 Section 03 30 00, Paragraph 2.1.C: As requested, delete the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: As requested by a bidder, the paragraph is deleted.",
    "1.1 In response to a request for information, Section 03 30 00, Paragraph 2.1.C is deleted.",
    "1.1 Bidders are requested to note that Section 03 30 00, Paragraph 2.1.C is deleted.",
    "1.1 The Owner requests that bidders note that Section 03 30 00, Paragraph 2.1.C is deleted.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Il est demandé aux candidats de noter que le paragraphe est supprimé.",
])
def test_a_request_granted_or_the_bidders_asked_to_note_is_still_applied(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert applied(reading) == {("SPEC-033000#2.1.C", "full", False)}, [
        (p.target.format(), p.evidence.why) for p in reading.proposed]
