"""Test-only SQLite server (dev set ``dev14_tools.jsonl``), shaped like the reference SQLite MCP server
(``mcp-server-sqlite``): the same six tools (``read_query``, ``write_query``, ``create_table``, ``list_tables``,
``describe_table``, ``append_insight``), the same parameter names and one-line descriptions, SQL strings as the only
arguments, and the real server's texts ('Insight added to memo', rows printed as a Python list of dicts).

Run with: ``python -m eval.servers.sqlite`` (stdio). A real in-memory ``sqlite3`` database seeded at every start with
a small lab dataset: ``samples`` (12 tubes of a lab's freezers), ``experiments`` (15 runs on those samples) and
``reagents`` (12 bottles and vials). Real SQL executes; writes, new tables and insights stay in memory and are gone
at the next start. No network, no real clock ("today" in the data is 2026-11-22).

As in the real server, ``read_query`` takes only statements that start with SELECT and ``create_table`` only CREATE
TABLE. ``write_query`` takes INSERT, UPDATE, DELETE and REPLACE (the real one would run anything that is not a
SELECT; DROP, ALTER and PRAGMA are refused here so one careless call cannot break the rest of a run). A database
error is a tool error that says what to send (the real server returns 'Database error: …' as plain text).
"""

from __future__ import annotations

import re
import sqlite3
import threading
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

