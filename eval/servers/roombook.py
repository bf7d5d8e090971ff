"""Test-only room booking server (dev set ``dev6_tools.jsonl``): the institute's shared rooms, their free time on a
day, and holds placed on them.

Run with: ``python -m eval.servers.roombook`` (stdio). Six rooms, open Monday to Friday 08:00-20:00 (local time),
with a fixed table of colleagues' bookings in the week of 2026-11-23; new holds are kept in memory (none at every
start) and may not overlap another booking. "Now" is the evaluation's simulated clock, 2026-11-22 12:00 (a Sunday).
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main
from eval.servers import iso_date

NOW = datetime(2026, 11, 22, 12, 0)
OPEN, CLOSE = 8 * 60, 20 * 60
MIN_DURATION, MAX_DURATION = 15, 480
RESOURCE_PATTERN = r"^RM-\d{3}$"
START_PATTERN = r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$"
_RESOURCE = re.compile(RESOURCE_PATTERN)
_START = re.compile(START_PATTERN)
# resource id -> (name, seats)
ROOMS: dict[str, tuple[str, int]] = {
    "RM-101": ("Seminar room", 40),
    "RM-108": ("Video-conference room", 12),
    "RM-214": ("Meeting room 214", 8),
    "RM-215": ("Meeting room 215", 6),
    "RM-310": ("Focus room (phone booth)", 2),
    "RM-322": ("Teaching lab", 24),
}
# colleagues' bookings: (resource id, date, start HH:MM, minutes, purpose)
FIXED: tuple[tuple[str, str, str, int, str], ...] = (
    ("RM-101", "2026-11-23", "09:00", 90, "Institute seminar"),
    ("RM-214", "2026-11-23", "10:00", 60, "Okafor group meeting"),
    ("RM-215", "2026-11-23", "09:00", 60, "Admin office hours"),
    ("RM-322", "2026-11-23", "08:00", 240, "Biochemistry practical"),
    ("RM-214", "2026-11-24", "13:00", 60, "Safety committee"),
    ("RM-101", "2026-11-24", "16:00", 60, "Faculty meeting"),
    ("RM-214", "2026-11-25", "09:00", 60, "Menon lab meeting"),
    ("RM-215", "2026-11-25", "14:00", 120, "Thesis defence rehearsal"),
    ("RM-101", "2026-11-26", "12:00", 60, "Lunch talk"),
    ("RM-214", "2026-11-26", "15:00", 120, "Hiring committee"),
    ("RM-214", "2026-11-27", "09:00", 90, "Zhang group meeting"),
    ("RM-215", "2026-11-27", "11:00", 60, "Mentoring"),
    ("RM-108", "2026-11-27", "10:00", 60, "Video call with funder"),
)


class Hold(BaseModel):
    """One booking of a room."""

    booking_id: str = Field(description="Reference, e.g. 'BK-2026-0001' ('fixed' for a colleague's booking)")
    resource_id: str = Field(description="The room, e.g. 'RM-214'")
    room: str = Field(description="The room's name")
    start: str = Field(description="Start, local time, YYYY-MM-DDTHH:MM")
    end: str = Field(description="End, local time, YYYY-MM-DDTHH:MM")
    duration_min: int = Field(description="Length in minutes")
    purpose: str = Field(description="What the room is booked for")
    booked_by: str = Field(description="'you' or the colleague's group")


class FreeWindow(BaseModel):
    """A stretch of free time in one room."""

    start: str = Field(description="HH:MM, local time")
    end: str = Field(description="HH:MM, local time")
    minutes: int = Field(description="Length in minutes")


class RoomDay(BaseModel):
    """One room's free time on a day."""

    resource_id: str = Field(description="The room, e.g. 'RM-214'")
    room: str = Field(description="The room's name")
    seats: int = Field(description="Seats")
    free: list[FreeWindow] = Field(description="Free windows at least min_duration_min long, in order")


class FreeSlots(BaseModel):
    """Free time of the rooms on one day."""

    date: str = Field(description="The day, YYYY-MM-DD")
    min_duration_min: int = Field(description="Shortest window shown, minutes")
    rooms: list[RoomDay] = Field(description="The rooms asked for, with their free windows")


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _minutes(hhmm: str) -> int:
    hours, minutes = hhmm.split(":")
    return int(hours) * 60 + int(minutes)


