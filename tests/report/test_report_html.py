"""The sweep's HTML report: document text stays data, the page loads nothing, and it sorts,
filters and opens in a real browser (Debian's chromium and chromedriver, driven by selenium).

The browser tests skip where chromium or chromedriver is missing, except under ``CI=true``
where they fail: CI must run them (``.ci/run`` installs both). One browser serves the module.

``docs/sweep-report.png`` is made by hand from the sample with
``PYTHONPATH=tests/support .venv/bin/python tests/report/test_report_html.py docs/sweep-report.png``
(no test writes there; tests/support is where the sample comes from).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from inforce.adapters.report import render
from inforce.adapters.report.html import CONTENT_SECURITY_POLICY, render_html
from inforce.ontology import Finding, GoneFinding, SweepReport

from sweep_samples import sample_report

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


class _Page(HTMLParser):
    """Every element the page holds, with its attributes, and the text of each script."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.elements.append((tag, dict(attrs)))
        if tag == "script":
            self._in_script = True
            self.scripts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts[-1] += data

    def tags(self, name: str) -> list[dict[str, str | None]]:
        return [attrs for tag, attrs in self.elements if tag == name]


def _data_island(page: str) -> Any:
    match = re.search(r'<script type="application/json" id="findings-data">(.*?)</script>', page, re.S)
    assert match is not None
    return json.loads(match.group(1))


def _with_baseline(report: SweepReport) -> SweepReport:
    findings = tuple(
        f.model_copy(update={"baseline": "new" if i == 0 else "unchanged"})
        for i, f in enumerate(report.findings)
    )
    gone = (GoneFinding(id="deadbeef00000000", kind="contradiction",
                        locators=("SPEC-033000#1.1", "DWG-A-101#note-<i>2</i>")),)
    return report.model_copy(update={"findings": findings, "baseline": "sweep-2026-04.json", "gone": gone})


# ---------------------------------------------------------------- the page as text


def test_dispatch_renders_html() -> None:
    report = sample_report()
    assert render(report, "html") == render_html(report)


def test_markup_in_document_text_is_escaped_not_obeyed() -> None:
    page = render_html(sample_report())
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<b>" not in page and "&lt;b&gt;4,000 psi&lt;/b&gt;" in page
    parsed = _Page(page)
    # exactly the page's own two scripts (the data island and the code), no <b>, no <i>
    assert [a.get("type") for a in parsed.tags("script")] == ["application/json", None]
    assert not parsed.tags("b") and not parsed.tags("i")


def test_bidi_and_control_characters_are_written_out() -> None:
    page = render_html(sample_report())
    assert "\u202e" not in page and "\u202c" not in page
    assert "3.12 \\u202etxet desrever\\u202c." in page
    side = sample_report().findings[0].provisions[1]
    hostile = side.model_copy(update={"text": "a\u2066b\u2069c\u200ed\u200fe\u061cf\x1b[2Jg\rh"})
    finding = sample_report().findings[0].model_copy(update={"provisions": (hostile,)})
    page = render_html(sample_report().model_copy(update={"findings": (finding,)}))
    assert "a\\u2066b\\u2069c\\u200ed\\u200fe\\u061cf\\x1b[2Jg\nh" in page
    visible_text = page.split('id="findings-data">')[0]
    assert not re.search("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\x00-\x08\x0b-\x1f\x7f]", visible_text)


def test_rfi_is_preformatted_text_not_markdown() -> None:
    page = render_html(sample_report())
    assert '<pre class="rfi"># Request for information: Section 03 30 00' in page
    assert "**Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3**" in page
    assert "&gt; A. Compressive strength at 28 days" in page
    assert not _Page(page).tags("h1")[1:], "the RFI's heading must not become an element"


def test_same_report_same_bytes() -> None:
    assert render_html(sample_report()) == render_html(sample_report())
    assert render_html(_with_baseline(sample_report())) == render_html(_with_baseline(sample_report()))


def test_the_page_names_no_url() -> None:
    side = sample_report().findings[0].provisions[1]
    lure = side.model_copy(update={"text": 'see <img src="https://evil.example/x.png"> and url(//evil.example/a)'})
    finding = sample_report().findings[0].model_copy(update={"provisions": (lure,)})
    for report in (sample_report(), sample_report().model_copy(update={"findings": (finding,)})):
        page = render_html(report)
        parsed = _Page(page)
        url_attributes = {"src", "href", "action", "formaction", "srcset", "poster", "background", "ping", "data"}
        assert [(tag, a) for tag, attrs in parsed.elements for a in attrs if a in url_attributes] == []
        assert not parsed.tags("img") and not parsed.tags("link")
        assert [v for _, attrs in parsed.elements for v in attrs.values() if v and ("//" in v or ":" in v)
                and v != CONTENT_SECURITY_POLICY] == []
        style = page.split("<style>")[1].split("</style>")[0]
        assert "url(" not in style and "@import" not in style
        assert "http" not in parsed.scripts[1] and "fetch(" not in parsed.scripts[1]
    page = render_html(sample_report())
    assert "http://" not in page and "https://" not in page


