"""The text store (issue 20): written beside each build at ingest, rebuilt when missing or
stale, never trusted when it does not check, and answering exactly as the graph does."""
from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import pytest

from inforce.engine.asof import AsOfIndex
from inforce.engine.store import (
    GraphStore,
    TextStore,
    open_texts,
    read_framed,
    write_generation_files,
)
from inforce.engine.store._rows_file import rows_file
from inforce.engine.store._search_file import search_file
from inforce.engine.store._texts import texts_file
from inforce.ontology import Locator

from store_factory import ingest_documents, make_document


def _ingest(root: Path, documents, removed=()) -> None:
    ingest_documents(root, documents, removed, config="texts")


def _three_revisions(root: Path) -> Path:
    _ingest(root, [make_document("SPEC-A", "0"), make_document("SPEC-B", "0", texts={"2": "Ünïcode — 5 mm ‮ text"}),
                   make_document("SPEC-A", "1", seq=1)])
    return root


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build, shared by the tests that only read it."""
    return _three_revisions(tmp_path_factory.mktemp("texts"))


@pytest.fixture()
def project(built: Path, tmp_path: Path) -> Path:
    """A copy of the build (its ``.inforce/`` too), for a test that damages its file or ingests
    again: a store folder copied whole is a store of its own."""
    return Path(shutil.copytree(built, tmp_path / "texts"))


def _pinned(store: GraphStore) -> list[Locator]:
    return [Locator(doc=uid.split("@")[0], rev=uid.split("@")[1], path=path)
            for uid, outline in store.provision_outlines().items() for path in outline]


def test_ingest_writes_the_file_of_its_build(built: Path) -> None:
    with GraphStore.open(built) as store:
        path = texts_file(store)
        assert path is not None and path.is_file() and store.build_id() in path.name
        texts = open_texts(store)
        assert texts is not None and len(texts) == len(_pinned(store))


def test_every_text_span_and_title_equals_the_graph(built: Path) -> None:
    with GraphStore.open(built) as store:
        texts = open_texts(store)
        assert texts is not None
        pinned = _pinned(store)
        assert pinned
        for locator in pinned:
            assert texts.provision_text(locator) == store.provision_text(locator), locator
        for uid in {f"{p.doc}@{p.rev}" for p in pinned}:
            assert texts.title(uid) == store.revision_title(uid)
        assert texts.provision_text(Locator(doc="SPEC-A", rev="0", path="99")) is None


def test_a_new_build_replaces_the_file_and_removes_the_old(project: Path) -> None:
    with GraphStore.open(project) as store:
        before = texts_file(store)
    _ingest(project, [make_document("SPEC-C", "0")])
    with GraphStore.open(project) as store:
        after = texts_file(store)
        assert after != before and after is not None and after.is_file()
        assert before is not None and not before.exists()
        texts = open_texts(store)
        assert texts is not None and texts.provision_text(Locator(doc="SPEC-C", rev="0", path="1")) is not None


@pytest.mark.parametrize("damage", ["missing", "truncated", "other build", "garbage"])
def test_a_file_that_does_not_check_is_not_trusted_and_is_rebuilt(project: Path, damage: str) -> None:
    with GraphStore.open(project) as store:
        path = texts_file(store)
        assert path is not None
        good = path.read_bytes()
        if damage == "missing":
            path.unlink()
        elif damage == "truncated":
            path.write_bytes(good[:-3])
        elif damage == "other build":
            path.write_bytes(good.replace(store.build_id().encode(), b"0" * len(store.build_id()), 1))
        else:
            path.write_bytes(b"not a text store")
        assert open_texts(store) is None
        # the as-of index rebuilds it on first use and answers as before
        index = AsOfIndex.from_store(store)
        answer = index.answer(Locator(doc="SPEC-B", path="2"), MANIFEST_DAY)
        assert answer.text == store.provision_text(answer.resolved)[0]
        assert open_texts(store) is not None and path.read_bytes() == good


MANIFEST_DAY = __import__("datetime").date(2027, 1, 1)


def test_asof_answers_with_the_file_equal_those_from_the_graph(built: Path) -> None:
    """Every as-of answer with text is the same whether the text comes from the file or the graph."""
    with GraphStore.open(built) as store:
        with_file = AsOfIndex.from_store(store)
        from_graph = AsOfIndex.from_store(store)
        from_graph.texts._file = False  # type: ignore[union-attr]  # as if no file could be had
        asked = [Locator(doc=doc, path=path) for doc, path in
                 itertools.product(("SPEC-A", "SPEC-B"), ("1", "2", "2.1", "T1", "99"))]
        answered = 0
        for locator in asked:
            try:
                expected = from_graph.answer(locator, MANIFEST_DAY)
            except Exception as refused:  # noqa: BLE001 - the same refusal is expected from both
                with pytest.raises(type(refused)):
                    with_file.answer(locator, MANIFEST_DAY)
                continue
            assert with_file.answer(locator, MANIFEST_DAY) == expected
            answered += expected.text is not None
        assert answered >= 4
        # the file really answered: a text store that failed to open would fall back to the
        # graph silently and make the comparison trivial
        assert isinstance(with_file.texts._texts(), TextStore)  # type: ignore[union-attr]


def test_write_generation_files_names_what_it_wrote(project: Path) -> None:
    with GraphStore.open(project) as store:
        written = write_generation_files(store)
        assert written == [texts_file(store), search_file(store), rows_file(store)]


def test_a_text_is_found_alike_by_halving_the_keys_and_by_the_dict_built_past_them(built: Path) -> None:
    # the first reads halve the sorted keys (a dict of a million keys was half a second of opening
    # the project; issue 26); past _HALVED_READS a dict is built: both find the same, and no absent key
    from inforce.engine.store._texts import _HALVED_READS

    with GraphStore.open(built) as store:
        texts = open_texts(store)
        assert texts is not None
        pinned = _pinned(store)
        absent = [Locator(doc="SPEC-A", rev="0", path="99"), Locator(doc="SPEC-0", rev="0", path="1"),
                  Locator(doc="SPEC-Z", rev="9", path="1")]  # before, between and after every key
        expected = [store.provision_text(locator) for locator in pinned] + [None] * len(absent)
        rounds = [[texts.provision_text(locator) for locator in pinned + absent]
                  for _ in range(_HALVED_READS // len(pinned + absent) + 2)]
        assert texts._row is not None  # the dict was built on the way
        assert all(found == expected for found in rounds)


def test_a_new_build_takes_the_rows_of_unchanged_revisions_from_the_earlier_file(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26: a new build reads from the graph the provisions of the revisions its ingest wrote
    (new, or replaced: here one with other words under the same uid and content hash); every other
    row is taken from the file of the build its graph was copied from. The file is byte for byte one
    written from the graph alone."""
    from inforce.engine.store._kuzu import KuzuGraph

    asked: list[dict] = []
    rows = KuzuGraph.rows

    def counted(self, query, parameters=None):  # the real read, its parameters noted
        if "CONTAINS" in query and "p.text" in query:
            asked.append(dict(parameters or {}))
        return rows(self, query, parameters)

    monkeypatch.setattr(KuzuGraph, "rows", counted)
    changed = make_document("SPEC-B", "0", texts={"2": "Changed words — 7 mm"})
    _ingest(project, [make_document("SPEC-C", "0"), changed], removed=["SPEC-B@0"])
    assert sorted({p["uid"] for p in asked}) == ["SPEC-B@0", "SPEC-C@0"]
    with GraphStore.open(project) as store:
        path = texts_file(store)
        assert path is not None
        incremental = path.read_bytes()
        texts = open_texts(store)
        assert texts is not None and texts.text(Locator(doc="SPEC-B", rev="0", path="2")) == "Changed words — 7 mm"
    # from the graph alone: no earlier file to take from
    with GraphStore.open(project, read_only=False) as store:
        path.unlink()
        asked.clear()
        from inforce.engine.store._texts import write_texts

        write_texts(store)
        assert asked == []  # every row read at once, none by revision
        assert path.read_bytes() == incremental
        # the titles sorted as the keys are: the same bytes however the graph orders its revisions (audit 128 F1)
        framed = read_framed(path, b"INFTXT\n")
        assert framed is not None
        titles = list(framed[1]["titles"])
        framed[0].close()
        assert titles == sorted(titles) and len(titles) == 4


def test_without_the_base_builds_file_every_row_is_read_from_the_graph(
        project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from inforce.engine.store._kuzu import KuzuGraph

    asked: list[str] = []
    rows = KuzuGraph.rows

    def counted(self, query, parameters=None):
        if "p.text" in query and "p.span_start" in query:  # the text store's reads (not the search index's)
            asked.append("revision" if "CONTAINS" in query else "all")
        return rows(self, query, parameters)

    with GraphStore.open(project) as store:
        base = texts_file(store)
    assert base is not None
    base.unlink()
    monkeypatch.setattr(KuzuGraph, "rows", counted)
    _ingest(project, [make_document("SPEC-C", "0")])
    assert asked == ["all"] * 3  # one read of each provision table, none by revision
    with GraphStore.open(project) as store:
        texts = open_texts(store)
        assert texts is not None and len(texts) == len(_pinned(store))
