"""A body's JSON value of the wrong type is a 422 at its field (audit 65 B, F01), through real HTTP.

docs/formats.md ("Statuses") promises a 422 for wrong types; pydantic's lax reading of the
parsed body took ``true`` or ``"5"`` for a number and ``"yes"`` or ``1`` for a boolean, and
answered (200) or started a sweep (202). Each request below is one such value on one route; a
well-typed body on the same route is answered, so the refusal is the type's alone.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from inforce.adapters.http import Service, Warm

NAME = "riverside-library"
DAY = "2026-05-01"
#: each route's well-typed body, to which one field of the wrong type is added
BODIES: dict[str, dict[str, Any]] = {
    f"/v1/projects/{NAME}/eligible": {"valid_at": DAY},
    f"/v1/projects/{NAME}/resolve": {"valid_at": DAY, "question": "concrete strength"},
    f"/v1/projects/{NAME}/sweeps": {"valid_at": DAY},
    "/v1/portfolio/sweeps": {"valid_at": DAY},
}
_E, _R, _S, _P = BODIES


@pytest.fixture(scope="module")
def client(restricted_riverside: Path, serve: Any, http_keys: Any, bearer: Any) -> Any:
    running = serve(Service({NAME: Warm.open(NAME, restricted_riverside)}, http_keys, time_limit=60))
    with httpx.Client(base_url=running.url, timeout=60, headers=bearer("owner")) as opened:
        yield opened


@pytest.mark.parametrize(("route", "field", "value", "kind"), [
    (_E, "exclusions", True, "int_type"),
    (_E, "exclusions", "1", "int_type"),
    (_E, "exclusions", 2.0, "int_type"),
    (_R, "k", True, "int_type"),
    (_R, "k", "5", "int_type"),
    (_S, "include_superseded", "yes", "bool_type"),
    (_S, "include_superseded", "true", "bool_type"),
    (_S, "include_superseded", 1, "bool_type"),
    (_S, "include_superseded", 0, "bool_type"),
    (_P, "include_superseded", "yes", "bool_type"),
    (_P, "include_superseded", 1, "bool_type"),
], ids=lambda v: v.removeprefix(f"/v1/projects/{NAME}/").removeprefix("/v1/") if isinstance(v, str) and v.startswith("/")
    else repr(v))
def test_a_value_of_the_wrong_json_type_is_422_at_its_field(client: httpx.Client, route: str, field: str,
                                                             value: Any, kind: str) -> None:
    refused = client.post(route, json={**BODIES[route], field: value})
    assert refused.status_code == 422, refused.text
    assert [(p["loc"], p["type"]) for p in refused.json()["detail"]] == [(["body", field], kind)]


@pytest.mark.parametrize(("route", "field", "value"), [
    (_E, "exclusions", 2), (_E, "exclusions", None), (_R, "k", 5),
], ids=["exclusions", "exclusions-null", "k"])
def test_the_same_field_of_its_own_type_is_answered(client: httpx.Client, route: str, field: str, value: Any) -> None:
    answered = client.post(route, json={**BODIES[route], field: value})
    assert answered.status_code == 200, answered.text


def test_a_padded_date_is_still_refused_as_padded_and_a_date_string_still_read(client: httpx.Client) -> None:
    padded = client.post(_E, json={"valid_at": DAY, "known_at": " 2026-05-01T00:00:00Z"})
    assert padded.status_code == 422, padded.text
    assert [(p["loc"], p["type"]) for p in padded.json()["detail"]] == [(["body", "known_at"], "padded")]
    read = client.post(_E, json={"valid_at": DAY, "known_at": "2026-05-01T00:00:00Z", "documents": ["SPEC-033000"],
                                 "attributes": {}})
    assert read.status_code == 200, read.text
