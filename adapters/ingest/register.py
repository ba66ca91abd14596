"""Document control's register: one row per revision, the metadata of files that carry none.

A project's manifest may name a register (``registry: FILE``): a CSV, an XLSX workbook (its
first visible sheet: ``_register_sheet``) or a YAML list, with one row per revision and the columns

    file, id, revision, seq, kind, title, issued, effective_from, effective_until,
    recorded, changed, access, public, applies_to.FACET ...

(``changed`` paths, ``access`` groups and facet values separated by ``;``; a cell written as a
list, ``[owners]``, is an error; ``public``, blank or ``true``, is front matter's ``public: true``
with its meaning and its checks: ``metadata._public``). ``file`` is the
document's path in the project (``documents/spec-033000.docx``; a path without the
``documents/`` folder is read inside it). A file the register describes needs no front matter
or sidecar; where it has them too, the two must agree. A row without ``file`` records a
revision that is not ingested (yet): ``inforce lag`` reports it.

A row is read as the front matter it stands for (``row_metadata``): the same checks, the same
messages, each pointed at the register's file and the row's line.

An XLSX cell is read as the sheet shows it: a formula as its saved value (one never saved, or
saved as an error, is an error at its cell), a number as its cell's number format writes it
(``_shown``: ``2.10``, not 2.1), a warning at the cell where that format is not read here; a
boolean as ``TRUE`` or ``FALSE``.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import re
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal, localcontext
from pathlib import Path, PurePosixPath
from typing import Any

from inforce.ontology import InputError, InputErrors
from inforce.ontology.archives import MAX_MEMBER, duplicate_problem, unpack_problem
from inforce.ontology.errors import nul_refused
from inforce.ontology.files import is_inside, not_regular, read_bounded, read_bounded_text
from inforce.ontology.text import echoed
from inforce.ontology.yamltext import MarkedMap, WrittenScalar, load_marked

from .tables import csv_records
from .yamlnodes import compose_yaml

__all__ = ["REGISTER_COLUMNS", "Register", "RegisterRow", "read_register", "register_rows_read", "register_without_rows"]

#: The columns a register may have, besides one ``applies_to.FACET`` per facet.
REGISTER_COLUMNS = (
    "file", "id", "revision", "seq", "kind", "title", "issued", "effective_from", "effective_until",
    "recorded", "changed", "access", "public",
)
#: The register's columns as the front-matter fields they stand for, where the names differ.
_FIELD_OF = {"effective_from": "effective.from", "effective_until": "effective.until"}
_COLUMN_OF = {value: key for key, value in _FIELD_OF.items()}
_LISTS = ("changed", "access")


@dataclass(frozen=True, slots=True)
class RegisterRow:
    """One revision as the register records it: its cells (blank ones left out) and its line
    (the CSV's line, the sheet's row number, the YAML entry's line). A cell is text, save a
    YAML register's list (``access: []``), kept as the list it is."""

    line: int
    values: dict[str, Any]
    #: what reading the row's cells noted (an XLSX number in a format not read): the ingest
    #: of the row's file reports them
    warnings: tuple[InputError, ...] = ()

    @property
    def file(self) -> str | None:
        return self.values.get("file")

    def fields(self) -> dict[str, str]:
        """The row as the front-matter fields it stands for, each a line of YAML with every
        value quoted, so a cell's text is only ever a value (a cell reading ``x, until: ...``
        adds no field)."""
        lines = {name: f"{name}: {_yaml(self.values[name])}"
                 for name in ("id", "kind", "title", "revision", "seq", "issued", "recorded") if name in self.values}
        effective = {key: self.values[column] for key, column in (("from", "effective_from"), ("until", "effective_until"))
                     if column in self.values}
        if effective:
            lines["effective"] = "effective: " + _yaml(effective)
        for name in _LISTS:
            if name in self.values:
                lines[name] = f"{name}: " + _yaml(_listed(self.values[name]))
        if "public" in self.values:
            lines["public"] = "public: " + _truth(self.values["public"])
        facets = {name.removeprefix("applies_to."): _listed(value) for name, value in self.values.items()
                  if name.startswith("applies_to.")}
        if facets:
            lines["applies_to"] = "applies_to: " + _yaml(facets)
        return lines

    def front_matter(self) -> str:
        """The row as the YAML front matter it stands for (``fields``, one per line)."""
        return "".join(line + "\n" for line in self.fields().values())

    def composed(self, register: str) -> Any:
        """The row's front matter (``front_matter``) composed as YAML; what YAML refuses in it (a
        cell holding a lone surrogate) is an InputError at the register's row and the column of
        the field on the refused line, never at a line of YAML the user did not write."""
        try:
            return compose_yaml(self.front_matter(), file=register)
        except InputError as exc:
            names = list(self.fields())
            name = names[exc.line - 1] if exc.line is not None and 0 < exc.line <= len(names) else None
            raise self.problem(InputError(f"the cell cannot be read as a value: {exc.message}", field=name,
                                          hint="take out the character it names"), register) from None

    def problem(self, error: InputError, register: str) -> InputError:
        """``error``, found reading this row's front matter, pointed at the register's row and
        its column."""
        column = _COLUMN_OF.get(error.field or "", (error.field or "").split("[")[0] or None)
        return InputError(error.message, file=register, line=self.line, field=column, hint=error.hint,
                          reason=error.reason)


@dataclass
class Register:
    """The register a manifest names: its rows, and which row describes each file."""

    file: str  # as the manifest names it
    rows: list[RegisterRow]
    by_file: dict[str, RegisterRow] = field(default_factory=dict)  # project-relative posix path → row

    def row_for(self, relative: str) -> RegisterRow | None:
        """The row describing the file at ``relative`` (its project-relative posix path)."""
        return self.by_file.get(relative)

    def missing_files(self, root: Path) -> list[InputError]:
        """A row naming a file the project does not have: an error at the row."""
        return [
            InputError(f"no file {relative} in the project", file=self.file, line=row.line, field="file",
                       hint="correct the path (relative to the project, e.g. documents/spec.docx), or "
                       "leave file empty for a revision not ingested yet")
            for relative, row in self.by_file.items() if not (root / relative).is_file()
        ]

    def unread_files(self, documents: set[str]) -> list[InputError]:
        """A row naming a file that is there but is no document ingest reads (a hidden file, a
        sidecar, a kind inforce does not read): an error at the row, never a row ignored."""
        return [
            InputError(f"{relative} is not a document inforce reads (hidden, a sidecar, or of a kind it does not "
                       "read)", file=self.file, line=row.line, field="file",
                       hint="name the document itself (the .docx, not its .docx.yaml), outside hidden folders")
            for relative, row in self.by_file.items() if relative not in documents
        ]


def _linked_part(root: Path, relative: str) -> tuple[str, str] | None:
    """The first part of ``relative`` (a row's file, under ``root``) that is a symlink, and where
    it leads (in the project, or the absolute path); None when no part is. Read through its
    link, the row would describe the target's name and match no file: the row would vanish."""
    parts = relative.split("/")
    for count in range(1, len(parts) + 1):
        place = root.joinpath(*parts[:count])
        if place.is_symlink():
            target = Path(os.path.realpath(place))
            try:
                shown = target.relative_to(Path(os.path.realpath(root))).as_posix()
            except ValueError:
                shown = str(target)
            return "/".join(parts[:count]), shown
    return None


def read_register(path: Path, name: str | None = None, *, root: Path | None = None) -> Register:
    """The register at ``path`` (``name``: as the manifest writes it, for messages), which
    must lie inside the project at ``root`` when given; InputErrors naming every unreadable
    row by the register's file and line."""
    name = name or str(path)
    if root is not None and not is_inside(path, root):
        raise InputErrors(f"{name}: register outside the project", [
            InputError("the register leads outside the project (an absolute path, '..' or a symlink): it is "
                       "not read", file=name, field="registry", hint="keep the register inside the project folder"),
        ])
    if path.is_dir():
        raise InputErrors(f"{name}: not a register", [
            InputError("the manifest names a folder as the register", file=name, field="registry")])
    if (kind := not_regular(path)) is not None:  # a pipe, socket, device or looping link: never opened
        raise InputErrors(f"{name}: not a register", [
            InputError(f"the manifest names a file that is not a regular file ({kind}) as the register: not read",
                       file=name, field="registry")])
    if not path.is_file():
        raise InputErrors(f"{name}: register missing", [
            InputError("the manifest names this register but it does not exist", file=name, field="registry"),
        ])
    if path.suffix.lower() not in _FORMATS:
        raise InputErrors(f"{name}: not a register", [
            InputError(f"a register is a CSV, an XLSX workbook or a YAML list, not {path.suffix or 'a file without a suffix'}",
                       file=name, field="registry", hint="save it as .csv, .xlsx or .yaml")])
    problems: list[InputError] = []
    rows = [RegisterRow(line, values, tuple(notes)) for line, raw, notes in _records(path, name)
            if (values := _cells(raw))]
    # a CSV of its header alone is a register with no rows (an erasure took out the last one:
    # ``register_without_rows``); any other register without rows is not read as one
    if not rows and not (path.suffix.lower() == ".csv" and _csv_header_only(path, name)):
        raise InputErrors(f"{name}: an empty register", [
            InputError("the register has no rows (an XLSX register is read from its first visible sheet)", file=name,
                       field="registry", hint="one row per revision under a header row of its columns")])
    register = Register(name, rows)
    problems += [problem for row in rows for problem in _bracketed(row, name)]
    # a NUL in a cell, at the register's row and column (the store would name the document's file)
    problems += [nul_refused(name, row.line, column) for row in rows for column, value in row.values.items()
                 if _holds_nul(value)]
    for row in rows:
        if row.file is None:
            continue
        relative = _project_path(row.file)
        if not row.file.strip():  # written, naming nothing: no revision "not ingested yet" by a slip
            problems.append(InputError(f"file {row.file!r} is written but names no file", file=name,
                                       line=row.line, field="file",
                                       hint="name the document's file, or leave the cell empty (in a YAML "
                                            "register: leave file out) for a revision not ingested yet"))
        elif relative is None:
            problems.append(InputError(f"file {row.file!r} is not a path inside the project", file=name,
                                       line=row.line, field="file"))
        elif root is not None and (link := _linked_part(root, relative)) is not None:
            problems.append(InputError(
                f"{link[0]} is a symlink (to {link[1]}): a register row names the document's own file",
                file=name, line=row.line, field="file",
                hint="name the file the link leads to in the row, or replace the link with the file"))
        elif relative in register.by_file:
            problems.append(InputError(
                f"{relative} is described twice (also at line {register.by_file[relative].line})",
                file=name, line=row.line, field="file",
                hint="one row per revision, and each revision is its own file"))
        else:
            register.by_file[relative] = row
    if problems:
        raise InputErrors(f"{name}: the register does not read", problems)
    return register


_FORMATS = (".csv", ".xlsx", ".xlsm", ".yaml", ".yml")


def register_rows_read(path: Path, name: str, *, root: Path) -> tuple[int | None, Register]:
    """The rows of the register at ``path`` that read as rows, however the rest of it reads
    (``read_register`` refuses the whole register for one row), and the line of its header row
    (a CSV's, a workbook's; None: a YAML list, or none read): what its problems are shown to an
    asker by (``engine.ingest.withhold_problems``: a row's by the access of the document it
    records). A row that does not read as a row (a cell past the header, a formula never saved,
    an entry after a YAML entry that does not read) is not among them; nothing is raised."""
    header: list[int] = []
    rows: list[RegisterRow] = []
    if is_inside(path, root) and path.is_file() and path.suffix.lower() in _FORMATS:
        try:
            for line, raw, notes in _records(path, name, header):
                if values := _cells(raw):
                    rows.append(RegisterRow(line, values, tuple(notes)))
        except (InputError, InputErrors, OSError, ValueError):
            pass  # the rows read before it stand; the others are not known
    register = Register(name, rows)
    for row in rows:
        relative = _project_path(row.file) if row.file is not None else None
        if relative is not None and _linked_part(root, relative) is None:
            register.by_file.setdefault(relative, row)
    return (header[0] if header else None), register


def _records(path: Path, name: str, header_at: list[int] | None = None,
             ) -> Iterator[tuple[int, dict[str, Any], list[InputError]]]:
    """(line, {column: value}, warnings) for each row of a CSV, XLSX or YAML register;
    ``header_at`` given, the line of a CSV's or a workbook's header row is appended to it."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        yield from ((line, raw, []) for line, raw in _csv_records(path, name, header_at))
    elif suffix in (".xlsx", ".xlsm"):
        yield from _xlsx_records(path, name, header_at)
    else:
        yield from ((line, raw, []) for line, raw in _yaml_records(path, name))


@dataclass(frozen=True)
class CsvRecord:
    """One record of a CSV register: its first and last line, its cells, and where it lies in
    the register's text (``begin``: its first line's start; ``end``: past its last line's end)."""

    first: int
    last: int
    cells: list[str]
    begin: int
    end: int


_LINE_END = re.compile(r"\r\n|\r|\n")


def csv_register_records(text: str, name: str) -> list[CsvRecord]:
    """Each record of a CSV register's ``text`` (decoded, its BOM off, its line ends as
    written), read strictly (``tables.csv_records``): THE one splitting of a CSV register into
    records and lines, for the ingest (its rows' line numbers) and for the erasure that takes
    rows out (``register_without_rows``), so both number them alike. A line ends at CRLF, LF or
    a lone CR (a register saved as "CSV (Macintosh)", or a CR inside a quoted cell), as a text
    file is read: such a CR inside a quoted cell reads as a line break in it."""
    starts = [0]  # the offset each line starts at
    ends: list[int] = []  # the offset each line's text ends at (before its line end)
    for match in _LINE_END.finditer(text):
        ends.append(match.start())
        starts.append(match.end())
    ends.append(len(text))
    lines = [text[begin:end] for begin, end in zip(starts, ends, strict=True)]
    return [CsvRecord(first, last, cells, starts[first - 1], starts[last] if last < len(starts) else len(text))
            for first, last, cells in csv_records("\n".join(lines), file=name)]


def _csv_text(path: Path, name: str) -> tuple[bytes, str]:
    """The register's bytes, and its text (UTF-8, a BOM off, line ends as written)."""
    try:
        data = read_bounded(path, what="the register", file=name, regular=True)
        return data, data.decode("utf-8-sig")
    except InputError as exc:  # not a regular file, or over the size limit
        raise InputErrors(f"{name}: the register does not read", [exc]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputErrors(f"{name}: the register does not read", [
            InputError(f"cannot read the register as UTF-8 text: {exc}", file=name)]) from None


def _csv_records(path: Path, name: str, header_at: list[int] | None = None) -> Iterator[tuple[int, dict[str, Any]]]:
    _, text = _csv_text(path, name)
    header: list[str] | None = None
    header_line = 1
    problems: list[InputError] = []
    try:  # strictly, as a CSV schedule is read: an unclosed quote is an error at its record
        for record in csv_register_records(text, name):
            start, cells = record.first, record.cells
            if header is None:
                header, header_line = [cell.strip() for cell in cells], start
                if header_at is not None:
                    header_at.append(header_line)
                _check_header(header, name, header_line)
            elif any(cell.strip() for cell in cells):
                if len(cells) != len(header):
                    # zipped, a cell past the header (the access groups, say) would be dropped
                    problems.append(InputError(
                        f"the row has {len(cells)} cells, the header (line {header_line}) has {len(header)}",
                        file=name, line=start,
                        hint="every row has a cell for each column of the header, blank or not "
                        "(quote a cell that holds a comma)"))
                elif not (unnamed := _unnamed_cells(header, cells, name, start)):
                    yield start, dict(zip(header, cells, strict=True))
                else:
                    problems += unnamed
    except InputError as problem:
        problems.append(problem)
    if problems:
        raise InputErrors(f"{name}: the register does not read", problems)


def _csv_header_only(path: Path, name: str) -> bool:
    """Whether the CSV register at ``path`` (read without a problem, and without rows) has a
    header: the one record that is not blank."""
    _, text = _csv_text(path, name)
    return any(any(cell.strip() for cell in record.cells) for record in csv_register_records(text, name))


def _identity(header: list[str], cells: list[str]) -> tuple[str, str]:
    """A record's file and id cells (blank when the header has no such column)."""
    named = dict(zip(header, cells, strict=False))
    return str(named.get("file", "")).strip(), str(named.get("id", "")).strip()


def register_without_rows(path: Path, name: str, rows: Sequence[RegisterRow]) -> tuple[bytes, bytes]:
    """The bytes of the CSV register at ``path`` (``name``: as the manifest names it) now, and
    its bytes with ``rows`` (as ``read_register`` read them: by their line) taken out: each
    row's lines, its line end with it, and not another byte (the header, the other rows, their
    quoting and line ends (CRLF, LF or CR), a BOM, a last line without its line end stay as
    they are). Records are found as the ingest finds them (``csv_register_records``), and the
    result is read back so: the records taken out are those rows (their file and id), and what
    is left reads as every other record, cell for cell, in order. What an erasure writes in the
    register's place (``engine.erase``). InputError naming the register where it cannot be
    rewritten so: a workbook or a YAML list (not rewritten here: the action is the user's), a
    row not found at its line, a result that does not read back so."""
    lines = sorted({row.line for row in rows})
    suffix = path.suffix.lower()
    if suffix != ".csv":
        kind = "an XLSX workbook" if suffix in (".xlsx", ".xlsm") else "a YAML list"
        raise InputError(f"the register is {kind}, which inforce does not rewrite", file=name, line=min(lines))
    try:
        data, text = _csv_text(path, name)
    except InputErrors as failed:
        first = failed.exceptions[0]
        raise (first if isinstance(first, InputError) else InputError(str(failed), file=name)) from None
    bom = data[: len(data) - len(text.encode("utf-8"))]
    records = csv_register_records(text, name)
    header = next(([cell.strip() for cell in r.cells] for r in records if any(c.strip() for c in r.cells)), [])
    wanted = {row.line: row for row in rows}
    taken = [r for r in records if r.first in wanted]
    refused = InputError("a row to take out is not where the register was read to have it", file=name,
                         line=min(lines))
    if len(taken) != len(wanted):
        raise refused
    for record in taken:  # the record at the row's line is that row: its file and its id
        row = wanted[record.first]
        if _identity(header, record.cells) != (str(row.values.get("file", "")).strip(),
                                               str(row.values.get("id", "")).strip()):
            raise refused
    kept: list[str] = []
    at = 0
    for record in taken:
        kept.append(text[at:record.begin])
        at = record.end
    kept.append(text[at:])
    after = bom + "".join(kept).encode("utf-8")
    # read back as the ingest reads: every other record, cell for cell and in order, and none
    # of the rows taken out (blank records aside: a line end left last reads as one)
    others = [r.cells for r in records if r.first not in wanted and any(r.cells)]
    try:
        again = [r.cells for r in csv_register_records(after[len(bom):].decode("utf-8"), name) if any(r.cells)]
    except InputError:
        again = None
    gone = {_identity(header, r.cells) for r in taken}
    if again != others or any(_identity(header, cells) in gone and cells not in others for cells in again or []):
        raise InputError("the register without its rows would not read as its other rows", file=name,
                         line=min(lines))
    return data, after


def _xlsx_records(path: Path, name: str, header_at: list[int] | None = None,
                  ) -> Iterator[tuple[int, dict[str, Any], list[InputError]]]:
    from xml.etree.ElementTree import ParseError

    from lxml.etree import XMLSyntaxError
    from openpyxl.utils import get_column_letter
    from openpyxl.utils.exceptions import InvalidFileException

    def unreadable(exc: Exception) -> InputErrors:
        return InputErrors(f"{name}: the register does not read", [
            InputError(f"not a readable XLSX workbook: {exc}", file=name)])

    # what openpyxl raises on a part it cannot read, opening the workbook or converting a cell
    # as its rows stream (a number that is none, a shared string or style the workbook lacks)
    # (a part that is not well-formed XML: lxml's XMLSyntaxError, or ElementTree's ParseError)
    broken = (InvalidFileException, OSError, KeyError, ValueError, IndexError, TypeError, zipfile.BadZipFile,
              XMLSyntaxError, ParseError)
    try:
        with zipfile.ZipFile(path) as archive:  # the limits every archive ingest opens is held to
            members = archive.infolist()
            bombs = [InputError(f"not read: {problem}", file=name, hint="save the workbook again from a "
                                "spreadsheet program; a register's sheet is a few MB at most")
                     for info in archive.infolist() if (problem := unpack_problem(info)) is not None]
            if (twice := duplicate_problem(archive)) is not None:
                bombs.append(InputError(f"not read: {twice}", file=name,
                                        hint="save the workbook again from a spreadsheet program"))
    except broken as exc:
        raise unreadable(exc) from None
    if bombs:
        raise InputErrors(f"{name}: the register does not read", bombs)
    # read twice: the values a spreadsheet program saved, and the formulas, to tell a formula
    # whose value was never saved (a file written by a program that computes nothing) from an
    # empty cell. Streamed (read_only), so a sheet costs no memory for its size; but never cut
    # to the sheet's stored <dimension>, which a writer may leave stale (read to it, the access
    # column past it was lost without a word, as were the rows below it)
    shared = sum(info.file_size for info in members if not _SHEET_PART.fullmatch(info.filename))
    if shared > MAX_WORKBOOK_READ:
        raise InputErrors(f"{name}: the register does not read", [_too_much_read(shared, name)])
    try:
        values = _open_workbook(path, data_only=True)
    except broken as exc:
        raise unreadable(exc) from None
    try:
        formulas = _open_workbook(path, data_only=False)
    except broken as exc:
        values.close()
        raise unreadable(exc) from None
    problems: list[InputError] = []
    try:
        for sheet in (*values.worksheets, *formulas.worksheets):
            sheet.reset_dimensions()
            if isinstance(getattr(sheet, "_shared_strings", None), list):
                # (openpyxl hands each read-only sheet the workbook's shared strings as a list: an
                # index of -2 read the string two from the end, any column fed another's text)
                sheet._shared_strings = _SharedStrings(sheet._shared_strings)
        try:  # every sheet's first row is read (``_a_header``): a cell there may not convert either
            index = _register_sheet(values, name)
        except broken as exc:
            raise unreadable(exc) from None
        sheet = values.worksheets[index]
        part = next((info for info in members if info.filename == sheet._worksheet_path), None)
        if part is not None and _SHEET_PART.fullmatch(part.filename) and shared + part.file_size > MAX_WORKBOOK_READ:
            raise InputErrors(f"{name}: the register does not read", [_too_much_read(shared + part.file_size, name)])
        # the sheet's cells where their references put them, or not read at all (``_sheet_layout``)
        try:
            merges = _sheet_layout(sheet, name)
        except XMLSyntaxError as exc:  # a sheet part that is not well-formed (audit 74 B F1: exit 70)
            raise InputErrors(f"{name}: the register does not read", [InputError(
                f"not a readable XLSX workbook: its sheet {getattr(sheet, '_worksheet_path', '')} is not well-formed "
                f"XML ({_xml_problem(exc)})", file=name,
                hint="save the workbook again from a spreadsheet program")]) from None
        header: list[str] | None = None

        def unconverted(exc: Exception) -> InputErrors:
            """A cell openpyxl could not convert, named where its number is none (audit 72 B F5:
            ``NaN``, 5,000 digits: "invalid literal for int()" named no cell)."""
            found = _unconverted_number(path, getattr(sheet, "_worksheet_path", ""),
                                        len(getattr(sheet, "_shared_strings", ())))
            if found is None:
                return unreadable(exc)
            coordinate, row, column, text, shared = found
            field = (header[column - 1] or None) if header and column <= len(header) else None
            if shared:  # (audit 78 B F1, F2: a negative index read another cell's text; one past the end
                # or not a whole number named no cell)
                return InputErrors(f"{name}: the register does not read", [InputError(
                    f"cell {coordinate} names shared string {echoed(text)}, which the workbook does not hold",
                    file=name, line=row, field=field, hint="save the workbook again from a spreadsheet program")])
            return InputErrors(f"{name}: the register does not read", [InputError(
                f"cell {coordinate} holds {echoed(text)}, which is no number a sheet holds", file=name, line=row,
                field=field, hint="type the number the cell should hold")])

        rows = zip(_guarded(sheet.iter_rows(), unconverted, broken),
                   _guarded(formulas.worksheets[index].iter_rows(values_only=True), unconverted, broken), strict=False)
        for number, (read, written) in enumerate(rows, 1):
            cells = [cell.value for cell in read]
            failed = [
                InputError(f"cell {get_column_letter(column)}{number} holds a formula whose value is the error "
                           f"{cell} ({_formula_text(formula)})", file=name, line=number,
                           field=(header[column - 1] or None) if header and column <= len(header) else None,
                           hint="correct the formula in a spreadsheet program and save the workbook, or type "
                           "the value")
                for column, (cell, formula) in enumerate(zip(cells, written, strict=False), 1)
                if cell in _FORMULA_ERRORS and _is_formula(formula)
            ] + [
                _error_cell(path, getattr(sheet, "_worksheet_path", ""), f"{get_column_letter(column)}{number}",
                            cell.value, name, number,
                            (header[column - 1] or None) if header and column <= len(header) else None)
                for column, (cell, formula) in enumerate(zip(read, written, strict=False), 1)
                if getattr(cell, "data_type", None) == "e" and not _is_formula(formula)
            ]
            uncached = failed + [
                InputError(f"cell {get_column_letter(column)}{number} holds a formula whose value was never "
                           f"saved ({_formula_text(formula)}): it would read as empty", file=name, line=number,
                           field=(header[column - 1] or None) if header and column <= len(header) else None,
                           hint="open the workbook in a spreadsheet program and save it (the value is saved "
                           "with the formula), or type the value")
                for column, (cell, formula) in enumerate(zip(cells, written, strict=False), 1)
                if cell is None and _is_formula(formula)
            ]
            if uncached:
                problems += uncached
                if header is None:  # without its header, no row below reads
                    raise InputErrors(f"{name}: the register does not read", problems)
            elif header is None:
                header = ["" if cell is None else str(cell).strip() for cell in cells]
                if header_at is not None:
                    header_at.append(number)
                _check_header(header, name, number)
            elif any(cell not in (None, "") for cell in cells):
                # a row shorter than the header is blank in the rest (a sheet has no cell count)
                if not (unnamed := _unnamed_cells(header, cells, name, number)):
                    notes: list[InputError] = []
                    try:  # a cell's style the workbook lacks, a number no sheet holds: not readable
                        shown = [_shown(cell, header, name, notes) for cell in read]
                    except broken as exc:
                        raise unreadable(exc) from None
                    yield number, dict(zip(header, shown, strict=False)), notes
                else:
                    problems += unnamed
        problems += [
            InputError(f"cells {cells} are merged: the value belongs to {cells.split(':')[0]} alone, the others "
                       "would read as blank", file=name, line=row,
                       field=(header[column - 1] or None) if header and column and column <= len(header) else None,
                       hint="unmerge the cells and write the value in each of them")
            for cells, column, row in merges
        ]
    finally:
        values.close()
        formulas.close()
    if problems:
        raise InputErrors(f"{name}: the register does not read", problems)


#: What a formula that fails shows in its cell (and a workbook saves as its value).
_FORMULA_ERRORS = frozenset(
    {"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA", "#SPILL!", "#CALC!"}
)
#: A number format read as a spreadsheet shows it: digits (``0``, ``000`` padded), thousands
#: (``#,##0``), a fixed number of decimals (``0.00``), a percentage (``0.0%``).
#: The most digits a sheet's number has before its point: a double's largest, 1.8e308, times
#: 100 for a percentage.
_MOST_DIGITS = 312
_FIXED_FORMAT = re.compile(r"(?P<thousands>#,##)?(?P<digits>0+)(?:\.(?P<decimals>0+))?(?P<percent>%)?")


def _shown(cell: Any, header: list[str], name: str, notes: list[InputError]) -> Any:
    """A cell's value, a number as the text its cell shows (``2.10`` for 2.1 in the format
    ``0.00``): the register's columns are text, and a revision ``2.10`` is not ``2.1``. A
    number in a format not read here (a currency, a fraction, a condition) is read as its
    value, and a warning names the cell."""
    value = cell.value
    if isinstance(value, bool):  # a boolean cell shows TRUE or FALSE, not Python's True
        return "TRUE" if value else "FALSE"
    if not isinstance(value, int | float):
        return value
    if not math.isfinite(value):
        raise ValueError(f"cell {cell.coordinate} holds {value}, which is no number a sheet holds")
    written = str(cell.number_format or "General")  # IndexError for a style the workbook lacks
    text = _formatted(value, written)
    if text is not None:
        return text
    column = getattr(cell, "column", None)
    notes.append(InputError(
        f"cell {cell.coordinate} shows its number in the format {written!r}, which is not read here: read as "
        f"{_general(value)}", file=name, line=getattr(cell, "row", None),
        field=(header[column - 1] or None) if column and column <= len(header) else None,
        hint="type the cell as text (a leading ') as it should read, or give it the format 0.00 or General"))
    return _general(value)


def _formatted(value: float, written: str) -> str | None:
    """``value`` as the number format ``written`` shows it, or None for a format not read."""
    if written in ("General", "@"):
        return _general(value)
    match = _FIXED_FORMAT.fullmatch(written)
    if match is None:
        return None
    decimals = len(match["decimals"] or "")
    # the 15 significant digits a spreadsheet holds (1e26 is 1e26, not the double's ...4764729344)
    number = Decimal(format(value, ".15g")).scaleb(2 if match["percent"] else 0)
    # rounded half away from zero, as a spreadsheet shows it (2.675 is 2.68, not float's 2.67),
    # with digits enough for any number a sheet holds (1e26 in 0.00 passed the default 28)
    with localcontext(prec=_MOST_DIGITS + decimals):
        number = number.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    sign, digits = ("-", -number) if number < 0 else ("", number)
    whole, _, fraction = f"{digits:f}".partition(".")
    whole = whole.zfill(len(match["digits"]))
    if match["thousands"]:
        whole = f"{int(whole):,}".zfill(len(match["digits"]))
    return sign + whole + ("." + fraction if decimals else "") + ("%" if match["percent"] else "")


def _general(value: float) -> str:
    """A number as a spreadsheet's General format shows it: an integer without a point, else
    up to 15 significant digits (0.1 + 0.2 is 0.3)."""
    if isinstance(value, int) or value.is_integer():
        return str(int(value))
    return format(value, ".15g")


#: The most rows and columns a sheet has (Excel's, and LibreOffice's since 7.4): a reference
#: past them is no cell a spreadsheet program shows.
_MAX_ROW, _MAX_COLUMN = 1_048_576, 16_384
_REFERENCE = re.compile(r"\$?([A-Za-z]{1,3})\$?([0-9]{1,7})")


#: The most cells a register's sheet is read to, each row counted to its last cell: a spreadsheet
#: reader hands every row on padded with empty cells to its last one (a row holding a cell in
#: column XFD is 16,384 cells), so a small sheet could cost minutes (audit 74 B F2). 2 million is
#: 100,000 rows of 20 columns.
_MAX_PADDED_CELLS = 2_000_000


def _sheet_layout(sheet: Any, name: str) -> list[tuple[str, int | None, int | None]]:
    """The sheet's merged cells (their range, first column and row), once its cells are known to
    lie where their references say. openpyxl's streaming reader places a cell by where it comes
    in its row, not by its reference: a row's access cell written before its first cell was
    dropped, one written twice kept the later (blank) copy, a row written after a later one was
    skipped, and a cell naming another row was read in this one; each document read public,
    where a spreadsheet program shows the access. So a row's number, and each cell's column
    along its row, must grow as the sheet's XML goes (as every spreadsheet program writes
    them), within the sheet's largest size (a row a billion down read a billion empty rows):
    else an error at the row, and nothing of the sheet is read. Merges are read from the same
    stream: openpyxl's read-only mode, which holds no sheet whole, does not read them. (A
    DOCTYPE openpyxl refuses on load.)"""
    from lxml import etree
    from openpyxl.utils.cell import column_index_from_string, range_boundaries

    problems: list[InputError] = []
    merges: list[tuple[str, int | None, int | None]] = []
    hint = "save the workbook again from a spreadsheet program (it writes each cell once, in order)"
    last_row = padded = 0
    with sheet._get_source() as source:  # the sheet's part, as openpyxl's own streaming opens it
        for _, element in etree.iterparse(source, events=("end",), resolve_entities=False, no_network=True):
            local = element.tag.rpartition("}")[2] if isinstance(element.tag, str) else ""
            if local == "mergeCell":
                cells = str(element.get("ref") or "")
                try:
                    column, row, _, _ = range_boundaries(cells)
                except (TypeError, ValueError):
                    column = row = None
                merges.append((cells, column, row))
            elif local == "row":
                written = element.get("r")
                number = _row_number(written) if written is not None else last_row + 1
                if number is None or not 1 <= number <= _MAX_ROW:
                    problems.append(InputError(f"a row numbered {str(written)[:20]!r} is no row of a sheet (1 to "
                                               f"{_MAX_ROW:,})", file=name, line=last_row + 1, hint=hint))
                    break
                in_order = number > last_row
                if not in_order:
                    problems.append(InputError(
                        f"row {number} is written after row {last_row} "
                        f"({'the same row twice' if number == last_row else 'out of order'}): read so, a row "
                        "would be skipped", file=name, line=number, hint=hint))
                last_row, last_column, previous = max(number, last_row), 0, ""
                for cell in element if in_order else ():
                    if (cell.tag.rpartition("}")[2] if isinstance(cell.tag, str) else "") != "c":
                        continue
                    reference = cell.get("r")
                    if reference is None:  # the cell after the one before (openpyxl counts so too)
                        last_column, previous = last_column + 1, f"the cell after {previous or 'none'}"
                        continue
                    found = _REFERENCE.fullmatch(reference)
                    at = column_index_from_string(found[1].upper()) if found else 0
                    if not found or not 1 <= at <= _MAX_COLUMN or int(found[2]) != number:
                        problems.append(InputError(
                            f"row {number} holds a cell {reference[:20]!r}, which is no cell of that row",
                            file=name, line=number, hint=hint))
                        break
                    if at <= last_column:
                        problems.append(InputError(
                            f"cell {reference} is written after {previous} in row {number} "
                            f"({'the same cell twice' if at == last_column else 'out of column order'}): read so, "
                            "a cell would be dropped or blanked", file=name, line=number, hint=hint))
                        break
                    last_column, previous = at, reference
                padded += last_column
                if padded > _MAX_PADDED_CELLS:  # (audit 74 B F2: a cell in column XFD on every row)
                    problems.append(InputError(
                        f"row {number} reaches column {previous}: its rows read so far are {padded:,} cells counted to "
                        f"each row's last cell, past the {_MAX_PADDED_CELLS:,} a register's sheet is read to", file=name,
                        line=number, hint="clear the cells far right of the register's columns, then save it again"))
                    break
                # read already: let go, so the sheet is never held whole
                element.clear()
                if (parent := element.getparent()) is not None:
                    parent.remove(element)
    if problems:
        raise InputErrors(f"{name}: the register does not read", problems)
    return merges


def _xml_problem(exc: Exception) -> str:
    """lxml's words for a part that does not read, with where, and without its advice to the
    programmer calling it ("use XML_PARSE_HUGE option")."""
    words = getattr(exc, "msg", None) or str(exc)
    words = re.sub(r",?\s*(?:use|try) XML_PARSE_HUGE(?: option)?|,\s*line \d+, column \d+\s*$", "", words).strip()
    line, column = getattr(exc, "position", None) or (getattr(exc, "lineno", None), None)
    return f"{words} at line {line}" + (f", column {column}" if column else "") if line else words


def _row_number(written: str) -> int | None:
    """A row's ``r`` as openpyxl reads it (``2``, also ``2.0``), or None for one that is no number."""
    try:
        number = float(written)
    except ValueError:
        return None
    return int(number) if number.is_integer() else None


def _guarded(rows: Iterator[Any], unreadable: Any, broken: tuple[type[Exception], ...]) -> Iterator[Any]:
    """``rows`` as openpyxl streams them, a cell it cannot convert (``<v>abc</v>`` for a
    number, a shared string the workbook lacks) an unreadable workbook, never a crash."""
    while True:
        try:
            row = next(rows)
        except StopIteration:
            return
        except broken as exc:
            raise unreadable(exc) from None
        yield row


class _SharedStrings(list):  # type: ignore[type-arg]
    """A workbook's shared strings as openpyxl reads them, a negative index refused (IndexError,
    which ``_guarded`` turns into the cell's error) rather than read from the end."""

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, int) and index < 0:
            raise IndexError(f"shared string {index}")
        return super().__getitem__(index)


def _error_cell(path: Path, member: str, coordinate: str, value: Any, name: str, line: int,
                field: str | None) -> InputError:
    """The error for a cell read as an error value: one the workbook stores as such, or a number
    in a date format outside the dates a sheet shows, which openpyxl reads as ``#VALUE!`` (audit
    80 B L2: "the error value #VALUE!" named a cell the user sees as ##### holding a number)."""
    stored = _stored_number(path, member, coordinate)
    if stored is not None and re.fullmatch(r"-?\d{1,20}(?:\.\d{1,20})?(?:[Ee][-+]?\d{1,4})?", stored):
        return InputError(f"cell {coordinate} holds the number {stored} in a date format, which is no date a "
                          "sheet shows (from 1900-01-01 to 9999-12-31)", file=name, line=line, field=field,
                          hint="type the date the cell should hold (YYYY-MM-DD)")
    return InputError(f"cell {coordinate} holds the error value {value} (an error cell, not text)", file=name,
                      line=line, field=field, hint="type the value the cell should hold")


def _stored_number(path: Path, member: str, coordinate: str) -> str | None:
    """The number the sheet stored at ``member`` holds in cell ``coordinate`` as written; None
    where it stores none there (an error value, text), or the sheet does not read again."""
    from lxml.etree import XMLSyntaxError, iterparse

    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    try:
        with zipfile.ZipFile(path) as archive, archive.open(member) as xml:
            for _, cell in iterparse(xml, tag=f"{main}c", resolve_entities=False, no_network=True):
                if cell.get("r") == coordinate:
                    text = cell.findtext(f"{main}v")
                    return text if cell.get("t", "n") == "n" and text else None
                cell.clear()
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, XMLSyntaxError):
        return None
    return None


