"""A document's outline: which numbered lines are headings, and the path each section gets.

One pass over the lines keeps a stack of open sections. A numbered line becomes a heading
only when its number is a plausible next one for that stack — a sibling's successor, a first
child (``.1``, ``A.``, ``(a)``), or the successor of an ancestor — so years, quantities and
cross-references that happen to start a line stay text; a document that amends or lists
clauses by number (``5.1.3`` and ``9.4.2`` only, ``D9.1``), or numbers them by another
document's (``1.1``, ``8.1``, ``16.3``), opens each as its own (``_lone_clause``). A section
runs from its heading line up to the next heading at its level or above, trailing blank lines
left out; its text is that slice of the text layer, so ``text_layer[span.start:span.end] ==
text`` always holds.

Paths (corpus-format.md, "Section paths"): decimal numbers, CSI numbers, parts and appendices
are absolute (``2.1``, ``033000``, ``part-2``, ``A``); paragraphs and unnumbered Markdown
headings extend their parent's path (``2.1.A.1``, ``447.21.a.1``, ``2.1.general-notes``).
A path seen twice keeps the first; later ones get ``-2``, ``-3`` and a warning.

Sections nest at most ``MAX_SECTION_DEPTH`` levels: a heading that would open one deeper is an
input error at its line, and no heading after it opens a section (the document is refused; what
follows stays in the open sections' text), so the text kept is at most that many times the layer.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from inforce.ontology import (
    MAX_DOCUMENT_PROVISIONS,
    MAX_SECTION_DEPTH,
    InputError,
    Section,
    TableRow,
)
from inforce.ontology.document import provisions_past_limit
from inforce.ontology.numbering import FENCE, FreeNames, lines_and_starts

from .numbering import Heading, Reading, read_heading, slugify
from .opening import (
    CLOSING_LINES,
    FENCE_SHAPED,
    OPENING_CHARACTERS,
    OPENING_LINES,
    Opening,
    is_access_key,
    title_like,
    visible,
)
from .tables import TableBlock, is_table_start, read_table

__all__ = ["Outline", "closing_errors", "parse_outline"]

_validate_section = Section.__pydantic_validator__.validate_python
_FENCE = FENCE
#: Ranks order the kinds of container; a paragraph is below any number, a Markdown heading
#: sits half a rank below its parent.
_RANK = {"csi": 0.0, "part": 1.0, "appendix": 1.0, "decimal": 2.0, "paragraph": 3.0}
#: Below (A) the CFR goes on with italic (1) and (i): a style may open again there.
_CFR_NEXT = {"reg-upper": "reg-num", "reg-num": "reg-roman"}
#: The most a plain (not Markdown, not bold) number may skip ahead of its predecessor.
_TOP_GAP = 10
_CHILD_GAP = 20


@dataclass(slots=True)
class _Open:
    kind: str
    style: str
    value: int
    comps: tuple[int | str, ...] | None
    path: str
    rank: float
    md_level: int | None
    start: int
    slot: int
    depth: int
    number: str | None
    heading: str
    parent: str | None


@dataclass(slots=True)
class Outline:
    """The provisions found in a text layer (document order), and what went wrong."""

    provisions: list[Section | TableRow] = field(default_factory=list)
    errors: list[InputError] = field(default_factory=list)
    warnings: list[InputError] = field(default_factory=list)
    #: Where the document's opening ends in the text (``opening`` module): what a reader
    #: judges apart from the lines (a PDF's table rows) is judged up to here.
    opening_end: int = 0
    #: Where the closing lines start in the text (the first of them judged), None where none is
    #: (a table or a code block ends the text): a reader judging what its text leaves out of a
    #: marking place (a Word paragraph's text box) judges it from here.
    closing_start: int | None = None


def parse_outline(
    text: str,
    *,
    file: str,
    first_line: int = 1,
    pages: list[int] | None = None,
    tables: bool = True,
    fences: bool = True,
    spaced: bool = False,
    closing: bool = True,
    paragraphs: bool = False,
) -> Outline:
    """Find the sections (and, with ``tables``, the pipe-table rows) of ``text``.

    ``first_line`` is the file line of the text's first line (for error positions); ``pages``
    holds the offset where each page starts (PDF), so spans carry their pages. ``fences``:
    a line of ``````` or ``~~~`` opens a code block (Markdown only: in a PDF's or a Word
    file's text it is a line of text, and must not hide the sections after it). ``spaced``: the
    opening rule also parts a line's cells at runs of spaces (a PDF's layout). ``closing``: judge
    the text's last lines as a marking place (False where ``text`` is only a file's first bytes:
    its end is then read apart, ``closing_errors``). ``paragraphs``: each line is a paragraph of
    its own (a Word file's), never a line wrapped inside one; else a paragraph starts after a blank
    line or at the text's start (``_lower_clause``).
    """
    reader = _OutlineReader(text, file, first_line, pages, spaced)
    reader.paragraphs = paragraphs
    return reader.read(tables, fences, closing)


def closing_errors(text: str, *, file: str, first_line: int) -> list[InputError]:
    """The errors of ``text``'s closing lines, judged as ``parse_outline`` judges a whole text's:
    for the end of a file read apart from its start (``lag`` reads a large file's first and last
    bytes, never its middle). ``first_line``: the file line of ``text``'s first line."""
    reader = _OutlineReader(text, file, first_line, None)
    reader.outline.opening_end = -1  # the opening lies in the file's first bytes, judged apart
    reader._check_closing(*lines_and_starts(text))
    return list(reader.outline.errors)


def _order(comps: tuple[int | str, ...]) -> tuple[int, ...]:
    """A clause number's place in document order (``("D9", 1)`` → ``(9, 1)``)."""
    return tuple(int(c.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) if isinstance(c, str) else c for c in comps)


class _OutlineReader:
    def __init__(self, text: str, file: str, first_line: int, pages: list[int] | None,
                 spaced: bool = False) -> None:
        self.text = text
        self.judge = Opening(file, spaced=spaced)
        self.file = file
        self.first_line = first_line
        self.pages = pages
        self.stack: list[_Open] = []
        self.slots: list[Section | TableRow | None] = []
        self.used: dict[str, int] = {}
        self.free_path = FreeNames(self.used)  # a repeated path's suffix (``notes-2``)
        self.outline = Outline()
        self.line_no = first_line
        #: whether a decimal section has opened: until one has, a first ``1.3`` is one (an
        #: excerpt that starts mid-article), not prose, nor a paragraph of what is open above
        self.decimal_opened = False
        #: whether a line of prose (not a heading, not title-like) has been read: after prose, a
        #: first ``2.5`` may be text the prose introduces (an addendum's "add the following article")
        self.prose_read = False
        #: a heading went past ``MAX_SECTION_DEPTH``: an error, and no section opens after it
        self.too_deep = False
        #: a provision went past ``MAX_DOCUMENT_PROVISIONS``: an error, and the reading stops there
        self.past_limit = False
        #: the slots of clauses opened with no parent (``_lone_clause``), the last one's style and
        #: number, and (counted once, when first asked) how many lines read as such clauses
        self.lone_slots: set[int] = set()
        self.last_lone: tuple[str, tuple[int | str, ...]] | None = None
        self.lone_styles: dict[str, dict[tuple[int | str, ...], int]] | None = None
        #: the last clause of two parts or more opened with no numbered section under it (a
        #: "root": ``1.1`` with no ``1``), its slot, and whether the roots' first numbers have
        #: jumped (``1.1`` then ``8.1``): the clauses are numbered by another document's
        self.last_root: tuple[str, tuple[int | str, ...], int] | None = None
        self.roots_jump = False
        #: each line is a paragraph (``parse_outline``'s ``paragraphs``)
        self.paragraphs = False

    # -- the pass ------------------------------------------------------------------

    def read(self, tables: bool, fences: bool = True, closing: bool = True) -> Outline:
        text = self.text
        lines, offsets = lines_and_starts(text)
        fence: str | None = None
        table_count = 0
        index = 0
        opening = True  # until the opening ends (``opening`` module: the first body text)
        numbered = False  # a numbered provision has opened
        under_dashes = False  # the line before was a line of dashes
        self.outline.opening_end = len(text)
        while index < len(lines):
            line = lines[index]
            self.line_no = self.first_line + index
            if not line or line.isspace():
                index += 1
                continue
            if opening and numbered and (index >= OPENING_LINES or offsets[index] >= OPENING_CHARACTERS):
                opening = self._end_opening(offsets[index])
            if opening:
                heads_table = fence is None and "|" in line and is_table_start(lines, index)
                place = f"table {table_count + 1}, header row" if heads_table else ""
                self._check_access_line(line, offsets[index], place)
            elif under_dashes and fence is None:
                self._check_access_line(line, offsets[index], "front matter after the text")
            under_dashes = FENCE_SHAPED.fullmatch(visible(line)) is not None
            fence_match = _FENCE.match(line) if fences else None
            if fence_match is not None:
                mark = fence_match.group(1)
                fence = None if fence == mark else (fence or mark)
                index += 1
                continue
            if fence is not None:
                index += 1
                continue
            # without ``tables`` (lag reading an opening) a table is still read for the opening rule
            if (tables or opening) and "|" in line and is_table_start(lines, index):
                table_count += 1
                block = read_table(
                    lines,
                    index,
                    offsets,
                    table=table_count,
                    parent=self._top_path(),
                    file=self.file,
                    first_line=self.first_line,
                    room=MAX_DOCUMENT_PROVISIONS - len(self.slots),
                )
                if opening:
                    self._check_opening_table(block, lines, offsets, index, table_count,
                                              columns=not numbered)
                if opening and numbered:  # a table in a provision is its text: the opening ends
                    opening = self._end_opening(offsets[index])
                if not tables:
                    index += block.lines_used
                    continue
                self.outline.errors.extend(block.errors)
                for row in block.rows:
                    self._claim(row.path)
                    if self.pages is not None:
                        row = row.model_copy(
                            update={
                                "span": row.span.model_copy(
                                    update=self._pages_of(row.span.start, row.span.end)
                                )
                            }
                        )
                    self.slots.append(row)
                if block.past_limit:
                    break
                index += block.lines_used
                continue
            heading = read_heading(line)
            starts_paragraph = self.paragraphs or index == 0 or not lines[index - 1].strip()
            if heading is not None and heading.lower and not self._lower_clause(
                heading, starts_paragraph=starts_paragraph
            ):
                heading = None
            opened, said = len(self.slots), len(self.outline.warnings)
            if heading is not None:
                self._heading(heading, offsets[index])
                if (heading.kind == "decimal" and starts_paragraph and len(heading.comps) >= 2
                        and not self.too_deep and len(self.slots) == opened and len(self.outline.warnings) == said):
                    # ("7 PIPES" then "6.3 Bedding ...": a clause out of sequence in upper case stays the
                    # text of the section open, said as a lower-case one is, audit 67 C F8)
                    self._read_as_text(heading)
            if len(self.slots) > opened and heading is not None and heading.kind != "markdown":
                numbered = True
                if opening and heading.text and (heading.kind == "paragraph" or not title_like(heading.text)):
                    opening = self._end_opening(offsets[index])
            elif opening and numbered and len(self.slots) == opened and not title_like(line):
                opening = self._end_opening(offsets[index] + len(line))  # body text of its own
            if len(self.slots) == opened and not title_like(line):
                self.prose_read = True
            if self.past_limit:
                break
            index += 1
        if closing:
            self._check_closing(lines, offsets)
        self._close_to(0, len(text))
        self.outline.provisions = [p for p in self.slots if p is not None]
        return self.outline

    def _check_closing(self, lines: list[str], offsets: list[int]) -> None:
        """The closing lines (``CLOSING_LINES`` non-blank lines at the text's end, past the
        opening: where a footer's marking stands) are judged as opening lines are (the one rule,
        ``opening.Opening``); a code block's fence stops them (its lines are no marking)."""
        judged, index = 0, len(lines) - 1
        closing: list[int] = []
        while index >= 0 and judged < CLOSING_LINES:
            line = lines[index]
            if line and not line.isspace():
                if _FENCE.match(line) or "|" in line or offsets[index] < self.outline.opening_end:
                    break  # a code block, a table (a provision's schedule) or the opening: no footer
                closing.append(index)
                judged += 1
            index -= 1
        self.outline.closing_start = offsets[closing[-1]] if closing else None
        self.judge = Opening(self.file, spaced=self.judge.spaced)  # nothing carried from the opening
        refused = {error.line for error in self.outline.errors if error.field == "access"}
        for index in reversed(closing):
            self.line_no = self.first_line + index
            if self.line_no not in refused:  # front matter after the text: judged there already
                self._check_access_line(lines[index], offsets[index], "closing lines")

    def _end_opening(self, at: int) -> bool:
        """The opening ends at text offset ``at``; False, the ``opening`` flag from now on."""
        self.outline.opening_end = min(self.outline.opening_end, at)
        return False

    def _check_access_line(self, line: str, line_start: int, place: str = "",
                           found: list[str] | None = None, *, apart: bool = False) -> bool:
        """Whether ``line`` declares access (``opening.Opening``, the one rule), which is then an
        error at its line, whatever the format: asked of each line of the opening, and of a line
        under a line of dashes (front matter written after the text). ``place`` names where the
        line stands (a table's row)."""
        page = self._pages_of(line_start, line_start + 1).get("page_start") if self.pages else None
        where = ", ".join(filter(None, (place, f"page {page}" if page is not None else "")))
        error = self.judge.judge(line, line_no=self.line_no, where=f" ({where})" if where else "", found=found,
                                 apart=apart)
        if error is not None:
            self.outline.errors.append(error)
        self.outline.warnings.extend(self.judge.notes)
        self.judge.notes.clear()
        return error is not None

    def _check_opening_table(
        self, block: TableBlock, lines: list[str], offsets: list[int], index: int, table: int, *, columns: bool,
    ) -> None:
        """A table in the opening (a document-control block): each of its rows is an opening
        line, judged by the one rule; before the first numbered provision (``columns``) a column
        headed ``access`` (in the header as written, ``block.header``) is read the same way, each
        row's cell under it rendered ``access: <cell>``. (Past it a table is a provision's text,
        a schedule whose column headed ``Access`` says who opens each door: its rows are judged
        as lines only.)"""
        header_line = self.line_no  # its header line was judged as every opening line is
        assert block.header is not None  # read_table keeps every header as written
        header = block.header[0]
        used = block.lines_used
        for row in block.rows:
            self.line_no = header_line + 1 + row.row  # the delimiter line sits between
            at = index + 1 + row.row
            if at >= index + used:
                break
            if self._check_access_line(lines[at], offsets[at], f"table {table}, row {row.row}") or not columns:
                continue
            for key, cell in zip(header[1:], row.cells[1:], strict=False):
                if is_access_key(key) and self._check_access_line(
                        f"{key}: {cell}", offsets[at], f"table {table}, row {row.row}", found=[key, cell],
                        apart=True):
                    break
        self.line_no = header_line

    # -- headings ------------------------------------------------------------------

    def _heading(self, heading: Heading, line_start: int) -> None:
        if self.too_deep:
            return
        kind = heading.kind
        if kind == "markdown":
            self._markdown(heading, line_start)
        elif kind == "paragraph":
            self._paragraph(heading, line_start)
        elif kind == "decimal":
            self._decimal(heading, line_start)
        else:
            self._container(heading, line_start)

    def _container(self, heading: Heading, line_start: int) -> None:
        rank = _RANK[heading.kind]
        self._pop_for_rank(rank, heading.md_level, line_start)
        self._open(
            kind=heading.kind,
            style=heading.kind,
            value=heading.value,
            comps=heading.comps or None,
            path=heading.segment,
            rank=rank,
            heading=heading,
            start=line_start,
        )

    def _decimal(self, heading: Heading, line_start: int) -> None:
        comps = heading.comps
        prefix, last = comps[:-1], comps[-1]
        explicit = heading.explicit or heading.introduced
        # "2." under "A." and "1." is the paragraph after "1.", not a new top-level section.
        bare_dotted = heading.dotted and len(comps) == 1 and not explicit
        if bare_dotted and self._numbered_paragraph(heading, line_start, in_paragraph=True):
            return
        stack = self.stack
        related = False
        for i in range(len(stack) - 1, -1, -1):
            level = stack[i]
            if level.comps is None:
                continue
            if level.comps == prefix:
                related = True
                if explicit or isinstance(last, str) or 1 <= last <= _CHILD_GAP:
                    self._close_to(i + 1, line_start)
                    self._open_decimal(heading, line_start)
                    return
                break
            if len(level.comps) == len(comps) and level.comps[:-1] == prefix:
                related = True
                previous = level.comps[-1]
                gap = _TOP_GAP if len(comps) == 1 else _CHILD_GAP
                if (
                    isinstance(last, int)
                    and isinstance(previous, int)
                    and (explicit or previous < last <= previous + gap)
                ):
                    self._close_to(i, line_start)
                    self._open_decimal(heading, line_start)
                    return
                if last == previous and not explicit:
                    self._numbered_again(level)
                break
        if bare_dotted and self._numbered_paragraph(heading, line_start, in_paragraph=False):
            return
        lone = False
        if not explicit and (related or not self._plausible_without_parent(comps)):
            if related or not self._lone_clause(heading, line_start):
                return
            lone = True
        self._pop_for_rank(_RANK["decimal"], heading.md_level, line_start)
        if lone:
            self.last_lone = (heading.lettered, comps)
        self._open_decimal(heading, line_start)

    def _numbered_again(self, level: _Open) -> None:
        """A heading-shaped line that repeats the number of a section still open stays its text
        (a plain number is never opened twice: a cross-reference may start a line), but never
        silently: a warning at its line names the number and the section that reads it."""
        reading = self.stack[-1].path
        self.outline.warnings.append(InputError(
            f"{level.number or level.path} is numbered again at line {self.line_no} (first at line "
            f"{self.used.get(level.path, '?')}); its text is read as part of {reading}",
            file=self.file, line=self.line_no, field=level.path,
            hint="number it as the next section, or mark it as a heading (Markdown '#') to open it",
        ))

    def _lower_clause(self, heading: Heading, *, starts_paragraph: bool) -> bool:
        """Whether a clause number whose text starts in lower case (``6.2 f'c = 25 MPa``,
        ``6.3 pH of ...``: symbols, units, brand names, some owners' plain clauses) opens its
        provision: it starts a paragraph, not a line wrapped inside one, and it is the next number
        of the open ones (``6.2`` after ``6.1``, a first ``6.1.1`` under ``6.1``; the innermost
        related section decides, as ``_decimal`` does). Otherwise its line stays the text of the
        section open, and where it starts a paragraph a warning at its line says so."""
        if not starts_paragraph or self.too_deep:
            return False
        comps = heading.comps
        prefix, last = comps[:-1], comps[-1]
        for level in reversed(self.stack):
            if level.comps is None:
                continue
            if level.comps == prefix:
                if last == 1:
                    return True
                break
            if len(level.comps) == len(comps) and level.comps[:-1] == prefix:
                previous = level.comps[-1]
                if isinstance(previous, int) and isinstance(last, int) and last == previous + 1:
                    return True
                break
        self._read_as_text(heading)
        return False

    def _read_as_text(self, heading: Heading) -> None:
        """Say at its line that a clause number starting a paragraph, out of sequence, stays the text
        of the section open (a lower-case one from ``_lower_clause``; one in upper case, "7 PIPES" then
        "6.3 Bedding ...", from ``read``): never opened, never silent."""
        reading = self.stack[-1].path if self.stack else None
        case = " starts in lower case and" if heading.lower else ""
        self.outline.warnings.append(InputError(
            f"{heading.number} read as text of {reading or 'no section (nothing is open)'}: "
            f"{heading.text[:80]!r}{case} {heading.segment} is not the next number of the sections open",
            file=self.file, line=self.line_no, field=reading or heading.segment,
            hint="number it as the next clause, or mark it as a heading (Markdown '#') to open it",
        ))

    def _plausible_without_parent(self, comps: tuple[int | str, ...]) -> bool:
        last = comps[-1]
        if len(comps) == 1:
            return (
                isinstance(last, int)
                and 1 <= last <= 99
                and not any(
                    level.kind == "decimal" and level.comps is not None and len(level.comps) == 1
                    for level in self.stack
                )
            )
        if isinstance(comps[0], str):
            return False  # an appendix decimal outside its appendix
        if last == 1:
            return True
        if not (self.decimal_opened or self.prose_read) and all(isinstance(c, int) and 1 <= c <= _CHILD_GAP for c in comps[1:]):
            return isinstance(comps[0], int) and 1 <= comps[0] <= 99  # the document's first numbered heading
        # "2.3" right under "PART 2" (an excerpt that starts mid-part).
        return any(level.kind == "part" and level.value == comps[0] for level in self.stack)

    def _lone_clause(self, heading: Heading, line_start: int) -> bool:
        """Whether a clause number with no parent or elder sibling open (``5.1.3`` first, then
        ``9.4.2``; ``D9.1``) opens its own provision: the document amends or lists clauses by
        number (supplementary conditions, special conditions, a section reissued in part).

        It does where the number has two parts or more (an appendix's ``A.1`` excepted), nothing
        numbered is open but clauses read this way (so an addendum's quoted ``2.5`` stays the text
        of its item) or a root clause of a document numbered by another's (``_by_reference``:
        ``16.3`` after ``1.1``, ``8.1``, ``13.1``), it comes after the last such clause in the same style (a cross-reference
        back stays text; another letter may follow a letter: a new part), its line or the line
        after is a sentence (a drawing list's ``A1.1 First Floor Plan`` is titles only), at least
        two numbers of the document read so (the style is the document's, not one stray number)
        and its number starts no other such line (the "instead of" and "read" copies of a clause
        are quoted text)."""
        comps = heading.comps
        if len(comps) < 2 or (isinstance(comps[0], str) and not heading.lettered):
            return False
        numbered = [level for level in self.stack if level.kind != "markdown"]
        root = self._by_reference(heading, numbered)
        if root is None:
            if numbered and numbered[0].slot not in self.lone_slots:
                return False
            if self.decimal_opened and self.last_lone is None:
                return False
        last_read = self.last_lone or (root[:2] if root is not None else None)
        if last_read is not None:
            style, last = last_read
            if style == heading.lettered:
                if _order(comps) <= _order(last):
                    return False
            elif not (style and heading.lettered):  # a new letter is a new part (``S2.04``, ``D2.01``)
                return False
        if not self._clause_line(heading, line_start):
            return False
        if self.lone_styles is None:
            self.lone_styles = self._count_lone_styles()
        numbers = self.lone_styles.get(heading.lettered, {})
        if not (len(numbers) >= 2 and numbers.get(comps, 0) == 1):
            return False
        if root is not None:  # the clauses opened before it were read so too
            self.lone_slots.add(root[2])
        return True

    def _by_reference(self, heading: Heading, numbered: list[_Open]) -> tuple[str, tuple[int | str, ...], int] | None:
        """The last root clause (``last_root``) where the document numbers its clauses by another
        document's and no clause has been read by ``_lone_clause`` yet: special conditions that
        carry the number of the general clause each supplements (``1.1``, ``8.1``, ``13.1``, then
        ``16.3``). The signal: nothing numbered is open but that root, the number (first part at
        most 99, not a year) is in the root's style, and the roots' first numbers have jumped, or
        this number has fewer parts under a later first number (``1.1.3.3`` then ``4.2``). None
        otherwise: a document of ``1.1``, ``1.2``, ``2.1`` keeps a stray ``9.4`` as text."""
        root = self.last_root
        if self.last_lone is not None or root is None:
            return None
        if numbered and numbered[0].slot != root[2]:
            return None  # under an article, a part or a section: a cross-reference stays text
        style, comps, _ = root
        first = _order(heading.comps)[0]
        if style != heading.lettered or not 1 <= first <= 99:
            return None
        later = first > _order(comps)[0] and len(heading.comps) < len(comps)
        return root if self.roots_jump or later else None

    def _clause_line(self, heading: Heading, line_start: int) -> bool:
        """Whether a clause number's line, or the non-blank line after it, is a sentence."""
        if not title_like(heading.text):
            return True
        text = self.text
        end = text.find("\n", line_start)
        while end != -1:
            start, end = end + 1, text.find("\n", end + 1)
            line = text[start:] if end == -1 else text[start:end]
            if line.strip():
                return not title_like(line)
        return False

    def _count_lone_styles(self) -> dict[str, dict[tuple[int | str, ...], int]]:
        """The lines of the text that read as clause numbers of two parts or more and pass
        ``_clause_line``: by style (``""`` decimal, else the letter), how many lines each number
        starts (a number printed twice is a clause quoted as it was and as it is to read, text)."""
        counts: dict[str, dict[tuple[int | str, ...], int]] = {}
        offset = 0
        for line in self.text.split("\n"):
            heading = read_heading(line)
            if (
                heading is not None and heading.kind == "decimal" and len(heading.comps) >= 2
                and not heading.lower  # opened only in sequence (``_lower_clause``), never alone
                and (heading.lettered or not isinstance(heading.comps[0], str))
                and self._clause_line(heading, offset)
            ):
                numbers = counts.setdefault(heading.lettered, {})
                numbers[heading.comps] = numbers.get(heading.comps, 0) + 1
            offset += len(line) + 1
        return counts

    def _open_decimal(self, heading: Heading, line_start: int) -> None:
        self.decimal_opened = True
        path = heading.segment
        self._open(
            kind="decimal",
            style="decimal",
            value=0,
            comps=heading.comps,
            path=path,
            rank=_RANK["decimal"],
            heading=heading,
            start=line_start,
        )
        opened = self.stack[-1] if self.stack else None
        if self.last_lone is not None and opened is not None and opened.comps == heading.comps and not any(
            level.kind != "markdown" for level in self.stack[:-1]
        ):  # a clause of a document read by ``_lone_clause``, opened alone or as a sibling
            self.lone_slots.add(opened.slot)
            self.last_lone = (heading.lettered, heading.comps)
        elif (
            opened is not None and opened.comps == heading.comps and len(heading.comps) >= 2
            and (heading.lettered or not isinstance(heading.comps[0], str))
            and not any(level.kind != "markdown" for level in self.stack[:-1])
        ):  # a root clause: ``1.1`` with no ``1`` open
            if self.last_root is not None and self.last_root[0] == heading.lettered:
                self.roots_jump |= _order(heading.comps)[0] > _order(self.last_root[1])[0] + 1
            self.last_root = (heading.lettered, heading.comps, opened.slot)

    def _numbered_paragraph(self, heading: Heading, line_start: int, *, in_paragraph: bool) -> bool:
        """Open a bare ``N.`` as a SectionFormat numbered paragraph when the context says so.

        With ``in_paragraph``: the successor of an open ``N.`` paragraph, or a first ``1.``
        under a lettered paragraph. Without: a first ``1.`` under any open section.
        """
        value = heading.comps[0]
        assert isinstance(value, int)
        reading = Reading("num", value, str(value))
        region = self._paragraph_region()
        if in_paragraph:
            for level in reversed(region):
                if level.style == "num" and value == level.value + 1:
                    self._close_to(self.stack.index(level), line_start)
                    self._open_paragraph(reading, heading.number, heading, line_start)
                    return True
            if not region:
                return False
        if value == 1 and self.stack and "num" not in {level.style for level in region}:
            self._open_paragraph(reading, heading.number, heading, line_start)
            return True
        return False

    def _paragraph(self, heading: Heading, line_start: int) -> None:
        first, *rest = heading.markers
        choice = self._place_paragraph(first.readings, heading.explicit)
        if choice is None:
            return
        close_from, reading = choice
        self._close_to(close_from, line_start)
        inner = not rest
        self._open_paragraph(reading, first.number, heading if inner else None, line_start)
        for position, marker in enumerate(rest, 1):
            region_styles = {level.style for level in self._paragraph_region()}
            reading = next(
                (r for r in marker.readings if r.value == 1 and r.style not in region_styles),
                marker.readings[0],
            )
            inner = position == len(rest)
            self._open_paragraph(
                reading, marker.number, heading if inner else None, line_start + marker.offset
            )

    def _place_paragraph(
        self, readings: tuple[Reading, ...], explicit: bool
    ) -> tuple[int, Reading] | None:
        """Where a paragraph marker fits: (stack index to close from, the reading chosen).

        The successor of the innermost paragraph comes first, then a first child of the
        innermost section, then the successor of an outer paragraph: so after ``(h)`` an
        ``(i)`` is the letter, but under ``(1)`` it is the roman numeral.
        """
        stack = self.stack
        region = self._paragraph_region()
        if region:
            top = region[-1]
            for reading in readings:
                if reading.style == top.style and reading.value == top.value + 1:
                    return len(stack) - 1, reading
        styles = {level.style for level in region}
        deeper = _CFR_NEXT.get(region[-1].style) if region else None
        for reading in readings:
            if reading.value == 1 and (reading.style not in styles or reading.style == deeper):
                return len(stack), reading
        for level in reversed(region[:-1]):
            for reading in readings:
                if reading.style == level.style and reading.value == level.value + 1:
                    return stack.index(level), reading
        if explicit:
            return len(stack), readings[0]
        return None

    def _open_paragraph(
        self, reading: Reading, number: str | None, heading: Heading | None, start: int
    ) -> None:
        parent = self.stack[-1] if self.stack else None
        path = f"{parent.path}.{reading.segment}" if parent else reading.segment
        self._open(
            kind="paragraph",
            style=reading.style,
            value=reading.value,
            comps=None,
            path=path,
            rank=_RANK["paragraph"],
            heading=heading,
            start=start,
            number=number,
        )

    def _markdown(self, heading: Heading, line_start: int) -> None:
        level = heading.md_level or 1
        stack = self.stack
        keep = len(stack)
        while keep and (
            (stack[keep - 1].kind == "paragraph" and stack[keep - 1].md_level is None)
            or (stack[keep - 1].md_level is not None and stack[keep - 1].md_level >= level)  # type: ignore[operator]
        ):
            keep -= 1
        self._close_to(keep, line_start)
        parent = stack[-1] if stack else None
        slug = slugify(heading.text)
        base = f"{parent.path}.{slug}" if parent else slug
        path = self.free_path(base)
        self._open(
            kind="markdown",
            style="markdown",
            value=0,
            comps=None,
            path=path,
            rank=(parent.rank if parent else -1.0) + 0.5,
            heading=heading,
            start=line_start,
        )

    # -- the stack -----------------------------------------------------------------

    def _pop_for_rank(self, rank: float, md_level: int | None, at: int) -> None:
        """Close what a numbered container of ``rank`` ends: anything at its rank or below."""
        stack = self.stack
        keep = len(stack)
        while keep:
            level = stack[keep - 1]
            if level.rank >= rank - 0.5 or (
                md_level is not None and level.kind == "markdown" and level.md_level >= md_level  # type: ignore[operator]
            ):
                keep -= 1
            else:
                break
        self._close_to(keep, at)

    def _open(
        self,
        *,
        kind: str,
        style: str,
        value: int,
        comps: tuple[int | str, ...] | None,
        path: str,
        rank: float,
        heading: Heading | None,
        start: int,
        number: str | None = None,
    ) -> None:
        parent = self.stack[-1] if self.stack else None
        if parent is not None and parent.depth + 1 >= MAX_SECTION_DEPTH:
            self._too_deep(path)
            return
        if len(self.slots) >= MAX_DOCUMENT_PROVISIONS:  # counted as read: the reading stops here
            if not self.past_limit:
                self.past_limit = True
                self.outline.errors.append(provisions_past_limit(self.file, self.line_no, f"section {path[:80]!r}"))
            return
        if kind != "markdown":
            path = self._unique(path)
        if heading is not None and number is None:
            number = heading.number
        self.stack.append(
            _Open(
                kind=kind,
                style=style,
                value=value,
                comps=comps,
                path=path,
                rank=rank,
                md_level=heading.md_level if heading is not None else None,
                start=start,
                slot=len(self.slots),
                depth=parent.depth + 1 if parent else 0,
                number=number,
                heading=heading.text if heading is not None else "",
                parent=parent.path if parent else None,
            )
        )
        self.used[path] = self.line_no
        self.slots.append(None)

    def _too_deep(self, path: str) -> None:
        if not self.too_deep:
            self.too_deep = True
            self.outline.errors.append(InputError(
                f"a heading nested {MAX_SECTION_DEPTH + 1} levels deep (section {path[:80]!r}): sections "
                f"nest at most {MAX_SECTION_DEPTH} levels",
                file=self.file,
                line=self.line_no,
                field="depth",
                hint="number the provision at a level above, or give its text as text",
            ))

    def _unique(self, path: str) -> str:
        # Every segment is built from a matched number, letter or slug, so it is a valid
        # PATH_SEGMENT already; only a repeat needs work.
        if path not in self.used:
            return path
        candidate = self.free_path(path)
        self.outline.warnings.append(
            InputError(
                f"section path {path!r} appears again (first at line {self.used[path]}); this one is {candidate!r}",
                file=self.file,
                line=self.line_no,
                field=path,
            )
        )
        return candidate

    def _claim(self, path: str) -> None:
        self.used.setdefault(path, self.line_no)

    def _close_to(self, keep: int, at: int) -> None:
        """Close every open section above ``keep``; each ends before ``at``, trailing space trimmed."""
        stack = self.stack
        text = self.text
        while len(stack) > keep:
            level = stack.pop()
            end = at
            while end > level.start and text[end - 1].isspace():
                end -= 1
            span: dict[str, int] = {"start": level.start, "end": end}
            if self.pages is not None:
                span.update(self._pages_of(level.start, end))
            # Validating a plain dict (pydantic-core, in Rust) is cheaper than model_construct.
            self.slots[level.slot] = _validate_section(
                {
                    "path": level.path,
                    "number": level.number,
                    "heading": level.heading,
                    "parent": level.parent,
                    "depth": level.depth,
                    "span": span,
                    "text": text[level.start : end],
                }
            )

    def _paragraph_region(self) -> list[_Open]:
        stack = self.stack
        i = len(stack)
        while i and stack[i - 1].kind == "paragraph":
            i -= 1
        return stack[i:]

    def _top_path(self) -> str | None:
        return self.stack[-1].path if self.stack else None

    def _pages_of(self, start: int, end: int) -> dict[str, int]:
        pages = self.pages or [0]
        first = bisect.bisect_right(pages, start)
        last = bisect.bisect_right(pages, max(start, end - 1))
        return {"page_start": first, "page_end": last}
