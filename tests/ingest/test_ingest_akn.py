"""Akoma Ntoso acts to Documents: metadata, provisions and modifications read from the XML.

The Kenyan files (``../shared/data/akoma-ntoso-kenya``, AKN 2.0) are read in place: an
amending act (2003/8), the act it amends as at 2003-12-19 (1997/3), and an amending act of
1989 whose target is not among them. AKN 3.0 is written here, in a temporary folder.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.adapters.ingest.akn import (
    AknReading,
    provision_path,
    read_akoma_ntoso,
    work_id,
)
from inforce.adapters.ingest.documents import UnreadableFileError, parse_document_with_warnings
from inforce.adapters.ingest.register import Register, RegisterRow
from inforce.ontology import InputErrors, Locator, Section

KENYA = Path(__file__).resolve().parents[3] / "shared" / "data" / "akoma-ntoso-kenya"
AMENDING = "Act_Kenya_2003-12-10-short.xml"
PRINCIPAL = "Act_Kenya_1997-08-22_3@2003-12-19.xml"
WILDLIFE = "Act_Kenya_1989-12-06.xml"
AKN2 = "http://www.akomantoso.org/2.0"
AKN3 = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"


@pytest.fixture(scope="module")
def kenya() -> Path:
    if not KENYA.is_dir():
        pytest.skip("../shared/data/akoma-ntoso-kenya is not here")
    return KENYA


def read(folder: Path, name: str) -> AknReading:
    return read_akoma_ntoso(folder / name, folder)


def edges_of(reading: AknReading) -> list[tuple[str, str, bool, dt.date, str | None]]:
    return [
        (str(e.target), e.scope, e.successor, e.effective, str(e.by) if e.by else None)
        for e in reading.document.supersedes
    ]


def assert_spans_hold(reading: AknReading) -> None:
    """Every provision's text is its span of the text layer, inside its parent's span."""
    document = reading.document
    sections = {p.path: p for p in document.provisions}
    for provision in document.provisions:
        assert document.text_layer[provision.span.start : provision.span.end] == provision.text
        if provision.parent is not None:
            parent = sections[provision.parent].span
            assert parent.start <= provision.span.start <= provision.span.end <= parent.end


# -- ids and paths -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("identifier", "path"),
    [
        ("sec2-sub1", "2.1"),
        ("sec34-sub2-itma", "34.2.a"),
        ("sec2-list1-itma", "2.a"),  # a list adds nothing
        ("sec54.a", "54A"),  # AKN 2.0 writes an inserted 54A as 54.a
        ("prtI", "part-I"),
        ("sec_2__subsec_1", "2.1"),
        ("para_a", "a"),
        ("sec_1__subsec_1__list_1__item_b", "1.1.b"),
        ("chp_1__sec_5", "5"),  # sections keep their own numbers under a chapter
        ("chp_1", "chapter-1"),
        ("ref2", None),
        ("mod3-qtd1", None),
        ("art4-cls2", "4.2"),  # a clause (cls) is numbered, not "cl" + "s2"
        ("tlt3", "title-3"),
        ("tlt5-chp1", "title-5.chapter-1"),  # a group inside a group keeps both
    ],
)
def test_provision_path_from_an_element_id(identifier: str, path: str | None):
    assert provision_path(identifier) == path


@pytest.mark.parametrize(
    ("identifier", "path"),
    [
        ("art-z12", "12"),
        ("art-z12_abs-z3", "12.3"),
        ("art-z12_abs-z3_inhalt-n1_liste-n1_listenelem-n2", "12.3.2"),
        ("art-z12_abs-z3_inhalt-n1_liste-n1_listenelem-n2_text-n1", "12.3.2"),
        ("art-z8_abs-z", ""),  # an unnumbered paragraph: the article's own text
        ("art-z8_abs-z_untergl-n1_listenelem-n4", "8.4"),
        ("hauptteil-1_art-2_abs-1_untergl-1_listenelem-3_inhalt-1_text-1", "2.1.3"),  # older releases
        ("abschnitt-n2_art-z40", "40"),
        ("einleitung-n1_doktitel-n1", None),
        ("art-z12_überschrift-n1", None),
    ],
)
def test_provision_path_from_a_legaldocml_de_eid(identifier: str, path: str | None):
    assert provision_path(identifier, "ldml.de") == path


@pytest.mark.parametrize(
    ("uri", "document_id"),
    [
        ("/ke/act/1997-08-22/3", "KE-ACT-1997-08-22-3"),
        ("/ke/act/1997-08-22/3/main#sec2-sub1", "KE-ACT-1997-08-22-3"),
        ("/ke/act/2003-12-10/8/eng@/main#ref2", "KE-ACT-2003-12-10-8"),
        ("/akn/za/act/2020-03-01/7/eng@2020-04-01/!main", "ZA-ACT-2020-03-01-7"),
        ("/akn/za/act/2010-01-01/3/~sec_4", "ZA-ACT-2010-01-01-3"),
        ("#sec2", None),
        ("eli/bund/bgbl-1/1971/s120/regelungstext-verkuendung-1", "BUND-BGBL-1-1971-S120"),
        ("eli/bund/bgbl-1/2019/s77", "BUND-BGBL-1-2019-S77"),
        ("eli/bund/bgbl-1/1971/s120/1971-02-03/1/deu/regelungstext-verkuendung-1/art-z2_abs-z1/4-19.xml",
         "BUND-BGBL-1-1971-S120"),
    ],
)
def test_work_id_from_a_uri(uri: str, document_id: str | None):
    assert work_id(uri) == document_id


# -- the Kenyan amendment pair -----------------------------------------------------------


@pytest.mark.shared
def test_the_amending_act_declares_its_modifications(kenya: Path):
    reading = read(kenya, AMENDING)
    document = reading.document
    assert (document.id, document.revision, document.kind) == ("KE-ACT-2003-12-10-8", "2003-12-10", "amendment")
    assert (document.source.file, document.source.format) == (AMENDING, "akoma_ntoso")
    assert document.issued == dt.date(2003, 12, 10)
    # the original version (eng@) is the act as made; it came into force on its lifecycle event
    assert document.effective.from_ == dt.date(2003, 12, 19) and document.effective.until is None
    assert document.recorded == dt.datetime(2003, 12, 10, 23, 59, 59, 999999, tzinfo=dt.UTC)
    assert document.title == "THE RETIREMENT BENEFITS (AMENDMENT)"
    effective = dt.date(2003, 12, 19)
    principal, companies = "KE-ACT-1997-08-22-3", "KE-ACT-2002-12-12-5"
    assert edges_of(reading) == [
        (f"{principal}#2.1", "partial", True, effective, "KE-ACT-2003-12-10-8#2.1.a"),
        (f"{principal}#2.1", "partial", True, effective, "KE-ACT-2003-12-10-8#2.1.b"),
        (f"{principal}#22.3", "partial", True, effective, "KE-ACT-2003-12-10-8#3.1.a"),
        (f"{principal}#22.3", "partial", True, effective, "KE-ACT-2003-12-10-8#3.1.b"),
        (f"{principal}#34.2.a", "partial", True, effective, "KE-ACT-2003-12-10-8#4.1.a"),
        (f"{principal}#34.3", "partial", True, effective, "KE-ACT-2003-12-10-8#4.1.b"),
        (f"{principal}#37.1", "partial", True, effective, "KE-ACT-2003-12-10-8#5.1"),
        (f"{principal}#54", "partial", True, effective, "KE-ACT-2003-12-10-8#6.1"),
        (f"{companies}#311.1.c", "partial", True, effective, "KE-ACT-2003-12-10-8#7.1.a"),
        (f"{companies}#311.2", "partial", True, effective, "KE-ACT-2003-12-10-8#7.1.b"),
    ]
    assert {edge.source for edge in document.supersedes} == {Locator(doc="KE-ACT-2003-12-10-8", rev="2003-12-10")}
    assert all(edge.line for edge in document.supersedes)
    # what the act quotes for the other act (section 54A) is not a provision of its own
    assert [p.path for p in document.provisions] == [
        "1", "1.1", "2", "2.1", "2.1.a", "2.1.b", "3", "3.1", "3.1.a", "3.1.b", "4", "4.1",
        "4.1.a", "4.1.b", "5", "5.1", "6", "6.1", "7", "7.1", "7.1.a", "7.1.b",
    ]
    assert "54A\nConduct of prosecutions." in document.text_layer  # ...though its text is there
    assert_spans_hold(reading)
    assert reading.passive == ()


@pytest.mark.shared
def test_the_act_as_at_2003_12_19(kenya: Path):
    reading = read(kenya, PRINCIPAL)
    document = reading.document
    assert (document.id, document.revision, document.seq) == ("KE-ACT-1997-08-22-3", "2003-12-19", 20031219)
    assert document.kind == "other" and document.supersedes == ()
    assert document.issued == dt.date(1997, 8, 22)
    # temporalData: in force e1 (1997-08-29) to e2, then this version from e2 (2003-12-19)
    assert document.effective.from_ == dt.date(2003, 12, 19) and document.effective.until is None
    assert document.title == "THE RETIREMENTS BENEFITS ACT, 1997"
    sections = {p.path: p for p in document.provisions}
    assert {"part-I", "2", "2.1", "22.3", "34.2", "34.2.a", "34.3", "37.1", "54", "54A"} <= set(sections)
    item = sections["34.2.a"]
    assert isinstance(item, Section)
    assert (item.number, item.parent, item.depth) == ("(a)", "34.2", 3)
    assert item.text == "(a) a statement of assets and liabilities ;"
    assert sections["34.2"].text.startswith("(2) Within a period of three months")
    assert "(a) a statement of assets and liabilities" in sections["34.2"].text  # descendants included
    assert (sections["2"].heading, sections["2"].parent) == ("Interpretation.", "part-I")
    assert '"pooled fund" means a fund established' in sections["2.1"].text
    assert sections["54A"].heading == "Conduct of prosecutions."
    assert "Cap 75." not in sections["54A"].text  # a side note is not the act's text
    for provision in document.provisions:
        at = document.text_layer[provision.span.start : provision.span.end]
        assert at.startswith(provision.text[:40])
    assert_spans_hold(reading)
    assert any("attachment" in w.message and "not read" in w.message for w in reading.warnings)


@pytest.mark.shared
def test_passive_modifications_are_read_not_made_edges(kenya: Path):
    principal, amending = read(kenya, PRINCIPAL), read(kenya, AMENDING)
    assert len(principal.passive) == 9
    assert {p.source for p in principal.passive} == {Locator(doc="KE-ACT-2003-12-10-8")}
    assert {p.target.path for p in principal.passive} == {"2.1", "22.3", "34.2.a", "34.3", "37.1", "54A"}
    assert {p.kind for p in principal.passive} == {"substitution", "insertion"}
    # A caller holding both acts compares the two sides; they disagree on section 54A: the
    # amending act names section 54 (insert after it), the amended act the new 54A.
    active = {(e.source.doc, e.target.path) for e in amending.document.supersedes}
    unmatched = {p.target.path for p in principal.passive if (p.source.doc, p.target.path) not in active}
    assert unmatched == {"54A"}


@pytest.mark.shared
def test_repeals_are_deletions_and_a_missing_target_is_only_named(kenya: Path):
    reading = read(kenya, WILDLIFE)
    document = reading.document
    assert (document.id, document.revision, document.kind) == ("KE-ACT-1989-12-06-16", "1989-12-06", "amendment")
    assert document.effective.from_ == dt.date(1989, 12, 15)
    wildlife = "KE-ACT-1980-01-01-1"
    repeals = [
        (str(e.target), str(e.by)) for e in document.supersedes if not e.successor
    ]
    assert repeals == [
        (f"{wildlife}#50.3.c", "KE-ACT-1989-12-06-16#7.1.b"),
        (f"{wildlife}#52.3", "KE-ACT-1989-12-06-16#8.1.b"),
        (f"{wildlife}#58", "KE-ACT-1989-12-06-16#10.1"),  # one textualMod, three destinations
        (f"{wildlife}#59", "KE-ACT-1989-12-06-16#10.1"),
        (f"{wildlife}#60", "KE-ACT-1989-12-06-16#10.1"),
    ]
    assert all(e.scope == "full" for e in document.supersedes if not e.successor)
    # deleting two definitions (the words named by <old>) amends section 2, it does not repeal it
    section_2 = [e for e in document.supersedes if e.target.path == "2"]
    assert [(e.scope, e.successor) for e in section_2] == [("partial", True)] * 4
    # the targets are acts not among these files: edges like any other, told by target.doc
    assert {e.target.doc for e in document.supersedes} == {wildlife, "KE-ACT-1982-12-12-2"}
    assert Locator(doc=wildlife) in {e.target for e in document.supersedes}  # the whole act
    dangling = [w for w in reading.warnings if "names no element of this act" in w.message]
    assert [w.line for w in dangling] == [46, 52, 58, 65, 71, 77]
    assert_spans_hold(reading)


# -- AKN 3.0 ----------------------------------------------------------------------------

AKN3_ACT = f"""\
<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="{AKN3}">
  <act name="act">
    <meta>
      <identification source="#drafter">
        <FRBRWork>
          <FRBRthis value="/akn/za/act/2020-03-01/7/!main"/>
          <FRBRuri value="/akn/za/act/2020-03-01/7"/>
          <FRBRdate date="2020-03-01" name="Generation"/>
          <FRBRauthor href="#parliament"/>
          <FRBRcountry value="za"/>
          <FRBRnumber value="7"/>
        </FRBRWork>
        <FRBRExpression>
          <FRBRthis value="/akn/za/act/2020-03-01/7/eng@2020-04-01/!main"/>
          <FRBRuri value="/akn/za/act/2020-03-01/7/eng@2020-04-01"/>
          <FRBRdate date="2020-04-01" name="Generation"/>
          <FRBRauthor href="#parliament"/>
          <FRBRlanguage language="eng"/>
        </FRBRExpression>
        <FRBRManifestation>
          <FRBRthis value="/akn/za/act/2020-03-01/7/eng@2020-04-01/!main.xml"/>
          <FRBRuri value="/akn/za/act/2020-03-01/7/eng@2020-04-01.akn"/>
          <FRBRdate date="2020-05-02" name="Markup"/>
          <FRBRauthor href="#drafter"/>
        </FRBRManifestation>
      </identification>
      <lifecycle source="#drafter">
        <eventRef eId="e1" date="2020-03-01" source="#original" type="generation"/>
        <eventRef eId="e2" date="2020-04-01" source="#original" type="amendment"/>
        <eventRef eId="e3" date="2020-07-01" source="#original" type="amendment"/>
      </lifecycle>
      <analysis source="#drafter">
        <activeModifications>
          <textualMod type="repeal" eId="amod_1" period="#t2">
            <source href="#sec_2"/>
            <destination href="/akn/za/act/2010-01-01/3/~sec_4"/>
          </textualMod>
          <textualMod type="substitution" eId="amod_2">
            <source href="#mod_1"/>
            <destination href="/akn/za/act/2010-01-01/3/!main#sec_5__subsec_2"/>
          </textualMod>
        </activeModifications>
      </analysis>
      <temporalData source="#drafter">
        <temporalGroup eId="t1"><timeInterval start="#e2" refersTo="#inForce"/></temporalGroup>
        <temporalGroup eId="t2"><timeInterval start="#e3" refersTo="#inForce"/></temporalGroup>
      </temporalData>
      <references source="#drafter">
        <original eId="original" href="/akn/za/act/2020-03-01/7/eng@" showAs="Original"/>
        <TLCConcept eId="inForce" href="/ontology/concept/inForce" showAs="in force"/>
      </references>
    </meta>
    <preface>
      <longTitle><p>To amend the <shortTitle>Water Services Amendment Act, 2020</shortTitle></p></longTitle>
    </preface>
    <body>
      <chapter eId="chp_1">
        <num>1</num>
        <heading>Amendments</heading>
        <section eId="sec_1">
          <num>1.</num>
          <heading>Amendment of section 5</heading>
          <subsection eId="sec_1__subsec_1">
            <num>(1)</num>
            <intro><p>Section 5 of the principal Act is amended-</p></intro>
            <paragraph eId="sec_1__subsec_1__para_a">
              <num>(a)</num>
              <content><p>by deleting subsection (1); and</p></content>
            </paragraph>
            <paragraph eId="sec_1__subsec_1__para_b">
              <num>(b)</num>
              <content><p>in subsection (2), by <mod eId="mod_1">substituting
                "<quotedText>30 days</quotedText>" for "14 days"</mod>.</p></content>
            </paragraph>
          </subsection>
        </section>
        <section eId="sec_2">
          <num>2.</num>
          <heading>Repeal of section 4</heading>
          <content><p>Section 4 of the principal Act is repealed.</p></content>
        </section>
      </chapter>
    </body>
  </act>
