"""Memory inside a turn: the agent's tools, memory before web, freshness, and 'the same question twice'."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import Field
from pydantic_ai import ModelRetry

from agent_core.offline import PlannerConfig
from agent_core.offline.text import topic_of
from agent_core.runtime import AgentRuntime
from tests.helpers import TIME_SERVER, scripted_model
from tests.planner_support import NOW, ask, planner_agent, tool
from tests.shared_runtime import (
    StandInModel,
    module_anyio_backend,  # noqa: F401 - a fixture
    module_runtime,
    person_fixture,
    person_runtime,  # noqa: F401 - a fixture
)

pytestmark = pytest.mark.anyio
runtime = module_runtime({"time": TIME_SERVER})
# The tests that script the model share a runtime of their own.
MODEL = StandInModel()
scripted_runtime = module_runtime({"time": TIME_SERVER}, model=MODEL)
srt = person_fixture("scripted_runtime")


def names(turn) -> list[str]:
    return [call.tool_name for call in turn.response.tool_calls]


async def test_remember_then_ask_answers_from_memory_and_cites_the_date(rt: AgentRuntime) -> None:
    stored = await rt.ask("Remember that Project X uses Python 3.11 and FastAPI")
    asked = await rt.ask("What tech stack does Project X use?")
    assert names(stored) == ["store_memory"]
    assert stored.response.tool_calls[0].parameters["content"] == "Project X uses Python 3.11 and FastAPI"
    assert "stored" in stored.response.answer.lower() and "FastAPI" in stored.response.answer
    assert names(asked) == ["search_memory"]
    assert "FastAPI" in asked.response.answer
    assert asked.response.confidence >= 0.7


async def test_no_memory_and_no_web_tool_is_reported_as_a_tool_gap(rt: AgentRuntime) -> None:
    turn = await rt.ask("What is the capital of France?")
    assert turn.kind == "tool_gap" and turn.response is None
    assert turn.gap.missing_tools == ["web_search"] and "get_current_time" in turn.gap.existing_tools_checked
    assert "Paris" not in turn.gap.model_dump_json()


async def test_a_public_question_memory_can_answer_is_not_a_gap_without_web_search(rt: AgentRuntime) -> None:
    await rt.memory.store_document("The capital of France is Paris.")
    turn = await rt.ask("What is the capital of France?")
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
    assert "From a web result (https://en.wikipedia.org/wiki/Paris) retrieved on" in second.response.answer
    assert "unverified" in second.response.answer and second.response.confidence <= 0.6
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


async def test_an_irrelevant_memory_is_not_used_as_an_answer(rt: AgentRuntime) -> None:
    await rt.memory.store_document("The freezer in room 214 keeps samples at minus 80 degrees.")
    turn = await rt.ask("Who won the football world cup in 2018?")
    if turn.kind == "tool_gap":  # no web search tool: the gap check may stop the turn first
        assert turn.gap.missing_tools == ["web_search"] and "room 214" not in turn.gap.model_dump_json()
    else:  # or the planner runs, finds nothing relevant and says so
        assert turn.kind == "answer" and "room 214" not in turn.response.answer
        assert "web search" in turn.response.answer and turn.response.confidence <= 0.2


async def test_model_driven_memory_tools_are_recorded_like_any_tool(srt: AgentRuntime) -> None:
    MODEL.plays(
        scripted_model("store_memory", {"content": "Kim's defense is on May 3rd", "metadata": {"topic": "kim"}})
    )
    turn = await srt.ask("note: Kim's defense is on May 3rd")
    [stored] = await srt.memory.list_documents()
    record = turn.response.tool_calls[0]
    assert record.tool_name == "store_memory" and record.status.value == "success" and record.result == stored["id"]
    assert stored["metadata"] == {"topic": "kim"}


async def test_a_bad_memory_call_is_a_failed_record_not_a_crash(srt: AgentRuntime) -> None:
    # An empty memory is refused by the tool (after the person approves it: blank content grounds nothing).
    MODEL.plays(scripted_model("store_memory", {"content": "   "}))
    paused = await srt.ask("store nothing")
    turn = await srt.approve(paused.pending[0].id)
    assert await srt.memory.count() == 0
    record = turn.response.tool_calls[0]
    assert record.status.value == "failed" and "empty" in record.error
    assert turn.response.confidence == 0.0


def test_topic_is_a_short_snake_case_summary() -> None:
    assert topic_of("Project X uses Python 3.11 and FastAPI") == "project_x_python_3"
    assert topic_of("the of and") == "note"


# ---- the planner's memory-first rules, against tools shaped like the memory toolset (fast, no database) ----

BUG = "planner regression reported to the lead"
FRESH = "2026-01-05T10:00:00+00:00"  # two days before NOW
OLD = "2025-01-05T10:00:00+00:00"


class Memory:
    """search_memory / store_memory as the agent sees them, over a list; web_search that may fail."""

    def __init__(self, *hits: dict[str, Any], web_error: str | None = None) -> None:
        self.hits = list(hits)
        self.stored: list[str] = []
        self.web_error = web_error

    def search_memory(
        self,
        query: Annotated[str, Field(description="What to look for, in plain words")],
        top_k: Annotated[int, Field(ge=1, le=20, description="How many memories to return")] = 5,
    ) -> list[dict[str, Any]]:
        """Search the user's stored research memory by meaning. Use this first for any question.

        Returns up to top_k memories, best first, each with content, metadata, score (cosine similarity, 1.0 = same
        meaning; below ~0.4 is usually unrelated) and created_at (when it was stored; cite it).
        """
        return self.hits[:top_k]

    def store_memory(
        self,
        content: Annotated[str, Field(description="The finding to remember, self-contained, with its source")],
        metadata: Annotated[
            dict[str, Any] | None,
            Field(description='Optional tags, e.g. {"topic": "python_async", "source": "https://..."}'),
        ] = None,
    ) -> str:
        """Store a research finding in the user's memory for later questions. Returns the memory's id."""
        self.stored.append(content)
        return "3f1c"

    def web_search(self, query: str, max_results: int = 5) -> dict[str, Any]:
        """Search the web and return matching pages, best first, each with title, url and snippet."""
        if self.web_error:
            raise ModelRetry(self.web_error)
        return {
            "results": [
                {
                    "title": "Paris",
                    "url": "https://en.wikipedia.org/wiki/Paris",
                    "snippet": "Paris is the capital of France.",
                }
            ]
        }

    def agent(self, *, web: bool = True):
        tools = [tool(self.search_memory, readOnlyHint=True), tool(self.store_memory, readOnlyHint=False)]
        if web:
            tools.append(tool(self.web_search, readOnlyHint=True, openWorldHint=True))
        return planner_agent(tools, PlannerConfig(clock=lambda: NOW, memory_min_score=0.4, memory_fresh_days=30))


def hit(content: str, score: float, created_at: str) -> dict[str, Any]:
    return {"id": "9b1d", "content": content, "metadata": {}, "score": score, "created_at": created_at}


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("Remember that the deadline is March 15", "the deadline is march 15"),
        ("please remember: Maria leads data cleaning", "maria leads data cleaning"),
        ("memorize: GPU nodes are for the vision team on Fridays", "gpu nodes are for the vision team on fridays"),
        pytest.param(
            "Note that reviewer 2 wants an ablation",
            "reviewer 2 wants an ablation",
        ),
        ("Keep in mind that the freezer is in room 214", "the freezer is in room 214"),
        ("Don't forget the embargo lifts on 9 September", "the embargo lifts on 9 september"),
    ],
)
async def test_remember_phrasings_store_the_finding_without_the_framing(text: str, content: str) -> None:
    memory = Memory()
    turn = await ask(memory.agent(), text)
    assert [name for name, _ in turn.calls] == ["store_memory"]
    assert [c.lower() for c in memory.stored] == [content]
    assert content in turn.answer.lower()


async def test_a_question_is_searched_in_memory_first_and_a_fresh_hit_answers_it_citing_the_date() -> None:
    memory = Memory(hit("The capital of France is Paris.", 0.9, FRESH))
    turn = await ask(memory.agent(), "What is the capital of France?")
    assert [name for name, _ in turn.calls] == ["search_memory"]  # no web search needed
    assert "The capital of France is Paris." in turn.answer and "2026-01-05" in turn.answer
    assert turn.confidence >= 0.7


async def test_an_answer_from_memory_cites_the_date_and_shows_no_ids_or_scores() -> None:
    memory = Memory(hit("Project X uses Python 3.11 and FastAPI", 0.55, FRESH))
    turn = await ask(memory.agent(web=False), "What tech stack does Project X use?")
    assert "FastAPI" in turn.answer and "2026-01-05" in turn.answer
    assert "9b1d" not in turn.answer and "score" not in turn.answer


async def test_no_relevant_memory_falls_back_to_the_web_with_unverified_sources() -> None:
    memory = Memory(hit("The freezer in room 214 keeps samples at minus 80 degrees.", 0.1, FRESH))
    turn = await ask(memory.agent(), "What is the capital of France?")
    assert [name for name, _ in turn.calls] == ["search_memory", "web_search"]
    assert "Paris is the capital of France." in turn.answer and "wikipedia.org" in turn.answer
    assert "room 214" not in turn.answer
    assert turn.confidence <= 0.6  # web snippets are unverified


async def test_a_stale_memory_is_rechecked_on_the_web() -> None:
    memory = Memory(hit("The capital of France is Paris.", 0.9, OLD))
    turn = await ask(memory.agent(), "What is the capital of France?")
    assert [name for name, _ in turn.calls] == ["search_memory", "web_search"]


async def test_a_stale_memory_without_web_search_is_given_with_a_caveat() -> None:
    memory = Memory(hit("The capital of France is Paris.", 0.9, OLD))
    turn = await ask(memory.agent(web=False), "What is the capital of France?")
    assert [name for name, _ in turn.calls] == ["search_memory"]
    assert "Paris" in turn.answer and "out of date" in turn.answer and turn.confidence <= 0.6


async def test_nothing_in_memory_and_no_web_search_is_said_plainly_with_low_confidence() -> None:
    memory = Memory(hit("The freezer in room 214 keeps samples at minus 80 degrees.", 0.1, FRESH))
    turn = await ask(memory.agent(web=False), "What is the capital of France?")
    assert "Paris" not in turn.answer and "room 214" not in turn.answer
    assert "web search" in turn.answer and turn.confidence <= 0.2


async def test_a_failing_web_search_gives_zero_confidence_and_says_so() -> None:
    memory = Memory(web_error="search backend unreachable")
    turn = await ask(memory.agent(), "What is the capital of France?")
    assert [name for name, _ in turn.calls] == ["search_memory", "web_search"]
    assert turn.confidence == 0.0 and "search backend unreachable" in turn.answer


async def test_a_question_about_what_the_assistant_remembers_stays_in_memory() -> None:
    memory = Memory(hit("The freezer in room 214 keeps samples at minus 80 degrees.", 0.1, FRESH))
    turn = await ask(memory.agent(), "what do you remember about the grant budget?")
    assert [name for name, _ in turn.calls] == ["search_memory"]  # never the public web
    assert turn.confidence <= 0.2


@pytest.mark.parametrize(
    "question",
    [
        "what was that idea I wrote down about using transformers for spectra?",
        "what did we decide about the retreat?",
        "what's our plan for the retreat?",
    ],
)
async def test_a_question_about_what_the_person_wrote_or_decided_never_reaches_the_public_web(question: str) -> None:
    turn = await ask(Memory().agent(), question)
    assert [name for name, _ in turn.calls] == ["search_memory"]


async def test_search_my_memory_for_searches_for_what_it_names() -> None:
    turn = await ask(Memory().agent(), "search my memory for the Leica SP8")
    assert turn.calls == [("search_memory", {"query": "the Leica SP8", "top_k": 5})]


@pytest.mark.parametrize("text", ["search the web", "search for it", "google something"])
async def test_a_search_with_no_topic_asks_for_one(text: str) -> None:
    turn = await ask(Memory().agent(), text)
    assert turn.calls == [] and turn.kinds == ["clarify"] and "search for" in turn.answer


async def test_a_command_to_check_the_memory_searches_it_without_a_question_mark(rt: AgentRuntime) -> None:
    await rt.ask("Remember that Project Y is written in Rust")
    turn = await rt.ask("check my memory for anything about Project Y")
    assert names(turn) == ["search_memory"]
    assert "Project Y" in turn.response.tool_calls[0].parameters["query"]
    assert "Rust" in turn.response.answer
