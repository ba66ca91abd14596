"""Round 81 of issue 21: where a clause an item adds as new ("Add the following new Clause 3.3 after Clause 3.2",
"A new Clause 4.5 has been added under Section 4 Fencing") may go, when more than one document could take it. A
document already holding a clause of that number is never where a new one goes (that would be a renumbering,
which the item does not say); the documents lacking that number that hold the clause before it are, each changed
in the clause it joins, for a person to pick. Proposals only. In words and numbers of our own.

(a) A designation ("Volume 3, Particular Specifications") that fits three documents, two of them lacking a 3.3 and
holding a 3.2, the third holding a 3.3 of its own: the third was proposed, the two not at all.
(b) An item naming no document ("under Section 4 Fencing", "Section 4" designating other documents), several
documents holding a 4.5 and one lacking it that holds a 4.4: the holders of a 4.5 were proposed, or the item
reported, the document it goes in not at all."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import applied, proposed, read_project, start_project
from corpus_writer import write_doc

LOT_1 = ("VOLUME 3 - PARTICULAR SPECIFICATIONS - LOT 1 WATER MAINS\n\n1 GENERAL\n\n1.1 The works comprise 6 km of "
         "ductile iron mains.\n\n3 PIPE LAYING\n\n3.1 Trenches shall be 900 mm deep to the pipe crown.\n\n"
         "3.2 Pipes shall be bedded on 150 mm of selected sand.\n")
LOT_2 = ("VOLUME 3 - PARTICULAR SPECIFICATIONS - LOT 2 SERVICE RESERVOIR\n\n1 GENERAL\n\n1.1 The works comprise a "
         "2,000 m3 reinforced concrete reservoir.\n\n3 CONCRETE\n\n3.1 Concrete shall be class C35/45.\n\n"
         "3.2 Water-retaining joints shall have PVC waterstops.\n")
LOT_3 = ("VOLUME 3 - PARTICULAR SPECIFICATIONS - LOT 3 BOOSTER STATION\n\n1 GENERAL\n\n1.1 The works comprise a "
         "booster station of three pumps.\n\n3 PUMPS\n\n3.1 Pumps shall be horizontal split-case.\n\n"
         "3.2 Each pump shall have a soft starter.\n\n3.3 One pump shall be a standby.\n")


def _lots(root: Path, rules, body: str, *, lots: tuple[str, ...] = ("1", "2", "3")):
    start_project(root, "round-81-new-clause-lots")
    texts = {"1": (LOT_1, "Water Mains"), "2": (LOT_2, "Service Reservoir"), "3": (LOT_3, "Booster Station")}
    for lot in lots:
        text, name = texts[lot]
        write_doc(root, f"SPEC-V3-L{lot}", "2027-04-01", text, kind="specification",
                  title=f"Volume 3 - Particular Specifications, Lot {lot} {name}, Eastern Towns Water Supply")
    write_doc(root, "ADD-01", "2027-05-10", body, kind="addendum", title="Addendum No. 1, Eastern Towns Water Supply")
    return read_project(root, rules)


HEAD = "ADDENDUM No. 1\n\nEASTERN TOWNS WATER SUPPLY\n\n"


def test_a_new_clause_under_a_designation_fitting_several_goes_where_that_number_is_free(tmp_path, rules):
    reading = _lots(tmp_path, rules, HEAD + (
        "1. Volume 3, Particular Specifications, Clause 3.3 (new): Add the following new Clause 3.3 after "
        "Clause 3.2: \"3.3 Thrust blocks shall be cast at every bend of 22.5 degrees or more.\"\n"))
    edges, offered = applied(reading), proposed(reading)
    assert not edges, edges
    # the two lots lacking a 3.3 that hold a 3.2, each in the section the clause joins, for a person to pick
    assert ("SPEC-V3-L1#3", "partial", True) in offered, (offered, reading.not_understood)
    assert ("SPEC-V3-L2#3", "partial", True) in offered, (offered, reading.not_understood)
    # never the lot already holding a 3.3 of its own (it was the one proposed)
    assert not any(t.startswith("SPEC-V3-L3") for t, _, _ in offered), offered


def test_the_lot_the_items_words_name_is_among_those_proposed(tmp_path, rules):
    # a variant: the item names the lot, whose document's title alone bears it (the addendum's heading words, in every
    # title, leave the other lot lacking a 3.3 beside it: a person picks), never the lot holding a 3.3
    reading = _lots(tmp_path, rules, HEAD + (
        "1. Volume 3, Particular Specifications, Lot 2 Service Reservoir: insert new Clause 3.3 after Clause 3.2: "
        "\"3.3 The reservoir shall be tested for watertightness before backfilling.\"\n"))
    offered = proposed(reading)
    assert ("SPEC-V3-L2#3", "partial", True) in offered, (offered, reading.not_understood)
    assert not any(t.startswith("SPEC-V3-L3") for t, _, _ in offered), offered
    assert not applied(reading), applied(reading)


FENCE = ("TECHNICAL SPECIFICATIONS - PERIMETER FENCING OF THE WATER WORKS\n\n1 GENERAL\n\n1.1 The fence encloses "
         "the treatment plant.\n\n4 FENCING\n\n4.1 Posts shall be concrete, 2.4 m long.\n\n4.2 Chain link shall be "
         "50 mm mesh, 3.15 mm wire.\n\n4.3 Straining posts shall be at 50 m centres.\n\n4.4 Gates shall be 4 m wide, "
         "double leaf.\n")
HALL = ("EMPLOYER'S REQUIREMENTS - COMMUNITY HALL\n\n4 ROOFING\n\n4.1 Trusses shall be of treated timber.\n\n"
        "4.2 Sheets shall be 0.5 mm pre-painted.\n\n4.3 Ridges shall be capped.\n\n4.4 Gutters shall be PVC.\n\n"
        "4.5 Downpipes shall discharge to soakaways.\n")
STALLS = ("SCOPE OF WORKS - MARKET STALLS\n\n4 FINISHES\n\n4.1 Floors shall be power floated.\n\n4.2 Walls shall be "
          "plastered.\n\n4.3 Counters shall be tiled.\n\n4.4 Doors shall be steel.\n\n4.5 Paint shall be "
          "washable.\n")
#: more documents of the project holding a 4.5 of their own (a bridge, a borehole, a clinic, a slaughter slab)
OTHERS = {
    "SPEC-BRIDGE": ("Section 4 Specifications, Footbridge over the Mto River",
                    "4 DECK\n\n4.1 Deck planks shall be hardwood.\n\n4.2 Handrails shall be 1.1 m high.\n\n"
                    "4.3 Kerbs shall be timber.\n\n4.4 Bolts shall be galvanised.\n\n4.5 Joints shall be sealed.\n"),
    "SPEC-BOREHOLE": ("Section 4 Works Requirements, Borehole Drilling at Two Schools",
                      "4 CASING\n\n4.1 Casing shall be uPVC.\n\n4.2 Screens shall be slotted.\n\n"
                      "4.3 Gravel pack shall be rounded.\n\n4.4 The sanitary seal shall be grout.\n\n"
                      "4.5 The borehole shall be capped.\n"),
    "SPEC-CLINIC": ("Employer's Requirements, Maternity Wing of the Health Centre",
                    "4 PLUMBING\n\n4.1 Pipes shall be PPR.\n\n4.2 Basins shall be vitreous china.\n\n"
                    "4.3 Taps shall be elbow-action.\n\n4.4 Water heaters shall be solar.\n\n4.5 Drains shall be uPVC.\n"),
}


def _fence(root: Path, rules, body: str, *, holders: tuple[str, ...]):
    start_project(root, "round-81-new-clause-unnamed")
    write_doc(root, "SPEC-FENCE", "2027-02-01", FENCE, kind="specification",
              title="Technical Specifications, Perimeter Fencing of the Water Works")
    if "HALL" in holders:
        write_doc(root, "SPEC-HALL", "2027-02-01", HALL, kind="specification",
                  title="Employer's Requirements, Community Hall")
    if "STALLS" in holders:
        write_doc(root, "SPEC-STALLS", "2027-02-01", STALLS, kind="specification", title="Scope of Works, Market Stalls")
    for doc, (title, text) in OTHERS.items():
        if doc in holders:
            write_doc(root, doc, "2027-02-01", text, kind="specification", title=title)
    write_doc(root, "ADD-01", "2027-03-15", body, kind="addendum", title="Addendum No. 2")
    return read_project(root, rules)


NEW_WIRE = "A new Clause 4.5 has been added under Section 4 Fencing: \"4.5 Barbed wire shall be three strands above the chain link.\"\n"


def test_a_new_clause_in_no_named_document_goes_where_that_number_is_free(tmp_path, rules):
    # "Section 4" is also the designation of one other document, which holds a 4.5 of its own, as a hall's does
    reading = _fence(tmp_path, rules, "ADDENDUM No. 2\n\n1. " + NEW_WIRE, holders=("HALL", "SPEC-BRIDGE"))
    offered = proposed(reading)
    assert ("SPEC-FENCE#4", "partial", True) in offered, (offered, reading.not_understood)
    # the documents already holding a 4.5 are not where a new one goes (they were the ones proposed)
    assert not any(t.startswith(("SPEC-HALL", "SPEC-BRIDGE")) for t, _, _ in offered), offered
    assert not applied(reading), applied(reading)


def test_a_new_clause_in_no_named_document_among_many_holders(tmp_path, rules):
    # a variant: five documents hold a 4.5, two of them designated "Section 4" (it was reported, nothing proposed)
    reading = _fence(tmp_path, rules, "ADDENDUM No. 2\n\n1. " + NEW_WIRE,
                     holders=("HALL", "STALLS", "SPEC-BRIDGE", "SPEC-BOREHOLE", "SPEC-CLINIC"))
    offered = proposed(reading)
    assert ("SPEC-FENCE#4", "partial", True) in offered, (offered, reading.not_understood)
    assert not any(t.startswith(("SPEC-HALL", "SPEC-STALLS", "SPEC-BRIDGE", "SPEC-BOREHOLE", "SPEC-CLINIC"))
                   for t, _, _ in offered), offered
    assert not applied(reading), applied(reading)


def test_a_new_clause_listed_under_a_lead_in_naming_no_one_document(tmp_path, rules):
    # a variant: the item lettered under a lead-in whose designation does not settle the document
    reading = _fence(tmp_path, rules, (
        "ADDENDUM No. 2\n\n2. The following clauses of the Technical Specifications have been amended:\n\n"
        "a) Clause 4.2 be amended to read \"Chain link shall be 50 mm mesh, 4 mm wire.\"\n\nb) " + NEW_WIRE),
        holders=("HALL", "STALLS", "SPEC-BRIDGE", "SPEC-BOREHOLE", "SPEC-CLINIC"))
    offered = {(p.item.path, p.target.format(), p.scope, p.successor) for p in reading.proposed}
    assert ("2.b", "SPEC-FENCE#4", "partial", True) in offered, (offered, reading.not_understood)
    assert not any(i == "2.b" and t.endswith("#4.5") for i, t, _, _ in offered), offered
    assert not any(e.by.path == "2.b" for e in reading.applied), reading.applied
