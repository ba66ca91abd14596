"""A marking in a language whose words the restricting tables lacked names its group (audit 94 A F1). German
``NUR FÜR EIGENTÜMERN``, Slovak ``IBA PRE VLASTNÍKOV``, Lithuanian ``TIK SAVININKAMS``, Latvian ``TIKAI
ĪPAŠNIEKIEM``, Estonian ``AINULT OMANIKELE``, Romanian ``DOAR PENTRU PROPRIETARILOR``, Slovenian ``ZAUPNO:
LASTNIKOM``, Russian ``ДСП: ВЛАДЕЛЬЦАМ`` and Dutch ``ALLEEN VOOR EIGENAARS`` were read as text and the document,
declaring no access, served to every asker. Two parts hold now: in a marking place of a document declaring no
access a word sharing a group's stem names it with no word beside it (in a short run, as long as the name or
longer, not derived from an ``-s`` plural's singular), whatever the language; and the restricting words, keys and
words 'for' of every official EU language and the Nordic, Baltic and Balkan ones are known, so a document
declared public with such a marking is refused too. The words here are our own."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.opening import folded_groups, groups_in_use, judge_title, marking_names

#: The audit's lines -> the group each names.
F1 = {
    "NUR FÜR EIGENTÜMERN": "eigentümer",
    "IBA PRE VLASTNÍKOV": "vlastníci",
    "TIK SAVININKAMS": "savininkai",
    "TIKAI ĪPAŠNIEKIEM": "īpašnieki",
    "AINULT OMANIKELE": "omanikud",
    "DOAR PENTRU PROPRIETARILOR": "proprietari",
    "ZAUPNO: LASTNIKOM": "lastniki",
    "ДСП: ВЛАДЕЛЬЦАМ": "владельцы",
    "ALLEEN VOOR EIGENAARS": "eigenaren",
}

#: More markings of those languages and the others the tables now know -> the group.
MORE = {
    "LEN PRE VLASTNÍKOV": "vlastníci", "DÔVERNÉ: VLASTNÍKOM": "vlastníci", "KONFIDENCIALU: SAVININKAMS": "savininkai",
    "KONFIDENCIĀLI: ĪPAŠNIEKIEM": "īpašnieki", "KONFIDENTSIAALNE: OMANIKELE": "omanikud",
    "NUMAI PROPRIETARILOR": "proprietari", "NUMAI PENTRU PROPRIETARI": "proprietari",
    "NUR FÜR DEN VORSTAND": "vorstand", "VERTRAULICH: EIGENTÜMERN": "eigentümer",
    "ДЛЯ СЛУЖЕБНОГО ПОЛЬЗОВАНИЯ: ВЛАДЕЛЬЦЫ": "владельцы",
    "ENDAST FÖR ÄGARE": "ägare", "KUN FOR EJERE": "ejere", "KUN FOR EIERE": "eiere",
    "AÐEINS FYRIR EIGENDUR": "eigendur", "UNIQUEMENT POUR LES PROPRIÉTAIRES": "propriétaires",
    "SOLO PARA PROPIETARIOS": "propietarios", "APENAS PARA PROPRIETÁRIOS": "proprietários",
    "SOLO PER I PROPRIETARI": "proprietari", "BISS GĦALL-SIDIEN": "sidien", "ÚINÉIRÍ AMHÁIN": "úinéirí",
    "ISKLJUČIVO ZA VLASNIKE": "vlasnici", "SAMO ZA LASTNIKE": "lastniki", "VETËM PËR PRONARËT": "pronarët",
}

#: Titles of these languages a document declared public holds, each naming a group with a word 'for' or none:
#: text; each with a marking of the same group, which that document is refused for.
PUBLIC = {
    "Handbuch für Eigentümer": "NUR FÜR EIGENTÜMERN", "Handleiding voor eigenaren": "ALLEEN VOOR EIGENAARS",
    "Príručka pre vlastníkov": "IBA PRE VLASTNÍKOV", "Savininkų vadovas": "TIK SAVININKAMS",
    "Īpašnieku rokasgrāmata": "TIKAI ĪPAŠNIEKIEM", "Omanike juhend": "AINULT OMANIKELE",
    "Ghid pentru proprietari": "DOAR PENTRU PROPRIETARILOR", "Priročnik za lastnike": "ZAUPNO: LASTNIKOM",
    "Руководство для владельцев": "ДСП: ВЛАДЕЛЬЦАМ", "Guide pour les propriétaires": "UNIQUEMENT POUR LES PROPRIÉTAIRES",
    "Guía para propietarios": "SOLO PARA PROPIETARIOS", "Handbok för ägare": "ENDAST FÖR ÄGARE",
    "Ownership transfer": "OWNERS ONLY",
}
GROUPS = sorted({*F1.values(), *MORE.values(), "owners"})


@pytest.mark.parametrize("line", sorted(F1 | MORE))
def test_a_marking_of_these_languages_is_refused_whatever_the_document_declares(line):
    """Declaring no access (the marking place), and declaring public (the restricting words: part b)."""
    group = (F1 | MORE)[line]
    with groups_in_use(GROUPS):
        assert judge_title(line, access=None, public=False)[0], line
        assert judge_title(line, access=None, public=True)[0], line
        assert judge_title(line, access=[group], public=False)[0] == [], line  # agrees with its declared group


@pytest.mark.parametrize(("word", "group"), [("EIGENTÜMERN", "eigentümer"), ("VLASTNÍKOV", "vlastníci"),
                                             ("SAVININKAMS", "savininkai"), ("ĪPAŠNIEKIEM", "īpašnieki"),
                                             ("OMANIKELE", "omanikud"), ("PROPRIETARILOR", "proprietari"),
                                             ("LASTNIKOM", "lastniki"), ("ВЛАДЕЛЬЦАМ", "владельцы"),
                                             ("EIGENAARS", "eigenaren"), ("OMISTAJILLE", "omistajat"),
                                             ("sahiplere", "sahipler"), ("PRONARËVE", "pronarët")])
def test_an_inflected_group_in_a_marking_place_is_refused_beside_words_no_table_holds(word, group):
    """Part a, language-independent: words no table holds beside the group inflected (a language the tables
    lack), in a document declaring no access, name it."""
    for line in (f"ZORK BLAT {word}", f"Zork: {word}", word):
        named = marking_names([line], folded_groups([group]))
        assert named and set(named) <= folded_groups([group]), line
        with groups_in_use([group]):
            assert judge_title(line, access=None, public=False)[0], line


@pytest.mark.parametrize("title", sorted(PUBLIC))
def test_a_title_of_these_languages_declared_public_is_text(title):
    with groups_in_use(GROUPS):
        assert judge_title(title, access=None, public=True)[0] == [], title
        assert judge_title(PUBLIC[title], access=None, public=True)[0], PUBLIC[title]


@pytest.mark.parametrize(("title", "group"), [
    ("Financed by a regional development bank and a partnership fund", "finance"),  # a sentence, no marking
    ("SGC 5 Traffic Management", "managers"),  # derived from the singular of an -s plural
    ("Land Transport Authority", "authors"), ("Engineering Services", "engineers"),
    ("OWNER: Millbrook Public Library District", "owners"),  # another number (audit 23q L3)
    ("Owned by the council", "owners"),  # shorter than the name
])
def test_a_word_derived_from_a_group_in_a_title_or_a_sentence_names_none(title, group):
    """The bounds of part a, from a sweep of the titles and first and last lines of every document under
    examples/ and tests/fixtures/ with thirty groups: no new refusal. Each beside its group's marking, refused."""
    with groups_in_use([group]):
        assert judge_title(title, access=None, public=False)[0] == [], title
        assert marking_names([title], folded_groups([group])) == (), title
        assert judge_title(f"ZORK: {group.upper()}", access=None, public=False)[0], group


