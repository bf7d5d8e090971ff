"""Test-only conference travel server (dev set ``dev10_tools.jsonl``): a travel request for approval with a destination
city, departure and return dates, a travel class and a budget in a currency; one's travel requests by status; and
the per-diem allowance of a city.

Run with: ``python -m eval.servers.travel`` (stdio). Fixed per-diem rates (in euro) for 30 cities, fixed exchange
rates to euro, five fixed requests of the connected researcher; requests made are kept in memory (none at every
start) and get ids from TR-2026-0141. "Today" is the evaluation's simulated date, 2026-11-22, so results never
depend on the real clock. A plain server as a researcher writes one (snake_case, short docstrings).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main
from eval.servers import iso_date

TODAY = date(2026, 11, 22)
MAX_TRIP_DAYS = 60
FIRST_NEW = 141
TravelClass = Literal["economy", "premium_economy", "business", "first"]
CLASSES = ("economy", "premium_economy", "business", "first")
Status = Literal["pending_approval", "approved", "rejected", "booked"]
STATUSES = ("pending_approval", "approved", "rejected", "booked")
# currency -> euro per unit (fixed)
RATES = {
    "EUR": 1.0,
    "USD": 0.92,
    "GBP": 1.17,
    "CHF": 1.05,
    "JPY": 0.0061,
    "SEK": 0.087,
    "DKK": 0.134,
    "NOK": 0.085,
    "CAD": 0.67,
    "AUD": 0.6,
    "SGD": 0.69,
    "ZAR": 0.05,
}
# city -> (country, per diem EUR per day, lodging cap EUR per night, usual other names)
CITIES: dict[str, tuple[str, float, float, tuple[str, ...]]] = {
    "Boston": ("United States", 78.0, 260.0, ()),
    "New York": ("United States", 85.0, 300.0, ("nyc", "new york city", "manhattan")),
    "San Francisco": ("United States", 82.0, 290.0, ("sf", "san fran")),
    "San Diego": ("United States", 72.0, 220.0, ()),
    "Washington": ("United States", 80.0, 270.0, ("washington dc", "washington, dc", "dc")),
    "Chicago": ("United States", 76.0, 240.0, ()),
    "Toronto": ("Canada", 68.0, 210.0, ()),
    "Montreal": ("Canada", 64.0, 190.0, ("montréal",)),
    "London": ("United Kingdom", 70.0, 230.0, ()),
    "Edinburgh": ("United Kingdom", 60.0, 170.0, ()),
    "Paris": ("France", 68.0, 210.0, ()),
    "Lyon": ("France", 58.0, 150.0, ()),
    "Berlin": ("Germany", 56.0, 150.0, ()),
    "Munich": ("Germany", 58.0, 170.0, ("münchen", "muenchen")),
    "Heidelberg": ("Germany", 50.0, 130.0, ()),
    "Vienna": ("Austria", 55.0, 150.0, ("wien",)),
    "Zurich": ("Switzerland", 80.0, 240.0, ("zürich", "zuerich")),
    "Geneva": ("Switzerland", 80.0, 240.0, ("genève", "geneve")),
    "Barcelona": ("Spain", 58.0, 160.0, ()),
    "Madrid": ("Spain", 56.0, 150.0, ()),
    "Lisbon": ("Portugal", 52.0, 140.0, ("lisboa",)),
    "Rome": ("Italy", 58.0, 160.0, ("roma",)),
    "Copenhagen": ("Denmark", 72.0, 200.0, ("københavn",)),
    "Stockholm": ("Sweden", 66.0, 180.0, ()),
    "Tokyo": ("Japan", 66.0, 190.0, ()),
    "Kyoto": ("Japan", 60.0, 160.0, ()),
    "Singapore": ("Singapore", 64.0, 200.0, ()),
    "Sydney": ("Australia", 68.0, 200.0, ()),
    "Melbourne": ("Australia", 64.0, 180.0, ()),
    "Cape Town": ("South Africa", 44.0, 120.0, ()),
}
# request id -> (city, depart, return, class, budget, currency, purpose, status)
REQUESTS: dict[str, tuple[str, str, str, str, float, str, str, str]] = {
    "TR-2026-0118": ("Lisbon", "2026-09-14", "2026-09-18", "economy", 1400.0, "EUR", "ECCB 2026 talk", "booked"),
    "TR-2026-0127": ("Boston", "2026-10-18", "2026-10-23", "economy", 2800.0, "USD", "ASHG poster", "booked"),
    "TR-2026-0133": (
        "Kyoto",
        "2026-12-06",
        "2026-12-12",
        "premium_economy",
        3200.0,
        "EUR",
        "Collaboration visit",
        "approved",
    ),
    "TR-2026-0136": (
        "Zurich",
        "2026-12-02",
        "2026-12-03",
        "economy",
        600.0,
        "CHF",
        "Thesis committee",
        "pending_approval",
    ),
    "TR-2026-0139": (
        "San Diego",
        "2027-02-20",
        "2027-02-26",
        "business",
        6500.0,
        "USD",
        "Biophysical Society",
        "rejected",
    ),
}


class PerDiem(BaseModel):
    """A city's allowance."""

    city: str = Field(description="City")
    country: str = Field(description="Country")
    daily_rate_eur: float = Field(description="Meals and incidentals per day, in euro")
    lodging_cap_eur: float = Field(description="Maximum hotel cost per night, in euro")
    nights: int = Field(description="Nights asked about")
    total_eur: float = Field(description="Per diem for nights + 1 days plus the lodging cap for the nights")


