"""Test-only code-hosting server (dev set ``dev13_tools.jsonl``): open an issue, list a repository's issues with
filters and a page, one issue by its number, comment on an issue, search repositories, read a file or a directory
at a branch, tag or commit, and list a branch's commits.

Run with: ``python -m eval.servers.github`` (stdio). A fixed snapshot of a lab's GitHub organisation
(``hoffmann-lab``: six repositories with their issues, files, branches, tags and commits) and of sixteen other
repositories the lab uses; issues and comments created are kept in memory (none at every start). "Now" is the
evaluation's clock, 2026-11-22 12:00 UTC. No network, no real clock. The tool shapes follow the official GitHub MCP
server (github/github-mcp-server, mid-2025): the same tool names, camelCase ``perPage`` next to snake_case
``issue_number``, plain ``number`` types for integers, state/sort/direction enums, short descriptions (some of one
line), ``owner`` and ``repo`` as two separate arguments.
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field, WithJsonSchema

from agent_core.servers._serve import main

NOW = "2026-11-22T12:00:00Z"
ME = "research-assistant-bot"  # the token's user: issues and comments are created in its name
LAB = ("khoffmann", "jbrandt", "aokafor", "mrossi", "lwagner", "pchen")
MAX_PER_PAGE = 100
DEFAULT_PER_PAGE = 30

# full name -> (description, language, stars, forks, topics, private, fork of, pushed_at)
REPOS: dict[str, tuple[str, str | None, int, int, tuple[str, ...], bool, str | None, str]] = {
    "hoffmann-lab/scrna-pipeline": (
        "Snakemake workflow for 10x Genomics single-cell RNA-seq: STARsolo alignment, QC, doublet removal, "
        "clustering and annotation",
        "Python",
        34,
        11,
        ("snakemake", "single-cell", "scrna-seq", "10x-genomics", "bioinformatics"),
        False,
        None,
        "2026-11-21T16:02:11Z",
    ),
    "hoffmann-lab/organoid-seg": (
        "Cellpose-based segmentation and tracking of intestinal organoids in brightfield and confocal time-lapse "
        "stacks",
        "Python",
        21,
        6,
        ("cellpose", "segmentation", "organoids", "microscopy", "napari"),
        False,
        None,
        "2026-11-20T10:45:37Z",
    ),
    "hoffmann-lab/spatial-atlas": (
        "Analysis code for 'A spatial atlas of the ageing mouse intestine' (Brandt et al., Nature Aging 2025)",
        "R",
        58,
        9,
        ("spatial-transcriptomics", "visium", "ageing", "intestine"),
        False,
        None,
        "2026-11-19T14:20:05Z",
    ),
    "hoffmann-lab/lab-protocols": (
        "Wet-lab protocols of the Hoffmann lab: organoid culture, cloning, staining, imaging",
        None,
        7,
        2,
        ("protocols", "organoids"),
        False,
        None,
        "2026-11-19T08:31:50Z",
    ),
    "hoffmann-lab/plate-reader-tools": (
        "Parse, normalise and plot plate-reader exports (Tecan Spark, BMG CLARIOstar)",
        "Python",
        3,
        1,
        ("plate-reader", "dose-response"),
        False,
        None,
        "2026-11-02T17:12:44Z",
    ),
    "hoffmann-lab/lab-website": (
        "Source of hoffmannlab.org (Hugo)",
        "HTML",
        0,
        0,
        ("hugo", "website"),
        True,
        None,
        "2026-10-30T09:05:00Z",
    ),
    "scverse/scanpy": (
        "Single-cell analysis in Python. Scales to >100M cells.",
        "Python",
        2140,
        640,
        ("single-cell", "scrna-seq", "anndata", "transcriptomics", "bioinformatics"),
        False,
        None,
        "2026-11-21T20:11:09Z",
    ),
    "scverse/anndata": (
        "Annotated data.",
        "Python",
        655,
        170,
        ("anndata", "single-cell", "hdf5"),
        False,
        None,
        "2026-11-20T08:42:13Z",
    ),
    "satijalab/seurat": (
        "R toolkit for single cell genomics",
        "R",
        2490,
        960,
        ("single-cell", "scrna-seq", "spatial-transcriptomics"),
        False,
        None,
        "2026-11-14T15:30:00Z",
    ),
    "MouseLand/cellpose": (
        "a generalist algorithm for cellular segmentation with human-in-the-loop capabilities",
        "Python",
        1740,
        430,
        ("segmentation", "microscopy", "deep-learning", "cellpose"),
        False,
        None,
        "2026-11-18T22:01:40Z",
    ),
    "nf-core/rnaseq": (
        "RNA sequencing analysis pipeline using STAR, RSEM, HISAT2 or Salmon with gene/isoform counts and extensive "
        "quality control.",
        "Nextflow",
        1110,
        760,
        ("nextflow", "nf-core", "rna-seq", "pipeline", "bioinformatics"),
        False,
        None,
        "2026-11-21T09:00:00Z",
    ),
    "nf-core/scrnaseq": (
        "A single-cell RNAseq pipeline for 10X genomics data",
        "Nextflow",
        265,
        180,
        ("nextflow", "nf-core", "single-cell", "10x-genomics", "pipeline"),
        False,
        None,
        "2026-11-10T12:00:00Z",
    ),
    "snakemake/snakemake": (
        "This is the development home of the workflow management system Snakemake.",
        "Python",
        2510,
        600,
        ("workflow", "snakemake", "reproducibility", "pipeline"),
        False,
        None,
        "2026-11-21T18:30:00Z",
    ),
    "google-deepmind/alphafold": (
        "Open source code for AlphaFold 2.",
        "Python",
        13600,
        2400,
        ("protein-structure", "deep-learning", "alphafold"),
        False,
        None,
        "2026-09-02T10:00:00Z",
    ),
    "sokrypton/ColabFold": (
        "Making Protein folding accessible to all!",
        "Jupyter Notebook",
        2230,
        540,
        ("protein-structure", "alphafold", "colab"),
        False,
        None,
        "2026-11-05T11:00:00Z",
    ),
    "facebookresearch/esm": (
        "Evolutionary Scale Modeling (esm): Pretrained language models for proteins",
        "Python",
        3750,
        680,
        ("protein-language-model", "deep-learning", "protein-structure"),
        False,
        None,
        "2025-06-11T10:00:00Z",
    ),
    "facebookresearch/segment-anything": (
        "The repository provides code for running inference with the SegmentAnything Model (SAM), links for "
        "downloading the trained model checkpoints, and example notebooks that show how to use the model.",
        "Jupyter Notebook",
        50200,
        5900,
        ("segmentation", "computer-vision", "deep-learning"),
        False,
        None,
        "2025-03-01T10:00:00Z",
    ),
    "broadinstitute/CellBender": (
        "CellBender is a software package for eliminating technical artifacts from high-throughput single-cell RNA "
        "sequencing (scRNA-seq) data.",
        "Python",
        335,
        60,
        ("single-cell", "ambient-rna", "scrna-seq"),
        False,
        None,
        "2026-10-01T10:00:00Z",
    ),
    "immunogenomics/harmony": (
        "Fast, sensitive and accurate integration of single cell data",
        "R",
        565,
        80,
        ("single-cell", "batch-correction", "integration"),
        False,
        None,
        "2026-04-20T10:00:00Z",
    ),
    "fiji/fiji": (
        'A "batteries-included" distribution of ImageJ :battery:',
        "Java",
        910,
        250,
        ("imagej", "microscopy", "image-analysis"),
        False,
        None,
        "2026-11-12T10:00:00Z",
    ),
    "sfischer-embl/organoid-seg": (
        "Cellpose-based segmentation and tracking of intestinal organoids (fork with 3D support)",
        "Python",
        1,
        0,
        ("organoids", "segmentation"),
        False,
        "hoffmann-lab/organoid-seg",
        "2026-11-11T13:00:00Z",
    ),
    "jbrandt/visium-qc": (
        "Quick QC plots for 10x Visium runs (spots under tissue, UMIs, genes, mitochondrial fraction)",
        "Python",
        12,
        3,
        ("visium", "spatial-transcriptomics", "qc"),
        False,
        None,
        "2026-08-19T10:00:00Z",
    ),
}
# branches and tags of each repository (the first branch is the default)
BRANCHES: dict[str, tuple[str, ...]] = {
    "hoffmann-lab/scrna-pipeline": ("main", "dev", "feature/cellbender"),
    "hoffmann-lab/organoid-seg": ("main", "retrain-20x"),
    "hoffmann-lab/spatial-atlas": ("main", "revision-1"),
}
TAGS: dict[str, tuple[str, ...]] = {
    "hoffmann-lab/scrna-pipeline": ("v1.0.0", "v1.1.0", "v1.2.0"),
    "hoffmann-lab/organoid-seg": ("v0.3.0", "v0.4.0"),
    "hoffmann-lab/spatial-atlas": ("v1.0-paper",),
}
# issues: repo -> number -> (title, state, author, labels, assignees, comments, created, updated, closed, body)
IssueRow = tuple[str, str, str, tuple[str, ...], tuple[str, ...], int, str, str, str | None, str]
ISSUES: dict[str, dict[int, IssueRow]] = {
    "hoffmann-lab/scrna-pipeline": {
        52: (
            "STARsolo step fails on NovaSeq X FASTQs with 'read length mismatch'",
            "open",
            "aokafor",
            ("bug",),
            ("pchen",),
            4,
            "2026-11-20T09:14:22Z",
            "2026-11-21T16:40:03Z",
            None,
            "Running `align` on the November run (NovaSeq X, 28+90 cycles) stops with `EXITING because of fatal "
            "ERROR: read length mismatch` for all 8 samples. The old NovaSeq 6000 runs are fine. Config attached; "
            "soloCBlen/soloUMIlen are the v3 defaults.",
        ),
        51: (
            "Add CellBender ambient RNA removal as optional rule",
            "open",
            "jbrandt",
            ("enhancement",),
            ("pchen",),
            2,
            "2026-11-12T13:02:45Z",
            "2026-11-19T10:11:30Z",
            None,
            "The gut samples have a lot of ambient RNA. A rule `remove_background` (CellBender 0.3) before "
            "`qc_filter`, switched on with `cellbender: true` in the config, would help. Work started on "
            "feature/cellbender.",
        ),
        50: (
            "Document how to run on the bwHPC cluster with the SLURM profile",
            "open",
            "mrossi",
            ("documentation", "good first issue"),
            (),
            1,
            "2026-11-05T08:30:00Z",
            "2026-11-05T15:12:09Z",
            None,
            "The README only shows a local run. Please add the `--profile profiles/slurm` call, the partition names "
            "and how much memory the align rule needs.",
        ),
        49: (
            "Scrublet doublet scores all NaN for samples with fewer than 500 cells",
            "closed",
            "lwagner",
            ("bug",),
            ("pchen",),
            5,
            "2026-10-28T11:20:00Z",
            "2026-11-03T09:45:12Z",
            "2026-11-03T09:45:12Z",
            "Samples S07 and S12 (about 300 cells each) get NaN doublet scores and are then dropped entirely.",
        ),
        47: (
            "Support Chromium Flex (probe-based) libraries",
            "open",
            "sfischer-embl",
            ("enhancement", "help wanted"),
            (),
            3,
            "2026-10-14T07:55:31Z",
            "2026-11-17T12:03:44Z",
            None,
            "We would like to run Flex (FRP) libraries through the pipeline. STARsolo needs the probe set and "
            "`--soloFeatures GeneFull`; happy to contribute a PR.",
        ),
        46: (
            "config.yaml example still points to GRCm38",
            "closed",
            "aokafor",
            ("documentation",),
            ("aokafor",),
            1,
            "2026-10-08T14:00:00Z",
            "2026-10-10T08:12:00Z",
            "2026-10-10T08:12:00Z",
            "The example config uses the GRCm38 index although the lab moved to GRCm39 / GENCODE M33.",
        ),
        45: (
            "Pin scanpy < 1.11 until the new leiden default is handled",
            "open",
            "pchen",
            ("bug", "dependencies"),
            ("pchen",),
            2,
            "2026-10-02T10:10:10Z",
            "2026-11-14T09:00:41Z",
            None,
            "scanpy 1.11 switches `sc.tl.leiden` to the igraph flavour by default and the cluster numbers change. "
            "Pin the version in envs/scrna.yaml until the cluster rule sets the flavour explicitly.",
        ),
        43: (
            "Rule 'qc_report' crashes when a sample has zero mitochondrial genes",
            "closed",
            "mrossi",
            ("bug",),
            ("mrossi",),
            3,
            "2026-09-18T16:44:00Z",
            "2026-09-22T10:00:00Z",
            "2026-09-22T10:00:00Z",
            "The organoid samples were mapped to a reference without chrM and `pct_counts_mt` is missing.",
        ),
        41: (
            "Question: which genome build for the ageing cohort?",
            "open",
            "lwagner",
            ("question",),
            (),
            6,
            "2026-09-15T09:00:00Z",
            "2026-10-30T17:21:00Z",
            None,
            "Should the re-analysis of the 2023 ageing cohort use GRCm39 or stay on GRCm38 for comparability with "
            "the paper?",
        ),
        38: (
            "Move to Snakemake 8 executor plugins",
            "closed",
            "pchen",
            ("enhancement",),
            ("pchen",),
            2,
            "2026-08-20T08:00:00Z",
            "2026-08-29T12:00:00Z",
            "2026-08-29T12:00:00Z",
            "`--cluster` is gone in Snakemake 8; switch the SLURM profile to snakemake-executor-plugin-slurm.",
        ),
        36: (
            "Add per-sample HTML QC report",
            "open",
            "khoffmann",
            ("enhancement",),
            ("aokafor",),
            4,
            "2026-08-12T12:30:00Z",
            "2026-11-10T11:05:00Z",
            None,
            "One HTML page per sample with knee plot, UMI/gene distributions, mito fraction and doublet scores, "
            "so the facility can check runs without opening the notebooks.",
        ),
        33: (
            "Out-of-memory in 'merge_h5ad' with 60 samples",
            "closed",
            "jbrandt",
            ("bug", "wontfix"),
            (),
            3,
            "2026-07-21T09:00:00Z",
            "2026-07-30T16:00:00Z",
            "2026-07-30T16:00:00Z",
            "Merging all 60 samples needs more than 256 GB. Closed: use the highmem partition or merge per batch.",
        ),
        29: (
            "Unit tests for the annotation rule",
            "open",
            "pchen",
            ("testing", "good first issue"),
            (),
            0,
            "2026-06-03T10:00:00Z",
            "2026-09-01T10:00:00Z",
            None,
            "The `annotate` rule has no tests. A tiny AnnData fixture with three clusters would do.",
        ),
        21: (
            "Crash when sample names contain spaces",
            "closed",
            "mrossi",
            ("bug",),
            ("pchen",),
            2,
            "2026-02-24T10:00:00Z",
            "2026-03-02T10:00:00Z",
            "2026-03-02T10:00:00Z",
            "`samples.tsv` with 'Crypt 1' breaks the wildcards.",
        ),
        12: (
            "Add conda environment files",
            "closed",
            "khoffmann",
            ("enhancement",),
            ("pchen",),
            1,
            "2025-11-02T10:00:00Z",
            "2025-11-20T10:00:00Z",
            "2025-11-20T10:00:00Z",
            "One env per rule group so the pipeline runs with `--use-conda`.",
        ),
        3: (
            "Write an initial README",
            "closed",
            "khoffmann",
            ("documentation",),
            ("pchen",),
            0,
            "2024-05-06T10:00:00Z",
            "2024-05-10T10:00:00Z",
            "2024-05-10T10:00:00Z",
            "What the pipeline does, how to install it, how to run the test data.",
        ),
    },
    "hoffmann-lab/organoid-seg": {
        27: (
            "Segmentation masks shifted by one pixel after downsampling",
            "open",
            "mrossi",
            ("bug",),
            ("mrossi",),
            2,
            "2026-11-18T15:20:00Z",
            "2026-11-21T09:12:00Z",
            None,
            "With `--downsample 2` the masks are offset by one pixel to the right compared with the raw images.",
        ),
        26: (
            "Retrain model on the new 20x brightfield images",
            "open",
            "khoffmann",
            ("enhancement",),
            ("mrossi", "lwagner"),
            3,
            "2026-11-09T10:00:00Z",
            "2026-11-20T10:45:00Z",
            None,
            "The new Incucyte 20x images are segmented badly. Annotate 40 frames and retrain (branch retrain-20x).",
        ),
        25: (
            "napari plugin does not load on Windows",
            "closed",
            "aokafor",
            ("bug",),
            ("mrossi",),
            4,
            "2026-10-22T10:00:00Z",
            "2026-11-01T10:00:00Z",
            "2026-11-01T10:00:00Z",
            "`napari-organoid-seg` fails with a path error on Windows 11.",
        ),
        24: (
            "Export organoid area and circularity per time point as CSV",
            "open",
            "jbrandt",
            ("enhancement", "good first issue"),
            (),
            1,
            "2026-10-20T10:00:00Z",
            "2026-10-21T10:00:00Z",
            None,
            "One row per organoid and frame: id, frame, area_um2, circularity, centroid_x, centroid_y.",
        ),
        22: (
            "Tracking loses organoids that touch the well edge",
            "open",
            "lwagner",
            ("bug",),
            (),
            2,
            "2026-09-30T10:00:00Z",
            "2026-10-12T10:00:00Z",
            None,
            "Organoids at the edge of the dome get new ids in every frame.",
        ),
        19: (
            "Add Cellpose 3 support",
            "closed",
            "mrossi",
            ("enhancement",),
            ("mrossi",),
            2,
            "2026-07-30T10:00:00Z",
            "2026-08-15T10:00:00Z",
            "2026-08-15T10:00:00Z",
            "Cellpose 3 adds the denoising models; keep Cellpose 2 working.",
        ),
        17: (
            "GPU out of memory on 2048x2048 tiles",
            "closed",
            "aokafor",
            ("bug",),
            ("mrossi",),
            3,
            "2026-05-28T10:00:00Z",
            "2026-06-10T10:00:00Z",
            "2026-06-10T10:00:00Z",
            "Tiling to 1024 with overlap fixes it.",
        ),
    },
    "hoffmann-lab/spatial-atlas": {
        14: (
            "Reviewer 2: add batch-correction comparison (Harmony vs. none)",
            "open",
            "jbrandt",
            ("analysis",),
            ("jbrandt",),
            3,
            "2026-11-16T10:00:00Z",
            "2026-11-20T18:02:00Z",
            None,
            "Reviewer 2 asks whether the age effect survives batch correction. Run Harmony on the Visium spots and "
            "redo Fig. 2c.",
        ),
        13: (
            "Fig. 3b colour scale inconsistent with Fig. 2",
            "open",
            "khoffmann",
            ("figure",),
            (),
            1,
            "2026-11-11T10:00:00Z",
            "2026-11-12T10:00:00Z",
            None,
            "Use the same viridis limits (0-4 log-normalised) in both.",
        ),
        12: (
            "Deposit processed data on GEO",
            "closed",
            "jbrandt",
            ("data",),
            ("jbrandt",),
            2,
            "2026-09-01T10:00:00Z",
            "2026-10-02T10:00:00Z",
            "2026-10-02T10:00:00Z",
            "Spaceranger outputs and the annotated Seurat object.",
        ),
        10: (
            "renv.lock missing Seurat 5 dependencies",
            "open",
            "sfischer-embl",
            ("bug",),
            (),
            2,
            "2026-09-08T10:00:00Z",
            "2026-09-20T10:00:00Z",
            None,
            "`renv::restore()` fails on a clean machine: SeuratObject 5 and BPCells are missing.",
        ),
        8: (
            "Add Zenodo DOI badge",
            "closed",
            "khoffmann",
            ("documentation",),
            (),
            0,
            "2025-11-20T10:00:00Z",
            "2025-12-01T10:00:00Z",
            "2025-12-01T10:00:00Z",
            "For the paper's code availability statement.",
        ),
    },
    "hoffmann-lab/lab-protocols": {
        9: (
            "Update organoid passaging protocol for the new Matrigel lot",
            "open",
            "lwagner",
            ("protocol",),
            ("lwagner",),
            1,
            "2026-11-19T08:31:00Z",
            "2026-11-19T08:31:00Z",
            None,
            "Lot 3245012 has 9.8 mg/ml protein: dilute to 8 mg/ml before plating.",
        ),
        8: (
            "Add dry-ice shipping checklist",
            "open",
            "aokafor",
            ("protocol", "good first issue"),
            (),
            0,
            "2026-10-25T10:00:00Z",
            "2026-10-25T10:00:00Z",
            None,
            "Packaging, UN1845 label, how much dry ice per day of transit.",
        ),
        6: (
            "Typo in the Gibson assembly volumes",
            "closed",
            "mrossi",
            ("typo",),
            (),
            1,
            "2026-05-10T10:00:00Z",
            "2026-05-14T10:00:00Z",
            "2026-05-14T10:00:00Z",
            "Step 3 says 100 µl master mix, should be 10 µl.",
        ),
    },
    "hoffmann-lab/plate-reader-tools": {
        5: (
            "CLARIOstar export with two read modes not parsed",
            "open",
            "jbrandt",
            ("bug",),
            (),
            0,
            "2026-11-02T17:12:00Z",
            "2026-11-02T17:12:00Z",
            None,
            "Files with absorbance and fluorescence in one export raise `KeyError: 'Raw Data'`.",
        ),
        4: (
            "Add 4-parameter logistic fit for dose-response",
            "open",
            "aokafor",
            ("enhancement",),
            (),
            2,
            "2026-07-22T10:00:00Z",
            "2026-08-01T10:00:00Z",
            None,
            "IC50 with confidence intervals, plotted on a log axis.",
        ),
        2: (
            "Support Tecan Spark XML",
            "closed",
            "jbrandt",
            ("enhancement",),
            ("jbrandt",),
            1,
            "2025-09-30T10:00:00Z",
            "2025-10-10T10:00:00Z",
            "2025-10-10T10:00:00Z",
            "Parse the XML export of SparkControl.",
        ),
    },
    "hoffmann-lab/lab-website": {
        4: (
            "Add new members (Pei, Marco) to the team page",
            "open",
            "khoffmann",
            ("content",),
            ("lwagner",),
            0,
            "2026-10-30T09:05:00Z",
            "2026-10-30T09:05:00Z",
            None,
            "Photos are in the shared drive.",
        ),
        3: (
            "Publications page: add the Nature Aging paper",
            "closed",
            "khoffmann",
            ("content",),
            ("lwagner",),
            1,
            "2025-08-01T10:00:00Z",
            "2025-08-10T10:00:00Z",
            "2025-08-10T10:00:00Z",
            "With the link to the code repository.",
        ),
    },
    "MouseLand/cellpose": {
        1045: (
            "Cellpose 3 denoising model fails on 16-bit TIFFs",
            "open",
            "imgproc-ana",
            ("bug",),
            (),
            7,
            "2026-11-15T10:00:00Z",
            "2026-11-21T08:00:00Z",
            None,
            "`denoise_cyto3` raises a dtype error for uint16 input.",
        ),
        1032: (
            "Support for 3D anisotropic data in the GUI",
            "open",
            "zstack-fan",
            ("enhancement",),
            (),
            12,
            "2026-10-02T10:00:00Z",
            "2026-11-19T10:00:00Z",
            None,
            "Set the z anisotropy from the GUI instead of the command line.",
        ),
        1010: (
            "Install fails with numpy 2.0",
            "closed",
            "labtech42",
            ("bug",),
            ("carsen-stringer",),
            9,
            "2026-06-20T10:00:00Z",
            "2026-07-02T10:00:00Z",
            "2026-07-02T10:00:00Z",
            "pip install cellpose pulls numpy 2 and fastremap breaks.",
        ),
    },
    "scverse/scanpy": {
        3390: (
            "sc.tl.leiden default flavor change warning is confusing",
            "open",
            "singlecell-newbie",
            ("question",),
            (),
            4,
            "2026-11-08T10:00:00Z",
            "2026-11-20T10:00:00Z",
            None,
            "What should I pass to keep the old results?",
        ),
        3371: (
            "pp.highly_variable_genes with batch_key crashes on sparse float32",
            "open",
            "hvg-hunter",
            ("bug",),
            (),
            3,
            "2026-10-19T10:00:00Z",
            "2026-11-02T10:00:00Z",
            None,
            "`flavor='seurat_v3'` and `batch_key` on a float32 CSR matrix raise a ValueError.",
        ),
        3302: (
            "Docs: tutorial links broken",
            "closed",
            "docs-reader",
            ("documentation",),
            (),
            2,
            "2026-08-01T10:00:00Z",
            "2026-08-03T10:00:00Z",
            "2026-08-03T10:00:00Z",
            "The pbmc3k tutorial link returns 404.",
        ),
    },
}
# pull requests take numbers too: the next issue number of each repository
NEXT_NUMBER = {
    "hoffmann-lab/scrna-pipeline": 54,
    "hoffmann-lab/organoid-seg": 29,
    "hoffmann-lab/spatial-atlas": 16,
    "hoffmann-lab/lab-protocols": 10,
    "hoffmann-lab/plate-reader-tools": 6,
    "hoffmann-lab/lab-website": 5,
    "MouseLand/cellpose": 1051,
    "scverse/scanpy": 3395,
}

SCRNA_README = """# scrna-pipeline

