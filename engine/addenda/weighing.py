"""The outcomes of an addendum's items weighed together (issue 21), after each item is read: an
attachment listed alone proposes only where no instruction changes that document; the innermost
item that places a change keeps it (its headings and lead-ins do not repeat it); a lead-in whose
entries carry the changes is not read again."""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator, Mapping, Sequence

from .actions import Action
from .context import _DOCUMENT_REVISED
from .extent import (
    _VERB_ALONE,
)
from .items import _DOCUMENT_LEAD, Item
from .items import _PART_WORD as _LEAD_PART
from .outcome import Reading, _Outcome


def _attachments_alone(outcomes: dict[str, _Outcome], reading: Reading) -> None:
    """A line of the list of attachments that says what it does to what it names ("Section 07 54
    23 (reissued in its entirety)") is the addendum's only instruction on that document when no
    other item names it: applied. Where another item changes the document, that item carries
    the change and the line stays a proposal."""
    elsewhere = {edge.target.doc for edge in reading.edges}
    for outcome in outcomes.values():
        if not outcome.listed and outcome.kind in ("applied", "proposed"):
            elsewhere |= {target.doc for target, _ in outcome.targets}
    for outcome in outcomes.values():
        if outcome.listed and outcome.kind == "proposed" and not {t.doc for t, _ in outcome.targets} & elsewhere:
            action = outcome.action
            outcome.kind, outcome.why = "applied", None
            outcome.action = Action(action.action, action.words, action.span, action.attachment)


def _changed_documents(outcomes: dict[str, _Outcome], reading: Reading) -> dict[str, set[str]]:
    """Item path → the documents that item changes (an applied or proposed reading, or an edge
    the pattern rules derived)."""
    changed: dict[str, set[str]] = {}
    for path, outcome in outcomes.items():
        if outcome.kind in ("applied", "proposed"):
            changed[path] = {t.doc for t, _ in outcome.targets}
    for edge in reading.edges:
        if edge.by is not None and edge.by.path is not None:
            changed.setdefault(edge.by.path, set()).add(edge.target.doc)
    return changed


def _innermost(outcomes: dict[str, _Outcome], applied_paths: set[str], reading: Reading,
               parents: Mapping[str, str | None] | None = None) -> None:
    """An item enclosing items that change the same document carries no change of its own:
    its sub-items do (a heading run on with a verb, "Section 03 30 00: Revise as follows:"). An
    item encloses those under its path; a caption with no verb of its own also encloses those the
    itemizer put under it whose own outline number gave them a path of their own ("Item No. 4 -
    Section ..." over "Article 2.2 HANDHOLES is deleted ...")."""
    changing_docs = _changed_documents(outcomes, reading)
    parents = parents or {}

    def under(other: str, path: str) -> bool:
        if other.startswith(path + "."):
            return True
        if outcomes[path].action.action is not None:
            return False
        seen, parent = set(), parents.get(other)
        while parent is not None and parent not in seen:
            if parent == path:
                return True
            seen.add(parent)
            parent = parents.get(parent)
        return False

    ordered = sorted(changing_docs)  # (issue 23) the paths under one found by bisection, not by a scan of all

    def beneath(path: str) -> Iterator[str]:
        if outcomes[path].action.action is None:  # (a caption: the itemizer's parents are walked too)
            yield from (other for other in changing_docs if under(other, path))
            return
        prefix = path + "."
        at = bisect_left(ordered, prefix)
        while at < len(ordered) and ordered[at].startswith(prefix):
            yield ordered[at]
            at += 1

    for path, outcome in outcomes.items():
        if outcome.kind not in ("applied", "proposed"):
            continue
        docs = {t.doc for t, _ in outcome.targets}
        inner = set().union(*(changing_docs[other] for other in beneath(path)))
        if docs & inner:
            outcome.kind = "nothing"


def _lead_ins(outcomes: dict[str, _Outcome], items: Sequence[Item], reading: Reading) -> None:
    """A paragraph that only leads in to what follows ("SECTION 102 ... is amended as follows:")
    changes its document through the items after it: quiet when one of them changes that
    document, else a proposal (what it changes no item says: never applied)."""
    changed = _changed_documents(outcomes, reading)
    for index, item in enumerate(items):
        outcome = outcomes.get(item.path)
        if outcome is None or outcome.kind not in ("applied", "proposed") or any(
                t.path is not None for t, _ in outcome.targets):
            continue
        # "Replace:" alone on a line under an item's caption ("Item No. 3 - Section 12 93 00 -
        # Title"): the verb of the words below it, which carry the change
        alone = item.kind == "heading" and bool(_VERB_ALONE.fullmatch(item.text.strip()))
        # ("Section 21 13 13 Sprinklers has been revised to:" heading its paragraphs' lines: the same)
        led = _DOCUMENT_LEAD.search(item.text.rstrip()) or (
            item.kind == "heading" and _DOCUMENT_REVISED.fullmatch(item.text.strip(" \t*_")))
        if not alone and (outcome.action.action != "amend" or not led
                          or _LEAD_PART.search(item.text)):
            continue
        docs = {t.doc for t, _ in outcome.targets}
        after: set[str] = set()
        for later in items[index + 1:]:
            if later.kind == "heading" and later.parent == item.parent:
                break
            if alone and not later.heading_context.rstrip().endswith(item.text.strip()):
                break  # past the words the verb heads
            after |= changed.get(later.path, set())
        if docs <= after:
            outcome.kind = "nothing"
        else:
            outcome.kind, outcome.why = "proposed", ("it leads in to changes (\"as follows\") that no item after it "
                                                     "reads: what it changes is for a person to confirm")
