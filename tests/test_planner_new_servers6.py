"""Requests to tools of a newly connected server (sixth file): a code forge that takes a repository as an owner and
a name, and a maps server that takes the two ends of a trip.

A repository said as "owner/name" (bare, on a forge, with "#52" or ".../issues/14") is neither a file nor the
request's topic; what follows a request's colon is its content; the opening verb's kind ("pull up" reads, "file"
creates) and the number of the thing named ("every issue", "issue 14") pick among tools that share a noun.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import pytest
from pydantic import Field

from agent_core.offline import PlannerConfig, slots
from agent_core.offline.router import content_as_word
from tests.planner_support import NOW, TaskStore, ask, conversation, planner_agent, tool

pytestmark = pytest.mark.anyio

Owner = Annotated[str, Field(description="Repository owner")]
Repo = Annotated[str, Field(description="Repository name")]
Number = Annotated[float, Field(description="The number of the issue")]


def create_issue(
    owner: Owner,
    repo: Repo,
    title: Annotated[str, Field(description="Issue title")],
    body: Annotated[str | None, Field(description="Issue body content")] = None,
) -> dict[str, Any]:
    """Create a new issue in a repository"""
    return {"number": 53, "title": title}


def list_repo_issues(
    owner: Owner,
    repo: Repo,
    state: Annotated[str | None, Field(description="Filter by state ('open', 'closed', 'all')")] = None,
    since: Annotated[str | None, Field(description="Filter by date (ISO 8601 timestamp)")] = None,
    page: Annotated[float | None, Field(description="Page number for pagination (min 1)")] = None,
    perPage: Annotated[float | None, Field(description="Results per page for pagination (min 1, max 100)")] = None,
) -> dict[str, Any]:
    """List issues in a repository with filtering options"""
    return {"issues": [{"number": 52, "title": "Index path is hardcoded", "state": "open"}]}


def get_issue(owner: Owner, repo: Repo, issue_number: Number) -> dict[str, Any]:
    """Get details of a specific issue in a repository"""
    return {"number": issue_number, "title": "Index path is hardcoded"}


def create_issue_comment(
    owner: Owner, repo: Repo, issue_number: Number, body: Annotated[str, Field(description="Comment text")]
) -> dict[str, Any]:
    """Add a comment to an existing issue"""
    return {"id": 1, "body": body}


def get_file(
    owner: Owner,
    repo: Repo,
    path: Annotated[str, Field(description="Path to file/directory")],
    ref: Annotated[str | None, Field(description="Accepts optional git refs such as `refs/heads/{branch}`")] = None,
) -> dict[str, Any]:
    """Get the contents of a file or directory from a repository"""
    return {"path": path, "content": "samples: samples.tsv"}


READS = (list_repo_issues, get_issue, get_file)
FORGE = [tool(f, readOnlyHint=True, openWorldHint=True) for f in READS] + [
    tool(f, readOnlyHint=False, openWorldHint=True) for f in (create_issue, create_issue_comment)
]
# A filesystem root is configured: a repository's file must never be read as one of the person's own files.
CONFIG = PlannerConfig(file_roots=(Path("/srv/research"),), clock=lambda: NOW)


async def plan(text: str, tools: list[Any] = FORGE) -> Any:
    return await ask(planner_agent(tools, CONFIG), text)


def sent(turn: Any) -> list[tuple[str, dict[str, Any]]]:
    """The calls with the arguments actually given (an optional filter sent as its default ``None`` left out)."""
    return [(name, {k: v for k, v in args.items() if v is not None}) for name, args in turn.calls]


def test_a_repository_is_read_as_a_word_only_when_shaped_like_one_or_spoken_of() -> None:
    assert slots.repositories_as_word("open an issue on hoffmann-lab/scrna-pipeline") == "open an issue on repository"
    assert slots.repositories_as_word("pull up https://github.com/a-lab/atlas/issues/14") == (
        "pull up repository issue 14"
    )
    assert slots.repositories_as_word("comment on a-lab/atlas#52: works") == "comment on repository issue 52: works"
    assert slots.repositories_as_word("issues of the torvalds/linux repo") == "issues of the repository repo"
    for kept in ("lat/long of frankfurt airport?", "what is in notes/ideas.txt", "config/config.yaml", "and/or"):
        assert slots.repositories_as_word(kept) == kept


def test_what_follows_a_requests_colon_is_its_content_but_a_story_or_a_question_is_not() -> None:
    assert content_as_word("open an issue on X: the index path is hardcoded") == "open an issue on X: something"
    for kept in (
        "before I start the western: is there enough SDS and where is it?",  # the question is the request
        "ok so like 2 things: what time is it in Tokyo and add buy mochi",  # a lead-in
        "todo: buy milk and eggs",  # a one-word label
    ):
        assert content_as_word(kept) == kept


async def test_an_issue_is_opened_in_the_repository_with_its_title_not_read_from_a_file() -> None:
    turn = await plan("open an issue on hoffmann-lab/scrna-pipeline: STARsolo index path is hardcoded in align.smk")
    assert turn.calls == [
        (
            "create_issue",
            {
                "owner": "hoffmann-lab",
                "repo": "scrna-pipeline",
                "title": "STARsolo index path is hardcoded in align.smk",
            },
        )
    ]


async def test_every_issue_lists_and_an_issue_by_its_number_is_read() -> None:
    turn = await plan("list the open issues in hoffmann-lab/scrna-pipeline")
    assert sent(turn) == [("list_repo_issues", {"owner": "hoffmann-lab", "repo": "scrna-pipeline", "state": "open"})]
    turn = await plan("can you pull up https://github.com/hoffmann-lab/spatial-atlas/issues/14")
    assert turn.calls == [("get_issue", {"owner": "hoffmann-lab", "repo": "spatial-atlas", "issue_number": 14})]
    turn = await plan("look up issue forty-seven on hoffmann-lab/scrna-pipeline")
    assert turn.calls == [("get_issue", {"owner": "hoffmann-lab", "repo": "scrna-pipeline", "issue_number": 47})]


async def test_a_page_size_an_iso_timestamp_and_a_comment_on_an_issue_number() -> None:
    turn = await plan("list issues in hoffmann-lab/scrna-pipeline, five per page")
    assert sent(turn) == [("list_repo_issues", {"owner": "hoffmann-lab", "repo": "scrna-pipeline", "perPage": 5})]
    turn = await plan("which issues in hoffmann-lab/scrna-pipeline were updated since Monday?")
    assert sent(turn) == [
        ("list_repo_issues", {"owner": "hoffmann-lab", "repo": "scrna-pipeline", "since": "2026-01-05"})
    ]
    turn = await plan(
        "comment on hoffmann-lab/scrna-pipeline#52: works after re-running with --soloBarcodeReadLength 0"
    )
    assert turn.calls == [
        (
            "create_issue_comment",
            {
                "owner": "hoffmann-lab",
                "repo": "scrna-pipeline",
                "issue_number": 52,
                "body": "works after re-running with --soloBarcodeReadLength 0",
            },
        )
    ]


async def test_a_comment_on_an_issue_is_the_forges_even_with_a_task_list_connected() -> None:
    """ "add a comment to …" frames a task's description; the request names an issue, not a task."""
    tools = [*FORGE, *TaskStore.with_titles("Buy milk", "Order pipettes").tools()]
    turn = await plan(
        "Please add a comment to issue 14 in hoffmann-lab/atlas saying Harmony is on the rev-1 branch.", tools
    )
    assert turn.calls == [
        (
            "create_issue_comment",
            {"owner": "hoffmann-lab", "repo": "atlas", "issue_number": 14, "body": "Harmony is on the rev-1 branch"},
        )
    ]


