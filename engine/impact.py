"""What a rule-pack change would change: the decisions of a project recomputed under the
pack before and after the change (``inforce rules impact``, issue 25).

A policy owner edits a pack and asks, before merging, which real decisions come out
differently. The new pack takes the place of one pack of the manifest (the one at the same
path, or, given elsewhere, the one whose rule ids it carries); the old pack is that pack as
given, or as a git revision holds it. Both rule sets are compiled (and linted) as a project's
are; then every decision the project can replay is made twice, through the engine's own
functions and never a copy of their rules, and each that differs is listed with both
outcomes and the rule behind it (its id, and the pack file and line it is written at):

1. **eligibility** (and calculations) for each case of a cases file (JSON lines of contexts),
   of the contexts of the project's example answers (``answers/*.json``) and of the pack's own
   tests (``NAME.test.yaml``); the tests' other cases (derive, read, precedence, qualifiers,
   subjects) under **tests**, each answer compared whole;
2. **supersession**: the edges the addenda derive (``engine.addenda.reading.readings_of``, in
   memory: the graph is never written), added, removed or changed, and the proposals too; then
   what ``asof`` answers for each target whose edges changed, on each date of interest;
3. **precedence**: the sweep run on each date under each side (the graph's edges of rule
   origin replaced by the side's own), its findings compared by id: resolution, winner, rule.
   Not recomputed when the change touches no rule the sweep reads (precedence, supersession,
   qualifier or subject rules, or the pack's conditions) and no edge.

4. **subjects**: when the change touches the subject vocabulary (a ``subject``,
   ``inference``, ``abbreviations`` or ``grade`` rule, or the pack's ``conditions``), every
   stored revision's quantities are read again from its provisions' stored text with the old
   vocabulary and with the new (``facts.read_quantities`` with each side's
   ``quantities.project_extractor``, as ingest reads them), and each figure whose subject
   differs is listed (bound to another subject, bound to none, or newly bound) at its file and
   line, with the vocabulary rules behind each outcome; past :data:`_SUBJECTS_LISTED` the rest
   are counted by outcome. Revisions the asker may not read are not read (see Access).

The graph's other data (documents, applicability, qualifier links, an addendum's items) is as
ingested; the sweep compares the stored quantities' subjects, not the re-read ones.

**Access, one rule for every source.** The asker (``groups``) may write both packs, so anything
the report tells of a decision about a document they may not read is an oracle over its text
(audit 112a F1: a subject rule whose synonym is a guessed phrase told, by a change listed
"SEC-1: withheld (access)" or only counted, whether SEC-1 holds those words beside a figure). So
a decision that involves what the asker may not read is **neither listed nor counted**, in any
source, changed or not (``_Impact.add``, and each source's total through ``_Impact.shown``): the
report, exit status included, is the same whatever the packs say about restricted documents.
What is read or judged is the one gate's (``Snapshot.target_readable``: undated, or on the
decision's day, a document judged by the revision that decides it, audit LL-02):

- the sweep is run as the asker and the ``asof`` answers are theirs (``Snapshot.asof``), and a
  finding or answer resting on what they may not read that day is left out; an addendum item
  they may not read keeps the graph's edges (as ingested) on both sides, never the ones either
  pack would derive from its text; an edge or proposal whose item or target they may not read is
  left out, and so is its target's as-of answer;
- the subjects read only the revisions they may read;
- a case (``--cases``, an example answer, a logged decision) is decided with its own groups, and
  is theirs only when those groups read nothing they may not (judged by the gate, never by which
  documents the packs make the answer name); a logged precedence question, by its two sides on
  its day;
- the pack's own tests are decided over their corpus: a test file whose corpus holds a document
  they may not read (judged as ``_Impact._test_judge`` judges it: the test's documents by their
  own access, and with ``corpus: ..`` by the project's as well; audit NN-1, NN-3) is left out
  whole, its note naming those documents; a test corpus file that does not read is told as a
  failed ingest tells it (``engine.ingest.withhold_read_problems``).

What the asker is told instead does not depend on the packs: the report's ``withheld`` names by
id every document they may not read in full or in part (``Snapshot.withheld``, as the sweep's
``summary.withheld``), with the pack tests' corpus's; each source's ``withheld`` is kept in the
JSON for its readers and is always 0. An asker who may read every document (the owner) sees every
decision whole, as before.

**What is not a decision** is counted apart and named (``ImpactReport.unreplayed``), never as
unchanged: a case that is an input error under both packs (a case of ``--cases`` is then an
input error of the command, as a line that does not parse is), a logged decision of another
project or decided under packs or rules neither side has, a torn log line.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import re
import subprocess
import tempfile
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from inforce.ontology import (
    Context,
    ImpactChange,
    ImpactReport,
    ImpactSource,
    ImpactUnreplayed,
    InforceError,
    InputError,
    InputErrors,
    Locator,
    Manifest,
    RuleChange,
    RulePackRef,
    RulePlace,
    Supersedes,
)
from inforce.ontology.files import read_bounded_text
from inforce.ontology.jsontext import loads, no_constant
from inforce.ontology.text import terminal_line
from inforce.rules.casefile import CASE_KINDS

if TYPE_CHECKING:
    from inforce.ontology import AddendaReadings
    from inforce.rules import RuleSet

    from .packtests import CaseCorpus, CorpusLoader
    from .snapshot import Snapshot

__all__ = ["rules_impact"]

#: Rule kinds the sweep reads (besides the edges): a change to none of them leaves it as it was.
_SWEEP_KINDS = frozenset({"precedence", "supersession", "qualifier", "subject"})

#: The rule kinds of a subject vocabulary: a change to one reads the stored quantities again.
_VOCABULARY_KINDS = ("subject", "inference", "abbreviations", "grade")
#: How many changed subject bindings are listed one by one; the rest are counted by outcome.
_SUBJECTS_LISTED = 50

#: The rule kinds that decide each kind of a pack test's case.
_TEST_KINDS = {"eligible": ("eligibility", "calculation"), "precedence": ("precedence",),
               "derive": ("supersession",), "read": ("supersession",), "qualifiers": ("qualifier",),
               "subjects": ("subject",)}


# ---- the front's question -------------------------------------------------------------------


def rules_impact(
    snapshot: Snapshot, root: Path, new: str | Path, *, against: str | Path | None = None,
    against_ref: str | None = None, cases: str | Path | None = None, valid_at: Sequence[dt.date] = (),
    decisions: Sequence[str | Path] = (), load_corpus: CorpusLoader | None = None,
    display: Callable[[str], str] = str, groups: Sequence[str] = (),
) -> ImpactReport:
    """The decisions of the project (``snapshot``, at ``root``) that ``new`` changes (see the
    module's doc), shown to an asker holding ``groups``. ``display`` names a pack file as
    answers do (``Project``'s).

    InputError when the pack replaces none (or several) of the manifest's packs, when the old
    pack cannot be read (no git checkout, not at the ref), when a case or a logged decision
    does not read (its file and line named); InputErrors (exit 2 on the command line) when either pack does not lint."""
    if against is not None and against_ref is not None:
        raise InputError("give the old pack as a file or as a git revision, not both", field="against")
    new_file = _handed_pack(new, field="pack", hint="give the edited pack's file")
    manifest = _with_default_subjects(snapshot.manifest, root, new_file)
    index, current = _replaced(manifest, root, new_file)
    ref = manifest.rules[index]
    same_place = current.resolve() == new_file.resolve()
    with _old_pack(root, ref, current, against, against_ref, same_place) as (old_file, old_label):
        new_label = _given(new_file, root, display)
        old_rules = _compiled(manifest, root, index, old_file, f"the old pack ({old_label})", old_label)
        new_rules = _compiled(manifest, root, index, new_file, f"the new pack ({new_label})", new_label)
        labels = {str(old_file.resolve()): old_label, str(new_file.resolve()): new_label}

        def shown(file: str) -> str:
            return labels.get(str(Path(file).resolve())) or display(file)

        places = (_places(old_rules, shown), _places(new_rules, shown))
        touched = _rule_changes(old_rules.packs[index], new_rules.packs[index], places)
        test_file = _test_file(new_file, current)
        logged = _Logged.read(decisions, manifest.project, {*places[0], *places[1]})
        work = _Impact(snapshot, root, (old_rules, new_rules), places, touched, display, groups)
        work.unreplayed += logged.unreplayed
        dates = tuple(sorted(set(valid_at))) or (_latest_date(snapshot, groups),)
        given = _case_file(Path(cases)) if cases is not None else []
        work.eligibility([*given, *_cases(root), *logged.cases], test_file, (old_file, new_file), load_corpus,
                         note=logged.note, given={origin: str(cases) for origin, _, _ in given})
        same_edges = work.supersession()
        work.asof(dates)
        work.precedence(dates, same_edges, _pack_level_same(old_rules.packs[index], new_rules.packs[index]),
                        logged.precedence)
        work.subjects()
    # a source's total counts only what the asker is shown; its ``withheld`` is 0 (kept for the
    # JSON's readers): what was left out is named once, by document, in the report's ``withheld``
    sources = tuple(source.model_copy(update={
        "decisions": source.decisions - work.dropped.get(source.source, 0),
        "unreplayed": sum(1 for skipped in work.unreplayed if skipped.source == source.source)})
        for source in work.sources)
    return ImpactReport(
        project=manifest.project, index_build=snapshot.build_id, pack=ref.name, new=new_label, old=old_label,
        valid_at=dates, rules_changed=tuple(touched), sources=sources, changes=tuple(work.changes),
        unreplayed=tuple(work.unreplayed), groups=tuple(groups),
        withheld=tuple(sorted({*snapshot.withheld(groups), *work.test_withheld})),
    )


# ---- which pack, old and new ------------------------------------------------------------------


def _handed_pack(name: str | Path, *, field: str, hint: str | None = None) -> Path:
    """The pack file a command was handed: InputError when there is none, or when what is there
    is not a regular file (a folder, ``/dev/zero``, a named pipe), each said as it is."""
    file = Path(name)
    if not file.exists():
        raise InputError(f"no pack file {name}", field=field, hint=hint)
    if not file.is_file():
        raise InputError(f"the pack {name} is not a regular file (a folder, a device or a named pipe)",
                         field=field, hint=hint)
    return file


def _given(file: Path, root: Path, display: Callable[[str], str]) -> str:
    """A file given on the command line as the report names it: by its path in the project
    when it is in it, else as given."""
    try:
        file.resolve().relative_to(root.resolve())
    except ValueError:
        return str(file)
    return display(str(file.resolve()))


def _pack_file(ref: RulePackRef, root: Path) -> Path:
    from inforce.rules import resolve_pack

    return resolve_pack(ref.stock if ref.stock is not None else str(ref.path),
                        None if ref.stock is not None else root, only="stock" if ref.stock is not None else "path")[1]


def _rules_written(file: Path, *, strict: bool = True) -> list[dict[str, Any]]:
    """The rules a pack file holds, as written (InputErrors, as the lint reports it, when it does
    not read; with ``strict`` False, none)."""
    from inforce.rules.loader import display_path
    from inforce.rules.source import plain, read_yaml

    try:
        text = read_bounded_text(file, what="the rule pack", file=display_path(file), regular=True)
        tree = plain(read_yaml(display_path(file), text).tree)
    except InputError as problem:  # a RuleError; or not a regular file, or over the size limit
        if not strict:
            return []
        raise InputErrors(f"rule pack {display_path(file)} does not load", [problem]) from None
    except UnicodeDecodeError as problem:
        if not strict:
            return []
        raise InputErrors(f"rule pack {display_path(file)} does not load", [
            InputError(f"not UTF-8 text: {problem}", file=display_path(file), code="RP001")]) from None
    rules = tree.get("rules") if isinstance(tree, dict) else None
    return [rule for rule in rules or () if isinstance(rule, dict)]


def _rule_ids(file: Path) -> list[str]:
    """The rule ids a pack file carries (InputErrors when it does not read)."""
    return [str(rule["id"]) for rule in _rules_written(file) if "id" in rule]


def _with_default_subjects(manifest: Manifest, root: Path, new: Path) -> Manifest:
    """``manifest`` with the stock subject vocabulary a project reads without listing it (when no
    listed pack has subject rules: ``rules.compile_rules``) written as its last entry, where it
    is read, when ``new`` is that pack edited (its file, or its rule ids): a vocabulary change is
    tried on the project that uses it; else ``manifest`` as it is."""
    from inforce.ontology import RulePackRef
    from inforce.rules.loader import DEFAULT_SUBJECTS

    default = RulePackRef(stock=DEFAULT_SUBJECTS)
    if any(ref.stock == DEFAULT_SUBJECTS for ref in manifest.rules):
        return manifest
    default_file = _pack_file(default, root)
    if new.resolve() != default_file.resolve() and not set(_rule_ids(new)) & set(_rule_ids(default_file)):
        return manifest
    if any(rule.get("kind") == "subject" for ref in manifest.rules for rule in _rules_written(_pack_file(ref, root), strict=False)):
        return manifest  # a listed pack brings its own vocabulary: the stock one is not read
    return manifest.model_copy(update={"rules": (*manifest.rules, default)})


def _replaced(manifest: Manifest, root: Path, new: Path) -> tuple[int, Path]:
    """The manifest entry ``new`` takes the place of, and that pack's file: the one at the same
    path, else the one whose rule ids it carries (InputError for none, or several)."""
    files = [_pack_file(ref, root) for ref in manifest.rules]
    for index, file in enumerate(files):
        if file.resolve() == new.resolve():
            return index, file
    ids = set(_rule_ids(new))
    sharing = [index for index, file in enumerate(files) if ids & set(_rule_ids(file))]
    listed = ", ".join(ref.name for ref in manifest.rules) or "none"
    if not sharing:
        raise InputError(f"{new} carries no rule id of the project's packs ({listed}), so it replaces none of them",
                         field="pack", hint="give the pack at its place in the project, or keep its rule ids")
    if len(sharing) > 1:
        names = ", ".join(manifest.rules[i].name for i in sharing)
        raise InputError(f"{new} carries rule ids of several of the project's packs ({names}): which it replaces "
                         "is not guessed", field="pack", hint="keep one pack's rules in the file")
    return sharing[0], files[sharing[0]]


@contextlib.contextmanager
def _old_pack(
    root: Path, ref: RulePackRef, current: Path, against: str | Path | None, against_ref: str | None,
    same_place: bool,
) -> Iterator[tuple[Path, str]]:
    """The old pack's file and how the report names it: ``against`` as given; else the pack at
    a git revision (``against_ref``; by default HEAD when the new pack is the project's file
    edited in place); else the manifest's pack as it is (the new one was written elsewhere)."""
    if against is not None:
        file = _handed_pack(against, field="against")
        yield file, str(against)
        return
    if against_ref is None and not same_place:
        yield current, ref.name
        return
    revision = against_ref or "HEAD"
    if revision.startswith("-"):  # an option to git, never a revision
        raise InputError(f"not a git revision: {revision!r}", field="against_ref",
                         hint="name a commit, branch or tag, e.g. HEAD~1 or main")
    if ref.stock is not None:
        raise InputError(f"{ref.name} is a stock pack, not a file of the project's git history",
                         field="against_ref", hint="give the old pack's file instead")
    content, where = _git_show(current, revision)
    with tempfile.TemporaryDirectory(prefix="inforce-impact-") as folder:
        file = Path(folder) / current.name
        file.write_bytes(content)
        yield file, f"{revision}:{where}"


def _git_show(file: Path, revision: str) -> tuple[bytes, str]:
    """``file`` as ``revision`` holds it (``git show REV:path``), and its path in the checkout."""
    folder = file.resolve().parent

    def git(*args: str) -> subprocess.CompletedProcess[bytes]:
        try:
            return subprocess.run(["git", "-C", str(folder), *args], capture_output=True, check=False, timeout=60)
        except (OSError, subprocess.TimeoutExpired) as problem:
            raise InputError(f"git cannot be run: {problem}", field="against_ref",
                             hint="give the old pack's file instead") from None

    top = next((parent for parent in (folder, *folder.parents) if (parent / ".git").exists()), None)
    if top is None:
        raise InputError(f"{file} is not in a git checkout, so it has no version at {revision}",
                         field="against_ref", hint="give the old pack's file instead")
    where = file.resolve().relative_to(top).as_posix()
    shown = git("show", "--end-of-options", f"{revision}:./{file.resolve().name}")  # a path from the folder git runs in
    if shown.returncode != 0:
        said = shown.stderr.decode(errors="replace").strip().splitlines()
        raise InputError(f"{where} is not at {revision}" + (f" ({said[-1]})" if said else ""), field="against_ref",
                         hint="name a commit holding the pack, or give the old pack's file instead")
    return shown.stdout, where


def _compiled(manifest: Manifest, root: Path, index: int, file: Path, side: str, label: str) -> RuleSet:
    """The manifest's rule set with entry ``index`` read from ``file`` (its params kept), linted
    as a project's packs are: InputErrors naming every problem, for ``side``, each in ``file``
    named by ``label`` (an old pack from git: ``REF:path``, not the copy it was read from)."""
    from inforce.rules import compile_rules

    refs = list(manifest.rules)
    ref = refs[index]
    refs[index] = RulePackRef(path=str(file.resolve()), params=dict(ref.params), line=ref.line)
    try:
        return compile_rules(refs, root, manifest.facets)
    except InputErrors as group:
        from inforce.rules.loader import display_path

        copies = {str(file), str(file.resolve()), display_path(file), display_path(file.resolve())}
        for problem in group.exceptions:
            if isinstance(problem, InputError) and problem.file in copies:
                problem.file = label
        raise InputErrors(f"{side} does not lint", list(group.exceptions)) from None


def _places(rules: RuleSet, shown: Callable[[str], str]) -> dict[str, RulePlace]:
    """Each rule id of the rule set and where it is written."""
    places: dict[str, RulePlace] = {}
    for pack in rules.packs:
        for number, rule in enumerate(pack.pack.rules):
            line = pack.source.locate(("rules", number))[0] if pack.source is not None else None
            places.setdefault(rule.id, RulePlace(id=rule.id, file=shown(pack.file), line=line))
    return places


def _rule_changes(old: Any, new: Any, places: tuple[dict[str, RulePlace], dict[str, RulePlace]]) -> list[RuleChange]:
    before = {rule.id: (number, rule) for number, rule in enumerate(old.pack.rules)}
    after = {rule.id: (number, rule) for number, rule in enumerate(new.pack.rules)}
    changes = []
    for rule_id in dict.fromkeys([*after, *before]):
        if rule_id not in before:
            change, rule = "added", after[rule_id][1]
        elif rule_id not in after:
            change, rule = "removed", before[rule_id][1]
        elif before[rule_id][1] != after[rule_id][1]:
            change, rule = "modified", after[rule_id][1]
        elif _rank(before, rule_id) != _rank(after, rule_id):
            change, rule = "moved", after[rule_id][1]
        else:
            continue
        place = places[1].get(rule_id) or places[0][rule_id]
        changes.append(RuleChange(id=rule_id, change=change, kind=rule.kind, place=place))  # type: ignore[arg-type]
    return changes


def _rank(rules: Mapping[str, tuple[int, Any]], rule_id: str) -> int:
    """A rule's place among the pack's rules of its kind (the order precedence rules are tried in)."""
    number, rule = rules[rule_id]
    return sum(1 for other, (n, r) in rules.items() if r.kind == rule.kind and n < number and other != rule_id)


def _pack_level_same(old: Any, new: Any) -> bool:
    """Whether the two packs agree on every rule the sweep reads and on what the pack declares
    besides its rules (conditions, parameters)."""
    def sweep_rules(pack: Any) -> list[Any]:
        return [rule for rule in pack.pack.rules if rule.kind in _SWEEP_KINDS]

    return (sweep_rules(old) == sweep_rules(new) and old.params == new.params
            and old.pack.model_copy(update={"rules": []}) == new.pack.model_copy(update={"rules": []}))


def _test_file(new: Path, current: Path) -> Path | None:
    """The pack's own tests: beside the new file, else beside the manifest's pack."""
    from inforce.rules.casefile import tests_for_pack

    for pack in (new, current):
        tests = tests_for_pack(pack)
        if tests.is_file():
            return tests
    return None


def _latest_date(snapshot: Snapshot, groups: Sequence[str]) -> dt.date:
    """The date of interest when none is given: the latest effective date of the revisions an
    asker with ``groups`` may read (the gate's; a restricted revision's date is its content),
    today when they may read none. From the applicability rows: ``(uid, doc, kind,
    effective_from, ...)``."""
    uids = snapshot.readable_revisions(groups)  # None: every revision
    readable = set(uids) if uids is not None else None
    dates = [row[3] for row in snapshot.store.applicability_rows() if readable is None or row[0] in readable]
    return max(dates) if dates else dt.date.today()


# ---- the cases ------------------------------------------------------------------------------------


def _cases(root: Path) -> list[tuple[str, str, Context]]:
    """(origin, name, context) of each example answer's case."""
    found: list[tuple[str, str, Context]] = []
    answers = root / "answers"
    for file in sorted(answers.glob("*.json")) if answers.is_dir() else ():
        shown = file.relative_to(root).as_posix()
        try:
            context = loads(read_bounded_text(file, what="the answer", file=shown, regular=True)).get("context")
        except InputError:
            raise
        except (ValueError, UnicodeDecodeError, AttributeError) as problem:
            raise InputError(f"not an answer: {problem}", file=shown) from None
        except OSError as problem:
            raise InputError(f"cannot read the answer: {problem}", file=shown) from None
        if context is None:
            continue
        try:
            found.append((shown, file.stem, Context.model_validate(context)))
        except ValueError as problem:
            raise InputError(f"the answer's context does not read: {_first(problem)}", file=shown,
                             field="context") from None
    return found


def _case_file(path: Path) -> list[tuple[str, str, Context]]:
    """The cases of a JSON-lines file: one context a line (``{"attributes": {...}, "groups":
    [...], "valid_at": ..., "known_at": ..., "name": ...}``; blank lines and ``#`` lines
    skipped). InputError naming the file and line of the first that does not read."""
    text = _read_stream(path, "the cases", "cases")
    found = []
    named: dict[str, int] = {}  # each case's name, and the line it is given at
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            # NaN and the infinities are no JSON values; a name is text, given once (audit 74 B F4:
            # both were taken without a word, two cases of one name told apart by nothing)
            data = loads(line, parse_constant=no_constant)
            if not isinstance(data, dict):
                raise ValueError("a case is a JSON object (a context: attributes, groups, valid_at, known_at)")
            name = data.pop("name", f"case {number}")
            if not isinstance(name, str) or not name.strip():
                raise ValueError("a case's name is text")
            if name in named:
                raise ValueError(f"the name {name!r} is given to the case at line {named[name]} too")
            named[name] = number
            found.append((f"{path.name}:{number}", name, Context.model_validate(data)))
        except ValueError as problem:
            raise InputError(f"the case does not read: {_first(problem)}", file=str(path), line=number,
                             field="cases", hint='e.g. {"name": "UK order", "attributes": {"market": "UK"}, '
                             '"groups": ["support-uk"]}') from None
    return found


def _read_stream(path: Path, what: str, field: str) -> str:
    """The text of a cases file or decision log: a file or a pipe (``<(cmd)``), read bounded as
    every file a command is handed (``read_bounded``); anything else (a device, a socket) is
    refused, for both alike."""
    import stat

    try:
        mode = path.stat().st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):
            raise InputError(f"{what}: not a file or a pipe", file=str(path), field=field)
        return read_bounded_text(path, what=what, field=field)
    except (OSError, UnicodeDecodeError) as problem:
        raise InputError(f"cannot read {what}: {problem}", file=str(path), field=field) from None


#: A torn log line: named and skipped.
_TORN = object()
#: Where a decision-log line starts: what follows a torn fragment glued to it (a log written
#: before ``append_line`` cut short writes back off).
_LOG_LINE = re.compile(r'\{"at":')


def _first(problem: Exception) -> str:
    errors = getattr(problem, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()))
        return f"{where}: {first.get('msg')}" if where else str(first.get("msg"))
    return str(problem)


