"""Facts by subject: every in-force statement of a quantity, across prose, rows and callouts.

Quantities are read once, at ingest (``read_quantities``: the extractor over each provision's
own words), and stored in the graph's quantity table. ``facts_as_of`` answers from those rows:
a stored quantity is a fact on a day when its provision's version is the in-force one (the
one in-force function, ``AsOfIndex.section_state``) and no full supersession has replaced
it. A fact read in a provision that replaced another (an addendum item with ``by``) names
the section it replaced. Facts of revisions the asker may not read are left out and their
documents named in ``withheld``; this is the input the sweep compares.
"""

from __future__ import annotations

import datetime as dt
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from inforce.ontology import (
    MAX_DOCUMENT_FIGURES,
    CharSpan,
    Document,
    Fact,
    FactQuantity,
    Facts,
    Locator,
    NormalizedFact,
    Quantity,
    Supersedes,
)
from inforce.ontology.scalars import trusted

from .asof.revisions import collector_paused
from .asof.timeline import IN_FORCE, known_timestamp

if TYPE_CHECKING:
    from .asof import AsOfIndex
    from .quantities import Extraction, QuantityExtractor, QuantityWarning

__all__ = [
    "SUBJECT",
    "FactTable", "LocatedWarning", "QuantityRows", "fact_of_row",
    "facts_as_of", "facts_from_tables", "list_headings", "revision_labels", "revision_list_headings",
    "WindowKey", "Windows", "read_quantities", "section_labels", "window_inputs",
]


# ---- at ingest: the quantities of one document ----------------------------------------------


@dataclass(frozen=True, slots=True)
class LocatedWarning:
    """A quantity the extractor could not read, with the provision it is in."""

    locator: Locator
    warning: QuantityWarning


def read_quantities(
    document: Document, extractor: QuantityExtractor,
) -> tuple[list[Quantity], list[LocatedWarning]]:
    """Every quantity in ``document``'s provisions, each located by its provision and its span
    in the text layer, read once: a section reads only its own words (its subsections'
    spans cut out), a table row cell by cell under its header, a callout whole.

    Reading is a function of the words alone, so the same words (boilerplate, a schedule's
    repeated cells, a revision that changed one section) are read once per ingest
    (``_Reads``) and their quantities placed at each occurrence.
    """
    # here: a process answering ``facts`` loads no reader
    from .quantities.extract import FiguresPastLimit
    from .quantities.labels import unlabelled

    reads = _reads_of(extractor)
    layer = document.text_layer
    children: dict[str, list[tuple[int, int]]] = {}
    for provision in document.provisions:
        if provision.parent is not None:
            children.setdefault(provision.parent, []).append((provision.span.start, provision.span.end))
    headings = _list_headings(document, children)
    held = getattr(_READ_HERE, "held", None)
    if held is not None:
        held[document.uid] = headings
    quantities: list[Quantity] = []
    warnings: list[LocatedWarning] = []
    for provision in document.provisions:
        span = provision.span
        if provision.kind == "table_row":  # its text is header and row; its span the row alone
            row_text, base = (layer[span.start:span.end], span.start) if layer else (provision.text, 0)
            pieces = [(row_text, base, provision.header, provision.cells)]
        else:
            # a section's own words open with its label, which numbers it and is no figure of it
            number = provision.number if provision.kind == "section" else None
            if not layer or layer[span.start:span.end] != provision.text:  # no text layer to place it in
                pieces = [(unlabelled(provision.text, (number,)), 0, None, None)]
            else:
                pieces = [(unlabelled(layer[a:b], (number,)) if a == span.start and number else layer[a:b], a, None, None)
                          for a, b in _own_segments(span.start, span.end, children.get(provision.path, ()))]
        locator: Locator | None = None
        for text, base, header, cells in pieces:
            if not reads.may_hold(text):
                continue
            try:
                found, unread = reads.read(text, header, cells, headings.get(provision.path, ()),
                                           most=MAX_DOCUMENT_FIGURES - len(quantities))
            except FiguresPastLimit:
                raise TooManyFigures(provision.path, base) from None
            if len(quantities) + len(found) > MAX_DOCUMENT_FIGURES:
                raise TooManyFigures(provision.path, base)
            if not found and not unread:
                continue
            if locator is None:
                locator = trusted(Locator, {"doc": document.id, "rev": document.revision, "path": provision.path})
            quantities += [_placed(q, base, locator) for q in found]
            warnings += [LocatedWarning(locator, w.model_copy(update={"span": _shift(w.span, base)})) for w in unread]
    return quantities, warnings


