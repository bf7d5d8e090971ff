"""Test-only mail server (dev set ``dev15_tools.jsonl``): send an email, search the mailbox with Gmail's search
syntax, and read one message by its id.

Run with: ``python -m eval.servers.mail`` (stdio). A fixed mailbox of a postdoc in Prof. Hannah Lee's lab
(``alex.moreno@uni-example.edu``): nine messages from the PI, the genomics core facility, the light microscopy
facility, a journal, a vendor, a colleague, the grants office and Zenodo; sent mail is kept in memory (none at every
start) and found only with ``in:sent`` or ``from:me``. "Now" is the evaluation's clock, 2026-11-22 12:00 UTC. No
network, no real clock. The tool shapes follow a popular Gmail MCP server (GongRzhe/Gmail-MCP-Server): the same tool
names, camelCase ``messageId`` and ``maxResults`` next to snake_case tool names, ``to`` and ``cc`` as lists of
addresses, one-line descriptions, Gmail's 16-hex-digit message ids.
"""

from __future__ import annotations

import hashlib
import re
import shlex
from datetime import UTC, datetime, timedelta
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
ME = "Alex Moreno <alex.moreno@uni-example.edu>"
MAX_RESULTS = 100
_ADDRESS = re.compile(r"^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")
_ID = re.compile(r"^[0-9a-f]{16}$")
_AGE = re.compile(r"^(\d+)([dmy])$")
_OPERATORS = ("from", "to", "cc", "subject", "newer_than", "older_than", "after", "before", "is", "has", "in")
_OPERATORS += ("label", "filename")


class Attachment(BaseModel):
    """One attached file."""

    filename: str = Field(description="File name")
    mimeType: str = Field(description="MIME type")
    size: int = Field(description="Size in bytes")


class Message(BaseModel):
    """One stored message."""

    id: str = Field(description="Message id (16 hex digits)")
    threadId: str = Field(description="Thread id")
    sender: str = Field(alias="from", description="From header")
    to: list[str] = Field(description="To addresses")
    cc: list[str] = Field(default_factory=list, description="Cc addresses")
    subject: str = Field(description="Subject")
    date: str = Field(description="Date, ISO 8601 UTC")
    labelIds: list[str] = Field(description="Gmail labels such as INBOX, UNREAD, SENT")
    body: str = Field(description="Plain-text body")
    attachments: list[Attachment] = Field(default_factory=list, description="Attached files")

    model_config = {"populate_by_name": True, "serialize_by_alias": True}


def _msg(
    mid: str,
    sender: str,
    subject: str,
    when: str,
    body: str,
    *,
    to: tuple[str, ...] = (ME,),
    cc: tuple[str, ...] = (),
    labels: tuple[str, ...] = ("INBOX",),
    files: tuple[tuple[str, str, int], ...] = (),
) -> Message:
    return Message(
        id=mid,
        threadId=mid,
        sender=sender,
        to=list(to),
        cc=list(cc),
        subject=subject,
        date=when,
        labelIds=list(labels),
        body=body,
        attachments=[Attachment(filename=f, mimeType=m, size=s) for f, m, s in files],
    )


