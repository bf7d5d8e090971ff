"""The offline planner reads time questions in many phrasings, maps places to IANA zones and continues follow-ups."""

from __future__ import annotations

import pytest

from agent_core.offline.timezones import find_places, resolve_iana
from tests.planner_support import ask, conversation, planner_agent, time_tools

pytestmark = pytest.mark.anyio


def agent():
    return planner_agent(time_tools())


def zones(turn) -> list[str]:
    """The zone of each current-time call (the server's default, UTC, when the call names none)."""
    return [args.get("timezone", "UTC") for name, args in turn.calls if name == "get_current_time"]


@pytest.mark.parametrize(
    ("question", "expected"),
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
async def test_time_questions_make_one_call_per_place(question: str, expected: list[str]) -> None:
    turn = await ask(agent(), question)
    assert zones(turn) == expected
    assert turn.kinds[-1] == "answer" and turn.confidence >= 0.7
    assert "12:00" in turn.answer or "1767787200" in turn.answer


@pytest.mark.parametrize(
    "question",
    [
        "What is the capital of France?",
        pytest.param(
            "What is the time complexity of quicksort?",
        ),
        "Summarize the latest papers on protein folding",
        "What time is the meeting?",
        "Remember that the deadline is March 15",
        "Merry Christmas everyone",
        pytest.param(
            "What time does the Louvre open?",
        ),
        "Tell me about Tokyo's history",
        "the garage is spotless now",  # says something; "now" asks no clock
        "what time do we meet tomorrow?",
    ],
)
async def test_other_requests_do_not_call_the_clock(question: str) -> None:
    turn = await ask(agent(), question)
    assert turn.calls == []
    assert turn.confidence <= 0.2


async def test_a_unix_timestamp_question_is_answered_with_the_epoch() -> None:
    turn = await ask(agent(), "unix timestamp please")
    assert "1767787200" in turn.answer


async def test_a_date_question_is_answered_with_the_date() -> None:
    turn = await ask(agent(), "What's the date today in Paris?")
    assert zones(turn) == ["Europe/Paris"]
    assert "7 January 2026" in turn.answer


async def test_no_place_means_utc_and_the_answer_says_so() -> None:
    turn = await ask(agent(), "what time is it")
    assert zones(turn) == ["UTC"] and "UTC" in turn.answer


async def test_a_time_given_in_one_place_is_converted_to_another() -> None:
    turn = await ask(agent(), "If it's 3pm in London, what time is it in New York?")
    assert turn.calls == [
        (
            "convert_time",
            {"source_timezone": "Europe/London", "time": "15:00", "target_timezone": "America/New_York"},
        )
    ]
    assert "America/New_York" in turn.answer and "-5.0h" in turn.answer


async def test_a_question_pointing_back_at_the_sentence_before_it_is_read_with_it() -> None:
    turn = await ask(agent(), "My call is at 7:45 a.m. Chicago time. What's that for my colleague in Helsinki?")
    assert turn.calls == [
        (
            "convert_time",
            {"source_timezone": "America/Chicago", "time": "07:45", "target_timezone": "Europe/Helsinki"},
        )
    ]


async def test_there_is_the_place_named_before_in_the_message_or_the_conversation() -> None:
    turn = await ask(agent(), "what's the time in Oslo, and what's 8pm there in Denver?")
    assert turn.calls == [
        ("get_current_time", {"timezone": "Europe/Oslo"}),
        ("convert_time", {"source_timezone": "Europe/Oslo", "time": "20:00", "target_timezone": "America/Denver"}),
    ]
    _, later = await conversation(agent(), "what time is it in Lima", "and what's 9am there in Madrid?")
    assert later.calls == [
        ("convert_time", {"source_timezone": "America/Lima", "time": "09:00", "target_timezone": "Europe/Madrid"})
    ]


@pytest.mark.parametrize(
    "question",
    [
        "the talk is at 9am Boston time; what time will that be in Seoul?",
        "the talk is at 9am in Boston. when is that in Seoul?",
    ],
)
async def test_a_when_or_what_time_will_question_pointing_back_converts_the_time_before_it(question: str) -> None:
    turn = await ask(agent(), question)
    assert turn.calls == [
        ("convert_time", {"source_timezone": "America/New_York", "time": "09:00", "target_timezone": "Asia/Seoul"})
    ]


@pytest.mark.parametrize(
    ("question", "source", "time", "target"),
    [
        ("if it's three thirty pee em in new york what time is that in lagos", "America/New_York", "15:30", "Africa/Lagos"),
        ("at seven forty-five pm in London, what time is it in Tokyo?", "Europe/London", "19:45", "Asia/Tokyo"),
        ("when it's eleven hundred hours in Moscow, what time is it in Delhi", "Europe/Moscow", "11:00", "Asia/Kolkata"),
        ("the webinar is at seventeen hundred Singapore time, what's that in Berlin", "Asia/Singapore", "17:00",
         "Europe/Berlin"),
        ("convert 8 pm Irish time to Quito", "Europe/Dublin", "20:00", "America/Guayaquil"),
        ("02:15 at DXB — what time is that in SIN?", "Asia/Dubai", "02:15", "Asia/Singapore"),
        ("twenty past eight a.m. in Cape Town = ? in Perth", "Africa/Johannesburg", "08:20", "Australia/Perth"),
        ("my talk is at 5 o'clock sharp in the afternoon, London time — what's that in Chicago?", "Europe/London",
         "17:00", "America/Chicago"),  # it was 05:00
        ("convert 4pm Tokyo to LA — sorry, I mean 4pm Seoul", "Asia/Seoul", "16:00", "America/Los_Angeles"),
        ("My mum is in Manila. If I ring her at 8 pm Irish time, what time will it be for her?", "Europe/Dublin",
         "20:00", "Asia/Manila"),
    ],
)  # fmt: skip
async def test_spoken_times_and_zones_by_region_or_adjective_are_converted(
    question: str, source: str, time: str, target: str
) -> None:
    turn = await ask(agent(), question)  # "seven forty-five pm" was read as 17:00
    assert turn.calls == [("convert_time", {"source_timezone": source, "time": time, "target_timezone": target})]


async def test_a_region_and_a_place_named_with_time_after_it_are_zones() -> None:
    assert zones(await ask(agent(), "Could I get the current time on the US west coast?")) == ["America/Los_Angeles"]
    turn = await ask(agent(), "tell me the time in Rio, then convert 6pm Rio time to Lisbon")
    assert turn.calls == [
        ("get_current_time", {"timezone": "America/Sao_Paulo"}),
        ("convert_time", {"source_timezone": "America/Sao_Paulo", "time": "18:00", "target_timezone": "Europe/Lisbon"}),
    ]


async def test_one_time_converted_to_two_places_makes_one_call_each() -> None:
    turn = await ask(agent(), "If it's 3pm in London, what time is it in New York and in Tokyo?")
    assert [(a["source_timezone"], a["time"], a["target_timezone"]) for _, a in turn.calls] == [
        ("Europe/London", "15:00", "America/New_York"),
        ("Europe/London", "15:00", "Asia/Tokyo"),
    ]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("time in Queensland", [("get_current_time", {"timezone": "Australia/Brisbane"})]),
        ("time in ontario rn", [("get_current_time", {"timezone": "America/Toronto"})]),
        (
            "0930h Lagos, what is that in Karachi",
            [("convert_time", {"source_timezone": "Africa/Lagos", "time": "09:30", "target_timezone": "Asia/Karachi"})],
        ),
    ],
)
async def test_states_provinces_and_military_times_are_read(question: str, expected: list) -> None:
    assert (await ask(agent(), question)).calls == expected


