"""What the conversation so far gives a new request: the current turn's calls and results, the list last shown,
the item last touched, and the previous turn's last call (for follow-ups such as "and in Paris?").

Everything is read back from the Pydantic AI message history the planner receives, so a conversation continued
from PostgreSQL, in another process, after a restart, reads the same.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    RetryPromptPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)


def as_data(content: Any) -> Any:
    """A tool result as data (JSON text parsed), else as it came."""
    if isinstance(content, str):
        try:
            return json.loads(content)
        except ValueError:
            return content
    return content


def listing_of(content: Any) -> list[dict[str, Any]] | None:
    """The list of numbered items in a result (``{"tasks": [...]}``, ``[{"id": 1, ...}]``), if it holds one."""
    data = as_data(content)
    if isinstance(data, dict):
        data = next((v for v in data.values() if isinstance(v, list) and v and isinstance(v[0], dict)), None)
    if isinstance(data, list) and data and all(isinstance(i, dict) and "id" in i for i in data):
        return data
    return None


def files_of(content: Any, base: str, folders: bool = False) -> list[dict[str, Any]]:
    """The files (or, with ``folders``, the folders) in a directory tree or listing result (JSON tree of
    name/type/children, or "[FILE] x" / "[DIR] x" lines), as items ``{"id": absolute path, "title": path under
    base}`` that a reference by words is matched against."""
    data = as_data(content)
    if isinstance(data, dict) and isinstance(data.get("content"), str):
        data = as_data(data["content"])
    found: list[str] = []

    def walk(nodes: list[Any], prefix: str) -> None:
        for node in nodes:
            if isinstance(node, dict) and node.get("name"):
                path = f"{prefix}{node['name']}"
                if node.get("type") == "directory" or isinstance(node.get("children"), list):
                    found.extend([path] if folders else [])
                    walk(node.get("children") or [], f"{path}/")
                elif not folders:
                    found.append(path)

    if isinstance(data, list):
        walk(data, "")
    elif isinstance(data, str):
        mark = "[DIR] " if folders else "[FILE] "
        found = [line[len(mark) :].strip() for line in data.splitlines() if line.startswith(mark)]
    root = base.rstrip("/")
    return [{"id": f"{root}/{path}" if root else path, "title": path} for path in found[:500]]


def touched_id(call: ToolCallPart, content: Any) -> int | None:
    """The id of the single item a call acted on, from its result or its arguments."""
    data = as_data(content)
    if isinstance(data, dict):
        for key in ("id", "deleted"):
            if isinstance(data.get(key), int):
                return data[key]
    args = call.args_as_dict()
    for key, value in args.items():
        if isinstance(value, int) and ("id" in key or "number" in key):
            return value
    return None


def prompt_text(part: UserPromptPart) -> str:
    """The text of a user prompt part (text items of a multi-part prompt joined)."""
    if isinstance(part.content, str):
        return part.content
    return " ".join(item for item in part.content if isinstance(item, str))


@dataclass
class Step:
    """One call of this turn with its result (``ok`` False for a failed call or no result; ``denied`` when it never
    ran because a person did not approve it — its content is then text for the model, not for the person)."""

    call: ToolCallPart
    ok: bool
    content: Any
    denied: bool = False


@dataclass
class Dialogue:
    """The conversation as the planner needs it."""

    prompt: str = ""
    previous_prompts: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)  # this turn's calls, in order
    listing: list[dict[str, Any]] = field(default_factory=list)  # before this turn
    last_id: int | None = None  # before this turn
    last_call: ToolCallPart | None = None  # the previous turn's last tool call
    last_result: Any = None  # and its result, when it succeeded
    last_kind: str | None = None  # what the previous turn's last reply was (planner kind)
    previous_kinds: list[str | None] = field(default_factory=list)  # the same for each of ``previous_prompts``
    touched: list[Any] = field(default_factory=list)  # the items the previous turn changed, when several

    def calls_for(self, prefix: str) -> list[Step]:
        """This turn's steps whose call ids start with ``prefix``."""
        return [s for s in self.steps if s.call.tool_call_id.startswith(prefix)]


def read(messages: list[ModelMessage], output_tools: set[str]) -> Dialogue:
    """Read the history: the latest prompt and what followed it, and the state left by earlier turns."""
    starts = [
        index
        for index, message in enumerate(messages)
        if isinstance(message, ModelRequest) and any(isinstance(p, UserPromptPart) for p in message.parts)
    ]
    start = starts[-1] if starts else 0
    dialogue = Dialogue()
    for index in starts:
        part = next(p for p in messages[index].parts if isinstance(p, UserPromptPart))
        if index == start:
            dialogue.prompt = prompt_text(part)
        else:
            dialogue.previous_prompts.append(prompt_text(part))
    calls: dict[str, ToolCallPart] = {}
    asked_now: set[str] = set()  # calls made after the latest prompt; an earlier call's late answer is history
    shown: list[Any] | None = None  # the ids the previous turn's answer showed, when it narrowed a listing
    kinds: dict[int, str | None] = {}
    for position, message in enumerate(messages):
        for part in message.parts:
            if isinstance(part, ToolCallPart) and part.tool_name not in output_tools:
                calls[part.tool_call_id] = part
                if position >= start:
                    asked_now.add(part.tool_call_id)
                else:
                    dialogue.last_call = part
            elif isinstance(part, ToolReturnPart | RetryPromptPart) and part.tool_call_id in calls:
                # e.g. a call left waiting for approval, closed as "not run" when the person moved on
                current = part.tool_call_id in asked_now
                call = calls[part.tool_call_id]
                ok = isinstance(part, ToolReturnPart) and getattr(part, "outcome", "success") == "success"
                content = part.content if isinstance(part, ToolReturnPart) else part.model_response()
                if current:
                    denied = isinstance(part, ToolReturnPart) and getattr(part, "outcome", None) == "denied"
                    dialogue.steps.append(Step(call, ok, content, denied))
                elif ok:
                    dialogue.last_result = content if call is dialogue.last_call else dialogue.last_result
                    listing = listing_of(content)
                    if listing is not None:
                        dialogue.listing = listing
                    else:
                        dialogue.last_id = touched_id(call, content) or dialogue.last_id
        if isinstance(message, ModelResponse) and position < start:
            details = message.provider_details or {}
            dialogue.last_kind = details.get("offline_kind")  # None after a reply of the gap check or another model
            turn = sum(1 for index in starts if index < position) - 1
            kinds[turn] = dialogue.last_kind
            shown = details.get("offline_shown") if "offline_kind" in details else shown
            dialogue.touched = list(details.get("offline_touched") or []) if "offline_kind" in details else []
    dialogue.previous_kinds = [kinds.get(turn) for turn in range(len(dialogue.previous_prompts))]
    if shown is not None and dialogue.listing:  # "which of my tasks are about ordering?" showed only those
        dialogue.listing = [item for item in dialogue.listing if item.get("id") in shown]
    if dialogue.listing and dialogue.last_id is None and len(dialogue.listing) == 1:
        dialogue.last_id = dialogue.listing[0].get("id")
    return dialogue
