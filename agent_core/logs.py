"""Structured logs: one JSON object per line, each carrying the correlation id of the turn it belongs to.

``runtime.ask`` sets the correlation id for the duration of a turn (a context variable, so tool calls running in
tasks of that turn inherit it); every record logged meanwhile carries it. Lifecycle events (start, stop, health,
reconnect) and tool calls (request, success, failure) are logged with ``server``/``tool``/``status`` fields.
"""

from __future__ import annotations

import contextvars
import json
import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, TextIO

correlation_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("correlation_id", default=None)

# Fields a record may carry (``extra=``) that belong in the JSON line.
FIELDS = ("correlation_id", "conversation_id", "server", "tool", "status", "duration_ms", "kind")


@contextmanager
def correlated(value: str) -> Iterator[str]:
    """Tag every log record inside the block with ``value`` as its correlation id."""
    token = correlation_id.set(value)
    try:
        yield value
    finally:
        correlation_id.reset(token)


class CorrelationFilter(logging.Filter):
    """Adds the current correlation id to records that do not name one themselves."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "correlation_id", None) is None:
            record.correlation_id = correlation_id.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the known fields, any exception."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_logging(level: int = logging.WARNING, *, json_lines: bool = True, stream: TextIO | None = None) -> None:
    """Send the application's logs to ``stream`` (stderr by default), as JSON lines or plain text."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.addFilter(CorrelationFilter())
    handler.setFormatter(
        JsonFormatter() if json_lines else logging.Formatter("%(levelname)s %(name)s [%(correlation_id)s] %(message)s")
    )
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # Third-party chatter stays at warnings unless it is ours.
    for noisy in ("httpx", "httpx2", "mcp", "fastmcp", "asyncio"):
        logging.getLogger(noisy).setLevel(max(level, logging.WARNING))
