"""Test-only expression dataset server (dev set ``dev7_tools.jsonl``): a local mirror of five GEO-style series (GSE
accessions) with their sample tables, a correlation between two columns of a table, and per-group expression of
named genes.

Run with: ``python -m eval.servers.datasets`` (stdio). The series' titles and designs are modelled on public GEO
series, but every value is generated from a fixed seed (latent factors plus noise), so results are stable and never
depend on a network. Correlations are computed on the values (Pearson, Spearman or Kendall's tau-b), p-values two
sided (t distribution for Pearson and Spearman, normal approximation for Kendall).
"""

from __future__ import annotations

import hashlib
import math
import random
import re
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

ACCESSION_PATTERN = r"^GSE\d{1,6}$"
_ACCESSION = re.compile(ACCESSION_PATTERN)
_SYMBOL = re.compile(r"^[A-Za-z][A-Za-z0-9.\-]{0,14}$")
MAX_GENES = 25
Method = Literal["pearson", "spearman", "kendall"]
# column: (kind, base, loading on factor 1, loading on factor 2, noise sd, decimals, description)
# "gene" columns are generated in log2 space and published as normalised expression (2 ** value);
# "meta" columns are published as generated (clipped at 0).
Column = tuple[str, float, float, float, float, int, str]


class Series:
    """One mirrored series: its description, design and column recipes."""

    def __init__(
        self,
        title: str,
        organism: str,
        platform: str,
        technology: str,
        submitted: str,
        summary: str,
        factor: str,
        levels: dict[str, tuple[int, float, float]],
        columns: dict[str, Column],
    ) -> None:
        self.title, self.organism, self.platform, self.technology = title, organism, platform, technology
        self.submitted, self.summary, self.factor = submitted, summary, factor
        self.levels = levels  # level -> (samples, mean of factor 1, mean of factor 2)
        self.columns = columns


