"""The inference example of docs/rules.md, pasted into a project's pack as the docs say, passes
`inforce rules check` (issue 22: it once reused the stock rules' ids, RP006)."""

from __future__ import annotations

import re
from pathlib import Path

from inforce.rules import check_target

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def inference_example() -> str:
    """The first YAML block under the docs' inference heading."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("### Inference: a dimension"):]
    return re.search(r"```yaml\n(.*?)```", section, re.DOTALL).group(1)


def project_with_pack(root: Path, rules: str) -> Path:
    (root / "rules").mkdir(parents=True)
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: harbour\nrules:\n  - path: rules/harbour.yaml\n", encoding="utf-8")
    (root / "rules" / "harbour.yaml").write_text("schema_version: 1\nrules:\n" + rules, encoding="utf-8")
    return root


def test_the_docs_inference_rules_pasted_into_a_project_pack_check_clean(tmp_path):
    example = inference_example()
    assert "kind: inference" in example
    assert [str(problem) for problem in check_target(project_with_pack(tmp_path / "harbour", example))] == []


def test_a_pack_reusing_a_stock_rule_id_is_told(tmp_path):
    # the same check finds what the docs once showed: a stock rule's id in a project's pack
    example = inference_example().replace("HBR-V201", "INF-V101", 1)
    codes = [problem.code for problem in check_target(project_with_pack(tmp_path / "harbour", example))]
    assert "RP006" in codes
