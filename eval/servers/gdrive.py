"""Test-only Google Drive server (dev set ``dev16_tools.jsonl``): search a lab's drive, read a file (Docs as
Markdown, Sheets as CSV of the first sheet, text as is), read ranges of a spreadsheet and update one cell.

Run with: ``python -m eval.servers.gdrive`` (stdio). A fixed drive of Dr. Chidi Okafor's organoid lab: a 96-well
plate layout of the CRISPR screen's plate P3, the lab inventory, the 2026 budget, a lab-meeting rota, a mouse
colony census (sheets), the organoid passaging SOP, the grant renewal's specific aims, the microscope booking rules
(docs), a confocal settings text file and two PDFs. Cell updates are kept in memory (none at every start). "Now" is
the evaluation's clock, 2026-11-22 12:00 UTC. No network, no real clock. The tool shapes follow the reference Google
Drive MCP server with its Sheets tools (``gdrive_search``, ``gdrive_read_file``, ``gsheets_read``,
``gsheets_update_cell``): camelCase parameters (``fileId``, ``spreadsheetId``, ``pageToken``, ``pageSize``), A1
notation ranges, Drive's 33-character file ids, its terse one-line descriptions and its text results ("Found N
files:").
"""

from __future__ import annotations

import csv
import io
import re
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

NOW = "2026-11-22T12:00:00.000Z"
SHEET = "application/vnd.google-apps.spreadsheet"
DOC = "application/vnd.google-apps.document"
_CELL = re.compile(r"^([A-Z]{1,2})(\d{1,4})$")
_COL = re.compile(r"^([A-Z]{1,2})(\d{0,4})$")

PLATE_ROWS = "ABCDEFGH"
GUIDES = ("NTC", "CDX2", "LGR5", "YAP1", "PIEZO1", "ROCK1", "MYH9", "APC", "SMAD4", "TP53", "KRAS", "EMPTY")


def _plate() -> list[list[str]]:
    rows = [["", *[str(c) for c in range(1, 13)]]]
    for r, letter in enumerate(PLATE_ROWS):
        row = [letter]
        for c in range(12):
            if c == 11:
                row.append("EMPTY")
            elif letter in "AH":
                row.append("NTC" if c % 2 == 0 else "PBS")
            else:
                row.append(f"sg{GUIDES[(r + c) % 11]}-{(c % 3) + 1}")
        rows.append(row)
    return rows


INVENTORY = [
    ["Item", "Catalog #", "Supplier", "Location", "Qty", "Unit", "Reorder at"],
    ["Matrigel GFR", "356231", "Corning", "Freezer -20 B2", "3", "vials", "4"],
    ["Advanced DMEM/F12", "12634010", "Thermo Fisher", "Fridge 2", "6", "bottles", "3"],
    ["B-27 supplement", "17504044", "Thermo Fisher", "Freezer -20 B1", "5", "vials", "2"],
    ["Y-27632 (ROCK inhibitor)", "72304", "STEMCELL", "Freezer -20 B1", "2", "vials", "2"],
    ["Puromycin", "A1113803", "Thermo Fisher", "Freezer -20 B3", "8", "vials", "3"],
    ["TrypLE Express", "12605010", "Thermo Fisher", "Fridge 2", "4", "bottles", "2"],
    ["Cell Recovery Solution", "354253", "Corning", "Fridge 1", "1", "bottles", "1"],
    ["96-well imaging plates", "655090", "Greiner", "Shelf C", "40", "plates", "20"],
    ["Lentiviral packaging mix", "K497500", "Thermo Fisher", "Freezer -80 R2", "2", "kits", "1"],
]
ANTIBODIES = [
    ["Target", "Host", "Supplier", "Dilution IF", "Qty (ul)"],
    ["E-cadherin", "mouse", "BD", "1:200", "80"],
    ["Ki67", "rabbit", "Abcam", "1:500", "45"],
    ["Lysozyme", "rabbit", "Dako", "1:1000", "120"],
]
BUDGET_SUMMARY = [
    ["Category", "Allocated (EUR)", "Spent (EUR)", "Remaining (EUR)"],
    ["Consumables", "48000", "41250", "6750"],
    ["Sequencing", "30000", "22400", "7600"],
    ["Animal costs", "12000", "9800", "2200"],
    ["Travel", "8000", "6100", "1900"],
    ["Equipment", "25000", "24300", "700"],
]
BUDGET_LINES = [
    ["Date", "Item", "Category", "Amount (EUR)", "PO"],
    ["2026-10-02", "Matrigel GFR x5", "Consumables", "1450", "PO-88121"],
    ["2026-10-19", "NovaSeq lane P2", "Sequencing", "3200", "PO-88240"],
    ["2026-11-04", "Spinning disk hours (20 h)", "Equipment", "900", "PO-88311"],
    ["2026-11-16", "Lentiviral packaging mix", "Consumables", "780", "PO-88402"],
]
ROTA = [
    ["Date", "Presenter", "Journal club", "Notes"],
    ["2026-11-26", "Tom Reyes", "Priya Nair", ""],
    ["2026-12-03", "Mara Jensen", "Chidi Okafor", "grant figures"],
    ["2026-12-10", "Priya Nair", "Tom Reyes", ""],
    ["2026-12-17", "Chidi Okafor", "Mara Jensen", "last meeting before the break"],
    ["2027-01-07", "Tom Reyes", "Mara Jensen", ""],
]
COLONY = [
    ["Cage", "Strain", "Sex", "Count", "DOB", "Protocol"],
    ["C-101", "Lgr5-EGFP-IRES-creERT2", "F", "4", "2026-06-11", "AP-2025-17"],
    ["C-102", "Lgr5-EGFP-IRES-creERT2", "M", "3", "2026-06-11", "AP-2025-17"],
    ["C-117", "Villin-creERT2; Apc fl/fl", "F", "5", "2026-08-02", "AP-2025-17"],
    ["C-118", "C57BL/6J", "M", "2", "2026-03-20", "AP-2025-17"],
]


