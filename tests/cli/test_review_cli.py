"""The review round trip through the CLI (issue 21): an addendum item the pack only proposes
is listed by ``inforce review``, escalated by the sweep, accepted (or rejected) with
``inforce review PROJECT accept|reject ITEM --by NAME``, and after ``inforce ingest`` answers
read the change with origin review and the reviewer's name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from tests.support.review_project import AFTER, APPLIED, PROPOSED, write_review_project

from project_copies import ingested_copy

runner = CliRunner()


def _run(*args: str, code: int = 0):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exit_code == code, result.output
    return result


def _unapplied(root: Path) -> list[tuple[str, str]]:
    result = _run("sweep", root, "--valid-at", AFTER, "--format", "json", "--fail-on", "none")
    findings = json.loads(result.stdout)["findings"]
    return sorted((f["provisions"][0]["locator"], f["provisions"][1]["locator"]) for f in findings
                  if f["kind"] == "unapplied_item")


def _ingested(tmp_path: Path) -> Path:
    """The review project after its first ``inforce ingest`` (exit 0): ingested once per run,
    a copy for each test (test_propose_review_ingest_and_answer checks what that ingest says)."""
    return ingested_copy("review-project", lambda root: _run("ingest", write_review_project(root)), tmp_path / "p")


@pytest.mark.slow
def test_propose_review_ingest_and_answer(tmp_path):
    root = write_review_project(tmp_path / "p")
    ingested = _run("ingest", root)
    for item, target in PROPOSED.items():  # told at ingest, on standard error, with where and why
        assert f"proposed: {item} → {target} (partial) at documents/add-04.md:" in ingested.stderr

    # listed for review, with the evidence, as text and as JSON
    listed = _run("review", root)
    assert all(item in listed.stdout and target in listed.stdout for item, target in PROPOSED.items())
    assert '"Paragraph 2.1.B" by outline' in listed.stdout
    assert "2 proposal(s) pending" in listed.stderr
    proposed = json.loads(_run("review", root, "--format", "json").stdout)["proposed"]
    assert {p["item"]: p["target"] for p in proposed} == PROPOSED
    assert all(p["file"] == "documents/add-04.md" and p["evidence"]["resolved_by"] for p in proposed)

    # the sweep escalates each until someone decides it
    assert _unapplied(root) == sorted(PROPOSED.items())

    # what the CLI refuses, named by its flag or argument
    assert "--by is required" in _run("review", root, "accept", "ADD-04#1.2", code=2).stderr
    assert "ITEM: ADD-04#9.9 is not in the project" in _run(
        "review", root, "accept", "ADD-04#9.9", "--by", "M. Okafor", code=2).stderr
    assert "--scope is required" in _run("review", root, "accept", "ADD-04#1.2", "--target", "SPEC-099123#2.1.A",
                                         "--by", "M. Okafor", code=2).stderr
    assert "DECISION" in _run("review", root, "approve", "ADD-04#1.2", "--by", "M. Okafor", code=2).stderr

    # decide: accept one (its one proposal needs no --target), reject the other
    accepted = _run("review", root, "accept", "ADD-04#1.2", "--by", "M. Okafor",
                    "--note", "matte finish, as the owner asked")
    assert "accepted: ADD-04#1.2 → SPEC-099123#2.1.B (partial) by M. Okafor" in accepted.stderr
    rejected = json.loads(_run("review", root, "reject", "ADD-04#1.3", "--by", "M. Okafor", "--format", "json").stdout)
    assert (rejected["decision"], rejected["target"], rejected["by"]) == ("reject", PROPOSED["ADD-04#1.3"], "M. Okafor")
    listed = _run("review", root).stderr
    assert "no proposals wait for review (reviews.yaml: 1 accepted, 1 rejected)" in listed
    assert (root / "reviews.yaml").read_text().count("- item: ADD-04#1.") == 2

    # between the decision and the next ingest (H7): said by review, lag and the sweep
    assert "accepted, not applied until the next inforce ingest (1):\n  ADD-04#1.2 → SPEC-099123#2.1.B" in listed
    lag = json.loads(_run("lag", root, "--format", "json", code=1).stdout)
    assert "reviews.yaml" in lag["configuration_changed"]
    sweep = json.loads(_run("sweep", root, "--valid-at", AFTER, "--format", "json", "--fail-on", "none").stdout)
    (waiting,) = [f for f in sweep["findings"] if f["kind"] == "unapplied_item"]
    assert waiting["provisions"][0]["locator"] == "ADD-04#1.2" and waiting["resolution"] == "escalate"
    assert "accepted, not yet ingested" in waiting["explanation"] and "M. Okafor" in waiting["explanation"]

    # the next ingest applies the accepted one, and --derived shows the project as it stands
    _run("ingest", root)
    derived = _run("ingest", root, "--derived")  # nothing re-read: still the project's current state
    assert "up to date" in derived.stderr
    assert f"{APPLIED[0]} → {APPLIED[1]} (full) INF-S001" in derived.stdout
    assert "proposed, waiting for review (0):" in derived.stdout
    assert "reviewed in reviews.yaml: 1 accepted, 1 rejected" in derived.stdout
    summary = json.loads(_run("ingest", root, "--derived", "--format", "json").stdout)
    readings = summary["readings"]
    assert readings["proposed"] == [] and len(readings["reviewed"]) == 2 and readings["awaiting_ingest"] == []
    # the contract's names hold the project's state on an unchanged re-ingest too (M1)
    assert [(d["by"], d["target"]) for d in summary["derived"]] == [APPLIED]
    assert summary["proposed"] == [] and summary["not_understood"] == []
    assert summary["derived_edges"] == 0  # none derived by this run
    assert not json.loads(_run("lag", root, "--format", "json").stdout)["configuration_changed"]

    # asof: the accepted item amends its target, the chain says who accepted it, when and why
    answer = json.loads(_run("asof", root, PROPOSED["ADD-04#1.2"], "--valid-at", AFTER, "-f", "json").stdout)
    assert answer["amended_by"] == ["ADD-04#1.2"]
    (step,) = [s for s in answer["chain"] if s["origin"] == "review"]
    assert (step["locator"], step["kind"], step["review"]["by"], step["review"]["note"]) == (
        "ADD-04#1.2", "amends", "M. Okafor", "matte finish, as the owner asked")
    text = _run("asof", root, PROPOSED["ADD-04#1.2"], "--valid-at", AFTER).stdout
    assert 'review (accepted by M. Okafor at ' in text and '"matte finish, as the owner asked"' in text
    assert "accepted by M. Okafor" in _run("history", root, PROPOSED["ADD-04#1.2"]).stdout
    shown = json.loads(_run("show", root, "ADD-04#1.2", "-f", "json").stdout)["edges"]
    assert [(e["origin"], e["review"]["by"]) for e in shown if e["review"]] == [("review", "M. Okafor")]

    # the rejected item stays unapplied, and no longer pending: the sweep escalates neither
    rejected_answer = json.loads(_run("asof", root, PROPOSED["ADD-04#1.3"], "--valid-at", AFTER, "-f", "json").stdout)
    assert rejected_answer["amended_by"] == [] and rejected_answer["in_force"]
    assert _unapplied(root) == []


@pytest.mark.slow
def test_a_review_file_naming_a_missing_target_fails_the_ingest_at_its_line(tmp_path):
    root = _ingested(tmp_path)
    before = json.loads(_run("stats", root, "-f", "json").stdout)["index_build"]
    (root / "reviews.yaml").write_text(
        "- item: ADD-04#1.2\n  target: SPEC-099123#2.1.Q\n  scope: partial\n"
        "  decision: accept\n  by: M. Okafor\n  at: 2027-02-10T09:30:00Z\n")
    failed = _run("ingest", root, code=2)
    assert "reviews.yaml:1: reviews[0].target: SPEC-099123#2.1.Q is not in the project" in failed.stderr
    assert json.loads(_run("stats", root, "-f", "json").stdout)["index_build"] == before


@pytest.mark.slow
@pytest.mark.parametrize("target", ["ADD-04", "ADD-04#1.2"])
def test_an_accepted_entry_onto_its_own_document_is_refused_by_the_listing_as_by_ingest(tmp_path, target):
    """Audit 72 B F7: an accept whose target was edited by hand to the item's own document was
    "1 accepted", exit 0, by ``inforce review``, and refused by the next ingest: both refuse it
    at its line, in the same words (``corpus.cannot_replace``)."""
    root = _ingested(tmp_path)
    (root / "reviews.yaml").write_text(
        f"- item: ADD-04#1.2\n  target: {target}\n  scope: full\n"
        "  decision: accept\n  by: M. Okafor\n  at: 2027-02-10T09:30:00Z\n")
    said = "reviews.yaml:1: reviews[0].target: ADD-04#1.2 cannot replace"
    listed = _run("review", root, code=2)
    assert said in listed.stderr and "accepted" not in listed.stdout, listed.output
    failed = _run("ingest", root, code=2)
    assert said in failed.stderr, failed.stderr


@pytest.mark.slow
@pytest.mark.parametrize(("entry", "field"), [
    ("- item: ADD-04@7#1.2\n  target: SPEC-099123#2.1.B\n  scope: partial\n  decision: accept\n", "item"),
    ("- item: ADD-04@7#1.2\n  target: SPEC-099123#2.1.B\n  decision: reject\n", "item"),
    ("- item: ADD-04#1.2\n  target: SPEC-099123@9#2.1.B\n  scope: partial\n  decision: accept\n", "target"),
])
def test_a_review_entry_pinned_to_a_revision_that_does_not_exist_is_refused(tmp_path, entry, field):
    # the document and the section exist, the revision pinned does not: ingest and review
    # refuse the entry at its line, and the real proposal stays pending
    root = _ingested(tmp_path)
    before = json.loads(_run("stats", root, "-f", "json").stdout)["index_build"]
    (root / "reviews.yaml").write_text(entry + "  by: M. Okafor\n  at: 2027-02-10T09:30:00Z\n")
    failed = _run("ingest", root, code=2)
    assert f"reviews.yaml:1: reviews[0].{field}: " in failed.stderr and "is not in the project" in failed.stderr
    assert json.loads(_run("stats", root, "-f", "json").stdout)["index_build"] == before
    listed = _run("review", root, code=2)
    assert f"reviews.yaml:1: reviews[0].{field}: " in listed.stderr
    (root / "reviews.yaml").unlink()
    assert _unapplied(root) == sorted(PROPOSED.items())


@pytest.mark.slow
def test_review_refuses_a_decision_on_an_item_that_does_not_exist_and_yaml_errors_carry_no_pack_code(tmp_path):
    root = _ingested(tmp_path)
    (root / "reviews.yaml").write_text("- item: ADD-99#1\n  target: SPEC-099123#2.1.B\n  decision: reject\n"
                                       "  by: x\n  at: 2027-02-10T09:30:00Z\n")
    listed = _run("review", root, code=2)
    assert "reviews.yaml:1: reviews[0].item: ADD-99#1 is not in the project" in listed.stderr
    assert "rejected" not in listed.stdout + listed.stderr
    (root / "reviews.yaml").unlink()  # the command refuses a target pinned to no revision, as the file is
    assert "is not in the project" in _run("review", root, "accept", "ADD-04#1.2", "--target", "SPEC-099123@9#2.1.B",
                                           "--scope", "partial", "--by", "x", code=2).stderr
    assert not (root / "reviews.yaml").exists()
    (root / "reviews.yaml").write_text("- item: [unclosed\n")
    broken = _run("review", root, code=2)
    assert "reviews.yaml:" in broken.stderr and "RP001" not in broken.stderr


def test_a_note_or_name_not_utf8_or_with_a_c1_control_is_refused_by_its_option(tmp_path):
    """Audit 23g L1/L2: bytes the terminal passed that are no UTF-8 (argv's lone surrogates)
    crashed review (exit 70); a C1 control in a note was refused as a layout the review file
    does not take. Now: rc 2 naming the option; the C1 control written as ``\\u009b``."""
    root = _ingested(tmp_path)
    for option, value in (("--note", "why\udc9b"), ("--by", "x\udcff")):
        args = ["review", root, "accept", "ADD-04#1.2", "--by", "M. Okafor", option, value]
        refused = _run(*args, code=2)
        assert f"{option}: not UTF-8 text" in refused.stderr
    assert not (root / "reviews.yaml").exists()
    # a C1 control draws nothing: refused at its option since audit 35 (it had been written escaped)
    refused = _run("review", root, "accept", "ADD-04#1.2", "--by", "M. Okafor", "--note", "x\u009by", code=2)
    assert "--note: holds a character that cannot be seen (U+009B)" in refused.stderr
    assert not (root / "reviews.yaml").exists()


def test_a_name_past_its_limit_is_refused_by_its_option(tmp_path):
    """Audit 69 B F03: --by had no limit (5,000 characters were recorded); a name holds 200."""
    root = _ingested(tmp_path)
    refused = _run("review", root, "accept", "ADD-04#1.2", "--by", "M" * 201, code=2)
    assert "--by: 201 characters; a decision's by holds at most 200" in refused.stderr
    assert not (root / "reviews.yaml").exists()


def test_a_line_break_in_a_name_or_note_is_refused_not_folded_into_a_space(tmp_path):
    """Audit 31 (low): a note typed over two lines was written as one, the break silently a
    space. A decision's ``by`` and ``note`` are one line each: a break is an input error naming
    the option, and nothing is written."""
    root = _ingested(tmp_path)
    for option, value in (("--note", "first line\nsecond line"), ("--by", "M. Okafor\r"),
                          ("--note", "a\u2028b")):
        refused = _run("review", root, "accept", "ADD-04#1.2", "--by", "M. Okafor", option, value, code=2)
        assert f"{option}: holds a line break" in refused.stderr
    # audit 34 BB-06: a name of characters drawn as nothing reads as another person's
    for value, code in (("\u202e\u200bX", "U+200B, U+202E"), ("M.\u00a0Okafor", "U+00A0")):
        refused = _run("review", root, "accept", "ADD-04#1.2", "--by", value, code=2)
        assert f"--by: holds a character that cannot be seen ({code})" in refused.stderr
    # audit 35 DD-03, DD-04: a name of no letter or digit, a note hiding a direction override
    for option, value, said in (("--by", "\u0301", "holds marks alone"), ("--by", "\u2800", "holds a character that cannot be seen (U+2800)"),
                                ("--note", "ok \u202eevil", "holds a character that cannot be seen (U+202E)"),
                                ("--note", "\u200b", "holds a character that cannot be seen (U+200B)"),
                                # audit 36 EE-02: a braille blank between names, a note of one mark
                                ("--by", "J\u2800Rivera", "holds a character that cannot be seen (U+2800)"),
                                ("--note", "\u0301", "holds marks alone")):
        refused = _run("review", root, "accept", "ADD-04#1.2", "--by", "M. Okafor", option, value, code=2)
        assert f"{option}: {said}" in refused.stderr, refused.stderr
    assert not (root / "reviews.yaml").exists()
    _run("review", root, "accept", "ADD-04#1.2", "--by", "M.  Okafor", "--note", "one\tline")
    written = (root / "reviews.yaml").read_text(encoding="utf-8")
    assert "by: M. Okafor" in written and "note: one line" in written
