"""AgentRuntime: owns the MCP servers, the model and the agent; runs one turn at a time per call of ``ask``.

Use it as an async context manager, entered and exited in the task that owns it::

    async with AgentRuntime() as runtime:
        turn = await runtime.ask("What time is it in Tokyo?")
"""

from __future__ import annotations

import asyncio
import copy
import logging
import uuid
from collections.abc import Sequence
from contextlib import AsyncExitStack
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from pydantic_ai import DeferredToolRequests, DeferredToolResults
from pydantic_ai.messages import ModelMessage, ToolCallPart
from pydantic_ai.models import Model

from agent_core.agent import Deps, build_agent, system_prompt
from agent_core.approvals import ApprovalDesk, ApprovalStore, GrantStore
from agent_core.approvals.access import may_decide
from agent_core.approvals.audit import AuditLog, AuditRow
from agent_core.approvals.decisions import close_unanswered_calls
from agent_core.approvals.store import everyones_pending
from agent_core.approvals.targets import TargetNamer
from agent_core.conversations import ConversationStore
from agent_core.db import DATABASE_ERRORS, database_down_message
from agent_core.errors import InputError, PaiasError
from agent_core.gaps import ToolGapDetector, gap_exchange
from agent_core.llm.answer_check import check_answer
from agent_core.llm.bounds import usage_limits
from agent_core.llm.grounding import llm_answers_public
from agent_core.memory import MemoryManager, build_embedder
from agent_core.memory.session import open_memory
from agent_core.memory.tools import memory_toolset
from agent_core.models import build_model, describe_model, model_target
from agent_core.offline.text import topic_of
from agent_core.orchestrator import Orchestrator, RecordingToolset, ServerState, ToolEvents, ToolInfo, load_server_specs
from agent_core.orchestrator.controls import Desired, ServerControls
from agent_core.orchestrator.legacy import LegacyTools, legacy_agent
from agent_core.orchestrator.recording import ToolCallRecorder, call_recorded
from agent_core.people.identity import Approvers, NotAllowed, Person, acting_for, local_person
from agent_core.people.store import PeopleStore
from agent_core.risk import assess_risk, canonical_tool_name, is_write
from agent_core.schemas import AgentResponse, PendingApproval, ToolCallStatus, ToolGapReport, TurnResult
from agent_core.settings import Settings
from agent_core.stopping import STOPPED_MESSAGE, RunningTurns, TurnStopped
from agent_core.streaming import AnswerStream, AnswerTexts, can_stream
from agent_core.taint import looks_like_instruction, taint_reason, tainted_by
from agent_core.telemetry import agent_run_span, record_event, setup_telemetry, step_span
from agent_core.telemetry.logs import correlated
from agent_core.turns import (
    finalize_response,
    finish_span,
    model_error_message,
    result_items,
    validate_input,
)
from agent_core.undo import FORGET_MEMORY, UndoAction, UndoStore

