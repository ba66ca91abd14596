"""Audit 57-B: figures nobody compared, temperature differences, percentage points.

H (designations): a trade designation ("W8x31", "M12", "No. 12 AWG", "20A/1P", "Schedule 40")
is read by no figure reader, so a claim changing its digits was compared with nothing and
answered. Every digit of a claim is now compared as a quantity, repeated word for word by what
it cites, or names a place or a date; else the claim is refused where the cited text holds a
word of the same shape with other digits, and escalated otherwise
(``quantities.designations``). H (temperatures): a temperature after a rise, a difference, ΔT,
a variation is a difference: a 10 °C rise is an 18 °F rise, not the reading 50 °F. H (percent):
a percentage point is no percent. Everything runs through the CLI's ``check`` on a document
written here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from spec_claims import check_one, ingest_specs
from typer.testing import CliRunner

from inforce.engine.quantities.designations import uncompared_digits

runner = CliRunner()

_SPEC = """1.1 Roof joists shall be W10x26 sections.

1.2 Anchor rods: M20, hot-dip galvanized.

1.3 Feeder conductors shall be No. 4 AWG copper.

1.4 Branch breakers for the kitchen: 15A/2P.

1.5 Framing lumber shall be of the grade the engineer names.

1.6 The temperature rise of the enclosure shall not exceed 15 °C.

1.7 The supply-return temperature difference shall be 12 K.

1.8 Raise the retention rate by 3 percentage points.

1.9 Chilled water piping: Schedule 10 stainless steel.

1.10 OPENINGS

A. Partition doors shall be Type D, 42 in. wide.

B. Line the shaft with 3/4" Type C gypsum liner panels.

C. For Type D, the clear opening shall be 40 in.

1.11 Cut landfill tonnage by 15% relative to the 2024 audit.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit57") / "q"
    ingest_specs(root, {"q-57": _SPEC})
    return root


def _check(project: Path, tmp_path: Path, text: str, locator: str) -> dict[str, Any]:
    return check_one(project, tmp_path, locator, text)


@pytest.mark.parametrize(("claim", "locator", "cited"), [
    ("Roof joists shall be W10x30 sections.", "Q-57#1.1", "W10x26"),
    ("Anchor rods: M24, hot-dip galvanized.", "Q-57#1.2", "M20"),
    ("Feeder conductors shall be No. 2 AWG copper.", "Q-57#1.3", "No. 4 AWG"),
    ("Branch breakers for the kitchen: 20A/2P.", "Q-57#1.4", "15A/2P"),
    ("Chilled water piping: Schedule 40 stainless steel.", "Q-57#1.9", "Schedule 10"),
])
def test_a_changed_designation_is_refused(project: Path, tmp_path: Path, claim: str, locator: str, cited: str) -> None:
    """The designation was compared with nothing and the false claim answered."""
    verdict = _check(project, tmp_path, claim, locator)
    assert verdict["verdict"] == "refusal", verdict["claims"][0]
    assert verdict["claims"][0]["status"] == "unsupported_quantity"
    assert "value_differs" in verdict["claims"][0]["detail"] and cited in verdict["claims"][0]["detail"]


@pytest.mark.parametrize(("claim", "locator"), [
    ("Roof joists shall be W10x26 sections.", "Q-57#1.1"),
    ("Per Section 05 12 00 and Addendum No. 3 of 2026-01-15, anchor rods are M20.", "Q-57#1.2"),
    ("Feeder conductors shall be No. 4 AWG copper.", "Q-57#1.3"),
])
def test_a_designation_stated_as_cited_is_answered(project: Path, tmp_path: Path, claim: str, locator: str) -> None:
    """The same designation, and the digits of a section, an addendum and a date, pass the gate."""
    verdict = _check(project, tmp_path, claim, locator)
    assert verdict["verdict"] == "answer", verdict["claims"][0]


def test_a_designation_nothing_cited_resembles_escalates(project: Path, tmp_path: Path) -> None:
    verdict = _check(project, tmp_path, "Framing lumber shall be 2x10 of the grade the engineer names.", "Q-57#1.5")
    assert verdict["verdict"] == "escalation", verdict["claims"][0]
    assert any("2x10" in warning for warning in verdict["claims"][0]["warnings"])


def test_the_gate_reads_shapes_and_names() -> None:
    found = uncompared_digits("Use 1/2-20 UNF bolts per Section 3, issued March 2, 2026.", [],
                              ["Use 1/2-13 UNC bolts."])
    assert [(u.text, u.differs_from) for u in found] == [("1/2-20", "1/2-13")]



def test_a_designation_among_alternatives_joined_by_a_slash_is_said() -> None:
    # (audit 58-Q: "ASTM A615/A615M" cited beside "ASTM A992" - a claim of "A615" was refused as not "A992")
    assert uncompared_digits("Dowels are ASTM A416.", [], ["Wide flanges: ASTM A913. Dowels: ASTM A416/A416M."]) == []
    (other,) = uncompared_digits("Dowels are ASTM A417.", [], ["Wide flanges: ASTM A913. Dowels: ASTM A416/A416M."])
    assert other.text == "A417" and other.differs_from is not None

