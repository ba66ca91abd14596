"""Audit 23p A4: a restriction marking whose restricting word is in no list (``TLP:RED - owners``,
``REL TO OWNERS``, ``For owners alone``, a two-line ``OWNERS`` / ``ONLY``, a marking on the last
line) left the document public with no warning. The rule now fails safe by structure: in a
document that declares no access, a line of a marking place (the opening, the closing lines, a
Word file's page header and footer) naming a group the project uses is an error at its line,
whatever else it says and however long it is (issue 23: a marking padded out past a dozen words,
or written as a closing sentence of four words or more, escaped a word count); a document
declaring its access (or declaring itself public, ``public: true``) may name groups. Nothing is
mocked: each file is written and read by the real readers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.opening import folded_groups, marking_names
from inforce.ontology import InputErrors

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
    # padded out past a dozen words, no word of the tables (issue 23)
    "padded": "Do not pass this document or any copy of it to anyone outside the keepers group",
    "padded sentence": ("Kindly keep this document and every copy of it among the night keepers of the "
                        "strongroom and nobody else at all."),
}

#: Closing sentences of four words or more naming a group (issue 23): a footer's marking written
#: as a sentence.
CLOSING_MARKINGS = {
    "four words": "Kept by keepers alone.",
    "sentence": "This ledger procedure stays with the vault clerks and goes to nobody else.",
    "hand back": "Hand this copy back to the keepers at the end of the shift.",
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


def test_the_hint_names_the_group_as_the_project_writes_it(tmp_path):
    root, name = markdown(tmp_path, ["VAULT-2 STRONGROOM", "Recipients: Night Keepers", *BODY])
    (said,) = refusals(root, name)
    assert "names the access group 'night_keepers'" in said and "access: [night_keepers]" in said, said


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


@pytest.mark.parametrize("shape", sorted(CLOSING_MARKINGS))
def test_a_closing_sentence_naming_a_group_is_refused_whatever_its_length(tmp_path, shape):
    root, name = markdown(tmp_path, ["VAULT-2 STRONGROOM", *BODY, *TAIL, CLOSING_MARKINGS[shape]])
    said = refusals(root, name)
    assert len(said) == 1 and said[0].startswith(f"documents/{name}:11:") and "closing lines" in said[0], said
    assert "public: true" in said[0]


def test_prose_naming_a_group_in_a_marking_place_is_text_once_the_document_is_declared_public(tmp_path):
    """The place decides, not the words: a first sentence or a last line naming a group is refused
    in a document that declares nothing, and read as text once it is declared public; a group
    named in the body past the opening and before the closing lines is text either way."""
    opening = ("This procedure tells the keepers how they log and lock the strongroom at the close "
               "of each working day.")
    closing = "The keepers sign the ledger each evening."
    middle = "2.1 The keepers hold the second key."
    lines = ["VAULT-2 STRONGROOM", opening, *BODY, middle, *TAIL, closing]
    root, name = markdown(tmp_path, lines)
    said = refusals(root, name)
    assert [line.split(":")[1] for line in said] == ["3", "15"], said
    root, name = markdown(tmp_path / "b", lines, front="public: true\n")
    text = read(root, name).text_layer
    assert opening in text and closing in text and "second key" in text
    root, name = markdown(tmp_path / "c", ["VAULT-2 STRONGROOM", *BODY, middle, *TAIL])
    assert "second key" in read(root, name).text_layer


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
    assert marking_names([long], groups) == ("keepers",)  # by place, not by a count of words
    assert marking_names(["Keepers sign the ledger."], groups) == ("keepers",)
    assert marking_names(["The strongroom is locked at six every working day."], groups) == ()


# -- lag reads a pending file's marking places as ingest does, its last lines too (issue 23) ---------


def _large(tmp_path: Path, last: str, *, middle: str = "") -> Path:
    """A registered Markdown file past lag's first read (``METADATA_PREFIX_BYTES``): ``middle`` at
    that read's end, ``last`` its last line."""
    from inforce.adapters.ingest.documents import METADATA_PREFIX_BYTES

    body = [f"1.{n} The ledger of shelf {n} is checked each week." for n in range(1, 4000)]
    lines = ["VAULT-2 STRONGROOM", "1 RECORDS", *body]
    at = next(n for n in range(len(lines)) if len("\n\n".join(lines[:n])) > METADATA_PREFIX_BYTES - 200)
    if middle:
        lines[at] = middle
    root, name = markdown(tmp_path, [*lines, "2 CLOSING", "The strongroom is locked at six.", last])
    assert (root / "documents" / name).stat().st_size > 2 * METADATA_PREFIX_BYTES
    return root


