"""Pending approvals in PostgreSQL: tool calls that wait for a person's decision, decidable from any process.

A paused run may wait on several calls at once. ``create`` stores them as one *group* with the run's serialized
message history; ``decide`` records one decision exactly once; when the whole group is decided, ``claim_resume``
lets exactly one process resume the run, and ``record_outcome`` keeps what the resumed run produced.

The pool belongs to the runtime (``agent_core.db.Database``); every query is scoped to the store's user, so another
user's approval is indistinguishable from one that never existed.
"""

from __future__ import annotations

import json
import os
import re
import socket
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from psycopg import AsyncCursor
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from agent_core.approvals.grants import clean_text
from agent_core.db.rows import fetch
from agent_core.errors import InputError, PaiasError
from agent_core.schemas import PendingApproval, RiskLevel

STATUSES = ("pending", "approved", "rejected")
# A run that was approved but never reported back: claimed by a process that is gone (or silent past the horizon),
# or fully decided and never claimed (its decider died between deciding and resuming).
UNCLAIMED_AFTER = "1 minute"
SILENT_AFTER = "15 minutes"  # far beyond any tool timeout: the resuming process is gone, wherever it ran
_UNFINISHED = (
    "(status = 'approved' AND outcome IS NULL AND ("
    f" (resumed_at IS NOT NULL AND resumed_at < now() - interval '{SILENT_AFTER}')"
    f" OR (resumed_at IS NULL AND decided_at < now() - interval '{UNCLAIMED_AFTER}' AND NOT EXISTS ("
    "  SELECT 1 FROM approvals s WHERE s.user_id = approvals.user_id AND s.group_key = approvals.group_key"
    "  AND s.status = 'pending'))))"
)
_PUBLIC = (
    "id, conversation_id, tool_call_id, tool_name, parameters, risk_level, reason, status, created_at, decided_at,"
    f" decided_by, resumed_by, (status = 'approved' AND outcome IS NULL) AS outcome_missing, {_UNFINISHED} AS silent,"
    " decision_reason, override_args, target, ran_target"
)
_STORED = _PUBLIC + ", group_key, message_history::text AS history, correlation_id, outcome, resumed_at"
_ORDER = "ORDER BY created_at DESC, group_key, position"  # newest run first, its calls in the model's order
# A JSON \u0000 escape (not preceded by an escaping backslash): jsonb refuses it, so it becomes U+FFFD instead.
_NUL_ESCAPE = re.compile(rb"(?<!\\)((?:\\\\)*)\\u0000")


class UnknownApproval(PaiasError):
    """No approval with that id exists for this user."""

    def __init__(self, approval_id: str) -> None:
        super().__init__(
            f"There is no approval '{approval_id}'. Run `paias proposals` to list the ones waiting for a decision."
        )


class AlreadyDecided(PaiasError):
    """The approval was decided before; ``approval`` shows that first decision."""

    def __init__(self, approval: PendingApproval) -> None:
        self.approval = approval
        when = approval.decided_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC") if approval.decided_at else "?"
        message = f"Approval {approval.id} was already {approval.status} by {approval.decided_by} at {when}."
        if approval.outcome_unknown:
            message += (
                " Its run did not finish, so whether the call ran is unknown. Check with a read-only tool (for"
                f" tasks: 'show my tasks'), then run it again with `paias approve {approval.id} --retry`."
            )
        super().__init__(message)


class NotRetryable(PaiasError):
    """Only an approved call whose outcome is unknown can be run again."""


@dataclass(frozen=True)
class StoredApproval:
    """A PendingApproval with what the store keeps to resume its run."""

    approval: PendingApproval
    group_key: str
    history_json: bytes  # ModelMessagesTypeAdapter JSON (jsonb text: key order and spacing may differ)
    correlation_id: str | None
    decision_reason: str | None
    override_args: dict[str, Any] | None
    outcome: dict[str, Any] | None
    resumed_at: datetime | None

    @property
    def id(self) -> str:
        """The approval's id."""
        return self.approval.id


@dataclass(frozen=True)
class Decision:
    """One recorded decision; ``group_complete`` is True for exactly one decision of a group: the last one."""

    approval: StoredApproval
    group_complete: bool
    group: list[StoredApproval]  # every call of the paused run, in the model's order


def _json_bytes(data: bytes) -> bytes:
    return _NUL_ESCAPE.sub(rb"\1\\ufffd", data)


def _jsonb(value: Any) -> Jsonb:
    return Jsonb(value, dumps=lambda obj: _json_bytes(json.dumps(obj).encode()).decode())


