"""Test-only seminar server (dev set ``dev5_tools.jsonl``): the institute's talks, and signing people up for one.

Run with: ``python -m eval.servers.seminars`` (stdio). A fixed programme of 16 talks (November 2026 to January 2027);
"upcoming" counts from ``TODAY``, the date of the evaluation's simulated world (eval/README.md). Sign-ups are kept in
memory (none at every start), so results never depend on a network or the real clock.
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
TALK_PATTERN = r"^T-\d{3}$"
EMAIL_PATTERN = r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$"
_TALK = re.compile(r"T-?(\d{3})", re.IGNORECASE)
_EMAIL = re.compile(EMAIL_PATTERN)
# talk id -> (date, time, speaker, title, topics, room, series, seats)
TALKS: dict[str, tuple[str, str, str, str, str, str, str, int]] = {
    "T-101": (
        "2026-11-12",
        "16:00",
        "Dr. Mei Tanaka",
        "Single-cell atlases of the regenerating zebrafish fin",
        "developmental biology, regeneration, single-cell",
        "Lecture Hall B",
        "Institute Colloquium",
        120,
    ),
    "T-102": (
        "2026-11-17",
        "12:30",
        "Dr. Hannah Schmidt",
        "Workflow managers for the impatient",
        "bioinformatics, reproducibility, software",
        "Seminar Room 2.14",
        "Lunchtime Seminar",
        40,
    ),
    "T-103": (
        "2026-11-19",
        "16:00",
        "Prof. Rahul Menon",
        "Phage therapy, then and now",
        "microbiology, antibiotics, phage",
        "Lecture Hall B",
        "Institute Colloquium",
        120,
    ),
    "T-104": (
        "2026-11-24",
        "16:00",
        "Prof. Amara Okafor",
        "CRISPR base editors beyond the clinic",
        "genome editing, CRISPR, gene therapy",
        "Lecture Hall B",
        "Institute Colloquium",
        120,
    ),
    "T-105": (
        "2026-11-26",
        "12:30",
        "Dr. Jonas Lindqvist",
        "Why your p-values lie: a primer on false discovery",
        "statistics, multiple testing, reproducibility",
        "Seminar Room 2.14",
        "Lunchtime Seminar",
        40,
    ),
    "T-106": (
        "2026-11-27",
        "11:00",
        "Dr. Sofia Marquez",
        "Cryo-EM of membrane transporters",
        "structural biology, cryo-EM, membrane proteins",
        "Seminar Room 1.02",
        "Structural Biology Club",
        30,
    ),
    "T-107": (
        "2026-12-01",
        "16:00",
        "Prof. Rahul Menon",
        "The microbiome and the gut-brain axis",
        "microbiology, microbiome, neuroscience",
        "Lecture Hall B",
        "Institute Colloquium",
        120,
    ),
    "T-108": (
        "2026-12-03",
        "12:30",
        "Dr. Ingrid Hovland",
        "Climate-driven range shifts of alpine plants",
        "ecology, climate change, plants",
        "Seminar Room 2.14",
        "Lunchtime Seminar",
        40,
    ),
    "T-109": (
        "2026-12-08",
        "16:00",
        "Dr. Wei Zhang",
        "Language models that design proteins",
        "machine learning, protein design, AI",
        "Lecture Hall B",
        "Institute Colloquium",
        120,
    ),
    "T-110": (
        "2026-12-10",
        "12:30",
        "Dr. Priya Natarajan",
        "Organoids as disease models",
        "stem cells, organoids, disease models",
        "Seminar Room 2.14",
        "Lunchtime Seminar",
        40,
    ),
    "T-111": (
        "2026-12-15",
        "16:00",
        "Dr. Lukas Brandt",
        "Mass spectrometry imaging of lipids in tissue",
        "chemistry, mass spectrometry, lipidomics, imaging",
        "Lecture Hall B",
        "Institute Colloquium",
        120,
    ),
    "T-112": (
        "2026-12-17",
        "12:30",
        "Dr. Hannah Schmidt",
        "Reproducible pipelines with Nextflow",
        "bioinformatics, reproducibility, workflows",
        "Seminar Room 2.14",
        "Lunchtime Seminar",
        40,
    ),
    "T-113": (
        "2027-01-12",
        "16:00",
        "Prof. Amara Okafor",
        "Prime editing in vivo",
        "genome editing, CRISPR, prime editing",
        "Lecture Hall B",
        "Institute Colloquium",
        120,
    ),
    "T-114": (
        "2027-01-14",
        "12:30",
        "Dr. Tomás Ferreira",
        "Sleep and memory consolidation",
        "neuroscience, sleep, memory",
        "Seminar Room 2.14",
        "Lunchtime Seminar",
        40,
    ),
    "T-115": (
        "2027-01-19",
        "16:00",
        "Dr. Nadia Haddad",
        "Antimicrobial resistance in hospital wastewater",
        "microbiology, antimicrobial resistance, public health",
        "Lecture Hall B",
        "Institute Colloquium",
        120,
    ),
    "T-116": (
        "2027-01-21",
        "12:30",
        "Dr. Jonas Lindqvist",
        "Bayesian methods for ecologists",
        "statistics, Bayesian, ecology",
        "Seminar Room 2.14",
        "Lunchtime Seminar",
        40,
    ),
}
_TAKEN = {"T-104": 97, "T-105": 39, "T-106": 30}  # seats already taken by others
_STOP = {"the", "a", "an", "on", "of", "about", "and", "in", "for", "talk", "talks", "seminar", "seminars", "lecture"}


class Talk(BaseModel):
    """One talk of the programme."""

    talk_id: str = Field(description="The talk's id, e.g. 'T-104'")
    date: str = Field(description="YYYY-MM-DD")
    time: str = Field(description="Start, 24-hour HH:MM, local time")
    speaker: str = Field(description="Who gives it")
    title: str = Field(description="Title")
    topics: str = Field(description="Keywords, comma-separated")
    room: str = Field(description="Where")
    series: str = Field(description="The seminar series it belongs to")
    seats_left: int = Field(description="Seats still free")


class Programme(BaseModel):
    """Talks matching the filters, earliest first."""

    speaker: str | None = Field(description="The speaker filter, if any")
    topic: str | None = Field(description="The topic filter, if any")
    after_date: str = Field(description="Only talks on or after this date, YYYY-MM-DD")
    talks: list[Talk] = Field(description="Matching talks, earliest first")


class Registration(BaseModel):
    """A seat reserved for one attendee."""

    registration_id: str = Field(description="The sign-up's reference, e.g. 'REG-0001'")
    talk_id: str = Field(description="The talk's id")
    title: str = Field(description="The talk's title")
    date: str = Field(description="YYYY-MM-DD")
    time: str = Field(description="Start, HH:MM")
    room: str = Field(description="Where")
    attendee_email: str = Field(description="Who is signed up")
    seats_left: int = Field(description="Seats still free after this sign-up")


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[\w-]+", text.lower()) if w not in _STOP]


def _seats(talk_id: str, signed: int = 0) -> int:
    return TALKS[talk_id][7] - _TAKEN.get(talk_id, 0) - signed


def _talk(talk_id: str, signed: int = 0) -> Talk:
    day, time, speaker, title, topics, room, series, _ = TALKS[talk_id]
    return Talk(
        talk_id=talk_id,
        date=day,
        time=time,
        speaker=speaker,
        title=title,
        topics=topics,
        room=room,
        series=series,
        seats_left=_seats(talk_id, signed),
    )


def parse_date(text: str) -> date:
    """``text`` as a date, YYYY-MM-DD.

    Raises:
        ValueError: with the format to send.
    """
    return iso_date(text, "2026-12-01")


class Programmes:
    """The programme, with the sign-ups made since the server started."""

    def __init__(self) -> None:
        self.signed: dict[str, list[str]] = {}
        self.count = 0

    def find(self, speaker: str | None = None, topic: str | None = None, after_date: str | None = None) -> Programme:
        """Talks on or after ``after_date`` (default today) by ``speaker`` and about ``topic`` (words of either).

        Raises:
            ValueError: for a malformed date.
        """
        start = parse_date(after_date) if after_date else TODAY
        who = _words(speaker or "")
        what = _words(topic or "")
        found = []
        for talk_id, (day, _, name, title, topics, *_) in TALKS.items():
            if date.fromisoformat(day) < start:
                continue
            if who and not all(w.rstrip(".") in _words(name) for w in who if w not in {"dr", "prof", "professor"}):
                continue
            hay = " ".join(_words(f"{title} {topics}"))
            if what and not all(w in hay or w.rstrip("s") in hay for w in what):
                continue
            found.append(_talk(talk_id, len(self.signed.get(talk_id, []))))
        return Programme(speaker=speaker or None, topic=topic or None, after_date=start.isoformat(), talks=found)

    def enrol(self, talk_id: str, attendee_email: str) -> Registration:
        """Reserve a seat at ``talk_id`` for ``attendee_email``.

        Raises:
            ValueError: for a malformed or unknown talk id, a past or full talk, or a malformed email.
        """
        match = _TALK.fullmatch((talk_id or "").strip())
        if not match:
            raise ValueError(f"'{talk_id}' is not a talk id. Send it as 'T-' and three digits, e.g. 'T-104'.")
        key = f"T-{match[1]}"
        if key not in TALKS:
            raise ValueError(f"No talk {key}. Find the talk's id with list_colloquia first.")
        email = (attendee_email or "").strip()
        if not _EMAIL.fullmatch(email):
            raise ValueError(
                f"'{attendee_email}' is not an email address. Send the attendee's address, e.g. "
                "'dana.k@uni-example.org'."
            )
        day, time, _, title, _, room, _, _ = TALKS[key]
        if date.fromisoformat(day) < TODAY:
            raise ValueError(f"{key} took place on {day}; sign-ups are for talks from {TODAY.isoformat()} on.")
        people = self.signed.setdefault(key, [])
        if email.lower() not in people:
            if _seats(key, len(people)) <= 0:
                raise ValueError(f"{key} is full. Pick another talk with list_colloquia.")
            people.append(email.lower())
            self.count += 1
        return Registration(
            registration_id=f"REG-{self.count:04d}",
            talk_id=key,
            title=title,
            date=day,
            time=time,
            room=room,
            attendee_email=email,
            seats_left=_seats(key, len(people)),
        )


programme = Programmes()
server = MCPServer("eval-seminars", instructions="The institute's seminar programme and sign-ups. Test-only.")


@server.tool(annotations=ToolAnnotations(title="List colloquia", readOnlyHint=True, openWorldHint=False))
def list_colloquia(
    speaker: Annotated[str | None, Field(description="Speaker's name or surname, e.g. 'Okafor' (optional)")] = None,
    topic: Annotated[str | None, Field(description="Subject words, e.g. 'genome editing' (optional)")] = None,
    after_date: Annotated[
        str | None,
        Field(description="Only talks on or after this date, YYYY-MM-DD (optional; default today)"),
    ] = None,
) -> Programme:
    """The institute's programme of invited lectures, filtered by presenter, subject and start date (every filter
    optional): id, date, time, room, series and free seats of each.
    """
    try:
        return programme.find(speaker, topic, after_date)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(
        title="Enrol an attendee", readOnlyHint=False, destructiveHint=False, openWorldHint=False
    )
)
def enrol_attendee(
    talk_id: Annotated[
        str,
        Field(
            description="The talk's id, 'T-' and three digits, e.g. 'T-104'",
            json_schema_extra={"pattern": TALK_PATTERN},
        ),
    ],
    attendee_email: Annotated[
        str,
        Field(
            description="The attendee's email address, e.g. 'dana.k@uni-example.org'",
            json_schema_extra={"format": "email", "pattern": EMAIL_PATTERN},
        ),
    ],
) -> Registration:
    """Reserve a seat at one lecture of the programme for a named address; returns the reference, the room and the
    seats left.
    """
    try:
        return programme.enrol(talk_id, attendee_email)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
