"""The offline planner is generic over the tools it is offered, and honest when none fits."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any, Literal

import pytest
from pydantic import Field
from pydantic_ai import ModelRetry
from pydantic_ai.toolsets import FunctionToolset

from agent_core.offline import PlannerConfig
from tests.planner_support import NOW, TaskStore, ask, conversation, planner_agent, time_tools, tool

pytestmark = pytest.mark.anyio


def clock_now(tz: str) -> dict[str, object]:
    """Return the current clock time for a time zone."""
    return {"timestamp": "2026-01-02T03:04:05+09:00", "timezone": tz, "unix_epoch": 1767290645}


def word_count(text: str) -> int:
    """Count the words in a text."""
    return len(text.split())


def get_air_quality(city: Annotated[str, Field(description="City name")]) -> dict[str, Any]:
    """Current air quality index and main pollutant for a city."""
    return {"city": city, "aqi": 153, "dominantPollutant": "pm25"}


def read_text_file(path: str) -> str:
    """Read the complete contents of a file from the file system as text."""
    return f"contents of {path}"


def list_directory(path: str) -> str:
    """Get a detailed listing of all files and directories in a specified path."""
    return f"[FILE] a.md (in {path})"


def agent(*tools: Any, config: PlannerConfig | None = None):
    return planner_agent(tools, config)


async def test_planner_uses_a_differently_named_time_tool_and_its_parameter_name() -> None:
    turn = await ask(agent(clock_now, word_count), "What time is it in Tokyo?")
    assert turn.calls == [("clock_now", {"tz": "Asia/Tokyo"})]
    assert turn.kinds == ["calls", "answer"]
    assert "03:04" in turn.answer and "Tokyo" in turn.answer
    assert turn.confidence >= 0.8


async def test_tools_offered_as_a_toolset_are_planned_the_same_way() -> None:
    turn = await ask(planner_agent(toolsets=[FunctionToolset([clock_now])]), "What time is it in Tokyo?")
    assert turn.calls == [("clock_now", {"tz": "Asia/Tokyo"})]
    assert "03:04" in turn.answer


async def test_without_a_time_tool_it_calls_nothing_and_says_what_it_can_do() -> None:
    turn = await ask(agent(word_count), "What time is it in Tokyo?")
    assert turn.calls == [] and turn.kinds == ["decline"]
    assert turn.confidence <= 0.2
    assert "count the words" in turn.answer.lower()  # what the connected tool does, from its description


async def test_without_a_time_tool_the_answer_names_the_missing_capability() -> None:
    turn = await ask(agent(word_count), "What time is it in Tokyo?")
    assert "current time" in turn.answer.lower()


async def test_unmapped_requests_get_an_honest_low_confidence_answer() -> None:
    turn = await ask(agent(clock_now), "What is the capital of France?")
    assert turn.calls == []
    assert turn.confidence <= 0.2
    assert "Paris" not in turn.answer
    assert "time" in turn.answer  # says what it can do with the live tools
    assert "MODEL=" in turn.answer + turn.output.reasoning  # and how to connect an LLM


async def test_failed_time_call_gives_zero_confidence_and_says_why() -> None:
    def get_time(timezone: str) -> dict[str, object]:
        """Get the current time in an IANA time zone."""
        raise ModelRetry("server crashed")

    turn = await ask(agent(get_time), "What time is it in Tokyo?")
    assert turn.calls == [("get_time", {"timezone": "Asia/Tokyo"})]
    assert turn.confidence == 0.0
    assert "server crashed" in turn.answer and "couldn't" in turn.answer


async def test_one_of_two_calls_failing_gives_partial_confidence() -> None:
    def get_time(timezone: str) -> dict[str, object]:
        """Get the current time in an IANA time zone."""
        if timezone == "Europe/Paris":
            raise ModelRetry("timed out")
        return {"timestamp": "2026-01-02T03:04:05+09:00", "timezone": timezone}

    turn = await ask(agent(get_time), "What time is it in Tokyo and Paris?")
    assert [args["timezone"] for _, args in turn.calls] == ["Asia/Tokyo", "Europe/Paris"]
    assert 0.0 < turn.confidence <= 0.5
    assert "03:04" in turn.answer and "timed out" in turn.answer


async def test_unreadable_timestamp_is_shown_as_returned_not_turned_into_a_time() -> None:
    def get_time(timezone: str) -> dict[str, object]:
        """Get the current time in an IANA time zone."""
        return {"timestamp": "yesterday-ish", "timezone": timezone}

    turn = await ask(agent(get_time), "What time is it in Tokyo?")
    assert "yesterday-ish" in turn.answer
    assert not re.search(r"\b\d{1,2}:\d{2}\b", turn.answer)  # no clock time invented


async def test_an_unknown_tools_result_is_reported_verbatim_with_the_call_in_the_reasoning() -> None:
    turn = await ask(agent(word_count), "count the words in 'a b'")
    assert turn.calls == [("word_count", {"text": "a b"})]
    assert turn.answer.strip() == "2"
    assert "word_count" in turn.output.reasoning and turn.confidence >= 0.8


async def test_an_unseen_tool_is_routed_by_its_description_and_filled_from_its_schema() -> None:
    turn = await ask(agent(get_air_quality, clock_now), "what's the air quality in Delhi?")
    assert turn.calls == [("get_air_quality", {"city": "Delhi"})]
    assert "153" in turn.answer and "pm25" in turn.answer
    assert turn.confidence >= 0.8


async def test_a_required_argument_the_request_does_not_give_is_asked_for_not_guessed() -> None:
    turn = await ask(agent(get_air_quality), "what's the air quality?")
    assert turn.calls == [] and turn.kinds == ["clarify"]
    assert "city" in turn.answer and turn.confidence <= 0.5


async def test_greetings_get_a_reply_built_from_the_live_tools_without_a_call() -> None:
    turn = await ask(agent(get_air_quality), "hello")
    assert turn.calls == [] and turn.kinds == ["chat"]
    assert "air quality" in turn.answer


async def test_help_lists_what_the_connected_tools_can_do() -> None:
    turn = await ask(agent(get_air_quality, *TaskStore().tools()), "what can you do?")
    assert turn.calls == [] and turn.kinds == ["chat"]
    assert "air quality" in turn.answer and "task" in turn.answer


async def test_an_action_no_tool_provides_is_declined_naming_what_is_missing() -> None:
    turn = await ask(agent(get_air_quality), "send an email to Bob")
    assert turn.calls == [] and turn.kinds == ["decline"]
    assert "email" in turn.answer and turn.confidence == 0.0


async def test_a_secret_in_the_message_is_never_stored_or_sent_anywhere() -> None:
    stored: list[str] = []

    def store_memory(content: str) -> str:
        """Store a research finding in the user's memory for later questions."""
        stored.append(content)
        return "ok"

    turn = await ask(agent(store_memory), "remember that my api key is sk-abcdefghijklmnop1234")
    assert turn.calls == [] and stored == []
    assert "secret" in turn.answer


async def test_a_statement_is_not_sent_to_a_public_web_search() -> None:
    def web_search(query: str) -> dict[str, object]:
        """Search the web and return matching pages, best first, each with title, url and snippet."""
        raise AssertionError("a statement must not reach the web")

    web = tool(web_search, readOnlyHint=True, openWorldHint=True)
    turn = await ask(agent(web), "I think the meeting with Anna went well")
    assert turn.calls == [] and turn.confidence <= 0.2
    for remark in ("the weather is nice today", "it's raining again"):  # about public things, still no question
        turn = await ask(agent(web), remark)
        assert turn.calls == [], remark


@pytest.mark.parametrize(
    "remark",
    [
        "Google Maps says 25 minutes to the airport but it never is",  # "google" opening a report is no order
        "Google Scholar lists 31k citations for AlphaFold, wild",
        "the weather app said rain but it's dry",
    ],
)
async def test_what_a_source_said_reported_is_not_sent_to_a_public_web_search(remark: str) -> None:
    def web_search(query: str) -> dict[str, object]:
        """Search the web and return matching pages, best first, each with title, url and snippet."""
        raise AssertionError("a report must not reach the web")

    turn = await ask(agent(tool(web_search, readOnlyHint=True, openWorldHint=True)), remark)
    assert turn.calls == []


async def test_a_report_of_a_forecast_does_not_look_the_forecast_up_but_a_request_does() -> None:
    def point_forecast(latitude: float, longitude: float) -> dict[str, object]:
        """Get the weather forecast for a location."""
        return {"latitude": latitude, "longitude": longitude, "periods": [{"name": "Today", "forecast": "Sunny"}]}

    forecast = tool(point_forecast, readOnlyHint=True)
    turn = await ask(agent(forecast), "the forecast said snow in Boulder but it's sunny here")
    assert turn.calls == []
    turn = await ask(agent(forecast), "what's the forecast for Boulder?")
    assert turn.calls == [("point_forecast", {"latitude": 40.01, "longitude": -105.27})]


