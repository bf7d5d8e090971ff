"""Deadlines that stretch with CPU contention, for starting and checking MCP servers.

A Python MCP server that starts in 1 s on an idle machine needs ~N s when N runnable processes share each core
(20 ``paias ask`` at once on 2 cores start 80 servers). A fixed deadline then fails servers that were only slow, and
the turn that follows reports a tool gap for a tool that exists. Here a start-up deadline is derived from the
server's configured per-call ``timeout``, multiplied by the contention measured while the start lasts, and capped.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

START_TIMEOUT = 20.0  # the least a server gets to start, on an idle machine
MAX_STRETCH = 15.0  # contention beyond this does not lengthen a deadline further
MAX_START_WAIT = 600.0  # no server start is waited for longer, however loaded the machine
_LOADAVG = Path("/proc/loadavg")


def _cpus() -> int:
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def cpu_contention() -> float:
    """Runnable processes per usable CPU now (at least 1.0): how many times slower than alone things run.

    The larger of the instant run-queue length and the 1-minute load average: the average lags a burst of new
    processes by tens of seconds, the instant count misses processes that are about to run again.
    """
    try:
        fields = _LOADAVG.read_text().split()
        runnable = max(float(fields[0]), float(fields[3].split("/")[0]) - 1)  # the instant count includes us
    except (OSError, IndexError, ValueError):
        runnable = os.getloadavg()[0] if hasattr(os, "getloadavg") else 0.0
    return max(1.0, runnable / _cpus())


def stretched(seconds: float, contention: float | None = None, *, cap: float | None = None) -> float:
    """``seconds`` as long as it takes under the current (or given) contention, at most ``cap``."""
    factor = min(MAX_STRETCH, cpu_contention() if contention is None else max(1.0, contention))
    return seconds * factor if cap is None else max(seconds, min(seconds * factor, cap))


def start_budget(timeout: float, contention: float | None = None) -> float:
    """Seconds a server whose tool calls may take ``timeout`` s gets to start: at least ``START_TIMEOUT`` or twice
    ``timeout`` alone, stretched by the contention, at most ``MAX_START_WAIT`` (or the unstretched time if longer)."""
    return stretched(max(START_TIMEOUT, 2 * timeout), contention, cap=MAX_START_WAIT)


class StretchingTimeout:
    """``asyncio.timeout`` whose allowed time is re-read from ``budget()`` every ``every`` s and never shrinks.

    ``allowed`` holds the seconds allowed so far (for the message when it expires). Leaving it late raises
    ``TimeoutError``, as ``asyncio.timeout`` does.
    """

    def __init__(self, budget: Callable[[], float], *, every: float = 1.0) -> None:
        self.budget = budget
        self.every = every
        self.allowed = budget()
        self._scope: asyncio.Timeout | None = None
        self._follower: asyncio.Task[None] | None = None

    async def __aenter__(self) -> StretchingTimeout:
        loop = asyncio.get_running_loop()
        started = loop.time()
        self._scope = scope = asyncio.timeout(started + self.allowed)
        await scope.__aenter__()

        async def follow() -> None:
            while not scope.expired():
                await asyncio.sleep(self.every)
                self.allowed = max(self.allowed, self.budget())
                if not scope.expired():
                    scope.reschedule(started + self.allowed)

        self._follower = loop.create_task(follow(), name="stretch-deadline")
        return self

    async def __aexit__(self, *exc_info: Any) -> bool | None:
        assert self._scope is not None and self._follower is not None, "not entered"
        self._follower.cancel()
        return await self._scope.__aexit__(*exc_info)