def _unconverted_number(path: Path, member: str, strings: int = 0) -> tuple[str, int, int, str, bool] | None:
    """The first cell of the sheet stored at ``member`` whose value is typed a number and is none
    openpyxl reads (it takes ``<v>`` with a point or an exponent for a float, any other for an
    int: ``NaN``, ``12abc``, more digits than ``int()`` reads), or typed a shared string whose
    index is no whole number from 0 to ``strings`` - 1: (its reference, row, column, the value as
    written, whether it is a shared string's); None where no cell is such, or the sheet does not
    read again."""
    from lxml.etree import XMLSyntaxError, iterparse
    from openpyxl.utils.cell import coordinate_to_tuple

    main = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    try:
        with zipfile.ZipFile(path) as archive, archive.open(member) as xml:
            for _, cell in iterparse(xml, tag=f"{main}c", resolve_entities=False, no_network=True):
                text, at, kind = cell.findtext(f"{main}v"), cell.get("r"), cell.get("t", "n")
                cell.clear()
                if kind not in ("n", "s") or not text or not at:
                    continue
                if kind == "s":
                    if not (text.strip().isdigit() and int(text) < strings):
                        row, column = coordinate_to_tuple(at)
                        return at, row, column, text, True
                    continue
                try:
                    float(text) if any(mark in text for mark in ".Ee") else int(text)
                except ValueError:
                    row, column = coordinate_to_tuple(at)
                    return at, row, column, text, False
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, XMLSyntaxError):
        return None
    return None