Snakemake workflow for 10x Genomics single-cell RNA-seq used in the Hoffmann lab.

Steps: STARsolo alignment -> empty-droplet calling -> QC filtering -> Scrublet doublet removal ->
normalisation, HVGs, PCA, Leiden clustering -> marker-based annotation.

## Install

    conda env create -f envs/scrna.yaml
    conda activate scrna

## Run

    snakemake --use-conda --cores 16 --configfile config/config.yaml

On the cluster: `snakemake --profile profiles/slurm`.

## Input

`config/samples.tsv` lists one sample per line (sample, fastq_dir, chemistry).

## Citation

Chen P, Brandt J, Hoffmann K (2024). scrna-pipeline: a reproducible Snakemake workflow for 10x single-cell data.
"""
SCRNA_CONFIG = """samples: config/samples.tsv
genome: GRCm39
gtf: gencode.vM33.annotation.gtf
star_index: /data/references/GRCm39/star_2.7.11b
chemistry: 10xv3
min_genes: 200
max_pct_mt: 15
doublet_threshold: 0.25
leiden_resolution: 0.8
cellbender: false
"""
FILES_MAIN: dict[str, dict[str, str]] = {
    "hoffmann-lab/scrna-pipeline": {
        "README.md": SCRNA_README,
        "Snakefile": 'configfile: "config/config.yaml"\n\ninclude: "workflow/rules/align.smk"\n'
        'include: "workflow/rules/qc.smk"\ninclude: "workflow/rules/cluster.smk"\n\n'
        'rule all:\n    input:\n        "results/annotated.h5ad",\n        "results/qc/summary.tsv",\n',
        "config/config.yaml": SCRNA_CONFIG,
        "config/samples.tsv": "sample\tfastq_dir\tchemistry\nCrypt_young_1\t/data/fastq/run412\t10xv3\n"
        "Crypt_young_2\t/data/fastq/run412\t10xv3\nCrypt_old_1\t/data/fastq/run418\t10xv3\n"
        "Crypt_old_2\t/data/fastq/run418\t10xv3\n",
        "workflow/rules/align.smk": "rule align:\n    input: fastq_dir\n    output: 'results/{sample}/Solo.out'\n"
        "    threads: 16\n    resources: mem_mb=64000\n    conda: '../../envs/scrna.yaml'\n"
        "    shell: 'STAR --soloType CB_UMI_Simple --soloCBwhitelist {params.whitelist} ...'\n",
        "workflow/rules/qc.smk": "rule qc_filter:\n    input: 'results/{sample}/Solo.out'\n"
        "    output: 'results/{sample}/filtered.h5ad'\n    params: min_genes=config['min_genes'], "
        "max_pct_mt=config['max_pct_mt']\n    script: '../scripts/qc_filter.py'\n\nrule qc_report:\n"
        "    input: expand('results/{sample}/filtered.h5ad', sample=SAMPLES)\n    output: 'results/qc/summary.tsv'\n"
        "    script: '../scripts/qc_report.py'\n",
        "workflow/rules/cluster.smk": "rule cluster:\n    input: 'results/merged.h5ad'\n"
        "    output: 'results/clustered.h5ad'\n    params: resolution=config['leiden_resolution']\n"
        "    script: '../scripts/cluster.py'\n",
        "envs/scrna.yaml": "name: scrna\nchannels: [conda-forge, bioconda]\ndependencies:\n  - python=3.11\n"
        "  - star=2.7.11b\n  - scanpy=1.10.3\n  - scrublet=0.2.3\n  - leidenalg=0.10.2\n  - snakemake=8.20\n",
        "profiles/slurm/config.yaml": "executor: slurm\njobs: 50\ndefault-resources:\n  slurm_partition: cpu\n"
        "  mem_mb: 8000\n  runtime: 120\nset-resources:\n  align:\n    mem_mb: 64000\n    runtime: 480\n",
        "CHANGELOG.md": "# Changelog\n\n## v1.2.0 (2026-10-15)\n- GRCm39 / GENCODE M33 by default\n"
        "- Scrublet skipped for samples under 500 cells\n\n## v1.1.0 (2026-06-01)\n- Snakemake 8 executor plugins\n\n"
        "## v1.0.0 (2025-12-01)\n- First release\n",
        "CITATION.cff": "cff-version: 1.2.0\ntitle: scrna-pipeline\nauthors:\n  - family-names: Chen\n"
        "    given-names: Pei\n  - family-names: Brandt\n    given-names: Jonas\n  - family-names: Hoffmann\n"
        "    given-names: Katrin\nversion: 1.2.0\ndoi: 10.5281/zenodo.13900412\n",
        "LICENSE": "MIT License\n\nCopyright (c) 2024 Hoffmann Lab\n",
        ".github/workflows/ci.yml": "name: CI\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n"
        "    steps:\n      - uses: actions/checkout@v4\n      - run: snakemake -n --configfile .test/config.yaml\n",
    },
    "hoffmann-lab/organoid-seg": {
        "README.md": "# organoid-seg\n\nSegmentation and tracking of intestinal organoids with Cellpose 3.\n\n"
        "    pip install -e .\n    organoid-seg segment movie.tif --model models/organoid_bf_10x --diameter 120\n"
        "    organoid-seg track masks/ --max-distance 40\n\nA napari plugin (`napari-organoid-seg`) shows the masks.\n",
        "pyproject.toml": '[project]\nname = "organoid-seg"\nversion = "0.4.0"\nrequires-python = ">=3.10"\n'
        'dependencies = ["cellpose>=3.0", "tifffile", "scikit-image", "pandas", "trackpy"]\n',
        "src/organoid_seg/__init__.py": '__version__ = "0.4.0"\n',
        "src/organoid_seg/segment.py": "from cellpose import models\n\n\ndef segment(stack, model_path, diameter=120):\n"
        "    model = models.CellposeModel(pretrained_model=model_path, gpu=True)\n"
        "    masks, _, _ = model.eval(stack, diameter=diameter, channels=[0, 0])\n    return masks\n",
        "src/organoid_seg/track.py": "import trackpy as tp\n\n\ndef track(features, max_distance=40):\n"
        "    return tp.link(features, search_range=max_distance, memory=2)\n",
        "models/README.md": "organoid_bf_10x: trained on 310 brightfield frames (Incucyte, 10x).\n"
        "organoid_conf_20x: trained on 120 confocal frames.\n",
        "LICENSE": "BSD 3-Clause License\n\nCopyright (c) 2023, Hoffmann Lab\n",
    },
    "hoffmann-lab/spatial-atlas": {
        "README.md": "# spatial-atlas\n\nCode for Brandt J, Okafor A, Chen P, Hoffmann K. A spatial atlas of the ageing "
        "mouse intestine. Nature Aging (2025).\n\nData: GEO GSE271044. Run the R scripts in `analysis/` in order; "
        "`renv::restore()` installs the packages.\n",
        "analysis/01_qc.R": "library(Seurat)\nobj <- Load10X_Spatial('data/raw/young_1')\n"
        "obj <- subset(obj, nFeature_Spatial > 300)\n",
        "analysis/02_clustering.R": "obj <- SCTransform(obj, assay = 'Spatial')\nobj <- RunPCA(obj)\n"
        "obj <- FindClusters(obj, resolution = 0.6)\n",
        "analysis/03_figures.R": "SpatialFeaturePlot(obj, features = c('Lgr5', 'Olfm4'))\n",
        "data/README.md": "Raw data: GEO GSE271044. Place the spaceranger outputs in data/raw/.\n",
        "renv.lock": '{\n  "R": {"Version": "4.4.1"},\n  "Packages": {"Seurat": {"Version": "5.1.0"}}\n}\n',
    },
    "hoffmann-lab/lab-protocols": {
        "README.md": "# Lab protocols\n\nOrganoids: `organoids/`. Cloning: `cloning/`. Imaging: `imaging/`.\n"
        "Every protocol has a version line and the date it was last checked.\n",
        "organoids/passaging.md": "# Passaging mouse intestinal organoids (v4, checked 2026-06-02)\n\n"
        "1. Remove medium, add 1 ml cold basal medium, scrape domes.\n2. Pipette 20x with a P1000 to break "
        "organoids.\n3. Spin 200 x g, 3 min, 4 °C.\n4. Resuspend in Matrigel (8 mg/ml), 50 µl domes, 1:4 split.\n"
        "5. Polymerise 15 min at 37 °C, add 500 µl ENR medium.\n",
        "organoids/thawing.md": "# Thawing organoids (v2)\n\n1. Thaw the vial at 37 °C for 1 min.\n"
        "2. Add 5 ml basal medium dropwise, spin 200 x g, 3 min.\n3. Plate in 3 domes with Y-27632 (10 µM).\n",
        "cloning/gibson.md": "# Gibson assembly (v3)\n\n1. 50 ng vector, 3:1 insert:vector molar ratio.\n"
        "2. 10 µl 2x HiFi master mix, water to 20 µl.\n3. 50 °C for 15 min (2-3 fragments) or 60 min (4-6).\n",
        "imaging/confocal.md": "# Confocal imaging of organoids (v2)\n\nFix 30 min in 4% PFA, permeabilise "
        "0.5% Triton X-100, block 1 h, primary overnight at 4 °C.\n",
    },
    "hoffmann-lab/plate-reader-tools": {
        "README.md": "# plate-reader-tools\n\n    from platereader import read_export\n    "
        "plate = read_export('run.xlsx')\n    plate.normalise(blank='A1:A3').plot()\n",
        "platereader/parse.py": "def read_export(path):\n    if path.endswith('.xml'):\n"
        "        return _read_spark_xml(path)\n    return _read_clariostar_xlsx(path)\n",
        "pyproject.toml": '[project]\nname = "plate-reader-tools"\nversion = "0.2.1"\n',
    },
    "hoffmann-lab/lab-website": {
        "README.md": "# hoffmannlab.org\n\nHugo site. `hugo server` to preview; pushes to main deploy.\n",
        "content/team.md": "---\ntitle: Team\n---\n\nKatrin Hoffmann (PI), Jonas Brandt (postdoc), Amara Okafor (PhD), "
        "Lena Wagner (technician)\n",
        "config.toml": 'baseURL = "https://hoffmannlab.org/"\ntitle = "Hoffmann Lab"\n',
    },
}
# other branches and tags: (repo, ref) -> files that differ from main (None: the file does not exist there)
FILES_AT: dict[tuple[str, str], dict[str, str | None]] = {
    ("hoffmann-lab/scrna-pipeline", "dev"): {
        "config/config.yaml": SCRNA_CONFIG.replace("cellbender: false", "cellbender: true").replace(
            "leiden_resolution: 0.8", "leiden_resolution: 1.0"
        ),
        "envs/scrna.yaml": "name: scrna\nchannels: [conda-forge, bioconda]\ndependencies:\n  - python=3.11\n"
        "  - star=2.7.11b\n  - scanpy=1.10.3\n  - scrublet=0.2.3\n  - leidenalg=0.10.2\n  - snakemake=8.25\n"
        "  - cellbender=0.3.2\n",
        "workflow/rules/cellbender.smk": "rule remove_background:\n    input: 'results/{sample}/Solo.out/raw'\n"
        "    output: 'results/{sample}/cellbender.h5'\n    resources: slurm_partition='gpu'\n"
        "    shell: 'cellbender remove-background --cuda --input {input} --output {output}'\n",
    },
    ("hoffmann-lab/scrna-pipeline", "feature/cellbender"): {
        "workflow/rules/cellbender.smk": "rule remove_background:\n    input: 'results/{sample}/Solo.out/raw'\n"
        "    output: 'results/{sample}/cellbender.h5'\n    shell: 'cellbender remove-background --input {input} "
        "--output {output}'\n",
    },
    ("hoffmann-lab/scrna-pipeline", "v1.2.0"): {},
    ("hoffmann-lab/scrna-pipeline", "v1.1.0"): {
        "config/config.yaml": SCRNA_CONFIG.replace("genome: GRCm39", "genome: GRCm38")
        .replace("gencode.vM33", "gencode.vM25")
        .replace("GRCm39/star_2.7.11b", "GRCm38/star_2.7.10a"),
        "CHANGELOG.md": "# Changelog\n\n## v1.1.0 (2026-06-01)\n- Snakemake 8 executor plugins\n\n"
        "## v1.0.0 (2025-12-01)\n- First release\n",
    },
    ("hoffmann-lab/scrna-pipeline", "v1.0.0"): {
        "config/config.yaml": SCRNA_CONFIG.replace("genome: GRCm39", "genome: GRCm38")
        .replace("gencode.vM33", "gencode.vM25")
        .replace("GRCm39/star_2.7.11b", "GRCm38/star_2.7.10a"),
        "profiles/slurm/config.yaml": "cluster: sbatch -p {resources.partition} --mem={resources.mem_mb}\njobs: 50\n",
        "CHANGELOG.md": "# Changelog\n\n## v1.0.0 (2025-12-01)\n- First release\n",
        ".github/workflows/ci.yml": None,
    },
    ("hoffmann-lab/organoid-seg", "retrain-20x"): {
        "models/README.md": "organoid_bf_10x: trained on 310 brightfield frames (Incucyte, 10x).\n"
        "organoid_bf_20x: in training, 40 annotated frames (Incucyte, 20x).\n"
        "organoid_conf_20x: trained on 120 confocal frames.\n",
    },
    ("hoffmann-lab/organoid-seg", "v0.4.0"): {},
    ("hoffmann-lab/organoid-seg", "v0.3.0"): {
        "pyproject.toml": '[project]\nname = "organoid-seg"\nversion = "0.3.0"\nrequires-python = ">=3.9"\n'
        'dependencies = ["cellpose>=2.2,<3", "tifffile", "scikit-image", "pandas"]\n',
        "src/organoid_seg/__init__.py": '__version__ = "0.3.0"\n',
        "src/organoid_seg/track.py": None,
    },
    ("hoffmann-lab/spatial-atlas", "revision-1"): {
        "analysis/04_harmony.R": "library(harmony)\nobj <- RunHarmony(obj, group.by.vars = 'slide')\n",
    },
    ("hoffmann-lab/spatial-atlas", "v1.0-paper"): {},
}
PUBLIC_README = "# {name}\n\n{description}\n\nSee the documentation for installation and usage.\n"
# commit messages per repository and branch, newest first: (message, author login, author name, date)
CommitRow = tuple[str, str, str, str]
_SCRNA_MAIN: list[CommitRow] = [
    ("Merge pull request #53 from hoffmann-lab/fix-starsolo-cb", "pchen", "Pei Chen", "2026-11-21T16:02:11Z"),
    ("Set soloCBlen/soloUMIlen from the chemistry table (#52)", "pchen", "Pei Chen", "2026-11-21T15:40:00Z"),
    ("Add NovaSeq X read lengths to the test config", "aokafor", "Amara Okafor", "2026-11-20T17:20:00Z"),
    ("README: cluster profile section", "mrossi", "Marco Rossi", "2026-11-18T10:05:00Z"),
    ("Bump snakemake to 8.20", "pchen", "Pei Chen", "2026-11-14T09:00:00Z"),
    ("qc_report: show doublet rate per sample", "aokafor", "Amara Okafor", "2026-11-10T11:00:00Z"),
    ("Skip Scrublet for samples with fewer than 500 cells (#49)", "pchen", "Pei Chen", "2026-11-03T09:40:00Z"),
    ("Add samples S07 and S12 to the test data", "lwagner", "Lena Wagner", "2026-10-30T14:00:00Z"),
    ("Release v1.2.0", "pchen", "Pei Chen", "2026-10-15T12:00:00Z"),
    ("Default to GRCm39 / GENCODE M33 (#46)", "aokafor", "Amara Okafor", "2026-10-10T08:10:00Z"),
    ("Fix typo in samples.tsv header", "mrossi", "Marco Rossi", "2026-10-06T10:00:00Z"),
    ("cluster: make leiden resolution configurable", "jbrandt", "Jonas Brandt", "2026-09-29T10:00:00Z"),
    ("qc_report: handle samples without mitochondrial genes (#43)", "mrossi", "Marco Rossi", "2026-09-22T09:55:00Z"),
    ("CI: cache conda envs", "pchen", "Pei Chen", "2026-09-15T10:00:00Z"),
    ("Add marker table for crypt cell types", "jbrandt", "Jonas Brandt", "2026-09-08T10:00:00Z"),
    ("Switch SLURM profile to the executor plugin (#38)", "pchen", "Pei Chen", "2026-08-29T11:50:00Z"),
    ("Snakemake 8: remove --cluster from docs", "pchen", "Pei Chen", "2026-08-27T10:00:00Z"),
    ("annotate: write marker dotplots", "aokafor", "Amara Okafor", "2026-08-14T10:00:00Z"),
    ("Add per-rule log files", "pchen", "Pei Chen", "2026-07-31T10:00:00Z"),
    ("merge_h5ad: write backed AnnData", "jbrandt", "Jonas Brandt", "2026-07-29T10:00:00Z"),
    ("Add emptyDrops-style cell calling", "pchen", "Pei Chen", "2026-07-10T10:00:00Z"),
    ("Release v1.1.0", "pchen", "Pei Chen", "2026-06-01T12:00:00Z"),
    ("Pin leidenalg 0.10", "pchen", "Pei Chen", "2026-05-20T10:00:00Z"),
    ("Document samples.tsv columns", "lwagner", "Lena Wagner", "2026-04-14T10:00:00Z"),
    ("Quote sample names with spaces (#21)", "pchen", "Pei Chen", "2026-03-02T09:00:00Z"),
    ("Add .test data for CI", "pchen", "Pei Chen", "2026-02-10T10:00:00Z"),
    ("Release v1.0.0", "khoffmann", "Katrin Hoffmann", "2025-12-01T12:00:00Z"),
    ("Add conda environment files (#12)", "pchen", "Pei Chen", "2025-11-20T10:00:00Z"),
    ("Add Scrublet doublet rule", "pchen", "Pei Chen", "2025-09-12T10:00:00Z"),
    ("Add STARsolo alignment rule", "pchen", "Pei Chen", "2025-06-30T10:00:00Z"),
    ("Add QC filtering rule", "jbrandt", "Jonas Brandt", "2025-03-18T10:00:00Z"),
    ("Add README (#3)", "khoffmann", "Katrin Hoffmann", "2024-05-10T10:00:00Z"),
    ("Initial commit", "khoffmann", "Katrin Hoffmann", "2024-05-06T09:00:00Z"),
]
_SCRNA_DEV: list[CommitRow] = [
    ("dev: leiden resolution 1.0 for the gut atlas", "jbrandt", "Jonas Brandt", "2026-11-20T18:30:00Z"),
    ("Wire remove_background into rule all when cellbender: true", "pchen", "Pei Chen", "2026-11-19T10:00:00Z"),
    ("Add cellbender env", "pchen", "Pei Chen", "2026-11-17T10:00:00Z"),
    ("Add remove_background rule (CellBender 0.3)", "pchen", "Pei Chen", "2026-11-13T16:00:00Z"),
]
COMMITS: dict[tuple[str, str], list[CommitRow]] = {
    ("hoffmann-lab/scrna-pipeline", "main"): _SCRNA_MAIN,
    ("hoffmann-lab/scrna-pipeline", "dev"): _SCRNA_DEV + _SCRNA_MAIN[1:],
    ("hoffmann-lab/scrna-pipeline", "feature/cellbender"): _SCRNA_DEV[3:] + _SCRNA_MAIN[4:],
    ("hoffmann-lab/organoid-seg", "main"): [
        ("Fix off-by-one in downsampling (WIP, #27)", "mrossi", "Marco Rossi", "2026-11-20T10:45:37Z"),
        ("Add area/circularity columns to the feature table", "jbrandt", "Jonas Brandt", "2026-11-06T10:00:00Z"),
        ("napari plugin: use pathlib for Windows paths (#25)", "mrossi", "Marco Rossi", "2026-11-01T09:50:00Z"),
        ("Release v0.4.0", "mrossi", "Marco Rossi", "2026-08-20T12:00:00Z"),
        ("Cellpose 3 support (#19)", "mrossi", "Marco Rossi", "2026-08-15T10:00:00Z"),
        ("Tile large images with overlap (#17)", "mrossi", "Marco Rossi", "2026-06-10T10:00:00Z"),
        ("Release v0.3.0", "mrossi", "Marco Rossi", "2026-03-01T12:00:00Z"),
        ("Add trackpy-based tracking", "aokafor", "Amara Okafor", "2026-02-11T10:00:00Z"),
        ("Initial commit", "mrossi", "Marco Rossi", "2023-09-04T10:00:00Z"),
    ],
    ("hoffmann-lab/organoid-seg", "retrain-20x"): [
        ("Add 40 annotated 20x frames", "lwagner", "Lena Wagner", "2026-11-19T16:00:00Z"),
        ("Training script: 20x brightfield config", "mrossi", "Marco Rossi", "2026-11-12T10:00:00Z"),
    ],
    ("hoffmann-lab/spatial-atlas", "main"): [
        ("Fig. 3b: shared colour limits (#13)", "khoffmann", "Katrin Hoffmann", "2026-11-19T14:20:05Z"),
        ("Add GEO accession to README (#12)", "jbrandt", "Jonas Brandt", "2026-10-02T10:00:00Z"),
        ("Tag the code used for the paper", "jbrandt", "Jonas Brandt", "2025-07-15T12:00:00Z"),
        ("Figures 1-4", "jbrandt", "Jonas Brandt", "2025-05-01T10:00:00Z"),
        ("Clustering with SCTransform", "jbrandt", "Jonas Brandt", "2025-02-03T10:00:00Z"),
        ("Initial commit", "jbrandt", "Jonas Brandt", "2024-11-11T10:00:00Z"),
    ],
    ("hoffmann-lab/spatial-atlas", "revision-1"): [
        ("Harmony comparison for reviewer 2 (#14)", "jbrandt", "Jonas Brandt", "2026-11-20T18:00:00Z"),
    ],
    ("hoffmann-lab/lab-protocols", "main"): [
        ("Passaging: new Matrigel lot, dilute to 8 mg/ml", "lwagner", "Lena Wagner", "2026-11-19T08:31:50Z"),
        ("Confocal protocol v2", "mrossi", "Marco Rossi", "2026-09-03T10:00:00Z"),
        ("Fix Gibson volumes (#6)", "mrossi", "Marco Rossi", "2026-05-14T10:00:00Z"),
        ("Initial protocols", "lwagner", "Lena Wagner", "2024-10-01T10:00:00Z"),
    ],
    ("hoffmann-lab/plate-reader-tools", "main"): [
        ("Normalise to blank wells", "jbrandt", "Jonas Brandt", "2026-11-02T17:12:44Z"),
        ("Tecan Spark XML parser (#2)", "jbrandt", "Jonas Brandt", "2025-10-10T10:00:00Z"),
        ("Initial commit", "jbrandt", "Jonas Brandt", "2025-09-01T10:00:00Z"),
    ],
    ("hoffmann-lab/lab-website", "main"): [
        ("Team page: new photos", "lwagner", "Lena Wagner", "2026-10-30T09:05:00Z"),
        ("Publications: Nature Aging paper (#3)", "lwagner", "Lena Wagner", "2025-08-10T10:00:00Z"),
    ],
}
# a branch's own commits sit on top of its parent branch
BRANCH_PARENT = {
    ("hoffmann-lab/organoid-seg", "retrain-20x"): "main",
    ("hoffmann-lab/spatial-atlas", "revision-1"): "main",
}
# tag -> the commit message it points at (on the default branch)
TAG_AT = {
    ("hoffmann-lab/scrna-pipeline", "v1.2.0"): "Release v1.2.0",
    ("hoffmann-lab/scrna-pipeline", "v1.1.0"): "Release v1.1.0",
    ("hoffmann-lab/scrna-pipeline", "v1.0.0"): "Release v1.0.0",
    ("hoffmann-lab/organoid-seg", "v0.4.0"): "Release v0.4.0",
    ("hoffmann-lab/organoid-seg", "v0.3.0"): "Release v0.3.0",
    ("hoffmann-lab/spatial-atlas", "v1.0-paper"): "Tag the code used for the paper",
}


class User(BaseModel):
    """A GitHub account."""

    login: str = Field(description="Username")


class Label(BaseModel):
    """An issue label."""

    name: str = Field(description="Label name")


class Issue(BaseModel):
    """An issue."""

    number: int = Field(description="Issue number")
    title: str = Field(description="Title")
    state: str = Field(description="'open' or 'closed'")
    user: User = Field(description="Author")
    labels: list[Label] = Field(description="Labels")
    assignees: list[User] = Field(description="Assignees")
    comments: int = Field(description="Number of comments")
    created_at: str = Field(description="ISO 8601 UTC")
    updated_at: str = Field(description="ISO 8601 UTC")
    closed_at: str | None = Field(description="ISO 8601 UTC, null while open")
    body: str = Field(description="Issue body (Markdown)")
    html_url: str = Field(description="Web address")


class IssueList(BaseModel):
    """One page of a repository's issues."""

    issues: list[Issue] = Field(description="Issues on this page")


