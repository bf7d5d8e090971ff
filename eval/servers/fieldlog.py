"""Test-only field sampling log server (dev set ``dev11_tools.jsonl``): log a water sample at a sampling site with
the time it was collected, the depth in metres, the water temperature in °C and optionally pH and notes; find the
sites near a point; and summarise a site's samples since a date.

Run with: ``python -m eval.servers.fieldlog`` (stdio). Thirteen fixed sampling sites on a lake (Nieuwe Meer), the
Amstel, two canals, a pond in Amsterdam and two on the Loosdrecht lakes, each with a few months of fixed weekly
samples; samples logged are kept in memory (none at every start) and get ids from FS-2026-0601. "Today" is the
evaluation's simulated date, 2026-11-22, so results never depend on the real clock. A plain server as a researcher
writes one (snake_case, short docstrings, every number in the unit its name gives, a site-id pattern with the
sites listed in the description).
"""

from __future__ import annotations

import math
import re
from datetime import date, datetime, timedelta
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main
from eval.servers import iso_date

TODAY = date(2026, 11, 22)
SITE_PATTERN = r"^[A-Z]{2}-\d{2}$"
_SITE = re.compile(SITE_PATTERN)
FIRST_NEW = 601
EARTH_KM = 6371.0088
# site id -> (name, water body, latitude, longitude, maximum depth in m)
SITES: dict[str, tuple[str, str, float, float, float]] = {
    "LK-01": ("North inlet", "Nieuwe Meer lake", 52.3421, 4.8102, 2.5),
    "LK-03": ("Boathouse", "Nieuwe Meer lake", 52.3388, 4.8155, 4.0),
    "LK-05": ("Reed bed", "Nieuwe Meer lake", 52.3352, 4.8040, 1.5),
    "LK-07": ("Jetty", "Nieuwe Meer lake", 52.3364, 4.8211, 3.5),
    "LK-09": ("Deep basin", "Nieuwe Meer lake", 52.3310, 4.8098, 30.0),
    "LK-12": ("South outflow", "Nieuwe Meer lake", 52.3265, 4.8176, 3.0),
    "RV-02": ("Ouderkerk weir", "Amstel river", 52.2950, 4.9068, 4.5),
    "RV-04": ("Riekermolen windmill", "Amstel river", 52.3280, 4.9040, 4.0),
    "CN-01": ("Prinsengracht lock", "Prinsengracht canal", 52.3719, 4.8836, 3.0),
    "CN-03": ("Oosterdok", "Oosterdok harbour", 52.3738, 4.9090, 6.0),
    "PD-01": ("Hortus pond", "Hortus Botanicus pond", 52.3667, 4.9080, 1.2),
    "LD-01": ("Loosdrecht east", "Loosdrecht lakes", 52.2000, 5.0650, 3.0),
    "LD-02": ("Loosdrecht island", "Loosdrecht lakes", 52.1890, 5.0420, 2.8),
}
FIRST_FIXED = date(2026, 9, 6)  # fixed samples every Sunday from here to 2026-11-15


class Sample(BaseModel):
    """A water sample."""

    sample_id: str = Field(description="e.g. 'FS-2026-0601'")
    site_id: str = Field(description="Site id")
    collected_at: str = Field(description="Local time of collection, YYYY-MM-DDTHH:MM")
    depth_m: float = Field(description="Depth in metres")
    water_temp_c: float = Field(description="Water temperature in °C")
    ph: float | None = Field(description="pH, if measured")
    notes: str = Field(description="Notes")


class Logged(Sample):
    """A sample logged, with plausibility checks."""

    site_name: str = Field(description="Site name")
    warnings: list[str] = Field(description="Values that look unusual for the site and season (empty: none)")


class NearbySite(BaseModel):
    """A site near the point."""

    site_id: str = Field(description="Site id")
    name: str = Field(description="Site name")
    water_body: str = Field(description="Lake, river or canal")
    latitude: float = Field(description="Decimal degrees")
    longitude: float = Field(description="Decimal degrees")
    distance_km: float = Field(description="Distance from the point, km")


