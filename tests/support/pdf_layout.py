"""What the PDF layout-cost tests ask of a hand-made page: its geometry as the table reader
takes it, and the reading of its tables when the estimate keeps it from camelot."""

from __future__ import annotations

import time
from pathlib import Path

from inforce.adapters.ingest.pdf import PdfTextLayer, opened_pdf
from inforce.adapters.ingest.pdfgeometry import PageGeometry, page_geometry
from inforce.adapters.ingest.pdftables import read_pdf_tables


def first_page_geometry(path: Path, file: str) -> PageGeometry:
    """Page 1's geometry (pdfium's characters, lines and runs, what it leaves out), as read."""
    with opened_pdf(path, file=file) as document:
        page = document[0]
        try:
            return page_geometry(page, number=1, text_start=0)
        finally:
            page.close()


def kept_from_camelot(path: Path, layer: PdfTextLayer, file: str) -> tuple[str, float]:
    """The one warning of a PDF whose tables were not looked for (no page given to camelot, no
    row, nothing quarantined), and the seconds reading them took."""
    started = time.monotonic()
    tables = read_pdf_tables(path, layer, file=file)
    seconds = time.monotonic() - started
    assert tables.pages_read == () and tables.rows == [] and tables.quarantined == []
    (warning,) = tables.warnings
    assert warning.file == file
    return str(warning), seconds
