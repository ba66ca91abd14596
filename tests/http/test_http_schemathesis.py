"""The API as a real client meets it: schemathesis, from the running server's own OpenAPI document.

The document is fetched over HTTP from a server on loopback (``/openapi.json``), and schemathesis
draws requests for every operation in it (path, query and body; values the schema allows, and
values it refuses), sends each to that server and checks the answer:

- no 5xx (``not_a_server_error``);
- the status is one the operation documents (``status_code_conformance``), its media type too
  (``content_type_conformance``), and the body matches the schema documented for that status
  (``response_schema_conformance``: the answers' models, ``Problem`` for every error);
- a request the schema refuses is refused with a 4xx (``negative_data_rejection``).

Requests are made with a key that may read everything (``owner``), then once more for every
operation with a key in no group (``public``), requests the schema allows, where besides those
checks no response holds a word only the restricted documents have. Schemathesis draws from the schema alone, and a locator
drawn so names nothing: half the requests it allows get the project's own values spliced in
(locators, restricted ones too, dates, items, questions, a real answer for ``check`` and a real
audit record for ``replay``, or either with one place deep inside changed), and ``name`` is the
served project nine times in ten, so requests reach the engine.

Writes keep to their own server: ``ingest``, ``erase`` and a reviewer's ``review`` decision run
with the admin key on a second copy of the project, which nothing else here reads (a re-ingest
or an erasure would change what the other operations are asked about). An erasure rebuilds the
graph (half a minute here): in the suite the confirmation names only documents the project
does not hold, so ``erase`` reaches the engine and stops at its 404; a hunt erases real ones
(one confirmation in ten). A sweep that starts is cancelled at once (its job would only load the
machine); cancelling one stays on the shared server, since a key cancels only its own sweeps.

What schemathesis does not send, bodies that are not the JSON any schema describes (no JSON at
all, nested thousands deep, ``NaN``, a key twice, not UTF-8, a lone surrogate, the wrong media
type), are sent to every operation that takes a body, and judged by the same checks.

Bounded: ``INFORCE_PROPERTY_EXAMPLES`` examples per operation and mode (2 in the suite; 100 for a
hunt), ``deadline=None``, derandomized where ``CI`` is set.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

import httpx  # noqa: E402
import requests  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.core.failures import FailureGroup  # noqa: E402

from inforce.adapters.http import Keys, Service, Warm, create_app  # noqa: E402
from inforce.engine import Project  # noqa: E402

NAME = "riverside-library"
#: words only the restricted documents of ``restricted_riverside`` hold (conftest)
MARKS = ("ZZSECRETTITLE", "ZZSECRETBODY", "ZZSECRETDWG", "ZZSECRETCALLOUT", "ZZPENDING", "ZZSECRETREV")
#: the operations, listed from the application itself (its document does not depend on the projects served)
DOCUMENT: dict[str, Any] = create_app(Service({}, Keys([]))).openapi()
OPERATIONS = [(path, method) for path, methods in DOCUMENT["paths"].items() for method in methods]
IDS = [f"{method.upper()} {path}" for path, method in OPERATIONS]
WITH_BODY = [(path, method) for path, method in OPERATIONS if "requestBody" in DOCUMENT["paths"][path][method]]
#: operations that change the project: asked with the admin key on a copy of their own
WRITERS = {("/v1/projects/{name}/ingest", "post"), ("/v1/projects/{name}/erase", "post"),
           ("/v1/projects/{name}/review", "post")}
CI = bool(os.environ.get("CI"))
#: examples per operation and mode: a few in the suite, more for a hunt (INFORCE_PROPERTY_EXAMPLES=100)
EXAMPLES = int(os.environ.get("INFORCE_PROPERTY_EXAMPLES", "2"))
#: a hunt erases documents the project holds (each erasure rebuilds the graph)
ERASES = EXAMPLES >= 20
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, derandomize=CI, database=None if CI else settings.default.database,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
                           HealthCheck.function_scoped_fixture])
MODES = (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)


def _checks(*, negative: bool = True) -> list[Any]:
    from schemathesis import checks

    found = [checks.not_a_server_error, checks.status_code_conformance, checks.content_type_conformance,
             checks.response_schema_conformance]
    return [*found, checks.negative_data_rejection] if negative else found


# ---- the servers ------------------------------------------------------------------------------------


class Api:
    """A running server, its document as schemathesis loaded it from there, and one HTTP session."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.schema = schemathesis.openapi.from_url(f"{url}/openapi.json", timeout=30)
        self.session = requests.Session()

    def operation(self, path: str, method: str) -> Any:
        return self.schema[path][method.upper()]


