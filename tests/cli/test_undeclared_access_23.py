"""Issue 23: a project may close the door on documents that declare no access.

A document declaring neither ``access`` nor ``public: true`` is read by everyone (the corpus
format's "omit = everyone"); against a marking written in its text the only guard had been the
marking rule, a judge of words. ``undeclared_access`` in inforce.yaml makes it structural:
``refuse`` makes such a document (every format, every revision) an input error at the line of its
metadata, ingest leaving the graph as it was; a list of groups gives it exactly that access, as if
it declared it. Left out (or ``public``) nothing changes. Every path that reads documents applies
it alike: ingest (full and delta), lag, a pack test's corpus, ``Project.ingest`` (the HTTP service's
ingest: tests/http/test_http_undeclared_access_23.py). Everything runs for real: the CLI through
its runner, the readers, Kuzu.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import undeclared_projects as projects
from typer.testing import CliRunner
from undeclared_projects import GROUP, MARK

from inforce.adapters.cli import app
from inforce.engine import Project
from inforce.ontology import InputErrors, Refusal

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _invoke(*args: object) -> tuple[int, str]:
    done = runner.invoke(app, [str(arg) for arg in args])
    assert done.exception is None or isinstance(done.exception, SystemExit), done.output
    return done.exit_code, done.output


def _ingested(root: Path) -> str:
    """Ingest ``root`` (it must succeed); the summary."""
    code, output = _invoke("ingest", root)
    assert code == 0, output
    return output


def _build(root: Path) -> str:
    """The index build the project's graph is at (whoever holds the files reads it)."""
    code, output = _invoke("stats", root, "--format", "json", "--groups", GROUP)
    assert code == 0, output
    return json.loads(output)["index_build"]


def _set_rule(root: Path, rule: str | None) -> None:
    manifest = root / "inforce.yaml"
    kept = [line for line in manifest.read_text(encoding="utf-8").splitlines(True)
            if not line.startswith("undeclared_access:")]
    manifest.write_text("".join(kept) + (f"undeclared_access: {rule}\n" if rule is not None else ""),
                        encoding="utf-8")


def _refusal_of(output: str, file: str, line: int) -> list[str]:
    """The lines of ``output`` refusing the document at ``file:line`` for declaring no access."""
    at = re.compile(rf"^{re.escape(file)}:{line}(?::\d+)?: access: ")
    return [said for said in output.splitlines() if at.match(said)
            and "declares neither access nor public: true" in said and "undeclared_access: refuse" in said]


# -- refuse ------------------------------------------------------------------------------------


@pytest.mark.parametrize("form", projects.FORMS)
def test_refuse_makes_a_document_declaring_no_access_an_error_at_its_metadata(tmp_path: Path, form: str) -> None:
    """Each format: the error names the file, the line where its metadata is (front matter,
    sidecar, the register's row; an act without a row, its <meta>), field access, and both ways
    out; nothing of the document is quoted. Declared public, the same document is read."""
    written = projects.write(tmp_path / "refused", form, rule="refuse")
    code, output = _invoke("ingest", tmp_path / "refused")
    assert code == 2, output
    (said,) = _refusal_of(output, written.file, written.line)
    assert "access: [GROUP, ...]" in said and "public: true" in said, said
    assert MARK not in output
    # the way out: the same document declaring public: true (for an act, in its register row)
    written = projects.write(tmp_path / "public", form, rule="refuse", declares="public")
    _ingested(tmp_path / "public")
    if form != "register-pending":  # a revision recorded, its file to come: nothing to show yet
        code, output = _invoke("show", tmp_path / "public", written.locator)
        assert code == 0 and MARK in output, output


def test_refuse_admits_a_document_declaring_its_groups_and_serves_it_to_them_alone(tmp_path: Path) -> None:
    written = projects.write(tmp_path / "p", "markdown", rule="refuse", declares="access")
    _ingested(tmp_path / "p")
    code, output = _invoke("show", tmp_path / "p", written.locator)
    assert code == 1 and "access_restricted" in output and MARK not in output, output
    code, output = _invoke("show", tmp_path / "p", written.locator, "--groups", GROUP)
    assert code == 0 and MARK in output, output


