"""A public addendum whose own words bind its figure, amending a restricted paragraph (issue 23,
the regression of audit 23p P1's fix): a caller who may read the addendum but not the paragraph
is served the figure as the addendum's own words read it (its subject, no element, nothing
named of the paragraph but its document id in ``withheld``); a caller who may read both is
served the full reading in the paragraph's words, and only that one (``engine.access`` rule 6).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

from ..support.amended_access import (
    DAY,
    GROUP,
    OWN_CALLOUT,
    OWN_ITEM,
    OWN_RESTRICTED,
    own_marks_in,
    write_own_reading_project,
)

runner = CliRunner()
SUBJECT = "concrete.compressive_strength"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = write_own_reading_project(tmp_path_factory.mktemp("own-reading") / "p")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


def _json(*args: str) -> dict:
    result = runner.invoke(app, [*args, "-f", "json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def _item_facts(found: dict) -> list[dict]:
    return [fact for fact in found["facts"] if fact["locator"] == OWN_ITEM]


@pytest.mark.parametrize("extra", [[], ["--subject", SUBJECT], ["--known-at", "2027-03-01T00:00:00Z"]],
                         ids=["all", "subject", "known-at"])
def test_without_the_group_the_figure_is_read_in_the_addendums_own_words(project: Path, extra: list[str]) -> None:
    found = _json("facts", str(project), "--valid-at", DAY, *extra)
    (fact,) = _item_facts(found)
    assert (fact["subject"], fact["text"], fact["condition"]) == (SUBJECT, "4,600 psi", None)
    assert fact["replaces"] == []
    assert found["withheld"] == [OWN_RESTRICTED]
    text = runner.invoke(app, ["facts", str(project), "--valid-at", DAY, *extra]).output
    assert "ADD-11@0#1.1" in text and not own_marks_in(text), (own_marks_in(text), text)
    assert not own_marks_in(json.dumps(found))


@pytest.mark.parametrize("extra", [[], ["--subject", SUBJECT], ["--known-at", "2027-03-01T00:00:00Z"]],
                         ids=["all", "subject", "known-at"])
def test_with_the_group_only_the_full_reading_is_served(project: Path, extra: list[str]) -> None:
    found = _json("facts", str(project), "--valid-at", DAY, "--groups", GROUP, *extra)
    (fact,) = _item_facts(found)  # one reading, not the addendum's own beside it
    assert fact["condition"] == ["element plinths under the brinewell pumps"]
    assert fact["replaces"] == [f"{OWN_RESTRICTED}#2.2.A"]


@pytest.mark.parametrize("fmt", ["json", "md", "html", "sarif"])
def test_the_public_sweep_holds_nothing_of_the_restricted_paragraph(project: Path, tmp_path: Path, fmt: str) -> None:
    # the regression itself (the public conflict kept) is tests/engine/test_sweep.py's restricted-replacement test
    out = tmp_path / f"sweep.{fmt}"
    result = runner.invoke(app, ["sweep", str(project), "--valid-at", DAY, "--pack", "precedence/none",
                                 "-f", fmt, "-o", str(out)])
    assert result.exit_code in (0, 1), result.output
    text = out.read_text()
    assert not own_marks_in(text), (own_marks_in(text), text)
    assert f"{OWN_RESTRICTED}#" not in text
    if fmt == "json":
        pairs = [{p["locator"] for p in finding["provisions"]} for finding in json.loads(text)["findings"]]
        assert {OWN_ITEM, OWN_CALLOUT} in pairs
        assert json.loads(text)["summary"]["withheld"] == [OWN_RESTRICTED]
