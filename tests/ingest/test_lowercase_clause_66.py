"""A numbered clause whose text starts in lower case (issue 23, audit 65 C F3).

``6.2 f'c = 25 MPa for footings.`` and ``6.3 pH of mixing water ...`` were refused as headings
by the number's reader (a lower-case start was taken for a run-on, "2.1 of this section"), so
both clauses were read as text of 6.1 without a word: citing 6.2 was a fabricated locator, and
6.2's claim citing 6.1 was answered. Such a line now opens its clause where it starts a
paragraph and is the next number of the open ones; a run-on word after the number, a line
wrapped inside a paragraph, or a number out of sequence keeps it text, and where it starts a
paragraph a warning at its line says which section reads it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import Answer
from inforce.ontology.errors import InputError

runner = CliRunner()

_HEAD = """---
id: Q-59
kind: specification
title: Concrete
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T00:00:00Z
---
1 GENERAL

"""  # the body's first line is the file's line 9

_FOUR = """6.1 Anchor bolts shall have a tensile capacity of 20 kip.

6.2 f'c = 25 MPa for footings.

6.3 pH of mixing water shall be between 6 and 8.

6.4 Slump shall be 4 inches.
"""


def _ingest(root: Path, body: str) -> list[InputError]:
    """Ingest one specification with ``body``; the warnings ingest reports."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: q\nfacets: []\nrules: []\n")
    (root / "documents" / "q-59.md").write_text(_HEAD + body, encoding="utf-8")
    return list(Project.ingest(root).warnings)


def _check(root: Path, claim: str, locator: str) -> dict:
    answer = {"context": {"valid_at": "2026-02-01"},
              "claims": [{"text": claim, "citations": [{"locator": locator}]}]}
    path = root / "answer.json"
    path.write_text(json.dumps(answer))
    result = runner.invoke(app, ["check", str(root), "--answer", str(path), "--format", "json"])
    verdict = json.loads(result.output)
    with Project.open(root) as project:  # the library says the same as the CLI
        assert project.check(Answer.model_validate(answer)).verdict == verdict["verdict"]
    return verdict


@pytest.fixture(scope="module")
def four(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[InputError]]:
    root = tmp_path_factory.mktemp("four") / "p"
    return root, _ingest(root, _FOUR)


@pytest.mark.parametrize(("locator", "claim"), [
    ("6.2", "f'c = 25 MPa for footings."),
    ("6.3", "pH of mixing water shall be between 6 and 8."),
    ("6.4", "Slump shall be 4 inches."),
    ("6.1", "Anchor bolts shall have a tensile capacity of 20 kip."),
])
def test_each_clause_is_its_own_provision(four: tuple[Path, list[InputError]], locator: str, claim: str) -> None:
    root, _ = four
    verdict = _check(root, claim, f"Q-59#{locator}")
    assert verdict["verdict"] == "answer", verdict


def test_a_lower_case_clause_is_not_the_text_of_the_clause_before(four: tuple[Path, list[InputError]]) -> None:
    root, warnings = four
    verdict = _check(root, "f'c = 25 MPa for footings.", "Q-59#6.1")
    assert verdict["verdict"] != "answer", verdict
    assert not [w for w in warnings if "read as text of" in str(w)], warnings


def test_the_provisions_hold_their_own_text(four: tuple[Path, list[InputError]]) -> None:
    root, _ = four
    with Project.open(root) as project:
        verdict = project.check(Answer.model_validate({
            "context": {"valid_at": "2026-02-01"},
            "claims": [{"text": "pH of mixing water shall be between 6 and 8.",
                        "citations": [{"locator": "Q-59#6.2"}]}]}))
    assert verdict.verdict != "answer", verdict  # 6.2 ends where 6.3 starts