MAX_ROWS = 500
SCHEMA = (
    """CREATE TABLE samples (
    sample_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    organism TEXT NOT NULL,
    tissue TEXT,
    collected DATE,
    freezer TEXT,
    volume_ul REAL,
    owner TEXT
)""",
    """CREATE TABLE experiments (
    experiment_id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    assay TEXT NOT NULL,
    sample_id TEXT REFERENCES samples(sample_id),
    run_date DATE,
    operator TEXT,
    status TEXT CHECK (status IN ('planned', 'running', 'done', 'failed')),
    result REAL
)""",
    """CREATE TABLE reagents (
    reagent_id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    supplier TEXT,
    catalog_number TEXT,
    lot TEXT,
    quantity REAL,
    unit TEXT,
    location TEXT,
    expires DATE
)""",
)
SAMPLES = [
    ("S-001", "WT liver 1", "mouse", "liver", "2026-09-14", "FRZ-01", 250.0, "Dana Kowalski"),
    ("S-002", "WT liver 2", "mouse", "liver", "2026-09-14", "FRZ-01", 240.0, "Dana Kowalski"),
    ("S-003", "KO liver 1", "mouse", "liver", "2026-09-15", "FRZ-01", 180.0, "Dana Kowalski"),
    ("S-004", "KO liver 2", "mouse", "liver", "2026-09-15", "FRZ-02", 0.0, "Dana Kowalski"),
    ("S-005", "HCT116 etoposide 0h", "human", "cell pellet", "2026-10-06", "FRZ-02", 100.0, "Dana Kowalski"),
    ("S-006", "HCT116 etoposide 8h", "human", "cell pellet", "2026-10-06", "FRZ-02", 100.0, "Dana Kowalski"),
    ("S-007", "Colon organoid d7", "human", "organoid", "2026-10-20", "LN2-01", 50.0, "Mei Lin"),
    ("S-008", "Colon organoid d14", "human", "organoid", "2026-11-03", "LN2-01", 50.0, "Mei Lin"),
    ("S-009", "Brunello library pool", "human", "plasmid DNA", "2026-08-30", "FRZ-03", 500.0, "Ravi Shah"),
    ("S-010", "Screen rep A", "human", "genomic DNA", "2026-11-10", "FRZ-03", 300.0, "Ravi Shah"),
    ("S-011", "Screen rep B", "human", "genomic DNA", "2026-11-10", "FRZ-03", 300.0, "Ravi Shah"),
    ("S-012", "Zebrafish embryos 48hpf", "zebrafish", "embryo", "2026-11-18", "FRZ-01", 120.0, "Tomás Ortega"),
]
EXPERIMENTS = [
    (1, "Liver RNA-seq batch 1", "RNA-seq", "S-001", "2026-09-20", "Dana Kowalski", "done", 38.2),
    (2, "Liver RNA-seq batch 1", "RNA-seq", "S-003", "2026-09-20", "Dana Kowalski", "done", 41.7),
    (3, "Cyp2e1 qPCR", "qPCR", "S-002", "2026-09-25", "Tomás Ortega", "failed", None),
    (4, "Cyp2e1 qPCR repeat", "qPCR", "S-002", "2026-10-02", "Tomás Ortega", "done", 24.6),
    (5, "p53 western after etoposide", "western blot", "S-005", "2026-10-07", "Dana Kowalski", "done", 1.0),
    (6, "p53 western after etoposide", "western blot", "S-006", "2026-10-07", "Dana Kowalski", "done", 4.3),
    (7, "p21 qPCR", "qPCR", "S-006", "2026-10-09", "Tomás Ortega", "failed", None),
    (8, "Organoid imaging d7", "imaging", "S-007", "2026-10-21", "Mei Lin", "done", 212.0),
    (9, "Organoid imaging d14", "imaging", "S-008", "2026-11-04", "Mei Lin", "done", 348.0),
    (10, "Library representation check", "NGS QC", "S-009", "2026-09-02", "Ravi Shah", "done", 0.94),
    (11, "Screen readout rep A", "CRISPR screen", "S-010", "2026-11-12", "Ravi Shah", "running", None),
    (12, "Screen readout rep B", "CRISPR screen", "S-011", "2026-11-12", "Ravi Shah", "running", None),
    (13, "Zebrafish morpholino imaging", "imaging", "S-012", "2026-11-19", "Tomás Ortega", "failed", None),
    (14, "Organoid ELISA IL-8", "ELISA", "S-008", "2026-11-25", "Mei Lin", "planned", None),
    (15, "KO liver RNA-seq batch 2", "RNA-seq", "S-004", "2026-10-15", "Dana Kowalski", "planned", None),
]
REAGENTS = [
    (1, "Tris base", "Sigma-Aldrich", "T1503", "SLCB4471", 500.0, "g", "Shelf A2", "2028-01-31"),
    (2, "SDS", "Sigma-Aldrich", "L3771", "SLCD0913", 100.0, "g", "Shelf A2", "2027-09-30"),
    (3, "TRIzol", "Thermo Fisher", "15596026", "421907", 100.0, "mL", "Fridge 2", "2027-03-01"),
    (4, "Agarose", "Bio-Rad", "1613101", "64215882", 250.0, "g", "Shelf A3", "2029-05-31"),
    (5, "Ethanol absolute", "Merck", "100983", "K53217983", 2.5, "L", "Flammables cabinet", "2030-12-31"),
    (6, "Anti-p53 DO-1", "Santa Cruz", "sc-126", "K2021", 0.2, "mL", "Freezer -20 B", "2027-06-30"),
    (7, "Anti-beta-actin", "Sigma-Aldrich", "A5441", "128M4783", 0.1, "mL", "Freezer -20 B", "2027-01-31"),
    (8, "SYBR Green master mix", "Thermo Fisher", "4309155", "2511432", 5.0, "mL", "Freezer -20 A", "2026-12-15"),
    (9, "Puromycin", "Gibco", "A1113803", "2498736", 1.0, "mL", "Freezer -20 A", "2026-11-30"),
    (10, "DMEM high glucose", "Gibco", "41965039", "2600121", 6.0, "bottles", "Cold room", "2027-04-30"),
    (11, "Fetal bovine serum", "Gibco", "10270106", "2578410", 500.0, "mL", "Freezer -20 C", "2027-02-01"),
    (12, "Etoposide", "Sigma-Aldrich", "E1383", "MKCN7781", 25.0, "mg", "Shelf B1", "2026-12-31"),
]
_VERB = re.compile(r"^\s*(?:--[^\n]*\n\s*)*([A-Za-z]+)")


class Rows(BaseModel):
    """The rows a SELECT returned."""

    rows: list[dict[str, Any]] = Field(description="One object per row, column name to value")
    row_count: int = Field(description="Number of rows returned")
    truncated: bool = Field(description=f"True when more than {MAX_ROWS} rows matched (only the first are returned)")
    text: str = Field(description="The server's text: the rows as a list of dicts")


class Written(BaseModel):
    """The result of an INSERT, UPDATE or DELETE."""

    affected_rows: int = Field(description="Rows inserted, changed or deleted")
    text: str = Field(description="The server's text, e.g. \"[{'affected_rows': 1}]\"")


