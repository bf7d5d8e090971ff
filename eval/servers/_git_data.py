"""The fake repositories of the test-only ``git`` server (``eval/servers/git.py``): three of Ana Sousa's repositories,
written as a history of commits from an empty tree plus the working tree's state at the start.

Each commit: (label, parent label or None, author, date, message, changes). ``changes`` maps a path to its new full
content, or to a list of (old, new) text replacements applied to the parent's content. Labels are only names for
this file; the server derives the commit hashes.
"""

from __future__ import annotations

ANA = "Ana Sousa <a.sousa@marqueslab.org>"
LUCAS = "Lucas Meyer <l.meyer@marqueslab.org>"
TOMAS = "Tomás Ferreira <t.ferreira@marqueslab.org>"
HELENA = "Helena Marques <h.marques@marqueslab.org>"

Change = str | list[tuple[str, str]]
Commit = tuple[str, str | None, str, str, str, dict[str, Change]]

# ---------------------------------------------------------------------------------------------------------------
# /home/ana/code/rnaseq-pipeline
# ---------------------------------------------------------------------------------------------------------------

_SNAKEFILE = """import pandas as pd


configfile: "config/config.yaml"


samples = pd.read_csv(config["samples"], sep="\\t", dtype=str).set_index("sample", drop=False)
SAMPLES = samples.index.tolist()


rule all:
    input:
        expand("results/salmon/{sample}/quant.sf", sample=SAMPLES),
"""

_CONFIG = """samples: config/samples.tsv

genome:
  species: mus_musculus
  gencode: vM35
  transcriptome: resources/gencode.vM35.transcripts.fa.gz
  annotation: resources/gencode.vM35.annotation.gtf.gz

salmon:
  index: resources/salmon_index_vM35
  libtype: A
"""

_SAMPLES = "sample\tcondition\tbatch\tfastq_1\tfastq_2\n" + "".join(
    f"S{i:02d}\t{'WT' if i % 2 else 'KO'}\t{1 if i <= 6 else 2}\traw/S{i:02d}_R1.fastq.gz\traw/S{i:02d}_R2.fastq.gz\n"
    for i in range(1, 13)
)

_README_1 = """# rnaseq-pipeline

Bulk RNA-seq of FACS-sorted mouse microglia, from FASTQ to DESeq2 results.

## Running it

    snakemake --sdm conda --cores 16
"""

_README_2 = """# rnaseq-pipeline

Bulk RNA-seq of FACS-sorted mouse microglia, from FASTQ to DESeq2 results. Marques Lab, Amsterdam.

## What it does

1. Trims adapters with fastp
2. Quantifies transcripts with salmon (GENCODE vM35, decoy-aware index)
3. Imports to genes with tximport
4. Runs DESeq2 with the design in `config/config.yaml`
5. Collects QC in a MultiQC report

## Running it

    conda env create -f environment.yaml
    conda activate rnaseq-pipeline
    snakemake --sdm conda --cores 16

## Configuration

- `config/samples.tsv`: one line per sample (sample, condition, batch, fastq_1, fastq_2)
- `config/config.yaml`: genome, index paths, design formula, contrasts

## Authors

Ana Sousa (a.sousa@marqueslab.org), Lucas Meyer. MIT licence.
"""

_GITIGNORE = "results/\nresources/\nlogs/\n.snakemake/\n*.pyc\n.Rhistory\n"

_ENVIRONMENT = """name: rnaseq-pipeline
channels:
  - conda-forge
  - bioconda
dependencies:
  - python=3.12
  - snakemake=9.13
  - pandas=2.2
"""

_QC = """rule fastp:
    input:
        r1=lambda wc: samples.loc[wc.sample, "fastq_1"],
        r2=lambda wc: samples.loc[wc.sample, "fastq_2"],
    output:
        r1="results/trimmed/{sample}_R1.fastq.gz",
        r2="results/trimmed/{sample}_R2.fastq.gz",
        json="results/qc/fastp/{sample}.json",
        html="results/qc/fastp/{sample}.html",
    log:
        "logs/fastp/{sample}.log",
    threads: 4
    conda:
        "../envs/qc.yaml"
    shell:
        "fastp -i {input.r1} -I {input.r2} -o {output.r1} -O {output.r2} "
        "-j {output.json} -h {output.html} -w {threads} 2> {log}"


rule fastqc:
    input:
        "results/trimmed/{sample}_{read}.fastq.gz",
    output:
        html="results/qc/fastqc/{sample}_{read}_fastqc.html",
        zip="results/qc/fastqc/{sample}_{read}_fastqc.zip",
    threads: 2
    conda:
        "../envs/qc.yaml"
    shell:
        "fastqc -t {threads} -o results/qc/fastqc {input}"
"""

