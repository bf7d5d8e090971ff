"""The world's cities (GeoNames, 15,000 people or more) behind the time-zone gazetteer: where a city the gazetteer
does not list is, its zone, and the names several cities share, asked about rather than guessed."""

from __future__ import annotations

from datetime import date

import pytest
from pydantic_ai.tools import ToolDefinition

from agent_core.offline.arguments import Context, fill
from agent_core.offline.cities import readings, world_city
from agent_core.offline.timezones import find_places, locate_places, picked_place, position, world_places
from tests.planner_support import ask, conversation, planner_agent, time_tools, tool

pytestmark = pytest.mark.anyio


def test_a_city_is_found_with_its_zone_and_position() -> None:
    boulder = world_city("Boulder")
    assert boulder is not None and boulder.zone == "America/Denver"
    assert (round(boulder.latitude, 2), round(boulder.longitude, 2)) == (40.01, -105.27)
    assert world_city("Cluj-Napoca").zone == "Europe/Bucharest"  # type: ignore[union-attr]
    assert world_city("Narnia") is None


def test_a_name_of_several_cities_is_read_by_the_state_or_country_said_after_it() -> None:
    assert world_city("Cambridge") is None  # England, Ontario, Massachusetts: none is meant by default
    assert readings("Cambridge") == ("Cambridge, England", "Cambridge, Canada", "Cambridge, Massachusetts")
    assert world_city("Cambridge", ", MA").zone == "America/New_York"  # type: ignore[union-attr]
    assert world_city("Cambridge", " England").zone == "Europe/London"  # type: ignore[union-attr]
    assert world_city("Springfield", ", Illinois").region == "IL"  # type: ignore[union-attr]
    # a much smaller namesake far away does not make a name unsure: Bergen is the Norwegian city
    assert world_city("Bergen").country == "NO"  # type: ignore[union-attr]
    assert readings("Bergen") == ()
    # only words right after the name pick: "Cambridge and then Ohio" says nothing about which Cambridge
    assert world_city("Cambridge", " and then Ohio") is None


def test_only_a_place_asked_for_is_looked_up_and_never_after_the() -> None:
    assert [p.label for _, p in world_places("what time is it in Bergen")] == ["Bergen"]
    assert world_places("park it in the Van") == []  # "in the van" names no city
    assert world_places("time in Tokyo") == []  # the gazetteer's own place is not read twice
    assert find_places("what time is it in Narnia") == ([], ["Narnia"])
    assert find_places("time in Springfield")[1] == []  # a name of several cities is asked about, not unknown


def test_a_gazetteer_city_that_is_no_zone_name_has_the_position_of_its_namesake_in_the_same_zone() -> None:
    seattle = next(p for _, p in locate_places("in Seattle"))
    assert position(seattle) == (47.61, -122.33)


async def test_the_time_in_a_city_the_gazetteer_does_not_list_is_answered_for_that_city() -> None:
    turn = await ask(planner_agent(time_tools()), "what time is it in Ann Arbor?")
    assert turn.calls == [("get_current_time", {"timezone": "America/Detroit"})]
    assert "Ann Arbor" in turn.answer


async def test_a_city_and_its_state_are_one_place_with_the_city_named() -> None:
    turn = await ask(planner_agent(time_tools()), "what time is it in Boulder, Colorado and in Nice?")
    assert turn.calls == [
        ("get_current_time", {"timezone": "America/Denver"}),
        ("get_current_time", {"timezone": "Europe/Paris"}),
    ]
    assert "In Boulder" in turn.answer and "In Nice" in turn.answer


async def test_a_name_of_several_cities_is_asked_about_and_the_answer_picks_one() -> None:
    asked, answered = await conversation(planner_agent(time_tools()), "time in Cambridge", "the one in Massachusetts")
    assert asked.calls == []
    assert "Cambridge, England, Cambridge, Canada or Cambridge, Massachusetts" in asked.answer
    assert answered.calls == [("get_current_time", {"timezone": "America/New_York"})]
    assert picked_place("time in Durham", "England") == "time in Durham, England"


FORECAST = ToolDefinition(
    name="point_forecast",
    description="Weather forecast for a point.",
    parameters_json_schema={
        "type": "object",
        "properties": {
            "latitude": {"type": "number", "description": "Latitude in degrees"},
            "longitude": {"type": "number", "description": "Longitude in degrees"},
        },
        "required": ["latitude", "longitude"],
    },
)


@pytest.mark.parametrize(
    ("text", "point"),
    [
        ("forecast for Boulder, CO", (40.01, -105.27)),
        ("forecast for Ann Arbor tomorrow", (42.28, -83.74)),
        ("forecast for Seattle pls", (47.61, -122.33)),
        ("forecast at 40.1, -105.2", (40.1, -105.2)),  # written coordinates come first
    ],
)
def test_a_city_named_gives_a_position_to_a_tool_that_takes_coordinates(text: str, point: tuple) -> None:
    filled = fill(FORECAST, text, None, Context(today=date(2026, 11, 22)))
    assert (filled.args.get("latitude"), filled.args.get("longitude")) == point


def test_a_name_of_several_cities_gives_no_position_but_a_question() -> None:
    filled = fill(FORECAST, "forecast for Cambridge", None, Context(today=date(2026, 11, 22)))
    assert "latitude" not in filled.args
    assert filled.unsure == [("Cambridge", ("Cambridge, England", "Cambridge, Canada", "Cambridge, Massachusetts"))]


async def test_a_person_after_for_is_no_city_for_a_tool_that_takes_no_place() -> None:
    def add_task(title: str) -> dict:
        """Add a task to the to-do list."""
        return {"id": 1, "title": title}

    turn = await ask(planner_agent([tool(add_task)]), "add a task to buy flowers for Mary")
    assert [name for name, _ in turn.calls] == ["add_task"]
    assert "Mary" in turn.calls[0][1]["title"]


@pytest.mark.parametrize(
    ("question", "source", "target"),
    [
        ("what's 9am in Ann Arbor in Berlin?", "America/Detroit", "Europe/Berlin"),  # a city before a known place
        ("convert 10:30 from Boulder to Bergen", "America/Denver", "Europe/Oslo"),  # capitalised after from / to
    ],
)
async def test_a_time_is_converted_between_cities_the_gazetteer_does_not_list(
    question: str, source: str, target: str
) -> None:
    turn = await ask(planner_agent(time_tools()), question)
    assert [(a["source_timezone"], a["target_timezone"]) for n, a in turn.calls if n == "convert_time"] == [
        (source, target)
    ]


async def test_someone_named_like_a_city_where_a_place_is_said_is_no_city() -> None:
    turn = await ask(planner_agent(time_tools()), "what time is it for Mary in Tokyo?")  # Mary is also a city
    assert turn.calls == [("get_current_time", {"timezone": "Asia/Tokyo"})]
