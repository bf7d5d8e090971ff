"""Requests to tools of a newly connected server: values read from the sentence by the tool's JSON schema alone."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from agent_core.offline import PlannerConfig
from tests.planner_support import NOW, ask, planner_agent, time_tools, tool

pytestmark = pytest.mark.anyio


def request_supplies(
    material: Annotated[str, Field(description="The material to request, e.g. 'sucrose'")],
    amount: Annotated[int, Field(description="How much, a whole number in unit, 1 to 5000", ge=1, le=5000)],
    unit: Annotated[Literal["each", "g", "kg", "mL", "L"], Field(description="Unit of amount")] = "each",
) -> dict[str, Any]:
    """Request a material from the central supply store."""
    return {"material": material, "amount": amount, "unit": unit}


@pytest.mark.parametrize(
    ("text", "amount", "unit"),
    [
        ("request 1.5 kg of sucrose", 1500, "g"),
        ("request half a litre of sucrose", 500, "mL"),
        ("request 2 kg of sucrose", 2, "kg"),
    ],
)
async def test_an_amount_in_units_becomes_a_whole_number_of_a_unit_option(text: str, amount: int, unit: str) -> None:
    turn = await ask(planner_agent([tool(request_supplies, readOnlyHint=False)]), text)
    assert turn.calls == [("request_supplies", {"material": "sucrose", "amount": amount, "unit": unit})]


def find_proteins(
    names: Annotated[list[str], Field(description="Protein short names, one per item, e.g. ['HBB1', 'ALB2']")],
    organism: Annotated[
        Literal["human", "worm", "plant"], Field(description="Which organism (worm = C. elegans, plant = Arabidopsis)")
    ] = "human",
) -> dict[str, Any]:
    """Look up proteins in the PDBX catalogue by their short names: full name and length of each."""
    return {"names": names, "organism": organism}


@pytest.mark.parametrize(
    ("text", "names", "organism"),
    [
        ("Arabidopsis phyB protein info", ["phyB"], "plant"),  # a name of no example shape; the alias names the option
        ("protein lookup: C. elegans unc54", ["unc54"], "worm"),
        ("PDBX entries for HBB1 and ALB2", ["HBB1", "ALB2"], "human"),  # the catalogue's own name is no protein
    ],
)
async def test_a_required_list_takes_the_named_things_the_rest_of_the_request_leaves(
    text: str, names: list[str], organism: str
) -> None:
    turn = await ask(planner_agent([tool(find_proteins, readOnlyHint=True)]), text)
    assert turn.calls == [("find_proteins", {"names": names, "organism": organism})]


def decode_abbreviations(
    terms: Annotated[list[str], Field(description="Abbreviations, one per item, e.g. ['ELISA', 'FDR']")],
) -> dict[str, Any]:
    """Spell out abbreviations used in the department's documents."""
    return {"terms": terms}


async def test_a_common_acronym_is_a_value_for_a_parameter_that_takes_abbreviations() -> None:
    turn = await ask(
        planner_agent([tool(decode_abbreviations, readOnlyHint=True)]), "API in our documents, what are the letters?"
    )
    assert turn.calls == [("decode_abbreviations", {"terms": ["API"]})]


def list_merge_requests(
    project: Annotated[str, Field(description="The project as owner/name, e.g. 'acme/rocket'")],
) -> dict[str, Any]:
    """List the open merge requests of a code project."""
    return {"project": project, "merge_requests": []}


async def test_an_owner_name_value_is_read_out_of_an_address_with_a_host() -> None:
    turn = await ask(
        planner_agent([tool(list_merge_requests, readOnlyHint=True)]), "merge requests of gitlab.com/acme/rocket"
    )
    assert turn.calls == [("list_merge_requests", {"project": "acme/rocket"})]


def reorder_consumable(
    item: Annotated[str, Field(description="The consumable, e.g. 'gloves'")],
    packs: Annotated[int, Field(description="How many packs, 1 to 50", ge=1, le=50)],
) -> dict[str, Any]:
    """Reorder a lab consumable from the supplier."""
    return {"item": item, "packs": packs}


