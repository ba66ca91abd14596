#!/usr/bin/env python3
"""Write the IETF RFC index as an inforce project: one Markdown document per issued RFC.

Usage: rfc_project.py SRC_JSONL DEST_DIR

SRC_JSONL is ``rfc-index.parsed.jsonl`` (``../shared/data/rfc-index/``). Each issued RFC
becomes ``documents/<thousands>/rfc<n>.md`` with front matter: id ``RFC<n>``, kind
``standard``, its title, issued = effective = recorded on its publication date (the first of
the month unless the index gives a day), and ``supersedes:`` edges — ``obsoletes`` as scope
``full`` and ``updates`` as scope ``partial``, both on the whole target document, effective
on the citing RFC's date. The body is a short text: title, authors, status.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

__all__ = ["MONTHS", "publication_date", "read_index", "split_title", "write_rfc_project"]

MONTHS = {
    name: number
    for number, name in enumerate(
        "January February March April May June July August September October November December".split(), 1
    )
}

# "Title. A. Author, B.C. Other-Name, Ed.." : the authors start at the first ". " followed by
# initials ("R. ", "S.D. ", "J-P. ") — titles rarely contain that.
_AUTHORS = re.compile(r"\.\s+(?=(?:[A-Z][a-z]?[-.]){1,3}\s?[A-Z]?)")


def read_index(src: Path) -> list[dict]:
    with src.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def publication_date(row: dict) -> dt.date:
    return dt.date(row["date_year"], MONTHS[row["date_month"]], row.get("date_day") or 1)


def split_title(title_and_authors: str) -> tuple[str, str]:
    """(title, authors) from the index's combined field; the authors may come back empty."""
    text = title_and_authors.strip().rstrip(".")
    match = _AUTHORS.search(text)
    if match is None:
        return text, ""
    return text[: match.start()].strip(), text[match.end() :].strip()


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _document(row: dict, day: dt.date) -> str:
    title, authors = split_title(row.get("title_and_authors", row["doc_id"]))
    lines = [
        "---",
        f"id: {row['doc_id']}",
        "kind: standard",
        f"title: {_q(title or row['doc_id'])}",
        f"issued: {day.isoformat()}",
        f"effective: {{from: {day.isoformat()}}}",
        f"recorded: {day.isoformat()}T00:00:00Z",
    ]
    edges = [(t, "full") for t in row.get("obsoletes", ())] + [(t, "partial") for t in row.get("updates", ())]
    if edges:
        lines.append("supersedes:")
        for target, scope in edges:
            lines += [f"  - target: {target}", f"    scope: {scope}", f"    effective: {day.isoformat()}"]
    lines += [
        "---",
        f"{title or row['doc_id']}",
        "",
        f"Authors: {authors or 'not listed'}.",
        "",
        f"Status: {row.get('status', 'UNKNOWN')}. Published {day.strftime('%B %Y')}.",
        "",
    ]
    return "\n".join(lines)


def write_rfc_project(src: Path | str, dest: Path | str, *, only: Iterable[str] | None = None) -> int:
    """Write the project folder; returns how many documents were written.

    ``only`` restricts the output to those RFC ids (edges to RFCs left out are dropped).
    """
    rows = [r for r in read_index(Path(src)) if not r.get("not_issued")]
    if only is not None:
        keep = set(only)
        rows = [
            {**r, "obsoletes": [t for t in r.get("obsoletes", ()) if t in keep],
             "updates": [t for t in r.get("updates", ()) if t in keep]}
            for r in rows if r["doc_id"] in keep
        ]
    dest = Path(dest)
    (dest / "documents").mkdir(parents=True, exist_ok=True)
    (dest / "inforce.yaml").write_text(
        "project: rfc-index\nfacets: []\nrules: []\n", encoding="utf-8"
    )
    for row in rows:
        folder = dest / "documents" / f"{row['rfc'] // 1000:02d}xxx"
        folder.mkdir(exist_ok=True)
        (folder / f"rfc{row['rfc']}.md").write_text(_document(row, publication_date(row)), encoding="utf-8")
    return len(rows)


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    count = write_rfc_project(argv[1], argv[2])
    print(f"wrote {count} documents to {argv[2]}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
