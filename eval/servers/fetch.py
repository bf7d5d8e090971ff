"""Test-only web fetch server (dev set ``dev12_tools.jsonl``), shaped like the official reference Fetch server
(``mcp-server-fetch``): one ``fetch`` tool with ``url``, ``max_length``, ``start_index`` and ``raw``, its
description and parameter descriptions as the real server publishes them.

Run with: ``python -m eval.servers.fetch`` (stdio). No network: a small fake web of 17 pages (a lab's site, a journal
article page, a PubMed record, a preprint, a GEO series, documentation pages (one long enough to need
``start_index`` paging), a raw README, a GitHub release and its API record, a conference page, example.com), with
the real server's behaviour around them: redirects followed (``http://`` to ``https://``, ``www.`` to the bare host,
doi.org to the publisher, a missing trailing slash), HTML simplified to Markdown unless ``raw`` is true, other
content types returned raw with the real server's prefix, output cut at ``max_length`` with the real server's note
on the ``start_index`` to send next, a 404 for an unknown page on a known host, a 403 from a publisher that blocks
robots, a robots.txt refusal (Google Scholar), and a connection error for any other host.
"""

from __future__ import annotations

import html
import re
from typing import Annotated
from urllib.parse import urlsplit

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import AnyUrl, BaseModel, Field

from agent_core.servers._serve import main

DESCRIPTION = """Fetches a URL from the internet and optionally extracts its contents as markdown.

Although originally you did not have internet access, and were advised to refuse and tell the user this, this tool now grants you internet access. Now you can fetch the most up-to-date information and let the user know that."""
USER_AGENT = "ModelContextProtocol/1.0 (Autonomous; +https://github.com/modelcontextprotocol/servers)"
HTML = "text/html; charset=utf-8"

LAB_HOME = """# Marques Lab

**Microglia, myelin and RNA regulation** · Amsterdam Institute for Neuroscience

We study how microglia, the resident immune cells of the brain, sense and repair damage to myelin. We combine
mouse models of demyelination, single-cell and spatial transcriptomics, and RNA biochemistry to find out which
microglial programmes help remyelination and which ones stall it.

## News

- **20 November 2026**: Ana Sousa's preprint on TREM2 and demyelination is out on bioRxiv.
- **3 November 2026**: Helena gives the keynote at the Dutch Neuroscience Meeting in Lunteren.
- **14 October 2026**: Welcome to Tomás Ferreira, who joins us as a postdoc from Lisbon.
- **1 September 2026**: Our single-nucleus atlas of the corpus callosum is published in Nature Neuroscience.
- **We are hiring**: a PhD position in single-cell neuroimmunology, see [Join us](https://marqueslab.org/join).

## Find us

Amsterdam Institute for Neuroscience, Science Park 904, room C3.112, 1098 XH Amsterdam, the Netherlands.

[People](https://marqueslab.org/people) · [Publications](https://marqueslab.org/publications) ·
[Protocols](https://marqueslab.org/protocols/rna-extraction) · [Seminars](https://marqueslab.org/seminars) ·
[Join us](https://marqueslab.org/join)
"""

LAB_PEOPLE = """# People

## Principal investigator

**Helena Marques**, PhD. Professor of Molecular Neuroscience. Microglia, myelin repair, RNA-binding proteins.
h.marques@marqueslab.org · +31 20 525 7841

## Postdocs

- **Tomás Ferreira**, PhD. Spatial transcriptomics of white matter lesions. t.ferreira@marqueslab.org
- **Priya Raman**, PhD. RNA-binding proteins in activated microglia; CLIP-seq. p.raman@marqueslab.org

## PhD students

- **Ana Sousa**. TREM2 and the microglial response to demyelination; the lab's RNA-seq pipeline.
  a.sousa@marqueslab.org
- **Jonas Becker**. Lipid handling in foamy microglia. j.becker@marqueslab.org
- **Mei Chen**. Human iPSC-derived microglia in myelinating organoids. m.chen@marqueslab.org

## Technicians and lab manager

- **Sanne de Groot**. Lab manager, animal licences, orders. s.degroot@marqueslab.org
- **Karim Haddad**. Research technician, histology and imaging. k.haddad@marqueslab.org

## Alumni

Lucas Meyer (PhD 2025, now at the Karolinska Institute), Eva Nowak (postdoc 2021-2024, now a group leader in
Kraków).
"""

