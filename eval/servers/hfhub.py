"""Test-only model hub server (dev set ``dev15_tools.jsonl``): search machine-learning models (by text, author, task,
library, sorted by trend, downloads, likes or date), search datasets (by text, author and tags), and the details of
one or more repositories (models, datasets, spaces) by their ids.

Run with: ``python -m eval.servers.hfhub`` (stdio). A fixed, biology-flavoured slice of a model hub: 27 models
(protein language models, single-cell foundation models, cell and nucleus segmentation, biomedical text models,
DNA language models, pathology image encoders, the lab's own organoid segmentation model), 12 datasets and 5
spaces, with downloads (last 30 days), likes, trending scores and creation dates fixed. Nothing is written. No
network, no real clock. The tool shapes follow the Hugging Face MCP server (huggingface/hf-mcp-server): the same
tool names, snake_case parameter names with camelCase sort values (``trendingScore``, ``createdAt``), the task as a
pipeline tag (``token-classification``, ``image-segmentation``), ``repo_ids`` as a list of ``author/name`` ids,
long descriptions that ask for links in the answer.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

Sort = Literal["trendingScore", "downloads", "likes", "createdAt"]
RepoType = Literal["model", "dataset", "space"]
MAX_LIMIT = 100
HUB = "https://huggingface.co"
_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")

# id -> (pipeline tag, library, downloads, likes, trendingScore, createdAt, tags, description, parameters)
ModelRow = tuple[str | None, str, int, int, int, str, tuple[str, ...], str, str | None]
MODELS: dict[str, ModelRow] = {
    "facebook/esm2_t33_650M_UR50D": (
        "fill-mask",
        "transformers",
        1870412,
        142,
        18,
        "2022-11-28",
        ("esm", "protein", "biology", "protein-language-model", "license:mit"),
        "ESM-2 protein language model, 33 layers, 650M parameters, trained on UniRef50 protein sequences.",
        "652M",
    ),
    "facebook/esm2_t6_8M_UR50D": (
        "fill-mask",
        "transformers",
        2950377,
        48,
        9,
        "2022-11-28",
        ("esm", "protein", "biology", "protein-language-model", "license:mit"),
        "ESM-2 protein language model, 6 layers, 8M parameters: the smallest ESM-2 checkpoint, for quick tests.",
        "7.8M",
    ),
    "facebook/esm2_t36_3B_UR50D": (
        "fill-mask",
        "transformers",
        120553,
        31,
        4,
        "2022-11-28",
        ("esm", "protein", "biology", "protein-language-model", "license:mit"),
        "ESM-2 protein language model, 36 layers, 3B parameters, trained on UniRef50.",
        "2.8B",
    ),
    "facebook/esmfold_v1": (
        None,
        "transformers",
        410220,
        39,
        6,
        "2022-11-28",
        ("esm", "protein", "protein-structure", "protein-folding", "biology", "license:mit"),
        "ESMFold: protein structure prediction from a single sequence with an ESM-2 language model trunk.",
        "3.5B",
    ),
    "Rostlab/prot_bert": (
        "fill-mask",
        "transformers",
        98412,
        110,
        3,
        "2020-07-21",
        ("protein", "protein-language-model", "biology", "bert"),
        "ProtBert: a BERT protein language model pretrained on UniRef100 sequences with masked language modelling.",
        "420M",
    ),
    "Rostlab/prot_t5_xl_uniref50": (
        "feature-extraction",
        "transformers",
        310876,
        64,
        7,
        "2020-07-25",
        ("protein", "protein-language-model", "biology", "t5", "embeddings"),
        "ProtT5-XL-UniRef50: a T5 encoder protein language model; per-residue and per-protein embeddings.",
        "3B",
    ),
    "ElnaggarLab/ankh-large": (
        "feature-extraction",
        "transformers",
        4208,
        12,
        2,
        "2023-01-05",
        ("protein", "protein-language-model", "biology", "t5"),
        "Ankh large: an optimised general-purpose protein language model.",
        "1.9B",
    ),
    "ctheodoris/Geneformer": (
        "fill-mask",
        "transformers",
        95310,
        245,
        35,
        "2023-06-15",
        ("single-cell", "transcriptomics", "biology", "foundation-model", "license:apache-2.0"),
        "Geneformer: a single-cell foundation model pretrained on 30M (V1) and 95M (V2) human single-cell "
        "transcriptomes with rank-value encoding of genes.",
        "316M",
    ),
    "bowang-lab/scGPT-human": (
        "feature-extraction",
        "pytorch",
        18502,
        88,
        21,
        "2024-02-01",
        ("single-cell", "transcriptomics", "biology", "foundation-model", "scgpt"),
        "scGPT whole-human checkpoint: a generative pretrained single-cell foundation model trained on 33M cells "
        "from CELLxGENE, for cell type annotation, batch integration and perturbation prediction.",
        "51M",
    ),
    "biomap-research/scFoundation": (
        "feature-extraction",
        "pytorch",
        3107,
        26,
        5,
        "2024-05-10",
        ("single-cell", "transcriptomics", "biology", "foundation-model"),
        "scFoundation: a 100M-parameter single-cell foundation model pretrained on 50M human cells.",
        "100M",
    ),
    "MouseLand/cellpose-cyto3": (
        "image-segmentation",
        "cellpose",
        54120,
        37,
        8,
        "2024-03-02",
        ("cell-segmentation", "microscopy", "biology", "cellpose", "instance-segmentation"),
        "Cellpose cyto3 generalist model for cell segmentation in fluorescence and brightfield microscopy.",
        "6.6M",
    ),
    "MouseLand/cellpose-sam": (
        "image-segmentation",
        "cellpose",
        21033,
        60,
        44,
        "2025-05-06",
        ("cell-segmentation", "microscopy", "biology", "cellpose", "sam", "instance-segmentation"),
        "Cellpose-SAM: cell and nucleus segmentation with a SAM image encoder, robust to any channel order.",
        "305M",
    ),
    "stardist/2D_versatile_fluo": (
        "image-segmentation",
        "stardist",
        12877,
        9,
        1,
        "2022-04-11",
        ("nucleus-segmentation", "cell-segmentation", "microscopy", "biology", "tensorflow"),
        "StarDist 2D versatile model for nucleus segmentation in fluorescence images (DSB 2018).",
        "1.4M",
    ),
    "hoffmann-lab/organoid-seg-unet": (
        "image-segmentation",
        "pytorch",
        341,
        4,
        2,
        "2026-10-28",
        ("organoids", "cell-segmentation", "microscopy", "biology", "unet"),
        "U-Net for segmenting intestinal organoids in brightfield time-lapse stacks (organoid-seg v0.9).",
        "31M",
    ),
    "facebook/sam-vit-base": (
        "mask-generation",
        "transformers",
        2104455,
        160,
        12,
        "2023-04-19",
        ("sam", "vision", "segment-anything"),
        "Segment Anything Model (SAM), ViT-B image encoder: promptable segmentation of any object.",
        "94M",
    ),
    "microsoft/BiomedNLP-BiomedBERT-base-uncased-abstract-fulltext": (
        "fill-mask",
        "transformers",
        620331,
        250,
        10,
        "2022-01-04",
        ("biomedical", "pubmed", "bert", "exbert", "license:mit"),
        "BiomedBERT (formerly PubMedBERT) pretrained from scratch on PubMed abstracts and PubMed Central full text.",
        "110M",
    ),
    "dmis-lab/biobert-v1.1": (
        "feature-extraction",
        "transformers",
        904118,
        78,
        6,
        "2020-09-21",
        ("biomedical", "bert", "pubmed"),
        "BioBERT v1.1: BERT further pretrained on PubMed abstracts for biomedical text mining.",
        "108M",
    ),
    "allenai/scibert_scivocab_uncased": (
        "fill-mask",
        "transformers",
        1102331,
        130,
        5,
        "2019-09-23",
        ("scientific", "bert", "biomedical"),
        "SciBERT: BERT trained on 1.14M papers from Semantic Scholar, with its own scientific vocabulary.",
        "110M",
    ),
    "d4data/biomedical-ner-all": (
        "token-classification",
        "transformers",
        150244,
        170,
        14,
        "2022-06-19",
        ("ner", "biomedical", "medical", "distilbert", "license:apache-2.0"),
        "Named entity recognition of 107 biomedical entity types (diseases, drugs, procedures, anatomy) in case "
        "reports.",
        "66M",
    ),
    "pruas/BENT-PubMedBERT-NER-Gene": (
        "token-classification",
        "transformers",
        9810,
        11,
        2,
        "2023-01-11",
        ("ner", "biomedical", "genes", "pubmedbert"),
        "PubMedBERT fine-tuned for gene and protein named entity recognition.",
        "109M",
    ),
    "bvanaken/clinical-assertion-negation-bert": (
        "text-classification",
        "transformers",
        30577,
        35,
        2,
        "2022-03-14",
        ("clinical", "biomedical", "negation", "bert"),
        "Classifies the assertion of a clinical entity in context: present, absent or possible.",
        "108M",
    ),
    "hoffmann-lab/pubmed-abstract-triage": (
        "text-classification",
        "transformers",
        57,
        1,
        1,
        "2026-09-14",
        ("biomedical", "pubmed", "text-classification"),
        "Flags PubMed abstracts relevant to intestinal organoid mechanics (fine-tuned BiomedBERT).",
        "110M",
    ),
    "InstaDeepAI/nucleotide-transformer-v2-500m-multi-species": (
        "fill-mask",
        "transformers",
        40412,
        44,
        6,
        "2023-09-27",
        ("dna", "genomics", "biology", "dna-language-model"),
        "Nucleotide Transformer v2, 500M parameters, pretrained on 850 genomes: a DNA language model.",
        "498M",
    ),
    "zhihan1996/DNABERT-2-117M": (
        "feature-extraction",
        "transformers",
        75302,
        70,
        5,
        "2023-06-22",
        ("dna", "genomics", "biology", "dna-language-model"),
        "DNABERT-2: an efficient multi-species genome foundation model with byte-pair encoding.",
        "117M",
    ),
    "LongSafari/hyenadna-large-1m-seqlen-hf": (
        "text-generation",
        "transformers",
        6021,
        25,
        3,
        "2023-11-02",
        ("dna", "genomics", "biology", "hyena", "dna-language-model"),
        "HyenaDNA large: a long-range DNA language model with a context of one million nucleotides.",
        "6.6M",
    ),
    "owkin/phikon": (
        "image-feature-extraction",
        "transformers",
        88140,
        40,
        4,
        "2023-07-20",
        ("pathology", "histology", "biology", "vit"),
        "Phikon: a self-supervised ViT-B pathology foundation model trained on 40M histology tiles.",
        "86M",
    ),
    "MahmoodLab/UNI": (
        "image-feature-extraction",
        "timm",
        160507,
        400,
        16,
        "2024-03-19",
        ("pathology", "histology", "biology", "vit", "foundation-model"),
        "UNI: a general-purpose self-supervised model for computational pathology (ViT-L, 100M tissue patches).",
        "303M",
    ),
}
# id -> (downloads, likes, createdAt, tags, description)
DatasetRow = tuple[int, int, str, tuple[str, ...], str]
DATASETS: dict[str, DatasetRow] = {
    "ctheodoris/Genecorpus-30M": (
        8012,
        60,
        "2023-06-15",
        ("single-cell", "biology", "transcriptomics", "size_categories:10M<n<100M", "license:apache-2.0"),
        "29.9M human single-cell transcriptomes, rank-value encoded, used to pretrain Geneformer.",
    ),
    "tahoebio/Tahoe-100M": (
        12033,
        140,
        "2025-02-25",
        ("single-cell", "biology", "perturbation", "drug-screening", "size_categories:100M<n<1B"),
        "100M single-cell transcriptomes of 50 cancer cell lines under 1,100 drug perturbations.",
    ),
    "chanzuckerberg/tabula-sapiens": (
        3408,
        22,
        "2024-08-01",
        ("single-cell", "biology", "atlas", "human", "size_categories:1M<n<10M"),
        "Tabula Sapiens: a multi-organ single-cell transcriptomic atlas of humans (h5ad).",
    ),
    "InstaDeepAI/nucleotide_transformer_downstream_tasks": (
        5420,
        18,
        "2023-09-27",
        ("dna", "genomics", "biology", "task_categories:text-classification", "size_categories:100K<n<1M"),
        "18 genomics benchmark tasks (promoters, enhancers, splice sites, histone marks) used to evaluate the "
        "Nucleotide Transformer.",
    ),
    "bigbio/ncbi_disease": (
        3811,
        15,
        "2022-11-13",
        ("biomedical", "ner", "task_categories:token-classification", "language:en", "size_categories:1K<n<10K"),
        "NCBI disease corpus: 793 PubMed abstracts annotated with disease mentions.",
    ),
    "bigbio/bc5cdr": (
        2904,
        9,
        "2022-11-13",
        ("biomedical", "ner", "task_categories:token-classification", "language:en", "size_categories:1K<n<10K"),
        "BioCreative V CDR: 1,500 PubMed articles annotated with chemicals, diseases and their relations.",
    ),
    "agemagician/uniref50": (
        2133,
        14,
        "2022-02-10",
        ("protein", "biology", "protein-sequences", "size_categories:10M<n<100M"),
        "UniRef50 protein sequences (clusters at 50% identity), one sequence per row.",
    ),
    "MouseLand/cellpose-training-data": (
        905,
        11,
        "2024-03-02",
        ("microscopy", "cell-segmentation", "biology", "task_categories:image-segmentation"),
        "Images and masks used to train the Cellpose generalist models (cyto, nuclei).",
    ),
    "hoffmann-lab/organoid-brightfield": (
        120,
        3,
        "2026-10-28",
        ("microscopy", "organoids", "cell-segmentation", "biology", "task_categories:image-segmentation"),
        "Brightfield time-lapse stacks of intestinal organoids with hand-drawn masks (organoid-seg training set).",
    ),
    "ncbi/pubmed-abstracts-2025": (
        4512,
        30,
        "2025-01-15",
        ("biomedical", "pubmed", "text", "language:en", "size_categories:10M<n<100M"),
        "PubMed abstracts up to the 2025 baseline, one abstract per row with PMID, title and MeSH terms.",
    ),
    "hoffmann-lab/crypt-fission-tracks": (
        44,
        1,
        "2026-11-02",
        ("microscopy", "organoids", "tracking", "biology"),
        "Tracked crypt fission events in intestinal organoids under confinement (NCB-A51234B).",
    ),
    "proteinea/secondary-structure-prediction": (
        1710,
        8,
        "2023-03-08",
        ("protein", "biology", "task_categories:token-classification"),
        "Protein secondary structure (3- and 8-state) per residue, for fine-tuning protein language models.",
    ),
}
# id -> (sdk, likes, createdAt, description)
SPACES: dict[str, tuple[str, int, str, str]] = {
    "simonduerr/ProteinMPNN": ("gradio", 310, "2022-09-20", "ProteinMPNN inverse folding demo with structure view."),
    "hf-bio/esmfold-demo": ("gradio", 95, "2023-01-10", "Predict a protein structure with ESMFold from a sequence."),
    "MouseLand/cellpose-demo": (
        "gradio",
        70,
        "2024-03-05",
        "Upload a microscopy image and segment cells with Cellpose.",
    ),
    "hoffmann-lab/organoid-seg-demo": ("streamlit", 2, "2026-10-30", "Segment an organoid brightfield image."),
    "ctheodoris/geneformer-annotation": ("gradio", 41, "2023-07-02", "Cell type annotation with Geneformer."),
}


class ModelHit(BaseModel):
    """One model."""

    id: str = Field(description="Repository id, author/name")
    author: str = Field(description="Organisation or user")
    pipeline_tag: str | None = Field(description="Task, e.g. fill-mask, image-segmentation")
    library_name: str = Field(description="Library, e.g. transformers, cellpose")
    downloads: int = Field(description="Downloads in the last 30 days")
    likes: int = Field(description="Likes")
    trendingScore: int = Field(description="Trending score")
    createdAt: str = Field(description="Creation date")
    tags: list[str] = Field(description="Tags")
    url: str = Field(description="Link to the model page")


class ModelSearch(BaseModel):
    """Models found."""

    total: int = Field(description="How many models matched")
    models: list[ModelHit] = Field(description="The matches, in the sort order asked for (at most limit)")


class DatasetHit(BaseModel):
    """One dataset."""

    id: str = Field(description="Repository id, author/name")
    author: str = Field(description="Organisation or user")
    downloads: int = Field(description="Downloads in the last 30 days")
    likes: int = Field(description="Likes")
    trendingScore: int = Field(description="Trending score")
    createdAt: str = Field(description="Creation date")
    tags: list[str] = Field(description="Tags")
    description: str = Field(description="Short description")
    url: str = Field(description="Link to the dataset page")


class DatasetSearch(BaseModel):
    """Datasets found."""

    total: int = Field(description="How many datasets matched")
    datasets: list[DatasetHit] = Field(description="The matches (at most limit)")


class RepoDetails(BaseModel):
    """One repository's details."""

    id: str = Field(description="Repository id")
    type: RepoType = Field(description="model, dataset or space")
    author: str = Field(description="Organisation or user")
    description: str = Field(description="What it is")
    pipeline_tag: str | None = Field(default=None, description="Task (models)")
    library_name: str | None = Field(default=None, description="Library (models)")
    parameters: str | None = Field(default=None, description="Parameter count (models)")
    sdk: str | None = Field(default=None, description="SDK (spaces)")
    downloads: int | None = Field(default=None, description="Downloads in the last 30 days (models, datasets)")
    likes: int = Field(description="Likes")
    createdAt: str = Field(description="Creation date")
    tags: list[str] = Field(description="Tags")
    url: str = Field(description="Link to the repository page")


