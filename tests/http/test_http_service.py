"""``inforce serve`` through real HTTP on loopback: every route, identity, bad input, access.

One server for the module, on a copy of the Riverside example with Addendum No. 2, the
foundation plan and the bid form's revision 1 restricted to ``owner-team`` (their words marked
with ZZ... that appear nowhere else), ingested once. The ``owner`` key is in owner-team, the
``public`` key in no group, the ``admin`` key in owner-team and may ingest.
"""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app as cli
from inforce.adapters.http import Service, Warm
from inforce.engine import Project

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"
GROUP = "owner-team"
NAME = "riverside-library"
MARKS = ("ZZSECRETTITLE", "ZZSECRETBODY", "ZZSECRETDWG", "ZZSECRETCALLOUT", "ZZPENDING", "ZZSECRETREV")
#: times and days only the restricted documents carry
DATES = ("12:34:56", "2026-06-01", "01:02:03", "07:08:09")
RESTRICTED = ("ADD-02", "DWG-S-101", "ADD-04")
_REVISION_OR_SECTION = re.compile(r"\b(?:(?:" + "|".join(map(re.escape, RESTRICTED)) + r")[@#][^\s\"',)\]]*"
                                  r"|SPEC-004113@1\b[^\s\"',)\]]*)")
DAY = "2026-05-01"


@pytest.fixture(scope="module")
def project(restricted_riverside: Path) -> Path:
    return restricted_riverside


@pytest.fixture(scope="module")
def server(project: Path, serve: Any, http_keys: Any) -> Any:
    return serve(Service({NAME: Warm.open(NAME, project)}, http_keys, time_limit=60))


@pytest.fixture(scope="module")
def client(server: Any) -> httpx.Client:
    with httpx.Client(base_url=server.url, timeout=60) as opened:
        yield opened


def _p(path: str) -> str:
    return f"/v1/projects/{NAME}/{path}"


def _answer(claims: list[dict[str, Any]], **context: Any) -> dict[str, Any]:
    return {"question": "What strength?", "context": {"valid_at": DAY, **context}, "claims": claims}


PUBLIC_CLAIMS = [{"text": "Concrete reaches 4,000 psi at 28 days.", "citations": [{"locator": "SPEC-033000#2.1.A"}]}]
RESTRICTED_CLAIMS = [
    {"text": "Concrete reaches 5,000 psi at 28 days.", "citations": [{"locator": "ADD-02#1.3", "quote": "not less than 5,000 psi"}]},
    {"text": "The callout says 4,000 PSI.", "citations": [{"locator": "DWG-S-101#callout-3"}]},
]


def _sweep(client: httpx.Client, headers: dict[str, str], **body: Any) -> dict[str, Any]:
    started = client.post(_p("sweeps"), json={"valid_at": DAY, **body}, headers=headers)
    assert started.status_code == 202, started.text
    job = started.json()
    deadline = time.monotonic() + 60
    while job["state"] == "running":
        assert time.monotonic() < deadline, "the sweep did not finish in 60 s"
        time.sleep(0.05)
        job = client.get(_p(f"sweeps/{job['id']}"), headers=headers).json()
    return job


# ---- health, the API's document --------------------------------------------------------------


