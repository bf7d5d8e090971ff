"""Test-only Airtable server (dev set ``dev16_tools.jsonl``): list bases and tables, describe a table, list, search
and get records, create a record, update and delete records.

Run with: ``python -m eval.servers.airtable`` (stdio). Two fixed bases: "Okafor Lab" (``appK7sR2mQ9xLb4Tn``) with a
Samples table (organoid lines, cell lines, tissue, RNA), an Equipment loans table and a Collaborators table, and
"Teaching 2026" (``appW3tEaCh26Xy9Pq``) with a Students table. Created, updated and deleted records are kept in
memory (none at every start); a new record's id is derived from its table and fields, so a conversation replayed
later gets the same id. "Today" is the evaluation's date, 2026-11-22. No network, no real clock. The tool shapes
follow a popular Airtable MCP server (domdomegg/airtable-mcp-server): the same tool names, camelCase ``baseId``,
``tableId``, ``recordId``, ``maxRecords``, ``filterByFormula``, ``searchTerm``, ``detailLevel``, Airtable's ids
(``app…``, ``tbl…``, ``fld…``, ``rec…``, 17 characters), a table by id or name, records as ``{id, fields}``, a subset
of Airtable's formula language, short descriptions.
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

TODAY = "2026-11-22"
DetailLevel = Literal["tableIdentifiersOnly", "identifiersOnly", "full"]
_REC = re.compile(r"^rec[A-Za-z0-9]{14}$")


class FieldSpec(BaseModel):
    """One field of a table."""

    id: str = Field(description="Field id (fld…)")
    name: str = Field(description="Field name")
    type: str = Field(description="Airtable field type")
    options: dict[str, Any] | None = Field(default=None, description="Choices of a select field")


class Table(BaseModel):
    """A table (fields only at detailLevel identifiersOnly or full)."""

    id: str = Field(description="Table id (tbl…)")
    name: str = Field(description="Table name")
    description: str | None = Field(default=None, description="Table description (full only)")
    primaryFieldId: str | None = Field(default=None, description="Primary field id")
    fields: list[FieldSpec] | None = Field(default=None, description="Fields")


class Base(BaseModel):
    """A base."""

    id: str = Field(description="Base id (app…)")
    name: str = Field(description="Base name")
    permissionLevel: str = Field(description="Your permission level")


class BaseList(BaseModel):
    """The bases the token can see."""

    bases: list[Base] = Field(description="Bases")


class TableList(BaseModel):
    """The tables of a base."""

    baseId: str = Field(description="Base id")
    tables: list[Table] = Field(description="Tables")


class Record(BaseModel):
    """One record."""

    id: str = Field(description="Record id (rec…)")
    createdTime: str = Field(description="ISO 8601")
    fields: dict[str, Any] = Field(description="Field values by field name (empty fields are left out)")


class RecordList(BaseModel):
    """Records."""

    records: list[Record] = Field(description="Records")


class Deleted(BaseModel):
    """Deleted records."""

    records: list[dict[str, Any]] = Field(description="{id, deleted: true} per record")


def _f(name: str, kind: str, choices: tuple[str, ...] = ()) -> tuple[str, str, tuple[str, ...]]:
    return name, kind, choices


TABLES: dict[str, dict[str, Any]] = {
    "tblS4mpl3sX9kQ2aB": {
        "base": "appK7sR2mQ9xLb4Tn",
        "name": "Samples",
        "description": "Organoid lines, cell lines, tissue and nucleic acids in the lab",
        "fields": [
            _f("Sample ID", "singleLineText"),
            _f("Type", "singleSelect", ("organoid line", "cell line", "tissue", "RNA", "DNA")),
            _f("Source", "singleLineText"),
            _f("Status", "singleSelect", ("in culture", "frozen", "used up", "sent out")),
            _f("Location", "singleLineText"),
            _f("Passage", "number"),
            _f("Owner", "singleLineText"),
            _f("Date frozen", "date"),
            _f("Notes", "multilineText"),
        ],
        "records": [
            (
                "recA1b2C3d4E5f6G7",
                {
                    "Sample ID": "ORG-031",
                    "Type": "organoid line",
                    "Source": "patient P07 colon",
                    "Status": "in culture",
                    "Location": "Incubator 2",
                    "Passage": 14,
                    "Owner": "Mara Jensen",
                },
            ),
            (
                "recB2c3D4e5F6g7H8",
                {
                    "Sample ID": "ORG-032",
                    "Type": "organoid line",
                    "Source": "patient P07 colon",
                    "Status": "frozen",
                    "Location": "LN2 tank rack 3 box 4",
                    "Passage": 9,
                    "Owner": "Mara Jensen",
                    "Date frozen": "2026-10-21",
                },
            ),
            (
                "recC3d4E5f6G7h8I9",
                {
                    "Sample ID": "ORG-040",
                    "Type": "organoid line",
                    "Source": "patient P11 rectum",
                    "Status": "in culture",
                    "Location": "Incubator 1",
                    "Passage": 6,
                    "Owner": "Tom Reyes",
                    "Notes": "Cas9-expressing, used for screen P3",
                },
            ),
            (
                "recD4e5F6g7H8i9J0",
                {
                    "Sample ID": "ORG-041",
                    "Type": "organoid line",
                    "Source": "patient P11 rectum",
                    "Status": "frozen",
                    "Location": "LN2 tank rack 3 box 5",
                    "Passage": 4,
                    "Owner": "Tom Reyes",
                    "Date frozen": "2026-09-02",
                },
            ),
            (
                "recE5f6G7h8I9j0K1",
                {
                    "Sample ID": "CL-HT29",
                    "Type": "cell line",
                    "Source": "ATCC HTB-38",
                    "Status": "in culture",
                    "Location": "Incubator 1",
                    "Passage": 22,
                    "Owner": "Priya Nair",
                },
            ),
            (
                "recF6g7H8i9J0k1L2",
                {
                    "Sample ID": "CL-CACO2",
                    "Type": "cell line",
                    "Source": "ATCC HTB-37",
                    "Status": "frozen",
                    "Location": "-150 freezer box 2",
                    "Passage": 31,
                    "Owner": "Priya Nair",
                    "Date frozen": "2026-04-15",
                },
            ),
            (
                "recG7h8I9j0K1l2M3",
                {
                    "Sample ID": "TIS-118",
                    "Type": "tissue",
                    "Source": "mouse C-117 colon",
                    "Status": "frozen",
                    "Location": "-80 freezer 3 shelf 2",
                    "Owner": "Tom Reyes",
                    "Date frozen": "2026-11-13",
                },
            ),
            (
                "recH8i9J0k1L2m3N4",
                {
                    "Sample ID": "RNA-2026-044",
                    "Type": "RNA",
                    "Source": "ORG-031 p12",
                    "Status": "sent out",
                    "Location": "Genomics core",
                    "Owner": "Mara Jensen",
                    "Notes": "sent for bulk RNA-seq 2026-11-09",
                },
            ),
            (
                "recI9j0K1l2M3n4O5",
                {
                    "Sample ID": "RNA-2026-045",
                    "Type": "RNA",
                    "Source": "ORG-040 p5",
                    "Status": "frozen",
                    "Location": "-80 freezer 1 box R7",
                    "Owner": "Tom Reyes",
                    "Date frozen": "2026-11-18",
                },
            ),
            (
                "recJ0k1L2m3N4o5P6",
                {
                    "Sample ID": "DNA-P2-gDNA",
                    "Type": "DNA",
                    "Source": "screen plate P2",
                    "Status": "used up",
                    "Location": "-20 freezer 2",
                    "Owner": "Tom Reyes",
                },
            ),
        ],
    },
    "tblL0ansQ7vE1dRwZ": {
        "base": "appK7sR2mQ9xLb4Tn",
        "name": "Equipment loans",
        "description": "Equipment we lent out or borrowed",
        "fields": [
            _f("Item", "singleLineText"),
            _f("Borrower", "singleLineText"),
            _f("Direction", "singleSelect", ("lent out", "borrowed")),
            _f("Borrowed on", "date"),
            _f("Due back", "date"),
            _f("Returned", "checkbox"),
        ],
        "records": [
            (
                "recK1l2M3n4O5p6Q7",
                {
                    "Item": "Multichannel pipette P200",
                    "Borrower": "Schmidt lab",
                    "Direction": "lent out",
                    "Borrowed on": "2026-11-02",
                    "Due back": "2026-11-16",
                },
            ),
            (
                "recL2m3N4o5P6q7R8",
                {
                    "Item": "Portable CO2 incubator",
                    "Borrower": "Garcia lab",
                    "Direction": "borrowed",
                    "Borrowed on": "2026-10-20",
                    "Due back": "2026-12-04",
                },
            ),
            (
                "recM3n4O5p6Q7r8S9",
                {
                    "Item": "Gel imager",
                    "Borrower": "Schmidt lab",
                    "Direction": "lent out",
                    "Borrowed on": "2026-09-01",
                    "Due back": "2026-09-15",
                    "Returned": True,
                },
            ),
            (
                "recN4o5P6q7R8s9T0",
                {
                    "Item": "Dry shipper",
                    "Borrower": "Nakamura lab",
                    "Direction": "lent out",
                    "Borrowed on": "2026-11-12",
                    "Due back": "2026-11-26",
                },
            ),
        ],
    },
    "tblC0llab5Hn8ZpYq": {
        "base": "appK7sR2mQ9xLb4Tn",
        "name": "Collaborators",
        "description": "External collaborators and what we share with them",
        "fields": [
            _f("Name", "singleLineText"),
            _f("Institution", "singleLineText"),
            _f("Email", "email"),
            _f("Project", "singleLineText"),
            _f("MTA signed", "checkbox"),
        ],
        "records": [
            (
                "recO5p6Q7r8S9t0U1",
                {
                    "Name": "Lena Schmidt",
                    "Institution": "EMBL Heidelberg",
                    "Email": "lena.schmidt@embl.example.org",
                    "Project": "organoid mechanics",
                    "MTA signed": True,
                },
            ),
            (
                "recP6q7R8s9T0u1V2",
                {
                    "Name": "Diego Garcia",
                    "Institution": "CNIO Madrid",
                    "Email": "dgarcia@cnio.example.es",
                    "Project": "CRISPR screen hits",
                },
            ),
            (
                "recQ7r8S9t0U1v2W3",
                {
                    "Name": "Aiko Nakamura",
                    "Institution": "RIKEN",
                    "Email": "aiko.nakamura@riken.example.jp",
                    "Project": "light-sheet imaging",
                    "MTA signed": True,
                },
            ),
        ],
    },
    "tblStUd3nTs26aBcD": {
        "base": "appW3tEaCh26Xy9Pq",
        "name": "Students",
        "description": "Practical course students",
        "fields": [_f("Name", "singleLineText"), _f("Group", "singleSelect", ("A", "B", "C")), _f("Grade", "number")],
        "records": [
            ("recR8s9T0u1V2w3X4", {"Name": "Jonas Weber", "Group": "A", "Grade": 1.7}),
            ("recS9t0U1v2W3x4Y5", {"Name": "Emma Rossi", "Group": "B"}),
        ],
    },
}
BASES = {"appK7sR2mQ9xLb4Tn": "Okafor Lab", "appW3tEaCh26Xy9Pq": "Teaching 2026"}


def _fid(table: str, name: str) -> str:
    return "fld" + hashlib.sha256(f"{table}:{name}".encode()).hexdigest()[:14]


class Airtable:
    """The fixed bases plus this session's changes."""

    def __init__(self) -> None:
        self.records: dict[str, list[Record]] = {
            tid: [Record(id=rid, createdTime="2026-01-15T09:00:00.000Z", fields=dict(f)) for rid, f in t["records"]]
            for tid, t in TABLES.items()
        }

    def _base(self, base_id: str) -> str:
        key = (base_id or "").strip()
        if key in BASES:
            return key
        named = [b for b, n in BASES.items() if n.lower() == key.lower()]
        if named:
            raise ValueError(f"baseId takes the base id, not its name: send '{named[0]}' for '{BASES[named[0]]}'.")
        listing = ", ".join(f"{n} ({b})" for b, n in BASES.items())
        raise ValueError(f"Could not find base '{base_id}'. Bases: {listing}; list_bases lists them.")

    def _table(self, base_id: str, table_id: str) -> str:
        base = self._base(base_id)
        key = (table_id or "").strip()
        mine = {tid: t for tid, t in TABLES.items() if t["base"] == base}
        if key in mine:
            return key
        for tid, t in mine.items():
            if t["name"].lower() == key.lower():
                return tid
        listing = ", ".join(f"{t['name']} ({tid})" for tid, t in mine.items())
        raise ValueError(f"Could not find table '{table_id}' in base {base}. Tables: {listing}.")

    def bases(self) -> BaseList:
        return BaseList(bases=[Base(id=b, name=n, permissionLevel="create") for b, n in BASES.items()])

    def describe(self, base_id: str, table_id: str, detail: str = "full") -> Table:
        tid = self._table(base_id, table_id)
        t = TABLES[tid]
        if detail == "tableIdentifiersOnly":
            return Table(id=tid, name=t["name"])
        fields = [
            FieldSpec(
                id=_fid(tid, n),
                name=n,
                type=k,
                options={"choices": [{"name": c} for c in ch]} if ch and detail == "full" else None,
            )
            for n, k, ch in t["fields"]
        ]
        if detail == "identifiersOnly":
            fields = [FieldSpec(id=f.id, name=f.name, type=f.type) for f in fields]
            return Table(id=tid, name=t["name"], fields=fields)
        return Table(id=tid, name=t["name"], description=t["description"], primaryFieldId=fields[0].id, fields=fields)

    def tables(self, base_id: str, detail: str = "full") -> TableList:
        base = self._base(base_id)
        return TableList(
            baseId=base, tables=[self.describe(base, tid, detail) for tid, t in TABLES.items() if t["base"] == base]
        )

    def list(
        self,
        base_id: str,
        table_id: str,
        max_records: int | None = None,
        formula: str | None = None,
        sort: list[dict[str, Any]] | None = None,
    ) -> RecordList:
        tid = self._table(base_id, table_id)
        rows = list(self.records[tid])
        if formula:
            rows = [r for r in rows if _truthy(_eval(formula.strip(), r.fields, tid))]
        for spec in reversed(sort or []):
            name = self._field(tid, str(spec.get("field", "")))
            rows.sort(
                key=lambda r, n=name: (r.fields.get(n) is None, str(r.fields.get(n, ""))),
                reverse=spec.get("direction") == "desc",
            )
        if max_records is not None:
            rows = rows[:max_records]
        return RecordList(records=rows)

    def search(
        self, base_id: str, table_id: str, term: str, field_ids: list[str] | None = None, max_records: int | None = None
    ) -> RecordList:
        tid = self._table(base_id, table_id)
        names = [self._field(tid, f) for f in field_ids] if field_ids else [n for n, *_ in TABLES[tid]["fields"]]
        low = (term or "").strip().lower()
        if not low:
            raise ValueError("searchTerm is empty: send the text to look for, e.g. 'ORG-031'.")
        rows = [r for r in self.records[tid] if any(low in str(r.fields.get(n, "")).lower() for n in names)]
        return RecordList(records=rows[:max_records] if max_records else rows)

    def _field(self, tid: str, name: str) -> str:
        for n, *_ in TABLES[tid]["fields"]:
            if name.lower() in (n.lower(), _fid(tid, n)):
                return n
        fields = ", ".join(n for n, *_ in TABLES[tid]["fields"])
        raise ValueError(f'Unknown field name: "{name}". {TABLES[tid]["name"]} has fields: {fields}.')

    def _clean(self, tid: str, fields: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(fields, dict) or not fields:
            raise ValueError('fields is empty: send an object of field names and values, e.g. {"Status": "frozen"}.')
        out: dict[str, Any] = {}
        spec = {n: (k, ch) for n, k, ch in TABLES[tid]["fields"]}
        for key, value in fields.items():
            name = self._field(tid, key)
            kind, choices = spec[name]
            if kind == "singleSelect" and value is not None:
                match = next((c for c in choices if c.lower() == str(value).strip().lower()), None)
                if match is None:
                    raise ValueError(
                        f"Insufficient permissions to create new select option \"{value}\" in field '{name}'. "
                        f"Choices: {', '.join(choices)}."
                    )
                value = match
            elif kind == "number" and value is not None:
                try:
                    value = float(value) if "." in str(value) else int(value)
                except (TypeError, ValueError):
                    raise ValueError(f"Field '{name}' is a number: send e.g. 12, not '{value}'.") from None
            elif kind == "checkbox":
                value = value is True or str(value).lower() in ("true", "1", "yes", "checked")
            elif kind == "date" and value is not None and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(value)):
                raise ValueError(f"Field '{name}' is a date: send YYYY-MM-DD, e.g. {TODAY}, not '{value}'.")
            out[name] = value
        return out

    def get(self, base_id: str, table_id: str, record_id: str) -> Record:
        tid = self._table(base_id, table_id)
        key = (record_id or "").strip()
        if not _REC.match(key):
            raise ValueError(
                f"'{record_id}' is not a record id: ids look like recA1b2C3d4E5f6G7; search_records finds one "
                "by a value such as a sample ID."
            )
        for r in self.records[tid]:
            if r.id == key:
                return r
        raise ValueError(f"Record not found: {key} in table {TABLES[tid]['name']}. search_records finds records.")

    def create(self, base_id: str, table_id: str, fields: dict[str, Any]) -> Record:
        tid = self._table(base_id, table_id)
        clean = self._clean(tid, fields)
        digest = hashlib.sha256(f"{tid}|{sorted(clean.items())}".encode()).hexdigest()
        rid = "rec" + "".join(c if i % 2 else c.upper() for i, c in enumerate(digest[:14]))
        record = Record(id=rid, createdTime=f"{TODAY}T12:00:00.000Z", fields=clean)
        self.records[tid] = [r for r in self.records[tid] if r.id != rid] + [record]
        return record

    def update(self, base_id: str, table_id: str, records: list[dict[str, Any]]) -> RecordList:
        tid = self._table(base_id, table_id)
        if not records or len(records) > 10:
            raise ValueError('records takes 1 to 10 items of {"id": "rec…", "fields": {…}}.')
        out = []
        for item in records:
            if not isinstance(item, dict) or "id" not in item:
                raise ValueError('Each record needs its id: send [{"id": "recA1b2C3d4E5f6G7", "fields": {…}}].')
            record = self.get(base_id, tid, str(item["id"]))
            record.fields = {**record.fields, **self._clean(tid, item.get("fields") or {})}
            record.fields = {k: v for k, v in record.fields.items() if v not in (None, "", False)}
            out.append(record)
        return RecordList(records=out)

    def delete(self, base_id: str, table_id: str, record_ids: list[str]) -> Deleted:
        tid = self._table(base_id, table_id)
        if not record_ids:
            raise ValueError("recordIds is empty: send the ids to delete, e.g. ['recA1b2C3d4E5f6G7'].")
        gone = [self.get(base_id, tid, r).id for r in record_ids]
        self.records[tid] = [r for r in self.records[tid] if r.id not in gone]
        return Deleted(records=[{"id": r, "deleted": True} for r in gone])


