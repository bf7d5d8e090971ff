"""The spans of a turn: ``agent_run`` with one ``mcp_tool_call:<tool>`` child per executed tool call (FR-030/031).

Pydantic AI's own GenAI spans (``invoke_agent``, ``chat <model>``, ``execute_tool <tool>``) nest in between when
the agent is instrumented with ``telemetry.instrumentation``. Every attribute that comes from outside goes through
redaction first. Each helper accepts ``telemetry=None`` and then runs its block untraced, so callers need no
branches.
"""

from __future__ import annotations

import asyncio
import time
import traceback
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from opentelemetry import trace
from opentelemetry.trace import INVALID_SPAN, Span, SpanKind, Status, StatusCode, format_trace_id
from pydantic_ai.exceptions import ApprovalRequired, CallDeferred

from agent_core.telemetry.redaction import redact_text, to_attributes, to_json_attribute, truncate

if TYPE_CHECKING:
    from agent_core.telemetry.setup import Telemetry

RESULT_LIST_KEYS = ("results", "tasks", "items", "result")  # where a tool's dict result keeps its list of items


def result_count(result: Any) -> int:
    """How many items a tool returned: a list's length, the length of its ``results``/``tasks`` list, else 1."""
    if isinstance(result, list | tuple):
        return len(result)
    if isinstance(result, Mapping):
        for key in RESULT_LIST_KEYS:
            if isinstance(result.get(key), list | tuple):
                return len(result[key])
    return 1


def _mark_error(span: Span, exc: BaseException) -> None:
    """ERROR status plus an exception event, with the message and the stack trace redacted."""
    message = truncate(redact_text(str(exc)), 1024)
    stack = truncate(redact_text("".join(traceback.format_exception(exc))), 8192)
    span.record_exception(exc, attributes={"exception.message": message, "exception.stacktrace": stack})
    span.set_attributes({"error_type": type(exc).__name__, "error_message": message})
    span.set_status(Status(StatusCode.ERROR, message))


@dataclass
class RunSpan:
    """The ``agent_run`` span of one turn; ``finish`` records how the turn ended."""

    span: Span
    kind: str | None = None

    @property
    def trace_id(self) -> str | None:
        """The trace id (32 hex digits) as a collector shows it; None when untraced."""
        context = self.span.get_span_context()
        return format_trace_id(context.trace_id) if context.is_valid else None

    def finish(
        self,
        result_type: str,
        confidence_score: float | None = None,
        tool_calls_count: int = 0,
        *,
        conversation_id: str | None = None,
        error: str | None = None,
    ) -> None:
        """Record the turn's outcome: its kind (``answer``, ``tool_gap``, ``approval_required``, ``error``),
        the answer's confidence, how many tool calls ran; ``error`` marks the span ERROR with that message."""
        self.kind = result_type
        self.span.set_attributes(
            to_attributes(
                {
                    "result_type": result_type,
                    "confidence_score": None if confidence_score is None else float(confidence_score),
                    "tool_calls_count": tool_calls_count,
                    "conversation_id": conversation_id,
                    "error_message": error,
                }
            )
        )
        if error is not None:
            self.span.set_status(Status(StatusCode.ERROR, truncate(redact_text(error), 1024)))


@contextmanager
def agent_run_span(
    telemetry: Telemetry | None, *, task_description: str, correlation_id: str, conversation_id: str | None = None
) -> Iterator[RunSpan]:
    """Trace one turn as an ``agent_run`` span (the current span inside the block) and count it by kind.

    An exception inside marks the span ERROR and counts an ``error`` turn; it is re-raised.
    """
    if telemetry is None:
        yield RunSpan(INVALID_SPAN)
        return
    attributes = to_attributes(
        {"task_description": task_description, "correlation_id": correlation_id, "conversation_id": conversation_id}
    )
    started = time.perf_counter()
    with telemetry.tracer.start_as_current_span(
        "agent_run", attributes=attributes, record_exception=False, set_status_on_exception=False
    ) as span:
        run = RunSpan(span)
        try:
            yield run
        except asyncio.CancelledError:
            run.kind = "cancelled"
            span.set_status(Status(StatusCode.ERROR, "cancelled"))
            raise
        except BaseException as exc:
            run.kind = "error"
            _mark_error(span, exc)
            raise
        finally:
            telemetry.record_turn(run.kind or "unfinished", (time.perf_counter() - started) * 1000)


