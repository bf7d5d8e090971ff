"""Servers the planner has no code for (shaped like Google Drive, Airtable, Notion and bioRxiv/medRxiv), used as a
person asks: a file on the drive or a Notion page said by its name is searched for first and then read ("what's in X
on the drive?", "find the Onboarding page in Notion", a search that requires nothing included), "find X and read it"
reads what the search found, "read the third one" after a drive search reads the drive's third file, "the first one"
of a medRxiv search is read on medRxiv, a file named exactly (or by its day, "the 19 January meeting") is that file or
a question, never another, a record's ID said after "record" is the record's, a server its tools' descriptions share
("medrxiv") lets the verb pick its tool, and "search A for X and B for Y" is two searches.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from tests.planner_support import ask, conversation, planner_agent, tool
from tests.test_planner_new_servers10 import read_text_file, search_files, search_memory, web_search

pytestmark = pytest.mark.anyio

FILES = [
    {"id": "1CoNf", "name": "confocal_settings.txt", "mimeType": "text/plain"},
    {"id": "1MiCr", "name": "Microscope booking rules", "mimeType": "text/markdown"},
    {"id": "1SoP0", "name": "Organoid passaging SOP", "mimeType": "text/markdown"},
]
TEXTS = {"1CoNf": "Matrigel domes, LSM 980", "1MiCr": "no Matrigel on the stage", "1SoP0": "Matrigel, 10 min on ice"}


def _words(text: str) -> set[str]:
    return set(re.sub(r"[_.\W]+", " ", text.lower()).split())


def gdrive_search(query: Annotated[str, Field(description="Search query")]) -> dict[str, Any]:
    """Search for files in Google Drive"""
    found = [f for f in FILES if _words(query) <= _words(f"{f['name']} {TEXTS[f['id']]}")]  # names and contents
    return {"files": found, "text": f"Found {len(found)} files:"}


def gdrive_read_file(fileId: Annotated[str, Field(description="ID of the file to read")]) -> dict[str, Any]:
    """Read contents of a file from Google Drive"""
    name = next(f["name"] for f in FILES if f["id"] == fileId)  # an unknown ID fails, as the real server does
    return {"fileId": fileId, "name": name, "text": f"(contents of {name})"}


def directory_tree(path: str) -> list[dict[str, Any]]:
    """Get a recursive tree view of files and directories as a JSON structure."""
    return [{"name": "notes", "type": "directory", "children": [{"name": "ideas.txt", "type": "file"}]}]


DRIVE = (  # beside this machine's own files, the web and memory, as the product always has them
    tool(search_files, readOnlyHint=True),
    tool(directory_tree, readOnlyHint=True),
    tool(read_text_file, readOnlyHint=True),
    tool(gdrive_search, readOnlyHint=True),
    tool(gdrive_read_file, readOnlyHint=True),
    tool(web_search, readOnlyHint=True),
    tool(search_memory, readOnlyHint=True),
)


@pytest.mark.parametrize(
    ("text", "query", "file_id"),
    [
        ("what's in confocal_settings.txt on the drive?", "confocal_settings.txt", "1CoNf"),
        ("read the confocal settings file on the drive", "confocal settings", "1CoNf"),  # "file" names no file
        ("read me the microscope booking rules doc from google drive", "microscope booking rules", "1MiCr"),
    ],
)
async def test_a_file_on_the_drive_said_by_its_name_is_searched_for_then_read(
    text: str, query: str, file_id: str
) -> None:
    turn = await ask(planner_agent(DRIVE), text)
    assert turn.calls == [("gdrive_search", {"query": query}), ("gdrive_read_file", {"fileId": file_id})], text


async def test_find_it_and_read_it_reads_what_the_search_found() -> None:
    turn = await ask(planner_agent(DRIVE), "find the organoid passaging SOP on the drive and read it to me")
    assert turn.calls == [
        ("gdrive_search", {"query": "organoid passaging SOP"}),
        ("gdrive_read_file", {"fileId": "1SoP0"}),
    ]


async def test_a_search_that_finds_several_asks_which_one_to_read() -> None:
    turn = await ask(planner_agent(DRIVE), "search my drive for matrigel and read it")
    assert turn.calls == [("gdrive_search", {"query": "matrigel"})] and turn.kinds[-1] == "clarify"
    assert "Which file do you mean: confocal_settings.txt, Microscope booking rules or Organoid passaging SOP?" in (
        turn.answer
    )


async def test_the_third_one_after_a_drive_search_is_the_drives_third_file() -> None:
    _, picked = await conversation(planner_agent(DRIVE), "search my drive for matrigel", "read the third one")
    assert picked.calls[-1] == ("gdrive_read_file", {"fileId": "1SoP0"})


async def test_a_file_named_exactly_is_that_file_or_a_question_never_another_file() -> None:
    local = [tool(directory_tree, readOnlyHint=True), tool(read_text_file, readOnlyHint=True)]
    turn = await ask(planner_agent(local), "what's in confocal_settings.txt?")
    assert [name for name, _ in turn.calls] == ["directory_tree"]  # ideas.txt shares only ".txt" with it
    assert "I found no file named confocal_settings.txt" in turn.answer
    found = await ask(planner_agent(local), "what's in ideas.txt?")
    assert found.calls[-1][0] == "read_text_file" and found.calls[-1][1]["path"].endswith("notes/ideas.txt")


def list_bases() -> dict[str, Any]:
    """Lists all accessible Airtable bases"""
    return {"bases": [{"id": "appK7", "name": "Okafor Lab", "permissionLevel": "create"}]}


def get_record(
    baseId: Annotated[str, Field(description="ID of the base")],
    tableId: Annotated[str, Field(description="ID or name of the table")],
    recordId: Annotated[str, Field(description="ID of the record to retrieve")],
) -> dict[str, Any]:
    """Gets a specific record by ID"""
    return {"id": recordId, "fields": {"Sample ID": "ORG-031"}}


async def test_an_id_said_after_record_is_the_records_and_the_base_comes_from_its_listing() -> None:
    tools = [tool(list_bases, readOnlyHint=True), tool(get_record, readOnlyHint=True)]
    turn = await ask(planner_agent(tools), "get record recE5f6G7h8I9j0K1 from the Samples table")
    assert turn.calls == [
        ("list_bases", {}),
        ("get_record", {"baseId": "appK7", "tableId": "Samples", "recordId": "recE5f6G7h8I9j0K1"}),
    ]


SERVER = Annotated[Literal["biorxiv", "medrxiv"], Field(description="Preprint server: biorxiv or medrxiv")]


def search_preprints(
    query: Annotated[str | None, Field(description="Keywords to search for in title, abstract and authors")] = None,
    server: SERVER = "biorxiv",
    date_from: Annotated[str | None, Field(description="Start date (YYYY-MM-DD)")] = None,
    date_to: Annotated[str | None, Field(description="End date (YYYY-MM-DD)")] = None,
    limit: Annotated[int, Field(description="Maximum number of results (1-100)")] = 10,
) -> dict[str, Any]:
    """Search bioRxiv or medRxiv preprints by keywords, category and posting date range."""
    return {"preprints": [{"doi": f"10.1101/2026.09.19.2631642{n}", "title": f"{server} {query} {n}"} for n in (0, 1)]}


def get_preprint(
    doi: Annotated[str, Field(description="Preprint DOI, e.g. 10.1101/2024.03.15.585123")], server: SERVER = "biorxiv"
) -> dict[str, Any]:
    """Get detailed metadata for a preprint by DOI, including all versions and its published journal DOI."""
    return {"doi": doi, "server": server}


def get_categories(server: SERVER = "biorxiv") -> dict[str, Any]:
    """List the subject categories available on bioRxiv or medRxiv for filtering searches."""
    return {"categories": ["oncology", "epidemiology"]}


PREPRINTS = [tool(f, readOnlyHint=True) for f in (search_preprints, get_preprint, get_categories)]


async def test_a_server_its_tools_descriptions_share_is_said_and_the_verb_picks_its_tool() -> None:
    # "medRxiv" is in all three descriptions: it says which server, and "search" which of its tools
    turn = await ask(planner_agent([*PREPRINTS, *DRIVE]), "search medrxiv for colorectal cancer")
    assert turn.calls == [("search_preprints", {"query": "colorectal cancer", "server": "medrxiv"})]


async def test_the_first_one_of_a_found_list_is_read_by_its_doi_on_the_same_server() -> None:
    _, picked = await conversation(
        planner_agent([*PREPRINTS, *DRIVE]), "search medrxiv for colorectal cancer", "get the details of the first one"
    )
    assert picked.calls[-1] == ("get_preprint", {"doi": "10.1101/2026.09.19.26316420", "server": "medrxiv"})


async def test_only_the_ones_from_a_year_narrows_the_search_just_made() -> None:
    _, narrowed = await conversation(
        planner_agent([*PREPRINTS, *DRIVE]), "search biorxiv for crypt fission", "only the ones from 2025"
    )
    assert narrowed.calls[-1] == (
        "search_preprints",
        {"query": "crypt fission", "server": "biorxiv", "date_from": "2025-01-01"},
    )


async def test_a_word_between_a_count_and_what_it_counts_stays_in_the_search() -> None:
    turn = await ask(planner_agent([*PREPRINTS, *DRIVE]), "show me the latest 5 bioinformatics preprints")
    [(name, args)] = turn.calls
    assert name == "search_preprints" and args["limit"] == 5 and "bioinformatics" in args["query"]
    assert "show" not in args["query"]  # never the order itself as the search words


async def test_a_second_half_without_its_verb_is_a_search_of_its_own() -> None:
    turn = await ask(
        planner_agent([*PREPRINTS, *DRIVE]), "search biorxiv for Perturb-seq and medrxiv for statins and dementia"
    )
    assert turn.calls == [
        ("search_preprints", {"query": "Perturb-seq", "server": "biorxiv"}),
        ("search_preprints", {"query": "statins and dementia", "server": "medrxiv"}),
    ]


PAGES = {"68c64319": "Onboarding", "5f8dce01": "Grant renewal 2027"}


def _named(name: str, function: Any, doc: str) -> Any:
    function.__name__, function.__doc__ = name, doc
    return tool(function, readOnlyHint=True)


def _search(
    query: Annotated[str, Field(description="The text that the API compares page titles against.")] = "",
) -> Any:
    return {
        "results": [{"object": "page", "id": k, "title": t} for k, t in PAGES.items() if query.lower() in t.lower()]
    }


def _retrieve(
    page_id: Annotated[str, Field(description="Identifier for a Notion page")],
    filter_properties: Annotated[str | None, Field(description="A list of page property value IDs")] = None,
) -> Any:
    return {"object": "page", "id": page_id, "title": PAGES[page_id]}


NOTION = [  # tools named by their OpenAPI operation ids, as the official server names them; the search needs nothing
    _named("API-post-search", _search, "Notion | Search by title"),
    _named("API-retrieve-a-page", _retrieve, "Notion | Retrieve a page"),
]


async def test_a_remark_about_the_server_searches_nothing() -> None:
    turn = await ask(planner_agent([*NOTION, *DRIVE]), "notion's new page views are kind of confusing tbh")
    assert turn.calls == []


async def test_a_page_said_by_its_title_is_found_by_a_search_that_requires_nothing() -> None:
    turn = await ask(planner_agent([*NOTION, *DRIVE]), "find the Onboarding page in Notion")
    assert turn.calls == [
        ("API-post-search", {"query": "Onboarding"}),
        ("API-retrieve-a-page", {"page_id": "68c64319"}),
    ]


def meeting_tree(path: str) -> list[dict[str, Any]]:
    """Get a recursive tree view of files and directories as a JSON structure."""
    notes = [{"name": n, "type": "file"} for n in ("ideas.txt", "meeting-2026-01-05.md", "meeting-2026-01-12.md")]
    return [{"name": "notes", "type": "directory", "children": notes}]


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("show me the notes from the 12 January lab meeting", "notes/meeting-2026-01-12.md"),
        ("show me the notes from the lab meeting on January 5", "notes/meeting-2026-01-05.md"),
        ("show me the notes from the 19 January lab meeting", None),  # no file of that day: asked, no other read
        ("show me the meeting notes from the 12th", "notes/meeting-2026-01-12.md"),  # a day of no month: by words
    ],
)
async def test_files_named_by_their_day_are_read_for_the_day_said_or_not_at_all(text: str, read: str | None) -> None:
    tree = [_named("directory_tree", meeting_tree, meeting_tree.__doc__), tool(read_text_file, readOnlyHint=True)]
    turn = await ask(planner_agent(tree), text)
    if read is None:
        assert [n for n, _ in turn.calls] == ["directory_tree"] and "I found no file for 19 January" in turn.answer
    else:
        assert turn.calls[-1][0] == "read_text_file" and turn.calls[-1][1]["path"].endswith(read), text
