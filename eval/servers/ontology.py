"""Test-only biomedical ontology server (dev set ``dev9_tools.jsonl``): one term by CURIE, a label and synonym search
with an ontology filter, and a term's descendants to a depth.

Run with: ``python -m eval.servers.ontology`` (stdio). A fixed slice of five ontologies (GO, CL, UBERON, CHEBI, HP)
with 43 terms; nothing is written. The tool shapes follow widely used public MCP servers (an identifier pattern, an
optional enum, an optional boolean, a ``limit``, an integer depth).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

CURIE_PATTERN = r"^[A-Za-z]+:\d{4,8}$"
_CURIE = re.compile(CURIE_PATTERN)
Ontology = Literal["GO", "CL", "UBERON", "CHEBI", "HP"]
ONTOLOGIES = {
    "GO": "Gene Ontology",
    "CL": "Cell Ontology",
    "UBERON": "Uberon anatomy ontology",
    "CHEBI": "Chemical Entities of Biological Interest",
    "HP": "Human Phenotype Ontology",
}
MAX_DEPTH = 5
# CURIE -> (label, parent CURIE or None, synonyms, definition)
TERMS: dict[str, tuple[str, str | None, tuple[str, ...], str]] = {
    "GO:0008150": ("biological_process", None, ("biological process",), "A process of a living system."),
    "GO:0009987": ("cellular process", "GO:0008150", ("cell process",), "A process carried out at the cellular level."),
    "GO:0008152": ("metabolic process", "GO:0008150", ("metabolism",), "Chemical reactions and pathways."),
    "GO:0032502": ("developmental process", "GO:0008150", ("development",), "Progression of a structure over time."),
    "GO:0050896": ("response to stimulus", "GO:0008150", (), "A change in state as a result of a stimulus."),
    "GO:0007049": ("cell cycle", "GO:0009987", ("cell-division cycle",), "The events by which a cell duplicates."),
    "GO:0000278": ("mitotic cell cycle", "GO:0007049", (), "A cell cycle with a mitotic division."),
    "GO:0006915": ("apoptotic process", "GO:0009987", ("apoptosis", "programmed cell death by apoptosis"), "A programmed cell death."),
    "GO:0016477": ("cell migration", "GO:0009987", ("cell motility",), "The orderly movement of a cell."),
    "GO:0006096": ("glycolytic process", "GO:0008152", ("glycolysis",), "Glucose to pyruvate, producing ATP."),
    "GO:0006119": ("oxidative phosphorylation", "GO:0008152", ("OXPHOS",), "ATP synthesis coupled to electron transport."),
    "GO:0005575": ("cellular_component", None, ("cellular component",), "A location relative to cellular structures."),
    "GO:0005634": ("nucleus", "GO:0005575", ("cell nucleus",), "A membrane-bounded organelle holding the genome."),
    "GO:0005739": ("mitochondrion", "GO:0005575", ("mitochondria",), "A semiautonomous organelle of respiration."),
    "GO:0003674": ("molecular_function", None, ("molecular function",), "An activity at the molecular level."),
    "GO:0003824": ("catalytic activity", "GO:0003674", ("enzyme activity",), "Catalysis of a biochemical reaction."),
    "GO:0005488": ("binding", "GO:0003674", (), "Selective, non-covalent interaction."),
    "CL:0000000": ("cell", None, (), "A material entity bounded by a plasma membrane."),
    "CL:0000540": ("neuron", "CL:0000000", ("nerve cell",), "The basic cellular unit of nervous tissue."),
    "CL:0000100": ("motor neuron", "CL:0000540", ("motoneuron",), "A neuron whose axon ends on a muscle."),
    "CL:0000127": ("astrocyte", "CL:0000000", ("astroglia",), "A star-shaped glial cell."),
    "CL:0000084": ("T cell", "CL:0000000", ("T lymphocyte", "T-cell"), "A lymphocyte with a T cell receptor."),
    "CL:0000624": ("CD4-positive, alpha-beta T cell", "CL:0000084", ("CD4 T cell", "helper T cell"), "A CD4+ T cell."),
    "CL:0000625": ("CD8-positive, alpha-beta T cell", "CL:0000084", ("CD8 T cell", "cytotoxic T cell"), "A CD8+ T cell."),
    "CL:0000236": ("B cell", "CL:0000000", ("B lymphocyte", "B-cell"), "A lymphocyte with a B cell receptor."),
    "CL:0000057": ("fibroblast", "CL:0000000", (), "A connective tissue cell that secretes collagen."),
    "UBERON:0000955": ("brain", None, ("encephalon",), "The central organ of the nervous system in the head."),
    "UBERON:0001893": ("telencephalon", "UBERON:0000955", ("cerebrum",), "The anterior part of the forebrain."),
    "UBERON:0001950": ("neocortex", "UBERON:0001893", ("isocortex",), "The six-layered part of the cerebral cortex."),
    "UBERON:0002037": ("cerebellum", "UBERON:0000955", (), "The part of the hindbrain coordinating movement."),
    "UBERON:0002107": ("liver", None, ("hepar",), "An exocrine gland and metabolic organ."),
    "UBERON:0000948": ("heart", None, ("cardium",), "The muscular organ pumping blood."),
    "UBERON:0002048": ("lung", None, ("pulmo",), "The respiratory organ."),
    "CHEBI:15377": ("water", None, ("H2O", "oxidane"), "An oxygen hydride, the solvent of life."),
    "CHEBI:17234": ("glucose", None, ("D-glucose", "dextrose"), "An aldohexose."),
    "CHEBI:16236": ("ethanol", None, ("ethyl alcohol", "EtOH"), "A primary alcohol."),
    "CHEBI:15422": ("ATP", None, ("adenosine 5'-triphosphate", "adenosine triphosphate"), "A purine ribonucleoside triphosphate."),
    "HP:0000118": ("Phenotypic abnormality", None, (), "A phenotypic abnormality."),
    "HP:0000707": ("Abnormality of the nervous system", "HP:0000118", ("neurological abnormality",), "An abnormality of the nervous system."),
    "HP:0001250": ("Seizure", "HP:0000707", ("seizures", "epileptic seizure"), "An episode of abnormal neuronal activity."),
    "HP:0012759": ("Neurodevelopmental abnormality", "HP:0000707", (), "A deviation of the development of the nervous system."),
    "HP:0001263": ("Global developmental delay", "HP:0012759", ("developmental delay",), "A delay in the achievement of milestones."),
    "HP:0001627": ("Abnormal heart morphology", "HP:0000118", ("heart defect", "cardiac malformation"), "Any structural anomaly of the heart."),
}  # fmt: skip


class Term(BaseModel):
    """An ontology term."""

    curie: str = Field(description="e.g. 'GO:0006915'")
    ontology: str = Field(description="Ontology prefix, e.g. 'GO'")
    ontology_name: str = Field(description="Ontology name")
    label: str = Field(description="Preferred label")
    synonyms: list[str] = Field(description="Exact synonyms")
    definition: str = Field(description="Definition")
    parent: str | None = Field(description="CURIE of the is_a parent (null: a root)")
    parent_label: str | None = Field(description="Label of the parent")
    child_count: int = Field(description="Number of direct children")
    iri: str = Field(description="Full IRI")


class Hit(BaseModel):
    """One search hit."""

    curie: str = Field(description="CURIE")
    label: str = Field(description="Preferred label")
    matched: str = Field(description="The label or synonym that matched")
    exact: bool = Field(description="The label or a synonym equals the query")


class Hits(BaseModel):
    """Search results, exact matches first."""

    query: str = Field(description="Text searched")
    ontology: str | None = Field(description="Ontology filter (null: all)")
    exact_match: bool = Field(description="Whether only exact matches were asked for")
    total: int = Field(description="Hits before the limit")
    results: list[Hit] = Field(description="At most limit hits")


class Descendant(BaseModel):
    """A term below the one asked about."""

    curie: str = Field(description="CURIE")
    label: str = Field(description="Preferred label")
    depth: int = Field(description="1 for a direct child")
    parent: str = Field(description="CURIE of its parent")


class Descendants(BaseModel):
    """A term's descendants down to a depth."""

    curie: str = Field(description="The term asked about")
    label: str = Field(description="Its label")
    depth: int = Field(description="Levels walked")
    children: list[Descendant] = Field(description="Descendants, depth first")