def test_a_change_of_the_key_reads_every_document_again_and_a_refusal_leaves_the_graph_as_it_was(
    tmp_path: Path,
) -> None:
    """The key is configuration: lag names the manifest changed, the next ingest reads every
    document again (full), and an ingest refused under ``refuse`` (full, then delta) changes
    nothing."""
    root = tmp_path / "p"
    written = projects.write(root, "markdown", rule=None)
    _ingested(root)
    code, output = _invoke("show", root, written.locator)
    assert code == 0 and MARK in output, output  # without the key: public, as ever

    _set_rule(root, f"[{GROUP}]")
    code, output = _invoke("lag", root, "--format", "json", "--now", "2026-04-01T00:00:00Z", "--groups", GROUP)
    assert code == 1 and json.loads(output)["configuration_changed"] == ["inforce.yaml"], output
    summary = _ingested(root)
    assert "2 replaced" in summary and "0 unchanged" in summary, summary
    code, output = _invoke("show", root, written.locator)
    assert code == 1 and "access_restricted" in output and MARK not in output, output
    code, output = _invoke("show", root, written.locator, "--groups", GROUP)
    assert code == 0 and MARK in output, output
    restricted = _build(root)

    _set_rule(root, "refuse")
    code, output = _invoke("ingest", root)
    assert code == 2 and _refusal_of(output, written.file, written.line), output
    assert _build(root) == restricted
    code, output = _invoke("show", root, written.locator)
    assert code == 1 and MARK not in output, output  # as the graph was: restricted, never public

    document = root / "documents" / "a.md"
    document.write_text(document.read_text(encoding="utf-8").replace("---\nid:", "---\npublic: true\nid:", 1),
                        encoding="utf-8")
    _ingested(root)
    code, output = _invoke("show", root, written.locator)
    assert code == 0 and MARK in output, output
    declared = _build(root)
    # a delta ingest: one new file declaring nothing is refused, the graph kept
    (root / "documents" / "b.md").write_text(
        "---\nid: B-1\nkind: specification\ntitle: More notes\nissued: 2026-03-02\neffective: {from: 2026-03-02}\n"
        "recorded: 2026-03-02T09:00:00Z\n---\n1 GENERAL\n\n1.1 Other words.\n", encoding="utf-8")
    code, output = _invoke("ingest", root)
    assert code == 2 and _refusal_of(output, "documents/b.md", 2), output
    assert _build(root) == declared


@pytest.mark.parametrize("form", projects.FORMS)
def test_access_public_is_refused_not_read_as_a_group_so_named(tmp_path: Path, form: str) -> None:
    """``access: public`` (the refusal's own hint says ``public: true``) read as written is a
    group called "public": the document passed ``refuse`` and then no one could read it. It is an
    error at its file, field access, pointing to ``public: true``; nothing is ingested (audit 107 A F2)."""
    written = projects.write(tmp_path / "p", form, rule="refuse", declares="public-word")
    code, output = _invoke("ingest", tmp_path / "p")
    assert code == 2, output
    said = [line for line in output.splitlines() if line.startswith(f"{written.file}:")
            and "'public' is read as a group's name" in line and "public: true" in line]
    assert said and ": access: " in said[0], output
    assert not list((tmp_path / "p").rglob("*.kuzu*")), output


def test_a_group_called_public_beside_another_is_read_as_listed(tmp_path: Path) -> None:
    root = tmp_path / "p"
    written = projects.write(root, "markdown", rule="refuse", declares="public-word")
    page = root / written.file
    page.write_text(page.read_text(encoding="utf-8").replace("access: public\n", f"access: [public, {GROUP}]\n"),
                    encoding="utf-8")
    _ingested(root)
    code, output = _invoke("show", root, written.locator, "--groups", "public")
    assert code == 0 and MARK in output, output


