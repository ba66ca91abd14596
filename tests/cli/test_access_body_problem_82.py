"""Audit 82 A F1: audit 81 F3's rule (a file whose body fails keeps the access its metadata
declares) did not reach drawings and Akoma Ntoso acts, whose access was read only by parsing
the whole file: a duplicate callout id, a provision nested 17 deep, made their access unknown,
so the problem was withheld from the file's own group, and from everyone for a public file. A
drawing's access is its own keys' (``access:``), an act's its register row's (public without
one); a problem in what says the access (a marking line) still leaves it unknown (fail closed)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

META = ("id: ZZS-1\nkind: specification\ntitle: Sheet\nissued: 2026-01-01\neffective: {from: 2026-01-01}\n"
        "recorded: 2026-01-01T00:00:00Z\n")
GROUP = ("---\nid: GRP-1\nkind: specification\ntitle: G\naccess: [owners, board]\nissued: 2026-01-01\n"
         "effective: {from: 2026-01-01}\nrecorded: 2026-01-01T00:00:00Z\n---\n1 G\n\n1.1 g.\n")
NEST = "".join(f'<section eId="{"__".join(["sec_1"] * (i + 1))}"><num>{i}</num>' for i in range(18))
ACT = f'''<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><act name="act"><meta><identification source="#s">
<FRBRWork><FRBRthis value="/akn/zz/act/2020-01-01/1/main"/><FRBRuri value="/akn/zz/act/2020-01-01/1"/><FRBRdate date="2020-01-01" name="Generation"/><FRBRauthor href="#s"/><FRBRcountry value="zz"/></FRBRWork>
<FRBRExpression><FRBRthis value="/akn/zz/act/2020-01-01/1/eng@/main"/><FRBRuri value="/akn/zz/act/2020-01-01/1/eng@"/><FRBRdate date="2020-01-01" name="Generation"/><FRBRauthor href="#s"/><FRBRlanguage language="eng"/></FRBRExpression>
<FRBRManifestation><FRBRthis value="/akn/zz/act/2020-01-01/1/eng@/main.xml"/><FRBRuri value="/akn/zz/act/2020-01-01/1/eng@.akn"/><FRBRdate date="2020-01-01" name="Generation"/><FRBRauthor href="#s"/></FRBRManifestation>
</identification></meta><body>{NEST}<content><p>Deep.</p></content>{"</section>" * 18}</body></act></akomaNtoso>
'''  # noqa: E501


def _project(root: Path, kind: str, access: str | None) -> Path:
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: bp\nfacets: []\nrules:\n  - stock: precedence/none\n"
                                       + ("registry: register.csv\n" if kind == "act" else ""), encoding="utf-8")
    (docs / "grp.md").write_text(GROUP, encoding="utf-8")
    if kind == "act":
        (docs / "zz.xml").write_text(ACT, encoding="utf-8")
        row = "file,public\ndocuments/zz.xml,true\n" if access is None else f"file,access\ndocuments/zz.xml,{access}\n"
        (root / "register.csv").write_text(row, encoding="utf-8")
        return root
    callouts = ("callouts:\n  - id: callout-1\n    text: \"One.\"\n  - id: callout-1\n    text: \"Two.\"\n"
                if kind == "drawing" else "callouts:\n  - id: callout-1\n    text: \"ZZMERGER - BOARD ONLY\"\n")
    (docs / "zz.drawing.yaml").write_text(
        META + "sheet: ZZ-1\n" + (f"access: [{access}]\n" if access else "") + callouts, encoding="utf-8")
    return root


PROBLEM = {"drawing": "duplicate callout id", "act": "nested 17 levels deep", "marked": "ZZMERGER"}


@pytest.mark.parametrize(("kind", "access", "groups", "told"), [
    ("drawing", "owners", "owners", True), ("drawing", "owners", "nobody", False),
    ("drawing", None, "nobody", True), ("drawing", None, "owners", True),
    ("act", "owners", "owners", True), ("act", "owners", "nobody", False),
    ("act", None, "nobody", True), ("act", None, "owners", True),
    # a marking line is a problem in what says the access: unknown, withheld even from the group the file declares
    ("marked", "owners", "owners", False), ("marked", "owners", "nobody", False), ("marked", None, "nobody", False),
])
def test_a_body_problem_is_told_to_who_may_read_the_drawing_or_act(tmp_path: Path, kind: str, access: str | None,
                                                                   groups: str, told: bool) -> None:
    root = _project(tmp_path / "p", kind, access)
    operator = CliRunner().invoke(app, ["ingest", str(root)])
    assert operator.exit_code == 2 and PROBLEM[kind] in operator.output, operator.output
    done = CliRunner().invoke(app, ["ingest", str(root), "--groups", groups])
    assert done.exit_code == 2, done.output
    assert (PROBLEM[kind] in done.output and "documents/zz." in done.output) is told, done.output
    assert ("withheld (access)" in done.output) is not told, done.output