def _gone(resumed_by: str | None) -> bool:
    """Whether the process that resumed a run (``host:pid``) is known to be dead: only checkable on this host."""
    host, _, pid = (resumed_by or "").rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # it exists, owned by someone else
        return False
    return False


def _public(row: dict[str, Any]) -> PendingApproval:
    values = {key: row[key] for key in PendingApproval.model_fields if key in row}
    values["outcome_unknown"] = bool(row.get("outcome_missing")) and (
        bool(row.get("silent")) or _gone(row.get("resumed_by"))
    )
    edited = row.get("override_args")
    if row.get("status") == "approved" and edited is not None and edited != row.get("parameters"):
        values["ran_parameters"] = edited
    else:  # ran as proposed, or did not run: the card shows the proposed call only
        values["ran_target"] = None
    return PendingApproval.model_validate(values)


def this_process() -> str:
    """How a resuming process names itself in ``resumed_by``."""
    return f"{socket.gethostname()}:{os.getpid()}"


def _stored(row: dict[str, Any]) -> StoredApproval:
    extra = ("group_key", "correlation_id", "decision_reason", "override_args", "outcome", "resumed_at")
    return StoredApproval(_public(row), history_json=row["history"].encode(), **{key: row[key] for key in extra})


@dataclass(frozen=True)
class Owner:
    """Whose action an approval is, and how risky: what decides who may decide it."""

    user_id: str
    email: str | None
    risk_level: RiskLevel


async def owner_of(pool: AsyncConnectionPool, approval_id: str) -> Owner | None:
    """The owner of any person's approval (None: no such id). Only for checking who may decide it: the rows
    themselves are read through the owner's own ``ApprovalStore``."""
    rows = await fetch(
        pool,
        "SELECT a.user_id, p.email, a.risk_level FROM approvals a LEFT JOIN people p ON p.id = a.user_id"
        " WHERE a.id = %s",
        (approval_id,),
    )
    return Owner(rows[0]["user_id"], rows[0]["email"], RiskLevel(rows[0]["risk_level"])) if rows else None


async def everyones_pending(pool: AsyncConnectionPool, limit: int = 100) -> list[PendingApproval]:
    """Every person's waiting calls, newest first, each naming who asked: the approvers' queue."""
    rows = await fetch(
        pool,
        f"SELECT {_PUBLIC}, coalesce((SELECT p.email FROM people p WHERE p.id = approvals.user_id),"
        f" approvals.user_id) AS requested_by FROM approvals WHERE status = 'pending' {_ORDER} LIMIT %s",
        (max(1, limit),),
    )
    return [_public(row) for row in rows]


