"""Generations swapped under load, through real HTTP on loopback (issue 24, Measure).

Three clients read (``asof`` and ``show`` in turn) for two and a half seconds, and on until a
second after the last ingest returned, while the admin key ingests twice, a document touched
before each: no request fails, no answer mixes builds (its body's build is its
``X-Inforce-Build`` header), each answer's build is one that existed while it was asked, and
every build is seen. The same runner as ``bench/http_bench.py --swaps``
(32 clients, 60 s, ten ingests there).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from inforce.adapters.http import Service, Warm
from inforce.engine import Project

from bench_scripts import load

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"
NAME = "riverside-library"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, ingested_example) -> Path:
    return ingested_example.copy(EXAMPLE.name, tmp_path_factory.mktemp("swaps") / "riverside")


def _requests(root: Path) -> list[tuple[str, dict[str, str]]]:
    with Project.open(root) as opened:
        outlines = sorted(opened.snapshot.store.provision_outlines().items())
    asked = []
    for uid, outline in outlines[:12]:
        for path in sorted(outline)[:2]:
            locator = f"{uid.split('@')[0]}#{path}"
            asked += [("/asof", {"locator": locator, "valid_at": "2026-05-01"}), ("/show", {"locator": locator})]
    return asked


@pytest.mark.slow
def test_answers_stay_on_one_build_that_existed_while_ingests_swap_generations(
    project: Path, serve: Any, http_keys: Any, bearer: Any,
) -> None:
    bench = load("http_bench")
    server = serve(Service({NAME: Warm.open(NAME, project)}, http_keys, time_limit=60))
    result = bench.swaps_under_load(server.url, NAME, project / "documents" / "spec-033000.md", bearer("owner"),
                                    bearer("admin"), _requests(project), clients=3, seconds=2.5, ingests=2)
    report = "\n".join(result.lines())
    assert [status for _, _, status, _ in result.ingests] == [200, 200], report
    assert len(set(result.builds)) == 3, report  # each ingest made a new build
    assert len(result.answers) > 20, report
    assert not result.errors and {a[2] for a in result.answers} == {200}, report
    assert result.mixed() == [], report
    assert result.out_of_time() == [], report
    assert result.unseen() == [], report
    assert result.ok(), report


def test_the_swap_check_catches_an_answer_from_a_build_that_did_not_exist_yet() -> None:
    """The runner's own judgement: an answer received before the ingest that made its build was
    sent, one naming two builds, a build no client saw — each is caught."""
    bench = load("http_bench")
    swaps = bench.Swaps(builds=["b0", "b1"], ingests=[(10.0, 12.0, 200, "b1")], answers=[
        (1.0, 2.0, 200, "b0", "b0"), (11.0, 11.5, 200, "b1", "b1"), (13.0, 13.2, 200, "b1", "b1")], errors=[])
    assert swaps.ok()
    early = bench.Swaps(builds=["b0", "b1"], ingests=[(10.0, 12.0, 200, "b1")], answers=[
        (1.0, 2.0, 200, "b1", "b1"), (3.0, 4.0, 200, "b0", "b0")], errors=[])
    assert early.out_of_time() == [(1.0, 2.0, 200, "b1", "b1")] and not early.ok()
    late = bench.Swaps(builds=["b0", "b1"], ingests=[(10.0, 12.0, 200, "b1")], answers=[
        (12.5, 13.0, 200, "b0", "b0"), (13.0, 14.0, 200, "b1", "b1")], errors=[])
    assert late.out_of_time() == [(12.5, 13.0, 200, "b0", "b0")]
    mixed = bench.Swaps(builds=["b0"], ingests=[], answers=[(1.0, 2.0, 200, "b0", "b1")], errors=[])
    assert mixed.mixed() and not mixed.ok()
    unseen = bench.Swaps(builds=["b0", "b1"], ingests=[(10.0, 12.0, 200, "b1")],
                         answers=[(1.0, 2.0, 200, "b0", "b0")], errors=[])
    assert unseen.unseen() == ["b1"] and not unseen.ok()
