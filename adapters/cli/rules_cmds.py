"""Rule commands: eligible, precedence, and the policy owner's tools (rules check|test|explain|impact|doc|schema|new|fmt)."""

from __future__ import annotations

import datetime as dt
import enum
import json
from pathlib import Path
from typing import Annotated, Any

import typer

from inforce.engine import DEFAULT_EXCLUSIONS, Project
from inforce.ontology import Context, InputError, RuleDecision
from inforce.ontology.files import append_line
from inforce.ontology.scalars import sent_locator
from inforce.ontology.text import echoed, file_line, terminal_line, whole_number

from ._common import (
    EXIT_FINDING,
    EXIT_INPUT,
    FormatOption,
    OutputFormat,
    ProjectArg,
    answered,
    emit_json,
    err,
    handle_errors,
    named_argument,
    out,
    outside_project_files,
    path_argument,
)
from ._options import (
    ContextOption,
    GroupsOption,
    KnownAtOption,
    ValidAtOption,
    build_context,
    pack_paths,
    parse_groups,
    parse_known_at,
    parse_names,
    parse_valid_at,
)

__all__ = ["register"]

# ---- eligible ----------------------------------------------------------------------------
ExclusionsOption = Annotated[
    str | None,
    typer.Option("--exclusions", help=f"excluded documents listed one by one: a number (default "
                 f"{DEFAULT_EXCLUSIONS}), all, or document ids comma-separated; every exclusion is counted",
                 show_default=False),
]


DecisionLogOption = Annotated[
    Path | None,
    typer.Option("--decision-log", help="append the decision to this log (JSON lines: the case, the outcome, the "
                 "rules and the index build; what rules impact --decisions replays)", show_default=False,
                 parser=path_argument),
]


def _log_decision(log: Path | None, opened: Project, decision: RuleDecision) -> None:
    """Append ``decision``'s line to ``log`` (docs/formats.md, "The decision log"), as the
    service writes its own: one whole line, appended at once."""
    if log is None:
        return
    line = {"at": dt.datetime.now(dt.UTC).isoformat().replace("+00:00", "Z"), "endpoint": decision.endpoint,
            "caller": "cli", "project": opened.manifest.project, "index_build": opened.build_id,
            "outcome": decision.outcome} | decision.fields()
    try:
        append_line(log, json.dumps(line, ensure_ascii=False, separators=(",", ":")))
    except OSError as problem:
        raise InputError(f"cannot append to the decision log: {problem.strerror or problem}", file=str(log),
                         field="--decision-log", hint="name a file (not a symbolic link) in a folder you may "
                         "write") from None


def _exclusions(value: str | None) -> tuple[int | None, tuple[str, ...]]:
    """``--exclusions``: (how many to detail, documents named to detail as well: a list as
    ``parse_names`` reads one)."""
    if value is None:
        return DEFAULT_EXCLUSIONS, ()
    hint = "e.g. --exclusions 100, --exclusions all, --exclusions P1,P3"
    if value.lower() == "all":
        return None, ()
    if value.isdigit() or value.startswith("-"):  # "²" and 5,000 digits are digits no number is read from
        if (number := whole_number(value)) is not None:
            return number, ()
        raise InputError(f"not a number, all or document ids: {echoed(value)}", field="--exclusions", hint=hint)
    return 0, parse_names(value, "--exclusions", "document id", hint=hint)


