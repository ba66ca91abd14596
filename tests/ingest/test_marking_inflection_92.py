"""A marking names a group however its language inflects the name (audit 92 A F1, F2). Russian writes a group
after ТОЛЬКО/ДЛЯ in an oblique case (``ТОЛЬКО ДЛЯ ВЛАДЕЛЬЦЕВ`` for ``владельцы``), as Ukrainian, Bulgarian,
Serbian, Polish, Czech, Finnish, Hungarian, Turkish and Greek do; Persian adds a plural (``مالکان`` for
``مالک``) and writes its keheh for Arabic's kaf. Each was read as the document's text and the document,
declaring no access, served to every asker. Now a word sharing a group's stem names it beside a word that
restricts (or a word 'for', in a marking place), and a word sharing it with none beside it is text. The
words here are our own."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.opening import folded_groups, groups_in_use, judge_title, marking_names

GROUPS = ["владельцы", "заказчик", "власники", "собственици", "vlasnici", "właściciele", "vlastníci",
          "omistajat", "tulajdonosok", "sahipler", "ιδιοκτήτες", "مالک", "مالكين", "המנהלים"]

#: A marking as its language inflects the group -> the group it names.
MARKINGS = {
    "ТОЛЬКО ДЛЯ ВЛАДЕЛЬЦЕВ": "владельцы",  # genitive plural
    "Только для владельцев": "владельцы",
    "только владельцам": "владельцы",  # dative
    "Конфиденциально: владельцам": "владельцы",
    "ДЛЯ ЗАКАЗЧИКА": "заказчик",  # genitive, after 'for' alone: a marking place's line
    "только для заказчика": "заказчик",
    "ТІЛЬКИ ДЛЯ ВЛАСНИКІВ": "власники",  # Ukrainian
    "САМО ЗА СОБСТВЕНИЦИТЕ": "собственици",  # Bulgarian, the article a suffix
    "SAMO ZA VLASNIKE": "vlasnici",  # Serbian, Latin letters
    "TYLKO DLA WŁAŚCICIELI": "właściciele",  # Polish genitive
    "DLA WŁAŚCICIELI": "właściciele",
    "POUZE PRO VLASTNÍKY": "vlastníci",  # Czech accusative
    "VAIN OMISTAJILLE": "omistajat",  # Finnish allative
    "CSAK TULAJDONOSOKNAK": "tulajdonosok",  # Hungarian dative
    "SADECE SAHİPLERE": "sahipler",  # Turkish dative
    "ΜΟΝΟ ΓΙΑ ΧΡΗΣΗ ΙΔΙΟΚΤΗΤΩΝ": "ιδιοκτήτες",  # Greek genitive
    "ΜΟΝΟ ΓΙΑ ΙΔΙΟΚΤΗΤΩΝ": "ιδιοκτήτες",
    "فقط برای مالکان": "مالک",  # Persian plural, keheh
    "محرمانه - مالکان": "مالک",
    "للمالکين فقط": "مالكين",  # keheh for kaf (F2)
    "לַמנהלי הפרויקט בלבד": "המנהלים",  # Hebrew construct, a preposition joined in place of the article
}

#: Titles sharing a group's letters or stem with no word that restricts, or whose word is no inflection
#: of it (too long an ending, or a name cut further than its ending): text; each with a marking of the same
#: group, which is refused.
PLAIN = {"Владение участком": "ТОЛЬКО ДЛЯ ВЛАДЕЛЬЦЕВ", "Владельческий реестр": "только владельцам",
         "Заказчики и подрядчики": "ДЛЯ ЗАКАЗЧИКА", "Заказ только по каталогу": "только для заказчика",
         "Właściwości gruntu": "TYLKO DLA WŁAŚCICIELI", "Omistajanvaihdos": "VAIN OMISTAJILLE",
         "Vlastnictví pozemku": "POUZE PRO VLASTNÍKY", "Tulajdonjog": "CSAK TULAJDONOSOKNAK",
         "Sahiplik belgesi": "SADECE SAHİPLERE", "Ιδιοκτησία ακινήτων": "ΜΟΝΟ ΓΙΑ ΙΔΙΟΚΤΗΤΩΝ",
         "مالكية الأرض": "فقط برای مالکان", "Ownership transfer": "ТОЛЬКО ДЛЯ ВЛАДЕЛЬЦЕВ"}
#: Of those, the titles whose word, as long as the group's name or longer, names it alone in a marking place of a
#: document declaring no access (audit 94 A F1: a short run, :func:`opening._derived`): refused there, text in one
#: declared public (the hint's way out).
ALONE = {"Sahiplik belgesi", "Vlastnictví pozemku", "Заказчики и подрядчики", "مالكية الأرض", "Ownership transfer"}


@pytest.mark.parametrize("title", sorted(MARKINGS))
def test_an_inflected_marking_is_refused(title):
    with groups_in_use(GROUPS):
        errors, _ = judge_title(title, access=None, public=False)
    assert errors and ("names the access group" in errors[0] or "reads as access" in errors[0]), (title, errors)


@pytest.mark.parametrize("title", ["ТОЛЬКО ДЛЯ ВЛАДЕЛЬЦЕВ", "TYLKO DLA WŁAŚCICIELI", "VAIN OMISTAJILLE",
                                   "فقط برای مالکان"])
def test_an_inflected_marking_is_refused_in_a_document_declared_public_too(title):
    """The run rule, which a document declared public is judged by: the group beside a restricting word."""
    with groups_in_use(GROUPS):
        assert judge_title(title, access=None, public=True)[0], title


@pytest.mark.parametrize("title", ["ТОЛЬКО ДЛЯ ВЛАДЕЛЬЦЕВ", "CSAK TULAJDONOSOKNAK"])
def test_an_inflected_marking_of_the_declared_group_agrees(title):
    """Refused in a document declaring no access, it agrees with one declaring its group: text."""
    with groups_in_use(GROUPS):
        assert judge_title(title, access=None, public=False)[0], title
        assert judge_title(title, access=[MARKINGS[title]], public=False)[0] == [], title


def test_the_word_for_alone_restricts_nothing_in_a_document_declared_public():
    """``Руководство для заказчика`` is a guide's title, as ``Guide for owners`` is: in a document declared
    public it is text; in one declaring nothing, a marking place's line naming the group."""
    with groups_in_use(GROUPS):
        assert judge_title("Руководство для заказчика", access=None, public=True)[0] == []
        assert judge_title("Руководство для заказчика", access=None, public=False)[0]


