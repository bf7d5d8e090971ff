"""Test-only genome-annotation server (dev set ``dev15_tools.jsonl``): the predicted consequences of a variant given
in HGVS notation, a variant by its identifier (rsID), and the genes, transcripts, variants or regulatory features
that overlap a genomic region.

Run with: ``python -m eval.servers.variants`` (stdio). A fixed slice of a genome database: about twenty human genes
(GRCh38 coordinates, rounded), a few mouse (GRCm39) and zebrafish (GRCz11) genes, thirteen well-known human
variants (rs699 in AGT, the APOE alleles rs429358 and rs7412, BRAF V600E, KRAS G12D, TP53 R175H, EGFR L858R,
CFTR F508del, HBB E7V, MTHFR C677T, rs1333049 at 9p21, ...) with their consequences, frequencies and clinical
significance; any other well-formed HGVS notation or rsID gets a stable made-up answer, and regulatory features are
derived from the region. Nothing is written. No network, no real clock. The tool shapes follow the Ensembl REST API
(``vep/:species/hgvs/:hgvs_notation``, ``variation/:species/:id``, ``overlap/region/:species/:region``) as MCP
servers for Ensembl publish it: snake_case names, species as an Ensembl name or alias (``homo_sapiens`` or
``human``), regions as ``chromosome:start-end``, VEP's field names (``most_severe_consequence``,
``transcript_consequences``, ``colocated_variants``).
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

Feature = Literal["gene", "transcript", "variation", "regulatory"]
MAX_REGION = 5_000_000
SPECIES = {
    "homo_sapiens": ("human", "GRCh38", ("human", "homo sapiens", "hsapiens", "homo_sapiens", "9606", "h. sapiens")),
    "mus_musculus": ("mouse", "GRCm39", ("mouse", "mus musculus", "mmusculus", "mus_musculus", "10090", "m. musculus")),
    "danio_rerio": ("zebrafish", "GRCz11", ("zebrafish", "danio rerio", "drerio", "danio_rerio", "7955", "d. rerio")),
    "rattus_norvegicus": (
        "rat",
        "mRatBN7.2",
        ("rat", "rattus norvegicus", "rnorvegicus", "rattus_norvegicus", "10116"),
    ),
    "drosophila_melanogaster": (
        "fly",
        "BDGP6.46",
        ("fly", "fruit fly", "drosophila", "drosophila_melanogaster", "7227"),
    ),
}
AA = {
    "A": "Ala", "R": "Arg", "N": "Asn", "D": "Asp", "C": "Cys", "Q": "Gln", "E": "Glu", "G": "Gly", "H": "His",
    "I": "Ile", "L": "Leu", "K": "Lys", "M": "Met", "F": "Phe", "P": "Pro", "S": "Ser", "T": "Thr", "W": "Trp",
    "Y": "Tyr", "V": "Val", "*": "Ter",
}  # fmt: skip
# species -> symbol -> (gene id, chromosome, start, end, strand, biotype, canonical transcript, protein, description)
GeneRow = tuple[str, str, int, int, int, str, str, str, str]
# fmt: off
GENES: dict[str, dict[str, GeneRow]] = {
    "homo_sapiens": {
        "AGT": ("ENSG00000135744", "1", 230702523, 230745583, -1, "protein_coding", "ENST00000366667", "ENSP00000355627", "angiotensinogen"),
        "MTHFR": ("ENSG00000177000", "1", 11785723, 11806455, -1, "protein_coding", "ENST00000376590", "ENSP00000365775", "methylenetetrahydrofolate reductase"),
        "DENND2A": ("ENSG00000146966", "7", 140515893, 140675051, -1, "protein_coding", "ENST00000275884", "ENSP00000275884", "DENN domain containing 2A"),
        "ADCK2": ("ENSG00000133597", "7", 140674006, 140696632, 1, "protein_coding", "ENST00000072869", "ENSP00000072869", "aarF domain containing kinase 2"),
        "NDUFB2": ("ENSG00000090266", "7", 140696688, 140714946, 1, "protein_coding", "ENST00000247866", "ENSP00000247866", "NADH:ubiquinone oxidoreductase subunit B2"),
        "BRAF": ("ENSG00000157764", "7", 140719327, 140924929, -1, "protein_coding", "ENST00000646891", "ENSP00000493543", "B-Raf proto-oncogene, serine/threonine kinase"),
        "EGFR": ("ENSG00000146648", "7", 55019017, 55211628, 1, "protein_coding", "ENST00000275493", "ENSP00000275493", "epidermal growth factor receptor"),
        "CFTR": ("ENSG00000001626", "7", 117287120, 117715971, 1, "protein_coding", "ENST00000003084", "ENSP00000003084", "CF transmembrane conductance regulator"),
        "CDKN2A": ("ENSG00000147889", "9", 21967752, 21995301, -1, "protein_coding", "ENST00000304494", "ENSP00000307101", "cyclin dependent kinase inhibitor 2A"),
        "CDKN2B": ("ENSG00000147883", "9", 22002903, 22009313, -1, "protein_coding", "ENST00000276925", "ENSP00000276925", "cyclin dependent kinase inhibitor 2B"),
        "CDKN2B-AS1": ("ENSG00000240498", "9", 21994778, 22128000, 1, "lncRNA", "ENST00000428597", "", "CDKN2B antisense RNA 1"),
        "HBB": ("ENSG00000244734", "11", 5225464, 5229395, -1, "protein_coding", "ENST00000335295", "ENSP00000333994", "hemoglobin subunit beta"),
        "KRAS": ("ENSG00000133703", "12", 25205246, 25250929, -1, "protein_coding", "ENST00000311936", "ENSP00000308495", "KRAS proto-oncogene, GTPase"),
        "TP53": ("ENSG00000141510", "17", 7661779, 7687546, -1, "protein_coding", "ENST00000269305", "ENSP00000269305", "tumor protein p53"),
        "BRCA1": ("ENSG00000012048", "17", 43044295, 43125483, -1, "protein_coding", "ENST00000357654", "ENSP00000350283", "BRCA1 DNA repair associated"),
        "TOMM40": ("ENSG00000130204", "19", 44890569, 44903689, 1, "protein_coding", "ENST00000252487", "ENSP00000252487", "translocase of outer mitochondrial membrane 40"),
        "APOE": ("ENSG00000130203", "19", 44905791, 44909393, 1, "protein_coding", "ENST00000252486", "ENSP00000252486", "apolipoprotein E"),
        "APOC1": ("ENSG00000130208", "19", 44911194, 44914699, 1, "protein_coding", "ENST00000588750", "ENSP00000468276", "apolipoprotein C1"),
        "LGR5": ("ENSG00000139292", "12", 71439797, 71586310, 1, "protein_coding", "ENST00000266674", "ENSP00000266674", "leucine rich repeat containing G protein-coupled receptor 5"),
    },
    "mus_musculus": {
        "Trp53": ("ENSMUSG00000059552", "11", 69471185, 69482699, 1, "protein_coding", "ENSMUST00000108658", "ENSMUSP00000104298", "transformation related protein 53"),
        "Braf": ("ENSMUSG00000002413", "6", 39580171, 39702397, -1, "protein_coding", "ENSMUST00000002487", "ENSMUSP00000002487", "Braf transforming gene"),
        "Apoe": ("ENSMUSG00000002985", "7", 19430017, 19433104, -1, "protein_coding", "ENSMUST00000174064", "ENSMUSP00000133287", "apolipoprotein E"),
        "Kras": ("ENSMUSG00000030265", "6", 145162424, 145199574, -1, "protein_coding", "ENSMUST00000111710", "ENSMUSP00000107339", "Kirsten rat sarcoma viral oncogene homolog"),
        "Lgr5": ("ENSMUSG00000020140", "10", 115123456, 115251234, -1, "protein_coding", "ENSMUST00000020350", "ENSMUSP00000020350", "leucine rich repeat containing G protein coupled receptor 5"),
    },
    "danio_rerio": {
        "tp53": ("ENSDARG00000035559", "5", 24086227, 24098303, -1, "protein_coding", "ENSDART00000051549", "ENSDARP00000051548", "tumor protein p53"),
        "shha": ("ENSDARG00000068567", "7", 27782208, 27794445, -1, "protein_coding", "ENSDART00000149494", "ENSDARP00000122512", "sonic hedgehog signaling molecule a"),
        "braf": ("ENSDARG00000017661", "4", 11021350, 11062944, 1, "protein_coding", "ENSDART00000017709", "ENSDARP00000019016", "v-raf murine sarcoma viral oncogene homolog B"),
    },
}
# fmt: on


class Variant(BaseModel):
    """A known variant (human, GRCh38)."""

    rsid: str
    chrom: str
    start: int
    end: int
    allele_string: str
    ancestral: str
    minor_allele: str | None
    maf: float | None
    gene: str
    consequence: str
    impact: str
    hgvsc: str  # e.g. c.803T>C
    hgvsp: str  # e.g. p.Met268Thr
    clinical_significance: list[str]
    synonyms: list[str]
    sift: str | None = None
    polyphen: str | None = None


def _v(rsid: str, chrom: str, pos: int, alleles: str, minor: str | None, maf: float | None, gene: str, cons: str,
       impact: str, hgvsc: str, hgvsp: str, clin: list[str], syn: list[str], sift: str | None = None,
       polyphen: str | None = None, end: int | None = None) -> Variant:  # fmt: skip
    return Variant(
        rsid=rsid, chrom=chrom, start=pos, end=end or pos, allele_string=alleles, ancestral=alleles.split("/")[0],
        minor_allele=minor, maf=maf, gene=gene, consequence=cons, impact=impact, hgvsc=hgvsc, hgvsp=hgvsp,
        clinical_significance=clin, synonyms=syn, sift=sift, polyphen=polyphen,
    )  # fmt: skip


# fmt: off
VARIANTS: dict[str, Variant] = {
    v.rsid: v
    for v in (
        _v("rs699", "1", 230710048, "A/G", "A", 0.2949, "AGT", "missense_variant", "MODERATE", "c.803T>C",
           "p.Met268Thr", ["risk factor", "benign"], ["M235T", "M268T"], "tolerated(1)", "benign(0)"),
        _v("rs1801133", "1", 11796321, "G/A", "A", 0.2452, "MTHFR", "missense_variant", "MODERATE", "c.665C>T",
           "p.Ala222Val", ["drug response", "risk factor"], ["C677T", "A222V"], "deleterious(0.03)",
           "probably_damaging(0.96)"),
        _v("rs113488022", "7", 140753336, "A/C/G/T", None, None, "BRAF", "missense_variant", "MODERATE",
           "c.1799T>A", "p.Val600Glu", ["pathogenic", "likely pathogenic", "drug response"], ["V600E"],
           "deleterious(0)", "probably_damaging(0.93)"),
        _v("rs121434568", "7", 55191822, "T/G", None, None, "EGFR", "missense_variant", "MODERATE", "c.2573T>G",
           "p.Leu858Arg", ["pathogenic", "drug response"], ["L858R"], "deleterious(0)", "probably_damaging(1)"),
        _v("rs113993960", "7", 117559591, "CTT/-", "-", 0.0036, "CFTR", "inframe_deletion", "MODERATE",
           "c.1521_1523del", "p.Phe508del", ["pathogenic"], ["F508del", "deltaF508"], end=117559593),
        _v("rs1333049", "9", 22125504, "G/C", "G", 0.4748, "CDKN2B-AS1", "non_coding_transcript_exon_variant",
           "MODIFIER", "n.3725G>C", "", ["risk factor"], []),
        _v("rs334", "11", 5227002, "T/A", "A", 0.0124, "HBB", "missense_variant", "MODERATE", "c.20A>T",
           "p.Glu7Val", ["pathogenic"], ["HbS", "E6V", "E7V"], "deleterious(0.01)", "possibly_damaging(0.65)"),
        _v("rs121913529", "12", 25245350, "C/A/G/T", None, None, "KRAS", "missense_variant", "MODERATE",
           "c.35G>A", "p.Gly12Asp", ["pathogenic", "drug response"], ["G12D"], "deleterious(0)",
           "probably_damaging(0.97)"),
        _v("rs28934578", "17", 7675088, "C/A/G/T", None, None, "TP53", "missense_variant", "MODERATE", "c.524G>A",
           "p.Arg175His", ["pathogenic"], ["R175H"], "deleterious(0)", "probably_damaging(0.99)"),
        _v("rs80357906", "17", 43057062, "A/AG", None, None, "BRCA1", "frameshift_variant", "HIGH",
           "c.5266dup", "p.Gln1756ProfsTer74", ["pathogenic"], ["5382insC"]),
        _v("rs429358", "19", 44908684, "T/C", "C", 0.1506, "APOE", "missense_variant", "MODERATE", "c.388T>C",
           "p.Cys130Arg", ["risk factor", "protective"], ["APOE e4", "C112R"], "tolerated(0.23)", "benign(0.1)"),
        _v("rs7412", "19", 44908822, "C/T", "T", 0.0751, "APOE", "missense_variant", "MODERATE", "c.526C>T",
           "p.Arg176Cys", ["risk factor", "protective"], ["APOE e2", "R158C"], "deleterious(0)",
           "probably_damaging(0.98)"),
        _v("rs2070673", "19", 44902018, "T/A", "T", 0.4102, "TOMM40", "intron_variant", "MODIFIER", "c.1104+24A>T",
           "", [], []),
    )
}
# fmt: on
_HGVS_G = re.compile(r"^(?:chr)?([0-9XYMT]{1,2}):g\.(\d+)(?:_(\d+))?([ACGT]*)(>|del|dup|ins)([ACGT]*)$", re.I)
_HGVS_C = re.compile(r"^([\w.-]+?)(?:\.\d+)?:([cn])\.([\d_+*-]+)([ACGT]*)(>|del|dup|ins)([ACGT]*)$", re.I)
_HGVS_P = re.compile(r"^([\w.-]+?)(?:\.\d+)?:p\.\(?([A-Z][a-z]{2}|[A-Z])(\d+)([A-Z][a-z]{2}|[A-Z*]|del|fs\S*)\)?$")
_REGION = re.compile(r"^(?:chr)?([0-9]{1,2}|[XYM]T?|MT):(\d+)(?:-|\.\.)(\d+)(?::(-?1))?$", re.I)


class TranscriptConsequence(BaseModel):
    """The effect on one transcript."""

    gene_symbol: str = Field(description="Gene symbol")
    gene_id: str = Field(description="Ensembl gene id")
    transcript_id: str = Field(description="Ensembl transcript id")
    consequence_terms: list[str] = Field(description="Sequence Ontology consequence terms")
    impact: str = Field(description="HIGH, MODERATE, LOW or MODIFIER")
    hgvsc: str | None = Field(default=None, description="Coding HGVS")
    hgvsp: str | None = Field(default=None, description="Protein HGVS")
    sift_prediction: str | None = Field(default=None, description="SIFT prediction (score)")
    polyphen_prediction: str | None = Field(default=None, description="PolyPhen-2 prediction (score)")
    canonical: bool = Field(description="Whether this is the canonical transcript")


class ColocatedVariant(BaseModel):
    """A known variant at the same position."""

    id: str = Field(description="Variant id (rsID)")
    minor_allele: str | None = Field(default=None, description="Minor allele")
    minor_allele_freq: float | None = Field(default=None, description="Global minor allele frequency")
    clin_sig: list[str] = Field(default_factory=list, description="ClinVar clinical significance")


class VepResult(BaseModel):
    """VEP's answer for one input."""

    input: str = Field(description="The notation as given")
    species: str = Field(description="Ensembl species name")
    assembly_name: str = Field(description="Genome assembly")
    seq_region_name: str = Field(description="Chromosome")
    start: int = Field(description="Start (1-based)")
    end: int = Field(description="End")
    allele_string: str = Field(description="Reference/alternative")
    most_severe_consequence: str = Field(description="Most severe Sequence Ontology term")
    transcript_consequences: list[TranscriptConsequence] = Field(description="Per transcript")
    colocated_variants: list[ColocatedVariant] = Field(description="Known variants at this position")


