"""Document control's register: one row per revision, the metadata of files that carry none.

A project's manifest may name a register (``registry: FILE``): a CSV, an XLSX workbook (its
first sheet) or a YAML list, with one row per revision and the columns

    file, id, revision, seq, kind, title, issued, effective_from, effective_until,
    recorded, changed, access, applies_to.FACET ...

(``changed`` paths, ``access`` groups and facet values separated by ``;``). ``file`` is the
document's path in the project (``documents/spec-033000.docx``; a path without the
``documents/`` folder is read inside it). A file the register describes needs no front matter
or sidecar; where it has them too, the two must agree. A row without ``file`` records a
revision that is not ingested (yet): ``inforce lag`` reports it.

A row is read as the front matter it stands for (``row_metadata``): the same checks, the same
messages, each pointed at the register's file and the row's line.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from inforce.ontology import InputError, InputErrors
from inforce.ontology.files import is_inside

__all__ = ["REGISTER_COLUMNS", "Register", "RegisterRow", "read_register"]

#: The columns a register may have, besides one ``applies_to.FACET`` per facet.
REGISTER_COLUMNS = (
    "file", "id", "revision", "seq", "kind", "title", "issued", "effective_from", "effective_until",
    "recorded", "changed", "access",
)
#: The register's columns as the front-matter fields they stand for, where the names differ.
_FIELD_OF = {"effective_from": "effective.from", "effective_until": "effective.until"}
_COLUMN_OF = {value: key for key, value in _FIELD_OF.items()}
_LISTS = ("changed", "access")


@dataclass(frozen=True, slots=True)
class RegisterRow:
    """One revision as the register records it: its cells (blank ones left out) and its line
    (the CSV's line, the sheet's row number, the YAML entry's line)."""

    line: int
    values: dict[str, str]

    @property
    def file(self) -> str | None:
        return self.values.get("file")

    def fields(self) -> dict[str, str]:
        """The row as the front-matter fields it stands for, each a line of YAML with every
        value quoted, so a cell's text is only ever a value (a cell reading ``x, until: ...``
        adds no field)."""
        lines = {name: f"{name}: {json.dumps(self.values[name])}"
                 for name in ("id", "kind", "title", "revision", "seq", "issued", "recorded") if name in self.values}
        effective = {key: self.values[column] for key, column in (("from", "effective_from"), ("until", "effective_until"))
                     if column in self.values}
        if effective:
            lines["effective"] = "effective: " + json.dumps(effective)
        for name in _LISTS:
            if name in self.values:
                lines[name] = f"{name}: " + json.dumps(_split(self.values[name]))
        facets = {name.removeprefix("applies_to."): _split(value) for name, value in self.values.items()
                  if name.startswith("applies_to.")}
        if facets:
            lines["applies_to"] = "applies_to: " + json.dumps(facets)
        return lines

    def front_matter(self) -> str:
        """The row as the YAML front matter it stands for (``fields``, one per line)."""
        return "".join(line + "\n" for line in self.fields().values())

    def problem(self, error: InputError, register: str) -> InputError:
        """``error``, found reading this row's front matter, pointed at the register's row and
        its column."""
        column = _COLUMN_OF.get(error.field or "", (error.field or "").split("[")[0] or None)
        return InputError(error.message, file=register, line=self.line, field=column, hint=error.hint)


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
    if not path.is_file():
        raise InputErrors(f"{name}: register missing", [
            InputError("the manifest names this register but it does not exist", file=name, field="registry"),
        ])
    if path.suffix.lower() not in _FORMATS:
        raise InputErrors(f"{name}: not a register", [
            InputError(f"a register is a CSV, an XLSX workbook or a YAML list, not {path.suffix or 'a file without a suffix'}",
                       file=name, field="registry", hint="save it as .csv, .xlsx or .yaml")])
    problems: list[InputError] = []
    rows = [RegisterRow(line, values) for line, raw in _records(path, name) if (values := _cells(raw))]
    if not rows:
        raise InputErrors(f"{name}: an empty register", [
            InputError("the register has no rows (an XLSX register is read from its first sheet)", file=name,
                       field="registry", hint="one row per revision under a header row of its columns")])
    register = Register(name, rows)
    for row in rows:
        if row.file is None:
            continue
        relative = _project_path(row.file)
        if relative is None:
            problems.append(InputError(f"file {row.file!r} is not a path inside the project", file=name,
                                       line=row.line, field="file"))
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


def _records(path: Path, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line, {column: value}) for each row of a CSV, XLSX or YAML register."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        yield from _csv_records(path, name)
    elif suffix in (".xlsx", ".xlsm"):
        yield from _xlsx_records(path, name)
    else:
        yield from _yaml_records(path, name)


def _csv_records(path: Path, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        text = path.read_text("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputErrors(f"{name}: the register does not read", [
            InputError(f"cannot read the register as UTF-8 text: {exc}", file=name)]) from None
    reader = csv.reader(io.StringIO(text))
    header: list[str] | None = None
    start = 1
    for cells in reader:
        if header is None:
            header = [cell.strip() for cell in cells]
            _check_header(header, name, 1)
        elif any(cell.strip() for cell in cells):
            yield start, dict(zip(header, cells, strict=False))
        start = reader.line_num + 1


def _xlsx_records(path: Path, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except (InvalidFileException, OSError, KeyError, ValueError, zipfile.BadZipFile) as exc:
        raise InputErrors(f"{name}: the register does not read", [
            InputError(f"not a readable XLSX workbook: {exc}", file=name)]) from None
    try:
        sheet = workbook.worksheets[0]
        header: list[str] | None = None
        for number, cells in enumerate(sheet.iter_rows(values_only=True), 1):
            if header is None:
                header = ["" if cell is None else str(cell).strip() for cell in cells]
                _check_header(header, name, number)
            elif any(cell not in (None, "") for cell in cells):
                yield number, dict(zip(header, cells, strict=False))
    finally:
        workbook.close()


def _yaml_records(path: Path, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
    try:
        tree = YAML(typ="rt").load(path.read_text("utf-8"))
    except (YAMLError, UnicodeDecodeError) as bad:
        mark = getattr(bad, "problem_mark", None)
        raise InputErrors(f"{name}: the register does not parse", [
            InputError(str(getattr(bad, "problem", bad)), file=name, line=mark.line + 1 if mark else None),
        ]) from None
    items = tree.get("revisions") if isinstance(tree, dict) else tree
    if not isinstance(items, list):
        raise InputErrors(f"{name}: the register does not read", [
            InputError("expected a list of revisions (or `revisions:` with one)", file=name, line=1)])
    for item in items:
        line = item.lc.line + 1 if hasattr(item, "lc") else 1
        if not isinstance(item, dict):
            raise InputErrors(f"{name}: the register does not read", [
                InputError("a register entry is a mapping", file=name, line=line)])
        flat = _flatten(item)
        _check_header(list(flat), name, line)  # the same columns as a CSV's, each a plain value
        shapes = [InputError(f"{key}: expected a single value, got {type(value).__name__}", file=name, line=line,
                             field=key)
                  for key, value in flat.items()
                  if isinstance(value, dict) or (isinstance(value, list) and key not in (*_LISTS, )
                                                 and not key.startswith("applies_to."))]
        if shapes:
            raise InputErrors(f"{name}: the register does not read", shapes)
        yield line, flat


def _flatten(item: dict[str, Any]) -> dict[str, Any]:
    """A YAML entry in the register's columns: ``effective: {from, until}`` and
    ``applies_to: {facet: [...]}`` spread out; ``document``/``label`` read as ``id``/``revision``."""
    flat: dict[str, Any] = {}
    for key, value in item.items():
        key = {"document": "id", "label": "revision"}.get(str(key), str(key))
        if key == "effective" and isinstance(value, dict):
            flat.update({f"effective_{k}": v for k, v in value.items()})
        elif key == "effective":
            flat["effective_from"] = value
        elif key == "applies_to" and isinstance(value, dict):
            flat.update({f"applies_to.{facet}": values for facet, values in value.items()})
        elif key == "applies_to":
            flat["applies_to"] = value  # not a mapping of facets: refused by the column check
        else:
            flat[key] = value
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


def _cells(raw: dict[str, Any]) -> dict[str, str]:
    """A row's cells as text, blanks left out: dates and times as ISO text (a spreadsheet's
    time without a zone is taken as UTC), lists joined by ``;``."""
    values: dict[str, str] = {}
    for column, value in raw.items():
        if not column or value is None:
            continue
        if isinstance(value, dt.datetime):
            text = value.isoformat() if value.tzinfo else value.isoformat() + "Z"
            if column != "recorded" and value.time() == dt.time(0):
                text = value.date().isoformat()
        elif isinstance(value, dt.date):
            text = value.isoformat()
        elif isinstance(value, list | tuple):
            text = ";".join(str(v) for v in value)
        elif isinstance(value, float) and value.is_integer():
            text = str(int(value))
        else:
            text = str(value).strip()
        if text:
            values[column] = text
    return values


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(";") if part.strip()]


def _project_path(written: str) -> str | None:
    """``written`` as a project-relative posix path (``spec.docx`` → ``documents/spec.docx``);
    None for a path that leaves the project."""
    path = PurePosixPath(written.replace("\\", "/"))
    if path.is_absolute() or ".." in path.parts:
        return None
    if not path.parts or path.parts[0] != "documents":
        path = PurePosixPath("documents", *path.parts)
    return path.as_posix()
