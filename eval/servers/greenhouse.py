"""Test-only plant growth facility server (dev set ``dev8_tools.jsonl``): one tray's record, a paged tray search by
species, chamber and watering need, and watering entries in litres.

Run with: ``python -m eval.servers.greenhouse`` (stdio). A fixed facility of 13 trays on benches in three growth
chambers and two glasshouse compartments; waterings entered are kept in memory (none at every start). "Today" is the
evaluation's simulated date, 2026-11-22, so results never depend on the real clock. The tool shapes follow widely
used public MCP servers (camelCase parameters, a limit/offset page, a terse description).
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
TRAY_PATTERN = r"^[A-D][1-4]-\d{2}$"
_TRAY = re.compile(TRAY_PATTERN)
DRY_AFTER_DAYS = 3  # a tray needs water when it was last watered this many days ago or more
MIN_LITRES, MAX_LITRES = 0.05, 20.0
MAX_LIMIT = 100
# chamber id -> (name, hours of light per day)
CHAMBERS: dict[str, tuple[str, int]] = {
    "GC-1": ("Growth chamber 1 (long day)", 16),
    "GC-2": ("Growth chamber 2 (short day)", 8),
    "GC-3": ("Growth chamber 3 (rice, 28 °C)", 12),
    "GH-N": ("North glasshouse compartment", 14),
    "GH-S": ("South glasshouse compartment", 14),
}
CHAMBER_ALIASES = {
    "gc1": "GC-1",
    "chamber 1": "GC-1",
    "growth chamber 1": "GC-1",
    "gc2": "GC-2",
    "chamber 2": "GC-2",
    "growth chamber 2": "GC-2",
    "gc3": "GC-3",
    "chamber 3": "GC-3",
    "growth chamber 3": "GC-3",
    "ghn": "GH-N",
    "north glasshouse": "GH-N",
    "north": "GH-N",
    "ghs": "GH-S",
    "south glasshouse": "GH-S",
    "south": "GH-S",
}
# scientific name -> common names
SPECIES: dict[str, tuple[str, ...]] = {
    "Arabidopsis thaliana": ("arabidopsis", "thale cress", "at", "arabidopsis thaliana"),
    "Solanum lycopersicum": ("tomato", "tomatoes"),
    "Triticum aestivum": ("wheat",),
    "Zea mays": ("maize", "corn"),
    "Oryza sativa": ("rice",),
    "Nicotiana benthamiana": ("benthamiana", "nicotiana", "tobacco", "benth", "n. benthamiana", "n benthamiana"),
    "Hordeum vulgare": ("barley",),
}
# tray id -> (species, line, chamber, sown, plants, last watered, litres then, notes)
TRAYS: dict[str, tuple[str, str, str, str, int, str, float, str]] = {
    "A1-03": ("Arabidopsis thaliana", "Col-0", "GC-1", "2026-10-28", 24, "2026-11-20", 0.4, "Flowering-time assay"),
    "A1-04": ("Arabidopsis thaliana", "pif4-2", "GC-1", "2026-10-28", 24, "2026-11-20", 0.4, "Flowering-time assay"),
    "A2-07": ("Arabidopsis thaliana", "phyB-9", "GC-2", "2026-11-02", 20, "2026-11-18", 0.3, "Short-day series"),
    "A2-08": ("Arabidopsis thaliana", "Col-0", "GC-2", "2026-11-02", 20, "2026-11-18", 0.3, "Short-day series"),
    "B3-12": (
        "Solanum lycopersicum",
        "Moneymaker",
        "GH-N",
        "2026-09-30",
        6,
        "2026-11-21",
        2.5,
        "Drought pilot: half volume from 2026-11-23",
    ),
    "B3-13": ("Solanum lycopersicum", "Micro-Tom", "GH-N", "2026-10-12", 8, "2026-11-19", 1.5, ""),
    "B4-01": ("Triticum aestivum", "Chinese Spring", "GH-N", "2026-10-05", 12, "2026-11-21", 3.0, "Vernalised 6 weeks"),
    "C1-05": ("Zea mays", "B73", "GH-S", "2026-10-01", 4, "2026-11-17", 4.0, "Tassels expected early December"),
    "C2-08": ("Oryza sativa", "Nipponbare", "GC-3", "2026-10-15", 16, "2026-11-21", 1.0, "Keep flooded"),
    "C2-09": ("Oryza sativa", "Kitaake", "GC-3", "2026-10-15", 16, "2026-11-21", 1.0, "Keep flooded"),
    "D1-02": (
        "Nicotiana benthamiana",
        "wild type",
        "GC-1",
        "2026-10-25",
        10,
        "2026-11-19",
        0.8,
        "Agroinfiltration on 2026-11-25",
    ),
    "D1-06": ("Nicotiana benthamiana", "RDR6i", "GC-1", "2026-10-25", 10, "2026-11-19", 0.8, ""),
    "D4-11": ("Hordeum vulgare", "Golden Promise", "GH-S", "2026-10-20", 12, "2026-11-16", 2.0, "Embryo donors"),
}


class Tray(BaseModel):
    """A tray's record."""

    trayId: str = Field(description="Bench and tray number, e.g. 'B3-12'")
    bench: str = Field(description="Bench, e.g. 'B3'")
    species: str = Field(description="Scientific name")
    line: str = Field(description="Line, accession or cultivar")
    chamber: str = Field(description="Chamber or glasshouse compartment id")
    chamberName: str = Field(description="Chamber name")
    lightHours: int = Field(description="Hours of light per day in that chamber")
    sown: str = Field(description="Sowing date, YYYY-MM-DD")
    ageDays: int = Field(description="Days since sowing")
    plants: int = Field(description="Plants in the tray")
    lastWatered: str = Field(description="Date last watered, YYYY-MM-DD")
    lastVolumeLiters: float = Field(description="Litres given then")
    needsWater: bool = Field(description="True when last watered 3 or more days ago")
    notes: str = Field(description="Free-text notes")


