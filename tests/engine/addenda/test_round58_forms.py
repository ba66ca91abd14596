"""Round 58 of issue 21 (held-out-58's forms), in words and numbers of our own: a French modification de
détail citing "CCTP, article n, alinéa m" (the document by its bracketed initials, the alinéa the path n.m;
words replaced in guillemets, an alinéa deleted by the participle alone, an article replaced in its entirety,
an alinéa added, a change conditional on an optional item, an alinéa reinstated, a plan at a new index); a
Mexican junta de aclaraciones naming "la especificación particular n" of the Especificaciones Particulares
(a Dice / Debe decir table, a title changed, a sheet's "nota", "para quedar como sigue"); a notice to
tenderers naming sections by a title of one word before the clause, or by title alone before a colon;
sheets "issued at Revision B", a sheet reissued with one detail noted as revised, and a new clause added to
a part by its lettered number."""

from __future__ import annotations

from pathlib import Path

from inforce.engine.addenda.references import Reference, _without_unplaced_parents
from inforce.ontology import Locator

from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc


def _doc(root: Path, doc: str, title: str, body: str, *, kind: str = "specification", issued: str = "2027-09-01") -> None:
    write_doc(root, doc, issued, body, kind=kind, title=title)


def _read(root: Path, rules, body: str):
    _doc(root, "ADD-01", "Modification", body, kind="addendum", issued="2027-10-04")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return reading, applied, proposed


CCTP = ("CAHIER DES CLAUSES TECHNIQUES PARTICULIÈRES - LOT 05 PLOMBERIE\n\n1 GÉNÉRALITÉS\n\n"
        "1.1 Le lot comprend les réseaux d'eau froide et d'eau chaude du vestiaire.\n\n"
        "1.2 Les essais sont à la charge de l'entreprise.\n\n2 APPAREILS\n\n2.1 Les lavabos seront en porcelaine blanche.\n\n"
        "2.2 Les robinets seront à fermeture temporisée.\n\n3 PRODUCTION D'EAU CHAUDE\n\n"
        "3.1 Un ballon électrique de 200 litres sera posé au local technique.\n\n3.2 Le ballon sera équipé d'un groupe de sécurité.\n\n"
        "4 OPTIONS\n\n4.1 Option n° 2 : douche supplémentaire.\n\n4.2 Le prix de l'option est donné à part.\n")
CCTP_TITLE = ("Cahier des Clauses Techniques Particulières (CCTP), Lot 05 Plomberie, Réhabilitation du vestiaire du "
              "stade municipal (commune)")
FRENCH_HEAD = ("MODIFICATION DE DÉTAIL N° 1\n\nRÉHABILITATION DU VESTIAIRE DU STADE MUNICIPAL - LOT 05 PLOMBERIE\n\n"
               "Le pouvoir adjudicateur apporte les modifications suivantes.\n\n")


def test_a_cctp_named_by_its_initials_is_changed_article_by_alinea(tmp_path, rules):
    start_project(tmp_path, "round-58")
    _doc(tmp_path, "SPEC-CCTP", CCTP_TITLE, CCTP)
    reading, applied, proposed = _read(tmp_path, rules, FRENCH_HEAD + (
        "1. CCTP, article 2, alinéa 1 : les mots « porcelaine blanche » sont remplacés par les mots « grès émaillé ».\n\n"
        "2. CCTP, article 1, alinéa 2 : supprimé.\n\n"
        "3. CCTP, article 3 : l'article est remplacé dans son intégralité par : « 3 PRODUCTION D'EAU CHAUDE - 3.1 Un "
        "chauffe-eau thermodynamique de 270 litres sera posé. 3.2 Il sera équipé d'un groupe de sécurité. »\n\n"
        "4. CCTP, article 2 : il est ajouté un alinéa 3 ainsi rédigé : « 2.3 Les miroirs seront inclinables. »\n"))
    assert ("SPEC-CCTP#2.1", "partial", True) in applied, applied    # words in guillemets, "sont remplacés par"
    assert ("SPEC-CCTP#1.2", "full", False) in applied, applied      # "supprimé." alone: the alinéa goes
    assert ("SPEC-CCTP#3", "full", True) in applied, applied         # "remplacé dans son intégralité"
    assert ("SPEC-CCTP#2", "partial", True) in applied, applied      # an alinéa added to article 2
    assert not any(t in ("SPEC-CCTP#1", "SPEC-CCTP#2.2") for t, _, _ in applied | proposed)
    assert not reading.not_understood, reading.not_understood


