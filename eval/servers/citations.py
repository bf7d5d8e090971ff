"""Test-only citation formatter (dev set ``dev3_tools.jsonl``): a paper's reference in a citation style, by DOI.

Run with: ``python -m eval.servers.citations`` (stdio). A few well-known records are in a table; any other
well-formed DOI gets a fake but stable record derived from it, so results never depend on a network or a registry.
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

Style = Literal["apa", "mla", "chicago", "harvard", "vancouver", "bibtex"]
STYLES: tuple[str, ...] = ("apa", "mla", "chicago", "harvard", "vancouver", "bibtex")
DOI_PATTERN = r"^10\.\d{4,9}/\S+$"
_DOI = re.compile(DOI_PATTERN)
# DOI (lower case) -> (authors as (family, given initials), title, container, year, volume, pages)
KNOWN: dict[str, tuple[list[tuple[str, str]], str, str, int, str, str]] = {
    "10.1038/nature12373": (
        [("Kucsko", "G."), ("Maurer", "P. C."), ("Yao", "N. Y."), ("Lukin", "M. D.")],
        "Nanometre-scale thermometry in a living cell",
        "Nature",
        2013,
        "500",
        "54-58",
    ),
    "10.1126/science.1225829": (
        [("Jinek", "M."), ("Chylinski", "K."), ("Fonfara", "I."), ("Doudna", "J. A."), ("Charpentier", "E.")],
        "A programmable dual-RNA-guided DNA endonuclease in adaptive bacterial immunity",
        "Science",
        2012,
        "337",
        "816-821",
    ),
    "10.1038/s41586-021-03819-2": (
        [("Jumper", "J."), ("Evans", "R."), ("Pritzel", "A."), ("Hassabis", "D.")],
        "Highly accurate protein structure prediction with AlphaFold",
        "Nature",
        2021,
        "596",
        "583-589",
    ),
    "10.1016/j.cell.2006.07.024": (
        [("Takahashi", "K."), ("Yamanaka", "S.")],
        "Induction of pluripotent stem cells from mouse embryonic and adult fibroblast cultures by defined factors",
        "Cell",
        2006,
        "126",
        "663-676",
    ),
    "10.1093/bioinformatics/btp324": (
        [("Li", "H."), ("Durbin", "R.")],
        "Fast and accurate short read alignment with Burrows-Wheeler transform",
        "Bioinformatics",
        2009,
        "25",
        "1754-1760",
    ),
}
_TOPICS = ["cell migration", "soil microbiomes", "protein folding", "sleep in zebrafish", "urban heat islands"]
_KINDS = ["A systematic review of", "New insights into", "Quantitative analysis of", "The evolution of"]
_JOURNALS = ["PLoS ONE", "eLife", "Nature Communications", "Scientific Reports", "Journal of Ecology"]
_FAMILIES = ["Smith", "Garcia", "Chen", "Müller", "Okafor", "Tanaka", "Novak", "Silva", "Haddad"]


class Citation(BaseModel):
    """One formatted reference."""

    doi: str = Field(description="The DOI, lower case")
    style: Style = Field(description="The citation style used")
    citation: str = Field(description="The formatted reference (a BibTeX entry for bibtex)")


def normalize_doi(doi: str) -> str:
    """``doi`` lower-cased, checked against the published pattern.

    Raises:
        ValueError: for anything that is not a bare DOI, with what to send instead.
    """
    given = (doi or "").strip()
    if _DOI.fullmatch(given):
        return given.lower()
    bare = re.sub(r"^(?:doi:\s*|https?://(?:dx\.)?doi\.org/)", "", given, flags=re.IGNORECASE)
    if bare != given and _DOI.fullmatch(bare):
        raise ValueError(f"Send the bare DOI '{bare}', without the 'doi:' or https://doi.org/ prefix.")
    raise ValueError(f"'{doi}' is not a DOI. Send one like '10.1038/nature12373' (it starts with '10.').")


def _record(doi: str) -> tuple[list[tuple[str, str]], str, str, int, str, str]:
    if doi in KNOWN:
        return KNOWN[doi]
    seed = int.from_bytes(hashlib.sha256(doi.encode()).digest()[:8], "big")
    authors = [
        (_FAMILIES[(seed >> (4 * i)) % len(_FAMILIES)], "ABCDEFGHJKLMNPRS"[(seed >> (3 * i)) % 16] + ".")
        for i in range(1 + seed % 3)
    ]
    title = f"{_KINDS[(seed >> 20) % len(_KINDS)]} {_TOPICS[(seed >> 24) % len(_TOPICS)]}"
    first_page = 100 + (seed >> 32) % 900
    return (
        authors,
        title,
        _JOURNALS[(seed >> 28) % len(_JOURNALS)],
        1995 + (seed >> 36) % 31,
        str(1 + (seed >> 44) % 60),
        f"{first_page}-{first_page + 5 + (seed >> 50) % 20}",
    )


def _join(names: list[str], last: str) -> str:
    return (
        names[0] if len(names) == 1 else ", ".join(names[:-1]) + f"{',' if len(names) > 2 else ''} {last} {names[-1]}"
    )


def format_reference(doi: str, style: str = "apa") -> Citation:
    """The reference of ``doi`` in ``style``.

    Raises:
        ValueError: for a malformed DOI or an unknown style.
    """
    key = normalize_doi(doi)
    chosen = (style or "apa").strip().lower()
    if chosen not in STYLES:
        raise ValueError(f"Unknown style '{style}'. Use one of: {', '.join(STYLES)}.")
    authors, title, journal, year, volume, pages = _record(key)
    first, first_given = authors[0]
    if chosen == "apa":
        names = _join([f"{f}, {g}" for f, g in authors], "&")
        text = f"{names} ({year}). {title}. {journal}, {volume}, {pages}. https://doi.org/{key}"
    elif chosen == "mla":
        lead = f"{first}, {first_given}" + (", et al." if len(authors) > 2 else "")
        if len(authors) == 2:
            lead += f", and {authors[1][1]} {authors[1][0]}"
        text = f'{lead.rstrip(".")}. "{title}." {journal}, vol. {volume}, {year}, pp. {pages}. https://doi.org/{key}.'
    elif chosen == "chicago":
        names = _join([f"{first}, {first_given}"] + [f"{g} {f}" for f, g in authors[1:]], "and")
        text = f'{names}. "{title}." {journal} {volume} ({year}): {pages}. https://doi.org/{key}.'
    elif chosen == "harvard":
        names = _join([f"{f}, {g}" for f, g in authors], "and")
        text = f"{names} ({year}) '{title}', {journal}, {volume}, pp. {pages}. doi:{key}."
    elif chosen == "vancouver":
        names = ", ".join(f"{f} {g.replace('.', '').replace(' ', '')}" for f, g in authors[:6])
        text = f"{names}. {title}. {journal}. {year};{volume}:{pages}. doi:{key}"
    else:
        cite_key = f"{first.lower()}{year}"
        people = " and ".join(f"{f}, {g}" for f, g in authors)
        text = (
            f"@article{{{cite_key},\n  author = {{{people}}},\n  title = {{{title}}},\n  journal = {{{journal}}},\n"
            f"  year = {{{year}}},\n  volume = {{{volume}}},\n  pages = {{{pages.replace('-', '--')}}},\n"
            f"  doi = {{{key}}}\n}}"
        )
    return Citation(doi=key, style=chosen, citation=text)  # type: ignore[arg-type]


server = MCPServer("eval-citations", instructions="Formats references from DOIs in common styles. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Format a citation", readOnlyHint=True, openWorldHint=False))
def format_citation(
    doi: Annotated[
        str,
        Field(
            description="The work's DOI, bare, e.g. '10.1038/nature12373' (no 'doi:' or https://doi.org/ prefix)",
            json_schema_extra={"pattern": DOI_PATTERN},
        ),
    ],
    style: Annotated[
        Style,
        Field(
            description="Citation style: apa (APA 7), mla (MLA 9), chicago (notes-bibliography), harvard, "
            "vancouver, or bibtex for a BibTeX entry"
        ),
    ] = "apa",
) -> Citation:
    """Render the bibliography entry of a published work, identified by its DOI, in the chosen reference style
    (APA by default), ready to paste into a reference list or a .bib file.
    """
    try:
        return format_reference(doi, style)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
