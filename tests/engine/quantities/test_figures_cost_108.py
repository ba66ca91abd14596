"""What reading a document's figures may cost, whatever its words (audit 108 B, issue 23).

- A list heading is a line or two (``facts.HEADING_MAX_CHARS``): each item under a heading is read
  again under its words, so a 44 KB "heading" of 3,800 figures over 100 items cost 35 s, growing
  as their product. A longer line is no heading: its items are read alone.
- A table row counts its figures against the document's limit as it reads them (``extract_row``'s
  ``most``): a 4 MB row of 450,000 figures was read whole, 45 s and 2.8 GB, before the limit
  refused it.
- A cell's unbound figure is read again within its header and row (``_in_row``) only for a row
  of at most ``IN_ROW_MAX_CHARS``: each cell read the whole row, so a row of 600 cells took 200 s.
"""

from __future__ import annotations

import time
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest import parse_document
from inforce.engine.facts import HEADING_MAX_CHARS, list_headings
from inforce.engine.quantities import extract

FRONT = ("---\nid: M-1\nkind: specification\ntitle: Figures\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T09:00:00Z\n---\n")


def _lead_in(tmp_path: Path, lead_in: str) -> dict[str, tuple[str, ...]]:
    path = tmp_path / "documents" / "m.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(FRONT + "PODIUM NOTES\n\n1. " + lead_in + "\n   a. GIRDERS: 60,000 psi\n   b. BEAMS: 60,000 psi\n")
    headings = list_headings(parse_document(path, tmp_path))
    return {path_: found for path_, found in headings.items() if found}


def test_a_lead_in_of_a_line_stands_over_its_items(tmp_path: Path) -> None:
    over = _lead_in(tmp_path, "REINFORCING STEEL YIELD STRENGTH AS FOLLOWS:")
    assert over and all(found[-1] == "REINFORCING STEEL YIELD STRENGTH AS FOLLOWS:" for found in over.values()), over


def test_a_line_past_a_headings_length_stands_over_nothing(tmp_path: Path) -> None:
    long = "REINFORCING STEEL YIELD STRENGTH " + "10,000 psi " * (HEADING_MAX_CHARS // 10) + "AS FOLLOWS:"
    assert len(long) > HEADING_MAX_CHARS
    assert _lead_in(tmp_path, long) == {}


def test_a_heading_of_many_figures_over_many_items_costs_seconds(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nrules: []\n")
    items = "".join(f"      {n + 1}) {60000 + n:,} psi\n" for n in range(100))
    (root / "documents" / "m.md").write_text(
        FRONT + "PODIUM NOTES\n\n1. REINFORCING STEEL YIELD STRENGTH " + "10,000 psi " * 3800 + "AS FOLLOWS:\n"
        "   a. GIRDERS\n" + items)
    started = time.perf_counter()
    result = CliRunner().invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output[-2000:]
    assert time.perf_counter() - started < 20  # 35 s read under the heading item by item


def test_a_row_past_the_limit_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nrules: []\n")
    row = "| " + "4000 psi " * 450_000 + "| x |\n"
    (root / "documents" / "t.md").write_text(FRONT + "1 SCOPE\n\n| strength | note |\n|---|---|\n" + row)
    started = time.perf_counter()
    result = CliRunner().invoke(app, ["ingest", str(root)])
    seconds = time.perf_counter() - started
    assert result.exit_code == 2, result.output[-2000:]
    assert "documents/t.md:13: quantities: more than 100,000 figures" in result.stderr, result.stderr[-2000:]
    assert "provision table-1.row-1 is past the limit" in result.stderr
    assert seconds < 25, seconds  # 45 s: the row read whole first


def test_a_wide_rows_unbound_figures_are_not_read_again_within_the_whole_row() -> None:
    columns = 500
    header = ["Element", *[f"Cover {n}" for n in range(columns)]]
    cells = ["Footings", *["3 in."] * columns]
    assert sum(map(len, header)) + sum(map(len, cells)) + 8 * len(header) > extract.IN_ROW_MAX_CHARS
    started = time.perf_counter()
    read = extract.QuantityExtractor().extract_row(" | ".join(cells), cells, header)
    assert len(read.mentions) == columns
    assert time.perf_counter() - started < 10  # each cell read the whole row: 600 columns took 200 s


def test_a_narrow_rows_unbound_figure_is_still_read_within_its_row() -> None:
    read = extract.QuantityExtractor().extract_row("Footings | 3 in.", ["Footings", "3 in."], ["Element", "Cover"])
    assert [(m.value, m.subject) for m in read.mentions] == [(3.0, "concrete.cover")]
