"""Test-only research funding server (dev set ``dev5_tools.jsonl``): researchers by ORCID iD, and funded awards by
subject and start year.

Run with: ``python -m eval.servers.grants`` (stdio). A fixed registry of 9 researchers and 17 awards (fictional
people; Josiah Carberry is ORCID's own test record); a stable fake profile for any other well-formed ORCID iD, so
results never depend on a network. "Active" means the award runs until 2026 or later (the simulated world's year).
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

THIS_YEAR = 2026
FIRST_YEAR, LAST_YEAR = 1990, 2030
ORCID_PATTERN = r"^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$"
_ORCID = re.compile(ORCID_PATTERN)
_LOOSE = re.compile(r"(\d{4})[\s-]?(\d{4})[\s-]?(\d{4})[\s-]?(\d{3}[\dXx])")
# ORCID iD -> (name, affiliation, country, research keywords)
PEOPLE: dict[str, tuple[str, str, str, str]] = {
    "0000-0002-1825-0097": ("Josiah Carberry", "Brown University", "US", "psychoceramics"),
    "0000-0003-1234-5674": ("Amara Okafor", "Vienna BioCenter", "AT", "genome editing, gene therapy"),
    "0000-0002-9876-5436": ("Jonas Lindqvist", "Uppsala University", "SE", "statistics, multiple testing"),
    "0000-0001-4433-2216": ("Nadia Haddad", "Institut Pasteur", "FR", "antimicrobial resistance"),
    "0000-0003-7766-5548": ("Wei Zhang", "ETH Zurich", "CH", "machine learning, protein design"),
    "0000-0002-0011-2235": ("Ingrid Hovland", "University of Bergen", "NO", "alpine ecology, climate change"),
    "0000-0001-6655-4434": ("Sofia Marquez", "EMBL Heidelberg", "DE", "cryo-EM, membrane transporters"),
    "0000-0003-2468-135X": ("Rahul Menon", "University College Cork", "IE", "microbiome, phage"),
    "0000-0001-1357-9240": ("Priya Natarajan", "Hubrecht Institute", "NL", "organoids, stem cells"),
}
# award id -> (title, funder, PI's ORCID iD, start year, end year, amount in euro, keywords)
AWARDS: dict[str, tuple[str, str, str, int, int, int, str]] = {
    "ERC-101041234": (
        "Base editing to correct inherited retinal disease",
        "European Research Council",
        "0000-0003-1234-5674",
        2022,
        2027,
        1998000,
        "CRISPR, genome editing, gene therapy, retina",
    ),
    "FWF-P36512": (
        "Delivering prime editors in vivo",
        "Austrian Science Fund (FWF)",
        "0000-0003-1234-5674",
        2024,
        2027,
        412000,
        "CRISPR, prime editing, genome editing, delivery",
    ),
    "WT-226011": (
        "Antimicrobial resistance genes in urban wastewater",
        "Wellcome Trust",
        "0000-0001-4433-2216",
        2021,
        2025,
        1250000,
        "antimicrobial resistance, AMR, wastewater, surveillance",
    ),
    "ANR-23-CE35-0007": (
        "Surveillance of carbapenem resistance in hospitals",
        "Agence Nationale de la Recherche",
        "0000-0001-4433-2216",
        2023,
        2026,
        520000,
        "antimicrobial resistance, AMR, carbapenem, hospital",
    ),
    "SNSF-212345": (
        "Protein language models for enzyme design",
        "Swiss National Science Foundation",
        "0000-0003-7766-5548",
        2023,
        2027,
        880000,
        "machine learning, protein design, language models, enzymes",
    ),
    "ERC-853201": (
        "Deep generative models of protein structure",
        "European Research Council",
        "0000-0003-7766-5548",
        2019,
        2024,
        1495000,
        "machine learning, deep learning, protein structure",
    ),
    "RCN-325678": (
        "Alpine plant range shifts under warming",
        "Research Council of Norway",
        "0000-0002-0011-2235",
        2020,
        2024,
        610000,
        "ecology, climate change, alpine plants",
    ),
    "RCN-341122": (
        "Pollinator networks in a changing climate",
        "Research Council of Norway",
        "0000-0002-0011-2235",
        2025,
        2029,
        740000,
        "ecology, climate change, pollinators, bees",
    ),
    "DFG-459871": (
        "Cryo-EM of ABC transporters",
        "Deutsche Forschungsgemeinschaft",
        "0000-0001-6655-4434",
        2018,
        2022,
        390000,
        "cryo-EM, structural biology, membrane transporters",
    ),
    "EMBO-IG-4521": (
        "Structure of the mitochondrial pyruvate carrier",
        "EMBO",
        "0000-0001-6655-4434",
        2024,
        2028,
        250000,
        "cryo-EM, structural biology, mitochondria",
    ),
    "SFI-21-FFP-10123": (
        "Gut microbiome and early-life brain development",
        "Science Foundation Ireland",
        "0000-0003-2468-135X",
        2021,
        2026,
        700000,
        "microbiome, gut-brain axis, neurodevelopment",
    ),
    "HRB-ILP-2019-044": (
        "Phage therapy for recurrent urinary tract infection",
        "Health Research Board",
        "0000-0003-2468-135X",
        2019,
        2023,
        310000,
        "phage therapy, antimicrobial resistance, infection",
    ),
    "NWO-VIDI-203045": (
        "Intestinal organoids to model cystic fibrosis",
        "Dutch Research Council (NWO)",
        "0000-0001-1357-9240",
        2020,
        2025,
        800000,
        "organoids, stem cells, cystic fibrosis",
    ),
    "KWF-14322": (
        "A tumour organoid biobank for drug screening",
        "Dutch Cancer Society (KWF)",
        "0000-0001-1357-9240",
        2023,
        2027,
        600000,
        "organoids, cancer, drug screening, biobank",
    ),
    "VR-2022-03811": (
        "Multiple testing for single-cell genomics",
        "Swedish Research Council",
        "0000-0002-9876-5436",
        2022,
        2025,
        360000,
        "statistics, multiple testing, false discovery rate, single-cell",
    ),
    "VR-2025-01200": (
        "Bayesian hierarchical models for ecological monitoring",
        "Swedish Research Council",
        "0000-0002-9876-5436",
        2025,
        2028,
        420000,
        "statistics, Bayesian, ecology, monitoring",
    ),
    "NSF-1234567": (
        "Psychoceramics: the study of cracked pots",
        "National Science Foundation",
        "0000-0002-1825-0097",
        2015,
        2018,
        150000,
        "psychoceramics, cracked pots",
    ),
}
_FIRST = ["Alex", "Sam", "Robin", "Kim", "Noor", "Jules", "Mika", "Tal"]
_LAST = ["Berger", "Costa", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanova"]
_PLACES = [("University of Vienna", "AT"), ("KU Leuven", "BE"), ("University of Copenhagen", "DK")]
_STOP = {"the", "a", "an", "on", "of", "about", "and", "in", "for", "to", "grant", "grants", "award", "awards"}


class Award(BaseModel):
    """One funded award."""

    award_id: str = Field(description="The funder's reference")
    title: str = Field(description="Project title")
    funder: str = Field(description="Who funds it")
    pi: str = Field(description="Principal investigator")
    pi_orcid: str = Field(description="The PI's ORCID iD")
    start_year: int = Field(description="First year")
    end_year: int = Field(description="Last year")
    amount_eur: int = Field(description="Total amount, euro")
    active: bool = Field(description="Whether it still runs this year or later")


class Profile(BaseModel):
    """A researcher's public record."""

    orcid: str = Field(description="The ORCID iD, e.g. '0000-0002-1825-0097'")
    name: str = Field(description="Full name")
    affiliation: str = Field(description="Current employer")
    country: str = Field(description="ISO 3166 country code of the affiliation")
    keywords: str = Field(description="Research keywords")
    awards: list[Award] = Field(description="Awards held as principal investigator, newest first")


