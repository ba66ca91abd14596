"""What ``inforce init`` writes: a commented manifest and one example document."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict

from inforce.ontology import InputError

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
#   - path: rules/eligibility.yaml         # a pack of this project
rules: []
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
    """Create a new project in ``folder`` (which must not hold a manifest yet)."""
    manifest = folder / "inforce.yaml"
    if manifest.exists():
        raise InputError("a project already exists here", file=manifest, hint="choose another folder")
    (folder / "documents").mkdir(parents=True, exist_ok=True)
    (folder / "rules").mkdir(exist_ok=True)
    name = folder.resolve().name or "project"
    manifest.write_text(MANIFEST.format(name=name), encoding="utf-8")
    document = folder / "documents" / "sop-001.md"
    document.write_text(EXAMPLE_DOCUMENT.format(today=today), encoding="utf-8")
    return [manifest, document]
