"""Test-only lab stockroom server (dev set ``dev3_tools.jsonl``): what the stockroom holds, and purchase orders.

Run with: ``python -m eval.servers.stockroom`` (stdio). A fixed ledger of reagents and consumables (some of them run
out); purchase orders are kept in memory (none at every start) and dated from ``TODAY``, the date of the evaluation's
simulated world (eval/README.md), so results never depend on a network or the real clock.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

TODAY = date(2026, 11, 22)
Unit = Literal["each", "g", "kg", "mL", "L"]
UNITS: tuple[str, ...] = ("each", "g", "kg", "mL", "L")
MAX_QUANTITY = 1000
# ledger: (name, other names, catalog number, location, on hand, unit of on hand, expiry or "")
LEDGER: tuple[tuple[str, tuple[str, ...], str, str, float, str, str], ...] = (
    (
        "Tris base",
        ("tris", "trizma", "tris buffer", "tris(hydroxymethyl)aminomethane"),
        "T1503",
        "Shelf B2",
        500,
        "g",
        "",
    ),
    (
        "Tris-HCl 1 M, pH 8.0",
        ("tris-hcl", "tris hcl", "tris buffer", "tris"),
        "15568025",
        "Shelf B2",
        0,
        "mL",
        "2027-03-31",
    ),
    (
        "PBS 10x",
        ("pbs", "phosphate buffered saline", "phosphate-buffered saline", "dpbs"),
        "70011044",
        "Cold room, rack 1",
        3,
        "each",
        "2027-06-30",
    ),
    ("DMSO", ("dimethyl sulfoxide", "dimethylsulfoxide"), "D8418", "Solvent cabinet", 100, "mL", "2028-01-31"),
    ("Agarose", ("agarose powder", "low-melt agarose"), "A9539", "Shelf A1", 0, "g", ""),
    (
        "SDS 10% solution",
        ("sds", "sodium dodecyl sulfate", "sodium lauryl sulfate"),
        "L4509",
        "Shelf B3",
        1,
        "each",
        "2027-09-30",
    ),
    ("BSA", ("bovine serum albumin", "albumin"), "A7906", "Fridge 2", 25, "g", "2027-02-28"),
    ("Ethanol absolute", ("ethanol", "etoh", "100% ethanol", "alcohol"), "32221", "Solvent cabinet", 2.5, "L", ""),
    ("Ethanol 70%", ("70% ethanol", "70% etoh", "ethanol"), "E-70", "Bench stock", 4, "L", ""),
    (
        "Trypsin-EDTA 0.25%",
        ("trypsin", "trypsin-edta", "trypsin edta"),
        "25200056",
        "Freezer -20 °C",
        0,
        "each",
        "2026-12-15",
    ),
    (
        "DMEM high glucose",
        ("dmem", "dulbecco's modified eagle medium", "cell culture medium", "medium"),
        "11965092",
        "Fridge 1",
        6,
        "each",
        "2027-01-31",
    ),
    (
        "Fetal bovine serum",
        ("fbs", "fcs", "fetal calf serum", "serum"),
        "10270106",
        "Freezer -20 °C",
        2,
        "each",
        "2027-05-31",
    ),
    ("Taq DNA polymerase", ("taq", "taq polymerase", "polymerase"), "M0273", "Freezer -20 °C", 1, "each", "2027-04-30"),
    ("Glycerol", ("glycerin", "glycerine"), "G5516", "Shelf B1", 1, "L", ""),
    ("EDTA 0.5 M, pH 8.0", ("edta",), "AM9260G", "Shelf B2", 500, "mL", ""),
    ("Triton X-100", ("triton",), "X100", "Shelf B3", 100, "mL", ""),
    ("Tween 20", ("tween", "polysorbate 20", "tween-20"), "P9416", "Shelf B3", 0, "mL", ""),
    (
        "Paraformaldehyde 4% in PBS",
        ("pfa", "paraformaldehyde", "4% pfa", "formaldehyde"),
        "J61899",
        "Fume hood",
        1,
        "L",
        "2026-12-31",
    ),
    ("Ampicillin sodium salt", ("ampicillin", "amp"), "A9518", "Fridge 2", 5, "g", "2027-08-31"),
    ("LB broth (Miller)", ("lb", "lb broth", "lb medium", "luria broth"), "L3522", "Shelf A2", 250, "g", ""),
    (
        "Nitrile gloves, size M",
        ("gloves", "nitrile gloves", "medium gloves"),
        "GL-M",
        "Consumables cupboard",
        2,
        "each",
        "",
    ),
    (
        "Pipette tips 200 µL",
        ("tips", "pipette tips", "200 ul tips", "yellow tips"),
        "TIP-200",
        "Consumables cupboard",
        0,
        "each",
        "",
    ),
    ("Coomassie Brilliant Blue R-250", ("coomassie", "coomassie blue"), "B7920", "Shelf B3", 10, "g", ""),
)


class StockLine(BaseModel):
    """One item of the stockroom ledger."""

    name: str = Field(description="The item as the ledger names it")
    catalog_number: str = Field(description="The supplier's catalog number")
    location: str = Field(description="Where it is stored")
    on_hand: float = Field(description="How much is left (0 = run out), in unit")
    unit: Unit = Field(description="Unit of on_hand; 'each' counts packages (bottles, boxes, vials, kits)")
    expires: str | None = Field(description="Expiry date YYYY-MM-DD, if it has one")


class StockReport(BaseModel):
    """The ledger lines matching a lookup."""

    query: str = Field(description="The item asked about")
    matches: list[StockLine] = Field(description="Every ledger line that matches; empty if the stockroom lacks it")


class PurchaseOrder(BaseModel):
    """A purchase order sent to the supplier."""

    po_number: str = Field(description="The order's number, e.g. 'PO-2026-0001'")
    item: str = Field(description="The item ordered, by its ledger name if the ledger has it")
    catalog_number: str | None = Field(description="Catalog number, if the ledger has the item")
    quantity: int = Field(description="How much was ordered, in unit")
    unit: Unit = Field(description="Unit of quantity")
    urgent: bool = Field(description="Whether express delivery was asked for")
    expected_delivery: str = Field(description="Expected delivery date, YYYY-MM-DD")


def _fold(text: str) -> str:
    return " ".join((text or "").casefold().replace("_", " ").split())


def lookup(item: str) -> StockReport:
    """The ledger lines matching ``item`` (by name, other name or catalog number).

    Raises:
        ValueError: for an empty item.
    """
    query = " ".join((item or "").split())
    if not query:
        raise ValueError("Give the item to look up, e.g. 'Tris base' or 'PBS'.")
    key = re.sub(r"^(?:the|some|any|our)\s+", "", _fold(query))
    found = [
        row
        for row in LEDGER
        if key in (_fold(row[0]), row[2].casefold(), *row[1]) or (len(key) > 3 and key in _fold(row[0]))
    ]
    return StockReport(
        query=query,
        matches=[
            StockLine(name=n, catalog_number=c, location=loc, on_hand=q, unit=u, expires=e or None)  # type: ignore[arg-type]
            for n, _, c, loc, q, u, e in found
        ],
    )


def _working_days_after(start: date, days: int) -> date:
    day = start
    while days:
        day += timedelta(days=1)
        if day.weekday() < 5:
            days -= 1
    return day


class Orders:
    """The purchase orders raised since the server started."""

    def __init__(self) -> None:
        self.raised: list[PurchaseOrder] = []

    def raise_order(self, item: str, quantity: int, unit: str = "each", urgent: bool = False) -> PurchaseOrder:
        """Order ``quantity`` ``unit`` of ``item``.

        Raises:
            ValueError: for an empty item, a quantity that is not a whole number from 1 to 1000, or an unknown unit.
        """
        name = " ".join((item or "").split())
        if not name:
            raise ValueError("Give the item to order, e.g. 'Tris base'.")
        if isinstance(quantity, bool) or int(quantity) != quantity or not 1 <= quantity <= MAX_QUANTITY:
            raise ValueError(
                f"quantity must be a whole number from 1 to {MAX_QUANTITY}, not {quantity!r}; for 2.5 L send 2500 mL."
            )
        if unit not in UNITS:
            raise ValueError(
                f"Unknown unit '{unit}'. Use 'each' (bottles, boxes, packs, vials, kits), 'g', 'kg', 'mL' or 'L'."
            )
        matches = lookup(name).matches
        line = matches[0] if len(matches) == 1 else next((m for m in matches if _fold(m.name) == _fold(name)), None)
        order = PurchaseOrder(
            po_number=f"PO-{TODAY.year}-{len(self.raised) + 1:04d}",
            item=line.name if line else name,
            catalog_number=line.catalog_number if line else None,
            quantity=int(quantity),
            unit=unit,  # type: ignore[arg-type]
            urgent=bool(urgent),
            expected_delivery=_working_days_after(TODAY, 1 if urgent else 5).isoformat(),
        )
        self.raised.append(order)
        return order


orders = Orders()
server = MCPServer(
    "eval-stockroom", instructions="The lab stockroom ledger and purchase orders to the supplier. Test-only."
)


@server.tool(annotations=ToolAnnotations(title="Stockroom ledger lookup", readOnlyHint=True, openWorldHint=False))
def stockroom_lookup(
    item: Annotated[
        str, Field(description="The reagent or consumable, by name, common name or catalog number, e.g. 'PBS'")
    ],
) -> StockReport:
    """Query the stockroom ledger for a reagent or consumable: on-hand quantity (0 = depleted), storage location,
    catalog number and expiry of every matching line. An empty list means the stockroom does not carry it.
    """
    try:
        return lookup(item)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(
        title="Raise a purchase order", readOnlyHint=False, destructiveHint=False, openWorldHint=True
    )
)
def raise_purchase_order(
    item: Annotated[str, Field(description="The reagent or consumable to procure, e.g. 'Tris base'")],
    quantity: Annotated[
        int, Field(description="How much, a whole number in unit, 1 to 1000 (e.g. 2 with unit 'each')", ge=1, le=1000)
    ],
    unit: Annotated[
        Unit,
        Field(
            description="Unit of quantity: 'each' counts packages as sold (bottles, boxes, packs, vials, kits); "
            "g, kg, mL or L for bulk amounts"
        ),
    ] = "each",
    urgent: Annotated[bool, Field(description="Ask for express delivery (next working day)")] = False,
) -> PurchaseOrder:
    """Raise a purchase order with the supplier to procure a reagent or consumable for the stockroom. Returns the
    PO number and the expected delivery date (five working days, or the next working day when urgent).
    """
    try:
        return orders.raise_order(item, quantity, unit, urgent)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