@handle_errors
def eligible(
    project: ProjectArg,
    context: ContextOption = None,
    groups: GroupsOption = None,
    valid_at: ValidAtOption = None,
    known_at: KnownAtOption = None,
    exclusions: ExclusionsOption = None,
    decision_log: DecisionLogOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Which documents may answer this case, why each other one may not, and what the packs calculate.

    Exit 0 when documents are eligible; 1 for a refusal or a clarification request.
    """
    if decision_log is not None:
        outside_project_files(decision_log, "--decision-log", project)
    case = build_context(context, groups, valid_at, known_at)
    limit, named = _exclusions(exclusions)
    with Project.open(project) as opened:
        result = opened.eligible(case, exclusions=limit, documents=named)
        _log_decision(decision_log, opened, RuleDecision.eligibility(case, result.contract()))
    if format is OutputFormat.json:
        emit_json(result.contract())
    else:
        _print_eligibility(result)
    if result.outcome != "eligible":
        raise typer.Exit(EXIT_FINDING)


def _print_eligibility(result: Any) -> None:
    if result.outcome == "clarification_request":
        if result.unstated_attributes:
            out.print("clarification request: the case does not state " + ", ".join(result.unstated_attributes),
                      markup=False)
        for unmatched in result.unmatched_values:
            out.print(f"clarification request: {unmatched}", markup=False)
        return
    date = result.applicability_date
    if date is not None:
        out.print(f"applicability date: {date.attribute} = {date.value}")
    if result.outcome == "refusal":
        out.print(f"refusal: {result.reason}")
    else:
        out.print("eligible: " + ", ".join(result.eligible))
    for exclusion in result.excluded:
        out.print(f"excluded: {exclusion.document} ({', '.join(exclusion.reasons)})", markup=False)
    hidden = result.excluded_total - len(result.excluded)
    if hidden > 0:
        counts = ", ".join(f"{reason} {count:,}" for reason, count in result.excluded_by_reason.items())
        out.print(f"... and {hidden:,} more excluded ({result.excluded_total:,} in all; by reason: {counts}); "
                  "--exclusions all lists them", markup=False)
    for calculation in result.calculations:
        conditions = ", ".join(f"{k}={_plain(v)}" for k, v in calculation.conditions.items())
        prefix = "(conditional on " + ", ".join(calculation.unknown) + ") " if calculation.unknown else ""
        out.print(f"{prefix}{calculation.output} = {calculation.result}  [{calculation.rule}, {calculation.source}]"
                  f"  conditions: {conditions}", markup=False)
    if result.conditional_on:
        out.print("conditional on " + ", ".join(result.conditional_on) + ": the case does not state it")


def _plain(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)


# ---- precedence --------------------------------------------------------------------------
@handle_errors
def precedence(
    project: ProjectArg,
    locator_a: Annotated[str, typer.Argument(metavar="LOCATOR-A", help="one provision, e.g. SPEC-033000#2.1.A")],
    locator_b: Annotated[str, typer.Argument(metavar="LOCATOR-B", help="the other, e.g. DWG-S-101#callout-3")],
    valid_at: ValidAtOption = None,
    pack: Annotated[list[str] | None, typer.Option(
        "--pack", help="decide under this precedence pack (stock name or file) instead of the project's; repeatable",
        show_default=False, parser=named_argument)] = None,
    param: Annotated[list[str] | None, typer.Option(
        "--param", help="a parameter k=v for the --pack packs, merged over the manifest's params for a pack it lists",
        show_default=False)] = None,
    known_at: KnownAtOption = None,
    groups: GroupsOption = None,
    decision_log: DecisionLogOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Which of two in-force provisions governs, under which rule and clause — or an escalation with an RFI draft.

    Exit 0 when a rule decides; 1 when the conflict is escalated.
    """
    if decision_log is not None:
        outside_project_files(decision_log, "--decision-log", project)
    params = dict(pair_option(p, "--param") for p in param or ())
    packs, asked = pack_paths(pack), Context(valid_at=parse_valid_at(valid_at), known_at=parse_known_at(known_at),
                                             groups=tuple(parse_groups(groups)))
    with Project.open(project) as opened:
        decided = opened.precedence(sent_locator(locator_a), sent_locator(locator_b), asked.valid_at,
                                    asked.known_at, packs=packs, params=params, groups=asked.groups)
        _log_decision(decision_log, opened, RuleDecision.precedence(locator_a, locator_b, asked, decided,
                                                                    packs=packs, params=params))
        result = answered(decided)
    if format is OutputFormat.json:
        emit_json(result)
    elif result.resolution == "resolved_by_precedence":
        out.print(f"{result.winner} governs — rule {result.rule}, clause: {result.clause}", markup=False)
        out.print(result.explanation, markup=False)
    else:
        out.print(result.rfi or "", markup=False)
    if result.resolution == "escalate":
        raise typer.Exit(EXIT_FINDING)


def pair_option(text: str, option: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise InputError(f"not k=v: {text!r}", field=option, hint='e.g. --param source="Agreement Article 1.2"')
    return name.strip(), value.strip()


# ---- rules check | test | explain | schema ------------------------------------------------
TargetArg = Annotated[
    str | None, typer.Argument(help="a pack file, a stock pack name, or a project folder; none: every stock pack",
                               show_default=False, parser=named_argument)
]


@handle_errors
def check(target: TargetArg = None, format: FormatOption = OutputFormat.text) -> None:
    """Lint rule packs: every problem as file:line:col: CODE message, with a hint. Exit 2 on problems."""
    from inforce.rules import check_report, check_target, stock_pack_names

    if format is OutputFormat.json:
        report = check_report(target)
        emit_json(report)
        problems = report.problems
    else:
        found = check_target(target)
        for problem in found:
            out.print(str(problem), markup=False)
        checked = [target] if target is not None else stock_pack_names()
        # the typed path on the summary's one line, as on each problem's (audit 84 B F3: a line break forged one)
        err.print(f"{len(found)} problem{'s' if len(found) != 1 else ''} in {', '.join(terminal_line(str(c)) for c in checked)}",
                  markup=False)
        problems = tuple(found)
    if problems:
        raise typer.Exit(EXIT_INPUT)


def _load_corpus(root: Path) -> list[Any]:
    from inforce.adapters.ingest import read_corpus

    return read_corpus(root)


@handle_errors
def test(
    target: TargetArg = None,
    format: FormatOption = OutputFormat.text,
    coverage: Annotated[bool, typer.Option(
        "--coverage", help="also list each rule, branch, pattern and table row of each pack, and whether a case "
        "reached it; exit 1 under the pack's `coverage:`")] = False,
    fail_under: Annotated[int | None, typer.Option(
        "--fail-under", min=0, max=100, help="the least coverage (percent) each pack needs, in place of its "
        "`coverage:` (implies --coverage)", show_default=False)] = None,
) -> None:
    """Run the tests written beside rule packs (NAME.test.yaml); none given: the stock packs' own.

    Exit 1 on a failure, or with --coverage when a pack's tests reach less of it than it requires.
    """
    report = Project.test_rules(target, load_corpus=_load_corpus, coverage=coverage or fail_under is not None,
                                fail_under=fail_under)
    if format is OutputFormat.json:
        emit_json(report)
    else:
        for result in report.cases:
            mark = "PASS" if result.passed else "FAIL"
            out.print(f"{mark} {file_line(result.file, result.line)} {terminal_line(result.name)}", markup=False)
            if not result.passed:
                out.print(result.diff(), markup=False)
        for pack in report.coverage:
            _print_coverage(pack)
        err.print(f"{report.passed} passed, {report.failed} failed ({report.files} test files)")
    under = [pack for pack in report.coverage if not pack.passed]
    for pack in under:
        err.print(f"{terminal_line(pack.pack)}: coverage {pack.percent}% is under the {pack.required}% required; no test reaches "
                  f"{len(pack.missed)}: " + "; ".join(f"{i.rule} {i.item} (line {i.line})" for i in pack.missed[:10])
                  + (f"; and {len(pack.missed) - 10} more" if len(pack.missed) > 10 else ""), markup=False)
    if report.failed or under:
        raise typer.Exit(EXIT_FINDING)


def _print_coverage(pack: Any) -> None:
    required = f", {pack.required}% required" if pack.required is not None else ""
    out.print(f"\ncoverage of {terminal_line(pack.pack)}: {pack.covered} of {pack.total} reached ({pack.percent}%{required})",
              markup=False)
    out.print(f"  {'reached':<8}{'rule':<10}{'kind':<8}{'line':>5}  item", markup=False)
    for item in pack.items:
        mark = "yes" if item.covered else "NO"
        line = "" if item.line is None else str(item.line)
        out.print(f"  {mark:<8}{item.rule:<10}{item.kind:<8}{line:>5}  {item.item}", markup=False)


@handle_errors
def explain(
    project: ProjectArg,
    context: ContextOption = None,
    groups: GroupsOption = None,
    valid_at: ValidAtOption = None,
    known_at: KnownAtOption = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Trace an eligibility decision: the rules that fired, in order, with sources; why each document is in or out.

    Exit 0 when documents are eligible; 1 for a refusal or a clarification request (as eligible).
    """
    case = build_context(context, groups, valid_at, known_at)
    with Project.open(project) as opened:
        explained = opened.explain(case)
    if format is OutputFormat.json:
        emit_json(explained)
    else:
        _print_explanation(explained)
    if explained.result.outcome != "eligible":
        raise typer.Exit(EXIT_FINDING)


def _print_explanation(explained: Any) -> None:
    result = explained.result
    out.print("packs: " + "; ".join(f"{terminal_line(p.name)} ({terminal_line(p.file)})" for p in explained.packs),
              markup=False)
    for number, step in enumerate(explained.trace, 1):
        if step.rule == "-":
            out.print(f"{number:>3}. {step.effect}", markup=False)
            continue
        where = f" [{step.origin}]" if step.origin else ""
        out.print(f"{number:>3}. {step.rule}{where} — {step.effect}", markup=False)
        out.print(f"       source: {step.source}", markup=False)
    out.print(f"outcome: {result.outcome}" + (f" ({result.reason})" if result.reason else ""), markup=False)


class ImpactFormat(enum.StrEnum):
    text = "text"
    json = "json"
    md = "md"
    sarif = "sarif"


@handle_errors
def impact(
    project: ProjectArg,
    pack: Annotated[str, typer.Option("--pack", help="the edited pack file: it replaces the project's pack at the "
                                      "same path, or the one whose rule ids it carries", show_default=False,
                                      parser=named_argument)],
    against: Annotated[str | None, typer.Option(
        "--against", help="the pack before the change, as a file", show_default=False, parser=named_argument)] = None,
    against_ref: Annotated[str | None, typer.Option(
        "--against-ref", help="the pack before the change, at this git revision (default HEAD when --pack is "
        "the project's file edited in place)", show_default=False)] = None,
    cases: Annotated[str | None, typer.Option(
        "--cases", help="JSON lines, one context a line: {\"name\", \"attributes\", \"groups\", \"valid_at\"}",
        show_default=False, parser=named_argument)] = None,
    valid_at: Annotated[list[str] | None, typer.Option(
        "--valid-at", help="a date of interest (YYYY-MM-DD), repeatable; default: the latest effective date of a revision --groups may read",
        show_default=False)] = None,
    decisions: Annotated[list[str] | None, typer.Option(
        "--decisions", metavar="LOG", help="replay the eligibility and precedence decisions of this log (the service's, or "
        "--decision-log's), audit record (check --audit-dir) or folder of records; repeatable",
        show_default=False, parser=named_argument)] = None,
    groups: GroupsOption = None,
    format: Annotated[ImpactFormat, typer.Option("--format", "-f", help="text, json, md (a pull-request "
                                                 "comment) or sarif")] = ImpactFormat.text,
) -> None:
    """Which decisions of the project a rule-pack change would change: eligibility (cases, the pack's
    tests, example answers, logged decisions), supersession edges and as-of answers, the sweep's
    precedence decisions and the logged ones, and (a vocabulary change) the stored figures' subjects.

    The sweep and the as-of answers are those --groups are shown (their own sweep and asof); a
    decision involving a document --groups may not read is neither listed nor counted (the pack
    is yours: a count would tell what the document says), and those documents are named once,
    "withheld (access)".
    Exit 0 when no decision shown changes, 1 when one does, 2 when a pack does not lint or a case
    of --cases decides nothing under either pack.
    """
    from inforce.adapters.report.impact import (
        render_impact_markdown,
        render_impact_sarif,
        render_impact_text,
    )

    dates = [day for day in (parse_valid_at(value) for value in valid_at or ()) if day is not None]
    with Project.open(project) as opened:
        report = opened.impact(pack, against=against, against_ref=against_ref, cases=cases, valid_at=dates,
                               decisions=tuple(decisions or ()), load_corpus=_load_corpus,
                               groups=parse_groups(groups))
    if format is ImpactFormat.json:
        emit_json(report)
    elif format is ImpactFormat.md:
        out.print(render_impact_markdown(report), markup=False, end="")
    elif format is ImpactFormat.sarif:
        out.print(render_impact_sarif(report), markup=False, end="")
    else:
        for line in render_impact_text(report):
            out.print(line, markup=False)
    if report.changed:
        raise typer.Exit(EXIT_FINDING)


class DocFormat(enum.StrEnum):
    text = "text"
    json = "json"
    md = "md"


@handle_errors
def doc(
    code: Annotated[str | None, typer.Argument(metavar="[CODE|RULE_ID]", help="a lint code (RP003 or its name) or "
                                               "a stock rule (INF-P001 or its slug); none: the list", show_default=False)] = None,
    format: Annotated[DocFormat, typer.Option("--format", "-f", help="text, json or md")] = DocFormat.text,
    write: Annotated[str | None, typer.Option(
        "--write", help="write every page, and an index (README.md), into this folder as Markdown (docs/rules)",
        show_default=False, parser=named_argument)] = None,
) -> None:
    """What a lint code or a stock rule does, why, an example and what to write instead (ruff's
    `rule`); with no argument, every code and stock rule with its summary and lifecycle."""
    from inforce.rules.pages import (
        all_pages,
        find_page,
        index_markdown,
        page_index,
        page_markdown,
        page_text,
        write_pages,
    )

    if write is not None:
        outside_project_files(Path(write), "--write", None)  # no project: any holding it
        written = write_pages(Path(write))
        err.print(f"{len(written)} files in {terminal_line(write)}", markup=False)
        return
    if code is not None:
        page = find_page(code)
        if format is DocFormat.json:
            emit_json(page)
        else:
            out.print(page_markdown(page) if format is DocFormat.md else page_text(page), markup=False, end="")
        return
    pages = all_pages()
    if format is DocFormat.json:
        emit_json(page_index(pages))
    elif format is DocFormat.md:
        out.print(index_markdown(pages), markup=False, end="")
    else:
        for row in page_index(pages).pages:
            out.print(f"{row.key:<9} {row.name:<34} {row.kind:<13} {row.lifecycle:<10} {row.summary}", markup=False)


@handle_errors
def schema(
    tests: Annotated[bool, typer.Option("--tests", help="the schema of *.test.yaml files instead")] = False,
) -> None:
    """Print the JSON Schema of rule-pack files (or of their test files) for editors to validate against."""
    from inforce.rules import rule_pack_schema, rule_test_schema

    emit_json(rule_test_schema() if tests else rule_pack_schema())


class NewKind(enum.StrEnum):
    """The kinds ``rules new`` writes a first rule of (rules/layout.py)."""

    eligibility = "eligibility"
    calculation = "calculation"
    precedence = "precedence"
    qualifier = "qualifier"
    subject = "subject"


@handle_errors
def new(
    path: Annotated[Path, typer.Argument(help="the new pack's file (never replaced), e.g. rules/eligibility.yaml", parser=path_argument)],
    kind: Annotated[NewKind, typer.Option("--kind", help="the kind of its first rule")] = NewKind.eligibility,
    prefix: Annotated[str, typer.Option("--prefix", help="the rule ids' prefix (FUP gives FUP-E001)")] = "ABC",
    title: Annotated[str | None, typer.Option("--title", help="the pack's title", show_default=False)] = None,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Write a new rule pack holding one rule of a kind, headed by the JSON Schema line editors read
    (`# yaml-language-server: $schema=rule-pack.schema.json`), and that schema beside it. Never
    replaces a file: a schema copy there that differs from this inforce's (edited, or another
    version's) is an input error naming it (exit 2), and nothing is written."""
    from inforce.rules.layout import NewPack, write_new_pack

    outside_project_files(path, "PATH", None)  # no project: any holding it
    written = write_new_pack(path, kind.value, prefix=prefix, title=title)
    if format is OutputFormat.json:
        emit_json(NewPack(pack=str(path), created=tuple(str(p) for p in written)))
        return
    for made in written:
        err.print(f"created {terminal_line(str(made))}", markup=False)
    err.print(f"next: inforce rules check {terminal_line(str(path))}; list it in inforce.yaml under rules: (- path: ...)", markup=False)


@handle_errors
def fmt(
    packs: Annotated[list[str], typer.Argument(metavar="PACK...", help="pack files, folders of packs "
                                               "(*.yaml, test files left out), or project folders (the "
                                               "packs their inforce.yaml lists, as rules check reads them)", parser=named_argument)],
    check_only: Annotated[bool, typer.Option("--check", help="write nothing; exit 1 when a pack's layout would "
                                             "change (a CI gate)")] = False,
    diff: Annotated[bool, typer.Option("--diff", help="print each change as a unified diff")] = False,
    format: FormatOption = OutputFormat.text,
) -> None:
    """Rewrite rule packs in the canonical layout (key order, indentation), keeping every comment
    and every value as written. A pack that does not check is refused, with its problems; exit 2."""
    from inforce.rules.layout import format_packs

    report = format_packs(packs, check=check_only, diff=diff)
    if format is OutputFormat.json:
        emit_json(report)
    else:
        for pack in report.packs:
            if pack.diff:
                out.print(pack.diff, markup=False, end="")
            if pack.changed:
                err.print(f"{'would reformat' if check_only else 'reformatted'} {terminal_line(pack.file)}", markup=False)
        unchanged = len(report.packs) - report.changed
        err.print(f"{report.changed} pack{'s' if report.changed != 1 else ''} "
                  f"{'would be reformatted' if check_only else 'reformatted'}, {unchanged} left unchanged",
                  markup=False)
    if check_only and report.changed:
        raise typer.Exit(EXIT_FINDING)


def register(app: typer.Typer) -> None:
    """Add ``eligible``, ``precedence`` and the ``rules`` group to ``app``."""
    app.command("eligible")(eligible)
    app.command("precedence")(precedence)
    group = typer.Typer(name="rules", help="Check, test (with coverage), explain and document rule packs; weigh a "
                        "change's impact; print their JSON Schema; start a pack; lay packs out.",
                        no_args_is_help=True, rich_markup_mode=None)
    group.command("check")(check)
    group.command("test")(test)
    group.command("explain")(explain)
    group.command("impact")(impact)
    group.command("doc")(doc)
    group.command("schema")(schema)
    group.command("new")(new)
    group.command("fmt")(fmt)
    app.add_typer(group, name="rules")
