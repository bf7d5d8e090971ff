"""Test-only animal facility server (dev set ``dev7_tools.jsonl``): cage cards of the colony, a cage search by strain,
genotype and sex, and body-weight entries for single animals.

Run with: ``python -m eval.servers.vivarium`` (stdio). A fixed colony of 13 cages (mice and rats, fictional
protocols and groups); weights entered are kept in memory (none at every start). "Today" is the evaluation's
simulated date, 2026-11-22, so results never depend on the real clock.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main
from eval.servers import iso_date

TODAY = date(2026, 11, 22)
CAGE_PATTERN = r"^CG-\d{4}$"
TAG_PATTERN = r"^\d{3,6}$"
_CAGE = re.compile(CAGE_PATTERN)
_TAG = re.compile(TAG_PATTERN)
SEXES = ("female", "male", "mixed")
ALERT_LOSS_PERCENT = 15.0
# plausible body weights in grams, per species, for the unit check
WEIGHT_RANGE = {"mouse": (5.0, 80.0), "rat": (30.0, 1000.0)}
# strain -> (species, usual other names)
STRAINS: dict[str, tuple[str, tuple[str, ...]]] = {
    "C57BL/6J": ("mouse", ("b6", "bl6", "black 6", "black six", "c57", "c57bl/6", "c57bl6", "c57bl6j", "c57 black 6")),
    "BALB/c": ("mouse", ("balb", "balbc", "balb/cj", "balb c")),
    "NU/J (athymic nude)": ("mouse", ("nude", "nu/j", "nu/nu", "athymic", "athymic nude", "nude mice")),
    "Sprague Dawley": ("rat", ("sd", "sprague-dawley", "sprague dawley rat", "sd rat")),
    "Wistar": ("rat", ("wistar rat", "wistar han")),
}
# cage id -> (room, rack position, strain, genotype, sex, protocol, PI, set up, status, notes,
#             animals: (ear tag, date of birth, last weight g, date weighed))
CAGES: dict[str, tuple[str, str, str, str, str, str, str, str, str, str, tuple[tuple[str, str, float, str], ...]]] = {
    "CG-0012": (
        "B-102",
        "R1-A2",
        "BALB/c",
        "wild type",
        "female",
        "AUP-2025-014",
        "Menon",
        "2026-10-01",
        "active",
        "Immunisation cohort 2",
        (
            ("871", "2026-07-20", 20.3, "2026-11-18"),
            ("872", "2026-07-20", 19.8, "2026-11-18"),
            ("873", "2026-07-20", 21.0, "2026-11-18"),
        ),
    ),
    "CG-0127": (
        "B-104",
        "R3-B1",
        "NU/J (athymic nude)",
        "Foxn1 nu/nu",
        "female",
        "AUP-2024-052",
        "Lindqvist",
        "2026-10-20",
        "active",
        "Xenograft study XG-7, tumour measurements Mon/Thu",
        (
            ("2210", "2026-08-30", 22.6, "2026-11-19"),
            ("2211", "2026-08-30", 21.9, "2026-11-19"),
            ("2212", "2026-08-30", 19.1, "2026-11-19"),
            ("2213", "2026-08-30", 22.0, "2026-11-19"),
            ("2214", "2026-08-30", 23.2, "2026-11-19"),
        ),
    ),
    "CG-0128": (
        "B-104",
        "R3-B2",
        "NU/J (athymic nude)",
        "Foxn1 nu/nu",
        "female",
        "AUP-2024-052",
        "Lindqvist",
        "2026-10-20",
        "active",
        "Xenograft study XG-7, vehicle controls",
        (
            ("2215", "2026-08-30", 22.9, "2026-11-19"),
            ("2216", "2026-08-30", 23.4, "2026-11-19"),
            ("2217", "2026-08-30", 22.1, "2026-11-19"),
            ("2218", "2026-08-30", 21.8, "2026-11-19"),
        ),
    ),
    "CG-0300": (
        "C-010",
        "R1-A1",
        "Sprague Dawley",
        "wild type",
        "male",
        "AUP-2025-007",
        "Haddad",
        "2026-11-02",
        "active",
        "Surgery cohort, post-op weights daily for 7 days",
        (("501", "2026-08-15", 342.0, "2026-11-21"), ("502", "2026-08-15", 338.5, "2026-11-21")),
    ),
    "CG-0301": (
        "C-010",
        "R1-A2",
        "Wistar",
        "wild type",
        "female",
        "AUP-2025-007",
        "Haddad",
        "2026-11-02",
        "active",
        "",
        (("511", "2026-08-20", 251.0, "2026-11-16"), ("512", "2026-08-20", 246.5, "2026-11-16")),
    ),
    "CG-0412": (
        "B-104",
        "R2-C3",
        "C57BL/6J",
        "wild type",
        "female",
        "AUP-2024-031",
        "Okafor",
        "2026-09-14",
        "active",
        "High-fat diet pilot, weigh weekly",
        (
            ("1043", "2026-08-02", 21.4, "2026-11-15"),
            ("1044", "2026-08-02", 20.9, "2026-11-15"),
            ("1045", "2026-08-02", 22.1, "2026-11-15"),
            ("1046", "2026-08-02", 21.7, "2026-11-15"),
        ),
    ),
    "CG-0415": (
        "B-104",
        "R2-C4",
        "C57BL/6J",
        "Trp53 fl/fl; Alb-Cre+",
        "male",
        "AUP-2024-031",
        "Okafor",
        "2026-09-14",
        "active",
        "Liver knockout cohort",
        (
            ("1101", "2026-07-28", 27.8, "2026-11-15"),
            ("1102", "2026-07-28", 28.3, "2026-11-15"),
            ("1103", "2026-07-28", 26.9, "2026-11-15"),
            ("1104", "2026-07-28", 27.2, "2026-11-15"),
        ),
    ),
    "CG-0416": (
        "B-104",
        "R2-C5",
        "C57BL/6J",
        "Trp53 fl/fl (Cre-negative littermates)",
        "male",
        "AUP-2024-031",
        "Okafor",
        "2026-09-14",
        "active",
        "Littermate controls for CG-0415",
        (("1105", "2026-07-28", 28.0, "2026-11-15"), ("1106", "2026-07-28", 27.5, "2026-11-15")),
    ),
    "CG-0777": (
        "B-106",
        "R4-A1",
        "C57BL/6J",
        "APP/PS1 hemizygous",
        "male",
        "AUP-2023-088",
        "Zhang",
        "2026-06-10",
        "active",
        "Behaviour battery in December",
        (
            ("4410", "2026-03-02", 31.2, "2026-11-20"),
            ("4411", "2026-03-02", 30.4, "2026-11-20"),
            ("4412", "2026-03-02", 32.0, "2026-11-20"),
            ("4413", "2026-03-02", 29.9, "2026-11-20"),
        ),
    ),
    "CG-0778": (
        "B-106",
        "R4-A2",
        "C57BL/6J",
        "wild type (APP/PS1 littermates)",
        "male",
        "AUP-2023-088",
        "Zhang",
        "2026-06-10",
        "active",
        "Behaviour battery in December",
        (
            ("4420", "2026-03-02", 30.8, "2026-11-20"),
            ("4421", "2026-03-02", 31.5, "2026-11-20"),
            ("4422", "2026-03-02", 29.6, "2026-11-20"),
        ),
    ),
    "CG-0940": (
        "B-102",
        "R1-C1",
        "BALB/c",
        "wild type",
        "female",
        "AUP-2023-019",
        "Menon",
        "2025-11-03",
        "retired",
        "Study ended 2026-10-30",
        (),
    ),
    "CG-1020": (
        "B-108",
        "R5-A1",
        "C57BL/6J",
        "Ai14 (Rosa26-tdTomato) x wild type",
        "mixed",
        "AUP-2024-031",
        "Okafor",
        "2026-08-01",
        "breeding",
        "Trio: 1 male, 2 females; litter expected early December",
        (
            ("3301", "2026-04-11", 29.5, "2026-11-10"),
            ("3302", "2026-04-18", 24.1, "2026-11-10"),
            ("3303", "2026-04-18", 25.8, "2026-11-10"),
        ),
    ),
    "CG-1021": (
        "B-108",
        "R5-A2",
        "C57BL/6J",
        "Cx3cr1-GFP/+ x wild type",
        "mixed",
        "AUP-2023-088",
        "Zhang",
        "2026-07-15",
        "breeding",
        "Pair",
        (("3340", "2026-03-30", 28.7, "2026-11-10"), ("3341", "2026-04-02", 23.9, "2026-11-10")),
    ),
}


class Animal(BaseModel):
    """One animal of a cage."""

    ear_tag: str = Field(description="Ear tag number")
    date_of_birth: str = Field(description="YYYY-MM-DD")
    age_weeks: int = Field(description="Age in whole weeks on the facility's current date")
    last_weight_g: float | None = Field(description="Most recent body weight, grams")
    last_weighed: str | None = Field(description="Date of that weight, YYYY-MM-DD")


class CageCard(BaseModel):
    """A cage card of the colony database."""

    cage_id: str = Field(description="e.g. 'CG-0412'")
    room: str = Field(description="Housing room")
    rack_position: str = Field(description="Rack, row and column, e.g. 'R2-C3'")
    species: str = Field(description="mouse or rat")
    strain: str = Field(description="Official strain name")
    genotype: str = Field(description="Genotype as on the card")
    sex: str = Field(description="female, male or mixed")
    protocol: str = Field(description="Animal use protocol number")
    pi: str = Field(description="Responsible investigator")
    set_up: str = Field(description="Date the cage was set up, YYYY-MM-DD")
    status: str = Field(description="active, breeding or retired")
    notes: str = Field(description="Free-text card notes")
    animals: list[Animal] = Field(description="Animals currently housed (empty for a retired cage)")


class CageSummary(BaseModel):
    """One cage in a search result."""

    cage_id: str = Field(description="e.g. 'CG-0412'")
    room: str = Field(description="Housing room")
    strain: str = Field(description="Official strain name")
    genotype: str = Field(description="Genotype as on the card")
    sex: str = Field(description="female, male or mixed")
    animals: int = Field(description="Number of animals")
    pi: str = Field(description="Responsible investigator")
    status: str = Field(description="active, breeding or retired")


class CageSearch(BaseModel):
    """Cages matching the filters."""

    strain: str | None = Field(description="Strain filter, as resolved (null: any)")
    genotype: str | None = Field(description="Genotype filter (null: any)")
    sex: str | None = Field(description="Sex filter (null: any)")
    include_retired: bool = Field(description="Whether retired cages were included")
    cages: list[CageSummary] = Field(description="Matching cages in id order")


class WeightEntry(BaseModel):
    """A body weight recorded for one animal."""

    entry_id: str = Field(description="Reference of the entry, e.g. 'BW-2026-0001'")
    cage_id: str = Field(description="The cage")
    ear_tag: str = Field(description="The animal")
    weight_g: float = Field(description="Weight recorded, grams")
    measured_on: str = Field(description="Date of the measurement, YYYY-MM-DD")
    previous_weight_g: float | None = Field(description="The animal's previous weight, grams")
    change_percent: float | None = Field(description="Change from the previous weight, %, 1 decimal")
    alert: bool = Field(description="True when the animal lost 15% or more since the previous weight")
    message: str = Field(description="What the facility's welfare rule says about this entry")


def strain_name(text: str) -> str:
    """The official strain for ``text`` (a name or a usual abbreviation).

    Raises:
        ValueError: for an unknown strain, listing the colony's strains.
    """
    key = " ".join((text or "").lower().replace("mice", "").replace("mouse", "").split())
    for name, (_, aliases) in STRAINS.items():
        if key in {name.lower(), *aliases}:
            return name
    raise ValueError(f"No strain '{text}' in the colony. Strains: {', '.join(STRAINS)}.")


def cage_id(text: str) -> str:
    """``text`` checked as a cage id ('cg-0412' is accepted as 'CG-0412').

    Raises:
        ValueError: for another form (a bare number, 'cage 412') or an unknown cage.
    """
    key = (text or "").strip().upper()
    if not _CAGE.match(key):
        digits = re.search(r"\d{1,4}", key)
        hint = f"'CG-{int(digits[0]):04d}'" if digits else "'CG-0412'"
        raise ValueError(f"cage_id must be 'CG-' and four digits, as on the cage card, e.g. {hint}.")
    if key not in CAGES:
        raise ValueError(f"No cage {key} in the colony. Find cages with find_cages.")
    return key


def _age_weeks(born: str) -> int:
    return (TODAY - date.fromisoformat(born)).days // 7


def card(cage: str) -> CageCard:
    """The cage card of ``cage``."""
    key = cage_id(cage)
    room, rack, strain, genotype, sex, protocol, pi, set_up, status, notes, animals = CAGES[key]
    return CageCard(
        cage_id=key,
        room=room,
        rack_position=rack,
        species=STRAINS[strain][0],
        strain=strain,
        genotype=genotype,
        sex=sex,
        protocol=protocol,
        pi=pi,
        set_up=set_up,
        status=status,
        notes=notes,
        animals=[
            Animal(ear_tag=t, date_of_birth=b, age_weeks=_age_weeks(b), last_weight_g=w, last_weighed=d)
            for t, b, w, d in animals
        ],
    )


def find(
    strain: str | None = None, genotype: str | None = None, sex: str | None = None, include_retired: bool = False
) -> CageSearch:
    """Cages of ``strain`` whose genotype contains ``genotype``'s words, of ``sex``.

    Raises:
        ValueError: for an unknown strain or a sex other than female, male or mixed.
    """
    wanted = strain_name(strain) if strain else None
    gender = (sex or "").strip().lower() or None
    if gender in {"f", "females"}:
        gender = "female"
    if gender in {"m", "males"}:
        gender = "male"
    if gender is not None and gender not in SEXES:
        raise ValueError(f"sex must be 'female', 'male' or 'mixed' (breeding cages), not '{sex}'.")
    words = re.findall(r"[\w/+-]+", (genotype or "").lower())
    found = []
    for key, (room, _, name, geno, cage_sex, _, pi, _, status, _, animals) in CAGES.items():
        if wanted and name != wanted:
            continue
        if gender and cage_sex != gender:
            continue
        if status == "retired" and not include_retired:
            continue
        if words and not all(w in geno.lower() for w in words):
            continue
        found.append(
            CageSummary(
                cage_id=key,
                room=room,
                strain=name,
                genotype=geno,
                sex=cage_sex,
                animals=len(animals),
                pi=pi,
                status=status,
            )
        )
    return CageSearch(
        strain=wanted, genotype=genotype or None, sex=gender, include_retired=bool(include_retired), cages=found
    )


class WeightLog:
    """Body weights entered since the server started (on top of the cards' last weights)."""

    def __init__(self) -> None:
        self.entries: list[WeightEntry] = []

    def record(self, cage: str, ear_tag: str, weight_g: float, measured_on: str | None = None) -> WeightEntry:
        """Enter ``weight_g`` grams for animal ``ear_tag`` of ``cage`` on ``measured_on`` (default today).

        Raises:
            ValueError: for an unknown cage or tag, a weight that is not a plausible number of grams for the species,
                or a date that is malformed, in the future or before the animal was born.
        """
        key = cage_id(cage)
        tag = str(ear_tag).strip().lstrip("#")
        _, _, strain, *_, animals = CAGES[key]
        tags = [a[0] for a in animals]
        if not _TAG.match(tag):
            raise ValueError(f"ear_tag is the number on the tag (digits only), e.g. '{tags[0] if tags else '1043'}'.")
        if tag not in tags:
            listed = ", ".join(tags) if tags else "none (the cage is retired)"
            raise ValueError(f"No animal with ear tag {tag} in {key}. Tags in {key}: {listed}.")
        species = STRAINS[strain][0]
        low, high = WEIGHT_RANGE[species]
        if isinstance(weight_g, bool) or not isinstance(weight_g, int | float):
            raise ValueError(f"weight_g must be a number of grams, not {weight_g!r}.")
        if not low <= weight_g <= high:
            raise ValueError(
                f"weight_g={weight_g:g} is not a plausible {species} weight ({low:g}-{high:g} g). weight_g is in "
                "grams: 0.0234 kg is 23.4, 23 400 mg is 23.4."
            )
        day = iso_date(measured_on, "2026-11-21") if measured_on else TODAY
        if day > TODAY:
            raise ValueError(f"measured_on {day.isoformat()} is in the future (today is {TODAY.isoformat()}).")
        animal = animals[tags.index(tag)]
        if day < date.fromisoformat(animal[1]):
            raise ValueError(f"measured_on {day.isoformat()} is before the animal was born ({animal[1]}).")
        earlier = [e for e in self.entries if e.cage_id == key and e.ear_tag == tag]
        previous = earlier[-1].weight_g if earlier else animal[2]
        change = round(100 * (weight_g - previous) / previous, 1) if previous else None
        alert = change is not None and change <= -ALERT_LOSS_PERCENT
        message = (
            f"Weight loss of {-change:.1f}% since the previous weight: notify the veterinarian and {CAGES[key][6]} "
            "today (humane end point review)."
            if alert
            else "Recorded."
        )
        entry = WeightEntry(
            entry_id=f"BW-{TODAY.year}-{len(self.entries) + 1:04d}",
            cage_id=key,
            ear_tag=tag,
            weight_g=float(weight_g),
            measured_on=day.isoformat(),
            previous_weight_g=previous,
            change_percent=change,
            alert=alert,
            message=message,
        )
        self.entries.append(entry)
        return entry


weights = WeightLog()
server = MCPServer(
    "eval-vivarium", instructions="Colony management for the animal facility: cage cards and weights. Test-only."
)

_CAGE_FIELD = Field(
    description="Cage identifier as printed on the cage card: 'CG-' followed by four digits, e.g. 'CG-0412'",
    pattern=CAGE_PATTERN,
)


@server.tool(annotations=ToolAnnotations(title="Cage card", readOnlyHint=True, openWorldHint=False))
def get_cage_card(cage_id: Annotated[str, _CAGE_FIELD]) -> CageCard:
    """Retrieve the electronic cage card for a cage in the colony database.

    Includes the housing room and rack position, strain and genotype, sex, the animal use protocol, the responsible
    PI, the cage status (active / breeding / retired), card notes, and every animal in the cage with its ear tag,
    date of birth, age and most recent body weight.
    """
    try:
        return card(cage_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Find cages", readOnlyHint=True, openWorldHint=False))
def find_cages(
    strain: Annotated[
        str | None,
        Field(description="Strain, official name or common abbreviation (e.g. 'C57BL/6J', 'B6', 'BALB/c', 'nude')"),
    ] = None,
    genotype: Annotated[
        str | None, Field(description="Text the genotype must contain, e.g. 'Alb-Cre' or 'wild type'")
    ] = None,
    sex: Annotated[str | None, Field(description="'female', 'male', or 'mixed' for breeding cages")] = None,
    include_retired: Annotated[bool, Field(description="Also list retired (empty) cages")] = False,
) -> CageSearch:
    """Search the colony for cages. All filters are optional and combined with AND; with no filter every active and
    breeding cage is listed."""
    try:
        return find(strain, genotype, sex, include_retired)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Log body weight", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def log_body_weight(
    cage_id: Annotated[str, _CAGE_FIELD],
    ear_tag: Annotated[
        str, Field(description="The animal's ear tag number (digits only), e.g. '1043'", pattern=TAG_PATTERN)
    ],
    weight_g: Annotated[float, Field(description="Body weight in grams, e.g. 23.4", gt=0)],
    measured_on: Annotated[
        str | None, Field(description="Date weighed, YYYY-MM-DD; defaults to today. Cannot be in the future")
    ] = None,
) -> WeightEntry:
    """Add a body-weight measurement to an animal's record. The entry is compared with the animal's previous weight;
    a loss of 15% or more is flagged for veterinary review.
    """
    try:
        return weights.record(cage_id, ear_tag, weight_g, measured_on)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
