"""Servers shaped like widely used public MCP servers the planner has no code for: a drive (Google Drive-shaped), a
base of tables (Airtable-shaped) and a preprint server (bioRxiv-shaped). "google drive" is no web search; a tool
named "gdrive_…" is named by "drive"; an optional number ("version") is no item to look for; a table said by its
name fills "ID or name of the table"; a base's ID nobody said comes from the server's own listing of bases (the
only one, or a question naming them); the answer to such a question finishes the request it was asked for.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from agent_core.offline.catalogue import ToolFacts
from agent_core.offline.text import stem
from tests.planner_support import TaskStore, ask, conversation, planner_agent, tool

pytestmark = pytest.mark.anyio


def gdrive_search(query: Annotated[str, Field(description="Search query")]) -> dict[str, Any]:
    """Search for files in Google Drive"""
    return {"files": [{"id": "1BdGt", "name": "Budget 2026"}]}


def gdrive_read_file(fileId: Annotated[str, Field(description="ID of the file to read")]) -> dict[str, Any]:
    """Read contents of a file from Google Drive"""
    return {"content": "…"}


def web_search(query: str, max_results: int = 5) -> dict[str, object]:
    """Search the web and return matching pages, best first, each with title, url and snippet."""
    return {"results": [{"title": query, "url": "https://example.org", "snippet": query}]}


def search_memory(query: str, top_k: int = 5) -> list[dict[str, object]]:
    """Search the user's stored research memory by meaning. Use this first for any question."""
    return []


def search_files(path: str, pattern: str) -> list[str]:
    """Recursively search for files and directories matching a pattern. The patterns should be glob-style patterns
    that match paths relative to the working directory."""
    return []


def read_text_file(path: str) -> str:
    """Read the complete contents of a file from the file system as text."""
    return ""


DRIVE = (  # beside this machine's own files, as the product always has them
    tool(search_files, readOnlyHint=True),
    tool(read_text_file, readOnlyHint=True),
    tool(gdrive_search, readOnlyHint=True),
    tool(gdrive_read_file, readOnlyHint=True),
    tool(web_search, readOnlyHint=True),
    tool(search_memory, readOnlyHint=True),
)


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("search google drive for budget", "budget"),  # "google drive" is the connected drive, not the web
        ("search the drive for the grant specific aims", "grant specific aims"),  # "drive" names gdrive_search
    ],
)
async def test_a_search_of_the_drive_searches_the_connected_drive_not_the_web(text: str, query: str) -> None:
    turn = await ask(planner_agent(DRIVE), text)
    assert turn.calls == [("gdrive_search", {"query": query})], text


async def test_a_search_of_the_web_by_google_still_searches_the_web() -> None:
    turn = await ask(planner_agent(DRIVE), "google the boiling point of ethanol")
    assert [name for name, _ in turn.calls][-1:] == ["web_search"]


def get_preprint(
    doi: Annotated[str, Field(description="Preprint DOI, e.g. 10.1101/2024.03.15.585123")],
    server: Annotated[Literal["biorxiv", "medrxiv"], Field(description="Preprint server")] = "biorxiv",
    version: Annotated[int | None, Field(description="Version number (default: latest)")] = None,
) -> dict[str, Any]:
    """Get detailed metadata for a preprint by DOI, including all versions and its published journal DOI."""
    return {"doi": doi, "title": "MAGeCK-Flute 2", "published": None}


async def test_an_optional_number_is_no_item_to_ask_about() -> None:
    agent = planner_agent([tool(get_preprint, readOnlyHint=True)])
    turn = await ask(agent, "has 10.1101/2026.08.21.571903 been published in a journal yet?")
    assert turn.calls == [("get_preprint", {"doi": "10.1101/2026.08.21.571903", "server": "biorxiv"})]


BASES = {"appK7": "Okafor Lab", "appW3": "Teaching 2026"}


def _airtable(bases: dict[str, str]) -> list[Any]:
    def list_bases() -> dict[str, Any]:
        """Lists all accessible Airtable bases"""
        return {"bases": [{"id": key, "name": name, "permissionLevel": "create"} for key, name in bases.items()]}

    def describe_table(
        baseId: Annotated[str, Field(description="ID of the base")],
        tableId: Annotated[str, Field(description="ID or name of the table")],
        detailLevel: Annotated[
            Literal["tableIdentifiersOnly", "identifiersOnly", "full"], Field(description="Detail level")
        ] = "full",
    ) -> dict[str, Any]:
        """Gets detailed information about a specific table"""
        if baseId not in bases:
            raise ValueError(f"Unknown base {baseId}")
        return {"id": "tblL0", "name": tableId, "fields": [{"name": "Borrower", "type": "singleLineText"}]}

    return [tool(list_bases, readOnlyHint=True), tool(describe_table, readOnlyHint=True)]