_MULTIQC = """

rule multiqc:
    input:
        expand("results/qc/fastp/{sample}.json", sample=SAMPLES),
        expand("results/salmon/{sample}/quant.sf", sample=SAMPLES),
    output:
        "results/qc/multiqc_report.html",
    log:
        "logs/multiqc.log",
    conda:
        "../envs/qc.yaml"
    shell:
        "multiqc results/ -o results/qc -n multiqc_report.html 2> {log}"
"""

_QC_ENV = """channels:
  - conda-forge
  - bioconda
dependencies:
  - fastp=0.23.4
  - fastqc=0.12.1
"""

_QUANT = """rule salmon_index:
    input:
        config["genome"]["transcriptome"],
    output:
        directory(config["salmon"]["index"]),
    threads: 16
    conda:
        "../envs/salmon.yaml"
    shell:
        "salmon index -t {input} -i {output} -p {threads}"


rule salmon_quant:
    input:
        r1="results/trimmed/{sample}_R1.fastq.gz",
        r2="results/trimmed/{sample}_R2.fastq.gz",
        index=config["salmon"]["index"],
    output:
        "results/salmon/{sample}/quant.sf",
    params:
        libtype=config["salmon"]["libtype"],
        outdir="results/salmon/{sample}",
    threads: 8
    conda:
        "../envs/salmon.yaml"
    shell:
        "salmon quant -i {input.index} -l {params.libtype} -1 {input.r1} -2 {input.r2} "
        "--validateMappings --gcBias -p {threads} -o {params.outdir}"
"""

_TXIMPORT_RULE = """

rule tximport:
    input:
        quant=expand("results/salmon/{sample}/quant.sf", sample=SAMPLES),
        gtf=config["genome"]["annotation"],
    output:
        "results/tximport/gene_counts.rds",
    conda:
        "../envs/deseq2.yaml"
    script:
        "../scripts/tximport.R"
"""

_SALMON_ENV = """channels:
  - conda-forge
  - bioconda
dependencies:
  - salmon=1.10.2
"""

_TXIMPORT_R = """library(tximport)
library(GenomicFeatures)

files <- snakemake@input[["quant"]]
names(files) <- basename(dirname(files))

txdb <- makeTxDbFromGFF(snakemake@input[["gtf"]])
tx2gene <- select(txdb, keys(txdb, "TXNAME"), "GENEID", "TXNAME")

txi <- tximport(files, type = "salmon", tx2gene = tx2gene)
saveRDS(txi, snakemake@output[[1]])
"""

_DESEQ2_ENV = """channels:
  - conda-forge
  - bioconda
dependencies:
  - r-base=4.4
  - bioconductor-tximport=1.34
  - bioconductor-genomicfeatures=1.58
"""

_DIFFEXP = """rule deseq2:
    input:
        counts="results/tximport/gene_counts.rds",
        samples=config["samples"],
    output:
        table="results/deseq2/ko_vs_wt.tsv",
        dds="results/deseq2/dds.rds",
    params:
        design=config["diffexp"]["design"],
    log:
        "logs/deseq2.log",
    conda:
        "../envs/deseq2.yaml"
    script:
        "../scripts/deseq2.R"
"""

_DESEQ2_R = """library(DESeq2)

txi <- readRDS(snakemake@input[["counts"]])
samples <- read.delim(snakemake@input[["samples"]], row.names = 1)
samples$condition <- factor(samples$condition, levels = c("WT", "KO"))

dds <- DESeqDataSetFromTximport(txi, colData = samples, design = as.formula(snakemake@params[["design"]]))
dds <- dds[rowSums(counts(dds) >= 10) >= 3, ]
dds <- DESeq(dds)

res <- results(dds, contrast = c("condition", "KO", "WT"))
res <- res[order(res$padj), ]
write.table(as.data.frame(res), snakemake@output[["table"]], sep = "\\t", quote = FALSE)
saveRDS(dds, snakemake@output[["dds"]])
"""

_VOLCANO_R = """library(ggplot2)

res <- read.delim(snakemake@input[[1]])
res$significant <- !is.na(res$padj) & res$padj < 0.05 & abs(res$log2FoldChange) > 1

p <- ggplot(res, aes(log2FoldChange, -log10(pvalue), colour = significant)) +
    geom_point(size = 0.6) +
    scale_colour_manual(values = c("grey70", "firebrick")) +
    theme_bw()
ggsave(snakemake@output[[1]], p, width = 5, height = 4)
"""

