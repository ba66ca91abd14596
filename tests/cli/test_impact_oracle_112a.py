"""Audit 112a F1: ``rules impact --groups`` with the asker's own ``--pack`` was an oracle over the
text of a document they may not read.

The asker writes the pack. A changed decision involving a restricted revision was listed by its
document id ("SEC-1: withheld (access) [TV-V009 ...]") and counted in its source's totals, so a
subject rule whose only synonym is a guessed phrase told whether the restricted SEC-1 holds a
figure with those words beside it ("1 of 3 changed, 1 withheld" against "0 of 2"); an edited
addenda pattern told, through the tests, supersession and asof sources, whether it matched a
restricted addendum's items. Now a decision involving what the asker may not read is neither
listed nor counted, in any source, and the report names the documents withheld from them by the
access gate alone: the outputs are the same whatever the pack says of the restricted text.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.support.in_process import inforce

_REPO = Path(__file__).resolve().parents[2]

_HEAD = """schema_version: 1
title: test subjects
rules:
  - id: TV-V003
    slug: concrete-strength
    kind: subject
    subject: concrete.compressive_strength
    description: strength.
    source: test
    synonyms: ["compressive strength"]
    unit: psi
    bound: min
"""


def _guess(phrase: str) -> str:
    """The project's vocabulary and one more subject rule whose only synonym is ``phrase``."""
    return _HEAD + f"""  - id: TV-V009
    slug: guess
    kind: subject
    subject: guess.phrase
    description: a guess.
    source: test
    synonyms: ["{phrase}"]
    unit: psi
    bound: min
"""


