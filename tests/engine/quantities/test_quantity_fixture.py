"""The hand-labelled quantity fixture (tests/fixtures/quantities) and its scorer (bench/quantity_eval.py).

The fixture is the yardstick inforce and quantulum3 are measured against, so it is checked as
data: spans sit on the text they name, the inline text is the source's text, every digit is
labelled one way or the other, units parse, FinanceBench stays reference-only. The scorer is
checked to be able to fail: the gold itself scores 1, and a removed or disturbed mention less.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import re
import warnings
from collections import Counter
from pathlib import Path

import pytest

from inforce.ontology.yamltext import load_marked

from bench_scripts import load

ROOT = Path(__file__).resolve().parents[3]
FIXTURE_DIR = ROOT / "tests" / "fixtures" / "quantities"
SHARED_DATA = ROOT.parent / "shared" / "data"


qe = load("quantity_eval")


@functools.cache
def _raw() -> dict[str, dict]:
    """The fixture's files as written, read when a test first asks (not at import: every
    pytest-xdist worker collects this file)."""
    return {p.name: qe.read_fixture_file(p) for p in qe.fixture_files(FIXTURE_DIR)}


def _inline() -> list[tuple[str, dict]]:
    return [(name, s) for name, doc in _raw().items() for s in doc["snippets"]
            if "text" in s and "written" not in s["source"]]


def _written() -> list[tuple[str, dict]]:
    """Snippets written here in the forms of real drawing notes (issue 22): no source file, the
    rows of SOURCES.md whose forms they follow, and a subject label on every mention."""
    return [(name, s) for name, doc in _raw().items() for s in doc["snippets"] if "written" in s["source"]]


#: The subjects a drawing-notes mention may be labelled with (null: bound to nothing).
CONSTRUCTION_SUBJECTS = {"concrete.compressive_strength", "concrete.cover", "concrete.water_cementitious_ratio",
                         "concrete.slump", "concrete.air_content", "reinforcement.yield_strength"}


def _referenced() -> list[tuple[str, dict]]:
    return [(name, s) for name, doc in _raw().items() for s in doc["snippets"] if "text" not in s]


@pytest.fixture(scope="module")
def fixture():
    return qe.load_fixture(FIXTURE_DIR, SHARED_DATA)


def test_fixture_loads_with_at_least_200_mentions(fixture):
    labelled = sum(len(s["mentions"]) for doc in _raw().values() for s in doc["snippets"])
    assert labelled >= 200
    assert fixture.mentions() >= 200  # even without ../shared (inline snippets alone)
    ids = [s["id"] for doc in _raw().values() for s in doc["snippets"]]
    assert len(ids) == len(set(ids)), "snippet ids are unique"


def test_every_source_family_is_represented():
    assert {doc["family"] for doc in _raw().values()} == {
        "riverside-library", "label-dosing", "sop-retention", "followup-handbooks", "cfr-447", "financebench",
        "drawing-notes", "drawing-notes-held-out", "drawing-notes-held-out-2",
        "drawing-notes-held-out-3", "drawing-notes-held-out-4"}


def test_inline_spans_are_the_text_at_their_offsets():
    wrong = []
    for _, snippet in _inline() + _written():
        text = snippet["text"]
        for span in snippet["mentions"] + snippet["not_quantities"]:
            if not (0 <= span["start"] < span["end"] <= len(text)) or text[span["start"]:span["end"]] != span["text"]:
                wrong.append((snippet["id"], span))
    assert not wrong


def _cfr_nodes(path: Path) -> dict[str, str]:
    nodes = {}

    def walk(node):
        nodes["-".join(node["label"])] = node.get("text", "")
        for child in node.get("children", []):
            walk(child)

    walk(json.loads(path.read_text(encoding="utf-8")))
    return nodes


def test_inline_text_is_the_source_text():
    """Each inline snippet is the source's text: a Markdown line, a drawing callout, a CFR node."""
    differ, unread, moved = [], [], []
    loaded: dict[Path, object] = {}
    for _, snippet in _inline():
        source = snippet["source"]
        path = qe.shared_path(source["file"], SHARED_DATA)
        if not path.is_file():
            unread.append(source["file"])
            continue
        if "line" in source:
            lines = loaded.setdefault(path, path.read_text(encoding="utf-8").split("\n"))
            actual = lines[source["line"] - 1] if source["line"] <= len(lines) else None
            if actual != snippet["text"] and snippet["text"] in lines:
                moved.append(f"{snippet['id']} is now line {lines.index(snippet['text']) + 1}")
                continue
        elif "callout" in source:
            drawing = loaded.setdefault(path, load_marked(path.read_text(encoding="utf-8"), file=str(path)))
            actual = next(c["text"] for c in drawing["callouts"] if c["id"] == source["callout"])
        else:
            actual = loaded.setdefault(path, _cfr_nodes(path)).get(source["node"])
        if actual != snippet["text"]:
            differ.append(snippet["id"])
    assert not differ, "the source text changed: re-label these snippets by reading the new text"
    assert all(f.startswith(qe.SHARED_PREFIX) for f in unread), "a file inside the repository is missing"
    if moved:  # an edit above the line moved it; the text and its labels still hold
        warnings.warn("fixture line numbers to update: " + "; ".join(moved), stacklevel=1)
    if unread:
        pytest.skip(f"{len(unread)} snippets from ../shared not compared (../shared absent)")


