"""What a command writes for ``--format json`` (``adapters.cli._common.emit_json``): a model is
written by its own serializer, as the HTTP layer writes it: its JSON-mode dump, laid out as
``json.dumps(indent=2, ensure_ascii=False)`` lays it out, and always JSON (a float that is no
number is null; the dump written out had written NaN, which no JSON parser reads)."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from inforce.adapters.cli._common import emit_json
from inforce.ontology import CharSpan, Fact, FactQuantity, Facts, Locator, NormalizedFact


def _facts(value: float, upper: float | None = None) -> Facts:
    quantity = FactQuantity(value=value, upper=upper, unit="psi", bound="min")
    fact = Fact(subject="concrete.compressive_strength", locator=Locator.parse("SPEC#2.1.A"),
                resolved=Locator.parse("SPEC@B#2.1.A"), kind="prose", text="not less than 4,000 psi — “mix A”",
                quantity=quantity, normalized=NormalizedFact(value=27.579, upper=None, unit="MPa"),
                span=CharSpan(start=3, end=19, page_start=None, page_end=None),
                replaces=(Locator.parse("SPEC#2.1.B"),), condition=("exposure class F2",))
    return Facts(facts=(fact,), subject="concrete.compressive_strength", valid_at=dt.date(2026, 6, 1), known_at=None,
                 index_build="b1", withheld=("ADD-9",))


def _refuse(constant: str) -> None:
    raise ValueError(f"not JSON: {constant}")


def test_a_model_is_its_json_mode_dump_laid_out_as_json_dumps_lays_it_out(capsys: pytest.CaptureFixture[str]) -> None:
    answer = _facts(4000.0, 4500.5)
    emit_json(answer)
    written = capsys.readouterr().out
    assert written == json.dumps(answer.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
    assert "“mix A”" in written and '"resolved": "SPEC@B#2.1.A"' in written


def test_a_plain_mapping_is_written_alike(capsys: pytest.CaptureFixture[str]) -> None:
    schema = {"type": "object", "title": "Größe", "properties": {"n": {"type": "number", "maximum": 2.5}}}
    emit_json(schema)
    assert capsys.readouterr().out == json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_a_float_that_is_no_number_is_written_null_and_the_answer_is_json(
    value: float, capsys: pytest.CaptureFixture[str],
) -> None:
    emit_json(_facts(value))
    read = json.loads(capsys.readouterr().out, parse_constant=_refuse)  # NaN or Infinity would raise
    assert read["facts"][0]["quantity"]["value"] is None
    assert read["facts"][0]["normalized"]["value"] == 27.579
