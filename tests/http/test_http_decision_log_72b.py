"""Audit 72 B F6 (issue 23): with its decision log on a full disk, ``serve`` answered every
question 200 and kept no line of them; only its standard error said so. The log's promise is one
line per question: once a write to it fails, every question whose line would go there is 503
(``/readyz`` not ready) until a write succeeds again, with no restart. The write is made to fail
for real: the log's file is replaced by a folder (an append there fails, as on a full disk)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from inforce.adapters.http import Service, Warm
from inforce.adapters.http.decisions import DecisionLog

NAME = "riverside-library"
ASOF = {"locator": "SPEC-033000#2.1.A", "valid_at": "2026-05-01"}


def test_no_question_is_answered_while_the_decision_log_cannot_be_written(
        restricted_riverside: Path, serve: Any, http_keys: Any, bearer: Any, tmp_path: Path) -> None:
    log = tmp_path / "decisions.jsonl"
    server = serve(Service({NAME: Warm.open(NAME, restricted_riverside)}, http_keys, time_limit=60,
                           decision_log=DecisionLog(log)))
    with httpx.Client(base_url=server.url, timeout=60) as client:
        def ask() -> httpx.Response:
            return client.get(f"/v1/projects/{NAME}/asof", params=ASOF, headers=bearer("owner"))

        assert ask().status_code == 200
        server.service.flush()
        assert len(log.read_text().splitlines()) == 1
        log.unlink()
        log.mkdir()  # the next line cannot be written
        assert ask().status_code == 200  # its answer went out before its line was written
        server.service.flush()
        refused = ask()
        assert refused.status_code == 503, refused.text
        assert "the decision log cannot be written" in refused.json()["detail"], refused.text
        server.service.flush()  # its own line is tried, and fails
        ready = client.get("/readyz")
        assert ready.status_code == 503 and ready.json()["decision_log"] == "cannot be written", ready.text
        log.rmdir()  # writable again: the next refusal's own line is written, and that ends the refusals
        assert ask().status_code == 503  # asked before any line was written again
        server.service.flush()
        assert ask().status_code == 200
        assert client.get("/readyz").status_code == 200
        said = json.dumps(client.get("/openapi.json").json()["paths"]["/readyz"]["get"]["responses"]["503"])
        assert "decision_log" in said and "the decision log cannot be written" in said, said
        server.service.flush()
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [line["status"] for line in lines] == [503, 200], lines
