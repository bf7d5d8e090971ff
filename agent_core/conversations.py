"""Conversations in PostgreSQL: the model's message history to continue from, and the turns as the person saw them.

Any process on the same database can list, show, continue, rename, export or delete a conversation, so a refresh,
a second tab, the CLI and a restart all see the same thing. Scoped to one user like the other stores.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool
from pydantic_ai.messages import ModelMessage, ModelMessagesTypeAdapter

from agent_core.db.rows import fetch, fetch_one
from agent_core.errors import InputError
from agent_core.schemas import TurnResult

MAX_TITLE = 120


@dataclass(frozen=True)
class Conversation:
    """One conversation in the list."""

    id: str
    title: str
    created_at: datetime
    updated_at: datetime
    turns: int


@dataclass(frozen=True)
class Turn:
    """One exchange as shown: the person's words (or a decision) and what came back."""

    prompt: str
    result: TurnResult
    created_at: datetime


def title_from(prompt: str) -> str:
    """A readable title from the first message: its first line, cut at a word near 60 characters."""
    line = " ".join(prompt.split())
    return line if len(line) <= 60 else line[:57].rsplit(" ", 1)[0] + "…"


class ConversationStore:
    """Conversations of one user."""

    def __init__(self, pool: AsyncConnectionPool, user_id: str) -> None:
        self.pool = pool
        self.user_id = user_id

    async def list(self, limit: int = 100, query: str | None = None) -> list[Conversation]:
        """Conversations, most recently active first; with ``query``, those whose title or any question contains
        it (case-insensitive)."""
        words = " ".join((query or "").split())
        pattern = "%" + words.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = await fetch(
            self.pool,
            "SELECT c.id, c.title, c.created_at, c.updated_at, count(t.id) AS turns FROM conversations c "
            "LEFT JOIN conversation_turns t ON t.conversation_id = c.id WHERE c.user_id = %s "
            "AND (%s = '' OR c.title ILIKE %s OR EXISTS (SELECT 1 FROM conversation_turns q "
            "WHERE q.conversation_id = c.id AND q.prompt ILIKE %s)) "
            "GROUP BY c.id ORDER BY c.updated_at DESC, c.id LIMIT %s",
            (self.user_id, words, pattern, pattern, limit),
        )
        return [Conversation(**row) for row in rows]

    async def history(self, conversation_id: str) -> list[ModelMessage]:
        """The message history to continue from ([] for an unknown conversation)."""
        row = await fetch_one(
            self.pool,
            "SELECT history::text AS history FROM conversations WHERE id = %s AND user_id = %s",
            (conversation_id, self.user_id),
        )
        return ModelMessagesTypeAdapter.validate_json(row["history"]) if row else []

    async def save(
        self, conversation_id: str, prompt: str, result: TurnResult, history: list[ModelMessage] | None = None
    ) -> None:
        """Record one turn, and the history after it when given (None: the history stays, e.g. after a tool gap,
        where the model never ran), in one transaction; the conversation is created on its first turn."""
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(
                "INSERT INTO conversations (id, user_id, title) VALUES (%s, %s, %s) ON CONFLICT (id) DO NOTHING",
                (conversation_id, self.user_id, title_from(prompt) or "New conversation"),
            )
            await conn.execute(
                "UPDATE conversations SET history = coalesce(%s, history), updated_at = now() "
                "WHERE id = %s AND user_id = %s",
                (
                    Jsonb(json.loads(ModelMessagesTypeAdapter.dump_json(history))) if history is not None else None,
                    conversation_id,
                    self.user_id,
                ),
            )
            await conn.execute(  # never into another person's conversation, whatever id the caller had
                "INSERT INTO conversation_turns (conversation_id, prompt, turn) SELECT %s, %s, %s "
                "WHERE EXISTS (SELECT 1 FROM conversations WHERE id = %s AND user_id = %s)",
                (conversation_id, prompt, Jsonb(result.model_dump(mode="json")), conversation_id, self.user_id),
            )

    async def taken(self, conversation_id: str) -> bool:
        """Whether the id is another person's conversation (a shared ``?c=`` link): a turn then starts a new one."""
        return bool(
            await fetch(
                self.pool,
                "SELECT 1 FROM conversations WHERE id = %s AND user_id <> %s",
                (conversation_id, self.user_id),
            )
        )

    async def turns(self, conversation_id: str, last: int | None = None) -> list[Turn]:
        """The turns in order, or only the ``last`` few ([] for an unknown conversation or another user's)."""
        rows = await fetch(
            self.pool,
            "SELECT * FROM (SELECT t.id, t.prompt, t.turn, t.created_at FROM conversation_turns t "
            "JOIN conversations c ON c.id = t.conversation_id WHERE c.id = %s AND c.user_id = %s "
            "ORDER BY t.id DESC LIMIT %s) newest ORDER BY id",
            (conversation_id, self.user_id, last),
        )
        return [Turn(r["prompt"], TurnResult.model_validate(r["turn"]), r["created_at"]) for r in rows]

    async def recent_turns(self, limit: int = 50) -> list[tuple[str, Turn]]:
        """The latest turns across this user's conversations, newest first, each with its conversation's title."""
        rows = await fetch(
            self.pool,
            "SELECT c.title, t.prompt, t.turn, t.created_at FROM conversation_turns t JOIN conversations c "
            "ON c.id = t.conversation_id WHERE c.user_id = %s ORDER BY t.id DESC LIMIT %s",
            (self.user_id, max(1, limit)),
        )
        return [(r["title"], Turn(r["prompt"], TurnResult.model_validate(r["turn"]), r["created_at"])) for r in rows]

    async def rename(self, conversation_id: str, title: str) -> bool:
        """Rename; False if there is no such conversation.

        Raises:
            InputError: the title is empty or too long.
        """
        title = " ".join(title.split())
        if not title or len(title) > MAX_TITLE:
            raise InputError(f"A title needs 1 to {MAX_TITLE} characters.")
        return bool(
            await fetch(
                self.pool,
                "UPDATE conversations SET title = %s WHERE id = %s AND user_id = %s RETURNING id",
                (title, conversation_id, self.user_id),
            )
        )

    async def delete(self, conversation_id: str) -> bool:
        """Delete a conversation and its turns; False if there was none."""
        return bool(
            await fetch(
                self.pool,
                "DELETE FROM conversations WHERE id = %s AND user_id = %s RETURNING id",
                (conversation_id, self.user_id),
            )
        )