def room_id(resource_id: str) -> str:
    """``resource_id`` checked against the rooms ('rm-214' is accepted as 'RM-214').

    Raises:
        ValueError: for another form (a bare number, a name) or an unknown room, listing the rooms.
    """
    text = (resource_id or "").strip().upper()
    known = "; ".join(f"{k} {name} ({seats} seats)" for k, (name, seats) in ROOMS.items())
    if not _RESOURCE.match(text):
        digits = re.search(r"\d{3}", text)
        hint = f"'RM-{digits[0]}'" if digits else "'RM-214'"
        raise ValueError(f"resource_id must look like 'RM-' and three digits, e.g. {hint}. Rooms: {known}.")
    if text not in ROOMS:
        raise ValueError(f"No bookable room {text}. Rooms: {known}.")
    return text


def _open_day(day: date) -> None:
    if day.weekday() >= 5:
        raise ValueError(f"{day.isoformat()} is a {day.strftime('%A')}: rooms can be booked Monday to Friday only.")


class Rooms:
    """The rooms' bookings: the fixed ones plus the holds placed since the server started."""

    def __init__(self) -> None:
        self.holds: list[Hold] = []

    def bookings(self, resource: str, day: str) -> list[tuple[int, int]]:
        """Booked (start, end) minutes of ``resource`` on ``day``."""
        spans = [(_minutes(t), _minutes(t) + m) for r, d, t, m, _ in FIXED if r == resource and d == day]
        spans += [
            (_minutes(h.start[11:16]), _minutes(h.start[11:16]) + h.duration_min)
            for h in self.holds
            if h.resource_id == resource and h.start[:10] == day
        ]
        return sorted(spans)

    def free(self, day: str, min_duration_min: int = 30, resource_id: str | None = None) -> FreeSlots:
        """Free windows of every room (or of ``resource_id``) on ``day``, at least ``min_duration_min`` long.

        Raises:
            ValueError: for a bad date, a weekend, a minimum outside 15-720 minutes or an unknown room.
        """
        when = iso_date(day)
        _open_day(when)
        if isinstance(min_duration_min, bool) or int(min_duration_min) != min_duration_min:
            raise ValueError(f"min_duration_min must be a whole number of minutes, not {min_duration_min!r}.")
        if not MIN_DURATION <= min_duration_min <= CLOSE - OPEN:
            raise ValueError(f"min_duration_min must be {MIN_DURATION} to {CLOSE - OPEN} minutes; 2 hours is 120.")
        wanted = [room_id(resource_id)] if resource_id else list(ROOMS)
        rooms = []
        for key in wanted:
            windows, cursor = [], OPEN
            for begin, end in [*self.bookings(key, when.isoformat()), (CLOSE, CLOSE)]:
                if begin - cursor >= min_duration_min:
                    windows.append(FreeWindow(start=_clock(cursor), end=_clock(begin), minutes=begin - cursor))
                cursor = max(cursor, end)
            rooms.append(RoomDay(resource_id=key, room=ROOMS[key][0], seats=ROOMS[key][1], free=windows))
        return FreeSlots(date=when.isoformat(), min_duration_min=int(min_duration_min), rooms=rooms)

    def reserve(self, resource_id: str, start: str, duration_min: int, purpose: str) -> Hold:
        """Hold ``resource_id`` from ``start`` for ``duration_min`` minutes.

        Raises:
            ValueError: for an unknown room, a start that is not YYYY-MM-DDTHH:MM, in the past, at a weekend, off
                the quarter hour or outside opening hours, a length outside 15-480 minutes, an empty purpose, or an
                overlap with another booking (naming it).
        """
        key = room_id(resource_id)
        text = (start or "").strip()
        if not _START.match(text):
            raise ValueError(
                f"Invalid start '{start}'. Use local time as YYYY-MM-DDTHH:MM (24-hour), e.g. 2026-11-23T14:00."
            )
        try:
            begin = datetime.fromisoformat(text)
        except ValueError:
            raise ValueError(f"Invalid start '{start}': no such date or time. Use e.g. 2026-11-23T14:00.") from None
        if begin < NOW:
            raise ValueError(f"{text} is in the past (now is {NOW.isoformat(timespec='minutes')}).")
        _open_day(begin.date())
        if begin.minute % 15 or begin.second:
            raise ValueError("Bookings start on the quarter hour (:00, :15, :30 or :45).")
        if isinstance(duration_min, bool) or int(duration_min) != duration_min:
            raise ValueError(f"duration_min must be a whole number of minutes, not {duration_min!r}.")
        if not MIN_DURATION <= duration_min <= MAX_DURATION:
            raise ValueError(
                f"duration_min must be {MIN_DURATION} to {MAX_DURATION} minutes (an hour is 60, 2 hours 120), "
                f"not {duration_min}."
            )
        first = begin.hour * 60 + begin.minute
        last = first + int(duration_min)
        if first < OPEN or last > CLOSE:
            raise ValueError(
                f"Rooms are open {_clock(OPEN)}-{_clock(CLOSE)}; {_clock(first)}-{_clock(last)} is outside that."
            )
        reason = " ".join((purpose or "").split())
        if not reason:
            raise ValueError("Say what the room is for in purpose, e.g. 'journal club'.")
        day = begin.date().isoformat()
        for other_start, other_end in self.bookings(key, day):
            if first < other_end and other_start < last:
                raise ValueError(
                    f"{key} is already booked {_clock(other_start)}-{_clock(other_end)} on {day}. "
                    f"Call list_free_slots for {day} to see when it is free."
                )
        hold = Hold(
            booking_id=f"BK-{NOW.year}-{len(self.holds) + 1:04d}",
            resource_id=key,
            room=ROOMS[key][0],
            start=begin.isoformat(timespec="minutes"),
            end=(begin + timedelta(minutes=int(duration_min))).isoformat(timespec="minutes"),
            duration_min=int(duration_min),
            purpose=reason,
            booked_by="you",
        )
        self.holds.append(hold)
        return hold