async def test_a_statement_followed_by_a_command_with_the_tools_verb_is_a_request() -> None:
    reorder = tool(reorder_consumable, readOnlyHint=False)
    turn = await ask(planner_agent([reorder]), "we've run out of nitrile gloves, reorder 5 packs")
    assert turn.calls == [("reorder_consumable", {"item": "nitrile gloves", "packs": 5})]
    turn = await ask(planner_agent([reorder]), "we've run out of nitrile gloves")
    assert turn.calls == []  # the statement alone asks nothing


def test_a_misspelt_word_is_corrected_to_the_one_word_a_live_tool_describes_itself_with() -> None:
    from types import SimpleNamespace

    from agent_core.offline.clauses import corrected

    venue = SimpleNamespace(name="find_venue", description="The street address and opening hours of a venue.")
    assert corrected("adress of the Tate Modern", [venue]) == "address of the Tate Modern"
    assert corrected("do we hav any ampicilin", [venue]) == "do we hav any ampicilin"  # no word of the tool's
    assert corrected("120 reais in euros", [SimpleNamespace(name="x", description="It reads")]) == "120 reais in euros"


def drug_interaction(
    drug_1: Annotated[str, Field(description="A medicine, by generic or brand name")],
    drug_2: Annotated[str, Field(description="Another medicine")],
) -> dict[str, Any]:
    """Check whether two medicines interact, and how severely."""
    return {"drug_1": drug_1, "drug_2": drug_2, "severity": "minor"}


@pytest.mark.parametrize(
    "text",
    [
        "can I take ibuprofen with warfarin?",
        "does ibuprofen interact with warfarin",
        "check whether ibuprofen and warfarin are ok together",
        "ibuprofen vs warfarin, any interaction?",
    ],
)
async def test_two_parameters_of_one_kind_take_the_two_names_joined_in_the_request(text: str) -> None:
    turn = await ask(planner_agent([tool(drug_interaction, readOnlyHint=True)]), text)
    assert turn.calls == [("drug_interaction", {"drug_1": "ibuprofen", "drug_2": "warfarin"})]


async def test_a_follow_up_names_a_new_pair() -> None:
    agent = planner_agent([tool(drug_interaction, readOnlyHint=True)])
    first = await ask(agent, "can I take ibuprofen with warfarin?")
    turn = await ask(agent, "what about aspirin and paracetamol?", first.messages)
    assert turn.calls == [("drug_interaction", {"drug_1": "aspirin", "drug_2": "paracetamol"})]


def hold_desk(
    desk: Annotated[str, Field(description="Desk code, e.g. 'DK-104'", pattern=r"^DK-\d{3}$")],
    starts: Annotated[str, Field(description="When the hold starts, local time as YYYY-MM-DDTHH:MM")],
    minutes: Annotated[int, Field(description="Length of the hold", ge=15, le=600)],
    reason: Annotated[str, Field(description="Shown on the desk's sign")],
) -> dict[str, Any]:
    """Put a hold on a hot desk."""
    return {"desk": desk, "starts": starts, "minutes": minutes, "reason": reason}


def open_desks(
    day: Annotated[str, Field(description="Day, YYYY-MM-DD")],
    min_minutes: Annotated[int, Field(description="Only gaps at least this long")] = 30,
) -> dict[str, Any]:
    """Hot desks with no hold, per desk, on a day."""
    return {"day": day, "desks": []}


DESKS = (tool(hold_desk, readOnlyHint=False), tool(open_desks, readOnlyHint=True))


@pytest.mark.parametrize(
    ("text", "desk", "starts", "minutes", "reason"),
    [
        ("hold desk 104 tomorrow at 2pm for an hour for thesis writing", "DK-104", "2026-01-08T14:00", 60, "thesis writing"),
        ("please hold desk no. 7 on Friday from 9 to 10:30, reason: interviews", "DK-007", "2026-01-09T09:00", 90, "interviews"),
    ],
)  # fmt: skip
async def test_a_code_said_by_its_number_and_a_day_with_a_time_fill_a_write(
    text: str, desk: str, starts: str, minutes: int, reason: str
) -> None:
    turn = await ask(planner_agent(DESKS), text)
    assert turn.calls == [("hold_desk", {"desk": desk, "starts": starts, "minutes": minutes, "reason": reason})]


