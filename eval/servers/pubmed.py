"""Test-only PubMed record server (dev set ``dev2_tools.jsonl``): a paper's citation data by its PubMed id (PMID).

Run with: ``python -m eval.servers.pubmed`` (stdio). A few well-known records are in a table; any other valid PMID
gets a fake but stable record derived from the number, so results never depend on a network or the real PubMed.
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

# PMID -> (title, authors, journal, year)
KNOWN: dict[str, tuple[str, list[str], str, int]] = {
    "23287718": (
        "Multiplex genome engineering using CRISPR/Cas systems",
        ["Cong L", "Ran FA", "Cox D", "Zhang F"],
        "Science",
        2013,
    ),
    "22745249": (
        "A programmable dual-RNA-guided DNA endonuclease in adaptive bacterial immunity",
        ["Jinek M", "Chylinski K", "Fonfara I", "Charpentier E", "Doudna JA"],
        "Science",
        2012,
    ),
    "34265844": (
        "Highly accurate protein structure prediction with AlphaFold",
        ["Jumper J", "Evans R", "Pritzel A", "Hassabis D"],
        "Nature",
        2021,
    ),
}
_PMID = re.compile(r"(?:pmid\s*:?\s*|(?:https?://)?pubmed\.ncbi\.nlm\.nih\.gov/)?(\d{1,8})/?", re.IGNORECASE)
_WORDS = ["hypoxia", "cell growth", "zebrafish", "T cells", "gut microbiota", "CRISPR screening", "mitochondria"]
_KINDS = ["A randomized trial of", "The role of", "Single-cell analysis of", "A review of", "Mechanisms of"]
_JOURNALS = ["Cell", "Nature Communications", "PLoS One", "eLife", "The Lancet", "Journal of Cell Biology"]
_NAMES = ["Smith J", "Garcia M", "Chen L", "Müller K", "Okafor A", "Tanaka H", "Novak P", "Silva R"]


class PubMedRecord(BaseModel):
    """Citation data of one PubMed record."""

    pmid: str = Field(description="The PubMed id, digits only")
    title: str = Field(description="The article title")
    authors: list[str] = Field(description="Authors as 'Surname Initials', in order")
    journal: str = Field(description="The journal")
    year: int = Field(description="Year of publication")
    abstract: str | None = Field(description="The abstract, only when include_abstract was true")


def normalize_pmid(pmid: str | int) -> str:
    """``pmid`` as digits only ("PMID: 123", "pubmed.ncbi.nlm.nih.gov/123/" are accepted).

    Raises:
        ValueError: if it is not a PubMed id.
    """
    text = str(pmid).strip()
    match = _PMID.fullmatch(text)
    if not match or int(match[1]) == 0:
        raise ValueError(
            f"'{pmid}' is not a PubMed id. Send the PMID's digits (1 to 8 of them), e.g. '23287718'; "
            "for a DOI or a title use another tool."
        )
    return str(int(match[1]))


def record(pmid: str | int, include_abstract: bool = False) -> PubMedRecord:
    """The record of ``pmid``: from the table, or a fake stable one for any other number.

    Raises:
        ValueError: if ``pmid`` is not a PubMed id.
    """
    key = normalize_pmid(pmid)
    seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
    if key in KNOWN:
        title, authors, journal, year = KNOWN[key]
    else:
        title = f"{_KINDS[seed % len(_KINDS)]} {_WORDS[(seed >> 8) % len(_WORDS)]}"
        authors = [_NAMES[(seed >> (12 + 3 * i)) % len(_NAMES)] for i in range(2 + seed % 3)]
        journal = _JOURNALS[(seed >> 24) % len(_JOURNALS)]
        year = 1990 + int(key) % 36
    abstract = (
        f"Background: {title} is not well understood. Methods: we studied it in {20 + seed % 300} samples. "
        f"Results: the effect was significant (p = 0.0{1 + seed % 9}). Conclusion: further work is needed."
    )
    return PubMedRecord(
        pmid=key,
        title=title,
        authors=list(authors),
        journal=journal,
        year=year,
        abstract=abstract if include_abstract else None,
    )


server = MCPServer("eval-pubmed", instructions="PubMed citation records by PMID. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="PubMed record", readOnlyHint=True, openWorldHint=False))
def lookup_pmid(
    pmid: Annotated[str, Field(description="The PubMed id (PMID), digits, e.g. '23287718'")],
    include_abstract: Annotated[bool, Field(description="Also return the abstract (longer answer)")] = False,
) -> PubMedRecord:
    """Look up a biomedical paper in PubMed by its PMID: title, authors, journal and year, and the abstract if
    asked for.
    """
    try:
        return record(pmid, include_abstract)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
