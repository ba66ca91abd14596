"""PDF tables through camelot, each checked against a row count taken from the text layer.

**Which pages.** camelot costs a few hundred milliseconds a page, so it runs only where the
cheap pre-check (:func:`~.pdfgeometry.table_hint`) sees a table: a grid of ruling lines among
the page's vector paths, three rules over one stretch, or a run of lines carrying several
numbers each — the last confirmed by the characters' positions (three lines or more whose
runs of text, split at column-wide gaps, line up on one edge).

**Which flavour.** Lattice first, on pages with a ruled grid: it reads the cells from the
rules themselves, so wrapped text stays in its cell. Stream on pages with columns but no
grid, and on grid pages where lattice found no table (the rules were a frame, not cells).
A stream table's first and last rows with a single filled cell (a caption, a paragraph
camelot took in) are trimmed, and one whose rows mostly have a single cell is not a table.

**Row-count validation.** Each table's rows are counted again from pdfium's characters,
never from camelot: the text lines inside the table, extended above and below by lines
that still break into columns within its width (rows a ruled grid left out), and on to the
next page when the table runs to the foot of its page. In a ruled table the lines between
two horizontal rules are one row (a wrapped cell); elsewhere each line is one row, as
camelot's stream reads them. A table camelot finds at the top of the next page, under
those continuing lines, is the same table: its rows join the first part's (a repeated
header is dropped). Where the counts disagree the table is *quarantined*: none of its rows
becomes a provision, and ingest reports it with its page and both counts.

**Raster bound.** camelot's lattice renders each grid page to a bitmap (OpenCV then copies
it a few times: about 14 bytes a pixel in all), at 300 dpi by default, whatever the page's
size: a 1 KB PDF whose page is 200 in square asked for 3.6 gigapixels and was killed for
memory (audit 76 B F4). A page is rendered to at most :data:`MAX_TABLE_RASTER_PIXELS`
(:class:`_BoundedRaster`): a larger page at the resolution that fits (a 36 x 48 in sheet at
152 dpi), and a page that would need less than :data:`MIN_TABLE_RESOLUTION` (one pixel a
point) to fit is not given to camelot at all: its text is indexed as text, and a warning
names the file, the page and its size. The size counts ``/UserUnit`` (a page's unit may be
larger than a point; pdfium's page size leaves it out).

**Layout bound.** camelot lays a page out (pdfminer's text grouping) before it looks for a
table, and that costs about the square of the page's separate runs of text (a ruled page of
2,000 short runs took 98 s, of 1,000 24 s; a 41 KB page of 5,000 passed five minutes and
3.5 GB) plus a share of each character (89,000 characters in 300 runs: 36 s). Its cost is
estimated from pdfium's characters before camelot runs (:func:`page_cost`: counts, never a
clock, so the same file reads the same everywhere; the runs counted as pdfminer would lay them
out as well, audit 108 B F3; the characters the page's strings show where they are more,
issue 23): a page past :data:`MAX_TABLE_PAGE_COST`
is not given to camelot, and pages are given in order only while their sum stays within
:data:`MAX_TABLE_FILE_COST`; the pages left out have their text indexed as text, each named
in a warning with why (audit 107 B F1).
"""

from __future__ import annotations

import bisect
import logging
import math
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inforce.ontology import InputError, TableRow
from inforce.ontology.document import QuarantinedTable

from .pdf import SHOWN_CHARACTERS_COUNTED, PdfTextLayer, opened_pdf
from .pdfgeometry import (
    PageGeometry,
    Rule,
    TextLine,
    layout_boxes,
    page_geometry,
    page_rules,
    table_hint,
)
from .pdfshows import page_user_units
from .tables import clean_cell, linearise_row, row_header

if TYPE_CHECKING:
    import pypdfium2

__all__ = ["MAX_TABLE_FILE_COST", "MAX_TABLE_PAGE_COST", "PdfTables", "page_cost", "read_pdf_tables", "table_cost"]

