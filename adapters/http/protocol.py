"""uvicorn's httptools protocol with a bound on a request's head (imported only where httptools is).

httptools parses HTTP in C, about twice as fast per request as h11 in pure Python; but where
h11 refuses a head (request line and headers) past ``h11_max_incomplete_event_size``, httptools
collects a header name or value of any length before it hands it over. ``BoundedHttpTools``
feeds the parser at most ``max_head`` bytes of a request until its head is complete: a head that
is not complete by then is answered 431 and the connection closed, so no more than that is
ever held for it; nor for longer than its deadline (``head.HeadDeadline``: 408, then closed).
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from .head import DEFAULT_HEAD_SECONDS, HeadDeadline

__all__ = ["BoundedHttpTools", "bounded"]


class BoundedHttpTools(HeadDeadline, HttpToolsProtocol):
    """``HttpToolsProtocol`` that refuses (431, then closes) a head longer than ``max_head`` bytes,
    and (408, then closes) one not received within ``head_seconds``."""

    max_head = 64 * 1024

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: bytes of the current request's head fed so far; None once its head is complete
        self._head: int | None = 0

    def data_received(self, data: bytes) -> None:
        while data:
            if self._head is None:  # a body (or a request pipelined behind it): as it comes
                piece, data = data, b""
            else:
                room = self.max_head - self._head
                if room <= 0:
                    self._refuse()
                    return
                piece, data = data[:room], data[room:]
                self._head += len(piece)
            super().data_received(piece)
            if self.transport.is_closing():
                return

    def on_headers_complete(self) -> None:
        self._head = None
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        self._head = 0  # what follows is the next request's head
        super().on_message_complete()

    def _refuse(self) -> None:
        message = f"the request's head (its line and headers) is over {self.max_head:,} bytes".encode()
        self.transport.write(b"".join([
            STATUS_LINE[431], b"content-type: text/plain; charset=utf-8\r\n",
            b"content-length: %d\r\n" % len(message), b"connection: close\r\n\r\n", message]))
        self.transport.close()


def bounded(max_head: int, head_seconds: float = DEFAULT_HEAD_SECONDS) -> type[asyncio.Protocol]:
    """The protocol class for a server whose request heads are at most ``max_head`` bytes, each
    received within ``head_seconds``."""
    return type("BoundedHttpTools", (BoundedHttpTools,), {"max_head": max_head, "head_seconds": head_seconds})
