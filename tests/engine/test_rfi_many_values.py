"""The RFI draft of a grouped finding (``rfi.many_values``): each distinct value with how many
provisions state it, the first three named, the rest counted, document text inert."""

from __future__ import annotations

import datetime as dt

from inforce.engine import rfi
from inforce.ontology import Locator


def _sides(count: int) -> list[rfi.RfiProvision]:
    return [rfi.RfiProvision(label=f"Section 1 §1.{n}.A", locator=Locator.parse(f"SPEC-1#1.{n}.A"))
            for n in range(1, count + 1)]


def test_each_value_is_a_row_with_its_count_and_three_provisions_named():
    draft = rfi.many_values("concrete.compressive_strength",
                            [("not less than 3,000 psi", _sides(5)), ("not less than 4,000 psi", _sides(1))],
                            valid_at=dt.date(2026, 5, 1), project="many")
    assert draft.splitlines()[0] == (
        "# Request for information: 6 provisions state 2 different values of concrete.compressive\\_strength")
    rows = [line for line in draft.splitlines() if line.startswith("| not less")]
    assert rows[0] == ("| not less than 3,000 psi | 5 | Section 1 §1.1.A (`SPEC-1#1.1.A`), Section 1 §1.2.A "
                       "(`SPEC-1#1.2.A`), Section 1 §1.3.A (`SPEC-1#1.3.A`) and 2 more |")
    assert rows[1] == "| not less than 4,000 psi | 1 | Section 1 §1.1.A (`SPEC-1#1.1.A`) |"
    assert "Documents in force on: 2026-05-01" in draft and "## Question" in draft


def test_a_value_as_written_cannot_break_the_table_or_inject_markup():
    draft = rfi.many_values("x", [("<script>1 | 2</script>", _sides(1))], valid_at=dt.date(2026, 5, 1))
    [row] = [line for line in draft.splitlines() if line.startswith("| &lt;script")]
    assert "<script>" not in draft and "1 \\| 2" in row and row.count(" | ") == 2  # three cells: the escaped | is no separator
