"""A page per lint code and per stock rule (``inforce rules doc``): every code and stock rule has
one, the pages in ``docs/rules/`` are what the generator writes, an unknown code is an input
error naming close matches, and the split codes (RP013, RP014) are what the checks raise."""

from __future__ import annotations

from pathlib import Path

import pytest

from inforce.ontology import InputError
from inforce.rules.lint import LINT_CODES
from inforce.rules.lintcodes import LINT_PAGES
from inforce.rules.loader import STOCK_ROOT, read_pack, stock_pack_names
from inforce.rules.pages import GENERATED, all_pages, find_page, page_markdown, write_pages
from inforce.rules.source import plain, read_yaml

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
HEAD = "schema_version: 1\nrules:\n"


def _stock_rule_ids() -> set[str]:
    ids = set()
    for name in stock_pack_names():
        path = STOCK_ROOT / f"{name}.yaml"
        ids |= {rule["id"] for rule in plain(read_yaml(name, path.read_text("utf-8")).tree)["rules"]}
    return ids


def test_every_lint_code_and_every_stock_rule_has_a_page():
    keys = [page.key for page in all_pages()]
    assert len(keys) == len(set(keys))
    assert set(LINT_CODES) | _stock_rule_ids() == set(keys)
    assert LINT_CODES == {code.code: code.name for code in LINT_PAGES}


def test_a_page_has_the_fixed_headings_and_its_lifecycle():
    page = page_markdown(find_page("RP013"))
    for heading in ("## What it does", "## Why it matters", "## Example", "## Instead"):
        assert heading in page
    assert "preview" in page and "Split from RP003" in page
    rule = page_markdown(find_page("aia-order-of-precedence"))
    assert rule.startswith("# INF-P001 aia-order-of-precedence") and "*precedence rule, stable*" in rule
    assert "Levels, highest first: modifications, agreement" in rule and "aia-style.test.yaml" in rule
    assert find_page("rp013").lifecycle == "preview"


def test_an_unknown_code_is_an_input_error_naming_close_matches():
    with pytest.raises(InputError) as raised:
        find_page("RP03")
    assert "RP003" in str(raised.value.hint) and "RP03" in str(raised.value)
    with pytest.raises(InputError) as raised:
        find_page("INF-P01")
    assert "INF-P001" in str(raised.value.hint)


def test_the_pages_in_docs_match_the_generator(tmp_path):
    """Regenerate with: inforce rules doc --write docs/rules"""
    written = write_pages(tmp_path)
    assert {p.name for p in written} == {p.name for p in DOCS.glob("*.md")}, "run: inforce rules doc --write docs/rules"
    for path in written:
        assert (DOCS / path.name).read_text("utf-8") == path.read_text("utf-8"), f"{path.name} is stale"


def test_writing_again_removes_a_page_no_code_has(tmp_path):
    (tmp_path / "RP999.md").write_text(f"# RP999 gone\n\nold\n\n{GENERATED}\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not Markdown: left alone\n", encoding="utf-8")
    write_pages(tmp_path)
    assert not (tmp_path / "RP999.md").exists() and (tmp_path / "README.md").is_file()
    assert (tmp_path / "notes.txt").read_text("utf-8") == "not Markdown: left alone\n"


