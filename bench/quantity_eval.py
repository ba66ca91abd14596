#!/usr/bin/env python3
"""Quantity extraction scored against the hand-labelled fixture: inforce and quantulum3 side by side.

    python bench/quantity_eval.py [--systems inforce,quantulum3] [--failures 10]
                                  [--quantulum-classifier auto|shipped|retrain|off]

The fixture is ``tests/fixtures/quantities/*.yaml`` (rules, provenance and counts in its
README). Snippets from the example projects and 27 CFR 447 carry their text; FinanceBench
snippets carry only a reference (record, field, offset, length, sha1), and their text is read
from ``../shared/data`` here; without it they are skipped and the report says how many.

Each system runs over each snippet's text. A prediction matches a gold mention when the spans
overlap, the values agree within 0.5 % (a range: both ends; a gold range with a nominal value
also accepts that nominal alone; a gold value with a context scale such as "(in thousands)"
also accepts the value times that scale), and the units agree after pint normalisation when
both sides have one (``--strict`` units: a unit on one side only is a mismatch too). Matching
is one-to-one (maximum bipartite matching per snippet). The bound (exact, min, max, range) is
compared separately, over the matched pairs. Precision = matched / predicted, recall =
matched / gold, overall, per source and per class; a class's precision counts the predictions
that overlap a gold mention of that class. Predictions that overlap no gold mention are
counted by the kind of non-quantity they landed on (section numbers, dates, ...).

Output is Markdown, for ``bench/write_results.py --name quantities ...``. A system that cannot
run (not installed, no extraction entry point yet) is reported with its reason, and the script
then exits 2 after printing what the others scored.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import re
import sys
import time
import warnings
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from inforce.ontology.units import DOMAIN_DEFINITIONS

ROOT = Path(__file__).resolve().parent.parent
FIXTURE_DIR = ROOT / "tests" / "fixtures" / "quantities"
SHARED_DATA = ROOT.parent / "shared" / "data"
#: How fixture files name files in ../shared/data (relative to the repository root).
SHARED_PREFIX = "../shared/data/"
RELATIVE_TOLERANCE = 0.005
BOUNDS = ("exact", "min", "max", "range")

#: Units pint lacks, defined on this harness's own registry so that gold units and the units
#: a system reports parse alike: the project's domain units (one home, ``inforce.ontology.units``;
#: currencies are their own dimensions, never comparable), and the scale the gold set writes
#: FinanceBench's "USD millions" in.
EXTRA_UNIT_DEFINITIONS = (*DOMAIN_DEFINITIONS, "USD_mill = 0.001 * USD")
#: Units that mean "no unit" for matching.
NO_UNIT = (None, "", "dimensionless")


class FixtureError(ValueError):
    """The fixture is malformed, or its referenced text is not the text it was labelled on."""


# ---------------------------------------------------------------------------------------------
# Fixture


@dataclass(frozen=True)
class GoldMention:
    start: int
    end: int
    value: float | None
    unit: str | None
    bound: str
    classes: tuple[str, ...]
    lower: float | None = None
    upper: float | None = None
    context_scale: float | None = None
    text: str | None = None
    #: What the figure measures, in the subject vocabulary; None: nothing in it (a near-miss
    #: that must stay unbound). Only read where the snippet labels subjects (``subjects``).
    subject: str | None = None


@dataclass(frozen=True)
class NotQuantity:
    start: int
    end: int
    cls: str
    text: str | None = None


@dataclass(frozen=True)
class Snippet:
    id: str
    family: str
    text: str
    source: dict
    mentions: tuple[GoldMention, ...]
    not_quantities: tuple[NotQuantity, ...]
    #: False for FinanceBench: its text may not be copied into a report.
    inline: bool
    #: True when every mention carries a ``subject`` label (the drawing-notes sets): binding is
    #: scored on such snippets only.
    subjects: bool = False


@dataclass
class Fixture:
    snippets: list[Snippet]
    #: ids of snippets whose text could not be read (``../shared`` absent), with the reason.
    skipped: list[tuple[str, str]] = field(default_factory=list)

    def mentions(self) -> int:
        return sum(len(s.mentions) for s in self.snippets)


def fixture_files(fixture_dir: Path = FIXTURE_DIR) -> list[Path]:
    return sorted(fixture_dir.glob("*.yaml"))


def read_fixture_file(path: Path) -> dict:
    """One fixture file as parsed YAML, through the project's one YAML reader (cached)."""
    return _read_fixture_file(path, path.stat().st_mtime_ns)