</akomaNtoso>
"""


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / "documents" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_akn3_reads_the_same_way(tmp_path: Path):
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", AKN3_ACT), tmp_path)
    document = reading.document
    assert (document.id, document.revision, document.seq) == ("ZA-ACT-2020-03-01-7", "2020-04-01", 20200401)
    assert (document.kind, document.title) == ("amendment", "Water Services Amendment Act, 2020")
    assert document.source.file == "documents/water.xml"
    assert document.effective.from_ == dt.date(2020, 4, 1) and document.effective.until is None
    sections = {p.path: p for p in document.provisions}
    assert list(sections) == ["chapter-1", "1", "1.1", "1.1.a", "1.1.b", "2"]
    assert (sections["1"].parent, sections["1"].depth, sections["1"].number) == ("chapter-1", 1, "1.")
    assert (sections["1.1.b"].parent, sections["1.1.b"].number) == ("1.1", "(b)")
    assert sections["1.1.b"].text == '(b) in subsection (2), by substituting "30 days" for "14 days".'
    assert sections["1.1"].text.startswith("(1) Section 5 of the principal Act is amended-\n\n(a) by deleting")
    assert_spans_hold(reading)
    target = "ZA-ACT-2010-01-01-3"
    assert edges_of(reading) == [
        # the repeal takes effect when its own period starts (e3), not with the act
        (f"{target}#4", "full", False, dt.date(2020, 7, 1), "ZA-ACT-2020-03-01-7#2"),
        (f"{target}#5.2", "partial", True, dt.date(2020, 4, 1), "ZA-ACT-2020-03-01-7#1.1.b"),
    ]
    assert reading.warnings == ()


def test_akn3_without_lifecycle_is_in_force_from_its_version_date_with_a_warning(tmp_path: Path):
    text = AKN3_ACT.replace(' period="#t2"', "")
    for element in ("lifecycle", "temporalData"):
        start, end = text.index(f"<{element}"), text.index(f"</{element}>") + len(element) + 3
        text = text[:start] + text[end:]
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    assert reading.document.effective.from_ == dt.date(2020, 4, 1)
    assert [edge.effective for edge in reading.document.supersedes] == [dt.date(2020, 4, 1)] * 2
    assert any("no <lifecycle>" in w.message for w in reading.warnings)


# -- bad input --------------------------------------------------------------------------


def errors_of(excinfo: pytest.ExceptionInfo[InputErrors]) -> list[str]:
    return [str(error) for error in excinfo.value.exceptions]


def test_malformed_xml_names_the_file_and_line(tmp_path: Path):
    path = write(tmp_path, "broken.xml", f'<akomaNtoso xmlns="{AKN2}">\n  <act>\n    <meta>\n  </act>\n')
    with pytest.raises(InputErrors) as excinfo:
        read_akoma_ntoso(path, tmp_path)
    [error] = excinfo.value.exceptions
    assert (error.file, error.line) == ("documents/broken.xml", 4)
    assert "not well-formed XML" in error.message
    assert errors_of(excinfo)[0].startswith("documents/broken.xml:4")


@pytest.mark.parametrize(
    "text",
    [
        "<html><body><p>not an act</p></body></html>",
        '<akomaNtoso xmlns="http://example.org/other"><act/></akomaNtoso>',
        "<akomaNtoso><act/></akomaNtoso>",
    ],
)
def test_xml_in_a_dialect_inforce_cannot_read_is_left_out_by_name(tmp_path: Path, text: str):
    """Not a corpus error: the file is reported as not read, and the others ingest."""
    path = write(tmp_path, "other.xml", text)
    with pytest.raises(UnreadableFileError) as excinfo:
        read_akoma_ntoso(path, tmp_path)
    error = excinfo.value
    assert error.file == "documents/other.xml" and error.line == 1
    assert "not an Akoma Ntoso document inforce reads" in error.message and "not ingested" in error.message


def test_a_work_without_a_uri_is_an_error_at_its_line(tmp_path: Path):
    text = AKN3_ACT.replace('<FRBRthis value="/akn/za/act/2020-03-01/7/!main"/>', "").replace(
        '<FRBRuri value="/akn/za/act/2020-03-01/7"/>', ""
    )
    path = write(tmp_path, "water.xml", text)
    with pytest.raises(InputErrors) as excinfo:
        read_akoma_ntoso(path, tmp_path)
    [error] = excinfo.value.exceptions
    assert (error.file, error.line) == ("documents/water.xml", text[: text.index("<FRBRWork>")].count("\n") + 1)
    assert "no URI" in error.message


def test_a_destination_that_names_no_provision_is_a_warning_at_its_line(tmp_path: Path):
    """A title or a preamble is changed too, but inforce keeps no provision for it: the
    modification is said at its line, and the act's other modifications stand."""
    text = AKN3_ACT.replace("!main#sec_5__subsec_2", "!main#longTitle")
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    assert [str(edge.target) for edge in reading.document.supersedes] == ["ZA-ACT-2010-01-01-3#4"]
    [warning] = reading.warnings
    assert "'longTitle', which is not a provision" in warning.message and "no supersession" in warning.message
    assert warning.line == text[: text.index("#longTitle")].count("\n") + 1


