"""Every command, asked without the group a document needs, shows nothing of that document.

The fixture is the Riverside example with Addendum No. 2 (which replaces SPEC-033000 §2.1.A)
and the foundation plan (one side of the S4 precedence pair) restricted to ``owner-team``,
their titles and texts marked with words that appear nowhere else. Each command runs in
every format; its standard output, standard error and ``-o`` file must hold none of the
marks, none of the restricted documents' dates, and no revision or section of theirs
beyond what the asker typed. Asked with the group, the same marks do show: the check can fail.

A test at the end fails when a command is added to the CLI without a row here.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "riverside-library"
GROUP = "owner-team"
MARKS = ("ZZSECRETTITLE", "ZZSECRETBODY", "ZZSECRETDWG", "ZZSECRETCALLOUT", "ZZPENDING", "ZZSECRETREV",
         "ZZREVIEWER", "ZZREVIEWNOTE")
#: dates only the restricted documents carry: when document control recorded them, and the
#: pending addendum's day. (The day the addendum took effect is also the day the public
#: clause stopped applying: a fact of the public clause, which as-of and history tell.)
DATES = ("12:34:56", "2026-06-01", "01:02:03", "07:08:09")
RESTRICTED = ("ADD-02", "DWG-S-101", "ADD-04")
#: a document of mixed access: the bid form's revision 0 is public, its revision 1 (in force
#: from 2026-04-10, its 2.2 marked) is for the group only
MIXED, MIXED_PUBLIC_DAY = "SPEC-004113", "2026-03-15"

runner = CliRunner()
#: a restricted document named with a revision or a section (its id alone may appear), or the
#: mixed document's restricted revision named by its label
_REVISION_OR_SECTION = re.compile(r"\b(?:(?:" + "|".join(map(re.escape, RESTRICTED)) + r")[@#][^\s\"',)\]]*"
                                  r"|" + re.escape(MIXED) + r"@1\b[^\s\"',)\]]*)")


def _restrict(path: Path, edits: list[tuple[str, str]]) -> None:
    text = path.read_text()
    for old, new in edits:
        assert old in text, (path, old)
        text = text.replace(old, new, 1)
    path.write_text(text)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, built_once) -> Path:
    """The restricted riverside project (``_build``), built once per test run; each module using
    it (this one, test_cli_audit_findings.py) reads its own copy."""
    root = built_once.copy("access-matrix/riverside", _build, tmp_path_factory.mktemp("access") / "riverside")
    _READ_ONLY.add(root)
    return root


def _build(root: Path) -> None:
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns(".inforce"))
    docs = root / "documents"
    _restrict(docs / "addendum-02.md", [
        ("title: Addendum No. 2\n", f"title: Addendum No. 2 ZZSECRETTITLE\naccess: [{GROUP}]\n"),
        ("recorded: 2026-04-10T12:00:00Z", "recorded: 2026-04-10T12:34:56Z"),
        ("not less than 5,000 psi.", "not less than 5,000 psi. Marked ZZSECRETBODY."),  # a sentence of its own: a word beside the figure would change what it states
    ])
    _restrict(docs / "S-101.drawing.yaml", [
        ("title: Foundation Plan\n", f"title: Foundation Plan ZZSECRETDWG\naccess: [{GROUP}]\n"),
        ("CONCRETE f'c = 4,000 PSI @ 28 DAYS", "CONCRETE f'c = 4,000 PSI @ 28 DAYS ZZSECRETCALLOUT"),
        # a quantity subject no other document states (reinforcement.yield_strength)
        ("REINFORCING: ASTM A615 GRADE 60. ", "REINFORCING: ASTM A615 GRADE 60, YIELD STRENGTH 60,000 PSI. "),
    ])
    # the specification's bar grades imply a yield strength (issue 22's grade rules): without
    # them, the restricted drawing is the only document stating that subject
    _restrict(docs / "spec-032000.md", [
        ("ASTM A615/A615M, Grade 60, deformed.", "ASTM A615/A615M, deformed."),
        ("ASTM A706/A706M, Grade 60, deformed,", "ASTM A706/A706M, deformed,"),
    ])
    _restrict(docs / "spec-004113-rev1.md", [
        ('revision: "1"\n', f'revision: "1"\naccess: [{GROUP}]\n'),
        ("recorded: 2026-04-10T12:00:00Z", "recorded: 2026-04-10T07:08:09Z"),
        ("2.2 Alternate No. 1:", "2.2 ZZSECRETREV Alternate No. 1:"),
    ])
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    # a reviewer of the group accepts that a public addendum item amends the restricted drawing's
    # callout: the edge's target, reviewer and note are the drawing's (audit 23A, finding 2)
    done = runner.invoke(app, ["review", str(root), "accept", "ADD-01#2.1", "--target", "DWG-S-101#callout-3",
                               "--scope", "partial", "--by", "ZZREVIEWER", "--note", "ZZREVIEWNOTE on the callout",
                               "--groups", GROUP])
    assert done.exit_code == 0, done.output
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    # recorded by document control after the ingest: pending for `lag`, restricted too
    (docs / "addendum-04.md").write_text(
        "---\nid: ADD-04\nkind: addendum\ntitle: Addendum No. 4 ZZPENDING\n"
        f"access: [{GROUP}]\nissued: 2026-06-01\neffective: {{from: 2026-06-01}}\n"
        "recorded: 2026-06-01T01:02:03Z\n---\n1.1 ZZPENDING item.\n"
    )
    _write_answers(root)
    done = runner.invoke(app, ["check", str(root), "--answer", str(root / "asked" / "public.json"),
                               "--audit-dir", str(root / "audit")])
    assert done.exit_code == 1, done.output  # the stale citation: a refusal
    (record,) = (root / "audit").glob("*.json")
    record.rename(root / "audit" / "record.json")
    _write_swapped_pack(root / "impact")


def _write_swapped_pack(folder: Path) -> None:
    """For ``rules impact``: the stock AIA-style pack with drawings and specifications swapped
    (the restricted drawing's conflict changes winner), and a test file of its own beside it."""
    from inforce.rules.loader import STOCK_ROOT

    text = (STOCK_ROOT / "precedence" / "aia-style.yaml").read_text("utf-8")
    drawings = "      - name: drawings\n        kinds: [drawing]\n"
    specifications = ("      - name: specifications\n        kinds: [specification, addendum]\n"
                      "        description: a specification together with the addenda that amend it\n")
    assert drawings + specifications in text
    folder.mkdir()
    (folder / "aia-swapped.yaml").write_text(text.replace(drawings + specifications, specifications + drawings))
    csi = (STOCK_ROOT / "supersession" / "csi-addenda.yaml").read_text("utf-8")
    pattern = '      - pattern: "{target}: Add"\n        scope: partial\n        targets: [paragraph, callout]\n'
    assert pattern in csi and '\n        - "add"\n' in csi
    (folder / "csi-no-add.yaml").write_text(csi.replace(pattern, "").replace('\n        - "add"\n', "\n", 1))
    (folder / "csi-no-add.test.yaml").write_text(  # its own tests (the stock ones name the example's ids)
        "schema_version: 1\ndocuments:\n"
        "  - {id: SPEC-9, kind: specification, title: S, issued: 2026-03-02, provisions: [{path: '1', text: x}]}\n"
        "cases:\n  - name: one\n    eligible: {context: {}}\n    expect: {outcome: eligible}\n")
    (folder / "aia-swapped.test.yaml").write_text(
        'schema_version: 1\nparams: {source: "Agreement Article 1.2"}\ndocuments:\n'
        "  - {id: SPEC-9, kind: specification, title: S, issued: 2026-03-02, provisions: [{path: '1', text: x}]}\n"
        "cases:\n  - name: one\n    eligible: {context: {}}\n    expect: {outcome: eligible}\n")


#: answers for ``check``, asked without the group (``groups: []``): their words are the asker's
ANSWERS = {
    "public": [
        {"text": "Concrete reaches 4,000 psi at 28 days.", "citations": [{"locator": "SPEC-033000#2.1.A"}]},
        {"text": "The water-cementitious ratio is at most 0.45.", "citations": [{"locator": "SPEC-033000#2.1.B"}]},
    ],
    "restricted": [
        {"text": "Concrete reaches 5,000 psi at 28 days.",
         "citations": [{"locator": "ADD-02#1.3", "quote": "not less than 5,000 psi"}]},
        {"text": "The callout says 4,000 PSI.", "citations": [{"locator": "DWG-S-101#callout-3"}]},
        {"text": "No such item.", "citations": [{"locator": "ADD-02#9.9"}]},
    ],
    "quote-only": [
        {"text": "Concrete reaches 5,000 psi.", "citations": [{"quote": "Compressive strength at 28 days: not less than 5,000 psi"}]},
    ],
}


def _write_answers(root: Path) -> None:
    folder = root / "asked"  # beside the example's own answers/
    folder.mkdir()
    for name, claims in ANSWERS.items():
        answer = {"question": "What strength?", "context": {"valid_at": "2026-05-01", "groups": []}, "claims": claims}
        (folder / f"{name}.json").write_text(json.dumps(answer))


# (name, arguments after the project, exit codes allowed without the group)
MATRIX: list[tuple[str, list[str], set[int]]] = [
    ("show-public", ["show", "{p}", "SPEC-033000#2.1.A"], {0}),
    ("show-document", ["show", "{p}", "SPEC-033000"], {0}),
    ("show-restricted", ["show", "{p}", "ADD-02#1.3"], {1}),
    ("show-restricted-no-such-revision", ["show", "{p}", "ADD-02@9#1.3"], {1}),
    ("show-restricted-drawing", ["show", "{p}", "DWG-S-101#callout-3"], {1}),
    ("asof-replaced", ["asof", "{p}", "SPEC-033000#2.1.A", "--valid-at", "2026-05-01"], {0}),
    ("asof-parent", ["asof", "{p}", "SPEC-033000#2.1", "--valid-at", "2026-05-01"], {0}),
    ("asof-document", ["asof", "{p}", "SPEC-033000", "--valid-at", "2026-05-01"], {0}),
    ("asof-known-before", ["asof", "{p}", "SPEC-033000#2.1.A", "--valid-at", "2026-05-01",
                           "--known-at", "2026-04-10T12:00:00Z"], {0}),
    ("asof-restricted", ["asof", "{p}", "ADD-02#1.3", "--valid-at", "2026-05-01"], {1}),
    ("history-public", ["history", "{p}", "SPEC-033000#2.1.A"], {0}),
    ("history-document", ["history", "{p}", "SPEC-033000"], {0}),
    ("history-restricted", ["history", "{p}", "ADD-02#1.3"], {1}),
    # a public item a reviewer accepted as amending the restricted drawing: the drawing by id alone
    ("show-reviewed-item", ["show", "{p}", "ADD-01#2.1"], {0}),
    ("history-reviewed-item", ["history", "{p}", "ADD-01#2.1"], {0}),
    ("history-reviewed-document", ["history", "{p}", "ADD-01"], {0}),
    ("precedence", ["precedence", "{p}", "SPEC-033000#2.1.A", "DWG-S-101#callout-3",
                    "--valid-at", "2026-05-01"], {1}),
    ("precedence-none", ["precedence", "{p}", "SPEC-033000#2.1.B", "DWG-S-101#callout-3",
                         "--valid-at", "2026-05-01", "--pack", "precedence/none"], {1}),
    ("precedence-amended-side", ["precedence", "{p}", "SPEC-033000#2.1.A", "AGR-001#1.2",
                                 "--valid-at", "2026-05-01"], {0, 1}),
    ("eligible", ["eligible", "{p}", "--valid-at", "2026-05-01", "--exclusions", "all"], {0, 1}),
    ("rules-explain", ["rules", "explain", "{p}", "--valid-at", "2026-05-01"], {0}),
    ("stats", ["stats", "{p}"], {0}),
    ("facts", ["facts", "{p}", "--valid-at", "2026-05-01"], {0}),
    ("facts-subject", ["facts", "{p}", "--subject", "concrete.compressive_strength", "--valid-at", "2026-05-01"], {0}),
    ("lag", ["lag", "{p}", "--now", "2026-06-02T00:00:00Z"], {1}),
    ("check-public", ["check", "{p}", "--answer", "{p}/asked/public.json"], {1}),
    ("check-restricted", ["check", "{p}", "--answer", "{p}/asked/restricted.json"], {1}),
    ("check-quote-only", ["check", "{p}", "--answer", "{p}/asked/quote-only.json"], {1}),
    ("resolve", ["resolve", "{p}", "concrete compressive strength 5,000 psi", "--valid-at", "2026-05-01"], {0, 1}),
    ("resolve-callout", ["resolve", "{p}", "foundation plan callout f'c PSI", "--valid-at", "2026-05-01"], {0, 1}),
    ("replay", ["replay", "{p}", "{p}/audit/record.json"], {0, 1}),
    ("sweep", ["sweep", "{p}", "--valid-at", "2026-05-01", "--include-superseded"], {0, 1}),
    ("sweep-none", ["sweep", "{p}", "--valid-at", "2026-05-01", "--pack", "precedence/none"], {0, 1}),
    # a document of mixed access (access rule in engine/access.py): its public revision answers on a
    # day it is in force, in every command; on a day the restricted one is, the question is refused
    ("asof-mixed-public-day", ["asof", "{p}", f"{MIXED}#2.2", "--valid-at", MIXED_PUBLIC_DAY], {0}),
    ("asof-mixed-restricted-day", ["asof", "{p}", f"{MIXED}#2.2", "--valid-at", "2026-05-01"], {1}),
    ("asof-mixed-pinned-public", ["asof", "{p}", f"{MIXED}@0#2.2", "--valid-at", "2026-05-01"], {0, 1}),
    ("asof-mixed-pinned-restricted", ["asof", "{p}", f"{MIXED}@1#2.2", "--valid-at", "2026-05-01"], {1}),
    ("show-mixed-public", ["show", "{p}", f"{MIXED}@0#2.2"], {0}),
    ("show-mixed-latest", ["show", "{p}", f"{MIXED}#2.2"], {1}),
    ("history-mixed", ["history", "{p}", f"{MIXED}#2.2"], {0}),
    # 2.1: revision 1 carries revision 0's words on unchanged; told as 2.2 is (which it changed is its own)
    ("history-mixed-carried", ["history", "{p}", f"{MIXED}#2.1"], {0}),
    ("asof-mixed-carried-restricted-day", ["asof", "{p}", f"{MIXED}#2.1", "--valid-at", "2026-05-01"], {1}),
    ("precedence-mixed", ["precedence", "{p}", f"{MIXED}#2.2", "SPEC-033000#2.1.B",
                          "--valid-at", MIXED_PUBLIC_DAY, "--pack", "precedence/none"], {1}),
    ("eligible-mixed", ["eligible", "{p}", "--valid-at", MIXED_PUBLIC_DAY, "--exclusions", "all"], {0, 1}),
    ("facts-mixed", ["facts", "{p}", "--valid-at", MIXED_PUBLIC_DAY], {0}),
    # a subject only a restricted document states is, to the asker outside the group, unknown
    ("facts-subject-restricted-only", ["facts", "{p}", "--subject", "reinforcement.yield_strength",
                                       "--valid-at", "2026-05-01"], {2}),
    ("review", ["review", "{p}"], {0}),
    # the restricted drawing's conflict changes winner: not a decision the asker's sweep shows
    # (audit LL-01: the sweep is run as the asker), so nothing of it, not even a count (exit 0)
    ("rules-impact", ["rules", "impact", "{p}", "--pack", "{p}/impact/aia-swapped.yaml", "--valid-at", "2026-05-01"],
     {0}),
    ("review-restricted-item", ["review", "{p}", "reject", "ADD-02#2.1", "--by", "auditor"], {1}),
    ("review-restricted-target", ["review", "{p}", "accept", "ADD-01#2.2", "--target", "DWG-S-101#callout-3",
                                  "--scope", "partial", "--by", "auditor"], {1}),
]

#: Commands that print nothing of a project's documents to an asker, and why.
EXEMPT = {
    "init": "writes a new project's scaffold; reads no documents",
    "ingest": "run by whoever holds the files: it reads every document from disk, not from the graph",
    "embed": "prints counts of passages embedded, nothing of a document",
    "rules check": "lints rule packs, not documents",
    "rules test": "runs a pack's own test corpus, written beside the pack",
    "rules schema": "prints the rule-pack JSON Schema",
    "rules doc": "prints the pages of lint codes and stock rules, no document",
    "rules new": "writes a new rule pack and the pack schema beside it; reads no documents",
    "rules fmt": "lays out rule-pack files; reads no documents",
    "serve": "answers over HTTP with the caller's groups from its keys file: tests/http/test_http_service.py "
             "holds the same matrix over HTTP",
    "erase": "run by whoever holds the files (it deletes one): prints the ids, files and hashes it removed, never "
             "a document's text (tests/cli/test_cli_erase.py)",
    "sweep-all": "writes its reports into --out, not -o: test_sweep_all_shows_nothing_restricted_without_the_group "
                 "sweeps this project through it",
}


#: the module's shared project (``project``: read only), and what each question asked of it
#: without a file of the asking test's (an answer, a folder to write) gave: a question several
#: tests ask (the matrix asks most of them) runs once. ``rules impact`` takes seconds a run.
_READ_ONLY: set[Path] = set()
_ASKED: dict[tuple[str, ...], tuple[int, str, str]] = {}


def _run(args: list[str], project: Path, tmp_path: Path, fmt: str, groups: str | None) -> tuple[int, str, str]:
    key = (str(project), *args, fmt, str(groups))
    shared = project in _READ_ONLY and not any(str(tmp_path) in a for a in args)
    if shared and key in _ASKED:
        return _ASKED[key]
    out = tmp_path / f"out.{fmt}"
    argv = [a.replace("{p}", str(project)) for a in args] + ["--format", fmt, "-o", str(out)]
    if groups is not None and args[0] not in ("check", "replay"):  # their groups are the answer's
        argv += ["--groups", groups]
    result = runner.invoke(app, argv)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    written = out.read_text() if out.exists() else ""
    if shared:
        _ASKED[key] = (result.exit_code, result.output, written)
    return result.exit_code, result.output, written


def _typed(args: list[str]) -> list[str]:
    """What the asker typed: the arguments, and the words of an answer file they pass."""
    typed = list(args)
    for arg in args:
        if arg.startswith("{p}/asked/"):
            claims = ANSWERS[Path(arg).stem]
            typed += [c["text"] for c in claims]
            typed += [v for c in claims for cite in c["citations"] for v in cite.values()]
    return sorted(typed, key=len, reverse=True)


def _leaks(text: str, asked: list[str]) -> list[str]:
    for typed in _typed(asked):  # what the asker typed may be echoed back
        text = text.replace(typed, "")
    found = [mark for mark in (*MARKS, *DATES) if mark in text]
    found += _REVISION_OR_SECTION.findall(text)
    return found


@pytest.mark.parametrize("fmt", ["text", "json"])
@pytest.mark.parametrize(("name", "args", "codes"), MATRIX, ids=[row[0] for row in MATRIX])
def test_no_restricted_content_without_the_group(
    project: Path, tmp_path: Path, fmt: str, name: str, args: list[str], codes: set[int]
) -> None:
    code, output, written = _run(args, project, tmp_path, fmt, groups=None)
    assert code in codes, f"{name}: exit {code}\n{output}"
    assert not _leaks(output + written, args), f"{name} leaks {_leaks(output + written, args)}:\n{output}{written}"
    if fmt == "json" and written:
        json.loads(written)


@pytest.mark.parametrize("fmt", ["md", "html", "sarif"])
def test_sweep_reports_and_rfi_drafts_quote_nothing_restricted(project: Path, tmp_path: Path, fmt: str) -> None:
    """The sweep's other formats and its RFI files, asked without the group (the matrix runs
    text and json); with the group the restricted drawing's conflict shows, and is drafted."""
    args = ["sweep", "{p}", "--valid-at", "2026-05-01", "--pack", "precedence/none", "--rfi-dir", str(tmp_path / "rfi")]
    code, output, written = _run(args, project, tmp_path, fmt, groups=None)
    assert code in (0, 1), output
    drafts = "".join(p.read_text() for p in sorted((tmp_path / "rfi").glob("*.md")))
    assert drafts, "no RFI drafted: the check proves nothing"
    assert not _leaks(output + written + drafts, args), _leaks(output + written + drafts, args)
    args = [*args[:-1], str(tmp_path / "rfi-group")]
    _, _, shown = _run(args, project, tmp_path, fmt, groups=GROUP)
    drafts = "".join(p.read_text() for p in (tmp_path / "rfi-group").glob("*.md"))
    assert "ZZSECRETCALLOUT" in shown and "ZZSECRETCALLOUT" in drafts


def test_with_the_group_the_marks_show(project: Path, tmp_path: Path) -> None:
    """The positive control: the same questions, asked with the group, do show the documents."""
    _, _, asof = _run(MATRIX[5][1], project, tmp_path, "json", GROUP)
    assert "ZZSECRETBODY" in asof and "ADD-02@" in asof
    _, _, shown = _run(["show", "{p}", "DWG-S-101#callout-3"], project, tmp_path, "text", GROUP)
    assert "ZZSECRETDWG" in shown and "ZZSECRETCALLOUT" in shown
    code, _, lag = _run(["lag", "{p}", "--now", "2026-06-02T00:00:00Z"], project, tmp_path, "json", GROUP)
    assert code == 1 and "2026-06-01" in lag
    _, _, resolved = _run(["resolve", "{p}", "concrete compressive strength 5,000 psi", "--valid-at", "2026-05-01"],
                          project, tmp_path, "json", GROUP)
    assert "ZZSECRETBODY" in resolved  # the addendum's replacing text answers for whoever may read it
    _, _, review = _run(["review", "{p}"], project, tmp_path, "json", GROUP)
    assert "ADD-02#" in review and json.loads(review)["withheld"] == []  # its proposals wait for whoever may read it


def test_a_restricted_replacement_is_named_by_id_not_hidden(project: Path, tmp_path: Path) -> None:
    """The public clause is not in force, and the answer says so, naming the addendum by id alone."""
    code, _, written = _run(MATRIX[5][1], project, tmp_path, "json", groups=None)
    answer = json.loads(written)
    assert code == 0
    assert answer["in_force"] is False and answer["reason"] == "superseded"
    assert answer["successors"] == ["ADD-02"] and answer["withheld"] == ["ADD-02"]
    assert answer["resolved"] is None and answer["text"] is None
    _, _, parent = _run(MATRIX[6][1], project, tmp_path, "json", groups=None)
    text = json.loads(parent)["text"]
    assert "[2.1.A replaced by ADD-02 (withheld: access)]" in text
    assert "4,000 psi" not in text.split("[2.1.A")[1].split("\n")[0]  # the replaced words stay out


def test_lag_withholds_restricted_pending_revisions(project: Path, tmp_path: Path) -> None:
    code, _, written = _run(["lag", "{p}", "--now", "2026-06-02T00:00:00Z"], project, tmp_path, "json", None)
    report = json.loads(written)
    assert code == 1 and report["lagging"] is True
    assert report["pending"] == [] and report["withheld"] == ["ADD-04"]


def _register_project(root: Path, cell: str | None) -> Path:
    """A project whose register's pending row names no access (no access column, or an empty
    cell): the document's access is written in its front matter only."""
    (root / "documents").mkdir(parents=True)
    access = "" if cell is None else ",access"
    empty = "" if cell is None else f",{cell}"
    (root / "inforce.yaml").write_text("project: lag-access\nregistry: register.csv\n")
    (root / "register.csv").write_text(
        f"file,id,title,kind,revision,seq,issued,effective_from,recorded{access}\n"
        f"documents/sop-002.md,SOP-002,Secret,sop,A,1,2026-12-01,2026-12-01,2026-12-01T09:00:00Z{empty}\n"
        f",SOP-002,Secret,sop,ZZPENDINGREV,2,2026-12-02,2026-12-03,2026-12-02T09:00:00Z{empty}\n"
    )
    (root / "documents" / "sop-002.md").write_text(f"---\naccess: [{GROUP}]\n---\n1.1 ZZSECRETBODY words.\n")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


@pytest.mark.parametrize("cell", [None, ""])
def test_lag_withholds_a_pending_register_row_of_a_document_restricted_in_its_front_matter(
    tmp_path: Path, cell: str | None,
) -> None:
    """Audit 23f J2: the register's pending row says no access, the graph restricts the
    document (its front matter): the row takes the document's access, never shown public."""
    root = _register_project(tmp_path / "p", cell)
    for fmt in ("json", "text"):
        code, _, written = _run(["lag", "{p}", "--now", "2026-12-04T00:00:00Z"], root, tmp_path, fmt, None)
        assert code == 1 and "ZZPENDINGREV" not in written and "2026-12-03" not in written and "SOP-002" in written
    report = json.loads(_run(["lag", "{p}", "--now", "2026-12-04T00:00:00Z"], root, tmp_path, "json", None)[2])
    assert report["pending"] == [] and report["withheld"] == ["SOP-002"]
    _, _, shown = _run(["lag", "{p}", "--now", "2026-12-04T00:00:00Z"], root, tmp_path, "json", GROUP)
    assert [p["locator"] for p in json.loads(shown)["pending"]] == ["SOP-002@ZZPENDINGREV"]  # the control


@pytest.mark.parametrize("front", [f"---\naccess: [{GROUP}]\n---\n", "---\naccess: [\n---\n"])
def test_lag_withholds_a_registered_file_not_yet_ingested_whose_front_matter_restricts_it(
    tmp_path: Path, front: str,
) -> None:
    """Audit 23g K1: a new document is registered with its file (no access in the register),
    not ingested yet; its front matter restricts it (or does not read): the row is withheld
    from a reader without the group, and counted for them as nothing (L4)."""
    root = _register_project(tmp_path / "p", None)
    with (root / "register.csv").open("a") as register:
        register.write("documents/sop-009.md,SOP-009,ZZTITLE,sop,ZZREV9,1,2026-12-02,2026-12-03,2026-12-02T09:00:00Z\n")
    (root / "documents" / "sop-009.md").write_text(front + "1.1 ZZVAULT words.\n")
    for fmt in ("json", "text"):
        code, _, written = _run(["lag", "{p}", "--now", "2026-12-04T00:00:00Z"], root, tmp_path, fmt, None)
        assert code == 1 and "ZZREV9" not in written and "SOP-009" in written
    report = json.loads(_run(["lag", "{p}", "--now", "2026-12-04T00:00:00Z"], root, tmp_path, "json", None)[2])
    assert report["pending"] == [] and report["withheld"] == ["SOP-002", "SOP-009"]
    assert report["registry_revisions"] == 0 and report["ingested_revisions"] == 0  # L4: nothing they may read
    shown = json.loads(_run(["lag", "{p}", "--now", "2026-12-04T00:00:00Z"], root, tmp_path, "json", GROUP)[2])
    if "[\n" not in front:  # the control: the group reads it
        assert "SOP-009@ZZREV9" in [p["locator"] for p in shown["pending"]] and shown["registry_revisions"] == 3


def test_ingest_refuses_a_register_whose_pending_row_lag_refuses(tmp_path: Path) -> None:
    """Audit 23g L3: one reading of the register for ingest and lag: a pending row with an
    empty group name fails both, naming the register's line and column."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: l3\nregistry: register.yaml\n")
    (root / "documents" / "sop-002.md").write_text("---\n---\n1.1 Words.\n")
    (root / "register.yaml").write_text(
        "- {file: documents/sop-002.md, id: SOP-002, title: T, kind: sop, revision: A, seq: 1,\n"
        "   effective_from: 2026-12-01, recorded: '2026-12-01T09:00:00Z'}\n"
        "- {id: SOP-002, title: T, kind: sop, revision: B, seq: 2, effective_from: 2026-12-03,\n"
        "   recorded: '2026-12-02T09:00:00Z', access: ''}\n")
    for command in (["ingest", str(root)], ["lag", str(root)]):
        done = runner.invoke(app, command)
        assert done.exit_code == 2, done.output
        assert "register.yaml:3" in done.output and "access" in done.output
    assert not (root / ".inforce" / "graph").exists()


def test_a_public_revision_is_served_alike_by_every_command_on_a_day_it_is_in_force(
    project: Path, tmp_path: Path,
) -> None:
    """Issue 23: ``asof`` refused the public revision of a mixed document while ``show``,
    ``eligible`` and ``facts`` served it. One rule now: on a day revision 0 is in force every
    command answers with it; on a day revision 1 (restricted) is, the unpinned question is
    refused, and an answer about revision 0 names revision 1 by document id alone."""
    code, _, asof = _run(["asof", "{p}", f"{MIXED}#2.2", "--valid-at", MIXED_PUBLIC_DAY], project, tmp_path, "json", None)
    answer = json.loads(asof)
    assert code == 0 and answer["in_force"] and answer["resolved"] == f"{MIXED}@0#2.2"
    assert "Alternate No. 1" in answer["text"] and answer["withheld"] == []
    _, _, shown = _run(["show", "{p}", f"{MIXED}@0#2.2"], project, tmp_path, "json", None)
    shown_view = json.loads(shown)
    assert shown_view["text"] == answer["text"] and [r["revision"] for r in shown_view["revisions"]] == ["0"]
    assert shown_view["withheld"] == [MIXED]  # its revision 1 left out of the list, and said to be
    _, _, history = _run(["history", "{p}", f"{MIXED}#2.2"], project, tmp_path, "json", None)
    versions = json.loads(history)
    assert [v["locator"] for v in versions["versions"]] == [f"{MIXED}@0#2.2"] and versions["withheld"] == [MIXED]
    _, _, eligible = _run(["eligible", "{p}", "--valid-at", MIXED_PUBLIC_DAY], project, tmp_path, "json", None)
    assert f"{MIXED}@0" in json.loads(eligible)["eligible_revisions"]
    for day, verdict in ((MIXED_PUBLIC_DAY, "answer"), ("2026-05-01", "refusal")):  # a citation of it, checked
        cited = tmp_path / f"cited-{day}.json"
        cited.write_text(json.dumps({"context": {"valid_at": day, "groups": []}, "claims": [
            {"text": "Alternate 1 is the reading garden.",
             "citations": [{"locator": f"{MIXED}#2.2", "quote": "Construct the reading garden"}]}]}))
        _, output, checked = _run(["check", "{p}", "--answer", str(cited)], project, tmp_path, "json", None)
        assert json.loads(checked)["verdict"] == verdict and not _leaks(output + checked, [])
    # the day revision 1 is in force: refused, and revision 0 asked by name is not in force
    code, _, refused = _run(["asof", "{p}", f"{MIXED}#2.2", "--valid-at", "2026-05-01"], project, tmp_path, "json", None)
    assert code == 1 and json.loads(refused)["reason"] == "access_restricted"
    _, _, stale = _run(["asof", "{p}", f"{MIXED}@0#2.2", "--valid-at", "2026-05-01"], project, tmp_path, "json", None)
    stale_answer = json.loads(stale)
    assert stale_answer["in_force"] is False and stale_answer["resolved"] is None
    assert stale_answer["withheld"] == [MIXED] and f"{MIXED}@1" not in stale
    # with the group, the restricted revision answers
    _, _, grouped = _run(["asof", "{p}", f"{MIXED}#2.2", "--valid-at", "2026-05-01"], project, tmp_path, "json", GROUP)
    assert json.loads(grouped)["resolved"] == f"{MIXED}@1#2.2" and "ZZSECRETREV" in grouped


def test_a_withheld_revision_shows_neither_its_date_nor_which_sections_it_changed(
    project: Path, tmp_path: Path,
) -> None:
    """Issue 23 (L1, L2): history told a public version's end by the restricted revision 1
    (its effective day, "changed" for 2.2, "still applies" for 2.1, which revision 1 carries
    on unchanged) while asof refused both on a day revision 1 is in force. Now: both refused
    by asof (the document's revision in force decides), both histories alike, end withheld."""
    ends = {}
    for path in ("2.1", "2.2"):
        code, output, written = _run(["history", "{p}", f"{MIXED}#{path}"], project, tmp_path, "json", None)
        found = json.loads(written)
        assert code == 0 and found["withheld"] == [MIXED]
        (version,) = found["versions"]
        assert version["locator"] == f"{MIXED}@0#{path}"
        ends[path] = (version["applied_until"], version["stopped"], version["stopped_by"], version["revisions"])
        assert "2026-04-10" not in output + written  # revision 1's effective day
        _, _, text = _run(["history", "{p}", f"{MIXED}#{path}"], project, tmp_path, "text", None)
        assert "until: withheld" in text and "still applies" not in text and "2026-04-10" not in text
        code, _, refused = _run(["asof", "{p}", f"{MIXED}#{path}", "--valid-at", "2026-05-01"],
                                project, tmp_path, "json", None)
        assert code == 1 and json.loads(refused)["reason"] == "access_restricted"
    assert ends["2.1"] == ends["2.2"] == (None, "withheld", MIXED, ["0"])
    # with the group, each is told as it is: 2.1 still applies, 2.2 changed by revision 1
    _, _, grouped = _run(["history", "{p}", f"{MIXED}#2.2"], project, tmp_path, "json", GROUP)
    first = json.loads(grouped)["versions"][0]
    assert first["stopped"] == "changed" and first["applied_until"] == "2026-04-10"


def test_a_subject_only_a_restricted_document_states_reads_as_absent(project: Path, tmp_path: Path) -> None:
    """Issue 23: asked outside the group, a subject stated only in a restricted document was
    listed in the hint and answered (exit 0, withheld) where an absent subject exits 2."""
    said = {}
    for subject in ("reinforcement.yield_strength", "reinforcement.no_such_subject"):
        result = runner.invoke(app, ["facts", str(project), "--subject", subject, "--valid-at", "2026-05-01"])
        said[subject] = (result.exit_code, result.output.replace(subject, "SUBJECT"))
        assert "reinforcement.yield_strength" not in result.output.replace(subject, "")
    assert said["reinforcement.yield_strength"] == said["reinforcement.no_such_subject"]
    assert said["reinforcement.no_such_subject"][0] == 2
    with_group = runner.invoke(app, ["facts", str(project), "--subject", "reinforcement.yield_strength",
                                     "--valid-at", "2026-05-01", "--groups", GROUP])
    assert with_group.exit_code == 0 and "60,000 PSI" in with_group.output


def test_a_long_subject_is_echoed_cut_with_its_length(project: Path) -> None:
    """Audit 23g L10: a 100 KB --subject came back whole in its error; the echo is cut
    (ontology.text.echoed, the one home) and says how long the input was."""
    subject = "z" * 100_000
    result = runner.invoke(app, ["facts", str(project), "--subject", subject, "--valid-at", "2026-05-01"])
    assert result.exit_code == 2 and "(100,000 characters)" in result.output and len(result.output) < 2_000


@pytest.mark.parametrize("command", ["show", "history"])
def test_a_reviewed_edge_to_a_restricted_target_is_not_shown(
    project: Path, tmp_path: Path, command: str
) -> None:
    """Audit 23A, finding 2: a public item's edge to the restricted drawing, accepted in review,
    showed the drawing's section, the reviewer and their note to an asker outside the group.
    Issue 23 (AUDIT-O 01): no revision they may read holds that section, so to them it does not
    exist and the edge is not shown at all, nor its review (``Snapshot.target_held``), as for an
    item naming a section no revision holds; the group sees it whole."""
    _, _, written = _run([command, "{p}", "ADD-01#2.1"], project, tmp_path, "json", None)
    answer = json.loads(written)
    edges = answer["edges"] if command == "show" else [v for v in answer["versions"] if v["target"]]
    assert not [e for e in edges if e["target"].startswith("DWG-S-101")], edges
    assert "callout-3" not in written and "ZZREVIEW" not in written
    _, _, grouped = _run([command, "{p}", "ADD-01#2.1"], project, tmp_path, "json", GROUP)
    assert "DWG-S-101#callout-3" in grouped and "ZZREVIEWNOTE" in grouped and "ZZREVIEWER" in grouped


def test_rules_impact_picks_its_default_date_among_revisions_the_asker_may_read(tmp_path: Path,
                                                                              ingested_example) -> None:
    """Audit 23A, finding 1: with no --valid-at, the date of interest was the latest effective
    date of any revision — the restricted handbook P2's (2024-04-01), printed to an asker
    outside support-uk. Now it is the latest they may read; with the group, P2's."""
    root = ingested_example("followup-handbooks")  # read only: the new pack and the output go to tmp_path
    pack = root / "rules" / "followup.yaml"
    text = pack.read_text()
    assert "add: {days: 14," in text
    (tmp_path / "new.yaml").write_text(text.replace("add: {days: 14,", "add: {days: 15,", 1))
    args = ["rules", "impact", "{p}", "--pack", str(tmp_path / "new.yaml"), "--against", str(pack)]
    _, output, written = _run(args, root, tmp_path, "json", None)
    assert json.loads(written)["valid_at"] == ["2023-01-01"] and "2024-04-01" not in output + written
    _, _, grouped = _run(args, root, tmp_path, "json", "support-uk")
    assert json.loads(grouped)["valid_at"] == ["2024-04-01"]


def test_the_sweep_counts_every_restricted_document_it_left_out(project: Path, tmp_path: Path) -> None:
    """Issue 23: the summary said 0 documents withheld while a restricted document in force
    (the bid form's revision 1: nothing of it would have made a finding) was left out."""
    code, output, written = _run(["sweep", "{p}", "--valid-at", "2026-05-01"], project, tmp_path, "json", None)
    assert MIXED in json.loads(written)["summary"]["withheld"]
    assert f"{len(json.loads(written)['summary']['withheld'])} document(s) withheld" in output
    _, _, grouped = _run(["sweep", "{p}", "--valid-at", "2026-05-01"], project, tmp_path, "json", GROUP)
    assert json.loads(grouped)["summary"]["withheld"] == []


def test_stats_counts_only_what_the_asker_may_read(project: Path, tmp_path: Path) -> None:
    """Audit 70 B F4: ``stats`` counted the restricted addendum, drawing and revision for an
    asker outside their group (the file's size with them). It counts what the asker may read:
    the graph less the three restricted revisions (two whole documents), the restricted
    drawing's callouts, the addendum's edge; the file's size is not told. With the group, the
    whole graph, as an operator (the library's ``groups=None``) counts it."""
    from inforce.engine import Project

    with Project.open(project) as opened:
        whole = opened.stats(groups=None)
        assert opened.stats() == opened.stats(groups=())  # not given: the public view, as every question
        restricted = sum(access is not None for _, _, access in opened.snapshot.store.access_rows())
    assert restricted == 3  # ADD-02, DWG-S-101 and the bid form's revision 1
    _, output, written = _run(["stats", "{p}"], project, tmp_path, "json", None)
    outside = json.loads(written)
    assert (outside["documents"], outside["revisions"]) == (whole.documents - 2, whole.revisions - restricted)
    for count in ("sections", "callouts", "quantities", "supersedes"):
        assert outside[count] < getattr(whole, count), count
    assert outside["db_bytes"] is None and whole.db_bytes
    _, _, grouped = _run(["stats", "{p}"], project, tmp_path, "json", GROUP)
    assert json.loads(grouped) == json.loads(whole.model_dump_json())
    _, _, text = _run(["stats", "{p}"], project, tmp_path, "text", None)
    assert "not told (access)" in text and f"{outside['sections']:,}" in text


def test_rules_impact_sweeps_as_the_asker_and_shows_the_change_whole_with_the_group(project: Path, tmp_path: Path) -> None:
    """Audit 23q Q2 had the sweep replayed with no group: the one decision the change moves
    (about the restricted drawing) was dropped with no word of why. It was then swept as
    everyone and the change listed by document ids, "withheld (access)" — a count of decisions
    the asker is never shown (audit LL-01). Now it is swept as the asker, as their own sweep
    is: no change of theirs (exit 0), the documents their sweep withheld named by id in the
    source's note, as the sweep's ``summary.withheld`` names them; with the group, shown whole."""
    args = ["rules", "impact", "{p}", "--pack", "{p}/impact/aia-swapped.yaml", "--valid-at", "2026-05-01"]
    code, _, written = _run(args, project, tmp_path, "json", None)
    report = json.loads(written)
    assert code == 0 and not [c for c in report["changes"] if c["source"] == "precedence"]
    source = next(s for s in report["sources"] if s["source"] == "precedence")
    _, _, swept = _run(["sweep", "{p}", "--valid-at", "2026-05-01", "--fail-on", "none"], project, tmp_path, "json", None)
    assert source["withheld"] == 0 and source["decisions"] == len(json.loads(swept)["findings"])
    assert "ADD-02" in source["note"] and "DWG-S-101" in source["note"]
    code, _, grouped = _run(args, project, tmp_path, "json", GROUP)
    (whole,) = [c for c in json.loads(grouped)["changes"] if c["source"] == "precedence"]
    assert code == 1 and whole["withheld"] == [] and "DWG-S-101#callout-3 governs" in whole["before"]


def test_rules_impact_gates_the_supersession_and_asof_sources_as_the_sweep(project: Path, tmp_path: Path) -> None:
    """Audit 23q Q2: the supersession source listed a restricted addendum item's locator and
    file:line while the precedence source left the document out: two rules in one command. Then
    each such change was listed "ADD-02: withheld (access)" and counted; with the pack the
    asker's own, that told whether it matched ADD-02's items (audit 112a F1). Now no decision
    involving ADD-02 is listed or counted in any source; ADD-02 is named once, in ``withheld``."""
    args = ["rules", "impact", "{p}", "--pack", "{p}/impact/csi-no-add.yaml", "--valid-at", "2026-05-01"]
    code, output, written = _run(args, project, tmp_path, "json", None)
    report = json.loads(written)
    assert not [c for c in report["changes"] if c["withheld"] or "ADD-02" in json.dumps(c)]
    assert "ADD-02" in report["withheld"] and all(s["withheld"] == 0 for s in report["sources"])
    assert not _leaks(output + written, args) and "addendum-02.md" not in written
    _, _, grouped = _run(args, project, tmp_path, "json", GROUP)
    shown = [c for c in json.loads(grouped)["changes"] if c["source"] == "supersession"]
    assert any(c["subject"].startswith("edge ADD-02#") and c["origin"].startswith("documents/addendum-02.md:")
               for c in shown)


def _command_names() -> set[str]:
    import typer.main

    group = typer.main.get_command(app)
    names: set[str] = set()
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        names |= {f"{name} {s}" for s in sub} if sub else {name}
    return names


def test_every_command_is_in_the_matrix_or_exempt() -> None:
    covered = {" ".join(a for a in args[:2] if a != "{p}") for _, args, _ in MATRIX}
    missing = _command_names() - covered - EXEMPT.keys()
    assert not missing, f"add these commands to the access matrix (or EXEMPT, saying why): {sorted(missing)}"


# ---- FIX-23C-2 (audit 23C, findings 02 and 03): appended here; SPEED told in /tmp/h/coord.md ----


def _mixed_revision(root: Path, name: str, doc: str, revision: str, seq: int, access: str, body: str) -> None:
    (root / "documents").mkdir(parents=True, exist_ok=True)
    (root / "documents" / name).write_text(
        f"---\nid: {doc}\nkind: specification\ntitle: Section {doc}\nrevision: \"{revision}\"\nseq: {seq}\n"
        f"issued: 2026-03-0{seq}\neffective: {{from: 2026-03-0{seq}}}\nrecorded: 2026-03-0{seq}T09:00:00Z\n"
        f"{access}---\n{body}\n")


def test_ingest_with_groups_lists_a_revision_they_may_not_read_by_its_document_id_alone(tmp_path: Path) -> None:
    """Audit 23C, finding 02: ``ingest --groups`` listed a restricted revision's label (any text)
    in ``added``/``replaced``/``removed``, and quoted a warning of a restricted file. Now such a
    revision is listed by its document id alone, the documents named in a "withheld" warning,
    and the restricted file's warning counted; with the group, all of it shows."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\n")
    _mixed_revision(root, "m0.md", "SPEC-M", "0", 1, "", "1 GENERAL\n\n1.1 Joint width: not less than 0.25 inches.")
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    _mixed_revision(root, "m1.md", "SPEC-M", "1", 2, "access: [owners]\n", "1 GENERAL\n\n1.1 Joint width: not less than 0.5 in.")
    # words with no heading nor number: a warning at its file
    _mixed_revision(root, "r.md", "NEW-R", "QQSECRETLABEL", 1, "access: [owners]\n", "QQSECRETWORDS here.")
    _mixed_revision(root, "q.md", "PUB-Q", "0", 1, "", "Public words here.")
    done = runner.invoke(app, ["ingest", str(root), "--groups", "other", "-f", "json"])
    assert done.exit_code == 0, done.output
    summary = json.loads(done.stdout)
    assert summary["added"] == ["SPEC-M", "PUB-Q@0", "NEW-R"] and "QQSECRET" not in done.output
    assert "warning: withheld: revisions of NEW-R, SPEC-M (access: your groups may not read them)" in done.output
    assert "documents/q.md" in done.output and "documents/r.md" not in done.output
    assert "1 more warning withheld (access)" in done.output
    (root / "documents" / "r.md").unlink()
    (root / "documents" / "m1.md").unlink()
    done = runner.invoke(app, ["ingest", str(root), "--groups", "other", "-f", "json"])
    assert done.exit_code == 0 and json.loads(done.stdout)["removed"] == ["NEW-R", "SPEC-M"], done.output
    _mixed_revision(root, "m1.md", "SPEC-M", "1", 2, "access: [owners]\n", "1 GENERAL\n\n1.1 Joint width: not less than 0.5 in.")
    _mixed_revision(root, "r.md", "NEW-R", "QQSECRETLABEL", 1, "access: [owners]\n", "QQSECRETWORDS here.")
    done = runner.invoke(app, ["ingest", str(root), "--groups", "owners", "-f", "json"])
    assert json.loads(done.stdout)["added"] == ["SPEC-M@1", "NEW-R@QQSECRETLABEL"], done.output
    assert "documents/r.md" in done.output and "withheld (access)" not in done.output
    assert "warning: withheld" not in done.output


_BASELINE_SWEEP = ["sweep", "{p}", "--valid-at", "2026-05-01"]


@pytest.fixture(scope="module")
def baseline_sweeps(project: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the baseline test asks alike in every format, swept once: the baseline (the sweep
    with the group, and a finding invented on the restricted drawing, standing in no run),
    the public sweep, and the sweep with the group against that baseline (json)."""
    folder = tmp_path_factory.mktemp("baseline")
    args = _BASELINE_SWEEP
    _, _, grouped = _run(args, project, folder, "json", GROUP)
    base = json.loads(grouped)
    on_drawing = [f for f in base["findings"] if any(p["locator"].startswith("DWG-S-101") for p in f["provisions"])]
    assert on_drawing, "no baseline finding on the restricted drawing: the check proves nothing"
    invented = {**on_drawing[0], "id": "0" * len(on_drawing[0]["id"])}  # stands in no run
    base["findings"].append(invented)
    (folder / "base.json").write_text(json.dumps(base))
    public = json.loads(_run(args, project, folder, "json", None)[2])
    _, _, with_group = _run([*args, "--baseline", str(folder / "base.json")], project, folder, "json", GROUP)
    return {"base": base, "file": folder / "base.json", "on_drawing": on_drawing, "invented": invented,
            "public": public, "with_group": json.loads(with_group)}


@pytest.mark.parametrize("fmt", ["text", "json", "md", "html", "sarif"])
def test_a_baseline_finding_on_a_document_the_asker_may_not_read_is_withheld_not_gone(
    project: Path, tmp_path: Path, fmt: str, baseline_sweeps: dict[str, Any],
) -> None:
    """Audit 23C, finding 03: ``sweep --baseline B`` run without the group B was swept with
    reported B's findings on the restricted drawing as gone (resolved) though they stand. Now
    such a finding is neither gone nor compared: counted "withheld (access: not compared)" in
    the summary line and every format, the same for one that no longer stands (a finding
    invented on the drawing), so the label tells nothing. (The sweeps alike in every format
    are the module's: ``baseline_sweeps``.)"""
    args = _BASELINE_SWEEP
    base, on_drawing, invented = baseline_sweeps["base"], baseline_sweeps["on_drawing"], baseline_sweeps["invented"]
    code, output, written = _run([*args, "--baseline", str(baseline_sweeps["file"])], project, tmp_path, fmt, None)
    assert code in (0, 1), output
    public = baseline_sweeps["public"]
    hidden = {doc for doc in public["summary"]["withheld"]}
    withheld = [f for f in base["findings"]
                if any(p["locator"].split("#")[0].split("@")[0] in hidden for p in f["provisions"])]
    assert invented in withheld and len(withheld) > len(on_drawing) - 1
    n = len(withheld)
    assert f"{n} withheld (access: not compared)" in output  # the summary line
    assert not _leaks(output + written, args)
    if fmt == "json":
        report = json.loads(written)
        assert report["baseline_withheld"] == n
        assert not {g["id"] for g in report["gone"]} & {f["id"] for f in withheld}
    elif fmt == "sarif":
        run = json.loads(written)["runs"][0]
        assert run["properties"]["baselineWithheld"] == n
        assert not [r for r in run["results"] if r.get("baselineState") == "absent"
                    and r["properties"]["findingId"] in {f["id"] for f in withheld}]
    else:
        assert f"{n} finding(s) of the baseline withheld (access: not compared)" in written + output
        assert not any(f["id"] in written for f in withheld)
    # with the group, the same baseline: the drawing's findings compared (the invented one gone)
    report = baseline_sweeps["with_group"]
    assert report["baseline_withheld"] == 0 and [g["id"] for g in report["gone"]] == [invented["id"]]


# ---- FIX-23C-1 (audit 23C, finding 04): appended here; SPEED told in /tmp/h/coord.md ----

#: the restricted revision 1 of SPEC-U is in force 2026-04-01 until 2026-04-23 (its ``until``)
_LAPSE_DAYS = ("2026-04-22", "2026-04-23", "2026-06-01")  # in force, its until, after


def _lapsing_project(root: Path) -> Path:
    """SPEC-U's two revisions ingested (built once per run: ``built_once``, each test a copy)."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\n")
    head = "---\nid: SPEC-U\nkind: specification\ntitle: Section 01 50 00 Temporary Facilities\n"
    (root / "documents" / "u0.md").write_text(
        head + 'revision: "0"\nseq: 1\nissued: 2026-03-01\neffective: {from: 2026-03-01}\n'
        "recorded: 2026-03-01T09:00:00Z\n---\n1 GENERAL\n\n1.1 Temporary fence height: at least 6 feet.\n")
    (root / "documents" / "u1.md").write_text(
        head + 'revision: "1"\nseq: 2\nissued: 2026-04-01\neffective: {from: 2026-04-01, until: 2026-04-23}\n'
        "recorded: 2026-04-01T09:00:00Z\naccess: [owners]\n---\n1 GENERAL\n\n"
        "1.1 Temporary fence height: at least 8 feet.\n")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    return root


def _lapse_answers(project: Path, tmp_path: Path, day: str, fmt: str, groups: str | None) -> list[tuple[int, str]]:
    """Every command that takes a date, asked about SPEC-U on ``day``: (exit, output with the day cut)."""
    asked = tmp_path / f"answer-{day}.json"
    asked.write_text(json.dumps({"question": "q", "context": {"valid_at": day, "groups": []}, "claims": [
        {"text": "The fence is at least 6 feet high.", "citations": [{"locator": "SPEC-U#1.1"}]},
        {"text": "The fence is at least 6 feet high.", "citations": [{"locator": "SPEC-U@0#1.1"}]}]}))
    commands = [
        ["asof", "{p}", "SPEC-U#1.1", "--valid-at", day],
        ["asof", "{p}", "SPEC-U@0#1.1", "--valid-at", day],
        ["check", "{p}", "--answer", str(asked)],
        ["precedence", "{p}", "SPEC-U#1.1", "SPEC-U@0#1", "--valid-at", day],
        ["precedence", "{p}", "SPEC-U@0#1.1", "SPEC-U@0#1", "--valid-at", day],
        ["eligible", "{p}", "--valid-at", day],
        ["resolve", "{p}", "temporary fence height", "--valid-at", day],
        ["facts", "{p}", "--valid-at", day],
    ]
    found = []
    for args in commands:
        code, output, written = _run(args, project, tmp_path, fmt, groups)
        shown = (output + written).replace(day, "DAY").replace(str(asked), "ANSWER")
        # the audit record's hash of the answer file and the moment of the check differ per run
        found.append((code, re.sub(r'"(?:answer_sha256|decided_at)": "[^"]*"', "", shown)))
    return found


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_no_date_tells_when_a_revision_the_asker_may_not_read_lapses(tmp_path: Path, fmt: str, built_once) -> None:
    """Audit 23C, finding 04: SPEC-U's public revision 0 is replaced by revision 1 (restricted)
    from 2026-04-01 until 2026-04-23. Without the group, asof/check/precedence refused on
    04-22 and answered "no revision of SPEC-U is in force" from 04-23, and ``asof SPEC-U@0``,
    ``eligible`` and ``resolve`` told the two days apart too, so trying dates found the
    restricted ``until``. Now every command answers alike on every day revision 1 decides (in
    force or lapsed); a day revision 0 is in force still answers with it, and with the group
    the lapse is told."""
    project = built_once.copy("access-matrix/lapsing", _lapsing_project, tmp_path / "p")
    answers = [_lapse_answers(project, tmp_path, day, fmt, None) for day in _LAPSE_DAYS]
    assert answers[0] == answers[1] == answers[2], "an answer differs between the days revision 1 decides"
    codes = [code for code, _ in answers[0]]
    assert codes[0] == codes[3] == codes[4] == 1 and "access_restricted" in answers[0][0][1]
    assert all("8 feet" not in shown and "2026-04-01" not in shown for _, shown in answers[0])
    public = _lapse_answers(project, tmp_path, "2026-03-15", fmt, None)
    assert public[0][0] == 0 and "6 feet" in public[0][1] and "SPEC-U@0#1.1" in public[0][1]
    # with the group, each day is told as it is: in force on 04-22, lapsed from 04-23
    code, output, written = _run(["asof", "{p}", "SPEC-U#1.1", "--valid-at", "2026-04-23"],
                                 project, tmp_path, fmt, "owners")
    assert code == 1 and "no_coverage_for_date" in output + written
    code, output, written = _run(["asof", "{p}", "SPEC-U#1.1", "--valid-at", "2026-04-22"],
                                 project, tmp_path, fmt, "owners")
    assert code == 0 and "8 feet" in output + written


@pytest.mark.parametrize("fmt", ["json", "md"])
def test_sweep_all_shows_nothing_restricted_without_the_group(project: Path, tmp_path: Path, fmt: str) -> None:
    """The portfolio sweep of a manifest naming this project: its report and summary, and what it
    prints, hold nothing restricted without the group, and its report is ``inforce sweep``'s byte
    for byte (with the group, the restricted drawing's finding is there)."""
    manifest = tmp_path / "portfolio.yaml"
    manifest.write_text(f"- {project}\n")
    for groups in (None, GROUP):
        out = tmp_path / f"out-{groups}"
        argv = ["sweep-all", str(manifest), "--valid-at", "2026-05-01", "--format", fmt, "--out", str(out)]
        result = runner.invoke(app, argv + (["--groups", groups] if groups else []))
        assert result.exit_code in (0, 1), result.output
        (report,) = [f for f in out.iterdir() if f.name != "summary.json"]
        alone = _run(["sweep", "{p}", "--valid-at", "2026-05-01"], project, tmp_path, fmt, groups)[2]
        assert report.read_text() == alone
        said = result.output + report.read_text() + (out / "summary.json").read_text()
        if groups is None:
            assert not _leaks(said, argv), _leaks(said, argv)
        else:
            assert "ZZSECRETCALLOUT" in said or "DWG-S-101" in said  # the group's sweep has the drawing


# ---- HH-01 (issue 23, medium): a public amendment of a public paragraph beside a restricted revision ----

#: SPEC-X's public revision A holds 2.1.A at 0.45; ADD-01 (public) amends it to 0.42 from 2026-04-01.
#: Its restricted revision B (group ``legal``) comes after A (from 2026-06-01), before it (from
#: 2026-01-01, A replacing it on 2026-03-01), or after the day asked (2027); ``none``: no B at all.
_HH01_B = {"later": ("2026-06-01", 2), "earlier": ("2026-01-01", 0), "future": ("2027-01-01", 2)}
_HH01_A_DAY = "2026-05-01"  # A decides SPEC-X in every variant, ADD-01 in force
_HH01_B_DAYS = {"later": "2026-07-01", "earlier": "2026-02-01"}  # B decides SPEC-X
_HH01_PUBLIC = "the water-cement ratio shall not exceed 0.45."


def _hh01_spec(root: Path, label: str, seq: int, day: str, access: str, words: str | None) -> None:
    paragraph = f"A. Maximum water-cement ratio: {words}\n\n" if words is not None else ""
    (root / "documents" / f"spec-{label.lower()}.md").write_text(
        f"---\nid: SPEC-X\nkind: specification\ntitle: Section 03 30 00 Concrete\nrevision: \"{label}\"\n"
        f"seq: {seq}\nissued: {day}\neffective: {{from: {day}}}\nrecorded: {day}T09:00:00Z\n{access}---\n"
        "SECTION 03 30 00 - CONCRETE\n\nPART 2 - PRODUCTS\n\n2.1 CONCRETE MIXTURES\n\n"
        f"{paragraph}B. Slump: not more than 4 inches.\n")


def _hh01_project(variant: str, b_words: str | None = "the water-cement ratio shall not exceed 0.45 ZZSECRETB.",
                  ) -> Callable[[Path], None]:
    """A builder of the HH-01 project ``variant`` (B's 2.1.A reading ``b_words``; None: B holds no 2.1.A)."""
    def build(root: Path) -> None:
        (root / "documents").mkdir(parents=True)
        (root / "inforce.yaml").write_text("project: hh01\nfacets: []\nrules:\n  - stock: supersession/csi-addenda\n")
        _hh01_spec(root, "A", 1, "2026-03-01", "", _HH01_PUBLIC)
        if variant in _HH01_B:
            day, seq = _HH01_B[variant]
            _hh01_spec(root, "B", seq, day, "access: [legal]\n", b_words)
        (root / "documents" / "addendum-01.md").write_text(
            "---\nid: ADD-01\nkind: addendum\ntitle: Addendum No. 1\nissued: 2026-04-01\n"
            "effective: {from: 2026-04-01}\nrecorded: 2026-04-01T09:00:00Z\n---\nADDENDUM NO. 1\n\n"
            "1 CHANGES TO THE SPECIFICATIONS\n\n1.1 Section 03 30 00, Paragraph 2.1.A: Revise the water-cement "
            'ratio to read: "the water-cement ratio shall not exceed 0.42."\n')
        done = runner.invoke(app, ["ingest", str(root)])
        assert done.exit_code == 0, done.output
    return build


def _hh01_reads(project: Path, tmp_path: Path, day: str, groups: str | None = None) -> dict[str, Any]:
    """What the sweep, ``facts``, ``review`` and ``asof`` (of the amended paragraph and of the
    amending item) tell an asker on ``day`` (json), less what names the project itself (its index
    build) and ``withheld``, which by design names every document holding a revision the asker
    may not read whatever the day (``Snapshot.withheld``)."""
    def scrub(found: Any) -> Any:
        if isinstance(found, dict):
            return {k: scrub(v) for k, v in found.items() if k not in ("index_build", "withheld")}
        return [scrub(v) for v in found] if isinstance(found, list) else found

    reads: dict[str, Any] = {}
    for name, args in (("sweep", ["sweep", "{p}", "--valid-at", day, "--fail-on", "none"]),
                       ("facts", ["facts", "{p}", "--valid-at", day]),
                       ("review", ["review", "{p}"]),
                       ("asof amended", ["asof", "{p}", "SPEC-X#2.1.A", "--valid-at", day]),
                       ("asof amending", ["asof", "{p}", "ADD-01#1.1", "--valid-at", day])):
        code, output, written = _run(args, project, tmp_path, "json", groups)
        reads[name] = {"exit": code, "said": scrub(json.loads(written)) if written else output}
    return reads


@pytest.mark.parametrize("variant", ["later", "earlier", "future"])
def test_a_public_amendment_of_a_public_paragraph_reads_alike_beside_a_restricted_revision(
    tmp_path: Path, built_once, variant: str,
) -> None:
    """HH-01 (issue 23, medium): SPEC-X had a revision restricted to ``legal``, so every dated
    read judged the edge of the public ADD-01#1.1 to the public revision A's 2.1.A by the whole
    document: without the group, ``facts`` showed ``replaces: []``, ``review`` no applied edge,
    ``asof`` no step of the amendment in its chain, and the sweep escalated a quantity conflict
    (0.42 against 0.45) between the amendment and the very paragraph it amends. Now an edge's
    target is judged by the revisions that hold it (``Snapshot.target_readable``): on a day A
    decides SPEC-X, the public reads are those of the same project with no restricted revision,
    whether B comes after A, before it or after the day asked."""
    plain = built_once.copy("access-matrix/hh01-none", _hh01_project("none"), tmp_path / "none")
    mixed = built_once.copy(f"access-matrix/hh01-{variant}", _hh01_project(variant), tmp_path / variant)
    expected = _hh01_reads(plain, tmp_path, _HH01_A_DAY)
    found = _hh01_reads(mixed, tmp_path, _HH01_A_DAY)
    edge = {"by": "ADD-01#1.1", "target": "SPEC-X#2.1.A", "scope": "partial"}
    assert [{k: e[k] for k in edge} for e in found["review"]["said"]["applied"]] == [edge]
    (amending,) = [f for f in found["facts"]["said"]["facts"] if f["locator"] == "ADD-01#1.1"]
    assert amending["replaces"] == ["SPEC-X#2.1.A"]
    assert [(s["kind"], s["locator"], s["target"]) for s in found["asof amended"]["said"]["chain"]] == [
        ("version", "SPEC-X@A#2.1.A", None), ("amends", "ADD-01#1.1", "SPEC-X#2.1.A")]
    assert not [f for f in found["sweep"]["said"]["findings"]
                if f["kind"] == "quantity_conflict" and f["resolution"] == "escalate"]
    assert found == expected
    said = json.dumps(found)
    assert "ZZSECRETB" not in said and "SPEC-X@B" not in said
    # and the sweep and facts still name SPEC-X as withheld, on every day alike
    _, _, swept = _run(["sweep", "{p}", "--valid-at", _HH01_A_DAY], mixed, tmp_path, "json", None)
    assert json.loads(swept)["summary"]["withheld"] == ["SPEC-X"]


@pytest.mark.parametrize("variant", ["later", "earlier"])
def test_on_a_day_a_restricted_revision_decides_an_amended_paragraph_nothing_of_it_shows(
    tmp_path: Path, built_once, variant: str,
) -> None:
    """HH-01's other side: on a day SPEC-X's restricted revision B decides it, the public reads
    (sweep, ``facts``, ``review``, ``asof``) are the same whatever figure B gives 2.1.A (0.45 or
    0.50), and hold none of B's words or its label; ``asof SPEC-X#2.1.A`` is refused. With the
    group, B's words show (the check can fail). Whether B holds 2.1.A at all: the next test."""
    day = _HH01_B_DAYS[variant]
    reads = []
    for name, words in (("045", "the water-cement ratio shall not exceed 0.45 ZZSECRETB."),
                        ("050", "the water-cement ratio shall not exceed 0.50 ZZSECRETB.")):
        project = built_once.copy(f"access-matrix/hh01-{variant}-{name}", _hh01_project(variant, words),
                                  tmp_path / name)
        reads.append(_hh01_reads(project, tmp_path, day))
    assert reads[0] == reads[1], "a public read on a day B decides tells what B says of 2.1.A"
    said = json.dumps(reads[0])
    assert "ZZSECRETB" not in said and "SPEC-X@B" not in said and "0.5" not in said
    assert reads[0]["asof amended"]["exit"] == 1 and reads[0]["asof amended"]["said"]["reason"] == "access_restricted"
    grouped = _hh01_reads(tmp_path / "045", tmp_path, day, "legal")
    assert "ZZSECRETB" in json.dumps(grouped["asof amended"])


def _hh01_item_reads(project: Path, tmp_path: Path, day: str, groups: str | None = None) -> dict[str, Any]:
    """``_hh01_reads`` and the other reads of the amending item ADD-01#1.1 on ``day``: ``asof``
    pinned and as text, its ``history`` and its addendum's (undated), and ``check`` of a claim
    citing it — less the verdict's own stamps."""
    reads = _hh01_reads(project, tmp_path, day, groups)

    def scrub(found: Any) -> Any:
        if isinstance(found, dict):
            return {k: scrub(v) for k, v in found.items() if k not in ("index_build", "withheld", "audit")}
        return [scrub(v) for v in found] if isinstance(found, list) else found

    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"question": "ratio?", "context": {"valid_at": day, "groups": []}, "claims": [
        {"text": "The water-cement ratio is at most 0.42.",
         "citations": [{"locator": "ADD-01#1.1", "quote": "shall not exceed 0.42"}]}]}))
    for name, args, form in (("asof pinned", ["asof", "{p}", "ADD-01@0#1.1", "--valid-at", day], "json"),
                             ("asof text", ["asof", "{p}", "ADD-01#1.1", "--valid-at", day], "text"),
                             ("history item", ["history", "{p}", "ADD-01#1.1"], "json"),
                             ("history addendum", ["history", "{p}", "ADD-01"], "json"),
                             ("check", ["check", "{p}", "--answer", str(answer)], "json")):
        code, output, written = _run(args, project, tmp_path, form, groups)
        said = (scrub(json.loads(written)) if form == "json" else re.sub(r"index build \w+", "", written)) \
            if written else output
        reads[name] = {"exit": code, "said": said}
    return reads


