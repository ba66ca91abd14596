"""The pages of ``inforce serve`` as a person meets them: signed in with a key, in a real browser.

One server (the restricted Riverside copy, and the public-and-restricted pair of the access
tests) and one headless chromium serve the whole module. The browser tests skip where chromium
or chromedriver is missing, except under ``CI=true`` where they fail (as the sweep report's).
Checks that need no browser (sessions, CSRF, redirects, what each key is shown) ask over httpx.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import pytest

from inforce.adapters.http import Keys, Service, Warm, hash_key
from inforce.adapters.http.keys import Caller
from inforce.adapters.http.page_html import CONTENT_SECURITY_POLICY
from inforce.adapters.http.sessions import COOKIE, SIGN_IN_COOKIE
from tests.engine.test_access_withheld_34 import public_and_restricted
from tests.http.conftest import KEYS as SHARED_KEYS
from tests.http.conftest import PROXIED
from tests.report.test_report_html import _browser_missing, _chromium

NAME = "riverside-library"
PAIR = "pair"
#: words only the restricted documents hold: none may reach a key without the group, on any page
#: (a locator the key typed itself is echoed back, as the API echoes it: not a leak)
SECRETS = ("ZZSECRET", "ZZPENDING", "Restricted spec", "6,000 psi", "Normal-weight", "SPEC-R@")
DAY = "2026-05-01"
#: the conftest's keys, and an admin that is no reviewer: admin implies the right to decide (``Caller.may``)
KEYS = {**SHARED_KEYS, "editor": ("ifk-editor-key", Caller(name="editor", groups=("owner-team",), admin=True))}


def clause_path(locator: str, project: str = NAME, **query: str) -> str:
    url = f"/ui/projects/{project}/provisions/{quote(locator, safe='@')}"
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


@pytest.fixture(scope="module")
def server(restricted_riverside: Path, tmp_path_factory: pytest.TempPathFactory, serve: Any) -> Any:
    pair = public_and_restricted(tmp_path_factory.mktemp("pages") / "pair", PAIR)
    keys = Keys([*((hash_key(key), caller) for key, caller in KEYS.values()), (None, PROXIED)])
    return serve(Service({NAME: Warm.open(NAME, restricted_riverside), PAIR: Warm.open(PAIR, pair)}, keys,
                         time_limit=60))


def sign_in_token(client: httpx.Client) -> str:
    """The sign-in page's token (its pre-session cookie now in ``client``'s jar)."""
    found = re.search(r'name="sign_in" value="([^"]+)"', client.get("/").text)
    assert found is not None
    return found.group(1)


def post_sign_in(client: httpx.Client, key: str, **fields: str) -> httpx.Response:
    """The sign-in form as the server's own page sends it: the key, with the page's token."""
    return client.post("/", data={"key": key, "sign_in": sign_in_token(client), **fields})


def signed_in(server: Any, who: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=60)
    answer = post_sign_in(client, KEYS[who][0])
    assert answer.status_code == 303, answer.text
    return client


@pytest.fixture(scope="module")
def owner(server: Any) -> Iterator[httpx.Client]:
    client = signed_in(server, "owner")
    yield client
    client.close()


@pytest.fixture(scope="module")
def public(server: Any) -> Iterator[httpx.Client]:
    client = signed_in(server, "public")
    yield client
    client.close()


def csrf(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found is not None
    return found.group(1)


# ---------------------------------------------------------------- sessions, without a browser


def test_a_page_without_a_session_leads_to_sign_in(server: Any) -> None:
    with httpx.Client(base_url=server.url) as client:
        asked = clause_path("SPEC-033000#2.1.A", valid_at=DAY)
        answer = client.get(asked)
        assert answer.status_code == 303
        assert answer.headers["location"].startswith("/?next=")
        sign_in = client.get(answer.headers["location"])
        assert sign_in.status_code == 200 and 'name="key"' in sign_in.text
        assert sign_in.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        # a bearer key is not a session: pages take the cookie only
        assert client.get(asked, headers={"Authorization": f"Bearer {KEYS['owner'][0]}"}).status_code == 303


def test_a_wrong_key_is_the_sign_in_page_again_401(server: Any) -> None:
    with httpx.Client(base_url=server.url) as client:
        answer = post_sign_in(client, "ifk-not-a-key")
        assert answer.status_code == 401
        assert 'id="sign-in-error"' in answer.text and 'name="key"' in answer.text
        assert f"{COOKIE}=" not in answer.headers.get("set-cookie", "")
        assert post_sign_in(client, KEYS["gateway"][0]).status_code == 401  # a proxy's key


def test_the_cookie_is_a_random_session_id_http_only_strict(server: Any) -> None:
    with httpx.Client(base_url=server.url) as client:
        answer = post_sign_in(client, KEYS["owner"][0], next="/ui/projects/riverside-library")
        assert answer.status_code == 303 and answer.headers["location"] == "/ui/projects/riverside-library"
        cookie = next(c for c in answer.headers.get_list("set-cookie") if c.startswith(f"{COOKIE}="))
        assert "HttpOnly" in cookie and "samesite=strict" in cookie.lower()
        assert KEYS["owner"][0] not in cookie
        # elsewhere than our own pages, never: no open redirect
        for elsewhere in ("https://example.org/", "//example.org/ui/", "/v1/projects"):
            client.cookies.delete(COOKIE)  # signed in, ``/`` leads to the pages: the form is a new browser's
            went = post_sign_in(client, KEYS["owner"][0], next=elsewhere)
            assert went.headers["location"] == "/ui/"


def test_sign_in_needs_the_sign_in_pages_token_and_its_own_site(server: Any) -> None:
    """Login CSRF (audit OO-2): another site's form posting its own key to ``/`` signed the
    browser into that key's session. The form is taken only with the token the sign-in page
    gave for the browser's pre-session cookie (HttpOnly, SameSite=Strict, short-lived), and
    never when the browser says another site sent it; signed in or not."""
    key = KEYS["public"][0]
    with httpx.Client(base_url=server.url, timeout=60) as client:
        page = client.get("/")
        pre = next(c for c in page.headers.get_list("set-cookie") if c.startswith(f"{SIGN_IN_COOKIE}="))
        assert "HttpOnly" in pre and "samesite=strict" in pre.lower() and "Max-Age=" in pre
        token = sign_in_token(client)
        refused = [client.post("/", data={"key": key}),  # no token (what another site's form sends)
                   client.post("/", data={"key": key, "sign_in": "forged"}),
                   client.post("/", data={"key": key, "sign_in": token}, headers={"Sec-Fetch-Site": "cross-site"}),
                   client.post("/", data={"key": key, "sign_in": token}, headers={"Sec-Fetch-Site": "same-site"}),
                   client.post("/", data={"key": key, "sign_in": token}, headers={"Origin": "http://localhost:9"}),
                   client.post("/", data={"key": key, "sign_in": token}, headers={"Origin": "null"})]
        for answer in refused:
            assert answer.status_code == 403 and 'id="sign-in-error"' in answer.text, answer.text[-800:]
            assert f"{COOKIE}=" not in answer.headers.get("set-cookie", "")
        assert COOKIE not in client.cookies
        # the token is the browser's own cookie's: another browser's token does not sign this one in
        with httpx.Client(base_url=server.url, timeout=60) as other:
            assert other.post("/", data={"key": key, "sign_in": token}).status_code == 403
        # this server's page, from this site: in
        same = client.post("/", data={"key": key, "sign_in": token},
                           headers={"Sec-Fetch-Site": "same-origin", "Origin": server.url})
        assert same.status_code == 303 and COOKIE in client.cookies
    # signed in already: switching to another key needs the token too (the session is kept)
    owner = signed_in(server, "owner")
    try:
        held = owner.cookies[COOKIE]
        assert owner.post("/", data={"key": key}).status_code == 403
        assert owner.cookies[COOKIE] == held and "owner" in owner.get("/ui/").text
    finally:
        owner.close()


def test_a_sign_in_token_is_this_servers_own_and_short_lived(monkeypatch: pytest.MonkeyPatch) -> None:
    from inforce.adapters.http import sessions

    guard, other = sessions.SignIns(), sessions.SignIns()
    cookie = guard.issue()
    assert guard.matches(cookie, guard.token(cookie))
    assert not guard.matches(cookie, other.token(cookie))  # another server's key (or a restart)
    assert not guard.matches(guard.issue(), guard.token(cookie)) and not guard.matches(None, guard.token(cookie))
    assert guard.issue(cookie) == cookie  # a second tab's page: the same cookie while it is fresh
    later = sessions.time.time() + sessions.SIGN_IN_SECONDS + 1
    monkeypatch.setattr(sessions.time, "time", lambda: later)
    assert not guard.matches(cookie, guard.token(cookie)) and guard.issue(cookie) != cookie


def test_sign_out_needs_the_session_token_and_ends_it(server: Any) -> None:
    client = signed_in(server, "owner")
    try:
        page = client.get("/ui/")
        assert page.status_code == 200
        old = client.cookies[COOKIE]
        assert client.post("/signout", data={"csrf": "forged"}).status_code == 403
        assert client.get("/ui/").status_code == 200  # still signed in
        assert client.post("/signout", data={"csrf": csrf(page.text)}).status_code == 303
    finally:
        client.close()
    # the old session id is gone on the server, not only in the browser
    with httpx.Client(base_url=server.url, cookies={COOKIE: old}) as again:
        assert again.get("/ui/").status_code == 303


def test_a_project_the_key_may_not_reach_is_404(owner: httpx.Client) -> None:
    assert owner.get("/ui/projects/not-served/reviews").status_code == 404


def test_dates_are_read_as_the_api_reads_them(owner: httpx.Client) -> None:
    bad = owner.get(clause_path("SPEC-033000#2.1.A", valid_at="2026-13-01"))
    assert bad.status_code == 422 and "valid_at" in bad.text
    unknown = owner.get(clause_path("SPEC-033000#2.1.A", valid_at=DAY, groups="owner-team"))
    assert unknown.status_code == 400  # groups come from the key, here as in the API
    undated = owner.get(clause_path("SPEC-033000#2.1.A"))
    assert undated.status_code == 200 and "never taken to be today" in undated.text
    missing = owner.get(clause_path("SPEC-033000#9.9.Z", valid_at=DAY))
    assert missing.status_code == 404


def test_the_clause_page_marks_the_replaced_part_and_links_it(owner: httpx.Client) -> None:
    page = owner.get(clause_path("SPEC-033000#2.1", valid_at=DAY)).text
    mark = re.search(r'<mark class="replaced" data-path="2.1.A">(.*?)</mark>', page, re.S)
    assert mark is not None and "5,000 psi" in mark.group(1)
    assert 'href="/ui/projects/riverside-library/provisions/ADD-02@0%231.3?valid_at=2026-05-01"' in page


def test_a_key_without_the_group_is_shown_nothing_restricted(public: httpx.Client, owner: httpx.Client) -> None:
    asked = [clause_path(loc, valid_at=DAY) for loc in (
        "SPEC-033000#2.1.A", "SPEC-033000#2.1", "ADD-02#1.3", "DWG-S-101#callout-3", "SPEC-004113#2.2")]
    asked += [clause_path(loc, PAIR, valid_at="2026-03-01") for loc in ("PUB-1#1.1", "SPEC-R#2.1.A")]
    asked += ["/ui/", f"/ui/projects/{NAME}", f"/ui/projects/{PAIR}"]
    asked += [f"/ui/projects/{NAME}/documents/{doc}?valid_at={DAY}" for doc in (
        "SPEC-033000", "ADD-02", "DWG-S-101", "SPEC-004113", "ADD-01")]
    asked += [f"/ui/projects/{PAIR}/documents/{doc}" for doc in ("PUB-1", "SPEC-R")]
    asked += [f"/ui/projects/{NAME}/reviews", f"/ui/projects/{PAIR}/reviews"]
    asked += [f"/ui/projects/{NAME}/search?q={words}&valid_at={DAY}" for words in (
        "compressive+strength+at+28+days", "concrete+mix+weight", "foundation+plan+callout", "alternate+bid")]
    asked += [f"/ui/projects/{PAIR}/search?q=concrete+compressive+strength&valid_at=2026-03-01",
              f"/ui/projects/{NAME}/sweeps", f"/ui/projects/{PAIR}/sweeps"]
    shown_owner = "".join(owner.get(url).text for url in asked[:1])
    assert "ZZSECRETBODY" in shown_owner  # the owner reads it: the words are there to leak
    for url in asked:
        page = public.get(url)
        assert page.status_code in (200, 403, 404), (url, page.status_code)
        for secret in SECRETS:
            assert secret not in page.text, (url, secret)


def test_a_key_without_the_group_sees_nothing_restricted_in_its_sweeps(public: httpx.Client) -> None:
    """Its sweep (the API's job, with its groups): the job page, the report in every format, the
    RFI drafts page and each draft hold no restricted title or text."""
    for project, day in ((NAME, DAY), (PAIR, "2026-03-01")):
        job_id = _started_sweep(public, project, day)
        base = f"/ui/projects/{project}/sweeps/{job_id}"
        shown = [base, f"/ui/projects/{project}/sweeps", f"{base}/rfis"]
        shown += [f"{base}/report?format={fmt}" for fmt in ("html", "md", "sarif", "json")]
        drafts = public.get(f"{base}/rfis").text
        shown += [f"{base}/rfis/{file[4:-3]}" for file in re.findall(r'download="(RFI-[^"]+\.md)"', drafts)]
        for url in shown:
            page = public.get(url)
            assert page.status_code == 200, (url, page.status_code)
            for secret in SECRETS:
                assert secret not in page.text, (url, secret)


def test_the_document_page_draws_each_edge_with_its_origin(owner: httpx.Client, public: httpx.Client) -> None:
    page = owner.get(f"/ui/projects/{NAME}/documents/SPEC-033000?valid_at={DAY}")
    assert page.status_code == 200
    titles = re.findall(r'<g class="edge[^"]*" data-version="e\d+"><title>([^<]*)</title>', page.text)
    assert any("ADD-02#1.3 replaces SPEC-033000#2.1.A" in t and "origin declared" in t for t in titles)
    assert any("origin rule:INF-S001" in t for t in titles)
    rows = re.search(r'<table class="edges">.*?<tbody>(.*?)</tbody>', page.text, re.S)
    assert rows is not None and rows.group(1).count("<tr>") == len(titles)
    # a key without the group: Addendum 2's edges withheld, drawn as "withheld" and nothing more
    hidden = public.get(f"/ui/projects/{NAME}/documents/SPEC-033000?valid_at={DAY}")
    assert hidden.status_code == 200 and 'class="node withheld"' in hidden.text
    assert "ADD-02#1.3 replaces" not in hidden.text and "ZZSECRET" not in hidden.text
    assert public.get(f"/ui/projects/{NAME}/documents/ADD-02").status_code == 403
    assert public.get(f"/ui/projects/{PAIR}/documents/SPEC-R").status_code == 403


def test_the_review_queue_is_read_only_without_the_reviewer_right(owner: httpx.Client, server: Any) -> None:
    page = owner.get(f"/ui/projects/{NAME}/reviews")
    assert page.status_code == 200
    assert "ADD-01#3.4" in page.text and "Read only" in page.text and 'name="decision"' not in page.text
    refused = owner.post(f"/ui/projects/{NAME}/reviews", data={
        "csrf": csrf(page.text), "item": "ADD-01#3.4", "target": "SPEC-033000#3.3.C", "decision": "accept"})
    assert refused.status_code == 403
    assert not (server.service.projects[NAME].root / "reviews.yaml").exists()


def _entry(text: str) -> str:
    """A reviews.yaml as written, less the moment of the decision."""
    return re.sub(r"at: .*", "at: <when>", text)


def test_accepting_from_the_queue_writes_the_review_as_the_cli_does_then_ingests(
        server: Any, built_once: Any, tmp_path: Path) -> None:
    from inforce.engine import Project

    root = server.service.projects[NAME].root
    admin = signed_in(server, "admin")
    try:
        page = admin.get(f"/ui/projects/{NAME}/reviews")
        assert 'value="accept"' in page.text
        form = {"item": "ADD-01#3.4", "target": "SPEC-033000#3.3.C", "decision": "accept",
                "note": "Confirmed with the engineer of record."}
        assert admin.post(f"/ui/projects/{NAME}/reviews", data=form).status_code == 403  # no CSRF token
        sent = admin.post(f"/ui/projects/{NAME}/reviews", data={**form, "csrf": csrf(page.text)})
        assert sent.status_code == 303 and sent.headers["location"].endswith("/reviews?done=accept")
        # the same decision through the engine function `inforce review` calls, on a copy
        from tests.http.conftest import _restricted_riverside

        copy = built_once.copy("http/restricted-riverside", _restricted_riverside, tmp_path / "copy")
        with Project.open(copy) as opened:
            opened.review("ADD-01#3.4", "accept", by="admin", target="SPEC-033000#3.3.C",
                          note="Confirmed with the engineer of record.", groups=("owner-team",))
        assert _entry((root / "reviews.yaml").read_text()) == _entry((copy / "reviews.yaml").read_text())
        # the ingest queued applies it: the clause page shows the amendment
        for _ in range(240):
            state = admin.get(f"/ui/projects/{NAME}/reviews").text
            if "Ingest: done" in state or "Ingest: failed" in state:
                break
            time.sleep(0.5)
        assert "Ingest: done" in state, state[-2000:]
        clause = admin.get(clause_path("SPEC-033000#3.3.C", valid_at=DAY)).text
        assert "ADD-01" in clause and ('<mark class="amended"' in clause or "Amended by" in clause)
    finally:
        admin.close()


def test_an_admin_decides_proposals_as_a_reviewer_does_api_and_pages(server: Any, bearer: Any) -> None:
    """One rule (``Caller.may``): admin implies the right to decide a proposal, over the API and
    on the queue page alike; a key with neither reads the queue."""
    editor = {"Authorization": f"Bearer {KEYS['editor'][0]}"}
    nothing = {"item": "ADD-01#9.9", "decision": "accept", "target": "SPEC-033000#3.3.C"}  # no such item
    with httpx.Client(base_url=server.url, timeout=60) as api:
        assert api.post(f"/v1/projects/{NAME}/review", json=nothing, headers=bearer("owner")).status_code == 403
        decided = api.post(f"/v1/projects/{NAME}/review", json=nothing, headers=editor)
        assert decided.status_code in (404, 422), decided.text  # past the right: the engine's answer
    client = signed_in(server, "editor")
    try:
        page = client.get(f"/ui/projects/{NAME}/reviews").text
        assert 'value="accept"' in page and "Read only" not in page
    finally:
        client.close()


def test_every_page_header_searches_and_links_search_and_sweeps(owner: httpx.Client) -> None:
    for url in (f"/ui/projects/{NAME}", clause_path("SPEC-033000#2.1.A", valid_at=DAY), f"/ui/projects/{NAME}/reviews",
                f"/ui/projects/{NAME}/sweeps", f"/ui/projects/{NAME}/search"):
        page = owner.get(url).text
        header = page[page.index('<header class="top">'):page.index("</header>")]
        for link in ("search", "reviews", "sweeps"):
            assert f'href="/ui/projects/{NAME}/{link}"' in header, (url, link)
        assert f'<form class="search" role="search" method="get" action="/ui/projects/{NAME}/search">' in header
        assert 'for="top-q"' in header and 'for="top-valid-at"' in header
    # on a page about a date, the box asks on that date unless it is changed
    clause = owner.get(clause_path("SPEC-033000#2.1.A", valid_at=DAY)).text
    assert f'id="top-valid-at" name="valid_at" type="date" value="{DAY}"' in clause


@pytest.mark.parametrize("query", [
    "/clause?locator=SPEC-033000%232.1&locator=SPEC-033000%232.2&valid_at=2026-05-01",
    "/clause?locator=SPEC-033000%232.1&valid_at=2026-05-01&valid_at=2026-06-01",
    "/clause?locator=SPEC-033000%232.1&bogus=1", "/clause?locator=SPEC-033000%232.1&groups=owner-team",
    "?groups=owner-team", "?x=1", "/reviews?done=bogus",
])
def test_a_page_reads_every_parameter_once_or_refuses_it(owner: httpx.Client, query: str) -> None:
    """Audit 80 A F1: the clause lookup took the last of a repeated locator or date and dropped an
    unknown parameter or stated groups; the project page and the review queue likewise, while
    every other page and route refuses them (400 for groups, 422 otherwise)."""
    answer = owner.get(f"/ui/projects/{NAME}{query}", follow_redirects=False)
    assert answer.status_code == (400 if "groups=" in query else 422), (answer.status_code, answer.text[:300])
    assert answer.headers["content-type"].startswith("text/html"), answer.headers


@pytest.mark.parametrize("path", ["/ui/?groups=owner-team", "/ui/?x=1", "/?next=/ui/&next=/ui/x", "/?x=1"])
def test_the_start_pages_read_every_parameter_once_or_refuse_it(owner: httpx.Client, path: str) -> None:
    answer = owner.get(path, follow_redirects=False)
    assert answer.status_code == (400 if "groups=" in path else 422), (answer.status_code, answer.text[:300])


def test_a_locator_searched_opens_its_clause_page(owner: httpx.Client) -> None:
    search = f"/ui/projects/{NAME}/search"
    went = owner.get(search, params={"q": "SPEC-033000#2.1.A", "valid_at": DAY, "known_at": ""})
    assert went.status_code == 303 and went.headers["location"] == clause_path("SPEC-033000#2.1.A", valid_at=DAY)
    pinned = owner.get(search, params={"q": "ADD-02@0#1.3", "valid_at": DAY, "known_at": "2026-04-30"})
    assert pinned.headers["location"] == clause_path("ADD-02@0#1.3", valid_at=DAY, known_at="2026-04-30T23%3A59%3A59Z")
    assert owner.get(search).status_code == 200 and "Locator or words" in owner.get(search).text
    bad = owner.get(search, params={"q": "concrete", "valid_at": "2026-02-30"})
    assert bad.status_code == 422 and "valid_at" in bad.text
    case = owner.get(search, params={"q": "concrete", "valid_at": DAY, "case": "market"})
    assert case.status_code == 422 and "<code>case</code>" in case.text
    assert owner.get(search, params={"q": "concrete", "groups": "owner-team"}).status_code == 400


def test_words_searched_are_the_apis_resolve_linked_to_clause_pages(owner: httpx.Client, server: Any,
                                                                     bearer: Any) -> None:
    asked = {"q": "compressive strength at 28 days", "valid_at": DAY, "k": "5"}
    page = owner.get(f"/ui/projects/{NAME}/search", params=asked)
    assert page.status_code == 200, page.text[-1500:]
    with httpx.Client(base_url=server.url, timeout=60) as api:
        said = api.post(f"/v1/projects/{NAME}/resolve", headers=bearer("owner"),
                        json={"question": asked["q"], "valid_at": DAY, "k": 5}).json()
    linked = re.findall(r'<li><h2><a href="([^"]+)">', page.text)
    assert linked == [clause_path(p["locator"], valid_at=DAY).replace("&", "&amp;") for p in said["provisions"]]
    assert len(linked) == 5 and "ADD-02@0%231.3" in " ".join(linked)  # Addendum 2's 5,000 psi among them
    assert page.headers["x-inforce-build"] == said["index_build"]
    # one word: searched as words; written as a document id, its pages offered beside the search
    word = owner.get(f"/ui/projects/{NAME}/search", params={"q": "concrete", "valid_at": DAY}).text
    assert "reads as a document id" not in word and '<ol class="results">' in word
    document = owner.get(f"/ui/projects/{NAME}/search", params={"q": "SPEC-033000", "valid_at": DAY}).text
    assert f'href="/ui/projects/{NAME}/documents/SPEC-033000?valid_at={DAY}"' in document


def _started_sweep(client: httpx.Client, project: str = NAME, day: str = DAY) -> str:
    """Start a sweep through the page's form; its id, once it is done."""
    page = client.get(f"/ui/projects/{project}/sweeps")
    started = client.post(f"/ui/projects/{project}/sweeps", data={"csrf": csrf(page.text), "valid_at": day,
                                                                   "fail_on": "escalate"})
    assert started.status_code == 303, started.text[-1500:]
    job_id = started.headers["location"].rsplit("/", 1)[1]
    for _ in range(600):
        state = client.get(started.headers["location"]).text
        if 'id="sweep-state">running' not in state:
            break
        time.sleep(0.2)
    assert 'id="sweep-state">done' in state, state[-2000:]
    return job_id


def test_a_sweep_started_on_the_page_is_the_apis_job(owner: httpx.Client, server: Any, bearer: Any) -> None:
    sweeps = f"/ui/projects/{NAME}/sweeps"
    page = owner.get(sweeps).text
    assert owner.post(sweeps, data={"valid_at": DAY}).status_code == 403  # no token
    undated = owner.post(sweeps, data={"csrf": csrf(page), "valid_at": ""})
    assert undated.status_code == 422 and "valid_at" in undated.text
    assert owner.post(sweeps, data={"csrf": csrf(page), "valid_at": DAY, "groups": "x"}).status_code == 400
    job_id = _started_sweep(owner)
    listed = owner.get(sweeps).text
    assert f'href="{sweeps}/{job_id}"' in listed and f'href="{sweeps}/{job_id}/report"' in listed
    report = owner.get(f"{sweeps}/{job_id}/report")
    assert report.status_code == 200 and report.headers["content-type"].startswith("text/html")
    policy = report.headers["content-security-policy"]
    assert "script-src 'unsafe-inline'" in policy and "default-src 'none'" in policy and "'self'" not in policy
    # its inline script runs in an origin of its own, never as the pages' (audit OO-4)
    assert "sandbox allow-scripts" in policy and "allow-same-origin" not in policy
    with httpx.Client(base_url=server.url, timeout=60) as api:  # the same job, asked through the API
        status = api.get(f"/v1/projects/{NAME}/sweeps/{job_id}", headers=bearer("owner")).json()
        assert status["state"] == "done" and status["findings"] > 0
        for fmt in ("html", "md", "sarif", "json"):
            same = api.get(f"/v1/projects/{NAME}/sweeps/{job_id}", params={"format": fmt}, headers=bearer("owner"))
            mine = owner.get(f"{sweeps}/{job_id}/report", params={"format": fmt})
            assert mine.content == same.content, fmt
            if fmt == "html":  # the API's sends the same sandboxed policy
                assert same.headers["content-security-policy"] == policy
    drafts = owner.get(f"{sweeps}/{job_id}/rfis")
    files = re.findall(r'download="(RFI-[^"]+\.md)"', drafts.text)
    assert files, drafts.text[-1500:]
    one = owner.get(f"{sweeps}/{job_id}/rfis/{files[0][4:-3]}")
    assert one.status_code == 200 and files[0] in one.headers["content-disposition"] and one.text
    # the job is this key's: another key's session is told there is none, as the API tells it
    other = signed_in(server, "admin")
    try:
        assert other.get(f"{sweeps}/{job_id}").status_code == 404
        assert other.get(f"{sweeps}/{job_id}/report").status_code == 404
        assert job_id not in other.get(sweeps).text
    finally:
        other.close()
    server.service.flush()
    lines = (server.service.projects[NAME].root / ".inforce" / "decisions.jsonl").read_text()
    assert '"endpoint":"page-sweep-start"' in lines.replace(" ", "") and f"sweep-{job_id}" in lines


# ---------------------------------------------------------------- in the browser


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = _browser_missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run: {reason}; CI must run them")
        pytest.skip(f"browser tests need chromium: {reason}")
    with _chromium(1280, 1000) as driver:
        yield driver


def _css(driver: Any, selector: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def sign_in(driver: Any, server: Any, who: str) -> None:
    """Sign ``who`` in through the page's own form (the session of any other signed out first)."""
    driver.delete_all_cookies()
    driver.get(server.url + "/")
    field = _css(driver, "#key")[0]
    field.send_keys(KEYS[who][0])
    field.submit()
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    with contextlib.suppress(TimeoutException):  # the form's answer may still be loading on a busy machine
        WebDriverWait(driver, 30).until(lambda d: "/ui/" in d.current_url)
    assert "/ui/" in driver.current_url, driver.current_url


def open_page(driver: Any, url: str) -> Any:
    driver.get_log("performance")
    driver.get_log("browser")
    driver.get(url)
    return driver


def assert_quiet(driver: Any, origin: str) -> None:
    """No request left for another origin, and no script error or CSP violation was logged."""
    import json

    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            assert url.startswith(origin) or url.startswith("data:"), url
    # a page answered 403 or 404 is logged by the network, as it should be: not a script's error
    errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING") and e["source"] != "network"]
    assert not errors, errors


def test_browser_clause_page_shows_addendum_2_and_both_bars(browser: Any, server: Any) -> None:
    sign_in(browser, server, "owner")
    page = open_page(browser, server.url + clause_path("SPEC-033000#2.1.A", valid_at=DAY))
    assert "5,000 psi" in _css(page, "#clause-text")[0].text
    bars = {bar.get_attribute("data-locator") for bar in _css(page, "svg.timeline g.bar[data-locator]")}
    assert {"SPEC-033000@0#2.1.A", "ADD-02#1.3"} <= bars
    titles = [t.get_attribute("textContent") for t in _css(page, "svg.timeline g.bar title")]
    assert any("ADD-02#1.3" in t and "recorded 2026-04-10" in t for t in titles)
    assert len(_css(page, "table.versions tbody tr")) == len(_css(page, "svg.timeline a g.bar"))
    assert_quiet(page, server.url)


def test_browser_public_key_sees_no_restricted_bar(browser: Any, server: Any) -> None:
    sign_in(browser, server, "public")
    for url in (clause_path("SPEC-033000#2.1.A", valid_at=DAY), clause_path("SPEC-033000#2.1", valid_at=DAY),
                clause_path("SPEC-R#2.1.A", PAIR, valid_at="2026-03-01")):
        page = open_page(browser, server.url + url)
        source = page.page_source
        for secret in SECRETS:
            assert secret not in source, (url, secret)
        assert not any("ADD-02" in (bar.get_attribute("data-locator") or "")
                       for bar in _css(page, "svg.timeline g.bar"))
        assert_quiet(page, server.url)


_FOCUSABLE = ("a[href], button, input:not([type=hidden]), select, textarea")


def tab_through(driver: Any) -> tuple[set[str], list[str]]:
    """Every focusable control's id (made where missing), those Tab reached, and the controls
    with no label."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    controls = driver.execute_script("""
        var found = [];
        document.querySelectorAll(arguments[0]).forEach(function (el, i) {
          if (!el.getClientRects().length) return;
          if (!el.id) el.id = "focus-" + i;
          found.push(el.id);
        });
        return found;""", _FOCUSABLE)
    unlabelled = driver.execute_script("""
        var bad = [];
        document.querySelectorAll(arguments[0]).forEach(function (el) {
          if (!el.getClientRects().length) return;
          var tag = el.tagName.toLowerCase();
          var named = (el.getAttribute("aria-label") || "").trim() || (el.textContent || "").trim();
          if (tag === "input" || tag === "select" || tag === "textarea") {
            named = (el.labels && el.labels.length) ? el.labels[0].textContent.trim() : (el.getAttribute("aria-label") || "");
          }
          if (!named) bad.push(el.outerHTML.slice(0, 120));
        });
        return bad;""", _FOCUSABLE)
    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0);")
    reached: set[str] = set()
    for _ in range(2 * len(controls) + 10):  # and the stops no selector lists (a summary)
        ActionChains(driver).send_keys(Keys.TAB).perform()
        reached.add(driver.execute_script("return document.activeElement && document.activeElement.id"))
    return set(controls) - reached, unlabelled


def no_overflow(driver: Any) -> bool:
    return driver.execute_script(
        "return document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def test_browser_pages_by_keyboard_and_on_a_narrow_window(browser: Any, server: Any) -> None:
    sign_in(browser, server, "admin")  # a reviewer: the queue's forms are there to reach
    urls = [clause_path("SPEC-033000#2.1", valid_at=DAY), f"/ui/projects/{NAME}",
            f"/ui/projects/{NAME}/documents/SPEC-033000?valid_at={DAY}", f"/ui/projects/{NAME}/reviews",
            f"/ui/projects/{NAME}/search?q=compressive+strength&valid_at={DAY}", f"/ui/projects/{NAME}/sweeps"]
    try:
        for url in urls:
            browser.set_window_size(1280, 1000)
            page = open_page(browser, server.url + url)
            missed, unlabelled = tab_through(page)
            assert not missed, (url, missed)
            assert not unlabelled, (url, unlabelled)
            browser.set_window_size(360, 800)
            page.refresh()
            assert no_overflow(page), url
    finally:
        browser.set_window_size(1280, 1000)
    browser.get(server.url + "/")


def _set(driver: Any, selector: str, value: str) -> None:
    """A date field set as its picker sets it (what typing into it takes depends on the locale)."""
    driver.execute_script("arguments[0].value = arguments[1];", _css(driver, selector)[0], value)


def _last_entry(root: Path) -> str:
    """The last decision of ``root``'s reviews.yaml as written, less its moment."""
    entries = re.split(r"(?m)^(?=- )", (root / "reviews.yaml").read_text())
    return _entry(entries[-1])


def test_browser_accepting_a_proposal_from_the_queue(browser: Any, server: Any, built_once: Any,
                                                     tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from inforce.engine import Project
    from tests.http.conftest import _restricted_riverside

    root = server.service.projects[NAME].root
    sign_in(browser, server, "editor")  # an admin that is no reviewer: admin implies the right
    unreviewed = open_page(browser, server.url + clause_path("SPEC-087100", valid_at=DAY)).find_element(
        By.TAG_NAME, "main").text
    page = open_page(browser, server.url + f"/ui/projects/{NAME}/reviews")
    article = next(a for a in _css(page, "article.proposal") if "ADD-01#1.6" in a.find_element(By.TAG_NAME, "h2").text)
    article.find_element(By.CSS_SELECTOR, 'input[name="note"]').send_keys("Hardware set confirmed with the owner.")
    article.find_element(By.CSS_SELECTOR, 'button[value="accept"]').click()
    WebDriverWait(browser, 30).until(lambda driver: "done=accept" in driver.current_url)
    assert "Your decision is recorded" in browser.page_source
    # the entry as `inforce review` writes it: the engine function it calls, on a copy
    copy = built_once.copy("http/restricted-riverside", _restricted_riverside, tmp_path / "copy")
    with Project.open(copy) as opened:
        opened.review("ADD-01#1.6", "accept", by="editor", target="SPEC-087100",
                      note="Hardware set confirmed with the owner.", groups=("owner-team",))
    assert _last_entry(root) == _last_entry(copy)
    # the ingest it queued: the queue says when it is done, and the proposal is no longer pending
    for _ in range(240):
        browser.refresh()
        state = browser.find_element(By.TAG_NAME, "main").text
        if "Ingest: done" in state or "Ingest: failed" in state:
            break
        time.sleep(0.5)
    assert "Ingest: done" in state, state[-1500:]
    assert not any("ADD-01#1.6" in h.text for h in _css(browser, "article.proposal h2"))
    # and the clause page changed with it: the section now names the item accepted as amending it
    clause = open_page(browser, server.url + clause_path("SPEC-087100", valid_at=DAY))
    assert "ADD-01#1.6" not in unreviewed and "ADD-01#1.6" in clause.find_element(By.TAG_NAME, "main").text
    assert_quiet(browser, server.url)


def test_browser_sweep_started_watched_to_its_end_and_its_report_opened(browser: Any, server: Any) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    sign_in(browser, server, "owner")
    page = open_page(browser, server.url + f"/ui/projects/{NAME}/sweeps")
    _set(page, "#sweep-valid-at", DAY)
    page.find_element("css selector", "main form.stack button[type=submit]").click()
    state = "return (document.getElementById('sweep-state') || {}).textContent || null"
    WebDriverWait(browser, 30).until(lambda driver: driver.execute_script(state) is not None)
    seen = {browser.execute_script(state)}
    # the page's own script reloads it while the sweep runs: nothing here reloads it
    WebDriverWait(browser, 120, poll_frequency=0.2).until(
        lambda driver: seen.add(driver.execute_script(state)) or "done" in seen or "failed" in seen)
    assert "done" in seen, seen
    assert_quiet(browser, server.url)
    job = browser.current_url
    try:  # the sweep's page and its drafts, by keyboard and on a narrow window
        for url in (job, job + "/rfis"):
            open_page(browser, url)
            missed, unlabelled = tab_through(browser)
            assert not missed and not unlabelled, (url, missed, unlabelled)
            browser.set_window_size(360, 800)
            browser.refresh()
            assert no_overflow(browser), url
            browser.set_window_size(1280, 1000)
    finally:
        browser.set_window_size(1280, 1000)
    open_page(browser, job)
    _css(browser, "#open-report")[0].click()
    WebDriverWait(browser, 30).until(lambda driver: driver.title.startswith("Sweep report"))
    assert "/report" in browser.current_url
    assert len(_css(browser, "#findings tr")) > 1
    assert "findings shown" in _css(browser, "#shown-count")[0].text
    assert_quiet(browser, server.url)


def test_browser_search_box_takes_a_locator_and_a_date_to_the_clause_page(browser: Any, server: Any) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    sign_in(browser, server, "owner")
    page = open_page(browser, server.url + f"/ui/projects/{NAME}/reviews")
    box = _css(page, "#top-q")[0]
    box.send_keys("SPEC-033000#2.1.A")
    _set(page, "#top-valid-at", DAY)
    box.submit()
    WebDriverWait(browser, 30).until(lambda driver: "/provisions/" in driver.current_url)
    assert browser.current_url == server.url + clause_path("SPEC-033000#2.1.A", valid_at=DAY)
    assert "5,000 psi" in _css(browser, "#clause-text")[0].text
    assert_quiet(browser, server.url)