def _lag_access(root: Path):
    from inforce.adapters.ingest.registry import registry_from_file

    revisions = registry_from_file(root / "register.csv", display="register.csv", root=root)
    return next(revision.access for revision in revisions if revision.document == "LAB-7")


@pytest.mark.parametrize("last", ["KEEPERS ONLY", "Kept by keepers alone.", "TLP:RED - keepers"])
def test_lag_withholds_a_large_file_whose_last_line_names_a_group(tmp_path, last):
    root = _large(tmp_path, last)
    assert _lag_access(root) == ()  # listed, readable by no group, as a file that does not read
    assert any("closing lines" in refused for refused in refusals(root, "vault-2.md"))  # ingest agrees


def test_lag_reads_a_large_file_naming_no_group_at_its_end_as_its_register_row_says(tmp_path):
    # a group named in the middle of the body, where lag's first read ends, is no closing line
    root = _large(tmp_path, "Hinges are stainless steel.", middle="The keepers count the ledgers on Fridays.")
    assert _lag_access(root) is None
    assert "keepers count the ledgers" in read(root, "vault-2.md").text_layer


# -- a register row may say public: true, as front matter may (issue 23) ------------------------------

OPENING = ["VAULT-2 STRONGROOM", "Owner: Head of Keepers", *BODY]
_COLUMNS = ["file", "id", "title", "kind", "revision", "seq", "issued", "effective_from", "recorded", "access",
            "public"]


def _row(public: object, access: str = "") -> list[object]:
    return ["documents/vault-2.md", "LAB-7", "Strongroom", "sop", "B", 1, "2026-11-02", "2026-11-02",
            "2026-11-02T08:00:00Z", access, public]


_OTHER = ["", "LAB-8", "Plant room", "sop", "A", 1, "2026-11-02", "2026-11-02", "2026-11-02T08:00:00Z", GROUPS, ""]