async def test_a_failed_web_search_is_told_in_the_servers_plain_words_and_scores_zero() -> None:
    def web_search(query: str) -> dict[str, object]:
        """Search the web and return matching pages, best first, each with title, url and snippet."""
        raise ModelRetry("Web search is unavailable: this computer can't reach the engine right now. Check the link.")

    turn = await ask(
        agent(tool(web_search, readOnlyHint=True, openWorldHint=True)), "what is the boiling point of ethanol?"
    )
    assert turn.answer == (
        "I couldn't find this in your memory, and the web search didn't work just now: Web search is unavailable: "
        "this computer can't reach the engine right now. Check the link."
    )
    assert turn.confidence == 0.0


async def test_two_requests_in_one_message_run_in_order() -> None:
    store = TaskStore.with_titles("buy milk")
    turn = await ask(agent(*store.tools()), "add a task to buy bread and then show my list")
    assert [name for name, _ in turn.calls] == ["add_task", "list_tasks"]
    assert turn.calls[0][1]["title"].lower() == "buy bread"
    assert "buy bread" in turn.answer.lower() and "buy milk" in turn.answer.lower()


async def test_a_bare_add_before_and_is_a_request_of_its_own() -> None:
    store = TaskStore.with_titles("buy milk", "call the vet")
    turn = await ask(agent(*store.tools()), "add water the ferns and mark task 2 done")
    assert [name for name, _ in turn.calls] == ["add_task", "complete_task"]
    assert turn.calls[0][1]["title"].lower() == "water the ferns"


def test_a_number_or_ordinal_in_the_new_text_is_not_the_item() -> None:
    from datetime import date

    from pydantic_ai.tools import ToolDefinition

    from agent_core.offline.arguments import Context, fill
    from agent_core.offline.catalogue import catalogue

    update = ToolDefinition(
        name="update_task",
        description="Change a task's title or description",
        parameters_json_schema={
            "type": "object",
            "properties": {"task_id": {"type": "integer"}, "description": {"type": "string"}},
            "required": ["task_id"],
        },
    )
    context = Context(date(2026, 1, 5), last_id=7)
    filled = fill(update, "give it the description: 30 copies", catalogue().get("task_describe"), context)
    assert filled.args == {"task_id": 7, "description": "30 copies"}
    # A short head before the colon is a topic label, not a command and its new text: the number is the item's.
    filled = fill(update, "task: 3, description to re-check the dates", catalogue().get("task_describe"), context)
    assert filled.args["task_id"] == 3
    filled = fill(update, "add a note to it: first edition only", catalogue().get("task_describe"), context)
    assert filled.args == {"task_id": 7, "description": "first edition only"}


async def test_a_question_after_a_change_is_not_another_change() -> None:
    store = TaskStore.with_titles("buy milk")
    turn = await ask(
        agent(*store.tools(), *time_tools()), "add a task to ring the dentist; and what time is it in Oslo"
    )
    assert [name for name, _ in turn.calls] == ["add_task", "get_current_time"]


@pytest.mark.parametrize(
    ("text", "tool_name", "path"),
    [
        ("read notes/README.md", "read_text_file", "notes/README.md"),
        ("Read the file notes/paper.md", "read_text_file", "notes/paper.md"),
        ("show me `data/results.csv`", "read_text_file", "data/results.csv"),
        ("ls notes/", "list_directory", "notes"),
        ("what's in my notes folder?", "list_directory", "notes"),
        ("list the files in notes", "list_directory", "notes"),
        ("What files are in data?", "list_directory", "data"),
        ("ls papers", "list_directory", "papers"),
        ("list the files in data with their sizes", "list_directory", "data"),
        ("show me what's in notes/", "list_directory", "notes"),  # a trailing slash names a folder
        ("which files live under data/ ?", "list_directory", "data"),  # "?" ends the question: it is no pattern
        ("Please show me what there is in the folder papers.", "list_directory", "papers"),
    ],
)
async def test_file_requests_read_or_list_the_path_written(text: str, tool_name: str, path: str) -> None:
    turn = await ask(agent(read_text_file, list_directory), text)
    assert turn.calls == [(tool_name, {"path": path})]
    assert path in turn.answer


async def test_a_follow_up_for_the_other_end_of_a_file_counts_lines_and_drops_the_first_end() -> None:
    def read_lines(
        path: str,
        head: Annotated[
            int | None, Field(description="If provided, returns only the first N lines of the file")
        ] = None,
        tail: Annotated[int | None, Field(description="If provided, returns only the last N lines of the file")] = None,
    ) -> str:
        """Read a text file."""
        return f"lines of {path}"

    turn = await ask(agent(read_lines), "read the top 5 lines of data/results.csv, followed by the last 5")
    assert turn.calls == [
        ("read_lines", {"path": "data/results.csv", "head": 5}),
        ("read_lines", {"path": "data/results.csv", "tail": 5}),
    ]


@pytest.mark.parametrize("text", ["read a book about Tokyo", "What is in the news?", "Read more about history"])
async def test_reading_words_without_a_path_are_not_file_requests(text: str) -> None:
    turn = await ask(agent(read_text_file, list_directory), text)
    assert turn.calls == []


