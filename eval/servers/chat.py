"""Test-only team chat server (dev set ``dev11_tools.jsonl``): list the workspace's channels with a cursor page, post
a message to a channel, reply in a message's thread, read a channel's recent history, and list the workspace's users.

Run with: ``python -m eval.servers.chat`` (stdio). Eleven fixed channels of a lab workspace (one archived), nine
users and a few days of fixed messages; messages and replies posted are kept in memory (none at every start) and
get timestamps from 2026-11-22 12:00 UTC. No network, no real clock. The tool shapes follow the widely used public
Slack MCP server (``slack_`` tool names, snake_case parameters, channel ids such as ``C07ABC123`` that people never
say, message timestamps such as ``1795160700.000200`` as thread ids, one-line descriptions).
"""

from __future__ import annotations

import base64
import re
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

NOW = 1795348800  # 2026-11-22 12:00 UTC, the evaluation's clock
MAX_CHANNELS = 200
MAX_MESSAGES = 100
MAX_TEXT = 4000
_ID = re.compile(r"^[CU][A-Z0-9]{8,10}$")
_TS = re.compile(r"^\d{10}\.\d{6}$")
# channel id -> (name, purpose, topic, members, archived)
CHANNELS: dict[str, tuple[str, str, str, int, bool]] = {
    "C07ABC123": (
        "lab-general",
        "Announcements and anything lab-wide",
        "Lab meeting Tuesdays 10:00, room B-201",
        9,
        False,
    ),
    "C07SEQ4R2": (
        "sequencing",
        "Sequencing core: run queue, QC, data delivery",
        "NovaSeq run RUN-0418 this week",
        6,
        False,
    ),
    "C07MIC5KP": ("microscopy", "Confocal, widefield and image analysis", "", 5, False),
    "C07JCL8TW": ("journal-club", "Papers for Thursday journal club", "This week: AlphaFold (Mei)", 8, False),
    "C07FRZ2AX": ("freezer-alarms", "Alerts from the freezer and fridge sensors", "", 9, False),
    "C07TCR6YB": ("tissue-culture", "TC room, incubators, mycoplasma tests", "Myco test due 1 Dec", 6, False),
    "C07BIO3QN": ("bioinformatics", "Pipelines, the cluster, R and Python help", "", 5, False),
    "C07ORD9LM": ("orders", "What to order, deliveries, stock running low", "", 7, False),
    "C07FLD5WS": ("fieldwork", "Lake and river sampling trips, boat bookings", "Winter schedule: Sundays", 4, False),
    "C07RND4GH": ("random", "Non-work chat", "", 9, False),
    "C06RTR7QZ": ("retreat-2025", "Planning the 2025 lab retreat", "", 7, True),
}
# user id -> (handle, real name, title)
USERS: dict[str, tuple[str, str, str]] = {
    "U07LND001": ("astrid", "Astrid Lindqvist", "Group leader"),
    "U07DKW002": ("dana.k", "Dana Kowalski", "Postdoc"),
    "U07RSH003": ("ravi", "Ravi Shah", "PhD student"),
    "U07LFS004": ("lena", "Lena Fischer", "Lab manager"),
    "U07TOR005": ("tomas", "Tomás Ortega", "PhD student"),
    "U07ARX006": ("amelie", "Amélie Roux", "Research technician"),
    "U07MLN007": ("mei", "Mei Lin", "Postdoc"),
    "U07FDV008": ("femke", "Femke de Vries", "Master student"),
    "U07PAI009": ("research-assistant", "Research Assistant", "App (posts on behalf of its user)"),
}
ME = "U07PAI009"
# channel id -> messages, oldest first: (ts, user, text, reply count)
HISTORY: dict[str, list[tuple[str, str, str, int]]] = {
    "C07ABC123": [
        ("1795082400.000100", "U07LND001", "Lab meeting moves to Tuesday 10:00 this week, room B-201.", 2),
        ("1795166040.000200", "U07DKW002", "Who took the good scissors from bench 4?", 3),
        ("1795253400.000300", "U07LFS004", "Autoclave is back in service after the door seal repair.", 0),
        ("1795335000.000400", "U07ARX006", "Reminder: the chemical waste pickup is on Monday morning.", 1),
    ],
    "C07SEQ4R2": [
        ("1795160700.000200", "U07RSH003", "RUN-0418 is demultiplexing, FASTQs tomorrow.", 1),
        (
            "1795246200.000400",
            "U07TOR005",
            "Anyone have space on a NovaSeq lane next week? I need about 100M reads.",
            2,
        ),
        ("1795330800.000600", "U07MLN007", "QC of my libraries failed, the Bioanalyzer shows adapter dimers.", 0),
    ],
    "C07MIC5KP": [
        ("1795089600.000100", "U07MLN007", "The 561 laser on the confocal is weak again.", 2),
        ("1795258800.000200", "U07DKW002", "Booked the confocal all Wednesday for the neuron imaging.", 0),
    ],
    "C07JCL8TW": [
        (
            "1795003200.000100",
            "U07LND001",
            "Next paper: Highly accurate protein structure prediction with AlphaFold.",
            4,
        ),
        ("1795262400.000300", "U07FDV008", "Can I present the CRISPR screen paper in December?", 1),
    ],
    "C07FRZ2AX": [
        ("1795312345.000100", "U07PAI009", "FRZ-02 above -70 °C for 12 minutes (door open).", 2),
        ("1795320000.000200", "U07PAI009", "FRZ-02 back at -79.6 °C.", 0),
    ],
    "C07TCR6YB": [
        ("1795170000.000100", "U07ARX006", "Incubator 2 CO2 reads 4.2%, please don't open it today.", 1),
    ],
    "C07BIO3QN": [
        ("1795180000.000100", "U07RSH003", "The alignment jobs on the gpu partition keep getting killed, any idea?", 3),
        ("1795264000.000200", "U07TOR005", "New DESeq2 template is in the group repo.", 0),
    ],
    "C07ORD9LM": [
        ("1795174000.000100", "U07LFS004", "Ordering on Tuesday: put requests here by Monday noon.", 5),
        ("1795272000.000200", "U07DKW002", "We are almost out of nitrile gloves size M.", 0),
    ],
    "C07FLD5WS": [
        ("1795168000.000100", "U07FDV008", "Boat booked for Sunday 07:30, jetty site first.", 1),
        ("1795251600.000200", "U07TOR005", "The pH probe needs a new calibration before Sunday.", 0),
    ],
    "C07RND4GH": [
        ("1795190000.000100", "U07ARX006", "Cake in the kitchen!", 6),
    ],
    "C06RTR7QZ": [
        ("1760000000.000100", "U07LND001", "Retreat is confirmed for 12-14 September.", 8),
    ],
}


