"""Document text is data for every reader: each writer escapes the one list of control and bidi
characters (``inforce.ontology.text``), checked here character by character through the real
writers — the terminal, the Markdown, HTML and SARIF reports, and the engine's RFI Markdown."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from inforce.adapters.cli import app
from inforce.adapters.cli._common import visible
from inforce.adapters.report.html import render_html
from inforce.adapters.report.markdown import render_markdown
from inforce.adapters.report.sarif import render_sarif
from inforce.ontology import SweepReport
from inforce.ontology.text import (
    BIDI_CONTROLS,
    CONTROL_CHARACTERS,
    html_text,
    json_text,
    markdown_inline,
    markdown_line,
    markdown_quoted,
    markdown_visible,
    terminal_text,
)

from sweep_samples import sample_report

CONTROLS = [pytest.param(chr(c), id=f"U+{c:04X}") for c in CONTROL_CHARACTERS]


def test_the_list_holds_every_control_the_writers_must_not_obey() -> None:
    # ESC (terminal sequences), DEL, a C1 control (CSI), the bidi marks that terminals and
    # viewers obey: Arabic letter mark, LRM, RLM, the overrides and the isolates
    for code in (0x1B, 0x7F, 0x9B, 0x061C, 0x200E, 0x200F, 0x202A, 0x202E, 0x2066, 0x2069):
        assert code in CONTROL_CHARACTERS
    assert set(BIDI_CONTROLS) <= set(CONTROL_CHARACTERS)
    assert not {0x09, 0x0A} & set(CONTROL_CHARACTERS)  # tab and newline lay text out
    assert len(set(CONTROL_CHARACTERS)) == len(CONTROL_CHARACTERS)


def _report_with(text: str) -> SweepReport:
    """The sample report, its first provision's text carrying ``text``."""
    report = sample_report()
    first = report.findings[0]
    side = first.provisions[0].model_copy(update={"text": f"before {text} after"})
    finding = first.model_copy(update={"provisions": (side, *first.provisions[1:])})
    return report.model_copy(update={"findings": (finding, *report.findings[1:])})


@pytest.mark.parametrize("char", CONTROLS)
def test_the_terminal_writes_each_control_out(char: str) -> None:
    shown = visible(f"a{char}b")
    assert char not in shown and shown == terminal_text(f"a{char}b")
    code = ord(char)
    if code != 0x0C:  # a page break reads as a line break
        assert (f"\\u{code:04x}" if code in BIDI_CONTROLS else f"\\x{code:02x}") in shown


@pytest.mark.parametrize("char", CONTROLS)
def test_the_markdown_escapers_write_each_control_out(char: str) -> None:
    code = f"\\u{ord(char):04x}"
    for escaped in (markdown_visible(f"a{char}b"), markdown_inline(f"a{char}b"), markdown_line(f"a{char}b"),
                    *markdown_quoted(f"a{char}b")):
        assert char not in escaped
    if not f"a{char}b".split() == ["a", "b"]:  # text.split() reads some controls as blanks
        assert code in markdown_line(f"a{char}b")


@pytest.mark.parametrize("char", CONTROLS)
def test_the_markdown_report_writes_each_control_out(char: str) -> None:
    page = render_markdown(_report_with(char))
    assert char not in page
    assert "before" in page and "after" in page  # the text is written, not dropped with its control


@pytest.mark.parametrize("char", CONTROLS)
def test_the_html_report_writes_each_control_out(char: str) -> None:
    page = render_html(_report_with(char))
    assert char not in page
    assert html_text(f"before {char} after") in page  # the text is written, escaped the one way
    assert char not in html_text(f"<{char}>") and "&lt;" in html_text(f"<{char}>")


@pytest.mark.parametrize("char", CONTROLS)
def test_the_sarif_file_escapes_each_control_and_keeps_the_text(char: str) -> None:
    report = _report_with(char)
    log = render_sarif(report)
    assert char not in log
    result = json.loads(log)["runs"][0]["results"][0]
    assert result["locations"][0]["properties"]["text"] == report.findings[0].provisions[0].text


def test_json_text_changes_bytes_not_meaning() -> None:
    document = json.dumps({"text": "".join(map(chr, CONTROL_CHARACTERS))}, ensure_ascii=False)
    escaped = json_text(document)
    assert not set(map(chr, CONTROL_CHARACTERS)) & set(escaped)
    assert json.loads(escaped) == json.loads(document)


@pytest.mark.parametrize("beside", ["", "\u00e9"], ids=["ascii", "not-ascii"])
@pytest.mark.parametrize("code", CONTROL_CHARACTERS, ids=lambda c: f"U+{c:04X}")
def test_json_text_writes_out_a_control_alone_in_ascii_text_or_not(code: int, beside: str) -> None:
    """One control in a document otherwise of ASCII (the quick path: C0 and DEL scanned for one by
    one) or not (the pattern) is written out either way; a document with none is given back."""
    document = '{"text": "' + beside + "a" + chr(code) + 'b"}'
    escaped = json_text(document)
    assert chr(code) not in escaped and f"\\u{code:04x}" in escaped
    assert json.loads(escaped)["text"] == beside + "a" + chr(code) + "b"
    plain = '{"text": "' + beside + 'ab"}'
    assert json_text(plain) is plain


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_the_cli_shows_bidi_marks_it_used_to_obey(tmp_path: Path) -> None:
    """U+061C, U+200E and U+200F reorder what a terminal shows: the CLI writes them out."""
    from corpus_writer import write_doc

    (tmp_path / "documents").mkdir()
    (tmp_path / "inforce.yaml").write_text("project: bidi\n")
    write_doc(tmp_path, "BIDI-1", "2026-01-01", "1 SCOPE\n\n1.1 Keep \u061c7\u200e years\u200f of records.\n")
    ingested = CliRunner().invoke(app, ["ingest", str(tmp_path)])
    assert ingested.exit_code == 0, ingested.output
    shown = CliRunner().invoke(app, ["show", str(tmp_path), "BIDI-1#1.1"])
    assert shown.exit_code == 0, shown.output
    for mark in ("\u061c", "\u200e", "\u200f"):
        assert mark not in shown.stdout and f"\\u{ord(mark):04x}" in shown.stdout


def test_a_mention_reads_as_written_but_mentions_no_one():
    """Audit 23q L2: ``@everyone`` in a case name was a live mention in a pull-request comment."""
    from inforce.ontology.text import markdown_inline, markdown_line

    for render in (markdown_inline, markdown_line):
        assert render("ask @everyone or @org/team") == "ask @&#8203;everyone or @&#8203;org/team"
        assert render("mail a@b.com at @ 12") == "mail a@b.com at @ 12"  # no mention: left as it is
