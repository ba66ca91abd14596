"""The rows the as-of index opens with (issue 20), written beside each build at ingest: a
read-only store reads them from the file exactly as the graph gives them (the same values of
the same types), a writer reads the graph, and a file that does not check is never trusted —
the graph answers and a reader writes the file again."""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.engine.asof import AsOfIndex
from inforce.engine.store import GraphStore, _reads, frame, read_framed
from inforce.engine.store._rows_file import _MAGIC, _columns, _rows, open_rows, rows_file
from inforce.ontology import Locator

from store_factory import MANIFEST, make_document


def _ingest(root: Path, documents) -> None:
    with GraphStore.open(root, read_only=False) as store, store.begin_ingest(MANIFEST, "rows") as tx:
        for document in documents:
            tx.add(document)
        tx.commit()


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    _ingest(tmp_path, [make_document("SPEC-A", "0"), make_document("SPEC-B", "0"),
                       make_document("SPEC-A", "1", seq=1)])
    return tmp_path


def _from_the_graph(store: GraphStore) -> tuple[list, dict]:
    graph = store._reader()
    return _reads.revision_rows(graph), _reads.provision_outlines(graph)


def _same(found: list, expected: list) -> bool:
    """Equal rows of equal types, cell by cell (a date is not a date-time, a list not a tuple)."""
    key = sorted(range(len(expected)), key=lambda i: (expected[i][0], expected[i][1]))
    order = sorted(range(len(found)), key=lambda i: (found[i][0], found[i][1]))
    return len(found) == len(expected) and all(
        type(found[i]) is tuple and found[i] == expected[j]
        and all(type(a) is type(b) for a, b in zip(found[i], expected[j], strict=True))
        for i, j in zip(order, key, strict=True))


def test_a_reader_reads_the_file_of_its_build_and_it_gives_what_the_graph_gives(project: Path) -> None:
    with GraphStore.open(project) as store:
        path = rows_file(store)
        assert path is not None and path.is_file() and store.build_id() in path.name
        stored = open_rows(store)
        assert stored is not None
        rows, outlines = _from_the_graph(store)
        assert _same(stored.revision_rows(), rows) and stored.provision_outlines() == outlines
        assert _same(store.revision_rows(), rows) and store.provision_outlines() == outlines
        assert any(isinstance(v, dt.datetime) for v in rows[0]) and any(
            isinstance(v, dt.date) and not isinstance(v, dt.datetime) for v in rows[0])
        # the index opened from them answers as one opened from the graph's reads
        index = AsOfIndex.from_store(store)
        graph = AsOfIndex.from_rows(rows, store.supersedes(), outlines, build_id=store.build_id())
        for uid, outline in outlines.items():
            doc, rev = uid.split("@")
            for path_ in outline:
                for day in (dt.date(2020, 1, 1), dt.date(2026, 6, 1), dt.date(2030, 1, 1)):
                    locator = Locator(doc=doc, path=path_)
                    assert (index.answer(locator, day, with_text=False).model_dump()
                            == graph.answer(locator, day, with_text=False).model_dump())


def _reframed(path: Path, change) -> None:
    """Write ``path`` again with ``change`` made to its body and the header's digest made anew,
    as ``frame`` would: a file the writer could have written."""
    read = read_framed(path, _MAGIC)
    assert read is not None
    mapped, header, start = read
    with mapped:
        body = change(mapped[start:])
    del header["sha256"]
    path.write_bytes(frame(_MAGIC, header, [body], align=1))


def test_the_file_is_read_not_the_graph(project: Path) -> None:
    """A reader answers from the file: written anew with a change on purpose (a revision's
    label, kept to the same length) and its digest, the change shows — which is what proves the
    graph was not asked."""
    with GraphStore.open(project) as store:
        path = rows_file(store)
    assert path is not None
    assert path.read_bytes().count(b'"SPEC-B"') >= 1
    _reframed(path, lambda body: body.replace(b'"SPEC-B"', b'"SPEC-Z"'))
    with GraphStore.open(project) as store:
        assert {row[0] for row in store.revision_rows()} == {"SPEC-A", "SPEC-Z"}


def test_a_writer_reads_the_graph(project: Path) -> None:
    with GraphStore.open(project) as store:
        path = rows_file(store)
    assert path is not None
    path.write_bytes(path.read_bytes().replace(b'"SPEC-B"', b'"SPEC-Z"'))
    with GraphStore.open(project, read_only=False) as store:
        assert {row[0] for row in store.revision_rows()} == {"SPEC-A", "SPEC-B"}


