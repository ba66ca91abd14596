"""Issue 23, the twenty-first and twenty-second audits' low findings (HELPER LOWS3), ingest side.

2. An Akoma Ntoso act declaring thousands of modifications inforce does not read printed a
   warning for each: the first ``WARNINGS_SHOWN`` of each kind about each file are printed, then
   one line counting the rest.
6. A document whose first numbered heading is ``1.3`` (an excerpt that starts mid-article) lost
   the heading: under a ``SECTION 28 13 00`` heading its paragraphs were stored as
   ``281300.A``, the section number read as their article; ``1.3`` is the article.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.cli.project_cmds import WARNINGS_SHOWN, warning_lines
from inforce.adapters.ingest import parse_document_with_warnings
from inforce.ontology import InputError, InputErrors
from tests.support.in_process import inforce

AKN3 = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
FRONT = ("---\nid: S-1\nkind: specification\ntitle: A\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
         "recorded: 2026-01-01T09:00:00Z\n---\n")


def _act(mods: int, kind: str = "renumbering") -> str:
    declared = "\n".join(
        f'<textualMod type="{kind}" eId="amod_{i}"><source href="#sec_1"/>'
        f'<destination href="/akn/xx/act/2011-02-03/9/~sec_{i}"/></textualMod>' for i in range(1, mods + 1))
    work, expression = "/akn/xx/act/2021-05-01/4", "/akn/xx/act/2021-05-01/4/eng@2021-06-01"
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="{AKN3}"><act name="act"><meta>
<identification source="#d">
<FRBRWork><FRBRthis value="{work}/!main"/><FRBRuri value="{work}"/><FRBRdate date="2021-05-01" name="Generation"/>
<FRBRauthor href="#p"/><FRBRcountry value="xx"/><FRBRnumber value="4"/></FRBRWork>
<FRBRExpression><FRBRthis value="{expression}/!main"/><FRBRuri value="{expression}"/>
<FRBRdate date="2021-06-01" name="Generation"/><FRBRauthor href="#p"/><FRBRlanguage language="eng"/></FRBRExpression>
<FRBRManifestation><FRBRthis value="{expression}/!main.xml"/><FRBRuri value="{expression}.akn"/>
<FRBRdate date="2021-06-02" name="Markup"/><FRBRauthor href="#d"/></FRBRManifestation>
</identification>
<lifecycle source="#d"><eventRef eId="e1" date="2021-05-01" source="#o" type="generation"/></lifecycle>
<analysis source="#d"><activeModifications>
{declared}
</activeModifications></analysis>
<temporalData source="#d"><temporalGroup eId="t1"><timeInterval start="#e1" refersTo="#inForce"/></temporalGroup>
</temporalData>
<references source="#d"><original eId="o" href="{expression}" showAs="Original"/>
<TLCConcept eId="inForce" href="/ontology/concept/inForce" showAs="in force"/></references>
</meta>
<body><section eId="sec_1"><num>1.</num><heading>Numbers</heading><content><p>Sections take new numbers.</p>
</content></section></body></act></akomaNtoso>
"""


def test_an_act_with_many_modifications_of_one_kind_prints_the_first_and_counts_the_rest(tmp_path: Path):
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: many\nfacets: []\nrules: []\n")
    (root / "documents" / "act.xml").write_text(_act(WARNINGS_SHOWN + 1234))
    result = inforce("ingest", root)  # in this process, as the console script runs it
    assert result.returncode == 0, result.stderr
    warned = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    shown = [line for line in warned if "of type 'renumbering'" in line and "more of this kind" not in line]
    assert len(shown) == WARNINGS_SHOWN, len(shown)
    assert "amod_1 " in shown[0] and f"amod_{WARNINGS_SHOWN} " in shown[-1]  # the first ones, in order
    [more] = [line for line in warned if "more of this kind" in line]
    assert "and 1,234 more of this kind in documents/act.xml" in more
    assert len(warned) < WARNINGS_SHOWN + 10


def test_warnings_are_capped_per_file_and_kind_not_overall():
    def warning(file: str, n: int, kind: str) -> InputError:
        return InputError(f"textualMod amod_{n} of type '{kind}': no supersession is made from it", file=file, line=n)

    many = [warning("a.xml", n, "split") for n in range(30)] + [warning("b.xml", n, "split") for n in range(3)]
    many += [InputError(f"section path '{n}.1' appears again (first at line {n})", file="a.xml", line=n)
             for n in range(25)]
    lines = warning_lines(many)
    assert sum("a.xml" in line and "'split'" in line and "more" not in line for line in lines) == WARNINGS_SHOWN
    assert sum("b.xml" in line for line in lines) == 3  # under the cap: all of them, no count
    assert sum("appears again" in line and "more" not in line for line in lines) == WARNINGS_SHOWN
    counted = [line for line in lines if "more of this kind" in line]
    assert len(counted) == 2 and "and 10 more of this kind in a.xml" in counted[0]
    assert "and 5 more of this kind in a.xml" in counted[1] and "appears again" in counted[1]
    few = [warning("a.xml", n, "split") for n in range(WARNINGS_SHOWN)]
    assert warning_lines(few) == [f"warning: {w}" for w in few]


def _paths(tmp_path: Path, body: str) -> list[str]:
    (tmp_path / "documents").mkdir(exist_ok=True)
    path = tmp_path / "documents" / "s.md"
    path.write_text(FRONT + body)
    document, _ = parse_document_with_warnings(path, tmp_path)
    return [p.path for p in document.provisions]


def test_a_first_numbered_heading_of_1_3_under_a_csi_section_is_article_1_3(tmp_path: Path):
    paths = _paths(tmp_path, "SECTION 28 13 00 - ACCESS CONTROL\n\n1.3 Concrete\n\nA. Slump: 4 inches maximum.\n\n"
                             "B. Air: 6 percent.\n\n1.4 Steel\n\nA. Grade 60.\n")
    assert paths == ["281300", "1.3", "1.3.A", "1.3.B", "1.4", "1.4.A"]


def test_a_first_numbered_heading_of_2_4_alone_is_article_2_4(tmp_path: Path):
    assert _paths(tmp_path, "2.4 Steel\n\nA. Grade 60.\n\n2.5 Bolts\n\nA. Grade 8.\n") == [
        "2.4", "2.4.A", "2.5", "2.5.A"]


def test_a_later_decimal_that_skips_ahead_is_still_not_a_heading(tmp_path: Path):
    paths = _paths(tmp_path, "1 SCOPE\n\n1.1 All records.\n\n1.2 Kept.\n\n4.7 Not a heading after 1.2.\n")
    assert paths == ["1", "1.1", "1.2"]


def test_an_id_not_starting_with_a_letter_or_digit_is_told_what_an_id_starts_with(tmp_path: Path) -> None:
    """Audit 71 A F9: ``id: "-A"`` was refused with the hint "letters, digits, '-', '_' or '.'",
    which it is; the hint now says what the id lacks, a letter or digit first."""
    path = tmp_path / "a.md"
    path.write_text(FRONT.replace("id: S-1", 'id: "-A"') + "1 SCOPE\n\n1.1 Kept.\n", encoding="utf-8")
    with pytest.raises(InputErrors) as raised:
        parse_document_with_warnings(path, tmp_path)
    (refused,) = raised.value.exceptions
    assert isinstance(refused, InputError) and refused.field == "id" and refused.line == 2, refused
    assert "starts with a letter or digit" in (refused.hint or ""), refused.hint
