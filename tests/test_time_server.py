"""The time MCP server: pure logic, and the real protocol over stdio and streamable HTTP."""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from pydantic_ai.mcp import MCPToolset

from agent_core.servers import time as time_server
from agent_core.servers.time import TimeServer
from agent_core.settings import PROJECT_ROOT
from tests.helpers import http_server

FIXED = datetime(2026, 3, 15, 12, 30, 0, tzinfo=UTC)


def test_current_time_converts_the_clock_to_the_zone() -> None:
    result = TimeServer(clock=lambda: FIXED).current_time("Asia/Tokyo")
    assert result.timestamp == "2026-03-15T21:30:00+09:00"
    assert result.timezone == "Asia/Tokyo"
    assert result.unix_epoch == int(FIXED.timestamp())


@pytest.mark.parametrize("name", ["UTC", "utc", " UTC ", ""])
def test_utc_spellings_and_the_default(name: str) -> None:
    assert TimeServer(clock=lambda: FIXED).current_time(name).timestamp == "2026-03-15T12:30:00+00:00"


@pytest.mark.parametrize("name", ["Mars/Base", "Tokyo", "../../etc/passwd", "Europe/"])
def test_invalid_zones_name_a_valid_example(name: str) -> None:
    with pytest.raises(ValueError, match="Use an IANA name such as Europe/Paris"):
        TimeServer().current_time(name)


def test_tool_function_turns_bad_zones_into_tool_errors() -> None:
    from mcp.server.mcpserver.exceptions import ToolError

    with pytest.raises(ToolError, match="Invalid timezone 'Nowhere'"):
        time_server.get_current_time("Nowhere")
    assert time_server.get_current_time("UTC").timezone == "UTC"


@pytest.mark.anyio
async def test_stdio_protocol_lists_a_read_only_tool_and_returns_structured_time() -> None:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "agent_core.servers.time"], cwd=str(PROJECT_ROOT)
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        [tool] = (await session.list_tools()).tools
        assert tool.name == "get_current_time" and tool.annotations.read_only_hint is True
        result = await session.call_tool("get_current_time", {"timezone": "Europe/Paris"})
        assert not result.is_error
        assert result.structured_content["timezone"] == "Europe/Paris"
        assert set(result.structured_content) == {"timestamp", "timezone", "unix_epoch"}
        bad = await session.call_tool("get_current_time", {"timezone": "Atlantis/Capital"})
        assert bad.is_error and "Europe/Paris" in bad.content[0].text


@pytest.mark.anyio
async def test_streamable_http_transport_serves_the_same_tool() -> None:
    with http_server("agent_core.servers.time") as url:
        async with MCPToolset(url) as toolset:
            result = await toolset.direct_call_tool("get_current_time", {"timezone": "UTC"})
    assert result["timezone"] == "UTC"
    assert abs(result["unix_epoch"] - time.time()) < 60
