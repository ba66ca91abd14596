"""Front matter, sidecars and every YAML file of the project through the one reader
(``ontology.yamltext``: libyaml, or PyYAML's pure parser where libyaml is missing).

Three levels: node trees (class, tag, value, style, each scalar's line) composed by libyaml
and by the pure fallback for every YAML file and front matter the project holds (examples,
stock packs, test fixtures, the benchmark generators) and for generated lines, which must be
the same; whole documents parsed either way (the same Document, the same warnings); and bad
metadata, each problem at its file, line and field. When libyaml replaced ruamel (issue 23),
the two were compared once, not kept as a test: class, tag, value, line and column of every
node were the same for all 759 YAML files and front matters of the project and 2,718
generated ones.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import inforce.ontology.yamltext as yamltext
from inforce.adapters.ingest import parse_document_with_warnings
from inforce.ontology import InputError, InputErrors
from inforce.ontology.yamltext import MappingNode, Node, ScalarNode, compose

from bench_scripts import load

REPO = Path(__file__).resolve().parents[2]
_generator = load("generate_project")
generate, generate_small = _generator.generate, _generator.generate_small

pytestmark = pytest.mark.skipif(not yaml.__with_libyaml__, reason="compares libyaml with the pure fallback")


def _tree(node: Node | None) -> object:
    """What a reader of the node tree looks at, as plain data: class, tag, value and style, and a
    non-empty scalar's line. The two parsers place a collection's start and an empty scalar a
    little differently (libyaml where ruamel, the reader before, did), and say a block's flow
    style as None or False: nothing a reader reports."""
    if node is None:
        return None
    head = (type(node).__name__, node.tag)
    if isinstance(node, ScalarNode):
        return (*head, node.value, node.style or None, node.start_mark.line if node.value else None)
    if isinstance(node, MappingNode):
        return (*head, [(_tree(k), _tree(v)) for k, v in node.value])
    return (*head, [_tree(item) for item in node.value])


def _either_way(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    """What libyaml and the pure parser make of ``text``: a tree, or the error's place and message."""
    def outcome() -> object:
        try:
            return _tree(compose(text, file="x.yaml", line_offset=1))
        except InputError:  # where each parser gives up may differ by a token, and so may what it
            return "error"  # says: a tag in a flow list is a syntax error to libyaml, an unread tag to the pure parser

    libyaml = outcome()
    with monkeypatch.context() as patch:
        patch.setattr(yamltext, "_Loader", yamltext._PureLoader)
        pure = outcome()
    return libyaml, pure


def _front_matter(path: Path) -> str | None:
    text = path.read_text(encoding="utf-8")
    if not path.name.endswith(".md"):
        return text
    if not text.startswith("---"):
        return None
    lines = text.split("\n")
    closing = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    return None if closing is None else "\n".join(lines[1:closing])


def _yaml_texts(*roots: Path) -> list[tuple[Path, str]]:
    found = []
    for root in roots:
        for path in sorted(root.rglob("*")):
            if path.is_file() and path.suffix in (".yaml", ".yml", ".md"):
                text = _front_matter(path)
                if text is not None:
                    found.append((path, text))
    return found