class Topic(BaseModel):
    """A channel's topic or purpose."""

    value: str = Field(description="Text (empty if unset)")


class Channel(BaseModel):
    """A channel."""

    id: str = Field(description="Channel ID, e.g. 'C07ABC123'")
    name: str = Field(description="Channel name without '#'")
    is_channel: bool = Field(description="Always true for public channels")
    is_archived: bool = Field(description="Archived channels are read-only")
    num_members: int = Field(description="Members")
    topic: Topic = Field(description="Topic")
    purpose: Topic = Field(description="Purpose")


class Metadata(BaseModel):
    """Pagination."""

    next_cursor: str = Field(description="Cursor of the next page, empty on the last page")


class ChannelList(BaseModel):
    """One page of channels."""

    ok: bool = Field(description="true")
    channels: list[Channel] = Field(description="Channels")
    response_metadata: Metadata = Field(description="Pagination")


class Message(BaseModel):
    """A message."""

    type: str = Field(description="'message'")
    user: str = Field(description="User ID of the author")
    text: str = Field(description="Message text")
    ts: str = Field(description="Timestamp, also the message's ID, e.g. '1795160700.000200'")
    thread_ts: str | None = Field(default=None, description="Timestamp of the thread's parent (replies)")
    reply_count: int = Field(default=0, description="Replies in its thread")


class History(BaseModel):
    """Recent messages of a channel."""

    ok: bool = Field(description="true")
    channel: str = Field(description="Channel ID")
    messages: list[Message] = Field(description="Messages, newest first")
    has_more: bool = Field(description="Older messages exist")


class Posted(BaseModel):
    """A message posted."""

    ok: bool = Field(description="true")
    channel: str = Field(description="Channel ID")
    ts: str = Field(description="Timestamp of the new message")
    message: Message = Field(description="The message as posted")


class Profile(BaseModel):
    """A user's profile."""

    real_name: str = Field(description="Full name")
    display_name: str = Field(description="Handle")
    title: str = Field(description="Role in the lab")


