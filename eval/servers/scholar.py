"""Test-only literature-graph server (dev set ``dev13_tools.jsonl``): search papers by keywords with a year or a
year range, fields of study and an open-access switch, one paper by its Semantic Scholar ID or an external ID
(DOI, arXiv, PubMed, CorpusId, URL), one author by ID, and the papers citing a paper.

Run with: ``python -m eval.servers.scholar`` (stdio). A fixed mirror of 41 papers (real, well-known papers of
machine learning, structural biology, single-cell genomics, genome editing and imaging with their real DOIs, arXiv
ids and PMIDs, plus six papers of the fictional Hoffmann lab) with authors, venues, years, fields of study, citation
counts and the citations among them; paper IDs are 40-hex-character strings and author IDs digit strings, as on
Semantic Scholar, made up here. Nothing is written. No network, no real clock. The tool shapes follow popular
Semantic Scholar MCP servers written with FastMCP: snake_case tools whose parameters carry no description of their
own (the docstring's ``Args:`` block says what they are), ``year`` as a string ("2019" or "2019-2023"),
``fields_of_study`` as a list, external IDs with the API's prefixes ("DOI:", "ARXIV:", "PMID:").
"""

from __future__ import annotations

import hashlib
import re

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

MAX_LIMIT = 100
THIS_YEAR = 2026
FIELDS_OF_STUDY = (
    "Computer Science",
    "Medicine",
    "Chemistry",
    "Biology",
    "Materials Science",
    "Physics",
    "Geology",
    "Psychology",
    "Art",
    "History",
    "Geography",
    "Sociology",
    "Business",
    "Political Science",
    "Economics",
    "Philosophy",
    "Mathematics",
    "Engineering",
    "Environmental Science",
    "Agricultural and Food Sciences",
    "Education",
    "Law",
    "Linguistics",
)
FIELD_ALIASES = {
    "cs": "Computer Science",
    "computer science": "Computer Science",
    "machine learning": "Computer Science",
    "biology": "Biology",
    "bio": "Biology",
    "life sciences": "Biology",
    "medicine": "Medicine",
    "medical": "Medicine",
    "math": "Mathematics",
    "maths": "Mathematics",
}


class Row(BaseModel):
    """One paper of the mirror (internal)."""

    key: str
    title: str
    year: int
    date: str
    venue: str
    authors: list[str]
    fields: list[str]
    citations: int
    references: int
    influential: int
    open_access: bool
    doi: str | None = None
    arxiv: str | None = None
    pmid: str | None = None
    abstract: str
    cites: list[str] = []


def _row(key: str, title: str, date: str, venue: str, authors: str, fields: str, counts: tuple[int, int, int],
         open_access: bool, ids: tuple[str | None, str | None, str | None], abstract: str,
         cites: tuple[str, ...] = ()) -> Row:  # fmt: skip
    return Row(
        key=key,
        title=title,
        year=int(date[:4]),
        date=date,
        venue=venue,
        authors=[a.strip() for a in authors.split(";")],
        fields=[f.strip() for f in fields.split(";")],
        citations=counts[0],
        references=counts[1],
        influential=counts[2],
        open_access=open_access,
        doi=ids[0],
        arxiv=ids[1],
        pmid=ids[2],
        abstract=abstract,
        cites=list(cites),
    )