_ALIGN = """rule star_index:
    input:
        fasta="resources/GRCm39.primary_assembly.genome.fa",
        gtf=config["genome"]["annotation"],
    output:
        directory("resources/star_index_vM35"),
    threads: 16
    resources:
        mem_mb=40000,
    conda:
        "../envs/star.yaml"
    shell:
        "STAR --runMode genomeGenerate --genomeDir {output} --genomeFastaFiles {input.fasta} "
        "--sjdbGTFfile {input.gtf} --runThreadN {threads}"
"""

_STAR_ALIGN = """

rule star_align:
    input:
        r1="results/trimmed/{sample}_R1.fastq.gz",
        r2="results/trimmed/{sample}_R2.fastq.gz",
        index="resources/star_index_vM35",
    output:
        "results/star/{sample}/Aligned.sortedByCoord.out.bam",
    threads: 12
    resources:
        mem_mb=36000,
    conda:
        "../envs/star.yaml"
    shell:
        "STAR --genomeDir {input.index} --readFilesIn {input.r1} {input.r2} --readFilesCommand zcat "
        "--outSAMtype BAM SortedByCoordinate --runThreadN {threads} "
        "--outFileNamePrefix results/star/{wildcards.sample}/"
"""

PIPELINE_COMMITS: list[Commit] = [
    (
        "p1",
        None,
        ANA,
        "2026-09-01 10:12:44+02:00",
        "Initial commit: Snakemake skeleton",
        {
            "README.md": _README_1,
            ".gitignore": _GITIGNORE,
            "environment.yaml": _ENVIRONMENT,
            "config/config.yaml": _CONFIG,
            "config/samples.tsv": _SAMPLES,
            "workflow/Snakefile": _SNAKEFILE,
        },
    ),
    (
        "p2",
        "p1",
        ANA,
        "2026-09-03 16:40:02+02:00",
        "Add fastp trimming and FastQC rules",
        {
            "workflow/rules/qc.smk": _QC,
            "workflow/envs/qc.yaml": _QC_ENV,
            "workflow/Snakefile": [("sample=SAMPLES),\n", 'sample=SAMPLES),\n\n\ninclude: "rules/qc.smk"\n')],
        },
    ),
    (
        "p3",
        "p2",
        ANA,
        "2026-09-08 11:05:37+02:00",
        "Add salmon quantification against GENCODE vM35",
        {
            "workflow/rules/quant.smk": _QUANT,
            "workflow/envs/salmon.yaml": _SALMON_ENV,
            "workflow/Snakefile": [
                ('include: "rules/qc.smk"\n', 'include: "rules/qc.smk"\ninclude: "rules/quant.smk"\n')
            ],
        },
    ),
    (
        "p4",
        "p3",
        LUCAS,
        "2026-09-15 14:22:51+02:00",
        "tximport to gene level",
        {
            "workflow/rules/quant.smk": [('-o {params.outdir}"\n', '-o {params.outdir}"\n' + _TXIMPORT_RULE)],
            "workflow/scripts/tximport.R": _TXIMPORT_R,
            "workflow/envs/deseq2.yaml": _DESEQ2_ENV,
        },
    ),
    (
        "p5",
        "p4",
        ANA,
        "2026-09-22 09:48:19+02:00",
        "DESeq2 rule with the design formula from the config",
        {
            "workflow/rules/diffexp.smk": _DIFFEXP,
            "workflow/scripts/deseq2.R": _DESEQ2_R,
            "workflow/envs/deseq2.yaml": [
                ("genomicfeatures=1.58\n", "genomicfeatures=1.58\n  - bioconductor-deseq2=1.46\n")
            ],
            "config/config.yaml": [("  libtype: A\n", '  libtype: A\n\ndiffexp:\n  design: "~ condition"\n')],
            "workflow/Snakefile": [
                ('include: "rules/quant.smk"\n', 'include: "rules/quant.smk"\ninclude: "rules/diffexp.smk"\n'),
                ("sample=SAMPLES),\n", 'sample=SAMPLES),\n        "results/deseq2/ko_vs_wt.tsv",\n'),
            ],
        },
    ),
    (
        "p6",
        "p5",
        ANA,
        "2026-10-01 17:31:08+02:00",
        "Add MultiQC report",
        {
            "workflow/rules/qc.smk": [
                ('-o results/qc/fastqc {input}"\n', '-o results/qc/fastqc {input}"\n' + _MULTIQC)
            ],
            "workflow/envs/qc.yaml": [("fastqc=0.12.1\n", "fastqc=0.12.1\n  - multiqc\n")],
            "workflow/Snakefile": [
                (
                    '"results/deseq2/ko_vs_wt.tsv",\n',
                    '"results/deseq2/ko_vs_wt.tsv",\n        "results/qc/multiqc_report.html",\n',
                )
            ],
        },
    ),
    (
        "p7",
        "p6",
        ANA,
        "2026-10-02 10:15:40+02:00",
        "Release 1.0.0: first complete run on the pilot samples",
        {"README.md": _README_2},
    ),
    (
        "p8",
        "p7",
        LUCAS,
        "2026-10-06 15:02:11+02:00",
        "Pin salmon to 1.10.3",
        {"workflow/envs/salmon.yaml": [("salmon=1.10.2", "salmon=1.10.3")]},
    ),
    (
        "p9",
        "p8",
        ANA,
        "2026-10-13 11:47:26+02:00",
        "Add batch to the DESeq2 design formula",
        {
            "config/config.yaml": [('design: "~ condition"', 'design: "~ batch + condition"')],
            "workflow/scripts/deseq2.R": [
                ('levels = c("WT", "KO"))\n', 'levels = c("WT", "KO"))\nsamples$batch <- factor(samples$batch)\n')
            ],
        },
    ),
    (
        "p10",
        "p9",
        TOMAS,
        "2026-10-20 16:18:03+02:00",
        "Shrink log2 fold changes with apeglm",
        {
            "workflow/scripts/deseq2.R": [
                (
                    'res <- results(dds, contrast = c("condition", "KO", "WT"))',
                    'res <- lfcShrink(dds, coef = "condition_KO_vs_WT", type = "apeglm")',
                )
            ],
            "workflow/envs/deseq2.yaml": [("deseq2=1.46\n", "deseq2=1.46\n  - bioconductor-apeglm=1.28\n")],
        },
    ),
    (
        "p11",
        "p10",
        ANA,
        "2026-11-03 14:55:49+01:00",
        "Volcano plots per contrast",
        {
            "workflow/scripts/volcano.R": _VOLCANO_R,
            "workflow/rules/diffexp.smk": [
                (
                    '"../scripts/deseq2.R"\n',
                    '"../scripts/deseq2.R"\n\n\nrule volcano:\n    input:\n        "results/deseq2/ko_vs_wt.tsv",\n'
                    '    output:\n        "results/plots/volcano_ko_vs_wt.pdf",\n    conda:\n'
                    '        "../envs/deseq2.yaml"\n    script:\n        "../scripts/volcano.R"\n',
                )
            ],
            "workflow/envs/deseq2.yaml": [("apeglm=1.28\n", "apeglm=1.28\n  - r-ggplot2=3.5\n")],
        },
    ),
    (
        "f1",
        "p11",
        ANA,
        "2026-11-06 10:31:12+01:00",
        "Add STAR index rule",
        {
            "workflow/rules/align.smk": _ALIGN,
            "workflow/envs/star.yaml": "channels:\n  - conda-forge\n  - bioconda\ndependencies:\n  - star=2.7.11b\n",
        },
    ),
    (
        "f2",
        "f1",
        ANA,
        "2026-11-09 18:02:45+01:00",
        "STAR alignment for the QC subset",
        {
            "workflow/rules/align.smk": [('--runThreadN {threads}"\n', '--runThreadN {threads}"\n' + _STAR_ALIGN)],
            "workflow/Snakefile": [
                ('include: "rules/diffexp.smk"\n', 'include: "rules/diffexp.smk"\ninclude: "rules/align.smk"\n')
            ],
        },
    ),
    (
        "p12",
        "p11",
        ANA,
        "2026-11-12 13:26:30+01:00",
        "Read contrasts from the config instead of hard-coding them",
        {
            "config/config.yaml": [
                (
                    'design: "~ batch + condition"\n',
                    'design: "~ batch + condition"\n  contrasts:\n    ko_vs_wt: [condition, KO, WT]\n',
                )
            ],
            "workflow/rules/diffexp.smk": [
                (
                    '        design=config["diffexp"]["design"],\n',
                    '        design=config["diffexp"]["design"],\n        contrasts=config["diffexp"]["contrasts"],\n',
                )
            ],
            "workflow/scripts/deseq2.R": [
                (
                    'res <- lfcShrink(dds, coef = "condition_KO_vs_WT", type = "apeglm")',
                    'contrast <- snakemake@params[["contrasts"]][[1]]\n'
                    'coef <- paste0(contrast[1], "_", contrast[2], "_vs_", contrast[3])\n'
                    'res <- lfcShrink(dds, coef = coef, type = "apeglm")',
                )
            ],
        },
    ),
    (
        "m1",
        "p8",
        LUCAS,
        "2026-11-17 09:40:58+01:00",
        "Pin MultiQC to 1.25 (1.26 breaks the fastp module)",
        {"workflow/envs/qc.yaml": [("  - multiqc\n", "  - multiqc=1.25\n")]},
    ),
    (
        "p13",
        "p12",
        ANA,
        "2026-11-19 11:13:07+01:00",
        "Fix tximport for salmon 1.10 transcript names",
        {
            "workflow/scripts/tximport.R": [
                (
                    "tx2gene = tx2gene)",
                    "tx2gene = tx2gene, ignoreTxVersion = TRUE, ignoreAfterBar = TRUE)",
                )
            ]
        },
    ),
    (
        "p14",
        "p13",
        ANA,
        "2026-11-21 17:42:10+01:00",
        "WIP: export normalised counts",
        {
            "workflow/scripts/deseq2.R": [
                (
                    'saveRDS(dds, snakemake@output[["dds"]])\n',
                    'saveRDS(dds, snakemake@output[["dds"]])\n\nnorm <- counts(dds, normalized = TRUE)\n'
                    'write.table(norm, file.path(dirname(snakemake@output[["dds"]]), "normalized_counts.tsv"),\n'
                    '            sep = "\\t", quote = FALSE)\n',
                )
            ]
        },
    ),
]

