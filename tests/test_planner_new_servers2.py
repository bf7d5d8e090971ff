"""Requests to tools of a newly connected server (second file): values read by the tool's JSON schema alone."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from tests.planner_support import ask, conversation, planner_agent, tool

pytestmark = pytest.mark.anyio


def shipment_status(
    shipmentRef: Annotated[str, Field(description="Shipment reference", pattern=r"^SH-\d{6}$")],
) -> dict[str, Any]:
    """Get shipment by reference."""
    return {"status": "in transit"}


@pytest.mark.parametrize(
    "text", ["where is parcel 204518?", "status of #204518 please", "track 204518"]
)  # fmt: skip
async def test_a_number_with_exactly_the_digits_of_a_prefixed_pattern_is_that_code(text: str) -> None:
    turn = await ask(planner_agent([tool(shipment_status, readOnlyHint=True)]), text)
    assert turn.calls == [("shipment_status", {"shipmentRef": "SH-204518"})]


def book_field_trip(
    site: Annotated[str, Field(description="Field site you go to, e.g. 'Abisko'")],
    outbound_date: Annotated[str, Field(description="Day you leave, YYYY-MM-DD")],
    return_date: Annotated[str, Field(description="Day you come back, YYYY-MM-DD")],
    allowance: Annotated[float, Field(description="Money needed for the trip", gt=0)],
    currency: Annotated[str, Field(description="Currency, ISO code such as EUR")] = "EUR",
) -> dict[str, Any]:
    """Ask for a field trip to a research site."""
    return {"id": "FT-1"}


@pytest.mark.parametrize(
    ("text", "args"),
    [  # today is Wednesday 7 January 2026
        ("book a field trip to Abisko from 3 to 7 February, 900 euros", {"outbound_date": "2026-02-03", "return_date": "2026-02-07", "allowance": 900, "currency": "EUR"}),
        ("field trip to Abisko 11-16 March, allowance £1,200", {"outbound_date": "2026-03-11", "return_date": "2026-03-16", "allowance": 1200, "currency": "GBP"}),
        ("field trip to Abisko on 14 February returning the 16th, two thousand Swiss francs", {"outbound_date": "2026-02-14", "return_date": "2026-02-16", "allowance": 2000, "currency": "CHF"}),
        ("field trip to Abisko on 9 February for 2 nights, 1 500 dollars", {"outbound_date": "2026-02-09", "return_date": "2026-02-11", "allowance": 1500, "currency": "USD"}),
    ],
)  # fmt: skip
async def test_a_range_of_days_fills_a_leave_and_return_pair_and_the_money_is_the_number_with_the_currency(
    text: str, args: dict[str, Any]
) -> None:
    turn = await ask(planner_agent([tool(book_field_trip, readOnlyHint=False)]), text)
    assert turn.calls == [("book_field_trip", {"site": "Abisko", **args})]


def list_repairs(
    status: Annotated[str, Field(description="Repair status filter")] = "open",
    stage: Annotated[str | None, Field(description="Trial stage")] = None,
) -> dict[str, Any]:
    """List repair jobs. status: open (default: not done), queued, waiting_parts, done or all. `stage` must be one
    of STAGE1, STAGE2 or STAGE3 (only for prototype repairs)."""
    return {"jobs": []}


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("list repairs waiting for parts", {"status": "waiting_parts"}),
        ("show all repairs", {"status": "all"}),
        ("list repairs in stage II", {"status": "open", "stage": "STAGE2"}),
        ("list repairs in stage three", {"status": "open", "stage": "STAGE3"}),
    ],
)
async def test_options_listed_only_in_the_tools_description_are_matched_like_an_enum(text: str, args: dict) -> None:
    """The options the tool's description lists for a parameter it names; a numbered option said in words or in
    roman numerals."""
    turn = await ask(planner_agent([tool(list_repairs, readOnlyHint=True)]), text)
    assert [(n, {k: v for k, v in a.items() if v is not None}) for n, a in turn.calls] == [("list_repairs", args)]


def find_cohorts(
    query: Annotated[str | None, Field(description="Free-text search terms")] = None,
    disease: Annotated[str | None, Field(description="Disease studied")] = None,
    treatment: Annotated[str | None, Field(description="Treatment given")] = None,
    city: Annotated[str | None, Field(description="City of a recruiting hospital")] = None,
    limit: Annotated[int, Field(description="Page size", ge=1, le=50)] = 10,
) -> dict[str, Any]:
    """Searches patient cohorts in the cohort catalogue. All parameters are optional."""
    return {"cohorts": []}


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("find cohorts for melanoma", {"disease": "melanoma"}),
        ("search cohorts on chronic kidney disease in Boston", {"disease": "chronic kidney disease", "city": "Boston"}),
        ("cohorts testing metformin", {"treatment": "metformin"}),
        ("cohorts for lupus treated with rituximab", {"disease": "lupus treated", "treatment": "rituximab"}),
        ("show me asthma cohorts", {"disease": "asthma"}),
    ],
)
async def test_a_searchs_free_text_filters_each_take_the_phrase_their_lead_words_open(text: str, args: dict) -> None:
    """ "for X" is a condition, "testing X" an intervention, "in X" a location; with no lead, the words before the
    tool's own noun are the first filter's; the search's own free text keeps only what the filters leave."""
    turn = await ask(planner_agent([tool(find_cohorts, readOnlyHint=True)]), text)
    assert [(n, {k: v for k, v in a.items() if v is not None and k != "limit"}) for n, a in turn.calls] == [
        ("find_cohorts", args)
    ]


