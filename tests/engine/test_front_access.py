"""The engine front's access gate and case checks, asked as a library and through the CLI.

Companion of test_access_matrix.py (which runs every command): these pin down the typed
results — what a restricted successor, a misspelt case attribute or a revision that does
not exist turns into.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import InputError, Locator, NotFoundError, Refusal

from corpus_writer import write_doc

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
runner = CliRunner()


@pytest.fixture(scope="module")
def restricted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """SPEC#2.1 with A and B; ADD-01 (public) amends 2.1.B; ADD-02 (group ``owners``) replaces 2.1.A."""
    root = tmp_path_factory.mktemp("front-access")
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: front-access\n")
    write_doc(root, "SPEC", "2025-01-01", "2 PRODUCTS\n\n2.1 MIXES\n\nA. Old strength 4,000 psi.\n\n"
              "B. Ratio 0.45.\n")
    write_doc(root, "ADD-01", "2025-02-01", "1 CHANGES\n\n1.1 Ratio note, public.\n",
              [{"target": "SPEC#2.1.B", "scope": "partial", "effective": "2025-02-01", "by": "ADD-01#1.1"}])
    write_doc(root, "ADD-02", "2025-03-01", "1 CHANGES\n\n1.1 Hidden strength 5,000 psi.\n",
              [{"target": "SPEC#2.1.A", "scope": "full", "effective": "2025-03-01", "by": "ADD-02#1.1"}])
    path = root / "documents" / "add-02.md"
    path.write_text(path.read_text().replace("kind: addendum\n", "kind: addendum\naccess: [owners]\n"))
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    return root


def test_a_restricted_replacement_answers_by_id_and_the_text_leaves_it_out(restricted: Path) -> None:
    day = dt.date(2025, 4, 1)
    with Project.open(restricted) as project:
        section = project.asof("SPEC#2.1", day)
        assert section.in_force and section.withheld == ("ADD-02",)
        assert "[2.1.A replaced by ADD-02 (withheld: access)]" in section.text
        assert "Hidden" not in section.text and "Old strength" not in section.text
        assert "[2.1.B amended by ADD-01@0#1.1]" in section.text  # the public amender is named in full
        assert set(section.amended_by) == {Locator(doc="ADD-02"), Locator.parse("ADD-01#1.1")}
        with_group = project.asof("SPEC#2.1", day, groups=["owners"])
        assert "Hidden strength" in with_group.text and with_group.withheld == ()
        # before the addendum took effect there is nothing to withhold
        assert project.asof("SPEC#2.1.A", dt.date(2025, 2, 15)).withheld == ()
        refused = project.asof("ADD-02#1.1", day)
    # a refusal is a typed result, like eligible's and check's: nothing of ADD-02 in it
    assert isinstance(refused, Refusal)
    assert (refused.reason, refused.locator, refused.depends_on) == ("access_restricted", "ADD-02#1.1", ())
    assert "Hidden" not in refused.model_dump_json()


def test_precedence_refuses_naming_the_document_the_answer_rests_on(restricted: Path) -> None:
    with Project.open(restricted) as project:
        refused = project.precedence("SPEC#2.1.A", "ADD-01#1.1", dt.date(2025, 4, 1))
        decided = project.precedence("SPEC#2.1.A", "ADD-01#1.1", dt.date(2025, 4, 1), groups=["owners"])
    assert isinstance(refused, Refusal) and refused.reason == "access_restricted"
    assert refused.depends_on == ("ADD-02",) and "ADD-02" in refused.detail
    assert "Hidden" not in refused.model_dump_json()
    assert "depends_on" not in refused.model_dump(mode="json")  # the JSON contract says it in detail
    assert not isinstance(decided, Refusal)  # with the group, an answer


def test_history_names_what_stopped_a_public_version_by_id_only(restricted: Path) -> None:
    with Project.open(restricted) as project:
        found = project.history("SPEC#2.1.A")
        with pytest.raises(NotFoundError):
            project.history("SPEC@Z#2.1.A")  # a revision that does not exist is not a history
        refused = project.history("ADD-02#1.1")
        assert isinstance(refused, Refusal) and refused.reason == "access_restricted"
    assert not isinstance(found, Refusal)
    stopped = [entry for entry in found.versions if entry.stopped == "superseded"]
    assert stopped and stopped[0].stopped_by == Locator(doc="ADD-02")
    assert found.withheld == ("ADD-02",)


def test_a_revision_that_does_not_exist_of_a_restricted_document_is_refused_not_denied(restricted: Path) -> None:
    """NotFound for ADD-02@9 and a refusal for ADD-02@0 would tell which revisions exist."""
    with Project.open(restricted) as project:
        refusals = [project.show(asked) for asked in ("ADD-02@9#1.1", "ADD-02@0#1.1")]
        assert not isinstance(project.show("ADD-02@0#1.1", groups=["owners"]), Refusal)
    assert all(isinstance(refused, Refusal) and refused.reason == "access_restricted" for refused in refusals)


