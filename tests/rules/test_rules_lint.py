"""`inforce rules check`: each lint error kind, at its file:line:col, with a hint and a caret."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from inforce.ontology import InputErrors
from inforce.rules import check_target, load_pack, read_pack, stock_pack_names
from inforce.rules.lint import LINT_CODES

HEAD = "schema_version: 1\nrules:\n"


def rule(kind: str, rule_id: str = "TST-X001", slug: str = "a-rule", body: str = "") -> str:
    return (f"  - id: {rule_id}\n    slug: {slug}\n    kind: {kind}\n    description: d\n    source: s\n" + body)


def problems(tmp_path: Path, text: str, facets=None):
    pack = tmp_path / "pack.yaml"
    pack.write_text(text)
    loaded, found = read_pack(pack, facets=facets)
    assert loaded is None or not found
    return found


def one(found, code):
    matching = [p for p in found if p.code == code]
    assert matching, f"no {code} in {[str(p) for p in found]}"
    return matching[0]


def test_every_stock_pack_passes_its_own_lint():
    assert check_target(None) == []
    assert "precedence/aia-style" in stock_pack_names() and "subjects/default" in stock_pack_names()


def test_rp001_yaml_syntax(tmp_path):
    problem = one(problems(tmp_path, HEAD + "  - id: [unclosed\n"), "RP001")
    assert (problem.line, problem.col) == (3, 9)  # where the list left open begins


def test_rp001_a_key_written_twice(tmp_path):
    found = problems(tmp_path, HEAD + rule("precedence", body="    order: none\n    order: none\n"))
    assert one(found, "RP001").line is not None


def test_rp002_unknown_key_with_did_you_mean_and_caret(tmp_path):
    problem = one(problems(tmp_path, HEAD + rule("eligibility", body="    facts: {market: membership}\n")), "RP002")
    assert (problem.line, problem.col) == (8, 5)
    assert "did you mean 'facets'" in problem.hint
    text = str(problem)
    assert text.startswith(f"{problem.file}:8:5: RP002 ")
    assert text.splitlines()[-2] == "   8 |     facts: {market: membership}"
    assert text.splitlines()[-1] == "     |     ^^^^^"  # under the key, as wide as it


def test_rp003_invalid_value_and_missing_key(tmp_path):
    found = problems(tmp_path, HEAD + "  - id: TST-X001\n    slug: s\n    kind: precedence\n    source: s\n"
                     "    order: sideways\n")
    messages = [p.message for p in found if p.code == "RP003"]
    assert any("description" in m for m in messages) and any("sideways" in m or "ranked" in m for m in messages)


def test_rp004_unknown_facet_checked_against_the_project(tmp_path):
    body = "    facets: {markt: membership}\n"
    problem = one(problems(tmp_path, HEAD + rule("eligibility", body=body), facets=["market", "product"]), "RP004")
    assert (problem.line, problem.col) == (8, 14) and "market" in problem.hint


def test_rp004_is_checked_when_the_pack_lives_in_a_project(tmp_path):
    (tmp_path / "inforce.yaml").write_text("project: p\nfacets: [market]\n")
    (tmp_path / "rules").mkdir()
    pack = tmp_path / "rules" / "p.yaml"
    pack.write_text(HEAD + rule("eligibility", body="    facets: {product: membership}\n"))
    assert [p.code for p in check_target(pack)] == ["RP004"]


def test_rp005_unknown_document_kind_and_rule_kind(tmp_path):
    found = problems(tmp_path, HEAD + rule("eligibility", body="    document_kinds: [handbok]\n")
                     + rule("elligibility", "TST-X002", "b"))
    codes = [p for p in found if p.code == "RP005"]
    assert {p.line for p in codes} == {8, 11}
    assert any("handbook" in (p.hint or "") for p in codes) and any("eligibility" in (p.hint or "") for p in codes)


def test_rp006_duplicate_id_in_a_pack_and_across_packs(tmp_path):
    body = "    order: none\n"
    found = problems(tmp_path, HEAD + rule("precedence", body=body) + rule("precedence", slug="b", body=body))
    assert one(found, "RP006").line == 9
    from inforce.ontology import RulePackRef
    from inforce.rules import compile_rules

    (tmp_path / "a.yaml").write_text(HEAD + rule("qualifier", body="    patterns: [{pattern: 'see {ref}'}]\n"))
    (tmp_path / "b.yaml").write_text(HEAD + rule("qualifier", slug="b", body="    patterns: [{pattern: 'per {ref}'}]\n"))
    with pytest.raises(InputErrors) as raised:
        compile_rules([RulePackRef(path="a.yaml"), RulePackRef(path="b.yaml")], tmp_path)
    assert [e.code for e in raised.value.exceptions] == ["RP006"]


def test_rp007_a_precedence_level_or_kind_listed_twice(tmp_path):
    body = ("    levels:\n      - {name: drawings, kinds: [drawing]}\n      - {name: specs, kinds: [specification]}\n"
            "      - {name: drawings, kinds: [drawing]}\n")
    found = [p for p in problems(tmp_path, HEAD + rule("precedence", body=body)) if p.code == "RP007"]
    assert [p.line for p in found] == [11, 11]
    assert "level 'drawings' is listed twice" in found[0].message
    assert "kind 'drawing' is on level 'drawings' already" in found[1].message


def test_rp008_rules_that_can_never_fire(tmp_path):
    found = problems(tmp_path, HEAD
                     + rule("precedence", body="    levels:\n      - {name: empty}\n")
                     + rule("eligibility", "TST-X002", "b", body="    document_kinds: []\n    required: [x]\n")
                     + rule("calculation", "TST-X003", "c", body="    output: due\n    when: {market: []}\n    result: r\n"))
    assert {p.line for p in found if p.code == "RP008"} == {9, 15, 23}


def test_rp008_an_eligibility_rule_that_decides_nothing(tmp_path):
    found = problems(tmp_path, HEAD + rule("eligibility", body="    facets: {market: any}\n"))
    assert one(found, "RP008").line == 3


@pytest.mark.parametrize("days", ["true", '"14"', "14.0", "-1", "36526", "99999999999"])
def test_rp003_a_day_count_that_is_not_a_whole_number_of_days_within_a_century(tmp_path, days):
    """Audit 60 F03/F04: ``days: true`` counted one day and ``"14"`` fourteen, and a count past
    the calendar passed the lint, then failed each case it applied to blaming the case's date."""
    body = f"    output: due\n    add: {{days: {days}, from: dispatch_date}}\n"
    problem = one(problems(tmp_path, HEAD + rule("calculation", body=body)), "RP003")
    assert (problem.line, problem.field) == (9, "rules.0.add.days"), str(problem)
    assert problem.file is not None and problem.file.endswith("pack.yaml")