def test_a_french_condition_or_reinstatement_never_applies(tmp_path, rules):
    start_project(tmp_path, "round-58")
    _doc(tmp_path, "SPEC-CCTP", CCTP_TITLE, CCTP)
    reading, applied, proposed = _read(tmp_path, rules, FRENCH_HEAD + (
        "1. CCTP, article 4, alinéa 2 : dans le cas où l'option n° 2 serait retenue, l'alinéa est complété par : "
        "« La douche sera à l'italienne. »\n\n"
        "2. CCTP, article 2, alinéa 2 : la modification n° 0 ayant supprimé cet alinéa, celui-ci est rétabli dans sa "
        "rédaction initiale.\n"))
    assert not applied, applied
    assert ("SPEC-CCTP#4.2", "partial", True) in proposed, proposed  # held back for a person, never silent
    assert not any(t == "SPEC-CCTP#2.2" and not s for t, _, s in applied | proposed)


def test_a_plan_at_a_new_index_joined_to_the_modification_replaces_the_sheet(tmp_path, rules):
    start_project(tmp_path, "round-58")
    _doc(tmp_path, "SPEC-CCTP", CCTP_TITLE, CCTP)
    write_sheet(tmp_path, "P-102")
    _, applied, _ = _read(tmp_path, rules, FRENCH_HEAD + (
        "1. Plans : le plan P-102 Réseaux, indice C, joint à la présente, remplace le plan P-102 indice B.\n"))
    assert ("DWG-P-102", "full", True) in applied, applied


EP = ("ESPECIFICACIONES PARTICULARES\n\n1 LIMPIEZA\n\n1.1 Se retirará la maleza en una franja de 3 m.\n\n"
      "1.2 El producto se llevará a un tiradero a 5 km.\n\n2 GUARNICIONES\n\n2.1 Las guarniciones serán de concreto f'c = 150 kg/cm2.\n\n"
      "2.2 Se colarán en tramos de 3 m.\n\n3 BANQUETAS\n\n3.1 La banqueta tendrá 8 cm de espesor.\n")
EP_TITLE = "Especificaciones Particulares, Licitación LP-44-2027, Pavimentación de la calle Morelos (secretaría estatal)"
CALLE = "LICITACIÓN LP-44-2027 - PAVIMENTACIÓN DE LA CALLE MORELOS\n\nJUNTA DE ACLARACIONES\n\n"
PLANO = ("id: DWG-V-201\nkind: drawing\nsheet: V-201\ntitle: Secciones\nissued: 2027-09-01\n"
         "effective: {from: 2027-09-01}\nrecorded: 2027-09-01T00:00:00Z\ncallouts:\n"
         "  - id: note-2\n    text: \"NOTA 2: JUNTAS A CADA 3 M.\"\n")


def test_an_especificacion_particular_named_in_the_singular_places_its_incisos(tmp_path, rules):
    start_project(tmp_path, "round-58")
    _doc(tmp_path, "SPEC-EP", EP_TITLE, EP)
    (tmp_path / "documents" / "dwg-v-201.drawing.yaml").write_text(PLANO)
    reading, applied, _ = _read(tmp_path, rules, CALLE + (
        'Pregunta 1. ¿Se acepta concreto premezclado? Respuesta: Sí. Se modifica el inciso 2.1 de la especificación '
        'particular 2 para quedar como sigue: "2.1 Las guarniciones serán de concreto premezclado f\'c = 200 kg/cm2."\n\n'
        "| No. | Documento | Dice | Debe decir |\n|---|---|---|---|\n"
        '| 1 | Especificación particular 1, inciso 1.2 | "a 5 km" | "a 12 km" |\n'
        '| 2 | Especificación particular 3 (título) | "3 BANQUETAS" | "3 BANQUETAS Y RAMPAS" |\n'
        '| 3 | Plano V-201, nota 2 | texto de la nota 2 | "NOTA 2: JUNTAS A CADA 2.5 M." |\n'))
    assert ("SPEC-EP#2.1", "full", True) in applied, applied     # "para quedar como sigue", the whole inciso
    assert ("SPEC-EP#1.2", "partial", True) in applied, applied  # Dice / Debe decir, words for words
    assert ("SPEC-EP#3", "partial", True) in applied, applied    # the title alone given anew
    assert ("DWG-V-201#note-2", "full", True) in applied, applied  # a sheet's "nota 2"


