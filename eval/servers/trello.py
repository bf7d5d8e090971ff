"""Test-only Trello server (blind dev set ``dev17_tools.jsonl``): boards, lists and cards of a lab's Trello, recent
activity, cards added, updated, moved and archived, lists added and comments left on a card.

Run with: ``python -m eval.servers.trello`` (stdio). A fixed Trello of Prof. Elena Marchetti's cardiac regeneration
lab (zebrafish hearts and iPSC cardiomyocytes), seen by the postdoc Jonas Brandt (the token's user): a "Lab
Experiments" board (the active board, as ``TRELLO_BOARD_ID`` sets it on the real server) with Planned, In progress,
Analysis and Done lists, a "Grants & Papers" board and an "Equipment & Orders" board; labels, members, due dates,
comments and the board's recent actions. Cards, lists and comments created, cards updated, moved and archived are
kept in memory (none at every start); a new card's id is derived from its list and name, so a conversation replayed
later gets the same id. "Now" is the evaluation's clock, 2026-11-22 12:00 UTC. No network, no real clock.

The tool shapes follow the popular Trello MCP server (delorenj/mcp-server-trello, mid-2025, v1.x): its tool names
(``list_boards``, ``get_lists``, ``get_cards_by_list_id``, ``get_card``, ``get_my_cards``, ``get_recent_activity``,
``add_card_to_list``, ``update_card_details``, ``move_card``, ``archive_card``, ``add_list_to_board``,
``add_comment``), its one-line descriptions and camelCase parameters (``boardId`` optional everywhere, "uses default
if not provided"; ``listId``, ``cardId``, ``dueDate`` in ISO 8601, ``labels`` as an array of label IDs), and Trello's
REST objects as results (24-hex-character ids, ``idList``, ``idBoard``, ``idMembers``, ``desc``, ``due``,
``dueComplete``, ``shortUrl``; actions with ``type``, ``date``, ``data`` and ``memberCreator``).

Unsure of, or chosen for the evaluation: the real server publishes no tool annotations (these are added, as on every
server here: archive and detail updates are destructive); it has more tools (workspaces, ``set_active_board``,
attachments, checklists, members) which are left out; a list result is a JSON array in a text block there and
``{"result": [...]}`` structured content here; the real API answers a card's or list's name with a bare
``invalid id`` while this one says which id to send; ``labels`` takes label IDs as published, and the label's name on
that board is accepted too (the real API would refuse it); a card's shortLink is accepted where a card id is due, as
Trello's API does; ``move_card`` to a list of another board without that board's ``boardId`` is refused, as the real
API refuses an ``idList`` that is not on ``idBoard``.
"""

from __future__ import annotations

import builtins
import hashlib
import re
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

NOW = "2026-11-22T12:00:00.000Z"
_HEX24 = re.compile(r"^[0-9a-f]{24}$")
_DATE = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$")


def oid(kind: str, name: str) -> str:
    """The stable 24-hex-character id of a fixed object (a MongoDB ObjectId: 8 hex digits of time, 16 of hash)."""
    digest = hashlib.sha1(f"trello:{kind}:{name}".encode()).hexdigest()
    return f"{0x6500_0000 + int(digest[:5], 16) * 32:08x}{digest[8:24]}"


def short_link(ident: str) -> str:
    """The 8-character shortLink of a board or card."""
    alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    number = int(hashlib.sha1(ident.encode()).hexdigest()[:16], 16)
    out = ""
    for _ in range(8):
        number, rest = divmod(number, len(alphabet))
        out += alphabet[rest]
    return out


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


class Label(BaseModel):
    """A label of a board."""

    id: str = Field(description="Label id")
    idBoard: str = Field(description="Board id")
    name: str = Field(description="Label name")
    color: str | None = Field(default=None, description="Label color")


class Member(BaseModel):
    """A Trello member."""

    id: str = Field(description="Member id")
    fullName: str = Field(description="Full name")
    username: str = Field(description="Username")


class Board(BaseModel):
    """A board."""

    id: str = Field(description="Board id")
    name: str = Field(description="Board name")
    desc: str = Field(description="Board description")
    closed: bool = Field(description="Whether the board is closed")
    idOrganization: str = Field(description="Workspace id")
    url: str = Field(description="Board URL")
    shortUrl: str = Field(description="Short board URL")


class TrelloList(BaseModel):
    """A list of a board."""

    id: str = Field(description="List id")
    name: str = Field(description="List name")
    closed: bool = Field(description="Whether the list is archived")
    idBoard: str = Field(description="Board id")
    pos: float = Field(description="Position on the board")


