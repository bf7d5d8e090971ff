"""Test-only clinical-trials registry server (dev set ``dev10_tools.jsonl``): a study search by free text, condition,
intervention, overall status, phase and location with a ``limit``/``offset`` page, and one study by its NCT number.

Run with: ``python -m eval.servers.trials`` (stdio). A fixed mirror of 16 registry records (fictional studies with
registry-shaped ids and fields); nothing is written. "Today" is the evaluation's simulated date, 2026-11-22, so
results never depend on the real clock. The tool shapes follow widely used public MCP servers (camelCase tool and
parameter names, a long description copied from the registry's API documentation, phase values named only in the
description, an NCT-number pattern behind a one-line description).
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

NCT_PATTERN = r"^NCT\d{8}$"
_NCT = re.compile(NCT_PATTERN)
MAX_LIMIT = 100
Status = Literal[
    "NOT_YET_RECRUITING",
    "RECRUITING",
    "ACTIVE_NOT_RECRUITING",
    "COMPLETED",
    "SUSPENDED",
    "TERMINATED",
    "WITHDRAWN",
]
STATUSES = (
    "NOT_YET_RECRUITING",
    "RECRUITING",
    "ACTIVE_NOT_RECRUITING",
    "COMPLETED",
    "SUSPENDED",
    "TERMINATED",
    "WITHDRAWN",
)
PHASES = ("EARLY_PHASE1", "PHASE1", "PHASE2", "PHASE3", "PHASE4", "NA")
LOCATION_ALIASES = {"uk": "United Kingdom", "us": "United States", "usa": "United States", "u.s.": "United States"}


# nctId -> (brief title, status, phases, conditions, interventions, sponsor, enrollment, start date,
#           primary completion, sites, min age, max age, sex, primary outcome, why stopped)
STUDIES: dict[
    str,
    tuple[
        str,
        str,
        tuple[str, ...],
        tuple[str, ...],
        tuple[str, ...],
        str,
        int,
        str,
        str,
        tuple[str, ...],
        int,
        int | None,
        str,
        str,
        str,
    ],
] = {
    "NCT04512345": (
        "Metformin for Prevention of Cognitive Decline in Older Adults With Prediabetes",
        "RECRUITING",
        ("PHASE3",),
        ("Prediabetes", "Mild Cognitive Impairment"),
        ("Metformin", "Placebo"),
        "Heidelberg University Hospital",
        1200,
        "2024-02-01",
        "2028-06-30",
        ("Heidelberg, Germany", "Mannheim, Germany", "Vienna, Austria"),
        60,
        85,
        "ALL",
        "Change in global cognition score (ADAS-Cog 13) at 36 months",
        "",
    ),
    "NCT05123987": (
        "Pembrolizumab Plus Chemotherapy in Advanced Gastric Cancer",
        "ACTIVE_NOT_RECRUITING",
        ("PHASE3",),
        ("Gastric Cancer", "Gastroesophageal Junction Adenocarcinoma"),
        ("Pembrolizumab", "Capecitabine", "Oxaliplatin"),
        "Northbridge Oncology Group",
        780,
        "2022-01-10",
        "2026-12-31",
        ("Boston, United States", "Tokyo, Japan", "Madrid, Spain"),
        18,
        None,
        "ALL",
        "Overall survival",
        "",
    ),
    "NCT03998810": (
        "CD19-Directed CAR-T Cells in Relapsed or Refractory B-Cell Lymphoma",
        "COMPLETED",
        ("PHASE2",),
        ("Diffuse Large B-Cell Lymphoma", "Follicular Lymphoma"),
        ("Anti-CD19 CAR-T cells", "Fludarabine", "Cyclophosphamide"),
        "Penn Cell Therapy Consortium",
        96,
        "2019-09-02",
        "2023-03-15",
        ("Philadelphia, United States", "Houston, United States"),
        18,
        75,
        "ALL",
        "Overall response rate at 3 months",
        "",
    ),
    "NCT05877201": (
        "Psilocybin-Assisted Therapy for Treatment-Resistant Depression",
        "RECRUITING",
        ("PHASE2",),
        ("Treatment-Resistant Depression",),
        ("Psilocybin", "Psychological support"),
        "King's College London",
        240,
        "2025-05-12",
        "2027-10-31",
        ("London, United Kingdom", "Amsterdam, Netherlands"),
        21,
        65,
        "ALL",
        "Change in MADRS total score at week 6",
        "",
    ),
    "NCT06011452": (
        "Low-Dose Aspirin Started in the First Trimester to Prevent Preeclampsia",
        "NOT_YET_RECRUITING",
        ("PHASE4",),
        ("Preeclampsia",),
        ("Aspirin 150 mg", "Placebo"),
        "Oslo University Hospital",
        3000,
        "2027-01-15",
        "2030-12-31",
        ("Oslo, Norway", "Stockholm, Sweden", "Copenhagen, Denmark"),
        18,
        45,
        "FEMALE",
        "Preterm preeclampsia before 37 weeks",
        "",
    ),
    "NCT04280705": (
        "Adaptive COVID-19 Treatment Trial (ACTT)",
        "COMPLETED",
        ("PHASE3",),
        ("COVID-19",),
        ("Remdesivir", "Placebo"),
        "National Institute of Allergy and Infectious Diseases",
        1062,
        "2020-02-21",
        "2020-04-19",
        ("Bethesda, United States", "Seoul, Korea", "Berlin, Germany"),
        18,
        99,
        "ALL",
        "Time to recovery",
        "",
    ),
    "NCT05550415": (
        "Time-Restricted Eating in Type 2 Diabetes",
        "RECRUITING",
        ("NA",),
        ("Type 2 Diabetes",),
        ("Time-restricted eating (8 h window)", "Standard dietary advice"),
        "Charité Berlin",
        160,
        "2025-09-01",
        "2027-03-31",
        ("Berlin, Germany",),
        30,
        70,
        "ALL",
        "Change in HbA1c at 6 months",
        "",
    ),
    "NCT04970511": (
        "Tirzepatide in Obesity With Heart Failure and Preserved Ejection Fraction",
        "ACTIVE_NOT_RECRUITING",
        ("PHASE3",),
        ("Heart Failure With Preserved Ejection Fraction", "Obesity"),
        ("Tirzepatide", "Placebo"),
        "Meridian Cardiometabolic Research",
        731,
        "2021-04-20",
        "2026-08-31",
        ("Chicago, United States", "Toronto, Canada", "Warsaw, Poland"),
        40,
        None,
        "ALL",
        "Composite of cardiovascular death or worsening heart failure",
        "",
    ),
    "NCT03801304": (
        "Adaptive Deep Brain Stimulation for Freezing of Gait in Parkinson's Disease",
        "TERMINATED",
        ("NA",),
        ("Parkinson Disease", "Freezing of Gait"),
        ("Adaptive deep brain stimulation",),
        "University Medical Center Utrecht",
        23,
        "2019-03-01",
        "2022-11-30",
        ("Utrecht, Netherlands",),
        40,
        80,
        "ALL",
        "Freezing episodes per 10 m walk",
        "Slow enrollment",
    ),
    "NCT05402287": (
        "mRNA Seasonal Influenza Vaccine in Adults 50 Years and Older",
        "COMPLETED",
        ("PHASE1", "PHASE2"),
        ("Influenza",),
        ("mRNA-flu quadrivalent vaccine", "Licensed quadrivalent vaccine"),
        "Aventine Vaccines",
        504,
        "2022-06-06",
        "2023-09-30",
        ("Atlanta, United States", "Melbourne, Australia"),
        50,
        None,
        "ALL",
        "Hemagglutination inhibition titers at day 29",
        "",
    ),
    "NCT06233340": (
        "Lecanemab Open-Label Extension in Early Alzheimer's Disease",
        "RECRUITING",
        ("PHASE3",),
        ("Alzheimer Disease",),
        ("Lecanemab",),
        "Memory Clinic Network Europe",
        850,
        "2024-10-01",
        "2028-09-30",
        ("Amsterdam, Netherlands", "Barcelona, Spain", "Munich, Germany"),
        50,
        90,
        "ALL",
        "Incidence of amyloid-related imaging abnormalities",
        "",
    ),
    "NCT05700129": (
        "Neoadjuvant Pembrolizumab in Early Triple-Negative Breast Cancer",
        "RECRUITING",
        ("PHASE2",),
        ("Triple Negative Breast Cancer",),
        ("Pembrolizumab", "Carboplatin", "Paclitaxel"),
        "German Breast Group",
        320,
        "2025-02-03",
        "2028-01-31",
        ("Heidelberg, Germany", "Zurich, Switzerland", "Vienna, Austria"),
        18,
        None,
        "FEMALE",
        "Pathological complete response",
        "",
    ),
    "NCT04117360": (
        "Supervised Exercise Training After Breast Cancer Surgery",
        "COMPLETED",
        ("NA",),
        ("Breast Cancer", "Fatigue"),
        ("Supervised exercise", "Usual care"),
        "Rigshospitalet",
        214,
        "2019-11-04",
        "2022-05-31",
        ("Copenhagen, Denmark",),
        18,
        75,
        "FEMALE",
        "Cancer-related fatigue (FACIT-F) at 12 weeks",
        "",
    ),
    "NCT05991063": (
        "Semaglutide for Alcohol Use Disorder",
        "RECRUITING",
        ("PHASE2",),
        ("Alcohol Use Disorder",),
        ("Semaglutide", "Placebo"),
        "Psychiatric Centre Copenhagen",
        180,
        "2025-03-17",
        "2027-06-30",
        ("Copenhagen, Denmark", "Boston, United States"),
        18,
        70,
        "ALL",
        "Heavy drinking days per month",
        "",
    ),
    "NCT06145018": (
        "AAV Factor IX Gene Therapy in Severe Hemophilia B",
        "WITHDRAWN",
        ("PHASE1",),
        ("Hemophilia B",),
        ("AAV5-FIX gene therapy",),
        "Lumen Genetic Medicines",
        0,
        "2024-06-01",
        "2026-06-01",
        ("Paris, France",),
        18,
        65,
        "MALE",
        "Factor IX activity at week 26",
        "Sponsor decision",
    ),
    "NCT05334872": (
        "Baricitinib in Juvenile Dermatomyositis",
        "SUSPENDED",
        ("PHASE2",),
        ("Juvenile Dermatomyositis",),
        ("Baricitinib",),
        "Great Ormond Street Hospital",
        40,
        "2023-01-09",
        "2026-12-31",
        ("London, United Kingdom", "Lyon, France"),
        2,
        17,
        "ALL",
        "Childhood Myositis Assessment Scale at week 24",
        "Drug supply interruption",
    ),
}


class StudySummary(BaseModel):
    """One study in a search result."""

    nctId: str = Field(description="Registry id, e.g. 'NCT04512345'")
    briefTitle: str = Field(description="Brief title")
    overallStatus: str = Field(description="Overall recruitment status")
    phases: list[str] = Field(description="Phases, e.g. ['PHASE2']; ['NA'] for studies without phases")
    conditions: list[str] = Field(description="Conditions studied")
    startDate: str = Field(description="Study start, YYYY-MM-DD")


class SearchPage(BaseModel):
    """One page of studies matching the search."""

    query: str | None = Field(description="Free-text terms searched")
    condition: str | None = Field(description="Condition filter")
    intervention: str | None = Field(description="Intervention filter")
    status: str | None = Field(description="Status filter")
    phase: str | None = Field(description="Phase filter")
    location: str | None = Field(description="Location filter")
    totalCount: int = Field(description="Studies matching, over all pages")
    limit: int = Field(description="Page size")
    offset: int = Field(description="Studies skipped")
    nextOffset: int | None = Field(description="Offset of the next page, null on the last page")
    studies: list[StudySummary] = Field(description="Matching studies, most recently started first")


class Study(BaseModel):
    """A full registry record."""

    nctId: str = Field(description="Registry id")
    briefTitle: str = Field(description="Brief title")
    overallStatus: str = Field(description="Overall recruitment status")
    whyStopped: str | None = Field(description="Reason given for a terminated, suspended or withdrawn study")
    phases: list[str] = Field(description="Phases")
    conditions: list[str] = Field(description="Conditions studied")
    interventions: list[str] = Field(description="Interventions and comparators")
    leadSponsor: str = Field(description="Lead sponsor")
    enrollment: int = Field(description="Participants (anticipated while recruiting, actual after)")
    startDate: str = Field(description="Study start, YYYY-MM-DD")
    primaryCompletionDate: str = Field(description="Primary completion, YYYY-MM-DD")
    locations: list[str] = Field(description="Sites, 'City, Country'")
    minimumAge: str = Field(description="Minimum age, e.g. '18 Years'")
    maximumAge: str | None = Field(description="Maximum age, null when there is none")
    sex: str = Field(description="ALL, FEMALE or MALE")
    primaryOutcome: str = Field(description="Primary outcome measure")


def nct_id(text: str) -> str:
    """``text`` checked as an NCT number ('nct04512345' is accepted as 'NCT04512345').

    Raises:
        ValueError: for digits without the prefix (with the id to send) or anything else.
    """
    raw = (text or "").strip().upper().replace(" ", "")
    if re.fullmatch(r"\d{8}", raw):
        raise ValueError(f"nctId is 'NCT' followed by eight digits: send 'NCT{raw}', not '{text}'.")
    if not _NCT.match(raw):
        raise ValueError(f"nctId is 'NCT' followed by eight digits, e.g. 'NCT04512345', not '{text}'.")
    return raw


def _words(text: str | None) -> list[str]:
    """Lower-case words of ``text``, a possessive 's and hyphens dropped ("Parkinson's" -> "parkinson")."""
    clean = re.sub(r"['’]s\b", "", (text or "").lower()).replace("-", " ")
    return re.findall(r"\w+", clean)