LEE = "Hannah Lee <hannah.lee@uni-example.edu>"
MAILBOX: tuple[Message, ...] = (
    _msg(
        "18c2f9a4b7d1e0f3",
        LEE,
        "Re: revised Figure 3",
        "2026-11-21T17:42:00Z",
        "Hi Alex,\n\nthe new panel C looks much better. Can you send me the source data for 3D before Tuesday? And "
        "please put the raw confocal stacks on Zenodo before we resubmit, the editor asked for a DOI.\n\nBest,\nHannah",
        labels=("INBOX", "UNREAD", "IMPORTANT"),
    ),
    _msg(
        "18c2f1c07d6a9e42",
        "Ana Souza <ana.souza@uni-example.edu>",
        "plasmid maps for the KRAS constructs",
        "2026-11-21T10:05:00Z",
        "Hey Alex, attached are the maps for pKRAS-G12D and pKRAS-G12V. The G12V one still has the old "
        "puromycin cassette, careful. Ana",
        files=(
            ("pKRAS-G12D.gb", "application/octet-stream", 11204),
            ("pKRAS-G12V.gb", "application/octet-stream", 11190),
        ),
    ),
    _msg(
        "18c2e7d05a93b41c",
        "Genomics Core Facility <genomics-core@uni-example.edu>",
        "Run RUN-0418 complete: FASTQs ready for download",
        "2026-11-20T09:15:00Z",
        "Dear Alex,\n\nyour NovaSeq X run RUN-0418 (project LEE-2026-11, 24 libraries, PE150) has finished. All "
        "libraries passed QC; the QC report is attached. The download link expires on 4 December 2026. Please "
        "return the empty sample tubes to the core by Friday.\n\nKind regards,\nGenomics Core Facility",
        files=(("RUN-0418_QC_report.pdf", "application/pdf", 482113),),
    ),
    _msg(
        "18c2c3b9f0a4e217",
        "Thermo Fisher Scientific <orders@thermofisher.example.com>",
        "Order confirmation 4471823 - TRIzol Reagent (200 mL)",
        "2026-11-19T08:20:00Z",
        "Thank you for your order 4471823.\n\n1 x TRIzol Reagent, 200 mL (cat. 15596018): BACKORDERED, estimated "
        "ship date 3 December 2026.\n1 x RNaseZap, 250 mL (cat. AM9780): shipped.\n\nThermo Fisher Scientific "
        "customer service",
    ),
    _msg(
        "18c2a1f6e2c7d958",
        "Nature Cell Biology <ncb@nature-journals.example.com>",
        "Decision on manuscript NCB-A51234B",
        "2026-11-18T14:03:00Z",
        "Dear Dr Lee,\n\nyour manuscript 'Mechanical confinement rewires crypt fission in intestinal organoids' has "
        "been reviewed by three referees. We will be happy to consider a revised version that addresses their "
        "comments (major revision). Please resubmit within three months and deposit the imaging data in a public "
        "repository with a DOI.\n\nBest wishes,\nThe editors",
        to=(LEE,),
        cc=(ME,),
        files=(("NCB-A51234B_reviews.pdf", "application/pdf", 203551),),
    ),
    _msg(
        "18c26d4e8b1f0a75",
        "Light Microscopy Facility <lmf@uni-example.edu>",
        "Confocal LSM 980 down for maintenance Tue 24 Nov",
        "2026-11-17T11:00:00Z",
        "Dear users, the Zeiss LSM 980 will be serviced on Tuesday 24 November from 8:00 to 16:00. Bookings on "
        "that day have been cancelled. LMF team",
    ),
    _msg(
        "18c2b0e95f1d3c8a",
        "Research Grants Office <grants-office@uni-example.edu>",
        "Reminder: ERC interim report due 1 December",
        "2026-11-16T07:45:00Z",
        "Dear Prof. Lee, dear team,\n\nthis is a reminder that the ERC interim scientific report for project "
        "CRYPTMECH is due on 1 December 2026. Please send the publication list by 27 November.\n\nResearch Grants "
        "Office",
        to=(LEE, ME),
    ),
    _msg(
        "18c1e8a2c4d5f613",
        LEE,
        "Lab meeting moved to Thursday 3pm",
        "2026-11-09T16:30:00Z",
        "Hi all, lab meeting moves to Thursday 3pm in room 2.105 this week. Alex presents. H.",
        to=("lee-lab@uni-example.edu",),
    ),
    _msg(
        "18c0d3e7a9b2f146",
        "Zenodo <info@zenodo.org>",
        "Your upload 'organoid-seg v0.9' has been published",
        "2026-10-28T13:12:00Z",
        "Your record 'organoid-seg v0.9' is now published with the DOI 10.5281/zenodo.12544090.",
    ),
)
# other addresses people write to (for the hint when a name is sent instead of an address)
DIRECTORY = ("Jonas Berg <jonas.berg@uni-example.edu>", "Maria Kowalski <maria.kowalski@uni-example.edu>")


class Summary(BaseModel):
    """One search hit."""

    id: str = Field(description="Message id, for read_email")
    threadId: str = Field(description="Thread id")
    sender: str = Field(alias="from", description="From header")
    subject: str = Field(description="Subject")
    date: str = Field(description="Date, ISO 8601 UTC")
    snippet: str = Field(description="The start of the body")
    labelIds: list[str] = Field(description="Gmail labels")

    model_config = {"populate_by_name": True, "serialize_by_alias": True}


class SearchResult(BaseModel):
    """Messages matching a query, newest first."""

    query: str = Field(description="The query as run")
    resultSizeEstimate: int = Field(description="How many messages matched")
    messages: list[Summary] = Field(description="The matches, newest first (at most maxResults)")


class Sent(BaseModel):
    """A sent message."""

    id: str = Field(description="Message id")
    threadId: str = Field(description="Thread id")
    to: list[str] = Field(description="Recipients")
    cc: list[str] = Field(description="Cc recipients")
    subject: str = Field(description="Subject")
    labelIds: list[str] = Field(description="Labels (SENT)")
    text: str = Field(description="Status message")


