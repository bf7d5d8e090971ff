"""Test-only lab equipment service desk server (dev set ``dev10_tools.jsonl``): report a fault on an instrument with
a severity, list service tickets by status and instrument with a ``limit``/``offset`` page, and close a ticket by
its id.

Run with: ``python -m eval.servers.servicedesk`` (stdio). Fourteen instruments of the core facility (names, usual
names and asset tags) and ten fixed tickets; tickets reported or closed are kept in memory (none at every start)
and get ids from SR-10490. "Today" is the evaluation's simulated date, 2026-11-22, so results never depend on the
real clock. The tool shapes follow widely used public MCP servers (camelCase, a bare-verb write tool namespaced only
by its server, status values named only in the description, a ticket-id pattern behind a one-line description).
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

TODAY = date(2026, 11, 22)
TICKET_PATTERN = r"^SR-\d{5}$"
_TICKET = re.compile(TICKET_PATTERN)
FIRST_NEW = 10490
MAX_LIMIT = 100
Severity = Literal["low", "medium", "high", "critical"]
SEVERITIES = ("low", "medium", "high", "critical")
# severity -> response target in hours
RESPONSE_HOURS = {"critical": 4, "high": 24, "medium": 72, "low": 240}
STATUSES = ("new", "in_progress", "waiting_parts", "closed")
FILTERS = ("open", "new", "in_progress", "waiting_parts", "closed", "all")
# asset tag -> (name, room, usual names)
INSTRUMENTS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "EQ-0112": ("LSM 880 confocal microscope", "B-201", ("confocal", "confocal microscope", "lsm 880", "lsm880")),
    "EQ-0127": ("FACSAria III cell sorter", "B-118", ("aria", "facsaria", "cell sorter", "sorter", "facs")),
    "EQ-0131": ("Fortessa flow cytometer", "B-118", ("fortessa", "flow cytometer", "lsr fortessa", "analyser")),
    "EQ-0140": ("Optima XPN-100 ultracentrifuge", "C-014", ("ultracentrifuge", "ultra", "xpn", "optima")),
    "EQ-0155": ("CFX96 qPCR system", "B-210", ("qpcr", "qpcr machine", "cfx96", "cfx", "real-time pcr")),
    "EQ-0203": ("Systec autoclave", "C-002", ("autoclave",)),
    "EQ-0219": ("ChemiDoc MP gel imager", "B-212", ("chemidoc", "gel doc", "gel imager", "blot imager")),
    "EQ-0231": ("NanoDrop One spectrophotometer", "B-210", ("nanodrop", "nano drop")),
    "EQ-0248": ("Biosafety cabinet 3", "B-105", ("bsc 3", "hood 3", "tc hood 3", "tissue culture hood 3")),
    "EQ-0260": ("-80 °C freezer, room B-214", "B-214", ("-80", "minus 80", "-80 freezer", "minus 80 freezer")),
    "EQ-0271": ("Eppendorf 5810R centrifuge", "B-210", ("5810", "5810r", "big centrifuge", "benchtop centrifuge")),
    "EQ-0285": ("CLARIOstar plate reader", "B-212", ("plate reader", "clariostar", "platereader")),
    "EQ-0301": ("Orbitrap Exploris 480 mass spectrometer", "C-020", ("mass spec", "orbitrap", "mass spectrometer")),
    "EQ-0317": ("Leica CM1950 cryostat", "B-206", ("cryostat", "cm1950")),
}
# ticket number -> (asset tag, severity, status, reported, reporter, description, instrument down, resolution)
TICKETS: dict[int, tuple[str, str, str, str, str, str, bool, str]] = {
    10471: ("EQ-0203", "high", "closed", "2026-10-28", "Ravi Shah", "Door seal leaks steam", True, "Seal replaced"),
    10474: ("EQ-0112", "medium", "closed", "2026-11-02", "Dana Kowalski", "561 laser power low", False, "Realigned"),
    10478: (
        "EQ-0140",
        "critical",
        "waiting_parts",
        "2026-11-05",
        "Lena Fischer",
        "Imbalance error, rotor stops",
        True,
        "",
    ),
    10480: ("EQ-0155", "low", "new", "2026-11-09", "Ravi Shah", "Lid heater display flickers", False, ""),
    10482: (
        "EQ-0285",
        "medium",
        "in_progress",
        "2026-11-12",
        "Dana Kowalski",
        "Injector 2 dispenses uneven volumes",
        False,
        "",
    ),
    10483: (
        "EQ-0127",
        "high",
        "in_progress",
        "2026-11-13",
        "Tomás Ortega",
        "Stream unstable, clogs after 20 min",
        False,
        "",
    ),
    10485: (
        "EQ-0260",
        "critical",
        "closed",
        "2026-11-16",
        "Lena Fischer",
        "Alarm at -62 °C",
        True,
        "Compressor restarted, samples moved to FRZ-02",
    ),
    10486: ("EQ-0219", "low", "new", "2026-11-17", "Amélie Roux", "UV transilluminator door sticks", False, ""),
    10488: ("EQ-0231", "medium", "new", "2026-11-19", "Ravi Shah", "Pedestal readings drift", False, ""),
    10489: ("EQ-0317", "high", "waiting_parts", "2026-11-20", "Dana Kowalski", "Blade holder will not lock", True, ""),
}


class Ticket(BaseModel):
    """A service ticket."""

    ticketId: str = Field(description="e.g. 'SR-10482'")
    instrument: str = Field(description="Instrument name")
    assetTag: str = Field(description="Asset tag, e.g. 'EQ-0285'")
    room: str = Field(description="Room of the instrument")
    severity: str = Field(description="low, medium, high or critical")
    status: str = Field(description="new, in_progress, waiting_parts or closed")
    reported: str = Field(description="Date reported, YYYY-MM-DD")
    reporter: str = Field(description="Who reported it")
    description: str = Field(description="The fault as reported")
    instrumentDown: bool = Field(description="The instrument is out of service")
    resolution: str | None = Field(description="How it was resolved (closed tickets)")


class TicketPage(BaseModel):
    """One page of tickets."""

    status: str = Field(description="Status filter applied")
    instrument: str | None = Field(description="Instrument filter (resolved name), null for all")
    totalCount: int = Field(description="Tickets matching, over all pages")
    limit: int = Field(description="Page size")
    offset: int = Field(description="Tickets skipped")
    nextOffset: int | None = Field(description="Offset of the next page, null on the last page")
    tickets: list[Ticket] = Field(description="Tickets, newest first")


class Reported(BaseModel):
    """A fault reported."""

    ticketId: str = Field(description="New ticket id, e.g. 'SR-10490'")
    instrument: str = Field(description="Instrument name")
    assetTag: str = Field(description="Asset tag")
    severity: str = Field(description="Severity")
    status: str = Field(description="'new'")
    instrumentDown: bool = Field(description="Marked out of service")
    responseDue: str = Field(description="When a technician will respond at the latest, YYYY-MM-DDTHH:MM")
    openTicketsOnInstrument: list[str] = Field(description="Other open tickets on the same instrument")


def ticket_id(text: str) -> int:
    """The ticket number of ``text`` ('sr-10482' is accepted).

    Raises:
        ValueError: for bare digits (with the id to send) or anything else.
    """
    raw = (text or "").strip().upper()
    if re.fullmatch(r"#?\d{5}", raw):
        raise ValueError(f"ticketId is 'SR-' followed by five digits: send 'SR-{raw.lstrip('#')}', not '{text}'.")
    if not _TICKET.match(raw):
        raise ValueError(f"ticketId is 'SR-' followed by five digits, e.g. 'SR-10482', not '{text}'.")
    return int(raw[3:])


def asset_of(text: str) -> str:
    """The asset tag of the instrument ``text`` names (asset tag, name or usual name).

    Raises:
        ValueError: for an instrument not on the facility list, listing them.
    """
    key = " ".join((text or "").strip().lower().split())
    key = re.sub(r"^(the|our|my)\s+", "", key)
    if key.upper() in INSTRUMENTS:
        return key.upper()
    for tag, (name, _, aliases) in INSTRUMENTS.items():
        if key == name.lower() or key in aliases:
            return tag
    candidates = [
        tag
        for tag, (name, _, aliases) in INSTRUMENTS.items()
        if any(re.search(rf"(?<!\w){re.escape(a)}(?!\w)", key) for a in aliases) or (key and key in name.lower())
    ]
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        named = " or ".join(f"{INSTRUMENTS[t][0]} ({t})" for t in candidates)
        raise ValueError(f"'{text}' could be the {named}: send the name or asset tag of one.")
    listed = ", ".join(f"{name} ({tag})" for tag, (name, _, _) in INSTRUMENTS.items())
    raise ValueError(f"No instrument '{text}' on the facility list. Instruments: {listed}.")


class Desk:
    """The facility's tickets, with those reported or closed since the server started."""

    def __init__(self) -> None:
        self.tickets = {
            n: {
                "asset": a,
                "severity": s,
                "status": st,
                "reported": d,
                "reporter": r,
                "description": desc,
                "down": down,
                "resolution": res,
            }
            for n, (a, s, st, d, r, desc, down, res) in TICKETS.items()
        }

    def _ticket(self, number: int) -> Ticket:
        t = self.tickets[number]
        name, room, _ = INSTRUMENTS[t["asset"]]
        return Ticket(
            ticketId=f"SR-{number}",
            instrument=name,
            assetTag=t["asset"],
            room=room,
            severity=t["severity"],
            status=t["status"],
            reported=t["reported"],
            reporter=t["reporter"],
            description=t["description"],
            instrumentDown=t["down"],
            resolution=t["resolution"] or None,
        )

    def report(self, instrument: str, severity: str, description: str, instrument_down: bool = False) -> Reported:
        """A new ticket for ``instrument``.

        Raises:
            ValueError: for an unknown instrument or severity, or an empty description.
        """
        tag = asset_of(instrument)
        level = (severity or "").strip().lower()
        if level not in SEVERITIES:
            raise ValueError(f"severity must be one of: {', '.join(SEVERITIES)}, not '{severity}'.")
        text = " ".join((description or "").split())
        if not text:
            raise ValueError("description must not be empty: say what is wrong with the instrument.")
        number = FIRST_NEW + len(self.tickets) - len(TICKETS)
        others = [f"SR-{n}" for n, t in self.tickets.items() if t["asset"] == tag and t["status"] != "closed"]
        self.tickets[number] = {
            "asset": tag,
            "severity": level,
            "status": "new",
            "reported": TODAY.isoformat(),
            "reporter": "you",
            "description": text,
            "down": bool(instrument_down),
            "resolution": "",
        }
        hours = 12 + RESPONSE_HOURS[level]
        due = f"{(TODAY + timedelta(days=hours // 24)).isoformat()}T{hours % 24:02d}:00"
        return Reported(
            ticketId=f"SR-{number}",
            instrument=INSTRUMENTS[tag][0],
            assetTag=tag,
            severity=level,
            status="new",
            instrumentDown=bool(instrument_down),
            responseDue=due,
            openTicketsOnInstrument=others,
        )

    def listing(
        self, status: str = "open", instrument: str | None = None, limit: int = 20, offset: int = 0
    ) -> TicketPage:
        """Tickets with ``status`` ('open': anything not closed) on ``instrument``, newest first, one page.

        Raises:
            ValueError: for an unknown status or instrument, or a limit or offset out of range.
        """
        wanted = (status or "open").strip().lower().replace(" ", "_").replace("-", "_")
        if wanted not in FILTERS:
            raise ValueError(f"status must be one of: {', '.join(FILTERS)}, not '{status}'.")
        tag = asset_of(instrument) if instrument else None
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise ValueError(f"limit must be a whole number from 1 to {MAX_LIMIT}.")
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise ValueError("offset must be a whole number from 0.")
        numbers = [
            n
            for n, t in self.tickets.items()
            if (tag is None or t["asset"] == tag)
            and (wanted == "all" or (wanted == "open" and t["status"] != "closed") or t["status"] == wanted)
        ]
        numbers.sort(reverse=True)
        page = numbers[offset : offset + limit]
        return TicketPage(
            status=wanted,
            instrument=INSTRUMENTS[tag][0] if tag else None,
            totalCount=len(numbers),
            limit=limit,
            offset=offset,
            nextOffset=offset + limit if offset + limit < len(numbers) else None,
            tickets=[self._ticket(n) for n in page],
        )

    def close(self, ticket: str, resolution: str | None = None) -> Ticket:
        """Ticket ``ticket`` closed with ``resolution``.

        Raises:
            ValueError: for a bad or unknown id, or a ticket already closed.
        """
        number = ticket_id(ticket)
        if number not in self.tickets:
            known = ", ".join(f"SR-{n}" for n in sorted(self.tickets))
            raise ValueError(f"No ticket SR-{number}. Tickets: {known}.")
        t = self.tickets[number]
        if t["status"] == "closed":
            raise ValueError(f"SR-{number} is already closed ({t['resolution'] or 'no resolution given'}).")
        t["status"] = "closed"
        t["down"] = False
        t["resolution"] = " ".join((resolution or "").split()) or "Closed by reporter"
        return self._ticket(number)


