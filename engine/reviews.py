"""The project's review file: people accept or reject the edges the addenda only propose.

``reviews.yaml`` at the project root (docs/formats.md) is a log a person may also edit by
hand: each entry decides one proposed edge (an addendum ``item`` and the ``target`` it would
change), or declares an edge no rule proposed. The rules it follows, in one place:

1. The file is read with the line of every entry; anything wrong in it is an ``InputError``
   naming ``reviews.yaml``, the line and the field (every problem found, raised together).
2. Entries are kept in file order; for one item and target the **last** entry decides (a
   reviewer changes their mind by appending, never by rewriting what was decided).
3. A proposal is *pending* while no entry decides it (``with_reviews``); an accepted entry is
   ingested as a supersedes edge with origin ``review`` carrying who, when and the note
   (``review_edges``); a rejected one applies nothing and stops being pending.
4. Every entry's item and target (accepted or rejected) must exist in the corpus, the
   revision it pins included (``SPEC-1@9#3.1`` with no revision 9 names nothing); else the
   ingest fails at that entry's line and the graph is unchanged, ``inforce review`` refuses
   the file the same way, and a decision naming one is not recorded (``check_reviews``, over
   ``ingest.corpus.in_corpus``: one check).
5. Recording a decision appends its text to the file, atomically and under a lock
   (``append_review``: concurrent reviewers never lose an entry): the comments, order, layout
   and line endings of what is there are kept.
6. A decision written by ``inforce review`` carries a ``digest`` of the item's words; an
   accepted entry whose item reads otherwise at ingest is *stale*: reported (a warning at its
   line), not applied, and the item's proposal is pending again.
7. Only an edge the corpus may hold is accepted (the corpus checks of ``ingest.corpus``, one
   home): no item replacing itself or its own document, no cycle, no target not yet in effect
   on the item's date; and only a proposal is decided: an edge a rule applied is not rejected
   or re-scoped by a review (refused when recorded, a warning at ingest).
8. A decision is applied at the next ingest; until then ``awaiting_ingest`` lists it and the
   sweep keeps escalating its item.
9. An entry whose ``at`` is later than the moment of the ingest (past a few minutes of clock
   difference between machines) was recorded in the future: a slip of the hand or a wrong
   clock, never refused (the decision stands), a warning at its line (``future_warnings``).

Functions over the file and the corpus; the front (``Project.readings``, ``Project.review``),
the ingest and the sweep call them.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import re
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inforce.ontology import (
    AccessRestrictedError,
    AddendaReadings,
    Document,
    EdgeReview,
    InputError,
    InputErrors,
    Locator,
    LocatorError,
    ProposedEdge,
    ReviewDecision,
    Supersedes,
    UnsharedReading,
    parse_datetime_utc,
    utc_text,
)
from inforce.ontology.files import (
    LockUnusable,
    project_record,
    read_bounded,
    release_lock,
    take_lock,
    write_atomically,
)
from inforce.ontology.ingest import REVIEWS_FILE, review_text_too_long
from inforce.ontology.scalars import one_line, person_name, sent_locator
from inforce.ontology.text import yaml_quoted
from inforce.rules.source import read_yaml

if TYPE_CHECKING:
    from .snapshot import Snapshot
    from .store import IngestTransaction

__all__ = [
    "REVIEWS_FILE",
    "append_review",
    "as_read_by",
    "check_reviews",
    "item_digest",
    "choose_proposal",
    "listed",
    "decided",
    "read_by",
    "changed_for",
    "told_all",
    "drop_reviews",
    "graph_readings",
    "pending",
    "project_readings",
    "read_reviews",
    "record_review",
    "review_edges",
    "reviewed_documents",
    "read_review_file",
    "review_path",
    "stage_reviews",
    "future_warnings",
    "stale_warning",
    "with_reviews",
    "where_recorded",
    "withhold_problems",
    "withhold",
]


_KEYS = ("item", "target", "scope", "successor", "decision", "by", "at", "note", "digest")
_REQUIRED = ("item", "target", "decision", "by", "at")
_HEADER = (
    "# Review decisions on the edges the addenda propose (docs/formats.md): one entry per\n"
    "# decision, appended by `inforce review` or by hand; for one item and target the last\n"
    "# entry decides.\n"
)


# ---- reading ---------------------------------------------------------------------------------


def read_reviews(root: Path) -> tuple[ReviewDecision, ...]:
    """Every entry of ``root/reviews.yaml`` in file order (none when the file is absent).

    InputErrors naming the line and field of every problem found: a key nothing reads, a
    required one missing, an item or target that is no locator, a scope, decision or time
    that is not one, a deletion (``successor: false``) that is not full.
    """
    return read_review_file(root)[0]


def read_review_file(root: Path) -> tuple[tuple[ReviewDecision, ...], str]:
    """The entries (``read_reviews``) and a hash of the file's bytes ("" when there is no
    file), from one read: the ingest reads the reviewed addenda again, and the index build id
    changes, when the hash does."""
    path = review_path(root)
    if path is None:
        return (), ""
    raw = _bytes(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise InputErrors(f"{REVIEWS_FILE}: cannot be read", [InputError(
            f"not UTF-8 text ({problem.reason})", file=REVIEWS_FILE)]) from None
    return _parse(text), hashlib.sha256(raw).hexdigest()[:16]


def _bytes(path: Path) -> bytes:
    """The review file's bytes, read as every file a project holds: a regular file, size-capped
    (an InputError naming it otherwise)."""
    return read_bounded(path, what="the review file", file=REVIEWS_FILE, regular=True)


def review_path(root: Path) -> Path | None:
    """``root/reviews.yaml`` as a file to read and replace (None when there is none).

    InputError when it is not a regular file (a folder, a device) or a link leading out of the
    project (``ontology.files.is_inside``): its text would come from, or be written over,
    something outside. A link inside the project is followed (the file it names is the one)."""
    return project_record(root, REVIEWS_FILE, hint="the review file is a YAML list of decisions (docs/formats.md)")


def _parse(text: str) -> tuple[ReviewDecision, ...]:
    try:
        source = read_yaml(REVIEWS_FILE, text)
    except InputError as problem:  # YAML syntax or a time that is no date, with the line and a caret
        problem.code = None  # the rule packs' RP001: not a code of the review file
        raise InputErrors(f"{REVIEWS_FILE}: the review file does not read", [problem]) from None
    tree = source.tree
    problems: list[InputError] = []
    if tree is None:
        return ()
    if not isinstance(tree, list):
        raise InputErrors(f"{REVIEWS_FILE}: not a review file", [InputError(
            "a review file is a list of entries (- item: ..., target: ..., decision: ..., by: ..., at: ...)",
            file=REVIEWS_FILE, line=1)])
    entries = tree
    decisions: list[ReviewDecision] = []
    for n, entry in enumerate(entries):
        decision = _entry(source, n, entry, problems)
        if decision is not None:
            decisions.append(decision)
    if problems:
        raise InputErrors(f"{REVIEWS_FILE}: the review file does not read", problems)
    return tuple(decisions)


def _entry(source: Any, n: int, entry: Any, problems: list[InputError]) -> ReviewDecision | None:
    at = (n,)
    line = source.locate(at)[0]
    if not isinstance(entry, Mapping):
        problems.append(InputError("a review entry must be a mapping (item, target, decision, by, at...)",
                                   file=REVIEWS_FILE, line=line, field=f"reviews[{n}]"))
        return None
    found = len(problems)
    for key in entry:
        if key not in _KEYS:
            problems.append(_error(source, (*at, key), f"unknown key {key!r}", field=f"reviews[{n}].{key}",
                                   hint="an entry has " + ", ".join(_KEYS), at_key=True))
    missing = False
    for key in _REQUIRED:
        if entry.get(key) in (None, ""):
            missing = True
            problems.append(InputError("missing", file=REVIEWS_FILE, line=line, field=f"reviews[{n}].{key}",
                                       reason="required"))
    if missing:
        return None
    values: dict[str, Any] = {"line": line}

    def bad(key: str, message: str, hint: str | None = None) -> None:
        problems.append(_error(source, (*at, key), message, field=f"reviews[{n}].{key}", hint=hint))

    not_text = {key for key in ("item", "target", "by", "note", "digest", "scope")
                if isinstance(entry.get(key), (Mapping, list, bool))}
    for key in sorted(not_text):
        bad(key, f"{entry[key]!r} is not text", hint="write it as a single line of text (quote it if need be)")
    entry = {key: (None if key in not_text else value) for key, value in entry.items()}

    for key in ("item", "target"):
        if key in not_text:
            continue
        try:
            values[key] = Locator.parse(str(entry[key]))
        except LocatorError as problem:
            bad(key, problem.message, problem.hint)
    if "item" in values and values["item"].path is None:
        bad("item", f"{values['item']} names a whole document, not an addendum item",
            hint="name the item, e.g. ADD-3#item-2")
    decision = str(entry["decision"])
    if decision not in ("accept", "reject"):
        bad("decision", f"{decision!r} is not accept or reject")
    values["decision"] = decision
    successor = entry.get("successor", True)
    if not isinstance(successor, bool):
        bad("successor", f"{successor!r} is not true or false")
        successor = True
    values["successor"] = successor
    scope = entry.get("scope")
    if scope is None:
        if decision == "accept" and successor and "scope" not in not_text:
            problems.append(InputError("an accepted edge says whether it replaces its target whole (full) or in "
                                       "part (partial)", file=REVIEWS_FILE, line=line,
                                       field=f"reviews[{n}].scope", reason="required"))
        scope = "full"
    elif scope not in ("full", "partial"):
        bad("scope", f"{scope!r} is not full or partial")
    elif not successor and scope != "full":
        bad("scope", "a deletion (successor: false) replaces its target whole: scope full")
    values["scope"] = scope
    try:
        values["at"] = utc_text(parse_datetime_utc(entry["at"]))
    except ValueError as problem:
        bad("at", str(problem), hint="write the time as 2026-03-02T10:00:00Z")
    if "by" not in not_text:  # the one rule ``inforce review --by`` applies (``_typed``, ``person_name``)
        try:
            values["by"] = person_name(str(entry["by"]))
        except ValueError as problem:
            bad("by", f"{problem}: a decision's by is one line of visible text", hint="write the name on one line")
    note = entry.get("note")
    values["note"] = None if note is None else str(note).strip()
    if note is not None and "note" not in not_text:  # the one rule ``inforce review --note`` applies (audit MM3-7)
        try:
            one_line(str(note))
        except ValueError as problem:
            bad("note", f"{problem}: a decision's note is one line of visible text", hint="write it on one line")
    for key in ("by", "note"):
        if isinstance(values.get(key), str) and (too_long := review_text_too_long(key, values[key])):
            bad(key, too_long, hint=_TOO_LONG_HINT[key])
    digest = entry.get("digest")
    values["digest"] = None if digest in (None, "") else str(digest).strip()
    if len(problems) > found:
        return None
    return ReviewDecision(**values)


#: how to shorten a decision's ``by`` or ``note`` past its limit (``review_text_too_long``)
_TOO_LONG_HINT = {"by": "name the person (or the team) who decided",
                  "note": "say why in a sentence or two; cite a longer record by its name"}


def _error(source: Any, loc: tuple[Any, ...], message: str, *, field: str, hint: str | None = None,
           at_key: bool = False) -> InputError:
    line, col, _ = source.locate(loc, at_key=at_key)
    return InputError(message, file=REVIEWS_FILE, line=line, col=col, field=field, hint=hint)


# ---- what the decisions mean --------------------------------------------------------------


def item_digest(text: str) -> str:
    """A short digest of an item's words (spacing ignored): what a decision was made on."""
    return hashlib.sha256(" ".join(text.split()).encode("utf-8")).hexdigest()[:16]


