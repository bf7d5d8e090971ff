"""What a person says in passing is read as they mean it (the misses of the blind `dev20` set): a remark on a task
changes nothing, a story before "can you …" is no request of its own, "can you tick it off?" asks for it to be
done, "convert it" points back at the time said before, a typo nearer another word is left as typed, "don't
forget to X" is a to-do, a count said on its own counts, "the readme" is a file to find, and how far apart two
clocks are is answered with both clocks, never with a made-up time of day."""

from __future__ import annotations

import pytest

from tests.planner_support import TaskStore, ask, conversation, planner_agent, time_tools
from tests.test_planner_plain_words import FILES, _world

pytestmark = pytest.mark.anyio


def _tasks() -> TaskStore:
    return TaskStore.with_titles("Buy milk", "Order pipettes", "Book the microscope", "Clean the garage")


@pytest.mark.parametrize("text", ["task 3 is urgent", "task 3 is wrong", "task 3 is outdated"])
async def test_a_remark_on_a_numbered_task_changes_nothing(text: str) -> None:
    store = _tasks()
    turn = await ask(planner_agent(store.tools()), text)
    assert [name for name, _ in turn.calls if name != "list_tasks"] == [], (text, turn.calls)
    assert store.tasks[3] == {"id": 3, "title": "Book the microscope", "description": "", "status": "pending"}
    assert "statement" in turn.answer  # it says how it read the message


async def test_a_numbered_task_said_to_be_done_is_still_completed() -> None:
    store = _tasks()
    turn = await ask(planner_agent(store.tools()), "task 4 is finished")
    assert turn.calls == [("complete_task", {"task_id": 4})]


async def test_a_story_before_can_you_is_no_request_of_its_own() -> None:
    store = _tasks()
    turn = await ask(
        planner_agent([*store.tools(), *time_tools()]),
        "I'm flying to Seoul tomorrow morning, can you add a task to pack the poster tube tonight?",
    )
    assert turn.calls == [("add_task", {"title": "Pack the poster tube tonight"})]  # not Seoul's clock


@pytest.mark.parametrize(
    ("text", "task_id"),
    [("I bought the milk, can you tick it off?", 1), ("the garage is finally clean, can you mark it done?", 4)],
)
async def test_can_you_after_a_report_asks_for_it_to_be_done(text: str, task_id: int) -> None:
    store = _tasks()
    turn = await ask(planner_agent(store.tools()), text)
    assert turn.calls[-1] == ("complete_task", {"task_id": task_id}), turn.calls


@pytest.mark.parametrize(
    "text",
    [
        "the webinar is at 3pm Denver time, convert it to Rome time",
        "the webinar is at 3pm Denver time, can you convert it to Rome time?",
    ],
)
async def test_convert_it_points_back_at_the_time_said_before(text: str) -> None:
    turn = await ask(planner_agent(time_tools()), text)
    assert turn.calls == [
        ("convert_time", {"source_timezone": "America/Denver", "time": "15:00", "target_timezone": "Europe/Rome"})
    ]  # it had answered Rome's time now


async def test_how_far_apart_two_clocks_are_is_both_clocks_now() -> None:
    turn = await ask(planner_agent(time_tools()), "how many hours ahead of London is Tokyo?")
    assert turn.calls == [
        ("get_current_time", {"timezone": "Europe/London"}),
        ("get_current_time", {"timezone": "Asia/Tokyo"}),
    ]  # no time of day is made up for a conversion
    still_asked = await ask(planner_agent(time_tools()), "convert London to Tokyo")
    assert still_asked.calls == [] and "need the time" in still_asked.answer


async def test_a_typo_nearer_another_word_is_left_as_typed() -> None:
    store = _tasks()
    thanks = await ask(planner_agent(_world(store)), "thanks, thats realy helpful")  # "really", not "reply"
    assert thanks.calls == [] and thanks.kinds[-1] == "chat"
    deleted = await ask(planner_agent(store.tools()), "delte task 3")  # "delete" (a dropped letter), not "delta"
    assert deleted.calls == [("delete_task", {"task_id": 3})]


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("don't forget to buy milk", ("add_task", {"title": "Buy milk"})),
        ("don't forget that Anna prefers LaTeX", ("store_memory", {"content": "Anna prefers LaTeX"})),
    ],
)
async def test_dont_forget_to_is_a_to_do_and_dont_forget_that_a_memory(text: str, call: tuple) -> None:
    turn = await ask(planner_agent(_world(TaskStore())), text)
    assert turn.calls[-1] == call


async def test_a_count_said_on_its_own_counts() -> None:
    recalled = await ask(planner_agent(_world()), "check my memory for anything about grant deadlines, only the top 3")
    assert recalled.calls == [("search_memory", {"query": "grant deadlines", "top_k": 3})]
    tail = await ask(planner_agent(FILES), "what's at the end of notes/ideas.txt? the last 3 lines are enough")
    assert tail.calls[-1][0] == "read_text_file" and tail.calls[-1][1]["tail"] == 3


async def test_the_readme_is_a_file_to_find_and_it_is_that_file_next_turn() -> None:
    turns = await conversation(planner_agent(FILES), "what's in the readme?", "when was it last changed?")
    assert [name for name, _ in turns[0].calls] == ["directory_tree", "read_text_file"]
    assert turns[0].calls[-1][1]["path"].endswith("/README.md")  # not a folder called "readme"
    assert turns[1].calls == [("get_file_info", {"path": turns[0].calls[-1][1]["path"]})]


async def test_a_question_about_what_the_assistant_is_gets_a_chat_answer() -> None:
    turn = await ask(planner_agent(_world()), "are you a real person?")
    assert turn.calls == [] and turn.kinds[-1] == "chat"
