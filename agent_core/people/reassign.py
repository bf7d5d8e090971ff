"""Give one person's data to another: what was made before sign-in belongs to ``USER_ID`` (default ``local``), and
this moves it to a person who signed in.

Run with: ``paias people reassign --from local --to ann@lab.example [--dry-run] [--json]``.

Every row of the person — conversations (their turns follow), memories, tasks, facts, approvals, grants and undo
actions — moves in one transaction: all of it, or nothing. A memory whose text the target already has stays with
the source (the target keeps theirs), as does a grant the target already holds for the same conversation and tool;
both are counted as ``kept``. Then the daily notes move from the source's notes folder to the target's (a day both
have is appended to the target's note). Running it again moves what is left, so an interrupted run can be resumed.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from agent_core.errors import InputError
from agent_core.orchestrator.legacy import notebook

# Each table with a user_id, and the rows that stay with the source because the target has the same already.
_STAYS: dict[str, str] = {
    "conversations": "false",
    "memories": "EXISTS (SELECT 1 FROM memories t WHERE t.user_id = %(to)s AND t.content_hash = s.content_hash)",
    "tasks": "false",
    "facts": "false",
    "approvals": "false",
    "approval_grants": (
        "s.revoked_at IS NULL AND EXISTS (SELECT 1 FROM approval_grants t WHERE t.user_id = %(to)s"
        " AND t.conversation_id = s.conversation_id AND t.tool_name = s.tool_name AND t.revoked_at IS NULL)"
    ),
    "undo_actions": "false",
}
TABLES = tuple(_STAYS)


@dataclass(frozen=True)
class Reassignment:
    """What moved (or, with ``dry_run``, would move) from ``source`` to ``target``."""

    source: str
    target: str
    target_email: str | None
    dry_run: bool
    moved: dict[str, int]  # rows per table, "conversation_turns" (they follow their conversations), "notes" (files)
    kept: dict[str, int] = field(default_factory=dict)  # rows left with the source: the target has the same

    def to_json(self) -> dict[str, Any]:
        """The stable shape of ``paias people reassign --json``."""
        return {
            "from": self.source,
            "to": self.target,
            "to_email": self.target_email,
            "dry_run": self.dry_run,
            "moved": self.moved,
            "kept": self.kept,
        }


async def reassign(
    pool: AsyncConnectionPool,
    source: str,
    target: str,
    *,
    notes_dir: Path,
    local_person: str,
    target_email: str | None = None,
    dry_run: bool = False,
) -> Reassignment:
    """Move every row (and daily note) of ``source`` to ``target``.

    Args:
        pool: the database.
        source: the id the data belongs to now (``USER_ID`` for data made before sign-in).
        target: the id it should belong to (a person's OIDC subject).
        notes_dir: ``$PAIAS_HOME/notes``, where the legacy ``log_note`` keeps daily notes.
        local_person: ``USER_ID``: whose notes sit at the top of ``notes_dir``.
        target_email: for the report only.
        dry_run: count only; nothing changes.

    Raises:
        InputError: the source and the target are the same person.
    """
    if source == target:
        raise InputError(f"'{source}' is both the source and the target: nothing to move.")
    moved: dict[str, int] = {}
    kept: dict[str, int] = {}
    names = {"from": source, "to": target}
    async with pool.connection() as conn, conn.transaction():
        for table, stays in _STAYS.items():
            cursor = await conn.execute(
                f"UPDATE {table} s SET user_id = %(to)s WHERE s.user_id = %(from)s AND NOT ({stays})"
                + (" RETURNING s.id" if table == "conversations" else ""),
                names,
            )
            moved[table] = cursor.rowcount
            if table == "conversations":
                ids = [row[0] for row in await cursor.fetchall()]
                turns = await conn.execute(
                    "SELECT count(*) FROM conversation_turns WHERE conversation_id = ANY(%s)", (ids,)
                )
                moved["conversation_turns"] = (await turns.fetchone())[0]
            if stays != "false":
                left = await conn.execute(f"SELECT count(*) FROM {table} WHERE user_id = %(from)s", names)
                kept[table] = (await left.fetchone())[0]
        if dry_run:
            raise psycopg.Rollback()  # counted; nothing changes
    moved["notes"] = _move_notes(
        notebook(notes_dir, source, local_person) / "daily",
        notebook(notes_dir, target, local_person) / "daily",
        dry_run=dry_run,
    )
    return Reassignment(source, target, target_email, dry_run, moved, {k: v for k, v in kept.items() if v})


def _move_notes(source: Path, target: Path, *, dry_run: bool) -> int:
    """Move the daily notes (``YYYY-MM-DD.md``); a day the target has already gets the source's lines appended."""
    notes = sorted(source.glob("*.md")) if source.is_dir() else []
    if dry_run or not notes:
        return len(notes)
    target.mkdir(parents=True, exist_ok=True)
    for note in notes:
        there = target / note.name
        if there.exists():
            with there.open("a", encoding="utf-8") as out:
                out.write(note.read_text(encoding="utf-8"))
            note.unlink()
        else:
            shutil.move(note, there)
    return len(notes)
