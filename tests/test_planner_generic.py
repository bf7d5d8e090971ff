"""The offline planner is generic over the tools it is offered, and honest when none fits."""

from __future__ import annotations

import pytest
from pydantic_ai import Agent, DeferredToolRequests

from agent_core.offline import build_offline_model
from agent_core.offline.compose import Outcome, compose_generic, compose_time
from agent_core.offline.intents import Step, analyze
from agent_core.schemas import AgentResponse

pytestmark = pytest.mark.anyio


def clock_now(tz: str) -> dict[str, object]:
    """Return the current clock time for a time zone."""
    return {"timestamp": "2026-01-02T03:04:05+09:00", "timezone": tz, "unix_epoch": 1767290645}


def word_count(text: str) -> int:
    """Count the words in a text."""
    return len(text.split())


def agent(*tools) -> Agent:
    return Agent(build_offline_model(), tools=list(tools), output_type=[AgentResponse, DeferredToolRequests])


async def test_planner_uses_a_differently_named_time_tool_and_its_parameter_name() -> None:
    result = await agent(clock_now, word_count).run("What time is it in Tokyo?")
    calls = [p for m in result.all_messages() for p in m.parts if getattr(p, "tool_name", None) == "clock_now"]
    assert calls[0].args_as_dict() == {"tz": "Asia/Tokyo"}
    assert "03:04" in result.output.answer and "Tokyo" in result.output.answer
    assert result.output.confidence == 0.95


async def test_without_a_time_tool_it_says_what_is_missing_and_what_exists() -> None:
    result = await agent(word_count).run("What time is it in Tokyo?")
    assert result.output.confidence == 0.0
    assert "current time" in result.output.answer and "word_count" in result.output.answer


async def test_unmapped_requests_get_an_honest_low_confidence_answer() -> None:
    result = await agent(clock_now).run("What is the capital of France?")
    assert result.output.confidence <= 0.2
    assert "Paris" not in result.output.answer
    assert "clock_now" in result.output.answer
    assert "MODEL=" in result.output.reasoning


def test_failed_time_call_gives_zero_confidence_and_says_why() -> None:
    plan = analyze("What time is it in Tokyo?")
    outcome = Outcome(
        Step("current_time", {"timezone": "Asia/Tokyo"}, "Tokyo"),
        "get_current_time",
        {"timezone": "Asia/Tokyo"},
        False,
        "server crashed",
    )
    answer, reasoning, confidence = compose_time(plan, [outcome])
    assert confidence == 0.0
    assert "server crashed" in answer and "failed" in reasoning


def test_one_of_two_calls_failing_gives_partial_confidence() -> None:
    plan = analyze("What time is it in Tokyo and Paris?")
    good = Outcome(plan.steps[0], "t", {}, True, {"timestamp": "2026-01-02T03:04:05+09:00", "timezone": "Asia/Tokyo"})
    bad = Outcome(plan.steps[1], "t", {}, False, "timed out")
    answer, _, confidence = compose_time(plan, [good, bad])
    assert confidence == 0.5
    assert "03:04" in answer and "timed out" in answer


def test_unreadable_timestamp_is_not_presented_as_an_answer() -> None:
    plan = analyze("What time is it in Tokyo?")
    outcome = Outcome(plan.steps[0], "t", {}, True, {"timestamp": "yesterday-ish"})
    answer, _, confidence = compose_time(plan, [outcome])
    assert confidence == 0.0 and "could not read" in answer


def test_generic_composer_reports_results_verbatim() -> None:
    answer, reasoning, confidence = compose_generic(None, [Outcome(None, "word_count", {"text": "a b"}, True, 2)])
    assert answer == "word_count returned: 2" and confidence == 0.95 and "word_count(text='a b')" in reasoning


@pytest.mark.parametrize(
    ("text", "capability", "path"),
    [
        ("read notes/README.md", "file_read", "notes/README.md"),
        ("Read the file notes/paper.md", "file_read", "notes/paper.md"),
        ("show me `data/results.csv`", "file_read", "data/results.csv"),
        ("list the files in notes", "file_list", "notes"),
        ("What files are in data?", "file_list", "data"),
        ("ls notes/", "file_list", "notes/"),
    ],
)
def test_file_requests_become_read_or_list_steps(text: str, capability: str, path: str) -> None:
    plan = analyze(text)
    assert (plan.capability, plan.steps[0].slots["path"]) == (capability, path)


@pytest.mark.parametrize("text", ["read a book about Tokyo", "What is in the news?", "Read more about history"])
def test_reading_words_without_a_path_are_not_file_requests(text: str) -> None:
    plan = analyze(text)
    assert plan is None or plan.capability not in {"file_read", "file_list"}


def test_relative_paths_resolve_against_the_roots(tmp_path) -> None:
    from agent_core.offline import PlannerConfig

    notes = tmp_path / "notes"
    (notes / "sub").mkdir(parents=True)
    (notes / "a.md").write_text("x")
    config = PlannerConfig(file_roots=(notes,))
    assert config.resolve_path("a.md") == str(notes / "a.md")
    assert config.resolve_path("notes/a.md") == str(notes / "a.md")
    assert config.resolve_path("missing.md") == str(notes / "missing.md")
    assert config.resolve_path("/etc/hosts") == "/etc/hosts"
    assert PlannerConfig().resolve_path("rel.md") == "rel.md"