def test_an_act_with_no_provisions_is_unreadable(tmp_path: Path):
    start, end = AKN3_ACT.index("<body>"), AKN3_ACT.index("</body>")
    text = AKN3_ACT[:start] + "<body><p>Nothing numbered here.</p>" + AKN3_ACT[end:]
    with pytest.raises(UnreadableFileError) as excinfo:
        read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    assert excinfo.value.file == "documents/water.xml"


def test_an_act_whose_only_provision_has_an_unreadable_id_names_it_at_its_line(tmp_path: Path):
    """Audit 73 B F1: an act whose one section's eId gives no path ("s1") was left out as having
    "no section ... with an eId" (it has one), at no line; it is now named, with its line."""
    start, end = AKN3_ACT.index("<body>"), AKN3_ACT.index("</body>")
    text = AKN3_ACT[:start] + '<body>\n<section eId="s1"><num>1</num><content><p>Dues are paid.</p></content></section>\n' + AKN3_ACT[end:]
    with pytest.raises(UnreadableFileError) as excinfo:
        read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    error = excinfo.value
    assert (error.file, error.line) == ("documents/water.xml", text[: text.index('eId="s1"')].count("\n") + 1)
    assert "no eId of its 1 provision(s) gives a section path (the first, 's1'" in error.message, error.message


