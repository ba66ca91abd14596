"""Audit 68 C (issue 23): wrong applied edges.

F5: a provision said to stay in the same sentence as a deletion (", and Paragraph 2.2.C remains", "but Paragraph
2.2.B is retained", ", y el numeral 1.1 se mantiene") was deleted with the others. A clause whose subject is a
provision and whose words say it stays speaks for that provision only: it is never a target.

Words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

CONCRETE = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 PRODUCTS\n\n2.2 ADMIXTURES\n\n"
            "A. Air entraining admixture to ASTM C260.\n\nB. Retarding admixture to ASTM C494 Type B.\n\n"
            "C. Non-chloride accelerator to ASTM C494 Type C.\n")
MASONRY = ("SECTION 04 20 00 - UNIT MASONRY\n\nPART 2 PRODUCTS\n\n2.2 MORTAR\n\n"
           "A. Mortar to ASTM C270 Type S.\n\nB. Grout to ASTM C476.\n\nC. Ties of hot-dip galvanized steel.\n")
PLIEGO = ("ESPECIFICACIONES TÉCNICAS\n\n1 REPLANTEO\n\n1.1 El replanteo se hará con estación total.\n\n"
          "2 PISOS\n\n2.1 El contrapiso será de 10 cm.\n\n3 CARPINTERÍAS\n\n"
          "3.1 Las puertas serán de chapa doblada N° 18.\n\n3.2 Las ventanas serán de aluminio anodizado.\n")


def _targets(reading) -> set[str]:
    return {t for t, _, _ in applied(reading) | proposed(reading)}


def _read_sections(root: Path, rules, body: str):
    start_project(root, "audit-68")
    write_doc(root, "SPEC-033000", "2027-03-01", CONCRETE, kind="specification",
              title="Section 03 30 00 Cast-in-Place Concrete")
    write_doc(root, "SPEC-042000", "2027-03-01", MASONRY, kind="specification", title="Section 04 20 00 Unit Masonry")
    write_doc(root, "ADD-01", "2027-04-12", "ADDENDUM NO. 3\n\n" + body, kind="addendum", title="Addendum No. 3")
    return read_project(root, rules)


def _read_pliego(root: Path, rules, body: str):
    start_project(root, "audit-68-es")
    write_doc(root, "SPEC-ET", "2027-08-02", PLIEGO, kind="specification",
              title="Especificaciones Técnicas, Licitación Pública N° 9/2027, Escuela rural")
    write_doc(root, "ADD-01", "2027-09-06", "ADENDA N° 1\n\nSe comunican las siguientes modificaciones:\n\n" + body,
              kind="addendum", title="Adenda")
    return read_project(root, rules)


@pytest.mark.parametrize(("body", "deleted", "kept"), [
    ("1. Section 03 30 00, Paragraphs 2.2.A and 2.2.B are deleted, and Paragraph 2.2.C remains.\n",
     {"SPEC-033000#2.2.A", "SPEC-033000#2.2.B"}, "SPEC-033000#2.2.C"),
    ("1. Section 03 30 00, Paragraph 2.2.A is deleted but Paragraph 2.2.B is retained.\n",
     {"SPEC-033000#2.2.A"}, "SPEC-033000#2.2.B"),
])
def test_a_provision_said_to_stay_beside_a_deletion_is_no_target(tmp_path, rules, body, deleted, kept):
    reading = _read_sections(tmp_path, rules, body)
    assert kept not in _targets(reading), (applied(reading), proposed(reading))
    assert {t for t, _, _ in applied(reading)} == deleted, (applied(reading), proposed(reading))


@pytest.mark.parametrize(("body", "deleted"), [
    ("1) Se eliminan los numerales 3.1 y 3.2, y el numeral 1.1 se mantiene.\n", {"SPEC-ET#3.1", "SPEC-ET#3.2"}),
    ("1) Se elimina el numeral 3.1, y el numeral 1.1 se mantiene.\n", {"SPEC-ET#3.1"}),
])
def test_un_numeral_que_se_mantiene_no_se_elimina(tmp_path, rules, body, deleted):
    reading = _read_pliego(tmp_path, rules, body)
    assert _targets(reading) == deleted, (applied(reading), proposed(reading))  # (never 1.1)


def test_a_thing_other_than_a_provision_that_remains_does_not_stop_the_deletion(tmp_path, rules):
    # (the control: "remains" needs a provision's number before it; here the deletion stands)
    reading = _read_sections(tmp_path, rules,
                             "1. Section 03 30 00, Paragraph 2.2.A is deleted. The requirement for testing remains.\n")
    assert {t for t, _, _ in applied(reading)} == {"SPEC-033000#2.2.A"}, (applied(reading), proposed(reading))


# F6, F7: a paragraph tied to two sections listed otherwise than "Sections X and Y, Paragraph" ("of Sections X and
# Y", "Section X and Section Y,", "In Sections X and Y, ... Paragraph") was bound in one section and the other was
# deleted whole, applied, nothing in its place. The last guard: an item whose object is a paragraph never applies a
# change to a whole document; where a reading binds it so, it is a proposal saying why.
@pytest.mark.parametrize("body", [
    "1. Paragraph 2.2.C of Sections 03 30 00 and 04 20 00: Delete.\n",
    "1. Article 2.2.C of Sections 03 30 00 and 04 20 00 is deleted.\n",
    "1. Section 03 30 00 and Section 04 20 00, Paragraph 2.2.C: Delete.\n",
    "1. In Sections 03 30 00 and 04 20 00, delete Paragraph 2.2.C.\n",
])
def test_a_paragraph_of_listed_sections_never_applies_a_whole_document(tmp_path, rules, body):
    reading = _read_sections(tmp_path, rules, body)
    done, offered = applied(reading), proposed(reading)
    assert not [t for t, _, _ in done if "#" not in t], (done, offered)
    assert {t for t, _, _ in done | offered} & {"SPEC-033000#2.2.C", "SPEC-042000#2.2.C"}, (done, offered)
    whys = " ".join(p.evidence.why or "" for p in reading.proposed if "#" not in p.target.format())
    assert all("#" in t for t, _, _ in offered) or "a paragraph, not the whole of" in whys, (offered, whys)


def test_a_section_reissued_whole_beside_a_paragraph_named_is_still_applied(tmp_path, rules):
    # (the control: the item's words say the whole section changes)
    reading = _read_sections(tmp_path, rules, "1. Section 04 20 00 is reissued in its entirety; it now holds "
                                              "Paragraph 2.2.D for anchors.\n")
    assert "SPEC-042000" in {t for t, _, _ in applied(reading)}, (applied(reading), proposed(reading))


def test_a_figure_said_to_stay_elsewhere_is_no_provision_and_the_change_stands(tmp_path, rules):
    """The keep words need a provision's dotted number before them: "elsewhere Type C remains" or a
    figure ("Tier 15 remains", as a real owner's change table writes beside the new value) is part of
    the change, never a no-change clause (the first form of F5's pattern silenced such a row)."""
    reading = _read_sections(tmp_path / "p", rules, "| Item | Reference | Change |\n|---|---|---|\n"
                             "| 1. | Section 03 30 00, 2.2 A | Admixture in the exposed slabs shall be Tier 22; "
                             "elsewhere Tier 15 remains. |\n")
    assert "SPEC-033000#2.2.A" in _targets(reading), reading
