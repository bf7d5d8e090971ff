"""Test-only courier server (dev set ``dev4_tools.jsonl``): where a parcel is, and booking a courier pickup.

Run with: ``python -m eval.servers.courier`` (stdio). A few fixed consignments and a stable fake history for any
other well-formed tracking number; pickups are kept in memory (none at every start) and checked against ``TODAY``,
the date of the evaluation's simulated world (eval/README.md), so results never depend on a network or the real
clock.
"""

from __future__ import annotations

import hashlib
import re
from datetime import date, timedelta
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main
from eval.servers import iso_date

TODAY = date(2026, 11, 22)
TRACKING_PATTERN = r"^[A-Z]{2}\d{9}[A-Z]{2}$"
_TRACKING = re.compile(TRACKING_PATTERN)
_TIME = re.compile(r"(\d{1,2}):(\d{2})")
MAX_PARCELS = 20
# tracking number -> (origin, destination, status, estimated delivery, [(date, place, event)])
KNOWN: dict[str, tuple[str, str, str, str | None, list[tuple[str, str, str]]]] = {
    "RX482915736DE": (
        "Heidelberg, DE",
        "Vienna, AT",
        "in transit",
        "2026-11-24",
        [
            ("2026-11-19", "Heidelberg, DE", "Picked up"),
            ("2026-11-20", "Frankfurt hub, DE", "Departed sorting centre"),
            ("2026-11-21", "Linz, AT", "Arrived at depot"),
        ],
    ),
    "CP103558214US": (
        "Boston, US",
        "Vienna, AT",
        "held at customs",
        None,
        [
            ("2026-11-16", "Boston, US", "Picked up"),
            ("2026-11-18", "Vienna airport, AT", "Arrived in destination country"),
            ("2026-11-19", "Vienna airport, AT", "Held at customs: commercial invoice needed"),
        ],
    ),
    "EE771204936GB": (
        "Cambridge, GB",
        "Vienna, AT",
        "delivered",
        "2026-11-20",
        [
            ("2026-11-17", "Cambridge, GB", "Picked up"),
            ("2026-11-19", "Vienna, AT", "Out for delivery"),
            ("2026-11-20", "Vienna, AT", "Delivered, signed by M. HUBER (goods-in)"),
        ],
    ),
    "LZ300918475CH": (
        "Basel, CH",
        "Vienna, AT",
        "out for delivery",
        "2026-11-22",
        [
            ("2026-11-20", "Basel, CH", "Picked up (dry ice)"),
            ("2026-11-21", "Zurich hub, CH", "Departed sorting centre"),
            ("2026-11-22", "Vienna, AT", "Out for delivery"),
        ],
    ),
}
_CITIES = ["Munich, DE", "Leiden, NL", "Lyon, FR", "Madrid, ES", "Copenhagen, DK", "Prague, CZ"]
_STATUSES = ["in transit", "out for delivery", "delivered", "awaiting pickup"]


class TrackingEvent(BaseModel):
    """One scan of a consignment."""

    date: str = Field(description="YYYY-MM-DD")
    place: str = Field(description="Where it was scanned")
    event: str = Field(description="What happened")


class Consignment(BaseModel):
    """A consignment's status."""

    tracking_number: str = Field(description="The tracking number, upper case")
    origin: str = Field(description="Where it was sent from")
    destination: str = Field(description="Where it is going")
    status: str = Field(description="in transit, out for delivery, delivered, held at customs or awaiting pickup")
    estimated_delivery: str | None = Field(
        description="Expected (or actual) delivery date, YYYY-MM-DD; null if unknown"
    )
    events: list[TrackingEvent] = Field(description="Scans so far, oldest first")


class Pickup(BaseModel):
    """A courier pickup booked."""

    pickup_id: str = Field(description="The booking's reference, e.g. 'PU-2026-0001'")
    address: str = Field(description="Where the courier collects")
    date: str = Field(description="Pickup date, YYYY-MM-DD")
    window: str = Field(description="Collection window, HH:MM-HH:MM, starting at the ready time")
    parcels: int = Field(description="How many parcels")
    dry_ice: bool = Field(description="Whether the parcels contain dry ice (UN1845)")


def normalize_tracking(number: str) -> str:
    """``number`` upper case without spaces, checked against the published pattern.

    Raises:
        ValueError: for anything that is not a tracking number, with the format to send.
    """
    given = re.sub(r"[\s-]", "", (number or "")).upper()
    if not _TRACKING.fullmatch(given):
        raise ValueError(
            f"'{number}' is not a tracking number. Send two letters, nine digits and two letters, e.g. 'RX482915736DE'."
        )
    return given


