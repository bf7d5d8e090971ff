"""Start/stop requests for MCP servers, kept in PostgreSQL so every process sharing the database follows them.

``paias servers stop tasks`` has no running app to act on inside its own short-lived process; it records the wish
here instead. Each running app applies it at its next monitor round (within ~5 s), and an app starting later does
not start a server that was stopped. ``paias servers start tasks`` lifts it.
"""

from __future__ import annotations

from typing import Literal

from psycopg_pool import AsyncConnectionPool

from agent_core.db.rows import fetch

Desired = Literal["started", "stopped"]


class ServerControls:
    """The desired state per server name, shared by every process on one database."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool

    async def desired(self) -> dict[str, Desired]:
        """Every recorded wish, by server name."""
        return {
            row["name"]: row["desired"] for row in await fetch(self.pool, "SELECT name, desired FROM server_controls")
        }

    async def set(self, name: str, desired: Desired, by: str) -> None:
        """Record that ``name`` should be ``desired`` (who asked is kept for the record)."""
        await fetch(
            self.pool,
            "INSERT INTO server_controls (name, desired, updated_by) VALUES (%s, %s, %s) "
            "ON CONFLICT (name) DO UPDATE SET desired = EXCLUDED.desired, updated_at = now(), "
            "updated_by = EXCLUDED.updated_by",
            (name, desired, by),
        )
