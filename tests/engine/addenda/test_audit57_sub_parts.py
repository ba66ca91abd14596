"""Audit 57 (issue 23), wrong applied edges: an item whose place names a sub-part of an article in the
owner's language - "artículo 2.1, inciso B", "inciso C del artículo 2.2", "article 2.1, alinéa 3",
"alinéa B de l'article 2.2", "alínea b do artigo 2.1" - changes that sub-part, never the article
whole. The sub-part is joined to the article's path the way round 58 joins "article n, alinéa m"
(n.m): where the target's outline holds it, the edge goes to it; where it does not, the item is
proposed or reported, and the article is never changed in its place."""

from __future__ import annotations

import datetime as dt

import pytest

from addenda_reading import applied, proposed, start_project
from corpus_writer import write_doc
from sub_part_docs import CCTP, CCTP_TITLE, CONCRETE, HEAD
from sub_part_docs import read_sub_part_item as _read


@pytest.mark.parametrize(("line", "edge"), [
    # Spanish: the inciso after its article, and before it ("del artículo")
    ('Sección 03 30 00, artículo 2.1, inciso B: se sustituye "0.45" por "0.40".', ("SPEC-033000#2.1.B", "partial", True)),
    ("Sección 03 30 00: se elimina el inciso C del artículo 2.2.", ("SPEC-033000#2.2.C", "full", False)),
    ("Sección 03 30 00: se elimina el inciso b del numeral 2.2.", ("SPEC-033000#2.2.B", "full", False)),
    # French: the alinéa before its article ("de l'article"); numbered alinéas of a CCTP, after and before
    ("Section 03 30 00 : l'alinéa B de l'article 2.2 est supprimé.", ("SPEC-033000#2.2.B", "full", False)),
    ("CCTP, article 2.1, alinéa 3 : supprimé.", ("SPEC-CCTP#2.1.3", "full", False)),
    ("CCTP : l'alinéa 2 de l'article 2.1 est supprimé.", ("SPEC-CCTP#2.1.2", "full", False)),
    # English, as before: the subparagraph after its article, and before it
    ('Section 03 30 00, Article 2.1, subparagraph B: replace "0.45" with "0.40".', ("SPEC-033000#2.1.B", "partial", True)),
    ("Section 03 30 00: delete subparagraph C of Article 2.2.", ("SPEC-033000#2.2.C", "full", False)),
    ("Section 03 30 00, Clause 3.1, sub-clause (b): delete.", ("SPEC-033000#3.1.b", "full", False)),
    # Portuguese: the alínea before its article ("do artigo"; "a" the article's determiner, not "a thing")
    ("Secção 03 30 00: é eliminada a alínea b do artigo 2.1.", ("SPEC-033000#2.1.B", "full", False)),
])
def test_a_sub_part_the_outline_holds_is_the_target_never_its_article(tmp_path, rules, line, edge):
    reading = _read(tmp_path, rules, line)
    article = edge[0].rsplit(".", 1)[0]
    assert edge in applied(reading), (applied(reading), proposed(reading), reading.not_understood)
    assert not any(target in (article, article.split("#")[0]) for target, _, _ in applied(reading)), applied(reading)


@pytest.mark.parametrize("line", [
    # the outline letters its paragraphs: "alinéa 3" maps to 2.1.3, which it does not hold
    "Section 03 30 00, article 2.1, alinéa 3 : remplacer « 4 inches » par « 5 inches ».",
    "Section 03 30 00 : l'alinéa 3 de l'article 2.1 est supprimé.",
    # no such inciso
    "Sección 03 30 00: se elimina el inciso F del artículo 2.2.",
    'Sección 03 30 00, artículo 2.2, inciso F: se sustituye "C260" por "C260M".',
    # no such sub-clause or paragraph
    "Section 03 30 00, Clause 3.1, sub-clause (z): delete.",
    "Section 03 30 00: delete paragraph 3 of Clause 3.1.",
    # an article by a word no notation of the pack reads ("artigo" alone, after the section)
    'Secção 03 30 00, artigo 2.1, alínea b: substituir "0.45" por "0.40".',
])
def test_a_sub_part_not_held_is_proposed_or_reported_never_applied_to_its_article(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not any(target.startswith("SPEC-033000") for target, _, _ in applied(reading)), applied(reading)
    said = {p.item.path for p in reading.proposed} | {n.item.path for n in reading.not_understood}
    assert "1" in said, "the item names a place, yet nothing says it"


@pytest.mark.slow
def test_ingest_changes_the_sub_parts_and_asof_keeps_their_articles_in_force(tmp_path):
    from inforce.adapters.ingest.pipeline import ingest_project
    from inforce.engine import Project

    root = start_project(tmp_path, "audit-57-sub-parts-asof")
    write_doc(root, "SPEC-033000", "2027-01-04", CONCRETE, title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "SPEC-CCTP", "2027-01-04", CCTP, title=CCTP_TITLE)
    write_doc(root, "ADD-01", "2027-02-01", (
        f"{HEAD}1. Sección 03 30 00: se elimina el inciso C del artículo 2.2.\n\n"
        "2. Section 03 30 00 : l'alinéa B de l'article 2.2 est supprimé.\n\n"
        "3. CCTP, article 2.1, alinéa 3 : supprimé.\n\n"
        "4. Section 03 30 00, article 2.1, alinéa 3 : remplacer « 4 inches » par « 5 inches ».\n"),
        title="Addendum No. 1")
    result = ingest_project(root)
    assert {(d.by.format(), d.target.format(), d.scope) for d in result.derived} == {
        ("ADD-01#1", "SPEC-033000#2.2.C", "full"), ("ADD-01#2", "SPEC-033000#2.2.B", "full"),
        ("ADD-01#3", "SPEC-CCTP#2.1.3", "full")}
    with Project.open(root) as project:
        day = dt.date(2027, 3, 1)
        answers = {path: project.asof(path, day) for path in (
            "SPEC-033000#2.2", "SPEC-033000#2.2.C", "SPEC-033000#2.2.A", "SPEC-033000#2.1", "SPEC-CCTP#2.1",
            "SPEC-CCTP#2.1.3")}
    assert not answers["SPEC-033000#2.2.C"].in_force and answers["SPEC-033000#2.2.C"].successors == ()
    assert not answers["SPEC-CCTP#2.1.3"].in_force
    for kept in ("SPEC-033000#2.2", "SPEC-033000#2.2.A", "SPEC-033000#2.1", "SPEC-CCTP#2.1"):
        assert answers[kept].in_force, kept  # the articles stay: only their sub-parts went
