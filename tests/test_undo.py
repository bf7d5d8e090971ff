"""Reversible means reversible (issue 12): update, complete and add keep what they overwrote, and the newest
change not yet undone is taken back by `runtime.undo` (the chat's Undo, `paias undo`), exactly once."""

from __future__ import annotations

import asyncio

import pytest

from agent_core.people.identity import acting_for
from agent_core.runtime import AgentRuntime
from agent_core.schemas import ToolCallStatus
from tests.helpers import TASKS, add_tasks, scripted_model
from tests.shared_runtime import module_anyio_backend, module_runtime, person_runtime  # noqa: F401 - fixtures

pytestmark = pytest.mark.anyio
runtime = module_runtime({"tasks": TASKS})


async def tasks_now(rt: AgentRuntime) -> list[tuple[str, str]]:
    return [(t["title"], t["status"]) for t in (await rt.call_tool("list_tasks", {}))["tasks"]]


async def test_update_and_complete_are_undone_newest_first_and_each_only_once(rt: AgentRuntime) -> None:
    [task_id] = await add_tasks(rt, "email the dean")
    renamed = await rt.ask(f"rename task {task_id} to PWNED")
    done = await rt.ask(f"mark task {task_id} as done", conversation_id=renamed.conversation_id)
    before = await tasks_now(rt)
    offered = await rt.undoable(renamed.conversation_id)
    first = await rt.undo(renamed.conversation_id, by="cli")
    middle = await tasks_now(rt)
    second = await rt.undo(renamed.conversation_id)
    after = await tasks_now(rt)
    nothing = await rt.undo(renamed.conversation_id)
    shown = [t.prompt for t in await rt.conversations.turns(renamed.conversation_id)]

    [update] = renamed.tool_calls
    assert update.result["previous"]["title"] == "Email the dean" and done.kind == "answer"
    assert before == [("PWNED", "completed")]
    assert offered is not None and offered.summary == f"reopen task {task_id} 'PWNED'"
    assert first.kind == "answer" and first.response.answer == f"Undone: reopen task {task_id} 'PWNED'."
    assert [(c.tool_name, c.status) for c in first.tool_calls] == [("reopen_task", ToolCallStatus.SUCCESS)]
    assert middle == [("PWNED", "pending")]
    assert second.response.answer == f"Undone: change task {task_id} back to 'Email the dean'."
    assert after == [("Email the dean", "pending")]
    assert nothing.kind == "error" and nothing.error.startswith("There is nothing to undo in this conversation")
    assert shown[-2:] == [
        f"Undo: reopen task {task_id} 'PWNED'",
        f"Undo: change task {task_id} back to 'Email the dean'",
    ]


@pytest.mark.fault
async def test_two_undos_at_once_take_back_one_change(make_settings) -> None:
    settings = make_settings({"tasks": TASKS})
    async with AgentRuntime(settings) as first, AgentRuntime(settings) as second:
        await add_tasks(first, "book the microscope")
        turns = await asyncio.gather(first.undo(), second.undo())
        left = await tasks_now(first)
    assert sorted(t.kind for t in turns) == ["answer", "error"] and left == []


async def test_a_stored_memory_is_undone_by_forgetting_it(make_settings) -> None:
    model = scripted_model("store_memory", {"content": "the lab meets on Tuesdays"})
    async with AgentRuntime(make_settings(), model=model) as rt:
        stored = await rt.ask("remember that the lab meets on Tuesdays")
        undone = await rt.undo(stored.conversation_id)
        left = await rt.memory.count()
    assert stored.kind == "answer" and left == 0
    assert undone.response.answer == "Undone: forget the memory 'the lab meets on Tuesdays'."


@pytest.mark.fault
async def test_a_failed_undo_changes_nothing_and_can_be_tried_again(rt: AgentRuntime) -> None:
    [task_id] = await add_tasks(rt, "order pipettes")
    with acting_for(rt.person.id):  # gone behind the assistant's back
        await rt.servers.execute("delete_task", {"task_id": task_id})
    renamed = await rt.undoable()
    failed = await rt.undo()
    still = await rt.undoable()
    assert failed.kind == "error" and f"There is no task {task_id}" in failed.error
    assert failed.error.startswith(f"Could not undo (remove task {task_id} 'Order pipettes')")
    assert [c.status for c in failed.tool_calls] == [ToolCallStatus.FAILED]
    assert still is not None and still.id == renamed.id
