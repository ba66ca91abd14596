"""Round 81 of issue 21: a clause that "stands amended as under:" with its whole new text after the colon is given
anew, as "is amended to read:" gives it, however the item names the clause ("Volume II, General Specifications,
Clause 4.1", "Clause 4.1 of the General Specifications"), not only after a CSI section's paragraph (the pack's
pattern of round 79). It was changed in part: the generic "amended" read it. Words named before the verb and
put for other words stay a change in part. In words and numbers of our own."""

from __future__ import annotations

import pytest

from addenda_reading import read_line

SPEC = ("VOLUME II - GENERAL SPECIFICATIONS\n\n1 GENERAL\n\n1.1 The works are a district hospital ward block.\n\n"
        "4 MASONRY\n\n4.1 Brickwork shall be in cement mortar 1:6.\n\n4.2 Joints shall be raked to 10 mm.\n")
TITLE = "Volume II General Specifications, Ward Block at the District Hospital, Sibi"
NEW = '"4.1 Brickwork shall be in cement sand mortar 1:4, with first class bricks soaked for two hours before use."'


def _read(tmp_path, rules, line):
    return read_line(tmp_path, rules, "round-81-as-under", "3. " + line + "\n", spec=SPEC, doc="SPEC-GS", title=TITLE,
                     head="CORRIGENDUM No. 1\n\n", issued=("2028-01-10", "2028-02-14"))


@pytest.mark.parametrize("line", [
    f"Volume II, General Specifications, Clause 4.1 stands amended as under: {NEW}",
    f"Clause 4.1 of the General Specifications shall stand amended as under: {NEW}",
    f"General Specifications, Clause 4.1 is hereby amended as under: {NEW}",
])
def test_a_clause_amended_as_under_is_given_anew_whole(tmp_path, rules, line):
    applied, proposed, reported = _read(tmp_path, rules, line)
    named = applied | proposed
    assert ("SPEC-GS#4.1", "full", True) in named, (applied, proposed, reported)
    assert ("SPEC-GS#4.1", "partial", True) not in named, (applied, proposed)


def test_words_amended_as_under_stay_a_change_in_part(tmp_path, rules):
    applied, proposed, reported = _read(tmp_path, rules, 'Volume II, General Specifications, Clause 4.2: the words '
                                        '"10 mm" stand amended as under: "15 mm".')
    assert ("SPEC-GS#4.2", "full", True) not in applied | proposed, (applied, proposed, reported)
