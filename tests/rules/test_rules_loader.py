"""Loading packs: stock names, project files, parameters, hashes, the compiled rule set, schema."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from inforce.ontology import InputErrors, Manifest, NotFoundError, RulePackRef
from inforce.rules import (
    DEFAULT_SUBJECTS,
    RuleSet,
    compile_manifest,
    compile_rules,
    load_pack,
    resolve_pack,
    rule_pack_schema,
    rule_test_schema,
    stock_pack_names,
)
from inforce.rules.schema import SCHEMA_DIR, schema_files

REPO = Path(__file__).resolve().parents[2]


def test_stock_packs_are_named_as_manifests_name_them():
    names = stock_pack_names()
    for expected in ("precedence/aia-style", "precedence/far-52-236-21", "precedence/none",
                     "subjects/default", "supersession/csi-addenda", "qualifiers/cross-references"):
        assert expected in names
    assert not any(name.endswith(".test") for name in names)


def test_an_unknown_stock_pack_says_what_is_near():
    with pytest.raises(NotFoundError) as raised:
        resolve_pack("precedence/aia")
    assert "aia-style" in str(raised.value)


def test_a_manifest_path_entry_is_never_a_stock_pack(tmp_path):
    with pytest.raises(InputErrors) as raised:
        compile_rules([RulePackRef(path="precedence/none")], tmp_path)
    assert "no rule pack 'precedence/none'" in str(raised.value.exceptions[0])


def test_the_package_exports_what_it_means_to():
    import inforce.rules

    assert {"compile_manifest", "load_pack", "stock_pack_names", "RuleSet", "RulePack", "EligibilityRule",
            "PrecedenceRule", "rule_pack_schema"} <= set(inforce.rules.__all__)
    assert all(hasattr(inforce.rules, name) for name in inforce.rules.__all__)
    assert not [n for n in inforce.rules.__all__ if n.startswith("_")]


def test_a_parameter_fills_the_source_clause():
    pack = load_pack("precedence/aia-style", params={"source": "Agreement Article 1.2"})
    (rule,) = pack.pack.rules
    assert rule.source == "Agreement Article 1.2"
    assert [level.name for level in rule.levels][:4] == ["modifications", "agreement", "drawings", "specifications"]
    assert rule.levels[4].documents == ("OFI-*",)  # a list parameter replaces the whole value


def test_the_content_hash_follows_the_file_and_the_parameters():
    one = load_pack("precedence/aia-style", params={"source": "Article 1.2"})
    two = load_pack("precedence/aia-style", params={"source": "Article 3"})
    assert one.content_hash != two.content_hash
    assert one.content_hash == load_pack("precedence/aia-style", params={"source": "Article 1.2"}).content_hash


def test_a_project_pack_is_reloaded_when_it_changes(tmp_path):
    pack = tmp_path / "p.yaml"
    body = ("schema_version: 1\nrules:\n  - id: TST-P001\n    slug: none\n    kind: precedence\n"
            "    description: d\n    source: {}\n    order: none\n")
    pack.write_text(body.format("first"))
    assert load_pack(pack).pack.rules[0].source == "first"
    pack.write_text(body.format("second clause"))
    later = pack.stat().st_mtime_ns + 10_000_000  # a coarse clock must not hide the edit
    os.utime(pack, ns=(later, later))
    assert load_pack(pack).pack.rules[0].source == "second clause"


def test_the_manifest_compiles_in_order_with_default_subjects():
    manifest = Manifest(project="p", rules=(RulePackRef(stock="precedence/none"),
                                            RulePackRef(stock="supersession/csi-addenda")))
    rules = compile_manifest(manifest, REPO)
    assert [p.name for p in rules.packs] == ["precedence/none", "supersession/csi-addenda", DEFAULT_SUBJECTS]
    assert [r.id for r in rules.precedence] == ["INF-P003"]
    assert rules.subjects.get("concrete.compressive_strength") is not None
    assert len(rules.hashes) == 3


def test_a_project_subject_pack_replaces_the_default(tmp_path):
    (tmp_path / "subjects.yaml").write_text(
        "schema_version: 1\nrules:\n  - id: TST-V001\n    slug: widget-length\n    kind: subject\n"
        "    description: d\n    source: s\n    subject: widget.length\n    synonyms: [widget length]\n    unit: mm\n")
    rules = compile_rules([RulePackRef(path="subjects.yaml")], tmp_path)
    assert list(rules.subjects.names()) == ["widget.length"]


def test_every_broken_pack_is_reported_in_one_error(tmp_path):
    (tmp_path / "a.yaml").write_text("schema_version: 1\nrules:\n  - id: bad\n")
    refs = [RulePackRef(path="a.yaml"), RulePackRef(stock="precedence/aia-style", line=7),
            RulePackRef(path="missing.yaml", line=9)]
    with pytest.raises(InputErrors) as raised:
        compile_rules(refs, tmp_path, manifest_file="inforce.yaml")
    problems = raised.value.exceptions
    assert any(p.file.endswith("a.yaml") and p.line == 3 for p in problems)  # the bad rule itself
    assert any(p.code == "RP011" for p in problems)  # aia-style without its source clause
    assert any("missing.yaml" in str(p) and p.line == 9 for p in problems)


def test_with_precedence_swaps_only_the_precedence_rules():
    manifest = Manifest(project="p", rules=(RulePackRef(stock="precedence/aia-style", params={"source": "A 1.2"}),
                                            RulePackRef(stock="supersession/csi-addenda")))
    rules = compile_manifest(manifest, REPO)
    swapped = rules.with_precedence([load_pack("precedence/none")])
    assert [r.id for r in swapped.precedence] == ["INF-P003"]
    assert [r.id for r in swapped.supersession] == ["INF-S001"]
    assert isinstance(swapped, RuleSet) and swapped.hashes != rules.hashes


def test_the_applicability_attribute_comes_from_the_eligibility_rule():
    rules = compile_rules([RulePackRef(path="examples/followup-handbooks/rules/followup.yaml")], REPO,
                          ("market", "product"))
    assert rules.applicability_attribute == "dispatch_date"
    assert compile_rules([RulePackRef(stock="precedence/none")], REPO).applicability_attribute is None


def test_rule_origin_points_at_the_id_line():
    rules = compile_rules([RulePackRef(path="examples/followup-handbooks/rules/followup.yaml")], REPO,
                          ("market", "product"))
    origin = rules.origin("FUP-C001")
    text = (REPO / "examples/followup-handbooks/rules/followup.yaml").read_text().splitlines()
    assert text[origin.line - 1].strip() == "- id: FUP-C001"


def test_the_json_schemas_describe_packs_and_tests():
    pack = rule_pack_schema()
    assert pack["title"] == "inforce rule pack" and "rules" in pack["properties"]
    kinds = json.dumps(pack)
    for kind in ("eligibility", "precedence", "supersession", "qualifier", "calculation", "subject"):
        assert f'"const": "{kind}"' in kinds or f'"{kind}"' in kinds
    assert "cases" in rule_test_schema()["properties"]


def test_the_shipped_schema_files_match_the_models():
    """Regenerate with INFORCE_REGENERATE=1 after changing the models."""
    for name, schema in schema_files().items():
        path = SCHEMA_DIR / name
        text = json.dumps(schema, indent=2, sort_keys=True) + "\n"
        if os.environ.get("INFORCE_REGENERATE") == "1":
            path.write_text(text)
        assert path.read_text() == text, f"{name} is stale: run with INFORCE_REGENERATE=1"