PIPELINE = {
    "commits": PIPELINE_COMMITS,
    "branches": {"main": "p8", "dev": "p14", "feature/star-index": "f2", "fix/multiqc-version": "m1"},
    "remotes": {"origin/main": "p8", "origin/dev": "p13", "origin/feature/star-index": "f2"},
    "remote_head": "origin/main",
    "tags": {"v1.0.0": "p7"},
    "head": "dev",
    # the working tree at the start: staged (in the index), unstaged (working tree only), untracked
    "staged": {
        "config/samples.tsv": [
            (
                "raw/S12_R2.fastq.gz\n",
                "raw/S12_R2.fastq.gz\n"
                + "".join(
                    f"S{i}\t{'WT' if i % 2 else 'KO'}\t3\traw/S{i}_R1.fastq.gz\traw/S{i}_R2.fastq.gz\n"
                    for i in range(13, 17)
                ),
            )
        ]
    },
    "unstaged": {
        "workflow/rules/qc.smk": [
            ("    threads: 4\n", "    threads: 8\n"),
            ('"fastp -i {input.r1}', '"fastp --detect_adapter_for_pe -i {input.r1}'),
        ],
        "README.md": [
            (
                "## Authors\n",
                "## Citation\n\nMeyer L, Sousa A, Marques H. F1000Research 14, 388 (2025).\n\n## Authors\n",
            )
        ],
    },
    "untracked": {
        "notes/todo.md": "- rerun batch 3 once the FASTQs arrive\n- ask Tomás about apeglm vs ashr\n",
        "workflow/scripts/plot_pca.R": "library(DESeq2)\n\ndds <- readRDS(snakemake@input[[1]])\nvsd <- vst(dds)\n"
        'pdf(snakemake@output[[1]])\nplotPCA(vsd, intgroup = c("condition", "batch"))\ndev.off()\n',
    },
}