SERIES: dict[str, Series] = {
    "GSE2034": Series(
        "Gene expression profiles of lymph-node-negative primary breast cancers (relapse-free survival)",
        "Homo sapiens",
        "GPL96 [HG-U133A] Affymetrix Human Genome U133A Array",
        "expression profiling by array",
        "2005-02-23",
        "Primary tumours of patients who received no adjuvant systemic treatment, to find a signature predicting "
        "distant relapse within 5 years.",
        "relapse",
        {"no_relapse": (179, 0.3, -0.5), "relapse": (107, -0.4, 0.9)},
        {
            "age_years": ("meta", 54.0, 2.0, 0.0, 11.0, 0, "Age at surgery, years"),
            "tumor_size_mm": ("meta", 21.0, -2.0, 4.0, 7.0, 0, "Largest tumour diameter, mm"),
            "rfs_months": ("meta", 70.0, 6.0, -22.0, 18.0, 1, "Relapse-free survival, months"),
            "ESR1": ("gene", 9.0, 1.6, 0.0, 0.6, 2, "Oestrogen receptor 1"),
            "PGR": ("gene", 6.5, 1.3, -0.2, 0.8, 2, "Progesterone receptor"),
            "GATA3": ("gene", 9.5, 1.1, 0.0, 0.5, 2, "GATA binding protein 3"),
            "ERBB2": ("gene", 8.0, -0.3, 0.4, 0.9, 2, "Erb-b2 receptor tyrosine kinase 2 (HER2)"),
            "MKI67": ("gene", 6.0, -0.7, 1.0, 0.5, 2, "Proliferation marker Ki-67"),
        },
    ),
    "GSE5281": Series(
        "Alzheimer's disease and control brains: laser-captured neurons of six regions",
        "Homo sapiens",
        "GPL570 [HG-U133_Plus_2] Affymetrix Human Genome U133 Plus 2.0 Array",
        "expression profiling by array",
        "2006-07-24",
        "Neurons laser-captured from entorhinal cortex, hippocampus, middle temporal gyrus, posterior cingulate, "
        "superior frontal gyrus and primary visual cortex of Alzheimer's disease cases and age-matched controls.",
        "disease_state",
        {"control": (74, -0.8, 0.0), "alzheimers": (87, 0.8, 0.0)},
        {
            "age_years": ("meta", 80.0, 1.0, 1.5, 7.0, 0, "Age at death, years"),
            "pmi_hours": ("meta", 3.0, 0.2, 1.0, 1.0, 1, "Post-mortem interval, hours"),
            "braak_stage": ("meta", 3.0, 1.8, 0.0, 0.6, 0, "Braak neurofibrillary stage (0-6)"),
            "APP": ("gene", 10.0, 0.2, 0.3, 0.4, 2, "Amyloid beta precursor protein"),
            "MAPT": ("gene", 9.0, -0.4, 0.2, 0.4, 2, "Microtubule associated protein tau"),
            "GFAP": ("gene", 8.0, 1.0, 0.0, 0.6, 2, "Glial fibrillary acidic protein"),
            "SNAP25": ("gene", 11.0, -1.1, 0.0, 0.5, 2, "Synaptosome associated protein 25"),
        },
    ),
    "GSE48213": Series(
        "RNA-seq of 56 breast cancer cell lines",
        "Homo sapiens",
        "GPL11154 Illumina HiSeq 2000 (Homo sapiens)",
        "expression profiling by high throughput sequencing",
        "2013-06-26",
        "Transcriptomes of breast cancer cell lines of the luminal, basal, claudin-low and normal-like subtypes, with "
        "population doubling times.",
        "subtype",
        {
            "luminal": (22, 1.2, 0.0),
            "basal": (17, -0.6, 0.8),
            "claudin_low": (11, -1.4, 1.2),
            "normal_like": (6, 0.0, -1.0),
        },
        {
            "doubling_time_h": ("meta", 45.0, 4.0, -8.0, 10.0, 1, "Population doubling time, hours"),
            "library_size_millions": ("meta", 40.0, 0.0, 0.0, 8.0, 1, "Sequenced reads, millions"),
            "ESR1": ("gene", 4.0, 2.5, -0.5, 1.0, 2, "Oestrogen receptor 1"),
            "GATA3": ("gene", 6.0, 2.0, 0.0, 0.8, 2, "GATA binding protein 3"),
            "ERBB2": ("gene", 7.0, 0.8, 0.0, 1.2, 2, "HER2"),
            "KRT5": ("gene", 5.0, -1.5, 0.8, 1.0, 2, "Keratin 5 (basal marker)"),
            "VIM": ("gene", 7.0, -2.0, 0.5, 1.0, 2, "Vimentin (mesenchymal marker)"),
            "MKI67": ("gene", 6.5, 0.0, 0.9, 0.5, 2, "Proliferation marker Ki-67"),
        },
    ),
    "GSE60450": Series(
        "Transcriptomes of basal and luminal cells of the mouse mammary gland in virgin, pregnant and lactating mice",
        "Mus musculus",
        "GPL13112 Illumina HiSeq 2000 (Mus musculus)",
        "expression profiling by high throughput sequencing",
        "2014-08-22",
        "Sorted basal stem-cell-enriched and committed luminal cells from virgin, 18.5-day pregnant and 2-day "
        "lactating mice, two biological replicates each.",
        "cell_type_status",
        {
            "basal_virgin": (2, 0.0, 1.5),
            "basal_pregnant": (2, 1.0, 1.5),
            "basal_lactating": (2, 2.0, 1.5),
            "luminal_virgin": (2, 0.0, -1.5),
            "luminal_pregnant": (2, 1.0, -1.5),
            "luminal_lactating": (2, 2.0, -1.5),
        },
        {
            "library_size_millions": ("meta", 20.0, 0.5, 0.0, 3.0, 1, "Sequenced reads, millions"),
            "percent_mapped": ("meta", 85.0, 0.0, 0.0, 3.0, 1, "Reads mapped to the genome, %"),
            "rin": ("meta", 8.5, -0.3, 0.0, 0.4, 1, "RNA integrity number"),
            "Csn2": ("gene", 6.0, 3.0, -1.5, 0.4, 2, "Casein beta"),
            "Wap": ("gene", 4.0, 3.5, -1.5, 0.5, 2, "Whey acidic protein"),
            "Krt5": ("gene", 8.0, 0.0, 2.0, 0.4, 2, "Keratin 5 (basal)"),
            "Krt8": ("gene", 8.0, 0.2, -2.0, 0.4, 2, "Keratin 8 (luminal)"),
            "Elf5": ("gene", 5.0, 1.2, -1.2, 0.4, 2, "E74 like ETS factor 5"),
        },
    ),
    "GSE147507": Series(
        "Transcriptional response to SARS-CoV-2 and influenza A infection in human lung epithelial cell lines",
        "Homo sapiens",
        "GPL18573 Illumina NextSeq 500 (Homo sapiens)",
        "expression profiling by high throughput sequencing",
        "2020-03-23",
        "NHBE, A549, A549-ACE2 and Calu-3 cells infected with SARS-CoV-2 or influenza A, or mock infected, "
        "harvested 24 hours after infection.",
        "infection",
        {"mock": (40, -1.0, 0.0), "sars_cov_2": (40, 1.0, -0.5), "influenza_a": (30, 1.0, 1.2)},
        {
            "viral_reads_percent": ("meta", 2.0, 2.0, 1.0, 1.0, 2, "Reads mapping to the viral genome, %"),
            "library_size_millions": ("meta", 25.0, 0.0, 0.0, 5.0, 1, "Sequenced reads, millions"),
            "IFNB1": ("gene", 2.0, 1.2, 1.8, 0.8, 2, "Interferon beta 1"),
            "ISG15": ("gene", 7.0, 1.8, 0.8, 0.6, 2, "ISG15 ubiquitin like modifier"),
            "MX1": ("gene", 6.5, 1.8, 0.8, 0.6, 2, "MX dynamin like GTPase 1"),
            "IL6": ("gene", 5.0, 1.5, 0.0, 0.8, 2, "Interleukin 6"),
            "CXCL10": ("gene", 3.5, 2.0, 0.5, 0.9, 2, "C-X-C motif chemokine ligand 10"),
        },
    ),
}


