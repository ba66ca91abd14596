"""An ingest that parses only what changed finds the documents an addendum names as a full
ingest finds them (issue 23, audit D finding 1): a specification whose section number is
written only in its body ("SECTION 03 30 00 - CONCRETE", its id and title carrying none) is
found by that number whether it was parsed by this ingest or kept from an earlier one, so an
unrelated document added leaves the derived edges, ``inforce review``'s proposals and ``rules
impact``'s decisions as they were (``derivation.TargetDirectory.of_store``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.engine.store import GraphStore

runner = CliRunner()

MANIFEST = "project: body-number\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n"

SPEC = """\
---
id: SPEC-01
kind: specification
title: Concrete
revision: "0"
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
SECTION 03 30 00 - CONCRETE

PART 2 - PRODUCTS

2.1 MIXTURES

A. Strength of the mix at 28 days: at least 4,000 psi.

B. Slump where placed: 5 inches at most.
"""

ADDENDUM = """\
---
id: ADD-01
kind: addendum
title: Addendum 1
issued: 2026-02-01
effective: {from: 2026-02-01}
recorded: 2026-02-01T09:00:00Z
---
ADDENDUM NO. 1

1 CHANGES TO THE SPECIFICATIONS

1.1 Section 03 30 00, Paragraph 2.1.A: Delete the paragraph and substitute: "Strength of the mix at 28 days: at least 5,000 psi."

1.2 Section 03 30 00, Paragraph 2.1.B: slump where placed to be 4 inches, not 5.

1.3 Section 03 30 00: Revised as noted.
"""

UNRELATED = """\
---
id: X-1
kind: other
title: Site notes
issued: 2026-01-01
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
1 GENERAL

1.1 Nothing of concrete here.
"""

AFTER = "2026-03-01"
#: what a listing of the addenda's readings holds, as ``ingest --derived`` writes it
READINGS = ("derived", "proposed", "not_understood", "readings")


def _run(*args: object, code: int = 0):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result


def _readings(root: Path) -> dict[str, object]:
    listed = json.loads(_run("ingest", root, "--derived", "-f", "json").stdout)
    return {key: listed[key] for key in READINGS}


def _stored_edges(root: Path) -> list[str]:
    """Every supersedes edge the graph holds, as JSON, in a fixed order."""
    with GraphStore.open(root) as store:
        return sorted(edge.model_dump_json() for edge in store.supersedes())


@pytest.fixture(scope="module")
def changed(tmp_path_factory) -> tuple[Path, dict[str, object], list[str]]:
    """The project after a full ingest, then an unrelated document added and ingested again;
    with the full ingest's readings and stored edges."""
    root = tmp_path_factory.mktemp("body-number") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(MANIFEST)
    (root / "documents" / "spec.md").write_text(SPEC)
    (root / "documents" / "add.md").write_text(ADDENDUM)
    full = _readings(root)
    edges = _stored_edges(root)
    (root / "documents" / "x.md").write_text(UNRELATED)
    again = json.loads(_run("ingest", root, "-f", "json").stdout)
    assert again["added"] == ["X-1@0"] and again["replaced"] == [], again  # only the new document read
    return root, full, edges


@pytest.mark.slow
def test_an_unrelated_document_added_leaves_the_edges_a_full_ingest_derived(changed):
    root, full, edges = changed
    assert [(d["by"], d["target"]) for d in full["derived"]] == [("ADD-01#1.1", "SPEC-01#2.1.A")]
    assert _stored_edges(root) == edges
    assert _readings(root) == full
    answer = json.loads(_run("asof", root, "SPEC-01#2.1.A", "--valid-at", AFTER, "-f", "json").stdout)
    assert answer["in_force"] is False


#: the items the pack only proposes, and what each would change
PROPOSED = [("ADD-01#1.2", "SPEC-01#2.1.B"), ("ADD-01#1.3", "SPEC-01")]


@pytest.mark.slow
def test_review_lists_the_proposals_after_an_unrelated_change(changed):
    root, full, _ = changed
    assert [(p["item"], p["target"]) for p in full["proposed"]] == PROPOSED
    proposed = json.loads(_run("review", root, "-f", "json").stdout)["proposed"]
    assert [(p["item"], p["target"]) for p in proposed] == PROPOSED


@pytest.mark.slow
def test_rules_impact_sees_the_decisions_on_a_section_known_by_its_body(changed, tmp_path):
    """The pack edited so that its rule reads no addendum: every decision the addenda make
    changes, those on SPEC-01 (found by the number in its body) among them."""
    root, _, _ = changed
    stock = Path(__file__).resolve().parents[2] / "rules" / "stock" / "supersession" / "csi-addenda.yaml"
    text, count = re.subn(r"document_kinds: \[addendum, change_order\]", "document_kinds: [change_order]",
                          stock.read_text())
    assert count == 1
    edited = tmp_path / "csi-addenda.yaml"
    edited.write_text(text)
    data = json.loads(_run("rules", "impact", root, "--pack", edited, "--valid-at", AFTER, "-f", "json",
                           code=1).stdout)
    changed_here = sorted(re.sub(r"^(?:edge|proposal) ", "", c["subject"]) for c in data["changes"]
                          if c["source"] == "supersession")
    assert changed_here == sorted(f"{item} -> {target}" for item, target in [("ADD-01#1.1", "SPEC-01#2.1.A"),
                                                                              *PROPOSED]), data["changes"]
    asof = [c["subject"] for c in data["changes"] if c["source"] == "asof"]
    assert len(asof) == 1 and "SPEC-01#2.1.A" in asof[0], asof


@pytest.mark.slow
def test_riverside_library_gives_the_same_edges_after_an_unrelated_document(ingested_example, tmp_path):
    root = ingested_example.copy("riverside-library", tmp_path / "p")
    full, edges = _readings(root), _stored_edges(root)
    assert edges and full["derived"]
    (root / "documents" / "x.md").write_text(UNRELATED)
    assert json.loads(_run("ingest", root, "-f", "json").stdout)["added"] == ["X-1@0"]
    assert _stored_edges(root) == edges
    assert _readings(root) == full