async def test_a_relative_path_is_read_under_the_configured_root(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    notes.mkdir()
    (notes / "a.md").write_text("x")
    config = PlannerConfig(file_roots=(notes,), clock=lambda: NOW)
    turn = await ask(agent(read_text_file, config=config), "read notes/a.md")
    assert turn.calls == [("read_text_file", {"path": str(notes / "a.md")})]


def test_relative_paths_resolve_against_the_roots(tmp_path: Path) -> None:
    notes = tmp_path / "notes"
    (notes / "sub").mkdir(parents=True)
    (notes / "a.md").write_text("x")
    config = PlannerConfig(file_roots=(notes,))
    assert config.resolve_path("a.md") == str(notes / "a.md")
    assert config.resolve_path("notes/a.md") == str(notes / "a.md")
    assert config.resolve_path("missing.md") == str(notes / "missing.md")
    assert config.resolve_path("/etc/hosts") == "/etc/hosts"
    assert PlannerConfig().resolve_path("rel.md") == "rel.md"


def directory_tree(path: str) -> str:
    """Get a recursive tree view of files and directories as a JSON structure."""
    import json

    notes = [{"name": "meeting-2026-11-20.md", "type": "file"}, {"name": "ideas.txt", "type": "file"}]
    return json.dumps(
        [
            {"name": "notes", "type": "directory", "children": notes},
            {"name": "papers", "type": "directory", "children": [{"name": "refs.bib", "type": "file"}]},
            {"name": "README.md", "type": "file"},
        ]
    )


def file_agent(tmp_path: Path):
    config = PlannerConfig(file_roots=(tmp_path,), clock=lambda: NOW)
    tools = [tool(read_text_file, readOnlyHint=True), tool(directory_tree, readOnlyHint=True)]
    return agent(*tools, config=config)


async def test_a_file_named_by_its_words_is_found_in_the_tree_and_read(tmp_path: Path) -> None:
    turn = await ask(file_agent(tmp_path), "show me the meeting notes from the 20th")
    assert turn.calls == [
        ("directory_tree", {"path": str(tmp_path)}),
        ("read_text_file", {"path": f"{tmp_path}/notes/meeting-2026-11-20.md"}),
    ]


async def test_a_bare_file_name_is_found_in_the_tree_wherever_it_is(tmp_path: Path) -> None:
    nested = await ask(file_agent(tmp_path), "open ideas.txt")
    assert nested.calls == [
        ("directory_tree", {"path": str(tmp_path)}),
        ("read_text_file", {"path": f"{tmp_path}/notes/ideas.txt"}),
    ]
    at_root = await ask(file_agent(tmp_path), "show me README.md")
    assert at_root.calls[-1] == ("read_text_file", {"path": f"{tmp_path}/README.md"})
    written = await ask(file_agent(tmp_path), "read notes/ideas.txt")  # a path as written needs no lookup
    assert written.calls == [("read_text_file", {"path": f"{tmp_path}/notes/ideas.txt"})]


@pytest.mark.parametrize("text", ["open my bibliography", "show me the bibtex file", "show me the BibTeX file"])
async def test_a_file_named_only_by_its_kind_is_the_one_file_of_that_kind(tmp_path: Path, text: str) -> None:
    turn = await ask(file_agent(tmp_path), text)
    assert turn.calls[-1] == ("read_text_file", {"path": f"{tmp_path}/papers/refs.bib"})


async def test_words_that_fit_several_files_are_asked_about_naming_them(tmp_path: Path) -> None:
    turn = await ask(file_agent(tmp_path), "read my notes")
    assert [name for name, _ in turn.calls] == ["directory_tree"]
    assert turn.kinds[-1] == "clarify"
    assert "notes/meeting-2026-11-20.md" in turn.answer and "notes/ideas.txt" in turn.answer


async def test_words_that_fit_no_file_ask_for_the_path(tmp_path: Path) -> None:
    turn = await ask(file_agent(tmp_path), "open the budget spreadsheet")
    assert [name for name, _ in turn.calls] == ["directory_tree"]
    assert turn.kinds[-1] == "clarify" and "path" in turn.answer


async def test_quoted_titles_joined_by_and_become_one_call_each() -> None:
    store = TaskStore()
    turn = await ask(agent(*store.tools()), "add 'write abstract' and 'submit poster' to my list")
    assert [(n, a.get("title")) for n, a in turn.calls] == [
        ("add_task", "write abstract"),
        ("add_task", "submit poster"),
    ]


def start_countdown(minutes: Annotated[int, Field(description="How many minutes")]) -> dict[str, Any]:
    """Start a countdown that rings after the given number of minutes."""
    return {"minutes": minutes, "started": True}


async def test_a_statement_never_triggers_a_new_tool_that_acts() -> None:
    acting = tool(start_countdown, readOnlyHint=False)
    assert (await ask(agent(acting), "the incubation takes 20 minutes")).calls == []
    assert (await ask(agent(acting), "start a countdown for 20 minutes")).calls == [
        ("start_countdown", {"minutes": 20})
    ]


def sun_times(
    latitude: Annotated[float, Field(description="Latitude in decimal degrees")],
    longitude: Annotated[float, Field(description="Longitude in decimal degrees")],
    date: Annotated[str, Field(description="Day, YYYY-MM-DD")],
) -> dict[str, Any]:
    """Sunrise and sunset for a position on a day."""
    return {"sunrise": "07:58", "sunset": "16:02"}


def compare_groups(
    group_a: Annotated[list[float], Field(description="Measurements of the first group")],
    group_b: Annotated[list[float], Field(description="Measurements of the second group")],
) -> dict[str, Any]:
    """Welch's t-test comparing the means of two groups of measurements."""
    return {"t": -7.1, "p": 0.002}


async def test_an_unseen_tool_takes_coordinates_written_with_hemispheres_and_a_relative_date() -> None:
    turn = await ask(agent(sun_times, get_air_quality), "when is sunrise at 52.52°N 13.40°E the day after tomorrow?")
    assert turn.calls == [("sun_times", {"latitude": 52.52, "longitude": 13.4, "date": "2026-01-09"})]


async def test_two_lists_of_numbers_go_to_two_list_parameters_in_the_order_written() -> None:
    turn = await ask(agent(compare_groups, get_air_quality), "compare the means of 4.1 4.3 3.9 vs 5.0 5.2 4.8")
    assert turn.calls == [("compare_groups", {"group_a": [4.1, 4.3, 3.9], "group_b": [5.0, 5.2, 4.8]})]


async def test_thanks_inside_a_request_does_not_turn_it_into_chat() -> None:
    turn = await ask(agent(get_air_quality, clock_now), "what's the air quality in Delhi? thanks!")
    assert turn.calls == [("get_air_quality", {"city": "Delhi"})]


def web_search(query: str) -> list[dict[str, str]]:
    """Search the web and return results with title, url and snippet."""
    return [{"title": "t", "url": "https://example.org", "snippet": query}]


async def test_a_question_that_carries_a_tools_numbers_asks_that_tool_not_the_web() -> None:
    turn = await ask(
        agent(compare_groups, web_search), "is there a significant difference between 4.1, 4.3, 3.9 and 5.0, 5.2, 4.8?"
    )
    assert turn.calls == [("compare_groups", {"group_a": [4.1, 4.3, 3.9], "group_b": [5.0, 5.2, 4.8]})]


async def test_a_question_without_numbers_still_goes_to_the_web() -> None:
    turn = await ask(agent(compare_groups, web_search), "is there a significant difference between mice and rats?")
    assert [name for name, _ in turn.calls] == ["web_search"]


def fetch_entry(
    code: Annotated[
        str,
        Field(
            description="Four-character accession code, e.g. '1TUP'",
            json_schema_extra={"pattern": "^[0-9][A-Za-z0-9]{3}$"},
        ),
    ],
) -> dict[str, Any]:
    """Fetch one deposited macromolecular structure: title, organism and method."""
    return {"code": code.upper(), "title": "Hemoglobin"}


def cite(
    doi: Annotated[str, Field(description="The work's DOI, bare, e.g. '10.1038/nature12373'")],
    style: Annotated[Literal["apa", "mla", "chicago", "bibtex"], Field(description="Citation style")] = "apa",
) -> dict[str, Any]:
    """Format the reference of a published work in a citation style."""
    return {"doi": doi, "style": style, "citation": "..."}


async def test_a_code_matching_a_tools_schema_pattern_asks_that_tool_not_the_web() -> None:
    turn = await ask(agent(fetch_entry, web_search), "tell me about 2lzm")
    assert turn.calls == [("fetch_entry", {"code": "2lzm"})]


async def test_a_follow_up_that_changes_one_argument_keeps_the_others_not_their_defaults() -> None:
    first, second = await conversation(
        agent(cite, web_search), "format 10.1038/nature12373 as bibtex", "and 10.1126/science.1225829?"
    )
    assert first.calls == [("cite", {"doi": "10.1038/nature12373", "style": "bibtex"})]
    assert second.calls == [("cite", {"doi": "10.1126/science.1225829", "style": "bibtex"})]


def stock_lookup(
    item: Annotated[str, Field(description="The reagent, by name or catalog number, e.g. 'PBS'")],
) -> dict[str, Any]:
    """Query the stockroom ledger for a reagent: on-hand quantity, location and expiry."""
    return {"item": item, "on_hand": 3}


def raise_purchase_order(
    item: Annotated[str, Field(description="The reagent to procure, e.g. 'DMSO'")],
    quantity: Annotated[int, Field(description="How much, a whole number in unit, 1 to 1000")],
) -> dict[str, Any]:
    """Raise a purchase order with the supplier to procure a reagent for the stockroom."""
    return {"po_number": "PO-1", "item": item, "quantity": quantity}


async def test_of_two_tools_that_take_the_same_value_the_one_whose_name_the_request_says_is_called() -> None:
    tools = (tool(stock_lookup), tool(raise_purchase_order, readOnlyHint=False))
    turn = await ask(agent(*tools), "order 2 bottles of PBS")
    assert turn.calls == [("raise_purchase_order", {"item": "PBS", "quantity": 2})]
    assert (await ask(agent(*tools), "do we still have PBS?")).calls == [("stock_lookup", {"item": "PBS"})]


def tide_table(
    lat: Annotated[float, Field(description="Latitude in decimal degrees")],
    lon: Annotated[float, Field(description="Longitude in decimal degrees")],
    day: Annotated[str, Field(description="Day, YYYY-MM-DD")],
) -> dict[str, Any]:
    """High and low tides at a coastal position on a day."""
    return {"high": ["06:10"], "low": ["12:25"]}


async def test_a_city_becomes_its_coordinates_and_a_lookup_without_a_day_is_for_today() -> None:
    turn = await ask(agent(tool(tide_table, readOnlyHint=True), get_air_quality), "tide table for Lisbon")
    assert turn.calls == [("tide_table", {"lat": 38.72, "lon": -9.13, "day": NOW.date().isoformat()})]


def book_slot(
    room: Annotated[str, Field(description="The room, e.g. 'Seminar 2'")],
    day: Annotated[str, Field(description="Day, YYYY-MM-DD")],
) -> dict[str, Any]:
    """Reserve a seminar room for a day."""
    return {"room": room, "day": day}


async def test_a_tool_that_acts_is_never_given_a_day_that_was_not_said() -> None:
    turn = await ask(agent(tool(book_slot, readOnlyHint=False)), "reserve the seminar room Seminar 2")
    assert turn.calls == [] and turn.kinds == ["clarify"]


def shelf_query(
    product: Annotated[str, Field(description="The product, by name or SKU, e.g. 'M8 bolts'")],
) -> dict[str, Any]:
    """Query the warehouse stockpile for a product: units on hand and bin location."""
    return {"product": product, "on_hand": 40}


def reorder(
    product: Annotated[str, Field(description="The product to reorder, e.g. 'M8 bolts'")],
    units: Annotated[int, Field(description="How many units")],
) -> dict[str, Any]:
    """Send a replenishment request for a product to the supplier."""
    return {"ticket": "R-1", "product": product, "units": units}


async def test_words_about_the_asking_and_heads_of_the_tools_own_compounds_are_not_the_item() -> None:
    tools = (tool(shelf_query, readOnlyHint=True), tool(reorder, readOnlyHint=False))
    turn = await ask(agent(*tools), "how many hex nuts have we got left in stock?")
    assert turn.calls == [("shelf_query", {"product": "hex nuts"})]


async def test_a_value_the_request_points_back_to_is_the_previous_calls_value_of_that_kind() -> None:
    tools = (tool(shelf_query, readOnlyHint=True), tool(reorder, readOnlyHint=False))
    first, second = await conversation(agent(*tools), "query the stockpile for hex nuts", "reorder 30 units of it")
    assert first.calls == [("shelf_query", {"product": "hex nuts"})]
    assert second.calls == [("reorder", {"product": "hex nuts", "units": 30})]


async def test_undoing_is_not_asked_of_a_tool_that_cannot_undo() -> None:
    tools = (tool(shelf_query, readOnlyHint=True), tool(reorder, readOnlyHint=False))
    turn = await ask(agent(*tools), "cancel the replenishment request R-1 for hex nuts")
    assert turn.calls == [] and turn.kinds == ["decline"]


async def test_thanks_that_names_a_tools_subject_is_chat() -> None:
    tools = (tool(shelf_query, readOnlyHint=True), tool(reorder, readOnlyHint=False))
    turn = await ask(agent(*tools), "thanks, that's all for the warehouse stockpile")
    assert turn.calls == [] and turn.kinds == ["chat"]


def find_images(
    query: Annotated[str, Field(description="What to look for")],
    licence: Annotated[Literal["any", "cc0", "cc-by"], Field(description="Licence filter")] = "any",
) -> dict[str, Any]:
    """Search a stock photo library for images."""
    return {"query": query, "licence": licence, "images": ["a.jpg"]}


async def test_only_narrows_the_previous_call() -> None:
    first, second = await conversation(
        agent(tool(find_images)), "search the photo library for lighthouses", "only the cc0 ones please"
    )
    assert first.calls == [("find_images", {"query": "lighthouses", "licence": "any"})]
    assert second.calls == [("find_images", {"query": "lighthouses", "licence": "cc0"})]


def paired_test(
    first: Annotated[list[float], Field(description="The first series of readings")],
    second: Annotated[list[float], Field(description="The second series of readings")],
    matched: Annotated[
        bool, Field(description="Whether both series come from the same plots, read in spring and again in autumn")
    ] = False,
    pooled: Annotated[bool, Field(description="Pool the variances (Student's test instead of Welch's)")] = False,
) -> dict[str, Any]:
    """Test whether two series of readings differ."""
    return {"p": 0.04}


async def test_a_yes_no_option_is_asked_for_by_what_its_description_says_it_is_for() -> None:
    turn = await ask(agent(tool(paired_test, readOnlyHint=True)), "the plots in spring 1 2 3 and in autumn 4 5 6")
    assert turn.calls == [("paired_test", {"first": [1, 2, 3], "second": [4, 5, 6], "matched": True})]
    welch = await ask(agent(tool(paired_test, readOnlyHint=True)), "Welch's test on 1 2 3 vs 4 5 6")
    assert welch.calls == [("paired_test", {"first": [1, 2, 3], "second": [4, 5, 6]})]


def summarize_readings(values: Annotated[list[float], Field(description="The readings")]) -> dict[str, Any]:
    """Mean and spread of one series of readings."""
    return {"mean": 2.0}


async def test_a_yes_no_option_said_in_words_does_not_keep_the_numbers_from_its_tool() -> None:
    tools = (tool(paired_test, readOnlyHint=True), tool(summarize_readings, readOnlyHint=True))
    turn = await ask(agent(*tools, web_search), "test the two series with pooled variances: 1 2 3 / 4 5 6")
    assert turn.calls == [("paired_test", {"first": [1, 2, 3], "second": [4, 5, 6], "pooled": True})]


async def test_sentences_that_give_one_lookups_values_between_them_make_one_call() -> None:
    turn = await ask(
        agent(tool(tide_table, readOnlyHint=True), web_search), "when is high tide tomorrow? we're at 38.69, -9.42"
    )
    assert turn.calls == [("tide_table", {"lat": 38.69, "lon": -9.42, "day": "2026-01-08"})]


def find_recipes(
    keywords: Annotated[str, Field(description="Words to look for in recipe titles, e.g. 'lentil soup'")],
    limit: Annotated[int, Field(description="How many hits at most, 1 to 20")] = 5,
) -> dict[str, Any]:
    """Search a cookbook collection."""
    return {"keywords": keywords, "hits": []}


async def test_a_number_right_after_list_is_how_many_and_list_is_not_what_is_searched() -> None:
    turn = await ask(agent(tool(find_recipes, readOnlyHint=True)), "list eight vegetarian dishes with aubergine")
    assert turn.calls == [("find_recipes", {"keywords": "vegetarian dishes with aubergine", "limit": 8})]


def moon_phase(
    latitude: Annotated[float, Field(description="Latitude in decimal degrees")],
    longitude: Annotated[float, Field(description="Longitude in decimal degrees")],
    date: Annotated[str, Field(description="The day, YYYY-MM-DD")],
) -> dict[str, Any]:
    """Almanac of a place and a day: lunar events and phase."""
    return {"moonrise": "18:02", "phase": "waxing gibbous"}


async def test_a_day_the_clock_tool_would_leave_unread_goes_to_a_tool_that_reads_it() -> None:
    tools = (*time_tools(), tool(moon_phase, readOnlyHint=True))
    turn = await ask(agent(*tools), "what time does the moon come up in Oslo on Friday?")
    assert turn.calls == [("moon_phase", {"latitude": 59.92, "longitude": 10.75, "date": "2026-01-09"})]


def test_renaming_one_quoted_name_to_another_keeps_only_the_new_one() -> None:
    from datetime import date

    from pydantic_ai.tools import ToolDefinition

    from agent_core.offline.arguments import Context, fill
    from agent_core.offline.catalogue import catalogue

    update = ToolDefinition(
        name="update_task",
        description="Change a task's title or description",
        parameters_json_schema={
            "type": "object",
            "properties": {"task_id": {"type": "integer"}, "title": {"type": "string"}},
            "required": ["task_id"],
        },
    )
    filled = fill(
        update, "retitle 'Feed fish' to 'Feed the fish'", catalogue().get("task_rename"), Context(date(2026, 1, 5))
    )
    assert filled.args.get("title") == "Feed the fish" and not filled.spread


async def test_and_also_remember_after_a_task_is_a_second_request() -> None:
    def store_memory(content: str) -> str:
        """Store a fact in the user's long-term memory for later questions."""
        return "stored"

    store = TaskStore.with_titles("buy milk")
    memory = tool(store_memory, readOnlyHint=False)
    turn = await ask(
        agent(*store.tools(), memory),
        "add a task to file taxes and remember that the accountant is hosted at Deloitte",
    )
    assert [name for name, _ in turn.calls] == ["add_task", "store_memory"]
    note = await ask(agent(*store.tools(), memory), "note to self: the centrifuge rotor is in drawer 3")
    assert note.calls == [("store_memory", {"content": "the centrifuge rotor is in drawer 3"})]


def test_a_clarification_names_items_without_titles_by_their_other_text_never_none() -> None:
    from agent_core.offline.replies import which_one

    timers = [{"id": 2, "label": "", "unit": "minutes"}, {"id": 1, "duration": 5}]
    assert which_one(timers, "timer") == "Which timer do you mean: 2 ‘minutes’ or 1? Tell me the number."
    tasks = [{"id": 2, "title": "Order pipettes"}, {"id": 5, "title": "Order reagents"}]
    assert which_one(tasks) == "Which task do you mean: 2 ‘Order pipettes’ or 5 ‘Order reagents’? Tell me the number."


def query_literature_index(query: Annotated[str, Field(description="Free-text search terms")]) -> dict[str, Any]:
    """Search the literature index for matching records."""
    return {"query": query, "records": []}


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("could you dig up literature records on insulin receptor", "insulin receptor"),
        (
            "search the literature index for recent work about the effect of caffeine on sleep",
            "effect of caffeine on sleep",
        ),
        ("query the literature index: effects of caffeine on sleep", "effects of caffeine on sleep"),
    ],
)
async def test_a_head_that_only_asks_is_cut_from_a_new_tools_search_terms(text: str, query: str) -> None:
    turn = await ask(agent(query_literature_index), text)
    assert [(name, args["query"].lower()) for name, args in turn.calls] == [("query_literature_index", query)]


