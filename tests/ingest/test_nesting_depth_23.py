"""Sections nest at most ``MAX_SECTION_DEPTH`` levels (issue 23, twenty-third audit).

A section's text holds its descendants' text, so a document of headings nested one inside the
next (``1``, ``1.1``, ``1.1.1``, ...) kept its text once per ancestor: 600 levels in a 373 KB
Markdown file made a 416 MB graph. A heading one level past the limit is now an input error at
its line (exit 2, nothing stored), in Markdown and in Akoma Ntoso alike; at the limit a document
ingests, and the text it keeps is at most ``MAX_SECTION_DEPTH`` times its text layer."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.ingest.akn import read_akoma_ntoso
from inforce.adapters.ingest.documents import parse_document
from inforce.ontology import MAX_SECTION_DEPTH, InputErrors

AKN3 = "http://docs.oasis-open.org/legaldocml/ns/akn/3.0"
ACT = f"""\
<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="{AKN3}">
  <act name="act">
    <meta>
      <identification source="#drafter">
        <FRBRWork>
          <FRBRthis value="/akn/xx/act/2021-02-01/4/!main"/>
          <FRBRuri value="/akn/xx/act/2021-02-01/4"/>
          <FRBRdate date="2021-02-01" name="Generation"/>
          <FRBRauthor href="#assembly"/>
          <FRBRcountry value="xx"/>
          <FRBRnumber value="4"/>
        </FRBRWork>
        <FRBRExpression>
          <FRBRthis value="/akn/xx/act/2021-02-01/4/eng@2021-03-01/!main"/>
          <FRBRuri value="/akn/xx/act/2021-02-01/4/eng@2021-03-01"/>
          <FRBRdate date="2021-03-01" name="Generation"/>
          <FRBRauthor href="#assembly"/>
          <FRBRlanguage language="eng"/>
        </FRBRExpression>
        <FRBRManifestation>
          <FRBRthis value="/akn/xx/act/2021-02-01/4/eng@2021-03-01/!main.xml"/>
          <FRBRuri value="/akn/xx/act/2021-02-01/4/eng@2021-03-01.akn"/>
          <FRBRdate date="2021-03-02" name="Markup"/>
          <FRBRauthor href="#drafter"/>
        </FRBRManifestation>
      </identification>
    </meta>
    <body>
      <chapter eId="chp_1">
        <num>1</num>
        <section eId="sec_2">
          <num>2.</num>
          <heading>Nested</heading>
          NESTED
        </section>
      </chapter>
    </body>
  </act>
</akomaNtoso>
"""

FRONT = [
    "---", "id: D-1", "kind: policy", "title: Nested", "issued: 2026-01-01",
    "effective: {from: 2026-01-01}", "recorded: 2026-01-01T00:00:00Z", "---", "",
]


def _nested(levels: int, *, chains: int = 1, words: int = 0) -> tuple[str, int]:
    """A Markdown document of ``chains`` runs of decimal headings ``N``, ``N.1``, ``N.1.1``, ...
    ``levels`` deep (each heading followed by ``words`` words of text), and the file line of
    the first chain's deepest heading."""
    lines = list(FRONT)
    deepest = 0
    for chain in range(1, chains + 1):
        for level in range(1, levels + 1):
            lines.append(".".join([str(chain)] + ["1"] * (level - 1)) + " Heading text here.")
            if chain == 1 and level == levels:
                deepest = len(lines)
            lines.append("")
            if words:
                lines += [" ".join(f"word{index}" for index in range(words)), ""]
    return "\n".join(lines), deepest


def _project(tmp_path: Path, text: str) -> Path:
    root = tmp_path / "p"
    (root / "documents").mkdir(parents=True)
    (root / "inforce.yaml").write_text("project: p\nfacets: []\nrules: []\n", encoding="utf-8")
    (root / "documents" / "d.md").write_text(text, encoding="utf-8")
    return root


def _stored_bytes(root: Path) -> int:
    return sum(path.stat().st_size for path in (root / ".inforce").rglob("*") if path.is_file())