class AwardSearch(BaseModel):
    """Awards matching a search, newest first."""

    query: str = Field(description="The search as sent")
    year_from: int | None = Field(description="Earliest start year, if given")
    year_to: int | None = Field(description="Latest start year, if given")
    active_only: bool = Field(description="Whether only running awards were kept")
    awards: list[Award] = Field(description="Matching awards, newest first")


def _checksum(digits: str) -> str:
    total = 0
    for char in digits:
        total = (total + int(char)) * 2
    rest = (12 - total % 11) % 11
    return "X" if rest == 10 else str(rest)


def normalize_orcid(orcid: str) -> str:
    """``orcid`` checked against the published pattern and its check digit.

    Raises:
        ValueError: for a URL, a malformed iD or a wrong check digit, with what to send.
    """
    text = (orcid or "").strip()
    if _ORCID.fullmatch(text.upper()):
        key = text.upper()
    else:
        loose = _LOOSE.search(text)
        if loose:
            bare = "-".join(loose.groups()).upper()
            raise ValueError(f"Send the bare ORCID iD '{bare}', four groups of four joined by hyphens.")
        raise ValueError(
            f"'{orcid}' is not an ORCID iD. Send sixteen characters in four hyphenated groups, e.g. "
            "'0000-0002-1825-0097' (the last one may be X)."
        )
    digits = key.replace("-", "")
    if _checksum(digits[:15]) != digits[15]:
        raise ValueError(
            f"'{key}' fails the ORCID check digit: one of its digits is wrong; check it and send it again."
        )
    return key