# ---- decisions logged ------------------------------------------------------------------------------


class _Asked:
    """A logged precedence decision: the two provisions, the case (date, known-at, groups), the
    packs and params it was asked under."""

    def __init__(self, a: str, b: str, context: Context, packs: Sequence[str], params: Mapping[str, str]) -> None:
        self.a, self.b, self.context, self.packs, self.params = a, b, context, tuple(packs), dict(params)


class _Logged:
    """The decisions of ``--decisions`` files: eligibility cases (``eligible`` lines, and the
    contexts of checks: a ``check`` line's audit record, or ``check --audit-dir`` records given
    as files or a folder) and precedence questions (``precedence`` lines), each with its origin
    ``FILE:LINE`` (a record: its file); ``skipped`` counts the lines of other endpoints and of
    requests that failed or were cut short (no decision to replay); ``unreplayed`` names the
    decisions that cannot be replayed here: of another project (``project``), decided under
    rules neither side has (``rule_ids``: the ids both sides know) or under packs the question
    named, and torn lines (a write cut short), skipped."""

    def __init__(self, project: str | None = None, rule_ids: set[str] | None = None) -> None:
        self.cases: list[tuple[str, str, Context]] = []
        self.precedence: list[tuple[str, str, _Asked]] = []
        self.skipped = 0
        self.unreplayed: list[ImpactUnreplayed] = []
        self.project = project
        self.rule_ids = rule_ids

    @property
    def note(self) -> str:
        if not self.skipped:
            return ""
        return (f"{self.skipped:,} logged line(s) hold no eligibility, precedence or check decision "
                "(other endpoints, failed or cut-short requests): not replayed")

    @classmethod
    def read(cls, paths: Sequence[str | Path], project: str | None = None,
             rule_ids: set[str] | None = None) -> _Logged:
        logged = cls(project, rule_ids)
        for given in paths:
            path = Path(given)
            if path.is_dir():
                for record in sorted(path.glob("*.json")):
                    logged._record(record, str(record))
            elif path.is_file() and path.suffix == ".json":
                logged._record(path, str(path))
            elif path.exists():  # a log: a file or a pipe, read as --cases reads one
                logged._log(path)
            else:
                raise InputError(f"no decision log, audit record or folder of records {given}", field="decisions",
                                 hint="a decision log (JSON lines, as the service or an eligibility or "
                                 "precedence question writes it), a check's audit record or a folder of them")
        return logged

    def _record(self, path: Path, origin: str) -> None:
        """A check's audit record: its answer's context, an eligibility case."""
        from inforce.ontology.decisions import read_record

        data = read_record(path, regular=True)
        context = Context.model_validate(data["answer"].get("context") or {})
        self.cases.append((origin, f"check {data['verdict'].get('verdict', '')} ({path.name})".strip(), context))

    def _log(self, path: Path) -> None:
        text = _read_stream(path, "the decision log", "decisions")
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            origin = f"{path}:{number}"
            try:
                data = self._whole(line, origin)
                if data is _TORN:
                    continue
                if not isinstance(data, dict):
                    raise ValueError("a decision-log line is a JSON object")
                self._line(data, origin)
            except InputError as problem:  # an audit record a check line names that does not read
                raise InputError(f"the decision's audit record does not read: {problem}", file=str(path),
                                 line=number, field="decisions") from None
            except (ValueError, TypeError, KeyError) as problem:
                raise InputError(f"the logged decision does not read: {_first(problem)}", file=str(path),
                                 line=number, field="decisions",
                                 hint="a line of a decision log, as the service or an eligibility or "
                                 "precedence question writes it") from None

    def _whole(self, line: str, origin: str) -> Any:
        """``line`` read as JSON; a torn fragment (a write cut short: JSON that ends before its
        object does) is named and skipped (``_TORN``), and a whole line glued after one is read;
        anything else raises ``ValueError``, for the caller to refuse."""
        try:
            return loads(line)
        except ValueError as problem:
            if not line.lstrip().startswith("{"):
                raise
            glued = next((m.start() for m in _LOG_LINE.finditer(line) if m.start() > 0), None)
            if glued is not None:
                self._torn(origin, line[:glued])
                return loads(line[glued:])
            if isinstance(problem, json.JSONDecodeError) and (
                    problem.msg.startswith("Unterminated string") or problem.pos >= len(line.rstrip())):
                self._torn(origin, line)
                return _TORN
            raise

    def _torn(self, origin: str, fragment: str) -> None:
        self.unreplayed.append(ImpactUnreplayed(
            source="eligibility", origin=origin, subject=f"a torn line ({len(fragment):,} characters)",
            reason="a write cut short (a full disk): not a whole decision, skipped"))

    def _foreign(self, data: dict[str, Any], origin: str, subject: str, source: Any) -> bool:
        """Whether the logged decision cannot be replayed here (named in ``unreplayed``): logged
        for another project, or decided under rules neither pack has (an older pack's)."""
        project = data.get("project")
        if self.project is not None and isinstance(project, str) and project != self.project:
            reason = f"logged for the project {project!r}, not {self.project!r}: not replayable"
        else:
            rules = [str(rule) for rule in data.get("rules", ()) or ()] if isinstance(data.get("rules"), list) else []
            unknown = [rule for rule in rules if self.rule_ids is not None and rule not in self.rule_ids]
            if not unknown:
                return False
            reason = f"decided under rules neither pack has ({', '.join(unknown)}): not replayable"
        self.unreplayed.append(ImpactUnreplayed(source=source, origin=origin, subject=subject, reason=reason))
        return True

    def _line(self, data: dict[str, Any], origin: str) -> None:
        endpoint = data.get("endpoint")
        if not isinstance(endpoint, str):
            raise ValueError("no endpoint: not a decision-log line")
        status = data.get("status", 200)
        when = f" at {data['at']}" if isinstance(data.get("at"), str) else ""
        if endpoint == "eligible" and status == 200 and "context" in data:
            context = Context.model_validate(data["context"])
            if not self._foreign(data, origin, f"eligible{when}", "eligibility"):
                self.cases.append((origin, f"eligible{when}", context))
        elif endpoint == "precedence" and "context" in data and "a" in data and "b" in data:
            context = Context.model_validate(data["context"])
            asked = _Asked(str(data["a"]), str(data["b"]), context, [str(p) for p in data.get("packs", ())],
                           {str(k): str(v) for k, v in dict(data.get("params", {})).items()})
            subject = f"{asked.a} / {asked.b}{when}"
            if self._foreign(data, origin, subject, "precedence"):
                return
            if asked.packs:  # decided under the packs it named, not the project's: the change is not in it
                self.unreplayed.append(ImpactUnreplayed(
                    source="precedence", origin=origin, subject=subject,
                    reason=f"asked under the packs {', '.join(asked.packs)}, not the project's: not replayable"))
                return
            self.precedence.append((origin, subject, asked))
        elif endpoint == "check" and status == 200 and isinstance(data.get("record"), str):
            if not self._foreign(data, origin, f"check{when}", "eligibility"):
                self._record(Path(data["record"]), origin)
        else:
            self.skipped += 1


