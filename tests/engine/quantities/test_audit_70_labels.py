"""Audit 70 B F3: a section's own number before a unit word is no figure of it.

``4.3 Days of grace are allowed ...`` (no period stated at all) was read as a grace period of
4.3 days, and ``check`` answered the false claim "a grace period of 4.3 days" citing 4.3; under
a heading ``4.3 Days of Grace`` the true claim "10 days" was refused because "the cited '4.3
Days' governs it". The label the outline read (``Section.number``, as written, in every style:
``4.3``, ``1.04``, ``Section 3.2``, ``Article 5``, ``PART 2``) is blanked before a provision's
words are read, at ingest and in ``check``; a figure opening a sentence that is no label stays one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

from inforce.adapters.ingest.documents import parse_document
from inforce.engine import facts
from inforce.engine.quantities.extract import default_extractor
from inforce.engine.quantities.labels import unlabelled

_HEAD = """---
id: POL-70
kind: policy
title: Styles
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
"""


@pytest.mark.parametrize(("text", "labels", "blanked"), [
    ("4.3 Days of grace are allowed.", ["4.3"], "    Days of grace are allowed."),
    ("## 4.3 Days of Grace\n\nA. 10 days", ["4.3", "A."], "##     Days of Grace\n\nA. 10 days"),
    ("Article 5 Days of rest", ["Article 5"], "          Days of rest"),
    ("1.2 4 days are allowed.", ["1.2"], "    4 days are allowed."),
    # in order, each after the one before; one the text no longer holds is passed over
    ("6.1 Years\n6.1.1 Hours\n6.1.2 Feet", ["6.1", "6.1.1", "6.1.9", "6.1.2"], "    Years\n      Hours\n      Feet"),
    # only where it opens a line, and never inside a longer number
    ("Notice: 4.3 days\n4.31 Days", ["4.3"], "Notice: 4.3 days\n4.31 Days"),
])
def test_a_label_is_blanked_where_it_opens_a_line_and_the_offsets_hold(text, labels, blanked) -> None:
    assert unlabelled(text, labels) == blanked
    assert len(unlabelled(text, labels)) == len(text)


_STYLES = [
    # (the body, the labels the outline reads in it, what is read: (path, figure))
    ("""4 PAYMENT

4.1 Invoices are payable on receipt.

4.3 Days of grace are allowed after the due date as the account manager decides.

4.4 Days of Grace

A. A customer has 10 days of grace after the due date.

4.5 Returned payments
4 days of grace are allowed for a returned payment.
""", {"4.3", "4.4", "A.", "4.5"}, {("4.4.A", "10 days"), ("4.5", "4 days")}),
    ("""1.01 GENERAL

1.02 SCOPE

1.03 Hours

1.04 Feet of clearance are kept as the engineer directs.
""", {"1.03", "1.04"}, set()),
    ("""2 WORK

2.1 HOURS

2.1.1 Days

Section 3.2 Hours of Work

6.1 Years of Service

6.1.1 Weeks

Article 5 Days of rest are given as agreed.

PART 2 Weeks of leave are granted.
""", {"2.1.1", "Section 3.2", "6.1", "6.1.1", "Article 5", "PART 2"}, set()),
]


@pytest.mark.parametrize(("body", "labels", "read"), _STYLES)
def test_no_section_number_is_a_figure_of_its_section(tmp_path: Path, body: str, labels: set[str],
                                                      read: set[tuple[str, str]]) -> None:
    (tmp_path / "documents").mkdir()
    path = tmp_path / "documents" / "pol.md"
    path.write_text(_HEAD + body, encoding="utf-8")
    document = parse_document(path, tmp_path)
    assert labels <= {p.number for p in document.provisions}  # as the outline reads them
    found, _ = facts.read_quantities(document, default_extractor())
    assert {(q.locator.path, q.text) for q in found} == read


def test_a_list_heading_is_read_without_its_number(tmp_path: Path) -> None:
    (tmp_path / "documents").mkdir()
    path = tmp_path / "documents" / "pol.md"
    path.write_text(_HEAD + "4.4 DAYS OF GRACE:\n\nA. A customer has them after the due date.\n", encoding="utf-8")
    headings = facts.list_headings(parse_document(path, tmp_path))
    assert [h.strip() for h in headings["4.4.A"]] == ["DAYS OF GRACE:"]


_POLICY = """1.3 Days of grace are allowed after the due date as the account manager decides.

1.4 Days of Grace

A. A customer has 10 days of grace after the due date.

1.5 Returned payments
4 days of grace are allowed for a returned payment.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit70b") / "q"
    ingest_specs(root, {"q-70": _POLICY})
    return root


@pytest.mark.parametrize(("locator", "claim", "verdict"), [
    ("Q-70#1.3", "Customers get a grace period of 1.3 days.", "refusal"),  # no period stated at all
    ("Q-70#1.4", "The grace period is 10 days after the due date.", "answer"),  # under a heading "1.4 Days of Grace"
    ("Q-70#1.4", "The grace period is 1.4 days after the due date.", "refusal"),
    ("Q-70#1.5", "A returned payment has a grace period of 4 days.", "answer"),  # a figure, not a label
])
def test_check_reads_the_cited_section_without_its_numbers(project: Path, tmp_path: Path, locator: str, claim: str,
                                                           verdict: str) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] == verdict, checked["claims"][0]


def test_a_label_pattern_is_made_once_for_every_provision_it_numbers() -> None:
    """Speed (issue 21's ingest cost): every provision of every document is blanked, and a
    corpus's labels repeat; each label's pattern is made once, not once a provision (``re``'s
    own cache, shared with a pack's wordings, did not keep them)."""
    from inforce.engine.quantities import labels

    labels._label_pattern.cache_clear()
    for _ in range(3):
        assert unlabelled("7.9.Q Days of grace", ["7.9.Q"]) == "      Days of grace"
        assert unlabelled("A. 10 days", ["A."]) == "A. 10 days"  # a marker: left as written
    info = labels._label_pattern.cache_info()
    assert (info.misses, info.hits) == (2, 4)
