"""AgentRuntime: owns the MCP servers, the model and the agent; runs one turn at a time per call of ``ask``.

Use it as an async context manager, entered and exited in the task that owns it::

    async with AgentRuntime() as runtime:
        turn = await runtime.ask("What time is it in Tokyo?")
"""

from __future__ import annotations

import asyncio
import logging
import unicodedata
import uuid
from contextlib import AsyncExitStack
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from pydantic_ai import DeferredToolRequests
from pydantic_ai.exceptions import (
    ModelAPIError,
    ModelAuthenticationError,
    ModelConnectionError,
    ModelHTTPError,
    ModelNotFoundError,
    ModelQuotaExceededError,
    ModelRateLimitError,
    UnexpectedModelBehavior,
    UsageLimitExceeded,
)
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    ToolCallPart,
    ToolReturnPart,
    repair_messages,
)
from pydantic_ai.models import Model

from agent_core.agent import Deps, build_agent, system_prompt
from agent_core.errors import InputError, PaiasError
from agent_core.logs import correlated
from agent_core.memory import MemoryManager, build_embedder
from agent_core.memory.session import open_memory
from agent_core.memory.tools import memory_toolset
from agent_core.models import build_model, describe_model
from agent_core.offline.intents import topic_of
from agent_core.orchestrator import Orchestrator, RecordingToolset, ServerState, ToolInfo, load_server_specs
from agent_core.orchestrator.legacy import LegacyTools, legacy_agent
from agent_core.risk import assess_risk, canonical_tool_name
from agent_core.schemas import AgentResponse, PendingApproval, ToolCallRecord, ToolCallStatus, TurnResult
from agent_core.server_controls import Desired, ServerControls
from agent_core.settings import Settings

log = logging.getLogger(__name__)

_ALLOWED_CONTROL = {"\n", "\r", "\t"}