class Mapping(BaseModel):
    """Where a variant maps."""

    location: str = Field(description="chromosome:start-end")
    assembly_name: str = Field(description="Assembly")
    seq_region_name: str = Field(description="Chromosome")
    start: int = Field(description="Start")
    end: int = Field(description="End")
    strand: int = Field(description="Strand")
    allele_string: str = Field(description="Alleles, reference first")


class Variation(BaseModel):
    """A variant record."""

    name: str = Field(description="Variant id")
    species: str = Field(description="Ensembl species name")
    source: str = Field(description="Source database")
    var_class: str = Field(description="SNP, deletion, insertion, …")
    mappings: list[Mapping] = Field(description="Genomic mappings")
    ancestral_allele: str | None = Field(description="Ancestral allele")
    minor_allele: str | None = Field(description="Minor allele")
    MAF: float | None = Field(description="Global minor allele frequency")
    most_severe_consequence: str = Field(description="Most severe consequence")
    gene: str | None = Field(description="Gene it falls in")
    clinical_significance: list[str] = Field(description="ClinVar clinical significance")
    synonyms: list[str] = Field(description="Other names")


class OverlapFeature(BaseModel):
    """One feature in the region."""

    feature_type: Feature = Field(description="gene, transcript, variation or regulatory")
    id: str = Field(description="Stable id")
    external_name: str | None = Field(default=None, description="Symbol or name")
    biotype: str | None = Field(default=None, description="Biotype (genes, transcripts)")
    description: str | None = Field(default=None, description="Description")
    seq_region_name: str = Field(description="Chromosome")
    start: int = Field(description="Start")
    end: int = Field(description="End")
    strand: int = Field(description="Strand (0 for variants)")
    parent: str | None = Field(default=None, description="Parent gene (transcripts)")
    consequence_type: str | None = Field(default=None, description="Consequence (variants)")
    clinical_significance: list[str] | None = Field(default=None, description="Clinical significance (variants)")


