"""JSON Schema of pack files and their test files, so editors validate while people type.

The schemas are also shipped as files (``rules/schema/*.json``) for an editor to point at,
e.g. ``# yaml-language-server: $schema=.../rule-pack.schema.json`` on a pack's first line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .casefile import RuleTestFile
from .pack import RulePack

__all__ = ["SCHEMA_DIR", "rule_pack_schema", "rule_test_schema", "schema_files"]

SCHEMA_DIR = Path(__file__).resolve().parent / "schema"


def rule_pack_schema() -> dict[str, Any]:
    """The JSON Schema of a rule-pack file."""
    schema = RulePack.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://inforce.dev/schema/rule-pack.schema.json"
    schema["title"] = "inforce rule pack"
    return schema


def rule_test_schema() -> dict[str, Any]:
    """The JSON Schema of a rule-pack test file (``*.test.yaml``)."""
    schema = RuleTestFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://inforce.dev/schema/rule-test.schema.json"
    schema["title"] = "inforce rule-pack tests"
    return schema


def schema_files() -> dict[str, dict[str, Any]]:
    """The shipped schema files by name (a test keeps them equal to the models)."""
    return {"rule-pack.schema.json": rule_pack_schema(), "rule-test.schema.json": rule_test_schema()}
