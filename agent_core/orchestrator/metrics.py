"""Per-tool call metrics kept by the orchestrator (seed 001 FR-016): calls, errors, timeouts and latency.

In-process numbers for ``paias servers``/the Tools page; OpenTelemetry metrics ([6/6]) export the same events.
"""

from __future__ import annotations

import statistics
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from agent_core.schemas import ToolCallStatus

WINDOW = 1000  # latencies kept per tool for the percentiles: recent behaviour, bounded memory


@dataclass
class ToolStats:
    """What one tool has done since the process started."""

    tool: str
    server: str
    calls: int = 0
    errors: int = 0
    timeouts: int = 0
    latencies_ms: deque[float] = field(default_factory=lambda: deque(maxlen=WINDOW))

    def percentile(self, q: int) -> float | None:
        """The q-th percentile of the recent latencies, in ms (None before the first call)."""
        if not self.latencies_ms:
            return None
        if len(self.latencies_ms) == 1:
            return self.latencies_ms[0]
        return statistics.quantiles(self.latencies_ms, n=100, method="inclusive")[q - 1]

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready snapshot."""
        last = self.latencies_ms[-1] if self.latencies_ms else None
        return {
            "tool": self.tool,
            "server": self.server,
            "calls": self.calls,
            "errors": self.errors,
            "timeouts": self.timeouts,
            "last_ms": last,
            "p50_ms": self.percentile(50),
            "p95_ms": self.percentile(95),
        }


class ToolMetrics:
    """Counters and latency windows per tool."""

    def __init__(self) -> None:
        self._stats: dict[str, ToolStats] = {}

    def record(self, tool: str, server: str, status: ToolCallStatus, duration_ms: float) -> None:
        """Count one finished call (any status)."""
        stats = self._stats.setdefault(tool, ToolStats(tool, server))
        stats.server = server
        stats.calls += 1
        stats.errors += status is not ToolCallStatus.SUCCESS
        stats.timeouts += status is ToolCallStatus.TIMEOUT
        stats.latencies_ms.append(duration_ms)

    def get(self, tool: str) -> ToolStats | None:
        """The stats of one tool, if it was ever called."""
        return self._stats.get(tool)

    def snapshot(self) -> list[dict[str, Any]]:
        """Every tool's stats, sorted by server then tool."""
        return [s.as_dict() for s in sorted(self._stats.values(), key=lambda s: (s.server, s.tool))]