class File(BaseModel):
    """One Drive file."""

    id: str = Field(description="File id")
    name: str = Field(description="File name")
    mimeType: str = Field(description="MIME type")
    modifiedTime: str = Field(description="ISO 8601")
    owners: list[str] = Field(description="Owner names")


class SearchResult(BaseModel):
    """Files matching a search."""

    files: list[File] = Field(description="Matching files, most recently modified first")
    nextPageToken: str | None = Field(description="Token for the next page, null on the last")
    text: str = Field(description="'Found N files:' and one line per file")


class FileContent(BaseModel):
    """A file's contents."""

    fileId: str = Field(description="File id")
    name: str = Field(description="File name")
    mimeType: str = Field(description="MIME type of the returned text (text/markdown, text/csv, text/plain)")
    text: str = Field(description="The contents")


class ValueRange(BaseModel):
    """One range's values."""

    range: str = Field(description="The range, A1 notation with the sheet name")
    values: list[list[str]] = Field(description="Rows of cell values")


class SheetValues(BaseModel):
    """The values read from a spreadsheet."""

    spreadsheetId: str = Field(description="Spreadsheet id")
    title: str = Field(description="Spreadsheet title")
    sheets: list[str] = Field(description="The names of its sheets, in order")
    valueRanges: list[ValueRange] = Field(description="The ranges read")


class CellUpdate(BaseModel):
    """The result of a cell update."""

    spreadsheetId: str = Field(description="Spreadsheet id")
    updatedRange: str = Field(description="The cell updated, with its sheet")
    previousValue: str = Field(description="The value before the update")
    value: str = Field(description="The new value")
    text: str = Field(description="Status message")


class Doc:
    def __init__(self, fid: str, name: str, mime: str, modified: str, owner: str, body: Any) -> None:
        self.id, self.name, self.mime, self.modified, self.owner, self.body = fid, name, mime, modified, owner, body


