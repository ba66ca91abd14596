"""``inforce rules impact`` and ``rules doc --write`` against the seventeenth audit (23q): a
case that decides nothing under either pack is never counted as unchanged (Q1), a change about a
document the asker may not read is counted and shown by id alone (Q2: the access matrix holds the
precedence source; here eligibility), ``rules doc --write`` touches only files it wrote (Q3), a
torn log line is named and skipped (Q4), and the lows: a git option as a ref (L1), line breaks
and @mentions in a case name (L2), a file as the pages' folder (L4), a symbolic link as the
decision log (L5), the old pack from git named ``REF:path`` (L6), a pipe as the log (L7)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

from impact_cases import PERIOD, invoke, period_edited

OWNER = ("--groups", "support-uk")
UK = {"market": "UK", "product": "refurbished", "dispatch_date": "2024-12-12", "pilot": False}
UK_OPTIONS = ["-c", "market=UK", "-c", "product=refurbished", "-c", "dispatch_date=2024-12-12", "-c", "pilot=false"]


@pytest.fixture(scope="module")
def followup(ingested_example) -> Path:
    return ingested_example("followup-handbooks")


@pytest.fixture(scope="module")
def edited(followup, tmp_path_factory) -> Path:
    return period_edited(followup, tmp_path_factory.mktemp("edited"))


def _cases(folder: Path, *cases: dict) -> Path:
    path = folder / "cases.jsonl"
    path.write_text("".join(json.dumps(case) + "\n" for case in cases), encoding="utf-8")
    return path


def test_a_case_that_is_an_input_error_under_both_packs_exits_2_naming_its_line(followup, edited, tmp_path):
    """Q1: a misspelt attribute and a date as 12/12/2024 were counted as unchanged decisions: exit 0."""
    typo = {"name": "typo", "groups": ["support-uk"], "attributes": {**UK, "dispatch-date": "2024-12-12"}}
    del typo["attributes"]["dispatch_date"]
    cases = _cases(tmp_path, {"name": "right", "groups": ["support-uk"], "attributes": UK}, typo)
    result = invoke("rules", "impact", str(followup), "--pack", str(edited), "--cases", str(cases), *OWNER, code=2)
    assert f"{cases}:2: cases: the case 'typo' is an input error under both packs" in result.output
    assert "dispatch-date" in result.output


def test_a_case_with_nan_or_a_name_given_twice_is_refused_at_its_line(followup, edited, tmp_path):
    """Audit 74 B F4: a case holding NaN (no JSON value) and two cases of one name (their changes
    told apart by nothing) were read without a word; each is an input error at its line now."""
    right = {"name": "right", "groups": ["support-uk"], "attributes": UK}
    twice = _cases(tmp_path, right, {**right, "groups": []})
    result = invoke("rules", "impact", str(followup), "--pack", str(edited), "--cases", str(twice), *OWNER, code=2)
    assert f"{twice}:2: cases: the case does not read: the name 'right' is given to the case at line 1 too" in result.output
    nan = tmp_path / "nan.jsonl"
    nan.write_text(json.dumps(right) + "\n" + '{"name": "n", "attributes": {"weight": NaN}}\n', encoding="utf-8")
    result = invoke("rules", "impact", str(followup), "--pack", str(edited), "--cases", str(nan), *OWNER, code=2)
    assert f"{nan}:2: cases: the case does not read: NaN" in result.output, result.output
    unnamed = tmp_path / "unnamed.jsonl"
    unnamed.write_text('{"name": 5, "attributes": {}}\n', encoding="utf-8")
    result = invoke("rules", "impact", str(followup), "--pack", str(edited), "--cases", str(unnamed), *OWNER, code=2)
    assert "a case's name is text" in result.output


def test_a_logged_decision_of_another_project_or_a_torn_line_is_named_not_replayed(followup, edited, tmp_path):
    """Q1 and Q4: a log from another project counted as unchanged; a torn line (a write cut
    short, the next line glued to it) refused the whole log."""
    log = tmp_path / "decisions.jsonl"
    invoke("eligible", str(followup), *UK_OPTIONS, *OWNER,
           "--decision-log", str(log))
    whole = log.read_text("utf-8").strip()
    foreign = json.loads(whole) | {"project": "another-project"}
    log.write_text("\n".join([whole, json.dumps(foreign), whole[:120] + whole, whole[:90]]) + "\n", encoding="utf-8")
    data = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), "--decisions", str(log),
                             *OWNER, "-f", "json", code=1).stdout)
    changed = [c["origin"] for c in data["changes"] if c["origin"].startswith(str(log))]
    assert changed == [f"{log}:1", f"{log}:3"]  # the line glued after the fragment is replayed
    skipped = {u["origin"]: u for u in data["unreplayed"]}
    assert "another-project" in skipped[f"{log}:2"]["reason"]
    assert "torn line" in skipped[f"{log}:3"]["subject"] and "torn line" in skipped[f"{log}:4"]["subject"]
    assert next(s for s in data["sources"] if s["source"] == "eligibility")["unreplayed"] == 3
    text = invoke("rules", "impact", str(followup), "--pack", str(edited), "--decisions", str(log), *OWNER,
                  code=1).stdout
    assert f"not replayed: eligibility {log}:2 eligible at " in text


def test_without_the_group_a_change_about_its_handbook_is_neither_shown_nor_counted(followup, edited):
    """Q2: the same run without --groups: a change naming the group's handbook (P2) was listed by
    id and counted; since the asker writes the pack, that told them what P2 says (audit 112a F1).
    Now every decision over P2 is left out of the lists and totals alike, and P2 is named once,
    by the access gate, as withheld; the owner sees every change."""
    data = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), "-f", "json").stdout)
    assert data["changes"] == [] and data["withheld"] == ["P2"]
    assert all(s["withheld"] == 0 and s["changed"] == 0 for s in data["sources"])
    shown = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), *OWNER, "-f", "json",
                              code=1).stdout)
    assert shown["changes"] and not any(c["withheld"] for c in shown["changes"]) and shown["withheld"] == []


def test_a_case_name_cannot_start_a_line_nor_mention_anyone(followup, edited, tmp_path):
    """L2: a case name's line break was printed raw (a forged report line in a CI log), and
    md left @mentions live in a pull-request comment."""
    name = "x\nno decision changes\n@everyone look"
    cases = _cases(tmp_path, {"name": name, "groups": ["support-uk"], "attributes": UK})
    out = invoke("rules", "impact", str(followup), "--pack", str(edited), "--cases", str(cases), *OWNER,
                 code=1).stdout
    assert "no decision changes" not in out.splitlines()
    assert any("x\\nno decision changes\\n@everyone look" in line for line in out.splitlines())
    md = invoke("rules", "impact", str(followup), "--pack", str(edited), "--cases", str(cases), *OWNER, "-f", "md",
                code=1).stdout
    assert "@everyone" not in md and "@&#8203;everyone" in md


def test_a_decision_log_that_is_a_symbolic_link_is_refused(followup, tmp_path):
    """L5: the decision line was appended to the file the link points at."""
    target = tmp_path / "other.txt"
    target.write_text("kept\n", encoding="utf-8")
    link = tmp_path / "log.jsonl"
    link.symlink_to(target)
    result = invoke("eligible", str(followup), "-c", "market=UK", "--decision-log", str(link), code=2)
    assert "symbolic link" in result.output and target.read_text("utf-8") == "kept\n"


def test_decisions_read_from_a_pipe_as_cases_are(followup, edited, tmp_path):
    """L7: --cases read a pipe, --decisions refused one."""
    log = tmp_path / "decisions.jsonl"
    invoke("eligible", str(followup), *UK_OPTIONS, *OWNER,
           "--decision-log", str(log))
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(log.read_bytes()))
    writer.start()
    data = json.loads(invoke("rules", "impact", str(followup), "--pack", str(edited), "--decisions", str(fifo),
                             *OWNER, "-f", "json", code=1).stdout)
    writer.join(timeout=30)
    assert [c["origin"] for c in data["changes"] if c["origin"].startswith(str(fifo))] == [f"{fifo}:1"]


@pytest.fixture
def repository(followup, tmp_path) -> Path:
    root = tmp_path / "handbooks"
    shutil.copytree(followup, root, ignore=shutil.ignore_patterns("answers", "*.test.yaml"))

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
                       check=True, capture_output=True)

    git("init", "-q")
    git("add", "inforce.yaml", "rules", "documents")
    git("commit", "-q", "-m", "handbooks")
    return root


@pytest.mark.parametrize("option", ["--pack", "--against"])
def test_a_pack_that_is_a_device_or_a_folder_is_said_to_be_one(followup, edited, tmp_path, option):
    """Audit 65 B L3: ``--pack /dev/zero`` was "no pack file /dev/zero", as if nothing were there."""
    for handed in ("/dev/zero", str(tmp_path)):
        pack = [handed] if option == "--pack" else [str(edited), "--against", handed]
        result = invoke("rules", "impact", str(followup), "--pack", *pack, *OWNER, code=2)
        said = " ".join(result.output.split())
        assert f"the pack {handed} is not a regular file" in said and f"{option}:" in said, said


def test_a_ref_that_is_a_git_option_is_refused(repository, tmp_path):
    """L1: --against-ref=--output=FILE made git write a diff to FILE."""
    pack = repository / "rules" / "followup.yaml"
    pack.write_text(pack.read_text("utf-8").replace(PERIOD, PERIOD.replace("14", "10"), 1), encoding="utf-8")
    written = tmp_path / "inj"
    result = invoke("rules", "impact", str(repository), "--pack", str(pack), f"--against-ref=--output={written}",
                    code=2)
    assert "not a git revision" in result.output and not list(tmp_path.glob("inj*"))


def test_an_old_pack_from_git_that_does_not_lint_is_named_ref_and_path(repository):
    """L6: its problems named a deleted temporary file."""
    pack = repository / "rules" / "followup.yaml"
    good = pack.read_text("utf-8")
    pack.write_text(good.replace("schema_version: 1", "schema_version: 1\nbogus_key: 1", 1), encoding="utf-8")
    subprocess.run(["git", "-C", str(repository), "-c", "user.name=t", "-c", "user.email=t@example.com", "commit",
                    "-qam", "broken"], check=True, capture_output=True)
    pack.write_text(good, encoding="utf-8")
    result = invoke("rules", "impact", str(repository), "--pack", str(pack), code=2)
    assert "HEAD:rules/followup.yaml:" in result.output and "inforce-impact-" not in result.output


def test_rules_doc_write_refuses_a_folder_of_other_markdown_and_a_file(tmp_path):
    """Q3 and L4: the project's documents were deleted and README.md overwritten, exit 0; a file
    as the folder exited 70."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "README.md").write_text("# Mine\n", encoding="utf-8")
    (tmp_path / "docs" / "p1.md").write_text("a document\n", encoding="utf-8")
    result = invoke("rules", "doc", "--write", str(tmp_path / "docs"), code=2)
    assert "p1.md" in result.output and "README.md" in result.output
    assert sorted(p.name for p in (tmp_path / "docs").iterdir()) == ["README.md", "p1.md"]
    (tmp_path / "file").write_text("x", encoding="utf-8")
    result = invoke("rules", "doc", "--write", str(tmp_path / "file"), code=2)
    assert "not a folder" in result.output
    invoke("rules", "doc", "--write", str(tmp_path / "new"))
    assert (tmp_path / "new" / "README.md").is_file()