def test_health_ready_projects_and_the_openapi_document(client: httpx.Client, bearer: Any, project: Path) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/readyz").json()["status"] == "ready"
    served = client.get("/v1/projects", headers=bearer("public")).json()
    with Project.open(project) as opened:
        assert served == [{"name": NAME, "index_build": opened.build_id}]
    document = client.get("/openapi.json").json()
    paths = set(document["paths"])
    for route in ("asof", "history", "show", "facts", "stats", "lag", "check", "eligible", "resolve", "precedence",
                  "replay", "sweeps", "sweeps/{job_id}", "ingest"):
        assert f"/v1/projects/{{name}}/{route}" in paths, route
    schemas = document["components"]["schemas"]
    assert {"Answer", "Verdict", "AsOfAnswer", "Refusal", "ResolveResult", "ResolveRequest", "SweepRequest"} <= set(schemas)
    assert document["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"
    # no documentation page: FastAPI's would load its scripts from a CDN (audit L8); the document
    # is served without a key, as its description says (and only /v1/ routes take one)
    for page in ("/docs", "/redoc", "/docs/oauth2-redirect"):
        assert client.get(page).status_code == 404, page
    assert "/v1/ route takes a bearer key; /healthz, /readyz and this document" in document["info"]["description"]
    assert all(path.startswith("/v1/") == bool(op.get("security")) for path, ops in document["paths"].items()
               for op in ops.values())


# ---- every route, as the CLI's JSON ------------------------------------------------------------


def _same_as_front(response: httpx.Response, expected: Any) -> None:
    assert response.status_code == 200, response.text
    body = response.json()
    assert body == json.loads(expected.model_dump_json())
    assert response.headers["X-Inforce-Build"] == body["index_build"]


def test_reads_answer_what_the_front_answers(client: httpx.Client, bearer: Any, project: Path) -> None:
    """asof, history, show, facts and stats: the very JSON ``--format json`` prints, with the build."""
    headers = bearer("owner")
    with Project.open(project) as opened:
        groups = (GROUP,)
        _same_as_front(client.get(_p("asof"), params={"locator": "SPEC-033000#2.1.A", "valid_at": DAY}, headers=headers),
                       opened.asof("SPEC-033000#2.1.A", __import__("datetime").date(2026, 5, 1), groups=groups))
        _same_as_front(client.get(_p("history"), params={"locator": "SPEC-033000#2.1.A"}, headers=headers),
                       opened.history("SPEC-033000#2.1.A", groups=groups))
        shown = client.get(_p("show"), params={"locator": "DWG-S-101#callout-3"}, headers=headers)
        assert shown.status_code == 200 and "ZZSECRETCALLOUT" in shown.text  # the owner reads the drawing
        assert shown.json() == json.loads(opened.show("DWG-S-101#callout-3", groups=groups).model_dump_json())
        facts = client.get(_p("facts"), params={"subject": "concrete.compressive_strength", "valid_at": DAY},
                           headers=headers)
        assert facts.status_code == 200 and facts.json()["facts"], facts.text
        stats = client.get(_p("stats"), headers=headers)
        assert stats.status_code == 200 and stats.json() == json.loads(opened.stats(groups=groups).model_dump_json())
    lag = client.get(_p("lag"), params={"now": "2026-06-02T00:00:00Z"}, headers=headers)
    assert lag.status_code == 200 and [p["locator"] for p in lag.json()["pending"]] == ["ADD-04@0"]


def test_questions_with_a_body(client: httpx.Client, bearer: Any, project: Path) -> None:
    headers = bearer("owner")
    checked = client.post(_p("check"), json=_answer(RESTRICTED_CLAIMS[:1]), headers=headers)
    assert checked.status_code == 200, checked.text
    verdict = checked.json()
    assert verdict["verdict"] == "answer" and verdict["audit"]["index_build"] == checked.headers["X-Inforce-Build"]
    eligible = client.post(_p("eligible"), json={"valid_at": DAY}, headers=headers)
    assert eligible.status_code == 200 and "ADD-02" in eligible.json()["eligible"]
    resolved = client.post(_p("resolve"), json={"valid_at": DAY, "question": "concrete compressive strength", "k": 5},
                           headers=headers)
    assert resolved.status_code == 200 and resolved.json()["outcome"] == "answer"
    assert len(resolved.json()["provisions"]) <= 5
    decided = client.post(_p("precedence"), json={"a": "SPEC-033000#2.1.B", "b": "DWG-S-101#callout-3",
                                                   "valid_at": DAY, "packs": ["precedence/far-52-236-21"]},
                          headers=headers)
    assert decided.status_code == 200 and decided.json()["resolution"] == "resolved_by_precedence", decided.text


def test_proposals_are_listed_and_a_reviewer_key_decides_one(client: httpx.Client, bearer: Any, project: Path) -> None:
    listed = client.get(_p("review"), headers=bearer("owner"))
    assert listed.status_code == 200, listed.text
    proposed = listed.json()["proposed"]
    assert proposed, "riverside's addenda propose edges: the check needs one"
    first = proposed[0]
    decision = {"item": first["item"], "decision": "reject", "target": first["target"], "note": "not this one"}
    assert client.post(_p("review"), json=decision, headers=bearer("owner")).status_code == 403  # not a reviewer
    recorded = client.post(_p("review"), json=decision, headers=bearer("admin"))
    assert recorded.status_code == 200, recorded.text
    assert recorded.json()["by"] == "admin" and recorded.json()["decision"] == "reject"
    assert "by: admin" in (project / "reviews.yaml").read_text()
    explained = client.post(_p("explain"), json={"valid_at": DAY}, headers=bearer("owner"))
    assert explained.status_code == 200 and explained.json()["result"]["outcome"] == "eligible"
    # audit 23g L11: a pack is named by name, hash and its place (in the project, or among the
    # stock packs), never by the server's absolute path
    files = [pack["file"] for pack in explained.json()["packs"]]
    assert files and not any(file.startswith("/") or str(project) in file for file in files), files
    assert "stock/subjects/default.yaml" in files


def test_a_checks_record_replays_over_http_and_from_the_cli(
    client: httpx.Client, bearer: Any, project: Path, server: Any,
) -> None:
    """The decision log names the check's audit record; ``inforce replay`` and ``POST .../replay`` recompute it."""
    checked = client.post(_p("check"), json=_answer(PUBLIC_CLAIMS), headers=bearer("owner"))
    assert checked.status_code == 200 and checked.json()["verdict"] == "refusal"  # the replaced clause
    server.service.flush()  # the line and the record are written once the answer is out
    lines = [json.loads(line) for line in (project / ".inforce" / "decisions.jsonl").read_text().splitlines()]
    line = [x for x in lines if x["endpoint"] == "check" and x["correlation_id"] == checked.headers["x-correlation-id"]]
    assert len(line) == 1 and line[0]["outcome"] == "refusal" and line[0]["caller"] == "owner"
    record = Path(line[0]["record"])
    assert record.is_file() and record.parent == project / ".inforce" / "audit"
    done = CliRunner().invoke(cli, ["replay", str(project), str(record), "--format", "json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.output)["same"] is True
    replayed = client.post(_p("replay"), json=json.loads(record.read_text()), headers=bearer("owner"))
    assert replayed.status_code == 200 and replayed.json()["same"] is True
    # a key beside those the hash covers is refused at its name (audit 71 B F2)
    added = client.post(_p("replay"), json={**json.loads(record.read_text()), "approved_by": "QA"},
                        headers=bearer("owner"))
    assert added.status_code == 422 and added.json()["detail"][0]["loc"] == ["body", "approved_by"], added.text
    # a record decided for owner-team, replayed by a key outside it
    refused = client.post(_p("replay"), json=json.loads(record.read_text()), headers=bearer("public"))
    assert refused.status_code == 400


@pytest.mark.slow
def test_a_sweep_is_a_job_with_its_report_in_every_format(client: httpx.Client, bearer: Any) -> None:
    headers = bearer("owner")
    job = _sweep(client, headers, packs=["precedence/none"])
    assert job["state"] == "done" and job["findings"] > 0, job
    for fmt, marker in (("json", '"findings"'), ("sarif", '"version": "2.1.0"'), ("md", "# Sweep"), ("html", "<html")):
        report = client.get(_p(f"sweeps/{job['id']}"), params={"format": fmt}, headers=headers)
        assert report.status_code == 200 and marker in report.text, fmt
        assert report.headers["X-Inforce-Build"] == job["index_build"]
    assert "ZZSECRETCALLOUT" in client.get(_p(f"sweeps/{job['id']}"), params={"format": "md"}, headers=headers).text
    # another caller does not see it
    assert client.get(_p(f"sweeps/{job['id']}"), headers=bearer("public")).status_code == 404
    # cancelled: stopped at its next step, or finished first; never a report of a cancelled one
    started = client.post(_p("sweeps"), json={"valid_at": DAY}, headers=headers).json()
    cancelled = client.delete(_p(f"sweeps/{started['id']}"), headers=headers)
    assert cancelled.status_code == 202
    deadline = time.monotonic() + 60
    state = cancelled.json()
    while state["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.05)
        state = client.get(_p(f"sweeps/{started['id']}"), headers=headers).json()
    assert state["state"] in ("cancelled", "done")
    if state["state"] == "cancelled":
        assert client.get(_p(f"sweeps/{started['id']}"), params={"format": "json"}, headers=headers).status_code == 409


# ---- identity ---------------------------------------------------------------------------------


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer not-a-key"}, {"Authorization": "Basic b3duZXI6eA=="},
                                     {"Authorization": "Bearer"}], ids=["none", "wrong", "basic", "empty"])
def test_no_key_or_a_wrong_one_is_401(client: httpx.Client, headers: dict[str, str]) -> None:
    for response in (client.get("/v1/projects", headers=headers),
                     client.get(_p("asof"), params={"locator": "SPEC-033000#2.1.A", "valid_at": DAY}, headers=headers),
                     client.post(_p("check"), json=_answer(PUBLIC_CLAIMS), headers=headers)):
        assert response.status_code == 401, response.text
        assert response.headers["www-authenticate"] == "Bearer"
        assert "SPEC-033000" not in response.text


def test_a_proxy_key_is_refused_where_no_identity_header_is_trusted(client: httpx.Client, bearer: Any) -> None:
    for headers in (bearer("gateway"), {**bearer("gateway"), "X-User": "jdoe"}):
        assert client.get("/v1/whoami", headers=headers).status_code == 401
    # a header no one is trusted to set is no identity: the key decides
    assert client.get("/v1/whoami", headers={**bearer("public"), "X-User": "jdoe"}).json()["name"] == "public"


def test_groups_stated_by_a_request_are_refused(client: httpx.Client, bearer: Any) -> None:
    """Even the owner's own group: groups come from the keys file, never the request."""
    headers = bearer("public")
    asked = [
        client.get(_p("asof"), params={"locator": "ADD-02#1.3", "valid_at": DAY, "groups": GROUP}, headers=headers),
        client.get(_p("facts"), params={"valid_at": DAY, "groups": GROUP}, headers=headers),
        client.post(_p("check"), json=_answer(RESTRICTED_CLAIMS, groups=[GROUP]), headers=headers),
        client.post(_p("eligible"), json={"valid_at": DAY, "groups": [GROUP]}, headers=headers),
        client.post(_p("resolve"), json={"valid_at": DAY, "question": "strength", "groups": [GROUP]}, headers=headers),
        client.post(_p("precedence"), json={"a": "ADD-02#1.3", "b": "DWG-S-101#callout-3", "valid_at": DAY,
                                            "groups": [GROUP]}, headers=headers),
        client.post(_p("sweeps"), json={"valid_at": DAY, "groups": [GROUP]}, headers=headers),
    ]
    for response in asked:
        assert response.status_code == 400, (response.request.url, response.text)
        assert "groups come from your key" in response.json()["detail"]
        assert not _leaks(response.text)
    # absent or empty is fine
    assert client.post(_p("eligible"), json={"valid_at": DAY, "groups": []}, headers=headers).status_code == 200


# ---- bad input ---------------------------------------------------------------------------------


def _locs(response: httpx.Response) -> list[list[Any]]:
    assert response.status_code == 422, response.text
    return [problem["loc"] for problem in response.json()["detail"]]


def test_bad_input_is_422_at_its_field(client: httpx.Client, bearer: Any) -> None:
    headers = bearer("owner")
    asof = {"locator": "SPEC-033000#2.1.A"}
    assert _locs(client.get(_p("asof"), params={**asof, "valid_at": "20260501"}, headers=headers)) == [["query", "valid_at"]]
    assert _locs(client.get(_p("asof"), params={**asof, "valid_at": DAY, "known_at": "noon"}, headers=headers)) == \
        [["query", "known_at"]]
    assert _locs(client.get(_p("asof"), params={**asof, "valid_at": DAY, "valid_on": DAY}, headers=headers)) == \
        [["query", "valid_on"]]
    assert _locs(client.get(_p("asof"), params={"valid_at": DAY}, headers=headers)) == [["query", "locator"]]
    assert _locs(client.get(_p("asof"), params={"locator": "not a locator!", "valid_at": DAY}, headers=headers)) == \
        [["query", "locator"]]
    body = {"valid_at": DAY, "question": "strength"}
    assert _locs(client.post(_p("resolve"), json={**body, "colour": "red"}, headers=headers)) == [["body", "colour"]]
    assert _locs(client.post(_p("resolve"), json={**body, "k": "ten"}, headers=headers)) == [["body", "k"]]
    assert _locs(client.post(_p("resolve"), json={**body, "valid_at": "2026-05-01T00:00:00"}, headers=headers)) == \
        [["body", "valid_at"]]
    assert _locs(client.post(_p("eligible"), json={"valid_at": 20260501}, headers=headers)) == [["body", "valid_at"]]
    assert _locs(client.post(_p("eligible"), json={"valid_at": DAY, "attributes": {"nope": True}},
                             headers=headers))[0][0] == "body"
    assert _locs(client.post(_p("precedence"), json={"a": "SPEC-033000#2.1.A", "b": "DWG-S-101#callout-3",
                                                     "valid_at": DAY, "packs": ["/etc/passwd"]},
                             headers=headers)) == [["body", "packs", 0]]
    bad_date = _answer(PUBLIC_CLAIMS)
    bad_date["context"]["valid_at"] = 0
    assert _locs(client.post(_p("check"), json=bad_date, headers=headers)) == [["body", "context", "valid_at"]]
    no_text = _answer([{"citations": [{"locator": "SPEC-033000#2.1.A"}]}])
    assert ["body", "claims", 0, "text"] in _locs(client.post(_p("check"), json=no_text, headers=headers))
    not_json = client.post(_p("check"), content=b"{not json", headers={**headers, "content-type": "application/json"})
    assert not_json.status_code == 422


def test_a_body_too_large_or_too_deep_is_refused_before_it_is_parsed(client: httpx.Client, bearer: Any) -> None:
    headers = {**bearer("owner"), "content-type": "application/json"}
    large = client.post(_p("check"), content=b" " * 1_000_001, headers=headers)
    assert large.status_code == 413 and "at most 1,000,000" in large.text
    deep = client.post(_p("check"), content=b'{"claims": ' + b"[" * 5000 + b"]" * 5000 + b"}", headers=headers)
    assert _locs(deep) == [["body"]]
    # brackets inside a string are words, not depth
    words = _answer([{"text": "[" * 100 + " concrete", "citations": [{"locator": "SPEC-033000#2.1.B"}]}])
    assert client.post(_p("check"), json=words, headers=bearer("owner")).status_code == 200


def test_unknown_things_are_404(client: httpx.Client, bearer: Any) -> None:
    headers = bearer("owner")
    assert client.get("/v1/projects/elsewhere/stats", headers=headers).status_code == 404
    assert client.get(_p("show"), params={"locator": "NOPE-1#1"}, headers=headers).status_code == 404
    assert client.get(_p("sweeps/0000"), headers=headers).status_code == 404


def test_a_message_names_the_project_as_served_never_the_servers_folder(
    client: httpx.Client, bearer: Any, project: Path,
) -> None:
    """Audit L7: the engine's messages name the folder; a client is told the project's served name."""
    for path, params in (("show", {"locator": "ADD-99#1"}), ("asof", {"locator": "ADD-99#1", "valid_at": DAY}),
                         ("history", {"locator": "ADD-99#1"})):
        missing = client.get(_p(path), params=params, headers=bearer("owner"))
        assert missing.status_code == 404, path
        assert str(project.parent) not in missing.text, path
    assert client.get(_p("show"), params={"locator": "ADD-99#1"}, headers=bearer("owner")).json()["detail"] == \
        f"no document ADD-99 in {NAME}"
    eligible = client.post(_p("eligible"), json={"valid_at": DAY, "documents": ["ADD-99"]}, headers=bearer("owner"))
    assert str(project) not in eligible.text and str(project.resolve()) not in eligible.text
    assert str(project.parent) not in eligible.text


def test_a_value_with_spaces_around_it_is_refused_in_a_query_as_in_a_body(client: httpx.Client, bearer: Any) -> None:
    """Audit L6: one rule for both: a value is read as sent, spaces or line breaks around it a 422 at it."""
    headers = bearer("owner")
    for params, field in (({"locator": "SPEC-033000#2.1.A", "valid_at": DAY + " "}, "valid_at"),
                          ({"locator": "SPEC-033000#2.1.A\n", "valid_at": DAY}, "locator"),
                          ({"locator": " SPEC-033000#2.1.A", "valid_at": DAY}, "locator"),
                          ({"locator": "SPEC-033000#2.1.A", "valid_at": DAY, "known_at": DAY + "\t"}, "known_at")):
        refused = client.get(_p("asof"), params=params, headers=headers)
        assert refused.status_code == 422 and _locs(refused) == [["query", field]], (params, refused.text)
    assert client.get(_p("show"), params={"locator": "SPEC-033000#2.1.A "}, headers=headers).status_code == 422
    body = {"valid_at": DAY, "question": "strength"}
    for field, value in (("valid_at", DAY + " "), ("known_at", " " + DAY)):
        refused = client.post(_p("resolve"), json={**body, field: value}, headers=headers)
        assert refused.status_code == 422 and _locs(refused) == [["body", field]], refused.text
    pair = {"a": "SPEC-033000#2.1.A", "b": "ADD-01#1.1", "valid_at": DAY}
    refused = client.post(_p("precedence"), json={**pair, "a": pair["a"] + "\n"}, headers=headers)
    assert refused.status_code == 422 and _locs(refused) == [["body", "a"]], refused.text
    # the same values sent alone are answered
    assert client.get(_p("asof"), params={"locator": "SPEC-033000#2.1.A", "valid_at": DAY},
                      headers=headers).status_code == 200
    assert client.post(_p("resolve"), json=body, headers=headers).status_code == 200


def test_a_key_without_the_right_is_403_before_its_body_is_read(client: httpx.Client, bearer: Any) -> None:
    """Audit L12: the right is decided first: a bad body from a key without it is 403, not 422."""
    for path, body in (("erase", {"document": 7, "extra": True}), ("erase", {}),
                       ("review", {"item": "ADD-01#1.1", "decision": "maybe"}), ("review", {})):
        refused = client.post(_p(path), json=body, headers=bearer("public"))
        assert refused.status_code == 403, (path, refused.text)
        assert "needs a" in refused.json()["detail"]
    assert client.post(_p("ingest"), headers=bearer("public")).status_code == 403
    # with the right, the same bad bodies are 422 at their fields
    assert client.post(_p("erase"), json={}, headers=bearer("admin")).status_code == 422
    assert client.post(_p("review"), json={"item": "ADD-01#1.1", "decision": "maybe"},
                       headers=bearer("admin")).status_code == 422


# ---- access: the same matrix as the CLI's, over HTTP ----------------------------------------------


def _leaks(text: str, typed: tuple[str, ...] = ()) -> list[str]:
    for words in sorted(typed, key=len, reverse=True):  # what the asker sent may come back
        text = text.replace(words, "")
    return [mark for mark in (*MARKS, *DATES) if mark in text] + _REVISION_OR_SECTION.findall(text)


#: (name, method, path, params or body, statuses allowed without the group)
MATRIX: list[tuple[str, str, str, dict[str, Any], set[int]]] = [
    ("asof-restricted", "GET", "asof", {"locator": "ADD-02#1.3", "valid_at": DAY}, {403}),
    ("asof-replaced", "GET", "asof", {"locator": "SPEC-033000#2.1.A", "valid_at": DAY}, {200}),
    ("asof-parent", "GET", "asof", {"locator": "SPEC-033000#2.1", "valid_at": DAY}, {200}),
    ("asof-mixed-restricted-day", "GET", "asof", {"locator": "SPEC-004113#2.2", "valid_at": DAY}, {403}),
    ("history-restricted", "GET", "history", {"locator": "ADD-02#1.3"}, {403}),
    ("history-public", "GET", "history", {"locator": "SPEC-033000#2.1.A"}, {200}),
    ("show-restricted", "GET", "show", {"locator": "DWG-S-101#callout-3"}, {403}),
    ("show-mixed-latest", "GET", "show", {"locator": "SPEC-004113#2.2"}, {403}),
    ("facts", "GET", "facts", {"valid_at": DAY}, {200}),
    ("stats", "GET", "stats", {}, {200}),
    ("lag", "GET", "lag", {"now": "2026-06-02T00:00:00Z"}, {200}),
    ("check-restricted", "POST", "check", _answer(RESTRICTED_CLAIMS), {200}),
    ("check-quote-only", "POST", "check", _answer([{"text": "Concrete reaches 5,000 psi.", "citations": [
        {"quote": "Compressive strength at 28 days: not less than 5,000 psi"}]}]), {200}),
    ("eligible", "POST", "eligible", {"valid_at": DAY, "exclusions": None}, {200}),
    ("resolve", "POST", "resolve", {"valid_at": DAY, "question": "concrete compressive strength 5,000 psi"}, {200}),
    ("resolve-callout", "POST", "resolve", {"valid_at": DAY, "question": "foundation plan callout f'c PSI"}, {200}),
    ("explain", "POST", "explain", {"valid_at": DAY}, {200}),
    ("review-list", "GET", "review", {}, {200}),
    ("precedence", "POST", "precedence", {"a": "SPEC-033000#2.1.A", "b": "DWG-S-101#callout-3", "valid_at": DAY}, {403}),
    ("precedence-none", "POST", "precedence", {"a": "SPEC-033000#2.1.B", "b": "DWG-S-101#callout-3",
                                               "valid_at": DAY, "packs": ["precedence/none"]}, {403}),
]


def _typed(payload: dict[str, Any]) -> tuple[str, ...]:
    found: list[str] = []

    def walk(value: Any) -> None:
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(payload)
    return tuple(found)


def _ask(client: httpx.Client, method: str, path: str, payload: dict[str, Any], who: str, bearer: Any) -> httpx.Response:
    if method == "GET":
        return client.get(_p(path), params=payload, headers=bearer(who))
    return client.post(_p(path), json=payload, headers=bearer(who))


@pytest.mark.parametrize(("name", "method", "path", "payload", "statuses"), MATRIX, ids=[row[0] for row in MATRIX])
def test_a_key_without_the_group_sees_nothing_of_a_restricted_document(
    client: httpx.Client, bearer: Any, name: str, method: str, path: str, payload: dict[str, Any], statuses: set[int],
) -> None:
    response = _ask(client, method, path, payload, "public", bearer)
    assert response.status_code in statuses, (name, response.text)
    seen = response.text + json.dumps(dict(response.headers))
    assert not _leaks(seen, _typed(payload)), (name, _leaks(seen, _typed(payload)), response.text)
    if response.status_code == 403:
        refusal = response.json()
        assert refusal["reason"] == "access_restricted" and set(refusal) >= {"locator", "detail"}


def test_the_marks_show_with_the_group(client: httpx.Client, bearer: Any) -> None:
    """The control: asked by the owner, the same questions do show the restricted words."""
    shown = {name: _ask(client, method, path, payload, "owner", bearer)
             for name, method, path, payload, _ in MATRIX if name in ("asof-restricted", "show-restricted", "resolve")}
    assert shown["asof-restricted"].status_code == 200 and "ZZSECRETBODY" in shown["asof-restricted"].text
    assert "ZZSECRETDWG" in shown["show-restricted"].text
    assert "ZZSECRETBODY" in shown["resolve"].text


@pytest.mark.parametrize("fmt", ["json", "sarif", "md", "html"])
def test_a_sweep_without_the_group_quotes_nothing_restricted(client: httpx.Client, bearer: Any, fmt: str) -> None:
    job = _sweep(client, bearer("public"), packs=["precedence/none"], include_superseded=True)
    assert job["state"] == "done", job
    report = client.get(_p(f"sweeps/{job['id']}"), params={"format": fmt}, headers=bearer("public"))
    assert report.status_code == 200
    assert not _leaks(report.text), _leaks(report.text)


def test_the_decision_log_holds_hashes_not_text(client: httpx.Client, bearer: Any, project: Path, server: Any) -> None:
    for who in ("owner", "public"):  # each asks here: the log read below does not rest on other tests' questions
        client.get(_p("asof"), params={"locator": "ADD-02#1.3", "valid_at": DAY}, headers=bearer(who))
    server.service.flush()
    log = (project / ".inforce" / "decisions.jsonl").read_text()
    lines = [json.loads(line) for line in log.splitlines()]
    assert lines and all(set(line) >= {"endpoint", "caller", "project", "index_build", "outcome", "latency_ms",
                                       "answer_sha256"} for line in lines)
    assert {"owner", "public"} <= {line["caller"] for line in lines}
    assert any(line["outcome"] == "refusal:access_restricted" and line["caller"] == "public" for line in lines)
    assert not any(mark in log for mark in MARKS), "restricted text reached the decision log"


# ---- ingest: admin only, one writer, a swap while requests run ---------------------------------


def test_ingest_needs_an_admin_key_and_a_second_writer_is_409(client: httpx.Client, bearer: Any, server: Any) -> None:
    assert client.post(_p("ingest"), headers=bearer("owner")).status_code == 403
    writer = server.service.writers[NAME]
    writer.claim("nightly-job")  # an ingest running: the writer the route itself claims
    try:
        refused = client.post(_p("ingest"), headers=bearer("admin"))
    finally:
        writer.release()
    assert refused.status_code == 409 and "started by nightly-job" in refused.text
    assert client.post(_p("erase"), json={"document": "ADD-02"}, headers=bearer("owner")).status_code == 403


@pytest.mark.slow
def test_answers_carry_one_build_while_an_ingest_swaps_generations(
    client: httpx.Client, bearer: Any, project: Path, server: Any,
) -> None:
    """Four clients ask while the admin ingests an edited document: every answer comes from
    one build (its header and its body agree) that existed, and the new one is served after."""
    before = client.get("/v1/projects", headers=bearer("owner")).json()[0]["index_build"]
    spec = project / "documents" / "spec-033000.md"
    spec.write_text(spec.read_text() + "\n")  # a changed file: a new generation, the same answers
    seen: list[tuple[int, str, str]] = []
    stop = threading.Event()

    def ask() -> None:
        with httpx.Client(base_url=server.url, timeout=60) as own:
            for _ in range(2000):  # bounded
                if stop.is_set():
                    return
                r = own.get(_p("asof"), params={"locator": "SPEC-033000#2.1.B", "valid_at": DAY},
                            headers=bearer("owner"))
                seen.append((r.status_code, r.headers.get("X-Inforce-Build", ""), r.json().get("index_build", "")))

    askers = [threading.Thread(target=ask) for _ in range(4)]
    for asker in askers:
        asker.start()
    ingested = client.post(_p("ingest"), headers=bearer("admin"))
    time.sleep(0.3)
    stop.set()
    for asker in askers:
        asker.join(60)
    assert ingested.status_code == 200, ingested.text
    after = ingested.json()["index_build"]
    assert after != before
    assert seen and all(status == 200 for status, _, _ in seen)
    assert all(header == body and body in (before, after) for _, header, body in seen), set(seen)
    assert {body for _, _, body in seen} == {before, after}  # the swap happened while they asked
    assert client.get("/v1/projects", headers=bearer("owner")).json()[0]["index_build"] == after
