"""Plain requests the blind `dev22` and `dev23` sets found misread: a quoted title after "add" is a task whatever
the details mention, a quote inside a request's framing is the text, "store this finding:" stores it, a count's
own words ("3 results max") stay out of the query, "open the second one" after a folder listing reads that file,
"the same thing" in a second search is the first one's words, a time difference or a conversion without its
places or time is asked about, "everything I've finished" is the finished tasks, and a personal money question
never reaches the public web."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import Field

from tests.planner_support import TaskStore, ask, conversation, planner_agent, time_tools, tool
from tests.test_planner_plain_words import FILES, _world, log_note, search_memory, store_memory, web_search

pytestmark = pytest.mark.anyio


async def test_a_quoted_title_after_add_is_a_task_whatever_its_details_mention() -> None:
    store = TaskStore.with_titles("Buy milk")
    turn = await ask(
        planner_agent(_world(store)),
        "add 'submit travel reimbursement' - details: receipts are in the blue folder, total 412 euros",
    )
    assert turn.calls == [
        (
            "add_task",
            {"title": "Submit travel reimbursement", "description": "receipts are in the blue folder, total 412 euros"},
        )
    ]  # it had listed a folder called "blue"


async def test_a_note_said_as_the_note_is_the_description_and_the_title_stays() -> None:
    store = TaskStore.with_titles("Buy milk")
    turn = await ask(
        planner_agent(store.tools()),
        "Could you add a to-do to book the cold room for the 4th of December, with the note 'ask Ahmed for the key'?",
    )
    assert turn.calls == [
        ("add_task", {"title": "Book the cold room for the 4th of December", "description": "ask Ahmed for the key"})
    ]  # the note had become the title


async def test_a_quote_inside_the_requests_own_framing_is_the_text() -> None:
    turn = await ask(planner_agent([tool(log_note, readOnlyHint=False)]), "log 'ran the western blot' in today's note")
    assert turn.calls == [("log_note", {"text": "ran the western blot"})]


async def test_store_this_finding_stores_it() -> None:
    agent = planner_agent([tool(search_memory), tool(store_memory)])
    turn = await ask(agent, "please store this finding: knockdown of ATG7 cut autophagic flux by about 60%")
    assert turn.calls == [("store_memory", {"content": "knockdown of ATG7 cut autophagic flux by about 60%"})]


@pytest.mark.parametrize(
    ("text", "query", "count"),
    [
        ("can u look up 'mouse estrous cycle staging' for me, 3 results max", "mouse estrous cycle staging", 3),
        ("search: Kaplan-Meier curves in R. one result is enough", "Kaplan-Meier curves in R", 1),
    ],
)
async def test_the_words_of_a_count_stay_out_of_the_query(text: str, query: str, count: int) -> None:
    agent = planner_agent([tool(search_memory), tool(web_search, readOnlyHint=True, openWorldHint=True)])
    turn = await ask(agent, text)
    assert turn.calls[-1] == ("web_search", {"query": query, "max_results": count})


async def test_open_the_second_one_after_a_folder_listing_reads_that_file() -> None:
    _, second = await conversation(planner_agent(_world()), "what's in the notes folder?", "open the second one")
    assert [name for name, _ in second.calls] == ["read_text_file"]
    assert second.calls[0][1]["path"].endswith("notes/meeting-2026-01-05.md")


async def test_the_same_thing_in_a_second_search_is_the_first_ones_words() -> None:
    agent = planner_agent([tool(search_memory), tool(web_search, readOnlyHint=True, openWorldHint=True)])
    turn = await ask(agent, "search my memory for 'primer design', then search the web for the same thing")
    assert turn.calls[0] == ("search_memory", {"query": "primer design", "top_k": 5})
    assert turn.calls[-1] == ("web_search", {"query": "primer design", "max_results": 5})


@pytest.mark.parametrize("follow_up", ["same but only 3 results", "jsut the top 3 please"])
async def test_fewer_results_of_the_same_web_search(follow_up: str) -> None:
    agent = planner_agent([tool(search_memory), tool(web_search, readOnlyHint=True, openWorldHint=True)])
    _, second = await conversation(agent, "search the web for zebrafish fin regeneration", follow_up)
    assert second.calls == [("web_search", {"query": "zebrafish fin regeneration", "max_results": 3})]


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("whats the time difference?", "Between which places?"),
        ("can you convert a time from Berlin to New York for me?", "I need the time"),
    ],
)
async def test_a_time_question_without_its_places_or_its_time_is_asked_about(text: str, asked: str) -> None:
    turn = await ask(planner_agent(time_tools()), text)
    assert turn.calls == [] and asked in turn.answer  # not UTC now, not two clocks now


async def test_a_dash_before_a_place_moves_no_other_place() -> None:
    turn = await ask(planner_agent(time_tools()), "noon in Sydney — what time's that in London?")
    assert turn.calls == [
        ("convert_time", {"source_timezone": "Australia/Sydney", "time": "12:00", "target_timezone": "Europe/London"})
    ]  # London had been read one character late, as a second, unknown London


async def test_everything_i_have_finished_is_the_finished_tasks() -> None:
    store = TaskStore.with_titles("Buy milk")
    turn = await ask(planner_agent(store.tools()), "show me everything I've already finished")
    assert turn.calls == [("list_tasks", {"status": "completed"})]
    everything = await ask(planner_agent(store.tools()), "show me everything")
    assert everything.calls == [("list_tasks", {"status": "all"})]


async def test_a_money_question_about_me_stays_off_the_web() -> None:
    agent = planner_agent([*FILES, tool(search_memory), tool(web_search, readOnlyHint=True, openWorldHint=True)])
    turn = await ask(agent, "how much do I owe Sam?")
    assert all(name != "web_search" for name, _ in turn.calls), turn.calls


async def test_could_you_buy_is_a_command_never_a_web_search() -> None:
    agent = planner_agent([*FILES, tool(search_memory), tool(web_search, readOnlyHint=True, openWorldHint=True)])
    turn = await ask(agent, "could you buy two tickets for the symposium dinner")
    assert turn.calls == [] and turn.kinds == ["decline"]  # it had searched the public web for it
    asked = await ask(agent, "can you tell me what CRISPR is?")
    assert asked.calls[-1][0] == "web_search"


async def test_same_for_x_after_adding_a_task_adds_the_same_act_for_x() -> None:
    store = TaskStore.with_titles("Buy milk")
    _, second = await conversation(
        planner_agent(store.tools()), "add a task to order liquid nitrogen", "same for dry ice"
    )
    assert second.calls == [("add_task", {"title": "Order dry ice"})]  # it had been "dry ice"
    agent = planner_agent([tool(search_memory), tool(web_search, readOnlyHint=True)])
    _, searched = await conversation(agent, "search my memory for primer sequences", "same for oligos")
    assert searched.calls == [("search_memory", {"query": "oligos", "top_k": 5})]  # a query has no act to keep


async def test_a_time_said_with_one_place_is_never_that_places_clock_now() -> None:
    turn = await ask(planner_agent(time_tools()), "what's 10:30 in London time")
    assert all(name != "get_current_time" for name, _ in turn.calls), turn.calls
    offset = await ask(planner_agent(time_tools()), "what's the time at UTC+05:30")
    assert offset.calls == [("get_current_time", {"timezone": "Asia/Kolkata"})]  # an offset is no time of day


async def test_a_story_before_a_framed_request_is_never_written_down() -> None:
    agent = planner_agent(_world())
    turn = await ask(
        agent,
        "Maria's run is on Wednesday and the autoclave log needs checking before that. "
        "Can you add a task: check the autoclave log before Wednesday",
    )
    assert turn.calls == [("add_task", {"title": "Check the autoclave log before Wednesday"})]  # no daily note


async def test_the_x_one_should_say_quoted_renames_it() -> None:
    store = TaskStore.with_titles("Buy milk", "Order pipettes", "Order reagents")
    turn = await ask(
        planner_agent(store.tools()), "the reagents one should say 'Order reagents from Sigma (quote #4471)' instead"
    )
    assert turn.calls[-1] == ("update_task", {"task_id": 3, "title": "Order reagents from Sigma (quote #4471)"})


def directory_tree(
    path: str,
    excludePatterns: Annotated[list[str] | None, Field(description="Glob patterns to leave out")] = None,
) -> list[dict[str, Any]]:
    """Get a recursive tree view of files and directories as a JSON structure. Only works within allowed
    directories."""
    return [{"name": "notes", "type": "directory", "children": []}]


async def test_leave_out_a_folder_is_read_by_the_tree_never_a_listing_of_that_folder() -> None:
    listers = [t for t in FILES if t.name != "directory_tree"]
    agent = planner_agent([tool(directory_tree, readOnlyHint=True), *listers])
    turn = await ask(agent, "show me the folder tree but leave out the data folder")
    assert [name for name, _ in turn.calls] == ["directory_tree"], turn.answer
    assert turn.calls[0][1]["excludePatterns"] == ["data"]


@pytest.mark.parametrize(
    ("text", "zone"),
    [("My collaborator is in Newfoundland, what time is it there now?", "America/St_Johns"),
     ("what time is it in Saskatchewan?", "America/Regina")],
)  # fmt: skip
async def test_a_province_is_its_zone(text: str, zone: str) -> None:
    turn = await ask(planner_agent(time_tools()), text)
    assert turn.calls == [("get_current_time", {"timezone": zone})]
