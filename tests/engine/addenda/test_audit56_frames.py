"""Audit 56: a change verb is applied only where it stands in an instruction's frame.

The previous round listed phrases ("if the Owner accepts", "Lot 4 only"); other words for the same
thing got past the lists. The frame is now read structurally (``engine.addenda.frame``, the last gate
of ``gate._guards``): the verb opens its sentence, follows the target's name and its colon, or is the
main verb of a present passive; and its instruction holds no conditional clause, no modal or advisory
word before the verb, no limit to a part of the work, and no report. The words of each class are the
pack's (``conditions``, ``modals``, ``passives``, ``parts_of_work``, ``reports``). Whatever fails is
proposed with the reason, never applied and never silent.
"""

from __future__ import annotations

import dataclasses

import pytest

from inforce.rules import RuleSet

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

_MIXES = ("2.1 MIXES\n\nA. Strength 4,000 psi.\n\nB. Water-cement ratio 0.45.\n\nC. Air content 6 percent.\n\n"
          "2.3 ADMIXTURES\n\nA. Air-entraining admixture.\n\nB. Water-reducing admixture.\n")


def _read(root, rules, line: str, title: str = "ADDENDUM NO. 4"):
    start_project(root, "audit-56")
    write_doc(root, "SPEC-033000", "2026-01-05", "SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\n" + _MIXES,
              title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "ADD-01", "2026-02-02", f"{title}\n\n1 CHANGES TO THE SPECIFICATIONS\n\n{line}\n",
              title=title.title())
    return read_project(root, rules)