def test_a_top_level_provision_with_an_unreadable_id_is_said_kept_in_the_document_text(tmp_path: Path):
    """Audit 73 B F1: beside a readable section, a top-level section whose eId gives no path was
    said to be "part of the provision around it" - there is none. Its words are in the document's
    text, outside every section (as a Markdown document's words before its first heading), and the
    warning says so at its line; one inside a provision still says it joins that provision."""
    start, end = AKN3_ACT.index("<body>"), AKN3_ACT.index("</body>")
    body = ('<body>\n<section eId="sec 1"><num>1</num><content><p>Dues are paid.</p></content></section>\n'
            '<section eId="sec_2"><num>2</num><content><p>Other.</p></content>\n'
            '<subsection eId="sec_2 x"><num>(1)</num><content><p>Inside.</p></content></subsection></section>\n')
    text = AKN3_ACT[:start] + body + AKN3_ACT[end:]
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    document = reading.document
    assert [p.path for p in document.provisions] == ["2"]
    assert "Dues are paid." in document.text_layer and "Inside." in document.provisions[0].text
    said = {w.line: w.message for w in reading.warnings if "cannot read a section path" in w.message}
    first, inner = (text[: text.index(marker)].count("\n") + 1 for marker in ('eId="sec 1"', 'eId="sec_2 x"'))
    assert "its text is kept in the document's text, outside every section" in said[first], said
    assert "its text is part of the provision around it" in said[inner], said


