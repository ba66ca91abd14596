"""Audit 64 (issue 23): two changes in one sentence, each after its own paragraph and a colon ('Paragraph 2.1.A:
Change "X" to "Y" and Paragraph 2.1.B: change "P" to "Q"'). The second paragraph opens an instruction of its own
(``SECOND_INSTRUCTION``), so it is never what the first verb changes; the first is applied to its own paragraph, in
part; the second, which no reading places, is reported naming its paragraph, never silent. In words and numbers of
our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from addenda_reading import read_line

MIX = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 PRODUCTS\n\n2.1 MIXTURES\n\n"
       "A. Compressive strength: 3,500 psi.\n\nB. Water-cementitious ratio: 0.50.\n\nC. Slump: 5 inches.\n\n"
       "2.2 ADMIXTURES\n\nA. Air entraining: ASTM C260.\n")


def _read(root: Path, rules, line: str):
    return read_line(root, rules, "audit-64", line, spec=MIX, doc="SPEC-033000",
                     title="Section 03 30 00 Cast-in-Place Concrete", head="ADDENDUM NO. 4\n\n",
                     issued=("2027-08-02", "2027-09-06"))


def test_two_changes_each_after_its_own_paragraph_and_a_colon_are_both_said(tmp_path, rules):
    # B3: 2.1.A was silent and 2.1.B proposed as what the first verb changed
    applied, proposed, reported = _read(tmp_path, rules, '1. Section 03 30 00, Paragraph 2.1.A: Change "3,500 psi" to '
                                                         '"4,500 psi" and Paragraph 2.1.B: change "0.50" to "0.42".\n')
    assert ("SPEC-033000#2.1.A", "partial", True) in applied, (applied, proposed, reported)
    kept = {t for t, _, _ in applied | proposed}
    assert "SPEC-033000#2.1.B" in kept or "Paragraph 2.1.B" in reported, (applied, proposed, reported)
    # (neither paragraph changed whole, nor deleted)
    assert not any(s == "full" for _, s, _ in applied | proposed), (applied, proposed)


def test_the_first_change_alone_is_its_paragraphs(tmp_path, rules):
    # (the control: the first clause alone reads as before)
    applied, _, _ = _read(tmp_path, rules, '1. Section 03 30 00, Paragraph 2.1.A: Change "3,500 psi" to "4,500 psi".\n')
    assert ("SPEC-033000#2.1.A", "partial", True) in applied, applied


# H1 (issue 23): a clause saying its own provision is unchanged, joined to another provision's change ("y", "and",
# ";", "et", "e"): that provision is never what the change takes (main deleted 2.1.A whole, or proposed it).
CURING = ("SECTION 03 30 00 - CAST-IN-PLACE CONCRETE\n\nPART 2 PRODUCTS\n\n2.1 MIXTURES\n\n"
          "A. Compressive strength: 3,500 psi.\n\n2.5 CURING\n\nC. Curing compound: ASTM C309, Type 1.\n\n"
          "D. Evaporation retarder: waterborne.\n")


def _read_curing(root: Path, rules, line: str):
    return read_line(root, rules, "audit-64-h1", line, spec=CURING, doc="SPEC-033000",
                     title="Section 03 30 00 Cast-in-Place Concrete", head="ADDENDUM NO. 5\n\n",
                     issued=("2027-08-02", "2027-09-06"))


@pytest.mark.parametrize(("line", "settled"), [
    ("1. Section 03 30 00: Paragraph 2.1.A: no change, and Paragraph 2.5.D is deleted.\n", True),
    ("1. Sección 03 30 00: el numeral 2.1.A queda sin cambios y el numeral 2.5.D se elimina.\n", True),
    # (a sentence of prose before the verb's own: proposed, as ever, but 2.1.A is no longer proposed with it)
    ("1. Sección 03 30 00: el numeral 2.1.A no se modifica; el numeral 2.5.D se elimina.\n", False),
    ("1. Section 03 30 00 : l'article 2.1.A n'est pas modifié et l'article 2.5.D est supprimé.\n", True),
    ("1. Seção 03 30 00: o item 2.1.A permanece inalterado e o item 2.5.D fica suprimido.\n", True),
])
def test_a_provision_said_unchanged_never_takes_the_change_beside_it(tmp_path, rules, line, settled):
    applied, proposed, reported = _read_curing(tmp_path, rules, line)
    assert not any(t == "SPEC-033000#2.1.A" for t, _, _ in applied | proposed), (applied, proposed, reported)
    # (the change is still made, as the control below makes it: 2.5.D, a paragraph the outline leaves in 2.5)
    assert ("SPEC-033000#2.5", "partial", True) in (applied if settled else proposed), (applied, proposed, reported)


def test_the_change_alone_is_what_the_clauses_beside_it_change(tmp_path, rules):
    # (the control: the deletion alone)
    applied, proposed, _ = _read_curing(tmp_path, rules, "1. Sección 03 30 00: el numeral 2.5.D se elimina.\n")
    assert applied == {("SPEC-033000#2.5", "partial", True)} and not proposed, (applied, proposed)


# B1, B2 (audit 64): a change set against a no-change clause ("mientras que", "while", "alors que", "tandis que"), or
# followed by a sentence saying another provision is unchanged after a quotation closing on its full stop, was silent
# on main; each is applied as the same change alone is (the control), the provision said unchanged never a target.
PLIEGO = ("PLIEGO DE ESPECIFICACIONES TÉCNICAS\n\n4 CARPINTERÍAS\n\n4.1 Las puertas serán de chapa doblada N° 18.\n\n"
          "4.2 Los marcos serán de chapa doblada N° 16.\n")
CCTP = ("CCTP\n\n3 MENUISERIES\n\n3.1 Les portes seront en bois massif.\n\n3.2 Les huisseries seront en acier de 15/10e.\n")


def _read_es(root: Path, rules, line: str):
    return read_line(root, rules, "audit-64-b1", line, spec=PLIEGO, doc="SPEC-PET",
                     title="Pliego de Especificaciones Técnicas, Licitación Pública Nacional N° 27/2027, Vestuarios del club",
                     head="ADENDA N° 3/2027 - LICITACIÓN PÚBLICA NACIONAL N° 27/2027\n\nSe comunican las siguientes modificaciones:\n\n", issued=("2027-03-01", "2027-04-05"))


def _read_fr(root: Path, rules, line: str):
    return read_line(root, rules, "audit-64-b2", line, spec=CCTP, doc="SPEC-CCTP",
                     title="Cahier des Clauses Techniques Particulières (CCTP), Lot 05 Menuiseries, Gymnase municipal",
                     head="AVIS RECTIFICATIF N° 1\n\nCAHIER DES CLAUSES TECHNIQUES PARTICULIÈRES (CCTP)\n\n",
                     issued=("2027-03-01", "2027-04-05"))


@pytest.mark.parametrize("line", [
    '1) El numeral 4.1 queda sin cambios, mientras que en el numeral 4.2 donde dice "N° 16" debe decir "N° 14".\n',
    # (the control: the change alone)
    '1) En el numeral 4.2 donde dice "N° 16" debe decir "N° 14".\n',
])
def test_a_change_set_against_a_no_change_clause_is_made(tmp_path, rules, line):
    applied, proposed, reported = _read_es(tmp_path, rules, line)
    assert applied == {("SPEC-PET#4.2", "partial", True)} and not proposed, (applied, proposed, reported)


@pytest.mark.parametrize("line", [
    "1) L'article 3.1 n'est pas modifié, alors que l'article 3.2 est supprimé.\n",
    "1) L'article 3.1 n'est pas modifié, tandis que l'article 3.2 est supprimé.\n",
    "1) Article 3.1 remains unchanged, while Article 3.2 is deleted.\n",
    "1) L'article 3.2 est supprimé.\n",  # (the control)
])
def test_a_deletion_set_against_a_no_change_clause_is_made(tmp_path, rules, line):
    applied, proposed, reported = _read_fr(tmp_path, rules, line)
    assert applied == {("SPEC-CCTP#3.2", "full", False)} and not proposed, (applied, proposed, reported)


@pytest.mark.parametrize("line", [
    "1) L'article 3.2 est annulé et remplacé par : « 3.2 Les huisseries seront en acier de 20/10e. » "
    "L'article 3.1 n'est pas modifié.\n",
    "1) L'article 3.2 est annulé et remplacé par : « 3.2 Les huisseries seront en acier de 20/10e. »\n",  # (the control)
])
def test_a_no_change_sentence_after_a_quotation_closing_the_change_leaves_it(tmp_path, rules, line):
    applied, proposed, reported = _read_fr(tmp_path, rules, line)
    assert applied == {("SPEC-CCTP#3.2", "full", True)} and not proposed, (applied, proposed, reported)


# F4 (issue 23, audit 65): a word linking the no-change sentence to the change before it ("Asimismo,", "Además",
# "Also,", "De plus,", "Além disso,") hid that sentence's subject, so the sentence spoke for the whole item and the
# change was silent on main (nothing applied, proposed or reported); each is applied as the change alone is.
@pytest.mark.parametrize("line", [
    '1) En el numeral 4.2, donde dice "N° 16" debe decir "N° 14". Asimismo, el numeral 4.1 se mantiene sin '
    'modificaciones.\n',
    '1) En el numeral 4.2, donde dice "N° 16" debe decir "N° 14". Además el numeral 4.1 no se modifica.\n',
])
def test_a_linking_word_before_a_no_change_sentence_leaves_the_change_es(tmp_path, rules, line):
    applied, proposed, reported = _read_es(tmp_path, rules, line)
    assert applied == {("SPEC-PET#4.2", "partial", True)} and not proposed, (applied, proposed, reported)


def test_a_linking_word_before_a_no_change_sentence_leaves_the_change_fr(tmp_path, rules):
    applied, proposed, reported = _read_fr(tmp_path, rules, "1) L'article 3.2 est supprimé. De plus, l'article 3.1 "
                                                            "n'est pas modifié.\n")
    assert applied == {("SPEC-CCTP#3.2", "full", False)} and not proposed, (applied, proposed, reported)


def test_a_linking_word_before_a_no_change_sentence_leaves_the_change_en(tmp_path, rules):
    applied, proposed, reported = _read(tmp_path, rules, '1. Section 03 30 00, Paragraph 2.1.C: Change "5 inches" to '
                                                         '"4 inches". Also, Paragraph 2.1.B remains unchanged.\n')
    # (main proposed it: the sentence after the change, its subject hidden, said nothing changes)
    assert applied == {("SPEC-033000#2.1.C", "partial", True)} and not proposed, (applied, proposed, reported)


def test_a_linking_word_before_a_no_change_sentence_leaves_the_change_pt(tmp_path, rules):
    applied, proposed, reported = _read_curing(tmp_path, rules, "1. Seção 03 30 00: o item 2.5.D fica suprimido. Além "
                                                                "disso, o item 2.1.A permanece inalterado.\n")
    # (as the same sentences without the link read: the deletion beside a sentence of its own is proposed)
    assert applied | proposed == {("SPEC-033000#2.5", "partial", True)}, (applied, proposed, reported)


# (the net, audit 65: a no-change sentence opening with words no list knows still hides its subject, so the item
# reads as saying nothing changes; the change beside it is reported, naming its provision, never silent)
@pytest.mark.parametrize("line", [
    '1) En el numeral 4.2, donde dice "N° 16" debe decir "N° 14". Dicho sea de paso, el numeral 4.1 se mantiene sin '
    'modificaciones.\n',
    '1) En el numeral 4.2, donde dice "N° 16" debe decir "N° 14". Dicho sea de paso, el numeral 4.1 queda sin cambios.\n',
])
def test_a_change_beside_a_no_change_sentence_no_list_reads_is_never_silent(tmp_path, rules, line):
    applied, proposed, reported = _read_es(tmp_path, rules, line)
    assert applied or proposed or "numeral 4.2" in reported, (applied, proposed, reported)
    assert not any(t == "SPEC-PET#4.1" for t, _, _ in applied | proposed), (applied, proposed)


# An owner's closing line, read with the last item, that says the document's OTHER provisions stay
# ("Permanecem inalteradas as demais cláusulas e condições do edital.", verb first; "Las demás cláusulas
# se mantienen sin cambios."): it speaks for none of the item's; the change is applied as alone. The
# Portuguese plural no-change words of audit 66 had turned a real owner's replaced sheet into a proposal.
@pytest.mark.parametrize("closing", [
    "Permanecem inalteradas as demais cláusulas e condições do edital.",
    "As demais cláusulas permanecem inalteradas.",
    "Las demás cláusulas se mantienen sin cambios.",
    "Les autres articles restent inchangés.",
    "All other terms remain unchanged.",
])
def test_a_closing_line_about_the_other_provisions_leaves_the_change(tmp_path, rules, closing):
    applied, proposed, _ = _read_curing(
        tmp_path, rules, f"1. Section 03 30 00, Paragraph 2.1.A: Change \"3,500 psi\" to \"4,500 psi\". {closing}\n")
    assert ("SPEC-033000#2.1.A", "partial", True) in applied, (applied, proposed)
