"""Audit 97 A: four gaps of the marking rule.

F1: in a document declaring no access, a marking whose group is abbreviated (``CONFIDENTIAL — MGMT ONLY``,
``RESTRICTED: OWN. & MGRS.``, ``FIN ONLY``) was read as text and the document went public; a short line whose
restricting word stands as a marking's is refused now, though it names no group the project writes. F2: a document
declaring ``public: true`` was refused for ordinary titles (``Managers' internal memo``) and told to declare
public: true; there only a marking-shaped line is refused now, and the hint names the group. F3: a letter-spaced
marking (``O-W-N-E-R-S O-N-L-Y``) was text in a public document. F4: a marking continued on the next line
(``RESTRICTED TO MANAGERS AND`` / ``OWNERS``) named a group its document does not declare, unjudged."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.opening import (
    Opening,
    declare_access,
    document_access,
    groups_in_use,
    judge_title,
)

GROUPS = ["owners", "managers", "finance", "board", "staff", "it", "contractors"]

#: F1's markings, each naming its group by an abbreviation the project does not write.
F1 = ["CONFIDENTIAL — MGMT ONLY", "RESTRICTED: OWN. & MGRS.", "FIN ONLY", "Mgmt only", "MGT ONLY",
      "CONFIDENTIAL - MGRS", "Mngrs only", "Restricted: Own.", "FOR MGMT ONLY", "CONFIDENTIAL (OWN.)"]
#: Lines a document declaring no access keeps as text: a restricting word as a title's adjective, a weak word or
#: a key in a title, a route beside ``access``, a sentence going on from the line before.
F1_TEXT = ["Confidential waste disposal", "Internal drainage", "Private road access", "Restricted zone signage",
           "Access Doors and Panels", "Access: Roof", "Access: Crawlspace", "Distribution: O/M", "Pavement Marking", "clarification only.", "Annual report"]
#: F2's titles of a document declaring public: true: text.
F2_TEXT = ["Managers' internal memo", "Internal finance review", "IT security policy", "Board room access control",
           "Security cameras for staff", "Private owners' garages", "Restricted parking for managers",
           "Owners only parking signage", "Limited liability owners guide"]
#: Markings a document declaring public: true is still refused for (the marking's shape).
F2_MARKED = ["OWNERS ONLY", "Restricted to managers", "CONFIDENTIAL: FINANCE", "For the board only",
             "Sensitivity: Owners", "Internal: staff", "Limited to the board", "Only owners may read this"]
#: F3's letter-spaced markings.
F3 = ["O-W-N-E-R-S O-N-L-Y", "R E S T R I C T E D : O W N E R S", "O.W.N.E.R.S. ONLY", "M A N A G E R S  O N L Y"]


@pytest.mark.parametrize("line", F1)
def test_an_abbreviated_group_in_a_marking_is_refused_without_access(line):
    with groups_in_use(GROUPS):
        errors = judge_title(line, access=None, public=False)[0]
        assert errors and "names no group" in errors[0], line


@pytest.mark.parametrize("line", F1_TEXT)
def test_a_restricting_word_in_a_title_is_text_without_access(line):
    with groups_in_use(GROUPS):
        assert judge_title(line, access=None, public=False)[0] == [], line


@pytest.mark.parametrize("line", F2_TEXT)
def test_an_ordinary_title_is_text_declared_public(line):
    with groups_in_use(GROUPS):
        assert judge_title(line, access=None, public=True)[0] == [], line


@pytest.mark.parametrize("line", F2_MARKED)
def test_a_marking_shaped_line_is_refused_declared_public(line):
    with groups_in_use(GROUPS):
        assert judge_title(line, access=None, public=True)[0], line


@pytest.mark.parametrize("line", F3)
@pytest.mark.parametrize("public", [False, True])
def test_a_letter_spaced_marking_is_refused_whatever_the_document_declares(line, public):
    with groups_in_use(GROUPS):
        assert judge_title(line, access=None, public=public)[0], line


@pytest.mark.parametrize(("lines", "refused"), [
    (["RESTRICTED TO MANAGERS AND", "OWNERS"], True),
    (["RESTRICTED TO MANAGERS,", "OWNERS"], True),
    (["CONFIDENTIAL: MANAGERS &", "FINANCE"], True),
    (["RESTRICTED TO MANAGERS AND", "SECTION 01 10 00"], False),
    (["RESTRICTED TO MANAGERS", "OWNERS SHALL APPROVE"], False),
])
def test_a_marking_continued_on_the_next_line_is_judged_with_it(lines, refused):
    """F4, the library judge: a document declaring ``access: [managers]``."""
    with groups_in_use(GROUPS), document_access():
        declare_access(["managers"])
        judge = Opening("x.md")
        errors = [judge.judge(line, line_no=number) for number, line in enumerate(lines, 1)]
    assert errors[0] is None
    assert (errors[1] is not None) is refused, errors


DOC = """---
id: {id}
kind: specification
title: "{title}"
{meta}issued: 2026-01-01
effective: {{from: 2026-01-01}}
recorded: 2026-01-01T00:00:00Z
---
{opening}

1 PURPOSE

1.1 Code MOTHWORD.
"""
OTHER = """---
id: OWN-1
kind: specification
title: Other
access: [owners, managers, finance]
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T00:00:00Z
---
1 X

1.1 Text.
"""


def project(tmp_path: Path, title: str, meta: str, opening: str) -> Path:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nrules:\n  - stock: precedence/none\n",
                                       encoding="utf-8")
    (root / "documents" / "seif.md").write_text(DOC.format(id="SEIF-1", title=title, meta=meta, opening=opening),
                                                encoding="utf-8")
    (root / "documents" / "other.md").write_text(OTHER, encoding="utf-8")
    return root


@pytest.mark.parametrize(("meta", "opening", "line", "said"), [
    ("", "CONFIDENTIAL — MGMT ONLY", 9, "names no group"),  # F1
    ("", "RESTRICTED: OWN. & MGRS.", 9, "public: true"),  # F1: the hint names both ways out
    ("public: true\n", "O-W-N-E-R-S O-N-L-Y", 10, "declare access: [owners]"),  # F3
    ("public: true\n", "R E S T R I C T E D : O W N E R S", 10, "yet this line reads as a marking for owners"),
    ("access: [managers]\n", "RESTRICTED TO MANAGERS AND\nOWNERS", 11, "reads as access metadata"),  # F4
])
def test_a_marking_is_refused_end_to_end_and_never_shown(tmp_path, meta, opening, line, said):
    root = project(tmp_path, "Section 01 10 00", meta, opening)
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert f"documents/seif.md:{line}:" in done.output and said in done.output, done.output
    assert "MOTHWORD" not in done.output
    shown = CliRunner().invoke(app, ["show", str(root), "SEIF-1#1.1"])
    assert "MOTHWORD" not in shown.output, shown.output


def test_a_title_declared_public_is_kept_end_to_end_and_a_marking_title_told_its_group(tmp_path):
    """F2 end to end: ``Managers' internal memo`` declared public is ingested and shown; a marking as its title is
    refused with the hint for a public document, never told to declare public: true."""
    root = project(tmp_path, "Managers' internal memo", "public: true\n", "INTRODUCTION")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    shown = CliRunner().invoke(app, ["show", str(root), "SEIF-1#1.1"])
    assert "MOTHWORD" in shown.output, shown.output
    root = project(tmp_path / "b", "Restricted to managers", "public: true\n", "INTRODUCTION")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "the document declares public: true, yet this line reads as a marking for managers" in done.output
    assert "declare the document public" not in done.output, done.output