@pytest.mark.parametrize("days", [0, 14, 36525])
def test_a_day_count_from_none_to_a_century_loads(tmp_path, days):
    body = f"    output: due\n    add: {{days: {days}, from: dispatch_date}}\n"
    assert problems(tmp_path, HEAD + rule("calculation", body=body)) == []


def test_rules_check_names_the_pack_line_and_field_of_a_day_count_past_a_century(tmp_path):
    from tests.support.in_process import inforce

    pack = tmp_path / "pack.yaml"
    pack.write_text(HEAD + rule("calculation", body="    output: due\n    add: {days: 99999999999, from: d}\n"))
    done = inforce("rules", "check", pack)
    assert done.returncode == 2, done.stdout + done.stderr
    assert "pack.yaml:9:" in done.stdout + done.stderr and "add.days" in done.stdout + done.stderr


def test_rp009_shadowed_by_an_earlier_rule(tmp_path):
    calc = "    output: due\n    result: r\n"
    found = problems(tmp_path, HEAD
                     + rule("calculation", body=calc + "    when: {market: UK}\n")
                     + rule("calculation", "TST-X002", "b", body=calc + "    when: {market: UK, pilot: true}\n")
                     + rule("precedence", "TST-X003", "c", body="    order: none\n")
                     + rule("precedence", "TST-X004", "d", body="    levels: [{name: a, kinds: [drawing]}]\n"))
    shadowed = [p for p in found if p.code == "RP009"]
    assert [p.line for p in shadowed] == [11, 25]
    assert "TST-X001" in shadowed[0].message and "TST-X003" in shadowed[1].message


