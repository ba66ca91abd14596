"""Audit 71 B F9: a figure in e-notation alone in a table cell under a unit header (``Width
(in)`` over ``2.5e3``, in a ``|`` table or a CSV schedule's cell) was no quantity and no
warning, where the same figure with its unit in prose is kept without a value and warned about
(``malformed_number``). It is now warned alike, with the header's unit; under a header giving
no unit (a mark, a code: ``1E5``) it is no figure, as before."""

from __future__ import annotations

import pytest

from inforce.engine.quantities import extract_quantities

TABLE = "| Mark | Width (in) |\n|---|---|\n| F1 | 2.5e3 |\n| F2 | 1e309 |\n| F3 | 24 |\n"


def _said(text: str, context: str | None = None) -> list[tuple[str, float | None, str | None, list[str]]]:
    found = extract_quantities(text, context=context)
    return [(m.text, m.value, m.unit_expression, [w.code for w in m.warnings]) for m in found.mentions]


def test_a_figure_not_read_in_a_table_cell_is_warned_with_its_headers_unit() -> None:
    found = extract_quantities(TABLE)
    said = [(TABLE[m.span.start:m.span.end], m.value, m.unit_expression, [w.code for w in m.warnings])
            for m in found.mentions]
    assert said == [("2.5e3", None, "inch", ["malformed_number"]), ("1e309", None, "inch", ["malformed_number"]),
                    ("24", 24.0, "inch", [])]
    assert [w.code for w in found.warnings] == ["malformed_number", "malformed_number"]
    assert "notation not read" in found.warnings[0].message


@pytest.mark.parametrize("cell", ["2.5e3", "1e309", "7E-2"])
def test_a_csv_cell_not_read_is_warned_with_its_headers_unit(cell: str) -> None:
    assert _said(cell, context="Width (in)") == [(cell, None, "inch", ["malformed_number"])]
    assert _said("24", context="Width (in)") == [("24", 24.0, "inch", [])]


def test_under_a_header_with_no_unit_it_is_no_figure() -> None:
    assert _said("| Mark | Code |\n|---|---|\n| F1 | 1E5 |\n") == []
    assert _said("1E5", context="Code") == []
    assert _said("1E5") == []
