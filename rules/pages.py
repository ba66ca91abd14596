"""A page per lint code and per stock rule (``inforce rules doc``; ``docs/rules/``).

The pages are not written twice: a lint code's page is its entry in ``lintcodes.py``, beside
the checks that raise it; a stock rule's page is read from its own pack (id, slug, status,
description, ``source``, ``why``, ``examples``) and from the test file beside the pack (the
cases that name the rule). ``write_pages`` renders every page into a folder as Markdown, and a
test holds ``docs/rules/`` to what it writes, so the generated pages never drift.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from inforce.ontology import InputError
from inforce.ontology.files import write_atomically

from .lintcodes import LINT_PAGES, LintCode
from .loader import STOCK_ROOT, stock_pack_names
from .source import plain, read_yaml

__all__ = [
    "GENERATED", "RulePage", "RulePageIndex", "RulePageSummary", "all_pages", "find_page", "page_index", "index_markdown",
    "page_markdown", "page_text", "write_pages",
]

_HEADINGS = {"lint": ("What it does", "Why it matters", "Example", "Instead"),
             "rule": ("What it does", "Why", "Example", "Changing it")}


class RulePage(BaseModel):
    """One page: a lint code (``kind`` "lint") or a stock rule (``kind`` its rule kind); its
    JSON form is ``inforce rules doc CODE --format json``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    name: str
    kind: str
    lifecycle: str
    summary: str
    what: str
    why: str
    example: str
    instead: str
    origin: str
    notes: tuple[str, ...] = ()

    @property
    def file_name(self) -> str:
        return f"{self.key}.md"


def _lint_page(code: LintCode) -> RulePage:
    notes = (f"Split from {code.split_from}: the older code keeps its first meaning.",) if code.split_from else ()
    return RulePage(key=code.code, name=code.name, kind="lint", lifecycle=code.lifecycle, summary=code.summary,
                    what=code.what, why=code.why, example=code.example, instead=code.instead,
                    origin="rules/lintcodes.py", notes=notes)


def _stock_pages() -> list[RulePage]:
    pages = []
    for name in stock_pack_names():
        path = STOCK_ROOT / f"{name}.yaml"
        pack = plain(read_yaml(f"rules/stock/{name}.yaml", path.read_text(encoding="utf-8")).tree)
        cases = _test_cases(path.with_name(path.stem + ".test.yaml"))
        for rule in pack.get("rules") or ():
            pages.append(_rule_page(name, pack, rule, cases))
    return pages


def _test_cases(path: Path) -> list[tuple[str, str]]:
    """Each case of a pack's test file: (its name, its expectation as written)."""
    if not path.is_file():
        return []
    tree = plain(read_yaml(path.name, path.read_text(encoding="utf-8")).tree)
    return [(str(case.get("name", "")), repr(case.get("expect"))) for case in tree.get("cases") or ()]


def _rule_page(pack_name: str, pack: dict[str, Any], rule: dict[str, Any], cases: list[tuple[str, str]]) -> RulePage:
    rule_id = str(rule["id"])
    tested = [name for name, expect in cases if re.search(rf"\b{re.escape(rule_id)}\b", expect)]
    source = str(rule.get("source", "")).strip()
    why = str(rule.get("why") or "").strip()
    if source:
        why = (why + "\n\n" if why else "") + f"Source: {source}" + (
            " (a parameter the project sets in its manifest)" if "${" in source else "")
    examples = [f"- {e.get('case')} → {e.get('outcome')}" for e in rule.get("examples") or () if isinstance(e, dict)]
    example_lines = [*examples, *(f"- {line}" for line in _triggers(rule))]
    if tested:
        example_lines.append(f"- A test of the pack that names it: \"{tested[0]}\".")
    instead = (f"Copy `rules/stock/{pack_name}.yaml` into your project's `rules/` folder and list the copy in "
               "`inforce.yaml`; keep the rule's id only while it keeps its meaning, give a changed rule a "
               f"new id, and run `inforce rules impact` before you merge. Its tests: "
               f"`rules/stock/{pack_name}.test.yaml`.")
    description = " ".join(str(rule.get("description", "")).split())
    return RulePage(
        key=rule_id, name=str(rule.get("slug", "")), kind=str(rule.get("kind", "")),
        lifecycle=str(rule.get("status", "stable")), summary=_first_sentence(description),
        what=description, why=why, example="\n".join(example_lines), instead=instead,
        origin=f"rules/stock/{pack_name}.yaml", notes=(f"Pack: {pack.get('title') or pack_name} (`{pack_name}`)",),
    )