def test_dedup_and_freshness_apply_the_askers_groups(restricted: Path) -> None:
    day = dt.date(2025, 4, 1)
    with Project.open(restricted) as project:
        deduped = project.dedup_to_current(["SPEC#2.1.A", "ADD-02#1.1", "ADD-01#1.1"], day, groups=())
        gate = project.freshness_gate(
            ["SPEC@0#2.1.A", "ADD-02@0#1.1"], day, groups=())
        unguarded = project.freshness_gate(["SPEC@0#2.1.A"], day, groups=None)
        by_default = project.freshness_gate(["SPEC@0#2.1.A", "ADD-02@0#1.1"], day)
        undeduped = project.dedup_to_current(["ADD-02#1.1"], day)
    assert {(str(d.locator), d.reason) for d in deduped.dropped} >= {("ADD-02#1.1", "access")}
    assert all("ADD-02@" not in str(s) for d in deduped.dropped for s in d.successors)
    reasons = {str(s.citation): s.reason for s in gate.stale}
    assert reasons["ADD-02@0#1.1"] == "access_restricted"
    replaced = next(s for s in gate.stale if str(s.citation) == "SPEC@0#2.1.A")
    assert [(str(r.locator), r.text) for r in replaced.in_force] == [("ADD-02", None)]
    assert "Hidden" in json.dumps(unguarded.model_dump(mode="json"))  # groups None (an operator): nothing withheld
    # audit 71 A F7: groups not given is the public view, as every other question of the front
    assert by_default == gate and [d.reason for d in undeduped.dropped] == ["access"]


@pytest.fixture(scope="module")
def followup(ingested_example) -> Path:
    return ingested_example("followup-handbooks")


def test_a_case_attribute_no_pack_reads_is_an_input_error_listing_those_read(followup: Path) -> None:
    result = runner.invoke(app, ["eligible", str(followup), "-c", "market=UK", "-c", "product=new",
                                 "-c", "dispatch_date=2025-03-01", "-c", "colour=blue"])
    assert result.exit_code == 2
    assert "colour" in result.output and "dispatch_date, market, pilot, product" in result.output
    with Project.open(followup) as project, pytest.raises(InputError):
        project.check_attributes({"markt": "UK"})


def test_an_unmatched_value_is_a_clarification_naming_the_values_known(followup: Path) -> None:
    result = runner.invoke(app, ["eligible", str(followup), "-c", "market=UK", "-c", "product=refurbished",
                                 "-c", "dispatch_date=2025-03-01", "-c", "pilot=flase", "--groups", "support-uk",
                                 "--format", "json"])
    assert result.exit_code == 1
    answer = json.loads(result.stdout)
    assert answer["outcome"] == "clarification_request"


def test_resolve_names_the_values_known_for_an_unmatched_value_as_eligible_does(followup: Path) -> None:
    """Issue 23: ``resolve -c pilot=flase`` said the case does not state ``pilot``."""
    case = ["-c", "market=UK", "-c", "product=refurbished", "-c", "dispatch_date=2025-03-01", "-c", "pilot=flase",
            "--groups", "support-uk"]
    resolved = runner.invoke(app, ["resolve", str(followup), "when is the follow-up due", *case])
    eligible = runner.invoke(app, ["eligible", str(followup), *case])
    assert resolved.exit_code == eligible.exit_code == 1
    assert "does not state" not in resolved.output
    assert "pilot = flase is none of the values" in resolved.output and "(pilot: false, true)" in resolved.output
    as_json = json.loads(runner.invoke(app, ["resolve", str(followup), "when is the follow-up due", *case,
                                             "--format", "json"]).stdout)
    assert as_json["outcome"] == "clarification_request" and as_json["missing_attributes"] == ["pilot"]
    assert [(u["attribute"], u["value"], u["known"]) for u in as_json["unmatched_values"]] == [
        ("pilot", "flase", ["false", "true"])]


def test_rules_explain_exits_1_on_a_refusal_as_eligible_does(followup: Path) -> None:
    args = ["-c", "market=FR", "-c", "product=new", "-c", "dispatch_date=2025-03-01"]
    explained = runner.invoke(app, ["rules", "explain", str(followup), *args])
    eligible = runner.invoke(app, ["eligible", str(followup), *args])
    assert "refusal" in explained.output
    assert explained.exit_code == eligible.exit_code == 1


def test_show_texts_reads_each_locator_as_show_does(restricted: Path) -> None:
    """``show_texts`` (the review queue's one call for its targets' words) gates and reads each
    locator as ``show`` does: the same text, refused where it refuses, missing where it finds nothing."""
    asked = ["SPEC", "SPEC#2.1.A", "ADD-01", "ADD-02", "ADD-02#1.1", "ADD-02@9#1.1", "SPEC#9.9", "NOPE"]
    with Project.open(restricted) as project:
        for groups in ([], ["owners"]):
            shown = project.show_texts(asked, groups=groups)
            assert sorted([*shown.texts, *shown.refused, *shown.missing]) == sorted(asked)
            assert list(shown.texts) == [a for a in asked if a in shown.texts]
            for locator in asked:
                try:
                    view = project.show(locator, groups=groups)
                except NotFoundError:
                    assert locator in shown.missing, locator
                    continue
                if isinstance(view, Refusal):
                    assert locator in shown.refused, locator
                else:
                    assert shown.texts[locator] == view.text, locator
        assert project.show_texts(["ADD-02"]).refused == ("ADD-02",)
        assert "Hidden strength" in project.show_texts(["ADD-02"], groups=["owners"]).texts["ADD-02"]