@pytest.fixture(scope="module")
def corpora(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    small = tmp_path_factory.mktemp("small")
    generate_small(small, 60)
    specs = tmp_path_factory.mktemp("specs")
    generate(specs, 12)
    return [small, specs]


@pytest.mark.slow  # ~800 files, each composed twice
def test_every_yaml_file_of_the_project_composes_the_same_either_way(
    corpora: list[Path], monkeypatch: pytest.MonkeyPatch
):
    texts = _yaml_texts(REPO / "examples", REPO / "rules" / "stock", REPO / "tests" / "fixtures", *corpora)
    assert len(texts) > 700
    # each distinct text once (named by its first file): the fixtures hold thousands of copies of
    # a few hundred, and a text composes the same whichever file holds it
    for text, path in {text: path for path, text in reversed(texts)}.items():
        libyaml, pure = _either_way(text, monkeypatch)
        assert libyaml == pure, path
        assert libyaml is None or libyaml[0] != "error", (path, libyaml)  # every one of them reads


CASES = [
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
    "date: 2026-02-30\nlong: 2026-3-2\nstamp: 2026-03-02 09:00:00",
    "title: ünïcödé ✓ 𝒳",
    "supersedes:\n  - target: SPEC#2.1.A\n    scope: full",
    "title: first line\n  continued",
    "title: \"escaped \\\" quote\"\nother: 'it''s'",
    "title: \"runs on\n  to the next line\"",
    "title: a\r\nkind: b",
    "title: &anchor x\nother: *anchor",
    "title: !!str 5",
    "title: |\n  literal\nnext: >\n  folded\n  lines\n",
    "%YAML 1.2\n---\ntitle: x",
    "? complex\n: key",
    "- a\n- b",
    "title: a: b",
    "list: [a, b,]",
    "list: [a, , b]",
    "map: {a}",
    "title: @reserved",
    "title: x\u2028y",
    "title: \ufeffbom",
    "title: bell\x07",
    "title: 'unclosed",
    "access: !!null owners",
    "title: x\n---\nsecond: document",
]


@pytest.mark.parametrize("text", CASES)
def test_edge_cases_compose_the_same_either_way(text: str, monkeypatch: pytest.MonkeyPatch):
    libyaml, pure = _either_way(text, monkeypatch)
    assert libyaml == pure


_KEYS = st.sampled_from(["id", "kind", "title", "revision", "seq", "a", "on", "null", "true", "x_y", "k.1"])
_ATOMS = st.sampled_from([
    "UK", "new", "spare parts", "2024-04-01", "2024-4-1", "2024-03-20T10:00:00Z", "1", "1.10",
    "-1", "0x1F", "true", "False", "~", "null", "", " ", "a:b", "a: b", ":", "#", " #c", "a#b",
    ",", "[", "]", "{", "}", '"', "'", "\\", "?", "-", "*a", "&a", "!t", "|", ">", "%", "@", "`",
    "é", "—", "x y",
    # no tab (libyaml takes one after "key: ", the pure parser refuses it) and no "!!null" (before
    # a comma in a flow list, the pure parser reads the comma into the tag): where they differ
])
_LINE = st.one_of(
    st.tuples(_KEYS, st.lists(_ATOMS, min_size=1, max_size=3).map("".join)).map(lambda kv: f"{kv[0]}: {kv[1]}"),
    st.tuples(_KEYS, st.lists(st.lists(_ATOMS, max_size=2).map("".join), max_size=3).map(", ".join)).map(
        lambda kv: f"{kv[0]}: [{kv[1]}]"
    ),
    st.tuples(_KEYS, _KEYS, st.lists(_ATOMS, max_size=2).map("".join)).map(
        lambda kv: f"{kv[0]}: {{{kv[1]}: {kv[2]}}}"
    ),
    st.tuples(_KEYS, st.lists(_ATOMS, max_size=3).map("".join)).map(lambda kv: f'{kv[0]}: "{kv[1]}"'),
    st.sampled_from(["", "  ", "# comment", "  # indented comment", "  indented", "- item", "key:", "...", "---"]),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                   HealthCheck.function_scoped_fixture])
@given(text=st.lists(_LINE, min_size=1, max_size=6).map("\n".join))
@example(text="id: UK\nid: [UK:]")
@example(text="id: UK\nid: [?, UK]")
@pytest.mark.slow
def test_generated_yaml_composes_the_same_either_way(text: str, monkeypatch: pytest.MonkeyPatch):
    libyaml, pure = _either_way(text, monkeypatch)
    if pure == "error" and libyaml != "error":
        # the only way the two may differ: PyYAML's pure scanner (the fallback where libyaml is
        # missing) is stricter on a few plain scalars in flow context (`[UK?]`, YAML 1.1's rule);
        # it refuses what libyaml reads, never reads it otherwise
        return
    if libyaml == "error" and pure != "error" and re.search(r"[^\s:]:[\]},]", text):
        # and the one way the other round: a key with no value just before a flow collection's
        # comma or end (`[UK:]`, YAML 1.2's single pair, read {UK: null} by the pure scanner) is
        # refused by libyaml; where libyaml is installed, as everywhere inforce runs, it is an error
        return
    if libyaml == "error" and pure != "error" and re.search(r"[\[{,]\s*\?(?:[\s,\]}]|$)", text):
        # likewise an explicit-key mark alone in a flow collection (`[?, UK]`: the pure scanner
        # reads an empty pair, libyaml refuses it): an error wherever inforce runs
        return
    assert libyaml == pure, text


# ---- whole documents: the same Document, the same warnings, the same errors ----------------


def _documents(root: Path) -> list[Path]:
    return sorted(
        p for p in root.rglob("*")
        if p.is_file() and "documents" in p.parts and p.name.endswith((".md", ".drawing.yaml"))
    )


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_documents_parse_the_same_either_way(corpora: list[Path], monkeypatch: pytest.MonkeyPatch):
    def outcome(path: Path, root: Path) -> object:
        try:
            document, warnings = parse_document_with_warnings(path, root)
        except InputErrors as group:
            return ("errors", [(str(e), e.file, e.line, e.col, e.field, e.hint) for e in group.exceptions])
        return ("document", document, [(str(w), w.file, w.line, w.col, w.field) for w in warnings])

    for path in [*_documents(REPO / "examples"), *(p for corpus in corpora for p in _documents(corpus))]:
        root = next(p for p in path.parents if (p / "documents").is_dir())
        libyaml = outcome(path, root)
        with monkeypatch.context() as patch:
            patch.setattr(yamltext, "_Loader", yamltext._PureLoader)
            pure = outcome(path, root)
        assert libyaml[0] == "document", (path, libyaml)
        assert libyaml == pure, path


