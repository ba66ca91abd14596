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

Second pass:
- A title in several documents' titles ("C3 Scope of Work") is chosen by the clauses the item, else the
  addendum's items naming that title, cite beside it: the one document holding them all; several or none
  holding them is said, never guessed.
- "Document n°4, article 3 : il est ajouté un article 3.4": the document the tender file numbers is meant,
  never another holding a 3.4; its article 3 changes in part.
- "hoofdstuk 32: na paragraaf 32.1 wordt ... toegevoegd", "Titel 06: Nach OZ 06.01 wird ... eingefügt": the
  chapter or title changes in part (proposed, as the document is named by its title alone).
- "...; finish and colour remain as specified" after a change names the rest of the provision by its parts:
  the change is in part, not "no change".
- A clause two documents hold, cited in a table row with columns naming the document ("| Vol | Sec |"), is
  chosen by the clauses of the rows naming the same document only, not by rows about another.
- A "Clause Reference" cell holding the clause's number and title ("2.4 Mooring Bollards") names the clause.
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


# --- round 48, second pass -------------------------------------------------------------------------

PIER_WORKS = ("PART C3 - SCOPE OF WORK\n\n5.1 GENERAL\n\n5.1.1 Extent. Rebuild the timber deck of the east pier.\n\n"
              "5.2 TIMBER\n\n5.2.1 Species. Hardwood of strength class D40.\n\n"
              "5.2.2 Fixings. Galvanised coach screws at every joist.\n\n5.2.3 Gaps. Leave 8 mm between boards.\n")
STORE_WORKS = ("SECTION 5 - SCOPE OF WORK\n\n5.1 GENERAL\n\n5.1.1 Extent. Build a dry goods store of 400 m2.\n\n"
               "5.2 FLOOR\n\n5.2.1 Slab. Power-floated concrete, 175 mm.\n")


def _two_scopes(root: Path, addendum: str) -> None:
    start_project(root, "round-48-two-scopes")
    _titled(root, "SPEC-PIER-SOW", PIER_WORKS, "Scope of Work, Renewal of the East Pier Deck (municipal tender)")
    _titled(root, "SPEC-STORE-SOW", STORE_WORKS, "Volume 2 Section 3 Tender Data, Scope of Work, Dry Goods Store")
    write_doc(root, "ADD-01", "2026-02-02", addendum)


