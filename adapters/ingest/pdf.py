"""A PDF's text layer, page by page, with pypdfium2 (tables with camelot come separately)."""

from __future__ import annotations

from pathlib import Path

from inforce.ontology import InputError

__all__ = ["PAGE_BREAK", "pdf_text_layer"]

#: Between two pages in the text layer: a form feed on a line of its own.
PAGE_BREAK = "\n\f\n"


def pdf_text_layer(path: Path, *, file: str) -> tuple[str, list[int]]:
    """The PDF's text (pages joined by ``PAGE_BREAK``, line ends normalised to ``\\n``) and the
    offset where each page starts; a PDF that cannot be read is an InputError naming it."""
    import pypdfium2  # deferred: only PDF projects pay for loading pdfium

    try:
        document = pypdfium2.PdfDocument(str(path))
    except (pypdfium2.PdfiumError, OSError) as exc:
        raise InputError(
            f"cannot open the PDF: {exc}", file=file, hint="is it a valid, unencrypted PDF?"
        ) from None
    parts: list[str] = []
    starts: list[int] = []
    position = 0
    try:
        for index in range(len(document)):
            page = document[index]
            textpage = page.get_textpage()
            try:
                text = textpage.get_text_bounded()
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
    return PAGE_BREAK.join(parts), starts
