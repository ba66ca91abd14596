"""Round 77 of issue 21 (held-out-64's forms), in words and numbers of our own: a French tender file's
additif with a table "Référence | Texte initial | Texte modifié" naming "Section VI, <title>, article n"
where several documents are designated Section VI (the title, in accented words, says which), an article
given whole in guillemets in both columns, and "Article supprimé ; ..." in the new column; and an
Ecuadorian acta's clarifications naming the technical specifications' "rubro n.n"."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_project, start_project
from corpus_writer import write_doc


def _doc(root: Path, doc: str, title: str, body: str, *, kind: str = "specification", issued: str = "2027-09-01") -> None:
    write_doc(root, doc, issued, body, kind=kind, title=title)


def _read(root: Path, rules, body: str):
    _doc(root, "ADD-01", "Additif", body, kind="addendum", issued="2027-10-04")
    reading = read_project(root, rules)
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    proposed = {(p.target.format(), p.scope, p.successor) for p in reading.proposed}
    return reading, applied, proposed


PRESCRIPTIONS = ("SECTION VI - PRESCRIPTIONS TECHNIQUES\n\n1 MAÇONNERIE\n\n"
                 "1.1 Les agglos seront de 15 cm, pleins en fondation.\n\n1.2 Les joints auront 1 cm au plus.\n\n"
                 "2 MENUISERIES\n\n2.1 Les portes seront en bois rouge de 40 mm.\n\n"
                 "2.2 Les fenêtres seront à persiennes en aluminium.\n\n2.3 Les serrures seront à trois points.\n")
WORKS = ("SECTION VI WORKS REQUIREMENTS, TECHNICAL SPECIFICATIONS\n\n1 GENERAL\n\n1.1 Site clearance by hand.\n\n"
         "1.2 Setting out by the Contractor.\n\n2 JOINERY\n\n2.1 Doors in hardwood.\n\n2.2 Windows in steel.\n\n"
         "2.3 Locks of brass.\n")


def test_a_dao_table_names_its_section_by_a_title_in_accented_words(tmp_path, rules):
    start_project(tmp_path, "round-77")
    _doc(tmp_path, "SPEC-FR-PT", "Section VI - Prescriptions techniques, appel d'offres n° 12/2027, collège de Bouaflé", PRESCRIPTIONS)
    _doc(tmp_path, "SPEC-EN-WR", "Section VI Works Requirements, Technical Specifications, ITB 7/2027, District Clinic", WORKS)
    reading, applied, proposed = _read(tmp_path, rules, (
        "ADDITIF N° 2 AU DOSSIER D'APPEL D'OFFRES N° 12/2027\n\n"
        "| N° | Référence dans le DAO | Texte initial | Texte modifié |\n|---|---|---|---|\n"
        "| 1 | Section VI, Prescriptions techniques, article 1.1 | « de 15 cm » | « de 20 cm » |\n"
        "| 2 | Section VI, Prescriptions techniques, article 2.1 | « 2.1 Les portes seront en bois rouge de 40 mm. » "
        "| « 2.1 Les portes seront isoplanes, à âme pleine, de 45 mm, peintes. » |\n"
        "| 3 | Section VI, Prescriptions techniques, article 2.3 | « 2.3 Les serrures seront à trois points. » "
        "| Article supprimé ; les serrures existantes sont réutilisées. |\n"
        "| 4 | Section VI, Prescriptions techniques, article 1.2 | « 1.2 Les joints auront 1 cm au plus. » "
        "| Alinéa supprimé. Les joints suivent le fabricant. |\n"))
    assert ("SPEC-FR-PT#1.1", "partial", True) in applied, applied   # words for words
    assert ("SPEC-FR-PT#2.1", "full", True) in applied, applied      # the article whole in both columns
    assert ("SPEC-FR-PT#2.3", "full", False) in applied, applied     # "Article supprimé ; ..."
    assert ("SPEC-FR-PT#1.2", "full", False) in applied, applied     # "Alinéa supprimé. ..."
    assert not any(t.startswith("SPEC-EN-WR") for t, _, _ in applied | proposed), (applied, proposed)


ET = ("ESPECIFICACIONES TÉCNICAS\n\n1 REDES\n\n1.1 Tubería de PVC de 110 mm para acometidas.\n\n"
      "1.2 Cajas de revisión de 0,40 x 0,40 m.\n\n2 ACABADOS\n\n2.1 Enlucido de paredes con mortero 1:3.\n\n"
      "2.2 Pintura de caucho en dos manos.\n")


def test_clarifications_name_the_rubros_of_the_technical_specifications(tmp_path, rules):
    start_project(tmp_path, "round-77")
    _doc(tmp_path, "SPEC-EC-R77", "Especificaciones técnicas, licitación COTO-GADM-2027-05, casa comunal de El Tambo", ET)
    reading, applied, proposed = _read(tmp_path, rules, (
        "ACTA DE PREGUNTAS, RESPUESTAS Y ACLARACIONES - COTO-GADM-2027-05\n\n"
        'ACLARACIÓN 1: Especificaciones técnicas, rubro 1.1: se modifica el texto "de 110 mm" por "de 160 mm".\n\n'
        'ACLARACIÓN 2: Especificaciones técnicas, rubro 2.1: se sustituye por el siguiente: "2.1 Enlucido de paredes '
        'con mortero 1:4 y acabado paleteado fino."\n\n'
        "ACLARACIÓN 3: Especificaciones técnicas, RUBRO 1.2: se elimina. Las acometidas llegan directo al colector.\n"))
    # the rubro is placed in the one document holding it (with no section named, a person confirms it)
    placed = applied | proposed
    assert ("SPEC-EC-R77#1.1", "partial", True) in placed, placed
    assert ("SPEC-EC-R77#2.1", "full", True) in placed, placed
    assert ("SPEC-EC-R77#1.2", "full", False) in placed, placed
    assert not reading.not_understood, reading.not_understood
