"""Test-only cold-chain server (dev set ``dev5_tools.jsonl``): temperature telemetry of the lab's freezers, fridges,
dewars and incubators, and manual readings added to it.

Run with: ``python -m eval.servers.coldchain`` (stdio). A fixed table of 13 units; their logged readings are a
stable fake series ending at ``NOW``, the clock of the evaluation's simulated world (eval/README.md). Temperatures
are in kelvin throughout (-80 °C is 193.15 K). Manual readings are kept in memory (none at every start).
"""

from __future__ import annotations

import hashlib
import re
from datetime import UTC, datetime, timedelta
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
ZERO_C = 273.15
MIN_KELVIN, MAX_KELVIN = 60.0, 400.0
MAX_HOURS = 720
MAX_DOOR_SECONDS = 3600
# asset tag -> (kind, location, setpoint in kelvin, alarm tolerance in kelvin, other words it goes by)
ASSETS: dict[str, tuple[str, str, float, float, tuple[str, ...]]] = {
    "FRZ-01": ("-80 °C freezer", "Room 214", 193.15, 10.0, ("ultra-low", "ult", "minus 80", "-80")),
    "FRZ-02": ("-80 °C freezer", "Room 118", 193.15, 10.0, ("ultra-low", "ult", "minus 80", "-80")),
    "FRZ-03": ("-80 °C freezer", "Basement B07", 193.15, 10.0, ("ultra-low", "ult", "minus 80", "-80")),
    "FRZ-04": ("-20 °C freezer", "Room 214", 253.15, 5.0, ("minus 20", "-20")),
    "FRZ-05": ("-20 °C freezer", "Room 118", 253.15, 5.0, ("minus 20", "-20")),
    "FRG-01": ("4 °C fridge", "Room 214", 277.15, 3.0, ("refrigerator", "fridge", "+4", "4")),
    "FRG-02": ("4 °C fridge", "Room 118", 277.15, 3.0, ("refrigerator", "fridge", "+4", "4")),
    "FRG-03": ("4 °C cold room", "Basement B07", 277.15, 3.0, ("cold room", "chromatography", "4")),
    "LN2-01": ("liquid nitrogen dewar", "Basement B07", 83.15, 15.0, ("ln2", "dewar", "cryo", "nitrogen")),
    "LN2-02": ("liquid nitrogen dewar", "Room 118", 83.15, 15.0, ("ln2", "dewar", "cryo", "nitrogen")),
    "INC-01": ("37 °C CO2 incubator", "Tissue culture room TC1", 310.15, 1.0, ("co2", "cell culture", "tc", "37")),
    "INC-02": ("37 °C CO2 incubator", "Tissue culture room TC1", 310.15, 1.0, ("co2", "cell culture", "tc", "37")),
    "INC-03": ("30 °C bacterial incubator", "Room 118", 303.15, 1.0, ("bacteria", "bacterial", "shaker", "30")),
}
# a door left open: (asset, hours before NOW, kelvin above the setpoint)
EXCURSIONS = {("FRZ-02", 6): 17.5, ("FRZ-02", 5): 9.0, ("FRG-01", 14): 4.2}
_STOP = {
    "the",
    "a",
    "an",
    "in",
    "at",
    "of",
    "on",
    "our",
    "my",
    "lab",
    "unit",
    "one",
    "°c",
    "c",
    "degree",
    "degrees",
    "celsius",
    "freezer",
}
_TAG = re.compile(r"\b(FRZ|FRG|LN2|INC)[\s_-]?0?(\d)\b", re.IGNORECASE)


class Reading(BaseModel):
    """One logged temperature."""

    time: str = Field(description="When, ISO 8601 UTC")
    temperature_kelvin: float = Field(description="Temperature in kelvin")
    source: str = Field(description="'sensor' or 'manual'")


class Telemetry(BaseModel):
    """A unit's temperature log over a window."""

    asset_tag: str = Field(description="The unit's asset tag, e.g. 'FRZ-01'")
    kind: str = Field(description="What the unit is, e.g. '-80 °C freezer'")
    location: str = Field(description="Where it stands")
    setpoint_kelvin: float = Field(description="Its target temperature in kelvin")
    hours: int = Field(description="The window, in hours back from now")
    readings: list[Reading] = Field(description="Readings in the window, oldest first (at most about 24)")
    min_kelvin: float = Field(description="Lowest reading in the window")
    max_kelvin: float = Field(description="Highest reading in the window")
    excursions: int = Field(description="Readings outside the unit's alarm tolerance")
    status: str = Field(description="'ok', or 'alarm' if the latest reading is outside the tolerance")


