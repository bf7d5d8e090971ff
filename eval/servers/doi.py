"""Test-only DOI server (held-out unseen set): fake, deterministic bibliographic metadata for a DOI.

Run with: ``python -m eval.servers.doi`` (stdio).
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from agent_core.servers._serve import main

FIELDS = ("title", "authors", "year", "journal", "abstract")
_DOI = re.compile(r"10\.\d{4,9}/\S+")
_PREFIXES = re.compile(r"^(?:doi:\s*|https?://(?:dx\.)?doi\.org/)", re.IGNORECASE)
JOURNALS = {
    "10.1038": "Nature",
    "10.1126": "Science",
    "10.1103": "Physical Review Letters",
    "10.1016": "Cell",
    "10.1371": "PLOS ONE",
    "10.1145": "Communications of the ACM",
}
_OTHER_JOURNALS = ["Journal of Applied Research", "Annals of Experimental Science", "Review of Modern Methods"]
_ADJECTIVES = ["Nanometre-scale", "Robust", "Scalable", "Long-term", "Quantitative", "Adaptive", "Single-cell"]
_TOPICS = ["thermometry", "protein folding", "graph learning", "ocean mixing", "gene regulation", "catalysis"]
_SETTINGS = ["in a living cell", "at low temperature", "in sparse networks", "across species", "under stress"]
_SURNAMES = ["Kucsko", "Maurer", "Lukin", "Okafor", "Nakamura", "Silva", "Andersen", "Haddad", "Novak", "Chen"]
_INITIALS = "ABCDEGHJKLMNPRST"


def _seed(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def normalize_doi(doi: str) -> str:
    """``doi`` without a ``doi:`` or ``https://doi.org/`` prefix, lowercased (DOIs are case-insensitive).

    Raises:
        ValueError: if it is not a DOI; the message shows the expected form.
    """
    text = _PREFIXES.sub("", (doi or "").strip())
    if not _DOI.fullmatch(text):
        raise ValueError(
            f"'{doi}' is not a DOI. A DOI starts with '10.', a registrant number, '/' and a suffix, e.g. "
            "10.1038/nature12373; copy it from the paper's first page or its https://doi.org/ link."
        )
    return text.lower()


def lookup(doi: str, fields: list[str] | None = None) -> dict[str, Any]:
    """Fake metadata of ``doi``: always the same for the same DOI; only the requested ``fields`` (default all).

    Raises:
        ValueError: if ``doi`` is not a DOI or a field is unknown.
    """
    key = normalize_doi(doi)
    wanted = [f.strip().lower() for f in fields] if fields else list(FIELDS)
    unknown = [f for f in wanted if f not in FIELDS]
    if unknown:
        raise ValueError(f"Unknown field(s) {', '.join(map(repr, unknown))}. Choose from: {', '.join(FIELDS)}.")
    seed = _seed(key)
    title = f"{_ADJECTIVES[seed % 7]} {_TOPICS[(seed >> 8) % 6]} {_SETTINGS[(seed >> 16) % 5]}"
    authors = [
        f"{_INITIALS[(seed >> (24 + 4 * i)) % 16]}. {_SURNAMES[(seed >> (20 + 5 * i)) % 10]}"
        for i in range(1 + (seed >> 40) % 4)
    ]
    journal = JOURNALS.get(key.split("/")[0], _OTHER_JOURNALS[(seed >> 44) % 3])
    record: dict[str, Any] = {
        "title": title,
        "authors": authors,
        "year": 1995 + (seed >> 48) % 31,
        "journal": journal,
        "abstract": f"We report {title.lower()}. The method is evaluated on {3 + seed % 9} data sets.",
    }
    return {"doi": key, **{name: record[name] for name in dict.fromkeys(wanted)}}


server = MCPServer("eval-doi", instructions="Bibliographic metadata of papers by DOI. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Look up a DOI", readOnlyHint=True, openWorldHint=False))
def lookup_doi(
    doi: Annotated[str, Field(description="A DOI such as 10.1038/nature12373")],
    fields: Annotated[
        list[str] | None,
        Field(description="Which fields to return: any of title, authors, year, journal, abstract; default all"),
    ] = None,
) -> dict[str, Any]:
    """Look up a paper's bibliographic metadata by its DOI (digital object identifier).

    Returns the DOI and the requested fields: title, authors, year, journal and abstract. Accepts a bare DOI,
    'doi:10.…' or a https://doi.org/ link.
    """
    try:
        return lookup(doi, fields)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