@pytest.mark.parametrize(("claim", "locator", "verdict"), [
    ("The temperature rise of the enclosure shall not exceed 27 °F.", "Q-57#1.6", "answer"),
    ("The temperature rise of the enclosure shall not exceed 59 °F.", "Q-57#1.6", "refusal"),
    ("The supply-return temperature difference shall be 12 °C.", "Q-57#1.7", "answer"),
    ("The supply-return temperature difference shall be 21.6 °F.", "Q-57#1.7", "answer"),
    ("The supply-return temperature difference shall be -261.15 °C.", "Q-57#1.7", "refusal"),
])
def test_a_temperature_difference_converts_as_a_difference(
        project: Path, tmp_path: Path, claim: str, locator: str, verdict: str) -> None:
    """A 15 °C rise was read as the reading 15 °C (59 °F) and 27 °F refused; 12 K of difference as 12 K."""
    checked = _check(project, tmp_path, claim, locator)
    assert checked["verdict"] == verdict, checked["claims"][0]


@pytest.mark.parametrize(("claim", "verdict"), [
    ("Raise the retention rate by 3%.", "refusal"),
    ("Raise the retention rate by 3 percent.", "refusal"),
    ("Raise the retention rate by 3 pp.", "answer"),
])
def test_percentage_points_are_not_percent(project: Path, tmp_path: Path, claim: str, verdict: str) -> None:
    assert _check(project, tmp_path, claim, "Q-57#1.8")["verdict"] == verdict


@pytest.mark.parametrize(("cited", "claim"), [
    ("Design shear shall be 2 345,6 kN.", "Design shear is 2345.6 kN."),  # SI: spaced thousands, decimal comma
    ("The crane load shall not exceed 12.5 t.", "The crane load shall not exceed 12,500 kg."),  # a tonne
    ("Duct static pressure: 1.5 in. w.c.", "Duct static pressure: 373.6 Pa."),  # inches of water
    ("Duct static pressure: 1.5 in H2O.", "Duct static pressure: 0.3736 kPa."),
])
def test_figures_written_the_si_or_the_trade_way_are_read(cited: str, claim: str) -> None:
    """Refused before: ``2 345,6 kN`` read as no number, ``12.5 t`` as a bare 12.5, ``1.5 in. w.c.`` as a length."""
    from inforce.engine.quantities import check_claim_quantities

    found = check_claim_quantities(claim, [cited])
    assert found.status == "ok" and found.matched, found.unmatched


def test_a_t_without_a_mass_word_is_no_tonne() -> None:
    from inforce.engine.quantities.extract import default_extractor

    mentions = default_extractor().extract("Plate 2.5 t.").mentions
    assert [(m.text, m.unit_expression) for m in mentions] == [("2.5", None)]


def test_a_count_dash_size_before_pieces_is_no_range() -> None:
    """"2 - 25 mm plies" was read as the range 2 to 25 mm, so a claim of 2 mm plies lay within it."""
    from inforce.engine.quantities import check_claim_quantities

    found = check_claim_quantities("Sheathing is 2 mm plies.", ["Sheathing: 2 - 25 mm plies."])
    assert found.status != "ok" and [u.reason for u in found.unmatched] == ["value_differs"]
    assert check_claim_quantities("Sheathing is 25 mm plies.", ["Sheathing: 2 - 25 mm plies."]).status == "ok"


@pytest.mark.parametrize(("claim", "locator", "verdict"), [
    ("Partition doors are 42 in. wide.", "Q-57#1.10.A", "answer"),
    ("Line the shaft with 3/4 inch gypsum liner panels.", "Q-57#1.10.B", "answer"),
    ("The clear opening shall be 40 in.", "Q-57#1.10.C", "escalation"),  # "For Type D," scopes it: kept
])
def test_a_product_designation_beside_a_figure_is_its_name_not_a_condition(
        project: Path, tmp_path: Path, claim: str, locator: str, verdict: str) -> None:
    """LOW: "Type D" beside the figure was named as words the claim does not hold, and escalated."""
    checked = _check(project, tmp_path, claim, locator)
    assert checked["verdict"] == verdict, checked["claims"][0]


def test_the_base_a_percent_is_measured_from_is_its_anchor(project: Path, tmp_path: Path) -> None:
    """LOW: 'relative' (of "15% relative to the 2024 audit") was named as a word beside the figure."""
    checked = _check(project, tmp_path, "Cut landfill tonnage by 15 percent.", "Q-57#1.11")
    assert checked["verdict"] == "answer", checked["claims"][0]


@pytest.mark.parametrize(("claim", "cited", "changed"), [
    # (audit 58-Q) a number after "Level", "Floor" or "version" is a value as often as a place
    ("Provide Level 4 shielding.", "Provide Level 1 shielding.", "Level 4 shielding"),
    ("Clients shall use protocol version 2.0.", "Clients shall use protocol version 3.1.", "version 2.0."),
    # a ratio after "scale" is no clock time; four digits without a word of dates are no year
    ("Plans shall be drawn at scale 1:200.", "Plans shall be drawn at scale 1:100.", "1:200"),
    ("Supply 1950 fasteners.", "Supply 1850 fasteners.", "Supply 1950 fasteners"),
    # a grade whose letter is Q is no fiscal quarter
    ("Plate steel is grade Q390.", "Plate steel is grade Q420.", "Q390"),
])
def test_a_value_shaped_like_a_place_a_year_a_clock_or_a_quarter_is_compared(claim: str, cited: str,
                                                                            changed: str) -> None:
    (found,) = uncompared_digits(claim, [], [cited])
    assert found.text.rstrip(".") == changed.rstrip(".") and found.differs_from is not None


@pytest.mark.parametrize("claim", [
    "Submittals were revised in 2025.", "Work stops at 4:30 each day.", "Tests run from 8:00 to 9:00.",
    "Report Q3-2026 totals.", "Budget for FY2027.", "The 2024 edition governs.",
])
def test_dates_and_times_said_as_such_still_name(claim: str) -> None:
    assert uncompared_digits(claim, [], ["Nothing numeric here."]) == []