# ---- the decisions, recomputed ---------------------------------------------------------------------


class _Impact:
    """One impact run: the two sides (a snapshot of the graph each, with the side's rules and,
    once derived, its edges), the changes found and each source's counts."""

    def __init__(self, snapshot: Snapshot, root: Path, rules: tuple[RuleSet, RuleSet],
                 places: tuple[dict[str, RulePlace], dict[str, RulePlace]], touched: Sequence[RuleChange],
                 display: Callable[[str], str], groups: Sequence[str] = ()) -> None:
        self.snapshot = snapshot
        self.asker = tuple(groups)
        #: the one rule of what the asker reads, undated (None) and per (day, known-at):
        #: ``Snapshot.target_readable``, as every other command judges it
        self._readable: dict[tuple[dt.date, dt.datetime | None] | None, Callable[[Locator], bool]] = {}
        self.unreplayed: list[ImpactUnreplayed] = []
        #: changed decisions ``add`` left out (involving what the asker may not read), per source:
        #: taken off the source's total, which counts only what the asker is shown
        self.dropped: dict[str, int] = {}
        self._cases_shown: dict[tuple[str, ...], bool] = {}
        #: the documents of the pack tests' corpus the asker may not read (its cases left out whole)
        self.test_withheld: tuple[str, ...] = ()
        self.display = display
        self.root = root
        self.rules = rules
        self.places = places
        self.touched = {change.id for change in touched}
        stored = list(snapshot.store.supersedes())
        self.shared: dict[str, Any] = {}
        self.edges: tuple[list[Supersedes], list[Supersedes]] = (stored, stored)
        #: each side's addenda readings, read when first asked for (the same for both while the
        #: supersession rules are); given to the side's snapshot before a sweep, so the sweep reads
        #: them from there and never reads them again, nor writes them beside the project's graph
        self.read: list[AddendaReadings | None] = [None, None]
        self.sides = tuple(self._side(number, stored) for number in (0, 1))
        self.changes: list[ImpactChange] = []
        self.sources: list[ImpactSource] = []
        self.targets: dict[str, set[str]] = {}  # unpinned target → rule ids of its changed edges
        self.tests: list[ImpactChange] = []

    def _side(self, number: int, edges: Sequence[Supersedes]) -> Snapshot:
        """Side ``number``'s snapshot of the graph: its rules, ``edges``, its readings."""
        from .snapshot import Snapshot

        side = Snapshot(self.root, _EdgesOf(self.snapshot.store, edges, self.shared))  # type: ignore[arg-type]
        side._once("rules", lambda: self.rules[number])  # not the rules the graph was ingested under
        return side

    def readings(self, number: int) -> AddendaReadings:
        """Side ``number``'s addenda readings (``readings_of``, in memory)."""
        from .addenda.reading import readings_of

        if self.read[number] is None:
            same = list(self.rules[0].supersession) == list(self.rules[1].supersession)
            if same and self.read[1 - number] is not None:
                self.read[number] = self.read[1 - number]
            else:
                self.read[number] = readings_of(self.sides[number])
        return self.read[number]  # type: ignore[return-value]

    def place(self, rule_id: str | None) -> tuple[RulePlace, ...]:
        if not rule_id:
            return ()
        found = self.places[1].get(rule_id) or self.places[0].get(rule_id)
        return (found,) if found is not None else (RulePlace(id=rule_id, file="?"),)

    def behind(self, fired: Sequence[str], kinds: Sequence[str]) -> tuple[RulePlace, ...]:
        """The changed rules behind a decision: those that fired on either side, else every
        changed rule of the kinds that decide it."""
        ids = [rule for rule in dict.fromkeys(fired) if rule in self.touched]
        if not ids:
            ids = [rule for rule in self.touched if self._kind(rule) in kinds]
        return tuple(place for rule in ids for place in self.place(rule))

    def _kind(self, rule_id: str) -> str | None:
        for rules in (self.rules[1], self.rules[0]):
            for pack in rules.packs:
                for rule in pack.pack.rules:
                    if rule.id == rule_id:
                        return rule.kind
        return None

    def add(self, change: ImpactChange, involved: Iterable[Locator] = (), *,
            on: dt.date | None = None, known_at: dt.datetime | None = None,
            readable: Callable[[Locator], bool] | None = None, into: list[ImpactChange] | None = None) -> None:
        """Add ``change`` — unless it involves (``involved``) what the asker may not read: then
        it is neither listed nor counted (the one place that rule is kept; each source leaves such
        a decision out of its total too, changed or not, asking ``shown``). The asker may write
        the pack, so a changed decision on a restricted document, even listed by its id alone, or
        counted, told them what its text says (audit 112a F1). Each locator is judged by the one
        rule every command follows (``Snapshot.target_readable``): a pinned revision by its own
        access; a section named across revisions by the revisions that hold it; and for a
        decision about a day (``on``, as recorded by ``known_at``), also by the revision its
        document rests on that day and, for an amending item, whether its standing rests on a
        document withheld that day (issue 23, audit LL-02).

        ``readable``: for a pack test's case, the documents judged in the corpus they come from
        (``_test_judge``) in place of the project's alone. ``into``: the list the change goes to
        (the tests' own, listed after the eligibility source's); None: ``changes``."""
        if not self.shown(involved, on=on, known_at=known_at, readable=readable):
            self.dropped[change.source] = self.dropped.get(change.source, 0) + 1
            return
        (self.changes if into is None else into).append(change)

    def shown(self, involved: Iterable[Locator], *, on: dt.date | None = None, known_at: dt.datetime | None = None,
              readable: Callable[[Locator], bool] | None = None) -> bool:
        """Whether a decision involving ``involved`` is the asker's to be shown and counted
        (``add``'s rule): every locator readable to them (``_judge``, or ``readable``)."""
        if readable is None:
            readable = self._judge(on, known_at)
        return all(readable(locator) for locator in involved)

    def case_shown(self, groups: Sequence[str]) -> bool:
        """Whether a case decided with its own ``groups`` is the asker's: every revision those
        groups may read, the asker may read too. Which documents a case's answer names depends
        on the packs, so judging it by them would make the count an oracle; this judges it by
        the access gate alone (a case whose groups read nothing the asker may not is decided
        over the same documents, whatever either pack says)."""
        key = tuple(sorted(set(groups)))
        found = self._cases_shown.get(key)
        if found is None:
            mine = self.snapshot.readable_revisions(self.asker)
            theirs = self.snapshot.readable_revisions(key)
            found = mine is None or (theirs is not None and set(theirs) <= set(mine))
            self._cases_shown[key] = found
        return found

    def _judge(self, on: dt.date | None, known_at: dt.datetime | None = None) -> Callable[[Locator], bool]:
        """``Snapshot.target_readable`` for the asker: undated (``on`` None), or on a day."""
        key = None if on is None else (on, known_at)
        found = self._readable.get(key)
        if found is None:
            found = self._readable[key] = self.snapshot.target_readable(self.asker, on, known_at)
        return found

    def _test_judge(self, corpus: CaseCorpus) -> Callable[[Locator], bool]:
        """What the asker may read of what a pack test's case names: each document judged, by
        the access gate's rule (``AccessGate.may_read``, every revision of it readable, as
        ``Snapshot.target_readable`` judges a document undated), in the corpus it comes from —
        the test's own documents and its corpus folder, as they read now (a file edited since
        the ingest, restricted or not); and when that folder is the project's (``corpus: ..``)
        or holds it, or lies in it, by the project's own access as well (its graph, as every
        other command judges it). So no case of a test tells the asker what a document they
        may not read says, as no case of ``--cases`` does (audit NN-1, NN-3)."""
        from .access import AccessGate

        gate = AccessGate([(document.uid, document.id, document.access) for document in corpus.documents])
        root = self.root.resolve()
        folder = corpus.folder
        project = self._judge(None) if folder is not None and (
            folder.is_relative_to(root) or root.is_relative_to(folder)) else None

        def readable(locator: Locator) -> bool:
            whole = Locator(doc=locator.doc)
            return gate.may_read(whole, self.asker) and (project is None or project(whole))

        return readable

    def _corpus_loader(self, load_corpus: CorpusLoader | None) -> CorpusLoader | None:
        """``load_corpus``, its problems (a test's corpus folder holding a file that does not
        read) shown to the asker as a failed ingest's are (``engine.ingest.withhold_read_problems``:
        each file by the access its metadata declares; where the folder is no project, whose
        files' access cannot be read, every one counted, never quoted)."""
        if load_corpus is None:
            return None
        from .ingest import IngestFailed, default_reader, withhold_problems, withhold_read_problems

        def load(folder: Path) -> list[Any]:
            try:
                return load_corpus(folder)
            except (InputError, InputErrors) as failed:
                group = failed if isinstance(failed, InputErrors) else InputErrors(
                    f"{folder.name}: the test's corpus does not read", [failed])
            try:
                with default_reader().open(folder) as files:
                    shown = withhold_read_problems(group, files, self.asker)
            except (InputError, InputErrors):  # no project there: no file's access reads
                shown = withhold_problems(IngestFailed(group.message, group.exceptions), self.asker)
            raise shown

        return load

    def unreplay(self, source: Any, origin: str, subject: str, reason: str) -> None:
        self.unreplayed.append(ImpactUnreplayed(source=source, origin=origin, subject=subject, reason=reason))

    # 1. eligibility --------------------------------------------------------------------------
    def eligibility(self, cases: Sequence[tuple[str, str, Context]], test_file: Path | None,
                    packs: tuple[Path, Path], load_corpus: CorpusLoader | None, *, note: str = "",
                    given: Mapping[str, str] | None = None) -> None:
        """The cases' eligibility under each side; then the pack's own tests, their eligibility
        cases counted here and their other cases (derive, read, precedence, qualifiers,
        subjects: each answer compared whole) under ``tests``. A case that is an input error
        under both packs is no decision: named in ``unreplayed``; one of ``given`` (``--cases``:
        its origin and file) is an input error of the command (InputErrors naming each at its
        file and line, after every case is tried)."""
        before = len(self.changes)
        decisions = 0
        # which documents a case excludes, and why, is decided by the eligibility rules alone (the
        # graph and its edges are the same on both sides here): when they are the same, each case
        # is decided without listing its exclusions (counted all the same), and listed again only
        # for a case whose answer differs — on a project of 20,000 documents listing every
        # exclusion is most of the work (a differing case's exclusions are then listed when few,
        # counted by reason when many: they are the same on both sides)
        quick = list(self.rules[0].eligibility) == list(self.rules[1].eligibility)
        given = given or {}
        refused: list[InputError] = []
        for origin, name, context in cases:
            answers = [_eligible(side, context, listed=not quick) for side in self.sides]
            if all("error" in answer for answer in answers):
                if origin in given:
                    refused.append(InputError(f"the case {terminal_line(name)!r} is an input error under both packs: "
                                              f"{answers[0]['error']}", file=given[origin],
                                              line=int(origin.rpartition(":")[2]), field="cases"))
                self.unreplay("eligibility", origin, name, f"an input error under both packs: {answers[0]['error']}")
                continue
            if not self.case_shown(context.groups):  # decided over documents the asker may not read
                continue
            decisions += 1
            if quick and max(answer.get("excluded_total", 0) for answer in answers) <= _LISTED and (
                    _eligibility_key(answers[0]) != _eligibility_key(answers[1])):
                answers = [_eligible(side, context) for side in self.sides]  # few: listed, as a person reads them
            self._compare_eligibility(origin, name, answers[0], answers[1])
        others = others_changed = 0
        logged_note = note
        note = ""
        if test_file is not None:
            from .packtests import CaseCorpus, case_answers_over

            corpus = CaseCorpus((), None)
            load = self._corpus_loader(load_corpus)
            try:
                _, old_answers, _ = case_answers_over(test_file, pack_file=packs[0], load_corpus=load)
                _, new_answers, corpus = case_answers_over(test_file, pack_file=packs[1], load_corpus=load)
            except InforceError as problem:
                note = f"the pack's tests ({test_file.name}) were not replayed: {_said(problem)}"
                self.unreplay("tests", self.display(str(test_file.resolve())), test_file.name,
                              f"the pack's tests do not run: {_said(problem)}")
                old_answers = new_answers = []
            readable = self._test_judge(corpus)
            corpus_ids = {document.id for document in corpus.documents}
            # every case of the file is decided over its whole corpus: one holding a document the
            # asker may not read decides them over it, whatever they ask about, so none is theirs
            # (judged by the documents, never by which answers name them: those are the packs')
            hidden = sorted(doc for doc in corpus_ids if not readable(Locator(doc=doc)))
            self.test_withheld = tuple(hidden)
            if hidden:
                old_answers = new_answers = []
                note = f"the pack's tests are decided over documents you may not read ({_listed(hidden)}): not shown"
            where = self.display(str(test_file.resolve()))
            for (case, line, old), (_, _, new) in zip(old_answers, new_answers, strict=True):
                origin = f"{where}:{line}"
                if case.eligible is not None:
                    decisions += 1
                    # decided with the case's own groups, shown to the asker by the documents it
                    # names, judged in the test's corpus (as a case of --cases is in the project's)
                    self._compare_eligibility(origin, case.name, old, new, readable=readable)
                    continue
                others += 1
                if old == new:
                    continue
                others_changed += 1
                asked = next(kind for kind in CASE_KINDS if getattr(case, kind) is not None)
                self.add(ImpactChange(
                    source="tests", origin=origin, subject=f"{asked}: {case.name}", change="changed",
                    before=_differing(old, new), after=_differing(new, old),
                    rules=self.behind(_rules_named(old) + _rules_named(new), _TEST_KINDS[asked])),
                    [Locator(doc=doc) for doc in _case_documents(case, (old, new), corpus_ids)],
                    readable=readable, into=self.tests)
        else:
            note = "the pack has no tests beside it"
        self.sources.append(ImpactSource(source="eligibility", decisions=decisions,
                                         changed=len(self.changes) - before,
                                         note="; ".join(part for part in (note, logged_note) if part)))
        self.sources.append(ImpactSource(source="tests", decisions=others, changed=others_changed, note=(
            "the pack has no tests beside it" if test_file is None else note if self.test_withheld else "")))
        self.changes += self.tests
        if refused:
            raise InputErrors("a case of the cases file decides nothing under either pack", refused)

    def _compare_eligibility(self, origin: str, name: str, old: Mapping[str, Any], new: Mapping[str, Any], *,
                             readable: Callable[[Locator], bool] | None = None) -> None:
        if _eligibility_key(old) == _eligibility_key(new):
            return
        words = (_eligibility_words(old, new), _eligibility_words(new, old))
        fired = [*old.get("rules_fired", ()), *new.get("rules_fired", ()),
                 *(c["rule"] for c in old.get("calculations", ())), *(c["rule"] for c in new.get("calculations", ()))]
        self.add(ImpactChange(source="eligibility", origin=origin, subject=name, change="changed",
                              before=words[0], after=words[1],
                              rules=self.behind(fired, ("eligibility", "calculation"))),
                 [Locator(doc=doc) for doc in _eligibility_documents(old) | _eligibility_documents(new)],
                 readable=readable)

    # 2. supersession ---------------------------------------------------------------------------
    def _supersession_changes(self, kind: str, sides: Sequence[Mapping[tuple[str, str], Any]],
                              words_of: Callable[[Any], str | None], *, targets: bool) -> None:
        """Each (item, target) of ``kind`` ("edge" or "proposal") whose words differ between the
        old side and the new, as a change; an applied edge's target is kept for ``asof``
        (``targets``)."""
        for key in dict.fromkeys([*sides[0], *sides[1]]):
            was, now = sides[0].get(key), sides[1].get(key)
            words = (words_of(was), words_of(now))
            if words[0] == words[1]:
                continue
            held = now or was
            assert held is not None
            involved = [Locator.parse(key[0]), Locator.parse(key[1])]
            if not self.shown(involved):  # neither listed nor counted, nor its target asked as of
                continue
            rules = {one.rule for one in (was, now) if one is not None and one.rule}
            if targets:
                self.targets.setdefault(held.target.unpinned().format(), set()).update(rules)
            self.add(ImpactChange(
                source="supersession", origin=_at(held.file, held.line), subject=f"{kind} {key[0]} -> {key[1]}",
                change="added" if was is None else "removed" if now is None else "changed",
                before=words[0], after=words[1], rules=tuple(p for rule in sorted(rules) for p in self.place(rule))),
                involved)

    def supersession(self) -> bool:
        """Edges and proposals under each side; True when the edges are the same."""
        old, new = (list(rules.supersession) for rules in self.rules)
        if old == new:
            self.sources.append(ImpactSource(source="supersession", decisions=0, changed=0,
                                             note="not recomputed: the supersession rules are the same"))
            return True
        readings = [self.readings(0), self.readings(1)]
        before = len(self.changes)
        applied = [{(e.by.format(), e.target.format()): e for e in reading.applied} for reading in readings]
        proposed = [{(p.item.format(), p.target.format()): p for p in reading.proposed} for reading in readings]
        self._supersession_changes("edge", applied, _edge_words, targets=True)
        self._supersession_changes("proposal", proposed, _proposal_words, targets=False)
        # the decisions the asker is shown (audit 72 A F3, 112a F1): an edge or proposal whose item
        # or target they may not read is neither listed nor counted, changed or not (``add``'s rule)
        kinds = {"edge": applied, "proposal": proposed}

        def counted(decision: tuple[str, tuple[str, str]]) -> bool:
            return self.shown([Locator.parse(decision[1][0]), Locator.parse(decision[1][1])])

        # an edge and a proposal of one item and target are two decisions, as they are two changes when one
        # becomes the other: counted as one, "12 of 10 decision(s) changed" (audit 106 A F1)
        keys = dict.fromkeys([*((kind, key) for kind, sides in kinds.items() for side in sides for key in side)])
        self.sources.append(ImpactSource(source="supersession", decisions=sum(map(counted, keys)),
                                         changed=len(self.changes) - before))
        stored = self.edges[0]
        # an item the asker may not read keeps, on both sides, the edges the graph holds of it: what
        # either pack would derive from its text is that text's, and would reach them through every
        # as-of answer and sweep decision below (audit 112a F1)
        self.edges = tuple(_edges(self.snapshot, stored, reading, self._judge(None))  # type: ignore[assignment]
                           for reading in readings)
        self.sides = tuple(self._side(number, edges) for number, edges in enumerate(self.edges))
        return _edge_keys(self.edges[0]) == _edge_keys(self.edges[1])

    # 2b. as of ---------------------------------------------------------------------------------
    def asof(self, dates: Sequence[dt.date]) -> None:
        before = len(self.changes)
        decisions = 0
        for target in sorted(self.targets):
            locator = Locator.parse(target)
            for day in dates:
                answered = [_asof_words(side, locator, day, self.asker) for side in self.sides]
                if answered[0] is None or answered[1] is None:
                    continue  # refused to the asker that day: no decision of theirs (as ``asof`` refuses it)
                involved = [locator, *answered[0][1], *answered[1][1]]
                if not self.shown(involved, on=day):
                    continue  # it names what they may not read that day: neither listed nor counted
                decisions += 1
                words = (answered[0][0], answered[1][0])
                if words[0] != words[1]:
                    self.add(ImpactChange(
                        source="asof", origin=day.isoformat(), subject=f"{target} as of {day.isoformat()}",
                        change="changed", before=words[0], after=words[1],
                        rules=tuple(p for rule in sorted(self.targets[target]) for p in self.place(rule))),
                        involved, on=day)
        note = "" if self.targets else "no edge changed"
        self.sources.append(ImpactSource(source="asof", decisions=decisions, changed=len(self.changes) - before,
                                         note=note))

    # 3. precedence -------------------------------------------------------------------------------
    def precedence(self, dates: Sequence[dt.date], same_edges: bool, pack_same: bool,
                   logged: Sequence[tuple[str, str, _Asked]] = ()) -> None:
        """The sweep's decisions on each date, then the logged precedence questions, under each
        side; neither when the change touches no rule they read and no edge.

        The sweep is run as the asker (``groups``: the one gate, as their own ``sweep`` is), so
        the decisions counted and compared are those their sweep shows them, on both sides: run
        as everyone, it counted decisions about what they may not read, that date's restricted
        revision included, and listed each changed one by its documents' ids (issue 23, audit
        LL-01). The documents it withheld are named in the note, by id, as the sweep's
        ``summary.withheld`` names them (whatever the day)."""
        if same_edges and pack_same:
            self.sources.append(ImpactSource(
                source="precedence", decisions=0, changed=0,
                note="not recomputed: the change touches no rule the sweep reads and no edge"
                + (f" ({len(logged):,} logged precedence decision(s) not replayed)" if logged else "")))
            return
        from .backends import ModelBackends
        from .sweep import sweep

        for number, side in enumerate(self.sides):
            side._once("addenda_readings", lambda number=number: self.readings(number))
        before = len(self.changes)
        decisions = 0
        failed: list[str] = []
        from .reviews import as_read_by

        # each proposal the asker is shown, as they read the items, under either side
        theirs = {(p.item, p.target) for number in (0, 1)
                  for p in as_read_by(self.sides[number], self.readings(number), self.asker).proposed}
        for day in dates:
            try:
                reports = [sweep(side, ModelBackends(), day, groups=self.asker) for side in self.sides]
            except InforceError as problem:  # said in the summary, never passed over in silence
                failed.append(f"the sweep of {day.isoformat()} failed: {_said(problem)}")
                continue
            found = [{finding.id: finding for finding in report.findings} for report in reports]
            for finding_id in dict.fromkeys([*found[0], *found[1]]):
                was, now = found[0].get(finding_id), found[1].get(finding_id)
                held = now or was
                assert held is not None
                if held.kind == "unapplied_item" and tuple(p.locator for p in held.provisions) not in theirs:
                    # the whole project is swept, whoever asks: a proposal of an item read in full
                    # against revisions its readers do not share is, to an asker who may not read
                    # them, no proposal at all (``addenda.view``), not a withheld one
                    continue
                involved = [located for f in (was, now) if f is not None for located in _finding_revisions(f)]
                if not self.shown(involved, on=day):
                    continue  # it rests on what they may not read that day: neither listed nor counted
                decisions += 1
                words = (_finding_words(was), _finding_words(now))
                if words[0] == words[1]:
                    continue
                rules = sorted({f.rule for f in (was, now) if f is not None and f.rule})
                sides = " / ".join(p.locator.format() for p in held.provisions)
                self.add(ImpactChange(
                    source="precedence", origin=day.isoformat(),
                    subject=f"{held.kind} {sides}" + (f" ({held.subject})" if held.subject else ""),
                    change="added" if was is None else "removed" if now is None else "changed",
                    before=words[0], after=words[1], rules=tuple(p for rule in rules for p in self.place(rule))),
                    involved, on=day)
        for origin, subject, asked in logged:
            # the gate first: a question on what the asker may not read, or decided with groups that read
            # more, is left out before it is answered — its input error ("no revision holds ADD-02#9.9")
            # had told which paragraphs a restricted document holds (audit 113 A F2)
            involved = [_locator(asked.a), _locator(asked.b)]
            if not self.case_shown(asked.context.groups) or not self.shown(
                    involved, on=asked.context.valid_at, known_at=asked.context.known_at):
                continue
            answers = [_precedence(side, asked) for side in self.sides]
            if all(words.startswith("input error: ") for _, words in answers):
                if {locator.doc for locator in involved} & set(self.snapshot.withheld(self.asker)):
                    # a document with a revision the asker may not read: its pinned revision that does not
                    # exist had been "not replayed" where one that exists, restricted, was left out (audit
                    # 114 A F1): left out alike, as every question on it the gate does not show them
                    continue
                self.unreplay("precedence", origin, subject, f"an input error under both packs: {answers[0][1][13:]}")
                continue
            decisions += 1
            if answers[0] == answers[1]:
                continue
            fired = [rule for rule, _ in answers if rule]
            self.add(ImpactChange(source="precedence", origin=origin, subject=subject, change="changed",
                                  before=answers[0][1], after=answers[1][1],
                                  rules=self.behind(fired, ("precedence", "supersession"))),
                     involved, on=asked.context.valid_at, known_at=asked.context.known_at)
        withheld = self.snapshot.withheld(self.asker) if dates else ()
        if withheld:
            failed.insert(0, f"swept as your groups read the project, {len(withheld):,} document(s) withheld: "
                             + ", ".join(withheld[:_LISTED]) + (" and more" if len(withheld) > _LISTED else ""))
        self.sources.append(ImpactSource(source="precedence", decisions=decisions,
                                         changed=len(self.changes) - before, note="; ".join(failed)))


    # 5. subject bindings of the stored quantities ----------------------------------------------
    def subjects(self) -> None:
        """Each stored figure whose subject the new vocabulary binds otherwise (see the module's doc)."""
        if _vocabulary(self.rules[0]) == _vocabulary(self.rules[1]):
            self.sources.append(ImpactSource(source="subjects", decisions=0, changed=0, note=(
                "no subject vocabulary rule changed: the stored quantities were not read again")))
            return
        from .facts import read_quantities
        from .quantities import project_extractor
        from .quantities.extract import project_vocabulary
        from .quantities.legend import legend_of, legend_refused

        store = self.snapshot.store
        documents = [store.document(meta.uid) for meta in store.documents()]
        legend = legend_of(documents)  # as ingest reads it: the legends everyone may read
        # only the revisions the asker may read are read again (audit 112a F1): the asker may write
        # the vocabulary, so whether a restricted revision's figure binds otherwise — listed by its
        # document's id alone, or only counted — tells which words stand beside its figures
        documents = [document for document in documents
                     if self.snapshot.may_read(Locator(doc=document.id, rev=document.revision), self.asker)]
        units = self.snapshot.manifest.units
        # each side applies the legend as ingest would under its packs: none past the pattern's bound
        refused = [legend_refused(project_vocabulary(rules), legend) for rules in self.rules]
        extractors = [project_extractor(rules, units, legend=() if why is not None else legend)
                      for rules, why in zip(self.rules, refused, strict=True)]
        decisions = 0
        found: list[tuple[Any, Any, Any, Any]] = []  # (document, key, before, after)
        for document in documents:
            sides = [{_figure_key(q): q for q in read_quantities(document, extractor)[0]}
                     for extractor in extractors]
            keys = sorted(set(sides[0]) | set(sides[1]), key=lambda key: key[3:])
            changed = [(document, key, sides[0].get(key), sides[1].get(key)) for key in keys
                       if _bound(sides[0].get(key)) != _bound(sides[1].get(key))]
            decisions += len(keys)
            found += changed
        shown = found[:_SUBJECTS_LISTED]
        lines = _figure_lines(self.root, [(document, key) for document, key, _, _ in shown])
        for (document, key, before, after), line in zip(shown, lines, strict=True):
            figure = before or after
            fired = self._vocabulary_rules(_bound(before), 0) + self._vocabulary_rules(_bound(after), 1)
            self.add(ImpactChange(
                source="subjects", origin=_at(document.source.file, line),
                subject=f"{key[0]}@{key[1]}#{key[2]} {figure.text!r}", change="changed",
                before=self._binding(_bound(before), 0, _entry(extractors[0], document, key, before)),
                after=self._binding(_bound(after), 1, _entry(extractors[1], document, key, after)),
                rules=self.behind(fired, _VOCABULARY_KINDS)), [Locator(doc=document.id, rev=document.revision)])
        notes = []
        # the cause of every change the legend made (audit 124 B F2), said of the side that refuses it (125 B F1)
        if refused[1] is not None and refused[0] is None:
            notes.append(f"the drawings' abbreviation legends ({len(legend)} entries) are applied now and no longer "
                         f"applied with the new packs: with them the subject vocabulary {refused[1][0]}")
        elif refused[0] is not None and refused[1] is None:
            notes.append(f"the drawings' abbreviation legends ({len(legend)} entries) are not applied now (with the "
                         f"packs now the subject vocabulary {refused[0][0]}) and applied with the new packs")
        if len(found) > len(shown):
            counted: dict[tuple[str, str], int] = {}
            for _, _, before, after in found[len(shown):]:
                outcome = (_bound(before) or "unbound", _bound(after) or "unbound")
                counted[outcome] = counted.get(outcome, 0) + 1
            notes.append(f"{len(found) - len(shown)} more not listed: " + "; ".join(
                f"{a} -> {b}: {n}" for (a, b), n in sorted(counted.items(), key=lambda item: -item[1])))
        self.sources.append(ImpactSource(source="subjects", decisions=decisions, changed=len(found),
                                         note="; ".join(notes)))

    def _vocabulary_rules(self, subject: str | None, side: int) -> list[str]:
        """The ids of side ``side``'s vocabulary rules that bind ``subject``."""
        if subject is None:
            return []
        return [rule.id for pack in self.rules[side].packs for rule in pack.pack.rules
                if rule.kind in _VOCABULARY_KINDS and getattr(rule, "subject", None) == subject]

    def _binding(self, subject: str | None, side: int, entry: str | None) -> str:
        """An outcome: the subject and the vocabulary entry that names it (the rule and the
        synonym read, when the figure's binding tells them), or ``unbound``."""
        if subject is None:
            return "unbound"
        named = [entry] if entry else self._vocabulary_rules(subject, side)
        return f"{subject} [{', '.join(named)}]" if named else subject