LAB_PUBLICATIONS = """# Publications

## 2026

1. Sousa A, Ferreira T, Raman P, Marques H. Microglial TREM2 shapes the transcriptional response to
   demyelination at single-cell resolution. *bioRxiv* (2026). doi:10.1101/2026.10.14.612345
2. Becker J, Chen M, de Groot S, Marques H. Single-nucleus atlas of the mouse corpus callosum during
   cuprizone demyelination and remyelination. *Nature Neuroscience* 29, 1412-1425 (2026).
   doi:10.1038/s41593-026-01873-4
3. Raman P, Marques H. HuR stabilises pro-repair transcripts in lipid-laden microglia. *Cell Reports* 45,
   114802 (2026). doi:10.1016/j.celrep.2026.114802

## 2025

4. Meyer L, Sousa A, Marques H. A Snakemake workflow for reproducible bulk RNA-seq of sorted microglia.
   *F1000Research* 14, 388 (2025). doi:10.12688/f1000research.161204.1
5. Nowak E, Haddad K, Marques H. Myelin debris clearance requires microglial autophagy in aged mice.
   *Glia* 73, 955-971 (2025). doi:10.1002/glia.24671

## 2024

6. Nowak E, Meyer L, Marques H. Remyelination failure in aged white matter is linked to a microglial
   interferon signature. *Journal of Neuroinflammation* 21, 88 (2024). doi:10.1186/s12974-024-03079-2

Full list on [ORCID](https://orcid.org/0000-0002-4811-2963).
"""

LAB_PROTOCOL = """# RNA extraction from sorted microglia (TRIzol, low input)

Version 3.2, last edited 12 October 2026 by Ana Sousa. For 5,000-200,000 FACS-sorted cells.

## Materials

- TRIzol reagent (keep at 4 °C, work in the fume hood)
- Chloroform, molecular-biology grade
- GlycoBlue coprecipitant (15 mg/ml)
- Isopropanol and 75% ethanol made with nuclease-free water
- RNase-free 1.5 ml tubes, filter tips

## Steps

1. Sort cells directly into 500 µl TRIzol. Vortex 15 s and leave 5 min at room temperature.
2. Add 100 µl chloroform, shake vigorously for 15 s, incubate 3 min at room temperature.
3. Centrifuge 12,000 × g for 15 min at 4 °C.
4. Move the upper aqueous phase (about 250 µl) to a new tube; do not touch the interphase.
5. Add 1 µl GlycoBlue and 250 µl isopropanol; mix by inverting. Precipitate 1 h at -20 °C (or overnight).
6. Centrifuge 12,000 × g for 20 min at 4 °C. The pellet is small and blue.
7. Wash the pellet with 500 µl 75% ethanol; centrifuge 7,500 × g for 5 min at 4 °C.
8. Air-dry for 5 min at most and dissolve in 10 µl nuclease-free water.
9. Measure on the Qubit (RNA HS) and check RIN on the Bioanalyzer pico chip. Expect RIN ≥ 8.

## Notes

- Samples in TRIzol keep for a month at -80 °C.
- Below 5,000 cells use the column kit instead (protocol RNA-07).
- Questions: Ana Sousa (a.sousa@marqueslab.org).
"""

LAB_JOIN = """# Join us

## PhD position: single-cell neuroimmunology (4 years)

We are looking for a PhD student to study how microglia and oligodendrocyte precursors talk to each other during
remyelination, with single-cell multiome and spatial transcriptomics in mouse models.

- Start: 1 April 2027 (negotiable)
- Salary: PhD scale of the Dutch universities, from EUR 2,901 gross per month in the first year
- Requirements: an MSc in neuroscience, immunology, bioinformatics or a related field; experience with R or Python
  is a plus
- **Application deadline: 15 January 2027**
- Interviews: week of 8 February 2027

Send a motivation letter, your CV and the names of two referees as one PDF to h.marques@marqueslab.org with
"PhD 2027" in the subject line.

## Postdoc: RNA-binding proteins in microglia (2 years, extendable)

Open until filled. Experience with CLIP-seq or ribosome profiling is required. Contact Priya Raman.

## Master students

We host two master students per year for internships of at least 6 months. Write to Helena with your dates.
"""

LAB_SEMINARS = """# Seminars

Tuesdays at 16:00 in room C0.110 unless stated otherwise. Coffee from 15:45.

| Date | Speaker | Title |
|---|---|---|
| 24 November 2026 | Lucas Meyer (Karolinska Institute) | Microglial states in the aging human white matter |
| 1 December 2026 | Ana Sousa (Marques Lab) | TREM2 and the first 72 hours of demyelination |
| 8 December 2026 | Rosa Alvarez (EMBL Heidelberg) | Spatial multiomics without the hype |
| 15 December 2026 | Jonas Becker (Marques Lab) | What foamy microglia eat |
| 12 January 2027 | Kenji Watanabe (RIKEN CBS) | Oligodendrocyte precursors as immune cells |

The 8 December talk is in the main auditorium (A1.01) and will be streamed.
"""

