"""Audit 72 B F6 (issue 23): with its decision log on a full disk, ``serve`` answered every
question 200 and kept no line of them; only its standard error said so. The log's promise is one
line per question: once a write to it fails, every question whose line would go there is 503
(``/readyz`` not ready) until a write succeeds again, with no restart; and the line is written
before the answer goes, so the question whose line fails first is withheld too (audit 79 B F2:
13 answers went out before the refusals began). The write is made to fail
for real: the log's file is replaced by a folder (an append there fails, as on a full disk)."""

from __future__ import annotations

import hashlib
import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm
from inforce.adapters.http.decisions import DecisionLog

from .conftest import KEYS

NAME = "riverside-library"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / NAME
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
        refused = ask()  # its line cannot be written: its answer is withheld (audit 79 B F2)
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


def test_a_log_that_opens_but_cannot_take_a_line_lets_no_answer_out(
        restricted_riverside: Path, serve: Any, http_keys: Any, bearer: Any) -> None:
    """Audit 79 B F2: ``/dev/full`` opens for appending and fails each write; the lines were written
    after the answers went, so 13 questions were answered before the first failure was seen."""
    full = Path("/dev/full")
    if not full.exists():
        pytest.skip("no /dev/full on this system")
    server = serve(Service({NAME: Warm.open(NAME, restricted_riverside)}, http_keys, time_limit=60,
                           decision_log=DecisionLog(full)))
    with httpx.Client(base_url=server.url, timeout=60) as client:
        answers = [client.get(f"/v1/projects/{NAME}/asof", params=ASOF, headers=bearer("owner")) for _ in range(5)]
        asked = json.loads(next((EXAMPLE / "answers").glob("*.json")).read_text())
        asked["context"].pop("groups", None)  # the key's groups are the asker's
        checked = client.post(f"/v1/projects/{NAME}/check", headers=bearer("owner"), json=asked)
    assert [answer.status_code for answer in answers] == [503] * 5, [answer.text for answer in answers]
    assert all("the decision log cannot be written" in answer.json()["detail"] for answer in answers)
    assert "SPEC-033000" not in answers[0].text  # nothing of the answer itself went out
    assert checked.status_code == 503, checked.text


def test_pages_and_portfolio_sweeps_are_withheld_too_while_the_log_cannot_take_a_line(
        restricted_riverside: Path, serve: Any, http_keys: Any, bearer: Any) -> None:
    """The same promise for the pages (their lines were queued after the page went) and for the
    start of a portfolio sweep (its 202 went before its lines were written)."""
    full = Path("/dev/full")
    if not full.exists():
        pytest.skip("no /dev/full on this system")
    server = serve(Service({NAME: Warm.open(NAME, restricted_riverside)}, http_keys, time_limit=60,
                           decision_log=DecisionLog(full)))
    with httpx.Client(base_url=server.url, timeout=60) as client:
        started = client.post("/v1/portfolio/sweeps", json={"valid_at": "2026-05-01"}, headers=bearer("owner"))
        again = client.post("/v1/portfolio/sweeps", json={"valid_at": "2026-05-01"}, headers=bearer("owner"))
        token = re.search(r'name="sign_in" value="([^"]+)"', client.get("/").text)
        assert token is not None
        signed = client.post("/", data={"key": KEYS["owner"][0], "sign_in": token.group(1)})
        assert signed.status_code == 303, signed.text
        pages = [client.get(f"/ui/projects/{NAME}/documents/SPEC-033000") for _ in range(3)]
    assert [page.status_code for page in pages] == [503] * 3, [page.text[:300] for page in pages]
    assert all("the decision log cannot be written" in page.text for page in pages)
    assert "<table" not in pages[0].text and "revision" not in pages[0].text.lower()  # nothing of the page went
    assert started.status_code == 503 and "was started and runs" in started.json()["detail"], started.text
    assert again.status_code == 503 and "no question is answered" in again.json()["detail"], again.text


def _finished(client: httpx.Client, path: str, headers: dict[str, str]) -> dict[str, Any]:
    for _ in range(600):  # at most 30 s
        status = client.get(path, headers=headers).json()
        if status["state"] != "running":
            return status
        time.sleep(0.05)
    raise AssertionError(f"{path} still running: {status}")


def test_a_sweeps_report_read_and_cancel_are_logged_and_withheld_while_the_log_fails(
        restricted_riverside: Path, serve: Any, http_keys: Any, bearer: Any, tmp_path: Path) -> None:
    """Audit 81 A F1: the API's report reads and cancels wrote no line and were served while the
    log could not be written (their pages' twins were logged and refused); F2: a sweep started
    through a trusted proxy logged its end line without the proxy (``via``)."""
    log = tmp_path / "decisions.jsonl"
    server = serve(Service({NAME: Warm.open(NAME, restricted_riverside)}, http_keys, time_limit=60,
                           decision_log=DecisionLog(log), identity_header="X-User"))
    proxied = {**bearer("gateway"), "X-User": "jdoe"}
    with httpx.Client(base_url=server.url, timeout=60) as client:
        started = client.post(f"/v1/projects/{NAME}/sweeps", json={"valid_at": "2026-05-01"}, headers=proxied)
        assert started.status_code == 202, started.text
        job = f"/v1/projects/{NAME}/sweeps/{started.json()['id']}"
        assert _finished(client, job, proxied)["state"] == "done"
        report = client.get(job, params={"format": "md"}, headers=proxied)
        assert report.status_code == 200, report.text
        cancel = client.delete(job, headers=proxied)
        assert cancel.status_code == 202, cancel.text
        server.service.flush()
        lines = [json.loads(line) for line in log.read_text().splitlines()]
        # the job's end line is queued as the job ends and may be written after a report read that
        # saw the job done: the lines are compared as a set, each read's line before its answer
        assert sorted((line["endpoint"], line.get("via")) for line in lines) == sorted([
            ("sweeps", "gateway"), ("sweep", "gateway"), ("sweep-report", "gateway"), ("sweep-cancel", "gateway")]), lines
        assert lines[0]["endpoint"] == "sweeps"
        assert [line for line in lines if line["endpoint"] == "sweep-report"][0]["answer_sha256"] == \
            hashlib.sha256(report.content).hexdigest()
        log.unlink()
        log.mkdir()  # no line can be written now
        withheld = client.get(job, params={"format": "md"}, headers=proxied)
        assert withheld.status_code == 503 and "the decision log cannot be written" in withheld.text, withheld.text
        assert "Riverside" not in withheld.text and "#" not in withheld.text  # nothing of the report went
        assert client.delete(job, headers=proxied).status_code == 503
        assert client.get(job, headers=proxied).status_code == 200  # the job's state: no decision