def _vocabulary(rules: RuleSet) -> list[Any]:
    """What of a rule set decides subject bindings: its vocabulary rules and conditions."""
    return [rule for pack in rules.packs for rule in pack.pack.rules if rule.kind in _VOCABULARY_KINDS] + [
        pack.pack.conditions for pack in rules.packs]


def _entry(extractor: Any, document: Any, key: tuple[Any, ...], figure: Any) -> str | None:
    """The vocabulary entry that bound ``figure`` (``RULE: 'synonym'``): its provision read
    again to see the binding's evidence (a stored quantity keeps only its subject); None when
    the figure is unbound or the reading does not show it."""
    if figure is None or figure.subject is None:
        return None
    provision = next((p for p in document.provisions if p.path == key[2]), None)
    if provision is None:
        return None
    if provision.kind == "table_row" and provision.cells is not None:
        extraction = extractor.extract_row(provision.text, provision.cells, provision.header or ())
    else:
        extraction = extractor.extract(provision.text)
    for mention in extraction.mentions:
        binding = mention.binding
        if mention.text == figure.text and binding is not None and binding.subject == figure.subject:
            return f"{binding.rule}: {binding.synonym!r}"
    return None


def _figure_key(quantity: Any) -> tuple[Any, ...]:
    locator, span = quantity.locator, quantity.span
    return (locator.doc, locator.rev, locator.path, span.start if span else -1, span.end if span else -1)


