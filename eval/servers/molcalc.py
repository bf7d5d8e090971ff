"""Test-only lab calculator server (dev set ``dev6_tools.jsonl``): molarity from a weighed mass, the mass to weigh
for a solution, and the stock volume for a dilution (C1V1 = C2V2).

Run with: ``python -m eval.servers.molcalc`` (stdio). Pure arithmetic; every parameter is in the unit its name
gives (grams, millilitres, g/mol, millimolar), so 5 mg is ``mass_g=0.005``, 250 µL is ``volume_ml=0.25`` and 2 M is
``2000`` mM. Out-of-range values are refused with the conversion to send instead.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

# (lowest, highest) accepted, with a hint for a value given in the wrong unit
LIMITS: dict[str, tuple[float, float, str]] = {
    "mass_g": (1e-9, 10000.0, "mass_g is in grams: 5 mg is 0.005, 250 µg is 0.00025"),
    "volume_ml": (1e-4, 100000.0, "volume_ml is in millilitres: 250 µL is 0.25, 0.5 L is 500"),
    "mw_g_per_mol": (1.0, 5000000.0, "mw_g_per_mol is the molar mass in g/mol (daltons): 58.44 for NaCl"),
    "molarity_mM": (1e-9, 20000.0, "molarity_mM is in millimolar: 2 M is 2000, 100 µM is 0.1"),
    "stock_mM": (1e-9, 20000.0, "stock_mM is in millimolar: 1 M is 1000, 100 µM is 0.1"),
    "target_mM": (1e-12, 20000.0, "target_mM is in millimolar: 50 µM is 0.05"),
    "target_volume_ml": (1e-4, 100000.0, "target_volume_ml is in millilitres: 500 µL is 0.5, 1 L is 1000"),
}


class Molarity(BaseModel):
    """The concentration of a weighed-out solution."""

    mass_g: float = Field(description="Mass dissolved, grams")
    volume_ml: float = Field(description="Final volume, millilitres")
    mw_g_per_mol: float = Field(description="Molar mass, g/mol")
    moles: float = Field(description="Amount, mol")
    molarity_M: float = Field(description="Concentration, mol/L (M), 6 significant figures")
    molarity_mM: float = Field(description="Concentration, mmol/L (mM), 6 significant figures")


class MassNeeded(BaseModel):
    """How much to weigh out for a solution."""

    molarity_mM: float = Field(description="Target concentration, mM")
    volume_ml: float = Field(description="Final volume, millilitres")
    mw_g_per_mol: float = Field(description="Molar mass, g/mol")
    moles: float = Field(description="Amount, mol")
    mass_g: float = Field(description="Mass to weigh out, grams, 6 significant figures")
    mass_mg: float = Field(description="The same in milligrams")


class Dilution(BaseModel):
    """How to dilute a stock (C1V1 = C2V2)."""

    stock_mM: float = Field(description="Stock concentration (C1), mM")
    target_mM: float = Field(description="Final concentration (C2), mM")
    target_volume_ml: float = Field(description="Final volume (V2), millilitres")
    stock_volume_ml: float = Field(description="Stock to take (V1), millilitres, 6 significant figures")
    stock_volume_ul: float = Field(description="The same in microlitres")
    diluent_volume_ml: float = Field(description="Buffer or water to add, millilitres")
    dilution_factor: float = Field(description="Stock over final concentration, e.g. 10 for 1:10")


def _sig(value: float, digits: int = 6) -> float:
    if value == 0:
        return 0.0
    return round(value, digits - 1 - math.floor(math.log10(abs(value))))


def _check(**values: Any) -> dict[str, float]:
    """Each value a positive number within its range.

    Raises:
        ValueError: naming the parameter, its unit and the conversion to send.
    """
    checked = {}
    for name, value in values.items():
        low, high, hint = LIMITS[name]
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise ValueError(f"{name} must be a number, not {value!r}; {hint}.")
        if not low <= value <= high:
            raise ValueError(f"{name}={value:g} is out of range ({low:g} to {high:g}); {hint}.")
        checked[name] = float(value)
    return checked


def molarity(mass_g: float, volume_ml: float, mw_g_per_mol: float) -> Molarity:
    """The molarity of ``mass_g`` grams of a ``mw_g_per_mol`` compound in ``volume_ml`` millilitres."""
    v = _check(mass_g=mass_g, volume_ml=volume_ml, mw_g_per_mol=mw_g_per_mol)
    moles = v["mass_g"] / v["mw_g_per_mol"]
    molar = moles / (v["volume_ml"] / 1000)
    return Molarity(**v, moles=_sig(moles), molarity_M=_sig(molar), molarity_mM=_sig(molar * 1000))


def mass_needed(molarity_mM: float, volume_ml: float, mw_g_per_mol: float) -> MassNeeded:
    """The grams of a ``mw_g_per_mol`` compound for ``volume_ml`` millilitres at ``molarity_mM`` millimolar."""
    v = _check(molarity_mM=molarity_mM, volume_ml=volume_ml, mw_g_per_mol=mw_g_per_mol)
    moles = v["molarity_mM"] / 1000 * v["volume_ml"] / 1000
    grams = moles * v["mw_g_per_mol"]
    return MassNeeded(**v, moles=_sig(moles), mass_g=_sig(grams), mass_mg=_sig(grams * 1000))


def dilute(stock_mM: float, target_mM: float, target_volume_ml: float) -> Dilution:
    """The stock volume for ``target_volume_ml`` of ``target_mM`` from a ``stock_mM`` stock.

    Raises:
        ValueError: for values out of range, or a target at or above the stock's concentration.
    """
    v = _check(stock_mM=stock_mM, target_mM=target_mM, target_volume_ml=target_volume_ml)
    if v["target_mM"] >= v["stock_mM"]:
        raise ValueError(
            f"target_mM ({v['target_mM']:g}) must be below stock_mM ({v['stock_mM']:g}): a dilution lowers the "
            "concentration. Both are in mM (1 M is 1000)."
        )
    stock_ml = v["target_mM"] * v["target_volume_ml"] / v["stock_mM"]
    return Dilution(
        **v,
        stock_volume_ml=_sig(stock_ml),
        stock_volume_ul=_sig(stock_ml * 1000),
        diluent_volume_ml=_sig(v["target_volume_ml"] - stock_ml),
        dilution_factor=_sig(v["stock_mM"] / v["target_mM"]),
    )


server = MCPServer("eval-molcalc", instructions="Solution and dilution arithmetic for the bench. Test-only.")

_MW = Field(description="Molecular weight (molar mass) of the solute in g/mol, e.g. 58.44 for NaCl")


@server.tool(annotations=ToolAnnotations(title="Molarity from mass", readOnlyHint=True, openWorldHint=False))
def molarity_from_mass(
    mass_g: Annotated[float, Field(description="Mass of solute dissolved, in grams (5 mg = 0.005)", gt=0)],
    volume_ml: Annotated[float, Field(description="Final solution volume in millilitres (250 µL = 0.25)", gt=0)],
    mw_g_per_mol: Annotated[float, _MW],
) -> Molarity:
    """Compute the molar concentration of a solution from the weighed mass, the final volume and the molar mass.
    Returns mol/L and mmol/L.
    """
    try:
        return molarity(mass_g, volume_ml, mw_g_per_mol)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Mass for target molarity", readOnlyHint=True, openWorldHint=False))
def mass_for_target_molarity(
    molarity_mM: Annotated[float, Field(description="Wanted concentration in mM (1 M = 1000 mM)", gt=0)],
    volume_ml: Annotated[float, Field(description="Final volume to make, in millilitres (1 L = 1000)", gt=0)],
    mw_g_per_mol: Annotated[float, _MW],
) -> MassNeeded:
    """Compute how much solute to weigh out to make up a given volume at a given molar concentration. Returns grams
    and milligrams.
    """
    try:
        return mass_needed(molarity_mM, volume_ml, mw_g_per_mol)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Solve C1V1", readOnlyHint=True, openWorldHint=False))
def solve_c1v1(
    stock_mM: Annotated[float, Field(description="Concentration of the stock (C1) in mM (1 M = 1000 mM)", gt=0)],
    target_mM: Annotated[float, Field(description="Concentration wanted (C2) in mM (10 µM = 0.01 mM)", gt=0)],
    target_volume_ml: Annotated[float, Field(description="Final volume wanted (V2) in millilitres", gt=0)],
) -> Dilution:
    """Solve C1V1 = C2V2 for V1: the volume of stock to take and the diluent to add to reach the final volume and
    concentration.
    """
    try:
        return dilute(stock_mM, target_mM, target_volume_ml)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
