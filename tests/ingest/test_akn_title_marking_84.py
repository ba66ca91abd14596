"""Audit 84 A F1, F2: an Akoma Ntoso act's title is its first marking place, wherever it is read from.

F1: a title taken from the ``FRBRname``, an ``FRBRalias`` or a ``<shortTitle>`` in the body was
never judged as a marking: ``ZZAKN - OWNERS ONLY`` in an act declaring no access (no register row)
was ingested with exit 0 and shown as a public title to an asker of no group, where the same words
as a ``<docTitle>`` in its ``<preface>`` were refused. Now the title is judged by the one rule
(``opening.judge_title``) at its element's line, field ``title``, withheld from askers with groups.

F2: an act the register describes had a marking title (the row's or its FRBRname) refused at
``documents/zz.xml:2:8``, a line of the text its fields are read from, in no file: now at the
register's row when the row gives the title, at the element's line when the act does."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

MARK = "ZZAKN - OWNERS ONLY"
GROUP = ("---\nid: GRP-1\nkind: specification\ntitle: G\naccess: [owners]\nissued: 2026-01-01\n"
         "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n1 G\n\n1.1 g.\n")


def _act(frbrname: str = "", preface: str = "", body_extra: str = "") -> str:
    """An act whose FRBRWork's last child (``frbrname``) is on line 3, ``preface`` on line 6 and
    ``body_extra`` (after section 1) on line 6 too."""
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><act name="act"><meta><identification source="#s">
<FRBRWork><FRBRthis value="/akn/zz/act/2020-01-01/1/main"/><FRBRuri value="/akn/zz/act/2020-01-01/1"/><FRBRdate date="2020-01-01" name="Generation"/><FRBRauthor href="#s"/><FRBRcountry value="zz"/>{frbrname}</FRBRWork>
<FRBRExpression><FRBRthis value="/akn/zz/act/2020-01-01/1/eng@/main"/><FRBRuri value="/akn/zz/act/2020-01-01/1/eng@"/><FRBRdate date="2020-01-01" name="Generation"/><FRBRauthor href="#s"/><FRBRlanguage language="eng"/></FRBRExpression>
<FRBRManifestation><FRBRthis value="/akn/zz/act/2020-01-01/1/eng@/main.xml"/><FRBRuri value="/akn/zz/act/2020-01-01/1/eng@.akn"/><FRBRdate date="2020-01-01" name="Generation"/><FRBRauthor href="#s"/></FRBRManifestation>
</identification></meta>{preface}<body><section eId="sec_1"><num>1</num><content><p>ZZAKNBODY dues are 40 dollars.</p></content></section>{body_extra}</body></act></akomaNtoso>
'''


def _name(title: str) -> str:
    return f'<FRBRname value="{title}"/>'


def _project(root: Path, act: str, row: str | None = None) -> Path:
    """A project using group ``owners`` (GRP-1) with the act ``documents/zz.xml``; with ``row``
    (CSV: header and one row), a register describing it."""
    docs = root / "documents"
    docs.mkdir(parents=True)
    manifest = "project: f84\nfacets: []\nrules:\n  - stock: precedence/none\n"
    if row is not None:
        manifest += "registry: register.csv\n"
        (root / "register.csv").write_text(row, encoding="utf-8")
    (root / "inforce.yaml").write_text(manifest, encoding="utf-8")
    (docs / "grp.md").write_text(GROUP, encoding="utf-8")
    (docs / "zz.xml").write_text(act, encoding="utf-8")
    return root


def _ingest(root: Path, *asked: str) -> tuple[int, str]:
    done = CliRunner().invoke(app, ["ingest", str(root), *asked])
    return done.exit_code, done.output


#: Each place an act's title is read from, with no register row: the act and where its title is.
UNREGISTERED = {
    "frbrname": (_act(_name(MARK)), "documents/zz.xml:3"),
    "frbralias": (_act(f'<FRBRalias value="{MARK}" name="short"/>'), "documents/zz.xml:3"),
    "shorttitle-in-body": (_act(body_extra=f'<section eId="sec_2"><num>2</num><content><p>Cited as '
                                           f"<shortTitle>{MARK}</shortTitle>.</p></content></section>"),
                           "documents/zz.xml:6"),
}
#: With a register row: (row, act, where the title is).
REGISTERED = {
    "row-title": ("file,title\ndocuments/zz.xml,ZZAKN - OWNERS ONLY\n", _act(), "register.csv:2"),
    "row-title-access-empty": ("file,access,title\ndocuments/zz.xml,,Owners only\n", _act(), "register.csv:2"),
    "frbrname-row-declaring-nothing": ("file,public\ndocuments/zz.xml,\n", _act(_name(MARK)), "documents/zz.xml:3"),
}
CASES = {**{k: (None, act, where) for k, (act, where) in UNREGISTERED.items()}, **REGISTERED}


@pytest.mark.parametrize("case", CASES)
def test_a_marking_title_is_refused_at_its_source(tmp_path: Path, case: str) -> None:
    row, act, where = CASES[case]
    code, output = _ingest(_project(tmp_path / "p", act, row))
    assert code == 2, output
    assert f"{where}: title: " in output, output
    assert "zz.xml:2:" not in output, output  # no line of a text in no file (F2)
    assert sum("reads as access" in line for line in output.splitlines()) == 1, output


@pytest.mark.parametrize("case", CASES)
def test_a_marking_title_is_counted_never_quoted_to_an_asker_with_groups(tmp_path: Path, case: str) -> None:
    row, act, _ = CASES[case]
    root = _project(tmp_path / "p", act, row)
    for groups in ("nobody", "owners"):
        code, output = _ingest(root, "--groups", groups)
        assert code == 2, output
        assert "OWNERS ONLY" not in output and "Owners only" not in output, output
        assert "withheld" in output, output


def test_a_doctitle_in_the_preface_is_told_once(tmp_path: Path) -> None:
    """The title read from a line of the act's front parts, which the opening rule judges there
    already: one error at its line, not a second as the title."""
    act = _act(preface=f"<preface><p><docTitle>{MARK}</docTitle></p></preface>")
    for row in (None, "file,public\ndocuments/zz.xml,\n"):
        code, output = _ingest(_project(tmp_path / f"p{row is None}", act, row))
        assert code == 2 and "documents/zz.xml:6" in output, output
        assert sum("reads as access" in line for line in output.splitlines()) == 1, output


@pytest.mark.parametrize(("row", "title"), [
    ("file,access\ndocuments/zz.xml,owners\n", "Owners only"),
    ("file,access,title\ndocuments/zz.xml,owners,Owners only\n", None),
    ("file,public\ndocuments/zz.xml,true\n", "Owners' manual for pumps"),
    ("file,public,title\ndocuments/zz.xml,true,Owners' manual for pumps\n", None),
])
def test_an_act_declaring_access_or_public_keeps_its_title(tmp_path: Path, row: str, title: str | None) -> None:
    """As a heading: an act whose row declares access keeps a title naming its own group, one
    declared public a title that only mentions a group."""
    root = _project(tmp_path / "p", _act(_name(title) if title else ""), row)
    code, output = _ingest(root)
    assert code == 0, output
    shown = CliRunner().invoke(app, ["show", str(root), "ZZ-ACT-2020-01-01-1", "--groups", "owners"])
    assert (title or "Owners") in shown.output, shown.output


@pytest.mark.parametrize("row", [None, "file,public\ndocuments/zz.xml,\n", "file,title\ndocuments/zz.xml,Dues Act\n"])
@pytest.mark.parametrize("source", ["frbrname", "frbralias", "shorttitle-in-body"])
def test_a_plain_title_ingests(tmp_path: Path, source: str, row: str | None) -> None:
    act, _ = UNREGISTERED[source]
    root = _project(tmp_path / "p", act.replace(MARK, "The Dues Act"), row)
    code, output = _ingest(root)
    assert code == 0, output
    shown = CliRunner().invoke(app, ["show", str(root), "ZZ-ACT-2020-01-01-1", "--groups", "nobody"])
    assert shown.exit_code == 0 and ("Dues Act" in shown.output), shown.output


def test_lag_judges_a_pending_act_title_as_ingest_does(tmp_path: Path) -> None:
    root = _project(tmp_path / "p", _act(_name("The Dues Act")))
    assert _ingest(root)[0] == 0
    zz = root / "documents" / "zz.xml"
    zz.write_text(zz.read_text(encoding="utf-8").replace("The Dues Act", MARK), encoding="utf-8")
    for asked in ([], ["--groups", "nobody"]):
        done = CliRunner().invoke(app, ["lag", str(root), *asked])
        assert done.exit_code == 2, done.output
        assert "OWNERS ONLY" not in done.output or not asked, done.output
