"""A project of Word files and a register answers as its Markdown original does (issue 13).

Each example project is rendered a second way, as document control would hold it: every
Markdown document becomes a ``.docx`` (headings in Word's heading styles, paragraphs as
paragraphs, pipe tables as Word tables), its front matter becomes a row of ``register.csv``,
and what a register has no column for (declared ``supersedes`` edges, ``on_lapse``) goes to a
``.docx.yaml`` sidecar that the register's row completes. Both projects are ingested for
real, and every provision is asked ``asof`` on dates around each revision, ``eligible`` on
the example cases, and ``precedence`` on the example conflict: the answers must be the same.
"""

from __future__ import annotations

import csv
import datetime as dt
import re
import shutil
from pathlib import Path

import pytest
import yaml

from inforce.adapters.ingest.pipeline import ingest_project
from inforce.engine import Project
from inforce.ontology import Context, Refusal
from inforce.ontology.yamltext import load_marked
from inforce.rules.source import plain

from docx_writer import WordWriter

pytestmark = pytest.mark.slow

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
COLUMNS = ["file", "id", "revision", "seq", "kind", "title", "issued", "effective_from", "effective_until",
           "recorded", "changed", "access"]
_HEADING = re.compile(r"(#{1,6})\s+(.*)")


def word_rendering(source: Path, target: Path) -> None:
    """``source`` (an example project) as Word files and a register, written to ``target``."""
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(".inforce"))
    rows: list[dict[str, str]] = []
    facets: set[str] = set()
    for markdown in sorted((target / "documents").rglob("*.md")):
        front, body = _split(markdown.read_text(encoding="utf-8"))
        word = markdown.with_suffix(".docx")
        _write_word(body, word)
        row, rest = _row(front, word.relative_to(target).as_posix())
        facets |= {name.removeprefix("applies_to.") for name in row if name.startswith("applies_to.")}
        rows.append(row)
        if rest:
            with word.with_name(word.name + ".yaml").open("w", encoding="utf-8") as sidecar:
                yaml.safe_dump(plain(rest), sidecar, sort_keys=False, allow_unicode=True)
        markdown.unlink()
    columns = COLUMNS + sorted(f"applies_to.{facet}" for facet in facets)
    with (target / "register.csv").open("w", encoding="utf-8", newline="") as register:
        writer = csv.DictWriter(register, columns)
        writer.writeheader()
        writer.writerows(rows)
    manifest = (target / "inforce.yaml").read_text(encoding="utf-8")
    (target / "inforce.yaml").write_text(manifest + "\nregistry: register.csv\n", encoding="utf-8")


def _split(text: str) -> tuple[dict, str]:
    _, front, body = text.split("---\n", 2)
    return plain(load_marked(front, file="front matter")), body


def _row(front: dict, file: str) -> tuple[dict[str, str], dict]:
    """The register's row for a document's front matter, and what the row cannot hold."""
    row = {"file": file}
    rest = {}
    for key, value in front.items():
        if key == "effective":
            row["effective_from"] = str(value["from"])
            if value.get("until"):
                row["effective_until"] = str(value["until"])
        elif key in ("changed", "access"):
            row[key] = ";".join(str(v) for v in value)
        elif key == "applies_to":
            row.update({f"applies_to.{facet}": ";".join(values) for facet, values in value.items()})
        elif key == "recorded":
            row[key] = value.isoformat().replace("+00:00", "Z") if isinstance(value, dt.datetime) else str(value)
        elif key in COLUMNS:
            row[key] = str(value)
        else:
            rest[key] = value
    return row, rest


def _write_word(body: str, path: Path) -> None:
    """A Markdown body as a Word document: a heading, a table or a paragraph per block."""
    writer = WordWriter()
    for block in re.split(r"\n[ \t]*\n", body.strip()):
        lines = block.split("\n")
        if all(line.lstrip().startswith("|") for line in lines):
            cells = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines]
            writer.table([row for row in cells if not all(re.fullmatch(r":?-{3,}:?", c) for c in row)])
        elif (heading := _HEADING.fullmatch(block.strip())) is not None:
            writer.heading(heading.group(2), len(heading.group(1)))
        else:
            for paragraph in _paragraphs(lines):
                writer.paragraph(paragraph)
    writer.save(path)


_ITEM = re.compile(r"\s*(?:\d+(?:\.\d+)*\.?|[A-Za-z]\.|\(\w{1,4}\)|[-*+])\s")


