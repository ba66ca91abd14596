"""Generate a large, realistic inforce project for benchmarks.

Each document is a specification section in SectionFormat (CSI number, three parts,
articles, lettered paragraphs with numbered subparagraphs), a schedule table, and — for a
share of documents — later revisions that change some articles, plus addenda that
supersede paragraphs. Deterministic for a given seed.

    python bench/generate_project.py DEST --docs 1000 [--seed 7] [--start 0]

``--small-docs`` writes the other workload instead: many short handbooks (~10 numbered
sections each) with applicability facets and access groups, the shape of a support or
policy library, where per-file costs dominate rather than per-provision ones.

    python bench/generate_project.py DEST --small-docs 20000 [--seed 7]
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
from pathlib import Path

MATERIALS = [
    ("Portland cement", "ASTM C150, Type I/II"),
    ("Fly ash", "ASTM C618, Class F"),
    ("Normal-weight aggregate", "ASTM C33, graded"),
    ("Air-entraining admixture", "ASTM C260"),
    ("Water-reducing admixture", "ASTM C494, Type A"),
    ("Curing compound", "ASTM C309, Type 1, Class B"),
    ("Vapor retarder", "ASTM E1745, Class A, 15 mils thick"),
    ("Reinforcing bars", "ASTM A615, Grade 60, deformed"),
]
TOPICS = [
    "Cast-in-Place Concrete", "Concrete Reinforcing", "Concrete Forming", "Structural Steel Framing",
    "Metal Decking", "Unit Masonry", "Rough Carpentry", "Thermal Insulation", "Roof Membrane",
    "Joint Sealants", "Hollow Metal Doors", "Gypsum Board", "Resilient Flooring", "Painting",
]
QUANTITIES = [
    "Compressive strength at 28 days: not less than {n},000 psi.",
    "Maximum water-cementitious ratio: 0.{w}.",
    "Slump limit: {s} inches, plus or minus 1 inch.",
    "Air content: {a} percent, plus or minus 1.5 percent.",
    "Minimum cover for reinforcement: {c} inches.",
    "Submit the report within {d} days after the test.",
]


def _paragraph(rng: random.Random) -> str:
    template = rng.choice(QUANTITIES)
    return template.format(
        n=rng.choice([3, 4, 5, 6]), w=rng.choice([40, 45, 50]), s=rng.choice([3, 4, 5]),
        a=rng.choice([5, 6, 7]), c=rng.choice([1, 2, 3]), d=rng.choice([7, 14, 30]),
    )


def _sentence(rng: random.Random) -> str:
    material, standard = rng.choice(MATERIALS)
    verb = rng.choice(["Provide", "Furnish", "Use", "Install"])
    return f"{verb} {material.lower()} complying with {standard}; {_paragraph(rng)}"


def _body(doc_no: int, topic: str, rng: random.Random, revision: int) -> str:
    csi = f"{3 + doc_no % 6:02d} {10 + doc_no % 80:02d} {doc_no % 100:02d}"
    lines = [f"SECTION {csi} - {topic.upper()}", ""]
    for part_no, part in enumerate(["GENERAL", "PRODUCTS", "EXECUTION"], 1):
        lines += [f"PART {part_no} - {part}", ""]
        for article in range(1, 4):
            lines += [f"{part_no}.{article} ARTICLE {part_no}.{article} {topic.upper()}", ""]
            for letter in "ABC":
                text = _sentence(rng)
                if revision and rng.random() < 0.2:
                    text += f" Revised in revision {revision}."
                lines += [f"{letter}. {text}", ""]
                if letter == "A":
                    lines += [f"1. {_paragraph(rng)}", "", f"2. {_paragraph(rng)}", ""]
    lines += ["SCHEDULE", "", "| Mark | Material | Standard | Quantity |", "|---|---|---|---|"]
    for row in range(1, 7):
        material, standard = MATERIALS[(doc_no + row) % len(MATERIALS)]
        lines.append(f"| M-{row} | {material} | {standard} | {_paragraph(rng)} |")
    lines.append("")
    return "\n".join(lines)


def _front_matter(fields: dict[str, object]) -> str:
    lines = ["---"]
    for key, value in fields.items():
        lines.append(f"{key}: {value}")
    lines.append("---")
    return "\n".join(lines) + "\n"


def generate(dest: Path, docs: int, *, seed: int = 7, start: int = 0) -> int:
    """Write ``docs`` documents (and their revisions) under ``dest``; return files written."""
    (dest / "documents").mkdir(parents=True, exist_ok=True)
    manifest = dest / "inforce.yaml"
    if not manifest.exists():
        manifest.write_text("project: generated\nfacets: []\nrules: []\n", encoding="utf-8")
    base = dt.date(2022, 1, 3)
    written = 0
    for doc_no in range(start, start + docs):
        rng = random.Random(seed * 1_000_003 + doc_no)
        topic = TOPICS[doc_no % len(TOPICS)]
        doc_id = f"SPEC-{doc_no:06d}"
        issued = base + dt.timedelta(days=rng.randrange(700))
        revisions = 1 + (rng.random() < 0.3) + (rng.random() < 0.1)
        folder = dest / "documents" / f"{doc_no // 1000:03d}"
        folder.mkdir(exist_ok=True)
        for rev in range(revisions):
            effective = issued + dt.timedelta(days=90 * rev)
            fields: dict[str, object] = {
                "id": doc_id,
                "kind": "specification",
                "title": f"Section {doc_no:06d} {topic}",
                "revision": f'"{rev}"',
                "seq": rev + 1,
                "issued": effective.isoformat(),
                "effective": f"{{from: {effective.isoformat()}}}",
                "recorded": f"{effective.isoformat()}T09:00:00Z",
            }
            if rev:
                fields["changed"] = f'["{1 + rev % 3}.{1 + rev % 4}"]'
            text = _front_matter(fields) + _body(doc_no, topic, rng, rev)
            (folder / f"{doc_id.lower()}-r{rev}.md").write_text(text, encoding="utf-8")
            written += 1
        if doc_no % 10 == 9:
            add_id = f"ADD-{doc_no:06d}"
            day = issued + dt.timedelta(days=30)
            fields = {
                "id": add_id,
                "kind": "addendum",
                "title": f"Addendum for Section {doc_no:06d}",
                "issued": day.isoformat(),
                "effective": f"{{from: {day.isoformat()}}}",
                "recorded": f"{day.isoformat()}T12:00:00Z",
                "supersedes": (
                    f"\n  - target: {doc_id}#2.1.A\n    scope: full\n"
                    f"    effective: {day.isoformat()}\n    by: {add_id}#1.1"
                ),
            }
            body = (
                f"ADDENDUM FOR SECTION {doc_no:06d}\n\n1 CHANGES TO THE SPECIFICATIONS\n\n"
                f"1.1 Section {doc_no:06d}, Paragraph 2.1.A: Delete the paragraph and substitute: "
                f'"{_paragraph(rng)}"\n'
            )
            (folder / f"{add_id.lower()}.md").write_text(_front_matter(fields) + body, encoding="utf-8")
            written += 1
    return written


MARKETS = ["UK", "IE", "FR", "DE", "NL", "US"]
PRODUCTS = ["new", "refurbished", "spare-parts", "subscription"]
GROUPS = ["support-uk", "support-eu", "support-us", "refurb-programme", "quality"]
HANDBOOK_TOPICS = [
    ("PURPOSE", ["Why this handbook exists", "Who reads it"]),
    ("FOLLOW-UP PROCEDURE", ["When the follow-up is due", "Follow-up steps"]),
    ("ESCALATION", ["Faults reported at follow-up"]),
    ("RECORDS", ["What is recorded"]),
]
HANDBOOK_SENTENCES = [
    "The follow-up contact is due {n} calendar days after the dispatch date.",
    "Count the dispatch date as day 0 and the following day as day 1.",
    "If the customer reports a fault, the agent opens a case and calls on the next working day.",
    "The agent records the outcome of any call in the order's contact history.",
    "Records are kept for {y} years after the end of the warranty, then deleted.",
    "A safety concern is escalated to Level 3 at once and the customer is told to stop using the product.",
    "If the customer does not respond within {d} calendar days, the system sends one reminder.",
    "The pilot coordinator sets the date manually and records it on the order.",
]


def _handbook_sentence(rng: random.Random) -> str:
    return rng.choice(HANDBOOK_SENTENCES).format(
        n=rng.choice([7, 14, 21, 30]), y=rng.choice([2, 6, 7]), d=rng.choice([5, 7, 10])
    )


def _handbook_body(doc_no: int, title: str, rng: random.Random, revision: int) -> str:
    """Ten numbered sections: four top-level ones, six subsections, a sentence or two each."""
    lines = [f"**{title}**", "", f"Customer Operations handbook H{doc_no:06d}, edition {revision + 1}.", ""]
    for number, (heading, subsections) in enumerate(HANDBOOK_TOPICS, 1):
        lines += [f"## {number} {heading}", "", _handbook_sentence(rng), ""]
        for sub, subheading in enumerate(subsections, 1):
            text = " ".join(_handbook_sentence(rng) for _ in range(rng.choice([1, 2])))
            if revision and rng.random() < 0.3:
                text += f" Amended in edition {revision + 1}."
            lines += [f"### {number}.{sub} {subheading}", "", text, ""]
    return "\n".join(lines)


def _flow_list(values: list[str]) -> str:
    return "[" + ", ".join(values) + "]"


def generate_small(dest: Path, docs: int, *, seed: int = 7, start: int = 0) -> int:
    """Write ``docs`` short handbooks (and some second editions) under ``dest``; return files written.

    Each has ~10 provisions, ``applies_to`` over the manifest's facets ``market`` and
    ``product``, and (about 60% of them) ``access`` groups; about 20% have a second revision
    that changes one section.
    """
    (dest / "documents").mkdir(parents=True, exist_ok=True)
    manifest = dest / "inforce.yaml"
    if not manifest.exists():
        manifest.write_text("project: handbooks\nfacets: [market, product]\nrules: []\n", encoding="utf-8")
    base = dt.date(2022, 1, 3)
    written = 0
    for doc_no in range(start, start + docs):
        rng = random.Random(seed * 1_000_003 + doc_no)
        doc_id = f"HB-{doc_no:06d}"
        markets = sorted(rng.sample(MARKETS, rng.choice([1, 1, 2, 3])))
        products = sorted(rng.sample(PRODUCTS, rng.choice([1, 1, 2])))
        title = f"Customer Follow-up Handbook {doc_no:06d} — {'/'.join(markets)} {' and '.join(products)}"
        issued = base + dt.timedelta(days=rng.randrange(900))
        access = sorted(rng.sample(GROUPS, rng.choice([1, 2]))) if rng.random() < 0.6 else None
        revisions = 1 + (rng.random() < 0.2)
        folder = dest / "documents" / f"{doc_no // 1000:03d}"
        folder.mkdir(exist_ok=True)
        for rev in range(revisions):
            effective = issued + dt.timedelta(days=120 * rev)
            fields: dict[str, object] = {
                "id": doc_id,
                "kind": "handbook",
                "title": title,
                "revision": f'"{rev + 1}"',
                "seq": rev + 1,
                "issued": (effective - dt.timedelta(days=14)).isoformat(),
                "effective": f"{{from: {effective.isoformat()}}}",
                "recorded": f"{(effective - dt.timedelta(days=12)).isoformat()}T10:00:00Z",
            }
            if rev:
                fields["changed"] = f'["{1 + rev % 3}.1"]'
            if access is not None:
                fields["access"] = _flow_list(access)
            fields["applies_to"] = f"{{market: {_flow_list(markets)}, product: {_flow_list(products)}}}"
            text = _front_matter(fields) + _handbook_body(doc_no, title, rng, rev)
            (folder / f"{doc_id.lower()}-r{rev + 1}.md").write_text(text, encoding="utf-8")
            written += 1
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path)
    parser.add_argument("--docs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--start", type=int, default=0, help="first document number (to extend a project)")
    parser.add_argument(
        "--small-docs", type=int, default=None, metavar="N",
        help="write N short handbooks with facets and access groups instead of specifications",
    )
    args = parser.parse_args()
    if args.small_docs is not None:
        files = generate_small(args.dest, args.small_docs, seed=args.seed, start=args.start)
        print(f"wrote {files} files for {args.small_docs} handbooks under {args.dest}")
        return
    files = generate(args.dest, args.docs, seed=args.seed, start=args.start)
    print(f"wrote {files} files for {args.docs} documents under {args.dest}")


if __name__ == "__main__":
    main()
