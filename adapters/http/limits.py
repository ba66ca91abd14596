"""What every request passes through before a route sees it, and what an error becomes.

An ASGI middleware, outermost of the application's own:

- each request gets a correlation id (``X-Correlation-Id``, echoed from the request when it
  sends a sane one), which an internal error's answer and its one log line both carry;
- a request that sends a body under ``/v1/`` without a key of the server's is refused with 401,
  none of its body kept (it is read to its end, within the deadline, and dropped; the route
  authenticates again, the proxy's header and all);
- a body over ``max_body`` bytes is refused with 413 before it is read whole (by its
  ``Content-Length``, or as it streams in), and one not received within ``body_seconds`` of the
  request's start with 408 (a client trickling a body does not hold a connection for ever);
- a body sent to a route under ``/v1/`` that takes none (GET, HEAD, DELETE) is refused: 400 when
  it states ``groups`` (they come from the key, as on every route), else 422 at ``["body"]``
  (audit 72 A F1: it was never read, and a client stating ``groups`` there was answered 200);
- a body under ``/v1/`` (every route there that takes one takes JSON) sent with another ``Content-Type``, or
  none, or with a charset other than UTF-8 (JSON is UTF-8: a ``charset=latin-1`` body was read
  as UTF-8 all the same), is refused with 415 naming the one expected and the one given (the
  route's reader would say only that the body is no object);
- a JSON body nested deeper than ``max_depth`` is refused with 422 at ``["body"]`` before any
  parser recurses into it;
- a JSON body that is not UTF-8, states a key twice in one object, or holds what JSON has not
  (``NaN``, ``Infinity``) or a number of more than 100 digits is refused with 422 at ``["body"]``,
  naming what (Python's reader would take the last of two keys, or a NaN, silently);
- an exception no route turned into an answer becomes 500 with the correlation id and a
  generic message: one line in the server's log, no traceback to the client.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import re
import secrets
import time
import urllib.parse
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any

from inforce.ontology.jsontext import NestingTooDeep, NumberTooLong, loads

__all__ = ["DEFAULT_BODY_SECONDS", "DEFAULT_MAX_BODY", "DEFAULT_MAX_DEPTH", "Limits", "json_depth"]

DEFAULT_MAX_BODY = 1_000_000
DEFAULT_MAX_DEPTH = 32
#: Seconds a client has to send a request's whole body
DEFAULT_BODY_SECONDS = 30.0

_LOG = logging.getLogger("inforce.serve")
_SANE_ID = re.compile(rb"[A-Za-z0-9._-]{1,64}")
#: where correlation ids come from: seeded once from the system's randomness, not asked of it
#: for each request (a system call, on which the event loop gives up the interpreter lock to
#: whichever thread wants it); seeded again in a forked worker, so two never share ids
_IDS = random.Random(secrets.randbits(128))
os.register_at_fork(after_in_child=lambda: _IDS.seed(secrets.randbits(128)))


def _new_id() -> bytes:
    """A fresh correlation id: 16 hex digits."""
    return b"%016x" % _IDS.getrandbits(64)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def json_depth(body: bytes) -> int:
    """How deeply a JSON text nests objects and arrays (brackets inside strings not counted);
    measured without parsing, so a deep body costs one pass and no recursion."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in body:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return deepest




class _Unsound(ValueError):
    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise _Unsound("duplicate_key", f"the key {key!r} appears twice in one object")
        seen[key] = value
    return seen


def _no_constant(name: str) -> Any:
    raise _Unsound("finite_number", f"{name} is not a JSON number")