rooms = Rooms()
server = MCPServer("eval-roombook", instructions="Shared rooms of the institute: free time and bookings. Test-only.")

_ROOM = Field(
    description="Resource identifier: 'RM-' plus the room number, e.g. 'RM-214'. RM-101 seminar room (40 seats), "
    "RM-108 video-conference room (12), RM-214 and RM-215 meeting rooms (8 and 6), RM-310 focus room / phone booth "
    "(2), RM-322 teaching lab (24)",
    pattern=RESOURCE_PATTERN,
)


@server.tool(
    annotations=ToolAnnotations(title="Reserve slot", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def reserve_slot(
    resource_id: Annotated[str, _ROOM],
    start: Annotated[
        str,
        Field(
            description="Start of the slot, local time, ISO 8601 without offset: YYYY-MM-DDTHH:MM, on the quarter "
            "hour, e.g. '2026-11-23T14:00'",
            pattern=START_PATTERN,
        ),
    ],
    duration_min: Annotated[
        int, Field(description="Length of the slot in minutes, 15 to 480", ge=MIN_DURATION, le=MAX_DURATION)
    ],
    purpose: Annotated[str, Field(description="Purpose shown on the room's door panel", min_length=1)],
) -> Hold:
    """Place a hold on a bookable resource for one contiguous slot (Mon-Fri, 08:00-20:00). Rejected if it overlaps an
    existing hold.
    """
    try:
        return rooms.reserve(resource_id, start, duration_min, purpose)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List free slots", readOnlyHint=True, openWorldHint=False))
def list_free_slots(
    date: Annotated[str, Field(description="Day, YYYY-MM-DD (Monday to Friday)")],
    min_duration_min: Annotated[
        int, Field(description="Only windows at least this many minutes long (default 30)", ge=MIN_DURATION)
    ] = 30,
    resource_id: Annotated[
        str | None, Field(description="One resource, e.g. 'RM-214' (default: all)", pattern=RESOURCE_PATTERN)
    ] = None,
) -> FreeSlots:
    """Unbooked windows per resource on a given day, between opening and closing, optionally for one resource only
    and only windows of a minimum length.
    """
    try:
        return rooms.free(date, min_duration_min, resource_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
