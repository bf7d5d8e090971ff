"""The LLM path against weak models and llama.cpp-like servers, end to end through the real provider path.

Every model here is ``tests/fixtures/weak_llm_server.py``: a real HTTP server on 127.0.0.1 speaking the OpenAI
chat-completions API (SSE included), reached through ``build_model`` -> Pydantic AI's ``OpenAIChatModel`` -> the
openai SDK -> httpx. Nothing in Pydantic AI is patched; model requests are allowed only towards that server.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pydantic_ai import models

from agent_core.agent import Deps, build_agent
from agent_core.errors import ConfigError
from agent_core.gaps import ToolGapDetector
from agent_core.llm.bounds import REPEAT_LIMIT
from agent_core.models import build_model, describe_model, model_target
from agent_core.runtime import AgentRuntime
from agent_core.settings import Settings
from agent_core.turns import model_error_message
from tests.conftest import TIME_SERVER
from tests.fixtures.weak_llm_server import JUNK_ANSWER, WeakLLMServer
from tests.helpers import TASKS, free_port
from tests.test_gaps import SEED_TASK, full_source

pytestmark = pytest.mark.anyio

FALSE_GAP_PROMPTS = ["hello", "What time is it in Tokyo?", "show my tasks"]


@pytest.fixture(scope="module")
def server() -> Iterator[WeakLLMServer]:
    with WeakLLMServer() as running:
        yield running


@pytest.fixture(autouse=True)
def allow_model_requests(monkeypatch: pytest.MonkeyPatch) -> None:
    """conftest forbids model requests; these tests make them, but only to the local stub (OPENAI_BASE_URL)."""
    monkeypatch.setattr(models, "ALLOW_MODEL_REQUESTS", True)
    for name in ("OPENAI_BASE_URL", "OPENAI_API_KEY", "OLLAMA_BASE_URL", "OUTPUT_MODE", "OPENAI_COMPAT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")


@pytest.fixture
def llm(server: WeakLLMServer, make_settings: Callable[..., Settings]) -> Callable[..., Settings]:
    """Settings for ``MODEL=openai-chat:<behaviour>`` at the stub, with the time server, and the tasks server when
    the turn needs it (``with_tasks``): every server is a process each runtime starts."""

    def make(behaviour: str, *, with_tasks: bool = False, **overrides: Any) -> Settings:
        values = {"model": f"openai-chat:{behaviour}", "openai_base_url": server.url, **overrides}
        servers = {"time": TIME_SERVER, "tasks": TASKS} if with_tasks else {"time": TIME_SERVER}
        return make_settings(servers, **values)

    return make


def plain(behaviour: str, server: WeakLLMServer, **overrides: Any) -> Settings:
    return Settings(_env_file=None, model=f"openai-chat:{behaviour}", openai_base_url=server.url, **overrides)


async def run_alone(settings: Settings, prompt: str = "hello") -> Any:
    """The ResearcherAgent without tools, on the model ``settings`` name (for what the provider path does)."""
    agent = build_agent(build_model(settings), [])
    return await agent.run(prompt, deps=Deps(settings, "c", "x", prompt=prompt))


def tool_names(request: dict[str, Any]) -> list[str]:
    return [t["function"]["name"] for t in request["body"].get("tools", [])]


def properties(tool: dict[str, Any]) -> dict[str, Any]:
    return tool["function"].get("parameters", {}).get("properties", {})


def calls_in(request: dict[str, Any]) -> list[str]:
    """Names of the tool calls the model had made before this request (from the history it was sent)."""
    return [c["function"]["name"] for m in request["body"]["messages"] for c in m.get("tool_calls") or []]


# --- 1. Local OpenAI-compatible servers are first-class ------------------------------------------------------------


async def test_openai_prefix_with_a_base_url_uses_chat_completions_with_any_key(server: WeakLLMServer) -> None:
    settings = Settings(_env_file=None, model="openai:sensible", openai_base_url=server.url)
    result = await run_alone(settings)
    assert result.output.answer.startswith("Hello!")
    [request] = server.for_model("sensible")[-1:]
    assert request["path"] == "/v1/chat/completions"  # never /v1/responses, which local servers answer with 404
    assert request["body"]["max_tokens"] == settings.model_max_tokens  # a small model that never stops is cut off
    assert describe_model(settings) == f"openai:sensible at {server.url}"


@pytest.mark.parametrize("url", ["127.0.0.1:8080/v1", "ftp://host/v1", "not a url"])
def test_a_base_url_that_is_not_http_fails_at_start_naming_the_setting(url: str) -> None:
    with pytest.raises(ConfigError, match="OPENAI_BASE_URL must be the server's OpenAI-compatible base URL"):
        build_model(Settings(_env_file=None, model="openai-chat:x", openai_base_url=url))


async def test_ollama_works_through_the_compatible_endpoint_setting(server: WeakLLMServer) -> None:
    settings = Settings(_env_file=None, model="ollama:sensible", openai_base_url=server.url)
    before = len(server.for_model("sensible"))
    assert (await run_alone(settings)).output.confidence == 0.9
    assert len(server.for_model("sensible")) == before + 1
    assert model_target(settings).provider == "Ollama"


async def test_streamed_replies_carry_tool_calls_and_answers_over_sse(llm, server) -> None:
    async with AgentRuntime(llm("sensible", model_stream=True)) as runtime:
        turn = await runtime.ask("What time is it in Paris?")
    assert turn.kind == "answer", turn.error
    assert [(c.tool_name, c.parameters) for c in turn.tool_calls] == [
        ("get_current_time", {"timezone": "Europe/Paris"})
    ]
    assert turn.response.answer == f"It is {turn.tool_calls[0].result['timestamp'][11:16]} in Europe/Paris."
    streamed = [r for r in server.for_model("sensible") if r["body"].get("stream")]
    assert len(streamed) == 2  # the tool call (arguments in three SSE pieces), then the answer


async def test_llama_cpp_quirks_are_met_by_the_lenient_default_for_local_servers(llm) -> None:
    """llama.cpp answers tool_choice "required" and null content with 500; a local server gets "auto" and ""."""
    async with AgentRuntime(llm("sensible+llamacpp")) as runtime:
        turn = await runtime.ask("What time is it in Tokyo?")
    assert turn.kind == "answer", turn.error
    assert [c.tool_name for c in turn.tool_calls] == ["get_current_time"]
    assert turn.response.answer == f"It is {turn.tool_calls[0].result['timestamp'][11:16]} in Asia/Tokyo."


async def test_without_the_compatibility_switch_the_error_names_the_server_and_the_switch(server) -> None:
    settings = plain("sensible+llamacpp", server, openai_compat="standard")
    before = len(server.for_model("sensible+llamacpp"))
    with pytest.raises(Exception) as failed:
        await run_alone(settings)
    message = model_error_message(failed.value, model_target(settings))
    assert message.startswith(f"The OpenAI-compatible server at {server.url} refused the request (HTTP 500)")
    assert "OPENAI_COMPAT=lenient" in message and "\n" not in message
    assert len(server.for_model("sensible+llamacpp")) == before + 1  # a local server's 500 is not retried


async def test_null_content_in_the_history_is_what_a_standard_client_trips_on(llm, server) -> None:
    """Prompted output sends tool_choice "auto", so only the null content of the tool-call message is left to fail."""
    async with AgentRuntime(llm("sensible+llamacpp", openai_compat="standard", output_mode="prompted")) as runtime:
        turn = await runtime.ask("What time is it in Tokyo?")
    assert turn.kind == "error" and "OPENAI_COMPAT=lenient" in turn.error
    assert [c.tool_name for c in turn.tool_calls] == ["get_current_time"]  # the call ran; the next request failed
    last = server.for_model("sensible+llamacpp")[-1]["body"]
    assert last["tool_choice"] == "auto" and any(m.get("content", "") is None for m in last["messages"])


@pytest.mark.parametrize(("mode", "shape"), [("prompted", "instructions"), ("native", "response_format")])
async def test_output_modes_ask_for_json_instead_of_an_output_tool(server, mode: str, shape: str) -> None:
    result = await run_alone(plain("sensible", server, output_mode=mode))
    assert result.output.answer.startswith("Hello!")
    request = server.for_model("sensible")[-1]
    assert "final_result" not in tool_names(request)
    if shape == "response_format":
        assert request["body"]["response_format"]["type"] == "json_schema"
    else:
        assert "Always respond with a JSON object" in json.dumps(request["body"]["messages"])


# --- 2. Gaps are grounded ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("prompt", FALSE_GAP_PROMPTS)
async def test_an_inventing_models_precheck_claims_are_not_gaps(server, prompt: str) -> None:
    detector = ToolGapDetector(full_source(), build_model(plain("inventor", server)))
    before = len(server.for_model("inventor"))
    assert await detector.detect_missing_tools(prompt) is None
    assert len(server.for_model("inventor")) == before + 1  # the model was asked, and it claimed a gap


async def test_a_grounded_precheck_claim_is_still_a_gap(server) -> None:
    detector = ToolGapDetector(full_source(), build_model(plain("gapper-financial_data_api", server)))
    report = await detector.detect_missing_tools(SEED_TASK)
    assert report is not None and report.missing_tools == ["financial_data_api"]


async def test_hello_time_and_tasks_never_end_as_a_gap_with_an_inventing_model(llm, server) -> None:
    before = len(server.for_model("inventor"))
    async with AgentRuntime(llm("inventor", with_tasks=True)) as runtime:
        turns = [await runtime.ask(prompt) for prompt in FALSE_GAP_PROMPTS]
    assert [t.kind for t in turns] == ["answer"] * 3, [t.error or t.gap for t in turns]
    assert [[c.tool_name for c in t.tool_calls] for t in turns] == [[], ["get_current_time"], ["list_tasks"]]
    assert all(t.response.confidence == 0.9 for t in turns)  # the answers use the record: not flagged
    requests = server.for_model("inventor")[before:]
    claims = [r for r in requests if calls_in(r)[-1:] == ["report_tool_gap"]]  # the requests right after a claim
    assert len(claims) == 3  # each turn began with an invented gap, which grounding turned back
    precheck = [r for r in requests for t in r["body"]["tools"] if "capabilities" in properties(t)]
    assert not precheck  # no pre-check round trip: the gap check before the turn decides offline
    assert len(requests) == 2 + 3 + 3  # per turn: the claim, then (tool call and) answer


async def test_a_gap_the_agent_concludes_and_grounding_confirms_ends_the_turn(llm, server) -> None:
    request = "Could you get me a taxi to the airport at 6am"  # the offline check misses it; the model does not
    async with AgentRuntime(llm("gapper-travel_booking", with_tasks=True)) as runtime:
        turn = await runtime.ask(request)
    assert turn.kind == "tool_gap", turn.error
    assert turn.gap.missing_tools == ["travel_booking"] and turn.gap.attempted_task == request
    assert {"get_current_time", "list_tasks", "search_memory"} <= set(turn.gap.existing_tools_checked)
    assert len(server.for_model("gapper-travel_booking")) == 1  # one request: the conclusion, no pre-check


# --- 3. Bounded turns ----------------------------------------------------------------------------------------------


async def test_a_looping_model_is_stopped_at_the_third_identical_call(llm, server) -> None:
    async with AgentRuntime(llm("looper", with_tasks=True)) as runtime:
        turn = await runtime.ask("show my tasks")
    assert turn.kind == "error"
    assert turn.error.startswith(f"Stopped: the model asked for list_tasks with the same arguments {REPEAT_LIMIT}")
    assert [c.tool_name for c in turn.tool_calls] == ["list_tasks"] * (REPEAT_LIMIT - 1)  # the third never ran
    assert len(server.for_model("looper")) == REPEAT_LIMIT


async def test_a_turn_never_exceeds_the_request_limit(llm, server) -> None:
    async with AgentRuntime(llm("wanderer", max_model_requests=4)) as runtime:
        turn = await runtime.ask("What time is it?")
    assert turn.kind == "error" and "MAX_MODEL_REQUESTS" in turn.error
    assert len(server.for_model("wanderer")) == 4
    assert len({c.parameters["timezone"] for c in turn.tool_calls}) == len(turn.tool_calls) == 4


@pytest.mark.parametrize("stream", [False, True])
async def test_an_abandoned_request_is_cancelled_at_the_server(server, stream: bool) -> None:
    model = f"slow+{'streamed' if stream else 'plain'}"
    with pytest.raises(Exception) as failed:
        await run_alone(plain(model, server, model_timeout=0.5, model_stream=stream))
    assert server.wait_for_disconnect(model)  # the server saw the client go and stopped generating
    assert "did not answer in time, so the request was cancelled" in model_error_message(failed.value)


async def test_an_abandoned_precheck_is_cancelled_and_the_offline_analyzer_answers(server) -> None:
    detector = ToolGapDetector(full_source(), build_model(plain("slow+precheck", server)), llm_timeout=0.5)
    report = await detector.detect_missing_tools("Book a flight from Vienna to Boston")
    assert report is not None and report.missing_tools == ["travel_booking"]
    assert server.wait_for_disconnect("slow+precheck")


async def test_junk_arguments_are_retried_and_never_reach_the_tool(llm, server) -> None:
    async with AgentRuntime(llm("junk")) as runtime:
        turn = await runtime.ask("What time is it in Tokyo?")
    assert turn.kind == "answer", turn.error
    assert [(c.tool_name, c.parameters) for c in turn.tool_calls] == [("get_current_time", {"timezone": "Asia/Tokyo"})]
    assert len(server.for_model("junk")) == 3  # junk, the corrected call, the answer


async def test_prose_instead_of_json_ends_with_a_clear_error_within_the_limit(server) -> None:
    with pytest.raises(Exception) as failed:
        await run_alone(plain("prose", server))
    message = model_error_message(failed.value, model_target(plain("prose", server)))
    assert message.startswith("The model prose did not give a valid structured answer after 2 retries")
    assert "OUTPUT_MODE=prompted" in message
    assert len(server.for_model("prose")) == 3


# --- 4. Plain errors by cause --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("behaviour", "says"),
    [
        ("overflow", "is too long for the context window of overflow on the OpenAI-compatible server at"),
        ("overflow_openai", "Start a new conversation"),
        ("status401", "rejected the credentials (HTTP 401). Check OPENAI_API_KEY"),
        ("status404", "The model 'status404' was not found at the OpenAI-compatible server at"),
        ("status429", "reached its quota or rate limit (HTTP 429). Wait a minute"),
        ("status500", "failed (HTTP 500). Try again in a moment"),
    ],
)
async def test_model_failures_are_one_line_by_cause_naming_the_server(server, behaviour: str, says: str) -> None:
    settings = plain(behaviour, server)
    with pytest.raises(Exception) as failed:
        await run_alone(settings)
    message = model_error_message(failed.value, model_target(settings))
    assert says in message and server.url in message, message
    assert "\n" not in message and "Traceback" not in message and "Azure" not in message


async def test_an_unreachable_server_names_the_setting_to_check() -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"
    settings = Settings(_env_file=None, model="openai-chat:x", openai_base_url=url)
    with pytest.raises(Exception) as failed:
        await run_alone(settings)
    message = model_error_message(failed.value, model_target(settings))
    assert message == (
        f"Could not reach the OpenAI-compatible server at {url}. Check that it is running and OPENAI_BASE_URL "
        f"({url}), then try again."
    )


async def test_a_context_overflow_turn_says_so_through_the_runtime(llm, server) -> None:
    before = len(server.for_model("overflow"))
    async with AgentRuntime(llm("overflow")) as runtime:
        turn = await runtime.ask("What time is it in Tokyo?")
    assert turn.kind == "error"
    assert turn.error == (
        f"The conversation is too long for the context window of overflow on the OpenAI-compatible server at "
        f"{server.url} (HTTP 400). Start a new conversation, or ask again with a shorter message (older turns count "
        "too)."
    )
    assert len(server.for_model("overflow")) == before + 1  # not retried: the same request cannot fit next time


# --- 5. Answers are checked against the record ---------------------------------------------------------------------


async def test_a_nonsense_answer_is_flagged_and_never_confident(llm) -> None:
    async with AgentRuntime(llm("nonsense")) as runtime:
        turn = await runtime.ask("What time is it in Tokyo?")
    assert turn.kind == "answer"
    assert turn.response.answer == JUNK_ANSWER  # shown as the model wrote it, but flagged
    assert turn.response.confidence == 0.0
    assert turn.response.reasoning.startswith(
        "Flagged by the answer check: the answer contains none of the facts that get_current_time returned; "
        "the answer is not language"
    )
    assert turn.tool_calls[0].status == "success"