def test_the_build_id_follows_the_access_the_key_gives(tmp_path: Path) -> None:
    """A document's access decided by ``undeclared_access`` is in no file's content, yet every
    answer about it turns on it: the index build id (every answer's stamp, what ``replay``
    compares) changes with the key, comes back with it, and a project writing the default
    (``public``) keeps the id it had without the key (audit 107 A F1)."""
    root = tmp_path / "p"
    written = projects.write(root, "markdown", rule=None)
    _ingested(root)
    public = _build(root)
    _set_rule(root, "public")
    _ingested(root)
    assert _build(root) == public
    _set_rule(root, f"[{GROUP}]")
    _ingested(root)
    restricted = _build(root)
    assert restricted != public
    code, output = _invoke("show", root, written.locator)
    assert code == 1 and MARK not in output, output
    _set_rule(root, f"[{GROUP}, {GROUP}]")  # the same groups: the same answers, the same build
    _ingested(root)
    assert _build(root) == restricted
    _set_rule(root, None)
    _ingested(root)
    assert _build(root) == public


def test_replay_across_a_change_of_the_key_names_it_as_the_cause(tmp_path: Path) -> None:
    """A check recorded before ``undeclared_access`` restricted its document replays as a build of
    another configuration, and the change is told with what it may be (audit 108 A F1: it said
    "parser, quantity extractor or rule packs", none of which had changed)."""
    root = tmp_path / "p"
    written = projects.write(root, "markdown", rule=None)
    _ingested(root)
    quote = f"The {MARK} words apply."
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps({"question": "What applies?", "context": {"valid_at": "2026-04-01"}, "claims": [
        {"text": quote, "citations": [{"locator": written.locator, "quote": quote}]}]}), encoding="utf-8")
    code, output = _invoke("check", root, "--answer", answer, "--audit-dir", tmp_path / "audit")
    assert code == 0, output
    (record,) = (tmp_path / "audit").glob("*.json")
    _set_rule(root, f"[{GROUP}]")
    _ingested(root)
    code, output = _invoke("replay", root, record, "-f", "json")  # the record's own asker (no groups)
    changes = json.loads(output)["changes"]
    assert any("configuration changed" in change and "undeclared_access" in change for change in changes), changes


def test_lag_refuses_a_pending_file_declaring_no_access_under_refuse(tmp_path: Path) -> None:
    root = tmp_path / "p"
    projects.write(root, "markdown", rule="refuse", declares="access")
    _ingested(root)
    (root / "documents" / "b.md").write_text(
        "---\nid: B-1\nkind: specification\ntitle: More notes\nissued: 2026-03-03\neffective: {from: 2026-03-03}\n"
        "recorded: 2026-03-03T09:00:00Z\n---\n1 GENERAL\n\n1.1 Other ZZPENDING words.\n", encoding="utf-8")
    code, output = _invoke("lag", root, "--now", "2026-04-01T00:00:00Z", "--groups", GROUP)
    assert code == 2 and "B-1" not in output and "ZZPENDING" not in output, output  # never listed as pending


# -- a list of groups --------------------------------------------------------------------------

#: questions asked of the document under test; ``{loc}`` its locator
_QUESTIONS = (
    ("show", "{loc}"),
    ("asof", "{loc}", "--valid-at", "2026-04-01"),
    ("history", "{loc}"),
    ("resolve", "words apply", "--valid-at", "2026-04-01"),
    ("eligible", "--valid-at", "2026-04-01", "--exclusions", "all"),
)


def _asked(root: Path, question: tuple[str, ...], locator: str, groups: tuple[str, ...]) -> tuple[int, str]:
    command, *rest = question
    code, output = _invoke(command, root, *(part.replace("{loc}", locator) for part in rest), "--format", "json",
                           *groups)
    # the two projects differ in their files, so in their build: all else must be the same
    return code, re.sub(r'"index_build": "[0-9a-f]*"', '"index_build": ""', output.replace(str(root), "{p}"))


