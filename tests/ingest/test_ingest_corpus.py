"""Checks across files: duplicates, same-day revisions, missing targets, cycles, early edges."""

from __future__ import annotations

from pathlib import Path

from inforce.adapters.ingest import parse_document
from inforce.engine.ingest import check_corpus
from inforce.ontology import Document, Locator, Supersedes


def document(root: Path, name: str, front: str, body: str = "1 SCOPE\n\n1.1 General\n") -> Document:
    path = root / "documents" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\n{front}---\n{body}", encoding="utf-8")
    return parse_document(path, root)


def meta(
    doc_id: str,
    *,
    rev: str = "0",
    seq: int = 0,
    day: str = "2026-03-02",
    issued: str | None = None,
    extra: str = "",
) -> str:
    text = f"id: {doc_id}\nkind: sop\nrevision: {rev!r}\nseq: {seq}\neffective: {{from: {day}}}\nrecorded: {day}\n"
    if issued:
        text += f"issued: {issued}\n"
    return text + extra


def nothing_else(locator: Locator) -> bool:
    return False


def test_a_consistent_corpus_has_no_problems(tmp_path: Path):
    docs = [
        document(tmp_path, "sop-c.md", meta("SOP-114", rev="C", seq=1)),
        document(tmp_path, "sop-d.md", meta("SOP-114", rev="D", seq=2)),  # same day, distinct seq
        document(
            tmp_path,
            "add.md",
            meta(
                "ADD-1",
                day="2026-04-01",
                extra="supersedes:\n  - {target: SOP-114@C#1.1, scope: full, by: ADD-1#1}\n",
            ),
        ),
    ]
    assert check_corpus(docs, nothing_else) == []


def test_duplicate_id_and_revision_names_both_files(tmp_path: Path):
    docs = [
        document(tmp_path, "a.md", meta("SOP-114", rev="C")),
        document(tmp_path, "b.md", meta("SOP-114", rev="C", seq=4)),
    ]
    (error,) = check_corpus(docs, nothing_else)
    assert (error.file, error.line, error.field) == ("documents/b.md", 1, "revision")
    assert "SOP-114" in error.message and "documents/a.md" in error.message


def test_same_effective_date_without_distinct_seq(tmp_path: Path):
    docs = [
        document(tmp_path, "c.md", meta("SOP-114", rev="C", seq=1)),
        document(tmp_path, "d.md", meta("SOP-114", rev="D", seq=1)),
    ]
    (error,) = check_corpus(docs, nothing_else)
    assert (error.file, error.line, error.field) == ("documents/d.md", 1, "seq")
    assert (
        "SOP-114@D" in error.message
        and "SOP-114@C" in error.message
        and "documents/c.md" in error.message
    )


def test_supersedes_targets_that_no_revision_has(tmp_path: Path):
    spec = document(tmp_path, "spec.md", meta("SPEC-1", rev="1"))
    edges = (
        "supersedes:\n"
        "  - {target: SPEC-1#1.1, scope: full}\n"  # exists
        "  - {target: SPEC-1#7.4.2, scope: full}\n"  # no such section
        "  - {target: SPEC-1@9, scope: full}\n"  # no such revision
        "  - {target: SPEC-9, scope: full}\n"  # no such document
        "  - {target: OLD-1#3, scope: partial}\n"  # known to the store only
    )
    addendum = document(tmp_path, "add.md", meta("ADD-1", day="2026-04-01", extra=edges))
    asked: list[str] = []

    def store_has(locator: Locator) -> bool:
        asked.append(str(locator))
        return str(locator) == "OLD-1#3"

    errors = check_corpus([spec, addendum], store_has)
    assert [(e.file, e.line, e.field) for e in errors] == [
        ("documents/add.md", 10, "supersedes[1].target"),
        ("documents/add.md", 11, "supersedes[2].target"),
        ("documents/add.md", 12, "supersedes[3].target"),
    ]
    assert "SPEC-1#7.4.2" in errors[0].message and "SPEC-1@9" in errors[1].message
    assert "no document SPEC-9" in (errors[2].hint or "")
    assert "OLD-1#3" in asked and "SPEC-1#1.1" not in asked


def test_metadata_only_documents_ask_has_target_for_paths(tmp_path: Path):
    spec = document(tmp_path, "spec.md", meta("SPEC-1")).model_copy(
        update={"provisions": (), "text_layer": ""}
    )
    addendum = document(
        tmp_path,
        "add.md",
        meta("ADD-1", extra="supersedes:\n  - {target: SPEC-1#1.1, scope: full}\n"),
    )
    assert check_corpus([spec, addendum], lambda loc: str(loc) == "SPEC-1#1.1") == []
    (error,) = check_corpus([spec, addendum], nothing_else)
    assert error.field == "supersedes[0].target"


