"""Test-only lab-instrument booking server (dev set ``dev2_tools.jsonl``): book shared instruments by date and time.

Run with: ``python -m eval.servers.instruments`` (stdio). The facility has a fixed list of instruments and a few
fixed bookings by colleagues; new bookings are kept in memory (empty at every start). Dates may not lie before
``TODAY``, the date of the evaluation's simulated world (eval/README.md), so results do not depend on the real clock.
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
from eval.servers import iso_date

TODAY = date(2026, 11, 22)
MAX_HOURS = 8.0
# canonical instrument name -> other names people use for it (matched case-insensitively, "the" ignored)
INSTRUMENTS: dict[str, tuple[str, ...]] = {
    "confocal microscope": ("confocal", "microscope", "zeiss lsm", "lsm 980"),
    "flow cytometer": ("cytometer", "facs", "facs machine", "flow", "facs aria"),
    "plate reader": ("microplate reader", "spectramax"),
    "ultracentrifuge": ("centrifuge", "big centrifuge"),
    "qPCR machine": ("qpcr", "pcr machine", "real-time pcr", "lightcycler", "thermocycler"),
    "mass spectrometer": ("mass spec", "ms", "orbitrap"),
    "cryostat": ("cryo", "cryosection"),
    "electron microscope": ("tem", "sem", "em"),
}
# fixed bookings by colleagues: (instrument, date, start, hours, booked_by)
FIXED: tuple[tuple[str, str, str, float, str], ...] = (
    ("confocal microscope", "2026-11-23", "09:00", 3.0, "Lee"),
    ("flow cytometer", "2026-11-24", "13:00", 2.0, "Dana"),
    ("plate reader", "2026-11-25", "08:00", 1.0, "Sam"),
    ("mass spectrometer", "2026-11-26", "10:00", 4.0, "Core facility"),
)
_TIME = re.compile(r"(\d{1,2}):(\d{2})")


class Booking(BaseModel):
    """One booking of an instrument."""

    id: int = Field(description="Booking number (0 for a colleague's booking)")
    instrument: str = Field(description="The instrument, by its facility name")
    date: str = Field(description="The day, YYYY-MM-DD")
    start_time: str = Field(description="Start, 24-hour HH:MM")
    end_time: str = Field(description="End, 24-hour HH:MM")
    hours: float = Field(description="Length in hours")
    booked_by: str = Field(description="Who booked it ('you' for your own bookings)")


class BookingList(BaseModel):
    """The bookings of one day, earliest first."""

    date: str = Field(description="The day, YYYY-MM-DD")
    bookings: list[Booking] = Field(description="Every booking of that day (of one instrument if asked), by start")


def instrument_name(text: str) -> str:
    """The facility name of the instrument ``text`` names.

    Raises:
        ValueError: if no instrument matches.
    """
    given = " ".join((text or "").casefold().replace("-", " ").split())
    given = re.sub(r"^(the|our|a)\s+", "", given)
    for candidate in (given, re.sub(r"\s+(machine|instrument)$", "", given)):
        for name, aliases in INSTRUMENTS.items():
            key = name.casefold()
            if candidate in (key, key.replace(" ", "")) or candidate in aliases or candidate.replace(" ", "") == key:
                return name
    for name, aliases in INSTRUMENTS.items():  # a longer phrase naming one, e.g. "zeiss confocal microscope"
        if name.casefold() in given or any(len(a) > 3 and a in given.split() for a in aliases):
            return name
    raise ValueError(f"Unknown instrument '{text}'. Book one of: {', '.join(INSTRUMENTS)}.")


def parse_date(text: str) -> date:
    """``text`` as a date, YYYY-MM-DD.

    Raises:
        ValueError: with the format to send.
    """
    return iso_date(text)


def parse_time(text: str) -> int:
    """``text`` ("HH:MM", 24-hour) as minutes after midnight.

    Raises:
        ValueError: with the format to send.
    """
    match = _TIME.fullmatch((text or "").strip())
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        raise ValueError(f"Invalid time '{text}'. Use 24-hour HH:MM, e.g. '14:30' for 2:30 pm.")
    return int(match[1]) * 60 + int(match[2])


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


class Facility:
    """The instruments' bookings: the fixed ones plus the ones made since the server started."""

    def __init__(self) -> None:
        self.booked: list[Booking] = [self._booking(0, *row) for row in FIXED]
        self.next_id = 1

    @staticmethod
    def _booking(number: int, instrument: str, day: str, start: str, hours: float, who: str) -> Booking:
        begin = parse_time(start)
        return Booking(
            id=number,
            instrument=instrument,
            date=day,
            start_time=_clock(begin),
            end_time=_clock(begin + round(hours * 60)),
            hours=hours,
            booked_by=who,
        )

    def book(self, instrument: str, day: str, start_time: str, hours: float = 1.0) -> Booking:
        """Book ``instrument`` on ``day`` from ``start_time`` for ``hours``.

        Raises:
            ValueError: for an unknown instrument, a bad date or time, a past day, a length that is not a multiple
                of half an hour from 0.5 to 8, a booking past midnight, or a clash with a colleague's booking.
        """
        name = instrument_name(instrument)
        when = parse_date(day)
        if when < TODAY:
            raise ValueError(f"{when.isoformat()} is in the past. Book today ({TODAY.isoformat()}) or later.")
        begin = parse_time(start_time)
        if not 0.5 <= hours <= MAX_HOURS or (hours * 2) != int(hours * 2):
            raise ValueError(f"hours must be 0.5 to {MAX_HOURS:g} in steps of 0.5 (e.g. 1.5 for 90 minutes).")
        end = begin + round(hours * 60)
        if end > 24 * 60:
            raise ValueError("A booking must end by midnight; book the rest on the next day.")
        for other in self.booked:
            if other.booked_by != "you" and other.instrument == name and other.date == when.isoformat():
                o_begin, o_end = parse_time(other.start_time), parse_time(other.end_time)
                if begin < o_end and o_begin < end:
                    raise ValueError(
                        f"The {name} is booked {other.start_time}-{other.end_time} on {other.date} by "
                        f"{other.booked_by}. Choose a time before {other.start_time} or from {other.end_time}."
                    )
        booking = self._booking(self.next_id, name, when.isoformat(), _clock(begin), hours, "you")
        self.next_id += 1
        self.booked.append(booking)
        return booking

    def on(self, day: str, instrument: str | None = None) -> BookingList:
        """The bookings of ``day`` (of one instrument if given), earliest first.

        Raises:
            ValueError: for a bad date or an unknown instrument.
        """
        when = parse_date(day).isoformat()
        name = instrument_name(instrument) if instrument else None
        found = [b for b in self.booked if b.date == when and name in (None, b.instrument)]
        return BookingList(date=when, bookings=sorted(found, key=lambda b: (b.start_time, b.instrument)))