PAINT = "SECTION 09 91 00 - PAINTING\n\n2.1 SYSTEMS\n\nA. Primer: one coat.\n\nB. Finish: two coats of alkyd enamel.\n"
SIGNS = "SECTION 10 14 00 - SIGNAGE\n\n2.1 SIGNS\n\nA. Panels: aluminium.\n\nB. Letters: raised.\n\nC. Braille: grade 2.\n"
ALARM = "SECTION 28 46 21 - FIRE ALARM\n\n1.1 SUMMARY\n\nA. Addressable system.\n"
SPRAY = "SECTION 21 13 13 - WET-PIPE SPRINKLER SYSTEMS\n\n3.1 TESTING\n\nA. Hydrostatic test at 200 psi for two hours.\n"


def test_a_section_named_by_a_title_of_one_word_before_its_clause(tmp_path, rules):
    start_project(tmp_path, "round-58")
    _doc(tmp_path, "SPEC-099100", "Section 09 91 00 Painting", PAINT)
    _doc(tmp_path, "SPEC-101400", "Section 10 14 00 Signage", SIGNS)
    _doc(tmp_path, "SPEC-211313", "Section 21 13 13 Wet-Pipe Sprinkler Systems", SPRAY)
    _doc(tmp_path, "SPEC-284621", "Section 28 46 21 Fire Alarm", ALARM)
    _, applied, proposed = _read(tmp_path, rules, (
        "NOTICE TO TENDERERS NO. 2\n\nA. SPECIFICATIONS\n\n"
        '1. Painting, clause 2.1 B: replace "alkyd enamel" with "waterborne enamel".\n\n'
        "2. Signage, clause 2.1 C: delete.\n\n"
        '3. Wet-Pipe Sprinkler Systems, clause 3.1 A: "200 psi" to read "250 psi".\n\n'
        "4. Fire Alarm: the specification is withdrawn and replaced by the attached Revision 2.\n"))
    assert ("SPEC-099100#2.1.B", "partial", True) in applied, applied
    assert ("SPEC-101400#2.1.C", "full", False) in applied, applied
    assert ("SPEC-211313#3.1.A", "partial", True) in applied, applied  # '"X" to read "Y"': words for words
    # a whole section by its title alone is offered, never applied
    assert ("SPEC-284621", "full", True) in proposed and not any(t.startswith("SPEC-284621") for t, _, _ in applied)


def test_a_one_word_title_two_sections_share_is_never_applied(tmp_path, rules):
    start_project(tmp_path, "round-58")
    _doc(tmp_path, "SPEC-099100", "Section 09 91 00 Painting", PAINT)
    _doc(tmp_path, "SPEC-099600", "Section 09 96 00 Painting", PAINT.replace("09 91 00", "09 96 00"))
    _, applied, _ = _read(tmp_path, rules, (
        "NOTICE TO TENDERERS NO. 3\n\n1. Painting, clause 2.1 B: replace \"alkyd enamel\" with \"epoxy\".\n"))
    assert not any(t.startswith(("SPEC-099100", "SPEC-099600")) for t, _, _ in applied), applied


def test_sheets_issued_at_a_revision_and_a_sheet_reissued_with_a_detail_noted(tmp_path, rules):
    start_project(tmp_path, "round-58")
    for sheet in ("E-301", "E-302", "S-401"):
        write_sheet(tmp_path, sheet)
    _, applied, _ = _read(tmp_path, rules, (
        "NOTICE TO TENDERERS NO. 4\n\nC. DRAWINGS\n\n1. Drawings E-301 and E-302 are issued at Revision C.\n\n"
        "DRAWINGS\n\nS-401 - Footing Details (sheet included in its entirety; Detail 4 revised)\n"))
    assert {("DWG-E-301", "full", True), ("DWG-E-302", "full", True), ("DWG-S-401", "full", True)} <= applied, applied
    assert not any(t.startswith("DWG-S-401#") for t, _, _ in applied)


