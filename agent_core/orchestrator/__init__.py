"""Connections to the MCP servers, and the toolset the agent sees (one name space, bare tool names)."""

from agent_core.orchestrator.config import ServerSpec, load_server_specs
from agent_core.orchestrator.recording import RecordingToolset, ToolCallRecorder
from agent_core.orchestrator.servers import ServerSet, ServerState, ToolInfo

__all__ = [
    "RecordingToolset",
    "ServerSet",
    "ServerSpec",
    "ServerState",
    "ToolCallRecorder",
    "ToolInfo",
    "load_server_specs",
]