def json_problem(body: bytes) -> tuple[str, str] | None:
    """What makes a JSON body unsound though Python's reader would take it: ``(type, message)``;
    None when it is sound, or not JSON at all (the route's own reader says so, at its place)."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as bad:
        return "utf8", f"not UTF-8 (byte {bad.start})"
    try:
        loads(text, object_pairs_hook=_unique, parse_constant=_no_constant)
    except _Unsound as unsound:
        return unsound.kind, str(unsound)
    except NumberTooLong as long:
        return "number_too_long", str(long)
    except NestingTooDeep as deep:
        return "nesting_too_deep", str(deep)
    except ValueError:
        return None
    return None


def _utf8_query(query: bytes) -> bool:
    """Whether a query string's %-escapes decode as UTF-8: the framework reads a byte that does
    not as U+FFFD, so a parameter would be searched for, quoted and shown garbled, where the
    command line refuses such bytes naming the argument."""
    if b"%" not in query:
        return True
    try:
        urllib.parse.unquote_to_bytes(query.replace(b"+", b" ")).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


async def _respond(send: Send, status: int, payload: dict[str, Any], correlation: bytes,
                   more: Sequence[tuple[bytes, bytes]] = ()) -> None:
    body = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"x-correlation-id", correlation), *more]})
    await send({"type": "http.response.body", "body": body})


def _api(scope: Scope) -> bool:
    return str(scope.get("path", "")).startswith("/v1/")


def _bodiless(body: bytes, headers: dict[bytes, bytes]) -> tuple[int, dict[str, Any]]:
    """What a body sent to a route under /v1/ that takes none (GET, HEAD, DELETE) is answered:
    400 when it states a non-empty ``groups`` (as a POST's body or a query stating them is), else
    422 at ``["body"]`` (an unknown field, JSON that does not parse, words of another type alike)."""
    try:
        stated = loads(body.decode("utf-8")) if _is_json(headers) else None
    except (ValueError, RecursionError):  # a UnicodeDecodeError, a number too long or nested too deep too
        stated = None
    if isinstance(stated, dict) and stated.get("groups"):
        return 400, {"detail": "groups come from your key, not from the request: leave `groups` out (or empty)"}
    return 422, {"detail": [{"loc": ["body"], "type": "no_body",
                             "msg": "this route takes no body: ask in the path and the query parameters"}]}


#: The charsets a JSON body may state: JSON is UTF-8 (RFC 8259), and ASCII is UTF-8's first half.
_JSON_CHARSETS = frozenset({b"utf-8", b"utf8", b"us-ascii"})


def _is_json(headers: dict[bytes, bytes]) -> bool:
    kind, *parameters = headers.get(b"content-type", b"").split(b";")
    kind = kind.strip().lower()
    charsets = [value.strip().strip(b'"').lower() for name, _, value in (p.partition(b"=") for p in parameters)
                if name.strip().lower() == b"charset"]
    return (kind == b"application/json" or kind.endswith(b"+json")) and all(c in _JSON_CHARSETS for c in charsets)


class Limits:
    """The middleware (see the module's docstring)."""

    def __init__(self, app: ASGIApp, *, max_body: int = DEFAULT_MAX_BODY, max_depth: int = DEFAULT_MAX_DEPTH,
                 body_seconds: float = DEFAULT_BODY_SECONDS, known_key: Callable[[str], bool] | None = None) -> None:
        self.app = app
        self.max_body = max_body
        self.max_depth = max_depth
        self.body_seconds = body_seconds
        #: whether a bearer key is one of the server's (None: every body is read)
        self.known_key = known_key

    def _keyless(self, scope: Scope, headers: dict[bytes, bytes]) -> bool:
        """A request with a body under /v1/ that carries no key of the server's."""
        if self.known_key is None or not str(scope.get("path", "")).startswith("/v1/"):
            return False
        scheme, _, key = headers.get(b"authorization", b"").decode("latin-1").strip().partition(" ")
        return scheme.lower() != "bearer" or not self.known_key(key.strip())

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        given = headers.get(b"x-correlation-id", b"")
        correlation = given if _SANE_ID.fullmatch(given) else _new_id()
        scope.setdefault("state", {})["correlation_id"] = correlation.decode()
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = [*message.get("headers", []), (b"x-correlation-id", correlation)]
            await send(message)

        try:
            length = headers.get(b"content-length")
            if length is not None and length.isdigit() and int(length) > self.max_body:
                await _respond(send, 413, {"detail": f"the body is {int(length):,} bytes; at most {self.max_body:,}"},
                               correlation)
                return
            if not _utf8_query(scope.get("query_string", b"")):  # (audit 74 A L2, the CLI's audit 73 B F3)
                await _respond(send, 422, {"detail": [{
                    "loc": ["query"], "type": "utf8",
                    "msg": "not UTF-8: a %-escape of the query is a byte that is no character here"}]}, correlation)
                return
            takes_body = scope["method"] not in ("GET", "HEAD", "DELETE", "OPTIONS")
            # a route under /v1/ that takes no body is still sent one now and then (a client
            # stating `groups` as it does on a POST): read, to be refused below, never ignored
            sent = (length is not None and length.strip() not in (b"", b"0")) or b"transfer-encoding" in headers
            complete = not takes_body and not (sent and _api(scope) and scope["method"] != "OPTIONS")
            keyless = not complete and self._keyless(scope, headers)
            received, deadline = bytearray(), time.monotonic() + self.body_seconds
            while not complete:
                try:
                    message = await asyncio.wait_for(receive(), max(deadline - time.monotonic(), 0.0))
                except TimeoutError:
                    await _respond(send, 408, {"detail": f"the body was not received within {self.body_seconds:g} s"},
                                   correlation, more=[(b"connection", b"close")])
                    return
                if message["type"] == "http.disconnect":
                    return
                if not keyless:  # a keyless body is read to its end (within the deadline) and dropped
                    received += message.get("body", b"")
                if len(received) > self.max_body:
                    await _respond(send, 413, {"detail": f"the body is over {self.max_body:,} bytes"}, correlation)
                    return
                complete = not message.get("more_body", False)
            if keyless:
                await _respond(send, 401, {"detail": "a bearer key of this server's is required "
                                                     "(Authorization: Bearer <key>)"}, correlation,
                               more=[(b"www-authenticate", b"Bearer")])
                return
            body = bytes(received)
            if body and not takes_body:
                status, problem = _bodiless(body, headers)
                await _respond(send, status, problem, correlation)
                return
            if body and _api(scope) and not _is_json(headers):
                given = headers.get(b"content-type", b"").decode("latin-1").strip()
                await _respond(send, 415, {"detail": "send the body as JSON: Content-Type: application/json "
                                                     f"({f'got {given}' if given else 'none was given'})"},
                               correlation)
                return
            if body and json_depth(body) > self.max_depth:
                await _respond(send, 422, {"detail": [{
                    "loc": ["body"], "type": "json_too_deep",
                    "msg": f"nested deeper than {self.max_depth} levels of objects and arrays"}]}, correlation)
                return
            unsound = json_problem(body) if body and _is_json(headers) else None
            if unsound is not None:
                await _respond(send, 422, {"detail": [{"loc": ["body"], "type": unsound[0], "msg": unsound[1]}]},
                               correlation)
                return
            replayed = False

            async def replay() -> Message:
                nonlocal replayed
                if not replayed:
                    replayed = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            await self.app(scope, replay, sending)
        except Exception as bug:  # noqa: BLE001 - the one place an unexpected error becomes a 500
            said = " ".join(str(bug).split())[:300]
            _LOG.error("internal error %s on %s %s: %s: %s", correlation.decode(), scope.get("method"),
                       scope.get("path"), type(bug).__name__, said)
            if not started:
                await _respond(send, 500, {"detail": "internal error", "correlation_id": correlation.decode()},
                               correlation)
