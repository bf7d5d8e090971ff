"""AgentRuntime through real stdio MCP servers: answers, honest tool records, failures, approvals, bad input."""

from __future__ import annotations

from datetime import datetime

import pytest
from pydantic_ai.exceptions import ModelHTTPError
from pydantic_ai.messages import ModelResponse, ToolCallPart
from pydantic_ai.models.function import FunctionModel

from agent_core.errors import InputError, PaiasError
from agent_core.runtime import AgentRuntime, validate_input
from agent_core.schemas import AgentResponse, ToolCallRecord, ToolCallStatus
from tests.helpers import FLAKY, TIME_SERVER, scripted_model
from tests.shared_runtime import (
    StandInModel,
    module_anyio_backend,  # noqa: F401 - a fixture
    module_runtime,
    person_fixture,
    person_runtime,  # noqa: F401 - a fixture
)

pytestmark = pytest.mark.anyio
runtime = module_runtime({"time": TIME_SERVER})
# Tests that script the model share one runtime too (the flaky server's crash and timeout tests keep their own).
MODEL = StandInModel()
scripted_runtime = module_runtime({"time": TIME_SERVER, "flaky": FLAKY}, model=MODEL)
srt = person_fixture("scripted_runtime")


def wiped(rt: AgentRuntime) -> bool:
    """Whether the flaky server's destructive tool ever ran for the shared runtime."""
    return (rt.settings.paias_home / "wiped.txt").exists()


async def test_time_question_is_answered_from_the_real_time_server(rt: AgentRuntime) -> None:
    turn = await rt.ask("What time is it in Tokyo?")
    assert turn.kind == "answer"
    call = turn.response.tool_calls[0]
    assert (call.tool_name, call.parameters, call.status) == (
        "get_current_time",
        {"timezone": "Asia/Tokyo"},
        ToolCallStatus.SUCCESS,
    )
    assert call.duration_ms > 0
    stamp = datetime.fromisoformat(call.result["timestamp"])
    assert stamp.utcoffset().total_seconds() == 9 * 3600
    assert f"{stamp:%H:%M}" in turn.response.answer
    assert turn.response.confidence > 0.9


async def test_tool_calls_come_from_execution_not_from_the_model(srt: AgentRuntime) -> None:
    claim = {
        "answer": "Paris",
        "reasoning": "I searched the web.",
        "confidence": 0.99,
        "tool_calls": [
            {"tool_name": "web_search", "parameters": {"query": "x"}, "duration_ms": 5, "status": "success"}
        ],
    }

    def liar(messages, info):
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, claim)])

    MODEL.plays(FunctionModel(liar))
    turn = await srt.ask("What is the capital of France?")
    assert turn.kind == "answer" and turn.response.answer == "Paris"
    assert turn.response.tool_calls == []


@pytest.mark.fault
async def test_a_server_crashing_mid_call_gives_a_failed_record_and_zero_confidence(
    make_settings, flaky_server
) -> None:
    settings = make_settings({"flaky": flaky_server})
    async with AgentRuntime(settings, model=scripted_model("crash", {})) as runtime:
        turn = await runtime.ask("please crash")
    assert turn.kind == "answer"
    record = turn.response.tool_calls[0]
    assert record.tool_name == "crash" and record.status is ToolCallStatus.FAILED and record.result is None
    assert turn.response.confidence == 0.0  # the model claimed 0.9 and success; the runtime knows better
    assert "crash failed" in turn.response.reasoning


async def test_a_tool_error_is_recorded_as_the_server_worded_it_without_the_protocols_prefix(srt: AgentRuntime) -> None:
    MODEL.plays(scripted_model("refuse", {"reason": "Invalid date '23/11'. Use YYYY-MM-DD."}))
    turn = await srt.ask("try a bad date")
    record = turn.response.tool_calls[0]
    assert record.status is ToolCallStatus.FAILED and record.error == "Invalid date '23/11'. Use YYYY-MM-DD."
    assert "Error executing tool" not in turn.response.reasoning
    assert "refuse failed: Invalid date '23/11'. Use YYYY-MM-DD." in turn.response.reasoning


