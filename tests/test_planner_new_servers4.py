"""Requests to tools of a newly connected server (fourth file): parameters described only in a docstring's ``Args:``
block, web addresses as people write and say them, positions and lengths in characters, and reading on where a
truncated result says the next part starts."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import AnyUrl, Field
from pydantic_ai import Tool

from agent_core.offline.catalogue import documented_parameters
from tests.planner_support import TaskStore, ask, planner_agent, tool

pytestmark = pytest.mark.anyio


def _undescribed(function: Any, description: str, schema: dict[str, Any]) -> Tool:
    """A tool as FastMCP publishes one: the docstring as its description, the schema's parameters undescribed."""
    made = Tool.from_schema(function, function.__name__, description, schema)
    made.metadata = {"annotations": {"readOnlyHint": True, "openWorldHint": True}}
    return made


def storm_warnings(state: str) -> dict[str, Any]:
    return {"state": state, "warnings": []}


def point_outlook(lat: float, lon: float) -> dict[str, Any]:
    return {"lat": lat, "lon": lon, "periods": []}


STORMS = _undescribed(
    storm_warnings,
    "List active storm warnings for a US state.\n\n    Args:\n        state: Two-letter US state code (e.g. TX, OH)\n",
    {"type": "object", "properties": {"state": {"title": "State", "type": "string"}}, "required": ["state"]},
)
OUTLOOK = _undescribed(
    point_outlook,
    "Storm outlook for a point.\n\n    Args:\n        lat: Latitude of the point\n        lon: Longitude of the point\n",
    {
        "type": "object",
        "properties": {"lat": {"title": "Lat", "type": "number"}, "lon": {"title": "Lon", "type": "number"}},
        "required": ["lat", "lon"],
    },
)


def test_an_args_block_describes_the_parameters_the_schema_leaves_undescribed() -> None:
    described = documented_parameters(
        "Look a place up.\n\nArgs:\n    lat (float): Latitude\n        in degrees\n    lon: Longitude\n"
        "Returns:\n    place: the place found"
    )
    assert described == {"lat": "Latitude in degrees", "lon": "Longitude"}
    assert documented_parameters("Do it.\n:param str path: where\n:param mode: how") == {"path": "where", "mode": "how"}


@pytest.mark.parametrize(
    ("text", "state"),
    [
        ("any storm warnings for puerto rico?", "PR"),
        ("storm warnings in washington state", "WA"),
        ("Are there storm warnings for New York state? I'm driving to Buffalo tomorrow.", "NY"),
        ("storm warnings for OH", "OH"),
    ],
)
async def test_a_state_code_described_only_in_the_docstring_is_read_from_the_states_name(text: str, state: str) -> None:
    """ "Two-letter US state code (e.g. TX, OH)" in the ``Args:`` block makes the parameter a state code: the name
    said ("puerto rico", "washington state") is sent as its code, never the sentence."""
    turn = await ask(planner_agent([STORMS, OUTLOOK]), text)
    assert turn.calls == [("storm_warnings", {"state": state})]


async def test_no_state_said_asks_which_instead_of_sending_the_sentence_as_a_code() -> None:
    turn = await ask(planner_agent([STORMS, OUTLOOK]), "any storm warnings?")
    assert turn.calls == []
    assert turn.kinds[-1] == "clarify"


@pytest.mark.parametrize(
    ("text", "lat", "lon"),
    [
        ("storm outlook at 42.8864/-78.8784", 42.8864, -78.8784),
        ("storm outlook for latitude twenty one point three one longitude minus one hundred fifty seven point eight six",
         21.31, -157.86),
    ],
)  # fmt: skip
async def test_a_point_is_read_for_parameters_described_only_in_the_docstring(
    text: str, lat: float, lon: float
) -> None:
    turn = await ask(planner_agent([STORMS, OUTLOOK]), text)
    assert turn.calls == [("point_outlook", {"lat": lat, "lon": lon})]


async def test_a_territory_is_no_point_its_zone_city_stands_for() -> None:
    """Puerto Rico's time zone is named after it; San Juan's position is not Puerto Rico's, so no point is made up."""
    turn = await ask(planner_agent([OUTLOOK]), "storm outlook for puerto rico")
    assert turn.calls == []


PAGE = "x" * 12_000


def read_page(
    url: Annotated[AnyUrl, Field(description="URL to read")],
    max_length: Annotated[int, Field(description="Maximum number of characters to return.", gt=0)] = 5000,
    start_index: Annotated[
        int, Field(description="Return output starting at this character index, for a page read before.", ge=0)
    ] = 0,
    raw: Annotated[bool, Field(description="The page's HTML as it is, without simplification.")] = False,
) -> dict[str, Any]:
    """Reads a web page and returns its text."""
    part = PAGE[start_index : start_index + max_length]
    following = start_index + len(part) if start_index + len(part) < len(PAGE) else None
    return {"url": str(url), "text": part[:20], "next_start_index": following}


