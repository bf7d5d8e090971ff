"""Test-only currency conversion server (dev set): converts amounts with a fixed table of exchange rates.

Run with: ``python -m eval.servers.currency`` (stdio). The rates are made up and never change.
"""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

# Units of each currency for one US dollar (fixed, fake).
PER_USD: dict[str, float] = {
    "USD": 1.0,
    "EUR": 0.92,
    "GBP": 0.79,
    "JPY": 150.0,
    "CHF": 0.88,
    "CAD": 1.36,
    "AUD": 1.52,
    "NZD": 1.65,
    "CNY": 7.2,
    "INR": 83.0,
    "SEK": 10.5,
    "NOK": 10.7,
    "DKK": 6.87,
    "PLN": 3.95,
    "BRL": 5.0,
    "MXN": 17.0,
    "ZAR": 18.5,
    "KRW": 1330.0,
    "SGD": 1.34,
    "HKD": 7.8,
}


class CurrencyConversion(BaseModel):
    """An amount of money converted from one currency to another."""

    amount: float = Field(description="The amount that was converted, in from_currency")
    from_currency: str = Field(description="ISO 4217 code converted from")
    to_currency: str = Field(description="ISO 4217 code converted to")
    rate: float = Field(description="Units of to_currency for one unit of from_currency")
    result: float = Field(description="The amount in to_currency, rounded to 2 decimals")


def _code(text: str) -> str:
    code = (text or "").strip().upper()
    if code not in PER_USD:
        raise ValueError(f"Unknown currency '{text}'. Use an ISO 4217 code, one of: {', '.join(sorted(PER_USD))}.")
    return code


def convert(amount: float, from_currency: str, to_currency: str) -> CurrencyConversion:
    """Convert ``amount`` with the fixed rates.

    Raises:
        ValueError: for a currency code not in the table.
    """
    source, target = _code(from_currency), _code(to_currency)
    rate = PER_USD[target] / PER_USD[source]
    return CurrencyConversion(
        amount=amount,
        from_currency=source,
        to_currency=target,
        rate=round(rate, 6),
        result=round(amount * rate, 2),
    )


server = MCPServer("eval-currency", instructions="Currency conversion at fixed exchange rates. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Convert currency", readOnlyHint=True, openWorldHint=False))
def convert_currency(
    amount: Annotated[float, Field(description="How much money")],
    from_currency: Annotated[str, Field(description="ISO 4217 code to convert from, e.g. 'EUR'")],
    to_currency: Annotated[str, Field(description="ISO 4217 code to convert to, e.g. 'USD'")],
) -> CurrencyConversion:
    """Convert an amount of money from one currency to another at the current exchange rate.

    Returns the rate used and the converted amount. Currencies are ISO 4217 codes (USD, EUR, GBP, JPY, CHF, ...).
    """
    try:
        return convert(amount, from_currency, to_currency)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
