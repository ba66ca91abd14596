"""A public addendum amending a restricted paragraph: its new figure, read in the paragraph's
words, carries the paragraph's access too (``engine.access`` rule 6, audit 23p P1).

Asked without the group, ``facts`` (every subject, one subject, as recorded on a day) and the
sweep in every format hold none of the restricted paragraph's words, name the restricted
document by id in ``withheld``, and a subject only it states is unknown; asked with the group,
the same words show (the test can fail), quoted as the addendum holds them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

from ..support.amended_access import DAY, GROUP, RESTRICTED, marks_in, write_project

runner = CliRunner()


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = write_project(tmp_path_factory.mktemp("amended-access") / "p")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def _json(*args: str) -> dict:
    result = runner.invoke(app, [*args, "-f", "json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("extra", [[], ["--subject", "concrete.compressive_strength"],
                                   ["--known-at", "2027-03-01T00:00:00Z"]], ids=["all", "subject", "known-at"])
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_facts_without_the_group_hold_nothing_of_the_amended_restricted_paragraph(
    project: Path, fmt: str, extra: list[str],
) -> None:
    code, out = _run("facts", str(project), "--valid-at", DAY, "-f", fmt, *extra)
    assert code == 0, out
    assert not marks_in(out), (marks_in(out), out)
    assert "ADD-07" not in out  # each of its figures was read in the restricted words
    if fmt == "json":
        assert _json("facts", str(project), "--valid-at", DAY, *extra)["withheld"] == [RESTRICTED]


def test_a_subject_only_the_restricted_paragraph_gives_is_unknown_without_the_group(project: Path) -> None:
    code, out = _run("facts", str(project), "--valid-at", DAY, "--subject", "concrete.cover")
    assert code == 2 and "no quantity of this project measures" in out, out
    assert "concrete.cover" not in out.partition("hint")[2], out
    code, out = _run("facts", str(project), "--valid-at", DAY, "--subject", "concrete.cover", "--groups", GROUP)
    assert code == 0 and "ADD-07@0#1.3" in out, out


def test_with_the_group_the_amended_figures_show_quoted_in_the_addendums_words(project: Path) -> None:
    facts = _json("facts", str(project), "--valid-at", DAY, "--groups", GROUP)["facts"]
    found = {fact["resolved"]: fact for fact in facts if fact["resolved"].startswith("ADD-07")}
    assert set(found) == {"ADD-07@0#1.1", "ADD-07@0#1.2", "ADD-07@0#1.3"}, found
    assert found["ADD-07@0#1.1"]["condition"] == ["element quillfen retaining walls"]
    # the quotation is the addendum's own words, never the paragraph's ('minimum' is not ADD-07's)
    assert [found[name]["text"] for name in sorted(found)] == ["6,000 psi", "4,100 psi", "3 inches"]
    addendum = (project / "documents" / "addendum-07.md").read_text()
    assert all(fact["text"] in addendum for fact in found.values())


@pytest.mark.parametrize("fmt", ["md", "json", "html", "sarif"])
def test_the_sweep_without_the_group_holds_nothing_of_the_amended_restricted_paragraph(
    project: Path, fmt: str,
) -> None:
    code, out = _run("sweep", str(project), "--valid-at", DAY, "-f", fmt)
    assert code in (0, 1), out
    assert not marks_in(out), (marks_in(out), out)


def test_the_sweep_with_the_group_reads_the_amended_figures(project: Path) -> None:
    seen = _json("sweep", str(project), "--valid-at", DAY, "--groups", GROUP)
    assert seen["summary"]["withheld"] == [] and marks_in(json.dumps(seen["findings"]))
    unseen = _json("sweep", str(project), "--valid-at", DAY)
    assert unseen["summary"]["withheld"] == [RESTRICTED] and unseen["summary"]["statements"] == 1


@pytest.mark.parametrize("claim", ["Retaining walls need 6,000 psi.", "Quillfen retaining walls need 6,000 psi minimum."])
def test_check_of_a_claim_citing_the_amending_item_quotes_nothing_restricted(project: Path, tmp_path: Path,
                                                                              claim: str) -> None:
    answer = {"question": "What strength?", "context": {"valid_at": DAY, "groups": []},
              "claims": [{"text": claim, "citations": [{"locator": "ADD-07#1.1"}]}]}
    (tmp_path / "answer.json").write_text(json.dumps(answer))
    for fmt in ("text", "json"):
        code, out = _run("check", str(project), "--answer", str(tmp_path / "answer.json"), "-f", fmt)
        assert code in (0, 1), out
        leaked = [mark for mark in marks_in(out) if mark not in claim.lower()]  # the asker's own words may come back
        assert not leaked, (leaked, out)