def export_markdown(title: str, turns: list[Turn]) -> str:
    """The conversation as Markdown: each question, answer, confidence, tool calls, gaps and approvals."""
    lines = [f"# {title}", ""]
    for turn in turns:
        result = turn.result
        lines += [f"## {turn.prompt}", f"*{turn.created_at:%Y-%m-%d %H:%M %Z}*", ""]
        if result.response:
            lines += [result.response.answer, "", f"Confidence: {result.response.confidence:.2f}", ""]
            lines += [f"Reasoning: {result.response.reasoning}", ""]
            for call in result.response.tool_calls:
                lines.append(
                    f"- `{call.tool_name}` {json.dumps(call.parameters, ensure_ascii=False)} → {call.status.value}, "
                    f"{call.duration_ms} ms"
                )
        elif result.gap:
            lines.append(f"Tool gap: missing {', '.join(result.gap.missing_tools)}.")
        for item in result.pending:
            lines.append(
                f"Waiting for approval: `{item.tool_name}` {json.dumps(item.parameters)} ({item.risk_level.value})"
            )
        if result.error:
            lines.append(f"Error: {result.error}")
        lines.append("")
    return "\n".join(lines)


def export_json(conversation: Conversation | None, turns: list[Turn]) -> dict[str, Any]:
    """The conversation as one JSON object (turns in the stable ``paias ask --json`` shape)."""
    return {
        "id": conversation.id if conversation else None,
        "title": conversation.title if conversation else None,
        "turns": [
            {"prompt": t.prompt, "created_at": t.created_at.isoformat(), "result": t.result.to_public_json()}
            for t in turns
        ],
    }
