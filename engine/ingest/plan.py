"""What an ingest must do: which files to parse, which revisions leave the graph, by content hash.

Decided before anything is staged, from the graph's record of each source file (its revision
and content hash) and the files as the reader finds them now.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from inforce.ontology import Manifest
from inforce.rules import RuleSet

from ..store import GraphStore

__all__ = ["IngestPlan", "plan_ingest"]


@dataclass(frozen=True)
class IngestPlan:
    """The files to parse (changed, new, or read again) and the revisions that leave the graph."""

    #: the configuration (parser, rule packs, manifest) changed: everything is parsed and derived again
    rebuild: bool
    #: source names to parse, in order: changed and new files, then the addenda read again
    to_parse: list[str]
    #: unchanged files parsed again only for their derivation
    rereading: set[str]
    #: revision uids to remove: their file is gone or is parsed again
    gone: list[str]
    #: files neither changed nor new
    unchanged: int
    #: source name → (revision uid, content hash), as the graph recorded them
    previous: Mapping[str, tuple[str, str]]
    #: the review file differs from the one the graph was built under
    reviews_changed: bool = False

    @property
    def nothing_to_do(self) -> bool:
        return not (self.to_parse or self.gone or self.rebuild or self.reviews_changed)


def plan_ingest(
    store: GraphStore,
    files: list[str],
    content_hash: Callable[[str], str],
    *,
    manifest: Manifest,
    rules: RuleSet,
    configuration: str,
    reviews: str = "",
    reviewed: Collection[str] = (),
) -> IngestPlan:
    """What to parse and remove so the graph matches ``files``.

    1. A change of parser, manifest or rule packs (``configuration``; the pack hashes the
       graph records, without which the engine refuses to answer) parses everything.
    2. Otherwise a file is parsed when the graph lacks it or its content hash differs; only a
       file the graph already holds needs hashing (a new one is hashed by its parse).
    3. When anything changed and a supersession rule derives edges from some kinds of
       document, the unchanged documents of those kinds are read again: what an addendum's
       words derive depends on the rest of the corpus (which document carries a section or
       sheet, what a paragraph is named), so no edge stays derived from a corpus gone by.
    4. When an Akoma Ntoso file (``.xml``) is parsed or leaves, the unchanged Akoma Ntoso acts
       are read again: which of an act's modifications link, and whether an expression of the
       act it amends already holds a change (``Supersedes.consolidated``: named, not marked),
       depend on the acts and expressions held, so an ingest adding an expression answers as
       one from nothing would.
    5. When the review file (``reviews``, its hash) differs from the graph's, the documents
       whose items it accepts (``reviewed``, document ids) and those owning an edge of an
       earlier review are read again, so each accepted entry is an edge and no other is.
    6. A revision leaves the graph when its file is gone or is parsed again.
    """
    previous = store.source_hashes()
    packs = {loaded.name: loaded.content_hash for loaded in rules.packs}
    rebuild = (store.configuration_id() != configuration or store.manifest() != manifest
               or store.rule_pack_hashes() != packs)
    current = set(files)
    to_parse = [name for name in files
                if rebuild or name not in previous or previous[name][1] != content_hash(name)]
    changed_files = len(to_parse)
    deriving_kinds = {kind for rule in rules.supersession for kind in rule.document_kinds}
    rereading: set[str] = set()
    if deriving_kinds and (to_parse or any(name not in current for name in previous)):
        changing = set(to_parse)
        rereading = {doc.source.file for doc in store.documents()
                     if doc.kind in deriving_kinds and doc.source.file in current
                     and doc.source.file not in changing}
        to_parse += sorted(rereading)
    if any(_is_act(name) for name in to_parse) or any(_is_act(name) and name not in current for name in previous):
        parsing = set(to_parse)
        acts = {doc.source.file for doc in store.documents()
                if doc.source.format == "akoma_ntoso" and doc.source.file in current
                and doc.source.file not in parsing}
        rereading |= acts
        to_parse += sorted(acts)
    reviews_changed = not rebuild and store.reviews_digest() != reviews
    if reviews_changed:
        owners = set(reviewed) | {edge.source.doc for edge in store.supersedes() if edge.origin == "review"}
        parsing = set(to_parse)
        again = {doc.source.file for doc in store.documents()
                 if doc.id in owners and doc.source.file in current and doc.source.file not in parsing}
        rereading |= again
        to_parse += sorted(again)
    parsing = set(to_parse)
    gone = [uid for name, (uid, _) in previous.items() if name not in current or name in parsing]
    return IngestPlan(rebuild=rebuild, to_parse=to_parse, rereading=rereading, gone=gone,
                      unchanged=len(files) - changed_files, previous=previous, reviews_changed=reviews_changed)


def _is_act(name: str) -> bool:
    """Whether a source is an Akoma Ntoso act (the one XML format the project reads)."""
    return name.lower().endswith(".xml")