def _triggers(rule: dict[str, Any]) -> list[str]:
    """What in a text or a case makes the rule decide, as the pack writes it (a few lines)."""
    lines: list[str] = []
    if rule.get("levels"):
        lines.append("Levels, highest first: " + ", ".join(str(level.get("name")) for level in rule["levels"]) + ".")
    if rule.get("order") == "none":
        lines.append("Every conflict is escalated: the contract states no order.")
    wordings = [p.get("pattern") or p.get("regex") for p in rule.get("patterns") or () if isinstance(p, dict)]
    if wordings:
        lines.append("Wordings it reads: " + "; ".join(f"\"{w}\"" for w in wordings[:4])
                     + (f" (and {len(wordings) - 4} more)" if len(wordings) > 4 else "") + ".")
    if rule.get("targets") and rule.get("actions"):
        lines.append(f"Reads each action with each target wording, e.g. \"{rule['actions'][0].get('pattern')}\" "
                     f"with \"{rule['targets'][0].get('pattern')}\".")
    if rule.get("synonyms"):
        synonyms = rule["synonyms"]
        lines.append("Named by: " + ", ".join(f"\"{s}\"" for s in synonyms[:6])
                     + (f" (and {len(synonyms) - 6} more)" if len(synonyms) > 6 else "") + ".")
    return lines


def _first_sentence(text: str) -> str:
    match = re.match(r"(.+?[.;:])(\s|$)", text)
    return (match.group(1) if match else text).rstrip(".;:")


def all_pages() -> list[RulePage]:
    """Every lint code's page, then every stock rule's, in pack order."""
    return [*(_lint_page(code) for code in LINT_PAGES), *_stock_pages()]


def find_page(key: str) -> RulePage:
    """The page of a lint code (``RP003``, or its name ``invalid-value``) or a stock rule (its id
    or slug); InputError naming the closest keys."""
    wanted = key.strip()
    pages = all_pages()
    for page in pages:
        if wanted.upper() == page.key or wanted.lower() == page.name:
            return page
    import difflib

    choices = [p.key for p in pages] + [p.name for p in pages]
    near = difflib.get_close_matches(wanted, choices, n=3, cutoff=0.5) or difflib.get_close_matches(
        wanted.upper(), choices, n=3, cutoff=0.5)
    hint = ("did you mean " + ", ".join(near) + "?") if near else "inforce rules doc lists every code and stock rule"
    raise InputError(f"no lint code or stock rule {key!r}", field="CODE", hint=hint)


class RulePageSummary(BaseModel):
    """One line of the list: a code or stock rule, its kind, lifecycle and summary."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    name: str
    kind: str
    lifecycle: str
    summary: str


class RulePageIndex(BaseModel):
    """Every page's line (``inforce rules doc --format json``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    pages: tuple[RulePageSummary, ...]


def page_index(pages: list[RulePage]) -> RulePageIndex:
    return RulePageIndex(pages=tuple(
        RulePageSummary(key=p.key, name=p.name, kind="lint code" if p.kind == "lint" else p.kind,
                        lifecycle=p.lifecycle, summary=p.summary) for p in pages))


def page_markdown(page: RulePage) -> str:
    """A page as Markdown, in fixed headings (ruff's rule pages)."""
    what, why, example, instead = _HEADINGS["lint" if page.kind == "lint" else "rule"]
    kind = "lint code" if page.kind == "lint" else f"{page.kind} rule"
    lines = [f"# {page.key} {page.name}", "", f"*{kind}, {page.lifecycle}* — defined in `{page.origin}`", "",
             f"## {what}", "", page.what, "", f"## {why}", "", page.why, ""]
    if page.example:
        lines += [f"## {example}", ""]
        lines += (["```yaml", page.example.rstrip("\n"), "```"] if page.kind == "lint" else [page.example])
        lines.append("")
    lines += [f"## {instead}", ""]
    lines += (["```yaml", page.instead.rstrip("\n"), "```"] if page.kind == "lint" else [page.instead])
    lines.append("")
    if page.notes:
        lines += [*page.notes, ""]
    return "\n".join(lines)


