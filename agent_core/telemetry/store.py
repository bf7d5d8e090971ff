"""The recent spans of this process, grouped by turn (correlation id), for the app's Trace view.

``SpanStore`` is a span processor on the Telemetry's tracer provider: it keeps every finished span of the last
``max_traces`` turns in memory, whether or not an OTLP exporter is configured. A span belongs to the turn whose
``agent_run`` started its trace (that span carries ``correlation_id``); spans of a trace with no ``agent_run``
fall back to the correlation id of the ``logs.correlated`` block they started in, else to their trace id.
Views are redacted like exported spans, since the page may be shown to someone else.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from opentelemetry.context import Context
from opentelemetry.sdk.trace import ReadableSpan, Span, SpanProcessor
from opentelemetry.trace import format_span_id, format_trace_id

from agent_core.telemetry import logs
from agent_core.telemetry.export import redact_attributes
from agent_core.telemetry.redaction import redact_text


@dataclass(frozen=True)
class SpanEvent:
    """Something that happened during a span (``tool_gap_detected``, ``approval_decided``, an exception)."""

    name: str
    offset_ms: float  # since the turn's first span started
    attributes: dict[str, Any]


@dataclass(frozen=True)
class SpanView:
    """One finished span, ready to draw as a bar of a waterfall."""

    name: str
    trace_id: str
    span_id: str
    parent_id: str | None
    parent_name: str | None  # None for a root, or when the parent is not among the turn's spans
    depth: int  # 0 for roots; parents within the turn add one each
    start_ns: int
    offset_ms: float  # since the turn's first span started
    duration_ms: float
    status: str  # "UNSET" | "OK" | "ERROR"
    status_description: str | None
    attributes: dict[str, Any]
    events: tuple[SpanEvent, ...]


class SpanStore(SpanProcessor):
    """Finished spans of the most recent turns, bounded: ``max_traces`` turns of at most ``max_spans`` spans each.

    Thread-safe: spans end on the event loop thread, the Trace view reads from another.
    """

    def __init__(self, max_traces: int = 200, max_spans: int = 1000) -> None:
        self.max_traces = max_traces
        self.max_spans = max_spans
        self._lock = threading.Lock()
        self._groups: OrderedDict[str, list[ReadableSpan]] = OrderedDict()
        self._owners: OrderedDict[int, str] = OrderedDict()  # trace id → correlation id

    def on_start(self, span: Span, parent_context: Context | None = None) -> None:
        """Note which turn a new trace belongs to (runs in the context that starts the span)."""
        trace_id = span.get_span_context().trace_id
        owner = (span.attributes or {}).get("correlation_id") or logs.correlation_id.get()
        if not owner:
            return
        with self._lock:
            if trace_id not in self._owners:
                self._owners[trace_id] = str(owner)
                while len(self._owners) > self.max_traces * 4:
                    self._owners.popitem(last=False)

    def on_end(self, span: ReadableSpan) -> None:
        """Keep the finished span with its turn; the least recently active turn goes when there are too many."""
        trace_id = span.context.trace_id
        with self._lock:
            key = (
                self._owners.get(trace_id) or (span.attributes or {}).get("correlation_id") or format_trace_id(trace_id)
            )
            group = self._groups.get(str(key))
            if group is None:
                group = self._groups[str(key)] = []
                while len(self._groups) > self.max_traces:
                    self._groups.popitem(last=False)
            else:
                self._groups.move_to_end(str(key))
            if len(group) < self.max_spans:
                group.append(span)

    def shutdown(self) -> None:
        """Nothing to flush: the spans stay readable until the process ends."""

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        """Nothing is buffered."""
        return True

    def correlation_ids(self) -> list[str]:
        """The turns held, most recently active first."""
        with self._lock:
            return list(reversed(self._groups))

    def spans_for(self, correlation_id: str) -> list[SpanView]:
        """The finished spans of one turn, in start order (empty if the turn is unknown or was dropped)."""
        with self._lock:
            spans = list(self._groups.get(correlation_id, ()))
        if not spans:
            return []
        origin = min(s.start_time or 0 for s in spans)
        by_id = {s.context.span_id: s for s in spans}

        def depth(span: ReadableSpan) -> int:
            level, parent = 0, span.parent
            while parent is not None and parent.span_id in by_id and level < 64:
                level, parent = level + 1, by_id[parent.span_id].parent
            return level

        def offset(ns: int | None) -> float:
            return ((ns or origin) - origin) / 1e6

        views = []
        for span in sorted(spans, key=lambda s: s.start_time or 0):
            parent = by_id.get(span.parent.span_id) if span.parent else None
            views.append(
                SpanView(
                    name=span.name,
                    trace_id=format_trace_id(span.context.trace_id),
                    span_id=format_span_id(span.context.span_id),
                    parent_id=format_span_id(span.parent.span_id) if span.parent else None,
                    parent_name=parent.name if parent else None,
                    depth=depth(span),
                    start_ns=span.start_time or 0,
                    offset_ms=offset(span.start_time),
                    duration_ms=((span.end_time or 0) - (span.start_time or 0)) / 1e6,
                    status=span.status.status_code.name,
                    status_description=redact_text(span.status.description or "") or None,
                    attributes=redact_attributes(span.attributes),
                    events=tuple(
                        SpanEvent(e.name, offset(e.timestamp), redact_attributes(e.attributes)) for e in span.events
                    ),
                )
            )
        return views
