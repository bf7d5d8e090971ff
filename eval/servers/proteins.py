"""Test-only protein database server (dev set ``dev10_tools.jsonl``): a protein entry by UniProt accession with an
optional list of fields, a search by name or gene with an organism given as an NCBI taxonomy id, and the amino-acid
sequence of an entry or a region of it.

Run with: ``python -m eval.servers.proteins`` (stdio). A fixed table of 26 entries (well-known proteins with their
accessions, lengths and masses; the sequences are generated from the accession, not the real ones); a stable fake
unreviewed entry for any other well-formed accession. Nothing is written. A plain server as a researcher writes one
(snake_case, short docstrings).
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

ACCESSION_PATTERN = r"^([OPQ][0-9][A-Z0-9]{3}[0-9]|[A-NR-Z][0-9]([A-Z][A-Z0-9]{2}[0-9]){1,2})$"
_ACCESSION = re.compile(ACCESSION_PATTERN)
FieldName = Literal[
    "protein_name", "gene", "organism", "length", "mass", "function", "subcellular_location", "keywords", "sequence"
]
FIELDS = (
    "protein_name",
    "gene",
    "organism",
    "length",
    "mass",
    "function",
    "subcellular_location",
    "keywords",
    "sequence",
)
AMINO_ACIDS = "ACDEFGHIKLMNPQRSTVWY"
ORGANISMS = {
    9606: "Homo sapiens",
    10090: "Mus musculus",
    10116: "Rattus norvegicus",
    7955: "Danio rerio",
    7227: "Drosophila melanogaster",
    559292: "Saccharomyces cerevisiae (strain S288C)",
    83333: "Escherichia coli (strain K12)",
    9913: "Bos taurus",
    6100: "Aequorea victoria",
    2697049: "SARS-CoV-2",
    10665: "Escherichia phage T4",
    3702: "Arabidopsis thaliana",
}
# accession -> (entry name, protein name, gene, taxon id, length, mass Da, function, location, keywords, reviewed)
ENTRIES: dict[str, tuple[str, str, str, int, int, int, str, str, tuple[str, ...], bool]] = {
    "P04637": (
        "P53_HUMAN",
        "Cellular tumor antigen p53",
        "TP53",
        9606,
        393,
        43653,
        "Tumor suppressor and transcription factor that induces cell cycle arrest, DNA repair or apoptosis.",
        "Nucleus; Cytoplasm",
        ("Tumor suppressor", "DNA-binding", "Apoptosis", "Transcription"),
        True,
    ),
    "P02340": (
        "P53_MOUSE",
        "Cellular tumor antigen p53",
        "Trp53",
        10090,
        387,
        43456,
        "Tumor suppressor and transcription factor; mouse ortholog of human p53.",
        "Nucleus; Cytoplasm",
        ("Tumor suppressor", "DNA-binding", "Apoptosis"),
        True,
    ),
    "P10361": (
        "P53_RAT",
        "Cellular tumor antigen p53",
        "Tp53",
        10116,
        391,
        43433,
        "Tumor suppressor and transcription factor; rat ortholog of human p53.",
        "Nucleus; Cytoplasm",
        ("Tumor suppressor", "DNA-binding"),
        True,
    ),
    "P79734": (
        "P53_DANRE",
        "Cellular tumor antigen p53",
        "tp53",
        7955,
        373,
        41661,
        "Tumor suppressor; zebrafish ortholog of p53.",
        "Nucleus",
        ("Tumor suppressor", "DNA-binding"),
        True,
    ),
    "Q9N6D8": (
        "P53_DROME",
        "Cellular tumor antigen p53",
        "p53",
        7227,
        385,
        44025,
        "Transcription factor mediating apoptosis after DNA damage in the fly.",
        "Nucleus",
        ("Apoptosis", "DNA-binding"),
        True,
    ),
    "A0A024R1R8": (
        "A0A024R1R8_HUMAN",
        "Tumor protein p53, isoform CRA_a",
        "TP53",
        9606,
        393,
        43623,
        "Predicted: transcription factor (automatic annotation).",
        "Nucleus",
        ("DNA-binding",),
        False,
    ),
    "P38398": (
        "BRCA1_HUMAN",
        "Breast cancer type 1 susceptibility protein",
        "BRCA1",
        9606,
        1863,
        207721,
        "E3 ubiquitin-protein ligase that maintains genomic stability through homologous recombination DNA repair.",
        "Nucleus",
        ("DNA repair", "Tumor suppressor", "Ubl conjugation pathway"),
        True,
    ),
    "P51587": (
        "BRCA2_HUMAN",
        "Breast cancer type 2 susceptibility protein",
        "BRCA2",
        9606,
        3418,
        384225,
        "Mediates RAD51 loading in homologous recombination repair of DNA double-strand breaks.",
        "Nucleus; Cytoplasm",
        ("DNA repair", "Tumor suppressor"),
        True,
    ),
    "P00533": (
        "EGFR_HUMAN",
        "Epidermal growth factor receptor",
        "EGFR",
        9606,
        1210,
        134277,
        "Receptor tyrosine kinase binding EGF family ligands; activates MAPK, PI3K-AKT and STAT signalling.",
        "Cell membrane; Endosome",
        ("Kinase", "Receptor", "Transmembrane"),
        True,
    ),
    "Q01279": (
        "EGFR_MOUSE",
        "Epidermal growth factor receptor",
        "Egfr",
        10090,
        1210,
        134843,
        "Receptor tyrosine kinase binding EGF family ligands (mouse).",
        "Cell membrane",
        ("Kinase", "Receptor", "Transmembrane"),
        True,
    ),
    "P01308": (
        "INS_HUMAN",
        "Insulin",
        "INS",
        9606,
        110,
        11981,
        "Hormone that decreases blood glucose by promoting glucose uptake into muscle and fat.",
        "Secreted",
        ("Hormone", "Diabetes mellitus"),
        True,
    ),
    "P68871": (
        "HBB_HUMAN",
        "Hemoglobin subunit beta",
        "HBB",
        9606,
        147,
        15998,
        "Oxygen transport from the lung to peripheral tissues.",
        "Cytoplasm",
        ("Oxygen transport", "Heme"),
        True,
    ),
    "P69905": (
        "HBA_HUMAN",
        "Hemoglobin subunit alpha",
        "HBA1",
        9606,
        142,
        15258,
        "Oxygen transport from the lung to peripheral tissues.",
        "Cytoplasm",
        ("Oxygen transport", "Heme"),
        True,
    ),
    "P0DTC2": (
        "SPIKE_SARS2",
        "Spike glycoprotein",
        "S",
        2697049,
        1273,
        141178,
        "Binds ACE2 on host cells and mediates fusion of the viral and host membranes.",
        "Virion membrane; Host cell membrane",
        ("Viral attachment", "Fusion of virus membrane with host membrane", "Glycoprotein"),
        True,
    ),
    "Q9BYF1": (
        "ACE2_HUMAN",
        "Angiotensin-converting enzyme 2",
        "ACE2",
        9606,
        805,
        92463,
        "Carboxypeptidase of the renin-angiotensin system; receptor for the SARS-CoV-2 spike protein.",
        "Cell membrane; Secreted",
        ("Hydrolase", "Receptor", "Transmembrane"),
        True,
    ),
    "P42212": (
        "GFP_AEQVI",
        "Green fluorescent protein",
        "GFP",
        6100,
        238,
        26886,
        "Energy-transfer acceptor emitting green light (peak 509 nm) when excited at 395 or 475 nm.",
        "Cytoplasm",
        ("Luminescence", "Photoprotein"),
        True,
    ),
    "P00722": (
        "BGAL_ECOLI",
        "Beta-galactosidase",
        "lacZ",
        83333,
        1024,
        116483,
        "Hydrolyses lactose to galactose and glucose.",
        "Cytoplasm",
        ("Glycosidase", "Hydrolase"),
        True,
    ),
    "P02769": (
        "ALBU_BOVIN",
        "Albumin",
        "ALB",
        9913,
        607,
        69293,
        "Main plasma protein; regulates colloidal osmotic pressure and binds fatty acids, hormones and drugs.",
        "Secreted",
        ("Lipid-binding", "Metal-binding"),
        True,
    ),
    "P02768": (
        "ALBU_HUMAN",
        "Albumin",
        "ALB",
        9606,
        609,
        69367,
        "Main plasma protein; regulates colloidal osmotic pressure and binds fatty acids, hormones and drugs.",
        "Secreted",
        ("Lipid-binding", "Metal-binding"),
        True,
    ),
    "P10636": (
        "TAU_HUMAN",
        "Microtubule-associated protein tau",
        "MAPT",
        9606,
        758,
        78928,
        "Promotes microtubule assembly and stability in neurons.",
        "Cytoplasm; Cytoskeleton; Axon",
        ("Microtubule", "Alzheimer disease"),
        True,
    ),
    "P05067": (
        "A4_HUMAN",
        "Amyloid-beta precursor protein",
        "APP",
        9606,
        770,
        86943,
        "Cell surface receptor; its cleavage yields the amyloid-beta peptides of Alzheimer plaques.",
        "Cell membrane",
        ("Alzheimer disease", "Transmembrane"),
        True,
    ),
    "P00720": (
        "ENLYS_BPT4",
        "Endolysin (T4 lysozyme)",
        "E",
        10665,
        164,
        18635,
        "Hydrolyses the bacterial cell wall to release progeny phage.",
        "Host cytoplasm",
        ("Hydrolase", "Bacteriolytic enzyme"),
        True,
    ),
    "P60709": (
        "ACTB_HUMAN",
        "Actin, cytoplasmic 1",
        "ACTB",
        9606,
        375,
        41737,
        "Actin filaments of the cytoskeleton; cell motility.",
        "Cytoplasm; Cytoskeleton",
        ("Cytoskeleton", "ATP-binding"),
        True,
    ),
    "P04406": (
        "G3P_HUMAN",
        "Glyceraldehyde-3-phosphate dehydrogenase",
        "GAPDH",
        9606,
        335,
        36053,
        "Glycolytic enzyme converting glyceraldehyde 3-phosphate to 1,3-bisphosphoglycerate.",
        "Cytoplasm; Nucleus",
        ("Glycolysis", "Oxidoreductase"),
        True,
    ),
    "P00330": (
        "ADH1_YEAST",
        "Alcohol dehydrogenase 1",
        "ADH1",
        559292,
        348,
        36849,
        "Reduces acetaldehyde to ethanol during fermentation.",
        "Cytoplasm",
        ("Oxidoreductase", "Zinc"),
        True,
    ),
    "P43291": (
        "SRK2_ARATH",
        "Serine/threonine-protein kinase SRK2",
        "SRK2",
        3702,
        362,
        41002,
        "Kinase of the abscisic acid signalling pathway (fictional annotation for tests).",
        "Cytoplasm",
        ("Kinase",),
        True,
    ),
}


class ProteinEntry(BaseModel):
    """A protein entry; fields not requested are null."""

    accession: str = Field(description="UniProt accession, e.g. 'P04637'")
    entry_name: str = Field(description="UniProt entry name, e.g. 'P53_HUMAN'")
    reviewed: bool = Field(description="True for reviewed (Swiss-Prot) entries")
    protein_name: str | None = Field(default=None, description="Recommended protein name")
    gene: str | None = Field(default=None, description="Primary gene name")
    organism: str | None = Field(default=None, description="Organism (scientific name)")
    organism_id: int | None = Field(default=None, description="NCBI taxonomy id")
    length: int | None = Field(default=None, description="Length in amino acids")
    mass: int | None = Field(default=None, description="Mass in daltons")
    function: str | None = Field(default=None, description="Function summary")
    subcellular_location: str | None = Field(default=None, description="Where in the cell")
    keywords: list[str] | None = Field(default=None, description="UniProt keywords")
    sequence: str | None = Field(default=None, description="Amino-acid sequence (one-letter)")


class ProteinHit(BaseModel):
    """One search hit."""

    accession: str = Field(description="UniProt accession")
    entry_name: str = Field(description="Entry name")
    protein_name: str = Field(description="Protein name")
    gene: str = Field(description="Gene name")
    organism: str = Field(description="Organism")
    organism_id: int = Field(description="NCBI taxonomy id")
    length: int = Field(description="Length in amino acids")
    reviewed: bool = Field(description="Reviewed (Swiss-Prot) or not (TrEMBL)")


class ProteinSearch(BaseModel):
    """Search results."""

    query: str = Field(description="The search terms")
    organism_id: int | None = Field(description="Organism filter (null: any)")
    reviewed_only: bool = Field(description="Only reviewed entries")
    total: int = Field(description="Entries matching")
    results: list[ProteinHit] = Field(description="Matching entries, at most max_results")


class SequenceRegion(BaseModel):
    """An entry's sequence or a region of it."""

    accession: str = Field(description="UniProt accession")
    length: int = Field(description="Full length of the protein")
    start: int = Field(description="First residue returned (1-based)")
    end: int = Field(description="Last residue returned (inclusive)")
    sequence: str = Field(description="Residues start..end, one-letter code")


