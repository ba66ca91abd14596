"""A Markdown file's own words that look like access metadata are never silently body text
(audit 23h, H1): front matter opens on the file's first line with '---' or not at all.

A file the register describes needs no front matter, so every shape below used to be read as
a public document whose body began with ``access: [owners]``. Ingest and ``lag`` read the file
through the same reader, so each shape is refused by both.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.documents import parse_document_with_warnings
from inforce.adapters.ingest.register import read_register
from inforce.adapters.ingest.registry import registry_from_file
from inforce.ontology import InputErrors

ROW = "documents/sop-002.md,SOP-002,Secret,sop,A,1,2026-12-01,2026-12-01,2026-12-01T09:00:00Z\n"
HEADER = "file,id,title,kind,revision,seq,issued,effective_from,recorded\n"
BODY = "SOP-002 SECRET\n\n1 PURPOSE\n\nThe vault code ZEBRAWORD.\n"
FRONT = "access: [owners]\n"


def described(tmp_path: Path, content: str | bytes) -> Path:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "register.csv").write_text(HEADER + ROW)
    file = root / "documents" / "sop-002.md"
    if isinstance(content, str):
        file.write_text(content, encoding="utf-8", newline="")
    else:
        file.write_bytes(content)
    return root


def refusal(root: Path) -> str:
    register = read_register(root / "register.csv", "register.csv", root=root)
    with pytest.raises(InputErrors) as raised:
        parse_document_with_warnings(root / "documents" / "sop-002.md", root, register=register)
    return "\n".join(str(e) for e in raised.value.exceptions)


SHAPES = {
    "blank first line": "\n---\n" + FRONT + "---\n" + BODY,
    "space-only first line": " \n---\n" + FRONT + "---\n" + BODY,
    "tab-only first line": "\t\n---\n" + FRONT + "---\n" + BODY,
    "two blank lines": "\n\n---\n" + FRONT + "---\n" + BODY,
    "BOM then blank line": "\ufeff\n---\n" + FRONT + "---\n" + BODY,
    "HTML comment first": "<!-- metadata -->\n---\n" + FRONT + "---\n" + BODY,
    "em-dash fences": "\u2014\u2014\u2014\n" + FRONT + "\u2014\u2014\u2014\n" + BODY,
    "en-dash fences": "\u2013\u2013\u2013\n" + FRONT + "\u2013\u2013\u2013\n" + BODY,
    "fullwidth fences": "\uff0d\uff0d\uff0d\n" + FRONT + "\uff0d\uff0d\uff0d\n" + BODY,
    "minus-sign fences": "\u2212\u2212\u2212\n" + FRONT + "\u2212\u2212\u2212\n" + BODY,
    "zero-width space before": "\u200b---\n" + FRONT + "---\n" + BODY,
    "NBSP before": "\u00a0---\n" + FRONT + "---\n" + BODY,
    "form feed before": "\f---\n" + FRONT + "---\n" + BODY,
    "TOML fences": '+++\naccess = ["owners"]\n+++\n' + BODY,
    "bare access line": FRONT + "\n" + BODY,
    "bare access line, upper case": "Access: owners\n\n" + BODY,
    "empty front matter, then access": "---\n---\n" + FRONT + "---\n" + BODY,
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_described_file_whose_front_matter_is_not_on_line_one_is_refused(tmp_path, shape):
    said = refusal(described(tmp_path, SHAPES[shape]))
    assert "front matter" in said and "documents/sop-002.md:" in said
    assert "ZEBRAWORD" not in said


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_lag_reads_each_shape_as_ingest_does_withheld_from_every_group(tmp_path, shape):
    root = described(tmp_path, SHAPES[shape])
    revisions = registry_from_file(root / "register.csv", display="register.csv", root=root)
    assert [(r.document, r.access) for r in revisions] == [("SOP-002", ())]


def test_cr_only_line_ends_are_refused_not_read_as_one_line(tmp_path):
    said = refusal(described(tmp_path, ("---\n" + FRONT + "---\n" + BODY).replace("\n", "\r")))
    assert "carriage return" in said


def test_crlf_line_ends_still_read(tmp_path):
    root = described(tmp_path, ("---\n" + FRONT + "---\n" + BODY).replace("\n", "\r\n"))
    register = read_register(root / "register.csv", "register.csv", root=root)
    document, _ = parse_document_with_warnings(root / "documents" / "sop-002.md", root, register=register)
    assert document.access == ("owners",)


def test_a_described_file_without_front_matter_still_reads_from_its_row(tmp_path):
    root = described(tmp_path, "\n" + BODY)  # a blank first line, then text: nothing like metadata
    register = read_register(root / "register.csv", "register.csv", root=root)
    document, _ = parse_document_with_warnings(root / "documents" / "sop-002.md", root, register=register)
    assert document.access is None and "ZEBRAWORD" in document.text_layer


def test_a_file_no_register_describes_is_refused_at_the_line_too(tmp_path):
    root = described(tmp_path, "\n---\n" + FRONT + "---\n" + BODY)
    with pytest.raises(InputErrors) as raised:
        parse_document_with_warnings(root / "documents" / "sop-002.md", root)
    assert "documents/sop-002.md:2" in str(raised.value.exceptions[0])