ROWS: list[Row] = [
    _row(
        "transformer",
        "Attention Is All You Need",
        "2017-06-12",
        "Neural Information Processing Systems",
        "Ashish Vaswani; Noam Shazeer; Niki Parmar; Jakob Uszkoreit; Llion Jones; Aidan N. Gomez; Lukasz Kaiser; "
        "Illia Polosukhin",
        "Computer Science",
        (148210, 41, 19875),
        True,
        (None, "1706.03762", None),
        "The dominant sequence transduction models are based on complex recurrent or convolutional neural networks. "
        "We propose a new simple network architecture, the Transformer, based solely on attention mechanisms, "
        "dispensing with recurrence and convolutions entirely.",
    ),
    _row(
        "bert",
        "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding",
        "2018-10-11",
        "North American Chapter of the Association for Computational Linguistics",
        "Jacob Devlin; Ming-Wei Chang; Kenton Lee; Kristina Toutanova",
        "Computer Science",
        (109870, 63, 21004),
        True,
        ("10.18653/v1/N19-1423", "1810.04805", None),
        "We introduce BERT, a language representation model designed to pre-train deep bidirectional "
        "representations from unlabeled text by jointly conditioning on both left and right context.",
        ("transformer",),
    ),
    _row(
        "resnet",
        "Deep Residual Learning for Image Recognition",
        "2015-12-10",
        "Computer Vision and Pattern Recognition",
        "Kaiming He; X. Zhang; Shaoqing Ren; Jian Sun",
        "Computer Science",
        (221400, 51, 28990),
        True,
        ("10.1109/CVPR.2016.90", "1512.03385", None),
        "We present a residual learning framework to ease the training of networks that are substantially deeper "
        "than those used previously, and win the ILSVRC 2015 classification task.",
        ("alexnet",),
    ),
    _row(
        "adam",
        "Adam: A Method for Stochastic Optimization",
        "2014-12-22",
        "International Conference on Learning Representations",
        "Diederik P. Kingma; Jimmy Ba",
        "Computer Science; Mathematics",
        (172300, 28, 25010),
        True,
        (None, "1412.6980", None),
        "We introduce Adam, an algorithm for first-order gradient-based optimization of stochastic objective "
        "functions, based on adaptive estimates of lower-order moments.",
    ),
    _row(
        "unet",
        "U-Net: Convolutional Networks for Biomedical Image Segmentation",
        "2015-05-18",
        "International Conference on Medical Image Computing and Computer-Assisted Intervention",
        "O. Ronneberger; P. Fischer; T. Brox",
        "Computer Science; Medicine",
        (89150, 22, 11210),
        True,
        ("10.1007/978-3-319-24574-4_28", "1505.04597", None),
        "We present a network and training strategy that relies on the strong use of data augmentation to use the "
        "available annotated samples more efficiently, for biomedical image segmentation.",
        ("alexnet",),
    ),
    _row(
        "alexnet",
        "ImageNet classification with deep convolutional neural networks",
        "2012-12-03",
        "Neural Information Processing Systems",
        "A. Krizhevsky; I. Sutskever; Geoffrey E. Hinton",
        "Computer Science",
        (128900, 30, 14400),
        False,
        ("10.1145/3065386", None, None),
        "We trained a large, deep convolutional neural network to classify the 1.2 million high-resolution images "
        "in the ImageNet LSVRC-2010 contest into the 1000 different classes.",
    ),
    _row(
        "dropout",
        "Dropout: a simple way to prevent neural networks from overfitting",
        "2014-06-01",
        "Journal of machine learning research",
        "Nitish Srivastava; Geoffrey E. Hinton; A. Krizhevsky; I. Sutskever; R. Salakhutdinov",
        "Computer Science",
        (44210, 38, 3120),
        False,
        (None, None, None),
        "Dropout is a technique for addressing overfitting: randomly drop units from the neural network during "
        "training.",
        ("alexnet",),
    ),
    _row(
        "gpt3",
        "Language Models are Few-Shot Learners",
        "2020-05-28",
        "Neural Information Processing Systems",
        "Tom B. Brown; Benjamin Mann; Nick Ryder; Melanie Subbiah; Jared Kaplan; Prafulla Dhariwal; Dario Amodei",
        "Computer Science",
        (41200, 145, 4410),
        True,
        (None, "2005.14165", None),
        "We show that scaling up language models greatly improves task-agnostic, few-shot performance; GPT-3 has "
        "175 billion parameters.",
        ("transformer", "bert"),
    ),
    _row(
        "lora",
        "LoRA: Low-Rank Adaptation of Large Language Models",
        "2021-06-17",
        "International Conference on Learning Representations",
        "J. E. Hu; Yelong Shen; Phillip Wallis; Zeyuan Allen-Zhu; Yuanzhi Li; Shean Wang; Weizhu Chen",
        "Computer Science",
        (14880, 58, 2310),
        True,
        (None, "2106.09685", None),
        "We propose Low-Rank Adaptation, which freezes the pretrained model weights and injects trainable rank "
        "decomposition matrices into each layer of the Transformer architecture.",
        ("transformer", "gpt3", "bert"),
    ),
    _row(
        "ddpm",
        "Denoising Diffusion Probabilistic Models",
        "2020-06-19",
        "Neural Information Processing Systems",
        "Jonathan Ho; Ajay Jain; P. Abbeel",
        "Computer Science; Mathematics",
        (21340, 71, 3980),
        True,
        (None, "2006.11239", None),
        "We present high quality image synthesis results using diffusion probabilistic models, a class of latent "
        "variable models inspired by considerations from nonequilibrium thermodynamics.",
        ("unet",),
    ),
    _row(
        "sam",
        "Segment Anything",
        "2023-04-05",
        "IEEE International Conference on Computer Vision",
        "A. Kirillov; Eric Mintun; Nikhila Ravi; Hanzi Mao; Chloé Rolland; Laura Gustafson; Ross B. Girshick",
        "Computer Science",
        (9870, 120, 1510),
        True,
        ("10.1109/ICCV51070.2023.00371", "2304.02643", None),
        "We introduce the Segment Anything project: a new task, model, and dataset for image segmentation, with "
        "over 1 billion masks on 11M images.",
        ("transformer", "resnet"),
    ),
    _row(
        "alphafold2",
        "Highly accurate protein structure prediction with AlphaFold",
        "2021-07-15",
        "Nature",
        "J. Jumper; Richard Evans; A. Pritzel; Tim Green; Michael Figurnov; O. Ronneberger; Kathryn Tunyasuvunakool; "
        "Demis Hassabis",
        "Biology; Computer Science; Medicine",
        (31450, 84, 3870),
        True,
        ("10.1038/s41586-021-03819-2", None, "34265844"),
        "We provide the first computational method that can regularly predict protein structures with atomic "
        "accuracy even where no similar structure is known.",
        ("transformer", "resnet"),
    ),
    _row(
        "alphafold3",
        "Accurate structure prediction of biomolecular interactions with AlphaFold 3",
        "2024-05-08",
        "Nature",
        "Josh Abramson; Jonas Adler; Jack Dunger; Richard Evans; Tim Green; A. Pritzel; O. Ronneberger; "
        "J. Jumper; Demis Hassabis",
        "Biology; Medicine; Computer Science",
        (6120, 104, 690),
        True,
        ("10.1038/s41586-024-07487-w", None, "38718835"),
        "AlphaFold 3 uses a diffusion-based architecture to predict the joint structure of complexes including "
        "proteins, nucleic acids, small molecules, ions and modified residues.",
        ("alphafold2", "rosettafold", "ddpm", "colabfold", "esm2"),
    ),
    _row(
        "rosettafold",
        "Accurate prediction of protein structures and interactions using a three-track neural network",
        "2021-07-15",
        "Science",
        "M. Baek; F. DiMaio; I. Anishchenko; J. Dauparas; S. Ovchinnikov; D. Baker",
        "Biology; Medicine",
        (4980, 72, 420),
        True,
        ("10.1126/science.abj8754", None, "34282049"),
        "A three-track network in which information at the 1D sequence level, the 2D distance map level and the 3D "
        "coordinate level is successively transformed and integrated.",
        ("transformer",),
    ),
    _row(
        "colabfold",
        "ColabFold: making protein folding accessible to all",
        "2022-05-30",
        "Nature Methods",
        "M. Mirdita; Konstantin Schütze; Yoshitaka Moriwaki; Lim Heo; S. Ovchinnikov; Martin Steinegger",
        "Biology; Medicine; Computer Science",
        (5630, 40, 610),
        True,
        ("10.1038/s41592-022-01488-1", None, "35637307"),
        "ColabFold offers accelerated prediction of protein structures and complexes by combining the fast "
        "homology search of MMseqs2 with AlphaFold2 or RoseTTAFold.",
        ("alphafold2", "rosettafold"),
    ),
    _row(
        "esm2",
        "Evolutionary-scale prediction of atomic-level protein structure with a language model",
        "2023-03-17",
        "Science",
        "Zeming Lin; Halil Akin; Roshan Rao; B. Hie; Zhongkai Zhu; Wenting Lu; Alexander Rives",
        "Biology; Medicine; Computer Science",
        (3410, 92, 380),
        True,
        ("10.1126/science.ade2574", None, "36927031"),
        "Large language models of protein sequences learn enough about evolution to predict atomic-level structure "
        "directly from a single sequence (ESMFold).",
        ("transformer", "bert", "alphafold2", "rosettafold"),
    ),
    _row(
        "cellpose",
        "Cellpose: a generalist algorithm for cellular segmentation",
        "2020-12-14",
        "Nature Methods",
        "Carsen Stringer; Tim Wang; Michalis Michaelos; Marius Pachitariu",
        "Biology; Medicine; Computer Science",
        (3260, 55, 410),
        True,
        ("10.1038/s41592-020-01018-x", None, "33318659"),
        "Cellpose is a generalist, deep learning-based segmentation method that can precisely segment cells from a "
        "wide range of image types and does not require model retraining or parameter adjustments.",
        ("unet", "fiji"),
    ),
    _row(
        "fiji",
        "Fiji: an open-source platform for biological-image analysis",
        "2012-06-28",
        "Nature Methods",
        "Johannes E. Schindelin; Ignacio Arganda-Carreras; Erwin Frise; V. Kaynig; Pavel Tomancak; Albert Cardona",
        "Biology; Computer Science; Medicine",
        (48900, 20, 2110),
        True,
        ("10.1038/nmeth.2019", None, "22743772"),
        "Fiji is a distribution of the popular open-source software ImageJ focused on biological-image analysis.",
    ),
    _row(
        "scanpy",
        "SCANPY: large-scale single-cell gene expression data analysis",
        "2018-02-06",
        "Genome Biology",
        "F. A. Wolf; P. Angerer; Fabian J Theis",
        "Biology; Medicine; Computer Science",
        (7920, 46, 690),
        True,
        ("10.1186/s13059-017-1382-0", None, "29409532"),
        "SCANPY is a scalable toolkit for analyzing single-cell gene expression data, including preprocessing, "
        "visualization, clustering, pseudotime and trajectory inference.",
        ("umap",),
    ),
    _row(
        "seurat3",
        "Comprehensive Integration of Single-Cell Data",
        "2019-06-06",
        "Cell",
        "Tim Stuart; Andrew Butler; Paul J. Hoffman; Christoph Hafemeister; Efthymia Papalexi; Rahul Satija",
        "Biology; Medicine",
        (10840, 99, 1020),
        True,
        ("10.1016/j.cell.2019.05.031", None, "31178118"),
        "We develop a strategy to anchor diverse single-cell datasets, enabling integration of transcriptomic, "
        "epigenomic and spatial data.",
        ("scanpy",),
    ),
    _row(
        "seurat4",
        "Integrated analysis of multimodal single-cell data",
        "2021-06-24",
        "Cell",
        "Yuhan Hao; Stephanie Hao; Erica Andersen-Nissen; Rahul Satija",
        "Biology; Medicine",
        (9230, 88, 760),
        True,
        ("10.1016/j.cell.2021.04.048", None, "34062119"),
        "Weighted-nearest neighbor analysis learns the relative utility of each data type in each cell for "
        "integrative analysis of multimodal single-cell data.",
        ("seurat3", "scanpy", "umap", "harmony"),
    ),
    _row(
        "harmony",
        "Fast, sensitive and accurate integration of single-cell data with Harmony",
        "2019-11-18",
        "Nature Methods",
        "Ilya Korsunsky; Nghia Millard; Jean Fan; Kamil Slowikowski; S. Raychaudhuri",
        "Biology; Medicine; Computer Science",
        (4870, 52, 350),
        True,
        ("10.1038/s41592-019-0619-0", None, "31740819"),
        "Harmony is a batch correction algorithm that projects cells into a shared embedding in which cells group by cell type "
        "rather than dataset-specific conditions.",
        ("seurat3", "scanpy", "umap"),
    ),
    _row(
        "umap",
        "UMAP: Uniform Manifold Approximation and Projection for Dimension Reduction",
        "2018-02-09",
        "arXiv.org",
        "Leland McInnes; John Healy; James Melville",
        "Computer Science; Mathematics",
        (12650, 60, 1320),
        True,
        (None, "1802.03426", None),
        "UMAP is a novel manifold learning technique for dimension reduction, constructed from a theoretical "
        "framework based in Riemannian geometry and algebraic topology.",
    ),
    _row(
        "cellbender",
        "Unsupervised removal of systematic background noise from droplet-based single-cell "
        "experiments using CellBender",
        "2023-08-07",
        "Nature Methods",
        "Stephen J. Fleming; Mark D. Chaffin; A. Arduini; A. Akkad; E. Banks; John C. Marioni; Mehrtash Babadi",
        "Biology; Medicine; Computer Science",
        (610, 70, 60),
        True,
        ("10.1038/s41592-023-01943-7", None, "37550580"),
        "CellBender is a deep generative model that removes ambient RNA and barcode swapping from droplet-based "
        "single-cell data.",
        ("scanpy", "seurat3"),
    ),
    _row(
        "deseq2",
        "Moderated estimation of fold change and dispersion for RNA-seq data with DESeq2",
        "2014-12-05",
        "Genome Biology",
        "M. Love; W. Huber; S. Anders",
        "Biology; Medicine; Mathematics",
        (68400, 62, 5620),
        True,
        ("10.1186/s13059-014-0550-8", None, "25516281"),
        "DESeq2 uses shrinkage estimation for dispersions and fold changes to improve stability and "
        "interpretability of estimates in differential expression analysis of count data.",
    ),
    _row(
        "star",
        "STAR: ultrafast universal RNA-seq aligner",
        "2013-01-01",
        "Bioinformatics",
        "A. Dobin; C. Davis; F. Schlesinger; J. Drenkow; Chris Zaleski; Sonali Jha; P. Batut; Mark Chaisson; "
        "T. Gingeras",
        "Biology; Computer Science; Medicine",
        (41200, 34, 4870),
        True,
        ("10.1093/bioinformatics/bts635", None, "23104886"),
        "STAR aligns RNA-seq reads to a reference genome using uncompressed suffix arrays and is more than 50 times "
        "faster than other aligners.",
    ),
    _row(
        "snakemake",
        "Snakemake - a scalable bioinformatics workflow engine",
        "2012-08-20",
        "Bioinformatics",
        "Johannes Köster; S. Rahmann",
        "Computer Science; Biology; Medicine",
        (3120, 8, 240),
        True,
        ("10.1093/bioinformatics/bts480", None, "22908215"),
        "Snakemake is a workflow engine that provides a readable Python-based workflow definition language and a "
        "powerful execution environment that scales from single-core workstations to compute clusters.",
    ),
    _row(
        "nfcore",
        "The nf-core framework for community-curated bioinformatics pipelines",
        "2020-02-13",
        "Nature Biotechnology",
        "Philip A. Ewels; Alexander Peltzer; Sven Fillinger; Harshil Patel; Johannes Alneberg; Sven Nahnsen",
        "Computer Science; Biology; Medicine",
        (1910, 12, 150),
        True,
        ("10.1038/s41587-020-0439-x", None, "32055031"),
        "nf-core is a community effort to collect a curated set of analysis pipelines built using Nextflow.",
        ("snakemake",),
    ),
    _row(
        "cas9",
        "A Programmable Dual-RNA–Guided DNA Endonuclease in Adaptive Bacterial Immunity",
        "2012-06-28",
        "Science",
        "Martin Jinek; K. Chylinski; Ines Fonfara; M. Hauer; J. Doudna; E. Charpentier",
        "Biology; Medicine",
        (15870, 51, 1320),
        True,
        ("10.1126/science.1225829", None, "22745249"),
        "The CRISPR-associated protein Cas9 is a DNA endonuclease guided by two RNAs; a single chimeric guide RNA can program it to cleave "
        "specific DNA sites.",
    ),
    _row(
        "cong2013",
        "Multiplex Genome Engineering Using CRISPR/Cas Systems",
        "2013-01-03",
        "Science",
        "Le Cong; F. A. Ran; David Cox; Shuailiang Lin; Robert Barretto; Feng Zhang",
        "Biology; Medicine",
        (14210, 30, 1180),
        True,
        ("10.1126/science.1231143", None, "23287718"),
        "Type II CRISPR/Cas systems can be engineered to facilitate precise cleavage at endogenous genomic loci in "
        "human and mouse cells.",
        ("cas9",),
    ),
    _row(
        "prime",
        "Search-and-replace genome editing without double-strand breaks or donor DNA",
        "2019-10-21",
        "Nature",
        "Andrew V. Anzalone; Peyton B. Randolph; Jessie R. Davis; Gregory A. Newby; David R. Liu",
        "Biology; Medicine",
        (4460, 78, 470),
        True,
        ("10.1038/s41586-019-1711-4", None, "31634902"),
        "Prime editing uses a catalytically impaired CRISPR-Cas9 fused to a reverse transcriptase, programmed with a prime "
        "editing guide RNA, to write new genetic information into a specified DNA site.",
        ("cas9", "cong2013"),
    ),
    _row(
        "lgr5",
        "Single Lgr5 stem cells build crypt–villus structures in vitro without a mesenchymal niche",
        "2009-03-29",
        "Nature",
        "Toshiro Sato; R. Vries; H. Snippert; M. van de Wetering; N. Barker; D. Stange; "
        "J. V. van Es; A. Abo; P. Kujala; P. Peters; H. Clevers",
        "Biology; Medicine",
        (6320, 30, 520),
        False,
        ("10.1038/nature07935", None, "19329995"),
        "Single sorted Lgr5+ stem cells build long-lived crypt-villus organoids in Matrigel culture with R-spondin, "
        "EGF and Noggin.",
    ),
    _row(
        "st2016",
        "Visualization and analysis of gene expression in tissue sections by spatial transcriptomics",
        "2016-07-01",
        "Science",
        "Patrik L. Ståhl; Fredrik Salmén; Sanja Vickovic; Joakim Lundeberg; Jonas Frisén",
        "Biology; Medicine",
        (2680, 27, 250),
        False,
        ("10.1126/science.aaf2403", None, "27365449"),
        "Spatial transcriptomics positions histological sections on arrayed reverse transcription primers with "
        "unique positional barcodes for quantitative gene expression data with spatial information.",
    ),
    _row(
        "slideseq",
        "Slide-seq: A scalable technology for measuring genome-wide expression at high spatial resolution",
        "2019-03-29",
        "Science",
        "Samuel G. Rodriques; Robert R. Stickels; Aleksandrina Goeva; Fei Chen; Evan Z. Macosko",
        "Biology; Medicine",
        (1540, 42, 140),
        True,
        ("10.1126/science.aaw1219", None, "30923225"),
        "Slide-seq transfers RNA from tissue sections onto a surface covered in DNA-barcoded beads with known "
        "positions, at 10-micrometer resolution.",
        ("st2016",),
    ),
    _row(
        "hoff2020",
        "Wnt niche remodelling in the aged intestinal crypt",
        "2020-09-14",
        "The EMBO Journal",
        "Katrin Hoffmann; Amara Okafor; Stefan Müller",
        "Biology; Medicine",
        (187, 64, 19),
        True,
        ("10.15252/embj.2020105123", None, "32926447"),
        "Paneth cells of aged mice secrete Notum, which dampens Wnt signalling and reduces the regenerative "
        "capacity of Lgr5+ stem cells in the crypt.",
        ("lgr5",),
    ),
    _row(
        "hoff2022",
        "Lgr5+ stem cell dynamics in ageing intestinal organoids",
        "2022-04-07",
        "Cell Stem Cell",
        "Katrin Hoffmann; Jonas Brandt; Marco Rossi; Amara Okafor",
        "Biology; Medicine",
        (112, 58, 11),
        False,
        ("10.1016/j.stem.2022.03.011", None, "35395180"),
        "Live imaging of organoids from young and aged mice shows slower crypt fission and fewer Lgr5+ stem cell "
        "divisions with age.",
        ("lgr5", "hoff2020", "fiji"),
    ),
    _row(
        "hoff2023",
        "Deep-learning segmentation of intestinal organoids in brightfield time-lapse images",
        "2023-09-21",
        "Scientific Reports",
        "Marco Rossi; Lena Wagner; Katrin Hoffmann",
        "Biology; Computer Science",
        (58, 41, 6),
        True,
        ("10.1038/s41598-023-42371-5", None, "37735178"),
        "organoid-seg fine-tunes Cellpose on 310 annotated brightfield frames and tracks organoid growth and fission "
        "over days of time-lapse imaging.",
        ("cellpose", "unet", "hoff2022", "fiji"),
    ),
    _row(
        "hoff2024",
        "scrna-pipeline: a reproducible Snakemake workflow for 10x single-cell data",
        "2024-10-02",
        "Bioinformatics Advances",
        "Pei Chen; Jonas Brandt; Katrin Hoffmann",
        "Biology; Computer Science",
        (9, 30, 1),
        True,
        ("10.1093/bioadv/vbae141", None, "39360211"),
        "A Snakemake workflow from 10x FASTQ files to annotated clusters with STARsolo, Scrublet and Scanpy, with "
        "conda environments and a SLURM profile.",
        ("snakemake", "star", "scanpy", "nfcore"),
    ),
    _row(
        "hoff2025",
        "A spatial atlas of the ageing mouse intestine",
        "2025-06-16",
        "Nature Aging",
        "Jonas Brandt; Amara Okafor; Pei Chen; Katrin Hoffmann",
        "Biology; Medicine",
        (41, 77, 5),
        True,
        ("10.1038/s43587-025-00871-3", None, "40523317"),
        "Spatial transcriptomics of the small intestine of mice aged 3, 12 and 24 months maps crypt stem cell "
        "niches and shows loss of Wnt ligand expression in aged Paneth cells.",
        ("st2016", "slideseq", "seurat3", "harmony", "hoff2020", "hoff2022", "lgr5"),
    ),
    _row(
        "hoff2026",
        "Perfused organoid-on-chip culture extends crypt regeneration in aged intestinal epithelium",
        "2026-09-30",
        "bioRxiv",
        "Lena Wagner; Pei Chen; Katrin Hoffmann",
        "Biology",
        (3, 52, 0),
        True,
        ("10.1101/2026.09.28.614551", None, None),
        "A perfused chip restores crypt regeneration of aged organoids to near-young levels; single-cell RNA-seq "
        "shows rescued Wnt target expression.",
        ("hoff2025", "hoff2022", "lgr5", "hoff2024", "cellbender"),
    ),
    _row(
        "thoffmann",
        "Quantum dots as single-photon sources in nanowire cavities",
        "2021-03-02",
        "Physical Review Letters",
        "Thomas Hoffmann; Claire Dubois",
        "Physics",
        (77, 35, 4),
        False,
        ("10.1103/PhysRevLett.126.097401", None, None),
        "Deterministic single-photon emission from quantum dots in tapered nanowires with 92% efficiency.",
    ),
]
# author name -> (affiliations, homepage, h-index, paper count, citation count); others are derived from the mirror
PROFILES: dict[str, tuple[tuple[str, ...], str | None, int, int, int]] = {
    "Katrin Hoffmann": (("Heidelberg University", "BioQuant"), "https://hoffmannlab.org", 24, 61, 3380),
    "Jonas Brandt": (("Heidelberg University",), None, 11, 23, 910),
    "Amara Okafor": (("Heidelberg University",), None, 6, 9, 420),
    "Marco Rossi": (("Heidelberg University",), None, 4, 7, 190),
    "Lena Wagner": (("Heidelberg University",), None, 3, 5, 70),
    "Pei Chen": (("Heidelberg University", "EMBL Heidelberg"), None, 9, 19, 640),
    "Thomas Hoffmann": (("TU Munich",), None, 14, 48, 1210),
    "J. Jumper": (("Google DeepMind",), None, 41, 76, 52400),
    "Ashish Vaswani": (("Essential AI",), None, 29, 45, 190500),
    "Kaiming He": (
        ("Massachusetts Institute of Technology",),
        "https://people.csail.mit.edu/kaiming/",
        78,
        140,
        650000,
    ),
    "Fabian J Theis": (("Helmholtz Munich", "Technical University of Munich"), None, 98, 720, 98000),
    "Rahul Satija": (("New York Genome Center", "New York University"), None, 52, 110, 61000),
    "Carsen Stringer": (("HHMI Janelia Research Campus",), None, 24, 45, 9800),
    "J. Doudna": (("University of California, Berkeley",), None, 165, 620, 210000),
    "Feng Zhang": (("Broad Institute", "Massachusetts Institute of Technology"), None, 140, 330, 190000),
    "H. Clevers": (("Hubrecht Institute",), None, 210, 1250, 260000),
    "M. Love": (("University of North Carolina at Chapel Hill",), None, 32, 70, 88000),
    "A. Dobin": (("Cold Spring Harbor Laboratory",), None, 25, 44, 52000),
    "Johannes Köster": (("University of Duisburg-Essen",), None, 28, 90, 9900),
    "Demis Hassabis": (("Google DeepMind",), None, 60, 150, 120000),
    "D. Baker": (("University of Washington",), None, 190, 1100, 240000),
    "David R. Liu": (("Broad Institute", "Harvard University"), None, 120, 520, 98000),
}


