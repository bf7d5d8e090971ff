"""Test-only university library server (dev set ``dev7_tools.jsonl``): a catalogue search, the patron's own loans,
renewing a loan and placing a hold on a catalogue record.

Run with: ``python -m eval.servers.library`` (stdio). A fixed catalogue of 22 records (books, e-books, journals and
theses) held at four branches, and five loans of the connected patron; renewals and holds are kept in memory (none
at every start). "Today" is the evaluation's simulated date, 2026-11-22, so results never depend on the real clock.
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
LOAN_DAYS = 28
MAX_RENEWALS = 3
FINE_PER_DAY = 0.20
RECORD_PATTERN = r"^[bB]\d{7}$"
LOAN_PATTERN = r"^LN-\d{6}$"
_RECORD = re.compile(RECORD_PATTERN)
_LOAN = re.compile(LOAN_PATTERN)
MATERIALS = ("any", "book", "ebook", "journal", "thesis")
Branch = Literal["main", "science", "medical", "law"]
BRANCHES = {"main": "Main Library", "science": "Science Library", "medical": "Medical Library", "law": "Law Library"}
# record id -> (title, authors, year, material, edition, call number, branch, copies, copies on loan)
CATALOGUE: dict[str, tuple[str, str, int, str, str, str, str, int, int]] = {
    "b1000231": (
        "Molecular Cloning: A Laboratory Manual",
        "Green, M. R.; Sambrook, J.",
        2012,
        "book",
        "4th",
        "QH442.2 .S26 2012",
        "science",
        3,
        2,
    ),
    "b1000245": (
        "Molecular Biology of the Cell",
        "Alberts, B.; Heald, R.; Johnson, A.; et al.",
        2022,
        "book",
        "7th",
        "QH581.2 .M64 2022",
        "science",
        4,
        4,
    ),
    "b1000389": (
        "Molecular Biology of the Cell",
        "Alberts, B.; Heald, R.; Johnson, A.; et al.",
        2022,
        "ebook",
        "7th",
        "online",
        "main",
        1,
        0,
    ),
    "b1000412": ("The Art of R Programming", "Matloff, N.", 2011, "book", "1st", "QA76.73 .R3 M38 2011", "main", 1, 0),
    "b1000577": (
        "R for Data Science",
        "Wickham, H.; Cetinkaya-Rundel, M.; Grolemund, G.",
        2023,
        "book",
        "2nd",
        "QA276.45 .R3 W53 2023",
        "main",
        2,
        2,
    ),
    "b1000578": (
        "R for Data Science",
        "Wickham, H.; Cetinkaya-Rundel, M.; Grolemund, G.",
        2023,
        "ebook",
        "2nd",
        "online",
        "main",
        1,
        0,
    ),
    "b1000602": (
        "Statistical Rethinking: A Bayesian Course with Examples in R and Stan",
        "McElreath, R.",
        2020,
        "book",
        "2nd",
        "QA279.5 .M43 2020",
        "science",
        1,
        1,
    ),
    "b1000733": (
        "Pattern Recognition and Machine Learning",
        "Bishop, C. M.",
        2006,
        "book",
        "1st",
        "Q327 .B52 2006",
        "science",
        2,
        2,
    ),
    "b1000734": (
        "Deep Learning",
        "Goodfellow, I.; Bengio, Y.; Courville, A.",
        2016,
        "book",
        "1st",
        "Q325.5 .G66 2016",
        "science",
        2,
        1,
    ),
    "b1000850": (
        "The Laboratory Mouse",
        "Hedrich, H. J. (ed.)",
        2012,
        "book",
        "2nd",
        "QL737 .R6 L33 2012",
        "medical",
        1,
        1,
    ),
    "b1000912": (
        "Guide for the Care and Use of Laboratory Animals",
        "National Research Council",
        2011,
        "book",
        "8th",
        "SF406 .G95 2011",
        "medical",
        2,
        0,
    ),
    "b1000913": (
        "Guide for the Care and Use of Laboratory Animals",
        "National Research Council",
        2011,
        "ebook",
        "8th",
        "online",
        "medical",
        1,
        0,
    ),
    "b1001004": ("Nature Methods", "Nature Portfolio", 2004, "journal", "", "QH324 .N38", "science", 1, 0),
    "b1001017": ("Cell", "Cell Press", 1974, "journal", "", "QH573 .C45", "science", 1, 0),
    "b1001120": (
        "Bioinformatics and Functional Genomics",
        "Pevsner, J.",
        2015,
        "book",
        "3rd",
        "QH324.2 .P48 2015",
        "science",
        2,
        0,
    ),
    "b1001288": (
        "Single-cell transcriptomics of the regenerating zebrafish fin",
        "Tanaka, M.",
        2024,
        "thesis",
        "",
        "THESIS 2024 T36",
        "main",
        1,
        0,
    ),
    "b1001290": (
        "Bayesian models of alpine plant community recovery",
        "Hovland, I.",
        2019,
        "thesis",
        "",
        "THESIS 2019 H68",
        "main",
        1,
        0,
    ),
    "b1001301": ("Biostatistical Analysis", "Zar, J. H.", 2010, "book", "5th", "QH323.5 .Z37 2010", "science", 2, 1),
    "b1001302": ("Biometry", "Sokal, R. R.; Rohlf, F. J.", 2012, "book", "4th", "QH323.5 .S63 2012", "science", 1, 0),
    "b1001415": (
        "An Introduction to Statistical Learning",
        "James, G.; Witten, D.; Hastie, T.; Tibshirani, R.",
        2021,
        "book",
        "2nd",
        "QA276 .I58 2021",
        "main",
        3,
        3,
    ),
    "b1001416": (
        "An Introduction to Statistical Learning",
        "James, G.; Witten, D.; Hastie, T.; Tibshirani, R.",
        2021,
        "ebook",
        "2nd",
        "online",
        "main",
        1,
        0,
    ),
    "b1001622": (
        "Janeway's Immunobiology",
        "Murphy, K.; Weaver, C.",
        2016,
        "book",
        "9th",
        "QR181 .J37 2016",
        "medical",
        2,
        1,
    ),
}
# loan id -> (record id, borrowed, due, renewals used, someone else has a hold)
LOANS: dict[str, tuple[str, str, str, int, bool]] = {
    "LN-204518": ("b1000231", "2026-10-05", "2026-11-30", 1, False),
    "LN-204733": ("b1000602", "2026-10-22", "2026-11-19", 0, False),
    "LN-205102": ("b1000733", "2026-07-02", "2026-12-04", 3, False),
    "LN-205340": ("b1000850", "2026-11-13", "2026-12-11", 0, True),
    "LN-205611": ("b1000577", "2026-10-28", "2026-11-25", 0, False),
}
_STOP = {"the", "a", "an", "of", "and", "for", "in", "on", "to", "with", "by"}


class Record(BaseModel):
    """One catalogue record."""

    record_id: str = Field(description="Catalogue record number, e.g. 'b1000231'")
    title: str = Field(description="Title")
    authors: str = Field(description="Authors or editors, 'Surname, I.' separated by ';'")
    year: int = Field(description="Publication year (first year for a journal)")
    material: str = Field(description="book, ebook, journal or thesis")
    edition: str = Field(description="Edition, e.g. '4th' ('' if none)")
    call_number: str = Field(description="Shelf mark ('online' for e-resources)")
    branch: str = Field(description="Holding library")
    copies: int = Field(description="Copies held (e-books: concurrent users)")
    available: int = Field(description="Copies on the shelf now")


class SearchResult(BaseModel):
    """Catalogue records matching a search."""

    title: str | None = Field(description="Title words searched for")
    author: str | None = Field(description="Author searched for")
    year_from: int | None = Field(description="Earliest year")
    year_to: int | None = Field(description="Latest year")
    material: str = Field(description="Material type filtered on ('any' = all)")
    records: list[Record] = Field(description="Matching records, newest first")


class Loan(BaseModel):
    """One item the patron has on loan."""

    loan_id: str = Field(description="Loan reference, e.g. 'LN-204518'")
    record_id: str = Field(description="The catalogue record")
    title: str = Field(description="Title")
    authors: str = Field(description="Authors")
    borrowed: str = Field(description="Date borrowed, YYYY-MM-DD")
    due: str = Field(description="Due date, YYYY-MM-DD")
    overdue_days: int = Field(description="Days past the due date (0 if not overdue)")
    fine_eur: float = Field(description="Fine accrued so far, euro")
    renewals_used: int = Field(description="Renewals used")
    renewals_left: int = Field(description="Renewals left (at most 3 per loan)")
    renewable: bool = Field(description="Whether it can be renewed now")


class LoanList(BaseModel):
    """The patron's loans."""

    overdue_only: bool = Field(description="Whether only overdue loans are listed")
    loans: list[Loan] = Field(description="Loans, earliest due first")


