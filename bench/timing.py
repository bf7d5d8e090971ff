"""Timing helpers shared by the benchmarks (imported as ``timing``: each bench runs as ``python bench/<name>.py``)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

Call = Callable[[], Awaitable[object]]


def percentile(samples: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0..1) of ``samples``."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def interleaved(calls: dict[str, Call], runs: int, warmup: int) -> dict[str, list[float]]:
    """Time each call once per round (ms), rotating which goes first, after ``warmup`` untimed rounds, so machine
    noise hits every variant alike."""
    names = list(calls)
    for _ in range(warmup):
        for name in names:
            await calls[name]()
    samples: dict[str, list[float]] = {name: [] for name in names}
    for round_ in range(runs):
        first = round_ % len(names)
        for name in names[first:] + names[:first]:
            started = time.perf_counter()
            await calls[name]()
            samples[name].append((time.perf_counter() - started) * 1000)
    return samples