def test_content_security_policy_is_strict() -> None:
    page = render_html(sample_report())
    metas = [m for m in _Page(page).tags("meta") if m.get("http-equiv") == "Content-Security-Policy"]
    assert [m["content"] for m in metas] == [CONTENT_SECURITY_POLICY]
    directives = {d.split()[0]: d.split()[1:] for d in CONTENT_SECURITY_POLICY.split("; ")}
    assert directives["default-src"] == ["'none'"]
    assert directives["script-src"] == ["'unsafe-inline'"] and directives["style-src"] == ["'unsafe-inline'"]
    assert directives["img-src"] == ["data:"]


def test_data_island_round_trips() -> None:
    report = sample_report()
    page = render_html(report)
    island = page.split('id="findings-data">')[1].split("</script>")[0]
    assert "<" not in island and ">" not in island and "&" not in island
    assert island.isascii()
    data = _data_island(page)
    assert data == {"findings": [f.model_dump(mode="json") for f in report.findings]}
    assert tuple(Finding.model_validate(f) for f in data["findings"]) == report.findings


def test_rows_carry_their_finding() -> None:
    report = sample_report()
    rows = [a for a in _Page(render_html(report)).tags("tr") if a.get("class") == "finding"]
    assert [(r["data-id"], r["data-kind"], r["data-resolution"]) for r in rows] == [
        (f.id, f.kind, f.resolution) for f in report.findings
    ]


def test_header_and_summary() -> None:
    page = render_html(sample_report())
    for text in ("riverside-library", "2026-05-01", "5cae3c6f36c676f8", "precedence/aia-style",
                 "22,791", "61 (every source together, each counting what it compares)", "no embeddings stored (run inforce embed)",
                 "No baseline given.", "4 of 4 findings shown"):
        assert text in page, text
    assert "<th scope=\"row\">escalate</th><td>2</td>" in page
    assert "<th scope=\"row\">embedding</th><td>skipped</td>" in page


def test_baseline_new_unchanged_and_gone() -> None:
    page = render_html(_with_baseline(sample_report()))
    assert "<code>sweep-2026-04.json</code>" in page
    assert "<dt>New</dt><dd>1</dd><dt>Unchanged</dt><dd>3</dd><dt>Gone</dt><dd>1</dd>" in page
    assert "deadbeef00000000" in page and "DWG-A-101#note-&lt;i&gt;2&lt;/i&gt;" in page


def test_winner_is_named() -> None:
    page = render_html(sample_report())
    assert ("<strong>Governs:</strong> Section 03 30 00 §2.1.A as amended by Addendum No. 2 §1.3 "
            "(<code>SPEC-033000#2.1.A</code>) under Agreement Article 1.2 (INF-P001)") in page


def test_no_findings_says_so() -> None:
    report = sample_report()
    empty = report.model_copy(update={
        "findings": (), "summary": report.summary.model_copy(update={"by_kind": {}, "by_resolution": {}}),
    })
    page = render_html(empty)
    assert "No findings." in page
    assert 'id="findings"' not in page
    assert _data_island(page) == {"findings": []}


# ---------------------------------------------------------------- the page in a browser


def _browser_missing() -> str | None:
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (dev extra)"
    missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.is_file()]
    if missing:
        return f"{' and '.join(missing)} missing (apt-get install chromium chromium-driver)"
    return None


@contextlib.contextmanager
def _chromium(width: int = 1280, height: int = 1000) -> Iterator[Any]:
    """Debian's chromium through its chromedriver; never Selenium Manager (no driver downloads)."""
    from selenium import webdriver
    from selenium.webdriver.common.selenium_manager import SeleniumManager

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", "--hide-scrollbars", "--lang=en-US"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    service = webdriver.ChromeService(executable_path=str(CHROMEDRIVER))

    def downloads(*_: object) -> dict[str, str]:
        raise AssertionError("Selenium Manager was asked for a driver: it would download one")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SeleniumManager, "binary_paths", downloads)
        driver = webdriver.Chrome(service=service, options=options)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    reason = _browser_missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"browser tests cannot run: {reason}; CI must run them")
        pytest.skip(f"browser tests need chromium: {reason}")
    with _chromium() as driver:
        yield driver


@pytest.fixture(scope="module")
def report_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("report") / "sweep report.html"
    path.write_text(render_html(sample_report()), encoding="utf-8")
    return path.as_uri()