def accession_of(text: str) -> str:
    """``text`` checked as a UniProt accession ('p04637' is accepted as 'P04637').

    Raises:
        ValueError: for an entry name, a gene name or anything else that is not an accession.
    """
    raw = (text or "").strip().upper()
    raw = re.sub(r"^(UNIPROT|UNIPROTKB|SP|TR)[:|/ ]+", "", raw).split("|")[0].split("-")[0].strip()
    if _ACCESSION.match(raw):
        return raw
    named = next((k for k, v in ENTRIES.items() if v[0] == raw), None)
    if named:
        raise ValueError(f"'{text}' is an entry name: send its accession '{named}'.")
    raise ValueError(
        f"'{text}' is not a UniProt accession (e.g. 'P04637'). To find a protein by name or gene use search_proteins."
    )


def _row(key: str) -> tuple[str, str, str, int, int, int, str, str, tuple[str, ...], bool]:
    if key in ENTRIES:
        return ENTRIES[key]
    seed = int(hashlib.sha256(key.encode()).hexdigest(), 16)
    length = 80 + seed % 900
    return (
        f"{key}_UNKNOWN",
        f"Uncharacterized protein {key}",
        f"ORF{seed % 9000 + 1000}",
        9606,
        length,
        length * 110,
        "Unknown (automatic annotation).",
        "Unknown",
        (),
        False,
    )


