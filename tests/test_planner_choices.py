"""A required choice a person says in other words is read by meaning: "£18.40 Addison Lee taxi" is a travel expense,
"two nights at Hotel Bristol" lodging, "a textbook" books. Only a clear winner among options of plain words counts;
the tool's own words never do ("lodge a claim" is no lodging), and nothing near is asked about, as before. An option
the tool's description glosses ("low = cosmetic or minor") is said by each of its glosses."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from eval.servers.servicedesk import escalate
from tests.planner_support import ask, planner_agent, tool

pytestmark = pytest.mark.anyio


def lodge(
    amount: Annotated[float, Field(description="Amount spent, in the currency given", gt=0)],
    currency: Annotated[str, Field(description="ISO 4217 currency code of the receipt, e.g. 'EUR', 'USD'")],
    category: Annotated[
        str, Field(description="One of: travel, lodging, meals, conference, consumables, software, books, other")
    ],
    date: Annotated[str, Field(description="Date of the expense (receipt date), YYYY-MM-DD")],
    merchant: Annotated[str, Field(description="Merchant or payee as on the receipt")],
) -> dict[str, Any]:
    """Submit an expense claim for reimbursement. Returns the claim id and any policy warnings."""
    return {"claim_id": "EXP-1", "category": category}


def order_part(
    part: Annotated[str, Field(description="What to order")],
    urgency: Annotated[Literal["routine", "soon", "critical"], Field(description="How fast it is needed")],
) -> dict[str, Any]:
    """Order a spare part for an instrument."""
    return {"part": part, "urgency": urgency}


def _agent() -> Any:
    return planner_agent([tool(lodge, readOnlyHint=False), tool(order_part, readOnlyHint=False)])


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("expense £18.40 Addison Lee taxi from Heathrow yesterday", "travel"),
        ("expense 210 CHF for two nights at Hotel Bristol Bern on Thursday", "lodging"),
        ("expense 25 EUR for a textbook at Thalia yesterday", "books"),
    ],
)
async def test_a_required_choice_said_in_other_words_is_read_by_meaning(text: str, category: str) -> None:
    turn = await ask(_agent(), text)
    assert [(name, args["category"]) for name, args in turn.calls] == [("lodge", category)]  # it had asked


async def test_a_choice_nothing_said_clearly_names_is_asked_about() -> None:
    turn = await ask(_agent(), "expense 50 EUR for the lab party at Rosi's yesterday")
    assert turn.calls == []
    assert "category" in turn.output.answer


async def test_a_word_only_loosely_like_an_option_chooses_nothing() -> None:
    turn = await ask(_agent(), "order a new lamp for the confocal, the old one just died")
    assert turn.calls == []  # "died" is like nothing of routine, soon, critical clearly enough to choose for them
    assert "urgency" in turn.output.answer


async def test_an_option_the_tools_description_glosses_is_said_by_its_gloss() -> None:
    # "Severity guide: … low = cosmetic or minor, within 10 days": "minor" says low
    agent = planner_agent([tool(escalate, readOnlyHint=False)])
    turn = await ask(agent, "log a minor fault on EQ-0271: lid latch squeaks")
    assert turn.calls == [
        ("escalate", {"severity": "low", "instrument": "EQ-0271", "description": "lid latch squeaks"})
    ]