def track(number: str) -> Consignment:
    """The status of consignment ``number`` (a stable fake one for numbers not in the table)."""
    key = normalize_tracking(number)
    if key in KNOWN:
        origin, dest, status, eta, events = KNOWN[key]
    else:
        seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
        origin, dest = _CITIES[seed % len(_CITIES)], "Vienna, AT"
        status = _STATUSES[(seed >> 8) % len(_STATUSES)]
        sent = TODAY - timedelta(days=1 + (seed >> 16) % 5)
        arrives = sent + timedelta(days=3)
        arrives = min(arrives, TODAY) if status == "delivered" else max(arrives, TODAY)
        eta = None if status == "awaiting pickup" else arrives.isoformat()
        events = [] if status == "awaiting pickup" else [(sent.isoformat(), origin, "Picked up")]
    return Consignment(
        tracking_number=key,
        origin=origin,
        destination=dest,
        status=status,
        estimated_delivery=eta,
        events=[TrackingEvent(date=d, place=p, event=e) for d, p, e in events],
    )


def parse_date(text: str) -> date:
    """``text`` as a date, YYYY-MM-DD, today (2026-11-22) or later.

    Raises:
        ValueError: with the format to send.
    """
    day = iso_date(text)
    if day < TODAY:
        raise ValueError(f"{day.isoformat()} is in the past; today is {TODAY.isoformat()}.")
    return day


def parse_time(text: str) -> tuple[int, int]:
    """``text`` as 24-hour HH:MM.

    Raises:
        ValueError: with the format to send.
    """
    match = _TIME.fullmatch((text or "").strip())
    if not match or int(match[1]) > 23 or int(match[2]) > 59:
        raise ValueError(f"Invalid time '{text}'. Use 24-hour HH:MM, e.g. 14:30.")
    return int(match[1]), int(match[2])


class Dispatch:
    """The pickups booked since the server started."""

    def __init__(self) -> None:
        self.booked: list[Pickup] = []

    def book(self, address: str, day: str, ready_time: str, parcels: int = 1, dry_ice: bool = False) -> Pickup:
        """Book a pickup at ``address`` on ``day`` from ``ready_time`` (a three-hour window).

        Raises:
            ValueError: for an empty address, a bad or past date, a bad time, a time after 17:00 or a parcel count
                outside 1–20.
        """
        where = " ".join((address or "").split())
        if not where:
            raise ValueError("Send the pickup address, e.g. 'Lab 3.14, Vienna BioCenter'.")
        when = parse_date(day)
        hour, minute = parse_time(ready_time)
        if (hour, minute) > (17, 0) or hour < 7:
            raise ValueError(f"Pickups start between 07:00 and 17:00, not {hour:02d}:{minute:02d}.")
        if isinstance(parcels, bool) or int(parcels) != parcels or not 1 <= parcels <= MAX_PARCELS:
            raise ValueError(f"parcels must be a whole number from 1 to {MAX_PARCELS}, not {parcels!r}.")
        pickup = Pickup(
            pickup_id=f"PU-{TODAY.year}-{len(self.booked) + 1:04d}",
            address=where,
            date=when.isoformat(),
            window=f"{hour:02d}:{minute:02d}-{hour + 3:02d}:{minute:02d}",
            parcels=int(parcels),
            dry_ice=bool(dry_ice),
        )
        self.booked.append(pickup)
        return pickup


dispatch = Dispatch()
server = MCPServer("eval-courier", instructions="Consignment tracking and pickups with the lab's courier. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Track a consignment", readOnlyHint=True, openWorldHint=True))
def track_consignment(
    tracking_number: Annotated[
        str,
        Field(
            description="The consignment's tracking number: two letters, nine digits, two letters, e.g. "
            "'RX482915736DE'",
            json_schema_extra={"pattern": TRACKING_PATTERN},
        ),
    ],
) -> Consignment:
    """Get the current status of a consignment by its tracking number: origin, destination, status (in transit,
    out for delivery, delivered, held at customs), estimated delivery date and the scan history.
    """
    try:
        return track(tracking_number)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(
        title="Schedule a pickup", readOnlyHint=False, destructiveHint=False, openWorldHint=True
    )
)
def schedule_pickup(
    address: Annotated[str, Field(description="Where the courier should collect, e.g. 'Room 2.105, Biology building'")],
    date: Annotated[str, Field(description="Pickup date, YYYY-MM-DD, today or later")],
    ready_time: Annotated[
        str, Field(description="When the parcels are ready, 24-hour HH:MM between 07:00 and 17:00, e.g. '14:30'")
    ],
    parcels: Annotated[int, Field(description="How many parcels, 1 to 20", ge=1, le=20)] = 1,
    dry_ice: Annotated[
        bool, Field(description="True if any parcel is packed with dry ice (dangerous goods UN1845)")
    ] = False,
) -> Pickup:
    """Book the courier to collect outgoing parcels from an address on a given day; the collection window opens at
    the ready time and lasts three hours. Returns the pickup reference.
    """
    try:
        return dispatch.book(address, date, ready_time, parcels, dry_ice)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