class User(BaseModel):
    """A user."""

    id: str = Field(description="User ID, e.g. 'U07DKW002'")
    name: str = Field(description="Handle")
    real_name: str = Field(description="Full name")
    is_bot: bool = Field(description="An app rather than a person")
    profile: Profile = Field(description="Profile")


class UserList(BaseModel):
    """The workspace's users."""

    ok: bool = Field(description="true")
    members: list[User] = Field(description="Users")


def _name_key(text: str) -> str:
    return (text or "").strip().lstrip("#").strip().lower()


def resolve_channel(text: str) -> str:
    """The channel ID ``text`` is ('c07abc123' is accepted).

    Raises:
        ValueError: for a channel name (with the ID to send) or an unknown ID.
    """
    raw = (text or "").strip().upper()
    if raw in CHANNELS:
        return raw
    key = _name_key(text)
    for cid, (name, *_) in CHANNELS.items():
        if key == name:
            raise ValueError(f"channel_id is the channel's ID, not its name: send '{cid}' for #{name}.")
    if _ID.match(raw):
        raise ValueError(f"channel_not_found: no channel '{text}'. Use slack_list_channels for the IDs.")
    raise ValueError(f"channel_not_found: '{text}' is not a channel ID (e.g. 'C07ABC123'); see slack_list_channels.")


def parse_ts(text: str) -> str:
    """A message timestamp in Slack's form.

    Raises:
        ValueError: for a timestamp without its period (with the form to send) or anything else.
    """
    raw = (text or "").strip()
    if _TS.match(raw):
        return raw
    digits = raw.removeprefix("p")
    if re.fullmatch(r"\d{16}", digits):
        raise ValueError(f"thread_ts needs its period: send '{digits[:10]}.{digits[10:]}', not '{text}'.")
    raise ValueError(f"thread_ts is a message timestamp such as '1795160700.000200', not '{text}'.")


def _channel(cid: str) -> Channel:
    name, purpose, topic, members, archived = CHANNELS[cid]
    return Channel(
        id=cid,
        name=name,
        is_channel=True,
        is_archived=archived,
        num_members=members,
        topic=Topic(value=topic),
        purpose=Topic(value=purpose),
    )


def channels(limit: int = 100, cursor: str | None = None) -> ChannelList:
    """One page of channels, in the workspace's order.

    Raises:
        ValueError: for a limit out of range or a cursor not from an earlier page.
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_CHANNELS:
        raise ValueError(f"limit must be a whole number from 1 to {MAX_CHANNELS}.")
    ids = list(CHANNELS)
    start = 0
    if cursor:
        try:
            decoded = base64.b64decode(cursor.strip(), validate=True).decode()
        except ValueError:
            decoded = ""
        if not decoded.startswith("team:") or decoded[5:] not in CHANNELS:
            raise ValueError(f"invalid_cursor: '{cursor}' is not a next_cursor from slack_list_channels.")
        start = ids.index(decoded[5:])
    page = ids[start : start + limit]
    following = ids[start + limit] if start + limit < len(ids) else None
    cursor_out = base64.b64encode(f"team:{following}".encode()).decode() if following else ""
    return ChannelList(
        ok=True, channels=[_channel(c) for c in page], response_metadata=Metadata(next_cursor=cursor_out)
    )


def users() -> UserList:
    """Every user of the workspace."""
    return UserList(
        ok=True,
        members=[
            User(
                id=uid,
                name=handle,
                real_name=real,
                is_bot=uid == ME,
                profile=Profile(real_name=real, display_name=handle, title=title),
            )
            for uid, (handle, real, title) in USERS.items()
        ],
    )


def _text(text: str) -> str:
    body = (text or "").strip()
    if not body:
        raise ValueError("no_text: text must not be empty.")
    if len(body) > MAX_TEXT:
        raise ValueError(f"msg_too_long: at most {MAX_TEXT} characters.")
    return body


class Workspace:
    """The channels' messages, with those posted since the server started."""

    def __init__(self) -> None:
        self.messages: dict[str, list[Message]] = {
            cid: [Message(type="message", user=u, text=t, ts=ts, reply_count=n) for ts, u, t, n in rows]
            for cid, rows in HISTORY.items()
        }
        self.posted = 0

    def _next_ts(self) -> str:
        self.posted += 1
        return f"{NOW}.{self.posted * 100:06d}"

    def history(self, channel: str, limit: int = 10) -> History:
        """The ``limit`` newest top-level messages of ``channel``.

        Raises:
            ValueError: for an unknown channel or a limit out of range.
        """
        cid = resolve_channel(channel)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_MESSAGES:
            raise ValueError(f"limit must be a whole number from 1 to {MAX_MESSAGES}.")
        top = [m for m in self.messages.get(cid, []) if m.thread_ts is None or m.thread_ts == m.ts]
        newest = list(reversed(top))
        return History(ok=True, channel=cid, messages=newest[:limit], has_more=len(newest) > limit)

    def post(self, channel: str, text: str) -> Posted:
        """A new message in ``channel``.

        Raises:
            ValueError: for an unknown or archived channel, or an empty text.
        """
        cid = resolve_channel(channel)
        if CHANNELS[cid][4]:
            raise ValueError(f"is_archived: #{CHANNELS[cid][0]} is archived and read-only.")
        message = Message(type="message", user=ME, text=_text(text), ts=self._next_ts())
        self.messages.setdefault(cid, []).append(message)
        return Posted(ok=True, channel=cid, ts=message.ts, message=message)

    def reply(self, channel: str, parent: str, text: str) -> Posted:
        """A reply in the thread of message ``parent`` of ``channel``.

        Raises:
            ValueError: for an unknown or archived channel, a parent not in it, or an empty text.
        """
        cid = resolve_channel(channel)
        ts = parse_ts(parent)
        if CHANNELS[cid][4]:
            raise ValueError(f"is_archived: #{CHANNELS[cid][0]} is archived and read-only.")
        found = next((m for m in self.messages.get(cid, []) if m.ts == ts), None)
        if found is None:
            elsewhere = next((c for c, ms in self.messages.items() if any(m.ts == ts for m in ms)), None)
            if elsewhere:
                raise ValueError(
                    f"thread_not_found: {ts} is in #{CHANNELS[elsewhere][0]}: send channel_id '{elsewhere}'."
                )
            raise ValueError(f"thread_not_found: no message {ts} in #{CHANNELS[cid][0]}.")
        root = found.thread_ts or found.ts
        parent_message = next(m for m in self.messages[cid] if m.ts == root)
        parent_message.reply_count += 1
        message = Message(type="message", user=ME, text=_text(text), ts=self._next_ts(), thread_ts=root)
        self.messages[cid].append(message)
        return Posted(ok=True, channel=cid, ts=message.ts, message=message)


