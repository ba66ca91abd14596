"""Audit 59 (F08, F12, F13): figures ``inforce check`` answered or refused wrongly.

A count written in words is compared as its number with the cited count of the same thing; a
size written with the multiplication sign is the size written with the letter x; a figure after
"Levels 2 and 3" is stated for those levels, not for the level named after it. Each case is a
claim checked through the CLI against a specification written here.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spec_claims import check_one, ingest_specs

_SPEC = """1.1 Apply three (3) coats of sealer.

1.2 Apply three coats of sealer.

1.3 Apply 3 coats of sealer.

1.4 Apply two (2) coats of paint.

1.5 Apply two (2) coats of finish paint over one (1) coat of primer.

1.6 Studs shall be 2x4 lumber.

1.7 Studs shall be 2 \u00d7 4 lumber.

1.8 Levels 2 and 3: 150 mm slab; Level 4: 200 mm slab.

1.9 Levels 2 and 3: 150 mm slab. Level 4: 200 mm slab.

1.10 Floors 1 to 3: 150 mm slab; Floor 4: 200 mm slab.

1.11 Studs shall be 2x4 at interior walls and 2x6 at exterior walls.
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("audit59") / "q"
    ingest_specs(root, {"q-59": _SPEC})
    return root


_CASES = [
    # F08: a count in words is compared as its number with the cited count of the same thing
    ("Q-59#1.1", "Apply two coats of sealer.", {"refusal"}),
    ("Q-59#1.1", "Apply two (2) coats of sealer.", {"refusal"}),
    ("Q-59#1.1", "Apply four coats of sealer.", {"refusal"}),
    ("Q-59#1.2", "Apply two coats of sealer.", {"refusal"}),
    ("Q-59#1.3", "Apply two coats of sealer.", {"refusal"}),
    ("Q-59#1.4", "Apply one coat of paint.", {"refusal"}),
    ("Q-59#1.4", "Apply three coats of paint.", {"refusal"}),
    ("Q-59#1.5", "Apply one coat of finish paint over two coats of primer.", {"refusal", "escalation"}),
    ("Q-59#1.1", "Apply 2 coats of sealer.", {"refusal"}),
    ("Q-59#1.1", "Apply three coats of sealer.", {"answer"}),
    ("Q-59#1.3", "Apply three (3) coats of sealer.", {"answer"}),
    ("Q-59#1.4", "Apply two coats of paint.", {"answer"}),
    ("Q-59#1.5", "Apply two coats of finish paint over one coat of primer.", {"answer"}),
    # F13: the multiplication sign is the letter x of a size
    ("Q-59#1.6", "Studs shall be 2\u00d74 lumber.", {"answer"}),
    ("Q-59#1.6", "Studs shall be 2 \u00d7 4 lumber.", {"answer"}),
    ("Q-59#1.7", "Studs shall be 2x4 lumber.", {"answer"}),
    ("Q-59#1.6", "Studs shall be 2\u00d76 lumber.", {"refusal"}),
    # F12: a figure after "Levels 2 and 3" is stated for levels 2 and 3
    ("Q-59#1.8", "The Level 4 slab is 150 mm.", {"refusal"}),
    ("Q-59#1.9", "The Level 4 slab is 150 mm.", {"refusal"}),
    ("Q-59#1.8", "The Level 3 slab is 150 mm.", {"answer"}),
    ("Q-59#1.8", "The Level 4 slab is 200 mm.", {"answer"}),
    ("Q-59#1.10", "The Floor 4 slab is 150 mm.", {"refusal"}),
    ("Q-59#1.10", "The Floor 2 slab is 150 mm.", {"answer", "escalation"}),  # "2" is not written
    # F10: a designation the cited text writes, but at another place ("2x6 at exterior walls")
    ("Q-59#1.11", "Studs shall be 2x6 at interior walls.", {"refusal", "escalation"}),
    ("Q-59#1.11", "Studs shall be 2x4 at exterior walls.", {"refusal", "escalation"}),
    ("Q-59#1.11", "Studs shall be 2x4 at interior walls.", {"answer"}),
    ("Q-59#1.11", "Studs shall be 2x6 at exterior walls.", {"answer"}),
]


@pytest.mark.parametrize(("locator", "claim", "verdicts"), _CASES)
def test_a_claim_is_answered_only_where_the_cited_figure_says_it(
        project: Path, tmp_path: Path, locator: str, claim: str, verdicts: set[str]) -> None:
    checked = check_one(project, tmp_path, locator, claim)
    assert checked["verdict"] in verdicts, checked["claims"][0]


def test_the_gate_reads_the_multiplication_sign_of_a_size_as_x() -> None:
    from inforce.engine.quantities.designations import uncompared_digits

    assert uncompared_digits("Use 2\u00d74 studs.", [], ["Use 2x4 studs."]) == []
    assert uncompared_digits("Use 2x4 studs.", [], ["Use 2 \u00d7 4 studs."]) == []
    (wide,) = uncompared_digits("Use 2 \u00d7 6 studs.", [], ["Use 2 \u00d7 4 studs."])
    assert wide.text == "2 \u00d7 6" and wide.differs_from == "2 \u00d7 4"  # shown as written
    (other,) = uncompared_digits("Use 2\u00d76 studs.", [], ["Use 2x4 studs."])
    assert other.text == "2\u00d76" and other.differs_from == "2x4"