def test_rp009_a_narrower_rule_first_is_fine(tmp_path):
    calc = "    output: due\n    result: r\n"
    found = problems(tmp_path, HEAD
                     + rule("calculation", body=calc + "    when: {market: UK, pilot: true}\n")
                     + rule("calculation", "TST-X002", "b", body=calc + "    when: {market: UK}\n"))
    assert found == []


def test_rp009_repeated_eligibility_rules_each_named_once_against_the_first(tmp_path):
    body = "    facets: {market: membership}\n"
    text = HEAD + "".join(rule("eligibility", f"TST-E{i:04d}", f"s{i}", body=body) for i in range(300))
    started = time.perf_counter()
    shadowed = [p for p in problems(tmp_path, text) if p.code == "RP009"]
    elapsed = time.perf_counter() - started
    assert len(shadowed) == 299
    assert all("is shadowed by rule #1 (TST-E0000), which says the same" in p.message for p in shadowed)
    assert elapsed < 1.0, f"300 repeated rules took {elapsed:.2f} s"


def test_rp009_eligibility_rules_that_differ_in_one_field_are_not_shadowed(tmp_path):
    found = problems(tmp_path, HEAD
                     + rule("eligibility", body="    facets: {market: membership, region: equality}\n")
                     + rule("eligibility", "TST-X002", "b", body="    facets: {region: equality, market: membership}\n")
                     + rule("eligibility", "TST-X003", "c", body="    facets: {market: membership, region: equality}\n"
                            "    required: [x]\n")
                     + rule("eligibility", "TST-X004", "d", body="    facets: {market: membership, region: equality}\n"
                            "    applicability_date: {attribute: dispatch_date}\n"))
    shadowed = [p for p in found if p.code == "RP009"]
    assert len(shadowed) == 1
    assert shadowed[0].message.startswith("TST-X002 is shadowed by rule #1 (TST-X001)")


def test_rp010_patterns_that_cannot_link(tmp_path):
    found = problems(tmp_path, HEAD
                     + rule("qualifier", body="    patterns: [{pattern: 'except as provided'}]\n")
                     + rule("supersession", "TST-X002", "b", body="    patterns:\n      - {regex: '(?P<paragraph>[', scope: full}\n"))
    assert [p.line for p in found if p.code == "RP010"] == [8, 15]


def test_rp011_unknown_and_unset_parameters(tmp_path):
    found = problems(tmp_path, "schema_version: 1\nparams:\n  clause: {}\nrules:\n"
                     + rule("precedence", body="    order: none\n").replace("source: s", "source: ${clauze}"))
    assert sorted(p.line for p in found if p.code == "RP011") == [3, 9]
    with pytest.raises(InputErrors) as raised:
        load_pack("precedence/aia-style", params={"sorce": "x"})
    assert {e.code for e in raised.value.exceptions} == {"RP011"}


def test_rp012_unsupported_schema_version(tmp_path):
    problem = one(problems(tmp_path, "schema_version: 7\nrules: []\n"), "RP012")
    assert problem.line == 1


def test_every_code_is_documented():
    docs = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text()
    for code, name in LINT_CODES.items():
        assert code in docs and name in docs


def test_a_broken_pack_never_half_loads(tmp_path):
    pack = tmp_path / "half.yaml"
    pack.write_text(HEAD + rule("precedence", body="    order: none\n")
                    + rule("precedence", "TST-X002", "b", body="    levels: [{name: a}]\n"))
    with pytest.raises(InputErrors) as raised:
        load_pack(pack)
    assert len(raised.value.exceptions) == 2  # the unreachable rule and the empty level: all reported at once


