"""General levers of applied recall found in round 42 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge.

- Responses numbered with a dot and a bracket ("4.) Section ..., Paragraph 2.1.B: replace ...") under no
  heading, as enquiry services post them: items of a list, not the addendum's preamble; an explicit
  instruction among them is applied, an answer that only describes derives nothing.
- A paragraph naming a clause, then "WHERE IT SAYS:" (the old text) and "IT SHALL SAY:" (the new) on the
  lines right under it: Spanish-speaking owners' corrigendum ("donde dice / debe decir"), one item, read as
  "Instead of:" / "Read:" is: both texts opening with the clause's number restate it whole (replaced); a
  quoted phrase for a quoted phrase changes part of it; the new text "N.N (Deleted.)" deletes it.
- A heading in capitals with a mixed-case aside in brackets ("SECTION - TECHNICAL SPECIFICATIONS (Section
  III)") heads the items under it as any heading in capitals does: the designation in it names their
  document."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _titled(root: Path, doc: str, title: str) -> None:
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


GRADING = ("SECTION 31 22 00 - GRADING\n\n3.1 PREPARATION\n\nA. Strip topsoil to a depth of 150 mm.\n\n"
           "B. Stockpile topsoil on site.\n")
CULVERTS = ("SECTION 33 42 11 - CULVERTS\n\n2.1 PIPE\n\nA. Corrugated steel pipe, 1.6 mm wall.\n\n"
            "B. Concrete pipe, Class III.\n")

RESPONSES = ("Contract 2026-118, enquiries answered on the electronic tendering service, 2 February 2026.\n\n"
             "1.) No. Section 31 22 00 Grading, Paragraph 3.1.B: replace \"on site\" with \"on site, at the east "
             "boundary\".\n"
             "2.) Section 33 42 11 Culverts, Paragraph 2.1.A is deleted and replaced with: \"A. Corrugated steel "
             "pipe, 2.0 mm wall, fully coated.\"\n"
             "3.) Topsoil stays on site; the stockpile is shown on the grading plan.\n")


def _responses(root: Path, text: str) -> None:
    start_project(root, "round-42-responses")
    write_doc(root, "SPEC-312200", "2026-01-05", GRADING)
    _titled(root, "SPEC-312200", "Section 31 22 00 Grading")
    write_doc(root, "SPEC-334211", "2026-01-05", CULVERTS)
    _titled(root, "SPEC-334211", "Section 33 42 11 Culverts")
    write_doc(root, "ADD-01", "2026-02-02", text)


def test_responses_numbered_with_a_dot_and_a_bracket_are_applied(tmp_path, rules):
    _responses(tmp_path, RESPONSES)
    reading = read_project(tmp_path, rules)
    # (before: each proposed, "a paragraph of the addendum's preamble, under no heading: not read as an
    # instruction": "1.)" was no number an item of a list opens with)
    assert {("SPEC-312200#3.1.B", "partial", True), ("SPEC-334211#2.1.A", "full", True)} <= _applied(reading)
    # (the answer that only describes, "Topsoil stays on site", derives nothing)
    assert not any(t.startswith("SPEC-312200#3.1.A") for t, _, _ in _applied(reading) | _proposed(reading))


def test_prose_under_no_heading_stays_preamble(tmp_path, rules):
    # (a sentence of the preamble opening otherwise is still not read as an instruction)
    _responses(tmp_path, "The tender is amended. Section 31 22 00 Grading, Paragraph 3.1.B: replace \"on site\" "
                         "with \"off site\".\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)


SPECS = ("SECTION III - TECHNICAL SPECIFICATIONS\n\n3.1 GENERAL\n\n3.1.1 Extent. Refit the clinic's waiting area.\n\n"
         "3.2 FINISHES\n\n3.2.1 Floors. Vinyl sheet flooring, 2 mm, with welded seams.\n\n"
         "3.2.2 Walls. Two coats of acrylic paint over a sealer.\n\n"
         "3.2.3 Reception Desk. A desk of melamine board, 0.90 m high.\n")

CORRIGENDUM = ("SECTION - TECHNICAL SPECIFICATIONS (Section III)\n\n"
               "Clause 3.2.1 Floors\n"
               "WHERE IT SAYS:\n"
               "\"3.2.1 Floors. Vinyl sheet flooring, 2 mm, with welded seams.\"\n"
               "IT SHALL SAY:\n"
               "\"3.2.1 Floors. Rubber sheet flooring, 3 mm, with welded seams and a coved skirting.\"\n\n"
               "Clause 3.2.2 Walls, paint only\n"
               "WHERE IT SAYS: \"Two coats of acrylic paint\"\n"
               "IT SHALL SAY: \"Two coats of washable eggshell paint\"\n\n"
               "Clause 3.2.3 Reception Desk\n"
               "WHERE IT SAYS:\n"
               "\"3.2.3 Reception Desk. A desk of melamine board, 0.90 m high.\"\n"
               "IT SHALL SAY:\n"
               "\"3.2.3 (Deleted.) The owner supplies the desk.\"\n")


def _clinic(root: Path, text: str) -> None:
    start_project(root, "round-42-corrigendum")
    write_doc(root, "SPEC-TS", "2026-01-05", SPECS)
    _titled(root, "SPEC-TS", "Section III Technical Specifications, Refit of the Riverside Clinic")
    write_doc(root, "SPEC-312200", "2026-01-05", GRADING)
    write_doc(root, "ADD-01", "2026-02-02", f"ADDENDUM No. 2\n\n{text}")


def test_where_it_says_it_shall_say_under_a_clause_is_read_as_old_and_new_text(tmp_path, rules):
    _clinic(tmp_path, CORRIGENDUM)
    reading = read_project(tmp_path, rules)
    # (before: "names Clause 3.2.1, but no section it belongs to": the labels in capitals were headings of
    # their own, splitting the clause from its texts, and the heading with the bracketed designation was
    # a paragraph heading nothing)
    assert {("SPEC-TS#3.2.1", "full", True), ("SPEC-TS#3.2.2", "partial", True),
            ("SPEC-TS#3.2.3", "full", False)} <= _applied(reading)
    assert not any(t.startswith("SPEC-312200") for t, _, _ in _applied(reading) | _proposed(reading))


def test_a_deleted_clause_is_never_applied_as_replaced(tmp_path, rules):
    _clinic(tmp_path, CORRIGENDUM)
    reading = read_project(tmp_path, rules)
    assert ("SPEC-TS#3.2.3", "full", True) not in _applied(reading)


def test_new_text_other_than_the_clause_is_not_applied_whole(tmp_path, rules):
    # (old and new texts that are not the clause written whole, nor a quoted phrase each: for a person)
    _clinic(tmp_path, CORRIGENDUM.split("Clause 3.2.2")[0].replace(
        "\"3.2.1 Floors. Rubber sheet flooring, 3 mm, with welded seams and a coved skirting.\"",
        "Rubber sheet flooring in the waiting area only."))
    reading = read_project(tmp_path, rules)
    assert not any(t == "SPEC-TS#3.2.1" for t, _, _ in _applied(reading))
