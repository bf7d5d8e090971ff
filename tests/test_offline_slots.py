"""The offline planner's typed slot extractors read values the way people write them, relative to a fixed day."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from agent_core.offline import slots
from agent_core.offline.clauses import is_question

WEDNESDAY = date(2026, 1, 7)  # a fixed "today" (weekday 2), so relative dates are deterministic


def values(spans: list[slots.Span]) -> list[object]:
    return [span.value for span in spans]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("call me at 3pm", ["15:00"]),
        ("3 p.m. works", ["15:00"]),
        ("9:30 am in London", ["09:30"]),
        ("12am", ["00:00"]),
        ("12pm", ["12:00"]),
        ("lunch at noon", ["12:00"]),
        ("midday", ["12:00"]),
        ("midnight", ["00:00"]),
        ("from 14:05 to 16:30", ["14:05", "16:30"]),
        ("the meeting is at 3", ["15:00"]),  # a bare "at 3" in a day means the afternoon
        ("at 9pm", ["21:00"]),
    ],
)
def test_times_of_day_become_24_hour_hh_mm(text: str, expected: list[str]) -> None:
    assert values(slots.time_of_day(text)) == expected


@pytest.mark.parametrize("text", ["13pm", "0am", "it costs 12 euros", "task 3", "set the oven at 5 degrees"])
def test_things_that_only_look_like_times_are_not_times(text: str) -> None:
    assert slots.time_of_day(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("meet at 14:05", "14:05"),
        ("at 10:30", "10:30"),
        ("at 9:30 am", "09:30"),
        ("at 11 pm", "23:00"),
        ("at 6 am", "06:00"),
    ],
)
def test_a_time_after_at_keeps_its_minutes_and_am_pm(text: str, expected: str) -> None:
    assert values(slots.time_of_day(text)) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("today", WEDNESDAY),
        ("tonight", WEDNESDAY),
        ("tomorrow", WEDNESDAY + timedelta(days=1)),
        ("the day after tomorrow", WEDNESDAY + timedelta(days=2)),
        ("on Friday", date(2026, 1, 9)),
        ("friday", date(2026, 1, 9)),
        ("on Monday", date(2026, 1, 12)),
        ("3 December", date(2026, 12, 3)),
        ("December 3rd", date(2026, 12, 3)),
        ("the 3rd of December", date(2026, 12, 3)),
        ("2026-02-01", date(2026, 2, 1)),
    ],
)
def test_dates_are_read_relative_to_today(text: str, expected: date) -> None:
    assert values(slots.dates(text, WEDNESDAY)) == [expected.isoformat()]


def test_next_weekday_is_that_weekday_after_today_within_two_weeks() -> None:
    [friday] = values(slots.dates("next Friday", WEDNESDAY))
    day = date.fromisoformat(str(friday))
    assert day.weekday() == 4 and WEDNESDAY < day <= WEDNESDAY + timedelta(days=14)


def test_a_day_of_the_year_already_past_means_next_year() -> None:
    assert values(slots.dates("1 January", WEDNESDAY)) == ["2027-01-01"]
    assert values(slots.dates("31 February", WEDNESDAY)) == []  # no such day: nothing, not a guess


def test_a_day_written_with_its_year_is_that_years_day() -> None:
    assert values(slots.dates("since 1 March 2025", WEDNESDAY)) == ["2025-03-01"]  # never 2027's: the year is said
    assert values(slots.dates("on March 1, 2027", WEDNESDAY)) == ["2027-03-01"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("only the ones from 2025", {"start": "2025-01-01"}),
        ("posted in 2025", {"start": "2025-01-01", "end": "2025-12-31"}),
        ("in 2026", {"start": "2026-01-01", "end": "2026-01-07"}),  # this year: until today
        ("since March", {"start": "2025-03-01"}),  # the last March begun
        ("from 2024 to 2026", {}),  # two years: no range read as one of them
        ("on 2025-11-02", {"start": "2025-11-02", "end": "2025-11-02"}),
    ],
)
def test_a_year_or_a_month_said_as_a_period_gives_the_ends_of_a_range(text: str, expected: dict[str, str]) -> None:
    assert {end: span.value for end, span in slots.date_ends(text, WEDNESDAY).items()} == expected


def test_several_dates_come_back_in_the_order_written() -> None:
    assert values(slots.dates("tomorrow or on Friday", WEDNESDAY)) == ["2026-01-08", "2026-01-09"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mark tasks 1 and 2 done", [1, 2]),
        ("delete #4", [4]),
        ("complete task 3", [3]),
        ("delete items 2, 3 and 5", [2, 3, 5]),
        ("number 6 is done", [6]),
        ("complete 3", [3]),  # a bare number in a short command
        ("delete 4 and 5", [4, 5]),
        ("task 3 at 3pm", [3]),  # the time is not an id
        ("task 2 and task 2", [2]),  # once each
    ],
)
def test_item_numbers_are_read_as_ids(text: str, expected: list[int]) -> None:
    assert values(slots.ids(text)) == expected


def test_a_bare_number_next_to_a_time_or_date_is_not_an_id() -> None:
    assert slots.ids("remind me at 5pm") == []
    assert slots.ids("3 December") == []


def test_ordinals_are_list_positions_and_last_is_minus_one() -> None:
    assert values(slots.ordinals("delete the second one and the last one")) == [2, -1]
    assert values(slots.ordinals("the 1st and the third")) == [1, 3]
    assert slots.ordinals("delete task 2") == []


@pytest.mark.parametrize(
    ("kind", "text", "expected"),
    [
        ("doi", "look up 10.1038/nature12373.", "10.1038/nature12373"),
        ("isbn", "the book with ISBN 978-0-13-468599-1", "978-0-13-468599-1"),
        ("url", "summarise https://example.org/a?b=1.", "https://example.org/a?b=1"),
        ("email", "write to bob@lab.org please", "bob@lab.org"),
    ],
)
def test_identifiers_are_read_as_written_without_trailing_punctuation(kind: str, text: str, expected: str) -> None:
    assert values(slots.identifier(kind, text)) == [expected]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("read notes/ideas.txt", ["notes/ideas.txt"]),
        ("open README.md", ["README.md"]),
        ("list the files in papers/", ["papers"]),
        ("what is in my notes folder?", ["notes"]),
        ("list the files in notes", ["notes"]),
        ("What files are in data?", ["data"]),
        ("show me the data directory", ["data"]),
        ("read ~/notes/a.md", ["~/notes/a.md"]),
        ("print the setup.cfg inside the tools folder, thanks", ["tools/setup.cfg"]),  # a file in a named folder
        ("open plan.md in the morning", ["plan.md"]),
    ],
)
def test_paths_are_read_as_written_or_from_a_named_folder(text: str, expected: list[str]) -> None:
    assert values(slots.paths(text)) == expected


@pytest.mark.parametrize("text", ["email bob@lab.org", "Python 3.11 is out", "the folder"])
def test_addresses_and_version_numbers_are_not_paths(text: str) -> None:
    assert slots.paths(text) == []


STATUS = ["pending", "completed", "all"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("which tasks are open", "pending"),
        ("what's still left to do", "pending"),
        ("what have I finished", "completed"),
        ("show my completed tasks", "completed"),
        ("show everything on my list", "all"),
        ("show pending tasks", "pending"),
        ("list everything outstanding", "pending"),  # a quantifier before an option only determines it
        ("show every one of the finished ones", "completed"),
    ],
)
def test_enum_values_are_read_directly_or_by_a_synonym(text: str, expected: str) -> None:
    found = slots.enum_value(STATUS, text)
    assert found is not None and found.value == expected


def test_no_enum_value_is_invented_when_none_is_named() -> None:
    assert slots.enum_value(STATUS, "hello there") is None


MAX_RESULTS = {"type": "integer", "description": "How many papers to return"}


@pytest.mark.parametrize(
    ("name", "prop", "text", "expected"),
    [
        ("max_results", MAX_RESULTS, "top 3 papers on CRISPR", 3),
        ("max_results", MAX_RESULTS, "find 5 papers on CRISPR", 5),
        ("max_results", MAX_RESULTS, "the first two papers about folding", 2),
        ("days", {"type": "integer"}, "forecast for the next 3 days", 3),
    ],
)
def test_counts_are_numbers_next_to_the_words_of_the_parameter(name: str, prop: dict, text: str, expected: int) -> None:
    found = slots.count_for(name, prop, text)
    assert found is not None and found.value == expected


def test_a_number_unrelated_to_the_parameter_is_not_a_count() -> None:
    assert slots.count_for("days", {"type": "integer"}, "forecast for Paris") is None
    assert slots.count_for("max_results", MAX_RESULTS, "papers from 2021 on CRISPR") is None


@pytest.mark.parametrize(
    ("name", "prop", "kind"),
    [
        ("timezone", {"type": "string", "description": "IANA time zone name"}, "timezone"),
        ("tz", {"type": "string"}, "timezone"),
        ("city", {"type": "string"}, "place"),
        ("location", {"type": "string", "description": "Where"}, "place"),
        ("path", {"type": "string"}, "path"),
        ("path_list", {"type": "array", "items": {"type": "string"}}, "paths"),
        ("fields", {"type": "array", "items": {"type": "string"}}, "choices"),
        ("task_id", {"type": "integer"}, "id"),
        ("max_results", {"type": "integer", "description": "How many results"}, "count"),
        ("length", {"type": "integer", "description": "How long it runs, a whole number in unit"}, "count"),
        ("ticket", {"type": "integer", "description": "The ticket number"}, "id"),
        ("amount", {"type": "number"}, "amount"),
        ("status", {"type": "string", "enum": ["pending", "completed", "all"]}, "enum"),
        ("status", {"anyOf": [{"enum": ["a", "b"], "type": "string"}, {"type": "null"}]}, "enum"),
        ("doi", {"type": "string"}, "doi"),
        ("isbn", {"type": "string"}, "isbn"),
        ("url", {"type": "string"}, "url"),
        ("recipient", {"type": "string", "description": "E-mail address"}, "email"),
        ("currency", {"type": "string", "description": "ISO 4217 code"}, "currency"),
        ("time", {"type": "string", "description": "Time in HH:MM"}, "time_of_day"),
        ("time", {"type": "string"}, "time_of_day"),
        ("date", {"type": "string"}, "date"),
        ("start_day", {"type": "string", "description": "YYYY-MM-DD"}, "date"),
        ("content", {"type": "string", "description": "The finding to remember"}, "text"),
        ("symbol", {"type": "string", "description": "Ticker symbol, e.g. 'AAPL'"}, "entity"),
        ("query", {"anyOf": [{"type": "string"}, {"type": "null"}]}, "text"),
        ("metadata", {"type": "object"}, "skip"),
        ("verbose", {"type": "boolean"}, "flag"),
    ],
)
def test_a_parameter_is_classified_by_its_type_name_and_description(name: str, prop: dict, kind: str) -> None:
    assert slots.kind_of(name, prop) == kind


def test_pair_roles_are_read_from_the_parameter_name() -> None:
    assert slots.role_of("source_timezone") == "source"
    assert slots.role_of("from_unit") == "source"
    assert slots.role_of("to_currency") == "target"
    assert slots.role_of("target_timezone") == "target"
    assert slots.role_of("timezone") is None


def test_places_come_from_the_gazetteer_or_a_capitalised_name_after_a_preposition() -> None:
    assert values(slots.places("air quality in Delhi")) == ["Delhi"]
    assert values(slots.places("what is the weather in New York")) == ["New York"]
    assert values(slots.places("the weather in Gotham City")) == ["Gotham City"]


def test_zones_are_iana_names_in_the_order_the_places_are_written() -> None:
    assert values(slots.zones("time in Tokyo and Paris")) == ["Asia/Tokyo", "Europe/Paris"]


def test_framing_and_politeness_are_taken_off_free_text() -> None:
    framing = slots.Framing(lead=("remember that",))
    assert slots.strip_framing("Please remember that the freezer is in room 214, thanks", framing) == (
        "the freezer is in room 214"
    )
    assert slots.strip_framing("can you 'order gloves' please", slots.Framing()) == "order gloves"


def test_task_framing_around_the_title_is_taken_off() -> None:
    from agent_core.offline.catalogue import catalogue

    framing = slots.Framing(lead=catalogue().get("task_add").framing)
    assert slots.strip_framing("could you add a task for me to phone the bank", framing) == "phone the bank"
    assert slots.strip_framing("put wash the lab coats on my to-do list", framing) == "wash the lab coats"
    assert slots.strip_framing("jot down as a task: sign the form", framing) == "sign the form"


def test_an_identifier_shaped_like_the_digits_example_is_found_in_any_wrapping() -> None:
    from agent_core.offline.slots import shaped

    assert [s.value for s in shaped("23287718", "PMID:19304878 — which journal, 2024?")] == ["19304878"]
    assert [s.value for s in shaped("23287718", "fetch https://pubmed.ncbi.nlm.nih.gov/31452104/ please")] == [
        "31452104"
    ]
    assert shaped("23287718", "what happened in 2026 at 10:30") == []


def test_symbols_shaped_like_the_example_are_all_read() -> None:
    from agent_core.offline.slots import shaped

    assert [s.value for s in shaped("TP53", "BRCA1, BRCA2 and PALB2: which chromosomes? (DNA)")] == [
        "BRCA1",
        "BRCA2",
        "PALB2",
    ]


def test_an_enum_option_is_named_by_its_stem_or_abbreviation() -> None:
    from agent_core.offline.slots import enum_value

    units = ["seconds", "minutes", "hours"]
    assert enum_value(units, "start a 90 second timer").value == "seconds"
    assert enum_value(units, "countdown 5 mins").value == "minutes"
    assert enum_value(units, "countdown 5 now") is None


def test_a_yes_no_option_is_read_from_its_words() -> None:
    assert slots.flag("include_abstract", "fetch PMID 1 with its abstract").value is True
    assert slots.flag("include_abstract", "PMID 1, no abstract please").value is False
    assert slots.flag("include_abstract", "look up PMID 1") is None


def test_a_count_is_never_read_from_inside_a_date_or_a_time() -> None:
    prop = {"type": "number", "description": "How many hours"}
    assert slots.count_for("hours", prop, "book it on 2026-12-10 from 09:00 to 17:00") is None
    assert slots.count_for("hours", prop, "book it on 2026-12-10 for 3 hours").value == 3


def test_a_span_of_the_day_gives_its_start_and_length() -> None:
    start, minutes = slots.time_range("reserve it on Wednesday from 1 to 3pm")
    assert (start.value, minutes) == ("13:00", 120)
    start, minutes = slots.time_range("the plate reader, 9:30–11:00")
    assert (start.value, minutes) == ("09:30", 90)
    assert slots.time_range("read pages 3-5") is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("put me down for the plate reader on Tuesday, 9:30–11:00", 1.5),
        ("reserve the FACS for Wednesday from 1 to 3pm", 2),
        ("book the electron microscope on 2026-12-10 from 09:00 to 17:00", 8),
        ("book the qPCR machine on 3 December at half past ten for 90 minutes", 1.5),
        ("I need the ultracentrifuge at 8am, it'll take about 4 hours", 4),
        ("the cryostat at 11 for half an hour", 0.5),
    ],
)
def test_a_length_in_hours_comes_from_a_said_duration_or_a_span_of_the_day(text: str, expected: float) -> None:
    from agent_core.offline.arguments import _quantity

    found = _quantity("hours", {"type": "number", "description": "How long, in hours"}, text)
    assert found is not None and found.value == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("start a forty-five minute countdown for the gel", "start a 45 minute countdown for the gel"),
        ("time an hour and a half for the incubation", "time 90 minutes for the incubation"),
        ("a quarter of an hour timer please", "15 minutes timer please"),
        ("book it for two hours", "book it for 2 hours"),
        ("call one supplier about twenty boxes", "call one supplier about twenty boxes"),  # no unit: a title's words
        ("log watering D4-11, one and a half litres", "log watering D4-11, 1.5 litres"),  # it had asked the volume
        ("incubate for 2 and a half hours", "incubate for 2.5 hours"),
        ("one and a half", "one and a half"),
    ],
)
def test_lengths_of_time_said_in_words_are_read_as_digits(text: str, expected: str) -> None:
    assert slots.spoken_lengths(text) == expected


def test_free_text_drops_prepositions_left_hanging_and_an_afterthought_clause() -> None:
    from agent_core.offline.arguments import _without
    from agent_core.offline.slots import Span

    text = "I need the ultracentrifuge on 1 December at 8am, it'll take about 4 hours"
    taken = [Span("2026-12-01", 30, 40), Span("08:00", 44, 47), Span(4, 66, 73)]
    assert _without(text, taken) == "I need the ultracentrifuge"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("yesterday", WEDNESDAY - timedelta(days=1)),
        ("the day before yesterday", WEDNESDAY - timedelta(days=2)),
        ("this morning", WEDNESDAY),
        ("in 3 days", WEDNESDAY + timedelta(days=3)),
        ("in two weeks", WEDNESDAY + timedelta(days=14)),
        ("a week from now", WEDNESDAY + timedelta(days=7)),
        ("5 days ago", WEDNESDAY - timedelta(days=5)),
        ("on Christmas", date(2026, 12, 25)),
        ("New Year's Day", date(2027, 1, 1)),  # already past this year: the next one
        ("the summer solstice", date(2026, 6, 21)),
    ],
)
def test_relative_and_named_days_are_dates(text: str, expected: date) -> None:
    assert values(slots.dates(text, WEDNESDAY)) == [expected.isoformat()]


def test_a_length_of_days_is_not_a_date() -> None:
    assert slots.dates("it takes 3 days", WEDNESDAY) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("sunrise at 52.52°N 13.40°E", (52.52, 13.4)),
        ("sydney is at 33.87 S, 151.21 E", (-33.87, 151.21)),
        ("47°22′N 8°33′E", (47.3667, 8.55)),
        ("lat 64.15 lon -21.94", (64.15, -21.94)),
        ("the point 59.91, 10.75", (59.91, 10.75)),
        ("sunrise 35.68 139.69 2026-12-01", (35.68, 139.69)),
    ],
)
def test_coordinates_are_read_with_hemispheres_minutes_and_labels(text: str, expected: tuple[float, float]) -> None:
    found = slots.coordinates(text)
    assert found is not None and (found[0].value, found[1].value) == expected


@pytest.mark.parametrize(
    "text",
    ["task 3, 4", "add 12 and 15", "version 3.11 is out", "at 10:30, 11:00", "sd of 0.52 0.61 0.58", "1.2, 3.4, 5.5"],
)
def test_numbers_that_are_not_a_position_are_not_coordinates(text: str) -> None:
    assert slots.coordinates(text) is None


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("mean of 12.1, 11.8, 12.6", [[12.1, 11.8, 12.6]]),
        ("compare 1 2 3 vs 4 5 6", [[1, 2, 3], [4, 5, 6]]),
        ("control: 4.1, 4.3, 3.9 and treated: 5.0, 5.2, 4.8", [[4.1, 4.3, 3.9], [5.0, 5.2, 4.8]]),
        ("4.1, 4.3, 3.9 and 5.0, 5.2, 4.8", [[4.1, 4.3, 3.9], [5.0, 5.2, 4.8]]),
        ("the sum of 2, 4 and 9", [[2, 4, 9]]),
        ("at 10:30 the value was 7", []),
    ],
)
def test_number_lists_are_runs_of_numbers_split_where_the_writer_splits(text: str, expected: list) -> None:
    assert values(slots.number_lists(text)) == expected


def test_a_count_for_one_end_of_a_file_is_not_read_from_the_other_end() -> None:
    head = {"type": "number", "description": "If provided, returns only the first N lines of the file"}
    tail = {"type": "number", "description": "If provided, returns only the last N lines of the file"}
    assert slots.count_for("tail", tail, "read the first 5 lines") is None
    first = slots.count_for("head", head, "read the first 5 lines")
    assert first is not None and first.value == 5
    last = slots.count_for("tail", tail, "show the last 3 lines")
    assert last is not None and last.value == 3


def test_an_array_of_numbers_is_a_numbers_parameter() -> None:
    assert slots.kind_of("values", {"type": "array", "items": {"type": "number"}}) == "numbers"


PDB_ID = {"type": "string", "pattern": "^[0-9][A-Za-z0-9]{3}$", "description": "The PDB code, e.g. '1TUP'"}


def test_a_string_with_a_schema_pattern_is_read_by_that_pattern() -> None:
    assert slots.kind_of("pdb_id", PDB_ID) == "pattern"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("what's the resolution of 4hhb?", ["4hhb"]),
        ("rcsb.org/structure/6LU7 what is this one?", ["6LU7"]),
        ("compare 1CRN and 2LZM", ["1CRN", "2LZM"]),
        ("t-test on 1200 1350 in 2026", []),  # numbers: the example mixes digits and letters
        ("book it for 10am on 2026-12-03", []),  # a time of day and a date are never codes
        ("entry 1ABCD", []),  # a longer word only contains a match
    ],
)
def test_pattern_values_are_whole_words_of_the_request_that_match_the_schema_pattern(
    text: str, expected: list[str]
) -> None:
    assert values(slots.patterned(PDB_ID, text)) == expected


def test_a_pattern_value_keeps_its_inner_punctuation_but_not_the_sentence_s() -> None:
    doi = {"type": "string", "pattern": r"^10\.\d{4,9}/\S+$", "description": "bare DOI, e.g. '10.1038/nature12373'"}
    assert values(slots.patterned(doi, "and 10.1126/science.1225829?")) == ["10.1126/science.1225829"]


def test_a_misspelt_enum_option_is_read_when_it_is_one_or_two_letters_off() -> None:
    styles = ["apa", "mla", "chicago", "harvard", "vancouver", "bibtex"]
    assert slots.enum_value(styles, "format it chicgo style").value == "chicago"
    assert slots.enum_value(styles, "format it in havard").value == "harvard"
    assert slots.enum_value(styles, "format it in chocolate") is None


def test_a_function_word_option_right_before_another_option_is_its_determiner() -> None:
    methods = ["x-ray", "cryo-em", "nmr", "any"]
    assert slots.enum_value(methods, "any NMR structures of ubiquitin?").value == "nmr"
    assert slots.enum_value(methods, "structures of ubiquitin by any method").value == "any"
    assert slots.enum_value(["pending", "completed", "all"], "all my tasks, done or not").value == "all"


def test_an_enum_option_s_position_is_where_the_request_says_it() -> None:
    text = "6VXX — cryo-EM or crystal?"
    span = slots.enum_value(["x-ray", "cryo-em", "nmr", "any"], text)
    assert span is not None and text[span.start : span.end] == "cryo-EM"


def test_an_integer_described_as_how_much_is_a_count_not_an_item_number() -> None:
    quantity = {"type": "integer", "description": "How much, a whole number in unit, 1 to 1000"}
    assert slots.kind_of("quantity", quantity) == "count"


def test_an_enum_option_written_in_mixed_case_is_read_as_written() -> None:
    units = ["each", "g", "kg", "mL", "L"]
    assert slots.enum_value(units, "buy 100 mL Tween 20").value == "mL"
    assert slots.enum_value(units, "order 250 ml of it").value == "mL"
    assert slots.enum_value(units, "order 2 bottles of PBS") is None


def test_an_entity_does_not_start_with_the_verb_of_the_asking() -> None:
    assert values(slots.entity("buy Tween 20", frozenset())) == ["Tween 20"]
    assert values(slots.entity("book the plate reader", frozenset())) == ["plate reader"]  # only the first word


def test_a_head_made_only_of_framing_words_is_cut_when_no_framing_phrase_matches_as_written() -> None:
    log = slots.Framing(("add to today's log:", "log a note", "in my daily note"))
    assert slots.strip_framing("add to today's daily note that the PCR failed again", log) == "the PCR failed again"
    assert slots.strip_framing("log in my daily note that the run is back", log) == "the run is back"
    web = slots.Framing(("search the web for", "web search"))
    assert slots.strip_framing("could you do a web search on sea ice", web) == "sea ice"


def test_a_head_with_words_outside_the_framing_is_kept_as_content() -> None:
    log = slots.Framing(("add to today's log:", "log a note", "in my daily note"))
    assert slots.strip_framing("the PCR failed that morning again", log) == "the PCR failed that morning again"
    assert slots.strip_framing("buy the plates for the lab", slots.Framing(("add a task",))) == (
        "buy the plates for the lab"
    )


def test_times_of_day_said_in_words_are_read_as_clock_times() -> None:
    assert values(slots.time_of_day(slots.spoken_clock("at quarter past nine in the morning Boston time"))) == ["09:15"]
    assert values(slots.time_of_day(slots.spoken_clock("half three in the afternoon in Dublin"))) == ["15:30"]
    assert values(slots.time_of_day(slots.spoken_clock("twenty to one at night"))) == ["00:40"]
    assert values(slots.time_of_day(slots.spoken_clock("nine at night"))) == ["21:00"]


def test_number_words_that_are_not_a_clock_time_stay_as_written() -> None:
    for text in ["buy half three kilos", "I have three to do", "move 5 to 9", "one of the two"]:
        assert slots.spoken_clock(text) == text


def test_a_short_place_name_written_in_capitals_is_a_place_even_without_a_preposition() -> None:
    assert values(slots.zones("and to LA?")) == ["America/Los_Angeles"]
    assert values(slots.zones("la vie en rose")) == []


def test_a_question_asked_indirectly_is_a_question_and_a_plain_statement_is_not() -> None:
    assert is_question("I was wondering what the melting point of agarose is")
    assert is_question("do you know whether the library opens on Sunday")
    assert not is_question("I was wondering about it all day")
    assert not is_question("I love caffeine")


def test_two_enum_options_joined_by_and_are_both_asked_for_and_one_option_is_not_spread() -> None:
    options = ["pending", "completed", "all"]
    assert slots.enum_both(options, "show my finished tasks and the ones still open") == ["completed", "pending"]
    assert slots.enum_both(options, "show my completed tasks") == []
    assert slots.enum_both(options, "show completed tasks, not pending ones") == []


@pytest.mark.parametrize(("text", "expected"), [("twenty quid in euros", [20]), ("thirty-two pages", [32])])
def test_numbers_said_in_words_above_ten_are_numbers(text: str, expected: list[int]) -> None:
    assert values(slots.numbers(text)) == expected


def test_a_pack_size_is_not_part_of_the_item() -> None:
    assert values(slots.entity("pls send x 250ml HEPES", frozenset({"send"}))) == ["HEPES"]
    assert values(slots.entity("post to 10 Downing Street", frozenset({"post"}))) == ["10 Downing Street"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("find all csv files", "*.csv"),
        ("is there a .tex file somewhere in papers", "*.tex"),
        ("search for markdown documents", "*.md"),
        ("find *.bib under papers", "*.bib"),
        ("files called budget", "*budget*"),
    ],
)
def test_file_patterns_are_read_from_a_glob_a_file_type_or_a_name(text: str, expected: str) -> None:
    assert [s.value for s in slots.globs(text)] == [expected]
    assert slots.kind_of("pattern", {"type": "string"}) == "glob"


def test_words_that_are_no_file_type_give_no_pattern() -> None:
    assert slots.globs("find my old files") == []


@pytest.mark.parametrize(
    ("name", "prop", "text", "expected"),
    [
        ("dose_mg", {"type": "number"}, "give 1.5 g of it", 1500),
        ("sample", {"type": "number", "description": "Sample volume in microlitres"}, "take 2 mL", 2000),
        ("window_days", {"type": "integer"}, "anything in the next 3 months", 90),
        ("window_days", {"type": "integer"}, "over the next 2 weeks", 14),
        ("dose_mg", {"type": "number"}, "about 5 minutes", None),  # another dimension
    ],
)
def test_a_quantity_in_another_unit_is_converted_to_the_parameters_unit(
    name: str, prop: dict[str, object], text: str, expected: object
) -> None:
    span = slots.measured(name, prop, text)
    assert (span.value if span else None) == expected


def test_a_quantity_said_in_words_is_read_in_the_parameters_unit() -> None:
    volume = {"type": "number", "description": "Volume in microlitres"}
    assert slots.measured("volume", volume, "add three hundred and fifty microlitres").value == 350
    assert slots.measured("volume_ul", {"type": "number"}, "two hundred ul of it").value == 200
    assert slots.measured("within_days", {"type": "integer"}, "in the next six months").value == 180


def test_an_enum_option_with_a_number_is_named_in_words_or_with_a_sign() -> None:
    options = ["minus20", "minus80", "room_temp"]
    assert slots.enum_value(options, "put it in the minus twenty freezer").value == "minus20"
    assert slots.enum_value(options, "into the -80 please").value == "minus80"


def test_a_code_written_loosely_still_matches_the_parameters_pattern() -> None:
    prop = {"type": "string", "pattern": r"^[A-Z]{3}\d{6}$", "description": "Lot code, e.g. 'ABC123456'"}
    assert values(slots.patterned(prop, "status of lot abc123456")) == ["ABC123456"]
    assert values(slots.patterned(prop, "status of lot ABC 123 456?")) == ["ABC123456"]


def test_storage_units_in_a_description_do_not_make_free_text_a_unit() -> None:
    prop = {"type": "string", "description": "Free text matched against labels, owners and storage units"}
    assert slots.kind_of("query", prop) == "text"
    assert slots.kind_of("unit", {"type": "string", "description": "The unit"}) == "unit"


def test_a_yes_no_option_is_asked_for_by_one_of_the_things_its_description_lists() -> None:
    prop = {"type": "boolean", "description": "Also return the ancestry (genus, family, order, class) of each"}
    assert slots.described_flag(prop, "which order is the wren in", frozenset()).value is True
    assert slots.described_flag(prop, "what is the wren", frozenset()) is None


def test_a_lookups_free_text_loses_the_question_around_it() -> None:
    framing = slots.Framing((), frozenset({"vault", "packet", "label"}))
    assert slots.strip_framing("where did we put the barley seeds?", framing) == "barley seeds"
    assert slots.strip_framing("I need the rye from 2019 - which drawer is it in?", framing) == "rye from 2019"
    assert slots.strip_framing("look up the oat packets in the vault", framing) == "oat packets"


def test_an_enum_option_of_several_words_is_named_by_its_initials_in_capitals() -> None:
    options = ["any", "natural_language", "computer_vision"]
    assert slots.enum_value(options, "NLP workshops? no, CV ones").value == "computer_vision"
    assert slots.enum_value(options, "cv please") is None


def test_four_digits_are_a_time_only_on_their_own_not_inside_an_identifier() -> None:
    from agent_core.offline.slots import time_of_day

    assert [s.value for s in time_of_day("convert 0930 Berlin to Seoul")] == ["09:30"]
    assert time_of_day("put it in box BX-0117") == []


def test_a_bare_number_counted_by_the_word_after_it_is_a_quantity_not_an_item() -> None:
    assert [s.value for s in slots.ids("finish 4 pls")] == [4]
    assert [s.value for s in slots.ids("mark 2 and 6 done")] == [2, 6]
    assert slots.ids("change it to buy 3 litres of milk") == []
    assert slots.ids("add 4 tasks: a, b, c, d") == []


def test_a_greeting_word_inside_a_hyphenated_name_is_not_politeness() -> None:
    from agent_core.offline.slots import Framing, strip_framing

    assert strip_framing("search for Hi-C contact maps", Framing(("search for",))) == "Hi-C contact maps"
    assert strip_framing("hi, search for contact maps", Framing(("search for",))) == "contact maps"


def test_words_in_quotes_are_never_corrected_as_typos() -> None:
    from agent_core.offline.clauses import corrected

    assert corrected("google 'tidy facet grids' please") == "google 'tidy facet grids' please"


def test_one_after_another_or_the_is_a_pronoun_not_a_number() -> None:
    assert [s.value for s in slots.numbers("and another one for 40 minutes")] == [40]
    assert [s.value for s in slots.numbers("the one with 3 vials, and one more")] == [3, 1]


def test_trailing_politeness_goes_word_by_word_and_never_from_inside_a_word() -> None:
    from agent_core.offline.slots import Framing, strip_framing

    assert strip_framing("add a task to shovel snow", Framing(("add a task to",))) == "shovel snow"
    assert strip_framing("add a task to call Kim instead, thanks!", Framing(("add a task to",))) == "call Kim"


@pytest.mark.parametrize(
    ("name", "prop", "text", "expected"),
    [
        ("probe_kelvin", {"type": "number", "minimum": 50, "maximum": 500}, "the probe reads -20 °C", 253.15),
        ("probe_kelvin", {"type": "number"}, "it showed 50 °F", 283.15),
        ("probe_kelvin", {"type": "number"}, "note 300 K for it", 300),
        ("probe_kelvin", {"type": "number", "minimum": 50}, "tank B reads -5, note it", 268.15),  # bare: °C
        ("probe_kelvin", {"type": "number"}, "note a reading for probe 3", None),  # a name's number
        ("window_hours", {"type": "integer", "minimum": 1}, "over the last 3 days", 72),
        ("window_hours", {"type": "integer"}, "the past week of it", 168),
        ("pause_seconds", {"type": "integer"}, "it paused for 2 minutes", 120),
        ("year_from", {"type": "integer", "minimum": 1990}, "in the last five years", None),  # out of range
    ],
)
def test_temperatures_and_lengths_of_time_are_converted_to_the_parameters_unit(
    name: str, prop: dict[str, object], text: str, expected: object
) -> None:
    span = slots.measured(name, prop, text)
    assert (span.value if span else None) == expected


def test_a_negative_decimal_said_in_words_is_read_as_digits() -> None:
    assert slots.spoken_lengths("tank B reads minus twelve point five") == "tank B reads -12.5"


def test_a_tag_shaped_like_the_example_is_read_as_written_or_loosely_with_the_listed_letters() -> None:
    described = "The tank: its tag, e.g. 'TNK-01' (TNK tanks, CRY cryostats)"
    assert values(slots.shaped("TNK-01", "compare tnk 4 with TNK-12 and cry3", described)) == [
        "TNK-04",
        "TNK-12",
        "CRY-03",
    ]
    assert slots.shaped("TNK-01", "the one in room 118, last 12 hours", described) == []
    assert slots.strict_shape("TNK-01") and not slots.strict_shape("AAPL")


def test_a_persons_name_example_takes_capitalised_names_past_the_sentences_start() -> None:
    described = "Lecturer's surname, e.g. 'Curie'"
    assert values(slots.shaped("Curie", "When does Prof. Meitner lecture next Monday?", described)) == ["Prof. Meitner"]
    assert slots.shaped("Curie", "Is there anything on Monday in March?", described) == []
    assert slots.strict_shape("Curie", described) and not slots.strict_shape("Photosynthesis", "Article title")
    assert slots.shaped("Photosynthesis", "the article on Plate tectonics", "Article title") == []


@pytest.mark.parametrize(
    ("name", "text", "expected"),
    [
        ("year_from", "surveys since 2019", 2019),
        ("year_to", "surveys since 2019", None),
        ("year_from", "surveys between 2015 and 2018", 2015),
        ("year_to", "surveys between 2015 and 2018", 2018),
        ("year_to", "surveys that began before 2020", 2019),
        ("year_from", "surveys in 2021", 2021),
        ("year_to", "surveys in 2021", 2021),
        ("year_from", "surveys from twenty ten to twenty twelve", 2010),
        ("year_from", "surveys of the last three years", 2023),
    ],
)
def test_a_year_parameter_reads_its_end_of_a_range_of_years(name: str, text: str, expected: int | None) -> None:
    span = slots.year(name, {"type": "integer"}, text, date(2026, 5, 1))
    assert (span.value if span else None) == expected
    assert slots.kind_of(name, {"type": "integer"}) == "year"


def test_a_year_range_takes_the_words_the_description_uses_for_it() -> None:
    prop = {"type": "integer", "description": "Only surveys begun in this year or later"}
    span = slots.year("since", prop, "bird surveys begun in 2020", date(2026, 5, 1))
    assert span.value == 2020 and "bird surveys begun in 2020"[span.start :] == "begun in 2020"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("only the ones after New Year", date(2027, 1, 1)),
        ("talks from the 3rd on", date(2026, 2, 3)),  # the 3rd of this month is past
        ("talks from the 10th", date(2026, 1, 10)),
    ],
)
def test_new_year_and_a_day_of_the_month_after_a_preposition_are_dates(text: str, expected: date) -> None:
    assert values(slots.dates(text, WEDNESDAY)) == [expected.isoformat()]


def test_an_ordinal_of_a_listing_is_not_a_day_of_the_month() -> None:
    assert slots.dates("complete the 2nd task", WEDNESDAY) == []


def test_an_identifier_grouped_with_spaces_is_regrouped_like_the_example_and_is_no_clock_time() -> None:
    prop = {"type": "string", "pattern": r"^\d{4}-\d{4}-\d{3}[\dX]$", "description": "Member id, e.g. '0000-1234-5678'"}
    assert values(slots.patterned(prop, "member 0000 4321 8765 please")) == ["0000-4321-8765"]
    assert values(slots.patterned(prop, "who is member 0000-4321-876X?")) == ["0000-4321-876X"]
    assert slots.time_of_day("who is 0000-4321-8765?") == []


def test_a_number_inside_a_tag_is_never_a_count() -> None:
    assert slots.count_for("copies", {"type": "integer"}, "print PR-02 copies") is None
    assert slots.count_for("copies", {"type": "integer"}, "print 2 copies").value == 2


def test_only_in_a_yes_no_options_name_is_the_filter_not_its_topic() -> None:
    assert slots.flag("only_open", "show the open ones").value is True


def test_capitals_with_a_digit_are_an_abbreviation_but_not_a_tags_letters_or_a_compounds_tail() -> None:
    assert values(slots.shaped("ELISA", "what are PPE, LN2 and FRZ-01 in cryo-EM")) == ["PPE", "LN2"]


def test_trailing_politeness_does_not_hide_trailing_framing() -> None:
    from agent_core.offline.catalogue import catalogue
    from agent_core.offline.slots import Framing, strip_framing

    framing = Framing(catalogue().get("task_add").framing)
    assert strip_framing("put water the ferns on my list please", framing) == "water the ferns"
    assert strip_framing("add order gloves to my to-do list, thanks!", framing) == "order gloves"


def test_emoji_carry_no_value_and_are_dropped_before_anything_is_read() -> None:
    from agent_core.offline.clauses import corrected

    assert corrected("✨ could u add: water the orchids") == "could you add: water the orchids"
    assert corrected("new tasks:\n🧪 rinse the flasks\nlabel the tubes 🏷️") == (
        "new tasks:\n rinse the flasks\nlabel the tubes"
    )


def test_a_list_introduced_by_these_or_the_following_keeps_only_its_items() -> None:
    from agent_core.offline.catalogue import catalogue
    from agent_core.offline.slots import Framing, strip_framing

    framing = Framing(catalogue().get("task_add").framing)
    assert strip_framing("add these: sharpen the pencils", framing) == "sharpen the pencils"
    assert strip_framing("add the following - feed the fish", framing) == "feed the fish"


def test_a_typo_near_several_command_words_is_read_as_the_one_that_makes_a_framing_phrase() -> None:
    from agent_core.offline.clauses import corrected

    assert corrected("lok up the boiling point of hexane") == "look up the boiling point of hexane"
    assert corrected("tme in Lima?") == "time in Lima?"  # the word the clock capability cannot be asked without
    assert corrected("lol") == "lol" and corrected("wut") == "wut"  # short chat words stay


def test_a_clock_time_with_minutes_and_a_part_of_the_day_or_a_dot_is_read_as_said() -> None:
    assert values(slots.time_of_day(slots.spoken_clock("is 8:45 in the evening in Lima"))) == ["20:45"]
    assert values(slots.time_of_day("turn 18.45 Madrid time into Seoul time")) == ["18:45"]
    assert values(slots.time_of_day("the call is at 7.05 tomorrow")) == ["07:05"]
    for text in [
        "bench 2.14 in the annex",
        "it costs 4.20 euros",
        "pH 7.40",
        "convert 4.75 USD to EUR",
        "Lab 2.07, Graz",
    ]:  # numbers
        assert slots.time_of_day(text) == [], text


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("remind me 2 pay tom", "remind me to pay tom"),
        ("add 2 my list: get the bike fixed", "add to my list: get the bike fixed"),
        ("add pay rent n call landlord", "add pay rent and call landlord"),
        ("when is sunrise at 52.52°N 13.40°E", "when is sunrise at 52.52°N 13.40°E"),  # a hemisphere, not "and"
        ("I have 2,500 SEK", "I have 2,500 SEK"),  # a number, not "to"
        ("add 'pay n call' to my list", "add 'pay n call' to my list"),  # quoted words are the person's own
        ("U-2 OS cells", "U-2 OS cells"),
    ],
)
def test_texting_shorthand_is_written_out_only_as_whole_words(said: str, read: str) -> None:
    from agent_core.offline.clauses import corrected

    assert corrected(said) == read