class ApprovalStore:
    """One user's pending approvals. The pool is owned by the caller."""

    def __init__(self, pool: AsyncConnectionPool, user_id: str) -> None:
        self.pool = pool
        self.user_id = user_id

    async def create(
        self, pending: list[PendingApproval], history_json: bytes, *, correlation_id: str | None
    ) -> list[PendingApproval]:
        """Store every call one paused run waits on, in one transaction, as one group.

        Args:
            pending: the calls; each needs ``conversation_id`` (the same for all) and ``tool_call_id``.
                Their ``id``, ``status`` and timestamps are ignored and replaced.
            history_json: the paused run's ``ModelMessagesTypeAdapter.dump_json(messages)``.
            correlation_id: the turn's correlation id, for tracing the resume back to it.

        Returns:
            The stored approvals, pending, with their new ids and ``created_at``.

        Raises:
            ValueError: no calls, calls of several conversations, or a call without ``tool_call_id``.
        """
        if not pending or len({p.conversation_id for p in pending}) != 1 or pending[0].conversation_id is None:
            raise ValueError("create() needs at least one call, all with the same conversation_id")
        if any(not p.tool_call_id for p in pending):
            raise ValueError("every pending call needs its tool_call_id to resume the run")
        group_key, history = uuid.uuid4().hex, _json_bytes(history_json).decode()
        stored: list[PendingApproval] = []
        async with self.pool.connection() as conn, conn.transaction():
            for position, call in enumerate(pending):
                approval_id = uuid.uuid4().hex[:12]  # tool call ids repeat across models and runs
                cursor = await conn.execute(
                    "INSERT INTO approvals (id, user_id, conversation_id, group_key, position, tool_call_id, tool_name,"
                    " parameters, risk_level, reason, message_history, correlation_id, target)"
                    " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s::jsonb, %s, %s) RETURNING created_at",
                    (approval_id, self.user_id, call.conversation_id, group_key, position, call.tool_call_id,
                     call.tool_name, _jsonb(call.parameters), RiskLevel(call.risk_level).value, clean_text(call.reason),
                     history, correlation_id, None if call.target is None else clean_text(call.target)),
                )  # fmt: skip
                created_at = (await cursor.fetchone())[0]
                update = {"id": approval_id, "status": "pending", "created_at": created_at}
                undecided = {"decided_at": None, "decided_by": None, "decision_reason": None, "ran_parameters": None}
                stored.append(call.model_copy(update={**update, **undecided, "ran_target": None}))
        return stored

    def _where(self, **equal: str | None) -> tuple[str, tuple[Any, ...]]:
        # Only the filters given: a static "(%s IS NULL OR col = %s)" would defeat the indexes once prepared.
        given = {"user_id": self.user_id, **{col: value for col, value in equal.items() if value is not None}}
        return " AND ".join(f"{col} = %s" for col in given), tuple(given.values())

    async def _query(self, sql: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
        return await fetch(self.pool, sql, params)

    async def get(self, approval_id: str) -> StoredApproval | None:
        """The approval with that id, or None when this user has none."""
        rows = await self._query(
            f"SELECT {_STORED} FROM approvals WHERE id = %s AND user_id = %s", (approval_id, self.user_id)
        )
        return _stored(rows[0]) if rows else None

    async def group(self, group_key: str) -> list[StoredApproval]:
        """Every call of one paused run, in the model's order."""
        async with self.pool.connection() as conn:
            return await self._group(conn.cursor(row_factory=dict_row), group_key)

    async def _group(self, cursor: AsyncCursor[dict[str, Any]], group_key: str) -> list[StoredApproval]:
        await cursor.execute(
            f"SELECT {_STORED} FROM approvals WHERE user_id = %s AND group_key = %s ORDER BY position",
            (self.user_id, group_key),
        )
        return [_stored(row) for row in await cursor.fetchall()]

    async def decide(
        self,
        approval_id: str,
        *,
        approve: bool,
        decided_by: str,
        reason: str | None = None,
        override_args: dict[str, Any] | None = None,
        ran_target: str | None = None,
        decided_by_id: str | None = None,
    ) -> Decision:
        """Approve or reject one pending call, exactly once.

        Args:
            approval_id: the approval's id.
            approve: True to let the call run, False to refuse it.
            decided_by: who decided (e.g. ``cli`` or ``ui``).
            reason: why; a rejection's reason is what the model is told.
            override_args: edited arguments to run the call with instead (approvals only).
            ran_target: what the edited arguments act on, named (see ``agent_core.approvals.targets``).
            decided_by_id: the verified identity of whoever decided (``Person.id``); None in single-person mode.

        Returns:
            The decision, with the whole group and whether this decision completed it.

        Raises:
            UnknownApproval: this user has no approval with that id.
            AlreadyDecided: it was decided before (the message names that decision).
            InputError: override_args is not a JSON object, or comes with a rejection.
        """
        if override_args is not None:
            if not approve:
                raise InputError("Edited arguments only go with an approval: a rejected call does not run.")
            try:
                if not isinstance(override_args, dict):
                    raise TypeError
                json.dumps(override_args)
            except (TypeError, ValueError):
                raise InputError('Edited arguments must be a JSON object, such as {"path": "notes.txt"}.') from None
        status = "approved" if approve else "rejected"
        async with self.pool.connection() as conn, conn.transaction():
            cursor = conn.cursor(row_factory=dict_row)
            # Lock the whole group, in id order, first: deciders of one group take turns (never deadlock), so each
            # sees the others' committed decisions and exactly one of them sees the group complete.
            await cursor.execute(
                "SELECT id, group_key FROM approvals WHERE user_id = %s AND group_key ="
                " (SELECT group_key FROM approvals WHERE id = %s AND user_id = %s) ORDER BY id FOR UPDATE",
                (self.user_id, approval_id, self.user_id),
            )
            locked = await cursor.fetchall()
            if not locked:
                raise UnknownApproval(approval_id)
            await cursor.execute(
                "UPDATE approvals SET status = %s, decided_at = now(), decided_by = %s, decided_by_id = %s,"
                " decision_reason = %s, override_args = %s, ran_target = %s"
                " WHERE id = %s AND user_id = %s AND status = 'pending' RETURNING id",
                (status, clean_text(decided_by), decided_by_id, None if reason is None else clean_text(reason),
                 None if override_args is None else _jsonb(override_args),
                 None if override_args is None or ran_target is None else clean_text(ran_target), approval_id,
                 self.user_id),
            )  # fmt: skip
            changed = await cursor.fetchone() is not None
            group = await self._group(cursor, locked[0]["group_key"])
        this = next(item for item in group if item.id == approval_id)
        if not changed:
            raise AlreadyDecided(this.approval)
        return Decision(this, all(item.approval.status != "pending" for item in group), group)

    async def claim_resume(self, group_key: str) -> bool:
        """Claim the right to resume a fully decided run; True for exactly one caller, ever.

        False when the group is unknown, still has a pending call, or was claimed before. The claimer resumes the
        run and then calls ``record_outcome`` (also with an error outcome: a claim is never released, because the
        resumed run may already have executed an approved call).
        """
        async with self.pool.connection() as conn, conn.transaction():
            # Same lock order as decide(): a claim cannot slip in between a decision and its group check.
            cursor = await conn.execute(
                "SELECT status, resumed_at FROM approvals WHERE user_id = %s AND group_key = %s ORDER BY id FOR UPDATE",
                (self.user_id, group_key),
            )
            rows = await cursor.fetchall()
            if not rows or any(status == "pending" or resumed is not None for status, resumed in rows):
                return False
            await conn.execute(
                "UPDATE approvals SET resumed_at = now(), resumed_by = %s WHERE user_id = %s AND group_key = %s",
                (this_process(), self.user_id, group_key),
            )
            return True

    async def claim_retry(self, approval_id: str) -> list[StoredApproval]:
        """Claim an approved run whose outcome is unknown, to run it again; returns its group (the person asked
        for this explicitly: a retry is never automatic).

        Raises:
            UnknownApproval: this user has no approval with that id.
            NotRetryable: it is pending, rejected, finished, or its run may still be going on.
        """
        stored = await self.get(approval_id)
        if stored is None:
            raise UnknownApproval(approval_id)
        if not stored.approval.outcome_unknown:
            state = "finished" if stored.outcome is not None else stored.approval.status
            if stored.approval.status == "approved" and stored.outcome is None:
                state = "still running or just decided"
            raise NotRetryable(
                f"Approval {approval_id} is {state}; only an approved call whose outcome is unknown (its run did not "
                "finish) can be run again with --retry."
            )
        async with self.pool.connection() as conn, conn.transaction():
            cursor = await conn.execute(
                "UPDATE approvals SET resumed_at = now(), resumed_by = %s, resume_attempts = resume_attempts + 1"
                " WHERE user_id = %s AND group_key = %s AND outcome IS NULL"
                " AND (resumed_by IS NOT DISTINCT FROM %s) AND (resumed_at IS NOT DISTINCT FROM %s) RETURNING id",
                (this_process(), self.user_id, stored.group_key, stored.approval.resumed_by, stored.resumed_at),
            )
            if not await cursor.fetchall():  # someone else retried first
                raise NotRetryable(f"Approval {approval_id} is being run again by another process.")
        return await self.group(stored.group_key)

    async def record_outcome(self, group_key: str, outcome: dict[str, Any]) -> bool:
        """Keep what the resumed run produced (the turn's public JSON); False unless claimed and not yet recorded."""
        rows = await self._query(
            "UPDATE approvals SET outcome = %s WHERE user_id = %s AND group_key = %s AND resumed_at IS NOT NULL"
            " AND outcome IS NULL RETURNING id",
            (_jsonb(outcome), self.user_id, group_key),
        )
        return bool(rows)

    async def count_pending(self, conversation_id: str | None = None) -> int:
        """How many calls wait for a decision (in one conversation, or in all)."""
        where, params = self._where(status="pending", conversation_id=conversation_id)
        rows = await self._query(f"SELECT count(*) AS n FROM approvals WHERE {where}", params)
        return rows[0]["n"]

    # Last on purpose: inside the class body, later annotations would otherwise name this method, not the builtin.
    async def list(
        self, conversation_id: str | None = None, status: str | None = "pending", limit: int = 100
    ) -> list[PendingApproval]:
        """This user's approvals, newest first (a run's calls in the model's order).

        Args:
            conversation_id: only this conversation's; None for all.
            status: pending, approved or rejected; None for any.
            limit: at most this many.

        Raises:
            InputError: an unknown status or a limit below 1.
        """
        if status is not None and status not in STATUSES:
            raise InputError(f"There is no approval status '{status}'. Use pending, approved or rejected.")
        if limit < 1:
            raise InputError("The limit must be at least 1.")
        where, params = self._where(status=status, conversation_id=conversation_id)
        rows = await self._query(f"SELECT {_PUBLIC} FROM approvals WHERE {where} {_ORDER} LIMIT %s", (*params, limit))
        return [_public(row) for row in rows]
