"""Test-only air quality server (held-out unseen set): a fake, deterministic air quality index for any city.

Run with: ``python -m eval.servers.airquality`` (stdio).
"""

from __future__ import annotations

import hashlib
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

# US EPA AQI bands: (highest index in the band, category).
CATEGORIES = [
    (50, "Good"),
    (100, "Moderate"),
    (150, "Unhealthy for Sensitive Groups"),
    (200, "Unhealthy"),
    (300, "Very Unhealthy"),
    (500, "Hazardous"),
]
POLLUTANTS = ["pm2_5", "pm10", "o3", "no2", "so2", "co"]


class AirQuality(BaseModel):
    """The current air quality in one city."""

    city: str = Field(description="The city, as asked for")
    aqi: int = Field(description="Air quality index, 0 (clean) to 500 (hazardous), on the US EPA scale")
    category: str = Field(description="The AQI band: Good, Moderate, Unhealthy for Sensitive Groups, Unhealthy, ...")
    dominant_pollutant: str = Field(description="The pollutant driving the index: pm2_5, pm10, o3, no2, so2 or co")


def _seed(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.casefold().encode()).digest()[:8], "big")


def air_quality(city: str) -> AirQuality:
    """The fake air quality of ``city``: the same city (in any letter case) always gets the same reading.

    Raises:
        ValueError: if ``city`` is empty.
    """
    name = " ".join((city or "").split())
    if not name:
        raise ValueError("Give a city name, e.g. 'Paris'.")
    seed = _seed(name)
    aqi = 5 + seed % 236  # 5..240: mostly Good to Unhealthy, sometimes Very Unhealthy
    category = next(label for top, label in CATEGORIES if aqi <= top)
    return AirQuality(city=name, aqi=aqi, category=category, dominant_pollutant=POLLUTANTS[(seed >> 16) % 6])


server = MCPServer("eval-airquality", instructions="Current air quality (AQI) of cities. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Air quality", readOnlyHint=True, openWorldHint=False))
def get_air_quality(city: Annotated[str, Field(description="City name, e.g. 'Paris'")]) -> AirQuality:
    """Get the current air quality index (AQI) of a city: how clean or polluted the air is right now.

    Returns the AQI (0-500, US EPA scale), its category (Good, Moderate, Unhealthy, ...) and the dominant
    pollutant (pm2_5, pm10, o3, no2, so2 or co).
    """
    try:
        return air_quality(city)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
