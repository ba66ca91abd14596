"""Property: for generated documents mixing every numbering style, prose that looks like
numbering, and pipe tables, the outline finds exactly the sections written, and every
provision's span, path, parent and locator hold together."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from inforce.adapters.ingest import parse_outline
from inforce.adapters.ingest.numbering import slugify
from inforce.ontology import Locator, Section, TableRow

TITLES = ["GENERAL", "PRODUCTS", "Scope Of Work", "Definitions", "Records Retention", "EXECUTION"]
TEXTS = [
    "Provide concrete as specified.",
    "Compressive strength: not less than 4,000 psi.",
    "The Contractor shall keep records.",
    "Submit shop drawings.",
]
NOTES = ["General Notes", "Quality Assurance", "Definitions & Terms", "Notes"]
#: Prose that starts like numbering but is not: each must stay text.
PROSE = [
    "the contractor shall submit 3 copies.",
    "2026 was the first year of the policy.",
    "5 years of records are kept.",
    "10 MPa at 7 days is expected.",
    "4,000 psi is the minimum.",
    "12.5 mm is the clearance.",
    "Section 2.1 of this specification governs.",
    "(f) of this clause applies.",
    "Refer to (a) and 2.1.A for details.",
    "Provide materials as specified.",
]
CELLS = ["30 to 40 kg", "250 mg twice daily", "A", "x", "4,000 psi"]
SF_CHAIN = ["upper", "num", "lower", "num-paren", "lower-paren"]
REG_CHAIN = ["reg-lower", "reg-num", "reg-roman", "reg-upper"]
ROMANS = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii"]


def _label(style: str, value: int) -> tuple[str, str]:
    """(marker as printed, path segment) for the value-th paragraph of a style."""
    letter, upper = chr(96 + value), chr(64 + value)
    return {
        "upper": (f"{upper}.", upper),
        "num": (f"{value}.", str(value)),
        "lower": (f"{letter}.", letter),
        "num-paren": (f"{value})", str(value)),
        "lower-paren": (f"{letter})", letter),
        "reg-lower": (f"({letter})", letter),
        "reg-num": (f"({value})", str(value)),
        "reg-roman": (f"({ROMANS[value - 1]})", ROMANS[value - 1]),
        "reg-upper": (f"({upper})", upper),
    }[style]


@dataclass
class Generated:
    lines: list[str] = field(default_factory=list)
    sections: list[tuple[str, str | None]] = field(default_factory=list)
    rows: list[tuple[str, str | None]] = field(default_factory=list)
    tables: int = 0

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


class _Writer:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.doc = Generated()

    def heading(self, line: str, path: str, parent: str | None) -> None:
        if self.rng.random() < 0.5:
            self.doc.lines.append("")
        self.doc.lines.append(line)
        self.doc.sections.append((path, parent))

    def body(self, parent: str | None) -> None:
        for _ in range(self.rng.randint(0, 2)):
            kind = self.rng.choice(["prose", "prose", "blank", "table"])
            if kind == "prose":
                self.doc.lines.append(self.rng.choice(PROSE))
            elif kind == "blank":
                self.doc.lines.append("")
            else:
                self.table(parent)

    def table(self, parent: str | None) -> None:
        self.doc.tables += 1
        columns = self.rng.randint(1, 3)

        def cells() -> str:
            return "| " + " | ".join(self.rng.choice(CELLS) for _ in range(columns)) + " |"

        self.doc.lines += ["", cells(), "|" + "---|" * columns]
        for row in range(1, self.rng.randint(1, 3) + 1):
            self.doc.lines.append(cells())
            self.doc.rows.append((f"table-{self.doc.tables}.row-{row}", parent))
        self.doc.lines.append("")

    # -- structures ------------------------------------------------------------------

    def csi_document(self) -> None:
        digits = (self.rng.randint(0, 49), self.rng.randint(0, 99), self.rng.randint(0, 99))
        number = " ".join(f"{d:02d}" for d in digits)
        path = "".join(f"{d:02d}" for d in digits)
        self.heading(f"SECTION {number} - {self.rng.choice(TITLES).upper()}", path, None)
        self.body(path)
        for part in range(1, self.rng.randint(1, 3) + 1):
            part_path = f"part-{part}"
            self.heading(f"PART {part} - {self.rng.choice(TITLES).upper()}", part_path, path)
            self.body(part_path)
            for article in range(1, self.rng.randint(0, 3) + 1):
                self.decimal((part, article), part_path, depth_left=1, family=SF_CHAIN)

    def decimal_document(self) -> None:
        value = self.rng.randint(1, 3)
        for _ in range(self.rng.randint(1, 3)):
            self.decimal(
                (value,), None, depth_left=2, family=self.rng.choice([SF_CHAIN, REG_CHAIN])
            )
            value += self.rng.randint(1, 2)

    def cfr_document(self) -> None:
        number = self.rng.randint(1, 5)
        for _ in range(self.rng.randint(1, 3)):
            path = f"447.{number}"
            self.heading(f"§ {path} {self.rng.choice(TITLES)}.", path, None)
            self.body(path)
            self.paragraphs(path, REG_CHAIN, 0)
            number += self.rng.randint(1, 9)

    def decimal(
        self, comps: tuple[int, ...], parent: str | None, *, depth_left: int, family: list[str]
    ) -> None:
        path = ".".join(str(c) for c in comps)
        title = self.rng.choice(TITLES)
        style = self.rng.choice(["plain", "plain", "markdown", "bold", "introduced"])
        dot = "." if len(comps) > 1 and self.rng.random() < 0.5 else ""
        line = {
            "plain": f"{path}{dot} {title.upper()}",
            "markdown": f"{'#' * len(comps)} {path}{dot} {title}",
            "bold": f"**{path}{dot} {title.upper()}**",
            "introduced": f"Section {path} {title}",
        }[style]
        self.heading(line, path, parent)
        self.body(path)
        if depth_left and self.rng.random() < 0.5:
            child = 1
            for _ in range(self.rng.randint(1, 3)):
                self.decimal((*comps, child), path, depth_left=depth_left - 1, family=family)
                child += self.rng.randint(1, 2)
            return
        self.paragraphs(path, family, 0)
        if self.rng.randint(0, 3) == 0:
            # An unnumbered heading after the paragraphs of its numbered parent (plain text cannot
            # say it belongs to "1" rather than to "1.1", so it never follows numbered children).
            note = self.rng.choice(NOTES)
            note_path = f"{path}.{slugify(note)}"
            self.heading(f"###### {note}", note_path, path)
            self.body(note_path)
            self.paragraphs(note_path, family, 0)

    def paragraphs(
        self, parent: str, family: list[str], level: int, *, first_inline: bool = False
    ) -> None:
        if level >= len(family) or not self.rng.random() < 0.5:
            return
        style = family[level]
        limit = 8 if style.startswith("reg") else 5
        for value in range(1, self.rng.randint(1, limit) + 1):
            marker, segment = _label(style, value)
            path = f"{parent}.{segment}"
            text = self.rng.choice(TEXTS)
            # (a)(1) on one line opens both levels.
            inline = (
                style.startswith("reg") and level + 1 < len(family) and self.rng.randint(0, 3) == 0
            )
            if inline:
                child_marker, child_segment = _label(family[level + 1], 1)
                self.heading(f"{marker}{child_marker} {text}", path, parent)
                self.doc.sections.append((f"{path}.{child_segment}", path))
                self.body(f"{path}.{child_segment}")
                self.paragraphs(f"{path}.{child_segment}", family, level + 2)
                self.more_children(path, family, level + 1)
            else:
                indent = (
                    "   " * level if not style.startswith("reg") and self.rng.random() < 0.5 else ""
                )
                self.heading(f"{indent}{marker} {text}", path, parent)
                self.body(path)
                self.paragraphs(path, family, level + 1)

    def more_children(self, parent: str, family: list[str], level: int) -> None:
        """Siblings after an inline first child: (2), (3) … under (a)."""
        style = family[level]
        for value in range(2, self.rng.randint(1, 4) + 1):
            marker, segment = _label(style, value)
            self.heading(f"{marker} {self.rng.choice(TEXTS)}", f"{parent}.{segment}", parent)
            self.body(f"{parent}.{segment}")
            self.paragraphs(f"{parent}.{segment}", family, level + 1)


def generate(seed: int, structure: str) -> Generated:
    """A random document; a plain seeded generator keeps 150 examples to a few seconds (a
    failure prints the seed and the text, which is what a person needs to reproduce it)."""
    writer = _Writer(random.Random(seed))
    if writer.rng.random() < 0.5:
        writer.doc.lines.append(writer.rng.choice(PROSE))
    {"csi": writer.csi_document, "decimal": writer.decimal_document, "cfr": writer.cfr_document}[
        structure
    ]()
    return writer.doc


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    structure=st.sampled_from(["csi", "decimal", "cfr"]),
    rev=st.sampled_from([None, "0", "D", "2.1"]),
)
@pytest.mark.slow
def test_outline_finds_the_sections_written_and_spans_hold(
    seed: int, structure: str, rev: str | None
):
    doc = generate(seed, structure)
    text = doc.text
    result = parse_outline(text, file="gen.md")
    assert result.errors == []
    sections = [(p.path, p.parent) for p in result.provisions if isinstance(p, Section)]
    rows = [(p.path, p.parent) for p in result.provisions if isinstance(p, TableRow)]
    assert sections == doc.sections, text
    assert rows == doc.rows, text

    paths = [p.path for p in result.provisions]
    assert len(paths) == len(set(paths))
    section_paths = {path for path, _ in sections}
    starts = [p.span.start for p in result.provisions]
    assert starts == sorted(starts)
    for provision in result.provisions:
        if isinstance(provision, TableRow):
            header = text[provision.header_span.start : provision.header_span.end]
            assert header + "\n" + text[provision.span.start : provision.span.end] == provision.text
        else:
            assert text[provision.span.start : provision.span.end] == provision.text
            assert provision.text == provision.text.rstrip()
        assert provision.parent is None or provision.parent in section_paths
        locator = Locator(doc="GEN-1", rev=rev, path=provision.path)
        assert Locator.parse(str(locator)) == locator