async def test_a_hanging_tool_times_out_at_the_server_timeout(make_settings, flaky_server) -> None:
    settings = make_settings({"flaky": {**flaky_server, "timeout": 1}})
    async with AgentRuntime(settings, model=scripted_model("hang", {"seconds": 30})) as runtime:
        turn = await runtime.ask("wait forever")
    record = turn.response.tool_calls[0]
    assert record.status is ToolCallStatus.TIMEOUT
    assert 1000 <= record.duration_ms < 10_000
    assert "timed out after 1 s" in turn.response.reasoning
    assert turn.response.confidence == 0.0


async def test_malformed_tool_output_is_a_failed_record(srt: AgentRuntime) -> None:
    MODEL.plays(scripted_model("malformed", {}))
    turn = await srt.ask("give me malformed data")
    assert turn.response.tool_calls[0].status is ToolCallStatus.FAILED
    assert turn.response.confidence == 0.0


async def test_successful_calls_keep_the_models_confidence(srt: AgentRuntime) -> None:
    MODEL.plays(scripted_model("echo", {"text": "hi"}))
    turn = await srt.ask("echo hi")
    assert turn.response.tool_calls[0].result == {"echo": "hi"}
    assert turn.response.confidence == 0.9


async def test_a_destructive_tool_waits_for_approval_and_does_not_run(srt: AgentRuntime) -> None:
    MODEL.plays(scripted_model("wipe_everything", {"scope": "all"}))
    turn = await srt.ask("wipe everything")
    assert turn.kind == "approval_required"
    [pending] = turn.pending
    assert (pending.tool_name, pending.parameters, pending.risk_level.value) == (
        "wipe_everything",
        {"scope": "all"},
        "irreversible",
    )
    assert "destructive" in pending.reason
    assert not wiped(srt)


async def test_one_server_failing_to_start_leaves_the_others_serving(make_settings) -> None:
    settings = make_settings({"time": TIME_SERVER, "broken": {"command": "/nonexistent/mcp-server"}})
    async with AgentRuntime(settings) as runtime:
        states = {s.name: s for s in runtime.server_states()}
        turn = await runtime.ask("What time is it in UTC?")
    assert states["time"].state == "ready" and sorted(states["time"].tools) == ["convert_time", "get_current_time"]
    assert states["broken"].state == "failed" and "No such file" in states["broken"].error
    assert turn.kind == "answer" and turn.response.tool_calls[0].status is ToolCallStatus.SUCCESS


async def test_all_servers_failing_is_one_error_naming_each(make_settings) -> None:
    settings = make_settings({"a": {"command": "/nonexistent/a"}, "b": {"command": "/nonexistent/b"}})
    with pytest.raises(PaiasError) as caught:
        async with AgentRuntime(settings):
            pass
    assert "'a':" in str(caught.value) and "'b':" in str(caught.value)


async def test_servers_with_auto_start_off_are_listed_as_stopped(make_settings) -> None:
    settings = make_settings({"time": TIME_SERVER, "later": {**TIME_SERVER, "autoStart": False}})
    async with AgentRuntime(settings) as runtime:
        states = {s.name: s.state for s in runtime.server_states()}
        assert states == {"time": "ready", "later": "stopped", "legacy": "ready"}
        tools = [t for t in await runtime.tools() if t.server not in {"legacy", "memory"}]
    assert sorted((t.name, t.server, t.risk_level.value) for t in tools) == [
        ("convert_time", "time", "reversible"),
        ("get_current_time", "time", "reversible"),
    ]


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("   \n\t ", "empty"),
        ("x" * 8001, "8,001 characters"),
        ("hi\x00there", "U+0000"),
        ("bell\x07", "control characters"),
    ],
)
async def test_bad_input_gets_a_clear_error_and_nothing_is_stored(rt: AgentRuntime, text: str, fragment: str) -> None:
    turn = await rt.ask(text, conversation_id="c1")
    assert rt.history("c1") == []
    assert turn.kind == "error" and fragment in turn.error and turn.response is None