def test_a_supersession_cycle_names_both_documents(tmp_path: Path):
    a = document(
        tmp_path, "a.md", meta("ADD-A", extra="supersedes:\n  - {target: ADD-B, scope: full}\n")
    )
    b = document(
        tmp_path,
        "b.md",
        meta("ADD-B", extra="supersedes:\n  - {target: ADD-A#1, scope: partial}\n"),
    )
    (error,) = check_corpus([a, b], nothing_else)
    assert (error.file, error.line, error.field) == ("documents/a.md", 9, "supersedes[0]")
    assert "cycle" in error.message and "ADD-A@0 → ADD-B@0 → ADD-A@0" in error.message
    assert "documents/b.md" in error.message


def test_a_revision_that_folds_in_an_addendum_is_not_a_cycle(tmp_path: Path):
    spec0 = document(tmp_path, "spec0.md", meta("SPEC-1", rev="0", seq=1))
    addendum = document(
        tmp_path,
        "add.md",
        meta(
            "ADD-2", day="2026-04-10", extra="supersedes:\n  - {target: SPEC-1#1.1, scope: full}\n"
        ),
    )
    spec1 = document(
        tmp_path,
        "spec1.md",
        meta(
            "SPEC-1",
            rev="1",
            seq=2,
            day="2026-06-01",
            extra="supersedes:\n  - {target: ADD-2, scope: full}\n",
        ),
    )
    assert check_corpus([spec0, addendum, spec1], nothing_else) == []


def test_an_edge_effective_before_its_source_was_issued(tmp_path: Path):
    spec = document(tmp_path, "spec.md", meta("SPEC-1"))
    addendum = document(
        tmp_path,
        "add.md",
        meta(
            "ADD-2",
            day="2026-04-10",
            issued="2026-04-10",
            extra="supersedes:\n  - target: SPEC-1#1.1\n    scope: full\n    effective: 2026-04-01\n",
        ),
    )
    (error,) = check_corpus([spec, addendum], nothing_else)
    assert (error.file, error.line, error.field) == (
        "documents/add.md",
        10,
        "supersedes[0].effective",
    )
    assert (
        "ADD-2" in error.message and "SPEC-1#1.1" in error.message and "2026-04-01" in error.message
    )


def test_by_must_point_into_the_source_document(tmp_path: Path):
    spec = document(tmp_path, "spec.md", meta("SPEC-1"))
    addendum = document(tmp_path, "add.md", meta("ADD-2"))
    # A hand-built edge (a store loaded by other means) whose `by` names another document.
    edge = Supersedes(
        source=Locator.parse("ADD-2@0"),
        target=Locator.parse("SPEC-1#1"),
        scope="full",
        effective=addendum.effective.from_,
        by=Locator.parse("SPEC-1#1.1"),
        line=3,
    )
    (error,) = check_corpus(
        [spec, addendum.model_copy(update={"supersedes": (edge,)})], nothing_else
    )
    assert (error.file, error.line, error.field) == ("documents/add.md", 3, "supersedes[0].by")


def test_a_longer_cycle_is_reported_once_and_a_chain_is_not(tmp_path: Path):
    def edge_to(target: str) -> str:
        return f"supersedes:\n  - {{target: {target}, scope: full}}\n"

    docs = [
        document(tmp_path, "x.md", meta("X", extra=edge_to("Y"))),
        document(tmp_path, "y.md", meta("Y", extra=edge_to("Z#1"))),
        document(tmp_path, "z.md", meta("Z", extra=edge_to("X"))),
    ]
    # A chain C0 <- C1 <- ... <- C30: long, but no cycle.
    docs += [document(tmp_path, "c0.md", meta("C0"))]
    docs += [
        document(tmp_path, f"c{i}.md", meta(f"C{i}", extra=edge_to(f"C{i - 1}")))
        for i in range(1, 31)
    ]
    (error,) = check_corpus(docs, nothing_else)
    assert (error.file, error.line) == ("documents/x.md", 9)
    assert "X@0 → Y@0 → Z@0 → X@0" in error.message


def test_a_cycle_through_many_documents_is_named_by_its_ends_and_counted(tmp_path: Path):
    """A cycle through 400 documents printed every one of them (audit B: 15,604 characters):
    its first and last few are named, the rest counted."""
    def edge_to(target: str) -> str:
        return f"supersedes:\n  - {{target: {target}, scope: full}}\n"

    count = 400
    docs = [document(tmp_path, f"r{i}.md", meta(f"R{i:03}", extra=edge_to(f"R{(i - 1) % count:03}")))
            for i in range(count)]
    (error,) = check_corpus(docs, nothing_else)
    assert len(error.message) < 400, error.message
    assert f"… {count - 6} more …" in error.message and f"({count} revisions)" in error.message
    assert error.message.count("@0") == 7  # three at each end, and back to the first
