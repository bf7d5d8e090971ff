"""Test-only Notion server (dev set ``dev16_tools.jsonl``): search a lab's workspace by title, read a page and its
blocks, append blocks, create a page (under a page or as a database row), update a page's properties, query a
database, read a database's schema and comment on a page.

Run with: ``python -m eval.servers.notion`` (stdio). A fixed workspace of Dr. Chidi Okafor's organoid lab: a "Lab
meetings" page with three meeting-notes pages, a "Projects" page with three project pages, an onboarding page, a
"Protocols" database (eight SOPs) and a "Reading list" database (eight papers). Pages, blocks and comments created
are kept in memory (none at every start); a new page's id is derived from its parent and title, so a conversation
replayed later gets the same id. "Now" is the evaluation's clock, 2026-11-22 12:00 UTC. No network, no real clock.
The tool shapes follow the official Notion MCP server (@notionhq/notion-mcp-server, generated from Notion's OpenAPI
description): the operation ids as tool names (``API-post-search``, ``API-retrieve-a-page``, ``API-get-block-children``,
``API-patch-block-children``, ``API-post-page``, ``API-patch-page``, ``API-post-database-query``,
``API-retrieve-a-database``, ``API-create-a-comment``), Notion's API wording in the descriptions, UUID ids, Notion's
nested ``parent``, ``properties``, rich-text, ``filter`` and ``sorts`` objects. Where the real API only answers
``400 validation_error``, this one says what to send; it also takes a bare string where a rich-text array is due.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

NOW = "2026-11-22T12:00:00.000Z"
_NS = uuid.UUID("6f1c2a3e-9b7d-4e5f-8a1b-2c3d4e5f6a7b")
_UUID = re.compile(r"([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})", re.IGNORECASE)
BLOCK_TYPES = ("paragraph", "heading_1", "heading_2", "heading_3", "bulleted_list_item", "numbered_list_item")
BLOCK_TYPES += ("to_do", "quote", "callout", "code", "divider")
USERS = {
    "Chidi Okafor": "c0a1d2e3-0000-4000-8000-000000000001",
    "Mara Jensen": "c0a1d2e3-0000-4000-8000-000000000002",
    "Tom Reyes": "c0a1d2e3-0000-4000-8000-000000000003",
    "Priya Nair": "c0a1d2e3-0000-4000-8000-000000000004",
}


def nid(name: str) -> str:
    """The stable UUID of a fixed page or database."""
    return str(uuid.uuid5(_NS, name))


def norm_id(text: str, what: str = "page_id") -> str:
    """A Notion id with or without hyphens (or inside a notion.so URL) as the hyphenated UUID.

    Raises:
        ValueError: for text that holds no UUID (with the form to send).
    """
    raw = (text or "").strip()
    match = _UUID.search(raw.replace("-", "")) if "notion.so" in raw else _UUID.fullmatch(raw)
    if not match:
        match = _UUID.fullmatch(raw.replace("-", ""))
    if not match:
        raise ValueError(
            f'path failed validation: {what} should be a valid uuid, instead was `"{text}"`. Send the page or '
            "database id (32 hex digits, with or without hyphens, e.g. "
            f"'{nid('page:Lab meetings')}'); API-post-search finds it by title."
        )
    return "-".join(match.groups()).lower()


def _rt(text: str) -> list[dict[str, Any]]:
    return [{"type": "text", "text": {"content": text}, "plain_text": text}]


def plain(value: Any) -> str:
    """The plain text of a rich-text array (or of a bare string)."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        if "content" in value:
            return str(value["content"])
        for key in ("text", "plain_text"):
            if key in value:
                return plain(value[key])
        for key in ("title", "rich_text"):
            if key in value:
                return plain(value[key])
        return ""
    if isinstance(value, list):
        return "".join(plain(v) for v in value)
    return "" if value is None else str(value)


class Block(BaseModel):
    """One block of a page."""

    object: Literal["block"] = "block"
    id: str = Field(description="Block id")
    type: str = Field(description="Block type, e.g. paragraph, heading_2, to_do, bulleted_list_item")
    text: str = Field(description="The block's plain text")
    checked: bool | None = Field(default=None, description="For to_do blocks: whether it is ticked")
    has_children: bool = Field(default=False, description="Whether the block has children")
    created_time: str = Field(description="ISO 8601")


class Page(BaseModel):
    """A page object."""

    object: Literal["page"] = "page"
    id: str = Field(description="Page id (UUID)")
    created_time: str = Field(description="ISO 8601")
    last_edited_time: str = Field(description="ISO 8601")
    created_by: str = Field(description="User name")
    parent: dict[str, Any] = Field(description="{'type': 'page_id'|'database_id'|'workspace', ...}")
    archived: bool = Field(default=False, description="Whether the page is archived (in trash)")
    title: str = Field(description="The page title (plain text)")
    properties: dict[str, Any] = Field(description="Property values by name (plain values)")
    url: str = Field(description="notion.so URL")


