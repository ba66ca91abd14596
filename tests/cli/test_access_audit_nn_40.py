"""Audit NN (issue 23, the 40th): ``rules impact``'s pack tests and ``lag``, through the real CLI.

- NN-1: the pack's own tests (``NAME.test.yaml`` beside the pack, ``corpus: ..``) were compared
  and listed outside the one gate: a ``read``/``derive`` case of an addendum restricted to
  ``legal`` was shown whole (its words, the locators of its items) to an asker without it.
- NN-3: the same tests' eligibility cases were compared ungated: the restricted handbook P2's
  decision was shown to the public asker, though the same case through ``--cases`` is
  "P2: withheld (access)".
- NN-2: ``lag --groups`` quoted a restricted pending file's malformed front-matter value and
  path, which ``ingest --groups`` withholds ("1 more problem withheld (access)"); and (found
  beside NN-1) ``rules impact`` quoted the same problem as why the pack's tests were not replayed.

Each change of a test's case went through ``_Impact.add`` with the documents it names, judged in
the corpus they come from (a test-local document by its own access, the project's by the
project's); since audit 112a F1 a test file whose corpus holds a document the asker may not read
is left out whole (its cases neither listed nor counted); lag's and the tests' unreadable files
by ingest's own ``withhold_problems``.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.cli.test_access_matrix import _hh01_project
from tests.support.in_process import inforce

_REVISE = '      - pattern: "{target}: Revise"\n        scope: partial\n        targets: [paragraph, callout]\n'
_ADD02 = (
    "---\nid: ADD-02\nkind: addendum\ntitle: Addendum No. 2 ZZADD2TITLE\nissued: 2026-04-15\n"
    "effective: {from: 2026-04-15}\nrecorded: 2026-04-15T09:00:00Z\naccess: [legal]\n---\nADDENDUM NO. 2\n\n"
    "1 CHANGES TO THE SPECIFICATIONS\n\n1.1 Section 03 30 00, Paragraph 2.1.B: Revise the slump to read: "
    '"not more than 5 inches ZZADD2."\n')
#: the pack's tests: over the project (corpus: ..), and a document of the test's own, restricted there
_TESTS = """schema_version: 1
corpus: ..
documents:
  - id: FIX-ADD
    kind: addendum
    title: Fixture addendum ZZFIXTITLE
    issued: 2026-04-20
    access: [legal]
    provisions:
      - path: "1"
        text: "1 CHANGES TO THE SPECIFICATIONS"
      - path: "1.1"
        text: "1.1 Section 03 30 00, Paragraph 2.1.B: Revise the slump to read: \\"not more than 6 inches ZZFIX.\\""
cases:
  - name: add-02 reads
    read: {document: ADD-02}
    expect: {not_understood: []}
  - name: add-02 derives
    derive: {document: ADD-02}
    expect: {unresolved: []}
  - name: add-01 reads
    read: {document: ADD-01}
    expect: {not_understood: []}
  - name: the fixture reads
    read: {document: FIX-ADD}
    expect: {not_understood: []}
