"""The ``inforce`` command line. The only layer that catches inforce's errors and sets exit codes.

Exit codes (corpus-format.md, "Output conventions"; the constants are in ``_common``):

- 0 ``EXIT_OK``: the answer.
- 1 ``EXIT_FINDING``: a finding, clarification request, refusal, escalation or lag the command
  reports (its answer is still printed, and written by ``-o``).
- 2 ``EXIT_INPUT``: a usage or input error (arguments, documents, rule files, answers).
- 3 ``EXIT_GRAPH``: the project's graph cannot be used (not ingested, locked by a writer, damaged).
- 4 ``EXIT_MODEL``: a configured model cannot be loaded.
- 5 ``EXIT_PROJECT_FAILED``: ``sweep-all``: a project of the portfolio could not be swept (listed
  with its error in the summary; the other projects' reports are written).
- 70 ``EXIT_INTERNAL``: an unexpected internal error, printed as one line; ``inforce --debug``
  (or ``INFORCE_DEBUG=1``) prints its traceback instead.
- 130 ``EXIT_INTERRUPTED``: interrupted (Ctrl-C).
"""

from .app import app, main

__all__ = ["app", "main"]
