"""The service against a hostile caller (issue 24's audit), through real HTTP on loopback.

One server on the restricted Riverside copy (conftest's ``restricted_riverside``),
with a keys file read from disk: keys outside the documents' group, an admin without it, a
proxy and the entries it may or may not name, a key scoped to another project. Each test is
one finding: what the request tried, and that the service decides from the key alone.
"""

from __future__ import annotations

import copy
import json
import os
import socket
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.cli._scaffold import scaffold_project
from inforce.adapters.http import Service, Warm, hash_key, read_keys
from inforce.adapters.http.keys import add_key
from inforce.engine import Project
from inforce.ontology import InputError, InputErrors, Refusal
from inforce.ontology.decisions import content_hash

NAME = "riverside-library"
DAY = "2026-05-01"
PUBLIC_CLAIMS = [{"text": "Concrete reaches 4,000 psi at 28 days.", "citations": [{"locator": "SPEC-033000#2.1.A"}]}]

#: who holds which key: (key, the keys-file entry's lines after its name)
ENTRIES = {
    "public": ("ifk-h-public", "groups: []"),
    "owner": ("ifk-h-owner", "groups: [owner-team]"),
    "otheradmin": ("ifk-h-otheradmin", "groups: []\n  admin: true"),
    "keyed-admin": ("ifk-h-keyed-admin", "groups: [owner-team]\n  admin: true\n  reviewer: true"),
    "elsewhere": ("ifk-h-elsewhere", "groups: [owner-team]\n  projects: [another-project]"),
    "gateway": ("ifk-h-gateway", "proxy: true"),
}
#: entries with no key of their own: who a proxy may name, and who it may not
PROXY_ONLY = ("- name: jdoe\n  groups: [owner-team]\n"
              "- name: lead\n  groups: [owner-team]\n  admin: true\n"
              "- name: ops\n  groups: [owner-team]\n  admin: true\n  via: [gateway]\n")
RESTRICTED_DOCS = ("ADD-02", "DWG-S-101", "SPEC-004113")


@pytest.fixture(scope="module")
def keys_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("keys") / "keys.yaml"
    path.write_text("".join(f"- name: {who}\n  key_sha256: {hash_key(key)}\n  {rest}\n"
                            for who, (key, rest) in ENTRIES.items()) + PROXY_ONLY)
    return path


@pytest.fixture(scope="module")
def server(restricted_riverside: Path, serve: Any, keys_file: Path) -> Any:
    return serve(Service({NAME: Warm.open(NAME, restricted_riverside)}, read_keys(keys_file), time_limit=60,
                         identity_header="X-User", max_claims=5), body_seconds=1.5)


@pytest.fixture(scope="module")
def client(server: Any) -> Any:
    with httpx.Client(base_url=server.url, timeout=60) as opened:
        yield opened


def _p(path: str) -> str:
    return f"/v1/projects/{NAME}/{path}"


def _answer(claims: list[dict[str, Any]]) -> dict[str, Any]:
    return {"question": "What strength?", "context": {"valid_at": DAY}, "claims": claims}


