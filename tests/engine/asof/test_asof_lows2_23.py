"""Issue 23, the twentieth audit (HELPER LOWS2): an addendum the asker may not read that amends
a provision by two of its items was named twice in ``asof``'s "as amended by" ("ADD-R (withheld:
access), ADD-R (withheld: access)"). Each withheld document is named once; a reader of it still
sees each item."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from inforce.adapters.cli import app

SPEC = """\
---
id: SPEC
kind: specification
title: Concrete
revision: "0"
effective: {from: 2026-01-01}
recorded: 2026-01-01T09:00:00Z
---
1 GENERAL

1.1 Scope.

2 PRODUCTS

2.1 Mixtures: strength and slump as the engineer directs.
"""
ADDENDUM = """\
---
id: ADD-R
kind: addendum
title: Addendum R
effective: {from: 2026-02-01}
recorded: 2026-02-01T09:00:00Z
access: [owners]
supersedes:
  - {target: "SPEC#2.1", scope: partial, by: "ADD-R#1.1"}
  - {target: "SPEC#2.1", scope: partial, by: "ADD-R#1.2"}
---
1 CHANGES

1.1 The strength is set by the owner.

1.2 The slump is set by the owner.
"""


def test_a_withheld_addendum_amending_twice_is_named_once(tmp_path: Path):
    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: lows2\nfacets: []\nrules: []\n")
    (tmp_path / "documents" / "spec.md").write_text(SPEC)
    (tmp_path / "documents" / "add.md").write_text(ADDENDUM)
    runner = CliRunner()
    assert runner.invoke(app, ["ingest", str(tmp_path)]).exit_code == 0

    def described(*groups: str) -> str:
        result = runner.invoke(app, ["asof", str(tmp_path), "SPEC#2.1", "--valid-at", "2026-03-01",
                                     "--format", "json", *groups])
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)["description"]

    assert described() == "SPEC §2.1 as amended by ADD-R (withheld: access)"
    shown = described("--groups", "owners")  # a reader of the addendum sees both its items
    assert "ADD-R §1.1" in shown and "ADD-R §1.2" in shown and "withheld" not in shown
