"""A pack test's inline document may give a table's row by its ``header`` and ``cells`` (path
``table-N.row-M``), as a pipe table gives them, so a case can show what the addenda reader makes of
a table of changes (the pack's ``old_text_columns``, ``new_text_columns`` and ``empty_cells``). A row
whose path is no row's, whose cells and header differ in number, or which gives text as well, is
refused at its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine.packtests import run_test_file
from inforce.ontology import InputErrors
from inforce.rules.casefile import FixtureDocument

PACK = """schema_version: 1
rules:
  - id: TST-E001
    slug: by-market
    kind: eligibility
    description: by market
    source: Policy §2
    facets: {market: membership}
"""
TESTS = """schema_version: 1
facets: [market]
documents:
  - id: P1
    kind: policy
    effective: {from: 2024-01-01}
    applies_to: {market: UK}
    provisions:
      - {path: "1", text: "One."}
      - {path: "2", header: [Was, Now], cells: [Nil, Two.]}
cases:
  - name: P1 is eligible in the UK
    eligible: {context: {market: UK}, valid_at: 2024-06-01}
    expect: {outcome: eligible}
"""


def test_a_row_is_a_table_row_of_the_document_with_its_header_and_cells_in_the_text_layer() -> None:
    document = FixtureDocument.model_validate({
        "id": "A1", "kind": "addendum", "issued": "2026-01-02",
        "provisions": [{"path": "1", "text": "Changes."},
                       {"path": "table-1.row-1", "header": ["Was", "Now"], "cells": ["Néant", "2.3 New | text."]}],
    }).to_document("a.test.yaml")
    row = document.provisions[1]
    assert row.kind == "table_row" and (row.table, row.row) == (1, 1)
    assert row.header == ("Was", "Now") and row.cells == ("Néant", "2.3 New | text.")
    layer = document.text_layer
    assert layer[row.header_span.start:row.header_span.end] == "| Was | Now |"
    assert layer[row.span.start:row.span.end] == "| Néant | 2.3 New \\| text. |"
    assert row.text == "| Was | Now |\n| Néant | 2.3 New \\| text. |"


def test_a_row_under_a_path_no_row_has_is_refused_at_its_line(tmp_path: Path) -> None:
    (tmp_path / "policy.yaml").write_text(PACK)
    (tmp_path / "policy.test.yaml").write_text(TESTS)
    with pytest.raises(InputErrors) as raised:
        run_test_file(tmp_path / "policy.test.yaml")
    said = [(p.line, p.field, p.message) for p in raised.value.exceptions]  # type: ignore[union-attr]
    assert len(said) == 1 and said[0][0] == 10
    assert "table-N.row-M" in said[0][2] and "'2'" in said[0][2]


@pytest.mark.parametrize("row", ['{path: table-1.row-1, header: [Was, Now], cells: [Nil]}',
                                 '{path: table-1.row-1, header: [Was, Now], cells: [Nil, Two.], text: Two.}',
                                 '{path: table-1.row-1}'])
def test_a_row_with_cells_unlike_its_header_or_with_text_too_is_refused(tmp_path: Path, row: str) -> None:
    (tmp_path / "policy.yaml").write_text(PACK)
    (tmp_path / "policy.test.yaml").write_text(TESTS.replace('{path: "2", header: [Was, Now], cells: [Nil, Two.]}', row))
    with pytest.raises(InputErrors) as raised:
        run_test_file(tmp_path / "policy.test.yaml")
    assert [p.line for p in raised.value.exceptions] == [10]  # type: ignore[union-attr]