def _bound(quantity: Any) -> str | None:
    return quantity.subject if quantity is not None else None


def _figure_lines(root: Path, figures: Sequence[tuple[Any, tuple[Any, ...]]]) -> list[int | None]:
    """The file line of each figure (the reader's ``lines_at``); None where not known."""
    if not figures:
        return []
    from .ingest.reader import default_reader

    try:
        opened = default_reader().open(root)
    except Exception:  # noqa: BLE001 - no reader, or a project it cannot open: lines left out
        return [None] * len(figures)
    lines: list[int | None] = []
    with opened as files:
        for document, key in figures:
            try:
                lines += files.lines_at(document, [(key[2], max(key[3], 0))])
            except Exception:  # noqa: BLE001 - a file moved since ingest: its line left out
                lines.append(None)
    return lines


class _EdgesOf:
    """The graph's reader, with ``edges`` in place of its supersedes edges (one side's)."""

    def __init__(self, store: Any, edges: Sequence[Supersedes], shared: dict[str, Any] | None = None) -> None:
        self._store = store
        self._edges = list(edges)
        self._shared = shared if shared is not None else {}  # reads both sides make once

    def supersedes(self) -> list[Supersedes]:
        return list(self._edges)

    def applicability_rows(self) -> list[tuple[Any, ...]]:
        """Every revision's applicability, read once for both sides (the rows are the graph's)."""
        if "applicability_rows" not in self._shared:
            self._shared["applicability_rows"] = self._store.applicability_rows()
        return self._shared["applicability_rows"]  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)