# ---------------------------------------------------------------------------------------------------------------
# /home/ana/papers/thesis
# ---------------------------------------------------------------------------------------------------------------

_THESIS = r"""\documentclass[11pt,twoside]{uvathesis}
\usepackage{graphicx}
\usepackage[backend=biber,style=authoryear]{biblatex}
\addbibresource{references.bib}

\title{Microglia at the edge of a lesion: TREM2 and the first days of demyelination}
\author{Ana Sousa}

\begin{document}
\maketitle
\tableofcontents

\include{chapters/introduction}

\printbibliography
\end{document}
"""

_INTRO_1 = r"""\chapter{Introduction}

Myelin lets axons conduct quickly and keeps them alive. When it is lost, as in multiple sclerosis, the debris
must be cleared before new myelin can form. TODO: microglia, TREM2, the cuprizone model.
"""

_INTRO_2 = r"""\chapter{Introduction}

Myelin lets axons conduct quickly and keeps them alive. When it is lost, as in multiple sclerosis, the debris
must be cleared before new myelin can form \parencite{Franklin2008}.

\section{Microglia in white matter}

Microglia are the resident macrophages of the central nervous system. In white matter lesions they phagocytose
myelin debris, process its lipids and release signals that recruit oligodendrocyte precursor cells (OPCs).

\section{TREM2}

TREM2 is a lipid-sensing receptor on microglia. Without it, microglia fail to clear myelin debris after cuprizone
demyelination \parencite{Cantoni2015}.

\section{Aims of this thesis}

This thesis asks how TREM2 changes the microglial response over the first days of a lesion.
"""

