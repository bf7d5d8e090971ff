"""Undo: every reversible write that ran keeps the call that takes it back, and a person can run it.

A tool says how to undo its own change with an ``undo`` object in its result (``{"tool", "arguments",
"summary"}``; the tasks server does this for add, update, complete and reopen), so undo works for any MCP server
that follows the convention, not only ours. A memory the assistant stored is undone by forgetting it. The newest
write not yet undone is undone first, like an editor's undo; an undo is a person's action, never the model's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool

from agent_core.db.rows import fetch, fetch_one
from agent_core.risk import canonical_tool_name
from agent_core.schemas import PendingApproval, ToolCallRecord, ToolCallStatus

FORGET_MEMORY = "forget_memory"  # the runtime's own inverse of store_memory; never offered to the model


@dataclass(frozen=True)
class UndoAction:
    """A write that can be taken back: what it was, what undoing does, and the call that does it."""

    id: int
    conversation_id: str | None
    tool_name: str
    summary: str
    inverse_tool: str
    inverse_arguments: dict[str, Any]
    created_at: datetime


def inverse_of(record: ToolCallRecord) -> tuple[str, dict[str, Any], str] | None:
    """The (tool, arguments, summary) that takes a successful write back, if it can be taken back."""
    if record.status is not ToolCallStatus.SUCCESS:
        return None
    result = record.result
    if canonical_tool_name(record.tool_name) == "store_memory" and isinstance(result, str):
        content = str(record.parameters.get("content", ""))
        short = content if len(content) <= 60 else content[:57] + "..."
        return FORGET_MEMORY, {"memory_id": result}, f"forget the memory '{short}'"
    hint = result.get("undo") if isinstance(result, dict) else None
    if not isinstance(hint, dict) or not isinstance(hint.get("tool"), str):
        return None
    arguments = hint.get("arguments") if isinstance(hint.get("arguments"), dict) else {}
    return hint["tool"], arguments, str(hint.get("summary") or f"run {hint['tool']}")


def _ran(item: PendingApproval) -> dict[str, Any]:
    return item.parameters if item.ran_parameters is None else item.ran_parameters


def approvals_of(records: list[ToolCallRecord], decided: list[PendingApproval]) -> list[str | None]:
    """For each record, the approved call it is (None when it needed no approval): in a resumed run, the first
    record of the same tool with the arguments that were approved to run (edited ones when a person edited them).
    Each approval matches one record at most."""
    left = [d for d in decided if d.status == "approved"]
    linked: list[str | None] = []
    for record in records:
        ran = record.tool_name, record.parameters
        match = next((d for d in left if (d.tool_name, _ran(d)) == ran), None)
        if match is not None:
            left.remove(match)
        linked.append(match.id if match else None)
    return linked


class UndoStore:
    """One user's undoable writes. The pool is owned by the caller."""

    def __init__(self, pool: AsyncConnectionPool, user_id: str) -> None:
        self.pool = pool
        self.user_id = user_id

    async def remember(
        self, conversation_id: str | None, records: list[ToolCallRecord], decided: list[PendingApproval] | None = None
    ) -> int:
        """Keep the inverse of every undoable call among ``records``; returns how many were kept.

        ``decided``: the decisions a resumed run carried out; an undo of an approved call names its approval, so
        the audit shows the undo next to the decision.
        """
        approvals = approvals_of(records, decided or [])
        rows = [
            (record.tool_name, approval, *inverse)
            for record, approval in zip(records, approvals, strict=True)
            if (inverse := inverse_of(record))
        ]
        if not rows:
            return 0
        async with self.pool.connection() as conn, conn.cursor() as cursor:
            await cursor.executemany(
                "INSERT INTO undo_actions (user_id, conversation_id, tool_name, summary, inverse, approval_id)"
                " VALUES (%s, %s, %s, %s, %s, %s)",
                [
                    (self.user_id, conversation_id, name, summary, Jsonb({"tool": tool, "arguments": args}), approval)
                    for name, approval, tool, args, summary in rows
                ],
            )
        return len(rows)

    async def latest(self, conversation_id: str | None = None) -> UndoAction | None:
        """The newest write not yet undone (of one conversation, or of any)."""
        where, params = "user_id = %s AND undone_at IS NULL", [self.user_id]
        if conversation_id is not None:
            where, params = where + " AND conversation_id = %s", [*params, conversation_id]
        row = await fetch_one(
            self.pool,
            "SELECT id, conversation_id, tool_name, summary, inverse, created_at FROM undo_actions"
            f" WHERE {where} ORDER BY id DESC LIMIT 1",
            params,
        )
        if row is None:
            return None
        inverse = row.pop("inverse")
        return UndoAction(**row, inverse_tool=inverse["tool"], inverse_arguments=inverse.get("arguments") or {})

    async def claim(self, action_id: int, by: str) -> bool:
        """Mark an action undone, exactly once; False when it was undone already (by another click or process)."""
        claimed = await fetch(
            self.pool,
            "UPDATE undo_actions SET undone_at = now(), undone_by = %s"
            " WHERE id = %s AND user_id = %s AND undone_at IS NULL RETURNING id",
            (by, action_id, self.user_id),
        )
        return bool(claimed)

    async def release(self, action_id: int) -> None:
        """Give a claim back after the undo call failed, so it can be tried again."""
        await fetch(
            self.pool,
            "UPDATE undo_actions SET undone_at = NULL, undone_by = NULL WHERE id = %s AND user_id = %s",
            (action_id, self.user_id),
        )
