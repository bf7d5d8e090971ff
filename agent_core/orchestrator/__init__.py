"""The orchestrator: agents (MCP servers, local Python tools) behind one toolset with bare tool names."""

from agent_core.orchestrator.agents import AgentManifest, AgentStartError, LocalAgent, MCPAgent, ToolAgent
from agent_core.orchestrator.config import ServerSpec, load_server_specs
from agent_core.orchestrator.metrics import ToolMetrics
from agent_core.orchestrator.recording import RecordingToolset, ToolCallRecorder, ToolEvent, ToolEvents, call_recorded
from agent_core.orchestrator.registry import Orchestrator
from agent_core.orchestrator.state import ServerState, ToolInfo, UnknownAgentError, UnknownToolError

__all__ = [
    "AgentManifest",
    "AgentStartError",
    "LocalAgent",
    "MCPAgent",
    "Orchestrator",
    "RecordingToolset",
    "ServerSpec",
    "ServerState",
    "ToolAgent",
    "ToolCallRecorder",
    "ToolEvent",
    "ToolEvents",
    "ToolInfo",
    "ToolMetrics",
    "UnknownAgentError",
    "UnknownToolError",
    "call_recorded",
    "load_server_specs",
]