class Comment(BaseModel):
    """An issue comment."""

    id: int = Field(description="Comment id")
    body: str = Field(description="Comment text")
    user: User = Field(description="Author")
    created_at: str = Field(description="ISO 8601 UTC")
    html_url: str = Field(description="Web address")


class Repository(BaseModel):
    """A repository in search results."""

    full_name: str = Field(description="owner/name")
    name: str = Field(description="Repository name")
    owner: User = Field(description="Owner")
    description: str | None = Field(description="Description")
    language: str | None = Field(description="Main language")
    stargazers_count: int = Field(description="Stars")
    forks_count: int = Field(description="Forks")
    open_issues_count: int = Field(description="Open issues")
    topics: list[str] = Field(description="Topics")
    private: bool = Field(description="Private repository")
    fork: bool = Field(description="A fork of another repository")
    default_branch: str = Field(description="Default branch")
    pushed_at: str = Field(description="Last push, ISO 8601 UTC")
    html_url: str = Field(description="Web address")


class SearchResult(BaseModel):
    """Repository search results."""

    total_count: int = Field(description="Matches before paging")
    incomplete_results: bool = Field(description="Always false here")
    items: list[Repository] = Field(description="Repositories on this page, best match first")


class Entry(BaseModel):
    """A directory entry."""

    type: str = Field(description="'file' or 'dir'")
    name: str = Field(description="Name")
    path: str = Field(description="Path in the repository")
    size: int = Field(description="Size in bytes (0 for a directory)")