class RepoDetailsList(BaseModel):
    """Details of each repository asked for, in order."""

    repos: list[RepoDetails] = Field(description="One entry per repo id")


def _words(query: str | None) -> list[str]:
    words = re.findall(r"[a-z0-9][a-z0-9._+-]*", (query or "").lower())
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words]


def _text_matches(query: str | None, *fields: str) -> bool:
    text = " ".join(fields).lower().replace("_", " ").replace("-", " ") + " " + " ".join(fields).lower()
    return all(word in text for word in _words(query))


def _limit(limit: int) -> None:
    if not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"limit must be between 1 and {MAX_LIMIT}, not {limit}.")


def _trend(row_likes: int, created: str) -> int:
    return max(1, row_likes // 10 + (5 if created >= "2025" else 0))


def search_models(
    query: str | None = None,
    author: str | None = None,
    task: str | None = None,
    library: str | None = None,
    sort: str = "trendingScore",
    limit: int = 20,
) -> ModelSearch:
    """Models matching every filter given, sorted (descending).

    Raises:
        ValueError: for an unknown sort or a limit out of range.
    """
    _limit(limit)
    if sort not in ("trendingScore", "downloads", "likes", "createdAt"):
        raise ValueError(f"sort must be one of trendingScore, downloads, likes, createdAt, not '{sort}'.")
    hits = []
    for rid, (tag, lib, downloads, likes, trend, created, tags, desc, _) in MODELS.items():
        owner = rid.split("/")[0]
        if author and owner.lower() != author.strip().lower():
            continue
        if task and (tag or "") != task.strip().lower():
            continue
        if library and lib != library.strip().lower():
            continue
        if not _text_matches(query, rid, desc, " ".join(tags), tag or ""):
            continue
        hits.append(ModelHit(
            id=rid,
            author=owner,
            pipeline_tag=tag,
            library_name=lib,
            downloads=downloads,
            likes=likes,
            trendingScore=trend,
            createdAt=created,
            tags=list(tags),
            url=f"{HUB}/{rid}",
        ))  # fmt: skip
    hits.sort(key=lambda h: (getattr(h, sort), h.downloads), reverse=True)
    return ModelSearch(total=len(hits), models=hits[:limit])


def search_datasets(
    query: str | None = None,
    author: str | None = None,
    tags: list[str] | None = None,
    sort: str = "trendingScore",
    limit: int = 20,
) -> DatasetSearch:
    """Datasets matching every filter given (all tags), sorted (descending).

    Raises:
        ValueError: for an unknown sort or a limit out of range.
    """
    _limit(limit)
    if sort not in ("trendingScore", "downloads", "likes", "createdAt"):
        raise ValueError(f"sort must be one of trendingScore, downloads, likes, createdAt, not '{sort}'.")
    hits = []
    for rid, (downloads, likes, created, row_tags, desc) in DATASETS.items():
        owner = rid.split("/")[0]
        if author and owner.lower() != author.strip().lower():
            continue
        wanted = [t.strip().lower() for t in tags or []]
        have = [t.lower() for t in row_tags]
        if not all(t in have or f"task_categories:{t}" in have for t in wanted):
            continue
        if not _text_matches(query, rid, desc, " ".join(row_tags)):
            continue
        hits.append(DatasetHit(
            id=rid,
            author=owner,
            downloads=downloads,
            likes=likes,
            trendingScore=_trend(likes, created),
            createdAt=created,
            tags=list(row_tags),
            description=desc,
            url=f"{HUB}/datasets/{rid}",
        ))  # fmt: skip
    hits.sort(key=lambda h: (getattr(h, sort), h.downloads), reverse=True)
    return DatasetSearch(total=len(hits), datasets=hits[:limit])


def _canonical(table: dict[str, object], rid: str) -> str | None:
    return next((key for key in table if key.lower() == rid.lower()), None)


def details(repo_ids: list[str], repo_type: str | None = None) -> RepoDetailsList:
    """Each repository's details, by id (case-insensitive); the type is detected unless given.

    Raises:
        ValueError: for no ids, a URL or a bare name instead of an id, or an id that is not on the hub.
    """
    if not repo_ids:
        raise ValueError("repo_ids needs at least one id, e.g. ['facebook/esm2_t33_650M_UR50D'].")
    out = []
    for raw in repo_ids:
        rid = (raw or "").strip()
        if rid.startswith(("http://", "https://", "huggingface.co")):
            path = re.sub(r"^(https?://)?huggingface\.co/", "", rid).strip("/")
            path = re.sub(r"^(datasets|spaces)/", "", path)
            raise ValueError(f"repo_ids take ids, not links: send '{'/'.join(path.split('/')[:2])}' for {rid}.")
        if not _ID.match(rid):
            guesses = [k for k in [*MODELS, *DATASETS, *SPACES] if rid.lower() in k.lower()]
            hint = f" Did you mean {', '.join(guesses[:5])}?" if guesses and rid else ""
            raise ValueError(
                f"'{raw}' is not a repo id; ids are author/name, e.g. 'facebook/esm2_t33_650M_UR50D'.{hint}"
            )
        kinds = [repo_type] if repo_type else ["model", "dataset", "space"]
        found = None
        for kind in kinds:
            if kind == "model" and (key := _canonical(MODELS, rid)):  # type: ignore[arg-type]
                tag, lib, downloads, likes, _, created, tags, desc, params = MODELS[key]
                found = RepoDetails(
                    id=key, type="model", author=key.split("/")[0], description=desc, pipeline_tag=tag,
                    library_name=lib, parameters=params, downloads=downloads, likes=likes, createdAt=created,
                    tags=list(tags), url=f"{HUB}/{key}",
                )  # fmt: skip
            elif kind == "dataset" and (key := _canonical(DATASETS, rid)):  # type: ignore[arg-type]
                downloads, likes, created, tags, desc = DATASETS[key]
                found = RepoDetails(
                    id=key, type="dataset", author=key.split("/")[0], description=desc, downloads=downloads,
                    likes=likes, createdAt=created, tags=list(tags), url=f"{HUB}/datasets/{key}",
                )  # fmt: skip
            elif kind == "space" and (key := _canonical(SPACES, rid)):  # type: ignore[arg-type]
                sdk, likes, created, desc = SPACES[key]
                found = RepoDetails(
                    id=key, type="space", author=key.split("/")[0], description=desc, sdk=sdk, likes=likes,
                    createdAt=created, tags=[sdk], url=f"{HUB}/spaces/{key}",
                )  # fmt: skip
            if found:
                break
        if found is None:
            where = f"{repo_type} " if repo_type else ""
            raise ValueError(
                f"Repository not found: no {where}'{rid}' on the hub. model_search and dataset_search find ids."
            )
        out.append(found)
    return RepoDetailsList(repos=out)


server = MCPServer("eval-hfhub", instructions="Hugging Face Hub: models, datasets and spaces. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Model Search", readOnlyHint=True, openWorldHint=True))
def model_search(
    query: Annotated[
        str | None,
        Field(
            description='Search term. Leave blank and give "sort" and "limit" to get e.g. "top 20 trending models" '
            'or "the 10 newest models"'
        ),
    ] = None,
    author: Annotated[
        str | None, Field(description="Organization or user who created the repo (e.g. 'google', 'facebook')")
    ] = None,
    task: Annotated[
        str | None,
        Field(
            description="Model task type (pipeline tag), e.g. 'text-classification', 'token-classification', "
            "'image-segmentation', 'fill-mask', 'feature-extraction'"
        ),
    ] = None,
    library: Annotated[
        str | None, Field(description="Framework the model uses (e.g. 'transformers', 'timm', 'cellpose')")
    ] = None,
    sort: Annotated[
        Sort, Field(description="Sort order: trendingScore, downloads, likes, createdAt")
    ] = "trendingScore",
    limit: Annotated[int, Field(description="Maximum number of results to return", ge=1, le=MAX_LIMIT)] = 20,
) -> ModelSearch:
    """Find Machine Learning models hosted on Hugging Face. Returns comprehensive information about matching models
    including downloads, likes, tags, and direct links. Include links to the models in your response."""
    try:
        return search_models(query, author, task, library, sort, limit)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Dataset Search", readOnlyHint=True, openWorldHint=True))