class Overlap(BaseModel):
    """Features overlapping a region."""

    species: str = Field(description="Ensembl species name")
    assembly_name: str = Field(description="Assembly")
    region: str = Field(description="chromosome:start-end as searched")
    feature: Feature = Field(description="Feature type searched")
    count: int = Field(description="How many features")
    features: list[OverlapFeature] = Field(description="The features, by start")


def species_name(text: str | None) -> str:
    """The Ensembl species name of ``text`` (a name, an alias or a taxon id).

    Raises:
        ValueError: for an unknown species, with the names accepted.
    """
    key = " ".join((text or "human").strip().lower().replace("-", " ").split())
    for name, (_, _, aliases) in SPECIES.items():
        if key in aliases or key.replace(" ", "_") == name:
            return name
    known = ", ".join(f"{name} ({alias})" for name, (alias, _, _) in SPECIES.items())
    raise ValueError(f"Can not find internal name for species '{text}'. Use an Ensembl name or alias: {known}.")


def _seed(text: str) -> int:
    return int(hashlib.sha256(text.encode()).hexdigest(), 16)


def _gene_at(species: str, chrom: str, pos: int) -> tuple[str, GeneRow] | None:
    for symbol, row in GENES.get(species, {}).items():
        if row[1] == chrom and row[2] <= pos <= row[3]:
            return symbol, row
    return None


