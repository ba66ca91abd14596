"""Check one claim citing one provision, as ``inforce check`` does, and say how it came out."""

from __future__ import annotations

import json
from pathlib import Path

from inforce.engine import Project
from inforce.ontology import Answer


def claim_status(project: Path, text: str, locator: str, *, valid_at: str = "2026-05-01") -> tuple[str, str]:
    """The claim's status and the whole claim result as JSON (for an assertion's message)."""
    answer = {"question": "q", "context": {"groups": [], "valid_at": valid_at},
              "claims": [{"text": text, "citations": [{"locator": locator}]}]}
    with Project.open(project) as opened:
        result = opened.check(Answer.model_validate(answer), tier="low")
    claim = result.claims[0]
    return claim.status, json.dumps(claim.model_dump(mode="json"))
