"""A sentence that tells what happened or how something is asks no tool for anything, whichever server's subject it
names: "Prof. Lee finally answered my email" searched the mailbox, "uploaded the organoid data to zenodo last week"
*created a deposition*, "Ravi already posted the run update in the sequencing channel" *posted it again*, and
"google drive keeps logging me out" searched the drive ("google" there names a product, not a search). The same
subjects asked for still call the tool. And an action a request names without ordering it ("image-segmentation
models that use the cellpose library") is no missing capability beside a connected tool the request names."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from agent_core.offline.catalogue import catalogue
from agent_core.offline.clauses import unordered_action
from agent_core.offline.router import Route
from eval.servers.hfhub import model_search
from tests.planner_support import TaskStore, ask, planner_agent, tool
from tests.test_planner_new_servers11 import DRIVE

pytestmark = pytest.mark.anyio


def search_emails(
    query: Annotated[str, Field(description="Gmail search query (e.g. 'from:alice is:unread')")],
    maxResults: Annotated[int, Field(description="Maximum number of results to return")] = 10,
) -> list[dict[str, Any]]:
    """Searches for emails using Gmail search syntax"""
    return [{"id": "18c2f9a4b7d1e0f3", "from": "Prof. Lee", "subject": "Re: figure 3", "query": query}]


def send_email(
    to: Annotated[list[str], Field(description="List of recipient email addresses")],
    subject: Annotated[str, Field(description="Email subject")],
    body: Annotated[str, Field(description="Email body content")],
) -> dict[str, Any]:
    """Sends a new email"""
    return {"id": "18c34250f3dead30", "to": to, "subject": subject}


def create_deposition(
    title: Annotated[str, Field(description="Title of the deposition")],
    upload_type: Annotated[Literal["dataset", "software", "poster", "presentation", "image"], Field()],
    description: Annotated[str, Field(description="Abstract or description of the upload")],
) -> dict[str, Any]:
    """Create a new Zenodo deposition (a draft upload)"""
    return {"id": 123, "title": title}


def slack_post_message(
    channel_id: Annotated[str, Field(description="The ID of the channel to post to")],
    text: Annotated[str, Field(description="The message text to post")],
) -> dict[str, Any]:
    """Post a new message to a Slack channel"""
    return {"ok": True, "channel": channel_id, "text": text}


def _agent_tools() -> list[Any]:
    return [
        tool(search_emails, readOnlyHint=True),
        tool(send_email, readOnlyHint=False),
        tool(create_deposition, readOnlyHint=False),
        tool(slack_post_message, readOnlyHint=False),
        *DRIVE,  # the drive, with the machine's files, the web and memory
    ]


def _agent() -> Any:
    return planner_agent(_agent_tools())


@pytest.mark.parametrize(
    "text",
    [
        "Prof. Lee finally answered my email 🙌",
        "my inbox has 400 unread, I'm declaring bankruptcy lol",
        "uploaded the organoid data to zenodo last week, finally done with that",
        "Ravi already posted the run update in the sequencing channel",
        "google drive keeps logging me out, so annoying",
        "the zenodo upload came back with a DOI, great news",
        "Hannah wrote the email to the core facility",
    ],
)
async def test_a_report_calls_no_tool(text: str) -> None:
    turn = await ask(_agent(), text)
    assert turn.calls == []  # it had searched the mailbox or the drive, created a deposition, posted to the channel
    assert "statement" in turn.output.answer


@pytest.mark.parametrize(
    ("text", "called"),
    [
        ("search my email for messages from Prof. Lee", "search_emails"),
        ("search google drive for the confocal settings", "gdrive_search"),
    ],
)
async def test_the_same_subjects_asked_for_still_call_the_tool(text: str, called: str) -> None:
    turn = await ask(_agent(), text)
    assert [name for name, _ in turn.calls] == [called]


def test_an_action_named_by_a_noun_and_ordered_by_no_word_leaves_the_tool_the_request_names() -> None:
    # the scores the eval's Hugging Face server (this tool) and the catalogue gave "image-segmentation models that use the cellpose
    # library", which was reported as needing image generation
    drawing = Route("image_generation", 0.567, capability=catalogue()["image_generation"])
    searching = Route("tool:model_search", 0.485, tools=(tool(model_search).tool_def,), evidence=1)
    assert unordered_action("image-segmentation models that use the cellpose library", drawing, searching)
    assert not unordered_action("generate an image of the cellpose models", drawing, searching)  # ordered
    far = Route("tool:model_search", 0.42, tools=searching.tools, evidence=1)
    assert not unordered_action("image-segmentation models that use the cellpose library", drawing, far)
    unnamed = Route("tool:model_search", 0.485, tools=searching.tools, evidence=0)
    assert not unordered_action("image-segmentation models that use the cellpose library", drawing, unnamed)


async def test_a_report_that_may_tick_a_task_off_stays_a_task_report() -> None:
    store = TaskStore.with_titles("Order pipettes", "Order reagents")
    turn = await ask(planner_agent([*store.tools(), *_agent_tools()]), "the order went through")
    assert [name for name, _ in turn.calls] == ["list_tasks"]  # which order? (not declined as a statement)
    assert "Order pipettes" in turn.output.answer and "Order reagents" in turn.output.answer
