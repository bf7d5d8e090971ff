"""Tasks MCP server: one user's to-do list on PostgreSQL (add, list, update, complete, reopen and delete tasks).

Every change returns what it overwrote (``previous``) and the call that takes it back (``undo``), so the app can
offer Undo without knowing this server.

Configured by the environment at start: ``DATABASE_URL`` (required; the app passes the URL it resolved and applies
the migrations before starting servers) and ``USER_ID`` (default ``local``). The user is never a tool argument:
every query is scoped to the person named in the request's ``_meta`` (``paias/person``, set by the app's
orchestrator for the signed-in person), or to the server's ``USER_ID`` when a request names nobody. One process
serves everyone.

Run with: ``DATABASE_URL=postgresql://... python -m agent_core.servers.tasks`` (stdio) or
``python -m agent_core.servers.tasks --transport http --port 8766`` (streamable HTTP at /mcp).
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import asynccontextmanager, contextmanager
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

import psycopg
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from psycopg.rows import dict_row
from psycopg_pool import AsyncConnectionPool
from pydantic import BaseModel, Field

from agent_core.errors import ConfigError
from agent_core.people.identity import PERSON_META_KEY
from agent_core.servers._serve import main

DEFAULT_USER = "local"
MAX_TITLE_CHARS = 255
MAX_DESCRIPTION_CHARS = 10_000
# Short waits: a tool call on a dead database should fail while the user is still looking, not after 30 s.
POOL_TIMEOUT = 5.0
CONNECT_TIMEOUT = 5
MISSING_TABLE = "The tasks table does not exist yet — start the app once (make run) so it can create it."
_COLUMNS = "id, title, description, status, created_at, completed_at"

Status = Literal["pending", "completed"]


class Task(BaseModel):
    """One task on the user's list."""

    id: int = Field(description="The task number, used by update_task, complete_task and delete_task")
    title: str
    description: str
    status: Status
    created_at: str = Field(description="When the task was added, ISO 8601 in UTC")
    completed_at: str | None = Field(description="When the task was completed, ISO 8601 in UTC; null while pending")


class TaskList(BaseModel):
    """The user's tasks, oldest first."""

    tasks: list[Task]
    count: int = Field(description="How many tasks are listed")


class Undo(BaseModel):
    """The call that takes a change back; the app offers it as Undo (a person runs it, never the model)."""

    tool: str
    arguments: dict[str, Any]
    summary: str = Field(description="What undoing does, in words")


class ChangedTask(Task):
    """A task just added or changed, with what it was before and how to take the change back."""

    previous: dict[str, Any] | None = Field(
        description="The fields the change overwrote, as they were (null for a new task)"
    )
    undo: Undo | None = Field(description="How to take this change back; null when it changed nothing")


class DeletedTask(BaseModel):
    """The task that was deleted."""

    deleted: int = Field(description="The number of the deleted task")
    title: str


class TaskError(Exception):
    """A task operation that cannot be done; the message says what happened and what to do next."""


def read_environment(environ: Mapping[str, str] = os.environ) -> tuple[str, str]:
    """The database URL and user id this server process works with.

    Raises:
        ConfigError: ``DATABASE_URL`` is missing or empty.
    """
    url = environ.get("DATABASE_URL", "").strip()
    if not url:
        raise ConfigError(
            "DATABASE_URL is not set: the tasks server needs the PostgreSQL URL the app resolved "
            "(start it through the app, or set DATABASE_URL=postgresql://user@host:5432/dbname)."
        )
    return url, environ.get("USER_ID", "").strip() or DEFAULT_USER


def _clean_title(title: str) -> str:
    # NUL cannot be stored in a PostgreSQL text column; dropping it beats failing on an invisible character.
    cleaned = (title or "").replace("\x00", "").strip()
    if not 1 <= len(cleaned) <= MAX_TITLE_CHARS:
        raise TaskError(f"A task title needs 1 to {MAX_TITLE_CHARS} characters; yours has {len(cleaned)}.")
    return cleaned


