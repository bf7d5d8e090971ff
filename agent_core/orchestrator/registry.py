"""The orchestrator: registers agents by factory, starts and watches them, routes tool calls by name.

All agents start in parallel. One that fails to start is reported with its reason while the others serve; if
every agent fails, start-up stops with one error naming each and why. While running, a monitor checks every
ready agent (health answers within 1 s); one that stops answering — also when asked again with a deadline stretched
by the machine's load — is marked unavailable and its tools leave the agent's view at once, without touching the
others; every ``reconnect_every`` seconds an unavailable (or failed) agent is started again and its tools are
discovered afresh. The model sees one toolset with bare tool names. A start (each bounded by its own deadline, see
``deadlines``) that is under way when tools are listed or called is waited for, so a server that is slow to start is
never mistaken for a missing one.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from pydantic_ai.tools import ToolDefinition
from pydantic_ai.toolsets import AbstractToolset

from agent_core.errors import PaiasError
from agent_core.orchestrator.agents import RETRY_DELAY, AgentStartError, MCPAgent, ToolAgent, describe_error
from agent_core.orchestrator.config import ServerSpec
from agent_core.orchestrator.deadlines import stretched
from agent_core.orchestrator.metrics import ToolMetrics
from agent_core.orchestrator.recording import RecordingToolset, ToolCallRecorder, call_recorded
from agent_core.orchestrator.state import ServerState, ToolInfo, UnknownAgentError, UnknownToolError
from agent_core.orchestrator.toolsets import AgentToolset, LiveToolset
from agent_core.risk import assess_risk, reads_outside_content
from agent_core.schemas import RiskLevel
from agent_core.telemetry import Telemetry

log = logging.getLogger(__name__)

HEALTH_TIMEOUT = 1.0
CHECK_EVERY = 5.0  # with HEALTH_TIMEOUT, a dead server is noticed within ~6 s (the target is 10 s)
RECONNECT_EVERY = 30.0
MONITOR_STOP_TIMEOUT = 10.0  # how long stop() keeps cancelling a monitor that does not end
MAX_HEALTH_WAIT = 10.0  # the second, load-stretched health check before a server is declared unavailable

AgentFactory = Callable[[], ToolAgent]


class Orchestrator:
    """Owns the agents. Enter and exit it (``start``/``stop``) from the task that owns the runtime."""

    def __init__(self, *, check_every: float = CHECK_EVERY, reconnect_every: float = RECONNECT_EVERY) -> None:
        self.check_every = check_every
        self.reconnect_every = reconnect_every
        self.states: dict[str, ServerState] = {}
        self.metrics = ToolMetrics()
        self.reserved: set[str] = set()  # names taken by tools outside the orchestrator (the memory tools)
        self.telemetry: Telemetry | None = None  # spans and OTel metrics for every call, when set
        self._factories: dict[str, AgentFactory] = {}
        self._auto_start: dict[str, bool] = {}
        self._agents: dict[str, ToolAgent] = {}  # created once, restarted in place
        self._ready: set[str] = set()
        self._monitor: asyncio.Task[None] | None = None
        self._starting: dict[str, asyncio.Task[None]] = {}  # starts under way, which callers of tools wait for
        # Where start/stop wishes shared with other processes come from (e.g. the database); None: local only.
        self.desired_states: Callable[[], Awaitable[Mapping[str, str]]] | None = None

    @classmethod
    def from_specs(
        cls, specs: list[ServerSpec], log_dir: Path, *, retry_delay: float = RETRY_DELAY, **options: Any
    ) -> Orchestrator:
        """An orchestrator with one MCP agent registered per configured server."""
        orchestrator = cls(**options)
        for spec in specs:
            factory = partial(MCPAgent, spec, log_dir, retry_delay=retry_delay)
            orchestrator.register(spec.name, factory, auto_start=spec.auto_start)
        return orchestrator

    def register(self, name: str, factory: AgentFactory, *, auto_start: bool = True) -> None:
        """Register an agent by factory; it is created at its first start.

        Raises:
            PaiasError: the name is taken (two servers must not share a name).
        """
        if name in self._factories:
            raise PaiasError(f"An agent named '{name}' is already registered; give the second one another name.")
        self._factories[name] = factory
        self._auto_start[name] = auto_start
        self.states[name] = ServerState(name)

    def require(self, name: str) -> None:
        """Raises UnknownAgentError, listing the registered names, unless ``name`` is one of them."""
        if name not in self._factories:
            known = ", ".join(self._factories) or "none"
            raise UnknownAgentError(f"There is no server named '{name}'. Configured: {known}.")

    def _agent(self, name: str) -> ToolAgent:
        self.require(name)
        if name not in self._agents:
            self._agents[name] = self._factories[name]()
            self.states[name].kind = self._agents[name].kind
        return self._agents[name]

    async def start(self) -> None:
        """Start every auto-start agent in parallel.

        Raises:
            PaiasError: every MCP server that should start failed; the message names each one and its reason.
        """
        desired = await self._desired()
        wanted = [
            name for name, auto in self._auto_start.items() if desired.get(name, "started" if auto else "") == "started"
        ]
        await asyncio.gather(*(self._start_one(name) for name in wanted))
        failed = [self.states[name] for name in wanted if self.states[name].state == "failed"]
        servers = [name for name in wanted if self.states[name].kind == "mcp"]  # local agents always start
        if servers and all(self.states[name].state == "failed" for name in servers):
            failed = [s for s in failed if s.kind == "mcp"]
            details = "; ".join(f"'{s.name}': {s.error}" for s in failed)
            raise PaiasError(
                f"No MCP server could start ({details}). Check {', '.join(s.name for s in failed)} in the MCP config "
                "(MCP_CONFIG) and the logs under PAIAS_HOME/logs."
            )
        for state in failed:
            log.warning("MCP server %s failed to start: %s", state.name, state.error, extra={"server": state.name})

    async def _start_one(self, name: str, failed_state: str = "failed") -> None:
        """Start one agent, or join its start already under way (cancelling the caller cancels the start)."""
        task = self._starting.get(name)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._start(name, failed_state), name=f"start-{name}")
            self._starting[name] = task
            task.add_done_callback(lambda done: self._starting.pop(name) if self._starting.get(name) is done else None)
        await task

    async def settle(self) -> None:
        """Wait for the starts under way (each is bounded by its own start-up deadline; waiting cancels none)."""
        pending = [task for task in self._starting.values() if not task.done()]
        if pending:
            names = ", ".join(task.get_name().removeprefix("start-") for task in pending)
            log.info("waiting for %s to finish starting", names)
            await asyncio.wait(pending)

    async def _start(self, name: str, failed_state: str) -> None:
        agent, state = self._agent(name), self.states[name]
        started = time.perf_counter()
        try:
            await agent.initialize()
        except AgentStartError as exc:
            state.state, state.error = failed_state, str(exc)  # type: ignore[assignment]
            return
        state.state, state.error = "ready", None
        state.tools = [t.name for t in agent.manifest().tools]
        state.started_ms = round((time.perf_counter() - started) * 1000)
        self._ready.add(name)
        self.offered_tools()  # rejects duplicate names now, with a warning, rather than at the first run
        log.info("%s ready with %d tools in %d ms", name, len(state.tools), state.started_ms, extra={"server": name})

    async def start_agent(self, name: str) -> ServerState:
        """Start (or restart) one agent now, whatever its state; returns its new state."""
        agent = self._agent(name)
        if name in self._ready:
            await self._close(name, "stopped")
        elif self.states[name].state != "stopped":
            await agent.shutdown()
        await self._start_one(name)
        return self.states[name]

    async def stop_agent(self, name: str) -> ServerState:
        """Stop one agent; it stays stopped (the monitor does not restart it) until ``start_agent``."""
        self._agent(name)
        await self._close(name, "stopped")
        self.states[name].error = None
        return self.states[name]

    async def _close(self, name: str, state: str) -> None:
        self._ready.discard(name)
        if name in self._agents:
            await self._agents[name].shutdown()
        # ``tools`` stays as the last known list (it tells which server this is); the latency is no longer current.
        self.states[name].state = state  # type: ignore[assignment]
        self.states[name].last_latency_ms = None
        log.info("%s is %s", name, state, extra={"server": name})

    async def stop(self) -> None:
        """Stop the monitor, the starts under way and all agents in parallel (each agent bounds its own shutdown to
        5 s)."""
        monitor, self._monitor = self._monitor, None
        if monitor is not None:
            await _cancel(monitor, "the server monitor")
        await asyncio.gather(*(_cancel(task, f"the start of {name}") for name, task in list(self._starting.items())))
        await asyncio.gather(*(self._close(name, "stopped") for name in list(self._agents)))

    async def health(self, name: str, timeout: float = HEALTH_TIMEOUT) -> bool:
        """Check one agent; True if it answered within ``timeout`` s (the answer never takes longer)."""
        if name not in self._ready:
            return False
        started = time.perf_counter()
        try:
            async with asyncio.timeout(timeout):
                healthy = await self._agents[name].health()
        except TimeoutError:
            self.states[name].error = f"health check failed: no answer within {timeout:g} s"
            return False
        except Exception as exc:  # noqa: BLE001 - any failure means "not healthy"
            self.states[name].error = f"health check failed: {describe_error(exc)}"
            return False
        self.states[name].last_latency_ms = round((time.perf_counter() - started) * 1000, 2)
        return healthy

    def start_monitor(self) -> None:
        """Watch the agents in the background until ``stop()``."""
        if self._monitor is None:
            self._monitor = asyncio.get_running_loop().create_task(self._watch(), name="mcp-monitor")

    async def _desired(self) -> Mapping[str, str]:
        if self.desired_states is None:
            return {}
        try:
            return await self.desired_states()
        except Exception as exc:  # noqa: BLE001 - the database being down must not stop the servers
            log.warning("could not read the servers' start/stop requests: %s", describe_error(exc))
            return {}

    async def follow_requests(self) -> None:
        """Apply start/stop requests made elsewhere (another process, the CLI) to the agents here."""
        for name, desired in (await self._desired()).items():
            if name not in self._factories:
                continue
            current = self.states[name].state
            if desired == "stopped" and current != "stopped":
                await self.stop_agent(name)
            elif desired == "started" and current == "stopped":
                await self.start_agent(name)

    async def _watch(self) -> None:
        since_reconnect = 0.0
        while True:
            await asyncio.sleep(self.check_every)
            since_reconnect += self.check_every
            await self.follow_requests()
            for name in list(self._ready):
                # Asked again with a deadline stretched by the load: on a busy machine a healthy server can miss
                # 1 s, and closing it would turn the next request into a false tool gap. A dead one fails both at once.
                if not await self.health(name) and not await self.health(
                    name, stretched(HEALTH_TIMEOUT, cap=MAX_HEALTH_WAIT)
                ):
                    reason = self.states[name].error
                    await self._close(name, "unavailable")
                    self.states[name].error = reason
                    log.warning("%s is unavailable: %s", name, reason, extra={"server": name})
            if since_reconnect >= self.reconnect_every:
                since_reconnect = 0.0
                down = [n for n in self._factories if self.states[n].state in {"unavailable", "failed"}]
                await asyncio.gather(*(self._start_one(n, self.states[n].state) for n in down))

    def down_tools(self) -> dict[str, list[Any]]:
        """Each configured server that is not ready now, with the tools it offered when it last ran.

        A server never seen running in this process stands in with its name (a server called "tasks" most likely
        manages tasks), so the gap check can say "the tasks server is down" rather than "connect a server".
        """
        down: dict[str, list[Any]] = {}
        for name, state in self.states.items():
            if state.state == "ready":
                continue
            agent = self._agents.get(name)
            known = list(agent.manifest().tools) if agent is not None else []
            down[name] = known or [ToolDefinition(name=name, description=f"the {name} server")]
        return down

    def offered_tools(self) -> dict[str, list[str]]:
        """Tool names each ready agent offers, after rejecting duplicates.

        A name already taken — by the memory tools or by an agent registered earlier — is not offered again; the
        later agent keeps its other tools and its state lists what was ignored. Without this, one duplicate name
        would make every agent run fail.
        """
        taken, offered = set(self.reserved), {}
        for name in self._factories:
            if name not in self._ready:
                continue
            state = self.states[name]
            duplicates = [t for t in state.tools if t in taken]
            if duplicates and duplicates != state.ignored_tools:
                log.warning("%s: tool names already in use, not offered: %s", name, ", ".join(duplicates))
            state.ignored_tools = duplicates
            offered[name] = [t for t in state.tools if t not in taken]
            taken.update(offered[name])
        return offered

    def parts(self) -> list[AbstractToolset[Any]]:
        """The ready agents' toolsets as the model uses them: recorded, time-bounded, without duplicate names."""
        parts: list[AbstractToolset[Any]] = []
        for name, names in self.offered_tools().items():
            allowed = frozenset(names)
            agent = self._agents[name]
            offered = AgentToolset(agent).filtered(lambda ctx, tool_def, allowed=allowed: tool_def.name in allowed)
            parts.append(
                RecordingToolset(
                    offered, server=name, timeout=agent.timeout, metrics=self.metrics, telemetry=self.telemetry
                )
            )
        return parts

    def toolset(self) -> AbstractToolset[Any]:
        """One toolset over whatever agents are ready at the moment the model asks (bare tool names)."""
        return LiveToolset(self.parts)

    def risk_overrides(self) -> dict[str, RiskLevel]:
        """Per-tool risk levels from configuration (the ``risk`` keys), over all agents."""
        overrides: dict[str, RiskLevel] = {}
        for name in self._factories:
            overrides.update(self._agent(name).risk)
        return overrides

    def route(self, tool: str) -> str:
        """The name of the ready agent that offers ``tool``.

        Raises:
            UnknownToolError: no ready agent offers it; the message lists the tools that exist.
        """
        for name, names in self.offered_tools().items():
            if tool in names:
                return name
        available = sorted(t for names in self.offered_tools().values() for t in names)
        raise UnknownToolError(f"Unknown tool '{tool}'. Available tools: {', '.join(available) or 'none'}.")

    async def execute(
        self,
        tool: str,
        params: dict[str, Any],
        *,
        correlation_id: str | None = None,
        recorder: ToolCallRecorder | None = None,
    ) -> Any:
        """Call a tool directly (not through a model): routed, timed, recorded in the metrics like a run's call.

        Raises:
            UnknownToolError: no ready agent offers ``tool``.
            pydantic_ai.exceptions.ToolFailed: the call failed or timed out (the message says which and why).
        """
        await self.settle()
        name = self.route(tool)
        agent = self._agents[name]
        return await call_recorded(
            lambda: agent.execute(tool, params),
            tool=tool,
            args=params,
            server=name,
            timeout=agent.timeout,
            recorder=recorder,
            metrics=self.metrics,
            correlation_id=correlation_id,
            telemetry=self.telemetry,
        )

    def _metadata(self, tool: str) -> dict[str, Any]:
        for name, names in self.offered_tools().items():
            if tool in names:
                for definition in self._agents[name].manifest().tools:
                    if definition.name == tool:
                        return dict(definition.metadata or {})
        return {}

    def annotations(self, tool: str) -> dict[str, Any]:
        """The MCP annotations of an offered tool ({} when unknown)."""
        return dict(self._metadata(tool).get("annotations") or {})

    def reads_outside(self, tool: str) -> bool:
        """Whether an offered tool's result is text from outside the person (see ``agent_core.taint``)."""
        metadata = self._metadata(tool)
        return reads_outside_content(tool, metadata.get("annotations"), untrusted=bool(metadata.get("untrusted")))

    async def list_tools(self, overrides: Mapping[str, RiskLevel | str] | None = None) -> list[ToolInfo]:
        """Every tool of every ready agent, with its risk level (sorted by server, then name); starts under way are
        waited for first."""
        await self.settle()
        overrides = {**self.risk_overrides(), **(overrides or {})}
        infos: list[ToolInfo] = []
        for name, names in self.offered_tools().items():
            for tool in self._agents[name].manifest().tools:
                if tool.name not in names:
                    continue
                annotations = dict((tool.metadata or {}).get("annotations") or {})
                risk = assess_risk(tool.name, None, annotations, overrides)
                infos.append(
                    ToolInfo(
                        name=tool.name,
                        server=name,
                        description=tool.description or "",
                        input_schema=tool.parameters_json_schema,
                        annotations=annotations,
                        risk_level=risk.level,
                        risk_reason=risk.reason,
                    )
                )
        return sorted(infos, key=lambda t: (t.server, t.name))


async def _cancel(task: asyncio.Task[Any], what: str) -> None:
    """Cancel ``task`` and wait until it has ended, cancelling again while it runs on.

    One cancellation is not always enough: an await inside the task can swallow it — ``asyncio.wait_for`` in Python
    3.11 returns the result instead when the awaited call finishes at that moment, and psycopg_pool waits for a free
    connection with it — and the task goes on as if nothing happened: under load a monitor went on sleeping and
    checking, and ``paias ask`` never exited after printing its answer. Bounded by ``MONITOR_STOP_TIMEOUT``; a task
    still running then is left behind with a warning.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + MONITOR_STOP_TIMEOUT
    while not task.done() and loop.time() < deadline:
        task.cancel()
        await asyncio.wait([task], timeout=0.2)
    if not task.done():
        log.warning("%s did not stop within %g s; leaving it", what, MONITOR_STOP_TIMEOUT)
    elif not task.cancelled() and task.exception() is not None:
        log.warning("%s failed: %s", what, describe_error(task.exception()))