class Entry(BaseModel):
    """A manual reading added to a unit's log."""

    entry_id: str = Field(description="The entry's reference, e.g. 'TL-2026-0001'")
    asset_tag: str = Field(description="The unit's asset tag")
    temperature_kelvin: float = Field(description="The reading, kelvin")
    temperature_celsius: float = Field(description="The same reading in degrees Celsius, for display")
    setpoint_kelvin: float = Field(description="The unit's target temperature, kelvin")
    deviation_kelvin: float = Field(description="Reading minus setpoint, kelvin")
    door_open_seconds: int = Field(description="How long the door had been open, seconds")
    alarm: bool = Field(description="Whether the reading is outside the unit's alarm tolerance")
    recorded_at: str = Field(description="When it was logged, ISO 8601 UTC")


def _known() -> str:
    return "; ".join(f"{tag} ({kind}, {where})" for tag, (kind, where, *_) in ASSETS.items())


def find_asset(asset: str) -> str:
    """The asset tag that ``asset`` names: a tag ('frz-01', 'FRZ 1') or words that fit one unit only.

    Raises:
        ValueError: for an empty, unknown or ambiguous description, listing the units to choose from.
    """
    text = " ".join((asset or "").split())
    if not text:
        raise ValueError(f"Send the unit's asset tag or a description. Units: {_known()}.")
    tag = _TAG.search(text)
    if tag:
        key = f"{tag[1].upper()}-0{tag[2]}"
        if key in ASSETS:
            return key
        raise ValueError(f"No unit '{text}'. Units: {_known()}.")
    low = text.lower().replace("minus ", "-").replace("−", "-")
    words = [w for w in re.findall(r"[+-]?[\w.]+", low) if w not in _STOP]
    hits = []
    for key, (kind, where, _, _, others) in ASSETS.items():
        hay = " ".join((key, kind, where, *others)).lower().replace("minus ", "-")
        tokens = set(re.findall(r"[+-]?[\w.]+", hay)) | {t.lstrip("+-") for t in re.findall(r"[+-]?[\w.]+", hay)}
        if words and all(w in tokens or w.rstrip("s") in tokens for w in words):
            hits.append(key)
    if len(hits) == 1:
        return hits[0]
    if hits:
        options = "; ".join(f"{k} ({ASSETS[k][0]}, {ASSETS[k][1]})" for k in hits)
        raise ValueError(f"Several units match '{text}': {options}. Send the asset tag.")
    raise ValueError(f"No unit matches '{text}'. Units: {_known()}.")


def _sensor(tag: str, hours_ago: int) -> float:
    setpoint = ASSETS[tag][2]
    seed = int.from_bytes(hashlib.sha256(f"{tag}#{hours_ago}".encode()).digest()[:4], "big")
    noise = (seed % 41 - 20) / 20 * min(1.5, ASSETS[tag][3] / 4)
    return round(setpoint + noise + EXCURSIONS.get((tag, hours_ago), 0.0), 2)