@pytest.mark.parametrize("variant", ["later", "earlier"])
def test_on_a_day_a_restricted_revision_decides_an_amended_document_whether_it_holds_the_paragraph_does_not_show(
    tmp_path: Path, built_once, variant: str,
) -> None:
    """On a day SPEC-X's restricted revision B decides it, whether ADD-01#1.1 is in force rested
    on B's content: a reissue holding 2.1.A spends the amendment, one without it does not. So a
    public asker was told "superseded ... SPEC-X (withheld) reissued" when B held 2.1.A and "in
    force" when it did not (``asof``, its figure in ``facts`` and the sweep's statements, a
    citation of it in ``check``, its end in ``history``). Now the item's standing is judged
    where an edge's target is (``Snapshot.target_readable`` on the day:
    ``AsOfIndex.standing_out_of_sight``): every public read is the same whether B holds 2.1.A at
    0.45, at 0.50, or not at all — the item not in force, resting on SPEC-X, withheld — and
    the group ``legal`` still reads B."""
    day = _HH01_B_DAYS[variant]
    reads = {}
    for name, words in (("045", "the water-cement ratio shall not exceed 0.45 ZZSECRETB."),
                        ("050", "the water-cement ratio shall not exceed 0.50 ZZSECRETB."), ("gone", None)):
        project = built_once.copy(f"access-matrix/hh01-{variant}-{name}", _hh01_project(variant, words),
                                  tmp_path / name)
        reads[name] = _hh01_item_reads(project, tmp_path, day)
    assert reads["045"] == reads["050"] == reads["gone"], "a public read tells whether B holds 2.1.A"
    said = json.dumps(reads["gone"])
    assert "ZZSECRETB" not in said and "SPEC-X@B" not in said and "0.5" not in said
    if variant == "later":  # ADD-01 is in force: its standing rests on SPEC-X, withheld
        amending = reads["gone"]["asof amending"]
        assert amending["exit"] == 1 and amending["said"]["in_force"] is False
        assert "rests on SPEC-X (withheld: access)" in amending["said"]["detail"]
        assert "not in force (withheld)" in reads["gone"]["asof text"]["said"]
        assert not [f for f in reads["gone"]["facts"]["said"]["facts"] if f["locator"] == "ADD-01#1.1"]
        (citation,) = reads["gone"]["check"]["said"]["claims"][0]["citations"]
        assert citation["status"] == "ineligible_source"
        assert [v["stopped"] for v in reads["gone"]["history item"]["said"]["versions"]] == ["withheld", "withheld"]
    # the group reads B: a reissue holding 2.1.A spends the amendment, one without it does not
    grouped = {name: _hh01_reads(tmp_path / name, tmp_path, day, "legal") for name in ("045", "gone")}
    assert "ZZSECRETB" in json.dumps(grouped["045"]["asof amended"])
    if variant == "later":
        assert grouped["045"]["asof amending"]["said"]["reason"] == "superseded"
        assert grouped["gone"]["asof amending"]["said"]["in_force"] is True


