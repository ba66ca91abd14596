"""A part of the bidding documents named alone on its line by its designation and title ("Section VII.
Technical Specifications") heads the changes below it (round 45); its word is now one of the pack's
``designations`` (of the section, part, volume and chapter kinds), not Python's English four, so a
Spanish-speaking owner's "Sección VII. Especificaciones Técnicas" heads them as well, and a word an owner
adds in YAML ("Capítulo") does the same; a word the pack does not list heads nothing."""

from __future__ import annotations

from pathlib import Path

import inforce.rules
from inforce.rules import RuleSet, load_pack

from addenda_reading import addenda_rules, applied, proposed, read_project, start_project
from corpus_writer import write_doc

STOCK = Path(inforce.rules.__file__).resolve().parent / "stock" / "supersession" / "csi-addenda.yaml"
CHAPTER = 'chapter: ["Chapter", "Ch", "Ch.", "Bab"]'

SPEC = ("ESPECIFICACIONES TÉCNICAS\n\n1 GENERALIDADES\n\n1.1 Alcance. Se suministran dos estaciones de bombeo.\n\n"
        "2 EQUIPOS\n\n2.1 Bombas. Cada estación tiene dos bombas sumergibles.\n\n"
        "2.2 Tableros. Los tableros son de acero inoxidable.\n\n3 SERVICIOS\n\n3.1 Capacitación. Tres días.\n")


def _project(root: Path, heading: str, title: str) -> Path:
    start_project(root, "round-78-designation-line")
    write_doc(root, "SPEC-EB", "2026-01-05", SPEC, title=title)
    write_doc(root, "ADD-01", "2026-02-02", f"ADENDA No. 1\n\n{heading}\n\n"
                                            'Insert new Clause 2.3: "2.3 Variadores. Cada bomba tiene un variador de '
                                            'frecuencia."\n')
    return root


def test_a_spanish_designation_and_title_alone_on_a_line_head_the_clause_below_it(tmp_path):
    root = _project(tmp_path, "Sección VII. Especificaciones Técnicas", "Sección VII Especificaciones Técnicas, Bombeo")
    reading = read_project(root, addenda_rules())
    assert applied(reading) == {("SPEC-EB#2", "partial", True)}


def test_a_designation_word_an_owner_adds_heads_the_clause_and_one_not_listed_heads_nothing(tmp_path):
    root = _project(tmp_path / "p", "Capítulo 4 - Especificaciones Técnicas", "Capítulo 4 Especificaciones Técnicas, Bombeo")
    text = STOCK.read_text(encoding="utf-8")
    assert CHAPTER in text
    path = tmp_path / "owner.yaml"
    path.write_text(text.replace(CHAPTER, 'chapter: ["Chapter", "Capítulo", "Ch", "Ch.", "Bab"]'), encoding="utf-8")
    assert applied(read_project(root, RuleSet(packs=(load_pack(path),)))) == {("SPEC-EB#2", "partial", True)}
    # (the stock words hold no "Capítulo": the line heads nothing, and the one specification the addendum may
    # change is only proposed, as the Spanish "Sección" was before its line was read)
    reading = read_project(root, addenda_rules())
    assert applied(reading) == set() and proposed(reading) == {("SPEC-EB#2", "partial", True)}
