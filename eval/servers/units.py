"""Test-only unit conversion server (held-out unseen set): length, mass, temperature and volume.

Run with: ``python -m eval.servers.units`` (stdio).
"""

from __future__ import annotations

import re
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

# kind -> canonical symbol -> (factor to the kind's base unit, spellings). Temperature is handled apart (offsets).
UNITS: dict[str, dict[str, tuple[float, tuple[str, ...]]]] = {
    "length": {
        "m": (1.0, ("m", "meter", "meters", "metre", "metres")),
        "km": (1000.0, ("km", "kilometer", "kilometers", "kilometre", "kilometres")),
        "cm": (0.01, ("cm", "centimeter", "centimeters", "centimetre", "centimetres")),
        "mm": (0.001, ("mm", "millimeter", "millimeters", "millimetre", "millimetres")),
        "mi": (1609.344, ("mi", "mile", "miles")),
        "yd": (0.9144, ("yd", "yard", "yards")),
        "ft": (0.3048, ("ft", "foot", "feet")),
        "in": (0.0254, ("in", "inch", "inches")),
    },
    "mass": {
        "kg": (1.0, ("kg", "kilogram", "kilograms", "kilo", "kilos")),
        "g": (0.001, ("g", "gram", "grams")),
        "mg": (0.000001, ("mg", "milligram", "milligrams")),
        "t": (1000.0, ("t", "tonne", "tonnes", "metric ton", "metric tons")),
        "lb": (0.45359237, ("lb", "lbs", "pound", "pounds")),
        "oz": (0.028349523125, ("oz", "ounce", "ounces")),
    },
    "volume": {
        "l": (1.0, ("l", "liter", "liters", "litre", "litres")),
        "ml": (0.001, ("ml", "milliliter", "milliliters", "millilitre", "millilitres")),
        "gal": (3.785411784, ("gal", "gallon", "gallons", "us gallon", "us gallons")),
        "qt": (0.946352946, ("qt", "quart", "quarts")),
        "cup": (0.2365882365, ("cup", "cups")),
    },
    "temperature": {
        "C": (1.0, ("c", "celsius", "degc", "centigrade")),
        "F": (1.0, ("f", "fahrenheit", "degf")),
        "K": (1.0, ("k", "kelvin", "kelvins")),
    },
}
_LOOKUP = {
    spelling: (kind, symbol)
    for kind, units in UNITS.items()
    for symbol, (_, spellings) in units.items()
    for spelling in spellings
}
_TO_KELVIN = {"C": lambda v: v + 273.15, "F": lambda v: (v - 32) * 5 / 9 + 273.15, "K": lambda v: v}
_FROM_KELVIN = {"C": lambda k: k - 273.15, "F": lambda k: (k - 273.15) * 9 / 5 + 32, "K": lambda k: k}


class Conversion(BaseModel):
    """An amount converted from one unit to another."""

    value: float = Field(description="The amount that was converted")
    from_unit: str = Field(description="The unit converted from (canonical symbol, e.g. 'km')")
    to_unit: str = Field(description="The unit converted to (canonical symbol, e.g. 'mi')")
    result: float = Field(description="The amount in to_unit, rounded to 10 significant digits")


def _unit(name: str) -> tuple[str, str]:
    """(kind, canonical symbol) of a unit spelling such as 'Kilometres', '°F' or 'degrees celsius'."""
    key = re.sub(r"^degrees? ", "", " ".join((name or "").replace("°", "").split()).lower())
    found = _LOOKUP.get(key)
    if found is None:
        known = "; ".join(f"{kind}: {', '.join(units)}" for kind, units in UNITS.items())
        raise ValueError(f"Unknown unit '{name}'. Known units — {known}.")
    return found


def convert(value: float, from_unit: str, to_unit: str) -> Conversion:
    """Convert ``value`` between two units of the same kind.

    Raises:
        ValueError: for an unknown unit, units of different kinds, or a temperature below absolute zero.
    """
    (kind, source), (target_kind, target) = _unit(from_unit), _unit(to_unit)
    if kind != target_kind:
        raise ValueError(
            f"Cannot convert {source} ({kind}) to {target} ({target_kind}). "
            f"Pick a target unit of the same kind: {', '.join(UNITS[kind])}."
        )
    if kind == "temperature":
        kelvin = _TO_KELVIN[source](value)
        if kelvin < 0:
            raise ValueError(f"{value} {source} is below absolute zero; check the value.")
        result = _FROM_KELVIN[target](kelvin)
    else:
        result = value * UNITS[kind][source][0] / UNITS[kind][target][0]
    return Conversion(value=value, from_unit=source, to_unit=target, result=float(f"{result:.10g}"))


server = MCPServer("eval-units", instructions="Unit conversion: length, mass, temperature, volume. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Convert units", readOnlyHint=True, openWorldHint=False))
def convert_units(
    value: Annotated[float, Field(description="The amount to convert")],
    from_unit: Annotated[str, Field(description="Unit to convert from, e.g. 'km', 'mi', 'kg', 'lb', 'C', 'F'")],
    to_unit: Annotated[str, Field(description="Unit to convert to")],
) -> Conversion:
    """Convert an amount between units of length, mass, temperature or volume.

    Length: m, km, cm, mm, mi, yd, ft, in. Mass: kg, g, mg, t, lb, oz. Temperature: C, F, K. Volume: l, ml, gal
    (US), qt, cup. Full names (kilometers, miles, pounds, celsius, fahrenheit, liters, ...) work too.
    """
    try:
        return convert(value, from_unit, to_unit)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