def test_financebench_is_stored_as_references_only():
    doc = _raw()["financebench.yaml"]
    for snippet in doc["snippets"]:
        assert "text" not in snippet
        assert set(snippet["source"]) == {"file", "record", "field", "offset", "length", "sha1"}
        for span in snippet["mentions"] + snippet["not_quantities"]:
            assert "text" not in span and "sha1" in span


@pytest.mark.shared
def test_references_resolve_to_the_labelled_text():
    if not _referenced() or not qe.shared_path(_referenced()[0][1]["source"]["file"], SHARED_DATA).is_file():
        pytest.skip("../shared/data/financebench is not available")
    wrong = []
    for _, snippet in _referenced():
        text = qe.referenced_text(snippet["source"], SHARED_DATA)  # raises if the snippet's sha1 differs
        for span in snippet["mentions"] + snippet["not_quantities"]:
            surface = text[span["start"]:span["end"]]
            if not surface or hashlib.sha1(surface.encode()).hexdigest()[:12] != span["sha1"]:
                wrong.append((snippet["id"], span))
    assert not wrong


def test_every_digit_is_labelled_and_labels_do_not_overlap(fixture):
    """Exhaustive labelling: precision is only meaningful if an unlabelled number is not a quantity."""
    for snippet in fixture.snippets:
        spans = sorted([(m.start, m.end) for m in snippet.mentions]
                       + [(n.start, n.end) for n in snippet.not_quantities])
        for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
            assert end <= start, f"{snippet.id}: labels overlap"
        covered = {i for start, end in spans for i in range(start, end)}
        loose = [i for i, ch in enumerate(snippet.text) if ch.isdigit() and i not in covered]
        assert not loose, f"{snippet.id}: digit at {loose[0]} is neither a mention nor a non-quantity"


def test_labels_are_well_formed(fixture):
    for snippet in fixture.snippets:
        for m in snippet.mentions:
            assert m.bound in qe.BOUNDS, (snippet.id, m)
            assert m.classes, (snippet.id, m)
            if m.bound == "range":
                assert m.lower is not None and m.upper is not None and m.lower <= m.upper, (snippet.id, m)
            else:
                assert m.value is not None and m.lower is None and m.upper is None, (snippet.id, m)
            for bound, cls in (("min", "bound-min"), ("max", "bound-max"), ("range", "range")):
                assert (m.bound == bound) == (cls in m.classes), (snippet.id, m)


def test_every_unit_parses_with_pint_or_is_null():
    units = {m["unit"] for doc in _raw().values() for s in doc["snippets"] for m in s["mentions"]}
    assert None in units and "USD" in units
    for unit in units - {None}:
        qe.parse_unit(unit)  # raises ValueError if pint cannot read it
    assert qe.parse_unit("psi").dimensionality == qe.parse_unit("MPa").dimensionality


