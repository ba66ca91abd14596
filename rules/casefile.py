"""Tests a policy owner writes beside a pack (``aia-style.test.yaml`` next to ``aia-style.yaml``).

A test file names the pack, a small corpus (inline document metadata, or a folder of
document files), and cases: a question and the expected outcome. Only the keys written under
``expect`` are compared, so a test says exactly what it cares about; each must be a key of the
question's answer (``ANSWER_KEYS``), and an ``expect`` naming none is refused: a misspelt key was
compared with a field the answer does not have (null), so ``expect: {eligble: null}`` and
``expect: {}`` passed, checking nothing (audit 70 B F2).
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import ConfigDict, Field, ValidationError, field_validator, model_validator

from inforce.ontology import (
    Callout,
    CharSpan,
    Document,
    EffectiveInterval,
    EligibilityResult,
    InputError,
    InputErrors,
    Locator,
    PrecedenceResult,
    Section,
    SourceRef,
    Supersedes,
    TableRow,
)
from inforce.ontology.files import read_bounded_text, unnamed_path
from inforce.ontology.scalars import YamlModel

from .source import RuleError, SourceFile, close_matches, plain, read_yaml, validation_problems

__all__ = [
    "ANSWER_KEYS",
    "CASE_KINDS",
    "FixtureDocument",
    "RuleCase",
    "RuleTestFile",
    "read_test_file",
    "tests_for_pack",
]

_MODEL = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)
CASE_KINDS = ("eligible", "precedence", "derive", "read", "qualifiers", "subjects")
_SUFFIX = ".test.yaml"
#: The keys of each question's answer (``engine.packtests`` answers it; a test holds the two
#: alike), the only keys a case's ``expect`` may name: ``eligible`` as ``inforce eligible``
#: prints it (``EligibilityResult.contract``, no trace), ``precedence`` as ``PrecedenceResult``,
#: ``derive`` as ``engine.derivation.DerivationResult``, the others as ``packtests`` builds them.
ANSWER_KEYS: dict[str, tuple[str, ...]] = {
    "eligible": tuple(name for name in EligibilityResult.model_fields if name != "trace"),
    "precedence": tuple(PrecedenceResult.model_fields),
    "derive": ("edges", "derived", "unresolved", "not_understood", "quiet"),
    "read": ("applied", "proposed", "not_understood", "skipped"),
    "qualifiers": ("links",),
    "subjects": ("subjects", "bound"),
}


#: The path of a table's row (``table-2.row-3``): its table's number and its own.
_ROW_PATH = re.compile(r"table-([1-9]\d*)\.row-([1-9]\d*)")


class FixtureProvision(YamlModel):
    """A provision of a fixture document: its path and text (a callout for ``callout-N`` paths), or
    a table's row (``table-N.row-M`` paths): its ``header`` and ``cells``, as a pipe table gives them."""

    model_config = _MODEL

    path: str
    text: str = ""
    heading: str = ""
    detail: str | None = None
    scale: str | None = None
    header: tuple[str, ...] = Field(default=(), description="a table row's column headers (path table-N.row-M)")
    cells: tuple[str, ...] = Field(default=(), description="a table row's cells, one under each header")

    @model_validator(mode="after")
    def _text_or_row(self) -> FixtureProvision:
        if self.header or self.cells:
            if _ROW_PATH.fullmatch(self.path) is None:
                raise ValueError(f"a provision with header and cells is a table's row: its path is table-N.row-M, "
                                 f"not {self.path!r}")
            if len(self.header) != len(self.cells) or not self.cells:
                raise ValueError(f"table row {self.path} has {len(self.cells)} cells, its header {len(self.header)}")
            if self.text:
                raise ValueError(f"table row {self.path} is given by its header and cells, not text")
        elif not self.text:
            raise ValueError(f"provision {self.path} needs text (or, for a table's row, header and cells)")
        return self


class FixtureEdge(YamlModel):
    model_config = _MODEL

    target: str
    scope: Literal["full", "partial"] = "full"
    effective: dt.date | None = None
    by: str | None = None


