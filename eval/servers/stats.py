"""Test-only statistics server (dev set ``dev3_tools.jsonl``): descriptive statistics and two-sample t-tests.

Run with: ``python -m eval.servers.stats`` (stdio). Pure arithmetic on the numbers sent (no network, no clock); the
t distribution's tail comes from the regularized incomplete beta function, so no numeric library is needed.
"""

from __future__ import annotations

import math
import statistics
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

MAX_VALUES = 10_000


class Description(BaseModel):
    """Descriptive statistics of one sample."""

    n: int = Field(description="How many values")
    mean: float = Field(description="Arithmetic mean")
    median: float = Field(description="Median")
    sd: float | None = Field(description="Sample standard deviation (n-1 denominator); null for a single value")
    sem: float | None = Field(description="Standard error of the mean (sd / sqrt(n)); null for a single value")
    minimum: float = Field(description="Smallest value")
    maximum: float = Field(description="Largest value")


class TTest(BaseModel):
    """The result of a two-sample t-test."""

    test: str = Field(description="Which test ran: 'Welch', 'Student' or 'paired'")
    n_a: int = Field(description="Values in sample_a")
    n_b: int = Field(description="Values in sample_b")
    mean_a: float = Field(description="Mean of sample_a")
    mean_b: float = Field(description="Mean of sample_b")
    mean_difference: float = Field(description="mean_a - mean_b (for paired: the mean of the differences a - b)")
    t: float = Field(description="The t statistic")
    df: float = Field(description="Degrees of freedom (fractional for Welch)")
    p_value: float = Field(description="Two-sided p-value")


def _values(values: list[float], name: str, least: int) -> list[float]:
    if isinstance(values, int | float) and not isinstance(values, bool):
        values = [values]
    if not isinstance(values, list):
        raise ValueError(f"{name} must be a list of numbers, e.g. [1.2, 3.4, 5.6].")
    out: list[float] = []
    for value in values:
        if isinstance(value, bool):
            raise ValueError(f"{name} holds {value!r}; send numbers only, e.g. [1.2, 3.4, 5.6].")
        try:
            number = float(value)
        except (TypeError, ValueError):
            raise ValueError(
                f"{name} holds {value!r}, which is not a number; send each number as its own list item, e.g. "
                "[1.2, 3.4, 5.6]."
            ) from None
        if not math.isfinite(number):
            raise ValueError(f"{name} holds {value!r}; every value must be a finite number.")
        out.append(number)
    if len(out) < least:
        raise ValueError(f"{name} needs at least {least} value{'s' if least > 1 else ''}, got {len(out)}.")
    if len(out) > MAX_VALUES:
        raise ValueError(f"At most {MAX_VALUES} values per sample, not {len(out)}.")
    return out


def describe(values: list[float]) -> Description:
    """Count, mean, median, sd, sem, min and max of ``values``.

    Raises:
        ValueError: for an empty list or a value that is not a number.
    """
    data = _values(values, "values", 1)
    sd = statistics.stdev(data) if len(data) > 1 else None
    return Description(
        n=len(data),
        mean=round(statistics.fmean(data), 6),
        median=round(statistics.median(data), 6),
        sd=None if sd is None else round(sd, 6),
        sem=None if sd is None else round(sd / math.sqrt(len(data)), 6),
        minimum=min(data),
        maximum=max(data),
    )


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta function (Numerical Recipes, modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-14:
            break
    return h


def _betai(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return min(1.0, _betai(df / 2.0, 0.5, df / (df + t * t)))


def t_test(sample_a: list[float], sample_b: list[float], paired: bool = False, equal_variance: bool = False) -> TTest:
    """Welch's (default), Student's (``equal_variance``) or the paired t-test of ``sample_a`` against ``sample_b``.

    Raises:
        ValueError: for a sample of fewer than two numbers, samples of different lengths when paired, or samples
            without any spread.
    """
    a = _values(sample_a, "sample_a", 2)
    b = _values(sample_b, "sample_b", 2)
    mean_a, mean_b = statistics.fmean(a), statistics.fmean(b)
    if paired:
        if len(a) != len(b):
            raise ValueError(
                f"A paired test needs samples of the same length (one pair per subject); got {len(a)} and {len(b)}. "
                "Send paired=false for independent groups."
            )
        diffs = [x - y for x, y in zip(a, b, strict=True)]
        sd = statistics.stdev(diffs)
        mean_diff = statistics.fmean(diffs)
        df = float(len(diffs) - 1)
        if sd == 0:
            raise ValueError("Every pair differs by exactly the same amount; a t-test needs some spread.")
        t = mean_diff / (sd / math.sqrt(len(diffs)))
        test = "paired"
    else:
        va, vb = statistics.variance(a), statistics.variance(b)
        na, nb = len(a), len(b)
        mean_diff = mean_a - mean_b
        if va == 0 and vb == 0:
            raise ValueError("Both samples are constant; a t-test needs some spread in at least one of them.")
        if equal_variance:
            df = float(na + nb - 2)
            pooled = ((na - 1) * va + (nb - 1) * vb) / df
            t = mean_diff / math.sqrt(pooled * (1 / na + 1 / nb))
            test = "Student"
        else:
            se2 = va / na + vb / nb
            t = mean_diff / math.sqrt(se2)
            df = se2**2 / ((va / na) ** 2 / (na - 1) + (vb / nb) ** 2 / (nb - 1))
            test = "Welch"
    return TTest(
        test=test,
        n_a=len(a),
        n_b=len(b),
        mean_a=round(mean_a, 6),
        mean_b=round(mean_b, 6),
        mean_difference=round(mean_diff, 6),
        t=round(t, 6),
        df=round(df, 4),
        p_value=round(two_sided_p(t, df), 6),
    )


server = MCPServer("eval-stats", instructions="Small statistics calculator for lists of measurements. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Two-sample t-test", readOnlyHint=True, openWorldHint=False))
def two_sample_t_test(
    sample_a: Annotated[
        list[float], Field(description="The first group's measurements, one number per item, e.g. [5.1, 4.9, 5.6]")
    ],
    sample_b: Annotated[
        list[float], Field(description="The second group's measurements, one number per item, e.g. [6.2, 5.8, 6.5]")
    ],
    paired: Annotated[
        bool,
        Field(
            description="True when each value of sample_a belongs with the value at the same position of sample_b "
            "(the same subject measured twice, e.g. before/after); both lists must then be equally long"
        ),
    ] = False,
    equal_variance: Annotated[
        bool, Field(description="Assume both groups have the same variance (Student's test instead of Welch's)")
    ] = False,
) -> TTest:
    """Test whether the means of two samples differ: Welch's unequal-variance t-test by default, Student's pooled
    test with equal_variance, or the paired t-test. Returns both means, the t statistic, the degrees of freedom and
    the two-sided p-value. Each sample needs at least two numbers.
    """
    try:
        return t_test(sample_a, sample_b, paired, equal_variance)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Descriptive statistics", readOnlyHint=True, openWorldHint=False))
def describe_sample(
    values: Annotated[
        list[float], Field(description="The measurements, one number per item, e.g. [12.1, 11.8, 12.6]", min_length=1)
    ],
) -> Description:
    """Descriptive statistics of one sample of numbers: count, arithmetic mean, median, sample standard deviation,
    standard error of the mean, minimum and maximum.
    """
    try:
        return describe(values)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