def _paragraphs(lines: list[str]) -> list[str]:
    """A block's paragraphs: a line that opens a list item ("1. ...", "A. ...", "(a) ...")
    starts a Word paragraph of its own, as it starts a provision in Markdown; other lines
    continue the one before."""
    paragraphs: list[str] = []
    for line in lines:
        if paragraphs and not _ITEM.match(line):
            paragraphs[-1] += " " + line.strip()
        else:
            paragraphs.append(line.strip())
    return paragraphs


def _same_words(text: str | None) -> str | None:
    """A text as read, less what Word cannot keep of Markdown's layout: runs of spaces, a
    table's padding and its separator row's dashes."""
    if text is None:
        return None
    text = re.sub(r"^\s*\|(?:\s*:?-{3,}:?\s*\|)+\s*$", "|---|", text, flags=re.MULTILINE)
    return re.sub(r"\s*\|\s*", "|", " ".join(text.split()))


def _asof(project: Project, locator: str, day: dt.date) -> tuple:
    answer = project.asof(locator, day)
    if isinstance(answer, Refusal):  # the same refusal, for the same reason
        return ("refused", answer.reason)
    return (answer.in_force, str(answer.resolved), tuple(map(str, answer.successors)),
            tuple(map(str, answer.amended_by)), answer.reason, _same_words(answer.text),
            tuple((step.kind, str(step.locator), step.origin) for step in answer.chain))


@pytest.fixture(scope="module", params=["riverside-library", "sop-retention", "followup-handbooks"])
def pair(request, tmp_path_factory, ingested_example):
    markdown = ingested_example(request.param)  # the process's shared ingest, read only
    word = tmp_path_factory.mktemp(request.param) / "word"
    word_rendering(EXAMPLES / request.param, word)
    ingest_project(word)
    with Project.open(markdown) as left, Project.open(word) as right:
        yield request.param, left, right


def test_the_word_project_holds_the_same_revisions_from_word_files(pair):
    _, markdown, word = pair
    left = {d.uid: d for d in markdown.snapshot.store.documents()}
    right = {d.uid: d for d in word.snapshot.store.documents()}
    assert left.keys() == right.keys()
    for uid, document in left.items():
        other = right[uid]
        assert (other.kind, other.title, other.seq, other.effective, other.recorded, other.changed,
                other.applies_to, other.access) == (document.kind, document.title, document.seq,
                                                    document.effective, document.recorded, document.changed,
                                                    document.applies_to, document.access)
        if document.source.format == "markdown":
            assert other.source.format == "docx" and other.source.file.endswith(".docx")
    assert {(e.source.format(), e.target.format(), e.scope, e.origin) for e in markdown.snapshot.index.supersession.edges} \
        == {(e.source.format(), e.target.format(), e.scope, e.origin) for e in word.snapshot.index.supersession.edges}


def test_every_provision_answers_asof_the_same(pair):
    _, markdown, word = pair
    revisions = markdown.snapshot.store.revisions()
    days = sorted({r.effective.from_ + dt.timedelta(days=shift) for r in revisions for shift in (-1, 0, 30)})
    outlines = markdown.snapshot.store.provision_paths()
    locators = sorted({f"{uid.partition('@')[0]}#{path}" for uid, paths in outlines.items() for path in paths})
    assert len(locators) > 20
    compared = 0
    for locator in locators:
        for day in days:
            assert _asof(word, locator, day) == _asof(markdown, locator, day), (locator, day)
            compared += 1
    assert compared == len(locators) * len(days)


def test_eligibility_and_precedence_answer_the_same(pair):
    name, markdown, word = pair
    facets = markdown.manifest.facets if markdown.manifest else ()
    contexts = [Context(valid_at=dt.date(2024, 11, 1)), Context(valid_at=dt.date(2026, 5, 1))]
    if "market" in facets:
        contexts += [Context(valid_at=dt.date(2024, 11, 1), attributes={"market": "UK", "product": "refurbished"}),
                     Context(valid_at=dt.date(2024, 11, 1), attributes={"market": "IE", "product": "new"})]
    for context in contexts:
        left, right = markdown.eligible(context), word.eligible(context)
        assert (left.eligible, left.excluded) == (right.eligible, right.excluded), context
    if name == "riverside-library":
        day = dt.date(2026, 5, 1)
        left = markdown.precedence("SPEC-033000#2.1.A", "DWG-S-101#callout-3", day)
        right = word.precedence("SPEC-033000#2.1.A", "DWG-S-101#callout-3", day)
        assert left.resolution == right.resolution == "resolved_by_precedence"
        assert (str(left.winner), left.rule) == (str(right.winner), right.rule)
