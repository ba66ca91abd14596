"""How a pack file is laid out: the editor header new packs start with, the packs ``rules new``
writes, and the canonical layout ``rules fmt`` rewrites a pack into (the one home of these
decisions).

**The header.** A pack written by ``inforce init`` or ``inforce rules new`` starts with
yaml-language-server's modeline, ``# yaml-language-server: $schema=rule-pack.schema.json``:
the schema is a file *beside the pack*, a copy of the one inforce ships
(``rules/schema/rule-pack.schema.json``), written there with it. A relative path is resolved
by the editor from the pack's own folder, so it works offline, in a checkout on any machine and
after the project moves; an ``https://`` address would need the network, and an absolute path
into the installed package breaks on the next machine or virtual environment. ``rules new``
never replaces a file: a copy that differs from the schema of the inforce that runs it (edited,
or another version's) is an input error naming it, and nothing is written.

**The canonical layout** (``rules fmt``) changes where keys stand and how far lines are
indented, nothing else:

- the pack's keys in the schema's order (``schema_version``, ``title``, ``description``,
  ``params``, ``coverage``, ``rules``, ``conditions``); a rule's as :data:`RULE_KEY_ORDER`
  gives them: what names it (``id``, ``slug``, ``kind``, and for a vocabulary entry its
  ``subject``), then what it says and why (``description``, ``source``, ``why``, ``status``,
  ``owner``), then the fields of its kind, ``examples`` last; a condition facet's as
  :data:`CONDITION_KEY_ORDER` (its terms last); every other model's keys in the schema's order; a mapping of names (``params``, ``facets``) keeps the owner's order;
- two spaces a level; a list under a key indented two spaces, its items' keys four;
- comments stay with the key or item they stand above (or beside); one blank line is kept
  where the owner left one or more;
- every value is kept as written: quotes, a flow list's line breaks (re-indented with its key),
  a folded or literal block (its lines two spaces past its key). Changing quotes would change nothing a pack means and would make
  every owner's diff noisy; and a YAML 1.1 reader would read some unquoted words
  (``yes``, ``on``) otherwise.

Formatting reads the pack with the one YAML reader (``ontology.yamltext``: its nodes keep
their places) and moves the written text; the result is read again and must mean exactly what
the pack meant (the same values, every comment kept), else nothing is written.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from inforce.ontology import InputError, InputErrors
from inforce.ontology.files import create_atomically, no_room, write_atomically
from inforce.ontology.scalars import one_line
from inforce.ontology.yamltext import MappingNode, Node, ScalarNode, SequenceNode, compose

from .pack import RULE_KINDS, RulePack
from .schema import SCHEMA_DIR
from .source import Loc, _step, _unwrap_model, plain, read_yaml

__all__ = [
    "CONDITION_KEY_ORDER",
    "NEW_PACK_KINDS",
    "PACK_SCHEMA_FILE",
    "RULE_KEY_ORDER",
    "FormatReport",
    "FormattedPack",
    "NewPack",
    "format_pack_text",
    "format_packs",
    "new_pack_text",
    "schema_header",
    "header_schema",
    "write_new_pack",
    "write_schema_copy",
]

#: The name of the schema copy beside a project's packs, and what their header points at.
PACK_SCHEMA_FILE = "rule-pack.schema.json"
_MODELINE = "# yaml-language-server: $schema="
_MODELINE_RE = re.compile(r"^#\s*yaml-language-server:\s*\$schema=(\S+)\s*$")

#: A rule's keys before its kind's own: what names it, then what it says and why.
_HEAD = ("id", "slug", "kind")
_SAYS = ("description", "source", "why", "status", "owner")
#: What names a vocabulary entry, written right after its kind (``subject: concrete.slump``).
_NAMES: dict[str, tuple[str, ...]] = {"subject": ("subject",), "inference": ("subject",),
                                      "grade": ("subject", "standard")}
#: Each kind's own fields in the order the guide (docs/rules.md) and the stock packs write them.
_BODY: dict[str, tuple[str, ...]] = {
    "eligibility": ("document_kinds", "facets", "applicability_date", "required"),
    "calculation": ("documents", "when", "output", "add", "result", "on_unknown"),
    "precedence": ("order", "levels", "tie_breakers", "escalation"),
    "supersession": ("document_kinds", "target_kinds", "target_document", "skip_divisions", "skip_titles",
                     "propose_partial_on_documents", "targets", "actions", "patterns", "headings", "mentions",
                     "no_change", "reasons", "answers", "questions", "successor_words", "whole_words",
                     "old_text_columns", "new_text_columns", "old_revision_columns", "new_revision_columns",
                     "procurement_ids", "tender_words", "insertions", "new_adjectives", "as_follows", "revision_marks",
                     "provision_nouns", "provision_articles", "read_verbs", "page_marks", "by_changing",
                     "new_clause_nouns", "clause_joins", "clause_prepositions", "clause_alone_nouns", "empty_cells",
                     "clarifications", "conditions", "modals",
                     "passives", "parts_of_work", "reports", "sub_parts", "layouts",
                     "references", "designations", "verbs"),
    "qualifier": ("document_kinds", "patterns", "severity"),
    "subject": ("synonyms", "unit", "between", "bound", "unless_near", "unless_for", "tolerance", "compared"),
    "inference": ("stated_for", "near", "between", "unless_near", "unless_for", "score"),
    "abbreviations": ("words",),
    "grade": ("written", "grades", "stated_for", "unless_for"),
}
#: A condition facet's keys: its name and how it is read, then its (long) terms, as the guide writes them.
CONDITION_KEY_ORDER = ("facet", "band_after", "after_figure_needs", "before_figure", "terms")
#: Every rule kind's keys in canonical order (a test keeps each kind's fields all listed).
RULE_KEY_ORDER: dict[str, tuple[str, ...]] = {
    kind: (*_HEAD, *_NAMES.get(kind, ()), *_SAYS, *_BODY[kind], "examples") for kind in RULE_KINDS
}


# ---- the header and new packs -------------------------------------------------------------------


def schema_header(schema: str = PACK_SCHEMA_FILE) -> str:
    """The first line of a new pack: yaml-language-server's modeline naming ``schema``."""
    return f"{_MODELINE}{schema}\n"


