"""Akoma Ntoso acts as projects, end to end through the CLI: ingest, as-of and history.

The real files in ../shared/data are copied into a temporary project at test time (never into
the repository): the Kenyan acts (akoma-ntoso-kenya), and in akoma-ntoso-more El Salvador's
Decree 912/2005 amending Decree 604/1993 (AKN 2.0) and the German Vereinsgesetz with its 2017
amending law (LegalDocML.de). A test skips where ../shared is absent. The rules each pair
exercises are also shown on small acts written here.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
KENYA, MORE = DATA / "akoma-ntoso-kenya", DATA / "akoma-ntoso-more"
PRINCIPAL, AMENDING = "KE-ACT-1997-08-22-3", "KE-ACT-2003-12-10-8"
LEY_604, DECRETO_912 = "SV-DECRETO-1993-07-15-604", "SV-DECRETO-2005-12-14-912"
VEREINSGESETZ, AENDERUNG = "BUND-BGBL-1-1964-S593", "BUND-BGBL-1-2017-S419"
AKN2 = "http://www.akomantoso.org/2.0"

runner = CliRunner()


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)


def project_with(root: Path, files: dict[str, str | Path]) -> Path:
    """A project at ``root`` whose documents/ hold ``files`` (name → text, or a file to copy)."""
    (root / "documents").mkdir(parents=True)
    for name, content in files.items():
        if isinstance(content, Path):
            shutil.copy(content, root / "documents" / name)
        else:
            (root / "documents" / name).write_text(content, encoding="utf-8")
    (root / "inforce.yaml").write_text(f"project: {root.name}\n")
    return root


def asof(project: Path, locator: str, day: str) -> tuple[int, dict]:
    done = invoke("asof", project, locator, "--valid-at", day, "--format", "json")
    return done.exit_code, json.loads(done.stdout)


def warnings_at(stderr: str, file: str) -> dict[int, str]:
    """The ingest's warnings about ``file``, by line (one line may carry several)."""
    found: dict[int, str] = {}
    prefix = f"warning: documents/{file}:"
    for line in stderr.splitlines():
        if line.startswith(prefix):
            number, _, message = line[len(prefix):].partition(": ")
            found[int(number)] = found.get(int(number), "") + message
    return found


def needs(folder: Path) -> None:
    if not folder.is_dir():
        pytest.skip(f"../shared/data/{folder.name} is not here")


# -- the real pairs ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def salvador(tmp_path_factory):
    needs(MORE)
    root = project_with(tmp_path_factory.mktemp("sv") / "salvador", {
        name: MORE / name for name in ("Act_Salvador_Ley_604_1993.xml", "Act_Salvador_Ley_912_2005.xml")})
    return root, invoke("ingest", root)


@pytest.mark.shared
def test_the_salvador_pair_ingests_with_each_modification_linked_or_said(salvador):
    root, done = salvador
    assert done.exit_code == 0, done.stderr
    said = warnings_at(done.stderr, "Act_Salvador_Ley_912_2005.xml")
    # the amending act names the amended act /sv/ley/1993-07-20/604, its own id is
    # /sv/decreto/1993-07-15/604: same country and number, linked with both named
    linked = {37 + 5 * n for n in (1, 2, 3, 4, 5, 6)} | {77}
    for line in linked:
        assert "names SV-LEY-1993-07-20-604" in said[line] and f"linked to {LEY_604}#" in said[line], line
    # the act's title is no provision: said at its line, the ingest goes on
    assert "'docTitle', which is not a provision" in said[37]
    # an insertion of an article the act does not have is not guessed at
    assert f"{LEY_604}#184" in said[72] and "does not have: not linked" in said[72]
    # a repeal of an act the project does not hold is reported
    assert "SV-LEY-1994-02-24-799" in said[81] and "does not hold" in said[81]
    assert "<efficacyMod> am109" in said[83] and "not read" in said[83]
    history = json.loads(invoke("history", root, f"{LEY_604}#1", "--format", "json").stdout)
    assert [(v["kind"], v["locator"]) for v in history["versions"]] == [
        ("added", f"{LEY_604}@1993-07-15#1"), ("amended", f"{DECRETO_912}#2.1")]