def _hh01_reissued(restricted: bool) -> Callable[[Path], None]:
    """SPEC-X's public revision A (2.1.A at 0.45), ADD-01 amending it to 0.42 from 2026-04-01, a
    public reissue C (2026-06-01) changing 2.1.A to 0.40, which spends the amendment, and, when
    ``restricted``, a revision B for ``legal`` from 2027 (after every day asked)."""
    def build(root: Path) -> None:
        _hh01_project("none")(root)
        _hh01_spec(root, "C", 2, "2026-06-01", "", "the water-cement ratio shall not exceed 0.40.")
        if restricted:
            _hh01_spec(root, "B", 3, "2027-01-01", "access: [legal]\n",
                       "the water-cement ratio shall not exceed 0.45 ZZSECRETB.")
        done = runner.invoke(app, ["ingest", str(root)])
        assert done.exit_code == 0, done.output
    return build


def test_a_public_reissue_that_spends_an_amendment_is_named_whole_beside_a_restricted_revision(
    tmp_path: Path, built_once,
) -> None:
    """HH-01's successors: ``asof`` of an amendment a public reissue C spent names C's paragraph
    as its successor (``SPEC-X#2.1.A``). Judged by document (``may_read`` of an unpinned
    locator answers for every revision), the successor was cut to ``SPEC-X`` for a public asker
    whenever SPEC-X also had a restricted revision, even one not in force that day. Successors
    are now judged as a chain step's target is (``Snapshot.target_readable``): the public answer
    is that of the same project without the restricted revision."""
    day = "2026-07-01"
    found = {}
    for restricted in (False, True):
        project = built_once.copy(f"access-matrix/hh01-reissued-{restricted}", _hh01_reissued(restricted),
                                  tmp_path / str(restricted))
        code, output, written = _run(["asof", "{p}", "ADD-01#1.1", "--valid-at", day], project, tmp_path, "json", None)
        answer = json.loads(written)
        found[restricted] = {k: v for k, v in answer.items() if k not in ("index_build", "withheld")}
    assert found[False]["reason"] == "superseded" and found[False]["successors"] == ["SPEC-X#2.1.A"]
    assert found[True] == found[False]


