"""Test-only gene lookup server (dev set ``dev2_tools.jsonl``): full name, chromosome and gene id of gene symbols.

Run with: ``python -m eval.servers.genes`` (stdio). A small table of well-known genes per species; any other
well-formed symbol gets a fake but stable entry derived from it, so results never depend on a network or a real
database.
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

Species = Literal["human", "mouse", "rat", "zebrafish", "fly", "yeast"]
MAX_SYMBOLS = 20
# (species, symbol casefolded) -> (official symbol, full name, chromosome, gene id)
KNOWN: dict[tuple[str, str], tuple[str, str, str, int]] = {
    ("human", "tp53"): ("TP53", "tumor protein p53", "17", 7157),
    ("human", "brca1"): ("BRCA1", "BRCA1 DNA repair associated", "17", 672),
    ("human", "brca2"): ("BRCA2", "BRCA2 DNA repair associated", "13", 675),
    ("human", "palb2"): ("PALB2", "partner and localizer of BRCA2", "16", 79728),
    ("human", "egfr"): ("EGFR", "epidermal growth factor receptor", "7", 1956),
    ("human", "kras"): ("KRAS", "KRAS proto-oncogene, GTPase", "12", 3845),
    ("human", "nras"): ("NRAS", "NRAS proto-oncogene, GTPase", "1", 4893),
    ("human", "myc"): ("MYC", "MYC proto-oncogene, bHLH transcription factor", "8", 4609),
    ("human", "cftr"): ("CFTR", "CF transmembrane conductance regulator", "7", 1080),
    ("human", "apoe"): ("APOE", "apolipoprotein E", "19", 348),
    ("human", "gapdh"): ("GAPDH", "glyceraldehyde-3-phosphate dehydrogenase", "12", 2597),
    ("human", "actb"): ("ACTB", "actin beta", "7", 60),
    ("human", "hbb"): ("HBB", "hemoglobin subunit beta", "11", 3043),
    ("human", "pax6"): ("PAX6", "paired box 6", "11", 5080),
    ("mouse", "trp53"): ("Trp53", "transformation related protein 53", "11", 22059),
    ("mouse", "pax6"): ("Pax6", "paired box 6", "2", 18508),
    ("mouse", "brca1"): ("Brca1", "breast cancer 1, early onset", "11", 12189),
    ("mouse", "gapdh"): ("Gapdh", "glyceraldehyde-3-phosphate dehydrogenase", "6", 14433),
    ("zebrafish", "shha"): ("shha", "sonic hedgehog signaling molecule a", "7", 30269),
    ("zebrafish", "tp53"): ("tp53", "tumor protein p53", "5", 30590),
    ("fly", "antp"): ("Antp", "Antennapedia", "3R", 40835),
    ("yeast", "gal4"): ("GAL4", "galactose-responsive transcription factor GAL4", "XVI", 855828),
}
ALIASES = {("mouse", "tp53"): "trp53", ("mouse", "p53"): "trp53", ("human", "p53"): "tp53"}
CHROMOSOMES = {"human": 22, "mouse": 19, "rat": 20, "zebrafish": 25}
_SYMBOL = re.compile(r"[A-Za-z][A-Za-z0-9-]{0,14}(?:\.\d+)?")


class Gene(BaseModel):
    """One gene of one species."""

    symbol: str = Field(description="The official gene symbol, e.g. 'TP53'")
    name: str = Field(description="The gene's full name")
    chromosome: str = Field(description="The chromosome it lies on, e.g. '17'")
    gene_id: int = Field(description="NCBI Gene id")


class GeneList(BaseModel):
    """The genes asked for, in the order asked."""

    species: Species = Field(description="The species looked in")
    genes: list[Gene] = Field(description="One entry per symbol asked for")


def _symbol_case(symbol: str, species: str) -> str:
    if species in ("human", "yeast"):
        return symbol.upper()
    if species == "zebrafish":
        return symbol.lower()
    return symbol[:1].upper() + symbol[1:].lower()


def gene(symbol: str, species: str = "human") -> Gene:
    """The gene ``symbol`` of ``species``: from the table, or a fake stable entry.

    Raises:
        ValueError: for an unknown species or something that is not a gene symbol.
    """
    if species not in ("human", "mouse", "rat", "zebrafish", "fly", "yeast"):
        raise ValueError(f"Unknown species '{species}'. Use human, mouse, rat, zebrafish, fly or yeast.")
    given = (symbol or "").strip()
    if not _SYMBOL.fullmatch(given):
        if re.search(r"[,;]|\s(and|&)\s", given):
            raise ValueError(
                f"'{symbol}' holds several symbols. Send each as its own list item, e.g. ['TP53', 'BRCA1']."
            )
        raise ValueError(
            f"'{symbol}' is not a gene symbol. Send official symbols such as 'TP53' or 'BRCA1', not full names."
        )
    key = ALIASES.get((species, given.casefold()), given.casefold())
    if (species, key) in KNOWN:
        official, name, chromosome, gene_id = KNOWN[(species, key)]
        return Gene(symbol=official, name=name, chromosome=chromosome, gene_id=gene_id)
    seed = int.from_bytes(hashlib.sha256(f"{species}:{key}".encode()).digest()[:8], "big")
    count = CHROMOSOMES.get(species, 6)
    chromosome = str(1 + seed % count) if species != "fly" else ["2L", "2R", "3L", "3R", "X", "4"][seed % 6]
    return Gene(
        symbol=_symbol_case(given, species),
        name=f"{given.upper()} family member {1 + (seed >> 8) % 9}",
        chromosome=chromosome,
        gene_id=100_000 + (seed >> 16) % 900_000,
    )


def genes(symbols: list[str], species: str = "human") -> GeneList:
    """Every symbol of ``symbols`` in ``species``, in order.

    Raises:
        ValueError: for an empty or too long list, an unknown species or a malformed symbol.
    """
    if isinstance(symbols, str):
        symbols = [symbols]
    if not symbols:
        raise ValueError("Give at least one gene symbol, e.g. ['TP53'].")
    if len(symbols) > MAX_SYMBOLS:
        raise ValueError(f"At most {MAX_SYMBOLS} symbols per call, not {len(symbols)}; split the list.")
    return GeneList(species=species, genes=[gene(s, species) for s in symbols])  # type: ignore[arg-type]


server = MCPServer("eval-genes", instructions="Gene information by official gene symbol. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Gene lookup", readOnlyHint=True, openWorldHint=False))
def get_genes(
    symbols: Annotated[
        list[str],
        Field(description="Official gene symbols, one per item, e.g. ['TP53', 'BRCA1'] (1 to 20)", min_length=1),
    ],
    species: Annotated[
        Species, Field(description="Which organism's genes (fly = Drosophila, yeast = S. cerevisiae)")
    ] = "human",
) -> GeneList:
    """Look up genes by their official symbols: full gene name, chromosome and NCBI Gene id of each.

    Symbols are case-insensitive; mouse and rat symbols are written like 'Trp53', zebrafish ones like 'shha'.
    """
    try:
        return genes(symbols, species)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
