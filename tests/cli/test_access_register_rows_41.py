"""Issue 23, after audit NN (the 41st): a register row's problems, and a case value no one can see.

- ``lag --groups X`` (and ``ingest --groups X``) quoted the problems of a REGISTER row recording
  a document restricted to a group X lacks — a malformed ``seq`` (its value), the row's line —
  because a problem at the register was either kept whole (lag: "the register's own problems")
  or, from ``discover``, never went through the gate at all (ingest: a plain InputErrors, not
  an ``IngestFailed``). Each problem of the register is now judged by its row, in one place
  (``engine.ingest.withhold_problems`` over ``ProjectFiles.register_access``): a row recording
  what the asker may read is quoted, one recording what they may not is counted ("N more
  problems withheld (access)"), one whose access does not read is told at its line and column
  alone; the register's own problems (its header, an unknown column) are quoted as before.
- A case's attribute value holding a character that cannot be seen was refused by the CLI's
  ``--context`` only; ``Context`` now holds the rule (``ontology.context.attribute_value``),
  so a ``rules impact --cases`` line holding one is refused at its file and line (the HTTP API:
  ``tests/http/test_http_access_register_rows_41.py``).
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.support.in_process import inforce

_DATES = "2026-03-05,2026-03-05,2026-03-05T09:00:00Z"
#: row 2 public; row 3 names a file, restricted by the row, its seq malformed; rows 4-6 record
#: revisions not ingested yet: restricted (seq malformed), public (seq malformed: the control),
#: and one whose access cell does not read (";": no group)
_REGISTER = (
    "file,id,revision,seq,kind,title,issued,effective_from,recorded,access\n"
    f"documents/a.md,PUB-A,0,1,specification,Public Title,{_DATES},\n"
    f"documents/b.md,SEC-B,0,ZZFILESEQ,specification,ZZSECRETTITLE,{_DATES},legal\n"
    f",SEC-B,1,ZZBADSEQ,specification,ZZSECRETTITLE,{_DATES},legal\n"
    f",PUB-A,1,ZZPUBSEQ,specification,Public Title,{_DATES},\n"
    f',SEC-C,1,ZZUNREADSEQ,specification,ZZUNREADTITLE,{_DATES},";"\n'
)
_SECRETS = ("ZZFILESEQ", "ZZBADSEQ", "ZZSECRETTITLE", "ZZUNREADSEQ", "ZZUNREADTITLE", "SEC-B", "SEC-C")


def _cli(*args: object) -> subprocess.CompletedProcess[str]:
    """The command in this process, as the console script runs it (``tests/support/in_process``)."""
    return inforce(*args)


def test_a_register_rows_problems_are_shown_by_the_rows_access_by_ingest_and_lag_alike(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: rows\nfacets: []\nregistry: register.csv\n")
    (root / "documents" / "a.md").write_text("1.1 SUMMARY\n\nA. Public words.\n")
    (root / "documents" / "b.md").write_text("1.1 SUMMARY\n\nA. Restricted words.\n")
    (root / "register.csv").write_text(_REGISTER)
    for command in ("ingest", "lag"):
        asked = _cli(command, root, "--groups", "public")
        said = asked.stdout + asked.stderr
        assert asked.returncode == 2, said
        assert not [secret for secret in _SECRETS if secret in said], said
        # the public row is quoted whole; the row whose access does not read, at its line and column
        assert "register.csv:5: seq: expected an integer, got a string ('ZZPUBSEQ')" in said, said
        assert "register.csv:6: access: does not read" in said and "register.csv:6: seq: does not read" in said
        assert "more problem" in said and "withheld (access)" in said, said
        assert "register.csv:4" not in said and "register.csv:3" not in said, said
    # the control: a holder of the group is quoted the restricted rows (lag reads every row)
    owner = _cli("lag", root, "--groups", "legal")
    said = owner.stdout + owner.stderr
    assert "ZZFILESEQ" in said and "ZZBADSEQ" in said and "register.csv:3" in said and "register.csv:4" in said


def test_a_cases_file_value_no_one_can_see_is_refused_at_its_file_and_line(tmp_path: Path) -> None:
    """``rules impact --cases``: a case whose value holds U+200B matched no document, silently;
    refused now by ``Context``'s rule (the one ``--context`` and the API follow)."""
    from inforce.engine.impact import _case_file
    from inforce.ontology import Context, InputError

    cases = tmp_path / "cases.jsonl"
    cases.write_text(json.dumps({"name": "seen", "attributes": {"market": "UK"}}) + "\n"
                     + json.dumps({"name": "hidden", "attributes": {"market": "UK\u200b"}}) + "\n")
    with pytest.raises(InputError) as refused:
        _case_file(cases)
    problem = refused.value
    assert problem.file == str(cases) and problem.line == 2 and problem.field == "cases", problem
    assert "attributes.market" in problem.message and "U+200B" in problem.message, problem.message
    cases.write_text(json.dumps({"name": "seen", "attributes": {"market": "UK", "pilot": True}}) + "\n")
    assert [case for _, _, case in _case_file(cases)] == [Context(attributes={"market": "UK", "pilot": True})]