class TooManyFigures(Exception):  # noqa: N818 - a refusal, named for what it says
    """``read_quantities`` stopped: the document states more than ``MAX_DOCUMENT_FIGURES``
    figures by the provision at ``path`` (its words from ``offset`` in the text layer), where
    ingest refuses it (audit 107 B F2)."""

    def __init__(self, path: str, offset: int) -> None:
        super().__init__(f"more than {MAX_DOCUMENT_FIGURES:,} figures (numbers with their unit) in one document: "
                         f"provision {path} is past the limit")
        self.path = path
        self.offset = offset


def list_headings(document: Document) -> dict[str, tuple[str, ...]]:
    """The list headings over each provision of ``document`` (outermost first), as
    :func:`read_quantities` reads its figures under them: the one decision ``check`` also
    reads a cited provision by."""
    children: dict[str, list[tuple[int, int]]] = {}
    for provision in document.provisions:
        if provision.parent is not None:
            children.setdefault(provision.parent, []).append((provision.span.start, provision.span.end))
    return _list_headings(document, children)


#: How many revisions' list headings ``revision_list_headings`` keeps (a check cites a few).
_HEADINGS_HELD = 512
#: each revision's list headings and labels (``_revision_reading``), by build and revision
_HEADINGS: dict[tuple[str, str], tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]] = {}


def revision_list_headings(build: str, uid: str, load: Callable[[], Document]) -> Mapping[str, tuple[str, ...]]:
    """:func:`list_headings` of revision ``uid`` (``doc@rev``) of the index build ``build``,
    worked out once per process: ``check`` asks it for every citation, and loading a whole
    document from the store costs far more than reading its headings. The build id is a hash
    of every revision's content and the parser's configuration, so a revision's headings under
    one build never change. ``load`` reads the document (its errors reach the caller); an empty
    build id (nothing ingested) keeps nothing."""
    held = getattr(_READ_HERE, "held", None)
    if held is not None and uid in held:
        return held[uid]  # read by this ingest: the revision its graph now holds
    return _revision_reading(build, uid, load)[0]


def revision_labels(build: str, uid: str, load: Callable[[], Document]) -> Mapping[str, tuple[str, ...]]:
    """:func:`section_labels` of revision ``uid`` of the index build ``build``, worked out once
    per process with its list headings (one load of the document for both)."""
    return _revision_reading(build, uid, load)[1]


def _revision_reading(
    build: str, uid: str, load: Callable[[], Document],
) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    key = (build, uid)
    found = _HEADINGS.get(key)
    if found is None:
        document = load()
        found = (list_headings(document), section_labels(document))
        if build:
            if len(_HEADINGS) >= _HEADINGS_HELD:
                _HEADINGS.clear()
            _HEADINGS[key] = found
    return found


def section_labels(document: Document) -> dict[str, tuple[str, ...]]:
    """The labels in each section's words, as the outline read them (``Section.number``, as
    written): its own, then its subsections' in document order; a section with no labelled
    one in its words is left out. What ``check`` blanks in a cited section's words before
    reading its figures (``quantities.labels.unlabelled``), as ingest does in each section's
    own words: a section's number is never a figure of it."""
    by_path = {p.path: p for p in document.provisions if p.kind == "section"}
    labels: dict[str, list[str]] = {}
    for section in sorted(by_path.values(), key=lambda p: p.span.start):
        if not section.number:
            continue
        at: str | None = section.path
        seen: set[str] = set()
        while at is not None and at in by_path and at not in seen:  # the section, then each ancestor
            seen.add(at)
            labels.setdefault(at, []).append(section.number)
            at = by_path[at].parent
    return {path: tuple(found) for path, found in labels.items()}


#: The list headings of each revision this thread's ingest read (``headings_read_here``).
_READ_HERE = threading.local()


