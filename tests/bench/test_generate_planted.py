"""The sweep benchmark's planted campus (``bench/generate_project.py --planted``): it ingests, and
its answer key holds against what the engine reads.

The key is the sweep benchmark's ground truth, so it is checked here without the sweep: every
bound quantity the generator says it wrote is a fact of the subject it meant, with its bound
and value, and no other fact exists; the planted quantity conflicts are exactly the in-force
pairs of one building (or of a building and the campus-wide documents) that
``engine.quantities.compare`` calls a conflict; the near-misses are not; the cross-references
point where the key says (nowhere, a replaced paragraph, an in-force one).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.engine.quantities import compare
from inforce.ontology import NotFoundError

from bench_scripts import load

pytestmark = pytest.mark.slow

_generator = load("generate_project")
ANSWER_KEY, generate_planted = _generator.ANSWER_KEY, _generator.generate_planted

runner = CliRunner()
BUILDINGS = 12  # every pattern once, two of them twice
#: the key's units → the engine's normalized ones
TO_NORMALIZED = {"concrete.compressive_strength": 1 / 145.0377, "concrete.air_content": 0.01}


def _building(locator: str) -> str:
    return locator.split("-")[1]


@pytest.fixture(scope="module")
def campus(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    root = tmp_path_factory.mktemp("planted") / "campus"
    key = generate_planted(root, BUILDINGS, seed=11)
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root, key


def _digest(root: Path) -> str:
    files = sorted(p for p in root.rglob("*") if p.is_file() and ".inforce" not in p.parts)
    return hashlib.sha256(b"".join(p.relative_to(root).as_posix().encode() + p.read_bytes() for p in files)).hexdigest()


def test_the_generator_is_deterministic_and_keeps_the_key_outside_documents(tmp_path: Path) -> None:
    first = generate_planted(tmp_path / "a", 4, seed=3)
    second = generate_planted(tmp_path / "b", 4, seed=3)
    assert first == second and _digest(tmp_path / "a") == _digest(tmp_path / "b")
    assert (tmp_path / "a" / ANSWER_KEY).is_file() and not list((tmp_path / "a" / "documents").rglob("*.json"))
    assert generate_planted(tmp_path / "c", 4, seed=4)["statements"] != first["statements"]


def test_every_pattern_is_planted(campus: tuple[Path, dict]) -> None:
    _, key = campus
    assert key["counts"]["conflicts"] == {"broken_reference": 1, "quantity_conflict": 4, "superseded_reference": 1,
                                          "table_mismatch": 2}
    assert set(key["counts"]["near_misses"]) == {
        "bound_met", "not_yet_in_force", "other_building", "revised", "superseded", "units_cover", "units_fc",
        "units_slump", "valid_reference"}
    assert {c["scope"] for c in key["conflicts"]} == {"within_document", "across_documents"}


def test_the_key_statements_are_the_engine_facts(campus: tuple[Path, dict]) -> None:
    root, key = campus
    with Project.open(root) as project:
        facts = project.facts(None, dt.date.fromisoformat(key["valid_at"])).facts
    found = {(f.subject, str(f.locator)): f for f in facts}
    assert len(found) == len(facts), "one quantity per subject per provision"
    live = {(s["subject"], s["locator"]): s for s in key["statements"] if s["in_force"]}
    assert set(found) == set(live)
    for where, statement in live.items():
        fact = found[where]
        assert fact.kind == statement["kind"] and fact.quantity.bound == statement["bound"], where
        scale = TO_NORMALIZED.get(statement["subject"], 1.0)
        normalized = fact.normalized.value if fact.normalized else fact.quantity.value
        assert normalized == pytest.approx(statement["value"] * scale, rel=1e-3), where
        if statement["upper"] is not None:
            assert fact.normalized.upper == pytest.approx(statement["upper"] * scale, rel=1e-3), where


def test_the_planted_quantity_conflicts_are_the_conflicting_pairs(campus: tuple[Path, dict]) -> None:
    root, key = campus
    with Project.open(root) as project:
        facts = project.facts(None, dt.date.fromisoformat(key["valid_at"])).facts
        vocabulary = project.snapshot.rules.subjects
    conflicting = set()
    for a, b in itertools.combinations(facts, 2):
        if a.subject != b.subject or _building(str(a.locator)) != _building(str(b.locator)):
            continue  # every fact sits in a building's own documents: pairs across buildings never apply together
        if compare(a.as_quantity(), b.as_quantity(), vocabulary=vocabulary).outcome == "conflict":
            conflicting.add((a.subject, frozenset((str(a.locator), str(b.locator)))))
    planted = {(c["subject"], frozenset(c["locators"])) for c in key["conflicts"] if c["subject"]}
    assert conflicting == planted
    for conflict in key["conflicts"]:
        if conflict["subject"]:
            kinds = {f.kind for f in facts if str(f.locator) in conflict["locators"]}
            assert (conflict["kind"] == "table_mismatch") == ("table_row" in kinds), conflict
    by_locator = {(f.subject, str(f.locator)): f for f in facts}
    for near in key["near_misses"]:
        pair = [by_locator.get((near["subject"], locator)) for locator in near["locators"]]
        if near["plant"].startswith("units") or near["plant"] == "bound_met":
            assert compare(pair[0].as_quantity(), pair[1].as_quantity(), vocabulary=vocabulary).outcome != "conflict"
        elif near["plant"] in ("superseded", "not_yet_in_force"):
            assert None in pair, near  # one side is no fact on the date
        elif near["plant"] == "other_building":
            assert None not in pair and len({_building(loc) for loc in near["locators"]}) == 2
            assert compare(pair[0].as_quantity(), pair[1].as_quantity(), vocabulary=vocabulary).outcome == "conflict"


def test_the_cross_references_point_where_the_key_says(campus: tuple[Path, dict]) -> None:
    root, key = campus
    day = dt.date.fromisoformat(key["valid_at"])
    references = [(c["kind"], c["locators"]) for c in key["conflicts"] if c["subject"] is None]
    references += [(n["plant"], n["locators"]) for n in key["near_misses"] if n["plant"] == "valid_reference"]
    assert {kind for kind, _ in references} == {"broken_reference", "superseded_reference", "valid_reference"}
    with Project.open(root) as project:
        for kind, (referrer, target) in references:
            words = project.asof(referrer, day).text
            assert target.partition("#")[2] in words, (referrer, words)
            if kind == "broken_reference":
                with pytest.raises(NotFoundError):
                    project.asof(target, day)
            else:
                assert project.asof(target, day).in_force is (kind == "valid_reference"), target


def test_the_answer_key_is_written_as_json(campus: tuple[Path, dict]) -> None:
    root, key = campus
    assert json.loads((root / ANSWER_KEY).read_text()) == key
