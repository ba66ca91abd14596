"""Audit 109 B F3: pdfium, once asked for a PDF's form (``init_forms``, then a page: the table and
access readers ask for it), walks every path down the ``/AcroForm /Fields`` tree, 32 levels deep. A
field listed twice in its parent's ``/Kids`` is walked twice, so 31 fields each listing the next
twice (a 3 KB file of 33 objects) are 2 ** 31 paths: ingest ran past a minute, and three a level
would take years. No PDF limit counted the fields. The tree is now walked before pdfium is asked,
counting along every path (each field's kids read once, the count stopping just past the bound):
more than ``MAX_PDF_FORM_FIELDS``, or a field listed below itself, refuses the file (exit 2,
nothing stored). A form of real shape reads as before (the access tests read field values:
``tests/cli/test_pdf_annotation_marking_104a.py``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_objects import graph_stored, ingest_one_pdf, write_pdf

from inforce.adapters.ingest.pdf import MAX_PDF_FORM_FIELDS, pdf_text_layer
from inforce.ontology import InputError

FILE = "documents/form.pdf"
PAGE = [
    b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
    b"<< /Length 38 >>\nstream\nBT /F1 12 Tf 36 760 Td (1 SCOPE) Tj ET\nendstream",
]
WIDGET = b"/FT /Tx /V (x) /Type /Annot /Subtype /Widget /Rect [0 0 10 10] /P 4 0 R"


def _chained(path: Path, depth: int, width: int, *, back: int | None = None) -> Path:
    """A one-page PDF whose form's fields (objects 6, 7, ...) each list the next ``width`` times in
    their /Kids, ``depth`` levels, over one widget; ``back``: the last field lists field ``back``
    (its object number) instead of the widget."""
    fields = []
    for level in range(depth):
        kid = 6 + level + 1
        if back is not None and level == depth - 1:
            kid = back
        fields.append(b"<< /T (f%d) /Kids [%s] >>" % (level, b" ".join([b"%d 0 R" % kid] * width)))
    bodies = [b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] >> >>", *PAGE, *fields,
              b"<< /T (leaf) %s >>" % WIDGET]
    return write_pdf(path, bodies)


def test_a_field_tree_whose_kids_repeat_is_refused_before_pdfium_walks_it(tmp_path: Path) -> None:
    child, seconds, root = ingest_one_pdf(tmp_path, lambda path: _chained(path, 31, 2), name="form.pdf")
    assert (root / FILE).stat().st_size < 4_000
    assert child.returncode == 2, (child.returncode, child.stdout, child.stderr)
    assert (f"{FILE}: the PDF is too large to read: its form's field tree (/AcroForm /Fields) holds more "
            f"than {MAX_PDF_FORM_FIELDS:,} fields counted along every path down it") in child.stderr, child.stderr
    assert not graph_stored(root)
    assert seconds < 10, seconds  # past 60 s before (2 ** 31 paths)


@pytest.mark.parametrize(("depth", "width"), [(3, 300), (17, 2)])
def test_wide_or_deep_repeats_pass_the_bound(tmp_path: Path, depth: int, width: int) -> None:
    """300 repeats 3 levels deep (27 million paths, a 6 KB file), or 2 repeats 17 deep (262,143 paths)."""
    path = _chained(tmp_path / "form.pdf", depth, width)
    with pytest.raises(InputError, match=f"more than {MAX_PDF_FORM_FIELDS:,} fields") as raised:
        pdf_text_layer(path, file=FILE)
    assert raised.value.file == FILE


def test_a_field_listed_below_itself_is_refused(tmp_path: Path) -> None:
    path = _chained(tmp_path / "form.pdf", 4, 1, back=7)  # f3 lists f1 (object 7): a cycle pdfium walks 32 deep
    with pytest.raises(InputError) as raised:
        pdf_text_layer(path, file=FILE)
    text = str(raised.value)
    assert raised.value.file == FILE and "form field (object 7) is listed among its own /Kids" in text, text


def test_a_form_of_real_shape_reads_as_before(tmp_path: Path) -> None:
    """Fields in groups (a parent per group, its kids each listed once) and a repeat that stays under
    the bound (2 ** 15 paths) read as any PDF does: the form is not read here, only counted."""
    groups, members = 40, 25
    bodies = [b"", *PAGE]
    parents = []
    for group in range(groups):
        parent = len(bodies) + 1
        kids = list(range(parent + 1, parent + 1 + members))
        bodies.append(b"<< /T (g%d) /Kids [%s] >>" % (group, b" ".join(b"%d 0 R" % kid for kid in kids)))
        bodies += [b"<< /T (m%d) /Parent %d 0 R %s >>" % (member, parent, WIDGET) for member in range(members)]
        parents.append(parent)
    bodies[0] = b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [%s] >> >>" % b" ".join(
        b"%d 0 R" % parent for parent in parents)
    layer = pdf_text_layer(write_pdf(tmp_path / "form.pdf", bodies), file=FILE)
    assert layer.text.strip() == "1 SCOPE"
    layer = pdf_text_layer(_chained(tmp_path / "repeat.pdf", 14, 2), file=FILE)  # 32,767 paths
    assert layer.text.strip() == "1 SCOPE"
