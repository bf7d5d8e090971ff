"""Pick the offered tool that serves a capability, and fill its arguments from the plan's slots.

Generic over whatever MCP tools are connected: a tool is chosen by the words in its name and description, and
arguments are matched to its JSON schema's property names (with synonyms), never to a hard-wired tool name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pydantic_ai.tools import ToolDefinition


@dataclass(frozen=True)
class Capability:
    """Something a request can need, described well enough to recognise a tool that provides it."""

    name: str
    description: str
    keywords: frozenset[str]
    slot_synonyms: dict[str, tuple[str, ...]]
    # At least one of these must appear in the tool's name or description ("search" alone is not memory).
    required: frozenset[str] = frozenset()


CAPABILITIES: dict[str, Capability] = {
    "current_time": Capability(
        name="current_time",
        description="the current time in a time zone",
        keywords=frozenset({"time", "current", "now", "clock", "timezone", "date"}),
        slot_synonyms={"timezone": ("timezone", "tz", "time_zone", "zone", "iana_timezone", "timezone_name")},
        required=frozenset({"time", "clock"}),
    ),
    "memory_search": Capability(
        name="memory_search",
        description="searching your stored research memory",
        keywords=frozenset({"search", "memory", "recall", "find", "memories", "semantic"}),
        slot_synonyms={"query": ("query", "q", "text", "question"), "top_k": ("top_k", "k", "limit", "max_results")},
        required=frozenset({"memory", "memories", "recall"}),
    ),
    "memory_store": Capability(
        name="memory_store",
        description="storing something in your research memory",
        keywords=frozenset({"store", "memory", "remember", "save", "memories"}),
        slot_synonyms={"content": ("content", "text", "note", "document"), "metadata": ("metadata", "meta", "tags")},
        required=frozenset({"memory", "memories", "remember"}),
    ),
    "file_read": Capability(
        name="file_read",
        description="reading a file",
        keywords=frozenset({"read", "file", "text", "contents"}),
        slot_synonyms={"path": ("path", "file", "file_path", "filename")},
        required=frozenset({"file", "files"}),
    ),
    "file_list": Capability(
        name="file_list",
        description="listing the files in a folder",
        keywords=frozenset({"list", "directory", "files", "dir", "folder"}),
        slot_synonyms={"path": ("path", "directory", "dir", "folder")},
        required=frozenset({"directory", "folder", "dir"}),
    ),
    **{
        name: Capability(
            name=name,
            description=description,
            keywords=frozenset(words) | {"task", "tasks", "todo"},
            slot_synonyms={
                "title": ("title", "name", "task", "text"),
                "description": ("description", "details", "notes"),
                "status": ("status", "state", "filter"),
                "task_id": ("task_id", "id", "task_number", "number"),
            },
            required=frozenset({"task", "tasks", "todo", "todos"}),
        )
        for name, description, words in (
            ("task_add", "adding a task to your list", {"add", "create", "new"}),
            ("task_list", "listing your tasks", {"list", "show"}),
            ("task_complete", "completing a task", {"complete", "done", "finish", "mark"}),
            ("task_update", "changing a task", {"update", "edit", "change", "rename"}),
            ("task_delete", "deleting a task", {"delete", "remove"}),
        )
    },
    "web_search": Capability(
        name="web_search",
        description="searching the web",
        keywords=frozenset({"web", "search", "internet", "online", "results"}),
        slot_synonyms={
            "query": ("query", "q", "search_query", "text"),
            "max_results": ("max_results", "limit", "count", "num_results"),
        },
        required=frozenset({"web", "internet", "online"}),
    ),
}


def tokens(text: str) -> set[str]:
    """The lower-case words of a name or text ("sendEmail", "send_email" -> {"send", "email"})."""
    text = re.sub(r"(?<=[a-z0-9])([A-Z])", r" \1", text or "")
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def score_tool(capability: Capability, tool: ToolDefinition) -> int:
    """How well a tool fits: 3 per keyword in its name, 1 per keyword in its description."""
    name_hits = len(tokens(tool.name) & capability.keywords)
    if not name_hits or not (tokens(f"{tool.name} {tool.description}") & capability.required):
        return 0
    return 3 * name_hits + len(tokens(tool.description or "") & capability.keywords)


def fill_args(capability: Capability, slots: dict[str, Any], tool: ToolDefinition) -> dict[str, Any] | None:
    """Map slots to the tool's parameters; None if a required parameter would stay empty."""
    schema = tool.parameters_json_schema or {}
    properties: dict[str, Any] = schema.get("properties", {})
    args: dict[str, Any] = {}
    for slot, value in slots.items():
        for candidate in capability.slot_synonyms.get(slot, (slot,)):
            if candidate in properties:
                args[candidate] = value
                break
    if any(required not in args for required in schema.get("required", [])):
        return None
    return args


def find_tool(
    capability_name: str, tools: list[ToolDefinition], slots: dict[str, Any]
) -> tuple[ToolDefinition, dict[str, Any]] | None:
    """The best-fitting tool whose parameters can be filled from ``slots``, with the filled arguments."""
    capability = CAPABILITIES[capability_name]
    ranked = sorted(tools, key=lambda t: score_tool(capability, t), reverse=True)
    for tool in ranked:
        if score_tool(capability, tool) < 4:
            break
        args = fill_args(capability, slots, tool)
        if args is not None:
            return tool, args
    return None