class NearbySites(BaseModel):
    """Sites within the radius, nearest first."""

    latitude: float = Field(description="Point, decimal degrees")
    longitude: float = Field(description="Point, decimal degrees")
    radius_km: float = Field(description="Radius, km")
    sites: list[NearbySite] = Field(description="Sites, nearest first")


class Summary(BaseModel):
    """A site's samples since a date."""

    site_id: str = Field(description="Site id")
    name: str = Field(description="Site name")
    water_body: str = Field(description="Lake, river or canal")
    since: str | None = Field(description="First date included, YYYY-MM-DD (null: all)")
    samples: int = Field(description="Samples in the period")
    first: str | None = Field(description="Earliest collection in the period")
    last: str | None = Field(description="Latest collection in the period")
    mean_temp_c: float | None = Field(description="Mean water temperature, °C")
    min_temp_c: float | None = Field(description="Lowest water temperature, °C")
    max_temp_c: float | None = Field(description="Highest water temperature, °C")
    mean_ph: float | None = Field(description="Mean pH of the samples with a pH")
    latest: Sample | None = Field(description="The latest sample")


def site_key(text: str) -> str:
    """The site id of ``text`` ('lk-07' and 'LK07' are accepted).

    Raises:
        ValueError: for a name or a bare number (with the id to send) or an unknown site.
    """
    raw = (text or "").strip().upper().replace(" ", "")
    raw = re.sub(r"^([A-Z]{2})(\d{1,2})$", lambda m: f"{m[1]}-{int(m[2]):02d}", raw)
    raw = re.sub(r"^([A-Z]{2})-(\d)$", r"\1-0\2", raw)
    if raw in SITES:
        return raw
    key = " ".join((text or "").lower().replace("the ", " ").replace("site", " ").split())
    for sid, (name, *_rest) in SITES.items():
        if key and (key == name.lower() or key in name.lower().split()):
            raise ValueError(f"site_id is the site's id: send '{sid}' for {name}, not '{text}'.")
    listed = ", ".join(f"{sid} {name}" for sid, (name, *_r) in SITES.items())
    raise ValueError(f"No site '{text}'. Sites: {listed}.")


def _collected(text: str) -> datetime:
    raw = (text or "").strip()
    for fmt in ("%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S"):
        try:
            when = datetime.strptime(raw, fmt)
            break
        except ValueError:
            continue
    else:
        raise ValueError(f"Invalid collected_at '{text}'. Use local time YYYY-MM-DDTHH:MM, e.g. 2026-11-22T09:00.")
    if when.date() > TODAY:
        raise ValueError(f"collected_at {raw} is in the future (today is {TODAY.isoformat()}).")
    if when.date() < date(2026, 1, 1):
        raise ValueError("Samples from before 2026 go in the archive spreadsheet, not the log.")
    return when


def _fixed_samples(site: str) -> list[Sample]:
    """The site's fixed weekly samples (deterministic, from the site id)."""
    seed = sum(ord(c) for c in site)
    samples = []
    day = FIRST_FIXED
    n = 0
    while day < TODAY:
        weeks = (day - FIRST_FIXED).days / 7
        temp = round(19.5 - 1.05 * weeks + ((seed + n * 7) % 9 - 4) * 0.15, 1)
        ph = round(7.6 + ((seed * 3 + n * 5) % 11 - 5) * 0.04, 2)
        depth = round(min(SITES[site][4], 0.5 + (seed % 3) * 0.5), 1)
        samples.append(
            Sample(
                sample_id=f"FS-2026-{(seed * 13 + n) % 500 + 50:04d}",
                site_id=site,
                collected_at=f"{day.isoformat()}T{8 + seed % 3:02d}:{(seed * 7) % 60:02d}",
                depth_m=depth,
                water_temp_c=temp,
                ph=ph,
                notes="",
            )
        )
        day += timedelta(days=7)
        n += 1
    return samples


