"""Test-only arXiv search server (held-out unseen set): fake, deterministic papers for any query.

Run with: ``python -m eval.servers.arxiv`` (stdio).
"""

from __future__ import annotations

import hashlib
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

MAX_RESULTS = 20
_PATTERNS = [
    "{q}: a survey",
    "Towards scalable {q}",
    "On the limits of {q}",
    "Learning {q} from few examples",
    "A benchmark for {q}",
    "Revisiting {q} with transformers",
    "Efficient {q} at scale",
    "{q} in the wild",
]
_SURNAMES = ["Vaswani", "Bengio", "Ng", "Kowalski", "Mensah", "Ito", "Rossi", "Dubois", "Ivanova", "Patel", "Zhou"]
_INITIALS = "ABCDEFGHJKLMNOPRSTVY"


class Paper(BaseModel):
    """One arXiv preprint."""

    id: str = Field(description="The arXiv identifier, e.g. '2403.01234'")
    title: str = Field(description="The paper title")
    authors: list[str] = Field(description="Author names, in byline order")
    year: int = Field(description="Year of first submission")


class ArxivResults(BaseModel):
    """Papers matching a search, best first."""

    papers: list[Paper] = Field(description="Matching papers, best first")


def _seed(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def search(query: str, max_results: int = 5) -> ArxivResults:
    """Fake arXiv results for ``query``: the same query (any case or spacing) always gives the same papers.

    Raises:
        ValueError: if ``query`` is empty or ``max_results`` is below 1.
    """
    words = " ".join((query or "").split())
    if not words:
        raise ValueError("Give some words to search for, e.g. 'graph neural networks'.")
    if max_results < 1:
        raise ValueError("max_results must be at least 1.")
    papers = []
    for rank in range(min(max_results, MAX_RESULTS)):
        seed = _seed(f"{words.lower()}#{rank}")
        year = 2015 + seed % 11
        authors = [
            f"{_INITIALS[(seed >> (8 + 5 * i)) % 20]}. {_SURNAMES[(seed >> (12 + 4 * i)) % 11]}"
            for i in range(1 + (seed >> 40) % 4)
        ]
        title = _PATTERNS[(seed >> 32) % 8].format(q=words.lower())
        papers.append(
            Paper(
                id=f"{year % 100:02d}{1 + (seed >> 20) % 12:02d}.{(seed >> 44) % 100000:05d}",
                title=title[0].upper() + title[1:],
                authors=authors,
                year=year,
            )
        )
    return ArxivResults(papers=papers)


server = MCPServer("eval-arxiv", instructions="Search arXiv preprints by keywords. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Search arXiv", readOnlyHint=True, openWorldHint=False))
def search_arxiv(
    query: Annotated[str, Field(description="Words to search arXiv papers for")],
    max_results: Annotated[int, Field(description="How many papers to return", ge=1, le=MAX_RESULTS)] = 5,
) -> ArxivResults:
    """Search arXiv, the open preprint archive for physics, mathematics, computer science and related fields.

    Returns the matching papers, best first, each with its arXiv id, title, authors and year.
    """
    try:
        return search(query, max_results)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