def _edges(snapshot: Snapshot, stored: Sequence[Supersedes], readings: AddendaReadings,
           readable: Callable[[Locator], bool]) -> list[Supersedes]:
    """The graph's edges, those a rule derived from an item the asker may read (``readable``)
    replaced by ``readings``' applied edges of such items; an item they may not read keeps the
    graph's (as ingested), whatever the side's rules."""
    revisions: dict[str, Any] = {}
    for meta in snapshot.store.documents():
        held = revisions.get(meta.id)
        if held is None or (meta.effective.from_, meta.seq) >= (held.effective.from_, held.seq):
            revisions[meta.id] = meta
    edges = [edge for edge in stored
             if not edge.origin.startswith("rule:") or (edge.by is not None and not readable(edge.by))]
    for derived in readings.applied:
        meta = revisions.get(derived.by.doc)
        if meta is None or not readable(derived.by):
            continue
        edges.append(Supersedes(source=meta.locator, target=derived.target, scope=derived.scope,
                                effective=meta.effective.from_, by=derived.by, origin=f"rule:{derived.rule}",
                                successor=derived.successor))
    return edges


def _edge_keys(edges: Sequence[Supersedes]) -> set[tuple[Any, ...]]:
    return {(e.source.format(), e.by.format() if e.by else "", e.target.format(), e.scope, e.successor, e.origin)
            for e in edges}


