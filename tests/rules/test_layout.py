"""Editing help (issue 25): the schema header of new packs, ``rules new``'s packs, and the
canonical layout ``rules fmt`` writes (rules/layout.py): same meaning, every comment kept,
idempotent, refused where the pack does not check or cannot be laid out."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

from inforce.ontology import InputError, InputErrors
from inforce.rules.conditions import ConditionFacet
from inforce.rules.layout import (
    CONDITION_KEY_ORDER,
    NEW_PACK_KINDS,
    PACK_SCHEMA_FILE,
    RULE_KEY_ORDER,
    format_pack_text,
    format_packs,
    header_schema,
    new_pack_text,
    write_new_pack,
)
from inforce.rules.loader import STOCK_ROOT, check_target
from inforce.rules.pack import RULE_KINDS
from inforce.rules.schema import SCHEMA_DIR
from inforce.rules.source import plain, read_yaml

ROOT = Path(__file__).resolve().parents[2]
#: Every pack shipped: the stock packs and the examples' own (tests beside them left out).
PACKS = sorted(p for p in [*STOCK_ROOT.rglob("*.yaml"), *(ROOT / "examples").glob("*/rules/*.yaml")]
               if not p.name.endswith(".test.yaml"))


def _meaning(text: str) -> object:
    return plain(read_yaml("pack.yaml", text).tree)


def _comments(text: str) -> list[str]:
    """Every comment's words (a line's text after a '#' that opens a comment), sorted."""
    found = []
    for line in text.splitlines():
        match = re.search(r"(?:^|\s)(#.*)$", line)
        if match and not re.search(r"""["'][^"']*#""", line[:match.start(1) + 1]):
            found.append(match.group(1).rstrip())
    return sorted(found)


def test_every_field_of_a_condition_facet_has_its_place_in_the_canonical_order():
    fields = {f.alias or n for n, f in ConditionFacet.model_fields.items()}
    assert set(CONDITION_KEY_ORDER) == fields and len(CONDITION_KEY_ORDER) == len(fields)


def test_every_field_of_every_rule_kind_has_its_place_in_the_canonical_order():
    for kind, model in RULE_KINDS.items():
        fields = {field.alias or name for name, field in model.model_fields.items()}
        assert set(RULE_KEY_ORDER[kind]) == fields, kind
        assert len(RULE_KEY_ORDER[kind]) == len(fields), kind
        assert RULE_KEY_ORDER[kind][:3] == ("id", "slug", "kind") and RULE_KEY_ORDER[kind][-1] == "examples"


@pytest.mark.parametrize("path", PACKS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_shipped_pack_keeps_its_meaning_and_comments_and_is_already_laid_out(path):
    text = path.read_text("utf-8")
    laid = format_pack_text(text, name=str(path))
    assert _meaning(laid) == _meaning(text)
    assert _comments(laid) == _comments(text)
    assert format_pack_text(laid, name=str(path)) == laid  # fmt of fmt = fmt
    assert laid == text, f"{path} is not in the canonical layout: run inforce rules fmt {path}"


MESSY = """\
# yaml-language-server: $schema=rule-pack.schema.json
# a pack written by hand
title: Messy   # after the value
rules:
    # the only rule
    -   kind: subject
        slug: slump
        description: >
            The slump of fresh concrete,
            folded over two lines.
        # why these words
        synonyms: ["slump", "slump test",
                   # a comment inside a flow list stays where it is
                   "slump flow"]
        id: DEM-V001
        subject: concrete.slump
        unit: inch
        bound: max
        source: "Spec 03 30 00"
        stated_for: &words ["concrete", "mix"]
        examples:
            -   outcome: bound
                case: "slump 4 inches"

schema_version: 1


# the end
"""


def test_a_messy_pack_is_laid_out_keys_in_order_comments_kept_values_as_written():
    text = MESSY.replace('        stated_for: &words ["concrete", "mix"]\n', "")
    laid = format_pack_text(text, name="messy.yaml")
    assert _meaning(laid) == _meaning(text) and _comments(laid) == _comments(text)
    assert laid.splitlines()[:4] == ["# yaml-language-server: $schema=rule-pack.schema.json",
                                     "# a pack written by hand", "schema_version: 1",
                                     "title: Messy  # after the value"]
    rule = laid[laid.index("rules:"):]
    keys = re.findall(r"^ {2}(?:- | {2})(\w+):", rule, re.M)
    assert keys == ["id", "slug", "kind", "subject", "description", "source", "synonyms", "unit", "bound", "examples"]
    assert "  # the only rule\n  - id: DEM-V001\n" in laid
    assert '    # why these words\n    synonyms: ["slump", "slump test",\n' in laid
    assert '               # a comment inside a flow list stays where it is\n' in laid  # moved with its key
    assert "    description: >\n      The slump of fresh concrete,\n      folded over two lines.\n" in laid
    assert '      - case: "slump 4 inches"\n        outcome: bound\n' in laid
    assert '    source: "Spec 03 30 00"\n' in laid  # quotes as written
    assert laid.endswith("\n# the end\n")
    assert format_pack_text(laid, name="messy.yaml") == laid


def test_an_alias_that_would_move_above_its_anchor_is_refused_not_written():
    text = ("schema_version: 1\nrules:\n  - id: DEM-V001\n    slug: a\n    kind: inference\n    subject: x.y\n"
            "    description: d\n    source: s\n    unless_for: &w [\"a\"]\n    stated_for: *w\n    score: 50\n")
    with pytest.raises(InputError, match="change what the pack means"):
        format_pack_text(text, name="alias.yaml")


def test_a_pack_that_does_not_check_is_refused_with_the_same_problems_and_left_as_it_is(tmp_path):
    path = tmp_path / "bad.yaml"
    text = "schema_version: 1\nrules:\n  - id: DEM-V001\n    slug: a\n    kind: subjekt\n"
    path.write_text(text)
    with pytest.raises(InputErrors) as raised:
        format_packs([path])
    got = [(p.file, p.line, p.code) for p in raised.value.exceptions]
    assert got == [(p.file, p.line, p.code) for p in check_target(path)] and got
    assert path.read_text() == text


def test_check_writes_nothing_and_a_run_writes_the_layout_once(tmp_path):
    path = tmp_path / "pack.yaml"
    text = MESSY.replace('        stated_for: &words ["concrete", "mix"]\n', "")
    path.write_text(text)
    report = format_packs([tmp_path], check=True, diff=True)
    assert report.changed == 1 and not report.packs[0].written and path.read_text() == text
    assert report.packs[0].diff.startswith("--- ") and "+  - id: DEM-V001" in report.packs[0].diff
    written = format_packs([path])
    assert written.packs[0].written and path.read_text() == format_pack_text(text, name="pack.yaml")
    assert format_packs([path], check=True).changed == 0
    assert [p.name for p in tmp_path.iterdir()] == ["pack.yaml"]  # no temporary file left


def test_a_test_file_or_a_folder_without_packs_is_an_input_error(tmp_path):
    (tmp_path / "x.test.yaml").write_text("cases: []\n")
    with pytest.raises(InputError, match="no rule pack"):
        format_packs([tmp_path])
    with pytest.raises(InputError, match="not their test files"):
        format_packs([tmp_path / "x.test.yaml"])


# ---- the header and rules new ----------------------------------------------------------------


@pytest.mark.parametrize("kind", NEW_PACK_KINDS)
def test_a_new_pack_starts_with_the_header_and_the_schema_it_names_validates_it(kind, tmp_path):
    path = tmp_path / f"{kind}.yaml"
    written = write_new_pack(path, kind, prefix="TST")
    assert written == [path, tmp_path / PACK_SCHEMA_FILE]
    text = path.read_text("utf-8")
    assert text.startswith("# yaml-language-server: $schema=rule-pack.schema.json\n")
    schema_file = path.parent / header_schema(text)  # resolved from the pack's own folder, as editors do
    assert schema_file.read_text() == (SCHEMA_DIR / PACK_SCHEMA_FILE).read_text()
    schema = json.loads(schema_file.read_text())
    validator = jsonschema.Draft202012Validator(schema)
    data = plain(read_yaml(str(path), text).tree)
    validator.validate(data)
    assert list(validator.iter_errors({**data, "rulez": []}))  # the schema does check keys
    assert check_target(path) == []  # and the pack lints clean
    assert format_pack_text(text, name=str(path)) == text  # in the canonical layout already
    assert data["rules"][0]["id"].startswith("TST-")


def test_rules_new_never_replaces_a_file_not_even_a_differing_schema_copy(tmp_path):
    (tmp_path / PACK_SCHEMA_FILE).write_text("{}\n")  # edited, or another version's: kept, nothing written
    with pytest.raises(InputError, match="differs") as refused:
        write_new_pack(tmp_path / "a.yaml", "eligibility")
    assert refused.value.file == str(tmp_path / PACK_SCHEMA_FILE)
    assert (tmp_path / PACK_SCHEMA_FILE).read_text() == "{}\n" and not (tmp_path / "a.yaml").exists()
    (tmp_path / PACK_SCHEMA_FILE).unlink()
    write_new_pack(tmp_path / "a.yaml", "eligibility")
    assert (tmp_path / PACK_SCHEMA_FILE).read_text() == (SCHEMA_DIR / PACK_SCHEMA_FILE).read_text()
    assert write_new_pack(tmp_path / "b.yaml", "subject") == [tmp_path / "b.yaml"]  # the copy is current
    with pytest.raises(InputError, match="already exists"):
        write_new_pack(tmp_path / "a.yaml", "subject")
    with pytest.raises(InputError, match="writes no"):
        new_pack_text("grade")
    with pytest.raises(InputError, match="prefix"):
        new_pack_text("subject", prefix="x")
