"""The sixteenth audit (23p P5, P6, P2) and 23o F8's facts side: the figure-words net read both ways.

P5: a word beside the CITED figure that the claim does not hold ("roughly", "x3", "dwindled"), or a
cited sentence that denies its figure without a negation word ("a motion to ... was voted down",
"were once ...; that stopped", "Until 2019, ..."), escalates: the same fail-safe rule as the claim
side. P6: a word is held only by the matched figure's own clause, not by another clause of its
sentence. P2: a claim's written bound is compared with the bound of the provision an amending item
amends. F8: facts list an amending item's figure as a new value only in a value-setting form."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import ModelBackends, Project
from inforce.engine.quantities.modifiers import clause, denied, unheld, unheld_negation
from inforce.ontology import Answer

from corpus_writer import FRONT_MATTER

_CLAIM = "Vaccination cards are kept for 4 years after the dog leaves."
_RETAINED = "Vaccination cards are retained for 4 years after the dog leaves."


def _span(text: str, figure: str) -> tuple[int, int]:
    start = text.index(figure)
    return start, start + len(figure)


# ---- the words themselves (fast) ------------------------------------------------------------------


@pytest.mark.parametrize(("source", "word"), [
    ("Vaccination cards are kept for roughly 4 years after the dog leaves.", "roughly"),
    ("Vaccination cards are kept for 4 years x3 after the dog leaves.", "x3"),
    ("Vaccination cards are kept for barely 4 years after the dog leaves.", "barely"),
    ("Vaccination cards are kept for nominally 4 years after the dog leaves.", "nominally"),
])
def test_a_word_beside_the_cited_figure_the_claim_lacks_is_named(source: str, word: str) -> None:
    said = unheld_negation(source, _span(source, "4 years"), _CLAIM, _span(_CLAIM, "4 years"))
    assert word in said, said


@pytest.mark.parametrize(("source", "word"), [
    ("A motion to keep vaccination cards for 4 years after the dog leaves was rejected.", "rejected"),
    ("Vaccination cards were formerly kept for 4 years after the dog leaves.", "formerly"),
    ("Vaccination cards were kept for 4 years after the dog leaves; that no longer applies.", "no longer"),
    ("Until 2019, vaccination cards were kept for 4 years after the dog leaves.", "Until 2019"),
    ("It was proposed that vaccination cards be kept for 4 years after the dog leaves.", "proposed"),
])
def test_a_sentence_denying_its_figure_without_a_negation_word_is_named(source: str, word: str) -> None:
    said = unheld_negation(source, _span(source, "4 years"), _CLAIM, _span(_CLAIM, "4 years"))
    assert word in said, said
    assert denied(source, _span(source, "4 years"), source, _span(source, "4 years")) == []  # the same words hold


def test_the_same_words_both_sides_pass_and_an_anchor_the_claim_leaves_out_is_no_modifier() -> None:
    assert unheld_negation(_CLAIM, _span(_CLAIM, "4 years"), _CLAIM, _span(_CLAIM, "4 years")) == []
    short = "Vaccination cards are kept for 4 years."
    assert unheld_negation(_CLAIM, _span(_CLAIM, "4 years"), short, _span(short, "4 years")) == []


def test_a_figure_s_clause_ends_where_another_figure_s_clause_begins() -> None:
    both = "Vaccination cards are kept for 4 years after the dog leaves, and feeding logs for almost 1 year."
    low, high = clause(both, *_span(both, "4 years"))
    assert "almost" not in both[low:high] and "Vaccination" in both[low:high]
    names = "Vaccination and worming cards are kept for 4 years."
    assert clause(names, *_span(names, "4 years")) == (0, len(names) - 1)  # a list of names is one clause


@pytest.mark.parametrize(("source", "claim", "word"), [
    ("Vaccination cards are kept for 4 years after the dog leaves, and feeding logs for almost 1 year.",
     "Vaccination cards are kept for almost 4 years after the dog leaves.", "almost"),
    ("Feeding logs are kept for 1 year; vaccination cards are kept for 4 years.",
     "Feeding logs are kept for 4 years.", "Feeding"),
    ("Vaccination cards are kept for 4 years after the dog leaves; feeding logs are not kept.",
     "Vaccination cards are not kept for 4 years after the dog leaves.", "not"),
    ("Vaccination cards are kept for 4 years after the dog leaves; feeding logs are not kept.",
     "Vaccination cards are kept for 4 years after the dog leaves.", None),
])
def test_a_word_held_only_by_another_clause_of_the_cited_sentence_is_named(
    source: str, claim: str, word: str | None,
) -> None:
    said = unheld(claim, _span(claim, "4 years"), source, _span(source, "4 years"))
    assert (word in said) if word else said == [], said


def test_a_bound_s_own_negation_is_the_bound_not_a_denial() -> None:
    source = "Kennel slab concrete at 28 days: not less than 4,000 psi."
    claim = "Kennel slab concrete reaches 4,000 psi at 28 days."
    assert "not" not in unheld_negation(source, _span(source, "28 days"), claim, _span(claim, "28 days"))


# ---- through check and facts (ingested projects) ----------------------------------------------------


_ON = dt.date(2026, 9, 20)


def _kennel(line: str) -> str:
    return FRONT_MATTER.format(id="KEN-001", kind="sop", title="Kennel records", day="2026-08-03", extra="") + (
        f"KEN-001 KENNEL RECORDS\n\n3 RECORDS\n\n3.1 Each dog has a card.\n\n3.2 {line}\n")


def _slab(access: str) -> str:
    return FRONT_MATTER.format(id="KEN-SPEC", kind="specification", title="Kennel slabs", day="2026-08-03",
                               extra=access) + "KEN-SPEC KENNEL SLABS\n\n2 MIXES\n\n2.1 Kennel slab concrete: 3,500 psi minimum.\n"

_SLAB_EDGE = "supersedes:\n  - target: KEN-SPEC#2.1\n    scope: partial\n    effective: 2026-09-01\n    by: KEN-ADD#1\n"
_SLAB_CHANGE = FRONT_MATTER.format(id="KEN-ADD", kind="addendum", title="Kennel addendum", day="2026-09-01",
                                   extra=_SLAB_EDGE) + 'KEN-ADD ADDENDUM\n\n1 CHANGE TO KEN-SPEC 2.1\n\nRevise "3,500 psi" to read "4,000 psi".\n'
_CARD_EDGE = "supersedes:\n  - target: KEN-001#3.2\n    scope: partial\n    effective: 2026-09-01\n    by: KEN-002#1\n"
_CARD_CHANGES = {
    "nudged": ("In KEN-001 paragraph 3.2 the retention period is nudged up 2 years.", None),
    "sweetener": ("In KEN-001 paragraph 3.2 a sweetener of 2 years is granted on the retention period.", None),
    "to-read": ("In KEN-001 paragraph 3.2 change the retention period to read 6 years.", "6 years"),
}


def _project(root: Path, files: dict[str, str]) -> Path:
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text(f"project: {root.name}\nfacets: []\nrules: []\n")
    for name, text in files.items():
        (root / "documents" / name).write_text(text)
    ingest_project(root)
    return root


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for name, line in (("roughly", "Vaccination cards are kept for roughly 4 years after the dog leaves."),
                       ("voted-down", "A motion that vaccination cards are kept for 4 years after the dog leaves "
                                      "was put and rejected."),
                       ("other-clause", "Feeding logs are kept for 1 year; vaccination cards are kept for 4 years."),
                       ("plain", _CLAIM)):
        found[name] = _project(tmp_path_factory.mktemp(name), {"ken-001.md": _kennel(line)})
    for name, access in (("slab", ""), ("slab-restricted", "access: [vets]\n")):
        found[name] = _project(tmp_path_factory.mktemp(name), {"spec.md": _slab(access),
                                                               "add.md": _SLAB_CHANGE})
    for name, (words, _) in _CARD_CHANGES.items():
        change = FRONT_MATTER.format(id="KEN-002", kind="addendum", title="Change 2", day="2026-09-01",
                                     extra=_CARD_EDGE) + f"KEN-002 CHANGE\n\n1 CHANGE TO KEN-001 3.2\n\n{words}\n"
        found[name] = _project(tmp_path_factory.mktemp(name), {"ken-001.md": _kennel(_RETAINED), "ken-002.md": change})
    return found


def _check(root: Path, text: str, loc: str, groups: tuple[str, ...] = ()) -> Any:
    answer = Answer.model_validate({"question": "q", "context": {"valid_at": _ON.isoformat(), "groups": list(groups)},
                                    "claims": [{"text": text, "citations": [{"locator": loc}]}]})
    with Project.open(root, backends=ModelBackends()) as project:
        return project.check(answer)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "word"), [("roughly", "roughly"), ("voted-down", "rejected")])
def test_check_escalates_a_plain_claim_the_cited_words_say_more_of(made: dict[str, Path], name: str, word: str) -> None:
    """P5: each was a plain answer ('answer', ok, no warning)."""
    verdict = _check(made[name], _CLAIM, "KEN-001#3.2")
    assert verdict.verdict == "escalation", verdict
    assert any("KEN-001#3.2 says" in w and word in w for w in verdict.claims[0].warnings), verdict.claims[0].warnings
    assert _check(made["plain"], _CLAIM, "KEN-001#3.2").verdict == "answer"


@pytest.mark.slow
def test_check_escalates_a_claim_whose_subject_is_another_clause_s(made: dict[str, Path]) -> None:
    """P6: 'Feeding logs ... 4 years' was answered by the vaccination cards' clause."""
    verdict = _check(made["other-clause"], "Feeding logs are kept for 4 years.", "KEN-001#3.2")
    assert verdict.verdict == "escalation" and any("Feeding" in w for w in verdict.claims[0].warnings), verdict


