"""General forms of owners' addenda read in round 48 (issue 21), measured across every part of the set
from real owners' forms with no wrong applied edge.

- Owners' verbs in their own language are the pack's verbs (YAML, no Python): Dutch "komt te luiden",
  "wordt (geheel) vervangen door" (replaced whole), "wordt gewijzigd in", "wordt aangevuld met" (in part),
  "vervalt" (deleted); German "erhält folgende Fassung", "wird durch ... ersetzt", "wird ergänzt um",
  "entfällt", "wird gestrichen"; French "est remplacé par", "est complété par", "il est ajouté", "est
  supprimé"; and their "no change" words ("Keine Änderung", "geen wijziging", "aucune modification").
- Owners' words for a provision are the pack's paragraph notations: "paragraaf 31.2", "hoofdstuk 31",
  "OZ 05.03", "Titel 05".
- German bidders' questions ("Bieterfrage 4:" / "Antwort:") and Dutch ones ("Vraag 2:") are items of
  their own, as "Question 2:" is (before: one question's answer changing a position was silent).
- A clause named right after a document's short title ("2.1 Technisch deel 2, paragraaf 31.2 komt te
  luiden: ...") or by a notation alone ("OZ 05.02: entfällt") is proposed in the one document holding it
  (before: proposed through the last net as a label no reading knows, or not read); an addendum naming no
  document by number leaves a title read from its words for a person to confirm (round 38's rule stands).
"""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied as _applied
from addenda_reading import proposed as _proposed
from addenda_reading import read_project, start_project
from corpus_writer import write_doc

BOUWKUNDIG = ("TECHNISCH DEEL 2 - BOUWKUNDIGE BEPALINGEN\n\n"
              "31 DAKWERK (ROOFING)\n\n31.1 Roof boarding of 18 mm plywood.\n\n"
              "31.2 Bitumen roofing in two layers, the top layer slated.\n\n"
              "32 GOTEN (GUTTERS)\n\n32.1 Zinc gutters of 0.8 mm.\n\n32.2 Downpipes of zinc, 80 mm.\n")

BESTANDS_LV = ("LEISTUNGSVERZEICHNIS LOS 09\n\n05 ESTRICH (SCREED)\n\n"
               "05.01 Cement screed CT-C25-F4, 50 mm, on separating layer.\n\n"
               "05.02 Edge insulation strips, 10 mm.\n\n05.03 Screed reinforcement mesh.\n\n"
               "06 BELAG (FLOORING)\n\n06.01 Linoleum 2.5 mm, welded seams.\n\n06.02 Skirting of linoleum, 100 mm.\n")


def _titled(root: Path, doc: str, body: str, title: str) -> None:
    """A specification written as ``write_doc`` writes one, under its own ``title``."""
    write_doc(root, doc, "2026-01-05", body)
    path = root / "documents" / f"{doc.lower()}.md"
    path.write_text(path.read_text().replace(f"title: Document {doc}", f"title: {title}"))


def _dutch(root: Path, addendum: str) -> None:
    start_project(root, "round-48-nl")
    _titled(root, "SPEC-TD2", BOUWKUNDIG, "Technisch Deel 2 Bouwkundige Bepalingen, Verbouwing Sporthal De Linde")
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def _german(root: Path, addendum: str) -> None:
    start_project(root, "round-48-de")
    _titled(root, "SPEC-LV09", BESTANDS_LV, "Leistungsverzeichnis Los 09 Estrich und Bodenbelag, Umbau Grundschule Am Bach")
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def test_paragraphs_of_a_document_named_by_its_short_title_are_read_and_proposed(tmp_path, rules):
    # the verbs and the notation are the pack's: each change read as replaced, in part or deleted; the document
    # named by its title alone in an addendum naming none by number stays for a person to confirm (round 38)
    _dutch(tmp_path, "NOTA VAN INLICHTINGEN NR. 2\n\n2 WIJZIGINGEN\n\n"
                     "2.1 Technisch deel 2, paragraaf 31.2 komt te luiden: \"31.2 Bitumen roofing in three layers, "
                     "the top layer slated.\"\n\n"
                     "2.2 Technisch deel 2, paragraaf 32.1: \"0.8 mm\" wordt gewijzigd in \"1.0 mm\".\n\n"
                     "2.3 Technisch deel 2, paragraaf 32.2 vervalt.\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    assert {("SPEC-TD2#31.2", "full", True), ("SPEC-TD2#32.1", "partial", True),
            ("SPEC-TD2#32.2", "full", False)} <= _proposed(reading)


def test_positions_of_a_bill_of_works_by_their_ordinal_number_are_proposed_in_its_holder(tmp_path, rules):
    # (no document named: the one document holding every number, for a person to confirm)
    _german(tmp_path, "BIETERINFORMATION NR. 1\n\nB. ÄNDERUNGEN\n\n"
                      "1. OZ 05.02: entfällt.\n\n"
                      "2. OZ 06.01 erhält folgende Fassung: \"06.01 Linoleum 3.2 mm, welded seams.\"\n\n"
                      "3. OZ 05.01: Die Angabe \"50 mm\" wird durch \"65 mm\" ersetzt.\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    assert {("SPEC-LV09#05.02", "full", False), ("SPEC-LV09#06.01", "full", True),
            ("SPEC-LV09#05.01", "partial", True)} <= _proposed(reading)


def test_a_bidders_question_is_an_item_and_its_answers_change_is_not_silent(tmp_path, rules):
    _german(tmp_path, "BIETERINFORMATION NR. 1\n\nA. BIETERFRAGEN\n\n"
                      "Bieterfrage 1: May another linoleum colour be offered?\n"
                      "Antwort: Yes, any colour of the range. Keine Änderung der Vergabeunterlagen.\n\n"
                      "Bieterfrage 2: Is the skirting glued or clipped?\n"
                      "Antwort: Glued. Der Langtext der OZ 06.02 wird ergänzt um: \"Glued with a dispersion "
                      "adhesive.\"\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-LV09#06.02", "partial", True) in _proposed(reading)
    # the question answered "Keine Änderung" changes nothing and is reported as nothing
    assert "bieterfrage-1" not in {n.item.path for n in reading.not_understood}
    assert "bieterfrage-2" in {p.item.path for p in reading.proposed}
    assert not _applied(reading)