# ------------------------------------------------------------------ a subset of Airtable's formula language
_TOKEN = re.compile(r"\s*(\{[^}]*\}|'[^']*'|\"[^\"]*\"|-?\d+(?:\.\d+)?|[A-Z_]+\(|!=|<=|>=|[=<>(),&])", re.IGNORECASE)


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            if text[pos:].strip() == "":
                break
            raise ValueError(
                f"Invalid filterByFormula: '{text}'. Use Airtable formulas such as {{Status}} = 'frozen', "
                "AND({Type} = 'RNA', {Owner} = 'Tom Reyes'), FIND('P07', {Source}), NOT({Returned})."
            )
        out.append(m.group(1))
        pos = m.end()
    return out


def _eval(text: str, fields: dict[str, Any], tid: str) -> Any:
    tokens = _tokens(text)
    value, rest = _expr(tokens, fields, tid)
    if rest:
        raise ValueError(f"Invalid filterByFormula: '{text}' (unexpected '{rest[0]}').")
    return value


def _truthy(value: Any) -> bool:
    return value not in (None, "", 0, False)


def _atom(tokens: list[str], fields: dict[str, Any], tid: str) -> tuple[Any, list[str]]:
    if not tokens:
        raise ValueError("Invalid filterByFormula: it ends too early.")
    head, rest = tokens[0], tokens[1:]
    if head.startswith("{"):
        name = head[1:-1]
        known = [n for n, *_ in TABLES[tid]["fields"]]
        real = next((n for n in known if n.lower() == name.lower()), None)
        if real is None:
            raise ValueError(f"Unknown field names: {name.lower()}. Fields: {', '.join(known)}.")
        return fields.get(real), rest
    if head[0] in "'\"":
        return head[1:-1], rest
    if re.fullmatch(r"-?\d+(?:\.\d+)?", head):
        return float(head), rest
    if head == "(":
        value, rest = _expr(rest, fields, tid)
        return value, rest[1:]
    if head.endswith("("):
        fn = head[:-1].upper()
        args = []
        while rest and rest[0] != ")":
            value, rest = _expr(rest, fields, tid)
            args.append(value)
            if rest and rest[0] == ",":
                rest = rest[1:]
        rest = rest[1:]
        if fn == "AND":
            return all(_truthy(a) for a in args), rest
        if fn == "OR":
            return any(_truthy(a) for a in args), rest
        if fn == "NOT":
            return not _truthy(args[0] if args else None), rest
        if fn in ("FIND", "SEARCH"):
            return (str(args[0]).lower() in str(args[1] or "").lower()) if len(args) > 1 else False, rest
        if fn in ("TRUE", "FALSE"):
            return fn == "TRUE", rest
        if fn == "BLANK":
            return None, rest
        if fn in ("LOWER", "UPPER", "TRIM"):
            return str(args[0] or "").lower() if fn == "LOWER" else str(args[0] or ""), rest
        if fn == "TODAY":
            return TODAY, rest
        if fn == "IS_BEFORE":
            return str(args[0] or "") < str(args[1]), rest
        if fn == "IS_AFTER":
            return str(args[0] or "") > str(args[1]), rest
        raise ValueError(f"Unsupported function {fn}() in filterByFormula: use AND, OR, NOT, FIND, SEARCH, BLANK.")
    raise ValueError(f"Invalid filterByFormula near '{head}'.")