def test_a_modification_inforce_cannot_read_is_said_not_skipped(tmp_path: Path):
    text = AKN3_ACT.replace('type="substitution"', 'type="renumbering"')
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    assert [str(edge.target) for edge in reading.document.supersedes] == ["ZA-ACT-2010-01-01-3#4"]
    [warning] = reading.warnings
    assert "'renumbering'" in warning.message and warning.line == text[: text.index('type="renumbering"')].count("\n") + 1


def test_an_impossible_date_is_an_error_at_its_line(tmp_path: Path):
    text = AKN3_ACT.replace('date="2020-07-01"', 'date="2020-07-32"')
    with pytest.raises(InputErrors) as excinfo:
        read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    assert any(
        "not a date: '2020-07-32'" in error.message
        and error.line == text[: text.index("2020-07-32")].count("\n") + 1
        for error in excinfo.value.exceptions
    )


def test_a_register_row_adds_what_the_act_does_not_say(tmp_path: Path):
    path = write(tmp_path, "water.xml", AKN3_ACT)
    row = RegisterRow(
        line=2,
        values={"file": "documents/water.xml", "kind": "policy", "access": "legal;records", "revision": "2020-04-01"},
    )
    register = Register(file="register.csv", rows=[row], by_file={"documents/water.xml": row})
    document, _ = parse_document_with_warnings(path, tmp_path, register=register)
    assert (document.kind, document.access, document.revision) == ("policy", ("legal", "records"), "2020-04-01")
    assert document.source.format == "akoma_ntoso" and len(document.supersedes) == 2


