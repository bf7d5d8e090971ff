"""Test-only countdown timer server (dev set ``dev2_tools.jsonl``): start lab timers and list the running ones.

Run with: ``python -m eval.servers.timers`` (stdio). Timers are kept in memory (none at every start) and measured
from ``NOW``, the clock of the evaluation's simulated world (eval/README.md), so results never depend on the real
clock; nothing ever rings.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
Unit = Literal["seconds", "minutes", "hours"]
SECONDS: dict[str, int] = {"seconds": 1, "minutes": 60, "hours": 3600}
MAX_SECONDS = 24 * 3600


class Timer(BaseModel):
    """One countdown timer."""

    id: int = Field(description="The timer's number")
    label: str = Field(description="What the timer is for ('' if not given)")
    duration: int = Field(description="How long it runs, in unit")
    unit: Unit = Field(description="The unit of duration")
    ends_at: str = Field(description="When it rings, ISO 8601 UTC")


class TimerList(BaseModel):
    """The running timers, soonest first."""

    timers: list[Timer] = Field(description="Every running timer, the one that rings first first")


class Timers:
    """The running timers since the server started."""

    def __init__(self) -> None:
        self.running: list[Timer] = []

    def start(self, duration: int, unit: str = "minutes", label: str = "") -> Timer:
        """Start a timer of ``duration`` ``unit``.

        Raises:
            ValueError: for an unknown unit, a duration below 1 or a timer longer than 24 hours.
        """
        if unit not in SECONDS:
            raise ValueError(f"Unknown unit '{unit}'. Use 'seconds', 'minutes' or 'hours'.")
        if isinstance(duration, bool) or int(duration) != duration or duration < 1:
            raise ValueError(
                f"duration must be a whole number of at least 1, not {duration!r}; for 1.5 hours send 90 minutes."
            )
        total = int(duration) * SECONDS[unit]
        if total > MAX_SECONDS:
            raise ValueError("A timer can run for at most 24 hours; add a task for anything later.")
        timer = Timer(
            id=len(self.running) + 1,
            label=" ".join((label or "").split()),
            duration=int(duration),
            unit=unit,  # type: ignore[arg-type]
            ends_at=(NOW + timedelta(seconds=total)).isoformat(),
        )
        self.running.append(timer)
        return timer

    def listing(self) -> TimerList:
        return TimerList(timers=sorted(self.running, key=lambda t: (t.ends_at, t.id)))


timers = Timers()
server = MCPServer("eval-timers", instructions="Countdown timers for lab work (incubations, gels, ...). Test-only.")


@server.tool(
    annotations=ToolAnnotations(title="Start a timer", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def start_timer(
    duration: Annotated[int, Field(description="How long the countdown runs, a whole number in unit, e.g. 15", ge=1)],
    unit: Annotated[Unit, Field(description="The unit of duration: seconds, minutes or hours")] = "minutes",
    label: Annotated[str, Field(description="Optional: what the timer is for, e.g. 'gel electrophoresis'")] = "",
) -> Timer:
    """Start a countdown timer that rings when the time is up (e.g. for an incubation or a gel run).

    Returns the timer with its number and when it ends. At most 24 hours.
    """
    try:
        return timers.start(duration, unit, label)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List running timers", readOnlyHint=True, openWorldHint=False))
def list_timers() -> TimerList:
    """List the countdown timers that are still running, with their labels and when each one rings."""
    return timers.listing()


if __name__ == "__main__":
    main(server)
