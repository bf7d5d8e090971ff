"""OpenTelemetry for the agent layer: providers, turn and tool-call spans, metrics, redaction, recent spans.

One ``Telemetry`` per ``AgentRuntime`` (``setup_telemetry(settings)``); spans are exported over OTLP/gRPC only when
``OTEL_EXPORTER_OTLP_ENDPOINT`` is set, and always kept in memory for the Trace view (``telemetry.recent``). A turn
is one ``agent_run`` span (``agent_run_span``) with a ``mcp_tool_call:<tool>`` child per executed tool call
(``trace_tool_call``); Pydantic AI's GenAI spans come from ``agent.instrument = telemetry.instrumentation``.

A collector that is down is quiet: one debug line per outage, nothing on stderr, and no wait at exit
(``health.ExportWatch``).

To look at traces locally: run Jaeger (``docker run -p 16686:16686 -p 4317:4317 jaegertracing/jaeger``), set
``OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4317`` and open http://localhost:16686.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

# Loaded on first use (PEP 562): OpenTelemetry and Pydantic AI's instrumentation take ~1.4 s to import, and a
# `paias proposals` or the app's first paint that only needs ``telemetry.logs`` must not pay for them.
_EXPORTS = {
    "RedactingSpanExporter": "export",
    "ExportWatch": "health",
    "REDACTED": "redaction",
    "redact": "redaction",
    "redact_text": "redaction",
    "DEFAULT_SERVICE_NAME": "setup",
    "Telemetry": "setup",
    "setup_telemetry": "setup",
    "RunSpan": "spans",
    "ToolSpan": "spans",
    "agent_run_span": "spans",
    "record_event": "spans",
    "result_count": "spans",
    "step_span": "spans",
    "trace_tool_call": "spans",
    "SpanEvent": "store",
    "SpanStore": "store",
    "SpanView": "store",
}

if TYPE_CHECKING:
    from agent_core.telemetry.export import RedactingSpanExporter
    from agent_core.telemetry.health import ExportWatch
    from agent_core.telemetry.redaction import REDACTED, redact, redact_text
    from agent_core.telemetry.setup import DEFAULT_SERVICE_NAME, Telemetry, setup_telemetry
    from agent_core.telemetry.spans import (
        RunSpan,
        ToolSpan,
        agent_run_span,
        record_event,
        result_count,
        step_span,
        trace_tool_call,
    )
    from agent_core.telemetry.store import SpanEvent, SpanStore, SpanView


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_EXPORTS[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "DEFAULT_SERVICE_NAME",
    "REDACTED",
    "ExportWatch",
    "RedactingSpanExporter",
    "RunSpan",
    "SpanEvent",
    "SpanStore",
    "SpanView",
    "Telemetry",
    "ToolSpan",
    "agent_run_span",
    "record_event",
    "redact",
    "redact_text",
    "result_count",
    "setup_telemetry",
    "step_span",
    "trace_tool_call",
]
