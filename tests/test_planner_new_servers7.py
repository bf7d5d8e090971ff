"""Requests to tools of a newly connected server (seventh file): the act a request orders picks among one server's
tools.

A request that opens with a write ("book the confocal …", "file a receipt …") asks the tool named or described by
that act: a listing of the same things is no reading of it however completely it can be filled, and one of our own
lookups gives way to it. When the write lacks something, the question names what it lacks and, when the tool lists
them, the options. A channel shaped like its example ("#general") is kept apart from the message.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any

import pytest
from pydantic import Field

from agent_core.offline import PlannerConfig, slots
from agent_core.offline.timezones import find_places
from tests.planner_support import NOW, TaskStore, ask, planner_agent, time_tools, tool

pytestmark = pytest.mark.anyio

Scope = Annotated[str, Field(description="The microscope to book, e.g. 'confocal', 'lightsheet', 'widefield'")]


def book_scope(
    scope: Scope,
    date: Annotated[str, Field(description="The day of the booking, YYYY-MM-DD")],
    start_time: Annotated[str, Field(description="When the booking starts, 24-hour HH:MM, e.g. '14:30'")],
    hours: Annotated[float, Field(description="How long, in hours")] = 1.0,
) -> dict[str, Any]:
    """Book a shared microscope for a time slot."""
    return {"id": 7, "scope": scope, "date": date, "start_time": start_time, "hours": hours}


def list_bookings(
    date: Annotated[str | None, Field(description="Only bookings on this day, YYYY-MM-DD")] = None,
    scope: Annotated[str | None, Field(description="Only bookings of this microscope")] = None,
) -> dict[str, Any]:
    """List the microscope bookings."""
    return {"bookings": []}


def submit_receipt(
    amount: Annotated[float, Field(description="Amount spent", gt=0)],
    category: Annotated[str, Field(description="One of: travel, meals, software, other")],
    budget: Annotated[float | None, Field(description="Total budget left (travel, hotel, fees)")] = None,
) -> dict[str, Any]:
    """Submit a receipt for reimbursement."""
    return {"receipt": "R-1", "amount": amount, "category": category}


def receipts(status: Annotated[str | None, Field(description="Only receipts in this state")] = None) -> dict[str, Any]:
    """Receipts you have filed, with their status."""
    return {"receipts": []}


def post_message(
    channel: Annotated[str, Field(description="The channel to post to, e.g. '#general'")],
    text: Annotated[str, Field(description="The message text")],
) -> dict[str, Any]:
    """Post a message to a chat channel."""
    return {"ok": True}


SCOPES = [tool(book_scope, readOnlyHint=False), tool(list_bookings, readOnlyHint=True)]
RECEIPTS = [tool(submit_receipt, readOnlyHint=False), tool(receipts, readOnlyHint=True)]
CONFIG = PlannerConfig(clock=lambda: NOW)  # a Wednesday: "Tuesday" is 2026-01-13


async def plan(text: str, tools: list[Any]) -> Any:
    return await ask(planner_agent(tools, CONFIG), text)


def test_a_day_said_as_an_ordinal_word_and_an_hour_before_a_length() -> None:
    today = date(2026, 11, 22)
    assert [s.value for s in slots.dates("departing december fifteenth returning december eighteenth", today)] == [
        "2026-12-15",
        "2026-12-18",
    ]
    assert [s.value for s in slots.dates("on the twenty-first of March", today)] == ["2027-03-21"]
    assert slots.dates("first of all, may I ask", today) == []
    assert [s.value for s in slots.time_of_day("on Tuesday from 10 for 2 hours")] == ["10:00"]
    assert [s.value for s in slots.time_of_day("from 3 for half an hour")] == ["15:00"]
    assert slots.time_of_day("data from 12 for 3 mice") == []  # no length of time follows: no hour either


def test_an_hour_after_at_is_never_an_unknown_place() -> None:
    assert find_places("book the cryostat that day at 11") == ([], [])
    assert find_places("what time is it in Narnia") == ([], ["Narnia"])


async def test_an_ordered_booking_books_and_never_lists_the_bookings_instead() -> None:
    turn = await plan("book the confocal on Tuesday from 10 for 2 hours", SCOPES)
    assert turn.calls == [
        ("book_scope", {"scope": "confocal", "date": "2026-01-13", "start_time": "10:00", "hours": 2})
    ]
    turn = await plan("book the confocal on Tuesday", SCOPES)  # no start: ask for it, list nothing
    assert turn.calls == []
    assert "start time" in turn.answer


async def test_an_ordered_booking_without_its_day_asks_for_the_day_never_for_a_time_zone() -> None:
    turn = await plan("ok, book the lightsheet that day at 11", [*SCOPES, *time_tools()])
    assert turn.calls == []
    assert "date" in turn.answer
    assert "time zone" not in turn.answer


async def test_a_filed_receipt_is_submitted_and_the_question_names_the_options() -> None:
    turn = await plan("file a receipt for 20 euros", RECEIPTS)
    assert turn.calls == []  # the category is missing: never a listing of the receipts instead
    assert "category (travel, meals, software, other)" in turn.answer
    assert "(travel, hotel, fees)" not in turn.answer  # a number's description lists no options
    turn = await plan("file a receipt for 20 euros, category meals", RECEIPTS)
    assert turn.calls == [("submit_receipt", {"amount": 20, "category": "meals"})]


async def test_a_channel_shaped_like_its_example_is_kept_apart_from_the_message() -> None:
    tools = [tool(post_message, readOnlyHint=False), *TaskStore.with_titles("Buy milk").tools()]
    turn = await plan("post to #general", tools)
    assert turn.calls == []  # the message is missing: never the channel's name sent as the message
    assert "text" in turn.answer
    turn = await plan("tell #lab-general that the seminar moved to 4pm", tools)
    assert turn.calls == [("post_message", {"channel": "#lab-general", "text": "the seminar moved to 4pm"})]


def search_articles(
    query: Annotated[str, Field(description="Search terms")],
    limit: Annotated[int | None, Field(description="Maximum number of results")] = None,
) -> dict[str, Any]:
    """Search the article index for articles."""
    return {"articles": []}


def find_probe(
    target: Annotated[str, Field(description="Target gene, e.g. 'GFAP' or 'ACTB'")],
    host: Annotated[str | None, Field(description="Host species, e.g. 'mouse'")] = None,
) -> dict[str, Any]:
    """Find probes in the lab inventory by target."""
    return {"probes": []}


async def test_a_lookup_is_sent_what_the_request_is_about_not_the_words_around_it() -> None:
    articles = [tool(search_articles, readOnlyHint=True)]
    turn = await plan("find the five most relevant articles on RNA-seq differential expression", articles)
    assert turn.calls == [("search_articles", {"query": "RNA-seq differential expression", "limit": 5})]
    probes = [tool(find_probe, readOnlyHint=True)]
    turn = await plan("do we have a p53 probe that works in zebrafish?", probes)
    assert [args["target"] for _, args in turn.calls] == ["p53"]
    turn = await plan("find probes against Iba1", probes)
    assert turn.calls == [("find_probe", {"target": "Iba1"})]  # "against" is no host


async def test_a_value_a_parameter_gives_as_its_example_is_that_parameters() -> None:
    probes = [tool(find_probe, readOnlyHint=True)]
    turn = await plan("any probe against Iba1 in mouse?", probes)
    assert turn.calls == [("find_probe", {"host": "mouse", "target": "Iba1"})]


async def test_a_task_announced_before_a_colon_is_what_follows_it() -> None:
    for text in (
        "Help me add one task, content is: buy train ticket to Hangzhou for Spring Festival.",
        "Plese to add one task: buy train ticket to Hangzhou for Spring Festival.",
    ):
        store = TaskStore()
        await plan(text, store.tools())
        assert [t["title"] for t in store.tasks.values()] == ["Buy train ticket to Hangzhou for Spring Festival"]
    store = TaskStore()
    await plan("add a task to review https://example.org/pull/118 before 14:30", store.tools())
    assert [t["title"] for t in store.tasks.values()] == ["Review https://example.org/pull/118 before 14:30"]


async def test_a_slip_in_the_word_joining_two_requests_still_joins_them() -> None:
    store = TaskStore.with_titles("Buy milk")
    turn = await plan("complete task 1 annd add 'call Bob'", store.tools())
    assert turn.calls == [("complete_task", {"task_id": 1}), ("add_task", {"title": "Call Bob"})]


def log_thaw(vial_id: Annotated[str, Field(description="The vial, e.g. 'V-12'")]) -> dict[str, Any]:
    """Record that a vial was thawed."""
    return {"ok": True}


def list_vials(box: Annotated[str | None, Field(description="Only vials in this box, e.g. 'BX-3'")] = None) -> dict:
    """When each vial in the freezer was last thawed, and where it is."""
    return {"vials": []}


def get_vial(vial_id: Annotated[str, Field(description="The vial, e.g. 'V-12'")]) -> dict[str, Any]:
    """Gets vial."""
    return {"vial_id": vial_id, "last_thawed": "2026-01-05"}


async def test_a_question_about_one_thing_asks_the_tool_that_gets_one() -> None:
    tools = [
        tool(log_thaw, readOnlyHint=False),
        tool(list_vials, readOnlyHint=True),
        tool(get_vial, readOnlyHint=True),
    ]
    turn = await plan("vial V-12 in box BX-3, when was it last thawed?", tools)
    assert turn.calls == [("get_vial", {"vial_id": "V-12"})]  # not every vial of the box
    turn = await plan("V-12: last thawed when?", tools)  # the question word said last: a lookup, never a thaw logged
    assert [name for name, _ in turn.calls] in (["get_vial"], ["list_vials"])
    turn = await plan("V-12 thawed just now, log it", tools)
    assert turn.calls == [("log_thaw", {"vial_id": "V-12"})]
