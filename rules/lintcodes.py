"""The lint codes of rule packs, each with its page: what it catches, why, a pack that triggers
it and what to write instead (`inforce rules doc RP003`; generated into `docs/rules/`).

A code keeps its number for the meaning it was given first and is never reused. When a code
turned out to cover two unrelated problems it was split: the old number kept its first
meaning and the other problem took a new number (`split_from` names the code it left).
The checks that raise each code live in `lint.py` (and `source.py` for RP001-RP003,
RP005 and RP012, which the loader raises while it reads the file).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["LINT_PAGES", "Lifecycle", "LintCode"]

#: Where a code or a rule stands: `preview` may still change, `stable` will not,
#: `deprecated` is kept for old packs and will go.
Lifecycle = Literal["preview", "stable", "deprecated"]


@dataclass(frozen=True)
class LintCode:
    """One lint code and its page."""

    code: str
    name: str
    lifecycle: Lifecycle
    summary: str
    what: str
    why: str
    example: str
    instead: str
    split_from: str | None = None


_HEAD = "schema_version: 1\nrules:\n"


def _rule(rule_id: str, kind: str, body: str, *, slug: str = "") -> str:
    """One rule as a pack writes it, with the keys every rule needs."""
    return (f"  - id: {rule_id}\n    slug: {slug or rule_id.lower()}\n    kind: {kind}\n"
            f"    description: an example\n    source: Handbook §2\n{body}")


_FACETS = "    document_kinds: [handbook]\n    facets: {%s: membership}\n"
_LEVELS = "    order: ranked\n    levels:\n      - {name: drawings, kinds: [%s]}\n"
_CALC = "    output: follow_up_date\n    when: {market: %s}\n    result: manual\n"
_SLUMP = ("    subject: concrete.slump\n    unit: mm\n    synonyms: [slump]\n"
          "    between: {min: %s, max: 250 mm}\n")
_SUPERSESSION = ("    patterns:\n      - {pattern: \"Section {section}, Paragraph {paragraph}: Replace\", scope: full}\n"
                 "    no_change:\n      - pattern: \"%s\"\n")

LINT_PAGES: tuple[LintCode, ...] = (
    LintCode(
        "RP001", "yaml-syntax", "stable", "the file is not YAML, or a key is written twice",
        what="The pack cannot be read as YAML: bad indentation, an unclosed quote, a tab, a key "
             "written twice in one mapping, or an alias that expands without end.",
        why="Nothing in the file can be trusted when it does not parse; a repeated key would "
            "silently keep only one of its values.",
        example=_HEAD + "  - id: ACME-E001\n    slug: follow-up\n    slug: follow-up-again\n",
        instead=_HEAD + _rule("ACME-E001", "eligibility", _FACETS % "market", slug="follow-up"),
    ),
    LintCode(
        "RP002", "unknown-key", "stable", "a key the pack language does not have (a typo)",
        what="A key that no rule kind, pack or sub-object has; the hint names the closest key.",
        why="A misspelt key would otherwise be ignored and the rule would decide without the "
            "condition its author wrote.",
        example=_HEAD + _rule("ACME-E001", "eligibility", "    document_kinds: [handbook]\n    facts: {market: membership}\n"),
        instead=_HEAD + _rule("ACME-E001", "eligibility", _FACETS % "market"),
    ),
    LintCode(
        "RP003", "invalid-value", "stable", "a value of the wrong type, or a required key missing",
        what="A value the key does not take (a word where a number goes, a list where a mapping "
             "goes, a value outside the allowed choices), a required key left out, or two "
             "settings that cannot go together (`order: none` with levels; two rules taking "
             "the applicability date from different attributes).",
        why="The loader refuses the rule rather than guess what the value meant.",
        example=_HEAD + _rule("ACME-P001", "precedence", "    order: none\n    levels: [{name: drawings, kinds: [drawing]}]\n"),
        instead=_HEAD + _rule("ACME-P001", "precedence", _LEVELS % "drawing"),
    ),
    LintCode(
        "RP004", "unknown-facet", "stable", "a facet the project does not declare",
        what="An eligibility rule matches on a facet that the project's `inforce.yaml` does "
             "not declare (checked when the pack is read within a project).",
        why="No document or case carries an undeclared facet, so the condition could never be "
            "met or tested.",
        example=_HEAD + _rule("ACME-E001", "eligibility", _FACETS % "markt"),
        instead=_HEAD + _rule("ACME-E001", "eligibility", _FACETS % "market"),
    ),
    LintCode(
        "RP005", "unknown-kind", "stable", "a document kind or rule kind that does not exist",
        what="`kind:` names no rule kind, or a list of document kinds names one the "
             "ontology does not have.",
        why="A rule of an unknown kind cannot be read; a document kind that does not exist "
            "matches no document.",
        example=_HEAD + _rule("ACME-P001", "precedence", _LEVELS % "drawings"),
        instead=_HEAD + _rule("ACME-P001", "precedence", _LEVELS % "drawing"),
    ),
    LintCode(
        "RP006", "duplicate-id", "stable", "two rules (or subjects) with one id, slug or name",
        what="Two rules share an id or slug, in one pack or across the packs of a project, or "
             "a subject is defined twice.",
        why="Decisions and traces name the rule by its id; two rules with one id make every "
            "explanation ambiguous, and ids are never reused.",
        example=_HEAD + _rule("ACME-C001", "calculation", _CALC % "UK", slug="uk") + _rule("ACME-C001", "calculation", _CALC % "IE", slug="ie"),
        instead=_HEAD + _rule("ACME-C001", "calculation", _CALC % "UK", slug="uk") + _rule("ACME-C002", "calculation", _CALC % "IE", slug="ie"),
    ),
    LintCode(
        "RP007", "listed-twice", "stable", "a level, kind, tie-breaker, phrase or word listed twice",
        what="One entry listed twice where each belongs once: a precedence level or kind, a "
             "tie-breaker, a `no_change` phrase, a verb under two actions, a condition word.",
        why="The second listing is never reached, or (a word under two terms) makes every text "
            "it reads say both.",
        example=_HEAD + _rule("ACME-P001", "precedence", _LEVELS % "drawing" + "      - {name: sheets, kinds: [drawing]}\n"),
        instead=_HEAD + _rule("ACME-P001", "precedence", _LEVELS % "drawing" + "      - {name: sheets, kinds: [schedule]}\n"),
    ),
    LintCode(
        "RP008", "never-fires", "stable", "a rule (or level, term, action) that can never decide anything",
        what="A rule or part of one that no case can reach: a level with no kinds, a rule that "
             "governs no document kind, a condition that allows no value, an action no target "
             "joins, an inference of a subject the pack does not define, a condition term "
             "without words.",
        why="A rule that never fires looks like policy but changes nothing; its author meant "
            "something else.",
        example=_HEAD + _rule("ACME-C001", "calculation", _CALC % "[]"),
        instead=_HEAD + _rule("ACME-C001", "calculation", _CALC % "[UK]"),
    ),
    LintCode(
        "RP009", "shadowed", "stable", "a rule an earlier rule always decides first",
        what="Every case the rule matches is decided first by an earlier rule: a broader "
             "calculation before a narrower one, an order after `order: none`, a synonym "
             "another subject already takes, a pattern an earlier rule links first.",
        why="The later rule is dead code: editing it changes nothing, which misleads the next "
            "owner.",
        example=_HEAD + _rule("ACME-C001", "calculation", _CALC.replace("when: {market: %s}", "when: {}"), slug="all") + _rule("ACME-C002", "calculation", _CALC % "UK", slug="uk"),
        instead=_HEAD + _rule("ACME-C002", "calculation", _CALC % "UK", slug="uk") + _rule("ACME-C001", "calculation", _CALC.replace("when: {market: %s}", "when: {}"), slug="all"),
    ),
    LintCode(
        "RP010", "bad-pattern", "stable", "a wording pattern that does not compile or link",
        what="A pattern, phrase, notation, layout or verb that does not compile, or lacks the "
             "placeholder its rule needs to link a target.",
        why="A pattern that cannot compile reads nothing; one without `{ref}` or a target "
            "placeholder finds words but cannot say what they name.",
        example=_HEAD + _rule("ACME-Q001", "qualifier", "    patterns:\n      - pattern: \"except as provided\"\n"),
        instead=_HEAD + _rule("ACME-Q001", "qualifier", "    patterns:\n      - pattern: \"except as provided in {ref}\"\n"),
    ),
    LintCode(
        "RP011", "unknown-param", "stable", "`${name}` the pack does not declare, or a parameter unset",
        what="A `${name}` the pack's `params` do not declare, a manifest parameter the pack "
             "does not take, or a parameter with no default the manifest leaves unset.",
        why="The rule would carry the literal `${name}` into its decisions (a clause nobody "
            "wrote).",
        example="schema_version: 1\nrules:\n" + _rule("ACME-P001", "precedence", _LEVELS % "drawing").replace("Handbook §2", "${clause}"),
        instead="schema_version: 1\nparams:\n  clause: {default: Agreement 1.2, description: the contract's clause}\nrules:\n" + _rule("ACME-P001", "precedence", _LEVELS % "drawing").replace("Handbook §2", "${clause}"),
    ),
    LintCode(
        "RP012", "unsupported-schema-version", "stable", "a pack written for another version of the format",
        what="`schema_version` names a version of the pack format this inforce does not read.",
        why="Keys mean different things across versions; reading the pack anyway would guess.",
        example="schema_version: 2\nrules: []\n",
        instead="schema_version: 1\nrules: []\n",
    ),
    LintCode(
        "RP013", "bad-quantity", "preview",
        "a unit, stress or range end that is no quantity of the subject's dimension, or a range min above max",
        what="A subject's `unit` that the unit registry does not know, a tolerance, grade "
             "stress or `between` end that does not measure the subject's dimension, or a "
             "`between` whose `min` lies above its `max`.",
        why="Figures are compared through their units: a range or tolerance of another dimension "
            "(or an empty range) binds no figure and checks nothing.",
        example=_HEAD + _rule("ACME-V001", "subject", _SLUMP % "10 psi"),
        instead=_HEAD + _rule("ACME-V001", "subject", _SLUMP % "10 mm"),
        split_from="RP003 (units and dimensions), RP008 (a range min above max)",
    ),
    LintCode(
        "RP014", "matches-empty", "preview", "a phrase or notation that matches empty text",
        what="A `no_change`, `mentions` or `reasons` phrase, an entry of one of the reader's word lists "
             "(`answers`, `questions`, `successor_words`, `whole_words`, `old_text_columns`, "
             "`new_text_columns`, `clarifications`), or a reference notation, whose pattern "
             "matches the empty string (every part of it optional).",
        why="It matches every item: a `no_change` that does reads every item as changing "
            "nothing (its rule never derives an edge), a `mentions` reports every item.",
        example=_HEAD + _rule("ACME-S001", "supersession", _SUPERSESSION % "[no change]"),
        instead=_HEAD + _rule("ACME-S001", "supersession", _SUPERSESSION % "no change"),
        split_from="RP008",
    ),
)
