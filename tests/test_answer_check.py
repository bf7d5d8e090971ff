"""The answer-vs-record check: an LLM's answer must use the facts its successful tool calls returned, and read as
language (agent_core.llm.answer_check)."""

from __future__ import annotations

import pytest

from agent_core.llm.answer_check import check_answer, problems, record_facts
from agent_core.schemas import AgentResponse, ToolCallRecord

TOKYO = ToolCallRecord(
    tool_name="get_current_time",
    parameters={"timezone": "Asia/Tokyo"},
    result={"timestamp": "2026-11-22T04:25:13+09:00", "timezone": "Asia/Tokyo", "unix_epoch": 1795548313},
    duration_ms=3,
    status="success",
)
ADDED = ToolCallRecord(
    tool_name="add_task",
    parameters={"title": "book the microscope"},
    result={"id": 3, "title": "book the microscope", "status": "pending"},
    duration_ms=4,
    status="success",
)
FAILED = ToolCallRecord(
    tool_name="web_search", parameters={"query": "x"}, duration_ms=9, status="failed", error="no network"
)


def response(answer: str, *calls: ToolCallRecord) -> AgentResponse:
    return AgentResponse(answer=answer, reasoning="Used the tools.", confidence=0.9, tool_calls=list(calls))


def test_times_inside_timestamps_are_facts_in_both_spellings() -> None:
    assert {"04:25", "4:25", "2026-11-22", "tokyo"} <= record_facts([TOKYO])


@pytest.mark.parametrize(
    ("answer", "calls"),
    [
        ("It is 04:25 in Tokyo.", [TOKYO]),
        ("It's 4:25 in the morning there.", [TOKYO]),
        ("Added 'Book the microscope' to your list.", [ADDED]),
        ("Hello! I can tell the time and manage your tasks.", []),
        ("Use `datetime.now()` and then `.astimezone()`.", []),  # code spans are not debris
        ("The search failed, so I cannot say.", [FAILED]),  # a failed call returned no facts to miss
    ],
)
def test_answers_that_use_the_record_pass_unchanged(answer: str, calls: list[ToolCallRecord]) -> None:
    original = response(answer, *calls)
    assert problems(original) == []
    assert check_answer(original) is original


def test_the_nonsense_answer_from_the_real_model_is_flagged_twice() -> None:
    flagged = check_answer(response("10.34.21,&#39;Paris &lt;Date::now()…", TOKYO))
    assert flagged.confidence == 0.0
    assert flagged.reasoning == (
        "Flagged by the answer check: the answer contains none of the facts that get_current_time returned; the "
        "answer is not language (markup or code debris), so this is not a confident answer. Used the tools."
    )


@pytest.mark.parametrize(
    ("answer", "calls", "found"),
    [
        ("It is noon in Paris.", [TOKYO], "contains none of the facts that get_current_time returned"),
        ("Sure: <div>done</div>", [], "not language"),
        ("42.1.7 // 9", [], "not language"),
    ],
)
def test_answers_that_miss_the_record_or_are_not_language_are_flagged(
    answer: str, calls: list[ToolCallRecord], found: str
) -> None:
    flagged = check_answer(response(answer, *calls))
    assert flagged.confidence == 0.0 and found in flagged.reasoning
    assert flagged.answer == answer  # shown as written, but never as a confident answer
