"""Test-only geocoding server (dev set): fake, deterministic coordinates and country for an address or place.

Run with: ``python -m eval.servers.geocode`` (stdio). A place or city named in the address from a small table sets
the country and the rough position; the rest of the address only nudges the coordinates, so the same address always
gives the same point.
"""

from __future__ import annotations

import hashlib
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

# a word or phrase found in the address -> (latitude, longitude, country); checked longest first
PLACES: dict[str, tuple[float, float, str]] = {
    "london": (51.5074, -0.1278, "United Kingdom"),
    "edinburgh": (55.9533, -3.1883, "United Kingdom"),
    "paris": (48.8566, 2.3522, "France"),
    "eiffel tower": (48.8584, 2.2945, "France"),
    "berlin": (52.5200, 13.4050, "Germany"),
    "brandenburger tor": (52.5163, 13.3777, "Germany"),
    "madrid": (40.4168, -3.7038, "Spain"),
    "rome": (41.9028, 12.4964, "Italy"),
    "colosseum": (41.8902, 12.4922, "Italy"),
    "amsterdam": (52.3676, 4.9041, "Netherlands"),
    "gouda": (52.0115, 4.7105, "Netherlands"),
    "new york": (40.7128, -74.0060, "United States"),
    "washington": (38.9072, -77.0369, "United States"),
    "mountain view": (37.3861, -122.0839, "United States"),
    "sydney": (-33.8688, 151.2093, "Australia"),
    "machu picchu": (-13.1631, -72.5450, "Peru"),
    "tokyo": (35.6762, 139.6503, "Japan"),
    "oslo": (59.9139, 10.7522, "Norway"),
}
# elsewhere: somewhere near the middle of one of these countries
_FALLBACK: list[tuple[float, float, str]] = [
    (56.1, -106.3, "Canada"),
    (-14.2, -51.9, "Brazil"),
    (20.6, 79.0, "India"),
    (-30.6, 22.9, "South Africa"),
    (60.1, 18.6, "Sweden"),
    (23.6, -102.6, "Mexico"),
    (-0.02, 37.9, "Kenya"),
    (-40.9, 174.9, "New Zealand"),
]


class Location(BaseModel):
    """Where an address is."""

    address: str = Field(description="The address, as asked for")
    latitude: float = Field(description="Latitude in decimal degrees (WGS 84), north positive")
    longitude: float = Field(description="Longitude in decimal degrees (WGS 84), east positive")
    country: str = Field(description="The country the address is in")


def geocode(address: str) -> Location:
    """The fake location of ``address``; always the same for the same address.

    Raises:
        ValueError: if ``address`` is empty.
    """
    text = " ".join((address or "").split())
    if not text:
        raise ValueError("Give an address or place name, e.g. '10 Downing Street, London'.")
    seed = int.from_bytes(hashlib.sha256(text.casefold().encode()).digest()[:8], "big")
    folded = text.casefold()
    place = next((PLACES[p] for p in sorted(PLACES, key=len, reverse=True) if p in folded), None)
    spread = 0.01 if place else 2.0  # degrees: a street within its city, or a place somewhere in the country
    base_lat, base_lon, country = place or _FALLBACK[(seed >> 40) % len(_FALLBACK)]
    lat = base_lat + ((seed % 2001) - 1000) / 1000 * spread
    lon = base_lon + (((seed >> 12) % 2001) - 1000) / 1000 * spread
    return Location(address=text, latitude=round(lat, 4), longitude=round(lon, 4), country=country)


server = MCPServer("eval-geocode", instructions="Geocoding: coordinates of addresses and places. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Geocode an address", readOnlyHint=True, openWorldHint=False))
def geocode_address(
    address: Annotated[str, Field(description="A street address or place name")],
) -> Location:
    """Geocode an address or place name: its latitude and longitude (GPS coordinates) and the country it is in."""
    try:
        return geocode(address)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
