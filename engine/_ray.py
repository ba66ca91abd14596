"""Ray, the one place it is imported: a session started on this machine or joined on a cluster,
and tasks run on it with their results handed back as each ends (``engine.portfolio`` runs a
project's sweep as a task, ``engine.embedding`` a batch of passages).

``ray_session(None, workers)`` starts Ray here, sized to ``workers`` CPUs, quietly (no dashboard,
workers' logs kept out of the terminal, a small object store, its files in a folder of its own
under the system's temporary folder) and stops it and removes that folder at the end, whatever
ended it. ``ray_session(ADDRESS, workers)`` joins the cluster whose head listens there and
leaves it running: what ends there is only the work this process started. The address is
first asked for its cluster's id, which only a Ray head answers, so one where no head answers
is an input error in seconds rather than Ray's long retries or a wait without end. Everything a task needs travels by value, except the project folders
and models it opens by path: on a cluster they must be at the same paths on every node. Ray
prints what it reports about its workers (one died, say) to standard output; for the session
it goes to standard error, where it cannot mix with a command's answer.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import signal
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from inforce.ontology import InputError

__all__ = ["EXECUTORS", "RAY_EXTRA", "TaskDied", "on_ray", "ray_available", "ray_session", "run_tasks"]

RAY_EXTRA = "pip install 'inforce[ray]'"
#: Ray's object store when started here: what crosses it is a project's report or a batch of
#: vectors, so a small one (Ray's floor is 75 MiB).
OBJECT_STORE_BYTES = 128 * 2**20
#: Seconds to wait for a cluster's head to take a connection before calling the address bad.
CONNECT_SECONDS = 5.0
#: Seconds to wait for cancelled tasks to end (asked, then forced) before leaving Ray.
CANCEL_SECONDS = 10.0
#: Times Ray's own folder is removed again while its last processes end (0.2 s apart).
REMOVE_TRIES = 25
#: Seconds between looks at a noted Ctrl-C while waiting for tasks.
WAIT_SECONDS = 0.2


#: The executors a command runs its heavy work on: ``local`` (this machine's processes) or ``ray``.
EXECUTORS = ("local", "ray")


class TaskDied(Exception):
    """A task whose worker process died each time it was tried (killed, or out of memory)."""


def ray_available(field: str = "executor") -> None:
    """Nothing when Ray can be imported; else an InputError naming the extra that installs it."""
    try:
        import ray  # noqa: F401
    except ImportError:
        raise InputError(f"the ray executor needs Ray, which is not installed: {RAY_EXTRA}", field=field,
                         hint="or use the local executor (the default)") from None


def on_ray(executor: str, ray_address: str | None = None) -> bool:
    """Whether the executor called ``executor`` is Ray: the one place an executor's name and a Ray
    address are checked (``sweep``, ``sweep-all``, ``embed``). ``ray`` needs the ``inforce[ray]``
    extra (else an InputError naming it); an address with ``local`` is an InputError; so is a name
    that is neither."""
    if executor == "local":
        if ray_address is not None:
            raise InputError("a Ray address is for the ray executor", field="ray_address",
                             hint="choose the ray executor, or give no address")
        return False
    if executor == "ray":
        ray_available()
        return True
    raise InputError(f"no executor {executor!r}: one of {', '.join(EXECUTORS)}", field="executor")


@contextlib.contextmanager
def ray_session(address: str | None, workers: int) -> Iterator[None]:
    """Ray for the length of the ``with``: started here with ``workers`` CPUs (``address`` None)
    and stopped at its end, or the cluster at ``address`` joined and left running. An address
    that does not answer, or that Ray cannot join, is an InputError naming it (field
    ``ray_address``); Ray already running in this process is used as it is, and left so."""
    ray_available()
    import ray

    if address is not None:
        _reachable(address)
    if ray.is_initialized():
        joined = ray.get_runtime_context().gcs_address
        if address is not None and address != joined:
            raise InputError(f"Ray in this process is joined to {joined} already, not {address}", field="ray_address")
        yield
        return
    quiet = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.ERROR}
    folder = None
    if address is None:
        folder = tempfile.mkdtemp(prefix="inforce-ray-")
        options: dict[str, Any] = {"num_cpus": workers, "object_store_memory": OBJECT_STORE_BYTES,
                                   "_temp_dir": folder}
    else:
        options = {"address": address}
        quiet.pop("include_dashboard")
    printer = _errors_to_stderr()
    try:
        try:
            ray.init(**options, **quiet)
        except (ConnectionError, ValueError, RuntimeError) as problem:
            if address is None:
                raise
            raise InputError(f"cannot join the Ray cluster at {address}: {' '.join(str(problem).split())}",
                             field="ray_address", hint="a cluster with token authentication needs RAY_AUTH_MODE=token "
                             "and its token (RAY_AUTH_TOKEN, or ~/.ray/auth_token) in this environment") from None
        try:
            yield
        finally:
            ray.shutdown()  # this process's connection; a joined cluster keeps running
    finally:
        printer.close()
        if folder is not None:
            _remove(folder)


def _remove(folder: str) -> None:
    """Ray's folder removed: its last workers may still write a log as they end, so it is removed
    until it stays gone (a few seconds at most; what is left then is in the temporary folder)."""
    for _ in range(REMOVE_TRIES):
        shutil.rmtree(folder, ignore_errors=True)
        time.sleep(0.2)
        if not os.path.exists(folder):
            return


def _errors_to_stderr() -> contextlib.ExitStack:
    """Ray's messages about its workers (a worker died, say) on standard error, until closed.
    Ray 2.60 prints them to standard output from a thread of its own, where they would break a
    command's answer (``inforce embed --format json``); the function it calls is replaced for
    the session by one that prints the same to standard error."""
    from ray._private import worker

    stack = contextlib.ExitStack()
    shown = getattr(worker, "print_to_stdstream", None)
    if shown is None:  # a Ray that no longer prints them this way
        return stack

    def on_stderr(data: dict[str, Any], ignore_prefix: bool) -> None:
        shown({**data, "is_err": True}, ignore_prefix)

    worker.print_to_stdstream = on_stderr
    stack.callback(setattr, worker, "print_to_stdstream", shown)
    return stack


def _reachable(address: str) -> None:
    """An InputError unless a Ray head's GCS answers at ``address`` (HOST:PORT), within
    ``CONNECT_SECONDS``. It is asked for its cluster's id (``NodeInfoGcsService.GetClusterId``,
    one unary gRPC call over a plain HTTP/2 connection, ``_ask_cluster_id``), which only a GCS
    answers: a port that takes the connection and says nothing (thirty-third audit), or a gRPC
    server that is not Ray's (thirty-fourth audit, BB-07), would otherwise hold ``ray.init``
    without end."""
    host, _, port = address.rpartition(":")
    if address.startswith("ray://") or not host or not (port.isascii() and port.isdigit()) \
            or not 0 < int(port) < 65536:
        raise InputError(f"{address!r} is no Ray cluster address: HOST:PORT of its head node, as Ray prints it "
                         "when the head starts", field="ray_address")
    try:
        answered = _ask_cluster_id(host.strip("[]"), int(port), address, time.monotonic() + CONNECT_SECONDS)
    except (OSError, UnicodeError, ValueError) as problem:  # a host name no resolver takes ('a..b') is no address
        said = getattr(problem, "strerror", None) or problem
        raise InputError(f"no Ray cluster answers at {address}: {said}", field="ray_address",
                         hint="start the cluster's head first, or give no address to start Ray here") from None
    if not answered:
        raise InputError(f"no Ray cluster answers at {address}: something there took the connection but did not "
                         "answer as a Ray head's GCS does (its cluster id, over gRPC)", field="ray_address",
                         hint="give the address Ray printed when the cluster's head started; a cluster with token "
                         "authentication needs RAY_AUTH_MODE=token and its token in this environment")


def _ask_cluster_id(host: str, port: int, authority: str, deadline: float) -> bool:
    """Whether the server at ``host:port`` answers ``GetClusterId`` with a cluster id before
    ``deadline`` (``time.monotonic``). HTTP/2 written by hand (no gRPC library comes with Ray):
    the client preface, one request on stream 1 whose headers are HPACK literals, and the frames
    read back until stream 1 ends. A reply message that parses as ``GetClusterIdReply`` with an
    OK status and an id is Ray's; a stream ended without one (an error status such as
    UNIMPLEMENTED or UNAUTHENTICATED), a reset or a GOAWAY is not. A silence past the deadline is
    an OSError (timed out), as is a refused or dropped connection."""
    from ray.core.generated import gcs_service_pb2

    headers = [(b":method", b"POST"), (b":scheme", b"http"), (b":path", _GCS_CLUSTER_ID_PATH),
               (b":authority", authority.encode()), (b"content-type", b"application/grpc"), (b"te", b"trailers")]
    headers += [(name.lower().encode(), value.encode()) for name, value in _ray_token_headers()]
    message = gcs_service_pb2.GetClusterIdRequest().SerializeToString()
    request = (_HTTP2_PREFACE + _frame(_HTTP2_SETTINGS, 0, 0, b"")
               + _frame(_HTTP2_HEADERS, _END_HEADERS, 1, b"".join(map(_hpack_literal, headers)))
               + _frame(_HTTP2_DATA, _END_STREAM, 1, b"\x00" + len(message).to_bytes(4, "big") + message))
    with socket.create_connection((host, port), timeout=max(deadline - time.monotonic(), 0.1)) as probe:
        probe.sendall(request)
        reply = b""
        while True:
            kind, flags, stream, payload = _read_frame(probe, deadline)
            if kind == _HTTP2_SETTINGS and not flags & _ACK:
                probe.sendall(_frame(_HTTP2_SETTINGS, _ACK, 0, b""))
            elif kind == _HTTP2_GOAWAY or (stream == 1 and kind == _HTTP2_RST_STREAM):
                return False
            elif stream == 1 and kind == _HTTP2_DATA:
                if flags & _PADDED:
                    payload = payload[1:len(payload) - payload[0]] if payload else b""
                reply += payload
                if len(reply) >= 5 and len(reply) >= 5 + int.from_bytes(reply[1:5], "big"):
                    return reply[0] == 0 and _is_cluster_id(reply[5:5 + int.from_bytes(reply[1:5], "big")])
            if stream == 1 and kind in (_HTTP2_DATA, _HTTP2_HEADERS) and flags & _END_STREAM:
                return False


def _is_cluster_id(message: bytes) -> bool:
    """Whether ``message`` is a ``GetClusterIdReply`` with an OK status and a cluster id."""
    from google.protobuf.message import DecodeError
    from ray.core.generated import gcs_service_pb2

    try:
        reply = gcs_service_pb2.GetClusterIdReply.FromString(message)
    except DecodeError:
        return False
    return reply.status.code == 0 and bool(reply.cluster_id)


def _ray_token_headers() -> list[tuple[str, str]]:
    """The header a Ray client sends with each call to a cluster with token authentication (the
    token from this environment, as Ray finds it); none where there is no token."""
    try:
        from ray._raylet import AuthenticationTokenLoader

        loader = AuthenticationTokenLoader.instance()
        return list(loader.get_token_for_http_header().items()) if loader.has_token() else []
    except Exception:  # a Ray without token authentication, or a token it cannot read: sent without
        return []


def _read_frame(probe: socket.socket, deadline: float) -> tuple[int, int, int, bytes]:
    """The next HTTP/2 frame from ``probe``: its type, flags, stream and payload. An OSError when
    the deadline passes first (timed out) or the connection ends; a frame past 1 MiB is one too."""
    head = _read(probe, 9, deadline)
    size = int.from_bytes(head[:3], "big")
    if size > 2**20:
        raise OSError("the answer was no HTTP/2")
    return head[3], head[4], int.from_bytes(head[5:9], "big") & 0x7FFFFFFF, _read(probe, size, deadline)


def _read(probe: socket.socket, size: int, deadline: float) -> bytes:
    got = b""
    while len(got) < size:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("timed out")
        probe.settimeout(left)
        piece = probe.recv(size - len(got))
        if not piece:
            raise ConnectionError("the connection was closed")
        got += piece
    return got


def _frame(kind: int, flags: int, stream: int, payload: bytes) -> bytes:
    return len(payload).to_bytes(3, "big") + bytes((kind, flags)) + stream.to_bytes(4, "big") + payload


def _hpack_literal(header: tuple[bytes, bytes]) -> bytes:
    """One header as HPACK's literal field without indexing, its name a new name (RFC 7541 6.2.2)."""
    return b"\x00" + b"".join(_hpack_int(len(part), 7) + part for part in header)


