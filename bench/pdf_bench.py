#!/usr/bin/env python3
"""PDF pages per second through ``inforce ingest``: the text layer, and with camelot tables.

    python bench/pdf_bench.py [--runs 3] [--project DIR]

The project (cached under ``--project``, default ``/tmp/inforce-bench/pdf-50-200``; rewritten when
its generator or the set of camelot PDFs changes) holds PDFs written here with fpdf2, each
with its ``.pdf.yaml`` sidecar:

- a 50-page concrete specification (``BENCH-SPEC-50``): an article of lettered paragraphs
  with quantities on every page, a ruled schedule (a grid, 7 rows) every fifth page and an
  unruled one (columns only, 5 rows) every tenth page under it;
- a 200-page text-only standard (``BENCH-STD-200``): numbered paragraphs, no tables;
- when ``../shared/data/camelot-tests`` is present, copies of camelot's own test PDFs
  (``CAMELOT-…``: real tables, lattice and stream, rotated pages, spanning cells); without
  it they are left out and the output says so.

Measured:

1. ``inforce ingest PROJECT --format json`` (the console script, a fresh process), twice: a
   fresh ingest (the project's ``.inforce`` removed first) and a no-op re-ingest. Wall
   seconds, pages and provisions per second of wall time, the ingest's own ``seconds``
   (inside the process, imports not counted) and the child's peak RSS (``os.wait4``: that
   child alone). Then ``Project.open(root).stats()``: table rows and quarantined tables.
2. The same PDFs in this process, per file, the way ingest reads them:
   ``pdf_text_layer`` (pypdfium2) alone, and ``pdf_text_layer`` + ``read_pdf_tables`` (the
   pre-check of which pages hold a table, camelot on those, the row-count check against the
   text layer). Median of ``--runs`` (the first includes camelot's lazy set-up; camelot
   is imported before any timing). The time inside ``camelot.read_pdf`` is measured by a
   wrapper around it, so the pre-check and row check show as the rest.
"""

from __future__ import annotations

import argparse
import hashlib
import inspect
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from benchutil import INFORCE, SHARED, ingest_summary  # noqa: E402

CAMELOT_PDFS = SHARED / "data" / "camelot-tests" / "pdfs"
SPEC_PAGES = 50
TEXT_PAGES = 200

# -- the project -------------------------------------------------------------------------------

ARTICLES = ["CONCRETE MIXTURES", "FORMWORK", "REINFORCEMENT", "PLACING", "CURING", "FINISHING",
            "FIELD QUALITY CONTROL", "TOLERANCES", "JOINTS", "REPAIRS"]
PARTS = ["GENERAL", "PRODUCTS", "EXECUTION"]


def _spec_paragraphs(page: int) -> list[str]:
    strength = 3000 + 250 * (page % 9)
    return [
        f"Compressive strength at 28 days: not less than {strength:,} psi, with a water-cementitious "
        "materials ratio not more than 0.45 by weight. Submit each mixture design for review, with "
        "the strength test records it is proportioned from.",
        "Maximum size of coarse aggregate: 3/4 inch. Slump limit: 4 inches, plus or minus 1 inch, "
        "at the point of placement; air content 6 percent, plus or minus 1.5 percent, for concrete "
        "exposed to freezing and thawing.",
        f"Concrete cover over reinforcement: not less than {2 + page % 2} in. where cast against and "
        "permanently exposed to earth, and 1-1/2 in. elsewhere. Lap splices as indicated on the "
        "drawings, and never less than 12 in.",
        "Keep the contractor's records of each placement on site for the owner's review, and deliver "
        "the test reports within 7 days of each test. Cure for not less than 7 days at a surface "
        "temperature above 50 deg F.",
        "Formwork shall be designed by the contractor for the loads and lateral pressures of the "
        "concrete, and shall stay in place until the concrete has reached 70 percent of its "
        "specified compressive strength.",
        "Finish tolerance for slabs: the gap under a 10 ft straightedge shall not exceed 1/8 inch. "
        "Repair surface defects within 24 hours of the removal of the forms, as the architect "
        "directs.",
    ]