_validate_row = TableRow.__pydantic_validator__.validate_python
#: The top and bottom of a page (share of its height) where a running header, a footer or
#: a page number may sit between a table and its continuation.
_FURNITURE = 0.1
#: camelot's lattice resolution (its default), in pixels an inch.
TABLE_RESOLUTION = 300
#: The most pixels a grid page is rendered to for camelot's lattice (a 24 x 18 in sheet at 300 dpi).
MAX_TABLE_RASTER_PIXELS = 40_000_000
#: Below this resolution (pixels an inch: one a point) a page's tables are not looked for.
MIN_TABLE_RESOLUTION = 72
#: The most a page's estimated layout cost (:func:`table_cost`, about milliseconds of camelot,
#: lattice and stream, on the two shared cores it was measured on) may be for camelot to be given
#: the page: about 760 separate runs of text, or 36,000 characters. The real table pages the tests
#: read estimate at most 12,729 (camelot's 12s0324.pdf: 555 runs, 15 of them blank pieces its text layer
#: leaves out, and 11,323 characters its strings show, blanks too, where pdfium holds 5,744; it took 1.8 s);
#: a ruled page of 1,000 scattered runs estimates 24,500 (it took 24 s), the audit's 199 x 100
#: cell grid 38,000 (36 s).
MAX_TABLE_PAGE_COST = 15_000
#: The most the estimated layout costs of the pages given to camelot may add up to in one PDF
#: (four pages at the page bound, nine like 12s0324.pdf, 120 small tables): without it the file
#: limits admitted ~49 pages of 25 s each, twenty minutes.
MAX_TABLE_FILE_COST = 60_000


@dataclass(slots=True)
class PdfTables:
    """The rows of the PDF's tables that passed the check (``parent`` not yet set), the
    tables quarantined, warnings for the ingest to print, and the pages camelot read; each
    table's header as written (by table number: its rows repeat ``tables.row_header``'s), what
    the opening rule judges."""

    rows: list[TableRow] = field(default_factory=list)
    headers: dict[int, tuple[str, ...]] = field(default_factory=dict)
    quarantined: list[QuarantinedTable] = field(default_factory=list)
    warnings: list[InputError] = field(default_factory=list)
    pages_read: tuple[int, ...] = ()


@dataclass(slots=True)
class _Part:
    """One table as camelot found it on one page, in camelot's (possibly turned) frame."""

    page: int
    flavor: str
    cells: list[list[str]]
    bounds: list[tuple[float, float]]
    left: float
    right: float
    columns: list[tuple[float, float]] = field(default_factory=list)
    turn: int = 0
    #: (height, text-layer offset) of the characters across the part's width, by height
    glyphs: list[tuple[float, int]] | None = None

    @property
    def top(self) -> float:
        return self.bounds[0][0]

    @property
    def bottom(self) -> float:
        return self.bounds[-1][1]


class _BoundedRaster:
    """camelot's image conversion backend for lattice (an object with ``convert``, as camelot
    takes one): pdfium renders the page at :data:`TABLE_RESOLUTION`, or at the lower resolution
    that keeps it within :data:`MAX_TABLE_RASTER_PIXELS`. (camelot 2.0's own ``resolution``
    is not passed to its renderer: every page was rendered at 300 dpi.)"""

    @staticmethod
    def _image(pdf_path: str, page: int) -> Any:
        import pypdfium2

        document = pypdfium2.PdfDocument(pdf_path)
        try:
            document.init_forms()
            loaded = document[page - 1]
            try:
                width, height = loaded.get_size()
                scale = TABLE_RESOLUTION / 72
                if width * height * scale * scale > MAX_TABLE_RASTER_PIXELS:
                    scale = math.sqrt(MAX_TABLE_RASTER_PIXELS / (width * height))
                return loaded.render(scale=scale).to_pil()
            finally:
                loaded.close()
        finally:
            document.close()

    def convert(self, pdf_path: str, png_path: str, page: int = 1) -> None:
        image = self._image(pdf_path, page)
        try:
            image.save(png_path)
        finally:
            image.close()

    def to_array(self, pdf_path: str, page: int = 1) -> Any:
        """The page as OpenCV's BGR array, what camelot reads when the backend offers it."""
        import numpy as np

        image = self._image(pdf_path, page)
        try:
            return np.ascontiguousarray(np.asarray(image.convert("RGB"))[:, :, ::-1])
        finally:
            image.close()


