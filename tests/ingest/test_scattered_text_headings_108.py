"""Audit 108 B F4: a PDF page of one-digit pieces scattered at random (no rules: camelot never
runs) cost about the square of its pieces — 10,000 took 12.7 s, 19,900 (under the 20,000-piece
page limit) 45 s, and the file limits admitted ~50 such pages. The time was not in the PDF's text
path: each piece is a line of the page's text, every digit a figure, and subject binding looked
for each figure's list headings by walking up its block line by line (no blank line on the page:
the walk read every line above). The lines' blocks and headings are now found in one pass over
the text, and each lookup reads only the headings it returns.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from pdf_objects import text_pages_pdf

from inforce.engine import Project
from inforce.engine.quantities._notes import NoteReading

SIDECAR = "id: T-1\nkind: schedule\ntitle: Tables\nissued: 2026-01-01\neffective: {from: 2026-01-01}\nrecorded: 2026-01-01T09:00:00Z\n"


def _scattered_page(path: Path, pieces: int) -> Path:
    """One page of ``pieces`` one-digit pieces of 3 pt text at fixed random places, no rules."""
    rng = random.Random(108)
    parts = [b"BT /F1 12 Tf 36 760 Td (1 SCOPE) Tj ET"]
    for index in range(pieces):
        x, y = rng.uniform(37, 566), rng.uniform(37, 727)
        parts.append(b"BT /F1 3 Tf %.2f %.2f Td (%d) Tj ET" % (x, y, index % 10))
    return text_pages_pdf(path, [b"\n".join(parts)])


def test_a_page_of_scattered_pieces_ingests_in_seconds(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nrules: []\n")
    pdf = _scattered_page(root / "documents" / "t.pdf", 19_900)
    (root / "documents" / "t.pdf.yaml").write_text(SIDECAR)
    assert pdf.stat().st_size < 200_000
    started = time.perf_counter()
    result = Project.ingest(root)
    seconds = time.perf_counter() - started
    assert result.provisions >= 1 and result.added == ["T-1@0"], result
    assert seconds < 20, seconds  # 45-67 s before, most of it in the headings walk


def test_headings_of_a_long_block_are_found_without_walking_it_per_line() -> None:
    """20,000 lines of one block, a figure on each: each line's headings (none but the one on
    top) in well under a second in all (the walk up read 200 million lines)."""
    body = "".join(f"{index % 10} MPa\n" for index in range(20_000))
    text = "CONCRETE:\n" + body
    reading = NoteReading(text, frozenset())
    started = time.perf_counter()
    found = [reading.headings(start) for start in reading.line_starts[1:-1]]
    seconds = time.perf_counter() - started
    assert all(headings == [(0, 9)] for headings in found)
    assert seconds < 2, seconds


def test_headings_are_read_as_before() -> None:
    """Nearest first, each shallower than the one below; a marked item under a heading marked
    another way at its level (a list within a list); a table row is no heading; a blank line
    ends the block."""
    text = (
        "GENERAL:\n"                 # 0
        "  FOOTINGS:\n"              # 1
        "  | A | 3 |\n"              # 2
        "    a. SLABS:\n"            # 3
        "    1. 25 MPa\n"            # 4: under a. (marked another way), FOOTINGS, GENERAL
        "    2. 30 MPa\n"            # 5: the same (1. is no heading)
        "    b. 32 MPa\n"            # 6: a sibling of a.: FOOTINGS, GENERAL
        "  WALLS: 40 MPa\n"          # 7: FOOTINGS (its level, both unmarked), GENERAL
        "\n"
        "  50 MPa\n"                 # 9: no heading over a blank line
    )
    reading = NoteReading(text, frozenset())

    def lines(position: int) -> list[str]:
        return [text[start:end].strip() for start, end in reading.headings(position)]

    at = reading.line_starts
    assert lines(at[4]) == ["a. SLABS:", "FOOTINGS:", "GENERAL:"]
    assert lines(at[5]) == ["a. SLABS:", "FOOTINGS:", "GENERAL:"]
    assert lines(at[6]) == ["FOOTINGS:", "GENERAL:"]
    assert lines(at[7]) == ["FOOTINGS:", "GENERAL:"]
    assert lines(at[9]) == []
    assert reading.block_title(at[7]) is None and reading.header_line(at[2]) is None