@pytest.mark.shared
def test_the_salvador_act_answers_before_and_after_its_amendment(salvador):
    root, _ = salvador
    code, before = asof(root, f"{LEY_604}#1", "2006-01-19")
    assert code == 0 and before["in_force"] and before["amended_by"] == []
    assert "amended by" not in before["text"]
    code, after = asof(root, f"{LEY_604}#1", "2006-01-20")
    assert code == 0 and after["resolved"] == f"{LEY_604}@1993-07-15#1"
    assert after["amended_by"] == [f"{DECRETO_912}#2.1"]
    assert after["text"].endswith(f"[1 amended by {DECRETO_912}@2005-12-14#2.1]")
    code, title = asof(root, f"{LEY_604}#title-2", "2006-06-01")
    # the title's own substitution, and those of the articles under it
    assert code == 0
    assert set(title["amended_by"]) == {f"{DECRETO_912}#{n}.1" for n in (4, 5, 6, 7)}
    assert asof(root, f"{LEY_604}#186", "2006-01-19")[1]["in_force"]
    code, repealed = asof(root, f"{LEY_604}#186", "2006-06-01")
    assert code == 1 and not repealed["in_force"] and repealed["successors"] == []


@pytest.mark.shared
def test_the_salvador_amending_act_alone_is_reported_not_refused(tmp_path):
    needs(MORE)
    root = project_with(tmp_path / "alone", {"912.xml": MORE / "Act_Salvador_Ley_912_2005.xml"})
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.stderr
    said = warnings_at(done.stderr, "912.xml")
    assert "'docTitle', which is not a provision" in said[37]
    assert all("aims at an act the project does not hold" in said[line] for line in (42, 72, 77, 81))


@pytest.fixture(scope="module")
def vereinsgesetz(tmp_path_factory):
    needs(MORE)
    root = project_with(tmp_path_factory.mktemp("de") / "verein", {
        name: MORE / name for name in ("vereinsgesetz-zielgesetz.xml", "vereinsgesetz-aenderungsgesetz.xml")})
    return root, invoke("ingest", root)


@pytest.mark.shared
def test_the_german_pair_ingests_and_its_unmatched_destination_is_reported(vereinsgesetz):
    root, done = vereinsgesetz
    assert done.exit_code == 0, done.stderr
    assert f"{root.name}: 2 added" in done.stderr
    # the destination's element path (art-1 of the promulgated text) names nothing in this
    # expression (§ 20 is art-z20): reported at its line, never matched by position
    said = warnings_at(done.stderr, "vereinsgesetz-aenderungsgesetz.xml")
    assert list(said) == [140]
    assert f"{VEREINSGESETZ}#1.1.2" in said[140] and "does not have: not linked" in said[140]
    code, amending = asof(root, f"{AENDERUNG}#1", "2017-03-16")
    assert code == 0 and amending["text"].startswith("Artikel 1 Änderung des Vereinsgesetzes")


@pytest.mark.shared
def test_the_vereinsgesetz_answers_before_and_after_the_amending_law(vereinsgesetz):
    root, _ = vereinsgesetz
    for day in ("2017-03-15", "2017-03-16", "2020-01-01"):
        code, answer = asof(root, f"{VEREINSGESETZ}#20.1.2", day)
        assert code == 0 and answer["resolved"] == f"{VEREINSGESETZ}@1964-08-05#20.1.2"
        assert answer["amended_by"] == [] and "amended by" not in answer["text"]
        assert "Kennzeichen eines verbotenen Vereins" in answer["text"]
    history = json.loads(invoke("history", root, f"{VEREINSGESETZ}#20.1.2", "--format", "json").stdout)
    assert [v["kind"] for v in history["versions"]] == ["added"]


@pytest.fixture(scope="module")
def kenya(tmp_path_factory):
    needs(KENYA)
    root = project_with(tmp_path_factory.mktemp("ke") / "kenya",
                        {xml.name: xml for xml in KENYA.glob("*.xml")})
    return root, invoke("ingest", root)


