"""Structured logs: one JSON object per line, each carrying the correlation id of the turn it belongs to.

``runtime.ask`` sets the correlation id for the duration of a turn (a context variable, so tool calls running in
tasks of that turn inherit it); every record logged meanwhile carries it. Lifecycle events (start, stop, health,
reconnect) and tool calls (request, success, failure) are logged with ``server``/``tool``/``status`` fields.

Tracebacks are for ``-v`` only: without it (``tracebacks=False``) every record is one line a person can read,
``warning: message (Type: error)``, however much the code that logged it attached.
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


def exception_summary(exc_info: Any) -> str:
    """``Type: message`` of an exception (or a record's ``exc_info``) on one line, no traceback; "" for none."""
    exc = exc_info[1] if isinstance(exc_info, tuple) else exc_info
    if exc is None:
        return ""
    text = one_line(str(exc))
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def one_line(text: str, limit: int = 1000) -> str:
    """``text`` with its lines joined by spaces, cut to ``limit`` characters."""
    text = " ".join(part.strip() for part in text.splitlines() if part.strip())
    return text if len(text) <= limit else text[: limit - 1] + "…"


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ISO 8601), level, logger, message, the known fields, any exception.

    With ``tracebacks=False`` an exception is only named (``"error": "Type: message"``), so each record stays short.
    """

    def __init__(self, *, tracebacks: bool = True) -> None:
        super().__init__()
        self.tracebacks = tracebacks

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
        if record.exc_info and self.tracebacks:
            line["exception"] = self.formatException(record.exc_info)
        elif summary := exception_summary(record.exc_info):
            line["error"] = summary
        return json.dumps(line, ensure_ascii=False, default=str)


class OneLineFormatter(logging.Formatter):
    """``warning: message (Type: error)`` — one line a person reads; never a traceback or a stack."""

    def format(self, record: logging.LogRecord) -> str:
        message = one_line(record.getMessage())
        summary = exception_summary(record.exc_info)
        if summary and summary.split(": ", 1)[-1] not in message:  # "turn failed: ModelError('x')" says it already
            message = f"{message} ({summary})"
        return f"{record.levelname.lower()}: {message}"


class _StderrHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to whatever ``sys.stderr`` is at the time of each record, not the one at configuration (a test
    runner or a host application may swap it, and a closed stream must never receive a log line)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property  # type: ignore[override]
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, _: TextIO) -> None:
        pass


def configure_logging(
    level: int = logging.WARNING,
    *,
    json_lines: bool = True,
    tracebacks: bool = True,
    stream: TextIO | None = None,
) -> None:
    """Send the application's logs to ``stream`` (stderr by default).

    Args:
        level: the lowest level shown.
        json_lines: one JSON object per line (``-v``); otherwise plain text.
        tracebacks: include exceptions' tracebacks. Without them every record is one line: plain text becomes
            ``warning: message (Type: error)`` — what a person sees without ``-v``.
        stream: where the lines go (stderr by default).
    """
    handler = logging.StreamHandler(stream) if stream is not None else _StderrHandler()
    handler.addFilter(CorrelationFilter())
    if json_lines:
        formatter: logging.Formatter = JsonFormatter(tracebacks=tracebacks)
    elif tracebacks:
        formatter = logging.Formatter("%(levelname)s %(name)s [%(correlation_id)s] %(message)s")
    else:
        formatter = OneLineFormatter()
    handler.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # Third-party chatter stays at warnings unless it is ours.
    for noisy in ("httpx", "httpx2", "mcp", "fastmcp", "asyncio"):
        logging.getLogger(noisy).setLevel(max(level, logging.WARNING))