def test_a_heading_one_level_past_the_limit_is_an_input_error_at_its_line(tmp_path: Path) -> None:
    text, line = _nested(MAX_SECTION_DEPTH + 1)
    root = _project(tmp_path, text)
    result = CliRunner().invoke(app, ["ingest", str(root)])
    assert result.exit_code == 2, result.output
    assert f"d.md:{line}" in result.output
    assert f"at most {MAX_SECTION_DEPTH} levels" in result.output
    assert not (root / ".inforce" / "graph").exists() or _stored_bytes(root) < 2_000_000


def test_the_limit_is_reported_once_however_deep_the_file_goes(tmp_path: Path) -> None:
    text, _ = _nested(600)  # the audit's file: 373 KB, a 416 MB graph before
    root = _project(tmp_path, text)
    with pytest.raises(InputErrors) as excinfo:
        parse_document(root / "documents" / "d.md", root)
    [error] = excinfo.value.exceptions
    assert error.line == len(FRONT) + 2 * MAX_SECTION_DEPTH + 1
    assert error.field == "depth"


def test_a_document_at_the_limit_ingests(tmp_path: Path) -> None:
    text, _ = _nested(MAX_SECTION_DEPTH)
    root = _project(tmp_path, text)
    result = CliRunner().invoke(app, ["ingest", str(root)])
    assert result.exit_code == 0, result.output
    document = parse_document(root / "documents" / "d.md", root)
    assert max(section.depth for section in document.provisions) == MAX_SECTION_DEPTH - 1


def test_nested_text_within_the_limit_stays_within_a_bound_of_the_file(tmp_path: Path) -> None:
    # 40 chains of headings at the limit, each with a line of text: ~300 KB
    text, _ = _nested(MAX_SECTION_DEPTH, chains=40, words=60)
    root = _project(tmp_path, text)
    document = parse_document(root / "documents" / "d.md", root)
    kept = sum(len(section.text) for section in document.provisions)
    assert kept <= MAX_SECTION_DEPTH * len(document.text_layer)
    started = time.perf_counter()
    result = CliRunner().invoke(app, ["ingest", str(root)])
    seconds = time.perf_counter() - started
    assert result.exit_code == 0, result.output
    # the graph keeps each section's text (at most MAX_SECTION_DEPTH times the file) plus its
    # index and fixed files: 600 levels of a 373 KB file made 416 MB (over 1,000 times the file)
    assert _stored_bytes(root) <= 2 * MAX_SECTION_DEPTH * len(text.encode()) + 16_000_000
    assert seconds < 60


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / "documents" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _nested_act(levels: int) -> str:
    """An AKN 3.0 act whose section 2 holds subsections nested ``levels`` deep
    (section 2 sits in chapter 1, at depth 1; its subsections at depth 2 onwards)."""
    inner = "<content><p>The innermost words.</p></content>"
    for level in range(levels, 0, -1):
        eid = "sec_2" + "".join("__subsec_1" for _ in range(level))
        inner = f'<subsection eId="{eid}"><num>(1)</num>\n{inner}</subsection>\n'
    return ACT.replace("NESTED", inner)


def test_akoma_ntoso_provisions_nest_at_most_the_same_levels(tmp_path: Path) -> None:
    within = read_akoma_ntoso(_write(tmp_path, "within.xml", _nested_act(MAX_SECTION_DEPTH - 2)), tmp_path)
    assert max(p.depth for p in within.document.provisions) == MAX_SECTION_DEPTH - 1
    path = _write(tmp_path, "deep.xml", _nested_act(MAX_SECTION_DEPTH - 1))
    with pytest.raises(InputErrors) as excinfo:
        read_akoma_ntoso(path, tmp_path)
    [error] = excinfo.value.exceptions
    assert error.file == "documents/deep.xml"
    deepest = "sec_2" + "__subsec_1" * (MAX_SECTION_DEPTH - 1)
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if f'"{deepest}"' in text)
    assert error.line == line
    assert f"at most {MAX_SECTION_DEPTH} levels" in error.message
