"""IDs found by the server's own listings, in turn: a base's tables are listed with the base's ID, a freezer's racks
with the freezer's. Nobody says IDs ("appK7…", "frz-2"); people say "the samples table", "the LN2 tank freezer",
"rack B". The planner lists what it must, takes what the request names (or the only one), looks into each base for
the table said, and asks, naming the candidates, when the request does not say which. It never guesses.
"""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from pydantic import Field

from tests.planner_support import ask, conversation, planner_agent, tool

pytestmark = pytest.mark.anyio

TABLES = {
    "app1": ("Okafor Lab", {"tbl-smp": "Samples", "tbl-loan": "Equipment loans"}),
    "app2": ("Teaching", {"tbl-stu": "Students"}),
}
RECORDS = [
    {"id": "rec1", "createdTime": "2026-01-15T09:00:00Z", "fields": {"Sample ID": "ORG-031", "Status": "frozen"}},
    {"id": "rec2", "createdTime": "2026-01-15T09:00:00Z", "fields": {"Sample ID": "ORG-032", "Status": "in culture"}},
]


def _base(base_id: str) -> tuple[str, dict[str, str]]:
    if base_id not in TABLES:
        raise ValueError(f"Could not find base {base_id!r}")
    return TABLES[base_id]


def list_bases() -> dict[str, Any]:
    """Lists all accessible Airtable bases"""
    return {"bases": [{"id": key, "name": name, "permissionLevel": "create"} for key, (name, _) in TABLES.items()]}


def list_tables(baseId: Annotated[str, Field(description="ID of the base")]) -> dict[str, Any]:
    """Lists all tables in a specific base"""
    return {"baseId": baseId, "tables": [{"id": key, "name": name} for key, name in _base(baseId)[1].items()]}


def list_records(
    baseId: Annotated[str, Field(description="ID of the base")],
    tableId: Annotated[str, Field(description="ID or name of the table")],
    maxRecords: Annotated[int | None, Field(description="Maximum number of records to return")] = None,
) -> dict[str, Any]:
    """Lists records from a table"""
    tables = _base(baseId)[1]
    if tableId not in tables and tableId not in tables.values():
        raise ValueError(f"Could not find table {tableId!r}")
    return {"records": RECORDS[:maxRecords]}


def search_records(
    baseId: Annotated[str, Field(description="ID of the base")],
    tableId: Annotated[str, Field(description="ID or name of the table")],
    searchTerm: Annotated[str, Field(description="Text to search for in records")],
) -> dict[str, Any]:
    """Search for records containing specific text"""
    return {"records": [r for r in RECORDS if searchTerm in str(r["fields"])]}


def get_record(
    baseId: Annotated[str, Field(description="ID of the base")],
    tableId: Annotated[str, Field(description="ID or name of the table")],
    recordId: Annotated[str, Field(description="ID of the record to retrieve")],
) -> dict[str, Any]:
    """Gets a specific record by ID"""
    return next(r for r in RECORDS if r["id"] == recordId)


def web_search(query: str, max_results: int = 5) -> dict[str, object]:
    """Search the web and return matching pages, best first, each with title, url and snippet."""
    return {"results": []}


AIRTABLE = [
    tool(list_bases, readOnlyHint=True),
    tool(list_tables, readOnlyHint=True),
    tool(list_records, readOnlyHint=True),
]


async def test_a_table_said_by_name_is_looked_for_in_each_base_and_its_base_taken() -> None:
    turn = await ask(planner_agent(AIRTABLE), "show me three records from the samples table")
    assert turn.calls == [
        ("list_bases", {}),
        ("list_tables", {"baseId": "app1"}),
        ("list_tables", {"baseId": "app2"}),
        ("list_records", {"baseId": "app1", "tableId": "tbl-smp", "maxRecords": 3}),
    ]  # the ID the server listed, not the words said in lower case


async def test_records_read_as_their_fields_under_what_the_server_calls_them() -> None:
    turn = await ask(planner_agent(AIRTABLE), "show me the records from the samples table")
    assert "2 records:" in turn.answer
    assert "| ORG-031 | frozen |" in turn.answer and "createdTime" not in turn.answer
    assert "You have" not in turn.answer  # a server's records are not "your items"


async def test_nothing_said_asks_which_base_then_which_table_then_lists_them() -> None:
    base, table, done = await conversation(planner_agent(AIRTABLE), "show me three records", "Okafor Lab", "Samples")
    assert base.kinds[-1] == "clarify" and "Which base do you mean: Okafor Lab or Teaching?" in base.answer
    assert not [c for c in base.calls if c[0] == "list_records"]
    assert table.kinds[-1] == "clarify" and "Which table do you mean: Samples or Equipment loans?" in table.answer
    assert done.calls[-1] == ("list_records", {"baseId": "app1", "tableId": "tbl-smp", "maxRecords": 3})


async def test_a_table_no_base_holds_is_asked_about_never_guessed() -> None:
    turn = await ask(planner_agent(AIRTABLE), "list the records in the Widgets table")
    assert [name for name, _ in turn.calls] == ["list_bases", "list_tables", "list_tables"]
    assert turn.kinds[-1] == "clarify"
    assert "I found no table ‘Widgets’ in any base. Which base do you mean: Okafor Lab or Teaching?" in turn.answer


