"""Audit 80 B F3: the clause page's timeline drew a margin of 20 days before its first date and 60
after its last, and answered 500 (OverflowError) for any date near 0001-01-01 or 9999-12-31: an
asker's ``valid_at``/``known_at``, or a document's own ``effective.until: 9999-12-31`` (then for
every asker, on every date). The margin is held at the calendar's ends (``ontology.dates``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.http import Service, Warm
from tests.http.conftest import KEYS
from tests.http.test_pages import post_sign_in

NAME = "p3"
_FIXED = {"issued": "2026-12-06", "effective": "{from: 2026-12-06, until: 9999-12-31}",
          "recorded": "2026-12-06T09:00:00Z"}


def _fixed_date(match: re.Match[str]) -> str:
    return f"{match[1]}: {_FIXED[match[1]]}"


@pytest.fixture(scope="module")
def owner(tmp_path_factory: pytest.TempPathFactory, serve: Any, http_keys: Any) -> Iterator[httpx.Client]:
    root = tmp_path_factory.mktemp("ends") / NAME
    runner = CliRunner()
    assert runner.invoke(app, ["init", str(root)]).exit_code == 0
    sop = root / "documents" / "sop-001.md"
    text = sop.read_text("utf-8")
    # the scaffold's dates are the day init ran; fixed here, and "open-ended" as many owners write it:
    # ingest accepts it
    text, dated = re.subn(r"(?m)^(issued|effective|recorded): .*$", _fixed_date, text)
    assert dated == 3, text
    sop.write_text(text, "utf-8")
    ingested = runner.invoke(app, ["ingest", str(root)])
    assert ingested.exit_code == 0, ingested.output
    server = serve(Service({NAME: Warm.open(NAME, root)}, http_keys, time_limit=60))
    client = httpx.Client(base_url=server.url, timeout=60)
    assert post_sign_in(client, KEYS["owner"][0]).status_code == 303
    yield client
    client.close()


@pytest.mark.parametrize("query", [
    {"valid_at": "2026-12-07"},  # any day: the document's own until 9999-12-31 is on the timeline
    {"valid_at": "9999-12-31"}, {"valid_at": "9999-11-15"}, {"valid_at": "0001-01-01"}, {"valid_at": "0001-01-05"},
    {"valid_at": "2026-12-07", "known_at": "9999-12-31"},
    {"valid_at": "0001-01-01", "known_at": "0001-01-01T00:00:00Z"},
])
def test_the_clause_page_draws_its_timeline_at_the_calendars_ends(owner: httpx.Client, query: dict[str, str]) -> None:
    page = owner.get(f"/ui/projects/{NAME}/provisions/SOP-001%232.1", params=query)
    assert page.status_code == 200, page.text[:300]
    assert '<svg class="timeline"' in page.text and "SOP-001 rev A" in page.text
    assert f"valid at {query['valid_at']}" in page.text