async def test_each_line_of_a_message_is_its_own_request() -> None:
    def store_memory(content: str) -> str:
        """Store a fact in the user's long-term memory for later questions."""
        return "stored"

    turn = await ask(
        agent(tool(store_memory, readOnlyHint=False)),
        "remember that the autoclave needs 48h notice\nremember that the -80 in room 2 is full",
    )
    assert turn.calls == [
        ("store_memory", {"content": "the autoclave needs 48h notice"}),
        ("store_memory", {"content": "the -80 in room 2 is full"}),
    ]


def vault_search(
    query: Annotated[str, Field(description="Free text matched against packet labels and drawers, e.g. 'barley 2019'")],
) -> dict[str, Any]:
    """Search the seed vault's catalogue: each matching seed packet with its drawer, shelf and germination date."""
    return {"query": query, "packets": []}


def bank_seeds(
    lot: Annotated[str, Field(description="The seed lot's label, as written on the packet")],
    weight_mg: Annotated[float, Field(description="Weight in milligrams")],
    drawer: Annotated[Literal["cold4", "minus18"], Field(description="Drawer: cold4 or minus18")] = "cold4",
) -> dict[str, Any]:
    """Bank a new seed packet in the seed vault and assign it to a drawer."""
    return {"lot": lot, "weight_mg": weight_mg, "drawer": drawer}


def vault_agent():
    return agent(tool(vault_search, readOnlyHint=True), tool(bank_seeds, readOnlyHint=False))