def page_text(page: RulePage) -> str:
    """A page for a terminal: the Markdown without its marks."""
    text = page_markdown(page)
    text = re.sub(r"^#+ ", "", text, flags=re.MULTILINE)
    return re.sub(r"^```(yaml)?\n", "", text, flags=re.MULTILINE).replace("*", "")


def index_markdown(pages: list[RulePage]) -> str:
    lines = ["# Lint codes and stock rules", "",
             "Generated by `inforce rules doc --write docs/rules` from `rules/lintcodes.py` and the stock packs; "
             "do not edit by hand (a test compares them).", "",
             "| code | name | kind | lifecycle | summary |", "|---|---|---|---|---|"]
    lines += [f"| [{row.key}]({row.key}.md) | {row.name} | {row.kind} | {row.lifecycle} | "
              f"{row.summary.replace('|', '/')} |" for row in page_index(pages).pages]
    return "\n".join(lines) + "\n"


#: The line every file ``write_pages`` writes ends with: how it knows a file in the folder as
#: its own (to replace or remove), and leaves every other file alone.
GENERATED = "<!-- generated by inforce rules doc --write: do not edit by hand -->"
# pages and the index written before the marker: their first lines, as page_markdown and
# index_markdown wrote them
_EARLIER = re.compile(r"\A(?:# \S+ \S+\n\n\*[^*\n]+\* — defined in `|# Lint codes and stock rules\n\nGenerated by "
                      r"`inforce rules doc)")
#: How many files a refusal names.
_NAMED = 10


def _written_here(path: Path) -> bool:
    """Whether ``path`` is a page or index ``write_pages`` wrote (it carries the marker)."""
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    return text.rstrip("\n").endswith(GENERATED) or bool(_EARLIER.match(text))


def write_pages(folder: Path) -> list[Path]:
    """Every page as ``KEY.md`` and ``README.md`` (the index) in ``folder`` (made when
    missing), each ending with :data:`GENERATED`; a page written there before that no code or
    stock rule has any more is removed. The files written, index first.

    Only files it wrote are replaced or removed: InputError (nothing written) when the folder
    holds other Markdown (a README.md that is not its index, notes, a project's documents),
    naming them, or when ``folder`` is a file or cannot be written."""
    pages = all_pages()
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder} is not a folder", file=str(folder), field="--write",
                         hint="name a folder for the pages (made when missing), e.g. docs/rules")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        raise InputError(f"cannot make the folder: {problem.strerror or problem}", file=str(folder),
                         field="--write", hint="name a folder you may write") from None
    wanted = {"README.md": index_markdown(pages), **{p.file_name: page_markdown(p) for p in pages}}
    wanted = {name: f"{text.rstrip(chr(10))}\n\n{GENERATED}\n" for name, text in wanted.items()}
    present = sorted(folder.glob("*.md"))
    others = [path for path in present if not _written_here(path)]
    if others:
        named = ", ".join(path.name for path in others[:_NAMED]) + (
            f" and {len(others) - _NAMED} more" if len(others) > _NAMED else "")
        raise InputError(f"{folder} holds Markdown that inforce rules doc did not write: {named}; nothing was "
                         "written or removed", file=str(folder), field="--write",
                         hint="name a folder of its own for the pages (made when missing), e.g. docs/rules")
    try:
        for stale in present:
            if stale.name not in wanted:
                stale.unlink()
        written = []
        for name, text in wanted.items():
            path = folder / name
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                write_atomically(path, text)
            written.append(path)
    except OSError as problem:
        raise InputError(f"cannot write the pages: {problem.strerror or problem}", file=str(folder), field="--write",
                         hint="name a folder you may write") from None
    return written