@pytest.mark.parametrize("damage", ["missing", "build", "edited", "part", "columns"])
def test_a_file_that_does_not_check_is_not_trusted_and_a_reader_writes_it_again(project: Path, damage: str) -> None:
    with GraphStore.open(project) as store:
        path = rows_file(store)
        build = store.build_id()
        expected = _from_the_graph(store)
    assert path is not None
    good = path.read_bytes()
    if damage == "missing":
        path.unlink()
    elif damage == "build":
        path.write_bytes(good.replace(build.encode(), b"0" * len(build)))
    elif damage == "edited":  # a revision's label changed in place, to the same length: the digest refuses it
        edited = good.replace(b'"SPEC-B"', b'"SPEC-Z"')
        assert edited != good and len(edited) == len(good)
        path.write_bytes(edited)
    elif damage == "part":  # written with its digest, the outlines part does not parse
        _reframed(path, lambda body: body[:body.rindex(b"{")] + b"[" + body[body.rindex(b"{") + 1:])
    else:
        path.write_bytes(good.replace(b'"effective_from"', b'"effective_FROM"'))
    with GraphStore.open(project) as store:
        if damage != "part":
            assert open_rows(store) is None
        rows, outlines = store.revision_rows(), store.provision_outlines()
        assert _same(rows, expected[0]) and outlines == expected[1]
    with GraphStore.open(project) as store:  # the reader wrote it again
        stored = open_rows(store)
        assert stored is not None and _same(stored.revision_rows(), expected[0])
        assert stored.provision_outlines() == expected[1]


def test_a_column_with_no_json_form_is_refused() -> None:
    rows = [("A", dt.date(2026, 1, 1), dt.datetime(2026, 1, 1, tzinfo=dt.UTC), ["x"], None, 1, 2.5, True)]
    assert _rows(_columns(rows)) == rows
    with pytest.raises(TypeError):
        _columns([("A", dt.date(2026, 1, 1)), ("B", dt.datetime(2026, 1, 1, tzinfo=dt.UTC))])  # mixed
    with pytest.raises(TypeError):
        _columns([("A", (1, 2))])  # a tuple would come back a list


def _outline_reads(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Each read of outlines from the graph, noted as the revisions it asked for ("every revision"
    for all), the real read made all the same."""
    from inforce.engine.store._kuzu import KuzuGraph

    asked: list[object] = []
    rows = KuzuGraph.rows

    def counted(self, query, parameters=None):
        if "collect([p.path, p.parent])" in query:
            asked.append((parameters or {}).get("revs", "every revision"))
        return rows(self, query, parameters)

    monkeypatch.setattr(KuzuGraph, "rows", counted)
    return asked


def test_a_delta_takes_the_outlines_of_the_revisions_it_did_not_write_from_the_base_file(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: a delta read every provision's outline from the graph (1.5 s at a million); it reads
    those of the revisions it wrote and takes the others from the base build's file, the same outlines."""
    asked = _outline_reads(monkeypatch)
    with GraphStore.open(project, read_only=False) as store, store.begin_ingest(MANIFEST, "delta") as tx:
        tx.remove("SPEC-B@0")
        tx.add(make_document("SPEC-C", "0", sections=4, rows=2, callouts=1))
        tx.add(make_document("SPEC-B", "0", sections=2, rows=0, callouts=0))  # the same uid, other provisions
        tx.commit()
    assert asked and all(revs == ["SPEC-B@0", "SPEC-C@0"] for revs in asked)
    with GraphStore.open(project) as store:
        stored = open_rows(store)
        assert stored is not None
        outlines = _from_the_graph(store)[1]
        assert stored.provision_outlines() == outlines and set(outlines) == {"SPEC-A@0", "SPEC-A@1", "SPEC-B@0", "SPEC-C@0"}
        assert len(outlines["SPEC-B@0"]) == len(make_document("SPEC-B", "0", sections=2, rows=0, callouts=0).provisions)
    # without the base build's file, every outline is read from the graph, and the same
    with GraphStore.open(project) as store:
        base = rows_file(store)
    assert base is not None
    base.unlink()
    asked.clear()
    _ingest(project, [make_document("SPEC-D", "0")])
    assert asked == ["every revision"] * 3
    with GraphStore.open(project) as store:
        stored = open_rows(store)
        assert stored is not None and stored.provision_outlines() == _from_the_graph(store)[1]


def test_the_sealed_build_s_outlines_are_those_its_files_were_written_with_and_only_until_it_is_live(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: what an ingest derives from its sealed build (the snapshot's as-of index) read every
    provision's outline from the graph again after its rows file was written with them (1.2 s of a
    delta at a million): it is answered with those outlines, the graph's own, and once the build is
    live a writer reads the graph again."""
    asked = _outline_reads(monkeypatch)
    seen: dict[str, object] = {}
    with GraphStore.open(project, read_only=False) as store:
        with store.begin_ingest(MANIFEST, "delta") as tx:
            tx.add(make_document("SPEC-C", "0", sections=4, rows=2, callouts=1))

            def before_live() -> None:
                at = len(asked)
                seen["outlines"] = store.provision_outlines()
                seen["index"] = AsOfIndex.from_store(store).entry_inputs("SPEC-C")
                seen["asked"] = asked[at:]
                seen["graph"] = _reads.provision_outlines(store._reader())

            tx.commit(before_live)
        assert seen["asked"] == [] and "every revision" in asked  # the test's own read of the sealed graph
        assert seen["outlines"] == seen["graph"] and set(seen["outlines"]) == {  # type: ignore[arg-type]
            "SPEC-A@0", "SPEC-A@1", "SPEC-B@0", "SPEC-C@0"}
        assert "SPEC-C" in str(seen["index"])
        asked.clear()
        assert store.provision_outlines() == seen["graph"]  # the live build, read by the writer from its graph
        assert asked and set(asked) == {"every revision"}
