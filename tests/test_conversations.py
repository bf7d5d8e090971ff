"""Conversations live in PostgreSQL: a restart continues them, any process lists and shows them, and they export."""

from __future__ import annotations

import json

import pytest

from agent_core.conversations import export_json, export_markdown, title_from
from agent_core.errors import InputError
from agent_core.orchestrator import ToolEvent
from agent_core.people.identity import Person
from agent_core.runtime import AgentRuntime
from tests.helpers import TASKS, TIME_SERVER
from tests.shared_runtime import module_anyio_backend, module_runtime, person_runtime  # noqa: F401 - fixtures

pytestmark = pytest.mark.anyio
runtime = module_runtime({"time": TIME_SERVER})


async def test_a_conversation_continues_after_a_restart_from_the_stored_history(make_settings) -> None:
    settings = make_settings()
    async with AgentRuntime(settings) as first:
        tokyo = await first.ask("What time is it in Tokyo?")
    async with AgentRuntime(settings) as second:  # nothing cached in this process
        paris = await second.ask("And in Paris?", conversation_id=tokyo.conversation_id)
        turns = await second.conversations.turns(tokyo.conversation_id)
        [listed] = [c for c in await second.conversations.list() if c.id == tokyo.conversation_id]
    assert paris.response.tool_calls[0].parameters == {"timezone": "Europe/Paris"}  # the follow-up saw Tokyo's turn
    assert [t.prompt for t in turns] == ["What time is it in Tokyo?", "And in Paris?"]
    assert turns[0].result.response.answer == tokyo.response.answer
    assert (listed.title, listed.turns) == ("What time is it in Tokyo?", 2)


async def test_refused_input_stores_nothing_and_a_gap_is_stored_as_a_turn(rt: AgentRuntime) -> None:
    empty = await rt.ask("   ", conversation_id="c-empty")
    await rt.ask("Book a flight to Boston next Monday", conversation_id="c-gap")
    assert empty.kind == "error" and await rt.conversations.turns("c-empty") == []
    [turn] = await rt.conversations.turns("c-gap")
    assert turn.result.kind == "tool_gap" and turn.result.gap.missing_tools == ["travel_booking"]
    asked, answered = await rt.conversations.history("c-gap")  # the model never ran; the exchange is kept
    assert asked.parts[0].content == "Book a flight to Boston next Monday"
    assert answered.parts[0].content.startswith("No connected tool can do this")


async def test_a_follow_up_to_a_turn_the_gap_check_stopped_sees_that_turn(make_settings) -> None:
    settings = make_settings({"time": TIME_SERVER})
    async with AgentRuntime(settings) as first:
        gap = await first.ask("I'm meeting a collaborator from Lima next week, put it in my calendar")
    async with AgentRuntime(settings) as second:  # from the stored history, as after a restart
        there = await second.ask("what time is it there?", conversation_id=gap.conversation_id)
    assert gap.kind == "tool_gap" and gap.gap.missing_tools == ["calendar_management"]
    assert there.response.tool_calls[0].parameters == {"timezone": "America/Lima"}


async def test_rename_delete_and_another_users_conversations_stay_apart(
    rt: AgentRuntime, runtime: AgentRuntime
) -> None:
    turn = await rt.ask("What time is it in Lima?")
    cid = turn.conversation_id
    assert await rt.conversations.rename(cid, "  Lima   clock ") is True
    with pytest.raises(InputError, match="1 to 120 characters"):
        await rt.conversations.rename(cid, "   ")
    assert [c.title for c in await rt.conversations.list()] == ["Lima clock"]
    other = runtime.for_person(Person(id=f"{rt.person.id}-other", name="other"))
    assert await other.conversations.list() == [] and await other.conversations.turns(cid) == []
    assert await other.conversations.delete(cid) is False
    assert await rt.conversations.delete(cid) is True
    assert await rt.conversations.list() == [] and await rt.conversations.turns(cid) == []


