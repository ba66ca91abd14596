"""The ``inforce`` command line. The only layer that catches inforce's errors and sets exit codes.

Exit codes (corpus-format.md): 0 ok; 1 a finding, refusal, escalation or lag the command
reports; 2 a usage or input error.
"""

from .app import app, main

__all__ = ["app", "main"]