def _files() -> list[Doc]:
    return [
        Doc(
            "1Pq7LmX2vR9sT4uW6yZ8aB0cD3eF5gH7jK",
            "Plate layout - CRISPR screen P3",
            SHEET,
            "2026-11-16T15:20:00.000Z",
            "Tom Reyes",
            {
                "Layout": _plate(),
                "Notes": [["Note"], ["Transduced 2026-11-16, MOI 0.3"], ["Column 12 left empty (edge effects)"]],
            },
        ),
        Doc(
            "1Inv3nT0ry8kLmN2pQ4rS6tU8vW0xY2zA4",
            "Lab inventory",
            SHEET,
            "2026-11-19T09:05:00.000Z",
            "Priya Nair",
            {"Reagents": INVENTORY, "Antibodies": ANTIBODIES},
        ),
        Doc(
            "1BdGt2026xQw3Er5Ty7Ui9Op1As3Df5Gh7",
            "Budget 2026",
            SHEET,
            "2026-11-17T11:30:00.000Z",
            "Chidi Okafor",
            {"Summary": BUDGET_SUMMARY, "Orders": BUDGET_LINES},
        ),
        Doc(
            "1RoTa5LabMtg7Zx9Cv1Bn3Mq5Wr7Ty9Ui1",
            "Lab meeting rota 2026-27",
            SHEET,
            "2026-11-10T08:00:00.000Z",
            "Mara Jensen",
            {"Rota": ROTA},
        ),
        Doc(
            "1MoUs3CoLoNy5Cn7Su9Sx1Nv3Bz5Kq7Wp9",
            "Mouse colony census Nov 2026",
            SHEET,
            "2026-11-03T10:00:00.000Z",
            "Chidi Okafor",
            {"Census": COLONY},
        ),
        Doc(
            "1SoP0rgPass4gE6mC8hN0iC2aL4pS6sQ8a",
            "Organoid passaging SOP",
            DOC,
            "2026-09-14T13:00:00.000Z",
            "Mara Jensen",
            "# Organoid passaging (mechanical)\n\n1. Remove medium, add 1 ml cold Cell Recovery Solution per well.\n"
            "2. Incubate 30 min on ice.\n3. Break organoids by pipetting 20x with a P200.\n4. Spin 200 x g, 5 min, "
            "4 °C.\n5. Resuspend in Matrigel, 1:4 split, 40 µl domes.\n6. Add medium with 10 µM Y-27632 for 2 days.\n",
        ),
        Doc(
            "1GrAnT2027aIm4sB6dC8eF0gH2iJ4kL6mN",
            "Grant renewal 2027 - specific aims",
            DOC,
            "2026-11-20T18:45:00.000Z",
            "Chidi Okafor",
            "# Specific aims\n\nAim 1: Identify regulators of crypt fission with a genome-wide CRISPR screen in "
            "human colon organoids.\n\nAim 2: Measure how matrix stiffness changes fission dynamics (live imaging).\n"
            "\nAim 3: Test top hits in Lgr5-creERT2 mice.\n",
        ),
        Doc(
            "1MiCrObOoK1nG3rU5lE7s9Ab1Cd3Ef5Gh7",
            "Microscope booking rules",
            DOC,
            "2026-05-02T09:00:00.000Z",
            "Priya Nair",
            "# Microscope booking rules\n\n- Book the spinning disk at most 2 weeks ahead.\n- Max 8 h per booking.\n"
            "- Cancel at least 24 h in advance or you are charged.\n",
        ),
        Doc(
            "1CoNfOcAlSeTt1nGs3Tx5Ty7Ui9Op1As3D",
            "confocal_settings.txt",
            "text/plain",
            "2026-10-07T16:10:00.000Z",
            "Mara Jensen",
            "Whole-mount IF, LSM 980\nObjective: 20x/0.8\nDAPI 405 nm 2%, E-cad 488 nm 4%, Ki67 647 nm 6%\n"
            "Z step 2 µm, 1024x1024, line average 2\n",
        ),
        Doc(
            "1ScReEnP1P2rEpOrT5pD7fA9sD1fG3hJ5k",
            "CRISPR screen P1-P2 QC report.pdf",
            "application/pdf",
            "2026-10-28T12:00:00.000Z",
            "Tom Reyes",
            None,
        ),
        Doc(
            "1SaFeTyTrA1n1nGcErT3pD5fQ7wE9rT1yU",
            "Biosafety training certificate - Mara.pdf",
            "application/pdf",
            "2026-02-14T12:00:00.000Z",
            "Mara Jensen",
            None,
        ),
    ]


