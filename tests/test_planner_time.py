"""The offline planner reads time questions in many phrasings and maps places to IANA zones."""

from __future__ import annotations

import pytest

from agent_core.offline.intents import analyze, analyze_time
from agent_core.offline.timezones import find_places, resolve_iana


@pytest.mark.parametrize(
    ("question", "zones"),
    [
        ("What time is it in Tokyo?", ["Asia/Tokyo"]),
        ("what's the time in tokyo", ["Asia/Tokyo"]),
        ("Tokyo time?", ["Asia/Tokyo"]),
        ("current time in New York right now", ["America/New_York"]),
        ("What time is it in NYC", ["America/New_York"]),
        ("Time in Sydney please", ["Australia/Sydney"]),
        ("What is the local time in London?", ["Europe/London"]),
        ("What time is it in UTC?", ["UTC"]),
        ("what time is it in GMT", ["UTC"]),
        ("Give me the unix timestamp", ["UTC"]),
        ("What time is it?", ["UTC"]),
        ("What's the date today?", ["UTC"]),
        ("What day is it in Auckland?", ["Pacific/Auckland"]),
        ("What time is it in São Paulo?", ["America/Sao_Paulo"]),
        ("What time is it in Europe/Paris", ["Europe/Paris"]),
        ("time in america/los_angeles", ["America/Los_Angeles"]),
        ("What time is it in Japan?", ["Asia/Tokyo"]),
        ("What time is it in India", ["Asia/Kolkata"]),
        ("What time is it in the UK?", ["Europe/London"]),
        ("What time is it in Germany?", ["Europe/Berlin"]),
        ("current time in San Francisco", ["America/Los_Angeles"]),
        ("What time is it in Beijing?", ["Asia/Shanghai"]),
        ("What's the time in PST?", ["America/Los_Angeles"]),
        ("What time is it in Mumbai and Berlin?", ["Asia/Kolkata", "Europe/Berlin"]),
        ("What time is it in Sydney, London and New York?", ["Australia/Sydney", "Europe/London", "America/New_York"]),
        ("Tell me the time in Hong Kong", ["Asia/Hong_Kong"]),
        ("what time is it in kathmandu right now", ["Asia/Kathmandu"]),
        ("Is it morning in Tokyo? what time is it there", ["Asia/Tokyo"]),
    ],
)
def test_time_questions_plan_one_call_per_place(question: str, zones: list[str]) -> None:
    plan = analyze(question)
    assert plan is not None and plan.capability == "current_time"
    assert [step.slots["timezone"] for step in plan.steps] == zones


@pytest.mark.parametrize(
    "question",
    [
        "What is the capital of France?",
        "What time does the Louvre open?",
        "What is the time complexity of quicksort?",
        "Summarize the latest papers on protein folding",
        "What time is the meeting?",
        "Tell me about Tokyo's history",
        "Remember that the deadline is March 15",
    ],
)
def test_other_requests_are_not_time_questions(question: str) -> None:
    assert analyze_time(question) is None


def test_unix_timestamp_focus_and_date_focus() -> None:
    assert analyze("unix timestamp please").focus == "epoch"
    assert analyze("What's the date today in Paris?").focus == "date"
    assert analyze("What time is it in Paris?").focus == "time"


def test_unknown_place_is_reported_not_guessed() -> None:
    plan = analyze("What time is it in Atlantis?")
    assert plan is not None and plan.steps == [] and plan.unresolved == ["Atlantis"]


def test_known_and_unknown_places_together() -> None:
    plan = analyze("What time is it in Atlantis and Tokyo?")
    assert [s.slots["timezone"] for s in plan.steps] == ["Asia/Tokyo"]
    assert plan.unresolved == ["Atlantis"]


def test_multi_zone_countries_say_which_zone_was_used() -> None:
    plan = analyze("What time is it in the United States?")
    assert plan.steps[0].slots["timezone"] == "America/New_York"
    assert any("several time zones" in note for note in plan.notes)


def test_no_place_means_utc_and_says_so() -> None:
    plan = analyze("what time is it")
    assert plan.steps[0].slots == {"timezone": "UTC"}
    assert any("UTC" in note for note in plan.notes)


def test_ambiguous_city_words_need_a_preposition() -> None:
    assert find_places("Merry Christmas everyone")[0] == []
    assert [p.zone for p in find_places("time in Christmas Island")[0]] == ["Indian/Christmas"]


def test_iana_names_resolve_case_insensitively() -> None:
    assert resolve_iana("europe/paris") == "Europe/Paris"
    assert resolve_iana("Mars/Base") is None


@pytest.mark.parametrize(
    ("follow_up", "zones"),
    [
        ("And in Paris?", ["Europe/Paris"]),
        ("what about Sydney and Tokyo", ["Australia/Sydney", "Asia/Tokyo"]),
        ("London?", ["Europe/London"]),
    ],
)
def test_short_follow_ups_continue_a_time_question(follow_up: str, zones: list[str]) -> None:
    plan = analyze(follow_up, previous_prompt="What time is it in Tokyo?")
    assert [s.slots["timezone"] for s in plan.steps] == zones


def test_follow_ups_need_a_previous_time_question_and_a_place() -> None:
    assert analyze("And in Paris?") is None
    assert analyze("And in Paris?", previous_prompt="What is the capital of France?") is None
    assert analyze("and thanks", previous_prompt="What time is it in Tokyo?") is None
