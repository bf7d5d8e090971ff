"""Test-only calendar server (held-out unseen set): create and list events, kept in memory for the process.

Run with: ``python -m eval.servers.calendar`` (stdio). Every start begins with an empty calendar.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_TIME = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


class Event(BaseModel):
    """One calendar event."""

    id: int = Field(description="The event's id, unique in this calendar")
    title: str = Field(description="What the event is")
    date: str = Field(description="The day, YYYY-MM-DD")
    start_time: str = Field(description="Start time, HH:MM 24-hour")


class DayEvents(BaseModel):
    """The events of one day, earliest first."""

    date: str = Field(description="The day, YYYY-MM-DD")
    events: list[Event] = Field(description="The day's events, earliest first; empty when the day is free")


def _date(text: str) -> str:
    value = (text or "").strip()
    try:
        if _DATE.fullmatch(value):
            return date.fromisoformat(value).isoformat()
    except ValueError:
        pass
    raise ValueError(f"Invalid date '{text}'. Use YYYY-MM-DD, e.g. 2026-11-23.")


def _time(text: str) -> str:
    match = _TIME.fullmatch((text or "").strip())
    if match is None:
        raise ValueError(f"Invalid time '{text}'. Use 24-hour HH:MM, e.g. 14:30.")
    return f"{int(match[1]):02d}:{match[2]}"


class Calendar:
    """An in-memory calendar: pure logic, apart from the MCP glue."""

    def __init__(self) -> None:
        self._events: list[Event] = []

    def create(self, title: str, day: str, start_time: str) -> Event:
        """Add an event and return it with its new id.

        Raises:
            ValueError: for an empty title, a date that is not YYYY-MM-DD or a time that is not HH:MM.
        """
        name = " ".join((title or "").split())
        if not name:
            raise ValueError("Give the event a title, e.g. 'Lab meeting'.")
        event = Event(id=len(self._events) + 1, title=name, date=_date(day), start_time=_time(start_time))
        self._events.append(event)
        return event

    def on(self, day: str) -> DayEvents:
        """The events of ``day``, earliest first.

        Raises:
            ValueError: for a date that is not YYYY-MM-DD.
        """
        key = _date(day)
        events = sorted((e for e in self._events if e.date == key), key=lambda e: (e.start_time, e.id))
        return DayEvents(date=key, events=events)


server = MCPServer("eval-calendar", instructions="A personal calendar: add events and see a day's events. Test-only.")
_calendar = Calendar()


@server.tool(
    annotations=ToolAnnotations(
        title="Create event", readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False
    )
)
def create_event(
    title: Annotated[str, Field(description="What the event is")],
    date: Annotated[str, Field(description="The day, YYYY-MM-DD")],
    start_time: Annotated[str, Field(description="Start time, HH:MM 24-hour")],
) -> Event:
    """Create an event in the person's calendar (a meeting, appointment or reminder at a date and time).

    Returns the new event with its id.
    """
    try:
        return _calendar.create(title, date, start_time)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List events", readOnlyHint=True, openWorldHint=False))
def list_events(date: Annotated[str, Field(description="The day, YYYY-MM-DD")]) -> DayEvents:
    """List the events in the person's calendar on one day, earliest first."""
    try:
        return _calendar.on(date)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
