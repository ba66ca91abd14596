"""Work an ingest does once, not once per document, and a process does once, not once per
ingest (issue 21's cost budget): costs that would grow back silently, with no answer changing.

- The project's quantity extractor is looked up once per ingest: the lookup's key serialises
  every rule of the subject vocabulary, and looked up for each document it cost a few percent
  of an ingest of thousands of documents.
- A rule pack is read, validated and linted once per process for its content: a second ingest
  in the same process (an HTTP server's, a watch loop's) reads its manifest's packs from memory.

Every document and pack here is written for the test.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.rules import SubjectVocabulary
from inforce.rules import loader as rule_loader

SPEC = """---
id: SPEC-{n}
kind: specification
title: Concrete {n}
revision: '0'
effective: {{from: 2026-01-01}}
recorded: 2026-01-01T09:00:00Z
---
# 03 30 00 CONCRETE {n}

## 2.1 MIXES

A. Compressive strength at 28 days: not less than {psi} psi.

B. Slump limit: {slump} inches.

## 3.1 PLACING

A. Minimum cover for reinforcement: 2 inches.
"""

#: a project's own subject pack: its content is this test's alone, so no other test read it first
PACK = """schema_version: 1
rules:
  - id: ONCE-V001
    slug: a-gap
    kind: subject
    subject: once.gap
    description: A gap between two members ({marker}).
    source: written for the test
    synonyms: [gap]
    unit: mm
"""


def _project(root: Path, documents: int, pack: str | None = None) -> Path:
    (root / "documents").mkdir(parents=True)
    rules = "  - stock: precedence/none\n"
    if pack is not None:
        (root / "rules").mkdir()
        (root / "rules" / "own.yaml").write_text(pack, encoding="utf-8")
        rules = "  - path: rules/own.yaml\n" + rules
    (root / "inforce.yaml").write_text(f"project: once\nfacets: []\nrules:\n{rules}", encoding="utf-8")
    for n in range(documents):
        _document(root, n)
    return root


def _document(root: Path, n: int) -> None:
    (root / "documents" / f"spec-{n}.md").write_text(SPEC.format(n=n, psi=3000 + 500 * n, slump=3 + n % 3),
                                                     encoding="utf-8")


@pytest.fixture()
def keys_made(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many times a subject vocabulary's key (every rule serialised) is made."""
    made: list[int] = []
    real = SubjectVocabulary.key

    def counted(self: SubjectVocabulary) -> tuple[str, ...]:
        made.append(1)
        return real(self)

    monkeypatch.setattr(SubjectVocabulary, "key", counted)
    return made


def test_an_ingest_looks_its_quantity_extractor_up_once_not_per_document(tmp_path: Path, keys_made) -> None:
    made = []
    for documents in (2, 7):
        keys_made.clear()
        result = ingest_project(_project(tmp_path / f"p{documents}", documents))
        assert len(result.added) == documents and result.quantities >= 3 * documents  # every document read
        made.append(len(keys_made))
    assert made[0] >= 1
    assert made[1] == made[0], f"the extractor's key was made {made} times for 2 and 7 documents"


def test_a_rule_pack_is_linted_once_per_process_not_per_ingest(tmp_path: Path, monkeypatch) -> None:
    own = str(tmp_path.name)  # a pack whose content no other test has
    root = _project(tmp_path / "p", 2, PACK.format(marker=own))
    linted: list[str] = []
    real = rule_loader.lint_pack

    def counted(source, rules, facets):
        linted.append(source.name)
        return real(source, rules, facets)

    monkeypatch.setattr(rule_loader, "lint_pack", counted)

    def ours() -> int:
        return sum(1 for name in linted if name.endswith("own.yaml"))

    ingest_project(root)
    assert ours() == 1  # read and linted at the first ingest of this process
    _document(root, 2)  # a new document: the second ingest stages it, reading the manifest's packs again
    result = ingest_project(root)
    assert [uid.split("@")[0] for uid in result.added] == ["SPEC-2"]
    assert ours() == 1, f"the pack was linted {ours()} times in one process"
    # an edit to the pack is read again, at once
    (root / "rules" / "own.yaml").write_text(PACK.format(marker=own + "-edited"), encoding="utf-8")
    ingest_project(root)
    assert ours() == 2
