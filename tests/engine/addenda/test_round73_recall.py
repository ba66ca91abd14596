"""Round 73 of issue 21: changes a real owner's addendum makes that were neither applied nor proposed, read by
general forms of the owners' writing. Each test keeps a near form from being applied, so the reading stays no
wider than its plain words. In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_line

SCOPE = ("TENDER DOCUMENT VOLUME 3\n\nPART C3: SCOPE OF WORK\n\nC3.1 DESCRIPTION OF THE WORKS\n\n"
         "C3.1.1 The Works comprise a 40-bay car park and a 200 m stormwater channel.\n\n"
         "C3.1.2 The Works lie on municipal land beside the harbour.\n\nC3.2 CONSTRUCTION\n\n"
         "C3.2.1 The channel shall be excavated in the dry.\n\n"
         "C3.2.2 Kerbs shall be precast concrete, 150 mm high.\n")


def _scope(root: Path, rules, line: str):
    return read_line(root, rules, "round-73-scope", line, spec=SCOPE, doc="SPEC-C3",
                     title="Part C3 Scope of Work, Tender 88/2027, Harbour Car Park",
                     head="ADDENDUM No. 1\n\nTenderers are advised of the following amendments to the Tender Document.\n\n",
                     issued=("2027-03-01", "2027-04-05"))


def test_a_clause_numbered_with_its_parts_code_is_that_clause(tmp_path, rules):
    # "C3.1.1": a scope of work whose clauses carry the part's code in their numbers; the code was read as
    # "C3.1" alone, a paragraph 3.1 the part does not hold, and the change was reported, never placed
    applied, proposed, reported = _scope(tmp_path, rules, '3. C3.1.1: replace "40-bay car park" with "48-bay car park".\n')
    assert ("SPEC-C3#C3.1.1", "partial", True) in applied, (applied, proposed, reported)


def test_a_clause_numbered_with_its_parts_code_is_replaced_whole(tmp_path, rules):
    applied, proposed, reported = _scope(tmp_path, rules, (
        '5. C3.2.2: replace the clause in its entirety with: "C3.2.2 Kerbs shall be precast concrete, 200 mm high."\n'))
    assert ("SPEC-C3#C3.2.2", "full", True) in applied, (applied, proposed, reported)


def test_a_coded_clause_the_part_does_not_hold_is_not_applied(tmp_path, rules):
    # "C3.2.7" is no clause of the part: nothing applied to a clause of it
    applied, proposed, reported = _scope(tmp_path, rules, '3. C3.2.7: replace "150 mm" with "200 mm".\n')
    assert not any(t.startswith("SPEC-C3#") for t, _, _ in applied), (applied, proposed)