@pytest.mark.parametrize("form", ["markdown", "register-xlsx", "akn"])
def test_a_group_list_serves_a_document_declaring_nothing_exactly_as_one_declaring_those_groups(
    tmp_path: Path, form: str,
) -> None:
    ruled = projects.write(tmp_path / "ruled", form, rule=f"[{GROUP}]")
    declared = projects.write(tmp_path / "declared", form, rule=None, declares="access")
    assert ruled.locator == declared.locator
    for root in (tmp_path / "ruled", tmp_path / "declared"):
        _ingested(root)
    for question in _QUESTIONS:
        for groups in ((), ("--groups", GROUP)):
            code, output = _asked(tmp_path / "ruled", question, ruled.locator, groups)
            assert (code, output) == _asked(tmp_path / "declared", question, declared.locator, groups), question
            if not groups and question[0] != "eligible":
                assert code == 1 and MARK not in output, (question, output)
            if groups and question[0] in ("show", "asof", "resolve"):
                assert code == 0 and MARK in output, (question, output)
    code, output = _invoke("show", tmp_path / "ruled", ruled.locator)
    assert "refusal (access_restricted)" in output, output


def test_lag_withholds_a_pending_file_the_group_list_restricts(tmp_path: Path) -> None:
    root = tmp_path / "p"
    projects.write(root, "markdown", rule=f"[{GROUP}]")
    _ingested(root)
    (root / "documents" / "b.md").write_text(
        "---\nid: B-1\nkind: specification\ntitle: More notes\nissued: 2026-03-03\neffective: {from: 2026-03-03}\n"
        "recorded: 2026-03-03T09:00:00Z\n---\n1 GENERAL\n\n1.1 Other words.\n", encoding="utf-8")
    asked = ("lag", root, "--format", "json", "--now", "2026-04-01T00:00:00Z")
    code, output = _invoke(*asked)
    assert code == 1 and json.loads(output)["pending"] == [] and json.loads(output)["withheld"] == ["B-1"], output
    code, output = _invoke(*asked, "--groups", GROUP)
    assert code == 1 and [p["locator"] for p in json.loads(output)["pending"]] == ["B-1@0"], output


@pytest.mark.parametrize("form", ["markdown", "register-pending", "akn"])
def test_the_registry_lag_reads_gives_a_document_declaring_nothing_the_lists_groups(tmp_path: Path, form: str) -> None:
    """``read_registry`` (what lag lists, each revision with its access) applies the manifest it
    reads, whoever calls it."""
    from inforce.adapters.ingest.registry import read_registry

    written = projects.write(tmp_path / "p", form, rule=f"[{GROUP}]")
    revisions, _, manifest = read_registry(tmp_path / "p")
    assert manifest.undeclared_access == (GROUP,)
    assert {r.document: r.access for r in revisions} == {"G-1": (GROUP,), written.id: (GROUP,)}


def test_a_group_the_list_names_is_in_use_for_the_marking_rule(tmp_path: Path) -> None:
    """No document names ``vault-keepers``; the list does, so a public document's opening marked
    ``VAULT-KEEPERS ONLY`` is refused as a marking for a group in use (without the key it is text,
    with a warning: the project names no such group)."""
    root = tmp_path / "p"
    projects.write(root, "markdown", rule=None, declares="public")
    document = root / "documents" / "a.md"
    document.write_text(document.read_text(encoding="utf-8").replace("1 GENERAL", "VAULT-KEEPERS ONLY\n\n1 GENERAL"),
                        encoding="utf-8")
    _ingested(root)
    _set_rule(root, "[vault-keepers]")
    code, output = _invoke("ingest", root)
    assert code == 2 and "documents/a.md:10:" in output and "vault-keepers" in output, output


