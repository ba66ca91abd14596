"""The one decision on each addendum item (issue 21): applied, proposed, not understood, skipped.

``read_addendum`` reads every item of an addendum (or change order, or any document a
supersession rule reads) in turn:

a. the rule's whole-sentence patterns (``targets`` × ``actions``, ``patterns``:
   ``engine.derivation.derive_supersedes``) read it → **applied**, as before;
b. else exactly one target resolved by number or outline path (``references``), and one
   action read unambiguously from the item's own instruction (``actions``: not quoted, not
   the question of a question-and-answer pair) → **applied**, the rule's id and the words
   read kept (a list of whole sections or sheets, each resolved by number, replaced or
   deleted by one instruction, applies to each);
c. else the item names a target it would change (a resolved or candidate target and a change
   verb, or a resolved target and no verb) → **proposed**, with its evidence, for a person to
   accept or reject (``inforce review``); never applied by itself;
d. else the item names something it cannot place → **not understood**, with why ("names
   Section 26 05 19, which the project does not hold");
e. items saying nothing changes, and items naming nothing, give nothing; items naming only
   sections of a division the rule skips (Division 00) are counted under the rule in
   ``skipped``, not listed.

When in doubt, it proposes: an applied edge must be right.

``readings_of`` recomputes the readings of every addendum in the current graph, so the
project's applied, proposed and not-understood items can be shown without ingesting again.

This module runs the steps in turn; each concern has its own module: ``outcome`` (the
``Reading`` and one item's outcome), ``context`` (what an item inherits: its headings, the
lead-in above it, where its own instruction starts), ``extent`` (how much of what it names an
item changes, and where), ``placing`` (whether its words place the target where an
instruction's are), ``instruction`` (an item cut into its instructions) and ``steps`` (the
reading of one instruction, step by step; its word tables in ``wording``, its readings of
particular forms in ``forms``), ``weighing`` (the outcomes weighed together),
``silent`` and ``net`` (nothing silent; the proposal net), ``gate`` (the certainty gate and the
guards).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import replace
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from inforce.ontology import (
    AddendaReadings,
    DerivedEdge,
    Document,
    Locator,
    NotUnderstoodItem,
    ProposalEvidence,
    ProposedEdge,
    Supersedes,
    UnsharedReading,
)
from inforce.rules import RuleSet, SupersessionRule, compile_layout

from ..derivation import (
    _NO_CHANGE,
    HELD_BACK,
    READER_NAMED,
    TAKES_BACK,
    TargetDirectory,
    _quoted_spans,
    derive_supersedes,
    designations_of,
    outline_names,
)
from .actions import vocabulary, words_of
from .context import _entry_under_lead, _items_of, _missed, _names_own, _notations_of, _read_text
from .gate import _certainty, _guards
from .instruction import _read_item
from .items import Item, act_articles, bounded_gaps
from .outcome import Lookup, Reading, _offsets, _Outcome, _reference_score, _verb, _words
from .references import Corpus, Reference, find_references, unheld_designation
from .silent import _changed_holder, _items_per_doc, _labelled_number, _labelled_unsaid
from .view import ReaderViews, gathered
from .weighing import _attachments_alone, _innermost, _lead_ins

if TYPE_CHECKING:
    from ..snapshot import Snapshot

__all__ = ["Lookup", "Reading", "read_addendum", "readings_of"]


_layout = lru_cache(maxsize=256)(compile_layout)  # a layout's text compiles once


def read_addendum(
    document: Document, rules: Sequence[SupersessionRule] | RuleSet, targets: Any, *,
    body_line: int | None = None, as_of: Any = None, embedder: Any = None,
    target_text: Callable[[Locator], str | None] | None = None,
) -> Reading:
    """The reading of ``document`` under the supersession rules (see the module's doc).

    ``targets`` is a ``Lookup`` (or anything with its attributes: ingest's ``Targets``);
    ``body_line`` the file line where the text layer starts (for each item's line). With an
    ``embedder`` (``engine.embedding.Embedder``) and ``target_text`` (a locator's text), each
    proposal's evidence carries the cosine of the item's and the target's text: shown to the
    reviewer, never used to decide.
    """
    active = [rule for rule in (rules.supersession if isinstance(rules, RuleSet) else list(rules))
              if document.kind in rule.document_kinds]
    reading = Reading()
    if not active:
        return reading
    document = bounded_gaps(document)  # (issue 23) a run of spaces is read as a gap of at most GAP_CAP
    file = document.source.file
    text_layer = document.text_layer
    # (issue 23) the breaks found once, each line looked up among them: counting the breaks before
    # every item's offset anew read the whole addendum again for each of its items
    breaks = [m.start() for m in re.finditer("\n", text_layer)]

    def line_of(offset: int) -> int | None:
        return None if body_line is None else body_line + bisect_left(breaks, offset)

    directory = targets.directory
    has_target = getattr(targets, "has_target", None)
    names = getattr(targets, "names", None)
    kinds = tuple(dict.fromkeys(kind for rule in active for kind in rule.target_kinds))
    vocabularies = [vocabulary(rule) for rule in active]
    corpus = Corpus(directory, kinds, paths=getattr(targets, "paths", None), names=names, has_target=has_target,
                    as_of=document.effective.from_ if as_of is None else as_of, text=text_layer,
                    title=document.title or "", designations=designations_of(active),
                    tender_words=words_of(vocabularies, "tender_words"),
                    by_changing=words_of(vocabularies, "by_changing"),
                    new_clause_nouns=words_of(vocabularies, "new_clause_nouns"),
                    clause_alone_nouns=words_of(vocabularies, "clause_alone_nouns"))
    notations: dict[str, list[re.Pattern[str]]] = {}
    for rule in active:
        for kind, compiled in _notations_of(rule).items():
            notations.setdefault(kind, []).extend(compiled)

    def references(words: str) -> list[str]:
        # what any reader of references reads in an item's words (the pack's notations, the engine's
        # own, a provision by any label word and number): an item held back that names one is reported
        found = [r.written for r in find_references(words, corpus, notations=notations, titles=False)]
        labelled = _labelled_number(words)
        return found or ([labelled.group(0)] if labelled is not None else [])

    derived = derive_supersedes(document, active, directory=directory, has_target=has_target, names=names,
                                references=references)
    reading.unresolved += derived.unresolved
    applied_paths = {edge.by.path for edge in derived.edges if edge.by is not None}
    offsets = _offsets(document)
    for edge, listed in zip(derived.edges, derived.derived, strict=True):
        item_offset = offsets.get(listed.by.path, 0)
        reading.edges.append(edge)
        reading.applied.append(listed.model_copy(update={"file": file, "line": line_of(item_offset)}))
    old_reasons = {missed.item.path: missed for missed in derived.not_understood}
    quiet = set(derived.quiet)

    skip = {division: rule.id for rule in reversed(active) for division in rule.skip_divisions}
    layouts = [_layout(layout) for rule in active for layout in rule.layouts]
    layouts += [pattern for _, pattern in act_articles(document, [layout for rule in active for layout in rule.layouts])]
    declared = {edge.target.unpinned().format() for edge in document.supersedes
                if not edge.origin.startswith("rule:") and edge.origin != "review"}
    first_rule = active[0].id

    items = _items_of(document, active)
    titled = next(((_skip_titles(rule.skip_titles), rule.id) for rule in active if rule.skip_titles), None)
    titled_paths: set[str] = set()  # items skipped as a Division 00 document's, named by title
    outcomes: dict[str, _Outcome] = {}
    held: list[NotUnderstoodItem] = []  # items held back that a reader of references alone names
    for item in items:
        path = item.path
        if path in applied_paths or path in quiet and path not in old_reasons and not _entry_under_lead(
                item, items, vocabularies):
            if path not in applied_paths and (rule := _skipped_division(item, skip)) is not None:
                # ("Document 00 41 13 Form of Tender, paragraph 1.2.A: Alternate No. 1 is withdrawn": words that
                # change nothing of the pack's, about a document its skip list leaves alone: skipped by that rule)
                reading.skipped[rule] = reading.skipped.get(rule, 0) + 1
            continue
        old = old_reasons.get(path)
        if old is not None and old.reason is not None and " is in Division " in old.reason and not _names_own(
                item, old.reason):
            # an addendum bound as a section of the bidding requirements ("SECTION 00 91 13 - ADDENDUM
            # NO. 3") heads each of its items with its own number: an item that does not name that
            # section itself is read for what it names (or the nearer heading it sits under)
            old = None
        if old is not None and old.reason is not None and " is in Division " in old.reason:
            reading.skipped[old.rule] = reading.skipped.get(old.rule, 0) + 1
            continue
        if old is not None and old.reason is not None and old.reason.startswith(HELD_BACK) and READER_NAMED in old.reason:
            # held back, named by a reader of references alone: the nets below read it first, as they did
            # before it was named, and it is reported only where they say nothing of it (never silent)
            held.append(_missed(item, old.rule, file, line_of, old.reason))
            continue
        if old is not None and old.reason is not None and (old.reason == _NO_CHANGE or old.reason.startswith((TAKES_BACK, HELD_BACK))):
            reading.not_understood.append(_missed(item, old.rule, file, line_of, old.reason))
            continue
        if titled is not None and _under_skipped_title(item, titled[0]):
            reading.skipped[titled[1]] = reading.skipped.get(titled[1], 0) + 1
            titled_paths.add(path)
            continue
        outcome = _read_item(item, corpus, vocabularies, notations, skip, first_rule, items, layouts)
        if outcome.kind == "nothing" and old is not None and not (item.kind == "heading" and old.reason is None):
            outcome = _Outcome("not_understood", rule=old.rule, why=old.reason or _UNPLACED)
        outcomes[path] = outcome
    _read_again_placed(outcomes, derived.edges, items, corpus, vocabularies, notations, skip, first_rule, layouts)
    _read_again_proposed(outcomes, derived.edges, items, corpus)
    _innermost(outcomes, applied_paths, reading, {item.path: item.parent for item in items})
    _lead_ins(outcomes, items, reading)
    _attachments_alone(outcomes, reading)

    by_path = {item.path: item for item in items}
    unplaced: list[NotUnderstoodItem] = []
    for path, outcome in outcomes.items():
        item = by_path[path]
        if outcome.kind in ("nothing", "quiet") and (rule := _skipped_division(item, skip)) is not None:
            # ("| 8 | Document 00 21 13 Instructions to Bidders, paragraph 1.2.A | ... | A second site tour will be
            # held ... |": an answer naming no change, about a document the skip list leaves alone: skipped by that
            # rule, as the item changing it is, never passed over uncounted; round 75)
            reading.skipped[rule] = reading.skipped.get(rule, 0) + 1
        if outcome.kind == "skipped":
            reading.skipped[outcome.rule] = reading.skipped.get(outcome.rule, 0) + 1
            # (its division read through its heading: "Section 1.4.B ..." under "Section 00 21 13
            # ... has been revised to:"; the nets, reading the item alone, leave it to the skip list)
            titled_paths.add(path)
        elif outcome.kind == "not_understood" and outcome.why == _UNPLACED:
            # named by the rule's patterns but read by none, and by no step: the nets below read it
            # first (as when the item is no provision of its own); reported only where they place nothing
            unplaced.append(_missed(item, outcome.rule, file, line_of, outcome.why))
        elif outcome.kind == "not_understood":
            reading.not_understood.append(_missed(item, outcome.rule, file, line_of, outcome.why))
        if outcome.also and outcome.kind in ("applied", "proposed"):
            reading.not_understood.append(_missed(item, outcome.rule, file, line_of, "; ".join(outcome.also)))
        if outcome.kind == "applied":
            for target, _ in outcome.targets:
                if target.format() in declared:
                    continue
                action = outcome.actions.get(target.format(), outcome.action)
                edge = Supersedes(source=document.locator, target=target, scope=action.scope,
                                  effective=document.effective.from_, by=item.locator, origin=f"rule:{outcome.rule}",
                                  successor=action.successor)
                reading.edges.append(edge)
                reading.applied.append(DerivedEdge(
                    by=item.locator, target=target, scope=edge.scope, rule=outcome.rule,
                    words=action.words, successor=edge.successor, file=file, line=line_of(item.offset)))
        elif outcome.kind == "proposed":
            for target, reference in outcome.targets:
                if target.format() in declared:
                    continue
                action = outcome.actions.get(target.format(), outcome.action)
                reading.proposed.append(ProposedEdge(
                    item=item.locator, target=target, scope=action.scope, successor=action.successor,
                    rule=outcome.rule, file=file, line=line_of(item.offset), words=_words(item.text),
                    evidence=ProposalEvidence(
                        reference=reference.written, resolved_by=reference.resolved_by or None,
                        reference_score=_reference_score(reference), action=_verb(action), change=action.action,
                        why=str(outcome.why))))
    _certainty(reading, items, corpus, vocabularies, notations, skip, document, file, line_of, first_rule)
    said = {e.by.path for e in reading.applied} | {p.item.path for p in reading.proposed} | {
        n.item.path for n in reading.not_understood}
    reading.not_understood += [missed for missed in unplaced if missed.item.path not in said]
    if titled_paths:  # (the nothing-silent nets leave them to the skip list, as Division 00 by number)
        reading.not_understood = [n for n in reading.not_understood if n.item.path not in titled_paths]
        reading.proposed = [p for p in reading.proposed if p.item.path not in titled_paths]
    _guards(reading, items, corpus, document, file, line_of, vocabularies, notations)  # last: whatever read an edge, its words must settle it
    _instruction_ahead_of_answer(reading, items, corpus, vocabularies, notations, skip, first_rule, layouts, file, line_of)
    if first_rule is not None:  # the last net: a change beside a provision named in any notation is never silent
        _labelled_unsaid(reading, document, items, vocabularies, corpus, skip, titled_paths, first_rule, file, line_of)
    said = {e.by.path for e in reading.applied} | {p.item.path for p in reading.proposed} | {
        n.item.path for n in reading.not_understood} | titled_paths
    reading.not_understood += [missed for missed in held if missed.item.path not in said]
    _without_contents(reading, items)
    if embedder is not None and target_text is not None and reading.proposed:
        # an embedder, or what loads one when first needed (ingest loads no model for an addendum
        # that proposes nothing)
        model = embedder if hasattr(embedder, "embed") else embedder()
        if model is not None:
            reading.proposed = _with_similarity(reading.proposed, by_path, model, target_text)
    order = {item.path: index for index, item in enumerate(items)}
    reading.applied.sort(key=lambda e: (e.by.format(), e.target.format()))
    reading.edges.sort(key=lambda e: (e.by.format() if e.by else "", e.target.format()))
    reading.proposed.sort(key=lambda p: (order.get(p.item.path or "", 0), p.target.format()))
    reading.not_understood.sort(key=lambda n: order.get(n.item.path or "", 0))
    return reading


#: A line of a list of contents: its entry, a leader (dots, an ellipsis, a tab), then the page or pages it is on
#: ("Amendment to Section IX Drawings: Sheets C-07 and C-12 ... 12 and 13", "Item 4 - Roof Drains ........ 7-8").
_CONTENTS_LINE = re.compile(r"[^\n]*\S(?:[ \t]*(?:\.[ \t]?){3,}|[ \t]*…+|\t+)[ \t]*\d{1,3}(?:[ \t]*(?:[-–,]|\w{1,3})[ \t]*\d{1,3})*"
                           r"[ \t]*")


def _without_contents(reading: Reading, items: Sequence[Item]) -> None:
    """No edge, proposal or report from an addendum's own list of contents: an item of two lines or more, each an
    entry with its leader and page ("Amendment to Section VIII Specifications: Item 105 ... 6"). The entries
    repeat the headings of the items the addendum sets out below, which are read themselves; the list names what
    they change and changes nothing."""
    contents = {item.path for item in items if len(lines := [line for line in item.text.split("\n") if line.strip()]) >= 2
                and all(_CONTENTS_LINE.fullmatch(line) for line in lines)}
    if not contents:
        return
    dropped = {(e.by.format(), e.target.format()) for e in reading.applied if e.by.path in contents}
    reading.applied = [e for e in reading.applied if e.by.path not in contents]
    reading.edges = [e for e in reading.edges if e.by is None or (e.by.format(), e.target.format()) not in dropped]
    reading.proposed = [p for p in reading.proposed if p.item.path not in contents]
    reading.not_understood = [n for n in reading.not_understood if n.item.path not in contents]


#: Why an item naming one clause of no named document, and nothing else, is reported (the clause named once, or
#: again in the same words: "names numeral 4.2, but no section it belongs to; names Numeral 4.2, but ..."; or a clause
#: and its point by its whole number written apart, which the reading joins into one: "names cláusula 5.ª, but no
#: section it belongs to; names o n.º 3, but ..."; never two clauses listed, "items 4.1 y 4.3", which are two).
#: The same clause may be said again under the label word the reading gives it ("names Bod 3.3, but no section it
#: belongs to; names Point 3.3, but ..."): its number the same, one word before it.
_NO_SECTION = re.compile(r"names (\S+(?: (\S+))?), but no section it belongs to(?:; names (?:(?i:\1)|[^\W\d_]+ \2|[^;]*?\s\d{1,3}), "
                         r"but no section it belongs to)*")


#: Why an item naming a part of the bidding documents that no document of the project is designated by is not
#: placed in another document holding its clause.
_UNHELD = "which no document of the project is: its clause is not placed in another document"


def _names_unheld(item: Item, corpus: Corpus, outcome: _Outcome,
                  notations: Mapping[str, Sequence[re.Pattern[str]]]) -> str | None:
    """The part of the bidding documents the project does not hold that ``item`` names (``unheld_designation``),
    where what ``outcome`` places are clauses of documents the item names in no other way (no section, sheet or
    title of its words is one of theirs: "Refer Section 07 46 00 (Siding), Part 3, Sub-section 3.2 B" names its
    section by number, a sheet by its own number): their clause of that number is not the one the item means."""
    targets = [target for target, _ in outcome.targets]
    if not targets or any(target.path is None for target in targets):
        return None
    docs = list(dict.fromkeys(target.doc for target in targets))
    unheld = unheld_designation(item.text, corpus, docs)
    if unheld is None or any(reference.kind in ("section", "sheet", "title") and reference.target is not None
                             and reference.target.doc in docs
                             for reference in find_references(item.text, corpus, notations=notations)):
        return None
    return unheld


def _row_names_other_document(item: Item, doc: str, items: Sequence[Item], placed_rows: frozenset[str],
                              corpus: Corpus, notations: Mapping[str, Sequence[re.Pattern[str]]]) -> str | None:
    """The cell of the table row ``item`` that, in the column where another row of its table placed in ``doc``
    (``placed_rows``: the paths of the rows whose edges were placed) names ``doc``, names something else: "Document A -
    Instructions to Tenderers" in the Document column whose "Document D - Scope of Works and Specification" names
    the project's specification in the rows below. The row changes the part of the tender documents its own cell
    names, which the project does not hold: its clause is not ``doc``'s clause of that number. None where the row
    is no table row, or its cell in every such column names ``doc`` too or is blank."""
    if item.kind != "table_row" or not item.cells:
        return None
    own = dict(item.cells)

    def names_doc(cell: str) -> bool:
        return any(reference.target is not None and reference.target.doc == doc and reference.kind in (
            "section", "sheet", "title") for reference in find_references(cell, corpus, notations=notations, cells=[cell]))

    for row in items:
        if row.kind != "table_row" or row.parent != item.parent or row.path == item.path or row.path not in placed_rows:
            continue
        for header, cell in row.cells:
            written = " ".join(own.get(header, "").split())
            if not header or not written or written == " ".join(cell.split()) or not names_doc(cell):
                continue
            if not names_doc(written):
                return written
    return None


def _read_again_placed(outcomes: dict[str, _Outcome], edges: Sequence[Supersedes], items: Sequence[Item], corpus: Corpus,
                       vocabularies: list, notations: Mapping[str, Sequence[re.Pattern[str]]], skip: Mapping[str, str],
                       rule: str, layouts: Sequence[re.Pattern[str]]) -> None:
    """Each item proposed in one clause of no named document ("Se elimina el numeral 4.2."), read once more knowing
    the documents whose clauses the addendum's other items changed, applied on their own words (``Corpus.placed``):
    where its clause's document is the one of them holding a clause so numbered, the item is applied as a clause
    of a document the addendum names is (``Steps._placed_alone``; round 73). Only an applied reading replaces the
    proposal; the documents are those of the first reading, so nothing a second reading applies widens them."""
    placed = frozenset(
        [edge.target.doc for edge in edges if edge.target.path is not None]
        + [target.doc for outcome in outcomes.values() if outcome.kind == "applied"
           for target, _ in outcome.targets if target.path is not None])
    again = [path for path, outcome in outcomes.items()
             if outcome.kind == "proposed" and len(outcome.targets) == 1 and outcome.targets[0][0].path is not None
             and outcome.targets[0][0].doc in placed and "but no section it belongs to" in str(outcome.why)
             # (one reported, several documents of the project holding its clause and no words of it ranking one
             # first: "El numeral 4.2 queda así: ..." answering a bidder; proposed below, round 76)
             or outcome.kind == "not_understood" and _NO_SECTION.fullmatch(str(outcome.why))]
    if not again:
        return
    by_path = {item.path: item for item in items}
    # (the rows whose edges were placed: a row of theirs names the document its column names, round 99)
    placed_rows = frozenset([edge.by.path for edge in edges if edge.by is not None and edge.by.path is not None]
                            + [p for p, outcome in outcomes.items() if outcome.kind == "applied"])
    corpus.placed = placed
    try:
        for path in again:
            before = outcomes[path]
            outcome = _read_item(by_path[path], corpus, vocabularies, notations, skip, rule, items, layouts)
            unheld = _names_unheld(by_path[path], corpus, outcome, notations) or next(
                (f"{cell} (its table's column naming {target.doc} in its other rows)" for target, _ in outcome.targets[:1]
                 if (cell := _row_names_other_document(by_path[path], target.doc, items, placed_rows, corpus, notations))
                 is not None), None)
            if unheld is not None:
                # ("Sección I, Instrucciones a los oferentes, numeral 1.2: se elimina." where the project holds no
                # Sección I: the numeral is that part's, never one of the documents the other items changed)
                if before.kind == "not_understood":
                    outcomes[path] = replace(before, why=f"{before.why}; names {unheld}, {_UNHELD}")
                continue
            if outcome.kind == "applied" and before.kind == "proposed":
                outcomes[path] = outcome
            elif before.kind == "not_understood" and outcome.kind in ("applied", "proposed") and outcome.targets:
                # (reported as several documents' clause, it is the one of them the addendum's other items changed:
                # likelier, never certain - nothing of the item's own says which, round 39 - so proposed only)
                held = ", ".join(dict.fromkeys(target.doc for target, _ in outcome.targets))
                outcomes[path] = replace(outcome, kind="proposed", why=(
                    f"{before.why}: {held}, of the documents the addendum's other items changed, alone holds it; "
                    "for a person to confirm"))
    finally:
        corpus.placed = frozenset()


def _read_again_proposed(outcomes: dict[str, _Outcome], edges: Sequence[Supersedes], items: Sequence[Item],
                         corpus: Corpus) -> None:
    """Each item still reported as one clause of no named document (``_NO_SECTION``) after ``_read_again_placed``,
    with a verb of change read: the clause proposed in the one document holding it among those the addendum's other
    items changed or are proposed to change ("Změna č. 1: V bodě 1.2 ..." proposed in the one holder of a 1.2, then
    "Změna č. 3: Bod 5.4 ..."; an answer "Angka 3.2 Spesifikasi Teknis diubah menjadi: ..." beside items changing
    that specification's other clauses), never applied: the document is a best guess (``_changed_holder``)."""
    again = [path for path, outcome in outcomes.items() if outcome.kind == "not_understood"
             and outcome.action.changes and _NO_SECTION.fullmatch(str(outcome.why))]
    if not again:
        return
    by_path = {item.path: item for item in items}
    changed = [(edge.by.path, edge.target, True) for edge in edges if edge.by is not None] + [
        (path, target, outcome.kind == "applied") for path, outcome in outcomes.items()
        if outcome.kind in ("applied", "proposed") for target, _ in outcome.targets]
    for path in again:
        before = outcomes[path]
        held = _changed_holder(str(before.why), by_path[path], before.action,
                               {target.doc for by, target, sure in changed if sure and by != path and target.path is not None},
                               _items_per_doc((by, target) for by, target, _ in changed if by != path), corpus)
        if held is None:
            continue
        target, action, written = held
        reference = Reference(kind="paragraph", written=written, target=target, span=(0, 0), resolved_by="outline")
        outcomes[path] = replace(before, kind="proposed", action=action, targets=[(target, reference)], why=(
            f"{before.why}: {target.doc}, of the documents the addendum's other items change, alone holds it; for a "
            "person to confirm"))


#: Why an item the rule's patterns name but no reading places is reported (after the nets, which may place it).
_UNPLACED = "its words read as a change, but nothing it names was placed"

#: Why the owner's change ahead of a question and answer in one item is proposed or reported.
_AHEAD = ("one item holding a change of the owner's own and, below it, a question and its answer (read apart, "
          "each names another change): for a person to confirm")


def _instruction_ahead_of_answer(reading: Reading, items: Sequence[Item], corpus: Corpus, vocabularies: list,
                                 notations: Mapping[str, Sequence[re.Pattern[str]]], skip: Mapping[str, str], rule: str,
                                 layouts: Sequence[re.Pattern[str]], file: str, line_of: Callable[[int], int | None]) -> None:
    """Nothing silent (issue 21, round 59): an item the itemizer left holding an owner's numbered change and,
    a paragraph below, a question and its answer (``Item.instruction``) is read a second way, each part
    apart: the change alone as an instruction, the question with its answer. What either changes that the
    item's own reading did not place is proposed (never applied: two readings of one item disagree), and a
    change read but not placed is reported; neither is dropped for the other."""
    for item in items:
        if item.instruction is None or item.answer is None:
            continue
        asked_at = item.instruction + len(item.text[item.instruction:]) - len(item.text[item.instruction:].lstrip())
        parts = (replace(item, text=item.text[:item.instruction], kind="section", answer=None, instruction=None),
                 replace(item, text=item.text[asked_at:], offset=item.offset + asked_at, answer=item.answer - asked_at,
                         instruction=None))
        for part in parts:
            outcome = _read_item(part, corpus, vocabularies, notations, skip, rule, items, layouts)
            placed = ({e.target.format() for e in reading.applied if e.by == item.locator}
                      | {p.target.format() for p in reading.proposed if p.item == item.locator})
            if outcome.kind in ("applied", "proposed"):
                for target, reference in outcome.targets:
                    if target.format() in placed:
                        continue
                    action = outcome.actions.get(target.format(), outcome.action)
                    reading.proposed.append(ProposedEdge(
                        item=item.locator, target=target, scope=action.scope, successor=action.successor, rule=rule,
                        file=file, line=line_of(part.offset), words=_words(part.text),
                        evidence=ProposalEvidence(
                            reference=reference.written, resolved_by=reference.resolved_by or None,
                            reference_score=_reference_score(reference), action=_verb(action), change=action.action,
                            why=_AHEAD)))
            elif outcome.kind == "not_understood" or outcome.action.changes:
                reason = outcome.why if outcome.kind == "not_understood" and outcome.why else "nothing it names was placed"
                reading.not_understood.append(_missed(part, outcome.rule or rule, file, line_of, f"{_AHEAD}; {reason}"))

#: A section or sheet named by number: an item naming one outside the skipped divisions is read.
_NUMBERED = re.compile(r"(?<![\w.-])(?:\d{2}\s?\d{2}\s?\d{2}|\d{5})(?![\w-])|(?<![\w-])(?-i:[A-Z]{1,3})-\d{1,4}(?![\w-])"
                       r"|\b(?:section|provision|specification)\s+\d{1,4}\b", re.IGNORECASE)


#: A CSI section number (six digits, spaced or not), its division first.
_CSI_NUMBER = re.compile(r"(?<![\w.-])(\d{2})\s?\d{2}\s?\d{2}(?![\w-])")


def _skipped_division(item: Item, skip: Mapping[str, str]) -> str | None:
    """The rule whose skip list leaves ``item`` alone where its own words (quotations aside) name, by number, a
    section of a division that rule skips ("Document 00 21 13 Instructions to Bidders") and no section or sheet
    by number outside the skipped divisions; else None."""
    read = _read_text(item.text, _quoted_spans(item.text))
    divisions = [m.group(1) for m in _CSI_NUMBER.finditer(read)]
    if not divisions or any(d not in skip for d in divisions) or _NUMBERED.search(_CSI_NUMBER.sub(" ", read)):
        return None
    return skip[divisions[0]]


_DRAWING_PART = re.compile(r"\b(?:notes?|keynotes?|details?|callouts?|sheets?|drawings?|plans?)\b", re.IGNORECASE)


@lru_cache(maxsize=32)
def _skip_titles(titles: tuple[str, ...]) -> re.Pattern[str]:
    words = "|".join(r"\s+".join(re.escape(word) for word in title.split()) for title in titles)
    return re.compile(rf"(?:(?:the|revised|amended)\s+)?(?:{words})\b", re.IGNORECASE)


def _under_skipped_title(item: Item, titles: re.Pattern[str]) -> bool:
    """Whether ``item`` changes a document of a skipped division named by its title alone (a rule's
    ``skip_titles``): its nearest heading is that title ("BID FORM", "PART 1 - CONDITIONS OF TENDER"),
    or its words open with it ("Instructions to Bidders, Article 3.4: ..."), and it names no section
    or sheet by number other than one of Division 00."""
    heading = next((line.strip(" \t*_#") for line in reversed(item.heading_context.splitlines()) if line.strip()), "")
    # (a heading with its number, "SECTION 00 41 13 BID FORM", is the division skip's to decide)
    named = titles.fullmatch(heading.rstrip(" .:")) is not None
    opening = re.match(r"[\s*_#]*(?:[\w]{1,3}[.)]\s+)?", item.text)
    named = named or titles.match(item.text, opening.end() if opening else 0) is not None
    # a drawing's part named ("Note 2 shall be ...") is no bid document's, whatever heading it sits under
    return (named and _DRAWING_PART.search(item.text) is None
            and all(re.sub(r"\s", "", n.group(0)).startswith("00") for n in _NUMBERED.finditer(item.text)))


def _with_similarity(proposed: list[ProposedEdge], items: Mapping[str, Item], embedder: Any,
                     target_text: Callable[[Locator], str | None]) -> list[ProposedEdge]:
    """Each proposal with the cosine of its item's words and its target's text (one batch)."""
    pairs = [(items[p.item.path or ""].text if (p.item.path or "") in items else p.words, target_text(p.target))
             for p in proposed]
    wanted = [i for i, (_, text) in enumerate(pairs) if text]
    if not wanted:
        return proposed
    vectors = embedder.embed([pairs[i][0] for i in wanted] + [str(pairs[i][1]) for i in wanted])
    out = list(proposed)
    for n, i in enumerate(wanted):
        a, b = vectors[n], vectors[len(wanted) + n]
        norm = (sum(x * x for x in a) ** 0.5) * (sum(x * x for x in b) ** 0.5)
        cosine = sum(x * y for x, y in zip(a, b, strict=True)) / norm if norm else 0.0
        out[i] = out[i].model_copy(update={"evidence": out[i].evidence.model_copy(
            update={"similarity": round(cosine, 3)})})
    return out


# --- the project's readings, as the graph holds them now -------------------------------------


def readings_of(snapshot: Snapshot, *, text_line: Callable[[Document], int | None] | None = None) -> AddendaReadings:
    """Every addendum's reading against the graph as it is now (all proposals; an edge a
    rule applied is in the graph with origin ``rule:...`` and counts as applied, not as
    declared; an edge a review decided counts as neither). ``text_line`` gives the file line
    a document's text layer starts on (the reader's ``ProjectFiles.text_line``)."""
    store = snapshot.store
    rules = snapshot.rules
    active = list(rules.supersession)
    if not active:
        return AddendaReadings()
    if text_line is None:
        return _with_files(snapshot)
    reading_kinds = {kind for rule in active for kind in rule.document_kinds}
    target_kinds = {kind for rule in active for kind in rule.target_kinds}
    metadata = store.documents()
    directory = TargetDirectory.of_store(store, metadata)
    newest: dict[str, tuple[int, Any, str]] = {}
    for meta in metadata:
        if meta.kind in target_kinds:
            key = (meta.effective.from_, meta.seq)
            if meta.id not in newest or key >= newest[meta.id][:2]:
                newest[meta.id] = (*key, meta.uid)  # type: ignore[assignment]
    outlines: dict[str, Document] = {}

    def outline(doc: str) -> Document | None:
        if doc not in newest:
            return None
        if doc not in outlines:
            outlines[doc] = store.document(newest[doc][2])
        return outlines[doc]

    def paths(doc: str) -> list[str]:
        document = outline(doc)
        return [p.path for p in document.provisions] if document is not None else []

    def names(doc: str) -> Mapping[str, str]:
        document = outline(doc)
        return outline_names(document) if document is not None else {}

    def has_target(locator: Locator) -> bool:
        return store.has_provision(locator.doc, locator.path)

    revisions: dict[str, tuple[Mapping[str, str], tuple[str, ...]]] = {}

    def revision(uid: str) -> tuple[Mapping[str, str], tuple[str, ...]]:
        if uid not in revisions:
            document = store.document(uid)
            revisions[uid] = (outline_names(document), tuple(p.path for p in document.provisions))
        return revisions[uid]

    # each addendum read against the revisions its readers share, as ingest read it (``view``)
    stored_numbers = cache(store.section_numbers)
    views = ReaderViews(Lookup(directory, has_target, names, paths), metadata, outline=revision,
                        numbers=lambda uid: stored_numbers().get(uid, ()))
    def each() -> Iterator[tuple[str, Any, UnsharedReading | None]]:
        for meta in metadata:
            if meta.kind not in reading_kinds:
                continue
            document = store.document(meta.uid)
            document = document.model_copy(update={"supersedes": tuple(
                edge for edge in document.supersedes if not edge.origin.startswith("rule:") and edge.origin != "review")})
            yield (meta.id, *views.read(document, lambda lookup, document=document: read_addendum(
                document, active, lookup, body_line=text_line(document) if text_line else None)))

    return gathered(each())


def _with_files(snapshot: Snapshot) -> AddendaReadings:
    """``readings_of`` with the installed reader's file lines (the reader opens the project's
    files; where it cannot, items are listed without lines)."""
    from ..ingest.reader import default_reader

    try:
        opened = default_reader().open(snapshot.root)
    except Exception:  # noqa: BLE001 - no reader, or a project it cannot open: lines left out
        return readings_of(snapshot, text_line=lambda document: None)
    with opened as files:
        return readings_of(snapshot, text_line=files.text_line)