NATURE_NUMPY = """# Array programming with NumPy

Charles R. Harris, K. Jarrod Millman, Stéfan J. van der Walt, Ralf Gommers, Pauli Virtanen, David Cournapeau,
Eric Wieser, Julian Taylor, Sebastian Berg, Nathaniel J. Smith, Robert Kern, Matti Picus, Stephan Hoyer,
Marten H. van Kerkwijk, Matthew Brett, Allan Haldane, Jaime Fernández del Río, Mark Wiebe, Pearu Peterson,
Pierre Gérard-Marchant, Kevin Sheppard, Tyler Reddy, Warren Weckesser, Hameer Abbasi, Christoph Gohlke and
Travis E. Oliphant

*Nature* volume 585, pages 357-362 (2020) · Review Article · Open access · Published: 16 September 2020

DOI: https://doi.org/10.1038/s41586-020-2649-2

## Abstract

NumPy is the main array library of the Python language. The review describes how a small set of ideas, namely
the array as a block of memory with a shape and strides, vectorised operations, broadcasting and indexing, gives
a compact and expressive way to work with numerical data, and how these ideas have made NumPy the foundation of
the scientific Python ecosystem, from the analysis of gravitational waves to the first image of a black hole.
The authors also describe the array protocols that let other libraries, such as those for GPUs, sparse and
distributed arrays, interoperate with NumPy, and they discuss the community and its funding.

## Citation

Harris, C.R., Millman, K.J., van der Walt, S.J. et al. Array programming with NumPy. Nature 585, 357-362 (2020).

Received: 21 February 2020 · Accepted: 17 June 2020 · Issue date: 17 September 2020
"""

PUBMED_DESEQ2 = """# Moderated estimation of fold change and dispersion for RNA-seq data with DESeq2

Michael I Love, Wolfgang Huber, Simon Anders

*Genome Biol.* 2014;15(12):550. doi: 10.1186/s13059-014-0550-8.

PMID: 25516281 · PMCID: PMC4302049 · Free PMC article

## Abstract

In RNA-seq experiments, counts of reads per gene are compared between conditions, but small numbers of replicates
make the estimates of within-group variability and of fold changes noisy. The authors present DESeq2, a method
for differential analysis of count data that uses shrinkage estimation for dispersions and fold changes, which
makes the estimates more stable and the results easier to interpret. The method focuses on the strength of
differential expression, not only its presence, and is available as an R/Bioconductor package.

## Affiliations

- Department of Computational Molecular Biology, Max Planck Institute for Molecular Genetics, Berlin, Germany
- Genome Biology Unit, European Molecular Biology Laboratory (EMBL), Heidelberg, Germany

## Cited by

More than 60,000 articles.
"""

BIORXIV_PREPRINT = """# Microglial TREM2 shapes the transcriptional response to demyelination at single-cell resolution

Ana Sousa, Tomás Ferreira, Priya Raman, Helena Marques

doi: https://doi.org/10.1101/2026.10.14.612345

This article is a preprint and has not been certified by peer review.

Posted October 17, 2026.

## Abstract

Microglia clear myelin debris after demyelination, and the receptor TREM2 is needed for this response, but how
TREM2 changes the microglial programmes over the first days of a lesion is not known. We profiled 184,000 nuclei
from the corpus callosum of wild-type and Trem2-deficient mice at 0, 1, 3, 7 and 21 days of cuprizone
demyelination. Without TREM2, microglia entered an early interferon-responsive state but failed to progress to a
lipid-metabolising state, and oligodendrocyte precursors stalled before differentiation. A ligand-receptor analysis
points to microglial Gas6 as one missing signal. Data: GEO GSE264511.

Subject area: Neuroscience
"""

SNAKEMAKE_HOME = """# Snakemake

Snakemake is a workflow management system for creating reproducible and scalable data analyses. Workflows are
written in a Python-based language of rules, each turning input files into output files, and Snakemake works out
which rules to run, and in what order, from the files you ask for.

Snakemake runs the same workflow on a laptop, a compute cluster or the cloud without changes to the workflow, and
it can deploy the software each rule needs with Conda or containers.

## Getting started

- [Installation](https://snakemake.readthedocs.io/en/stable/getting_started/installation.html)
- [Tutorial](https://snakemake.readthedocs.io/en/stable/tutorial/tutorial.html)
- [Writing rules](https://snakemake.readthedocs.io/en/stable/snakefiles/rules.html)
- [Command line interface](https://snakemake.readthedocs.io/en/stable/executing/cli.html)

## Current version

9.14.0, released 10 November 2026. See the [changelog](https://github.com/snakemake/snakemake/releases).

## Citation

Mölder F, Jablonski KP, Letcher B, et al. Sustainable data analysis with Snakemake. F1000Research 10:33 (2021).
"""