async def test_a_question_goes_to_the_lookup_not_to_the_tool_that_writes() -> None:
    turn = await ask(vault_agent(), "where did we put the sorghum lot?")
    assert turn.calls == [("vault_search", {"query": "sorghum lot"})]
    turn = await ask(vault_agent(), "is the oat lot in the minus18 drawer or in cold4?")
    assert [c[0] for c in turn.calls] == ["vault_search"]


async def test_a_write_reads_its_quantity_in_another_unit_and_its_label_after_the_head() -> None:
    turn = await ask(vault_agent(), "store a new lot: wild barley lot 7, 1.5 g, into the minus eighteen drawer")
    assert turn.calls == [("bank_seeds", {"lot": "wild barley lot 7", "weight_mg": 1500, "drawer": "minus18"})]


def bird_names(
    names: Annotated[list[str], Field(description="Bird names, common or Latin, e.g. ['Troglodytes troglodytes']")],
) -> dict[str, Any]:
    """Resolve bird names to their accepted Latin binomial and common name."""
    return {"birds": names}


async def test_a_list_of_names_of_no_set_shape_takes_the_names_the_request_gives() -> None:
    turn = await ask(agent(tool(bird_names, readOnlyHint=True)), "latin names for the barn owl and the kestrel?")
    assert turn.calls == [("bird_names", {"names": ["barn owl", "kestrel"]})]


def log_note(text: Annotated[str, Field(description="The note's text")]) -> dict[str, Any]:
    """Append a timestamped line to today's daily note."""
    return {"logged": text}


async def test_a_head_that_reads_as_a_note_does_not_take_a_write_the_whole_message_fills() -> None:
    tools = (tool(vault_search, readOnlyHint=True), tool(bank_seeds, readOnlyHint=False), log_note)
    turn = await ask(agent(*tools), "log a new lot: wild barley lot 9, 2 g, into the minus eighteen drawer")
    assert turn.calls == [("bank_seeds", {"lot": "wild barley lot 9", "weight_mg": 2000, "drawer": "minus18"})]


def locate_material(
    query: Annotated[
        str, Field(description="Free text matched against tray labels, owners and cabinets, e.g. 'rat brain'")
    ],
) -> dict[str, Any]:
    """Search the lab's archive of stored biological material: which cabinet and shelf holds a tray."""
    return {"query": query, "matches": [{"tray": "T-1", "cabinet": "C2"}]}


def archive_material(
    label: Annotated[str, Field(description="What the tube holds, e.g. 'rat brain, animal 3'")],
    mass_mg: Annotated[float, Field(description="Mass in milligrams")],
) -> dict[str, Any]:
    """Add a tube of biological material to the archive."""
    return {"id": "A-1", "label": label, "mass_mg": mass_mg}


async def test_a_follow_up_with_a_new_noun_phrase_repeats_the_call_with_new_free_text() -> None:
    tools = (tool(locate_material, readOnlyHint=True), tool(archive_material, readOnlyHint=False), web_search)
    _, second = await conversation(agent(*tools), "where are the rat brain sections kept?", "and the heart ones?")
    assert second.calls == [("locate_material", {"query": "heart"})]
    _, second = await conversation(
        agent(*tools), "archive a tube: rat brain, animal 4, 30 mg", "and the same for animal 5"
    )
    assert [(n, a["mass_mg"], a["label"].strip(" ,")) for n, a in second.calls] == [
        ("archive_material", 30, "rat brain, animal 5")
    ]


def arrange_collection(
    address: Annotated[str, Field(description="Where to collect from")],
    date: Annotated[str, Field(description="Day, YYYY-MM-DD")],
    ready_time: Annotated[str, Field(description="When the parcels are ready, 24-hour HH:MM")],
) -> dict[str, Any]:
    """Have a van collect parcels from an address."""
    return {"id": "C-1", "address": address, "date": date, "ready_time": ready_time}


async def test_same_again_for_another_day_and_time_keeps_the_place() -> None:
    _, second = await conversation(
        agent(tool(arrange_collection, readOnlyHint=False), web_search),
        "have the van collect from Room 3.14 tomorrow at 10:00",
        "same again for Friday, but at 14:00",
    )
    assert second.calls == [
        ("arrange_collection", {"date": "2026-01-09", "ready_time": "14:00", "address": "Room 3.14"})
    ]


def meeting_details(acronym: Annotated[str, Field(description="The meeting's acronym, e.g. 'ICML'")]) -> dict[str, Any]:
    """Details of a scientific meeting: name, venue, dates and submission deadline."""
    return {"acronym": acronym}


async def test_two_values_after_the_same_preposition_are_two_lookups() -> None:
    turn = await ask(agent(tool(meeting_details, readOnlyHint=True), web_search), "deadline for ICML and for NeurIPS?")
    assert turn.calls == [("meeting_details", {"acronym": "ICML"}), ("meeting_details", {"acronym": "NeurIPS"})]


async def test_and_also_before_a_question_starts_a_second_request() -> None:
    tools = (tool(fetch_entry, readOnlyHint=True), get_air_quality, web_search)
    turn = await ask(agent(*tools), "can you tell me about 2lzm, and also what's the air quality in Paris")
    assert turn.calls == [("fetch_entry", {"code": "2lzm"}), ("get_air_quality", {"city": "Paris"})]


async def test_a_short_follow_up_never_rewrites_the_text_of_a_change_it_does_not_ask_for() -> None:
    stored: list[str] = []

    def store_memory(content: str) -> str:
        """Store a fact in the user's long-term memory for later questions."""
        stored.append(content)
        return "stored"

    memory = tool(store_memory, readOnlyHint=False)
    first, second = await conversation(agent(memory), "remember that the freezer is at -80", "and the fridge?")
    assert first.calls == [("store_memory", {"content": "the freezer is at -80"})]
    assert second.calls == [] and stored == ["the freezer is at -80"]


async def test_a_line_after_a_colon_or_one_that_asks_nothing_continues_the_line_before() -> None:
    def store_memory(content: str) -> str:
        """Store a fact in the user's long-term memory for later questions."""
        return "stored"

    memory = agent(tool(store_memory, readOnlyHint=False))
    after_colon = await ask(memory, "remember this:\nthe freezer is at -80")
    assert after_colon.calls == [("store_memory", {"content": "the freezer is at -80"})]
    continued = await ask(memory, "remember that the rotor is in drawer 3\nnext to the spare tips")
    assert continued.calls == [("store_memory", {"content": "the rotor is in drawer 3 next to the spare tips"})]


async def test_what_a_framing_phrase_leaves_of_a_head_before_a_colon_is_framing_too() -> None:
    turn = await ask(agent(tool(log_note, readOnlyHint=False)), "jot down a quick note: the autoclave is fixed")
    assert turn.calls == [("log_note", {"text": "the autoclave is fixed"})]


async def test_a_how_to_question_about_a_word_a_tool_uses_asks_for_knowledge_not_the_tool() -> None:
    def web_search(query: str) -> list[dict[str, str]]:
        """Search the web and return matching pages, best first, each with title, url and snippet."""
        return [{"title": "Sorting in Python", "url": "https://docs.example/sort", "snippet": "Use sorted()."}]

    tools = [*TaskStore.with_titles("buy milk").tools(), tool(web_search, readOnlyHint=True, openWorldHint=True)]
    knowledge = await ask(agent(*tools), "how do I sort a list in Python?")
    assert [name for name, _ in knowledge.calls] == ["web_search"]
    own = await ask(agent(*tools), "how can I see my list?")  # the person's own things: the tool shows them
    assert [name for name, _ in own.calls] == ["list_tasks"]


async def test_the_field_a_request_names_is_the_field_it_changes() -> None:
    store = TaskStore.with_titles("buy milk", "clean the bench")
    described = await ask(agent(*store.tools()), "change task 2's description to: wipe with ethanol first")
    assert described.calls == [("update_task", {"task_id": 2, "description": "wipe with ethanol first"})]
    renamed = await ask(agent(*store.tools()), "set task 1's title to buy oat milk")
    assert [(name, {k: str(v).lower() for k, v in args.items()}) for name, args in renamed.calls] == [
        ("update_task", {"task_id": "1", "title": "buy oat milk"})
    ]
    content = await ask(agent(*store.tools()), "add a note to task 2: update the title slide")  # content, not field
    assert content.calls == [("update_task", {"task_id": 2, "description": "update the title slide"})]


async def test_undo_in_words_points_to_the_apps_undo_and_never_becomes_a_task() -> None:
    store = TaskStore.with_titles("buy milk")
    for text in ("undo that", "oops, take that back"):
        turn = await ask(agent(*store.tools()), text)
        assert turn.calls == [] and "Undo" in turn.answer and "paias undo" in turn.answer, text
    turn = await ask(agent(*store.tools()), "add a task to undo the centrifuge settings")
    assert turn.calls == [("add_task", {"title": "Undo the centrifuge settings"})]