# ---- KK-01, KK-02, KK-03 (audit KK, medium): the in-force choices of resolve, check and precedence ----

_KK_B_WORDS = {"045": "the water-cement ratio shall not exceed 0.45 ZZSECRETB.",
               "050": "the water-cement ratio shall not exceed 0.50 ZZSECRETB.", "gone": None}


def _kk_reads(project: Path, tmp_path: Path, day: str, groups: tuple[str, ...] = ()) -> dict[str, Any]:
    """What ``resolve`` (full text) and ``check`` of a quote with no locator tell an asker with
    ``groups`` on ``day`` (json), less the stamps of the build and the verdict."""
    def scrub(found: Any) -> Any:
        if isinstance(found, dict):
            return {k: scrub(v) for k, v in found.items()
                    if k not in ("index_build", "audit", "verdict_id", "checked_at", "elapsed_ms")}
        return [scrub(v) for v in found] if isinstance(found, list) else found

    answer = tmp_path / "kk-answer.json"
    answer.write_text(json.dumps({"question": "ratio?", "context": {"valid_at": day, "groups": list(groups)},
                                  "claims": [{"text": "The ratio.", "citations": [{"quote": "shall not exceed 0.42"}]}]}))
    reads: dict[str, Any] = {}
    for name, args in (("resolve", ["resolve", "{p}", "water-cement ratio", "--valid-at", day]),
                       ("check", ["check", "{p}", "--answer", str(answer)])):
        code, output, written = _run(args, project, tmp_path, "json", ",".join(groups) or None)
        reads[name] = {"exit": code, "said": scrub(json.loads(written)) if written else output}
    return reads


