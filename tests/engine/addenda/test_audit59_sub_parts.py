"""Audit 59 (issue 23), wrong applied edges: an item naming a sub-part of an article in a form the
reader did not join to the article's path - "inciso C)" with its closing bracket, "literal c)",
"apartado C", "paragraphe 3 de l'article 2.1", "à l'article 2.1, l'alinéa 4" - deleted the article
whole. Two things hold now: the forms are read (the sub-part the outline holds is the target), and,
for any form not read, a gate: an edge whose item names a sub-part (the pack's ``sub_parts``) right
before or after the target's number, which the target's path does not carry, is never applied."""

from __future__ import annotations

import pytest

from addenda_reading import applied, proposed
from sub_part_docs import read_sub_part_item as _read


@pytest.mark.parametrize(("line", "edge"), [
    # Spanish: the label closed by its bracket, in capitals and not; "literal" and "apartado" as "inciso"
    ("Sección 03 30 00: se elimina el inciso C) del artículo 2.2.", "SPEC-033000#2.2.C"),
    ("Sección 03 30 00: se elimina el inciso c) del artículo 2.2.", "SPEC-033000#2.2.C"),
    ("Sección 03 30 00, numeral 2.2, literal c): se elimina.", "SPEC-033000#2.2.C"),
    ("Sección 03 30 00: se elimina el literal c) del numeral 2.2.", "SPEC-033000#2.2.C"),
    ("Sección 03 30 00: se elimina el apartado C del artículo 2.2.", "SPEC-033000#2.2.C"),
    # French: the article first, then its alinéa after a comma; "paragraphe" as "alinéa"
    ("CCTP : à l'article 2.1, l'alinéa 2 est supprimé.", "SPEC-CCTP#2.1.2"),
    ("CCTP : le paragraphe 3 de l'article 2.1 est supprimé.", "SPEC-CCTP#2.1.3"),
])
def test_the_sub_part_held_is_deleted_never_its_article(tmp_path, rules, line, edge):
    reading = _read(tmp_path, rules, line)
    article = edge.rsplit(".", 1)[0]
    assert (edge, "full", False) in applied(reading), (applied(reading), proposed(reading), reading.not_understood)
    assert not any(target == article for target, _, _ in applied(reading)), applied(reading)


@pytest.mark.parametrize("line", [
    # the same forms, naming a sub-part the outline lacks
    "Sección 03 30 00: se elimina el inciso F) del artículo 2.2.",
    "Sección 03 30 00, numeral 2.2, literal f): se elimina.",
    "Sección 03 30 00: se elimina el apartado F del artículo 2.2.",
    "CCTP : à l'article 2.1, l'alinéa 4 est supprimé.",
    "CCTP : le paragraphe 5 de l'article 2.1 est supprimé.",
    # sub-part words the reader does not join to a path at all: the gate alone keeps the article
    "Sección 03 30 00: se elimina el punto C del artículo 2.2.",
    "CCTP : le point 2 de l'article 2.1 est supprimé.",
    "Section 03 30 00: Article 2.2, sub-clause C is deleted.",
])
def test_a_sub_part_not_held_or_not_read_never_changes_its_article(tmp_path, rules, line):
    reading = _read(tmp_path, rules, line)
    assert not any(target in ("SPEC-033000#2.2", "SPEC-CCTP#2.1", "SPEC-033000", "SPEC-CCTP")
                   for target, _, _ in applied(reading)), applied(reading)
    said = {p.item.path for p in reading.proposed} | {n.item.path for n in reading.not_understood} | {
        e.by.path for e in reading.applied}
    assert "1" in said, "the item names a place, yet nothing says it"


def test_the_articles_own_deletion_is_still_applied(tmp_path, rules):
    # no sub-part named beside the number: the gate keeps out of it
    reading = _read(tmp_path, rules, "Sección 03 30 00: se elimina el artículo 2.2 en su totalidad.")
    assert ("SPEC-033000#2.2", "full", False) in applied(reading), (applied(reading), proposed(reading))