async def test_a_request_no_tool_can_do_is_declined_as_a_request_not_called_a_statement() -> None:
    for text, said in (
        ("buy a new centrifuge", "None of the connected tools can do that"),
        ("my centrifuge is new", "I read that as a statement"),
        ("my email is ana@lab.org", "I read that as a statement"),  # no e-mail to send: nothing is "missing"
    ):
        turn = await ask(agent(clock_now), text)
        assert turn.calls == [] and turn.answer.startswith(said), text


async def test_a_quantity_or_number_in_the_new_title_never_names_the_item() -> None:
    store = TaskStore.with_titles("buy milk", "call the vet", "book the van", "sweep the lab", "order tips")
    _, renamed, done = await conversation(
        agent(*store.tools()), "add a task to order gloves", "now rename it to order 3 boxes of gloves", "mark it done"
    )
    assert renamed.calls == [("update_task", {"task_id": 6, "title": "Order 3 boxes of gloves"})]
    assert done.calls == [("complete_task", {"task_id": 6})]
    _, bay = await conversation(agent(*store.tools()), "add a task to phone the workshop", "change it to phone bay 2")
    assert bay.calls == [("update_task", {"task_id": 7, "title": "Phone bay 2"})]
    counted = await ask(agent(*store.tools()), "add 2 tasks: defrost the freezer, label the racks")
    assert [name for name, _ in counted.calls] == ["add_task", "add_task"]
    assert (await ask(agent(*store.tools()), "finish 2 pls")).calls == [("complete_task", {"task_id": 2})]


async def test_a_framed_request_after_and_or_plus_is_a_request_of_its_own() -> None:
    def store_memory(content: str) -> str:
        """Store a fact in the user's long-term memory for later questions."""
        return "stored"

    store = TaskStore.with_titles("buy milk")
    tools = agent(*store.tools(), tool(store_memory, readOnlyHint=False), log_note)
    turn = await ask(tools, "remind me to ask Kim and Lee about the rota and log a note: rota agreed by J. Smith")
    assert [name for name, _ in turn.calls] == ["add_task", "log_note"]
    assert turn.calls[0][1]["title"].lower() == "ask kim and lee about the rota"
    assert turn.calls[1][1] == {"text": "rota agreed by J. Smith"}
    turn = await ask(tools, "remember that the autoclave is booked + add a task to refill the tip boxes")
    assert turn.calls[0] == ("store_memory", {"content": "the autoclave is booked"})
    assert [name for name, _ in turn.calls] == ["store_memory", "add_task"]
    turn = await ask(tools, "add refill the tip boxes and then show everything")
    assert [name for name, _ in turn.calls] == ["add_task", "list_tasks"]


@pytest.mark.parametrize(
    ("text", "titles"),
    [
        ("add label the racks, defrost the freezer and sweep the floor", ["label the racks", "defrost the freezer", "sweep the floor"]),
        ("plz add: call the dean, book the bus, pay the caterer", ["call the dean", "book the bus", "pay the caterer"]),
        ("new todos:\nring the dean\nbook the bus\npay the caterer", ["ring the dean", "book the bus", "pay the caterer"]),
        ("add these tasks: ring Kim and Lee, book the bus, pay the caterer", ["ring kim and lee", "book the bus", "pay the caterer"]),
        ("add pay rent and also the phone bill", ["pay rent", "the phone bill"]),
        ("put renew the badge on the list, and the parking permit too", ["renew the badge", "the parking permit"]),
        ("remind me to water the ferns on Monday, and again on Friday", ["water the ferns on monday", "water the ferns on friday"]),
        ("remind me to phone Kim and Lee too", ["phone kim and lee too"]),
    ],
)  # fmt: skip
async def test_a_list_of_titles_is_one_task_each(text: str, titles: list[str]) -> None:
    store = TaskStore.with_titles("buy milk")
    turn = await ask(agent(*store.tools()), text)
    assert [(name, args["title"].lower()) for name, args in turn.calls] == [("add_task", t) for t in titles]


async def test_a_status_word_in_a_question_filters_a_listing_and_changes_nothing() -> None:
    store = TaskStore.with_titles("buy milk", "call the vet")
    store.complete_task(1)
    turn = await ask(agent(*store.tools()), "anything finished yet?")
    assert turn.calls == [("list_tasks", {"status": "completed"})]
    _, turn = await conversation(agent(*store.tools()), "what is left to do?", "and the done ones?")
    assert turn.calls == [("list_tasks", {"status": "completed"})]
    assert (await ask(agent(*store.tools()), "complete task 2?")).calls == [("complete_task", {"task_id": 2})]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("add a todo to ring the bank", "ring the bank"),
        ("add task to renew the badge", "renew the badge"),
        ("todo – renew the badge (blue one)", "renew the badge (blue one)"),
        ("to-do - ring the bank", "ring the bank"),
        ("add ring the bank instead, please", "ring the bank"),
    ],
)
async def test_framing_before_to_or_a_dash_is_not_part_of_the_title(text: str, title: str) -> None:
    turn = await ask(agent(*TaskStore().tools()), text)
    assert [(name, args["title"].lower()) for name, args in turn.calls] == [("add_task", title)]


async def test_a_detail_introduced_by_that_is_the_new_description() -> None:
    store = TaskStore.with_titles("buy milk", "renew the visa")
    turn = await ask(agent(*store.tools()), "for the visa task, add the detail that it needs two photos")
    assert turn.calls[-1] == ("update_task", {"task_id": 2, "description": "it needs two photos"})


async def test_the_one_after_or_before_it_is_its_neighbour_in_the_list_last_shown() -> None:
    store = TaskStore.with_titles("buy milk", "call the vet", "book the van", "sweep the lab")
    *_, turn = await conversation(
        agent(*store.tools()), "show my tasks", "finish the second one", "and the one after it"
    )
    assert turn.calls == [("complete_task", {"task_id": 3})]
    *_, turn = await conversation(
        agent(*store.tools()), "show my tasks", "complete task 4", "rename the task before it to book the bus"
    )
    assert turn.calls == [("update_task", {"task_id": 3, "title": "Book the bus"})]


async def test_for_the_record_and_fyi_lead_in_what_is_to_be_kept() -> None:
    def store_memory(content: str) -> str:
        """Store a fact in the user's long-term memory for later questions."""
        return "stored"

    turn = await ask(agent(store_memory), "FYI: the spare keys for the cold room are in my desk. remember that")
    assert turn.calls == [("store_memory", {"content": "the spare keys for the cold room are in my desk"})]


async def test_a_follow_up_that_changes_both_of_two_alike_parameters_keeps_both() -> None:
    def storage_check(
        chemical_a: Annotated[str, Field(description="First chemical name")],
        chemical_b: Annotated[str, Field(description="Second chemical name")],
    ) -> dict[str, object]:
        """Check whether two chemicals can be stored together."""
        return {"compatible": False}

    *_, turn = await conversation(
        agent(storage_check), "can I store bleach with ammonia?", "what about bleach and vinegar?"
    )
    assert turn.calls == [("storage_check", {"chemical_a": "bleach", "chemical_b": "vinegar"})]


async def test_an_ordinal_from_the_end_and_a_rename_said_late_in_the_sentence_refer_to_the_list_shown() -> None:
    store = TaskStore.with_titles("buy milk", "call the vet", "book the van", "sweep the lab")
    *_, turn = await conversation(agent(*store.tools()), "show my tasks", "mark the second to last one as complete")
    assert turn.calls == [("complete_task", {"task_id": 3})]
    *_, turn = await conversation(
        agent(*store.tools()), "show my tasks", "number two on there can be renamed to call the dentist"
    )
    assert turn.calls == [("update_task", {"task_id": 2, "title": "Call the dentist"})]


async def test_a_number_in_a_statement_to_remember_never_completes_a_task() -> None:
    def store_memory(content: str) -> str:
        """Store a fact in the user's long-term memory for later questions."""
        return "stored"

    def save_fact(fact: str) -> str:
        """Save a fact to the facts file."""
        return "saved"

    store = TaskStore.with_titles("buy milk", "call the vet", "book the van")
    tools = agent(*store.tools(), tool(store_memory, readOnlyHint=False), tool(save_fact, readOnlyHint=False))
    turn = await ask(tools, "remember the freezer in room 3 is broken")
    assert "complete_task" not in [name for name, _ in turn.calls], turn.calls


async def test_a_folder_listing_that_says_no_file_word_is_still_a_listing() -> None:
    store = TaskStore.with_titles("buy milk")
    turn = await ask(agent(*store.tools(), read_text_file, list_directory), "list everything under notes")
    assert [name for name, _ in turn.calls] == ["list_directory"]


def patent_filings(
    query: Annotated[str, Field(description="Subject words, e.g. 'solid-state battery'")],
    filed_from: Annotated[int | None, Field(description="Only patents filed in this year or later, e.g. 2015")] = None,
    filed_to: Annotated[int | None, Field(description="Only patents filed in this year or earlier, e.g. 2020")] = None,
    granted_only: Annotated[bool, Field(description="True to keep only granted patents")] = False,
) -> dict[str, Any]:
    """The national register of filed patents, by subject, within an optional range of filing years."""
    return {"query": query, "filed_from": filed_from, "filed_to": filed_to, "granted_only": granted_only}


