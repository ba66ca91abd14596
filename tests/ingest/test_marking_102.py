"""Audit 102 A F1: a row drawn with box-drawing bars or a broken bar was one cell, its marking never judged alone.

In a document declaring no access ``| SPEC-01 | MGMT ONLY | 0 |`` is refused (audit 101 A F1: each cell judged
alone), but ``│ SPEC-01 │ MGMT ONLY │ 0 │`` (a text table drawn by tabulate, psql or a PDF's or Word file's text
export) and ``SPEC-01 ¦ MGMT ONLY ¦ 0`` were ingested public and shown to every asker, in a Markdown file's opening
and in a sidecar's or register row's title: cells were parted at ``|`` (and ``｜``, which NFKC folds to it) but at
no other vertical line. A line is now parted at every character a reader sees as a column rule, decided from
Unicode's names in one place (``opening.column_rule``), for every reader's lines, a reader's cells and titles."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.opening import cells
from inforce.engine import Project
from inforce.ontology import InputErrors
from inforce.ontology.scalars import draws_nothing
from tests.ingest.test_marking_101 import META, ingested, project

#: the look-alikes of ``|`` the audit named besides the box-drawing bars and ``¦``, whose names may say nothing of it
NAMED_BY_THE_AUDIT = "\u00a6\u2223\u23d0\u2758\u2759\u275a\uffe8\u01c0\u05c0\u2016"
ROW = ["SPEC-01", "MGMT ONLY", "0"]


def _drawn_as_a_rule() -> list[str]:
    """Every character of Unicode named a vertical line or bar or a box-drawing piece, or in the Box Drawing block
    (U+2500-U+257F), the audit's look-alikes, and every character whose compatibility form is one of them."""
    chosen = set(NAMED_BY_THE_AUDIT)
    for code in range(0x110000):
        char = chr(code)
        name = unicodedata.name(char, "")
        if 0x2500 <= code <= 0x257F or any(words in name for words in ("VERTICAL LINE", "VERTICAL BAR",
                                                                         "BOX DRAWINGS")):
            chosen.add(char)
    for code in range(0x110000):
        if unicodedata.normalize("NFKC", chr(code)) in chosen:
            chosen.add(chr(code))
    return sorted(chosen)