def validate_input(text: Any, max_chars: int) -> str:
    """Return the message stripped of surrounding whitespace.

    Raises:
        InputError: empty, too long, or containing control characters; the message says how to fix it.
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError("Your message is empty. Type a question, for example 'What time is it in Tokyo?'.")
    text = text.strip()
    if len(text) > max_chars:
        raise InputError(
            f"Your message is {len(text):,} characters long; the limit is {max_chars:,}. Shorten it or split it "
            "into several messages."
        )
    bad = sorted({f"U+{ord(c):04X}" for c in text if unicodedata.category(c) == "Cc" and c not in _ALLOWED_CONTROL})
    if bad:
        raise InputError(
            f"Your message contains control characters ({', '.join(bad[:5])}). Remove them (they often come from "
            "pasting terminal output) and send it again."
        )
    return text


def model_error_message(exc: Exception) -> str:
    """What a person should read when the model call failed, and what to do next."""
    status = getattr(exc, "status_code", None)
    code = f" (HTTP {status})" if status else ""
    if isinstance(exc, ModelAuthenticationError) or status in {401, 403}:
        return f"The model service rejected the credentials{code}. Check the API key for MODEL (e.g. AZURE_AI_FOUNDRY_API_KEY)."
    if isinstance(exc, ModelQuotaExceededError | ModelRateLimitError) or status == 429:
        return (
            f"The model service's quota or rate limit was reached{code}, also after retrying. Wait a minute and "
            "try again, or raise the deployment's quota."
        )
    if isinstance(exc, ModelNotFoundError) or status == 404:
        return f"The model or deployment was not found{code}. Check MODEL and AZURE_DEPLOYMENT_NAME."
    if isinstance(exc, ModelConnectionError):
        return "Could not reach the model service. Check the endpoint setting and the network, then try again."
    if isinstance(exc, ModelHTTPError | ModelAPIError):
        return f"The model service failed{code}. Try again in a moment; if it persists, check the service status."
    if isinstance(exc, UsageLimitExceeded):
        return f"The turn used more model requests than allowed ({exc}). Ask a narrower question."
    if isinstance(exc, UnexpectedModelBehavior):
        return (
            f"The model did not produce a valid answer after 2 retries ({exc.message}). Rephrase, or try another model."
        )
    return f"The turn failed unexpectedly ({type(exc).__name__}: {exc}). The details are in the log."


NOT_APPROVED = "Not run: this call needed the person's approval, and the conversation moved on without it."


def close_unanswered_calls(history: list[ModelMessage]) -> list[ModelMessage]:
    """Answer tool calls left open by a turn that stopped for approval, so the next prompt can run.

    They are marked ``denied`` with a text the model reads as "this never ran"; nothing pretends they succeeded.
    """
    if not history or not isinstance(history[-1], ModelResponse):
        return history
    open_calls = [p for p in history[-1].parts if isinstance(p, ToolCallPart)]
    if not open_calls:
        return history
    closing = ModelRequest(
        parts=[
            ToolReturnPart(call.tool_name, NOT_APPROVED, tool_call_id=call.tool_call_id, outcome="denied")
            for call in open_calls
        ]
    )
    return repair_messages([*history, closing])


def _result_items(result: Any) -> list[dict[str, Any]]:
    if isinstance(result, dict):
        result = result.get("results", [])
    return [item for item in result if isinstance(item, dict)] if isinstance(result, list) else []


def finalize_response(output: AgentResponse, records: list[ToolCallRecord]) -> AgentResponse:
    """Replace whatever the model claimed about tool calls with the calls that ran, and keep it honest.

    If calls failed, the reasoning says which and why; if none succeeded, confidence is 0.0 (SC-009).
    """
    update: dict[str, Any] = {"tool_calls": records}
    failed = [r for r in records if r.status is not ToolCallStatus.SUCCESS]
    if failed:
        missing = [
            f"{r.tool_name} {r.status.value}: {r.error}" for r in failed if (r.error or "") not in output.reasoning
        ]
        if missing:
            update["reasoning"] = f"{output.reasoning.rstrip()} Tool failures: {'; '.join(missing)}."
        if len(failed) == len(records):
            update["confidence"] = 0.0
    return output.model_copy(update=update)


async def _together(*coroutines: Any) -> list[Any]:
    """Run coroutines concurrently; on failure, cancel the rest and raise the first error itself (not a group)."""
    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(c) for c in coroutines]
    except BaseExceptionGroup as failed:
        errors = list(failed.exceptions)
        raise next((e for e in errors if isinstance(e, PaiasError)), errors[0]) from None
    return [task.result() for task in tasks]


class AgentRuntime:
    """Owns everything a turn needs: the database pool, memory, MCP servers, model, agent, conversations."""

    def __init__(self, settings: Settings | None = None, *, model: Model | None = None) -> None:
        self.settings = settings or Settings()
        self._model_override = model
        self.servers: Orchestrator | None = None
        self.memory: MemoryManager | None = None
        self._stack: AsyncExitStack | None = None
        self._conversations: dict[str, list[ModelMessage]] = {}

    @property
    def model_label(self) -> str:
        """The active model, without secrets."""
        return "custom model" if self._model_override else describe_model(self.settings)

    async def __aenter__(self) -> AgentRuntime:
        settings = self.settings
        model = self._model_override or build_model(settings)  # credentials fail before anything starts
        embedder = build_embedder(settings)
        load_server_specs(settings)  # a broken MCP config fails now, before the database starts
        settings.paias_home.mkdir(parents=True, exist_ok=True)
        self._stack = AsyncExitStack()
        try:
            # The database first: servers such as tasks are handed its resolved URL (embedded or external).
            self.memory = await self._stack.enter_async_context(open_memory(settings, embedder, warm=False))
            database_url = self.memory.pool.conninfo
            specs = load_server_specs(settings, extra={"PAIAS_DATABASE_URL": database_url})
            self.servers = Orchestrator.from_specs(specs, log_dir=settings.paias_home / "logs")
            legacy = LegacyTools(self.memory.pool, settings.user_id, settings.paias_home / "notes")
            self.servers.register("legacy", lambda: legacy_agent(legacy, timeout=settings.tool_timeout))
            self.servers.reserved = {"search_memory", "store_memory"}
            self.controls = ServerControls(self.memory.pool)
            self.servers.desired_states = self.controls.desired
            self._stack.push_async_callback(self.servers.stop)
            # Servers start while the embedding model loads. A TaskGroup (not gather): when one fails the other
            # is cancelled and finished before cleanup runs.
            await _together(self.servers.start(), embedder.embed_query("warm up"))
            self.servers.start_monitor()
        except BaseException:
            await self._stack.aclose()
            raise
        memory_tools = RecordingToolset(
            memory_toolset, server="memory", timeout=settings.tool_timeout, metrics=self.servers.metrics
        )
        self.agent = build_agent(
            model,
            [self.servers.toolset(), memory_tools],
            instructions=system_prompt(settings.memory_min_score, settings.memory_fresh_days),
        )
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        if self._stack is not None:
            await self._stack.aclose()

    def server_states(self) -> list[ServerState]:
        """A snapshot of every configured server's state."""
        return [replace(s, tools=list(s.tools)) for s in self.servers.states.values()] if self.servers else []

    async def check_servers(self) -> None:
        """Check every ready server now (health within 1 s each, in parallel), refreshing their states."""
        if self.servers:
            await asyncio.gather(
                *(self.servers.health(s.name) for s in self.servers.states.values() if s.state == "ready")
            )

    async def set_server(self, name: str, desired: Desired, by: str = "app") -> ServerState:
        """Start or stop one server here now, and record the wish so other processes sharing the database follow.

        Raises:
            UnknownAgentError: no server of that name is configured.
        """
        assert self.servers is not None, "the runtime is not running"
        self.servers.require(name)
        await self.controls.set(name, desired, by)
        if desired == "stopped":
            return await self.servers.stop_agent(name)
        return await self.servers.start_agent(name)

    async def tools(self) -> list[ToolInfo]:
        """Every tool offered to the agent, with its server and risk level."""
        return await self.servers.list_tools() if self.servers else []

    def history(self, conversation_id: str) -> list[ModelMessage]:
        """The stored message history of a conversation (empty if unknown)."""
        return list(self._conversations.get(conversation_id, []))

    def _history_for_new_prompt(self, conversation_id: str) -> list[ModelMessage]:
        """The history, with calls still waiting for approval closed out: a new message moves on without them."""
        return close_unanswered_calls(self.history(conversation_id))

    async def ask(self, text: str, conversation_id: str | None = None) -> TurnResult:
        """Run one turn. Never raises for bad input, failing tools or a failing model: see ``TurnResult.kind``."""
        with correlated(uuid.uuid4().hex[:16]) as correlation_id:
            turn = await self._ask(text, conversation_id, correlation_id)
            log.info("turn finished: %s", turn.kind, extra={"kind": turn.kind, "conversation_id": turn.conversation_id})
            return turn

    async def _ask(self, text: str, conversation_id: str | None, correlation_id: str) -> TurnResult:
        try:
            prompt = validate_input(text, self.settings.max_input_chars)
        except InputError as exc:
            return TurnResult(
                kind="error", conversation_id=conversation_id, correlation_id=correlation_id, error=str(exc)
            )
        conversation_id = conversation_id or uuid.uuid4().hex
        deps = Deps(
            self.settings,
            conversation_id=conversation_id,
            correlation_id=correlation_id,
            memory=self.memory,
            risk_overrides=self.servers.risk_overrides() if self.servers else {},
        )
        log.info("turn started", extra={"conversation_id": conversation_id})
        try:
            result = await self.agent.run(
                prompt, deps=deps, message_history=self._history_for_new_prompt(conversation_id)
            )
        except Exception as exc:
            log.warning("turn failed: %r", exc, exc_info=True)
            return TurnResult(
                kind="error",
                conversation_id=conversation_id,
                correlation_id=correlation_id,
                error=model_error_message(exc),
            )
        self._conversations[conversation_id] = result.all_messages()
        output = result.output
        if isinstance(output, DeferredToolRequests):
            return TurnResult(
                kind="approval_required",
                conversation_id=conversation_id,
                correlation_id=correlation_id,
                pending=[self._pending(call, conversation_id) for call in output.approvals],
            )
        response = finalize_response(output, deps.recorder.records)
        response = await self._remember_web_answer(prompt, response)
        return TurnResult(
            kind="answer", conversation_id=conversation_id, correlation_id=correlation_id, response=response
        )

    async def _remember_web_answer(self, prompt: str, response: AgentResponse) -> AgentResponse:
        """Store a web-search-backed answer as a memory (topic, timestamp, sources), so the same question
        later is answered from memory. Done by the runtime, not left to the model, so it always happens."""
        searches = [
            r
            for r in response.tool_calls
            if r.status is ToolCallStatus.SUCCESS and canonical_tool_name(r.tool_name) == "web_search"
        ]
        if not searches or self.memory is None or response.confidence == 0.0:
            return response
        urls = [item.get("url") for r in searches for item in _result_items(r.result) if item.get("url")]
        metadata = {
            "topic": topic_of(prompt),
            "question": prompt[:500],
            "source": "web_search",
            "timestamp": datetime.now(UTC).isoformat(),
            "urls": urls[:5],
        }
        try:
            memory_id = await self.memory.store_document(f"{prompt}\n{response.answer}", metadata)
        except Exception as exc:  # noqa: BLE001 - failing to remember must not lose the answer
            log.warning("could not store the web-backed answer: %s", exc)
            return response
        note = f" I stored this web-backed answer in memory (id {memory_id}) for next time."
        return response.model_copy(update={"reasoning": response.reasoning + note})

    def _pending(self, call: Any, conversation_id: str) -> PendingApproval:
        args = call.args_as_dict()
        overrides = self.servers.risk_overrides() if self.servers else {}
        annotations = self.servers.annotations(call.tool_name) if self.servers else {}
        risk = assess_risk(call.tool_name, args, annotations, overrides)
        return PendingApproval(
            id=call.tool_call_id,
            tool_name=call.tool_name,
            parameters=args,
            risk_level=risk.level,
            reason=risk.reason,
            conversation_id=conversation_id,
            tool_call_id=call.tool_call_id,
        )