class Created(BaseModel):
    """A new table."""

    table: str = Field(description="Name of the new table")
    text: str = Field(description="'Table created successfully'")


class TableList(BaseModel):
    """The database's tables."""

    tables: list[str] = Field(description="Table names")
    text: str = Field(description="The server's text: [{'name': ...}, ...]")


class Column(BaseModel):
    """One column, as PRAGMA table_info reports it."""

    cid: int = Field(description="Column position from 0")
    name: str = Field(description="Column name")
    type: str = Field(description="Declared type")
    notnull: int = Field(description="1 if NOT NULL")
    dflt_value: Any = Field(description="Default value, null if none")
    pk: int = Field(description="1 if part of the primary key")


class TableSchema(BaseModel):
    """A table's columns."""

    table_name: str = Field(description="The table")
    columns: list[Column] = Field(description="Its columns in order")
    row_count: int = Field(description="Rows in the table")
    text: str = Field(description="The server's text: the PRAGMA table_info rows")


class Memo(BaseModel):
    """The insights memo."""

    insights: list[str] = Field(description="Every insight added since the start, oldest first")
    memo: str = Field(description="The memo as the server's memo://insights resource shows it")
    text: str = Field(description="'Insight added to memo'")


def _verb(query: str) -> str:
    match = _VERB.match(query or "")
    return match.group(1).upper() if match else ""


class Database:
    """The lab database of one server run."""

    def __init__(self) -> None:
        self.conn = sqlite3.connect(":memory:", check_same_thread=False)
        self.conn.row_factory = sqlite3.Row
        self.lock = threading.Lock()
        self.insights: list[str] = []
        for statement in SCHEMA:
            self.conn.execute(statement)
        self.conn.executemany("INSERT INTO samples VALUES (?, ?, ?, ?, ?, ?, ?, ?)", SAMPLES)
        self.conn.executemany("INSERT INTO experiments VALUES (?, ?, ?, ?, ?, ?, ?, ?)", EXPERIMENTS)
        self.conn.executemany("INSERT INTO reagents VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", REAGENTS)
        self.conn.commit()

    def _tables(self) -> list[str]:
        rows = self.conn.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name").fetchall()
        return [r["name"] for r in rows]

    def _execute(self, query: str) -> sqlite3.Cursor:
        try:
            return self.conn.execute(query)
        except (sqlite3.Error, sqlite3.Warning) as exc:
            text = str(exc).rstrip(".")
            hint = ""
            if "one statement at a time" in text:
                hint = " Send one statement per call."
            elif text.startswith("no such table"):
                hint = f" Tables: {', '.join(self._tables())}."
            elif text.startswith("no such column") or "has no column named" in text:
                hint = " Use describe_table to see a table's columns."
            elif "syntax error" in text or "incomplete input" in text:
                hint = " Send one complete SQL statement, e.g. SELECT * FROM samples WHERE freezer = 'FRZ-01'."
            raise ValueError(f"Database error: {text}.{hint}") from None

    def read(self, query: str) -> Rows:
        """Rows of a SELECT.

        Raises:
            ValueError: for anything but a SELECT, or what sqlite refuses (with what to send).
        """
        if not (query or "").strip():
            raise ValueError("query is required: an SQL SELECT statement, e.g. SELECT * FROM samples.")
        if _verb(query) != "SELECT":
            raise ValueError(
                "Only SELECT queries are allowed for read_query. Use write_query for INSERT, UPDATE or DELETE and "
                "create_table for CREATE TABLE."
            )
        with self.lock:
            cursor = self._execute(query)
            fetched = cursor.fetchmany(MAX_ROWS + 1)
        rows = [dict(r) for r in fetched[:MAX_ROWS]]
        return Rows(rows=rows, row_count=len(rows), truncated=len(fetched) > MAX_ROWS, text=str(rows))

    def write(self, query: str) -> Written:
        """An INSERT, UPDATE, DELETE or REPLACE, committed.

        Raises:
            ValueError: for a SELECT, a CREATE or any other statement (with the tool to use), or a database error.
        """
        verb = _verb(query)
        if not (query or "").strip():
            raise ValueError("query is required: an INSERT, UPDATE or DELETE statement.")
        if verb == "SELECT":
            raise ValueError("SELECT queries are not allowed for write_query. Use read_query for SELECT.")
        if verb == "CREATE":
            raise ValueError("Use create_table for CREATE TABLE statements.")
        if verb not in ("INSERT", "UPDATE", "DELETE", "REPLACE"):
            raise ValueError(
                f"write_query runs INSERT, UPDATE or DELETE statements; {verb or 'this statement'} is not allowed."
            )
        with self.lock:
            cursor = self._execute(query)
            self.conn.commit()
        count = max(cursor.rowcount, 0)
        return Written(affected_rows=count, text=str([{"affected_rows": count}]))

    def create(self, query: str) -> Created:
        """A CREATE TABLE statement.

        Raises:
            ValueError: for any other statement, or a table that already exists.
        """
        match = re.match(r"^\s*CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?[\"`\[]?(\w+)", query or "", re.IGNORECASE)
        if not match:
            raise ValueError(
                "Only CREATE TABLE statements are allowed, e.g. CREATE TABLE freezers (freezer_id TEXT PRIMARY KEY, "
                "location TEXT)."
            )
        with self.lock:
            self._execute(query)
            self.conn.commit()
        return Created(table=match.group(1), text="Table created successfully")

    def tables(self) -> TableList:
        names = self._tables()
        return TableList(tables=names, text=str([{"name": n} for n in names]))

    def describe(self, table_name: str) -> TableSchema:
        """The columns of one table (the name is matched without case; quotes are ignored).

        Raises:
            ValueError: for a table that does not exist, with the tables to choose from.
        """
        wanted = (table_name or "").strip().strip("\"'`[]").strip()
        if not wanted:
            raise ValueError(f"table_name is required: one of {', '.join(self._tables())}.")
        found = next((t for t in self._tables() if t.lower() == wanted.lower()), None)
        if found is None:
            raise ValueError(f"No table '{table_name}'. Tables: {', '.join(self._tables())}.")
        with self.lock:
            info = [dict(r) for r in self.conn.execute(f'PRAGMA table_info("{found}")').fetchall()]
            count = self.conn.execute(f'SELECT COUNT(*) FROM "{found}"').fetchone()[0]
        return TableSchema(table_name=found, columns=[Column(**c) for c in info], row_count=count, text=str(info))

    def insight(self, insight: str) -> Memo:
        """Add one insight to the memo.

        Raises:
            ValueError: for an empty insight.
        """
        text = " ".join((insight or "").split())
        if not text:
            raise ValueError("insight is required: one sentence on what the data shows.")
        self.insights.append(text)
        lines = ["📊 Business Intelligence Memo 📊", "", "Key Insights Discovered:", ""]
        lines += [f"- {i}" for i in self.insights]
        if len(self.insights) > 1:
            lines += ["", f"Summary:\nAnalysis has revealed {len(self.insights)} key business insights."]
        return Memo(insights=list(self.insights), memo="\n".join(lines), text="Insight added to memo")