async def test_a_write_named_by_the_request_asks_for_what_it_lacks_rather_than_running_a_lookup() -> None:
    turn = await ask(planner_agent(DESKS), "hold a desk for an hour on Friday for thesis writing")
    assert turn.calls == [] and turn.kinds == ["clarify"]


def primer_tm(
    primer: Annotated[str, Field(description="Primer bases", pattern=r"^[ACGTacgt]+$")],
) -> dict[str, Any]:
    """Melting temperature of a PCR primer."""
    return {"primer": primer, "tm_c": 58.2}


def primer_hairpins(
    primer: Annotated[str, Field(description="Primer bases", pattern=r"^[ACGTacgt]+$")],
) -> dict[str, Any]:
    """Hairpin structures a PCR primer can fold into."""
    return {"primer": primer, "hairpins": []}


def peptide_of(
    bases: Annotated[str, Field(description="Coding bases", pattern=r"^[ACGTacgt]+$")],
    frame: Annotated[Literal[1, 2, 3], Field(description="Reading frame")] = 1,
) -> dict[str, Any]:
    """Translate bases into a peptide."""
    return {"bases": bases, "frame": frame}


PRIMERS = (
    tool(primer_tm, readOnlyHint=True),
    tool(primer_hairpins, readOnlyHint=True),
    tool(peptide_of, readOnlyHint=True),
)


async def test_a_follow_up_asking_for_another_tool_keeps_the_value_it_was_about() -> None:
    agent = planner_agent(PRIMERS)
    first = await ask(agent, "melting temperature of ACGTTGCAAGGT")
    turn = await ask(agent, "and the hairpins?", first.messages)
    assert first.calls == [("primer_tm", {"primer": "ACGTTGCAAGGT"})]
    assert turn.calls == [("primer_hairpins", {"primer": "ACGTTGCAAGGT"})]


async def test_a_numbered_option_said_as_an_ordinal_and_no_two_letter_code_of_an_open_ended_pattern() -> None:
    turn = await ask(planner_agent(PRIMERS), "translate ACGTTGCAAGGT in the second reading frame")
    assert turn.calls == [("peptide_of", {"bases": "ACGTTGCAAGGT", "frame": 2})]
    asked = await ask(planner_agent(PRIMERS), "what's the melting temperature of my GC rich primer?")
    assert asked.calls == [] and asked.kinds == ["clarify"]


# Shapes of widely used public MCP servers (fetch, GitHub, Slack, SQLite), written from their published schemas.
def fetch_page(
    url: Annotated[str, Field(description="URL to fetch")],
    max_length: Annotated[int, Field(description="Maximum number of characters to return.")] = 5000,
) -> dict[str, Any]:
    """Fetches a URL from the internet and optionally extracts its contents as markdown."""
    return {"content": "page text"}


def open_issue(
    owner: Annotated[str, Field(description="Repository owner")],
    repo: Annotated[str, Field(description="Repository name")],
    title: Annotated[str, Field(description="Issue title")],
    body: Annotated[str | None, Field(description="Issue body content")] = None,
) -> dict[str, Any]:
    """Create a new issue in a GitHub repository"""
    return {"number": 12}


def post_to_channel(
    channel_id: Annotated[str, Field(description="The ID of the channel to post to")],
    text: Annotated[str, Field(description="The message text to post")],
) -> dict[str, Any]:
    """Post a new message to a Slack channel"""
    return {"ok": True}


def run_select(query: Annotated[str, Field(description="SELECT SQL query to execute")]) -> dict[str, Any]:
    """Execute a SELECT query on the SQLite database"""
    return {"rows": []}


POPULAR = (
    tool(fetch_page, readOnlyHint=True, openWorldHint=True),
    tool(open_issue, readOnlyHint=False),
    tool(post_to_channel, readOnlyHint=False),
    tool(run_select, readOnlyHint=True),
)