desk = Desk()
server = MCPServer(
    "eval-servicedesk", instructions="Core facility equipment service desk: faults and service tickets. Test-only."
)


@server.tool(
    annotations=ToolAnnotations(title="Report a fault", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def escalate(
    instrument: Annotated[str, Field(description="Instrument name or asset tag (EQ-xxxx)")],
    severity: Annotated[Severity, Field(description="Severity of the fault")],
    description: Annotated[str, Field(description="What is wrong")],
    instrumentDown: Annotated[bool, Field(description="Instrument is unusable")] = False,
) -> Reported:
    """Opens a service ticket for a fault on a core facility instrument and notifies the facility technicians.

    Severity guide: critical = safety risk or samples at risk (e.g. a freezer alarm), technician responds within 4
    hours; high = instrument unusable, within 1 working day; medium = degraded but usable, within 3 days; low =
    cosmetic or minor, within 10 days. Set instrumentDown to true to mark the instrument out of service in the
    booking calendar until the ticket is closed. The instrument may be given by its name, its usual name ('the
    Aria', 'the plate reader') or its asset tag. Returns the ticket id (SR-xxxxx), the response deadline and any
    other open tickets on the same instrument.
    """
    try:
        return desk.report(instrument, severity, description, instrumentDown)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List tickets", readOnlyHint=True, openWorldHint=False))
def listTickets(
    status: Annotated[str, Field(description="Ticket status filter")] = "open",
    instrument: Annotated[str | None, Field(description="Instrument name or asset tag")] = None,
    limit: Annotated[int, Field(description="Max results", ge=1, le=MAX_LIMIT)] = 20,
    offset: Annotated[int, Field(description="Pagination offset", ge=0)] = 0,
) -> TicketPage:
    """List service tickets, newest first. status: open (default: every ticket not closed), new, in_progress,
    waiting_parts, closed or all."""
    try:
        return desk.listing(status, instrument, limit, offset)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(
        title="Close ticket", readOnlyHint=False, destructiveHint=False, idempotentHint=True, openWorldHint=False
    )
)
def closeTicket(
    ticketId: Annotated[str, Field(description="Ticket ID", pattern=TICKET_PATTERN)],
    resolution: Annotated[str | None, Field(description="Resolution note")] = None,
) -> Ticket:
    """Closes a ticket."""
    try:
        return desk.close(ticketId, resolution)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