class Contents(BaseModel):
    """A file's contents, or a directory's listing."""

    type: str = Field(description="'file' or 'dir'")
    path: str = Field(description="Path in the repository ('' for the top level)")
    ref: str = Field(description="Branch, tag or commit read")
    name: str | None = Field(default=None, description="File name (files)")
    sha: str | None = Field(default=None, description="Blob SHA (files)")
    size: int | None = Field(default=None, description="Size in bytes (files)")
    encoding: str | None = Field(default=None, description="'utf-8': content is the decoded text (files)")
    content: str | None = Field(default=None, description="The file's text (files)")
    html_url: str | None = Field(default=None, description="Web address (files)")
    entries: list[Entry] | None = Field(default=None, description="Directory listing (directories)")


class CommitAuthor(BaseModel):
    """Git author of a commit."""

    name: str = Field(description="Name")
    email: str = Field(description="E-mail")
    date: str = Field(description="ISO 8601 UTC")


class CommitDetail(BaseModel):
    """The git part of a commit."""

    message: str = Field(description="Commit message")
    author: CommitAuthor = Field(description="Git author")


class Commit(BaseModel):
    """A commit."""

    sha: str = Field(description="Commit SHA")
    commit: CommitDetail = Field(description="Message and git author")
    author: User | None = Field(description="GitHub account of the author")
    html_url: str = Field(description="Web address")