def _clean_description(description: str) -> str:
    cleaned = (description or "").replace("\x00", "").strip()
    if len(cleaned) > MAX_DESCRIPTION_CHARS:
        raise TaskError(
            f"A task description holds at most {MAX_DESCRIPTION_CHARS:,} characters; yours has {len(cleaned):,}. "
            "Shorten it and try again."
        )
    return cleaned


def _not_found(task_id: int) -> TaskError:
    # Identical for a task that never existed and another user's task, so neither can be told apart.
    return TaskError(f"There is no task {task_id} — say 'show my tasks' to see their numbers.")


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.astimezone(UTC).isoformat()


def _task(row: dict[str, Any]) -> Task:
    return Task.model_validate(
        {**row, "created_at": _iso(row["created_at"]), "completed_at": _iso(row["completed_at"])}
    )


class TaskStore:
    """One user's tasks. Pure logic, kept apart from the MCP glue; the pool is owned by the caller."""

    def __init__(self, pool: AsyncConnectionPool, user_id: str) -> None:
        self.pool = pool
        self.user_id = user_id

    async def _rows(self, sql: str, params: tuple[Any, ...]) -> list[dict[str, Any]]:
        try:
            async with self.pool.connection() as conn:
                cursor = conn.cursor(row_factory=dict_row)
                await cursor.execute(sql, params)
                return await cursor.fetchall() if cursor.description else []
        except psycopg.errors.UndefinedTable:
            raise TaskError(MISSING_TABLE) from None
        except psycopg.OperationalError as exc:  # also the pool's timeout when no connection can be made
            raise TaskError(f"The task database is unavailable ({_reason(exc)}). Try again in a moment.") from None
        except psycopg.Error as exc:
            raise TaskError(
                f"The task database could not do that ({type(exc).__name__}: {_reason(exc)}). Try again in a moment."
            ) from None

    async def _one(self, task_id: int, sql: str, params: tuple[Any, ...]) -> dict[str, Any]:
        rows = await self._rows(sql, params)
        if not rows:
            raise _not_found(task_id)
        return rows[0]

    async def add(self, title: str, description: str = "") -> ChangedTask:
        """Add a pending task and return it."""
        title, description = _clean_title(title), _clean_description(description)
        rows = await self._rows(
            f"INSERT INTO tasks (user_id, title, description) VALUES (%s, %s, %s) RETURNING {_COLUMNS}",
            (self.user_id, title, description),
        )
        task = _task(rows[0])
        undo = Undo(tool="delete_task", arguments={"task_id": task.id}, summary=f"remove task {task.id} '{task.title}'")
        return ChangedTask(**task.model_dump(), previous=None, undo=undo)

    async def list_tasks(self, status: Literal["all", "pending", "completed"] = "all") -> TaskList:
        """The user's tasks with that status (or all of them), oldest first."""
        if status == "all":
            rows = await self._rows(f"SELECT {_COLUMNS} FROM tasks WHERE user_id = %s ORDER BY id", (self.user_id,))
        elif status in ("pending", "completed"):
            rows = await self._rows(
                f"SELECT {_COLUMNS} FROM tasks WHERE user_id = %s AND status = %s ORDER BY id", (self.user_id, status)
            )
        else:
            raise TaskError(f"There is no task status '{status}'. Use all, pending or completed.")
        tasks = [_task(row) for row in rows]
        return TaskList(tasks=tasks, count=len(tasks))

    async def update(self, task_id: int, title: str | None = None, description: str | None = None) -> Task:
        """Change a task's title and/or description; a field given as None keeps its value."""
        if title is None and description is None:
            raise TaskError(f"Nothing to change for task {task_id}: give a new title, a new description, or both.")
        title = None if title is None else _clean_title(title)
        description = None if description is None else _clean_description(description)
        # The old values come back from the same statement (a self-join on the row as it was), so no other change
        # can slip in between reading them and writing the new ones.
        row = await self._one(
            task_id,
            "UPDATE tasks t SET title = coalesce(%s, t.title), description = coalesce(%s, t.description),"
            " updated_at = now() FROM tasks old WHERE old.id = t.id AND t.user_id = %s AND t.id = %s"
            f" RETURNING {_prefixed('t')}, old.title AS old_title, old.description AS old_description",
            (title, description, self.user_id, task_id),
        )
        task = _task(row)
        previous = {"title": row["old_title"], "description": row["old_description"]}
        changed = {k: v for k, v in previous.items() if getattr(task, k) != v}
        undo = None
        if changed:
            undo = Undo(
                tool="update_task",
                arguments={"task_id": task_id, **changed},
                summary=f"change task {task_id} back to '{previous['title']}'"
                if "title" in changed
                else f"restore the description of task {task_id}",
            )
        return ChangedTask(**task.model_dump(), previous=previous, undo=undo)

    async def complete(self, task_id: int) -> ChangedTask:
        """Mark a task completed; completing it again keeps the first completion time."""
        row = await self._one(
            task_id,
            "UPDATE tasks t SET status = 'completed', completed_at = coalesce(t.completed_at, now()),"
            " updated_at = CASE WHEN t.status = 'completed' THEN t.updated_at ELSE now() END"
            " FROM tasks old WHERE old.id = t.id AND t.user_id = %s AND t.id = %s"
            f" RETURNING {_prefixed('t')}, old.status AS old_status",
            (self.user_id, task_id),
        )
        task = _task(row)
        undo = None
        if row["old_status"] != "completed":
            undo = Undo(
                tool="reopen_task", arguments={"task_id": task_id}, summary=f"reopen task {task_id} '{task.title}'"
            )
        return ChangedTask(**task.model_dump(), previous={"status": row["old_status"]}, undo=undo)

    async def reopen(self, task_id: int) -> ChangedTask:
        """Mark a completed task pending again (undoes complete)."""
        row = await self._one(
            task_id,
            "UPDATE tasks t SET status = 'pending', completed_at = NULL,"
            " updated_at = CASE WHEN t.status = 'pending' THEN t.updated_at ELSE now() END"
            " FROM tasks old WHERE old.id = t.id AND t.user_id = %s AND t.id = %s"
            f" RETURNING {_prefixed('t')}, old.status AS old_status",
            (self.user_id, task_id),
        )
        task = _task(row)
        undo = None
        if row["old_status"] == "completed":
            undo = Undo(tool="complete_task", arguments={"task_id": task_id}, summary=f"complete task {task_id} again")
        return ChangedTask(**task.model_dump(), previous={"status": row["old_status"]}, undo=undo)

    async def delete(self, task_id: int) -> DeletedTask:
        """Delete a task for good."""
        row = await self._one(
            task_id, "DELETE FROM tasks WHERE user_id = %s AND id = %s RETURNING id, title", (self.user_id, task_id)
        )
        return DeletedTask(deleted=row["id"], title=row["title"])