class Level(BaseModel):
    """One group of the design."""

    level: str = Field(description="Group name")
    samples: int = Field(description="Samples in the group")


class ColumnInfo(BaseModel):
    """One numeric column of the sample table."""

    name: str = Field(description="Column name as used by compare_columns")
    kind: str = Field(description="'gene' (normalised expression) or 'meta' (sample characteristic)")
    description: str = Field(description="What the column holds, with its unit")


class DatasetDescription(BaseModel):
    """A series' record."""

    accession: str = Field(description="GSE accession")
    title: str = Field(description="Series title")
    organism: str = Field(description="Organism")
    platform: str = Field(description="GPL platform")
    technology: str = Field(description="Experiment type")
    submitted: str = Field(description="Submission date, YYYY-MM-DD")
    samples: int = Field(description="Number of samples")
    factor: str = Field(description="The design's grouping variable")
    groups: list[Level] = Field(description="Its levels with sample counts")
    columns: list[ColumnInfo] = Field(description="Numeric columns of the sample table")
    summary: str = Field(description="Series summary")


class Correlation(BaseModel):
    """A correlation between two columns."""

    dataset: str = Field(description="GSE accession")
    column_a: str = Field(description="First column")
    column_b: str = Field(description="Second column")
    method: Method = Field(description="pearson, spearman or kendall")
    n: int = Field(description="Samples used")
    coefficient: float = Field(description="r, rho or tau-b, 4 decimals")
    p_value: float = Field(description="Two-sided p-value, 4 significant figures")
    strength: str = Field(description="negligible, weak, moderate, strong or very strong, with the direction")


class GroupStat(BaseModel):
    """A gene's expression in one group."""

    level: str = Field(description="Group")
    mean: float = Field(description="Mean expression, 3 decimals")
    sd: float = Field(description="Standard deviation, 3 decimals")


class GeneProfile(BaseModel):
    """One gene's expression across the design's groups."""

    symbol: str = Field(description="Gene symbol as sent")
    in_sample_table: bool = Field(description="Whether it is also a column of the sample table")
    groups: list[GroupStat] = Field(description="Per-group mean and SD")


class ExpressionSummary(BaseModel):
    """Per-group expression of the genes asked for."""

    accession: str = Field(description="GSE accession")
    factor: str = Field(description="Grouping variable")
    scale: str = Field(description="'normalised' or 'log2(x + 1)'")
    genes: list[GeneProfile] = Field(description="One entry per gene, in the order sent")


def accession_of(text: str) -> str:
    """``text`` as a mirrored accession ('gse2034' and 'GSE 2034' are refused with the form to send).

    Raises:
        ValueError: for another form or an accession that is not mirrored, listing the mirrored ones.
    """
    raw = (text or "").strip()
    listed = ", ".join(SERIES)
    if not _ACCESSION.match(raw):
        digits = re.search(r"\d{1,6}", raw)
        if digits and raw.upper().replace(" ", "").replace("-", "").startswith("GSE"):
            raise ValueError(f"Send the accession as 'GSE' and digits with no space, e.g. 'GSE{digits[0]}'.")
        raise ValueError(f"Send a GEO series accession (GSE and digits), e.g. 'GSE2034'. Mirrored: {listed}.")
    if raw not in SERIES:
        raise ValueError(f"{raw} is not mirrored on this server. Mirrored series: {listed}.")
    return raw


def _seed(*parts: str) -> int:
    return int(hashlib.sha256("|".join(parts).encode()).hexdigest()[:12], 16)