@contextmanager
def headings_read_here() -> Iterator[None]:
    """While an ingest runs (in this thread): the list headings ``read_quantities`` works out
    for each revision it reads are kept, and ``revision_list_headings`` answers from them, as
    the graph it writes holds exactly those revisions (an amended target's headings, read in
    the snapshot that ingest writes, need not load the document again)."""
    _READ_HERE.held = {}
    try:
        yield
    finally:
        _READ_HERE.held = None


class _Reads:
    """What the extractor read in each distinct text (offsets from the text's start)."""

    def __init__(self, extractor: QuantityExtractor, size: int = 65536) -> None:
        self.extractor = extractor
        self.size = size
        self._seen: dict[tuple[Any, ...], tuple[tuple[Quantity, ...], tuple[QuantityWarning, ...]]] = {}
        #: each text read alone: its reading, its quantities and warnings, and the headings
        #: known to leave that reading as it is (``extract_under`` returned it unchanged)
        self._alone: dict[str, Any] = {}
        #: ``may_contain_quantity`` of each text asked (``may_hold``)
        self._may: dict[str, bool] = {}

    def may_hold(self, text: str) -> bool:
        """``may_contain_quantity(text)``, asked once per text: boilerplate stands in document
        after document, and looking its answer up costs a hash where asking costs a scan."""
        answer = self._may.get(text)
        if answer is None:
            # imported here: a process answering ``facts`` reads no text, and loads no grammar
            from .quantities import may_contain_quantity

            answer = may_contain_quantity(text)
            if len(self._may) >= self.size:
                self._may.clear()
            self._may[text] = answer
        return answer

    def read(
        self, text: str, header: Sequence[str] | None, cells: Sequence[str] | None, headings: tuple[str, ...] = (),
        most: int | None = None,
    ) -> tuple[tuple[Quantity, ...], tuple[QuantityWarning, ...]]:
        """What ``text`` states (``most``: ``QuantityExtractor.extract``'s, for a text read alone
        and a row; a text under headings states the figures it states alone)."""
        key = (text, tuple(header) if header is not None else None, tuple(cells) if cells is not None else None,
               headings)
        held = None
        if cells is None:
            # the text alone is read once for every provision that holds it, with headings or
            # without (most headings name nothing the text leaves open, and the reading stands)
            held = self._alone.get(text)
            if held is None:
                alone = self.extractor.extract(text, most=most)
                held = (alone, (_found(alone), alone.warnings), set())
                if len(self._alone) >= self.size:
                    self._alone.clear()
                self._alone[text] = held
            if not headings or headings in held[2]:
                return held[1]  # no headings, or these headings left its reading as it is before
        hit = self._seen.get(key)
        if hit is None:
            if held is None:
                extraction = self.extractor.extract_row(text, cells or (), header or (), most=most)
            else:
                extraction = self.extractor.extract_under(text, headings, alone=held[0])
                if extraction is held[0]:
                    # no heading changed its reading: its quantities stand, and the text's own
                    # entry answers again (one per text, not one per text and headings: a large
                    # corpus would fill the cache with them and push out the readings that cost),
                    # noting the headings so that the text asked under them again is not read again
                    held[2].add(headings)
                    return held[1]
            hit = (_found(extraction), extraction.warnings)
            if len(self._seen) >= self.size:
                self._seen.clear()
            self._seen[key] = hit
        return hit


def _found(extraction: Extraction) -> tuple[Quantity, ...]:
    return tuple(q for q in (m.quantity() for m in extraction.mentions) if q is not None)


_READS: dict[int, _Reads] = {}


def _reads_of(extractor: QuantityExtractor) -> _Reads:
    reads = _READS.get(id(extractor))
    if reads is None or reads.extractor is not extractor:
        reads = _READS[id(extractor)] = _Reads(extractor)
    return reads


#: Where a title stops being one: a sentence's end, or a label's colon inside it.
_NOT_A_TITLE = re.compile(r"[.;,!?]$|:\s")


