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


@pytest.mark.parametrize("text, line, col", [
    ('{"a": "x\\ud800"}', 1, 9),
    ('[\n"ok", "\\udfff tail"]', 2, 8),
    ('{"a": "\\ud800\\n"}', 1, 8),
    ('{"a": "\\ud800\\ud800"}', 1, 8),
    ('{"a": "\\ud800\\udc00\\udc00"}', 1, 20),
    ('"\udc80"', 1, 2),
])
def test_half_of_a_surrogate_pair_is_no_json_text_at_its_line(text: str, line: int, col: int):
    """Audit 73 B F2: a string holding half of a surrogate pair is no Unicode text; the one reader
    refuses it as text that does not read, where every caller says so at its line and column."""
    import json

    with pytest.raises(json.JSONDecodeError) as refused:
        loads(text)
    assert "half of a surrogate pair" in refused.value.msg
    assert (refused.value.lineno, refused.value.colno) == (line, col)


def test_a_whole_surrogate_pair_and_an_escaped_backslash_read():
    assert loads('{"a": "\\ud83d\\ude00", "b": "\\\\ud800", "c": "\\u00e9"}') == {"a": "\U0001F600", "b": "\\ud800",
                                                                                 "c": "\u00e9"}


@pytest.mark.parametrize("field", ["question", "quote"])
def test_an_answer_with_half_a_surrogate_pair_is_an_input_error_not_a_crash(project: Path, tmp_path: Path,
                                                                          field: str):
    """Audit 73 B F2: `check --format json` and `--audit-dir` ended in exit 70 (the verdict could not
    be written as UTF-8) for a lone surrogate in the question or a quote; exit 2 at its line now,
    and no audit record."""
    question = "Slump\\ud800?" if field == "question" else "Slump?"
    quote = "Slump: 100\\udfff mm" if field == "quote" else "Slump: 100 mm"
    path = tmp_path / "answer.json"
    path.write_text('{"question": "' + question + '",\n"context": {"valid_at": "2026-05-01"},\n'
                    '"claims": [{"text": "Slump is 100 mm.", "citations": [{"locator": "D-1#1.1", "quote": "'
                    + quote + '"}]}]}')
    audit = tmp_path / "audit"
    done = runner.invoke(app, ["check", str(project), "--answer", str(path), "--format", "json",
                               "--audit-dir", str(audit)])
    assert done.exit_code == 2, done.output
    assert f"answer.json:{1 if field == 'question' else 3}:" in done.output and "half of a surrogate pair" in done.output
    assert not audit.exists() or not any(audit.iterdir())


def test_a_question_typed_with_a_byte_that_is_not_utf8_is_refused_naming_it(project: Path):
    """Audit 73 B F3: `resolve --format json` with a Latin-1 byte in the question (Python hands it on
    as a lone surrogate) ended in exit 70; the text format searched for the garbled word. Every
    text typed into a command is now judged as `--by` was: exit 2 naming it."""
    for form in ("json", "text"):
        done = runner.invoke(app, ["resolve", str(project), "b\udce9ton slump", "--valid-at", "2026-05-01",
                                   "--format", form])
        assert done.exit_code == 2, done.output
        assert "QUESTION: not UTF-8 text" in done.output and "internal error" not in done.output