def _key(who: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {ENTRIES[who][0]}"}


def _forged(verdict: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    record = {"format": "inforce-decision/2", "answer": answer, "verdict": verdict}
    record["sha256"] = content_hash(record)  # a plain hash: anyone can make one
    return record


# ---- H1: a replayed record decides nothing about access ---------------------------------------


def test_a_forged_records_groups_tell_nothing_of_restricted_documents(
    client: httpx.Client, restricted_riverside: Path,
) -> None:
    answer = _answer(PUBLIC_CLAIMS)
    verdict = client.post(_p("check"), json=answer, headers=_key("public")).json()
    forged = copy.deepcopy(verdict)
    forged["audit"]["context"]["groups"] = ["owner-team"]
    forged["audit"]["index_build"] = "0000000000000000"
    forged["audit"]["revisions"] = {**forged["audit"]["revisions"], "ADD-02": ["zz"], "SPEC-004113": ["0"],
                                    "DWG-S-101": ["zz"]}
    refused = client.post(_p("replay"), json=_forged(forged, answer), headers=_key("public"))
    assert refused.status_code == 400, refused.text
    assert not any(doc in refused.text for doc in RESTRICTED_DOCS)
    # the front decides from the asker's groups too, whatever the service in front of it checks
    with Project.open(restricted_riverside) as opened:
        with pytest.raises(InputError) as raised:
            opened.replay(_forged(forged, answer), groups=())
        assert raised.value.field == "verdict.audit.context.groups"
        # with the record's groups held, the same record's changes are told (the asker may read them)
        told = opened.replay(_forged(forged, answer), groups=("owner-team",))
        assert any(change.startswith("SPEC-004113: revision 1") for change in told.changes), told.changes


# ---- M2: one request's work is bounded ----------------------------------------------------------


def test_an_answer_of_too_many_claims_is_refused_before_any_is_checked(client: httpx.Client) -> None:
    many = client.post(_p("check"), json=_answer(PUBLIC_CLAIMS * 6), headers=_key("public"))
    assert many.status_code == 422 and many.json()["detail"][0]["loc"] == ["body", "claims"], many.text
    assert client.post(_p("check"), json=_answer(PUBLIC_CLAIMS * 5), headers=_key("public")).status_code == 200
    record = _forged({"verdict": "supported"}, _answer(PUBLIC_CLAIMS * 6))
    replayed = client.post(_p("replay"), json=record, headers=_key("public"))
    assert replayed.status_code == 422 and replayed.json()["detail"][0]["loc"] == ["body", "answer", "claims"]


def test_a_claim_longer_than_the_bound_is_refused_at_its_text_before_it_is_checked(client: httpx.Client) -> None:
    """Audit 23f J3: one claim of ~1 MB of quantities ran a minute in its worker after the 504
    and held a gigabyte. Its text is bounded: 422 at the claim's text, nothing checked."""
    from inforce.ontology.verdict import CLAIM_MAX_CHARS

    long = [{**PUBLIC_CLAIMS[0], "text": "9 years " * (CLAIM_MAX_CHARS // 8 + 1)}]
    refused = client.post(_p("check"), json=_answer(long), headers=_key("public"))
    assert refused.status_code == 422 and refused.json()["detail"][0]["loc"] == ["body", "claims", 0, "text"], \
        refused.text
    at_bound = [{**PUBLIC_CLAIMS[0], "text": ("9 years " * CLAIM_MAX_CHARS)[:CLAIM_MAX_CHARS]}]
    assert client.post(_p("check"), json=_answer(at_bound), headers=_key("public")).status_code == 200
    replayed = client.post(_p("replay"), json=_forged({"verdict": "supported"}, _answer(long)), headers=_key("public"))
    assert replayed.status_code in (400, 422) and "at most" in replayed.text, replayed.text


def test_claims_dense_with_quantities_give_a_response_a_small_multiple_of_the_body(client: httpx.Client) -> None:
    """Audit 23g K3: 200 claims of 4,000 characters of quantities gave a 138 MB response (each
    quantity an unmatched entry of ~1.4 KB). At most 10 are listed per claim, with the total: a
    claim at the size bound answers in under 40 KB (so the largest answer in under 8 MB)."""
    from inforce.ontology.verdict import CLAIM_MAX_CHARS, CLAIM_MAX_QUANTITIES_SHOWN

    dense = [{**PUBLIC_CLAIMS[0], "text": ("9 years " * CLAIM_MAX_CHARS)[:CLAIM_MAX_CHARS]}] * 5
    # on a day the cited paragraph is in force (from 2026-04-10 an addendum replaced it, and a claim
    # citing a replaced paragraph is stale before any figure is compared)
    answer = {**_answer(dense), "context": {"valid_at": "2026-03-15"}}
    checked = client.post(_p("check"), json=answer, headers=_key("public"))
    assert checked.status_code == 200 and len(checked.content) < 5 * 40_000, len(checked.content)
    found = checked.json()["claims"][0]["quantities"]
    assert len(found["unmatched"]) == CLAIM_MAX_QUANTITIES_SHOWN and found["unmatched_total"] == 500
    assert "490 more unmatched not listed" in checked.json()["claims"][0]["detail"]


def test_stats_counts_what_the_key_may_read(client: httpx.Client, restricted_riverside: Path) -> None:
    """Audit 70 B F4 (once audit 23g L8's documented exception): GET /stats counts, for a key,
    what its groups may read, as ``inforce stats --groups`` does (the file's size not told to a
    key that may not read everything); the OpenAPI description and docs/formats.md say so."""
    with Project.open(restricted_riverside) as opened:
        whole, public = opened.stats(groups=None), opened.stats(groups=())
    assert public.documents < whole.documents  # the project holds what a key without the group may not read
    for who, expected in (("public", public), ("owner", whole)):
        counted = client.get(_p("stats"), headers={"Authorization": f"Bearer {ENTRIES[who][0]}"})
        assert counted.status_code == 200 and counted.json() == json.loads(expected.model_dump_json()), who
    described = client.get("/openapi.json").json()["paths"]["/v1/projects/{name}/stats"]["get"]["description"]
    assert "the key's groups may read" in described
    docs = (Path(__file__).resolve().parents[2] / "docs" / "formats.md").read_text(encoding="utf-8")
    assert "`stats` counts only what the asker may read" in docs


# ---- M3: bodies are read within a deadline, and not kept for a caller without a key -------------


def _raw(server: Any, request: bytes, wait: float) -> bytes:
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=wait) as sock:
        sock.sendall(request)
        received = b""
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            received += chunk
            if b"\r\n\r\n" in received:
                break
        return received


def test_a_body_not_sent_in_time_is_408(server: Any) -> None:
    path = _p("check").encode()
    started = time.monotonic()
    answered = _raw(server, b"POST " + path + b" HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    b"Authorization: Bearer " + ENTRIES["public"][0].encode() + b"\r\n"
                    b"Content-Length: 500\r\n\r\n{\"question\":", wait=15)
    assert answered.startswith(b"HTTP/1.1 408"), answered[:200]
    assert time.monotonic() - started < 10


def test_a_keyless_body_is_refused_401_not_parsed(client: httpx.Client) -> None:
    deep = b"[" * 100 + b"]" * 100  # what the body check would refuse 422, were it read for a stranger
    for headers in ({}, {"Authorization": "Bearer not-a-key"}):
        refused = client.post(_p("check"), content=deep, headers={**headers, "Content-Type": "application/json"})
        assert refused.status_code == 401 and refused.headers["www-authenticate"] == "Bearer", refused.text
    assert client.post(_p("check"), content=deep,
                       headers={**_key("public"), "Content-Type": "application/json"}).status_code == 422


# ---- M4, M5: who the request is, once, and whom a proxy may name --------------------------------


def test_an_authorization_or_identity_header_sent_twice_is_400(client: httpx.Client) -> None:
    twice = [("Authorization", f"Bearer {ENTRIES['public'][0]}"), ("Authorization", f"Bearer {ENTRIES['owner'][0]}")]
    assert client.get("/v1/whoami", headers=twice).status_code == 400
    named = [("Authorization", f"Bearer {ENTRIES['gateway'][0]}"), ("X-User", "jdoe"), ("X-User", "ops")]
    assert client.get("/v1/whoami", headers=named).status_code == 400
    assert client.get("/v1/whoami", headers=named[:2]).json()["name"] == "jdoe"


@pytest.mark.parametrize(("user", "allowed"), [("jdoe", True), ("ops", True), ("lead", False),
                                               ("keyed-admin", False), ("owner", False)])
def test_a_proxy_names_only_the_entries_it_may(client: httpx.Client, user: str, allowed: bool) -> None:
    """jdoe: no key, no right; ops: an admin whose entry lists the proxy; lead: an admin not listing
    it; keyed-admin and owner: entries with keys of their own."""
    who = client.get("/v1/whoami", headers={**_key("gateway"), "X-User": user})
    if allowed:
        assert who.status_code == 200 and who.json()["name"] == user and who.json()["via"] == "gateway"
    else:
        assert who.status_code == 401, who.text


# ---- M6: erasing through the service: confirmed, and only what the key may read --------------


def test_erase_needs_the_document_confirmed(client: httpx.Client) -> None:
    for body in ({"document": "ADD-02"}, {"document": "ADD-02", "confirm": "ADD-03"}):
        unconfirmed = client.post(_p("erase"), json=body, headers=_key("keyed-admin"))
        assert unconfirmed.status_code == 422 and unconfirmed.json()["detail"][0]["loc"] == ["body", "confirm"]


def test_an_admin_without_the_group_may_not_erase_or_probe_a_restricted_document(
    client: httpx.Client, restricted_riverside: Path,
) -> None:
    def erase(document: str, revision: str | None = None) -> httpx.Response:
        body = {"document": document, "confirm": document, **({"revision": revision} if revision else {})}
        return client.post(_p("erase"), json=body, headers=_key("otheradmin"))

    # audit A3: a revision that does not exist, of a document with one the key may not read, is
    # refused as an existing one is (which revisions exist is their content): the same 403 for
    # "0" and "7" of the restricted drawing, for "1" and "7" of the mixed bid form
    for document, revision in (("DWG-S-101", None), ("DWG-S-101", "0"), ("DWG-S-101", "7"), ("SPEC-004113", "1"),
                               ("SPEC-004113", "7"), ("SPEC-004113", None)):
        refused = erase(document, revision)
        assert refused.status_code == 403 and refused.json()["reason"] == "access_restricted", refused.text
        assert refused.json()["detail"] == "the asker's groups may not read it"
        assert "ZZ" not in refused.text and "held" not in refused.text
    for document in ("DWG-S-101", "SPEC-004113"):  # as asof answers the same key
        asof = client.get(_p("asof"), params={"locator": f"{document}@7", "valid_at": DAY}, headers=_key("otheradmin"))
        assert asof.status_code == 403, asof.text
    # a document the key reads whole: a revision it lacks is 404, its revisions hinted at
    missing = erase("SPEC-033000", "7")
    assert missing.status_code == 404 and "revisions held: 0" in missing.text, missing.text
    # the front decides, whoever calls it (nothing is erased: refused before)
    with Project.open(restricted_riverside) as opened:
        for revision in ("0", "7"):
            refusal = opened.erase("DWG-S-101", revision, by="otheradmin", groups=())
            assert isinstance(refusal, Refusal) and refusal.reason == "access_restricted", refusal
    assert not (restricted_riverside / "erasures.yaml").exists()


def test_a_locator_given_as_the_document_to_erase_is_422_at_the_document(client: httpx.Client) -> None:
    """Audit 71 A F1: {"document": "SPEC-033000@0"} was 404 "the graph holds no document
    SPEC-033000@0" (as if already gone), while the 422 for a malformed id hinted at the very
    DOC-ID@REV form. Now a locator is 422 at the document, saying to give the revision apart,
    and no hint invites a form that then 404s."""
    for document, said in (("SPEC-033000@0", '"revision": "0"'), ("SPEC-033000#2.1.A", "names a section"),
                           ("../../etc/passwd", "a document id is")):
        refused = client.post(_p("erase"), json={"document": document, "confirm": document},
                              headers=_key("keyed-admin"))
        assert refused.status_code == 422, refused.text
        problem = refused.json()["detail"][0]
        assert problem["loc"] == ["body", "document"] and said in problem["msg"] + problem["hint"], problem
        assert "@REV" not in problem["hint"], problem
    bad_revision = client.post(_p("erase"), json={"document": "SPEC-033000", "confirm": "SPEC-033000",
                                                  "revision": "../0"}, headers=_key("keyed-admin"))
    assert bad_revision.status_code == 422 and bad_revision.json()["detail"][0]["loc"] == ["body", "revision"]


def test_routes_without_a_body_or_a_query_refuse_what_they_are_sent(client: httpx.Client) -> None:
    """Audit 71 A F3: ``POST .../ingest`` ran (200) whatever its body said — ``{"derived": true}``,
    ``{"groups": [...]}``, text that is no JSON — and ``/v1/projects`` and ``/v1/whoami`` answered
    200 to ``?groups=`` and unknown parameters, where every other route refuses them: groups 400
    (they come from the key), anything else 422 at what was sent. Nothing is ingested."""
    admin = _key("keyed-admin")
    for body, status, loc in (({"groups": ["owner-team"]}, 400, None), ({"derived": True}, 422, ["body", "derived"]),
                              (b"not json at all", 422, ["body"]), ([1], 422, ["body"])):
        sent = (client.post(_p("ingest"), content=body, headers={**admin, "Content-Type": "application/json"})
                if isinstance(body, bytes) else client.post(_p("ingest"), json=body, headers=admin))
        assert sent.status_code == status, (body, sent.text)
        assert loc is None or sent.json()["detail"][0]["loc"] == loc, sent.text
    # audit 83 B: half a surrogate pair as a key was a 500 (json.loads took it, the refusal could not
    # encode it); groups written as false, 0 or "" were taken as none without a word
    for body, loc in ((b'{"\\ud800": 1}', ["body"]), (b'{"groups": ["\\udc00"]}', ["body"]),
                      (b'{"groups": false}', ["body", "groups"]), (b'{"groups": 0}', ["body", "groups"]),
                      (b'{"groups": ""}', ["body", "groups"])):
        sent = client.post(_p("ingest"), content=body, headers={**admin, "Content-Type": "application/json"})
        assert sent.status_code == 422 and sent.json()["detail"][0]["loc"] == loc, (body, sent.text)
    for route in ("/v1/projects", "/v1/whoami"):
        stated = client.get(route, params={"groups": "owner-team"}, headers=_key("public"))
        assert stated.status_code == 400 and "groups come from your key" in stated.text, stated.text
        unknown = client.get(route, params={"zzz": "1"}, headers=_key("public"))
        assert unknown.status_code == 422 and unknown.json()["detail"][0]["loc"] == ["query", "zzz"], unknown.text
        assert client.get(route, headers=_key("public")).status_code == 200



def test_routes_that_take_no_body_refuse_one(client: httpx.Client) -> None:
    """Audit 72 A F1: every GET under /v1/ answered 200 whatever body it was sent — ``{"groups":
    [...]}``, unknown fields, JSON that does not parse, ``text/plain`` — never reading it, where
    the same groups in the query are 400. A body sent to a route that takes none is now refused
    in the middleware: 400 stating groups (they come from the key), else 422 at ``["body"]``."""
    public, json_type = _key("public"), {"Content-Type": "application/json"}
    for route in (_p("stats"), _p("review"), "/v1/whoami", "/v1/projects"):
        for body, kind, status in ((b'{"groups": ["owner-team"]}', json_type, 400),
                                   (b'{"zzz": 1}', json_type, 422), (b"{not json", json_type, 422),
                                   (b"hello", {"Content-Type": "text/plain"}, 422)):
            sent = client.request("GET", route, content=body, headers={**public, **kind})
            assert sent.status_code == status, (route, body, sent.text)
            assert status == 400 or sent.json()["detail"][0]["loc"] == ["body"], sent.text
        assert client.request("GET", route, content=b"", headers=public).status_code == 200
    gone = client.request("DELETE", _p("sweeps/nosuchjob"), content=b'{"zzz": 1}', headers={**public, **json_type})
    assert gone.status_code == 422, gone.text


def test_groups_stated_in_the_body_of_review_or_erase_are_400_as_on_every_route(client: httpx.Client) -> None:
    """Audit 74 A L5: POST .../review and .../erase, whose bodies have no ``groups``, answered a body
    stating them 422 ``extra_forbidden`` where every other route (and docs/formats.md) says 400:
    groups come from the key. Empty groups are an unknown field like any other."""
    owner, json_type = _key("keyed-admin"), {"Content-Type": "application/json"}
    for route, body in ((_p("review"), {"item": "ADD-01#1.1", "decision": "accept"}),
                        (_p("erase"), {"document": "SPEC-033000", "confirm": "SPEC-033000"})):
        stated = client.post(route, json={**body, "groups": ["owner-team"]}, headers={**owner, **json_type})
        assert stated.status_code == 400, (route, stated.text)
        assert "groups come from your key" in stated.json()["detail"]
        other = client.post(route, json={**body, "zzz": 1}, headers={**owner, **json_type})
        assert other.status_code == 422 and other.json()["detail"][0]["loc"] == ["body", "zzz"], other.text


def test_empty_groups_in_the_body_of_review_or_erase_are_taken_as_none(client: httpx.Client) -> None:
    """Audit 75 A L2: docs/formats.md says a body's ``groups`` may be absent or empty; review and erase,
    whose bodies had no such field, answered ``"groups": []`` 422 ``extra_forbidden``. Now an empty
    list is answered exactly as the same body without it (a document and an item the project does
    not hold, so that nothing is erased or recorded)."""
    owner, json_type = _key("keyed-admin"), {"Content-Type": "application/json"}
    for route, body in ((_p("review"), {"item": "ADD-NONE#9.9", "decision": "accept"}),
                        (_p("erase"), {"document": "SPEC-NONE", "confirm": "SPEC-NONE"})):
        without = client.post(route, json=body, headers={**owner, **json_type})
        empty = client.post(route, json={**body, "groups": []}, headers={**owner, **json_type})
        assert without.status_code != 400 and "groups" not in without.text, (route, without.text)
        assert (empty.status_code, empty.json()) == (without.status_code, without.json()), (route, empty.text)


def test_a_query_whose_escapes_are_not_utf8_is_refused_not_read_garbled(client: httpx.Client) -> None:
    """Audit 74 A L2 (the HTTP twin of audit 73 B F3): ``?locator=SPEC-1%FF`` was read with U+FFFD for
    the byte, quoted garbled in the error and searched for on the search page; it is 422 at the query."""
    public = _key("public")
    for url in (_p("asof") + "?locator=SPEC-033000%FF%232.1.A&valid_at=2026-05-01", _p("resolve") + "?q=slump%E9",
                "/v1/whoami?x=%C3"):
        refused = client.get(url, headers=public)
        assert refused.status_code == 422, (url, refused.text)
        assert refused.json()["detail"][0]["loc"] == ["query"] and "\ufffd" not in refused.text, refused.text
    fine = client.get(_p("asof") + "?locator=SPEC-033000%232.1.A&valid_at=2026-05-01&x=%C3%A9", headers=public)
    assert fine.status_code != 422 or fine.json()["detail"][0]["loc"] != ["query"], fine.text


# ---- M8: a key scoped to projects ---------------------------------------------------------------


def test_a_key_scoped_to_another_project_reads_nothing_here(client: httpx.Client) -> None:
    elsewhere = _key("elsewhere")
    asked = client.get(_p("asof"), params={"locator": "SPEC-033000#2.1.A", "valid_at": DAY}, headers=elsewhere)
    unknown = client.get("/v1/projects/nope/asof", params={"locator": "SPEC-033000#2.1.A"}, headers=elsewhere)
    assert asked.status_code == 404 and asked.json()["detail"] == unknown.json()["detail"].replace("nope", NAME)
    assert client.get("/v1/projects", headers=elsewhere).json() == []
    assert len(client.get("/v1/projects", headers=_key("owner")).json()) == 1


# ---- H5: a new generation that fails to open is tried again --------------------------------------


def test_a_failed_open_of_a_new_generation_is_retried(tmp_path: Path) -> None:
    root = tmp_path / "project"
    scaffold_project(root, today="2026-01-05")
    Project.ingest(root)
    warm = Warm.open("tiny", root)
    try:
        before = warm.build_id
        document = sorted((root / "documents").glob("*.md"))[0]
        document.write_text(document.read_text() + "\nZZ a sentence added after the first ingest.\n")
        Project.ingest(root)
        graphs = sorted((root / ".inforce").glob("graph-*.kuzu"))
        newest = graphs[-1]
        aside = newest.with_name("aside.kuzu")
        os.rename(newest, aside)
        try:
            with pytest.raises(Exception):  # noqa: B017, PT011 - whatever the open raised
                with warm.reading():
                    pass
        finally:
            os.rename(aside, newest)
        with warm.reading() as project:
            after = project.build_id
        assert after != before and warm.build_id == after
    finally:
        warm.close()


# ---- M11: --add-key on keys files written in any YAML form ----------------------------------------


@pytest.mark.parametrize("text", [
    f"[{{name: a, key_sha256: {'a' * 64}, groups: []}}]\n",
    f"  - name: a\n    key_sha256: {'a' * 64}\n",
    f"- name: a\n  key_sha256: {'a' * 64}\n...\n",
    "[]\n",
    f"# our keys\n[{{name: a, key_sha256: {'a' * 64}, groups: [x y]}}]  # inline\n",
], ids=["flow", "indented", "document-end", "empty-flow", "commented"])
def test_add_key_leaves_a_keys_file_that_reads(tmp_path: Path, text: str) -> None:
    path = tmp_path / "keys.yaml"
    path.write_text(text)
    key = add_key(path, "b", ("qa",))
    keys = read_keys(path)
    assert keys.caller(key) is not None and keys.caller(key).groups == ("qa",)
    assert len(keys) == (0 if text == "[]\n" else 1) + 1
    if text.startswith("#"):
        assert path.read_text().startswith("# our keys\n") and '"x y"' in path.read_text()


def test_a_new_keys_file_is_readable_by_its_owner_alone(tmp_path: Path) -> None:
    path = tmp_path / "new-keys.yaml"
    add_key(path, "first", ())
    assert path.stat().st_mode & 0o777 == 0o600


# ---- lows: bodies Python's JSON reader would take silently; sweep routes' queries; writes' builds ---


@pytest.mark.parametrize(("body", "kind"), [
    (b'{"valid_at": "2026-05-01", "valid_at": "0001-01-01"}', "duplicate_key"),
    (b'{"valid_at": "2026-05-01", "exclusions": ' + b"9" * 5000 + b"}", "number_too_long"),
    (b'{"valid_at": "2026-05-01", "attributes": {"market": NaN}}', "finite_number"),
    (b'{"valid_at": "2026-05-01", "attributes": {"market": -Infinity}}', "finite_number"),
    (b'{"valid_at": "2026-05-01", "attributes": {"market": "\xff"}}', "utf8"),
], ids=["duplicate", "digits", "nan", "infinity", "utf8"])
def test_an_unsound_json_body_is_422_naming_why(client: httpx.Client, body: bytes, kind: str) -> None:
    refused = client.post(_p("eligible"), content=body, headers={**_key("owner"), "Content-Type": "application/json"})
    assert refused.status_code == 422, refused.text
    assert refused.json()["detail"] == [{"loc": ["body"], "type": kind, "msg": refused.json()["detail"][0]["msg"]}]


@pytest.mark.parametrize("field", ["question", "quote"])
def test_half_a_surrogate_pair_in_an_answer_is_422_at_its_line_not_a_500(client: httpx.Client, field: str) -> None:
    """Audit 73 B F2: a lone surrogate escape in an answer's question or a citation's quote (valid
    JSON grammar, no Unicode text) ended POST /check in a 500 for any key; it is 422 naming it."""
    question = "Slump\\ud800?" if field == "question" else "Slump?"
    quote = "not less than\\udfff" if field == "quote" else "not less than"
    body = ('{"question": "' + question + '",\n"context": {"valid_at": "2026-05-01"},\n"claims": [{"text": '
            '"The slump is 100 mm.", "citations": [{"locator": "SPEC-033000#2.1", "quote": "' + quote + '"}]}]}')
    refused = client.post(_p("check"), content=body.encode(), headers={**_key("owner"),
                                                                         "Content-Type": "application/json"})
    assert refused.status_code == 422, refused.text
    [said] = refused.json()["detail"]
    assert "half of a surrogate pair" in said["msg"] and said["line"] == (1 if field == "question" else 3), said


def test_a_json_body_sent_as_another_content_type_is_415_naming_the_one_expected(client: httpx.Client) -> None:
    """Audit 71 B F3: a JSON object sent as a form (curl -d's default), text or with no content
    type was 422 "Input should be a valid dictionary", which does not say what is wrong."""
    body = json.dumps(_answer(PUBLIC_CLAIMS)).encode()
    routes = [_p(route) for route in ("check", "eligible", "explain", "resolve", "precedence", "replay",
                                      "review", "sweeps", "erase")] + ["/v1/portfolio/sweeps"]
    for route in routes:
        for given in ("application/x-www-form-urlencoded", "text/plain", None):
            headers = {**_key("keyed-admin"), **({"Content-Type": given} if given else {})}
            refused = client.post(route, content=body, headers=headers)
            assert refused.status_code == 415, (route, given, refused.text)
            assert refused.json()["detail"] == ("send the body as JSON: Content-Type: application/json "
                                                f"({f'got {given}' if given else 'none was given'})")
    # audit 72 B F8: a charset other than UTF-8 was taken, and the body read as UTF-8 all the same
    for given in ("application/json; charset=latin-1", 'application/json; charset="ISO-8859-1"',
                  "application/json; charset=utf-16"):
        refused = client.post(_p("check"), content=body, headers={**_key("owner"), "Content-Type": given})
        assert refused.status_code == 415 and f"got {given}" in refused.json()["detail"], (given, refused.text)
    # as JSON (any +json type, a charset of UTF-8 stated) it is read
    for given in ("application/json", "application/json; charset=utf-8", "application/problem+json",
                  'application/json; charset="UTF-8"', "application/json;charset=us-ascii"):
        checked = client.post(_p("check"), content=body, headers={**_key("owner"), "Content-Type": given})
        assert checked.status_code == 200, (given, checked.text)


def test_sweep_routes_check_their_query(client: httpx.Client) -> None:
    started = client.post(_p("sweeps"), json={"valid_at": DAY, "packs": ["precedence/none"]}, headers=_key("owner"))
    assert started.status_code == 202, started.text
    job = _p(f"sweeps/{started.json()['id']}")
    twice = client.get(f"{job}?format=json&format=md", headers=_key("owner"))
    assert twice.status_code == 422 and twice.json()["detail"][0]["loc"] == ["query", "format"]
    assert client.get(job, params={"foo": "1"}, headers=_key("owner")).status_code == 422
    assert client.delete(job, params={"foo": "1"}, headers=_key("owner")).status_code == 422
    assert client.delete(job, headers=_key("owner")).status_code == 202


def test_a_writes_answer_names_the_build_it_made(client: httpx.Client) -> None:
    """Last here: it ingests (Addendum No. 4, recorded after the first ingest, comes in)."""
    before = client.get("/v1/projects", headers=_key("owner")).json()[0]["index_build"]
    ingested = client.post(_p("ingest"), headers=_key("keyed-admin"))
    assert ingested.status_code == 200, ingested.text
    made = ingested.json()["index_build"]
    assert made != before and ingested.headers["X-Inforce-Build"] == made


def test_an_ingest_refused_for_a_file_names_it_and_its_line(client: httpx.Client, restricted_riverside: Path) -> None:
    bad = restricted_riverside / "documents" / "zz-bad.md"
    bad.write_text("---\nid: ZZ-BAD\nkind: addendum\ntitle: Bad\nissued: 2026-02-30\n---\n1.1 Text.\n")
    try:
        refused = client.post(_p("ingest"), headers=_key("keyed-admin"))
    finally:
        bad.unlink()
    assert refused.status_code == 422, refused.text
    problem = refused.json()["detail"][0]
    assert problem["loc"][:2] == ["file", "documents/zz-bad.md"] and problem["file"] == "documents/zz-bad.md"
    assert isinstance(problem["line"], int), problem
    assert str(restricted_riverside) not in refused.text


def test_an_ingest_refused_counts_the_problems_of_files_the_admins_groups_may_not_read(
    client: httpx.Client, restricted_riverside: Path
) -> None:
    """Audit 23A, finding 5: an admin key without the group was quoted a restricted document's
    problem (its section list, its front matter's values). An admin reads what its groups
    read: the problem is counted, its file not named; a public file's problem is quoted; a key
    holding the group is quoted both."""
    secret = restricted_riverside / "documents" / "addendum-02.md"
    kept = secret.read_text()
    public = restricted_riverside / "documents" / "zz-bad.md"
    secret.write_text(kept.replace("recorded: 2026-04-10T12:34:56Z\n",
                                   'recorded: 2026-04-10T12:34:56Z\nrevision: "1"\nchanged: ["8.9"]\n', 1))
    public.write_text("---\nid: ZZ-BAD\nkind: addendum\ntitle: Bad\nissued: 2026-02-30\n---\n1.1 Text.\n")
    try:
        assert secret.read_text() != kept
        outside = client.post(_p("ingest"), headers=_key("otheradmin"))
        inside = client.post(_p("ingest"), headers=_key("keyed-admin"))
    finally:
        secret.write_text(kept)
        public.unlink()
    assert outside.status_code == inside.status_code == 422, outside.text
    files = [problem.get("file") for problem in outside.json()["detail"]]
    assert "documents/zz-bad.md" in files and "documents/addendum-02.md" not in outside.text
    assert "1 more problem withheld (access)" in outside.text
    assert not any(mark in outside.text for mark in ("8.9", "1.3", "ZZSECRET", "12:34:56"))
    assert "documents/addendum-02.md" in inside.text and "withheld" not in inside.text


def test_one_keys_sweeps_do_not_push_out_another_keys_reports() -> None:
    from inforce.adapters.http.jobs import SweepJobs

    jobs = SweepJobs(keep=3)

    def finished(caller: str) -> str:
        job = jobs.start("p", caller, "build", lambda job: "report", lambda job: None)
        deadline = time.monotonic() + 10
        while job.state == "running":
            assert time.monotonic() < deadline
            time.sleep(0.01)
        return job.id

    kept = finished("a")
    mine = [finished("b") for _ in range(5)]
    assert jobs.get("p", "a", kept) is not None
    assert [jobs.get("p", "b", job) is not None for job in mine] == [False, False, False, True, True]



@pytest.mark.slow
def test_readyz_is_503_while_the_questions_would_be(tmp_path: Path, serve: Any, keys_file: Path,
                                                    ingested_example) -> None:
    """Rule packs edited since the ingest: every question is 503, so is readyz (until an ingest)."""
    root = ingested_example.copy("followup-handbooks", tmp_path / "handbooks")  # the run's one ingest
    pack = root / "rules" / "followup.yaml"
    pack.write_text(pack.read_text() + "\n# edited after the ingest\n")
    with Project.open(root) as opened:
        name = str(opened.manifest.project)
    running = serve(Service({name: Warm.open(name, root)}, read_keys(keys_file)))
    with httpx.Client(base_url=running.url, timeout=60) as client:
        asked = client.get(f"/v1/projects/{name}/asof", params={"locator": "X-1#1"}, headers=_key("owner"))
        assert asked.status_code == 503 and "edited since ingest" in asked.text, asked.text
        assert client.get("/readyz").status_code == 503


@pytest.mark.slow
def test_readyz_is_503_when_a_pack_is_edited_while_the_server_runs(tmp_path: Path, serve: Any, keys_file: Path,
                                                                   ingested_example) -> None:
    """Audit 72 A L3: a pack edited after the server opened the project left /readyz 200 "ready"
    (the packs compiled at opening were what it asked), while the CLI refused the project and a
    restart made every question 503. Now /readyz reads the packs as they are: 503 until an ingest."""
    root = ingested_example.copy("followup-handbooks", tmp_path / "handbooks")
    with Project.open(root) as opened:
        name = str(opened.manifest.project)
    running = serve(Service({name: Warm.open(name, root)}, read_keys(keys_file)))
    with httpx.Client(base_url=running.url, timeout=60) as client:
        assert client.get("/readyz").status_code == 200
        pack = root / "rules" / "followup.yaml"
        pack.write_text(pack.read_text() + "\n# edited while the server runs\n")
        assert client.get("/readyz").status_code == 503


def test_the_items_a_restricted_addendum_skips_are_counted_only_for_a_key_that_may_read_it(
        tmp_path: Path, serve: Any, keys_file: Path) -> None:
    """Audit 72 A F2 over HTTP: ``GET .../review`` and ``POST .../ingest`` counted a restricted
    addendum's Division 00 items in ``skipped`` / ``skipped_items`` for a key without its group."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(
        "project: p\nfacets: []\nrules:\n  - stock: precedence/none\n  - stock: supersession/csi-addenda\n")
    (root / "documents" / "spec.md").write_text(
        "---\nid: SPEC-033000\nkind: specification\ntitle: Concrete\nissued: 2026-01-01\n"
        "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n2 PRODUCTS\n\n2.1 Concrete\n\n"
        "2.1.A Strength at 28 days: not less than 4,000 psi.\n")
    (root / "documents" / "add-09.md").write_text(
        "---\nid: ADD-09\nkind: addendum\ntitle: Addendum No. 9\naccess: [owner-team]\nissued: 2026-02-01\n"
        "effective: {from: 2026-02-01}\nrecorded: 2026-02-01T00:00:00Z\n---\nADDENDUM NO. 9\n\n"
        "1 CHANGES TO THE SPECIFICATIONS\n\n" + "".join(
            f'1.{i} Section 00 21 13 "Instructions to Bidders," Paragraph 3.{i}.A: Revise the deadline to read '
            f'"April {i}, 2026."\n\n' for i in (1, 2)))
    Project.ingest(root)
    running = serve(Service({"p": Warm.open("p", root)}, read_keys(keys_file)))
    with httpx.Client(base_url=running.url, timeout=60) as client:
        public = client.get("/v1/projects/p/review", headers=_key("public")).json()
        assert public["skipped"] == {} and public["withheld"] == ["ADD-09"], public
        owner = client.get("/v1/projects/p/review", headers=_key("owner")).json()
        assert owner["skipped"] == {"INF-S001": 2}, owner
        spec = root / "documents" / "spec.md"
        spec.write_text(spec.read_text() + "\n2.2 Forms\n")
        ingested = client.post("/v1/projects/p/ingest", json={}, headers=_key("otheradmin"))
        assert ingested.status_code == 200 and ingested.json()["skipped_items"] == {}, ingested.text


def test_a_sweep_of_packs_that_do_not_load_is_refused_before_it_starts(client: httpx.Client) -> None:
    for body, field in (({"packs": ["precedence/zzz"]}, "packs"), ({"params": {"source": "x"}}, "params")):
        refused = client.post(_p("sweeps"), json={"valid_at": DAY, **body}, headers=_key("owner"))
        assert refused.status_code == 422, refused.text
        assert refused.json()["detail"][0]["loc"][:2] == ["body", field], refused.text


def test_a_decision_line_names_its_record_by_an_absolute_path(tmp_path: Path, monkeypatch: Any) -> None:
    import json

    from inforce.adapters.http import DecisionLog

    monkeypatch.chdir(tmp_path)
    DecisionLog().write(Path("proj"), endpoint="check", caller="c", project="p", build="b", outcome="o",
                        status=200, seconds=0.1, answer_sha256=None, correlation_id="x",
                        record="proj/.inforce/audit/r.json")
    line = json.loads((tmp_path / "proj" / ".inforce" / "decisions.jsonl").read_text())
    assert line["record"] == str(tmp_path / "proj" / ".inforce" / "audit" / "r.json")


def test_lag_withholds_a_pending_register_row_of_a_document_restricted_in_its_front_matter(
    tmp_path: Path, serve: Any, keys_file: Path,
) -> None:
    """Audit 23f J2 over HTTP (``GET .../lag`` is the front's ``lag``): the register's pending row
    has no access column, the document's front matter restricts it: withheld, never listed."""
    root = tmp_path / "lagged"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lagged\nregistry: register.csv\n")
    (root / "register.csv").write_text(
        "file,id,title,kind,revision,seq,issued,effective_from,recorded\n"
        "documents/sop-002.md,SOP-002,Secret,sop,A,1,2026-12-01,2026-12-01,2026-12-01T09:00:00Z\n"
        ",SOP-002,Secret,sop,ZZPENDINGREV,2,2026-12-02,2026-12-03,2026-12-02T09:00:00Z\n"
    )
    (root / "documents" / "sop-002.md").write_text("---\naccess: [owner-team]\n---\n1.1 Secret words.\n")
    Project.ingest(root)
    running = serve(Service({"lagged": Warm.open("lagged", root)}, read_keys(keys_file)))
    with httpx.Client(base_url=running.url, timeout=60) as client:
        asked = client.get("/v1/projects/lagged/lag", params={"now": "2026-12-04T00:00:00Z"}, headers=_key("public"))
        assert asked.status_code == 200 and "ZZPENDINGREV" not in asked.text and "2026-12-03" not in asked.text
        assert asked.json()["pending"] == [] and asked.json()["withheld"] == ["SOP-002"]
        owner = client.get("/v1/projects/lagged/lag", params={"now": "2026-12-04T00:00:00Z"}, headers=_key("owner"))
        assert [p["locator"] for p in owner.json()["pending"]] == ["SOP-002@ZZPENDINGREV"]


def test_lag_withholds_a_registered_file_not_yet_ingested_restricted_in_its_front_matter(
    tmp_path: Path, serve: Any, keys_file: Path,
) -> None:
    """Audit 23g K1 over HTTP: a registered document's file (access only in its front matter) is
    not ingested yet: its id is named under withheld, its revision label never shown; the
    counts are of what the key may read (L4)."""
    root = tmp_path / "lagged"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lagged\nregistry: register.csv\n")
    (root / "register.csv").write_text(
        "file,id,title,kind,revision,seq,issued,effective_from,recorded\n"
        "documents/sop-001.md,SOP-001,Open,sop,A,1,2026-12-01,2026-12-01,2026-12-01T09:00:00Z\n"
    )
    (root / "documents" / "sop-001.md").write_text("---\n---\n1.1 Open words.\n")
    Project.ingest(root)
    with (root / "register.csv").open("a") as register:
        register.write("documents/sop-009.md,SOP-009,T,sop,ZZREV9,1,2026-12-02,2026-12-03,2026-12-02T09:00:00Z\n")
    (root / "documents" / "sop-009.md").write_text("---\naccess: [owner-team]\n---\n1.1 Secret words.\n")
    running = serve(Service({"lagged": Warm.open("lagged", root)}, read_keys(keys_file)))
    with httpx.Client(base_url=running.url, timeout=60) as client:
        asked = client.get("/v1/projects/lagged/lag", params={"now": "2026-12-04T00:00:00Z"}, headers=_key("public"))
        assert asked.status_code == 200 and "ZZREV9" not in asked.text and "2026-12-03" not in asked.text
        assert asked.json()["pending"] == [] and asked.json()["withheld"] == ["SOP-009"]
        assert asked.json()["registry_revisions"] == 1
        owner = client.get("/v1/projects/lagged/lag", params={"now": "2026-12-04T00:00:00Z"}, headers=_key("owner"))
        assert [p["locator"] for p in owner.json()["pending"]] == ["SOP-009@ZZREV9"]
        assert owner.json()["registry_revisions"] == 2


@pytest.mark.parametrize(("written", "read"), [("\uff4fwner-team", "owner-team"), ("owner-team", "owner-team")])
def test_a_keys_files_group_names_are_read_as_access_lists_are(tmp_path: Path, written: str, read: str) -> None:
    """Audit 23f L3: a fullwidth group name is its plain name; an invisible character is an error."""
    path = tmp_path / "keys.yaml"
    path.write_text(f"- name: a\n  key_sha256: {hash_key('ifk-l3')}\n  groups: [{written}]\n", encoding="utf-8")
    caller = read_keys(path).caller("ifk-l3")
    assert caller is not None and caller.groups == (read,)
    path.write_text(f"- name: a\n  key_sha256: {hash_key('ifk-l3')}\n  groups: [\u200bowner-team]\n", encoding="utf-8")
    with pytest.raises(InputErrors) as raised:
        read_keys(path)
    assert "cannot be seen" in str(raised.value.exceptions[0])


def test_an_ingest_by_an_admin_without_the_group_lists_a_restricted_revision_by_its_document_alone(
    tmp_path: Path, serve: Any, keys_file: Path
) -> None:
    """Audit 23C, finding 02: POST /ingest by an admin key without the group listed a restricted
    revision's label in ``added``/``replaced`` (a document whose revision 0 is public) and
    quoted the restricted file's warning. An admin reads what its groups read: the revision is
    listed by its document id alone; a key holding the group is shown it whole."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\n")

    def revision(name: str, doc: str, label: str, seq: int, access: str, body: str) -> None:
        (root / "documents" / name).write_text(
            f"---\nid: {doc}\nkind: specification\ntitle: T\nrevision: \"{label}\"\nseq: {seq}\n"
            f"issued: 2026-03-0{seq}\neffective: {{from: 2026-03-0{seq}}}\nrecorded: 2026-03-0{seq}T09:00:00Z\n"
            f"{access}---\n{body}\n")

    revision("m0.md", "SPEC-M", "0", 1, "", "1.1 Joint width: not less than 0.25 in.")
    Project.ingest(root)
    revision("m1.md", "SPEC-M", "1", 2, "access: [owner-team]\n", "1.1 Joint width: not less than 0.5 in.")
    revision("r.md", "NEW-R", "ZZLABEL", 1, "access: [owner-team]\n", "ZZWORDS with no number.")
    running = serve(Service({"mixed": Warm.open("mixed", root)}, read_keys(keys_file)))
    with httpx.Client(base_url=running.url, timeout=120) as client:
        outside = client.post("/v1/projects/mixed/ingest", headers=_key("otheradmin"))
        assert outside.status_code == 200, outside.text
        assert outside.json()["added"] == ["SPEC-M", "NEW-R"] and "ZZ" not in outside.text
        assert "SPEC-M@1" not in outside.text
        revision("r.md", "NEW-R", "ZZLABEL", 1, "access: [owner-team]\n", "ZZWORDS with no number, changed.")
        inside = client.post("/v1/projects/mixed/ingest", headers=_key("keyed-admin"))
        assert inside.status_code == 200 and inside.json()["replaced"] == ["NEW-R@ZZLABEL"], inside.text


def test_lag_is_not_current_with_a_broken_record_of_erasures_and_quotes_none_of_it(
    tmp_path: Path, serve: Any, keys_file: Path,
) -> None:
    """Audit 37 EE-03 / HH-02 over HTTP: ``erasures.yaml`` that does not read (every ingest
    refuses then) made ``GET .../lag`` answer current. It is lagging, the problem at its file,
    line and field; no key is told its values: one whose groups do not read every document
    (here, when a restricted document was erased), nor, since audit KK-04, one that reads them all —
    a record of erasures that does not read may keep any access, so it is withheld from every key
    (fail closed: ``reviews.told_all``); whoever holds the files reads it there."""
    root = tmp_path / "lagged"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lagged\nfacets: []\nrules: []\n")
    head = ("---\nid: {doc}\nkind: sop\ntitle: T\nrevision: A\nseq: 1\nissued: 2026-12-01\n"
            "effective: {{from: 2026-12-01}}\nrecorded: 2026-12-01T09:00:00Z\n{access}---\n")
    (root / "documents" / "sop-001.md").write_text(head.format(doc="SOP-001", access="") + "1.1 Open words.\n")
    (root / "documents" / "sop-002.md").write_text(head.format(doc="SOP-002", access="access: [owner-team]\n")
                                                   + "1.1 Secret words.\n")
    Project.ingest(root)
    (root / "erasures.yaml").write_text(
        'erasures:\n  - id: "ERASE-0123456789ab"\n    document: SOP-009\n    scope: document\n    revisions: ["0"]\n'
        '    by: op\n    at: "2026-12-03 at 23:26:36 ZZWHEN"\n    state: done\n    access: [owner-team]\n')
    running = serve(Service({"lagged": Warm.open("lagged", root)}, read_keys(keys_file)))
    with httpx.Client(base_url=running.url, timeout=60) as client:
        asked = client.get("/v1/projects/lagged/lag", headers=_key("public"))
        assert asked.status_code == 200 and asked.json()["lagging"] is True, asked.text
        (problem,) = asked.json()["problems"]
        assert problem.startswith("erasures.yaml:2: erasures[0].at: ") and "withheld" in problem
        assert "ZZWHEN" not in asked.text and "23:26" not in asked.text
        owner = client.get("/v1/projects/lagged/lag", headers=_key("owner"))
        assert owner.json()["lagging"] is True, owner.text
        (told,) = owner.json()["problems"]
        assert told.startswith("erasures.yaml:2: erasures[0].at: ") and "withheld" in told
        assert "ZZWHEN" not in owner.text and "23:26" not in owner.text
