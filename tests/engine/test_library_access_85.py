"""Two library calls told a restricted document's sections from absent ones to an asker outside
its group (audit 85 A): ``Project.review_digest`` judged the document's kind before its access
("is an item of a specification" for a restricted section, "is not in the project" for an absent
one), and ``Project.freshness_gate`` answered ``access_restricted`` for a restricted section but
``fabricated_locator`` for an absent path of the same restricted document. Both now answer alike
whatever the restricted document holds."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.ontology import InputError

_HEAD = "---\nid: {id}\nkind: specification\ntitle: {title}\n{extra}issued: {day}\neffective: {{from: {day}}}\n" \
        "recorded: {day}T00:00:00Z\n---\n"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("lib85") / "p"
    docs = root / "documents"
    docs.mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: lib85\nfacets: []\nrules:\n  - stock: precedence/none\n"
                                       "  - stock: supersession/csi-addenda\n", encoding="utf-8")
    (docs / "open.md").write_text(_HEAD.format(id="OPEN-1", title="Masonry", extra="", day="2026-01-01")
                                  + "1 GENERAL\n\n1.1 Mortar type S.\n", encoding="utf-8")
    (docs / "hidden.md").write_text(_HEAD.format(id="HIDDEN-1", title="Vault", extra="access: [owners]\n",
                                                 day="2026-01-01")
                                    + "1 GENERAL\n\n1.1 Vault door rated 2 hours.\n", encoding="utf-8")
    ingest_project(root)
    return root


@pytest.mark.parametrize("groups", [(), ("nobody",)])
def test_review_digest_says_the_same_of_a_restricted_section_and_an_absent_one(project: Path,
                                                                               groups: tuple[str, ...]) -> None:
    said = []
    with Project.open(project) as opened:
        for item in ("HIDDEN-1@0#1.1", "HIDDEN-1@0#9.9"):
            with pytest.raises(InputError) as refused:
                opened.review_digest(item, groups=groups)
            said.append(refused.value.message.replace(item, "ITEM"))
    assert said[0] == said[1] == "ITEM is not in the project", said


@pytest.mark.parametrize("groups", [(), ("nobody",)])
def test_freshness_gate_answers_a_restricted_document_alike_whatever_path_is_cited(project: Path,
                                                                                  groups: tuple[str, ...]) -> None:
    with Project.open(project) as opened:
        reasons = [[s.reason for s in opened.freshness_gate([cited], dt.date(2026, 6, 1), groups=groups).stale]
                   for cited in ("HIDDEN-1#1.1", "HIDDEN-1#9.9", "HIDDEN-1@0#9.9")]
        public = [s.reason for s in opened.freshness_gate(["OPEN-1#9.9"], dt.date(2026, 6, 1), groups=groups).stale]
    assert reasons == [["access_restricted"]] * 3, reasons
    assert public == ["fabricated_locator"]  # a public document's absent path is still named so


def test_the_group_still_sees_what_is_there(project: Path) -> None:
    with Project.open(project) as opened:
        with pytest.raises(InputError) as judged:  # its group is told what the item is: no addendum's
            opened.review_digest("HIDDEN-1@0#1.1", groups=("owners",))
        found = opened.freshness_gate(["HIDDEN-1#9.9"], dt.date(2026, 6, 1), groups=("owners",))
    assert "is an item of a specification" in judged.value.message, judged.value.message
    assert [s.reason for s in found.stale] == ["fabricated_locator"]