#: The most an XLSX register's parts read may unpack to in all: the register's sheet and what
#: every sheet shares (strings, styles, the workbook's own parts); its other sheets are never read
#: past their first row (``_open_workbook``). Each part is held to ``MAX_MEMBER`` too; a
#: register's workbook is a few MB (audit 104 B F2: fifty unused sheets of 10 MiB each took 112 s).
MAX_WORKBOOK_READ = 2 * MAX_MEMBER
#: A worksheet part, as a spreadsheet program names it: read only if it is the register's.
_SHEET_PART = re.compile(r"xl/worksheets/[^/]+\.xml", re.IGNORECASE)
#: The most of another sheet read to find its first row (``_a_header``): a register's header is
#: a line of short names; a first row longer than this is no register's.
_FIRST_ROW_BYTES = 1024 * 1024


def _too_much_read(size: int, name: str) -> InputError:
    return InputError(f"not read: its register's sheet and shared parts unpack to {size:,} bytes, past the "
                      f"{MAX_WORKBOOK_READ:,} a register's workbook is read to", file=name,
                      hint="keep the register in a workbook of its own; a register's sheet is a few MB at most")


class _PastFirstRow(Exception):
    """Another sheet's first row runs past ``_FIRST_ROW_BYTES``: no register's header."""