def _covers(wanted: list[str], texts: list[str]) -> bool:
    """Every wanted word is a word of ``texts`` (a plural s ignored)."""
    have = {w.removesuffix("s") for w in _words(" ".join(texts))}
    return all(w.removesuffix("s") in have for w in wanted)


def _phase(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    key = text.strip().upper()
    if key not in PHASES:
        compact = re.sub(r"[\s_-]+", "", key)
        hint = next((p for p in PHASES if p.replace("_", "") == compact), None)
        suffix = f" ('{text}' is {hint})" if hint else ""
        raise ValueError(f"phase must be one of: {', '.join(PHASES)}{suffix}.")
    return key


def _summary(key: str) -> StudySummary:
    title, status, phases, conditions, *_ = STUDIES[key]
    return StudySummary(
        nctId=key,
        briefTitle=title,
        overallStatus=status,
        phases=list(phases),
        conditions=list(conditions),
        startDate=STUDIES[key][7],
    )


def search(
    query: str | None = None,
    condition: str | None = None,
    intervention: str | None = None,
    status: str | None = None,
    phase: str | None = None,
    location: str | None = None,
    limit: int = 10,
    offset: int = 0,
) -> SearchPage:
    """Studies matching every filter given, most recently started first, one page of them.

    Raises:
        ValueError: for an unknown status or phase, or a limit or offset out of range.
    """
    wanted_status = (status or "").strip().upper().replace(" ", "_") or None
    if wanted_status is not None and wanted_status not in STATUSES:
        raise ValueError(f"status must be one of: {', '.join(STATUSES)}.")
    wanted_phase = _phase(phase)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"limit must be a whole number from 1 to {MAX_LIMIT}.")
    if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
        raise ValueError("offset must be a whole number from 0.")
    words = _words(query)
    condition_words, intervention_words = _words(condition), _words(intervention)
    place = LOCATION_ALIASES.get((location or "").strip().lower(), (location or "").strip())
    found = []
    for key, row in STUDIES.items():
        title, row_status, phases, conditions, interventions, sponsor, *_rest = row
        sites = row[9]
        if not _covers(words, [key, title, *conditions, *interventions, sponsor]):
            continue
        if not _covers(condition_words, [*conditions, title]):
            continue
        if not _covers(intervention_words, interventions):
            continue
        if wanted_status and row_status != wanted_status:
            continue
        if wanted_phase and wanted_phase not in phases:
            continue
        if place and not any(place.lower() in s.lower() for s in sites):
            continue
        found.append(key)
    found.sort(key=lambda k: (STUDIES[k][7], k), reverse=True)
    page = found[offset : offset + limit]
    return SearchPage(
        query=query or None,
        condition=condition or None,
        intervention=intervention or None,
        status=wanted_status,
        phase=wanted_phase,
        location=location or None,
        totalCount=len(found),
        limit=limit,
        offset=offset,
        nextOffset=offset + limit if offset + limit < len(found) else None,
        studies=[_summary(k) for k in page],
    )