def list_sensors(
    state: Annotated[
        Literal["ONLINE", "ACTIVE_NOT_LOGGING", "LOGGING"] | None, Field(description="Sensor state")
    ] = None,
) -> dict[str, Any]:
    """Lists the building's sensors."""
    return {"sensors": []}


async def test_a_not_in_an_option_may_be_said_as_no_longer() -> None:
    turn = await ask(
        planner_agent([tool(list_sensors, readOnlyHint=True)]), "list sensors that are active but no longer logging"
    )
    assert turn.calls == [("list_sensors", {"state": "ACTIVE_NOT_LOGGING"})]


def chromosome_slice(
    chromosome: Annotated[str, Field(description="Chromosome name, e.g. 'chr7'", pattern=r"^chr[0-9XYM]{1,2}$")],
    from_base: Annotated[int | None, Field(description="First base (1-based)", ge=1)] = None,
    to_base: Annotated[int | None, Field(description="Last base (inclusive)", ge=1)] = None,
) -> dict[str, Any]:
    """Get the bases of a chromosome, or only those from from_base to to_base."""
    return {"bases": ""}


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("bases 1200 to 1850 of chr7", {"from_base": 1200, "to_base": 1850}),
        ("chr7 bp 2500-3100 pls", {"from_base": 2500, "to_base": 3100}),
        ("the first forty bases of chr7", {"from_base": 1, "to_base": 40}),
        ("chr7 from base 900 to the end", {"from_base": 900}),
    ],
)
async def test_a_range_of_numbers_fills_a_start_and_end_pair(text: str, args: dict) -> None:
    turn = await ask(planner_agent([tool(chromosome_slice, readOnlyHint=True)]), text)
    assert [(n, {k: v for k, v in a.items() if v is not None}) for n, a in turn.calls] == [
        ("chromosome_slice", {"chromosome": "chr7", **args})
    ]


def get_plasmid(
    plasmid_id: Annotated[str, Field(description="Plasmid id, e.g. PL01234", pattern=r"^PL\d{5}$")],
) -> dict[str, Any]:
    """Get a plasmid record from the plasmid bank."""
    return {"name": "pUC19"}


async def test_a_code_is_read_even_when_it_is_the_descriptions_own_example() -> None:
    turn = await ask(planner_agent([tool(get_plasmid, readOnlyHint=True)]), "get plasmid PL01234 from the bank")
    assert turn.calls == [("get_plasmid", {"plasmid_id": "PL01234"})]


def get_strain(
    strain_id: Annotated[str, Field(description="Strain id", pattern=r"^ST-\d{4}$")],
    fields: Annotated[
        list[Literal["genotype", "origin", "growth_medium", "freezer_box"]] | None,
        Field(description="Fields to return; all if omitted"),
    ] = None,
) -> dict[str, Any]:
    """Get a yeast strain record."""
    return {"genotype": "MATa"}


async def test_a_list_of_options_takes_the_options_the_request_names() -> None:
    turn = await ask(
        planner_agent([tool(get_strain, readOnlyHint=True)]), "just the genotype and growth medium of ST-0042"
    )
    assert turn.calls == [("get_strain", {"strain_id": "ST-0042", "fields": ["genotype", "growth_medium"]})]


def close_work_order(
    orderRef: Annotated[str, Field(description="Work order", pattern=r"^WO-\d{5}$")],
    note: Annotated[str, Field(description="What was done")],
) -> dict[str, Any]:
    """Close work order."""
    return {"status": "closed"}


