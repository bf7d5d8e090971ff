"""Test-only expense claims server (dev set ``dev8_tools.jsonl``): filing an expense claim and listing one's claims
by status and date.

Run with: ``python -m eval.servers.expenses`` (stdio). Nine fixed claims of the connected researcher (October and
November 2026) with fixed exchange rates to euro; claims filed are kept in memory (none at every start) and get
ids from EXP-2026-0390. "Today" is the evaluation's simulated date, 2026-11-22, so results never depend on the real
clock. The filing tool is a bare verb namespaced only by its server, as on widely used public MCP servers.
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
from eval.servers import iso_date

TODAY = date(2026, 11, 22)
FILING_DAYS = 90  # claims older than this are refused
MAX_AMOUNT = 10000.0
CURRENCY_PATTERN = r"^[A-Z]{3}$"
_CURRENCY = re.compile(CURRENCY_PATTERN)
# currency -> euro per unit (fixed)
RATES = {
    "EUR": 1.0,
    "USD": 0.92,
    "GBP": 1.17,
    "CHF": 1.05,
    "JPY": 0.0061,
    "SEK": 0.087,
    "NOK": 0.085,
    "DKK": 0.134,
    "PLN": 0.23,
    "CZK": 0.04,
    "CAD": 0.67,
    "AUD": 0.6,
}
SYMBOLS = {"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY", "EURO": "EUR", "EUROS": "EUR", "DOLLARS": "USD"}
CATEGORIES = ("travel", "lodging", "meals", "conference", "consumables", "software", "books", "other")
CATEGORY_ALIASES = {
    "hotel": "lodging",
    "accommodation": "lodging",
    "food": "meals",
    "meal": "meals",
    "registration": "conference",
    "conference fee": "conference",
    "conference fees": "conference",
    "supplies": "consumables",
    "lab supplies": "consumables",
    "book": "books",
    "transport": "travel",
}
MEAL_LIMIT_EUR = 60.0
Status = Literal["draft", "submitted", "approved", "rejected", "paid"]
# claim id -> (expense date, merchant, category, amount, currency, status, note)
CLAIMS: dict[str, tuple[str, str, str, float, str, str, str]] = {
    "EXP-2026-0311": ("2026-10-14", "Deutsche Bahn", "travel", 89.9, "EUR", "paid", "Train to Heidelberg, EMBL course"),
    "EXP-2026-0318": ("2026-10-16", "Motel One Heidelberg", "lodging", 238.0, "EUR", "paid", "Two nights"),
    "EXP-2026-0342": ("2026-10-29", "Addgene", "consumables", 85.0, "USD", "approved", "Plasmid #52961"),
    "EXP-2026-0356": ("2026-11-03", "EMBO Workshop", "conference", 450.0, "EUR", "approved", "Registration fee"),
    "EXP-2026-0361": ("2026-11-06", "Pret A Manger", "meals", 14.2, "GBP", "rejected", "No itemised receipt"),
    "EXP-2026-0377": ("2026-11-12", "GraphPad", "software", 312.0, "USD", "submitted", "Prism licence, 1 year"),
    "EXP-2026-0380": ("2026-11-15", "Lufthansa", "travel", 412.35, "EUR", "submitted", "Flight to Zurich"),
    "EXP-2026-0384": ("2026-11-18", "Taxi Zürich", "travel", 46.5, "CHF", "draft", ""),
    "EXP-2026-0389": ("2026-11-20", "Springer Nature", "books", 59.99, "EUR", "submitted", "Methods in Enzymology"),
}
# status -> days until the next step, for the expected payment date
PAYMENT_DAYS = 14


class Claim(BaseModel):
    """An expense claim."""

    claimId: str = Field(description="e.g. 'EXP-2026-0380'")
    date: str = Field(description="Date of the expense, YYYY-MM-DD")
    merchant: str = Field(description="Where the money was spent")
    category: str = Field(description="Expense category")
    amount: float = Field(description="Amount in the original currency")
    currency: str = Field(description="ISO 4217 code")
    amountEur: float = Field(description="Amount in euro at the finance office's fixed rate")
    status: str = Field(description="draft, submitted, approved, rejected or paid")
    note: str = Field(description="Claimant's note or the reviewer's reason")


class ClaimList(BaseModel):
    """Claims matching the filters."""

    status: str | None = Field(description="Status filter (null: any)")
    startDate: str | None = Field(description="Earliest expense date (null: no limit)")
    endDate: str | None = Field(description="Latest expense date (null: no limit)")
    total: int = Field(description="Claims matching")
    totalEur: float = Field(description="Sum of the matching claims in euro")
    claims: list[Claim] = Field(description="Matching claims, newest expense first, at most maxResults")


class Filed(BaseModel):
    """A claim filed."""

    claimId: str = Field(description="New claim id, e.g. 'EXP-2026-0390'")
    status: str = Field(description="'submitted'")
    date: str = Field(description="Date of the expense")
    merchant: str = Field(description="Merchant")
    category: str = Field(description="Category")
    amount: float = Field(description="Amount")
    currency: str = Field(description="ISO 4217 code")
    amountEur: float = Field(description="Amount in euro at the fixed rate")
    policyFlags: list[str] = Field(description="Policy warnings the reviewer will see (empty: none)")
    expectedPayment: str = Field(description="Expected reimbursement date if approved, YYYY-MM-DD")


def currency_code(text: str) -> str:
    """``text`` checked as a supported ISO 4217 code ('usd' is accepted as 'USD').

    Raises:
        ValueError: for a symbol or name (with the code to send) or an unsupported currency.
    """
    key = (text or "").strip().upper()
    if key in SYMBOLS:
        raise ValueError(f"currency is an ISO 4217 code: send '{SYMBOLS[key]}', not '{text}'.")
    if not _CURRENCY.match(key):
        raise ValueError(f"currency is a three-letter ISO 4217 code, e.g. 'EUR', 'USD', 'GBP', not '{text}'.")
    if key not in RATES:
        raise ValueError(f"No rate for {key}. Currencies: {', '.join(RATES)}.")
    return key


def category_name(text: str) -> str:
    """The category for ``text``.

    Raises:
        ValueError: for another category, listing them.
    """
    key = " ".join((text or "").strip().lower().split())
    key = CATEGORY_ALIASES.get(key, key)
    if key not in CATEGORIES:
        raise ValueError(f"Unknown category '{text}'. Use one of: {', '.join(CATEGORIES)}.")
    return key


def _claim(key: str, row: tuple[str, str, str, float, str, str, str]) -> Claim:
    day, merchant, category, amount, currency, status, note = row
    return Claim(
        claimId=key,
        date=day,
        merchant=merchant,
        category=category,
        amount=amount,
        currency=currency,
        amountEur=round(amount * RATES[currency], 2),
        status=status,
        note=note,
    )


class Ledger:
    """The researcher's claims, with those filed since the server started."""

    def __init__(self) -> None:
        self.claims = dict(CLAIMS)

    def listing(
        self,
        status: str | None = None,
        start_date: str | None = None,
        end_date: str | None = None,
        max_results: int = 10,
    ) -> ClaimList:
        """Claims with ``status`` whose expense date is from ``start_date`` to ``end_date``.

        Raises:
            ValueError: for an unknown status, a bad date or date range, or max_results out of range.
        """
        wanted = (status or "").strip().lower() or None
        statuses = ("draft", "submitted", "approved", "rejected", "paid")
        if wanted is not None and wanted not in statuses:
            raise ValueError(f"status must be one of: {', '.join(statuses)}.")
        start = iso_date(start_date, "2026-11-01") if start_date else None
        end = iso_date(end_date, "2026-11-30") if end_date else None
        if start and end and start > end:
            raise ValueError(f"startDate ({start}) is after endDate ({end}); swap them.")
        if isinstance(max_results, bool) or not isinstance(max_results, int) or not 1 <= max_results <= 50:
            raise ValueError("maxResults must be a whole number from 1 to 50.")
        found = [
            _claim(k, v)
            for k, v in self.claims.items()
            if (wanted is None or v[5] == wanted)
            and (start is None or date.fromisoformat(v[0]) >= start)
            and (end is None or date.fromisoformat(v[0]) <= end)
        ]
        found.sort(key=lambda c: (c.date, c.claimId), reverse=True)
        return ClaimList(
            status=wanted,
            startDate=start.isoformat() if start else None,
            endDate=end.isoformat() if end else None,
            total=len(found),
            totalEur=round(sum(c.amountEur for c in found), 2),
            claims=found[:max_results],
        )

    def file(
        self, amount: float, currency: str, category: str, day: str, merchant: str, note: str | None = None
    ) -> Filed:
        """File a claim of ``amount`` ``currency`` spent at ``merchant`` on ``day``.

        Raises:
            ValueError: for a bad amount, currency, category or merchant, or a date in the future or past the
                filing window.
        """
        if isinstance(amount, bool) or not isinstance(amount, int | float) or not 0 < amount <= MAX_AMOUNT:
            raise ValueError(f"amount must be a number above 0 and at most {MAX_AMOUNT:g}, in the claim's currency.")
        code = currency_code(currency)
        kind = category_name(category)
        spent = iso_date(day, "2026-11-20")
        if spent > TODAY:
            raise ValueError(f"date {spent.isoformat()} is in the future (today is {TODAY.isoformat()}).")
        if (TODAY - spent).days > FILING_DAYS:
            raise ValueError(f"Expenses older than {FILING_DAYS} days cannot be claimed ({spent.isoformat()}).")
        shop = " ".join((merchant or "").split())
        if not shop:
            raise ValueError("Send the merchant: where the money was spent, e.g. 'Deutsche Bahn'.")
        eur = round(amount * RATES[code], 2)
        flags = []
        if kind == "meals" and eur > MEAL_LIMIT_EUR:
            flags.append(f"Meals above {MEAL_LIMIT_EUR:g} EUR need the attendees' names.")
        if eur > 1000:
            flags.append("Above 1000 EUR: needs the head of department's approval.")
        key = f"EXP-2026-{390 + len(self.claims) - len(CLAIMS):04d}"
        self.claims[key] = (spent.isoformat(), shop, kind, float(amount), code, "submitted", (note or "").strip())
        return Filed(
            claimId=key,
            status="submitted",
            date=spent.isoformat(),
            merchant=shop,
            category=kind,
            amount=float(amount),
            currency=code,
            amountEur=eur,
            policyFlags=flags,
            expectedPayment=(TODAY + timedelta(days=PAYMENT_DAYS)).isoformat(),
        )