def study(nct: str) -> Study:
    """The registry record of ``nct``.

    Raises:
        ValueError: for a malformed id or a study not in the mirror.
    """
    key = nct_id(nct)
    if key not in STUDIES:
        raise ValueError(f"No study {key} in the registry mirror. Use searchStudies to find studies.")
    (
        title,
        status,
        phases,
        conditions,
        interventions,
        sponsor,
        enrollment,
        start,
        completion,
        sites,
        min_age,
        max_age,
        sex,
        outcome,
        why,
    ) = STUDIES[key]
    return Study(
        nctId=key,
        briefTitle=title,
        overallStatus=status,
        whyStopped=why or None,
        phases=list(phases),
        conditions=list(conditions),
        interventions=list(interventions),
        leadSponsor=sponsor,
        enrollment=enrollment,
        startDate=start,
        primaryCompletionDate=completion,
        locations=list(sites),
        minimumAge=f"{min_age} Years",
        maximumAge=f"{max_age} Years" if max_age is not None else None,
        sex=sex,
        primaryOutcome=outcome,
    )


server = MCPServer(
    "eval-trials", instructions="Clinical trials registry (mirror): search and study records. Test-only."
)


@server.tool(annotations=ToolAnnotations(title="Search studies", readOnlyHint=True, openWorldHint=False))
def searchStudies(
    query: Annotated[str | None, Field(description="Free-text search terms")] = None,
    condition: Annotated[str | None, Field(description="Condition or disease")] = None,
    intervention: Annotated[str | None, Field(description="Intervention or treatment")] = None,
    status: Annotated[Status | None, Field(description="Overall status")] = None,
    phase: Annotated[str | None, Field(description="Study phase")] = None,
    location: Annotated[str | None, Field(description="City or country of a study site")] = None,
    limit: Annotated[int, Field(description="Page size", ge=1, le=MAX_LIMIT)] = 10,
    offset: Annotated[int, Field(description="Number of results to skip", ge=0)] = 0,
) -> SearchPage:
    """Searches clinical study records in the registry.

    Use this tool to find clinical studies (interventional and observational) registered in the trials registry.
    All parameters are optional and are combined with AND; with no parameters the most recently started studies
    are returned. `query` searches the title, conditions, interventions, sponsor and NCT number. `condition`
    matches the conditions studied (e.g. "breast cancer", "Alzheimer"). `intervention` matches drugs, devices,
    procedures or behavioural interventions (e.g. "pembrolizumab"). `status` filters by the overall recruitment
    status. `phase` filters by phase and must be one of EARLY_PHASE1, PHASE1, PHASE2, PHASE3, PHASE4 or NA (not
    applicable, e.g. device or behavioural studies); a combined phase 1/2 study matches both PHASE1 and PHASE2.
    `location` matches the city or country of any study site.

    Results are sorted by study start date, most recent first, and paginated: use `limit` (default 10, max 100)
    and `offset`; the response includes `totalCount` and `nextOffset`. Use getStudy with the NCT number for the
    full record (eligibility, sponsor, outcomes, sites).
    """
    try:
        return search(query, condition, intervention, status, phase, location, limit, offset)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Get study", readOnlyHint=True, openWorldHint=False))
def getStudy(
    nctId: Annotated[str, Field(description="NCT number", pattern=NCT_PATTERN)],
) -> Study:
    """Get study by NCT ID."""
    try:
        return study(nctId)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
