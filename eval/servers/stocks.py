"""Test-only stock quote server (dev set): a fake, deterministic price quote for a ticker symbol.

Run with: ``python -m eval.servers.stocks`` (stdio). Prices are derived from the symbol (no market data, no clock);
an exchange suffix such as ``.DE`` or ``.L`` sets the currency.
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

_SYMBOL = re.compile(r"[A-Z0-9]{1,6}(?:[.-][A-Z]{1,3})?")
SUFFIX_CURRENCY = {
    "L": "GBP",
    "DE": "EUR",
    "PA": "EUR",
    "AS": "EUR",
    "MI": "EUR",
    "SW": "CHF",
    "T": "JPY",
    "TO": "CAD",
    "HK": "HKD",
    "AX": "AUD",
}


class Quote(BaseModel):
    """The latest price of one listed share."""

    symbol: str = Field(description="The ticker symbol, upper case")
    price: float = Field(description="Last traded price per share, in currency")
    currency: str = Field(description="ISO 4217 code of the price")
    change_percent: float = Field(description="Change since the previous close, in percent (negative = down)")


def normalize_symbol(symbol: str) -> str:
    """``symbol`` upper-cased, without a leading '$' or spaces.

    Raises:
        ValueError: if it does not look like a ticker symbol (1-6 letters or digits, optional exchange suffix).
    """
    text = (symbol or "").strip().lstrip("$").upper()
    if not _SYMBOL.fullmatch(text):
        raise ValueError(
            f"'{symbol}' is not a ticker symbol. Give the exchange symbol, e.g. 'AAPL' for Apple or 'SAP.DE' "
            "for SAP on XETRA, not the company name."
        )
    return text


def quote(symbol: str) -> Quote:
    """The fake quote of ``symbol``; always the same for the same symbol.

    Raises:
        ValueError: if it is not a ticker symbol.
    """
    key = normalize_symbol(symbol)
    seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
    suffix = re.split(r"[.-]", key, maxsplit=1)[1] if re.search(r"[.-]", key) else ""
    currency = SUFFIX_CURRENCY.get(suffix, "USD")
    scale = 150.0 if currency == "JPY" else 1.0
    return Quote(
        symbol=key,
        price=round((5 + (seed % 99_500) / 100) * scale, 2),
        currency=currency,
        change_percent=round(((seed >> 24) % 1_201 - 600) / 100, 2),
    )


server = MCPServer("eval-stocks", instructions="Stock market price quotes by ticker symbol. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Stock quote", readOnlyHint=True, openWorldHint=False))
def get_stock_quote(
    symbol: Annotated[str, Field(description="Ticker symbol, e.g. 'AAPL'")],
) -> Quote:
    """Get the current stock price of a listed company by its ticker symbol: last price, currency and the change
    since the previous close in percent.
    """
    try:
        return quote(symbol)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