ledger = Ledger()
server = MCPServer("eval-expenses", instructions="Expense claims of the research group. Test-only.")


@server.tool(
    annotations=ToolAnnotations(title="File an expense", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def lodge(
    amount: Annotated[float, Field(description="Amount spent, in the currency given", gt=0)],
    currency: Annotated[
        str, Field(description="ISO 4217 currency code of the receipt, e.g. 'EUR', 'USD'", pattern=CURRENCY_PATTERN)
    ],
    category: Annotated[
        str,
        Field(
            description="One of: travel, lodging, meals, conference, consumables, software, books, other",
        ),
    ],
    date: Annotated[str, Field(description="Date of the expense (receipt date), YYYY-MM-DD")],
    merchant: Annotated[str, Field(description="Merchant or payee as on the receipt")],
    note: Annotated[str | None, Field(description="Optional justification or details for the reviewer")] = None,
) -> Filed:
    """Submit an expense claim for reimbursement. Returns the claim id and any policy warnings."""
    try:
        return ledger.file(amount, currency, category, date, merchant, note)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Expense claims", readOnlyHint=True, openWorldHint=False))
def expense_claims(
    status: Annotated[Status | None, Field(description="Only claims in this state")] = None,
    startDate: Annotated[str | None, Field(description="Expense date from, YYYY-MM-DD (inclusive)")] = None,
    endDate: Annotated[str | None, Field(description="Expense date to, YYYY-MM-DD (inclusive)")] = None,
    maxResults: Annotated[int, Field(description="Maximum claims to return (1-50)", ge=1, le=50)] = 10,
) -> ClaimList:
    """List your expense claims, newest first. Every filter is optional."""
    try:
        return ledger.listing(status, startDate, endDate, maxResults)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