def _gene_named(species: str, name: str) -> tuple[str, GeneRow] | None:
    key = name.upper().split(".")[0]
    for symbol, row in GENES.get(species, {}).items():
        if key in (symbol.upper(), row[0], row[6], row[7]):
            return symbol, row
    return None


def _aa3(code: str) -> str:
    return AA.get(code, code) if len(code) == 1 else code.capitalize()


def _result(text: str, species: str, variant: Variant | None, gene: tuple[str, GeneRow] | None, alleles: str,
            chrom: str, start: int, end: int, hgvsc: str | None, hgvsp: str | None) -> VepResult:  # fmt: skip
    if variant is not None:
        cons, impact = variant.consequence, variant.impact
    elif gene is None:
        cons, impact = "intergenic_variant", "MODIFIER"
    else:
        terms = ("intron_variant", "missense_variant", "synonymous_variant", "3_prime_UTR_variant")
        cons = terms[_seed(text) % 4] if not hgvsp else "missense_variant"
        impact = {"intron_variant": "MODIFIER", "missense_variant": "MODERATE", "synonymous_variant": "LOW"}.get(
            cons, "MODIFIER"
        )
    transcripts = []
    if gene is not None:
        symbol, row = gene
        transcripts.append(
            TranscriptConsequence(
                gene_symbol=symbol,
                gene_id=row[0],
                transcript_id=row[6],
                consequence_terms=[cons],
                impact=impact,
                hgvsc=f"{row[6]}:{variant.hgvsc}" if variant else hgvsc,
                hgvsp=f"{row[7]}:{variant.hgvsp}" if variant and variant.hgvsp else hgvsp,
                sift_prediction=variant.sift if variant else None,
                polyphen_prediction=variant.polyphen if variant else None,
                canonical=True,
            )
        )
    colocated = (
        [ColocatedVariant(id=variant.rsid, minor_allele=variant.minor_allele, minor_allele_freq=variant.maf,
                          clin_sig=variant.clinical_significance)]
        if variant
        else []
    )  # fmt: skip
    return VepResult(
        input=text,
        species=species,
        assembly_name=SPECIES[species][1],
        seq_region_name=chrom,
        start=start,
        end=end,
        allele_string=alleles,
        most_severe_consequence=cons,
        transcript_consequences=transcripts,
        colocated_variants=colocated,
    )


