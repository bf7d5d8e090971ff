"""Requests to tools of a newly connected server (eighth file): the values a request gives a tool it was never
written for, read by their own look and by what the parameter says.

A list is introduced by its own noun ("wells A1, A2 and A3"); a hyphen-joined name is one value ("ELISA-kids-3"); a
count is the number next to its noun; a yes/no says false when the request says what its description calls false;
a receipt's day is one already past; a thing and what is wrong with it are split at the colon or dash between them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from agent_core.offline import PlannerConfig, slots
from tests.planner_support import NOW, TaskStore, ask, conversation, planner_agent, tool

pytestmark = pytest.mark.anyio

CONFIG = PlannerConfig(clock=lambda: NOW)  # a Wednesday, 2026-01-07


async def plan(text: str, tools: list[Any]) -> Any:
    return await ask(planner_agent(tools, CONFIG), text)


def start_plate(
    plateName: Annotated[str, Field(description="Name of the plate, e.g. 'ELISA-plate-07'")],
    wellNames: Annotated[list[str], Field(description="Wells to read, one per item", min_length=1)],
    duplicate: Annotated[bool, Field(description="true for duplicate reads ('2x'), false for single reads")],
    cycles: Annotated[int, Field(description="Number of read cycles (1-10)", ge=1, le=10)] = 1,
) -> dict[str, Any]:
    """Start reading wells of a plate on the plate reader."""
    return {"run": "PR-1"}


def claim_purchase(
    amount: Annotated[float, Field(description="Amount paid", gt=0)],
    day: Annotated[str, Field(description="Date of the purchase, YYYY-MM-DD")],
) -> dict[str, Any]:
    """Claim back a purchase."""
    return {"claim": "C-1"}


def report_fault(
    equipment: Annotated[str, Field(description="The equipment at fault")],
    description: Annotated[str, Field(description="What is wrong")],
) -> dict[str, Any]:
    """Report a fault on shared equipment to the technicians."""
    return {"ticket": "T-1"}


async def test_a_list_is_read_after_its_own_noun_and_a_hyphen_joined_name_is_one_value() -> None:
    plates = [tool(start_plate, readOnlyHint=False)]
    turn = await plan("start ELISA-kids-3 with wells A1, A2 and A3, single reads, 3 cycles", plates)
    assert turn.calls == [
        ("start_plate", {"plateName": "ELISA-kids-3", "wellNames": ["A1", "A2", "A3"], "duplicate": False, "cycles": 3})
    ]
    turn = await plan("read plate QC-run-B, one well called blankB1, duplicate reads", plates)
    assert turn.calls == [("start_plate", {"plateName": "QC-run-B", "wellNames": ["blankB1"], "duplicate": True})]


def test_a_series_keeps_the_look_of_its_first_item() -> None:
    assert slots.named_series("sampleNames", "samples proband, mother, father, 2 x 150").value == [
        "proband",
        "mother",
        "father",
    ]
    assert slots.named_series("sampleNames", "samples S01 S02 and S03 paired").value == ["S01", "S02", "S03"]
    assert slots.named_series("sampleNames", "samples from the liver") is None


def test_a_count_is_the_number_next_to_its_noun() -> None:
    lanes = {"description": "Number of flow-cell lanes (1-4)"}
    assert slots.count_for("lanes", lanes, "single-end 50, 2 lanes").value == 2
    assert slots.count_for("lanes", lanes, "2 x 150, four lanes").value == 4


def test_a_yes_no_word_is_found_where_the_request_says_it() -> None:
    text = "Hi!!   the   instrument -- is   down"
    span = slots.flag("instrumentDown", text)
    assert span.value is True
    assert text[span.start : span.end] == "down"


async def test_the_day_of_a_purchase_is_one_already_past() -> None:
    turn = await plan("claim 12 euros I spent on Friday", [tool(claim_purchase, readOnlyHint=False)])
    assert turn.calls == [("claim_purchase", {"amount": 12, "day": "2026-01-02"})]
    turn = await plan("claim back 40 euros, purchase on 3 January", [tool(claim_purchase, readOnlyHint=False)])
    assert turn.calls == [("claim_purchase", {"amount": 40, "day": "2026-01-03"})]


async def test_a_thing_and_what_is_wrong_with_it_are_split_at_the_colon_or_dash() -> None:
    faults = [tool(report_fault, readOnlyHint=False)]
    turn = await plan("report a fault for the plate washer - the manifold leaks", faults)
    assert turn.calls == [("report_fault", {"equipment": "plate washer", "description": "the manifold leaks"})]
    turn = await plan("report a fault on the fume hood: airflow alarm keeps beeping", faults)
    assert turn.calls == [("report_fault", {"equipment": "fume hood", "description": "airflow alarm keeps beeping"})]
    turn = await plan("please report that the plate washer leaks", faults)
    assert turn.calls == []  # "report" asks; it names no equipment, so nothing is sent with equipment "report"


def weigh_mouse(
    cage: Annotated[str, Field(description="Cage card, e.g. 'CG-0412'", pattern=r"^CG-\d{4}$")],
    tag: Annotated[str, Field(description="Ear tag number, e.g. '1045'")],
    grams: Annotated[float, Field(description="Body weight in grams")],
    at: Annotated[str | None, Field(description="When it was weighed, HH:MM")] = None,
) -> dict[str, Any]:
    """Log a mouse's body weight."""
    return {"entry": "BW-1"}