async def test_a_table_said_by_its_name_and_the_only_base_listed_are_the_ids_a_tool_takes() -> None:
    turn = await ask(planner_agent(_airtable({"appK7": "Okafor Lab"})), "describe the Equipment loans table")
    assert turn.calls == [
        ("list_bases", {}),
        ("describe_table", {"baseId": "appK7", "tableId": "Equipment loans", "detailLevel": "full"}),
    ]  # "table" picks no "tableIdentifiersOnly" detail level: the server's default stays


async def test_with_several_bases_the_question_names_them_and_the_answer_finishes_the_request() -> None:
    asked, answered = await conversation(
        planner_agent(_airtable(BASES)), "describe the Equipment loans table", "Okafor Lab"
    )
    assert asked.calls == [("list_bases", {})] and asked.kinds[-1] == "clarify"
    assert "Which base do you mean: Okafor Lab or Teaching 2026?" in asked.answer
    assert answered.calls[-1] == (
        "describe_table",
        {"baseId": "appK7", "tableId": "Equipment loans", "detailLevel": "full"},
    )


async def test_a_base_said_by_its_name_is_the_one_taken() -> None:
    turn = await ask(planner_agent(_airtable(BASES)), "describe the loans table in the Teaching 2026 base")
    assert turn.calls[-1] == ("describe_table", {"baseId": "appW3", "tableId": "loans", "detailLevel": "full"})


async def test_the_answer_to_what_a_task_should_say_adds_that_task() -> None:
    store = TaskStore.with_titles("Clean the garage")
    asked, answered = await conversation(planner_agent(store.tools()), "add a task", "buy milk")
    assert asked.calls == [] and asked.kinds[-1] == "clarify"
    assert answered.calls == [("add_task", {"title": "Buy milk"})]


async def test_a_new_request_after_a_question_is_that_request() -> None:
    store = TaskStore.with_titles("Clean the garage")
    _, answered = await conversation(planner_agent(store.tools()), "add a task", "list my tasks")
    assert [name for name, _ in answered.calls] == ["list_tasks"]
    assert [t["title"] for t in store.tasks.values()] == ["Clean the garage"]


def test_a_tool_name_glued_to_a_product_letter_is_named_by_its_word() -> None:
    assert stem("drive") in ToolFacts("gdrive_search").name_stems  # g + drive
    assert stem("sheets") in ToolFacts("gsheets_update_cell").name_stems
    assert stem("positions") not in ToolFacts("list_depositions").name_stems  # "de" is no product letter


def _stub(name: str, doc: str) -> Any:
    def function(query: Annotated[str, Field(description="Search query")]) -> dict[str, Any]:
        return {"results": []}

    function.__name__, function.__doc__ = name, doc
    return tool(function, readOnlyHint=True)


def zotero_search_items(query: Annotated[str, Field(description="Search query")]) -> dict[str, Any]:
    """Search for items in your Zotero library, given a query string."""
    return {"items": [{"key": "ABCD2345", "title": "Crypt fission in organoids"}]}


def zotero_get_collections() -> dict[str, Any]:
    """List all collections in your Zotero library."""
    return {"collections": [{"key": "COLL0001", "name": "Thesis"}]}


def zotero_add_by_doi(doi: Annotated[str, Field(description="DOI of the item")]) -> dict[str, Any]:
    """Add an item to your Zotero library by its DOI; metadata is fetched from the DOI registry."""
    return {"key": "NEW00001"}


def zotero_get_item_metadata(item_key: Annotated[str, Field(description="Zotero item key")]) -> dict[str, Any]:
    """Get detailed metadata for a Zotero item by its key."""
    return {"key": item_key}


async def test_a_verb_many_servers_open_their_tool_names_with_is_still_the_requests_verb() -> None:
    # three servers' tools open with "search_": that makes "search" no server's name, and "search my zotero
    # library" asks the Zotero tool named by the verb (not the one whose description is closest)
    tools = [
        tool(zotero_search_items, readOnlyHint=True),
        tool(zotero_get_collections, readOnlyHint=True),
        tool(zotero_add_by_doi, readOnlyHint=False),
        tool(zotero_get_item_metadata, readOnlyHint=True),
        _stub("search_preprints", "Search bioRxiv or medRxiv preprints by keywords."),
        _stub("search_records", "Search for records containing specific text."),
        _stub("search_emails", "Searches for emails using Gmail search syntax."),
    ]
    turn = await ask(planner_agent(tools), "search my zotero library for crypt fission")
    assert turn.calls == [("zotero_search_items", {"query": "crypt fission"})]


async def test_a_preprint_link_gives_its_doi_without_the_version_it_ends_in() -> None:
    agent = planner_agent([tool(get_preprint, readOnlyHint=True)])
    turn = await ask(agent, "what's this one about? https://www.biorxiv.org/content/10.1101/2026.09.14.576220v1")
    assert turn.calls == [("get_preprint", {"doi": "10.1101/2026.09.14.576220", "server": "biorxiv"})]