SNAKEMAKE_RULES = """# Snakefiles and Rules

A Snakemake workflow is described by rules in a file called `Snakefile`. A rule says how to create a set of
output files from a set of input files. Rules are written in a small language on top of Python: anything that is
valid Python can also appear in a Snakefile, between the rules or inside them.

## A first rule

A rule has a name, its input files, its output files, and the command that turns one into the other:

    rule bwa_map:
        input:
            "data/genome.fa",
            "data/samples/A.fastq"
        output:
            "mapped_reads/A.bam"
        shell:
            "bwa mem {input} | samtools view -Sb - > {output}"

In the shell command, `{input}` and `{output}` are replaced by the rule's files, separated by spaces. Snakemake
runs the command only when the output is missing or older than one of the inputs.

## Wildcards

Most workflows do the same thing to many samples. Instead of one rule per sample, a rule can contain wildcards:
names in braces in its output, such as `{sample}`. When Snakemake needs `mapped_reads/B.bam`, it matches the
requested file against the output pattern, sets the wildcard `sample` to `B`, and fills the same value into the
input:

    rule bwa_map:
        input:
            "data/genome.fa",
            "data/samples/{sample}.fastq"
        output:
            "mapped_reads/{sample}.bam"
        shell:
            "bwa mem {input} | samtools view -Sb - > {output}"

Every wildcard must appear in every output file of the rule, so that the output files alone determine the job.
Wildcards can be restricted with regular expressions, either where they appear (`{sample,[A-Z]+}`) or for the
whole workflow with the `wildcard_constraints` directive. Inside the shell command, the value of a wildcard is
available as `{wildcards.sample}`.

## Targets and the expand function

Snakemake builds the files you name on the command line. Without targets it builds the inputs of the first rule
of the Snakefile, which is why most workflows start with a rule called `all` that lists the final results. The
`expand` helper writes such lists for you: `expand("plots/{sample}.svg", sample=SAMPLES)` gives one file per
sample, and with two lists of values it gives every combination.

## Threads

A rule can say how many threads its command uses:

    rule bwa_map:
        ...
        threads: 8
        shell:
            "bwa mem -t {threads} {input} | samtools view -Sb - > {output}"

Snakemake never runs more threads at the same time than it was given with `--cores`. If a rule asks for more
threads than are available, the number is scaled down to the number of cores, so the same workflow runs on a
laptop with 4 cores and on a node with 64.

## Resources

Besides threads, a rule can declare arbitrary resources, such as memory in megabytes or the runtime in minutes:

    resources:
        mem_mb=16000,
        runtime=120

Resources limit how many jobs run at the same time (`--resources mem_mb=64000`) and are passed on to cluster and
cloud executors, which turn them into the scheduler's requests. A resource can also be a function of the input
size or of the attempt number, so that a job that failed for lack of memory asks for more when it is retried.

## Params

Some commands need values that are neither input nor output files, such as a read group or a prefix. These go in
the `params` section and are available as `{params.name}` in the command:

    params:
        rg=r"@RG\\tID:{sample}\\tSM:{sample}"

A parameter can be a function of the wildcards, which keeps sample-specific settings out of the shell command.

## Log files

Each rule can name log files. Unlike output files, logs are kept when a job fails, so that the error can be read:

    log:
        "logs/bwa_mem/{sample}.log"
    shell:
        "(bwa mem {input} | samtools view -Sb - > {output}) 2> {log}"

Log files must contain the same wildcards as the output files.

## Benchmarks

With the `benchmark` directive, Snakemake measures the wall-clock time, the memory and the input/output of each
job and writes them to a tab-separated file. With `repeat("benchmarks/{sample}.tsv", 3)` the job runs three
times and every run is recorded.

## Software environments

A rule can name a Conda environment file next to the Snakefile:

    conda:
        "envs/mapping.yaml"

When Snakemake is started with `--software-deployment-method conda` (or `--sdm conda`), it creates the
environment once and runs the job inside it. In the same way, the `container` directive runs a job inside a
container image, such as `docker://biocontainers/samtools:1.20`. Pinning the versions in the environment files is
what makes a workflow reproducible years later.

## Shell, run and script

The command of a rule can be one of three things:

- `shell`: a shell command, as in the examples above.
- `run`: a block of Python code, with `input`, `output`, `params` and `wildcards` available as objects.
- `script`: the path of a Python, R, Julia or Rust script. Inside it, a `snakemake` object gives access to the
  rule's files and parameters, e.g. `snakemake.input[0]` in Python or `snakemake@input[[1]]` in R.

Longer analyses are easier to test as scripts than as shell commands.

## Temporary and protected files

Intermediate files that are large and only needed by the next step can be marked `temp("sorted/{sample}.bam")`;
Snakemake deletes them as soon as no remaining job needs them. Files that are expensive to make, such as an
alignment of a full genome, can be marked `protected(...)`: Snakemake makes them read-only after creation, so that
they are not overwritten by accident.

## Ambiguous rules

When two rules can produce the same file, Snakemake stops with an error about ambiguous rules. Give them an order
with `ruleorder: bwa_map > bowtie2_map`, or make their outputs distinct with wildcard constraints.

## Local rules

On a cluster, some rules are too small to be worth a job of their own, such as the rule `all` or a rule that
downloads a file. Listing them with `localrules: all, download` runs them on the machine where Snakemake itself
runs.

## Including other files

Large workflows are easier to read when their rules are split over several files. `include: "rules/align.smk"`
reads the rules of another file as if they were written at that place. Modules go one step further and let a
workflow reuse the rules of another workflow with its own configuration.

## Input functions

Instead of a fixed file name, an input can be a Python function that receives the wildcards and returns the file
names. This is how a rule reads the FASTQ files of a sample from a sample sheet:

    def fastqs(wildcards):
        row = samples.loc[wildcards.sample]
        return [row.fastq_1, row.fastq_2]

    rule fastp:
        input:
            fastqs
        output:
            "trimmed/{sample}_R1.fq.gz",
            "trimmed/{sample}_R2.fq.gz"

An input function is evaluated before the job runs, when Snakemake builds the graph of jobs, so it must not rely
on files that other jobs have yet to create. The helper `unpack` lets a function return a dictionary of named
inputs instead of a list.

## Checkpoints

Sometimes the files a workflow needs are known only after a step has run, for instance when a clustering step
decides how many clusters there are. A rule declared with `checkpoint` instead of `rule` makes Snakemake
re-evaluate the graph of jobs after it has finished. Downstream input functions then ask
`checkpoints.cluster.get(**wildcards).output[0]` for the checkpoint's output and list the files found in it.

## Retries and priorities

A job that fails can be retried with `retries: 3`, which helps with flaky network downloads and with jobs that
run out of memory when their resources grow with the attempt number. With `priority: 50` a rule's jobs are
scheduled before those of rules with a lower priority, which is useful to get a first result early.

## Group jobs

On a cluster, many short jobs waste time in the queue. Rules with the same `group` are submitted together as one
cluster job when they are connected in the graph, so that a chain of small steps for one sample runs in one
allocation. The `--group-components` option merges several such groups into one submission.

## Shadow rules

A command that writes unpredictable extra files into its working directory can be run in a shadow directory with
`shadow: "minimal"`. Snakemake links the inputs into a temporary directory, runs the command there, moves the
declared outputs back and removes everything else.

## Directories as output

Some tools write a whole directory whose content is not known in advance, such as a STAR genome index. Mark such
an output with `directory("index/star")`: Snakemake then treats the directory as one file, checks that it exists
after the job and removes it before the job is rerun. Use this sparingly; listing the real files is better
whenever they are known.

## Ancient inputs and rerun triggers

By default a job is rerun when its inputs are newer than its outputs, or when its code, parameters or software
environment changed. Wrapping an input in `ancient(...)` ignores its modification time, for instance for a large
reference genome that was copied again without being changed. The `--rerun-triggers` option chooses which of the
triggers Snakemake considers (`mtime`, `params`, `input`, `software-env`, `code`).

## Rule inheritance

A rule can reuse another rule's definition with `use rule bwa_map as bwa_map_hg38 with:` and then change only the
directives that differ, such as the input genome and the output directory. This avoids copies of long rules that
drift apart over time.

## Messages

The `message` directive replaces the rule's default description in the log with a sentence of your own, which may
contain the same placeholders as a shell command, such as `"Mapping {wildcards.sample} with {threads} threads"`.

## Configuration

Settings that change between runs, such as the list of samples or the reference genome, belong in a
configuration file (YAML or JSON) given with `configfile: "config/config.yaml"`. Its contents are available in
the Snakefile as the dictionary `config`, and single values can be overridden on the command line with
`--config`. A sample sheet is best read with pandas at the top of the Snakefile.
"""