@pytest.mark.parametrize("rule", [None, f"[{GROUP}]"])
def test_the_marking_rule_judges_a_document_declaring_nothing_as_ever_whatever_the_key(
    tmp_path: Path, rule: str | None,
) -> None:
    """A defence in depth: under a group list, a document declaring nothing is still judged by the
    marking rule as one declaring nothing (not as one declaring the list's groups), so a marking
    naming a group in its opening is refused as it always was."""
    root = tmp_path / "p"
    projects.write(root, "markdown", rule=rule)
    document = root / "documents" / "a.md"
    document.write_text(document.read_text(encoding="utf-8").replace("1 GENERAL", "OWNER-TEAM ONLY\n\n1 GENERAL"),
                        encoding="utf-8")
    code, output = _invoke("ingest", root)
    assert code == 2 and "documents/a.md:9: access: 'OWNER-TEAM ONLY' reads as access" in output, output


def test_a_register_row_leaving_access_to_its_files_front_matter_reads_under_refuse(tmp_path: Path) -> None:
    """The register's row for a Markdown file has no access cell; the file's front matter declares
    it. Under ``refuse`` the row is read with its file, as ingest reads it: a failed ingest's problem
    at that row is the group's to read (the row's cells alone, which declare nothing, are not its
    access), and counted, not quoted, to an asker outside it."""
    root = tmp_path / "p"
    projects.write(root, "register-csv", rule="refuse")
    document = root / "documents" / "a.md"
    document.write_text(f"---\naccess: [{GROUP}]\n---\n" + document.read_text(encoding="utf-8"), encoding="utf-8")
    register = root / "register.csv"
    header, row = register.read_text(encoding="utf-8").splitlines()
    register.write_text(f"{header},seq\n{row},ZZSEQ\n", encoding="utf-8")
    with pytest.raises(InputErrors) as told:
        Project.ingest(root, groups=[GROUP])
    assert any(e.file == "register.csv" and e.line == 2 and e.field == "seq" and "ZZSEQ" in str(e)
               for e in told.value.exceptions), told.value.exceptions
    with pytest.raises(InputErrors) as withheld:
        Project.ingest(root, groups=[])
    assert "ZZSEQ" not in str(withheld.value) and "withheld (access)" in str(withheld.value), withheld.value
    register.write_text(f"{header},seq\n{row},1\n", encoding="utf-8")
    _ingested(root)


# -- the front and a pack's tests ---------------------------------------------------------------


def test_project_ingest_applies_the_key_as_the_command_does(tmp_path: Path) -> None:
    written = projects.write(tmp_path / "refused", "pdf", rule="refuse")
    with pytest.raises(InputErrors) as refused:
        Project.ingest(tmp_path / "refused")
    assert [(e.file, e.line, e.field) for e in refused.value.exceptions] == [(written.file, written.line, "access")]
    written = projects.write(tmp_path / "listed", "pdf", rule=f"[{GROUP}]")
    Project.ingest(tmp_path / "listed")
    with Project.open(tmp_path / "listed") as project:
        refusal = project.show(written.locator)
        assert isinstance(refusal, Refusal) and refusal.reason == "access_restricted"
        assert MARK in project.show(written.locator, groups=[GROUP]).model_dump_json()


@pytest.mark.parametrize(("rule", "code"), [(None, 0), ("refuse", 2), (f"[{GROUP}]", 1)])
def test_a_packs_tests_read_their_corpus_under_the_key(tmp_path: Path, rule: str | None, code: int) -> None:
    """The follow-up example's archived handbook P3 declares nothing of its access; its stock test
    case answers an asker of no group from it. Refused under ``refuse``, as ingest refuses it;
    restricted under a group list, so that case fails; public without the key."""
    root = Path(shutil.copytree(EXAMPLES / "followup-handbooks", tmp_path / "p",
                                ignore=shutil.ignore_patterns(".inforce")))
    _set_rule(root, rule)
    tested, output = _invoke("rules", "test", root / "rules")
    assert tested == code, output
    if rule == "refuse":
        assert _refusal_of(output, "documents/archive/p3-ie-refurbished.md", 2), output
    elif rule is not None:  # P3 is now the group's: the case answering an asker of no group from it fails
        assert re.search(r"^FAIL .* an Irish refurbished order dispatched while P3 was in force$", output, re.M), output