def _paper_id(row: Row) -> str:
    return hashlib.sha1(f"s2:{row.title}".encode()).hexdigest()


def _corpus_id(row: Row) -> int:
    return 10_000_000 + int(hashlib.sha1(f"corpus:{row.title}".encode()).hexdigest()[:8], 16) % 260_000_000


def _author_id(name: str) -> str:
    return str(1_000_000 + int(hashlib.sha1(f"author:{name}".encode()).hexdigest()[:8], 16) % 2_200_000_000)


BY_KEY = {row.key: row for row in ROWS}
BY_ID = {_paper_id(row): row for row in ROWS}
AUTHORS = {_author_id(name): name for row in ROWS for name in row.authors}


class AuthorRef(BaseModel):
    """An author of a paper."""

    authorId: str = Field(description="Semantic Scholar author ID")
    name: str = Field(description="Name as printed")


class OpenAccessPdf(BaseModel):
    """Where the free PDF is."""

    url: str = Field(description="PDF address")
    status: str = Field(description="GOLD, GREEN, HYBRID or BRONZE")


class Paper(BaseModel):
    """A paper."""

    paperId: str = Field(description="Semantic Scholar paper ID (40 hex characters)")
    title: str = Field(description="Title")
    abstract: str | None = Field(description="Abstract")
    year: int = Field(description="Publication year")
    publicationDate: str = Field(description="YYYY-MM-DD")
    venue: str = Field(description="Journal or conference")
    authors: list[AuthorRef] = Field(description="Authors in order")
    citationCount: int = Field(description="Citing papers")
    referenceCount: int = Field(description="References")
    influentialCitationCount: int = Field(description="Highly influential citations")
    fieldsOfStudy: list[str] = Field(description="Fields of study")
    isOpenAccess: bool = Field(description="A free PDF exists")
    openAccessPdf: OpenAccessPdf | None = Field(description="The free PDF, if any")
    externalIds: dict[str, str] = Field(description="DOI, ArXiv, PubMed and CorpusId")
    url: str = Field(description="Semantic Scholar page")