log = logging.getLogger(__name__)


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
    """Owns everything a turn needs: the database pool, memory, MCP servers, model, agent, conversations.

    Entered once per process, it acts for the single-person mode's person (``USER_ID``). ``for_person`` gives
    the same runtime acting for someone else: the servers, model and pool are shared; every store, the
    conversation cache and the turns under way are that person's own.
    """

    def __init__(
        self, settings: Settings | None = None, *, model: Model | None = None, servers: Sequence[str] | None = None
    ) -> None:
        """``servers`` limits which configured MCP servers start (None: all; ``()``: none, e.g. to reject)."""
        self.settings = settings or Settings()
        self._model_override = model
        self._only = None if servers is None else set(servers)
        self.servers: Orchestrator | None = None
        self.memory: MemoryManager | None = None
        self._stack: AsyncExitStack | None = None
        # How far the start got, read by SyncRuntime.progress: new, settings, database, servers, agent, ready.
        self.phase = "new"
        self.person = local_person(self.settings.user_id)
        self.approvers = Approvers.parse(self.settings.approvers)
        self._conversations: dict[str, list[ModelMessage]] = {}  # write-through cache of the stored histories
        self._locks: dict[str, asyncio.Lock] = {}
        self._running = RunningTurns()  # the agent runs under way, by conversation, for Stop
        self._views: dict[str, AgentRuntime] = {}  # shared by every view: one per person id, kept
        self._is_view = False

    @property
    def model_label(self) -> str:
        """The active model, without secrets."""
        return "custom model" if self._model_override else describe_model(self.settings)

    async def __aenter__(self) -> AgentRuntime:
        settings = self.settings
        self.phase = "settings"
        model = self._model_override or build_model(settings)  # credentials fail before anything starts
        embedder = build_embedder(settings)
        load_server_specs(settings)  # a broken MCP config fails now, before the database starts
        settings.paias_home.mkdir(parents=True, exist_ok=True)
        self._stack = AsyncExitStack()
        self.telemetry = setup_telemetry(settings) if settings.tracing else None
        if self.telemetry is not None:
            self._stack.push_async_callback(asyncio.to_thread, self.telemetry.shutdown)  # flushes the last spans
        try:
            # The database first: servers such as tasks are handed its resolved URL (embedded or external).
            self.phase = "database"
            self.memory = await self._stack.enter_async_context(open_memory(settings, embedder, warm=False))
            database_url = self.memory.pool.conninfo
            specs = load_server_specs(settings, extra={"PAIAS_DATABASE_URL": database_url})
            specs = [spec for spec in specs if self._only is None or spec.name in self._only]
            self.servers = Orchestrator.from_specs(specs, log_dir=settings.paias_home / "logs")
            self.servers.telemetry = self.telemetry
            legacy = LegacyTools(self.memory.pool, settings.user_id, settings.paias_home / "notes")
            self._shared_memory = self.memory  # the one process-wide manager; each person's is made from it
            self.servers.register("legacy", lambda: legacy_agent(legacy, timeout=settings.tool_timeout))
            self.servers.states["legacy"].kind = "local"  # known before it starts: progress counts MCP servers
            self.servers.reserved = {"search_memory", "store_memory"}
            self.controls = ServerControls(self.memory.pool)
            self.servers.desired_states = self.controls.desired
            self._stack.push_async_callback(self.servers.stop)
            # Servers start while the embedding model loads. A TaskGroup (not gather): when one fails the other
            # is cancelled and finished before cleanup runs.
            self.phase = "servers"  # self.servers.states tell how many are ready
            await _together(self.servers.start(), embedder.embed_query("warm up"))
            self.servers.start_monitor()
            self.people = PeopleStore(self.memory.pool)
            self._bind(self.person)
            self._views[self.person.id] = self
        except BaseException:
            await self._stack.aclose()
            raise
        self.phase = "agent"
        memory_tools = RecordingToolset(
            memory_toolset,
            server="memory",
            timeout=settings.tool_timeout,
            metrics=self.servers.metrics,
            telemetry=self.telemetry,
        )
        self._memory_tools = memory_toolset
        self.agent = build_agent(
            model,
            [self.servers.toolset(), memory_tools],
            instructions=system_prompt(settings.memory_min_score, settings.memory_fresh_days),
        )
        if self.telemetry is not None:
            self.agent.instrument = self.telemetry.instrumentation  # Pydantic AI's GenAI spans for model requests
        # Decided offline by meaning (~1 ms), also with an LLM: no extra model round trip per turn. An LLM concludes
        # gaps the check misses itself (report_tool_gap), grounded the same way (agent_core.llm.grounding).
        llm = not settings.is_offline or self._model_override is not None
        self.gaps = ToolGapDetector(
            self,
            model=None,
            known_answer=llm_answers_public if llm else self._memory_knows,
            down_tools=self.servers.down_tools,
        )
        self.phase = "ready"
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        if self._stack is not None and not self._is_view:  # a view shares the root's servers and pool
            await self._stack.aclose()

    def _bind(self, person: Person) -> None:
        """Everything that belongs to one person, over the shared pool: stores, desk, history cache, running turns."""
        pool = self._shared_memory.pool
        self.person = person
        self.memory = self._shared_memory.for_user(person.id)
        self.approvals = ApprovalStore(pool, person.id)
        self.grants = GrantStore(pool, person.id, self.settings.approval_grant_hours)
        # Names what a waiting call acts on through the server's own listing tool: an app-side read, traced but
        # never one of a turn's tool calls (agent_core.approvals.targets).
        self.targets = TargetNamer(self.tools, self._call_directly, telemetry=self.telemetry)
        self.desk = ApprovalDesk(self.approvals, self.grants, self, name_target=self.targets.name)
        self.undo_log = UndoStore(pool, person.id)
        self.conversations = ConversationStore(pool, person.id)
        self._conversations = {}
        self._running = RunningTurns()
        if getattr(self, "gaps", None) is not None and self.gaps.known_answer is not llm_answers_public:
            self.gaps = copy.copy(self.gaps)  # offline, a gap is no gap when the person's own memory answers it
            self.gaps.known_answer = self._memory_knows

    def for_person(self, person: Person) -> AgentRuntime:
        """This runtime acting for ``person``: their conversations, memories, tasks, approvals and undo, and their
        identity on every tool call (MCP ``_meta``) and decision. Cheap; the same object for the same person.
        ``person`` must come from a verified source (sign-in, USER_ID, the CLI's explicit --as)."""
        if person == self.person:
            return self
        mine = self._views.get(person.id)  # one set of stores and caches per person, however they act
        if mine is None:
            mine = copy.copy(self)
            mine._is_view = True
            mine._bind(person)
            self._views[person.id] = mine
        if mine.person == person:
            return mine
        acting = copy.copy(mine)  # the same person through another channel, or with other claims: same state
        acting.person, acting._is_view = person, True
        return acting

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
        """Every tool offered to the agent — the servers' and the memory tools — with its source and risk level."""
        if not self.servers:
            return []
        infos = await self.servers.list_tools()
        for tool in self._memory_tools.tools.values():
            risk = assess_risk(tool.name)
            definition = tool.tool_def
            infos.append(
                ToolInfo(
                    tool.name,
                    "memory",
                    definition.description or "",
                    definition.parameters_json_schema,
                    {},
                    risk.level,
                    risk.reason,
                )
            )
        return infos

    async def list_tools(self) -> list[ToolInfo]:
        """The live tools (the ToolGapDetector's source)."""
        return await self.tools()

    def history(self, conversation_id: str) -> list[ModelMessage]:
        """The message history of a conversation as this process last saw it (empty if unknown here)."""
        return list(self._conversations.get(conversation_id, []))

    async def load_history(self, conversation_id: str) -> list[ModelMessage]:
        """The message history, from this process's cache or from PostgreSQL (another process, a restart)."""
        if conversation_id not in self._conversations:
            self._conversations[conversation_id] = await self.conversations.history(conversation_id)
        return self.history(conversation_id)

    async def ask(
        self,
        text: str,
        conversation_id: str | None = None,
        *,
        on_event: ToolEvents | None = None,
        on_text: AnswerTexts | None = None,
    ) -> TurnResult:
        """Run one turn. Never raises for bad input, failing tools, a failing model or Stop: see ``TurnResult.kind``.

        ``on_event(event)`` is called as each tool call starts and finishes (for a live status display).
        ``on_text(text)`` is called with the whole answer so far each time it grows while the model writes it
        (``agent_core.streaming``); both are called on this event loop's thread. ``stop(conversation_id)`` ends the
        turn early: it then returns an error turn with ``stopped=True``.
        """
        with (
            correlated(uuid.uuid4().hex[:16]) as correlation_id,
            agent_run_span(
                self.telemetry, task_description=text, correlation_id=correlation_id, conversation_id=conversation_id
            ) as span,
        ):
            try:
                turn = await self._ask(text, conversation_id, correlation_id, on_event, on_text)
            except DATABASE_ERRORS as exc:  # the model never ran, or its turn could not be read back: say so
                log.warning("turn failed on the database: %r", exc)
                turn = TurnResult(
                    kind="error",
                    conversation_id=conversation_id,
                    correlation_id=correlation_id,
                    error=database_down_message(exc, self.settings),
                )
            log.info("turn finished: %s", turn.kind, extra={"kind": turn.kind, "conversation_id": turn.conversation_id})
            finish_span(span, turn)
            return turn

    def stop(self, conversation_id: str) -> bool:
        """Stop the turn running in the conversation: its tool call in flight is cancelled (and recorded as
        stopped), and its ``ask`` returns a stopped turn. Call it on this event loop's thread.

        Returns:
            False when no turn of the conversation is running.
        """
        return self._running.stop(conversation_id)

    async def _ask(
        self,
        text: str,
        conversation_id: str | None,
        correlation_id: str,
        on_event: ToolEvents | None,
        on_text: AnswerTexts | None = None,
    ) -> TurnResult:
        try:
            prompt = validate_input(text, self.settings.max_input_chars)
        except InputError as exc:  # nothing is stored for input that was refused
            return TurnResult(
                kind="error", conversation_id=conversation_id, correlation_id=correlation_id, error=str(exc)
            )
        if conversation_id and await self.conversations.taken(conversation_id):
            conversation_id = None  # someone else's: this question starts the person's own conversation
        conversation_id = conversation_id or uuid.uuid4().hex
        async with self._locks.setdefault(conversation_id, asyncio.Lock()):  # one turn at a time per conversation
            log.info("turn started", extra={"conversation_id": conversation_id})
            gap = await self._gap(prompt)
            if gap is not None and gap.unavailable_servers:  # a wait, not a missing tool
                turn = TurnResult(
                    kind="error",
                    conversation_id=conversation_id,
                    correlation_id=correlation_id,
                    error=self._unavailable(gap.unavailable_servers),
                )
                await self._record(conversation_id, prompt, turn, None)
                return turn
            history = close_unanswered_calls(await self.load_history(conversation_id))
            if gap is not None:
                turn = TurnResult(
                    kind="tool_gap", conversation_id=conversation_id, correlation_id=correlation_id, gap=gap
                )
                self._conversations[conversation_id] = [*history, *gap_exchange(prompt, gap)]
                await self._record(conversation_id, prompt, turn, self.history(conversation_id))
                return turn
            return await self._run(
                conversation_id,
                correlation_id,
                prompt,
                prompt=prompt,
                history=history,
                label=prompt,
                on_event=on_event,
                on_text=on_text,
            )

    async def _record(
        self, conversation_id: str, label: str, turn: TurnResult, history: list[ModelMessage] | None
    ) -> None:
        """Keep the turn (and the history after it, when given) with the conversation, for every process."""
        try:
            await self.conversations.save(conversation_id, label, turn, history)
        except Exception as exc:  # noqa: BLE001 - the turn happened; losing its stored copy must not lose the answer
            log.warning("could not store the turn of conversation %s: %s", conversation_id, exc)

    async def _gap(self, prompt: str) -> ToolGapReport | None:
        with step_span(self.telemetry, "tool_gap_check"):
            try:
                gap = await self.gaps.detect_missing_tools(prompt)
            except Exception as exc:  # noqa: BLE001 - a failing check must not block the turn; the agent is honest too
                log.warning("tool-gap check failed, running the turn without it: %s", exc)
                return None
            if gap is not None:
                record_event(
                    "tool_gap_detected", missing_tools=gap.missing_tools, tools_checked=len(gap.existing_tools_checked)
                )
            return gap

    def _unavailable(self, names: list[str]) -> str:
        """What to do when the servers a request needs are configured but down: wait, or start them."""
        parts = []
        for name in names:
            state = self.servers.states[name].state if self.servers else "unavailable"
            if state == "stopped":
                parts.append(
                    f"The {name} server is stopped, so I can't do this now. Start it with "
                    f"`paias servers start {name}` (or on the Tools page) and ask again."
                )
            else:
                why = "failed to start" if state == "failed" else "stopped responding"
                wait = round(self.servers.reconnect_every) if self.servers else 30
                parts.append(
                    f"The {name} server {why} and is restarted automatically; try again in ~{wait} s. "
                    "`paias servers` (or the Tools page) shows why."
                )
        return " ".join(parts)

    def _reads_outside(self, tool: str) -> bool:
        """Whether a tool's result is outside text; the memory tools hold only what the person let in."""
        if tool in self._memory_tools.tools or self.servers is None:
            return False
        return self.servers.reads_outside(tool)

    async def _memory_knows(self, question: str) -> bool:
        """Whether the person's memory holds a hit relevant enough to answer ``question`` (the planner's bar)."""
        hits = await self.memory.semantic_search(question, top_k=1) if self.memory else []
        return bool(hits) and hits[0]["score"] >= self.settings.memory_min_score

    def _answer_stream(self, on_text: AnswerTexts | None) -> AnswerStream | None:
        """The handler that streams the answer to ``on_text``, when the model can stream (None: a plain run).

        A local server streams only with ``MODEL_STREAM`` on: llama-cpp-python's server cannot stream tool calls.
        """
        if on_text is None or isinstance(self.agent.model, str) or not can_stream(self.agent.model):
            return None
        target = None if self._model_override else model_target(self.settings)
        if target is not None and target.local and not self.settings.model_stream:
            return None
        return AnswerStream(on_text)

    async def _run(
        self,
        conversation_id: str,
        correlation_id: str,
        user_prompt: str | None,
        *,
        prompt: str,
        history: list[ModelMessage],
        label: str,
        results: DeferredToolResults | None = None,
        keep_history: bool = True,
        on_event: ToolEvents | None = None,
        decided: list[PendingApproval] | None = None,
        on_text: AnswerTexts | None = None,
    ) -> TurnResult:
        """One agent run (a new prompt, or a resume with decisions), then its result as a TurnResult, stored with the
        conversation under ``label``. ``keep_history=False`` stores the turn but leaves the conversation's history
        as it is (a resumed call the conversation had moved on from)."""
        deps = Deps(
            self.settings,
            conversation_id=conversation_id,
            correlation_id=correlation_id,
            memory=self.memory,
            risk_overrides=self.servers.risk_overrides() if self.servers else {},
            prompt=prompt,
            grants=await self.desk.granted(conversation_id),
            events=on_event,
            reads_outside=self._reads_outside,
            person=self.person.id,
        )
        try:
            result = await self._running.run(
                conversation_id,
                self.agent.run(
                    user_prompt,
                    deps=deps,
                    message_history=history,
                    deferred_tool_results=results,
                    usage_limits=usage_limits(self.settings),
                    event_stream_handler=self._answer_stream(on_text),
                ),
            )
        except Exception as exc:  # TurnStopped (Stop) included
            # Stopped or failed: what ran (and what Stop cut off) is kept as recorded and can still be taken back;
            # the history stays as it was before the turn, so the next prompt starts cleanly.
            stopped = isinstance(exc, TurnStopped)
            if stopped:
                log.info("turn stopped by the person", extra={"conversation_id": conversation_id})
            else:
                log.warning("turn failed: %r", exc, exc_info=True)
            turn = TurnResult(
                kind="error",
                conversation_id=conversation_id,
                correlation_id=correlation_id,
                error=STOPPED_MESSAGE
                if stopped
                else model_error_message(exc, None if self._model_override else model_target(self.settings)),
                stopped=stopped,
                tool_calls=deps.recorder.records,
                decided=decided or [],
            )
            await self._keep_undo(conversation_id, turn)
            await self._record(conversation_id, label, turn, None)
            return turn
        messages = result.all_messages()
        output = result.output
        if isinstance(output, DeferredToolRequests):
            turn = await self._pause(output, messages, result.all_messages_json(), conversation_id, correlation_id)
            turn = turn.model_copy(update={"tool_calls": deps.recorder.records})
        elif isinstance(output, ToolGapReport):  # the LLM concluded a gap itself, grounded (agent.ground_conclusion)
            record_event(
                "tool_gap_detected",
                missing_tools=output.missing_tools,
                tools_checked=len(output.existing_tools_checked),
            )
            turn = TurnResult(
                kind="tool_gap",
                conversation_id=conversation_id,
                correlation_id=correlation_id,
                gap=output,
                tool_calls=deps.recorder.records,
            )
        else:
            response = finalize_response(output, deps.recorder.records)
            if (
                not self.settings.is_offline
            ):  # an LLM's answer must match its tool results (agent_core.llm.answer_check)
                response = check_answer(response)
            response = await self._remember_web_answer(prompt, response)
            turn = TurnResult(
                kind="answer",
                conversation_id=conversation_id,
                correlation_id=correlation_id,
                response=response,
                tool_calls=response.tool_calls,
            )
        if decided:  # a resumed run: shown as the continuation of its approval card, not as a prompt
            turn = turn.model_copy(update={"decided": decided})
        if keep_history:
            self._conversations[conversation_id] = messages
        await self._keep_undo(conversation_id, turn)
        await self._record(conversation_id, label, turn, messages if keep_history else None)
        return turn

    async def _pause(
        self,
        output: DeferredToolRequests,
        messages: list[ModelMessage],
        history_json: bytes,
        conversation_id: str,
        correlation_id: str,
    ) -> TurnResult:
        """Hand a run that stopped for approval to the desk, with each call's risk and why it asks."""
        source = tainted_by(messages, self._reads_outside)
        pending = [self._pending(call, conversation_id, source) for call in output.approvals]
        targets = await self.targets.name_all([(p.tool_name, p.parameters) for p in pending])
        pending = [p.model_copy(update={"target": target}) for p, target in zip(pending, targets, strict=True)]
        return await self.desk.pause(pending, history_json, conversation_id, correlation_id)

    async def call_tool(self, tool: str, arguments: dict[str, Any]) -> Any:
        """Call a server's tool for this person, for the app itself (a page's list, a target's name): no turn
        records it, and no approval is asked — so only tools their server marks read-only.

        Raises:
            UnknownToolError: no ready server offers it (the page can say which server is down).
            NotAllowed: the tool may change something (it must go through a turn and its approval policy).
        """
        if self.servers is not None:
            await self.servers.settle()
            self.servers.route(tool)  # an unknown tool is unknown, not "not read-only"
        if self.servers is None or self.servers.annotations(tool).get("readOnlyHint") is not True:
            raise NotAllowed(f"{tool} is not a read-only tool; ask for it in the chat instead.")
        return await self._call_directly(tool, arguments)

    async def _call_directly(self, tool: str, arguments: dict[str, Any]) -> Any:
        """Call a server's tool for the app itself (a target's name): no turn records it."""
        if self.servers is None:
            raise PaiasError("the MCP servers are not running")
        with acting_for(self.person.id):
            return await self.servers.execute(tool, arguments)

    def _pending(self, call: ToolCallPart, conversation_id: str, tainted: str | None) -> PendingApproval:
        args = call.args_as_dict()
        overrides = self.servers.risk_overrides() if self.servers else {}
        annotations = self.servers.annotations(call.tool_name) if self.servers else {}
        risk = assess_risk(call.tool_name, args, annotations, overrides)
        reason = risk.reason
        if tainted and is_write(call.tool_name, annotations):
            reason = f"{taint_reason(tainted)} (otherwise: {risk.reason})"
        return PendingApproval(
            id=call.tool_call_id,  # replaced by the store's own id when it is saved
            tool_name=call.tool_name,
            parameters=args,
            risk_level=risk.level,
            reason=reason,
            conversation_id=conversation_id,
            tool_call_id=call.tool_call_id,
        )

    async def resume_run(
        self,
        conversation_id: str,
        correlation_id: str,
        *,
        prompt: str,
        history: list[ModelMessage],
        label: str,
        results: DeferredToolResults,
        keep_history: bool,
        decided: list[PendingApproval] | None = None,
    ) -> TurnResult:
        """Run a paused run on with the person's decisions (the desk calls this, in exactly one process); the turn
        carries ``decided``, the decisions in their final state, and is stored with them."""
        if self.servers is not None:
            await self.servers.settle()  # no gap check ran first: a server still starting must be offered too
        return await self._run(
            conversation_id,
            correlation_id,
            None,
            prompt=prompt,
            history=history,
            label=label,
            results=results,
            keep_history=keep_history,
            decided=decided,
        )

    # The approval API, kept on the runtime for the UI and the CLI; the desk does the work.

    async def proposals(
        self, conversation_id: str | None = None, status: str | None = "pending"
    ) -> list[PendingApproval]:
        """This person's approvals, newest first: waiting ones by default (``status=None`` for all)."""
        return await self.approvals.list(conversation_id, status=status)

    async def queue(self) -> list[PendingApproval]:
        """What waits for this person to decide: everyone's waiting calls for an approver (each naming who asked),
        otherwise their own."""
        if self.person.approver:
            return await everyones_pending(self._shared_memory.pool)
        return await self.approvals.list()

    async def approve(
        self,
        approval_id: str,
        override_args: dict[str, Any] | None = None,
        *,
        always: bool = False,
        by: str = "app",
        retry: bool = False,
    ) -> TurnResult:
        """See ``ApprovalDesk.approve``, decided by this person through ``by`` (browser, cli, ...): their own call,
        or anyone's for an approver; irreversible ones only by an approver once APPROVERS is set. Never raises for
        a bad id, someone else's id, a refused decision or a second decision: see ``TurnResult.error``."""
        decider = self.person.acting(by)
        try:
            owner = await self._deciding(approval_id, approving=True)
        except PaiasError as exc:
            return TurnResult(kind="error", correlation_id=uuid.uuid4().hex[:16], error=str(exc))
        return await owner.desk.approve(
            approval_id, override_args, always=always, by=decider.decided_by, retry=retry, by_id=self._decider_id
        )

    async def reject(self, approval_id: str, reason: str | None = None, *, by: str = "app") -> TurnResult:
        """See ``ApprovalDesk.reject``: the model is told it was not run and why. The owner or an approver."""
        decider = self.person.acting(by)
        try:
            owner = await self._deciding(approval_id, approving=False)
        except PaiasError as exc:
            return TurnResult(kind="error", correlation_id=uuid.uuid4().hex[:16], error=str(exc))
        return await owner.desk.reject(approval_id, reason, by=decider.decided_by, by_id=self._decider_id)

    @property
    def _decider_id(self) -> str | None:
        return self.person.id if self.person.signed_in else None

    async def _deciding(self, approval_id: str, *, approving: bool) -> AgentRuntime:
        """The runtime of the person whose call this is, once this person may decide it (it resumes as them)."""
        owner = await may_decide(
            self._shared_memory.pool, approval_id, self.person, self.approvers, approving=approving
        )
        if owner.user_id == self.person.id:
            return self
        return self.for_person(Person(id=owner.user_id, name=owner.email or owner.user_id, signed_in=True))

    async def audit(self, **filters: Any) -> list[AuditRow]:
        """The approval record this person may see (everyone's for an approver); see ``agent_core.approvals.audit``."""
        return await AuditLog(self._shared_memory.pool).rows(self.person, **filters)

    async def audit_tools(self) -> list[str]:
        """The tools named in the approval record this person may see (the audit's filter choices)."""
        return await AuditLog(self._shared_memory.pool).tools(self.person)

    async def delete_conversation(self, conversation_id: str, by: str = "app") -> bool:
        """Delete a conversation; calls still waiting in it are rejected without running anything."""
        by = self.person.acting(by).decided_by
        await self.desk.withdraw(conversation_id, by, "the conversation was deleted")
        self._conversations.pop(conversation_id, None)
        return await self.conversations.delete(conversation_id)

    async def _keep_undo(self, conversation_id: str, turn: TurnResult) -> None:
        try:
            await self.undo_log.remember(conversation_id, turn.tool_calls, turn.decided)
        except Exception as exc:  # noqa: BLE001 - the write happened; only its Undo button is lost
            log.warning("could not keep the undo of this turn's writes: %s", exc)

    async def undoable(self, conversation_id: str | None = None) -> UndoAction | None:
        """The newest write that can still be undone (in one conversation, or in any)."""
        return await self.undo_log.latest(conversation_id)

    async def undo(self, conversation_id: str | None = None, *, by: str = "app") -> TurnResult:
        """Take back the newest reversible write not yet undone (of one conversation, or of any), exactly once.

        Never raises for nothing-to-undo or a failing undo call: see ``TurnResult.error``.
        """
        by = self.person.acting(by).decided_by  # who undid it, as the audit names people
        with correlated(uuid.uuid4().hex[:16]) as correlation_id:
            action = await self.undo_log.latest(conversation_id)
            where = " in this conversation" if conversation_id else ""
            if action is None:
                return TurnResult(
                    kind="error",
                    conversation_id=conversation_id,
                    correlation_id=correlation_id,
                    error=f"There is nothing to undo{where}: no change made by the assistant is left to take back.",
                )
            if not await self.undo_log.claim(action.id, by):
                return TurnResult(
                    kind="error",
                    conversation_id=action.conversation_id,
                    correlation_id=correlation_id,
                    error=f"That change was undone already ({action.summary}).",
                )
            recorder = ToolCallRecorder()
            try:
                await self._run_inverse(action, recorder, correlation_id)
            except Exception as exc:  # noqa: BLE001 - a failed undo leaves the change in place and says why
                await self.undo_log.release(action.id)
                reason = getattr(exc, "message", None) or str(exc)
                turn = TurnResult(
                    kind="error",
                    conversation_id=action.conversation_id,
                    correlation_id=correlation_id,
                    error=f"Could not undo ({action.summary}): {reason}. Nothing was changed; try again later.",
                    tool_calls=recorder.records,
                )
            else:
                response = AgentResponse(
                    answer=f"Undone: {action.summary}.",
                    reasoning=f"You asked to undo the last change ({action.tool_name}); I ran {action.inverse_tool}.",
                    tool_calls=recorder.records,
                    confidence=1.0,
                )
                turn = TurnResult(
                    kind="answer",
                    conversation_id=action.conversation_id,
                    correlation_id=correlation_id,
                    response=response,
                    tool_calls=recorder.records,
                )
            log.info("undo of %s by %s: %s", action.tool_name, by, turn.kind)
            if action.conversation_id:
                await self._record(action.conversation_id, f"Undo: {action.summary}", turn, None)
            return turn

    async def _run_inverse(self, action: UndoAction, recorder: ToolCallRecorder, correlation_id: str) -> None:
        if action.inverse_tool == FORGET_MEMORY:
            memory_id = str(action.inverse_arguments.get("memory_id", ""))

            async def forget() -> dict[str, Any]:
                if not await self.memory.delete_document(memory_id):
                    raise InputError(f"the memory {memory_id} no longer exists")
                return {"forgotten": memory_id}

            await call_recorded(
                forget,
                tool=FORGET_MEMORY,
                args=action.inverse_arguments,
                server="memory",
                timeout=self.settings.tool_timeout,
                recorder=recorder,
                correlation_id=correlation_id,
            )
            return
        with acting_for(self.person.id):
            await self.servers.execute(
                action.inverse_tool, action.inverse_arguments, correlation_id=correlation_id, recorder=recorder
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
        items = [item for r in searches for item in result_items(r.result)]
        if looks_like_instruction(response.answer) or any(
            looks_like_instruction(str(i.get("snippet", ""))) for i in items
        ):
            log.info("a web result reads like instructions; the answer is not stored in memory")
            return response.model_copy(
                update={
                    "reasoning": f"{response.reasoning} A web result read like instructions, so I did not store it."
                }
            )
        urls = [item["url"] for item in items if item.get("url")]
        now = datetime.now(UTC).isoformat()
        metadata = {
            "topic": topic_of(prompt),
            "question": prompt[:500],
            "source": "web_search",
            "timestamp": now,
            "retrieved_at": now,
            "unverified": True,  # a snippet, not something the person checked
            "urls": urls[:5],
        }
        try:
            memory_id = await self.memory.store_document(f"{prompt}\n{response.answer}", metadata)
        except Exception as exc:  # noqa: BLE001 - failing to remember must not lose the answer
            log.warning("could not store the web-backed answer: %s", exc)
            return response
        note = f" I stored this web-backed answer in memory (id {memory_id}) for next time."
        return response.model_copy(update={"reasoning": response.reasoning + note})