async def test_a_file_of_the_repository_is_sent_as_written_at_the_branch_named() -> None:
    turn = await plan("what's in config/config.yaml on the dev branch of hoffmann-lab/scrna-pipeline?")
    assert turn.calls == [
        ("get_file", {"owner": "hoffmann-lab", "repo": "scrna-pipeline", "path": "config/config.yaml", "ref": "dev"})
    ]


Mode = Annotated[str, Field(description="Travel mode (driving, walking, bicycling, transit)")]


def get_directions(
    origin: Annotated[str, Field(description="Starting point address or coordinates")],
    destination: Annotated[str, Field(description="Ending point address or coordinates")],
    mode: Mode = "driving",
) -> dict[str, Any]:
    """Get directions between two points"""
    return {"legs": []}


def get_travel_times(
    origins: Annotated[list[str], Field(description="Array of origin addresses or coordinates")],
    destinations: Annotated[list[str], Field(description="Array of destination addresses or coordinates")],
    mode: Mode = "driving",
) -> dict[str, Any]:
    """Calculate travel distance and time for multiple origins and destinations"""
    return {"rows": []}


MAPS = [tool(f, readOnlyHint=True, openWorldHint=True) for f in (get_directions, get_travel_times)]


def test_the_two_ends_of_a_trip_are_read_up_to_its_mode() -> None:
    ends = slots.trip_ends("how do I get from the Crick to Heathrow by tube")
    assert {role: span.value for role, span in ends.items()} == {"source": "the Crick", "target": "Heathrow"}
    assert slots.trip_ends("what time is it in Tokyo") == {}


