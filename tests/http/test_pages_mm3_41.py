"""Audit MM3 of issue 23 (the 41st), the pages.

MM3-1 (high): the review page's form sent the item, the target and the token, not the words it
showed: an item reworded and ingested between the page and the click was decided on words the
reviewer never saw. The form now carries the digest of the item's words (reviews.yaml's, as
``Project.review_digest`` gives it); the API's review takes it too (``ReviewRequest.digest``),
and the one check (``engine.reviews.record_review``) refuses words changed since: 409, nothing
written.

MM3-2 (medium): a page's error named a project file's field but not its line; now
``reviews.yaml:13`` as the CLI writes it (``InputError.where``).

MM3-3 (medium): the sweep form's ``include_superseded`` was false for anything but "true"; one
strict reading of a form's boolean (``pages.form_flag``): anything but true or false is 422.

MM3-4 (medium): %-escaped bytes that are not UTF-8 were replaced by U+FFFD and recorded; refused
now at their field (422).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Keys, Service, Warm, hash_key
from tests.http.conftest import KEYS
from tests.http.test_pages import csrf, signed_in

NAME = "riverside-library"
ITEM, TARGET = "ADD-01#3.4", "SPEC-033000#3.3.C"


@pytest.fixture(scope="module")
def server(restricted_riverside: Path, serve: Any) -> Any:
    keys = Keys([(hash_key(key), caller) for key, caller in KEYS.values()])
    return serve(Service({NAME: Warm.open(NAME, restricted_riverside)}, keys, time_limit=60))


@pytest.fixture(scope="module")
def admin(server: Any) -> Iterator[httpx.Client]:
    client = signed_in(server, "admin")
    yield client
    client.close()


def _reviews(server: Any) -> Path:
    return server.service.projects[NAME].root / "reviews.yaml"


def _queue(admin: httpx.Client) -> str:
    page = admin.get(f"/ui/projects/{NAME}/reviews")
    assert page.status_code == 200, page.text
    return page.text


# ---- MM3-1 ----------------------------------------------------------------------------------


def test_the_review_form_carries_the_digest_of_the_words_it_shows(server: Any, admin: httpx.Client) -> None:
    from inforce.engine import Project

    with Project.open(server.service.projects[NAME].root) as opened:
        digest = opened.review_digest(ITEM)
    page = _queue(admin)
    assert f'name="digest" value="{digest}"' in page


def test_a_decision_on_words_changed_since_is_409_and_writes_nothing(server: Any, admin: httpx.Client,
                                                                   bearer: Any) -> None:
    page = _queue(admin)
    sent = admin.post(f"/ui/projects/{NAME}/reviews", data={
        "csrf": csrf(page), "item": ITEM, "target": TARGET, "digest": "0" * 16, "decision": "accept"})
    assert sent.status_code == 409, sent.text
    assert "changed since you read it; reload" in sent.text
    assert not _reviews(server).exists()
    # the API's review: the same check, the same answer
    with httpx.Client(base_url=server.url, timeout=60) as api:
        answer = api.post(f"/v1/projects/{NAME}/review", headers=bearer("admin"), json={
            "item": ITEM, "target": TARGET, "decision": "reject", "digest": "0" * 16})
        assert answer.status_code == 409, answer.text
        assert "changed since you read it" in answer.text
        assert api.post(f"/v1/projects/{NAME}/review", headers=bearer("admin"), json={
            "item": ITEM, "decision": "reject", "digest": "not hex"}).status_code == 422
    assert not _reviews(server).exists()


# ---- MM3-3, MM3-4 ---------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["on", "TRUE", "1", "yes", "maybe", ""])
def test_the_sweep_forms_boolean_is_true_or_false_or_422(admin: httpx.Client, value: str) -> None:
    page = admin.get(f"/ui/projects/{NAME}/sweeps").text
    sent = admin.post(f"/ui/projects/{NAME}/sweeps", data={
        "csrf": csrf(page), "valid_at": "2026-05-01", "fail_on": "none", "include_superseded": value})
    assert sent.status_code == 422, sent.text
    assert "include_superseded" in sent.text


def test_form_flag_reads_the_checkbox_and_false_and_nothing() -> None:
    from inforce.adapters.http.pages import form_flag

    assert form_flag({"x": "true"}, "x") is True
    assert form_flag({"x": "false"}, "x") is False
    assert form_flag({}, "x") is False


def test_form_bytes_that_are_not_utf8_are_422_at_their_field(server: Any, admin: httpx.Client) -> None:
    page = _queue(admin)
    body = f"csrf={csrf(page)}&item=ADD-01%233.4&target=SPEC-033000%233.3.C&decision=reject&note=caf%E9+ok"
    sent = admin.post(f"/ui/projects/{NAME}/reviews", content=body,
                      headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert sent.status_code == 422, sent.text
    assert "note" in sent.text and "UTF-8" in sent.text
    assert not _reviews(server).exists()


# ---- audit 71 A F2: the review form reads every field it is sent, or refuses it -------------


@pytest.mark.parametrize(("extra", "status", "field"), [
    ({"groups": "owner-team"}, 400, "groups"), ({"by": "someone-else"}, 422, "by"), ({"zzz": "1"}, 422, "zzz"),
    ({"scope": "whole"}, 422, "scope")])
def test_the_review_form_refuses_a_field_it_does_not_read(server: Any, admin: httpx.Client, extra: dict[str, str],
                                                          status: int, field: str) -> None:
    """The page's review form dropped ``groups``, ``by`` and unknown fields with a 303, where the
    API's review and the page's sweep form refuse them (``pages._read_only``, both forms' rule)."""
    page = _queue(admin)
    sent = admin.post(f"/ui/projects/{NAME}/reviews", data={
        "csrf": csrf(page), "item": ITEM, "target": TARGET, "decision": "reject", **extra})
    assert sent.status_code == status and field in sent.text, sent.text
    assert not _reviews(server).exists()


def test_the_review_form_records_the_scope_it_is_sent(server: Any, admin: httpx.Client) -> None:
    """An accept sent with scope=full was recorded with the proposal's scope (partial) and a
    303: the decision recorded was not the one sent. The form's scope is read as the API's."""
    page = _queue(admin)
    sent = admin.post(f"/ui/projects/{NAME}/reviews", data={
        "csrf": csrf(page), "item": ITEM, "target": TARGET, "decision": "accept", "scope": "full"})
    assert sent.status_code == 303, sent.text
    assert "scope: full" in _reviews(server).read_text()
    for _ in range(240):  # the ingest the decision queued, done before the module's server stops
        state = _queue(admin)
        if "Ingest: done" in state or "Ingest: failed" in state:
            break
        time.sleep(0.5)
    assert 'name="note"' in page and "<textarea" not in page  # a note is one line, as the review file keeps it


# ---- MM3-2 (last: it writes a broken reviews.yaml) -------------------------------------------


def test_a_page_names_the_line_of_a_project_files_problem(server: Any, admin: httpx.Client) -> None:
    reviews = _reviews(server)
    reviews.write_text(f"# hand-edited\n- item: {ITEM}\n  target: {TARGET}\n  scope: partial\n  decision: reject\n"
                       "  by: ann\n  at: yesterday-ish\n")
    try:
        page = admin.get(f"/ui/projects/{NAME}/reviews")
        assert page.status_code == 503
        assert "reviews.yaml:7" in page.text and "reviews.0.at" in page.text
    finally:
        reviews.unlink()
