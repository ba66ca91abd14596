"""The rule-pack language: models of pack files, a loader with file:line:col errors, lint,
JSON Schema, and the stock packs shipped with inforce (``rules/stock/**.yaml``)."""

from .base import RuleBase, RuleExample
from .calculation import CalculationRule, DayCount
from .eligibility import ApplicabilityDate, EligibilityRule, FacetMatch
from .lint import LINT_CODES
from .loader import (
    DEFAULT_SUBJECTS,
    CheckReport,
    ProblemReport,
    check_report,
    check_target,
    compile_manifest,
    compile_rules,
    load_pack,
    read_pack,
    resolve_pack,
    stock_pack_names,
)
from .pack import RULE_KINDS, SCHEMA_VERSION, PackParam, Rule, RulePack
from .patterns import (
    QualifierRule,
    SupersessionPattern,
    SupersessionRule,
    WordingPattern,
    compile_layout,
    compile_notation,
    compile_verb,
    compile_wording,
    normalize_path,
    normalize_section_number,
    ordinal_number,
)
from .precedence import PrecedenceLevel, PrecedenceRule, TieBreaker
from .ruleset import LoadedPack, RuleOrigin, RuleSet
from .schema import rule_pack_schema, rule_test_schema
from .source import RuleError
from .subjects import (
    MAX_PATTERN_CHARS,
    MAX_TRIED_AT_ONCE,
    AbbreviationRule,
    GradeRule,
    InferenceRule,
    SubjectRule,
    SubjectVocabulary,
    Tolerance,
)

__all__ = [
    "MAX_PATTERN_CHARS",
    "MAX_TRIED_AT_ONCE",
    "DEFAULT_SUBJECTS",
    "LINT_CODES",
    "RULE_KINDS",
    "SCHEMA_VERSION",
    "AbbreviationRule",
    "ApplicabilityDate",
    "CalculationRule",
    "DayCount",
    "EligibilityRule",
    "FacetMatch",
    "GradeRule",
    "InferenceRule",
    "LoadedPack",
    "PackParam",
    "PrecedenceLevel",
    "PrecedenceRule",
    "QualifierRule",
    "Rule",
    "RuleBase",
    "RuleError",
    "RuleExample",
    "RuleOrigin",
    "RulePack",
    "RuleSet",
    "SubjectRule",
    "SubjectVocabulary",
    "SupersessionPattern",
    "SupersessionRule",
    "TieBreaker",
    "Tolerance",
    "WordingPattern",
    "CheckReport",
    "ProblemReport",
    "check_report",
    "check_target",
    "compile_manifest",
    "compile_rules",
    "compile_layout",
    "ordinal_number",
    "compile_notation",
    "compile_verb",
    "compile_wording",
    "load_pack",
    "normalize_path",
    "normalize_section_number",
    "read_pack",
    "resolve_pack",
    "rule_pack_schema",
    "rule_test_schema",
    "stock_pack_names",
]
