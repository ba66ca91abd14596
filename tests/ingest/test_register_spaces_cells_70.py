"""Audit 70 B F1: a register cell holding only spaces is written, never a cell left out.

A CSV or XLSX register row whose ``access`` cell held ``" "`` ingested with exit 0 and the
document read as public (``show --groups nobody-in-particular`` printed its text), while the
same row in a YAML register (``access: " "``) and a CSV cell ``" ; "`` were refused: the cell's
spaces were stripped and the blank left out, the one reading that makes a document public.
One reading (``register._cells``) now decides for every format whether a cell was written: an
empty cell is left out, a cell of spaces (a YAML entry's ``""`` too) is read as front matter
reads the same value: an error at the register's row and column for the access groups, a
facet's values, the dates, the revision, never an open end, an unrestricted case or a public
document.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import parse_document_with_warnings
from inforce.adapters.ingest.register import read_register
from inforce.ontology import InputErrors

COLUMNS = ("file", "id", "revision", "seq", "kind", "title", "issued", "effective_from", "effective_until",
           "recorded", "changed", "access", "public", "applies_to.market")
ROW = {"file": "documents/sec.md", "id": "SEC-1", "revision": "0", "seq": "1", "kind": "sop",
       "title": "Zanzibar Doc", "issued": "2026-01-01", "effective_from": "2026-01-01", "effective_until": "",
       "recorded": "2026-01-01T09:00:00Z", "changed": "", "access": "owners", "public": "",
       "applies_to.market": "UK"}
TEXT = "SECRET NOTE\n\n1 SCOPE\n\n1.1 The Zanzibar clause applies at 9,876 psi.\n"


def _write(root: Path, fmt: str, row: dict[str, str], *, written: tuple[str, ...] = ()) -> str:
    """The register ``row`` in ``fmt``; a YAML entry gives the ``written`` columns as ``""``."""
    (root / "documents").mkdir(parents=True, exist_ok=True)
    (root / "documents" / "sec.md").write_text(TEXT)
    name = f"register.{fmt}"
    if fmt == "csv":
        (root / name).write_text(",".join(COLUMNS) + "\n" + ",".join(row[c] for c in COLUMNS) + "\n")
    elif fmt == "xlsx":
        from openpyxl import Workbook

        book = Workbook()
        book.active.append(list(COLUMNS))
        book.active.append([row[c] if row[c] != "" else None for c in COLUMNS])  # an empty cell: none
        book.save(root / name)
    else:
        (root / name).write_text("- " + "\n  ".join(f"{c}: {json.dumps(v)}" for c, v in row.items()
                                                      if v != "" or c in written) + "\n")
    (root / "inforce.yaml").write_text(f"project: f1\nfacets: [market]\nrules: []\nregistry: {name}\n")
    return name


def _problems(root: Path, name: str) -> list[tuple[str | None, int | None, str | None, str]]:
    try:
        register = read_register(root / name, name, root=root)
        parse_document_with_warnings(root / "documents" / "sec.md", root, register=register)
    except InputErrors as caught:
        return [(e.file, e.line, e.field, e.message) for e in caught.exceptions]  # type: ignore[union-attr]
    return []


# every column but title, whose spaces front matter reads as a title of spaces
@pytest.mark.parametrize("column", [c for c in COLUMNS if c != "title"])
@pytest.mark.parametrize("fmt", ["csv", "xlsx", "yaml"])
def test_a_register_cell_of_spaces_is_an_error_at_its_row_and_column(tmp_path: Path, fmt: str, column: str):
    name = _write(tmp_path, fmt, {**ROW, column: "  "})
    [(file, line, field, message)] = _problems(tmp_path, name)
    assert (file, line, field) == (name, 1 if fmt == "yaml" else 2, column), message


@pytest.mark.parametrize("fmt", ["csv", "xlsx", "yaml"])
def test_an_access_cell_of_spaces_names_an_empty_group_in_every_format(tmp_path: Path, fmt: str):
    name = _write(tmp_path, fmt, {**ROW, "access": " "})
    [(_, _, field, message)] = _problems(tmp_path, name)
    assert field == "access" and message == "an empty group name"


@pytest.mark.parametrize("column", ["effective_until", "changed", "public"])
def test_a_yaml_entrys_empty_text_is_written_too(tmp_path: Path, column: str):
    """``effective_until: ""`` was dropped as a blank cell: the revision read as open-ended,
    where front matter's ``until: ""`` is an error."""
    name = _write(tmp_path, "yaml", ROW, written=(column,))
    [(_, line, field, _)] = _problems(tmp_path, name)
    assert (line, field) == (1, column)


def test_empty_cells_are_still_left_out_and_a_row_of_spaces_is_no_row(tmp_path: Path):
    name = _write(tmp_path, "csv", ROW)
    with (tmp_path / name).open("a") as register:
        register.write(" , ,  ,,,,,,,,,,,\n")
    assert _problems(tmp_path, name) == []
    assert len(read_register(tmp_path / name, name, root=tmp_path).rows) == 1


def test_a_csv_access_cell_of_a_space_fails_the_ingest_not_a_public_document(tmp_path: Path):
    """The audit's reproduction: the row ingested (exit 0) and ``show --groups`` of any group
    printed the restricted text."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "documents" / "sec.md").write_text(TEXT)
    (root / "inforce.yaml").write_text("project: f1\nfacets: []\nrules: []\nregistry: register.csv\n")
    (root / "register.csv").write_text(
        "file,id,revision,seq,kind,title,issued,effective_from,effective_until,recorded,changed,access\n"
        "documents/sec.md,SEC-1,0,1,sop,Zanzibar Doc,2026-01-01,2026-01-01,,2026-01-01T09:00:00Z,, \n")
    result = CliRunner().invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2, result.output
    [said] = [line for line in result.stderr.splitlines() if line.startswith("register.csv:")]
    assert said.startswith("register.csv:2: access: an empty group name"), said
