"""The runtime's telemetry, end to end: `paias ask` exports agent_run and mcp_tool_call spans over OTLP/gRPC to a
receiver on 127.0.0.1, and each turn's spans are kept in memory for the app's Trace view."""

from __future__ import annotations

import json

import pytest

from agent_core.cli import main
from agent_core.runtime import AgentRuntime
from tests.fixtures.otlp_receiver import OtlpReceiver, plain
from tests.helpers import TASKS, TIME_SERVER

pytestmark = pytest.mark.anyio


def attributes(span) -> dict:
    return {a.key: plain(a.value) for a in span.attributes}


def test_paias_ask_exports_the_turn_and_its_tool_call_to_an_otlp_receiver(
    monkeypatch, write_config, tmp_path, pg_url, user_id, capsys
) -> None:
    with OtlpReceiver() as receiver:
        for name, value in {
            "OTEL_EXPORTER_OTLP_ENDPOINT": receiver.endpoint,
            "MCP_CONFIG": str(write_config({"time": TIME_SERVER})),
            "PAIAS_HOME": str(tmp_path / "home"),
            "DATABASE_URL": pg_url,
            "USER_ID": user_id,
        }.items():
            monkeypatch.setenv(name, value)
        assert main(["ask", "What time is it in UTC?", "--json"]) == 0
        assert receiver.wait_for(lambda: "mcp_tool_call:get_current_time" in receiver.span_names(), 2.0)
        spans = {span.name: (resource, span) for resource, span in receiver.spans()}
    resource, run = spans["agent_run"]
    _, call = spans["mcp_tool_call:get_current_time"]
    assert resource["service.name"] == "paias-agent-layer"
    run_attributes, call_attributes = attributes(run), attributes(call)
    assert run_attributes["task_description"] == "What time is it in UTC?"
    assert run_attributes["result_type"] == "answer" and run_attributes["tool_calls_count"] == 1
    reported = json.loads(capsys.readouterr().out)["response"]["confidence"]
    assert run_attributes["confidence_score"] == reported > 0.5 and len(run_attributes["correlation_id"]) == 16
    assert call_attributes["tool_name"] == "get_current_time" and '"UTC"' in call_attributes["parameters"]
    assert call_attributes["result_count"] == 1 and call_attributes["execution_duration_ms"] > 0
    assert call.trace_id == run.trace_id  # the tool call is part of the turn's trace
    assert any(name.startswith("tool_gap_check") for name in spans)


async def test_a_turn_its_gap_check_and_an_approval_are_traced_for_the_trace_view(make_settings) -> None:
    async with AgentRuntime(make_settings({"tasks": TASKS})) as rt:
        added = await rt.ask("add a task to label the samples")
        paused = await rt.ask(f"delete task {added.response.tool_calls[0].result['id']}")
        decided = await rt.approve(paused.pending[0].id)
        gap = await rt.ask("Book a flight to Boston next Monday")
        add_spans = rt.telemetry.recent.spans_for(added.correlation_id)
        decide_spans = rt.telemetry.recent.spans_for(decided.correlation_id)
        gap_spans = rt.telemetry.recent.spans_for(gap.correlation_id)
    names = [s.name for s in add_spans]
    assert names[0] == "agent_run" and "mcp_tool_call:add_task" in names
    assert any(s.name.startswith("chat ") for s in add_spans)  # Pydantic AI's own model-request spans
    assert "mcp_tool_call:delete_task" in [s.name for s in decide_spans]
    decision = [e for s in decide_spans for e in s.events if e.name == "approval_decided"]
    assert decision and decision[0].attributes["decision"] == "approved"
    detected = [e for s in gap_spans for e in s.events if e.name == "tool_gap_detected"]
    assert detected and list(detected[0].attributes["missing_tools"]) == ["travel_booking"]