class CommitList(BaseModel):
    """One page of commits, newest first."""

    commits: list[Commit] = Field(description="Commits on this page")


def _sha(*parts: str) -> str:
    return hashlib.sha1("\x00".join(parts).encode()).hexdigest()


def repo_key(owner: str, repo: str) -> str:
    """The full name of the repository ``owner``/``repo`` (GitHub names are case-insensitive).

    Raises:
        ValueError: for an owner/name in one argument, a URL, or a repository not found.
    """
    owner = (owner or "").strip().strip("/")
    repo = (repo or "").strip().strip("/").removesuffix(".git")
    if not owner or not repo:
        raise ValueError("owner and repo are both required.")
    if "/" in repo or "/" in owner:
        joined = repo if "/" in repo else owner
        path = re.sub(r"^(https?://)?(www\.)?github\.com/", "", joined, flags=re.IGNORECASE)
        parts = [p for p in path.split("/") if p]
        hint = f" Send owner '{parts[0]}' and repo '{parts[1]}'." if len(parts) >= 2 else ""
        raise ValueError(f"owner is the user or organization and repo the repository name, separately.{hint}")
    wanted = f"{owner}/{repo}".lower()
    for name in REPOS:
        if name.lower() == wanted:
            return name
    mine = [n for n in REPOS if n.split("/")[0].lower() == owner.lower()]
    if mine:
        raise ValueError(f"Not Found: no repository '{repo}' for {owner}. Its repositories: {', '.join(mine)}.")
    same = [n for n in REPOS if n.split("/")[1].lower() == repo.lower()]
    if same:
        raise ValueError(f"Not Found: {owner}/{repo}. A repository of that name: {', '.join(same)}.")
    raise ValueError(f"Not Found: {owner}/{repo}. Use search_repositories to find a repository.")


