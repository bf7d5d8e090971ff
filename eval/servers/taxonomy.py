"""Test-only taxonomy server (dev set ``dev4_tools.jsonl``): resolves organism names to accepted scientific names,
NCBI taxonomy ids and lineages.

Run with: ``python -m eval.servers.taxonomy`` (stdio). A fixed table of well-known organisms with their common
names and synonyms; any other name comes back unresolved, so results never depend on a network.
"""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

MAX_NAMES = 25
# scientific name -> (other names, common name, taxid, rank, lineage: kingdom, phylum, class, order, family)
TAXA: dict[str, tuple[tuple[str, ...], str, int, str, tuple[str, str, str, str, str]]] = {
    "Homo sapiens": (
        ("human", "humans", "man"),
        "human",
        9606,
        "species",
        ("Metazoa", "Chordata", "Mammalia", "Primates", "Hominidae"),
    ),
    "Mus musculus": (
        ("mouse", "house mouse", "lab mouse", "mice"),
        "house mouse",
        10090,
        "species",
        ("Metazoa", "Chordata", "Mammalia", "Rodentia", "Muridae"),
    ),
    "Rattus norvegicus": (
        ("rat", "brown rat", "norway rat", "lab rat"),
        "brown rat",
        10116,
        "species",
        ("Metazoa", "Chordata", "Mammalia", "Rodentia", "Muridae"),
    ),
    "Danio rerio": (
        ("zebrafish", "zebra fish", "zebra danio"),
        "zebrafish",
        7955,
        "species",
        ("Metazoa", "Chordata", "Actinopterygii", "Cypriniformes", "Danionidae"),
    ),
    "Drosophila melanogaster": (
        ("fruit fly", "fruitfly", "vinegar fly", "drosophila"),
        "fruit fly",
        7227,
        "species",
        ("Metazoa", "Arthropoda", "Insecta", "Diptera", "Drosophilidae"),
    ),
    "Caenorhabditis elegans": (
        ("c. elegans", "c elegans", "roundworm", "nematode"),
        "roundworm",
        6239,
        "species",
        ("Metazoa", "Nematoda", "Chromadorea", "Rhabditida", "Rhabditidae"),
    ),
    "Saccharomyces cerevisiae": (
        ("baker's yeast", "bakers yeast", "brewer's yeast", "yeast", "s. cerevisiae"),
        "baker's yeast",
        4932,
        "species",
        ("Fungi", "Ascomycota", "Saccharomycetes", "Saccharomycetales", "Saccharomycetaceae"),
    ),
    "Escherichia coli": (
        ("e. coli", "e coli", "ecoli"),
        "E. coli",
        562,
        "species",
        ("Bacteria", "Pseudomonadota", "Gammaproteobacteria", "Enterobacterales", "Enterobacteriaceae"),
    ),
    "Arabidopsis thaliana": (
        ("thale cress", "arabidopsis", "mouse-ear cress"),
        "thale cress",
        3702,
        "species",
        ("Viridiplantae", "Streptophyta", "Magnoliopsida", "Brassicales", "Brassicaceae"),
    ),
    "Ambystoma mexicanum": (
        ("axolotl", "mexican walking fish"),
        "axolotl",
        8296,
        "species",
        ("Metazoa", "Chordata", "Amphibia", "Caudata", "Ambystomatidae"),
    ),
    "Apis mellifera": (
        ("honey bee", "honeybee", "western honey bee"),
        "western honey bee",
        7460,
        "species",
        ("Metazoa", "Arthropoda", "Insecta", "Hymenoptera", "Apidae"),
    ),
    "Canis lupus": (
        ("wolf", "grey wolf", "gray wolf"),
        "grey wolf",
        9612,
        "species",
        ("Metazoa", "Chordata", "Mammalia", "Carnivora", "Canidae"),
    ),
    "Canis lupus familiaris": (
        ("dog", "domestic dog", "canis familiaris"),
        "dog",
        9615,
        "subspecies",
        ("Metazoa", "Chordata", "Mammalia", "Carnivora", "Canidae"),
    ),
    "Hypsibius exemplaris": (
        ("tardigrade", "water bear", "hypsibius dujardini"),
        "water bear",
        2072580,
        "species",
        ("Metazoa", "Tardigrada", "Eutardigrada", "Parachela", "Hypsibiidae"),
    ),
    "Xenopus laevis": (
        ("african clawed frog", "xenopus", "clawed frog"),
        "African clawed frog",
        8355,
        "species",
        ("Metazoa", "Chordata", "Amphibia", "Anura", "Pipidae"),
    ),
    "Quercus robur": (
        ("english oak", "pedunculate oak", "oak"),
        "pedunculate oak",
        38942,
        "species",
        ("Viridiplantae", "Streptophyta", "Magnoliopsida", "Fagales", "Fagaceae"),
    ),
    "Pan troglodytes": (
        ("chimpanzee", "chimp"),
        "chimpanzee",
        9598,
        "species",
        ("Metazoa", "Chordata", "Mammalia", "Primates", "Hominidae"),
    ),
    "Plasmodium falciparum": (
        ("malaria parasite", "p. falciparum"),
        "malaria parasite",
        5833,
        "species",
        ("Alveolata", "Apicomplexa", "Aconoidasida", "Haemosporida", "Plasmodiidae"),
    ),
}
_INDEX = {key.casefold(): sci for sci, (others, common, *_) in TAXA.items() for key in (sci, common, *others)}


