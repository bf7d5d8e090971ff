"""Corrections and follow-ups as people type them (the misses of the blind `dev21`–`dev23` sets): a correction
right after adding a task changes that task instead of adding a second one, "make that 25 ml" puts the new amount
in the old title, "try 'oligo' instead" searches again with the new words, "what about Phoenix" and "sorry, I
meant Phoenix" follow a time question, a country hours wide is asked about, "don't look anything up" keeps the
question off the public web, and a question about the assistant itself is answered as chat."""

from __future__ import annotations

import pytest

from tests.planner_support import TaskStore, ask, conversation, planner_agent, time_tools, tool
from tests.test_planner_plain_words import search_memory, store_memory, web_search

pytestmark = pytest.mark.anyio

ADDED = 4  # the number the next task gets in a store of three


def _store() -> TaskStore:
    return TaskStore.with_titles("Buy milk", "Order pipettes", "Clean the garage")


@pytest.mark.parametrize(
    ("added", "correction", "changed"),
    [
        ("add a task: call the plumber", "actually make it 'call the plumber on Monday morning'",
         {"title": "call the plumber on Monday morning"}),
        ("remind me to call the plumber at 4", "actually make it 5", {"title": "Call the plumber at 5"}),
        ("add 'order pipete tips' to my list", "oops typo, it should be 'order pipette tips'",
         {"title": "order pipette tips"}),
        ("remind me to order dry ice", "oh and add the description: ask for 10 kg", {"description": "ask for 10 kg"}),
        ("add a task to renew the parking permit", "set its description to 'ask HR'", {"description": "ask HR"}),
        ("add a task to renew the parking permit", "and add 'ask HR about the form' as its description",
         {"description": "ask HR about the form"}),
    ],
)  # fmt: skip
async def test_a_correction_after_adding_changes_the_task_just_added(
    added: str, correction: str, changed: dict[str, str]
) -> None:
    store = _store()
    first, second = await conversation(planner_agent(store.tools()), added, correction)
    assert first.calls[0][0] == "add_task"
    assert second.calls == [("update_task", {"task_id": ADDED, **changed})], second.calls
    assert len(store.tasks) == ADDED  # no second task was added
    assert second.answer.startswith(f"Updated task {ADDED}")


async def test_a_description_with_nothing_just_added_still_asks_which_task() -> None:
    store = _store()
    _, second = await conversation(
        planner_agent(store.tools()), "list my tasks", "oh and add the description: ask for 10 kg"
    )
    assert [name for name, _ in second.calls] == ["list_tasks"]
    assert all(not t["description"] for t in store.tasks.values())


async def test_a_new_task_called_x_with_details_is_added_not_looked_up() -> None:
    store = _store()
    turn = await ask(
        planner_agent(store.tools()),
        "I'd like a new task called Prepare slides for journal club, with the details 'paper is the Nature one'",
    )
    assert turn.calls == [
        ("add_task", {"title": "Prepare slides for journal club", "description": "paper is the Nature one"})
    ]


async def test_make_that_puts_the_new_amount_in_the_old_title() -> None:
    store = _store()
    _, second = await conversation(
        planner_agent(store.tools()), "rename task 2 to Order 10 ml pipettes", "sorry, make that 25 ml"
    )
    assert second.calls == [("update_task", {"task_id": 2, "title": "Order 25 ml pipettes"})]


async def test_try_x_instead_searches_again_with_the_new_words() -> None:
    agent = planner_agent([tool(search_memory), tool(store_memory), tool(web_search, readOnlyHint=True)])
    _, memory = await conversation(agent, "search my memory for primer sequences", "try 'oligo' instead")
    assert memory.calls == [("search_memory", {"query": "oligo", "top_k": 5})]
    _, fewer = await conversation(agent, "search my memory for centrifuge settings", "just the top 2 please")
    assert fewer.calls == [("search_memory", {"query": "centrifuge settings", "top_k": 2})]  # the query is kept