def _eligible(side: Snapshot, context: Context, *, listed: bool = True) -> dict[str, Any]:
    """The case's answer under ``side`` (the contract's JSON): every exclusion listed, or
    (``listed`` False) only counted."""
    try:
        return side.eligible(context, exclusions=None if listed else 0).contract()
    except InforceError as problem:
        return {"error": _said(problem)}


def _eligibility_documents(answer: Mapping[str, Any]) -> set[str]:
    """The documents an eligibility answer names, but those excluded for access alone (named
    so to every asker, as ``eligible`` names them)."""
    return {*answer.get("eligible", ()), *(e["document"] for e in answer.get("excluded", ())
                                           if tuple(e["reasons"]) != ("access",))}


def _case_documents(case: Any, answers: Sequence[Any], known: set[str]) -> set[str]:
    """The documents a pack test's case involves: those it asks about (its document, either
    side of a precedence question) and every document of its corpus (``known``) its answers
    name, by id or in a locator, at any depth (an edge's target, a proposal's item, a winner)."""
    named: set[str] = set()
    for kind in ("derive", "read", "qualifiers"):
        asked = getattr(case, kind, None)
        if asked is not None:
            named.add(asked.document)
    if case.precedence is not None:
        named |= {_locator(case.precedence.a).doc, _locator(case.precedence.b).doc}

    def walk(value: Any) -> None:
        if isinstance(value, str):
            doc = value.partition("#")[0].partition("@")[0]
            if doc in known:
                named.add(doc)
        elif isinstance(value, Mapping):
            for key, each in value.items():
                walk(key)
                walk(each)
        elif isinstance(value, (list, tuple)):
            for each in value:
                walk(each)

    for answer in answers:
        walk(answer)
    return named


