"""Test-only solar ephemeris server (dev set ``dev3_tools.jsonl``): sunrise, sunset and twilight for a place and day.

Run with: ``python -m eval.servers.solar`` (stdio). Computed with NOAA's solar position equations (accurate to about
a minute away from the poles) from the coordinates and date sent, so results never depend on a network or a clock.
All times are UTC.
"""

from __future__ import annotations

import math
from datetime import date
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main
from eval.servers import iso_date

SUNRISE_ZENITH = 90.833  # refraction and the sun's radius
CIVIL_ZENITH = 96.0
FIRST, LAST = date(1900, 1, 1), date(2100, 12, 31)


class Ephemeris(BaseModel):
    """The sun's events of one day at one place, in UTC."""

    latitude: float = Field(description="Latitude in decimal degrees, north positive")
    longitude: float = Field(description="Longitude in decimal degrees, east positive")
    date: str = Field(description="The day, YYYY-MM-DD")
    civil_dawn: str | None = Field(description="Start of civil twilight, HH:MM UTC (null if the sun never gets there)")
    sunrise: str | None = Field(description="Sunrise, HH:MM UTC (null during polar day or polar night)")
    solar_noon: str = Field(description="Solar transit (the sun at its highest), HH:MM UTC")
    sunset: str | None = Field(description="Sunset, HH:MM UTC (null during polar day or polar night)")
    civil_dusk: str | None = Field(description="End of civil twilight, HH:MM UTC (null if the sun never gets there)")
    photoperiod_hours: float = Field(description="Hours between sunrise and sunset (24 in polar day, 0 in polar night)")


def parse_date(text: str) -> date:
    """``text`` as a date, YYYY-MM-DD, between 1900 and 2100.

    Raises:
        ValueError: with the format to send.
    """
    day = iso_date(text)
    if not FIRST <= day <= LAST:
        raise ValueError(f"{day.isoformat()} is out of range; send a date from 1900 to 2100.")
    return day


def _sun(day: date) -> tuple[float, float]:
    """Declination (degrees) and equation of time (minutes) at noon UTC of ``day`` (NOAA)."""
    jd = day.toordinal() + 1721424.5 + 0.5
    t = (jd - 2451545.0) / 36525.0
    mean_long = (280.46646 + t * (36000.76983 + t * 0.0003032)) % 360
    anomaly = 357.52911 + t * (35999.05029 - 0.0001537 * t)
    ecc = 0.016708634 - t * (0.000042037 + 0.0000001267 * t)
    m = math.radians(anomaly)
    center = (
        math.sin(m) * (1.914602 - t * (0.004817 + 0.000014 * t))
        + math.sin(2 * m) * (0.019993 - 0.000101 * t)
        + math.sin(3 * m) * 0.000289
    )
    true_long = mean_long + center
    omega = 125.04 - 1934.136 * t
    app_long = true_long - 0.00569 - 0.00478 * math.sin(math.radians(omega))
    mean_obliq = 23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60
    obliq = mean_obliq + 0.00256 * math.cos(math.radians(omega))
    decl = math.degrees(math.asin(math.sin(math.radians(obliq)) * math.sin(math.radians(app_long))))
    y = math.tan(math.radians(obliq / 2)) ** 2
    l0 = math.radians(mean_long)
    eqtime = 4 * math.degrees(
        y * math.sin(2 * l0)
        - 2 * ecc * math.sin(m)
        + 4 * ecc * y * math.sin(m) * math.cos(2 * l0)
        - 0.5 * y * y * math.sin(4 * l0)
        - 1.25 * ecc * ecc * math.sin(2 * m)
    )
    return decl, eqtime


def _hour_angle(latitude: float, decl: float, zenith: float) -> float | None:
    """Hour angle (degrees) at which the sun is at ``zenith``; None if it never is that day (+inf/-inf encoded)."""
    lat, dec = math.radians(latitude), math.radians(decl)
    cos_h = (math.cos(math.radians(zenith)) - math.sin(lat) * math.sin(dec)) / (math.cos(lat) * math.cos(dec))
    if cos_h < -1 or cos_h > 1:
        return None
    return math.degrees(math.acos(cos_h))


def _clock(minutes: float) -> str:
    total = round(minutes) % (24 * 60)
    return f"{total // 60:02d}:{total % 60:02d}"


def ephemeris(latitude: float, longitude: float, day: str) -> Ephemeris:
    """The sun's events at (``latitude``, ``longitude``) on ``day``, in UTC.

    Raises:
        ValueError: for coordinates out of range or a bad date.
    """
    for name, value, bound in (("latitude", latitude, 90), ("longitude", longitude, 180)):
        if isinstance(value, bool) or not isinstance(value, int | float) or not -bound <= value <= bound:
            raise ValueError(
                f"{name} must be a number from -{bound} to {bound} in decimal degrees "
                f"({'south' if name == 'latitude' else 'west'} negative), not {value!r}."
            )
    when = parse_date(day)
    decl, eqtime = _sun(when)
    noon = 720 - 4 * longitude - eqtime
    rise_angle = _hour_angle(latitude, decl, SUNRISE_ZENITH)
    civil_angle = _hour_angle(latitude, decl, CIVIL_ZENITH)
    if rise_angle is None:
        polar_day = (latitude >= 0) == (decl >= 0)
        photoperiod = 24.0 if polar_day else 0.0
    else:
        photoperiod = round(8 * rise_angle / 60, 2)
    return Ephemeris(
        latitude=latitude,
        longitude=longitude,
        date=when.isoformat(),
        civil_dawn=None if civil_angle is None else _clock(noon - 4 * civil_angle),
        sunrise=None if rise_angle is None else _clock(noon - 4 * rise_angle),
        solar_noon=_clock(noon),
        sunset=None if rise_angle is None else _clock(noon + 4 * rise_angle),
        civil_dusk=None if civil_angle is None else _clock(noon + 4 * civil_angle),
        photoperiod_hours=photoperiod,
    )


server = MCPServer(
    "eval-solar", instructions="Solar ephemeris (sun events) for a geographic position and date. Test-only."
)


@server.tool(annotations=ToolAnnotations(title="Solar ephemeris", readOnlyHint=True, openWorldHint=False))
def solar_ephemeris(
    latitude: Annotated[
        float, Field(description="Latitude in decimal degrees, -90 to 90 (south negative), e.g. 59.91", ge=-90, le=90)
    ],
    longitude: Annotated[
        float,
        Field(description="Longitude in decimal degrees, -180 to 180 (west negative), e.g. 10.75", ge=-180, le=180),
    ],
    date: Annotated[str, Field(description="The day, YYYY-MM-DD, e.g. '2026-11-23'")],
) -> Ephemeris:
    """Solar ephemeris of one day at a geographic position: civil dawn, rise, transit, set and civil dusk of the
    sun (all in UTC) and the photoperiod in hours. Times are null during polar day or polar night.
    """
    try:
        return ephemeris(latitude, longitude, date)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
