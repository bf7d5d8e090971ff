"""A maps server the planner has no code for: places near somewhere, directions and coordinates.

The tools are shaped like the reference Google Maps MCP server's (its names, descriptions and parameters), so the
requests are routed by the catalogue's examples and the tools' own words, as for any newly connected server.
"""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import BaseModel, Field

from tests.planner_support import ask, planner_agent, tool

pytestmark = pytest.mark.anyio


class Point(BaseModel):
    latitude: float
    longitude: float


def maps_search_places(
    query: Annotated[str, Field(description="Search query")],
    location: Annotated[Point | None, Field(description="Optional center point for the search")] = None,
    radius: Annotated[float | None, Field(description="Search radius in meters (max 50000)")] = None,
) -> dict[str, Any]:
    """Search for places using Google Places API"""
    return {"places": [{"name": f"{query} one", "place_id": "ChIJ1"}]}


def maps_reverse_geocode(
    latitude: Annotated[float, Field(description="Latitude coordinate")],
    longitude: Annotated[float, Field(description="Longitude coordinate")],
) -> dict[str, Any]:
    """Convert coordinates into an address"""
    return {"formatted_address": "1 Main St"}


def maps_geocode(address: Annotated[str, Field(description="The address to geocode")]) -> dict[str, Any]:
    """Convert an address into geographic coordinates"""
    return {"location": {"lat": 50.03, "lng": 8.56}}


def maps_elevation(
    locations: Annotated[list[Point], Field(description="Array of locations to get elevation for")],
) -> dict[str, Any]:
    """Get elevation data for locations on the earth"""
    return {"results": [{"elevation": 112.0}]}


def maps_directions(
    origin: Annotated[str, Field(description="Starting point address or coordinates")],
    destination: Annotated[str, Field(description="Ending point address or coordinates")],
    mode: Annotated[
        str, Field(description="Travel mode (driving, walking, bicycling, transit)", json_schema_extra={})
    ] = "driving",
) -> dict[str, Any]:
    """Get directions between two points"""
    return {"routes": [{"summary": "A5", "duration": "25 mins"}]}


MAPS = tuple(
    tool(f, readOnlyHint=True)
    for f in (maps_search_places, maps_reverse_geocode, maps_geocode, maps_elevation, maps_directions)
)


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("coffee near the DKFZ", "coffee near the DKFZ"),
        ("hotels near the Broad Institute", "hotels near the Broad Institute"),
    ],
)
async def test_a_kind_of_place_near_somewhere_is_a_place_search(text: str, query: str) -> None:
    turn = await ask(planner_agent(MAPS), text)
    assert turn.calls == [("maps_search_places", {"query": query})]


async def test_a_radius_around_written_coordinates_searches_there_for_what_was_asked() -> None:
    turn = await ask(planner_agent(MAPS), "pharmacies within 2 miles of 42.3628, -71.0875")
    assert turn.calls == [
        (
            "maps_search_places",
            {"query": "pharmacies", "location": {"latitude": 42.3628, "longitude": -71.0875}, "radius": 3218.688},
        )
    ]
    # the coordinates fit the reverse geocoder and the elevation tool too, but only the search reads the rest
    turn = await ask(planner_agent(MAPS), "find cafes within 500 m of 49.41, 8.69")
    assert [name for name, _ in turn.calls] == ["maps_search_places"]
    assert turn.calls[0][1]["query"] == "cafes"
    turn = await ask(planner_agent(MAPS), "what is at 49.41, 8.69?")
    assert turn.calls == [("maps_reverse_geocode", {"latitude": 49.41, "longitude": 8.69})]


async def test_a_radius_said_without_coordinates_leaves_the_place_in_the_query() -> None:
    turn = await ask(planner_agent(MAPS), "any supermarket within a kilometre of the DKFZ?")
    assert turn.calls == [("maps_search_places", {"query": "supermarket near the DKFZ", "radius": 1000})]


@pytest.mark.parametrize(
    "text",
    ["how do I get to Heathrow from the Crick by tube?", "how do I get from the Crick to Heathrow by tube"],
)
async def test_how_do_i_get_from_a_to_b_asks_for_directions_not_knowledge(text: str) -> None:
    turn = await ask(planner_agent(MAPS), text)
    assert turn.calls == [("maps_directions", {"origin": "the Crick", "destination": "Heathrow", "mode": "transit"})]


async def test_the_coordinates_of_a_place_are_geocoded() -> None:
    turn = await ask(planner_agent(MAPS), "lat/long of frankfurt airport?")
    assert turn.calls == [("maps_geocode", {"address": "frankfurt airport"})]


async def test_without_a_maps_server_a_place_request_is_no_call_of_another_tool() -> None:
    def get_forecast(city: Annotated[str, Field(description="City name")]) -> dict[str, Any]:
        """Weather forecast for a city."""
        return {"city": city, "summary": "rain"}

    turn = await ask(planner_agent([tool(get_forecast, readOnlyHint=True)]), "coffee near the DKFZ")
    assert turn.calls == []


async def test_a_question_and_the_value_it_wants_said_apart_make_one_lookup() -> None:
    turn = await ask(planner_agent(MAPS), "where exactly is the DKFZ? I need coordinates")
    assert turn.calls == [("maps_geocode", {"address": "DKFZ"})]
