"""Tiny projects for the tests of the manifest's ``undeclared_access`` (issue 23): one document
under test, ``A``, in one of the formats the readers read, declaring neither ``access`` nor
``public: true`` (or, for a control, one of them), beside a document that declares the group
``GROUP`` (so the project uses it). Each file is written as a person would write it (front
matter, a sidecar, a register row in CSV or XLSX, a Word file, a PDF, an Akoma Ntoso act) and is
read by the real readers; nothing is mocked.

``write(root, form, rule=..., declares=...)`` writes the project and returns ``Written``: the
document's id, a locator of its text, and where a refusal of it must point (the file and line
where its metadata is)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from docx_writer import WordWriter

GROUP = "owner-team"
#: the words of the document under test: no other document holds them
MARK = "ZZUNDECLARED"
#: every form ``write`` writes
FORMS = ("markdown", "pdf", "word", "csv-schedule", "drawing", "register-csv", "register-xlsx",
         "register-pending", "akn", "akn-register")
#: what the document under test may declare: nothing, ``public: true``, or the group
DECLARES = ("", "public", "access")

_DATES = {"issued": "2026-03-02", "effective_from": "2026-03-02", "recorded": "2026-03-02T09:00:00Z"}
_META = "issued: 2026-03-02\neffective: {from: 2026-03-02}\nrecorded: 2026-03-02T09:00:00Z\n"
_GROUP_DOC = (f"---\nid: G-1\nkind: specification\ntitle: Group notes\naccess: [{GROUP}]\n{_META}---\n"
              "1 GENERAL\n\n1.1 Group words.\n")
_LINES = ["1 GENERAL", f"1.1 The {MARK} words apply."]
#: the act's metadata element is on this line of ``_ACT``
ACT_META_LINE = 2
ACT_ID = "ZZ-ACT-2020-01-01-1"
_ACT = """<?xml version="1.0" encoding="UTF-8"?>
<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><act name="act"><meta><identification source="#s">
<FRBRWork><FRBRthis value="/akn/zz/act/2020-01-01/1/main"/><FRBRuri value="/akn/zz/act/2020-01-01/1"/>\
<FRBRdate date="2020-01-01" name="Generation"/><FRBRauthor href="#s"/><FRBRcountry value="zz"/></FRBRWork>
<FRBRExpression><FRBRthis value="/akn/zz/act/2020-01-01/1/eng@/main"/><FRBRuri value="/akn/zz/act/2020-01-01/1/eng@"/>\
<FRBRdate date="2020-01-01" name="Generation"/><FRBRauthor href="#s"/><FRBRlanguage language="eng"/></FRBRExpression>
<FRBRManifestation><FRBRthis value="/akn/zz/act/2020-01-01/1/eng@/main.xml"/>\
<FRBRuri value="/akn/zz/act/2020-01-01/1/eng@.akn"/><FRBRdate date="2020-01-01" name="Generation"/>\
<FRBRauthor href="#s"/></FRBRManifestation>
</identification></meta>
<body><section eId="sec_1"><num>1</num><content><p>The ZZUNDECLARED words apply.</p></content></section></body>\
</act></akomaNtoso>
"""


@dataclass(frozen=True)
class Written:
    """The document under test as written: its id, a locator of its text, and where a refusal
    for its undeclared access points (``file``, ``line``)."""

    id: str
    locator: str
    file: str
    line: int


def manifest(rule: str | None, *, registry: str | None = None) -> str:
    """The manifest: ``undeclared_access: rule`` when given (written as is: ``refuse``,
    ``[owner-team]``)."""
    text = "project: p\nfacets: []\nrules:\n  - stock: precedence/none\n"
    if registry is not None:
        text += f"registry: {registry}\n"
    return text + (f"undeclared_access: {rule}\n" if rule is not None else "")


def _declared(declares: str) -> str:
    """What the metadata declares, as a line of front matter or a sidecar."""
    return {"": "", "public": "public: true\n", "access": f"access: [{GROUP}]\n",
            "public-empty": "public:\n", "public-word": "access: public\n"}[declares]


def _cells(declares: str) -> dict[str, str]:
    """What a register row declares, as its cells."""
    return {"": {}, "public": {"public": "true"}, "access": {"access": GROUP}, "public-empty": {"public": ""},
            "public-word": {"access": "public"}}[declares]


def _register_rows(root: Path, name: str, rows: list[dict[str, str]]) -> None:
    """A register (CSV or XLSX by ``name``) of ``rows``, its columns those any row uses."""
    columns = list(dict.fromkeys(column for row in rows for column in row))
    table = [columns, *([row.get(column, "") for column in columns] for row in rows)]
    if name.endswith(".csv"):
        (root / name).write_text("".join(",".join(cells) + "\n" for cells in table), encoding="utf-8")
        return
    from openpyxl import Workbook

    book = Workbook()
    for cells in table:
        book.active.append([cell or None for cell in cells])
    book.save(root / name)


def _word(path: Path) -> None:
    writer = WordWriter()
    for line in _LINES:
        writer.paragraph(line)
    writer.document.save(str(path))


def _pdf(path: Path) -> None:
    import fpdf  # the dev extra, as every test PDF is drawn

    drawing = fpdf.FPDF()
    drawing.add_page()
    drawing.set_font("Helvetica", size=11)
    for line in _LINES:
        drawing.cell(0, 8, line, new_x="LMARGIN", new_y="NEXT")
    drawing.output(str(path))


def write(root: Path, form: str, *, rule: str | None, declares: str = "") -> Written:
    """The project at ``root`` (made) with the document under test in ``form``, declaring
    ``declares`` (``DECLARES``), under ``undeclared_access: rule`` (None: the key left out)."""
    docs = root / "documents"
    docs.mkdir(parents=True)
    (docs / "g.md").write_text(_GROUP_DOC, encoding="utf-8")
    head = f"id: A-1\nkind: specification\ntitle: Plain notes\n{_declared(declares)}{_META}"
    row = {"file": "", "id": "A-1", "kind": "specification", "title": "Plain notes", **_DATES, **_cells(declares)}
    registry = None
    if form == "markdown":
        (docs / "a.md").write_text(f"---\n{head}---\n" + "\n\n".join(_LINES) + "\n", encoding="utf-8")
        written = Written("A-1", "A-1#1.1", "documents/a.md", 2)  # the front matter's first line under ---
    elif form in ("pdf", "word", "csv-schedule"):
        suffix = {"pdf": "pdf", "word": "docx", "csv-schedule": "csv"}[form]
        source = docs / f"a.{suffix}"
        if form == "pdf":
            _pdf(source)
        elif form == "word":
            _word(source)
        else:
            source.write_text(f"Item,Note\nBins,The {MARK} words apply.\n", encoding="utf-8")
        (docs / f"a.{suffix}.yaml").write_text(head, encoding="utf-8")
        locator = "A-1" if form == "csv-schedule" else "A-1#1.1"
        written = Written("A-1", locator, f"documents/a.{suffix}.yaml", 1)
    elif form == "drawing":
        (docs / "a.drawing.yaml").write_text(
            head.replace("kind: specification", "kind: drawing")
            + f"callouts:\n  - id: callout-1\n    text: \"THE {MARK} WORDS APPLY.\"\n", encoding="utf-8")
        written = Written("A-1", "A-1#callout-1", "documents/a.drawing.yaml", 1)
    elif form in ("register-csv", "register-xlsx"):
        registry = "register.csv" if form == "register-csv" else "register.xlsx"
        if form == "register-csv":  # a Markdown file whose metadata is its row
            (docs / "a.md").write_text("\n\n".join(_LINES) + "\n", encoding="utf-8")
            row["file"] = "documents/a.md"
        else:  # a Word file whose metadata is its row
            _word(docs / "a.docx")
            row["file"] = "documents/a.docx"
        _register_rows(root, registry, [row])
        written = Written("A-1", "A-1#1.1", registry, 2)
    elif form == "register-pending":  # a revision document control recorded, its file not here yet
        registry = "register.csv"
        _register_rows(root, registry, [row])
        written = Written("A-1", "A-1", registry, 2)
    elif form in ("akn", "akn-register"):
        (docs / "a.xml").write_text(_ACT, encoding="utf-8")
        if form == "akn-register" or declares:  # an act declares its access in its register row alone
            registry = "register.csv"
            _register_rows(root, registry, [{"file": "documents/a.xml", **_cells(declares)}])
            written = Written(ACT_ID, f"{ACT_ID}#1", registry, 2)
        else:
            written = Written(ACT_ID, f"{ACT_ID}#1", "documents/a.xml", ACT_META_LINE)
    else:
        raise ValueError(f"no form {form!r}: one of {', '.join(FORMS)}")
    (root / "inforce.yaml").write_text(manifest(rule, registry=registry), encoding="utf-8")
    return written
