"""'Always allow in this conversation': grants that let a reversible_with_delay tool skip the question.

One user's grants over the runtime's pool. Irreversible tools can never be granted — refused here and by a CHECK
in the database.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from psycopg_pool import AsyncConnectionPool

from agent_core.db.rows import fetch
from agent_core.errors import InputError
from agent_core.schemas import RiskLevel


def clean_text(value: str) -> str:
    """Text PostgreSQL can store (it cannot hold NUL)."""
    return value.replace("\x00", "\ufffd")


@dataclass(frozen=True)
class Grant:
    """An active "always allow this tool in this conversation"."""

    id: int
    conversation_id: str
    tool_name: str
    risk_level: RiskLevel
    granted_at: datetime
    granted_by: str


class GrantStore:
    """Grant, list, check and revoke one user's grants. The pool is owned by the caller."""

    def __init__(self, pool: AsyncConnectionPool, user_id: str) -> None:
        self.pool = pool
        self.user_id = user_id

    async def grant(self, conversation_id: str, tool_name: str, risk_level: RiskLevel | str, granted_by: str) -> None:
        """Always allow ``tool_name`` in this conversation; granting an active grant again changes nothing.

        Raises:
            InputError: the tool is irreversible (those always ask), or the risk level is unknown.
        """
        try:
            level = RiskLevel(risk_level)
        except ValueError:
            raise InputError(f"There is no risk level '{risk_level}'.") from None
        if level is RiskLevel.IRREVERSIBLE:
            raise InputError(
                f"{tool_name} is irreversible, so it always asks: 'always allow' is only for reversible_with_delay tools."
            )
        await fetch(
            self.pool,
            "INSERT INTO approval_grants (user_id, conversation_id, tool_name, risk_level, granted_by)"
            " VALUES (%s, %s, %s, %s, %s)"
            " ON CONFLICT (user_id, conversation_id, tool_name) WHERE revoked_at IS NULL DO NOTHING",
            (self.user_id, conversation_id, tool_name, level.value, clean_text(granted_by)),
        )

    async def grants(self, conversation_id: str | None = None) -> list[Grant]:
        """The active grants (of one conversation, or all), oldest first."""
        where, params = "user_id = %s", [self.user_id]
        if conversation_id is not None:
            where, params = f"{where} AND conversation_id = %s", [*params, conversation_id]
        rows = await fetch(
            self.pool,
            "SELECT id, conversation_id, tool_name, risk_level, granted_at, granted_by FROM approval_grants"
            f" WHERE {where} AND revoked_at IS NULL ORDER BY id",
            params,
        )
        return [Grant(**{**row, "risk_level": RiskLevel(row["risk_level"])}) for row in rows]

    async def revoke(self, conversation_id: str, tool_name: str) -> bool:
        """End the grant; False when there was none."""
        rows = await fetch(
            self.pool,
            "UPDATE approval_grants SET revoked_at = now() WHERE user_id = %s AND conversation_id = %s"
            " AND tool_name = %s AND revoked_at IS NULL RETURNING id",
            (self.user_id, conversation_id, tool_name),
        )
        return bool(rows)

    async def is_granted(self, conversation_id: str, tool_name: str) -> bool:
        """Whether ``tool_name`` is always allowed in this conversation.

        Consult it for reversible_with_delay calls only: an irreversible call always asks, even if a tool's risk
        level was raised after it was granted.
        """
        rows = await fetch(
            self.pool,
            "SELECT 1 FROM approval_grants WHERE user_id = %s AND conversation_id = %s AND tool_name = %s"
            " AND revoked_at IS NULL",
            (self.user_id, conversation_id, tool_name),
        )
        return bool(rows)