@pytest.mark.shared
def test_the_kenyan_expression_already_holds_its_amendments(kenya):
    """The amended act is the expression as at 2003-12-19, the day the amending act's
    changes took effect: its words are the amended ones, so no change is marked on them
    again, yet each modification is linked (said at its line): a reader of 34(2)(a) learns
    which provision of the 2003 act changed it."""
    root, done = kenya
    assert done.exit_code == 0, done.stderr
    said = warnings_at(done.stderr, "Act_Kenya_2003-12-10-short.xml")
    already = [message for message in said.values() if f"already in the text of {PRINCIPAL}@2003-12-19" in message]
    assert len(already) == 8 and all("linked as an amendment its words already hold" in m for m in already)
    code, item = asof(root, f"{PRINCIPAL}#34.2.a", "2004-01-01")
    assert code == 0 and item["resolved"] == f"{PRINCIPAL}@2003-12-19#34.2.a"
    assert item["text"] == "(a) a statement of assets and liabilities ;"  # no marker, one text
    assert item["amended_by"] == [f"{AMENDING}#4.1.a"]
    assert any(step["kind"] == "amends" and step["locator"] == f"{AMENDING}#4.1.a" for step in item["chain"])
    # the day before the amendment no expression held is in force (the act as made is not here)
    code, before = asof(root, f"{PRINCIPAL}#34.2.a", "2003-12-18")
    assert code != 0 or before["in_force"] is False
    history = invoke("history", root, f"{PRINCIPAL}#34.2.a", "--format", "json")
    assert history.exit_code == 0, history.stderr
    entries = json.loads(history.stdout)["versions"]
    amended = [e for e in entries if e["kind"] == "amended"]
    assert [(e["locator"], e["effective_from"]) for e in amended] == [(f"{AMENDING}#4.1.a", "2003-12-19")]
    # the modifications of an act outside the project are reported, not errors
    outside = [m for m in said.values() if "aims at an act the project does not hold" in m]
    assert len(outside) == 2 and all("KE-ACT-2002-12-12-5#311" in m for m in outside)


@pytest.mark.shared
def test_a_foreign_xml_dialect_is_left_out_and_the_acts_ingest(tmp_path):
    needs(MORE)
    root = project_with(tmp_path / "mixed", {
        "vereinsgesetz-zielgesetz.xml": MORE / "vereinsgesetz-zielgesetz.xml",
        "feed.xml": '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>News</title></channel></rss>\n'})
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.stderr
    assert "documents/feed.xml:2: not an Akoma Ntoso document inforce reads: the root is <rss>" in done.stderr
    assert "not ingested" in done.stderr
    assert asof(root, f"{VEREINSGESETZ}#34", "2000-01-01")[0] == 0


# -- the rules, on acts written here -----------------------------------------------------


def act(uri: str, version: str, body: str, *, mods: str = "", force: str = "") -> str:
    """An AKN 2.0 act: work ``uri``, expression ``version`` (``""``: the original), in force
    from ``force`` (else its work date), ``mods`` its active modifications."""
    work_date = uri.split("/")[3]
    analysis = f"<analysis source=\"#x\"><activeModifications>{mods}</activeModifications></analysis>" if mods else ""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="{AKN2}">
  <act>
    <meta>
      <identification source="#x">
        <FRBRWork><FRBRuri value="{uri}"/><FRBRdate date="{work_date}" name="made"/></FRBRWork>
        <FRBRExpression><FRBRuri value="{uri}/eng@{version}"/></FRBRExpression>
      </identification>
      <lifecycle source="#x"><eventRef id="e1" date="{force or work_date}" type="generation"/></lifecycle>
      {analysis}
    </meta>
    <body>
{body}
    </body>
  </act>