def _list_headings(document: Document, children: Mapping[str, list[tuple[int, int]]]) -> dict[str, tuple[str, ...]]:
    """The list headings over each provision's words (outermost first): the headings of its
    ancestors whose own words are a heading alone — a lead-in ending with a colon
    (``1. CONCRETE COVER TO REINFORCING:`` over ``a. FOOTINGS: 3"``) or a title (``3.4
    CONCRETE COVER TO REINFORCEMENT`` over ``A. Concrete cast against earth: 3 inches.``).
    An ancestor with words of its own beyond one such line is skipped, as a line of text
    that is no heading is in one text. A table row and a callout have none (a row has its
    header; a callout is read whole)."""
    from .quantities.labels import unlabelled

    layer = document.text_layer
    if not layer:
        return {}
    by_path = {p.path: p for p in document.provisions}
    own: dict[str, str | None] = {}

    def heading_of(path: str) -> str | None:
        if path not in own:
            provision = by_path[path]
            own[path] = None
            if provision.kind == "section" and layer[provision.span.start:provision.span.end] == provision.text:
                words = [line.strip() for a, b in _own_segments(provision.span.start, provision.span.end,
                                                                 children.get(path, ()))
                         for line in layer[a:b].splitlines() if line.strip()]
                own[path] = _heading_line(unlabelled(words[0], (provision.number,)).strip(),
                                          provision.heading) if len(words) == 1 else None
        return own[path]

    chains: dict[str, tuple[str, ...]] = {}  # a provision's heading and its ancestors', outermost first

    def chain(path: str) -> tuple[str, ...] | None:
        """The headings of ``path`` and its ancestors, each ancestor's chain kept (a document's
        lists are deep and wide: asked once per provision); None where the ancestors loop."""
        walked: list[str] = []
        on_walk: set[str] = set()
        at: str | None = path
        while at is not None and at in by_path and at not in chains:
            if at in on_walk:
                return None
            walked.append(at)
            on_walk.add(at)
            at = by_path[at].parent
        over = chains[at] if at is not None and at in chains else ()
        for step in reversed(walked):
            heading = heading_of(step)
            if heading is not None:
                over = (*over, heading)
            chains[step] = over
        return over

    found: dict[str, tuple[str, ...]] = {}
    for provision in document.provisions:
        if provision.kind != "section" or provision.parent is None:
            continue
        headed = chain(provision.parent)
        if headed is not None:
            if headed:
                found[provision.path] = headed
            continue
        over: list[str] = []  # ancestors that loop: the walk stops where it comes round
        parent = provision.parent
        seen: set[str] = set()
        while parent is not None and parent in by_path and parent not in seen:
            seen.add(parent)
            heading = heading_of(parent)
            if heading is not None:
                over.append(heading)
            parent = by_path[parent].parent
        if over:
            found[provision.path] = tuple(reversed(over))
    return found


#: The longest line read as a list heading (``_heading_line``): a lead-in or a title runs to a
#: line or two; each item under a heading is read again under its words, so a "heading" of
#: 44 KB stating 3,800 figures over 100 items cost 35 s, growing as their product (audit 108 B F1).
HEADING_MAX_CHARS = 240


def _heading_line(line: str, heading: str | None) -> str | None:
    """A provision's one line of own words as a list heading: a lead-in ending with a colon,
    or the provision's title (its heading, no sentence's end, no label in it); None: neither."""
    words = heading.strip() if heading and line.endswith(heading.strip()) else line
    if not words or len(words) > HEADING_MAX_CHARS:
        return None
    if words.endswith(":"):
        return words
    if heading and words == heading.strip() and _NOT_A_TITLE.search(words) is None:
        return words
    return None


def _shift(span: CharSpan, base: int) -> CharSpan:
    if not base:
        return span
    return trusted(CharSpan, {"start": span.start + base, "end": span.end + base,
                              "page_start": span.page_start, "page_end": span.page_end})


_SET = object.__setattr__
#: the fields ``_placed`` sets on a copy (with a span; without one)
_PLACED = frozenset({"locator", "span"})
_LOCATED = frozenset({"locator"})


def _placed(quantity: Quantity, base: int, locator: Locator) -> Quantity:
    """A quantity read in a text, placed at one occurrence of it: the object
    ``quantity.model_copy(update={"locator": ..., "span": ...})`` makes (the same fields in
    the same order, fields-set, no extra or private attributes), built directly. No second
    validation: it was read with every field given; a copy costs a tenth of a construction
    field by field, and this runs for every figure of every provision (~100k per 1,000
    specifications)."""
    fields = quantity.__dict__.copy()
    fields["locator"] = locator
    span = fields["span"]
    if span is not None:
        fields["span"] = _shift(span, base)
    made = object.__new__(type(quantity))
    _SET(made, "__dict__", fields)
    # a new set (``set | frozenset`` is one), as the copy's own
    _SET(made, "__pydantic_fields_set__", quantity.__pydantic_fields_set__ | (_PLACED if span is not None else _LOCATED))
    _SET(made, "__pydantic_extra__", None)  # Quantity forbids extra fields and keeps no private ones
    _SET(made, "__pydantic_private__", None)
    return made