class SearchResults(BaseModel):
    """Search results."""

    total: int = Field(description="Matches before the limit")
    offset: int = Field(description="Always 0")
    next: int | None = Field(description="Offset of the next page, null on the last")
    data: list[Paper] = Field(description="Papers, most relevant first")


class Author(BaseModel):
    """An author."""

    authorId: str = Field(description="Semantic Scholar author ID")
    name: str = Field(description="Name")
    affiliations: list[str] = Field(description="Current affiliations")
    homepage: str | None = Field(description="Homepage")
    paperCount: int = Field(description="Papers")
    citationCount: int = Field(description="Citations")
    hIndex: int = Field(description="h-index")
    url: str = Field(description="Semantic Scholar page")
    papers: list[Paper] = Field(description="Their papers in this mirror, newest first")


class Citation(BaseModel):
    """A citing paper."""

    isInfluential: bool = Field(description="A highly influential citation")
    intents: list[str] = Field(description="background, methodology or result")
    citingPaper: Paper = Field(description="The citing paper")


class Citations(BaseModel):
    """Papers citing a paper."""

    paperId: str = Field(description="The cited paper")
    title: str = Field(description="Its title")
    citationCount: int = Field(description="All citing papers on Semantic Scholar")
    total: int = Field(description="Citing papers in this mirror")
    next: int | None = Field(description="Offset of the next page, null on the last")
    data: list[Citation] = Field(description="Citing papers in this mirror, newest first")


