"""A grouped finding (issue 23, audit N1: one subject stated in hundreds of different values,
one finding listing every provision): each writer shows a few and counts the rest, and the JSON,
the HTML page's findings data and SARIF's related locations keep every one."""

from __future__ import annotations

import json
import re

from inforce.adapters.report import render
from inforce.ontology import Finding, FindingProvision, Locator, SweepReport

from sweep_samples import sample_report

COUNT = 300


def _grouped_report() -> SweepReport:
    sides = tuple(
        FindingProvision(locator=Locator.parse(f"SPEC-1#1.{n}.A"), label=f"Section 1 §1.{n}.A",
                         text=f"A. Compressive strength at 28 days: not less than {1000 + 10 * n:,} psi.",
                         quantity=f"not less than {1000 + 10 * n:,} psi", kind="section")
        for n in range(1, COUNT + 1))
    finding = Finding(
        id="a1b2c3d4e5f60718", kind="quantity_conflict", scope="within_document",
        subject="concrete.compressive_strength", provisions=sides, resolution="escalate",
        rfi="# Request for information: 300 provisions state 300 different values of concrete.compressive_strength\n",
        explanation="300 provisions state 300 different values of concrete.compressive_strength",
        sources=("quantity_subject",),
    )
    return sample_report().model_copy(update={"findings": (finding,)})


def test_markdown_quotes_ten_provisions_of_a_group_and_counts_the_rest() -> None:
    text = render(_grouped_report(), "md")
    heading = next(line for line in text.splitlines() if line.startswith("## quantity conflict"))
    assert heading.endswith("Section 1 §1.3.A and 297 more")
    assert "Section 1 §1.4.A" not in heading
    quoted = re.findall(r"^> \*\*Section 1 §1\.(\d+)\.A\*\*", text, flags=re.M)
    assert quoted == [str(n) for n in range(1, 11)]
    assert "And 290 more provisions, each with its quantity in the JSON report" in text
    assert "§1.11.A" not in text


def test_html_shows_ten_provisions_and_keeps_every_one_in_its_data() -> None:
    page = render(_grouped_report(), "html")
    assert page.count('<section class="side">') == 10
    assert "And 290 more provisions" in page
    assert '<span class="label more">and 297 more</span>' in page
    island = re.search(r'<script type="application/json" id="findings-data">(.*?)</script>', page, flags=re.S)
    assert island is not None
    data = json.loads(island.group(1).replace("\\u003c", "<"))
    assert len(data["findings"][0]["provisions"]) == COUNT


def test_sarif_names_three_and_lists_every_provision_as_a_location() -> None:
    result = json.loads(render(_grouped_report(), "sarif"))["runs"][0]["results"][0]
    message = result["message"]["text"]
    assert message.startswith("Section 1 §1.1.A, Section 1 §1.2.A, Section 1 §1.3.A and 297 more provisions")
    assert len(result["locations"]) + len(result["relatedLocations"]) == COUNT


def test_json_holds_every_provision_with_its_quantity() -> None:
    data = json.loads(render(_grouped_report(), "json"))
    provisions = data["findings"][0]["provisions"]
    assert len(provisions) == COUNT
    assert provisions[-1]["quantity"] == "not less than 4,000 psi"


def test_a_pair_is_rendered_as_before() -> None:
    text = render(sample_report(), "md")
    assert " and 1 more" not in text and "more provisions" not in text