class Card(BaseModel):
    """A card."""

    id: str = Field(description="Card id")
    name: str = Field(description="Card name")
    desc: str = Field(description="Card description")
    closed: bool = Field(description="Whether the card is archived")
    idBoard: str = Field(description="Board id")
    idList: str = Field(description="List id")
    idMembers: list[str] = Field(description="Ids of the members on the card")
    labels: list[Label] = Field(description="Labels on the card")
    due: str | None = Field(description="Due date (ISO 8601) or null")
    dueComplete: bool = Field(description="Whether the due date is marked complete")
    start: str | None = Field(default=None, description="Start date or null")
    dateLastActivity: str = Field(description="Last activity (ISO 8601)")
    pos: float = Field(description="Position in the list")
    shortLink: str = Field(description="Short link")
    shortUrl: str = Field(description="Short card URL")
    url: str = Field(description="Card URL")


class CardDetail(Card):
    """A card with its list, board, members and comments (get_card)."""

    list: dict[str, str] = Field(description="The card's list (id, name)")
    board: dict[str, str] = Field(description="The card's board (id, name)")
    members: builtins.list[Member] = Field(description="Members on the card")
    comments: builtins.list[dict[str, Any]] = Field(
        description="Comments, newest first (id, date, memberCreator, text)"
    )


class Action(BaseModel):
    """An action (activity) on a board."""

    id: str = Field(description="Action id")
    idMemberCreator: str = Field(description="Who did it")
    type: str = Field(description="Action type, e.g. createCard, updateCard, commentCard")
    date: str = Field(description="When (ISO 8601)")
    data: dict[str, Any] = Field(description="The board, list and card involved, and the comment text")
    memberCreator: Member = Field(description="Who did it")


