"""A deadline on a request's head (its line and headers), for uvicorn's protocols alike.

uvicorn times nothing between a connection's start (or a response's end) and the end of the
next request's head: a client that sends a head a line at a time, or never finishes it, holds
its connection, and ``limit_concurrency`` of them (no key needed: no request ever starts)
answer every other caller 503. ``HeadDeadline`` arms a timer when a connection opens and when
a response ends; when it fires and no request has begun since and none is running, the
connection is closed: answered 408 first when part of a head came, closed silently when
nothing did (as an idle kept-alive connection is). A request that began is the application's
to time (a body's deadline, ``Limits``; the request's own time limit).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["DEFAULT_HEAD_SECONDS", "HeadDeadline", "h11_protocol"]

#: Seconds a client has to send a request's head, from its connection's start or the last response's end
DEFAULT_HEAD_SECONDS = 10.0


class HeadDeadline:
    """Mixed in before a uvicorn HTTP protocol class (it uses ``cycle``, ``loop``, ``transport``)."""

    head_seconds = DEFAULT_HEAD_SECONDS
    cycle: Any
    loop: asyncio.AbstractEventLoop
    transport: asyncio.Transport

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._head_timer: asyncio.TimerHandle | None = None
        super().connection_made(transport)  # type: ignore[misc]
        self._arm_head()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm_head()
        super().connection_lost(exc)  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        if data:
            self._head_bytes = True
        super().data_received(data)  # type: ignore[misc]

    def on_response_complete(self) -> None:
        super().on_response_complete()  # type: ignore[misc]
        self._arm_head()

    def _disarm_head(self) -> None:
        timer = getattr(self, "_head_timer", None)
        if timer is not None:
            timer.cancel()
            self._head_timer = None

    def _arm_head(self) -> None:
        self._disarm_head()
        if self.transport.is_closing():
            return
        #: the request last begun when the timer was armed: another begun since is a head complete in time
        self._head_awaited = self.cycle
        self._head_bytes = False
        self._head_timer = self.loop.call_later(self.head_seconds, self._head_late)

    def _head_late(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if cycle is not self._head_awaited or (cycle is not None and not cycle.response_complete):
            return  # a request began in time, or one is running (its end arms the timer again)
        if self._head_bytes:
            message = f"the request's head (its line and headers) was not received within {self.head_seconds:g} s"
            body = message.encode()
            self.transport.write(b"".join([
                b"HTTP/1.1 408 Request Timeout\r\n", b"content-type: text/plain; charset=utf-8\r\n",
                b"content-length: %d\r\n" % len(body), b"connection: close\r\n\r\n", body]))
        self.transport.close()


class HeadDeadlineH11(HeadDeadline, H11Protocol):
    """uvicorn's h11 protocol with the head deadline."""


def h11_protocol(head_seconds: float) -> type[asyncio.Protocol]:
    """The h11 protocol class for a server whose request heads must come within ``head_seconds``."""
    return type("HeadDeadlineH11", (HeadDeadlineH11,), {"head_seconds": head_seconds})
