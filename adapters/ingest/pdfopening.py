"""A PDF's opening judged by the one opening rule (``opening``), where its text layer cannot say
where a cell ends: a bordered or spaced document-control block reads ``Access owners`` there,
with no ``|``, ``:`` or tab between the cells.

Two readings of the opening give the cells back. A table the table reader found (``pdftables``)
gives its header and rows as cells; and each text line of the opening's pages is parted at its
wide gaps (wider than one and a half median character widths: a cell border or a column, not a
word space), each run a cell. Both are judged by :class:`~.opening.Opening` as any opening line is; a
line the text rule already refused is not named twice. Only the pages the opening reaches are
measured, at most ``_MOST_PAGES`` of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from statistics import median

from inforce.ontology import InputError, TableRow

from .opening import Opening, table_errors
from .pdf import PdfTextLayer, opened_pdf
from .pdfgeometry import Glyph, page_geometry

__all__ = ["opening_errors"]

#: A gap between two characters wider than this many median character widths parts two cells.
_GAP = 1.5
#: The most pages measured for the opening's column gaps (the opening is the text before the
#: first provision: a PDF with none would otherwise be measured page by page).
_MOST_PAGES = 3


def opening_errors(path: Path, layer: PdfTextLayer, rows: list[TableRow], opening_end: int, file: str,
                   refused: set[int], *, headers: Mapping[int, tuple[str, ...]]) -> list[InputError]:
    """The errors for the opening's table rows and gap-parted lines that declare access;
    ``refused`` holds the lines (of the text layer, 1-based) already refused, and grows;
    ``headers``: each table's header as written (``PdfTables.headers``)."""
    errors = table_errors(layer.text, rows, file, refused, opening_end=opening_end, headers=headers)
    if opening_end > 0:
        errors += _gap_errors(path, layer, opening_end, file, refused)
    return errors


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _judged(error: InputError | None, refused: set[int], errors: list[InputError]) -> bool:
    if error is None or error.line in refused:
        return error is not None
    refused.add(error.line or 0)
    errors.append(error)
    return True


def _runs(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """A line's characters (left to right) parted where the gap between two is wider than
    ``_GAP`` times the line's median character width: a cell's border or a column, not a word
    space (a quarter of an em; a justified line's stretched spaces stay under it)."""
    ordered = sorted(glyphs, key=lambda glyph: glyph.left)
    if len(ordered) < 2:
        return [ordered]
    gap = _GAP * median(glyph.right - glyph.left for glyph in ordered)
    runs = [[ordered[0]]]
    for before, glyph in zip(ordered, ordered[1:], strict=False):
        if glyph.left - before.right > gap:
            runs.append([])
        runs[-1].append(glyph)
    return runs


def _gap_errors(path: Path, layer: PdfTextLayer, opening_end: int, file: str,
                refused: set[int]) -> list[InputError]:
    """Each text line of the opening parted at its column-wide gaps, the runs its cells."""
    errors: list[InputError] = []
    text = layer.text
    with opened_pdf(path, file=file) as document:
        for index, start in enumerate(layer.page_starts[:_MOST_PAGES]):
            if start >= opening_end:
                break
            page = document[index]
            try:
                geometry = page_geometry(page, number=index + 1, text_start=start, rules=[])
            finally:
                page.close()
            for line in geometry.lines():
                if line.start >= opening_end:
                    continue
                found = [text[run[0].offset: run[-1].offset + 1].strip() for run in _runs(line.glyphs)]
                if len(found) < 2:
                    continue
                shown = text[line.start: line.end]
                _judged(Opening(file).judge(shown, line_no=_line_of(text, line.start),
                                            where=f" (page {index + 1})", found=found), refused, errors)
    return errors
