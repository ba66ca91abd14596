"""Documents for the store tests: every field of the ontology filled, awkward text included."""

from __future__ import annotations

import datetime as dt
import hashlib
import zlib
from collections.abc import Iterable
from pathlib import Path

from inforce.ontology import (
    Callout,
    CharSpan,
    Document,
    EffectiveInterval,
    Locator,
    Manifest,
    Section,
    SourceRef,
    Supersedes,
    TableRow,
)

__all__ = ["MANIFEST", "ingest_documents", "make_document", "sentence"]

MANIFEST = Manifest(project="store-tests", facets=("market",), rules=({"stock": "precedence/aia-style", "params": {"source": "Art. 1.2"}},))

#: Filler words no test searches for.
_WORDS = (
    "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november"
    " oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu"
).split()


def sentence(seed: int, words: int = 12) -> str:
    return " ".join(_WORDS[(seed * 7 + i * 3 + i * i) % len(_WORDS)] for i in range(words))


def make_document(
    doc: str,
    rev: str = "0",
    *,
    sections: int = 4,
    rows: int = 2,
    callouts: int = 1,
    seq: int = 0,
    start: dt.date = dt.date(2026, 3, 2),
    supersedes: tuple[Supersedes, ...] = (),
    texts: dict[str, str] | None = None,
    source: str | None = None,
) -> Document:
    """A revision with ``sections`` numbered sections (every other one with two children),
    a table of ``rows`` rows and ``callouts`` callouts; ``texts`` overrides texts by path."""
    texts = texts or {}
    salt = zlib.crc32(f"{doc}@{rev}".encode()) % 1000  # each revision's filler text its own
    layer: list[str] = []
    provisions = []
    offset = 0

    def span(text: str, page: int | None) -> CharSpan:
        nonlocal offset
        begin = offset
        layer.append(text + "\n")
        offset += len(text) + 1
        return CharSpan(start=begin, end=begin + len(text), page_start=page, page_end=page)

    for n in range(1, sections + 1):
        path = str(n)
        text = texts.get(path, f"{n} HEADING {n}\n{sentence(n + salt)} — “quoted”, commas, and a \\ backslash")
        provisions.append(Section(path=path, number=path, heading=f"HEADING {n}", depth=0,
                                  span=span(text, n if n % 2 else None), text=text))
        if n % 2:
            for letter in ("A", "B"):
                child = f"{n}.{letter}"
                child_text = texts.get(child, f"{letter}. {sentence(n + ord(letter) + salt)}.")
                provisions.append(Section(path=child, number=letter, heading="", parent=path, depth=1,
                                          span=span(child_text, None), text=child_text))
    header = ("Item, kind", 'Value "max"', "[unit]")
    for r in range(1, rows + 1):
        cells = (f"item {r}", "" if r == 2 else f"{r * 250}", "mg")
        text = " | ".join(header) + "\n" + " | ".join(cells)
        provisions.append(TableRow(path=f"table-1.row-{r}", parent="1", table=1, row=r, header=header,
                                   cells=cells, span=span(text, 2), header_span=CharSpan(start=0, end=5), text=text))
    for c in range(1, callouts + 1):
        text = texts.get(f"callout-{c}", f"CONCRETE f'c = {4000 + c} PSI @ 28 DAYS")
        provisions.append(Callout(path=f"callout-{c}", detail=f"{c}/S-501" if c % 2 else None,
                                  scale='3/4" = 1\'-0"' if c == 1 else None, span=span(text, None), text=text))
    file = source or f"documents/{doc.lower()}-{rev}.md"
    return Document(
        id=doc,
        kind="specification",
        title=f"Title of {doc} — rev {rev}",
        revision=rev,
        seq=seq,
        issued=start,
        effective=EffectiveInterval(from_=start, until=None if seq % 2 == 0 else start + dt.timedelta(days=400)),
        recorded=dt.datetime(start.year, start.month, start.day, 9, 30, 15, 123456, tzinfo=dt.UTC),
        changed=None if seq == 0 else ("2", "3.A"),
        access=None if seq % 2 == 0 else ("project-team", "qa"),
        applies_to={} if seq % 2 == 0 else {"market": ("UK", "IE"), "product": ("refurbished",)},
        supersedes=supersedes,
        sheet="S-101" if callouts else None,
        scale='1/8" = 1\'-0"' if callouts else None,
        source=SourceRef(file=file, line=1 if seq % 2 == 0 else None),
        content_hash=hashlib.sha256(f"{doc}@{rev}:{seq}".encode()).hexdigest(),
        text_layer="".join(layer),
        provisions=tuple(provisions),
    )


def declared_edge(source: str, target: str, *, by: str | None = None, scope: str = "full",
                  effective: dt.date = dt.date(2026, 4, 10), line: int | None = 7) -> Supersedes:
    return Supersedes(source=Locator.parse(source), target=Locator.parse(target), scope=scope,
                      effective=effective, by=Locator.parse(by) if by else None, line=line)


def ingest_documents(root: Path, add: Iterable[Document] = (), remove: Iterable[str] = (), *,
                     config: str = "store-tests") -> None:
    """One ingest into the store at ``root`` (made when absent), through the store's own
    transaction: the revisions ``remove`` names taken out, then ``add`` put in, under the
    configuration id ``config`` (the build id follows it)."""
    from inforce.engine.store import GraphStore

    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, config) as tx:
        for uid in remove:
            tx.remove(uid)
        for document in add:
            tx.add(document)
        tx.commit()