ME = "Jonas Brandt"
MEMBERS: dict[str, str] = {
    "Jonas Brandt": "jonasbrandt",
    "Elena Marchetti": "emarchetti",
    "Aiko Tanaka": "aikotanaka",
    "Rui Costa": "ruicosta",
    "Fatima Haddad": "fhaddad",
}
ORG = oid("org", "Marchetti Lab")
# board -> (description, labels (name, color), lists, cards per list: (name, desc, labels, members, due, done))
BOARDS: dict[str, dict[str, Any]] = {
    "Lab Experiments": {
        "desc": "Experiments of the Marchetti lab: zebrafish heart regeneration and iPSC cardiomyocytes",
        "labels": [
            ("urgent", "red"),
            ("zebrafish", "green"),
            ("iPSC", "blue"),
            ("imaging", "purple"),
            ("sequencing", "orange"),
            ("blocked", "black"),
        ],
        "lists": {
            "Planned": [
                (
                    "Cryoinjury cohort 4 (12 fish)",
                    "Tg(myl7:GFP) adults, 6-9 months old. Injure on Mon 30 Nov; harvest hearts at 7, 14 and 30 dpi.",
                    ["zebrafish"],
                    ["Jonas Brandt", "Rui Costa"],
                    "2026-11-30T09:00:00.000Z",
                    False,
                ),
                (
                    "nrg1 morpholino knockdown",
                    "Splice-blocking MO from GeneTools arrived. Inject 4 ng at the 1-cell stage; check mis-splicing "
                    "by RT-PCR at 48 hpf.",
                    ["zebrafish"],
                    ["Aiko Tanaka"],
                    None,
                    False,
                ),
                (
                    "Seahorse mito stress test on iPSC-CMs",
                    "Day-30 cardiomyocytes of batch 23. Book the Seahorse XFe96 at the metabolism core.",
                    ["iPSC"],
                    ["Fatima Haddad"],
                    "2026-12-08T09:00:00.000Z",
                    False,
                ),
            ],
            "In progress": [
                (
                    "Fin clip genotyping, batch 7",
                    "48 fish from the nrg1 mutant incross; HRM assay on the qPCR machine.",
                    ["zebrafish"],
                    ["Rui Costa"],
                    "2026-11-25T17:00:00.000Z",
                    False,
                ),
                (
                    "Calcium imaging of day-30 iPSC-CMs",
                    "Fluo-4 AM, 1 Hz field pacing on the spinning disk. Batch 22 done, batch 23 pending.",
                    ["iPSC", "imaging"],
                    ["Jonas Brandt", "Fatima Haddad"],
                    "2026-12-04T17:00:00.000Z",
                    False,
                ),
                (
                    "Regeneration time course 7/14/30 dpi",
                    "Cohort 3 hearts fixed in 4% PFA; AFOG staining on cryosections, 3 sections per heart.",
                    ["zebrafish"],
                    ["Jonas Brandt"],
                    "2026-12-11T17:00:00.000Z",
                    False,
                ),
            ],
            "Analysis": [
                (
                    "Scar area quantification (AFOG)",
                    "Cohorts 2 and 3. Fiji macro v3 is on the lab drive; blind the file names first.",
                    ["zebrafish", "imaging"],
                    ["Jonas Brandt", "Aiko Tanaka"],
                    "2026-11-27T17:00:00.000Z",
                    False,
                ),
                (
                    "scRNA-seq of 7 dpi ventricles",
                    "10x run from October. Cell Ranger done; doublet removal and clustering next.",
                    ["sequencing"],
                    ["Elena Marchetti", "Jonas Brandt"],
                    None,
                    False,
                ),
            ],
            "Done": [
                (
                    "Outcross Tg(myl7:GFP) founders",
                    "F1 screened; 3 founders kept.",
                    ["zebrafish"],
                    ["Rui Costa"],
                    "2026-11-06T17:00:00.000Z",
                    True,
                ),
                (
                    "Pilot: heat-shock dnFGFR line",
                    "Heat shock at 38 °C for 1 h daily; regeneration blocked as expected.",
                    ["zebrafish"],
                    ["Aiko Tanaka"],
                    None,
                    False,
                ),
            ],
        },
    },
    "Grants & Papers": {
        "desc": "Grant applications, reports and manuscripts",
        "labels": [("deadline", "red"), ("paper", "green"), ("grant", "yellow"), ("internal", "sky")],
        "lists": {
            "Writing": [
                (
                    "ERC Consolidator: budget section",
                    "Personnel: 2 postdocs, 1 PhD, 0.5 technician for 5 years. Equipment: light-sheet upgrade.",
                    ["grant", "deadline"],
                    ["Elena Marchetti", "Jonas Brandt"],
                    "2026-12-10T12:00:00.000Z",
                    False,
                ),
                (
                    "Review article for Dev Cell (outline)",
                    "Cardiomyocyte dedifferentiation across species; 6000 words.",
                    ["paper"],
                    ["Jonas Brandt"],
                    "2027-01-15T12:00:00.000Z",
                    False,
                ),
                (
                    "Aiko's EMBO fellowship letter",
                    "Support letter from Elena; Aiko sends the project summary first.",
                    ["grant"],
                    ["Elena Marchetti"],
                    "2026-12-03T12:00:00.000Z",
                    False,
                ),
            ],
            "Internal review": [
                (
                    "Figure 4 rework: EdU counts per section",
                    "Reviewer 2 wants counts per section, not per heart. Re-count cohort 2.",
                    ["paper"],
                    ["Jonas Brandt"],
                    "2026-11-26T12:00:00.000Z",
                    False,
                ),
                (
                    "Nature Cardiovascular Research revision: reviewer 2",
                    "Point-by-point response; new Figure 4 and an extended methods section.",
                    ["paper", "deadline"],
                    ["Elena Marchetti", "Jonas Brandt"],
                    "2026-12-01T12:00:00.000Z",
                    False,
                ),
            ],
            "Submitted": [
                (
                    "DFG progress report 2026",
                    "Submitted on 2 November.",
                    ["grant"],
                    ["Elena Marchetti"],
                    None,
                    False,
                ),
                (
                    "ISSCR 2027 abstract",
                    "Calcium handling in iPSC-CMs after nrg1 stimulation.",
                    ["internal"],
                    ["Fatima Haddad"],
                    None,
                    False,
                ),
            ],
            "Ideas": [
                (
                    "Cardiac organoids with the Costa lab",
                    "Self-organising heart organoids; Rui's cousin runs the lab in Lisbon.",
                    [],
                    ["Elena Marchetti"],
                    None,
                    False,
                ),
            ],
        },
    },
    "Equipment & Orders": {
        "desc": "Things to order, things that broke and service visits",
        "labels": [("urgent", "red"), ("order", "green"), ("service", "orange")],
        "lists": {
            "To order": [
                (
                    "Tricaine (MS-222), 100 g",
                    "Sigma E10521. Stock runs out next week.",
                    ["order", "urgent"],
                    ["Rui Costa"],
                    None,
                    False,
                ),
                (
                    "Fish water conductivity probe",
                    "The old probe drifts by 50 µS/cm.",
                    ["order"],
                    ["Rui Costa"],
                    None,
                    False,
                ),
                (
                    "Fluo-4 AM, 10 x 50 µg",
                    "Thermo F14201, for the calcium imaging.",
                    ["order"],
                    ["Fatima Haddad"],
                    None,
                    False,
                ),
            ],
            "Ordered": [
                (
                    "Matrigel hESC-qualified, 5 ml",
                    "Corning 354277; ordered 16 November.",
                    ["order"],
                    ["Fatima Haddad"],
                    None,
                    False,
                ),
                (
                    "Cryostat blades MX35 Ultra",
                    "2 boxes; ordered 18 November.",
                    ["order"],
                    ["Aiko Tanaka"],
                    None,
                    False,
                ),
            ],
            "Broken / service": [
                (
                    "Cryostat blade holder cracked",
                    "Leica CM1950; the service engineer comes on Wednesday.",
                    ["service", "urgent"],
                    ["Aiko Tanaka"],
                    "2026-11-25T10:00:00.000Z",
                    False,
                ),
                (
                    "-80 freezer 2 door seal",
                    "Ice builds up at the bottom of the door; seal ordered from the manufacturer.",
                    ["service"],
                    ["Rui Costa"],
                    None,
                    False,
                ),
                (
                    "Confocal 488 nm laser power drop",
                    "Power at the objective down to 60% of the August value. Zeiss service ticket open.",
                    ["service"],
                    ["Jonas Brandt"],
                    None,
                    False,
                ),
            ],
            "Received": [
                (
                    "Pipette calibration, all P20s",
                    "Done by the vendor on 12 November; certificates in the blue folder.",
                    ["service"],
                    ["Rui Costa"],
                    None,
                    False,
                ),
            ],
        },
    },
}
DEFAULT_BOARD = "Lab Experiments"
# (board, member, type, date, list, card, text or the list a card moved from)
ACTIONS: list[tuple[str, str, str, str, str, str, str]] = [
    ("Lab Experiments", "Aiko Tanaka", "commentCard", "2026-11-21T16:42:10.000Z", "Analysis",
     "Scar area quantification (AFOG)", "Cohort 2 done: mean scar area 7.9% at 30 dpi. Starting cohort 3."),
    ("Lab Experiments", "Rui Costa", "updateCard", "2026-11-21T10:05:33.000Z", "In progress",
     "Fin clip genotyping, batch 7", "Planned"),
    ("Lab Experiments", "Jonas Brandt", "createCard", "2026-11-20T15:12:47.000Z", "Planned",
     "Cryoinjury cohort 4 (12 fish)", ""),
    ("Lab Experiments", "Fatima Haddad", "commentCard", "2026-11-20T09:31:02.000Z", "In progress",
     "Calcium imaging of day-30 iPSC-CMs", "Batch 22 imaged, 14 fields. Batch 23 beats irregularly - check first."),
    ("Lab Experiments", "Elena Marchetti", "updateCard", "2026-11-19T18:20:15.000Z", "Analysis",
     "scRNA-seq of 7 dpi ventricles", "In progress"),
    ("Lab Experiments", "Aiko Tanaka", "createCard", "2026-11-18T11:47:29.000Z", "Planned",
     "nrg1 morpholino knockdown", ""),
    ("Lab Experiments", "Rui Costa", "updateCard", "2026-11-17T08:55:40.000Z", "Done",
     "Outcross Tg(myl7:GFP) founders", "In progress"),
    ("Lab Experiments", "Jonas Brandt", "commentCard", "2026-11-16T14:03:11.000Z", "In progress",
     "Regeneration time course 7/14/30 dpi", "Cohort 3 fixed; sections on Tuesday."),
    ("Lab Experiments", "Fatima Haddad", "createCard", "2026-11-13T13:30:00.000Z", "Planned",
     "Seahorse mito stress test on iPSC-CMs", ""),
    ("Lab Experiments", "Aiko Tanaka", "updateCard", "2026-11-12T17:14:52.000Z", "Done",
     "Pilot: heat-shock dnFGFR line", "In progress"),
    ("Lab Experiments", "Elena Marchetti", "commentCard", "2026-11-10T09:02:37.000Z", "Analysis",
     "scRNA-seq of 7 dpi ventricles", "Let's use scDblFinder, not DoubletFinder."),
    ("Lab Experiments", "Rui Costa", "createCard", "2026-11-09T12:40:18.000Z", "In progress",
     "Fin clip genotyping, batch 7", ""),
    ("Grants & Papers", "Elena Marchetti", "commentCard", "2026-11-21T20:11:05.000Z", "Internal review",
     "Nature Cardiovascular Research revision: reviewer 2", "Draft of the response letter is in the drive."),
    ("Grants & Papers", "Jonas Brandt", "createCard", "2026-11-19T10:00:00.000Z", "Internal review",
     "Figure 4 rework: EdU counts per section", ""),
    ("Grants & Papers", "Elena Marchetti", "updateCard", "2026-11-02T16:00:00.000Z", "Submitted",
     "DFG progress report 2026", "Internal review"),
    ("Equipment & Orders", "Aiko Tanaka", "createCard", "2026-11-20T08:15:00.000Z", "Broken / service",
     "Cryostat blade holder cracked", ""),
    ("Equipment & Orders", "Rui Costa", "commentCard", "2026-11-19T14:22:00.000Z", "To order",
     "Tricaine (MS-222), 100 g", "Only 12 g left in the fish room."),
]  # fmt: skip