class FixtureDocument(YamlModel):
    """Document metadata written inline in a test file (the fields of a document's front matter)."""

    model_config = _MODEL

    id: str
    kind: str
    title: str = ""
    revision: str = "0"
    seq: int = 0
    issued: dt.date | None = None
    effective: dict[str, dt.date | None] | None = None
    recorded: dt.datetime | dt.date | None = None
    access: list[str] | None = None
    applies_to: dict[str, list[str] | str] = Field(default_factory=dict)
    sheet: str | None = None
    scale: str | None = None
    supersedes: list[FixtureEdge] = Field(default_factory=list)
    provisions: list[FixtureProvision] = Field(default_factory=list)

    def to_document(self, file: str) -> Document:
        """The ontology Document this fixture stands for (text layer: provisions one after another)."""
        start = (self.effective or {}).get("from") or self.issued
        if start is None:
            raise ValueError(f"fixture {self.id}: give `effective: {{from: ...}}` or `issued`")
        until = (self.effective or {}).get("until")
        text, provisions = "", []
        paths = {p.path for p in self.provisions}
        for item in self.provisions:
            begin = len(text)
            text += item.text + "\n\n"
            span = CharSpan(start=begin, end=begin + len(item.text))
            parent = _parent(item.path, paths)
            if item.cells:
                table, row = (int(n) for n in _ROW_PATH.fullmatch(item.path).groups())  # type: ignore[union-attr]
                header, line = _pipe_line(item.header), _pipe_line(item.cells)
                text = text[:begin] + header + "\n" + line + "\n\n"
                provisions.append(TableRow(
                    path=item.path, table=table, row=row, header=item.header, cells=item.cells,
                    header_span=CharSpan(start=begin, end=begin + len(header)),
                    span=CharSpan(start=begin + len(header) + 1, end=begin + len(header) + 1 + len(line)),
                    text=header + "\n" + line))
            elif item.path.startswith("callout-"):
                provisions.append(Callout(path=item.path, parent=parent, detail=item.detail,
                                          scale=item.scale, span=span, text=item.text))
            else:
                provisions.append(Section(path=item.path, number=item.path, heading=item.heading, parent=parent,
                                          depth=item.path.count("."), span=span, text=item.text))
        edges = tuple(
            Supersedes(source=Locator(doc=self.id), target=Locator.parse(edge.target), scope=edge.scope,
                       effective=edge.effective or start, by=Locator.parse(edge.by) if edge.by else None)
            for edge in self.supersedes
        )
        return Document(
            id=self.id, kind=self.kind, title=self.title, revision=self.revision, seq=self.seq,  # type: ignore[arg-type]
            issued=self.issued, effective=EffectiveInterval(from_=start, until=until),
            recorded=self.recorded or start,
            access=tuple(self.access) if self.access is not None else None,
            applies_to={k: tuple([v] if isinstance(v, str) else v) for k, v in self.applies_to.items()},
            sheet=self.sheet, scale=self.scale, supersedes=edges,
            source=SourceRef(file=file, format="generated"), text_layer=text, provisions=tuple(provisions),
        )


