"""The graph's row reads (``KuzuGraph.rows``, ``iter_rows``) take each row straight from kuzu's
native result (``_kuzu._native``): the rows, their order and their values are kuzu's own, as its
public ``QueryResult`` hands them over, with and without the native object to read from."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from pathlib import Path

import kuzu
import pytest

from inforce.engine.store import _kuzu
from inforce.engine.store._kuzu import KuzuGraph

_ROWS = [
    (1, "SPEC-1@A", None, 2.5, dt.date(2026, 3, 1), ["a", "b"]),
    (2, "SPEC-1@B", "2.1.A", None, None, []),
    (3, "ADD-7@1", "§ 4 — “quoted”", -0.0, dt.date(1999, 12, 31), ["ü"]),
]


@pytest.fixture
def graph(tmp_path: Path) -> Iterator[KuzuGraph]:
    opened = KuzuGraph(tmp_path / "rows.kuzu", read_only=False)
    opened.execute("CREATE NODE TABLE T(key INT64, uid STRING, path STRING, value DOUBLE, day DATE, words STRING[],"
                   " PRIMARY KEY(key))")
    for key, uid, path, value, day, words in _ROWS:
        opened.execute("CREATE (:T {key: $key, uid: $uid, path: $path, value: $value, day: $day, words: $words})",
                       {"key": key, "uid": uid, "path": path, "value": value, "day": day, "words": words})
    yield opened
    opened.close()


_QUERY = "MATCH (t:T) RETURN t.key, t.uid, t.path, t.value, t.day, t.words ORDER BY t.key"


def _kuzu_own(graph: KuzuGraph, statement: str) -> list[list[object]]:
    result = graph._conn.execute(statement)
    try:
        return result.get_all()
    finally:
        result.close()


def test_rows_are_kuzus_own_rows_in_order(graph: KuzuGraph) -> None:
    assert graph.rows(_QUERY) == _kuzu_own(graph, _QUERY) == [list(row) for row in _ROWS]
    assert list(graph.iter_rows(_QUERY)) == [list(row) for row in _ROWS]
    assert graph.rows("MATCH (t:T) WHERE t.key > $k RETURN t.key ORDER BY t.key", {"k": 1}) == [[2], [3]]
    assert graph.rows("MATCH (t:T) WHERE t.key > 9 RETURN t.key") == []
    assert list(graph.iter_rows("MATCH (t:T) WHERE t.key > 9 RETURN t.key")) == []


def test_without_the_native_object_the_public_calls_give_the_same_rows(
    graph: KuzuGraph, monkeypatch: pytest.MonkeyPatch,
) -> None:
    taken: list[str] = []
    original = _kuzu._native

    def public_only(result: kuzu.QueryResult) -> object:
        wrapped = _kuzu._Wrapped(result)
        taken.append(type(wrapped).__name__)
        assert original(result) is result._query_result  # the pinned kuzu has it
        return wrapped

    monkeypatch.setattr(_kuzu, "_native", public_only)
    assert graph.rows(_QUERY) == [list(row) for row in _ROWS]
    assert list(graph.iter_rows(_QUERY)) == [list(row) for row in _ROWS]
    assert taken == ["_Wrapped", "_Wrapped"]


def test_a_result_without_its_native_object_is_read_through_the_wrapper(graph: KuzuGraph) -> None:
    result = graph._conn.execute(_QUERY)
    try:
        native = result._query_result
        del result._query_result  # as a kuzu without the attribute would have it
        wrapped = _kuzu._native(result)
        assert isinstance(wrapped, _kuzu._Wrapped)
        result._query_result = native
        rows = []
        while wrapped.hasNext():
            rows.append(wrapped.getNext())
        assert rows == [list(row) for row in _ROWS]
    finally:
        result.close()


def test_a_read_that_stops_early_closes_its_result(graph: KuzuGraph) -> None:
    reading = graph.iter_rows(_QUERY)
    assert next(reading) == list(_ROWS[0])
    reading.close()  # the generator's finally closes the result; the graph reads on
    assert graph.rows("MATCH (t:T) RETURN count(t)") == [[3]]