PIPELINE_README = """# rnaseq-pipeline

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

On the cluster: `snakemake --profile profiles/slurm`.

## Configuration

- `config/samples.tsv`: one line per sample (sample, condition, batch, fastq_1, fastq_2)
- `config/config.yaml`: genome, index paths, design formula, contrasts

## Authors

Ana Sousa (a.sousa@marqueslab.org), Lucas Meyer. MIT licence.
"""

GEO_SERIES = """# GEO Accession viewer: GSE264511

**Series GSE264511** · Public on Oct 20, 2026

**Title**: Single-nucleus RNA-seq of the mouse corpus callosum during cuprizone demyelination in Trem2-deficient
and wild-type mice

**Organism**: Mus musculus

**Experiment type**: Expression profiling by high throughput sequencing

**Summary**: Nuclei were isolated from the corpus callosum of wild-type and Trem2 knockout mice fed cuprizone for
0, 1, 3, 7 or 21 days, and profiled with 10x Genomics Chromium Single Cell 3' v3.1.

**Overall design**: 2 genotypes × 5 time points, 2 biological replicates (pooled from 2 mice each) per group; 20
samples.

**Contributor(s)**: Sousa A, Ferreira T, Raman P, Marques H

**Platform**: GPL24247 Illumina NovaSeq 6000 (Mus musculus)

**Samples (20)**: GSM8231201-GSM8231220

**Supplementary files**: GSE264511_RAW.tar (8.4 Gb), GSE264511_metadata.csv.gz (31.2 Kb)

**Contact**: Ana Sousa, Amsterdam Institute for Neuroscience, a.sousa@marqueslab.org
"""