PAGES = (tool(read_page, readOnlyHint=True, openWorldHint=True),)


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("read https://example.org/a/b.html", {"url": "https://example.org/a/b.html"}),
        ("what does marqueslab.org/people say about Priya?", {"url": "https://marqueslab.org/people"}),
        ("read h t t p s colon slash slash lab dot example dot org slash seminars",
         {"url": "https://lab.example.org/seminars"}),
        ("just the first 500 characters of https://example.org/x", {"url": "https://example.org/x", "max_length": 500}),
        ("read https://example.org/x, max two thousand characters", {"url": "https://example.org/x", "max_length": 2000}),
        ("read https://example.org/x but only 300 characters, starting at character 200",
         {"url": "https://example.org/x", "max_length": 300, "start_index": 200}),
        ("get me the raw html of https://example.org", {"url": "https://example.org", "raw": True}),
    ],
)  # fmt: skip
async def test_a_web_address_is_read_whole_with_lengths_and_positions_said_in_words(
    text: str, args: dict[str, Any]
) -> None:
    """A URL is never cut at its dots or lower-cased; a bare host gets https:// as a browser would give it; a
    ``start_index`` is a position in the page (not an item to look up in a listing)."""
    turn = await ask(planner_agent(PAGES), text)
    assert turn.calls == [("read_page", args)]


async def test_a_file_name_is_no_web_address() -> None:
    turn = await ask(planner_agent(PAGES), "read README.md")
    assert turn.calls == []


@pytest.mark.parametrize(
    ("first", "then", "args"),
    [
        ("read https://example.org/x", "keep going", {"url": "https://example.org/x", "start_index": 5000}),
        ("read https://example.org/x", "continue", {"url": "https://example.org/x", "start_index": 5000}),
        ("just the first 500 characters of https://example.org/x", "now the rest",
         {"url": "https://example.org/x", "start_index": 500}),
    ],
)  # fmt: skip
async def test_reading_on_starts_where_the_truncated_result_says(first: str, then: str, args: dict[str, Any]) -> None:
    """ "keep going" sends the start index the result gave; "the rest" drops the length asked for before."""
    earlier = await ask(planner_agent(PAGES), first)
    turn = await ask(planner_agent(PAGES), then, earlier.messages)
    assert turn.calls == [("read_page", args)]


def read_log(
    path: Annotated[str, Field(description="Path of the log file")],
    start_index: Annotated[int, Field(description="Line to start from", ge=0)] = 0,
) -> dict[str, Any]:
    """Reads a long log file in parts."""
    return {"text": f"lines {start_index}-{start_index + 120}. Call again with a start_index of {start_index + 120}."}


async def test_the_next_start_is_read_from_the_results_text_when_no_page_size_says_it() -> None:
    agent = planner_agent([tool(read_log, readOnlyHint=True)])
    earlier = await ask(agent, "read the log file /var/log/run.log")
    assert earlier.calls == [("read_log", {"path": "/var/log/run.log"})]
    turn = await ask(agent, "next page", earlier.messages)
    assert turn.calls == [("read_log", {"path": "/var/log/run.log", "start_index": 120})]


async def test_reading_a_page_and_a_reminder_are_two_requests() -> None:
    """ "fetch X and remind me to Y": the page is read, and Y is a task of its own (the address is no title)."""
    agent = planner_agent([*PAGES, *TaskStore().tools()])
    turn = await ask(agent, "read https://marqueslab.org/join and remind me to send my application before 15 January")
    assert turn.calls == [
        ("read_page", {"url": "https://marqueslab.org/join"}),
        ("add_task", {"title": "Send my application before 15 January"}),
    ]


def start_timer(
    duration: Annotated[int, Field(description="How long the timer runs, in the unit given")],
    unit: Annotated[Literal["seconds", "minutes", "hours"], Field(description="Unit of the duration")] = "minutes",
) -> dict[str, Any]:
    """Start a countdown timer that rings when the time is up."""
    return {"ok": True}


async def test_starting_at_a_character_starts_no_timer() -> None:
    """ "…, starting at character 200" is where to read from: the word of the timer tool's name, said as a
    preposition, names no write that would win over the page."""
    agent = planner_agent([*PAGES, tool(start_timer, readOnlyHint=False)])
    turn = await ask(
        agent,
        "read the seminar page https://marqueslab.org/seminars but only 300 characters, starting at character 200",
    )
    assert turn.calls == [
        ("read_page", {"url": "https://marqueslab.org/seminars", "max_length": 300, "start_index": 200})
    ]


def find_articles(
    query: str, limit: int = 10, year: str | None = None, fields: list[str] | None = None
) -> dict[str, Any]:
    return {"total": 0, "data": []}


ARTICLES = _undescribed(
    find_articles,
    "Search for articles.\n\n    Args:\n        query: Search query (keywords or a title)\n"
    "        limit: Maximum number of results\n"
    '        year: Publication year or range, e.g. "2019" or "2019-2023"\n'
    '        fields: Restrict to fields of study, e.g. ["Biology", "Medicine"]\n',
    {
        "type": "object",
        "properties": {
            "query": {"title": "Query", "type": "string"},
            "limit": {"title": "Limit", "type": "integer", "default": 10},
            "year": {"title": "Year", "anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
            "fields": {"title": "Fields", "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}]},
        },
        "required": ["query"],
    },
)


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("find articles about protein language models", {"query": "protein language models"}),
        ("find articles about CRISPR in Biology", {"fields": ["Biology"], "query": "CRISPR"}),
    ],
)
async def test_the_topic_is_the_searchs_and_an_optional_filter_takes_only_what_is_said_for_it(
    text: str, args: dict[str, Any]
) -> None:
    """Once the docstring describes them, an optional list filter ("fields of study") and a year "e.g. 2019" must
    not take the topic: the filter takes an item it lists or one said with its name, the year only a year."""
    turn = await ask(planner_agent([ARTICLES]), text)
    assert turn.calls == [("find_articles", args)]