def paper(row: Row) -> Paper:
    ids = {"CorpusId": str(_corpus_id(row))}
    if row.doi:
        ids["DOI"] = row.doi
    if row.arxiv:
        ids["ArXiv"] = row.arxiv
    if row.pmid:
        ids["PubMed"] = row.pmid
    pid = _paper_id(row)
    pdf = None
    if row.open_access:
        link = f"https://arxiv.org/pdf/{row.arxiv}" if row.arxiv else f"https://doi.org/{row.doi}"
        pdf = OpenAccessPdf(url=link, status="GREEN" if row.arxiv else "GOLD")
    return Paper(
        paperId=pid,
        title=row.title,
        abstract=row.abstract,
        year=row.year,
        publicationDate=row.date,
        venue=row.venue,
        authors=[AuthorRef(authorId=_author_id(a), name=a) for a in row.authors],
        citationCount=row.citations,
        referenceCount=row.references,
        influentialCitationCount=row.influential,
        fieldsOfStudy=row.fields,
        isOpenAccess=row.open_access,
        openAccessPdf=pdf,
        externalIds=ids,
        url=f"https://www.semanticscholar.org/paper/{pid}",
    )


def _fold(text: str) -> str:
    text = (text or "").lower().replace("–", "-").replace("—", "-")
    for a, b in (("ä", "a"), ("ö", "o"), ("ü", "u"), ("é", "e"), ("å", "a")):
        text = text.replace(a, b)
    return text