database = Database()
server = MCPServer("eval-sqlite", instructions="SQLite database of the lab: samples, experiments, reagents. Test-only.")


def _run(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    description="Execute a SELECT query on the SQLite database",
    annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False),
)
def read_query(query: Annotated[str, Field(description="SELECT SQL query to execute")]) -> Rows:
    return _run(database.read, query)


@server.tool(
    description="Execute an INSERT, UPDATE, or DELETE query on the SQLite database",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=False),
)
def write_query(query: Annotated[str, Field(description="SQL query to execute")]) -> Written:
    return _run(database.write, query)


@server.tool(
    description="Create a new table in the SQLite database",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False),
)
def create_table(query: Annotated[str, Field(description="CREATE TABLE SQL statement")]) -> Created:
    return _run(database.create, query)


@server.tool(
    description="List all tables in the SQLite database",
    annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False),
)
def list_tables() -> TableList:
    return database.tables()


@server.tool(
    description="Get the schema information for a specific table",
    annotations=ToolAnnotations(readOnlyHint=True, openWorldHint=False),
)
def describe_table(table_name: Annotated[str, Field(description="Name of the table to describe")]) -> TableSchema:
    return _run(database.describe, table_name)


@server.tool(
    description="Add a business insight to the memo",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False),
)
def append_insight(
    insight: Annotated[str, Field(description="Business insight discovered from data analysis")],
) -> Memo:
    return _run(database.insight, insight)


if __name__ == "__main__":
    main(server)