def specification_pdf(path: Path, pages: int = SPEC_PAGES) -> None:
    """A concrete specification: an article per page, schedules every fifth and tenth page."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="letter")
    pdf.set_auto_page_break(False)
    pdf.set_font("Helvetica", size=10)
    per_part = -(-pages // len(PARTS))
    for n in range(1, pages + 1):
        pdf.add_page()
        part, article = (n - 1) // per_part + 1, (n - 1) % per_part + 1
        y = 60.0
        if n == 1:
            pdf.set_xy(72, y)
            pdf.cell(0, 14, "SECTION 03 30 00 - CAST-IN-PLACE CONCRETE")
            y += 20
        if article == 1:
            pdf.set_xy(72, y)
            pdf.cell(0, 14, f"PART {part} - {PARTS[part - 1]}")
            y += 20
        pdf.set_xy(72, y)
        pdf.cell(0, 14, f"{part}.{article} {ARTICLES[(n - 1) % len(ARTICLES)]}")
        y += 20
        scheduled = n % 5 == 0
        count = 4 if scheduled else 6  # room for the schedules under four paragraphs
        for letter, text in zip("ABCDEF"[:count], _spec_paragraphs(n)[:count], strict=True):
            pdf.set_xy(72, y)
            pdf.multi_cell(468, 13, f"{letter}. {text}", align="L")
            y = pdf.get_y() + 6
        if not scheduled:
            continue
        for i in range(8):  # a ruled schedule: a grid of cells
            pdf.set_xy(72, 420 + 18 * i)
            cells = ("Mark", "Width (in)", "Notes") if i == 0 else (f"F{i}", str(12 + 6 * i), "typical")
            for width, cell in zip((160, 100, 160), cells, strict=True):
                pdf.cell(width, 18, cell, border=1)
        if n % 10 == 0:
            for i in range(6):  # an unruled schedule: columns, no rules
                pdf.set_xy(72, 600 + 14 * i)
                cells = ("Group", "Dose (mg)", "Every") if i == 0 else (f"G{i}", str(100 * i), f"{4 * i} h")
                for width, cell in zip((160, 100, 160), cells, strict=True):
                    pdf.cell(width, 14, cell)
    pdf.output(str(path))


TOPICS = ["RECORDS", "RETENTION", "TRAINING", "DEVIATIONS", "CHANGE CONTROL", "AUDITS", "SUPPLIERS",
          "COMPLAINTS"]


def text_only_pdf(path: Path, pages: int = TEXT_PAGES) -> None:
    """A standard of numbered paragraphs, no tables: one section of five paragraphs a page."""
    from fpdf import FPDF

    pdf = FPDF(unit="pt", format="letter")
    pdf.set_auto_page_break(False)
    pdf.set_font("Helvetica", size=10)
    for n in range(1, pages + 1):
        pdf.add_page()
        pdf.set_xy(72, 60)
        pdf.cell(0, 14, f"{n} {TOPICS[(n - 1) % len(TOPICS)]}")
        y = 82.0
        for k in range(1, 6):
            pdf.set_xy(72, y)
            pdf.multi_cell(468, 13, (
                f"{n}.{k} The quality unit shall review the records named in this paragraph and keep "
                f"them for at least {5 + k} years after the batch is released, in a form that can be "
                "read and printed for an inspector on request. A record that is corrected keeps its "
                "original entry legible, with the name of the person who corrected it, the date and "
                "the reason. Copies sent outside the site are listed in the register of controlled "
                f"documents within {k + 2} working days. "
            ) * 2, align="L")
            y = pdf.get_y() + 8
    pdf.output(str(path))


def _sidecar(document_id: str, kind: str, title: str) -> str:
    return (f"id: {document_id}\nkind: {kind}\ntitle: {json.dumps(title)}\nrevision: \"0\"\n"
            "issued: 2026-03-02\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n")


def camelot_pdfs() -> list[Path]:
    return sorted(CAMELOT_PDFS.glob("*.pdf")) if CAMELOT_PDFS.is_dir() else []


def camelot_id(path: Path) -> str:
    return "CAMELOT-" + re.sub(r"[^A-Za-z0-9]+", "-", path.stem).strip("-").upper()


def ensure_project(root: Path) -> bool:
    """Write the project unless this generator already wrote it here with the same PDFs."""
    stamp = root / ".bench-stamp.json"
    source = "".join(inspect.getsource(f) for f in (_spec_paragraphs, specification_pdf, text_only_pdf, _sidecar))
    wanted = {
        "generator": hashlib.sha256(source.encode()).hexdigest()[:16],
        "camelot": [[p.name, p.stat().st_size] for p in camelot_pdfs()],
    }
    if stamp.is_file() and json.loads(stamp.read_text()) == wanted:
        return False
    shutil.rmtree(root, ignore_errors=True)
    documents = root / "documents"
    documents.mkdir(parents=True)
    (root / "inforce.yaml").write_text(f"project: {root.name}\nfacets: []\nrules: []\n")
    specification_pdf(documents / "spec-033000.pdf")
    (documents / "spec-033000.pdf.yaml").write_text(
        _sidecar("BENCH-SPEC-50", "specification", "Section 03 30 00 Cast-in-Place Concrete"))
    text_only_pdf(documents / "standard-records.pdf")
    (documents / "standard-records.pdf.yaml").write_text(
        _sidecar("BENCH-STD-200", "standard", "Records and retention standard"))
    for pdf in camelot_pdfs():
        target = documents / "camelot" / pdf.name
        target.parent.mkdir(exist_ok=True)
        shutil.copyfile(pdf, target)
        target.with_name(pdf.name + ".yaml").write_text(
            _sidecar(camelot_id(pdf), "other", f"camelot test PDF {pdf.name}"))
    stamp.write_text(json.dumps(wanted))
    return True


def project_pdfs(root: Path) -> list[Path]:
    documents = root / "documents"
    generated = [documents / "spec-033000.pdf", documents / "standard-records.pdf"]
    return generated + sorted((documents / "camelot").glob("*.pdf"))


def page_count(path: Path) -> int:
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    try:
        return len(document)
    finally:
        document.close()


# -- 1. inforce ingest, a fresh process ----------------------------------------------------------


def ingest_child(root: Path) -> tuple[float, dict, float, str]:
    """``inforce ingest ROOT --format json`` in its own process: (wall s, summary, peak RSS MiB
    of that process alone, what it wrote on stderr)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        child = subprocess.Popen([str(INFORCE), "ingest", str(root), "--format", "json"], stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    if child.returncode != 0:
        raise SystemExit(f"inforce ingest {root} failed ({child.returncode}):\n{stderr[-3000:]}")
    return wall, json.loads(stdout), usage.ru_maxrss / 1024, stderr


# -- 2. the same PDFs in this process ------------------------------------------------------------


@dataclass
class CamelotClock:
    """Seconds inside ``camelot.read_pdf`` and the pages it was given, by flavour."""

    seconds: float = 0.0
    pages: dict[str, int] = field(default_factory=dict)

    def install(self) -> None:
        import camelot

        real = camelot.read_pdf

        def timed_read_pdf(*args, **kwargs):
            started = time.perf_counter()
            try:
                return real(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - started
                flavor = kwargs.get("flavor", "lattice")
                pages = str(kwargs.get("pages", "1")).split(",")
                self.pages[flavor] = self.pages.get(flavor, 0) + len(pages)

        camelot.read_pdf = timed_read_pdf

    def take(self) -> tuple[float, dict[str, int]]:
        taken = (self.seconds, dict(self.pages))
        self.seconds, self.pages = 0.0, {}
        return taken


@dataclass
class FileRun:
    pages: int
    text_s: list[float] = field(default_factory=list)
    tables_s: list[float] = field(default_factory=list)
    camelot_s: list[float] = field(default_factory=list)
    camelot_pages: dict[str, int] = field(default_factory=dict)
    pages_read: int = 0
    rows: int = 0
    quarantined: int = 0
    warnings: int = 0


def breakdown(paths: list[Path], runs: int) -> dict[Path, FileRun]:
    from inforce.adapters.ingest.pdf import pdf_text_layer
    from inforce.adapters.ingest.pdftables import read_pdf_tables

    clock = CamelotClock()
    clock.install()  # imports camelot (pandas, OpenCV) before any timing
    results: dict[Path, FileRun] = {}
    for _ in range(runs):
        for path in paths:
            clock.take()
            started = time.perf_counter()
            layer = pdf_text_layer(path, file=path.name)
            text_done = time.perf_counter()
            tables = read_pdf_tables(path, layer, file=path.name)
            done = time.perf_counter()
            camelot_s, camelot_pages = clock.take()
            run = results.setdefault(path, FileRun(pages=layer.page_count))
            run.text_s.append(text_done - started)
            run.tables_s.append(done - started)
            run.camelot_s.append(camelot_s)
            run.camelot_pages = camelot_pages
            run.pages_read, run.rows = len(tables.pages_read), len(tables.rows)
            run.quarantined, run.warnings = len(tables.quarantined), len(tables.warnings)
    return results


# -- the report ----------------------------------------------------------------------------------


def _load() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def _rate(count: float, seconds: float) -> str:
    return f"{count / seconds:,.1f}" if seconds > 0 else "—"


def _flavours(pages: dict[str, int]) -> str:
    return ", ".join(f"{flavor} {count}" for flavor, count in sorted(pages.items())) or "—"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="in-process runs per PDF (median)")
    parser.add_argument("--project", type=Path, default=Path(f"/tmp/inforce-bench/pdf-{SPEC_PAGES}-{TEXT_PAGES}"))
    args = parser.parse_args()
    root: Path = args.project

    print(f"machine: {platform.machine()}, {len(os.sched_getaffinity(0))} cores, Python "
          f"{platform.python_version()}; load average at start {_load()} (1 / 5 / 15 min)")
    written = ensure_project(root)
    pdfs = project_pdfs(root)
    pages = {path: page_count(path) for path in pdfs}
    camelot_count = sum(1 for path in pdfs if path.parent.name == "camelot")
    total_pages = sum(pages.values())
    print(f"project: {root} ({'generated now' if written else 'cached'}): {len(pdfs)} PDFs, "
          f"{total_pages:,} pages: the {SPEC_PAGES}-page specification with schedules, the "
          f"{TEXT_PAGES}-page text-only standard"
          + (f", {camelot_count} camelot test PDFs ({sum(pages[p] for p in pdfs[2:])} pages) from "
             f"{CAMELOT_PDFS}" if camelot_count else ""))
    if not camelot_count:
        print(f"camelot test PDFs: skipped ({CAMELOT_PDFS} is not present); only the generated PDFs "
              "are measured")
    print()

    # 1. inforce ingest
    shutil.rmtree(root / ".inforce", ignore_errors=True)
    ingests = [("fresh (no `.inforce`)", *ingest_child(root))]
    ingests.append(("no-op re-ingest", *ingest_child(root)))
    from inforce.engine import Project

    with Project.open(root) as project:
        stats = project.stats()

    print(f"`inforce ingest PROJECT --format json`, the console script in a fresh process each "
          f"({total_pages:,} pages; pages/s and provisions/s are of the wall time, which includes "
          "starting Python and its imports):")
    print()
    print("| ingest | wall s | ingest's own s | pages/s | provisions loaded | provisions/s | quantities | "
          "peak RSS MiB |")
    print("|---|---|---|---|---|---|---|---|")
    for label, wall, summary, peak, _ in ingests:
        parsed = len(summary["added"]) + len(summary["replaced"])
        shown_pages = _rate(total_pages, wall) if parsed else "— (nothing parsed)"
        print(f"| {label} | {wall:.2f} | {summary['seconds']:.2f} | {shown_pages} | "
              f"{summary['provisions']:,} | {_rate(summary['provisions'], wall)} | "
              f"{summary.get('quantities', 0):,} | {peak:,.0f} |")
    print()
    for label, _, summary, _, stderr in ingests:
        warned = sum(1 for line in stderr.splitlines() if line.strip())
        print(f"- {label}: {ingest_summary(summary)}; {len(summary['quarantined'])} tables quarantined, "
              f"{len(summary['skipped'])} files skipped, {warned} lines on stderr")
    fresh_summary = ingests[0][2]
    for table in fresh_summary["quarantined"]:
        pages_of = f"{table['page']}" + (f"–{table['page_end']}" if table.get("page_end") else "")
        print(f"  - quarantined: {table['file']} table-{table['table']}, page {pages_of}: "
              f"{table['extracted_rows']} rows extracted, {table['text_rows']} in the text layer")
    print(f"- `Project.open(root).stats()` after: {stats.documents} documents, {stats.sections:,} sections, "
          f"{stats.table_rows:,} table rows, {stats.quarantined_tables} quarantined tables, "
          f"{stats.quantities:,} quantities")
    print()

    # 2. the breakdown, in process
    results = breakdown(pdfs, args.runs)
    print(f"The same PDFs in this process (imports done), median of {args.runs} runs each: "
          "`pdf_text_layer` alone (text), and `pdf_text_layer` + `read_pdf_tables` (text + tables: "
          "the pre-check, camelot on the pages it picks, the row-count check); \"in camelot\" is the "
          "time inside `camelot.read_pdf`:")
    print()
    print("| PDF | pages | text pages/s | text + tables pages/s | pages camelot read (given to each flavour) | in camelot s | "
          "rest of tables s | rows | quarantined |")
    print("|---|---|---|---|---|---|---|---|---|")

    def row(label: str, runs: list[FileRun]) -> tuple[int, float, float]:
        n = sum(r.pages for r in runs)
        text = sum(statistics.median(r.text_s) for r in runs)
        tables = sum(statistics.median(r.tables_s) for r in runs)
        camelot_s = sum(statistics.median(r.camelot_s) for r in runs)
        flavours: dict[str, int] = {}
        for r in runs:
            for flavor, count in r.camelot_pages.items():
                flavours[flavor] = flavours.get(flavor, 0) + count
        read = sum(r.pages_read for r in runs)
        rest = tables - text - camelot_s
        print(f"| {label} | {n:,} | {_rate(n, text)} | {_rate(n, tables)} | {read} ({_flavours(flavours)}) | "
              f"{camelot_s:.2f} | {rest:.2f} | {sum(r.rows for r in runs):,} | "
              f"{sum(r.quarantined for r in runs)} |")
        return n, text, tables

    for path in pdfs:
        row(f"`{path.relative_to(root / 'documents')}`", [results[path]])
    if camelot_count:
        row("**generated (spec + standard)**", [results[p] for p in pdfs[:2]])
        row(f"**camelot test PDFs ({camelot_count})**", [results[p] for p in pdfs[2:]])
    n, text, tables = row("**all**", list(results.values()))
    warned = sum(r.warnings for r in results.values())
    print()
    print(f"All {n:,} pages: text layer {_rate(n, text)} pages/s; text + tables {_rate(n, tables)} pages/s "
          f"({tables / text:.0f}× the text layer alone); table warnings: {warned}.")
    own = ingests[0][2]["seconds"]
    print(f"The fresh ingest's own {own:.2f} s less these {tables:.2f} s of reading the PDFs leaves "
          f"{own - tables:.2f} s ({100 * (own - tables) / own:.0f}%) for the rest of ingest: sections, "
          "quantities, the graph (the two measured in different processes, so roughly).")
    print(f"load average at end {_load()}")


if __name__ == "__main__":
    main()