def _whole(value: Any, name: str, low: int = 1, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise ValueError(f"{name} must be a whole number, not {value!r}.")
    number = int(value)
    if number < low or (high is not None and number > high):
        raise ValueError(f"{name} must be from {low} to {high}." if high else f"{name} must be at least {low}.")
    return number


def _page(page: Any, per_page: Any) -> tuple[int, int]:
    return (
        _whole(1 if page is None else page, "page"),
        _whole(DEFAULT_PER_PAGE if per_page is None else per_page, "perPage", 1, MAX_PER_PAGE),
    )


def _since(text: str) -> str:
    raw = text.strip()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", raw):
        return raw + "T00:00:00Z"
    match = re.fullmatch(r"(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?(\.\d+)?(Z|[+-]00:?00)?", raw)
    if match:
        return f"{match.group(1)}T{match.group(2)}{match.group(3) or ':00'}Z"
    raise ValueError(f"since must be an ISO 8601 timestamp such as '2026-11-16T00:00:00Z', not '{text}'.")


def _labels_of(values: Any, name: str) -> list[str]:
    if values is None:
        return []
    if isinstance(values, str):
        values = [values]
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ValueError(f"{name} must be a list of strings.")
    out = [v.strip() for v in values if v.strip()]
    if any("," in v for v in out):
        raise ValueError(f"Give each of {name} as its own list item, not comma-separated.")
    return out


class Hub:
    """The snapshot, with issues and comments created since the server started."""

    def __init__(self) -> None:
        self.issues: dict[str, dict[int, list[Any]]] = {
            repo: {n: list(row) for n, row in rows.items()} for repo, rows in ISSUES.items()
        }
        self.next_number = dict(NEXT_NUMBER)
        self.comment_id = 2504317700

    def _issue(self, repo: str, number: int) -> Issue:
        title, state, user, labels, assignees, comments, created, updated, closed, body = self.issues[repo][number]
        return Issue(
            number=number,
            title=title,
            state=state,
            user=User(login=user),
            labels=[Label(name=x) for x in labels],
            assignees=[User(login=x) for x in assignees],
            comments=comments,
            created_at=created,
            updated_at=updated,
            closed_at=closed,
            body=body,
            html_url=f"https://github.com/{repo}/issues/{number}",
        )

    def get(self, owner: str, repo: str, issue_number: Any) -> Issue:
        """One issue.

        Raises:
            ValueError: for an unknown repository or issue number.
        """
        name = repo_key(owner, repo)
        number = _whole(issue_number, "issue_number")
        if number not in self.issues.get(name, {}):
            known = sorted(self.issues.get(name, {}), reverse=True)
            shown = f" Issues: {', '.join(f'#{n}' for n in known[:12])}." if known else " It has no issues."
            raise ValueError(f"Not Found: {name} has no issue #{number}.{shown}")
        return self._issue(name, number)

    def listing(
        self,
        owner: str,
        repo: str,
        state: str | None = None,
        labels: list[str] | None = None,
        sort: str | None = None,
        direction: str | None = None,
        since: str | None = None,
        page: Any = None,
        per_page: Any = None,
    ) -> IssueList:
        """A page of a repository's issues (open ones by default, newest first).

        Raises:
            ValueError: for an unknown repository or a bad filter.
        """
        name = repo_key(owner, repo)
        state = (state or "open").strip().lower()
        if state not in ("open", "closed", "all"):
            raise ValueError(f"state must be 'open', 'closed' or 'all', not '{state}'.")
        sort = (sort or "created").strip().lower()
        if sort not in ("created", "updated", "comments"):
            raise ValueError(f"sort must be 'created', 'updated' or 'comments', not '{sort}'.")
        direction = (direction or "desc").strip().lower()
        if direction not in ("asc", "desc"):
            raise ValueError(f"direction must be 'asc' or 'desc', not '{direction}'.")
        wanted = {x.lower() for x in _labels_of(labels, "labels")}
        after = _since(since) if since else None
        first, size = _page(page, per_page)
        rows = [self._issue(name, n) for n in self.issues.get(name, {})]
        rows = [
            i
            for i in rows
            if (state == "all" or i.state == state)
            and wanted <= {x.name.lower() for x in i.labels}
            and (after is None or i.updated_at >= after)
        ]
        key = {"created": lambda i: i.created_at, "updated": lambda i: i.updated_at, "comments": lambda i: i.comments}
        rows.sort(key=lambda i: (key[sort](i), i.number), reverse=direction == "desc")
        return IssueList(issues=rows[(first - 1) * size : first * size])

    def create(
        self,
        owner: str,
        repo: str,
        title: str,
        body: str | None = None,
        labels: list[str] | None = None,
        assignees: list[str] | None = None,
    ) -> Issue:
        """A new open issue.

        Raises:
            ValueError: for an unknown repository, an empty title or an assignee who cannot be assigned.
        """
        name = repo_key(owner, repo)
        title = (title or "").strip()
        if not title:
            raise ValueError("Validation Failed: title must not be empty.")
        tags = _labels_of(labels, "labels")
        people = [p.lstrip("@") for p in _labels_of(assignees, "assignees")]
        team = LAB if name.startswith("hoffmann-lab/") else ()
        for person in people:
            if person.lower() not in {t.lower() for t in team}:
                where = f"assignable users: {', '.join(team)}" if team else "you cannot assign users in this repository"
                raise ValueError(f"Validation Failed: '{person}' cannot be assigned to issues in {name} ({where}).")
        people = [next(t for t in team if t.lower() == p.lower()) for p in people]
        number = self.next_number.get(name, 1)
        self.next_number[name] = number + 1
        self.issues.setdefault(name, {})[number] = [
            title,
            "open",
            ME,
            tuple(tags),
            tuple(people),
            0,
            NOW,
            NOW,
            None,
            (body or "").strip(),
        ]
        return self._issue(name, number)

    def comment(self, owner: str, repo: str, issue_number: Any, body: str) -> Comment:
        """A new comment on an issue.

        Raises:
            ValueError: for an unknown issue or an empty body.
        """
        issue = self.get(owner, repo, issue_number)
        name = repo_key(owner, repo)
        text = (body or "").strip()
        if not text:
            raise ValueError("Validation Failed: body must not be empty.")
        row = self.issues[name][issue.number]
        row[5] += 1
        row[7] = NOW
        self.comment_id += 1
        return Comment(
            id=self.comment_id,
            body=text,
            user=User(login=ME),
            created_at=NOW,
            html_url=f"https://github.com/{name}/issues/{issue.number}#issuecomment-{self.comment_id}",
        )

    def open_count(self, name: str) -> int:
        return sum(1 for row in self.issues.get(name, {}).values() if row[1] == "open")


def _repository(hub: Hub, name: str) -> Repository:
    description, language, stars, forks, topics, private, fork_of, pushed = REPOS[name]
    owner, short = name.split("/")
    return Repository(
        full_name=name,
        name=short,
        owner=User(login=owner),
        description=description,
        language=language,
        stargazers_count=stars,
        forks_count=forks,
        open_issues_count=hub.open_count(name),
        topics=list(topics),
        private=private,
        fork=fork_of is not None,
        default_branch=BRANCHES.get(name, ("main",))[0],
        pushed_at=pushed,
        html_url=f"https://github.com/{name}",
    )


def search(hub: Hub, query: str, page: Any = None, per_page: Any = None) -> SearchResult:
    """Repositories matching GitHub search syntax: words (name, description, topics) and the qualifiers user:,
    org:, language:, topic:, stars:, fork:, is:public/private and in:name.

    Raises:
        ValueError: for an empty query or a bad page.
    """
    text = (query or "").strip()
    if not text:
        raise ValueError("Validation Failed: query must not be empty.")
    first, size = _page(page, per_page)
    words: list[str] = []
    filters: list[tuple[str, str]] = []
    for token in re.findall(r'"[^"]+"|\S+', text):
        key, sep, value = token.partition(":")
        if sep and key.lower() in ("user", "org", "language", "topic", "stars", "fork", "is", "in") and value:
            filters.append((key.lower(), value.strip('"').lower()))
        else:
            words.append(token.strip('"').lower())
    in_name = ("in", "name") in filters
    scored: list[tuple[int, str]] = []
    for name, (description, language, stars, _, topics, private, fork_of, _) in REPOS.items():
        owner = name.split("/")[0].lower()
        ok = True
        for key, value in filters:
            if key in ("user", "org"):
                ok &= owner == value
            elif key == "language":
                ok &= (language or "").lower() == value
            elif key == "topic":
                ok &= value in topics
            elif key == "stars":
                match = re.fullmatch(r"(>=|<=|>|<)?(\d+)(?:\.\.(\d+))?", value)
                if not match:
                    raise ValueError(f"stars:{value} is not a valid range (e.g. stars:>100, stars:10..50).")
                op, low, high = match.group(1), int(match.group(2)), match.group(3)
                ok &= {
                    ">": stars > low,
                    ">=": stars >= low,
                    "<": stars < low,
                    "<=": stars <= low,
                    None: (low <= stars <= int(high)) if high else stars == low,
                }[op]
            elif key == "fork":
                ok &= value in ("true", "only") or fork_of is None
                if value == "only":
                    ok &= fork_of is not None
            elif key == "is":
                ok &= private == (value == "private")
        if not ok or (private and owner != "hoffmann-lab"):
            continue
        haystack = name.lower().replace("-", " ").replace("/", " ")
        if not in_name:
            haystack += " " + (description or "").lower() + " " + " ".join(topics).replace("-", " ")
        tokens = set(re.findall(r"[a-z0-9+]+", haystack))
        hits = 0
        for word in words:
            parts = re.findall(r"[a-z0-9+]+", word)
            found = bool(parts) and all(p in tokens or p.rstrip("s") in tokens or p + "s" in tokens for p in parts)
            if found or word in haystack:
                hits += 1
        if words and hits < len(words):
            continue
        scored.append((hits * 100000 + stars, name))
    scored.sort(reverse=True)
    names = [n for _, n in scored]
    return SearchResult(
        total_count=len(names),
        incomplete_results=False,
        items=[_repository(hub, n) for n in names[(first - 1) * size : first * size]],
    )


def _resolve_ref(name: str, ref: str | None) -> str:
    """The branch or tag ``ref`` names (a commit SHA reads the branch it is on)."""
    branches = BRANCHES.get(name, ("main",))
    if not ref or not ref.strip():
        return branches[0]
    raw = ref.strip()
    for prefix in ("refs/heads/", "refs/tags/", "heads/", "tags/"):
        if raw.startswith(prefix):
            raw = raw[len(prefix) :]
            break
    if raw in branches or raw in TAGS.get(name, ()):
        return raw
    if re.fullmatch(r"[0-9a-f]{7,40}", raw.lower()):
        for branch in branches:
            if any(c.sha.startswith(raw.lower()) for c in _commits(name, branch)):
                return branch
    if raw.startswith("refs/pull/"):
        raise ValueError(f"No pull request ref '{ref}' in {name}: it has no open pull requests.")
    known = [*branches, *TAGS.get(name, ())]
    raise ValueError(f"No commit found for the ref '{ref}' in {name}. Branches and tags: {', '.join(known)}.")


def _tree(name: str, ref: str) -> dict[str, str]:
    if name in FILES_MAIN:
        files = dict(FILES_MAIN[name])
    else:
        description = REPOS[name][0] or ""
        files = {"README.md": PUBLIC_README.format(name=name.split("/")[1], description=description)}
    for path, text in FILES_AT.get((name, ref), {}).items():
        if text is None:
            files.pop(path, None)
        else:
            files[path] = text
    return files


def contents(owner: str, repo: str, path: str, ref: str | None = None) -> Contents:
    """A file's text, or a directory's entries, at a branch, tag or commit (the default branch if none).

    Raises:
        ValueError: for an unknown repository, ref or path.
    """
    name = repo_key(owner, repo)
    at = _resolve_ref(name, ref)
    files = _tree(name, at)
    raw = (path or "").strip()
    raw = re.sub(rf"^(https?://)?github\.com/{re.escape(name)}/(blob|tree)/[^/]+/?", "", raw, flags=re.I)
    clean = raw.strip().strip("/")
    if clean in (".", ""):
        clean = ""
    if clean in files:
        text = files[clean]
        return Contents(
            type="file",
            path=clean,
            ref=at,
            name=clean.rsplit("/", 1)[-1],
            sha=_sha(name, at, clean, text),
            size=len(text.encode()),
            encoding="utf-8",
            content=text,
            html_url=f"https://github.com/{name}/blob/{at}/{clean}",
        )
    prefix = clean + "/" if clean else ""
    children: dict[str, Entry] = {}
    for file_path, text in files.items():
        if not file_path.startswith(prefix):
            continue
        head, _, rest = file_path[len(prefix) :].partition("/")
        if rest:
            children.setdefault(head, Entry(type="dir", name=head, path=prefix + head, size=0))
        else:
            children[head] = Entry(type="file", name=head, path=file_path, size=len(text.encode()))
    if children:
        ordered = sorted(children.values(), key=lambda e: (e.type != "dir", e.name.lower()))
        return Contents(type="dir", path=clean, ref=at, entries=ordered)
    case = [p for p in files if p.lower() == clean.lower()]
    hint = (
        f" Did you mean '{case[0]}'?" if case else f" Top level: {', '.join(sorted({p.split('/')[0] for p in files}))}."
    )
    raise ValueError(f"Not Found: no '{clean}' in {name} at {at}.{hint}")


def _commits(name: str, branch: str) -> list[Commit]:
    rows = list(COMMITS.get((name, branch), []))
    parent = BRANCH_PARENT.get((name, branch))
    if parent:
        rows += COMMITS.get((name, parent), [])
    if not rows and (name, "main") not in COMMITS:
        pushed = REPOS[name][7]
        rows = [("Update README", "maintainer", "Maintainer", pushed)]
    out = []
    for message, login, person, when in rows:
        sha = _sha(name, message, when)
        email = f"{login}@users.noreply.github.com"
        out.append(
            Commit(
                sha=sha,
                commit=CommitDetail(message=message, author=CommitAuthor(name=person, email=email, date=when)),
                author=User(login=login),
                html_url=f"https://github.com/{name}/commit/{sha}",
            )
        )
    return out


def commits(owner: str, repo: str, sha: str | None = None, page: Any = None, per_page: Any = None) -> CommitList:
    """A page of the commits of a branch, tag or commit (the default branch if none), newest first.

    Raises:
        ValueError: for an unknown repository or ref, or a bad page.
    """
    name = repo_key(owner, repo)
    first, size = _page(page, per_page)
    raw = (sha or "").strip()
    at = _resolve_ref(name, raw or None)
    rows = _commits(name, at if at in BRANCHES.get(name, ("main",)) else BRANCHES.get(name, ("main",))[0])
    if at in TAGS.get(name, ()):
        message = TAG_AT[(name, at)]
        rows = rows[next(i for i, c in enumerate(rows) if c.commit.message == message) :]
    elif raw and re.fullmatch(r"[0-9a-f]{7,40}", raw.lower()):
        rows = rows[next(i for i, c in enumerate(rows) if c.sha.startswith(raw.lower())) :]
    return CommitList(commits=rows[(first - 1) * size : first * size])


hub = Hub()
server = MCPServer("eval-github", instructions="GitHub: issues, repositories, files and commits. Test-only.")

_OWNER = Field(description="Repository owner")
_REPO = Field(description="Repository name")
_PAGE = WithJsonSchema({"type": "number", "description": "Page number for pagination (min 1)", "minimum": 1})
_PER_PAGE = WithJsonSchema(
    {"type": "number", "description": "Results per page for pagination (min 1, max 100)", "minimum": 1, "maximum": 100}
)


def _strings(description: str) -> WithJsonSchema:
    return WithJsonSchema({"type": "array", "items": {"type": "string"}, "description": description})


def _choice(description: str, values: list[str]) -> WithJsonSchema:
    return WithJsonSchema({"type": "string", "description": description, "enum": values})


@server.tool(
    annotations=ToolAnnotations(title="Create issue", readOnlyHint=False, destructiveHint=False, openWorldHint=True)
)
def create_issue(
    owner: Annotated[str, _OWNER],
    repo: Annotated[str, _REPO],
    title: Annotated[str, Field(description="Issue title")],
    body: Annotated[str | None, WithJsonSchema({"type": "string", "description": "Issue body content"})] = None,
    assignees: Annotated[list[str] | None, _strings("Usernames to assign to this issue")] = None,
    labels: Annotated[list[str] | None, _strings("Labels to apply to this issue")] = None,
) -> Issue:
    """Create a new issue in a GitHub repository"""
    try:
        return hub.create(owner, repo, title, body, labels, assignees)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List issues", readOnlyHint=True, openWorldHint=True))
def list_issues(
    owner: Annotated[str, _OWNER],
    repo: Annotated[str, _REPO],
    state: Annotated[
        str | None, _choice("Filter by state ('open', 'closed', 'all')", ["open", "closed", "all"])
    ] = None,
    labels: Annotated[list[str] | None, _strings("Filter by labels")] = None,
    sort: Annotated[
        str | None, _choice("Sort by ('created', 'updated', 'comments')", ["created", "updated", "comments"])
    ] = None,
    direction: Annotated[str | None, _choice("Sort direction ('asc', 'desc')", ["asc", "desc"])] = None,
    since: Annotated[
        str | None, WithJsonSchema({"type": "string", "description": "Filter by date (ISO 8601 timestamp)"})
    ] = None,
    page: Annotated[float | None, _PAGE] = None,
    perPage: Annotated[float | None, _PER_PAGE] = None,
) -> IssueList:
    """List issues in a GitHub repository with filtering options"""
    try:
        return hub.listing(owner, repo, state, labels, sort, direction, since, page, perPage)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Get issue details", readOnlyHint=True, openWorldHint=True))
def get_issue(
    owner: Annotated[str, Field(description="The owner of the repository")],
    repo: Annotated[str, Field(description="The name of the repository")],
    issue_number: Annotated[float, Field(description="The number of the issue")],
) -> Issue:
    """Get details of a specific issue in a GitHub repository"""
    try:
        return hub.get(owner, repo, issue_number)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(
        title="Add comment to issue", readOnlyHint=False, destructiveHint=False, openWorldHint=True
    )
)
def add_issue_comment(
    owner: Annotated[str, _OWNER],
    repo: Annotated[str, _REPO],
    issue_number: Annotated[float, Field(description="Issue number to comment on")],
    body: Annotated[str, Field(description="Comment text")],
) -> Comment:
    """Add a comment to an existing issue"""
    try:
        return hub.comment(owner, repo, issue_number, body)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Search repositories", readOnlyHint=True, openWorldHint=True))
