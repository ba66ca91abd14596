"""The statuses the OpenAPI document gives each operation, besides its answer.

FastAPI documents what a route returns and a 422 for its parameters; the service answers more
than that (``app``'s docstring lists every status): the middleware's 408, 413 and 500, the key's
400 and 401, the engine's errors as 403, 404, 409, 503 and 504, a sweep's (and a portfolio
sweep's) 410 and 429. Each is
given here, on the operations that may answer it, with the body it carries: a ``Problem``
(``detail`` a sentence, or a list of ``{loc, msg, type}``; a 422's always the list,
``Invalid``), a 403 the ``Refusal`` or a ``Problem`` (a key without the right), ``/readyz``'s
503 its own status. A client (or a generated test) then finds every status it meets in the
document, and what its body holds.

Documentation only: nothing here changes how a request is answered.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict, Field, StringConstraints

__all__ = ["Invalid", "Problem", "ProblemAt", "document_statuses"]


class ProblemAt(BaseModel):
    """One problem with a request: where (``["body", "claims", 0]``, ``["query", "locator"]``,
    ``["file", PATH, ...]``), what, and its kind (a project file's problem adds ``file`` and
    ``line``; some add a ``hint``)."""

    model_config = ConfigDict(extra="allow")

    loc: list[str | int]
    msg: str
    type: str


class Problem(BaseModel):
    """An error's body: ``detail`` says what is wrong (an internal error adds the correlation id
    its log line carries)."""

    detail: Annotated[str, StringConstraints(min_length=1)] | Annotated[list[ProblemAt], Field(min_length=1)]
    correlation_id: str | None = None


class Invalid(BaseModel):
    """A 422's body: each problem with the request at its location."""

    detail: Annotated[list[ProblemAt], Field(min_length=1)]


#: what each status means, as the document says it
_MEANING = {
    400: "`groups` stated in the request, or `Authorization` (or the identity header) sent twice",
    401: "no key, or not one of this server's",
    403: "a key without the right (admin, reviewer)",
    404: "no such project (or one the key is not scoped to), locator or sweep",
    408: "the body was not received in time",
    409: "another write (ingest, erase) runs, the graph is locked, the sweep is not done, or an erasure's "
         "text was still found afterwards (`result` the erasure's answer)",
    410: "the sweep's report is gone: an erasure dropped it",
    413: "the body is too large",
    415: "the body was not sent as JSON (`Content-Type: application/json`)",
    422: "bad input: `detail` a list of `{loc, msg, type}`",
    429: "too many sweeps of this key running",
    500: "an internal error (`correlation_id` names its log line)",
    503: "the graph or a model cannot be used, or the decision log cannot be written",
    504: "cut short by the time limit",
}
#: statuses of every operation (the middleware's), of every /v1/ one (the key's), of one with a
#: body, of one about a project (the engine's, through the service)
#: (an operation under /v1/ that takes no body refuses one: 422 at ``["body"]``, 400 stating ``groups``, 408 one
#: not received in time)
_ANY, _KEYED, _BODY, _PROJECT = (413, 500), (400, 401, 408, 422), (408, 422), (403, 404, 409, 422, 503, 504)
#: statuses only some operations answer
_MORE: dict[tuple[str, str], tuple[int, ...]] = {
    ("/v1/projects", "get"): (422, 503),
    ("/v1/projects/{name}/sweeps", "post"): (429,),
    ("/v1/projects/{name}/sweeps/{job_id}", "get"): (410,),
    # a portfolio sweep: its projects are named in the body (404 for one the key may not reach)
    ("/v1/portfolio/sweeps", "post"): (404, 409, 429, 503),
    ("/v1/portfolio/sweeps/{job_id}", "get"): (404, 409, 410, 422),
    ("/v1/portfolio/sweeps/{job_id}", "delete"): (404,),
}
_REFUSED = "a refusal: the caller's groups may not read what the answer would show"
_READY = {"type": "object", "required": ["status"],
          "properties": {"status": {"type": "string", "enum": ["ready", "not ready"]},
                         "projects": {"type": "integer", "minimum": 0},
                         "decision_log": {"type": "string", "enum": ["cannot be written"]}}}


def _statuses(path: str, method: str) -> set[int]:
    found = set(_ANY)
    if path.startswith("/v1/"):
        found |= set(_KEYED)
    if method in ("post", "put", "patch"):
        found |= set(_BODY) | ({415} if path.startswith("/v1/") else set())
    if "{name}" in path:
        found |= set(_PROJECT)
    return found | set(_MORE.get((path, method), ()))


def _json(schema: dict[str, Any], description: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def _complete(document: dict[str, Any]) -> None:
    """Add the statuses each operation may answer, and ``Problem``'s schema, to ``document``."""
    schemas = document.setdefault("components", {}).setdefault("schemas", {})
    for model in (ProblemAt, Problem, Invalid):
        schemas.setdefault(model.__name__, model.model_json_schema(ref_template="#/components/schemas/{model}"))
    problem, invalid = {"$ref": "#/components/schemas/Problem"}, {"$ref": "#/components/schemas/Invalid"}
    refusal = {"$ref": "#/components/schemas/Refusal"} if "Refusal" in schemas else None
    for path, methods in document.get("paths", {}).items():
        for method, operation in methods.items():
            responses = operation.setdefault("responses", {})
            for status in sorted(_statuses(path, method)):
                given = responses.get(str(status))
                if status == 422:  # FastAPI's own says less: a list that may be empty, or left out
                    responses["422"] = _json(invalid, _MEANING[422])
                elif status == 403:  # a refusal (any question may meet one), or a key without the right
                    responses["403"] = _json({"anyOf": [refusal, problem]} if refusal else problem,
                                             f"{_REFUSED}; or {_MEANING[403]}" if refusal else _MEANING[403])
                elif given is None:
                    responses[str(status)] = _json(problem, _MEANING[status])
    ready = document.get("paths", {}).get("/readyz", {}).get("get")
    if ready is not None:
        ready["responses"]["503"] = _json(_READY, "a project served is not open on its newest generation, its "
                                                  "rule packs were edited since ingest, or the decision log "
                                                  "cannot be written")


def document_statuses(app: FastAPI) -> None:
    """Make ``app``'s OpenAPI document give every status its operations answer (once, when the
    document is first made)."""
    generate: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            _complete(generate())  # FastAPI keeps the document it made: completed in place, once
        return app.openapi_schema  # type: ignore[return-value]

    app.openapi = openapi  # type: ignore[method-assign]