def curie_of(text: str) -> str:
    """``text`` checked as a known CURIE ('go:0006915', 'GO_0006915' accepted).

    Raises:
        ValueError: for a bare number, a label, or an unknown term.
    """
    key = (text or "").strip().replace("_", ":", 1)
    if _CURIE.match(key):
        prefix, number = key.split(":")
        key = f"{prefix.upper()}:{number}"
    else:
        digits = re.sub(r"\D", "", key)
        if digits and len(digits) == 7 and not re.search(r"[A-Za-z]", key):
            raise ValueError(f"Send the CURIE with its prefix, e.g. 'GO:{digits}' or 'CL:{digits}'.")
        raise ValueError(
            f"{text!r} is not a CURIE (PREFIX:digits, e.g. 'GO:0006915'). To find a term by name use search_ontology."
        )
    prefix = key.split(":")[0]
    if prefix not in ONTOLOGIES:
        raise ValueError(f"Unknown ontology prefix {prefix!r}. Ontologies: {', '.join(ONTOLOGIES)}.")
    if key not in TERMS:
        raise ValueError(f"No term {key} in this slice of {prefix}. Search by label with search_ontology.")
    return key


def _children(curie: str) -> list[str]:
    return [c for c, (_, parent, _, _) in TERMS.items() if parent == curie]