def _col_index(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def _col_letters(index: int) -> str:
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


class Drive:
    """The fixed drive plus cell edits of this session."""

    def __init__(self) -> None:
        self.files = _files()
        for f in self.files:  # own copies, so edits stay in this Drive
            if isinstance(f.body, dict):
                f.body = {k: [list(r) for r in v] for k, v in f.body.items()}

    def _get(self, file_id: str, what: str = "fileId") -> Doc:
        key = (file_id or "").strip()
        match = re.search(r"/d/([A-Za-z0-9_-]{20,})", key) or re.search(r"[?&]id=([A-Za-z0-9_-]{20,})", key)
        if match:
            raise ValueError(f"{what} takes the file id, not a link: send '{match.group(1)}'.")
        for f in self.files:
            if f.id == key:
                return f
        names = [f for f in self.files if key and key.lower() in f.name.lower()]
        hint = (
            f" A file named like that: '{names[0].name}' has id {names[0].id}."
            if names
            else " gdrive_search finds a file's id by name or content."
        )
        raise ValueError(f"File not found: {file_id}.{hint}")

    def search(self, query: str, page_token: str | None = None, page_size: int = 10) -> SearchResult:
        """Files whose name or text contains every word of ``query`` (Drive's fullText search)."""
        if not 1 <= page_size <= 100:
            raise ValueError(f"pageSize must be between 1 and 100, not {page_size}.")
        words = [w.lower() for w in re.findall(r"[\w#./-]+", query or "")]
        hits = []
        for f in self.files:
            text = f.name + " " + self._text(f)
            if all(w in text.lower() for w in words):
                hits.append(f)
        hits.sort(key=lambda f: f.modified, reverse=True)
        start = int(page_token) if page_token and page_token.isdigit() else 0
        chunk = hits[start : start + page_size]
        more = start + page_size < len(hits)
        lines = [f"{f.name} ({f.mime}) - ID: {f.id}" for f in chunk]
        return SearchResult(
            files=[
                File(id=f.id, name=f.name, mimeType=f.mime, modifiedTime=f.modified, owners=[f.owner]) for f in chunk
            ],
            nextPageToken=str(start + page_size) if more else None,
            text=f"Found {len(hits)} files:\n" + "\n".join(lines),
        )

    def _text(self, f: Doc) -> str:
        if isinstance(f.body, str):
            return f.body
        if isinstance(f.body, dict):
            return " ".join(" ".join(" ".join(r) for r in rows) for rows in f.body.values())
        return ""

    def read(self, file_id: str) -> FileContent:
        f = self._get(file_id)
        if isinstance(f.body, dict):
            first = next(iter(f.body.values()))
            out = io.StringIO()
            csv.writer(out, lineterminator="\n").writerows(first)
            return FileContent(fileId=f.id, name=f.name, mimeType="text/csv", text=out.getvalue())
        if isinstance(f.body, str):
            kind = "text/markdown" if f.mime == DOC else f.mime
            return FileContent(fileId=f.id, name=f.name, mimeType=kind, text=f.body)
        return FileContent(
            fileId=f.id, name=f.name, mimeType=f.mime, text=f"Binary file ({f.mime}), {f.name}: no text to show."
        )

    def _sheet(self, f: Doc, name: str | None, sheet_id: int | None = None) -> tuple[str, list[list[str]]]:
        if not isinstance(f.body, dict):
            raise ValueError(f"'{f.name}' is not a spreadsheet ({f.mime}); gdrive_read_file reads it.")
        names = list(f.body)
        if name is None:
            index = sheet_id or 0
            if not 0 <= index < len(names):
                raise ValueError(f"sheetId {sheet_id} not found: '{f.name}' has sheets 0-{len(names) - 1} ({names}).")
            return names[index], f.body[names[index]]
        clean = name.strip().strip("'")
        for n in names:
            if n.lower() == clean.lower():
                return n, f.body[n]
        raise ValueError(f"Unable to parse range: sheet '{name}' not found. '{f.name}' has sheets {names}.")

    def _parse(self, f: Doc, a1: str) -> tuple[str, list[list[str]], int, int, int, int]:
        text = (a1 or "").strip()
        sheet_name, _, cells = text.rpartition("!") if "!" in text else (None, "", text)
        head = cells.split(":")[0].upper().replace("$", "") if cells else ""
        if sheet_name is None and not (_COL.match(head) or head.isdigit()):
            sheet_name, cells = cells, ""  # a bare sheet name
        name, rows = self._sheet(f, sheet_name)
        if not cells:
            return name, rows, 0, len(rows) - 1, 0, max(len(r) for r in rows) - 1
        parts = cells.upper().replace("$", "").split(":")
        if all(p.isdigit() for p in parts) and len(parts) <= 2:  # whole rows, e.g. 'Orders!1:5'
            return name, rows, int(parts[0]) - 1, int(parts[-1]) - 1, 0, max(len(r) for r in rows) - 1
        if len(parts) > 2 or not all(_COL.match(p) for p in parts):
            raise ValueError(f"Unable to parse range: {a1}. Use A1 notation, e.g. 'Reagents!A1:G10' or 'B3'.")
        m1 = _COL.match(parts[0])
        m2 = _COL.match(parts[-1])
        assert m1 and m2
        c1, c2 = _col_index(m1.group(1)), _col_index(m2.group(1))
        r1 = int(m1.group(2)) - 1 if m1.group(2) else 0
        r2 = int(m2.group(2)) - 1 if m2.group(2) else len(rows) - 1
        return name, rows, r1, r2, c1, c2

    def values(self, spreadsheet_id: str, ranges: list[str] | None = None, sheet_id: int | None = None) -> SheetValues:
        f = self._get(spreadsheet_id, "spreadsheetId")
        if not isinstance(f.body, dict):
            raise ValueError(f"'{f.name}' is not a spreadsheet ({f.mime}); gdrive_read_file reads it.")
        out = []
        if not ranges:
            name, rows = self._sheet(f, None, sheet_id)
            out.append(
                ValueRange(range=f"{name}!A1:{_col_letters(max(len(r) for r in rows) - 1)}{len(rows)}", values=rows)
            )
        for a1 in ranges or []:
            name, rows, r1, r2, c1, c2 = self._parse(f, a1)
            vals = [row[c1 : c2 + 1] for row in rows[r1 : r2 + 1]]
            out.append(ValueRange(range=f"{name}!{_col_letters(c1)}{r1 + 1}:{_col_letters(c2)}{r2 + 1}", values=vals))
        return SheetValues(spreadsheetId=f.id, title=f.name, sheets=list(f.body), valueRanges=out)

    def update(self, file_id: str, a1: str, value: str) -> CellUpdate:
        f = self._get(file_id)
        name, rows, r1, r2, c1, c2 = self._parse(f, a1)
        if (r1, c1) != (r2, c2):
            raise ValueError(
                f"range '{a1}' is more than one cell: gsheets_update_cell writes one cell, e.g. '{name}!E5'."
            )
        while len(rows) <= r1:
            rows.append([""] * len(rows[0]))
        row = rows[r1]
        while len(row) <= c1:
            row.append("")
        previous, row[c1] = row[c1], str(value)
        cell = f"{name}!{_col_letters(c1)}{r1 + 1}"
        return CellUpdate(
            spreadsheetId=f.id,
            updatedRange=cell,
            previousValue=previous,
            value=str(value),
            text=f"Updated cell {cell} to value: {value}",
        )


drive = Drive()
server = MCPServer("eval-gdrive", instructions="Google Drive and Sheets. Test-only fake drive.")


@server.tool(annotations=ToolAnnotations(title="Search Drive", readOnlyHint=True, openWorldHint=True))
def gdrive_search(
    query: Annotated[str, Field(description="Search query")],
    pageToken: Annotated[str | None, Field(description="Token for the next page of results")] = None,
    pageSize: Annotated[int, Field(description="Number of results per page (max 100)")] = 10,
) -> SearchResult:
    """Search for files in Google Drive"""
    try:
        return drive.search(query, pageToken, pageSize)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Read Drive file", readOnlyHint=True, openWorldHint=True))
def gdrive_read_file(
    fileId: Annotated[str, Field(description="ID of the file to read")],
) -> FileContent:
    """Read contents of a file from Google Drive"""
    try:
        return drive.read(fileId)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Read spreadsheet", readOnlyHint=True, openWorldHint=True))
def gsheets_read(
    spreadsheetId: Annotated[str, Field(description="The ID of the spreadsheet to read")],
    ranges: Annotated[
        list[str] | None,
        Field(
            description="Optional array of A1 notation ranges like ['Sheet1!A1:B10']. If not provided, reads "
            "entire sheet."
        ),
    ] = None,
    sheetId: Annotated[
        int | None,
        Field(description="Optional specific sheet ID to read. If not provided with ranges, reads first sheet."),
    ] = None,
) -> SheetValues:
    """Read data from a Google Spreadsheet with flexible options for ranges and formatting"""
    try:
        return drive.values(spreadsheetId, ranges, sheetId)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Update cell", readOnlyHint=False, destructiveHint=True, openWorldHint=True)
)
def gsheets_update_cell(
    fileId: Annotated[str, Field(description="ID of the spreadsheet")],
    range: Annotated[str, Field(description="Cell range in A1 notation (e.g. 'Sheet1!A1')")],
    value: Annotated[str, Field(description="New cell value")],
) -> CellUpdate:
    """Update a cell value in a Google Spreadsheet"""
    try:
        return drive.update(fileId, range, value)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