def _addr(header: str) -> str:
    match = re.search(r"<([^>]+)>", header)
    return (match.group(1) if match else header).strip().lower()


def _when(message: Message) -> datetime:
    return datetime.fromisoformat(message.date.replace("Z", "+00:00"))


def _day(value: str, op: str) -> datetime:
    for fmt in ("%Y/%m/%d", "%Y-%m-%d"):
        try:
            return datetime.strptime(value, fmt).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise ValueError(f"{op}: takes a date as YYYY/MM/DD, e.g. {op}:2026/11/15, not '{value}'.")


def _age(value: str, op: str) -> timedelta:
    match = _AGE.match(value.lower())
    if not match:
        raise ValueError(f"{op}: takes a number and d, m or y (days, months, years), e.g. {op}:7d, not '{value}'.")
    n, unit = int(match.group(1)), match.group(2)
    return timedelta(days=n * {"d": 1, "m": 30, "y": 365}[unit])


class Mailbox:
    """The fixed inbox plus what was sent in this session."""

    def __init__(self) -> None:
        self.sent: list[Message] = []

    def all(self) -> list[Message]:
        return [*MAILBOX, *self.sent]

    def _matches(self, message: Message, terms: list[tuple[str | None, str]]) -> bool:
        sent = "SENT" in message.labelIds
        folders = {value.lower() for op, value in terms if op == "in"}
        mine = any(op == "from" and value.lower() in ("me", "alex.moreno@uni-example.edu") for op, value in terms)
        if sent and not (folders & {"sent", "anywhere"} or mine):
            return False
        if not sent and "sent" in folders:
            return False
        text = f"{message.sender} {message.subject} {message.body} {' '.join(a.filename for a in message.attachments)}"
        for op, value in terms:
            low = value.lower()
            if op is None:
                if low not in text.lower():
                    return False
            elif op == "from":
                if low == "me":
                    if not sent:
                        return False
                elif low not in message.sender.lower():
                    return False
            elif op in ("to", "cc"):
                people = message.to if op == "to" else message.cc
                if low == "me":
                    low = "alex.moreno@uni-example.edu"
                if not any(low in p.lower() for p in people):
                    return False
            elif op == "subject":
                if not all(word in message.subject.lower() for word in low.strip("()").split()):
                    return False
            elif op == "newer_than":
                if _when(message) < NOW - _age(value, op):
                    return False
            elif op == "older_than":
                if _when(message) >= NOW - _age(value, op):
                    return False
            elif op == "after":
                if _when(message) < _day(value, op):
                    return False
            elif op == "before":
                if _when(message) >= _day(value, op):
                    return False
            elif op == "is":
                flag = {"unread": "UNREAD", "important": "IMPORTANT", "starred": "STARRED"}.get(low)
                if low == "read":
                    if "UNREAD" in message.labelIds:
                        return False
                elif flag is None:
                    raise ValueError(
                        f"is:{value} is not supported; use is:unread, is:read, is:starred or is:important."
                    )
                elif flag not in message.labelIds:
                    return False
            elif op == "has":
                if low != "attachment":
                    raise ValueError(f"has:{value} is not supported; use has:attachment.")
                if not message.attachments:
                    return False
            elif op == "filename":
                if not any(low in a.filename.lower() for a in message.attachments):
                    return False
            elif op == "label" and low.upper() not in message.labelIds:
                return False
        return True

    def search(self, query: str, max_results: int = 10) -> SearchResult:
        """Messages matching ``query`` (Gmail search syntax), newest first.

        Raises:
            ValueError: for a malformed operator value or maxResults out of range.
        """
        if not 1 <= max_results <= MAX_RESULTS:
            raise ValueError(f"maxResults must be between 1 and {MAX_RESULTS}, not {max_results}.")
        try:
            words = shlex.split(query or "")
        except ValueError:
            words = (query or "").replace('"', " ").split()
        terms: list[tuple[str | None, str]] = []
        for word in words:
            op, sep, value = word.partition(":")
            if sep and op.lower() in _OPERATORS and value:
                terms.append((op.lower(), value.strip('"')))
            elif word.upper() in ("AND", "OR"):
                continue
            else:
                terms.append((None, word))
        found = sorted((m for m in self.all() if self._matches(m, terms)), key=_when, reverse=True)
        return SearchResult(
            query=query,
            resultSizeEstimate=len(found),
            messages=[
                Summary(
                    id=m.id,
                    threadId=m.threadId,
                    sender=m.sender,
                    subject=m.subject,
                    date=m.date,
                    snippet=" ".join(m.body.split())[:100],
                    labelIds=m.labelIds,
                )
                for m in found[:max_results]
            ],
        )

    def read(self, message_id: str) -> Message:
        """One message by its id.

        Raises:
            ValueError: for an id that is not 16 hex digits or not in the mailbox.
        """
        key = (message_id or "").strip().lower()
        if not _ID.match(key):
            raise ValueError(
                f"'{message_id}' is not a message id. Ids are 16 hex digits, e.g. 18c2f9a4b7d1e0f3, as search_emails "
                "returns them; search first (e.g. from:lee) to find one."
            )
        for message in self.all():
            if message.id == key:
                return message
        raise ValueError(f"Requested entity was not found: no message {key}. search_emails lists the ids.")

    def send(self, to: list[str], subject: str, body: str, cc: list[str] | None = None) -> Sent:
        """Send a message (kept in memory, labelled SENT).

        Raises:
            ValueError: for no recipient, or a recipient that is not an email address (with addresses that match).
        """
        if not to:
            raise ValueError("'to' needs at least one recipient address, e.g. ['hannah.lee@uni-example.edu'].")
        for address in [*to, *(cc or [])]:
            if not _ADDRESS.match(address.strip()):
                raise ValueError(_not_an_address(address, self.all()))
        if not (body or "").strip():
            raise ValueError("The email body is empty; write what the message should say.")
        digest = hashlib.sha256(f"{to}|{cc}|{subject}|{body}".encode()).hexdigest()
        mid = "18c3" + digest[:12]
        message = _msg(
            mid,
            ME,
            subject,
            NOW.strftime("%Y-%m-%dT%H:%M:%SZ"),
            body,
            to=tuple(a.strip() for a in to),
            cc=tuple(a.strip() for a in cc or ()),
            labels=("SENT",),
        )
        self.sent = [m for m in self.sent if m.id != mid] + [message]
        return Sent(
            id=mid,
            threadId=mid,
            to=message.to,
            cc=message.cc,
            subject=subject,
            labelIds=["SENT"],
            text=f"Email sent successfully with ID: {mid}",
        )