@pytest.mark.parametrize("follow_up", ["what about Phoenix", "waht about Phoenix", "sorry, I meant Phoenix"])
async def test_a_place_said_after_a_time_question_follows_it(follow_up: str) -> None:
    _, second = await conversation(planner_agent(time_tools()), "what time is it in Denver?", follow_up)
    assert second.calls == [("get_current_time", {"timezone": "America/Phoenix"})]


async def test_what_time_does_that_make_it_converts_the_time_said_before() -> None:
    turn = await ask(
        planner_agent(time_tools()), "our seminar starts at noon in Boston. what time does that make it in Madrid?"
    )
    assert turn.calls == [
        ("convert_time", {"source_timezone": "America/New_York", "time": "12:00", "target_timezone": "Europe/Madrid"})
    ]


@pytest.mark.parametrize(
    ("text", "cities"),
    [
        ("what's the time in australia", "Sydney, Brisbane, Adelaide or Perth"),
        ("What time is it in Canada?", "Toronto, Winnipeg, Calgary, Vancouver or Halifax"),
        ("what time is it in the US?", "New York, Chicago, Denver or Los Angeles"),
    ],
)
async def test_a_country_hours_wide_is_asked_about(text: str, cities: str) -> None:
    turn = await ask(planner_agent(time_tools()), text)
    assert turn.calls == []
    assert "spans several time zones" in turn.answer and cities in turn.answer
    assert "name of several places" not in turn.output.reasoning  # a country, not a name shared by far places


async def test_the_city_named_after_the_question_answers_it() -> None:
    _, answer = await conversation(planner_agent(time_tools()), "what time is it in Australia?", "Perth")
    assert answer.calls == [("get_current_time", {"timezone": "Australia/Perth"})]


@pytest.mark.parametrize(
    ("text", "zone"),
    [("what time is it in Hobart, Australia?", "Australia/Hobart"), ("what time is it in Spain?", "Europe/Madrid")],
)
async def test_a_city_of_the_country_or_a_country_of_one_main_zone_is_answered(text: str, zone: str) -> None:
    turn = await ask(planner_agent(time_tools()), text)
    assert turn.calls == [("get_current_time", {"timezone": zone})]


async def test_a_conversion_to_a_country_hours_wide_asks_and_reads_no_clock() -> None:
    turn = await ask(planner_agent(time_tools()), "if it's 3pm in London what time is it in Australia?")
    assert turn.calls == []  # never London's time now instead of the conversion
    assert "Sydney" in turn.answer


async def test_dont_look_anything_up_keeps_the_question_off_the_web() -> None:
    agent = planner_agent([tool(search_memory), tool(web_search, readOnlyHint=True, openWorldHint=True)])
    turn = await ask(
        agent,
        "don't look anything up, just tell me honestly: am I a bad scientist if the same experiment failed 3 times?",
    )
    assert all(name != "web_search" for name, _ in turn.calls), turn.calls
    asked = await ask(agent, "what is the capital of Peru?")
    assert asked.calls[-1][0] == "web_search"  # a plain question still goes to the web


@pytest.mark.parametrize(
    "text", ["are you a bot or a person?", "who built you?", "do you have a name?", "are you a real person?"]
)
async def test_a_question_about_the_assistant_is_answered_as_chat(text: str) -> None:
    turn = await ask(planner_agent([*time_tools(), tool(search_memory), tool(web_search, readOnlyHint=True)]), text)
    assert turn.calls == []
    assert turn.kinds == ["chat"] and "not a person" in turn.answer


async def test_a_question_about_someone_else_is_still_looked_up() -> None:
    turn = await ask(
        planner_agent([tool(search_memory), tool(web_search, readOnlyHint=True, openWorldHint=True)]),
        "who made the first vaccine?",
    )
    assert turn.calls[-1][0] == "web_search"
