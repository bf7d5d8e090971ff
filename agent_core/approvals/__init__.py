"""Approvals: tool calls that wait for a person, decided once and resumed once, from any process.

- ``store``: the waiting calls of each paused run (a group) and their decisions, in PostgreSQL;
- ``grants``: "always allow here" for reversible_with_delay tools, for ``APPROVAL_GRANT_HOURS`` (default 8 h);
- ``desk``: the service that pauses, approves, rejects, retries and resumes — composed of the two stores and a
  runner (the runtime);
- ``decisions``: what the model reads for each decision, what the person reads about it (``decision_summary``), and
  the checks on edited arguments;
- ``targets``: what a call acts on, named through its server's own listing tool ("task 3 'Book the microscope'").
"""

from typing import Any

from agent_core.approvals.grants import Grant, GrantStore
from agent_core.approvals.store import (
    AlreadyDecided,
    ApprovalStore,
    Decision,
    NotRetryable,
    StoredApproval,
    UnknownApproval,
)

__all__ = [
    "AlreadyDecided",
    "ApprovalDesk",
    "ApprovalStore",
    "Decision",
    "Grant",
    "GrantStore",
    "NotRetryable",
    "Runner",
    "StoredApproval",
    "UnknownApproval",
]


def __getattr__(name: str) -> Any:
    """The desk (which needs the agent machinery) loads on first use, so the stores alone import fast (the CLI)."""
    if name in {"ApprovalDesk", "Runner"}:
        from agent_core.approvals import desk

        return getattr(desk, name)
    raise AttributeError(name)
