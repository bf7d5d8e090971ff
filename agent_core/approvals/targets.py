"""Name what a tool call acts on — "task 3 'Book the microscope'" — for any MCP server, with no code per server.

A call whose arguments hold ``<noun>_id`` (or ``id``) with a scalar value acts on one item. A read-only tool
(``readOnlyHint``) of the SAME server that needs no arguments, names the noun (``list_tasks`` for ``task_id``) and
returns a list of objects is the server's own listing; the object whose ``id`` equals the value gives its ``title``
(or ``name``). Tools that do not name the noun are never called: a read-only tool may still be slow or costly. Anything else — no such
argument, no such tool, an error, no answer within ``LOOKUP_TIMEOUT`` — names nothing (None), and the approval card
just shows the arguments.

The lookup is the app reading on the person's behalf, not a step of the model's run: it is traced (a
``approval_target_lookup`` span) but never added to a turn's ``tool_calls``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from agent_core.telemetry import step_span

if TYPE_CHECKING:
    from agent_core.orchestrator import ToolInfo
    from agent_core.telemetry import Telemetry

log = logging.getLogger(__name__)

LOOKUP_TIMEOUT = 2.0  # a card waits at most this long for a name; without one it shows the arguments
MAX_LISTINGS = 3  # listing tools tried per server, most likely first


def tool_words(tool_name: str) -> list[str]:
    """A tool name as lower-case words: "delete_task" / "deleteTask" / "delete-task" → ["delete", "task"]."""
    spaced = re.sub(r"(?<=[a-z0-9])([A-Z])", r" \1", tool_name)
    return [word.lower() for word in re.split(r"[\s_.\-/:]+", spaced) if word]


def reference(tool_name: str, arguments: dict[str, Any]) -> tuple[str, Any] | None:
    """The noun and id of the one item a call acts on: {"task_id": 3} → ("task", 3); None when it names none.

    A bare ``id`` takes its noun from the tool's name (delete_note → "note").
    """
    for key, value in arguments.items():
        if isinstance(value, bool) or not isinstance(value, int | str) or value == "":
            continue
        if key.lower() == "id":
            nouns = tool_words(tool_name)[1:]
            return (nouns[-1] if nouns else "item"), value
        if key.lower().endswith("_id") and len(key) > 3:
            return " ".join(tool_words(key[:-3])), value
    return None


def listed_objects(result: Any) -> list[dict[str, Any]]:
    """The objects a listing result holds: a list of objects, or the first such list among an object's values
    (``{"tasks": [...], "count": 2}``); JSON text is parsed first."""
    if isinstance(result, str):
        try:
            result = json.loads(result)
        except ValueError:
            return []
    if isinstance(result, dict):
        result = next((v for v in result.values() if isinstance(v, list) and v and isinstance(v[0], dict)), [])
    return [item for item in result if isinstance(item, dict)] if isinstance(result, list) else []


def label(noun: str, value: Any, item: dict[str, Any]) -> str | None:
    """ "task 3 'Book the microscope'" from a listed object (None without a title or name)."""
    title = item.get("title") or item.get("name")
    if not isinstance(title, str) or not title.strip():
        return None
    return f"{noun} {value} '{' '.join(title.split())}'"


@dataclass
class TargetNamer:
    """Names targets through the live tools; composed of how to list the tools and how to call one directly."""

    tools: Callable[[], Awaitable[list[ToolInfo]]]
    call: Callable[[str, dict[str, Any]], Awaitable[Any]]
    telemetry: Telemetry | None = None
    timeout: float = LOOKUP_TIMEOUT

    async def name(self, tool_name: str, arguments: dict[str, Any]) -> str | None:
        """What one call acts on, or None (see the module docstring). Never raises; bounded by ``timeout``."""
        return (await self.name_all([(tool_name, arguments)]))[0]

    async def name_all(self, calls: Sequence[tuple[str, dict[str, Any]]]) -> list[str | None]:
        """What each call acts on (None where it cannot be named), reading each listing tool at most once.

        This is an app-side read, not the model's: traced as its own span, never recorded in a turn's tool calls.
        """
        wanted = [reference(tool, args) for tool, args in calls]
        if not any(wanted):
            return [None] * len(calls)
        with step_span(self.telemetry, "approval_target_lookup", tools=[tool for tool, _ in calls]) as span:
            try:
                async with asyncio.timeout(self.timeout):
                    names = await self._name_all(calls, wanted)
            except Exception as exc:  # noqa: BLE001 - a name is a courtesy: without it the card shows the arguments
                log.info("could not name the target of %s: %r", ", ".join(t for t, _ in calls), exc)
                names = [None] * len(calls)
            span.set_attribute("named", sum(name is not None for name in names))
            return names

    async def _name_all(
        self, calls: Sequence[tuple[str, dict[str, Any]]], wanted: list[tuple[str, Any] | None]
    ) -> list[str | None]:
        infos = await self.tools()
        by_name = {info.name: info for info in infos}
        listings: dict[str, list[dict[str, Any]] | None] = {}
        names: list[str | None] = []
        for (tool, _), ref in zip(calls, wanted, strict=True):
            info = by_name.get(tool)
            names.append(None if ref is None or info is None else await self._find(info, infos, ref, listings))
        return names

    async def _find(
        self,
        info: ToolInfo,
        infos: list[ToolInfo],
        ref: tuple[str, Any],
        listings: dict[str, list[dict[str, Any]] | None],
    ) -> str | None:
        noun, value = ref
        for candidate in _listing_tools(info, infos, noun)[:MAX_LISTINGS]:
            if candidate.name not in listings:
                try:
                    listings[candidate.name] = listed_objects(await self.call(candidate.name, {}))
                except Exception as exc:  # noqa: BLE001 - try the server's next listing tool
                    log.info("listing %s for a target name failed: %r", candidate.name, exc)
                    listings[candidate.name] = None
            item = next((i for i in listings[candidate.name] or [] if str(i.get("id")) == str(value)), None)
            if item is not None:
                return label(noun, value, item)
        return None


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"  # memories → memory
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _listing_tools(info: ToolInfo, infos: list[ToolInfo], noun: str) -> list[ToolInfo]:
    """Read-only tools of the same server that need no arguments and name the noun ("tasks" for "task")."""
    stem = _singular(noun.split()[-1])
    return sorted(
        (
            t
            for t in infos
            if t.server == info.server
            and t.name != info.name
            and (t.annotations or {}).get("readOnlyHint") is True
            and not (t.input_schema or {}).get("required")
            and stem in {_singular(word) for word in tool_words(t.name)}
        ),
        key=lambda t: (not tool_words(t.name)[0].startswith(("list", "get", "all")), t.name),
    )
