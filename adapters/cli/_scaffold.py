"""What ``inforce init`` writes: a commented manifest, one example document, and the rule-pack
JSON Schema in ``rules/`` (the file the editor header of a pack there names: rules/layout.py)."""

from __future__ import annotations

import contextlib
import errno
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from inforce.adapters.ingest.documents import DOCUMENTS
from inforce.ontology import InputError
from inforce.ontology.files import create_atomically, no_room
from inforce.ontology.scalars import written_visibly
from inforce.ontology.text import yaml_quoted
from inforce.rules.layout import write_schema_copy

__all__ = ["Scaffolded", "scaffold_project"]

MANIFEST = """\
# inforce project manifest. Reference: corpus-format.md ("A project folder").
project: {name}

# Applicability dimensions your documents declare in `applies_to` (market, product, site...).
# A document that omits a facet applies to every value of it.
facets: []

# Rule packs, applied in order; later packs extend earlier ones.
#   - stock: precedence/aia-style          # a pack shipped with inforce (`inforce rules check` lists them)
#     params: {{source: "Agreement Article 1.2"}}
#   - path: rules/eligibility.yaml         # a pack of this project: start one with
#                                          # inforce rules new rules/eligibility.yaml --kind eligibility
rules: []

# Who may read a document that declares neither `access` nor `public: true`: everyone
# (public, the default), nobody until it declares (refuse: an input error at its file),
# or the groups listed ([project-team]). Set it where an unmarked document must never be public.
# undeclared_access: refuse
"""

EXAMPLE_DOCUMENT = """\
---
id: SOP-001
kind: sop
title: Document Control
revision: "A"
seq: 1
issued: {today}
effective: {{from: {today}}}
recorded: {today}T09:00:00Z
---
SOP-001 DOCUMENT CONTROL

1 PURPOSE

This procedure describes how controlled documents are issued, revised and withdrawn.

2 PROCEDURE

2.1 Each revision is recorded in the registry with its effective date before release.

2.2 Superseded revisions are retained for 7 years after withdrawal.
"""


class Scaffolded(BaseModel):
    """What ``inforce init --format json`` prints: the project folder and the files written."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    project: str
    created: list[str]


def scaffold_project(folder: Path, *, today: str) -> list[Path]:
    """Create a new project in ``folder``: its manifest, the rule-pack schema in ``rules/`` (for
    the editor header of the packs written there), and an example document unless
    ``documents/`` already holds something (a user's own documents are the corpus).

    Nothing already there is overwritten: a folder with an ``inforce.yaml`` is refused, and
    so is a path that is not a folder; an InputError names the path.
    """
    if folder.exists() and not folder.is_dir():
        raise InputError("not a folder", file=folder, hint="init makes a project folder; name a folder, "
                         "existing or not")
    manifest = folder / "inforce.yaml"
    if manifest.exists() or manifest.is_symlink():
        raise InputError("a project already exists here", file=manifest, hint="choose another folder")
    documents = folder / DOCUMENTS
    for needed in (documents, folder / "rules"):
        if needed.exists() and not needed.is_dir():
            raise InputError("not a folder, but init needs a folder here", file=needed)
    made: list[Path] = []  # what this init made, in order: taken away again should a step fail
    try:
        for needed in (*reversed([*_missing(documents)]), folder / "rules"):
            try:
                needed.mkdir()
            except FileExistsError:
                if not needed.is_dir():
                    raise
                continue  # there already (or made meanwhile): not this init's to take away
            made.append(needed)
        written = [_create(manifest, MANIFEST.format(name=_project_name(folder)), made)]
        schema = write_schema_copy(folder / "rules", replace=False)
        if schema is not None:
            made.append(schema)
            written.append(schema)
        if not any(documents.iterdir()):
            written.append(_create(documents / "sop-001.md", EXAMPLE_DOCUMENT.format(today=today), made))
    except OSError as problem:
        # a full disk, a file where init wants a folder, a folder it may not write, a name taken
        # meanwhile: a failed init leaves nothing of its own behind (never half a project, which a
        # second init would refuse as "a project already exists here")
        for path in reversed(made):
            with contextlib.suppress(OSError):
                if path.is_dir() and not path.is_symlink():
                    path.rmdir()  # empty unless someone else put a file there meanwhile: then kept
                else:
                    path.unlink()
        reason = no_room(problem) or problem.strerror or str(problem)
        raise InputError(f"cannot create the project: {reason}; nothing was left there",
                         file=problem.filename or folder) from None
    return written


def _missing(path: Path) -> Iterator[Path]:
    """``path`` and the folders above it that do not exist yet, nearest first."""
    while not path.exists() and not path.is_symlink() and path != path.parent:
        yield path
        path = path.parent


def _project_name(folder: Path) -> str:
    """The folder's name as the manifest's ``project:``: a quoted YAML string that reads back as
    the name (``null``, ``#x`` stay text), bytes that are no UTF-8 as U+FFFD, and a character a
    project name may not hold (a line break, ESC, U+202E: ``scalars.visible_name``) written out
    as its code, so that the manifest's next reader accepts the name."""
    name = folder.resolve().name or "project"
    return yaml_quoted(written_visibly(name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")))


def _create(path: Path, text: str, made: list[Path]) -> Path:
    """Add ``path`` holding ``text``, whole or not at all; never replacing what is there (a name
    taken meanwhile is ``FileExistsError``)."""
    if not create_atomically(path, text):
        raise FileExistsError(errno.EEXIST, "a file appeared there meanwhile", str(path))
    made.append(path)
    return path
