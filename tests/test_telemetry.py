"""Telemetry: turn and tool-call spans, metrics, redaction, the Trace view's store, and OTLP over a real gRPC wire."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from opentelemetry import trace
from opentelemetry.sdk.metrics.export import InMemoryMetricReader
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import StatusCode
from pydantic_ai import Agent
from pydantic_ai.exceptions import ApprovalRequired, ToolFailed
from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.toolsets import FunctionToolset, WrapperToolset

from agent_core.schemas import ToolCallStatus
from agent_core.settings import Settings
from agent_core.telemetry import (
    REDACTED,
    RedactingSpanExporter,
    SpanStore,
    Telemetry,
    agent_run_span,
    record_event,
    redact,
    setup_telemetry,
    step_span,
    trace_tool_call,
)
from agent_core.telemetry.logs import correlated
from tests.fixtures.otlp_receiver import OtlpReceiver, plain
from tests.helpers import free_port

pytestmark = pytest.mark.anyio

SECRETS = ("sk-123", "Bearer x", "sk-live-4f9a8b7c6d5e", "ghp_abcdefghijklmnopqrstuvwx12", "tok-secret-777")


@pytest.fixture(autouse=True)
def _no_otel_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_SERVICE_NAME", "OTEL_RESOURCE_ATTRIBUTES"):
        monkeypatch.delenv(name, raising=False)


@dataclass
class Traced:
    telemetry: Telemetry
    exporter: InMemorySpanExporter
    reader: InMemoryMetricReader

    def spans(self) -> list[ReadableSpan]:
        return list(self.exporter.get_finished_spans())

    def span(self, name: str) -> ReadableSpan:
        (found,) = [s for s in self.spans() if s.name == name]
        return found

    def points(self, metric: str) -> dict[tuple[tuple[str, Any], ...], Any]:
        """The data points of one metric, keyed by their sorted attributes."""
        data = self.reader.get_metrics_data()
        for resource in data.resource_metrics if data else ():
            for scope in resource.scope_metrics:
                for found in scope.metrics:
                    if found.name == metric:
                        return {tuple(sorted(p.attributes.items())): p for p in found.data.data_points}
        return {}


@pytest.fixture
def traced() -> Iterator[Traced]:
    exporter, reader = InMemorySpanExporter(), InMemoryMetricReader()
    telemetry = setup_telemetry(
        Settings(_env_file=None), extra_span_processors=[SimpleSpanProcessor(exporter)], metric_readers=[reader]
    )
    yield Traced(telemetry, exporter, reader)
    telemetry.shutdown()


def everything(spans: list[ReadableSpan]) -> str:
    """All that spans carry as text: names, attributes, status messages, events."""
    parts = []
    for span in spans:
        parts += [span.name, json.dumps(dict(span.attributes or {}), default=str), str(span.status.description)]
        parts += [f"{e.name} {json.dumps(dict(e.attributes or {}), default=str)}" for e in span.events]
    return "\n".join(parts)


def ancestors(span: ReadableSpan, spans: list[ReadableSpan]) -> list[str]:
    by_id = {s.context.span_id: s for s in spans}
    names, parent = [], span.parent
    while parent is not None and parent.span_id in by_id:
        names.append(by_id[parent.span_id].name)
        parent = by_id[parent.span_id].parent
    return names


async def time_turn(telemetry: Telemetry | None, correlation_id: str = "corr-1") -> None:
    """A turn with two get_current_time calls: Tokyo succeeds, a made-up zone fails."""
    with agent_run_span(
        telemetry, task_description="What time is it in Tokyo?", correlation_id=correlation_id, conversation_id="conv-1"
    ) as run:
        async with trace_tool_call(
            telemetry, tool_name="get_current_time", server="time", parameters={"timezone": "Asia/Tokyo"}
        ) as call:
            call.succeeded({"timezone": "Asia/Tokyo", "timestamp": "2026-11-22T09:00:00+09:00"})
        async with trace_tool_call(
            telemetry, tool_name="get_current_time", server="time", parameters={"timezone": "Mars/Olympus"}
        ) as call:
            call.failed("ToolFailed", "Invalid timezone 'Mars/Olympus'. Use an IANA name.", ToolCallStatus.FAILED)
        run.finish("answer", confidence_score=0.9, tool_calls_count=2)


async def test_a_turn_is_an_agent_run_span_with_one_child_per_tool_call_and_the_failure_marked_error(
    traced: Traced,
) -> None:
    await time_turn(traced.telemetry)

    run = traced.span("agent_run")
    calls = [s for s in traced.spans() if s.name == "mcp_tool_call:get_current_time"]
    assert len(calls) == 2
    assert dict(run.attributes) == {
        "task_description": "What time is it in Tokyo?",
        "correlation_id": "corr-1",
        "conversation_id": "conv-1",
        "result_type": "answer",
        "confidence_score": 0.9,
        "tool_calls_count": 2,
    }
    assert run.parent is None and run.status.status_code is StatusCode.UNSET
    for call in calls:
        assert call.parent.span_id == run.context.span_id
        assert call.context.trace_id == run.context.trace_id
        assert call.attributes["tool_name"] == "get_current_time" and call.attributes["server"] == "time"
        assert call.attributes["execution_duration_ms"] > 0
    ok, failed = sorted(calls, key=lambda s: s.start_time)
    assert json.loads(ok.attributes["parameters"]) == {"timezone": "Asia/Tokyo"}
    assert (ok.attributes["result_count"], ok.attributes["status"]) == (1, "success")
    assert ok.status.status_code is StatusCode.UNSET
    assert failed.status.status_code is StatusCode.ERROR
    assert failed.attributes["error_type"] == "ToolFailed"
    assert failed.attributes["error_message"] == "Invalid timezone 'Mars/Olympus'. Use an IANA name."
    assert failed.attributes["status"] == "failed" and "result_count" not in failed.attributes


async def test_secrets_in_parameters_errors_and_the_question_never_reach_any_attribute(traced: Traced) -> None:
    with agent_run_span(
        traced.telemetry,
        task_description="Search with my key sk-live-4f9a8b7c6d5e please",
        correlation_id="corr-s",
        conversation_id=None,
    ) as run:
        async with trace_tool_call(
            traced.telemetry,
            tool_name="web_search",
            server="websearch",
            parameters={"query": "tokyo", "api_key": "sk-123", "headers": {"Authorization": "Bearer x"}},
        ) as call:
            call.failed("ToolFailed", "401 Unauthorized for Bearer x (token ghp_abcdefghijklmnopqrstuvwx12)")
        record_event("approval_decided", decided_by="cli", password="tok-secret-777")
        run.finish("error", tool_calls_count=1, error="search refused key sk-123 with Bearer x")

    call = traced.span("mcp_tool_call:web_search")
    assert json.loads(call.attributes["parameters"]) == {
        "query": "tokyo",
        "api_key": REDACTED,
        "headers": {"Authorization": REDACTED},
    }
    assert traced.span("agent_run").attributes["task_description"] == f"Search with my key {REDACTED} please"
    exported = everything(traced.spans())
    assert [secret for secret in SECRETS if secret in exported] == []
    assert "tokyo" in exported and "cli" in exported  # what is not a secret is kept


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ({"api_key": "sk-123", "headers": {"Authorization": "Bearer x"}}, {"api_key": REDACTED, "headers": {"Authorization": REDACTED}}),
        ({"apiKey": "a", "X-Api-Key": "b", "access_token": "c", "client_secret": "d", "Cookie": "e"}, {"apiKey": REDACTED, "X-Api-Key": REDACTED, "access_token": REDACTED, "client_secret": REDACTED, "Cookie": REDACTED}),
        ([{"password": "hunter2"}, ("Bearer abc.def",)], [{"password": REDACTED}, [f"Bearer {REDACTED}"]]),
        ("key sk-proj-Ab12Cd34 and https://bob:pw@db.local/x?token=zzz", f"key {REDACTED} and https://{REDACTED}@db.local/x?token={REDACTED}"),
        ({"max_tokens": 5, "timezone": "Asia/Tokyo", "query": "sk-learn vs risk-free task-123"}, {"max_tokens": 5, "timezone": "Asia/Tokyo", "query": "sk-learn vs risk-free task-123"}),
    ],
)  # fmt: skip
def test_redact_blanks_credentials_by_key_and_by_shape_and_keeps_the_rest(value: Any, expected: Any) -> None:
    before = json.dumps(value)
    assert redact(value) == expected
    assert json.dumps(value) == before  # the caller's data is untouched


async def test_an_exception_inside_a_turn_marks_it_error_with_a_redacted_message_and_counts_an_error_turn(
    traced: Traced,
) -> None:
    with (
        pytest.raises(RuntimeError, match="model down"),
        agent_run_span(traced.telemetry, task_description="hi", correlation_id="corr-e", conversation_id=None),
    ):
        raise RuntimeError("model down for key sk-live-4f9a8b7c6d5e")

    run = traced.span("agent_run")
    assert run.status.status_code is StatusCode.ERROR
    assert run.attributes["error_type"] == "RuntimeError"
    (event,) = run.events
    assert event.name == "exception" and event.attributes["exception.message"] == f"model down for key {REDACTED}"
    assert "sk-live-4f9a8b7c6d5e" not in everything([run])
    assert {k: p.value for k, p in traced.points("paias.turns").items()} == {(("kind", "error"),): 1}


async def test_a_tool_call_that_raises_is_a_failure_and_a_deferral_is_neither_error_nor_call(traced: Traced) -> None:
    with agent_run_span(traced.telemetry, task_description="x", correlation_id="corr-d", conversation_id=None):
        with pytest.raises(ToolFailed):
            async with trace_tool_call(traced.telemetry, tool_name="read_file", server="fs", parameters={"path": "a"}):
                raise ToolFailed("read_file on server 'fs' failed: no such file")
        with pytest.raises(ApprovalRequired):
            async with trace_tool_call(traced.telemetry, tool_name="delete_file", server="fs", parameters={}):
                raise ApprovalRequired()

    raised = traced.span("mcp_tool_call:read_file")
    assert raised.status.status_code is StatusCode.ERROR
    assert (raised.attributes["error_type"], raised.attributes["status"]) == ("ToolFailed", "failed")
    deferred = traced.span("mcp_tool_call:delete_file")
    assert deferred.status.status_code is StatusCode.UNSET and deferred.attributes["status"] == "deferred"
    calls = {dict(k)["tool"]: p.value for k, p in traced.points("paias.tool.calls").items()}
    assert calls == {"read_file": 1}


async def test_metrics_count_calls_errors_and_latency_per_tool_and_turns_per_kind(traced: Traced) -> None:
    await time_turn(traced.telemetry, "corr-1")
    await time_turn(traced.telemetry, "corr-2")
    with agent_run_span(traced.telemetry, task_description="email Bob", correlation_id="corr-3") as run:
        run.finish("tool_gap")

    key = (("server", "time"), ("status", "{}"), ("tool", "get_current_time"))
    ok, failed = (tuple((k, v.format(s) if k == "status" else v) for k, v in key) for s in ("success", "failed"))
    calls = traced.points("paias.tool.calls")
    assert {k: p.value for k, p in calls.items()} == {ok: 2, failed: 2}
    assert {k: p.value for k, p in traced.points("paias.tool.errors").items()} == {failed: 2}
    latency = traced.points("paias.tool.duration")
    assert (latency[ok].count, latency[failed].count) == (2, 2)
    assert latency[ok].sum > 0 and len(latency[ok].explicit_bounds) > 5
    turns = {dict(k)["kind"]: p.value for k, p in traced.points("paias.turns").items()}
    assert turns == {"answer": 2, "tool_gap": 1}
    assert {dict(k)["kind"]: p.count for k, p in traced.points("paias.turn.duration").items()} == turns


async def test_record_event_and_step_span_put_gap_and_approval_decisions_in_the_turn(traced: Traced) -> None:
    record_event("outside_any_span", detail="nothing to attach to")  # no span: silently nothing
    with agent_run_span(traced.telemetry, task_description="email Bob", correlation_id="corr-g") as run:
        with step_span(traced.telemetry, "tool_gap_check", tools_offered=7):
            record_event("tool_gap_detected", missing=["send_email"], confidence=0.8)
        record_event("approval_decided", approval_id="a1", decision="approved", token="ghp_abcdefghijklmnopqrstuvwx12")
        run.finish("tool_gap")

    check, agent_run = traced.span("tool_gap_check"), traced.span("agent_run")
    assert check.parent.span_id == agent_run.context.span_id and check.attributes["tools_offered"] == 7
    assert [(e.name, dict(e.attributes)) for e in check.events] == [
        ("tool_gap_detected", {"missing": ("send_email",), "confidence": 0.8})
    ]
    assert [(e.name, dict(e.attributes)) for e in agent_run.events] == [
        ("approval_decided", {"approval_id": "a1", "decision": "approved", "token": REDACTED})
    ]
    assert "outside_any_span" not in everything(traced.spans())


async def test_span_store_groups_each_turns_spans_by_correlation_id_ready_for_a_waterfall(traced: Traced) -> None:
    await time_turn(traced.telemetry, "turn-a")
    await time_turn(traced.telemetry, "turn-b")
    with correlated("turn-c"), step_span(traced.telemetry, "memory_warmup"):
        pass  # no agent_run: grouped by the correlated block it ran in

    store = traced.telemetry.recent
    assert store.correlation_ids() == ["turn-c", "turn-b", "turn-a"]
    views = store.spans_for("turn-a")
    assert [v.name for v in views] == ["agent_run", "mcp_tool_call:get_current_time", "mcp_tool_call:get_current_time"]
    root, ok, failed = views
    assert (root.depth, root.parent_name, root.offset_ms) == (0, None, 0.0)
    assert [(v.parent_name, v.parent_id, v.depth) for v in (ok, failed)] == [("agent_run", root.span_id, 1)] * 2
    assert 0 < ok.offset_ms <= failed.offset_ms < root.duration_ms
    assert (ok.status, failed.status) == ("UNSET", "ERROR") and failed.attributes["error_type"] == "ToolFailed"
    assert {v.trace_id for v in views} == {root.trace_id} != {v.trace_id for v in store.spans_for("turn-b")}
    assert [v.name for v in store.spans_for("turn-c")] == ["memory_warmup"]
    assert store.spans_for("never-happened") == []


def test_span_store_keeps_only_the_most_recent_turns_and_a_bounded_number_of_spans_each() -> None:
    store = SpanStore(max_traces=3, max_spans=2)
    provider = TracerProvider()
    provider.add_span_processor(store)
    tracer = provider.get_tracer("test")
    for turn in range(5):
        with tracer.start_as_current_span("agent_run", attributes={"correlation_id": f"t{turn}"}):
            for step in range(3):
                with tracer.start_as_current_span(f"step{step}"):
                    pass

    assert store.correlation_ids() == ["t4", "t3", "t2"]
    assert store.spans_for("t0") == [] and store.spans_for("t1") == []
    assert [v.name for v in store.spans_for("t4")] == ["step0", "step1"]  # the first two that finished


async def test_an_instrumented_agent_nests_genai_model_spans_and_tool_spans_under_agent_run(traced: Traced) -> None:
    def planner(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        if isinstance(messages[-1].parts[-1], ToolReturnPart):
            return ModelResponse(parts=[TextPart("Two results.")])
        return ModelResponse(parts=[ToolCallPart("lookup", {"query": "tokyo", "api_key": "sk-live-4f9a8b7c6d5e"})])

    def lookup(query: str, api_key: str) -> list[str]:
        return [f"{query} 1", f"{query} 2"]

    @dataclass
    class TracedTools(WrapperToolset[Any]):
        telemetry: Telemetry | None = None

        async def call_tool(self, name: str, tool_args: dict[str, Any], ctx: Any, tool: Any) -> Any:
            async with trace_tool_call(self.telemetry, tool_name=name, server="local", parameters=tool_args) as span:
                result = await super().call_tool(name, tool_args, ctx, tool)
                span.succeeded(result)
                return result

    agent = Agent(FunctionModel(planner), toolsets=[TracedTools(FunctionToolset([lookup]), traced.telemetry)])
    agent.instrument = traced.telemetry.instrumentation
    with agent_run_span(traced.telemetry, task_description="tokyo", correlation_id="corr-ai") as run:
        result = await agent.run("Look up tokyo with my key sk-live-4f9a8b7c6d5e")
        run.finish("answer", tool_calls_count=1)

    assert result.output == "Two results."
    spans = traced.spans()
    model_requests = [s for s in spans if s.attributes.get("gen_ai.operation.name") == "chat"]
    assert len(model_requests) == 2
    assert all(s.name.startswith("chat function:") for s in model_requests)
    assert all(ancestors(s, spans)[-1] == "agent_run" for s in model_requests)
    tool = traced.span("mcp_tool_call:lookup")
    assert ancestors(tool, spans)[0] == "execute_tool lookup" and ancestors(tool, spans)[-1] == "agent_run"
    assert tool.attributes["result_count"] == 2
    assert "sk-live-4f9a8b7c6d5e" not in everything(spans)  # include_content=False keeps prompts and args out
    assert {s.resource.attributes["service.name"] for s in spans} == {"paias-agent-layer"}


async def test_a_failing_model_request_is_an_error_span_that_leaves_the_error_text_out(traced: Traced) -> None:
    def failing(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        raise RuntimeError("401 from the provider; sent Authorization: Bearer tok-secret-777")

    agent = Agent(FunctionModel(failing))
    agent.instrument = traced.telemetry.instrumentation
    with pytest.raises(RuntimeError), agent_run_span(traced.telemetry, task_description="hi", correlation_id="c"):
        await agent.run("hi")

    (chat,) = [s for s in traced.spans() if s.attributes.get("gen_ai.operation.name") == "chat"]
    assert chat.status.status_code is StatusCode.ERROR
    assert [e.attributes["exception.type"] for e in chat.events] == ["RuntimeError"]
    assert traced.span("agent_run").status.status_code is StatusCode.ERROR
    assert "tok-secret-777" not in everything(traced.spans())


async def test_spans_made_outside_the_helpers_are_redacted_on_the_way_out_and_in_the_trace_view() -> None:
    raw, clean = InMemorySpanExporter(), InMemorySpanExporter()
    telemetry = setup_telemetry(
        Settings(_env_file=None),
        extra_span_processors=[SimpleSpanProcessor(raw), SimpleSpanProcessor(RedactingSpanExporter(clean))],
    )
    raw_attributes = {  # as a library would set them, without the helpers
        "http.url": "https://api.example.com/v1?api_key=tok-secret-777&q=tokyo",
        "http.request.header.authorization": "Bearer tok-secret-777",
    }
    with (
        agent_run_span(telemetry, task_description="hi", correlation_id="corr-lib"),
        telemetry.tracer.start_as_current_span("http_request", attributes=raw_attributes) as span,
    ):
        span.record_exception(RuntimeError("401 for Bearer tok-secret-777"))
        span.set_status(StatusCode.ERROR, "401 for Bearer tok-secret-777")
    telemetry.shutdown()

    assert "tok-secret-777" in everything(list(raw.get_finished_spans()))  # what the span itself holds
    cleaned = everything(list(clean.get_finished_spans()))
    assert "tok-secret-777" not in cleaned
    assert f"api_key={REDACTED}&q=tokyo" in cleaned and "401 for Bearer [REDACTED]" in cleaned
    views = telemetry.recent.spans_for("corr-lib")
    assert [v.name for v in views] == ["agent_run", "http_request"]
    shown = json.dumps([(v.attributes, v.events, v.status_description) for v in views], default=str)
    assert "tok-secret-777" not in shown and "401 for Bearer [REDACTED]" in shown


async def test_helpers_without_telemetry_run_their_blocks_untraced_and_let_errors_through() -> None:
    ran = []
    with agent_run_span(None, task_description="x", correlation_id="c") as run:
        async with trace_tool_call(None, tool_name="t", server="s", parameters={}) as call:
            call.succeeded([1, 2])
            ran.append("tool")
        run.finish("answer", 1.0, 1)
        ran.append("run")
    assert ran == ["tool", "run"] and run.trace_id is None and run.kind == "answer"
    with pytest.raises(ValueError, match="boom"):
        async with trace_tool_call(None, tool_name="t", server="s", parameters={}):
            raise ValueError("boom")


def test_each_telemetry_keeps_its_own_spans_and_leaves_the_global_provider_alone(traced: Traced) -> None:
    other = InMemorySpanExporter()
    second = setup_telemetry(Settings(_env_file=None), extra_span_processors=[SimpleSpanProcessor(other)])
    with second, agent_run_span(second, task_description="second", correlation_id="only-second"):
        pass
    assert [s.name for s in other.get_finished_spans()] == ["agent_run"]
    assert traced.spans() == []
    assert trace.get_tracer_provider() not in (traced.telemetry.tracer_provider, second.tracer_provider)


@pytest.mark.parametrize(("environment", "expected"), [(None, "paias-agent-layer"), ("lab-replica-2", "lab-replica-2")])
def test_service_name_is_otel_service_name_or_paias_agent_layer(
    monkeypatch: pytest.MonkeyPatch, environment: str | None, expected: str
) -> None:
    if environment:
        monkeypatch.setenv("OTEL_SERVICE_NAME", environment)
    with setup_telemetry(Settings(_env_file=None)) as telemetry:
        assert telemetry.tracer_provider.resource.attributes["service.name"] == expected


@pytest.fixture
def receiver() -> Iterator[OtlpReceiver]:
    with OtlpReceiver() as running:
        yield running


def test_spans_reach_an_otlp_grpc_collector_within_two_seconds_as_paias_agent_layer(receiver: OtlpReceiver) -> None:
    telemetry = setup_telemetry(Settings(_env_file=None, otel_exporter_otlp_endpoint=receiver.endpoint))
    try:
        assert telemetry.exporting
        with agent_run_span(telemetry, task_description="time in Tokyo", correlation_id="wire-1") as run:
            with telemetry.tracer.start_as_current_span(  # as a library would: raw attributes, no helper
                "third_party", attributes={"http.request.header.authorization": "Bearer tok-secret-777"}
            ):
                pass
            run.finish("answer", 0.95, 0)
        ended = time.monotonic()
        arrived = receiver.wait_for(lambda: "agent_run" in receiver.span_names(), timeout=2.0)
        waited = time.monotonic() - ended
        assert arrived, f"no agent_run span within 2 s (received: {receiver.span_names()})"
        assert waited < 2.0
        spans = {span.name: (resource, span) for resource, span in receiver.spans()}
        resource, run_span = spans["agent_run"]
        assert resource["service.name"] == "paias-agent-layer"
        attributes = {a.key: plain(a.value) for a in run_span.attributes}
        assert (attributes["correlation_id"], attributes["result_type"]) == ("wire-1", "answer")
        third = {a.key: plain(a.value) for a in spans["third_party"][1].attributes}
        assert third == {"http.request.header.authorization": REDACTED}
    finally:
        telemetry.shutdown()
    assert {"paias.turns", "paias.turn.duration"} <= receiver.metric_names()  # pushed at shutdown


async def test_without_an_endpoint_nothing_is_exported_and_nothing_is_printed(
    capfd: pytest.CaptureFixture[str], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    telemetry = setup_telemetry(Settings(_env_file=None))
    await time_turn(telemetry, "offline-1")
    telemetry.shutdown()

    assert not telemetry.exporting and telemetry.endpoint is None
    assert len(telemetry.recent.spans_for("offline-1")) == 3  # the Trace view still has the turn
    assert capfd.readouterr() == ("", "")
    assert [r.getMessage() for r in caplog.records] == []


def test_shutdown_is_bounded_and_idempotent_when_the_collector_is_unreachable(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.CRITICAL)  # the exporter's retry warnings are expected here
    port = free_port()
    telemetry = setup_telemetry(Settings(_env_file=None, otel_exporter_otlp_endpoint=f"127.0.0.1:{port}"))
    assert telemetry.endpoint == f"http://127.0.0.1:{port}"  # host:port means plain-text gRPC
    with agent_run_span(telemetry, task_description="x", correlation_id="unreachable"):
        pass

    started = time.monotonic()
    telemetry.shutdown(timeout=1.0)
    assert time.monotonic() - started < 3.0
    started = time.monotonic()
    telemetry.shutdown()
    assert time.monotonic() - started < 0.1
