"""'Always allow in this conversation': grants that let a reversible_with_delay tool skip the question.

One user's grants over the runtime's pool. A grant lasts ``APPROVAL_GRANT_HOURS`` (default 8 h): after that the tool
asks again. Irreversible tools can never be granted — refused here and by a CHECK in the database — and the
approval policy consults grants for reversible_with_delay calls only (``agent_core.agent.approval_required``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from psycopg_pool import AsyncConnectionPool

from agent_core.db.rows import fetch
from agent_core.errors import InputError
from agent_core.schemas import RiskLevel

DEFAULT_HOURS = 8.0  # APPROVAL_GRANT_HOURS
_ACTIVE = "revoked_at IS NULL AND expires_at > now()"


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
    expires_at: datetime


def lifetime(expires_at: datetime, now: datetime | None = None) -> str:
    """When a grant ends, as a person reads it: "until 17:40 UTC, in 7 h" ("in 1 h 20 min", "in 25 min"; the date
    too when it ends on another day)."""
    now = now or datetime.now(UTC)
    minutes = max(0, round((expires_at - now).total_seconds() / 60))
    if minutes >= 120:
        left = f"{round(minutes / 60)} h"
    elif minutes >= 60:
        left = f"1 h {minutes - 60} min" if minutes > 60 else "1 h"
    else:
        left = f"{minutes} min"
    end = expires_at.astimezone(UTC)
    day = "" if end.date() == now.astimezone(UTC).date() else f"{end:%b} {end.day} "
    return f"until {day}{end:%H:%M} UTC, in {left}"


class GrantStore:
    """Grant, list, check and revoke one user's grants, each lasting ``hours``. The pool is owned by the caller."""

    def __init__(self, pool: AsyncConnectionPool, user_id: str, hours: float = DEFAULT_HOURS) -> None:
        if not hours > 0:
            raise ValueError("a grant must last more than 0 hours (APPROVAL_GRANT_HOURS)")
        self.pool = pool
        self.user_id = user_id
        self.hours = hours

    async def grant(self, conversation_id: str, tool_name: str, risk_level: RiskLevel | str, granted_by: str) -> None:
        """Always allow ``tool_name`` in this conversation for the next ``hours``; granting an active grant again
        changes nothing (its expiry stays).

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
        async with self.pool.connection() as conn, conn.transaction():
            # An expired grant still holds the one-active-grant index (its predicate cannot read the clock): close
            # it as ended at its expiry, so the new grant can take its place.
            await conn.execute(
                "UPDATE approval_grants SET revoked_at = expires_at WHERE user_id = %s AND conversation_id = %s"
                " AND tool_name = %s AND revoked_at IS NULL AND expires_at <= now()",
                (self.user_id, conversation_id, tool_name),
            )
            await conn.execute(
                "INSERT INTO approval_grants (user_id, conversation_id, tool_name, risk_level, granted_by, expires_at)"
                " VALUES (%s, %s, %s, %s, %s, now() + %s * interval '1 hour')"
                " ON CONFLICT (user_id, conversation_id, tool_name) WHERE revoked_at IS NULL DO NOTHING",
                (self.user_id, conversation_id, tool_name, level.value, clean_text(granted_by), float(self.hours)),
            )

    async def grants(self, conversation_id: str | None = None) -> list[Grant]:
        """The active grants (of one conversation, or all), oldest first; expired and revoked ones are left out."""
        where, params = "user_id = %s", [self.user_id]
        if conversation_id is not None:
            where, params = f"{where} AND conversation_id = %s", [*params, conversation_id]
        rows = await fetch(
            self.pool,
            "SELECT id, conversation_id, tool_name, risk_level, granted_at, granted_by, expires_at FROM approval_grants"
            f" WHERE {where} AND {_ACTIVE} ORDER BY id",
            params,
        )
        return [Grant(**{**row, "risk_level": RiskLevel(row["risk_level"])}) for row in rows]

    async def revoke(self, conversation_id: str, tool_name: str) -> bool:
        """End the grant now; False when there was no active one (never granted, revoked, or expired)."""
        rows = await fetch(
            self.pool,
            "UPDATE approval_grants SET revoked_at = now() WHERE user_id = %s AND conversation_id = %s"
            f" AND tool_name = %s AND {_ACTIVE} RETURNING id",
            (self.user_id, conversation_id, tool_name),
        )
        return bool(rows)

    async def is_granted(self, conversation_id: str, tool_name: str) -> bool:
        """Whether ``tool_name`` is always allowed in this conversation right now (an expired grant is not).

        Consult it for reversible_with_delay calls only: an irreversible call always asks, even if a tool's risk
        level was raised after it was granted.
        """
        rows = await fetch(
            self.pool,
            "SELECT 1 FROM approval_grants WHERE user_id = %s AND conversation_id = %s AND tool_name = %s"
            f" AND {_ACTIVE}",
            (self.user_id, conversation_id, tool_name),
        )
        return bool(rows)