def near(latitude: float, longitude: float, radius_km: float = 5) -> NearbySites:
    """Sites within ``radius_km`` of the point, nearest first.

    Raises:
        ValueError: for coordinates or a radius out of range.
    """
    for name, value, bound in (("latitude", latitude, 90), ("longitude", longitude, 180)):
        if isinstance(value, bool) or not isinstance(value, int | float) or not -bound <= value <= bound:
            raise ValueError(f"{name} must be decimal degrees from -{bound} to {bound} (52°22'N is 52.3667).")
    if isinstance(radius_km, bool) or not isinstance(radius_km, int | float) or not 0 < radius_km <= 100:
        raise ValueError("radius_km must be above 0 and at most 100 (km; 3 miles is 4.83).")
    found = []
    for sid, (name, water, lat, lon, _) in SITES.items():
        p1, p2 = math.radians(latitude), math.radians(lat)
        dp, dl = p2 - p1, math.radians(lon - longitude)
        a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
        km = 2 * EARTH_KM * math.asin(math.sqrt(a))
        if km <= radius_km:
            found.append(
                NearbySite(
                    site_id=sid, name=name, water_body=water, latitude=lat, longitude=lon, distance_km=round(km, 2)
                )
            )
    found.sort(key=lambda s: s.distance_km)
    return NearbySites(latitude=latitude, longitude=longitude, radius_km=radius_km, sites=found)


class FieldLog:
    """The sampling log, with samples logged since the server started."""

    def __init__(self) -> None:
        self.logged: list[Sample] = []

    def log(
        self,
        site: str,
        collected_at: str,
        depth_m: float,
        water_temp_c: float,
        ph: float | None = None,
        notes: str = "",
    ) -> Logged:
        """A new sample.

        Raises:
            ValueError: for an unknown site, a bad time, or a value out of range (with the conversion to send).
        """
        sid = site_key(site)
        when = _collected(collected_at)
        name, _, _, _, max_depth = SITES[sid]
        if isinstance(depth_m, bool) or not isinstance(depth_m, int | float) or depth_m < 0:
            raise ValueError("depth_m must be a number of metres from 0 (50 cm is 0.5).")
        if depth_m > max_depth:
            hint = f" {depth_m:g} cm is {depth_m / 100:g}." if depth_m >= 10 else ""
            raise ValueError(f"depth_m is in metres and {sid} is at most {max_depth:g} m deep.{hint}")
        if isinstance(water_temp_c, bool) or not isinstance(water_temp_c, int | float):
            raise ValueError("water_temp_c must be a number (°C).")
        if not -2 <= water_temp_c <= 40:
            hint = ""
            if 28 <= water_temp_c <= 104:
                hint = f" {water_temp_c:g} °F is {(water_temp_c - 32) * 5 / 9:.1f} °C."
            raise ValueError(f"water_temp_c is in °C, from -2 to 40.{hint}")
        if ph is not None and (isinstance(ph, bool) or not isinstance(ph, int | float) or not 0 <= ph <= 14):
            raise ValueError("ph must be from 0 to 14.")
        sample = Sample(
            sample_id=f"FS-2026-{FIRST_NEW + len(self.logged):04d}",
            site_id=sid,
            collected_at=when.strftime("%Y-%m-%dT%H:%M"),
            depth_m=float(depth_m),
            water_temp_c=float(water_temp_c),
            ph=None if ph is None else float(ph),
            notes=" ".join((notes or "").split()),
        )
        self.logged.append(sample)
        recent = [s.water_temp_c for s in _fixed_samples(sid)[-3:]]
        warnings = []
        if recent and abs(water_temp_c - sum(recent) / len(recent)) > 5:
            warnings.append(
                f"{water_temp_c:g} °C is more than 5 °C from the site's recent mean ({sum(recent) / len(recent):.1f})."
            )
        if ph is not None and not 6 <= ph <= 9.5:
            warnings.append(f"pH {ph:g} is outside the usual 6-9.5 for this water.")
        return Logged(**sample.model_dump(), site_name=name, warnings=warnings)

    def summary(self, site: str, since: str | None = None) -> Summary:
        """The samples of ``site`` from ``since`` on.

        Raises:
            ValueError: for an unknown site or a bad or future date.
        """
        sid = site_key(site)
        start = iso_date(since, "2026-11-01") if since else None
        if start and start > TODAY:
            raise ValueError(f"since {start.isoformat()} is in the future (today is {TODAY.isoformat()}).")
        name, water, *_ = SITES[sid]
        samples = [
            s
            for s in [*_fixed_samples(sid), *(s for s in self.logged if s.site_id == sid)]
            if start is None or s.collected_at[:10] >= start.isoformat()
        ]
        samples.sort(key=lambda s: s.collected_at)
        temps = [s.water_temp_c for s in samples]
        phs = [s.ph for s in samples if s.ph is not None]
        return Summary(
            site_id=sid,
            name=name,
            water_body=water,
            since=start.isoformat() if start else None,
            samples=len(samples),
            first=samples[0].collected_at if samples else None,
            last=samples[-1].collected_at if samples else None,
            mean_temp_c=round(sum(temps) / len(temps), 2) if temps else None,
            min_temp_c=min(temps) if temps else None,
            max_temp_c=max(temps) if temps else None,
            mean_ph=round(sum(phs) / len(phs), 2) if phs else None,
            latest=samples[-1] if samples else None,
        )