# -- the manifest ------------------------------------------------------------------------------


def test_without_the_key_or_with_public_a_document_declaring_nothing_is_public(tmp_path: Path) -> None:
    for rule in (None, "public"):
        written = projects.write(tmp_path / str(rule), "register-csv", rule=rule)
        _ingested(tmp_path / str(rule))
        code, output = _invoke("show", tmp_path / str(rule), written.locator)
        assert code == 0 and MARK in output, output


@pytest.mark.parametrize(("value", "said"), [
    ("[]", "lists no group"),
    ("~", "has no value"),
    ("", "has no value"),
    ("[7]", "entry 1 is not a group name"),
    ("[owner-team, {a: b}]", "entry 2 is not a group name"),
    ("[owner-team, [qa]]", "entry 2 is not a group name"),
    ("[owner-team, ~]", "entry 2 is not a group name"),
    ("[true]", "entry 1 is not a group name"),
    ('[" owner-team"]', "group name"),
    ('["a,b"]', "holds a comma"),
    ("owner-team", "takes public, refuse or a list of groups"),
    ("Refuse", "takes public, refuse or a list of groups"),
    ("true", "takes public, refuse or a list of groups"),
    ("{groups: [a]}", "expected a list"),
])
def test_a_bad_value_is_an_error_at_the_manifests_line(tmp_path: Path, value: str, said: str) -> None:
    root = tmp_path / "p"
    projects.write(root, "markdown", rule=value)
    lines = (root / "inforce.yaml").read_text(encoding="utf-8").splitlines()
    line = next(number for number, text in enumerate(lines, 1) if text.startswith("undeclared_access:"))
    code, output = _invoke("ingest", root)
    assert code == 2, output
    assert re.search(rf"^inforce\.yaml:{line}(?::\d+)?: undeclared_access: .*{re.escape(said)}", output, re.M), output
    assert not (root / ".inforce").exists()


def test_the_scaffolds_commented_line_refuses_its_own_example_once_uncommented(tmp_path: Path) -> None:
    """``inforce init`` shows the key, commented out: uncommented as written, it is read, and the
    scaffold's example SOP, which declares no access, is refused at its file, field ``access``."""
    root = tmp_path / "scaffolded"
    assert _invoke("init", root)[0] == 0
    manifest = root / "inforce.yaml"
    text = manifest.read_text("utf-8")
    assert "\n# undeclared_access: refuse\n" in text
    manifest.write_text(text.replace("\n# undeclared_access: refuse\n", "\nundeclared_access: refuse\n"), "utf-8")
    code, output = _invoke("ingest", root)
    assert code == 2, output
    assert re.search(r"documents/sop-001\.md:\d+:\d+: access:", output), output
    assert not (root / ".inforce" / "CURRENT").exists()


@pytest.mark.parametrize("form", ["markdown", "pdf", "drawing"])
@pytest.mark.parametrize("rule", [None, "refuse", f"[{GROUP}]"])
def test_public_written_with_no_value_is_an_error_at_its_line_under_every_rule(
        tmp_path: Path, form: str, rule: str | None) -> None:
    """``public:`` (null) declares nothing, as ``access:`` does not: it was counted as a declaration,
    so under ``refuse`` the document went in and under a group list it was served to every asker
    (audit 103 A F1). It is an error at its own line, field ``public``, whatever the rule."""
    written = projects.write(tmp_path / "p", form, rule=rule, declares="public-empty")
    code, output = _invoke("ingest", tmp_path / "p")
    assert code == 2, output
    at = re.compile(rf"^{re.escape(written.file)}:\d+(?::\d+)?: public: public has no value")
    assert any(at.match(said) for said in output.splitlines()), output
    assert MARK not in output
    code, output = _invoke("show", tmp_path / "p", written.locator, "--groups", "outsider")
    assert code != 0 and MARK not in output, output