class Renewal(BaseModel):
    """A renewed loan."""

    loan_id: str = Field(description="Loan reference")
    title: str = Field(description="Title")
    previous_due: str = Field(description="Due date before renewal, YYYY-MM-DD")
    new_due: str = Field(description="New due date, YYYY-MM-DD (28 days from today)")
    renewals_used: int = Field(description="Renewals used, this one included")
    renewals_left: int = Field(description="Renewals left")
    fine_eur: float = Field(description="Fine for the days it was overdue, still to pay")


class Hold(BaseModel):
    """A hold (reservation request) on a record."""

    hold_id: str = Field(description="Hold reference, e.g. 'HD-0001'")
    record_id: str = Field(description="The catalogue record")
    title: str = Field(description="Title")
    pickup_location: str = Field(description="Branch where it will be waiting")
    queue_position: int = Field(description="1 = next copy returned goes to you (0 = a copy is on the shelf)")
    ready_by: str | None = Field(description="Expected pickup date when a copy is on the shelf, YYYY-MM-DD")


def _words(text: str) -> list[str]:
    return [w for w in re.findall(r"[a-z0-9']+", text.lower().replace("-", " ")) if w not in _STOP]


def _record(key: str) -> Record:
    title, authors, year, material, edition, call, branch, copies, out = CATALOGUE[key]
    return Record(
        record_id=key,
        title=title,
        authors=authors,
        year=year,
        material=material,
        edition=edition,
        call_number=call,
        branch=BRANCHES[branch],
        copies=copies,
        available=copies - out,
    )