def test_a_title_in_several_documents_is_chosen_by_the_clauses_cited_beside_it(tmp_path, rules):
    # "C3 Scope of Work" is in both titles and scores best against the one numbered 5; the clauses the
    # rows cite (5.2.2, 5.2.3 only in the pier's) choose the pier's, for a person to confirm (a title)
    _two_scopes(tmp_path, "ADDENDUM No. 3\n\n| Item | Part | Clause / page | Amendment |\n|---|---|---|---|\n"
                          "| 1 | C3 Scope of Work | Clause 5.2.3, page C3-2 | Change \"8 mm\" to \"6 mm\"; the rest "
                          "of the clause remains. |\n"
                          "| 2 | C3 Scope of Work | Clause 5.2.1, page C3-2 | Delete the clause and replace with: "
                          "\"5.2.1 Species. Hardwood of strength class D50.\" |\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    proposed = _proposed(reading)
    assert {("SPEC-PIER-SOW#5.2.3", "partial", True), ("SPEC-PIER-SOW#5.2.1", "full", True)} <= proposed
    assert not any(target.startswith("SPEC-STORE-SOW") for target, _, _ in proposed)


def test_a_title_in_several_documents_whose_clauses_both_hold_is_not_guessed(tmp_path, rules):
    # 5.2.1 is in both scopes of work, and nothing else in the addendum chooses: both proposed with why, none
    # applied, neither guessed
    _two_scopes(tmp_path, "ADDENDUM No. 4\n\n| Item | Part | Clause / page | Amendment |\n|---|---|---|---|\n"
                          "| 1 | C3 Scope of Work | Clause 5.2.1, page C3-2 | Change \"175 mm\" to \"200 mm\"; the "
                          "rest of the clause remains. |\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    assert _proposed(reading) == {("SPEC-PIER-SOW#5.2.1", "partial", True), ("SPEC-STORE-SOW#5.2.1", "partial", True)}
    assert all("not guessed" in p.evidence.why for p in reading.proposed)


def test_a_change_then_other_properties_said_to_remain_is_a_change_in_part(tmp_path, rules):
    # "...; finish and colour remain as specified": the rest of the paragraph named by its parts stays
    start_project(tmp_path, "round-48-remain")
    write_doc(tmp_path, "SPEC-096500", "2026-01-05",
              "SECTION 09 65 00 - RESILIENT FLOORING\n\nPART 2 - PRODUCTS\n\n2.1 TILES\n\n"
              "A. Rubber tiles 3 mm thick, studded finish, grey.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "BID BULLETIN NO. 5\n\n1. For flooring (Section 09 65 00, paragraph 2.1.A): the tile thickness is "
              "changed from 3 mm to 4 mm; finish and colour remain as specified.\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-096500#2.1.A", "partial", True) in _applied(reading)


def test_a_new_article_in_a_document_named_by_its_number_goes_to_that_document(tmp_path, rules):
    # "Document n°4, article 3 : il est ajouté un article 3.4": another document holds a 3.4, but the tender file's
    # own list numbers the hall's specification 4; its article 3 is changed in part, never the other's 3.4
    start_project(tmp_path, "round-48-document-number")
    _titled(tmp_path, "SPEC-CCTP-HALL", "3. MENUISERIES (JOINERY)\n\n3.1 Doors of oak, 40 mm.\n\n"
            "3.2 Frames of oak.\n\n3.3 Ironmongery of stainless steel.\n",
            "Document No. 4 Cahier des Clauses Techniques Particulieres, Salle Polyvalente de Kerbrat")
    _titled(tmp_path, "SPEC-MARKET", "3 PRICES\n\n3.1 Prices are firm.\n\n3.2 Advance payment.\n\n3.3 Retention.\n\n"
            "3.4 Price revision by the BT01 index.\n", "Cahier des Clauses Administratives, Marche de Travaux")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "MODIFICATION N°2 DU DCE\n\n1.1 Document n°4, article 3 : il est ajouté un article 3.4 ainsi rédigé : "
              "« 3.4 Door closers shall be concealed in the frame head. »\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-CCTP-HALL#3", "partial", True) in _applied(reading) | _proposed(reading)
    assert not any(target.startswith("SPEC-MARKET") for target, _, _ in _applied(reading) | _proposed(reading))


def test_a_new_paragraph_after_one_of_a_chapter_changes_the_chapter_in_part(tmp_path, rules):
    # "hoofdstuk 32: na paragraaf 32.1 wordt ... toegevoegd": the chapter is amended in part (a new 32.2 after 32.1),
    # in the one document holding 32.1, for a person to confirm; never "not understood"
    _dutch(tmp_path, "NOTA VAN INLICHTINGEN NR. 3\n\n2 WIJZIGINGEN\n\n"
                     "2.1 Technisch deel 2, hoofdstuk 32: na paragraaf 32.1 wordt een nieuwe paragraaf toegevoegd: "
                     "\"32.1a Gutter heaters of 30 W/m in the north gutter.\"\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    assert ("SPEC-TD2#32", "partial", True) in _proposed(reading)


def test_a_new_position_after_one_of_a_title_changes_the_title_in_part(tmp_path, rules):
    _german(tmp_path, "BIETERINFORMATION NR. 3\n\nB. ÄNDERUNGEN\n\n"
                      "1. Titel 06: Nach OZ 06.01 wird folgende Position eingefügt: \"06.01a Linoleum stair nosings.\"\n")
    reading = read_project(tmp_path, rules)
    assert not _applied(reading)
    assert ("SPEC-LV09#06", "partial", True) in _proposed(reading)


def test_a_clause_two_documents_hold_is_chosen_by_the_rows_naming_the_same_document(tmp_path, rules):
    # 6.3 is in both conditions; the "SCC" rows also cite 11.2, which only the quay's conditions hold. A row about
    # another document ("TS", citing a 9.1 only the dredging conditions hold) is no evidence for the "SCC" rows
    start_project(tmp_path, "round-48-rows-by-document")
    _titled(tmp_path, "SPEC-SCC-QUAY", "6 TIME\n\n6.3 Delay Damages. 0.05 percent a day, to 8 percent.\n\n"
            "11 PAYMENT\n\n11.2 Payment. Within 60 days.\n", "Special Conditions of Contract, Quay Wall Repair")
    _titled(tmp_path, "SPEC-SCC-DREDGE", "6 TIME\n\n6.3 Delay Damages. 0.1 percent a day.\n\n9 PLANT\n\n"
            "9.1 Dredger. A cutter-suction dredger.\n", "Special Conditions of Contract, Channel Dredging")
    _titled(tmp_path, "SPEC-TS", "1 GENERAL\n\n1.1 Scope. Repair of the quay.\n", "Technical Specifications, Quay Wall Repair")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "BID BULLETIN NO. 9\n\n| No. | Vol | Sec | Clause Reference | Request | Response |\n|---|---|---|---|---|---|\n"
              "| 1 | 2 | TS | Clause 9.1 Dredger | Is a dredger needed? | No; see the drawings. No revision. |\n"
              "| 2 | 1 | SCC | Sub-Clause 6.3 Delay Damages | Can the cap be lowered? | Sub-Clause 6.3 is amended to "
              "read: \"6.3 Delay Damages. 0.05 percent a day, to 5 percent.\" |\n"
              "| 3 | 1 | SCC | Sub-Clause 11.2 Payment | Is 60 days firm? | The period \"60 days\" shall be read as "
              "\"45 days\" in Sub-Clause 11.2. |\n")
    reading = read_project(tmp_path, rules)
    edges = _applied(reading) | _proposed(reading)
    assert ("SPEC-SCC-QUAY#6.3", "full", True) in edges
    assert not any(target.startswith("SPEC-SCC-DREDGE") for target, _, _ in edges)


def test_a_clause_reference_cell_with_the_clause_number_and_title_names_the_clause(tmp_path, rules):
    # "Clause Reference | 2.4 Mooring Bollards": the number its document prints, then the title; the response
    # cell changes words of it without naming it again
    start_project(tmp_path, "round-48-clause-cell")
    write_doc(tmp_path, "SPEC-ERQ", "2026-01-05",
              "EMPLOYER'S REQUIREMENTS, CHAPTER 2 - QUAY FURNITURE\n\n2.3 Fenders. Cone fenders at 12 m centres.\n\n"
              "2.4 Mooring Bollards. Tee-head bollards rated 30 t at 18 m centres.\n")
    write_doc(tmp_path, "ADD-01", "2026-02-02",
              "BID BULLETIN NO. 4\n\nANNEX A - RESPONSES\n\n"
              "| No. | Sec | Clause Reference | Clarification Request | Final Response |\n|---|---|---|---|---|\n"
              "| 1 | SPEC-ERQ | 2.4 Mooring Bollards | Is 30 t enough for the ferries? | Change \"30 t\" to \"50 t\"; "
              "the rest of the clause stands. |\n")
    reading = read_project(tmp_path, rules)
    assert ("SPEC-ERQ#2.4", "partial", True) in _applied(reading) | _proposed(reading)
