"""Test-only specimen shipping server (dev set ``dev9_tools.jsonl``): rate quotes for (dry-ice) parcels by weight in kg,
destination country code and service, shipment creation, and voiding a shipment's label.

Run with: ``python -m eval.servers.shipping`` (stdio). Parcels leave the institute in Heidelberg (DE); fixed rate
tables for 16 countries in four zones; four fixed shipments; shipments created or voided are kept in memory (none
at every start). "Today" is the evaluation's simulated date, Sunday 2026-11-22, so parcels go out on Monday
2026-11-23. The tool shapes follow widely used public MCP servers (camelCase parameters, a country-code pattern, a
required enum, a weight in kg, an optional boolean, a destructive void).
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
PICKUP = date(2026, 11, 23)
COUNTRY_PATTERN = r"^[A-Z]{2}$"
SHIPMENT_PATTERN = r"^SHP-\d{6}$"
_COUNTRY = re.compile(COUNTRY_PATTERN)
_SHIPMENT = re.compile(SHIPMENT_PATTERN)
MIN_KG, MAX_KG = 0.1, 68.0
MAX_DRY_ICE_KG = 25.0
FIRST_NEW = 260420
Service = Literal["economy", "express", "overnight"]
# country code -> (name, zone)
COUNTRIES: dict[str, tuple[str, int]] = {
    "DE": ("Germany", 0),
    "AT": ("Austria", 1),
    "BE": ("Belgium", 1),
    "CH": ("Switzerland", 1),
    "DK": ("Denmark", 1),
    "ES": ("Spain", 1),
    "FR": ("France", 1),
    "IT": ("Italy", 1),
    "NL": ("Netherlands", 1),
    "SE": ("Sweden", 1),
    "GB": ("United Kingdom", 2),
    "NO": ("Norway", 2),
    "US": ("United States", 3),
    "CA": ("Canada", 3),
    "JP": ("Japan", 3),
    "AU": ("Australia", 3),
}
NAMES = {"UK": "GB", "EN": "GB", "USA": "US", "GER": "DE", "SUI": "CH"}
# zone -> service -> (base EUR, EUR per kg, transit working days); overnight only in zones 0 and 1
RATES: dict[int, dict[str, tuple[float, float, int]]] = {
    0: {"economy": (9.5, 0.8, 2), "express": (18.0, 1.2, 1), "overnight": (32.0, 1.5, 1)},
    1: {"economy": (24.0, 2.1, 4), "express": (48.0, 3.4, 2), "overnight": (89.0, 4.2, 1)},
    2: {"economy": (31.0, 2.8, 5), "express": (62.0, 4.1, 2)},
    3: {"economy": (58.0, 6.5, 8), "express": (115.0, 9.8, 3)},
}
DRY_ICE_FEE_EUR = 25.0
INSURANCE_EUR = 12.0
# shipment id -> (recipient, country, service, weight kg, dry ice kg, status, created)
SHIPMENTS: dict[str, tuple[str, str, str, float, float, str, str]] = {
    "SHP-260409": ("Dr. A. Moreau, Institut Pasteur", "FR", "express", 6.5, 5.0, "in_transit", "2026-11-19"),
    "SHP-260411": ("J. Park, Broad Institute", "US", "express", 12.0, 10.0, "label_created", "2026-11-20"),
    "SHP-260414": ("Biobank Core, Karolinska", "SE", "overnight", 3.0, 2.0, "delivered", "2026-11-16"),
    "SHP-260415": ("L. Evans, Sanger Institute", "GB", "express", 8.0, 6.0, "label_created", "2026-11-21"),
}


class Rate(BaseModel):
    """One service's price."""

    service: str = Field(description="economy, express or overnight")
    priceEur: float = Field(description="Total price in euro")
    transitDays: int = Field(description="Working days in transit")
    estimatedDelivery: str = Field(description="YYYY-MM-DD, picked up on the next working day")
    dryIceOk: bool = Field(description="Dry ice lasts the transit (at most 3 working days)")


class Quote(BaseModel):
    """Rates for one parcel."""

    weightKg: float = Field(description="Parcel weight, kg")
    destinationCountry: str = Field(description="ISO 3166-1 alpha-2 code")
    countryName: str = Field(description="Country name")
    dryIceKg: float = Field(description="Dry ice declared, kg (UN1845)")
    insured: bool = Field(description="Declared-value insurance included")
    requested: Rate = Field(description="The service asked for")
    alternatives: list[Rate] = Field(description="The other services to that country")


class Shipment(BaseModel):
    """A shipment."""

    shipmentId: str = Field(description="e.g. 'SHP-260411'")
    recipient: str = Field(description="Recipient")
    destinationCountry: str = Field(description="ISO code")
    service: str = Field(description="Service")
    weightKg: float = Field(description="kg")
    dryIceKg: float = Field(description="kg")
    insured: bool = Field(description="Insured")
    priceEur: float = Field(description="Price in euro")
    status: str = Field(description="label_created, in_transit, delivered or voided")
    created: str = Field(description="YYYY-MM-DD")
    pickupDate: str = Field(description="YYYY-MM-DD")
    estimatedDelivery: str = Field(description="YYYY-MM-DD")
    contents: str = Field(description="Declared contents")


