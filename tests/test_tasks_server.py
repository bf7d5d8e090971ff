"""The tasks MCP server on the real embedded PostgreSQL: TaskStore directly, and the real process over stdio."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import datetime

import psycopg
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from psycopg.conninfo import make_conninfo
from psycopg_pool import AsyncConnectionPool

from agent_core.db import Database
from agent_core.errors import ConfigError
from agent_core.servers.tasks import MISSING_TABLE, Task, TaskError, TaskStore, read_environment
from agent_core.settings import PROJECT_ROOT

pytestmark = pytest.mark.anyio

UNKNOWN = 9_000_000_000  # far beyond any id the session database hands out


@pytest.fixture
async def store(make_settings, user_id) -> AsyncIterator[TaskStore]:
    """Entering Database applies every migration (idempotent), so the tasks table exists; its pool serves the store."""
    async with Database(make_settings(), {"dimension": 384}) as db:
        yield TaskStore(db.pool, user_id)


def plain(task: Task) -> Task:
    """A changed task as a listing shows it (without what it overwrote and its undo)."""
    return Task.model_validate(task.model_dump(include=set(Task.model_fields)))


def _no_task(task_id: int) -> str:
    return f"There is no task {task_id} — say 'show my tasks' to see their numbers."


async def test_a_task_is_added_listed_updated_completed_and_deleted(store: TaskStore) -> None:
    task = await store.add("  Buy milk  ", "  two litres ")
    assert (task.title, task.description, task.status, task.completed_at) == ("Buy milk", "two litres", "pending", None)
    assert datetime.fromisoformat(task.created_at).utcoffset().total_seconds() == 0

    listed = await store.list_tasks()
    assert listed.count == 1 and listed.tasks == [plain(task)]

    renamed = await store.update(task.id, title="Buy oat milk")
    assert (renamed.title, renamed.description) == ("Buy oat milk", "two litres")
    assert renamed.previous == {"title": "Buy milk", "description": "two litres"}
    assert renamed.undo.arguments == {"task_id": task.id, "title": "Buy milk"}
    cleared = await store.update(task.id, description="")
    assert (cleared.title, cleared.description) == ("Buy oat milk", "")

    done = await store.complete(task.id)
    assert done.status == "completed" and done.completed_at is not None
    assert (done.undo.tool, (await store.complete(task.id)).undo) == ("reopen_task", None)  # again: nothing to undo
    reopened = await store.reopen(task.id)
    assert (reopened.status, reopened.completed_at, reopened.undo.tool) == ("pending", None, "complete_task")

    deleted = await store.delete(task.id)
    assert (deleted.deleted, deleted.title) == (task.id, "Buy oat milk")
    assert (await store.list_tasks()).count == 0


async def test_list_filters_by_status_and_keeps_oldest_first(store: TaskStore) -> None:
    first, second, third = [await store.add(title) for title in ("one", "two", "three")]
    await store.complete(second.id)
    assert [t.id for t in (await store.list_tasks("all")).tasks] == [first.id, second.id, third.id]
    assert [t.id for t in (await store.list_tasks("pending")).tasks] == [first.id, third.id]
    completed = await store.list_tasks("completed")
    assert completed.count == 1 and completed.tasks[0].id == second.id
    with pytest.raises(TaskError, match="Use all, pending or completed"):
        await store.list_tasks("someday")  # type: ignore[arg-type]


async def test_completing_twice_is_fine_and_keeps_the_first_completion_time(store: TaskStore) -> None:
    task = await store.add("Water the plants")
    first = await store.complete(task.id)
    again = await store.complete(task.id)
    assert again.status == "completed" and again.completed_at == first.completed_at


@pytest.mark.parametrize(("title", "length"), [("", 0), ("   ", 0), ("x" * 256, 256), ("y" * 300, 300)])
async def test_titles_outside_1_to_255_characters_are_refused_with_their_length(
    store: TaskStore, title: str, length: int
) -> None:
    expected = f"A task title needs 1 to 255 characters; yours has {length}."
    with pytest.raises(TaskError) as refused:
        await store.add(title)
    assert str(refused.value) == expected
    kept = await store.add("Keep me")
    with pytest.raises(TaskError) as refused:
        await store.update(kept.id, title=title)
    assert str(refused.value) == expected
    assert [t.title for t in (await store.list_tasks()).tasks] == ["Keep me"]


async def test_a_255_character_title_after_stripping_is_accepted(store: TaskStore) -> None:
    assert (await store.add("  " + "z" * 255 + "\n")).title == "z" * 255


async def test_an_over_long_description_is_refused(store: TaskStore) -> None:
    with pytest.raises(TaskError, match="at most 10,000 characters; yours has 10,001"):
        await store.add("Fine title", "d" * 10_001)
    assert (await store.list_tasks()).count == 0


async def test_update_with_nothing_to_change_says_so_and_changes_nothing(store: TaskStore) -> None:
    task = await store.add("Call the bank", "about the card")
    with pytest.raises(TaskError, match=f"Nothing to change for task {task.id}: give a new title"):
        await store.update(task.id)
    assert (await store.list_tasks()).tasks == [plain(task)]


@pytest.mark.parametrize("task_id", [UNKNOWN, 0, -3])
async def test_unknown_task_numbers_get_the_friendly_error_everywhere(store: TaskStore, task_id: int) -> None:
    for attempt in (store.update(task_id, title="x"), store.complete(task_id), store.delete(task_id)):
        with pytest.raises(TaskError) as refused:
            await attempt
        assert str(refused.value) == _no_task(task_id)


async def test_another_users_task_is_invisible_and_untouchable(store: TaskStore) -> None:
    alice = store
    bob = TaskStore(alice.pool, f"bob-{uuid.uuid4().hex[:12]}")
    secret = await alice.add("Alice's surprise party")

    assert (await bob.list_tasks()).count == 0
    for attempt in (bob.update(secret.id, title="hijacked"), bob.complete(secret.id), bob.delete(secret.id)):
        with pytest.raises(TaskError) as refused:
            await attempt
        assert str(refused.value) == _no_task(secret.id)  # the same words as for a task that never existed
    assert (await alice.list_tasks()).tasks == [plain(secret)]


async def test_a_database_without_the_tasks_table_says_how_to_create_it(pg_url: str) -> None:
    name = f"tasks_empty_{uuid.uuid4().hex[:8]}"
    async with await psycopg.AsyncConnection.connect(pg_url, autocommit=True) as admin:
        await admin.execute(f'CREATE DATABASE "{name}"')
        try:
            async with AsyncConnectionPool(make_conninfo(pg_url, dbname=name), min_size=1, open=False) as pool:
                with pytest.raises(TaskError) as refused:
                    await TaskStore(pool, "anyone").list_tasks()
        finally:
            await admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    assert str(refused.value) == MISSING_TABLE


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def test_an_unreachable_database_is_a_friendly_error_not_a_crash() -> None:
    url = f"postgresql://nobody@127.0.0.1:{_closed_port()}/nothing?connect_timeout=1"
    async with AsyncConnectionPool(url, min_size=1, timeout=0.5, open=False) as pool:
        with pytest.raises(TaskError, match=r"^The task database is unavailable \(.+\)\. Try again in a moment\.$"):
            await TaskStore(pool, "anyone").add("Anything")


def test_the_environment_gives_the_url_and_defaults_the_user_to_local() -> None:
    assert read_environment({"DATABASE_URL": " postgresql://h/db "}) == ("postgresql://h/db", "local")
    assert read_environment({"DATABASE_URL": "postgresql://h/db", "USER_ID": "ada"}) == ("postgresql://h/db", "ada")
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        read_environment({"USER_ID": "ada"})


@asynccontextmanager
async def _session(database_url: str, user_id: str) -> AsyncIterator[ClientSession]:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "agent_core.servers.tasks"],
        env={"DATABASE_URL": database_url, "USER_ID": user_id, "PATH": os.environ["PATH"]},
        cwd=str(PROJECT_ROOT),
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def test_stdio_lists_six_tools_with_honest_annotations(store: TaskStore, pg_url: str, user_id: str) -> None:
    async with _session(pg_url, user_id) as session:
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
    assert set(tools) == {"add_task", "list_tasks", "update_task", "complete_task", "reopen_task", "delete_task"}
    hints = {
        name: (t.annotations.read_only_hint, t.annotations.destructive_hint, t.annotations.idempotent_hint)
        for name, t in tools.items()
    }
    assert hints["list_tasks"][0] is True
    assert hints["add_task"] == (False, False, False)
    assert hints["update_task"] == (False, False, True)
    assert hints["complete_task"] == (False, False, True)
    assert hints["reopen_task"] == (False, False, True)
    assert hints["delete_task"][:2] == (False, True)
    assert "user" not in str({name: t.input_schema for name, t in tools.items()}).lower()  # never a parameter
    assert all(tools[name].output_schema for name in tools)


async def test_stdio_round_trip_is_scoped_to_the_servers_user(store: TaskStore, pg_url: str, user_id: str) -> None:
    stranger = await TaskStore(store.pool, f"other-{uuid.uuid4().hex[:12]}").add("Not yours")
    async with _session(pg_url, user_id) as session:
        added = await session.call_tool("add_task", {"title": " Draft the report ", "description": "by Friday"})
        assert not added.is_error
        task = added.structured_content
        assert set(task) == {"id", "title", "description", "status", "created_at", "completed_at", "previous", "undo"}
        assert task["undo"] == {
            "tool": "delete_task",
            "arguments": {"task_id": task["id"]},
            "summary": f"remove task {task['id']} 'Draft the report'",
        }
        assert (task["title"], task["status"], task["completed_at"]) == ("Draft the report", "pending", None)

        listed = (await session.call_tool("list_tasks", {})).structured_content
        assert listed == {"tasks": [{k: v for k, v in task.items() if k not in {"previous", "undo"}}], "count": 1}

        updated = (
            await session.call_tool("update_task", {"task_id": task["id"], "title": "Draft it"})
        ).structured_content
        assert (updated["title"], updated["description"]) == ("Draft it", "by Friday")

        done = (await session.call_tool("complete_task", {"task_id": task["id"]})).structured_content
        assert done["status"] == "completed" and done["completed_at"]
        assert (await session.call_tool("list_tasks", {"status": "pending"})).structured_content["count"] == 0
        assert (await session.call_tool("list_tasks", {"status": "completed"})).structured_content["count"] == 1

        deleted = await session.call_tool("delete_task", {"task_id": task["id"]})
        assert deleted.structured_content == {"deleted": task["id"], "title": "Draft it"}

        foreign = await session.call_tool("complete_task", {"task_id": stranger.id})
        assert foreign.is_error and foreign.content[0].text.endswith(_no_task(stranger.id))
    assert (await store.list_tasks()).count == 0  # the server wrote as USER_ID, the store reads as the same user


async def test_stdio_errors_are_results_the_model_can_read(store: TaskStore, pg_url: str, user_id: str) -> None:
    async with _session(pg_url, user_id) as session:
        unknown = await session.call_tool("delete_task", {"task_id": UNKNOWN})
        assert unknown.is_error and unknown.content[0].text.endswith(_no_task(UNKNOWN))
        long_title = await session.call_tool("add_task", {"title": "t" * 300})
        assert long_title.is_error and "yours has 300" in long_title.content[0].text
        nothing = await session.call_tool("update_task", {"task_id": UNKNOWN})
        assert nothing.is_error and "Nothing to change" in nothing.content[0].text
        assert (await session.call_tool("list_tasks", {})).structured_content["count"] == 0


async def test_stdio_server_starts_without_a_database_and_reports_it_unavailable() -> None:
    url = f"postgresql://nobody@127.0.0.1:{_closed_port()}/nothing"
    async with _session(url, "anyone") as session:
        result = await session.call_tool("list_tasks", {})
        assert result.is_error
        assert "The task database is unavailable (" in result.content[0].text
        assert result.content[0].text.endswith("Try again in a moment.")
        assert len((await session.list_tools()).tools) == 6  # still serving after the failure


def test_the_server_refuses_to_start_without_database_url() -> None:
    finished = subprocess.run(
        [sys.executable, "-m", "agent_core.servers.tasks"],
        cwd=PROJECT_ROOT,
        env={"PATH": os.environ["PATH"], "USER_ID": "ada"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert finished.returncode != 0
    lines = finished.stderr.strip().splitlines()
    assert len(lines) == 1 and "DATABASE_URL is not set" in lines[0]
