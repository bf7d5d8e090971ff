"""What the orchestrator reports: each agent's state, each offered tool, and the two lookup errors."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from agent_core.errors import PaiasError
from agent_core.schemas import RiskLevel


class UnknownToolError(PaiasError):
    """No ready agent offers the tool; the message lists the ones that exist."""


class UnknownAgentError(PaiasError):
    """No agent of that name is registered; the message lists the registered ones."""


@dataclass
class ServerState:
    """What a person needs to know about one agent (an MCP server or a local agent)."""

    name: str
    kind: Literal["mcp", "local"] = "mcp"
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