def _locator(text: str) -> Locator:
    """A logged question's provision as a locator (its text as a document id when it is none)."""
    try:
        return Locator.parse(text)
    except InputError:
        return Locator(doc=text.partition("#")[0].partition("@")[0] or text)


def _eligibility_key(answer: Mapping[str, Any]) -> tuple[Any, ...]:
    """What an eligibility decision is, to compare two: outcome, reason, documents, exclusions
    (listed, and counted by reason), calculations, what it is conditional on."""
    if "error" in answer:
        return ("error", answer["error"])
    return (answer.get("outcome"), answer.get("reason"), tuple(answer.get("missing_attributes", ())),
            tuple(sorted((u["attribute"], str(u["value"])) for u in answer.get("unmatched_values", ()))),
            tuple(sorted(answer.get("eligible", ()))),
            tuple(sorted((e["document"], tuple(e["reasons"])) for e in answer.get("excluded", ()))),
            tuple(sorted((answer.get("excluded_by_reason") or {}).items())),
            tuple(sorted((c["output"], c["rule"], str(c["result"]), tuple(c.get("unknown") or ()))
                         for c in answer.get("calculations", ()))),
            tuple(answer.get("conditional_on", ())))


#: A list of documents longer than this is shown by its count and what the other side lacks.
_LISTED = 20


def _listed(ids: Sequence[str]) -> str:
    """Document ids in a note: the first ``_LISTED``, and how many more."""
    return ", ".join(ids[:_LISTED]) + (f" and {len(ids) - _LISTED:,} more" if len(ids) > _LISTED else "")


def _documents(names: Sequence[str], other: Sequence[str] | None) -> str:
    """Documents in a line: all of them when few; else their count, and (up to ``_LISTED``)
    those the other side's list lacks."""
    if len(names) <= _LISTED:
        return ", ".join(names)
    if other is None:
        return f"{len(names):,} documents"
    theirs = set(other)
    only = [name for name in names if name not in theirs]
    if not only:
        return f"{len(names):,} documents"
    shown = ", ".join(only[:_LISTED]) + (f" and {len(only) - _LISTED:,} more" if len(only) > _LISTED else "")
    return f"{len(names):,} documents, of them not on the other side: {shown}"


def _finding_revisions(finding: Any) -> list[Locator]:
    """The revisions a sweep finding rests on: each provision's version read (``resolved``, its
    locator when none is pinned; a document's other revisions are not in it) and its winner,
    which is one of them."""
    held = [p.resolved or p.locator for p in finding.provisions]
    winner = finding.winner
    if winner is not None and not any(p.locator.unpinned() == winner.unpinned() for p in finding.provisions):
        held.append(winner)
    return held


def _precedence(side: Snapshot, asked: _Asked) -> tuple[str | None, str]:
    """A logged precedence question decided under ``side``: (its rule, the outcome in words)."""
    try:
        result = side.precedence(asked.a, asked.b, asked.context.valid_at, asked.context.known_at,
                                 packs=asked.packs, params=asked.params, groups=asked.context.groups)
    except InforceError as problem:
        return None, f"input error: {_said(problem)}"
    if result.resolution == "resolved_by_precedence":
        return result.rule, f"{result.winner} governs (rule {result.rule}, clause: {result.clause})"
    if result.resolution == "escalate":
        return result.rule, "escalated" + (f" (rule {result.rule})" if result.rule else "")
    return result.rule, result.resolution.replace("_", " ")


def _said(problem: BaseException) -> str:
    """A problem in one line (of a group, the first three)."""
    said = [str(each) for each in problem.exceptions[:3]] if isinstance(problem, InputErrors) else [str(problem)]
    return "; ".join(text.splitlines()[0] for text in said if text)


def _eligibility_words(answer: Mapping[str, Any], other: Mapping[str, Any] | None = None) -> str:
    """An eligibility answer (the contract's JSON) in one line: outcome, documents, exclusions
    and calculations (a long list of documents by its count and what ``other``, the other
    side's answer, lacks)."""
    if "error" in answer:
        return f"input error: {answer['error']}"
    outcome = answer.get("outcome")
    if outcome == "clarification_request":
        asked = [*answer.get("missing_attributes", ()),
                 *(f"{u['attribute']} = {u['value']}" for u in answer.get("unmatched_values", ()))]
        words = "clarification request: " + ", ".join(asked)
    elif outcome == "refusal":
        words = f"refusal ({answer.get('reason')})"
    else:
        words = "eligible: " + _documents(sorted(answer.get("eligible", ())),
                                           None if other is None else sorted(other.get("eligible", ())))
    excluded = sorted(f"{e['document']} ({', '.join(e['reasons'])})" for e in answer.get("excluded", ()))
    if excluded:
        words += "; excluded: " + _documents(excluded, None if other is None else sorted(
            f"{e['document']} ({', '.join(e['reasons'])})" for e in other.get("excluded", ())))
    elif answer.get("excluded_total"):  # counted, not listed
        by_reason = ", ".join(f"{reason} {count:,}" for reason, count in (answer.get("excluded_by_reason") or {}).items())
        words += f"; excluded: {answer['excluded_total']:,} documents" + (f" (by reason: {by_reason})" if by_reason else "")
    # in a stable order: which calculations apply is the decision, not the order they are listed in
    for calculation in sorted(answer.get("calculations", ()), key=lambda c: (c["output"], c["rule"])):
        unknown = calculation.get("unknown") or ()
        words += (f"; {calculation['output']} = {calculation['result']} [{calculation['rule']}"
                  + (f", conditional on {', '.join(unknown)}" if unknown else "") + "]")
    if answer.get("conditional_on"):
        words += "; conditional on " + ", ".join(answer["conditional_on"])
    return words


def _differing(answer: Any, other: Any) -> str:
    """What a test's answer holds that ``other``'s does not, key by key, as compact JSON: of a
    list, its elements the other lacks (``[]``: none)."""
    if not (isinstance(answer, dict) and isinstance(other, dict)):
        return _short(json.dumps(answer, sort_keys=True, default=str))
    parts = []
    for key in dict.fromkeys([*answer, *other]):
        mine, theirs = answer.get(key), other.get(key)
        if mine == theirs:
            continue
        if isinstance(mine, list) and isinstance(theirs, list):
            mine = [element for element in mine if element not in theirs]
        parts.append(f"{key}: {json.dumps(mine, sort_keys=True, default=str)}")
    return _short("; ".join(parts))


def _short(text: str, limit: int = 400) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _rules_named(answer: Any) -> list[str]:
    """Rule ids an answer names (``rule`` keys, at any depth)."""
    found: list[str] = []
    if isinstance(answer, dict):
        if isinstance(answer.get("rule"), str):
            found.append(answer["rule"])
        for value in answer.values():
            found += _rules_named(value)
    elif isinstance(answer, list):
        for value in answer:
            found += _rules_named(value)
    return found


def _at(file: str | None, line: int | None) -> str:
    return f"{file}:{line}" if file and line else file or "-"


def _change_words(scope: str, successor: bool) -> str:
    return "deleted, nothing in its place" if not successor else (
        "replaced whole" if scope == "full" else "amended in part")


def _edge_words(edge: Any) -> str | None:
    if edge is None:
        return None
    return f"{_change_words(edge.scope, edge.successor)} (rule {edge.rule})"


def _proposal_words(proposal: Any) -> str | None:
    if proposal is None:
        return None
    return f"proposed: {_change_words(proposal.scope, proposal.successor)}" + (
        f" (rule {proposal.rule})" if proposal.rule else "")


def _asof_words(side: Snapshot, locator: Any, day: dt.date, groups: Sequence[str]) -> tuple[str, list[Locator]] | None:
    """What ``asof`` answers an asker with ``groups`` for ``locator`` on ``day`` under ``side``
    (``Snapshot.asof``, access applied: what they may not read named by document id), in words,
    and the provisions the answer names (the gate's to judge); None when ``asof`` refuses it to
    them. Answered for everyone, a change on a day a revision they may not read decides was
    counted, and listed withheld, by what that revision holds (issue 23, audit LL-01)."""
    from inforce.ontology import AccessRestrictedError, NotFoundError

    try:
        answer = side.asof(locator, day, None, groups=groups)
    except AccessRestrictedError:
        return None
    except NotFoundError as missing:
        return f"not found: {missing}", []
    words = "in force" if answer.in_force else "not in force" + (f" ({answer.reason})" if answer.reason else "")
    if answer.resolved is not None and not answer.in_force:
        words += f"; in force instead: {answer.resolved.format()}"
    if answer.successors:
        words += "; replaced by " + ", ".join(s.format() for s in answer.successors)
    if answer.amended_by:
        words += "; amended by " + ", ".join(a.format() for a in answer.amended_by)
    named = [*([answer.resolved] if answer.resolved is not None else []), *answer.successors, *answer.amended_by]
    return words, named


def _finding_words(finding: Any) -> str | None:
    if finding is None:
        return None
    if finding.resolution == "resolved_by_precedence":
        winner = finding.winner.format() if finding.winner is not None else "?"
        return f"{winner} governs (rule {finding.rule}" + (f", clause: {finding.clause})" if finding.clause else ")")
    if finding.resolution == "resolved_by_supersession":
        return "resolved by supersession" + (f" (rule {finding.rule})" if finding.rule else "")
    return "escalated" + (f" (rule {finding.rule})" if finding.rule else "")
