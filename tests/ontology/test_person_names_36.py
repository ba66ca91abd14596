"""Audit 36 FF-01 and EE-02: who decided or erased (``scalars.person_name``) and a note
(``scalars.one_line``) refuse what hides or reads as another name, and accept real names in
every script, the zero-width joiners Persian, Sinhala and Devanagari spell words with included."""

from __future__ import annotations

import pytest

from inforce.ontology.scalars import one_line, person_name


@pytest.mark.parametrize("name", ["محمد\u200cرضا شجریان", "نیک\u200cنام", "ශ\u0dca\u200dරී", "O’Brien", "José  Núñez",
                                  "李小龍", "ʻIolani", "Ἀθηνᾶ"])
def test_real_names_are_kept(name: str) -> None:
    assert person_name(name) == " ".join(name.split())


@pytest.mark.parametrize(("name", "said"), [("J\u2800Rivera", "U+2800"), ("\u200cRivera", "U+200C"),
                                            ("Ri\u200c\u200cvera", "U+200C"), ("A\u202eB", "U+202E"),
                                            ("\u0301", "marks alone"), ("A\nB", "line break")])
def test_names_that_hide_or_read_as_another_are_refused(name: str, said: str) -> None:
    with pytest.raises(ValueError, match=said.replace("+", r"\+")):
        person_name(name)


def test_a_note_of_marks_alone_or_a_hidden_override_is_refused() -> None:
    assert one_line("یادداشت\u200cها درست است") == "یادداشت\u200cها درست است"
    for note in ("\u0301", "ok \u202eevil"):
        with pytest.raises(ValueError):
            one_line(note)
