"""Running the tests a policy owner writes beside a pack (``inforce rules test``).

Each case asks one question of the pack over a small corpus and compares the answer with
``expect`` — only the keys ``expect`` names, so a case states what it cares about. A failing
case shows a diff of expected and actual.
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from inforce.ontology import (
    CaseResult,
    Context,
    Document,
    InputError,
    InputErrors,
    Locator,
    NotFoundError,
    Provision,
    RuleCaseReport,
    RuleTestReport,
    Supersedes,
)
from inforce.rules import DEFAULT_SUBJECTS, RuleSet, load_pack, resolve_pack
from inforce.rules.casefile import RuleCase, read_test_file, tests_for_pack
from inforce.rules.loader import STOCK_ROOT, display_path
from inforce.rules.ruleset import LoadedPack

from .addenda.items import itemize
from .asof import AsOfIndex
from .derivation import TargetDirectory, derive_supersedes, find_qualifiers, outline_names
from .eligibility import EligibilityIndex
from .packcoverage import CoverageRecorder
from .precedence import provision_in_force, resolve_precedence

__all__ = [
    "CaseCorpus",
    "CorpusLoader",
    "MemoryCorpus",
    "case_answers",
    "case_answers_over",
    "discover_test_files",
    "run_rule_tests",
    "run_test_file",
]

#: Parses a folder of document files (the CLI passes the ingest parsers).
CorpusLoader = Callable[[Path], list[Document]]


class MemoryCorpus:
    """Documents in memory, answering what eligibility and precedence ask of a store (for tests of packs)."""

    def __init__(self, documents: Sequence[Document]) -> None:
        self._documents = list(documents)
        self._directory: TargetDirectory | None = None

    def documents(self) -> list[Document]:
        return list(self._documents)

    def directory(self) -> TargetDirectory:
        """The target directory of these documents, built once: every case a test file asks reads
        the same corpus (built per case, it was a fifth of a replay of the stock supersession tests)."""
        if self._directory is None:
            self._directory = TargetDirectory.from_documents(self._documents)
        return self._directory

    def _revisions(self, doc: str) -> list[Document]:
        found = [d for d in self._documents if d.id == doc]
        return sorted(found, key=lambda d: (d.effective.from_, d.seq))

    def provision(self, locator: Locator) -> tuple[Document, Provision]:
        revisions = self._revisions(locator.doc)
        if locator.rev is not None:
            revisions = [d for d in revisions if d.revision == locator.rev]
        for document in reversed(revisions):
            for provision in document.provisions:
                if provision.path == locator.path:
                    return document, provision
        raise NotFoundError(f"{locator} is in no document of the test's corpus")

    def supersedes(self) -> list[Supersedes]:
        return [edge for document in self._documents for edge in document.supersedes]

    def text(self, locator: Locator) -> str:
        if locator.path is None:
            return next(d.text_layer for d in self._revisions(locator.doc) if d.revision == locator.rev)
        return self.provision(locator)[1].text

    def title(self, locator: Locator) -> str:
        return next((d.title for d in self._revisions(locator.doc) if d.revision == locator.rev), "")

    def span(self, locator: Locator) -> tuple[int, int] | None:
        if locator.path is None:
            return None
        span = self.provision(locator)[1].span
        return span.start, span.end

    def asof_index(self) -> AsOfIndex:
        """The as-of index over these documents: the same in-force answers a project gives."""
        outlines = {d.uid: {p.path: p.parent for p in d.provisions} for d in self._documents}
        return AsOfIndex(
            [d.as_revision() for d in self._documents], self.supersedes(), outlines, texts=self,
        )

    def has(self, locator: Locator) -> bool:
        return any(
            locator.path is None or any(p.path == locator.path for p in d.provisions)
            for d in self._revisions(locator.doc)
        )


def run_rule_tests(
    target: str | Path | None, *, load_corpus: CorpusLoader | None = None, coverage: bool = False,
    fail_under: int | None = None,
) -> RuleTestReport:
    """Run every test file for ``target`` (see ``discover_test_files``): each case, passed or
    not, with what it expected and what the pack answered (``RuleCaseReport.diff``).

    ``coverage``: also what of each tested pack the cases reached (``packcoverage``), judged
    against ``fail_under`` when given, else the pack's own ``coverage:``.

    InputError when there are none (a test step pointed at the wrong folder must not pass by
    running nothing); InputErrors naming every problem when a test file or its pack is broken.
    """
    files = discover_test_files(target)
    if not files:
        raise InputError("no rule tests here (NAME.test.yaml beside a pack)", file=str(target or "stock packs"),
                         hint="write a test file beside the pack; docs/rules.md shows how")
    results: list[CaseResult] = []
    broken: list[InputError] = []
    recorders: dict[str, CoverageRecorder] = {}
    for file in files:
        try:
            source_name, loaded, answers, _ = _answers(file, pack_file=None, load_corpus=load_corpus)
        except InputErrors as group:
            broken.extend(group.exceptions)  # type: ignore[arg-type]
            continue
        results.extend(_judged(source_name, answers))
        if coverage:
            recorder = recorders.setdefault(loaded.file, CoverageRecorder(loaded))
            for case, _, actual in answers:
                recorder.record(case.name, actual)
    if broken:
        raise InputErrors("the rule tests do not load", broken)
    failed = sum(1 for r in results if not r.passed)
    report = RuleTestReport(
        passed=len(results) - failed, failed=failed, files=len(files),
        cases=tuple(RuleCaseReport(file=r.file, line=r.line, name=r.name, passed=r.passed,
                                   expected=r.expected, actual=r.actual) for r in results),
        coverage=tuple(recorder.result(fail_under if fail_under is not None else recorder.pack.pack.coverage)
                       for recorder in recorders.values()),
    )
    return report


def discover_test_files(target: str | Path | None) -> list[Path]:
    """Test files for a target: a test file, a pack (its sibling tests), a folder, a stock name;
    None: every stock pack's tests."""
    if target is None:
        return sorted(STOCK_ROOT.rglob("*.test.yaml"))
    path = Path(target)
    if path.is_dir():
        return sorted(path.rglob("*.test.yaml"))
    if path.name.endswith(".test.yaml") and path.is_file():
        return [path]
    _, pack_file = resolve_pack(target)
    tests = tests_for_pack(pack_file)
    if not tests.is_file():
        raise NotFoundError(f"{pack_file} has no tests", hint=f"write them in {tests.name} beside it")
    return [tests]