class Database(BaseModel):
    """A database object."""

    object: Literal["database"] = "database"
    id: str = Field(description="Database id (UUID)")
    title: str = Field(description="Database title")
    description: str = Field(description="Database description")
    parent: dict[str, Any] = Field(description="Parent")
    properties: dict[str, Any] = Field(description="Schema: property name -> {type, options}")
    url: str = Field(description="notion.so URL")
    last_edited_time: str = Field(description="ISO 8601")


class SearchResult(BaseModel):
    """A page of search or query results."""

    object: Literal["list"] = "list"
    results: list[dict[str, Any]] = Field(description="Pages and databases")
    next_cursor: str | None = Field(description="Cursor for the next page, null on the last")
    has_more: bool = Field(description="Whether there are more results")


class BlockList(BaseModel):
    """A page of a block's children."""

    object: Literal["list"] = "list"
    block_id: str = Field(description="Parent block or page id")
    results: list[Block] = Field(description="Child blocks, in order")
    next_cursor: str | None = Field(description="Cursor for the next page")
    has_more: bool = Field(description="Whether there are more children")


class Comment(BaseModel):
    """A created comment."""

    object: Literal["comment"] = "comment"
    id: str = Field(description="Comment id")
    parent: dict[str, Any] = Field(description="{'type': 'page_id', 'page_id': ...}")
    created_time: str = Field(description="ISO 8601")
    created_by: str = Field(description="User name")
    text: str = Field(description="Comment text")


# ---------------------------------------------------------------- fixed workspace
PROTOCOL_SCHEMA = {
    "Name": {"type": "title"},
    "Category": {"type": "select", "options": ["Cell culture", "Molecular biology", "Imaging", "Animal work"]},
    "Owner": {"type": "people", "options": list(USERS)},
    "Status": {"type": "status", "options": ["Current", "Draft", "Retired"]},
    "Last reviewed": {"type": "date"},
    "Version": {"type": "number"},
}
READING_SCHEMA = {
    "Name": {"type": "title"},
    "Authors": {"type": "rich_text"},
    "Year": {"type": "number"},
    "Status": {"type": "select", "options": ["To read", "Reading", "Read"]},
    "Tags": {"type": "multi_select", "options": ["organoids", "CRISPR", "imaging", "mechanobiology", "methods"]},
    "Added by": {"type": "people", "options": list(USERS)},
    "DOI": {"type": "url"},
}
PROTOCOLS = (
    ("Organoid passaging (mechanical)", "Cell culture", "Mara Jensen", "Current", "2026-09-14", 3),
    ("Organoid freezing and thawing", "Cell culture", "Priya Nair", "Current", "2026-06-02", 2),
    ("Matrigel dome plating", "Cell culture", "Priya Nair", "Draft", "2026-11-18", 1),
    ("Lentiviral transduction of organoids", "Molecular biology", "Tom Reyes", "Current", "2026-03-30", 4),
    ("gDNA extraction for guide counting", "Molecular biology", "Tom Reyes", "Current", "2026-05-11", 2),
    ("Whole-mount immunofluorescence", "Imaging", "Mara Jensen", "Current", "2026-10-07", 5),
    ("Live imaging on the spinning disk", "Imaging", "Mara Jensen", "Draft", "2026-11-20", 1),
    ("Tail vein injection", "Animal work", "Chidi Okafor", "Retired", "2024-02-19", 2),
)
READING = (
    (
        "Organoid mechanics drive crypt fission",
        "Pérez-González C et al.",
        2021,
        "Read",
        ["organoids", "mechanobiology"],
        "Mara Jensen",
        "https://doi.org/10.1038/s41556-021-00699-6",
    ),
    (
        "Genome-scale CRISPR screens in human intestinal organoids",
        "Ringel T et al.",
        2020,
        "Reading",
        ["organoids", "CRISPR"],
        "Tom Reyes",
        "https://doi.org/10.1016/j.celrep.2020.107632",
    ),
    (
        "Cellpose 2.0: how to train your own model",
        "Pachitariu M, Stringer C",
        2022,
        "To read",
        ["imaging", "methods"],
        "Mara Jensen",
        "https://doi.org/10.1038/s41592-022-01663-4",
    ),
    (
        "Single-cell CRISPR screens in organoids (Perturb-seq)",
        "Replogle JM et al.",
        2022,
        "To read",
        ["CRISPR", "methods"],
        "Tom Reyes",
        "https://doi.org/10.1016/j.cell.2022.05.013",
    ),
    (
        "Lgr5 stem cells self-organize into crypt-villus structures",
        "Sato T et al.",
        2009,
        "Read",
        ["organoids"],
        "Chidi Okafor",
        "https://doi.org/10.1038/nature07935",
    ),
    (
        "Hydrogel stiffness tunes organoid symmetry breaking",
        "Gjorevski N et al.",
        2022,
        "To read",
        ["organoids", "mechanobiology"],
        "Chidi Okafor",
        "https://doi.org/10.1126/science.aaw9021",
    ),
    (
        "Light-sheet imaging of organoid development",
        "de Medeiros G et al.",
        2022,
        "Reading",
        ["imaging", "organoids"],
        "Priya Nair",
        "https://doi.org/10.1038/s41467-022-32465-w",
    ),
    (
        "MAGeCK: robust identification of CRISPR screen hits",
        "Li W et al.",
        2014,
        "Read",
        ["CRISPR", "methods"],
        "Tom Reyes",
        "https://doi.org/10.1186/s13059-014-0554-4",
    ),
)
MEETINGS = {
    "Lab meeting 2026-11-19": [
        ("heading_2", "Attendees"),
        ("paragraph", "Chidi, Mara, Tom, Priya"),
        ("heading_2", "Updates"),
        ("bulleted_list_item", "Tom: screen P3 transduced, MOI 0.3 confirmed by puromycin kill curve"),
        ("bulleted_list_item", "Mara: spinning-disk time-lapse of fission events, 40 organoids tracked"),
        ("bulleted_list_item", "Priya: Matrigel lot 3215 running low, new lot on order"),
        ("heading_2", "Action items"),
        ("to_do", "Tom: send guide library QC to Chidi by Friday"),
        ("to_do", "Mara: draft figure 2 for the grant renewal"),
        ("to_do", "Priya: update the inventory sheet after the Matrigel delivery"),
    ],
    "Lab meeting 2026-11-12": [
        ("heading_2", "Attendees"),
        ("paragraph", "Chidi, Mara, Tom"),
        ("heading_2", "Discussion"),
        ("paragraph", "Journal club: Gjorevski 2022 on hydrogel stiffness. Decided to test 3 stiffness levels."),
        ("heading_2", "Action items"),
        ("to_do", "Mara: order PEG hydrogel kit"),
        ("to_do", "Chidi: ask the core about spinning-disk hours in December"),
    ],
    "Lab meeting 2026-11-05": [
        ("heading_2", "Attendees"),
        ("paragraph", "Chidi, Mara, Tom, Priya"),
        ("heading_2", "Updates"),
        ("bulleted_list_item", "Priya: mycoplasma test all negative"),
        ("heading_2", "Action items"),
        ("to_do", "Tom: book the sequencer for the P2 guide counting"),
    ],
}
PROJECTS = {
    "Organoid CRISPR screen": [
        ("paragraph", "Genome-wide knockout screen for regulators of crypt fission in human colon organoids."),
        ("heading_2", "Status"),
        ("paragraph", "Plates P1 and P2 sequenced; P3 transduced on 2026-11-16."),
        ("heading_2", "Next steps"),
        ("to_do", "MAGeCK analysis of P1-P2"),
        ("to_do", "Validate top 10 hits with individual guides"),
    ],
    "Spheroid invasion assay": [
        ("paragraph", "Collagen invasion assay for the stiffness project."),
        ("heading_2", "Status"),
        ("paragraph", "Pilot done with 2 mg/ml collagen; 4 mg/ml planned."),
    ],
    "Grant renewal 2027": [
        ("paragraph", "ERC consolidator renewal, due 2027-02-15."),
        ("heading_2", "Figures"),
        ("to_do", "Figure 1: screen overview (Tom)"),
        ("to_do", "Figure 2: fission dynamics (Mara)"),
    ],
}
ONBOARDING = [
    ("paragraph", "Welcome to the Okafor lab!"),
    ("bulleted_list_item", "Get your badge from the front desk"),
    ("bulleted_list_item", "Biosafety training before any tissue culture"),
    ("bulleted_list_item", "Ask Priya for a bench and a freezer box"),
]


