"""Audit 78 A: ``inforce serve``'s own options.

F1: a ``--host`` IDNA cannot encode (U+009B) ended in exit 70 "internal error: UnicodeError"; an
escape sequence in it was printed raw in the "serving" line. F2: a port already taken, or a host
that does not resolve, exited 3 (the code of a graph that cannot be used) with only uvicorn's log
line. F3: ``--identity-header ""`` (or "X User", a control character, "Authorization") started
the server without a word, every proxied request then refused. Each is now an input error naming
the option, exit 2, before anything is served.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("serve78") / "keys.yaml"
    made = runner.invoke(app, ["serve", "--add-key", "gateway", "--proxy", "--keys", str(path)])
    assert made.exit_code == 0, made.output
    return path


def _serve(project: Path, keys: Path, *options: str):
    return runner.invoke(app, ["serve", str(project), "--keys", str(keys), *options])


@pytest.mark.parametrize(("host", "said"), [("h\u009bx", "h\\x9bx"), ("a\x1bb", "a\\x1bb"),
                                            ("nonexistent.invalid", "nonexistent.invalid")])
def test_a_host_that_does_not_resolve_is_an_input_error(ingested_example, keys: Path, host: str, said: str) -> None:
    done = _serve(ingested_example("sop-retention"), keys, "--host", host, "--port", "0")
    assert done.exit_code == 2, done.output
    assert f"--host: cannot listen on {said}" in done.output and "\x1b" not in done.output, done.output
    assert "serving" not in done.output and "internal error" not in done.output


def test_a_port_already_taken_is_an_input_error_naming_the_port(ingested_example, keys: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = _serve(ingested_example("sop-retention"), keys, "--host", "127.0.0.1", "--port", str(port))
    assert done.exit_code == 2, done.output
    assert f"--port: cannot listen on 127.0.0.1 port {port}" in done.output and "serving" not in done.output


@pytest.mark.parametrize(("header", "said"), [("", "'' is no HTTP header name"), ("X User", "'X User' is no HTTP"),
                                              ("X\x1bY", "'X\\x1bY' is no HTTP"), ("X-User:", "'X-User:' is no"),
                                              ("Authorization", "a header of the request itself")])
def test_an_identity_header_no_request_could_carry_is_an_input_error(ingested_example, keys: Path, header: str,
                                                                     said: str) -> None:
    done = _serve(ingested_example("sop-retention"), keys, "--identity-header", header, "--port", "0")
    assert done.exit_code == 2, done.output
    assert "--identity-header" in done.output and said in done.output, done.output


def test_a_decision_log_no_line_can_be_appended_to_is_refused_before_serving(ingested_example, keys: Path,
                                                                             tmp_path: Path) -> None:
    """Audit 79 B F2: ``--decision-log`` naming a folder started the server "ready", and questions
    were answered with their lines lost; the CLI's ``--decision-log`` refuses it at once. The log is
    opened for appending before anything is served, and refused as the CLI refuses it (exit 2)."""
    folder = tmp_path / "logs"
    folder.mkdir()
    done = _serve(ingested_example("sop-retention"), keys, "--decision-log", str(folder), "--port", "0")
    assert done.exit_code == 2, done.output
    assert "--decision-log" in done.output and "cannot append to the decision log" in done.output, done.output
    assert "serving" not in done.output


def test_an_identity_header_with_no_proxy_key_to_send_it_is_an_input_error(ingested_example, tmp_path: Path) -> None:
    """Audit 78 B (low): ``--identity-header`` with no ``proxy: true`` key in the keys file started
    silently; no request could ever name a user in it."""
    plain = tmp_path / "keys.yaml"
    made = runner.invoke(app, ["serve", "--add-key", "reader", "--keys", str(plain)])
    assert made.exit_code == 0, made.output
    done = _serve(ingested_example("sop-retention"), plain, "--identity-header", "X-User", "--port", "0")
    assert done.exit_code == 2, done.output
    assert "--identity-header" in done.output and "no key in the keys file is a proxy's" in done.output, done.output
    assert "serving" not in done.output


@pytest.mark.parametrize("option", ["--time-limit", "--head-time-limit"])
@pytest.mark.parametrize("value", ["inf", "1e9"])
def test_a_time_limit_past_a_day_is_refused(ingested_example, keys: Path, option: str, value: str) -> None:
    """Audit 78 B (low): ``--time-limit inf`` was taken: a request might then hold a worker forever."""
    done = _serve(ingested_example("sop-retention"), keys, option, value, "--port", "0")
    assert done.exit_code == 2, done.output
    assert option in done.output and "serving" not in done.output, done.output


@pytest.mark.parametrize("made", ["folder", "link to a folder", "dangling link"])
def test_a_projects_own_decision_log_no_line_can_be_appended_to_is_refused_before_serving(
        ingested_example, keys: Path, tmp_path: Path, made: str) -> None:
    """Audit 80 B L1: with no ``--decision-log``, each project's own ``.inforce/decisions.jsonl``
    a folder (or a link) had the server start "ready" and answer every question 503; it is tried
    at start as ``--decision-log`` is, and refused naming it (exit 2)."""
    project = ingested_example.copy("sop-retention", tmp_path / "p")
    log = project / ".inforce" / "decisions.jsonl"
    if made == "folder":
        log.mkdir()
    else:
        (tmp_path / "elsewhere").mkdir()
        log.symlink_to(tmp_path / ("elsewhere" if made == "link to a folder" else "missing"))
    # a child of its own, timed: a server that starts is a failure here, never a test that hangs
    done = subprocess.run([str(Path(sys.executable).parent / "inforce"), "serve", str(project), "--keys", str(keys),
                           "--host", "127.0.0.1", "--port", "0"], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 2, done.stderr
    assert "cannot append to the decision log" in done.stderr and "decisions.jsonl" in done.stderr, done.stderr
    assert "serving" not in done.stderr