def test_every_vertical_line_bar_and_box_drawing_of_unicode_parts_a_row() -> None:
    walked = _drawn_as_a_rule()
    assert len(walked) > 200 and {"|", "│", "┃", "║", "┆", "┊", "╎", "╏", "┇", "┋", "¦", "‖", "￤", "ǀ"} <= set(walked)
    wrong = []
    for char in walked:
        code = f"U+{ord(char):04X} {unicodedata.name(char, '?')}"
        if draws_nothing(char):  # TAG VERTICAL LINE draws nothing: taken out, as every such character is
            if cells(f"SPEC-01 {char}MGMT ONLY") != cells("SPEC-01 MGMT ONLY"):
                wrong.append(f"{code}: not taken out")
        elif unicodedata.category(char).startswith("M"):
            # a combining one drawn on no letter is a rule; on a letter, a mark of it (OWN̍ERS is OWNERS)
            if cells(f"{char} SPEC-01 {char} MGMT ONLY {char} 0 {char}") != ROW:
                wrong.append(f"{code}: parts no row drawn on a space")
            if cells(f"OWN{char}ERS ONLY") != ["OWNERS ONLY"]:
                wrong.append(f"{code}: parts a word it is drawn on")
        else:
            for row in (f"{char} SPEC-01 {char} MGMT ONLY {char} 0 {char}", f"SPEC-01{char}MGMT ONLY{char}0"):
                if cells(row) != ROW:
                    wrong.append(f"{code}: {row!r} is {cells(row)}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("char", ["l", "I", "1", "/", "_", "!", "(", "\u4e28", "\u3163", "\u00b4", "-"])
def test_a_letter_digit_or_stroke_that_is_no_rule_parts_nothing(char):
    assert len(cells(f"SPEC-01{char}MGMT ONLY")) == 1


def test_a_row_written_with_an_entity_for_a_rule_is_parted():
    assert cells("SPEC-01 &boxv; MGMT ONLY &#x2502; 0 &brvbar;") == ROW


def shown(root: Path, ident: str) -> str:
    return CliRunner().invoke(app, ["show", str(root), ident, "--groups", "nobody"]).output


def label(rows: list[list[str]], bar: str, frame: tuple[str, str] | None = None) -> str:
    """A label whose opening is a table of ``rows`` drawn with ``bar`` (``frame``: its top and bottom rules)."""
    table = [f"{bar} " + f" {bar} ".join(row) + f" {bar}" for row in rows]
    if frame is not None:
        table = [frame[0], *table, frame[1]]
    return "---\nid: S1\nkind: label\ntitle: Label\n" + META + "---\n" + "\n".join(table) + \
        "\n\n1.1 Recommended dosage. Give the QQSECRET doses below.\n"


HEADER = ["Document", "Classification", "Revision"]


@pytest.mark.parametrize("bar", ["│", "┃", "║", "┆", "¦", "∣", "❘"])
def test_a_marking_in_one_cell_of_a_row_drawn_with_bars_is_refused_by_ingest_and_never_shown(tmp_path, bar):
    root = project(tmp_path, {"documents/s.md": label([HEADER, ROW], bar)})
    code, output = ingested(root)
    assert code == 2, output
    assert f"documents/s.md:10: access: '{bar} SPEC-01 {bar} MGMT ONLY {bar} 0 {bar}'" in output, output
    assert "names no group" in output, output
    assert "QQSECRET" not in shown(root, "S1")


def test_a_boxed_table_of_ordinary_words_is_kept(tmp_path):
    rows = [["Patient group", "Dose (mg)", "Frequency"], ["Adults only", "250", "daily"],
            ["Restricted diet", "200", "daily"]]
    root = project(tmp_path, {"documents/s.md": label(rows, "│", ("┌──────┬──────┬──────┐", "└──────┴──────┴──────┘"))})
    code, output = ingested(root)
    assert code == 0, output
    assert "QQSECRET" in shown(root, "S1")


def test_a_boxed_table_holding_a_marking_is_refused_through_project_ingest(tmp_path):
    root = project(tmp_path, {"documents/s.md": label([HEADER, ROW], "┃", ("┏━━━━┳━━━━┓", "┗━━━━┻━━━━┛"))})
    with pytest.raises(InputErrors) as failed:
        Project.ingest(root)
    refused = [error for error in failed.value.exceptions if error.field == "access"]
    assert [(error.file, error.line) for error in refused] == [("documents/s.md", 11)], failed.value.exceptions
    assert "MGMT ONLY" in refused[0].message


@pytest.mark.parametrize("cell", ["SPEC-01 │ MGMT ONLY │ 0", "SPEC-01 | MGMT ONLY | 0"])
def test_a_csv_cell_drawn_as_a_row_is_judged_cell_by_cell(tmp_path, cell):
    root = project(tmp_path, {"documents/c.csv": f'Document,Note\n"{cell}",QQSECRET\n',
                              "documents/c.csv.yaml": "id: C1\nkind: schedule\ntitle: Sched\n" + META})
    code, output = ingested(root)
    assert code == 2, output
    assert "documents/c.csv:2: access:" in output and "(table 1, row 1)" in output, output
    assert "QQSECRET" not in shown(root, "C1")


@pytest.mark.parametrize("bar", ["│", "¦", "║"])
def test_a_sidecar_title_drawn_with_bars_is_refused(tmp_path, bar):
    title = f"SPEC-01 {bar} MGMT ONLY {bar} 0"
    root = project(tmp_path, {"documents/c.csv": "Dose,Frequency\n250,QQSECRET\n",
                              "documents/c.csv.yaml": f"id: C1\nkind: schedule\ntitle: {title}\n" + META})
    code, output = ingested(root)
    assert code == 2, output
    assert f"documents/c.csv.yaml:3:8: title: '{title}' reads as an access marking" in output, output
    assert "QQSECRET" not in shown(root, "C1")


def test_a_register_title_drawn_with_bars_is_refused(tmp_path):
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nregistry: register.csv\n"
                                       "rules:\n  - stock: precedence/none\n", encoding="utf-8")
    dates = "2026-03-02,2026-03-02,2026-03-02T09:00:00Z"
    (root / "register.csv").write_text(
        "file,id,revision,seq,kind,title,issued,effective_from,recorded,access\n"
        f"documents/g.md,G,0,1,specification,G,{dates},owners;managers;finance\n"
        f"documents/s.md,S1,0,1,label,SPEC-01 ┃ MGMT ONLY ┃ 0,{dates},\n", encoding="utf-8")
    (root / "documents" / "g.md").write_text("1.1 Group text.\n", encoding="utf-8")
    (root / "documents" / "s.md").write_text("1.1 Give the QQSECRET doses.\n", encoding="utf-8")
    code, output = ingested(root)
    assert code == 2, output
    assert "register.csv:3: title: 'SPEC-01 ┃ MGMT ONLY ┃ 0' reads as an access marking" in output, output
    assert "QQSECRET" not in shown(root, "S1")
