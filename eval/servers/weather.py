"""Test-only weather forecast server (dev set): a fake, deterministic daily forecast for any city.

Run with: ``python -m eval.servers.weather`` (stdio). Forecasts start on ``TODAY``, the date of the evaluation's
simulated world (eval/README.md), so results do not depend on the real clock.
"""

from __future__ import annotations

import hashlib
from datetime import date, timedelta
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

TODAY = date(2026, 11, 22)
MAX_DAYS = 7
SUMMARIES = ["Sunny", "Partly cloudy", "Cloudy", "Light rain", "Showers", "Windy", "Fog", "Snow showers"]


class DayForecast(BaseModel):
    """The forecast for one day."""

    date: str = Field(description="The day, YYYY-MM-DD")
    high_c: float = Field(description="Highest temperature, degrees Celsius")
    low_c: float = Field(description="Lowest temperature, degrees Celsius")
    summary: str = Field(description="The day's weather in a few words, e.g. 'Light rain'")


class Forecast(BaseModel):
    """A daily weather forecast for one city."""

    city: str = Field(description="The city, as asked for")
    days: list[DayForecast] = Field(description="One entry per day, starting today")


def _seed(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.casefold().encode()).digest()[:8], "big")


def forecast(city: str, days: int = 3) -> Forecast:
    """The fake forecast of ``city`` for ``days`` days from ``TODAY``; always the same for the same city.

    Raises:
        ValueError: if ``city`` is empty or ``days`` is not 1 to 7.
    """
    name = " ".join((city or "").split())
    if not name:
        raise ValueError("Give a city name, e.g. 'Oslo'.")
    if not 1 <= days <= MAX_DAYS:
        raise ValueError(f"days must be 1 to {MAX_DAYS}, not {days}.")
    base = _seed(name) % 25 - 5  # the city's typical high, -5..19 °C
    out = []
    for offset in range(days):
        seed = _seed(f"{name}#{offset}")
        high = base + seed % 7 - 3
        out.append(
            DayForecast(
                date=(TODAY + timedelta(days=offset)).isoformat(),
                high_c=float(high),
                low_c=float(high - 3 - (seed >> 8) % 6),
                summary=SUMMARIES[(seed >> 16) % (8 if high <= 2 else 7)],
            )
        )
    return Forecast(city=name, days=out)


server = MCPServer("eval-weather", instructions="Daily weather forecasts for cities. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Weather forecast", readOnlyHint=True, openWorldHint=False))
def get_forecast(
    city: Annotated[str, Field(description="City name, e.g. 'Oslo'")],
    days: Annotated[int, Field(description="How many days ahead, 1 to 7", ge=1, le=MAX_DAYS)] = 3,
) -> Forecast:
    """Get the weather forecast for a city: daily high and low temperatures (°C) and a short summary.

    Returns one entry per day, starting today.
    """
    try:
        return forecast(city, days)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