def _pipe_line(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"


def _parent(path: str, paths: set[str]) -> str | None:
    parts = path.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        candidate = ".".join(parts[:cut])
        if candidate in paths:
            return candidate
    return None


class EligibleCase(YamlModel):
    model_config = _MODEL

    context: dict[str, str | bool | int | float | dt.date | None] = Field(default_factory=dict)
    groups: list[str] = Field(default_factory=list)
    valid_at: dt.date | None = None
    known_at: dt.datetime | dt.date | None = None


class PrecedenceCase(YamlModel):
    model_config = _MODEL

    a: str
    b: str
    valid_at: dt.date


class DocumentCase(YamlModel):
    model_config = _MODEL

    document: str


class TextCase(YamlModel):
    model_config = _MODEL

    text: str


class RuleCase(YamlModel):
    """One case: exactly one question (eligible, precedence, derive, read, qualifiers, subjects) and ``expect``."""

    model_config = _MODEL

    name: str
    eligible: EligibleCase | None = None
    precedence: PrecedenceCase | None = None
    derive: DocumentCase | None = None
    #: the readers of issue 21 on an addendum: expect ``applied``, ``proposed``,
    #: ``not_understood`` (each a list of items) and ``skipped`` (rule id → items)
    read: DocumentCase | None = None
    qualifiers: DocumentCase | None = None
    subjects: TextCase | None = None
    #: some keys of the answer (``ANSWER_KEYS``), at least one: checked by ``read_test_file``
    expect: dict[str, Any] = Field(json_schema_extra={"minProperties": 1})

    @model_validator(mode="after")
    def _one_question(self) -> RuleCase:
        asked = [kind for kind in CASE_KINDS if getattr(self, kind) is not None]
        if len(asked) != 1:
            raise ValueError(f"a case asks exactly one of {', '.join(CASE_KINDS)} (this one: {asked or 'none'})")
        return self

    @property
    def question(self) -> str:
        return next(kind for kind in CASE_KINDS if getattr(self, kind) is not None)


class RuleTestFile(YamlModel):
    """The root of a ``*.test.yaml`` file."""

    model_config = _MODEL

    schema_version: Literal[1]
    pack: str | None = Field(default=None, description="pack under test; default: this file's sibling")
    params: dict[str, Any] = Field(default_factory=dict)
    facets: list[str] = Field(default_factory=list)
    corpus: str | None = Field(default=None, description="a folder of document files, beside this file")
    documents: list[FixtureDocument] = Field(default_factory=list)
    cases: list[RuleCase] = Field(min_length=1)

    @field_validator("pack", "corpus")
    @classmethod
    def _named(cls, value: str | None) -> str | None:
        """``corpus: ""`` had been read as this file's own folder: a path names something."""
        problem = None if value is None else unnamed_path(value)
        if problem:
            raise ValueError(problem)
        return value


def tests_for_pack(pack_file: Path) -> Path:
    """Where a pack's tests live: ``NAME.test.yaml`` beside ``NAME.yaml``."""
    return pack_file.with_name(pack_file.name.removesuffix(".yaml") + _SUFFIX)


def read_test_file(path: Path, display: str | None = None) -> tuple[RuleTestFile, SourceFile]:
    """A test file, validated, or InputErrors with every problem at its line and column."""
    shown = display or path.as_posix()
    try:
        text = read_bounded_text(path, what="the test file", file=shown, regular=True)
    except (OSError, UnicodeDecodeError) as problem:
        raise InputError(f"cannot read the rule tests: {problem}", file=shown) from None
    source = read_yaml(shown, text)
    try:
        model = RuleTestFile.model_validate(plain(source.tree))
    except ValidationError as invalid:
        raise InputErrors(f"{source.name}: the rule tests do not load",
                          validation_problems(source, invalid, RuleTestFile)) from None
    problems: list[RuleError] = [problem for number, case in enumerate(model.cases)
                                 for problem in _expect_problems(case, number, source)]
    written: dict[tuple[str, str], int] = {}
    for index, fixture in enumerate(model.documents):
        first = written.setdefault((fixture.id, fixture.revision), index)
        if first != index:  # the later would replace the earlier in the corpus, silently
            problems.append(source.error(
                ("documents", index, "id"), "RP006", f"document {fixture.id} revision {fixture.revision} is given "
                f"twice (first at line {source.locate(('documents', first))[0]})",
                hint="give each document (or revision: `revision`) once"))
        paths: dict[str, int] = {}
        for number, provision in enumerate(fixture.provisions):
            earlier = paths.setdefault(provision.path, number)
            if earlier != number:
                problems.append(source.error(
                    ("documents", index, "provisions", number, "path"), "RP007",
                    f"provision {provision.path} of {fixture.id} is listed twice (first at line "
                    f"{source.locate(('documents', index, 'provisions', earlier))[0]})",
                    hint="give each provision path once in a document"))
        try:
            fixture.to_document(source.name)
        except (ValueError, ValidationError) as problem:
            problems.append(source.error(("documents", index), "RP003", str(problem).splitlines()[0]))
    if problems:
        raise InputErrors(f"{source.name}: the rule tests do not load", problems)
    return model, source


def _expect_problems(case: RuleCase, number: int, source: SourceFile) -> list[RuleError]:
    """A case's ``expect`` naming a key its question's answer does not have (RP002 at the key,
    with the key meant), or naming nothing (RP003): either checks nothing, and passed."""
    keys = ANSWER_KEYS[case.question]
    where = ("cases", number, "expect")
    if not case.expect:
        return [source.error(where, "RP003", "expect names nothing to check, so the case would pass whatever the "
                             "pack answers", hint=f"name what the answer must be: {', '.join(keys)}")]
    return [source.error((*where, key), "RP002", f"unknown key {key!r} in expect: {case.question!r} answers "
                         "have no such key", hint=close_matches(key, keys), at_key=True)
            for key in case.expect if key not in keys]