def page_cost(geometry: PageGeometry, shown: int = 0) -> tuple[int, int]:
    """A page's separate runs of text as the estimate counts them, and its estimated layout
    cost (:func:`table_cost`). The runs are the more of pdfium's lines split at wide gaps
    and of the text boxes pdfminer would make (:func:`~.pdfgeometry.layout_boxes`): pdfium's
    lines take a line's height from its first character, and one tall glyph held 2,000 tiny
    digits at other heights in seven runs that pdfminer lays out as some 1,700 boxes (a page
    estimated at 1,306 took 53 s and 0.83 GB, audit 108 B F3). A piece of text the text layer
    holds no character of (:attr:`~.pdfgeometry.PageGeometry.unplaced`) counts one run and one
    character more: pdfminer lays it out all the same (2,000 one-digit pieces at 0.001 pt were
    estimated at 504 and took 70 s and 0.98 GB, audit 109 B F2). The characters are the more of
    pdfium's and of those the page's strings show (``shown``: :attr:`~.pdf.PdfTextLayer.shown`):
    pdfium keeps at most 32,767 characters of one text-showing operator, pdfminer lays out all of
    them (one ``Tj`` of a million digits narrower than 0.01 pt each was estimated at 13,609 and
    took camelot 20 s, issue 23)."""
    glyphs = geometry.glyphs_in(geometry.turn)
    runs = max(sum(len(line.segments) for line in geometry.lines(geometry.turn)), layout_boxes(glyphs))
    runs += geometry.unplaced
    return runs, table_cost(runs, max(len(glyphs) + geometry.unplaced, shown))


def table_cost(runs: int, characters: int) -> int:
    """A page's estimated layout cost in camelot (about milliseconds, lattice and stream, as
    measured): a fixed half second, the square of its separate runs of text (pdfminer groups
    every run against the others) over 40, and 0.4 for each character. Fitted to ruled pages of
    250 to 2,000 scattered runs and of 500 to 2,000 cells (1.2 s to 98 s) and a grid of 89,000
    characters (36 s); the real pages the tests read take less than it says."""
    return 500 + runs * runs // 40 + characters * 2 // 5


def read_pdf_tables(path: Path, layer: PdfTextLayer, *, file: str) -> PdfTables:
    """Every table of the PDF worth reading, checked row by row against its text layer."""
    with opened_pdf(path, file=file) as document:
        return _TableReader(document, layer, path, file).read()


