"""The Agent protocol of the orchestrator (seed 001 FR-001..010) and its two kinds: MCP agents and local agents.

An agent owns one source of tools. ``MCPAgent`` is one MCP server (stdio or streamable HTTP); ``LocalAgent`` wraps
plain Python callables — the legacy tools — so they are routed, timed, recorded and risk-checked exactly like MCP
tools, and return the same thing whether the agent run calls them or a program calls ``execute`` (FR-010).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, Protocol, runtime_checkable

from fastmcp.client.transports import StdioTransport
from mcp.shared.exceptions import MCPError
from mcp.types import CONNECTION_CLOSED
from pydantic import ValidationError, validate_call
from pydantic_ai.exceptions import ModelRetry
from pydantic_ai.mcp import MCPToolset
from pydantic_ai.tools import ToolDefinition
from pydantic_ai.toolsets import AbstractToolset, FunctionToolset

from agent_core.orchestrator.config import ServerSpec
from agent_core.orchestrator.deadlines import MAX_START_WAIT, StretchingTimeout, start_budget
from agent_core.people.identity import PERSON_META_KEY, acting_person
from agent_core.schemas import RiskLevel

log = logging.getLogger(__name__)

STOP_TIMEOUT = 5.0
RETRY_DELAY = 3.0


class AgentStartError(Exception):
    """An agent could not start; the message says why in words a person can act on."""


@dataclass(frozen=True)
class AgentManifest:
    """What an agent offers: its kind and its tools (name, description, JSON schema, MCP annotations)."""

    name: str
    kind: Literal["mcp", "local"]
    tools: tuple[ToolDefinition, ...]


@runtime_checkable
class ToolAgent(Protocol):
    """One source of tools behind the orchestrator."""

    name: str
    kind: Literal["mcp", "local"]
    timeout: float
    risk: Mapping[str, RiskLevel]

    async def initialize(self) -> None:
        """Connect/start; raise ``AgentStartError`` with the reason when it cannot."""

    async def execute(self, tool: str, params: dict[str, Any]) -> Any:
        """Run one tool with validated parameters and return its result."""

    async def shutdown(self) -> None:
        """Release everything ``initialize`` acquired (best effort, bounded)."""

    def manifest(self) -> AgentManifest:
        """The tools this agent offers right now."""

    async def health(self) -> bool:
        """A real round trip; True if the agent answered."""

    def tool_source(self) -> AbstractToolset[Any]:
        """The Pydantic AI toolset that describes (and validates arguments of) this agent's tools."""


def describe_error(exc: BaseException) -> str:
    """A one-line reason without library prefixes."""
    text = str(exc) or type(exc).__name__
    return text.removeprefix("Client failed to connect: ")


