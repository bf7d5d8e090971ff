"""Memory inside a turn: the agent's tools, memory before web, freshness, and 'the same question twice'."""

from __future__ import annotations

import pytest

from agent_core.offline.text import topic_of
from agent_core.runtime import AgentRuntime
from tests.conftest import TIME_SERVER
from tests.helpers import scripted_model

pytestmark = pytest.mark.anyio


def names(turn) -> list[str]:
    return [call.tool_name for call in turn.response.tool_calls]


async def test_remember_then_ask_answers_from_memory_and_cites_the_date(make_settings) -> None:
    async with AgentRuntime(make_settings()) as runtime:
        stored = await runtime.ask("Remember that Project X uses Python 3.11 and FastAPI")
        asked = await runtime.ask("What tech stack does Project X use?")
    assert names(stored) == ["store_memory"]
    assert stored.response.tool_calls[0].parameters["content"] == "Project X uses Python 3.11 and FastAPI"
    assert "stored" in stored.response.answer.lower() and "FastAPI" in stored.response.answer
    assert names(asked) == ["search_memory"]
    assert "FastAPI" in asked.response.answer
    day = asked.response.tool_calls[0].result[0]["created_at"][:10]
    assert f"stored on {day}" in asked.response.answer  # cites when it was stored
    assert "memory" in asked.response.reasoning
    assert asked.response.confidence >= 0.7


def is_honest_without_web_search(turn) -> bool:
    """No web search tool and nothing relevant in memory: a tool gap naming web_search, or an answer that says
    so with low confidence (either way nothing is made up)."""
    if turn.kind == "tool_gap":
        return turn.gap.missing_tools == ["web_search"] and "get_current_time" in turn.gap.existing_tools_checked
    return turn.kind == "answer" and "web search" in turn.response.answer and turn.response.confidence <= 0.2


async def test_no_memory_and_no_web_tool_says_web_search_is_missing_and_makes_nothing_up(make_settings) -> None:
    async with AgentRuntime(make_settings()) as runtime:
        turn = await runtime.ask("What is the capital of France?")
    assert is_honest_without_web_search(turn)
    assert "Paris" not in (turn.gap.model_dump_json() if turn.gap else turn.response.answer)


async def test_a_public_question_memory_can_answer_is_not_a_gap_without_web_search(make_settings) -> None:
    async with AgentRuntime(make_settings()) as runtime:
        await runtime.memory.store_document("The capital of France is Paris.")
        turn = await runtime.ask("What is the capital of France?")
    assert turn.kind == "answer" and names(turn) == ["search_memory"]
    assert "The capital of France is Paris." in turn.response.answer


async def test_memory_first_then_web_then_the_same_question_comes_from_memory(make_settings, search_server) -> None:
    settings = make_settings({"time": TIME_SERVER, "websearch": search_server})
    async with AgentRuntime(settings) as runtime:
        first = await runtime.ask("What is the capital of France?")
        second = await runtime.ask("What is the capital of France?")
        [stored] = await runtime.memory.list_documents()
    assert names(first) == ["search_memory", "web_search"]  # memory first, then the web
    assert "Paris is the capital" in first.response.answer and "wikipedia.org" in first.response.answer
    assert "stored this web-backed answer in memory" in first.response.reasoning
    assert stored["metadata"]["source"] == "web_search"
    assert stored["metadata"]["urls"] == ["https://en.wikipedia.org/wiki/Paris"]
    assert stored["metadata"]["topic"] == topic_of("What is the capital of France?")
    assert "timestamp" in stored["metadata"]

    assert names(second) == ["search_memory"]  # no second web search
    assert "stored on" in second.response.answer
    assert "Paris" in second.response.answer


async def test_a_relevant_but_stale_memory_is_rechecked_on_the_web(make_settings, search_server) -> None:
    settings = make_settings({"websearch": search_server}, memory_fresh_days=1e-9)
    async with AgentRuntime(settings) as runtime:
        await runtime.memory.store_document("Async Python code should avoid blocking calls inside coroutines.")
        turn = await runtime.ask("What are best practices for Python async code?")
    assert names(turn) == ["search_memory", "web_search"]
    assert "Never block the event loop" in turn.response.answer


async def test_a_stale_memory_without_web_search_is_answered_with_a_caveat(make_settings) -> None:
    async with AgentRuntime(make_settings(memory_fresh_days=1e-9)) as runtime:
        await runtime.memory.store_document("Async Python code should avoid blocking calls inside coroutines.")
        turn = await runtime.ask("What are best practices for Python async code?")
    assert names(turn) == ["search_memory"]
    assert "may be out of date" in turn.response.answer and turn.response.confidence <= 0.6


async def test_an_irrelevant_memory_is_not_used_as_an_answer(make_settings) -> None:
    async with AgentRuntime(make_settings()) as runtime:
        await runtime.memory.store_document("The freezer in room 214 keeps samples at minus 80 degrees.")
        turn = await runtime.ask("Who won the football world cup in 2018?")
    assert is_honest_without_web_search(turn)
    shown = turn.gap.model_dump_json() if turn.gap else turn.response.answer
    assert "room 214" not in shown


async def test_model_driven_memory_tools_are_recorded_like_any_tool(make_settings) -> None:
    model = scripted_model("store_memory", {"content": "Kim's defense is on May 3rd", "metadata": {"topic": "kim"}})
    async with AgentRuntime(make_settings(), model=model) as runtime:
        turn = await runtime.ask("note Kim's defense date")
        [stored] = await runtime.memory.list_documents()
    record = turn.response.tool_calls[0]
    assert record.tool_name == "store_memory" and record.status.value == "success" and record.result == stored["id"]
    assert stored["metadata"] == {"topic": "kim"}


async def test_a_bad_memory_call_is_a_failed_record_not_a_crash(make_settings) -> None:
    async with AgentRuntime(make_settings(), model=scripted_model("store_memory", {"content": "   "})) as runtime:
        turn = await runtime.ask("store nothing")
        assert await runtime.memory.count() == 0
    record = turn.response.tool_calls[0]
    assert record.status.value == "failed" and "empty" in record.error
    assert turn.response.confidence == 0.0


def test_topic_is_a_short_snake_case_summary() -> None:
    assert topic_of("Project X uses Python 3.11 and FastAPI") == "project_x_python_3"
    assert topic_of("the of and") == "note"
