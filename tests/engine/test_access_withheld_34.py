"""Audit 34 (issue 23, hostile round), access in the engine.

AA-01: the withheld list of the sweep (``summary.withheld``) and of ``facts`` named only the
restricted documents in force on the asked date (and known at the asked moment), so bisecting the
date told a restricted document's effective window and its recorded moment. It now names every
document holding a revision the asker may not read, on every date alike (``Snapshot.withheld``).

AA-03: a ``reviews.yaml`` that does not read was quoted, line text and values, to every asker of
the sweep, ``sweep-all`` and the review lists. An asker who may not read every document is now told
the file, line and field only (``engine.reviews.withhold_problems``); the operator and an asker
who may read every document keep the whole message.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import InputErrors

runner = CliRunner()


def _write(root: Path, name: str, text: str) -> None:
    (root / "documents").mkdir(parents=True, exist_ok=True)
    (root / "documents" / name).write_text(text)


def public_and_restricted(root: Path, project: str) -> Path:
    """``root``: a project of one public specification (PUB-1) and one restricted to ``owners``
    (SPEC-R), ingested; for the tests of other modules that build on the pair."""
    root.mkdir(parents=True)
    (root / "inforce.yaml").write_text(f"project: {project}\nfacets: []\nrules: []\n")
    _write(root, "pub.md", _PUBLIC)
    _write(root, "spec-r.md", _RESTRICTED)
    from inforce.engine import Project

    Project.ingest(root)
    return root


_PUBLIC = """---
id: PUB-1
kind: specification
title: Public spec
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T10:00:00Z
---
PUBLIC SPEC

1.1 Concrete: compressive strength of not less than 4,000 psi.
"""

_SECRET = """---
id: SEC-9
kind: specification
title: Secret memo
access: [owners]
issued: 2026-02-03
effective: {from: 2026-02-03, until: 2026-06-17}
recorded: 2026-02-03T10:00:00Z
---
SECRET MEMO

1.1 Concrete: compressive strength of not less than 9,000 psi.
"""


@pytest.fixture(scope="module")
def windowed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A public spec and a restricted one in force 2026-02-03 .. 2026-06-17 (recorded 10:00:00Z)."""
    root = tmp_path_factory.mktemp("aa01") / "p"
    root.mkdir()
    (root / "inforce.yaml").write_text("project: p34a\nfacets: []\nrules: []\n")
    _write(root, "pub.md", _PUBLIC)
    _write(root, "sec.md", _SECRET)
    Project.ingest(root)
    return root


DAYS = [dt.date(2026, 2, 2), dt.date(2026, 2, 3), dt.date(2026, 6, 16), dt.date(2026, 6, 17)]
MOMENTS = [dt.datetime(2026, 2, 3, 9, 59, 59, tzinfo=dt.UTC), dt.datetime(2026, 2, 3, 10, tzinfo=dt.UTC)]


def test_sweep_withheld_tells_no_window_of_a_restricted_document(windowed: Path) -> None:
    """Audit 34 AA-01: `summary.withheld` is the same on each side of SEC-9's from and until."""
    with Project.open(windowed) as project:
        seen = [project.sweep(day, groups=("nobody",)).summary.withheld for day in DAYS]
        known = [project.sweep(dt.date(2026, 5, 1), moment, groups=("nobody",)).summary.withheld
                 for moment in MOMENTS]
        owners = [project.sweep(day, groups=("owners",)).summary.withheld for day in DAYS]
    assert seen == [("SEC-9",)] * 4
    assert known == [("SEC-9",)] * 2
    assert owners == [()] * 4