def _year(name: str, value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1450 <= value <= TODAY.year:
        raise ValueError(f"{name} must be a four-digit year up to {TODAY.year}, e.g. 2015, not {value!r}.")
    return value


def search(
    title: str | None = None,
    author: str | None = None,
    year_from: int | None = None,
    year_to: int | None = None,
    material: str = "any",
) -> SearchResult:
    """Records whose title has every word of ``title`` and whose authors include ``author``, in the year range.

    Raises:
        ValueError: without a title or an author, for a bad year or year range, or an unknown material type.
    """
    if not (title or "").strip() and not (author or "").strip():
        raise ValueError("Send title words, an author's surname, or both.")
    start, end = _year("year_from", year_from), _year("year_to", year_to)
    if start and end and start > end:
        raise ValueError(f"year_from ({start}) is after year_to ({end}); swap them.")
    kind = (material or "any").strip().lower().replace("-", "").replace("e book", "ebook")
    kind = {
        "books": "book",
        "ebooks": "ebook",
        "journals": "journal",
        "theses": "thesis",
        "dissertation": "thesis",
    }.get(kind, kind)
    if kind not in MATERIALS:
        raise ValueError(f"Unknown material '{material}'. Use one of: {', '.join(MATERIALS)}.")
    want_title, want_author = _words(title or ""), _words(author or "")
    found = []
    for key, (name, authors, year, mat, *_) in CATALOGUE.items():
        words = _words(name)
        if want_title and not all(w in words or w.rstrip("s") in words for w in want_title):
            continue
        if want_author and not all(w in _words(authors) for w in want_author):
            continue
        if (start and year < start) or (end and year > end) or (kind != "any" and mat != kind):
            continue
        found.append(_record(key))
    found.sort(key=lambda r: (-r.year, r.record_id))
    return SearchResult(
        title=title or None, author=author or None, year_from=start, year_to=end, material=kind, records=found
    )


class Account:
    """The patron's loans and holds, with the renewals and holds made since the server started."""

    def __init__(self) -> None:
        self.loans = {k: list(v) for k, v in LOANS.items()}
        self.holds: list[Hold] = []

    def _loan(self, key: str) -> Loan:
        record, borrowed, due, used, held = self.loans[key]
        title, authors, *_ = CATALOGUE[str(record)]
        late = max(0, (TODAY - date.fromisoformat(str(due))).days)
        return Loan(
            loan_id=key,
            record_id=str(record),
            title=title,
            authors=authors,
            borrowed=str(borrowed),
            due=str(due),
            overdue_days=late,
            fine_eur=round(late * FINE_PER_DAY, 2),
            renewals_used=int(used),
            renewals_left=MAX_RENEWALS - int(used),
            renewable=int(used) < MAX_RENEWALS and not held,
        )

    def listing(self, overdue_only: bool = False) -> LoanList:
        loans = sorted((self._loan(k) for k in self.loans), key=lambda loan: (loan.due, loan.loan_id))
        if overdue_only:
            loans = [loan for loan in loans if loan.overdue_days > 0]
        return LoanList(overdue_only=bool(overdue_only), loans=loans)

    def renew(self, loan_id: str) -> Renewal:
        """Renew ``loan_id`` for 28 days from today.

        Raises:
            ValueError: for a malformed or unknown loan id, no renewals left, or a hold by another reader.
        """
        key = (loan_id or "").strip().upper()
        if not _LOAN.match(key):
            digits = re.search(r"\d{6}", key)
            hint = f"'LN-{digits[0]}'" if digits else "'LN-204518'"
            raise ValueError(f"loan_id must be 'LN-' and six digits, e.g. {hint}; list_my_loans shows them.")
        if key not in self.loans:
            raise ValueError(f"You have no loan {key}. Your loans: {', '.join(self.loans)}.")
        loan = self._loan(key)
        if loan.renewals_left <= 0:
            raise ValueError(f"{key} ({loan.title}) has been renewed {MAX_RENEWALS} times; return it by {loan.due}.")
        if self.loans[key][4]:
            raise ValueError(
                f"{key} ({loan.title}) cannot be renewed: another reader has a hold on it. Due {loan.due}."
            )
        new_due = (TODAY + timedelta(days=LOAN_DAYS)).isoformat()
        self.loans[key][2] = new_due
        self.loans[key][3] = loan.renewals_used + 1
        return Renewal(
            loan_id=key,
            title=loan.title,
            previous_due=loan.due,
            new_due=new_due,
            renewals_used=loan.renewals_used + 1,
            renewals_left=loan.renewals_left - 1,
            fine_eur=loan.fine_eur,
        )

    def hold(self, record_id: str, pickup_location: str = "main") -> Hold:
        """A hold on ``record_id`` for pickup at ``pickup_location``.

        Raises:
            ValueError: for a malformed or unknown record, an unknown branch, an e-resource or journal (nothing to
                hold), a record the patron has on loan, or a second hold on the same record.
        """
        key = (record_id or "").strip().lower()
        if not _RECORD.match(key):
            digits = re.search(r"\d{7}", key)
            hint = f"'b{digits[0]}'" if digits else "'b1000245'"
            raise ValueError(f"record_id must be 'b' and seven digits, e.g. {hint}; search_catalogue shows them.")
        if key not in CATALOGUE:
            raise ValueError(f"No catalogue record {key}. Find it with search_catalogue.")
        branch = (pickup_location or "").strip().lower()
        if branch not in BRANCHES:
            raise ValueError(f"pickup_location must be one of: {', '.join(BRANCHES)}.")
        title, _, _, material, *_rest, copies, out = CATALOGUE[key]
        if material in ("ebook", "journal"):
            raise ValueError(f"{key} is a {material}: read it online or in the library; holds are for print loans.")
        if any(str(v[0]) == key for v in self.loans.values()):
            raise ValueError(f"You already have {key} ({title}) on loan.")
        if any(h.record_id == key for h in self.holds):
            raise ValueError(f"You already have a hold on {key} ({title}).")
        on_shelf = copies - out > 0
        hold = Hold(
            hold_id=f"HD-{len(self.holds) + 1:04d}",
            record_id=key,
            title=title,
            pickup_location=BRANCHES[branch],
            queue_position=0 if on_shelf else 1 + sum(ord(c) for c in key) % 3,
            ready_by=(TODAY + timedelta(days=2)).isoformat() if on_shelf else None,
        )
        self.holds.append(hold)
        return hold


account = Account()
server = MCPServer("eval-library", instructions="University library: catalogue, loans, renewals, holds. Test-only.")


@server.tool(annotations=ToolAnnotations(title="Search the catalogue", readOnlyHint=True, openWorldHint=False))
def search_catalogue(
    title: Annotated[str | None, Field(description="Words from the title")] = None,
    author: Annotated[str | None, Field(description="Author or editor surname")] = None,
    year_from: Annotated[int | None, Field(description="Published in or after this year")] = None,
    year_to: Annotated[int | None, Field(description="Published in or before this year")] = None,
    material: Annotated[
        str, Field(description="Restrict to one material type: book, ebook, journal or thesis (default: any)")
    ] = "any",
) -> SearchResult:
    """Search the library catalogue by title and/or author, optionally limited by publication year and material
    type. Returns matching records with record number, shelf mark, holding branch and how many copies are on the
    shelf. At least one of title or author is required.
    """
    try:
        return search(title, author, year_from, year_to, material)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="My loans", readOnlyHint=True, openWorldHint=False))