def _key(item: Locator, target: Locator) -> tuple[str, str]:
    return item.unpinned().format(), target.format()


def _typed(text: str, field: str, rule: Callable[[str], str]) -> str:
    """``text`` typed for a decision's ``field`` as ``rule`` (``scalars.person_name`` or
    ``one_line``) takes it; an InputError naming the field when it refuses it."""
    try:
        return rule(text)
    except ValueError as problem:
        raise InputError(f"{problem}: a decision's {field} is one line of visible text", field=field,
                         hint="write it on one line") from None


def decided(reviews: Iterable[ReviewDecision]) -> dict[tuple[str, str], ReviewDecision]:
    """(item, target) → the entry that decides it: the last one in the file."""
    return {_key(review.item, review.target): review for review in reviews}


def pending(proposals: Iterable[ProposedEdge], reviews: Iterable[ReviewDecision]) -> list[ProposedEdge]:
    """The proposals no entry decides."""
    settled = decided(reviews)
    return [p for p in proposals if _key(p.item, p.target) not in settled]


def with_reviews(readings: AddendaReadings, reviews: Sequence[ReviewDecision],
                 stale: Sequence[ReviewDecision] = ()) -> AddendaReadings:
    """``readings`` with only the pending proposals (no entry decides them; a ``stale`` entry
    decides nothing) and the entries on file."""
    live = [review for review in reviews if review not in stale]
    return readings.model_copy(update={"proposed": tuple(pending(readings.proposed, live)),
                                       "reviewed": tuple(reviews), "stale": tuple(stale)})


