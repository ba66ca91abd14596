"""Running the application: uvicorn on one address, its access log on standard error."""

from __future__ import annotations

import asyncio
import errno
import importlib.util
import socket
from typing import Any

import uvicorn

from inforce.ontology import InputError
from inforce.ontology.text import terminal_line

from .head import DEFAULT_HEAD_SECONDS, h11_protocol

__all__ = ["DEFAULT_HEAD_SECONDS", "config", "listening", "protocol", "run"]


#: Connections served at once; past it a new one is answered 503 at once
MAX_CONNECTIONS = 1000
#: The largest header block (bytes) a client may send: the request line and its headers
MAX_HEADER_BYTES = 64 * 1024


def protocol(head_seconds: float = DEFAULT_HEAD_SECONDS) -> type[asyncio.Protocol]:
    """The HTTP protocol: httptools (parsing in C) where it is installed, its request heads held
    to ``MAX_HEADER_BYTES`` (431 past it); else h11, held to the same bound (400 past it, by
    ``h11_max_incomplete_event_size``). Either way a head not received within ``head_seconds``
    of its connection's start or the last response's end is answered 408 and its connection
    closed (``head.HeadDeadline``)."""
    if importlib.util.find_spec("httptools") is None:
        return h11_protocol(head_seconds)
    from .protocol import bounded

    return bounded(MAX_HEADER_BYTES, head_seconds)


def config(app: Any, *, host: str = "127.0.0.1", port: int = 8080, log_level: str = "info",
           head_seconds: float = DEFAULT_HEAD_SECONDS) -> uvicorn.Config:
    """uvicorn's settings for ``app``: the protocol above, uvloop where installed (uvicorn's
    ``auto``), no WebSocket upgrade (the service has none), the bounds below."""
    return uvicorn.Config(app, host=host, port=port, log_level=log_level, server_header=False,
                          http=protocol(head_seconds),
                          ws="none", limit_concurrency=MAX_CONNECTIONS,
                          h11_max_incomplete_event_size=MAX_HEADER_BYTES, timeout_keep_alive=5)


def run(app: Any, *, host: str, port: int, head_seconds: float = DEFAULT_HEAD_SECONDS,
        bound: socket.socket | None = None) -> None:
    """Serve ``app`` until interrupted (SIGINT or SIGTERM: requests in flight are finished).

    Bounded: ``MAX_CONNECTIONS`` connections at once, a header block of ``MAX_HEADER_BYTES``
    received within ``head_seconds`` (408 after), an idle kept-alive connection closed after 5 s
    (a body's own deadline is the application's, ``Limits``). A bound per client (how many
    connections one address holds) is a reverse proxy's."""
    sockets = [bound if bound is not None else listening(host, port)]  # (``listening``: the CLI binds first)
    try:
        uvicorn.Server(config(app, host=host, port=port, head_seconds=head_seconds)).run(sockets=sockets)
    except KeyboardInterrupt:  # SIGINT: stopped as asked, as uvicorn.run takes it
        pass
    finally:
        sockets[0].close()


def listening(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port``, before anything is served: an address that does
    not resolve (IDNA cannot encode it: it ended in exit 70) or cannot be bound (the port taken:
    exit 3, the graph's code, with only uvicorn's log line) is an InputError naming the option
    (audit 78 A F1, F2)."""
    shown = terminal_line(host)
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as problem:
        raise InputError(f"cannot listen on {shown}: the address does not resolve ({problem})", field="--host",
                         hint="an IP address (127.0.0.1, ::1) or a host name of this machine") from None
    family, kind, proto, _, address = found[0]
    bound = socket.socket(family, kind, proto)
    try:
        bound.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        bound.bind(address)
    except OSError as problem:
        bound.close()
        taken = problem.errno == errno.EADDRINUSE
        raise InputError(f"cannot listen on {shown} port {port}: {problem.strerror or problem}",
                         field="--port" if taken else "--host",
                         hint="another server holds that port: stop it or choose another --port" if taken else
                              "an address of this machine (127.0.0.1 for this machine alone)") from None
    return bound