def _member(name: str) -> Member:
    return Member(id=oid("member", name), fullName=name, username=MEMBERS[name])


def _name_key(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", (text or "").lower()).strip()


class Trello:
    """The fixed boards plus this session's changes."""

    def __init__(self) -> None:
        self.boards: dict[str, Board] = {}
        self.labels: dict[str, list[Label]] = {}
        self.lists: dict[str, TrelloList] = {}
        self.cards: dict[str, Card] = {}
        self.comments: dict[str, list[dict[str, Any]]] = {}
        self.actions: list[Action] = []
        self.default_board = oid("board", DEFAULT_BOARD)
        for board_name, spec in BOARDS.items():
            bid = oid("board", board_name)
            link = short_link(bid)
            self.boards[bid] = Board(
                id=bid,
                name=board_name,
                desc=spec["desc"],
                closed=False,
                idOrganization=ORG,
                url=f"https://trello.com/b/{link}/{_slug(board_name)}",
                shortUrl=f"https://trello.com/b/{link}",
            )
            self.labels[bid] = [
                Label(id=oid("label", f"{board_name}/{n}"), idBoard=bid, name=n, color=c) for n, c in spec["labels"]
            ]
            for lpos, (list_name, cards) in enumerate(spec["lists"].items(), 1):
                lid = oid("list", f"{board_name}/{list_name}")
                self.lists[lid] = TrelloList(id=lid, name=list_name, closed=False, idBoard=bid, pos=lpos * 16384.0)
                for cpos, (name, desc, labels, members, due, done) in enumerate(cards, 1):
                    self._add(bid, lid, name, desc, labels, members, due, done, cpos * 16384.0)
        for board_name, who, kind, date, list_name, card_name, text in ACTIONS:
            self._record(board_name, who, kind, date, list_name, card_name, text)
        self.actions.sort(key=lambda a: a.date, reverse=True)

    def _add(
        self,
        bid: str,
        lid: str,
        name: str,
        desc: str,
        labels: list[str],
        members: list[str],
        due: str | None,
        done: bool,
        pos: float,
        cid: str | None = None,
        when: str = "2026-11-20T12:00:00.000Z",
    ) -> Card:
        cid = cid or oid("card", f"{self.boards[bid].name}/{name}")
        link = short_link(cid)
        idshort = sum(1 for c in self.cards.values() if c.idBoard == bid) + 1
        card = Card(
            id=cid,
            name=name,
            desc=desc,
            closed=False,
            idBoard=bid,
            idList=lid,
            idMembers=[oid("member", m) for m in members],
            labels=[lab for lab in self.labels[bid] if lab.name in labels],
            due=due,
            dueComplete=done,
            start=None,
            dateLastActivity=when,
            pos=pos,
            shortLink=link,
            shortUrl=f"https://trello.com/c/{link}",
            url=f"https://trello.com/c/{link}/{idshort}-{_slug(name)}",
        )
        self.cards[cid] = card
        return card

    def _record(self, board_name: str, who: str, kind: str, date: str, list_name: str, card_name: str, text: str):
        bid = oid("board", board_name)
        lid = oid("list", f"{board_name}/{list_name}")
        cid = oid("card", f"{board_name}/{card_name}")
        data: dict[str, Any] = {
            "board": {"id": bid, "name": board_name},
            "list": {"id": lid, "name": list_name},
            "card": {"id": cid, "name": card_name},
        }
        if kind == "commentCard":
            data["text"] = text
            self.comments.setdefault(cid, []).append(
                {"id": oid("action", f"{date}/{card_name}"), "date": date, "memberCreator": who, "text": text}
            )
        elif kind == "updateCard" and text:
            data["listBefore"] = {"id": oid("list", f"{board_name}/{text}"), "name": text}
            data["listAfter"] = {"id": lid, "name": list_name}
        self.actions.append(
            Action(
                id=oid("action", f"{date}/{card_name}/{kind}"),
                idMemberCreator=oid("member", who),
                type=kind,
                date=date,
                data=data,
                memberCreator=_member(who),
            )
        )

    # ------------------------------------------------------------------ resolving ids
    def board(self, board_id: str | None) -> str:
        if board_id is None or not str(board_id).strip():
            return self.default_board
        key = str(board_id).strip()
        if key in self.boards:
            return key
        for bid in self.boards:
            if key == short_link(bid) or key.rstrip("/").endswith(f"/b/{short_link(bid)}"):
                return bid
        listing = ", ".join(f"'{b.name}' ({bid})" for bid, b in self.boards.items())
        for bid, b in self.boards.items():
            if _name_key(key) == _name_key(b.name):
                raise ValueError(f"boardId takes the board's id, not its name: send '{bid}' for '{b.name}'.")
        raise ValueError(f"invalid id '{board_id}' for boardId. Boards: {listing} (list_boards lists them).")

    def list_id(self, list_id: str) -> str:
        key = str(list_id or "").strip()
        if key in self.lists:
            return key
        named = [lst for lst in self.lists.values() if _name_key(lst.name) == _name_key(key)]
        if named:
            options = "; ".join(f"'{lst.id}' on '{self.boards[lst.idBoard].name}'" for lst in named)
            raise ValueError(f"listId takes the list's id, not its name: for '{named[0].name}' send {options}.")
        raise ValueError(f"invalid id '{list_id}' for listId: get_lists gives the lists of a board with their ids.")

    def card_id(self, card_id: str) -> str:
        key = str(card_id or "").strip()
        if key in self.cards:
            return key
        for cid in self.cards:
            if key == short_link(cid) or f"/c/{short_link(cid)}" in key:
                return cid
        named = [c for c in self.cards.values() if _name_key(key) and _name_key(key) in _name_key(c.name)]
        if named:
            options = "; ".join(f"'{c.id}' for '{c.name}'" for c in named[:4])
            raise ValueError(f"cardId takes the card's id (24 hex characters), not its name: send {options}.")
        if _HEX24.match(key):
            raise ValueError(f"The requested resource was not found: no card with id '{key}'.")
        raise ValueError(
            f"invalid id '{card_id}' for cardId: get_cards_by_list_id or get_my_cards list cards with their ids."
        )

    def _labels(self, bid: str, labels: list[str] | None) -> list[Label] | None:
        if labels is None:
            return None
        out = []
        for item in labels:
            key = str(item).strip()
            match = next((lab for lab in self.labels[bid] if key in (lab.id, lab.name) or key.lower() == lab.name.lower()), None)  # fmt: skip
            if match is None:
                listing = ", ".join(f"{lab.name} ({lab.id})" for lab in self.labels[bid])
                raise ValueError(
                    f"invalid value for idLabels: '{item}' is not a label of '{self.boards[bid].name}'. "
                    f"Labels: {listing}."
                )
            if match not in out:
                out.append(match)
        return out

    @staticmethod
    def _due(value: str | None, name: str = "dueDate") -> str | None:
        if value is None or not str(value).strip():
            return None
        m = _DATE.match(str(value).strip())
        if not m:
            raise ValueError(
                f"invalid date '{value}' for {name}: send ISO 8601, e.g. '2026-12-01' or '2026-12-01T17:00:00.000Z'."
            )
        day, clock = m.group(1), m.group(2) or "00:00"
        return f"{day}T{clock}:00.000Z"

    # ------------------------------------------------------------------ reads
    def list_boards(self) -> list[Board]:
        return list(self.boards.values())

    def get_lists(self, board_id: str | None = None) -> list[TrelloList]:
        bid = self.board(board_id)
        return [lst for lst in self.lists.values() if lst.idBoard == bid and not lst.closed]

    def cards_in(self, list_id: str) -> list[Card]:
        lid = self.list_id(list_id)
        return sorted((c for c in self.cards.values() if c.idList == lid and not c.closed), key=lambda c: c.pos)

    def my_cards(self) -> list[Card]:
        me = oid("member", ME)
        return [c for c in self.cards.values() if me in c.idMembers and not c.closed]

    def card(self, card_id: str) -> CardDetail:
        c = self.cards[self.card_id(card_id)]
        lst = self.lists[c.idList]
        names = {oid("member", n): n for n in MEMBERS}
        comments = sorted(self.comments.get(c.id, []), key=lambda x: x["date"], reverse=True)
        return CardDetail(
            **c.model_dump(),
            list={"id": lst.id, "name": lst.name},
            board={"id": c.idBoard, "name": self.boards[c.idBoard].name},
            members=[_member(names[m]) for m in c.idMembers],
            comments=[{**x, "memberCreator": {"fullName": x["memberCreator"]}} for x in comments],
        )

    def activity(self, board_id: str | None = None, limit: int = 10) -> list[Action]:
        bid = self.board(board_id)
        if not 1 <= int(limit) <= 1000:
            raise ValueError("limit takes 1 to 1000 actions.")
        return [a for a in self.actions if a.data["board"]["id"] == bid][: int(limit)]

    # ------------------------------------------------------------------ writes
    def add_card(
        self,
        board_id: str | None,
        list_id: str,
        name: str,
        description: str | None = None,
        due: str | None = None,
        start: str | None = None,
        labels: list[str] | None = None,
    ) -> Card:
        lid = self.list_id(list_id)
        bid = self.lists[lid].idBoard
        if not (name or "").strip():
            raise ValueError("name is required: send the card's title.")
        chosen = self._labels(bid, labels) or []
        cid = oid("card", f"new/{lid}/{' '.join(name.split()).lower()}")
        pos = max((c.pos for c in self.cards.values() if c.idList == lid), default=0.0) + 16384.0
        card = self._add(bid, lid, name.strip(), description or "", [], [ME], self._due(due), False, pos, cid, NOW)
        card.labels = chosen
        card.start = self._due(start, "start")
        self._log(card, "createCard")
        return card

    def update(
        self,
        card_id: str,
        name: str | None = None,
        description: str | None = None,
        due: str | None = None,
        start: str | None = None,
        due_complete: bool | None = None,
        labels: list[str] | None = None,
    ) -> Card:
        card = self.cards[self.card_id(card_id)]
        if name is not None:
            if not name.strip():
                raise ValueError("name cannot be empty.")
            card.name = name.strip()
        if description is not None:
            card.desc = description
        if due is not None:
            card.due = self._due(due)
        if start is not None:
            card.start = self._due(start, "start")
        if due_complete is not None:
            card.dueComplete = bool(due_complete)
        chosen = self._labels(card.idBoard, labels)
        if chosen is not None:
            card.labels = chosen
        card.dateLastActivity = NOW
        self._log(card, "updateCard")
        return card

    def move(self, board_id: str | None, card_id: str, list_id: str) -> Card:
        card = self.cards[self.card_id(card_id)]
        lid = self.list_id(list_id)
        bid = self.board(board_id)
        target = self.lists[lid]
        if target.idBoard != bid:
            where = self.boards[target.idBoard]
            raise ValueError(
                f"invalid value for idList: list '{target.name}' is on board '{where.name}', not on "
                f"'{self.boards[bid].name}'. Send boardId='{where.id}' with it."
            )
        before = self.lists[card.idList]
        card.idList, card.idBoard = lid, bid
        card.labels = [lab for lab in card.labels if lab.idBoard == bid]
        card.pos = max((c.pos for c in self.cards.values() if c.idList == lid), default=0.0) + 16384.0
        card.dateLastActivity = NOW
        self._log(card, "updateCard", {"listBefore": {"id": before.id, "name": before.name}})
        return card

    def archive(self, card_id: str) -> Card:
        card = self.cards[self.card_id(card_id)]
        card.closed = True
        card.dateLastActivity = NOW
        self._log(card, "updateCard", {"old": {"closed": False}})
        return card

    def add_list(self, board_id: str | None, name: str) -> TrelloList:
        bid = self.board(board_id)
        if not (name or "").strip():
            raise ValueError("name is required: send the new list's name.")
        lid = oid("list", f"new/{bid}/{' '.join(name.split()).lower()}")
        pos = max((lst.pos for lst in self.lists.values() if lst.idBoard == bid), default=0.0) + 16384.0
        self.lists[lid] = TrelloList(id=lid, name=name.strip(), closed=False, idBoard=bid, pos=pos)
        return self.lists[lid]

    def comment(self, card_id: str, text: str) -> Action:
        card = self.cards[self.card_id(card_id)]
        if not (text or "").strip():
            raise ValueError("text is required: send the comment.")
        entry = {"id": oid("action", f"comment/{card.id}/{text}"), "date": NOW, "memberCreator": ME, "text": text}
        self.comments.setdefault(card.id, []).append(entry)
        return self._log(card, "commentCard", {"text": text})

    def _log(self, card: Card, kind: str, extra: dict[str, Any] | None = None) -> Action:
        lst = self.lists[card.idList]
        action = Action(
            id=oid("action", f"{kind}/{card.id}/{len(self.actions)}"),
            idMemberCreator=oid("member", ME),
            type=kind,
            date=NOW,
            data={
                "board": {"id": card.idBoard, "name": self.boards[card.idBoard].name},
                "list": {"id": lst.id, "name": lst.name},
                "card": {"id": card.id, "name": card.name},
                **(extra or {}),
            },
            memberCreator=_member(ME),
        )
        self.actions.insert(0, action)
        return action


trello = Trello()
server = MCPServer("trello-server", instructions="Trello boards, lists and cards. Test-only fake Trello.")
_BOARD = "ID of the Trello board (uses default if not provided)"


def _run(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List Boards", readOnlyHint=True, openWorldHint=True))
def list_boards() -> list[Board]:
    """List all boards the user has access to"""
    return trello.list_boards()


@server.tool(annotations=ToolAnnotations(title="Get Lists", readOnlyHint=True, openWorldHint=True))
def get_lists(boardId: Annotated[str | None, Field(description=_BOARD)] = None) -> list[TrelloList]:
    """Retrieve all lists from the specified board"""
    return _run(trello.get_lists, boardId)


@server.tool(annotations=ToolAnnotations(title="Get Cards by List ID", readOnlyHint=True, openWorldHint=True))
def get_cards_by_list_id(
    listId: Annotated[str, Field(description="ID of the Trello list")],
    boardId: Annotated[str | None, Field(description=_BOARD)] = None,
) -> list[Card]:
    """Fetch cards from a specific Trello list on a specific board"""
    return _run(trello.cards_in, listId)


@server.tool(annotations=ToolAnnotations(title="Get Card", readOnlyHint=True, openWorldHint=True))
def get_card(
    cardId: Annotated[str, Field(description="ID of the card to fetch")],
    includeMarkdown: Annotated[
        bool, Field(description="Whether to return card description in markdown format (default: false)")
    ] = False,
) -> CardDetail:
    """Get detailed information about a specific Trello card"""
    return _run(trello.card, cardId)


@server.tool(annotations=ToolAnnotations(title="Get My Cards", readOnlyHint=True, openWorldHint=True))
def get_my_cards() -> list[Card]:
    """Fetch all cards assigned to the current user"""
    return trello.my_cards()


@server.tool(annotations=ToolAnnotations(title="Get Recent Activity", readOnlyHint=True, openWorldHint=True))
def get_recent_activity(
    boardId: Annotated[str | None, Field(description=_BOARD)] = None,
    limit: Annotated[int, Field(description="Number of activities to fetch (default: 10)")] = 10,
) -> list[Action]:
    """Fetch recent activity on the Trello board"""
    return _run(trello.activity, boardId, limit)


@server.tool(
    annotations=ToolAnnotations(title="Add Card to List", readOnlyHint=False, destructiveHint=False, openWorldHint=True)
)
def add_card_to_list(
    listId: Annotated[str, Field(description="ID of the list to add the card to")],
    name: Annotated[str, Field(description="Name of the card")],
    boardId: Annotated[str | None, Field(description=_BOARD)] = None,
    description: Annotated[str | None, Field(description="Description of the card")] = None,
    dueDate: Annotated[str | None, Field(description="Due date for the card (ISO 8601 format)")] = None,
    start: Annotated[str | None, Field(description="Start date for the card (YYYY-MM-DD format, date only)")] = None,
    labels: Annotated[list[str] | None, Field(description="Array of label IDs to apply to the card")] = None,
) -> Card:
    """Add a new card to a specified list on a specific board"""
    return _run(trello.add_card, boardId, listId, name, description, dueDate, start, labels)


@server.tool(
    annotations=ToolAnnotations(
        title="Update Card Details", readOnlyHint=False, destructiveHint=True, openWorldHint=True
    )
)
def update_card_details(
    cardId: Annotated[str, Field(description="ID of the card to update")],
    boardId: Annotated[str | None, Field(description=_BOARD)] = None,
    name: Annotated[str | None, Field(description="New name for the card")] = None,
    description: Annotated[str | None, Field(description="New description for the card")] = None,
    dueDate: Annotated[str | None, Field(description="New due date for the card (ISO 8601 format)")] = None,
    start: Annotated[
        str | None, Field(description="New start date for the card (YYYY-MM-DD format, date only)")
    ] = None,
    dueComplete: Annotated[
        bool | None, Field(description="Mark the due date as complete (true) or incomplete (false)")
    ] = None,
    labels: Annotated[list[str] | None, Field(description="New array of label IDs for the card")] = None,
) -> Card:
    """Update an existing card's details on a specific board"""
    return _run(trello.update, cardId, name, description, dueDate, start, dueComplete, labels)


@server.tool(
    annotations=ToolAnnotations(title="Archive Card", readOnlyHint=False, destructiveHint=True, openWorldHint=True)
)
def archive_card(
    cardId: Annotated[str, Field(description="ID of the card to archive")],
    boardId: Annotated[str | None, Field(description=_BOARD)] = None,
) -> Card:
    """Send a card to the archive on a specific board"""
    return _run(trello.archive, cardId)


@server.tool(
    annotations=ToolAnnotations(title="Move Card", readOnlyHint=False, destructiveHint=False, openWorldHint=True)
)
def move_card(
    cardId: Annotated[str, Field(description="ID of the card to move")],
    listId: Annotated[str, Field(description="ID of the target list")],
    boardId: Annotated[
        str | None,
        Field(description="ID of the target Trello board (where the listId resides, uses default if not provided)"),
    ] = None,
) -> Card:
    """Move a card to a different list, potentially on a different board"""
    return _run(trello.move, boardId, cardId, listId)


@server.tool(
    annotations=ToolAnnotations(
        title="Add List to Board", readOnlyHint=False, destructiveHint=False, openWorldHint=True
    )
)
def add_list_to_board(
    name: Annotated[str, Field(description="Name of the new list")],
    boardId: Annotated[str | None, Field(description=_BOARD)] = None,
) -> TrelloList:
    """Add a new list to the specified board"""
    return _run(trello.add_list, boardId, name)


@server.tool(
    annotations=ToolAnnotations(
        title="Add Comment to Card", readOnlyHint=False, destructiveHint=False, openWorldHint=True
    )
)
def add_comment(
    cardId: Annotated[str, Field(description="ID of the card to comment on")],
    text: Annotated[str, Field(description="The text of the comment to add")],
) -> Action:
    """Add the given text as a new comment to the given card"""
    return _run(trello.comment, cardId, text)


if __name__ == "__main__":
    main(server)
