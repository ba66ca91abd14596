"""Items of held-out-76's forms that were proposed or misplaced though they say what they change (issue 21): an
addendum's own decimal item number ("2.3.1 Devis ..., article 1.2 : ...") is its label, not a paragraph, where the
item names its clause in a document named by its exact title; a state highway subsection's quoted title ("Section
20-1.01, "CONSTRUCTION,"") is the subsection's, no document's; a subsection the outline does not hold "revised as
follows" changes its section in part; a sheet "revised" in one sentence and attached "to take the place of" it in
the next is replaced whole; "Section 3, Erection:" is the part so numbered and titled of the tender's one
document when the project's "Section 3" is another tender's. Words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_project, start_project, write_sheet
from corpus_writer import write_doc

_DEVIS = """DEVIS TECHNIQUE - VOIRIE

1 GÉNÉRALITÉS

1.1 Les travaux comprennent la reconstruction de la rue des Érables.

1.2 Les matériaux granulaires doivent être compactés à 90 % du Proctor modifié.

1.3 Les bordures doivent être en béton coulé en place.

2 PAVAGE

2.1 Le revêtement doit être posé en deux couches.

2.2 L'entrepreneur doit fournir les fiches des enrobés.
"""


def _devis(root: Path, rules, body: str):
    start_project(root, "fx101c-devis")
    write_doc(root, "SPEC-F101C-DTV", "2027-04-01", _DEVIS, kind="specification",
              title="Devis technique - Génie civil, reconstruction du garage municipal de Saint-Roch, dossier 311 07 552")
    head = ("ADDENDA NO V-03\n\nDESCRIPTION\n\n2.0 GÉNIE CIVIL (civil)\n\n2.3 Devis technique - génie civil (civil specification)\n\n")
    write_doc(root, "ADD-F101C-03", "2027-04-20", head + body, kind="addendum", title="Addenda no V-03, reconstruction du garage municipal de Saint-Roch, dossier 311 07 552")
    reading = read_project(root, rules, "ADD-F101C-03")
    return ({(e.target.format(), e.scope, e.successor) for e in reading.applied},
            {(p.target.format(), p.scope, p.successor) for p in reading.proposed})


@pytest.mark.parametrize(("line", "expected"), [
    ("2.3.1 Devis technique de génie civil, article 1.2 : remplacer « 90 % » par « 95 % ».", ("SPEC-F101C-DTV#1.2", "partial", True)),
    ("2.3.2 Devis technique de génie civil : l'article 2.1 est remplacé par le suivant : « 2.1 Le revêtement doit être posé en "
     "trois couches. »", ("SPEC-F101C-DTV#2.1", "full", True)),
    ("2.3.3 Devis technique de génie civil : l'article 1.3 est annulé. Les bordures existantes sont conservées.",
     ("SPEC-F101C-DTV#1.3", "full", False)),
])
def test_an_items_own_decimal_number_is_no_paragraph_when_it_names_its_clause(tmp_path, rules, line, expected):
    applied, proposed = _devis(tmp_path, rules, line + "\n")
    assert applied == {expected}, (applied, proposed)


def test_an_items_number_naming_no_clause_of_its_own_still_asks(tmp_path, rules):
    # (the number may be the paragraph itself: nothing else in the item says which clause changes)
    applied, proposed = _devis(tmp_path, rules, "2.3.4 Devis technique de génie civil : remplacer « deux couches » par « trois couches ».\n")
    assert not applied, (applied, proposed)


_PROVISIONS = """SPECIAL PROVISIONS

SECTION 20 EARTHWORK

20-1.01 GENERAL

Earthwork is as shown in the Standard Specifications.

SECTION 31 ASPHALT

31-1.01 CONSTRUCTION