def test_a_code_spelt_out_is_written_as_one() -> None:
    assert slots.spoken_codes("cage C G zero four one two ear tag one zero four five") == "cage CG0412 ear tag 1045"
    assert (
        slots.spoken_codes("tray D one dash zero six eight hundred millilitres")
        == "tray D1-06 eight hundred millilitres"
    )
    assert slots.spoken_codes("I have one two three ideas") == "I have one two three ideas"  # no letter, no zero
    assert slots.spoken_codes("make a one zero") == "make a one zero"  # small letters are words


def test_an_hour_and_its_minutes_after_at_are_a_time_of_day() -> None:
    assert [s.value for s in slots.time_of_day(slots.spoken_clock("sampled at eleven thirty"))] == ["11:30"]
    assert slots.spoken_clock("at five twenty minutes") == "at five twenty minutes"  # a length, not a clock
    assert slots.spoken_clock("I had two twenty") == "I had two twenty"


async def test_a_dictated_entry_reads_its_codes_numbers_and_time() -> None:
    turn = await plan(
        "log weight cage C G zero four one two ear tag one zero four five twenty two point three grams at nine fifteen",
        [tool(weigh_mouse, readOnlyHint=False)],
    )
    assert turn.calls == [("weigh_mouse", {"cage": "CG-0412", "tag": "1045", "grams": 22.3, "at": "09:15"})]


def bench_free(
    bench: Annotated[str, Field(description="The bench, e.g. 'BN-12'")],
    date: Annotated[str, Field(description="The day, YYYY-MM-DD")],
) -> dict[str, Any]:
    """Whether a lab bench is free on a day."""
    return {"free": True}


async def test_a_thing_said_by_its_noun_and_number_gets_the_prefix_its_example_shows() -> None:
    turn = await plan("is bench 7 free tomorrow?", [tool(bench_free, readOnlyHint=True)])
    assert turn.calls == [("bench_free", {"bench": "BN-07", "date": "2026-01-08"})]
    assert slots.shaped("BN-12", "is run 7 done?", "The bench, e.g. 'BN-12'") == []  # "run" is no bench
    assert slots.shaped("BN-12", "benches 7", "The bench, e.g. 'BN-12'") == []  # the description's own word only


def room_history(
    room: Annotated[str, Field(description="The channel to read, e.g. 'C01AB2CD3'")],
    limit: Annotated[int, Field(description="Number of messages (default 10)")] = 10,
) -> dict[str, Any]:
    """Get recent messages from a channel"""
    return {"messages": []}


def room_post(
    room: Annotated[str, Field(description="The channel to post to")],
    text: Annotated[str, Field(description="The message text to post")],
) -> dict[str, Any]:
    """Post a new message to a channel"""
    return {"ok": True}


def daily_note(text: Annotated[str, Field(description="What to write down")]) -> dict[str, Any]:
    """Append a line to today's journal note."""
    return {"logged": text}


CHAT = [
    tool(room_history, readOnlyHint=True),
    tool(room_post, readOnlyHint=False),
    tool(daily_note, readOnlyHint=False),
]


async def test_a_channel_is_read_as_a_channel_not_by_the_words_of_its_name() -> None:
    turn = await plan("what's been said in #journal-club lately?", CHAT)
    assert turn.calls == [("room_history", {"room": "#journal-club"})]  # never a journal note
    turn = await plan("pls msg #fieldwork the boat trip moved to 8am", CHAT)
    assert turn.calls == [("room_post", {"room": "#fieldwork", "text": "the boat trip moved to 8am"})]
    turn = await plan("post in #fieldwork that the boat is back at 4pm", CHAT)  # the message keeps its time
    assert turn.calls == [("room_post", {"room": "#fieldwork", "text": "the boat is back at 4pm"})]
    turn = await plan("#lab-general has been so quiet this week", CHAT)
    assert turn.calls == []  # a channel as the subject of a remark asks nothing


def claim_stay(
    amount: Annotated[float, Field(description="Amount paid", gt=0)],
    kind: Annotated[str, Field(description="One of: hotel, hostel, other")],
) -> dict[str, Any]:
    """Submit a lodging claim for reimbursement."""
    return {"claim": "H-1"}


async def test_a_story_followed_by_a_polite_request_in_the_tools_words_is_a_request() -> None:
    claims = [tool(claim_stay, readOnlyHint=False)]
    turn = await plan("I paid 210 euros for two nights in Bern, please submit a claim", claims)
    assert turn.calls == []
    assert "kind (hotel, hostel, other)" in turn.answer  # asked for what it lacks, never "a statement"
    turn = await plan("I paid 210 euros for the hotel in Bern, can you submit a claim", claims)
    assert turn.calls == [("claim_stay", {"amount": 210, "kind": "hotel"})]