def header_schema(text: str) -> str | None:
    """The schema a pack's first line names (its modeline), or None."""
    first = text.split("\n", 1)[0]
    found = _MODELINE_RE.match(first)
    return found.group(1) if found else None


def _schema_text() -> str:
    """The shipped schema file's text (a test keeps it equal to the models)."""
    return (SCHEMA_DIR / PACK_SCHEMA_FILE).read_text("utf-8")


def write_schema_copy(folder: Path, *, replace: bool = True) -> Path | None:
    """Write (or refresh) the pack schema beside a project's packs, in ``folder``; the path
    when it was written, None when the copy there is already this inforce's schema (or, with
    ``replace=False``, when any file stands there: ``init`` never overwrites)."""
    path = folder / PACK_SCHEMA_FILE
    text = _schema_text()
    if not replace:
        return path if create_atomically(path, text) else None
    try:
        if path.read_text("utf-8") == text:
            return None
    except FileNotFoundError:
        pass
    except (OSError, UnicodeDecodeError):
        pass  # not readable as the schema: replaced below (it is a copy inforce writes)
    write_atomically(path, text)
    return path


# One rule of each kind a pack can start with: what the owner edits first.
_NEW_RULES: dict[str, str] = {
    "eligibility": """\
  - id: {prefix}-E001
    slug: documents-by-market
    kind: eligibility
    description: A document applies to a case when it lists the case's market.
    source: the clause of your policy that says which documents apply
    facets:
      market: membership
""",
    "calculation": """\
  - id: {prefix}-C001
    slug: follow-up-after-dispatch
    kind: calculation
    description: The follow-up is due a fixed number of days after dispatch.
    source: the clause of your policy that sets the period
    output: follow_up_date
    add:
      days: 14
      calendar: calendar
      from: dispatch_date
""",
    "precedence": """\
  - id: {prefix}-P001
    slug: order-of-precedence
    kind: precedence
    description: When two in-force documents disagree, the one on the higher level governs.
    source: the clause of your contract that orders the documents
    order: ranked
    levels:
      - name: agreement
        kinds: [agreement]
      - name: drawings
        kinds: [drawing]
      - name: specifications
        kinds: [specification, addendum]
    tie_breakers: [latest_issued]
""",
    "qualifier": """\
  - id: {prefix}-Q001
    slug: except-as-provided
    kind: qualifier
    description: "'except as provided in X' links a provision to its exception, X."
    source: the drafting convention of your documents
    patterns:
      - pattern: "except as provided in {{ref}}"
""",
    "subject": """\
  - id: {prefix}-V001
    slug: retention-period
    kind: subject
    subject: records.retention_period
    description: How long a record is kept; a stated period is a minimum.
    source: the clause of your policy that sets retention
    synonyms: ["retention period", "retained for", "kept for"]
    unit: year
    bound: min
""",
}
#: The kinds ``rules new --kind`` writes a first rule of.
NEW_PACK_KINDS: tuple[str, ...] = tuple(_NEW_RULES)