def run_test_file(path: Path, *, load_corpus: CorpusLoader | None = None) -> list[CaseResult]:
    """Every case of one test file, passed or not; InputErrors when the file or its pack is broken."""
    source_name, answers = case_answers(path, load_corpus=load_corpus)
    return _judged(source_name, answers)


def _judged(source_name: str, answers: list[tuple[RuleCase, int | None, Any]]) -> list[CaseResult]:
    results = []
    for case, line, actual in answers:
        expected = json.loads(json.dumps(case.expect, default=_json_default))
        projected = _project(actual, expected)
        results.append(CaseResult(file=source_name, name=case.name, line=line, passed=projected == expected,
                                  expected=expected, actual=projected))
    return results


class CaseCorpus(NamedTuple):
    """What a test file's cases were asked over: every revision of its corpus (its own
    documents, then those of its corpus folder) and that folder (resolved; None: it names none)."""

    documents: tuple[Document, ...]
    folder: Path | None


def case_answers_over(
    path: Path, *, pack_file: Path | None = None, load_corpus: CorpusLoader | None = None,
) -> tuple[str, list[tuple[RuleCase, int | None, Any]], CaseCorpus]:
    """``case_answers``, with the corpus the cases were asked over (``rules impact`` shows a
    case's answer by the access of the documents it names, judged in the corpus they come from)."""
    source_name, _, answers, corpus = _answers(path, pack_file=pack_file, load_corpus=load_corpus, memo=True)
    return source_name, answers, corpus


def case_answers(
    path: Path, *, pack_file: Path | None = None, load_corpus: CorpusLoader | None = None,
) -> tuple[str, list[tuple[RuleCase, int | None, Any]]]:
    """The test file's name as messages give it, and each of its cases with its line and the
    pack's whole answer to it, as JSON values (``run_test_file`` compares them with ``expect``).

    ``pack_file``: answer under this file instead of the pack the test names, with the test's
    params and facets (``rules impact`` replays a pack's tests under its old and new version).
    InputErrors when the file or the pack is broken."""
    source_name, _, answers, _ = _answers(path, pack_file=pack_file, load_corpus=load_corpus)
    return source_name, answers


#: Answers already given, by what decides them (``_answers_key``): the last few kept.
_ANSWERED: OrderedDict[str, list[Any]] = OrderedDict()
_ANSWERED_KEPT = 8
_ANSWERED_LOCK = threading.Lock()  # the service replays on several threads


