"""The opening rule's value test and group names (issue 23, audit 23n: A1, A2, M1) and lag's
count of the documents ingest reads (L1).

A restriction written in an opening names a group the project uses and says nothing else but
restriction words (``opening.RESTRICTION_VOCABULARY``): refused at its line, whatever key it is
written with or without one. A line naming a group among other words is the document's text,
warned of when a key or restriction word stands in it. A group is compared in one normal form
(``opening.normal_name``). Nothing is mocked: each file is written and read by the real readers.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.documents import parse_document_with_warnings
from inforce.adapters.ingest.opening import cells, declaration, folded_groups, normal_name
from inforce.adapters.ingest.register import read_register
from inforce.adapters.ingest.registry import read_registry
from inforce.ontology import InputErrors

import opening_projects
from docx_writer import WordWriter
from opening_projects import read, refusals

#: The groups of the project under test: ordinary words, and names written with '_' and '-'.
GROUPS = "wardens;night_wardens;lab-techs;divers;stewards"
BODY = ["1 SCOPE", "The dive locker code is KELPWORD."]


def markdown(tmp_path: Path, lines: list[str], groups: str = GROUPS) -> tuple[Path, str]:
    root = opening_projects.project(tmp_path, "dive-3.md", groups)
    (root / "documents" / "dive-3.md").write_text("\n\n".join(lines) + "\n", encoding="utf-8")
    return root, "dive-3.md"


def word(tmp_path: Path, lines: list[str], groups: str = GROUPS) -> tuple[Path, str]:
    root = opening_projects.project(tmp_path, "dive-3.docx", groups)
    writer = WordWriter()
    for text in lines:
        writer.paragraph(text)
    writer.document.save(str(root / "documents" / "dive-3.docx"))
    return root, "dive-3.docx"


def warnings_of(root: Path, name: str) -> tuple[str, list[str]]:
    """The text layer and the access warnings of the document, read as ingest reads it."""
    register = read_register(root / "register.csv", "register.csv", root=root)
    from inforce.adapters.ingest.documents import groups_named
    from inforce.adapters.ingest.opening import groups_in_use

    with groups_in_use(groups_named(sorted((root / "documents").iterdir()), root, register)):
        document, warnings = parse_document_with_warnings(root / "documents" / name, root, register=register)
    return document.text_layer, [str(w) for w in warnings if w.field == "access"]


# -- A1: a restriction written with another key, or with none ----------------------------------

RESTRICTIONS = {
    "a mark alone": "DIVERS ONLY",
    "restricted to, no key": "Restricted to divers",
    "a marking then a mark": "CONFIDENTIAL - STEWARDS ONLY",
    "for the group only": "For the stewards only",
    "members only": "Steward members only",
    "visibility key": "Visibility: Divers",
    "permissions key": "Permissions: Wardens",
    "readable by": "Readable by: Divers",
    "accessible to": "Accessible to: Stewards",
    "who may read": "Who may read: Divers",
    "audience key": "Audience: Stewards",
    "classification with a mark": "Classification: Divers only",
    "security key": "Security: Wardens only",
    "circulation key": "Circulation: Stewards",
    "distribution key": "Distribution: divers",
    "clearance key": "Clearance: divers, stewards",
    "a sentence of restriction words": "Access is restricted to the divers group",
    "a possessive key": "This document's visibility: Divers",
    "limited to": "Limited to divers & stewards",
}
#: A2: the groups 'night_wardens' and 'lab-techs' in the dress a title-cased header gives them.
DRESSES = {
    "spaced title case": "Access: Night Wardens",
    "hyphenated title case": "Access: Night-Wardens",
    "run together": "Access: NightWardens",
    "upper case with a space": "Visibility: NIGHT WARDENS",
    "hyphen group spaced": "Access: Lab Techs",
    "hyphen group underscored": "Access: lab_techs",
    "hyphen group run together": "LABTECHS ONLY",
    "singular": "Access: Diver",
    "fullwidth": "Ａｃｃｅｓｓ： Ｌａｂ Ｔｅｃｈｓ",
}


@pytest.mark.parametrize("shape", sorted(RESTRICTIONS))
def test_a_restriction_naming_a_group_in_use_is_refused_whatever_its_key(tmp_path, shape):
    root, name = markdown(tmp_path, ["DIVE-3 LOCKER", RESTRICTIONS[shape], *BODY])
    said = refusals(root, name)
    assert len(said) == 1 and "reads as access metadata" in said[0] and "KELPWORD" not in said[0], said
    assert said[0].startswith(f"documents/{name}:3:"), said


@pytest.mark.parametrize("shape", ["a mark alone", "visibility key", "classification with a mark", "limited to"])
def test_a_restriction_in_a_word_opening_is_refused_too(tmp_path, shape):
    root, name = word(tmp_path, ["DIVE-3 LOCKER", RESTRICTIONS[shape], *BODY])
    said = refusals(root, name)
    assert len(said) == 1 and "reads as access metadata" in said[0], said


@pytest.mark.parametrize("shape", sorted(DRESSES))
def test_a_group_name_is_matched_in_any_dress_of_its_separators(tmp_path, shape):
    root, name = markdown(tmp_path, ["DIVE-3 LOCKER", DRESSES[shape], *BODY])
    said = refusals(root, name)
    assert len(said) == 1 and "reads as access metadata" in said[0], said


def test_one_normal_form_for_a_group_name_and_for_text():
    assert {normal_name(text) for text in ("Night Wardens", "night_wardens", "NIGHT-WARDENS", "Night.Wardens",
                                           "NightWardens", "Ｎｉｇｈｔ Ｗａｒｄｅｎｓ")} == {"nightwardens"}
    assert folded_groups(["lab-techs", "x", "Divers"]) == {"labtechs", "divers"}  # one letter names nothing
    groups = frozenset({"lab-techs"})
    assert declaration(cells("Access: Lab Techs"), groups) is not None
    assert declaration(cells("Access: Lab Techs sign the log"), groups) is not None  # audit 23o A3: any words
    assert declaration(cells("Access: Lab Techs via the north gate"), groups) is None  # physical access


def test_the_groups_are_the_parsed_names_never_a_second_split(tmp_path):
    """'Night Wardens' written in a register cell is one group, named by the cell split at ';'
    (as the row's metadata reads it): 'Access: Night' alone names no group of the project."""
    root, name = markdown(tmp_path, ["DIVE-3 LOCKER", "Access: Night", *BODY], groups="Night Wardens;divers")
    assert "Access: Night" in read(root, name).text_layer
    root, name = markdown(tmp_path / "b", ["DIVE-3 LOCKER", "Access: night-wardens", *BODY],
                          groups="Night Wardens;divers")
    assert len(refusals(root, name)) == 1


# -- A3 (audit 23o): a group beside a mark is refused whatever words stand round them -----------

#: Runs naming a group beside a restricting word, with words outside any list round them.
SURROUNDED = {
    "a marking, the mark, a copy warning": "CONFIDENTIAL: STEWARDS ONLY. DO NOT PHOTOCOPY.",
    "eyes with a typographic possessive": "For stewards\u2019 eyes only",
    "another group beside": "Restricted to divers and harbour pilots",
    "please": "Access: Wardens please",
    "a long sentence": "Access to this document is restricted to members of the wardens group and to nobody "
                       "else on the island at all.",
    "not public": "NOT PUBLIC - DIVERS",
    "sensitivity": "Sensitivity: Stewards",
    "need to know": "Need to know: Divers",
    "reserved": "Reserved for stewards",
    "group first with read": "Divers: read",
    "may read": "Wardens may read this document",
    "can see": "Stewards can see this",
    "have access": "Divers have access",
    "handling": "Handling caveat: divers",
    "a title naming a group beside access": "Stewards Access",
    "a marking and the group as two sentences": "CONFIDENTIAL. DIVERS.",
    "glued by an invisible space": "Divers\u200bonly",
    "glued": "DIVERSONLY",
}


@pytest.mark.parametrize("shape", sorted(SURROUNDED))
def test_a_group_beside_a_mark_is_refused_whatever_words_surround_them(tmp_path, shape):
    root, name = markdown(tmp_path, ["DIVE-3 LOCKER", SURROUNDED[shape], *BODY])
    said = refusals(root, name)
    assert len(said) == 1 and said[0].startswith(f"documents/{name}:3:") and "reads as access metadata" in said[0]
    assert "KELPWORD" not in said[0], said


def test_a_group_beside_a_mark_in_a_word_opening_is_refused_too(tmp_path):
    root, name = word(tmp_path, ["DIVE-3 LOCKER", SURROUNDED["a long sentence"], *BODY])
    assert len(refusals(root, name)) == 1


def test_a_sentence_is_a_run_of_its_own_so_a_group_and_a_mark_in_two_sentences_are_text(tmp_path):
    """A document-control line of several sentences: 'Owner: … Stewards.' names a group, and
    'Audience: all crew.' a mark, in sentences of their own (examples/followup-handbooks): no
    restriction by the run rule, in a document declared public. Declaring nothing, it is a
    marking place's line naming a group, refused by place (issue 23: not by a count of words)."""
    line = "Dive Club Ltd, Harbour Operations. Owner: Head of the Stewards. Audience: all boat crew on duty."
    root, name = markdown(tmp_path, [PUBLIC, "DIVE-3 LOCKER", line, *BODY])
    text, noted = warnings_of(root, name)
    assert line in text and noted == []
    root, name = markdown(tmp_path / "undeclared", ["DIVE-3 LOCKER", line, *BODY])
    assert any("names the access group 'stewards'" in refused for refused in refusals(root, name))


def test_in_a_document_declaring_access_a_run_naming_only_its_groups_agrees():
    groups = frozenset({"divers", "stewards"})
    assert declaration(cells("DIVERS ONLY"), groups, declared=["divers"]) is None
    assert declaration(cells("Divers and stewards only"), groups, declared=["divers"]) is not None
    assert declaration(cells("DIVERS ONLY"), groups, declared=[]) is not None
    assert declaration(cells("DIVERS ONLY"), groups) is not None  # a document declaring no access


# -- M2 (audit 23o): a group named by a function word, and '&' in a name ----------------------

FUNCTION_WORD_GROUPS = "it;all;divers"


@pytest.mark.parametrize("line", ["It is for internal use only.", "This document is internal and it is restricted.",
                                  "All staff: internal use only."])
def test_a_group_named_by_a_function_word_is_no_pronoun(tmp_path, line):
    root, name = markdown(tmp_path, ["DIVE-3 LOCKER", line, *BODY], groups=FUNCTION_WORD_GROUPS)
    text, _ = warnings_of(root, name)
    assert line in text


@pytest.mark.parametrize("line", ["IT ONLY", "Access: it", "Restricted to: IT"])
def test_a_group_named_by_a_function_word_written_as_a_name_is_refused(tmp_path, line):
    root, name = markdown(tmp_path, ["DIVE-3 LOCKER", line, *BODY], groups=FUNCTION_WORD_GROUPS)
    assert len(refusals(root, name)) == 1


def test_an_ampersand_between_letters_is_part_of_a_name():
    assert normal_name("Q&A") == "q&a" and normal_name("Q.A.") == "qa" and normal_name("R & D") == "rd"
    assert declaration(cells("Q&A only"), frozenset({"qa"})) is None
    assert declaration(cells("Access: Q.A."), frozenset({"qa"})) is not None
    assert declaration(cells("R&D ONLY"), folded_groups(["r&d"])) is not None


# -- M1: a group's name beside 'access' and a route word is text, warned of --------------------

TEXT_LINES = {
    "a site instruction under the key": "Access: Wardens collect the key at the gate lodge",
    "a route under the key": "Access: Divers via the north slipway",
}
PLAIN_LINES = {
    "a sentence naming a group": "Wardens shall lock the locker each evening",
    "a title naming a group": "STEWARDS",
    "a key naming no group": "Access: Slipway",
}


#: Since audit 23p A4 a line of the opening naming a group is refused in a document that declares
#: no access, whatever it says; one declaring itself public (``public: true``) may name a group.
PUBLIC = "---\npublic: true\n---"


@pytest.mark.parametrize("shape", sorted(TEXT_LINES))
def test_a_group_name_among_other_words_is_text_with_a_warning(tmp_path, shape):
    root, name = markdown(tmp_path, ["DIVE-3 LOCKER", TEXT_LINES[shape], *BODY])
    said = refusals(root, name)
    assert len(said) == 1 and said[0].startswith(f"documents/{name}:3:") and "names the access group" in said[0]
    root, name = markdown(tmp_path / "public", [PUBLIC, "DIVE-3 LOCKER", TEXT_LINES[shape], *BODY])
    text, noted = warnings_of(root, name)
    assert TEXT_LINES[shape] in text
    assert len(noted) == 1 and noted[0].startswith(f"documents/{name}:7:") and "may be access" in noted[0], noted
    assert "front matter" in noted[0] and "register" in noted[0]


@pytest.mark.parametrize("shape", sorted(PLAIN_LINES))
def test_a_line_with_no_key_or_mark_is_text_without_a_warning(tmp_path, shape):
    root, name = markdown(tmp_path / "public", [PUBLIC, "DIVE-3 LOCKER", PLAIN_LINES[shape], *BODY])
    text, noted = warnings_of(root, name)
    assert PLAIN_LINES[shape] in text and noted == []


def test_a_key_or_mark_alone_on_its_line_takes_the_next_line_as_its_value(tmp_path):
    for lead in (["## Visibility"], ["RESTRICTED TO:"]):
        root, name = markdown(tmp_path / lead[0][-3:], ["DIVE-3 LOCKER", *lead, "Divers", *BODY])
        said = refusals(root, name)
        assert len(said) == 1 and ":5:" in said[0], said


# -- L1: lag counts what ingest reads ----------------------------------------------------------


def test_lag_is_current_after_ingest_for_a_file_with_its_own_front_matter_and_no_row(tmp_path):
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: mixed-register\nregistry: register.csv\n")
    (tmp_path / "register.csv").write_text(
        "file,id,title,kind,revision,seq,issued,effective_from,recorded,access\n"
        "documents/dive-1.md,DIVE-1,Locker,sop,A,1,2026-11-02,2026-11-02,2026-11-02T08:00:00Z,\n")
    (tmp_path / "documents" / "dive-1.md").write_text("1 SCOPE\n\nThe locker is kept shut.\n")
    (tmp_path / "documents" / "dive-2.md").write_text(
        "---\nid: DIVE-2\nkind: sop\nrevision: C\nseq: 3\neffective: {from: 2026-11-05}\n"
        "recorded: 2026-11-05T08:00:00Z\naccess: [divers]\n---\n1 SCOPE\n\nThe slipway is kept clear.\n")
    revisions, sources, _ = read_registry(tmp_path)
    assert sorted((r.document, r.label, r.access) for r in revisions) == [
        ("DIVE-1", "A", None), ("DIVE-2", "C", ("divers",))]
    assert sources == {"DIVE-2@C": "documents/dive-2.md"}
    assert CliRunner().invoke(app, ["ingest", str(tmp_path)]).exit_code == 0
    lag = CliRunner().invoke(app, ["lag", str(tmp_path)])
    assert lag.exit_code == 0 and "withdrawn" not in lag.output, lag.output


# -- A3 (audit 23o): a document declaring access, its opening agreeing or not ------------------


def declared_project(tmp_path: Path, access: str, line: str) -> Path:
    """DIVE-3 with front matter declaring ``access`` and ``line`` in its opening; DIVE-4's row
    names the project's groups."""
    root = opening_projects.project(tmp_path, "dive-4.md", GROUPS.replace("stewards", "stewards;pilots"))
    (root / "documents" / "dive-4.md").write_text("DIVE-4\n\n1 SCOPE\n\nThe slipway is kept clear.\n")
    (root / "documents" / "dive-3.md").write_text(
        "---\nid: DIVE-3\nkind: sop\nrevision: A\nseq: 1\neffective: {from: 2026-11-05}\n"
        f"recorded: 2026-11-05T08:00:00Z\naccess: {access}\n---\nDIVE-3 LOCKER\n\n{line}\n\n"
        + "\n\n".join(BODY) + "\n", encoding="utf-8")
    (root / "inforce.yaml").write_text("project: declared\nregistry: register.csv\n")
    return root


@pytest.mark.parametrize(("access", "line", "refused"), [
    ("[divers, stewards]", "CONFIDENTIAL: DIVERS AND STEWARDS ONLY", False),
    ("[divers]", "Restricted to divers", False),
    ("[divers]", "Restricted to divers and pilots", True),
    ("[divers]", "STEWARDS ONLY", True),
    ("[]", "DIVERS ONLY", True),
])
def test_a_document_declaring_access_agrees_with_an_opening_naming_only_its_groups(tmp_path, access, line, refused):
    root = declared_project(tmp_path, access, line)
    if refused:
        said = refusals(root, "dive-3.md")
        if access == "[]":  # a list naming no group is an error at its own line too (issue 23, LOWS2)
            assert said[0].startswith("documents/dive-3.md:8:9: access: lists no group"), said
            said = said[1:]
        assert len(said) == 1 and said[0].startswith("documents/dive-3.md:12:"), said
    else:
        assert line in read(root, "dive-3.md").text_layer
    # lag reads the opening as ingest does: the file it refuses, lag's registry refuses too
    if refused:
        with pytest.raises(InputErrors) as raised:
            read_registry(root)
        assert any("dive-3.md:12:" in str(error) for error in raised.value.exceptions)
    else:
        revisions, _, _ = read_registry(root)
        assert [r.access for r in revisions if r.document == "DIVE-3"] == [
            tuple(access.strip("[]").replace(" ", "").split(","))]
    assert (CliRunner().invoke(app, ["ingest", str(root)]).exit_code == 0) is not refused