@pytest.mark.parametrize("line", [
    # a clause opened by a conditional, temporal or concessive conjunction, before or after the verb
    "1.1 Section 03 30 00, Paragraph 2.1.C: Unless Alternate 2 is rejected, remove the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Whenever Alternate 2 is taken, delete the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Provided Alternate 2 is taken, omit the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: In the event Alternate 2 is taken, delete the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Omit the paragraph when Alternate 2 is taken.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Omit the paragraph where Alternate 2 is accepted.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Wherever the Owner exercises the option, delete the paragraph.",
    "1.1 Sección 03 30 00, numeral 2.1.C: A menos que el Propietario rechace la Alternativa 2, eliminar el numeral.",
    "1.1 Sección 03 30 00, numeral 2.1.C: Cuando el Propietario acepte la Alternativa 2, suprimir el numeral.",
    # a permission, advice or a forecast
    "1.1 Section 03 30 00, Paragraph 2.1.C: The Contractor might omit the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: The Engineer suggests removing the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: It is proposed that the paragraph be deleted.",
    # a limit to a part of the work
    "1.1 Section 03 30 00, Paragraph 2.1.C: For Lot 3, omit the paragraph.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: Remove the paragraph in Work Package C.",
    "1.1 Section 03 30 00, Paragraph 2.1.C: In Phase 2, delete the paragraph.",
    # a report of a state or of another issue's change
    "1.1 Section 03 30 00, Paragraph 2.1.C: The paragraph omitted by Addendum No. 1 stays omitted.",
])
def test_a_verb_outside_an_instructions_frame_is_proposed_not_applied(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not applied(reading), [(e.target.format(), e.words) for e in reading.applied]
    said = {p.item.path for p in reading.proposed} | {n.item.path for n in reading.not_understood}
    assert "1.1" in said, "the item went unsaid"


def test_a_verb_is_never_read_out_of_a_longer_word(tmp_path, rules):
    # "{target}: Add" read "Add" out of "Addendum": a forecast of another addendum became this one's change
    reading = _read(tmp_path, rules, "1.1 Section 03 30 00, Paragraph 2.1.C: Addendum No. 7 is anticipated to "
                                     "remove the paragraph.")
    assert not applied(reading)
    assert not any((p.evidence.action or "").endswith(": Add") for p in reading.proposed)
    assert {p.item.path for p in reading.proposed} | {n.item.path for n in reading.not_understood} == {"1.1"}


def test_a_reinstatement_is_reported_never_silent_or_applied(tmp_path, rules):
    # the earlier change taken back gives the provision's first words back: for a person, with what it names
    reading = _read(tmp_path, rules, "1.1 Section 03 30 00, Paragraph 2.1.C: Reinstate the paragraph as first written.")
    assert not applied(reading) and not proposed(reading)
    (report,) = [n for n in reading.not_understood if n.item.path == "1.1"]
    assert "Paragraph 2.1.C" in (report.reason or "") and "Reinstate" in (report.reason or "")


@pytest.mark.parametrize(("line", "edge"), [
    ("1.1 Section 03 30 00, Paragraph 2.1.C: Delete the paragraph.", ("SPEC-033000#2.1.C", "full", False)),
    ("1.1 Section 03 30 00, Paragraph 2.1.C is hereby deleted.", ("SPEC-033000#2.1.C", "full", False)),
    ("1.1 Section 03 30 00, Paragraph 2.1.C (issued May 4): Delete the paragraph in its entirety.",
     ("SPEC-033000#2.1.C", "full", False)),
    ('1.1 Section 03 30 00, Paragraph 2.1.B: Delete "0.45" and substitute "0.40" where it appears.',
     ("SPEC-033000#2.1.B", "partial", True)),
    # the part of the work named is the target's own: "Alternate" inside quoted new text is no limit
    ('1.1 Section 03 30 00, Paragraph 2.1.B: Delete "0.45" and substitute "0.40 for Alternate 2".',
     ("SPEC-033000#2.1.B", "partial", True)),
])
def test_an_instruction_in_its_frame_is_still_applied(tmp_path, rules, line, edge):
    reading = _read(tmp_path, rules, line)
    assert applied(reading) == {edge}, [(p.target.format(), p.evidence.why) for p in reading.proposed]


@pytest.mark.parametrize("line", [
    # a reading rule, no condition
    '1.1 Section 03 30 00, Paragraph 2.1.B: Unless specifically noted otherwise, delete "0.45" and substitute "0.40".',
    # "where" saying where the words or the work stand waits on no choice
    '1.1 Section 03 30 00, Paragraph 2.1.B: Wherever "0.45" appears, substitute "0.40".',
    '1.1 Section 03 30 00, Paragraph 2.1.B: Change "0.45" to "0.40" where the slab is exposed to de-icing salts.',
    "1.1 Question: Can the ratio be raised for interior slabs? Answer: Yes, where no freezing occurs; Paragraph "
    "2.1.B of Section 03 30 00 is amended accordingly.",
    # a proviso after "revised to allow" is the new requirement's own
    "1.1 Paragraph 2.1.B of Section 03 30 00 is revised to allow a ratio of 0.48, provided trial batches are "
    "tested first.",
])
def test_words_of_place_a_reading_rule_or_the_new_requirement_hold_nothing_back(tmp_path, rules, line):
    # (held-out sets 4, 7, 12, 13 and 57: each of these forms had been moved to proposals by the frame)
    reading = _read(tmp_path, rules, line)
    assert {target for target, _, _ in applied(reading)} == {"SPEC-033000#2.1.B"}, [
        (p.target.format(), p.evidence.why) for p in reading.proposed]


def test_the_frame_words_are_the_packs(tmp_path, rules):
    # a pack listing no frame words reads no frame: the conditional instruction is applied as read
    loaded = rules.packs[0]
    unframed = loaded.pack.model_copy(update={"rules": tuple(
        r.model_copy(update={"conditions": (), "modals": (), "passives": (), "parts_of_work": (), "reports": ()})
        for r in loaded.pack.rules)})
    bare = RuleSet(packs=(dataclasses.replace(loaded, pack=unframed),))
    line = "1.1 Section 03 30 00, Paragraph 2.1.C: Whenever Alternate 2 is taken, delete the paragraph."
    assert applied(_read(tmp_path / "bare", bare, line)) == {("SPEC-033000#2.1.C", "full", False)}
    assert not applied(_read(tmp_path / "stock", rules, line))