class _TableReader:
    def __init__(self, document: pypdfium2.PdfDocument, layer: PdfTextLayer, path: Path, file: str) -> None:
        self.document = document
        self.layer = layer
        self.path = path
        self.file = file
        self.result = PdfTables()
        self._geometry: dict[int, PageGeometry] = {}
        self._rules: dict[int, list[Rule]] = {}
        #: each page's (width, height) in points, as pdfium gives it
        self._sizes: dict[int, tuple[float, float]] = {}

    def read(self) -> PdfTables:
        hints: dict[int, str] = {}
        for number in range(1, self.layer.page_count + 1):
            text = self.layer.page_text(number)
            if not text.strip():
                continue
            page = self.document[number - 1]
            try:
                rules = page_rules(page)
                self._sizes[number] = page.get_size()
            finally:
                page.close()
            self._rules[number] = rules
            hint = table_hint(text, rules)
            if hint == "numbers" and not self._columns_line_up(number):
                hint = None
            if hint is not None:
                hints[number] = hint
        for page in self._too_large([page for page, hint in hints.items() if hint == "grid"]):
            del hints[page]
        for page in self._too_costly(sorted(hints)):
            del hints[page]
        if not hints:
            return self.result
        self.result.pages_read = tuple(sorted(hints))
        grid = [page for page, hint in hints.items() if hint == "grid"]
        lattice = self._usable_parts(self._camelot(grid, "lattice"))
        # A lattice table whose rows disagree with its page's lines (a grid ruled only
        # around its header and body) is read again by stream, which may get it right.
        failed = [part for part in lattice if len(part.cells) != self._count(part)[0]]
        kept = [part for part in lattice if part not in failed]
        # stream where lattice found nothing, failed, or left lines in columns outside
        stream = sorted(
            page
            for page in hints
            if self._columns_left(page, kept) or any(part.page == page for part in failed)
        )
        for part in self._usable_parts(self._camelot(stream, "stream")):
            if not any(_overlap(part, other) for other in kept):
                kept.append(part)
        # a failed lattice table that stream did not find again stays, to be quarantined
        kept += [part for part in failed if not any(_overlap(part, other) for other in kept)]
        kept.sort(key=lambda part: (part.page, -part.top, part.left))
        self._check_and_build(kept)
        return self.result

    # -- pages -------------------------------------------------------------------------

    def geometry(self, number: int) -> PageGeometry:
        if number not in self._geometry:
            page = self.document[number - 1]
            try:
                self._geometry[number] = page_geometry(
                    page,
                    number=number,
                    text_start=self.layer.page_starts[number - 1],
                    rules=self._rules.get(number),
                )
            finally:
                page.close()
        return self._geometry[number]

    def _columns_line_up(self, number: int) -> bool:
        """Three lines or more that break into columns, with one column edge in common."""
        geometry = self.geometry(number)
        if geometry is None:
            return True  # cannot tell: let camelot look
        lines = [line for line in geometry.lines(geometry.turn) if len(line.segments) >= 2]
        if len(lines) < 3:
            return False
        edges: Counter[tuple[str, int]] = Counter()
        for line in lines:
            seen = set()
            for index, (start, end) in enumerate(line.segments):
                if index:
                    seen.add(("left", round(start / 3)))
                seen.add(("right", round(end / 3)))
            edges.update(seen)
        return any(count >= 3 for count in edges.values())

    def _too_large(self, grid: list[int]) -> list[int]:
        """The grid pages that even :data:`MIN_TABLE_RESOLUTION` would render past
        :data:`MAX_TABLE_RASTER_PIXELS` (``/UserUnit`` counted), each warned: their tables are
        not looked for."""
        units = page_user_units(self.path, grid)
        large = []
        for page in grid:
            width, height = self._sizes.get(page, (0.0, 0.0))
            unit = units.get(page, 1.0)
            inches = (width * unit / 72, height * unit / 72)
            if inches[0] * inches[1] * MIN_TABLE_RESOLUTION**2 <= MAX_TABLE_RASTER_PIXELS:
                continue
            large.append(page)
            self.result.warnings.append(
                InputError(
                    f"page {page} is {inches[0]:,.0f} x {inches[1]:,.0f} in"
                    f"{f' (/UserUnit {unit:g})' if unit != 1 else ''}: its tables were not looked for "
                    f"(even at {MIN_TABLE_RESOLUTION} dpi it would pass the "
                    f"{MAX_TABLE_RASTER_PIXELS:,} pixels a page is rendered to); its text is indexed as text",
                    file=self.file,
                )
            )
        return large

    def _too_costly(self, pages: list[int]) -> list[int]:
        """The pages (in order) whose estimated layout cost passes :data:`MAX_TABLE_PAGE_COST`,
        and every page from the one that would take the file's sum past
        :data:`MAX_TABLE_FILE_COST` on, each warned: their tables are not looked for. A page
        past the file's bound is not laid out here either."""
        left_out: list[int] = []
        spent = 0
        for position, page in enumerate(pages):
            geometry = self.geometry(page)
            shown = self.layer.shown_characters(page)
            runs, cost = page_cost(geometry, shown)
            if cost > MAX_TABLE_PAGE_COST:
                left_out.append(page)
                self.result.warnings.append(
                    InputError(
                        f"page {page} holds {runs:,} separate runs of text and {len(geometry.glyphs):,} "
                        f"characters{_unplaced_note(geometry)}{_shown_note(geometry, shown)}: its tables were "
                        "not looked for (laying it out for camelot is "
                        f"estimated at {cost:,}, past the {MAX_TABLE_PAGE_COST:,} a page may cost); "
                        "its text is indexed as text",
                        file=self.file,
                        hint="give the page's tables as Markdown or CSV tables",
                    )
                )
                continue
            if spent + cost > MAX_TABLE_FILE_COST:
                rest = pages[position:]
                left_out += rest
                named = _page_list(rest)
                self.result.warnings.append(
                    InputError(
                        f"{named}: their tables were not looked for (laying out the pages before "
                        f"for camelot is estimated at {spent:,}, and with page {page} it would pass the "
                        f"{MAX_TABLE_FILE_COST:,} a PDF may cost in all); their text is indexed as text",
                        file=self.file,
                        hint="split the PDF, or give its tables as Markdown or CSV tables",
                    )
                )
                break
            spent += cost
        return left_out

    # -- camelot -----------------------------------------------------------------------

    def _camelot(self, pages: list[int], flavor: str) -> list[Any]:
        if not pages:
            return []
        import camelot  # deferred: loading camelot (pandas, OpenCV) costs about a second

        quiet = [logging.getLogger(name) for name in ("camelot", "playa", "pdfminer")]
        levels = [logger.level for logger in quiet]
        try:
            for logger in quiet:
                logger.setLevel(logging.ERROR)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return list(
                    camelot.read_pdf(
                        str(self.path),
                        pages=",".join(map(str, pages)),
                        flavor=flavor,
                        suppress_stdout=True,
                        **({"backend": _BoundedRaster()} if flavor == "lattice" else {}),
                    )
                )
        except Exception as exc:  # noqa: BLE001 - camelot's failures are many and untyped
            named = ", ".join(map(str, pages))
            self.result.warnings.append(
                InputError(
                    f"the tables on page(s) {named} could not be read ({flavor}: "
                    f"{type(exc).__name__}: {exc}); their text is indexed as text",
                    file=self.file,
                )
            )
            return []
        finally:
            for logger, level in zip(quiet, levels, strict=True):
                logger.setLevel(level)

    def _usable_parts(self, tables: list[Any]) -> list[_Part]:
        parts = [self._part(table) for table in tables]
        kept = [part for part in parts if part is not None and self._usable(part)]
        for part in kept:
            self._resolve_turn(part)
        return kept

    def _columns_left(self, page: int, parts: list[_Part]) -> bool:
        """Whether ``page`` still shows lines in columns (three or more) outside ``parts``."""
        on_page = [part for part in parts if part.page == page]
        if not on_page:
            return True
        geometry = self.geometry(page)
        outside = 0
        for line in geometry.lines(on_page[0].turn):
            if len(line.segments) < 2:
                continue
            if not any(part.bottom - 1 <= line.middle <= part.top + 1 for part in on_page):
                outside += 1
        return outside >= 3

    @staticmethod
    def _part(table: Any) -> _Part | None:
        rows = [[clean_cell(cell) for cell in row] for row in table.data]
        bounds = [(float(top), float(bottom)) for top, bottom in table.rows]
        if not rows or len(bounds) != len(rows) or not table.cols:
            return None
        keep = [index for index, row in enumerate(rows) if any(row)]
        return _Part(
            page=int(table.page),
            flavor=table.flavor,
            cells=[rows[index] for index in keep],
            bounds=[bounds[index] for index in keep],
            left=float(table.cols[0][0]),
            right=float(table.cols[-1][1]),
            columns=[(float(x0), float(x1)) for x0, x1 in table.cols],
        )

    @staticmethod
    def _usable(part: _Part) -> bool:
        """A table of two rows or more; a stream table loses its single-cell first and last
        rows (a caption or paragraph) and must have two filled cells in most rows."""
        if part.flavor == "stream":
            while part.cells and sum(1 for cell in part.cells[0] if cell) <= 1:
                del part.cells[0], part.bounds[0]
            while part.cells and sum(1 for cell in part.cells[-1] if cell) <= 1:
                del part.cells[-1], part.bounds[-1]
            wide = sum(1 for row in part.cells if sum(1 for cell in row if cell) >= 2)
            if wide * 2 < len(part.cells):
                return False
        return len(part.cells) >= 2 and len(part.cells[0]) >= 2

    def _resolve_turn(self, part: _Part) -> None:
        """The frame camelot read the table in: the turn whose characters inside the table's
        box best match its cells' characters."""
        geometry = self.geometry(part.page)
        if geometry is None:
            return
        wanted = Counter(char for row in part.cells for cell in row for char in cell if not char.isspace())
        text = self.layer.text
        best, best_score = geometry.turn, -1
        for turn in dict.fromkeys((geometry.turn, 0, 90, 180, 270)):
            found = Counter(
                text[glyph.offset]
                for glyph in geometry.glyphs_in(turn)
                if not glyph.space
                and part.left <= (glyph.left + glyph.right) / 2 <= part.right
                and part.bottom <= (glyph.top + glyph.bottom) / 2 <= part.top
            )
            score = sum((wanted & found).values())
            if score > best_score:
                best, best_score = turn, score
        part.turn = best

    # -- the check ---------------------------------------------------------------------

    def _check_and_build(self, parts: list[_Part]) -> None:
        absorbed: set[int] = set()
        number = 0
        for index, part in enumerate(parts):
            if index in absorbed:
                continue
            number += 1
            chain = [part]
            text_rows, reaches_end = self._count(part)
            last_page = part.page
            while reaches_end:
                last = chain[-1]
                following = self._continuation_lines(last)
                if not following:
                    break
                last_page = last.page + 1
                successor = self._successor(parts, index, absorbed, last, following)
                if successor is None:
                    text_rows += self._group_count(following, last.page + 1, last)
                    break
                absorbed.add(successor)
                chain.append(parts[successor])
                more, reaches_end = self._count(parts[successor])
                text_rows += more
            extracted = sum(len(item.cells) for item in chain)
            widths = {len(item.cells[0]) for item in chain}
            if extracted != text_rows or len(widths) != 1:
                self._quarantine(
                    number, chain, extracted, text_rows, columns=len(widths) != 1, last_page=last_page
                )
                continue
            self._build(number, chain)

    def _lines(self, part: _Part, page: int | None = None) -> list[TextLine]:
        """The lines of ``page`` (the part's own by default) across the part's width that hold
        a letter or digit (leader dots set apart from their row are no row of their own)."""
        geometry = self.geometry(part.page if page is None else page)
        text = self.layer.text
        return [
            line
            for line in geometry.lines(part.turn)
            if line.right > part.left
            and line.left < part.right
            and any(text[glyph.offset].isalnum() for glyph in line.glyphs)
        ]

    def _count(self, part: _Part) -> tuple[int, bool]:
        """The rows the text layer shows for ``part`` (inside it, and the lines above and
        below that still break into its columns), and whether they run to the page's foot."""
        lines = self._lines(part)
        inside = [
            index
            for index, line in enumerate(lines)
            if part.bottom - 1 <= line.middle <= part.top + 1
        ]
        if not inside:
            return 0, False
        first, last = inside[0], inside[-1]
        pitch = _pitch([lines[index] for index in inside])
        # Above a ruled grid: header rows left unruled. Above a stream table sits its
        # caption, which camelot leaves out as it should; so only below, for stream.
        while (
            part.flavor == "lattice"
            and first > 0
            and self._continues(lines[first - 1], lines[first], part, pitch)
        ):
            first -= 1
        while last + 1 < len(lines) and self._continues(lines[last + 1], lines[last], part, pitch):
            last += 1
        counted = lines[first : last + 1]
        return self._group_count(counted, part.page, part), self._at_foot(part, counted[-1])

    @staticmethod
    def _continues(line: TextLine, neighbour: TextLine, part: _Part, pitch: float) -> bool:
        """Whether ``line``, next to a counted line, is one more row of the table: it breaks
        into two columns or more, all within the table's width, close to its neighbour."""
        slack = 0.1 * (part.right - part.left)
        gap = neighbour.bottom - line.top if line.middle < neighbour.middle else line.bottom - neighbour.top
        return (
            len(line.segments) >= 2
            and line.left >= part.left - slack
            and line.right <= part.right + slack
            and gap <= max(1.5 * pitch, 1.5 * line.height)
        )

    def _frame_height(self, geometry: PageGeometry, turn: int) -> float:
        return geometry.width if turn in (90, 270) else geometry.height

    def _at_foot(self, part: _Part, last: TextLine) -> bool:
        """Nothing but page furniture (a footer, a page number) below the table's last line."""
        geometry = self.geometry(part.page)
        if geometry is None or part.page >= self.layer.page_count:
            return False
        foot = _FURNITURE * self._frame_height(geometry, part.turn)
        return not any(
            line.top < last.bottom and line.middle > foot for line in geometry.lines(part.turn)
        )

    def _continuation_lines(self, part: _Part) -> list[TextLine]:
        """The lines at the top of the next page that carry the table on."""
        geometry = self.geometry(part.page + 1)
        head = (1 - _FURNITURE) * self._frame_height(geometry, part.turn)
        lines = self._lines(part, part.page + 1)
        following: list[TextLine] = []
        for line in lines:
            if not following and line.middle > head and len(line.segments) < 2:
                continue  # a running header above the continuation
            if not following:
                if not self._continues(line, line, part, line.height):
                    break
            elif not self._continues(line, following[-1], part, _pitch(following)):
                break
            following.append(line)
        return following

    def _successor(
        self, parts: list[_Part], index: int, absorbed: set[int], last: _Part, following: list[TextLine]
    ) -> int | None:
        """The table camelot found under the continuing lines on the next page, if any."""
        for other in range(index + 1, len(parts)):
            candidate = parts[other]
            if other in absorbed or candidate.page != last.page + 1:
                continue
            if candidate.turn == last.turn and candidate.top >= following[0].bottom - 2:
                return other
        return None

    def _group_count(self, lines: list[TextLine], page: int, part: _Part) -> int:
        """Rows among ``lines``: in a ruled table the lines between two horizontal rules are
        one row; any other line is a row of its own."""
        geometry = self.geometry(page)
        if part.flavor != "lattice" or geometry is None:
            return len(lines)
        levels = sorted(
            {
                round(rule.y0, 0)
                for rule in geometry.rules_in(part.turn)
                if rule.horizontal and min(rule.x1, part.right) - max(rule.x0, part.left) >= 5
            },
            reverse=True,
        )
        groups: dict[tuple[str, int], list[TextLine]] = {}
        for position, line in enumerate(lines):
            above = sum(1 for level in levels if level > line.middle)
            key = ("ruled", above) if 0 < above < len(levels) else ("line", position)
            groups.setdefault(key, []).append(line)
        # Between two rules, lines that each fill most columns are rows the rules left
        # unseparated (a grid ruled only around its header and body); lines that fill a
        # few columns are a wrapped cell's, one row with the line they continue.
        full = max(2, -(-3 * len(part.columns) // 4))
        return sum(
            max(1, sum(1 for line in group if _columns_filled(line, part) >= full))
            for group in groups.values()
        )

    def _quarantine(
        self, number: int, chain: list[_Part], extracted: int, text_rows: int, *, columns: bool, last_page: int
    ) -> None:
        first, last = chain[0].page, max(last_page, chain[-1].page)
        table = QuarantinedTable(
            table=number,
            page=first,
            page_end=last if last != first else None,
            extracted_rows=extracted,
            text_rows=text_rows,
        )
        self.result.quarantined.append(table)
        pages = f"page {first}" if last == first else f"pages {first}-{last}"
        why = (
            "its parts on different pages have different columns"
            if columns
            else f"{extracted} rows extracted, {text_rows} rows in the text layer"
        )
        self.result.warnings.append(
            InputError(
                f"table {number} on {pages} quarantined: {why}; none of its rows is indexed",
                file=self.file,
                field=f"table-{number}",
                hint="confirm the table against the page, or give it as a Markdown or CSV table",
            )
        )

    # -- rows --------------------------------------------------------------------------

    def _build(self, number: int, chain: list[_Part]) -> None:
        first = chain[0]
        header_rows = _header_rows(first.cells)
        self.result.headers[number] = _merge_header(first.cells[:header_rows])
        header = row_header(self.result.headers[number])
        header_span = self._span(first, 0, header_rows)
        body: list[tuple[_Part, int]] = [(first, index) for index in range(header_rows, len(first.cells))]
        for part in chain[1:]:
            start = 1 if part.cells[0] == first.cells[0] else 0  # a header repeated on the new page
            body += [(part, index) for index in range(start, len(part.cells))]
        for row_number, (part, index) in enumerate(body, 1):
            cells = tuple(part.cells[index])
            span = self._span(part, index, index + 1) or header_span
            self.result.rows.append(
                _validate_row(
                    {
                        "path": f"table-{number}.row-{row_number}",
                        "table": number,
                        "row": row_number,
                        "header": header,
                        "cells": cells,
                        "span": span,
                        "header_span": header_span or span,
                        "text": linearise_row(header, cells),
                    }
                )
            )

    def _span(self, part: _Part, first: int, end: int) -> dict[str, int] | None:
        """The text-layer span of rows ``first`` to ``end`` (exclusive) of ``part``, with pages."""
        top, bottom = part.bounds[first][0], part.bounds[end - 1][1]
        if part.glyphs is None:  # the part's characters by height, read once for all its rows
            part.glyphs = sorted(
                ((glyph.top + glyph.bottom) / 2, glyph.offset)
                for glyph in self.geometry(part.page).glyphs_in(part.turn)
                if not glyph.space and part.left <= (glyph.left + glyph.right) / 2 <= part.right
            )
        low = bisect.bisect_left(part.glyphs, (bottom, -1))
        high = bisect.bisect_right(part.glyphs, (top, len(self.layer.text)))
        offsets = [offset for _, offset in part.glyphs[low:high]]
        if not offsets:
            return None
        start, stop = min(offsets), max(offsets) + 1
        starts = self.layer.page_starts
        return {
            "start": start,
            "end": stop,
            "page_start": bisect.bisect_right(starts, start),
            "page_end": bisect.bisect_right(starts, stop - 1),
        }


def _unplaced_note(geometry: PageGeometry) -> str:
    """`` (and N pieces of text too small for its text layer)`` where the page has any."""
    count = geometry.unplaced
    if not count:
        return ""
    return f" (and {count:,} piece{'' if count == 1 else 's'} of text drawn too small for its text layer)"


def _shown_note(geometry: PageGeometry, shown: int) -> str:
    """``, its strings showing N characters`` where they show more than the text layer holds."""
    if shown <= len(geometry.glyphs) + geometry.unplaced:
        return ""
    more = "more than " if shown > SHOWN_CHARACTERS_COUNTED else ""
    return f", its strings showing {more}{min(shown, SHOWN_CHARACTERS_COUNTED):,} characters"


def _page_list(pages: list[int]) -> str:
    """``page 7``, ``pages 7, 9-12``: pages named, runs of consecutive ones as ranges."""
    runs: list[list[int]] = []
    for page in pages:
        if runs and page == runs[-1][1] + 1:
            runs[-1][1] = page
        else:
            runs.append([page, page])
    named = ", ".join(str(first) if first == last else f"{first}-{last}" for first, last in runs)
    return f"page {named}" if len(pages) == 1 else f"pages {named}"


def _overlap(part: _Part, other: _Part) -> bool:
    """Whether two tables found on one page cover the same place (half the smaller or more)."""
    if part.page != other.page:
        return False
    width = min(part.right, other.right) - max(part.left, other.left)
    height = min(part.top, other.top) - max(part.bottom, other.bottom)
    if width <= 0 or height <= 0:
        return False
    smaller = min(
        (part.right - part.left) * (part.top - part.bottom),
        (other.right - other.left) * (other.top - other.bottom),
    )
    return width * height >= 0.5 * smaller


def _columns_filled(line: TextLine, part: _Part) -> int:
    """How many of the table's columns the line has text in."""
    return sum(
        1
        for x0, x1 in part.columns
        if any(min(end, x1) - max(start, x0) > 0 for start, end in line.segments)
    )


def _pitch(lines: list[TextLine]) -> float:
    """The usual distance between two lines' middles (a line's height when there is one)."""
    if len(lines) < 2:
        return lines[0].height if lines else 0.0
    steps = sorted(a.middle - b.middle for a, b in zip(lines, lines[1:], strict=False))
    return steps[len(steps) // 2]


def _header_rows(rows: list[list[str]]) -> int:
    """How many leading rows make the header: the first, and up to two more that hold no
    digit and have a gap under or beside a spanning cell, while rows below carry numbers."""
    count = 1
    digits = [any(char.isdigit() for cell in row for char in cell) for row in rows]
    while count < min(3, len(rows) - 1):
        row, above = rows[count], rows[count - 1]
        if digits[count] or not any(digits[count + 1 :]) or ("" not in row and "" not in above):
            break
        count += 1
    return count


def _merge_header(rows: list[list[str]]) -> tuple[str, ...]:
    """One header from several rows: a spanning cell's text stands over each column it spans,
    and each column's parts are joined top to bottom (``Percent Fuel Savings Improved Speed``)."""
    if len(rows) == 1:
        return tuple(rows[0])
    filled = [list(row) for row in rows]
    for level, row in enumerate(filled[:-1]):
        below = filled[level + 1]
        for column in range(1, len(row)):
            if not row[column] and row[column - 1] and below[column]:
                row[column] = row[column - 1]
    header = []
    for column in range(len(filled[0])):
        parts: list[str] = []
        for row in filled:
            if row[column] and (not parts or parts[-1] != row[column]):
                parts.append(row[column])
        header.append(" ".join(parts))
    return tuple(header)
