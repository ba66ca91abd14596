"""Issue 23, audit 66 B F01: ``applies_to: {market: []}`` (a facet naming no value) was read as
written, the document then applying to no case: ingest exit 0, no word, and ``eligible`` refusing
every market (``no_eligible_document``). It is an error at its file, line and field, as
``access: []`` already was, wherever the list is written: front matter, a CSV or XLSX register's
``applies_to.FACET`` cell (``" ; "``), a YAML register's entry. One rule for a list naming nothing
(``metadata._names``); each control, the same list naming a value, is read."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest import parse_document_with_warnings
from inforce.adapters.ingest.register import read_register
from inforce.ontology import InputErrors
from tests.support.in_process import inforce

MARKDOWN = (
    "---\nid: SOP-1\nkind: sop\ntitle: Records\nrevision: A\neffective: {from: 2026-01-01}\n"
    "recorded: 2026-01-01T09:00:00Z\napplies_to: {market: MARKETS}\n---\n\n1 SCOPE\n\n1.1 All records are kept.\n"
)


def _project(root: Path, markets: str) -> Path:
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: f01\nfacets: [market]\nrules: []\n")
    (root / "documents" / "sop-1.md").write_text(MARKDOWN.replace("MARKETS", markets))
    return root


def test_front_matter_facet_naming_no_value_fails_the_ingest_at_its_line(tmp_path: Path):
    root = _project(tmp_path / "p", "[]")
    done = inforce("ingest", root)
    assert done.returncode == 2, done.stdout + done.stderr
    [said] = [line for line in done.stderr.splitlines() if line.startswith("documents/sop-1.md:")]
    assert said.startswith("documents/sop-1.md:8:") and "applies_to.market: lists no market" in said
    assert not (root / ".inforce").exists() or not any((root / ".inforce").rglob("*.kuzu*"))


def test_front_matter_facet_naming_a_value_is_read_and_the_document_is_eligible(tmp_path: Path):
    root = _project(tmp_path / "p", "[UK]")
    assert inforce("ingest", root).returncode == 0
    done = inforce("eligible", root, "--valid-at", "2026-06-01", "--context", "market=UK")
    assert done.returncode == 0 and "SOP-1" in done.stdout, done.stdout + done.stderr


def test_an_empty_access_list_is_still_refused_by_the_same_rule(tmp_path: Path):
    root = _project(tmp_path / "p", "[UK]")
    page = root / "documents" / "sop-1.md"
    page.write_text(page.read_text().replace("applies_to:", "access: []\napplies_to:"))
    done = inforce("ingest", root)
    assert done.returncode == 2 and "access: lists no group" in done.stderr, done.stderr


HEADER = "file,id,revision,seq,kind,title,effective_from,recorded,applies_to.market\n"
ROW = "documents/a.md,A-1,0,1,sop,Kept,2026-01-10,2026-01-05T09:00:00Z,{cell}\n"


def _problems(root: Path, register: str) -> list[tuple[str | None, int | None, str | None, str]]:
    try:
        read = read_register(root / register, register, root=root)
        parse_document_with_warnings(root / "documents" / "a.md", root, register=read)
    except InputErrors as caught:
        return [(e.file, e.line, e.field, e.message) for e in caught.exceptions]  # type: ignore[union-attr]
    return []


def _documents(root: Path) -> None:
    (root / "documents").mkdir(parents=True)
    (root / "documents" / "a.md").write_text("1 SCOPE\n\n1.1 All records.\n")


@pytest.mark.parametrize("cell", [" ; ", ";"])
def test_a_csv_register_facet_cell_naming_no_value_is_an_error_at_its_row(tmp_path: Path, cell: str):
    _documents(tmp_path)
    (tmp_path / "register.csv").write_text(HEADER + ROW.format(cell=cell))
    [(file, line, field, message)] = _problems(tmp_path, "register.csv")
    assert (file, line, field) == ("register.csv", 2, "applies_to.market") and "lists no market" in message


def test_a_csv_register_facet_cell_naming_values_is_read(tmp_path: Path):
    _documents(tmp_path)
    (tmp_path / "register.csv").write_text(HEADER + ROW.format(cell="UK;IE"))
    assert _problems(tmp_path, "register.csv") == []


def test_an_xlsx_register_facet_cell_naming_no_value_is_an_error_at_its_row(tmp_path: Path):
    from openpyxl import Workbook

    _documents(tmp_path)
    book = Workbook()
    for line in (HEADER + ROW.format(cell=" ; ")).splitlines():
        book.active.append(line.split(","))
    book.save(tmp_path / "register.xlsx")
    [(file, line, field, message)] = _problems(tmp_path, "register.xlsx")
    assert (file, line, field) == ("register.xlsx", 2, "applies_to.market") and "lists no market" in message


def test_a_yaml_register_facet_list_naming_no_value_is_an_error_at_its_entry(tmp_path: Path):
    _documents(tmp_path)
    (tmp_path / "register.yaml").write_text(
        "- file: documents/a.md\n  id: A-1\n  kind: sop\n  effective_from: 2026-01-10\n"
        "  recorded: 2026-01-05T09:00:00Z\n  applies_to: {market: []}\n")
    [(file, _line, field, message)] = _problems(tmp_path, "register.yaml")
    assert file == "register.yaml" and field == "applies_to.market" and "lists no market" in message
