"""The quantities read but bound to no subject: counted by dimension, the first few listed.

A quantity no subject rule bound is stored all the same, but no sweep, ``facts`` or claim
check compares it: the project is blind to it. An ingest therefore says how many of what
it read are unbound, by dimension, and lists the first ``LISTED`` where they are written, so a
document controller sees what the vocabulary misses (a drawing note in shorthand, a
subject the packs lack) without drowning in the durations, sums and counts a specification
is full of: the dimensions some subject of the project's vocabulary has come first, in the
count and in the list.

A quantity's dimension is named from its unit as the binder keys it
(``subjects.mention_key_of``): a dimensionality, ``percent``, ``currency`` or
``dimensionless``; a number written without a unit is ``no unit`` and never comes first.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from inforce.ontology import Document, Quantity, UnboundQuantity, UnboundReport
from inforce.rules import SubjectVocabulary

from ..access import AccessGate
from .subjects import mention_key_of, subject_dimension
from .units import UnitTable, dimension_of

__all__ = [
    "LISTED", "NO_UNIT", "UnboundCollector", "dimension_name", "quantity_key", "unbound_counts", "vocabulary_keys",
]

#: How many unbound quantities an ingest lists; the rest are counted.
LISTED = 20

#: The key of a number written without a unit.
NO_UNIT = "no unit"

#: How many words of the quantity's line are shown on each side of it.
_CONTEXT_WORDS = 4
#: how far either side of the figure the context words are looked for: a line can be a
#: million characters long, and each figure on it must not cost a scan of the whole line
_CONTEXT_REACH = 64 * _CONTEXT_WORDS

_WORD = re.compile(r"\S+")

#: A person's name for the dimension keys the stock units have (any other key is shown as pint
#: writes it, ``[mass] / [length] ** 2``).
_NAMES: Mapping[str, str] = {
    "[mass] / [length] / [time] ** 2": "pressure",
    "[length]": "length",
    "[length] ** 2": "area",
    "[length] ** 3": "volume",
    "[time]": "duration",
    "[mass]": "mass",
    "[temperature]": "temperature",
    "percent": "percent",
    "dimensionless": "ratio",
    "currency": "money",
    "[mass] * [length] / [time] ** 2": "force",
    "[mass] / [time] ** 2": "force per length",
    "[mass] / [length] ** 3": "density",
    "[mass] / [length] ** 2": "mass per area",
    "[length] / [time]": "speed",
    "1 / [time]": "rate",
    "[mass] / [time]": "mass per time",
    "[length] ** 3 / [time]": "flow",
    "[time] / [length]": "permeance",
    "[bar_diameter]": "bar diameters",
    "[mass] / [length] ** 2 / [time]": "mass flux",
    "[biological_activity]": "activity",
    NO_UNIT: NO_UNIT,
}


def dimension_name(key: str) -> str:
    """The name a report shows for a dimension key (``pressure`` for pint's dimensionality of
    stress)."""
    return _NAMES.get(key, key)


def quantity_key(unit: str | None, normalized_unit: str | None, units: UnitTable) -> str:
    """A stored quantity's dimension key, in the binder's terms (``subjects.subject_dimension``),
    from its unit as written and its canonical unit; ``NO_UNIT`` for a bare number."""
    if not unit:
        return NO_UNIT
    if normalized_unit is None:  # a unit pint does not know: named as written
        return unit
    return mention_key_of(units.alias(unit) or normalized_unit, dimension_of(normalized_unit))


def vocabulary_keys(vocabulary: SubjectVocabulary, units: UnitTable) -> set[str]:
    """The dimension keys some subject of ``vocabulary`` has (``subjects.subject_dimension``)."""
    return {subject_dimension(rule, units) for rule in vocabulary.subjects}


def ordered_counts(counts: Mapping[str, int], vocabulary: Collection[str]) -> dict[str, int]:
    """Counts by dimension key → by name: the vocabulary's dimensions first, then the others,
    each most first (then by name), so the same counts always print in the same order."""
    def order(item: tuple[str, int]) -> tuple[bool, int, str]:
        key, count = item
        return (key == NO_UNIT or key not in vocabulary, -count, dimension_name(key))

    return {dimension_name(key): count for key, count in sorted(counts.items(), key=order)}


def unbound_counts(rows: Iterable[tuple[str | None, str | None, int]], units: UnitTable,
                   vocabulary: Collection[str] = ()) -> dict[str, int]:
    """``(unit, canonical unit, how many)`` rows of stored unbound quantities, counted by
    dimension name (``ordered_counts``): what ``stats`` shows."""
    counts: Counter[str] = Counter()
    for unit, normalized, count in rows:
        counts[quantity_key(unit, normalized, units)] += int(count)
    return ordered_counts(counts, vocabulary)


#: (file, document uid, offset in its text layer, provision path): the order items are listed in.
_Place = tuple[str, str, int, str]

#: What finds the file lines of places in a document: ``ProjectFiles.lines_at``.
LinesAt = Callable[[Document, Sequence[tuple[str, int]]], Sequence[int | None]]


@dataclass
class _Kept:
    place: _Place
    item: UnboundQuantity


@dataclass
class _Share:
    """The unbound quantities of the revisions that have one access list: counted by dimension
    key, the first of each group (a vocabulary dimension, or another) kept, and the documents."""

    counts: Counter[str] = field(default_factory=Counter)
    kept: tuple[list[_Kept], list[_Kept]] = field(default_factory=lambda: ([], []))
    documents: set[str] = field(default_factory=set)


class UnboundCollector:
    """An ingest's tally of the unbound quantities of the documents it parses: every one
    counted by dimension; only those that may still be among the first ``LISTED`` of their
    group (a vocabulary dimension, or another) kept, located and given their context. Each
    access list's revisions are tallied apart, so the report an asker reads (``report``)
    counts and lists only the revisions they may read."""

    def __init__(self, units: UnitTable, vocabulary: Collection[str], lines_at: LinesAt) -> None:
        self.units, self.vocabulary, self.lines_at = units, frozenset(vocabulary), lines_at
        self._keys: dict[tuple[str | None, str | None], str] = {}
        self._shares: dict[tuple[str, ...] | None, _Share] = {}  # by the revisions' access list

    def _key(self, quantity: Quantity) -> str:
        normalized = quantity.normalized.unit if quantity.normalized is not None else None
        found = self._keys.get((quantity.unit, normalized))
        if found is None:
            found = self._keys[(quantity.unit, normalized)] = quantity_key(quantity.unit, normalized, self.units)
        return found

    def add(self, document: Document, quantities: Sequence[Quantity],
            read_in: Mapping[tuple[str, str, str], Sequence[tuple[int, int]]] | None = None) -> None:
        """Count ``document``'s unbound quantities, keeping those that may be listed. A figure
        ``read_in`` spans (by document, revision and path: an amending item's new figures bound
        in its target's words, ``Snapshot.read_in_spans``) is bound after all: not counted."""
        access = tuple(sorted(document.access)) if document.access is not None else None
        share = self._shares.get(access)
        if share is None:
            share = self._shares[access] = _Share()
        share.documents.add(document.id)
        entering: list[tuple[int, _Place, Quantity, str]] = []
        file = document.source.file
        for quantity in quantities:
            if quantity.subject is not None or (read_in and _read_in(document, quantity, read_in)):
                continue
            key = self._key(quantity)
            share.counts[key] += 1
            group = 0 if key != NO_UNIT and key in self.vocabulary else 1
            kept = share.kept[group]
            path = quantity.locator.path or "" if quantity.locator is not None else ""
            place = (file, document.uid, quantity.span.start if quantity.span is not None else 0, path)
            if len(kept) < LISTED or place < kept[-1].place:
                entering.append((group, place, quantity, key))
        if not entering:
            return
        entering.sort(key=lambda entry: entry[1])
        entering = [entry for group in (0, 1) for entry in [e for e in entering if e[0] == group][:LISTED]]
        lines = self.lines_at(document, [(place[3], place[2]) for _, place, _, _ in entering])
        for (group, place, quantity, key), line in zip(entering, lines, strict=True):
            kept = share.kept[group]
            kept.append(_Kept(place, _item(document, quantity, key, line)))
            kept.sort(key=lambda entry: entry.place)
            del kept[LISTED:]

    def report(self, groups: Iterable[str] | None = None) -> UnboundReport:
        """The tally: the count by dimension and the first ``LISTED`` items. ``groups``: the
        asker's (an admin reads what its groups read): only the revisions they may read (the
        access gate, rule 1 of ``engine.access``) are counted and listed, and the documents of
        the others named in ``withheld`` — whether those hold unbound quantities or not, so
        neither a count nor that line tells anything of their words. None: every revision
        (whoever holds the files)."""
        shares = list(self._shares.items())
        if groups is None:
            readable = [True] * len(shares)
        else:
            gate = AccessGate([(str(n), str(n), access) for n, (access, _) in enumerate(shares)])
            readable = [bool(may) for may in gate.readable(tuple(groups))]
        counts: Counter[str] = Counter()
        kept: tuple[list[_Kept], list[_Kept]] = ([], [])
        withheld: set[str] = set()
        for (_, share), may in zip(shares, readable, strict=True):
            if not may:
                withheld |= share.documents
                continue
            counts.update(share.counts)
            for group in (0, 1):
                kept[group].extend(share.kept[group])
        total = sum(counts.values())
        items = [entry.item for group in kept for entry in sorted(group, key=lambda e: e.place)[:LISTED]][:LISTED]
        return UnboundReport(
            total=total, by_dimension=ordered_counts(counts, self.vocabulary),
            vocabulary_dimensions=sorted({dimension_name(key) for key in self.vocabulary}),
            items=items, more=total - len(items), withheld=sorted(withheld),
        )


def _read_in(document: Document, quantity: Quantity,
             read_in: Mapping[tuple[str, str, str], Sequence[tuple[int, int]]]) -> bool:
    """Whether ``quantity`` overlaps a figure read in another revision's words."""
    if quantity.locator is None or quantity.locator.path is None or quantity.span is None:
        return False
    spans = read_in.get((document.id, document.revision, quantity.locator.path), ())
    return any(a < quantity.span.end and quantity.span.start < b for a, b in spans)


def _item(document: Document, quantity: Quantity, key: str, line: int | None) -> UnboundQuantity:
    locator = quantity.locator or document.locator
    return UnboundQuantity(file=document.source.file, line=line, locator=str(locator), text=quantity.text,
                           context=_context(document.text_layer, quantity), dimension=dimension_name(key))


def _context(layer: str, quantity: Quantity) -> str:
    """A few words either side of the quantity on its line of the text layer (its own words
    alone where it is not placed there), on one line (a report escapes them as it prints)."""
    span = quantity.span
    if span is None or not layer or span.end > len(layer):
        return " ".join(quantity.text.split())
    start = layer.rfind("\n", 0, span.start) + 1
    end = layer.find("\n", span.end)
    end = len(layer) if end < 0 else end
    low, high = max(start, span.start - _CONTEXT_REACH), min(end, span.end + _CONTEXT_REACH)
    before = [m.start() for m in _WORD.finditer(layer, low, span.start)]
    after = [m.end() for m in _WORD.finditer(layer, span.end, high)]
    a = before[-_CONTEXT_WORDS] if len(before) >= _CONTEXT_WORDS else low
    b = after[_CONTEXT_WORDS - 1] if len(after) >= _CONTEXT_WORDS else high
    words = " ".join(layer[a:b].split())
    return f"{'... ' if a > start else ''}{words}{' ...' if b < end else ''}"