def _not_an_address(text: str, messages: list[Message]) -> str:
    """The refusal for a recipient that is not an address, naming the known addresses that match its words."""
    words = [w for w in re.findall(r"[a-z]+", text.lower()) if w not in ("prof", "dr", "the", "mr", "ms", "mrs")]
    people = {m.sender for m in messages if "SENT" not in m.labelIds} | set(DIRECTORY)
    hits = sorted(p for p in people if words and any(w in p.lower() for w in words))
    hint = f" Known addresses that match: {', '.join(hits)}." if hits else " search_emails finds a sender's address."
    return f"Invalid recipient '{text}': 'to' and 'cc' take email addresses, e.g. 'hannah.lee@uni-example.edu'.{hint}"


mailbox = Mailbox()
server = MCPServer("eval-mail", instructions="Gmail: send, search and read email. Test-only fake mailbox.")


@server.tool(
    annotations=ToolAnnotations(title="Send email", readOnlyHint=False, destructiveHint=False, openWorldHint=True)
)
def send_email(
    to: Annotated[list[str], Field(description="List of recipient email addresses")],
    subject: Annotated[str, Field(description="Email subject")],
    body: Annotated[str, Field(description="Email body content")],
    cc: Annotated[list[str] | None, Field(description="List of CC recipients")] = None,
) -> Sent:
    """Sends a new email"""
    try:
        return mailbox.send(to, subject, body, cc)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Search emails", readOnlyHint=True, openWorldHint=True))
def search_emails(
    query: Annotated[
        str,
        Field(
            description="Gmail search query (e.g., 'from:example@gmail.com', 'subject:invoice newer_than:7d', "
            "'has:attachment is:unread')"
        ),
    ],
    maxResults: Annotated[int, Field(description="Maximum number of results to return")] = 10,
) -> SearchResult:
    """Searches for emails using Gmail search syntax. Supports operators such as from:, to:, subject:,
    newer_than:/older_than: (d, m, y), after:/before: (YYYY/MM/DD), is:unread, has:attachment and in:sent."""
    try:
        return mailbox.search(query, maxResults)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Read email", readOnlyHint=True, openWorldHint=True))
def read_email(
    messageId: Annotated[str, Field(description="ID of the email message to retrieve")],
) -> Message:
    """Retrieves the content of a specific email"""
    try:
        return mailbox.read(messageId)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