EXAMPLE_COM = """# Example Domain

This domain is for use in illustrative examples in documents. You may use this domain in literature without prior
coordination or asking for permission.

[More information...](https://www.iana.org/domains/example)
"""

ISMB_2027 = """# ISMB 2027

35th Annual Conference on Intelligent Systems for Molecular Biology · 11-15 July 2027 · Lisbon, Portugal

The flagship meeting of the International Society for Computational Biology (ISCB).

## Key dates

| What | Deadline |
|---|---|
| Proceedings track submissions | 14 January 2027 |
| Proceedings author notification | 25 March 2027 |
| Workshops and tutorials proposals | 28 January 2027 |
| Talk and poster abstracts | 11 March 2027 |
| Travel fellowships | 22 April 2027 |
| Early registration | 13 May 2027 |

All deadlines are 11:59 pm Anywhere on Earth.

## Venue

Centro de Congressos de Lisboa, Praça das Indústrias 1, Lisbon.

## Registration fees (early)

ISCB members: USD 795 · students: USD 420 · non-members: USD 1,095.
"""

SNAKEMAKE_RELEASE = """# Release v9.14.0 · snakemake/snakemake

johanneskoester released this · 10 Nov 2026 · 41 commits to main since this release

## Features

- Jobs that fail for lack of memory are retried with the memory the executor reports (#3412)
- `--report` now includes the Conda environment of each rule (#3398)

## Bug Fixes

- Wildcard constraints in included modules no longer leak into the main workflow (#3420)
- `temp()` outputs of checkpoint rules are deleted again after the downstream jobs finish (#3409)
- Fix a crash of `--touch` with `protected()` outputs (#3401)

## Documentation

- New section on resource functions in "Snakefiles and Rules" (#3395)

Assets: Source code (zip), Source code (tar.gz)
"""

SNAKEMAKE_RELEASE_JSON = """{
  "url": "https://api.github.com/repos/snakemake/snakemake/releases/198765432",
  "html_url": "https://github.com/snakemake/snakemake/releases/tag/v9.14.0",
  "id": 198765432,
  "tag_name": "v9.14.0",
  "target_commitish": "main",
  "name": "v9.14.0",
  "draft": false,
  "prerelease": false,
  "created_at": "2026-11-10T08:14:03Z",
  "published_at": "2026-11-10T08:21:47Z",
  "author": {"login": "johanneskoester", "type": "User"},
  "body": "## Features\\n- Jobs that fail for lack of memory are retried with the memory the executor reports (#3412)\\n- `--report` now includes the Conda environment of each rule (#3398)\\n\\n## Bug Fixes\\n- Wildcard constraints in included modules no longer leak into the main workflow (#3420)"
}
"""