"""
_BAD = ("---\nid: R-BAD\nkind: specification\ntitle: Restricted memo\naccess: [legal]\nissued: 2026-03-01\n"
        "seq: ZZSECRETSEQ\neffective: {from: 2026-03-01}\nrecorded: 2026-03-01T09:00:00Z\n---\nSECTION 1\n\n"
        "1.1 restricted words.\n")
_SECRETS = ("ZZADD2", "ZZFIX", "5 inches", "6 inches", "SPEC-X#2.1.B")


_cli = inforce  # in this process


def _nn1_project(root: Path) -> None:
    """The HH-01 project with SPEC-X's public revision A only, the public ADD-01, ADD-02 for
    ``legal``, the CSI addenda pack as a project pack with its tests, and that pack without
    its ``{target}: Revise`` reading under ``edit/``."""
    from inforce.rules.loader import STOCK_ROOT

    _hh01_project("none")(root)
    (root / "documents" / "addendum-02.md").write_text(_ADD02)
    csi = (STOCK_ROOT / "supersession" / "csi-addenda.yaml").read_text("utf-8")
    assert _REVISE in csi
    (root / "rules").mkdir()
    (root / "edit").mkdir()
    (root / "rules" / "csi.yaml").write_text(csi)
    (root / "edit" / "csi.yaml").write_text(csi.replace(_REVISE, ""))
    (root / "rules" / "csi.test.yaml").write_text(_TESTS)
    (root / "inforce.yaml").write_text("project: nn\nfacets: []\nrules:\n  - path: rules/csi.yaml\n")
    done = _cli("ingest", root)
    assert done.returncode == 0, done.stderr


def _impact(root: Path, groups: str) -> subprocess.CompletedProcess[str]:
    return _cli("rules", "impact", root, "--pack", root / "edit" / "csi.yaml", "--against", root / "rules" / "csi.yaml",
                "--valid-at", "2026-05-01", "-f", "json", groups=groups)


def test_a_pack_tests_cases_go_through_the_one_gate_and_lag_withholds_as_ingest(tmp_path: Path, built_once) -> None:
    """NN-1 (and NN-2 through ``lag`` and the tests' corpus): to ``nobody``, each changed read or
    derive case naming ADD-02 or the test's own FIX-ADD (both for ``legal``) is listed by those
    ids alone, reason access; the public ADD-01's case is shown whole; to ``legal`` all of it is.
    Then a restricted file that does not read: ``lag`` and ``rules impact`` count it withheld,
    as ``ingest`` does, and quote it to ``legal``."""
    root = built_once.copy("access-nn/nn1", _nn1_project, tmp_path / "p")
    done = _impact(root, "nobody")
    assert not [word for word in _SECRETS if word in done.stdout], done.stdout
    # the tests' corpus holds ADD-02 and FIX-ADD, which nobody may not read: every case of the file
    # is decided over them, so none is listed or counted (audit 112a F1: changed or not, a case
    # over a restricted document listed by its id, or counted, was an oracle over its text); the
    # public ADD-01's edge and its as-of answer change, shown whole: exit 1
    assert done.returncode == 1, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert [(c["source"], c["subject"], c["withheld"]) for c in report["changes"]] == [
        ("supersession", "edge ADD-01#1.1 -> SPEC-X#2.1.A", []), ("asof", "SPEC-X#2.1.A as of 2026-05-01", [])]
    assert report["withheld"] == ["ADD-02", "FIX-ADD"]
    tests = next(s for s in report["sources"] if s["source"] == "tests")
    assert (tests["decisions"], tests["changed"], tests["withheld"]) == (0, 0, 0)
    assert "documents you may not read (ADD-02, FIX-ADD)" in tests["note"]
    shown = _impact(root, "legal")
    assert shown.returncode == 1 and "ADD-02#1.1" in shown.stdout and "FIX-ADD#1.1" in shown.stdout  # the control
    assert not [c for c in json.loads(shown.stdout)["changes"] if c["withheld"]]

    (root / "documents" / "r-bad.md").write_text(_BAD)
    lag = _cli("lag", root, groups="nobody")
    impact = _impact(root, "nobody")
    for said in (lag.stdout + lag.stderr, impact.stdout + impact.stderr):
        assert "ZZSECRETSEQ" not in said and "r-bad" not in said and "withheld (access)" in said, said
    owner = _cli("lag", root, groups="legal")
    assert "documents/r-bad.md" in owner.stderr and "ZZSECRETSEQ" in owner.stderr  # the control


def test_a_pack_tests_eligibility_case_of_a_restricted_handbook_is_withheld(tmp_path: Path, ingested_example) -> None:
    """NN-3: FUP-C001 changed from 14 to 10 days; the pack's test case decided for ``support-uk``
    makes P2 (for ``support-uk``) eligible: to ``nobody`` it is "P2: withheld (access)", as the
    same case through ``--cases`` is; to ``support-uk`` the decision is shown whole."""
    root = ingested_example.copy("followup-handbooks", tmp_path / "fh")
    pack = (root / "rules" / "followup.yaml").read_text("utf-8")
    assert "add: {days: 14," in pack
    edited = tmp_path / "followup.yaml"
    edited.write_text(pack.replace("add: {days: 14,", "add: {days: 10,"))
    found = {}
    for groups in ("nobody", "support-uk"):
        done = _cli("rules", "impact", root, "--pack", edited, "-f", "json", groups=groups)
        # 1 for support-uk: a decision changed; 0 for nobody: every changed one is over P2, which
        # is neither listed nor counted for them (audit 112a F1: "P2: withheld (access)" and its
        # count told them what P2 says, the asker writing the pack)
        assert done.returncode == (0 if groups == "nobody" else 1), done.stderr
        found[groups] = {c["origin"].partition("rules/")[2]: c for c in json.loads(done.stdout)["changes"]
                         if "followup.test.yaml" in c["origin"]}
        if groups == "nobody":
            assert json.loads(done.stdout)["withheld"] == ["P2"] and "P2" not in json.dumps(
                json.loads(done.stdout)["changes"])
    assert found["nobody"] == {}
    whole = found["support-uk"]["followup.test.yaml:7"]
    assert not whole["withheld"] and "eligible: P2" in whole["before"] and "2024-12-22" in whole["after"]
