"""OTLP/gRPC exporters, behind a last redaction pass.

Our helpers redact attributes as they set them, and Pydantic AI's spans carry no content (``include_content=False``).
Spans that other code makes on these providers (a direct ``telemetry.tracer`` use, a library instrumented later) are
not redacted, so every span leaving the process goes through ``redact_attributes`` first — on the exporter's
background thread, off the turn's path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from opentelemetry.sdk.metrics.export import MetricReader, PeriodicExportingMetricReader
from opentelemetry.sdk.trace import Event, ReadableSpan
from opentelemetry.sdk.trace.export import SpanExporter, SpanExportResult
from opentelemetry.trace import Status

from agent_core.telemetry.redaction import REDACTED, is_secret_key, redact_text

EXPORT_TIMEOUT_S = 5.0  # one export, retries included, gives up after this
METRIC_EXPORT_INTERVAL_MS = 10_000


def redact_attributes(attributes: Any) -> dict[str, Any]:
    """Span or event attributes with credential keys blanked and credential-looking text replaced."""
    clean: dict[str, Any] = {}
    for key, value in (attributes or {}).items():
        if is_secret_key(key):
            clean[key] = REDACTED
        elif isinstance(value, str):
            clean[key] = redact_text(value)
        elif isinstance(value, list | tuple) and any(isinstance(v, str) for v in value):
            clean[key] = [redact_text(v) if isinstance(v, str) else v for v in value]
        else:
            clean[key] = value
    return clean


def redacted_span(span: ReadableSpan) -> ReadableSpan:
    """A copy of a finished span with its attributes, its events' attributes and its status message redacted."""
    status = span.status
    if status.description:
        status = Status(status.status_code, redact_text(status.description))
    return ReadableSpan(
        name=span.name,
        context=span.context,
        parent=span.parent,
        resource=span.resource,
        attributes=redact_attributes(span.attributes),
        events=[Event(e.name, redact_attributes(e.attributes), e.timestamp) for e in span.events],
        links=span.links,
        kind=span.kind,
        status=status,
        start_time=span.start_time,
        end_time=span.end_time,
        instrumentation_scope=span.instrumentation_scope,
    )


class RedactingSpanExporter(SpanExporter):
    """Exports through ``exporter`` a redacted copy of each span."""

    def __init__(self, exporter: SpanExporter) -> None:
        self.exporter = exporter

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        return self.exporter.export([redacted_span(s) for s in spans])

    def shutdown(self) -> None:
        self.exporter.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return self.exporter.force_flush(timeout_millis)


def otlp_exporters(endpoint: str) -> tuple[SpanExporter, Any, MetricReader]:
    """The OTLP/gRPC span exporter (redacting), the metric exporter and the periodic reader that drives it."""
    # Imported here: grpc costs a noticeable import time that an offline run should not pay.
    from opentelemetry.exporter.otlp.proto.grpc.metric_exporter import OTLPMetricExporter
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter

    span_exporter = OTLPSpanExporter(endpoint=endpoint, timeout=EXPORT_TIMEOUT_S)
    metric_exporter = OTLPMetricExporter(endpoint=endpoint, timeout=EXPORT_TIMEOUT_S)
    reader = PeriodicExportingMetricReader(metric_exporter, export_interval_millis=METRIC_EXPORT_INTERVAL_MS)
    return RedactingSpanExporter(span_exporter), metric_exporter, reader