def is_connection_error(exc: BaseException) -> bool:
    """Whether the call failed because the connection to the server broke (not because the tool failed)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, MCPError) and current.code == CONNECTION_CLOSED:
            return True
        if isinstance(current, ConnectionError):  # refused, reset, broken pipe; HTTP clients chain these
            return True
        current = current.__cause__ or current.__context__
    return False


def _build_toolset(spec: ServerSpec, log_dir: Path) -> MCPToolset:
    if spec.transport == "http":
        return MCPToolset(spec.url, id=spec.name, tool_error_behavior="failed", init_timeout=MAX_START_WAIT)
    log_dir.mkdir(parents=True, exist_ok=True)
    transport = StdioTransport(
        spec.command,
        list(spec.args),
        env=dict(spec.env) or None,
        cwd=spec.cwd,
        keep_alive=False,
        log_file=log_dir / f"mcp-{spec.name}.log",
    )
    return MCPToolset(transport, id=spec.name, tool_error_behavior="failed", init_timeout=MAX_START_WAIT)


def _whose() -> dict[str, str] | None:
    """The request ``_meta`` naming whose data a call touches (None outside any run: the server's default)."""
    person = acting_person()
    return {PERSON_META_KEY: person} if person else None


def _annotation(tool: ToolDefinition, key: str) -> Any:
    return ((tool.metadata or {}).get("annotations") or {}).get(key)


class MCPAgent:
    """One MCP server. Its connection is replaced on reconnect; callers keep using the same agent."""

    kind: Literal["mcp", "local"] = "mcp"

    def __init__(self, spec: ServerSpec, log_dir: Path, *, retry_delay: float = RETRY_DELAY) -> None:
        self.spec = spec
        self.name = spec.name
        self.timeout = spec.timeout
        self.risk: Mapping[str, RiskLevel] = dict(spec.risk)
        self.retry_delay = retry_delay
        self._log_dir = log_dir
        self._toolset: MCPToolset | None = None
        self._tools: tuple[ToolDefinition, ...] = ()
        self._reconnect: asyncio.Lock = asyncio.Lock()
        self._generation = 0  # bumped on every (re)connect, so concurrent failures reconnect once
        self._restart: asyncio.Task[None] | None = None  # a restart after a broken connection, while under way

    async def initialize(self) -> None:
        """Start the server and list its tools, within a deadline that stretches while the machine is busy
        (``deadlines.start_budget``): a server that is slow because 80 others start at once is waited for."""
        toolset = _build_toolset(self.spec, self._log_dir)
        entered = False
        deadline = StretchingTimeout(lambda: start_budget(self.timeout))
        try:
            async with deadline:
                await toolset.__aenter__()
                entered = True
                tools = await toolset.list_tools()
        except BaseException as exc:
            if entered:  # connected but unusable, or start-up was cancelled: close what we opened
                with contextlib.suppress(Exception):
                    await asyncio.shield(toolset.__aexit__(None, None, None))
            if not isinstance(exc, Exception):
                raise
            timed_out = isinstance(exc, TimeoutError)
            reason = f"no answer in {deadline.allowed:.0f} s" if timed_out else describe_error(exc)
            if "No such file or directory" in reason and self.spec.command:
                reason = (
                    f"command '{self.spec.command}' was not found ({reason}). Install it (Node.js 20+ for the "
                    f"filesystem server) or fix 'command' for '{self.name}' in the MCP config."
                )
            raise AgentStartError(reason) from exc
        if self.spec.read_only:
            tools = [t for t in tools if t.annotations is not None and t.annotations.read_only_hint is True]
        self._toolset = toolset
        self._generation += 1
        self._tools = tuple(
            ToolDefinition(
                name=t.name,
                description=(t.description or "").strip(),
                parameters_json_schema=t.input_schema,
                metadata={
                    "annotations": t.annotations.model_dump(by_alias=True, exclude_none=True) if t.annotations else {},
                    "untrusted": self.spec.untrusted,
                },
            )
            for t in tools
        )

    async def shutdown(self) -> None:
        restart = self._restart
        if restart is not None and restart is not asyncio.current_task():  # stopping, not restarting: end a restart
            self._restart = None
            if not restart.done():
                restart.cancel()
                with contextlib.suppress(BaseException):
                    await restart
        toolset, self._toolset = self._toolset, None
        if toolset is None:
            return
        try:
            async with asyncio.timeout(STOP_TIMEOUT):
                await toolset.__aexit__(None, None, None)
        except Exception as exc:  # noqa: BLE001 - shutdown is best effort
            log.warning("MCP server %s did not stop cleanly: %s", self.name, describe_error(exc))

    def manifest(self) -> AgentManifest:
        return AgentManifest(self.name, "mcp", self._tools)

    async def health(self) -> bool:
        if self._toolset is None:
            return False
        # tools/list, not ping: MCP 2.x servers answer ping with "Method not found", and every server must answer
        # tools/list. It bypasses the toolset's cache, so it is a real round trip.
        await self._toolset.client.list_tools()
        return True

    def tool_source(self) -> AbstractToolset[Any]:
        if self._toolset is None:
            raise AgentStartError(f"MCP server '{self.name}' is not running")
        return self._toolset

    def _safe_to_repeat(self, tool: str) -> bool:
        definition = next((t for t in self._tools if t.name == tool), None)
        return definition is not None and bool(
            _annotation(definition, "readOnlyHint") or _annotation(definition, "idempotentHint")
        )

    async def execute(self, tool: str, params: dict[str, Any]) -> Any:
        """Call ``tool``; after a broken connection, restart the server and retry once after ``retry_delay`` s.

        Only tools the server marks read-only or idempotent are retried: a broken connection does not tell
        whether a write already happened, and running it twice could do it twice. A write fails at once while the
        restart goes on; the restart is owned by this agent, so a caller's timeout never leaves it half done.
        """
        await self.restarted()
        toolset, generation = self.tool_source(), self._generation
        started = time.monotonic()
        try:
            return await toolset.direct_call_tool(tool, params, metadata=_whose())  # type: ignore[attr-defined]
        except Exception as exc:
            if not is_connection_error(exc):
                raise
            first = exc
        log.warning("MCP server %s: connection lost during %s; reconnecting", self.name, tool)
        restart = self._restart_in_background(generation)
        why_not = None
        if not self._safe_to_repeat(tool):
            why_not = "it changes data and may already have run. Check the result before trying again"
        elif time.monotonic() - started + self.retry_delay >= self.timeout:
            why_not = f"the {self.retry_delay:g} s retry delay does not fit in its {self.timeout:g} s timeout"
        if why_not:
            raise ConnectionError(
                f"the connection to '{self.name}' broke during {tool}; the server is being restarted, but {tool} was "
                f"not retried because {why_not}."
            ) from first
        waited = asyncio.create_task(asyncio.sleep(self.retry_delay))
        try:
            await asyncio.shield(restart)
        except AgentStartError as exc:
            waited.cancel()
            raise ConnectionError(
                f"the connection to '{self.name}' broke during {tool} and the server could not be restarted: {exc}"
            ) from first
        await waited
        log.info("MCP server %s: retrying %s once", self.name, tool)
        return await self.tool_source().direct_call_tool(tool, params, metadata=_whose())  # type: ignore[attr-defined]

    def _restart_in_background(self, generation: int) -> asyncio.Task[None]:
        """Start (or join) the restart after a broken connection, as a task of this agent."""
        if self._restart is None or self._restart.done():
            loop = asyncio.get_running_loop()
            self._restart = loop.create_task(self.reconnect(generation), name=f"restart-{self.name}")
            # Its failure is reported to whoever waits for it; nobody waiting must not log "never retrieved".
            self._restart.add_done_callback(lambda task: task.cancelled() or task.exception())
        return self._restart

    @property
    def restarting(self) -> bool:
        """Whether a restart after a broken connection is under way."""
        return self._restart is not None and not self._restart.done()

    async def restarted(self) -> None:
        """Wait for a restart under way, if any (its failure shows when the tool is then called)."""
        if self.restarting:
            with contextlib.suppress(Exception):
                await asyncio.shield(self._restart)

    async def reconnect(self, seen_generation: int | None = None) -> None:
        """Replace the connection; a no-op if someone else already reconnected since ``seen_generation``."""
        async with self._reconnect:
            if seen_generation is not None and self._generation != seen_generation and self._toolset is not None:
                return
            await self.shutdown()
            await self.initialize()


class LocalAgent:
    """Python callables as an agent. Each function's signature and docstring become the tool's schema and
    description; ``annotations`` and ``risk`` play the roles they play for MCP tools."""

    kind: Literal["mcp", "local"] = "local"

    def __init__(
        self,
        name: str,
        functions: list[Callable[..., Any]],
        *,
        annotations: Mapping[str, Mapping[str, Any]] | None = None,
        risk: Mapping[str, RiskLevel] | None = None,
        timeout: float = 30.0,
    ) -> None:
        self.name = name
        self.timeout = timeout
        self.risk: Mapping[str, RiskLevel] = dict(risk or {})
        self._functions = {f.__name__: validate_call(f) for f in functions}
        notes = annotations or {}
        self._toolset: FunctionToolset[Any] = FunctionToolset()
        for function in functions:
            self._toolset.add_function(
                function, takes_ctx=False, metadata={"annotations": dict(notes.get(function.__name__, {}))}
            )
        self._tools: tuple[ToolDefinition, ...] = ()

    async def initialize(self) -> None:
        self._tools = tuple(tool.tool_def for tool in self._toolset.tools.values())

    async def shutdown(self) -> None:
        return None

    def manifest(self) -> AgentManifest:
        return AgentManifest(self.name, "local", self._tools)

    async def health(self) -> bool:
        return True

    def tool_source(self) -> AbstractToolset[Any]:
        return self._toolset

    async def execute(self, tool: str, params: dict[str, Any]) -> Any:
        function = self._functions[tool]
        try:
            result = function(**params)
            return await result if inspect.isawaitable(result) else result  # async ones validate when awaited
        except ValidationError as exc:
            details = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
            raise ModelRetry(f"Invalid arguments for {tool}: {details}") from None
