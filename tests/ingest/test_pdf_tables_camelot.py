"""camelot's own test PDFs (../shared/data/camelot-tests) read by ingest's table reader.

Every case that needs no hand-given camelot keyword (table areas, columns, line scale…) is
read with ingest's own choices — the pre-check, lattice then stream, the row-count check —
and each expected table must come out with its body rows cell for cell, under one header
made of its first rows. Cells are compared with their line breaks and runs of spaces as one
space (ingest writes a wrapped cell on one line); a stream table's first and last rows with
a single filled cell (the caption and the footnote camelot took in) are trimmed, as ingest
trims them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from inforce.adapters.ingest.pdf import pdf_text_layer
from inforce.adapters.ingest.pdftables import read_pdf_tables

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data" / "camelot-tests"
#: keyword arguments ingest can honour on its own: which pages to read
_PLAIN = {"pages"}


def _cases() -> list[dict]:
    manifest = SHARED / "manifest.json"
    if not manifest.exists():
        return []
    cases = json.loads(manifest.read_text(encoding="utf-8"))
    return [case for case in cases if set(case["camelot_read_pdf_kwargs"]) <= _PLAIN]


def _clean(cell: str) -> str:
    return re.sub(r"\s+", " ", cell).strip()


def _trimmed(rows: list[list[str]], flavor: str) -> list[list[str]]:
    rows = [[_clean(cell) for cell in row] for row in rows]
    rows = [row for row in rows if any(row)]
    if flavor == "stream":
        while rows and sum(1 for cell in rows[0] if cell) <= 1:
            rows.pop(0)
        while rows and sum(1 for cell in rows[-1] if cell) <= 1:
            rows.pop()
    return rows


@pytest.fixture(scope="module")
def read():
    cache: dict[str, object] = {}

    def reading(pdf: Path):
        if pdf.name not in cache:
            layer = pdf_text_layer(pdf, file=pdf.name)
            cache[pdf.name] = read_pdf_tables(pdf, layer, file=pdf.name)
        return cache[pdf.name]

    return reading


def test_the_shared_cases_are_there():
    if not SHARED.exists():
        pytest.skip("../shared/data/camelot-tests is not available")
    assert len(_cases()) >= 8  # lattice and stream cases without hand-given keywords


@pytest.mark.shared
@pytest.mark.parametrize("case", _cases() or [None], ids=lambda case: case["case_id"] if case else "absent")
@pytest.mark.slow
def test_camelot_tables_match_their_expected_rows(case, read):
    if case is None:
        pytest.skip("../shared/data/camelot-tests is not available")
    tables = read(SHARED / case["pdf"])
    expected_doc = json.loads((SHARED / case["expected_file"]).read_text(encoding="utf-8"))
    found: dict[int, list] = {}
    for row in tables.rows:
        found.setdefault(row.table, []).append(row)
    assert tables.quarantined == [], tables.warnings
    for expected in expected_doc["expected_tables"]:
        rows = _trimmed(expected["rows"], case["flavor"])
        matches = [
            number
            for number, table_rows in found.items()
            if [list(row.cells) for row in table_rows] == rows[-len(table_rows) :]
            and 1 <= len(rows) - len(table_rows) <= 3  # the header's rows
        ]
        assert matches, f"{case['case_id']}: table {expected['table_index']} not found"
        table_rows = found[matches[0]]
        header = table_rows[0].header
        assert len(header) == len(rows[0])
        first_row = [cell for cell in rows[0] if cell]
        assert all(cell in " ".join(header) for cell in first_row)
