"""Time MCP server: the current time in any IANA time zone (FR-008).

Run with: ``python -m agent_core.servers.time`` (stdio) or
``python -m agent_core.servers.time --transport http --port 8765`` (streamable HTTP at /mcp).
"""

from __future__ import annotations

from datetime import UTC, datetime
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


class TimeServer:
    """Pure logic, kept apart from the MCP glue so it can be tested and reused directly."""

    def __init__(self, clock=lambda: datetime.now(UTC)) -> None:
        self._clock = clock

    def current_time(self, timezone: str = "UTC") -> TimeResult:
        """Return the current time in ``timezone``.

        Raises:
            ValueError: if ``timezone`` is not a known IANA zone; the message names a valid example.
        """
        name = (timezone or "UTC").strip()
        try:
            zone = ZoneInfo("UTC" if name.upper() in {"UTC", "Z"} else name)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                f"Invalid timezone '{timezone}'. Use an IANA name such as Europe/Paris, Asia/Tokyo or UTC."
            ) from None
        now = self._clock().astimezone(zone)
        return TimeResult(timestamp=now.isoformat(), timezone=str(zone.key), unix_epoch=int(now.timestamp()))


server = MCPServer("paias-time", instructions="Current time in any IANA time zone.")
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


if __name__ == "__main__":
    main(server)