</akomaNtoso>
"""


ORCHARD = "/xq/act/2001-02-03/5"
#: The orchard act as made: section 1 (two subsections) and section 2.
ORCHARD_BODY = """      <section id="sec1"><num>1.</num><heading>Pruning</heading>
        <subsection id="sec1-sub1"><num>(1)</num><content><p>Pear trees are pruned in winter.</p></content></subsection>
        <subsection id="sec1-sub2"><num>(2)</num><content><p>Cuttings are burnt on site.</p></content></subsection>
      </section>
      <section id="sec2"><num>2.</num><heading>Ladders</heading>
        <subsection id="sec2-sub1"><num>(1)</num><content><p>Ladders are inspected each spring.</p></content></subsection>
      </section>"""
#: The amending act: its section 1 changes the orchard act, named by another type and date.
CHANGE_BODY = """      <section id="sec1"><num>1.</num><heading>Changes to the orchard act</heading>
        <subsection id="sec1-sub1"><num>(1)</num><content><p><mod id="m1">For winter read autumn.</mod></p></content></subsection>
        <subsection id="sec1-sub2"><num>(2)</num><content><p><mod id="m2">Section 9 is replaced.</mod></p></content></subsection>
        <subsection id="sec1-sub3"><num>(3)</num><content><p><mod id="m3">After subsection 2(1) insert a new subsection.</mod></p></content></subsection>
        <subsection id="sec1-sub4"><num>(4)</num><content><p><mod id="m4">The long title is replaced.</mod></p></content></subsection>
      </section>"""


def change_mods(named: str) -> str:
    return (f'<textualMod type="substitution" id="a1"><source href="#m1"/><destination href="{named}/main#sec1-sub1"/></textualMod>'
            f'\n<textualMod type="substitution" id="a2"><source href="#m2"/><destination href="{named}/main#sec9"/></textualMod>'
            f'\n<textualMod type="insertion" id="a3"><source href="#m3"/><destination href="{named}/main#sec2-sub2"/></textualMod>'
            f'\n<textualMod type="substitution" id="a4"><source href="#m4"/><destination href="{named}/main#longTitle"/></textualMod>')


def line_of(text: str, words: str) -> int:
    return text[: text.index(words)].count("\n") + 1


def test_each_modification_is_linked_or_said_at_its_line(tmp_path):
    change = act("/xq/act/2010-05-06/9", "", CHANGE_BODY, mods=change_mods("/xq/law/2001-02-09/5"),
                 force="2010-07-01")
    root = project_with(tmp_path / "orchard", {"orchard.xml": act(ORCHARD, "", ORCHARD_BODY), "change.xml": change})
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.stderr
    said = warnings_at(done.stderr, "change.xml")
    # named by another type and date, same country and number: linked, both named
    assert "names XQ-LAW-2001-02-09-5" in said[line_of(change, 'id="a1"')]
    assert "linked to XQ-ACT-2001-02-03-5#1.1" in said[line_of(change, 'id="a1"')]
    # a provision the act lacks, nothing around it: not guessed
    assert "XQ-ACT-2001-02-03-5#9" in said[line_of(change, 'id="a2"')]
    assert "does not have: not linked" in said[line_of(change, 'id="a2"')]
    # an insertion names the subsection it creates: it amends the section it joins
    assert "linked as an amendment of XQ-ACT-2001-02-03-5#2" in said[line_of(change, 'id="a3"')]
    assert "'longTitle', which is not a provision" in said[line_of(change, 'id="a4"')]
    code, before = asof(root, "XQ-ACT-2001-02-03-5#1.1", "2010-06-30")
    assert code == 0 and before["amended_by"] == []
    code, after = asof(root, "XQ-ACT-2001-02-03-5#1.1", "2010-07-01")
    assert code == 0 and after["amended_by"] == ["XQ-ACT-2010-05-06-9#1.1"]
    assert after["text"] == "(1) Pear trees are pruned in winter.\n\n[1.1 amended by XQ-ACT-2010-05-06-9@2010-05-06#1.1]"
    assert asof(root, "XQ-ACT-2001-02-03-5#2", "2010-07-01")[1]["amended_by"] == ["XQ-ACT-2010-05-06-9#1.3"]


def test_two_acts_that_could_be_the_one_named_are_not_chosen_between(tmp_path):
    change = act("/xq/act/2010-05-06/9", "", CHANGE_BODY, mods=change_mods("/xq/law/2001-02-09/5"))
    root = project_with(tmp_path / "orchard", {
        "orchard.xml": act(ORCHARD, "", ORCHARD_BODY),
        "orchard-decree.xml": act("/xq/decree/2003-03-03/5", "", ORCHARD_BODY),
        "change.xml": change})
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.stderr
    said = warnings_at(done.stderr, "change.xml")
    assert "XQ-LAW-2001-02-09-5#1.1" in said[line_of(change, 'id="a1"')]
    assert "aims at an act the project does not hold" in said[line_of(change, 'id="a1"')]


def test_an_expression_that_already_holds_a_change_is_not_marked_with_it(tmp_path):
    """The act as made is amended from 2010-07-01; its expression as at 2011-01-01 is the
    amended text: the change marks the first, never the second."""
    consolidated = ORCHARD_BODY.replace("pruned in winter", "pruned in autumn")
    change = act("/xq/act/2010-05-06/9", "", CHANGE_BODY, mods=change_mods("/xq/act/2001-02-03/5"),
                 force="2010-07-01")
    root = project_with(tmp_path / "orchard", {
        "orchard.xml": act(ORCHARD, "", ORCHARD_BODY),
        "orchard-2011.xml": act(ORCHARD, "2011-01-01", consolidated, force="2011-01-01"),
        "change.xml": change})
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.stderr
    code, amended = asof(root, "XQ-ACT-2001-02-03-5#1.1", "2010-08-01")
    assert code == 0 and amended["resolved"] == "XQ-ACT-2001-02-03-5@2001-02-03#1.1"
    assert amended["text"].endswith("[1.1 amended by XQ-ACT-2010-05-06-9@2010-05-06#1.1]")
    code, later = asof(root, "XQ-ACT-2001-02-03-5#1.1", "2011-02-01")
    assert code == 0 and later["resolved"] == "XQ-ACT-2001-02-03-5@2011-01-01#1.1"
    # the expression that holds the change names it, unmarked
    assert later["text"] == "(1) Pear trees are pruned in autumn."
    assert later["amended_by"] == ["XQ-ACT-2010-05-06-9#1.1"]


def test_a_change_held_by_every_expression_is_linked_not_marked(tmp_path):
    consolidated = ORCHARD_BODY.replace("pruned in winter", "pruned in autumn")
    change = act("/xq/act/2010-05-06/9", "", CHANGE_BODY, mods=change_mods("/xq/act/2001-02-03/5"),
                 force="2010-07-01")
    root = project_with(tmp_path / "orchard", {
        "orchard-2011.xml": act(ORCHARD, "2011-01-01", consolidated, force="2011-01-01"), "change.xml": change})
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.stderr
    said = warnings_at(done.stderr, "change.xml")
    assert "already in the text of XQ-ACT-2001-02-03-5@2011-01-01" in said[line_of(change, 'id="a1"')]
    assert "linked as an amendment its words already hold" in said[line_of(change, 'id="a1"')]
    code, later = asof(root, "XQ-ACT-2001-02-03-5#1.1", "2011-02-01")
    assert code == 0 and later["text"] == "(1) Pear trees are pruned in autumn."
    assert later["amended_by"] == ["XQ-ACT-2010-05-06-9#1.1"]
    # the insertion joins section 2: named there too, its words not marked
    code, joined = asof(root, "XQ-ACT-2001-02-03-5#2", "2011-02-01")
    assert code == 0 and joined["amended_by"] == ["XQ-ACT-2010-05-06-9#1.3"] and "amended by" not in joined["text"]


HARBOUR = "/xq/act/2008-04-11/17"
#: The harbour act as at 2015-03-01 (in force since 2009-01-01): its words already hold the
#: 2014 act's changes, section 3 kept as a placeholder for the repeal.
HARBOUR_2015 = """      <section id="sec1"><num>1.</num><heading>Berths</heading>
        <subsection id="sec1-sub1"><num>(1)</num><content><p>Berths are let by the week.</p></content></subsection>
      </section>
      <section id="sec2"><num>2.</num><heading>Harbour dues</heading>
        <content><p>Dues are paid to the harbour master before sailing.</p></content>
      </section>
      <section id="sec3"><num>3.</num><heading>Lanterns</heading>
        <content><p>[Repealed]</p></content>
      </section>"""
HARBOUR_CHANGE = """      <section id="sec1"><num>1.</num><heading>Changes to the harbour act</heading>
        <subsection id="sec1-sub1"><num>(1)</num><content><p><mod id="h1">For month read week.</mod></p></content></subsection>
        <subsection id="sec1-sub2"><num>(2)</num><content><p><mod id="h2">Section 2 is replaced.</mod></p></content></subsection>
        <subsection id="sec1-sub3"><num>(3)</num><content><p><mod id="h3">Section 3 is repealed.</mod></p></content></subsection>
      </section>"""


def test_changes_an_expression_already_holds_are_named_from_their_date_unmarked(tmp_path):
    """A consolidated expression in force before the change took effect: the change is named
    from its date on, its words (already the new ones) carry no marker and stay one text; a
    repeal the expression still holds a placeholder for is said, not linked."""
    mods = (f'<textualMod type="substitution" id="c1"><source href="#h1"/><destination href="{HARBOUR}/main#sec1-sub1"/></textualMod>'
            f'<textualMod type="replacement" id="c2"><source href="#h2"/><destination href="{HARBOUR}/main#sec2"/></textualMod>'
            f'<textualMod type="repeal" id="c3"><source href="#h3"/><destination href="{HARBOUR}/main#sec3"/></textualMod>')
    change = act("/xq/act/2014-10-02/31", "", HARBOUR_CHANGE, mods=mods, force="2015-01-01")
    root = project_with(tmp_path / "harbour", {
        "harbour.xml": act(HARBOUR, "2015-03-01", HARBOUR_2015, force="2009-01-01"), "change.xml": change})
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.stderr
    said = warnings_at(done.stderr, "change.xml")
    for mod in ('id="c1"', 'id="c2"'):
        assert "linked as an amendment its words already hold" in said[line_of(change, mod)]
    assert "a deletion its text still holds is not linked" in said[line_of(change, 'id="c3"')]
    before = asof(root, "XQ-ACT-2008-04-11-17#1.1", "2014-12-31")[1]
    after = asof(root, "XQ-ACT-2008-04-11-17#1.1", "2015-01-01")[1]
    assert before["amended_by"] == [] and after["amended_by"] == ["XQ-ACT-2014-10-02-31#1.1"]
    assert before["text"] == after["text"] == "(1) Berths are let by the week."
    assert after["resolved"] == "XQ-ACT-2008-04-11-17@2015-03-01#1.1"
    # the section above it is named as amended too, its words untouched
    whole = asof(root, "XQ-ACT-2008-04-11-17#1", "2015-06-01")[1]
    assert whole["amended_by"] == ["XQ-ACT-2014-10-02-31#1.1"] and "amended by" not in whole["text"]
    # a replacement its words already hold leaves the section in force with them, named
    dues = asof(root, "XQ-ACT-2008-04-11-17#2", "2015-06-01")[1]
    assert dues["in_force"] is True and dues["resolved"] == "XQ-ACT-2008-04-11-17@2015-03-01#2"
    assert dues["amended_by"] == ["XQ-ACT-2014-10-02-31#1.2"] and "amended by" not in dues["text"]
    lanterns = asof(root, "XQ-ACT-2008-04-11-17#3", "2015-06-01")[1]
    assert lanterns["amended_by"] == [] and lanterns["text"].endswith("[Repealed]")
    history = json.loads(invoke("history", root, "XQ-ACT-2008-04-11-17#1.1", "--format", "json").stdout)
    assert [(e["kind"], e["locator"], e["effective_from"]) for e in history["versions"]] == [
        ("added", "XQ-ACT-2008-04-11-17@2015-03-01#1.1", "2009-01-01"),
        ("amended", "XQ-ACT-2014-10-02-31#1.1", "2015-01-01")]


def test_a_further_act_in_a_file_is_reported_and_the_first_ingests(tmp_path):
    first = act(ORCHARD, "", ORCHARD_BODY)
    second = act("/xq/act/2004-04-04/6", "", ORCHARD_BODY)
    inner = second[second.index("  <act>"): second.index("</akomaNtoso>")]
    text = first.replace("</akomaNtoso>", inner + "</akomaNtoso>")
    root = project_with(tmp_path / "two", {"two.xml": text})
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.stderr
    said = warnings_at(done.stderr, "two.xml")
    assert "a further <act> '/xq/act/2004-04-04/6' in this file is not read" in said[line_of(text, inner)]
    assert asof(root, "XQ-ACT-2001-02-03-5#2.1", "2002-01-01")[0] == 0


@pytest.mark.parametrize("href", ["http://evil.example/x#sec1", "file:///etc/passwd", "javascript:alert(1)",
                                  "../../../../etc/passwd", "\u202e/xq/act/2001-02-03/5/main#sec1"])
def test_a_destination_that_is_no_akn_uri_is_a_warning_and_the_rest_ingests(tmp_path, href):
    """One destination that names no act (a web address, a file) failed the whole ingest; like
    every modification that cannot be linked it is said at its line and left out."""
    mods = (f'<textualMod type="substitution" id="a1"><source href="#m1"/><destination href="{ORCHARD}/main#sec1-sub1"/></textualMod>'
            f'\n<textualMod type="substitution" id="a2"><source href="#m2"/><destination href="{href}"/></textualMod>'
            '\n<textualMod type="substitution" id="a3"><source href="#m3"/></textualMod>')
    change = act("/xq/act/2010-05-06/9", "", CHANGE_BODY, mods=mods, force="2010-07-01")
    root = project_with(tmp_path / "orchard", {"orchard.xml": act(ORCHARD, "", ORCHARD_BODY), "change.xml": change})
    done = invoke("ingest", root)
    assert done.exit_code == 0, done.stderr
    said = warnings_at(done.stderr, "change.xml")
    assert "names no act" in said[line_of(change, 'id="a2"')]
    assert "has no <destination>" in said[line_of(change, 'id="a3"')]
    assert asof(root, "XQ-ACT-2001-02-03-5#1.1", "2010-07-01")[1]["amended_by"] == ["XQ-ACT-2010-05-06-9#1.1"]