def _prefixed(alias: str) -> str:
    return ", ".join(f"{alias}.{column.strip()}" for column in _COLUMNS.split(","))


def _reason(exc: Exception) -> str:
    lines = str(exc).strip().splitlines()
    return lines[0] if lines else type(exc).__name__


@asynccontextmanager
async def lifespan(_: MCPServer[TaskStore]) -> AsyncIterator[TaskStore]:
    """One pool per process. Opening does not wait for the database, so a dead one fails tool calls, not start-up."""
    url, user_id = read_environment()
    pool = AsyncConnectionPool(
        url,
        min_size=1,
        max_size=4,
        open=False,
        timeout=POOL_TIMEOUT,
        check=AsyncConnectionPool.check_connection,  # drops connections a database restart has broken
        kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
        name="paias-tasks",
    )
    async with pool:
        yield TaskStore(pool, user_id)


server = MCPServer(
    "paias-tasks",
    instructions="The user's to-do list. Task numbers come from list_tasks; use them to update, complete or delete.",
    lifespan=lifespan,
)

TaskId = Annotated[int, Field(description="The task number, as shown by list_tasks")]


@contextmanager
def _tool_errors() -> Iterator[None]:
    try:
        yield
    except TaskError as exc:
        raise ToolError(str(exc)) from None


