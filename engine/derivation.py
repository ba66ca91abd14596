"""Deriving what wording implies: supersedes edges from addenda, qualifier cross-references,
and the sections a new revision changed.

Patterns come from rule packs (``supersession`` and ``qualifier`` rules); every derived edge
carries ``origin: rule:<ID>`` so an answer can say which rule read it out of which words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from pydantic import BaseModel, ConfigDict

from inforce.ontology import Document, Locator, Provision, Supersedes
from inforce.rules import (
    QualifierRule,
    RuleSet,
    SupersessionRule,
    compile_wording,
    normalize_path,
    normalize_section_number,
)

__all__ = [
    "DerivationResult",
    "QualifierLink",
    "SectionDirectory",
    "derive_changed",
    "derive_supersedes",
    "find_qualifiers",
    "make_deriver",
]

_DIGITS = re.compile(r"(?<!\d)(\d{2})\s?(\d{2})\s?(\d{2})(?!\d)")


@dataclass
class SectionDirectory:
    """Which document carries each CSI section number (``033000`` → ``SPEC-033000``)."""

    by_number: dict[str, list[tuple[str, str]]] = field(default_factory=dict)  # number → [(doc id, kind)]

    @classmethod
    def from_documents(cls, documents: Iterable[Document]) -> SectionDirectory:
        directory = cls()
        for document in documents:
            directory.add(document)
        return directory

    def add(self, document: Document) -> None:
        """Index a document under every CSI number its id, title or section numbers carry."""
        numbers = [getattr(p, "number", None) or "" for p in document.provisions]
        self.add_entry(document.id, document.kind, document.title, *numbers)

    def add_entry(self, doc_id: str, kind: str, *texts: str) -> None:
        """Index a document known only by its metadata (front matter read before parsing)."""
        numbers = {"".join(m.groups()) for text in (doc_id, *texts) for m in _DIGITS.finditer(text or "")}
        for number in numbers:
            entry = (doc_id, kind)
            if entry not in self.by_number.setdefault(number, []):
                self.by_number[number].append(entry)

    def lookup(self, number: str, kinds: Sequence[str]) -> str | None:
        """The one document of ``kinds`` carrying ``number``; None when none, or more than one, does."""
        found = sorted({doc for doc, kind in self.by_number.get(number, ()) if kind in kinds})
        return found[0] if len(found) == 1 else None


class DerivationResult(BaseModel):
    """Edges a rule read out of a document's wording, and the references it could not place."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    edges: tuple[Supersedes, ...] = ()
    unresolved: tuple[str, ...] = ()


def _innermost(document: Document, hits: list[tuple[Provision, str, tuple]]) -> list[tuple[Provision, str, tuple]]:
    """Keep, per target, the deepest provision whose text holds the words (texts include descendants)."""
    best: dict[str, tuple[Provision, str, tuple]] = {}
    for provision, target, extra in hits:
        current = best.get(target)
        if current is None or provision.path.count(".") > current[0].path.count("."):
            best[target] = (provision, target, extra)
    return list(best.values())


def derive_supersedes(
    document: Document, rules: Sequence[SupersessionRule] | RuleSet, *,
    directory: SectionDirectory | None = None, has_target: Callable[[Locator], bool] | None = None,
) -> DerivationResult:
    """The supersedes edges ``document``'s wording implies under the supersession rules.

    An edge the document already declares (same target) is not derived again. A named
    section that no document carries, or a paragraph its document does not have
    (``has_target``), is reported in ``unresolved`` rather than turned into a broken edge.
    """
    active = rules.supersession if isinstance(rules, RuleSet) else list(rules)
    declared = {edge.target.unpinned().format() for edge in document.supersedes}
    hits: list[tuple[Provision, str, tuple]] = []
    # a section nobody carries, noted once per occurrence of the words: from the innermost
    # provision holding them, not again from each enclosing one (texts include descendants)
    unplaced: dict[tuple[str, int], tuple[Provision, str]] = {}
    for rule in active:
        if document.kind not in rule.document_kinds:
            continue
        required = ("paragraph", "section") if not rule.target_document or "{section}" in rule.target_document else ("paragraph",)
        compiled = [(compile_wording(p, required), p.scope) for p in rule.patterns]
        for provision in document.provisions:
            seen: set[str] = set()
            for pattern, scope in compiled:
                for match in pattern.finditer(provision.text):
                    groups = match.groupdict()
                    number = normalize_section_number(groups.get("section") or "")
                    target_doc = _target_document(rule, number, directory)
                    path = normalize_path(groups["paragraph"])
                    if target_doc is None:
                        key = (rule.id, provision.span.start + match.start())
                        current = unplaced.get(key)
                        if current is None or provision.path.count(".") > current[0].path.count("."):
                            unplaced[key] = (provision, f"Section {groups.get('section')} is no document "
                                             f"of kind {', '.join(rule.target_kinds)}")
                        continue
                    target = f"{target_doc}#{path}"
                    if target in seen or target in declared:
                        continue
                    seen.add(target)
                    hits.append((provision, target, (scope, rule.id)))
    unresolved = [f"{document.id}#{provision.path}: {note}" for provision, note in unplaced.values()]
    edges = []
    for provision, target, (scope, rule_id) in _innermost(document, hits):
        locator = Locator.parse(target)
        if has_target is not None and not has_target(locator):
            unresolved.append(f"{document.id}#{provision.path}: {target} does not exist")
            continue
        edges.append(Supersedes(
            source=document.locator, target=locator, scope=scope,
            effective=document.effective.from_, by=document.provision_locator(provision.path).unpinned(),
            origin=f"rule:{rule_id}",
        ))
    edges.sort(key=lambda e: (e.by.format() if e.by else "", e.target.format()))
    return DerivationResult(edges=tuple(edges), unresolved=tuple(dict.fromkeys(unresolved)))


