"""Audit 23p A4: a restriction marking whose restricting word is in no list (``TLP:RED - owners``,
``REL TO OWNERS``, ``For owners alone``, a two-line ``OWNERS`` / ``ONLY``, a marking on the last
line) left the document public with no warning. The rule now fails safe by structure: in a
document that declares no access, a line of a marking place (the opening, the closing lines, a
Word file's page header and footer) naming a group the project uses is an error at its line,
whatever else it says; prose sentences stay text; a document declaring its access (or declaring
itself public, ``public: true``) may name groups. Nothing is mocked: each file is written and
read by the real readers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.opening import folded_groups, marking_names

import opening_projects
from docx_writer import WordWriter
from opening_projects import read, refusals

GROUPS = "keepers;night_keepers;vault-clerks"
BODY = ["1 PURPOSE", "The strongroom combination is MOTHWORD."]
TAIL = ["2 RECORDS", "The ledger is kept in the strongroom."]

#: Markings written with no word of the restriction tables, each naming a group of the project.
MARKINGS = {
    "traffic light": "TLP:RED - keepers",
    "traffic light amber": "TLP:AMBER keepers",
    "releasable": "REL TO KEEPERS",
    "protected": "PROTECTED: KEEPERS",
    "alone": "For keepers alone",
    "in confidence": "Commercial in confidence: keepers",
    "privileged": "Privileged: keepers",
    "embargoed": "Embargoed: Vault Clerks",
    "do not share": "Do not share beyond the keepers group",
    "nobody but": "Nobody but keepers",
    "recipients": "Recipients: night keepers",
    "exclusive": "Keepers exclusive",
    "possessive use": "For keepers' use",
    "may consult": "Keepers may consult this",
    "withheld except": "Withheld except from keepers",
    "an acl": "keepers:r--",
    "a pipe row": "| Holders | Keepers |",
    "the group alone": "KEEPERS",
}


def markdown(tmp_path: Path, lines: list[str], front: str = "") -> tuple[Path, str]:
    root = opening_projects.project(tmp_path, "vault-2.md", GROUPS)
    head = [f"---\n{front}---"] if front else []
    (root / "documents" / "vault-2.md").write_text("\n\n".join([*head, *lines]) + "\n", encoding="utf-8")
    return root, "vault-2.md"


@pytest.mark.parametrize("shape", sorted(MARKINGS))
def test_an_opening_marking_naming_a_group_is_refused_whatever_its_words(tmp_path, shape):
    root, name = markdown(tmp_path, ["VAULT-2 STRONGROOM", MARKINGS[shape], *BODY])
    said = refusals(root, name)
    assert len(said) == 1 and said[0].startswith(f"documents/{name}:3:"), said
    assert "names the access group" in said[0] and "MOTHWORD" not in said[0]
    assert "access: [" in said[0] and "public: true" in said[0]  # the hint: either declaration


@pytest.mark.parametrize("shape", ["CONFIDENTIAL - KEEPERS ONLY", "Keepers alone", "REL TO KEEPERS"])
def test_a_marking_on_the_last_line_is_refused(tmp_path, shape):
    root, name = markdown(tmp_path, ["VAULT-2 STRONGROOM", *BODY, *TAIL, shape])
    said = refusals(root, name)
    assert len(said) == 1 and said[0].startswith(f"documents/{name}:11:") and "closing lines" in said[0], said


@pytest.mark.parametrize(("first", "second"), [("KEEPERS", "ONLY"), ("Keepers", "Restricted")])
@pytest.mark.parametrize("where", ["opening", "closing"])
def test_a_marking_over_two_lines_is_refused_group_first(tmp_path, first, second, where):
    lines = ["VAULT-2 STRONGROOM", first, second, *BODY] if where == "opening" else [
        "VAULT-2 STRONGROOM", *BODY, *TAIL, first, second]
    root, name = markdown(tmp_path, lines)
    assert any("names the access group 'keepers'" in refused for refused in refusals(root, name))


def test_word_page_headers_and_footers_are_marking_places(tmp_path):
    for place, text in (("header", "TLP:RED - keepers"), ("footer", "REL TO KEEPERS")):
        root = opening_projects.project(tmp_path / place, "vault-2.docx", GROUPS)
        writer = WordWriter()
        for line in ["VAULT-2 STRONGROOM", *BODY]:
            writer.paragraph(line)
        getattr(writer.document.sections[0], place).paragraphs[0].text = text
        writer.document.save(str(root / "documents" / "vault-2.docx"))
        said = refusals(root, "vault-2.docx")
        assert len(said) == 1 and "names the access group 'keepers'" in said[0], (place, said)


def test_prose_naming_a_group_stays_text(tmp_path):
    """A sentence of the body is no marking: in the opening a line of more than a dozen words, in
    the closing lines a sentence of more than three words."""
    opening = ("This procedure tells the keepers how they log and lock the strongroom at the close "
               "of each working day.")
    closing = "The keepers sign the ledger each evening."
    root, name = markdown(tmp_path, ["VAULT-2 STRONGROOM", opening, *BODY, *TAIL, closing])
    text = read(root, name).text_layer
    assert opening in text and closing in text
    # a short sentence among prose is a marking still
    root, name = markdown(tmp_path / "b", ["VAULT-2 STRONGROOM", opening.replace(" day.", " day. Keepers alone."),
                                           *BODY])
    assert any("names the access group 'keepers'" in refused for refused in refusals(root, name))


@pytest.mark.parametrize("shape", ["Owner: Head of Keepers", "Approved by the keepers", "KEEPERS"])
def test_a_document_declared_public_may_name_a_group(tmp_path, shape):
    root, name = markdown(tmp_path, ["VAULT-2 STRONGROOM", shape, *BODY], front="public: true\n")
    document = read(root, name)
    assert document.access is None and shape in document.text_layer
    # a restriction written as text is still one, declared public or not
    root, name = markdown(tmp_path / "b", ["VAULT-2 STRONGROOM", "KEEPERS ONLY", *BODY], front="public: true\n")
    assert any("reads as access metadata" in refused for refused in refusals(root, name))


def test_a_document_declaring_its_access_may_name_its_groups(tmp_path):
    root, name = markdown(tmp_path, ["VAULT-2 STRONGROOM", "For keepers alone", *BODY, *TAIL, "KEEPERS"],
                          front="access: [keepers]\n")
    assert read(root, name).access == ("keepers",)


@pytest.mark.parametrize(("front", "said"), [
    ("public: false\n", "public takes only true"),
    ("public: yes please\n", "public takes only true"),
    ("public: true\naccess: [keepers]\n", "public: true and access are both given"),
])
def test_public_takes_only_true_and_never_beside_access(tmp_path, front, said):
    root, name = markdown(tmp_path, ["VAULT-2 STRONGROOM", *BODY], front=front)
    refused = refusals(root, name)
    assert any(said in line and ":public:" not in line for line in refused), refused


def test_marking_names_reads_no_words():
    groups = folded_groups(["keepers", "vault-clerks"])
    assert marking_names(["TLP", "RED - keepers"], groups) == ("keepers",)
    assert marking_names(["Anything at all about Vault Clerks"], groups) == ("vaultclerks",)
    assert marking_names(["Strongroom opening hours"], groups) == ()
    long = "The keepers open the strongroom at eight and close it again at six every working day"
    assert marking_names([long], groups) == ()
    assert marking_names(["Keepers sign the ledger."], groups, prose=True) == ()
    assert marking_names(["Keepers alone."], groups, prose=True) == ("keepers",)
