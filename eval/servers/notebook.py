"""Test-only electronic lab notebook server (dev set ``dev9_tools.jsonl``): create an entry with a title, a body and
tags, search entries by text, tags and date range, and append an addendum to an entry by id.

Run with: ``python -m eval.servers.notebook`` (stdio). Twelve fixed entries of October and November 2026; entries
and addenda written are kept in memory (none at every start). "Today" is the evaluation's simulated date,
2026-11-22, so results never depend on the real clock. The tool shapes follow widely used public MCP servers
(camelCase tool and parameter names, an all-optional search with a ``limit``).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main
from eval.servers import iso_date

TODAY = date(2026, 11, 22)
ENTRY_PATTERN = r"^ELN-\d{5}$"
_ENTRY = re.compile(ENTRY_PATTERN)
MAX_LIMIT = 50
MAX_TAGS = 10
FIRST_NEW = 113
# entry number -> (title, created, author, tags, signed, body)
ENTRIES: dict[int, tuple[str, str, str, tuple[str, ...], bool, str]] = {
    101: (
        "Western blot of p53 after etoposide",
        "2026-10-06",
        "Dana Kowalski",
        ("western", "p53", "dna-damage"),
        True,
        "HCT116 treated with 10 uM etoposide for 0, 4, 8 h. p53 band increases from 4 h. Actin even.",
    ),
    102: (
        "Miniprep of pUC19-GFP clones",
        "2026-10-14",
        "Dana Kowalski",
        ("cloning", "miniprep", "gfp"),
        True,
        "Six colonies picked, yields 180-320 ng/ul. Clones 2 and 5 sent for sequencing.",
    ),
    103: (
        "qPCR of IL6 in LPS-stimulated macrophages",
        "2026-10-21",
        "Ravi Shah",
        ("qpcr", "il6", "macrophages"),
        True,
        "RAW264.7, 100 ng/ml LPS, 2 h and 6 h. IL6 up 40-fold at 6 h vs untreated (GAPDH reference).",
    ),
    104: (
        "Agarose gel of colony PCR",
        "2026-10-29",
        "Dana Kowalski",
        ("pcr", "gel", "cloning"),
        True,
        "1% gel, 12 colonies, 9 positive at the expected 1.2 kb.",
    ),
    105: (
        "Primary neuron culture day 1",
        "2026-11-03",
        "Mei Lin",
        ("neurons", "culture"),
        False,
        "E18 rat cortex, 2 embryos, plated 120k cells per well on PDL coverslips.",
    ),
    106: (
        "ELISA of TNF in serum samples",
        "2026-11-05",
        "Ravi Shah",
        ("elisa", "tnf", "serum"),
        True,
        "Standard curve R^2 0.998. Samples 1-24 within range, 25-30 above top standard, rerun diluted 1:5.",
    ),
    107: (
        "CRISPR guide design for KRAS exon 2",
        "2026-11-10",
        "Dana Kowalski",
        ("crispr", "kras", "design"),
        False,
        "Three guides chosen (g1-g3), off-target scores above 85. Ordering oligos.",
    ),
    108: (
        "Flow cytometry of CD4 T cells",
        "2026-11-12",
        "Mei Lin",
        ("flow", "t-cells", "cd4"),
        True,
        "Spleen of 4 mice, CD4+ 21-24% of live lymphocytes. Compensation with single stains.",
    ),
    109: (
        "Western blot of p21 and p53 time course",
        "2026-11-16",
        "Dana Kowalski",
        ("western", "p53", "p21"),
        False,
        "Repeat of ELN-00101 with p21. Transfer looked patchy on lanes 7-8.",
    ),
    110: (
        "Bacterial growth curve of E. coli BW25113",
        "2026-11-18",
        "Ravi Shah",
        ("growth-curve", "ecoli"),
        False,
        "OD600 every 30 min in LB at 37 C. Doubling time about 24 min in log phase.",
    ),
    111: (
        "Primary neuron culture day 14 imaging",
        "2026-11-17",
        "Mei Lin",
        ("neurons", "imaging", "culture"),
        False,
        "MAP2 and synapsin staining, 20 fields per coverslip on the confocal.",
    ),
    112: (
        "Lab meeting notes: freezer reorganisation",
        "2026-11-20",
        "Dana Kowalski",
        ("meeting", "freezer"),
        False,
        "Minus 80 number 2 to be defrosted on 2026-12-01. Boxes moved to minus 80 number 3.",
    ),
}


class Entry(BaseModel):
    """A notebook entry."""

    entryId: str = Field(description="e.g. 'ELN-00107'")
    title: str = Field(description="Entry title")
    created: str = Field(description="YYYY-MM-DD")
    author: str = Field(description="Author")
    tags: list[str] = Field(description="Tags, lower case")
    signed: bool = Field(description="Signed and witnessed entries are locked: addenda are refused")
    body: str = Field(description="Entry text")
    addenda: list[str] = Field(description="Addenda appended later, oldest first, each prefixed with its date")


class EntrySummary(BaseModel):
    """One entry in search results."""

    entryId: str = Field(description="e.g. 'ELN-00107'")
    title: str = Field(description="Entry title")
    created: str = Field(description="YYYY-MM-DD")
    author: str = Field(description="Author")
    tags: list[str] = Field(description="Tags")
    snippet: str = Field(description="Start of the body")


class SearchResult(BaseModel):
    """Entries matching a search, newest first."""

    query: str | None = Field(description="Text searched for (null: any)")
    tags: list[str] | None = Field(description="Tags every entry has (null: any)")
    dateFrom: str | None = Field(description="Earliest creation date, inclusive")
    dateTo: str | None = Field(description="Latest creation date, inclusive")
    total: int = Field(description="Entries matching before the limit")
    entries: list[EntrySummary] = Field(description="At most limit entries, newest first")


def entry_key(text: str) -> int:
    """The entry number of ``text`` ('eln-00107' is accepted).

    Raises:
        ValueError: for another form ('entry 107', '107') or an unknown entry.
    """
    key = (text or "").strip().upper()
    if not _ENTRY.match(key):
        digits = re.sub(r"\D", "", key)
        hint = f" (for entry {int(digits)} send 'ELN-{int(digits):05d}')" if digits else ""
        raise ValueError(f"entryId is 'ELN-' and five digits, e.g. 'ELN-00107'{hint}.")
    return int(key[4:])


def _tags(tags: list[str] | None) -> list[str]:
    if tags is None:
        return []
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise ValueError("tags must be a list of strings, e.g. ['western', 'p53'].")
    out: list[str] = []
    for tag in tags:
        if "," in tag:
            raise ValueError(f"Put each tag in its own list item: {tag.split(',')!r}.")
        clean = "-".join(tag.strip().lstrip("#").lower().split())
        if not clean:
            raise ValueError("Tags must not be empty.")
        if clean not in out:
            out.append(clean)
    if len(out) > MAX_TAGS:
        raise ValueError(f"At most {MAX_TAGS} tags.")
    return out


class Notebook:
    """The fixed entries plus those written since the server started."""

    def __init__(self) -> None:
        self.entries: dict[int, Entry] = {
            n: Entry(
                entryId=f"ELN-{n:05d}",
                title=title,
                created=created,
                author=author,
                tags=list(tags),
                signed=signed,
                body=body,
                addenda=[],
            )
            for n, (title, created, author, tags, signed, body) in ENTRIES.items()
        }

    def get(self, entry_id: str) -> Entry:
        key = entry_key(entry_id)
        if key not in self.entries:
            raise ValueError(f"No entry ELN-{key:05d}. Entries run from ELN-00101 to ELN-{max(self.entries):05d}.")
        return self.entries[key]

    def create(self, title: str, body: str, tags: list[str] | None = None) -> Entry:
        """A new entry by 'you', dated today.

        Raises:
            ValueError: for an empty title or body, or bad tags.
        """
        if not (title or "").strip():
            raise ValueError("title must not be empty.")
        if not (body or "").strip():
            raise ValueError("body must not be empty: send the entry's text.")
        number = max(max(self.entries) + 1, FIRST_NEW)
        entry = Entry(
            entryId=f"ELN-{number:05d}",
            title=title.strip(),
            created=TODAY.isoformat(),
            author="you",
            tags=_tags(tags),
            signed=False,
            body=body.strip(),
            addenda=[],
        )
        self.entries[number] = entry
        return entry

    def search(
        self,
        query: str | None = None,
        tags: list[str] | None = None,
        date_from: str | None = None,
        date_to: str | None = None,
        limit: int = 10,
    ) -> SearchResult:
        """Entries containing every word of ``query`` (title, body, tags), with every tag, created in the range.

        Raises:
            ValueError: for a bad date, a reversed range or a limit out of range.
        """
        wanted = _tags(tags) or None
        start = iso_date(date_from, "2026-11-01") if date_from else None
        end = iso_date(date_to, "2026-11-22") if date_to else None
        if start and end and start > end:
            raise ValueError(f"dateFrom {start} is after dateTo {end}; swap them.")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise ValueError(f"limit must be a whole number from 1 to {MAX_LIMIT}.")
        words = (query or "").lower().split()
        found = []
        for entry in sorted(self.entries.values(), key=lambda e: (e.created, e.entryId), reverse=True):
            text = " ".join([entry.title, entry.body, *entry.tags, *entry.addenda, entry.author]).lower()
            day = date.fromisoformat(entry.created)
            matches = all(w in text for w in words) and (wanted is None or set(wanted) <= set(entry.tags))
            if matches and (start is None or day >= start) and (end is None or day <= end):
                found.append(entry)
        return SearchResult(
            query=query or None,
            tags=wanted,
            dateFrom=start.isoformat() if start else None,
            dateTo=end.isoformat() if end else None,
            total=len(found),
            entries=[
                EntrySummary(
                    entryId=e.entryId,
                    title=e.title,
                    created=e.created,
                    author=e.author,
                    tags=e.tags,
                    snippet=e.body[:80],
                )
                for e in found[:limit]
            ],
        )

    def append(self, entry_id: str, text: str) -> Entry:
        """``text`` added as a dated addendum.

        Raises:
            ValueError: for a bad or unknown id, a signed (locked) entry or empty text.
        """
        entry = self.get(entry_id)
        if not (text or "").strip():
            raise ValueError("text must not be empty: send the addendum's text.")
        if entry.signed:
            raise ValueError(
                f"{entry.entryId} is signed and witnessed, so it is locked. Create a new entry that refers to it."
            )
        entry.addenda.append(f"{TODAY.isoformat()}: {text.strip()}")
        return entry


notebook = Notebook()
server = MCPServer(
    "eval-notebook", instructions="Electronic lab notebook: experiment entries, tags, addenda. Test-only."
)


@server.tool(
    annotations=ToolAnnotations(title="Create entry", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def createEntry(
    title: Annotated[str, Field(description="Entry title, e.g. 'Western blot of p53'")],
    body: Annotated[str, Field(description="The entry's text: what was done and observed")],
    tags: Annotated[
        list[str] | None, Field(description="Keywords to file the entry under, e.g. ['western', 'p53']")
    ] = None,
) -> Entry:
    """Create a new electronic lab notebook entry dated today, with a title, body text and optional tags. Returns
    the new entry id (ELN-xxxxx)."""
    try:
        return notebook.create(title, body, tags)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Search entries", readOnlyHint=True, openWorldHint=False))
def searchEntries(
    query: Annotated[str | None, Field(description="Words to find in title, body or tags")] = None,
    tags: Annotated[list[str] | None, Field(description="Only entries having all of these tags")] = None,
    dateFrom: Annotated[str | None, Field(description="Created on or after, YYYY-MM-DD")] = None,
    dateTo: Annotated[str | None, Field(description="Created on or before, YYYY-MM-DD")] = None,
    limit: Annotated[int, Field(description="Maximum number of entries to return (1-50)", ge=1, le=MAX_LIMIT)] = 10,
) -> SearchResult:
    """Search electronic lab notebook entries by text, tags and creation date range. All parameters are optional;
    with none, the most recent entries are returned. Newest first."""
    try:
        return notebook.search(query, tags, dateFrom, dateTo, limit)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Append to entry", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def appendToEntry(
    entryId: Annotated[str, Field(description="Entry id, e.g. 'ELN-00107'", pattern=ENTRY_PATTERN)],
    text: Annotated[str, Field(description="Text of the addendum")],
) -> Entry:
    """Append a dated addendum to an existing lab notebook entry. Signed (witnessed) entries are locked."""
    try:
        return notebook.append(entryId, text)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
