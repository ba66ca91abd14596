"""Checks across files: what no single document can tell about itself.

Duplicate revisions, a revision file without a ``revision`` label beside other revisions of
its document (the label is optional only for a never-revised one), revisions of one document that take effect on the same day without a
distinct ``seq`` (the tie-breaker), ``supersedes`` targets that no revision has, supersession
cycles, edges that take effect before their source document was issued, an edge whose
replacement is (inside) its own target, an edge a review accepted onto its item's own document,
and an edge a review accepted onto a document none of whose (named) revisions is in effect yet
on the edge's date. Each problem is an InputError at the file and line of the document (or edge) that causes
it, naming the other document involved; an edge a person accepted in ``reviews.yaml`` (origin
``review``) is reported at that file and the entry's line.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from inforce.ontology import Document, InputError, Locator, Supersedes

__all__ = ["check_corpus", "in_corpus"]


def check_corpus(
    documents: Iterable[Document], has_target: Callable[[Locator], bool], *, complete: bool = True,
    described: Callable[[Document], tuple[str, int] | None] | None = None,
) -> list[InputError]:
    """Every cross-file problem in ``documents`` (which may be metadata only, provisions=()).

    ``has_target`` answers for a supersedes target that is not among these documents'
    provisions (the ingest passes a store lookup for unchanged documents). ``complete`` False:
    some file of the corpus did not parse (its own error says why), so a target found nowhere
    may be in it — not reported missing, which would be a wrong diagnosis beside the real one.
    ``described``: where the project's register describes a document (the register as the
    manifest names it, and the row's line; None: no row does) — a field missing from the
    metadata is the row's to give then, and is refused at its cell.
    """
    docs = sorted(documents, key=lambda d: (d.source.file, d.id, d.revision))
    problems: list[InputError] = []
    problems += _duplicates(docs)
    problems += _unlabelled(docs, described or (lambda doc: None))
    problems += _same_day(docs)
    problems += _edges(docs, has_target, complete=complete)
    problems += _itself(docs)
    problems += _not_yet(docs)
    problems += _cycles(docs)
    return problems


_REVIEWS = "reviews.yaml"


def revisions_hint(doc: str, labels: Iterable[str], *, asker: bool = False) -> str:
    """The hint of a supersedes target no revision has: the labels of ``doc``'s revisions —
    to an ``asker``, only those they may read, and a document with none said as an absent one is."""
    labels = sorted(labels)
    if labels:
        return f"{doc} has revisions {', '.join(labels)}"
    return f"no document {doc} among those your groups may read" if asker else f"no document {doc} in the corpus"


def _edge_error(doc: Document, edge: Supersedes, index: int, field: str, message: str,
                hint: str | None = None) -> InputError:
    """A problem of ``doc``'s edge ``index``: at the document's file and the edge's line, or at
    the entry of reviews.yaml that accepted it."""
    if edge.origin == "review":
        return InputError(message, file=_REVIEWS, line=edge.line, field=field, hint=hint)
    return _error(doc, message, field=f"supersedes[{index}].{field}", line=edge.line, hint=hint)


def _inside(path: str | None, within: str | None) -> bool:
    return within is None or path == within or (path is not None and path.startswith(within + "."))


def _itself(docs: list[Document]) -> list[InputError]:
    """An edge whose replacement is its own target or inside it (a provision replacing itself
    or the section holding it); for an edge a review accepted, any target in the item's own
    document (an addendum item does not change its own addendum)."""
    problems = []
    for doc in docs:
        for index, edge in enumerate(doc.supersedes):
            target = edge.target
            if target.doc != doc.id or target.rev not in (None, doc.revision):
                continue
            replacement = edge.by if edge.by is not None else edge.source
            if edge.origin == "review" or (target.path is not None or target.rev is not None) and _inside(
                    replacement.path, target.path):
                problems.append(_edge_error(doc, edge, index, "target", cannot_replace(replacement, target),
                                            hint=ITSELF_HINT))
    return problems


#: What to do of an edge whose item replaces itself or its own document (``cannot_replace``).
ITSELF_HINT = "an item changes another document's provision"


def cannot_replace(replacement: Locator, target: Locator) -> str:
    """Why ``replacement`` cannot replace ``target``, a provision of its own document: the one
    wording of ingest's check (``_itself``) and of ``inforce review``'s (``reviews.check_reviews``)."""
    return (f"{replacement.unpinned()} cannot replace {target}: it is "
            f"{'itself' if replacement.path == target.path else 'in the same document'}")


def _not_yet(docs: list[Document]) -> list[InputError]:
    """An edge a review accepted onto a document none of whose revisions (the one it pins) is
    in effect on the edge's date: a reviewer cannot have an item replace what does not exist
    yet. Declared and derived edges are left alone: real registries hold such edges (RFC 3468
    obsoletes RFC 3475, published later), and an as-of answer reads them correctly."""
    effective: dict[str, list[tuple[str, object]]] = {}
    for doc in docs:
        effective.setdefault(doc.id, []).append((doc.revision, doc.effective.from_))
    problems = []
    for doc in docs:
        for index, edge in enumerate(doc.supersedes):
            if edge.origin != "review":
                continue
            revisions = [(rev, start) for rev, start in effective.get(edge.target.doc, ())
                         if edge.target.rev in (None, rev)]
            if revisions and all(start > edge.effective for _, start in revisions):  # type: ignore[operator]
                first = min(start for _, start in revisions)  # type: ignore[type-var]
                problems.append(_edge_error(
                    doc, edge, index, "target", f"{edge.by or edge.source} (effective {edge.effective}) cannot "
                    f"replace {edge.target}: it takes effect later ({first})",
                    hint="an item replaces what is in effect on its date; check the item and the target"))
    return problems


def _error(
    doc: Document, message: str, *, field: str, line: int | None = None, hint: str | None = None
) -> InputError:
    return InputError(
        message,
        file=doc.source.file,
        line=line if line is not None else doc.source.line,
        field=field,
        hint=hint,
    )


def _duplicates(docs: list[Document]) -> list[InputError]:
    first: dict[str, Document] = {}
    problems = []
    for doc in docs:
        if doc.uid in first:
            other = first[doc.uid]
            problems.append(
                _error(
                    doc,
                    f"{doc.id} revision {doc.revision!r} is also defined in {other.source.file}",
                    field="revision",
                    hint="each revision of a document is one file; give this one its own revision label",
                )
            )
        else:
            first[doc.uid] = doc
    return problems


def _unlabelled(docs: list[Document], described: Callable[[Document], tuple[str, int] | None]) -> list[InputError]:
    """A revision read without a ``revision`` label (or with ``revision: null``) that is not the
    first of its document: formats.md makes the label optional for a never-revised document,
    and a first revision left unlabelled has always read as ``0``, the label the format shows for
    it (projects written so keep reading). A later one read as ``0`` would sort among the others
    by seq and date (``SOP-114@B → @0 → @D``), silently. It is refused where its metadata is
    written: at the register's row and its ``revision`` column when the register describes the
    file (``described``: a blank cell, or no such column), else at its file. A document from the
    graph always carries its label as read then: only files read in this ingest are judged, by
    whether their metadata set the field (``model_fields_set``)."""
    revisions: dict[str, list[Document]] = {}
    for doc in docs:
        revisions.setdefault(doc.id, []).append(doc)

    def order(doc: Document) -> tuple[object, int]:
        return (doc.effective.from_, doc.seq)

    problems = []
    for doc in docs:
        earlier = sorted(o.source.file for o in revisions[doc.id] if o is not doc and order(o) < order(doc))
        if "revision" in doc.model_fields_set or not earlier:
            continue
        message = f"{doc.id} has earlier revisions ({', '.join(earlier)}), and this one has no revision label"
        row = described(doc)
        if row is None:
            problems.append(_error(doc, message, field="revision", hint=(
                "give every revision after a document's first its label (revision: \"C\"); only a first "
                "revision may leave it out (read as 0)")))
        else:
            problems.append(InputError(
                f"{message}: its row ({doc.source.file}) gives none in the revision column", file=row[0], line=row[1],
                field="revision", hint="give every revision after a document's first its label in the revision "
                "column (C); only a first revision may leave it blank (read as 0)"))
    return problems


def _same_day(docs: list[Document]) -> list[InputError]:
    seen: dict[tuple[str, object, int], Document] = {}
    problems = []
    for doc in docs:
        key = (doc.id, doc.effective.from_, doc.seq)
        other = seen.get(key)
        if other is None:
            seen[key] = doc
        elif other.revision != doc.revision:
            problems.append(
                _error(
                    doc,
                    f"{doc.uid} and {other.uid} ({other.source.file}) both take effect on "
                    f"{doc.effective.from_} with seq {doc.seq}",
                    field="seq",
                    hint="give revisions effective on the same day different seq values (registry order)",
                )
            )
    return problems


def in_corpus(docs: Iterable[Document], has_target: Callable[[Locator], bool]) -> Callable[[Locator], bool]:
    """Whether a locator names something of the corpus ``docs`` (every revision's metadata,
    provisions where read) or, failing that, that ``has_target`` holds (the stored graph). A
    locator pinned to a revision label that none of its document's revisions in ``docs`` has
    (``SOP-1@7#2``) names nothing, whatever the other revisions hold: the one check of a pinned
    revision, for a front matter's ``supersedes`` and for ``reviews.yaml``."""
    by_id: dict[str, list[Document]] = {}
    for doc in docs:
        by_id.setdefault(doc.id, []).append(doc)
    paths: dict[str, set[str]] = {}

    def provision_paths(doc: Document) -> set[str]:
        if doc.uid not in paths:
            paths[doc.uid] = {p.path for p in doc.provisions}
        return paths[doc.uid]

    def exists(target: Locator) -> bool:
        revisions = by_id.get(target.doc, [])
        if target.rev is not None:
            if revisions and not any(d.revision == target.rev for d in revisions):
                return False  # the document is here, the revision pinned is not
            revisions = [d for d in revisions if d.revision == target.rev]
        if target.path is None and revisions:
            return True
        if target.path is not None and any(target.path in provision_paths(d) for d in revisions):
            return True
        return has_target(target)

    return exists


def _edges(docs: list[Document], has_target: Callable[[Locator], bool], *, complete: bool) -> list[InputError]:
    by_id: dict[str, list[Document]] = {}
    for doc in docs:
        by_id.setdefault(doc.id, []).append(doc)
    exists = in_corpus(docs, has_target)

    problems = []
    for doc in docs:
        for index, edge in enumerate(doc.supersedes):
            where = f"supersedes[{index}]"
            if complete and not exists(edge.target):
                known = by_id.get(edge.target.doc, [])
                problem = _error(
                    doc,
                    f"supersedes target {edge.target} is not in the corpus",
                    field=f"{where}.target",
                    line=edge.line,
                    hint=revisions_hint(edge.target.doc, [d.revision for d in known]),
                )
                # the revisions the hint names, by file: shown to an asker, it names only those
                # they may read (``run.withhold_problems``)
                problem.names_revisions = (edge.target.doc, tuple((d.revision, d.source.file) for d in known))
                problems.append(problem)
            if edge.by is not None and (
                edge.by.doc != doc.id or edge.by.rev not in (None, doc.revision)
            ):
                problems.append(
                    _error(
                        doc,
                        f"by {edge.by} does not point into {doc.uid} itself",
                        field=f"{where}.by",
                        line=edge.line,
                    )
                )
            if doc.issued is not None and edge.effective < doc.issued:
                problems.append(
                    _error(
                        doc,
                        f"the edge {doc.id} → {edge.target} takes effect {edge.effective}, before {doc.id} "
                        f"was issued ({doc.issued})",
                        field=f"{where}.effective",
                        line=edge.line,
                        hint=f"a document cannot replace {edge.target.doc} before it exists",
                    )
                )
    return problems


def _cycles(docs: list[Document]) -> list[InputError]:
    """Supersession cycles among revisions, one error per cycle, at an edge on it.

    An unpinned target stands for the revisions of its document that had taken effect by
    the edge's date, so a later revision that folds in an addendum (SPEC@1 supersedes ADD-02,
    which superseded SPEC@0's §2.1.A) is not a cycle.
    """
    by_uid = {doc.uid: doc for doc in docs}
    by_id: dict[str, list[Document]] = {}
    for doc in docs:
        by_id.setdefault(doc.id, []).append(doc)
    graph: dict[str, list[tuple[str, Supersedes]]] = {uid: [] for uid in by_uid}
    for doc in docs:
        for edge in doc.supersedes:
            target = edge.target
            for candidate in by_id.get(target.doc, ()):
                if target.rev is not None and candidate.revision != target.rev:
                    continue
                if target.rev is None and candidate.effective.from_ > edge.effective:
                    continue
                if candidate.uid != doc.uid:
                    graph[doc.uid].append((candidate.uid, edge))
    problems = []
    for component in _strong_components(graph):
        if len(component) < 2:
            continue
        cycle = _a_cycle(sorted(component)[0], set(component), graph)
        names = _cycle_path([uid for uid, _ in cycle])
        start_uid, edge = cycle[0]
        source = by_uid[start_uid]
        other = by_uid[cycle[1 % len(cycle)][0]] if len(cycle) > 1 else source
        message = (f"supersession cycle: {names} ({source.id} in {source.source.file}, "
                   f"{other.id} in {other.source.file})")
        hint = "a document cannot (directly or through others) supersede what supersedes it"
        problems.append(
            _edge_error(source, edge, source.supersedes.index(edge), "target", message, hint)
            if edge.origin == "review"
            else _error(source, message, field=f"supersedes[{source.supersedes.index(edge)}]", line=edge.line,
                        hint=hint)
        )
    return problems


#: The revisions of a cycle named at each end of a longer one (the rest counted, never listed:
#: a cycle through thousands of documents was printed whole, 15,000 characters; audit B).
_CYCLE_ENDS = 3


def _cycle_path(uids: list[str]) -> str:
    """A cycle's revisions as its error names them, back to the first: all of a short one, the
    first and last ``_CYCLE_ENDS`` of a longer one and how many stand between them."""
    if len(uids) <= 2 * _CYCLE_ENDS + 1:
        return " → ".join([*uids, uids[0]])
    between = len(uids) - 2 * _CYCLE_ENDS
    return " → ".join([*uids[:_CYCLE_ENDS], f"… {between} more …", *uids[-_CYCLE_ENDS:], uids[0]]) + \
        f" ({len(uids)} revisions)"


def _strong_components(graph: dict[str, list[tuple[str, Supersedes]]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively (a long chain must not recurse)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            node, child = work.pop()
            if child == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            edges = graph[node]
            if child < len(edges):
                work.append((node, child + 1))
                target = edges[child][0]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(component)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return components


def _a_cycle(
    start: str, members: set[str], graph: dict[str, list[tuple[str, Supersedes]]]
) -> list[tuple[str, Supersedes]]:
    """One cycle through ``start`` inside a strongly connected component: (node, its edge out)."""
    previous: dict[str, tuple[str, Supersedes]] = {}
    queue = deque([start])
    visited = {start}
    while queue and start not in previous:
        node = queue.popleft()
        for target, edge in graph[node]:
            if target == start:
                previous[start] = (node, edge)
                break
            if target in members and target not in visited:
                visited.add(target)
                previous[target] = (node, edge)
                queue.append(target)
    path: list[tuple[str, Supersedes]] = []
    node = start
    while True:
        parent, edge = previous[node]
        path.append((parent, edge))
        node = parent
        if node == start:
            break
    path.reverse()
    return path