class Voided(BaseModel):
    """A voided shipment label."""

    shipmentId: str = Field(description="The shipment")
    previousStatus: str = Field(description="Status before voiding")
    status: str = Field(description="'voided'")
    refundEur: float = Field(description="Amount refunded")


def country_code(text: str) -> str:
    """``text`` checked as a served ISO country code ('de' is accepted).

    Raises:
        ValueError: for a name ('Germany'), 'UK', or a country not served, with the code to send.
    """
    raw = (text or "").strip()
    key = raw.upper()
    if key in NAMES:
        raise ValueError(f"Use the ISO 3166-1 alpha-2 code '{NAMES[key]}', not {raw!r}.")
    for code, (name, _) in COUNTRIES.items():
        if key == name.upper():
            raise ValueError(f"destinationCountry is a two-letter ISO code: send '{code}' for {name}.")
    if not _COUNTRY.match(key):
        raise ValueError("destinationCountry is a two-letter ISO 3166-1 code, e.g. 'FR', 'GB', 'US'.")
    if key not in COUNTRIES:
        raise ValueError(f"No service to {key}. Countries: {', '.join(COUNTRIES)}.")
    return key


def _working_days_after(start: date, days: int) -> date:
    day = start
    while days:
        day += timedelta(days=1)
        if day.weekday() < 5:
            days -= 1
    return day


def _check(weight_kg: float, dry_ice_kg: float) -> None:
    if isinstance(weight_kg, bool) or not isinstance(weight_kg, int | float):
        raise ValueError(f"weightKg must be a number of kilograms, not {weight_kg!r}.")
    if not MIN_KG <= weight_kg <= MAX_KG:
        raise ValueError(
            f"weightKg={weight_kg:g} is outside {MIN_KG:g}-{MAX_KG:g} kg. weightKg is in kilograms: 800 g is 0.8,"
            " 10 lb is 4.54."
        )
    if isinstance(dry_ice_kg, bool) or not isinstance(dry_ice_kg, int | float) or dry_ice_kg < 0:
        raise ValueError("dryIceKg must be 0 or a positive number of kilograms.")
    if dry_ice_kg > MAX_DRY_ICE_KG or dry_ice_kg > weight_kg:
        raise ValueError(f"dryIceKg must be at most {MAX_DRY_ICE_KG:g} kg and no more than weightKg.")


def _rate(zone: int, service: str, weight_kg: float, dry_ice_kg: float, insured: bool) -> Rate:
    base, per_kg, days = RATES[zone][service]
    price = base + per_kg * weight_kg + (DRY_ICE_FEE_EUR if dry_ice_kg else 0) + (INSURANCE_EUR if insured else 0)
    return Rate(
        service=service,
        priceEur=round(price, 2),
        transitDays=days,
        estimatedDelivery=_working_days_after(PICKUP, days - 1).isoformat() if days > 1 else PICKUP.isoformat(),
        dryIceOk=days <= 3,
    )


def quote(weight_kg: float, destination: str, service: str, dry_ice_kg: float = 0, insured: bool = False) -> Quote:
    """Prices for the parcel.

    Raises:
        ValueError: for a bad weight, country code or service, or overnight where it is not offered.
    """
    _check(weight_kg, dry_ice_kg)
    code = country_code(destination)
    name, zone = COUNTRIES[code]
    if service not in ("economy", "express", "overnight"):
        raise ValueError(f"Unknown service {service!r}. Use one of: economy, express, overnight.")
    if service not in RATES[zone]:
        raise ValueError(f"No overnight service to {name}; use 'express' ({RATES[zone]['express'][2]} days).")
    return Quote(
        weightKg=float(weight_kg),
        destinationCountry=code,
        countryName=name,
        dryIceKg=float(dry_ice_kg),
        insured=bool(insured),
        requested=_rate(zone, service, weight_kg, dry_ice_kg, insured),
        alternatives=[_rate(zone, s, weight_kg, dry_ice_kg, insured) for s in RATES[zone] if s != service],
    )


