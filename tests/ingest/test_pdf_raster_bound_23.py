"""Issue 23, audit 76 B F4: a 1 KB PDF with a huge page made the table reader render gigabytes.

camelot's lattice rendered each grid page at 300 dpi whatever its size (camelot 2.0 does not
pass its ``resolution`` to the renderer): a 50 in square page took 3 GB, a 100-200 in one (or a
``/UserUnit`` page) passed 6 GB and was killed, and an HTTP ingest runs in the server's process.
The reader now renders a page to at most ``MAX_TABLE_RASTER_PIXELS`` (a lower resolution for a
large page), and a page that would pass it even at ``MIN_TABLE_RESOLUTION`` is not given to
camelot at all: its text is read, a warning names the file, the page and its size.

Each reading runs in a child whose address space is held to 1.5 GB: the old reader's render of
these pages failed there (and fell back to stream or to a "could not be read" warning).
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import fpdf

_CHILD = textwrap.dedent(
    """
    import json, resource, sys
    from pathlib import Path
    resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))
    from inforce.adapters.ingest.pdf import pdf_text_layer
    from inforce.adapters.ingest.pdftables import read_pdf_tables
    path = Path(sys.argv[1])
    layer = pdf_text_layer(path, file="documents/sched.pdf")
    tables = read_pdf_tables(path, layer, file="documents/sched.pdf")
    print(json.dumps({
        "rows": [row.text for row in tables.rows],
        "pages_read": list(tables.pages_read),
        "warnings": [str(warning) for warning in tables.warnings],
        "text": layer.text,
    }))
    """
)


def _schedule(path: Path, side: float, *, user_unit: int | None = None) -> Path:
    """One square page ``side`` points wide holding a ruled six-row table (about 1 KB)."""
    document = fpdf.FPDF(unit="pt", format=(side, side))
    document.add_page()
    document.set_font("Helvetica", size=11)
    document.cell(0, 20, "1 FOOTINGS", new_x="LMARGIN", new_y="NEXT")
    rows = [["Mark", "Width (in)", "Depth (in)"]] + [[f"F{i}", str(20 + i), str(12 + i)] for i in range(1, 6)]
    for row in rows:
        for column, text in enumerate(row):
            document.cell(120, 8, text, border=1, **({"new_x": "LMARGIN", "new_y": "NEXT"} if column == 2 else {}))
    document.output(str(path))
    if user_unit is not None:
        data = path.read_bytes().replace(b"/Type /Page\n", b"/Type /Page\n/UserUnit %d\n" % user_unit, 1)
        assert b"/UserUnit" in data
        path.write_bytes(data)
    assert path.stat().st_size < 4096
    return path


def _read(path: Path) -> dict:
    child = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path)], capture_output=True, text=True, timeout=300, check=False
    )
    assert child.returncode == 0, child.stderr[-2000:]
    return json.loads(child.stdout)


def test_a_page_too_large_to_render_is_not_given_to_camelot_and_is_named(tmp_path: Path):
    read = _read(_schedule(tmp_path / "big.pdf", 7200))  # 100 x 100 in: 900 Mpx at 300 dpi
    assert read["pages_read"] == [] and read["rows"] == []
    (warning,) = read["warnings"]
    assert "documents/sched.pdf" in warning and "page 1 is 100 x 100 in" in warning, warning
    assert "its tables were not looked for" in warning and "40,000,000 pixels" in warning, warning
    assert "F5" in read["text"] and "FOOTINGS" in read["text"]  # the page's text is still read


def test_user_unit_counts_in_the_page_size(tmp_path: Path):
    # 3600 points with /UserUnit 3: 150 in square (pdfium's page size leaves the unit out)
    read = _read(_schedule(tmp_path / "unit.pdf", 3600, user_unit=3))
    assert read["pages_read"] == [] and read["rows"] == []
    (warning,) = read["warnings"]
    assert "page 1 is 150 x 150 in (/UserUnit 3)" in warning and "not looked for" in warning, warning


def test_a_large_page_is_rendered_at_a_lower_resolution_and_its_table_read(tmp_path: Path):
    # 50 x 50 in: 225 Mpx (3 GB) at 300 dpi, rendered at about 126 dpi instead
    read = _read(_schedule(tmp_path / "large.pdf", 3600))
    assert read["warnings"] == [], read["warnings"]
    assert read["pages_read"] == [1]
    assert len(read["rows"]) == 5 and "F5" in read["rows"][-1], read["rows"]
