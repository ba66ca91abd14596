"""Issue 23, audit 66 B F03: a locator sent with spaces around it is read as sent, never
stripped (docs/formats.md, Statuses): a 422 of type ``padded`` at its field. ``/precedence``
refused ``a`` so; ``/check`` stripped a citation's locator and answered (200, a verdict), and
``/review`` stripped the item and recorded the decision in reviews.yaml, as the CLI's ``review``
did. One rule (``ontology.scalars.sent_locator``) now reads every locator a caller sends: the
answer contract (``parse_answer``: HTTP ``/check`` and CLI ``check --answer``), a review's item
and target (HTTP and CLI), and the service's own locators. Each refusal has its control: the
same request with the locator alone is answered."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm
from tests.support.in_process import inforce

NAME = "riverside-library"
BASE = f"/v1/projects/{NAME}"


def _answer(locator: str) -> dict[str, Any]:
    return {"context": {"valid_at": "2026-05-01"}, "claims": [{
        "text": "Concrete reaches 5,000 psi at 28 days.",
        "citations": [{"locator": locator, "quote": "not less than 5,000 psi"}]}]}


@pytest.fixture(scope="module")
def served(restricted_riverside: Path, serve: Any, http_keys: Any) -> Any:
    return serve(Service({NAME: Warm.open(NAME, restricted_riverside)}, http_keys, time_limit=60))


@pytest.fixture
def client(served: Any, bearer: Any) -> Any:
    with httpx.Client(base_url=served.url, timeout=60, headers=bearer("admin")) as opened:
        yield opened


def _refused_as_padded(response: httpx.Response, loc: list[Any]) -> None:
    assert response.status_code == 422, response.text
    assert [(p["loc"], p["type"]) for p in response.json()["detail"]] == [(loc, "padded")], response.text


@pytest.mark.parametrize("locator", [" ADD-02#1.3", "ADD-02#1.3 ", "ADD-02#1.3\n"])
def test_check_refuses_a_padded_citation_locator(client: httpx.Client, locator: str) -> None:
    _refused_as_padded(client.post(f"{BASE}/check", json=_answer(locator)),
                       ["body", "claims", 0, "citations", 0, "locator"])


def test_check_answers_the_same_citation_sent_alone(client: httpx.Client) -> None:
    answered = client.post(f"{BASE}/check", json=_answer("ADD-02#1.3"))
    assert answered.status_code == 200, answered.text


@pytest.mark.parametrize(("field", "value"), [("item", "ADD-01#1.6 "), ("item", " ADD-01#1.6"),
                                              ("target", " SPEC-087100")])
def test_review_refuses_a_padded_locator_and_records_nothing(client: httpx.Client, restricted_riverside: Path,
                                                             field: str, value: str) -> None:
    reviews = restricted_riverside / "reviews.yaml"
    before = reviews.read_text() if reviews.exists() else None
    body = {"item": "ADD-01#1.6", "decision": "reject", "note": "padded", field: value}
    _refused_as_padded(client.post(f"{BASE}/review", json=body), ["body", field])
    assert (reviews.read_text() if reviews.exists() else None) == before


def test_precedence_refuses_a_padded_locator_as_padded(client: httpx.Client) -> None:
    body = {"a": " SPEC-033000#2.1.A", "b": "ADD-02#1.3", "valid_at": "2026-05-01"}
    _refused_as_padded(client.post(f"{BASE}/precedence", json=body), ["body", "a"])


# -- the CLI reads the same locators by the same rule ------------------------------------------


def test_cli_review_refuses_a_padded_item_and_records_nothing(restricted_riverside: Path) -> None:
    reviews = restricted_riverside / "reviews.yaml"
    before = reviews.read_text() if reviews.exists() else None
    done = inforce("review", restricted_riverside, "reject", "ADD-02#3.1 ", "--by", "eve", groups="owner-team")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "has spaces or line breaks around it" in done.stderr
    assert (reviews.read_text() if reviews.exists() else None) == before


def test_cli_review_records_the_item_sent_alone(restricted_riverside: Path) -> None:
    done = inforce("review", restricted_riverside, "reject", "ADD-02#3.1", "--by", "eve", groups="owner-team")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ADD-02#3.1" in (restricted_riverside / "reviews.yaml").read_text()


@pytest.mark.parametrize(("locator", "code"), [(" ADD-02#1.3", 2), ("ADD-02#1.3", 0)])
def test_cli_check_answer_reads_a_citation_locator_as_sent(restricted_riverside: Path, tmp_path: Path,
                                                           locator: str, code: int) -> None:
    answer = tmp_path / "answer.json"
    sent = _answer(locator)
    sent["context"]["groups"] = ["owner-team"]  # the CLI's asker is the answer's (ADD-02 is restricted)
    answer.write_text(json.dumps(sent))
    done = inforce("check", restricted_riverside, "--answer", answer, "--audit-dir", tmp_path / "audit")
    assert done.returncode == code, done.stdout + done.stderr
    if code:
        assert "claims[0].citations[0].locator" in done.stderr and "spaces or line breaks" in done.stderr


@pytest.mark.parametrize("arguments", [
    ("asof", "{p}", " SPEC-033000#2.1.A", "--valid-at", "2026-05-01"),
    ("history", "{p}", "SPEC-033000#2.1.A "),
    ("show", "{p}", "SPEC-033000 "),
    ("precedence", "{p}", "SPEC-033000#2.1.A", "\tDWG-S-101#callout-3", "--valid-at", "2026-05-01"),
], ids=lambda a: a[0])
def test_cli_locator_arguments_are_read_as_sent(restricted_riverside: Path, arguments: tuple[str, ...]) -> None:
    """Audit 67 B L1: the CLI's locator arguments were stripped and answered where the service
    refuses the same text as padded; both now go through ``sent_locator``."""
    argv = [str(restricted_riverside) if a == "{p}" else a for a in arguments]
    done = inforce(*argv, groups="owner-team")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "has spaces or line breaks around it" in done.stderr
    alone = inforce(*[a.strip() for a in argv], groups="owner-team")
    assert alone.returncode in (0, 1), alone.stdout + alone.stderr  # answered (1: an escalation of precedence)