@pytest.mark.parametrize("variant", ["later", "earlier"])
def test_on_a_day_a_restricted_revision_decides_resolve_and_a_quote_alone_do_not_tell_whether_it_holds_the_paragraph(
    tmp_path: Path, built_once, variant: str,
) -> None:
    """KK-01: ``resolve`` collapsed its candidates to what is in force with no access applied
    (``candidates._in_force``), so on a day SPEC-X's restricted revision B decides it a public
    asker got ADD-01#1.1 when B lacked 2.1.A and ``withheld: [SPEC-X]`` without it when B held
    it. KK-02: ``check`` placed a quote with no locator by the access-free freshness gate, in
    ADD-01#1 (answered) or ADD-01#1.1 (refused) by the same difference. Both now follow the one
    rule (``asof.answer.standing_out_of_sight``; ``Snapshot.freshness_gate`` for the asker): the
    public answers are the same whether B holds 2.1.A at 0.45, at 0.50 or not at all, and the
    group ``legal`` still reads B."""
    day = _HH01_B_DAYS[variant]
    reads = {}
    for name, words in _KK_B_WORDS.items():
        project = built_once.copy(f"access-matrix/hh01-{variant}-{name}", _hh01_project(variant, words),
                                  tmp_path / name)
        reads[name] = _kk_reads(project, tmp_path, day)
    assert reads["045"] == reads["050"] == reads["gone"], "a public read tells whether B holds 2.1.A"
    said = json.dumps(reads["gone"])
    assert "ZZSECRETB" not in said and "SPEC-X@B" not in said and "0.5" not in said
    if variant == "later":  # ADD-01 is in force: its item's standing rests on SPEC-X, withheld
        resolved = reads["gone"]["resolve"]["said"]
        assert not [p for p in resolved["provisions"] if p["locator"].endswith("#1.1")]
        assert resolved["withheld"] == ["SPEC-X"]
    # the group reads B: a reissue holding 2.1.A spends the amendment, one without it does not
    grouped = {name: _kk_reads(tmp_path / name, tmp_path, day, ("legal",)) for name in ("045", "gone")}
    assert "ZZSECRETB" in json.dumps(grouped["045"]["resolve"])
    if variant == "later":
        assert "ADD-01@0#1.1" in [p["locator"] for p in grouped["gone"]["resolve"]["said"]["provisions"]]
        (citation,) = grouped["gone"]["check"]["said"]["claims"][0]["citations"]
        assert citation["locator"] == "ADD-01@0#1.1" and citation["status"] == "ok"


