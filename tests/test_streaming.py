"""Token streaming of the answer (``ask(on_text=...)``) and Stop (``stop(conversation_id)``), end to end: the
offline planner streaming through FunctionModel, an OpenAI-compatible HTTP stub answering with server-sent events,
and real stdio MCP servers whose call in flight is cancelled. No sleeps: every wait has a deadline."""

from __future__ import annotations

import asyncio
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

import pytest
from pydantic_ai import models
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, ToolCallPart, ToolReturnPart, UserPromptPart
from pydantic_ai.models.function import AgentInfo

from agent_core.offline import StreamingFunctionModel
from agent_core.orchestrator.recording import STOPPED_WRITE
from agent_core.runtime import AgentRuntime
from agent_core.schemas import ToolCallStatus, TurnResult
from agent_core.settings import PROJECT_ROOT, Settings
from agent_core.stopping import STOPPED_MESSAGE
from agent_core.sync_runtime import SyncRuntime
from tests.conftest import FIXTURES
from tests.fixtures.openai_stub import OpenAIStub
from tests.helpers import TASKS, TIME_SERVER, add_tasks
from tests.shared_runtime import module_anyio_backend, module_runtime, person_runtime  # noqa: F401 - fixtures

# The offline planner's tests share one runtime, each as a person of its own (the stop server's keep their own).
runtime = module_runtime({"time": TIME_SERVER, "tasks": TASKS})
DEADLINE = 30.0  # seconds any one wait here may take before the test fails instead of hanging


def grows(texts: list[str]) -> bool:
    """Each text is longer than the one before (the whole answer so far, never repeated, never shorter)."""
    return all(len(a) < len(b) for a, b in pairwise(texts))


def planner_kinds(messages: list[ModelMessage]) -> list[str | None]:
    return [(m.provider_details or {}).get("offline_kind") for m in messages if isinstance(m, ModelResponse)]


@pytest.mark.anyio
async def test_the_offline_planner_streams_its_answer_word_by_word_and_ends_with_the_final_answer(
    rt: AgentRuntime,
) -> None:
    texts: list[str] = []
    streamed = await rt.ask("what time is it in Tokyo?", "streamed", on_text=texts.append)
    plain = await rt.ask("what time is it in Tokyo?", "plain")
    kinds = planner_kinds(rt.history("streamed")), planner_kinds(rt.history("plain"))
    assert streamed.kind == "answer" and len(texts) >= 2 and grows(texts)
    assert texts[-1] == streamed.response.answer
    [call] = streamed.tool_calls
    assert (call.tool_name, call.parameters, call.status) == (
        "get_current_time",
        {"timezone": "Asia/Tokyo"},
        ToolCallStatus.SUCCESS,
    )
    # The same turn as without streaming, down to what the planner noted on each response for later turns.
    assert kinds[0] == kinds[1] == ["calls", "answer"]
    assert [(c.tool_name, c.parameters, c.status) for c in plain.tool_calls] == [
        (call.tool_name, call.parameters, call.status)
    ]
    assert plain.response.confidence == streamed.response.confidence
    assert plain.response.reasoning == streamed.response.reasoning


@pytest.mark.anyio
async def test_stop_while_the_answer_streams_ends_the_turn_with_the_calls_that_ran(rt: AgentRuntime) -> None:
    texts: list[str] = []

    def stop_at_first_words(text: str) -> None:
        texts.append(text)
        rt.stop("tokyo")

    turn = await asyncio.wait_for(rt.ask("what time is it in Tokyo?", "tokyo", on_text=stop_at_first_words), DEADLINE)
    [stored] = await rt.conversations.turns("tokyo")
    assert (turn.kind, turn.stopped, turn.error, turn.response) == ("error", True, STOPPED_MESSAGE, None)
    [call] = turn.tool_calls
    assert (call.tool_name, call.status) == ("get_current_time", ToolCallStatus.SUCCESS)
    assert stored.result == turn and rt.history("tokyo") == []


