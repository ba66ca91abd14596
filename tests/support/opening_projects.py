"""A one-document project described by its register, read as ingest reads it: for the tests of
the opening rule (``adapters/ingest/opening.py``), which decides by the access groups a project
uses (``groups_named``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.documents import groups_named, parse_document_with_warnings
from inforce.adapters.ingest.opening import groups_in_use
from inforce.adapters.ingest.register import read_register
from inforce.ontology import InputErrors

HEADER = "file,id,title,kind,revision,seq,issued,effective_from,recorded,access\n"
#: The document under test, LAB-7, public by its register row (its file is named before this).
TAIL = ",LAB-7,Pump room,sop,B,1,2026-11-02,2026-11-02,2026-11-02T08:00:00Z,\n"


def other(groups: str) -> str:
    """A register row with no file (metadata alone) readable by ``groups`` (``engineers;qa``):
    the groups the project uses, by which the opening rule decides."""
    return f",LAB-8,Plant room,sop,A,1,2026-11-02,2026-11-02,2026-11-02T08:00:00Z,{groups}\n"


def project(tmp_path: Path, name: str, groups: str) -> Path:
    """A project whose register describes ``documents/<name>`` (to be written by the test)."""
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "register.csv").write_text(HEADER + f"documents/{name}" + TAIL + other(groups), encoding="utf-8")
    return root


def read(root: Path, name: str):
    """The document as ingest reads it: by the groups the project uses."""
    register = read_register(root / "register.csv", "register.csv", root=root)
    with groups_in_use(groups_named(sorted((root / "documents").iterdir()), root, register)):
        return parse_document_with_warnings(root / "documents" / name, root, register=register)[0]


def refusals(root: Path, name: str) -> list[str]:
    """The input errors reading the document raises (it must raise)."""
    with pytest.raises(InputErrors) as raised:
        read(root, name)
    return [str(error) for error in raised.value.exceptions]
