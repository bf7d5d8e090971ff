"""Test-only biobank / freezer inventory server (dev set ``dev4_tools.jsonl``): where sample boxes are stored, and
depositing new specimens.

Run with: ``python -m eval.servers.biobank`` (stdio). A fixed registry of sample boxes in the lab's freezers and
dewars; new specimens are kept in memory (none at every start) and dated ``TODAY``, the date of the evaluation's
simulated world (eval/README.md), so results never depend on a network or the real clock.
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

TODAY = date(2026, 11, 22)
BOX_PATTERN = r"^BX-\d{4}$"
_BOX = re.compile(BOX_PATTERN)
Storage = Literal["minus80", "minus20", "liquid_nitrogen", "fridge"]
STORAGES: tuple[str, ...] = ("minus80", "minus20", "liquid_nitrogen", "fridge")
MAX_VOLUME_UL = 50_000.0
# registry: (box id, label, storage unit, location inside it, storage class, owner, tubes, first deposited)
REGISTRY: tuple[tuple[str, str, str, str, str, str, int, str], ...] = (
    ("BX-0101", "Mouse liver, cohort 3", "Freezer -80 A", "shelf 2, rack 4", "minus80", "Kim", 48, "2026-03-14"),
    ("BX-0102", "Mouse kidney, cohort 3", "Freezer -80 A", "shelf 2, rack 5", "minus80", "Kim", 40, "2026-03-14"),
    (
        "BX-0117",
        "Human plasma, STUDY-12 baseline",
        "Freezer -80 B",
        "shelf 1, rack 1",
        "minus80",
        "Osei",
        81,
        "2025-09-02",
    ),
    ("BX-0120", "HEK293 cell stocks", "LN2 dewar 1", "canister 3", "liquid_nitrogen", "Ruiz", 24, "2024-06-18"),
    ("BX-0133", "pUC19 plasmid minipreps", "Freezer -20", "drawer 3", "minus20", "Novak", 60, "2026-08-27"),
    (
        "BX-0140",
        "Zebrafish embryo RNA, 24 hpf",
        "Freezer -80 A",
        "shelf 4, rack 2",
        "minus80",
        "Tanaka",
        36,
        "2026-10-05",
    ),
    ("BX-0152", "Serum, patient cohort B", "Freezer -80 B", "shelf 3, rack 2", "minus80", "Osei", 96, "2025-12-11"),
    (
        "BX-0160",
        "Arabidopsis seed stocks (Col-0 and mutants)",
        "Cold room",
        "cabinet 2",
        "fridge",
        "Silva",
        120,
        "2023-04-30",
    ),
    ("BX-0171", "Primary antibody aliquots", "Freezer -20", "drawer 1", "minus20", "Novak", 30, "2026-01-20"),
    (
        "BX-0188",
        "E. coli glycerol stocks (DH5alpha, BL21)",
        "Freezer -80 A",
        "shelf 1, rack 3",
        "minus80",
        "Ruiz",
        64,
        "2022-11-09",
    ),
    (
        "BX-0192",
        "Tumour biopsies, pilot study",
        "LN2 dewar 2",
        "canister 1",
        "liquid_nitrogen",
        "Haddad",
        18,
        "2026-07-01",
    ),
    ("BX-0205", "Mouse liver, cohort 4", "Freezer -80 B", "shelf 2, rack 3", "minus80", "Kim", 44, "2026-10-29"),
    (
        "BX-0213",
        "Soil DNA extracts, field season 2026",
        "Freezer -20",
        "drawer 4",
        "minus20",
        "Silva",
        90,
        "2026-09-15",
    ),
    ("BX-0220", "iPSC line 7 (passage 12)", "LN2 dewar 1", "canister 5", "liquid_nitrogen", "Tanaka", 12, "2026-05-22"),
)
# where a new specimen goes when no box is named
DEFAULT_BOX = {"minus80": "BX-0230", "minus20": "BX-0231", "liquid_nitrogen": "BX-0232", "fridge": "BX-0233"}
_STOP = {"the", "a", "an", "of", "our", "my", "samples", "sample", "box", "boxes", "tubes", "stocks", "stock", "and"}


class BoxRecord(BaseModel):
    """One sample box of the registry."""

    box_id: str = Field(description="The box's identifier, e.g. 'BX-0101'")
    label: str = Field(description="What the box holds, as labelled")
    storage_unit: str = Field(description="The freezer, dewar or fridge it is in")
    position: str = Field(description="Where inside the storage unit")
    storage: Storage = Field(description="Storage class: minus80, minus20, liquid_nitrogen or fridge")
    owner: str = Field(description="Whose box it is")
    tubes: int = Field(description="How many tubes or vials it holds")
    deposited: str = Field(description="When the box was first stored, YYYY-MM-DD")


class RegistryHits(BaseModel):
    """The boxes matching a registry query."""

    query: str = Field(description="The query as sent")
    matches: list[BoxRecord] = Field(description="Every matching box, best first; empty if nothing matches")


class Specimen(BaseModel):
    """A specimen just deposited."""

    specimen_id: str = Field(description="The new specimen's accession, e.g. 'SP-2026-0001'")
    label: str = Field(description="The specimen's label")
    volume_ul: float = Field(description="Volume in microlitres")
    storage: Storage = Field(description="Storage class")
    box_id: str = Field(description="The box it was put in")
    deposited: str = Field(description="Deposit date, YYYY-MM-DD")


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9]+", (text or "").casefold()) if w not in _STOP]


def search_registry(text: str) -> RegistryHits:
    """The boxes whose id, label, owner or storage unit match every word of ``text``.

    Raises:
        ValueError: for an empty query.
    """
    given = " ".join((text or "").split())
    if not given:
        raise ValueError("Send what to look for, e.g. 'mouse liver', a box id like 'BX-0101', or an owner's name.")
    wanted = _words(given)
    box = given.upper().replace(" ", "")
    hits = []
    for row in REGISTRY:
        haystack = set(_words(" ".join((row[0], row[1], row[2], row[5], row[4].replace("_", " ")))))
        haystack |= {w.rstrip("s") for w in haystack}
        if row[0] == box or (wanted and all(w in haystack or w.rstrip("s") in haystack for w in wanted)):
            hits.append(row)
    return RegistryHits(
        query=given,
        matches=[
            BoxRecord(
                box_id=b,
                label=lab,
                storage_unit=u,
                position=p,
                storage=s,
                owner=o,
                tubes=n,
                deposited=d,  # type: ignore[arg-type]
            )
            for b, lab, u, p, s, o, n, d in hits
        ],
    )


class Biobank:
    """The specimens deposited since the server started."""

    def __init__(self) -> None:
        self.deposited: list[Specimen] = []

    def deposit(self, label: str, volume_ul: float, storage: str = "minus80", box_id: str | None = None) -> Specimen:
        """Register a new specimen of ``volume_ul`` µL.

        Raises:
            ValueError: for an empty label, a volume outside 0–50000 µL, an unknown storage class or a malformed box.
        """
        name = " ".join((label or "").split())
        if not name:
            raise ValueError("Send the specimen's label, e.g. 'mouse liver, animal 12'.")
        if isinstance(volume_ul, bool) or not 0 < float(volume_ul) <= MAX_VOLUME_UL:
            raise ValueError(
                f"volume_ul must be in microlitres, more than 0 and at most {MAX_VOLUME_UL:g}, not {volume_ul!r}; "
                "for 1.5 mL send 1500."
            )
        if storage not in STORAGES:
            raise ValueError(f"Unknown storage '{storage}'. Use one of: {', '.join(STORAGES)}.")
        if box_id is not None:
            box_id = box_id.strip().upper()
            if not _BOX.fullmatch(box_id):
                raise ValueError(f"Invalid box id '{box_id}'. Send it like 'BX-0101' (BX-, then four digits).")
        specimen = Specimen(
            specimen_id=f"SP-{TODAY.year}-{len(self.deposited) + 1:04d}",
            label=name,
            volume_ul=float(volume_ul),
            storage=storage,  # type: ignore[arg-type]
            box_id=box_id or DEFAULT_BOX[storage],
            deposited=TODAY.isoformat(),
        )
        self.deposited.append(specimen)
        return specimen


bank = Biobank()
server = MCPServer(
    "eval-biobank", instructions="The lab's specimen registry: sample boxes in freezers and dewars. Test-only."
)


@server.tool(annotations=ToolAnnotations(title="Specimen registry query", readOnlyHint=True, openWorldHint=False))
def query_specimen_registry(
    query: Annotated[
        str,
        Field(description="Free text matched against box labels, box ids, owners and storage units, e.g. 'cohort 3'"),
    ],
) -> RegistryHits:
    """Query the specimen registry for biobanked material: returns each matching box with its storage unit
    (freezer, LN2 dewar, cold room), position (shelf/rack/canister), owner, tube count and deposit date.
    """
    try:
        return search_registry(query)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(
        title="Deposit a specimen", readOnlyHint=False, destructiveHint=False, openWorldHint=False
    )
)
def deposit_specimen(
    label: Annotated[str, Field(description="The specimen's label, e.g. 'rat brain, animal 7'")],
    volume_ul: Annotated[
        float, Field(description="Volume in microlitres (µL), more than 0 and at most 50000; 1.5 mL is 1500", gt=0)
    ],
    storage: Annotated[
        Storage,
        Field(
            description="Storage class: minus80 (ultra-low freezer, the default), minus20, liquid_nitrogen "
            "(cryo dewar) or fridge (4 °C)"
        ),
    ] = "minus80",
    box_id: Annotated[
        str | None,
        Field(
            description="Box to put it in, e.g. 'BX-0101'; omit to use the open box of that storage class",
            json_schema_extra={"pattern": BOX_PATTERN},
        ),
    ] = None,
) -> Specimen:
    """Accession a new specimen into the biobank registry and assign it to a box. Returns the accession number
    (SP-...), the box and the deposit date.
    """
    try:
        return bank.deposit(label, volume_ul, storage, box_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
