"""A marking names a group however its script writes the name (audit 86 A F1): Greek capitals drop their
accents, French capitals often do, a Turkish capital İ folds to i and a dot, German writes an umlaut out
where none can be typed, Chinese and Japanese write the group with no space before the word that
restricts, Arabic and Hebrew join a preposition or an article to it. Each was read as text and the
document, declaring no access, was served to every asker. The words here are our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.adapters.ingest.opening import folded_groups, groups_in_use, judge_title, marking_names

import opening_projects
from opening_projects import refusals

GROUPS = ["ιδιοκτήτες", "propriétaires", "müşteri", "eigentümer", "業主", "owners", "مالكين", "בעלים", "เจ้าของ",
          "ເຈົ້າຂອງ", "ម្ចាស់", "ပိုင်ရှင်", "मालिक", "소유자", "właściciele", "maîtres-d'œuvre", "المستأجرين"]

#: A marking as each script writes it -> the group it names.
MARKINGS = {
    "ΜΟΝΟ ΓΙΑ ΙΔΙΟΚΤΗΤΕΣ": "ιδιοκτήτες",
    "PROPRIETAIRES SEULEMENT": "propriétaires",
    "Proprie\u0301taires uniquement": "propriétaires",  # the accent as a combining mark
    "MÜŞTERİ ONLY": "müşteri",
    "MÜŞTERI ICIN": "müşteri",  # a dotless capital I typed
    "NUR FÜR EIGENTUEMER": "eigentümer",
    "業主のみ": "業主",
    "仅限業主": "業主",
    "OWNERS限定": "owners",
    "仅限owners": "owners",
    "للمالكين فقط": "مالكين",
    "לבעלים בלבד": "בעלים",
    "เฉพาะเจ้าของ": "เจ้าของ",  # Thai, written without spaces too
    "เฉพาะเจ้าของเท่านั้น": "เจ้าของ",  # inside the run, a restricting word each side (audit 87 A F1)
    "ສະເພາະເຈົ້າຂອງ": "ເຈົ້າຂອງ",  # Lao
    "សម្រាប់ម្ចាស់តែប៉ុណ្ណោះ": "ម្ចាស់",  # Khmer
    "ပိုင်ရှင်များသာ": "ပိုင်ရှင်",  # Myanmar
    "केवल मालिकों के लिए": "मालिक",  # Devanagari, the group inflected in its vowel signs
    "소유자전용": "소유자",  # Korean, a restricting word joined to the group
    "WLASCICIELE ONLY": "właściciele",  # Polish capitals without ł
    "MAITRES D'OEUVRE ONLY": "maîtres-d'œuvre",  # French capitals writing œ out
    "للمستأجرين فقط": "المستأجرين",  # ل before the article writes لل (audit 88 A F1)
    "المستـأجرين فقط": "المستأجرين",  # a word stretched with a kashida
    "مالـكين فقط": "مالكين",
}

#: Titles that name no group, though they share letters with one: no word boundary is crossed in a
#: script that has them, no more than three joined letters are taken in Arabic or Hebrew.
#: (``Ownership transfer`` and ``المالكون الجدد والمستأجرون``, whose words hold a group's stem and are as long as
#: its name, name it alone in a short run of a document declaring no access: test_marking_languages_94.)
PLAIN = ["Spécifications des propriétés", "業務主任の手順", "Eigentumsübertragung",
         # the letters of a group inside another word of a script without spaces, or across words once their
         # vowel signs were dropped, were read as naming it (audit 87 A F2)
         "企業主管会議", "企業主催の説明会", "소유자산 관리", "मूल कीमत", "माल की सूची"]


@pytest.mark.parametrize("title", sorted(MARKINGS))
def test_a_title_marking_in_any_script_is_refused(title):
    with groups_in_use(GROUPS):
        errors, _ = judge_title(title, access=None, public=False)
    assert errors and ("names the access group" in errors[0] or "reads as access" in errors[0]), (title, errors)


@pytest.mark.parametrize("title", sorted(MARKINGS))
def test_a_marking_place_names_the_group_its_script_writes(title):
    named = marking_names([title], folded_groups(GROUPS))
    assert named and all(group in folded_groups([MARKINGS[title]]) for group in named), (title, named)


@pytest.mark.parametrize("title", PLAIN)
def test_a_title_sharing_letters_with_a_group_names_none(title):
    assert marking_names([title], folded_groups(GROUPS)) == (), title
    with groups_in_use(GROUPS):
        assert judge_title(title, access=None, public=False)[0] == [], title


@pytest.mark.parametrize("heading", ["ΜΟΝΟ ΓΙΑ ΙΔΙΟΚΤΗΤΕΣ", "業主のみ"])
def test_an_opening_heading_in_another_script_is_refused_at_its_line(tmp_path: Path, heading):
    root = opening_projects.project(tmp_path, "vault-2.md", ";".join(GROUPS))
    (root / "documents" / "vault-2.md").write_text(
        f"VAULT-2 STRONGROOM\n\n{heading}\n\n1 PURPOSE\n\nThe strongroom combination is MOTHWORD.\n", encoding="utf-8")
    said = refusals(root, "vault-2.md")
    assert len(said) == 1 and said[0].startswith("documents/vault-2.md:3:"), said
    # Greek's μόνο is a restricting word the rule knows (audit 92 A F1): refused by it, at the same line
    assert ("names the access group" in said[0] or "reads as access" in said[0]) and "MOTHWORD" not in said[0], said