def _answers_key(rules: RuleSet, documents: Sequence[Document], cases: Sequence[tuple[RuleCase, int | None]]) -> str:
    """What a test file's answers are a function of, hashed: every pack of the rule set (its
    rules as loaded, params applied, its file and content hash), the facets, every document of
    the corpus as the cases read it (itemized), each case and its line, and today (a case
    without a date is asked on it)."""
    digest = hashlib.sha256()

    def put(text: str) -> None:
        digest.update(text.encode("utf-8"))
        digest.update(b"\x00")

    put(dt.date.today().isoformat())
    put(json.dumps(list(rules.facets)))
    for pack in rules.packs:
        put(json.dumps([pack.name, pack.file, pack.content_hash], default=str))
        put(json.dumps(dict(pack.params), sort_keys=True, default=_json_default))
        put(pack.pack.model_dump_json())
    for document in documents:
        put(document.model_dump_json())
    for case, line in cases:
        put(f"{line}:{case.model_dump_json()}")
    return digest.hexdigest()


def _answers(
    path: Path, *, pack_file: Path | None, load_corpus: CorpusLoader | None, memo: bool = False,
) -> tuple[str, LoadedPack, list[tuple[RuleCase, int | None, Any]], CaseCorpus]:
    """``case_answers``, with the pack the answers came from (coverage reads its parts) and
    the corpus they were asked over.

    ``memo``: the answers are taken from an earlier call that asked the same cases of the same
    rules over the same corpus (``_answers_key``), when one of the last few did, else kept for
    the next: ``rules impact`` replays a pack's tests under the old pack and the new, and the
    old side (the pack as committed) is the same from one run to the next in a process that
    serves several (the service, a check run over many edits) — the stock supersession tests
    take half a minute a side. The answers are the engine's, asked once; each caller gets its
    own copy."""
    model, source = read_test_file(path, display_path(path))
    folder = path.parent
    pack_target = model.pack or path.name.removesuffix(".test.yaml") + ".yaml"
    if pack_file is not None:
        pack_target = str(pack_file.resolve())
    loaded = load_pack(pack_target, root=folder, params=model.params, facets=model.facets or None)
    packs = [loaded]
    if not loaded.pack.of_kind("subject"):
        packs.append(load_pack(DEFAULT_SUBJECTS))
    rules = RuleSet(packs=tuple(packs), facets=tuple(model.facets))
    documents = [fixture.to_document(source.name) for fixture in model.documents]
    corpus_folder: Path | None = None
    if model.corpus is not None:
        if load_corpus is None:
            raise InputErrors(f"{source.name}: the rule tests do not load", [source.error(
                ("corpus",), "RP003", "this test reads a corpus folder, which needs the document parsers",
                hint="run it with `inforce rules test`")])
        corpus_folder = (folder / model.corpus).resolve()
        if not corpus_folder.is_dir():  # a typo read as an empty corpus would pass cases it should fail
            raise InputErrors(f"{source.name}: the rule tests do not load", [source.error(
                ("corpus",), "RP003", f"corpus folder {model.corpus} ({corpus_folder}) "
                f"{'is not a folder' if corpus_folder.exists() else 'does not exist'}",
                hint="name a folder of document files, relative to this test file")])
        documents += load_corpus(corpus_folder)
    documents = [itemize(document, rules) for document in documents]  # as ingest does: addenda only
    cases = [(case, source.locate(("cases", number))[0]) for number, case in enumerate(model.cases)]
    key = _answers_key(rules, documents, cases) if memo else None
    with _ANSWERED_LOCK:
        held = _ANSWERED.get(key) if key is not None else None
        if held is not None:
            _ANSWERED.move_to_end(key)  # type: ignore[arg-type]
    if held is not None:
        answers = [(case, line, copy.deepcopy(answer)) for (case, line), answer in zip(cases, held, strict=True)]
        return source.name, loaded, answers, CaseCorpus(tuple(documents), corpus_folder)
    corpus = MemoryCorpus(documents)
    index = EligibilityIndex.from_documents(documents, rules)
    answers = []
    for number, (case, line) in enumerate(cases):
        try:
            answers.append((case, line, _ask(case, rules, corpus, index)))
        except InputError as problem:
            # (a context the rules cannot work with, a date 14 days past 9999-12-31 or a NaN, named
            # at the case: it stopped the run with no file, line or case, audit 79 B F1)
            raise InputError(f"case {case.name!r}: {problem.message}", file=source.name, line=line,
                             field=f"cases[{number}]" + (f".{problem.field}" if problem.field else ""),
                             hint=problem.hint) from None
    if key is not None:
        kept = copy.deepcopy([answer for _, _, answer in answers])
        with _ANSWERED_LOCK:
            _ANSWERED[key] = kept
            while len(_ANSWERED) > _ANSWERED_KEPT:
                _ANSWERED.popitem(last=False)
    return source.name, loaded, answers, CaseCorpus(tuple(documents), corpus_folder)


def _json_default(value: Any) -> str:
    return value.isoformat() if isinstance(value, dt.date) else str(value)


