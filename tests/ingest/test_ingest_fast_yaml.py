"""The front-matter fast path (``yamlsubset``) composes exactly what ruamel composes, or declines.

Three levels: node trees (class, tag, value, style, start and end marks) for every front
matter in the examples, the benchmark generators and hand-written edge cases, including a
property test over generated lines; whole documents parsed with and without the fast path
(the same Document, the same warnings); and bad metadata, where both paths must report the
same errors at the same file, line, column and field.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode

import inforce.adapters.ingest.yamlnodes as yamlnodes
from inforce.adapters.ingest import parse_document_with_warnings
from inforce.adapters.ingest.yamlsubset import compose_subset
from inforce.ontology import InputErrors

from bench_scripts import load

REPO = Path(__file__).resolve().parents[2]
_generator = load("generate_project")
generate, generate_small = _generator.generate, _generator.generate_small

_ruamel = YAML(typ="safe", pure=True)


def _tree(node: Node | None) -> object:
    """Everything a reader of the node tree can see, as plain data."""
    if node is None:
        return None
    start, end = node.start_mark, node.end_mark
    head = (
        type(node).__name__,
        node.tag,
        (start.line, start.column, start.index),
        (end.line, end.column, end.index),
        node.anchor,
        node.comment,
    )
    if isinstance(node, ScalarNode):
        return (*head, node.value, node.style)
    if isinstance(node, MappingNode):
        return (*head, node.flow_style, [(_tree(k), _tree(v)) for k, v in node.value])
    return (*head, node.flow_style, [_tree(item) for item in node.value])


def _front_matter(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if not path.name.endswith(".md"):
        return text
    lines = text.split("\n")
    closing = next(i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "..."))
    return "\n".join(lines[1:closing])


def _metadata_files(root: Path) -> list[Path]:
    return sorted(
        p for p in root.rglob("*")
        if p.is_file() and "documents" in p.parts
        and p.name.endswith((".md", ".drawing.yaml", ".pdf.yaml"))
    )


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    small = tmp_path_factory.mktemp("small")
    generate_small(small, 60)
    specs = tmp_path_factory.mktemp("specs")
    generate(specs, 12)
    return [*_metadata_files(REPO / "examples"), *_metadata_files(small), *_metadata_files(specs)]


def test_every_corpus_front_matter_composes_the_same(corpora: list[Path]):
    accepted = 0
    for path in corpora:
        text = _front_matter(path)
        fast = compose_subset(text)
        if fast is not None:
            accepted += 1
            assert _tree(fast) == _tree(_ruamel.compose(text)), path
    # The point of the fast path: the flat front matter of nearly every document takes it.
    assert accepted >= 0.8 * len(corpora)


ACCEPTED = [
    "id: P2\nkind: handbook",
    "# a comment first\n\nid: P2   # trailing comment\n  # indented comment\nkind: sop\n",
    'revision: "1"\ntitle: \'Quoted: with # and ,\'\nempty: ""\n',
    "effective: {from: 2024-04-01, until: 2025-01-01}\nrecorded: 2024-03-20T10:00:00Z",
    "applies_to: {market: [UK, IE], product: [refurbished]}\naccess: []\nx: {}",
    "seq: 3\nrevision: 1.10\nflag: true\nnothing: ~\nnull_word: null\nhex: 0x1F\noctal: 0o17\nneg: .inf",
    "changed: [\"2.1\", 5, 'x']\nsheet: S-101\nscale: 1/4\" = 1'-0\"",
    "title: Customer Follow-up Handbook — UK/IE new and refurbished (ed. 2)",
    "title: a#b c,d [e] {f} 100%",
    "id: X\nid: Y",  # a duplicate key: both kept, NodeReader reports it
    "applies_to: {market: [U K, I-E]}",
    "key.with-dots_and-dashes: v",
    "date: 2026-02-30\nlong: 2026-3-2\nstamp: 2026-03-02 09:00:00",
    "title: trailing spaces   ",
    "title: ünïcödé ✓ 𝒳",
]

DECLINED = [
    "",
    "# only a comment",
    "supersedes:\n  - target: SPEC#2.1.A\n    scope: full",
    "title: first line\n  continued",
    "effective:\n  from: 2024-01-01",
    "title: \"escaped \\\" quote\"",
    "title: 'it''s'",
    "title: \"runs on\n  to the next line\"",
    "title:\tTab",
    "title: a\r\nkind: b",
    "title: &anchor x\nother: *anchor",
    "title: !!str 5",
    "title: |\n  literal",
    "title: >\n  folded",
    "%YAML 1.2\n---\ntitle: x",
    "? complex\n: key",
    "- a\n- b",
    "title: a: b",
    "title: ends with colon:",
    "list: [a, b,]",
    "list: [a, , b]",
    "list: [a, [b]]",
    "list: [a\n  , b]",
    "map: {a: {b: c}}",
    "map: {a}",
    "map: {a:b}",
    "list: [a: b]",
    "list: [a # c]",
    "list: [a?b]",
    "list: [-a]",
    "title: [a] trailing",
    "title: \"x\" trailing",
    "title: -5",
    "title: @reserved",
    "title: `reserved`",
    "title: x\u2028y",
    "title: x\x85y",
    "title: \ufeffbom",
    "title: bell\x07",
    "TITLE ONLY",
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_subset_cases_compose_the_same(text: str):
    fast = compose_subset(text)
    assert fast is not None
    assert _tree(fast) == _tree(_ruamel.compose(text))


@pytest.mark.parametrize("text", DECLINED)
def test_everything_else_is_left_to_ruamel(text: str):
    assert compose_subset(text) is None


_KEYS = st.sampled_from(["id", "kind", "title", "revision", "seq", "a", "on", "null", "true", "x_y", "k.1"])
_ATOMS = st.sampled_from([
    "UK", "new", "spare parts", "2024-04-01", "2024-4-1", "2024-03-20T10:00:00Z", "1", "1.10",
    "-1", "0x1F", "true", "False", "~", "null", "", " ", "a:b", "a: b", ":", "#", " #c", "a#b",
    ",", "[", "]", "{", "}", '"', "'", "\\", "?", "-", "*a", "&a", "!t", "|", ">", "%", "@", "`",
    "é", "—", "\t", "x y",
])
_LINE = st.one_of(
    st.tuples(_KEYS, st.lists(_ATOMS, min_size=1, max_size=3).map("".join)).map(lambda kv: f"{kv[0]}: {kv[1]}"),
    st.tuples(_KEYS, st.lists(st.lists(_ATOMS, max_size=2).map("".join), max_size=3).map(", ".join)).map(
        lambda kv: f"{kv[0]}: [{kv[1]}]"
    ),
    st.tuples(_KEYS, _KEYS, st.lists(_ATOMS, max_size=2).map("".join)).map(
        lambda kv: f"{kv[0]}: {{{kv[1]}: {kv[2]}}}"
    ),
    st.tuples(_KEYS, _KEYS, st.lists(_ATOMS, max_size=2).map(", ".join)).map(
        lambda kv: f"{kv[0]}: {{{kv[1]}: [{kv[2]}]}}"
    ),
    st.tuples(_KEYS, st.lists(_ATOMS, max_size=3).map("".join)).map(lambda kv: f'{kv[0]}: "{kv[1]}"'),
    st.tuples(_KEYS, st.lists(_ATOMS, min_size=1, max_size=2).map("".join), st.sampled_from(["  ", " # c", "  #c "])).map(
        lambda kv: f"{kv[0]}:  {kv[1]}{kv[2]}"
    ),
    st.sampled_from(["", "  ", "# comment", "  # indented comment", "  indented", "- item", "key:", "...", "---"]),
)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_LINE, min_size=1, max_size=6).map("\n".join))
@pytest.mark.slow
def test_whatever_the_subset_accepts_ruamel_composes_the_same(text: str):
    fast = compose_subset(text)
    if fast is None:
        return
    try:
        slow = _ruamel.compose(text)
    except YAMLError as exc:  # pragma: no cover - the failure this test exists to catch
        pytest.fail(f"the fast path accepted what ruamel rejects: {text!r}: {exc}")
    assert _tree(fast) == _tree(slow), text


# ---- whole documents: the same Document, the same warnings, the same errors ----------------


def _both_ways(path: Path, root: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    def outcome() -> object:
        try:
            document, warnings = parse_document_with_warnings(path, root)
        except InputErrors as group:
            return ("errors", [(str(e), e.file, e.line, e.col, e.field, e.hint) for e in group.exceptions])
        return ("document", document, [(str(w), w.file, w.line, w.col, w.field) for w in warnings])

    fast = outcome()
    with monkeypatch.context() as patch:
        patch.setattr(yamlnodes, "compose_subset", lambda text: None)
        slow = outcome()
    return fast, slow


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_documents_parse_the_same_with_and_without_the_fast_path(
    corpora: list[Path], monkeypatch: pytest.MonkeyPatch
):
    for path in corpora:
        if path.name.endswith(".pdf.yaml"):
            continue
        root = next(p for p in path.parents if (p / "documents").is_dir())
        fast, slow = _both_ways(path, root, monkeypatch)
        assert fast[0] == "document", (path, fast)
        assert fast == slow, path


BODY = "1 PURPOSE\n\nThe handbook.\n\n1.1 Scope\n\nEvery order.\n"
BAD_FRONT_MATTER = {
    "wrong-types": "id: [H-1]\nkind: handbook\nseq: many\nrevision: true\neffective: {from: 2024-01-01}\nrecorded: 2024-01-02T00:00:00Z",
    "unknown-kind": "id: H-1\nkind: handbok\neffective: {from: 2024-01-01}\nrecorded: 2024-01-02T00:00:00Z",
    "impossible-date": "id: H-1\nkind: handbook\nissued: 2026-02-30\neffective: {from: 2024-01-01}\nrecorded: 2024-13-02T00:00:00Z",
    "until-before-from": "id: H-1\nkind: handbook\neffective: {from: 2024-01-01, until: 2023-01-01}\nrecorded: 2024-01-02T00:00:00Z",
    "unknown-keys": "id: H-1\nkind: handbook\nowner: me\neffective: {from: 2024-01-01, untill: 2025-01-01}\nrecorded: 2024-01-02T00:00:00Z",
    "missing-fields": "# no effective, no recorded\ntitle: Handbook",
    "duplicate-key": "id: H-1\nkind: handbook\nid: H-2\neffective: {from: 2024-01-01}\nrecorded: 2024-01-02T00:00:00Z",
    "bad-facets": "id: H-1\nkind: handbook\napplies_to: {market: [UK], product: ~}\naccess: {g: 1}\neffective: {from: 2024-01-01}\nrecorded: 2024-01-02T00:00:00Z",
    "bad-facets-flat": "id: H-1\nkind: handbook\napplies_to: [UK]\nchanged: [\"2..1\", x]\neffective: {from: 2024-01-01}\nrecorded: 2024-01-02T00:00:00Z",
    "bad-id-and-revision": "id: \"H 1\"\nkind: handbook\nrevision: \"-a\"\neffective: 2024-01-01\nrecorded: yesterday",
    "syntax-error": "id: H-1\nkind: handbook\ntitle: \"unclosed\neffective: {from: 2024-01-01}\nrecorded: 2024-01-02T00:00:00Z",
    "null-required": "id: ~\nkind: handbook\neffective: {from: ~}\nrecorded: ~",
}


@pytest.mark.parametrize("name", sorted(BAD_FRONT_MATTER))
def test_bad_metadata_gives_the_same_errors_either_way(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    (tmp_path / "documents").mkdir()
    path = tmp_path / "documents" / f"{name}.md"
    path.write_text(f"---\n{BAD_FRONT_MATTER[name]}\n---\n{BODY}", encoding="utf-8")
    # Only the syntax error is outside the subset; every other case takes the fast path.
    assert (compose_subset(BAD_FRONT_MATTER[name]) is None) == (name == "syntax-error")
    fast, slow = _both_ways(path, tmp_path, monkeypatch)
    assert fast[0] == "errors"
    assert fast == slow
    for message, file, line, _col, _field, _hint in fast[1]:
        assert file == f"documents/{name}.md" and line is not None and line >= 2, message
    # Every error but a syntax error names its field.
    if name != "syntax-error":
        assert all(field for *_, field, _hint in fast[1])
