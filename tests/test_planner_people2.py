"""The offline planner reads what people say around a request: a question about what they told the assistant
("did I tell you anything about X?") recalls X; a new name said as "be called 'X'" renames; a time asked about in
the next sentence ("What would that be for me in London?") is converted; "… — please store that in your memory"
keeps what came before; names joined by "and" are one request; a field said in a sentence of its own ("Subject
'X'.", "Say …") belongs to the request before it; and a question for a missing value names it as people do."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import Field

from tests.planner_support import TaskStore, ask, conversation, planner_agent, time_tools, tool

pytestmark = pytest.mark.anyio
SHELF = ("Buy milk", "Clean the garage", "Order pipettes")


def search_memory(query: str, top_k: int = 5) -> list[dict[str, object]]:
    """Search the user's stored research memory by meaning. Use this first for any question."""
    return []


def store_memory(content: str) -> dict[str, object]:
    """Store a piece of information in the user's research memory."""
    return {"id": 1, "content": content}


def _everything() -> list:
    return [*TaskStore.with_titles(*SHELF).tools(), *time_tools(), tool(search_memory), tool(store_memory)]


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("did I tell you anything about the Krios booking rules?", "Krios booking rules"),
        ("have I asked you to remember anything about the cryostat?", "cryostat"),
        ("have I ever told you anything about the Orbitrap?", "Orbitrap"),
    ],
)
async def test_a_question_about_what_was_told_recalls_only_its_topic(text: str, query: str) -> None:
    turn = await ask(planner_agent(_everything()), text)
    assert turn.calls == [("search_memory", {"query": query, "top_k": 5})], text


@pytest.mark.parametrize(
    ("text", "task_id", "title"),
    [
        ("can the milk one be called 'Buy oat milk' from now on", 1, "Buy oat milk"),
        ("is there any way the garage one could be called 'Clear out the garage'?", 2, "Clear out the garage"),
    ],
)
async def test_a_new_name_said_as_be_called_renames_the_task(text: str, task_id: int, title: str) -> None:
    store = TaskStore.with_titles(*SHELF)
    turn = await ask(planner_agent([*store.tools(), tool(search_memory)]), text)
    assert turn.calls[-1] == ("update_task", {"task_id": task_id, "title": title}), text
    assert store.tasks[task_id]["title"] == title


async def test_a_task_that_should_be_called_something_is_still_added_under_that_title() -> None:
    turn = await ask(planner_agent(_everything()), "can you add a task that should be called 'Order gloves'")
    assert turn.calls == [("add_task", {"title": "Order gloves"})]


@pytest.mark.parametrize(
    "text",
    [
        "She suggested 8am Melbourne time. What would that be for me in London?",
        "She suggested 8am her time in Melbourne. What time would that be for me in London?",
    ],
)
async def test_a_time_asked_about_in_the_next_sentence_is_converted(text: str) -> None:
    turn = await ask(planner_agent(_everything()), text)
    assert turn.calls == [
        (
            "convert_time",
            {"source_timezone": "Australia/Melbourne", "time": "08:00", "target_timezone": "Europe/London"},
        )
    ]


async def test_what_a_request_to_store_it_follows_is_kept_and_nothing_else_is_looked_up() -> None:
    text = "for the record, our CO2 incubator is set to 5% and 37 °C — please store that in your memory"
    turn = await ask(planner_agent(_everything()), text)
    assert turn.calls == [("store_memory", {"content": "our CO2 incubator is set to 5% and 37 °C"})]


def send_email(
    to: Annotated[list[str], Field(description="List of recipient email addresses")],
    subject: Annotated[str, Field(description="Email subject")],
    body: Annotated[str, Field(description="Email body content")],
    cc: Annotated[list[str] | None, Field(description="List of CC recipients")] = None,
) -> dict[str, Any]:
    """Sends a new email"""
    return {"id": "18c32f0cb7181eaa", "to": to, "subject": subject}


def post_note(text: str) -> dict[str, Any]:
    """Log a short note in today's lab journal."""
    return {"id": 1, "text": text}


MAIL = (tool(send_email, readOnlyHint=False, destructiveHint=False), tool(post_note, readOnlyHint=False))