def _own_segments(start: int, end: int, inner: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """``[start, end)`` less the spans of its children: the words that are the section's own."""
    segments: list[tuple[int, int]] = []
    cursor = start
    for a, b in sorted(inner):
        if a > cursor:
            segments.append((cursor, min(a, end)))
        cursor = max(cursor, b)
    if cursor < end:
        segments.append((cursor, end))
    return [(a, b) for a, b in segments if b > a]


# ---- answering: facts in force on a day -----------------------------------------------------


#: Stored quantity rows by subject (``GraphStore.quantity_rows``, ``QUANTITY_ROW_COLUMNS`` order).
QuantityRows = Mapping[str, Sequence[tuple[Any, ...]]]
REV, DOC, PATH, KIND, SUBJECT, VALUE, UPPER, UNIT, BOUND, BOUND_FROM = range(10)
N_VALUE, N_UPPER, N_UNIT, TEXT, SPAN_START, SPAN_END, PAGE_START, PAGE_END, FREQUENCY, PER_DAY, CONDITION = range(10, 21)


def facts_as_of(
    index: AsOfIndex,
    rows: QuantityRows,
    subject: str | None,
    valid_at: dt.date,
    known_at: dt.datetime | None,
    *,
    readable: Callable[[Locator], bool],
    replaced_by: Mapping[str, Sequence[Supersedes]],
) -> Facts:
    """The in-force facts of ``subject`` (every subject when None) on ``valid_at``.

    ``replaced_by`` maps an unpinned provision locator to the edges whose ``by`` it is.
    """
    day, known_ts = valid_at.toordinal(), known_timestamp(known_at)
    applies = index.pinned_applies(day, known_ts)
    subjects = [subject] if subject is not None else sorted(rows)
    found: list[Fact] = []
    withheld: set[str] = set()
    in_force: dict[tuple[str, str, str], bool] = {}  # (doc, rev, path): many quantities share one
    for name in subjects:
        for row in rows.get(name, ()):
            doc, uid, path = row[DOC], row[REV], row[PATH]
            label = uid.partition("@")[2]
            key = (doc, label, path)
            live = in_force.get(key)
            if live is None:
                live = in_force[key] = _in_force(index, doc, label, path, day, known_ts, applies)
            if not live:
                continue
            pinned = Locator(doc=doc, rev=label, path=path)
            if not readable(pinned):
                withheld.add(doc)
                continue
            found.append(_fact(row, pinned, _replaces(replaced_by, pinned, day, applies, readable, withheld)))
    return Facts(facts=tuple(found), subject=subject, valid_at=valid_at, known_at=known_at,
                 index_build=index.build_id, withheld=tuple(sorted(withheld)))


def _in_force(
    index: AsOfIndex, doc: str, label: str, path: str, day: int, known_ts: float,
    applies: Callable[[Supersedes], bool],
) -> bool:
    """Whether revision ``label``'s text of ``doc#path`` is the in-force one, not replaced (nor
    spent: ``AsOfIndex.spent``)."""
    entry = index.entry(doc)
    if entry is None or label not in entry.position:
        return False
    state = index.section_state(doc, path, day, known_ts)
    if state.state != IN_FORCE or entry.labels[state.version] != label:
        return False
    full, _ = index.supersession.hits(doc, path, day, known_ts, applies)
    if full:
        return False
    # an amending provision whose change a reissue of its target overrode (the one rule)
    return not (index.supersession.amends_from(doc) and index.spent(doc, path, day, known_ts) is not None)


def _replaces(
    replaced_by: Mapping[str, Sequence[Supersedes]], pinned: Locator, day: int,
    applies: Callable[[Supersedes], bool], readable: Callable[[Locator], bool], withheld: set[str],
) -> tuple[Locator, ...]:
    edges = replaced_by.get(pinned.unpinned().format(), ())
    replaced = []
    for edge in edges:
        if edge.effective.toordinal() > day or not applies(edge):
            continue
        if readable(edge.target):
            replaced.append(edge.target.unpinned())
        else:
            withheld.add(edge.target.doc)
    return tuple(dict.fromkeys(replaced))


def fact_of_row(row: tuple[Any, ...], pinned: Locator, replaces: tuple[Locator, ...] = ()) -> Fact:
    """The statement a stored quantity row makes, read in provision version ``pinned``
    (replacing ``replaces`` on the day asked)."""
    return _fact(row, pinned, replaces)


def _fact(row: tuple[Any, ...], pinned: Locator, replaces: tuple[Locator, ...]) -> Fact:
    # built as ``model_construct`` builds them (every field given, none validated: the row was
    # validated when it was stored), by the cheaper ``trusted``: ~10k facts in a cold ``facts``, 88,214
    # at the million (where validating each one's normalized value and span had cost 0.3 s)
    normalized = None
    if row[N_UNIT] is not None and row[N_VALUE] is not None:
        normalized = trusted(NormalizedFact, {"value": row[N_VALUE], "upper": row[N_UPPER], "unit": row[N_UNIT]})
    span = None
    if row[SPAN_START] is not None and row[SPAN_END] is not None:
        span = trusted(CharSpan, {"start": row[SPAN_START], "end": row[SPAN_END], "page_start": row[PAGE_START],
                                  "page_end": row[PAGE_END]})
    quantity = trusted(FactQuantity, {
        "value": row[VALUE], "upper": row[UPPER], "unit": row[UNIT], "bound": row[BOUND],
        "bound_from": row[BOUND_FROM] or "text", "frequency": row[FREQUENCY], "per_day": row[PER_DAY],
    })
    return trusted(Fact, {
        "subject": row[SUBJECT], "locator": pinned.unpinned(), "resolved": pinned, "kind": row[KIND],
        "text": row[TEXT], "quantity": quantity, "normalized": normalized, "span": span, "replaces": replaces,
        "condition": tuple(row[CONDITION]) if row[CONDITION] else None,
    })


# ---- answering fast: every row's days in force, worked out once -------------------------------

#: A provision version (document, revision label, path) and the days ``[start, end)`` it is in force,
#: each with the sections it replaces then (``FactTable.windows``).
WindowKey = tuple[str, str, str]
Windows = list[tuple[int, int, tuple[Locator, ...]]]


def window_inputs(index: AsOfIndex) -> dict[str, str]:
    """For each document, a digest of everything the days in force of its provisions are worked out
    from (``FactTable.windows``): what the as-of index builds its revisions from
    (``AsOfIndex.entry_inputs``), every edge it is an end
    or the maker of, and the revisions of the documents at those edges' other ends. A document whose
    digest two builds share has the same windows in both, whatever else changed: an ingest copies the
    earlier build's runs of its rows as written (``engine.fact_tables.write_fact_tables``), a reader
    working the tables out from the graph takes them (``known_windows``), and only the others are
    worked out (a
    10-document delta at 100k provisions had worked out all 64,000 again). Held to a build from
    nothing by tests/engine/test_fact_tables.py."""
    import hashlib

    touching: dict[str, list[str]] = {}  # a document → the edges it is an end or the maker of, written out
    neighbours: dict[str, set[str]] = {}  # a document → the documents at those edges' other ends
    for edge in index.supersession.edges:
        written = edge.model_dump_json()
        ends = {edge.source.doc, edge.target.doc, *((edge.by.doc,) if edge.by is not None else ())}
        for doc in ends:
            touching.setdefault(doc, []).append(written)
            neighbours.setdefault(doc, set()).update(ends - {doc})
    own: dict[str, str] = {}

    def revisions(doc: str) -> str:
        found = own.get(doc)
        if found is None:
            found = own[doc] = index.entry_inputs(doc)
        return found

    digests: dict[str, str] = {}
    for doc in index.documents():
        digest = hashlib.sha256(revisions(doc).encode())
        for part in (*sorted(touching.get(doc, ())),
                     *(f"{other}\x1f{revisions(other)}" for other in sorted(neighbours.get(doc, ())))):
            digest.update(b"\x1e" + part.encode())
        digests[doc] = digest.hexdigest()
    return digests


class FactTable:
    """The facts of every stored quantity with the days each is a fact, for questions asked
    without ``known_at`` (everything recorded): a warm question is a filter over arrays.

    What is in force is not decided here: it is ``_in_force`` (the one in-force function,
    through the as-of index), asked once at each day where its answer can change for a
    provision — its document's revision boundaries, the days of the edges on it or its
    document and of those it made (``AsOfIndex.spent``), and the boundaries of the revisions
    those edges come from and aim at — and
    held constant between them. ``facts_as_of`` asks it day by day instead; a test holds
    both to the same answers.
    """

    def __init__(
        self, index: AsOfIndex, rows: QuantityRows, replaced_by: Mapping[str, Sequence[Supersedes]],
        known: Mapping[WindowKey, Windows] | None = None,
    ) -> None:
        self.index, self.rows, self.replaced_by = index, rows, replaced_by
        self._known_ts = known_timestamp(None)
        self._edges_on: dict[str, list[Supersedes]] = {}
        for edge in index.supersession.edges:
            self._edges_on.setdefault(edge.target.doc, []).append(edge)
        self._events: dict[str, list[int]] = {}
        #: a document's revision boundaries, and the days every edge on it brings (its own and its
        #: ends' boundaries), each worked out once: every provision of a document asks for them, and
        #: asking per provision had made an addendum of many items quadratic (audit 35 DD-05)
        self._bounds_of: dict[str, frozenset[int]] = {}
        self._edge_days_of: dict[str, frozenset[int]] = {}
        #: each provision version's days in force; ``known`` ones (an earlier build's, for documents whose
        #: ``window_inputs`` are the same: ``engine.fact_tables.known_windows``) taken as they are
        self._windows_of: dict[WindowKey, Windows] = dict(known or {})
        #: per subject, worked out when first asked (a question about one subject pays for it alone)
        self.subjects: dict[str, tuple[Any, Any, list[Fact], list[str]]] = {}
        #: per subject, the index in ``rows[subject]`` of the row each table entry was read from
        self.row_numbers: dict[str, list[int]] = {}

    def __contains__(self, subject: object) -> bool:
        return subject in self.rows

    @property
    def names(self) -> list[str]:
        """The subjects some stored quantity is bound to, sorted."""
        return sorted(self.rows)

    def _bounds(self, doc: str) -> frozenset[int]:
        found = self._bounds_of.get(doc)
        if found is None:
            entry = self.index.entry(doc)
            days: set[int] = set()
            if entry is not None:
                days.update(entry.froms)
                days.update(u for u in entry.untils if u < 10**7)
                days.update(u + 1 for u in entry.untils if u < 10**7)
            found = self._bounds_of[doc] = frozenset(days)
        return found

    def _edge_days(self, edges: Iterable[Supersedes]) -> set[int]:
        days: set[int] = set()
        for edge in edges:
            days.add(edge.effective.toordinal())
            days |= self._bounds(edge.source.doc) | self._bounds(edge.target.doc)
        return days

    def _events_of(self, doc: str, path: str) -> list[int]:
        key = f"{doc}#{path}"
        found = self._events.get(key)
        if found is None:
            on_doc = self._edge_days_of.get(doc)
            if on_doc is None:
                on_doc = self._edge_days_of[doc] = frozenset(self._edge_days(self._edges_on.get(doc, ())))
            made = [e.edge for e in self.index.supersession.made_by(doc, path)]  # when it may be spent
            days = set(self._bounds(doc)) | on_doc | self._edge_days((*self.replaced_by.get(key, ()), *made))
            found = self._events[key] = sorted(days)
        return found

    def windows(self, row: tuple[Any, ...]) -> Windows:
        """The days ``[start, end)`` on which the provision version a stored row was read in is in force,
        each with what it replaces then: worked out once for each version (:meth:`_windows`)."""
        doc, uid, path = row[DOC], row[REV], row[PATH]
        label = uid.partition("@")[2]
        key = (doc, label, path)
        spans = self._windows_of.get(key)
        if spans is None:
            spans = self._windows_of[key] = self._windows(
                self.index, doc, label, path, self._events_of(doc, path), self._known_ts, self.replaced_by)
        return spans

    def _subject(self, subject: str) -> tuple[Any, Any, list[Fact], list[str]] | None:
        import numpy as np

        table = self.subjects.get(subject)
        if table is not None or subject not in self.rows:
            return table
        starts: list[int] = []
        ends: list[int] = []
        facts: list[Fact] = []
        docs: list[str] = []
        numbers: list[int] = []
        for number, row in enumerate(self.rows[subject]):
            spans = self.windows(row)
            if not spans:
                continue
            doc = row[DOC]
            pinned = Locator.model_construct(doc=doc, rev=row[REV].partition("@")[2], path=row[PATH])
            for start, end, replaces in spans:
                starts.append(start)
                ends.append(end)
                facts.append(_fact(row, pinned, replaces))
                docs.append(doc)
                numbers.append(number)
        self.row_numbers[subject] = numbers
        table = self.subjects[subject] = (np.array(starts, dtype=np.int64), np.array(ends, dtype=np.int64), facts, docs)
        return table

    @staticmethod
    def _windows(
        index: AsOfIndex, doc: str, label: str, path: str, events: list[int], known_ts: float,
        replaced_by: Mapping[str, Sequence[Supersedes]],
    ) -> list[tuple[int, int, tuple[Locator, ...]]]:
        """The days ``[start, end)`` on which revision ``label``'s ``doc#path`` is in force, each
        with the sections it replaces then."""
        spans: list[tuple[int, int, tuple[Locator, ...]]] = []
        pinned = Locator.model_construct(doc=doc, rev=label, path=path)
        for i, day in enumerate(events):
            end = events[i + 1] if i + 1 < len(events) else 10**7
            applies = index.pinned_applies(day, known_ts)
            if not _in_force(index, doc, label, path, day, known_ts, applies):
                continue
            replaces = _replaces(replaced_by, pinned, day, applies, lambda _: True, set())
            if spans and spans[-1][1] == day and spans[-1][2] == replaces:
                spans[-1] = (spans[-1][0], end, replaces)
            else:
                spans.append((day, end, replaces))
        return spans

    def facts(
        self, subject: str | None, valid_at: dt.date, *, readable: Callable[[Locator], bool] | None,
        index_build: str,
    ) -> Facts:
        """The facts of ``subject`` (every subject when None) on ``valid_at``; ``readable``
        None: the asker may read every revision (else asked of each fact and what it replaces)."""
        return facts_from_tables(self._subject, sorted(self.rows), subject, valid_at, readable=readable,
                                 index_build=index_build)


def facts_from_tables(
    table_of: Callable[[str], tuple[Any, Any, list[Fact], list[str]] | None], subjects: Sequence[str],
    subject: str | None, valid_at: dt.date, *, readable: Callable[[Locator], bool] | None, index_build: str,
) -> Facts:
    """The facts of ``subject`` (every one of ``subjects`` when None) on ``valid_at``, from
    subject tables (``FactTable``'s, or the same read from the build's file,
    ``engine.fact_tables``): one answer whichever holds them."""
    import numpy as np

    day = valid_at.toordinal()
    found: list[Fact] = []
    withheld: set[str] = set()
    # each fact a dozen objects, none in a cycle, and all kept: the collections their allocation set
    # off walked every one again and again (2.8 of a 5.0 s answer of 88,214 facts at the million)
    with collector_paused():
        for name in ([subject] if subject is not None else subjects):
            table = table_of(name)
            if table is None:
                continue
            starts, ends, facts, docs = table
            for i in np.flatnonzero((starts <= day) & (day < ends)).tolist():
                fact = facts[i]
                if readable is not None and not readable(fact.resolved):
                    withheld.add(docs[i])
                    continue
                if readable is not None and fact.replaces:
                    kept = tuple(r for r in fact.replaces if readable(r))
                    if len(kept) != len(fact.replaces):
                        withheld.update(r.doc for r in fact.replaces if r not in kept)
                        fact = fact.model_copy(update={"replaces": kept})
                found.append(fact)
    return Facts.model_construct(facts=tuple(found), subject=subject, valid_at=valid_at, known_at=None,
                                 index_build=index_build, withheld=tuple(sorted(withheld)))