def _expr(tokens: list[str], fields: dict[str, Any], tid: str) -> tuple[Any, list[str]]:
    left, rest = _atom(tokens, fields, tid)
    if rest and rest[0] in ("=", "!=", "<", ">", "<=", ">="):
        op = rest[0]
        right, rest = _atom(rest[1:], fields, tid)
        a, b = left, right
        if isinstance(b, float) and isinstance(a, int | float):
            a = float(a)
        elif isinstance(b, bool) or isinstance(a, bool):
            a, b = _truthy(a), _truthy(b)
        elif b is None:
            a, b = (a if _truthy(a) else None), None
        else:
            a, b = str(a if a is not None else "").lower(), str(b).lower()
        if op in ("<", ">", "<=", ">=") and (a is None or b is None):
            return False, rest
        return {"=": a == b, "!=": a != b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op], rest
    return left, rest


airtable = Airtable()
server = MCPServer("eval-airtable", instructions="Airtable bases, tables and records. Test-only fake bases.")
_BASE = Field(description="ID of the base")
_TABLE = Field(description="ID or name of the table")


@server.tool(annotations=ToolAnnotations(title="List bases", readOnlyHint=True, openWorldHint=True))
def list_bases() -> BaseList:
    """Lists all accessible Airtable bases"""
    return airtable.bases()


