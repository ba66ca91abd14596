#!/usr/bin/env python3
"""The service measured as a client meets it: ``inforce serve`` in its own process on loopback.

    python bench/http_bench.py [--provisions 100000] [--seconds 10] [--swaps] [--swap-clients 32]
                               [--swap-seconds 60] [--swap-ingests 10] [--swap-project DIR]

The project is the one ``verify_bench.py`` and ``startup_bench.py`` cache under
``/tmp/inforce-bench``: ``--provisions``/10 handbooks of about 12 provisions each, in editions
and access groups, embedded where ``verify_bench.py`` embedded it. This script writes a keys
file (``inforce serve --add-key``: a reader in every group), starts ``inforce serve`` on it on
127.0.0.1 and a free port, opens the same project in its own process with the same models (the
in-process column), and stops the server at the end. Every loop is bounded by a count or a clock.

Single client, the in-process and HTTP calls interleaved (a busy machine slows both):

- ``check`` of a one-claim answer (a valid quoted citation): HTTP p50 <= 2 x in-process + 2 ms
- ``resolve`` of one question with a case, HTTP p50 <= 150 ms (the in-process time beside it)
- ``asof`` of one section on a date: HTTP p50 <= in-process + 1 ms

Throughput with 1, 8 and 32 concurrent clients (threads, one keep-alive httpx client each) for
``--seconds`` each on a mixed read load (asof 60%, show 20%, check 10%, resolve 10%):
requests/s, p50/p95/p99, errors; every fifth answer compared with the in-process one.

``--swaps``: ``--swap-clients`` clients read for ``--swap-seconds`` while ``--swap-ingests``
ingests (the admin key, ``POST .../ingest`` after touching a document) swap generations: errors,
answers whose body build differs from their ``X-Inforce-Build`` header or was not a build that
existed while they were asked (the sequence of builds is printed), and whether every build was
seen. ``--swap-project`` names the project to swap (a copy is made; default: a copy of the
Riverside example, small enough that ten ingests fit the window on this machine).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import INFORCE, ingest_summary, ingest_usable, p50  # noqa: E402

REPO = HERE.parent
BUILD_HEADER = "X-Inforce-Build"


# ---- figures ---------------------------------------------------------------------------------------


def pct(times: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank) of a series."""
    ordered = sorted(times)
    return ordered[max(0, min(len(ordered) - 1, round(q * len(ordered)) - 1))]


def met(ok: bool) -> str:
    return "**met**" if ok else "**not met**"


# ---- the server, in its own process ------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def add_key(keys: Path, name: str, groups: Sequence[str], *, admin: bool = False) -> str:
    """``inforce serve --add-key``: the key it prints once."""
    words = [str(INFORCE), "serve", "--add-key", name, "--keys", str(keys)]
    if groups:
        words += ["--groups", ",".join(groups)]
    if admin:
        words.append("--admin")
    done = subprocess.run(words, capture_output=True, text=True, check=False, timeout=120)
    if done.returncode != 0:
        raise SystemExit(f"inforce serve --add-key {name} failed ({done.returncode}): {done.stderr[-2000:]}")
    return done.stdout.strip()