ZA = ("PART C3 SCOPE OF WORK\n\nC3.1 DESCRIPTION\n\nC3.1.1 The works are a parking area.\n\n"
      "C3.2 MATERIALS\n\nC3.2.1 Kerbs shall be precast.\n")


def test_a_new_clause_added_to_a_part_by_its_lettered_number_changes_the_part_in_part(tmp_path, rules):
    start_project(tmp_path, "round-58")
    _doc(tmp_path, "SPEC-C3", "Part C3 Scope of Work, Tender 12/2027, Parking Area", ZA)
    _, applied, _ = _read(tmp_path, rules, (
        "ADDENDUM NO. 1\n\nTender 12/2027.\n\n| No. | Volume, Part and Clause | Amendment |\n|---|---|---|\n"
        '| 1 | Volume 3, Part C3 | Add new clause "C3.3 SITE SECURITY - C3.3.1 The Contractor shall fence the site." |\n'))
    assert ("SPEC-C3", "partial", True) in applied, applied



def test_an_unplaced_article_named_before_the_new_clause_it_gains_gives_way_to_the_clause():
    # "Document n°4, article 2 : il est ajouté un article 2.3": the whole article by its number (the notation
    # the French forms need) and the new clause of it, neither placed by the item's words; the clause is what
    # the item names (later readings place it by the documents that hold its article)
    article = Reference("paragraph", "article 2", (20, 29), None, why="names article 2, but no section it belongs to")
    clause = Reference("paragraph", "article 2.3", (50, 61), None, why="names article 2.3, but no section it belongs to")
    other = Reference("paragraph", "article 7", (70, 79), None, why="names article 7, but no section it belongs to")
    assert _without_unplaced_parents([article, clause, other]) == [clause, other]
    # (a placed article stays, whatever follows it: "CCTP, article 4 : il est ajouté un alinéa 3")
    placed = Reference("paragraph", "article 2", (20, 29), Locator(doc="SPEC-X", path="2"))
    assert _without_unplaced_parents([placed, clause]) == [placed, clause]


CONDICIONES = ("CONDICIONES ESPECIALES\n\n1 OBJETO\n\n1.1 Remodelación de la biblioteca.\n\n2 VISITA\n\n"
               "2.1 La visita al lugar es compulsoria.\n\n2.2 Se levantará un acta de la visita.\n")


def test_a_document_named_by_its_name_before_a_colon_is_not_taken_for_a_near_title(tmp_path, rules):
    # a name opening the item before its colon that is no document's title exactly is left to the reading of
    # a tender's documents by their names: "Condiciones Especiales:" names the Condiciones Especiales
    start_project(tmp_path, "round-58")
    _doc(tmp_path, "SPEC-CE", "Condiciones Especiales, Subasta Formal, Remodelación de la biblioteca municipal", CONDICIONES)
    _, applied, _ = _read(tmp_path, rules, (
        "ENMIENDA NÚM. 2\n\nSUBASTA FORMAL - REMODELACIÓN DE LA BIBLIOTECA MUNICIPAL\n\n"
        "1. Condiciones Especiales: se elimina el Artículo 2.2.\n"))
    assert ("SPEC-CE#2.2", "full", False) in applied, applied


DEMOLITION = ("SECTION 02 41 19 - SELECTIVE DEMOLITION\n\n3.2 DISPOSAL\n\n.1 Remove debris daily.\n\n"
              ".2 Recycle metals.\n")


def test_an_article_and_its_point_read_together_are_not_cut_short_by_a_notation(tmp_path, rules):
    # "article {article}" (a notation the French forms need) never reads "Article 3.2" out of "Article 3.2,
    # paragraph .3": the point of the article is what the item deletes, in part of the article
    start_project(tmp_path, "round-58")
    _doc(tmp_path, "SPEC-024119", "Section 02 41 19 Selective Demolition", DEMOLITION)
    _, applied, proposed = _read(tmp_path, rules, (
        "ADDENDUM NO. 5\n\n2.3 Section 02 41 19 - Selective Demolition\n\n"
        "2.3.1 Article 3.2, paragraph .3: delete. Crushed concrete may not be used as fill.\n"))
    assert ("SPEC-024119#3.2", "full", False) not in applied | proposed, (applied, proposed)