def vep(hgvs_notation: str, species: str = "human") -> VepResult:
    """Consequences of one variant in HGVS notation (genomic, coding or protein; by chromosome, gene, transcript or
    protein).

    Raises:
        ValueError: for an unknown species, notation that is not HGVS (with the forms accepted), or a gene or
            transcript that is not in the database.
    """
    sp = species_name(species)
    text = "".join((hgvs_notation or "").split())
    forms = (
        "Send HGVS such as '9:g.22125504G>C' (genomic), 'ENST00000366667:c.803T>C' or 'AGT:c.803T>C' (coding), "
        "'BRAF:p.Val600Glu' (protein)"
    )
    if re.fullmatch(r"rs\d+", text, re.I):
        raise ValueError(f"'{text}' is a variant id, not HGVS; variant_by_id looks it up. {forms}.")
    if match := _HGVS_G.match(text):
        chrom, pos = match.group(1).upper(), int(match.group(2))
        end = int(match.group(3) or pos)
        variant = next((v for v in VARIANTS.values() if v.chrom == chrom and v.start <= pos <= v.end), None)
        variant = variant if sp == "homo_sapiens" else None
        ref, alt = match.group(4).upper(), match.group(6).upper()
        alleles = f"{ref or '-'}/{alt or '-'}" if match.group(5) == ">" else f"{ref or 'N'}/-"
        return _result(text, sp, variant, _gene_at(sp, chrom, pos), alleles, chrom, pos, end, None, None)
    if match := _HGVS_C.match(text):
        gene = _gene_named(sp, match.group(1))
        if gene is None:
            raise ValueError(f"No transcript or gene '{match.group(1)}' in {sp}. {forms}.")
        position = match.group(3)
        variant = next(
            (
                v
                for v in VARIANTS.values()
                if sp == "homo_sapiens" and v.gene == gene[0] and re.match(rf"[cn]\.{re.escape(position)}\D", v.hgvsc)
            ),
            None,
        )
        row = gene[1]
        offset = _seed(text) % max(1, row[3] - row[2])
        pos = variant.start if variant else row[2] + offset
        ref, alt = match.group(4).upper(), match.group(6).upper()
        alleles = variant.allele_string if variant else f"{ref or 'N'}/{alt or '-'}"
        return _result(text, sp, variant, gene, alleles, row[1], pos, variant.end if variant else pos,
                       f"{row[6]}:{match.group(2)}.{position}{ref}{match.group(5)}{alt}", None)  # fmt: skip
    if match := _HGVS_P.match(text):
        gene = _gene_named(sp, match.group(1))
        if gene is None or not gene[1][7]:
            raise ValueError(f"No protein or gene '{match.group(1)}' in {sp}. {forms}.")
        ref, number, alt = _aa3(match.group(2)), match.group(3), match.group(4)
        alt = alt if alt.startswith(("del", "fs")) else _aa3(alt)
        variant = next(
            (v for v in VARIANTS.values() if sp == "homo_sapiens" and v.gene == gene[0]
             and v.hgvsp.startswith(f"p.{ref}{number}")),
            None,
        )  # fmt: skip
        row = gene[1]
        pos = variant.start if variant else row[2] + _seed(text) % max(1, row[3] - row[2])
        alleles = variant.allele_string if variant else "N/N"
        return _result(text, sp, variant, gene, alleles, row[1], pos, variant.end if variant else pos, None,
                       f"{row[7]}:p.{ref}{number}{alt}")  # fmt: skip
    if re.search(r"\b[A-Z][a-z]{0,2}\d+[A-Z][a-z]{0,2}\b", hgvs_notation or "") and ":" not in text:
        raise ValueError(f"'{hgvs_notation}' is not HGVS: write the gene and a p. before the change. {forms}.")
    raise ValueError(f"Unable to parse HGVS notation '{hgvs_notation}'. {forms}.")