def test_a_run_on_inside_a_paragraph_stays_text(tmp_path: Path) -> None:
    body = ("2.1 Scope of work shall include the footings and the piers\n"
            "2.2 of this section applies to the anchor bolts as well.\n")
    root = tmp_path / "p"
    warnings = _ingest(root, body)
    assert _check(root, "2.2 of this section applies to the anchor bolts as well.", "Q-59#2.2")[
        "verdict"] == "refusal"
    assert _check(root, "Scope of work shall include the footings and the piers", "Q-59#2.1")[
        "verdict"] == "answer"
    assert not [w for w in warnings if "read as text of" in str(w)], warnings


def test_a_lower_case_line_wrapped_inside_a_paragraph_stays_text_unsaid(tmp_path: Path) -> None:
    body = ("6.1 Anchor bolts shall have a tensile capacity of 20 kip, and\n"
            "6.2 f'c shall be as the footings' schedule gives.\n")
    root = tmp_path / "p"
    warnings = _ingest(root, body)
    assert _check(root, "f'c shall be as the footings' schedule gives.", "Q-59#6.2")["verdict"] == "refusal"
    assert not [w for w in warnings if "read as text of" in str(w)], warnings


def test_a_lower_case_clause_out_of_sequence_stays_text_with_a_warning(tmp_path: Path) -> None:
    body = ("6.1 Anchor bolts shall have a tensile capacity of 20 kip.\n\n"
            "9.7 f'c = 25 MPa for footings.\n\n"
            "6.2 Slump shall be 4 inches.\n")
    root = tmp_path / "p"
    warnings = _ingest(root, body)
    assert _check(root, "f'c = 25 MPa for footings.", "Q-59#9.7")["verdict"] == "refusal"
    assert _check(root, "Slump shall be 4 inches.", "Q-59#6.2")["verdict"] == "answer"
    said = [w for w in warnings if "read as text of" in str(w)]
    assert len(said) == 1, [str(w) for w in warnings]
    (warning,) = said
    assert (warning.file, warning.line) == ("documents/q-59.md", 13), str(warning)
    assert warning.message.startswith("9.7 read as text of 6.1: \"f'c = 25 MPa"), str(warning)


# --- audit 67 C F8: a clause out of sequence in upper case is said too -----------------------------

@pytest.mark.parametrize(("body", "line", "reading"), [
    # a copy-paste slip: section 7 holds 6.3 and 6.4
    ("6 CONCRETE\n\n6.1 General.\n\n7 PIPES\n\n6.3 Bedding material: Class A for pipes.\n\n"
     "6.4 Cement shall be Type II.\n", 17, "7"),
    # a section starting at 6.3 under "1 GENERAL"
    ("6.3 Bedding material: Class A for pipes.\n\n6.4 Cement shall be Type II.\n", 11, "1"),
])
def test_an_upper_case_clause_out_of_sequence_stays_text_with_a_warning(
        tmp_path: Path, body: str, line: int, reading: str) -> None:
    root = tmp_path / "p"
    warnings = _ingest(root, body)
    assert _check(root, "Bedding material: Class A for pipes.", "Q-59#6.3")["verdict"] == "refusal"
    said = [w for w in warnings if "read as text of" in str(w)]
    assert [w.message[:3] for w in said] == ["6.3", "6.4"], [str(w) for w in warnings]
    first = said[0]
    assert (first.file, first.line) == ("documents/q-59.md", line), str(first)
    assert first.message.startswith(f"6.3 read as text of {reading}: 'Bedding material"), str(first)
    assert "lower case" not in first.message, str(first)


def test_an_upper_case_clause_in_sequence_opens_unsaid(tmp_path: Path) -> None:
    body = "2 PIPES\n\n2.1 Bedding material: Class A for pipes.\n\n2.2 Cement shall be Type II.\n"
    root = tmp_path / "p"
    warnings = _ingest(root, body)
    assert _check(root, "Cement shall be Type II.", "Q-59#2.2")["verdict"] == "answer"
    assert not [w for w in warnings if "read as text of" in str(w)], warnings