@pytest.fixture(scope="module")
def vault(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """PUB-1 public; SEC-1 for ``owners``, its 1.1 reading "The quokkarium blast rating shall be
    at least 7,500 psi." The project's pack: one subject (compressive strength)."""
    root = tmp_path_factory.mktemp("f1") / "p"
    (root / "documents").mkdir(parents=True)
    (root / "rules").mkdir()
    (root / "inforce.yaml").write_text("project: f1\nfacets: []\nrules:\n  - path: rules/subj.yaml\n")
    front = ("kind: specification\nrevision: \"0\"\nseq: 1\nissued: 2026-03-02\n"
             "effective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n")
    (root / "documents" / "pub.md").write_text(
        f"---\nid: PUB-1\ntitle: Public Section\n{front}---\nSECTION PUBLIC\n\n"
        "1.2 Concrete. Concrete compressive strength shall be at least 4,000 psi at 28 days.\n")
    (root / "documents" / "sec.md").write_text(
        f"---\nid: SEC-1\ntitle: Vault Hardening\n{front}access: [owners]\n---\nSECTION VAULT\n\n"
        "1.1 Vault door. The quokkarium blast rating shall be at least 7,500 psi.\n")
    (root / "rules" / "subj.yaml").write_text(_HEAD)
    done = inforce("ingest", root)
    assert done.returncode == 0, done.stderr
    return root


def _impact(root: Path, pack: Path, fmt: str, groups: str | None) -> tuple[int, str]:
    done = inforce("rules", "impact", root, "--pack", pack, "--against", root / "rules" / "subj.yaml",
                   "--format", fmt, groups=groups)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    return done.returncode, done.stdout


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_guessed_phrase_right_or_wrong_gives_the_outsider_the_same_report(vault: Path, fmt: str) -> None:
    """The outsider's output (and exit status) for the right guess is the output for the wrong
    one, byte for byte, once the pack file's own name is the same: nothing tells them SEC-1 holds
    the words."""
    outputs = []
    for phrase in ("quokkarium blast", "wombat blast"):
        folder = vault.parent / phrase.replace(" ", "-")
        folder.mkdir(exist_ok=True)
        pack = folder / "guess.yaml"
        pack.write_text(_guess(phrase))
        code, out = _impact(vault, pack, fmt, "outsider")
        outputs.append((code, out.replace(str(folder), "PACKS")))
    assert outputs[0] == outputs[1]
    code, out = outputs[0]
    assert code == 0
    if fmt == "json":
        report = json.loads(out)
        subjects = next(s for s in report["sources"] if s["source"] == "subjects")
        assert (subjects["decisions"], subjects["changed"], subjects["withheld"]) == (2, 0, 0)
        assert report["withheld"] == ["SEC-1"] and report["changes"] == []
    else:
        assert "subjects: 0 of 2 decision(s) changed" in out
        assert "withheld (access): 1 document(s) you may not read" in out and "SEC-1" in out
        assert "SEC-1: withheld" not in out
        assert [line for line in out.splitlines() if "TV-V009" in line] == [
            line for line in out.splitlines() if line.startswith("rule TV-V009 (subject) added")]


def test_the_owner_still_sees_the_restricted_figure_bound(vault: Path) -> None:
    """A holder of the group reads SEC-1: the right guess is their change, listed whole."""
    folder = vault.parent / "owner"
    folder.mkdir(exist_ok=True)
    pack = folder / "guess.yaml"
    pack.write_text(_guess("quokkarium blast"))
    code, out = _impact(vault, pack, "json", "owners")
    report = json.loads(out)
    assert code == 1 and report["withheld"] == []
    [change] = report["changes"]
    assert change["source"] == "subjects" and change["withheld"] == [] and change["subject"].startswith("SEC-1@0#1.1 ")
    assert change["after"].startswith("guess.phrase")


@pytest.fixture(scope="module")
def riverside(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Riverside with ADD-02 for ``owners`` only, ingested."""
    root = tmp_path_factory.mktemp("river") / "riverside"
    shutil.copytree(_REPO / "examples" / "riverside-library", root,
                    ignore=shutil.ignore_patterns(".inforce", "build", "out"))
    addendum = root / "documents" / "addendum-02.md"
    addendum.write_text(addendum.read_text().replace("recorded: 2026-04-10T12:00:00Z\n",
                                                     "recorded: 2026-04-10T12:00:00Z\naccess: [owners]\n", 1))
    done = inforce("ingest", root)
    assert done.returncode == 0, done.stderr
    return root


def _addenda_pack(folder: Path, root: Path) -> Path:
    """The stock CSI addenda pack with INF-S001's "Delete ... and substitute" pattern written with
    "Zap" (ADD-01#1.3 and three items of ADD-02 read it), and beside it a test deriving ADD-02
    over the project (the finding's pack)."""
    folder.mkdir(parents=True, exist_ok=True)
    text = (_REPO / "rules" / "stock" / "supersession" / "csi-addenda.yaml").read_text()
    written = '- pattern: "{target}: Delete [the|this] [paragraph|'
    assert written in text
    pack = folder / "csi.yaml"
    pack.write_text(text.replace(written, written.replace("Delete", "Zap"), 1))
    (folder / "csi.test.yaml").write_text(f"schema_version: 1\ncorpus: {root}\ncases:\n  - name: derive add-02\n"
                                          "    derive: {document: ADD-02}\n    expect:\n      edges: []\n")
    return pack


def test_an_edited_addenda_pattern_says_nothing_of_a_restricted_addendum(riverside: Path) -> None:
    """The finding's supersession variant: the edited pattern changed what the restricted ADD-02
    derives, and the outsider was told it ("tests: 1 of 1 changed, 1 withheld", "supersession: 2
    of 8 changed, 2 withheld", entries "ADD-02: withheld (access) [INF-S001 ...]"). Now nothing
    of ADD-02 is listed or counted; the report names it once, as withheld from them."""
    pack = _addenda_pack(riverside.parent / "newpack", riverside)
    owner = json.loads(inforce("rules", "impact", riverside, "--pack", pack, "--format", "json",
                               groups="owners").stdout)
    assert any("ADD-02" in change["subject"] for change in owner["changes"])  # the edit does change ADD-02's
    report = json.loads(inforce("rules", "impact", riverside, "--pack", pack, "--format", "json",
                                groups="outsider").stdout)
    assert report["withheld"] == ["ADD-02"]
    assert not any("ADD-02" in json.dumps(change) or change["withheld"] for change in report["changes"])
    assert all(source["withheld"] == 0 for source in report["sources"])
    tests = next(source for source in report["sources"] if source["source"] == "tests")
    assert (tests["decisions"], tests["changed"]) == (0, 0)
    # no count holds one of ADD-02's decisions: each is the owner's, less those naming ADD-02 (an
    # edge's target amended by it, on the owner's side, is a decision the outsider does not have)
    for source in ("supersession", "asof"):
        mine = next(s for s in report["sources"] if s["source"] == source)
        theirs = [c for c in owner["changes"] if c["source"] == source and "ADD-02" not in c["subject"]
                  and "ADD-02" not in (c["before"] or "") + (c["after"] or "")]
        assert mine["changed"] == len(theirs), source
    text = inforce("rules", "impact", riverside, "--pack", pack, groups="outsider").stdout
    assert "ADD-02: withheld (access)" not in text and "of them withheld" not in text
    assert "withheld (access): 1 document(s) you may not read" in text


@pytest.mark.parametrize("groups", [["owners"], []])
def test_a_logged_question_on_a_restricted_paragraph_says_nothing_of_whether_it_exists(
        riverside: Path, groups: list[str]) -> None:
    """Audit 113 A F2: a logged precedence question the asker writes, decided with the groups its
    line claims (``owners``), was answered before the gate: ADD-02#9.9, which no revision holds,
    came back "not replayed: ... no revision of the project has ADD-02#9.9" where ADD-02#1.3,
    which exists, was dropped — the restricted addendum's outline, one guess at a time. The gate
    now comes first: both are left out alike."""
    folder = riverside.parent / f"logged-{len(groups)}"
    pack = _addenda_pack(folder, riverside)
    reports = []
    for path in ("1.3", "9.9"):
        log = folder / f"log-{path}.jsonl"
        log.write_text(json.dumps({
            "at": "2026-12-07T05:36:22Z", "endpoint": "precedence", "caller": "cli", "project": "riverside-library",
            "index_build": "x", "outcome": "resolved_by_precedence", "context": {"valid_at": "2026-04-20",
                                                                                "groups": groups},
            "rules": ["INF-P001"], "a": f"ADD-02#{path}", "b": "SPEC-033000#2.1.A", "winner": f"ADD-02#{path}"}) + "\n")
        done = inforce("rules", "impact", riverside, "--pack", pack, "--against",
                       _REPO / "rules" / "stock" / "supersession" / "csi-addenda.yaml", "--decisions", log,
                       "--format", "json", groups="outsider")
        report = json.loads(done.stdout)
        reports.append((done.returncode, report["sources"], report["unreplayed"], report["withheld"]))
    assert reports[0] == reports[1]
    assert not any("ADD-02#" in json.dumps(part) for part in reports[0])