@pytest.fixture
def page(browser: Any, report_url: str) -> Any:
    """The sample report freshly loaded, the browser's logs emptied before."""
    browser.get_log("performance")
    browser.get_log("browser")
    browser.get(report_url)
    return browser


def _css(driver: Any, selector: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return driver.find_elements(By.CSS_SELECTOR, selector)


def _shown_ids(driver: Any) -> list[str]:
    return [row.get_attribute("data-id") for row in _css(driver, "tr.finding") if row.is_displayed()]


def _order(driver: Any) -> list[str]:
    return [row.get_attribute("data-id") for row in _css(driver, "tr.finding")]


def _count_text(driver: Any) -> str:
    return _css(driver, "#shown-count")[0].text


def test_browser_renders_every_finding(page: Any) -> None:
    report = sample_report()
    assert _shown_ids(page) == [f.id for f in report.findings]
    assert _count_text(page) == "4 of 4 findings shown"
    assert _css(page, "#controls")[0].is_displayed()
    # the hostile texts stayed text: no element of theirs, no alert (selenium would raise)
    assert not _css(page, "b") and len(_css(page, "script")) == 2
    _css(page, "#expand-all")[0].click()
    body = _css(page, "body")[0].text
    assert "<script>alert(1)</script>" in body and "\\u202etxet desrever\\u202c" in body


@pytest.mark.slow  # over 0.8 s; the full suite runs it
def test_browser_filters_by_kind_resolution_and_text(page: Any) -> None:
    from selenium.webdriver.support.ui import Select

    report = sample_report()
    kind = Select(_css(page, "#filter-kind")[0])
    resolution = Select(_css(page, "#filter-resolution")[0])
    search = _css(page, "#filter-text")[0]

    kind.select_by_value("table_mismatch")
    assert _shown_ids(page) == ["0b1c2d3e4f5a6b7c"]
    assert _count_text(page) == "1 of 4 findings shown"
    kind.select_by_value("")

    resolution.select_by_value("escalate")
    assert _shown_ids(page) == [f.id for f in report.findings if f.resolution == "escalate"]
    assert _count_text(page) == "2 of 4 findings shown"

    search.send_keys("callout")  # only the drawing callout's finding, among the escalations
    assert _shown_ids(page) == ["3f2a9c01d4e5b6a7"]
    assert _count_text(page) == "1 of 4 findings shown"
    resolution.select_by_value("")
    search.clear()
    search.send_keys("ALERT(1)")  # a provision's text, any case
    assert _shown_ids(page) == ["1234abcd5678ef90"]
    search.clear()
    search.send_keys("broken reference")  # vocabulary as words
    assert _shown_ids(page) == ["9a8b7c6d5e4f3a2b"]
    search.send_keys(" nothing-like-this")
    assert _shown_ids(page) == []
    assert _count_text(page) == "0 of 4 findings shown"
    assert _css(page, "#none-shown")[0].is_displayed()
    search.clear()
    search.send_keys(" ")
    assert len(_shown_ids(page)) == 4 and _count_text(page) == "4 of 4 findings shown"


def test_browser_sorts_by_header_and_toggles(page: Any) -> None:
    ids = [f.id for f in sample_report().findings]
    header = _css(page, 'th[data-col="id"]')[0]
    assert header.get_attribute("aria-sort") is None and _order(page) == ids
    header.find_element("css selector", "button").click()
    assert _order(page) == sorted(ids)
    assert header.get_attribute("aria-sort") == "ascending"
    header.find_element("css selector", "button").click()
    assert _order(page) == sorted(ids, reverse=True)
    assert header.get_attribute("aria-sort") == "descending"

    kind = _css(page, 'th[data-col="kind"]')[0]
    kind.find_element("css selector", "button").click()
    by_kind = sorted(sample_report().findings, key=lambda f: f.kind.replace("_", " "))
    assert _order(page) == [f.id for f in by_kind]
    assert kind.get_attribute("aria-sort") == "ascending" and header.get_attribute("aria-sort") is None
    # each detail row moves with its finding
    details = [d.get_attribute("id") for d in _css(page, "tbody.finding-group details")]
    assert details == [f"finding-{f.id}" for f in by_kind]


def test_browser_detail_shows_both_sides(page: Any) -> None:
    finding = sample_report().findings[0]
    details = _css(page, f"#finding-{finding.id}")[0]
    quotes = details.find_elements("css selector", "blockquote")
    assert quotes and not any(q.is_displayed() for q in quotes)
    _css(page, f'tr.finding[data-id="{finding.id}"] td')[1].click()  # a click on the row opens it
    assert details.get_attribute("open") is not None
    assert [q.text for q in quotes] == [p.text for p in finding.provisions]
    assert all(q.is_displayed() for q in quotes)
    sides = details.find_elements("css selector", ".side")
    # side by side: the second column starts to the right of the first, on the same line
    assert sides[0].location["y"] == sides[1].location["y"] and sides[0].location["x"] < sides[1].location["x"]
    assert "Replaces\nSPEC-033000#2.1.A" in sides[0].text
    rfi = details.find_element("css selector", "pre.rfi")
    assert rfi.text.startswith("# Request for information:")


def test_browser_sends_no_request_and_breaks_no_policy(page: Any, report_url: str) -> None:
    _css(page, "#expand-all")[0].click()
    _css(page, 'th[data-col="subject"] button')[0].click()
    _css(page, "#filter-text")[0].send_keys("psi")
    urls = []
    for entry in page.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] == "Network.requestWillBeSent":
            urls.append(message["params"]["request"]["url"])
    assert report_url in urls, "the performance log saw no request at all: the check proves nothing"
    assert [u for u in urls if u != report_url and not u.startswith("data:")] == []
    problems = [e["message"] for e in page.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert problems == []


def test_browser_enforces_the_policy(page: Any) -> None:
    """The control for the test above: the policy is in force, so a lure would be refused."""
    violated = page.execute_async_script(
        """
        var done = arguments[arguments.length - 1];
        document.addEventListener("securitypolicyviolation", function (e) {
          done(e.violatedDirective + " " + e.blockedURI);
        });
        var img = document.createElement("img");
        img.src = "https://evil.example/x.png";
        document.body.appendChild(img);
        """
    )
    assert violated == "img-src https://evil.example/x.png"


def test_browser_without_script_shows_every_row(browser: Any, report_url: str) -> None:
    """With scripts off every row is there, the dead controls are not, and details still open."""
    browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        browser.get(report_url)
        assert len(_shown_ids(browser)) == 4
        assert _count_text(browser) == "4 of 4 findings shown"
        assert not _css(browser, "#controls")[0].is_displayed()
        _css(browser, "details summary")[0].click()
        assert _css(browser, "details blockquote")[0].is_displayed()
        _css(browser, 'th[data-col="id"] button')[0].click()
        assert _css(browser, 'th[data-col="id"]')[0].get_attribute("aria-sort") is None
    finally:
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})