async def test_a_new_open_world_search_takes_a_bare_topic_and_its_year_range_but_not_a_statement() -> None:
    register = tool(patent_filings, readOnlyHint=True, openWorldHint=True)
    turn = await ask(agent(register), "granted patents on solid-state batteries filed since 2018")
    assert turn.calls == [
        ("patent_filings", {"query": "solid-state batteries", "filed_from": 2018, "granted_only": True})
    ]
    turn = await ask(agent(register), "patents on graphene between 2010 and 2014")
    assert turn.calls[0][1] | {"query": "graphene"} == {"query": "graphene", "filed_from": 2010, "filed_to": 2014}
    for remark in ("We finally filed our patent!!", "The patent office was really slow."):
        turn = await ask(agent(register), remark)
        assert turn.calls == [], remark


def log_tank_pressure(
    tank: Annotated[str, Field(description="The tank's tag, e.g. 'TNK-01' (TNK gas tanks, CRY cryostats)")],
    pressure_kpa: Annotated[float, Field(description="The pressure read off the gauge, in kPa")],
) -> dict[str, Any]:
    """Write a gauge reading into a gas tank's pressure log."""
    return {"tank": tank, "pressure_kpa": pressure_kpa}


def show_tank_pressure(
    tank: Annotated[str, Field(description="The tank's tag, e.g. 'TNK-01' (TNK gas tanks, CRY cryostats)")],
    hours: Annotated[int, Field(description="How far back, in hours (default 24)", ge=1, le=720)] = 24,
) -> dict[str, Any]:
    """Pressure history of one gas tank over a trailing window of hours."""
    return {"tank": tank, "hours": hours}


async def test_a_tag_is_read_loosely_and_never_guessed_from_other_words() -> None:
    tanks = [tool(log_tank_pressure, readOnlyHint=False), tool(show_tank_pressure, readOnlyHint=True)]
    turn = await ask(agent(*tanks), "pressure history of tnk 4 over the last 2 days")
    assert turn.calls == [("show_tank_pressure", {"tank": "TNK-04", "hours": 48})]
    turn = await ask(agent(*tanks), "log 212 kPa in the tank log")
    assert turn.calls == [] and turn.kinds == ["clarify"]  # which tank: never the word "log"


def expand_initialisms(
    terms: Annotated[list[str], Field(description="Abbreviations, one per item, e.g. ['LASER', 'RADAR']")],
) -> dict[str, Any]:
    """Spell out initialisms from a controlled vocabulary, with what each letter stands for."""
    return {"terms": terms}


def lookup_standard(
    code: Annotated[str, Field(description="Standard's short code, e.g. 'ISO'")],
) -> dict[str, Any]:
    """Details of a technical standards body: its full name, its seat and its committees."""
    return {"code": code}


async def test_a_list_parameter_shaped_like_its_example_is_evidence_like_a_single_one() -> None:
    turn = await ask(agent(expand_initialisms, lookup_standard), "what's SONAR short for")
    assert turn.calls == [("expand_initialisms", {"terms": ["SONAR"]})]


def find_lectures(
    lecturer: Annotated[str | None, Field(description="Lecturer's surname, e.g. 'Curie' (optional)")] = None,
    subject: Annotated[str | None, Field(description="Subject words, e.g. 'optics' (optional)")] = None,
    level: Annotated[Literal["any", "intro", "advanced"], Field(description="Course level")] = "any",
) -> dict[str, Any]:
    """The faculty's lecture programme, filtered by lecturer, subject and level (all optional)."""
    return {"lecturer": lecturer, "subject": subject, "level": level}


def list_courses(
    level: Annotated[Literal["any", "intro", "advanced"], Field(description="Course level")] = "any",
) -> dict[str, Any]:
    """Courses offered this term by level."""
    return {"level": level}


async def test_a_name_parameter_takes_a_name_and_a_default_said_as_a_determiner_is_no_choice() -> None:
    turn = await ask(agent(find_lectures, list_courses), "any lectures on optics by Prof. Meitner?")
    assert turn.calls == [("find_lectures", {"lecturer": "Prof. Meitner", "subject": "optics", "level": "any"})]


def reserve_bench(
    bench_id: Annotated[str, Field(description="The bench, 'B-' and two digits, e.g. 'B-07'", pattern=r"^B-\d{2}$")],
    holder_email: Annotated[
        str, Field(description="Who reserves it, an email address", json_schema_extra={"format": "email"})
    ],
) -> dict[str, Any]:
    """Hold one workbench of the shared lab for a named address."""
    return {"bench_id": bench_id, "holder_email": holder_email}


async def test_a_code_matching_a_tools_own_pattern_is_evidence_even_before_the_rest_is_given() -> None:
    turn = await ask(agent(tool(reserve_bench, readOnlyHint=False), word_count), "sign me up for B-07")
    assert turn.calls == [] and turn.kinds == ["clarify"] and "email" in turn.answer


def resolve_isni(
    isni: Annotated[
        str, Field(description="The ISNI, e.g. '0000-0001-2345-6789'", pattern=r"^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$")
    ],
) -> dict[str, Any]:
    """Public record behind a persistent name identifier: name, dates and works."""
    return {"isni": isni}


async def test_an_identifier_grouped_with_spaces_reaches_its_tool_and_a_missing_one_is_asked_for() -> None:
    def web_search(query: str) -> dict[str, object]:
        """Search the web and return matching pages, best first, each with title, url and snippet."""
        raise AssertionError("the ISNI tool was asked for")

    web = tool(web_search, readOnlyHint=True, openWorldHint=True)
    turn = await ask(agent(tool(resolve_isni, readOnlyHint=True), web), "what is my ISNI?")
    assert turn.calls == [] and turn.kinds == ["clarify"]
    turn = await ask(agent(tool(resolve_isni, readOnlyHint=True), web), "look up ISNI 0000 0001 2345 6789")
    assert turn.calls == [("resolve_isni", {"isni": "0000-0001-2345-6789"})]


def spell_out(
    terms: Annotated[list[str], Field(description="Abbreviations, one per item, e.g. ['LASER', 'RADAR']")],
    domain: Annotated[
        Literal["any", "physics", "aviation"], Field(description="Only meanings from this domain")
    ] = "any",
) -> dict[str, Any]:
    """Spell out initialisms from a controlled vocabulary, optionally restricted to one domain."""
    return {"terms": terms, "domain": domain}


async def test_a_follow_up_opening_with_just_narrows_the_previous_call() -> None:
    first, second = await conversation(
        agent(spell_out), "what does SONAR stand for?", "just the aviation meaning please"
    )
    assert first.calls == [("spell_out", {"terms": ["SONAR"], "domain": "any"})]
    assert second.calls == [("spell_out", {"terms": ["SONAR"], "domain": "aviation"})]


async def test_a_length_said_as_one_unit_is_read_in_the_parameters_unit() -> None:
    turn = await ask(agent(tool(show_tank_pressure, readOnlyHint=True)), "pressure history of TNK-02 for the past day")
    assert turn.calls == [("show_tank_pressure", {"tank": "TNK-02", "hours": 24})]
    turn = await ask(agent(tool(show_tank_pressure, readOnlyHint=True)), "pressure history of TNK-02 over an hour")
    assert turn.calls == [("show_tank_pressure", {"tank": "TNK-02", "hours": 1})]


async def test_a_short_clause_pointing_back_to_a_new_servers_write_is_not_a_second_write() -> None:
    notes: list[str] = []

    def log_note(text: Annotated[str, Field(description="What to write down")]) -> str:
        """Append a note to today's daily note (a Markdown file, Obsidian style)."""
        notes.append(text)
        return "ok"

    tools = [tool(log_tank_pressure, readOnlyHint=False), tool(log_note, readOnlyHint=False)]
    turn = await ask(agent(*tools), "TNK-02 reads 212 kPa, log it pls")
    assert turn.calls == [("log_tank_pressure", {"tank": "TNK-02", "pressure_kpa": 212})] and notes == []


async def test_a_counted_list_of_things_is_one_task_each_and_a_terse_status_lists() -> None:
    store = TaskStore.with_titles("buy milk")
    turn = await ask(
        agent(*store.tools()), "could you put three things on my list: wash the flasks, feed the fish, and email Ana"
    )
    assert [args["title"].lower() for _, args in turn.calls] == ["wash the flasks", "feed the fish", "email ana"]
    listed = await ask(agent(*store.tools()), "show finished")
    assert listed.calls == [("list_tasks", {"status": "completed"})]


async def test_each_verb_keeps_its_own_ids_when_two_commands_share_one_sentence() -> None:
    store = TaskStore.with_titles("a", "b", "c", "d", "e")
    turn = await ask(agent(*store.tools()), "finish 1 and 3 and remove 5")
    assert turn.calls == [
        ("complete_task", {"task_id": 1}),
        ("complete_task", {"task_id": 3}),
        ("delete_task", {"task_id": 5}),
    ]