async def test_names_joined_by_and_are_one_request() -> None:
    text = "email Jonas and Maria (jonas@uni.org, maria@uni.org) that journal club moves to room 2.105"
    turn = await ask(planner_agent(MAIL), text)
    [(name, args)] = turn.calls
    assert (name, args["to"]) == ("send_email", ["jonas@uni.org", "maria@uni.org"])
    assert args["body"] == "journal club moves to room 2.105"


async def test_a_field_said_in_a_sentence_of_its_own_belongs_to_the_request_before_it() -> None:
    text = (
        "Could you please email jonas@uni.org and cc hannah@uni.org? Subject 'scrna-pipeline v1.2.0 release'. "
        "Say the release is tagged and the draft is ready for review. Thank you!"
    )
    turn = await ask(planner_agent(MAIL), text)
    [(name, args)] = turn.calls
    assert (name, args["to"], args["cc"], args["subject"]) == (
        "send_email",
        ["jonas@uni.org"],
        ["hannah@uni.org"],
        "scrna-pipeline v1.2.0 release",
    )
    assert args["body"].endswith("release is tagged and the draft is ready for review")


async def test_a_question_for_a_missing_value_names_it_as_its_description_does() -> None:
    turn = await ask(planner_agent(MAIL), "send an email saying the western blots are done")
    assert turn.calls == [] and turn.kinds[-1] == "clarify"
    assert "recipient email addresses" in turn.answer and "the to" not in turn.answer


def log_note(text: str) -> dict[str, object]:
    """Append a timestamped line to today's daily note."""
    return {"ok": True}


async def test_a_request_to_put_something_in_a_calendar_is_a_missing_calendar_not_a_note() -> None:
    agent = planner_agent([*_everything(), tool(log_note)])
    turn = await ask(agent, "put the journal club on 3 December at 4pm in my calendar")
    assert turn.calls == [] and turn.kinds[-1] == "decline" and "calendar" in turn.answer
    turn = await ask(agent, "put this in today's note: journal club moved to 3 December")
    assert [name for name, _ in turn.calls] == ["log_note"]  # where the note goes is said: it goes there


@pytest.mark.parametrize("again", ["same but for Lisbon", "same, but in Lisbon", "same for Lisbon"])
async def test_the_same_but_for_another_place_asks_the_last_question_again_for_it(again: str) -> None:
    asked, followed = await conversation(planner_agent(time_tools()), "what time is it in Cairo", again)
    assert asked.calls == [("get_current_time", {"timezone": "Africa/Cairo"})]
    assert followed.calls[-1] == ("get_current_time", {"timezone": "Europe/Lisbon"}), again


def web_search(query: str, max_results: int = 5) -> dict[str, object]:
    """Search the web and return matching pages, best first, each with title, url and snippet."""
    return {"results": [{"title": query, "url": "https://example.org/a", "snippet": f"{query}: an overview"}]}


@pytest.mark.parametrize("text", ["add 'a' and 'b'", 'add "a" and "b"'])
async def test_quoted_titles_of_one_letter_are_each_added(text: str) -> None:
    store = TaskStore.with_titles(*SHELF)
    turn = await ask(planner_agent(store.tools()), text)
    assert turn.calls == [("add_task", {"title": "a"}), ("add_task", {"title": "b"})], text


async def test_two_quoted_searches_joined_by_as_well_as_are_two_searches() -> None:
    tools = [tool(search_memory), tool(web_search)]
    text = "search the web for 'MACS2 broad peak settings' as well as 'SEACR vs MACS2'"
    turn = await ask(planner_agent(tools), text)
    searched = [args["query"] for name, args in turn.calls if name == "web_search"]
    assert searched == ["MACS2 broad peak settings", "SEACR vs MACS2"]


async def test_what_a_word_means_is_looked_up_not_declined() -> None:
    turn = await ask(planner_agent([*_everything(), tool(web_search)]), "what does hypoxia mean")
    assert [name for name, _ in turn.calls] == ["search_memory", "web_search"]
    chat = await ask(planner_agent([*_everything(), tool(web_search)]), "how are you?")
    assert chat.calls == [] and chat.kinds[-1] == "chat"  # a greeting stays a greeting
    store = TaskStore.with_titles(*SHELF)
    lines = await ask(
        planner_agent([*store.tools(), tool(search_memory), tool(web_search)]), "what's\nleft\non my list"
    )
    assert lines.calls == [("list_tasks", {"status": "pending"})]  # "what's" alone looks nothing up