class Desk:
    """The fixed shipments plus those created or voided since the server started."""

    def __init__(self) -> None:
        self.shipments: dict[str, Shipment] = {}
        for sid, (recipient, country, service, kg, ice, status, created) in SHIPMENTS.items():
            rate = _rate(COUNTRIES[country][1], service, kg, ice, False)
            self.shipments[sid] = Shipment(
                shipmentId=sid,
                recipient=recipient,
                destinationCountry=country,
                service=service,
                weightKg=kg,
                dryIceKg=ice,
                insured=False,
                priceEur=rate.priceEur,
                status=status,
                created=created,
                pickupDate=created,
                estimatedDelivery=created,
                contents="frozen samples",
            )

    def create(
        self,
        weight_kg: float,
        destination: str,
        service: str,
        recipient: str,
        contents: str,
        dry_ice_kg: float = 0,
        insured: bool = False,
    ) -> Shipment:
        """A new shipment with its label.

        Raises:
            ValueError: as ``quote``, for an empty recipient or contents, or dry ice on a service too slow for it.
        """
        offer = quote(weight_kg, destination, service, dry_ice_kg, insured)
        if not (recipient or "").strip():
            raise ValueError("recipient must name the person and institute receiving the parcel.")
        if not (contents or "").strip():
            raise ValueError("contents must describe what is shipped, e.g. 'frozen plasma samples'.")
        if dry_ice_kg and not offer.requested.dryIceOk:
            raise ValueError(
                f"{service} to {offer.countryName} takes {offer.requested.transitDays} working days; dry ice lasts "
                "3. Use 'express'."
            )
        number = max(max(int(s[4:]) for s in self.shipments) + 1, FIRST_NEW)
        shipment = Shipment(
            shipmentId=f"SHP-{number}",
            recipient=recipient.strip(),
            destinationCountry=offer.destinationCountry,
            service=service,
            weightKg=float(weight_kg),
            dryIceKg=float(dry_ice_kg),
            insured=bool(insured),
            priceEur=offer.requested.priceEur,
            status="label_created",
            created=TODAY.isoformat(),
            pickupDate=PICKUP.isoformat(),
            estimatedDelivery=offer.requested.estimatedDelivery,
            contents=contents.strip(),
        )
        self.shipments[shipment.shipmentId] = shipment
        return shipment

    def void(self, shipment_id: str) -> Voided:
        """Void the label of a shipment not yet picked up.

        Raises:
            ValueError: for a bad or unknown id, or a shipment already on its way.
        """
        key = (shipment_id or "").strip().upper()
        if not _SHIPMENT.match(key):
            digits = re.sub(r"\D", "", key)
            hint = f" (send 'SHP-{digits}')" if len(digits) == 6 else ""
            raise ValueError(f"shipmentId is 'SHP-' and six digits, e.g. 'SHP-260411'{hint}.")
        if key not in self.shipments:
            raise ValueError(f"No shipment {key}. Shipments: {', '.join(self.shipments)}.")
        shipment = self.shipments[key]
        if shipment.status != "label_created":
            raise ValueError(
                f"{key} is {shipment.status.replace('_', ' ')}; only labels not yet picked up can be voided."
            )
        previous = shipment.status
        shipment.status = "voided"
        return Voided(shipmentId=key, previousStatus=previous, status="voided", refundEur=shipment.priceEur)


desk = Desk()
server = MCPServer(
    "eval-shipping", instructions="Specimen shipping desk: dry-ice parcel rates, shipments, labels. Test-only."
)
_WEIGHT = Field(description="Gross parcel weight in kilograms, dry ice included", gt=0)
_COUNTRY_FIELD = Field(description="Destination country, ISO 3166-1 alpha-2 code, e.g. 'FR'", pattern=COUNTRY_PATTERN)
_SERVICE = Field(description="economy (cheapest), express (2-3 days) or overnight (next day, Europe only)")
_DRY_ICE = Field(description="Dry ice in the parcel, kilograms (0 for none)", ge=0)
_INSURED = Field(description="Add declared-value insurance")


@server.tool(annotations=ToolAnnotations(title="Shipment rates", readOnlyHint=True, openWorldHint=False))
def shipment_rates(
    weightKg: Annotated[float, _WEIGHT],
    destinationCountry: Annotated[str, _COUNTRY_FIELD],
    service: Annotated[Service, _SERVICE],
    dryIceKg: Annotated[float, _DRY_ICE] = 0,
    insured: Annotated[bool, _INSURED] = False,
) -> Quote:
    """Get a price quote for sending a parcel of samples from the institute, with the delivery estimate for the
    requested service and the alternatives. Nothing is booked."""
    try:
        return quote(weightKg, destinationCountry, service, dryIceKg, insured)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Create shipment", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def create_shipment(
    weightKg: Annotated[float, _WEIGHT],
    destinationCountry: Annotated[str, _COUNTRY_FIELD],
    service: Annotated[Service, _SERVICE],
    recipient: Annotated[str, Field(description="Recipient name and institute")],
    contents: Annotated[str, Field(description="What is shipped, e.g. 'frozen plasma samples'")],
    dryIceKg: Annotated[float, _DRY_ICE] = 0,
    insured: Annotated[bool, _INSURED] = False,
) -> Shipment:
    """Create a shipment and its label for a parcel of samples; the courier picks it up on the next working day.
    Returns the shipment id (SHP-xxxxxx) and price."""
    try:
        return desk.create(weightKg, destinationCountry, service, recipient, contents, dryIceKg, insured)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Void shipment", readOnlyHint=False, destructiveHint=True, openWorldHint=False)
)
def void_shipment(
    shipmentId: Annotated[str, Field(description="Shipment id, e.g. 'SHP-260411'", pattern=SHIPMENT_PATTERN)],
) -> Voided:
    """Void (cancel) a shipment's label before pickup and refund it. Cannot be undone."""
    try:
        return desk.void(shipmentId)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