def test_a_register_row_that_contradicts_the_act_names_both(tmp_path: Path):
    path = write(tmp_path, "water.xml", AKN3_ACT)
    row = RegisterRow(line=3, values={"file": "documents/water.xml", "revision": "2020-05-01"})
    register = Register(file="register.csv", rows=[row], by_file={"documents/water.xml": row})
    with pytest.raises(InputErrors) as excinfo:
        parse_document_with_warnings(path, tmp_path, register=register)
    [error] = excinfo.value.exceptions
    meta = AKN3_ACT[: AKN3_ACT.index("<meta>")].count("\n") + 1
    assert (error.file, error.line, error.field) == ("register.csv", 3, "revision")
    assert f"documents/water.xml:{meta} says 2020-04-01" in error.message


@pytest.mark.parametrize(
    "doctype",
    ['<!DOCTYPE akomaNtoso [<!ENTITY amount "500"><!ENTITY nbsp "&#160;">]>', '<!DOCTYPE akomaNtoso SYSTEM "akomantoso30.dtd">'],
    ids=["declared", "external"],
)
def test_an_entity_reference_is_an_error_naming_it_not_words_lost(tmp_path: Path, doctype: str):
    """No entity is expanded (as Word's reader refuses them); an unexpanded one was read as
    nothing, and "A fee of &amount; rand" became "A fee of rand"."""
    text = AKN3_ACT.replace("<akomaNtoso", doctype + "\n<akomaNtoso", 1)
    old = "<content><p>Section 4 of the principal Act is repealed.</p></content>"
    text = text.replace(old, "<content><p>A fee of &amount; rand,\n&nbsp;payable.</p></content>")
    with pytest.raises(InputErrors) as excinfo:
        read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    line = text.splitlines().index(next(x for x in text.splitlines() if "&amount;" in x)) + 1
    found = [(e.file, e.line) for e in excinfo.value.exceptions]
    declared = 2 if "ENTITY" in doctype else 0  # each declaration is an error too (test below)
    assert found[declared:] == [("documents/water.xml", line), ("documents/water.xml", line + 1)]
    assert "&amount;" in errors_of(excinfo)[declared] and "&nbsp;" in errors_of(excinfo)[declared + 1]


def test_an_entity_declared_for_an_attribute_is_an_error_naming_it(tmp_path: Path):
    """libxml2 expands entities in attribute values whatever resolve_entities says: a repeal
    took its type and date from the DTD (``type="&rep;"``, ``date="&d;"``) without a word."""
    doctype = '<!DOCTYPE akomaNtoso [<!ENTITY rep "repeal">\n<!ENTITY d "2020-07-01">]>\n'
    text = AKN3_ACT.replace("<akomaNtoso", doctype + "<akomaNtoso", 1)
    text = text.replace('<eventRef eId="e3" date="2020-07-01"', '<eventRef eId="e3" date="&d;"', 1)
    text = text.replace('textualMod type="repeal"', 'textualMod type="&rep;"', 1)
    assert "&d;" in text and "&rep;" in text
    with pytest.raises(InputErrors) as excinfo:
        read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    line = text.splitlines().index(next(x for x in text.splitlines() if "ENTITY rep" in x)) + 1
    assert [(e.file, e.line) for e in excinfo.value.exceptions] == [("documents/water.xml", line),
                                                                   ("documents/water.xml", line + 1)]
    assert "declares the entity rep" in errors_of(excinfo)[0] and "declares the entity d " in errors_of(excinfo)[1]


@pytest.mark.parametrize("before", ["", "<!-- ]> -->"], ids=["plain", "after a bracket in a comment"])
def test_entities_declared_to_expand_into_each_other_are_refused_before_any_is_expanded(tmp_path: Path, before: str):
    """Audit 86 B L1, 87 B F2: a billion laughs in the DOCTYPE (also after a ``]>`` in a comment) was expanded
    by libxml2 up to its amplification limit (seconds, 140 MB), then named in its words at line 1, column 4;
    now the first declaration whose value refers to another entity is an error of our own at its line, the
    file not parsed."""
    levels = "".join(f'<!ENTITY l{n} "{f"&l{n - 1};" * 10}">' for n in range(1, 9))
    doctype = f'<!DOCTYPE akomaNtoso [{before}\n<!ENTITY l0 "laugh">\n{levels}]>\n'
    text = AKN3_ACT.replace("<akomaNtoso", doctype + "<akomaNtoso", 1).replace(
        "<content><p>Section 4 of the principal Act is repealed.</p></content>", "<content><p>&l8;</p></content>")
    with pytest.raises(InputErrors) as excinfo:
        read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    line = text.splitlines().index(next(x for x in text.splitlines() if "ENTITY l1" in x)) + 1
    assert [(e.file, e.line) for e in excinfo.value.exceptions] == [("documents/water.xml", line)]
    assert "declares the entity l1 (no entity is expanded)" in errors_of(excinfo)[0], errors_of(excinfo)
    assert "amplification" not in errors_of(excinfo)[0]


@pytest.mark.parametrize("hiding", ["<!-- ]> -->", "<?pi ]> ?>", '<!ENTITY z "]>">'], ids=["comment", "pi", "value"])
def test_a_declaration_after_a_bracket_in_a_comment_or_literal_is_still_refused(tmp_path: Path, hiding: str):
    """Audit 87 B F1, F2: a ``]>`` inside a comment, a processing instruction or an entity's value was taken as the
    internal subset's end, and an attribute list (or an expanding entity) after it passed unrefused."""
    doctype = f'<!DOCTYPE akomaNtoso [{hiding}\n<!ATTLIST textualMod type CDATA "repeal">]>\n'
    text = AKN3_ACT.replace("<akomaNtoso", doctype + "<akomaNtoso", 1).replace('textualMod type="repeal"', "textualMod", 1)
    with pytest.raises(InputErrors) as excinfo:
        read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    said = " ".join(errors_of(excinfo))
    line = text.splitlines().index('<!ATTLIST textualMod type CDATA "repeal">]>') + 1
    assert ("documents/water.xml", line) in [(e.file, e.line) for e in excinfo.value.exceptions], said
    assert "declares attributes of <textualMod>" in said, said