def _url(title: str, ident: str) -> str:
    slug = re.sub(r"[^A-Za-z0-9]+", "-", title).strip("-")
    return f"https://www.notion.so/okafor-lab/{slug}-{ident.replace('-', '')}"


class Workspace:
    """The fixed workspace plus what was created in this session."""

    def __init__(self) -> None:
        self.pages: dict[str, Page] = {}
        self.blocks: dict[str, list[Block]] = {}
        self.databases: dict[str, Database] = {}
        self.comments: list[Comment] = []
        self._order: list[str] = []
        created = "2026-01-12T09:00:00.000Z"
        self._page("Lab meetings", {"type": "workspace", "workspace": True}, [], "Chidi Okafor", created)
        self._page("Projects", {"type": "workspace", "workspace": True}, [], "Chidi Okafor", created)
        self._page("Onboarding", {"type": "workspace", "workspace": True}, ONBOARDING, "Priya Nair", created)
        meetings = nid("page:Lab meetings")
        for title, blocks in MEETINGS.items():
            day = title.rsplit(" ", 1)[1]
            self._page(title, {"type": "page_id", "page_id": meetings}, blocks, "Mara Jensen", f"{day}T16:00:00.000Z")
        projects = nid("page:Projects")
        for title, blocks in PROJECTS.items():
            self._page(title, {"type": "page_id", "page_id": projects}, blocks, "Chidi Okafor", created)
        self._database("Protocols", "The lab's standard operating procedures.", PROTOCOL_SCHEMA)
        self._database("Reading list", "Papers to read and discuss at journal club.", READING_SCHEMA)
        for name, category, owner, status, reviewed, version in PROTOCOLS:
            props = {"Name": name, "Category": category, "Owner": owner, "Status": status}
            props |= {"Last reviewed": reviewed, "Version": version}
            self._row("Protocols", props, owner, [("paragraph", f"SOP: {name}. Owner: {owner}.")])
        for name, authors, year, status, tags, added, doi in READING:
            props = {"Name": name, "Authors": authors, "Year": year, "Status": status, "Tags": tags}
            props |= {"Added by": added, "DOI": doi}
            self._row("Reading list", props, added, [])

    def _blocks(self, page_id: str, blocks: list[tuple[str, str]], when: str) -> list[Block]:
        return [
            Block(
                id=str(uuid.uuid5(_NS, f"{page_id}:{i}:{text}")),
                type=kind,
                text=text,
                checked=False if kind == "to_do" else None,
                created_time=when,
            )
            for i, (kind, text) in enumerate(blocks)
        ]

    def _page(self, title: str, parent: dict[str, Any], blocks: list[tuple[str, str]], by: str, when: str) -> Page:
        ident = nid(f"page:{title}")
        page = Page(
            id=ident,
            created_time=when,
            last_edited_time=when,
            created_by=by,
            parent=parent,
            title=title,
            properties={"title": title},
            url=_url(title, ident),
        )
        self.pages[ident] = page
        self.blocks[ident] = self._blocks(ident, blocks, when)
        self._order.append(ident)
        return page

    def _database(self, title: str, description: str, schema: dict[str, Any]) -> None:
        ident = nid(f"database:{title}")
        self.databases[ident] = Database(
            id=ident,
            title=title,
            description=description,
            parent={"type": "workspace", "workspace": True},
            properties=schema,
            url=_url(title, ident),
            last_edited_time="2026-11-20T10:00:00.000Z",
        )
        self._order.append(ident)

    def _row(self, database: str, props: dict[str, Any], by: str, blocks: list[tuple[str, str]]) -> None:
        db = nid(f"database:{database}")
        ident = nid(f"row:{database}:{props['Name']}")
        page = Page(
            id=ident,
            created_time="2026-02-01T09:00:00.000Z",
            last_edited_time="2026-11-10T09:00:00.000Z",
            created_by=by,
            parent={"type": "database_id", "database_id": db},
            title=str(props["Name"]),
            properties=props,
            url=_url(str(props["Name"]), ident),
        )
        self.pages[ident] = page
        self.blocks[ident] = self._blocks(ident, blocks, page.created_time)
        self._order.append(ident)

    # ------------------------------------------------------------ reads
    def _summary(self, ident: str) -> dict[str, Any]:
        if ident in self.databases:
            return self.databases[ident].model_dump()
        return self.pages[ident].model_dump()

    def search(
        self,
        query: str = "",
        filter: dict[str, Any] | None = None,
        sort: dict[str, Any] | None = None,
        start_cursor: str | None = None,
        page_size: int = 100,
    ) -> SearchResult:
        """Pages and databases whose title contains every word of ``query`` (Notion searches titles).

        Raises:
            ValueError: for a malformed filter, sort or page_size.
        """
        kind = None
        if filter:
            kind = filter.get("value")
            if kind not in ("page", "database") or filter.get("property", "object") != "object":
                raise ValueError(
                    'body failed validation: filter should be {"value": "page", "property": "object"} or '
                    '{"value": "database", "property": "object"}.'
                )
        words = (query or "").lower().split()
        hits = []
        for ident in self._order:
            is_db = ident in self.databases
            obj = self.databases[ident] if is_db else self.pages[ident]
            if getattr(obj, "archived", False):
                continue
            if kind and kind != ("database" if is_db else "page"):
                continue
            if all(w in obj.title.lower() for w in words):
                hits.append(ident)
        if sort:
            direction = sort.get("direction", "descending")
            if direction not in ("ascending", "descending") or sort.get("timestamp", "last_edited_time") != (
                "last_edited_time"
            ):
                raise ValueError(
                    'body failed validation: sort should be {"direction": "ascending"|"descending", '
                    '"timestamp": "last_edited_time"}.'
                )
            hits.sort(key=lambda i: self._summary(i)["last_edited_time"], reverse=direction == "descending")
        return _paginate([self._summary(i) for i in hits], start_cursor, page_size)

    def page(self, page_id: str) -> Page:
        """One page by id.

        Raises:
            ValueError: for a malformed id or one that is no page here.
        """
        ident = norm_id(page_id)
        if ident in self.databases:
            raise ValueError(
                f"{ident} is a database, not a page: use API-retrieve-a-database for its schema or "
                "API-post-database-query for its rows."
            )
        if ident not in self.pages:
            raise ValueError(
                f"Could not find page with ID: {ident}. Make sure the relevant pages and databases are shared with "
                "your integration; API-post-search finds a page by title."
            )
        return self.pages[ident]

    def children(self, block_id: str, start_cursor: str | None = None, page_size: int = 100) -> BlockList:
        """The child blocks of a page (or block)."""
        ident = norm_id(block_id, "block_id")
        if ident not in self.blocks:
            if ident in self.databases:
                raise ValueError(f"{ident} is a database: use API-post-database-query to list its rows.")
            raise ValueError(
                f"Could not find block with ID: {ident}. A page id is also a block id; API-post-search finds pages."
            )
        result = _paginate([b.model_dump() for b in self.blocks[ident]], start_cursor, page_size)
        return BlockList(
            block_id=ident,
            results=[Block(**b) for b in result.results],
            next_cursor=result.next_cursor,
            has_more=result.has_more,
        )

    def database(self, database_id: str) -> Database:
        ident = norm_id(database_id, "database_id")
        if ident not in self.databases:
            names = ", ".join(f"'{d.title}' ({d.id})" for d in self.databases.values())
            raise ValueError(f"Could not find database with ID: {ident}. Databases shared with you: {names}.")
        return self.databases[ident]

    def query(
        self,
        database_id: str,
        filter: dict[str, Any] | None = None,
        sorts: list[dict[str, Any]] | None = None,
        start_cursor: str | None = None,
        page_size: int = 100,
    ) -> SearchResult:
        """The rows of a database that pass ``filter``, in ``sorts`` order (default: newest edit first)."""
        db = self.database(database_id)
        rows = [p for p in self.pages.values() if p.parent.get("database_id") == db.id and not p.archived]
        if filter:
            rows = [r for r in rows if _passes(filter, r.properties, db.properties)]
        for spec in reversed(sorts or []):
            name = spec.get("property")
            if name not in db.properties:
                raise ValueError(
                    f"Could not find sort property with name or id: {name}. Properties: {', '.join(db.properties)}; "
                    'send e.g. [{"property": "Name", "direction": "ascending"}].'
                )
            rows.sort(
                key=lambda r, n=name: (r.properties.get(n) is None, str(r.properties.get(n) or "")),
                reverse=spec.get("direction") == "descending",
            )
        return _paginate([r.model_dump() for r in rows], start_cursor, page_size)

    # ------------------------------------------------------------ writes
    def append(self, block_id: str, children: list[Any]) -> BlockList:
        """Append blocks to the end of a page."""
        ident = norm_id(block_id, "block_id")
        if ident not in self.blocks:
            raise ValueError(
                f"Could not find block with ID: {ident}. A page id is a block id; API-post-search finds it."
            )
        made = self._blocks(ident + f":{len(self.blocks[ident])}", _parse_blocks(children), NOW)
        self.blocks[ident].extend(made)
        self.pages[ident].last_edited_time = NOW
        return BlockList(block_id=ident, results=made, next_cursor=None, has_more=False)

    def create(self, parent: dict[str, Any], properties: dict[str, Any], children: list[Any] | None = None) -> Page:
        """A new page under a page, or a new row of a database.

        Raises:
            ValueError: for a parent that is not found, a missing title, or unknown properties / options.
        """
        if not isinstance(parent, dict) or not ({"page_id", "database_id"} & set(parent)):
            raise ValueError(
                'body failed validation: parent should be {"page_id": "<uuid>"} for a sub-page or '
                '{"database_id": "<uuid>"} for a database row.'
            )
        if "database_id" in parent:
            db = self.database(str(parent["database_id"]))
            props = _row_properties(properties or {}, db)
            title = str(props.get("Name") or "")
            parent_obj = {"type": "database_id", "database_id": db.id}
        else:
            pid = norm_id(str(parent["page_id"]))
            if pid not in self.pages:
                raise ValueError(f"Could not find page with ID: {pid}. API-post-search finds the parent by title.")
            unknown = set(properties or {}) - {"title"}
            if unknown:
                raise ValueError(
                    f"body failed validation: a page under a page has only the 'title' property, not "
                    f'{sorted(unknown)}: send properties={{"title": [{{"text": {{"content": "…"}}}}]}}.'
                )
            title = plain((properties or {}).get("title"))
            props = {"title": title}
            parent_obj = {"type": "page_id", "page_id": pid}
        if not title.strip():
            raise ValueError(
                'body failed validation: the new page needs a title, e.g. properties={"title": [{"text": '
                '{"content": "Lab meeting 2026-11-26"}}]} (a database row: its title property, e.g. \'Name\').'
            )
        key = parent_obj.get("page_id") or parent_obj.get("database_id")
        ident = str(uuid.uuid5(_NS, f"new:{key}:{' '.join(title.lower().split())}"))
        page = Page(
            id=ident,
            created_time=NOW,
            last_edited_time=NOW,
            created_by="Mara Jensen",
            parent=parent_obj,
            title=title,
            properties=props,
            url=_url(title, ident),
        )
        if ident not in self.pages:
            self._order.append(ident)
        self.pages[ident] = page
        self.blocks[ident] = self._blocks(ident, _parse_blocks(children or []), NOW)
        return page

    def update(self, page_id: str, properties: dict[str, Any] | None = None, archived: bool | None = None) -> Page:
        """Change property values of a page (a database row), or archive it."""
        page = self.page(page_id)
        if properties:
            db_id = page.parent.get("database_id")
            if db_id:
                new = _row_properties(properties, self.databases[db_id], partial=True)
            else:
                if set(properties) - {"title"}:
                    raise ValueError("This page is not a database row: it has only the 'title' property.")
                new = {"title": plain(properties["title"])}
            page.properties = {**page.properties, **new}
            page.title = str(page.properties.get("Name") or page.properties.get("title") or page.title)
        if archived is not None:
            page.archived = archived
        page.last_edited_time = NOW
        return page

    def comment(self, page_id: str, text: str) -> Comment:
        page = self.page(page_id)
        if not text.strip():
            raise ValueError('rich_text is empty: send the comment, e.g. [{"text": {"content": "Looks good"}}].')
        digest = hashlib.sha256(f"{page.id}|{text}".encode()).hexdigest()
        made = Comment(
            id=str(uuid.UUID(digest[:32])),
            parent={"type": "page_id", "page_id": page.id},
            created_time=NOW,
            created_by="Mara Jensen",
            text=text,
        )
        self.comments.append(made)
        return made