def _sequence(key: str, length: int) -> str:
    out = ["M"]
    counter = 0
    while len(out) < length:
        digest = hashlib.sha256(f"{key}:{counter}".encode()).digest()
        out.extend(AMINO_ACIDS[b % 20] for b in digest)
        counter += 1
    return "".join(out[:length])


def entry(accession: str, fields: list[str] | None = None) -> ProteinEntry:
    """The entry ``accession`` with ``fields`` (every field but the sequence when None).

    Raises:
        ValueError: for a bad accession or an unknown field.
    """
    key = accession_of(accession)
    wanted = [f.strip().lower() for f in fields] if fields else [f for f in FIELDS if f != "sequence"]
    bad = [f for f in wanted if f not in FIELDS]
    if bad:
        raise ValueError(f"Unknown field(s) {', '.join(bad)}. Fields: {', '.join(FIELDS)}.")
    name, protein, gene, taxon, length, mass, function, location, keywords, reviewed = _row(key)
    values = {
        "protein_name": protein,
        "gene": gene,
        "organism": ORGANISMS.get(taxon, str(taxon)),
        "length": length,
        "mass": mass,
        "function": function,
        "subcellular_location": location,
        "keywords": list(keywords),
        "sequence": _sequence(key, length),
    }
    extra = {"organism_id": taxon} if "organism" in wanted else {}
    return ProteinEntry(accession=key, entry_name=name, reviewed=reviewed, **{f: values[f] for f in wanted}, **extra)


