"""Start, list, watch and stop the configured MCP servers; build the one toolset the agent sees.

All servers start in parallel. A server that fails to start is reported with its reason while the others
serve; if every server fails, start-up stops with one error naming each server and why. While running, a
monitor pings every ready server (health answers within 1 s); one that stops answering is marked unavailable
and its tools disappear from the agent's view at once, without touching the others; every ``reconnect_every``
seconds an unavailable (or failed) server is started again and its tools are discovered afresh.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from fastmcp.client.transports import StdioTransport
from pydantic_ai.mcp import MCPToolset
from pydantic_ai.toolsets import AbstractToolset, CombinedToolset

from agent_core.errors import PaiasError
from agent_core.orchestrator.config import ServerSpec
from agent_core.orchestrator.recording import RecordingToolset
from agent_core.risk import assess_risk
from agent_core.schemas import RiskLevel

log = logging.getLogger(__name__)

START_TIMEOUT = 20.0
STOP_TIMEOUT = 5.0
HEALTH_TIMEOUT = 1.0
CHECK_EVERY = 5.0  # with HEALTH_TIMEOUT, a dead server is noticed within ~6 s (the target is 10 s)
RECONNECT_EVERY = 30.0


@dataclass
class ServerState:
    """What a person needs to know about one server."""

    name: str
    state: Literal["ready", "failed", "unavailable", "stopped"] = "stopped"
    tools: list[str] = field(default_factory=list)
    error: str | None = None
    started_ms: int | None = None
    last_latency_ms: float | None = None
    ignored_tools: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ToolInfo:
    """One tool as offered to the agent, with its source server and risk level."""

    name: str
    server: str
    description: str
    input_schema: Mapping[str, Any]
    annotations: Mapping[str, Any]
    risk_level: RiskLevel
    risk_reason: str


def _build_toolset(spec: ServerSpec, log_dir: Path) -> MCPToolset:
    if spec.transport == "http":
        return MCPToolset(spec.url, id=spec.name, tool_error_behavior="failed", init_timeout=START_TIMEOUT)
    log_dir.mkdir(parents=True, exist_ok=True)
    transport = StdioTransport(
        spec.command,
        list(spec.args),
        env=dict(spec.env) or None,
        cwd=spec.cwd,
        keep_alive=False,
        log_file=log_dir / f"mcp-{spec.name}.log",
    )
    return MCPToolset(transport, id=spec.name, tool_error_behavior="failed", init_timeout=START_TIMEOUT)


@dataclass
class LiveToolset(AbstractToolset[Any]):
    """The agent's view of the servers: rebuilt from the ready servers at every step, so a server that died
    drops out at once and one that came back reappears with its rediscovered tools. The ServerSet owns the
    connections, so entering this toolset for a run opens nothing."""

    servers: ServerSet

    @property
    def id(self) -> str | None:
        return None

    @property
    def label(self) -> str:
        return "MCP servers"

    async def __aenter__(self) -> LiveToolset:
        return self

    async def __aexit__(self, *args: Any) -> bool | None:
        return None

    async def get_tools(self, ctx: Any) -> dict[str, Any]:
        return await CombinedToolset(self.servers.parts()).get_tools(ctx)

    async def call_tool(self, name: str, tool_args: dict[str, Any], ctx: Any, tool: Any) -> Any:
        # Dispatch goes through the tool's own source toolset, so the combination's membership does not matter.
        return await CombinedToolset([]).call_tool(name, tool_args, ctx, tool)


def _describe(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text.removeprefix("Client failed to connect: ")


class ServerSet:
    """Owns the MCP connections. Enter and exit it from the task that owns the runtime."""

    def __init__(
        self,
        specs: list[ServerSpec],
        log_dir: Path,
        *,
        check_every: float = CHECK_EVERY,
        reconnect_every: float = RECONNECT_EVERY,
    ) -> None:
        self.specs = {spec.name: spec for spec in specs}
        self.states = {spec.name: ServerState(spec.name) for spec in specs}
        self._log_dir = log_dir
        self._toolsets: dict[str, MCPToolset] = {}
        self.check_every = check_every
        self.reconnect_every = reconnect_every
        self._monitor: asyncio.Task[None] | None = None
        self.reserved: set[str] = set()  # names taken by tools outside the servers (the memory tools)

    async def start(self) -> None:
        """Start every auto-start server in parallel.

        Raises:
            PaiasError: every server that should start failed; the message names each one and its reason.
        """
        wanted = [spec for spec in self.specs.values() if spec.auto_start]
        await asyncio.gather(*(self._start_one(spec) for spec in wanted))
        failed = [self.states[s.name] for s in wanted if self.states[s.name].state == "failed"]
        if wanted and len(failed) == len(wanted):
            details = "; ".join(f"'{s.name}': {s.error}" for s in failed)
            raise PaiasError(
                f"No MCP server could start ({details}). Check {', '.join(s.name for s in failed)} in the MCP config "
                f"(MCP_CONFIG) and the logs under {self._log_dir}."
            )
        for state in failed:
            log.warning("MCP server %s failed to start: %s", state.name, state.error)

    async def _start_one(self, spec: ServerSpec) -> None:
        state = self.states[spec.name]
        started = time.perf_counter()
        toolset = _build_toolset(spec, self._log_dir)
        entered = False
        try:
            async with asyncio.timeout(START_TIMEOUT):
                await toolset.__aenter__()
                entered = True
                tools = await toolset.list_tools()
        except BaseException as exc:
            if entered:  # connected but unusable, or start-up was cancelled: close what we opened
                with contextlib.suppress(Exception):
                    await asyncio.shield(toolset.__aexit__(None, None, None))
            if not isinstance(exc, Exception):
                raise
            state.state, state.error = "failed", _describe(exc)
            if "No such file or directory" in state.error and spec.command:
                state.error = (
                    f"command '{spec.command}' was not found ({state.error}). Install it (Node.js 20+ for the "
                    f"filesystem server) or fix 'command' for '{spec.name}' in the MCP config."
                )
            return
        self._toolsets[spec.name] = toolset
        if spec.read_only:
            tools = [t for t in tools if t.annotations is not None and t.annotations.read_only_hint is True]
        state.state, state.error, state.tools = "ready", None, [t.name for t in tools]
        state.started_ms = round((time.perf_counter() - started) * 1000)
        log.info("MCP server %s ready with %d tools in %d ms", spec.name, len(tools), state.started_ms)

    async def _close(self, name: str, state: str) -> None:
        toolset = self._toolsets.pop(name, None)
        if toolset is not None:
            try:
                async with asyncio.timeout(STOP_TIMEOUT):
                    await toolset.__aexit__(None, None, None)
            except Exception as exc:  # noqa: BLE001 - shutdown is best effort
                log.warning("MCP server %s did not stop cleanly: %s", name, _describe(exc))
        self.states[name].state = state  # type: ignore[assignment]

    async def stop(self) -> None:
        """Stop the monitor and all servers in parallel, at most ``STOP_TIMEOUT`` seconds each."""
        if self._monitor is not None:
            self._monitor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._monitor
            self._monitor = None
        await asyncio.gather(*(self._close(name, "stopped") for name in list(self._toolsets)))
        for state in self.states.values():
            if state.state == "ready":
                state.state = "stopped"

    async def health(self, name: str) -> bool:
        """Ping one server; True if it answered within ``HEALTH_TIMEOUT`` (the answer never takes longer)."""
        toolset = self._toolsets.get(name)
        if toolset is None:
            return False
        started = time.perf_counter()
        try:
            async with asyncio.timeout(HEALTH_TIMEOUT):
                # tools/list, not ping: MCP 2.x servers answer ping with "Method not found", and every server
                # must answer tools/list. It bypasses the toolset's cache, so it is a real round trip.
                await toolset.client.list_tools()
        except (Exception, TimeoutError) as exc:  # noqa: BLE001 - any failure means "not healthy"
            self.states[name].error = f"health check failed: {_describe(exc) or 'no answer within 1 s'}"
            return False
        self.states[name].last_latency_ms = round((time.perf_counter() - started) * 1000, 2)
        return True

    def start_monitor(self) -> None:
        """Watch the servers in the background until ``stop()``."""
        if self._monitor is None:
            self._monitor = asyncio.get_running_loop().create_task(self._watch(), name="mcp-monitor")

    async def _watch(self) -> None:
        since_reconnect = 0.0
        while True:
            await asyncio.sleep(self.check_every)
            since_reconnect += self.check_every
            for name in list(self._toolsets):
                if not await self.health(name):
                    reason = self.states[name].error
                    await self._close(name, "unavailable")
                    self.states[name].error = reason
                    log.warning("MCP server %s is unavailable: %s", name, reason)
            if since_reconnect >= self.reconnect_every:
                since_reconnect = 0.0
                down = [
                    s
                    for s in self.specs.values()
                    if s.auto_start and self.states[s.name].state in {"unavailable", "failed"}
                ]
                await asyncio.gather(*(self._start_one(spec) for spec in down))
                for spec in down:
                    if self.states[spec.name].state == "ready":
                        log.info(
                            "MCP server %s reconnected with %d tools", spec.name, len(self.states[spec.name].tools)
                        )

    def offered_tools(self) -> dict[str, list[str]]:
        """Tool names each ready server offers, after rejecting duplicates.

        A name already taken — by the memory tools or by a server listed earlier in the config — is not offered
        again; the later server keeps its other tools and its state lists what was ignored. Without this, one
        duplicate name would make every agent run fail.
        """
        taken, offered = set(self.reserved), {}
        for name in self.specs:
            state = self.states[name]
            if state.state != "ready" or name not in self._toolsets:
                continue
            duplicates = [t for t in state.tools if t in taken]
            if duplicates and duplicates != state.ignored_tools:
                log.warning("MCP server %s: tool names already in use, not offered: %s", name, ", ".join(duplicates))
            state.ignored_tools = duplicates
            offered[name] = [t for t in state.tools if t not in taken]
            taken.update(offered[name])
        return offered

    def parts(self) -> list[AbstractToolset[Any]]:
        """The ready servers' toolsets as the agent uses them: recorded, time-bounded, read-only where configured,
        without duplicate names."""
        parts: list[AbstractToolset[Any]] = []
        for name, names in self.offered_tools().items():
            allowed = frozenset(names)
            offered = self._toolsets[name].filtered(lambda ctx, tool_def, allowed=allowed: tool_def.name in allowed)
            parts.append(RecordingToolset(offered, server=name, timeout=self.specs[name].timeout))
        return parts

    def toolset(self) -> AbstractToolset[Any]:
        """One toolset over whatever servers are ready at the moment the agent asks (bare tool names)."""
        return LiveToolset(self)

    def risk_overrides(self) -> dict[str, RiskLevel]:
        """Per-tool risk levels from the config's ``risk`` keys, over all servers."""
        return {tool: level for spec in self.specs.values() for tool, level in spec.risk.items()}

    async def list_tools(self, overrides: Mapping[str, RiskLevel | str] | None = None) -> list[ToolInfo]:
        """Every tool of every ready server, with its risk level (sorted by server, then name)."""
        overrides = {**self.risk_overrides(), **(overrides or {})}
        infos: list[ToolInfo] = []
        offered = self.offered_tools()
        for name, toolset in list(self._toolsets.items()):
            for tool in await toolset.list_tools():
                annotations = tool.annotations.model_dump(exclude_none=True, by_alias=True) if tool.annotations else {}
                if tool.name not in offered.get(name, ()):
                    continue
                risk = assess_risk(tool.name, None, annotations, overrides)
                infos.append(
                    ToolInfo(
                        name=tool.name,
                        server=name,
                        description=(tool.description or "").strip(),
                        input_schema=tool.input_schema,
                        annotations=annotations,
                        risk_level=risk.level,
                        risk_reason=risk.reason,
                    )
                )
        return sorted(infos, key=lambda t: (t.server, t.name))