@pytest.mark.parametrize(
    ("text", "call"),
    [
        ("fetch https://example.org/paper.html", ("fetch_page", {"url": "https://example.org/paper.html"})),
        ("get me the first 2000 characters of https://example.org", ("fetch_page", {"url": "https://example.org", "max_length": 2000})),
        ("open an issue in octocat/hello-world titled 'Crash on start'", ("open_issue", {"owner": "octocat", "repo": "hello-world", "title": "Crash on start"})),
        ("post 'build is green' to channel C123", ("post_to_channel", {"channel_id": "C123", "text": "build is green"})),
        ("run SELECT * FROM samples LIMIT 5", ("run_select", {"query": "SELECT * FROM samples LIMIT 5"})),
    ],
)  # fmt: skip
async def test_tools_shaped_like_popular_public_servers_are_called_right(text: str, call: tuple[str, Any]) -> None:
    """ "Maximum number of characters" is a count, not an item number; "owner/name" fills two parameters; a string
    id is a code; a word in capitals is the person's literal text."""
    turn = await ask(planner_agent(POPULAR), text)
    assert turn.calls == [call]


def weather_alerts(
    state: Annotated[str, Field(description="Two-letter US state code (e.g. CA, NY)")],
) -> dict[str, Any]:
    """Get weather alerts for a US state."""
    return {"alerts": []}


@pytest.mark.parametrize(
    ("text", "states"),
    [
        ("any weather alerts in California?", ["CA"]),
        ("are there storm warnings in north carolina", ["NC"]),
        ("alerts for NY", ["NY"]),
        ("weather alerts in Texas and Florida", ["TX", "FL"]),
    ],
)
async def test_a_state_named_in_words_is_sent_as_the_code_the_parameter_asks_for(text: str, states: list[str]) -> None:
    """The MCP quickstart's weather server: its ``state`` is a two-letter code, people say the state's name."""
    turn = await ask(planner_agent([tool(weather_alerts, readOnlyHint=True)]), text)
    assert turn.calls == [("weather_alerts", {"state": s}) for s in states]


def log_weight(
    cage_id: Annotated[str, Field(description="Cage card id, e.g. 'CG-0412'", pattern=r"^CG-\d{4}$")],
    ear_tag: Annotated[str, Field(description="The animal's ear tag, 3-6 digits", pattern=r"^\d{3,6}$")],
    weight_g: Annotated[float, Field(description="Body weight in grams", gt=0)],
) -> dict[str, Any]:
    """Record one animal's body weight on its cage card."""
    return {"cage_id": cage_id, "ear_tag": ear_tag, "weight_g": weight_g}


def protocol_step(
    protocol: Annotated[str, Field(description="The protocol's name, e.g. 'western blot', 'miniprep'")],
    step: Annotated[int, Field(description="Step number (1-based)", ge=1)],
) -> dict[str, Any]:
    """Look up a single numbered step of one of the lab's protocols."""
    return {"protocol": protocol, "step": step, "instruction": "Spin 1 min at 12,000 x g."}


async def test_a_patterned_value_is_never_part_of_a_value_another_parameter_reads() -> None:
    agent = planner_agent([tool(log_weight, readOnlyHint=False)])
    weighed = await ask(agent, "Record that rat 501 in cage CG-0300 weighed 0.351 kg")
    assert weighed.calls == [("log_weight", {"cage_id": "CG-0300", "ear_tag": "501", "weight_g": 351})]
    untagged = await ask(agent, "log a weight of 24.1 g for cage CG-0412")  # "0412" is the cage's, not a tag
    assert untagged.calls == [] and untagged.kinds == ["clarify"] and "ear tag" in untagged.answer


@pytest.mark.parametrize(
    "text",
    [
        "step seven of the immunofluorescence protocol pls",
        "what does step 7 of the immunofluorescence protocol say",
        "Could you remind me what step seven of the immunofluorescence protocol says?",  # a question, not a task
    ],
)
async def test_a_number_tagged_with_the_parameters_own_name_is_its_value(text: str) -> None:
    turn = await ask(planner_agent([tool(protocol_step, readOnlyHint=True), *time_tools()]), text)
    assert turn.calls == [("protocol_step", {"protocol": "immunofluorescence protocol", "step": 7})] or turn.calls == [
        ("protocol_step", {"protocol": "immunofluorescence", "step": 7})
    ]


