"""The audit: every approval as a record of who asked, what ran, who decided, the outcome and any undo.

The ``approvals`` table is the primary record: who asked (``user_id``, named by ``people.email``), what was asked
(tool, arguments, target), who decided and when (``decided_by`` as people read it, ``decided_by_id`` verified), the
arguments that ran (edited ones when a person changed them), the rejection reason, and what the resumed run
produced (``outcome``). An undo of an approved call is linked by ``undo_actions.approval_id``.

Who may read what is decided here, in the query, from the ``Person`` asking: an approver reads everyone's rows,
anyone else only their own. Used by ``paias audit`` and the Audit page (through ``AgentRuntime.audit``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from psycopg_pool import AsyncConnectionPool

from agent_core.approvals.store import _PUBLIC, STATUSES, _public  # read a row exactly as the approval cards do
from agent_core.db.rows import fetch
from agent_core.errors import InputError
from agent_core.people.identity import Person

Outcome = Literal["waiting", "not_run", "running", "unknown", "success", "failed", "timeout"]
OUTCOMES: tuple[str, ...] = ("waiting", "not_run", "running", "unknown", "success", "failed", "timeout")
DEFAULT_LIMIT = 200


@dataclass(frozen=True)
class AuditRow:
    """One approval as the audit shows it; ``to_json`` is the stable shape of ``paias audit --json``."""

    id: str
    requested_at: datetime
    requested_by: str  # the asker's email (their id when they never signed in, e.g. USER_ID)
    requested_by_id: str
    conversation_id: str | None
    tool_name: str
    risk_level: str
    reason: str
    arguments: dict[str, Any]  # as the model proposed them
    target: str | None
    status: str  # pending | approved | rejected
    decided_by: str | None  # "ann@lab.example", "cli:joe as ann@lab.example", or the channel in single-person mode
    decided_by_id: str | None  # the decider's verified id; None in single-person mode
    decided_at: datetime | None
    decision_reason: str | None  # why it was rejected, in the person's words
    ran_arguments: dict[str, Any] | None  # the arguments approved to run (edited or as proposed); None: not approved
    ran_target: str | None
    outcome: Outcome
    outcome_error: str | None  # what went wrong, when the call failed or its run ended without running it
    undone_at: datetime | None
    undone_by: str | None
    undo_summary: str | None  # what the undo did ("reopen task 3 'Order ethanol'")

    def to_json(self) -> dict[str, Any]:
        """The row as JSON values (times as ISO 8601 with offset)."""
        return {k: v.isoformat() if isinstance(v, datetime) else v for k, v in asdict(self).items()}


def parse_since(text: str | datetime | None) -> datetime | None:
    """An ISO date or date-time ("2026-11-23", "2026-11-23T09:00", "...+01:00"); without an offset it is UTC.

    Raises:
        InputError: not an ISO date or time.
    """
    if text is None or isinstance(text, datetime):
        return text if text is None or text.tzinfo else text.replace(tzinfo=UTC)
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise InputError(f"'{text}' is not an ISO date or time; use e.g. 2026-11-23 or 2026-11-23T09:00.") from None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _outcome(row: dict[str, Any], ran: dict[str, Any] | None, unknown: bool) -> tuple[Outcome, str | None]:
    """What became of the call: read from the recorded run, never from what a model said."""
    if row["status"] == "pending":
        return "waiting", None
    if row["status"] == "rejected":
        return "not_run", None
    if unknown:
        return "unknown", "its run did not finish, so whether it ran is unknown"
    outcome = row.get("outcome")
    if outcome is None:
        return "running", None
    for call in outcome.get("tool_calls") or []:
        if call.get("tool_name") == row["tool_name"] and call.get("parameters") == ran:
            return call.get("status", "failed"), call.get("error")
    return "not_run", outcome.get("error") or "the resumed run did not call it"


def _row(row: dict[str, Any]) -> AuditRow:
    item = _public(row)
    approved = item.status == "approved"
    edited = item.ran_parameters is not None
    ran = (item.ran_parameters if edited else item.parameters) if approved else None
    outcome, error = _outcome(row, ran, item.outcome_unknown)
    return AuditRow(
        id=item.id,
        requested_at=item.created_at,
        requested_by=row["requested_by"],
        requested_by_id=row["user_id"],
        conversation_id=item.conversation_id,
        tool_name=item.tool_name,
        risk_level=item.risk_level.value,
        reason=item.reason,
        arguments=item.parameters,
        target=item.target,
        status=item.status,
        decided_by=item.decided_by,
        decided_by_id=row["decided_by_id"],
        decided_at=item.decided_at,
        decision_reason=item.decision_reason,
        ran_arguments=ran,
        ran_target=(item.ran_target if edited else item.target) if approved else None,
        outcome=outcome,
        outcome_error=error,
        undone_at=row["undone_at"],
        undone_by=row["undone_by"],
        undo_summary=row["undo_summary"] if row["undone_at"] else None,
    )


class AuditLog:
    """Reads the approval record for a person. The pool is owned by the caller."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool

    async def rows(
        self,
        viewer: Person,
        *,
        person: str | None = None,
        tool: str | None = None,
        status: str | None = None,
        since: str | datetime | None = None,
        limit: int = DEFAULT_LIMIT,
    ) -> list[AuditRow]:
        """The approvals ``viewer`` may see, newest first (a run's calls in the model's order).

        Args:
            viewer: who reads: an approver sees everyone's rows, anyone else only their own.
            person: only rows this person asked for or decided (an id or an email).
            tool: only this tool's calls.
            status: pending, approved or rejected.
            since: only calls asked for at or after this time (see ``parse_since``).
            limit: at most this many rows.

        Raises:
            InputError: an unknown status, a bad time, or a limit below 1.
        """
        if status is not None and status not in STATUSES:
            raise InputError(f"There is no approval status '{status}'. Use pending, approved or rejected.")
        if limit < 1:
            raise InputError("The limit must be at least 1.")
        where: list[str] = []
        params: list[Any] = []
        if not viewer.approver:  # the boundary: enforced here, whatever a page or a command shows
            where.append("user_id = %s")
            params.append(viewer.id)
        if person:
            key = person.strip()
            where.append(
                "(user_id = %s OR decided_by_id = %s OR user_id IN (SELECT id FROM people WHERE lower(email) = lower(%s))"
                " OR decided_by_id IN (SELECT id FROM people WHERE lower(email) = lower(%s)))"
            )
            params += [key, key, key, key]
        if tool:
            where.append("tool_name = %s")
            params.append(tool.strip())
        if status:
            where.append("status = %s")
            params.append(status)
        if (when := parse_since(since)) is not None:
            where.append("created_at >= %s")
            params.append(when)
        rows = await fetch(
            self.pool,
            f"WITH a AS (SELECT {_PUBLIC}, user_id, decided_by_id, outcome, group_key, position FROM approvals"
            f" WHERE {' AND '.join(where) or 'true'} ORDER BY created_at DESC, group_key, position LIMIT %s)"
            " SELECT a.*, coalesce(p.email, a.user_id) AS requested_by, u.undone_at, u.undone_by,"
            " u.summary AS undo_summary FROM a LEFT JOIN people p ON p.id = a.user_id"
            " LEFT JOIN LATERAL (SELECT x.undone_at, x.undone_by, x.summary FROM undo_actions x"
            "  WHERE x.approval_id = a.id AND x.user_id = a.user_id ORDER BY x.undone_at IS NULL, x.id DESC LIMIT 1) u ON true"
            " ORDER BY a.created_at DESC, a.group_key, a.position",
            (*params, limit),
        )
        return [_row(row) for row in rows]

    async def tools(self, viewer: Person) -> list[str]:
        """The tools named in the rows ``viewer`` may see (for a filter's choices), alphabetically."""
        mine, params = ("WHERE user_id = %s", (viewer.id,)) if not viewer.approver else ("", ())
        rows = await fetch(self.pool, f"SELECT DISTINCT tool_name FROM approvals {mine} ORDER BY tool_name", params)
        return [row["tool_name"] for row in rows]
