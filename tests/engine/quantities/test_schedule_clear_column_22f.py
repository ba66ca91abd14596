"""Issue 22 (fix22f): a schedule's ``CLR.`` column is the cover its row is stated for.

Ingest reads a table row cell by cell, each under its column's header; ``CLR.`` alone names no
subject, but the row under its header row (``REINF.``, the pile cap it describes) says the
clear distance is to the reinforcement, as the same table read as text does. A door
schedule's ``CLR. HT.`` is no cover, and a thickness column stays unbound."""

from __future__ import annotations

import pytest

from inforce.engine.quantities.extract import default_extractor


@pytest.fixture(scope="module")
def extractor():
    return default_extractor()


def _row(extractor, header: list[str], cells: list[str]) -> dict[str, str | None]:
    row = "| " + " | ".join(cells) + " |"
    return {m.text: m.subject for m in extractor.extract_row(row, cells, header).mentions}


def test_the_clear_column_of_a_pile_cap_schedule_is_cover(extractor) -> None:
    header = ["MARK", "PILES", "DEPTH", "BOTT. REINF.", "CLR.", "CONC."]
    found = _row(extractor, header, ["PC-3", "(3) 14\" SQ.", "3'-6\"", "#8 @ 9\" E.W.", "4\"", "5000 PSI"])
    assert found['4"'] == "concrete.cover"
    assert found["3'-6\""] is None  # the depth is no cover


def test_a_door_schedules_clear_height_is_no_cover(extractor) -> None:
    header = ["MARK", "WIDTH", "CLR. HT.", "THK."]
    found = _row(extractor, header, ["D4", "3'-0\"", "7'-0\"", "1 3/4\""])
    assert set(found.values()) == {None}


def test_the_spans_of_a_row_read_again_stay_the_rows(extractor) -> None:
    header = ["MARK", "BOTT. REINF.", "CLR."]
    cells = ["PC-3", "#8 @ 9\" E.W.", "4\""]
    row = "| " + " | ".join(cells) + " |"
    cover = next(m for m in extractor.extract_row(row, cells, header, base_offset=100).mentions if m.text == '4"')
    assert row[cover.span.start - 100:cover.span.end - 100] == '4"'
    assert cover.binding is not None and cover.binding.source == "context" and cover.binding.span is None