SITE_LIST = "; ".join(f"{sid} {name} ({water})" for sid, (name, water, *_r) in SITES.items())
fieldlog = FieldLog()
server = MCPServer("eval-fieldlog", instructions="Water sampling log of the lab's field sites. Test-only.")


@server.tool(
    description=f"Log a water sample taken at one of our sampling sites. Sites: {SITE_LIST}.",
    annotations=ToolAnnotations(title="Log a sample", readOnlyHint=False, destructiveHint=False, openWorldHint=False),
)
def log_sample(
    site_id: Annotated[str, Field(description="Site id, e.g. 'LK-07'", pattern=SITE_PATTERN)],
    collected_at: Annotated[str, Field(description="When the sample was taken, local time YYYY-MM-DDTHH:MM")],
    depth_m: Annotated[float, Field(description="Sampling depth in metres")],
    water_temp_c: Annotated[float, Field(description="Water temperature in °C")],
    ph: Annotated[float | None, Field(description="pH, if measured")] = None,
    notes: Annotated[str, Field(description="Anything else worth noting")] = "",
) -> Logged:
    """Log a water sample taken at one of our sampling sites (the site list is in the published description)."""
    try:
        return fieldlog.log(site_id, collected_at, depth_m, water_temp_c, ph, notes)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Sites near a point", readOnlyHint=True, openWorldHint=False))
def sites_near(
    latitude: Annotated[float, Field(description="Latitude in decimal degrees")],
    longitude: Annotated[float, Field(description="Longitude in decimal degrees")],
    radius_km: Annotated[float, Field(description="Search radius in km")] = 5,
) -> NearbySites:
    """Find our sampling sites within a radius of a point."""
    try:
        return near(latitude, longitude, radius_km)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    description="Summarise the samples of a site: count, temperature range, mean pH, latest sample. Sites: "
    f"{SITE_LIST}.",
    annotations=ToolAnnotations(title="Site summary", readOnlyHint=True, openWorldHint=False),
)
def site_summary(
    site_id: Annotated[str, Field(description="Site id, e.g. 'LK-07'", pattern=SITE_PATTERN)],
    since: Annotated[str | None, Field(description="Only samples from this date on, YYYY-MM-DD")] = None,
) -> Summary:
    """Summarise the samples of a site (the site list is in the published description)."""
    try:
        return fieldlog.summary(site_id, since)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