@pytest.mark.slow
def test_a_claim_s_bound_is_compared_with_the_bound_of_the_provision_amended(made: dict[str, Path]) -> None:
    """P2: "4,000 psi maximum" citing the item was answered; the paragraph as amended is a minimum."""
    wrong = _check(made["slab"], "Kennel slab concrete needs 4,000 psi maximum.", "KEN-ADD#1")
    assert wrong.verdict == "escalation", wrong
    assert any("states a maximum" in w and "a minimum" in w for w in wrong.claims[0].warnings), wrong.claims[0]
    right = _check(made["slab"], "Kennel slab concrete needs 4,000 psi minimum.", "KEN-ADD#1")
    assert not any("states a minimum" in w for w in right.claims[0].warnings), right.claims[0]
    # a restricted provision amended is never read for a caller without its group, nor said to be there
    # (issue 23, AUDIT-S: to them the item names a section the project does not hold): both escalate alike,
    # on the item's own words
    for text in ("Kennel slab concrete needs 4,000 psi minimum.", "Kennel slab concrete needs 4,000 psi maximum."):
        hidden = _check(made["slab-restricted"], text, "KEN-ADD#1")
        assert hidden.verdict == "escalation", hidden
        bound = "minimum" if "minimum" in text else "maximum"
        assert any(f"the claim says '{bound}' beside '4,000 psi {bound}'; KEN-ADD#1 does not" in w
                   for w in hidden.claims[0].warnings), hidden.claims[0]
        assert not any("amends states" in w or "provision it amends" in w or "KEN-SPEC#" in w
                       for w in hidden.claims[0].warnings)  # nothing of what it amends, nor that it does


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(_CARD_CHANGES))
def test_facts_list_an_amending_figure_as_the_new_value_only_in_a_value_setting_form(
    made: dict[str, Path], name: str,
) -> None:
    """23o F8, facts side: 'nudged up 2 years' and 'a sweetener of 2 years' were listed as the value
    that replaces KEN-001#3.2."""
    _, value = _CARD_CHANGES[name]
    with Project.open(made[name], backends=ModelBackends()) as project:
        found = project.facts(None, _ON).facts
    amending = [f.text for f in found if f.resolved.doc == "KEN-002"]
    assert amending == ([value] if value else []), [(f.resolved.format(), f.text) for f in found]
