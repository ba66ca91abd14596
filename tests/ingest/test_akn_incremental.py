"""Akoma Ntoso answers do not depend on ingest history (issue 22): whether a change links, and
whether an expression already holds it (named, not marked), are decided again whenever an act
arrives, changes or leaves, so an ingest brought up to date step by step answers as one from
nothing does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

runner = CliRunner()
AKN3 = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
DUES = "/akn/zq/act/2004-06-07/31"
DUES_ID = "ZQ-ACT-2004-06-07-31"
CHANGE_ID = "ZQ-ACT-2012-03-14-77"


def act(uri: str, version: str, body: str, *, mods: str = "", force: str = "") -> str:
    """An AKN 3.0 act: work ``uri``, expression as at ``version``, in force from ``force``."""
    date = uri.split("/")[4]
    analysis = f'<analysis source="#x"><activeModifications>{mods}</activeModifications></analysis>' if mods else ""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="{AKN3}">
  <act name="act">
    <meta>
      <identification source="#x">
        <FRBRWork><FRBRthis value="{uri}/!main"/><FRBRuri value="{uri}"/><FRBRdate date="{date}" name="enactment"/><FRBRauthor href="#x"/><FRBRcountry value="zq"/></FRBRWork>
        <FRBRExpression><FRBRthis value="{uri}/eng@{version}/!main"/><FRBRuri value="{uri}/eng@{version}"/><FRBRdate date="{version}" name="publication"/><FRBRauthor href="#x"/><FRBRlanguage language="eng"/></FRBRExpression>
        <FRBRManifestation><FRBRthis value="{uri}/eng@{version}/!main.xml"/><FRBRuri value="{uri}/eng@{version}/.akn"/><FRBRdate date="{version}" name="generation"/><FRBRauthor href="#x"/></FRBRManifestation>
      </identification>
      <lifecycle source="#x"><eventRef eId="e1" date="{force or version}" source="#x" type="generation"/></lifecycle>
      {analysis}
    </meta>
    <body>
{body}
    </body>
  </act>
</akomaNtoso>
"""


def dues_body(collector: str) -> str:
    return (f'      <section eId="sec_1"><num>1</num><content><p>Harbour dues are paid monthly.</p></content></section>\n'
            f'      <section eId="sec_2"><num>2</num><content><p>Dues are collected by {collector}.</p></content></section>')


AS_MADE = act(DUES, "2004-06-07", dues_body("the port warden"))
#: an expression as at 2013-01-01 that already holds the change of 2012
CONSOLIDATED = act(DUES, "2013-01-01", dues_body("the harbour board"), force="2013-01-01")
CHANGE = act(
    "/akn/zq/act/2012-03-14/77", "2012-03-14",
    '      <section eId="sec_1"><num>1</num><content><p>In section 2 of the dues act, for the port warden '
    "read the harbour board.</p></content></section>",
    mods=f'<textualMod type="substitution" eId="mod_1"><source href="#sec_1"/>'
         f'<destination href="{DUES}/!main#sec_2"/></textualMod>',
    force="2012-05-01")
FILES = {"dues.xml": AS_MADE, "dues-2013.xml": CONSOLIDATED, "change.xml": CHANGE}


def ingest(root: Path) -> None:
    done = runner.invoke(app, ["ingest", str(root)], catch_exceptions=False)
    assert done.exit_code == 0, done.stderr


def answers(root: Path) -> dict[str, object]:
    """What the project answers about section 2 on each side of the change and of the
    consolidated expression, and its index build (the same graph gives the same id)."""
    found: dict[str, object] = {}
    for day in ("2012-04-01", "2012-06-01", "2013-02-01"):
        done = runner.invoke(app, ["asof", str(root), f"{DUES_ID}#2", "--valid-at", day, "--format", "json"],
                             catch_exceptions=False)
        assert done.exit_code == 0, done.stderr
        answer = json.loads(done.stdout)
        found[day] = (answer["resolved"], answer["text"], answer["amended_by"])
    stats = runner.invoke(app, ["stats", str(root), "--format", "json"], catch_exceptions=False)
    found["build"] = json.loads(stats.stdout).get("index_build")
    return found


def project(root: Path, names: list[str]) -> Path:
    (root / "documents").mkdir(parents=True, exist_ok=True)
    (root / "inforce.yaml").write_text(f"project: {root.name}\n", encoding="utf-8")
    for name in names:
        (root / "documents" / name).write_text(FILES[name], encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> dict[str, object]:
    root = project(tmp_path_factory.mktemp("fresh") / "dues", list(FILES))
    ingest(root)
    return answers(root)


def test_fresh_ingest_names_the_change_in_the_consolidated_expression_unmarked(fresh):
    assert fresh["2012-06-01"][1].endswith(f"[2 amended by {CHANGE_ID}@2012-03-14#1]")
    resolved, text, amended_by = fresh["2013-02-01"]
    assert resolved == f"{DUES_ID}@2013-01-01#2"
    assert text == "2 Dues are collected by the harbour board."
    assert amended_by == [f"{CHANGE_ID}#1"]


@pytest.mark.parametrize(
    "steps",
    [
        [["dues.xml", "change.xml"], ["dues-2013.xml"]],  # the consolidated expression arrives last
        [["dues.xml", "dues-2013.xml"], ["change.xml"]],  # the amending act arrives last
        [["change.xml"], ["dues.xml"], ["dues-2013.xml"]],  # the amending act before the act it names
    ],
)
def test_an_ingest_brought_up_to_date_step_by_step_answers_as_a_fresh_one(tmp_path, fresh, steps):
    root = project(tmp_path / "dues", [])
    for names in steps:
        project(root, names)
        ingest(root)
    assert answers(root) == fresh


def test_an_expression_that_leaves_gives_its_marks_back(tmp_path):
    root = project(tmp_path / "dues", list(FILES))
    ingest(root)
    (root / "documents" / "dues-2013.xml").unlink()
    ingest(root)
    alone = project(tmp_path / "alone", ["dues.xml", "change.xml"])
    ingest(alone)
    assert answers(root) == answers(alone)