def _paginate(items: list[dict[str, Any]], start_cursor: str | None, page_size: int) -> SearchResult:
    if not 1 <= page_size <= 100:
        raise ValueError(f"body failed validation: page_size should be between 1 and 100, not {page_size}.")
    start = 0
    if start_cursor:
        ids = [i.get("id") for i in items]
        if start_cursor not in ids:
            raise ValueError("start_cursor is not valid: send the next_cursor of the previous response.")
        start = ids.index(start_cursor)
    chunk = items[start : start + page_size]
    more = start + page_size < len(items)
    return SearchResult(results=chunk, next_cursor=items[start + page_size]["id"] if more else None, has_more=more)


def _parse_blocks(children: list[Any]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    if not isinstance(children, list):
        children = [children]
    for child in children:
        if isinstance(child, str):
            out.append(("paragraph", child))
            continue
        if not isinstance(child, dict):
            raise ValueError('children should be block objects, e.g. {"paragraph": {"rich_text": [...]}}.')
        kind = child.get("type") or next((k for k in child if k in BLOCK_TYPES), None)
        if kind not in BLOCK_TYPES:
            raise ValueError(
                f"body failed validation: unsupported block type {kind!r}. Use one of {', '.join(BLOCK_TYPES)}, e.g. "
                '{"object": "block", "type": "paragraph", "paragraph": {"rich_text": [{"type": "text", '
                '"text": {"content": "…"}}]}}.'
            )
        body = child.get(kind) or {}
        out.append((kind, plain(body.get("rich_text", body) if isinstance(body, dict) else body)))
    return out


def _value(spec: dict[str, Any], value: Any, name: str) -> Any:
    """A property value written in Notion's shape (or as a bare value) as its plain value, checked."""
    kind = spec["type"]
    if isinstance(value, dict) and kind in value:
        value = value[kind]
    if kind in ("title", "rich_text", "url"):
        return plain(value)
    if kind == "number":
        try:
            return float(value) if "." in str(value) else int(value)
        except (TypeError, ValueError):
            raise ValueError(f"Property '{name}' is a number: send e.g. {{\"number\": 3}}.") from None
    if kind in ("select", "status", "people"):
        if isinstance(value, list) and value:
            value = value[0]
        label = value.get("name", "") if isinstance(value, dict) else str(value)
        match = next((o for o in spec["options"] if o.lower() == label.strip().lower()), None)
        if match is None:
            raise ValueError(
                f"Invalid {kind} option '{label}' for property '{name}'. Options: {', '.join(spec['options'])}; send "
                f'e.g. {{"{kind}": {{"name": "{spec["options"][0]}"}}}}.'
            )
        return match
    if kind == "multi_select":
        labels = [v.get("name", "") if isinstance(v, dict) else str(v) for v in (value or [])]
        return [_value({"type": "select", "options": spec["options"]}, lab, name) for lab in labels]
    if kind == "date":
        start = value.get("start") if isinstance(value, dict) else value
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", str(start or "")):
            raise ValueError(f'Property \'{name}\' is a date: send {{"date": {{"start": "2026-11-22"}}}}.')
        return start
    return value


def _row_properties(properties: dict[str, Any], db: Database, partial: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in properties.items():
        key = "Name" if name == "title" and "Name" in db.properties else name
        spec = next((s for n, s in db.properties.items() if n.lower() == key.lower()), None)
        if spec is None:
            raise ValueError(f"{name} is not a property that exists. '{db.title}' has: {', '.join(db.properties)}.")
        real = next(n for n in db.properties if n.lower() == key.lower())
        out[real] = _value(spec, value, real)
    if not partial and not out.get("Name"):
        raise ValueError(f'A row of \'{db.title}\' needs its title property: send {{"Name": {{"title": [...]}}}}.')
    return out


def _passes(flt: dict[str, Any], props: dict[str, Any], schema: dict[str, Any]) -> bool:
    """Notion's filter object (one property condition, or ``and``/``or`` of them) against a row."""
    if "and" in flt:
        return all(_passes(f, props, schema) for f in flt["and"])
    if "or" in flt:
        return any(_passes(f, props, schema) for f in flt["or"])
    name = flt.get("property")
    real = next((n for n in schema if n.lower() == str(name).lower()), None)
    if real is None:
        raise ValueError(
            f"Could not find property with name or id: {name}. Properties: {', '.join(schema)}; send e.g. "
            '{"property": "Status", "select": {"equals": "To read"}}.'
        )
    cond = next((v for k, v in flt.items() if k != "property" and isinstance(v, dict)), None)
    if not cond:
        raise ValueError(
            f'The filter on \'{real}\' needs a condition, e.g. {{"property": "{real}", '
            f'"{schema[real]["type"]}": {{"equals": "…"}}}}.'
        )
    got = props.get(real)
    for op, want in cond.items():
        text = str(got if not isinstance(got, list) else " ".join(got)).lower()
        w = str(want).lower()
        if op == "equals":
            ok = got == want if isinstance(got, int | float) else text == w
        elif op == "does_not_equal":
            ok = text != w
        elif op == "contains":
            ok = w in [g.lower() for g in got] if isinstance(got, list) else w in text
        elif op == "does_not_contain":
            ok = w not in ([g.lower() for g in got] if isinstance(got, list) else text)
        elif op in ("on_or_after", "after", "on_or_before", "before", "greater_than", "less_than"):
            if got is None:
                ok = False
            else:
                a, b = (got, want) if isinstance(got, int | float) else (str(got), str(want))
                ok = {"on_or_after": a >= b, "after": a > b, "on_or_before": a <= b, "before": a < b}.get(
                    op, a > b if op == "greater_than" else a < b
                )
        elif op == "is_empty":
            ok = not got
        elif op == "is_not_empty":
            ok = bool(got)
        else:
            raise ValueError(f"Unsupported filter condition '{op}': use equals, contains, before, after, is_empty ….")
        if not ok:
            return False
    return True


workspace = Workspace()
server = MCPServer("eval-notion", instructions="Notion API (official Notion MCP server). Test-only fake workspace.")
_ERR = "\nError Responses:\n400: Bad request"


@server.tool(
    name="API-post-search",
    description="Notion | Search by title" + _ERR,
    annotations=ToolAnnotations(title="Search by title", readOnlyHint=True, openWorldHint=True),
)
def post_search(
    query: Annotated[str, Field(description="The text that the API compares page and database titles against.")] = "",
    sort: Annotated[
        dict[str, Any] | None,
        Field(
            description="A set of criteria, `direction` and `timestamp` keys, that orders the results. The **only** "
            'supported timestamp value is `"last_edited_time"`. Supported `direction` values are `"ascending"` '
            'and `"descending"`. If `sort` is not provided, then the most recently edited results are returned first.'
        ),
    ] = None,
    filter: Annotated[
        dict[str, Any] | None,
        Field(
            description="A set of criteria, `value` and `property` keys, that limits the results to either only "
            'pages or only databases. Possible `value` values are `"page"` or `"database"`. The only supported '
            '`property` value is `"object"`.'
        ),
    ] = None,
    start_cursor: Annotated[
        str | None, Field(description="A `cursor` value returned in a previous response that limits the response.")
    ] = None,
    page_size: Annotated[
        int, Field(description="The number of items from the full list to include in the response. Maximum: `100`.")
    ] = 100,
) -> SearchResult:
    try:
        return workspace.search(query, filter, sort, start_cursor, page_size)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    name="API-retrieve-a-page",
    description="Notion | Retrieve a page" + _ERR,
    annotations=ToolAnnotations(title="Retrieve a page", readOnlyHint=True, openWorldHint=True),
)
def retrieve_page(
    page_id: Annotated[str, Field(description="Identifier for a Notion page")],
    filter_properties: Annotated[
        str | None,
        Field(
            description="A list of page property value IDs associated with the page. Use this param to limit "
            "the response to a specific page property value or values."
        ),
    ] = None,
) -> Page:
    try:
        return workspace.page(page_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    name="API-get-block-children",
    description="Notion | Retrieve block children" + _ERR,
    annotations=ToolAnnotations(title="Retrieve block children", readOnlyHint=True, openWorldHint=True),
)
def get_block_children(
    block_id: Annotated[str, Field(description="Identifier for a [block](ref:block)")],
    start_cursor: Annotated[
        str | None,
        Field(
            description="If supplied, this endpoint will return a page of results starting after the cursor "
            "provided. If not supplied, this endpoint will return the first page of results."
        ),
    ] = None,
    page_size: Annotated[
        int, Field(description="The number of items from the full list desired in the response. Maximum: 100")
    ] = 100,
) -> BlockList:
    try:
        return workspace.children(block_id, start_cursor, page_size)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    name="API-patch-block-children",
    description="Notion | Append block children" + _ERR,
    annotations=ToolAnnotations(
        title="Append block children", readOnlyHint=False, destructiveHint=False, openWorldHint=True
    ),
)
def patch_block_children(
    block_id: Annotated[str, Field(description="Identifier for a [block](ref:block). Also accepts a page ID.")],
    children: Annotated[
        list[Any],
        Field(
            description="Child content to append to a container block as an array of [block objects](ref:block-object)"
        ),
    ],
    after: Annotated[
        str | None, Field(description="The ID of the existing block that the new block should be appended after.")
    ] = None,
) -> BlockList:
    try:
        return workspace.append(block_id, children)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    name="API-post-page",
    description="Notion | Create a page" + _ERR,
    annotations=ToolAnnotations(title="Create a page", readOnlyHint=False, destructiveHint=False, openWorldHint=True),
)
def post_page(
    parent: Annotated[
        dict[str, Any],
        Field(
            description="The parent page or database where the new page is inserted, represented as a JSON "
            "object with a `page_id` or `database_id` key, and the corresponding ID."
        ),
    ],
    properties: Annotated[
        dict[str, Any],
        Field(
            description="The values of the page's properties. If the `parent` is a database, then the schema "
            "must match the parent database's properties. If the `parent` is a page, then the only valid object "
            "key is `title`."
        ),
    ],
    children: Annotated[
        list[Any] | None,
        Field(
            description="The content to be rendered on the new page, represented as an array of [block "
            "objects](https://developers.notion.com/reference/block)."
        ),
    ] = None,
    icon: Annotated[
        str | None, Field(description="The icon of the new page. Either an emoji or external file.")
    ] = None,
    cover: Annotated[
        str | None, Field(description="The cover image of the new page, represented as a file object.")
    ] = None,
) -> Page:
    try:
        return workspace.create(parent, properties, children)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    name="API-patch-page",
    description="Notion | Update page properties" + _ERR,
    annotations=ToolAnnotations(
        title="Update page properties", readOnlyHint=False, destructiveHint=True, openWorldHint=True
    ),
)
def patch_page(
    page_id: Annotated[str, Field(description="The identifier for the Notion page to be updated.")],
    properties: Annotated[
        dict[str, Any] | None,
        Field(
            description="The property values to update for the page. The keys are the names or IDs of the "
            "property and the values are property values. If a page property ID is not included, then it is not "
            "changed."
        ),
    ] = None,
    archived: Annotated[
        bool | None, Field(description="Whether the page is archived (deleted). Set to true to archive a page.")
    ] = None,
) -> Page:
    try:
        return workspace.update(page_id, properties, archived)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    name="API-post-database-query",
    description="Notion | Query a database" + _ERR,
    annotations=ToolAnnotations(title="Query a database", readOnlyHint=True, openWorldHint=True),
)
def post_database_query(
    database_id: Annotated[str, Field(description="Identifier for a Notion database.")],
    filter: Annotated[
        dict[str, Any] | None,
        Field(
            description="When supplied, limits which pages are returned based on the [filter conditions]"
            "(ref:post-database-query-filter)."
        ),
    ] = None,
    sorts: Annotated[
        list[dict[str, Any]] | None,
        Field(
            description="When supplied, orders the results based on the provided [sort criteria]"
            "(ref:post-database-query-sort)."
        ),
    ] = None,
    start_cursor: Annotated[
        str | None,
        Field(
            description="When supplied, returns a page of results starting after the cursor provided. If not "
            "supplied, this endpoint will return the first page of results."
        ),
    ] = None,
    page_size: Annotated[
        int, Field(description="The number of items from the full list desired in the response. Maximum: 100")
    ] = 100,
) -> SearchResult:
    try:
        return workspace.query(database_id, filter, sorts, start_cursor, page_size)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    name="API-retrieve-a-database",
    description="Notion | Retrieve a database" + _ERR,
    annotations=ToolAnnotations(title="Retrieve a database", readOnlyHint=True, openWorldHint=True),
)
def retrieve_database(
    database_id: Annotated[str, Field(description="An identifier for the Notion database.")],
) -> Database:
    try:
        return workspace.database(database_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    name="API-create-a-comment",
    description="Notion | Create comment" + _ERR,
    annotations=ToolAnnotations(title="Create comment", readOnlyHint=False, destructiveHint=False, openWorldHint=True),
)
def create_comment(
    parent: Annotated[
        dict[str, Any],
        Field(description='The page that contains the comment, as {"page_id": "<uuid>"}'),
    ],
    rich_text: Annotated[
        list[Any] | str,
        Field(description="The comment text, as an array of [rich text objects](ref:rich-text)"),
    ],
) -> Comment:
    try:
        if not isinstance(parent, dict) or "page_id" not in parent:
            raise ValueError('body failed validation: parent should be {"page_id": "<uuid>"}.')
        return workspace.comment(str(parent["page_id"]), plain(rich_text))
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