class TravelRequest(BaseModel):
    """A travel request."""

    request_id: str = Field(description="e.g. 'TR-2026-0141'")
    destination_city: str = Field(description="City")
    depart_date: str = Field(description="YYYY-MM-DD")
    return_date: str = Field(description="YYYY-MM-DD")
    travel_class: str = Field(description="economy, premium_economy, business or first")
    budget: float = Field(description="Budget in its currency")
    currency: str = Field(description="ISO 4217 code")
    budget_eur: float = Field(description="Budget in euro at the fixed rate")
    purpose: str | None = Field(description="Purpose of the trip")
    status: str = Field(description="pending_approval, approved, rejected or booked")


class RequestMade(TravelRequest):
    """A new request, with the policy checks."""

    nights: int = Field(description="Nights away")
    estimated_allowance_eur: float = Field(description="Per diem and lodging cap for the trip, in euro")
    approver: str = Field(description="Who approves it")
    warnings: list[str] = Field(description="Policy warnings the approver will see (empty: none)")


class RequestList(BaseModel):
    """One's travel requests."""

    status: str | None = Field(description="Status filter (null: any)")
    requests: list[TravelRequest] = Field(description="Requests, latest departure first")


def city_name(text: str) -> str:
    """The city of ``text`` (name or usual other name, a trailing country ignored).

    Raises:
        ValueError: for a city without a per-diem rate, listing them.
    """
    key = " ".join((text or "").strip().lower().split())
    key = key.split(",")[0].strip()
    for name, (_, _, _, aliases) in CITIES.items():
        if key == name.lower() or key in aliases:
            return name
    raise ValueError(f"No per-diem rate for '{text}'. Cities: {', '.join(CITIES)}.")


def currency_code(text: str) -> str:
    """``text`` as a supported ISO 4217 code.

    Raises:
        ValueError: for a symbol, a name or an unsupported currency.
    """
    key = (text or "").strip().upper()
    symbols = {"€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY", "EURO": "EUR", "EUROS": "EUR", "DOLLARS": "USD"}
    if key in symbols:
        raise ValueError(f"currency is an ISO 4217 code: send '{symbols[key]}', not '{text}'.")
    if not re.fullmatch(r"[A-Z]{3}", key) or key not in RATES:
        raise ValueError(f"Unsupported currency '{text}'. Currencies: {', '.join(RATES)}.")
    return key


def per_diem(city: str, nights: int = 1) -> PerDiem:
    """The allowance of ``city`` for ``nights`` nights.

    Raises:
        ValueError: for an unknown city or nights out of range.
    """
    name = city_name(city)
    if isinstance(nights, bool) or not isinstance(nights, int) or not 0 <= nights <= MAX_TRIP_DAYS:
        raise ValueError(f"nights must be a whole number from 0 to {MAX_TRIP_DAYS}.")
    country, daily, lodging, _ = CITIES[name]
    return PerDiem(
        city=name,
        country=country,
        daily_rate_eur=daily,
        lodging_cap_eur=lodging,
        nights=nights,
        total_eur=round(daily * (nights + 1) + lodging * nights, 2),
    )


def _request(key: str, row: tuple[str, str, str, str, float, str, str, str]) -> TravelRequest:
    city, depart, back, klass, budget, currency, purpose, status = row
    return TravelRequest(
        request_id=key,
        destination_city=city,
        depart_date=depart,
        return_date=back,
        travel_class=klass,
        budget=budget,
        currency=currency,
        budget_eur=round(budget * RATES[currency], 2),
        purpose=purpose or None,
        status=status,
    )


