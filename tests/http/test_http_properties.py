"""The API as a real client meets it: requests generated from its own OpenAPI document.

A small generator (hypothesis; schemathesis is not installed here) walks ``/openapi.json``:
every path and method, each parameter and request body drawn from its JSON Schema — values the
schema allows (with locators, dates and documents the project holds mixed in, so requests reach
the engine), and values it does not: wrong types, fields missing or unknown, huge strings and
numbers, deep nesting, odd unicode, bodies that are no JSON. Each is sent over real HTTP to a
server on loopback, and:

- no response is a 500 (or any 5xx);
- every 4xx has a JSON body whose ``detail`` names the problem (a sentence, or a list of
  ``{loc, msg}``);
- every 2xx JSON body validates against the response schema the document gives.

Bounded: a few examples per operation in the suite (about half a minute in all; the whole
suite must stay under five minutes on two cores), as many as ``INFORCE_PROPERTY_EXAMPLES`` says
for a longer hunt (80 took 3.5 minutes); ``deadline=None``; derandomized where ``CI`` is set. Writers an admin key would
run (ingest, erase) are asked with a key that may not (403, after the body is validated); a
sweep that starts is cancelled at once.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inforce.adapters.http import Keys, Service, Warm, create_app
from inforce.engine import Project

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"
NAME = "riverside-library"
#: the API's document, from the application itself (it does not depend on the projects served)
DOCUMENT: dict[str, Any] = create_app(Service({}, Keys([]))).openapi()
OPERATIONS = [(path, method) for path, methods in DOCUMENT["paths"].items() for method in methods]
#: routes only an admin key runs: asked with one that may not
WRITERS = {("/v1/projects/{name}/ingest", "post"), ("/v1/projects/{name}/erase", "post")}
CI = bool(os.environ.get("CI"))
SETTINGS = {"deadline": None, "derandomize": CI, "database": None if CI else settings.default.database,
            "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large,
                                      HealthCheck.function_scoped_fixture, HealthCheck.filter_too_much]}
#: examples per operation: a few in the suite, more for a hunt (INFORCE_PROPERTY_EXAMPLES=80)
EXAMPLES = int(os.environ.get("INFORCE_PROPERTY_EXAMPLES", "6"))


# ---- the server --------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("properties") / "riverside"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns(".inforce"))
    Project.ingest(root)
    return root


@pytest.fixture(scope="module")
def server(project: Path, serve: Any, http_keys: Any) -> Any:
    return serve(Service({NAME: Warm.open(NAME, project)}, http_keys, time_limit=60))


@pytest.fixture(scope="module")
def client(server: Any) -> Any:
    with httpx.Client(base_url=server.url, timeout=120) as opened:
        yield opened


@pytest.fixture(scope="module")
def known(project: Path) -> dict[str, list[Any]]:
    """What the project holds, mixed into the values drawn so requests reach the engine (and a
    real audit record, which ``replay`` is sent whole or changed anywhere inside)."""
    from inforce.ontology import Answer
    from inforce.ontology.decisions import record

    with Project.open(project) as opened:
        answer = Answer.model_validate({"question": "What strength?", "context": {"valid_at": "2026-05-01"}, "claims": [
            {"text": "Concrete reaches 4,000 psi at 28 days.", "citations": [{"locator": "SPEC-033000#2.1.A"}]}]})
        audit = json.loads(json.dumps(record(answer, opened.check(answer)), default=str))
        outlines = opened.snapshot.store.provision_outlines()
        readings = opened.readings()
        items = sorted({str(edge.item) for edge in (*readings.proposed, *readings.not_understood)})[:20]
    docs = sorted({uid.split("@")[0] for uid in outlines})
    locators = sorted({f"{uid.split('@')[0]}#{path}" for uid, outline in outlines.items() for path in outline})[::7]
    return {"doc": docs, "locator": [*docs, *locators, *(f"{u}#{p}" for u, o in list(outlines.items())[:5]
                                                          for p in list(o)[:2])],
            "item": items or ["ADD-01#1.1"], "valid_at": ["2026-05-01", "2026-01-15", "2025-12-31"],
            "a": locators[:30], "b": locators[-30:], "document": docs, "record": [audit],
            "question": ["concrete compressive strength", "door hardware", "What governs the slab finish?"]}


# ---- values from a schema ------------------------------------------------------------------------------

LEAF = (st.none() | st.booleans() | st.integers(-(2**70), 2**70)
        | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12))
ANY_JSON = st.recursive(LEAF, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=10)
#: strings a careless server trips on (no lone surrogates: a URL cannot carry them; bodies get them below)
ODD = ["", " ", "\x00", "\t\n", "é", "e\u0301", "\u202e\u2066", "😀" * 40, "\ufeffSPEC", "Ω" * 300,
       "../../etc/passwd", "%00", "%2F..%2F", "#", "@", "@@##", "A@#", "SPEC-033000#", "SPEC-033000@#2.1",
       "SPEC-033000#2.1.A\x00", "2026-02-30", "2026-13-01", "0000-01-01", "9999-12-31", "10000-01-01",
       "2026-05-01T25:00:00Z", "2026-05-01T00:00", "2026-05-01T00:00:00+99:00", "-1", "1e309", "NaN", "null",
       "true", "[]", "{}", "' OR 1=1 --", "MATCH (n) DETACH DELETE n", "x" * 501, "y" * 2001]
ODD_TEXT = st.sampled_from(ODD) | st.text(st.characters(exclude_categories=("Cs",)), max_size=40)


def _date(day: dt.date) -> str:
    return day.isoformat()


DATES = st.dates(dt.date(1900, 1, 1), dt.date(2100, 12, 31)).map(_date)
MOMENTS = st.datetimes(dt.datetime(1990, 1, 1), dt.datetime(2100, 1, 1)).map(
    lambda moment: moment.replace(microsecond=0).isoformat() + "Z")


def _ref(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = DOCUMENT["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


#: fields a plain request leaves out (their values need more than a schema to be meaningful)
PLAIN_LEAVES_OUT = {"attributes", "params", "packs", "groups", "documents", "note", "target", "scope"}
#: fields a plain request always states (without them the question is refused before the engine)
PLAIN_STATES = {"valid_at", "question", "claims", "context", "locator", "a", "b", "document", "item"}


def valid(schema: dict[str, Any], known: dict[str, list[str]], name: str = "", depth: int = 0, *,
          plain: bool = False) -> st.SearchStrategy:
    """Values ``schema`` allows (approximately: where the schema cannot say, such as a locator's
    grammar, what the project holds is mixed in). ``plain``: what a client that means well
    sends (the project's own locators and dates, no odd optional fields): it reaches the engine."""
    schema = _ref(schema)
    hint = st.sampled_from(known[name]) if name in known else None
    if plain and hint is not None and _ref(schema).get("type") != "array":
        return hint
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            if plain:  # the first branch that is not null: a value, not an absence
                chosen = [s for s in schema[key] if _ref(s).get("type") != "null"] or schema[key]
                return valid(chosen[0], known, name, depth + 1, plain=True)
            return st.one_of([valid(s, known, name, depth + 1) for s in schema[key]])
    kind = schema.get("type")
    if kind == "string":
        if schema.get("format") == "date":
            return st.sampled_from(known["valid_at"]) | DATES
        if schema.get("format") == "date-time":
            return MOMENTS
        if "pattern" in schema:
            text = st.from_regex(schema["pattern"], fullmatch=True)
        else:
            text = st.text(min_size=schema.get("minLength", 0), max_size=min(schema.get("maxLength", 30), 30))
        return text if hint is None else hint | text
    if kind == "integer":
        low, high = schema.get("minimum"), schema.get("maximum")
        return st.integers(int(low) if low is not None else -1000, int(high) if high is not None else 1000)
    if kind == "number":
        return st.floats(allow_nan=False, allow_infinity=False, min_value=schema.get("minimum"),
                         max_value=schema.get("maximum"))
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        if "prefixItems" in schema:
            return st.tuples(*(valid(s, known, name, depth + 1, plain=plain) for s in schema["prefixItems"])).map(list)
        if depth > 4:
            return st.just([])
        low = schema.get("minItems", 0)
        return st.lists(valid(schema.get("items", {}), known, name, depth + 1, plain=plain), min_size=low,
                        max_size=max(low, min(schema.get("maxItems", 2), 2)))
    if kind == "object" or "properties" in schema:
        properties = schema.get("properties", {})
        required = set(schema.get("required", ()))
        if plain:
            required |= PLAIN_STATES & set(properties)
            properties = {k: v for k, v in properties.items() if k in required or k not in PLAIN_LEAVES_OUT}
            return st.fixed_dictionaries(
                {k: valid(s, known, k, depth + 1, plain=True) for k, s in properties.items() if k in required},
                optional={k: valid(s, known, k, depth + 1, plain=True) for k, s in properties.items()
                          if k not in required})
        if depth > 4:
            return st.fixed_dictionaries({k: valid(properties[k], known, k, depth + 1) for k in required})
        extra = schema.get("additionalProperties")
        base = st.fixed_dictionaries(
            {k: valid(s, known, k, depth + 1) for k, s in properties.items() if k in required},
            optional={k: valid(s, known, k, depth + 1) for k, s in properties.items() if k not in required})
        if isinstance(extra, dict):
            return st.tuples(base, st.dictionaries(st.text(min_size=1, max_size=8), valid(extra, known, "", depth + 1),
                                                   max_size=2)).map(lambda pair: {**pair[1], **pair[0]})
        return base
    return ANY_JSON


def _deep(levels: int) -> Any:
    value: Any = "deep"
    for n in range(levels):
        value = [value] if n % 2 else {"d": value}
    return value


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside a JSON value (keys and indexes from the top)."""
    found = [at]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*at, key))
    elif isinstance(value, list):
        for n, inner in enumerate(value):
            found += _paths(inner, (*at, n))
    return found


def _put(value: Any, at: tuple[Any, ...], new: Any) -> Any:
    if not at:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[at[0]] = _put(value[at[0]], at[1:], new)
    return copy


def changed_inside(value: Any) -> st.SearchStrategy:
    """``value`` with one place deep inside it replaced by anything (or odd text)."""
    places = [p for p in _paths(value) if p]
    if not places:
        return st.nothing()
    return st.tuples(st.sampled_from(places), ANY_JSON | ODD_TEXT | st.just("\ud800")).map(
        lambda change: _put(value, *change))


def invalid(value: Any) -> st.SearchStrategy:
    """A value the schema that allowed ``value`` should refuse (or one it allows, oddly written)."""
    options = [ANY_JSON, st.just(_deep(200)), st.just("z" * 200_000), st.just(10**300), st.just(-(10**30)),
               st.just("\ud800 lone surrogate"), st.just(1e308), ODD_TEXT]
    if isinstance(value, dict | list) and value:
        options += [changed_inside(value)] * 4
    if isinstance(value, dict) and value:
        keys = sorted(value)
        options += [
            st.sampled_from(keys).map(lambda key: {k: v for k, v in value.items() if k != key}),            # missing
            st.tuples(st.sampled_from(keys), ANY_JSON | ODD_TEXT).map(lambda kv: {**value, kv[0]: kv[1]}),  # wrong type
            st.tuples(st.sampled_from(keys), st.just(_deep(60))).map(lambda kv: {**value, kv[0]: kv[1]}),   # deep
            st.just({**value, "zz_unknown_field": 1}),                                                      # extra
            st.just({**value, "groups": ["owner-team"]}),                                                   # stated groups
        ]
    if isinstance(value, dict):
        options.append(st.just({**value, "zz_unknown_field": "x"}))
    return st.one_of(options)


#: bodies that are no JSON, or JSON no parser should take whole
RAW = [b"", b"{", b"}", b"[", b"nul", b"NaN", b"{\"claims\": NaN}", b"\xff\xfe\x00", b"\x00" * 10, b"[]" * 1000,
       b"{" * 5000 + b"}" * 5000, b"[" * 100_000, b"1" * 5000, b"{\"k\": " + b"9" * 5000 + b"}",
       b"\"\\ud800\"", "{\"question\": \"\u00e9\"}".encode("latin-1"), b"{\"a\":1,\"a\":2}"]


# ---- one request ------------------------------------------------------------------------------------------


def _parameters(operation: dict[str, Any]) -> list[dict[str, Any]]:
    return operation.get("parameters", [])


@st.composite
def requests(draw: st.DrawFn, path: str, method: str, known: dict[str, list[str]]) -> dict[str, Any]:
    """One request for the operation: its URL, query, body, key."""
    operation = DOCUMENT["paths"][path][method]
    plain = draw(st.integers(0, 9)) < 5  # half the requests mean well, half are anything
    url = path
    query: dict[str, str] = {}
    for parameter in _parameters(operation):
        where, name, schema = parameter["in"], parameter["name"], parameter.get("schema", {})
        if where == "path":
            value = NAME if name == "name" and (plain or draw(st.integers(0, 9)) < 8) else draw(ODD_TEXT.filter(bool))
            url = url.replace("{" + name + "}", quote(value, safe=""))
            continue
        if plain:
            if parameter.get("required") or name in known or draw(st.booleans()):
                drawn = draw(valid(schema, known, name, plain=True))
                if drawn is not None:
                    query[name] = drawn if isinstance(drawn, str) else json.dumps(drawn)
            continue
        choice = draw(st.integers(0, 9))
        if choice < 6:
            drawn = draw(valid(schema, known, name))
            if drawn is not None:
                query[name] = drawn if isinstance(drawn, str) else json.dumps(drawn)
        elif choice < 9:
            query[name] = draw(ODD_TEXT)
        # else: left out (a required one missing)
    if not plain and draw(st.integers(0, 9)) == 0:
        query["zz_unknown"] = draw(ODD_TEXT)
    body: bytes | None = None
    content = operation.get("requestBody", {}).get("content", {}).get("application/json")
    if content is not None:
        choice = 0 if plain else draw(st.integers(0, 19))
        good = (draw(st.sampled_from(known["record"])) if path.endswith("/replay")
                else draw(valid(content["schema"], known, plain=plain)))
        if choice < 4:
            value = good
        elif choice < 18:
            value = draw(invalid(good))
        else:
            value = None
        body = draw(st.sampled_from(RAW)) if value is None else json.dumps(value).encode()
    elif not plain and draw(st.integers(0, 9)) == 0:
        body = json.dumps(draw(ANY_JSON)).encode()
    who = draw(st.sampled_from(["owner", "admin"] if plain else ["owner"] * 3 + ["admin"] * 2 + ["public", None, "wrong"]))
    if (path, method) in WRITERS and who == "admin":
        who = "owner"
    return {"method": method.upper(), "url": url, "query": query, "body": body, "who": who,
            "json": plain or draw(st.integers(0, 9)) > 0}


def _send(client: httpx.Client, request: dict[str, Any], bearer: Any) -> httpx.Response:
    headers = {} if request["who"] is None else (
        {"Authorization": "Bearer ifk-not-a-key"} if request["who"] == "wrong" else bearer(request["who"]))
    if request["body"] is not None:
        headers["content-type"] = "application/json" if request["json"] else "text/plain"
    return client.request(request["method"], request["url"], params=request["query"], content=request["body"],
                          headers=headers)


def _response_schema(path: str, method: str, status: int) -> dict[str, Any] | None:
    response = DOCUMENT["paths"][path][method]["responses"].get(str(status))
    schema = (response or {}).get("content", {}).get("application/json", {}).get("schema")
    return None if schema is None else {**schema, "components": DOCUMENT["components"]}


def _judge(path: str, method: str, request: dict[str, Any], response: httpx.Response) -> None:
    said = f"{request['method']} {request['url']} {request['query']} {str(request['body'])[:300]} -> " \
           f"{response.status_code} {response.text[:500]}"
    assert response.status_code < 500, said
    if 400 <= response.status_code < 500:
        assert response.headers.get("content-type", "").startswith("application/json"), said
        detail = response.json().get("detail")
        assert detail, said
        if isinstance(detail, list):
            assert all(isinstance(p, dict) and p.get("msg") and isinstance(p.get("loc"), list) for p in detail), said
        else:
            assert isinstance(detail, str | dict) and str(detail).strip(), said
    elif 200 <= response.status_code < 300 and response.headers.get("content-type", "").startswith("application/json"):
        schema = _response_schema(path, method, response.status_code)
        assert schema is not None, f"a {response.status_code} the document does not give: {said}"
        try:
            jsonschema.Draft202012Validator(schema).validate(response.json())
        except jsonschema.ValidationError as wrong:
            raise AssertionError(f"{said}\nnot the documented schema: {wrong.message} at {list(wrong.absolute_path)}") from None


def _tidy(client: httpx.Client, response: httpx.Response, request: dict[str, Any], bearer: Any) -> None:
    """A sweep that started is cancelled at once (its job would only load the machine)."""
    if response.status_code == 202 and request["method"] == "POST" and request["url"].endswith("/sweeps"):
        job = response.json()["id"]
        client.delete(f"{request['url']}/{job}", headers=bearer(request["who"]))


def _run(path: str, method: str, examples: int, client: httpx.Client, bearer: Any, known: dict[str, list[str]]) -> None:
    @settings(max_examples=examples, **SETTINGS)
    @given(request=requests(path, method, known))
    def each(request: dict[str, Any]) -> None:
        response = _send(client, request, bearer)
        try:
            _judge(path, method, request, response)
        finally:
            _tidy(client, response, request, bearer)

    each()


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m.upper()} {p}" for p, m in OPERATIONS])
def test_every_operation_answers_any_request_without_a_500(
    path: str, method: str, client: httpx.Client, bearer: Any, known: dict[str, list[str]],
) -> None:
    _run(path, method, EXAMPLES, client, bearer, known)


def test_the_generator_covers_every_operation_and_judges_what_it_should() -> None:
    """The document lists every route the application serves; the judge fails a 500, a bare 4xx
    and a 2xx off its schema (so the properties above can fail)."""
    served = {(route.path, method.lower()) for route in create_app(Service({}, Keys([]))).routes
              for method in getattr(route, "methods", ()) if method not in ("HEAD", "OPTIONS")}
    documented = set(OPERATIONS)
    assert {r for r in served if not r[0].startswith(("/docs", "/redoc", "/openapi"))} == documented
    request = {"method": "GET", "url": "/x", "query": {}, "body": None}
    path, method = "/v1/projects/{name}/stats", "get"
    for status, body in ((500, {"detail": "boom"}), (422, {"detail": []}), (404, {"detail": ""}),
                         (200, {"documents": "not the schema"})):
        response = httpx.Response(status, json=body)
        with pytest.raises(AssertionError):
            _judge(path, method, request, response)
    _judge(path, method, request, httpx.Response(404, json={"detail": "no project named 'x' is served here"}))