def accepted(reviews: Iterable[ReviewDecision]) -> list[ReviewDecision]:
    """The entries whose last word is accept, in file order."""
    return [review for review in decided(reviews).values() if review.decision == "accept"]


def reviewed_documents(reviews: Iterable[ReviewDecision]) -> set[str]:
    """The documents whose items an accepted entry turns into edges (they own those edges)."""
    return {review.item.doc for review in accepted(reviews)}


def check_reviews(reviews: Sequence[ReviewDecision], exists: Callable[[Locator], bool]) -> list[InputError]:
    """An entry (accepted or rejected) whose item or target the corpus does not hold, at its
    line; ``exists`` is ``ingest.corpus.in_corpus``'s (a revision pinned must be one), asked
    once per locator: a file of many decisions names the same items and targets again and again
    (20,000 entries on four proposals had asked the graph 40,000 times, 48 s). An accepted entry
    whose target is in its item's own document too, as ingest refuses it (``corpus._itself``):
    ``inforce review`` had counted it "1 accepted", exit 0 (audit 72 B F7)."""
    from .ingest.corpus import ITSELF_HINT, cannot_replace

    problems = []
    known: dict[str, bool] = {}
    for n, review in enumerate(reviews):
        if review.decision == "accept" and review.target.doc == review.item.doc \
                and review.target.rev in (None, review.item.rev):  # as ingest refuses it (audit 72 B F7)
            problems.append(InputError(cannot_replace(review.item, review.target), file=REVIEWS_FILE,
                                       line=review.line, field=f"reviews[{n}].target", hint=ITSELF_HINT))
        for name, locator in (("item", review.item), ("target", review.target)):
            key = locator.format()
            if key not in known:
                known[key] = exists(locator)
            if not known[key]:
                problems.append(InputError(
                    f"{locator} is not in the project", file=REVIEWS_FILE, line=review.line,
                    field=f"reviews[{n}].{name}",
                    hint="correct the locator, or remove the entry (inforce review PROJECT lists the proposals)"))
    return problems


def _holder(item: Locator, documents: Iterable[Document]) -> tuple[Document, str] | None:
    """The newest revision among ``documents`` holding ``item`` (or the one it pins), and the item's words."""
    found = [(d, p.text) for d in documents if d.id == item.doc and (item.rev is None or d.revision == item.rev)
             for p in d.provisions if p.path == item.path]
    return max(found, key=lambda pair: (pair[0].effective.from_, pair[0].seq)) if found else None


def review_edges(
    reviews: Sequence[ReviewDecision], documents: Iterable[Document], *, kinds: Collection[str] | None = None,
) -> tuple[list[Supersedes], list[ReviewDecision], list[InputError]]:
    """The edges the accepted entries make, for the item documents among ``documents`` (those
    parsed in this ingest; an accepted item of a document not among them keeps the edge the
    graph already holds). The edge belongs to the newest revision holding the item (or the one
    the item pins): source that revision, effective its date, ``by`` the item, ``line`` the
    entry's line in reviews.yaml. Also returned: the *stale* entries (their ``digest`` is not
    the item's words now: not applied), and an InputError for each item of a document no
    supersession rule reads (``kinds``; None: not checked)."""
    documents = list(documents)
    position = {id(review): n for n, review in enumerate(reviews)}
    edges: list[Supersedes] = []
    stale: list[ReviewDecision] = []
    problems: list[InputError] = []
    for review in accepted(reviews):
        held = _holder(review.item, documents)
        if held is None:
            continue
        owner, words = held
        if kinds is not None and owner.kind not in kinds:
            problems.append(InputError(
                _not_read(review.item, owner.kind, kinds), file=REVIEWS_FILE, line=review.line,
                field=f"reviews[{position[id(review)]}].item", hint="a review decides what an addendum item changes"))
            continue
        if review.digest is not None and review.digest != item_digest(words):
            stale.append(review)
            continue
        edges.append(Supersedes(
            source=owner.locator, target=review.target, scope=review.scope, effective=owner.effective.from_,
            by=review.item.unpinned(), origin="review", successor=review.successor, line=review.line,
            review=EdgeReview(by=review.by, at=review.at, note=review.note),
        ))
    return edges, stale, problems


#: How far an entry's ``at`` may run ahead of the clock before it is said to be in the future:
#: the clocks of the machines a team records decisions on differ by this much.
CLOCK_SLACK = dt.timedelta(minutes=10)


def future_warnings(reviews: Sequence[ReviewDecision], now: dt.datetime | None = None) -> list[InputError]:
    """A warning at the line of each entry recorded after ``now`` (the clock; ``CLOCK_SLACK``
    allowed): rule 9."""
    moment = (now or dt.datetime.now(dt.UTC)).astimezone(dt.UTC) + CLOCK_SLACK
    return [InputError(
        f"{review.item} → {review.target} was recorded in the future (at {review.at}, after this ingest's "
        f"{utc_text(moment - CLOCK_SLACK)}): the decision stands", file=REVIEWS_FILE, line=review.line,
        field=f"reviews[{n}].at", hint="correct the time (inforce review writes the time of the decision), "
                                       "or the clock of the machine that wrote it")
        for n, review in enumerate(reviews) if parse_datetime_utc(review.at) > moment]


def stale_warning(review: ReviewDecision) -> InputError:
    """What ingest (and ``inforce review``) say of an accepted entry whose item's words changed."""
    return InputError(
        f"{review.item}'s words changed since {review.by} accepted {review.item} → {review.target} "
        f"({review.at}): not applied, the item's proposal waits for review again",
        file=REVIEWS_FILE, line=review.line, field="digest",
        hint=f"read the item again and decide it anew (inforce review PROJECT lists {review.item} as pending)")


# ---- recording a decision ---------------------------------------------------------------------


