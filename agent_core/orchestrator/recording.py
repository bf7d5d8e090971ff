"""Record every tool call that actually runs: name, arguments, result, measured duration, status.

``AgentResponse.tool_calls`` is built from these records, never from what the model says it did. The same path
(``call_recorded``) serves the agent's calls and the orchestrator's direct ``execute``: it enforces the per-call
timeout, counts the call in the metrics, and turns any failure into ``ToolFailed`` with a message the model (or
a person) can read, so one broken tool never crashes a turn.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic_ai.exceptions import ApprovalRequired, CallDeferred, ToolFailed
from pydantic_ai.tools import RunContext
from pydantic_ai.toolsets import WrapperToolset
from pydantic_ai.toolsets.abstract import ToolsetTool

from agent_core.errors import plain_tool_error
from agent_core.orchestrator.metrics import ToolMetrics
from agent_core.risk import is_write
from agent_core.schemas import ToolCallRecord, ToolCallStatus
from agent_core.telemetry import Telemetry, trace_tool_call

log = logging.getLogger(__name__)


@dataclass
class ToolCallRecorder:
    """Collects the records of one turn, in the order the calls started."""

    records: list[ToolCallRecord] = field(default_factory=list)
    _order: list[int] = field(default_factory=list)
    _next: int = 0

    def start(self) -> int:
        """Reserve a slot for a call that is starting; returns its sequence number."""
        self._next += 1
        return self._next

    def add(self, seq: int, record: ToolCallRecord) -> None:
        """Store the finished call's record in start order."""
        index = sum(1 for s in self._order if s < seq)
        self._order.insert(index, seq)
        self.records.insert(index, record)


@dataclass(frozen=True)
class ToolEvent:
    """A tool call starting (``record`` is None) or finished (``record`` says how it went)."""

    tool: str
    server: str
    parameters: dict[str, Any]
    record: ToolCallRecord | None = None


ToolEvents = Callable[[ToolEvent], None]

# A call cancelled while it ran (the person pressed Stop): a write may or may not have reached its server.
STOPPED_WRITE = "Stopped while running; it may or may not have taken effect."
STOPPED_READ = "Stopped while running."


def _elapsed_ms(started: float) -> int:
    # A real call always takes some time; rounding up keeps "ran" distinguishable from "never ran" (0).
    return max(1, round((time.perf_counter() - started) * 1000))


async def call_recorded(
    call: Callable[[], Awaitable[Any]],
    *,
    tool: str,
    args: dict[str, Any],
    server: str,
    timeout: float,
    recorder: ToolCallRecorder | None = None,
    metrics: ToolMetrics | None = None,
    correlation_id: str | None = None,
    events: ToolEvents | None = None,
    telemetry: Telemetry | None = None,
    writes: bool = True,
) -> Any:
    """Run ``call`` within ``timeout`` seconds and record it (also as an ``mcp_tool_call:<tool>`` span).

    A call cancelled while it runs (Stop) is recorded as failed before the cancellation goes on; ``writes`` says
    whether the tool may change something, so its record says the outcome is unknown.

    Raises:
        ToolFailed: the call failed or timed out; the message names the tool, the server and the reason.
    """
    seq = recorder.start() if recorder else 0
    started = time.perf_counter()
    if events:
        events(ToolEvent(tool, server, dict(args)))
    log.info(
        "tool call %s on %s requested",
        tool,
        server,
        extra={"correlation_id": correlation_id, "tool": tool, "server": server},
    )

    def record(status: ToolCallStatus, result: Any = None, error: str | None = None) -> None:
        entry = ToolCallRecord(
            tool_name=tool,
            parameters=dict(args),
            result=result,
            duration_ms=_elapsed_ms(started),
            status=status,
            error=error,
        )
        log.info(
            "tool call %s on %s: %s in %d ms",
            tool,
            server,
            status.value,
            entry.duration_ms,
            extra={
                "correlation_id": correlation_id,
                "tool": tool,
                "server": server,
                "status": status.value,
                "duration_ms": entry.duration_ms,
            },
        )
        if metrics:
            metrics.record(tool, server, status, (time.perf_counter() - started) * 1000)
        if recorder:
            recorder.add(seq, entry)
        if events:
            events(ToolEvent(tool, server, dict(args), entry))

    async with trace_tool_call(telemetry, tool_name=tool, server=server, parameters=args) as span:
        try:
            async with asyncio.timeout(timeout):
                result = await call()
        except (ApprovalRequired, CallDeferred):
            raise
        except asyncio.CancelledError:
            record(ToolCallStatus.FAILED, error=STOPPED_WRITE if writes else STOPPED_READ)
            raise
        except TimeoutError:
            message = f"{tool} on server '{server}' timed out after {timeout:g} s"
            record(ToolCallStatus.TIMEOUT, error=message)
            span.failed("TimeoutError", message, ToolCallStatus.TIMEOUT)
            raise ToolFailed(message) from None
        except ToolFailed as exc:  # the record is what a person reads: no protocol prefix
            record(ToolCallStatus.FAILED, error=plain_tool_error(exc.message))
            span.failed("ToolFailed", exc.message)
            raise
        except Exception as exc:
            message = f"{tool} on server '{server}' failed: {type(exc).__name__}: {exc}".rstrip(": ")
            record(ToolCallStatus.FAILED, error=message)
            span.failed(type(exc).__name__, message)
            raise ToolFailed(message) from exc
        record(ToolCallStatus.SUCCESS, result=result)
        span.succeeded(result)
        return result


@dataclass
class RecordingToolset(WrapperToolset[Any]):
    """Wraps one source's toolset: timeout per call, a record per call, failures returned to the model."""

    server: str = ""
    timeout: float = 30.0
    metrics: ToolMetrics | None = None
    telemetry: Telemetry | None = None

    async def call_tool(
        self, name: str, tool_args: dict[str, Any], ctx: RunContext[Any], tool: ToolsetTool[Any]
    ) -> Any:
        return await call_recorded(
            lambda: super(RecordingToolset, self).call_tool(name, tool_args, ctx, tool),
            tool=name,
            args=tool_args,
            server=self.server,
            timeout=self.timeout,
            recorder=getattr(ctx.deps, "recorder", None),
            metrics=self.metrics,
            correlation_id=getattr(ctx.deps, "correlation_id", None),
            events=getattr(ctx.deps, "events", None),
            telemetry=self.telemetry,
            writes=is_write(name, (tool.tool_def.metadata or {}).get("annotations")),
        )
