"""A check the service cuts short stops computing (audit 23p P7): the 504 at the time limit
used to leave the worker thread checking the rest of the answer; the route now gives the check
its deadline, so the claims after it are never begun."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx

from inforce.adapters.http import Service, Warm

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_a_check_past_the_time_limit_begins_no_more_claims(ingested_example, serve, http_keys, bearer, tmp_path,
                                                            monkeypatch):
    from inforce.engine import verify

    begun: list[float] = []
    real = verify._check_claim

    def slow_claim(case, text, citations):  # each claim takes an eighth of a second
        begun.append(time.monotonic())
        time.sleep(0.125)
        return real(case, text, citations)

    monkeypatch.setattr(verify, "_check_claim", slow_claim)
    root = ingested_example("sop-retention")
    server = serve(Service({"retention": Warm.open("retention", root)}, http_keys, time_limit=0.5, audit_dir=tmp_path))
    answer = json.loads((EXAMPLES / "sop-retention" / "answers" / "s1-rev-d.json").read_text())
    answer["context"]["groups"] = []
    answer["claims"] = answer["claims"] * 40  # five seconds of claims against a half-second limit
    with httpx.Client(base_url=server.url, timeout=60) as client:
        cut = client.post("/v1/projects/retention/check", json=answer, headers=bearer("owner"))
    assert cut.status_code == 504
    time.sleep(0.5)  # the claim running at the deadline ends
    settled = len(begun)
    time.sleep(0.75)  # six claims' time
    assert len(begun) == settled < 40  # nothing more is begun: the work stopped with the answer


def test_a_check_past_the_time_limit_searches_no_more_quotes_of_the_claim(ingested_example, serve, http_keys, bearer,
                                                                         tmp_path, monkeypatch):
    """Audit D, finding 3: one claim citing many quotes ran on past the 504, its citations' quote
    searches never asked for the deadline; the check now stops between a claim's citations too."""
    from inforce.engine import verify

    begun: list[float] = []
    real = verify._locate

    def slow_locate(case, item):  # each citation's search takes 0.2 s
        begun.append(time.monotonic())
        time.sleep(0.2)
        return real(case, item)

    monkeypatch.setattr(verify, "_locate", slow_locate)
    root = ingested_example("sop-retention")
    server = serve(Service({"retention": Warm.open("retention", root)}, http_keys, time_limit=0.5, audit_dir=tmp_path))
    answer = json.loads((EXAMPLES / "sop-retention" / "answers" / "s1-rev-d.json").read_text())
    answer["context"]["groups"] = []
    claim = answer["claims"][0]
    claim["citations"] = claim["citations"][:1] * 20  # four seconds of one claim's quotes (the most it may cite) against a half-second limit
    answer["claims"] = [claim]
    with httpx.Client(base_url=server.url, timeout=60) as client:
        cut = client.post("/v1/projects/retention/check", json=answer, headers=bearer("owner"))
    assert cut.status_code == 504
    time.sleep(0.5)  # the search running at the deadline ends
    settled = len(begun)
    time.sleep(0.75)  # four searches' time
    assert len(begun) == settled < 20  # nothing more is searched: the work stopped with the answer


def test_a_replay_past_the_time_limit_begins_no_more_claims(ingested_example, serve, http_keys, bearer, tmp_path,
                                                             monkeypatch):
    """Audit J, finding 1: a replay recomputes a stored check, and was not given the deadline
    the check route gives: its 504 left the worker checking the whole answer. It stops now too."""
    from inforce.engine import Project, verify
    from inforce.ontology import Answer

    root = ingested_example("sop-retention")
    answer_json = json.loads((EXAMPLES / "sop-retention" / "answers" / "s1-rev-d.json").read_text())
    answer_json["context"]["groups"] = []
    answer_json["claims"] = answer_json["claims"] * 40
    answer = Answer.model_validate(answer_json)
    with Project.open(root) as opened:  # the stored record, checked with no time limit
        record = json.loads(Project.keep_record(root, tmp_path / "kept", answer, opened.check(answer)).read_text())

    begun: list[float] = []
    real = verify._check_claim

    def slow_claim(case, text, citations):  # each claim takes an eighth of a second
        begun.append(time.monotonic())
        time.sleep(0.125)
        return real(case, text, citations)

    monkeypatch.setattr(verify, "_check_claim", slow_claim)
    server = serve(Service({"retention": Warm.open("retention", root)}, http_keys, time_limit=0.5, audit_dir=tmp_path))
    with httpx.Client(base_url=server.url, timeout=60) as client:
        cut = client.post("/v1/projects/retention/replay", json=record, headers=bearer("owner"))
    assert cut.status_code == 504, cut.text
    time.sleep(0.5)  # the claim running at the deadline ends
    settled = len(begun)
    time.sleep(0.75)  # six claims' time
    assert 0 < len(begun) == settled < 40  # nothing more is begun: the recomputation stopped with the answer