def test_facts_withheld_tells_no_window_of_a_restricted_document(windowed: Path) -> None:
    """Audit 34 AA-01: `facts`'s `withheld` is the same on each side of SEC-9's from and until,
    and of the moment it was recorded."""
    with Project.open(windowed) as project:
        seen = [project.facts(None, day, groups=("nobody",)).withheld for day in DAYS]
        known = [project.facts(None, dt.date(2026, 5, 1), moment, groups=("nobody",)).withheld
                 for moment in MOMENTS]
        owners = [project.facts(None, day, groups=("owners",)).withheld for day in DAYS]
    assert [tuple(w) for w in seen] == [("SEC-9",)] * 4
    assert [tuple(w) for w in known] == [("SEC-9",)] * 2
    assert [tuple(w) for w in owners] == [()] * 4


# ---- AA-03 -------------------------------------------------------------------------------------

_RESTRICTED = """---
id: SPEC-R
kind: specification
title: Restricted spec
access: [owners]
issued: 2026-02-01
effective: {from: 2026-02-01}
recorded: 2026-02-01T01:02:03Z
---
SECTION 03 31 00 CONCRETE

2.1 MIXES

A. Normal-weight concrete: compressive strength of not less than 6,000 psi at 28 days.
"""

_ENTRY = """- item: PUB-1#1.1
  target: SPEC-R#2.1.A
  scope: partial
  decision: accept
  by: reviewer
  at: 2026-04-11T10:00:00Z
"""

#: the review file as hand edits leave it: a note with a colon in it (a YAML syntax error), values
#: that are no scope, no text, no locator; and a target the project does not hold
BROKEN = {
    "syntax": _ENTRY + "  note: per the ZZMEMO memo: strength stays at 6,000 psi\n",
    "values": _ENTRY.replace("scope: partial", "scope: ZZSCOPE") + "  note: [ZZNOTELIST]\n"
              + _ENTRY.replace("SPEC-R#2.1.A", "SPEC-R#2.1.A ZZTARGET"),
    "missing": _ENTRY.replace("SPEC-R#2.1.A", "SPEC-R#9.9.ZZGONE"),
}


@pytest.fixture(scope="module")
def reviewed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("aa03") / "p"
    root.mkdir()
    (root / "inforce.yaml").write_text("project: p34b\nfacets: []\nrules: []\n")
    _write(root, "pub.md", _PUBLIC)
    _write(root, "spec-r.md", _RESTRICTED)
    Project.ingest(root)
    return root


def _refusal(root: Path, groups: tuple[str, ...] | None, sweep: bool) -> str:
    with Project.open(root) as project, pytest.raises(InputErrors) as refused:
        if sweep:
            project.sweep(dt.date(2026, 5, 1), groups=groups or ())
        else:
            project.readings(groups=groups)
    return str(refused.value)


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_a_review_file_that_does_not_read_is_told_by_line_alone(reviewed: Path, kind: str) -> None:
    """Audit 34 AA-03: an asker who may not read every document is told reviews.yaml's file,
    line and field, never the line's text or its values; an owner (who reads every document)
    and the operator are told it whole."""
    (reviewed / "reviews.yaml").write_text(BROKEN[kind])
    try:
        for sweep in (True, False):
            public = _refusal(reviewed, ("nobody",), sweep)
            assert "ZZ" not in public and "6,000" not in public, public
            assert "reviews.yaml:" in public and "withheld" in public
            if kind == "syntax":
                assert "reviews.yaml:7:" in public
            if kind != "syntax":
                assert "reviews[" in public  # the field still names the entry
            if not sweep:  # the sweep asks with groups always; the operator asks the review lists
                assert "ZZ" in _refusal(reviewed, None, sweep)
            assert "ZZ" in _refusal(reviewed, ("owners",), sweep)
    finally:
        (reviewed / "reviews.yaml").unlink()


