"""The one way every store reads and writes rows: a pooled connection, dict rows, autocommit per statement."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool


async def fetch(pool: AsyncConnectionPool, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
    """Run one statement and return its rows as dicts ([] for a statement that returns none)."""
    async with pool.connection() as conn:
        cursor = await conn.cursor(row_factory=dict_row).execute(sql, params)
        return await cursor.fetchall() if cursor.description else []


async def fetch_one(pool: AsyncConnectionPool, sql: str, params: Sequence[Any] = ()) -> dict[str, Any] | None:
    """The first row of one statement, or None."""
    rows = await fetch(pool, sql, params)
    return rows[0] if rows else None
