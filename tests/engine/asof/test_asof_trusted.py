"""As-of answers are assembled without validating again what was validated on its way in
(``ontology.scalars.trusted``): each must be the very object validation would have made from
the same fields — equal, serialised alike, the same fields set — or the speed-up changed an
answer. Checked over every section of an example on dates across its history."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from pydantic import BaseModel, Field

from inforce.engine import Project
from inforce.ontology import Locator, LocatorError
from inforce.ontology.answers import AsOfAnswer, ChainStep
from inforce.ontology.scalars import trusted


def validated_alike(model: BaseModel) -> BaseModel:
    """``model`` built again through validation, from the fields it was given."""
    return type(model)(**{name: getattr(model, name) for name in model.model_fields_set})


def assert_same_as_validated(model: BaseModel) -> None:
    again = validated_alike(model)
    assert again == model
    assert again.model_fields_set == model.model_fields_set
    assert again.model_dump_json() == model.model_dump_json()
    assert repr(again) == repr(model)
    assert list(again.__dict__) == list(model.__dict__)


def test_a_trusted_locator_is_the_validated_one():
    made = Locator.of_parts("SPEC-033000", "0", "2.1")
    assert_same_as_validated(made)
    assert hash(made) == hash(Locator(doc="SPEC-033000", rev="0", path="2.1"))
    assert made.unpinned() == Locator.parse("SPEC-033000#2.1")
    with pytest.raises(Exception, match="frozen"):
        made.doc = "OTHER"  # type: ignore[misc]


def test_trusted_refuses_a_model_whose_defaults_are_made_per_object():
    class Listing(BaseModel):
        items: list[str] = Field(default_factory=list)

    with pytest.raises(TypeError, match="default factory"):
        trusted(Listing, {})


def test_a_parsed_locator_is_shared_and_a_bad_one_refused_every_time():
    assert Locator.parse("SOP-114@D#5.2") is Locator.parse("SOP-114@D#5.2")
    assert Locator.parse(" SOP-114#5.2 ") == Locator(doc="SOP-114", path="5.2")
    for _ in range(2):
        with pytest.raises(LocatorError):
            Locator.parse("not a locator")


@pytest.fixture(scope="module")
def riverside(ingested_example) -> Path:
    return ingested_example("riverside-library")


@pytest.mark.parametrize("documents", [
    # two documents whose answers reach every branch below (a superseded, amended section of
    # 03 20 00; the revised bid form's in-force revision): the inner loop's share
    pytest.param(("SPEC-032000", "SPEC-004113"), id="two-documents"),
    pytest.param(None, id="every-document", marks=pytest.mark.slow),  # ~27,000 answers
])
def test_every_as_of_answer_is_the_one_validation_makes(riverside, documents):
    project = Project.open(riverside)
    index = project.snapshot.index
    days = [dt.date(2025, 1, 1) + dt.timedelta(days=45 * n) for n in range(16)]
    kinds: set[str] = set()
    checked = 0
    for doc in documents or index.documents():
        for path in [None, *index.entry(doc).versions]:
            asked = Locator(doc=doc, path=path)
            for day in days:
                for known in (None, dt.datetime(2026, 3, 1, 12, tzinfo=dt.UTC)):
                    answer = project.asof(asked, day, known)
                    assert isinstance(answer, AsOfAnswer)
                    assert_same_as_validated(answer)
                    for step in answer.chain:
                        assert isinstance(step, ChainStep)
                        assert_same_as_validated(step)
                        assert step.recorded is None or step.recorded.tzinfo is dt.UTC
                        kinds.add(step.kind)
                    for locator in (answer.resolved, *answer.successors, *answer.amended_by):
                        if locator is not None:
                            assert_same_as_validated(locator)
                    kinds.add(answer.reason or "in_force")
                    checked += 1
    assert checked > 200
    # the example reaches the answers' branches: in force, superseded, amended, out of coverage
    assert {"version", "supersedes", "amends", "superseded", "in_force"} <= kinds, kinds


def test_a_datetime_for_valid_at_is_validated_as_before(riverside):
    project = Project.open(riverside)
    with pytest.raises(ValueError, match="date"):
        project.asof("SPEC-033000#2.1", dt.datetime(2026, 5, 1, 10, 30))  # type: ignore[arg-type]
    midnight = project.asof("SPEC-033000#2.1", dt.datetime(2026, 5, 1))  # type: ignore[arg-type]
    assert midnight == project.asof("SPEC-033000#2.1", dt.date(2026, 5, 1))
