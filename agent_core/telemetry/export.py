"""OTLP/gRPC exporters, behind a last redaction pass.

Our helpers redact attributes as they set them, and Pydantic AI's spans carry no content (``include_content=False``).
Spans that other code makes on these providers (a direct ``telemetry.tracer`` use, a library instrumented later) are
not redacted, so every span leaving the process goes through ``redact_attributes`` first — on the exporter's
background thread, off the turn's path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from opentelemetry.sdk.metrics.export import (
    MetricExporter,
    MetricExportResult,
    MetricReader,
    MetricsData,
    PeriodicExportingMetricReader,
)
from opentelemetry.sdk.trace import Event, ReadableSpan
from opentelemetry.sdk.trace.export import SpanExporter, SpanExportResult
from opentelemetry.trace import Status

from agent_core.telemetry.health import ExportWatch, quiet_exporter_logs
from agent_core.telemetry.redaction import REDACTED, is_secret_key, redact_text

# One export, retries included, gives up after this. It runs on the exporters' own threads; the exit never waits
# for it (Telemetry.shutdown stops an export that is retrying).
EXPORT_TIMEOUT_S = 5.0
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
    """Exports through ``exporter`` a redacted copy of each span, reporting each outcome to ``watch`` if given."""

    def __init__(self, exporter: SpanExporter, watch: ExportWatch | None = None) -> None:
        self.exporter = exporter
        self.watch = watch
        self._stopped = False

    def export(self, spans: Sequence[ReadableSpan]) -> SpanExportResult:
        clean = [redacted_span(s) for s in spans]
        if self.watch is None:
            return self.exporter.export(clean)
        return self.watch.run(lambda: self.exporter.export(clean), SpanExportResult.SUCCESS, SpanExportResult.FAILURE)

    def shutdown(self) -> None:
        if not self._stopped:  # the SDK and Telemetry.shutdown may both stop it
            self._stopped = True
            self.exporter.shutdown()

    def force_flush(self, timeout_millis: int = 30000) -> bool:
        return self.exporter.force_flush(timeout_millis)


class WatchedMetricExporter(MetricExporter):
    """Exports metrics through ``exporter``, reporting each outcome to ``watch``."""

    def __init__(self, exporter: MetricExporter, watch: ExportWatch) -> None:
        super().__init__(
            preferred_temporality=exporter._preferred_temporality,  # the reader reads them from its exporter
            preferred_aggregation=exporter._preferred_aggregation,
        )
        self.exporter = exporter
        self.watch = watch
        self._stopped = False

    def export(self, metrics_data: MetricsData, timeout_millis: float = 10_000, **kwargs: Any) -> MetricExportResult:
        return self.watch.run(
            lambda: self.exporter.export(metrics_data, timeout_millis=timeout_millis, **kwargs),
            MetricExportResult.SUCCESS,
            MetricExportResult.FAILURE,
        )

    def force_flush(self, timeout_millis: float = 10_000) -> bool:
        return self.exporter.force_flush(timeout_millis)

    def shutdown(self, timeout_millis: float = 30_000, **kwargs: Any) -> None:
        if not self._stopped:  # the reader and Telemetry.shutdown may both stop it
            self._stopped = True
            self.exporter.shutdown(timeout_millis=timeout_millis)


def otlp_exporters(endpoint: str) -> tuple[SpanExporter, MetricExporter, MetricReader, ExportWatch]:
    """The OTLP/gRPC span exporter (redacting), the metric exporter, the periodic reader that drives it, and the
    watch both report to. The exporters' own failure messages are kept off stderr (``quiet_exporter_logs``)."""
    # Imported here: grpc costs a noticeable import time that an offline run should not pay.
    from opentelemetry.exporter.otlp.proto.grpc.metric_exporter import OTLPMetricExporter
    from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter

    quiet_exporter_logs()
    watch = ExportWatch(endpoint)
    span_exporter = RedactingSpanExporter(OTLPSpanExporter(endpoint=endpoint, timeout=EXPORT_TIMEOUT_S), watch)
    metric_exporter = WatchedMetricExporter(OTLPMetricExporter(endpoint=endpoint, timeout=EXPORT_TIMEOUT_S), watch)
    reader = PeriodicExportingMetricReader(metric_exporter, export_interval_millis=METRIC_EXPORT_INTERVAL_MS)
    return span_exporter, metric_exporter, reader, watch