def test_a_folder_holding_other_markdown_is_refused_and_left_as_it_was(tmp_path):
    """Audit 23q Q3: every other *.md in the folder was deleted and README.md overwritten
    (``--write .`` at a repository's root, ``--write documents`` in a project)."""
    (tmp_path / "README.md").write_text("# My project\n", encoding="utf-8")
    (tmp_path / "NOTES.md").write_text("precious\n", encoding="utf-8")
    with pytest.raises(InputError) as raised:
        write_pages(tmp_path)
    assert "NOTES.md" in str(raised.value) and "README.md" in str(raised.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["NOTES.md", "README.md"]
    assert (tmp_path / "README.md").read_text("utf-8") == "# My project\n"


def test_a_missing_folder_is_made_and_a_file_in_its_place_is_refused(tmp_path):
    written = write_pages(tmp_path / "new" / "rules")
    assert written[0] == tmp_path / "new" / "rules" / "README.md"
    assert all(path.read_text("utf-8").endswith(GENERATED + "\n") for path in written)
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(InputError) as raised:
        write_pages(tmp_path / "file")
    assert "not a folder" in str(raised.value)


def _codes(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "pack.yaml"
    path.write_text(text, encoding="utf-8")
    _, found = read_pack(path)
    return [p.code for p in found]


SUBJECT = ("  - id: TST-V001\n    slug: slump\n    kind: subject\n    description: d\n    source: s\n"
           "    subject: concrete.slump\n    unit: mm\n    synonyms: [slump]\n")


def test_units_and_ranges_are_rp013_not_rp003_or_rp008(tmp_path):
    assert _codes(tmp_path, HEAD + SUBJECT + "    between: {min: 10 psi, max: 250 mm}\n") == ["RP013"]
    assert _codes(tmp_path, HEAD + SUBJECT + "    between: {min: 250 mm, max: 10 mm}\n") == ["RP013"]
    assert _codes(tmp_path, HEAD + SUBJECT.replace("unit: mm", "unit: furlongs_squared_per_tick")) == ["RP013"]
    # a value of the wrong type keeps RP003, a rule that never fires keeps RP008
    assert _codes(tmp_path, HEAD + SUBJECT.replace("synonyms: [slump]", "synonyms: slump")) == ["RP003"]


SUPERSESSION = ("  - id: TST-S001\n    slug: s\n    kind: supersession\n    description: d\n    source: s\n"
                "    patterns:\n      - {pattern: \"Section {section}, Paragraph {paragraph}: Replace\", scope: full}\n")


def test_a_phrase_matching_empty_text_is_rp014_not_rp008(tmp_path):
    assert _codes(tmp_path, HEAD + SUPERSESSION + "    no_change:\n      - pattern: \"[no change]\"\n") == ["RP014"]
    assert _codes(tmp_path, HEAD + SUPERSESSION + "    no_change:\n      - pattern: \"no change\"\n") == []
    never = HEAD + ("  - id: TST-C001\n    slug: c\n    kind: calculation\n    description: d\n    source: s\n"
                    "    output: due\n    when: {region: []}\n    result: none\n")
    assert _codes(tmp_path, never) == ["RP008"]


@pytest.mark.parametrize("code", LINT_PAGES, ids=lambda code: code.code)
def test_each_codes_example_raises_that_code_alone_and_its_instead_lints_clean(code, tmp_path):
    """The page's example is a whole pack that `inforce rules check` flags with this code only;
    what the page says to write instead passes (RP004 read as in a project declaring `market`)."""
    path = tmp_path / "pack.yaml"
    path.write_text(code.example, encoding="utf-8")
    assert [p.code for p in read_pack(path, facets=["market"])[1]] == [code.code]
    path.write_text(code.instead, encoding="utf-8")
    assert read_pack(path, facets=["market"])[1] == []


def test_a_rules_why_and_a_packs_coverage_are_part_of_the_format(tmp_path):
    from inforce.rules import rule_pack_schema

    text = ("schema_version: 1\ncoverage: 90\nrules:\n" + LINT_PAGES[0].instead.split("rules:\n", 1)[1]
            + "    why: agents answer from the handbook in force on the dispatch date\n")
    loaded, found = read_pack(_write(tmp_path, text), facets=["market"])
    assert found == [] and loaded.pack.coverage == 90
    assert loaded.pack.rules[0].why.startswith("agents answer")
    schema = rule_pack_schema()
    assert "coverage" in schema["properties"] and "why" in str(schema)
    assert [p.code for p in read_pack(_write(tmp_path, text.replace("coverage: 90", "coverage: 150")))[1]] == ["RP003"]


def _write(folder: Path, text: str) -> Path:
    path = folder / "pack.yaml"
    path.write_text(text, encoding="utf-8")
    return path