@lru_cache(maxsize=32)
def _read_fixture_file(path: Path, mtime_ns: int) -> dict:
    from inforce.ontology.yamltext import load_marked

    return load_marked(path.read_text(encoding="utf-8"), file=str(path))


def shared_path(file: str, shared: Path = SHARED_DATA) -> Path:
    """A fixture ``file`` as a path: ``../shared/data/...`` under ``shared``, else the repo."""
    if file.startswith(SHARED_PREFIX):
        return shared / file[len(SHARED_PREFIX):]
    return ROOT / file


def _sha1(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


@lru_cache(maxsize=4)
def _financebench_records(path: Path) -> dict[str, dict]:
    records = {}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            records[record["financebench_id"]] = record
    return records


def record_field(record: dict, name: str) -> str:
    """``answer`` or ``evidence[N].evidence_text`` of one FinanceBench record."""
    m = re.fullmatch(r"evidence\[(\d+)\]\.(\w+)", name)
    if m:
        return record["evidence"][int(m.group(1))][m.group(2)]
    return record[name]


def referenced_text(source: dict, shared: Path = SHARED_DATA) -> str:
    """The text a reference-only snippet names, checked against its stored sha1."""
    path = shared_path(source["file"], shared)
    record = _financebench_records(path).get(source["record"])
    if record is None:
        raise FixtureError(f"{source['file']}: no record {source['record']}")
    full = record_field(record, source["field"])
    text = full[source["offset"]: source["offset"] + source["length"]]
    if _sha1(text) != source["sha1"]:
        raise FixtureError(f"{source['file']} {source['record']} {source['field']}: the text at "
                           f"offset {source['offset']} is not the text that was labelled (sha1 differs)")
    return text


def load_fixture(fixture_dir: Path = FIXTURE_DIR, shared: Path = SHARED_DATA) -> Fixture:
    """Every snippet of every fixture file, with reference-only text read from ``shared``."""
    fixture = Fixture(snippets=[])
    for path in fixture_files(fixture_dir):
        doc = read_fixture_file(path)
        if doc.get("schema_version") != 1:
            raise FixtureError(f"{path.name}: schema_version {doc.get('schema_version')!r}, expected 1")
        for raw in doc["snippets"]:
            inline = "text" in raw
            if inline:
                text = raw["text"]
            else:
                if not shared_path(raw["source"]["file"], shared).is_file():
                    fixture.skipped.append((raw["id"], f"{raw['source']['file']} not found"))
                    continue
                text = referenced_text(raw["source"], shared)
            mentions = tuple(
                GoldMention(start=m["start"], end=m["end"], value=m["value"], unit=m["unit"],
                            bound=m["bound"], classes=tuple(m["classes"]), lower=m.get("lower"),
                            upper=m.get("upper"), context_scale=m.get("context_scale"),
                            text=text[m["start"]:m["end"]], subject=m.get("subject"))
                for m in raw["mentions"])
            labelled = [("subject" in m) for m in raw["mentions"]]
            if any(labelled) and not all(labelled):
                raise FixtureError(f"{path.name}: {raw['id']}: some mentions have a subject label and some "
                                   "not; label every mention (null: bound to nothing)")
            nots = tuple(NotQuantity(start=n["start"], end=n["end"], cls=n["class"],
                                     text=text[n["start"]:n["end"]])
                         for n in raw["not_quantities"])
            fixture.snippets.append(Snippet(id=raw["id"], family=doc["family"], text=text,
                                            source=raw["source"], mentions=mentions,
                                            not_quantities=nots, inline=inline,
                                            subjects=bool(labelled) and all(labelled)))
    return fixture


# ---------------------------------------------------------------------------------------------
# Units


@lru_cache(maxsize=1)
def unit_registry():
    import pint

    ureg = pint.UnitRegistry()
    for definition in EXTRA_UNIT_DEFINITIONS:
        ureg.define(definition)
    return ureg


@lru_cache(maxsize=1024)
def parse_unit(expression: str | None):
    """A pint unit for ``expression``; None for no unit; raises ValueError when unparsable."""
    if expression in NO_UNIT:
        return None
    ureg = unit_registry()
    try:
        return ureg.parse_units(expression)
    except Exception as exc:  # pint raises several unrelated types for a bad expression
        raise ValueError(f"unit {expression!r} does not parse: {exc}") from exc


# ---------------------------------------------------------------------------------------------
# Predictions and systems


@dataclass(frozen=True)
class Predicted:
    """One mention a system reported: span, value (a range: lower/upper), unit, bound."""

    start: int
    end: int
    value: float | None
    unit: str | None = None
    bound: str = "exact"
    lower: float | None = None
    upper: float | None = None
    text: str = ""
    #: The subject the system bound the mention to (inforce only; None: unbound).
    subject: str | None = None


#: A system: text in, predicted mentions out.
System = Callable[[str], list[Predicted]]


class SystemUnavailable(RuntimeError):
    """A system cannot run here (not installed, or no extraction entry point yet)."""


def gold_as_predictions(snippet: Snippet) -> list[Predicted]:
    """The gold mentions restated as predictions: what a perfect system would report."""
    return [Predicted(start=g.start, end=g.end, value=g.value, unit=g.unit, bound=g.bound,
                      lower=g.lower, upper=g.upper, text=g.text or "", subject=g.subject)
            for g in snippet.mentions]


#: inforce: the entry points tried, in order, in ``inforce.engine.quantities``.
INFORCE_ENTRY_POINTS = ("extract_quantities", "extract", "extract_mentions")


def inforce_system() -> tuple[System, str]:
    """An adapter over ``inforce.engine.quantities``'s extraction entry point."""
    try:
        module = importlib.import_module("inforce.engine.quantities")
    except ImportError as exc:
        raise SystemUnavailable(f"inforce.engine.quantities does not import ({exc}); "
                                "the extractor is not there yet") from exc
    entry = next((getattr(module, name) for name in INFORCE_ENTRY_POINTS
                  if callable(getattr(module, name, None))), None)
    if entry is None:
        raise SystemUnavailable("inforce.engine.quantities has none of the entry points "
                                f"{', '.join(INFORCE_ENTRY_POINTS)}; update INFORCE_ENTRY_POINTS")

    def run(text: str) -> list[Predicted]:
        result = entry(text)
        mentions = getattr(result, "mentions", result)
        return [_from_inforce(m, text) for m in mentions]

    version = getattr(module, "__version__", None) or getattr(module, "EXTRACTOR_VERSION", None)
    return run, f"inforce.engine.quantities.{entry.__name__}" + (f" {version}" if version else "")


def _from_inforce(m, text: str) -> Predicted:
    span = m.span
    start, end = (span.start, span.end) if hasattr(span, "start") else (span[0], span[1])
    unit = getattr(m, "unit_expression", None) or getattr(m, "unit", None)
    bound = getattr(m, "bound", "exact") or "exact"
    value, upper = m.value, getattr(m, "upper", None)
    if upper is not None:
        nominal = getattr(m, "nominal", None)
        return Predicted(start, end, nominal, unit, "range", lower=value, upper=upper,
                         text=text[start:end], subject=getattr(m, "subject", None))
    return Predicted(start, end, value, unit, bound, text=text[start:end], subject=getattr(m, "subject", None))


#: quantulum3 unit names → pint expressions where pint spells them otherwise.
QUANTULUM_UNITS = {
    "dollar": "USD", "percentage": "percent", "degree fahrenheit": "degF",
    "degree celsius": "degC", "degree angle": "degree", "pound-mass": "pound",
    "pound-force": "pound_force", "pound per square inch": "psi", "cubic centimetre": "cm**3",
    "square foot": "foot**2", "square yard": "yard**2", "square inch": "inch**2",
    "cubic yard": "yard**3", "cubic foot": "foot**3", "second of arc": "arcsecond",
    "minute of arc": "arcminute", "mill": "USD_mill", "metre": "meter", "litre": "liter",
    "millilitre": "milliliter", "ampere-turn": "ampere_turn", "kip per square inch": "ksi",
}


def quantulum_unit(unit) -> str | None:
    """A quantulum3 ``Unit`` as a pint expression (None for dimensionless); a unit pint
    cannot read comes back as ``quantulum:NAME``, which matches nothing."""
    if unit.name == "dimensionless":
        return None
    if unit.currency_code:
        return unit.currency_code
    parts = []
    for dim in unit.dimensions or []:
        base, power = dim["base"], dim.get("power", 1)
        if base in ("unk", "dimensionless") or power == 0:
            continue
        name = QUANTULUM_UNITS.get(base, base.replace(" ", "_").replace("-", "_"))
        parts.append(f"({name})**{power}" if power != 1 else f"({name})")
    expression = "*".join(parts) or None
    try:
        parse_unit(expression)
    except ValueError:
        return f"quantulum:{unit.name}"
    return expression


def quantulum_system(classifier: str = "auto") -> tuple[System, str]:
    """quantulum3 ``parser.parse``. Its shipped disambiguation classifier is a pickle that a
    newer scikit-learn cannot load; ``auto`` uses it when it loads, else retrains one from
    quantulum3's own training data into a cache (needs the ``stemming`` package), else runs
    without the classifier (quantulum3's heuristic disambiguation)."""
    try:
        import quantulum3
        from quantulum3 import classifier as q_classifier
        from quantulum3 import parser as q_parser
    except ImportError as exc:
        raise SystemUnavailable(f"quantulum3 is not installed ({exc}); pip install -e '.[bench]'") from exc
    from importlib.metadata import version

    q_version = version("quantulum3")
    mode, path = _quantulum_classifier(q_classifier, classifier, q_version)

    def run(text: str) -> list[Predicted]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found = q_parser.parse(text, classifier_path=path)
        out = []
        for q in found:
            start, end = q.span
            unit = quantulum_unit(q.unit)
            if q.uncertainty:
                out.append(Predicted(start, end, q.value, unit, "range", lower=q.value - q.uncertainty,
                                     upper=q.value + q.uncertainty, text=text[start:end]))
            else:
                out.append(Predicted(start, end, q.value, unit, "exact", text=text[start:end]))
        return out

    del quantulum3
    return run, f"quantulum3 {q_version}, classifier: {mode}"


def _quantulum_classifier(q_classifier, wanted: str, q_version: str) -> tuple[str, str | None]:
    if not q_classifier.USE_CLF:
        return "off (scikit-learn not installed)", None
    if wanted == "off":
        q_classifier.USE_CLF = False
        return "off (--quantulum-classifier off)", None
    if wanted in ("auto", "shipped"):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # scikit-learn's version-mismatch warning
                q_classifier.Classifier()
            return "shipped", None
        except Exception as exc:  # an unpickling error of any kind
            if wanted == "shipped":
                raise SystemUnavailable(f"quantulum3's shipped classifier does not load: {exc!r}") from exc
            reason = f"{type(exc).__name__}: {exc}"
    else:
        reason = "--quantulum-classifier retrain"
    from importlib.metadata import version

    cache = Path.home() / ".cache" / "inforce-bench"
    path = cache / f"quantulum3-{q_version}-sklearn-{version('scikit-learn')}.joblib"
    if not path.is_file():
        try:
            import stemming  # noqa: F401  (quantulum3 imports it inside its training workers)
        except ImportError:
            q_classifier.USE_CLF = False
            return f"off (shipped classifier does not load: {reason}; retraining needs `stemming`)", None
        cache.mkdir(parents=True, exist_ok=True)
        q_classifier.train_classifier(store=True, output_path=str(path), n_jobs=1)
    return f"retrained on quantulum3's training set ({reason})", str(path)


# ---------------------------------------------------------------------------------------------
# Matching and scoring


def _close(a: float, b: float) -> bool:
    if b == 0:
        return abs(a) < 1e-9
    return abs(a - b) <= RELATIVE_TOLERANCE * abs(b)


def units_agree(gold_unit: str | None, pred_unit: str | None, *, strict: bool) -> bool:
    """Both without a unit, or both with units of one dimension; lenient: either without one."""
    g = parse_unit(gold_unit)
    try:
        p = parse_unit(pred_unit)
    except ValueError:
        return g is None and not strict
    if g is None or p is None:
        return not strict or (g is None and p is None)
    return g.dimensionality == p.dimensionality


def _in_gold_unit(values: Iterable[float | None], gold_unit: str | None, pred_unit: str | None):
    """Predicted values converted into the gold unit where both units are real and convertible."""
    g = parse_unit(gold_unit)
    try:
        p = parse_unit(pred_unit)
    except ValueError:
        p = None
    if g is None or p is None or g.dimensionality != p.dimensionality:
        return list(values)
    ureg = unit_registry()
    try:
        return [None if v is None else ureg.Quantity(v, p).to(g).magnitude for v in values]
    except Exception:  # pint: offset units multiplied by others (``degree * degF``) do not convert
        return [None for _ in values]


def values_agree(gold: GoldMention, pred: Predicted) -> bool:
    value, lower, upper = _in_gold_unit((pred.value, pred.lower, pred.upper), gold.unit, pred.unit)
    scales = (1.0,) if not gold.context_scale else (1.0, float(gold.context_scale))
    for scale in scales:
        if gold.bound == "range":
            if (lower is not None and upper is not None
                    and _close(lower, gold.lower * scale) and _close(upper, gold.upper * scale)):
                return True
            if gold.value is not None and value is not None and _close(value, gold.value * scale):
                return True
        elif gold.value is not None and value is not None and _close(value, gold.value * scale):
            return True
    return False


def _overlap(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    return a_start < b_end and b_start < a_end


def match(gold: Sequence[GoldMention], predicted: Sequence[Predicted], *, strict: bool = False) -> dict[int, int]:
    """Gold index → predicted index, one to one, as many pairs as possible (Kuhn's algorithm)."""
    edges = [[j for j, p in enumerate(predicted)
              if _overlap(g.start, g.end, p.start, p.end) and units_agree(g.unit, p.unit, strict=strict)
              and values_agree(g, p)] for g in gold]
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in edges[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(gold)):
        augment(i, set())
    return {i: j for j, i in owner.items()}


@dataclass
class Tally:
    gold: int = 0
    predicted: int = 0
    matched: int = 0

    def precision(self) -> float | None:
        return self.matched / self.predicted if self.predicted else None

    def recall(self) -> float | None:
        return self.matched / self.gold if self.gold else None


@dataclass
class Score:
    overall: Tally = field(default_factory=Tally)
    strict: Tally = field(default_factory=Tally)
    by_family: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    #: recall side: gold of the class; precision side: predictions overlapping gold of the class.
    by_class: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    bound_agree: int = 0
    bound_confusion: Counter = field(default_factory=Counter)
    false_positive_on: Counter = field(default_factory=Counter)
    misses: list[tuple[Snippet, GoldMention, list[Predicted]]] = field(default_factory=list)
    spurious: list[tuple[Snippet, Predicted, str]] = field(default_factory=list)
    seconds: float = 0.0
    #: Subject binding on the snippets that label subjects: gold = mentions with a subject,
    #: predicted = predictions bound to one, matched = bound to the gold mention's own subject.
    binding: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    #: (snippet, gold subject or None when no gold mention matched, prediction) of each wrong
    #: or missing binding.
    binding_errors: list[tuple[Snippet, str | None, Predicted | None, GoldMention | None]] = field(default_factory=list)


def score(snippets: Sequence[Snippet], predictions: dict[str, list[Predicted]]) -> Score:
    """Match each snippet's predictions to its gold and add up the tallies."""
    result = Score()
    for snippet in snippets:
        gold, pred = snippet.mentions, predictions.get(snippet.id, [])
        pairs = match(gold, pred)
        strict_pairs = match(gold, pred, strict=True)
        matched_pred = set(pairs.values())
        for tally in (result.overall, result.by_family[snippet.family]):
            tally.gold += len(gold)
            tally.predicted += len(pred)
            tally.matched += len(pairs)
        result.strict.gold += len(gold)
        result.strict.predicted += len(pred)
        result.strict.matched += len(strict_pairs)
        for i, g in enumerate(gold):
            for cls in g.classes:
                result.by_class[cls].gold += 1
                result.by_class[cls].matched += i in pairs
            if i in pairs:
                p = pred[pairs[i]]
                result.bound_agree += p.bound == g.bound
                result.bound_confusion[(g.bound, p.bound)] += 1
            else:
                near = [p for p in pred if _overlap(g.start, g.end, p.start, p.end)]
                result.misses.append((snippet, g, near))
        for j, p in enumerate(pred):
            classes = {c for g in gold if _overlap(g.start, g.end, p.start, p.end) for c in g.classes}
            for cls in classes:
                result.by_class[cls].predicted += 1
            if j in matched_pred:
                continue
            if classes:
                result.spurious.append((snippet, p, "wrong value or unit on a gold mention"))
                continue
            landed = [n.cls for n in snippet.not_quantities if _overlap(n.start, n.end, p.start, p.end)]
            where = landed[0] if landed else "unlabelled text"
            result.false_positive_on[where] += 1
            result.spurious.append((snippet, p, where))
        if snippet.subjects:
            _score_binding(result, snippet, pred, pairs)
    return result


def _score_binding(result: Score, snippet: Snippet, pred: Sequence[Predicted], pairs: dict[int, int]) -> None:
    """Binding precision counts every prediction bound to a subject (a wrong subject, or one on a
    near-miss or on no gold mention, is an error); recall counts gold mentions of a subject whose
    matched prediction carries that subject."""
    tally = result.binding[snippet.family]
    gold_of = {j: snippet.mentions[i] for i, j in pairs.items()}
    for i, g in enumerate(snippet.mentions):
        if g.subject is None:
            continue
        tally.gold += 1
        p = pred[pairs[i]] if i in pairs else None
        if p is None or p.subject != g.subject:
            result.binding_errors.append((snippet, g.subject, p, g))
    for j, p in enumerate(pred):
        if p.subject is None:
            continue
        tally.predicted += 1
        g = gold_of.get(j)
        if g is not None and g.subject == p.subject:
            tally.matched += 1
        elif g is None or g.subject is None:
            result.binding_errors.append((snippet, None, p, g))


def run_system(system: System, snippets: Sequence[Snippet]) -> tuple[dict[str, list[Predicted]], float]:
    t0 = time.perf_counter()
    predictions = {s.id: system(s.text) for s in snippets}
    return predictions, time.perf_counter() - t0


# ---------------------------------------------------------------------------------------------
# Report


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _f1(t: Tally) -> str:
    p, r = t.precision(), t.recall()
    return "–" if not p or not r else f"{100 * 2 * p * r / (p + r):.1f}%"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", "⏎")


def _pred(p: Predicted) -> str:
    span = f"`{_cell(p.text)}`" if p.text else f"[{p.start}:{p.end}]"
    value = f"{p.lower:g}–{p.upper:g}" if p.lower is not None and p.upper is not None else (
        "None" if p.value is None else f"{p.value:g}")
    return f"{span} = {value} {p.unit or '(no unit)'}" + (f" ({p.bound})" if p.bound != "exact" else "")


def _gold(g: GoldMention) -> str:
    value = f"{g.lower:g}–{g.upper:g}" if g.bound == "range" else f"{g.value:g}"
    return f"`{_cell(g.text or '')}` = {value} {g.unit or '(no unit)'}" + (f" ({g.bound})" if g.bound != "exact" else "")


def report(fixture: Fixture, results: dict[str, tuple[str, Score] | str], failures: int) -> str:
    """The Markdown report: one column per system."""
    names = list(results)
    ran = [n for n in names if not isinstance(results[n], str)]
    lines: list[str] = []
    by_family = Counter(s.family for s in fixture.snippets)
    gold_by_family = Counter()
    for s in fixture.snippets:
        gold_by_family[s.family] += len(s.mentions)
    lines.append(f"Fixture: `tests/fixtures/quantities/` — {len(fixture.snippets)} snippets, "
                 f"{fixture.mentions()} gold mentions, "
                 f"{sum(len(s.not_quantities) for s in fixture.snippets)} labelled non-quantities"
                 + (f"; {len(fixture.skipped)} FinanceBench snippets skipped (../shared/data absent)"
                    if fixture.skipped else "") + ".")
    lines.append("Match: spans overlap, value within 0.5 %, unit of the same dimension after pint "
                 "normalisation when both have one; bound compared separately over matched pairs.")
    lines.append("")
    lines.append("| system | predicted | matched | precision | recall | F1 | strict-unit precision | strict-unit recall | bound agrees (of matched) | time |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|")
    for name in names:
        entry = results[name]
        if isinstance(entry, str):
            lines.append(f"| {name} | not run: {_cell(entry)} | | | | | | | | |")
            continue
        label, s = entry
        o = s.overall
        lines.append(f"| {_cell(label)} | {o.predicted} | {o.matched} | {_pct(o.precision())} | {_pct(o.recall())} | "
                     f"{_f1(o)} | {_pct(s.strict.precision())} | {_pct(s.strict.recall())} | "
                     f"{s.bound_agree}/{o.matched} | {s.seconds:.2f} s |")
    if not ran:
        return "\n".join(lines) + "\n"
    lines.append("")
    lines.append("By source (precision / recall):")
    lines.append("")
    lines.append("| source | snippets | gold | " + " | ".join(ran) + " |")
    lines.append("|---|---|---|" + "---|" * len(ran))
    for family in sorted(by_family):
        cells = []
        for name in ran:
            t = results[name][1].by_family[family]
            cells.append(f"{_pct(t.precision())} / {_pct(t.recall())}")
        lines.append(f"| {family} | {by_family[family]} | {gold_by_family[family]} | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("By class (a mention has one or more classes; precision counts predictions overlapping a "
                 "gold mention of the class):")
    lines.append("")
    lines.append("| class | gold | " + " | ".join(f"{n} recall | {n} precision" for n in ran) + " |")
    lines.append("|---|---|" + "---|---|" * len(ran))
    classes = sorted({c for n in ran for c in results[n][1].by_class}, key=lambda c: (-results[ran[0]][1].by_class[c].gold, c))
    for cls in classes:
        cells = []
        for name in ran:
            t = results[name][1].by_class[cls]
            cells.append(f"{_pct(t.recall())} ({t.matched}) | {_pct(t.precision())}")
        lines.append(f"| {cls} | {results[ran[0]][1].by_class[cls].gold} | " + " | ".join(cells) + " |")
    bound_families = sorted({s.family for s in fixture.snippets if s.subjects})
    if bound_families:
        lines.append("")
        lines.append("Subject binding, on the sets that label each mention's subject (precision: of the "
                     "mentions a system bound, the share bound to the labelled subject — a near-miss bound "
                     "to anything counts against it; recall: of the labelled subjects, the share bound right):")
        lines.append("")
        lines.append("| source | mentions with a subject | near-misses | " + " | ".join(
            f"{n} bound | {n} precision | {n} recall" for n in ran) + " |")
        lines.append("|---|---|---|" + "---|---|---|" * len(ran))
        for family in bound_families:
            labelled = [g for s in fixture.snippets if s.family == family for g in s.mentions]
            cells = []
            for name in ran:
                t = results[name][1].binding[family]
                cells.append(f"{t.predicted} | {_pct(t.precision())} | {_pct(t.recall())}")
            lines.append(f"| {family} | {sum(g.subject is not None for g in labelled)} | "
                         f"{sum(g.subject is None for g in labelled)} | " + " | ".join(cells) + " |")
    lines.append("")
    lines.append("False positives outside every gold mention, by what they landed on:")
    lines.append("")
    kinds = sorted({k for n in ran for k in results[n][1].false_positive_on})
    lines.append("| landed on | " + " | ".join(ran) + " |")
    lines.append("|---|" + "---|" * len(ran))
    for kind in kinds:
        lines.append(f"| {kind} | " + " | ".join(str(results[n][1].false_positive_on[kind]) for n in ran) + " |")
    if failures:
        for name in ran:
            s = results[name][1]
            misses = [m for m in s.misses if m[0].inline][:failures]
            spurious = [m for m in s.spurious if m[0].inline][:failures]
            lines.append("")
            lines.append(f"{name}: first {len(misses)} missed gold mentions and first {len(spurious)} unmatched "
                         "predictions (example projects and 27 CFR only: FinanceBench text is not reproduced here).")
            lines.append("")
            lines.append("| snippet | gold | overlapping predictions |")
            lines.append("|---|---|---|")
            for snippet, g, near in misses:
                lines.append(f"| {snippet.id} | {_gold(g)} | {'; '.join(_pred(p) for p in near) or 'none'} |")
            lines.append("")
            lines.append("| snippet | unmatched prediction | landed on |")
            lines.append("|---|---|---|")
            for snippet, p, where in spurious:
                lines.append(f"| {snippet.id} | {_pred(p)} | {where} |")
            errors = [e for e in s.binding_errors if e[0].inline][:failures]
            if errors:
                lines.append("")
                lines.append(f"{name}: first {len(errors)} binding errors (labelled subject, what was bound).")
                lines.append("")
                lines.append("| snippet | mention | labelled subject | bound |")
                lines.append("|---|---|---|---|")
                for snippet, want, p, g in errors:
                    shown = g.text if g is not None else (p.text if p is not None else "")
                    got = (p.subject or "nothing") if p is not None else "not read"
                    lines.append(f"| {snippet.id} | {_cell(shown or '')} | {want or 'nothing'} | {got} |")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", default="inforce,quantulum3",
                        help="comma-separated: inforce, quantulum3 (default both)")
    parser.add_argument("--failures", type=int, default=10, help="examples of failures per system (0: none)")
    parser.add_argument("--quantulum-classifier", choices=("auto", "shipped", "retrain", "off"), default="auto")
    parser.add_argument("--fixture", type=Path, default=FIXTURE_DIR)
    parser.add_argument("--shared", type=Path, default=SHARED_DATA)
    parser.add_argument("--families", default="",
                        help="comma-separated fixture families to score (default: all), e.g. drawing-notes-held-out")
    args = parser.parse_args(argv)

    fixture = load_fixture(args.fixture, args.shared)
    if args.families:
        wanted = {f.strip() for f in args.families.split(",") if f.strip()}
        unknown = wanted - {s.family for s in fixture.snippets}
        if unknown:
            parser.error(f"no fixture family {', '.join(sorted(unknown))}")
        fixture.snippets = [s for s in fixture.snippets if s.family in wanted]
    factories: dict[str, Callable[[], tuple[System, str]]] = {
        "inforce": inforce_system,
        "quantulum3": lambda: quantulum_system(args.quantulum_classifier),
    }
    results: dict[str, tuple[str, Score] | str] = {}
    for name in [n.strip() for n in args.systems.split(",") if n.strip()]:
        if name not in factories:
            parser.error(f"unknown system {name!r}; known: {', '.join(factories)}")
        try:
            system, label = factories[name]()
        except SystemUnavailable as exc:
            results[name] = str(exc)
            continue
        predictions, seconds = run_system(system, fixture.snippets)
        s = score(fixture.snippets, predictions)
        s.seconds = seconds
        results[name] = (label, s)
    sys.stdout.write(report(fixture, results, args.failures))
    unavailable = [n for n, r in results.items() if isinstance(r, str)]
    if unavailable:
        print(f"quantity_eval: not run: {', '.join(unavailable)}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
