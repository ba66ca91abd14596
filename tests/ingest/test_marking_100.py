"""Audit 100 A: two readers that judged their opening apart from the rule the others share.

F3: a CSV schedule's records were each judged by an opening judge of their own, so a marking continued on the next
record (``RESTRICTED TO`` / ``MGMT``, ``ONLY FOR`` / ``MGMT``; under ``access: [managers]``, ``RESTRICTED TO
MANAGERS AND`` / ``OWNERS``) was never judged whole, and a schedule declaring no access was served to every asker.
A table's header and rows are now judged in order by one judge (``opening.table_errors``), as a Markdown table's
rows are, ``Opening._continues`` and ``_carries`` the one place the continuation lives. F1: an Akoma Ntoso act's
cover page, preface and preamble were judged before the register's row told its access, so a row declaring
``public: true`` or ``access: finance`` still had ``Internal finance review`` refused as in an act declaring none."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

META = "issued: 2026-03-02\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n"
#: another document, so the project uses the groups the markings name
GROUPS_DOC = ("---\nid: G\nkind: specification\ntitle: G\naccess: [owners, managers, finance]\n" + META +
              "---\n1.1 Group text.\n")


def project(tmp_path: Path, files: dict[str, str], manifest: str = "") -> Path:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nrules:\n  - stock: precedence/none\n" + manifest,
                                       encoding="utf-8")
    (root / "documents" / "g.md").write_text(GROUPS_DOC, encoding="utf-8")
    for name, text in files.items():
        (root / name).write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(("records", "access", "said"), [
    ("Note\nRESTRICTED TO\nMGMT\nQQSCHEDULE\n", "", "'| MGMT |' (table 1, row 2) reads as an access marking"),
    ("Note\nONLY FOR\nMGMT\nQQSCHEDULE\n", "", "'| MGMT |' (table 1, row 2) reads as an access marking"),
    ("Note\nRESTRICTED TO MANAGERS AND\nOWNERS\nQQSCHEDULE\n", "access: [managers]\n",
     "'| OWNERS |' (table 1, row 2) reads as access metadata"),
    # a key alone on its record takes the next record as its value
    ("Note\nACCESS\nOWNERS\nQQSCHEDULE\n", "access: [managers]\n", "'| OWNERS |' (table 1, row 2) reads as access"),
])
def test_a_marking_continued_on_the_next_record_of_a_csv_is_judged_with_it(tmp_path, records, access, said):
    """F3 end to end: refused at the continuing record's line, and the schedule never shown to an asker with no
    groups."""
    root = project(tmp_path, {"documents/c.csv": records,
                              "documents/c.csv.yaml": "id: C1\nkind: schedule\ntitle: Schedule\n" + access + META})
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "documents/c.csv:3: access:" in done.output and said in done.output, done.output
    assert "QQSCHEDULE" not in done.output
    shown = CliRunner().invoke(app, ["show", str(root), "C1"])
    assert "QQSCHEDULE" not in shown.output, shown.output


@pytest.mark.parametrize(("records", "meta"), [
    ("Title\nConfidential waste disposal and\nrecycling\nQQSCHEDULE\n", ""),  # a title over two records
    ("Item,Note\nBins,Confidential waste disposal and\nrecycling,QQSCHEDULE\n", ""),
    ("Item\nRestricted parking for\nmanagers\nQQSCHEDULE\n", "public: true\n"),  # a title, declared public
    ("Door,Access\nD1,Roof and\nD2,QQSCHEDULE\n", ""),  # a column headed Access: its cells judged apart
])
def test_a_csv_whose_records_only_go_on_is_kept(tmp_path, records, meta):
    root = project(tmp_path, {"documents/c.csv": records,
                              "documents/c.csv.yaml": "id: C1\nkind: schedule\ntitle: Schedule\n" + meta + META})
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    shown = CliRunner().invoke(app, ["show", str(root), "C1"])
    assert "QQSCHEDULE" in shown.output, shown.output


AKN = """<?xml version="1.0"?>
<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><act name="act"><meta><identification source="#s">
<FRBRWork><FRBRthis value="/akn/zz/act/2020-01-01/1/main"/><FRBRuri value="/akn/zz/act/2020-01-01/1"/>\
<FRBRalias value="Act 1"/><FRBRdate date="2020-01-01" name="Generation"/><FRBRauthor href="#s"/>\
<FRBRcountry value="zz"/></FRBRWork>
<FRBRExpression><FRBRthis value="/akn/zz/act/2020-01-01/1/eng@/main"/><FRBRuri value="/akn/zz/act/2020-01-01/1/eng@"/>\
<FRBRdate date="2020-01-01" name="Generation"/><FRBRauthor href="#s"/><FRBRlanguage language="eng"/></FRBRExpression>
<FRBRManifestation><FRBRthis value="/akn/zz/act/2020-01-01/1/eng@/main.xml"/>\
<FRBRuri value="/akn/zz/act/2020-01-01/1/eng@.akn"/><FRBRdate date="2020-01-01" name="Generation"/>\
<FRBRauthor href="#s"/></FRBRManifestation>
</identification></meta>
<preface><p><shortTitle>{short}</shortTitle></p></preface>
<body><section eId="sec_1"><num>1</num><content><p>QQACT plain.</p></content></section></body></act></akomaNtoso>
"""


@pytest.mark.parametrize(("row", "groups"), [("file,public\ndocuments/zz.xml,true\n", None),
                                             ("file,access\ndocuments/zz.xml,finance\n", "finance")])
def test_an_act_the_register_describes_judges_its_preface_by_the_rows_access(tmp_path, row, groups):
    """F1: ``Internal finance review`` in the preface of an act the register declares public, or restricted to
    finance, is its title, kept; the act is shown to those the row lets read it, and only to them."""
    root = project(tmp_path, {"documents/zz.xml": AKN.format(short="Internal finance review"),
                              "register.csv": row}, manifest="registry: register.csv\n")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 0, done.output
    asked = ["show", str(root), "ZZ-ACT-2020-01-01-1#1", *(["--groups", groups] if groups else [])]
    shown = CliRunner().invoke(app, asked)
    assert "QQACT" in shown.output and "Internal finance review" in shown.output, shown.output
    if groups:
        assert "QQACT" not in CliRunner().invoke(app, ["show", str(root), "ZZ-ACT-2020-01-01-1#1"]).output


@pytest.mark.parametrize(("row", "short"), [
    ("", "Internal finance review"),  # no row: the act declares no access
    ("file,public\ndocuments/zz.xml,true\n", "RESTRICTED TO FINANCE"),  # declared public, a marking still
    ("file,access\ndocuments/zz.xml,finance\n", "RESTRICTED TO OWNERS"),  # a group the row does not declare
])
def test_an_acts_preface_is_still_refused_where_it_reads_as_a_marking(tmp_path, row, short):
    files = {"documents/zz.xml": AKN.format(short=short)}
    if row:
        files["register.csv"] = row
    root = project(tmp_path, files, manifest="registry: register.csv\n" if row else "")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "documents/zz.xml:7:" in done.output and "in the act's <preface>" in done.output, done.output
