"""Audit 69 C F7 (issue 23): a notice ending in a colon that names the section its corrections are made to ("The
following corrections are made to Section 03 30 00:"), over lines each naming a paragraph of it and what becomes of
it ("Paragraph 2.2.C: Delete."), read the lines as new words of the notice: the whole section was proposed as
changed in part, and the paragraph was neither placed, proposed nor reported. The section the notice names is the
heading context of the lines under it, as a section's own heading line is. Words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

CONCRETE = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 PRODUCTS\n\n2.1 MIXES\n\n"
            "A. Normal-weight concrete, 4,000 psi.\n\nB. Lightweight concrete, 3,000 psi.\n\n2.2 ADMIXTURES\n\n"
            "A. Air entraining admixture to ASTM C260.\n\nB. Retarding admixture to ASTM C494 Type B.\n\n"
            "C. Non-chloride accelerator to ASTM C494 Type C.\n")


def _read(root: Path, rules, body: str):
    start_project(root, "audit-69-f7")
    write_doc(root, "SPEC-033000", "2027-03-01", CONCRETE, kind="specification", title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "ADD-01", "2027-04-12", "ADDENDUM NO. 3\n\n" + body, kind="addendum", title="Addendum No. 3")
    reading = read_project(root, rules)
    reported = " ".join(n.reason or "" for n in reading.not_understood)
    return applied(reading), proposed(reading), reported


def test_each_line_under_the_notice_is_its_own_change_in_that_section(tmp_path, rules):
    done, offered, reported = _read(tmp_path, rules, "The following corrections are made to Section 03 30 00:\n\n"
                                                     "Paragraph 2.2.C: Delete.\n\nParagraph 2.2.B: Delete.\n")
    assert {t for t, _, _ in done | offered} == {"SPEC-033000#2.2.B", "SPEC-033000#2.2.C"}, (done, offered, reported)
    assert not [t for t, _, _ in done | offered if "#" not in t], (done, offered, reported)  # (never the whole section)
