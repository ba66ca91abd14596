"""``inforce serve``: the projects held warm behind an HTTP API (the ``serve`` extra), and
``--add-key`` to give a caller a key. It parses, opens and hands over to ``adapters/http``;
every answer is still the front's."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from inforce.ontology import InputError
from inforce.ontology.files import appendable
from inforce.ontology.text import terminal_line

from ._common import err, handle_errors, out, outside_project_files, path_argument
from ._options import parse_groups

__all__ = ["register"]

_EXTRA = "inforce serve needs the serve extra: pip install 'inforce[serve]' (FastAPI and uvicorn)"


@handle_errors
def serve(
    projects: Annotated[list[Path] | None, typer.Argument(
        help="the project folders to serve (each ingested); clients name them by their manifest's project",
        show_default=False, parser=path_argument)] = None,
    keys: Annotated[Path, typer.Option("--keys", help="the keys file: a YAML list of {name, key_sha256, groups, "
                                       "admin, reviewer}", show_default=False, parser=path_argument)] = ...,  # type: ignore[assignment]
    host: Annotated[str, typer.Option("--host", help="the address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="the port to listen on")] = 8080,
    decision_log: Annotated[Path | None, typer.Option(
        "--decision-log", help="append every decision here (default: each project's .inforce/decisions.jsonl)",
        show_default=False, parser=path_argument)] = None,
    time_limit: Annotated[float, typer.Option("--time-limit", min=0.01, max=86_400, help="seconds a request may take (504 "
                                              "after); sweeps and ingests are not cut")] = 30.0,
    head_time_limit: Annotated[float, typer.Option(
        "--head-time-limit", min=0.01, max=86_400, help="seconds a client has to send a request's line and headers, from its "
        "connection's start or the last answer's end (408 after, the connection closed)")] = 10.0,
    max_body: Annotated[int, typer.Option("--max-body", min=1, help="the largest request body, bytes (413 over)")]
    = 1_000_000,
    identity_header: Annotated[str | None, typer.Option(
        "--identity-header", metavar="HEADER", help="trust a reverse proxy (a keys-file entry with proxy: true) to "
        "name its user in this header; the user's entry gives the groups", show_default=False)] = None,
    add_key: Annotated[str | None, typer.Option(
        "--add-key", metavar="NAME", help="give NAME a new key: print it once, append its sha256 to --keys, "
        "and exit", show_default=False)] = None,
    groups: Annotated[str | None, typer.Option("--groups", help="with --add-key: the caller's access groups, "
                                               "comma-separated", show_default=False)] = None,
    admin: Annotated[bool, typer.Option("--admin", help="with --add-key: may ingest (and erase)")] = False,
    proxy: Annotated[bool, typer.Option("--proxy", help="with --add-key: a trusted reverse proxy's key "
                                        "(see --identity-header)")] = False,
    reviewer: Annotated[bool, typer.Option("--reviewer", help="with --add-key: may accept or reject proposals")]
    = False,
) -> None:
    """Serve projects over HTTP: every read the CLI offers, sweeps as jobs, ingest for an admin key.

    Callers authenticate with a bearer key; their groups come from the keys file alone.
    """
    if add_key is not None:
        if projects:
            raise InputError("--add-key writes a key and exits: name no project with it", field="--add-key")
        from inforce.adapters.http.keys import add_key as write_key

        outside_project_files(keys, "--keys", None)  # no project: any holding it
        key = write_key(keys, add_key, parse_groups(groups), admin=admin, reviewer=reviewer, proxy=proxy)
        out.print(key, markup=False)
        err.print(f"{add_key}: key printed once (only its sha256 is kept, in {keys})", markup=False)
        return
    if groups is not None or admin or reviewer or proxy:
        raise InputError("--groups, --admin and --reviewer go with --add-key; a server takes groups from --keys",
                         field="--groups")
    if not projects:
        raise InputError("name at least one project folder to serve", field="PROJECT")
    for folder in projects:  # a log there would be read as a document, or damage the store
        if decision_log is not None:
            outside_project_files(decision_log, "--decision-log", folder)
    if decision_log is not None:
        # tried before anything is served, as the CLI's --decision-log is on its first line: a folder
        # there had the server start "ready" and answer questions whose lines were lost (audit 79 B F2)
        _appendable(decision_log, "--decision-log", "name a file (not a symbolic link) in a folder you may write")
    try:
        from inforce.adapters.http import DecisionLog, Service, Warm, create_app, read_keys, run
        from inforce.adapters.http.server import listening
    except ImportError:
        raise InputError(_EXTRA) from None
    callers = read_keys(keys)
    if identity_header is not None and not callers.proxies:  # no one could ever send it: a setting that does nothing
        raise InputError("--identity-header names the header a trusted proxy's key names its user in, and no key in "
                         "the keys file is a proxy's", file=str(keys), field="--identity-header",
                         hint="add a proxy key (serve --add-key NAME --proxy) or drop --identity-header")
    served: dict[str, Warm] = {}
    for folder in projects:
        warm = Warm.open("", folder)
        name = warm.project_name
        if name in served:
            raise InputError(f"two projects named {name!r}: {served[name].root} and {folder}", field="PROJECT")
        warm.name = name
        served[name] = warm
    log = DecisionLog(decision_log)
    if decision_log is None:  # each project's own log, tried as --decision-log is (audit 80 B L1)
        for warm in served.values():
            _appendable(log.path_for(warm.root), None,
                        "make it a file (not a folder or a symbolic link) the server may write, or give --decision-log")
    service = Service(served, callers, decision_log=log, time_limit=time_limit, identity_header=identity_header)
    app = create_app(service, max_body=max_body)
    bound = listening(host, port)  # an address that does not resolve or bind: an input error, nothing served
    err.print(f"serving {', '.join(served)} on http://{terminal_line(host)}:{port} ({len(callers)} key(s)); its "
              "OpenAPI document at /openapi.json",
              markup=False)
    run(app, host=host, port=port, head_seconds=head_time_limit, bound=bound)


def register(app: typer.Typer) -> None:
    """Add this group's commands to ``app``."""
    app.command("serve")(serve)


def _appendable(log: Path, field: str | None, hint: str) -> None:
    """Refuse to serve when no decision line could be appended to ``log`` (a folder, a link, no
    room, no access): a server that started "ready" would answer every question 503."""
    try:
        appendable(log)
    except OSError as problem:
        raise InputError(f"cannot append to the decision log: {problem.strerror or problem}",
                         file=str(log), field=field, hint=hint) from None
