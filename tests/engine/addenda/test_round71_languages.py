"""Round 71 of issue 21, items written in languages other than English: a notice sentence ending in a
colon over unnumbered corrections (a Portuguese "declaração de rectificação") is no lead of new words,
so the first correction under it is an item of its own, at its own line; a clause's point written apart
from it ("Na cláusula 3.ª, é eliminado o n.º 2") in a correction naming no document is the clause's
point (3.2), placed in the document holding it, the one an earlier correction names by its title where
several hold it. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc


def _doc(root: Path, doc: str, title: str, body: str, *, kind: str = "specification", issued: str = "2027-09-06") -> None:
    write_doc(root, doc, issued, body, kind=kind, title=title)


CADERNO = ("CADERNO DE ENCARGOS - CLÁUSULAS TÉCNICAS\n\n1 DEMOLIÇÕES\n\n"
           "1.1 Os entulhos serão levados a vazadouro licenciado.\n\n2 ESTRUTURA\n\n"
           "2.1 As sapatas serão em betão C20/25.\n\n2.2 As armaduras serão em aço A500 NR.\n\n3 COBERTURA\n\n"
           "3.1 As telhas serão cerâmicas, de aba e canudo.\n\n3.2 Os beirados serão refeitos com telha antiga.\n\n"
           "3.3 Os algerozes serão em zinco.\n")
PLIEGO = ("PLIEGO DE ESPECIFICACIONES TÉCNICAS\n\n1 GENERALIDADES\n\n1.1 El contratista mantendrá limpia la obra.\n\n"
          "3 CUBIERTA\n\n3.1 La cubierta será de chapa sinusoidal.\n\n3.2 Las cumbreras serán de chapa plegada.\n")

NOTICE = ("Torna-se público que as peças do concurso, disponibilizadas aos concorrentes na plataforma electrónica, "
          "continham as inexactidões seguintes, que agora se corrigem e se notificam a todos os interessados:")


def _read(root: Path, rules, body: str):
    _doc(root, "ADD-01", "Declaração de rectificação n.º 2", body, kind="addendum", issued="2027-10-11")
    return read_project(root, rules)


def _item(edge):
    """The item an applied edge (``by``) or a proposal (``item``) comes from."""
    return getattr(edge, "by", None) or edge.item


def test_the_first_correction_under_a_notice_ending_in_a_colon_is_an_item_of_its_own(tmp_path, rules):
    start_project(tmp_path, "round-71-notice")
    _doc(tmp_path, "SPEC-PT-CT", "Caderno de Encargos, Cláusulas Técnicas, Recuperação do Mercado da Ribeira", CADERNO)
    reading = _read(tmp_path, rules, (
        "MUNICÍPIO DA RIBEIRA\n\n" + NOTICE + "\n\n"
        'No caderno de encargos, cláusulas técnicas, na cláusula 2.ª, n.º 1, onde se lê "C20/25" deve ler-se "C25/30".\n\n'
        'No caderno de encargos, cláusulas técnicas, na cláusula 3.ª, n.º 3, onde se lê "zinco" deve ler-se "cobre".\n'))
    edges = {e.target.format(): e for e in reading.applied} | {p.target.format(): p for p in reading.proposed}
    assert {"SPEC-PT-CT#2.1", "SPEC-PT-CT#3.3"} <= set(edges), (edges, reading.not_understood)
    # each correction is its own item, two lines apart: the first was read into the notice (at the
    # notice's line, where nothing expected it and a person reviewing the notice saw no correction)
    assert edges["SPEC-PT-CT#3.3"].line - edges["SPEC-PT-CT#2.1"].line == 2, edges
    assert _item(edges["SPEC-PT-CT#2.1"]) != _item(edges["SPEC-PT-CT#3.3"])


def test_a_point_written_apart_from_its_clause_is_the_clause_s_point(tmp_path, rules):
    start_project(tmp_path, "round-71-point")
    _doc(tmp_path, "SPEC-PT-CT", "Caderno de Encargos, Cláusulas Técnicas, Recuperação do Mercado da Ribeira", CADERNO)
    reading = _read(tmp_path, rules, (
        "MUNICÍPIO DA RIBEIRA\n\n" + NOTICE + "\n\n"
        'No caderno de encargos, cláusulas técnicas, na cláusula 1.ª, n.º 1, onde se lê "licenciado" deve ler-se "licenciado pela câmara".\n\n'
        "Na cláusula 3.ª, é eliminado o n.º 2.\n"))
    # 3.2 deleted, never clause 3 whole nor 2 of anything; reported before ("names cláusula 3.ª, but no
    # section it belongs to; names o n.º 2, ...")
    placed = applied(reading) | proposed(reading)
    assert ("SPEC-PT-CT#3.2", "full", False) in placed, (placed, reading.not_understood)
    assert not any(t in ("SPEC-PT-CT#3", "SPEC-PT-CT#2") for t, _, _ in placed), placed


def test_a_point_several_documents_hold_goes_to_the_one_an_earlier_correction_names(tmp_path, rules):
    start_project(tmp_path, "round-71-holder")
    _doc(tmp_path, "SPEC-PT-CT", "Caderno de Encargos, Cláusulas Técnicas, Recuperação do Mercado da Ribeira", CADERNO)
    _doc(tmp_path, "SPEC-ES-PET", "Pliego de Especificaciones Técnicas, Licitación Nº 4/2027, Cubierta del Mercado de la Ribeira", PLIEGO)
    reading = _read(tmp_path, rules, (
        "MUNICÍPIO DA RIBEIRA\n\n" + NOTICE + "\n\n"
        'No caderno de encargos, cláusulas técnicas, na cláusula 1.ª, n.º 1, onde se lê "licenciado" deve ler-se "licenciado pela câmara".\n\n'
        "Na cláusula 3.ª, é eliminado o n.º 2.\n"))
    placed = applied(reading) | proposed(reading)
    # both documents hold a 3.2: the caderno the first correction names is meant, never the pliego
    assert ("SPEC-PT-CT#3.2", "full", False) in placed, (placed, reading.not_understood)
    assert not any(t.startswith("SPEC-ES-PET") for t, _, _ in placed), placed


OHJELMA = ("URAKKAOHJELMA\n\n1 YLEISTÄ\n\n1.1 Urakka käsittää laiturin korjauksen.\n\n2 MAKSUT\n\n"
           "2.1 Maksut suoritetaan maksuerätaulukon mukaan.\n\n2.2 Maksuaika on 21 päivää.\n\n3 VAKUUDET\n\n"
           "3.1 Rakennusaikainen vakuus on 8 % urakkahinnasta.\n")


def test_a_new_point_numbered_in_a_point_it_is_added_to_changes_that_point_in_part(tmp_path, rules):
    start_project(tmp_path, "round-71-new-point")
    _doc(tmp_path, "SPEC-FI-UO", "Urakkaohjelma, Laiturin korjaus", OHJELMA)
    _doc(tmp_path, "ADD-01", "Lisäkirje 1", (
        "LISÄKIRJE 1\n\nMuutokset urakkaohjelmaan\n\n"
        '1. Urakkaohjelmaan lisätään kohtaan 2 uusi kohta 2.3: "2.3 Ennakkomaksua ei makseta."\n'),
        kind="addendum", issued="2027-10-11")
    reading = read_project(tmp_path, rules)
    placed = applied(reading) | proposed(reading)
    # point 2 given a new point 2.3 ("uusi", new): point 2 changed in part, never point 2 whole replaced;
    # reported before (no point 2.3 held, "uusi" read as no word for new)
    assert ("SPEC-FI-UO#2", "partial", True) in placed, (placed, reading.not_understood)
    assert not any(s == "full" for _, s, _ in placed), placed


PROGRAMME = ("TENDER PROGRAMME\n\n3. Tender documents\n\n3.1 The tender file may be consulted at the Bureau.\n\n"
             "3.2 Copies cost MOP 200.\n\n4. Site visit\n\n4.1 The site visit is held on 2 February 2028 at 09:30.\n\n"
             "4.2 Tenderers shall wear safety boots.\n")


def test_an_article_and_its_paragraph_written_apart_in_no_named_document_are_one_clause(tmp_path, rules):
    start_project(tmp_path, "round-71-article-paragraph")
    _doc(tmp_path, "SPEC-MO-TP", "招標方案 (Tender programme), Public Tender for the Ferry Pier Lighting", PROGRAMME)
    _doc(tmp_path, "ADD-01", "更改日期 (Change of dates)", (
        "海事及水務局\n\n更新之日期如下 (The dates are changed as follows):\n\n"
        "- 現場視察日期更改為 (site visit changed to) 9 February 2028 at 09:30 (《招標方案》第四條第一款 / article 4, paragraph 1);\n"),
        kind="addendum", issued="2028-01-20")
    reading = read_project(tmp_path, rules)
    placed = applied(reading) | proposed(reading)
    # article 4, paragraph 1 is 4.1 (never article 4 whole, nor a paragraph 1 of nothing); reported before
    assert ("SPEC-MO-TP#4.1", "partial", True) in placed, (placed, reading.not_understood)
    assert not any(t == "SPEC-MO-TP#4" for t, _, _ in placed), placed