_STOP = frozenset({"a", "an", "the", "of", "for", "and", "on", "in", "with", "to", "by", "using", "via", "paper"})


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", _fold(text)) if w not in _STOP]


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def _one_edit(a: str, b: str) -> bool:
    """``a`` and ``b`` differ by at most one inserted, deleted or replaced letter."""
    if abs(len(a) - len(b)) > 1:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i:] == b[i + 1 :] or (len(a) == len(b) and a[i + 1 :] == b[i + 1 :])


def _near(word: str, tokens: set[str]) -> bool:
    """``word`` is one of ``tokens``, or a typo of one (one letter off, for words of 5 letters or more)."""
    return word in tokens or (len(word) >= 5 and any(len(t) >= 5 and _one_edit(word, t) for t in tokens))


def _years(year: str | None) -> tuple[int, int] | None:
    if year is None or not str(year).strip():
        return None
    text = str(year).strip().replace("–", "-")
    match = re.fullmatch(r"(\d{4})?\s*-\s*(\d{4})?", text)
    if re.fullmatch(r"\d{4}", text):
        return int(text), int(text)
    if match and (match.group(1) or match.group(2)):
        low = int(match.group(1)) if match.group(1) else 1900
        high = int(match.group(2)) if match.group(2) else 9999
        if low > high:
            raise ValueError(f"year range '{year}' runs backwards: send '{high}-{low}'.")
        return low, high
    raise ValueError(
        f"Invalid year '{year}': send a year ('2019'), a range ('2019-2023'), or an open range ('2020-', '-2015')."
    )