def test_provenance_files_exist():
    for doc in _raw().values():
        for snippet in doc["snippets"]:
            if "written" in snippet["source"]:
                continue  # no file: written here (test_written_snippets_name_their_sources_and_subjects)
            file = snippet["source"]["file"]
            if file.startswith(qe.SHARED_PREFIX):
                continue  # checked where ../shared is present, by the tests above
            assert (ROOT / file).is_file(), file


def test_written_snippets_name_their_sources_and_subjects():
    """The drawing-notes sets: each snippet names the form it follows and rows of SOURCES.md that
    exist; every mention carries a subject of the construction vocabulary or null; the held-out
    part has at least 150 mentions and the two parts at least 300, about half of them near-misses."""
    rows = {int(n) for n in re.findall(r"^\| (\d+) \|", (FIXTURE_DIR / "SOURCES.md").read_text(encoding="utf-8"), re.M)}
    counts: dict[str, Counter] = {}
    for name, snippet in _written():
        source = snippet["source"]
        assert isinstance(source["written"], str) and source["written"].strip(), snippet["id"]
        assert source.get("rows") and set(source["rows"]) <= rows, (snippet["id"], source.get("rows"))
        for m in snippet["mentions"]:
            assert "subject" in m, (snippet["id"], m["text"] if "text" in m else m)
            assert m["subject"] is None or m["subject"] in CONSTRUCTION_SUBJECTS, (snippet["id"], m["subject"])
            counts.setdefault(name, Counter())["bound" if m["subject"] else "near-miss"] += 1
    held_out = counts["drawing-notes-held-out.yaml"]
    assert sum(held_out.values()) >= 150
    assert sum(counts["drawing-notes-held-out-2.yaml"].values()) >= 300
    assert sum(counts["drawing-notes-held-out-3a.yaml"].values()) + sum(counts["drawing-notes-held-out-3b.yaml"].values()) >= 300
    assert sum(counts["drawing-notes-held-out-4.yaml"].values()) >= 220
    assert sum(sum(c.values()) for c in counts.values()) >= 300
    for c in counts.values():
        assert 0.3 <= c["near-miss"] / sum(c.values()) <= 0.7


# --- the scorer can tell right from wrong


def _perfect(snippets):
    return {s.id: qe.gold_as_predictions(s) for s in snippets}


def test_gold_scores_precision_and_recall_of_one(fixture):
    result = qe.score(fixture.snippets, _perfect(fixture.snippets))
    assert result.overall.precision() == 1.0 and result.overall.recall() == 1.0
    assert result.strict.precision() == 1.0 and result.strict.recall() == 1.0
    assert result.bound_agree == result.overall.matched == fixture.mentions()
    assert all(t.recall() == 1.0 for t in result.by_class.values())


def _one_changed(fixture, change):
    snippet = next(s for s in fixture.snippets if len(s.mentions) >= 2 and s.inline)
    predictions = _perfect(fixture.snippets)
    predictions[snippet.id] = change(predictions[snippet.id])
    return qe.score(fixture.snippets, predictions)


def test_a_removed_mention_lowers_recall(fixture):
    result = _one_changed(fixture, lambda preds: preds[1:])
    assert result.overall.recall() < 1.0
    assert result.overall.precision() == 1.0


def test_a_wrong_value_lowers_precision_and_recall(fixture):
    def wrong(preds):
        first = preds[0]
        value = (first.value if first.value is not None else first.lower) * 1.01 + 1
        return [dataclasses.replace(first, value=value, lower=None, upper=None, bound="exact")] + preds[1:]

    result = _one_changed(fixture, wrong)
    assert result.overall.precision() < 1.0 and result.overall.recall() < 1.0


def test_a_shifted_span_does_not_match(fixture):
    def shifted(preds):
        first = preds[0]
        return [dataclasses.replace(first, start=first.end + 200, end=first.end + 201)] + preds[1:]

    result = _one_changed(fixture, shifted)
    assert result.overall.precision() < 1.0 and result.overall.recall() < 1.0