# url -> (content type, page title, body: Markdown for HTML pages, the raw text otherwise)
PAGES: dict[str, tuple[str, str, str]] = {
    "https://marqueslab.org/": (HTML, "Marques Lab | Microglia, myelin and RNA", LAB_HOME),
    "https://marqueslab.org/people": (HTML, "People | Marques Lab", LAB_PEOPLE),
    "https://marqueslab.org/publications": (HTML, "Publications | Marques Lab", LAB_PUBLICATIONS),
    "https://marqueslab.org/protocols/rna-extraction": (HTML, "RNA extraction | Marques Lab", LAB_PROTOCOL),
    "https://marqueslab.org/join": (HTML, "Join us | Marques Lab", LAB_JOIN),
    "https://marqueslab.org/seminars": (HTML, "Seminars | Marques Lab", LAB_SEMINARS),
    "https://www.nature.com/articles/s41586-020-2649-2": (HTML, "Array programming with NumPy | Nature", NATURE_NUMPY),
    "https://pubmed.ncbi.nlm.nih.gov/25516281/": (
        HTML,
        "Moderated estimation of fold change and dispersion for RNA-seq data with DESeq2 - PubMed",
        PUBMED_DESEQ2,
    ),
    "https://www.biorxiv.org/content/10.1101/2026.10.14.612345v1": (
        HTML,
        "Microglial TREM2 shapes the transcriptional response to demyelination | bioRxiv",
        BIORXIV_PREPRINT,
    ),
    "https://snakemake.readthedocs.io/en/stable/": (HTML, "Snakemake | Snakemake 9.14.0 documentation", SNAKEMAKE_HOME),
    "https://snakemake.readthedocs.io/en/stable/snakefiles/rules.html": (
        HTML,
        "Snakefiles and Rules | Snakemake 9.14.0 documentation",
        SNAKEMAKE_RULES,
    ),
    "https://raw.githubusercontent.com/asousa/rnaseq-pipeline/main/README.md": (
        "text/plain; charset=utf-8",
        "",
        PIPELINE_README,
    ),
    "https://www.ncbi.nlm.nih.gov/geo/query/acc.cgi?acc=GSE264511": (HTML, "GEO Accession viewer", GEO_SERIES),
    "https://example.com/": (HTML, "Example Domain", EXAMPLE_COM),
    "https://www.ismb.org/ismb2027/": (HTML, "ISMB 2027 | Lisbon", ISMB_2027),
    "https://github.com/snakemake/snakemake/releases/tag/v9.14.0": (
        HTML,
        "Release v9.14.0 · snakemake/snakemake · GitHub",
        SNAKEMAKE_RELEASE,
    ),
    "https://api.github.com/repos/snakemake/snakemake/releases/latest": (
        "application/json; charset=utf-8",
        "",
        SNAKEMAKE_RELEASE_JSON,
    ),
}
REDIRECTS = {
    "https://doi.org/10.1038/s41586-020-2649-2": "https://www.nature.com/articles/s41586-020-2649-2",
    "https://doi.org/10.1101/2026.10.14.612345": "https://www.biorxiv.org/content/10.1101/2026.10.14.612345v1",
    "https://www.biorxiv.org/content/10.1101/2026.10.14.612345": (
        "https://www.biorxiv.org/content/10.1101/2026.10.14.612345v1"
    ),
    "https://pubmed.ncbi.nlm.nih.gov/25516281": "https://pubmed.ncbi.nlm.nih.gov/25516281/",
    "https://snakemake.readthedocs.io/": "https://snakemake.readthedocs.io/en/stable/",
    "https://www.ismb.org/ismb2027": "https://www.ismb.org/ismb2027/",
    "https://github.com/snakemake/snakemake/releases/latest": (
        "https://github.com/snakemake/snakemake/releases/tag/v9.14.0"
    ),
}
BARE_HOSTS = {"marqueslab.org"}  # www. redirects to the bare host
KNOWN_HOSTS = {urlsplit(u).netloc for u in [*PAGES, *REDIRECTS]}
FORBIDDEN_HOSTS = {"www.sciencedirect.com", "www.researchgate.net", "onlinelibrary.wiley.com"}
ROBOTS = {"scholar.google.com": "User-agent: *\nDisallow: /search\nDisallow: /scholar\nAllow: /scholar_share"}


class Fetched(BaseModel):
    """The contents of one URL (or a part of them)."""

    url: str = Field(description="The URL as requested")
    content_type: str = Field(description="Content type of the response")
    start_index: int = Field(description="First character returned")
    length: int = Field(description="Characters of content returned")
    total_length: int = Field(description="Characters of the whole content (simplified unless raw)")
    next_start_index: int | None = Field(description="start_index of the next part, null when nothing is left")
    text: str = Field(description="What the server returns: 'Contents of <url>:' and the content")


