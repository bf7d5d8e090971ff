"""Test-only glossary server (dev set ``dev5_tools.jsonl``): what the lab's abbreviations stand for.

Run with: ``python -m eval.servers.glossary`` (stdio). A fixed table of ~30 abbreviations used in labs, some with
one meaning per field (SDS, MS, CI, SEM, API, BSA); any other term comes back not found, so results never depend on
a network.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

MAX_TERMS = 20
Subject = Literal[
    "any", "molecular_biology", "chemistry", "statistics", "computing", "clinical", "lab_safety", "imaging"
]
SUBJECTS: tuple[str, ...] = (
    "any",
    "molecular_biology",
    "chemistry",
    "statistics",
    "computing",
    "clinical",
    "lab_safety",
    "imaging",
)
# abbreviation (upper case, no dots) -> [(expansion, field, definition)]
TERMS: dict[str, list[tuple[str, str, str]]] = {
    "PCR": [
        (
            "polymerase chain reaction",
            "molecular_biology",
            "Amplifies a DNA segment exponentially by cycles of denaturation, annealing and extension.",
        )
    ],
    "QPCR": [
        (
            "quantitative polymerase chain reaction",
            "molecular_biology",
            "PCR read out in real time by fluorescence, to measure how much template there was.",
        )
    ],
    "ELISA": [
        (
            "enzyme-linked immunosorbent assay",
            "molecular_biology",
            "A plate assay that detects an antigen or antibody with an enzyme-coupled antibody and a colour change.",
        )
    ],
    "FACS": [
        (
            "fluorescence-activated cell sorting",
            "molecular_biology",
            "Flow cytometry that also sorts cells into tubes by their fluorescence.",
        )
    ],
    "CRISPR": [
        (
            "clustered regularly interspaced short palindromic repeats",
            "molecular_biology",
            "Bacterial repeats behind the Cas9 genome-editing system.",
        )
    ],
    "SNP": [
        (
            "single-nucleotide polymorphism",
            "molecular_biology",
            "A position in the genome where individuals differ by one base.",
        )
    ],
    "PBS": [
        (
            "phosphate-buffered saline",
            "molecular_biology",
            "An isotonic buffer, pH 7.4, for washing and diluting cells.",
        )
    ],
    "PAGE": [
        (
            "polyacrylamide gel electrophoresis",
            "molecular_biology",
            "Separates proteins or nucleic acids by size in a polyacrylamide gel.",
        )
    ],
    "SDS": [
        (
            "sodium dodecyl sulfate",
            "chemistry",
            "An anionic detergent that denatures proteins (as in SDS-PAGE).",
        ),
        (
            "safety data sheet",
            "lab_safety",
            "The supplier's document on a chemical's hazards, handling, storage and first aid.",
        ),
    ],
    "DMSO": [("dimethyl sulfoxide", "chemistry", "A polar aprotic solvent; also a cryoprotectant for cells.")],
    "HPLC": [
        (
            "high-performance liquid chromatography",
            "chemistry",
            "Separates a mixture by pumping it at high pressure through a packed column.",
        )
    ],
    "NMR": [
        (
            "nuclear magnetic resonance",
            "chemistry",
            "Spectroscopy of atomic nuclei in a magnetic field, used to work out molecular structure.",
        )
    ],
    "MS": [
        ("mass spectrometry", "chemistry", "Measures the mass-to-charge ratio of ions to identify molecules."),
        ("multiple sclerosis", "clinical", "An autoimmune disease that damages the myelin of nerve fibres."),
    ],
    "API": [
        (
            "application programming interface",
            "computing",
            "The set of calls one program offers another.",
        ),
        ("active pharmaceutical ingredient", "chemistry", "The substance in a drug that has the therapeutic effect."),
    ],
    "BSA": [
        ("bovine serum albumin", "molecular_biology", "A protein used as a blocking agent and a standard."),
        ("body surface area", "clinical", "Used to scale drug doses, in m²."),
    ],
    "PCA": [
        (
            "principal component analysis",
            "statistics",
            "Rotates correlated variables into uncorrelated components ordered by variance explained.",
        )
    ],
    "ANOVA": [("analysis of variance", "statistics", "Tests whether the means of several groups differ.")],
    "CI": [
        ("confidence interval", "statistics", "A range that covers the true value in a stated share of repeats."),
        ("continuous integration", "computing", "Building and testing every change automatically."),
    ],
    "SD": [("standard deviation", "statistics", "The spread of values around their mean.")],
    "SEM": [
        ("standard error of the mean", "statistics", "The standard deviation divided by the square root of n."),
        ("scanning electron microscopy", "imaging", "Images a surface with a focused electron beam."),
    ],
    "FDR": [("false discovery rate", "statistics", "The expected share of false positives among the discoveries.")],
    "HPC": [("high-performance computing", "computing", "Clusters of many computers for large calculations.")],
    "GPU": [("graphics processing unit", "computing", "A processor for many parallel calculations.")],
    "IRB": [
        (
            "institutional review board",
            "clinical",
            "The committee that approves and monitors research on human participants.",
        )
    ],
    "RCT": [
        (
            "randomised controlled trial",
            "clinical",
            "A trial that assigns participants to treatment or control at random.",
        )
    ],
    "PPE": [
        ("personal protective equipment", "lab_safety", "Lab coat, gloves, goggles and the like."),
    ],
    "BSL": [("biosafety level", "lab_safety", "Containment levels 1 to 4 for work with biological agents.")],
    "LN2": [("liquid nitrogen", "lab_safety", "Nitrogen at -196 °C, for cryostorage; an asphyxiation hazard.")],
    "TEM": [
        (
            "transmission electron microscopy",
            "imaging",
            "Images thin sections with electrons passing through them.",
        )
    ],
    "FRET": [
        (
            "Förster resonance energy transfer",
            "imaging",
            "Energy transfer between two fluorophores closer than ~10 nm, used as a molecular ruler.",
        )
    ],
    "GFP": [("green fluorescent protein", "imaging", "A jellyfish protein used as a fluorescent tag.")],
}


class Expansion(BaseModel):
    """One meaning of an abbreviation."""

    expansion: str = Field(description="What the letters stand for")
    field: str = Field(description="The field this meaning belongs to")
    definition: str = Field(description="One sentence on what it is")


class Entry(BaseModel):
    """One term, looked up."""

    term: str = Field(description="The term as sent")
    found: bool = Field(description="Whether the glossary has the term in the field asked for")
    expansions: list[Expansion] = Field(description="Its meanings in the field asked for (all fields for 'any')")
    other_fields: list[str] = Field(description="Fields with other meanings of the term, not shown")


class Glossary(BaseModel):
    """The terms looked up."""

    field: Subject = Field(description="The field filtered on ('any' = all)")
    entries: list[Entry] = Field(description="One entry per term, in the order sent")


def _key(term: str) -> str:
    return re.sub(r"[\s.]", "", term).upper()


def expand(terms: list[str], field: str = "any") -> Glossary:
    """The meanings of each of ``terms`` in ``field``.

    Raises:
        ValueError: for an unknown field, an empty list, too many terms, an empty term or several terms in one item.
    """
    if field not in SUBJECTS:
        raise ValueError(f"Unknown field '{field}'. Use one of: {', '.join(SUBJECTS)}.")
    if isinstance(terms, str):
        terms = [terms]
    if not terms:
        raise ValueError("Send at least one abbreviation, e.g. ['PCR'].")
    if len(terms) > MAX_TERMS:
        raise ValueError(f"Send at most {MAX_TERMS} terms at a time, not {len(terms)}.")
    entries = []
    for term in terms:
        text = " ".join((term or "").split())
        if not text:
            raise ValueError("Each term must be an abbreviation, e.g. 'ELISA'; got an empty one.")
        if re.search(r",|;|\band\b|/", text):
            raise ValueError(f"Put each abbreviation in its own list item: '{text}' looks like several.")
        key = _key(text)
        rows = TERMS.get(key) or (TERMS.get(key[:-1]) if key.endswith("S") else None) or []
        shown = [r for r in rows if field in ("any", r[1])]
        entries.append(
            Entry(
                term=text,
                found=bool(shown),
                expansions=[Expansion(expansion=e, field=f, definition=d) for e, f, d in shown],
                other_fields=sorted({f for _, f, _ in rows} - {f for _, f, _ in shown}),
            )
        )
    return Glossary(field=field, entries=entries)  # type: ignore[arg-type]


server = MCPServer("eval-glossary", instructions="The lab's glossary of abbreviations. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Expand acronyms", readOnlyHint=True, openWorldHint=False))
def expand_acronyms(
    terms: Annotated[
        list[str],
        Field(description="Abbreviations, one per item, e.g. ['ELISA', 'FDR'] (1 to 20)", min_length=1),
    ],
    field: Annotated[
        Subject,
        Field(
            description="Only meanings from this field: any (default), molecular_biology, chemistry, statistics, "
            "computing, clinical, lab_safety or imaging"
        ),
    ] = "any",
) -> Glossary:
    """Spell out initialisms from the institute's controlled vocabulary, with a one-line definition of each sense,
    optionally restricted to one field.
    """
    try:
        return expand(terms, field)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
