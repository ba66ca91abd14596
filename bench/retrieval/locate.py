#!/usr/bin/env python3
"""Write and verify the character offsets of the judged spans in ``questions.yaml``.

    python bench/retrieval/locate.py            # fill missing offsets, verify the others
    python bench/retrieval/locate.py --check    # verify only; missing offsets are errors
    python bench/retrieval/locate.py --refill   # recompute every offset from its text

Each judgment names a revision (``doc``, ``rev``) and the exact judged ``text``. The script
copies each example project into a work folder (never ingesting ``examples/`` in place),
ingests it, reads every revision's text layer from the graph, and finds the text there: it
must occur exactly once in that revision's text layer, and lie in at least one provision (a
span no provision covers could never be retrieved). A judgment with offsets must have
``text == text_layer[start:end]``. Only the judgment lines (one flow mapping each) are
rewritten, so comments and layout stay as they are. Exit status 1 when anything is wrong.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
from benchutil import example_copy  # noqa: E402

QUESTIONS = HERE / "questions.yaml"
PROJECTS = ("riverside-library", "sop-retention", "label-dosing", "followup-handbooks")
_KEYS = {"doc", "rev", "start", "end", "grade", "text", "note"}
_QUESTION_KEYS = {"id", "project", "question", "context", "judgments"}
_CONTEXT_KEYS = {"valid_at", "known_at", "groups", "attributes"}
_JUDGMENT_LINE = re.compile(r"^(\s*)- (\{doc: .*\})\s*$")


@dataclass(frozen=True)
class Layer:
    """One revision as ingested: its text layer and its provisions' (locator path, start, end)."""

    text: str
    provisions: tuple[tuple[str, int, int], ...]

    def covering(self, start: int, end: int) -> list[str]:
        """The provisions that overlap [start, end), smallest first."""
        hits = [(e - s, path) for path, s, e in self.provisions if s < end and start < e]
        return [path for _, path in sorted(hits)]


def load(path: Path = QUESTIONS) -> list[dict]:
    """The questions, checked for shape (not offsets): raises ValueError naming the problem."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    questions = data.get("questions") if isinstance(data, dict) else None
    if not isinstance(questions, list):
        raise ValueError(f"{path}: no list under 'questions'")
    seen: set[str] = set()
    for q in questions:
        where = f"{path}: question {q.get('id', '?')}"
        if set(q) - _QUESTION_KEYS or not {"id", "project", "question", "context", "judgments"} <= set(q):
            raise ValueError(f"{where}: keys must be {sorted(_QUESTION_KEYS)}, got {sorted(q)}")
        if q["id"] in seen:
            raise ValueError(f"{where}: id repeated")
        seen.add(q["id"])
        if q["project"] not in PROJECTS:
            raise ValueError(f"{where}: project {q['project']!r} is not one of {PROJECTS}")
        context = q["context"]
        if set(context) - _CONTEXT_KEYS or not isinstance(context.get("valid_at"), dt.date):
            raise ValueError(f"{where}: context needs valid_at (YYYY-MM-DD) and only {sorted(_CONTEXT_KEYS)}")
        if not q["judgments"]:
            raise ValueError(f"{where}: no judgments")
        for j in q["judgments"]:
            if set(j) - _KEYS or not {"doc", "rev", "grade", "text"} <= set(j):
                raise ValueError(f"{where}: judgment keys must be {sorted(_KEYS)}, got {sorted(j)}")
            if j["grade"] not in (0, 1, 2, 3) or not isinstance(j["rev"], str) or not j["text"]:
                raise ValueError(f"{where}: {j['doc']}: grade must be 0..3, rev a string, text non-empty")
            if ("start" in j) != ("end" in j):
                raise ValueError(f"{where}: {j['doc']}: give both start and end, or neither")
    return questions


def read_layers(project: Path) -> dict[tuple[str, str], Layer]:
    """Every ingested revision of ``project``: (doc, rev) -> its text layer and provision spans."""
    from inforce.engine.store import GraphStore

    store = GraphStore.open(project, read_only=True)
    layers = {}
    for revision in store.revisions():
        document = store.document(f"{revision.document}@{revision.label}")
        layers[(str(revision.document), revision.label)] = Layer(
            document.text_layer, tuple((p.path, p.span.start, p.span.end) for p in document.provisions))
    return layers


def ingest_examples(work: Path, projects=PROJECTS) -> dict[str, dict[tuple[str, str], Layer]]:
    """Copy and ingest each example project under ``work``; their text layers by project."""
    return {name: read_layers(example_copy(name, work)[0]) for name in projects}


def check(questions: list[dict], layers: dict[str, dict[tuple[str, str], Layer]], *,
          fill: bool = True, refill: bool = False, verbose: bool = False) -> list[str]:
    """Verify (and with ``fill``, set in place) each judgment's offsets; the problems found."""
    problems = []
    for q in questions:
        for j in q["judgments"]:
            where = f"{q['id']} {j['doc']}@{j['rev']} {j['text'][:50]!r}"
            layer = layers.get(q["project"], {}).get((j["doc"], j["rev"]))
            if layer is None:
                problems.append(f"{where}: no revision {j['doc']}@{j['rev']} in {q['project']}")
                continue
            found = [m.start() for m in re.finditer(re.escape(j["text"]), layer.text)]
            if "start" in j and not refill:
                if layer.text[j["start"]:j["end"]] != j["text"]:
                    now = f"; the text is now at {found[0]}" if len(found) == 1 else (
                        f"; the text now occurs {len(found)} times" if found else "; the text is gone")
                    problems.append(f"{where}: text_layer[{j['start']}:{j['end']}] is "
                                    f"{layer.text[j['start']:j['end']][:60]!r}{now}")
                    continue
            elif not found:
                problems.append(f"{where}: not found in the text layer")
                continue
            elif len(found) > 1:
                problems.append(f"{where}: ambiguous, {len(found)} occurrences at {found}; lengthen the text")
                continue
            elif fill:
                j["start"], j["end"] = found[0], found[0] + len(j["text"])
            else:
                problems.append(f"{where}: no offsets (run without --check to fill them)")
                continue
            covering = layer.covering(j["start"], j["end"])
            if not covering:
                problems.append(f"{where}: no provision covers [{j['start']}, {j['end']}): it can never be retrieved")
            elif verbose:
                print(f"{where}: [{j['start']}, {j['end']}) in {j['doc']}@{j['rev']}#{covering[0]}")
    return problems


