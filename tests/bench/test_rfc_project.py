"""The IETF RFC index as a project: ingest 9,830 documents, ask what replaced RFC 2616 when.

Expectations come from the index's reverse links (``obsoleted_by``, ``updated_by``), which the
generator does not read: it writes edges from ``obsoletes`` and ``updates``.
"""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project

from bench_scripts import load

pytestmark = [pytest.mark.shared, pytest.mark.slow]
runner = CliRunner()
MONTHS = {m: i for i, m in enumerate(
    "January February March April May June July August September October November December".split(), 1)}


@pytest.fixture(scope="module")
def shared() -> Path:
    path = Path(__file__).resolve().parents[2].parent / "shared"
    if not (path / "data/rfc-index/rfc-index.parsed.jsonl").is_file():
        pytest.skip("../shared/data/rfc-index is not here")
    return path


@pytest.fixture(scope="module")
def rows(shared) -> dict[str, dict]:
    lines = (shared / "data/rfc-index/rfc-index.parsed.jsonl").read_text().splitlines()
    return {r["doc_id"]: r for r in map(json.loads, lines) if not r.get("not_issued")}


def _generator():
    return load("rfc_project")


@pytest.fixture(scope="module")
def rfc_project(shared, tmp_path_factory) -> Path:
    dest = tmp_path_factory.mktemp("rfc") / "rfc-index"
    written = _generator().write_rfc_project(shared / "data/rfc-index/rfc-index.parsed.jsonl", dest)
    assert written == 9830
    started = time.perf_counter()
    result = runner.invoke(app, ["ingest", str(dest)])
    assert result.exit_code == 0, result.output
    print(f"ingested {written} RFC documents in {time.perf_counter() - started:.1f} s")
    return dest


def _day(row: dict) -> dt.date:
    return dt.date(row["date_year"], MONTHS[row["date_month"]], row.get("date_day") or 1)


def expected_successors(rows: dict[str, dict], doc: str, when: dt.date) -> set[str]:
    """In-force replacements by the reverse links: follow obsoleted_by while published by then."""
    found: set[str] = set()
    for successor in rows[doc].get("obsoleted_by", ()):
        if _day(rows[successor]) <= when:
            found |= expected_successors(rows, successor, when) or {successor}
    return found


def ask(project: Path, locator: str, when: str) -> dict:
    result = runner.invoke(app, ["asof", str(project), locator, "--valid-at", when, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("when", ["2010-06-01", "2015-06-01", "2023-06-01"])
def test_rfc2616_supersession_history(rfc_project, rows, when):
    day = dt.date.fromisoformat(when)
    answer = ask(rfc_project, "RFC2616", when)
    successors = expected_successors(rows, "RFC2616", day)
    assert answer["in_force"] is (not successors)
    assert set(answer["successors"]) == successors
    amenders = {u for u in rows["RFC2616"].get("updated_by", ()) if _day(rows[u]) <= day}
    if not successors:
        assert set(answer["amended_by"]) == amenders


def test_rfc2616_answers_match_the_record(rfc_project, rows):
    """The dates picked above cover the three states: in force, replaced by 7230-7235, then by 911x."""
    assert ask(rfc_project, "RFC2616", "2010-06-01")["in_force"] is True
    assert ask(rfc_project, "RFC2616", "2015-06-01")["successors"] == [f"RFC{n}" for n in range(7230, 7236)]
    assert set(ask(rfc_project, "RFC2616", "2023-06-01")["successors"]) >= {"RFC9110", "RFC9111", "RFC9112"}


def test_every_obsoleted_rfc_agrees_with_the_reverse_links(rfc_project, rows):
    with Project.open(rfc_project) as project:
        for doc in sorted(d for d, r in rows.items() if r.get("obsoleted_by")):
            for when in (dt.date(2000, 1, 1), dt.date(2024, 1, 1)):
                answer = project.snapshot.index.answer(doc, when, with_text=False)
                assert {str(s) for s in answer.successors} == expected_successors(rows, doc, when), (doc, when)