def create_event(
    title: Annotated[str, Field(description="Event title")],
    start: Annotated[str, Field(description="Start time, ISO 8601 (e.g. '2026-01-08T15:00')")],
    end: Annotated[str, Field(description="End time, ISO 8601")],
) -> dict[str, Any]:
    """Create a calendar event."""
    return {"id": "EV-1"}


async def test_a_moment_in_iso_8601_takes_the_time_said_and_an_end_its_length() -> None:
    events = [tool(create_event, readOnlyHint=False)]
    turn = await plan("schedule a meeting with Ana tomorrow at 3pm for an hour", events)
    assert turn.calls == [
        ("create_event", {"title": "meeting with Ana", "start": "2026-01-08T15:00", "end": "2026-01-08T16:00"})
    ]
    turn = await plan("add 'journal club' on Friday from 10 to 11:30", events)
    assert turn.calls == [
        ("create_event", {"title": "journal club", "start": "2026-01-09T10:00", "end": "2026-01-09T11:30"})
    ]
    turn = await plan("schedule lab meeting on Friday at 10", events)
    assert turn.calls == []  # no end said: asked for, never the start's day alone
    assert "end" in turn.answer


def search_preprints(
    query: Annotated[str, Field(description="Search terms")],
    author: Annotated[str | None, Field(description="Only papers by this author")] = None,
) -> dict[str, Any]:
    """Search preprints."""
    return {"papers": []}


async def test_an_author_ends_where_the_topic_begins() -> None:
    turn = await plan("find preprints by Hinton on capsule networks", [tool(search_preprints, readOnlyHint=True)])
    assert turn.calls == [("search_preprints", {"author": "Hinton", "query": "capsule networks"})]


def search_trials(query: Annotated[str, Field(description="Search terms")]) -> dict[str, Any]:
    """Search registered clinical trials."""
    return {"total": 2, "trials": [{"trialId": "TR-101", "title": "Aspirin A"}, {"trialId": "TR-202", "title": "B"}]}


def get_trial(trial_id: Annotated[str, Field(description="The trial, e.g. 'TR-101'")]) -> dict[str, Any]:
    """Get one trial's full record."""
    return {"trialId": trial_id, "status": "recruiting"}


def list_cards(board: Annotated[str, Field(description="Board name")]) -> dict[str, Any]:
    """List the cards of a board."""
    return {"cards": [{"number": 7, "title": "Fix the pump"}, {"number": 9, "title": "Order tips"}]}


def get_card(
    board: Annotated[str, Field(description="Board name")],
    card_number: Annotated[int, Field(description="The card's number")],
) -> dict[str, Any]:
    """Get one card of a board."""
    return {"number": card_number}


async def test_the_nth_one_after_a_new_servers_listing_is_that_items_field() -> None:
    trials = [tool(search_trials, readOnlyHint=True), tool(get_trial, readOnlyHint=True)]
    turns = await conversation(planner_agent(trials, CONFIG), "search trials for aspirin", "open the second one")
    assert turns[1].calls == [("get_trial", {"trial_id": "TR-202"})]
    cards = [tool(list_cards, readOnlyHint=True), tool(get_card, readOnlyHint=True)]
    turns = await conversation(planner_agent(cards, CONFIG), "list the cards of the lab board", "show me the first one")
    assert turns[0].calls == [("list_cards", {"board": "lab board"})]
    assert turns[1].calls == [("get_card", {"board": "lab board", "card_number": 7})]  # the listing's board


def search_studies(
    status: Annotated[
        Literal["RECRUITING", "COMPLETED", "TERMINATED"] | None, Field(description="Overall status")
    ] = None,
    location: Annotated[str | None, Field(description="City or country")] = None,
) -> dict[str, Any]:
    """Search registered clinical studies."""
    return {"studies": []}


async def test_things_said_in_a_state_are_a_filter_not_a_change_to_a_task() -> None:
    tools = [tool(search_studies, readOnlyHint=True), *TaskStore.with_titles("Order pipettes").tools()]
    turn = await plan("completed trials in Copenhagen", tools)
    assert turn.calls == [("search_studies", {"status": "COMPLETED", "location": "Copenhagen"})]
    turn = await plan("completed the pipettes task", tools)  # our own item, named by its kind: still a completion
    assert [name for name, _ in turn.calls][-1:] == ["complete_task"]
    assert "search_studies" not in [name for name, _ in turn.calls]


def test_a_country_code_after_in_the_is_a_place() -> None:
    assert [s.value for s in slots.places("completed trials in the US")] == ["US"]
    assert [s.value for s in slots.places("sites in the UK")] == ["UK"]
    assert slots.places("is IT down again") == []  # a short code alone is a word
