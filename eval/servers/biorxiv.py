"""Test-only bioRxiv/medRxiv server (dev set ``dev16_tools.jsonl``): search preprints by words, server, category and
posting date, get one preprint (every version, and the journal DOI once published) and list the categories.

Run with: ``python -m eval.servers.biorxiv`` (stdio). A fixed catalogue of 30 preprints (24 on bioRxiv, 6 on
medRxiv) posted between 2025-06 and 2026-11, on organoids, CRISPR screens, imaging, single-cell methods,
neuroscience, ecology and clinical epidemiology. "Today" is the evaluation's date, 2026-11-22. No network, no real
clock. The tool shapes follow popular bioRxiv MCP servers (built on the api.biorxiv.org details endpoint): snake_case
tools and parameters, ``server`` ``biorxiv`` or ``medrxiv``, categories as bioRxiv names them ("cell biology",
``cell_biology`` accepted), ``date_from``/``date_to`` YYYY-MM-DD, bare DOIs ``10.1101/YYYY.MM.DD.NNNNNN`` (a
biorxiv.org or doi.org link is refused with the DOI to send), the API's record fields (``doi``, ``title``,
``authors`` as "Surname, I.; …", ``author_corresponding``, ``date``, ``version``, ``category``, ``published``
"NA" or the journal DOI).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main
from eval.servers import iso_date

TODAY = date(2026, 11, 22)
Server = Literal["biorxiv", "medrxiv"]
_DOI = re.compile(r"10\.1101/(?:\d{4}\.\d{2}\.\d{2}\.)?\d{6,8}", re.IGNORECASE)
BIORXIV_CATEGORIES = (
    "animal behavior and cognition", "biochemistry", "bioengineering", "bioinformatics", "biophysics",
    "cancer biology", "cell biology", "developmental biology", "ecology", "epidemiology", "evolutionary biology",
    "genetics", "genomics", "immunology", "microbiology", "molecular biology", "neuroscience", "paleontology",
    "pathology", "pharmacology and toxicology", "physiology", "plant biology", "scientific communication and education",
    "synthetic biology", "systems biology", "zoology",
)  # fmt: skip
MEDRXIV_CATEGORIES = (
    "cardiovascular medicine", "endocrinology", "epidemiology", "gastroenterology", "genetic and genomic medicine",
    "infectious diseases", "neurology", "oncology", "public and global health", "respiratory medicine",
)  # fmt: skip


class Version(BaseModel):
    """One posted version."""

    version: int = Field(description="Version number")
    date: str = Field(description="Posting date, YYYY-MM-DD")


class Preprint(BaseModel):
    """One preprint (its latest version, or the one asked for)."""

    doi: str = Field(description="DOI, 10.1101/…")
    title: str = Field(description="Title")
    authors: str = Field(description="Authors, 'Surname, I.; …'")
    author_corresponding: str = Field(description="Corresponding author")
    author_corresponding_institution: str = Field(description="Institution of the corresponding author")
    date: str = Field(description="Posting date of this version")
    version: int = Field(description="Version number")
    type: str = Field(description="Article type, e.g. new results")
    license: str = Field(description="Licence, e.g. cc_by")
    category: str = Field(description="Subject category")
    abstract: str = Field(description="Abstract")
    published: str = Field(description="Journal DOI once published, otherwise NA")
    server: Server = Field(description="biorxiv or medrxiv")
    url: str = Field(description="Landing page")
    versions: list[Version] = Field(description="Every posted version")


class Hit(BaseModel):
    """A search result."""

    doi: str = Field(description="DOI")
    title: str = Field(description="Title")
    authors: str = Field(description="Authors")
    date: str = Field(description="Posting date of the latest version")
    version: int = Field(description="Latest version")
    category: str = Field(description="Category")
    server: Server = Field(description="Server")
    published: str = Field(description="Journal DOI or NA")


class SearchResult(BaseModel):
    """Preprints matching a search, newest first."""

    query: str | None = Field(description="The words searched for")
    server: Server = Field(description="Server searched")
    category: str | None = Field(description="Category filter, as resolved")
    date_from: str | None = Field(description="Earliest posting date")
    date_to: str | None = Field(description="Latest posting date")
    total: int = Field(description="How many preprints matched")
    collection: list[Hit] = Field(description="The matches, newest first (at most limit)")


class Categories(BaseModel):
    """The subject categories of a server."""

    server: Server = Field(description="Server")
    categories: list[str] = Field(description="Category names")


def _p(doi, title, authors, corr, inst, cat, dates, abstract, published="NA", server="biorxiv", lic="cc_by"):
    return {
        "doi": doi, "title": title, "authors": authors, "author_corresponding": corr,
        "author_corresponding_institution": inst, "category": cat, "dates": dates, "abstract": abstract,
        "published": published, "server": server, "license": lic,
    }  # fmt: skip


CATALOGUE = (
    _p(
        "10.1101/2026.11.18.589201",
        "Matrix stiffness gates crypt fission in human colon organoids",
        "Jensen, M.; Reyes, T.; Nair, P.; Okafor, C.",
        "Chidi Okafor",
        "University of Example",
        "cell biology",
        ["2026-11-18"],
        "Using PEG hydrogels of tunable stiffness we show that crypt fission in human colon organoids "
        "requires a permissive matrix. Live imaging of 40 organoids reveals YAP1-dependent buckling.",
    ),
    _p(
        "10.1101/2026.10.02.580114",
        "A genome-wide CRISPR knockout screen for regulators of organoid budding",
        "Reyes, T.; Jensen, M.; Okafor, C.",
        "Chidi Okafor",
        "University of Example",
        "genomics",
        ["2026-10-02", "2026-11-10"],
        "A pooled CRISPR knockout screen in Cas9-expressing colon organoids identifies "
        "PIEZO1 and ROCK1 as regulators of budding.",
    ),
    _p(
        "10.1101/2026.09.14.576220",
        "Cellpose-organoid: a generalist model for segmenting 3D organoids",
        "Lindqvist, A.; Stringer, C.; Pachitariu, M.",
        "Marius Pachitariu",
        "HHMI Janelia",
        "bioinformatics",
        ["2026-09-14"],
        "We train a Cellpose model on 12,000 annotated organoid images from brightfield and confocal "
        "stacks and segment organoids in 3D.",
    ),
    _p(
        "10.1101/2026.08.21.571903",
        "Single-cell atlas of patient-derived colorectal cancer organoids",
        "Moreau, C.; Huang, L.; Bauer, S.; Kowalczyk, P.",
        "Sabine Bauer",
        "DKFZ Heidelberg",
        "cancer biology",
        ["2026-08-21", "2026-09-30"],
        "scRNA-seq of 48 patient-derived organoid lines reveals stem-like and "
        "fetal-like states that predict drug response.",
        "10.1016/j.ccell.2026.10.004",
    ),
    _p(
        "10.1101/2026.07.30.568812",
        "Piezo1 senses crowding in the intestinal epithelium",
        "Santos, R.; Ito, K.; Gjorevski, N.",
        "Nikolce Gjorevski",
        "Roche IHB",
        "cell biology",
        ["2026-07-30"],
        "Piezo1 knockout organoids fail to extrude cells under crowding; we map the mechanosensitive response.",
    ),
    _p(
        "10.1101/2026.06.11.562340",
        "Perturb-seq in intestinal organoids maps regulators of differentiation",
        "Chen, Y.; Replogle, J. M.; Weissman, J. S.",
        "Jonathan Weissman",
        "Whitehead Institute",
        "genomics",
        ["2026-06-11"],
        "Single-cell CRISPR screens (Perturb-seq) of 800 transcription factors in mouse organoids.",
    ),
    _p(
        "10.1101/2026.05.05.558812",
        "Light-sheet imaging of organoid symmetry breaking over 5 days",
        "de Medeiros, G.; Liberali, P.",
        "Prisca Liberali",
        "FMI Basel",
        "developmental biology",
        ["2026-05-05", "2026-06-20", "2026-08-01"],
        "Long-term light-sheet imaging of intestinal organoids from single "
        "cells with a dual-illumination inverted light-sheet microscope.",
        "10.1038/s41586-026-07711-2",
    ),
    _p(
        "10.1101/2026.03.15.585123",
        "MAGeCK-Flute 2: integrative analysis of pooled CRISPR screens",
        "Wang, B.; Li, W.; Liu, X. S.",
        "X. Shirley Liu",
        "Dana-Farber",
        "bioinformatics",
        ["2026-03-15"],
        "An updated pipeline for CRISPR screen quality control, hit calling and pathway enrichment.",
    ),
    _p(
        "10.1101/2026.02.20.580001",
        "Base editing screens of APC variants in colon organoids",
        "Kowalski, M.; Drost, J.; Clevers, H.",
        "Hans Clevers",
        "Hubrecht Institute",
        "cancer biology",
        ["2026-02-20"],
        "A base editor tiling screen of APC in organoids classifies 412 variants.",
    ),
    _p(
        "10.1101/2025.12.01.574411",
        "YAP1 activity oscillates during crypt regeneration",
        "Serra, D.; Liberali, P.",
        "Prisca Liberali",
        "FMI Basel",
        "developmental biology",
        ["2025-12-01"],
        "Live YAP1 reporters show oscillatory activity that precedes Paneth cell specification.",
    ),
    _p(
        "10.1101/2025.10.10.561234",
        "Deep learning for label-free cell state classification",
        "Okonkwo, E.; Singh, R.",
        "Rohit Singh",
        "MIT",
        "bioinformatics",
        ["2025-10-10"],
        "A transformer model predicts cell cycle and stress states from brightfield images alone.",
    ),
    _p(
        "10.1101/2025.09.03.558877",
        "Mechanical confinement rewires crypt fission in intestinal organoids",
        "Moreno, A.; Souza, A.; Lee, H.",
        "Hannah Lee",
        "University of Example",
        "biophysics",
        ["2025-09-03"],
        "Microfabricated wells confine organoids and alter fission frequency and crypt spacing.",
    ),
    _p(
        "10.1101/2025.06.18.550012",
        "Spatial transcriptomics of the mouse colon after DSS colitis",
        "Brandt, F.; Ito, K.",
        "Keiko Ito",
        "RIKEN IMS",
        "immunology",
        ["2025-06-18"],
        "Visium and Xenium profiling of colitis and recovery reveal a regenerative fibroblast niche.",
    ),
    _p(
        "10.1101/2026.11.12.588001",
        "Microglia prune synapses through complement C3 in the adult hippocampus",
        "Park, J.; Stevens, B.",
        "Beth Stevens",
        "Boston Children's Hospital",
        "neuroscience",
        ["2026-11-12"],
        "In vivo imaging shows C3-dependent microglial synapse engulfment in adult mice.",
    ),
    _p(
        "10.1101/2026.10.20.583311",
        "Dopamine ramps encode distance to reward in mice",
        "Kim, H.; Uchida, N.",
        "Naoshige Uchida",
        "Harvard University",
        "neuroscience",
        ["2026-10-20"],
        "Fiber photometry of dopamine release in the ventral striatum during virtual navigation.",
    ),
    _p(
        "10.1101/2026.09.01.575500",
        "A connectome of the larval zebrafish hindbrain",
        "Svara, F.; Denk, W.; Engert, F.",
        "Florian Engert",
        "Harvard University",
        "neuroscience",
        ["2026-09-01"],
        "Serial-section EM reconstruction of 180,000 neurons.",
    ),
    _p(
        "10.1101/2026.04.22.560900",
        "Warming shifts the phenology of alpine pollinators",
        "Rossi, E.; Keller, N.",
        "Nina Keller",
        "ETH Zurich",
        "ecology",
        ["2026-04-22"],
        "Fifteen years of transect data show earlier flight periods in 61 bumblebee and hoverfly species.",
    ),
    _p(
        "10.1101/2026.01.30.555210",
        "Soil microbiome recovery after wildfire",
        "Alvarez, M.; Chen, T.",
        "Tao Chen",
        "UC Berkeley",
        "microbiology",
        ["2026-01-30"],
        "16S and metagenomic sequencing of burned and unburned plots over three years.",
    ),
    _p(
        "10.1101/2026.08.08.570808",
        "An improved prime editor for large insertions in human cells",
        "Nguyen, B.; Liu, D. R.",
        "David R. Liu",
        "Broad Institute",
        "synthetic biology",
        ["2026-08-08", "2026-10-15"],
        "PE7-XL inserts up to 2 kb with 30% efficiency in HEK293T and iPSCs.",
    ),
    _p(
        "10.1101/2026.07.07.566001",
        "AlphaFold3 models of the human kinome in complex with inhibitors",
        "Schultz, K.; Jumper, J.",
        "John Jumper",
        "Google DeepMind",
        "biophysics",
        ["2026-07-07"],
        "Predicted complexes of 480 kinases with clinical inhibitors, benchmarked against 1,200 crystal structures.",
    ),
    _p(
        "10.1101/2026.05.27.561999",
        "Evolution of antibiotic resistance in gut commensals under low-dose exposure",
        "Hughes, D.; Andersson, D. I.",
        "Dan I. Andersson",
        "Uppsala University",
        "evolutionary biology",
        ["2026-05-27"],
        "Experimental evolution of Bacteroides under sub-MIC ciprofloxacin.",
    ),
    _p(
        "10.1101/2026.11.05.586700",
        "A chromosome-level genome of the axolotl",
        "Schloissnig, S.; Tanaka, E. M.",
        "Elly M. Tanaka",
        "IMP Vienna",
        "genomics",
        ["2026-11-05"],
        "Long-read assembly of the 32 Gb axolotl genome with Hi-C scaffolding.",
    ),
    _p(
        "10.1101/2026.03.03.551200",
        "Tissue-resident memory T cells in human colon organoid co-cultures",
        "Dijkstra, K.; Voest, E.",
        "Emile Voest",
        "NKI Amsterdam",
        "immunology",
        ["2026-03-03"],
        "Autologous T cells infiltrate tumour organoids and kill in an MHC-I-dependent way.",
    ),
    _p(
        "10.1101/2025.11.19.545500",
        "Mitochondrial fission regulates stem cell fate in organoids",
        "Ludikhuyze, M.; Rodriguez Colman, M. J.",
        "Maria J. Rodriguez Colman",
        "UMC Utrecht",
        "cell biology",
        ["2025-11-19"],
        "Drp1-mediated mitochondrial fission biases Lgr5 stem cells toward Paneth cells.",
    ),
    _p(
        "10.1101/2026.10.28.26318807",
        "Long COVID symptoms two years after infection: a cohort study",
        "Davis, H.; Assaf, G.; Wei, H.",
        "Hannah Davis",
        "Patient-Led Research Collaborative",
        "infectious diseases",
        ["2026-10-28"],
        "A cohort of 3,762 participants followed for 24 months.",
        server="medrxiv",
    ),
    _p(
        "10.1101/2026.09.19.26316420",
        "Colorectal cancer incidence in adults under 50 in Europe, 2000-2024",
        "Vuik, F.; Spaander, M.",
        "Manon Spaander",
        "Erasmus MC",
        "epidemiology",
        ["2026-09-19"],
        "Registry data from 20 countries show a 2.1% yearly rise in early-onset colorectal cancer.",
        server="medrxiv",
    ),
    _p(
        "10.1101/2026.06.30.26310001",
        "Organoid drug screens predict response in metastatic colorectal cancer",
        "Ooft, S.; Voest, E.",
        "Emile Voest",
        "NKI Amsterdam",
        "oncology",
        ["2026-06-30", "2026-08-12"],
        "Patient-derived organoids predicted irinotecan response in 80% of 62 patients.",
        "10.1126/scitranslmed.adk1234",
        server="medrxiv",
    ),
    _p(
        "10.1101/2026.02.11.26301122",
        "Wastewater surveillance of RSV in 12 cities",
        "Boehm, A.; Wolfe, M.",
        "Alexandria Boehm",
        "Stanford University",
        "public and global health",
        ["2026-02-11"],
        "Wastewater RSV RNA led clinical cases by 11 days.",
        server="medrxiv",
    ),
    _p(
        "10.1101/2025.12.12.25299001",
        "Polygenic risk for inflammatory bowel disease in 400,000 UK Biobank participants",
        "Khera, A.; Daly, M.",
        "Mark Daly",
        "Broad Institute",
        "genetic and genomic medicine",
        ["2025-12-12"],
        "A polygenic score identifies 3% of people with threefold risk of Crohn's disease.",
        server="medrxiv",
    ),
    _p(
        "10.1101/2026.11.20.26320440",
        "Statins and dementia risk: a target trial emulation",
        "Larsen, S.; Hernán, M. A.",
        "Miguel A. Hernán",
        "Harvard T.H. Chan School",
        "neurology",
        ["2026-11-20"],
        "Emulating a trial in Danish registries, statin initiation did not change 10-year dementia risk.",
        server="medrxiv",
    ),
)


def _category(text: str | None, server: str) -> str | None:
    if text is None or not text.strip():
        return None
    clean = " ".join(text.replace("_", " ").lower().split())
    names = BIORXIV_CATEGORIES if server == "biorxiv" else MEDRXIV_CATEGORIES
    if clean in names:
        return clean
    raise ValueError(f"Unknown {server} category '{text}'. Categories: {', '.join(names)} (get_categories lists them).")


def _bare_doi(text: str) -> str:
    raw = (text or "").strip()
    match = _DOI.search(raw)
    if match and match.group(0) != raw:
        raise ValueError(f"doi takes the bare DOI, not a link or prefix: send '{match.group(0).lower()}'.")
    if not match:
        raise ValueError(
            f"'{text}' is not a bioRxiv/medRxiv DOI. Send the bare DOI, e.g. '10.1101/2026.03.15.585123'; "
            "search_preprints finds one by title words."
        )
    return raw.lower()


def _record(entry: dict, version: int | None = None) -> Preprint:
    versions = [Version(version=i + 1, date=d) for i, d in enumerate(entry["dates"])]
    chosen = versions[-1] if version is None else next((v for v in versions if v.version == version), None)
    if chosen is None:
        raise ValueError(f"{entry['doi']} has versions 1-{len(versions)}, not {version}.")
    return Preprint(
        doi=entry["doi"],
        title=entry["title"],
        authors=entry["authors"],
        author_corresponding=entry["author_corresponding"],
        author_corresponding_institution=entry["author_corresponding_institution"],
        date=chosen.date,
        version=chosen.version,
        type="new results",
        license=entry["license"],
        category=entry["category"],
        abstract=entry["abstract"],
        published=entry["published"],
        server=entry["server"],
        url=f"https://www.{entry['server']}.org/content/{entry['doi']}v{chosen.version}",
        versions=versions,
    )


def search(
    query: str | None = None,
    server: str = "biorxiv",
    category: str | None = None,
    date_from: str | None = None,
    date_to: str | None = None,
    limit: int = 10,
) -> SearchResult:
    """Preprints of one server matching every word of ``query`` (title, abstract, authors), newest first.

    Raises:
        ValueError: for an unknown server or category, a malformed date, a reversed range or a bad limit.
    """
    if server not in ("biorxiv", "medrxiv"):
        raise ValueError(f"server must be 'biorxiv' or 'medrxiv', not '{server}'.")
    if not 1 <= limit <= 100:
        raise ValueError(f"limit must be between 1 and 100, not {limit}.")
    cat = _category(category, server)
    start = iso_date(date_from, "2026-01-01") if date_from else None
    end = iso_date(date_to, "2026-11-22") if date_to else None
    if start and end and start > end:
        raise ValueError(f"date_from {start} is after date_to {end}.")
    words = [w for w in re.findall(r"[\w-]+", (query or "").lower()) if w not in ("and", "the", "of", "in", "on")]
    hits = []
    for entry in CATALOGUE:
        if entry["server"] != server or (cat and entry["category"] != cat):
            continue
        first = date.fromisoformat(entry["dates"][0])
        if (start and first < start) or (end and first > end):
            continue
        text = f"{entry['title']} {entry['abstract']} {entry['authors']}".lower()
        if all(w in text for w in words):
            hits.append(entry)
    hits.sort(key=lambda e: e["dates"][-1], reverse=True)
    return SearchResult(
        query=query,
        server=server,  # type: ignore[arg-type]
        category=cat,
        date_from=str(start) if start else None,
        date_to=str(end) if end else None,
        total=len(hits),
        collection=[
            Hit(
                doi=e["doi"],
                title=e["title"],
                authors=e["authors"],
                date=e["dates"][-1],
                version=len(e["dates"]),
                category=e["category"],
                server=e["server"],
                published=e["published"],
            )
            for e in hits[:limit]
        ],
    )


def get(doi: str, server: str = "biorxiv", version: int | None = None) -> Preprint:
    """One preprint by DOI (its latest version unless ``version`` is given).

    Raises:
        ValueError: for a link instead of a DOI, a DOI not in the catalogue, or a version it does not have.
    """
    key = _bare_doi(doi)
    for entry in CATALOGUE:
        if entry["doi"] == key:
            if entry["server"] != server:
                raise ValueError(f"{key} is a {entry['server']} preprint: send server='{entry['server']}'.")
            return _record(entry, version)
    raise ValueError(f"No posts found for {key} on {server}. search_preprints finds a preprint by title words.")


server = MCPServer("eval-biorxiv", instructions="bioRxiv and medRxiv preprints. Test-only fake catalogue.")


@server.tool(annotations=ToolAnnotations(title="Search preprints", readOnlyHint=True, openWorldHint=True))
def search_preprints(
    query: Annotated[str | None, Field(description="Keywords to search for in title, abstract and authors")] = None,
    server: Annotated[Server, Field(description="Preprint server: biorxiv or medrxiv")] = "biorxiv",
    category: Annotated[
        str | None, Field(description="Subject category, e.g. 'cell biology', 'neuroscience', 'genomics'")
    ] = None,
    date_from: Annotated[str | None, Field(description="Start date (YYYY-MM-DD)")] = None,
    date_to: Annotated[str | None, Field(description="End date (YYYY-MM-DD)")] = None,
    limit: Annotated[int, Field(description="Maximum number of results (1-100)")] = 10,
) -> SearchResult:
    """Search bioRxiv or medRxiv preprints by keywords, category and posting date range."""
    try:
        return search(query, server, category, date_from, date_to, limit)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Get preprint", readOnlyHint=True, openWorldHint=True))
def get_preprint(
    doi: Annotated[str, Field(description="Preprint DOI, e.g. 10.1101/2024.03.15.585123")],
    server: Annotated[Server, Field(description="Preprint server: biorxiv or medrxiv")] = "biorxiv",
    version: Annotated[int | None, Field(description="Version number (default: latest)")] = None,
) -> Preprint:
    """Get detailed metadata for a preprint by DOI, including all versions and its published journal DOI."""
    try:
        return get(doi, server, version)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Get categories", readOnlyHint=True, openWorldHint=True))
def get_categories(
    server: Annotated[Server, Field(description="Preprint server: biorxiv or medrxiv")] = "biorxiv",
) -> Categories:
    """List the subject categories available on bioRxiv or medRxiv for filtering searches."""
    names = BIORXIV_CATEGORIES if server == "biorxiv" else MEDRXIV_CATEGORIES
    return Categories(server=server, categories=list(names))


if __name__ == "__main__":
    main(server)