@pytest.fixture(scope="module")
def shared(restricted_riverside: Path, serve: Any, http_keys: Keys) -> Iterator[Api]:
    """The server every reading operation is asked on (the restricted copy of Riverside)."""
    api = Api(serve(Service({NAME: Warm.open(NAME, restricted_riverside)}, http_keys, time_limit=60)).url)
    yield api
    api.session.close()


@pytest.fixture(scope="module")
def writable(restricted_riverside: Path, tmp_path_factory: pytest.TempPathFactory, serve: Any,
             http_keys: Keys) -> Iterator[Api]:
    """A server on a copy nothing else reads (its graph copied as ingested): ingest, erase and
    review decisions change it."""
    root = tmp_path_factory.mktemp("schemathesis") / "riverside"
    shutil.copytree(restricted_riverside, root)
    (root / "documents" / "addendum-04.md").unlink()  # recorded after the ingest: an ingest here starts up to date
    api = Api(serve(Service({NAME: Warm.open(NAME, root)}, http_keys, time_limit=60)).url)
    yield api
    api.session.close()


# ---- what the project holds ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def known(restricted_riverside: Path) -> dict[str, list[Any]]:
    """The project's own values for fields a schema cannot describe (each list: the values a
    field named so is given; None leaves it out), a real answer and a real audit record."""
    from inforce.ontology import Answer
    from inforce.ontology.decisions import record

    with Project.open(restricted_riverside) as opened:
        answer = Answer.model_validate({"question": "What strength?", "context": {"valid_at": "2026-05-01"}, "claims": [
            {"text": "Concrete reaches 5,000 psi at 28 days.", "citations": [
                {"locator": "ADD-02#1.3", "quote": "not less than 5,000 psi"}, {"locator": "SPEC-033000#2.1.A"}]}]})
        audit = json.loads(json.dumps(record(answer, opened.check(answer)), default=str))
        outlines = opened.snapshot.store.provision_outlines()
        readings = opened.readings()
        items = sorted({str(edge.item) for edge in (*readings.proposed, *readings.not_understood)})[:20]
    docs = sorted({uid.split("@")[0] for uid in outlines})
    locators = sorted({f"{uid.split('@')[0]}#{path}" for uid, outline in outlines.items() for path in outline})
    every = [*docs, *locators[::5], "ADD-02#1.3", "DWG-S-101#callout-3", "SPEC-004113@1", "SPEC-004113@1#2.2", "ADD-04"]
    return {"locator": every, "a": every, "b": every, "target": every, "subject": [None, *docs],
            "document": docs if ERASES else ["DOC-NOT-HELD", "SPEC-999999"], "revision": [None, "0", "1"],
            "item": items or ["ADD-01#1.1"], "valid_at": ["2026-05-01", "2026-01-15", "2025-12-31"],
            "known_at": [None], "groups": [[]], "attributes": [{}], "packs": [[]], "params": [{}], "documents": [[]],
            "question": ["concrete compressive strength", "door hardware", "What governs the slab finish?"],
            "record": [audit], "answer": [audit["answer"]]}


def _splice(value: Any, draw: st.DrawFn, known: dict[str, list[Any]]) -> Any:
    """``value`` with each field the project has values for given one of them."""
    if isinstance(value, list):
        return [_splice(inner, draw, known) for inner in value]
    if not isinstance(value, dict):
        return value
    spliced = {}
    for key, inner in value.items():
        chosen = draw(st.sampled_from(known[key])) if key in known else _splice(inner, draw, known)
        if chosen is not None:
            spliced[key] = chosen
    return spliced


ANY_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                      max_size=3), max_leaves=8)