@pytest.mark.parametrize(("title", "groups"), [("Ownership transfer", ["owners"]),
                                               ("المالكون الجدد والمستأجرون", ["مالكين", "المستأجرين"])])
def test_a_short_title_holding_a_group_inflected_is_refused_without_access_and_text_declared_public(title, groups):
    """The cost of part a (docs/formats.md): the way out is the hint's, ``public: true``."""
    with groups_in_use(groups):
        errors = judge_title(title, access=None, public=False)[0]
        assert errors and "declares no access" in errors[0], title
        assert judge_title(title, access=None, public=True)[0] == [], title


SEIF = """---
id: SEIF-1
kind: specification
title: Safe
issued: 2026-01-01
effective: {{from: 2026-01-01}}
recorded: 2026-01-01T00:00:00Z
{public}---
{marking}

1 PURPOSE

1.1 Safe code MOTHWORD.
"""
OTHER = """---
id: OWN-1
kind: specification
title: Other
access: [{group}]
issued: 2026-01-01
effective: {{from: 2026-01-01}}
recorded: 2026-01-01T00:00:00Z
---
1 X

1.1 Text.
"""


@pytest.mark.parametrize("public", [False, True])
@pytest.mark.parametrize("marking", ["NUR FÜR EIGENTÜMERN", "IBA PRE VLASTNÍKOV", "TIK SAVININKAMS",
                                     "ДСП: ВЛАДЕЛЬЦАМ", "ALLEEN VOOR EIGENAARS"])
def test_a_marking_in_an_opening_is_refused_and_never_shown(tmp_path: Path, marking, public):
    """End to end (audit 94 A f1.sh): ``inforce ingest`` refuses the opening's line, whether the document declares
    no access or declares itself public, and ``show`` to an asker of no group prints no text of the document."""
    root = tmp_path / "f1"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: f1\nfacets: []\nrules:\n  - stock: precedence/none\n",
                                       encoding="utf-8")
    (root / "documents" / "seif.md").write_text(
        SEIF.format(marking=marking, public="public: true\n" if public else ""), encoding="utf-8")
    (root / "documents" / "other.md").write_text(OTHER.format(group=F1[marking]), encoding="utf-8")
    done = CliRunner().invoke(app, ["ingest", str(root)])
    assert done.exit_code == 2, done.output
    assert f"documents/seif.md:{10 if public else 9}:" in done.output and "MOTHWORD" not in done.output, done.output
    shown = CliRunner().invoke(app, ["show", str(root), "SEIF-1#1.1"])
    assert "MOTHWORD" not in shown.output, shown.output