@dataclass
class ToolSpan:
    """The ``mcp_tool_call:<tool>`` span of one tool call; ``succeeded`` or ``failed`` records the outcome once."""

    span: Span
    telemetry: Telemetry | None
    tool_name: str
    server: str
    started: float = field(default_factory=time.perf_counter)
    status: str | None = None

    @property
    def finished(self) -> bool:
        """Whether the outcome is recorded."""
        return self.status is not None

    def succeeded(self, result: Any) -> None:
        """Record a successful call: how many items it returned, and its duration."""
        self._finish("success", {"result_count": result_count(result)})

    def failed(self, error_type: str, error_message: str, status: str | Enum = "failed") -> None:
        """Record a failed call (``status`` e.g. ``failed`` or ``timeout``): ERROR status, type and message."""
        if self.finished:
            return
        message = truncate(redact_text(str(error_message)), 1024)
        self.span.set_attributes({"error_type": error_type, "error_message": message})
        self.span.set_status(Status(StatusCode.ERROR, message))
        self._finish(str(getattr(status, "value", status)), {})

    def _finish(self, status: str, attributes: dict[str, Any], *, count: bool = True) -> None:
        if self.finished:
            return
        self.status = status
        duration_ms = (time.perf_counter() - self.started) * 1000
        self.span.set_attributes({**attributes, "status": status, "execution_duration_ms": round(duration_ms, 3)})
        if self.telemetry is not None and count:
            self.telemetry.record_tool_call(self.tool_name, self.server, status, duration_ms)


@asynccontextmanager
async def trace_tool_call(
    telemetry: Telemetry | None, *, tool_name: str, server: str, parameters: Mapping[str, Any]
) -> AsyncIterator[ToolSpan]:
    """Trace one tool call as ``mcp_tool_call:<tool_name>``, a child of the current span, and count it.

    Call ``succeeded(result)`` or ``failed(...)`` on the yielded ToolSpan. An exception that leaves the block
    without either is recorded as a failure (and re-raised); a deferral (approval needed) is not an error and is
    not counted as a call.
    """
    if telemetry is None:
        yield ToolSpan(INVALID_SPAN, None, tool_name, server)
        return
    attributes = {"tool_name": tool_name, "server": server, "parameters": to_json_attribute(dict(parameters))}
    with telemetry.tracer.start_as_current_span(
        f"mcp_tool_call:{tool_name}",
        kind=SpanKind.CLIENT,
        attributes=attributes,
        record_exception=False,
        set_status_on_exception=False,
    ) as span:
        tool = ToolSpan(span, telemetry, tool_name, server)
        try:
            yield tool
        except (ApprovalRequired, CallDeferred):
            tool._finish("deferred", {}, count=False)
            raise
        except asyncio.CancelledError:
            tool.failed("CancelledError", "the call was cancelled", status="cancelled")
            raise
        except BaseException as exc:
            if not tool.finished:
                _mark_error(span, exc)
                tool._finish("failed", {})
            raise
        else:
            tool._finish("success", {})


@contextmanager
def step_span(telemetry: Telemetry | None, name: str, **attributes: Any) -> Iterator[Span]:
    """A child span for one step of a turn (e.g. ``tool_gap_check``); an exception inside marks it ERROR."""
    if telemetry is None:
        yield INVALID_SPAN
        return
    with telemetry.tracer.start_as_current_span(
        name, attributes=to_attributes(attributes), record_exception=False, set_status_on_exception=False
    ) as span:
        try:
            yield span
        except BaseException as exc:
            _mark_error(span, exc)
            raise


def record_event(name: str, **attributes: Any) -> None:
    """Add an event (e.g. ``tool_gap_detected``, ``approval_decided``) to the current span, attributes redacted.

    Outside any recording span it does nothing: call it inside ``agent_run_span`` or ``step_span``.
    """
    span = trace.get_current_span()
    if span.is_recording():
        span.add_event(name, to_attributes(attributes))