class _CappedPart:
    """A zip member read as openpyxl streams it, up to ``cap`` bytes: past them, ``_PastFirstRow``."""

    def __init__(self, stream: Any, cap: int) -> None:
        self.stream, self.left = stream, cap

    def read(self, size: int = -1) -> bytes:
        data = self.stream.read(size if size is not None and size >= 0 else self.left + 1)
        self.left -= len(data)
        if self.left < 0:
            raise _PastFirstRow
        return data

    def close(self) -> None:
        self.stream.close()

    def __enter__(self) -> _CappedPart:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _open_workbook(path: Path, *, data_only: bool) -> Any:
    """The workbook in openpyxl's read-only mode, its sheets never read on opening (audit 104 B
    F2): openpyxl's own opening reads every sheet to its end for a ``<dimension>`` it may not
    hold (and the dimensions are reset here anyway, ``_xlsx_records``), and each sheet's
    relationships, which a register never uses. A sheet is read only when its rows are asked for."""
    from openpyxl.reader.excel import ExcelReader
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet

    class LazySheet(ReadOnlyWorksheet):
        #: how much of the part a read may take (``_a_header`` sets it for the sheets not the register)
        cap: int | None = None

        def _get_size(self) -> None:
            pass

        def _get_source(self) -> Any:
            source = super()._get_source()
            return source if self.cap is None else _CappedPart(source, self.cap)

    class Reader(ExcelReader):  # type: ignore[misc]
        def read_worksheets(self) -> None:
            for sheet, rel in self.parser.find_sheets():
                if rel.target not in self.valid_files:
                    continue
                if "chartsheet" in rel.Type:  # (kept in the sheets' order: defined names count by it)
                    self.read_chartsheet(sheet, rel)
                    continue
                worksheet = LazySheet(self.wb, sheet.name, rel.target, self.shared_strings)
                worksheet.sheet_state = sheet.state
                self.wb._sheets.append(worksheet)

    reader = Reader(path, read_only=True, data_only=data_only)
    reader.read()
    return reader.wb