def _fields(values: list[str] | None) -> list[str] | None:
    if not values:
        return None
    if isinstance(values, str):
        values = [values]
    out = []
    for value in values:
        if "," in value:
            raise ValueError("Give each field of study as its own list item, not comma-separated.")
        key = value.strip().lower()
        match = next((f for f in FIELDS_OF_STUDY if f.lower() == key), None) or FIELD_ALIASES.get(key)
        if match is None:
            raise ValueError(f"Unknown field of study '{value}'. Fields: {', '.join(FIELDS_OF_STUDY)}.")
        out.append(match)
    return out


def _limit(limit: int, name: str = "limit") -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"{name} must be a whole number from 1 to {MAX_LIMIT}.")
    return limit


def search(
    query: str,
    limit: int = 10,
    year: str | None = None,
    fields_of_study: list[str] | None = None,
    open_access_only: bool = False,
) -> SearchResults:
    """Papers matching the words of ``query`` (title, abstract, venue, authors), best match first.

    Raises:
        ValueError: for an empty query, a bad year, an unknown field of study or a limit out of range.
    """
    words = [_stem(w) for w in _words(query)]
    if not words:
        raise ValueError("query must not be empty.")
    limit = _limit(limit)
    span = _years(year)
    fields = _fields(fields_of_study)
    scored = []
    for row in ROWS:
        if span and not span[0] <= row.year <= span[1]:
            continue
        if fields and not set(fields) & set(row.fields):
            continue
        if open_access_only and not row.open_access:
            continue
        title = {_stem(w) for w in _words(row.title)}
        rest = {_stem(w) for w in _words(" ".join([row.abstract, row.venue, *row.authors, *row.fields]))}
        if row.arxiv:
            rest.add(row.arxiv.replace(".", ""))
        hits = sum(2 if _near(w, title) else 1 if _near(w, rest) else 0 for w in words)
        found = sum(1 for w in words if _near(w, title) or _near(w, rest))
        if found * 3 < len(words) * 2 or hits == 0:
            continue
        scored.append((-hits, -row.citations, row.key))
    scored.sort()
    rows = [BY_KEY[k] for _, _, k in scored]
    return SearchResults(
        total=len(rows), offset=0, next=limit if len(rows) > limit else None, data=[paper(r) for r in rows[:limit]]
    )


def find_paper(paper_id: str) -> Row:
    """The paper ``paper_id`` names: a 40-hex ID, or 'DOI:', 'ARXIV:', 'PMID:', 'CorpusId:' or 'URL:' and an ID.

    Raises:
        ValueError: for an ID without its prefix (with the form to send) or a paper not in the mirror.
    """
    raw = (paper_id or "").strip()
    if not raw:
        raise ValueError("paper_id must not be empty.")
    if re.fullmatch(r"[0-9a-fA-F]{40}", raw):
        if raw.lower() in BY_ID:
            return BY_ID[raw.lower()]
        raise ValueError(f"Paper with id {raw} not found.")
    prefix, sep, value = raw.partition(":")
    kind = prefix.strip().upper() if sep else ""
    value = value.strip()
    if kind == "URL":
        match = re.search(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5})", value) or re.search(
            r"semanticscholar\.org/paper/(?:[^/]+/)?([0-9a-f]{40})", value
        )
        if match and "arxiv" in value:
            kind, value = "ARXIV", match.group(1)
        elif match:
            return find_paper(match.group(1))
        elif re.search(r"doi\.org/(10\.\S+)", value):
            kind, value = "DOI", re.search(r"doi\.org/(10\.\S+)", value).group(1)  # type: ignore[union-attr]
        else:
            raise ValueError(f"Paper with id {raw} not found (URLs of semanticscholar.org and arxiv.org work).")
    if kind == "DOI":
        for row in ROWS:
            if row.doi and row.doi.lower() == value.lower():
                return row
        raise ValueError(f"Paper with id {raw} not found.")
    if kind == "ARXIV":
        bare = re.sub(r"v\d+$", "", value.lower().removeprefix("arxiv:").strip())
        for row in ROWS:
            if row.arxiv and row.arxiv == bare:
                return row
        raise ValueError(f"Paper with id {raw} not found.")
    if kind in ("PMID", "PUBMED"):
        for row in ROWS:
            if row.pmid and row.pmid == value:
                return row
        raise ValueError(f"Paper with id {raw} not found.")
    if kind == "CORPUSID":
        for row in ROWS:
            if str(_corpus_id(row)) == value:
                return row
        raise ValueError(f"Paper with id {raw} not found.")
    if sep and kind:
        raise ValueError(
            f"Unknown ID prefix '{prefix}:'. Use DOI:, ARXIV:, PMID:, CorpusId:, URL: or a 40-character paper ID."
        )
    if re.fullmatch(r"10\.\d{4,9}/\S+", raw):
        raise ValueError(f"Paper with id {raw} not found. For a DOI send 'DOI:{raw}'.")
    if re.fullmatch(r"\d{4}\.\d{4,5}(v\d+)?", raw):
        raise ValueError(f"Paper with id {raw} not found. For an arXiv id send 'ARXIV:{raw}'.")
    if re.fullmatch(r"\d{5,9}", raw):
        raise ValueError(f"Paper with id {raw} not found. For a PubMed id send 'PMID:{raw}'.")
    raise ValueError(
        f"Paper with id {raw} not found. paper_id is a Semantic Scholar ID or a prefixed external ID; to find a "
        "paper by its title use search_papers."
    )