def dataset_search(
    query: Annotated[
        str | None, Field(description="Search term. Leave blank and give sort and limit to get e.g. top datasets")
    ] = None,
    author: Annotated[
        str | None, Field(description="Organization or user who created the repo (e.g. 'bigbio', 'tahoebio')")
    ] = None,
    tags: Annotated[
        list[str] | None,
        Field(
            description="Tags to filter datasets (e.g. ['language:en', 'size_categories:1M<n<10M', "
            "'task_categories:token-classification'])"
        ),
    ] = None,
    sort: Annotated[
        Sort, Field(description="Sort order: trendingScore, downloads, likes, createdAt")
    ] = "trendingScore",
    limit: Annotated[int, Field(description="Maximum number of results to return", ge=1, le=MAX_LIMIT)] = 20,
) -> DatasetSearch:
    """Find Datasets hosted on the Hugging Face hub. Returns comprehensive information about matching datasets
    including downloads, likes, tags, and direct links. Include links to the datasets in your response."""
    try:
        return search_datasets(query, author, tags, sort, limit)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Hub Repository Details", readOnlyHint=True, openWorldHint=True))
def hub_repo_details(
    repo_ids: Annotated[
        list[str],
        Field(description="Repo IDs in author/name format, e.g. ['facebook/esm2_t33_650M_UR50D']", min_length=1),
    ],
    repo_type: Annotated[
        RepoType | None, Field(description="Repository type: model, dataset or space. Auto-detected if omitted")
    ] = None,
) -> RepoDetailsList:
    """Get details for one or more Hugging Face repos (model, dataset, or space). Auto-detects the type unless
    it is given."""
    try:
        return details(repo_ids, repo_type)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
