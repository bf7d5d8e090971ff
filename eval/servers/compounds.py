"""Test-only chemical compound server (dev set): formula, molecular weight and CAS number of a compound.

Run with: ``python -m eval.servers.compounds`` (stdio). A small table of common compounds; any other name gets a
fake but stable entry derived from the name, so results never depend on a network or a real database.
"""

from __future__ import annotations

import hashlib
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

# name -> (formula, molecular weight g/mol, CAS registry number); synonyms map to the same entry.
KNOWN: dict[str, tuple[str, float, str]] = {
    "caffeine": ("C8H10N4O2", 194.19, "58-08-2"),
    "aspirin": ("C9H8O4", 180.16, "50-78-2"),
    "glucose": ("C6H12O6", 180.16, "50-99-7"),
    "ethanol": ("C2H6O", 46.07, "64-17-5"),
    "water": ("H2O", 18.02, "7732-18-5"),
    "sodium chloride": ("NaCl", 58.44, "7647-14-5"),
    "acetone": ("C3H6O", 58.08, "67-64-1"),
    "paracetamol": ("C8H9NO2", 151.16, "103-90-2"),
    "ibuprofen": ("C13H18O2", 206.28, "15687-27-1"),
    "benzene": ("C6H6", 78.11, "71-43-2"),
    "toluene": ("C7H8", 92.14, "108-88-3"),
    "nicotine": ("C10H14N2", 162.23, "54-11-5"),
    "methane": ("CH4", 16.04, "74-82-8"),
    "ethane": ("C2H6", 30.07, "74-84-0"),
    "methanol": ("CH4O", 32.04, "67-56-1"),
    "sucrose": ("C12H22O11", 342.30, "57-50-1"),
    "carbon dioxide": ("CO2", 44.01, "124-38-9"),
}
SYNONYMS = {
    "acetylsalicylic acid": "aspirin",
    "acetaminophen": "paracetamol",
    "table salt": "sodium chloride",
    "salt": "sodium chloride",
    "nacl": "sodium chloride",
    "h2o": "water",
    "dextrose": "glucose",
    "ethyl alcohol": "ethanol",
    "alcohol": "ethanol",
    "co2": "carbon dioxide",
}
_ELEMENTS = ["C", "H", "N", "O", "S", "Cl"]


class Compound(BaseModel):
    """Identifying data of one chemical compound."""

    name: str = Field(description="The compound's name, as asked for")
    formula: str = Field(description="Molecular formula in Hill notation, e.g. 'C8H10N4O2'")
    molecular_weight: float = Field(description="Molar mass in g/mol, 2 decimals")
    cas: str = Field(description="CAS Registry Number, e.g. '58-08-2'")


def _cas(seed: int) -> str:
    body = str(50 + seed % 99_950).rjust(5, "0") + str((seed >> 20) % 100).rjust(2, "0")
    check = sum(int(d) * (i + 1) for i, d in enumerate(reversed(body))) % 10
    return f"{body[:-2]}-{body[-2:]}-{check}"


def compound(name: str) -> Compound:
    """The compound ``name``: from the table, or a fake stable entry for any other name.

    Raises:
        ValueError: if ``name`` is empty.
    """
    given = " ".join((name or "").split())
    if not given:
        raise ValueError("Give a compound name, e.g. 'caffeine' or 'sodium chloride'.")
    key = SYNONYMS.get(given.casefold(), given.casefold())
    if key in KNOWN:
        formula, weight, cas = KNOWN[key]
        return Compound(name=given, formula=formula, molecular_weight=weight, cas=cas)
    seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
    counts = [1 + (seed >> (6 * i)) % (20 if i < 2 else 4) for i in range(len(_ELEMENTS))]
    counts = [c if i < 2 or (seed >> (40 + i)) & 1 else 0 for i, c in enumerate(counts)]
    masses = [12.011, 1.008, 14.007, 15.999, 32.06, 35.45]
    formula = "".join(f"{el}{n if n > 1 else ''}" for el, n in zip(_ELEMENTS, counts, strict=True) if n)
    weight = round(sum(n * m for n, m in zip(counts, masses, strict=True)), 2)
    return Compound(name=given, formula=formula, molecular_weight=weight, cas=_cas(seed))


server = MCPServer("eval-compounds", instructions="Chemical compound data by name. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Chemical compound data", readOnlyHint=True, openWorldHint=False))
def get_compound(
    name: Annotated[str, Field(description="Chemical compound name, e.g. 'caffeine'")],
) -> Compound:
    """Look up a chemical compound by name: its molecular formula, molecular weight (molar mass, g/mol) and CAS
    registry number.
    """
    try:
        return compound(name)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