_BIB_1 = """@article{Franklin2008,
  author = {Franklin, Robin J. M. and ffrench-Constant, Charles},
  title = {Remyelination in the {CNS}: from biology to therapy},
  journal = {Nature Reviews Neuroscience},
  year = {2008},
  volume = {9},
  pages = {839--855},
  doi = {10.1038/nrn2480}
}

@article{Cantoni2015,
  author = {Cantoni, Claudia and others},
  title = {{TREM2} regulates microglial cell activation in response to demyelination in vivo},
  journal = {Acta Neuropathologica},
  year = {2015},
  volume = {129},
  pages = {429--447},
  doi = {10.1007/s00401-015-1388-1}
}
"""

_BIB_METHODS = """
@article{love2014,
  author = {Love, Michael I. and Huber, Wolfgang and Anders, Simon},
  title = {Moderated estimation of fold change and dispersion for {RNA-seq} data with {DESeq2}},
  journal = {Genome Biology},
  year = {2014},
  volume = {15},
  pages = {550},
  doi = {10.1186/s13059-014-0550-8}
}

@article{harris2020,
  author = {Harris, Charles R. and others},
  title = {Array programming with {NumPy}},
  journal = {Nature},
  year = {2020},
  volume = {585},
  pages = {357--362},
  doi = {10.1038/s41586-020-2649-2}
}
"""

_METHODS = r"""\chapter{Methods}

\section{Animals and cuprizone}

Trem2\textsuperscript{-/-} and wild-type C57BL/6J mice, 8 weeks old, were fed 0.2\% cuprizone for up to
21 days. All procedures were approved by the animal welfare body (licence AVD1180020259846).

\section{Single-nucleus RNA sequencing}

Nuclei from the corpus callosum were isolated with a sucrose gradient and profiled with the 10x Genomics Chromium
Single Cell 3' v3.1 kit on a NovaSeq 6000.

\section{Analysis}

Reads were aligned with Cell Ranger 8.0. Pseudobulk differential expression used DESeq2 \parencite{love2014};
figures were made with Python and NumPy \parencite{harris2020}.
"""

_RESULTS = r"""\chapter{Results}

\section{A single-nucleus atlas of TREM2-deficient lesions}

We profiled 184,000 nuclei from the corpus callosum at 0, 1, 3, 7 and 21 days of cuprizone
(Figure~\ref{fig:atlas}). Microglia made up 9\% of nuclei at day 0 and 31\% at day 7 in wild-type mice, but only
17\% in Trem2\textsuperscript{-/-} mice.

\section{Microglia without TREM2 stall in an interferon state}

Without TREM2, microglia entered an early interferon-responsive state at day 1 but did not progress to the
lipid-metabolising state seen in wild-type mice at day 3.
"""

_OPC = r"""
\section{Oligodendrocyte precursors fail to differentiate}

In Trem2\textsuperscript{-/-} lesions, OPCs accumulated at day 7 but few expressed the markers of
differentiating oligodendrocytes (Figure~\ref{fig:opc}).
"""

_GAS6 = r"""
\section{Gas6 as a missing signal}

A ligand-receptor analysis between microglia and OPCs pointed to microglial Gas6, which was induced at day 3 in
wild-type but not in Trem2\textsuperscript{-/-} microglia. Its receptor Axl was expressed by OPCs throughout.
"""

_FIG_ATLAS = r"""\begin{figure}
  \centering
  \includegraphics[width=\textwidth]{figures/atlas_umap.pdf}
  \caption{UMAP of 184,000 nuclei coloured by cell type.}
  \label{fig:atlas}
\end{figure}
"""

_FIG_OPC = r"""\begin{figure}
  \centering
  \includegraphics[width=0.8\textwidth]{figures/opc_differentiation.pdf}
  \caption{Fraction of differentiating oligodendrocytes per genotype and day.}
  \label{fig:opc}
\end{figure}
"""