class TraySummary(BaseModel):
    """One tray in a listing."""

    trayId: str = Field(description="e.g. 'B3-12'")
    species: str = Field(description="Scientific name")
    line: str = Field(description="Line or cultivar")
    chamber: str = Field(description="Chamber id")
    lastWatered: str = Field(description="YYYY-MM-DD")
    needsWater: bool = Field(description="Last watered 3 or more days ago")


class TrayPage(BaseModel):
    """A page of trays matching the filters."""

    species: str | None = Field(description="Species filter as resolved (null: any)")
    chamber: str | None = Field(description="Chamber filter (null: any)")
    needsWater: bool | None = Field(description="Watering filter (null: any)")
    total: int = Field(description="Trays matching, all pages")
    limit: int = Field(description="Page size")
    offset: int = Field(description="Index of the first tray on this page")
    nextOffset: int | None = Field(description="Offset of the next page (null: last page)")
    trays: list[TraySummary] = Field(description="Trays of this page, in tray id order")


class Watering(BaseModel):
    """A watering entry."""

    entryId: str = Field(description="e.g. 'WT-2026-0001'")
    trayId: str = Field(description="The tray")
    volumeLiters: float = Field(description="Volume given, litres")
    volumeMl: float = Field(description="The same in millilitres")
    withFertilizer: bool = Field(description="Nutrient solution instead of plain water")
    wateredOn: str = Field(description="YYYY-MM-DD")
    litersPerPlant: float = Field(description="Volume per plant, litres, 3 decimals")
    notes: str = Field(description="The tray's notes, as a reminder")


def tray_id(text: str) -> str:
    """``text`` checked as a tray id ('b3-12' is accepted as 'B3-12').

    Raises:
        ValueError: for another form ('B312', 'tray 12') or an unknown tray.
    """
    key = (text or "").strip().upper()
    if not _TRAY.match(key):
        raise ValueError(
            "trayId is the bench, a hyphen and the two-digit tray number, e.g. 'B3-12' (tray 12 on bench B3)."
        )
    if key not in TRAYS:
        raise ValueError(f"No tray {key}. Trays: {', '.join(TRAYS)}.")
    return key


def species_name(text: str) -> str:
    """The scientific name for ``text`` (a scientific or common name).

    Raises:
        ValueError: for a species not grown here.
    """
    key = " ".join((text or "").lower().replace("plants", "").split()).rstrip("s")
    for name, common in SPECIES.items():
        if key in {name.lower(), *common} or f"{key}s" in common:
            return name
    raise ValueError(f"No '{text}' trays. Species grown: {', '.join(f'{n} ({c[0]})' for n, c in SPECIES.items())}.")


def chamber_id(text: str) -> str:
    """The chamber id for ``text`` ('GC-1', 'chamber 1', 'north glasshouse').

    Raises:
        ValueError: for an unknown chamber.
    """
    key = " ".join((text or "").strip().split())
    if key.upper() in CHAMBERS:
        return key.upper()
    found = CHAMBER_ALIASES.get(key.lower().replace("the ", "").replace("-", ""))
    if found is None:
        raise ValueError(f"Unknown chamber '{text}'. Chambers: {', '.join(CHAMBERS)}.")
    return found


def _needs_water(watered: str) -> bool:
    return (TODAY - date.fromisoformat(watered)).days >= DRY_AFTER_DAYS


def tray(tray: str) -> Tray:
    """The record of ``tray``."""
    key = tray_id(tray)
    species, line, chamber, sown, plants, watered, litres, notes = TRAYS[key]
    name, hours = CHAMBERS[chamber]
    return Tray(
        trayId=key,
        bench=key.split("-")[0],
        species=species,
        line=line,
        chamber=chamber,
        chamberName=name,
        lightHours=hours,
        sown=sown,
        ageDays=(TODAY - date.fromisoformat(sown)).days,
        plants=plants,
        lastWatered=watered,
        lastVolumeLiters=litres,
        needsWater=_needs_water(watered),
        notes=notes,
    )