async def test_a_trip_fills_the_origin_and_the_destination_and_a_mode_said_in_words() -> None:
    turn = await plan("directions from Denver International Airport to CU Anschutz by public transport", MAPS)
    assert turn.calls == [
        ("get_directions", {"origin": "Denver International Airport", "destination": "CU Anschutz", "mode": "transit"})
    ]
    turn = await plan("driving times from BioQuant Heidelberg to Mannheim, Karlsruhe and Stuttgart", MAPS)
    assert turn.calls == [
        (
            "get_travel_times",
            {
                "origins": ["BioQuant Heidelberg"],
                "destinations": ["Mannheim", "Karlsruhe", "Stuttgart"],
                "mode": "driving",
            },
        )
    ]


def paper_details(paper_id: str) -> dict[str, Any]:
    """Get details of a paper.

    Args:
        paper_id: The paper's ID, or an external ID with its prefix: "DOI:10.1038/nature12373", "ARXIV:2106.15928",
            "PMID:19872477"
    """
    return {"paperId": paper_id}


async def test_an_identifier_is_sent_with_the_prefix_the_examples_show() -> None:
    papers = [tool(paper_details, readOnlyHint=True, openWorldHint=True)]
    turn = await plan("get paper DOI 10.1038/s41586-021-03819-2", papers)
    assert turn.calls == [("paper_details", {"paper_id": "DOI:10.1038/s41586-021-03819-2"})]
    turn = await plan("details of https://doi.org/10.1038/s41592-020-01018-x please", papers)
    assert turn.calls == [("paper_details", {"paper_id": "DOI:10.1038/s41592-020-01018-x"})]
    turn = await plan("fetch paper arXiv 2106.09685", papers)
    assert turn.calls == [("paper_details", {"paper_id": "ARXIV:2106.09685"})]
    turn = await plan("look up the paper with PMID 29409532", papers)  # digits alone say nothing: the PMID is said
    assert turn.calls == [("paper_details", {"paper_id": "PMID:29409532"})]


Point = Annotated[float, Field(description="Latitude coordinate")]


def address_at(
    latitude: Point, longitude: Annotated[float, Field(description="Longitude coordinate")]
) -> dict[str, Any]:
    """Convert coordinates into an address"""
    return {"formatted_address": "Im Neuenheimer Feld, Heidelberg"}


def heights(
    locations: Annotated[
        list[dict[str, float]],
        Field(
            description="Array of locations to get elevation for",
            json_schema_extra={
                "items": {
                    "type": "object",
                    "properties": {"latitude": {"type": "number"}, "longitude": {"type": "number"}},
                    "required": ["latitude", "longitude"],
                }
            },
        ),
    ],
) -> dict[str, Any]:
    """Get elevation data for locations on the earth"""
    return {"results": []}


