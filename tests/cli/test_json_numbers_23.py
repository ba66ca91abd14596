"""A number past what any field holds, in any JSON the CLI reads, is an input error (issue 23).

A JSON integer of 5,000 digits in an answer (`check --answer`), a sweep baseline (`--baseline`)
or an audit record (`replay`) made Python's reader raise a bare ValueError (its 4,300-digit
limit): exit 70, an internal error. Every JSON text inforce reads now goes through
``ontology.jsontext`` (numbers of at most 100 characters), as the service's bodies already did:
exit 2, naming the file.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.ontology.jsontext import MAX_DIGITS, NestingTooDeep, NumberTooLong, loads

runner = CliRunner()
BIG = "9" * 5000


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("numbers") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: numbers\nfacets: []\nrules: []\n")
    (root / "documents" / "d.md").write_text(
        "---\nid: D-1\nkind: specification\ntitle: D\nissued: 2026-03-02\neffective: {from: 2026-03-02}\n"
        "recorded: 2026-03-02T09:00:00Z\n---\n1 GENERAL\n\n1.1 Slump: 100 mm maximum.\n")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


@pytest.mark.parametrize("command, name, text", [
    (["check", "{p}", "--answer", "{f}"], "answer.json",
     '{"question":"q","context":{"valid_at":"2026-05-01","known_at":null,"groups":[]},'
     '"claims":[{"text":"x","citations":[{"locator":"D-1#1.1","span":[1,' + BIG + ']}]}]}'),
    (["sweep", "{p}", "--valid-at", "2026-05-01", "--baseline", "{f}"], "baseline.json", '{"zz": ' + BIG + "}"),
    (["replay", "{p}", "{f}"], "record.json", '{"format": "inforce-decision/2", "sha256": ' + BIG + ".5}"),
])
def test_a_number_of_thousands_of_digits_is_an_input_error_naming_the_file(project: Path, tmp_path: Path,
                                                                          command: list[str], name: str, text: str):
    path = tmp_path / name
    path.write_text(text)
    done = runner.invoke(app, [part.format(p=project, f=path) for part in command])
    assert done.exit_code == 2, done.output
    assert name in done.output and "internal error" not in done.output
    assert f"at most {MAX_DIGITS}" in done.output or "not an answer" in done.output


def test_the_one_reader_bounds_integers_and_floats_and_reads_the_rest_as_json():
    assert loads('{"a": [1, 2.5, -3e2]}') == {"a": [1, 2.5, -300.0]}
    for number in ("1" * (MAX_DIGITS + 1), "1." + "5" * MAX_DIGITS):
        with pytest.raises(NumberTooLong):
            loads(f"[{number}]")
    assert loads("[" + "1" * MAX_DIGITS + "]") == [int("1" * MAX_DIGITS)]


DEEP = "[" * 5000 + "]" * 5000


@pytest.fixture(scope="module")
def packed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, Path]:
    """A project with an eligibility pack, and an edited copy of the pack to weigh against it."""
    root = tmp_path_factory.mktemp("packed") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "rules").mkdir()
    (root / "inforce.yaml").write_text("project: packed\nfacets: [market]\nrules:\n  - path: rules/elig.yaml\n")
    (root / "documents" / "d.md").write_text(
        "---\nid: D-1\nkind: policy\ntitle: T\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
        "recorded: 2026-01-01T00:00:00Z\n---\n1 ONE\n\n1.1 Text.\n")
    pack = root / "rules" / "elig.yaml"
    made = runner.invoke(app, ["rules", "new", str(pack), "--kind", "eligibility"])
    assert made.exit_code == 0, made.output
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    edited = root.parent / "edited.yaml"
    edited.write_text(pack.read_text().replace("A document applies", "Any document applies"))
    return root, pack, edited


@pytest.mark.parametrize("command, name, text", [
    (["check", "{p}", "--answer", "{f}"], "answer.json", '{"question": "q", "x": ' + DEEP + "}"),
    (["sweep", "{p}", "--valid-at", "2026-05-01", "--baseline", "{f}"], "baseline.json", '{"zz": ' + DEEP + "}"),
    (["replay", "{p}", "{f}"], "record.json", '{"format": "inforce-decision/2", "x": ' + DEEP + "}"),
    (["rules", "impact", "{q}", "--pack", "{e}", "--against", "{k}", "--cases", "{f}"], "cases.jsonl",
     '{"name": "a", "attributes": {"market": "UK"}, "valid_at": "2026-05-01", "x": ' + DEEP + "}\n"),
    (["rules", "impact", "{q}", "--pack", "{e}", "--against", "{k}", "--decisions", "{f}"], "log.jsonl",
     '{"name": "a", "x": ' + DEEP + "}\n"),
])
def test_json_nested_thousands_deep_is_an_input_error_naming_the_file(
        project: Path, packed: tuple[Path, Path, Path], tmp_path: Path, command: list[str], name: str, text: str):
    """``rules impact --cases/--decisions`` exited 70 (a RecursionError inside the reader); the one
    reader now says the text nests too deeply, and every command names the file, exit 2."""
    path = tmp_path / name
    path.write_text(text)
    root, pack, edited = packed
    done = runner.invoke(app, [part.format(p=project, q=root, k=pack, e=edited, f=path) for part in command])
    assert done.exit_code == 2, done.output
    assert name in done.output and "internal error" not in done.output
    assert "nest" in done.output


def test_the_one_reader_names_deep_nesting_as_a_value_error():
    with pytest.raises(NestingTooDeep):
        loads(DEEP)
    assert issubclass(NestingTooDeep, ValueError)
    assert loads("[" * 30 + "]" * 30) == loads("[" * 30 + "]" * 30)


def test_a_key_written_twice_in_one_object_is_refused_at_its_second_line() -> None:
    # (audit 61 F01) every JSON inforce reads goes through jsontext.loads; Python's reader keeps the last value
    from inforce.ontology.jsontext import DuplicateKey, loads

    text = '{"a": {"k": 1},\n "b": {"x": "\\"k\\": 2", "k": 3,\n  "k": 4}}'
    with pytest.raises(DuplicateKey) as twice:
        loads(text)
    assert (twice.value.key, twice.value.line) == ("k", 3)
    assert loads('{"a": {"k": 1}, "b": {"k": 2}}') == {"a": {"k": 1}, "b": {"k": 2}}  # one key per object
