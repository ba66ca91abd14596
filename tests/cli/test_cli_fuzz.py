"""Whatever a user types, the CLI answers or fails cleanly with the documented exit code.

Hypothesis writes locators, dates, datetimes, case values and front matter; the real CLI runs
them against a real ingested project. Every run must end in an answer or a clean error —
exit 0, 1 (a refusal or finding) or 2 (input) — with no traceback and never exit 70 (an
internal error: a bug). A failing example here is a crash a user would have met.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from inforce.adapters.cli import app

pytestmark = pytest.mark.slow

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "followup-handbooks"
runner = CliRunner()
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

#: characters people and scripts actually put in these fields, hostile ones included
_TEXT = st.text(alphabet=st.sampled_from(list("P1230@#.-_:/ZzT+ \t[]*'\"\\%é€\x00\n")), max_size=24)
_LOCATOR = st.one_of(
    _TEXT,
    st.builds(lambda d, r, p: f"{d}{r}{p}",
              st.sampled_from(["P1", "P2", "P3", "p1", "", "X" * 300, "P1 "]),
              st.sampled_from(["", "@0", "@A", "@", "@9", "@\u00e9"]),
              st.sampled_from(["", "#", "#4.1", "#4.1.", "#..", "#4.1#2", "#9.9.9", "#\u2028"])),
)
_DATE = st.one_of(
    _TEXT,
    st.dates().map(lambda d: d.isoformat()),
    st.sampled_from(["0001-01-01", "9999-12-31", "2025-02-29", "2024-02-29", "20250101", "2025-1-1", ""]),
)
_DATETIME = st.one_of(
    _DATE,
    st.sampled_from(["0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00", "2025-01-01T25:00:00Z",
                     "2025-01-01T00:00:00+99:00", "2025-01-01T00:00:00.123456789Z", "2025-01-01 10:00"]),
)
_CONTEXT = st.lists(
    st.builds(lambda k, v: f"{k}={v}", st.sampled_from(["market", "product", "pilot", "dispatch_date", "", "="]),
              st.one_of(_TEXT, _DATE)),
    max_size=4,
)


@pytest.fixture(scope="module")
def project(ingested_example) -> Path:
    """The process's shared ingest: the fuzzed commands only read it."""
    return ingested_example(EXAMPLE.name)


def _clean(result: object, allowed: set[int]) -> None:
    code = result.exit_code  # type: ignore[attr-defined]
    output = result.output  # type: ignore[attr-defined]
    assert code in allowed, f"exit {code}:\n{output}"
    assert "Traceback" not in output, output
    exception = result.exception  # type: ignore[attr-defined]
    assert exception is None or isinstance(exception, SystemExit), repr(exception)


@FUZZ
@given(locator=_LOCATOR, valid_at=_DATE, known_at=st.one_of(st.none(), _DATETIME))
def test_asof_answers_or_fails_cleanly(project: Path, locator: str, valid_at: str, known_at: str | None) -> None:
    args = ["asof", str(project), locator, "--valid-at", valid_at, "--groups", "support-uk"]
    if known_at is not None:
        args += ["--known-at", known_at]
    _clean(runner.invoke(app, args), {0, 1, 2})


@FUZZ
@given(locator=_LOCATOR, groups=st.one_of(st.none(), _TEXT))
def test_show_and_history_answer_or_fail_cleanly(project: Path, locator: str, groups: str | None) -> None:
    extra = [] if groups is None else ["--groups", groups]
    _clean(runner.invoke(app, ["show", str(project), locator, *extra]), {0, 1, 2})
    _clean(runner.invoke(app, ["history", str(project), locator, *extra]), {0, 1, 2})


@FUZZ
@given(context=_CONTEXT, valid_at=st.one_of(st.none(), _DATE), known_at=st.one_of(st.none(), _DATETIME))
def test_eligible_answers_or_fails_cleanly(project: Path, context: list[str], valid_at: str | None,
                                           known_at: str | None) -> None:
    args = ["eligible", str(project), "--groups", "support-uk"]
    for pair in context:
        args += ["--context", pair]
    if valid_at is not None:
        args += ["--valid-at", valid_at]
    if known_at is not None:
        args += ["--known-at", known_at]
    _clean(runner.invoke(app, args), {0, 1, 2})


@FUZZ
@given(now=_DATETIME)
def test_lag_answers_or_fails_cleanly(project: Path, now: str) -> None:
    _clean(runner.invoke(app, ["lag", str(project), "--now", now]), {0, 1, 2})


_FIELD = st.one_of(_TEXT, _DATE, st.sampled_from(["[]", "['']", "{}", "[a, b]", "~", "null", "1e400", "-1",
                                                   "{from: 2025-01-01}", "{from: x}", "&a [*a]", "!!python/object x"]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["id", "kind", "title", "revision", "seq", "issued", "effective", "recorded",
                              "access", "changed", "applies_to", "supersedes", "on_lapse"]),
       value=_FIELD)
def test_front_matter_ingests_or_is_an_input_error_naming_the_file(
    tmp_path_factory: pytest.TempPathFactory, field: str, value: str
) -> None:
    root = tmp_path_factory.mktemp("fm")
    (root / "documents").mkdir()
    (root / "inforce.yaml").write_text("project: fm\n")
    fields = {"id": "DOC-1", "kind": "specification", "title": "A document", "issued": "2025-01-01",
              "effective": "{from: 2025-01-01}", "recorded": "2025-01-01T00:00:00Z"}
    fields[field] = value.replace("\n", " ")
    front = "".join(f"{k}: {v}\n" for k, v in fields.items())
    (root / "documents" / "doc.md").write_text(f"---\n{front}---\n1 SCOPE\n\n1.1 Text.\n", encoding="utf-8")
    result = runner.invoke(app, ["ingest", str(root)])
    _clean(result, {0, 2})
    if result.exit_code == 2:
        assert "doc.md" in result.output, result.output