BODY = "1 PURPOSE\n\nThe handbook.\n\n1.1 Scope\n\nEvery order.\n"
GOOD = "id: H-1\nkind: handbook\neffective: {from: 2024-01-01}\nrecorded: 2024-01-02T00:00:00Z"
BAD_FRONT_MATTER = {
    # name: (front matter, the line (of the file) and field of each problem)
    "wrong-types": ("id: [H-1]\nkind: handbook\nseq: many\nrevision: true\neffective: {from: 2024-01-01}\n"
                    "recorded: 2024-01-02T00:00:00Z", [(2, "id"), (4, "seq"), (5, "revision")]),
    "unknown-kind": ("id: H-1\nkind: handbok\neffective: {from: 2024-01-01}\nrecorded: 2024-01-02T00:00:00Z",
                     [(3, "kind")]),
    "impossible-date": ("id: H-1\nkind: handbook\nissued: 2026-02-30\neffective: {from: 2024-01-01}\n"
                        "recorded: 2024-13-02T00:00:00Z", [(4, "issued"), (6, "recorded")]),
    "duplicate-key": ("id: H-1\nkind: handbook\nid: H-2\neffective: {from: 2024-01-01}\n"
                      "recorded: 2024-01-02T00:00:00Z", [(4, "id")]),
    "syntax-error": ("id: H-1\nkind: handbook\ntitle: \"unclosed\neffective: {from: 2024-01-01}\n"
                     "recorded: 2024-01-02T00:00:00Z", [(4, None)]),  # where the open quote began
    "null-access-by-tag": (GOOD + "\naccess: !!null owners", [(6, None)]),
    "null-access-in-a-list": (GOOD + "\naccess: [qa, !!null owners]", [(6, None)]),
    "binary-title": ("title: !!binary aGk=\n" + GOOD, [(2, None)]),
    "python-tag": (GOOD + "\ntitle: !!python/object/apply:os.system [echo]", [(6, None)]),
    "merge-key": ("base: &b {kind: handbook}\n<<: *b\nid: H-1\neffective: {from: 2024-01-01}\n"
                  "recorded: 2024-01-02T00:00:00Z", [(3, None)]),
}


@pytest.mark.parametrize("name", sorted(BAD_FRONT_MATTER))
def test_bad_metadata_is_refused_at_its_line(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    text, expected = BAD_FRONT_MATTER[name]
    (tmp_path / "documents").mkdir()
    path = tmp_path / "documents" / f"{name}.md"
    path.write_text(f"---\n{text}\n---\n{BODY}", encoding="utf-8")
    for loader in (yamltext._Loader, yamltext._PureLoader):
        with monkeypatch.context() as patch:
            patch.setattr(yamltext, "_Loader", loader)
            with pytest.raises(InputErrors) as caught:
                parse_document_with_warnings(path, tmp_path)
        found = [(e.line, e.field) for e in caught.value.exceptions]
        assert all(e.file == f"documents/{name}.md" for e in caught.value.exceptions)
        for line, field in expected:
            assert (line, field) in found if field else line in [f[0] for f in found], (name, found)


def test_a_tagged_access_never_leaves_a_document_public(tmp_path: Path):
    """Issue 23: ``access: !!null owners`` read as no access at all, so the document was public."""
    (tmp_path / "documents").mkdir()
    path = tmp_path / "documents" / "h.md"
    path.write_text(f"---\n{GOOD}\naccess: !!null owners\n---\n{BODY}", encoding="utf-8")
    with pytest.raises(InputErrors) as caught:
        parse_document_with_warnings(path, tmp_path)
    (problem,) = caught.value.exceptions
    assert (problem.line, problem.col) == (6, 9) and "'owners' is not null" in str(problem)
    path.write_text(f"---\n{GOOD}\naccess: [!!str owners]\n---\n{BODY}", encoding="utf-8")
    document, _ = parse_document_with_warnings(path, tmp_path)
    assert document.access == ("owners",)


def test_a_tagged_access_in_a_yaml_register_is_refused_at_its_line(tmp_path: Path):
    from inforce.adapters.ingest.register import read_register

    register = tmp_path / "register.yaml"
    register.write_text("- file: documents/a.md\n  id: A\n  access: !!null owners\n", encoding="utf-8")
    with pytest.raises(InputErrors) as caught:
        read_register(register, "register.yaml")
    (problem,) = caught.value.exceptions
    assert (problem.file, problem.line, problem.col) == ("register.yaml", 3, 11)
    assert "'owners' is not null" in str(problem)