def list_my_loans(
    overdue_only: Annotated[bool, Field(description="Only items past their due date")] = False,
) -> LoanList:
    """Items currently checked out on your library account, with due dates, fines and remaining renewals."""
    return account.listing(overdue_only)


@server.tool(
    annotations=ToolAnnotations(title="Renew a loan", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def renew_loan(
    loan_id: Annotated[
        str, Field(description="Loan reference, 'LN-' + six digits (see list_my_loans)", pattern=LOAN_PATTERN)
    ],
) -> Renewal:
    """Extend the due date of a checked-out item by 28 days from today. Up to 3 renewals per loan; not possible when
    another reader has placed a hold.
    """
    try:
        return account.renew(loan_id)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Place a hold", readOnlyHint=False, destructiveHint=False, openWorldHint=False)
)
def place_hold(
    record_id: Annotated[
        str, Field(description="Catalogue record number, 'b' + seven digits, e.g. 'b1000245'", pattern=RECORD_PATTERN)
    ],
    pickup_location: Annotated[
        Branch, Field(description="Branch to collect from: main, science, medical or law library")
    ] = "main",
) -> Hold:
    """Request a print item: if a copy is on the shelf it is pulled for you, otherwise you join the queue for the
    next returned copy.
    """
    try:
        return account.hold(record_id, pickup_location)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
