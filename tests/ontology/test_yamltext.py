"""The one YAML reader (``ontology.yamltext``) and its limits, for every YAML a project holds:
rule packs (``rules check``, a pack the manifest lists), front matter, a YAML register,
``reviews.yaml`` and the answers' line finder. An alias bomb is an input error at once, never a
process that grows without bound (issue 23): the cases that fed one to a command run it in a
child process under a memory limit and a timeout, so the old reader fails them instead of
taking the machine."""

from __future__ import annotations

import resource
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from inforce.ontology import InputError
from inforce.ontology.yamltext import MAX_ALIAS_NODES, MAX_YAML_CHARS, compose, load_round_trip

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


@pytest.mark.parametrize("read", [compose, load_round_trip])
def test_an_alias_bomb_is_refused_before_anything_is_built(read) -> None:
    with pytest.raises(InputError, match="aliases would expand") as caught:
        read(_laughs(), file="bomb.yaml")
    assert caught.value.file == "bomb.yaml" and caught.value.line == 1


@pytest.mark.parametrize("read", [compose, load_round_trip])
def test_aliases_within_the_limit_are_read(read) -> None:
    text = "base: &b {kind: x, params: [1, 2, 3]}\none: *b\ntwo: [*b, *b]\n"
    assert read(text, file="ok.yaml") is not None
    fan = "a: &a [" + ", ".join(["1"] * 100) + "]\nb: [" + ", ".join(["*a"] * (MAX_ALIAS_NODES // 101 - 5)) + "]\n"
    assert read(fan, file="fan.yaml") is not None  # just under the limit
    over = fan.replace("\nb: [", "\nb: [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a, ")
    with pytest.raises(InputError, match="aliases would expand"):
        read(over, file="fan.yaml")


@pytest.mark.parametrize("read", [compose, load_round_trip])
def test_a_merge_key_is_refused_at_its_line_and_a_quoted_one_is_a_key(read) -> None:
    with pytest.raises(InputError, match="merge key") as caught:
        read("base: &b {kind: x}\ntwo:\n  <<: *b\n  extra: 1\n", file="merge.yaml")
    assert caught.value.line == 3 and caught.value.col == 3
    assert read("'<<': 1\n", file="quoted.yaml") is not None


@pytest.mark.parametrize("read", [compose, load_round_trip])
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


@pytest.mark.parametrize("read", [compose, load_round_trip])
def test_a_recursive_alias_is_an_error_at_its_line(read) -> None:
    with pytest.raises(InputError, match="recursive alias") as caught:
        read("ok: 1\nloop: &a\n  - x\n  - *a\n", file="loop.yaml")
    assert caught.value.line == 2  # where the anchored node starts


def test_size_nesting_and_syntax_are_input_errors_with_their_place() -> None:
    with pytest.raises(InputError, match="more than the"):
        compose("a: " + "x" * MAX_YAML_CHARS, file="big.yaml")
    with pytest.raises(InputError, match="YAML syntax error") as caught:
        compose("a: 1\nb: [unclosed\n", file="bad.yaml", line_offset=10)
    assert caught.value.line is not None and caught.value.line > 10
    with pytest.raises(InputError, match="duplicate key"):
        load_round_trip("a: 1\na: 2\n", file="twice.yaml")


@pytest.mark.slow  # the parser takes seconds to give up on a thousand levels
def test_nesting_past_the_parser_is_an_input_error_not_a_crash() -> None:
    with pytest.raises(InputError, match="nested too deeply") as caught:
        load_round_trip("a: " + "[" * 1500 + "]" * 1500, file="deep.yaml")
    assert caught.value.file == "deep.yaml"


def test_every_yaml_read_goes_through_the_one_reader() -> None:
    """No module but ``ontology/yamltext.py`` makes a ruamel parser (the answers' line finder,
    the register, front matter, packs, reviews, the manifest all call it)."""
    root = Path(__file__).resolve().parents[2]
    makers = []
    for top in ("ontology", "rules", "engine", "adapters"):
        for path in (root / top).rglob("*.py"):
            text = path.read_text("utf-8")
            if "YAML(" in text and path.name != "yamltext.py":
                makers.append(path.relative_to(root).as_posix())
    assert makers == []


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