def _kk_precedence(project: Path, tmp_path: Path, day: str, groups: str | None = None) -> dict[str, Any]:
    reads: dict[str, Any] = {}
    for pair in (["SPEC-X#2.1.B", "ADD-01#1.1"], ["SPEC-X#2.1.A", "ADD-01#1.1"]):
        for fmt in ("json", "text"):
            code, output, written = _run(["precedence", "{p}", *pair, "--valid-at", day], project, tmp_path, fmt, groups)
            said = written.replace(str(project), "{p}")
            if fmt == "json" and said:
                said = {k: v for k, v in json.loads(said).items() if k not in ("index_build", "withheld")}
            else:
                said = re.sub(r"index build \w+", "", said)
            reads[f"{' '.join(pair)} {fmt}"] = {"exit": code, "said": said or output}
    return reads


@pytest.mark.parametrize("variant", ["later", "earlier", "future"])
def test_precedence_on_a_day_a_public_revision_decides_reads_as_without_the_restricted_revision(
    tmp_path: Path, built_once, variant: str,
) -> None:
    """KK-03 (the HH-01 class left in ``precedence``): what ADD-01#1.1 replaces was judged by
    ``may_read`` of the unpinned ``SPEC-X#2.1.A``, every revision of SPEC-X at once, so on a day
    the public revision A decides it, the item was labelled "Addendum No. 1 §1.1" rather than
    "Section 03 30 00 §2.1.A as amended by Addendum No. 1 §1.1" whenever SPEC-X also had a
    restricted revision. It is now judged by ``Snapshot.target_readable`` on the day: the
    public answers are those of the project without B, text and json."""
    plain = built_once.copy("access-matrix/hh01-none", _hh01_project("none"), tmp_path / "none")
    mixed = built_once.copy(f"access-matrix/hh01-{variant}", _hh01_project(variant), tmp_path / variant)
    expected = _kk_precedence(plain, tmp_path, _HH01_A_DAY)
    found = _kk_precedence(mixed, tmp_path, _HH01_A_DAY)
    assert "as amended by Addendum No. 1" in json.dumps(expected)
    assert found == expected
    said = json.dumps(found)
    assert "ZZSECRETB" not in said and "SPEC-X@B" not in said