def variation(variant_id: str, species: str = "human") -> Variation:
    """A variant by its rsID; ids not in the table get a stable made-up record.

    Raises:
        ValueError: for an unknown species or an id that is not an rsID (with the form to send).
    """
    sp = species_name(species)
    key = (variant_id or "").strip().replace(" ", "")
    if re.fullmatch(r"\d+", key):
        raise ValueError(f"'{variant_id}' is not a variant id; dbSNP ids start with rs: send 'rs{key}'.")
    if ":" in key and re.search(r"[cgp]\.", key):
        raise ValueError(f"'{variant_id}' is HGVS notation, not a variant id; vep_hgvs annotates it.")
    if not re.fullmatch(r"rs\d+", key, re.I):
        raise ValueError(f"'{variant_id}' is not a variant id. Send a dbSNP rsID such as 'rs699'.")
    key = key.lower()
    assembly = SPECIES[sp][1]
    known = VARIANTS.get(key) if sp == "homo_sapiens" else None
    if known:
        return Variation(
            name=known.rsid,
            species=sp,
            source="Variants (including SNPs and indels) imported from dbSNP",
            var_class="SNP" if "-" not in known.allele_string and "AG" not in known.allele_string else "indel",
            mappings=[
                Mapping(
                    location=f"{known.chrom}:{known.start}-{known.end}",
                    assembly_name=assembly,
                    seq_region_name=known.chrom,
                    start=known.start,
                    end=known.end,
                    strand=1,
                    allele_string=known.allele_string,
                )
            ],
            ancestral_allele=known.ancestral,
            minor_allele=known.minor_allele,
            MAF=known.maf,
            most_severe_consequence=known.consequence,
            gene=known.gene,
            clinical_significance=known.clinical_significance,
            synonyms=known.synonyms,
        )
    seed = _seed(f"{sp}:{key}")
    genes = list(GENES.get(sp, {}).items())
    chrom = str(1 + seed % 19)
    pos = 1_000_000 + seed % 90_000_000
    gene = None
    if genes and seed % 3 == 0:
        symbol, row = genes[seed % len(genes)]
        chrom, pos, gene = row[1], row[2] + seed % max(1, row[3] - row[2]), symbol
    bases = "ACGT"
    ref, alt = bases[seed % 4], bases[(seed // 4 + 1 + seed % 4) % 4]
    alt = alt if alt != ref else bases[(seed % 4 + 2) % 4]
    return Variation(
        name=key,
        species=sp,
        source="Variants (including SNPs and indels) imported from dbSNP",
        var_class="SNP",
        mappings=[Mapping(location=f"{chrom}:{pos}-{pos}", assembly_name=assembly, seq_region_name=chrom, start=pos,
                          end=pos, strand=1, allele_string=f"{ref}/{alt}")],
        ancestral_allele=ref,
        minor_allele=alt,
        MAF=round((seed % 4900) / 10000 + 0.001, 4),
        most_severe_consequence="intron_variant" if gene else "intergenic_variant",
        gene=gene,
        clinical_significance=[],
        synonyms=[],
    )  # fmt: skip


def parse_region(region: str) -> tuple[str, int, int]:
    """``chromosome:start-end`` (a ``chr`` prefix and ``..`` accepted).

    Raises:
        ValueError: for thousands separators, a gene name, a reversed or too large region, with what to send.
    """
    text = "".join((region or "").split())
    if "," in text:
        clean = text.replace(",", "")
        raise ValueError(
            f"Region '{region}' has thousands separators; send it without them: '{clean.removeprefix('chr')}'."
        )
    match = _REGION.match(text)
    if not match:
        raise ValueError(
            f"Region '{region}' is not chromosome:start-end, e.g. '7:140424943-140624564' (a gene name is not a "
            "region)."
        )
    chrom, start, end = match.group(1).upper(), int(match.group(2)), int(match.group(3))
    if start > end:
        raise ValueError(f"Region start {start} is after its end {end}.")
    if end - start + 1 > MAX_REGION:
        raise ValueError(
            f"{chrom}:{start}-{end} is {end - start + 1} bp; the maximum region is {MAX_REGION} bp (5 Mb)."
        )
    return chrom, start, end


def overlap(species: str, region: str, feature: str) -> Overlap:
    """Features of one type overlapping a region.

    Raises:
        ValueError: for an unknown species or feature type, or a malformed region.
    """
    sp = species_name(species)
    if feature not in ("gene", "transcript", "variation", "regulatory"):
        raise ValueError(f"feature must be gene, transcript, variation or regulatory, not '{feature}'.")
    chrom, start, end = parse_region(region)
    found: list[OverlapFeature] = []
    if feature in ("gene", "transcript"):
        for symbol, row in GENES.get(sp, {}).items():
            if row[1] != chrom or row[3] < start or row[2] > end:
                continue
            if feature == "gene":
                found.append(OverlapFeature(feature_type="gene", id=row[0], external_name=symbol, biotype=row[5],
                                            description=row[8], seq_region_name=chrom, start=row[2], end=row[3],
                                            strand=row[4]))  # fmt: skip
            else:
                found.append(OverlapFeature(feature_type="transcript", id=row[6], external_name=f"{symbol}-201",
                                            biotype=row[5], seq_region_name=chrom, start=row[2], end=row[3],
                                            strand=row[4], parent=row[0]))  # fmt: skip
    elif feature == "variation":
        if sp == "homo_sapiens":
            for v in VARIANTS.values():
                if v.chrom == chrom and start <= v.start <= end:
                    found.append(OverlapFeature(feature_type="variation", id=v.rsid, seq_region_name=chrom,
                                                start=v.start, end=v.end, strand=0, consequence_type=v.consequence,
                                                clinical_significance=v.clinical_significance))  # fmt: skip
    else:
        kinds = ("Promoter", "Enhancer", "CTCF binding site", "Open chromatin", "Promoter flanking region")
        step = max(2_000, (end - start) // 8)
        for i, at in enumerate(range(start + step // 2, end, step)):
            seed = _seed(f"{sp}:{chrom}:{at}")
            length = 400 + seed % 2600
            found.append(OverlapFeature(feature_type="regulatory", id=f"ENSR{chrom.zfill(2)}{(seed % 10**7):07d}",
                                        description=kinds[(seed >> 8) % 5], seq_region_name=chrom, start=at,
                                        end=at + length, strand=0))  # fmt: skip
            if i >= 24:
                break
    found.sort(key=lambda f: (f.start, f.id))
    return Overlap(
        species=sp,
        assembly_name=SPECIES[sp][1],
        region=f"{chrom}:{start}-{end}",
        feature=feature,  # type: ignore[arg-type]
        count=len(found),
        features=found,
    )


server = MCPServer("eval-variants", instructions="Ensembl REST: variant effects, variants and regional features.")
_SPECIES = Field(description="Species name/alias, e.g. homo_sapiens or human, mus_musculus, danio_rerio")


@server.tool(annotations=ToolAnnotations(title="VEP (HGVS)", readOnlyHint=True, openWorldHint=True))
def vep_hgvs(
    hgvs_notation: Annotated[
        str,
        Field(
            description="HGVS notation. May be genomic (g), coding (c) or protein (p), with reference to chromosome "
            "name, gene name, transcript ID or protein ID, e.g. ENST00000366667:c.803C>T, 9:g.22125504G>C"
        ),
    ],
    species: Annotated[str, _SPECIES] = "human",
) -> VepResult:
    """Fetch variant consequences based on a HGVS notation (Ensembl Variant Effect Predictor): the most severe
    consequence, the effect on each transcript with SIFT and PolyPhen predictions, and known variants at the
    same position with their frequencies and clinical significance."""
    try:
        return vep(hgvs_notation, species)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Variant by ID", readOnlyHint=True, openWorldHint=True))
def variant_by_id(
    variant_id: Annotated[str, Field(description="Variant identifier, e.g. rs699")],
    species: Annotated[str, _SPECIES] = "human",
) -> Variation:
    """Uses a variant identifier (e.g. rsID) to return the variation features: genomic mappings, alleles, minor
    allele frequency, most severe consequence and clinical significance."""
    try:
        return variation(variant_id, species)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Overlap region", readOnlyHint=True, openWorldHint=True))
def overlap_region(
    species: Annotated[str, _SPECIES],
    region: Annotated[
        str, Field(description="Query region, chromosome:start-end, e.g. 7:140424943-140624564 (max 5 Mb)")
    ],
    feature: Annotated[Feature, Field(description="The type of feature to retrieve")],
) -> Overlap:
    """Retrieves features (e.g. genes, transcripts, variants and more) that overlap a region."""
    try:
        return overlap(species, region, feature)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