async def test_a_conversion_without_its_source_zone_is_asked_about_never_answered_with_the_current_time() -> None:
    turn = await ask(agent(), "convert 3pm to Tokyo time")
    assert turn.calls == [] and "source timezone" in turn.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "what time do they have in Buenos Aires now",
            [("get_current_time", {"timezone": "America/Argentina/Buenos_Aires"})],
        ),
        (
            "If I call at 8:15 in the morning Boston time, what time will it be in Helsinki?",
            [
                (
                    "convert_time",
                    {"source_timezone": "America/New_York", "time": "08:15", "target_timezone": "Europe/Helsinki"},
                )
            ],
        ),
    ],
)
async def test_phrases_that_exclude_a_reading_match_whole_words_only(question: str, expected: list) -> None:
    # "what time do we meet" is no clock question, but "what time do they have" is; "what time will i" is not
    # "what time will it be"
    turn = await ask(agent(), question)
    assert turn.calls == expected


async def test_unknown_place_is_reported_not_guessed() -> None:
    turn = await ask(agent(), "What time is it in Narnia?")
    assert turn.calls == [] or "Narnia" in turn.answer
    assert turn.confidence <= 0.5


async def test_known_and_unknown_places_together_answer_the_known_and_name_the_unknown() -> None:
    turn = await ask(agent(), "What time is it in Narnia and Tokyo?")
    assert zones(turn) == ["Asia/Tokyo"]
    assert "Narnia" in turn.answer and turn.confidence <= 0.5


