"""The service under test runs for real: uvicorn in a thread on a loopback port, asked with httpx.

``serve(service)`` starts the application on 127.0.0.1 (a port the kernel picks), waits until
it answers, and returns its base URL; the server is stopped when the module's fixtures end.
Every loop here is bounded: a server that never starts fails the test, it does not hang it.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

import uvicorn  # noqa: E402

from inforce.adapters.http import Keys, Service, create_app, hash_key  # noqa: E402
from inforce.adapters.http.keys import Caller  # noqa: E402

#: keys the tests hold, and who each is in the keys file
KEYS = {
    "admin": ("ifk-admin-key", Caller(name="admin", groups=("owner-team",), admin=True, reviewer=True)),
    "owner": ("ifk-owner-key", Caller(name="owner", groups=("owner-team",))),
    "public": ("ifk-public-key", Caller(name="public", groups=())),
    "gateway": ("ifk-gateway-key", Caller(name="gateway", groups=(), proxy=True)),
}
#: a user known only through the proxy: no key of their own
PROXIED = Caller(name="jdoe", groups=("owner-team",))


@pytest.fixture(scope="session")
def http_keys() -> Keys:
    """The keys file's callers: admin and owner in owner-team (admin may ingest and review), public in no
    group, gateway a trusted proxy, jdoe (owner-team) a user only the proxy may name."""
    return Keys([*((hash_key(key), caller) for key, caller in KEYS.values()), (None, PROXIED)])


@pytest.fixture(scope="session")
def bearer() -> Callable[[str], dict[str, str]]:
    """``bearer("owner")``: the Authorization header of that caller's key."""
    return lambda who: {"Authorization": f"Bearer {KEYS[who][0]}"}


class Running:
    def __init__(self, url: str, service: Service, app: object) -> None:
        self.url, self.service, self.app = url, service, app


@pytest.fixture(scope="module")
def serve() -> Iterator[Callable[..., Running]]:
    """Start a service (or more) for the module; all stopped at its end."""
    started: list[tuple[uvicorn.Server, threading.Thread]] = []

    def start(service: Service, *, setup: Callable[[object], None] | None = None, **limits: object) -> Running:
        app = create_app(service, **limits)  # type: ignore[arg-type]
        if setup is not None:
            setup(app)
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        started.append((server, thread))
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start in 20 s"
            assert thread.is_alive(), "the server thread ended before it started"
            time.sleep(0.02)
        return Running(f"http://127.0.0.1:{port}", service, app)

    yield start
    for server, _ in started:
        server.should_exit = True
    for server, thread in started:
        thread.join(10)
        for warm in server.config.app.state.service.projects.values():  # type: ignore[attr-defined]
            warm.close()