@server.tool(annotations=ToolAnnotations(title="List tables", readOnlyHint=True, openWorldHint=True))
def list_tables(
    baseId: Annotated[str, _BASE],
    detailLevel: Annotated[
        DetailLevel,
        Field(
            description="Detail level for table information: tableIdentifiersOnly (table IDs and names), "
            "identifiersOnly (table, field, and view IDs and names), full (complete details)"
        ),
    ] = "full",
) -> TableList:
    """Lists all tables in a specific base"""
    try:
        return airtable.tables(baseId, detailLevel)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Describe table", readOnlyHint=True, openWorldHint=True))
def describe_table(
    baseId: Annotated[str, _BASE],
    tableId: Annotated[str, _TABLE],
    detailLevel: Annotated[
        DetailLevel,
        Field(description="Detail level for table information: tableIdentifiersOnly, identifiersOnly or full"),
    ] = "full",
) -> Table:
    """Gets detailed information about a specific table"""
    try:
        return airtable.describe(baseId, tableId, detailLevel)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List records", readOnlyHint=True, openWorldHint=True))
def list_records(
    baseId: Annotated[str, _BASE],
    tableId: Annotated[str, _TABLE],
    maxRecords: Annotated[
        int | None, Field(description="Maximum number of records to return. Defaults to 100.")
    ] = None,
    filterByFormula: Annotated[
        str | None, Field(description="Airtable formula to filter records, e.g. {Status} = 'frozen'")
    ] = None,
    sort: Annotated[
        list[dict[str, Any]] | None,
        Field(description="Specifies how to sort the records: a list of {field, direction ('asc' or 'desc')}"),
    ] = None,
    view: Annotated[str | None, Field(description="Name or ID of a view in the table")] = None,
) -> RecordList:
    """Lists records from a table"""
    try:
        return airtable.list(baseId, tableId, maxRecords, filterByFormula, sort)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Search records", readOnlyHint=True, openWorldHint=True))
