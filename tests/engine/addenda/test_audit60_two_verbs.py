"""Audit 60 (issue 23): two instructions in one item, each with its own verb and its own provision, and a
no-change sentence about another provision beside a change. An edge takes its scope and successor from the
verb that governs its own target ("Delete Paragraph 2.2.C and revise Paragraph 2.1.C to read ...": 2.2.C is
deleted, not replaced); a second instruction joined by "and" is no object of the first verb, nor cited by it;
a no-change phrase speaks only for the provision it names ("Paragraph 2.4.C: no change." leaves the change to
2.4.B standing). In words and numbers of our own."""

from __future__ import annotations

from pathlib import Path

from addenda_reading import read_line

MASONRY = ("SECTION 04 20 00 - UNIT MASONRY\n\nPART 2 PRODUCTS\n\n2.1 MORTAR\n\nA. Type: ASTM C270, Type S.\n\n"
           "B. Colour: natural grey.\n\nC. Joint width: 3/8 inch.\n\n2.2 TIES\n\nA. Wall ties: hot-dip galvanized.\n\n"
           "B. Spacing: 16 inches each way.\n\nC. Anchors: stainless steel.\n")
STUCCO = ("SECTION 09 24 00 - CEMENT PLASTERING\n\nPART 2 PRODUCTS\n\n2.3 FINISH\n\nA. Texture: sand float.\n\n"
          "B. Coats: scratch, brown and finish coat.\n\nC. Colour: integral, to match sample.\n")
OBRA = ("ESPECIFICACIONES TÉCNICAS\n\n1 OBRADOR\n\n1.1 El obrador tendrá un depósito cerrado.\n\n2 CONTRAPISOS\n\n"
        "2.1 Los contrapisos serán de 10 cm de espesor.\n\n2.2 Se colocará film de polietileno de 200 micrones.\n")


def _read(root: Path, rules, line: str, *, spec: str = MASONRY, doc: str = "SPEC-042000",
          title: str = "Section 04 20 00 Unit Masonry", head: str = "ADDENDUM NO. 3\n\n"):
    return read_line(root, rules, "audit-60", line, spec=spec, doc=doc, title=title, head=head,
                     issued=("2027-03-01", "2027-04-05"))


def test_a_deletion_beside_a_restatement_is_a_deletion(tmp_path, rules):
    # F01: the replace verb of the other target made the deleted paragraph "replaced by the item"
    applied, _, _ = _read(tmp_path, rules, '1. Section 04 20 00, Delete Paragraph 2.2.B and revise Paragraph 2.1.C to read '
                                           '"C. Joint width: 1/2 inch."\n')
    assert ("SPEC-042000#2.2.B", "full", False) in applied, applied
    assert ("SPEC-042000#2.1.C", "full", True) in applied, applied


def test_a_deletion_after_a_restatement_is_a_deletion(tmp_path, rules):
    applied, _, _ = _read(tmp_path, rules, '1. Section 04 20 00: Revise Paragraph 2.1.B to read "B. Colour: buff." and '
                                           "delete Paragraph 2.2.C.\n")
    assert ("SPEC-042000#2.2.C", "full", False) in applied, applied
    assert ("SPEC-042000#2.1.B", "full", True) in applied, applied


def test_a_deletion_joined_to_a_change_of_words_is_not_left_unsaid(tmp_path, rules):
    # F02: 'Replace "X" with "Y" and delete Paragraph ...' read the paragraph as what "X" is replaced with
    applied, proposed, reported = _read(tmp_path, rules, '1. Section 04 20 00, Paragraph 2.2.A: Replace "hot-dip galvanized" '
                                                         'with "stainless steel" and delete Paragraph 2.2.C.\n')
    assert ("SPEC-042000#2.2.A", "partial", True) in applied, applied
    kept = {t for t, _, _ in applied | proposed}
    assert "SPEC-042000#2.2.C" in kept or "Paragraph 2.2.C" in reported, (applied, proposed, reported)
    # never a change in part of it, nor the paragraph changed whole in its place
    assert ("SPEC-042000#2.2.C", "partial", True) not in applied | proposed, (applied, proposed)