def _latent(accession: str) -> list[tuple[str, float, float]]:
    """Per sample: (group, factor 1, factor 2)."""
    rng = random.Random(_seed(accession, "latent"))
    samples = []
    for level, (count, mu1, mu2) in SERIES[accession].levels.items():
        samples += [(level, mu1 + rng.gauss(0, 0.5), mu2 + rng.gauss(0, 0.5)) for _ in range(count)]
    return samples


def _values(accession: str, column: Column, name: str) -> list[float]:
    kind, base, a, b, noise, decimals, _ = column
    rng = random.Random(_seed(accession, name))
    out = []
    for _, f1, f2 in _latent(accession):
        raw = base + a * f1 + b * f2 + rng.gauss(0, noise)
        out.append(round(2**raw, decimals) if kind == "gene" else round(max(raw, 0.0), decimals))
    return out


def table_column(accession: str, name: str) -> tuple[str, list[float]]:
    """The column of ``accession``'s sample table called ``name`` (case-insensitive), with its values.

    Raises:
        ValueError: for a column the table lacks, listing its columns.
    """
    series = SERIES[accession]
    wanted = re.sub(r"[\s-]+", "_", (name or "").strip().lower())  # 'braak stage' is braak_stage
    for key, column in series.columns.items():
        if key.lower() == wanted:
            return key, _values(accession, column, key)
    starts = [key for key in series.columns if wanted and key.lower().startswith(wanted)]  # 'doubling_time'
    if len(starts) == 1:
        return starts[0], _values(accession, series.columns[starts[0]], starts[0])
    raise ValueError(f"{accession} has no column '{name}'. Columns: {', '.join(series.columns)}.")


def describe(accession: str) -> DatasetDescription:
    """The record of ``accession``."""
    key = accession_of(accession)
    s = SERIES[key]
    return DatasetDescription(
        accession=key,
        title=s.title,
        organism=s.organism,
        platform=s.platform,
        technology=s.technology,
        submitted=s.submitted,
        samples=sum(n for n, _, _ in s.levels.values()),
        factor=s.factor,
        groups=[Level(level=k, samples=v[0]) for k, v in s.levels.items()],
        columns=[ColumnInfo(name=k, kind=v[0], description=v[6]) for k, v in s.columns.items()],
        summary=s.summary,
    )


def _pearson(x: list[float], y: list[float]) -> float:
    mx, my = sum(x) / len(x), sum(y) / len(y)
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def _ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def _kendall(x: list[float], y: list[float]) -> float:
    concordant = discordant = ties_x = ties_y = 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            dx, dy = x[i] - x[j], y[i] - y[j]
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                ties_x += 1
            elif dy == 0:
                ties_y += 1
            elif (dx > 0) == (dy > 0):
                concordant += 1
            else:
                discordant += 1
    denominator = math.sqrt((concordant + discordant + ties_x) * (concordant + discordant + ties_y))
    return (concordant - discordant) / denominator if denominator else 0.0


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-12:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x))
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def _p_from_r(r: float, n: int) -> float:
    df = n - 2
    if df <= 0 or abs(r) >= 1:
        return 0.0 if abs(r) >= 1 else 1.0
    t2 = r * r * df / (1 - r * r)
    return _betainc(df / 2, 0.5, df / (df + t2))


def _sig(value: float, digits: int = 4) -> float:
    if value == 0:
        return 0.0
    return round(value, digits - 1 - math.floor(math.log10(abs(value))))


def _strength(value: float) -> str:
    size = abs(value)
    label = (
        "negligible"
        if size < 0.1
        else "weak"
        if size < 0.3
        else "moderate"
        if size < 0.5
        else "strong"
        if size < 0.7
        else "very strong"
    )
    return label if label == "negligible" else f"{label} {'positive' if value > 0 else 'negative'}"


def correlate(dataset: str, column_a: str, column_b: str, method: str = "pearson") -> Correlation:
    """The correlation of two columns of ``dataset``'s sample table.

    Raises:
        ValueError: for a bad accession, an unknown column, the same column twice, or an unknown method.
    """
    key = accession_of(dataset)
    if method not in ("pearson", "spearman", "kendall"):
        raise ValueError(f"Unknown method '{method}'. Use 'pearson', 'spearman' or 'kendall'.")
    name_a, x = table_column(key, column_a)
    name_b, y = table_column(key, column_b)
    if name_a == name_b:
        raise ValueError(f"column_a and column_b are both '{name_a}'; send two different columns.")
    n = len(x)
    if method == "pearson":
        value = _pearson(x, y)
        p = _p_from_r(value, n)
    elif method == "spearman":
        value = _pearson(_ranks(x), _ranks(y))
        p = _p_from_r(value, n)
    else:
        value = _kendall(x, y)
        z = 3 * value * math.sqrt(n * (n - 1)) / math.sqrt(2 * (2 * n + 5))
        p = math.erfc(abs(z) / math.sqrt(2))
    return Correlation(
        dataset=key,
        column_a=name_a,
        column_b=name_b,
        method=method,  # type: ignore[arg-type]
        n=n,
        coefficient=round(value, 4),
        p_value=_sig(p),
        strength=_strength(value),
    )