def choose_proposal(
    proposals: Sequence[ProposedEdge], pending: Sequence[ProposedEdge], item: Locator, target: Locator | None,
) -> ProposedEdge | None:
    """The proposal a decision on ``item`` (and ``target``, if given) is about; None when a
    target is given that no proposal names (the reviewer declares an edge of their own).

    InputError (field ``target``) when no target is given and the item has no proposal, or
    several pending ones (each named).
    """
    mine = [p for p in proposals if p.item.unpinned() == item.unpinned()]
    if target is not None:
        return next((p for p in mine if p.target.format() == target.format()), None)
    waiting = [p for p in pending if p.item.unpinned() == item.unpinned()]
    choices = waiting or mine
    if len(choices) == 1:
        return choices[0]
    if not choices:
        raise InputError(f"{item} has no proposed edge", field="target", reason="required",
                         hint="name the provision it changes to declare an edge (and its scope)")
    raise InputError(f"{item} proposes {len(choices)} edges: say which", field="target", reason="required",
                     hint="one of " + ", ".join(p.target.format() for p in choices))


@contextlib.contextmanager
def _locked(root: Path) -> Iterator[None]:
    """Hold ``.inforce/reviews.lock`` (flock) while the review file is read, appended and
    replaced, so concurrent reviewers never lose an entry (each waits its turn, 30 s at most)."""
    folder = root / ".inforce"
    folder.mkdir(exist_ok=True)
    try:
        fd = take_lock(folder / "reviews.lock", wait=30)
    except LockUnusable as problem:
        raise InputError(f"cannot lock the review file: {problem.reason}", file=REVIEWS_FILE) from None
    if fd is None:
        raise InputError("another inforce review has held reviews.yaml for 30 s", file=REVIEWS_FILE,
                         hint="try again when it is done")
    try:
        yield
    finally:
        release_lock(fd)


def append_review(root: Path, decision: ReviewDecision,
                  told: Callable[[ReviewDecision], ReviewDecision] | None = None) -> ReviewDecision:
    """Append ``decision`` to ``root/reviews.yaml`` (created when absent), atomically and under
    the review lock, keeping the text already there (its line endings too); the decision as
    recorded, with its line, is returned.

    The entry is appended as text, indented like the entries there; a file whose layout does
    not take it (a flow list ``[a, b]``) is refused rather than rewritten: the result is read
    back, and must hold the entries that were there plus this one, before it replaces the file.
    InputError (field ``decision``) when the last entry on the same item and target already
    decided the same way, by the same person: nothing is appended (another reviewer's
    concurring decision is recorded). ``told``: a decision as the asker is told of it
    (``listed``: its line left out for an asker who may not read every document); None: whole.
    """
    with _locked(root):
        path = review_path(root) or root / REVIEWS_FILE
        before = _bytes(path).decode("utf-8") if path.exists() else ""
        existing = _parse(before)
        settled = decided(existing).get(_key(decision.item, decision.target))
        if settled is not None and (settled.decision, settled.scope, settled.successor, settled.digest,
                                    settled.by) == (decision.decision, decision.scope, decision.successor,
                                                    decision.digest, decision.by):
            raise InputError(
                f"{decision.item} → {decision.target} is already {decision.decision}ed: by {settled.by} at "
                f"{settled.at} ({where_recorded((told or _whole)(settled))})", field="decision",
                hint="nothing recorded; a different decision, scope, reviewer or item text is a new entry")
        text = _appended(before, decision)
        try:
            recorded = _parse(text)
        except InputErrors:
            recorded = ()
        if len(recorded) != len(existing) + 1 or recorded[:-1] != existing or not _same(recorded[-1], decision):
            raise InputError("the review file's layout does not take an appended entry", file=REVIEWS_FILE,
                             hint="write it as a block list, one `- item: ...` entry after another")
        write_atomically(path, text.encode("utf-8"))
    return (told or _whole)(recorded[-1])


def _whole(review: ReviewDecision) -> ReviewDecision:
    return review


def where_recorded(review: ReviewDecision) -> str:
    """Where a decision is in the review file, as an error or a finding says it: its line, or
    that the line is left out (``listed``)."""
    if review.line is None:
        return f"{REVIEWS_FILE}, line left out: decisions may be withheld from you"
    return f"{REVIEWS_FILE} line {review.line}"


def _same(recorded: ReviewDecision, asked: ReviewDecision) -> bool:
    """Whether the entry read back is the decision asked for (every value, as text)."""
    return recorded.model_copy(update={"line": None}) == asked.model_copy(update={"line": None})


def drop_reviews(root: Path, drop: Callable[[ReviewDecision], bool]) -> tuple[tuple[ReviewDecision, ...], bytes | None]:
    """Remove from ``root/reviews.yaml`` every entry ``drop`` names (an erasure's: the entries
    on an erased document's items or targets, whose notes may quote it, and which the next
    ingest would refuse as naming nothing), under the review lock. The file is written again
    from the entries kept, in the form ``append_review`` writes (its comments are not kept:
    they may quote the erased text too). The entries removed, and the file's bytes before
    (None when there was no file or nothing was removed), to put back should the erasure fail."""
    with _locked(root):
        path = review_path(root)
        if path is None:
            return (), None
        before = _bytes(path)
        entries = _parse(before.decode("utf-8"))
        dropped = tuple(entry for entry in entries if drop(entry))
        if not dropped:
            return (), None
        text = _HEADER
        for entry in entries:
            if not drop(entry):
                text = _appended(text, entry)
        write_atomically(path, text)
        return dropped, before


def _appended(before: str, decision: ReviewDecision) -> str:
    newline = "\r\n" if "\r\n" in before else "\n"
    lines = before.splitlines(keepends=True)
    content = [n for n, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    if not before.strip():
        text = _HEADER
    elif not content:
        text = before if before.endswith("\n") else before + newline  # comments only: kept
    else:
        last = content[-1]
        if re.fullmatch(r"\[\s*\]\s*(#.*)?", lines[last].strip()):
            lines[last] = re.sub(r"\[\s*\]", "", lines[last], count=1)  # an empty list: entries follow it
        text = "".join(lines)
        text = text if text.endswith("\n") else text + newline
    found = re.search(r"^([ \t]*)- ", before, re.M)
    indent = found.group(1) if found else ""
    fields = {"item": decision.item.format(), "target": decision.target.format(), "scope": decision.scope,
              "successor": decision.successor, "decision": decision.decision, "by": decision.by,
              "at": decision.at, "note": decision.note, "digest": decision.digest}
    entry = []
    for key, value in fields.items():
        if value is None:
            continue
        entry.append(f"{indent}{'- ' if not entry else '  '}{key}: {_scalar(value)}")
    return text + newline.join(entry) + newline


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 ._@#()/-]*")
_RESERVED = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "~"}


