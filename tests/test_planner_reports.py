"""The offline planner reads a report that what a task was for has happened ("the reagents arrived") as that task
done: the tasks are read first, and only one open task that the report fulfils is ticked off."""

from __future__ import annotations

import pytest

from tests.planner_support import TaskStore, ask, conversation, planner_agent

pytestmark = pytest.mark.anyio
SHELF = ("Buy milk", "Clean the garage", "Order pipettes", "Order reagents", "Submit the ethics form")


def _writes(turn) -> list[tuple[str, dict]]:
    return [(name, args) for name, args in turn.calls if name != "list_tasks"]


@pytest.mark.parametrize(
    ("text", "task_id"),
    [
        ("the reagents arrived this morning (finally!!)", 4),
        ("grabbed the milk on my way in", 1),
        ("Pipettes came in yesterday, all three of them", 3),
        ("the pipettes have landed, Jonas signed for them", 3),
        ("the ethics paperwork went in this morning", 5),
        ("ethics form? sent it off Friday, finally", 5),
        ("the reagnets finally came lol", 4),  # a misspelt title word, one edit away
    ],
)
async def test_a_report_that_what_a_task_was_for_happened_ticks_that_task_off(text: str, task_id: int) -> None:
    turn = await ask(planner_agent(TaskStore.with_titles(*SHELF).tools()), text)
    assert turn.calls == [("list_tasks", {}), ("complete_task", {"task_id": task_id})]
    assert turn.kinds[-1] == "answer" and "Marked done" in turn.answer


@pytest.mark.parametrize(
    "text",
    [
        "the reagents are expensive",  # says something of a task's thing, reports nothing that fulfils it
        "the microscope crashed again",  # no task of the microscope
        "the garage flooded last night",  # 'Clean the garage': flooding is not cleaning
        "the centrifuge arrived this morning",  # a report, of nothing on the list
        "get the milk",  # asks; only "got the milk" reports
        "did the reagents arrive?",  # asks whether
    ],
)
async def test_a_report_that_fulfils_no_task_writes_nothing(text: str) -> None:
    turn = await ask(planner_agent(TaskStore.with_titles(*SHELF).tools()), text)
    assert "complete_task" not in [name for name, _ in turn.calls], text


async def test_a_report_two_open_tasks_fit_is_not_guessed() -> None:
    store = TaskStore.with_titles("Order pipettes", "Order pipette tips")
    turn = await ask(planner_agent(store.tools()), "the pipettes arrived")
    assert _writes(turn) == [] and turn.kinds[-1] != "answer"  # neither is ticked off on a guess
    assert [t["status"] for t in store.tasks.values()] == ["pending", "pending"]


async def test_the_report_is_read_against_the_list_as_it_is_now() -> None:
    store = TaskStore.with_titles("Clean the garage")
    first, second = await conversation(planner_agent(store.tools()), "add a task to order reagents", "reagents came")
    assert first.calls == [("add_task", {"title": "Order reagents"})]
    assert second.calls == [("list_tasks", {}), ("complete_task", {"task_id": 2})]
    assert store.tasks[2]["status"] == "completed"
