"""Odd command-line input is an input error, never an internal one or a read without end
(audit 23h N2, N3, N6)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.cli._scaffold import scaffold_project
from inforce.adapters.http import read_keys
from inforce.ontology import InputError

runner = CliRunner()


@pytest.mark.parametrize("args", [["init", "{long}"], ["rules", "check", "{long}"]])
def test_a_name_too_long_for_the_file_system_is_an_input_error(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    done = runner.invoke(app, [a.format(long="n" * 300) for a in args])
    assert done.exit_code == 2, done.output
    assert "File name too long" in done.output and "internal error" not in done.output


def test_add_key_to_a_folder_is_an_input_error(tmp_path):
    done = runner.invoke(app, ["serve", "--keys", str(tmp_path), "--add-key", "n"])
    assert done.exit_code == 2, done.output
    # refused unread, as every file handed by name is (audit 66 B L4), saying what is there
    assert "the keys file is not a regular file (a folder)" in done.output and "internal error" not in done.output


def test_a_keys_file_over_its_bound_is_refused(tmp_path):
    """(``/dev/zero`` is refused unread as a device since audit 66 B L4: a sparse file past the
    bound is what reaches it now.)"""
    from inforce.adapters.http.keys import KEYS_MAX_BYTES

    path = tmp_path / "keys.yaml"
    with path.open("wb") as handle:
        handle.truncate(KEYS_MAX_BYTES + 1)
    with pytest.raises(InputError) as raised:
        read_keys(path)
    assert "over the limit" in str(raised.value)


def test_groups_that_are_not_utf8_are_refused(tmp_path):
    scaffold_project(tmp_path / "p", today="2026-01-05")
    done = runner.invoke(app, ["lag", str(tmp_path / "p"), "--groups", "x\udcff\udc9b"])
    assert done.exit_code == 2, done.output
    assert "--groups: not UTF-8" in done.output


@pytest.mark.parametrize("command", ["init", "ingest", "lag"])
def test_a_project_folder_whose_name_is_not_utf8_is_refused(tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    done = runner.invoke(app, [command, "x\udcff\udc9b"])
    assert done.exit_code == 2, done.output
    assert "not UTF-8" in done.output and not list(tmp_path.iterdir())