def _store(ctx: Context[TaskStore, Any]) -> TaskStore:
    """The tasks of the person this request acts for: named by the client in ``_meta``, never by an argument."""
    store = ctx.request_context.lifespan_context
    person = (ctx.request_context.meta or {}).get(PERSON_META_KEY)
    if isinstance(person, str) and person.strip() and person != store.user_id:
        return TaskStore(store.pool, person)
    return store


@server.tool(
    annotations=ToolAnnotations(
        title="Add a task", readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False
    )
)
async def add_task(
    ctx: Context[TaskStore, Any],
    title: Annotated[str, Field(description="A short title, 1 to 255 characters")],
    description: Annotated[str, Field(description="Optional details")] = "",
) -> ChangedTask:
    """Add a task to the user's to-do list. Returns the new task with its number."""
    with _tool_errors():
        return await _store(ctx).add(title, description)


@server.tool(annotations=ToolAnnotations(title="List tasks", readOnlyHint=True, openWorldHint=False))
async def list_tasks(
    ctx: Context[TaskStore, Any],
    status: Annotated[
        Literal["all", "pending", "completed"], Field(description="Which tasks to show: all, pending or completed")
    ] = "all",
) -> TaskList:
    """List the user's tasks, oldest first, with their numbers and status."""
    with _tool_errors():
        return await _store(ctx).list_tasks(status)


@server.tool(
    annotations=ToolAnnotations(
        title="Update a task", readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False
    )
)
async def update_task(
    ctx: Context[TaskStore, Any],
    task_id: TaskId,
    title: Annotated[str | None, Field(description="The new title; omit to keep the current one")] = None,
    description: Annotated[
        str | None, Field(description="The new description ('' clears it); omit to keep the current one")
    ] = None,
) -> ChangedTask:
    """Change the title and/or description of a task. Give at least one of them. Returns the updated task and its
    previous values."""
    with _tool_errors():
        return await _store(ctx).update(task_id, title, description)


@server.tool(
    annotations=ToolAnnotations(
        title="Complete a task", readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False
    )
)
async def complete_task(ctx: Context[TaskStore, Any], task_id: TaskId) -> ChangedTask:
    """Mark a task as completed (completing it again changes nothing). Returns the task."""
    with _tool_errors():
        return await _store(ctx).complete(task_id)


@server.tool(
    annotations=ToolAnnotations(
        title="Reopen a task", readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False
    )
)
async def reopen_task(ctx: Context[TaskStore, Any], task_id: TaskId) -> ChangedTask:
    """Reopen a completed task: it goes back to pending (this takes back complete_task). Returns the task."""
    with _tool_errors():
        return await _store(ctx).reopen(task_id)


@server.tool(
    annotations=ToolAnnotations(
        title="Delete a task", readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False
    )
)
async def delete_task(ctx: Context[TaskStore, Any], task_id: TaskId) -> DeletedTask:
    """Delete a task permanently. Prefer complete_task for finished work; use this only when asked to delete."""
    with _tool_errors():
        return await _store(ctx).delete(task_id)


def _exit_unless_configured() -> None:
    try:
        read_environment()
    except ConfigError as exc:
        sys.exit(f"paias-tasks: {exc}")  # one line on stderr, exit status 1


if __name__ == "__main__":
    _exit_unless_configured()
    main(server)