def new_pack_text(kind: str, *, prefix: str = "ABC", title: str | None = None) -> str:
    """A new pack holding one rule of ``kind``, starting with the schema header."""
    if kind not in _NEW_RULES:
        raise InputError(f"rules new writes no {kind!r} rule", field="kind",
                         hint=f"one of: {', '.join(NEW_PACK_KINDS)}")
    if not re.fullmatch(r"[A-Z][A-Z0-9]{1,9}", prefix):
        raise InputError(f"rule id prefix {prefix!r} is not 2-10 capital letters or digits", field="prefix",
                         hint="e.g. FUP (the ids become FUP-E001, ...)")
    name = title or f"{kind.capitalize()} rules"
    if any(0xD800 <= ord(char) <= 0xDFFF for char in name):  # a byte the terminal's encoding could not decode
        raise InputError("the title is not text in the terminal's encoding", field="title",
                         hint="write the title in UTF-8")
    try:  # one line a person reads, as a review's note (audit 74 A L3: an escape sequence, a line break)
        one_line(name)
    except ValueError as problem:
        raise InputError(f"the title {problem}", field="title", hint="give the title as one line of visible text") from None
    return (
        schema_header()
        + "# A rule pack: docs/rules.md. Check it with `inforce rules check FILE`, lay it out with\n"
        + "# `inforce rules fmt FILE`; list it in inforce.yaml under rules: (- path: ...).\n"
        + "schema_version: 1\n"
        + f"title: {json.dumps(name, ensure_ascii=False)}\n"
        + "rules:\n"
        + _NEW_RULES[kind].format(prefix=prefix)
    )


def _differs(path: Path) -> bool:
    """Whether a file stands at ``path`` whose text is not this inforce's pack schema."""
    text = _schema_text()
    try:
        if path.stat().st_size > 2 * len(text.encode("utf-8")):
            return True  # not read: far longer than the schema
        return path.read_text("utf-8") != text  # as ``write_schema_copy`` compares (line endings read alike)
    except FileNotFoundError:
        return False
    except (OSError, UnicodeDecodeError):
        return True  # there, but not readable as the schema


def write_new_pack(path: Path, kind: str, *, prefix: str = "ABC", title: str | None = None) -> list[Path]:
    """Write a new pack at ``path`` and the schema copy its header names beside it, never over
    a file: a copy there that differs from this inforce's schema (edited, or another version's)
    is an input error naming it, nothing written; the files written."""
    text = new_pack_text(kind, prefix=prefix, title=title)
    if not path.parent.is_dir():
        raise InputError("no such folder", file=str(path.parent), hint="make the folder first")
    if path.is_dir() and not path.is_symlink():
        raise InputError("this is a folder: rules new writes a new pack file", file=str(path),
                         hint=f"name the file to write, e.g. {path / 'my-pack.yaml'}")
    if path.exists() or path.is_symlink():
        raise InputError("a file already exists here", file=str(path), hint="rules new never replaces a file")
    schema = path.parent / PACK_SCHEMA_FILE
    if schema.is_symlink() or (schema.exists() and not schema.is_file()):
        raise InputError("the schema copy the pack's header names cannot be written here (a folder or a link "
                         "stands there)", file=str(schema), hint="move it, or write the pack in another folder")
    if _differs(schema):  # edited, or another inforce's: never replaced without a word, nor the pack written
        raise InputError("a schema copy that differs from this inforce's schema stands beside the pack; "
                         "rules new never replaces a file, so no pack was written", file=str(schema),
                         hint="keep your edits elsewhere and delete the file (rules new writes the current "
                              "schema), or write the pack in another folder")
    try:
        # first: a pack whose header names no schema is never left behind; made only where none stands
        copy = write_schema_copy(path.parent, replace=False)
    except OSError as error:
        raise InputError(f"the schema copy cannot be written ({error.strerror or error}); no pack was written",
                         file=str(schema)) from error
    if not create_atomically(path, text):  # made in between by another process
        raise InputError("a file already exists here", file=str(path), hint="rules new never replaces a file")
    return [path] + ([copy] if copy is not None else [])