@pytest.mark.slow  # two sweeps of a whole example; the tests above load the sample report
def test_browser_shows_a_real_sweep_of_the_construction_example(
    browser: Any, tmp_path: Path, ingested_example: Callable[[str], Path],
) -> None:
    """The report ``make demo`` writes: riverside swept through the CLI, loaded, filtered."""
    from typer.testing import CliRunner

    from inforce.adapters.cli import app

    project = ingested_example("riverside-library")  # read only: the reports go to tmp_path
    runner = CliRunner()
    report = tmp_path / "riverside.json"
    html_file = tmp_path / "riverside.html"
    for fmt, target in (("json", report), ("html", html_file)):
        result = runner.invoke(app, ["sweep", str(project), "--valid-at", "2026-05-01", "--fail-on", "none",
                                     "--format", fmt, "-o", str(target)])
        assert result.exit_code == 0, result.stderr
    findings = json.loads(report.read_text())["findings"]
    browser.get_log("performance")
    browser.get(html_file.as_uri())
    assert len(_css(browser, "tr.finding")) == len(findings) >= 10
    from selenium.webdriver.support.ui import Select

    Select(_css(browser, "#filter-kind")[0]).select_by_value("table_mismatch")
    tables = [f["id"] for f in findings if f["kind"] == "table_mismatch"]
    assert sorted(_shown_ids(browser)) == sorted(tables) and len(tables) == 8
    assert _count_text(browser) == f"{len(tables)} of {len(findings)} findings shown"
    messages = [json.loads(entry["message"])["message"] for entry in browser.get_log("performance")]
    requests = {m["params"]["request"]["url"] for m in messages if m["method"] == "Network.requestWillBeSent"}
    assert requests == {html_file.as_uri()}


def _screenshot(target: Path, report: Path | None = None) -> None:
    """A report as a reader first sees it, one finding open, into ``target``: the sweep JSON at
    ``report`` (``make demo`` writes riverside's), else the sample."""
    import tempfile

    shown = SweepReport.model_validate_json(report.read_text()) if report is not None else sample_report()
    with tempfile.TemporaryDirectory() as folder, _chromium(1280, 1000) as driver:
        path = Path(folder) / "sweep-report.html"
        path.write_text(render_html(shown), encoding="utf-8")
        driver.get(path.as_uri())
        _css(driver, "tr.finding td")[1].click()
        height = driver.execute_script("return document.documentElement.scrollHeight")
        chrome = driver.execute_script("return window.outerHeight - window.innerHeight")
        driver.set_window_size(1280, height + chrome)
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(target))


if __name__ == "__main__":
    _screenshot(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 else None)
