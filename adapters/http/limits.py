"""What every request passes through before a route sees it, and what an error becomes.

An ASGI middleware, outermost of the application's own:

- each request gets a correlation id (``X-Correlation-Id``, echoed from the request when it
  sends a sane one), which an internal error's answer and its one log line both carry;
- a body over ``max_body`` bytes is refused with 413 before it is read whole (by its
  ``Content-Length``, or as it streams in);
- a JSON body nested deeper than ``max_depth`` is refused with 422 at ``["body"]`` before any
  parser recurses into it;
- an exception no route turned into an answer becomes 500 with the correlation id and a
  generic message: one line in the server's log, no traceback to the client.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["DEFAULT_MAX_BODY", "DEFAULT_MAX_DEPTH", "Limits", "json_depth"]

DEFAULT_MAX_BODY = 1_000_000
DEFAULT_MAX_DEPTH = 32

_LOG = logging.getLogger("inforce.serve")
_SANE_ID = re.compile(rb"[A-Za-z0-9._-]{1,64}")

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


async def _respond(send: Send, status: int, payload: dict[str, Any], correlation: bytes) -> None:
    body = json.dumps(payload).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"x-correlation-id", correlation)]})
    await send({"type": "http.response.body", "body": body})


class Limits:
    """The middleware (see the module's docstring)."""

    def __init__(self, app: ASGIApp, *, max_body: int = DEFAULT_MAX_BODY, max_depth: int = DEFAULT_MAX_DEPTH) -> None:
        self.app = app
        self.max_body = max_body
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or ())
        given = headers.get(b"x-correlation-id", b"")
        correlation = given if _SANE_ID.fullmatch(given) else secrets.token_hex(8).encode()
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
            body, complete = b"", scope["method"] in ("GET", "HEAD", "DELETE", "OPTIONS")
            while not complete:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                body += message.get("body", b"")
                if len(body) > self.max_body:
                    await _respond(send, 413, {"detail": f"the body is over {self.max_body:,} bytes"}, correlation)
                    return
                complete = not message.get("more_body", False)
            if body and json_depth(body) > self.max_depth:
                await _respond(send, 422, {"detail": [{
                    "loc": ["body"], "type": "json_too_deep",
                    "msg": f"nested deeper than {self.max_depth} levels of objects and arrays"}]}, correlation)
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