def _ask(case: RuleCase, rules: RuleSet, corpus: MemoryCorpus, index: EligibilityIndex) -> Any:
    """The pack's answer to the case's question, as JSON values."""
    if case.eligible is not None:
        asked = case.eligible
        context = Context(valid_at=asked.valid_at, known_at=asked.known_at, groups=tuple(asked.groups),
                          attributes=dict(asked.context))
        return index.evaluate(context, exclusions=None).contract()
    if case.precedence is not None:
        asked = case.precedence
        index = corpus.asof_index()
        a = provision_in_force(corpus, index, Locator.parse(asked.a), asked.valid_at)
        b = provision_in_force(corpus, index, Locator.parse(asked.b), asked.valid_at)
        return resolve_precedence(a, b, rules.precedence, valid_at=asked.valid_at).model_dump(mode="json")
    if case.derive is not None:
        document = _document(corpus, case.derive.document)
        derived = derive_supersedes(document, rules, directory=corpus.directory(), has_target=corpus.has,
                                    names=lambda doc: outline_names(_document(corpus, doc)) if corpus.has(
                                        Locator(doc=doc)) else {})
        return derived.model_dump(mode="json")
    if case.read is not None:
        return _read(corpus, rules, case.read.document)
    if case.qualifiers is not None:
        document = _document(corpus, case.qualifiers.document)
        return {"links": [link.model_dump(mode="json") for link in find_qualifiers(document, rules)]}
    assert case.subjects is not None
    return _subjects(rules, case.subjects.text)


def _subjects(rules: RuleSet, text: str) -> dict[str, Any]:
    """The subjects named in ``text`` (``subjects``) and each quantity read in it with the
    subject it binds to, None where unbound, the rule that bound it and the condition it is
    stated under, its terms (``bound``)."""
    from .quantities.extract import default_extractor

    vocabulary = rules.subjects
    mentions = default_extractor(vocabulary).extract(text).mentions
    return {
        "subjects": [rule.subject for rule, _, _ in vocabulary.find(text)],
        "bound": [{"text": m.text, "subject": m.subject, "rule": m.binding.rule if m.binding else None,
                   "evidence": m.binding.synonym if m.binding else None, "condition": list(m.condition)}
                  for m in mentions],
    }


def _read(corpus: MemoryCorpus, rules: RuleSet, doc: str) -> dict[str, Any]:
    """How the addendum readers read ``doc`` (issue 21): each item applied, proposed, not
    understood, or counted as skipped, in the shape a case's ``expect`` names them."""
    from .addenda.reading import Lookup, read_addendum

    document = _document(corpus, doc)
    directory = corpus.directory()

    def paths(target: str) -> list[str]:
        return [p.path for p in _document(corpus, target).provisions] if corpus.has(Locator(doc=target)) else []

    lookup = Lookup(directory, has_target=corpus.has, paths=paths,
                    names=lambda target: outline_names(_document(corpus, target)) if corpus.has(
                        Locator(doc=target)) else {})
    reading = read_addendum(document, rules, lookup)
    return {
        "applied": [{"by": e.by.format(), "target": e.target.format(), "scope": e.scope, "successor": e.successor,
                     "rule": e.rule, "words": e.words} for e in reading.applied],
        "proposed": [{"item": p.item.format(), "target": p.target.format(), "scope": p.scope,
                      "successor": p.successor, "rule": p.rule,
                      "evidence": p.evidence.model_dump(mode="json")} for p in reading.proposed],
        "not_understood": [{"item": n.item.format(), "rule": n.rule, "reason": n.reason}
                           for n in reading.not_understood],
        "skipped": dict(reading.skipped),
    }


def _document(corpus: MemoryCorpus, doc: str) -> Document:
    revisions = corpus._revisions(doc)
    if not revisions:
        raise NotFoundError(f"no document {doc} in the test's corpus")
    return revisions[-1]


def _project(actual: Any, expected: Any) -> Any:
    """``actual`` cut down to the keys ``expected`` names (lists of mappings element by element).

    ``{contains: [words, ...]}`` expects a text holding each of the words; the projection
    keeps the words the text holds, so a missing one shows in the diff.
    """
    if isinstance(expected, dict) and set(expected) == {"contains"} and isinstance(actual, str):
        return {"contains": [words for words in expected["contains"] if words in actual]}
    if isinstance(expected, dict) and isinstance(actual, dict):  # a key the answer lacks is told, never read as null
        return {key: _project(actual[key], value) if key in actual else f"(the answer has no key {key!r}; it has: "
                f"{', '.join(map(str, actual))})" for key, value in expected.items()}
    if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
        return [_project(a, e) for a, e in zip(actual, expected, strict=True)]
    return actual
