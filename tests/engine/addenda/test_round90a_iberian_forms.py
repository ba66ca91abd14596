"""Round 90a (issue 21): Spanish- and Portuguese-speaking owners' addenda that named their provisions in forms the
reader missed. A title closing its designation with a full stop ("Secção IV. Especificações Técnicas ...") is
designated by it, as "Secção IV Especificações ..." is; a Guatemalan specification's "renglón" is a reference noun
(the pack's ``references``), and "se adiciona el renglón 3.4" adds a new one (``insertions``); a Bolivian DBC
amendment's "PUNTO ENMENDADO Nº n" block (``layouts``) is one item, its "Referencia:" line naming the place and its
"Enmienda:" line the change; a sheet's note deleted in an answer below the blocks stays applied (an ítem the answer
cites, no document named, is no reference); sheets under a designation whose written title is another part's are
placed alone, as where no document is designated so."""

from __future__ import annotations

from inforce.engine.derivation import TargetDirectory, designations_of

from addenda_reading import addenda_rules, applied, read_project, start_project
from corpus_writer import write_doc


def test_a_title_closing_its_designation_with_a_full_stop_is_designated_by_it():
    words = designations_of(addenda_rules().supersession)
    directory = TargetDirectory()
    directory.add_entry("SPEC-PT", "specification", "Secção IV. Especificações Técnicas, ponte pedonal")
    directory.add_entry("SPEC-EN", "specification", "Section II. Technical Specifications, footbridge")
    directory.add_entry("SPEC-PATH", "specification", "Section 3.1 Formwork")  # a dotted path, no designation
    table = directory.designated(words)
    assert table["SECTIONIV"] == [("SPEC-PT", "specification")]
    assert table["SECTIONII"] == [("SPEC-EN", "specification")]
    assert "SECTION3" not in table


def test_a_designation_with_a_full_stop_in_the_title_names_its_document_among_others_so_designated(tmp_path):
    root = start_project(tmp_path / "p", "round90a-seccao")
    write_doc(root, "SPEC-PONTE", "2026-01-05", "1 GERAL\n\n1.1 Betão C25/30.\n\n1.2 Aço A500.\n\n2 ACABAMENTOS\n\n"
              "2.1 Pintura epóxi em duas demãos.\n", title="Secção IV. Requisitos das Obras, Especificações Técnicas, ponte")
    write_doc(root, "SPEC-OTHER", "2026-01-05", "1 GENERAL\n\n1.1 Concrete C30/37.\n\n1.2 Steel B500.\n",
              title="Section IV Technical Specifications, harbour wall")
    write_doc(root, "ADD-01", "2026-02-02", "ADENDA N.º 1\n\nA. EMENDAS AOS DOCUMENTOS DE CONCURSO\n\n"
              "Emenda n.º 1 - Secção IV, Especificações Técnicas, cláusula 1.2: eliminar.\n\n"
              "Emenda n.º 2 - Secção IV, Especificações Técnicas, cláusula 2.1: substituir o texto existente pelo "
              'seguinte: "2.1 Pintura de poliuretano em três demãos."\n')
    assert applied(read_project(root, addenda_rules())) == {("SPEC-PONTE#1.2", "full", False),
                                                           ("SPEC-PONTE#2.1", "full", True)}


def test_a_renglon_of_the_specifications_is_named_in_a_table_of_modifications(tmp_path):
    root = start_project(tmp_path / "p", "round90a-renglon")
    write_doc(root, "SPEC-CALLE", "2026-01-05", "1 PRELIMINARES\n\n1.1 Limpieza del terreno.\n\n2 PAVIMENTO\n\n"
              "2.1 Sub-base de 0.25 m.\n\n2.2 Bordillo prefabricado de 0.40 m.\n\n3 DRENAJE\n\n3.1 Tubería de 12 pulgadas.\n",
              title="Especificaciones técnicas, licitación pública NOG 31870254, pavimentación de la calle principal")
    write_doc(root, "ADD-01", "2026-02-02", "MODIFICACIÓN No. 2\n\nLICITACIÓN PÚBLICA NOG 31870254\n\n| No. | Documento y numeral | Modificación |\n"
              "|---|---|---|\n"
              '| 1 | Especificaciones técnicas, renglón 2.1 Sub-base | Se modifica el espesor de "0.25 m" a "0.30 m". |\n'
              "| 2 | Especificaciones técnicas, renglón 2.2 Bordillo | Se elimina el renglón. |\n"
              '| 3 | Especificaciones técnicas, renglón 3 Drenaje | Se adiciona el renglón 3.2: "3.2 Pozos de visita a cada '
              '50 m." |\n')
    assert applied(read_project(root, addenda_rules())) == {("SPEC-CALLE#2.1", "partial", True),
                                                           ("SPEC-CALLE#2.2", "full", False),
                                                           ("SPEC-CALLE#3", "partial", True)}