def _hpack_int(value: int, prefix: int) -> bytes:
    """An HPACK integer in a ``prefix``-bit prefix (RFC 7541 5.1), its first byte's other bits 0."""
    top = (1 << prefix) - 1
    if value < top:
        return bytes((value,))
    out, value = bytearray((top,)), value - top
    while value >= 128:
        out.append(value % 128 + 128)
        value //= 128
    out.append(value)
    return bytes(out)


#: HTTP/2's client connection preface, the frame types and flags the probe uses (RFC 9113).
_HTTP2_PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
_HTTP2_DATA, _HTTP2_HEADERS, _HTTP2_RST_STREAM, _HTTP2_SETTINGS, _HTTP2_GOAWAY = 0x0, 0x1, 0x3, 0x4, 0x7
_END_STREAM, _ACK, _END_HEADERS, _PADDED = 0x1, 0x1, 0x4, 0x8
#: The GCS method asked: the cluster's id, which every Ray head's GCS serves.
_GCS_CLUSTER_ID_PATH = b"/ray.rpc.NodeInfoGcsService/GetClusterId"


def run_tasks(function: Callable[..., Any], calls: Sequence[tuple[Any, ...]], *, in_flight: int,
              retries: int = 1) -> Iterator[tuple[int, Any]]:
    """``function(*call)`` for each of ``calls`` as a Ray task (inside ``ray_session``), at most
    ``in_flight`` at once, each yielded as ``(index, result)`` as it ends, in any order. A task
    whose worker dies is run again, ``retries`` times; after that its result is a ``TaskDied``.
    An exception the function raised is raised here. An interrupt, or any error here or in the
    caller's loop: every task still running is cancelled (``_cancel``) before it goes on."""
    import ray
    from ray.exceptions import OwnerDiedError, RayTaskError, WorkerCrashedError

    remote = ray.remote(num_cpus=1, max_retries=retries, retry_exceptions=False)(function)
    pending = list(enumerate(calls))
    pending.reverse()
    running: dict[Any, int] = {}
    interrupted = _Interrupt()
    try:
        while pending or running:
            while pending and len(running) < in_flight:
                index, call = pending.pop()
                running[remote.remote(*call)] = index
            ready, _ = ray.wait(list(running), num_returns=1, timeout=WAIT_SECONDS)
            if interrupted.is_set():
                raise KeyboardInterrupt
            for ref in ready:
                index = running.pop(ref)
                try:
                    result = ray.get(ref)
                except RayTaskError as raised:
                    cause = getattr(raised, "cause", None)
                    raise (cause if isinstance(cause, Exception) else raised.as_instanceof_cause()) from None
                except (WorkerCrashedError, OwnerDiedError) as died:
                    result = TaskDied(f"the worker running it died {retries + 1} time(s): "
                                      f"{' '.join(str(died).split())[:300]}")
                yield index, result
    finally:
        interrupted.restore()
        if running:
            _cancel(list(running))


class _Interrupt:
    """A Ctrl-C noted rather than raised where it lands (inside Ray's own calls, which it can
    leave half done: Ray 2.60's core then aborts this process), raised between them instead."""

    def __init__(self) -> None:
        self._seen = False
        self._previous: Any = None
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGINT, self._note)

    def _note(self, signum: int, frame: Any) -> None:
        self._seen = True

    def is_set(self) -> bool:
        return self._seen

    def restore(self) -> None:
        if self._previous is not None:
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None


def _cancel(refs: list[Any]) -> None:
    """``refs`` cancelled, each settled before Ray is left: first asked to stop (an interrupt in
    the task), then, for any still running after ``CANCEL_SECONDS``, its worker killed. Ray 2.60's
    forced cancel alone, of a task that is replying as it is killed, can abort this process in
    Ray's core ("Tried to complete task that was not pending"): the forced one is the last resort."""
    import ray

    for force in (False, True):
        for ref in refs:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=force)
        with contextlib.suppress(Exception):
            _, refs = ray.wait(refs, num_returns=len(refs), timeout=CANCEL_SECONDS)
        if not refs:
            return