async def test_the_tables_of_a_base_said_by_name_are_listed_not_the_bases() -> None:
    turn = await ask(planner_agent(AIRTABLE), "what tables are in the Teaching base?")
    assert turn.calls == [("list_bases", {}), ("list_tables", {"baseId": "app2"})]
    assert "1 table:" in turn.answer and "Students" in turn.answer


async def test_the_bases_themselves_are_still_the_bases() -> None:
    turn = await ask(planner_agent(AIRTABLE), "list my airtable bases")
    assert turn.calls == [("list_bases", {})]


FREEZERS = {"frz-1": ("Minus 80 A", ["Rack A", "Rack B"]), "frz-2": ("LN2 tank", ["Rack A", "Rack B", "Rack C"])}


def list_freezers() -> list[dict[str, str]]:
    """All freezers of the lab."""
    return [{"id": key, "name": name} for key, (name, _) in FREEZERS.items()]


def list_racks(freezerId: Annotated[str, Field(description="Freezer ID")]) -> list[dict[str, str]]:
    """The racks in one freezer."""
    return [{"id": f"{freezerId}-r{n}", "name": name} for n, name in enumerate(FREEZERS[freezerId][1])]


def list_boxes(
    freezerId: Annotated[str, Field(description="Freezer ID")],
    rackId: Annotated[str, Field(description="Rack ID")],
) -> list[dict[str, str]]:
    """Boxes stored in a rack."""
    return [{"id": f"{rackId}-b1", "name": "Organoid stocks 2026"}]


FREEZER = [tool(f, readOnlyHint=True) for f in (list_freezers, list_racks, list_boxes)]


async def test_a_freezer_said_by_name_and_a_rack_by_its_letter_are_found_in_turn() -> None:
    turn = await ask(planner_agent(FREEZER), "which boxes are in rack B of the LN2 tank freezer?")
    assert turn.calls == [
        ("list_freezers", {}),
        ("list_racks", {"freezerId": "frz-2"}),
        ("list_boxes", {"freezerId": "frz-2", "rackId": "frz-2-r1"}),
    ]
    assert "Organoid stocks 2026" in turn.answer


BOARDS = {"brd-1": ("Lab", ["Backlog", "Doing", "Done"]), "brd-2": ("Teaching", ["Backlog", "Done"])}
CARDS: list[dict[str, str]] = []


def list_boards() -> list[dict[str, str]]:
    """Lists the boards you can see."""
    return [{"id": key, "name": name} for key, (name, _) in BOARDS.items()]


def list_columns(boardId: Annotated[str, Field(description="ID of the board")]) -> list[dict[str, str]]:
    """Lists the columns of a board."""
    return [{"id": f"{boardId}-c{n}", "name": name} for n, name in enumerate(BOARDS[boardId][1])]


def add_card(
    columnId: Annotated[str, Field(description="ID of the column to add the card to")],
    title: Annotated[str, Field(description="Card title")],
) -> dict[str, str]:
    """Adds a card to a column."""
    CARDS.append({"column": columnId, "title": title})
    return {"id": f"card-{len(CARDS)}", "title": title}


KANBAN = [tool(list_boards, readOnlyHint=True), tool(list_columns, readOnlyHint=True), tool(add_card)]


async def test_a_column_is_found_through_its_board_which_the_card_tool_never_takes() -> None:
    turn = await ask(planner_agent(KANBAN), "add a card 'order tips' to the Backlog column of the Lab board")
    assert turn.calls[:2] == [("list_boards", {}), ("list_columns", {"boardId": "brd-1"})]
    assert turn.calls[2:] == [("add_card", {"columnId": "brd-1-c0", "title": "order tips"})]


async def test_a_column_on_several_boards_asks_which_board() -> None:
    turn = await ask(planner_agent(KANBAN), "add a card 'order tips' to the Backlog column")
    assert [name for name, _ in turn.calls] == ["list_boards", "list_columns", "list_columns"]
    assert turn.kinds[-1] == "clarify" and "Which board do you mean: Lab or Teaching?" in turn.answer


SEARCHABLE = [*AIRTABLE, *(tool(f, readOnlyHint=True) for f in (search_records, get_record, web_search))]


async def test_search_the_x_table_is_the_search_of_that_table_never_the_web() -> None:
    turn = await ask(planner_agent(SEARCHABLE), "search the samples table for ORG-032")
    assert turn.calls[-1] == ("search_records", {"baseId": "app1", "tableId": "tbl-smp", "searchTerm": "ORG-032"})
    assert "web_search" not in [name for name, _ in turn.calls]


async def test_a_bare_code_is_what_is_searched_for_not_the_base() -> None:
    turn = await ask(planner_agent(SEARCHABLE), "lookup ORG-031 in the samples table")
    assert turn.calls[-1] == ("search_records", {"baseId": "app1", "tableId": "tbl-smp", "searchTerm": "ORG-031"})


async def test_one_record_reads_as_its_fields() -> None:
    turn = await ask(planner_agent(SEARCHABLE), "get record rec2 from the Samples table")
    assert turn.calls[-1] == ("get_record", {"baseId": "app1", "tableId": "tbl-smp", "recordId": "rec2"})
    assert "**Sample ID**: ORG-032" in turn.answer and "**Status**: in culture" in turn.answer