Spread each layer with a paver. Roll each layer at once.
"""


def _provisions(root: Path, rules, body: str):
    start_project(root, "fx101c-provisions")
    write_doc(root, "SPEC-F101C-SP", "2027-03-01", _PROVISIONS, kind="specification",
              title="Special Provisions, Contract 5520, Oak Valley Road Overlay")
    for doc, title in (("SPEC-F101C-CM", "Construction Management Plan, Riverside Library"),
                       ("SPEC-F101C-CW", "Construction Waste Management, Riverside Library"),
                       ("SPEC-F101C-TC", "Temporary Construction Facilities, Riverside Library")):
        write_doc(root, doc, "2027-03-01", "1 GENERAL\n\n1.1 Scope.\n\n1.3 Records.\n", kind="specification", title=title)
    write_sheet(root, "R-3", "2027-03-01")
    head = "ADDENDUM NO. 2\n\nTo All Prospective Bidders:\n\nThis addendum revises the Special Provisions and the Project Plans.\n\n"
    write_doc(root, "ADD-F101C-02", "2027-03-20", head + body, kind="addendum", title="Addendum No. 2")
    reading = read_project(root, rules, "ADD-F101C-02")
    return ({(e.target.format(), e.scope, e.successor) for e in reading.applied},
            {(p.target.format(), p.scope, p.successor) for p in reading.proposed})


def test_a_subsections_quoted_title_is_no_documents(tmp_path, rules):
    body = ('In the Special Provisions, Section 31-1.01, "CONSTRUCTION," the following sentence is added after the first '
            'sentence: "Use a material transfer vehicle."\n')
    applied, proposed = _provisions(tmp_path, rules, body)
    assert applied == {("SPEC-F101C-SP#31", "partial", True)}, (applied, proposed)


def test_a_subsection_the_outline_lacks_revised_as_follows_changes_its_section_in_part(tmp_path, rules):
    body = ('In the Special Provisions, Section 20-1.01, "GENERAL," the second paragraph is revised as follows: '
            '"Haul routes are as approved by the Engineer."\n')
    applied, proposed = _provisions(tmp_path, rules, body)
    assert applied == {("SPEC-F101C-SP#20", "partial", True)}, (applied, proposed)


@pytest.mark.parametrize("body", [
    'Project Plan Sheet R-3 is revised. A reduced print of the revised sheet, marked "Addendum No. 2," is attached to '
    'take the place of the sheet of the same number.',
    "Sheet R-3 has been revised. The revised sheet is attached to take the place of the sheet bid on.",
])
def test_a_sheet_revised_then_attached_in_its_place_is_replaced(tmp_path, rules, body):
    applied, proposed = _provisions(tmp_path, rules, body + "\n")
    assert applied == {("DWG-R-3", "full", True)}, (applied, proposed)


_TENDER_SPEC = """1 GENERAL

1.1 The Work is the supply and erection of a timber boardwalk.

2 MATERIALS

2.1 Timber shall be pressure treated.

3 ERECTION

3.1 Piles shall be driven to refusal.

3.2 Decking shall be fastened with stainless steel screws.
"""


def test_a_section_by_number_and_title_is_the_tenders_part(tmp_path, rules):
    start_project(tmp_path, "fx101c-tender")
    write_doc(tmp_path, "SPEC-F101C-TS", "2027-05-01", _TENDER_SPEC, kind="specification",
              title="Specifications, Tender No. 2027-31, Supply and Erection of the Lakeshore Boardwalk")
    for doc, title in (("SPEC-F101C-S3A", "Section 3 Technical Specifications, Tender Notice 4 of 2026, Harbour Seawall Repairs"),
                       ("SPEC-F101C-S3B", "Section 3 Scope of Works, Tender Notice 9 of 2026, Market Roof Replacement")):
        write_doc(tmp_path, doc, "2027-05-01", "1 GENERAL\n\n1.1 Scope.\n\n3 EXCAVATION\n\n3.1 Trenches.\n",
                  kind="specification", title=title)
    body = ("The following changes to the Tender documents are made by this Addendum.\n\n"
            '4. Page - 6 -, Section 3, Erection: add the following new Clause 3.3: "3.3 Handrails shall be fixed '
            'before the boardwalk is opened."\n\n'
            '5. Page - 6 -, Section 3, Excavation: add the following new Clause 3.2: "3.2 Trenches shall be shored."\n')
    write_doc(tmp_path, "ADD-F101C-01", "2027-05-15", body, kind="addendum",
              title="Addendum No. 1, Tender No. 2027-31, Supply and Erection of the Lakeshore Boardwalk")
    reading = read_project(tmp_path, rules, "ADD-F101C-01")
    applied = {(e.target.format(), e.scope, e.successor) for e in reading.applied}
    # (the second names a part titled as none of the tender's is: never placed in another tender's document)
    assert applied == {("SPEC-F101C-TS#3", "partial", True)}, (applied, reading.proposed)