def test_a_punto_enmendado_block_reads_its_reference_line_and_its_amendment_line_as_one_item(tmp_path):
    root = start_project(tmp_path / "p", "round90a-punto")
    write_doc(root, "SPEC-COLISEO", "2026-01-05", "PARTE II - ESPECIFICACIONES TÉCNICAS\n\n1 ESTRUCTURA\n\n"
              "1.1 Columnas metálicas de 200 x 200 mm.\n\n1.2 Vigas de 300 mm.\n\n2 CUBIERTA\n\n"
              "2.1 Calamina N° 28.\n\n2.2 Cumbrera galvanizada.\n",
              title="Parte II, Especificaciones técnicas, CUCE 26-0311-00-1187702-1-1, coliseo municipal")
    (root / "documents" / "CM-01.drawing.yaml").write_text(
        "id: DWG-CM-01\nkind: drawing\nsheet: CM-01\ntitle: Estructura, planta y detalles\nrevision: \"0\"\n"
        "issued: 2026-01-05\neffective: {from: 2026-01-05}\nrecorded: 2026-01-05T09:00:00Z\ncallouts:\n  - id: note-1\n    text: \"NOTA 1: COTAS EN METROS.\"\n"
        "  - id: note-2\n    text: \"NOTA 2: ACERO A36.\"\n", encoding="utf-8")
    write_doc(root, "ADD-01", "2026-02-02", "ENMIENDA Nº 2 AL DBC\n\nCUCE: 26-0311-00-1187702-1-1\n\nI. PUNTOS ENMENDADOS\n\n"
              "PUNTO ENMENDADO Nº 1\nReferencia: Parte II, Especificaciones técnicas, ítem 1.2 Vigas.\n"
              'Enmienda: Donde dice "300 mm" debe decir "350 mm".\n\n'
              "PUNTO ENMENDADO Nº 2\nReferencia: Parte II, Especificaciones técnicas, ítem 2.2 Cumbrera.\n"
              "Enmienda: Se suprime el ítem.\n\n"
              "II. CONSULTAS\n\n"
              "Consulta 1 (escrita): ¿Qué acero rige, el del ítem 1.1 o el de la lámina CM-01?\n"
              "Respuesta: Rige el ítem 1.1. Lámina CM-01, nota 2: se elimina.\n")
    assert applied(read_project(root, addenda_rules())) == {("SPEC-COLISEO#1.2", "partial", True),
                                                           ("SPEC-COLISEO#2.2", "full", False),
                                                           ("DWG-CM-01#note-2", "full", False)}


def test_sheets_under_a_designation_titled_as_another_part_are_placed_alone(tmp_path):
    """"Amendment to Section IV Drawings:" where the project's one Section IV is another owner's specifications
    ("Secção IV. Especificações ...", designated now that its full stop is read): the drawings are a part the project
    does not hold, as where no document is designated so, and the sheet named by its own number is replaced."""
    root = start_project(tmp_path / "p", "round90a-unfit")
    write_doc(root, "SPEC-PONTE", "2026-01-05", "1 GERAL\n\n1.1 Betão C25/30.\n",
              title="Secção IV. Especificações Técnicas, ponte pedonal")
    (root / "documents" / "FB4-C-05.drawing.yaml").write_text(
        "id: DWG-FB4-C-05\nkind: drawing\nsheet: FB4-C-05\ntitle: Culvert details\nrevision: \"0\"\nissued: 2026-01-05\n"
        "effective: {from: 2026-01-05}\nrecorded: 2026-01-05T09:00:00Z\n", encoding="utf-8")
    write_doc(root, "ADD-01", "2026-02-02", "Addendum No. 3\n\nBidding Documents for the River Crossing Project\nContract Package FB-4: Km 2+100 to Km 9+400\n\n"
              "CHANGES\n\nAmendment to Section IV Drawings: Sheet FB4-C-05 Culvert Details\n"
              "Sheet FB4-C-05 is replaced by the revised Sheet FB4-C-05 (Revision 2) attached to this Addendum; the barrel is widened to 1.50 m.\n")
    assert applied(read_project(root, addenda_rules())) == {("DWG-FB4-C-05", "full", True)}
