"""Values read for any tool from its JSON schema and descriptions: numbers of an enum said in words or glued to a tag,
yes/no options by the example their description gives, lists named by a verb, year ranges, sort orders, and codes a
parameter's description lists with names. Every tool here is written for the test; the planner's code names none."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from pydantic_ai.tools import ToolDefinition

from agent_core.offline import slots
from agent_core.offline.arguments import Context, fill

SUNDAY = date(2026, 11, 22)


def _tool(name: str, properties: dict[str, Any], required: list[str], description: str = "") -> ToolDefinition:
    return ToolDefinition(
        name=name,
        description=description,
        parameters_json_schema={"type": "object", "properties": properties, "required": required},
    )


def _args(tool: ToolDefinition, text: str) -> dict[str, Any]:
    filled = fill(tool, text, None, Context(today=SUNDAY))
    return {**filled.args, **({"missing": filled.missing} if filled.missing else {})}


QUEUE = _tool(
    "queue_run",
    {
        "library": {"type": "string", "description": "Name of the pooled library, e.g. 'LIB-liver-B3'"},
        "cycles": {"type": "integer", "enum": [50, 75, 100, 150, 250, 300], "description": "Read length in cycles"},
        "pairedEnd": {"type": "boolean", "description": "true for paired-end reads ('2x150'), false for single-end"},
    },
    ["library", "cycles", "pairedEnd"],
    "Queue a sequencing library.",
)


@pytest.mark.parametrize(
    ("text", "cycles", "paired"),
    [
        ("queue LIB-liver-B3 for 2x150", 150, True),
        ("queue LIB-liver-B3, 2 x 150 please", 150, True),
        ("PE150 for LIB-liver-B3", 150, True),
        ("queue LIB-liver-B3, single end seventy-five", 75, False),
        ("queue LIB-liver-B3 as SE50", 50, False),
    ],
)
def test_a_number_option_and_a_yes_no_are_read_the_way_a_sequencing_run_is_written(
    text: str, cycles: int, paired: bool
) -> None:
    args = _args(QUEUE, text)
    assert (args.get("cycles"), args.get("pairedEnd")) == (cycles, paired)


def test_a_number_option_is_not_read_inside_other_numbers_or_after_it() -> None:
    options = [50, 75, 100, 150]
    assert slots.enum_values(options, "image it with a 100x objective") == []
    assert slots.enum_values(options, "samples L1 and L50-3") == []
    assert [s.value for s in slots.enum_values(options, "make it seventy five")] == [75]
    flag = {"type": "boolean", "description": "true for paired-end reads ('2x150'), false for single-end"}
    assert slots.described_flag(flag, "150 reads of library 7", frozenset()) is None  # says neither


ISSUE = _tool(
    "open_ticket",
    {
        "project": {"type": "string", "description": "Project key"},
        "title": {"type": "string", "description": "Ticket title"},
        "labels": {"type": "array", "items": {"type": "string"}, "description": "Labels to add"},
        "assignees": {"type": "array", "items": {"type": "string"}, "description": "Logins to assign"},
    },
    ["project", "title"],
    "Open a ticket in a project.",
)


@pytest.mark.parametrize(
    ("text", "labels", "assignees"),
    [
        ("open a ticket in CORE called 'Fix the login', label it bug and assign it to @ana", ["bug"], ["ana"]),
        ("open a ticket in CORE called 'Fix the login', assign it to bo and label it docs", ["docs"], ["bo"]),
        ("open a ticket in CORE called 'Fix the login'", None, None),
    ],
)
def test_a_list_is_named_by_its_parameter_said_as_a_verb(
    text: str, labels: list[str] | None, assignees: list[str] | None
) -> None:
    args = _args(ISSUE, text)
    assert (args.get("labels"), args.get("assignees"), args["title"]) == (labels, assignees, "Fix the login")


PAPERS = _tool(
    "find_papers",
    {
        "query": {"type": "string"},
        "year": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None},
        "fields": {"anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}], "default": None},
        "limit": {"type": "integer", "default": 10},
    },
    ["query"],
    "Search papers.\n\nArgs:\n    query: Keywords\n    year: Year or range, e.g. '2019', '2019-2023', '2020-' or '-2015'\n"
    "    fields: Fields of study, e.g. ['Computer Science', 'Biology', 'Medicine']\n    limit: How many\n",
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("papers on batch integration from 2019 to 2021", {"year": "2019-2021", "query": "batch integration"}),
        ("organoid papers since 2020", {"year": "2020-", "query": "organoid papers"}),
        ("papers on prime editing before 2020", {"year": "-2019", "query": "prime editing"}),
        ("biology papers on cell segmentation from the last five years", {"year": "2021-", "fields": ["Biology"]}),
        ("find computer sceince papers on transformers", {"fields": ["Computer Science"], "query": "transformers"}),
    ],
)
def test_a_year_range_written_as_the_description_shows_and_fields_named_from_its_examples(
    text: str, expected: dict[str, Any]
) -> None:
    from agent_core.offline.catalogue import documented

    args = _args(documented(PAPERS), text)
    assert {k: args.get(k) for k in expected} == expected
    assert "limit" not in args  # "five years" counts no papers


def test_examples_of_things_are_not_a_vocabulary_of_kinds() -> None:
    genes = {"type": "array", "items": {"type": "string"}, "description": "Gene symbols, e.g. ['TP53', 'BRCA1']"}
    assert slots.choices(genes, "BRCA1, BRCA2 and PALB2") is None  # read by their shape, all three, elsewhere
    names = {"type": "array", "items": {"type": "string"}, "description": "Names, e.g. ['Danio rerio', 'thale cress']"}
    assert slots.choices(names, "resolve Danio rerio, thale cress, water bear") is None


LISTING = _tool(
    "list_items",
    {
        "state": {"type": "string", "enum": ["open", "closed", "all"]},
        "direction": {"type": "string", "enum": ["asc", "desc"]},
        "perPage": {"type": "integer", "description": "Results per page"},
    },
    [],
    "Lists the commits of a repository.",
)


def test_an_order_and_a_page_size_are_read_as_people_say_them() -> None:
    assert _args(LISTING, "oldest open ones first")["direction"] == "asc"
    assert _args(LISTING, "newest first please")["direction"] == "desc"
    assert "direction" not in _args(LISTING, "the open ones")
    assert _args(LISTING, "the last 5 commits")["perPage"] == 5


ROOMS = _tool(
    "hold_room",
    {
        "room": {
            "type": "string",
            "pattern": "^RM-\\d{3}$",
            "description": "Room: RM-101 seminar room (40 seats), RM-108 video-conference room (12), RM-214 and "
            "RM-215 meeting rooms, RM-310 focus room / phone booth (2)",
        },
        "start": {"type": "string", "description": "Start, local time, YYYY-MM-DDTHH:MM"},
        "minutes": {"type": "integer", "description": "Length in minutes"},
        "purpose": {"type": "string", "description": "Shown on the door"},
    },
    ["room", "start", "minutes", "purpose"],
    "Hold a room for one slot.",
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "hold the video conference room tomorrow at 4pm for 45 minutes for a call with Zurich",
            {"room": "RM-108", "start": "2026-11-23T16:00", "minutes": 45, "purpose": "call with Zurich"},
        ),
        (
            "room 310 tmrw 9am 30 min, phone interview",
            {"room": "RM-310", "start": "2026-11-23T09:00", "minutes": 30, "purpose": "phone interview"},
        ),
        (
            "hold RM-215 on Tuesday from 10 to 11:30, purpose: thesis meeting",  # "meeting rooms" is RM-215's name
            {"room": "RM-215", "start": "2026-11-24T10:00", "minutes": 90, "purpose": "thesis meeting"},
        ),
        (
            "hold room 214 for an hour and a half on Wednesday at 10:30 for the lab meeting",
            {"room": "RM-214", "start": "2026-11-25T10:30", "minutes": 90, "purpose": "lab meeting"},
        ),
    ],
)
def test_a_code_is_found_by_the_name_its_parameter_lists_and_those_names_stay_the_persons_words(
    text: str, expected: dict[str, Any]
) -> None:
    assert _args(ROOMS, text) == expected


def test_a_parameter_that_lists_a_few_codes_without_names_gives_examples_not_a_glossary() -> None:
    seq = {"type": "string", "pattern": "^[ACGTUacgtu]+$", "description": "Nucleotides, ACGT or ACGU only"}
    assert slots.described_code(seq, seq["description"], "reverse complement my primer", glossary=True) is None


def test_texting_shorthand_for_tomorrow_is_a_date() -> None:
    assert [s.value for s in slots.dates("call the vet tmrw", SUNDAY)] == ["2026-11-23"]
    assert [s.value for s in slots.dates("2moro at 9", SUNDAY)] == ["2026-11-23"]


def test_two_words_written_with_a_slash_are_no_path() -> None:
    assert slots.paths("lat/long of the Frankfurt airport?") == []
    assert slots.paths("add it and/or the other one") == []
    assert [s.value for s in slots.paths("read data/results.csv")] == ["data/results.csv"]


def test_an_option_said_with_two_letters_swapped_or_as_a_plural_in_es_is_still_that_option() -> None:
    modes = ["driving", "walking", "bicycling", "transit"]
    assert [s.value for s in slots.enum_values(modes, "from the Crick to Heathrow by trian")] == ["transit"]
    materials = ["book", "ebook", "thesis", "any"]
    assert [s.value for s in slots.enum_values(materials, "any theses by Hovland?")] == ["thesis"]
    assert [s.value for s in slots.enum_values(materials, "anything by Hovland?")] == []


SITES = _tool(
    "site_report",
    {
        "site": {"type": "string", "pattern": "^[A-Z]{2}-\\d{2}$", "description": "Site id, e.g. 'LK-07'"},
        "since": {"type": "string", "description": "Only samples from this date on, YYYY-MM-DD"},
    },
    ["site"],
    "Summarise a site's samples. Sites: LK-01 North inlet; LK-07 Jetty; LK-09 Deep basin.",
)


def test_a_lone_since_date_takes_the_start_of_a_period_and_a_day_of_a_date_names_no_site() -> None:
    assert _args(SITES, "deep basin summary for this month") == {"site": "LK-09", "since": "2026-11-01"}
    assert _args(SITES, "how has the jetty site looked since 1 November?") == {"site": "LK-07", "since": "2026-11-01"}


PER_DIEM = _tool(
    "allowance",
    {"city": {"type": "string", "description": "City, e.g. 'Tokyo'"}, "nights": {"type": "integer", "default": 1}},
    ["city"],
    "Daily allowance for a stay.",
)
TRIP = _tool(
    "request_trip",
    {
        "city": {"type": "string", "description": "City, e.g. 'Boston'"},
        "budget": {"type": "number", "description": "Total budget"},
        "purpose": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "description": "Why"},
    },
    ["city", "budget"],
    "Ask for a trip to be approved.",
)
CLOSE = _tool(
    "close_ticket",
    {
        "ticket": {"type": "string", "pattern": "^SR-\\d{5}$", "description": "Ticket ID"},
        "resolution": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "Resolution note",
        },
    },
    ["ticket"],
    "Closes a ticket.",
)


def test_a_stay_in_weeks_misspelt_nights_a_bracketed_note_and_a_label_without_a_colon() -> None:
    assert _args(PER_DIEM, "allowance for a week in Zurich")["nights"] == 7
    assert _args(PER_DIEM, "allowance lisbon 5 nigths")["nights"] == 5
    assert _args(CLOSE, "close SR-10483 (nozzle replaced)")["resolution"] == "nozzle replaced"
    trip = _args(TRIP, "request a trip: Tokyo, budget 3200, purpose MBSJ annual meeting")
    assert trip["purpose"] == "MBSJ annual meeting"
    assert _args(TRIP, "request a trip: Tokyo, budget 3200, purpose is unclear").get("purpose") != "unclear"


def test_a_misspelt_word_is_put_right_by_the_options_a_tool_lists_too() -> None:
    from agent_core.offline.clauses import corrected

    studies = _tool(
        "search_studies",
        {"status": {"type": "string", "enum": ["RECRUITING", "COMPLETED"]}, "condition": {"type": "string"}},
        [],
        "Search the registry.",
    )
    assert corrected("recuiting studies on asthma", [studies]) == "recruiting studies on asthma"
    assert corrected("recuiting studies on asthma") == "recuiting studies on asthma"  # no tool lists it


CATALOGUE = _tool(
    "find_holdings",
    {
        "title": {
            "anyOf": [{"type": "string"}, {"type": "null"}],
            "default": None,
            "description": "Words from the title",
        },
        "author": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": None, "description": "Author surname"},
        "material": {
            "type": "string",
            "default": "any",
            "description": "Restrict to one material type: book, ebook, journal or thesis (default: any)",
        },
    },
    [],
    "Search the library catalogue by title and/or author.",
)


def test_who_made_a_thing_is_read_after_by_and_options_listed_after_a_type_are_options() -> None:
    assert _args(CATALOGUE, "any theses by Hovland?") == {"author": "Hovland", "material": "thesis"}
    assert _args(CATALOGUE, "books by Sokal") == {"author": "Sokal", "material": "book"}
    assert _args(CATALOGUE, "is there anything in the library by Hastie")["author"] == "Hastie"
    assert _args(CATALOGUE, "is there anything in the library by Hastie")["material"] == "any"  # "the" is no thesis


def test_a_yes_no_option_is_said_by_a_word_the_catalogue_gives_it() -> None:
    assert slots.flag("urgent", "order 10 packs asap") == slots.Span(True, 15, 19)
    assert slots.flag("urgent", "order 10 packs, not urgent").value is False
    assert slots.flag("urgent", "order 10 packs") is None


def test_a_name_read_with_other_values_cut_out_is_placed_where_it_was_said() -> None:
    # the title's words, once taken, are no one else's: the author never gets a piece of them ("cience")
    args = _args(CATALOGUE, "is there an ebook of R for Data Science")
    assert args["material"] == "ebook"
    assert not any(
        args.get(k) and args[k] not in "is there an ebook of R for Data Science" for k in ("title", "author")
    )
    assert args.get("author") != args.get("title")


def test_a_title_in_brackets_loses_them_and_is_capitalised() -> None:
    import json
    from pathlib import Path

    from agent_core.offline.catalogue import catalogue

    tools = {t["name"]: t for t in json.loads((Path(__file__).parent.parent / "eval" / "tools.json").read_text())}
    add = _tool("add_task", tools["add_task"]["parameters"]["properties"], ["title"], tools["add_task"]["description"])
    filled = fill(add, "add a task: (call the vet)", catalogue().get("task_add"), Context(today=SUNDAY))
    assert filled.args["title"] == "Call the vet"


REPOSITORY = {
    "owner": {"type": "string", "description": "Repository owner"},
    "repo": {"type": "string", "description": "Repository name"},
}
TICKETS = _tool(
    "create_ticket",
    {
        **REPOSITORY,
        "title": {"type": "string", "description": "Ticket title"},
        "body": {"type": "string", "description": "Ticket body"},
    },
    ["owner", "repo", "title"],
    "Create a new ticket in a repository",
)
COMMENT = _tool(
    "add_ticket_comment",
    {
        **REPOSITORY,
        "ticket_number": {"type": "number", "description": "Ticket number to comment on"},
        "body": {"type": "string", "description": "Comment text, e.g. about an offset"},
    },
    ["owner", "repo", "ticket_number", "body"],
    "Add a comment to an existing ticket",
)


def test_a_new_things_title_is_what_was_said_not_a_name_found_in_it() -> None:
    args = _args(TICKETS, "open a ticket on acme/widgets: add support for the human GRCh38 reference")
    assert (args["owner"], args["repo"]) == ("acme", "widgets")
    assert args["title"].lower() == "add support for the human grch38 reference"  # not "human GRCh38 reference"


def test_what_a_comment_says_is_its_body_never_the_repository_or_its_owner() -> None:
    args = _args(COMMENT, "comment on it: fixed on my machine by rounding the offsets, PR coming")
    assert args["body"] == "fixed on my machine by rounding the offsets, PR coming"
    assert "owner" not in args and "repo" not in args  # not said: asked for, or carried from the conversation


def test_an_inflected_word_is_no_slip_for_a_word_a_tool_uses() -> None:
    from agent_core.offline.clauses import corrected

    said = "comment on it: fixed by rounding the offsets"
    assert corrected(said, [COMMENT]) == said  # "offsets" is "offset" inflected, not a slip of it
    assert corrected("note the ofset of ticket 4", [COMMENT]) == "note the offset of ticket 4"  # a slip: put right
    said = "open a ticket: the ofset is wrong"  # what follows a colon is the person's text, kept as they wrote it
    assert corrected(said, [COMMENT]) == said


def test_a_short_word_one_letter_from_a_tools_word_is_a_word_of_its_own() -> None:
    from agent_core.offline.clauses import corrected

    trials = _tool(
        "search_trials",
        {"phase": {"type": "string", "description": "Trial phase, e.g. 'PHASE2'"}},
        [],
        "Search clinical trials by condition, phase and recruiting status",
    )
    assert corrected("grants for phage therapy", [trials]) == "grants for phage therapy"  # not "phase therapy"
    assert corrected("recuiting trials", [trials]) == "recruiting trials"  # a letter left out: a slip