async def test_a_request_that_shares_a_verb_with_a_task_title_does_not_complete_it() -> None:
    store = TaskStore.with_titles("Print the seminar flyers", "Book the cold room")
    printed = await ask(agent(*store.tools()), "print the poster")
    booked = await ask(agent(*store.tools()), "the cold room is booked")
    ticked = await ask(agent(*store.tools()), "task two: done")  # what the head names is not the request
    assert not any(name == "complete_task" for name, _ in printed.calls)
    assert booked.calls[-1] == ("complete_task", {"task_id": 2})
    assert ticked.calls == [("complete_task", {"task_id": 2})]


@pytest.mark.parametrize(
    "text",
    [
        "add these tasks:\n1. email Ana\n2. sort the slides\n3. buy stamps",
        "I need to 1) email Ana 2) sort the slides 3) buy stamps",
        "todo:\n- email Ana\n- sort the slides\n- buy stamps",
        "todo: email Ana, sort the slides, and buy stamps",
    ],
)
async def test_a_list_with_markers_or_after_a_colon_becomes_one_task_per_item(text: str) -> None:
    store = TaskStore.with_titles("Book the microscope")
    turn = await ask(agent(*store.tools()), text)
    assert [(n, a.get("title", "").lower()) for n, a in turn.calls] == [
        ("add_task", "email ana"),
        ("add_task", "sort the slides"),
        ("add_task", "buy stamps"),
    ]


async def test_one_bracketed_number_a_bare_and_or_a_list_of_nouns_stays_one_title() -> None:
    store = TaskStore()
    marked = await ask(agent(*store.tools()), "add task: order 2) pipettes")
    joined = await ask(agent(*store.tools()), "todo: buy milk and fresh eggs")
    groceries = await ask(agent(*store.tools()), "todo: buy apples, pears, and plums")
    assert [a["title"].lower() for _, a in marked.calls] == ["order 2) pipettes"]
    assert [a["title"].lower() for _, a in joined.calls] == ["buy milk and fresh eggs"]
    assert [a["title"].lower() for _, a in groceries.calls] == ["buy apples, pears, and plums"]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("remind me tomorrow to water the ferns", "water the ferns tomorrow"),
        ("remind me on Thursday at 4pm to call the landlord", "call the landlord on thursday at 4pm"),
        ("remind me later to back up the laptop", "back up the laptop later"),
        ("remind me Sara wants to talk", "sara wants to talk"),
    ],
)
async def test_when_said_before_the_task_goes_after_it(text: str, title: str) -> None:
    store = TaskStore()
    turn = await ask(agent(*store.tools()), text)
    assert [(n, a["title"].lower()) for n, a in turn.calls] == [("add_task", title)]


@pytest.mark.parametrize(
    ("text", "content"),
    [
        ("the spare key is with Dana, please remember that", "the spare key is with dana"),
        ("our lab meeting moved to room 12 - keep it in mind", "our lab meeting moved to room 12"),
        ("Ravi is vegetarian. Store this for later.", "ravi is vegetarian"),
    ],
)
async def test_a_request_to_keep_it_said_after_what_to_keep_stores_what_came_before(text: str, content: str) -> None:
    def store_memory(content: str) -> str:
        """Store a fact in the user's long-term memory for later questions."""
        return "stored"

    turn = await ask(agent(tool(store_memory, readOnlyHint=False), *TaskStore().tools()), text)
    assert [(name, args["content"].lower()) for name, args in turn.calls] == [("store_memory", content)]


async def test_the_first_or_last_few_of_a_listing_are_that_many_items() -> None:
    store = TaskStore.with_titles("a", "b", "c", "d", "e")
    *_, last = await conversation(agent(*store.tools()), "show my tasks", "remove the last two")
    *_, first = await conversation(agent(*store.tools()), "list my tasks", "tick off the first 3")
    assert last.calls == [("delete_task", {"task_id": 4}), ("delete_task", {"task_id": 5})]
    assert first.calls == [("complete_task", {"task_id": i}) for i in (1, 2, 3)]


@pytest.mark.parametrize(
    "text", ["push the microscope booking task to Wednesday", "change the due date of task 1 to next Friday"]
)
async def test_a_day_for_an_item_that_keeps_no_date_is_asked_about_never_written_as_its_text(text: str) -> None:
    store = TaskStore.with_titles("Book the microscope")
    turn = await ask(agent(*store.tools()), text)
    assert [name for name, _ in turn.calls if name != "list_tasks"] == [] and turn.kinds[-1] == "clarify"
    assert "no date" in turn.answer and store.tasks[1]["title"] == "Book the microscope"


async def test_a_state_said_with_not_before_it_is_the_other_state() -> None:
    store = TaskStore.with_titles("buy milk")
    turn = await ask(agent(*store.tools()), "list the tasks I haven't done yet")
    assert turn.calls == [("list_tasks", {"status": "pending"})]


def find_files(
    glob: Annotated[str, Field(description="Glob pattern the file names must match")],
) -> dict[str, Any]:
    """Find files whose names match a glob pattern."""
    return {"glob": glob, "files": []}


async def test_a_topic_said_in_words_becomes_a_glob_around_it() -> None:
    turn = await ask(agent(find_files), "search my files for anything about reagents")
    assert turn.calls == [("find_files", {"glob": "*reagents*"})]


async def test_as_three_separate_tasks_says_how_to_add_them_and_is_no_part_of_a_title() -> None:
    store = TaskStore()
    turn = await ask(agent(*store.tools()), "add milk, eggs and bread as three separate tasks")
    assert [args["title"].lower() for name, args in turn.calls] == ["milk", "eggs", "bread"]
    assert sorted(t["title"].lower() for t in store.tasks.values()) == ["bread", "eggs", "milk"]  # run together


async def test_the_way_to_keep_the_day_that_the_question_suggests_works() -> None:
    store = TaskStore.with_titles("Book the microscope")
    agent_ = agent(*store.tools())
    first = await ask(agent_, "change the due date of task 1 to next Friday")
    suggested = re.search(r"“(.+?)”", first.answer)
    assert suggested is not None and suggested.group(1) == "add a note to task 1: due next Friday"
    await ask(agent_, suggested.group(1), first.messages)
    assert store.tasks[1] == {**store.tasks[1], "title": "Book the microscope", "description": "due next Friday"}


async def test_a_file_of_a_named_repository_is_never_looked_for_on_this_machine() -> None:
    def get_file_contents(
        owner: Annotated[str, Field(description="Repository owner")],
        repo: Annotated[str, Field(description="Repository name")],
        path: Annotated[str, Field(description="Path to the file or directory")],
    ) -> dict[str, Any]:
        """Get the contents of a file or directory from a GitHub repository"""
        return {"path": path, "content": "# widgets"}

    tools = (read_text_file, list_directory, get_file_contents)
    turn = await ask(agent(*tools), "show me the README of acme-lab/widgets")
    assert not {"read_text_file", "list_directory"} & {name for name, _ in turn.calls}  # no local README
    turn = await ask(agent(*tools), "show me README.md of acme-lab/widgets")
    assert turn.calls == [("get_file_contents", {"owner": "acme-lab", "repo": "widgets", "path": "README.md"})]


async def test_an_item_named_without_its_number_is_asked_for_in_the_tools_words() -> None:
    def get_sample(sample_number: Annotated[int, Field(description="Sample number, e.g. 42")]) -> dict[str, Any]:
        """Get one sample from the biobank by its number."""
        return {"sample_number": sample_number}

    turn = await ask(agent(tool(get_sample, readOnlyHint=True)), "show me the liver sample")
    assert turn.calls == []
    assert "Which sample do you mean? Tell me its number (e.g. 42)." in turn.answer


async def test_details_for_a_paper_read_it_and_details_for_a_task_describe_it() -> None:
    def get_paper(
        paper_id: Annotated[str, Field(description='Paper ID, or an external ID with its prefix: "ARXIV:2106.15928"')],
    ) -> dict[str, Any]:
        """Get details of a paper: abstract, authors, venue and year."""
        return {"paperId": paper_id, "title": "Attention Is All You Need"}

    store = TaskStore.with_titles("Print the poster", "Renew the badge", "Book the room")
    tools = (tool(get_paper, readOnlyHint=True), *store.tools())
    turn = await ask(agent(*tools), "details for arXiv 1706.03762")
    assert turn.calls == [("get_paper", {"paper_id": "ARXIV:1706.03762"})]
    turn = await ask(agent(*tools), "add details to task 3: the big room")
    assert turn.calls == [("update_task", {"task_id": 3, "description": "the big room"})]


@pytest.mark.parametrize(
    "text",
    [
        "how do I get my tasks done faster?",
        "how do I prioritise my tasks better?",
        "how can I stay on top of my tasks?",
    ],
)
async def test_how_to_work_through_my_tasks_asks_for_advice_and_lists_nothing(text: str) -> None:
    tools = TaskStore.with_titles("Print the poster", "Renew the badge").tools()
    turn = await ask(agent(*tools), text)
    assert "list_tasks" not in [name for name, _ in turn.calls]
    turn = await ask(agent(*tools), "how do I see my tasks?")  # an act the tools do is done
    assert [name for name, _ in turn.calls] == ["list_tasks"]
