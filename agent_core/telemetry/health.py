"""Whether the OTLP collector answers, and keeping its failures quiet.

A collector that is down must cost the person nothing: no lines on their terminal, no wait when the app exits.
The OpenTelemetry exporter logs every retry and every failed batch at WARNING/ERROR; ``quiet_exporter_logs``
drops those records. ``ExportWatch`` sees each export's outcome (the exporters report to it): it logs the first
failure of an outage once, at debug level, and tells ``Telemetry.shutdown`` when flushing is hopeless, so the
exporters are stopped at once instead of the exit waiting out their retries.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TypeVar

log = logging.getLogger(__name__)

# Where the OTLP/gRPC exporters log about delivery (retries, failed batches, "already shutdown"): the logger and
# the methods. Anything else they log (e.g. an unreadable certificate file) is a setting to fix and stays visible.
EXPORTER_LOGGER = "opentelemetry.exporter.otlp.proto.grpc.exporter"
DELIVERY_FUNCTIONS = frozenset({"_export", "shutdown"})
STALLED_EXPORT_S = 0.5  # a collector that answers does so in milliseconds; an export this old is retrying

T = TypeVar("T")


class _DeliveryNoise(logging.Filter):
    """Drops the exporters' delivery warnings, remembering the last one for ``ExportWatch``'s single line."""

    def __init__(self) -> None:
        super().__init__()
        self.last: str | None = None

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno < logging.WARNING or record.funcName not in DELIVERY_FUNCTIONS:
            return True
        self.last = record.getMessage()
        return False


_NOISE = _DeliveryNoise()


def quiet_exporter_logs() -> None:
    """Keep the OTLP exporters' retry and failure messages off stderr (idempotent, process-wide)."""
    logger = logging.getLogger(EXPORTER_LOGGER)
    if _NOISE not in logger.filters:
        logger.addFilter(_NOISE)


class ExportWatch:
    """The outcome of recent exports, for one Telemetry's exporters (called from the exporters' threads).

    The first failure of an outage is logged once, at debug level, with the exporter's last message; the next
    success ends the outage.
    """

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self._lock = threading.Lock()
        self._running: dict[int, float] = {}  # export token → when it started
        self._next = 0
        self._told = False
        self._detail: str | None = None  # what the last export raised
        self.failing = False

    def run(self, export: Callable[[], T], success: T, failure: T) -> T:
        """Run one export and note its outcome (``success`` or not). An exception is a failure too: it is
        returned as ``failure``, so the SDK never logs a traceback for a collector that is down."""
        with self._lock:
            token, self._next = self._next, self._next + 1
            self._running[token] = time.monotonic()
        try:
            result = export()
        except Exception as exc:  # noqa: BLE001 - a failed delivery, said once at debug level below
            self._detail, result = f"{type(exc).__name__}: {exc}", failure
        ok = result is success
        with self._lock:
            del self._running[token]
            recovered, self.failing = self.failing and ok, not ok
            if recovered:
                self._told = False
        if recovered:
            log.debug("OTLP export to %s works again", self.endpoint)
        elif not ok:
            self.tell()
        return result

    @property
    def unreachable(self) -> bool:
        """Whether the collector looks down: the last export failed, or one has been retrying for a while."""
        now = time.monotonic()
        with self._lock:
            return self.failing or any(now - started > STALLED_EXPORT_S for started in self._running.values())

    def tell(self) -> None:
        """Log that the collector is not answering — once per outage, at debug level."""
        with self._lock:
            first, self._told = not self._told, True
        if first:
            last = self._detail or _NOISE.last
            detail = f": {last}" if last else ""
            log.debug(
                "OTLP export to %s failed; spans and metrics are dropped until the collector answers (further "
                "failures are not logged)%s",
                self.endpoint,
                detail,
            )