@pytest.mark.anyio
async def test_a_streamed_turn_still_pauses_for_approval_and_resumes_after_approve(rt: AgentRuntime) -> None:
    texts: list[str] = []
    [task_id] = await add_tasks(rt, "renew the grant")
    paused = await rt.ask(f"delete task {task_id}", on_text=texts.append)
    assert paused.kind == "approval_required" and texts == []  # a call waits; no answer was written
    [pending] = paused.pending
    done = await rt.approve(pending.id)
    after = await rt.ask("show my tasks", paused.conversation_id, on_text=texts.append)
    assert pending.tool_name == "delete_task"
    assert done.kind == "answer" and done.response.tool_calls[0].status is ToolCallStatus.SUCCESS
    assert after.kind == "answer" and texts[-1] == after.response.answer and len(texts) >= 2


@pytest.fixture
def azure_stub(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[OpenAIStub, threading.Event]]:
    """The OpenAI-compatible stub as the Azure AI Foundry endpoint; model requests may go to it (and only it)."""
    monkeypatch.setattr(models, "ALLOW_MODEL_REQUESTS", True)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    gate = threading.Event()
    with OpenAIStub(gate=gate) as stub:
        yield stub, gate


@pytest.mark.anyio
async def test_an_llm_answer_arrives_in_growing_pieces_over_sse_before_the_reply_ends(
    make_settings, azure_stub: tuple[OpenAIStub, threading.Event]
) -> None:
    stub, gate = azure_stub
    settings = make_settings(
        model="azure:deepseek-v3", azure_ai_foundry_endpoint=stub.url, azure_ai_foundry_api_key="sk-test"
    )
    texts: list[str] = []

    def on_text(text: str) -> None:
        texts.append(text)
        if len(texts) >= 2:
            gate.set()  # the stub holds the answer's last piece until now

    async with AgentRuntime(settings) as runtime:
        streamed = await runtime.ask("What time is it in Tokyo?", on_text=on_text)
        streamed_requests = list(stub.requests)
        plain = await runtime.ask("What time is it in Tokyo?")
    assert [r["body"].get("stream") for r in streamed_requests] == [True, True]  # the tool call, the answer
    assert stub.held == [True]  # two growing texts had arrived while the reply was still open
    assert len(texts) >= 2 and grows(texts) and texts[-1] == streamed.response.answer
    for turn in (streamed, plain):
        assert turn.kind == "answer"
        [call] = turn.tool_calls
        assert (call.tool_name, call.status, call.result["timezone"]) == (
            "get_current_time",
            ToolCallStatus.SUCCESS,
            "Asia/Tokyo",
        )
        assert turn.response.answer == f"It is {call.result['timestamp'][11:16]} in Asia/Tokyo."
    assert not any(r["body"].get("stream") for r in stub.requests[len(streamed_requests) :])
    shape = {"correlation_id", "conversation_id", "response", "tool_calls"}
    assert streamed.model_dump(exclude=shape) == plain.model_dump(exclude=shape)
    assert streamed.response.model_dump(exclude={"answer", "tool_calls"}) == plain.response.model_dump(
        exclude={"answer", "tool_calls"}
    )


def echo_then(*steps: tuple[str, dict[str, Any]]) -> Callable[[list[ModelMessage], AgentInfo], ModelResponse]:
    """A scripted model: for each prompt, ``echo`` first, then ``steps`` in order, then a final answer."""

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        start = max(
            i
            for i, m in enumerate(messages)
            if isinstance(m, ModelRequest) and any(isinstance(p, UserPromptPart) for p in m.parts)
        )
        prompt = next(p.content for p in messages[start].parts if isinstance(p, UserPromptPart))
        done = sum(isinstance(p, ToolReturnPart) for m in messages[start:] for p in m.parts)
        plan = [("echo", {"text": "hi"}), *(steps if "slow" in str(prompt) else ())]
        if done < len(plan):
            return ModelResponse(parts=[ToolCallPart(*plan[done])])
        final = {"answer": f"Done: {prompt}", "reasoning": "Ran the tools.", "confidence": 0.9}
        return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, final)])

    return respond