def claims(
    status: Annotated[
        Literal["draft", "submitted", "paid"] | None, Field(description="Only claims in this state")
    ] = None,
    startDate: Annotated[str | None, Field(description="Expense date from, YYYY-MM-DD (inclusive)")] = None,
    endDate: Annotated[str | None, Field(description="Expense date to, YYYY-MM-DD (inclusive)")] = None,
) -> dict[str, Any]:
    """List your expense claims, newest first. Every filter is optional."""
    return {"claims": []}


def run_queue(
    instrument: Annotated[
        str | None, Field(description="Only this sequencer: 'NovaSeq 6000', 'NextSeq 2000' or 'MiSeq'")
    ] = None,
) -> dict[str, Any]:
    """Runs waiting for or on the core's sequencers, with each queued run's place in line."""
    return {"runs": []}


def water_tray(
    trayId: Annotated[str, Field(description="Tray id, e.g. 'B3-12'", pattern=r"^[A-D][1-4]-\d{2}$")],
    volumeLiters: Annotated[float, Field(description="Volume of water given, in liters", gt=0)],
    wateredOn: Annotated[str | None, Field(description="Date watered, YYYY-MM-DD. Cannot be in the future")] = None,
) -> dict[str, Any]:
    """Record that a tray was watered."""
    return {"trayId": trayId}


@pytest.mark.parametrize(
    ("text", "args"),
    [  # the ends of a range: "since" is a start, a named period both ends, one plain day both
        ("what have I claimed since November 1st", {"startDate": "2025-11-01"}),  # today is 7 January 2026
        ("list my claims from last month", {"startDate": "2025-12-01", "endDate": "2025-12-31"}),
        ("claims between 3 November and 10 November", {"startDate": "2025-11-03", "endDate": "2025-11-10"}),
    ],
)
async def test_a_range_of_days_fills_the_start_and_end_parameters_it_names(text: str, args: dict[str, str]) -> None:
    agent = planner_agent([tool(claims, readOnlyHint=True)], PlannerConfig(clock=lambda: NOW))
    turn = await ask(agent, text)
    assert [(n, {k: v for k, v in a.items() if v is not None}) for n, a in turn.calls] == [("claims", args)]


async def test_options_listed_only_in_a_description_are_matched_like_an_enum() -> None:
    turn = await ask(planner_agent([tool(run_queue, readOnlyHint=True)]), "how long is the line for the nextseq?")
    assert turn.calls == [("run_queue", {"instrument": "NextSeq 2000"})]


async def test_a_weekday_in_a_report_of_something_done_is_the_one_just_gone() -> None:
    agent = planner_agent([tool(water_tray, readOnlyHint=False)], PlannerConfig(clock=lambda: NOW))
    turn = await ask(agent, "I watered tray B3-13 on Friday with 1,5 l, please log it")
    assert turn.calls == [("water_tray", {"trayId": "B3-13", "volumeLiters": 1.5, "wateredOn": "2026-01-02"})]


def trays(
    species: Annotated[str | None, Field(description="Species, scientific or common name (e.g. 'tomato')")] = None,
    limit: Annotated[int, Field(description="Maximum number of trays to return (1-100)", ge=1, le=100)] = 20,
    offset: Annotated[int, Field(description="Number of trays to skip, for paging", ge=0)] = 0,
) -> dict[str, Any]:
    """List trays in the plant growth facility, optionally filtered by species. Paginated with limit and offset."""
    return {"trays": []}


@pytest.mark.parametrize(
    ("text", "args"),
    [("list trays, five per page", {"limit": 5}), ("list trays, skip the first 10", {"offset": 10})],
)
async def test_a_page_size_is_a_limit_and_only_a_skip_said_as_one_is_an_offset(text: str, args: dict) -> None:
    turn = await ask(planner_agent([tool(trays, readOnlyHint=True)]), text)
    assert turn.calls == [("trays", args)]


async def test_a_statement_about_an_item_asks_no_lookup_of_it() -> None:
    turn = await ask(planner_agent([tool(trays, readOnlyHint=True)]), "the tomatoes in chamber 2 are starting to wilt")
    assert turn.calls == []