def expression(accession: str, genes: list[str], log2_transform: bool = False) -> ExpressionSummary:
    """Per-group mean and SD of each of ``genes`` in ``accession`` (a stable fake profile for unlisted symbols).

    Raises:
        ValueError: for a bad accession, an empty or too long list, or an item that is not one gene symbol.
    """
    key = accession_of(accession)
    if not genes:
        raise ValueError("Send at least one gene symbol, e.g. ['ESR1'].")
    if len(genes) > MAX_GENES:
        raise ValueError(f"At most {MAX_GENES} genes per call, not {len(genes)}.")
    series = SERIES[key]
    latent = _latent(key)
    profiles = []
    for symbol in genes:
        text = (symbol or "").strip()
        if re.search(r"[,;\s]", text):
            raise ValueError(f"'{symbol}' holds several names: send each gene symbol as its own list item.")
        if not _SYMBOL.match(text):
            raise ValueError(f"'{symbol}' is not a gene symbol. Send official symbols, e.g. 'ESR1', 'Krt5'.")
        known = next((k for k in series.columns if k.lower() == text.lower() and series.columns[k][0] == "gene"), None)
        if known:
            values = _values(key, series.columns[known], known)
        else:
            rng = random.Random(_seed(key, "gene", text.upper()))
            column: Column = ("gene", rng.uniform(3, 10), rng.uniform(-1, 1), rng.uniform(-1, 1), 0.5, 2, "")
            values = _values(key, column, text.upper())
        if log2_transform:
            values = [math.log2(v + 1) for v in values]
        stats = []
        for level in series.levels:
            group = [v for v, (lv, _, _) in zip(values, latent, strict=True) if lv == level]
            mean = sum(group) / len(group)
            sd = math.sqrt(sum((v - mean) ** 2 for v in group) / (len(group) - 1)) if len(group) > 1 else 0.0
            stats.append(GroupStat(level=level, mean=round(mean, 3), sd=round(sd, 3)))
        profiles.append(GeneProfile(symbol=text, in_sample_table=known is not None, groups=stats))
    return ExpressionSummary(
        accession=key, factor=series.factor, scale="log2(x + 1)" if log2_transform else "normalised", genes=profiles
    )


server = MCPServer(
    "eval-datasets", instructions="Local mirror of GEO series: records, sample tables, expression. Test-only."
)

_ACC = Field(description="GEO series accession, e.g. 'GSE2034'", pattern=ACCESSION_PATTERN)


@server.tool(annotations=ToolAnnotations(title="Describe dataset", readOnlyHint=True, openWorldHint=False))
def describe_dataset(accession: Annotated[str, _ACC]) -> DatasetDescription:
    """Return the series record for a mirrored GEO accession: title, organism, platform (GPL), experiment type,
    submission date, number of samples, the experimental design (grouping factor and its levels with sample counts)
    and the numeric columns available in its sample table.
    """
    try:
        return describe(accession)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Compare columns", readOnlyHint=True, openWorldHint=False))
def compare_columns(
    dataset: Annotated[str, _ACC],
    column_a: Annotated[str, Field(description="Name of a numeric column of the sample table")],
    column_b: Annotated[str, Field(description="Name of another numeric column of the same table")],
    method: Annotated[Method, Field(description="Correlation coefficient to compute")] = "pearson",
) -> Correlation:
    """Correlation across samples between two numeric columns (genes or sample characteristics) of a series'
    sample table, with a two-sided p-value. Column names are listed by describe_dataset.
    """
    try:
        return correlate(dataset, column_a, column_b, method)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Expression by group", readOnlyHint=True, openWorldHint=False))
def expression_by_group(
    accession: Annotated[str, _ACC],
    genes: Annotated[list[str], Field(description="Gene symbols, one per item (1-25)", min_length=1)],
    log2_transform: Annotated[bool, Field(description="Report log2(x + 1) values instead of normalised")] = False,
) -> ExpressionSummary:
    """Mean and SD of each gene's normalised expression within every group of the series' design."""
    try:
        return expression(accession, genes, log2_transform)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