@pytest.mark.parametrize("title", sorted(PLAIN))
def test_a_title_sharing_a_stem_without_a_restricting_word_is_text(title):
    """The stem names a group beside a word that restricts: the plain title is text in a document declared public,
    the marking of the same group refused. In one declaring no access a word as long as the name or longer names
    it alone in a short run (audit 94 A F1), so those titles are refused there."""
    alone = title in ALONE
    assert bool(marking_names([title], folded_groups(GROUPS + ["owners"]))) == alone, title
    with groups_in_use(GROUPS + ["owners"]):
        assert judge_title(title, access=None, public=True)[0] == [], title
        assert bool(judge_title(title, access=None, public=False)[0]) == alone, title
        assert judge_title(PLAIN[title], access=None, public=False)[0], PLAIN[title]


def test_persian_letters_name_the_arabic_group():
    """F2: keheh and Persian yeh fold to Arabic kaf and yeh, so a line written either way names the group."""
    assert marking_names(["للمالکين فقط"], folded_groups(["مالكين"])) == tuple(folded_groups(["مالكين"]))
    assert marking_names(["مالكي"], folded_groups(["مالکی"])) == tuple(folded_groups(["مالکی"]))


SEIF = """---
id: SEIF-1
kind: specification
title: Хранилище
issued: 2026-01-01
effective: {{from: 2026-01-01}}
recorded: 2026-01-01T00:00:00Z
---
{marking}

1 НАЗНАЧЕНИЕ

1.1 Код сейфа MOTHWORD.
"""
OWNERS = """---
id: OWN-1
kind: specification
title: Owners spec
access: [{group}]
issued: 2026-01-01
effective: {{from: 2026-01-01}}
recorded: 2026-01-01T00:00:00Z
---
1 X

1.1 Text.
"""


@pytest.mark.parametrize(("marking", "group"), [("ТОЛЬКО ДЛЯ ВЛАДЕЛЬЦЕВ", "владельцы"), ("ДЛЯ ЗАКАЗЧИКА", "заказчик"),
                                                ("فقط برای مالکان", "مالک")])
def test_an_inflected_marking_in_an_opening_is_refused_and_never_shown(tmp_path: Path, marking, group):
    """End to end (audit 92 A f1.sh): ``inforce ingest`` refuses the opening's line, and ``show`` to an asker
    of no group prints no text of the document."""
    root = tmp_path / "f1"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: f1\nfacets: []\nrules:\n  - stock: precedence/none\n",
                                       encoding="utf-8")
    (root / "documents" / "seif.md").write_text(SEIF.format(marking=marking), encoding="utf-8")
    (root / "documents" / "other.md").write_text(OWNERS.format(group=group), encoding="utf-8")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert "documents/seif.md:9:" in done.output and "MOTHWORD" not in done.output, done.output
    shown = CliRunner().invoke(app, ["show", str(root), "SEIF-1#1.1"])
    assert "MOTHWORD" not in shown.output, shown.output