def _register_sheet(workbook: Any, name: str) -> int:
    """Which of the workbook's sheets is the register: the first visible one (a hidden sheet,
    often an old copy, is what a reader of the workbook does not see). Another sheet whose
    first row is a register's header too, hidden or not, leaves the register ambiguous: an
    error naming both, never one of them guessed."""
    sheets = workbook.worksheets
    visible = [index for index, sheet in enumerate(sheets) if sheet.sheet_state == "visible"]
    if not visible:
        raise InputErrors(f"{name}: the register does not read", [
            InputError("the workbook has no visible sheet", file=name, field="registry",
                       hint="show the register's sheet")])
    first = visible[0]
    others = [sheet.title for index, sheet in enumerate(sheets) if index != first and _a_header(sheet)]
    if others:
        said = ", ".join(repr(title) for title in others)
        raise InputErrors(f"{name}: the register does not read", [
            InputError(f"sheet {sheets[first].title!r} is read as the register, but sheet(s) {said} "
                       "open with a register's header too: which one is the register is not guessed",
                       file=name, line=1, field="registry",
                       hint="keep one register sheet in the workbook (delete the other sheets' header "
                       "row, or move them to another file)")])
    return first


def _a_header(sheet: Any) -> bool:
    """Whether a sheet's first row reads as a register's header (``file`` or ``id`` among
    two or more register columns)."""
    sheet.cap = _FIRST_ROW_BYTES  # only its first row is read (``_open_workbook``)
    try:
        first = next(sheet.iter_rows(max_row=1, values_only=True), ())
    except _PastFirstRow:
        return False
    finally:
        sheet.cap = None
    columns = {str(cell).strip() for cell in first if cell is not None}
    known = {column for column in columns if column in REGISTER_COLUMNS or column.startswith("applies_to.")}
    return bool(known & {"file", "id"}) and len(known) >= 2