THESIS_COMMITS: list[Commit] = [
    (
        "t1",
        None,
        ANA,
        "2026-06-10 09:30:00+02:00",
        "Thesis skeleton from the university template",
        {
            "thesis.tex": _THESIS,
            "chapters/introduction.tex": _INTRO_1,
            "Makefile": "thesis.pdf: thesis.tex chapters/*.tex references.bib\n\tlatexmk -pdf thesis.tex\n",
            ".gitignore": "*.aux\n*.bbl\n*.bcf\n*.blg\n*.log\n*.out\n*.pdf\n*.run.xml\n*.toc\n*.fdb_latexmk\n*.fls\n",
        },
    ),
    (
        "t2",
        "t1",
        ANA,
        "2026-07-02 18:12:40+02:00",
        "Introduction: first full draft",
        {"chapters/introduction.tex": _INTRO_2, "references.bib": _BIB_1},
    ),
    (
        "t3",
        "t2",
        ANA,
        "2026-08-19 15:44:05+02:00",
        "Methods chapter: cuprizone model, snRNA-seq, analysis",
        {
            "chapters/methods.tex": _METHODS,
            "references.bib": [
                ("doi = {10.1007/s00401-015-1388-1}\n}\n", "doi = {10.1007/s00401-015-1388-1}\n}\n" + _BIB_METHODS)
            ],
            "thesis.tex": [
                (
                    "\\include{chapters/introduction}\n",
                    "\\include{chapters/introduction}\n\\include{chapters/methods}\n",
                )
            ],
        },
    ),
    (
        "t4",
        "t3",
        ANA,
        "2026-09-30 20:05:51+02:00",
        "Results: the TREM2 knockout atlas",
        {
            "chapters/results.tex": _RESULTS,
            "figures/atlas.tex": _FIG_ATLAS,
            "thesis.tex": [
                ("\\include{chapters/methods}\n", "\\include{chapters/methods}\n\\include{chapters/results}\n")
            ],
        },
    ),
    (
        "t5",
        "t4",
        ANA,
        "2026-10-14 11:20:17+02:00",
        "Incorporate Helena's comments on the introduction",
        {
            "chapters/introduction.tex": [
                ("Microglia are the resident macrophages", "Microglia are the resident immune cells"),
                ("This thesis asks how", "This thesis asks whether and how"),
            ]
        },
    ),
    (
        "t6",
        "t5",
        ANA,
        "2026-10-28 22:41:03+01:00",
        "Results: OPC differentiation section and figure",
        {
            "chapters/results.tex": [
                ("seen in wild-type mice at day 3.\n", "seen in wild-type mice at day 3.\n" + _OPC)
            ],
            "figures/opc.tex": _FIG_OPC,
        },
    ),
    (
        "t7",
        "t6",
        ANA,
        "2026-11-10 16:08:29+01:00",
        "Fix bibliography keys (Love2014, Harris2020)",
        {
            "references.bib": [
                ("@article{love2014,", "@article{Love2014,"),
                ("@article{harris2020,", "@article{Harris2020,"),
            ],
            "chapters/methods.tex": [
                ("\\parencite{love2014}", "\\parencite{Love2014}"),
                ("\\parencite{harris2020}", "\\parencite{Harris2020}"),
            ],
        },
    ),
    (
        "h1",
        "t7",
        HELENA,
        "2026-11-14 08:55:36+01:00",
        "Comments on the methods chapter",
        {
            "chapters/methods.tex": [
                ("were fed 0.2\\% cuprizone", "were fed 0.2\\% cuprizone \\todo{HM: males only? say so}"),
                ("on a NovaSeq 6000.\n", "on a NovaSeq 6000. \\todo{HM: how many nuclei per sample?}\n"),
            ]
        },
    ),
    (
        "t8",
        "t7",
        ANA,
        "2026-11-18 19:27:14+01:00",
        "Methods: ligand-receptor analysis",
        {
            "chapters/methods.tex": [
                (
                    "\\parencite{Harris2020}.\n",
                    "\\parencite{Harris2020}.\nLigand-receptor pairs between microglia and OPCs were scored with "
                    "CellChat 2.1.\n",
                )
            ]
        },
    ),
    (
        "g1",
        "t8",
        ANA,
        "2026-11-20 14:33:52+01:00",
        "Figures: colour-blind palette for the atlas",
        {"figures/atlas.tex": [("coloured by cell type.}", "coloured by cell type (Okabe-Ito palette).}")]},
    ),
]

THESIS = {
    "commits": THESIS_COMMITS,
    "branches": {"main": "t8", "helena-comments": "h1", "ch3-figures": "g1"},
    "remotes": {"origin/main": "t8", "origin/helena-comments": "h1"},
    "remote_head": "origin/main",
    "tags": {},
    "head": "main",
    "staged": {
        "references.bib": [
            (
                "doi = {10.1038/s41586-020-2649-2}\n}\n",
                "doi = {10.1038/s41586-020-2649-2}\n}\n\n@article{Sousa2026,\n"
                "  author = {Sousa, Ana and Ferreira, Tom{\\'a}s and Raman, Priya and Marques, Helena},\n"
                "  title = {Microglial {TREM2} shapes the transcriptional response to demyelination at single-cell "
                "resolution},\n  journal = {bioRxiv},\n  year = {2026},\n  doi = {10.1101/2026.10.14.612345}\n}\n",
            )
        ]
    },
    "unstaged": {
        "chapters/results.tex": [
            (
                "differentiating oligodendrocytes (Figure~\\ref{fig:opc}).\n",
                "differentiating oligodendrocytes (Figure~\\ref{fig:opc}).\n" + _GAS6,
            )
        ]
    },
    "untracked": {
        "chapters/discussion.tex": "\\chapter{Discussion}\n\nTODO: TREM2 as a gatekeeper, Gas6, limitations of cuprizone.\n"
    },
}