async def test_an_unknown_place_listed_after_a_known_one_is_named_not_dropped() -> None:
    turn = await ask(agent(), "What time is it in Tokyo and Narnia?")
    assert zones(turn) == ["Asia/Tokyo"]
    assert "Narnia" in turn.answer and turn.confidence <= 0.5


async def test_a_country_hours_wide_is_asked_about_and_one_of_one_main_zone_answered() -> None:
    wide = await ask(agent(), "What time is it in the United States?")
    assert zones(wide) == [] and "New York, Chicago, Denver or Los Angeles" in wide.answer
    main = await ask(agent(), "What time is it in China?")  # one zone in use, however wide
    assert zones(main) == ["Asia/Shanghai"]


def test_ambiguous_city_words_need_a_preposition() -> None:
    assert find_places("Merry Christmas everyone")[0] == []
    assert [p.zone for p in find_places("time in Christmas Island")[0]] == ["Indian/Christmas"]


def test_iana_names_resolve_case_insensitively() -> None:
    assert resolve_iana("europe/paris") == "Europe/Paris"
    assert resolve_iana("Mars/Base") is None


@pytest.mark.parametrize(
    ("follow_up", "expected"),
    [
        ("And in Paris?", ["Europe/Paris"]),
        ("what about Sydney and Tokyo", ["Australia/Sydney", "Asia/Tokyo"]),
        ("London?", ["Europe/London"]),
    ],
)
async def test_short_follow_ups_continue_a_time_question(follow_up: str, expected: list[str]) -> None:
    _, turn = await conversation(agent(), "What time is it in Tokyo?", follow_up)
    assert zones(turn) == expected


async def test_thanks_after_a_time_question_is_not_another_time_question() -> None:
    _, turn = await conversation(agent(), "What time is it in Tokyo?", "and thanks")
    assert turn.calls == [] and turn.kinds == ["chat"]


@pytest.mark.parametrize("before", [None, "What is the capital of France?"])
async def test_a_follow_up_needs_a_previous_time_question(before: str | None) -> None:
    texts = [before, "And in Paris?"] if before else ["And in Paris?"]
    turn = (await conversation(agent(), *texts))[-1]
    assert turn.calls == []


async def test_a_24_hour_time_without_a_colon_is_read_when_it_has_a_leading_zero() -> None:
    turn = await ask(agent(), "convert 0930 Berlin to Seoul")
    assert turn.calls == [
        ("convert_time", {"source_timezone": "Europe/Berlin", "time": "09:30", "target_timezone": "Asia/Seoul"})
    ]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("convert 18h Berlin time to Chicago time", ("Europe/Berlin", "18:00", "America/Chicago")),
        ("the webinar is at 7am Pacific, what is that in Japan?", ("America/Los_Angeles", "07:00", "Asia/Tokyo")),
        ("6 in the evening Sydney time = ? in Berlin", ("Australia/Sydney", "18:00", "Europe/Berlin")),
    ],
)
async def test_hours_written_15h_pacific_and_an_equals_question_convert(question: str, expected: tuple) -> None:
    turn = await ask(agent(), question)
    assert [(a["source_timezone"], a["time"], a["target_timezone"]) for _, a in turn.calls] == [expected]


async def test_a_place_alone_after_a_conversion_changes_where_it_is_converted_to() -> None:
    _, turn = await conversation(agent(), "what is 10am Berlin time in Chicago?", "and in Tokyo?")
    assert turn.calls == [
        ("convert_time", {"source_timezone": "Europe/Berlin", "time": "10:00", "target_timezone": "Asia/Tokyo"})
    ]
    _, turn = await conversation(agent(), "what is 10am Berlin time in Chicago?", "what about Denver?")
    assert turn.calls[0][1]["target_timezone"] == "America/Denver"


@pytest.mark.parametrize("question", ["is it still Saturday in Honolulu?", "is it already the weekend in Seoul?"])
async def test_asking_which_day_it_is_somewhere_reads_the_clock(question: str) -> None:
    turn = await ask(agent(), question)
    assert [name for name, _ in turn.calls] == ["get_current_time"]


def test_a_length_in_hours_is_not_a_time_of_day() -> None:
    from agent_core.offline import slots

    assert [s.value for s in slots.time_of_day("meet at 9h in Lyon")] == ["09:00"]
    assert slots.time_of_day("run it for 12h") == []