def _award(award_id: str) -> Award:
    title, funder, pi, start, end, amount, _ = AWARDS[award_id]
    return Award(
        award_id=award_id,
        title=title,
        funder=funder,
        pi=PEOPLE[pi][0],
        pi_orcid=pi,
        start_year=start,
        end_year=end,
        amount_eur=amount,
        active=end >= THIS_YEAR,
    )


def _newest(ids: list[str]) -> list[Award]:
    return sorted((_award(a) for a in ids), key=lambda a: (-a.start_year, a.award_id))


def profile(orcid: str) -> Profile:
    """The public record of ``orcid`` (a stable fake one, without awards, for iDs not in the registry)."""
    key = normalize_orcid(orcid)
    if key in PEOPLE:
        name, where, country, keywords = PEOPLE[key]
    else:
        seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
        name = f"{_FIRST[seed % len(_FIRST)]} {_LAST[(seed >> 8) % len(_LAST)]}"
        where, country = _PLACES[(seed >> 16) % len(_PLACES)]
        keywords = "biology"
    return Profile(
        orcid=key,
        name=name,
        affiliation=where,
        country=country,
        keywords=keywords,
        awards=_newest([a for a, row in AWARDS.items() if row[2] == key]),
    )


def _year(name: str, value: int | None) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or int(value) != value or not FIRST_YEAR <= value <= LAST_YEAR:
        raise ValueError(f"{name} must be a four-digit year from {FIRST_YEAR} to {LAST_YEAR}, not {value!r}.")
    return int(value)


def search(
    query: str, year_from: int | None = None, year_to: int | None = None, active_only: bool = False
) -> AwardSearch:
    """Awards whose title, keywords, funder or PI contain every word of ``query``, started within the years.

    Raises:
        ValueError: for an empty query or years out of range or in the wrong order.
    """
    text = " ".join((query or "").split())
    words = [w for w in re.findall(r"[\w-]+", text.lower()) if w not in _STOP]
    if not words:
        raise ValueError("Send what the awards are about, e.g. 'antimicrobial resistance'.")
    first, last = _year("year_from", year_from), _year("year_to", year_to)
    if first is not None and last is not None and first > last:
        raise ValueError(f"year_from ({first}) is after year_to ({last}); swap them.")
    found = []
    for award_id, (title, funder, pi, start, end, _, keywords) in AWARDS.items():
        hay = f"{award_id} {title} {funder} {PEOPLE[pi][0]} {keywords}".lower()
        if not all(w in hay or w.rstrip("s") in hay for w in words):
            continue
        if (first is not None and start < first) or (last is not None and start > last):
            continue
        if active_only and end < THIS_YEAR:
            continue
        found.append(award_id)
    return AwardSearch(query=text, year_from=first, year_to=last, active_only=bool(active_only), awards=_newest(found))


server = MCPServer("eval-grants", instructions="Researchers by ORCID iD and the awards they hold. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Resolve an ORCID iD", readOnlyHint=True, openWorldHint=True))
def resolve_orcid(
    orcid: Annotated[
        str,
        Field(
            description="The bare ORCID iD, four hyphenated groups of four, e.g. '0000-0002-1825-0097'",
            json_schema_extra={"pattern": ORCID_PATTERN},
        ),
    ],
) -> Profile:
    """Public record behind a persistent researcher identifier: name, affiliation, country, keywords and the awards
    held as principal investigator.
    """
    try:
        return profile(orcid)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Query the award ledger", readOnlyHint=True, openWorldHint=True))
def query_award_ledger(
    query: Annotated[str, Field(description="Subject, funder or investigator words, e.g. 'prime editing'")],
    year_from: Annotated[
        int | None,
        Field(
            description="Only awards starting in this year or later, e.g. 2020 (optional)",
            json_schema_extra={"minimum": FIRST_YEAR, "maximum": LAST_YEAR},
        ),
    ] = None,
    year_to: Annotated[
        int | None,
        Field(
            description="Only awards starting in this year or earlier, e.g. 2024 (optional)",
            json_schema_extra={"minimum": FIRST_YEAR, "maximum": LAST_YEAR},
        ),
    ] = None,
    active_only: Annotated[bool, Field(description="True to keep only awards still running (default False)")] = False,
) -> AwardSearch:
    """Search the ledger of funded research projects by subject words, within an optional range of start years,
    optionally only the ones still running: funder, PI, years and amount of each, newest first.
    """
    try:
        return search(query, year_from, year_to, active_only)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