def author(author_id: str) -> Author:
    """An author's profile and their papers in the mirror.

    Raises:
        ValueError: for a name instead of an ID, or an unknown ID.
    """
    raw = (author_id or "").strip()
    if raw not in AUTHORS:
        if not raw.isdigit():
            raise ValueError(
                f"Author with id {raw} not found. author_id is a Semantic Scholar author ID (digits, e.g. "
                f"'{_author_id('Katrin Hoffmann')}'); the authors of a paper from search_papers or get_paper carry "
                "their IDs."
            )
        raise ValueError(f"Author with id {raw} not found.")
    name = AUTHORS[raw]
    rows = sorted((r for r in ROWS if name in r.authors), key=lambda r: r.date, reverse=True)
    if name in PROFILES:
        affiliations, homepage, h_index, count, cited = PROFILES[name]
    else:
        affiliations, homepage = (), None
        cited = sum(r.citations for r in rows) + 40 * len(name)
        count = len(rows) + len(name) % 30 + 3
        h_index = min(count, 5 + len(name) % 40)
    return Author(
        authorId=raw,
        name=name,
        affiliations=list(affiliations),
        homepage=homepage,
        paperCount=count,
        citationCount=cited,
        hIndex=h_index,
        url=f"https://www.semanticscholar.org/author/{raw}",
        papers=[paper(r) for r in rows],
    )


def citations(paper_id: str, limit: int = 10) -> Citations:
    """The papers of the mirror that cite ``paper_id``, newest first.

    Raises:
        ValueError: for an unknown paper or a limit out of range.
    """
    row = find_paper(paper_id)
    limit = _limit(limit)
    citing = sorted((r for r in ROWS if row.key in r.cites), key=lambda r: r.date, reverse=True)
    data = [
        Citation(
            isInfluential=r.key.startswith("hoff") or row.key in r.cites[:1],
            intents=["methodology"] if row.key in r.cites[:2] else ["background"],
            citingPaper=paper(r),
        )
        for r in citing[:limit]
    ]
    return Citations(
        paperId=_paper_id(row),
        title=row.title,
        citationCount=row.citations,
        total=len(citing),
        next=limit if len(citing) > limit else None,
        data=data,
    )


server = MCPServer("eval-scholar", instructions="Semantic Scholar: papers, authors and citations. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Search papers", readOnlyHint=True, openWorldHint=True))
def search_papers(
    query: str,
    limit: int = 10,
    year: str | None = None,
    fields_of_study: list[str] | None = None,
    open_access_only: bool = False,
) -> SearchResults:
    """Search for academic papers on Semantic Scholar.

    Args:
        query: Search query (keywords, a title, or an author's name)
        limit: Maximum number of results to return (1-100, default 10)
        year: Publication year or range, e.g. "2019", "2019-2023", "2020-" (since 2020) or "-2015" (up to 2015)
        fields_of_study: Restrict to fields of study, e.g. ["Computer Science", "Biology", "Medicine"]
        open_access_only: Only return papers with a free PDF

    Returns:
        Matching papers with title, authors (with author IDs), year, venue, citation count and external IDs
    """
    try:
        return search(query, limit, year, fields_of_study, open_access_only)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Get paper", readOnlyHint=True, openWorldHint=True))
def get_paper(paper_id: str) -> Paper:
    """Get details of a paper: abstract, authors, venue, year, citation and reference counts, open-access PDF.

    Args:
        paper_id: Semantic Scholar paper ID (40 hex characters), or an external ID with its prefix:
            "DOI:10.1038/nature12373", "ARXIV:2106.15928", "PMID:19872477", "CorpusId:215416146",
            "URL:https://arxiv.org/abs/2106.15928"

    Returns:
        The paper's details
    """
    try:
        return paper(find_paper(paper_id))
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Get author", readOnlyHint=True, openWorldHint=True))
def get_author(author_id: str) -> Author:
    """Get details of an author: affiliations, h-index, paper and citation counts, and their papers.

    Args:
        author_id: Semantic Scholar author ID (digits), as listed in a paper's authors

    Returns:
        The author's profile
    """
    try:
        return author(author_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Get paper citations", readOnlyHint=True, openWorldHint=True))
def get_paper_citations(paper_id: str, limit: int = 10) -> Citations:
    """Get the papers that cite a paper, newest first.

    Args:
        paper_id: Semantic Scholar paper ID, or an external ID with its prefix ("DOI:...", "ARXIV:...", "PMID:...")
        limit: Maximum number of citing papers to return (1-100, default 10)

    Returns:
        The citing papers, with whether each citation is influential and its intents
    """
    try:
        return citations(paper_id, limit)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