@pytest.mark.parametrize(
    ("question", "zone", "said"),
    [
        ("what time is it in GMT+2?", "Etc/GMT-2", "UTC+02:00"),  # IANA's Etc zones invert the sign
        ("time in UTC-5", "Etc/GMT+5", "UTC-05:00"),
        ("what's the time at UTC+05:30", "Asia/Kolkata", "UTC+05:30"),
    ],
)
async def test_a_utc_offset_is_that_offset_never_plain_utc(question: str, zone: str, said: str) -> None:
    turn = await ask(agent(), question)
    assert zones(turn) == [zone] and said in turn.answer and "Etc/" not in turn.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("what time's it in the Windy City", ["America/Chicago"]),  # a city by its nickname
        ("qué hora es en Lima", ["America/Lima"]),  # a few words of another language
        ("time in Zürich", ["Europe/Zurich"]),
        ("wie spät ist es in Wien und in Tokyo?", ["Europe/Vienna", "Asia/Tokyo"]),  # a city by its own name
        ("what time is it in Tokoy", ["Asia/Tokyo"]),  # one slip in a place name
        ("tz Sydeny", ["Australia/Sydney"]),
    ],
)
async def test_places_by_nickname_and_questions_in_other_words(question: str, expected: list[str]) -> None:
    turn = await ask(agent(), question)
    assert zones(turn) == expected


def test_a_german_is_is_no_time_zone_but_ist_in_capitals_is() -> None:
    assert [p.zone for p in find_places("wie spät ist es in Zürich?")[0]] == ["Europe/Zurich"]
    assert [p.zone for p in find_places("3pm IST")[0]] == ["Asia/Kolkata"]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("a quarter past midnight in Tokyo is what o'clock in Honolulu", [("Asia/Tokyo", "00:15", "Pacific/Honolulu")]),
        ("what's noon in the Big Apple in Bombay time", [("America/New_York", "12:00", "Asia/Kolkata")]),
        (
            "convert twenty past seven pm Paris time to Tokyo time and to Sydney time",
            [("Europe/Paris", "19:20", "Asia/Tokyo"), ("Europe/Paris", "19:20", "Australia/Sydney")],
        ),
        (
            "what's noon in NYC in LA time, and midnight in NYC in LA time",
            [
                ("America/New_York", "12:00", "America/Los_Angeles"),
                ("America/New_York", "00:00", "America/Los_Angeles"),
            ],
        ),
    ],
)
async def test_conversions_said_around_noon_midnight_and_twice(question: str, expected: list) -> None:
    turn = await ask(agent(), question)
    assert [
        (a["source_timezone"], a["time"], a["target_timezone"]) for n, a in turn.calls if n == "convert_time"
    ] == expected
    assert not [n for n, _ in turn.calls if n == "get_current_time"]  # never answered with the current time


def test_the_tokenizer_folds_accents_instead_of_cutting_words() -> None:
    from agent_core.offline.text import words

    assert words("wie spät ist es in Zürich? São Paulo") == ["wie", "spat", "ist", "es", "in", "zurich", "sao", "paulo"]


async def test_a_zone_asked_for_a_place_nobody_knows_is_asked_about_not_answered_in_utc() -> None:
    turn = await ask(agent(), "tz durham")
    assert turn.calls == [] and "durham" in turn.answer.lower()


async def test_each_of_two_places_is_named_in_its_answer() -> None:
    turn = await ask(agent(), "what time is it in Vienna and in Tokyo?")
    assert "In Vienna (Europe/Vienna)" in turn.answer and "In Tokyo (Asia/Tokyo)" in turn.answer


def test_a_misspelt_place_is_found_only_where_a_place_is_named_and_only_when_one_fits() -> None:
    assert [p.zone for p in find_places("what time is it in Tokoy")[0]] == ["Asia/Tokyo"]
    assert find_places("add a task to call Tokoy Dental")[0] == []  # no preposition or "time zone" before it


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("Gotham time pls", "Gotham"),  # a name before "time" that is no place
        ("what time is it where Ana lives?", "where Ana lives"),  # a place the assistant cannot know
    ],
)
async def test_a_place_named_but_not_known_is_asked_about_never_answered_in_utc(question: str, named: str) -> None:
    turn = await ask(agent(), question)
    assert turn.calls == [] and named in turn.answer


async def test_a_time_said_in_words_is_converted_or_asked_about_never_answered_with_the_current_time() -> None:
    turn = await ask(agent(), "convert 5 o'clock sharp to Tokyo time")  # no source zone: ask for it
    assert turn.calls == [] and "source" in turn.answer
    assert zones(await ask(agent(), "Tokyo time please")) == ["Asia/Tokyo"]