def _unnamed_cells(header: list[str], cells: Sequence[Any], name: str, line: int) -> list[InputError]:
    """A cell with a value under no column: past the header's last, or under a blank one.
    Read, it would be dropped (and were it the access groups, a restricted document would
    read as public): an error at its row, never a cell let go."""
    return [
        InputError(f"column {column} has a value ({str(cell).strip()[:40]!r}) but no name in the header",
                   file=name, line=line,
                   hint="name the column in the header, or clear the cell (every row has as many cells "
                   "as the header)")
        for column, cell in enumerate(cells, 1)
        if (column > len(header) or not header[column - 1]) and cell is not None and str(cell).strip()
    ]


def _is_formula(written: Any) -> bool:
    """Whether a cell as the workbook writes it (``data_only=False``) is a formula."""
    from openpyxl.worksheet.formula import ArrayFormula, DataTableFormula

    return (isinstance(written, str) and written.startswith("=")) or isinstance(written, ArrayFormula | DataTableFormula)


def _formula_text(written: Any) -> str:
    text = written if isinstance(written, str) else str(getattr(written, "text", "") or type(written).__name__)
    return text[:60]


def _yaml_records(path: Path, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        # the one YAML reader and its limits; a number or a date kept as written (``2.10``, not
        # 2.1), and handed on to front matter's readers as the node it was (``_yaml``)
        tree = load_marked(read_bounded_text(path, what="the register", file=name, regular=True), file=name,
                           as_written=True)
    except UnicodeDecodeError as bad:
        raise InputErrors(f"{name}: the register does not parse", [InputError(str(bad), file=name)]) from None
    except InputError as bad:
        raise InputErrors(f"{name}: the register does not parse", [bad]) from None
    items = tree.get("revisions") if isinstance(tree, dict) else tree
    if not isinstance(items, list):
        raise InputErrors(f"{name}: the register does not read", [
            InputError("expected a list of revisions (or `revisions:` with one)", file=name, line=1)])
    for item in items:
        line = item.line if isinstance(item, MarkedMap) else 1
        if not isinstance(item, dict):
            raise InputErrors(f"{name}: the register does not read", [
                InputError("a register entry is a mapping", file=name, line=line)])
        flat = _flatten(item, name, line)
        _check_header(list(flat), name, line)  # the same columns as a CSV's, each a plain value
        shapes = [InputError(f"{key}: expected a single value, got {type(value).__name__}", file=name, line=line,
                             field=key)
                  for key, value in flat.items()
                  if isinstance(value, dict) or (isinstance(value, list) and key not in (*_LISTS, )
                                                 and not key.startswith("applies_to."))]
        if "access" in flat and flat["access"] is None:  # written with no value: as front matter, an error
            shapes.append(InputError("access has no value", file=name, line=line, field="access",
                                     hint="list the groups that may read the document, or leave the key out for "
                                          "a document everyone may read"))
        if shapes:
            raise InputErrors(f"{name}: the register does not read", shapes)
        # a list column given as one value, and any text, kept as written: an entry's ``""`` or
        # ``" "`` is a value written (front matter's ``until: ""``), never a cell left blank
        yield line, {key: _Written(value) if (_listing(key) and not isinstance(value, list | None))
                     or isinstance(value, str) else value
                     for key, value in flat.items()}


def _flatten(item: dict[str, Any], name: str, line: int) -> dict[str, Any]:
    """A YAML entry in the register's columns: ``effective: {from, until}`` and
    ``applies_to: {facet: [...]}`` spread out; ``document``/``label`` read as ``id``/``revision``.
    A column the entry gives twice (``id`` and ``document``, ``effective.until`` and
    ``effective_until``) is an error at the second's line, as a CSV column written twice is,
    never the later one kept."""
    flat: dict[str, Any] = {}
    spelled: dict[str, str] = {}
    twice: list[InputError] = []

    def put(column: str, value: Any, spelling: str, at: int) -> None:
        if column in flat:
            twice.append(InputError(
                f"column {column!r} given twice in one entry (as {spelled[column]!r} and {spelling!r})",
                file=name, line=at, field=column, hint="give each field once"))
        else:
            flat[column], spelled[column] = value, spelling

    for key, value in item.items():
        written = str(key)
        at = item.key_at(key)[0] if isinstance(item, MarkedMap) else line
        key = {"document": "id", "label": "revision"}.get(written, written)
        if key == "effective" and isinstance(value, dict):
            for part, date in value.items():
                put(f"effective_{part}", date, f"effective.{part}", at)
        elif key == "effective":
            put("effective_from", value, written, at)
        elif key == "applies_to" and isinstance(value, dict):
            for facet, values in value.items():
                put(f"applies_to.{facet}", values, f"applies_to.{facet}", at)
        elif key == "applies_to":
            put("applies_to", value, written, at)  # not a mapping of facets: refused by the column check
        else:
            put(key, value, written, at)
    if twice:
        raise InputErrors(f"{name}: the register does not read", twice)
    return flat


def _check_header(header: list[str], name: str, line: int) -> None:
    problems = [
        InputError(f"unknown column {column!r}", file=name, line=line, field=column,
                   hint="columns: " + ", ".join(REGISTER_COLUMNS) + ", applies_to.FACET"
                   + ("; the cells are separated by commas" if ";" in column else ""))
        for column in header if column and column not in REGISTER_COLUMNS and not column.startswith("applies_to.")
    ]
    problems += [InputError(f"column {column!r} appears twice", file=name, line=line, field=column)
                 for column in sorted({c for c in header if c and header.count(c) > 1})]
    if problems:
        raise InputErrors(f"{name}: the register does not read", problems)


def _cells(raw: dict[str, Any]) -> dict[str, Any]:
    """A row's cells as text, blanks left out: dates and times as ISO text (a spreadsheet's
    time without a zone is taken as UTC). THE one reading of whether a register's cell was
    written, for every format: a CSV's or XLSX's empty cell is left out; one holding only
    spaces is written, and kept as written (``" "``), as a YAML register's text (``access:
    ""``, ``effective_until: " "``) and its list (``access: []``, ``[""]``) are: each is read
    as the same value in front matter is (``metadata``'s checks, one home: an access naming
    no group, a date that is none), never taken for a cell left blank, which would make the
    document public, open-ended, or apply to every case (audit 70 B F1). A row whose every
    cell is blank or spaces records nothing and is no row."""
    values: dict[str, Any] = {}
    written = False  # a cell holding more than spaces
    for column, value in raw.items():
        if not column or value is None:
            continue
        if isinstance(value, list | tuple) and _listing(column):
            values[column], written = tuple(_plain(item) for item in value), True
            continue
        if isinstance(value, _Written):
            values[column], written = _plain(value.value), True
            continue
        if isinstance(value, WrittenScalar):  # a YAML register's number or date, as written
            values[column], written = value, True
            continue
        if isinstance(value, dt.datetime):
            text = value.isoformat() if value.tzinfo else value.isoformat() + "Z"
            if column != "recorded" and value.time() == dt.time(0):
                text = value.date().isoformat()
        elif isinstance(value, dt.date):
            text = value.isoformat()
        elif isinstance(value, list | tuple):  # not a list column: refused as a list by the checks
            text = ";".join(str(v) for v in value)
        elif isinstance(value, float) and value.is_integer():
            text = str(int(value))
        else:
            text = str(value).strip() or str(value)  # only spaces: written, kept as written
        if text:
            values[column] = text
            written = written or bool(text.strip())
    return values if written else {}


def _bracketed(row: RegisterRow, name: str) -> list[InputError]:
    """A list cell written as a YAML or JSON list (``[]``, ``[owners, qa]``): read as text it
    would be one value with the brackets in it (a group named ``[]``), so it is an error at
    its cell. A YAML register's list is a list, not text, and is not this."""
    return [
        InputError(f"the cell {value.strip()!r} is written as a list, and would be read as one "
                   "value, brackets and all", file=name, line=row.line, field=column,
                   hint=("write the groups separated by ';', without brackets (owners;qa), or leave the cell "
                         "blank for a document everyone may read") if column == "access" else
                   "write the values separated by ';', without brackets (2.1;5)")
        for column, value in row.values.items()
        if _listing(column) and isinstance(value, str) and value.strip().startswith("[")
        and value.strip().endswith("]")
    ]


def _holds_nul(value: Any) -> bool:
    """Whether a cell's value (text, or a YAML register's list or mapping) holds a NUL character."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(key) or _holds_nul(item) for key, item in value.items())
    if isinstance(value, list | tuple):
        return any(_holds_nul(item) for item in value)
    return False


def _split(text: str) -> list[str]:
    """A list cell's values, each part between two ``;`` one value, an empty one kept: read as
    front matter's ``[owners, ""]`` it is an error at its cell, never dropped (``" ; "`` dropped
    to no group at all made an access cell let nobody read the document, silently)."""
    parts = [part.strip() for part in text.split(";")]
    return parts if any(parts) else []  # no value at all: front matter's [], said once as such


@dataclass(frozen=True, slots=True)
class _Written:
    """A YAML entry's list column given as one value (``access: ""``, ``access: true``): kept
    as written, even when empty (where an empty CSV cell is not there at all), for front
    matter's checks to read as they read the same value."""

    value: Any