def search(
    query: str, organism_id: int | None = None, reviewed_only: bool = True, max_results: int = 10
) -> ProteinSearch:
    """Entries whose name, gene, function or keywords contain every word of ``query``.

    Raises:
        ValueError: for an empty query, an organism name instead of a taxonomy id, or max_results out of range.
    """
    words = re.findall(r"[\w-]+", (query or "").lower())
    if not words:
        raise ValueError("Send search terms: a protein name, gene name or keyword, e.g. 'p53'.")
    if organism_id is not None and (isinstance(organism_id, bool) or not isinstance(organism_id, int)):
        raise ValueError(
            f"organism_id is an NCBI taxonomy id (a number): human is 9606, mouse 10090, not {organism_id!r}."
        )
    if isinstance(max_results, bool) or not isinstance(max_results, int) or not 1 <= max_results <= 100:
        raise ValueError("max_results must be a whole number from 1 to 100.")
    hits = []
    for key, (name, protein, gene, taxon, length, _, function, _, keywords, reviewed) in ENTRIES.items():
        text = " ".join([key, name, protein, gene, function, *keywords]).lower()
        if not all(w in text for w in words):
            continue
        if organism_id is not None and taxon != organism_id:
            continue
        if reviewed_only and not reviewed:
            continue
        hits.append(
            ProteinHit(
                accession=key,
                entry_name=name,
                protein_name=protein,
                gene=gene,
                organism=ORGANISMS.get(taxon, str(taxon)),
                organism_id=taxon,
                length=length,
                reviewed=reviewed,
            )
        )
    hits.sort(key=lambda h: (not h.reviewed, h.organism_id != 9606, h.accession))
    return ProteinSearch(
        query=query,
        organism_id=organism_id,
        reviewed_only=bool(reviewed_only),
        total=len(hits),
        results=hits[:max_results],
    )