def test_dedup_for_an_asker_does_not_tell_whether_a_restricted_revision_holds_the_paragraph(
    tmp_path: Path, built_once,
) -> None:
    """KK-01's API twin: ``Project.dedup_to_current`` with the asker's groups kept ADD-01#1.1 in
    force when B lacked 2.1.A and dropped it as superseded (successor SPEC-X) when B held it, on a
    day B decides SPEC-X. An item whose standing rests on a withheld document is now dropped for
    ``access`` alike (``asof.answer.standing_out_of_sight``); the group ``legal`` still reads B."""
    import datetime as dt

    from inforce.engine.project import Project

    day = dt.date.fromisoformat(_HH01_B_DAYS["later"])
    found: dict[str, Any] = {}
    grouped: dict[str, Any] = {}
    for name, words in _KK_B_WORDS.items():
        project = Project.open(built_once.copy(f"access-matrix/hh01-later-{name}", _hh01_project("later", words),
                                               tmp_path / name))
        asked = ["ADD-01@0#1.1", "ADD-01@0#1"]
        found[name] = project.dedup_to_current(asked, day, groups=()).model_dump(mode="json", exclude={"index_build"})
        grouped[name] = project.dedup_to_current(asked, day, groups=("legal",))
    assert found["045"] == found["050"] == found["gone"]
    assert [(d["locator"], d["reason"]) for d in found["gone"]["dropped"]] == [("ADD-01@0#1.1", "access")]
    assert [str(k) for k in grouped["gone"].kept] == ["ADD-01@0#1.1", "ADD-01@0#1"]
    assert [(str(d.locator), d.reason) for d in grouped["045"].dropped] == [("ADD-01@0#1.1", "superseded")]


def _skipping_project(root: Path, items: int) -> Path:
    """A public specification and an addendum for ``owners`` alone holding ``items`` items that
    change a Division 00 document (which the supersession pack's skip list leaves alone)."""
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(
        "project: p\nfacets: []\nrules:\n  - stock: precedence/none\n  - stock: supersession/csi-addenda\n")
    (root / "documents" / "spec.md").write_text(
        "---\nid: SPEC-033000\nkind: specification\ntitle: Cast-in-place concrete\nissued: 2026-01-01\n"
        "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n2 PRODUCTS\n\n2.1 Concrete\n\n"
        "2.1.A Concrete compressive strength at 28 days: not less than 4,000 psi.\n")
    lines = "".join(f'1.{i} Section 00 21 13 "Instructions to Bidders," Paragraph 3.{i}.A: Revise the deadline to '
                    f'read "April {i}, 2026."\n\n' for i in range(1, items + 1))
    (root / "documents" / "add-09.md").write_text(
        "---\nid: ADD-09\nkind: addendum\ntitle: Addendum No. 9\naccess: [owners]\nissued: 2026-02-01\n"
        "effective: {from: 2026-02-01}\nrecorded: 2026-02-01T00:00:00Z\n---\nADDENDUM NO. 9\n\n"
        f"1 CHANGES TO THE SPECIFICATIONS\n\n{lines}")
    return root


