"""Tasks through the whole stack: offline planner → approval gate → real tasks MCP server → PostgreSQL."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from agent_core.offline.intents import analyze
from agent_core.runtime import AgentRuntime
from agent_core.settings import PROJECT_ROOT

pytestmark = pytest.mark.anyio

TASKS = {
    "command": sys.executable,
    "args": ["-m", "agent_core.servers.tasks"],
    "env": {"DATABASE_URL": "${PAIAS_DATABASE_URL}", "USER_ID": "${USER_ID}"},
    "timeout": 15,
    "cwd": str(PROJECT_ROOT),
    "risk": {"add_task": "reversible", "update_task": "reversible", "complete_task": "reversible"},
}


def tools(turn) -> list[tuple[str, dict]]:
    return [(c.tool_name, c.parameters) for c in turn.response.tool_calls]


async def test_add_list_complete_update_through_natural_phrasing(make_settings) -> None:
    async with AgentRuntime(make_settings({"tasks": TASKS})) as rt:
        added = await rt.ask("Remind me to buy milk")
        two = await rt.ask("add two tasks: book the microscope and order pipettes")
        first_id = added.response.tool_calls[0].result["id"]
        done = await rt.ask(f"mark task {first_id} done")
        renamed = await rt.ask(f"change task {first_id + 2} to order 200 pipettes")
        left = await rt.ask("what's left to do?")
    assert tools(added) == [("add_task", {"title": "Buy milk"})]
    assert [p["title"] for _, p in tools(two)] == ["Book the microscope", "Order pipettes"]
    assert done.response.answer == f"Marked task {first_id} done: Buy milk"
    assert renamed.response.tool_calls[0].result["title"] == "order 200 pipettes"
    assert tools(left) == [("list_tasks", {"status": "pending"})]
    assert "Buy milk" not in left.response.answer and "order 200 pipettes" in left.response.answer
    assert left.response.answer.startswith("You have 2 open tasks")


async def test_delete_waits_for_approval_and_the_task_survives(make_settings) -> None:
    async with AgentRuntime(make_settings({"tasks": TASKS})) as rt:
        added = await rt.ask("add a task to renew the grant")
        task_id = added.response.tool_calls[0].result["id"]
        turn = await rt.ask(f"delete task {task_id}")
        listed = await rt.ask("show my tasks")
    assert turn.kind == "approval_required"
    [pending] = turn.pending
    assert (pending.tool_name, pending.parameters, pending.risk_level.value) == (
        "delete_task",
        {"task_id": task_id},
        "irreversible",
    )
    assert "Renew the grant" in listed.response.answer


async def test_ambiguous_references_get_a_question_not_a_guess(make_settings) -> None:
    async with AgentRuntime(make_settings({"tasks": TASKS})) as rt:
        await rt.ask("add a task to buy milk")
        turn = await rt.ask("mark it done")
    assert turn.response.tool_calls == []
    assert turn.response.answer.startswith("Which task do you mean?")


async def test_an_unknown_task_number_is_a_friendly_failure(make_settings) -> None:
    async with AgentRuntime(make_settings({"tasks": TASKS})) as rt:
        turn = await rt.ask("complete task 987654")
    assert turn.response.tool_calls[0].status.value == "failed"
    assert "There is no task 987654 — say 'show my tasks'" in turn.response.answer
    assert turn.response.confidence == 0.0


async def test_tasks_belong_to_the_runtime_user(make_settings) -> None:
    async with AgentRuntime(make_settings({"tasks": TASKS}, user_id="owner-a")) as rt:
        await rt.ask("add a task to water the plants")
    async with AgentRuntime(make_settings({"tasks": TASKS}, user_id="owner-b-" + Path(__file__).stem)) as rt:
        listed = await rt.ask("show my tasks")
    assert "water the plants" not in listed.response.answer.lower()


async def test_memory_then_the_real_websearch_server(make_settings, tmp_path: Path) -> None:
    fixture = tmp_path / "results.json"
    fixture.write_text(
        json.dumps(
            {
                "france": [
                    {"title": "Paris", "url": "https://example.org/paris", "snippet": "Paris is the capital of France."}
                ]
            }
        )
    )
    websearch = {
        "command": sys.executable,
        "args": ["-m", "agent_core.servers.websearch"],
        "cwd": str(PROJECT_ROOT),
        "env": {"PAIAS_WEBSEARCH_BACKEND": f"fixture:{fixture}"},
        "timeout": 20,
    }
    async with AgentRuntime(make_settings({"websearch": websearch})) as rt:
        turn = await rt.ask("What is the capital of France?")
    assert [c.tool_name for c in turn.response.tool_calls] == ["search_memory", "web_search"]
    assert "Paris is the capital of France." in turn.response.answer and "example.org" in turn.response.answer


@pytest.mark.parametrize(
    ("text", "capability", "slots"),
    [
        ("add a task to buy milk", "task_add", [{"title": "Buy milk"}]),
        ("Remind me to email Maria", "task_add", [{"title": "Email Maria"}]),
        ("todo: renew the grant", "task_add", [{"title": "Renew the grant"}]),
        ("add a task to buy milk and eggs", "task_add", [{"title": "Buy milk and eggs"}]),
        ("add three tasks: a, b and c", "task_add", [{"title": "A"}, {"title": "B"}, {"title": "C"}]),
        ("show my tasks", "task_list", [{"status": "all"}]),
        ("list my todos", "task_list", [{"status": "all"}]),
        ("what's left to do?", "task_list", [{"status": "pending"}]),
        ("What are my completed tasks?", "task_list", [{"status": "completed"}]),
        ("mark task 2 done", "task_complete", [{"task_id": 2}]),
        ("task 4 is finished", "task_complete", [{"task_id": 4}]),
        ("tick off task #5", "task_complete", [{"task_id": 5}]),
        ("change task 3 to call the ethics board", "task_update", [{"task_id": 3, "title": "call the ethics board"}]),
        ("delete task 1", "task_delete", [{"task_id": 1}]),
        ("mark it done", "task_clarify", []),
        ("delete the milk task", "task_clarify", []),
    ],
)
def test_task_phrasings_map_to_task_steps(text: str, capability: str, slots: list[dict]) -> None:
    plan = analyze(text)
    assert plan.capability == capability
    assert [step.slots for step in plan.steps] == slots