workspace = Workspace()
server = MCPServer("eval-chat", instructions="Slack workspace of the lab: channels, messages, users. Test-only.")


@server.tool(annotations=ToolAnnotations(title="List channels", readOnlyHint=True, openWorldHint=False))
def slack_list_channels(
    limit: Annotated[int, Field(description="Maximum number of channels to return (default 100, max 200)")] = 100,
    cursor: Annotated[str | None, Field(description="Pagination cursor for the next page")] = None,
) -> ChannelList:
    """List public channels in the workspace, with pagination"""
    try:
        return channels(limit, cursor)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Post message", readOnlyHint=False, destructiveHint=False, openWorldHint=True)
)
def slack_post_message(
    channel_id: Annotated[str, Field(description="The ID of the channel to post to")],
    text: Annotated[str, Field(description="The message text to post")],
) -> Posted:
    """Post a new message to a Slack channel"""
    try:
        return workspace.post(channel_id, text)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    annotations=ToolAnnotations(title="Reply to thread", readOnlyHint=False, destructiveHint=False, openWorldHint=True)
)
def slack_reply_to_thread(
    channel_id: Annotated[str, Field(description="The ID of the channel containing the thread")],
    thread_ts: Annotated[
        str,
        Field(
            description="The timestamp of the parent message, e.g. '1234567890.123456'. A timestamp without the "
            "period gets one before its last 6 digits."
        ),
    ],
    text: Annotated[str, Field(description="The reply text")],
) -> Posted:
    """Reply to a message thread in Slack"""
    try:
        return workspace.reply(channel_id, thread_ts, text)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="Channel history", readOnlyHint=True, openWorldHint=False))
def slack_get_channel_history(
    channel_id: Annotated[str, Field(description="The ID of the channel")],
    limit: Annotated[int, Field(description="Number of messages to retrieve (default 10)")] = 10,
) -> History:
    """Get recent messages from a channel"""
    try:
        return workspace.history(channel_id, limit)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="List users", readOnlyHint=True, openWorldHint=False))
def slack_get_users() -> UserList:
    """Get the workspace's users with their basic profile information"""
    return users()


if __name__ == "__main__":
    main(server)