def test_sweep_all_quotes_no_review_line_to_an_asker_without_the_group(reviewed: Path, tmp_path: Path) -> None:
    """Audit 34 AA-03: `sweep-all --groups` writes the project's error in summary.json and on
    stderr by line alone."""
    (reviewed / "reviews.yaml").write_text(BROKEN["syntax"])
    try:
        portfolio = tmp_path / "pf.yaml"
        portfolio.write_text(f"- {reviewed}\n")
        out = tmp_path / "out"
        said = runner.invoke(app, ["sweep-all", str(portfolio), "--valid-at", "2026-05-01", "--out", str(out),
                                   "--groups", "nobody"])
        summary = json.loads((out / "summary.json").read_text())
        error = summary["projects"][0]["error"]["message"]
        assert "reviews.yaml:7:" in error and "ZZMEMO" not in error, error
        assert "ZZMEMO" not in said.output
    finally:
        (reviewed / "reviews.yaml").unlink()


# ---- AA-04 -------------------------------------------------------------------------------------

_SPEC_A = """---
id: SPEC-A
kind: specification
title: Section 03 30 00 Cast Concrete
issued: 2026-03-01
effective: {from: 2026-03-01}
recorded: 2026-03-01T10:00:00Z
---
SECTION 03 30 00 CAST-IN-PLACE CONCRETE

PART 2 PRODUCTS

2.2 CURING

A. Cure concrete for not less than 7 days.
"""


def _addendum(doc: str, access: str, item: str) -> str:
    return (f"---\nid: {doc}\nkind: addendum\ntitle: Addendum {doc}\n{access}issued: 2026-04-12\n"
            f"effective: {{from: 2026-04-12}}\nrecorded: 2026-04-12T10:00:00Z\n---\nADDENDUM\n\n{item}\n")


@pytest.fixture()
def proposing(tmp_path: Path) -> Path:
    """A public addendum proposing a change to public SPEC-A, a restricted one proposing one to
    restricted SPEC-R (both read by outline, no verb: proposals for review)."""
    root = tmp_path / "p"
    root.mkdir()
    (root / "inforce.yaml").write_text("project: p34c\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
    _write(root, "spec-a.md", _SPEC_A)
    _write(root, "spec-r.md", _RESTRICTED)
    _write(root, "add-p.md", _addendum("ADD-P", "", "1.1 Section 03 30 00, Paragraph 2.2.A: the finish shall be "
                                                    "glossy."))
    _write(root, "add-s.md", _addendum("ADD-S", "access: [owners]\n", "1.1 Section 03 31 00, Paragraph 2.1.A: "
                                                                      "the finish shall be glossy."))
    Project.ingest(root)
    return root


def _edited(root: Path, groups: tuple[str, ...] | None) -> bool:
    return "reviews.yaml" in Project.lag(root, groups=groups).configuration_changed


def test_lag_tells_no_review_edit_about_documents_the_asker_may_not_read(proposing: Path) -> None:
    """Audit 34 AA-04: a decision only on restricted documents does not show to an asker without
    the group as reviews.yaml edited; a decision they are shown, and an edit of an applied edge
    they know, does; the owners and the operator are told every edit."""
    root = proposing
    askers: tuple[tuple[str, ...] | None, ...] = (("nobody",), ("owners",), None)
    assert [_edited(root, g) for g in askers] == [False, False, False]
    with Project.open(root) as project:
        project.review("ADD-P#1.1", "accept", by="Reviewer", target="SPEC-A#2.2.A", scope="partial")
    assert [_edited(root, g) for g in askers] == [True, True, True]
    Project.ingest(root)
    assert [_edited(root, g) for g in askers] == [False, False, False]
    with Project.open(root) as project:
        project.review("ADD-S#1.1", "accept", by="Owner", target="SPEC-R#2.1.A", scope="partial",
                       groups=("owners",))
    assert [_edited(root, g) for g in askers] == [False, True, True]
    # a hand edit of the public decision's note changes the applied edge's review: told to all
    text = (root / "reviews.yaml").read_text()
    first = text.index("by: Reviewer")
    (root / "reviews.yaml").write_text(text[:first] + "note: seen on site\n  " + text[first:])
    assert [_edited(root, g) for g in askers] == [True, True, True]
