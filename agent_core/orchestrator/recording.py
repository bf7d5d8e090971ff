"""Record every tool call that actually runs: name, arguments, result, measured duration, status.

``AgentResponse.tool_calls`` is built from these records, never from what the model says it did. The wrapper
also enforces the server's per-call timeout and turns any failure into a tool result the model can read
(``ToolFailed``), so one broken tool never crashes a turn.
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from pydantic_ai.exceptions import ApprovalRequired, CallDeferred, ToolFailed
from pydantic_ai.tools import RunContext
from pydantic_ai.toolsets import WrapperToolset
from pydantic_ai.toolsets.abstract import ToolsetTool

from agent_core.schemas import ToolCallRecord, ToolCallStatus

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


def _elapsed_ms(started: float) -> int:
    # A real call always takes some time; rounding up keeps "ran" distinguishable from "never ran" (0).
    return max(1, round((time.perf_counter() - started) * 1000))


@dataclass
class RecordingToolset(WrapperToolset[Any]):
    """Wraps one server's toolset: timeout per call, a record per call, failures returned to the model."""

    server: str = ""
    timeout: float = 30.0

    async def call_tool(
        self, name: str, tool_args: dict[str, Any], ctx: RunContext[Any], tool: ToolsetTool[Any]
    ) -> Any:
        recorder: ToolCallRecorder | None = getattr(ctx.deps, "recorder", None)
        seq = recorder.start() if recorder else 0
        started = time.perf_counter()

        def record(status: ToolCallStatus, result: Any = None, error: str | None = None) -> None:
            entry = ToolCallRecord(
                tool_name=name,
                parameters=dict(tool_args),
                result=result,
                duration_ms=_elapsed_ms(started),
                status=status,
                error=error,
            )
            log.info(
                "tool call %s on %s: %s in %d ms",
                name,
                self.server,
                status.value,
                entry.duration_ms,
                extra={"correlation_id": getattr(ctx.deps, "correlation_id", None)},
            )
            if recorder:
                recorder.add(seq, entry)

        try:
            async with asyncio.timeout(self.timeout):
                result = await super().call_tool(name, tool_args, ctx, tool)
        except (ApprovalRequired, CallDeferred):
            raise
        except TimeoutError:
            message = f"{name} on server '{self.server}' timed out after {self.timeout:g} s"
            record(ToolCallStatus.TIMEOUT, error=message)
            raise ToolFailed(message) from None
        except ToolFailed as exc:
            record(ToolCallStatus.FAILED, error=exc.message)
            raise
        except Exception as exc:
            message = f"{name} on server '{self.server}' failed: {type(exc).__name__}: {exc}".rstrip(": ")
            record(ToolCallStatus.FAILED, error=message)
            raise ToolFailed(message) from exc
        record(ToolCallStatus.SUCCESS, result=result)
        return result
