"""Issue 23, audit 66 B L4: a file a command is handed by name, where a device makes no sense,
is refused unread as "not a regular file", as ``rules impact --pack`` already was (the one
bounded reader, ``read_bounded(regular=True)``): ``check --answer``, ``replay``, ``sweep
--baseline`` and ``serve --keys`` read ``/dev/zero`` up to 64 MiB ("over the limit"), and
``/dev/null`` as an empty file (``serve --keys /dev/null`` started a server with 0 keys, which
refuses every caller). A keys file holding no key is refused too. Standard input (``-``) is
still read as a stream; each refusal has its control."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from inforce.adapters.cli._scaffold import scaffold_project
from inforce.adapters.http import read_keys
from inforce.ontology import InputError
from tests.support.in_process import inforce

pytestmark = pytest.mark.skipif(not (os.path.exists("/dev/zero") and os.path.exists("/dev/null")),
                                reason="no /dev/zero or /dev/null here")
DEVICES = ["/dev/zero", "/dev/null"]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("devices") / "p"
    scaffold_project(root, today="2026-01-05")
    assert inforce("ingest", root).returncode == 0
    return root


def _refused_unread(done, device: str) -> None:  # type: ignore[no-untyped-def]
    assert done.returncode == 2, done.stdout + done.stderr
    assert "not a regular file" in done.stderr and device in done.stderr, done.stderr
    assert "over the limit" not in done.stderr


@pytest.mark.parametrize("device", DEVICES)
def test_check_answer_a_device_is_refused_unread(project: Path, device: str) -> None:
    _refused_unread(inforce("check", project, "--answer", device), device)


@pytest.mark.parametrize("device", DEVICES)
def test_replay_a_device_is_refused_unread(project: Path, device: str) -> None:
    _refused_unread(inforce("replay", project, device), device)


@pytest.mark.parametrize("device", DEVICES)
def test_sweep_baseline_a_device_is_refused_unread(project: Path, device: str) -> None:
    _refused_unread(inforce("sweep", project, "--valid-at", "2026-05-01", "--baseline", device), device)


@pytest.mark.parametrize("device", DEVICES)
def test_serve_keys_a_device_is_refused_unread(project: Path, device: str) -> None:
    _refused_unread(inforce("serve", project, "--keys", device), device)


def test_an_answer_on_standard_input_is_still_read(project: Path) -> None:
    """The control: ``-`` is a stream, never judged as a file (an empty one is no answer, said so)."""
    done = inforce("check", project, "--answer", "-")
    assert done.returncode == 2 and "not a regular file" not in done.stderr, done.stderr


@pytest.mark.parametrize("text", ["", "[]\n", "# no one yet\n"])
def test_a_keys_file_holding_no_key_is_refused(tmp_path: Path, text: str) -> None:
    path = tmp_path / "keys.yaml"
    path.write_text(text)
    with pytest.raises(InputError) as raised:
        read_keys(path)
    assert "holds no key" in str(raised.value)


def test_a_keys_file_holding_a_key_is_read(tmp_path: Path) -> None:
    path = tmp_path / "keys.yaml"
    path.write_text(f"- name: a\n  key_sha256: {'a' * 64}\n  groups: [g]\n")
    assert len(read_keys(path)) == 1