def test_an_attribute_list_the_doctype_declares_is_an_error_naming_it(tmp_path: Path):
    """Audit 63 F03: <!ATTLIST textualMod type CDATA "repeal"> gave a modification that writes no
    type the type repeal, without a word (libxml2 sets a declared default on each element)."""
    doctype = '<!DOCTYPE akomaNtoso [\n<!ATTLIST textualMod type CDATA "repeal">]>\n'
    text = AKN3_ACT.replace("<akomaNtoso", doctype + "<akomaNtoso", 1).replace('textualMod type="repeal"', "textualMod", 1)
    assert "<textualMod " in text and "ATTLIST" in text
    with pytest.raises(InputErrors) as excinfo:
        read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    line = text.splitlines().index('<!ATTLIST textualMod type CDATA "repeal">]>') + 1
    assert [(e.file, e.line) for e in excinfo.value.exceptions] == [("documents/water.xml", line)]
    assert "declares attributes of <textualMod>" in errors_of(excinfo)[0]


def test_xml_own_entities_and_character_references_are_read(tmp_path: Path):
    old = "Section 4 of the principal Act is repealed."
    text = AKN3_ACT.replace(old, "Fees &amp; charges &lt;R500&gt; &#169; &#x2014; repealed.")
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    [section] = [p for p in reading.document.provisions if p.path == "2"]
    assert section.text.endswith("Fees & charges <R500> \u00a9 \u2014 repealed.")


# -- application profiles and what real files hold ----------------------------------------

LDML = "http://Inhaltsdaten.LegalDocML.de/1.7.1/"
#: A LegalDocML.de amending law, written here: ELI work URIs, ``name-value`` eIds, a
#: ``<force period>`` child, and a destination naming an element and a range of characters.
LDML_ACT = f"""\
<?xml version="1.0" encoding="UTF-8"?>
<akn:akomaNtoso xmlns:akn="{LDML}">
  <akn:act name="regelungstext">
    <akn:meta eId="meta-n1">
      <akn:identification eId="meta-n1_ident-n1" source="x">
        <akn:FRBRWork eId="meta-n1_ident-n1_frbrwork-n1">
          <akn:FRBRthis value="eli/bund/bgbl-1/2019/s77/regelungstext-verkuendung-1"/>
          <akn:FRBRuri value="eli/bund/bgbl-1/2019/s77"/>
          <akn:FRBRdate name="ausfertigung" date="2019-05-06"/>
        </akn:FRBRWork>
        <akn:FRBRExpression eId="meta-n1_ident-n1_frbrexpression-n1">
          <akn:FRBRthis value="eli/bund/bgbl-1/2019/s77/2019-05-06/1/deu/regelungstext-verkuendung-1"/>
          <akn:FRBRuri value="eli/bund/bgbl-1/2019/s77/2019-05-06/1/deu"/>
          <akn:FRBRdate name="verkuendung" date="2019-05-06"/>
        </akn:FRBRExpression>
      </akn:identification>
      <akn:lifecycle eId="meta-n1_lebzykl-n1" source="x">
        <akn:eventRef eId="meta-n1_lebzykl-n1_ereignis-n1" date="2019-05-06" type="generation"/>
        <akn:eventRef eId="meta-n1_lebzykl-n1_ereignis-n2" date="2019-06-01" type="generation"/>
      </akn:lifecycle>
      <akn:analysis eId="meta-n1_analysis-n1" source="x">
        <akn:activeModifications eId="meta-n1_analysis-n1_activemod-n1">
          <akn:textualMod type="substitution" eId="meta-n1_analysis-n1_activemod-n1_textualmod-n1">
            <akn:source href="#art-z1_abs-z_untergl-n1_listenelem-n1_ändbefehl-n1"/>
            <akn:destination href="eli/bund/bgbl-1/1971/s120/1971-02-03/1/deu/regelungstext-verkuendung-1/art-z2_abs-z1/4-19.xml"/>
            <akn:force period="#meta-n1_geltzeiten-n1_geltungszeitgr-n1"/>
          </akn:textualMod>
        </akn:activeModifications>
      </akn:analysis>
      <akn:temporalData eId="meta-n1_geltzeiten-n1" source="x">
        <akn:temporalGroup eId="meta-n1_geltzeiten-n1_geltungszeitgr-n1">
          <akn:timeInterval eId="meta-n1_geltzeiten-n1_geltungszeitgr-n1_gelzeitintervall-n1"
                            refersTo="geltungszeit" start="#meta-n1_lebzykl-n1_ereignis-n2"/>
        </akn:temporalGroup>
      </akn:temporalData>
    </akn:meta>
    <akn:preface eId="einleitung-n1">
      <akn:longTitle eId="einleitung-n1_doktitel-n1"><akn:p eId="einleitung-n1_doktitel-n1_text-n1">
        <akn:docTitle eId="einleitung-n1_doktitel-n1_text-n1_doctitel-n1">Law on the keeping of beehives</akn:docTitle>
      </akn:p></akn:longTitle>
    </akn:preface>
    <akn:body eId="hauptteil-n1">
      <akn:article eId="art-z1">
        <akn:num eId="art-z1_bezeichnung-n1">Article 1</akn:num>
        <akn:heading eId="art-z1_überschrift-n1">Change of the hive law</akn:heading>
        <akn:paragraph eId="art-z1_abs-z">
          <akn:num eId="art-z1_abs-z_bezeichnung-n1"/>
          <akn:list eId="art-z1_abs-z_untergl-n1">
            <akn:point eId="art-z1_abs-z_untergl-n1_listenelem-n1">
              <akn:num eId="art-z1_abs-z_untergl-n1_listenelem-n1_bezeichnung-n1">1.</akn:num>
              <akn:content eId="art-z1_abs-z_untergl-n1_listenelem-n1_inhalt-n1">
                <akn:p eId="art-z1_abs-z_untergl-n1_listenelem-n1_inhalt-n1_text-n1"><akn:mod
                  eId="art-z1_abs-z_untergl-n1_listenelem-n1_ändbefehl-n1">In section 2(1) the words
                  <akn:quotedText eId="art-z1_abs-z_untergl-n1_listenelem-n1_ändbefehl-n1_quottext-n1">ten hives</akn:quotedText>
                  become <akn:quotedText eId="art-z1_abs-z_untergl-n1_listenelem-n1_ändbefehl-n1_quottext-n2">twelve hives</akn:quotedText>.</akn:mod></akn:p>
              </akn:content>
            </akn:point>
          </akn:list>
        </akn:paragraph>
      </akn:article>
      <akn:article eId="art-z2">
        <akn:num eId="art-z2_bezeichnung-n1">Article 2</akn:num>
        <akn:paragraph eId="art-z2_abs-z">
          <akn:content eId="art-z2_abs-z_inhalt-n1"><akn:p eId="art-z2_abs-z_inhalt-n1_text-n1">This law takes effect on the first of June.</akn:p></akn:content>
        </akn:paragraph>
      </akn:article>
    </akn:body>
  </akn:act>
</akn:akomaNtoso>
"""