def listing(
    species: str | None = None,
    chamber: str | None = None,
    needs_water: bool | None = None,
    limit: int = 20,
    offset: int = 0,
) -> TrayPage:
    """A page of the trays of ``species`` in ``chamber`` (and needing water or not).

    Raises:
        ValueError: for an unknown species or chamber, or a limit or offset out of range.
    """
    wanted = species_name(species) if species else None
    room = chamber_id(chamber) if chamber else None
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"limit must be a whole number from 1 to {MAX_LIMIT}.")
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise ValueError("offset must be a whole number, 0 for the first page.")
    found = [
        TraySummary(
            trayId=key, species=sp, line=line, chamber=ch, lastWatered=watered, needsWater=_needs_water(watered)
        )
        for key, (sp, line, ch, _, _, watered, _, _) in TRAYS.items()
        if (wanted is None or sp == wanted)
        and (room is None or ch == room)
        and (needs_water is None or _needs_water(watered) == needs_water)
    ]
    page = found[offset : offset + limit]
    return TrayPage(
        species=wanted,
        chamber=room,
        needsWater=needs_water,
        total=len(found),
        limit=limit,
        offset=offset,
        nextOffset=offset + limit if offset + limit < len(found) else None,
        trays=page,
    )


class WateringLog:
    """Waterings entered since the server started."""

    def __init__(self) -> None:
        self.entries: list[Watering] = []

    def water(
        self, tray: str, volume_liters: float, with_fertilizer: bool = False, watered_on: str | None = None
    ) -> Watering:
        """Enter ``volume_liters`` litres for ``tray`` on ``watered_on`` (default today).

        Raises:
            ValueError: for an unknown tray, a volume that is not a plausible number of litres, or a bad date.
        """
        key = tray_id(tray)
        if isinstance(volume_liters, bool) or not isinstance(volume_liters, int | float):
            raise ValueError(f"volumeLiters must be a number of litres, not {volume_liters!r}.")
        if not MIN_LITRES <= volume_liters <= MAX_LITRES:
            raise ValueError(
                f"volumeLiters={volume_liters:g} is not a plausible volume for one tray ({MIN_LITRES:g}-{MAX_LITRES:g}"
                " L). volumeLiters is in litres: 500 mL is 0.5, 1500 mL is 1.5."
            )
        day = iso_date(watered_on, "2026-11-21") if watered_on else TODAY
        if day > TODAY:
            raise ValueError(f"wateredOn {day.isoformat()} is in the future (today is {TODAY.isoformat()}).")
        plants = TRAYS[key][4]
        entry = Watering(
            entryId=f"WT-{TODAY.year}-{len(self.entries) + 1:04d}",
            trayId=key,
            volumeLiters=float(volume_liters),
            volumeMl=round(volume_liters * 1000, 1),
            withFertilizer=bool(with_fertilizer),
            wateredOn=day.isoformat(),
            litersPerPlant=round(volume_liters / plants, 3),
            notes=TRAYS[key][7],
        )
        self.entries.append(entry)
        return entry


log = WateringLog()
server = MCPServer(
    "eval-greenhouse", instructions="Plant growth facility: trays, benches, chambers, watering. Test-only."
)
_TRAY_FIELD = Field(description="Tray id: bench + '-' + tray number, e.g. 'B3-12'", pattern=TRAY_PATTERN)


@server.tool(annotations=ToolAnnotations(title="Tray", readOnlyHint=True, openWorldHint=False))
def get_tray(trayId: Annotated[str, _TRAY_FIELD]) -> Tray:
    """Gets tray."""
    try:
        return tray(trayId)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List trays", readOnlyHint=True, openWorldHint=False))
def list_trays(
    species: Annotated[str | None, Field(description="Species, scientific or common name (e.g. 'tomato')")] = None,
    chamber: Annotated[str | None, Field(description="Chamber id, e.g. 'GC-1', 'GH-N'")] = None,
    needsWater: Annotated[
        bool | None, Field(description="true: only trays due for watering; false: only trays that are not")
    ] = None,
    limit: Annotated[int, Field(description="Maximum number of trays to return (1-100)", ge=1, le=MAX_LIMIT)] = 20,
    offset: Annotated[int, Field(description="Number of trays to skip, for paging", ge=0)] = 0,
) -> TrayPage:
    """List trays in the plant growth facility, optionally filtered by species, chamber or whether they are due for
    watering. All filters are optional. Results are paginated with limit and offset."""
    try:
        return listing(species, chamber, needsWater, limit, offset)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Log watering", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def log_watering(
    trayId: Annotated[str, _TRAY_FIELD],
    volumeLiters: Annotated[float, Field(description="Volume of water given to the whole tray, in liters", gt=0)],
    withFertilizer: Annotated[
        bool, Field(description="true if nutrient solution / fertilizer was used instead of plain water")
    ] = False,
    wateredOn: Annotated[
        str | None, Field(description="Date watered, YYYY-MM-DD; defaults to today. Cannot be in the future")
    ] = None,
) -> Watering:
    """Record that a tray was watered, with the volume given and whether fertilizer was added."""
    try:
        return log.water(trayId, volumeLiters, withFertilizer, wateredOn)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
