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


def _convert(clock: datetime, source: str, at: str, target: str) -> time_server.TimeConversionResult:
    return TimeServer(clock=lambda: clock).convert_time(source, at, target)


def test_convert_time_takes_the_time_as_today_in_the_source_zone() -> None:
    result = _convert(datetime(2026, 1, 15, 9, 0, tzinfo=UTC), "Europe/London", "15:00", "Asia/Tokyo")
    assert result.source.model_dump() == {
        "timezone": "Europe/London",
        "datetime": "2026-01-15T15:00:00+00:00",
        "is_dst": False,
    }
    assert result.target.model_dump() == {
        "timezone": "Asia/Tokyo",
        "datetime": "2026-01-16T00:00:00+09:00",
        "is_dst": False,
    }
    assert result.time_difference == "+9.0h"


def test_convert_time_follows_daylight_saving_on_each_side() -> None:
    # 15 March 2026: New York is already on EDT (since 8 March), London not yet on BST (from 29 March).
    march = _convert(FIXED, "Europe/London", "15:00", "America/New_York")
    assert march.source.datetime == "2026-03-15T15:00:00+00:00" and march.source.is_dst is False
    assert march.target.datetime == "2026-03-15T11:00:00-04:00" and march.target.is_dst is True
    assert march.time_difference == "-4.0h"
    july = _convert(datetime(2026, 7, 1, 12, 0, tzinfo=UTC), "Europe/London", "15:00", "America/New_York")
    assert july.source.is_dst is True and july.target.datetime == "2026-07-01T10:00:00-04:00"
    assert july.time_difference == "-5.0h"


@pytest.mark.parametrize(
    ("source", "at", "target", "expected", "difference"),
    [
        ("Asia/Kolkata", "15:00", "UTC", "2026-03-15T09:30:00+00:00", "-5.5h"),
        ("Europe/London", "15:00", "Asia/Kolkata", "2026-03-15T20:30:00+05:30", "+5.5h"),
        ("UTC", "15:00", "Asia/Kathmandu", "2026-03-15T20:45:00+05:45", "+5.75h"),
        ("utc", "9:05", "Europe/Paris", "2026-03-15T10:05:00+01:00", "+1.0h"),
        ("Europe/Paris", "00:00", "Europe/Paris", "2026-03-15T00:00:00+01:00", "+0.0h"),
    ],
)
def test_convert_time_half_hour_zones_and_spellings(
    source: str, at: str, target: str, expected: str, difference: str
) -> None:
    result = _convert(FIXED, source, at, target)
    assert result.target.datetime == expected and result.time_difference == difference


def test_convert_time_uses_the_date_in_the_source_zone_not_in_utc() -> None:
    late_utc = datetime(2026, 3, 15, 23, 30, tzinfo=UTC)  # already 16 March in Tokyo
    result = _convert(late_utc, "Asia/Tokyo", "08:00", "Europe/London")
    assert result.source.datetime == "2026-03-16T08:00:00+09:00"
    assert result.target.datetime == "2026-03-15T23:00:00+00:00"


@pytest.mark.parametrize("at", ["3pm", "25:00", "12:60", "1500", "15:00:00", "", "15.00"])
def test_convert_time_rejects_times_that_are_not_hh_mm(at: str) -> None:
    with pytest.raises(ValueError, match=r"Invalid time '.*'\. Use 24-hour HH:MM, e.g\. 15:00\."):
        TimeServer(clock=lambda: FIXED).convert_time("UTC", at, "Asia/Tokyo")


@pytest.mark.parametrize(("source", "target"), [("London", "UTC"), ("UTC", "Mars/Base")])
def test_convert_time_rejects_unknown_zones_like_current_time(source: str, target: str) -> None:
    with pytest.raises(ValueError, match="Use an IANA name such as Europe/Paris"):
        TimeServer(clock=lambda: FIXED).convert_time(source, "15:00", target)


def test_convert_tool_function_turns_bad_input_into_tool_errors() -> None:
    from mcp.server.mcpserver.exceptions import ToolError

    with pytest.raises(ToolError, match="Invalid time '3pm'"):
        time_server.convert_time("UTC", "3pm", "Asia/Tokyo")
    with pytest.raises(ToolError, match="Invalid timezone 'Nowhere'"):
        time_server.convert_time("Nowhere", "15:00", "UTC")
    assert time_server.convert_time("UTC", "15:00", "Asia/Tokyo").time_difference == "+9.0h"


@pytest.mark.anyio
async def test_stdio_protocol_lists_read_only_tools_and_returns_structured_time() -> None:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "agent_core.servers.time"], cwd=str(PROJECT_ROOT)
    )
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        assert set(tools) == {"get_current_time", "convert_time"}
        assert all(tool.annotations.read_only_hint is True for tool in tools.values())
        assert tools["convert_time"].input_schema["required"] == ["source_timezone", "time", "target_timezone"]
        result = await session.call_tool("get_current_time", {"timezone": "Europe/Paris"})
        assert not result.is_error
        assert result.structured_content["timezone"] == "Europe/Paris"
        assert set(result.structured_content) == {"timestamp", "timezone", "unix_epoch"}
        bad = await session.call_tool("get_current_time", {"timezone": "Atlantis/Capital"})
        assert bad.is_error and "Europe/Paris" in bad.content[0].text
        converted = await session.call_tool(
            "convert_time", {"source_timezone": "Europe/London", "time": "15:00", "target_timezone": "Asia/Tokyo"}
        )
        assert not converted.is_error
        assert set(converted.structured_content) == {"source", "target", "time_difference"}
        assert converted.structured_content["target"]["timezone"] == "Asia/Tokyo"
        assert converted.structured_content["source"]["datetime"].endswith(("T15:00:00+00:00", "T15:00:00+01:00"))
        bad_time = await session.call_tool(
            "convert_time", {"source_timezone": "UTC", "time": "3pm", "target_timezone": "Asia/Tokyo"}
        )
        assert bad_time.is_error and "Use 24-hour HH:MM" in bad_time.content[0].text


@pytest.mark.anyio
async def test_streamable_http_transport_serves_the_same_tool() -> None:
    with http_server("agent_core.servers.time") as url:
        async with MCPToolset(url) as toolset:
            result = await toolset.direct_call_tool("get_current_time", {"timezone": "UTC"})
    assert result["timezone"] == "UTC"
    assert abs(result["unix_epoch"] - time.time()) < 60