@pytest.mark.parametrize(
    "text", ["ugh, WO-20417 is still waiting for the pump", "WO-20417 finally got its new pump, Sam told me"]
)
async def test_a_statement_about_a_code_does_not_act_on_it(text: str) -> None:
    turn = await ask(planner_agent([tool(close_work_order, readOnlyHint=False)]), text)
    assert turn.calls == []


async def test_a_statement_about_a_code_a_lookup_reads_does_not_look_it_up() -> None:
    turn = await ask(planner_agent([tool(get_plasmid, readOnlyHint=True)]), "PL01234 is probably our most used plasmid")
    assert turn.calls == []


def list_spectra(
    pageSize: Annotated[int, Field(description="Page size", ge=1, le=100)] = 20,
    offset: Annotated[int, Field(description="Number of spectra to skip", ge=0)] = 0,
) -> dict[str, Any]:
    """List recorded spectra, newest first."""
    return {"spectra": []}


@pytest.mark.parametrize(
    ("first", "then", "args"),
    [
        ("list spectra", "next page", {"offset": 20}),
        ("list spectra, 5 at a time", "next 5", {"pageSize": 5, "offset": 5}),
        ("list spectra, 5 at a time", "show me more", {"pageSize": 5, "offset": 5}),
    ],
)
async def test_next_page_asks_the_previous_listing_again_from_where_its_page_ended(
    first: str, then: str, args: dict
) -> None:
    turn = (await conversation(planner_agent([tool(list_spectra, readOnlyHint=True)]), first, then))[-1]
    assert [(n, {k: v for k, v in a.items() if v is not None}) for n, a in turn.calls] == [("list_spectra", args)]


def listJobs(
    status: Annotated[str, Field(description="Job status filter")] = "open",
    limit: Annotated[int, Field(description="Max results")] = 20,
) -> dict[str, Any]:
    """List workshop jobs, newest first. status: open (default), archived or all."""
    return {"jobs": []}


def archiveJob(jobId: Annotated[str, Field(description="Job id")]) -> dict[str, Any]:
    """Archive a finished workshop job."""
    return {"ok": True}


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("show archived jobs", {"status": "archived"}),
        ("list archived jobs, 5 at a time", {"status": "archived", "limit": 5}),
    ],
)
async def test_a_filter_value_of_a_listing_is_not_the_verb_of_a_write_tool(text: str, args: dict) -> None:
    """'archived' is a status the listing filters by: no request to archive a job (which would ask for its id)."""
    tools = [tool(listJobs, readOnlyHint=True), tool(archiveJob, readOnlyHint=False)]
    turn = await ask(planner_agent(tools), text)
    assert turn.calls == [("listJobs", args)]


def open_fault_job(
    equipment: Annotated[str, Field(description="Equipment name or asset tag")],
    problem: Annotated[str, Field(description="What is wrong")],
) -> dict[str, Any]:
    """Opens a job for the workshop technicians."""
    return {"id": "J-1"}


@pytest.mark.parametrize(
    ("text", "missing"),
    [
        ("email the facility manager that the autoclave is broken", ["email_sending"]),
        ("email Sam that the centrifuge is leaking", ["email_sending"]),
        ("message Sam that the centrifuge is leaking", ["messaging"]),
    ],
)
def test_a_missing_capability_is_named_by_the_verb_that_opens_the_request(text: str, missing: list[str]) -> None:
    """'email X that Y is broken' reads like a chat message, but the verb asks for an e-mail."""
    from agent_core.gaps import required_capabilities

    tools = [tool(open_fault_job, readOnlyHint=False).tool_def]
    assert [need.name for need in required_capabilities(text, tools)] == missing


def find_tanks(
    species: Annotated[str | None, Field(description="Species, e.g. 'zebrafish' or 'medaka'")] = None,
    water: Annotated[str | None, Field(description="'fresh', 'brackish', or 'salt' for marine tanks")] = None,
) -> dict[str, Any]:
    """Search the aquarium room for tanks. All filters are optional; with no filter every tank is listed."""
    return {"tanks": []}


async def test_a_parameter_that_takes_listed_options_never_takes_the_requests_own_words() -> None:
    """'show me every tank in the room' names no option: the listing runs unfiltered, not with water='show me …'."""
    turn = await ask(planner_agent([tool(find_tanks, readOnlyHint=True)]), "show me every tank in the room")
    assert [(n, {k: v for k, v in a.items() if v is not None}) for n, a in turn.calls] == [("find_tanks", {})]