def _registered(tmp_path: Path, form: str, public: object, access: str = "") -> tuple[Path, str]:
    """A project whose register (``form``: csv, xlsx or yaml) describes vault-2.md, its opening
    naming a group, by a row whose ``public`` cell is ``public``."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "documents" / "vault-2.md").write_text("\n\n".join(OPENING) + "\n", encoding="utf-8")
    rows = [_row(public, access), _OTHER]
    name = f"register.{form}"
    if form == "csv":
        (root / name).write_text("\n".join(",".join(str(c) for c in row) for row in [_COLUMNS, *rows]) + "\n")
    elif form == "xlsx":
        from openpyxl import Workbook

        book = Workbook()
        for row in [_COLUMNS, *rows]:
            book.active.append([None if cell == "" else cell for cell in row])
        book.save(root / name)
    else:
        import yaml

        entries = [{k: v for k, v in zip(_COLUMNS, row, strict=True) if v != ""} for row in rows]
        (root / name).write_text(yaml.safe_dump(entries, sort_keys=False))
    return root, name


def _read_registered(root: Path, name: str):
    from inforce.adapters.ingest.documents import groups_named, parse_document_with_warnings
    from inforce.adapters.ingest.opening import groups_in_use
    from inforce.adapters.ingest.register import read_register

    register = read_register(root / name, name, root=root)
    with groups_in_use(groups_named(sorted((root / "documents").iterdir()), root, register)):
        return parse_document_with_warnings(root / "documents" / "vault-2.md", root, register=register)[0]


@pytest.mark.parametrize(("form", "public"), [("csv", "true"), ("csv", "TRUE"), ("xlsx", True), ("yaml", True)])
def test_a_register_row_declares_a_document_public_as_front_matter_does(tmp_path, form, public):
    root, name = _registered(tmp_path, form, public)
    document = _read_registered(root, name)
    assert document.access is None and "Owner: Head of Keepers" in document.text_layer
    # the same row without it: the opening's line naming a group is refused
    root, name = _registered(tmp_path / "b", form, "")
    with pytest.raises(InputErrors) as raised:
        _read_registered(root, name)
    assert any("names the access group 'keepers'" in str(e) for e in raised.value.exceptions)


@pytest.mark.parametrize("form", ["csv", "xlsx", "yaml"])
@pytest.mark.parametrize(("public", "access", "said"), [
    ("false", "", "public takes only true"),
    ("yes", "", "public takes only true"),
    ("true", "keepers", "public: true and access are both given"),
])
def test_a_register_public_cell_takes_only_true_and_never_beside_access(tmp_path, form, public, access, said):
    value = {"true": True, "false": False}.get(public, public) if form != "csv" else public
    root, name = _registered(tmp_path, form, value, access)
    with pytest.raises(InputErrors) as raised:
        _read_registered(root, name)
    found = [e for e in raised.value.exceptions if said in str(e)]
    line = 1 if form == "yaml" else 2  # the entry's line, the row's under the header
    assert found and (found[0].file, found[0].line, found[0].field) == (name, line, "public"), raised.value.exceptions


# -- a group named as the project writes it, not a common word in another number (audit 23q L3) ----


def test_a_marking_place_names_a_group_only_as_the_project_writes_it():
    groups = folded_groups(["owners"])
    assert marking_names(["OWNER: Millbrook Public Library District"], groups) == ()
    assert marking_names(["AGREEMENT BETWEEN OWNER AND CONTRACTOR"], groups) == ()
    assert marking_names(["With the Owner's vendor, test each door."], groups) == ()
    assert marking_names(["Hand this copy back to the owners at the end of the day."], groups) == ("owners",)


@pytest.mark.slow  # a bundled example ingested twice
def test_a_contract_whose_party_is_a_group_in_another_number_ingests(tmp_path):
    """A construction project whose access group is ``owners`` ingests its contract and
    specifications, which name the Owner on their first and last lines; a marking naming the group
    is still refused, and a restriction in the singular still is by the restricting-word rule."""
    import shutil

    from inforce.adapters.ingest.pipeline import ingest_project

    root = tmp_path / "rv"
    shutil.copytree(Path(__file__).resolve().parents[2] / "examples" / "riverside-library", root,
                    ignore=shutil.ignore_patterns(".inforce"))
    addendum = root / "documents" / "addendum-01.md"
    addendum.write_text(addendum.read_text(encoding="utf-8").replace("id: ADD-01\n", "id: ADD-01\naccess: [owners]\n", 1),
                        encoding="utf-8")
    assert "access: [owners]" in addendum.read_text(encoding="utf-8")
    ingest_project(root)  # raises on any error: the OWNER lines are text
    spec = root / "documents" / "spec-033000.md"
    text = spec.read_text(encoding="utf-8")
    for marking, said in (("Keep this section among the owners and nobody else, whatever anyone asks.", "names the access group"),
                          ("OWNER ONLY", "reads as access metadata")):
        head, end, body = text.partition("\n---\n")
        spec.write_text(f"{head}{end}{marking}\n\n{body}", encoding="utf-8")
        with pytest.raises(InputErrors) as raised:
            ingest_project(root)
        assert any("spec-033000.md" in str(e) and said in str(e) for e in raised.value.exceptions), str(raised.value)
        spec.write_text(text, encoding="utf-8")