def search_repositories(
    query: Annotated[str, Field(description="Search query")],
    page: Annotated[float | None, _PAGE] = None,
    perPage: Annotated[float | None, _PER_PAGE] = None,
) -> SearchResult:
    """Search for GitHub repositories"""
    try:
        return search(hub, query, page, perPage)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Get file or directory contents", readOnlyHint=True, openWorldHint=True))
def get_file_contents(
    owner: Annotated[str, Field(description="Repository owner (username or organization)")],
    repo: Annotated[str, _REPO],
    path: Annotated[str, Field(description="Path to file/directory")],
    ref: Annotated[
        str | None,
        WithJsonSchema(
            {
                "type": "string",
                "description": "Accepts optional git refs such as `refs/tags/{tag}`, `refs/heads/{branch}` or "
                "`refs/pull/{pr_number}/head`",
            }
        ),
    ] = None,
) -> Contents:
    """Get the contents of a file or directory from a GitHub repository"""
    try:
        return contents(owner, repo, path, ref)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List commits", readOnlyHint=True, openWorldHint=True))
def list_commits(
    owner: Annotated[str, _OWNER],
    repo: Annotated[str, _REPO],
    sha: Annotated[
        str | None,
        WithJsonSchema(
            {
                "type": "string",
                "description": "Commit SHA, branch or tag name to list commits of. If not provided, uses the default "
                "branch of the repository. If a commit SHA is provided, will list commits up to that SHA.",
            }
        ),
    ] = None,
    page: Annotated[float | None, _PAGE] = None,
    perPage: Annotated[float | None, _PER_PAGE] = None,
) -> CommitList:
    """Get list of commits of a branch in a GitHub repository"""
    try:
        return commits(owner, repo, sha, page, perPage)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
