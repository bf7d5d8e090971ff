"""Time MCP server: the current time in any IANA time zone (FR-008), and a time of day converted between zones.

Run with: ``python -m agent_core.servers.time`` (stdio) or
``python -m agent_core.servers.time --transport http --port 8765`` (streamable HTTP at /mcp).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Annotated
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main


class TimeResult(BaseModel):
    """The current time in one time zone."""

    timestamp: str = Field(description="ISO 8601 timestamp with UTC offset")
    timezone: str = Field(description="The IANA time zone name")
    unix_epoch: int = Field(description="Seconds since 1970-01-01T00:00:00Z")


class ZonedTime(BaseModel):
    """One moment as seen in one time zone."""

    timezone: str = Field(description="The IANA time zone name")
    datetime: str = Field(description="ISO 8601 date and time with UTC offset")
    is_dst: bool = Field(description="Whether daylight saving time is in effect in this zone at that moment")


class TimeConversionResult(BaseModel):
    """A time of day in a source zone and the same moment in a target zone."""

    source: ZonedTime = Field(description="The given time, today in the source zone")
    target: ZonedTime = Field(description="The same moment in the target zone")
    time_difference: str = Field(description="Target offset minus source offset in hours, e.g. '+9.0h' or '-5.5h'")


_HH_MM = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


def _zone(timezone: str | None) -> ZoneInfo:
    """The ``ZoneInfo`` for an IANA name (``UTC``/``Z`` in any case, empty means UTC).

    Raises:
        ValueError: if ``timezone`` is not a known IANA zone; the message names a valid example.
    """
    name = (timezone or "UTC").strip()
    try:
        return ZoneInfo("UTC" if name.upper() in {"UTC", "Z"} else name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(
            f"Invalid timezone '{timezone}'. Use an IANA name such as Europe/Paris, Asia/Tokyo or UTC."
        ) from None


def _hours(offset: timedelta) -> str:
    """An offset difference as the reference time server writes it: '+9.0h', '-5.5h', '+5.75h'."""
    hours = offset.total_seconds() / 3600
    if hours.is_integer():
        return f"{hours:+.1f}h"
    return f"{hours:+.2f}".rstrip("0").rstrip(".") + "h"


def _zoned(moment: datetime, zone: ZoneInfo) -> ZonedTime:
    """``moment`` as a ``ZonedTime`` in ``zone``."""
    return ZonedTime(timezone=str(zone.key), datetime=moment.isoformat(timespec="seconds"), is_dst=bool(moment.dst()))


class TimeServer:
    """Pure logic, kept apart from the MCP glue so it can be tested and reused directly."""

    def __init__(self, clock=lambda: datetime.now(UTC)) -> None:
        self._clock = clock

    def current_time(self, timezone: str = "UTC") -> TimeResult:
        """Return the current time in ``timezone``.

        Raises:
            ValueError: if ``timezone`` is not a known IANA zone; the message names a valid example.
        """
        zone = _zone(timezone)
        now = self._clock().astimezone(zone)
        return TimeResult(timestamp=now.isoformat(), timezone=str(zone.key), unix_epoch=int(now.timestamp()))

    def convert_time(self, source_timezone: str, time: str, target_timezone: str) -> TimeConversionResult:
        """Convert ``time`` ("HH:MM", 24-hour), taken as today (per the clock) in ``source_timezone``.

        Raises:
            ValueError: if a zone is not a known IANA zone or ``time`` is not HH:MM; the message says what to use.
        """
        source_zone, target_zone = _zone(source_timezone), _zone(target_timezone)
        match = _HH_MM.fullmatch((time or "").strip())
        if match is None:
            raise ValueError(f"Invalid time '{time}'. Use 24-hour HH:MM, e.g. 15:00.")
        today = self._clock().astimezone(source_zone).date()
        source = datetime(today.year, today.month, today.day, int(match[1]), int(match[2]), tzinfo=source_zone)
        target = source.astimezone(target_zone)
        difference = (target.utcoffset() or timedelta()) - (source.utcoffset() or timedelta())
        return TimeConversionResult(
            source=_zoned(source, source_zone),
            target=_zoned(target, target_zone),
            time_difference=_hours(difference),
        )


server = MCPServer(
    "paias-time", instructions="Current time in any IANA time zone, and times of day converted between zones."
)
_logic = TimeServer()


@server.tool(annotations=ToolAnnotations(title="Current time", readOnlyHint=True, openWorldHint=False))
def get_current_time(
    timezone: Annotated[
        str, Field(description="IANA time zone name, e.g. 'UTC', 'Asia/Tokyo', 'America/New_York'")
    ] = "UTC",
) -> TimeResult:
    """Get the current date and time in an IANA time zone.

    Returns the ISO 8601 timestamp (with offset), the canonical zone name and the Unix epoch seconds.
    """
    try:
        return _logic.current_time(timezone)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Convert time", readOnlyHint=True, openWorldHint=False))
def convert_time(
    source_timezone: Annotated[str, Field(description="IANA time zone name of the given time, e.g. 'Europe/London'")],
    time: Annotated[str, Field(description="The time to convert, 24-hour HH:MM, e.g. '15:00'")],
    target_timezone: Annotated[str, Field(description="IANA time zone name to convert to, e.g. 'America/New_York'")],
) -> TimeConversionResult:
    """Convert a time of day from one IANA time zone to another.

    The time is taken as today in the source zone. Returns the source and target date-times (ISO 8601 with
    offset, and whether daylight saving time applies) and the offset difference in hours, e.g. '-5.0h'.
    """
    try:
        return _logic.convert_time(source_timezone, time, target_timezone)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
