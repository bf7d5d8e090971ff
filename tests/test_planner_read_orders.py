"""An order to read, list or show is never a write. A repository server's tool that creates a draft upload is
described with every word people use for their uploads ("upload", "draft", "dataset"), so by meaning it comes
first for "show my uploads" too; the verb says to read, and the server's tool that lists the same things reads.
An order to log or record is never a read either: "log a feed for pot P-12" asks how much, rather than reading the
pot's card because that tool could be filled.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from tests.planner_support import ask, planner_agent, tool

pytestmark = pytest.mark.anyio

DRAFTS: list[dict[str, Any]] = [
    {"id": 501, "title": "Confocal stacks of organoids", "state": "draft"},
    {"id": 502, "title": "segtool v2.1", "state": "published"},
]


def create_upload(
    title: Annotated[str, Field(description="Title of the upload")],
    kind: Annotated[Literal["dataset", "software", "poster", "image"], Field(description="What is uploaded")],
    description: Annotated[str, Field(description="Abstract of the upload")],
) -> dict[str, Any]:
    """Create a new upload on the data repository: a draft with its metadata (dataset, software, poster or image
    upload); its DOI is reserved and the draft stays private until it is published."""
    return {"id": 503, "title": title, "state": "draft"}


def list_uploads(
    state: Annotated[Literal["draft", "published"] | None, Field(description="Only drafts or published ones")] = None,
) -> dict[str, Any]:
    """The uploads of the signed-in person, newest first."""
    return {"uploads": [d for d in DRAFTS if state in (None, d["state"])]}


REPOSITORY = [tool(create_upload), tool(list_uploads, readOnlyHint=True)]


@pytest.mark.parametrize(
    ("text", "args"),
    [
        ("list my upload drafts", {"state": "draft"}),
        ("show my uploads on the data repository", {}),
        ("list my published uploads", {"state": "published"}),
    ],
)
async def test_an_order_to_read_lists_and_never_creates(text: str, args: dict[str, Any]) -> None:
    turn = await ask(planner_agent(REPOSITORY), text)
    assert turn.calls == [("list_uploads", args)]


async def test_an_order_to_create_still_creates() -> None:
    turn = await ask(
        planner_agent(REPOSITORY),
        "create a dataset upload titled 'Confocal stacks, batch 5' with the description 'z-stacks of day 7 organoids'",
    )
    assert [name for name, _ in turn.calls] == ["create_upload"]


def log_feeding(
    potId: Annotated[str, Field(description="Pot ID, e.g. P-12", pattern=r"^P-\d+$")],
    amountMl: Annotated[float, Field(description="Feed given, in ml")],
) -> dict[str, Any]:
    """Log a feed given to a pot."""
    return {"entry": "F-1", "potId": potId, "amountMl": amountMl}


def get_pot(potId: Annotated[str, Field(description="Pot ID, e.g. P-12", pattern=r"^P-\d+$")]) -> dict[str, Any]:
    """A pot's card: plant, sowing date, last feed."""
    return {"potId": potId, "plant": "tomato", "lastFeed": "2026-01-02"}


POTS = [tool(log_feeding), tool(get_pot, readOnlyHint=True)]


@pytest.mark.parametrize("text", ["log a feed for pot P-12", "record a feeding for P-12 please"])
async def test_an_order_to_log_asks_what_it_lacks_and_reads_nothing(text: str) -> None:
    turn = await ask(planner_agent(POTS), text)
    assert turn.calls == [] and turn.kinds[-1] == "clarify"
    assert "ml" in turn.answer.lower()


async def test_an_order_to_log_with_its_amount_logs() -> None:
    turn = await ask(planner_agent(POTS), "log 30 ml of feed for pot P-12")
    assert turn.calls == [("log_feeding", {"potId": "P-12", "amountMl": 30})]


POSTED: list[dict[str, str]] = []


def list_channels() -> dict[str, Any]:
    """List the public channels of the workspace."""
    return {"channels": [{"id": "C1", "name": "sequencing"}, {"id": "C2", "name": "general"}]}


def get_channel_history(channel_id: Annotated[str, Field(description="The ID of the channel")]) -> dict[str, Any]:
    """Recent messages of a channel."""
    return {"messages": [{"user": "U7", "text": "QC of my libraries failed"}, *POSTED]}


def post_message(
    channel_id: Annotated[str, Field(description="The ID of the channel to post to")],
    text: Annotated[str, Field(description="The message text")],
) -> dict[str, Any]:
    """Post a new message to a channel."""
    POSTED.append({"user": "me", "text": text})
    return {"ok": True, "channel": channel_id}


CHAT = [tool(list_channels, readOnlyHint=True), tool(get_channel_history, readOnlyHint=True), tool(post_message)]


async def test_telling_a_channel_something_posts_it_there() -> None:
    turn = await ask(planner_agent(CHAT), "tell the sequencing channel that the FASTQs are on the server")
    assert turn.calls[-1] == ("post_message", {"channel_id": "C1", "text": "the FASTQs are on the server"})


@pytest.mark.parametrize(
    "text", ["tell me about the sequencing channel", "what did people say in the sequencing channel?"]
)
async def test_telling_me_or_asking_about_a_channel_posts_nothing(text: str) -> None:
    turn = await ask(planner_agent(CHAT), text)
    assert "post_message" not in [name for name, _ in turn.calls]