def test_a_legaldocml_de_act_reads_as_the_standard(tmp_path: Path):
    reading = read_akoma_ntoso(write(tmp_path, "hives.xml", LDML_ACT), tmp_path)
    document = reading.document
    assert (document.id, document.revision, document.kind) == ("BUND-BGBL-1-2019-S77", "2019-05-06", "amendment")
    assert document.title == "Law on the keeping of beehives"
    # geltungszeit is the profile's in-force period
    assert document.effective.from_ == dt.date(2019, 6, 1)
    sections = {p.path: p for p in document.provisions}
    assert list(sections) == ["1", "1.1", "2"]  # an unnumbered paragraph is its article's text
    assert sections["1.1"].text.startswith("1. In section 2(1) the words ten hives become twelve hives")
    assert sections["2"].text == "Article 2 This law takes effect on the first of June."
    # the destination's element (its character range read as the element), effective with
    # its <force period>, carried by the provision around the source
    assert edges_of(reading) == [("BUND-BGBL-1-1971-S120#2.1", "partial", True, dt.date(2019, 6, 1),
                                  "BUND-BGBL-1-2019-S77#1.1")]
    assert reading.warnings == ()
    assert_spans_hold(reading)


def test_a_further_act_in_one_file_is_said_not_dropped(tmp_path: Path):
    body_end = AKN3_ACT.index("</akomaNtoso>")
    second = AKN3_ACT[AKN3_ACT.index("  <act"): body_end].replace("2020-03-01/7", "2020-03-01/8")
    text = AKN3_ACT[:body_end] + second + AKN3_ACT[body_end:]
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    assert reading.document.id == "ZA-ACT-2020-03-01-7"
    [warning] = reading.warnings
    assert warning.line == text[:body_end].count("\n") + 1  # the second <act>'s line
    assert "a further <act> '/akn/za/act/2020-03-01/8' in this file is not read" in warning.message
    assert "the <act> at line 3" in warning.message
    assert warning.hint and "its own file" in warning.hint


def test_a_modification_other_than_textual_is_said(tmp_path: Path):
    text = AKN3_ACT.replace(
        "</activeModifications>",
        '<forceMod type="entryIntoForce" eId="fmod_1"><source href="#sec_2"/>'
        '<destination href="/akn/za/act/2010-01-01/3"/></forceMod></activeModifications>')
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    assert len(reading.document.supersedes) == 2
    [warning] = reading.warnings
    assert "<forceMod> fmod_1 of type 'entryIntoForce': not read" in warning.message
    assert warning.line == text[: text.index("<forceMod")].count("\n") + 1


def test_a_work_date_that_contradicts_its_uri_gives_way_to_the_uri(tmp_path: Path):
    text = AKN3_ACT.replace('<FRBRdate date="2020-03-01" name="Generation"/>',
                            '<FRBRdate date="1951-11-30" name="Generation"/>')
    reading = read_akoma_ntoso(write(tmp_path, "water.xml", text), tmp_path)
    assert reading.document.issued == dt.date(2020, 3, 1)
    [warning] = reading.warnings
    assert "FRBRdate 1951-11-30 is not the date of its URI" in warning.message
    assert warning.line == text[: text.index("1951-11-30")].count("\n") + 1
