"""Test-only conference deadline server (dev set ``dev4_tools.jsonl``): open calls for papers, and one conference's
details.

Run with: ``python -m eval.servers.conferences`` (stdio). A fixed table of 2027 conferences; "upcoming" counts from
``TODAY``, the date of the evaluation's simulated world (eval/README.md), so results never depend on a network or the
real clock.
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
Discipline = Literal["any", "machine_learning", "bioinformatics", "neuroscience", "ecology", "chemistry", "physics"]
DISCIPLINES: tuple[str, ...] = (
    "any",
    "machine_learning",
    "bioinformatics",
    "neuroscience",
    "ecology",
    "chemistry",
    "physics",
)
# acronym -> (full name, discipline, submission deadline, location, first day, last day)
CONFERENCES: dict[str, tuple[str, str, str, str, str, str]] = {
    "RECOMB": (
        "Research in Computational Molecular Biology",
        "bioinformatics",
        "2026-12-04",
        "Seoul, South Korea",
        "2027-05-17",
        "2027-05-20",
    ),
    "ISMB": (
        "Intelligent Systems for Molecular Biology",
        "bioinformatics",
        "2027-01-21",
        "Liverpool, UK",
        "2027-07-11",
        "2027-07-15",
    ),
    "ECCB": (
        "European Conference on Computational Biology",
        "bioinformatics",
        "2027-03-18",
        "Ghent, Belgium",
        "2027-09-06",
        "2027-09-09",
    ),
    "ICML": (
        "International Conference on Machine Learning",
        "machine_learning",
        "2027-01-28",
        "Seattle, USA",
        "2027-07-12",
        "2027-07-18",
    ),
    "ICLR": (
        "International Conference on Learning Representations",
        "machine_learning",
        "2026-10-01",
        "Rio de Janeiro, Brazil",
        "2027-04-26",
        "2027-04-30",
    ),
    "NEURIPS": (
        "Conference on Neural Information Processing Systems",
        "machine_learning",
        "2027-05-13",
        "Vancouver, Canada",
        "2027-12-06",
        "2027-12-12",
    ),
    "AISTATS": (
        "Conference on Artificial Intelligence and Statistics",
        "machine_learning",
        "2026-12-10",
        "Lisbon, Portugal",
        "2027-05-03",
        "2027-05-05",
    ),
    "SFN": (
        "Society for Neuroscience Annual Meeting",
        "neuroscience",
        "2027-04-29",
        "San Diego, USA",
        "2027-11-13",
        "2027-11-17",
    ),
    "FENS": (
        "FENS Forum of Neuroscience",
        "neuroscience",
        "2027-01-12",
        "Copenhagen, Denmark",
        "2027-07-03",
        "2027-07-07",
    ),
    "COSYNE": (
        "Computational and Systems Neuroscience",
        "neuroscience",
        "2026-11-30",
        "Lisbon, Portugal",
        "2027-03-04",
        "2027-03-09",
    ),
    "ESA": (
        "Ecological Society of America Annual Meeting",
        "ecology",
        "2027-02-25",
        "Baltimore, USA",
        "2027-08-08",
        "2027-08-13",
    ),
    "BES": (
        "British Ecological Society Annual Meeting",
        "ecology",
        "2027-06-10",
        "Edinburgh, UK",
        "2027-12-13",
        "2027-12-16",
    ),
    "ACS FALL": (
        "American Chemical Society Fall Meeting",
        "chemistry",
        "2027-03-22",
        "Washington, DC, USA",
        "2027-08-15",
        "2027-08-19",
    ),
    "EUCHEMS": (
        "EuChemS Chemistry Congress",
        "chemistry",
        "2027-01-31",
        "Antwerp, Belgium",
        "2027-07-11",
        "2027-07-15",
    ),
    "APS MARCH": ("APS March Meeting", "physics", "2026-10-23", "Denver, USA", "2027-03-14", "2027-03-19"),
    "DPG SPRING": ("DPG Spring Meeting", "physics", "2026-12-15", "Berlin, Germany", "2027-03-21", "2027-03-26"),
}
_ALIASES = {
    "NIPS": "NEURIPS",
    "ACS": "ACS FALL",
    "APS": "APS MARCH",
    "DPG": "DPG SPRING",
    "SOCIETY FOR NEUROSCIENCE": "SFN",
    "NEUROSCIENCE MEETING": "SFN",
}

_DISPLAY = {
    "NEURIPS": "NeurIPS",
    "SFN": "SfN",
    "COSYNE": "Cosyne",
    "EUCHEMS": "EuChemS",
    "ACS FALL": "ACS Fall",
    "APS MARCH": "APS March",
    "DPG SPRING": "DPG Spring",
}


class Conference(BaseModel):
    """One conference and its call for papers."""

    acronym: str = Field(description="Short name, e.g. 'ISMB'")
    name: str = Field(description="Full name")
    year: int = Field(description="Edition")
    discipline: str = Field(description="Field it belongs to")
    submission_deadline: str = Field(description="Paper or abstract deadline, YYYY-MM-DD (anywhere on earth)")
    days_left: int = Field(description="Days from today to the deadline (negative once it has passed)")
    location: str = Field(description="City, country")
    starts: str = Field(description="First day, YYYY-MM-DD")
    ends: str = Field(description="Last day, YYYY-MM-DD")


class DeadlineList(BaseModel):
    """Open calls, soonest deadline first."""

    discipline: Discipline = Field(description="The discipline filtered on ('any' = all)")
    within_days: int = Field(description="The horizon asked for, in days from today")
    conferences: list[Conference] = Field(description="Calls closing within the horizon, soonest first")


def _conference(acronym: str) -> Conference:
    name, field, deadline, where, start, end = CONFERENCES[acronym]
    return Conference(
        acronym=_DISPLAY.get(acronym, acronym),
        name=name,
        year=int(start[:4]),
        discipline=field,
        submission_deadline=deadline,
        days_left=(date.fromisoformat(deadline) - TODAY).days,
        location=where,
        starts=start,
        ends=end,
    )


def conference(acronym: str) -> Conference:
    """The conference called ``acronym`` (case-insensitive; a trailing year such as 2027 is ignored).

    Raises:
        ValueError: for an empty or unknown acronym, listing the known ones.
    """
    key = re.sub(r"[\s'’]*(?:20)?\d{2}$", "", " ".join((acronym or "").upper().split())).strip()
    key = _ALIASES.get(key, key)
    if not key:
        raise ValueError("Send the conference's acronym, e.g. 'ISMB'.")
    if key not in CONFERENCES:
        known = ", ".join(_conference(k).acronym for k in CONFERENCES)
        raise ValueError(f"No conference '{acronym}' in the table. Send one of: {known}.")
    return _conference(key)


def upcoming(discipline: str = "any", within_days: int = 60) -> DeadlineList:
    """Calls for papers of ``discipline`` closing from today to ``within_days`` days ahead.

    Raises:
        ValueError: for an unknown discipline or a horizon outside 1–365 days.
    """
    if discipline not in DISCIPLINES:
        raise ValueError(f"Unknown discipline '{discipline}'. Use one of: {', '.join(DISCIPLINES)}.")
    if isinstance(within_days, bool) or int(within_days) != within_days or not 1 <= within_days <= 365:
        raise ValueError(f"within_days must be a whole number from 1 to 365, not {within_days!r}.")
    last = TODAY + timedelta(days=int(within_days))
    found = sorted(
        (
            _conference(k)
            for k, row in CONFERENCES.items()
            if discipline in ("any", row[1]) and TODAY <= date.fromisoformat(row[2]) <= last
        ),
        key=lambda c: c.submission_deadline,
    )
    return DeadlineList(discipline=discipline, within_days=int(within_days), conferences=found)  # type: ignore[arg-type]


server = MCPServer("eval-conferences", instructions="Conference calls for papers and their deadlines. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Upcoming CFP deadlines", readOnlyHint=True, openWorldHint=False))
def upcoming_cfp_deadlines(
    discipline: Annotated[
        Discipline,
        Field(
            description="Research field to filter on: any (default), machine_learning, bioinformatics, "
            "neuroscience, ecology, chemistry or physics"
        ),
    ] = "any",
    within_days: Annotated[
        int, Field(description="Horizon in days from today, 1 to 365 (default 60)", ge=1, le=365)
    ] = 60,
) -> DeadlineList:
    """List open CFPs whose submission deadline falls within the horizon, soonest first, with each venue's
    location and dates.
    """
    try:
        return upcoming(discipline, within_days)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Conference details", readOnlyHint=True, openWorldHint=False))
def get_conference_details(
    acronym: Annotated[str, Field(description="The conference's acronym, e.g. 'ISMB' or 'NeurIPS'")],
) -> Conference:
    """Details of one conference's next edition by its acronym: full name, submission deadline and days left,
    location and dates.
    """
    try:
        return conference(acronym)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
