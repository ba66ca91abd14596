"""A supersession rule's lists are bounded (``loader.MAX_LIST_ENTRIES`` a list, ``MAX_PACK_ENTRIES``
a pack's supersession lists together): each entry is a pattern searched in every item an addendum
holds, so 5,000 ``no_change`` regexes took an ordinary ingest from 5 s to 120 s — and the pack's
file size admitted 130,000 (audit 110 B F2). Past either bound the pack is refused at the list
(RP003, file and line), before any entry is compiled or linted; the stock pack, in nine
languages, is far under both."""

from __future__ import annotations

import time
from pathlib import Path

from inforce.rules import read_pack
from inforce.rules.loader import MAX_LIST_ENTRIES, MAX_PACK_ENTRIES, resolve_pack

STOCK = resolve_pack("supersession/csi-addenda")[1].read_text(encoding="utf-8")


def _with_entries(tmp_path: Path, key: str, count: int) -> Path:
    """The stock addenda pack with ``count`` more regexes at the head of the rule's ``key`` list."""
    head = f"\n    {key}:\n"
    assert STOCK.count(head) == 1
    more = "".join(f'      - regex: "zz{n} (?:is|are) unchanged"\n' for n in range(count))
    path = tmp_path / "csi.yaml"
    path.write_text(STOCK.replace(head, head + more, 1), encoding="utf-8")
    return path


def _line_of(path: Path, text: str) -> int:
    return path.read_text(encoding="utf-8").splitlines().index(text) + 1


def test_a_list_past_the_bound_is_refused_at_it_before_it_is_read(tmp_path: Path) -> None:
    path = _with_entries(tmp_path, "no_change", MAX_LIST_ENTRIES)  # 74 stock entries and these
    started = time.perf_counter()
    pack, problems = read_pack(path)
    assert pack is None
    assert time.perf_counter() - started < 5  # linting 5,000 such regexes took 10 s before the refusal
    (said,) = [p for p in problems if "no_change holds" in p.message]
    assert said.code == "RP003" and said.line == _line_of(path, "    no_change:")
    assert f"more than the {MAX_LIST_ENTRIES:,} a list may hold" in said.message


def test_lists_together_past_the_packs_bound_are_refused(tmp_path: Path) -> None:
    keys = ("answers", "questions", "successor_words", "whole_words", "tender_words", "new_adjectives")
    each = MAX_PACK_ENTRIES // len(keys) + 1  # every list under its own bound, together past the pack's
    assert each < MAX_LIST_ENTRIES
    text = STOCK
    for key in keys:
        head = f"\n    {key}:\n"
        assert text.count(head) == 1
        text = text.replace(head, head + "".join(f"      - regex: 'zz{key}{n}'\n" for n in range(each)), 1)
    path = tmp_path / "csi.yaml"
    path.write_text(text, encoding="utf-8")
    pack, problems = read_pack(path)
    assert pack is None
    (said,) = problems
    assert said.code == "RP003" and f"more than {MAX_PACK_ENTRIES:,} list entries in all" in said.message, said


def test_a_list_at_the_bound_is_read(tmp_path: Path) -> None:
    stock_entries = 74
    path = _with_entries(tmp_path, "no_change", MAX_LIST_ENTRIES - stock_entries)
    pack, problems = read_pack(path, lint=False)
    assert problems == [] and pack is not None
    (rule,) = pack.pack.of_kind("supersession")
    assert len(rule.no_change) == MAX_LIST_ENTRIES


def test_a_rules_wordings_are_counted_as_the_product_they_are(tmp_path: Path) -> None:
    """Each action is read with each target of its kinds: 60 more of each, every list under its
    bound, are 4,000 wordings more (300 of each held an ingest 114 s: audit 111 B F1)."""
    from inforce.rules.loader import MAX_RULE_WORDINGS

    targets = "".join(f'      - pattern: "Section {{section}}, Paragraph {{paragraph}} note w{n}"\n'
                      f"        target: paragraph\n" for n in range(60))
    actions = "".join(f'      - pattern: "{{target}}: Delete and substitute v{n}"\n        scope: full\n' for n in range(60))
    text = STOCK.replace("\n    targets:\n", "\n    targets:\n" + targets, 1).replace(
        "\n    actions:\n", "\n    actions:\n" + actions, 1)
    path = tmp_path / "csi.yaml"
    path.write_text(text, encoding="utf-8")
    started = time.perf_counter()
    pack, problems = read_pack(path)
    assert pack is None and time.perf_counter() - started < 5
    (said,) = problems
    assert said.code == "RP003" and said.line == _line_of(path, "    actions:"), said
    assert f"more than the {MAX_RULE_WORDINGS:,} a rule may read" in said.message


def test_the_stock_rules_wordings_are_counted_as_the_rule_reads_them() -> None:
    import yaml

    from inforce.rules import load_pack
    from inforce.rules.loader import _wordings_written

    (written,) = [rule for rule in yaml.safe_load(STOCK)["rules"] if rule.get("kind") == "supersession"]
    (rule,) = load_pack("supersession/csi-addenda", lint=False).pack.of_kind("supersession")
    assert _wordings_written(written) == len(rule.wordings()) > 0
