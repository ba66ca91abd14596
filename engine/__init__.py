"""The engine: deciding what is in force, for whom, and which document governs.

One door: ``from inforce.engine import Project``. Adapters (the CLI, later HTTP) call the
front's methods and render the typed results exported here; they import nothing else of
the engine.
"""

from .asof import AsOfAnswer, ChainStep, DedupResult, FreshnessResult, History, HistoryEntry
from .audit import Replay, append_record, check_record, read_record
from .build import configuration_id, index_build_id
from .calculations import Calculation
from .candidates import QualifierView, Reranker, ResolvedProvision, ResolveResult, RetrievalReport
from .eligibility import DEFAULT_EXCLUSIONS, EligibilityResult, TraceStep
from .embedding import Embedder, EmbedReport, embed_project
from .facts import Fact, Facts
from .lag import LagReport, format_age
from .packtests import (
    CaseResult,
    CorpusLoader,
    RuleCaseReport,
    RuleTestReport,
    discover_test_files,
    run_rule_tests,
    run_test_file,
)
from .precedence import PrecedenceResult
from .project import (
    DateChoice,
    Explanation,
    PackUsed,
    Project,
    ProjectStats,
    ProvisionView,
    ShownDocument,
    ShownEdge,
    ShownRevision,
    project_lag,
)
from .sweep import against_baseline, failing, finding_id

__all__ = [
    "DEFAULT_EXCLUSIONS",
    "AsOfAnswer",
    "Calculation",
    "Fact",
    "Facts",
    "CaseResult",
    "ChainStep",
    "CorpusLoader",
    "DateChoice",
    "Explanation",
    "PackUsed",
    "RuleCaseReport",
    "RuleTestReport",
    "run_rule_tests",
    "DedupResult",
    "EligibilityResult",
    "EmbedReport",
    "Embedder",
    "FreshnessResult",
    "History",
    "HistoryEntry",
    "LagReport",
    "PrecedenceResult",
    "QualifierView",
    "Replay",
    "Reranker",
    "ResolveResult",
    "ResolvedProvision",
    "RetrievalReport",
    "Project",
    "ProjectStats",
    "ProvisionView",
    "ShownDocument",
    "ShownEdge",
    "ShownRevision",
    "TraceStep",
    "against_baseline",
    "append_record",
    "failing",
    "finding_id",
    "check_record",
    "configuration_id",
    "discover_test_files",
    "embed_project",
    "format_age",
    "index_build_id",
    "project_lag",
    "read_record",
    "run_test_file",
]
