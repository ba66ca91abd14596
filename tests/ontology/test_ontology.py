"""The typed vocabulary: validation, serialisation and schema export."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

import inforce.ontology as ontology
from inforce.ontology import (
    Citation,
    Context,
    Document,
    EffectiveInterval,
    Locator,
    LocatorError,
    Quantity,
    Verdict,
    json_schemas,
    parse_datetime_utc,
)


def test_exported_names_are_what_we_mean_to_export():
    assert sorted(ontology.__all__) == sorted(set(ontology.__all__))
    for name in ontology.__all__:
        assert hasattr(ontology, name), name
    public = {n for n in dir(ontology) if not n.startswith("_")}
    modules = {path.stem for path in Path(ontology.__file__).parent.glob("*.py")} - {"__init__"}
    assert public - modules == set(ontology.__all__)


def test_a_date_for_a_datetime_means_the_end_of_that_day_utc():
    assert parse_datetime_utc("2026-03-10") == dt.datetime(2026, 3, 10, 23, 59, 59, 999999, tzinfo=dt.UTC)
    assert parse_datetime_utc("2026-03-16T09:30:00Z").hour == 9
    assert parse_datetime_utc("2026-03-16T11:30:00+02:00").hour == 9


def test_effective_until_must_follow_from():
    with pytest.raises(ValidationError, match="not after"):
        EffectiveInterval.model_validate({"from": "2026-05-01", "until": "2026-04-01"})
    window = EffectiveInterval.model_validate({"from": "2026-01-01", "until": "2026-02-01"})
    assert window.contains(dt.date(2026, 1, 31)) and not window.contains(dt.date(2026, 2, 1))


def test_document_round_trips_through_json_with_aliases():
    document = Document.model_validate(
        {
            "id": "SOP-114",
            "kind": "sop",
            "revision": "D",
            "seq": 3,
            "effective": {"from": "2026-03-01"},
            "recorded": "2026-03-16T09:30:00Z",
            "changed": ["5"],
            "applies_to": {"market": ["UK"]},
            "supersedes": [
                {"source": "SOP-114@D", "target": "SOP-100#2", "scope": "partial", "effective": "2026-03-01"}
            ],
            "source": {"file": "documents/sop-114-d.md"},
        }
    )
    dumped = json.loads(document.model_dump_json())
    assert dumped["effective"] == {"from": "2026-03-01", "until": None}
    assert dumped["supersedes"][0]["target"] == "SOP-100#2"
    assert dumped["recorded"] == "2026-03-16T09:30:00Z"
    assert Document.model_validate(dumped) == document
    assert document.uid == "SOP-114@D" and str(document.provision_locator("5.2")) == "SOP-114@D#5.2"


def test_unknown_fields_and_kinds_are_rejected():
    base = {"id": "X", "effective": {"from": "2026-01-01"}, "recorded": "2026-01-01", "source": {"file": "x"}}
    with pytest.raises(ValidationError, match="kind"):
        Document.model_validate({**base, "kind": "memo"})
    with pytest.raises(ValidationError, match="colour"):
        Document.model_validate({**base, "kind": "sop", "colour": "red"})


def test_bad_locators_raise_locator_errors_with_a_hint():
    with pytest.raises(LocatorError) as caught:
        Locator.parse("SPEC 03#2.1")
    assert "expected DOC-ID" in str(caught.value)
    with pytest.raises(LocatorError):
        Locator.parse("SPEC#2..1")


def test_citation_needs_a_locator_or_a_quote():
    with pytest.raises(ValidationError, match="locator, a quote"):
        Citation()
    assert Citation(quote="retained for 7 years").locator is None


def test_verdict_kinds_carry_what_they_need():
    with pytest.raises(ValidationError, match="reason code"):
        Verdict(verdict="refusal")
    with pytest.raises(ValidationError, match="missing attributes"):
        Verdict(verdict="clarification_request")
    with pytest.raises(ValidationError, match="RFI"):
        Verdict(verdict="escalation", reason="conflict")
    assert Verdict(verdict="refusal", reason="access_restricted").reason == "access_restricted"


def test_quantity_ranges_need_an_upper_end():
    with pytest.raises(ValidationError):
        Quantity(value=30, bound="range")
    assert Quantity(value=30, upper=40, unit="kg", bound="range").upper == 40


def test_context_known_at_is_utc():
    context = Context(valid_at="2026-03-10", known_at="2026-03-10")
    assert context.known_at.tzinfo is not None and context.known_at.date() == dt.date(2026, 3, 10)


def test_json_schemas_export_every_public_model():
    schemas = json_schemas()
    assert {"document", "verdict", "finding", "manifest", "context", "claim", "quantity"} <= set(schemas)
    document = schemas["document"]
    assert "kind" in document["properties"] and "specification" in json.dumps(document)
    json.dumps(schemas)  # serialisable as-is


def test_review_decisions_are_counted_by_each_pairs_last_word() -> None:
    # (audit 60's F2: the review page counted an overruled reject the CLI did not; both now ask the readings)
    from inforce.ontology import AddendaReadings, Locator, ReviewDecision

    def decided(item: str, target: str, decision: str, line: int) -> ReviewDecision:
        return ReviewDecision(item=Locator.parse(item), target=Locator.parse(target), scope="partial",
                              decision=decision, by="Ana Ruiz", at="2027-10-05T09:00:00Z", line=line)

    readings = AddendaReadings(reviewed=(
        decided("ADD-01#1.2", "SPEC-01#2.1", "reject", 1), decided("ADD-01@0#1.2", "SPEC-01#2.1", "accept", 8),
        decided("ADD-01#1.3", "SPEC-01#2.2", "accept", 15), decided("ADD-01#1.4", "SPEC-01#2.3", "reject", 22)))
    assert readings.decided() == (2, 1)