def _listing(column: str) -> bool:
    """Whether the column holds a list (``changed``, ``access``, a facet's values)."""
    return column in _LISTS or column.startswith("applies_to.")


def _listed(value: Any) -> Any:
    """A list column's cell as the front-matter value it stands for: a YAML list or scalar as
    it is, text split at ``;``, and a YAML entry's empty text as written (front matter's
    ``""``)."""
    if isinstance(value, tuple):
        return list(value)
    if not isinstance(value, str):
        return value  # a YAML scalar (5, true), read as front matter reads it
    return _split(value) if value.strip() else value


def _yaml(value: Any) -> str:
    """A cell's value as the YAML (JSON's flow style, every text quoted) that front matter reads
    as the same value: a YAML register's number or date as the node it was written as
    (``!!float "2.10"``, read as 2.10 where a label is meant and as a number where one is)."""
    if isinstance(value, WrittenScalar):
        return value.as_yaml()
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_json(str(key))}: {_yaml(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_yaml(item) for item in value) + "]"
    return _json(value)


_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _json(value: Any) -> str:
    """``value`` as JSON writes it, every character past ASCII escaped as YAML's double-quoted
    scalars read it: ``\\uXXXX`` in the Basic Multilingual Plane, ``\\UXXXXXXXX`` past it (an
    emoji, a mathematical letter), never JSON's surrogate pair, which YAML refuses (audit B)."""
    return _NON_ASCII.sub(lambda found: _escape(ord(found.group())), json.dumps(value, ensure_ascii=False))


def _escape(code: int) -> str:
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _truth(value: Any) -> str:
    """A ``public`` cell as front matter writes a truth value: a CSV's or XLSX's ``true``/``TRUE``
    (a spreadsheet's boolean) or a YAML register's ``true`` as ``true``, ``false`` as ``false``,
    anything else quoted text; front matter's one reader of ``public`` then takes only ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    written = str(value).strip()
    return written.lower() if written.lower() in ("true", "false") else _yaml(written)


def _plain(value: Any) -> Any:
    """A YAML value as JSON can write it (a date as its ISO text), anything else as it is."""
    if isinstance(value, WrittenScalar):
        return value
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _project_path(written: str) -> str | None:
    """``written`` as a project-relative posix path (``spec.docx`` → ``documents/spec.docx``);
    None for a path that leaves the project."""
    path = PurePosixPath(written.replace("\\", "/"))
    if path.is_absolute() or ".." in path.parts:
        return None
    if not path.parts or path.parts[0] != "documents":
        path = PurePosixPath("documents", *path.parts)
    return path.as_posix()
