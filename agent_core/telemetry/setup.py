"""One ``Telemetry`` per ``AgentRuntime``: its own tracer and meter providers, never the global ones.

Spans always go to the in-memory ``SpanStore`` (the app's Trace view). When ``OTEL_EXPORTER_OTLP_ENDPOINT`` is set
they, and the metrics, are also exported over OTLP/gRPC (e.g. ``http://localhost:4317`` for a Collector or
Jaeger); when it is not, nothing is exported, so an offline run prints no export errors. The resource's
``service.name`` is ``OTEL_SERVICE_NAME`` (default ``paias-agent-layer``). The standard ``OTEL_EXPORTER_OTLP_*``
variables (headers, certificates, compression, timeout) are honoured by the exporters.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from typing import Any

from opentelemetry.metrics import Meter
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.metrics.export import MetricReader
from opentelemetry.sdk.resources import SERVICE_NAME, Resource
from opentelemetry.sdk.trace import SpanProcessor, TracerProvider
from opentelemetry.sdk.trace.export import BatchSpanProcessor
from opentelemetry.trace import Tracer
from pydantic_ai.models.instrumented import InstrumentationSettings

from agent_core.settings import Settings
from agent_core.telemetry.export import otlp_exporters
from agent_core.telemetry.health import ExportWatch
from agent_core.telemetry.store import SpanStore

log = logging.getLogger(__name__)

DEFAULT_SERVICE_NAME = "paias-agent-layer"
INSTRUMENTATION_SCOPE = "paias.agent"
SPAN_EXPORT_DELAY_MS = 500  # SC-008: a finished span reaches the collector well within 2 s
LATENCY_BUCKETS_MS = (1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10_000, 30_000, 60_000)
# The last spans and metrics reach a collector that answers in milliseconds; one that does not answer is given
# up on as soon as that shows (ExportWatch), and this bounds the rest (a collector that hangs).
FLUSH_TIMEOUT_S = 2.0
_POLL_S = 0.02


def otlp_endpoint(settings: Settings) -> str | None:
    """The configured OTLP/gRPC endpoint with a scheme (``host:port`` means plain-text ``http://host:port``)."""
    endpoint = (settings.otel_exporter_otlp_endpoint or "").strip()
    if not endpoint:
        return None
    return endpoint if "://" in endpoint else f"http://{endpoint}"


class Telemetry:
    """Owns the providers, the instruments and the recent spans. Close it with ``shutdown()`` (or ``with``)."""

    def __init__(
        self,
        tracer_provider: TracerProvider,
        meter_provider: MeterProvider,
        recent: SpanStore,
        *,
        endpoint: str | None = None,
        exporters: Iterable[Any] = (),
        watch: ExportWatch | None = None,
    ) -> None:
        self.tracer_provider = tracer_provider
        self.meter_provider = meter_provider
        self.recent = recent
        self.endpoint = endpoint
        self._exporters = list(exporters)
        self.watch = watch  # how exports are going; None when nothing is exported
        self._closed = False
        self.tracer: Tracer = tracer_provider.get_tracer(INSTRUMENTATION_SCOPE)
        self.meter: Meter = meter_provider.get_meter(INSTRUMENTATION_SCOPE)
        # Prompts, completions and tool arguments stay out of Pydantic AI's spans: they may hold what a person
        # pasted (keys, tokens) and we cannot redact inside them; our own spans carry the redacted parameters.
        # model_request_parameters would repeat every tool's schema (and metadata) on each model request span,
        # on top of gen_ai.tool.definitions, which Pydantic AI always records.
        self.instrumentation = InstrumentationSettings(
            tracer_provider=tracer_provider,
            meter_provider=meter_provider,
            include_content=False,
            include_model_request_parameters=False,
        )
        self.tool_calls = self.meter.create_counter(
            "paias.tool.calls", unit="{call}", description="Tool calls that ran, by tool, server and status"
        )
        self.tool_errors = self.meter.create_counter(
            "paias.tool.errors", unit="{call}", description="Tool calls that failed or timed out"
        )
        self.tool_duration = self.meter.create_histogram(
            "paias.tool.duration",
            unit="ms",
            description="Tool call latency",
            explicit_bucket_boundaries_advisory=LATENCY_BUCKETS_MS,
        )
        self.turns = self.meter.create_counter("paias.turns", unit="{turn}", description="Turns, by result kind")
        self.turn_duration = self.meter.create_histogram(
            "paias.turn.duration",
            unit="ms",
            description="Turn latency, by result kind",
            explicit_bucket_boundaries_advisory=LATENCY_BUCKETS_MS,
        )

    @property
    def exporting(self) -> bool:
        """Whether spans and metrics leave the process (an OTLP endpoint is configured)."""
        return bool(self._exporters)

    def record_tool_call(self, tool: str, server: str, status: str, duration_ms: float) -> None:
        """Count one finished tool call in the metrics."""
        attributes = {"tool": tool, "server": server, "status": status}
        self.tool_calls.add(1, attributes)
        if status != "success":
            self.tool_errors.add(1, attributes)
        self.tool_duration.record(duration_ms, attributes)

    def record_turn(self, kind: str, duration_ms: float) -> None:
        """Count one finished turn in the metrics."""
        self.turns.add(1, {"kind": kind})
        self.turn_duration.record(duration_ms, {"kind": kind})

    def shutdown(self, timeout: float = FLUSH_TIMEOUT_S) -> None:
        """Flush and shut down within ``timeout`` seconds; never raises, safe to call twice.

        When the collector is not answering (the last export failed, or one is still retrying), what is left is
        dropped at once: the exit does not wait for the exporters' retries.
        Blocks the calling thread: from async code use ``await asyncio.to_thread(telemetry.shutdown)``.
        """
        if self._closed:
            return
        self._closed = True
        worker = threading.Thread(target=self._shutdown_providers, name="paias-telemetry-shutdown", daemon=True)
        worker.start()
        deadline = time.monotonic() + timeout
        while worker.is_alive():
            if self.watch is not None and self.watch.unreachable:
                self.watch.tell()  # the one line about this outage, unless an export failure said it already
                break
            if time.monotonic() >= deadline:
                log.debug("telemetry export did not finish within %g s; dropping what is left", timeout)
                break
            worker.join(_POLL_S)
        if worker.is_alive():
            # Stopping the exporters ends a retry's back-off and closes the channel: the flush returns at once.
            for exporter in self._exporters:
                try:
                    exporter.shutdown()
                except Exception:  # shutting down must never fail the caller
                    log.debug("exporter shutdown failed", exc_info=True)
            worker.join(1.0)

    def _shutdown_providers(self) -> None:
        for provider in (self.tracer_provider, self.meter_provider):
            try:
                provider.shutdown()
            except Exception:  # shutting down must never fail the caller
                log.debug("telemetry provider shutdown failed", exc_info=True)

    def __enter__(self) -> Telemetry:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.shutdown()


def setup_telemetry(
    settings: Settings,
    *,
    extra_span_processors: Iterable[SpanProcessor] = (),
    metric_readers: Iterable[MetricReader] = (),
) -> Telemetry:
    """Build the providers for one runtime; exporters only when an OTLP endpoint is configured.

    Args:
        settings: reads ``otel_exporter_otlp_endpoint`` and ``otel_service_name``.
        extra_span_processors: more span processors (tests pass a ``SimpleSpanProcessor(InMemorySpanExporter())``).
        metric_readers: more metric readers (tests pass an ``InMemoryMetricReader``).

    Returns:
        The Telemetry; the global OpenTelemetry providers are left untouched, so several can coexist.
    """
    resource = Resource.create({SERVICE_NAME: settings.otel_service_name or DEFAULT_SERVICE_NAME})
    endpoint = otlp_endpoint(settings)
    otlp = None
    if endpoint is not None:
        try:
            otlp = otlp_exporters(endpoint)
        except Exception as exc:  # noqa: BLE001 - a bad endpoint must not stop the assistant; it runs unexported
            log.warning("OTLP export disabled: cannot export to %s: %s", endpoint, exc)
            endpoint = None
    # Only a provider that exports has anything to flush when the process exits.
    tracer_provider = TracerProvider(resource=resource, shutdown_on_exit=otlp is not None)
    store = SpanStore()
    tracer_provider.add_span_processor(store)
    for processor in extra_span_processors:
        tracer_provider.add_span_processor(processor)
    readers = list(metric_readers)
    exporters: list[Any] = []
    watch: ExportWatch | None = None
    if otlp is not None:
        span_exporter, metric_exporter, reader, watch = otlp
        tracer_provider.add_span_processor(
            BatchSpanProcessor(span_exporter, schedule_delay_millis=SPAN_EXPORT_DELAY_MS)
        )
        readers.append(reader)
        exporters = [span_exporter, metric_exporter]
    meter_provider = MeterProvider(resource=resource, metric_readers=readers, shutdown_on_exit=otlp is not None)
    return Telemetry(tracer_provider, meter_provider, store, endpoint=endpoint, exporters=exporters, watch=watch)
