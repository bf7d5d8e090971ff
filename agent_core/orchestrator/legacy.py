"""The legacy tools, kept working as a local agent (seed 001 FR-010): ``save_fact`` and ``log_note``.

Both are plain async functions that old code can still call directly; ``legacy_agent`` puts the same functions
behind the Agent protocol, so the model reaches them through the orchestrator with identical results.

- ``save_fact(fact)`` stores a short statement in the ``facts`` table (migration 2), scoped to the person.
- ``log_note(text)`` appends a timestamped bullet to today's Obsidian-style daily note,
  ``$PAIAS_HOME/notes/daily/YYYY-MM-DD.md`` (another person's: ``notes/people/<their id>/daily/``).

The person is the one the run acts for (``agent_core.people.identity.acting_for``), never an argument.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

from psycopg_pool import AsyncConnectionPool
from pydantic import Field

from agent_core.orchestrator.agents import LocalAgent
from agent_core.people.identity import acting_person
from agent_core.schemas import RiskLevel

MAX_FACT = 2000
MAX_NOTE = 4000
_WRITES_OWN_NOTEBOOK = {
    "readOnlyHint": False,
    "destructiveHint": False,
    "idempotentHint": False,
    "openWorldHint": False,
}


def notebook(notes_dir: Path, person: str, local_person: str) -> Path:
    """A person's notes folder: the top one for the single-person mode's person (``local_person``), a folder of
    their own for everyone else (named by a digest: an OIDC subject may hold any character)."""
    if person == local_person:
        return notes_dir
    return notes_dir / "people" / hashlib.sha256(person.encode()).hexdigest()[:16]


@dataclass
class LegacyTools:
    """The legacy functions over the database and the notes folder; ``user_id`` is the single-person mode's person,
    used when a call acts for nobody in particular."""

    pool: AsyncConnectionPool
    user_id: str
    notes_dir: Path
    clock: Callable[[], datetime] = lambda: datetime.now(UTC)

    def _person(self) -> str:
        return acting_person() or self.user_id

    def _notebook(self) -> Path:
        return notebook(self.notes_dir, self._person(), self.user_id)

    async def save_fact(
        self, fact: Annotated[str, Field(min_length=1, max_length=MAX_FACT, description="The fact, one statement")]
    ) -> dict[str, Any]:
        """Save a fact (one short statement) to the user's fact list.

        Args:
            fact: The statement to keep, e.g. "The lab's freezer runs at -80 °C".
        """
        fact = " ".join(fact.split())
        async with self.pool.connection() as conn:
            cursor = await conn.execute(
                "INSERT INTO facts (user_id, fact) VALUES (%s, %s) RETURNING id, created_at", (self._person(), fact)
            )
            fact_id, created = await cursor.fetchone()
        return {"id": fact_id, "fact": fact, "created_at": created.isoformat()}

    async def log_note(
        self, text: Annotated[str, Field(min_length=1, max_length=MAX_NOTE, description="What to write down")]
    ) -> dict[str, Any]:
        """Append a note to today's daily note (a Markdown file, Obsidian style).

        Args:
            text: The note; it is written as one timestamped bullet.
        """
        now = self.clock()
        path = self._notebook() / "daily" / f"{now:%Y-%m-%d}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        line = f"- {now:%H:%M} {' '.join(text.split())}\n"
        with path.open("a", encoding="utf-8") as note:
            if note.tell() == 0:
                note.write(f"# {now:%Y-%m-%d}\n\n")
            note.write(line)
        return {"path": str(path), "appended": line.strip()}


def legacy_agent(tools: LegacyTools, timeout: float = 15.0) -> LocalAgent:
    """The legacy functions as a local agent. Both write the user's own notebook but offer no undo, so they are
    reversible_with_delay: they run at once when the person's own words state them, and ask otherwise."""
    return LocalAgent(
        "legacy",
        [tools.save_fact, tools.log_note],
        annotations={"save_fact": _WRITES_OWN_NOTEBOOK, "log_note": _WRITES_OWN_NOTEBOOK},
        risk={"save_fact": RiskLevel.REVERSIBLE_WITH_DELAY, "log_note": RiskLevel.REVERSIBLE_WITH_DELAY},
        timeout=timeout,
    )