@contextmanager
def served(projects: Sequence[Path], keys: Path, scratch: Path, *, wait: float = 600) -> Iterator[str]:
    """``inforce serve PROJECTS --keys KEYS`` on 127.0.0.1 and a free port: its base URL while it
    runs; stopped (SIGTERM, then SIGKILL after 30 s) when the block ends."""
    port = free_port()
    log = (scratch / f"serve-{port}.log").open("wb")
    process = subprocess.Popen([str(INFORCE), "serve", *map(str, projects), "--keys", str(keys), "--port", str(port),
                                "--time-limit", "120", "--decision-log", str(scratch / "decisions.jsonl")],
                               stdout=log, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + wait
        while True:
            if process.poll() is not None:
                raise SystemExit(f"inforce serve ended ({process.returncode}):\n"
                                 + (scratch / f"serve-{port}.log").read_text()[-3000:])
            if time.monotonic() > deadline:
                raise SystemExit(f"inforce serve did not answer /readyz in {wait:.0f} s")
            try:
                if httpx.get(f"{url}/readyz", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            time.sleep(0.25)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(30)
        log.close()


# ---- the questions, and what the front answers in this process -------------------------------------


def comparable(value: Any) -> Any:
    """An answer as JSON, without what differs between two askings of one question: the moment
    a check was decided (``audit.decided_at``); anything else that differs is reported."""
    if isinstance(value, dict) and isinstance(value.get("audit"), dict):
        return {**value, "audit": {k: v for k, v in value["audit"].items() if k != "decided_at"}}
    return value


def differences(one: Any, other: Any, path: str = "") -> list[str]:
    """Where two JSON values differ (their paths, ``claims[0].status``)."""
    if type(one) is not type(other):
        return [path or "."]
    if isinstance(one, dict):
        return [d for key in sorted(set(one) | set(other)) for d in differences(one.get(key), other.get(key),
                                                                                 f"{path}.{key}" if path else key)]
    if isinstance(one, list):
        if len(one) != len(other):
            return [f"{path} (length)"]
        return [d for n, (a, b) in enumerate(zip(one, other, strict=True)) for d in differences(a, b, f"{path}[{n}]")]
    return [] if one == other else [path or "."]


#: where answers differed, by question kind: a few paths each, for the output
DIFFERED: dict[str, set[str]] = {}


class Plain:
    """The standard library's keep-alive HTTP/1.1 client (``http.client``), shaped as much like
    ``httpx.Client`` as the single-client rows use: a client whose own cost per request is small
    beside httpx's, so that the service's latency is what the row shows (httpx is shown beside)."""

    @dataclass
    class Response:
        status_code: int
        headers: dict[str, str]
        content: bytes

        def json(self) -> Any:
            return json.loads(self.content)

        def raise_for_status(self) -> None:
            if self.status_code >= 400:
                raise RuntimeError(f"HTTP {self.status_code}: {self.content[:200]!r}")

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        parsed = urllib.parse.urlsplit(url)
        self._connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=120)
        self._headers = dict(headers)

    def _ask(self, method: str, path: str, body: bytes | None, headers: dict[str, str]) -> Plain.Response:
        self._connection.request(method, path, body=body, headers={**self._headers, **headers})
        answer = self._connection.getresponse()
        content = answer.read()
        return Plain.Response(answer.status, {k.lower(): v for k, v in answer.getheaders()}, content)

    def get(self, path: str, params: dict[str, str] | None = None) -> Plain.Response:
        query = f"?{urllib.parse.urlencode(params)}" if params else ""
        return self._ask("GET", path + query, None, {})

    def post(self, path: str, content: str | bytes, headers: dict[str, str]) -> Plain.Response:
        return self._ask("POST", path, content.encode() if isinstance(content, str) else content, headers)

    def close(self) -> None:
        self._connection.close()


def same(question: Question, response: httpx.Response | Plain.Response) -> bool:
    """Whether the HTTP answer is the in-process one (a difference is remembered for the output)."""
    found = differences(comparable(response.json()), question.expected) if response.status_code == 200 else [
        f"status {response.status_code}"]
    if found:
        DIFFERED.setdefault(question.kind, set()).update(found[:3])
    return not found


@dataclass
class Question:
    """One request and the in-process call that answers the same question."""

    kind: str
    method: str
    path: str
    local: Callable[[], Any]
    params: dict[str, str] | None = None
    body: Any = None
    expected: Any = None

    def send(self, client: httpx.Client | Plain) -> httpx.Response | Plain.Response:
        if self.method == "GET":
            return client.get(self.path, params=self.params)
        return client.post(self.path, content=self.body, headers={"content-type": "application/json"})

    def answer_here(self) -> Any:
        result = self.local()
        return json.loads(result.model_dump_json()) if hasattr(result, "model_dump_json") else result


def questions(handbooks: Any, groups: tuple[str, ...], count: int, name: str) -> dict[str, list[Question]]:
    """``count`` questions of each kind (ten times as many asof and show), built from what the
    graph holds before anything is timed."""
    import datetime as dt

    import verify_bench

    from inforce.ontology import Context, Locator

    work = verify_bench.Workload(handbooks)
    rnd = random.Random(5)
    span = (verify_bench.LAST_DAY - verify_bench.FIRST_DAY).days
    docs = sorted(work.paths)
    probes = []
    for _ in range(count * 10):
        doc = rnd.choice(docs)
        probes.append((doc, rnd.choice(work.paths[doc]), verify_bench.FIRST_DAY + dt.timedelta(days=rnd.randrange(span))))
    hb_name = asof_name = name
    asof_project = handbooks
    out: dict[str, list[Question]] = {"check": [], "resolve": [], "asof": [], "show": []}
    for _ in range(count):
        built = work.answer(["valid"])
        answer = built.answer.model_copy(update={"context": built.answer.context.model_copy(update={"groups": ()})})
        body = answer.model_dump_json(exclude_none=True)
        asked = answer.model_copy(update={"context": answer.context.model_copy(update={"groups": groups})})
        out["check"].append(Question("check", "POST", f"/v1/projects/{hb_name}/check",
                                     lambda asked=asked: handbooks.check(asked), body=body))
    for question, case in work.questions(count):
        context = Context(valid_at=case.day, groups=groups, attributes={"market": case.market, "product": case.product})
        body = json.dumps({"question": question, "valid_at": case.day.isoformat(), "k": 10,
                           "attributes": {"market": case.market, "product": case.product}})
        out["resolve"].append(Question("resolve", "POST", f"/v1/projects/{hb_name}/resolve",
                                       lambda q=question, c=context: handbooks.resolve(q, c, k=10), body=body))
    for doc, section, day in probes:
        locator = f"{doc}#{section}"
        out["asof"].append(Question("asof", "GET", f"/v1/projects/{asof_name}/asof",
                                    lambda lo=locator, d=day: asof_project.asof(Locator.parse(lo), d, groups=groups),
                                    params={"locator": locator, "valid_at": day.isoformat()}))
        out["show"].append(Question("show", "GET", f"/v1/projects/{asof_name}/show",
                                    lambda lo=locator: asof_project.show(Locator.parse(lo), groups=groups),
                                    params={"locator": locator}))
    for each in out.values():
        for question in each:
            question.expected = comparable(question.answer_here())
    return out


# ---- single client: HTTP beside in-process ----------------------------------------------------------


def side_by_side(clients: Sequence[httpx.Client | Plain], asked: list[Question],
                 rounds: int) -> tuple[list[float], list[list[float]], int]:
    """(in-process seconds, HTTP seconds for each client, answers that differ), all interleaved;
    a warm-up pass first."""
    here: list[float] = []
    there: list[list[float]] = [[] for _ in clients]
    differ = 0
    for question in asked[:3]:
        question.local()
        for client in clients:
            question.send(client)
    for n in range(rounds):
        question = asked[n % len(asked)]
        started = time.perf_counter()
        question.local()
        here.append(time.perf_counter() - started)
        for times, client in zip(there, clients, strict=True):
            started = time.perf_counter()
            response = question.send(client)
            times.append(time.perf_counter() - started)
            differ += not same(question, response)
    return here, there, differ


# ---- many clients -----------------------------------------------------------------------------------


@dataclass
class Load:
    clients: int
    seconds: float
    times: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    compared: int = 0
    differ: int = 0
    wall: float = 0.0


MIX = (("asof", 6), ("show", 2), ("check", 1), ("resolve", 1))


def mixed(asked: dict[str, list[Question]], rnd: random.Random) -> Question:
    kind = rnd.choices([k for k, _ in MIX], weights=[w for _, w in MIX])[0]
    return rnd.choice(asked[kind])


def load(url: str, headers: dict[str, str], asked: dict[str, list[Question]], clients: int, seconds: float, *,
         max_requests: int = 200_000) -> Load:
    """``clients`` threads asking the mix for ``seconds`` (or ``max_requests`` in all)."""
    result = Load(clients, seconds)
    lock = threading.Lock()
    ready = threading.Barrier(clients + 1, timeout=300)
    stop = [float("inf")]  # set when every client has its connection pool made
    count = [0]

    def client(seed: int) -> None:
        rnd = random.Random(seed)
        with httpx.Client(base_url=url, headers=headers, timeout=120) as own:
            n = 0
            ready.wait()
            while time.monotonic() < stop[0]:
                with lock:
                    if count[0] >= max_requests:
                        return
                    count[0] += 1
                question = mixed(asked, rnd)
                started = time.perf_counter()
                try:
                    response = question.send(own)
                except httpx.HTTPError as problem:
                    with lock:
                        result.errors.append(f"{question.kind}: {type(problem).__name__}")
                    continue
                took = time.perf_counter() - started
                wrong = None
                if response.status_code != 200:
                    wrong = f"{question.kind}: {response.status_code} {response.text[:200]}"
                checked = differs = False
                if wrong is None and n % 5 == 0:
                    checked, differs = True, not same(question, response)
                n += 1
                with lock:
                    result.times.append(took)
                    if wrong:
                        result.errors.append(wrong)
                    result.compared += checked
                    result.differ += differs

    threads = [threading.Thread(target=client, args=(seed,), daemon=True) for seed in range(clients)]
    for thread in threads:
        thread.start()
    ready.wait()
    started = time.perf_counter()
    stop[0] = time.monotonic() + seconds
    for thread in threads:
        thread.join(seconds + 300)
    result.wall = time.perf_counter() - started
    return result


# ---- swaps under load --------------------------------------------------------------------------------


@dataclass
class Swaps:
    """What the clients saw while ingests swapped generations."""

    builds: list[str]                                          # initial, then each ingest's build, in order
    ingests: list[tuple[float, float, int, str]]               # (sent, returned, status, build)
    answers: list[tuple[float, float, int, str, str]]          # (sent, received, status, header, body build)
    errors: list[str]

    def mixed(self) -> list[tuple[float, float, int, str, str]]:
        """Answers whose header and body name different builds."""
        return [a for a in self.answers if a[2] == 200 and a[3] != a[4]]

    def out_of_time(self) -> list[tuple[float, float, int, str, str]]:
        """Answers from a build that did not exist while they were asked: build k exists from
        when its ingest was sent until the next ingest returned (the initial one from the start)."""
        index = {build: k for k, build in enumerate(self.builds)}
        wrong = []
        for answer in self.answers:
            sent, received, status, _, body = answer
            k = index.get(body)
            if status != 200:
                continue
            if k is None:
                wrong.append(answer)
                continue
            born = self.ingests[k - 1][0] if k > 0 else float("-inf")
            gone = self.ingests[k][1] if k < len(self.ingests) else float("inf")
            if not (born <= received and sent <= gone):
                wrong.append(answer)
        return wrong

    def unseen(self) -> list[str]:
        seen = {a[4] for a in self.answers}
        return [b for b in self.builds if b not in seen]

    def lines(self) -> list[str]:
        statuses: dict[int, int] = {}
        for answer in self.answers:
            statuses[answer[2]] = statuses.get(answer[2], 0) + 1
        times = [a[1] - a[0] for a in self.answers]
        return [
            f"- answers: {len(self.answers):,} ({', '.join(f'{n:,} x {s}' for s, n in sorted(statuses.items()))}); "
            f"p50 {pct(times, .5) * 1e3:.1f} ms, p99 {pct(times, .99) * 1e3:.1f} ms" if times else "- answers: none",
            f"- ingests: {len(self.ingests)} ({', '.join(f'{r - s:.1f} s' for s, r, _, _ in self.ingests)}), "
            f"statuses {sorted({i[2] for i in self.ingests})}",
            f"- builds in order: {' -> '.join(self.builds)}",
            f"- errors: {len(self.errors) + sum(1 for a in self.answers if a[2] != 200)}"
            + (f" (first: {(self.errors or [f'status {a[2]}' for a in self.answers if a[2] != 200])[0]})"
               if self.errors or any(a[2] != 200 for a in self.answers) else ""),
            f"- answers whose body build differs from their {BUILD_HEADER} header: {len(self.mixed())}",
            f"- answers from a build that did not exist while they were asked: {len(self.out_of_time())}",
            f"- builds never seen by a client: {len(self.unseen())}" + (f" ({', '.join(self.unseen())})"
                                                                         if self.unseen() else ""),
        ]

    def ok(self) -> bool:
        return (not self.errors and all(a[2] == 200 for a in self.answers) and not self.mixed()
                and not self.out_of_time() and not self.unseen() and len(self.builds) == len(self.ingests) + 1
                and all(i[2] == 200 for i in self.ingests))


def touch(document: Path) -> None:
    """A changed file for the next ingest: one more blank line at its end (the provisions' text,
    and so every answer but its build, stays the same; the file's hash, and so the build, changes
    — a line taken off again would bring an earlier build back, and the builds must differ)."""
    document.write_bytes(document.read_bytes() + b"\n")


def swaps_under_load(url: str, name: str, document: Path, reader: dict[str, str], admin: dict[str, str],
                     requests: Sequence[tuple[str, dict[str, str]]], *, clients: int, seconds: float,
                     ingests: int, max_requests: int = 500_000) -> Swaps:
    """``clients`` threads GET ``requests`` (path, params) in turn for ``seconds`` while
    ``ingests`` ingests, spread over the window, swap generations."""
    base = f"/v1/projects/{name}"
    with httpx.Client(base_url=url, headers=reader, timeout=120) as one:
        builds = [one.get("/v1/projects").json()]
    builds_list = [next(p["index_build"] for p in builds[0] if p["name"] == name)]
    result = Swaps(builds_list, [], [], [])
    lock = threading.Lock()
    start = time.monotonic()
    # the clients ask for ``seconds``, and on until a second after the last ingest returned
    stop = [start + seconds]
    written = threading.Event()
    count = [0]

    def client(seed: int) -> None:
        turn = seed
        with httpx.Client(base_url=url, headers=reader, timeout=120) as own:
            while time.monotonic() < stop[0] or not written.is_set():
                with lock:
                    if count[0] >= max_requests:
                        return
                    count[0] += 1
                path, params = requests[turn % len(requests)]
                turn += 1
                sent = time.monotonic()
                try:
                    response = own.get(base + path, params=params)
                    body = response.json()
                except (httpx.HTTPError, ValueError) as problem:
                    with lock:
                        result.errors.append(f"{path}: {type(problem).__name__}: {problem}")
                    continue
                received = time.monotonic()
                build = body.get("index_build", "") if isinstance(body, dict) else ""
                with lock:
                    result.answers.append((sent, received, response.status_code,
                                           response.headers.get(BUILD_HEADER, ""), build))

    threads = [threading.Thread(target=client, args=(seed,), daemon=True) for seed in range(clients)]
    for thread in threads:
        thread.start()
    try:
        ingest_all(url, base, admin, document, result, start, seconds, ingests)
    finally:
        stop[0] = max(stop[0], time.monotonic() + 1.0)
        written.set()
    for thread in threads:
        thread.join(seconds + 300)
    return result


def ingest_all(url: str, base: str, admin: dict[str, str], document: Path, result: Swaps, start: float,
               seconds: float, ingests: int) -> None:
    """The admin's ingests, spread over the window (each after the last has returned)."""
    with httpx.Client(base_url=url, headers=admin, timeout=max(600.0, seconds * 5)) as writer:
        for n in range(ingests):
            due = start + (n + 0.5) * seconds / (ingests + 0.5)
            time.sleep(max(0.0, due - time.monotonic()))
            touch(document)
            sent = time.monotonic()
            response = writer.post(f"{base}/ingest")
            returned = time.monotonic()
            build = response.json().get("index_build", "") if response.status_code == 200 else ""
            result.ingests.append((sent, returned, response.status_code, build))
            if response.status_code != 200:
                result.errors.append(f"ingest {n + 1}: {response.status_code} {response.text[:300]}")
                break
            result.builds.append(build)


# ---- the run -----------------------------------------------------------------------------------------


def project(provisions: int) -> tuple[Path, list[str]]:
    """The cached handbooks at this size (``verify_bench.py``'s, about ten provisions a
    handbook), ingested: (the folder, notes)."""
    import startup_bench

    handbooks = startup_bench.handbooks(max(1, provisions // 10))
    wall, summary, note = ingest_usable(handbooks)
    return handbooks, [f"`inforce ingest {handbooks}`: {wall:.1f} s, {ingest_summary(summary)}"
                       + (f"; {note}" if note else "")]


def open_here(folder: Path) -> Any:
    """The project in this process with every model its manifest names, as the server opens it."""
    from inforce.adapters.models import open_project

    opened, _ = open_project(folder, embedding=True, nli=True, rerank=True)
    return opened


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--provisions", type=int, default=100_000)
    parser.add_argument("--rounds", type=int, default=200, help="single-client samples of check and asof")
    parser.add_argument("--resolve-rounds", type=int, default=40, help="single-client samples of resolve")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds of load at each concurrency")
    parser.add_argument("--concurrency", default="1,8,32")
    parser.add_argument("--swaps", action="store_true", help="also the swaps under load")
    parser.add_argument("--swap-clients", type=int, default=32)
    parser.add_argument("--swap-seconds", type=float, default=60.0)
    parser.add_argument("--swap-ingests", type=int, default=10)
    parser.add_argument("--swap-project", type=Path, default=REPO / "examples" / "riverside-library")
    parser.add_argument("--no-measure", action="store_true", help="only the swaps")
    args = parser.parse_args(argv)

    scratch = Path(tempfile.mkdtemp(prefix="http-bench-"))
    try:
        if not args.no_measure:
            measure(args, scratch)
        if args.swaps:
            swaps(args, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return 0


def measure(args: argparse.Namespace, scratch: Path) -> None:
    import verify_bench

    groups = tuple(sorted(verify_bench.GROUPS))
    handbooks_dir, notes = project(args.provisions)
    audit = handbooks_dir / ".inforce" / "audit"  # where the server stores each check's record
    audit_before = audit.exists()
    keys = scratch / "keys.yaml"
    reader = {"Authorization": f"Bearer {add_key(keys, 'bench-reader', groups)}"}
    handbooks = open_here(handbooks_dir)
    try:
        embedded = handbooks.backends.embedder is not None
        held = handbooks.stats()
        asked = questions(handbooks, groups, 20, str(handbooks.manifest.project))
        with served([handbooks_dir], keys, scratch) as url, \
                httpx.Client(base_url=url, headers=reader, timeout=120) as client:
            plain = Plain(url, reader)
            floor: list[list[float]] = [[], []]
            for n in range(args.rounds + 3):
                for times, each in zip(floor, (plain, client), strict=True):
                    started = time.perf_counter()
                    each.get("/v1/whoami").raise_for_status()
                    if n >= 3:
                        times.append(time.perf_counter() - started)
            single = {
                "check": side_by_side((plain, client), asked["check"], args.rounds),
                "resolve": side_by_side((plain, client), asked["resolve"], args.resolve_rounds),
                "asof": side_by_side((plain, client), asked["asof"], args.rounds),
            }
            plain.close()
            loads = [load(url, reader, asked, int(c), args.seconds) for c in args.concurrency.split(",")]
    finally:
        handbooks.close()
        if not audit_before:  # the cached project is left as it was found
            shutil.rmtree(audit, ignore_errors=True)

    print(f"{held.sections + held.callouts + held.table_rows:,} provisions ({held.documents:,} handbooks of "
          f"`verify_bench.py`, `--provisions {args.provisions}`): `inforce serve` on loopback in its own process (uvicorn, one worker). "
          f"Single client: p50 of {args.rounds} calls (resolve {args.resolve_rounds}), in-process and HTTP interleaved, after "
          f"a warm-up; the HTTP columns ask with the standard library's `http.client` (keep-alive; its own cost per request "
          f"is small) and, beside it, with httpx (keep-alive; a heavier client: the difference is the client's, not the "
          f"service's); the goal is judged on `http.client`. The in-process column is `Project` opened in the benchmark's "
          f"process with the same models. Load: httpx clients, each level for {args.seconds:.0f} s.")
    print()
    print("| question | in-process p50 | HTTP p50 (http.client) | HTTP p95 (http.client) | HTTP p50 (httpx) | goal | answers equal | |")
    print("|---|---|---|---|---|---|---|---|")
    for kind, goal_of in (("check", lambda here: 2 * here + 2e-3), ("resolve", lambda here: 0.150),
                          ("asof", lambda here: here + 1e-3)):
        here, (there, there_httpx), differ = single[kind]
        goal = goal_of(p50(here))
        words = {"check": "<= 2 x in-process + 2 ms", "resolve": "<= 150 ms", "asof": "<= in-process + 1 ms"}[kind]
        label = {"check": "`check`, one claim", "resolve": "`resolve`, one question, k=10"
                 + ("" if embedded else " (full text: not embedded)"), "asof": "`asof`, one section"}[kind]
        asked_n = len(there) + len(there_httpx)
        print(f"| {label} | {p50(here) * 1e3:.2f} ms | {p50(there) * 1e3:.2f} ms | {pct(there, .95) * 1e3:.2f} ms | "
              f"{p50(there_httpx) * 1e3:.2f} ms | {words} ({goal * 1e3:.2f} ms) | {asked_n - differ}/{asked_n} | "
              f"{met(p50(there) <= goal)} |")
    print(f"| the HTTP floor: `GET /v1/whoami` (the key looked up, no engine) | – | {p50(floor[0]) * 1e3:.2f} ms | "
          f"{pct(floor[0], .95) * 1e3:.2f} ms | {p50(floor[1]) * 1e3:.2f} ms | – | – | |")
    print()
    print("Mixed read load (asof 60%, show 20%, check 10%, resolve 10%), every fifth answer compared with the "
          "in-process one:")
    print()
    print("| clients | requests | requests/s | p50 | p95 | p99 | errors | answers compared (equal) |")
    print("|---|---|---|---|---|---|---|---|")
    for each in loads:
        times = each.times or [0.0]
        print(f"| {each.clients} | {len(each.times):,} | {len(each.times) / each.wall:,.1f} | "
              f"{pct(times, .5) * 1e3:.1f} ms | {pct(times, .95) * 1e3:.1f} ms | {pct(times, .99) * 1e3:.1f} ms | "
              f"{len(each.errors)} | {each.compared:,} ({each.compared - each.differ:,}) |")
    for each in loads:
        for error in sorted(set(each.errors))[:3]:
            print(f"- {each.clients} clients, error: {error}")
    for kind, paths in sorted(DIFFERED.items()):
        print(f"- `{kind}` answers differed from the in-process ones at: {', '.join(sorted(paths)[:6])}")
    print()
    print("Projects:")
    for note in notes:
        print(f"- {note}")
    print(f"- resolve: {'vectors and the model' if embedded else 'full text only (the project is not embedded)'}")
    print()


def swaps(args: argparse.Namespace, scratch: Path) -> None:
    source = args.swap_project
    copy = scratch / "swap" / source.name
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns(".inforce"))
    wall, summary, _ = ingest_usable(copy)
    keys = scratch / "swap-keys.yaml"
    from inforce.engine import Project

    with Project.open(copy) as opened:
        name = str(opened.manifest.project)
        revisions = [row for row in opened.snapshot.store.revision_rows()]
        locators = sorted(opened.snapshot.store.provision_outlines().items())
        groups = sorted({g for row in revisions for g in (row[-1] if isinstance(row[-1], (list, tuple)) else ())})
    reader = {"Authorization": f"Bearer {add_key(keys, 'swap-reader', groups)}"}
    admin = {"Authorization": f"Bearer {add_key(keys, 'swap-admin', groups, admin=True)}"}
    requests: list[tuple[str, dict[str, str]]] = []
    for uid, outline in locators[:40]:
        doc = uid.split("@")[0]
        for path in sorted(outline)[:3]:
            requests.append(("/asof", {"locator": f"{doc}#{path}", "valid_at": "2026-05-01"}))
            requests.append(("/show", {"locator": f"{doc}#{path}"}))
    document = sorted((copy / "documents").glob("*.md"))[0]
    with served([copy], keys, scratch) as url:
        result = swaps_under_load(url, name, document, reader, admin, requests, clients=args.swap_clients,
                                  seconds=args.swap_seconds, ingests=args.swap_ingests)
    print(f"Swaps under load: {args.swap_clients} clients for {args.swap_seconds:.0f} s (asof and show in turn over "
          f"{len(requests)} locators) while {args.swap_ingests} ingests (the admin key, `POST .../ingest` after a "
          f"blank line is added to `{document.name}`) swap generations of {source.name} "
          f"({ingest_summary(summary)}; first ingest {wall:.1f} s).")
    print()
    for line in result.lines():
        print(line)
    print(f"- 0 errors, 0 answers mixing builds, every answer's build one that existed at its time, every build "
          f"seen: {met(result.ok())}")
    print()


if __name__ == "__main__":
    raise SystemExit(main())
