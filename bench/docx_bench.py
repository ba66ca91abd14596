"""Word ingest benchmark: N generated ten-section specifications as .docx with a register.

Each specification is one Word file (python-docx writes them once, before timing): a title,
ten numbered articles of three lettered paragraphs each, Word's automatic numbering on the
paragraphs of every other article (so both typed and rendered numbers are read), and a small
table. Their metadata is one register CSV (no sidecars). The same specifications written as
Markdown with front matter are ingested too, side by side, so the cost of reading Word is
seen against the format inforce reads fastest. Each ingest runs as its own process
(``inforce ingest --format json``); its wall time and peak resident memory are its own.

    python bench/docx_bench.py [--files 1000] [--workdir /tmp/inforce-docx-bench]
"""

from __future__ import annotations

import argparse
import csv
import shutil
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from ingest_bench import _run_ingest  # noqa: E402

ARTICLES = 10
PARAGRAPHS = 3
LETTERS = "ABCDEFGH"


def _numbering(document) -> str:  # noqa: ANN001 (a python-docx Document)
    """A one-level list ``A.``, ``B.``, ... added to the document; its numId."""
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    numbering = document.part.numbering_part.element
    numbering.insert(0, parse_xml(
        f'<w:abstractNum {nsdecls("w")} w:abstractNumId="90"><w:multiLevelType w:val="singleLevel"/>'
        '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%1."/></w:lvl>'
        "</w:abstractNum>"))
    return "90"


def _new_list(document, abstract: str, list_id: int) -> int:  # noqa: ANN001 (a python-docx Document)
    """A list instance of ``abstract``, numbered from its start: its numId."""
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    numbering = document.part.numbering_part.element
    numbering.append(parse_xml(
        f'<w:num {nsdecls("w")} w:numId="{list_id}"><w:abstractNumId w:val="{abstract}"/>'
        # "Restart at A": as Word writes it, a start override on the list instance
        '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>'))
    return list_id


def write_word(path: Path, number: int) -> int:
    """One specification as a Word file; its provision count as Markdown would give it."""
    import docx
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    document = docx.Document()
    abstract = _numbering(document)
    document.add_paragraph(f"SECTION 09 {number // 100:02d} {number % 100:02d} - GENERATED SECTION {number}")
    for article in range(1, ARTICLES + 1):
        document.add_paragraph(f"1.{article} ARTICLE {article}")
        rendered = article % 2 == 0
        list_id = _new_list(document, abstract, 100 + article) if rendered else None
        for index in range(PARAGRAPHS):
            text = (f"Provide materials of grade {article * 10 + index} complying with ASTM C{1000 + index}, "
                    f"tested at {28 + index} days to not less than {3000 + 500 * index} psi.")
            if rendered:
                paragraph = document.add_paragraph(text)
                paragraph._p.get_or_add_pPr().append(parse_xml(
                    f'<w:numPr {nsdecls("w")}><w:ilvl w:val="0"/><w:numId w:val="{list_id}"/></w:numPr>'))
            else:
                document.add_paragraph(f"{LETTERS[index]}. {text}")
    table = document.add_table(rows=3, cols=3)
    for row, cells in enumerate((("Mark", "Width", "Depth"), ("F1", "24 in", "12 in"), ("F2", "30 in", "12 in"))):
        for col, value in enumerate(cells):
            table.cell(row, col).text = value
    document.save(path)
    return 1 + ARTICLES * (1 + PARAGRAPHS) + 2


def write_markdown(path: Path, number: int, row: dict[str, str]) -> None:
    lines = ["---", f"id: {row['id']}", "kind: specification", f"title: {row['title']}", f"revision: '{row['revision']}'",
             f"issued: {row['issued']}", f"effective: {{from: {row['effective_from']}}}", f"recorded: {row['recorded']}",
             "---", f"SECTION 09 {number // 100:02d} {number % 100:02d} - GENERATED SECTION {number}", ""]
    for article in range(1, ARTICLES + 1):
        lines += [f"1.{article} ARTICLE {article}", ""]
        for index in range(PARAGRAPHS):
            lines += [f"{LETTERS[index]}. Provide materials of grade {article * 10 + index} complying with ASTM "
                      f"C{1000 + index}, tested at {28 + index} days to not less than {3000 + 500 * index} psi.", ""]
    lines += ["| Mark | Width | Depth |", "| --- | --- | --- |", "| F1 | 24 in | 12 in |", "| F2 | 30 in | 12 in |", ""]
    path.write_text("\n".join(lines), encoding="utf-8")


def build(workdir: Path, files: int) -> tuple[Path, Path, float]:
    word, markdown = workdir / "word", workdir / "markdown"
    for root in (word, markdown):
        shutil.rmtree(root, ignore_errors=True)
        (root / "documents").mkdir(parents=True)
    (word / "inforce.yaml").write_text("project: docx-bench\nregistry: register.csv\n")
    (markdown / "inforce.yaml").write_text("project: docx-bench-md\n")
    started = time.perf_counter()
    rows = []
    for number in range(files):
        row = {"file": f"documents/spec-{number:05d}.docx", "id": f"SPEC-{number:05d}", "revision": "0", "seq": "1",
               "kind": "specification", "title": f"Generated Section {number}", "issued": "2026-01-15",
               "effective_from": "2026-01-15", "recorded": "2026-01-15T09:00:00Z"}
        write_word(word / row["file"], number)
        write_markdown(markdown / "documents" / f"spec-{number:05d}.md", number, row)
        rows.append(row)
    with (word / "register.csv").open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return word, markdown, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--workdir", type=Path, default=Path("/tmp/inforce-docx-bench"))
    args = parser.parse_args()
    word, markdown, written = build(args.workdir, args.files)
    results = [("Word + register", word, _run_ingest(word)), ("Markdown + front matter", markdown, _run_ingest(markdown))]
    print(f"{args.files} generated specifications ({ARTICLES} articles x {PARAGRAPHS} paragraphs, half of them "
          f"numbered by Word's list numbering, one table each), written in {written:.1f} s before timing.")
    print("Path: `inforce ingest PROJECT --format json` in its own process, a fresh graph each.")
    print()
    print("| format | files | provisions | wall s | files/s | provisions/s | peak RSS MiB |")
    print("|---|---|---|---|---|---|---|")
    for label, _, summary in results:
        files = len(summary["added"])
        print(f"| {label} | {files:,} | {summary['provisions']:,} | {summary['wall_s']:.1f} | "
              f"{files / summary['wall_s']:,.0f} | {summary['provisions'] / summary['wall_s']:,.0f} | "
              f"{summary['peak_rss_mib']:,.0f} |")
    word_summary, markdown_summary = results[0][2], results[1][2]
    same = word_summary["provisions"] == markdown_summary["provisions"]
    print()
    print(f"Same provisions from both: {'yes' if same else 'NO'} ({word_summary['provisions']:,} against "
          f"{markdown_summary['provisions']:,}).")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