def _inline(text: str) -> str:
    out = html.escape(text, quote=False)
    out = re.sub(r"\[([^\]]+)\]\(([^)]+)\)", r'<a href="\2">\1</a>', out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    out = re.sub(r"\*([^*]+)\*", r"<em>\1</em>", out)
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", out)


def to_html(title: str, markdown: str) -> str:
    """The page's HTML source (what ``raw`` returns), built from its Markdown."""
    body: list[str] = []
    blocks = re.split(r"\n\s*\n", markdown.strip())
    for block in blocks:
        lines = block.splitlines()
        if block.startswith("#"):
            level = len(block) - len(block.lstrip("#"))
            body.append(f"<h{level}>{_inline(block.lstrip('#').strip())}</h{level}>")
        elif all(line.startswith("    ") for line in lines):
            body.append(f"<pre><code>{html.escape(chr(10).join(line[4:] for line in lines))}</code></pre>")
        elif lines[0].startswith("- "):
            items = re.split(r"\n- ", "\n" + block)[1:]
            body.append("<ul>" + "".join(f"<li>{_inline(' '.join(i.split()))}</li>" for i in items) + "</ul>")
        elif re.match(r"\d+\. ", lines[0]):
            items = re.split(r"\n\d+\. ", "\n" + block)[1:]
            body.append("<ol>" + "".join(f"<li>{_inline(' '.join(i.split()))}</li>" for i in items) + "</ol>")
        elif lines[0].startswith("|"):
            rows = [[c.strip() for c in line.strip("|").split("|")] for line in lines if not line.startswith("|---")]
            head, *rest = rows
            table = "<tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr>"
            table += "".join("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in r) + "</tr>" for r in rest)
            body.append(f"<table>{table}</table>")
        else:
            body.append(f"<p>{_inline(' '.join(block.split()))}</p>")
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n</head>\n<body>\n<main>\n"
        + "\n".join(body)
        + "\n</main>\n</body>\n</html>\n"
    )


def _resolve(url: str) -> str:
    """The final URL after the redirects a browser would follow.

    Raises:
        ValueError: with the real server's message for a host it cannot reach, a 403, a 404 or robots.txt.
    """
    seen = 0
    current = url
    while seen < 5:
        seen += 1
        parts = urlsplit(current)
        host = parts.netloc.lower()
        if parts.scheme == "http":
            current = "https" + current[4:]
            continue
        if host.startswith("www.") and host[4:] in BARE_HOSTS:
            current = current.replace(parts.netloc, host[4:], 1)
            continue
        if current in REDIRECTS:
            current = REDIRECTS[current]
            continue
        if current.endswith("/") and current[:-1] in PAGES:
            current = current[:-1]
            continue
        break
    return current


def fetch_url(url: str, max_length: int = 5000, start_index: int = 0, raw: bool = False) -> Fetched:
    """One page of the fake web, cut as the real server cuts it.

    Raises:
        ValueError: with the real server's message (robots.txt, an HTTP error status, a connection error).
    """
    if isinstance(max_length, bool) or not isinstance(max_length, int) or not 0 < max_length < 1_000_000:
        raise ValueError("max_length must be greater than 0 and less than 1000000.")
    if isinstance(start_index, bool) or not isinstance(start_index, int) or start_index < 0:
        raise ValueError("start_index must be greater than or equal to 0.")
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"}:
        raise ValueError(f"Failed to fetch {url}: UnsupportedProtocol('Request URL has an unsupported protocol')")
    host = parts.netloc.lower()
    if host in ROBOTS:
        robots = ROBOTS[host]
        if any(parts.path.startswith(line.split(": ")[1]) for line in robots.splitlines() if "Disallow" in line):
            raise ValueError(
                f"The sites robots.txt (https://{host}/robots.txt), specifies that autonomous fetching of this page "
                f"is not allowed, <useragent>{USER_AGENT}</useragent>\n<url>{url}</url><robots>\n{robots}\n</robots>\n"
                "The assistant must let the user know that it failed to view the page. The assistant may provide "
                "further guidance based on the above information.\nThe assistant can tell the user that they can try "
                "manually fetching the page by using the fetch prompt within their UI."
            )
    if host in FORBIDDEN_HOSTS:
        raise ValueError(f"Failed to fetch {url} - status code 403")
    final = _resolve(url)
    final_host = urlsplit(final).netloc.lower()
    if final not in PAGES:
        if final_host in KNOWN_HOSTS or final_host.removeprefix("www.") in BARE_HOSTS:
            raise ValueError(f"Failed to fetch {url} - status code 404")
        raise ValueError(f"Failed to fetch {url}: ConnectError('[Errno -2] Name or service not known')")
    content_type, title, body = PAGES[final]
    if content_type.startswith("text/html"):
        content = to_html(title, body) if raw else body
        prefix = ""
    else:
        content = body
        prefix = f"Content type {content_type} cannot be simplified to markdown, but here is the raw content:\n"
    total = len(content)
    next_start = None
    if start_index >= total:
        shown = "<error>No more content available.</error>"
        length = 0
    else:
        chunk = content[start_index : start_index + max_length]
        length = len(chunk)
        shown = chunk
        if length == max_length and total - (start_index + length) > 0:
            next_start = start_index + length
            shown += (
                "\n\n<error>Content truncated. Call the fetch tool with a start_index of "
                f"{next_start} to get more content.</error>"
            )
    return Fetched(
        url=url,
        content_type=content_type,
        start_index=start_index,
        length=length,
        total_length=total,
        next_start_index=next_start,
        text=f"{prefix}Contents of {url}:\n{shown}",
    )


server = MCPServer("eval-fetch", instructions="Fetches web pages. Test-only fake web, no network.")


@server.tool(
    name="fetch",
    description=DESCRIPTION,
    annotations=ToolAnnotations(readOnlyHint=True, idempotentHint=True, openWorldHint=True),
)
def fetch(
    url: Annotated[AnyUrl, Field(description="URL to fetch")],
    max_length: Annotated[int, Field(description="Maximum number of characters to return.", gt=0, lt=1000000)] = 5000,
    start_index: Annotated[
        int,
        Field(
            description="On return output starting at this character index, useful if a previous fetch was "
            "truncated and more context is required.",
            ge=0,
        ),
    ] = 0,
    raw: Annotated[
        bool, Field(description="Get the actual HTML content of the requested page, without simplification.")
    ] = False,
) -> Fetched:
    try:
        return fetch_url(str(url), max_length, start_index, raw)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