@pytest.fixture
def signal() -> Iterator[socket.socket]:
    """A listening socket the stop server's slow_note connects to once it is running on the server."""
    with socket.create_server(("127.0.0.1", 0)) as listener:
        listener.settimeout(DEADLINE)
        yield listener


def stopper_settings(make_settings: Callable[..., Settings], port: int) -> Settings:
    server = {
        "command": sys.executable,
        "args": [str(FIXTURES / "stop_server.py")],
        "env": {"STOP_SIGNAL_PORT": str(port)},
        "timeout": 120,  # far beyond DEADLINE: only Stop can end the slow call in time
        "cwd": str(PROJECT_ROOT),
        "risk": {"slow_note": "reversible"},  # runs without approval
    }
    return make_settings({"stopper": server})


def test_stop_cancels_the_call_in_flight_and_the_conversation_goes_on(make_settings, signal: socket.socket) -> None:
    model = StreamingFunctionModel(echo_then(("slow_note", {"text": "the plan"})))
    runtime = SyncRuntime(runtime=AgentRuntime(stopper_settings(make_settings, signal.getsockname()[1]), model=model))
    texts: list[str] = []
    try:
        assert runtime.stop("talk") is False  # nothing runs yet
        asked = runtime.submit(runtime.runtime.ask("echo, then write a slow note", "talk", on_text=texts.append))
        connection, _ = signal.accept()  # slow_note is running on the server now (or the deadline fails the test)
        connection.close()
        assert runtime.stop("talk") is True
        stopped: TurnResult = asked.result(timeout=DEADLINE)
        stored = runtime.call(runtime.runtime.conversations.turns("talk"))
        history = runtime.runtime.history("talk")
        after = runtime.ask("echo again", "talk", on_text=texts.append)
        assert runtime.stop("talk") is False  # nothing runs any more
    finally:
        runtime.close()
    assert (stopped.kind, stopped.stopped, stopped.error) == ("error", True, STOPPED_MESSAGE)
    echo, slow = stopped.tool_calls
    assert (echo.tool_name, echo.status, echo.result) == ("echo", ToolCallStatus.SUCCESS, {"echo": "hi"})
    assert (slow.tool_name, slow.status, slow.error, slow.result) == (
        "slow_note",
        ToolCallStatus.FAILED,
        STOPPED_WRITE,
        None,
    )
    assert stored[-1].result == stopped and stored[-1].prompt == "echo, then write a slow note"
    assert history == []  # the stopped turn left the conversation's history as it was
    assert after.kind == "answer" and after.response.answer == "Done: echo again"
    assert [(c.tool_name, c.status) for c in after.tool_calls] == [("echo", ToolCallStatus.SUCCESS)]
    assert texts[-1] == "Done: echo again"


@pytest.mark.anyio
async def test_a_stop_before_any_call_ends_the_turn_and_stop_for_an_idle_conversation_is_false(
    make_settings, signal: socket.socket
) -> None:
    model = StreamingFunctionModel(echo_then())
    async with AgentRuntime(stopper_settings(make_settings, signal.getsockname()[1]), model=model) as runtime:
        stopped: list[bool] = []

        def stop_at_start(event: Any) -> None:
            if event.record is None:  # the first call is starting: stop the turn from the event loop's thread
                stopped.append(runtime.stop("quick"))

        turn = await asyncio.wait_for(runtime.ask("echo", "quick", on_event=stop_at_start), DEADLINE)
        assert runtime.stop("quick") is False
    assert stopped == [True] and turn.stopped and turn.kind == "error"
    [echo] = turn.tool_calls
    assert echo.status is ToolCallStatus.FAILED and echo.error == "Stopped while running."