def test_the_items_a_restricted_addendum_skips_are_not_counted_for_an_asker_without_its_group(tmp_path: Path) -> None:
    """Audit 72 A F2: ``skipped`` (review) and ``skipped_items`` (ingest --groups) summed the
    Division 00 items of every addendum, a restricted one's too: an asker of no group was told
    ``{"INF-S001": 7}`` with nothing withheld, a count that moved as the addendum was edited.
    Now they count the addenda the asker may read, the others withheld by id as their items are."""
    root = _skipping_project(tmp_path / "p", 3)
    done = runner.invoke(app, ["ingest", str(root), "--groups", "nobody", "-f", "json"])
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["skipped_items"] == {}
    review = runner.invoke(app, ["review", str(root), "--format", "json"])
    shown = json.loads(review.stdout)
    assert review.exit_code == 0 and shown["skipped"] == {} and shown["withheld"] == ["ADD-09"], review.output
    grouped = json.loads(runner.invoke(app, ["review", str(root), "--format", "json", "--groups", "owners"]).stdout)
    assert grouped["skipped"] == {"INF-S001": 3} and grouped["withheld"] == []
    (root / "documents" / "spec.md").write_text((root / "documents" / "spec.md").read_text() + "\n2.2 Forms\n")
    done = runner.invoke(app, ["ingest", str(root), "--groups", "owners", "-f", "json"])
    assert json.loads(done.stdout)["skipped_items"] == {"INF-S001": 3}, done.output


def test_rules_impact_counts_no_supersession_decision_of_an_addendum_the_asker_may_not_read(tmp_path: Path) -> None:
    """Audit 72 A F3: ``rules impact`` without the group answered "supersession: 0 of 2" where
    the 2 were a restricted addendum's edge and proposal (the project without it: 0 of 0), its
    ``withheld`` 0. The total now counts the decisions the asker is shown, as the precedence
    source's does (and, since audit 112a F1, none of that addendum's, changed or not); with the
    group, both."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text(
        "project: p\nfacets: []\nrules:\n  - stock: precedence/none\n  - stock: supersession/csi-addenda\n")
    (root / "documents" / "spec.md").write_text(
        "---\nid: SPEC-033000\nkind: specification\ntitle: Cast-in-place concrete\nissued: 2026-01-01\n"
        "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n2 PRODUCTS\n\n2.1 Concrete\n\n"
        "2.1.A Concrete compressive strength at 28 days: not less than 4,000 psi.\n\n2.2 Curing\n\n2.2.A Cure for 7 days.\n")
    (root / "documents" / "add-09.md").write_text(
        "---\nid: ADD-09\nkind: addendum\ntitle: Addendum No. 9\naccess: [owners]\nissued: 2026-02-01\n"
        "effective: {from: 2026-02-01}\nrecorded: 2026-02-01T00:00:00Z\n---\nADDENDUM NO. 9\n\n"
        "1 CHANGES TO THE SPECIFICATIONS\n\n1.1 Section 03 30 00, Paragraph 2.1.A: Delete the paragraph and substitute: "
        '"2.1.A Concrete compressive strength at 28 days: not less than 5,000 psi."\n\n'
        "1.2 Section 03 30 00: Revise the curing requirements as directed by the Architect.\n")
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    stock = Path(__file__).resolve().parents[2] / "rules" / "stock" / "supersession" / "csi-addenda.yaml"
    pack = tmp_path / "csi.yaml"
    pack.write_text(stock.read_text().replace('skip_divisions: ["00"]', 'skip_divisions: ["99"]'))
    args = ["rules", "impact", str(root), "--pack", str(pack), "--valid-at", "2026-05-01", "--format", "json"]

    def source(groups: list[str]) -> dict[str, Any]:
        done = runner.invoke(app, args + groups)
        assert done.exit_code in (0, 1), done.output
        return next(s for s in json.loads(done.stdout)["sources"] if s["source"] == "supersession")

    assert (source([])["decisions"], source([])["withheld"]) == (0, 0)
    assert source(["--groups", "owners"])["decisions"] == 2


def test_rules_impact_counts_no_subject_decision_of_a_figure_the_asker_may_not_read(tmp_path: Path) -> None:
    """Audit 73 A F2: the ``subjects`` source counted every stored figure of the project, a
    restricted addendum's too — "0 of 5" without the group where the project without the
    addendum says "0 of 3", ``withheld`` 0 — so the total told how many figures a document the
    asker may not read holds. It now counts the figures the asker is shown (since audit 112a F1
    a restricted revision's figures are not read at all, changed or not), as the supersession
    source counts."""
    def build(root: Path, restricted: bool) -> Path:
        (root / "documents").mkdir(parents=True)
        (root / "inforce.yaml").write_text(
            "project: p\nfacets: []\nrules:\n  - stock: precedence/none\n  - stock: subjects/default\n")
        (root / "documents" / "spec.md").write_text(
            "---\nid: SPEC-033000\nkind: specification\ntitle: Cast-in-place concrete\nissued: 2026-01-01\n"
            "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n2 PRODUCTS\n\n2.1 Concrete\n\n"
            "2.1.A Concrete compressive strength at 28 days: not less than 4,000 psi.\n\n2.2 Curing\n\n2.2.A Cure for 7 days.\n")
        if restricted:
            (root / "documents" / "add-09.md").write_text(
                "---\nid: ADD-09\nkind: addendum\ntitle: Addendum No. 9\naccess: [owners]\nissued: 2026-02-01\n"
                "effective: {from: 2026-02-01}\nrecorded: 2026-02-01T00:00:00Z\n---\nADDENDUM NO. 9\n\n"
                "1 NOTES\n\n1.1 Slump of the topping: 125 mm. Wet curing for 14 days.\n")
        assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
        return root

    stock = Path(__file__).resolve().parents[2] / "rules" / "stock" / "subjects" / "default.yaml"
    pack = tmp_path / "subjects.yaml"
    pack.write_text(stock.read_text().replace('"compressive strength"', '"compressive strength of cylinders"', 1))
    assert pack.read_text() != stock.read_text()

    def source(root: Path, groups: list[str]) -> dict[str, Any]:
        done = runner.invoke(app, ["rules", "impact", str(root), "--pack", str(pack), "--valid-at", "2026-05-01",
                                   "--format", "json", *groups])
        assert done.exit_code in (0, 1), done.output
        return next(s for s in json.loads(done.stdout)["sources"] if s["source"] == "subjects")

    with_add = build(tmp_path / "with", restricted=True)
    without = build(tmp_path / "without", restricted=False)
    public = source(without, [])
    hidden = source(with_add, [])
    assert (hidden["decisions"], hidden["changed"], hidden["withheld"]) == (
        public["decisions"], public["changed"], 0), (hidden, public)
    assert source(with_add, ["--groups", "owners"])["decisions"] > public["decisions"]


def test_the_digest_of_a_restricted_items_words_is_told_only_to_who_may_read_it(tmp_path: Path) -> None:
    """Audit 74 A L1: ``Project.review_digest`` took no groups, so a library caller of no group was
    given the digest of a restricted addendum item's words (a hash of short words is guessable)
    and told an existing restricted item from an absent one. It answers as every question of the
    front now: groups left out, an asker of no group."""
    from inforce.engine import Project
    from inforce.ontology import InputError

    root = _skipping_project(tmp_path / "p", 2)
    assert runner.invoke(app, ["ingest", str(root)]).exit_code == 0
    with Project.open(root) as opened:
        told = {groups: opened.review_digest("ADD-09#1.1", groups=groups) for groups in (("owners",), None)}
        assert told[("owners",)] == told[None] and len(told[None]) > 8
        refusals = []
        for item, groups in (("ADD-09#1.1", ()), ("ADD-09#1.1", ("nobody",)), ("ADD-09#9.9", ())):
            with pytest.raises(InputError) as refused:
                opened.review_digest(item, groups=groups) if groups else opened.review_digest(item)
            refusals.append(str(refused.value).replace("9.9", "1.1"))
        assert len(set(refusals)) == 1 and "is not in the project" in refusals[0], refusals


# ---- issue 23: a document the manifest restricts (``undeclared_access: [GROUP]``) -------------

#: questions of the matrix's kinds asked of a tiny project whose one document under test declares
#: nothing of its access and is restricted to the group by the manifest alone
_UNDECLARED_MATRIX: list[tuple[str, list[str], set[int]]] = [
    ("show", ["show", "{p}", "A-1#1.1"], {1}),
    ("show-document", ["show", "{p}", "A-1"], {1}),
    ("asof", ["asof", "{p}", "A-1#1.1", "--valid-at", "2026-04-01"], {1}),
    ("history", ["history", "{p}", "A-1#1.1"], {1}),
    ("precedence", ["precedence", "{p}", "A-1#1.1", "G-1#1.1", "--valid-at", "2026-04-01"], {1}),
    ("eligible", ["eligible", "{p}", "--valid-at", "2026-04-01", "--exclusions", "all"], {0, 1}),
    ("resolve", ["resolve", "{p}", "words apply", "--valid-at", "2026-04-01"], {0, 1}),
    ("facts", ["facts", "{p}", "--valid-at", "2026-04-01"], {0}),
    ("stats", ["stats", "{p}"], {0}),
    ("lag", ["lag", "{p}", "--now", "2026-04-01T00:00:00Z"], {0, 1}),
    ("sweep", ["sweep", "{p}", "--valid-at", "2026-04-01", "--include-superseded"], {0, 1}),
]


@pytest.fixture(scope="module")
def undeclared_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``undeclared_access: [owner-team]``: A-1 (title "Plain notes", words ZZUNDECLARED) declares
    nothing of its access; G-1 declares the group; B-1, recorded after the ingest and declaring
    nothing (ZZPENDINGB), is pending for ``lag``."""
    import undeclared_projects

    root = tmp_path_factory.mktemp("undeclared") / "p"
    undeclared_projects.write(root, "markdown", rule=f"[{GROUP}]")
    done = runner.invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    (root / "documents" / "b.md").write_text(
        "---\nid: B-1\nkind: specification\ntitle: ZZPENDINGB\nissued: 2026-03-03\neffective: {from: 2026-03-03}\n"
        "recorded: 2026-03-03T09:00:00Z\n---\n1 GENERAL\n\n1.1 ZZPENDINGB words.\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("fmt", ["text", "json"])
@pytest.mark.parametrize(("name", "args", "codes"), _UNDECLARED_MATRIX, ids=[row[0] for row in _UNDECLARED_MATRIX])
def test_a_document_the_manifest_restricts_shows_nothing_without_the_group(
    undeclared_project: Path, tmp_path: Path, fmt: str, name: str, args: list[str], codes: set[int],
) -> None:
    code, output, written = _run(args, undeclared_project, tmp_path, fmt, groups=None)
    assert code in codes, f"{name}: exit {code}\n{output}"
    shown = output + written
    for typed in _typed(args):
        shown = shown.replace(typed, "")
    leaks = [mark for mark in ("ZZUNDECLARED", "Plain notes", "ZZPENDINGB") if mark in shown]
    leaks += re.findall(r"\b(?:A|B)-1[@#][^\s\"',)\]]*", shown)
    assert not leaks, f"{name} leaks {leaks}:\n{shown}"
    if name in ("show", "asof", "resolve"):  # the control: the group is served
        _, output, written = _run(args, undeclared_project, tmp_path, fmt, groups=GROUP)
        assert "ZZUNDECLARED" in output + written, output + written