def _places(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [at]
    if isinstance(value, dict | list):
        for key, inner in (value.items() if isinstance(value, dict) else enumerate(value)):
            found += _places(inner, (*at, key))
    return found


def _changed_inside(value: Any, draw: st.DrawFn) -> Any:
    """``value`` with one place deep inside it given anything (a record a client kept and edited)."""
    place = draw(st.sampled_from(_places(value)[1:]))
    changed = copy.deepcopy(value)
    holder = changed
    for key in place[:-1]:
        holder = holder[key]
    holder[place[-1]] = draw(ANY_JSON)
    return changed


@st.composite
def _cases(draw: st.DrawFn, api: Api, path: str, method: str, mode: GenerationMode,
           known: dict[str, list[Any]]) -> Any:
    """A case for the operation: ``name`` the served project nine times in ten (else drawn); half
    the positive ones with the project's own values spliced in."""
    named = "{name}" in path and draw(st.integers(0, 9)) > 0
    case = draw(api.operation(path, method).as_strategy(generation_mode=mode,
                                                        path_parameters={"name": NAME} if named else None))
    if mode is GenerationMode.POSITIVE and draw(st.booleans()):
        if case.query:
            case.query = _splice(dict(case.query), draw, known)
        whole = "record" if path.endswith("/replay") else "answer" if path.endswith("/check") else None
        if whole is not None:
            case.body = copy.deepcopy(draw(st.sampled_from(known[whole])))
            if draw(st.booleans()):
                case.body = _changed_inside(case.body, draw)
        elif isinstance(case.body, dict):
            case.body = _splice(case.body, draw, known)
            if path.endswith("/erase") and draw(st.integers(0, 9)) < (1 if ERASES else 5):
                case.body["confirm"] = case.body["document"]
    return case


# ---- asking ---------------------------------------------------------------------------------------------


def _tidy(api: Api, case: Any, response: requests.Response, headers: dict[str, str]) -> None:
    """A sweep that started is cancelled at once."""
    if response.status_code == 202 and case.method == "POST" and case.path.endswith("/sweeps"):
        job = response.json()["id"]
        where = ("/v1/portfolio" if case.path == "/v1/portfolio/sweeps"
                 else f"/v1/projects/{case.path_parameters['name']}")
        api.session.delete(f"{api.url}{where}/sweeps/{job}", headers=headers, timeout=60)


def _hunt(api: Api, path: str, method: str, headers: dict[str, str], known: dict[str, list[Any]],
          also: Callable[[Any, requests.Response], None] | None = None, modes: tuple[GenerationMode, ...] = MODES,
          ) -> None:
    """Schemathesis's cases for the operation, each sent and checked."""
    checks = _checks()
    spec = DOCUMENT["paths"][path][method]
    # an operation that takes nothing (no path, query or body) has no request its schema refuses
    for mode in modes if spec.get("parameters") or spec.get("requestBody") else modes[:1]:
        @SETTINGS
        @given(case=_cases(api, path, method, mode, known))
        def each(case: Any) -> None:
            response = case.call(base_url=api.url, session=api.session, headers=headers, timeout=120)
            try:
                case.validate_response(response, checks=checks, headers=headers)
                if also is not None:
                    also(case, response)
            finally:
                _tidy(api, case, response, headers)

        each()


def _restricted_words(text: str) -> list[str]:
    return [mark for mark in MARKS if mark.lower() in text.lower()]


# ---- the properties ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=IDS)
def test_every_operation_keeps_to_its_document_for_a_key_that_may_read(
    path: str, method: str, shared: Api, bearer: Callable[[str], dict[str, str]], known: dict[str, list[Any]],
    request: pytest.FixtureRequest,
) -> None:
    if (path, method) in WRITERS:  # the copy is made only when a writer is asked
        _hunt(request.getfixturevalue("writable"), path, method, bearer("admin"), known)
    else:
        _hunt(shared, path, method, bearer("owner"), known)


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=IDS)
def test_a_key_in_no_group_meets_its_document_and_no_restricted_word(
    path: str, method: str, shared: Api, bearer: Callable[[str], dict[str, str]], known: dict[str, list[Any]],
) -> None:
    def silent(case: Any, response: requests.Response) -> None:
        said = _restricted_words(response.text)
        assert not said, f"{case.method} {case.formatted_path} {case.query} {case.body} -> {response.status_code}: {said}"

    # what the schema allows (a refused request is refused whoever sends it: the owner's run checks that)
    _hunt(shared, path, method, bearer("public"), known, also=silent, modes=MODES[:1])


#: bodies no schema describes (schemathesis sends JSON a schema allows or refuses, never these)
RAW: list[tuple[bytes, str]] = [
    (b"", "application/json"), (b"{", "application/json"), (b"nul", "application/json"),
    (b"[" * 100_000, "application/json"), (b"{\"d\":" * 5000 + b"1" + b"}" * 5000, "application/json"),
    (b"{\"valid_at\": NaN}", "application/json"), (b"{\"k\": " + b"9" * 5000 + b"}", "application/json"),
    (b"{\"valid_at\": \"2026-05-01\", \"valid_at\": \"2026-05-02\"}", "application/json"),
    (b"\xff\xfe\x00{", "application/json"), (b"{\"question\": \"\\ud800\"}", "application/json"),
    (b"{\"valid_at\": \"2026-05-01\"}", "text/plain"), (b"valid_at=2026-05-01", "application/x-www-form-urlencoded"),
]


