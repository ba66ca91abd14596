"""Round 59 of issue 21 (held-out-59's forms), in words and numbers of our own: an amendment to bidding documents
grouping its items under a heading that names the section ("SECTION VI - WORKS REQUIREMENTS, TECHNICAL
SPECIFICATIONS") where the project holds two tenders' sections so designated and titled, the amendment's own title
naming its tender; a new clause added under a number another document already holds; a Spanish adenda's place line
followed by "DONDE DICE:" and "DEBE DECIR:" lines; French and Spanish forms that restate a provision under its own
number after their verb ("modifié ainsi qu'il suit", "queda redactado así")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from in_process import inforce

from addenda_reading import applied as applied_edges
from addenda_reading import proposed as proposed_edges
from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _doc(root: Path, doc: str, title: str, body: str, *, kind: str = "specification", issued: str = "2027-09-01") -> None:
    write_doc(root, doc, issued, body, kind=kind, title=title)


def _read(root: Path, rules, body: str, title: str = "Amendment"):
    _doc(root, "ADD-01", title, body, kind="addendum", issued="2027-10-04")
    reading = read_project(root, rules)
    return reading, applied_edges(reading), proposed_edges(reading)


WELLS = ("SECTION VI - WORKS REQUIREMENTS - TECHNICAL SPECIFICATIONS\n\n1 GENERAL\n\n"
         "1.1 The Works comprise three hand-dug wells with their aprons.\n\n"
         "1.2 Work shall be done between 1 March and 30 November.\n\n2 EXCAVATION\n\n"
         "2.1 Wells shall be dug to a depth of 12 m.\n\n2.2 Spoil shall be spread at least 20 m from the well. "
         "No spoil shall be left on the access track.\n\n7 APRONS\n\n7.1 Each apron shall be 2.5 m across.\n\n"
         "7.2 Aprons shall drain to a soakaway.\n")
WELLS_TITLE = ("Section VI Works Requirements, Technical Specifications, ITB No. RWA/WS-11/2027, Hand-Dug Wells for "
               "Three Hill Villages")
ROADS = ("SECTION VI - WORKS REQUIREMENTS - TECHNICAL SPECIFICATIONS\n\n1 GENERAL\n\n1.1 The Works comprise a gravel road.\n\n"
         "1.2 Traffic shall be kept open.\n\n2 EARTHWORKS\n\n2.1 Cuts shall be benched.\n\n2.2 Fill shall be compacted.\n\n"
         "7 DRAINAGE\n\n7.1 Culverts shall be of concrete pipe.\n\n7.2 Ditches shall be lined.\n\n"
         "7.3 Outlets shall have stone aprons.\n")
ROADS_TITLE = "Section VI - Works Requirements, Technical Specifications, Contract No. DOR/RD/04-2026, Feeder Road Regravelling"
AMENDMENT = ("AMENDMENT No. 1 TO THE BIDDING DOCUMENTS\n\nThe Bidding Documents are amended as set out below.\n\n"
             "A. SECTION VI - WORKS REQUIREMENTS, TECHNICAL SPECIFICATIONS\n\n"
             'A.1 Clause 1.2 is amended as follows: "1.2 Work shall be done between 1 April and 31 October only."\n\n'
             'A.2 Clause 2.1, the depth "12 m" is amended to read "15 m".\n\n'
             "A.3 Clause 2.2, the second sentence is deleted.\n\n"
             'A.4 A new Clause 7.3 is added as follows: "7.3 Each apron shall have a trough for livestock."\n')
AMENDMENT_TITLE = "Amendment No. 1 to the Bidding Documents, ITB No. RWA/WS-11/2027, Hand-Dug Wells"


def test_a_heading_naming_the_section_of_this_tenders_bidding_documents_places_its_clauses(tmp_path, rules):
    start_project(tmp_path, "round-59")
    _doc(tmp_path, "SPEC-WELLS", WELLS_TITLE, WELLS)
    _doc(tmp_path, "SPEC-ROADS", ROADS_TITLE, ROADS)
    reading, applied, proposed = _read(tmp_path, rules, AMENDMENT, AMENDMENT_TITLE)
    # the heading's designation and title fit both sections; the amendment's tender is one's alone
    assert ("SPEC-WELLS#1.2", "full", True) in applied, applied      # restated under its own number
    assert ("SPEC-WELLS#2.1", "partial", True) in applied, applied   # a figure amended to read another
    assert ("SPEC-WELLS#2.2", "partial", True) in applied, applied   # its second sentence deleted
    assert ("SPEC-WELLS#7", "partial", True) in applied, applied     # a new clause 7.3 joins clause 7
    # never the other tender's own 7.3, which is another document's clause of the same number
    assert not any(t.startswith("SPEC-ROADS") for t, _, _ in applied | proposed), (applied, proposed)


def test_a_heading_whose_tender_the_amendment_does_not_name_places_nothing_by_it(tmp_path, rules):
    start_project(tmp_path, "round-59")
    _doc(tmp_path, "SPEC-WELLS", WELLS_TITLE, WELLS)
    _doc(tmp_path, "SPEC-ROADS", ROADS_TITLE, ROADS)
    # (an amendment naming neither tender: the heading fits both sections, and nothing is guessed from it)
    _, applied, _ = _read(tmp_path, rules, AMENDMENT, "Amendment No. 1 to the Bidding Documents")
    assert not any(t.startswith("SPEC-ROADS") for t, _, _ in applied), applied
    assert not any(t == "SPEC-WELLS#1.2" for t, _, _ in applied), applied


def test_a_new_clause_is_never_placed_on_another_documents_clause_of_that_number(tmp_path, rules):
    start_project(tmp_path, "round-59")
    _doc(tmp_path, "SPEC-WELLS", "Works Requirements for the Wells", WELLS)
    _doc(tmp_path, "SPEC-ROADS", "Specification for the Feeder Road", ROADS)
    _, applied, proposed = _read(tmp_path, rules, (
        "AMENDMENT No. 1\n\nB. PARTICULAR REQUIREMENTS\n\n"
        'B.1 A new Clause 7.3 is added as follows: "7.3 Each apron shall have a trough for livestock."\n'))
    # SPEC-ROADS already holds a 7.3: a new 7.3 is not its clause (no renumbering said); the one lacking it is meant
    assert not any(t == "SPEC-ROADS#7.3" for t, _, _ in applied | proposed), (applied, proposed)
    assert ("SPEC-WELLS#7", "partial", True) in applied | proposed, (applied, proposed)


def test_a_new_clause_under_a_number_the_one_document_holds_is_proposed_never_applied(tmp_path, rules):
    # (audit 59's F06) the only document holds a 7.3 already: "a new Clause 7.3" with no renumbering said may mean
    # that clause replaced, changed in part or joined by another under the next number; nothing is applied to it
    start_project(tmp_path, "round-59")
    _doc(tmp_path, "SPEC-ROADS", ROADS_TITLE, ROADS)
    reading, applied, proposed = _read(tmp_path, rules, (
        "AMENDMENT No. 1\n\nSECTION VI - TECHNICAL SPECIFICATIONS\n\n"
        '1. A new Clause 7.3 is added as follows: "7.3 Outlets shall have gabion aprons."\n'),
        "Amendment No. 1, Contract No. DOR/RD/04-2026")
    assert not any(t.startswith("SPEC-ROADS#7") for t, _, _ in applied), applied
    assert ("SPEC-ROADS#7.3", "partial", True) in proposed, proposed
    why = [p.evidence.why for p in reading.proposed if p.target.format() == "SPEC-ROADS#7.3"]
    assert why and "holds a 7.3 already" in why[0], why
    # said as a renumbering, the new clause goes in and the old one moves: not this gate's doubt
    _, applied, proposed = _read(tmp_path, rules, (
        "AMENDMENT No. 1\n\nSECTION VI - TECHNICAL SPECIFICATIONS\n\n"
        '1. A new Clause 7.3 is added as follows: "7.3 Outlets shall have gabion aprons." Existing Clause 7.3 is '
        "renumbered 7.4.\n"), "Amendment No. 1, Contract No. DOR/RD/04-2026")
    assert any(t.startswith("SPEC-ROADS#7") for t, _, _ in applied | proposed), (applied, proposed)


PLIEGO = ("ESPECIFICACIONES TÉCNICAS\n\n1 OBRADOR\n\n1.1 El obrador se ubicará junto al acceso.\n\n2 FUNDACIONES\n\n"
          "2.1 Las bases serán de hormigón de 17 MPa sobre 4 cm de hormigón pobre.\n\n"
          "2.2 Las vigas de fundación serán de 20 x 30 cm. Llevarán 4 barras de 10 mm.\n\n3 CUBIERTA\n\n"
          "3.1 La cubierta será de chapa N° 25 sobre correas de madera.\n")
PLIEGO_TITLE = "Especificaciones Técnicas, Licitación Pública Nacional N° 14/2027, Tinglado del polideportivo"
#: an adenda's head and its place line naming numeral 2.1 of the pliego, the lines under it to follow
ADENDA_2_1 = ("ADENDA N° 02/2027 - LICITACIÓN PÚBLICA NACIONAL N° 14/2027\n\nSe comunican las siguientes modificaciones:\n\n"
              "1) ESPECIFICACIONES TÉCNICAS, numeral 2.1\n\n")


def test_donde_dice_and_debe_decir_lines_under_a_place_line_restate_the_numeral(tmp_path, rules):
    start_project(tmp_path, "round-59")
    _doc(tmp_path, "SPEC-ET", PLIEGO_TITLE, PLIEGO)
    reading, applied, proposed = _read(tmp_path, rules, (
        ADENDA_2_1 +
        "DONDE DICE: Las bases serán de hormigón de 17 MPa sobre 4 cm de hormigón pobre.\n\n"
        "DEBE DECIR: 2.1 Las bases serán de hormigón de 21 MPa sobre 6 cm de hormigón pobre.\n\n"
        "2) ESPECIFICACIONES TÉCNICAS, numeral 2.2: se suprime la segunda oración.\n\n"
        "RESPUESTAS A LAS OBSERVACIONES\n\n"
        'OBSERVACIÓN N° 1 - Numeral 3.1: piden admitir chapa N° 27. RESPUESTA: Se acepta. El numeral 3.1 queda '
        'redactado así: "3.1 La cubierta será de chapa N° 25 o N° 27 sobre correas de madera."\n'))
    assert ("SPEC-ET#2.1", "full", True) in applied, applied       # the numeral restated under its own number
    assert ("SPEC-ET#2.2", "partial", True) in applied, applied    # a sentence of it, never the whole numeral
    assert ("SPEC-ET#3.1", "full", True) in applied | proposed, (applied, proposed)  # the answer's rewrite, never silent
    assert not any(t == "SPEC-ET#2.1" and s == "partial" for t, s, _ in applied | proposed), (applied, proposed)


def test_donde_dice_and_debe_decir_of_the_same_words_are_held_for_a_person(tmp_path, rules):
    # (audit 59's F07) the new text repeats the old word for word: it changes nothing it says, so nothing is applied
    start_project(tmp_path, "round-59")
    _doc(tmp_path, "SPEC-ET", PLIEGO_TITLE, PLIEGO)
    reading, applied, proposed = _read(tmp_path, rules, (
        ADENDA_2_1 +
        "DONDE DICE: 2.1 Las bases serán de hormigón de 17 MPa sobre 4 cm de hormigón pobre.\n\n"
        "DEBE DECIR: 2.1 Las bases serán de hormigón de 17 MPa sobre  4 cm de hormigón pobre.\n"))
    assert not any(t == "SPEC-ET#2.1" for t, _, _ in applied), applied
    why = [p.evidence.why for p in reading.proposed if p.target.format() == "SPEC-ET#2.1"]
    assert why and "same words" in why[0], reading.proposed


def test_a_french_article_modified_ainsi_quil_suit_under_its_own_number_is_replaced(tmp_path, rules):
    start_project(tmp_path, "round-59")
    _doc(tmp_path, "SPEC-CCTP", "Cahier des Clauses Techniques Particulières (CCTP), Lot 02 Gros oeuvre, Préau de l'école",
         "CCTP\n\n1 FONDATIONS\n\n1.1 Les semelles seront en béton dosé à 300 kg.\n\n1.2 Le béton de propreté aura 5 cm.\n\n"
         "2 COUVERTURE\n\n2.1 La couverture sera en tôles de 5/10e.\n")
    _, applied, _ = _read(tmp_path, rules, (
        "COMMUNIQUÉ MODIFICATIF N° 2\n\nII - CAHIER DES CLAUSES TECHNIQUES PARTICULIÈRES (CCTP)\n\n"
        "1) L'article 1.1 du CCTP est modifié ainsi qu'il suit : « 1.1 Les semelles seront en béton dosé à 350 kg. »\n\n"
        "2) L'article 2.1 du CCTP est modifié comme suit : « 2.1 La couverture sera en tôles de 7/10e. »\n\n"
        "3) À l'article 1.2 du CCTP, au lieu de lire « 5 cm », lire « 8 cm ».\n"))
    assert ("SPEC-CCTP#1.1", "full", True) in applied, applied
    assert ("SPEC-CCTP#2.1", "full", True) in applied, applied
    assert ("SPEC-CCTP#1.2", "partial", True) in applied, applied


# Audit 60's F1: where the amendment's own tender's section is not in the project, or held restricted, the other
# tender's Section VI that the heading fits too is never the target by elimination: its clauses are reported, and
# the road tender's clauses stay in force for every asker.
def _held_doc(root: Path, name: str, doc: str, title: str, body: str, *, kind: str = "specification",
         issued: str = "2027-09-01", access: str | None = None) -> None:
    held = f"access: [{access}]\n" if access else ""
    (root / "documents" / name).write_text(
        f'---\nid: {doc}\nkind: {kind}\ntitle: "{title}"\n{held}issued: {issued}\neffective: {{from: {issued}}}\n'
        f"recorded: {issued}T00:00:00Z\n---\n{body}", encoding="utf-8")


@pytest.mark.parametrize("wells", ["absent", "restricted"])
def test_another_tenders_section_is_never_the_target_by_elimination(tmp_path, wells):
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: two-tenders\nrules:\n  - stock: supersession/csi-addenda\n")
    if wells == "restricted":
        _held_doc(tmp_path, "wells.md", "SPEC-WELLS", WELLS_TITLE, WELLS, access="owners")
    _held_doc(tmp_path, "roads.md", "SPEC-ROADS", ROADS_TITLE, ROADS)
    _held_doc(tmp_path, "add.md", "ADD-01", AMENDMENT_TITLE, AMENDMENT, kind="addendum", issued="2027-10-04")
    done = inforce("ingest", tmp_path)
    assert done.returncode == 0, done.stderr
    for groups in (None, "owners"):
        review = json.loads(inforce("review", tmp_path, "-f", "json", groups=groups).stdout)
        targets = [e["target"] for e in review["applied"] + review["proposed"]]
        assert not any(t.startswith("SPEC-ROADS") for t in targets), (groups, targets)
        asof = inforce("asof", tmp_path, "SPEC-ROADS#1.2", "--valid-at", "2027-11-01", groups=groups)
        assert "in force" in asof.stdout.splitlines()[0] and "superseded" not in asof.stdout, asof.stdout
    # nothing silent: each clause the amendment changes is still named, in the report of what was not understood
    derived = json.loads(inforce("ingest", tmp_path, "--derived", "--format", "json").stdout)
    said = " ".join(n["reason"] for n in derived["not_understood"]) + " ".join(
        p["target"] for p in derived["proposed"])
    for clause in ("1.2", "2.1", "2.2"):
        assert clause in said, said