facility = Facility()
server = MCPServer(
    "eval-instruments",
    instructions="Booking of the shared lab instruments (microscopes, cytometer, plate reader, ...). Test-only.",
)


@server.tool(
    annotations=ToolAnnotations(
        title="Book a lab instrument", readOnlyHint=False, destructiveHint=False, openWorldHint=False
    )
)
def book_instrument(
    instrument: Annotated[
        str,
        Field(
            description="The instrument to book, e.g. 'confocal microscope', 'flow cytometer', 'plate reader', "
            "'ultracentrifuge', 'qPCR machine', 'mass spectrometer', 'cryostat', 'electron microscope'"
        ),
    ],
    date: Annotated[str, Field(description="The day of the booking, YYYY-MM-DD, e.g. '2026-11-23'")],
    start_time: Annotated[str, Field(description="When the booking starts, 24-hour HH:MM, e.g. '14:30'")],
    hours: Annotated[
        float, Field(description="How long, in hours, 0.5 to 8 in steps of 0.5 (1.5 = 90 minutes)", ge=0.5, le=8)
    ] = 1.0,
) -> Booking:
    """Reserve a shared lab instrument of the core facility for a time slot on a given day.

    Returns the booking with its number and end time. Fails if a colleague already has the instrument then.
    """
    try:
        return facility.book(instrument, date, start_time, hours)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List instrument bookings", readOnlyHint=True, openWorldHint=False))
def list_bookings(
    date: Annotated[str, Field(description="The day, YYYY-MM-DD, e.g. '2026-11-23'")],
    instrument: Annotated[
        str | None, Field(description="Only this instrument's bookings, e.g. 'flow cytometer'; omit for all")
    ] = None,
) -> BookingList:
    """Show who has booked the shared lab instruments on a given day (yours and colleagues'), earliest first, so you
    can see when an instrument is free.
    """
    try:
        return facility.on(date, instrument)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