@pytest.mark.parametrize(("path", "method"), WITH_BODY, ids=[f"{m.upper()} {p}" for p, m in WITH_BODY])
def test_a_body_that_is_no_schemas_json_is_a_documented_4xx(
    path: str, method: str, shared: Api, bearer: Callable[[str], dict[str, str]],
) -> None:
    operation = shared.operation(path, method)
    checks = _checks(negative=False)
    for body, media in RAW:
        case = operation.Case(path_parameters={"name": NAME}, body=body, media_type=media)
        url = f"{shared.url}{path.replace('{name}', NAME)}"
        response = shared.session.request(method.upper(), url, data=body, timeout=60,
                                          headers={**bearer("owner"), "Content-Type": media})
        assert 400 <= response.status_code < 500, (body[:60], media, response.status_code, response.text[:300])
        case.validate_response(response, checks=checks)


def test_what_schemathesis_found_stays_fixed(shared: Api, bearer: Callable[[str], dict[str, str]],
                                            request: pytest.FixtureRequest) -> None:
    """A request schemathesis found answered wrongly, asked again: an erasure naming a revision (or
    a document) no locator has was a 500; the contract's own answer, its locators strings, did not
    match the document's schema for ``check`` (which said a locator is an object)."""
    writable: Api = request.getfixturevalue("writable")
    for body, field in (({"document": "AGR-001", "confirm": "AGR-001", "revision": "x\x00"}, "revision"),
                        ({"document": "A#B\x00", "confirm": "A#B\x00"}, "document")):
        response = writable.session.post(f"{writable.url}/v1/projects/{NAME}/erase", json=body,
                                         headers=bearer("admin"), timeout=60)
        assert response.status_code == 422, response.text
        assert response.json()["detail"][0]["loc"] == ["body", field]
    answer = {"question": "What strength?", "context": {"valid_at": "2026-05-01"}, "claims": [
        {"text": "Concrete reaches 4,000 psi at 28 days.", "citations": [{"locator": "SPEC-033000#2.1.A"}]}]}
    case = shared.operation("/v1/projects/{name}/check", "post").Case(path_parameters={"name": NAME}, body=answer)
    response = case.call(base_url=shared.url, session=shared.session, headers=bearer("owner"), timeout=60)
    assert response.status_code == 200, response.text
    case.validate_response(response, checks=_checks(), headers=bearer("owner"))


def test_the_document_served_lists_every_route_and_the_checks_can_fail(shared: Api) -> None:
    """The running server's document names every route the application serves, every status
    given a body schema; and the checks above fail a 500, an undocumented status, an answer off
    its schema and an error without its ``detail``."""
    # the pages (sign-in, /ui/, their assets) are for people, left out of the document by design
    served = {(route.path, method.lower()) for route in create_app(Service({}, Keys([]))).routes
              if getattr(route, "include_in_schema", True)
              for method in getattr(route, "methods", ()) if method not in ("HEAD", "OPTIONS")}
    listed = {(operation.path, operation.method.lower()) for operation in
              (result.ok() for result in shared.schema.get_all_operations())}
    assert {r for r in served if not r[0].startswith(("/docs", "/redoc", "/openapi"))} == listed == set(OPERATIONS)
    for path, method in OPERATIONS:
        for status, response in DOCUMENT["paths"][path][method]["responses"].items():
            assert response.get("content"), (path, method, status)
    case = shared.operation("/v1/projects/{name}/stats", "get").Case(path_parameters={"name": NAME})

    def answered(status: int, body: dict[str, Any]) -> httpx.Response:
        response = httpx.Response(status, json=body, request=httpx.Request("GET", f"{shared.url}/v1/projects/{NAME}/stats"))
        response.elapsed = dt.timedelta(0)
        return response

    for status, body in ((500, {"detail": "internal error"}), (418, {"detail": "a teapot"}),
                         (200, {"documents": "not the schema"}), (404, {"detail": ""}), (404, {"problem": "x"})):
        with pytest.raises(FailureGroup):
            case.validate_response(answered(status, body), checks=_checks(negative=False))
    case.validate_response(answered(404, {"detail": "no project named 'x' is served here"}), checks=_checks(negative=False))
    assert _restricted_words("a title ZZSecretTitle") == ["ZZSECRETTITLE"]
