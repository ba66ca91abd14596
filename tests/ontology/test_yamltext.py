"""The one YAML reader (``ontology.yamltext``) and its limits, for every YAML a project holds:
rule packs (``rules check``, a pack the manifest lists), front matter, a YAML register,
``reviews.yaml`` and the answers' line finder. An alias bomb is an input error at once, never a
process that grows without bound (issue 23): the cases that fed one to a command run it in a
child process under a memory limit and a timeout, so the old reader fails them instead of
taking the machine."""

from __future__ import annotations

import datetime as dt
import math
import re
import resource
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
import yaml

import inforce.ontology.yamltext as yamltext
from inforce.ontology import InputError
from inforce.ontology.yamltext import (
    MAX_ALIAS_NODES,
    MAX_YAML_CHARS,
    MAX_YAML_DEPTH,
    MarkedList,
    MarkedMap,
    YamlSyntaxError,
    compose,
    load_marked,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
INFORCE = Path(sys.executable).parent / "inforce"


def _laughs(key: str = "rules", levels: int = 9) -> str:
    """Nine levels of nine aliases each: ~400 million scalars once expanded, 90 lines written."""
    lines = ['a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "\n".join(lines) + f"\n{key}: *a{levels - 1}\n"


def _bounded(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The CLI in a child held to 2 GiB of address space and 60 s."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    try:
        return subprocess.run([str(INFORCE), *map(str, args)], capture_output=True, text=True, timeout=60,
                              check=False, preexec_fn=limit, cwd=cwd)
    except subprocess.TimeoutExpired:
        pytest.fail(f"inforce {' '.join(map(str, args))} still running after 60 s")


# ---- the reader itself --------------------------------------------------------------------------


@pytest.fixture(params=["libyaml", "pure"])
def parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every check holds on libyaml's nodes and on those of the pure-Python fallback alike."""
    if request.param == "pure":
        monkeypatch.setattr(yamltext, "_Loader", yamltext._PureLoader)
    elif not yaml.__with_libyaml__:
        pytest.skip("libyaml is not installed here")
    return request.param


def test_libyaml_is_the_parser_where_it_is_installed() -> None:
    assert yaml.__with_libyaml__, "PyYAML without libyaml: the reader falls back to its pure parser"
    assert yamltext._Loader is not yamltext._PureLoader


@pytest.mark.parametrize("read", [compose, load_marked])
def test_an_alias_bomb_is_refused_before_anything_is_built(read, parser) -> None:
    started = time.perf_counter()
    with pytest.raises(InputError, match="aliases would expand") as caught:
        read(_laughs(), file="bomb.yaml")
    assert caught.value.file == "bomb.yaml" and caught.value.line == 1
    assert time.perf_counter() - started < 2.0  # ~400 million scalars once expanded: refused at once


@pytest.mark.parametrize("read", [compose, load_marked])
def test_aliases_within_the_limit_are_read(read, parser) -> None:
    text = "base: &b [x, [1, 2, 3]]\none: *b\ntwo: [*b, *b]\n"
    assert read(text, file="ok.yaml") is not None
    fan = "a: &a [" + ", ".join(["1"] * 100) + "]\nb: [" + ", ".join(["*a"] * (MAX_ALIAS_NODES // 101 - 5)) + "]\n"
    assert read(fan, file="fan.yaml") is not None  # just under the limit
    over = fan.replace("\nb: [", "\nb: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a, ")
    with pytest.raises(InputError, match="aliases would expand"):
        read(over, file="fan.yaml")


@pytest.mark.parametrize("read", [compose, load_marked])
def test_a_mapping_repeated_by_an_alias_is_refused_as_a_merge_key_is(read, parser) -> None:
    """Audit 69 B L1: ``- *x`` repeated a reviews.yaml entry, whose keys then had the first
    entry's lines; a mapping, alone or inside a list, is never repeated by an alias."""
    for text in ("- &x {item: a}\n- *x\n", "one: &l [{kind: x}]\ntwo: *l\n", "one: &m\n  kind: x\ntwo: [1, *m]\n"):
        with pytest.raises(InputError, match="repeated by an alias") as caught:
            read(text, file="repeat.yaml")
        assert caught.value.line == 1 and caught.value.file == "repeat.yaml"


@pytest.mark.parametrize("read", [compose, load_marked])
def test_a_merge_key_is_refused_at_its_line_and_a_quoted_one_is_a_key(read, parser) -> None:
    with pytest.raises(InputError, match="merge key") as caught:
        read("base: &b {kind: x}\ntwo:\n  <<: *b\n  extra: 1\n", file="merge.yaml")
    assert caught.value.line == 3 and caught.value.col == 3
    with pytest.raises(InputError, match="merge key") as caught:
        read("base: &b {kind: x}\ntwo: {!!merge '<<': *b}\n", file="merge.yaml")
    assert caught.value.line == 2
    assert read("'<<': 1\n", file="quoted.yaml") is not None


@pytest.mark.parametrize("read", [compose, load_marked])
@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_aliases_repeating_one_long_text_are_bounded_by_the_text_they_expand_to(read) -> None:
    # 1 Mi characters named once and used 20 times: 21 nodes, but 21 Mi characters to read
    big = "x" * (1 << 20)
    text = f"a: &big {big}\n" + "".join(f"k{i}: *big\n" for i in range(20))
    with pytest.raises(InputError, match="aliases would expand this YAML to") as caught:
        read(text, file="long.yaml")
    assert caught.value.file == "long.yaml" and caught.value.line == 1
    few = f"a: &big {big}\n" + "".join(f"k{i}: *big\n" for i in range(10))
    assert read(few, file="long.yaml") is not None  # 11 Mi characters: under the limit


@pytest.mark.parametrize("read", [compose, load_marked])
def test_a_recursive_alias_is_an_error_at_its_line(read, parser) -> None:
    with pytest.raises(InputError, match="recursive alias") as caught:
        read("ok: 1\nloop: &a\n  - x\n  - *a\n", file="loop.yaml")
    assert caught.value.line == 2  # where the anchored node starts


def test_size_nesting_and_syntax_are_input_errors_with_their_place(parser) -> None:
    with pytest.raises(InputError, match="more than the"):
        compose("a: " + "x" * MAX_YAML_CHARS, file="big.yaml")
    with pytest.raises(YamlSyntaxError, match="YAML syntax error") as caught:
        compose("a: 1\nb: [unclosed\n", file="bad.yaml", line_offset=10)
    assert (caught.value.line, caught.value.col) == (12, 4)  # found at the end: where the open list begins
    with pytest.raises(YamlSyntaxError, match="quoted scalar") as caught:
        compose('a: 1\nb: "open\nc: 2\n', file="bad.yaml")
    assert (caught.value.line, caught.value.col) == (2, 4)
    with pytest.raises(YamlSyntaxError, match="mapping values are not allowed") as caught:
        compose("a: 1\nb: c: d\ne: 2\n", file="bad.yaml")
    assert (caught.value.line, caught.value.col) == (2, 5)  # found before the end: where it was found
    with pytest.raises(YamlSyntaxError, match="duplicate key 'a' \\(first at line 1\\)") as caught:
        load_marked("a: 1\nb: 2\na: 3\n", file="twice.yaml")
    assert (caught.value.line, caught.value.col) == (3, 1)
    with pytest.raises(YamlSyntaxError, match="the character U\\+0007 is not allowed") as caught:
        compose("título: ü\nb: bell\x07\n", file="bell.yaml", line_offset=1)
    assert (caught.value.line, caught.value.col) == (3, 8)
    with pytest.raises(YamlSyntaxError, match="single document"):
        compose("a: 1\n---\nb: 2\n", file="two.yaml")


def test_nesting_past_the_limit_is_an_input_error_at_its_line(parser) -> None:
    assert compose("a: " + "[" * (MAX_YAML_DEPTH - 2) + "]" * (MAX_YAML_DEPTH - 2), file="ok.yaml") is not None
    with pytest.raises(InputError, match="nested too deeply") as caught:
        load_marked("top: 1\na: " + "[" * MAX_YAML_DEPTH + "]" * MAX_YAML_DEPTH, file="deep.yaml")
    assert caught.value.file == "deep.yaml" and caught.value.line == 2
    # written shallow, deep once the aliases are expanded: each anchor nests the one before
    chain = "l0: &l0 [x]\n" + "".join(f"l{i}: &l{i} [*l{i - 1}]\n" for i in range(1, MAX_YAML_DEPTH + 1))
    with pytest.raises(InputError, match="nested too deeply"):
        compose(chain, file="chain.yaml")


@pytest.mark.slow  # the pure parser takes seconds to give up on a thousand levels
def test_nesting_past_the_parser_is_an_input_error_not_a_crash(parser) -> None:
    for text in ("a: " + "[" * 1500 + "]" * 1500, "".join("  " * i + "k:\n" for i in range(1500))):
        with pytest.raises(InputError, match="nested too deeply") as caught:
            load_marked(text, file="deep.yaml")
        assert caught.value.file == "deep.yaml"


CORE_SCHEMA = [
    # (plain scalar, its tag, its value) under the YAML 1.2 core schema, never 1.1's
    ("true", "bool", True), ("True", "bool", True), ("TRUE", "bool", True), ("false", "bool", False),
    ("yes", "str", "yes"), ("no", "str", "no"), ("on", "str", "on"), ("off", "str", "off"), ("y", "str", "y"),
    ("n", "str", "n"), ("Yes", "str", "Yes"), ("OFF", "str", "OFF"), ("tRUE", "str", "tRUE"),
    ("~", "null", None), ("null", "null", None), ("Null", "null", None), ("NULL", "null", None), ("", "null", None),
    ("nULL", "str", "nULL"), ("none", "str", "none"),
    ("17", "int", 17), ("-17", "int", -17), ("+17", "int", 17), ("017", "int", 17), ("0o17", "int", 15),
    ("0x1F", "int", 31), ("0b11", "str", "0b11"), ("1_000", "str", "1_000"), ("1:20", "str", "1:20"),
    ("0o19", "str", "0o19"), ("-0x1F", "str", "-0x1F"),
    ("1.10", "float", 1.1), (".5", "float", 0.5), ("1.", "float", 1.0), ("1e3", "float", 1000.0),
    ("-2.5E-1", "float", -0.25), ("-.inf", "float", -math.inf), (".Inf", "float", math.inf),
    ("1.2.3", "str", "1.2.3"), ("1,000", "str", "1,000"), ("2.1.A", "str", "2.1.A"),
    ("2026-03-02", "timestamp", dt.date(2026, 3, 2)),
    ("2026-03-02T10:00:00Z", "timestamp", dt.datetime(2026, 3, 2, 10, tzinfo=dt.UTC)),
    ("2026-03-02 10:00:00.5 +02:00", "timestamp",
     dt.datetime(2026, 3, 2, 10, 0, 0, 500_000, tzinfo=dt.timezone(dt.timedelta(hours=2)))),
    ("2026-3-2", "str", "2026-3-2"), ("20260302", "int", 20260302), ("SPEC-0871", "str", "SPEC-0871"),
]


@pytest.mark.parametrize(("text", "tag", "value"), CORE_SCHEMA)
def test_plain_scalars_resolve_by_the_yaml_1_2_core_schema(text: str, tag: str, value: object, parser) -> None:
    node = compose(f"key: {text}\n", file="core.yaml")
    assert node.value[0][1].tag == "tag:yaml.org,2002:" + tag
    built = load_marked(f"key: {text}\n", file="core.yaml")["key"]
    assert built == value and type(built) is type(value)


def test_nan_and_quoted_scalars(parser) -> None:
    assert math.isnan(load_marked("a: .NaN\n", file="nan.yaml")["a"])
    quoted = load_marked("a: 'true'\nb: \"17\"\nc: '~'\nd: |\n  yes\n", file="q.yaml")
    assert quoted == {"a": "true", "b": "17", "c": "~", "d": "yes\n"}


def test_a_date_that_is_no_date_is_an_error_at_its_line(parser) -> None:
    with pytest.raises(InputError, match="'2026-13-45T10:00:00Z' is not a date") as caught:
        load_marked("- at: 2026-02-01\n- at: 2026-13-45T10:00:00Z\n", file="times.yaml")
    assert (caught.value.line, caught.value.col, caught.value.field) == (2, 7, "at")
    # composed only (front matter), it stays a node: its reader says what is wrong with it
    assert compose("issued: 2026-02-30\n", file="fm.md") is not None


@pytest.mark.parametrize("zone", ["+25:00", "-24:00", "+05:60"])
def test_an_offset_out_of_range_is_said_as_every_date_reader_says_it(parser, zone: str) -> None:
    """Audit 80 B L3: a reviews.yaml ``at:`` with +25:00 was refused in Python's words ("offset
    must be a timedelta strictly between ..."); front matter, registers and records say the range."""
    with pytest.raises(InputError, match=rf"the UTC offset \{zone} is out of range \(from -23:59 to \+23:59\)"):
        load_marked(f"- at: 2026-04-01T10:00:00{zone}\n", file="reviews.yaml")


def test_each_key_value_and_item_keeps_its_place(parser) -> None:
    tree = load_marked("# pack\nrules:\n  - id: a\n    when: [x,\n      y]\n  - id: b\n", file="p.yaml")
    assert isinstance(tree, MarkedMap) and (tree.line, tree.col) == (2, 1)
    assert tree.key_at("rules") == (2, 1) and tree.value_at("rules") == (3, 3)
    rules = tree["rules"]
    assert isinstance(rules, MarkedList) and [rules.item_at(0), rules.item_at(1)] == [(3, 5), (6, 5)]
    assert rules[0].value_at("when") == (4, 11) and rules[0]["when"].item_at(1) == (5, 7)
    assert rules[0].key_at("id") == (3, 5) and rules[1].value_at("id") == (6, 9)


@pytest.mark.parametrize(("text", "line", "said"), [
    ("title: x\naccess: !!null owners\n", 2, "'owners' is not null, as its tag !!null says"),
    ("seq: !!int ten\n", 1, "'ten' is not an integer"),
    ("flag: !!bool yes\n", 1, "'yes' is not true or false"),
    ("n: !!float 1:20\n", 1, "'1:20' is not a number"),
    ("at: !!timestamp soon\n", 1, "'soon' is not a date or time"),
    ("blob: !!binary aGk=\n", 1, "the tag !!binary is not read"),
    ("x: 1\nrun: !!python/object/apply:os.system [echo hi]\n", 2, "the tag !!python/object/apply:os.system is not read"),
    ("v: !custom x\n", 1, "the tag !custom is not read"),
    ("s: !!set {a, b}\n", 1, "the tag !!set is not read"),
    ("o: !!omap [{a: 1}]\n", 1, "the tag !!omap is not read"),
    ("l: !!seq {a: 1}\n", 1, "the tag !!seq does not fit a mapping"),
    ("m: !!str [a]\n", 1, "the tag !!str does not fit a list"),
])
def test_a_tag_outside_the_schema_or_that_its_scalar_does_not_fit_is_refused_at_its_line(
    text: str, line: int, said: str, parser,
) -> None:
    for read in (compose, load_marked):
        with pytest.raises(InputError, match=re.escape(said)) as caught:
            read(text, file="tags.yaml")
        assert caught.value.line == line and caught.value.file == "tags.yaml"


def test_a_tag_that_says_what_the_resolver_would_is_read(parser) -> None:
    tree = load_marked("a: !!str 5\nb: !!null ~\nc: !!null\nd: !!int '17'\ne: !!bool true\n"
                       "f: !!float 1\ng: !!map {k: v}\nh: !!seq [1]\ni: !!timestamp 2026-03-02\n", file="ok.yaml")
    assert tree == {"a": "5", "b": None, "c": None, "d": 17, "e": True, "f": 1.0, "g": {"k": "v"}, "h": [1],
                    "i": dt.date(2026, 3, 2)}


def test_every_yaml_read_goes_through_the_one_reader() -> None:
    """No module but ``ontology/yamltext.py`` imports a YAML library (the answers' line finder,
    the register, front matter, packs, reviews, the manifest all call it), and ruamel is gone."""
    root = Path(__file__).resolve().parents[2]
    importers = []
    for top in ("ontology", "rules", "engine", "adapters", "_inforce"):
        for path in (root / top).rglob("*.py"):
            text = path.read_text("utf-8")
            if re.search(r"^\s*(import yaml|from yaml[ .]|import ruamel|from ruamel)", text, re.M) \
                    and path.name != "yamltext.py":
                importers.append(path.relative_to(root).as_posix())
    assert importers == []


# ---- every command that reads YAML --------------------------------------------------------------


def test_rules_check_refuses_a_bomb_pack_at_once(tmp_path: Path) -> None:
    pack = tmp_path / "bomb.yaml"
    pack.write_text("schema_version: 1\n" + _laughs())
    done = _bounded("rules", "check", pack)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "RP001" in done.stdout + done.stderr and "aliases would expand" in done.stdout + done.stderr


def test_a_bomb_pack_listed_in_the_manifest_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "project"
    shutil.copytree(EXAMPLES / "label-dosing", root, ignore=shutil.ignore_patterns(".inforce"))
    (root / "rules").mkdir(exist_ok=True)
    (root / "rules" / "bomb.yaml").write_text("schema_version: 1\n" + _laughs())
    manifest = (root / "inforce.yaml").read_text()
    (root / "inforce.yaml").write_text(manifest.replace("rules:\n", "rules:\n  - path: rules/bomb.yaml\n", 1))
    assert "rules/bomb.yaml" in (root / "inforce.yaml").read_text()
    done = _bounded("rules", "check", root)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "bomb.yaml" in done.stdout + done.stderr and "aliases would expand" in done.stdout + done.stderr


def test_a_bomb_in_front_matter_a_register_or_reviews_is_an_input_error(tmp_path: Path) -> None:
    from inforce.adapters.ingest.yamlnodes import compose_yaml
    from inforce.rules.source import read_yaml

    with pytest.raises(InputError, match="aliases would expand") as caught:
        compose_yaml(_laughs("title"), file="doc.md", line_offset=1)
    assert caught.value.line == 2
    with pytest.raises(InputError, match="aliases would expand"):
        read_yaml("reviews.yaml", _laughs("decisions"))
    register = tmp_path / "register.yaml"
    register.write_text(_laughs("revisions"))
    script = textwrap.dedent(f"""
        import resource, sys
        from pathlib import Path
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
        from inforce.adapters.ingest.register import read_register
        try:
            read_register(Path({str(register)!r}), "register.yaml")
        except Exception as problem:
            print(type(problem).__name__, problem, getattr(problem, "exceptions", ""))
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=False)
    assert "aliases would expand" in done.stdout, done.stdout + done.stderr


def test_an_integer_too_long_to_convert_is_an_input_error_at_its_line():
    """Third audit, F1: Python's int() refuses past 4,300 digits with a ValueError, which
    crashed every reader built on load_marked (a pack, reviews.yaml, a YAML register) with exit 70."""
    digits = "9" * 5000
    with pytest.raises(InputError) as caught:
        yamltext.load_marked(f"title: x\nschema_version: {digits}\n", file="p.yaml")
    assert caught.value.line == 2 and caught.value.field == "schema_version"
    assert "5,000 digits" in str(caught.value)
    assert yamltext.load_marked("n: " + "9" * yamltext.MAX_INT_DIGITS, file="p.yaml")["n"] == int("9" * 100)


@pytest.mark.parametrize("read", [compose, load_marked])
def test_more_values_than_the_cap_are_refused_from_the_parse_events(read, parser, monkeypatch) -> None:
    """Third audit, F11: the character limit bounds the text, not its values: a flat list
    ``[1,1,...]`` of 8 million items within it took minutes and gigabytes. Past
    MAX_YAML_NODES values the text is refused, counted before any node is built."""
    monkeypatch.setattr(yamltext, "MAX_YAML_NODES", 1000)
    at_cap = "a: [" + "1," * 996 + "1]\n"  # the mapping, its key, the list and 997 items
    assert len(read(at_cap, file="w.yaml")["a"] if read is load_marked else read(at_cap, file="w.yaml").value[0][1].value) == 997
    built: list[str] = []
    monkeypatch.setattr(yamltext, "check_nodes", lambda *args, **kwargs: built.append("nodes"))
    with pytest.raises(InputError, match="more than 1,000 values") as caught:
        read("x: 1\na:\n" + "  - 1\n" * 1000, file="w.yaml")
    # the 1,001st value (after the mapping, x, 1, a and the list) is the 996th item, on line 998
    assert (caught.value.file, caught.value.line) == ("w.yaml", 998)
    assert built == []


@pytest.mark.slow
def test_a_reviews_file_of_a_million_values_is_refused_at_once(tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\n")
    (root / "reviews.yaml").write_text("[" + "1," * yamltext.MAX_YAML_NODES + "1]\n")
    done = _bounded("ingest", root)
    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]
    assert "more than 1,000,000 values" in done.stderr and len(done.stderr.splitlines()) < 10


def test_load_marked_as_written_keeps_numbers_and_dates_as_their_nodes():
    """A register's entry is handed on to front matter's readers: ``2.10`` must stay ``2.10``
    (as a float it was 2.1), and write back as the very node it was."""
    from inforce.ontology.yamltext import (
        FLOAT_TAG,
        INT_TAG,
        TIMESTAMP_TAG,
        WrittenScalar,
        compose,
        load_marked,
    )

    tree = load_marked("a: 2.10\nb: [017, 2026-13-45, 0x1F]\nc: text\nd: true\ne: ~\n", file="r.yaml", as_written=True)
    assert tree == {"a": "2.10", "b": ["017", "2026-13-45", "0x1F"], "c": "text", "d": True, "e": None}
    assert [value.tag for value in (tree["a"], *tree["b"])] == [FLOAT_TAG, INT_TAG, TIMESTAMP_TAG, INT_TAG]
    assert type(tree["c"]) is str and load_marked("a: 2.10\n", file="r.yaml") == {"a": 2.1}
    for value in (tree["a"], *tree["b"]):
        assert isinstance(value, WrittenScalar)
        node = compose(f"x: {value.as_yaml()}\n", file="f.md").value[0][1]
        assert (node.tag, node.value) == (value.tag, str(value))