class ColdChain:
    """The units' logs, with the manual readings added since the server started."""

    def __init__(self) -> None:
        self.manual: list[Entry] = []

    def window(self, asset: str, hours: int = 24) -> Telemetry:
        """The readings of ``asset`` over the last ``hours`` hours (about 24 points, evenly spaced).

        Raises:
            ValueError: for an unknown unit or a window outside 1–720 hours.
        """
        tag = find_asset(asset)
        if isinstance(hours, bool) or int(hours) != hours or not 1 <= hours <= MAX_HOURS:
            raise ValueError(f"hours must be a whole number from 1 to {MAX_HOURS} (30 days), not {hours!r}.")
        kind, where, setpoint, tolerance, _ = ASSETS[tag]
        step = max(1, int(hours) // 24)
        readings = [
            Reading(
                time=(NOW - timedelta(hours=ago)).isoformat().replace("+00:00", "Z"),
                temperature_kelvin=_sensor(tag, ago),
                source="sensor",
            )
            for ago in range(int(hours) - int(hours) % step, -1, -step)
        ]
        readings += [
            Reading(time=e.recorded_at, temperature_kelvin=e.temperature_kelvin, source="manual")
            for e in self.manual
            if e.asset_tag == tag
        ]
        values = [r.temperature_kelvin for r in readings]
        outside = [abs(v - setpoint) > tolerance for v in values]
        return Telemetry(
            asset_tag=tag,
            kind=kind,
            location=where,
            setpoint_kelvin=setpoint,
            hours=int(hours),
            readings=readings,
            min_kelvin=min(values),
            max_kelvin=max(values),
            excursions=sum(outside),
            status="alarm" if outside[-1] else "ok",
        )

    def append(self, asset: str, temperature_kelvin: float, door_open_seconds: int = 0) -> Entry:
        """Add a manual reading of ``temperature_kelvin`` to the log of ``asset``.

        Raises:
            ValueError: for an unknown unit, a temperature that is not in kelvin (or not possible in a lab unit), or
                a door time outside 0–3600 seconds.
        """
        tag = find_asset(asset)
        if isinstance(temperature_kelvin, bool) or not isinstance(temperature_kelvin, int | float):
            raise ValueError(f"temperature_kelvin must be a number, not {temperature_kelvin!r}.")
        setpoint_c = round(ASSETS[tag][2] - ZERO_C, 2)
        if not MIN_KELVIN <= temperature_kelvin <= MAX_KELVIN:
            hint = (
                f"if you read {temperature_kelvin:g} °C, send {round(temperature_kelvin + ZERO_C, 2):g}"
                if -ZERO_C < temperature_kelvin < MIN_KELVIN
                else f"e.g. {setpoint_c:g} °C is {round(setpoint_c + ZERO_C, 2):g}"
            )
            raise ValueError(
                f"{temperature_kelvin:g} K is not a plausible reading: temperature_kelvin is in kelvin "
                f"(°C + 273.15), {MIN_KELVIN:g} to {MAX_KELVIN:g}; {hint}."
            )
        if isinstance(door_open_seconds, bool) or int(door_open_seconds) != door_open_seconds:
            raise ValueError(f"door_open_seconds must be a whole number of seconds, not {door_open_seconds!r}.")
        if not 0 <= door_open_seconds <= MAX_DOOR_SECONDS:
            raise ValueError(
                f"door_open_seconds must be 0 to {MAX_DOOR_SECONDS} (one hour), not {door_open_seconds}; "
                "2 minutes is 120."
            )
        setpoint, tolerance = ASSETS[tag][2], ASSETS[tag][3]
        kelvin = round(float(temperature_kelvin), 2)
        entry = Entry(
            entry_id=f"TL-{NOW.year}-{len(self.manual) + 1:04d}",
            asset_tag=tag,
            temperature_kelvin=kelvin,
            temperature_celsius=round(kelvin - ZERO_C, 2),
            setpoint_kelvin=setpoint,
            deviation_kelvin=round(kelvin - setpoint, 2),
            door_open_seconds=int(door_open_seconds),
            alarm=abs(kelvin - setpoint) > tolerance,
            recorded_at=NOW.isoformat().replace("+00:00", "Z"),
        )
        self.manual.append(entry)
        return entry


log = ColdChain()
server = MCPServer(
    "eval-coldchain", instructions="Temperature telemetry of the lab's freezers, fridges and incubators. Test-only."
)

_ASSET = Field(
    description="The unit: its asset tag, e.g. 'FRZ-01' (FRZ freezers, FRG fridges and the cold room, LN2 dewars, "
    "INC incubators), or words that fit one unit only, e.g. '-80 freezer in room 214'"
)


@server.tool(annotations=ToolAnnotations(title="Read telemetry", readOnlyHint=True, openWorldHint=False))
def read_telemetry(
    asset: Annotated[str, _ASSET],
    hours: Annotated[
        int, Field(description="How far back, in hours from now, 1 to 720 (default 24)", ge=1, le=MAX_HOURS)
    ] = 24,
) -> Telemetry:
    """Sensor trace of one cold-chain asset over a trailing window: its setpoint, the readings, minimum and maximum,
    how many readings left the alarm band, and whether it is alarming now. All values in kelvin.
    """
    try:
        return log.window(asset, hours)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(
        title="Append telemetry", readOnlyHint=False, destructiveHint=False, openWorldHint=False
    )
)
def append_telemetry(
    asset: Annotated[str, _ASSET],
    temperature_kelvin: Annotated[
        float,
        Field(
            description="The temperature read off the unit, in kelvin (°C + 273.15; -80 °C is 193.15, 4 °C is 277.15)",
            json_schema_extra={"minimum": MIN_KELVIN, "maximum": MAX_KELVIN},
        ),
    ],
    door_open_seconds: Annotated[
        int,
        Field(
            description="How long the door had been open before the reading, in seconds, 0 to 3600 (default 0)",
            json_schema_extra={"minimum": 0, "maximum": MAX_DOOR_SECONDS},
        ),
    ] = 0,
) -> Entry:
    """Append a manual datapoint to a cold-chain asset's trace (a reading taken off its display), with the time its
    door stood open; returns the entry with its deviation from setpoint and whether it breaches the alarm band.
    """
    try:
        return log.append(asset, temperature_kelvin, door_open_seconds)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
