"""Requests to tools of a newly connected server: values read from the sentence by the tool's JSON schema alone."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from tests.planner_support import ask, planner_agent, tool

pytestmark = pytest.mark.anyio


def request_supplies(
    material: Annotated[str, Field(description="The material to request, e.g. 'sucrose'")],
    amount: Annotated[int, Field(description="How much, a whole number in unit, 1 to 5000", ge=1, le=5000)],
    unit: Annotated[Literal["each", "g", "kg", "mL", "L"], Field(description="Unit of amount")] = "each",
) -> dict[str, Any]:
    """Request a material from the central supply store."""
    return {"material": material, "amount": amount, "unit": unit}


@pytest.mark.parametrize(
    ("text", "amount", "unit"),
    [
        ("request 1.5 kg of sucrose", 1500, "g"),
        ("request half a litre of sucrose", 500, "mL"),
        ("request 2 kg of sucrose", 2, "kg"),
    ],
)
async def test_an_amount_in_units_becomes_a_whole_number_of_a_unit_option(text: str, amount: int, unit: str) -> None:
    turn = await ask(planner_agent([tool(request_supplies, readOnlyHint=False)]), text)
    assert turn.calls == [("request_supplies", {"material": "sucrose", "amount": amount, "unit": unit})]