def test_targets_and_actions_are_checked_where_they_are_written(tmp_path):
    """An action read with a target that lacks what its kind needs, an action no listed target
    joins, and a malformed division are errors at their own lines; an action without {target}
    or a deletion that is partial is refused by the model (RP003), at its line."""
    body = ("    targets:\n"
            "      - {pattern: 'Section {section}, Paragraph {paragraph}', target: paragraph}\n"   # line 9
            "      - {pattern: 'Sheet drawings', target: sheet}\n"             # line 10: names no sheet
            "    actions:\n"
            "      - {pattern: '{target}: Replace', scope: full}\n"           # line 12: with the sheet target
            "      - {pattern: '{target}: Omit', scope: full, successor: none, targets: [callout]}\n"  # line 13
            "    skip_divisions: ['0']\n")                                     # line 14
    found = problems(tmp_path, HEAD + rule("supersession", body=body))
    rp010 = [p for p in found if p.code == "RP010"]
    assert [p.line for p in rp010] == [12, 14]
    assert "Sheet drawings" in rp010[0].message and "{sheet} or {sheets}" in rp010[0].message
    assert one(found, "RP008").line == 13 and "callout" in one(found, "RP008").message

    refused = problems(tmp_path, HEAD + rule("supersession", body=(
        "    targets: [{pattern: 'Paragraph {paragraph}'}]\n"
        "    actions:\n"
        "      - {pattern: 'Replace the paragraph', scope: full}\n")))   # line 10: no {target}
    assert [(p.code, p.line) for p in refused] == [("RP003", 10)]
    assert "{target}" in refused[0].message


def test_a_rule_with_targets_and_no_actions_is_refused(tmp_path):
    found = problems(tmp_path, HEAD + rule("supersession", body="    targets: [{pattern: 'Paragraph {paragraph}'}]\n"))
    assert [p.code for p in found] == ["RP003"]
    assert "targets" in found[0].message and "actions" in found[0].message


# --- the addendum readers' vocabulary (issue 21): layouts, references, verbs ------------------

VOCABULARY = ('    verbs:\n      replace: ["reissue"]\n      amend: ["revise", "add"]\n'
              '      delete: ["remove"]\n      no_change: ["remains as specified"]\n')


def test_a_rule_of_verbs_alone_loads_and_is_read(tmp_path):
    assert problems(tmp_path, HEAD + rule("supersession", body=VOCABULARY)) == []


def test_an_action_the_language_does_not_have_is_an_error_at_its_line(tmp_path):
    found = problems(tmp_path, HEAD + rule("supersession", body='    verbs:\n      replase: ["reissue"]\n'))
    problem = one(found, "RP003")
    assert problem.line == 9 and "replase" in str(problem)


@pytest.mark.parametrize(("body", "code", "line", "words"), [
    ('    verbs:\n      amend: ["revise ..."]\n', "RP010", 9, "'...' stands between two words"),
    ('    verbs:\n      amend: ["{section} revise"]\n', "RP010", 9, "no placeholder"),
    ('    verbs:\n      amend: ["revise"]\n      replace: ["Revise"]\n', "RP007", 10, "under both amend and replace"),
    ('    references:\n      paragraph: ["Part {part} only"]\n', "RP010", 9, "a paragraph notation needs"),
    ('    references:\n      paragraph: ["Article {article}, {clause}"]\n', "RP010", 9, "unknown placeholder {clause}"),
    ('    references:\n      section:\n        - "Special Provision {section}"\n        - "special provision {section}"\n',
     "RP007", 11, "listed twice"),
    ('    layouts: ["Item No."]\n', "RP010", 8, "holds {label}"),
    ('    layouts: ["{ordinal} Item {label}"]\n', "RP010", 8, "or {ordinal}"),
])
def test_a_bad_verb_notation_or_layout_is_named_at_its_line(tmp_path, body, code, line, words):
    wording = '    patterns:\n      - pattern: "Section {section}: Delete"\n        scope: full\n        target: section\n'
    found = problems(tmp_path, HEAD + rule("supersession", body=body + wording))
    problem = one(found, code)
    assert problem.line == line and words in str(problem)


def test_a_boolean_is_never_read_as_a_number(tmp_path):
    # audit 69 B F01: YAML's true is Python's 1, and pydantic took it for schema_version 1 and a 1 % bar
    problem = one(problems(tmp_path, "schema_version: true\nrules: []\n"), "RP012")
    assert problem.line == 1 and "True" in problem.message
    found = problems(tmp_path, "schema_version: 1\ntitle: t\ncoverage: false\nrules: []\n")
    assert [(p.code, p.line) for p in found] == [("RP003", 3)] and "yes/no" in found[0].message


def test_a_boolean_is_still_read_where_a_field_holds_one(tmp_path):
    assert problems(tmp_path, "schema_version: 1\nparams:\n  strict: {default: true}\nrules: []\n") == []