def search_records(
    baseId: Annotated[str, _BASE],
    tableId: Annotated[str, _TABLE],
    searchTerm: Annotated[str, Field(description="Text to search for in records")],
    fieldIds: Annotated[
        list[str] | None,
        Field(description="Specific field ids to search in. If not provided, searches all text-based fields."),
    ] = None,
    maxRecords: Annotated[
        int | None, Field(description="Maximum number of records to return. Defaults to 100.")
    ] = None,
) -> RecordList:
    """Search for records containing specific text"""
    try:
        return airtable.search(baseId, tableId, searchTerm, fieldIds, maxRecords)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Get record", readOnlyHint=True, openWorldHint=True))
def get_record(
    baseId: Annotated[str, _BASE],
    tableId: Annotated[str, _TABLE],
    recordId: Annotated[str, Field(description="ID of the record to retrieve")],
) -> Record:
    """Gets a specific record by ID"""
    try:
        return airtable.get(baseId, tableId, recordId)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Create record", readOnlyHint=False, destructiveHint=False, openWorldHint=True)
)
def create_record(
    baseId: Annotated[str, _BASE],
    tableId: Annotated[str, _TABLE],
    fields: Annotated[dict[str, Any], Field(description="The fields of the record to create")],
) -> Record:
    """Creates a new record in a table"""
    try:
        return airtable.create(baseId, tableId, fields)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Update records", readOnlyHint=False, destructiveHint=True, openWorldHint=True)
)
def update_records(
    baseId: Annotated[str, _BASE],
    tableId: Annotated[str, _TABLE],
    records: Annotated[
        list[dict[str, Any]],
        Field(description="Array of objects containing record ID and fields to update: [{id, fields}]"),
    ],
) -> RecordList:
    """Updates up to 10 records in a table"""
    try:
        return airtable.update(baseId, tableId, records)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Delete records", readOnlyHint=False, destructiveHint=True, openWorldHint=True)
)
def delete_records(
    baseId: Annotated[str, _BASE],
    tableId: Annotated[str, _TABLE],
    recordIds: Annotated[list[str], Field(description="Array of record IDs to delete")],
) -> Deleted:
    """Deletes records from a table"""
    try:
        return airtable.delete(baseId, tableId, recordIds)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
