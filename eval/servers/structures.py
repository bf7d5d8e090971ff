"""Test-only protein structure server (dev set ``dev3_tools.jsonl``): Protein Data Bank entries by id, and a search.

Run with: ``python -m eval.servers.structures`` (stdio). A table of well-known PDB entries; any other well-formed
PDB id gets a fake but stable entry derived from it, and a search that matches nothing in the table gets stable
fake hits, so results never depend on a network or the real PDB.
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

Method = Literal["any", "x-ray", "cryo-em", "nmr"]
PDB_PATTERN = r"^[0-9][A-Za-z0-9]{3}$"
_PDB = re.compile(PDB_PATTERN)
MAX_RESULTS = 25
_METHOD_NAMES = {"x-ray": "X-ray diffraction", "cryo-em": "electron microscopy", "nmr": "solution NMR"}
# PDB id -> (title, organism, method key, resolution in Å or None, chains, release year, keywords)
KNOWN: dict[str, tuple[str, str, str, float | None, int, int, str]] = {
    "1TUP": ("Tumor suppressor p53 complexed with DNA", "Homo sapiens", "x-ray", 2.2, 5, 1995, "p53 tp53 dna"),
    "4HHB": (
        "The crystal structure of human deoxyhaemoglobin at 1.74 Å resolution",
        "Homo sapiens",
        "x-ray",
        1.74,
        4,
        1984,
        "hemoglobin haemoglobin oxygen",
    ),
    "1CRN": ("Crambin", "Crambe hispanica subsp. abyssinica", "x-ray", 1.5, 1, 1981, "crambin plant"),
    "1UBQ": ("Structure of ubiquitin refined at 1.8 Å resolution", "Homo sapiens", "x-ray", 1.8, 1, 1987, "ubiquitin"),
    "1D3Z": ("Ubiquitin NMR structure", "Homo sapiens", "nmr", None, 1, 1999, "ubiquitin"),
    "1GFL": (
        "Structure of green fluorescent protein",
        "Aequorea victoria",
        "x-ray",
        1.9,
        2,
        1996,
        "gfp green fluorescent protein",
    ),
    "6VXX": (
        "Structure of the SARS-CoV-2 spike glycoprotein (closed state)",
        "Severe acute respiratory syndrome coronavirus 2",
        "cryo-em",
        2.8,
        3,
        2020,
        "spike sars-cov-2 coronavirus covid",
    ),
    "6LU7": (
        "The crystal structure of COVID-19 main protease in complex with an inhibitor N3",
        "Severe acute respiratory syndrome coronavirus 2",
        "x-ray",
        2.16,
        2,
        2020,
        "mpro main protease sars-cov-2 covid",
    ),
    "2LZM": (
        "Structure of bacteriophage T4 lysozyme refined at 1.7 Å resolution",
        "Escherichia virus T4",
        "x-ray",
        1.7,
        1,
        1987,
        "lysozyme t4",
    ),
    "1BNA": (
        "Structure of a B-DNA dodecamer: conformation and dynamics",
        "synthetic construct",
        "x-ray",
        1.9,
        2,
        1981,
        "dna b-dna dodecamer",
    ),
    "3J3Q": (
        "Atomic-level structure of the entire HIV-1 capsid",
        "Human immunodeficiency virus 1",
        "cryo-em",
        8.6,
        1356,
        2013,
        "hiv capsid",
    ),
    "5XNL": (
        "Structure of stacked C2S2M2-type PSII-LHCII supercomplex from Pisum sativum",
        "Pisum sativum",
        "cryo-em",
        2.7,
        50,
        2017,
        "photosystem psii lhcii",
    ),
}
_PROTEINS = ["kinase domain", "membrane transporter", "transcription factor", "protease", "ion channel"]
_ORGANISMS = ["Homo sapiens", "Mus musculus", "Escherichia coli", "Saccharomyces cerevisiae", "Thermus thermophilus"]


class Entry(BaseModel):
    """One PDB entry."""

    pdb_id: str = Field(description="The four-character PDB id, upper case")
    title: str = Field(description="The entry's title")
    organism: str = Field(description="Source organism of the macromolecule")
    method: str = Field(description="Experimental method: X-ray diffraction, electron microscopy or solution NMR")
    resolution_angstrom: float | None = Field(description="Resolution in Å (null for NMR)")
    chains: int = Field(description="Number of polymer chains")
    released: int = Field(description="Year of release")


class SearchResult(BaseModel):
    """Entries matching a search, best first."""

    query: str = Field(description="The search, as sent")
    method: Method = Field(description="The method filter used")
    entries: list[Entry] = Field(description="Matching entries, at most max_results")


def _entry(pdb_id: str, row: tuple[str, str, str, float | None, int, int, str]) -> Entry:
    title, organism, method, resolution, chains, year, _ = row
    return Entry(
        pdb_id=pdb_id,
        title=title,
        organism=organism,
        method=_METHOD_NAMES[method],
        resolution_angstrom=resolution,
        chains=chains,
        released=year,
    )


def _fake(pdb_id: str, topic: str | None = None, method: str | None = None) -> Entry:
    seed = int.from_bytes(hashlib.sha256(pdb_id.encode()).digest()[:8], "big")
    method = method or ("x-ray", "x-ray", "cryo-em", "nmr")[seed % 4]
    resolution = None if method == "nmr" else round(1.0 + (seed >> 8) % 30 / 10, 2)
    topic = topic or _PROTEINS[(seed >> 16) % len(_PROTEINS)]
    return Entry(
        pdb_id=pdb_id,
        title=f"Structure of a {topic}",
        organism=_ORGANISMS[(seed >> 24) % len(_ORGANISMS)],
        method=_METHOD_NAMES[method],
        resolution_angstrom=resolution,
        chains=1 + (seed >> 32) % 6,
        released=1990 + (seed >> 40) % 37,
    )


def entry(pdb_id: str) -> Entry:
    """The entry ``pdb_id``: from the table, or a fake stable one.

    Raises:
        ValueError: for anything that is not a four-character PDB id.
    """
    given = (pdb_id or "").strip()
    if not _PDB.fullmatch(given):
        inner = re.search(r"\b[0-9][A-Za-z0-9]{3}\b", given)
        if inner and inner[0] != given:
            raise ValueError(f"Send the PDB id alone, e.g. '{inner[0].upper()}', not '{pdb_id}'.")
        raise ValueError(
            f"'{pdb_id}' is not a PDB id. A PDB id is four characters, a digit then three letters or digits, "
            "e.g. '1TUP'; to find entries by protein name use search_pdb."
        )
    key = given.upper()
    return _entry(key, KNOWN[key]) if key in KNOWN else _fake(key)


def search(query: str, method: str = "any", max_results: int = 5) -> SearchResult:
    """Entries whose title or keywords contain every word of ``query``, filtered by ``method``.

    Raises:
        ValueError: for an empty query, an unknown method or a bad max_results.
    """
    text = " ".join((query or "").split())
    if not text:
        raise ValueError("Give a search, e.g. 'hemoglobin' or 'SARS-CoV-2 spike'.")
    if method not in ("any", *_METHOD_NAMES):
        raise ValueError(f"Unknown method '{method}'. Use any, x-ray, cryo-em or nmr.")
    if isinstance(max_results, bool) or int(max_results) != max_results or not 1 <= max_results <= MAX_RESULTS:
        raise ValueError(f"max_results must be a whole number from 1 to {MAX_RESULTS}, not {max_results!r}.")
    words = [w for w in re.split(r"[\s,]+", text.casefold()) if w not in ("structure", "structures", "of", "the")]
    hits = [
        _entry(key, row)
        for key, row in KNOWN.items()
        if all(w in f"{row[0]} {row[6]}".casefold() for w in words) and method in ("any", row[2])
    ]
    if not hits:
        seed = int.from_bytes(hashlib.sha256(text.casefold().encode()).digest()[:8], "big")
        ids = [
            f"{1 + (seed >> (5 * i)) % 9}{'ABCDEFGHJKMNPQRSTVWXYZ'[(seed >> (7 * i)) % 22]}{(seed >> i) % 10}"
            f"{'KLMNPQRSTVWXYZ'[(seed >> (3 * i)) % 14]}"
            for i in range(3)
        ]
        hits = [_fake(i, text, None if method == "any" else method) for i in ids]
    return SearchResult(query=text, method=method, entries=hits[: int(max_results)])  # type: ignore[arg-type]


server = MCPServer(
    "eval-structures", instructions="Macromolecular structures of the Protein Data Bank. Test-only fake data."
)


@server.tool(annotations=ToolAnnotations(title="PDB entry", readOnlyHint=True, openWorldHint=False))
def fetch_pdb_entry(
    pdb_id: Annotated[
        str,
        Field(
            description="The four-character PDB accession code, a digit then three letters or digits, e.g. '1TUP'",
            json_schema_extra={"pattern": PDB_PATTERN},
        ),
    ],
) -> Entry:
    """Fetch one Protein Data Bank entry by its accession code: title, source organism, experimental method,
    resolution (Å), number of chains and release year of the deposited macromolecular structure.
    """
    try:
        return entry(pdb_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Search the PDB", readOnlyHint=True, openWorldHint=False))
def search_pdb(
    query: Annotated[str, Field(description="Words to find in entry titles, e.g. 'hemoglobin' or 'spike'")],
    method: Annotated[
        Method, Field(description="Only entries solved by this method: x-ray, cryo-em, nmr, or any")
    ] = "any",
    max_results: Annotated[int, Field(description="How many entries at most, 1 to 25", ge=1, le=25)] = 5,
) -> SearchResult:
    """Search the Protein Data Bank for deposited macromolecular structures whose title matches the query,
    optionally only those determined by one experimental method. Returns accession codes with title, method and
    resolution.
    """
    try:
        return search(query, method, max_results)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