async def test_an_approval_decided_in_another_process_appears_in_the_conversation(make_settings) -> None:
    settings = make_settings({"tasks": TASKS})
    async with AgentRuntime(settings) as browser, AgentRuntime(settings) as cli:
        added = await browser.ask("add a task to clean the hood")
        task_id = added.response.tool_calls[0].result["id"]
        paused = await browser.ask(f"delete task {task_id}", conversation_id=added.conversation_id)
        await cli.approve(paused.pending[0].id, by="cli")
        turns = await browser.conversations.turns(added.conversation_id)
    assert turns[-1].prompt == f"Approved deleting task {task_id} 'Clean the hood'"  # readable, not an id
    assert [(d.id, d.decided_by) for d in turns[-1].result.decided] == [(paused.pending[0].id, "cli")]
    assert turns[-1].result.response.answer.rstrip(".").lower() == f"deleted task {task_id}: clean the hood"


async def test_tool_events_report_each_call_starting_and_finishing(rt: AgentRuntime) -> None:
    events: list[ToolEvent] = []
    await rt.ask("What time is it in Oslo?", on_event=events.append)
    started, finished = [e for e in events if e.tool == "get_current_time"]
    assert started.record is None and started.parameters == {"timezone": "Europe/Oslo"}
    assert finished.record.status.value == "success" and finished.record.duration_ms >= 1


async def test_export_gives_markdown_and_the_stable_json_shape(rt: AgentRuntime) -> None:
    turn = await rt.ask("What time is it in Tokyo?")
    [conversation] = await rt.conversations.list()
    turns = await rt.conversations.turns(turn.conversation_id)
    markdown = export_markdown(conversation.title, turns)
    assert markdown.startswith("# What time is it in Tokyo?\n") and turn.response.answer in markdown
    assert '`get_current_time` {"timezone": "Asia/Tokyo"} → success' in markdown
    data = json.loads(json.dumps(export_json(conversation, turns)))
    assert data["turns"][0]["result"]["kind"] == "answer" and set(data["turns"][0]["result"]) == {
        "kind",
        "conversation_id",
        "correlation_id",
        "response",
        "gap",
        "pending",
        "error",
        "tool_calls",
    }


def test_titles_come_from_the_first_line_cut_at_a_word() -> None:
    assert title_from("What is\nthe  plan?") == "What is the plan?"
    long = "word " * 30
    assert title_from(long).endswith("…") and len(title_from(long)) <= 58


async def test_recent_turns_are_newest_first_across_conversations_with_their_titles(
    rt: AgentRuntime, runtime: AgentRuntime
) -> None:
    tokyo = await rt.ask("What time is it in Tokyo?")
    await rt.ask("What time is it in Lima?")
    await rt.ask("And in Paris?", conversation_id=tokyo.conversation_id)
    recent = await rt.conversations.recent_turns()
    assert [t.prompt for _, t in await rt.conversations.recent_turns(limit=1)] == ["And in Paris?"]
    other = runtime.for_person(Person(id=f"{rt.person.id}-other", name="other"))
    assert await other.conversations.recent_turns() == []
    assert [(title, t.prompt) for title, t in recent] == [
        ("What time is it in Tokyo?", "And in Paris?"),
        ("What time is it in Lima?", "What time is it in Lima?"),
        ("What time is it in Tokyo?", "What time is it in Tokyo?"),
    ]
    assert recent[0][1].result.correlation_id and recent[0][1].result.response.tool_calls[0].tool_name == (
        "get_current_time"
    )


async def test_search_finds_conversations_by_title_or_any_question_and_treats_wildcards_as_text(
    rt: AgentRuntime,
) -> None:
    lima = (await rt.ask("What time is it in Lima?")).conversation_id
    await rt.ask("And in 100% of Oslo_Norway cases?", conversation_id=lima)
    tokyo = (await rt.ask("What time is it in Tokyo?")).conversation_id

    async def found(query: str | None) -> list[str]:
        return [c.id for c in await rt.conversations.list(query=query)]

    assert await found("tokyo") == [tokyo] and await found("  OSLO ") == [lima]  # a later question counts
    assert await found("100%") == [lima] and await found("_") == [lima]  # % and _ are text, not wildcards
    assert await found("Reykjavik") == [] and sorted(await found(None)) == sorted([lima, tokyo])
