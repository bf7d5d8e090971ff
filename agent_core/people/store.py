"""Everyone who signed in: the OIDC subject (who owns data) and the verified email (how people name them).

The browser app records a person at each sign-in (``seen``); the CLI's ``--as EMAIL`` and the data reassignment
command look them up (``find``), so a shell user names people the way the team does, by email.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from psycopg_pool import AsyncConnectionPool

from agent_core.db.rows import fetch, fetch_one


@dataclass(frozen=True)
class Known:
    """A person who signed in at least once."""

    id: str
    email: str | None
    first_seen: datetime
    last_seen: datetime


class PeopleStore:
    """The ``people`` table (migration 8)."""

    def __init__(self, pool: AsyncConnectionPool) -> None:
        self.pool = pool

    async def seen(self, person_id: str, email: str | None) -> None:
        """Record a sign-in (a new email replaces the old one: the provider's word is the latest truth)."""
        await fetch(
            self.pool,
            "INSERT INTO people (id, email) VALUES (%s, %s) ON CONFLICT (id) DO UPDATE "
            "SET email = coalesce(EXCLUDED.email, people.email), last_seen = now()",
            (person_id, email),
        )

    async def find(self, key: str) -> Known | None:
        """The person whose subject is ``key``, or else the one most recently seen with the email ``key``."""
        key = key.strip()
        row = await fetch_one(
            self.pool,
            "SELECT id, email, first_seen, last_seen FROM people WHERE id = %s OR lower(email) = lower(%s) "
            "ORDER BY (id = %s) DESC, last_seen DESC LIMIT 1",
            (key, key, key),
        )
        return Known(**row) if row else None

    async def all(self) -> list[Known]:
        """Everyone, most recently seen first."""
        rows = await fetch(self.pool, "SELECT id, email, first_seen, last_seen FROM people ORDER BY last_seen DESC")
        return [Known(**row) for row in rows]
