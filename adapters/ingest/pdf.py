"""A PDF's text layer, page by page, with pypdfium2 (tables with camelot come separately)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from inforce.ontology import InputError

__all__ = ["PAGE_BREAK", "PdfTextLayer", "pdf_text_layer"]

#: Between two pages in the text layer: a form feed on a line of its own.
PAGE_BREAK = "\n\f\n"


@dataclass(frozen=True, slots=True)
class PdfTextLayer:
    """A PDF's text and where each page starts in it.

    ``scanned_pages`` are the pages (1-based) that show an image but have no text: what
    they say is not in ``text``. A page with neither (a blank separator) is not listed.
    """

    text: str
    page_starts: list[int]
    scanned_pages: tuple[int, ...] = ()

    @property
    def has_text(self) -> bool:
        return bool(self.text.strip())


def pdf_text_layer(path: Path, *, file: str) -> PdfTextLayer:
    """The PDF's text (pages joined by ``PAGE_BREAK``, line ends normalised to ``\\n``), the
    offset where each page starts, and its pages without text that show an image; a PDF that
    cannot be read is an InputError naming it."""
    import pypdfium2  # deferred: only PDF projects pay for loading pdfium
    import pypdfium2.raw as pdfium_c

    try:
        document = pypdfium2.PdfDocument(str(path))
    except (pypdfium2.PdfiumError, OSError) as exc:
        raise InputError(
            f"cannot open the PDF: {exc}", file=file, hint="is it a valid, unencrypted PDF?"
        ) from None
    parts: list[str] = []
    starts: list[int] = []
    scanned: list[int] = []
    position = 0
    try:
        for index in range(len(document)):
            page = document[index]
            textpage = page.get_textpage()
            try:
                text = textpage.get_text_bounded()
                # Only a page without text is searched for images (a scan), so a text PDF
                # pays nothing for the check.
                if not text.strip() and next(
                    page.get_objects(filter=(pdfium_c.FPDF_PAGEOBJ_IMAGE,)), None
                ) is not None:
                    scanned.append(index + 1)
            finally:
                textpage.close()
                page.close()
            text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
            if parts:
                position += len(PAGE_BREAK)
            starts.append(position)
            parts.append(text)
            position += len(text)
    except pypdfium2.PdfiumError as exc:
        raise InputError(f"cannot read the PDF's text: {exc}", file=file) from None
    finally:
        document.close()
    return PdfTextLayer(PAGE_BREAK.join(parts), starts, tuple(scanned))
