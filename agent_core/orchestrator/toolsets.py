"""The two toolsets between the orchestrator and Pydantic AI: one agent's tools, and the live union of all."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic_ai.toolsets import AbstractToolset, CombinedToolset

from agent_core.orchestrator.agents import AgentStartError, ToolAgent
from agent_core.people.identity import acting_for


@dataclass
class AgentToolset(AbstractToolset[Any]):
    """One agent as Pydantic AI sees it: tools described by the agent's source, every call through ``execute``
    (so a run and a direct call take the same path, and an MCP agent's reconnect is invisible here)."""

    agent: ToolAgent

    @property
    def id(self) -> str | None:
        return self.agent.name

    async def get_tools(self, ctx: Any) -> dict[str, Any]:
        try:
            source = self.agent.tool_source()
        except AgentStartError:  # its connection broke and is being (or could not be) replaced: no tools this step
            return {}
        return await source.get_tools(ctx)

    async def call_tool(self, name: str, tool_args: dict[str, Any], ctx: Any, tool: Any) -> Any:
        with acting_for(getattr(ctx.deps, "person", None)):  # whose data: from the run, never from the model
            return await self.agent.execute(name, tool_args)


@dataclass
class LiveToolset(AbstractToolset[Any]):
    """The agent's view of the orchestrator: rebuilt from the ready agents at every step, so one that died drops
    out at once and one that came back reappears with its rediscovered tools. The orchestrator owns the
    connections, so entering this toolset for a run opens nothing."""

    parts: Callable[[], list[AbstractToolset[Any]]]  # the ready agents' toolsets now (``Orchestrator.parts``)

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
        return await CombinedToolset(self.parts()).get_tools(ctx)

    async def call_tool(self, name: str, tool_args: dict[str, Any], ctx: Any, tool: Any) -> Any:
        # Dispatch goes through the tool's own source toolset, so the combination's membership does not matter.
        return await CombinedToolset([]).call_tool(name, tool_args, ctx, tool)