def _scalar(text: str) -> str:
    if "\n" in text or any(ord(c) < 32 for c in text):
        return json.dumps(text, ensure_ascii=False)
    return "'" + text.replace("'", "''") + "'"


def render(j: dict) -> str:
    """One judgment as the flow mapping the file keeps on one line."""
    parts = [f"doc: {j['doc']}", f"rev: {_scalar(j['rev'])}"]
    if "start" in j:
        parts += [f"start: {j['start']}", f"end: {j['end']}"]
    parts += [f"grade: {j['grade']}", f"text: {_scalar(j['text'])}"]
    if "note" in j:
        parts.append(f"note: {_scalar(j['note'])}")
    return "{" + ", ".join(parts) + "}"


def rewrite(path: Path, questions: list[dict]) -> bool:
    """Rewrite the judgment lines of ``path`` from ``questions`` (in file order); True when changed."""
    judgments = [j for q in questions for j in q["judgments"]]
    lines = path.read_text(encoding="utf-8").split("\n")
    at = [i for i, line in enumerate(lines) if _JUDGMENT_LINE.match(line)]
    if len(at) != len(judgments):
        raise SystemExit(f"{path}: {len(at)} one-line judgments but {len(judgments)} judgments parsed; "
                         "write each judgment as one flow mapping, `- {doc: ..., text: ...}`")
    changed = False
    for i, j in zip(at, judgments, strict=True):
        indent, old = _JUDGMENT_LINE.match(lines[i]).groups()  # type: ignore[union-attr]
        parsed = yaml.safe_load(old)
        if (parsed["doc"], parsed["text"]) != (j["doc"], j["text"]):
            raise SystemExit(f"{path}:{i + 1}: judgment lines and parsed judgments out of step")
        new = f"{indent}- {render(j)}"
        if new != lines[i]:
            lines[i], changed = new, True
    if changed:
        path.write_text("\n".join(lines), encoding="utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("questions", nargs="?", type=Path, default=QUESTIONS)
    parser.add_argument("--check", action="store_true", help="verify only; never write the file")
    parser.add_argument("--refill", action="store_true", help="recompute every offset from its text")
    parser.add_argument("--work", type=Path, help="where to copy and ingest the examples (default: a temporary folder)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print the provision each span falls in")
    args = parser.parse_args(argv)
    questions = load(args.questions)
    projects = sorted({q["project"] for q in questions})
    with tempfile.TemporaryDirectory(prefix="inforce-locate-") as tmp:
        work = args.work or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        layers = ingest_examples(work, projects)
    problems = check(questions, layers, fill=not args.check, refill=args.refill, verbose=args.verbose)
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        print(f"{len(problems)} problem(s); {args.questions} left as it was", file=sys.stderr)
        return 1
    count = sum(len(q["judgments"]) for q in questions)
    if not args.check and rewrite(args.questions, questions):
        print(f"{args.questions}: offsets written; {len(questions)} questions, {count} judgments verified")
    else:
        print(f"{args.questions}: {len(questions)} questions, {count} judgments verified")
    return 0


if __name__ == "__main__":
    sys.exit(main())