def test_units_are_compared_by_dimension_and_converted():
    gold = qe.GoldMention(start=0, end=9, value=4000.0, unit="psi", bound="min", classes=("construction",))
    same = qe.Predicted(0, 9, 27.579, "MPa", "min")
    other_dimension = qe.Predicted(0, 9, 4000.0, "inch")
    bare = qe.Predicted(0, 5, 4000.0, None)
    assert qe.match([gold], [same]) == {0: 0}
    assert qe.match([gold], [other_dimension]) == {}
    assert qe.match([gold], [bare]) == {0: 0}
    assert qe.match([gold], [bare], strict=True) == {}
    feet = qe.GoldMention(start=0, end=5, value=1 + 4 / 12, unit="foot", bound="exact", classes=("feet-inches",))
    assert qe.match([feet], [qe.Predicted(0, 5, 16.0, "inch")]) == {0: 0}
    assert qe.match([feet], [qe.Predicted(0, 5, 1.0, "foot")]) == {}


def test_ranges_context_scale_and_one_to_one():
    rng = qe.GoldMention(start=0, end=11, value=None, unit="kg", bound="range", classes=("range",),
                         lower=30.0, upper=40.0)
    assert qe.match([rng], [qe.Predicted(0, 11, 35.0, "kg", "range", lower=30.0, upper=40.0)]) == {0: 0}
    assert qe.match([rng], [qe.Predicted(0, 2, 30.0, "kg")]) == {}
    scaled = qe.GoldMention(start=0, end=6, value=1577.0, unit="USD", bound="exact", classes=("money",),
                            context_scale=1e6)
    assert qe.match([scaled], [qe.Predicted(0, 6, 1.577e9, "USD")]) == {0: 0}
    twice = [qe.GoldMention(start=0, end=9, value=12.0, unit="inch", bound="exact", classes=("plain",)),
             qe.GoldMention(start=10, end=19, value=12.0, unit="inch", bound="exact", classes=("plain",))]
    one_long = qe.Predicted(0, 19, 12.0, "inch")
    assert len(qe.match(twice, [one_long])) == 1


def _bound_snippet(fixture):
    return next(s for s in fixture.snippets if s.subjects and any(g.subject for g in s.mentions)
                and any(g.subject is None for g in s.mentions))


def test_binding_scores_one_for_the_gold_and_less_for_a_wrong_or_missing_subject(fixture):
    perfect = qe.score(fixture.snippets, _perfect(fixture.snippets))
    assert perfect.binding and all(t.precision() == 1.0 and t.recall() == 1.0 for t in perfect.binding.values())
    snippet = _bound_snippet(fixture)
    bound = next(i for i, g in enumerate(snippet.mentions) if g.subject)
    near = next(i for i, g in enumerate(snippet.mentions) if g.subject is None)
    for change, precision_falls, recall_falls in (
            (lambda p: {bound: dataclasses.replace(p[bound], subject="concrete.slump"
                                                  if p[bound].subject != "concrete.slump" else "concrete.cover")},
             True, True),                                                    # a wrong subject
            (lambda p: {near: dataclasses.replace(p[near], subject="concrete.compressive_strength")},
             True, False),                                                   # a near-miss bound
            (lambda p: {bound: dataclasses.replace(p[bound], subject=None)}, False, True)):  # left unbound
        predictions = _perfect(fixture.snippets)
        preds = list(predictions[snippet.id])
        for i, p in change(preds).items():
            preds[i] = p
        predictions[snippet.id] = preds
        tally = qe.score(fixture.snippets, predictions).binding[snippet.family]
        assert (tally.precision() < 1.0) == precision_falls
        assert (tally.recall() < 1.0) == recall_falls


def test_without_shared_the_referenced_snippets_are_skipped(tmp_path):
    fixture = qe.load_fixture(FIXTURE_DIR, tmp_path / "no-shared")
    assert {s.family for s in fixture.snippets} == {doc["family"] for doc in _raw().values()} - {"financebench"}
    assert len(fixture.skipped) == len(_raw()["financebench.yaml"]["snippets"])


def test_report_prints_markdown_for_a_perfect_system(fixture):
    result = qe.score(fixture.snippets, _perfect(fixture.snippets))
    text = qe.report(fixture, {"gold": ("gold itself", result), "missing": "not installed"}, failures=3)
    assert "| gold itself |" in text and "100.0%" in text
    assert "not run: not installed" in text