def region(accession: str, start: int | None = None, end: int | None = None) -> SequenceRegion:
    """Residues ``start``..``end`` (1-based, inclusive; the whole sequence by default).

    Raises:
        ValueError: for a bad accession or a region outside the protein.
    """
    key = accession_of(accession)
    length = _row(key)[4]
    first = 1 if start is None else start
    last = length if end is None else end
    for label, value in (("start", first), ("end", last)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{label} must be a whole residue number, not {value!r}.")
    if not 1 <= first <= last <= length:
        raise ValueError(f"Region {first}-{last} is outside {key} (residues 1-{length}); start must not exceed end.")
    return SequenceRegion(
        accession=key, length=length, start=first, end=last, sequence=_sequence(key, length)[first - 1 : last]
    )


server = MCPServer("eval-proteins", instructions="Protein entries (UniProt-style). Test-only.")

_ACCESSION_FIELD = Field(description="UniProt accession, e.g. P04637", pattern=ACCESSION_PATTERN)


@server.tool(annotations=ToolAnnotations(title="Protein entry", readOnlyHint=True, openWorldHint=False))
def get_protein(
    accession: Annotated[str, _ACCESSION_FIELD],
    fields: Annotated[
        list[FieldName] | None, Field(description="Fields to return; all except the sequence if omitted")
    ] = None,
) -> ProteinEntry:
    """Get a UniProt protein entry by accession: name, gene, organism, length, mass, function, location."""
    try:
        return entry(accession, fields)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Search proteins", readOnlyHint=True, openWorldHint=False))
def search_proteins(
    query: Annotated[str, Field(description="Protein name, gene name or keyword, e.g. 'p53' or 'kinase'")],
    organism_id: Annotated[
        int | None, Field(description="NCBI taxonomy ID to restrict to, e.g. 9606 for human")
    ] = None,
    reviewed_only: Annotated[bool, Field(description="Only reviewed (Swiss-Prot) entries")] = True,
    max_results: Annotated[int, Field(description="Maximum number of hits", ge=1, le=100)] = 10,
) -> ProteinSearch:
    """Search UniProt for proteins by name, gene or keyword, optionally in one organism."""
    try:
        return search(query, organism_id, reviewed_only, max_results)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Protein sequence", readOnlyHint=True, openWorldHint=False))
def protein_sequence(
    accession: Annotated[str, _ACCESSION_FIELD],
    start: Annotated[int | None, Field(description="First residue (1-based)", ge=1)] = None,
    end: Annotated[int | None, Field(description="Last residue (inclusive)", ge=1)] = None,
) -> SequenceRegion:
    """Get the amino-acid sequence of a protein, or only the residues from start to end."""
    try:
        return region(accession, start, end)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