# ---- rules fmt ----------------------------------------------------------------------------------


class NewPack(BaseModel):
    """What ``inforce rules new --format json`` prints: the pack and the files written."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pack: str
    created: tuple[str, ...]


class FormattedPack(BaseModel):
    """One pack ``rules fmt`` looked at: whether its layout changes, and the diff when asked."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    file: str
    changed: bool
    written: bool
    diff: str = ""


class FormatReport(BaseModel):
    """``inforce rules fmt``: each pack, and how many would change (``--check``) or did."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    packs: tuple[FormattedPack, ...]
    changed: int
    check: bool


@dataclass
class _Chunk:
    """One entry of a block mapping or list, laid out: the comment lines above it, whether a
    blank line stood before it, and its own lines (indent applied)."""

    lead: list[str] = field(default_factory=list)
    blank: bool = False
    lines: list[str] = field(default_factory=list)


class _Layout:
    """The canonical layout of one pack's text (see the module's doc)."""

    def __init__(self, text: str, name: str, line_offset: int = 0) -> None:
        self.text = text
        self.name = name
        self.line_offset = line_offset
        self.cursor = 0
        self.comments: list[str] = []
        self.seen: set[int] = set()

    def refuse(self, index: int, what: str) -> InputError:
        line = self.text.count("\n", 0, index) + 1 + self.line_offset
        return InputError(f"rules fmt cannot lay this out: {what}", file=self.name, line=line,
                          hint="write it as block mappings, lists and scalars, or lay this part out by hand")

    def gap(self, end: int, allowed: str) -> tuple[str | None, list[str], bool]:
        """Consume the text from the cursor to ``end`` (comments, blank lines and the YAML
        punctuation ``allowed`` there): (a comment on the line the cursor was on, the full-line
        comments below it, whether a blank line stood before them)."""
        start, piece = self.cursor, self.text[self.cursor:end]
        self.cursor = end
        midline = start > 0 and self.text[start - 1] != "\n"
        lines = piece.split("\n")
        trailing: str | None = None
        lead: list[str] = []
        for number, line in enumerate(lines):
            code, hash_, comment = line.partition("#")
            stray = code.strip(" \t" + allowed)
            if stray and not (start == 0 and stray == "---"):  # a document's start marker: dropped
                raise self.refuse(start, f"{code.strip()!r} between values")
            if hash_:
                text = "#" + comment.rstrip()
                self.comments.append(text)
                if number == 0 and midline:
                    trailing = text
                else:
                    lead.append(text)
            elif 0 < number < len(lines) - 1 or (number == 0 and not midline and len(lines) > 1):
                lead.append("")  # a blank line
        blank = bool(lead) and lead[0] == ""
        while lead and lead[0] == "":
            lead.pop(0)
        while lead and lead[-1] == "":
            lead.pop()
        kept: list[str] = []
        for line in lead:  # blank lines among comments: one kept
            if not (line == "" and kept and kept[-1] == ""):
                kept.append(line)
        return trailing, kept, blank

    def end_of(self, node: Node) -> int:
        """Where a node's own text ends (a block collection: its last value's end)."""
        if isinstance(node, ScalarNode):
            end = node.end_mark.index
            if node.style in ("|", ">"):
                while end > node.start_mark.index and self.text[end - 1] in "\n \t":
                    end -= 1
            return end
        if node.flow_style or not node.value:
            return node.end_mark.index
        last = node.value[-1][1] if isinstance(node, MappingNode) else node.value[-1]
        return self.end_of(last)

    def verbatim(self, node: Node, shift: int) -> list[str]:
        """A scalar or flow collection as written; its further lines moved by ``shift`` columns.
        A node met again is an alias (``*name``): its own word is written."""
        if id(node) in self.seen:
            alias = _ALIAS.match(self.text, self.cursor)
            if alias is None:
                raise self.refuse(self.cursor, "an alias where none is written")
            self.cursor = alias.end()
            return [alias.group(1)]
        self.seen.add(id(node))
        end = self.end_of(node)
        lines = self.text[node.start_mark.index:end].split("\n")
        self.cursor = end
        moved = [lines[0]]
        for line in lines[1:]:
            if not line.strip():
                moved.append("")
            elif shift >= 0:
                moved.append(" " * shift + line)
            else:
                moved.append(line[min(-shift, len(line) - len(line.lstrip(" "))):])
        return moved

    @staticmethod
    def _block(node: Node) -> bool:
        return isinstance(node, MappingNode | SequenceNode) and not node.flow_style and bool(node.value)

    def _same_line(self) -> str | None:
        """A comment after a value on its line (consumed), or None."""
        newline = self.text.find("\n", self.cursor)
        newline = len(self.text) if newline < 0 else newline
        code, hash_, comment = self.text[self.cursor:newline].partition("#")
        if hash_ and not code.strip(" \t"):
            self.cursor = newline
            self.comments.append("#" + comment.rstrip())
            return "#" + comment.rstrip()
        return None

    def _block_shift(self, node: ScalarNode, indent: int, key_col: int) -> int:
        """How far a block scalar's lines move: to two spaces past its key; by as far as its key
        moved when its header fixes the indentation (``|2``)."""
        text = self.text[node.start_mark.index:self.end_of(node)]
        header, _, body = text.partition("\n")
        widths = [len(line) - len(line.lstrip(" ")) for line in body.split("\n") if line.strip()]
        if any(c.isdigit() for c in header) or not widths:
            return indent - key_col
        return indent + 2 - min(widths)

    def scalar_lines(self, head: str, indent: int, node: Node, key_col: int) -> list[str]:
        """``head`` (``key:`` or ``-``) and a scalar or flow value, at ``indent``."""
        if isinstance(node, ScalarNode) and node.style in ("|", ">"):
            shift = self._block_shift(node, indent, key_col)
        else:
            shift = indent + len(head) + 1 - node.start_mark.column
        lines = self.verbatim(node, shift)
        lines[0] = " " * indent + head + (" " + lines[0] if lines[0] else "")
        comment = self._same_line()
        if comment:
            lines[-1] += "  " + comment
        return lines

    def mapping(self, node: MappingNode, loc: Loc, indent: int) -> list[str]:
        base = loc
        if len(loc) == 2 and loc[0] == "rules":
            kind = next((v.value for k, v in node.value if k.value == "kind" and isinstance(v, ScalarNode)), None)
            base = loc + (str(kind),)
        chunks: list[tuple[str, _Chunk]] = []
        for key, val in node.value:
            if not isinstance(key, ScalarNode) or key.style not in (None, "", "'", '"') or key.tag != _STR:
                raise self.refuse(key.start_mark.index, "a key that is no plain word")
            trailing, lead, blank = self.gap(key.start_mark.index, "")
            if trailing and chunks:
                chunks[-1][1].lines[-1] += "  " + trailing
            elif trailing:
                lead.insert(0, trailing)
            written = self.text[key.start_mark.index:key.end_mark.index]
            self.cursor = key.end_mark.index
            colon = self.text.index(":", self.cursor)
            if self.text[self.cursor:colon].strip():
                raise self.refuse(self.cursor, "a key written over more than its word")
            self.cursor = colon + 1
            chunk = _Chunk(lead=lead, blank=blank)
            here = base + (str(key.value),)
            if self._block(val) and id(val) not in self.seen:
                self.seen.add(id(val))
                comment = self._same_line()
                head = " " * indent + written + ":" + ("  " + comment if comment else "")
                body = (self.mapping(val, here, indent + 2) if isinstance(val, MappingNode)
                        else self.sequence(val, here, indent + 2))
                chunk.lines = [head, *body]
            else:
                before, above = None, []
                if id(val) not in self.seen:
                    before, above, _ = self.gap(val.start_mark.index, "")
                if before or above:
                    raise self.refuse(val.start_mark.index, "a comment between a key and its value")
                chunk.lines = self.scalar_lines(written + ":", indent, val, key.start_mark.column)
            chunks.append((str(key.value), chunk))
        head: list[str] = []
        if loc == () and chunks and chunks[0][1].lead:
            # the comments over a pack's first key are the file's own: they stay on top
            head = chunks[0][1].lead
            chunks[0][1].lead = []
            if re.search(r"\n[ \t]*\n[ \t]*$", self.text[:node.value[0][0].start_mark.index]):
                head = [*head, ""]
        order = self._order(loc, base)
        if order is not None:
            rank = {name: number for number, name in enumerate(order)}
            chunks = [c for _, c in sorted(enumerate(chunks), key=lambda e: (rank.get(e[1][0], len(rank)), e[0]))]
        return head + self._join([chunk for _, chunk in chunks])

    def sequence(self, node: SequenceNode, loc: Loc, indent: int) -> list[str]:
        chunks: list[_Chunk] = []
        for number, item in enumerate(node.value):
            at = self.text.index("*", self.cursor) if id(item) in self.seen else item.start_mark.index
            trailing, lead, blank = self.gap(at, "-")
            if trailing and chunks:
                chunks[-1].lines[-1] += "  " + trailing
            elif trailing:
                lead.insert(0, trailing)
            chunk = _Chunk(lead=lead, blank=blank)
            if isinstance(item, MappingNode) and self._block(item) and id(item) not in self.seen:
                self.seen.add(id(item))
                body = self.mapping(item, loc + (number,), indent + 2)
                first = next(i for i, line in enumerate(body) if line.strip() and not line.lstrip().startswith("#"))
                chunk.lead += [line[indent + 2:] if line else "" for line in body[:first]]
                chunk.lines = [" " * indent + "- " + body[first][indent + 2:], *body[first + 1:]]
            elif self._block(item) and id(item) not in self.seen:
                raise self.refuse(item.start_mark.index, "a list directly inside a list")
            else:
                chunk.lines = self.scalar_lines("-", indent, item, item.start_mark.column - 2)
            chunks.append(chunk)
        return self._join(chunks)

    @staticmethod
    def _join(chunks: Sequence[_Chunk]) -> list[str]:
        lines: list[str] = []
        for number, chunk in enumerate(chunks):
            if chunk.blank and number > 0:
                lines.append("")
            indent = len(chunk.lines[0]) - len(chunk.lines[0].lstrip(" "))
            lines += [" " * indent + line if line else "" for line in chunk.lead]
            lines += chunk.lines
        return lines

    @staticmethod
    def _order(loc: Loc, base: Loc) -> Sequence[str] | None:
        """The canonical key order of the mapping at ``loc``; None keeps the written order."""
        if loc == ():
            return tuple(RulePack.model_fields)
        if len(loc) == 2 and loc[0] == "rules":
            return RULE_KEY_ORDER.get(str(base[-1]))
        if len(loc) == 2 and loc[0] == "conditions":
            return CONDITION_KEY_ORDER
        annotation: Any = RulePack
        for part in base:
            annotation = _step(annotation, part)
            if annotation is None:
                return None
        model = _unwrap_model(annotation)
        return tuple(f.alias or n for n, f in model.model_fields.items()) if model is not None else None

    def layout(self, root: Node | None) -> str:
        if root is None:
            return self.text
        if not isinstance(root, MappingNode) or root.flow_style:
            raise self.refuse(root.start_mark.index, "a pack whose root is not a block mapping")
        body = self.mapping(root, (), 0)
        trailing, lead, blank = self.gap(len(self.text), "")
        if trailing:
            body[-1] += "  " + trailing
        return "\n".join([*body, *([""] if blank and lead else []), *lead]) + "\n"


_STR = "tag:yaml.org,2002:str"
_ALIAS = re.compile(r"[ \t]*(\*[^\s,\]\}]+)")


def format_pack_text(text: str, *, name: str) -> str:
    """``text`` (a pack that reads) in the canonical layout; InputError when it cannot be laid
    out, or would not mean the same after. A first line naming the schema stays first, and a
    byte order mark before it (a Windows editor's) stays where it is: the YAML reader passes
    over it, as ``rules check`` does, so it is no text between values (audit 71 B F8)."""
    mark = _BOM if text.startswith(_BOM) else ""
    return mark + _laid_out(text[len(mark):], name=name)


#: The byte order mark a file may start with (UTF-8's, as some Windows editors save one).
_BOM = "\ufeff"


def _laid_out(text: str, *, name: str) -> str:
    source = read_yaml(name, text)  # the one reader; its problems are RP001 errors at their lines
    text = text.replace("\r\n", "\n")  # line ends as a pack is written here
    first, _, rest = text.partition("\n")
    header = first + "\n" if _MODELINE_RE.match(first) else ""
    body = rest if header else text
    layout = _Layout(body, name, line_offset=1 if header else 0)
    result = header + layout.layout(compose(body, file=name, line_offset=1 if header else 0))
    try:
        again = _Layout(result[len(header):], name)
        again.layout(compose(result[len(header):], file=name))
        same = plain(read_yaml(name, result).tree) == plain(source.tree)
    except InputError:  # e.g. an alias moved above its anchor
        same = False
    if not same:
        raise InputError("rules fmt would change what the pack means; nothing written", file=name,
                         hint="lay the pack out by hand (and please report it)")
    if sorted(again.comments) != sorted(layout.comments):
        raise InputError("rules fmt would lose or change a comment; nothing written", file=name,
                         hint="move the comment above the key it explains")
    return result


def _pack_files(targets: Sequence[str | Path]) -> tuple[list[Path], list[InputError], set[Path]]:
    """The pack files of ``targets``, the problems of each project among them and the files those
    problems cover: a project folder is read as ``rules check`` reads it, its manifest's packs (audit 84
    B F4: its inforce.yaml was laid out as a pack and refused), and a manifest is never a pack."""
    from .loader import is_project, project_packs

    files: list[Path] = []
    problems: list[InputError] = []
    checked: set[Path] = set()
    for target in targets:
        path = Path(target)
        if is_project(path):
            listed, found = project_packs(path)
            if not listed and not found:
                raise InputError("the project's manifest lists no pack file of its own (stock packs are "
                                 "inforce's)", file=str(path / "inforce.yaml"), field="rules")
            files += listed
            problems += found
            checked.update(listed)
        elif path.is_dir():
            found = sorted(p for p in path.rglob("*.yaml")
                           if not p.name.endswith(".test.yaml") and p.name != "inforce.yaml")
            if not found:
                raise InputError("no rule pack (*.yaml) in this folder", file=str(path))
            files += found
        elif path.is_file():
            if path.name.endswith(".test.yaml"):
                raise InputError("rules fmt lays out rule packs, not their test files", file=str(path))
            files.append(path)
        else:
            raise InputError("no such pack file or folder", file=str(path))
    return list(dict.fromkeys(files)), problems, checked


def _linked(path: Path) -> bool:
    """Whether ``path`` is a symbolic link or one of several hard links to its file."""
    return path.is_symlink() or path.stat().st_nlink > 1


def format_packs(targets: Sequence[str | Path], *, check: bool = False, diff: bool = False) -> FormatReport:
    """Lay out every pack of ``targets`` (files, folders of ``*.yaml`` packs, test files and
    manifests left out, or project folders: the packs their manifest lists). A pack must check clean first (``rules check``: the same problems, at the same
    lines); none is written unless every one can be. ``check``: write nothing, say which would
    change. A linked pack is refused, never replaced by a copy; a pack that cannot be written stops
    the run naming it and the packs already written (each written whole, atomically)."""
    from .loader import check_target, display_path

    files, problems, checked = _pack_files(targets)
    planned: list[tuple[Path, str, str]] = []
    for path in files:
        shown = display_path(path)
        found = [] if path in checked else check_target(path)
        if found:
            problems += found
            continue
        try:
            text = path.read_text("utf-8")
            laid = format_pack_text(text, name=shown)
        except InputError as problem:
            problems.append(problem)
            continue
        if laid != text and not check and _linked(path):
            # a shared pack linked into a project: a rewrite would replace the link with a private copy
            problems.append(InputError(
                f"{shown} is a link (a symbolic link, or one of several hard links to one file): laying it out "
                "would leave a private copy in its place", file=shown, field="pack",
                hint="run rules fmt on the file the link points at"))
            continue
        planned.append((path, text, laid))
    if problems:
        raise InputErrors("rules fmt: a pack does not check or cannot be laid out; nothing written", problems)
    packs = []
    written: list[str] = []
    for path, text, laid in planned:
        changed = laid != text
        if changed and not check:
            try:
                write_atomically(path, laid)
            except OSError as error:  # a full disk, a folder not writable: say which packs were written
                # the file named once, as its place (no field: the pack is an argument, not --pack)
                raise InputError(
                    f"could not be written ({no_room(error) or error.strerror or error}); "
                    + (f"already laid out: {', '.join(written)}" if written else "no pack was written"),
                    file=display_path(path)) from error
            written.append(display_path(path))
        shown = display_path(path)
        patch = "".join(difflib.unified_diff(text.splitlines(True), laid.splitlines(True), shown, shown)) \
            if diff and changed else ""
        packs.append(FormattedPack(file=shown, changed=changed, written=changed and not check, diff=patch))
    return FormatReport(packs=tuple(packs), changed=sum(p.changed for p in packs), check=check)
