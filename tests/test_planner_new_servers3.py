"""Requests to tools of a newly connected server (third file): values read by the tool's JSON schema alone."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from tests.planner_support import ask, planner_agent, tool

pytestmark = pytest.mark.anyio

CHANNELS = [("C01GEN", "lab-general"), ("C02SEQ", "sequencing"), ("C03TCR", "tissue-culture"), ("C04ORD", "orders")]


def post_to_channel(
    channel_id: Annotated[str, Field(description="The ID of the channel to post to")],
    text: Annotated[str, Field(description="The message text to post")],
) -> dict[str, Any]:
    """Post a new message to a channel"""
    return {"ok": True}


def list_channels(
    limit: Annotated[int, Field(description="Maximum number of channels to return")] = 100,
    cursor: Annotated[str | None, Field(description="Pagination cursor for the next page")] = None,
) -> dict[str, Any]:
    """List public channels in the workspace, with pagination"""
    start = int(cursor or 0)
    page = CHANNELS[start : start + limit]
    following = str(start + limit) if start + limit < len(CHANNELS) else ""
    return {
        "channels": [{"id": i, "name": n} for i, n in page],
        "response_metadata": {"next_cursor": following},
    }


CHAT = (tool(post_to_channel, readOnlyHint=False), tool(list_channels, readOnlyHint=True))


@pytest.mark.parametrize(
    ("text", "channel", "message"),
    [
        ("post in #lab-general that the autoclave is fixed", "C01GEN", "the autoclave is fixed"),
        ("post to the tissue culture channel: incubator 2 is back to 5% CO2", "C03TCR", "incubator 2 is back to 5% CO2"),
        ("post a message in #orders saying we're out of Tween 20", "C04ORD", "we're out of Tween 20"),
    ],
)  # fmt: skip
async def test_a_channel_said_by_its_name_is_found_by_its_id_in_the_channel_listing(
    text: str, channel: str, message: str
) -> None:
    """The id people never say is read from the listing tool of the same kind of item; the message is what follows
    "that", "saying" or the colon, as written (no code inside it is taken for the channel)."""
    turn = await ask(planner_agent(CHAT), text)
    assert turn.calls == [("list_channels", {}), ("post_to_channel", {"channel_id": channel, "text": message})]


async def test_next_page_sends_the_cursor_the_previous_page_gave_and_no_words_fill_a_cursor() -> None:
    first = await ask(planner_agent(CHAT), "list the first two channels")
    assert first.calls == [("list_channels", {"limit": 2})]
    turn = await ask(planner_agent(CHAT), "next page", first.messages)
    assert turn.calls == [("list_channels", {"limit": 2, "cursor": "2"})]


def log_reading(
    site_id: Annotated[str, Field(description="Site id, e.g. 'PT-03'", pattern=r"^[A-Z]{2}-\d{2}$")],
    collected_at: Annotated[str, Field(description="When the sample was taken, local time YYYY-MM-DDTHH:MM")],
    depth_m: Annotated[float, Field(description="Sampling depth in metres")],
    water_temp_c: Annotated[float, Field(description="Water temperature in °C")],
) -> dict[str, Any]:
    """Log a water reading. Sites: PT-03 Jetty (north lake); PT-05 Reed bed (north lake); RV-02 Weir (river);
    RV-04 Old mill (river)."""
    return {"ok": True}


@pytest.mark.parametrize(
    ("text", "args"),
    [  # today is Wednesday 7 January 2026
        ("log a reading at the jetty site today at 10:15, half a metre deep, water was 47.3 F", {"site_id": "PT-03", "collected_at": "2026-01-07T10:15", "depth_m": 0.5, "water_temp_c": 8.5}),
        ("reading at site 2 on the river on Friday at 08:45, 1 m, 7.2 C", {"site_id": "RV-02", "collected_at": "2026-01-02T08:45", "depth_m": 1, "water_temp_c": 7.2}),
        ("log a reading at PT-05 taken at 2 ft at 11:00 today, water 50 °F", {"site_id": "PT-05", "collected_at": "2026-01-07T11:00", "depth_m": 0.6096, "water_temp_c": 10}),
    ],
)  # fmt: skip
async def test_a_code_listed_in_the_description_is_said_by_its_name_and_measures_keep_decimals_and_convert(
    text: str, args: dict[str, Any]
) -> None:
    """The description's table of codes and names; a temperature "in °C" from °F with its decimals; feet to metres;
    a day a sample "was taken" is one already past; "at 2 ft" is no time of day."""
    turn = await ask(planner_agent([tool(log_reading, readOnlyHint=False)]), text)
    assert turn.calls == [("log_reading", args)]


def find_reagent(
    target: Annotated[str, Field(description="Target antigen, e.g. 'GFAP'")],
    application: Annotated[
        Literal["WB", "IF", "IHC", "FC", "IP"] | None, Field(description="Application it must be validated for")
    ] = None,
) -> dict[str, Any]:
    """Find antibodies in the inventory by target, optionally by application."""
    return {"found": []}


def request_vial(
    vial_id: Annotated[str, Field(description="Antibody id, e.g. 'AB-0231'", pattern=r"^AB-\d{4}$")],
    volume_ul: Annotated[float, Field(description="Volume in µL")],
    dilution: Annotated[str | None, Field(description="Working dilution, e.g. '1:500'")] = None,
) -> dict[str, Any]:
    """Request an aliquot of an antibody from the lab manager."""
    return {"ok": True}


@pytest.mark.parametrize(
    ("text", "application"), [("need a CD45 for flow", "FC"), ("GFAP for immunofluorescence", "IF"), ("find a p53 antibody for westerns", "WB")]
)  # fmt: skip
async def test_an_application_abbreviation_is_read_from_how_people_say_it(text: str, application: str) -> None:
    turn = await ask(planner_agent([tool(find_reagent, readOnlyHint=True)]), text)
    assert [(n, a.get("application")) for n, a in turn.calls] == [("find_reagent", application)]


@pytest.mark.parametrize(
    ("text", "dilution"),
    [
        ("request 50 µl of AB-0218 at one to a thousand", "1:1000"),
        ("request 30 µl of AB-0212, I'll run it at 1:500", "1:500"),
        ("request 10 µl of AB-0233 at 1 in 2000", "1:2000"),
    ],
)
async def test_a_ratio_said_in_words_is_written_like_the_parameters_example(text: str, dilution: str) -> None:
    turn = await ask(planner_agent([tool(request_vial, readOnlyHint=False)]), text)
    assert [(n, a.get("dilution")) for n, a in turn.calls] == [("request_vial", dilution)]


async def test_a_post_with_no_message_asks_for_it_instead_of_posting_the_verb() -> None:
    turn = await ask(planner_agent(CHAT), "post in #lab-general")
    assert "post_to_channel" not in [n for n, _ in turn.calls] and turn.kinds[-1] == "clarify"


def list_repairs(
    status: Annotated[str, Field(description="Repair status filter")] = "open",
    machine: Annotated[str | None, Field(description="Machine name or asset tag")] = None,
    limit: Annotated[int, Field(description="Max results")] = 20,
) -> dict[str, Any]:
    """List repair requests, newest first. status: open (default), new, waiting_parts, closed or all."""
    return {"repairs": []}


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("list open repair requests", {"status": "open"}),
        ("show closed repairs, 5 at a time", {"status": "closed", "limit": 5}),
    ],
)
async def test_an_optional_filter_takes_no_leftover_words_of_the_request(text: str, args: dict[str, Any]) -> None:
    """What is left of "list open repair requests" once the status is read is the tool's own words and a verb: it
    names no machine, so the optional filter stays unset (it used to get 'list repair requests' and fail)."""
    turn = await ask(planner_agent([tool(list_repairs, readOnlyHint=True)]), text)
    assert turn.calls == [("list_repairs", args)]


def search_refman(
    query: Annotated[str, Field(description="Search query")],
    limit: Annotated[int, Field(description="Maximum results to return")] = 10,
) -> dict[str, Any]:
    """Search for items in your Refman library, given a query string."""
    return {"items": []}


@pytest.mark.parametrize("text", ["find p53 in refman", "any books by Alberts in my refman?"])
async def test_where_to_search_is_no_part_of_the_query(text: str) -> None:
    """ "in refman" names the tool's own library, so it is where to search, not what."""
    turn = await ask(planner_agent([tool(search_refman, readOnlyHint=True)]), text)
    assert [name for name, _ in turn.calls] == ["search_refman"]
    assert "refman" not in turn.calls[0][1]["query"].lower()