def _scalar(value: object) -> str:
    """A YAML scalar for ``value``: plain when it reads back as the same string (it starts with
    a letter, holds no character YAML gives a meaning, and is no YAML word), else quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value)
    if _PLAIN.fullmatch(text) and text.lower() not in _RESERVED and not text.endswith(" ") and " #" not in text:
        return text
    if re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", text):
        return text  # a timestamp: read back as the same instant
    return yaml_quoted(text)  # every control character (C1 too) escaped: the file reads back


# ---- the front's two questions ------------------------------------------------------------------


def graph_readings(snapshot: Snapshot) -> AddendaReadings:
    """What the project's addenda say, read against the snapshot's graph, every proposal
    included (``engine.addenda.reading.readings_of``): read once per graph build, kept beside it
    for the processes after (``engine.addenda.readings_file``), and by the snapshot for the
    questions after."""
    from .addenda.readings_file import stored_readings

    return snapshot._once("addenda_readings", lambda: stored_readings(snapshot))  # type: ignore[no-any-return]


def _stored_words(snapshot: Snapshot, item: Locator) -> str | None:
    """The words of ``item`` in the newest stored revision holding it (or the one it pins)."""
    from inforce.ontology import NotFoundError

    revisions = sorted((d for d in _documents(snapshot) if d.id == item.doc and item.rev in (None, d.revision)),
                       key=lambda d: (d.effective.from_, d.seq), reverse=True)
    for revision in revisions:
        try:
            return snapshot.store.provision_text(Locator(doc=item.doc, rev=revision.revision, path=item.path))[0]
        except NotFoundError:
            continue
    return None


def _stored(snapshot: Snapshot) -> Callable[[Locator], bool]:
    """Whether the graph holds a locator, a revision it pins included (``in_corpus``)."""
    from .ingest.corpus import in_corpus

    store = snapshot.store
    return in_corpus(_documents(snapshot), lambda at: store.has_provision(at.doc, at.path)
                     if at.path is not None else False)


def _documents(snapshot: Snapshot) -> list[Document]:
    return snapshot._once("document_metadata", snapshot.store.documents)  # type: ignore[no-any-return]


def project_readings(snapshot: Snapshot, root: Path, groups: Iterable[str] | None = None, *,
                     gated: bool = True) -> AddendaReadings:
    """The addenda readings with only the pending proposals, the entries of the review file,
    those awaiting the next ingest and those gone stale (``with_reviews``).

    ``groups``: the asker's; items are read as they may read them (``as_read_by``), and an item,
    edge or entry naming a document they may not read is left out, that document listed in
    ``withheld`` by id (``withhold``). None: everything (an operator). ``gated`` False: the
    reading chosen for ``groups`` but nothing left out (the sweep, which gates each proposal
    on its date itself)."""
    reviews = read_by(snapshot, root, groups)
    readings = as_read_by(snapshot, graph_readings(snapshot), groups)
    stale = [review for review in accepted(reviews) if review.digest is not None
             and (words := _stored_words(snapshot, review.item)) is not None and item_digest(words) != review.digest]
    readings = with_reviews(readings, reviews, stale)
    in_graph = {(_key(edge.by or edge.source, edge.target), edge.scope, edge.successor)
                for edge in snapshot.index.supersession.edges if edge.origin == "review"}
    applied = {_key(edge.by, edge.target) for edge in readings.applied}
    awaiting = tuple(review for review in accepted(reviews) if review not in stale
                     and _key(review.item, review.target) not in applied
                     and (_key(review.item, review.target), review.scope, review.successor) not in in_graph)
    readings = readings.model_copy(update={
        "awaiting_ingest": awaiting,
        # as a reviewer reads them: each addendum top to bottom (not p-1006 before p-202)
        "applied": tuple(sorted(readings.applied, key=lambda e: (e.file or "", e.line or 0))),
        "proposed": tuple(sorted(readings.proposed, key=lambda p: (p.file, p.line or 0))),
        "not_understood": tuple(sorted(readings.not_understood, key=lambda n: (n.file, n.line or 0))),
    })
    return readings if groups is None or not gated else withhold(snapshot, readings, groups)


def as_read_by(snapshot: Snapshot, readings: AddendaReadings, groups: Iterable[str] | None,
               unshared: Iterable[UnsharedReading] | None = None) -> AddendaReadings:
    """``readings`` (each addendum read against the revisions its readers share: what the graph
    applies) with the items that read otherwise against every revision read so, for an asker
    who may read every revision those readers do not share (``addenda.view.in_full``; ``groups``
    None: everything). ``unshared``: those items' readings, by default the ones ``readings``
    carries. Before ``withhold``, which gates the rest."""
    from .addenda.view import in_full

    unshared = tuple(readings._unshared if unshared is None else unshared)
    if not unshared:
        return readings
    gate, held = snapshot.gate, tuple(groups or ())
    may_read = None if groups is None else (
        lambda uid: gate.may_read(Locator(doc=uid.partition("@")[0], rev=uid.partition("@")[2]), held))
    proposed, not_understood = in_full(readings.proposed, readings.not_understood, unshared, may_read)
    return readings.model_copy(update={
        "proposed": tuple(sorted(proposed, key=lambda p: (p.file, p.line or 0))),
        "not_understood": tuple(sorted(not_understood, key=lambda n: (n.file, n.line or 0)))})


def withhold(snapshot: Snapshot, readings: AddendaReadings, groups: Iterable[str]) -> AddendaReadings:
    """``readings`` as an asker with ``groups`` may see them (the access gate decides): what
    names a document they may not read is left out, that document listed in ``withheld`` by id.

    Each addendum is read against the revisions every reader of it may read
    (``addenda.view``), so the reading of an item the asker may read names nothing they may
    not read, and what ``as_read_by`` shows in its place they may read. What is left to gate
    here: the items and targets they may not read (a target by the revisions that hold it,
    ``Snapshot.target_readable``), the items skipped of an addendum they may not read (counted
    by addendum: ``AddendaReadings._skipped_by``), and the decisions on file whose target they
    do not hold (``Snapshot.edge_known``); the decisions shown are listed without their line (``listed``)."""
    gate = snapshot.gate
    if gate.all_public:
        return readings
    held = tuple(groups)
    hidden = gate.unreadable_documents(held)
    if not hidden:
        return readings
    withheld: set[str] = set(readings.withheld)

    def readable(*locators: Locator) -> bool:
        unread = {locator.doc for locator in locators if locator.doc in hidden}
        withheld.update(unread)
        return not unread

    holds = snapshot.target_held(held)
    known = snapshot.edge_known(held)
    targets = snapshot.target_readable(held)

    def on_file(decision: ReviewDecision) -> bool:
        # a decision on file is shown where ``show`` shows it with its edge (issue 23, twenty-
        # seventh audit): its item readable, its target one the asker may read a revision of
        # (``redaction.edge_target``), not at all where they do not know of that target
        if not readable(decision.item) or not known(decision.item, decision.target):
            return False
        if not targets(decision.target):
            withheld.add(decision.target.doc)
            return False
        return True

    def target(locator: Locator) -> bool:
        # what an edge or proposal targets, by the revisions that hold it (``target_readable``),
        # as ``show`` and ``history`` judge it: a public revision's paragraph is no less the
        # asker's for another revision of its document they may not read (HH-01)
        if targets(locator):
            return True
        withheld.add(locator.doc)
        return False

    # the items a rule's skip list covers, counted over the addenda they may read (a restricted
    # addendum's count tells of its words); an addendum they may not read whose items were
    # skipped is withheld as one whose items were listed is
    skipped: dict[str, int] = {}
    for doc, counts in readings._skipped_by.items():
        if readable(Locator(doc=doc)):
            for rule, count in counts.items():
                skipped[rule] = skipped.get(rule, 0) + count
    place = listed(snapshot, held)
    return readings.model_copy(update={
        "skipped": skipped,
        "applied": tuple(e for e in readings.applied if known(e.by, e.target) and readable(e.by) and target(e.target)),
        "proposed": tuple(p for p in readings.proposed if holds(p.target) and readable(p.item) and target(p.target)),
        "not_understood": tuple(n for n in readings.not_understood if readable(n.item)),
        "reviewed": tuple(place(r) for r in readings.reviewed if on_file(r)),
        "awaiting_ingest": tuple(place(r) for r in readings.awaiting_ingest if on_file(r)),
        "stale": tuple(place(r) for r in readings.stale if on_file(r)),
        "withheld": tuple(sorted(withheld)),
    })


def told_all(snapshot: Snapshot, groups: Iterable[str] | None) -> bool:
    """Whether an asker with ``groups`` is told the review file whole: an operator (None) and an
    asker who may read every document. The file speaks of any document (its entries' items,
    targets and notes), so whoever could be withheld one is told less of it (``listed``,
    ``withhold_problems``), whether or not the file names one they may not read.

    Every document, erased ones too: an entry of ``erasures.yaml`` keeps the access of what it
    erased (``Erasure.told_to``), and the graph no longer holds it, so once a project's only
    restricted revision or document is erased its gate is all public. An asker the entry is not
    told to is not told every document (audit KK-04: an unfinished erasure's problem named the
    restricted revision, who erased it and when). An erasure record that does not read may keep
    any access: fail closed."""
    if groups is None:
        return True
    held = tuple(groups)
    if not (snapshot.gate.all_public or not snapshot.gate.unreadable_documents(held)):
        return False
    from .erasures import read_erasures

    try:
        erased = read_erasures(snapshot.root)
    except (InputError, ExceptionGroup):
        return False
    return all(entry.told_to(held) for entry in erased)


def listed(snapshot: Snapshot, groups: Iterable[str] | None) -> Callable[[ReviewDecision], ReviewDecision]:
    """A decision of the review file as an asker with ``groups`` is told of it: with its
    ``line`` in reviews.yaml for an operator (None) and an asker who may read every document,
    without it (None) for any other (issue 23, thirty-first audit). A line counts the entries
    before it, those the asker may not see too (and roughly how long they are), and that a
    line is left out would tell as much where it is left out only after such an entry: so it
    is left out for whoever could be withheld a decision, whether or not one is."""
    if told_all(snapshot, groups):
        return lambda decision: decision
    return lambda decision: decision.model_copy(update={"line": None})


def changed_for(snapshot: Snapshot, root: Path, groups: Iterable[str]) -> bool:
    """Whether the review file, edited since the graph was built, changes what the next ingest
    gives an asker with ``groups`` who is not told the file whole (``told_all``; issue 23,
    audit 34 AA-04): an accepted entry they are shown waits for the ingest, or a reviewed edge
    of the graph they know (``Snapshot.edge_known``, its item readable, its target one they may
    read) is no longer decided as it was (who, when, note, scope). A change in entries only
    about documents they may not read is none to them; a decision on a pending proposal applies
    nothing, the next ingest included. Its problems as they may be told them (``read_by``)."""
    held = tuple(groups)
    if project_readings(snapshot, root, held).awaiting_ingest:
        return True
    latest = decided(read_reviews(root))
    hidden = snapshot.gate.unreadable_documents(held)
    known, targets = snapshot.edge_known(held), snapshot.target_readable(held)
    for edge in snapshot.index.supersession.edges:
        if edge.origin != "review" or edge.review is None or edge.by is None:
            continue
        if edge.by.doc in hidden or not known(edge.by, edge.target) or not targets(edge.target):
            continue
        now = latest.get(_key(edge.by, edge.target))
        if now is None or now.decision != "accept" or (now.scope, now.successor) != (edge.scope, edge.successor) \
                or (now.by, now.note) != (edge.review.by, edge.review.note) \
                or parse_datetime_utc(now.at) != edge.review.at:
            return True
    return False


def read_by(snapshot: Snapshot, root: Path, groups: Iterable[str] | None, *,
            checked: bool = True) -> tuple[ReviewDecision, ...]:
    """The review file's entries (``read_reviews``), ``checked``: each item and target one the
    corpus holds (``check_reviews``, as the ingest refuses them: a decision on nothing is no
    decision); its problems raised as an asker with ``groups`` may be told them
    (``withhold_problems``)."""
    try:
        reviews = read_reviews(root)
        problems = check_reviews(reviews, _stored(snapshot)) if checked else []
        if problems:
            raise InputErrors(f"{REVIEWS_FILE}: an entry the project cannot hold", problems)
    except InputErrors as failed:
        raise withhold_problems(snapshot, failed, groups) from None
    return reviews


def withhold_problems(snapshot: Snapshot, failed: InputErrors, groups: Iterable[str] | None) -> InputErrors:
    """The review file's problems as an asker with ``groups`` may be told them (issue 23, audit
    34 AA-03): whole for an asker told the file whole (``told_all``); for any other, each at its
    file, line and field, without its words or column: a problem quotes the line's text or its
    values (a note, a target), which may be those of an entry about a document they may not read.
    As ``ingest.withhold_problems`` withholds the problems of files an asker may not read whole."""
    if told_all(snapshot, groups):
        return failed
    shown = [InputError("missing" if getattr(problem, "reason", None) == "required"
                        else "does not read (its text and values withheld: access)",
                        file=getattr(problem, "file", None), line=getattr(problem, "line", None),
                        field=getattr(problem, "field", None),
                        reason=getattr(problem, "reason", None),
                        hint="whoever holds the files (an ingest without groups, on the command line) or an asker "
                             "whose groups read every document is told it")
             for problem in failed.exceptions]
    return InputErrors(failed.message, shown)


def record_review(
    snapshot: Snapshot, root: Path, item: Locator | str, decision: str, *, by: str,
    target: Locator | str | None = None, scope: str | None = None, note: str | None = None,
    at: dt.datetime | None = None, groups: Iterable[str] | None = None, digest: str | None = None,
) -> ReviewDecision:
    """Decide a proposal of ``item`` (the one named by ``target`` when it has several), or
    declare an edge from ``item`` to ``target`` no rule proposed (``scope`` then required),
    and append the decision, with a digest of the item's words, to the review file. Fields are
    named as the front names them: ``item``, ``target``, ``scope``, ``by``, ``decision``.

    Refused (InputError naming the field): an item that is not an addendum's, an edge a rule
    already applied (a review decides proposals), an accepted edge the corpus cannot hold (the
    ingest's corpus checks: the item replacing itself or its own document, a cycle, a target
    not in effect on the item's date), the same decision twice. ``groups``: the asker's; an
    item or target of a document they may not read is refused (``AccessRestrictedError``),
    before anything of it is looked at, and only proposals they may read are chosen from.
    None: an operator. ``digest``: the ``item_digest`` of the item's words as the decider read
    them (``shown_digest``); when they have changed since, the decision is refused (InputError,
    field ``digest``, reason ``changed``) and nothing is written (audit MM3-1)."""
    item = _locator(item, "item")
    wanted = None if target is None else _locator(target, "target")
    held = None if groups is None else tuple(groups)
    if held is not None:
        for asked in (item, wanted):
            if asked is not None and not snapshot.may_read(asked.unpinned(), held):
                raise AccessRestrictedError(asked.format())
    if item.path is None:
        raise InputError(f"{item} names a whole document, not an addendum item", field="item",
                         hint="name the item, e.g. ADD-3#item-2")
    if not snapshot.store.has_provision(item.doc, item.path):
        raise InputError(f"{item} is not in the project", field="item",
                         hint="inforce review PROJECT lists the items with pending proposals")
    if decision not in ("accept", "reject"):
        raise InputError(f"{decision!r} is not accept or reject", field="decision")
    name = _typed(by or "", "by", person_name)
    if not name:
        raise InputError("who decides is recorded with the decision", field="by", reason="required")
    if wanted is not None and not _stored(snapshot)(wanted):
        raise InputError(f"{wanted} is not in the project", field="target")
    if scope is not None and scope not in ("full", "partial"):
        raise InputError(f"{scope!r} is not full or partial", field="scope")
    for field, text in (("by", name), ("note", note)):
        if text is not None and (too_long := review_text_too_long(field, text)):
            raise InputError(too_long, field=field, hint=_TOO_LONG_HINT[field])
    owner = _owner(snapshot, item)
    if digest is not None and digest != item_digest(owner[1]):
        raise InputError(f"the item {item} changed since you read it; reload it and decide again", field="digest",
                         reason="changed", hint="the item's words are not the ones your decision was made on")
    reviews = read_by(snapshot, root, held, checked=False)
    readings = as_read_by(snapshot, graph_readings(snapshot), held)  # as the reviewer reads the items
    proposals = readings.proposed
    hidden: list[ProposedEdge] = []
    if held is not None:
        hidden = [p for p in proposals if p.item.unpinned() == item.unpinned() and p.target.doc != item.doc
                  and not snapshot.may_read(p.target.unpinned(), held)]
        proposals = tuple(p for p in proposals if p not in hidden)
    waiting = with_reviews(readings.model_copy(update={"proposed": proposals}), reviews).proposed
    if wanted is None and hidden and not any(p.item.unpinned() == item.unpinned() for p in proposals):
        raise AccessRestrictedError(Locator(doc=hidden[0].target.doc).format())
    proposal = choose_proposal(proposals, waiting, item, wanted)
    if proposal is None:
        if scope is None and decision == "accept":
            raise InputError(f"{item} proposes no edge to {wanted}: an edge declared by a reviewer says whether it "
                             "replaces the target whole or in part", field="scope", reason="required")
        chosen_target, chosen_scope, successor = wanted, scope or "full", True
    else:
        chosen_target, chosen_scope, successor = proposal.target, scope or proposal.scope, proposal.successor
        if not successor and chosen_scope != "full":
            raise InputError("the item deletes its target (nothing succeeds it): the scope is full", field="scope")
    assert chosen_target is not None
    rule = next((edge.rule for edge in readings.applied if _key(edge.by, edge.target) == _key(item, chosen_target)),
                None)
    if rule is not None:
        raise InputError(f"{item.unpinned()} → {chosen_target} is applied by rule {rule}: a review decides "
                         "proposals, not the edges a rule applies", field="decision",
                         hint="to change what a rule applies, change the rule pack (docs/rules.md) or the addendum")
    moment = (at or dt.datetime.now(dt.UTC)).astimezone(dt.UTC)
    entry = ReviewDecision(
        item=item.unpinned() if item.rev is None else item, target=chosen_target, scope=chosen_scope,
        successor=successor, decision=decision, by=name, at=utc_text(moment),
        note=" ".join(_typed(note, "note", one_line).split()) if note and note.strip() else None,
        digest=item_digest(owner[1]),
    )
    if decision == "accept":
        _check_edge(snapshot, owner[0], entry)
    return append_review(root, entry, listed(snapshot, held))


def shown_digest(snapshot: Snapshot, item: Locator | str, *, groups: Iterable[str] | None = None) -> str:
    """The ``item_digest`` of ``item``'s words as a review of it reads them now: what a page
    showing the item sends back with the decision (``record_review``'s ``digest``). For
    ``groups`` (None: the operator) an item of a revision they may not read is not in the project."""
    asked = tuple(groups) if groups is not None else None
    # a revision the asker may not read is passed over before anything of it is judged (its kind
    # too: "is an item of a specification" told a restricted section from an absent one, audit 85 A F2)
    readable = None if asked is None else (
        lambda revision: snapshot.may_read(Locator(doc=revision.id, rev=revision.revision), asked))
    _, words = _owner(snapshot, _locator(item, "item"), readable=readable)
    return item_digest(words)


def _owner(snapshot: Snapshot, item: Locator, *,
           readable: Callable[[Document], bool] | None = None) -> tuple[Document, str]:
    """The stored revision an edge of ``item`` would belong to, and the item's words there;
    InputError when that document is not one a supersession rule reads (an addendum).
    ``readable``: the revisions the asker may read (None: every one); the others are as absent."""
    from inforce.ontology import NotFoundError

    kinds = {kind for rule in snapshot.rules.supersession for kind in rule.document_kinds}
    revisions = sorted((d for d in _documents(snapshot) if d.id == item.doc and item.rev in (None, d.revision)
                        and (readable is None or readable(d))),
                       key=lambda d: (d.effective.from_, d.seq), reverse=True)
    for revision in revisions:
        try:
            words = snapshot.store.provision_text(Locator(doc=item.doc, rev=revision.revision, path=item.path))[0]
        except NotFoundError:
            continue
        if revision.kind not in kinds:
            raise InputError(_not_read(item, revision.kind, kinds), field="item",
                             hint="a review decides what an addendum item changes")
        return revision, words
    raise InputError(f"{item} is not in the project", field="item")



def _not_read(item: object, kind: str, kinds: Collection[str]) -> str:
    """Why a review of ``item`` (in a document of ``kind``) decides nothing: the manifest's
    supersession packs read no document of that kind (``kinds``: the kinds they read)."""
    if not kinds:
        return f"{item} is an item of a {kind}, and the manifest lists no supersession rule pack to read items"
    return f"{item} is an item of a {kind}; the supersession rules read items of {', '.join(sorted(kinds))} only"


def _check_edge(snapshot: Snapshot, owner: Document, entry: ReviewDecision) -> None:
    """InputError (field ``target``) when the corpus could not hold the accepted edge: the
    ingest's own corpus checks (``ingest.corpus.check_corpus``), run on the graph's documents
    with the edge added."""
    from .ingest.corpus import check_corpus

    edge = Supersedes(source=owner.locator, target=entry.target, scope=entry.scope, effective=owner.effective.from_,
                      by=entry.item.unpinned(), origin="review", successor=entry.successor,
                      review=EdgeReview(by=entry.by, at=entry.at, note=entry.note))
    store = snapshot.store
    declared: dict[str, list[Supersedes]] = {}
    for held in snapshot.index.supersession.edges:  # the graph's edges, on the revisions declaring them
        declared.setdefault(f"{held.source.doc}@{held.source.rev}", []).append(held)
    graph = [doc.model_copy(update={"supersedes": tuple(declared.get(doc.uid, ()))}) for doc in _documents(snapshot)]
    metadata = [doc.model_copy(update={"supersedes": (*doc.supersedes, edge)}) if doc.uid == owner.uid else doc
                for doc in graph]

    def exists(at: Locator) -> bool:
        return store.has_provision(at.doc, at.path)

    before = {str(problem) for problem in check_corpus(graph, exists)}
    problems = [problem for problem in check_corpus(metadata, exists) if str(problem) not in before]
    if problems:
        first = problems[0]
        raise InputError(first.message, field="target", hint=first.hint)


def _locator(value: Locator | str, field: str) -> Locator:
    """An item or target as the decider sent it (CLI or HTTP): ``sent_locator``, so one with
    spaces around it is refused (reason ``padded``), never stripped and recorded."""
    if isinstance(value, Locator):
        return value
    try:
        return sent_locator(value)
    except LocatorError as problem:
        raise InputError(problem.message, field=field, hint=problem.hint, reason=problem.reason) from None


def stage_reviews(
    reviews: Sequence[ReviewDecision], parsed: Iterable[Document], metadata: list[Document],
    exists: Callable[[Locator], bool], tx: IngestTransaction, *,
    derived: Iterable[tuple[Locator, Locator, str, bool, str]] = (), kinds: Collection[str] | None = None,
) -> tuple[list[Document], list[InputError], list[InputError], list[ReviewDecision]]:
    """At ingest: check every entry against the corpus, stage the edges of the accepted ones
    whose item document was ``parsed`` in this ingest, and return ``metadata`` carrying them
    for the corpus checks, the problems found (each at its line of the review file), the
    warnings (a stale entry; an entry deciding an edge a rule applied, ``derived`` as
    ``(by, target, scope, successor, rule)``: a rule's edge is not rejected or re-scoped by a
    review, nor doubled) and the stale entries."""
    from .ingest.corpus import in_corpus

    problems = check_reviews(reviews, in_corpus(metadata, exists))
    if problems:
        return metadata, problems, [], []
    edges, stale, problems = review_edges(reviews, parsed, kinds=kinds)
    warnings = future_warnings(reviews) + [stale_warning(review) for review in stale]
    by_rule = {_key(by, target): (scope, successor, rule) for by, target, scope, successor, rule in derived}
    for review in decided(reviews).values():
        ruled = by_rule.get(_key(review.item, review.target))
        if ruled is None or review in stale:
            continue
        scope, successor, rule = ruled
        if review.decision == "reject" or (review.scope, review.successor) != (scope, successor):
            warnings.append(InputError(
                f"{review.item} → {review.target} is applied by rule {rule} ({scope}); this entry "
                f"({review.decision}, {review.scope}) does not change it: a review decides proposals",
                file=REVIEWS_FILE, line=review.line, field="decision",
                hint="to change what a rule applies, change the rule pack or the addendum; or remove the entry"))
    edges = [edge for edge in edges if _key(edge.by or edge.source, edge.target) not in by_rule]
    if problems or not edges:
        return metadata, problems, warnings, stale
    tx.add_edges(edges)
    owned: dict[str, list[Supersedes]] = {}
    for edge in edges:
        owned.setdefault(f"{edge.source.doc}@{edge.source.rev}", []).append(edge)
    return ([meta.model_copy(update={"supersedes": meta.supersedes + tuple(owned[meta.uid])})
             if meta.uid in owned else meta for meta in metadata], [], warnings, stale)
