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

``--planted`` writes a campus of buildings instead, for the sweep: each building's
specifications, foundation plan, schedule and sometimes addenda state each concrete subject
twice and agree, except where a conflict is planted; near-misses that are not conflicts are
planted beside them, and ``DEST/answer-key.json`` lists both (see ``generate_planted``).

    python bench/generate_project.py DEST --planted 50 [--seed 7]     # ~10,000 provisions
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

MATERIALS = [
    ("Portland cement", "ASTM C150, Type I/II"),
    ("Fly ash", "ASTM C618, Class F"),
    ("Normal-weight aggregate", "ASTM C33, graded"),
    ("Air-entraining admixture", "ASTM C260"),
    ("Water-reducing admixture", "ASTM C494, Type A"),
    ("Curing compound", "ASTM C309, Type 1, Class B"),
    ("Vapor retarder", "ASTM E1745, Class A, 15 mils thick"),
    # no bar grade: a grade implies its yield strength (issue 22), and filler states no bound quantity
    ("Reinforcing bars", "ASTM A615, deformed"),
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


# ---- a campus with planted conflicts: the sweep's answer key --------------------------------------

#: The date the answer key is for (``inforce sweep --valid-at``): every planted addendum and
#: revision is in force by then except the one planted as not yet in force.
PLANTED_VALID_AT = dt.date(2026, 6, 1)
#: The answer key, written beside ``documents/`` (never inside it: it is not a document).
ANSWER_KEY = "answer-key.json"
#: In-force provisions per building, the average over the ten patterns below (~205 provision
#: versions loaded: one pattern adds an earlier revision, one an addendum not yet in force; the
#: two campus-wide documents add ~80): the sweep bench asks for N provisions as
#: N / PROVISIONS_PER_BUILDING buildings.
PROVISIONS_PER_BUILDING = 200

FC, WC, SLUMP, AIR, COVER = (
    "concrete.compressive_strength", "concrete.water_cementitious_ratio", "concrete.slump",
    "concrete.air_content", "concrete.cover",
)
#: (relative, absolute) tolerance of each subject as rules/stock/subjects/default.yaml states
#: it, the absolute one in the unit the answer key compares in: psi, ratio, mm, percent, mm.
TOLERANCE = {FC: (0.02, 0.0), WC: (0.01, 0.0), SLUMP: (0.02, 5.0), AIR: (0.01, 0.0), COVER: (0.02, 1.0)}
MM_PER_INCH, PSI_PER_MPA = 25.4, 145.0377

#: What building b holds, by b modulo 10: (the conflict planted in it, the near-miss planted in it).
PATTERNS: list[tuple[str | None, str | None]] = [
    ("spec_vs_drawing", "units_cover"),
    (None, "superseded"),
    ("spec_vs_schedule", "bound_met"),
    ("within_spec", "other_building"),
    ("broken_reference", "units_slump"),
    ("superseded_reference", "valid_reference"),
    ("within_schedule", "revised"),
    (None, "units_fc"),
    ("spec_vs_drawing", "not_yet_in_force"),
    (None, None),
]

CAMPUS_VERBS = ["Provide", "Furnish", "Use", "Install", "Deliver", "Store"]
CAMPUS_CLAUSES = [
    "{verb} {material} complying with {standard}, from a single source for each exposed element.",
    "Submit {submittal} for the Architect's review not later than {n} days before {event}.",
    "Coordinate {activity} with {trade} so that embedded items are set before {event}.",
    "Do not {forbidden} without the Architect's written acceptance.",
    "Inspect {thing} before {event}; correct every defect the Architect identifies.",
    "Protect {thing} from {hazard} until {event}.",
    "Keep one copy of {submittal} at the site, marked with the changes made in the field.",
    "Notify the Owner's testing agency {n} days before {event}.",
]
CAMPUS_WORDS = {
    "submittal": ["product data", "design mixtures", "shop drawings", "qualification data", "field test reports",
                  "placing drawings", "material certificates", "a construction joint layout"],
    "event": ["placement", "the preinstallation conference", "backfilling", "form removal", "substantial completion",
              "the first pour", "erection of the superstructure"],
    "activity": ["placement of anchor rods", "installation of sleeves", "layout of joints", "setting of embedded plates",
                 "sequencing of pours", "delivery of materials"],
    "trade": ["the mechanical trades", "the electrical trades", "the steel erector", "the masonry installer",
              "the plumbing installer", "the surveyor"],
    "forbidden": ["add water at the site", "cut reinforcement", "place concrete in standing water",
                  "remove shoring early", "weld reinforcing bars", "relocate construction joints"],
    "thing": ["formwork", "reinforcement", "embedded items", "vapor retarders", "subgrades", "finished surfaces",
              "anchor rods", "waterstops"],
    "hazard": ["rain", "freezing", "rapid drying", "traffic", "contamination", "mechanical damage"],
}


CAMPUS_PLACES = [
    "In Area {area}, ", "Along gridline {letter}, ", "Between gridlines {n} and {n1}, ", "At the {side} elevation, ",
    "For the {element}, ", "At Level {level}, ", "Within bays {letter}-{n} to {letter}-{n1}, ",
]
CAMPUS_PLACE_WORDS = {
    "side": ["north", "south", "east", "west"],
    "element": ["loading dock", "mechanical yard", "entry canopy", "stair towers", "elevator core", "retaining walls",
                "equipment pads", "grade beams", "pile caps", "transformer pad"],
}


def _clause(rng: random.Random) -> str:
    """A sentence of specification prose that states no bound quantity and cites nothing; most
    are placed somewhere on the building (so that the texts of a campus are mostly distinct,
    as an embedding cache keyed by text sees them)."""
    material, standard = rng.choice(MATERIALS)
    words = {name: rng.choice(choices) for name, choices in CAMPUS_WORDS.items()}
    text = rng.choice(CAMPUS_CLAUSES).format(
        verb=rng.choice(CAMPUS_VERBS), material=material.lower(), standard=standard,
        n=rng.choice([7, 14, 21, 28]), **words,
    )
    if rng.random() < 0.3:
        return text
    n = rng.randrange(1, 12)
    place = rng.choice(CAMPUS_PLACES).format(
        area=rng.randrange(1, 9), letter="ABCDEFGHJK"[rng.randrange(10)], n=n, n1=n + 1, level=rng.randrange(1, 6),
        side=rng.choice(CAMPUS_PLACE_WORDS["side"]), element=rng.choice(CAMPUS_PLACE_WORDS["element"]),
    )
    return place + text[0].lower() + text[1:]


@dataclass(frozen=True)
class Statement:
    """A quantity the generator wrote and the engine binds to ``subject``: its bound and its
    value in the unit the answer key compares in (psi, ratio, mm, percent, mm)."""

    subject: str
    locator: str
    kind: str  # section | table_row | callout
    bound: str  # min | max | range | exact
    value: float
    upper: float | None = None
    in_force: bool = True

    def interval(self) -> tuple[float, float]:
        return {"min": (self.value, math.inf), "max": (-math.inf, self.value), "exact": (self.value, self.value),
                "range": (self.value, self.upper if self.upper is not None else self.value)}[self.bound]


def statements_conflict(a: Statement, b: Statement) -> bool:
    """The sweep's rule for two statements of one subject (engine/quantities/compare.py, written
    out again so the answer key does not lean on the code it checks): the same kind of bound
    conflicts when the values differ by more than the tolerance; two ranges when they do not
    overlap; different kinds when the intervals do not meet."""
    relative, absolute = TOLERANCE[a.subject]

    def close(x: float, y: float) -> bool:
        return abs(x - y) <= max(relative * max(abs(x), abs(y)), absolute) + 1e-9

    if a.bound == b.bound and a.bound != "range":
        return not close(a.value, b.value)
    (lo_a, hi_a), (lo_b, hi_b) = a.interval(), b.interval()
    low, high = max(lo_a, lo_b), min(hi_a, hi_b)
    return not (low <= high or close(low, high))


class _Building:
    """One building's documents, the quantities they state and what is planted in them."""

    def __init__(self, number: int, buildings: int, seed: int) -> None:
        self.number = number
        self.code = f"B{number:04d}"
        self.rng = rng = random.Random(seed * 1_000_003 + number)
        self.conflict, self.near_miss = PATTERNS[number % len(PATTERNS)]
        self.fc = 4000 if number % 2 == 0 else 5000  # neighbours always differ: the other-building near-miss
        self.wc = rng.choice([0.40, 0.45, 0.50])
        self.slump = rng.choice([4, 5])
        self.air = rng.choice([5, 6])
        self.cover = rng.choice([2, 3])
        # the schedule row's w/c: the specification's, unless the schedule row is planted against it
        self.wc_row = self.wc if self.conflict != "spec_vs_schedule" else (
            round(self.wc + 0.05, 2) if self.wc < 0.5 else 0.40)
        self.issued = dt.date(2025, 1, 6) + dt.timedelta(days=rng.randrange(200))
        self.partner = number + 1 if number + 1 < buildings else number - 1
        self.spec033, self.spec032 = f"SPEC-{self.code}-033000", f"SPEC-{self.code}-032000"
        self.drawing, self.schedule = f"DWG-{self.code}-S101", f"SCHED-{self.code}-S001"
        self.addendum, self.late_addendum = f"ADD-{self.code}-01", f"ADD-{self.code}-02"
        self.statements: list[Statement] = []
        self.conflicts: list[dict] = []
        self.near_misses: list[dict] = []
        self.files: dict[str, str] = {}

    # ---- what is stated where -------------------------------------------------------------

    def state(self, subject: str, locator: str, kind: str, bound: str, value: float, upper: float | None = None,
              *, in_force: bool = True) -> Statement:
        statement = Statement(subject, locator, kind, bound, value, upper, in_force)
        self.statements.append(statement)
        return statement

    def plant_conflict(self, plant: str, kind: str, subject: str | None, *locators: str, why: str,
                       scope: str | None = None) -> None:
        documents = {locator.partition("#")[0] for locator in locators}
        scope = scope or ("within_document" if len(documents) == 1 else "across_documents")
        self.conflicts.append({
            "plant": plant, "kind": kind, "scope": scope,
            "subject": subject, "locators": list(locators), "building": self.code, "why": why,
        })

    def plant_near_miss(self, plant: str, subject: str | None, *locators: str, why: str,
                        buildings: list[str] | None = None) -> None:
        self.near_misses.append({
            "plant": plant, "subject": subject, "locators": list(locators),
            "buildings": buildings or [self.code], "why": why,
        })

    # ---- the documents ---------------------------------------------------------------------

    def write(self) -> None:
        c, n = self.conflict, self.near_miss
        fc_spec = self.fc
        drawing_fc = f"{self.fc:,} PSI"
        drawing_fc_value = float(self.fc)
        if c == "spec_vs_drawing":
            drawing_fc, drawing_fc_value = f"{self.fc + 1000:,} PSI", float(self.fc + 1000)
        if n == "units_fc":
            drawing_fc = f"{self.fc / PSI_PER_MPA:.1f} MPa"
            drawing_fc_value = round(self.fc / PSI_PER_MPA, 1) * PSI_PER_MPA
        with_addendum = n == "superseded" or c == "superseded_reference"
        if n == "superseded":
            fc_spec = self.fc + 1000  # replaced by the addendum with the drawing's value
        self.state(FC, f"{self.spec033}#2.1.A", "section", "min", fc_spec, in_force=not with_addendum)
        self.state(FC, f"{self.drawing}#callout-3", "callout", "min", drawing_fc_value)
        if with_addendum:
            self.state(FC, f"{self.addendum}#1.1", "section", "min", self.fc)
        self.files["spec-033000.md"] = self._spec033(fc_spec)
        self.files["spec-032000.md"] = self._spec032()
        self.files["S-101.drawing.yaml"] = self._drawing(drawing_fc)
        self.files["schedule-S001.md"] = self._schedule()
        if with_addendum:
            self.files["addendum-01.md"] = self._addendum_fc()
        if n == "not_yet_in_force":
            self.files["addendum-02.md"] = self._late_addendum()
        self._plant()
        self._check_key()

    def _front(self, doc_id: str, kind: str, title: str, *, revision: int = 0, issued: dt.date | None = None,
               effective: dt.date | None = None, extra: dict[str, object] | None = None) -> str:
        issued = issued or self.issued
        effective = effective or issued
        fields: dict[str, object] = {
            "id": doc_id, "kind": kind, "title": title, "revision": f'"{revision}"', "seq": revision + 1,
            "issued": issued.isoformat(), "effective": f"{{from: {effective.isoformat()}}}",
            "recorded": f"{issued.isoformat()}T09:00:00Z", "applies_to": f"{{building: [{self.code}]}}",
        }
        fields.update(extra or {})
        return _front_matter(fields)

    def _section_format(self, csi: str, title: str, parts: list[list[tuple[str, list[str | None]]]]) -> str:
        """SectionFormat: parts of articles of lettered paragraphs; an article's paragraph given as
        None is filler prose, and the first filler paragraph of an article gets two subparagraphs."""
        rng = self.rng
        lines = [f"{title.upper()} — BUILDING {self.code}", "", f"SECTION {csi} - {title.upper()}", ""]
        for part_no, (part, articles) in enumerate(zip(["GENERAL", "PRODUCTS", "EXECUTION"], parts, strict=True), 1):
            lines += [f"PART {part_no} - {part}", ""]
            for article_no, (heading, paragraphs) in enumerate(articles, 1):
                lines += [f"{part_no}.{article_no} {heading}", ""]
                subparagraphs = True
                for letter, text in zip("ABCDEFGH"[: len(paragraphs)], paragraphs, strict=True):
                    lines += [f"{letter}. {text or _clause(rng)}", ""]
                    if text is None and subparagraphs:
                        lines += [f"1. {_clause(rng)}", "", f"2. {_clause(rng)}", ""]
                        subparagraphs = False
        lines += [f"END OF SECTION {csi}", ""]
        return "\n".join(lines)

    def _spec033(self, fc_spec: int) -> str:
        c, n = self.conflict, self.near_miss
        reference = resolving = None
        if c == "broken_reference":
            reference = "Coordinate concrete placement with the work of other Sections, except as provided in 3.12."
        elif c == "superseded_reference":
            reference = "Proportion and place concrete subject to 2.1.A."
        if n == "valid_reference":
            resolving = "Finish slabs as specified in Part 3, except as provided in 3.4."
        slump = (f"Slump: {self.slump * 25} mm maximum." if n == "units_slump"
                 else f"Slump: {self.slump} inches maximum.")
        if c == "within_schedule":
            slump = "Aggregate: ASTM C33, size No. 57, from a single source for the Project."
        else:
            self.state(SLUMP, f"{self.spec033}#2.1.C", "section", "max",
                       self.slump * 25.0 if n == "units_slump" else self.slump * MM_PER_INCH)
        self.state(WC, f"{self.spec033}#2.1.B", "section", "max", self.wc)
        self.state(AIR, f"{self.spec033}#2.1.D", "section", "range", self.air - 1.5, self.air + 1.5)
        general = [("SUMMARY", [None, reference, resolving]), ("RELATED REQUIREMENTS", [None, None, None]),
                   ("DEFINITIONS", [None, None]), ("SUBMITTALS", [None, None, None]),
                   ("QUALITY ASSURANCE", [None, None, None])]
        products = [("CONCRETE MIXTURES", [
            f"Compressive strength at 28 days: not less than {fc_spec:,} psi.",
            f"Maximum water-cementitious ratio: {self.wc:.2f}.",
            slump,
            f"Air content: {self.air} percent, plus or minus 1.5 percent.",
            "Proportion mixtures by the field experience or trial batch methods of ACI 301.",
        ]), ("CEMENTITIOUS MATERIALS", [None, None, None]), ("AGGREGATES", [None, None, None]),
            ("ADMIXTURES", [None, None, None]), ("CURING MATERIALS", [None, None, None])]
        execution = [(heading, [None, None, None]) for heading in
                     ["PREPARATION", "FORMWORK", "PLACEMENT", "FINISHING", "CURING", "FIELD QUALITY CONTROL"]]
        return (self._front(self.spec033, "specification", f"Section 03 30 00 Cast-in-Place Concrete ({self.code})")
                + self._section_format("03 30 00", "Cast-in-Place Concrete", [general, products, execution]))

    def _spec032(self) -> str:
        c, n = self.conflict, self.near_miss
        installation: list[str | None] = [f"Minimum cover for reinforcement: {self.cover} inches.", None, None]
        cover_at = f"{self.spec032}#3.2.A"
        self.state(COVER, cover_at, "section", "min", self.cover * MM_PER_INCH)
        if c == "within_spec":
            other = 5 - self.cover
            # the same requirement stated twice, both for no particular condition (a cover for
            # footings cast against earth beside a general one is the specific and the general,
            # no conflict)
            installation[1] = f"Minimum concrete cover to reinforcing steel: {other} inches."
            self.state(COVER, f"{self.spec032}#3.2.B", "section", "min", other * MM_PER_INCH)
        def body(cover: int) -> str:
            installation[0] = f"Minimum cover for reinforcement: {cover} inches."
            general = [("SUMMARY", [None, None, None]), ("SUBMITTALS", [None, None, None]),
                       ("QUALITY ASSURANCE", [None, None]), ("DELIVERY, STORAGE AND HANDLING", [None, None])]
            products = [("REINFORCING BARS", [None, None, None]), ("WELDED-WIRE REINFORCEMENT", [None, None]),
                        ("BAR SUPPORTS", [None, None, None]), ("FABRICATION", [None, None])]
            execution = [("PREPARATION", [None, None]), ("INSTALLATION", list(installation)),
                         ("JOINTS", [None, None, None]), ("FIELD QUALITY CONTROL", [None, None])]
            return self._section_format("03 20 00", "Concrete Reinforcing", [general, products, execution])

        title = f"Section 03 20 00 Concrete Reinforcing ({self.code})"
        if n != "revised":
            return self._front(self.spec032, "specification", title) + body(self.cover)
        # revision 0 stated another cover; revision 1, in force by the date, states the drawing's
        # (the same filler prose in both: the generator is replayed from the same state)
        state = self.rng.getstate()
        self.files["spec-032000-r0.md"] = self._front(self.spec032, "specification", title) + body(5 - self.cover)
        self.rng.setstate(state)
        later = self.issued + dt.timedelta(days=60)
        return self._front(self.spec032, "specification", title, revision=1, issued=later,
                           extra={"changed": '["3.2"]'}) + body(self.cover)

    def _drawing(self, fc: str) -> str:
        c, n = self.conflict, self.near_miss
        rng = self.rng
        fillers = list(DRAWING_NOTES)
        rng.shuffle(fillers)
        cover = (f"MINIMUM CONCRETE COVER {round(self.cover * 25)} MM AT BOTTOM AND SIDES OF FOOTINGS CAST AGAINST EARTH."
                 if n == "units_cover" else
                 f"MINIMUM CONCRETE COVER {self.cover} INCHES AT BOTTOM AND SIDES OF FOOTINGS CAST AGAINST EARTH.")
        if c == "within_spec":
            cover = "PROVIDE CORNER BARS TO MATCH AT ALL CORNERS AND INTERSECTIONS OF CONTINUOUS FOOTINGS."
        else:
            self.state(COVER, f"{self.drawing}#callout-8", "callout", "min",
                       round(self.cover * 25) if n == "units_cover" else self.cover * MM_PER_INCH)
        if n == "bound_met":
            air = f"EXTERIOR STOOPS AND EQUIPMENT PADS: AIR CONTENT {self.air - 0.5} PERCENT."
            self.state(AIR, f"{self.drawing}#callout-13", "callout", "exact", self.air - 0.5)
        else:
            air = f"EXTERIOR STOOPS AND EQUIPMENT PADS: AIR CONTENT {self.air} PERCENT, PLUS OR MINUS 1.5 PERCENT."
            self.state(AIR, f"{self.drawing}#callout-13", "callout", "range", self.air - 1.5, self.air + 1.5)
        texts = {3: f"CONCRETE f'c = {fc} @ 28 DAYS", 8: cover, 13: air}
        lines = [
            f"# Building {self.code} - Sheet S-101, Foundation Plan (generated for the sweep benchmark).",
            f"id: {self.drawing}", "kind: drawing", "sheet: S-101", "title: Foundation Plan", 'revision: "0"', "seq: 1",
            "scale: 1/8\" = 1'-0\"", f"issued: {self.issued.isoformat()}",
            f"effective: {{from: {self.issued.isoformat()}}}", f"recorded: {self.issued.isoformat()}T09:00:00Z",
            f"applies_to: {{building: [{self.code}]}}", "callouts:",
        ]
        for number in range(1, 15):
            text = texts.get(number) or fillers.pop()
            lines += [f"  - id: callout-{number}", f"    text: {json.dumps(text)}"]
        return "\n".join(lines) + "\n"

    def _schedule(self) -> str:
        c = self.conflict
        rng = self.rng
        wc = self.wc_row
        row = f"{self.schedule}#table-2.row-1"
        self.state(WC, row, "table_row", "max", wc)
        self.state(SLUMP, row, "table_row", "max", self.slump * MM_PER_INCH)
        notes = [
            "Bottom of all footings shall bear on undisturbed native soil or compacted engineered fill accepted by "
            "the geotechnical engineer.",
            "Lap splices of continuous footing reinforcement: 40 bar diameters, staggered.",
            "Concrete and reinforcing materials, placement and testing: Specification Sections 03 30 00 and 03 20 00.",
        ]
        if c == "within_schedule":
            notes.append(f"Slump at point of placement: {self.slump + 2} inches maximum.")
            self.state(SLUMP, f"{self.schedule}#4.4", "section", "max", (self.slump + 2) * MM_PER_INCH)
        lines = [
            "# 1 GENERAL NOTES AND SCHEDULES", "",
            f"Building {self.code}, Sheet S-001. The schedules list every footing mark shown on the Foundation Plan, "
            "Sheet S-101; typical details are on Sheet S-501.", "",
            "## 2 FOOTING SCHEDULE", "",
            "| Mark | Width | Depth | Reinforcing |", "|---|---|---|---|",
        ]
        for mark in range(1, 7):
            width = 2 + mark + rng.randrange(2)
            lines.append(f"| F{mark} | {width}'-0\" | 1'-{rng.choice([0, 2, 4, 6])}\" | "
                         f"({rng.randrange(3, 9)}) #{rng.choice([5, 6, 7])} each way bottom |")
        lines += ["", "## 3 CONCRETE MIXTURES", "",
                  "| Class | Use | Max w/c ratio | Slump |", "|---|---|---|---|",
                  f"| A | Footings, foundation walls and slabs-on-grade | {wc:.2f} | {self.slump} inches maximum |", "",
                  "## 4 NOTES", ""]
        for number, note in enumerate(notes, 1):
            lines += [f"4.{number} {note}", ""]
        return self._front(self.schedule, "schedule", f"General Notes and Schedules ({self.code})") + "\n".join(lines)

    def _addendum_fc(self) -> str:
        day = self.issued + dt.timedelta(days=21)
        supersedes = (f"\n  - target: {self.spec033}#2.1.A\n    scope: full\n    effective: {day.isoformat()}\n"
                      f"    by: {self.addendum}#1.1")
        body = [
            f"ADDENDUM NO. 1 — BUILDING {self.code}", "", "1 CHANGES TO THE SPECIFICATIONS", "",
            f'1.1 Section 03 30 00, Paragraph 2.1.A: Delete the paragraph and substitute: "Compressive strength at '
            f'28 days: not less than {self.fc:,} psi."', "",
            f"1.2 Section 03 20 00, Article 1.2: Revise the list of submittals: {_clause(self.rng)}", "",
            "2 RESPONSES TO BIDDER QUESTIONS", "",
            "2.1 Question: May concrete be placed by pump? Answer: Yes, where the design mixture names it a pump "
            "mixture.", "",
        ]
        return self._front(self.addendum, "addendum", f"Addendum No. 1 ({self.code})", issued=day,
                           extra={"supersedes": supersedes}) + "\n".join(body) + "\n"

    def _late_addendum(self) -> str:
        day = PLANTED_VALID_AT - dt.timedelta(days=10)
        effective = PLANTED_VALID_AT + dt.timedelta(days=30)
        supersedes = (f"\n  - target: {self.spec033}#2.1.D\n    scope: full\n    effective: {effective.isoformat()}\n"
                      f"    by: {self.late_addendum}#1.1")
        body = [
            f"ADDENDUM NO. 2 — BUILDING {self.code}", "", "1 CHANGES TO THE SPECIFICATIONS", "",
            f'1.1 Section 03 30 00, Paragraph 2.1.D: Delete the paragraph and substitute: "Air content: '
            f'{self.air + 3} percent, plus or minus 1 percent."', "",
        ]
        self.state(AIR, f"{self.late_addendum}#1.1", "section", "range", self.air + 2, self.air + 4, in_force=False)
        return self._front(self.late_addendum, "addendum", f"Addendum No. 2 ({self.code})", revision=0, issued=day,
                           effective=effective, extra={"supersedes": supersedes}) + "\n".join(body) + "\n"

    # ---- the answer key --------------------------------------------------------------------

    def _plant(self) -> None:
        c, n = self.conflict, self.near_miss
        spec, dwg, sched = self.spec033, self.drawing, self.schedule
        if c == "spec_vs_drawing":
            self.plant_conflict(c, "quantity_conflict", FC, f"{spec}#2.1.A", f"{dwg}#callout-3",
                                why=f"not less than {self.fc:,} psi against f'c = {self.fc + 1000:,} PSI (minimums)")
        elif c == "spec_vs_schedule":
            self.plant_conflict(c, "table_mismatch", WC, f"{spec}#2.1.B", f"{sched}#table-2.row-1",
                                why=f"maximum w/c {self.wc:.2f} against {self.wc_row:.2f} in the schedule row")
        elif c == "within_spec":
            self.plant_conflict(c, "quantity_conflict", COVER, f"{self.spec032}#3.2.A", f"{self.spec032}#3.2.B",
                                why=f"minimum cover {self.cover} inches against {5 - self.cover} inches, one section")
        elif c == "within_schedule":
            self.plant_conflict(c, "table_mismatch", SLUMP, f"{sched}#table-2.row-1", f"{sched}#4.4",
                                why=f"slump {self.slump} inches maximum in the row against {self.slump + 2} inches "
                                    "maximum in a note of the same schedule")
        elif c == "broken_reference":
            self.plant_conflict(c, "broken_reference", None, f"{spec}#1.1.B", f"{spec}#3.12",
                                why="'except as provided in 3.12': the section's Part 3 ends at 3.6")
        elif c == "superseded_reference":
            # across documents: the finding names the reference and the addendum paragraph that replaced its target
            self.plant_conflict(c, "superseded_reference", None, f"{spec}#1.1.B", f"{spec}#2.1.A",
                                why=f"'subject to 2.1.A': {self.addendum}#1.1 replaced 2.1.A before the date",
                                scope="across_documents")
        if n == "units_cover":
            self.plant_near_miss(n, COVER, f"{self.spec032}#3.2.A", f"{dwg}#callout-8",
                                 why=f"{self.cover} inches and {round(self.cover * 25)} mm: the same cover within 2%")
        elif n == "units_slump":
            self.plant_near_miss(n, SLUMP, f"{spec}#2.1.C", f"{sched}#table-2.row-1",
                                 why=f"{self.slump * 25} mm and {self.slump} inches: the same slump within 2%")
        elif n == "units_fc":
            self.plant_near_miss(n, FC, f"{spec}#2.1.A", f"{dwg}#callout-3",
                                 why=f"{self.fc:,} psi and {self.fc / PSI_PER_MPA:.1f} MPa: the same strength within 2%")
        elif n == "superseded":
            self.plant_near_miss(n, FC, f"{spec}#2.1.A", f"{dwg}#callout-3",
                                 why=f"2.1.A said {self.fc + 1000:,} psi, but {self.addendum}#1.1 replaced it with the "
                                     f"drawing's {self.fc:,} psi before the date (left out unless --include-superseded)")
        elif n == "bound_met":
            self.plant_near_miss(n, AIR, f"{spec}#2.1.D", f"{dwg}#callout-13",
                                 why=f"a stated {self.air - 0.5} percent lies within {self.air} ± 1.5 percent")
        elif n == "other_building":
            partner = f"B{self.partner:04d}"
            self.plant_near_miss(n, FC, f"{dwg}#callout-3", f"SPEC-{partner}-033000#2.1.A", buildings=[self.code, partner],
                                 why=f"{self.fc:,} psi and {5000 if self.fc == 4000 else 4000:,} psi, but in documents "
                                     f"of buildings {self.code} and {partner}, which never apply together")
        elif n == "revised":
            self.plant_near_miss(n, COVER, f"{self.spec032}#3.2.A", f"{dwg}#callout-8",
                                 why=f"revision 0 of 3.2.A said {5 - self.cover} inches; revision 1, in force by the "
                                     f"date, says the drawing's {self.cover} inches")
        elif n == "not_yet_in_force":
            self.plant_near_miss(n, AIR, f"{self.late_addendum}#1.1", f"{dwg}#callout-13",
                                 why=f"the addendum's {self.air + 3} ± 1 percent takes effect after the date")
        elif n == "valid_reference":
            self.plant_near_miss(n, None, f"{spec}#1.1.C", f"{spec}#3.4",
                                 why="'except as provided in 3.4': 3.4 exists and is in force")

    def _check_key(self) -> None:
        """The planted quantity conflicts must be exactly the pairs the sweep's rule finds among
        this building's in-force statements: a generator that wrote an unplanted one stops here."""
        live = [s for s in self.statements if s.in_force]
        found = set()
        for i, a in enumerate(live):
            for b in live[i + 1:]:
                if a.subject == b.subject and statements_conflict(a, b):
                    found.add(frozenset((a.locator, b.locator)))
        planted = {frozenset(c["locators"]) for c in self.conflicts if c["subject"] is not None}
        if found != planted:
            raise AssertionError(f"building {self.code}: the statements conflict in {sorted(map(sorted, found))}, "
                                 f"the key plants {sorted(map(sorted, planted))}")
        for near in self.near_misses:
            by_locator = {s.locator: s for s in self.statements if s.subject == near["subject"]}
            pair = [by_locator.get(locator) for locator in near["locators"]]
            if near["plant"].startswith("units") or near["plant"] == "bound_met":
                if None in pair or statements_conflict(*pair):
                    raise AssertionError(f"building {self.code}: near-miss {near} is a conflict")
            elif near["plant"] in ("superseded", "not_yet_in_force"):
                if None in pair or all(s.in_force for s in pair) or not statements_conflict(*pair):
                    raise AssertionError(f"building {self.code}: near-miss {near} would not conflict in force")


DRAWING_NOTES = [
    "TOP OF SLAB EL. 100'-0\" (PROJECT DATUM). TOP OF FOOTINGS EL. 96'-6\" U.N.O.",
    "FOUNDATIONS DESIGNED FOR AN ALLOWABLE SOIL BEARING PRESSURE OF 3,000 PSF PER THE GEOTECHNICAL REPORT.",
    "5\" CONCRETE SLAB ON GRADE W/ #4 @ 18\" O.C. EACH WAY OVER 15 MIL VAPOR RETARDER. SEE 4/S-501.",
    "CONTINUOUS FOOTING F1: 2'-0\" WIDE x 1'-0\" DEEP. SEE 3/S-501.",
    "SPREAD FOOTING F4 AT TYPICAL INTERIOR COLUMN. SEE FOOTING SCHEDULE FOR ALL SPREAD FOOTING MARKS.",
    "REINFORCING: ASTM A615 DEFORMED BARS. PROVIDE CORNER BARS AT ALL CORNERS AND INTERSECTIONS.",
    "15 MIL VAPOR RETARDER UNDER ALL INTERIOR SLABS ON GRADE. LAP 6\" AND TAPE ALL SEAMS.",
    "SAWCUT CONTRACTION JOINT, 1/4 SLAB DEPTH, AT 15'-0\" O.C. MAX EACH WAY.",
    "#5 DOWELS @ 16\" O.C. TO MATCH WALL VERTICAL REINFORCING. LAP SPLICES 40 BAR DIAMETERS U.N.O.",
    "ELEVATOR PIT: 12\" CONCRETE WALLS AND 12\" MAT. WATERSTOP AT ALL CONSTRUCTION JOINTS.",
    "GEOTECHNICAL ENGINEER TO OBSERVE ALL FOOTING EXCAVATIONS BEFORE CONCRETE PLACEMENT.",
    "BOTTOM OF FOOTINGS NOT LESS THAN 3'-6\" BELOW FINISHED GRADE FOR FROST PROTECTION.",
    "ISOLATION JOINT AT ALL COLUMNS AND WALLS: 1/2\" PREFORMED JOINT FILLER, FULL DEPTH.",
    "ANCHOR RODS: ASTM F1554 GRADE 36, SET WITH TEMPLATES. SEE COLUMN SCHEDULE.",
]


def _campus_documents(dest: Path, rng: random.Random) -> int:
    """The agreement and a quality-requirements section without ``applies_to``: they apply to
    every building and state no bound quantity, so they pair with everything and conflict with nothing."""
    day = dt.date(2025, 1, 6)
    folder = dest / "documents" / "campus"
    folder.mkdir(parents=True, exist_ok=True)
    common = {"revision": '"0"', "seq": 1, "issued": day.isoformat(), "effective": f"{{from: {day.isoformat()}}}",
              "recorded": f"{day.isoformat()}T09:00:00Z"}
    agreement = [
        "AGREEMENT BETWEEN OWNER AND CONTRACTOR — CAMPUS CONSTRUCTION PROGRAM", "",
        "ARTICLE 1 THE CONTRACT DOCUMENTS", "",
        "1.1 The Contract Documents are the Agreement, the Conditions of the Contract, the Drawings, the "
        "Specifications and the Addenda issued before execution, for each building of the program.", "",
        "1.2 Order of Precedence. Where the Contract Documents disagree, change orders govern the Agreement, the "
        "Agreement governs the Drawings, and the Drawings govern the Specifications; within a level, the latest "
        "issued document governs.", "",
        "1.3 Each building's documents apply to that building only, as each document states.", "",
        "ARTICLE 2 THE WORK", "",
    ]
    for number in range(1, 9):
        agreement += [f"2.{number} {_clause(rng)}", ""]
    (folder / "agreement.md").write_text(_front_matter({"id": "AGR-CAMPUS", "kind": "agreement",
                                                        "title": "Campus Agreement", **common})
                                         + "\n".join(agreement), encoding="utf-8")
    quality = ["SECTION 01 45 00 - QUALITY CONTROL", ""]
    for part_no, part in enumerate(["GENERAL", "PRODUCTS", "EXECUTION"], 1):
        quality += [f"PART {part_no} - {part}", ""]
        for article in range(1, 5):
            quality += [f"{part_no}.{article} ARTICLE {part_no}.{article}", ""]
            for letter in "ABCD":
                quality += [f"{letter}. {_clause(rng)}", ""]
    (folder / "spec-014500.md").write_text(_front_matter({"id": "SPEC-CAMPUS-014500", "kind": "specification",
                                                          "title": "Section 01 45 00 Quality Control", **common})
                                           + "\n".join(quality), encoding="utf-8")
    return 2


#: The manifest, a ``str.format`` template of ``project``.
PLANTED_MANIFEST = """\
# A campus of buildings written by bench/generate_project.py --planted, for the sweep benchmark.
# Every document but the two campus-wide ones says which building it applies to.
# supersession/csi-addenda is not used: every building has a Section 03 30 00, so an addendum's
# "Section 03 30 00, Paragraph 2.1.A" names no one document; the addenda declare their edges.
project: {project}
facets: [building]
rules:
  - stock: precedence/aia-style
    params: {{source: "Agreement Article 1.2"}}
  - stock: qualifiers/cross-references
"""


def generate_planted(dest: Path, buildings: int, *, seed: int = 7, project: str = "campus") -> dict:
    """Write a campus of ``buildings`` buildings under ``dest`` and its answer key
    (``dest/answer-key.json``); return the key.

    Each building (~200 provisions) has Section 03 30 00 and 03 20 00, a foundation plan with
    14 callouts, a schedule with a footing table and a one-row mixture table, and per pattern
    an addendum; every document says ``applies_to: {building: [Bnnnn]}``. Each of the five
    concrete subjects is stated twice per building and the two agree, except where building
    ``b``'s pattern (``PATTERNS[b % 10]``) plants a conflict: compressive strength in the
    specification against the drawing (quantity_conflict), w/c in the specification against
    the schedule row (table_mismatch), two covers in one section, a schedule row against a
    note of the same schedule, a cross-reference to an article the section does not have
    (broken_reference), one to a paragraph an addendum replaced (superseded_reference). And a
    near-miss that is not a conflict: the same value in other units, a conflicting paragraph an
    addendum replaced before the date, a stated value that meets the other's range, the same
    disagreement between two buildings, an earlier revision's value, an addendum that takes
    effect after the date, a cross-reference that resolves. The key lists each with the
    unpinned locators of both sides; it also lists every bound statement written, so a test can
    hold the key against ``inforce facts``. Deterministic for ``seed``. ``project`` is the
    manifest's ``project:`` (a portfolio's projects each need their own name).
    """
    if buildings < 2:
        raise ValueError("a planted campus needs at least two buildings (one near-miss pairs neighbours)")
    (dest / "documents").mkdir(parents=True, exist_ok=True)
    (dest / "inforce.yaml").write_text(PLANTED_MANIFEST.format(project=project), encoding="utf-8")
    files = _campus_documents(dest, random.Random(seed))
    conflicts: list[dict] = []
    near_misses: list[dict] = []
    statements: list[dict] = []
    for number in range(buildings):
        building = _Building(number, buildings, seed)
        building.write()
        folder = dest / "documents" / f"{number // 100:02d}" / building.code
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in building.files.items():
            (folder / name).write_text(text, encoding="utf-8")
        files += len(building.files)
        conflicts += building.conflicts
        near_misses += building.near_misses
        statements += [{"subject": s.subject, "locator": s.locator, "kind": s.kind, "bound": s.bound,
                        "value": s.value, "upper": s.upper, "in_force": s.in_force} for s in building.statements]
    key = {
        "format": "inforce-sweep-answer-key/1",
        "project": project, "seed": seed, "buildings": buildings, "files": files,
        "valid_at": PLANTED_VALID_AT.isoformat(),
        "units": {FC: "psi", WC: "ratio", SLUMP: "mm", AIR: "percent", COVER: "mm"},
        "counts": {
            "conflicts": dict(sorted(Counter(c["kind"] for c in conflicts).items())),
            "near_misses": dict(sorted(Counter(n["plant"] for n in near_misses).items())),
        },
        "conflicts": conflicts, "near_misses": near_misses, "statements": statements,
    }
    (dest / ANSWER_KEY).write_text(json.dumps(key, indent=1) + "\n", encoding="utf-8")
    return key


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
    parser.add_argument(
        "--planted", type=int, default=None, metavar="BUILDINGS",
        help=f"write a campus of BUILDINGS buildings (~{PROVISIONS_PER_BUILDING} provisions each) with planted "
             f"conflicts and near-misses, and its answer key DEST/{ANSWER_KEY}",
    )
    args = parser.parse_args()
    if args.planted is not None:
        key = generate_planted(args.dest, args.planted, seed=args.seed)
        print(f"wrote {key['files']} files for {args.planted} buildings under {args.dest}: "
              f"{len(key['conflicts'])} planted conflicts {key['counts']['conflicts']}, "
              f"{len(key['near_misses'])} near-misses {key['counts']['near_misses']}")
        return
    if args.small_docs is not None:
        files = generate_small(args.dest, args.small_docs, seed=args.seed, start=args.start)
        print(f"wrote {files} files for {args.small_docs} handbooks under {args.dest}")
        return
    files = generate(args.dest, args.docs, seed=args.seed, start=args.start)
    print(f"wrote {files} files for {args.docs} documents under {args.dest}")


if __name__ == "__main__":
    main()