class Office:
    """The researcher's travel requests, with those made since the server started."""

    def __init__(self) -> None:
        self.requests = dict(REQUESTS)

    def listing(self, status: str | None = None) -> RequestList:
        """Requests with ``status``, latest departure first.

        Raises:
            ValueError: for an unknown status.
        """
        wanted = (status or "").strip().lower() or None
        if wanted is not None and wanted not in STATUSES:
            raise ValueError(f"status must be one of: {', '.join(STATUSES)}.")
        found = [_request(k, v) for k, v in self.requests.items() if wanted is None or v[7] == wanted]
        found.sort(key=lambda r: (r.depart_date, r.request_id), reverse=True)
        return RequestList(status=wanted, requests=found)

    def request(
        self,
        city: str,
        depart: str,
        back: str,
        budget: float,
        currency: str = "EUR",
        travel_class: str = "economy",
        purpose: str | None = None,
    ) -> RequestMade:
        """A new request for approval.

        Raises:
            ValueError: for an unknown city, class or currency, bad dates, or a budget that is not a positive number.
        """
        name = city_name(city)
        start = iso_date(depart, "2026-12-03")
        end = iso_date(back, "2026-12-07")
        if start < TODAY:
            raise ValueError(f"depart_date {start.isoformat()} is in the past (today is {TODAY.isoformat()}).")
        if end < start:
            raise ValueError(f"return_date {end.isoformat()} is before depart_date {start.isoformat()}.")
        if (end - start).days > MAX_TRIP_DAYS:
            raise ValueError(f"Trips longer than {MAX_TRIP_DAYS} days need a secondment form, not a travel request.")
        klass = (travel_class or "economy").strip().lower().replace(" ", "_").replace("-", "_")
        if klass not in CLASSES:
            raise ValueError(f"travel_class must be one of: {', '.join(CLASSES)}, not '{travel_class}'.")
        code = currency_code(currency)
        if isinstance(budget, bool) or not isinstance(budget, int | float) or budget <= 0:
            raise ValueError("budget must be a number above 0, in the currency given.")
        nights = (end - start).days
        allowance = per_diem(name, nights).total_eur
        budget_eur = round(budget * RATES[code], 2)
        warnings = []
        if klass in ("business", "first"):
            warnings.append(f"{klass.replace('_', ' ').title()} class needs the dean's approval and a justification.")
        if budget_eur < allowance:
            warnings.append(
                f"Budget ({budget_eur:g} EUR) is below the per diem and lodging allowance ({allowance:g} EUR) alone."
            )
        if (start - TODAY).days < 14:
            warnings.append("Departure in less than 14 days: fares may be above the budget.")
        key = f"TR-2026-{FIRST_NEW + len(self.requests) - len(REQUESTS):04d}"
        row = (
            name,
            start.isoformat(),
            end.isoformat(),
            klass,
            float(budget),
            code,
            (purpose or "").strip(),
            "pending_approval",
        )
        self.requests[key] = row
        made = _request(key, row)
        return RequestMade(
            **made.model_dump(),
            nights=nights,
            estimated_allowance_eur=allowance,
            approver="Prof. Lindqvist",
            warnings=warnings,
        )


office = Office()
server = MCPServer("eval-travel", instructions="Conference and research travel requests. Test-only.")


@server.tool(
    annotations=ToolAnnotations(title="Request travel", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def request_travel(
    destination_city: Annotated[str, Field(description="City you travel to, e.g. 'Boston'")],
    depart_date: Annotated[str, Field(description="Departure date, YYYY-MM-DD")],
    return_date: Annotated[str, Field(description="Return date, YYYY-MM-DD")],
    budget: Annotated[float, Field(description="Total budget for the trip (travel, hotel, fees)", gt=0)],
    currency: Annotated[str, Field(description="Currency of the budget, ISO code such as EUR or USD")] = "EUR",
    travel_class: Annotated[TravelClass, Field(description="Class of travel")] = "economy",
    purpose: Annotated[str | None, Field(description="Why you travel, e.g. the conference")] = None,
) -> RequestMade:
    """Submit a travel request to your group leader for approval. Returns the request id and any policy warnings."""
    try:
        return office.request(destination_city, depart_date, return_date, budget, currency, travel_class, purpose)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="My travel requests", readOnlyHint=True, openWorldHint=False))
def list_travel_requests(
    status: Annotated[Status | None, Field(description="Only requests with this status")] = None,
) -> RequestList:
    """List your travel requests and their approval status."""
    try:
        return office.listing(status)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Per diem", readOnlyHint=True, openWorldHint=False))
def get_per_diem(
    city: Annotated[str, Field(description="City, e.g. 'Tokyo'")],
    nights: Annotated[int, Field(description="Number of nights", ge=0, le=MAX_TRIP_DAYS)] = 1,
) -> PerDiem:
    """Look up the institute's per-diem (daily allowance) and hotel cap for a city, and the total for a stay."""
    try:
        return per_diem(city, nights)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
