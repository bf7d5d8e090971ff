"""The tools an eval item is offered: the default tools of eval/tools.json executed against the simulated world,
plus the real test-only MCP servers of eval/servers/ a data file's header names.

``WorldToolset`` is a Pydantic AI toolset: definitions from tools.json (plus ``convert_time`` while tools.json
lacks it), permissive argument validation, calls dispatched to ``eval.world.World``. A world error is raised as
``ToolFailed``, which is what the app's ``MCPToolset(tool_error_behavior="failed")`` raises for a server's tool
error, so the model sees a failed ``ToolReturnPart``. ``open_servers`` starts the test-only servers in parallel.
Used by ``python -m eval.run``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import tempfile
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastmcp.client.transports import StdioTransport
from pydantic_ai.exceptions import ToolFailed
from pydantic_ai.mcp import MCPToolset
from pydantic_ai.tools import RunContext, ToolDefinition
from pydantic_ai.toolsets import AbstractToolset
from pydantic_ai.toolsets.abstract import ToolsetTool
from pydantic_core import SchemaValidator, core_schema

from eval.world import World, WorldError

REPO = Path(__file__).resolve().parent.parent
TOOLS_FILE = REPO / "eval" / "tools.json"
START_TIMEOUT = 30.0
ANY_DICT = SchemaValidator(
    core_schema.dict_schema(keys_schema=core_schema.str_schema(), values_schema=core_schema.any_schema())
)

# The official MCP time server's convert_time, with UTC as the server's local time zone.
CONVERT_TIME: dict[str, Any] = {
    "name": "convert_time",
    "server": "time",
    "description": "Convert time between timezones",
    "parameters": {
        "type": "object",
        "properties": {
            "source_timezone": {
                "type": "string",
                "description": "Source IANA timezone name (e.g., 'America/New_York', 'Europe/London'). Use 'UTC' as "
                "local timezone if no source timezone provided by the user.",
            },
            "time": {"type": "string", "description": "Time to convert in 24-hour format (HH:MM)"},
            "target_timezone": {
                "type": "string",
                "description": "Target IANA timezone name (e.g., 'Asia/Tokyo', 'America/San_Francisco'). Use 'UTC' as "
                "local timezone if no target timezone provided by the user.",
            },
        },
        "required": ["source_timezone", "time", "target_timezone"],
    },
    "annotations": {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False},
}


@dataclass(frozen=True)
class ToolInfo:
    """One offered tool as the gap detector and the scorer see it."""

    name: str
    description: str
    annotations: dict[str, Any]
    parameters: dict[str, Any] = field(default_factory=dict)

    @property
    def read_only(self) -> bool:
        return self.annotations.get("readOnlyHint") is True

    def defaults(self) -> dict[str, Any]:
        """The schema defaults of its arguments (what the server assumes for an argument not given)."""
        props = self.parameters.get("properties") or {}
        return {name: spec["default"] for name, spec in props.items() if isinstance(spec, dict) and "default" in spec}


@dataclass
class ToolSource:
    """What the gap detector reads: ``await list_tools()`` gives every offered tool."""

    tools: list[ToolInfo]

    async def list_tools(self) -> list[ToolInfo]:
        return list(self.tools)


def default_tools(path: Path = TOOLS_FILE) -> list[ToolInfo]:
    """The default tool list of tools.json, plus convert_time if the file does not have it yet."""
    specs = json.loads(path.read_text(encoding="utf-8"))
    if not any(spec["name"] == "convert_time" for spec in specs):
        specs.append(CONVERT_TIME)
    return [
        ToolInfo(s["name"], s.get("description") or "", dict(s.get("annotations") or {}), s.get("parameters") or {})
        for s in specs
    ]


class WorldToolset(AbstractToolset[Any]):
    """The default tools, each call executed against ``world``."""

    def __init__(self, world: World, tools: list[ToolInfo]) -> None:
        self.world = world
        self.tools = tools
        self._required = {t.name: list(t.parameters.get("required") or []) for t in tools}

    @property
    def id(self) -> str | None:
        return "eval-world"

    async def get_tools(self, ctx: RunContext[Any]) -> dict[str, ToolsetTool[Any]]:
        return {
            t.name: ToolsetTool(
                toolset=self,
                tool_def=ToolDefinition(
                    name=t.name,
                    description=t.description,
                    parameters_json_schema=t.parameters or {"type": "object", "properties": {}},
                    metadata={"annotations": t.annotations},
                ),
                max_retries=2,
                args_validator=ANY_DICT,
            )
            for t in self.tools
        }

    async def call_tool(
        self, name: str, tool_args: dict[str, Any], ctx: RunContext[Any], tool: ToolsetTool[Any]
    ) -> Any:
        return self.direct_call(name, tool_args)

    def direct_call(self, name: str, args: dict[str, Any]) -> Any:
        """One call against the world; a missing required argument or a world error becomes ``ToolFailed``."""
        for key in self._required.get(name, []):
            if key not in args:
                raise ToolFailed(f"Input validation error: '{key}' is a required property")
        try:
            return self.world.call(name, args)
        except WorldError as exc:
            raise ToolFailed(str(exc)) from None


@dataclass
class ServerConnection:
    """One running test-only server: its toolset (entered) and its tools."""

    name: str
    toolset: MCPToolset
    tools: list[ToolInfo]


async def _hold(
    name: str, module: str, env: dict[str, str] | None, ready: asyncio.Future[ServerConnection], stop: asyncio.Event
) -> None:
    """Own one server for its whole life in this task (MCP contexts must be entered and exited in one task)."""
    log_file = Path(tempfile.gettempdir()) / f"eval-server-{name}.log"
    transport = StdioTransport(
        sys.executable, ["-m", f"{module}.{name}"], cwd=str(REPO), env=env, keep_alive=False, log_file=log_file
    )
    toolset = MCPToolset(transport, id=name, tool_error_behavior="failed", init_timeout=START_TIMEOUT)
    try:
        async with toolset:
            listed = await toolset.list_tools()
            tools = [
                ToolInfo(
                    t.name,
                    (t.description or "").strip(),
                    t.annotations.model_dump(by_alias=True, exclude_none=True) if t.annotations else {},
                    dict(t.input_schema or {}),
                )
                for t in listed
            ]
            ready.set_result(ServerConnection(name, toolset, tools))
            await stop.wait()
    except BaseException as exc:
        if not ready.done():
            ready.set_exception(RuntimeError(f"test-only server '{name}' did not start: {exc} (log: {log_file})"))
        if not isinstance(exc, Exception):
            raise


@contextlib.asynccontextmanager
async def open_servers(
    names: list[str], module: str = "eval.servers", env: dict[str, str] | None = None
) -> AsyncIterator[list[ServerConnection]]:
    """Start the named servers (``python -m <module>.<name>``, cwd = the repository) in parallel; stop them after.

    ``env``: extra environment variables for the servers (stdio servers get only a minimal environment)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    readies = [loop.create_future() for _ in names]
    tasks = [asyncio.create_task(_hold(n, module, env, r, stop)) for n, r in zip(names, readies, strict=True)]
    try:
        async with asyncio.timeout(START_TIMEOUT + 5):
            outcomes = await asyncio.gather(*readies, return_exceptions=True)
        for outcome in outcomes:
            if isinstance(outcome, BaseException):
                raise outcome
        yield [o for o in outcomes if isinstance(o, ServerConnection)]
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
