"""Issue 23, audit 66 B L5: a sign-in's ``next`` had no length limit: a 100,000-character
``/ui/aaa...`` was echoed into a 100 KB ``Location`` header. A ``next`` longer than
``pages.NEXT_MAX`` characters leads to the pages' start, ``/ui/``, as one naming another site
does; one at the limit is still followed (the control). Through a real server, signing in as the
sign-in page's own form does (its token, its cookie)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm
from inforce.adapters.http.pages import NEXT_MAX
from inforce.adapters.http.sessions import COOKIE
from tests.http.conftest import KEYS

NAME = "riverside-library"


@pytest.fixture(scope="module")
def server(restricted_riverside: Path, serve: Any, http_keys: Any) -> Any:
    return serve(Service({NAME: Warm.open(NAME, restricted_riverside)}, http_keys, time_limit=60))


def _signed_in_to(server: Any, next_path: str) -> httpx.Response:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        found = re.search(r'name="sign_in" value="([^"]+)"', client.get("/").text)
        assert found is not None
        went = client.post("/", data={"key": KEYS["owner"][0], "sign_in": found.group(1), "next": next_path})
        assert went.status_code == 303, went.text
        assert any(c.startswith(f"{COOKIE}=") for c in went.headers.get_list("set-cookie"))
        return went


@pytest.mark.parametrize("length", [NEXT_MAX + 1, 100_000])
def test_a_next_past_the_limit_leads_to_the_pages_start(server: Any, length: int) -> None:
    long = "/ui/" + "a" * (length - 4)
    assert _signed_in_to(server, long).headers["location"] == "/ui/"


def test_a_next_at_the_limit_is_followed(server: Any) -> None:
    at_limit = "/ui/" + "a" * (NEXT_MAX - 4)
    assert _signed_in_to(server, at_limit).headers["location"] == at_limit


@pytest.mark.parametrize("dotted", ["/ui/../../evil", "/ui/./projects", "/ui/projects/..", "/ui/%2e%2e/evil"])
def test_a_next_with_a_dot_segment_leads_to_the_pages_start(server: Any, dotted: str) -> None:
    """Audit 71 A F8: ``next=/ui/../..`` was sent back as the ``Location``, which a browser
    resolves to a path outside the pages (same site, not an open redirect)."""
    assert _signed_in_to(server, dotted).headers["location"] == "/ui/"


def test_a_next_of_a_page_with_a_query_is_followed(server: Any) -> None:
    asked = "/ui/projects/riverside-library/search?q=2.1%20A"
    assert _signed_in_to(server, asked).headers["location"] == asked
