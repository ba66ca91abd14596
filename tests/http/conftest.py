"""The service under test runs for real: uvicorn in a thread on a loopback port, asked with httpx.

``serve(service)`` starts the application on 127.0.0.1 (a port the kernel picks), waits until
it answers, and returns its base URL; the server is stopped when the module's fixtures end.
Every loop here is bounded: a server that never starts fails the test, it does not hang it.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("uvicorn")

import uvicorn  # noqa: E402

from inforce.adapters.http import Keys, Service, create_app, hash_key  # noqa: E402
from inforce.adapters.http.keys import Caller  # noqa: E402
from inforce.adapters.http.server import config  # noqa: E402
from inforce.engine import Project  # noqa: E402

#: keys the tests hold, and who each is in the keys file
KEYS = {
    "admin": ("ifk-admin-key", Caller(name="admin", groups=("owner-team",), admin=True, reviewer=True)),
    "owner": ("ifk-owner-key", Caller(name="owner", groups=("owner-team",))),
    "public": ("ifk-public-key", Caller(name="public", groups=())),
    "gateway": ("ifk-gateway-key", Caller(name="gateway", groups=(), proxy=True)),
}
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"
GROUP = "owner-team"
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
        server = uvicorn.Server(config(app, log_level="warning"))  # as `inforce serve` runs it
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


def _restrict(path: Path, edits: list[tuple[str, str]]) -> None:
    text = path.read_text()
    for old, new in edits:
        assert old in text, (path, old)
        text = text.replace(old, new, 1)
    path.write_text(text)


@pytest.fixture(scope="module")
def restricted_riverside(tmp_path_factory: pytest.TempPathFactory, built_once) -> Path:
    """A copy of the Riverside example with Addendum No. 2, the foundation plan and the bid form's
    revision 1 restricted to owner-team (their words marked ZZ...), ingested once per test run
    (``built_once``: every module gets its own copy, graph included, so a module that writes to it
    changes no other's); Addendum No. 4 recorded after the ingest (pending for ``lag``), restricted
    too."""
    return built_once.copy("http/restricted-riverside", _restricted_riverside,
                           tmp_path_factory.mktemp("http") / "riverside")


def _restricted_riverside(root: Path) -> None:
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns(".inforce"))
    docs = root / "documents"
    _restrict(docs / "addendum-02.md", [
        ("title: Addendum No. 2\n", f"title: Addendum No. 2 ZZSECRETTITLE\naccess: [{GROUP}]\n"),
        ("recorded: 2026-04-10T12:00:00Z", "recorded: 2026-04-10T12:34:56Z"),
        ("not less than 5,000 psi.", "not less than 5,000 psi. Marked ZZSECRETBODY."),  # a sentence of its own: a word beside the figure would change what it states
    ])
    _restrict(docs / "S-101.drawing.yaml", [
        ("title: Foundation Plan\n", f"title: Foundation Plan ZZSECRETDWG\naccess: [{GROUP}]\n"),
        ("CONCRETE f'c = 4,000 PSI @ 28 DAYS", "CONCRETE f'c = 4,000 PSI @ 28 DAYS ZZSECRETCALLOUT"),
    ])
    _restrict(docs / "spec-004113-rev1.md", [
        ('revision: "1"\n', f'revision: "1"\naccess: [{GROUP}]\n'),
        ("recorded: 2026-04-10T12:00:00Z", "recorded: 2026-04-10T07:08:09Z"),
        ("2.2 Alternate No. 1:", "2.2 ZZSECRETREV Alternate No. 1:"),
    ])
    Project.ingest(root)
    # recorded by document control after the ingest: pending for `lag`, restricted too
    (docs / "addendum-04.md").write_text(
        "---\nid: ADD-04\nkind: addendum\ntitle: Addendum No. 4 ZZPENDING\n"
        f"access: [{GROUP}]\nissued: 2026-06-01\neffective: {{from: 2026-06-01}}\n"
        "recorded: 2026-06-01T01:02:03Z\n---\n1.1 ZZPENDING item.\n"
    )