def _target_document(rule: SupersessionRule, number: str, directory: SectionDirectory | None) -> str | None:
    if rule.target_document:
        return rule.target_document.replace("{section}", number)
    if directory is None or not number:
        return None
    return directory.lookup(number, rule.target_kinds)


def make_deriver(
    rules: RuleSet, documents: Iterable[Document] = (),
) -> Callable[[Document], list[Supersedes]]:
    """The per-document deriver ingest calls: section numbers resolved against ``documents``
    (every document of the corpus, metadata is enough) plus each document it is handed."""
    directory = SectionDirectory.from_documents(documents)

    def derive(document: Document) -> list[Supersedes]:
        directory.add(document)
        return list(derive_supersedes(document, rules, directory=directory).edges)

    return derive


class QualifierLink(BaseModel):
    """``provision`` is qualified by ``qualifier`` (the words that say so, and the rule that read them)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    provision: Locator
    qualifier: Locator
    rule: str
    words: str
    resolved: bool = True


def find_qualifiers(document: Document, rules: Sequence[QualifierRule] | RuleSet) -> list[QualifierLink]:
    """Every cross-reference in ``document`` that qualifies one of its provisions.

    The link starts at the innermost provision holding the words; a reference to a path the
    document does not have is kept with ``resolved: False`` (a broken qualifier is a finding).
    """
    active = rules.qualifiers if isinstance(rules, RuleSet) else list(rules)
    paths = {p.path for p in document.provisions}
    found: dict[tuple[int, str], tuple[Provision, QualifierLink]] = {}
    for rule in active:
        if rule.document_kinds is not None and document.kind not in rule.document_kinds:
            continue
        for pattern in (compile_wording(p, ("ref",)) for p in rule.patterns):
            for provision in document.provisions:
                for match in pattern.finditer(provision.text):
                    ref = normalize_path(match.group("ref"))
                    if ref == provision.path:
                        continue
                    link = QualifierLink(
                        provision=document.provision_locator(provision.path).unpinned(),
                        qualifier=Locator(doc=document.id, path=ref), rule=rule.id,
                        words=re.sub(r"\s+", " ", match.group(0)), resolved=ref in paths,
                    )
                    # one occurrence of the words, seen from each provision whose text holds it
                    key = (provision.span.start + match.start(), ref)
                    current = found.get(key)
                    if current is None or provision.path.count(".") > current[0].path.count("."):
                        found[key] = (provision, link)
    links = [link for _, link in found.values()]
    return sorted(links, key=lambda link: (link.provision.format(), link.qualifier.format()))


def derive_changed(previous: Document, current: Document) -> tuple[str, ...]:
    """The section paths ``current`` changed relative to ``previous`` (for a revision's ``changed``).

    A provision changed when its own words (its text less its children's) differ, or it was
    added or dropped; descendants of a reported path are left out (a path covers them).
    """
    old, new = _own_texts(previous), _own_texts(current)
    changed = sorted(path for path in old.keys() | new.keys() if old.get(path) != new.get(path))
    kept: list[str] = []
    for path in changed:
        if not any(path.startswith(parent + ".") for parent in kept):
            kept.append(path)
    return tuple(kept)


def _own_texts(document: Document) -> dict[str, str]:
    children: dict[str, list[str]] = {}
    for provision in document.provisions:
        if provision.parent is not None:
            children.setdefault(provision.parent, []).append(provision.text)
    own = {}
    for provision in document.provisions:
        text = provision.text
        for child in children.get(provision.path, ()):
            text = text.replace(child, "", 1)
        own[provision.path] = " ".join(text.split())
    return own