def term(curie: str) -> Term:
    key = curie_of(curie)
    label, parent, synonyms, definition = TERMS[key]
    prefix, number = key.split(":")
    return Term(
        curie=key,
        ontology=prefix,
        ontology_name=ONTOLOGIES[prefix],
        label=label,
        synonyms=list(synonyms),
        definition=definition,
        parent=parent,
        parent_label=TERMS[parent][0] if parent else None,
        child_count=len(_children(key)),
        iri=f"http://purl.obolibrary.org/obo/{prefix}_{number}",
    )


def search(label: str, ontology: str | None = None, exact_match: bool = False, limit: int = 10) -> Hits:
    """Terms whose label or a synonym contains ``label`` (or equals it).

    Raises:
        ValueError: for an empty query, an unknown ontology or a limit out of range.
    """
    query = " ".join((label or "").split())
    if not query:
        raise ValueError("label must not be empty: send a term name, e.g. 'apoptosis'.")
    prefix = ontology.strip().upper() if ontology else None
    if prefix is not None and prefix not in ONTOLOGIES:
        raise ValueError(f"Unknown ontology {ontology!r}. Use one of: {', '.join(ONTOLOGIES)}.")
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 50:
        raise ValueError("limit must be a whole number from 1 to 50.")
    want = query.lower()
    hits: list[Hit] = []
    for curie, (name, _, synonyms, _) in TERMS.items():
        if prefix and not curie.startswith(prefix + ":"):
            continue
        for candidate in (name, *synonyms):
            same = candidate.lower().replace("_", " ") == want.replace("_", " ")
            if same or (not exact_match and want in candidate.lower()):
                hits.append(Hit(curie=curie, label=name, matched=candidate, exact=same))
                break
    hits.sort(key=lambda h: (not h.exact, len(h.label)))
    return Hits(query=query, ontology=prefix, exact_match=bool(exact_match), total=len(hits), results=hits[:limit])


def descendants(curie: str, depth: int = 1) -> Descendants:
    """The terms below ``curie``, ``depth`` levels down.

    Raises:
        ValueError: for a bad CURIE or a depth out of range.
    """
    key = curie_of(curie)
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be a whole number from 1 to {MAX_DEPTH} (1: direct children only).")
    out: list[Descendant] = []

    def walk(node: str, level: int) -> None:
        for child in _children(node):
            out.append(Descendant(curie=child, label=TERMS[child][0], depth=level, parent=node))
            if level < depth:
                walk(child, level + 1)

    walk(key, 1)
    return Descendants(curie=key, label=TERMS[key][0], depth=depth, children=out)


server = MCPServer(
    "eval-ontology", instructions="Biomedical ontologies (GO, CL, UBERON, CHEBI, HP): terms and hierarchy. Test-only."
)
_CURIE_FIELD = Field(description="Compact URI, PREFIX:digits, e.g. 'GO:0008150', 'CL:0000540'", pattern=CURIE_PATTERN)


@server.tool(annotations=ToolAnnotations(title="Ontology term", readOnlyHint=True, openWorldHint=False))
def ontology_term(curie: Annotated[str, _CURIE_FIELD]) -> Term:
    """Fetch one ontology term by its CURIE: preferred label, synonyms, definition, is_a parent and IRI."""
    try:
        return term(curie)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Search ontology", readOnlyHint=True, openWorldHint=False))
def search_ontology(
    label: Annotated[str, Field(description="Term name or synonym to look for, e.g. 'apoptosis'")],
    ontology: Annotated[
        Ontology | None,
        Field(
            description="Restrict to one ontology: GO (processes, functions, components), CL (cell types), UBERON "
            "(anatomy), CHEBI (chemicals), HP (human phenotypes)"
        ),
    ] = None,
    exact_match: Annotated[bool, Field(description="Only terms whose label or synonym equals the text")] = False,
    limit: Annotated[int, Field(description="Maximum number of results (1-50)", ge=1, le=50)] = 10,
) -> Hits:
    """Search ontology terms by label or synonym, across all ontologies or one. Returns CURIEs, exact matches
    first."""
    try:
        return search(label, ontology, exact_match, limit)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Term children", readOnlyHint=True, openWorldHint=False))
def term_children(
    curie: Annotated[str, _CURIE_FIELD],
    depth: Annotated[
        int, Field(description="Levels to descend: 1 for direct children only, up to 5", ge=1, le=MAX_DEPTH)
    ] = 1,
) -> Descendants:
    """List the subterms (is_a children) of an ontology term, down to the given depth."""
    try:
        return descendants(curie, depth)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