async def test_written_coordinates_are_evidence_and_fill_latitude_longitude_objects() -> None:
    """A written pair of coordinates points at the tools that take them, even asked as "what's at …" (no web search),
    and a list of {latitude, longitude} objects takes every pair."""
    geo = [tool(f, readOnlyHint=True, openWorldHint=True) for f in (address_at, heights)]
    turn = await plan("what's at 49.4106, 8.7153?", [*geo, *TaskStore.with_titles("Buy milk").tools()])
    assert turn.calls == [("address_at", {"latitude": 49.4106, "longitude": 8.7153})]
    turn = await plan("how high above sea level are 39.7392,-104.9903 and 39.8561,-104.6737?", geo)
    assert turn.calls == [
        (
            "heights",
            {
                "locations": [
                    {"latitude": 39.7392, "longitude": -104.9903},
                    {"latitude": 39.8561, "longitude": -104.6737},
                ]
            },
        )
    ]


def web_search(query: str) -> dict[str, Any]:
    """Search the web for a query"""
    return {"results": []}


def find_papers(query: str, limit: int = 10) -> dict[str, Any]:
    """Search for papers by keyword"""
    return {"total": 0, "data": []}


def find_repos(query: str) -> dict[str, Any]:
    """Search for GitHub repositories"""
    return {"items": []}


async def test_a_search_of_what_a_connected_tool_searches_is_not_sent_to_the_public_web() -> None:
    """ "search papers on X" with a paper search connected searches papers; "search the web for X" still the web."""
    tools = [tool(f, readOnlyHint=True, openWorldHint=True) for f in (web_search, find_papers, find_repos)]
    turn = await plan("search papers on crispr prime editing", tools)
    assert turn.calls == [("find_papers", {"query": "crispr prime editing"})]
    turn = await plan("search github for nextflow rna-seq pipelines", tools)
    assert turn.calls == [("find_repos", {"query": "nextflow rna-seq pipelines"})]
    turn = await plan("search the web for crispr prime editing", tools)
    assert [name for name, _ in turn.calls] == ["web_search"]


async def test_a_four_letter_slip_of_a_word_the_tools_use_is_put_right() -> None:
    """ "isue" is one letter short of the tools' "issue"; a four-letter word is only ever lengthened this way."""
    turn = await plan("show me isue 52 in hoffmann-lab/scrna-pipeline")
    assert turn.calls == [("get_issue", {"owner": "hoffmann-lab", "repo": "scrna-pipeline", "issue_number": 52})]


async def test_open_the_second_one_after_a_listing_reads_that_item_and_comments_on_nothing() -> None:
    def list_issues(owner: Owner, repo: Repo) -> dict[str, Any]:
        """List issues in a repository"""
        return {"issues": [{"number": 52, "title": "Index path is hardcoded"}, {"number": 26, "title": "Crash"}]}

    tools = [tool(list_issues, readOnlyHint=True), *FORGE[1:]]
    listed, opened = await conversation(
        planner_agent(tools, CONFIG), "list the issues in hoffmann-lab/organoid-seg", "open the second one"
    )
    assert [name for name, _ in listed.calls] == ["list_issues"]
    assert opened.calls == [("get_issue", {"owner": "hoffmann-lab", "repo": "organoid-seg", "issue_number": 26})]


async def test_the_states_a_listing_takes_said_between_commas_are_no_second_request() -> None:
    turn = await plan("show me every issue, open or closed, in hoffmann-lab/spatial-atlas")
    assert sent(turn) == [("list_repo_issues", {"owner": "hoffmann-lab", "repo": "spatial-atlas", "state": "all"})]


async def test_an_option_whose_default_is_null_is_not_sent_when_nothing_chose_it() -> None:
    def list_issues(
        owner: Owner,
        repo: Repo,
        sort: Annotated[
            str | None, Field(description="Sort by", json_schema_extra={"enum": ["created", "updated"]})
        ] = None,
    ) -> dict[str, Any]:
        """List issues in a repository"""
        return {"issues": []}

    tools = [tool(list_issues, readOnlyHint=True)]
    turn = await plan("list the issues in hoffmann-lab/organoid-seg", tools)
    assert turn.calls == [("list_issues", {"owner": "hoffmann-lab", "repo": "organoid-seg"})]
    turn = await plan("list the issues in hoffmann-lab/organoid-seg, newest updated first", tools)
    assert turn.calls == [("list_issues", {"owner": "hoffmann-lab", "repo": "organoid-seg", "sort": "updated"})]
