"""The offline planner reads people: a report that what a task was for has happened ("the reagents arrived") is that
task done (the tasks are read first, and only one open task that the report fulfils is ticked off); a question about
what the assistant does, or how it is, gets the conversation's answer, never a lookup or a public search."""

from __future__ import annotations

import pytest

from tests.planner_support import TaskStore, ask, conversation, planner_agent, time_tools, tool

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


def web_search(query: str, max_results: int = 5) -> dict[str, object]:
    """Search the web and return matching pages, best first, each with title, url and snippet."""
    return {"results": [{"title": query, "url": "https://example.org", "snippet": query}]}


def search_memory(query: str, top_k: int = 5) -> list[dict[str, object]]:
    """Search the user's stored research memory by meaning. Use this first for any question."""
    return []


def _everything() -> list:
    return [*TaskStore.with_titles(*SHELF).tools(), *time_tools(), tool(web_search), tool(search_memory)]


@pytest.mark.parametrize(
    "text",
    [
        "what kind of stuff do you do",
        "Hello, what things you can make for me?",
        "um what can you actually do for me",
        "what do you do exactly",
        "how are you doing today",
        "Dear assistant, I do hope you are keeping well. Kind regards, Margaret",
    ],
)
async def test_a_question_about_the_assistant_itself_is_answered_without_a_call(text: str) -> None:
    turn = await ask(planner_agent(_everything()), text)
    assert turn.calls == [] and turn.kinds == ["chat"], text


@pytest.mark.parametrize(
    ("text", "tool_name"),
    [("what do I have to do today", "list_tasks"), ("what can you tell me about CRISPR", "web_search")],
)
async def test_a_question_about_the_persons_things_or_the_world_still_looks_them_up(text: str, tool_name: str) -> None:
    turn = await ask(planner_agent(_everything()), text)
    assert tool_name in [name for name, _ in turn.calls], text


@pytest.mark.parametrize(
    "text",
    [
        "what have you got about the Krios booking rules",
        "what do you have on the Orbitrap",
        "have you got anything on the cryostat?",
    ],
)
async def test_a_question_about_what_the_assistant_holds_searches_memory_and_never_the_web(text: str) -> None:
    turn = await ask(planner_agent(_everything()), text)
    assert [name for name, _ in turn.calls] == ["search_memory"], text


async def test_a_question_about_the_world_put_to_the_assistant_may_still_search_the_web() -> None:
    turn = await ask(planner_agent(_everything()), "do you know the boiling point of ethanol?")
    assert [name for name, _ in turn.calls] == ["search_memory", "web_search"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("clear the description on task 2", [("update_task", {"task_id": 2, "description": ""})]),
        ("Please help me make empty the description of task 1.", [("update_task", {"task_id": 1, "description": ""})]),
        (  # the task stays: only its description goes
            "remove the description from the milk task",
            [("list_tasks", {}), ("update_task", {"task_id": 1, "description": ""})],
        ),
        ("delete the milk task", [("list_tasks", {}), ("delete_task", {"task_id": 1})]),
    ],
)
async def test_a_text_emptied_by_name_is_sent_empty_and_never_deletes_its_item(text: str, expected: list) -> None:
    turn = await ask(planner_agent(TaskStore.with_titles(*SHELF).tools()), text)
    assert turn.calls == expected


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("can yuo add a tsak to chase the invioce from Bio-Rad", "Chase the invioce from Bio-Rad"),
        ("hey\ncna you add\nbuy cat litter\nthx", "Buy cat litter"),
    ],
)
async def test_letters_swapped_in_the_short_words_of_a_request_are_put_right(text: str, title: str) -> None:
    turn = await ask(planner_agent(_everything()), text)
    assert turn.calls == [("add_task", {"title": title})]  # never a public search of the request


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Please you add for me task to renew my iqama before next month.", "Renew my iqama before next month"),
        ("Please you can add in my tasks to prepare the samples", "Prepare the samples"),
        ("my to-do: read chapter 3 of Bishop (PRML), pp. 137–172", "Read chapter 3 of Bishop (PRML), pp. 137–172"),
    ],
)
async def test_a_task_framed_as_a_learner_of_english_frames_it_is_just_its_title(text: str, title: str) -> None:
    turn = await ask(planner_agent(_everything()), text)
    assert turn.calls == [("add_task", {"title": title})]


async def test_a_name_of_places_in_several_zones_is_asked_about_and_the_short_answer_picks_one() -> None:
    asked, answered = await conversation(planner_agent(time_tools()), "whats the time in portland rn", "Maine")
    assert asked.calls == [] and asked.kinds == ["clarify"]  # never the server's default zone, never a guess
    assert "Portland, Oregon" in asked.answer and "Portland, Maine" in asked.answer
    assert answered.calls == [("get_current_time", {"timezone": "America/New_York"})]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("time in Portland, Maine", [("get_current_time", {"timezone": "America/New_York"})]),
        ("what time is it in Atlanta, Georgia", [("get_current_time", {"timezone": "America/New_York"})]),
        ("what time is it in Tbilisi, Georgia?", [("get_current_time", {"timezone": "Asia/Tbilisi"})]),
        (
            "what's 9am in Córdoba, Spain in New York",
            [
                (
                    "convert_time",
                    {"source_timezone": "Europe/Madrid", "time": "09:00", "target_timezone": "America/New_York"},
                )
            ],
        ),
    ],
)
async def test_a_name_said_with_its_state_or_country_is_that_place_alone(text: str, expected: list) -> None:
    turn = await ask(planner_agent(time_tools()), text)
    assert turn.calls == expected


async def test_the_places_that_are_sure_are_answered_before_the_question_about_the_one_that_is_not() -> None:
    turn = await ask(planner_agent(time_tools()), "time in Tokyo and Halifax")
    assert turn.calls == [("get_current_time", {"timezone": "Asia/Tokyo"})]
    assert turn.kinds[-1] == "clarify" and "Halifax, Nova Scotia" in turn.answer and "Halifax, England" in turn.answer
