"""``rules impact`` replays a pack's own tests under the old pack and the new; the answers of a
side it replayed before (the same rules, corpus and cases) are taken from then, never asked
again, and anything that decides them asked anew: the pack, a document of the corpus, a case."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.engine import packtests
from inforce.engine.packtests import case_answers, case_answers_over
from inforce.rules.loader import STOCK_ROOT

STOCK = (STOCK_ROOT / "supersession" / "csi-addenda.yaml").read_text("utf-8")
ADD = '      - pattern: "{target}: Add"\n        scope: partial\n        targets: [paragraph, callout]\n'
TESTS = "\n".join([
    "schema_version: 1",
    "documents:",
    "  - {id: SPEC-033000, kind: specification, title: Section 03 30 00 Concrete, issued: 2026-03-02,",
    '     provisions: [{path: "3.11", text: "FIELD QUALITY CONTROL"}]}',
    "  - {id: ADD-02, kind: addendum, title: Addendum No. 2, issued: 2026-04-10,",
    '     provisions: [{path: "1.5", text: "Section 03 30 00, Article 3.11: Add the following paragraph G."}]}',
    "cases:",
    "  - name: an added paragraph amends its article",
    "    derive: {document: ADD-02}",
    "    expect: {edges: [{target: SPEC-033000#3.11, scope: partial}]}",
]) + "\n"


@pytest.fixture
def asked(monkeypatch) -> list[str]:
    """The cases the engine is asked (the real ``_ask``, each call noted)."""
    seen: list[str] = []
    real = packtests._ask

    def ask(case, *args):
        seen.append(case.name)
        return real(case, *args)

    monkeypatch.setattr(packtests, "_ask", ask)
    monkeypatch.setattr(packtests, "_ANSWERED", type(packtests._ANSWERED)())
    return seen


def _answers(folder: Path, pack: str = STOCK, tests: str = TESTS) -> list:
    (folder / "csi-addenda.yaml").write_text(pack, encoding="utf-8")
    (folder / "csi-addenda.test.yaml").write_text(tests, encoding="utf-8")
    _, answers, _ = case_answers_over(folder / "csi-addenda.test.yaml", pack_file=folder / "csi-addenda.yaml")
    return [(line, answer) for _, line, answer in answers]


def test_a_side_replayed_before_is_not_asked_again_and_answers_alike(asked, tmp_path):
    first = _answers(tmp_path)
    assert asked == ["an added paragraph amends its article"]
    again = _answers(tmp_path)
    assert asked == ["an added paragraph amends its article"] and again == first
    assert [edge["target"] for edge in first[0][1]["edges"]] == ["SPEC-033000#3.11"]
    # what a caller does with its answers is not what the next one gets
    again[0][1]["edges"].clear()
    assert _answers(tmp_path) == first
    # the answers are the engine's: as a replay that keeps nothing gives them
    _, fresh = case_answers(tmp_path / "csi-addenda.test.yaml", pack_file=tmp_path / "csi-addenda.yaml")
    assert [(line, answer) for _, line, answer in fresh] == first


def test_an_edited_pack_a_document_or_a_case_is_asked_anew(asked, tmp_path):
    first = _answers(tmp_path)
    assert ADD in STOCK and '\n        - "add"\n' in STOCK
    edited = _answers(tmp_path, STOCK.replace(ADD, "").replace('\n        - "add"\n', "\n", 1))
    assert len(asked) == 2 and edited != first and edited[0][1]["edges"] == []
    moved = _answers(tmp_path, tests=TESTS.replace("Article 3.11: Add", "Article 3.12: Add"))
    assert len(asked) == 3 and moved != first
    renamed = _answers(tmp_path, tests=TESTS.replace("amends its article", "amends the article"))
    assert len(asked) == 4
    assert _answers(tmp_path) == first and len(asked) == 4
    assert renamed == first  # the same question, asked again all the same