class Lineage(BaseModel):
    """The higher ranks of a taxon."""

    kingdom: str = Field(description="Kingdom (or the top clade)")
    phylum: str = Field(description="Phylum")
    class_name: str = Field(description="Class")
    order: str = Field(description="Order")
    family: str = Field(description="Family")


class Taxon(BaseModel):
    """One name, resolved."""

    query: str = Field(description="The name as sent")
    resolved: bool = Field(description="Whether the name was recognised")
    scientific_name: str | None = Field(description="The accepted scientific name")
    common_name: str | None = Field(description="The usual English name")
    taxid: int | None = Field(description="NCBI Taxonomy id")
    rank: str | None = Field(description="Rank of the taxon, e.g. species")
    lineage: Lineage | None = Field(description="Kingdom to family; only when include_lineage was true")


class Resolution(BaseModel):
    """Every name sent, resolved in order."""

    taxa: list[Taxon] = Field(description="One entry per name sent, in the order sent")


def resolve(names: list[str], include_lineage: bool = False) -> Resolution:
    """Resolve each of ``names`` (scientific, common or synonym; case-insensitive).

    Raises:
        ValueError: for an empty list, more than 25 names, an empty name, or several names in one item.
    """
    if not names:
        raise ValueError("Send at least one organism name, e.g. ['zebrafish'].")
    if len(names) > MAX_NAMES:
        raise ValueError(f"At most {MAX_NAMES} names per call, not {len(names)}; split the list.")
    out = []
    for raw in names:
        name = " ".join((raw or "").split())
        if not name:
            raise ValueError("Every name must be non-empty, e.g. ['zebrafish', 'Mus musculus'].")
        if "," in name or ";" in name:
            raise ValueError(f"'{name}' holds several names; send each as its own list item.")
        sci = _INDEX.get(name.casefold()) or _INDEX.get(name.casefold().removeprefix("the "))
        if sci is None:
            out.append(
                Taxon(
                    query=name,
                    resolved=False,
                    scientific_name=None,
                    common_name=None,
                    taxid=None,
                    rank=None,
                    lineage=None,
                )
            )
            continue
        _, common, taxid, rank, (k, p, c, o, f) = TAXA[sci]
        lineage = Lineage(kingdom=k, phylum=p, class_name=c, order=o, family=f)
        out.append(
            Taxon(
                query=name,
                resolved=True,
                scientific_name=sci,
                common_name=common,
                taxid=taxid,
                rank=rank,
                lineage=lineage if include_lineage else None,
            )
        )
    return Resolution(taxa=out)


server = MCPServer("eval-taxonomy", instructions="Organism names to taxonomy ids and lineages. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Resolve taxon names", readOnlyHint=True, openWorldHint=False))
def resolve_taxon_names(
    names: Annotated[
        list[str],
        Field(
            description="Organism names, one per item: scientific, common or synonym, e.g. "
            "['Danio rerio', 'thale cress'] (1 to 25)",
            min_length=1,
        ),
    ],
    include_lineage: Annotated[
        bool, Field(description="Also return the lineage (kingdom, phylum, class, order, family) of each taxon")
    ] = False,
) -> Resolution:
    """Resolve vernacular or scientific names against the NCBI Taxonomy backbone: accepted binomial, common name,
    taxid and rank of each, optionally with its higher classification.
    """
    try:
        return resolve(names, include_lineage)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