def test_multiline_input_with_tabs_is_accepted_and_trimmed() -> None:
    assert validate_input("  line one\n\tline two  ", 100) == "line one\n\tline two"
    with pytest.raises(InputError):
        validate_input(None, 100)


@pytest.mark.parametrize(
    ("status", "fragment"),
    [(429, "quota or rate limit"), (401, "rejected the credentials"), (404, "not found"), (500, "failed (HTTP 500)")],
)
async def test_model_failures_become_readable_error_turns(srt: AgentRuntime, status: int, fragment: str) -> None:
    def failing(messages, info):
        raise ModelHTTPError(status_code=status, model_name="deepseek-v3", body={"error": "nope"})

    MODEL.plays(FunctionModel(failing))
    turn = await srt.ask("What time is it in Tokyo?")
    assert turn.kind == "error" and fragment in turn.error


async def test_a_conversation_keeps_its_history_across_turns(rt: AgentRuntime) -> None:
    first = await rt.ask("What time is it in Tokyo?")
    second = await rt.ask("And in Paris?", conversation_id=first.conversation_id)
    history = rt.history(first.conversation_id)
    assert second.conversation_id == first.conversation_id
    prompts = [p.content for m in history for p in m.parts if type(p).__name__ == "UserPromptPart"]
    assert prompts == ["What time is it in Tokyo?", "And in Paris?"]
    assert second.response.tool_calls[0].parameters == {"timezone": "Europe/Paris"}


def test_finalize_appends_failures_the_model_did_not_mention() -> None:
    from agent_core.turns import finalize_response

    ok = ToolCallRecord(tool_name="a", parameters={}, duration_ms=1, status="success", result=1)
    bad = ToolCallRecord(tool_name="b", parameters={}, duration_ms=1, status="failed", error="boom")
    response = finalize_response(AgentResponse(answer="x", reasoning="Used a and b.", confidence=0.8), [ok, bad])
    assert response.confidence == 0.8  # one call worked; the failure is disclosed, not hidden
    assert response.reasoning.endswith("Tool failures: b failed: boom.")


async def test_a_database_failure_at_start_stops_the_servers_and_names_the_database(make_settings) -> None:
    settings = make_settings(database_url="postgresql://u:pw@127.0.0.1:1/none")
    runtime = AgentRuntime(settings)
    with pytest.raises(PaiasError, match="Cannot connect to PostgreSQL"):
        await runtime.__aenter__()
    assert runtime.server_states() == []  # the database comes first; no server was started


async def test_a_new_message_after_a_pending_approval_moves_on_without_running_the_call(srt: AgentRuntime) -> None:
    from agent_core.approvals.decisions import NOT_APPROVED

    def respond(messages, info):  # asks to wipe when told to; answers anything else
        newest = [p.content for p in messages[-1].parts if getattr(p, "part_kind", "") == "user-prompt"]
        if newest and "wipe" in newest[-1]:
            return ModelResponse(parts=[ToolCallPart("wipe_everything", {"scope": "all"})])
        final = {"answer": "Fine, nothing was wiped.", "reasoning": "The person moved on.", "confidence": 0.9}
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, final)])

    MODEL.plays(FunctionModel(respond))
    pending = await srt.ask("wipe everything")
    assert pending.kind == "approval_required"
    follow_up = await srt.ask("never mind, what time is it?", conversation_id=pending.conversation_id)
    history = srt.history(pending.conversation_id)
    assert follow_up.kind == "answer"
    denials = [p for m in history for p in m.parts if getattr(p, "outcome", None) == "denied"]
    assert [(d.tool_name, d.content) for d in denials] == [("wipe_everything", NOT_APPROVED)]
    assert not wiped(srt)