def test_a_change_of_words_headed_by_its_paragraph_keeps_its_paragraph_beside_a_deletion(tmp_path, rules):
    # F03: the heading paragraph was read as a place, the deleted one as what the first verb changes
    for line in ('1. Section 04 20 00, Paragraph 2.1.C: change "3/8 inch" to "1/2 inch" and delete Paragraph 2.1.B.\n',
                 '1. Section 04 20 00, Paragraph 2.1.C: change "3/8 inch" to "1/2 inch", and Paragraph 2.1.B is deleted.\n'):
        root = tmp_path / str(len(line))
        applied, proposed, reported = _read(root, rules, line)
        assert ("SPEC-042000#2.1.C", "partial", True) in applied, (line, applied, proposed)
        assert ("SPEC-042000#2.1.B", "partial", True) not in applied | proposed, (line, applied, proposed)
        kept = {t for t, _, _ in applied | proposed}
        assert "SPEC-042000#2.1.B" in kept or "Paragraph 2.1.B" in reported, (line, applied, proposed, reported)


def test_a_spanish_no_change_sentence_about_another_numeral_leaves_the_change(tmp_path, rules):
    # F04: "El numeral 2.2 no se modifica" made the change to 2.1 vanish
    applied, proposed, reported = _read(
        tmp_path, rules, '1) ESPECIFICACIONES TÉCNICAS, numeral 2.1: donde dice "10 cm" debe decir "12 cm". '
                         "El numeral 2.2 no se modifica.\n",
        spec=OBRA, doc="SPEC-ET", title="Especificaciones Técnicas, Licitación Pública N° 7/2027, Depósito municipal",
        head="ADENDA N° 01 - LICITACIÓN PÚBLICA N° 7/2027\n\nSe comunican las siguientes modificaciones:\n\n")
    assert ("SPEC-ET#2.1", "partial", True) in applied | proposed, (applied, proposed, reported)
    assert not any(t == "SPEC-ET#2.2" for t, _, _ in applied | proposed), (applied, proposed)
    assert "2.2" not in reported, reported  # (it says 2.2 is unchanged: nothing to report of it)


def test_a_no_change_sentence_about_another_paragraph_leaves_the_change(tmp_path, rules):
    # F05: "Paragraph 2.3.C: no change." was read as the item saying it changes nothing
    for tail in ("Paragraph 2.3.C: no change.", "Paragraph 2.3.C remains unchanged."):
        applied, proposed, reported = _read(
            tmp_path / tail[-8:-1], rules, f'4. Paragraph 2.3.A: delete "sand float" and substitute "light dash". {tail}\n',
            spec=STUCCO, doc="SPEC-092400", title="Section 09 24 00 - Cement Plastering",
            head="ADDENDUM NO. 3\n\nSECTION 09 24 00 - CEMENT PLASTERING\n\n")
        assert ("SPEC-092400#2.3.A", "partial", True) in applied | proposed, (tail, applied, proposed, reported)
        assert not any(t == "SPEC-092400#2.3.C" for t, _, _ in applied | proposed), (tail, applied, proposed)
        assert "2.3.C" not in reported, (tail, reported)


def test_a_no_change_sentence_about_the_changed_paragraph_still_holds_the_change_back(tmp_path, rules):
    # (the phrase speaks for the provision it names: where that is the one the item changes, nothing is applied)
    applied, _, _ = _read(tmp_path, rules, '1. Section 04 20 00, Paragraph 2.1.C: change "3/8 inch" to "1/2 inch". '
                                           "Paragraph 2.1.C remains unchanged.\n")
    assert not any(t == "SPEC-042000#2.1.C" for t, _, _ in applied), applied