# ---------------------------------------------------------------------------------------------------------------
# /home/ana/code/qpcr-analysis
# ---------------------------------------------------------------------------------------------------------------

_DDCT_1 = """library(readr)
library(dplyr)

ct <- read_tsv("data/lightcycler_export.txt", skip = 1)
ct <- ct |> rename(well = Pos, sample = Name, ct = Cp)

ref <- ct |> filter(gene == "Gapdh") |> group_by(sample) |> summarise(ref_ct = mean(ct))
res <- ct |> filter(gene != "Gapdh") |> left_join(ref, by = "sample") |>
    mutate(dct = ct - ref_ct)
"""

QPCR_COMMITS: list[Commit] = [
    (
        "q1",
        None,
        ANA,
        "2026-03-04 13:15:22+01:00",
        "ddCt analysis for the LightCycler exports",
        {
            "ddct.R": _DDCT_1,
            "README.md": "# qpcr-analysis\n\nddCt analysis of LightCycler 480 exports. Run `Rscript ddct.R`.\n",
            ".gitignore": "data/\n*.pdf\n.Rhistory\n",
        },
    ),
    (
        "q2",
        "q1",
        ANA,
        "2026-03-11 10:02:45+01:00",
        "Use the geometric mean of Gapdh and Actb as reference",
        {
            "ddct.R": [
                (
                    'ref <- ct |> filter(gene == "Gapdh") |> group_by(sample) |> summarise(ref_ct = mean(ct))',
                    'ref <- ct |> filter(gene %in% c("Gapdh", "Actb")) |> group_by(sample) |>\n'
                    "    summarise(ref_ct = exp(mean(log(ct))))",
                ),
                ('filter(gene != "Gapdh")', 'filter(!gene %in% c("Gapdh", "Actb"))'),
            ]
        },
    ),
    (
        "q3",
        "q2",
        ANA,
        "2026-05-20 17:36:09+02:00",
        "Plot fold changes with SEM error bars",
        {
            "ddct.R": [
                (
                    "    mutate(dct = ct - ref_ct)\n",
                    "    mutate(dct = ct - ref_ct)\n\nlibrary(ggplot2)\n"
                    "fc <- res |> group_by(gene, condition) |> summarise(fold = mean(2^-dct), sem = sd(2^-dct) / sqrt(n()))\n"
                    'ggsave("fold_change.pdf", ggplot(fc, aes(gene, fold, fill = condition)) + geom_col(position = "dodge") +\n'
                    "    geom_errorbar(aes(ymin = fold - sem, ymax = fold + sem), position = position_dodge(0.9), width = 0.2))\n",
                )
            ]
        },
    ),
    (
        "q4",
        "q3",
        ANA,
        "2026-11-04 12:48:31+01:00",
        "Read the plate layout from a CSV file",
        {
            "ddct.R": [
                (
                    "ct <- ct |> rename(well = Pos, sample = Name, ct = Cp)\n",
                    'ct <- ct |> rename(well = Pos, sample = Name, ct = Cp)\nlayout <- read_csv("plate_layout.csv")\n'
                    'ct <- ct |> left_join(layout, by = "well")\n',
                )
            ],
            "plate_layout.csv": "well,gene,condition\nA1,Gapdh,WT\nA2,Gapdh,KO\nB1,Actb,WT\nB2,Actb,KO\nC1,Trem2,WT\n"
            "C2,Trem2,KO\nD1,Gas6,WT\nD2,Gas6,KO\n",
        },
    ),
]

QPCR = {
    "commits": QPCR_COMMITS,
    "branches": {"main": "q4"},
    "remotes": {"origin/main": "q4"},
    "remote_head": "origin/main",
    "tags": {},
    "head": "main",
    "staged": {},
    "unstaged": {},
    "untracked": {},
}

HOME = "/home/ana"
REPOS = {
    "/home/ana/code/rnaseq-pipeline": PIPELINE,
    "/home/ana/papers/thesis": THESIS,
    "/home/ana/code/qpcr-analysis": QPCR,
}
# directories that exist but are not repositories
DIRECTORIES = {"/", "/home", HOME, f"{HOME}/code", f"{HOME}/papers", f"{HOME}/data", f"{HOME}/Downloads"}
