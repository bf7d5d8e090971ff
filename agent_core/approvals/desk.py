"""The approval desk: store a paused run, decide its calls, resume it exactly once, run an unknown outcome again.

It works by composition: the ``ApprovalStore`` keeps the calls, the ``GrantStore`` the "always allow here" grants,
a ``Runner`` (the runtime) runs the resumed turn, and ``name_target`` (``targets.TargetNamer.name``) names what
edited arguments act on. Nothing here knows about MCP servers: the runtime builds the pending calls (risk, taint,
target) before it hands a paused run over.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from pydantic_ai.messages import ModelMessage, ModelMessagesTypeAdapter

from agent_core.approvals.decisions import decision_label, decision_results, schema_problem
from agent_core.approvals.grants import GrantStore
from agent_core.approvals.store import ApprovalStore, StoredApproval, UnknownApproval
from agent_core.errors import InputError, PaiasError
from agent_core.schemas import PendingApproval, RiskLevel, TurnResult
from agent_core.telemetry import agent_run_span, record_event
from agent_core.telemetry.logs import correlated
from agent_core.turns import finish_span, last_prompt

if TYPE_CHECKING:
    from pydantic_ai import DeferredToolResults

    from agent_core.orchestrator import ToolInfo
    from agent_core.telemetry import Telemetry

log = logging.getLogger(__name__)


class Runner(Protocol):
    """What the desk needs from whoever runs turns (the runtime)."""

    telemetry: Telemetry | None

    async def load_history(self, conversation_id: str) -> list[ModelMessage]: ...

    async def tools(self) -> list[ToolInfo]: ...

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
        decided: list[PendingApproval],
    ) -> TurnResult: ...


NameTarget = Callable[[str, dict[str, Any]], Awaitable[str | None]]


class ApprovalDesk:
    """Approve, reject, retry and list; pauses and resumes runs through its ``Runner``."""

    def __init__(
        self, store: ApprovalStore, grants: GrantStore, runner: Runner, name_target: NameTarget | None = None
    ) -> None:
        self.store = store
        self.grants = grants
        self.runner = runner
        self.name_target = name_target

    async def granted(self, conversation_id: str) -> frozenset[str]:
        """The tools always allowed in this conversation (empty when they cannot be read: every such call asks)."""
        try:
            return frozenset(g.tool_name for g in await self.grants.grants(conversation_id))
        except Exception as exc:  # noqa: BLE001 - without the grants every such call simply asks
            log.warning("could not read this conversation's grants: %s", exc)
            return frozenset()

    async def pause(
        self, pending: list[PendingApproval], history_json: bytes, conversation_id: str, correlation_id: str
    ) -> TurnResult:
        """Store the calls that wait for a person, with the run's history, so any process can resume it."""
        try:
            stored = await self.store.create(pending, history_json, correlation_id=correlation_id)
        except Exception as exc:  # noqa: BLE001 - nothing ran; say so rather than lose the request silently
            log.warning("could not store the pending approval: %r", exc)
            return TurnResult(
                kind="error",
                conversation_id=conversation_id,
                correlation_id=correlation_id,
                error=f"{pending[0].tool_name} needs your approval, but the approval could not be saved ({exc}). "
                "Nothing was run. Check the database and ask again.",
            )
        return TurnResult(
            kind="approval_required", conversation_id=conversation_id, correlation_id=correlation_id, pending=stored
        )

    async def proposals(
        self, conversation_id: str | None = None, status: str | None = "pending"
    ) -> list[PendingApproval]:
        """Approvals, newest first: waiting ones by default (``status=None`` for all)."""
        return await self.store.list(conversation_id, status=status)

    async def withdraw(self, conversation_id: str, by: str, reason: str) -> None:
        """Reject every call still waiting in a conversation, without running anything."""
        for item in await self.store.list(conversation_id):
            try:
                await self.store.decide(item.id, approve=False, decided_by=by, reason=reason)
            except PaiasError:  # decided meanwhile elsewhere: nothing left to withdraw
                continue

    async def approve(
        self,
        approval_id: str,
        override_args: dict[str, Any] | None = None,
        *,
        always: bool = False,
        by: str = "app",
        retry: bool = False,
        by_id: str | None = None,
    ) -> TurnResult:
        """Approve a waiting call (optionally with edited arguments) and resume its run once every call of that run
        is decided. ``always`` also allows the tool for the rest of the conversation (reversible_with_delay only).
        ``retry`` runs an approved call whose outcome is unknown (its process died) again: only when asked.
        Never raises for a bad id or a second decision: see ``TurnResult.error``."""
        if retry:
            return await self._retry(approval_id, by)
        return await self._decide(
            approval_id, approve=True, override_args=override_args, always=always, by=by, decided_by_id=by_id
        )

    async def _retry(self, approval_id: str, by: str) -> TurnResult:
        with (
            correlated(uuid.uuid4().hex[:16]) as correlation_id,
            agent_run_span(
                self.runner.telemetry, task_description=f"retry {approval_id}", correlation_id=correlation_id
            ) as span,
        ):
            try:
                group = await self.store.claim_retry(approval_id)
            except PaiasError as exc:
                turn = TurnResult(kind="error", correlation_id=correlation_id, error=str(exc))
            else:
                log.info("approval %s run again by %s", approval_id, by)
                record_event("approval_retried", approval_id=approval_id, decided_by=by)
                turn = await self._resume(group, correlation_id, claimed=True)
            finish_span(span, turn)
            return turn

    async def reject(
        self, approval_id: str, reason: str | None = None, *, by: str = "app", by_id: str | None = None
    ) -> TurnResult:
        """Reject a waiting call; the model is told it was not run and why, and the run finishes without it.
        ``by`` names the decider as people read it; ``by_id`` is their verified identity (None: single-person)."""
        return await self._decide(approval_id, approve=False, reason=reason, by=by, decided_by_id=by_id)

    async def _decide(self, approval_id: str, *, approve: bool, by: str, **decision: Any) -> TurnResult:
        verb = "approve" if approve else "reject"
        with (
            correlated(uuid.uuid4().hex[:16]) as correlation_id,
            agent_run_span(
                self.runner.telemetry, task_description=f"{verb} {approval_id}", correlation_id=correlation_id
            ) as span,
        ):
            turn = await self._decide_in_span(
                approval_id, approve=approve, by=by, correlation_id=correlation_id, **decision
            )
            finish_span(span, turn)
            return turn

    async def _decide_in_span(
        self, approval_id: str, *, approve: bool, by: str, correlation_id: str, **decision: Any
    ) -> TurnResult:
        always = decision.pop("always", False)
        try:
            if decision.get("override_args") is not None:
                await self._check_arguments(approval_id, decision["override_args"])  # before the approval is used
            if always:
                await self._check_grantable(approval_id)  # before deciding: a refused grant decides nothing
            if approve and decision.get("override_args") is not None:  # named before it runs (and maybe deletes it)
                decision["ran_target"] = await self._ran_target(approval_id, decision["override_args"])
            made = await self.store.decide(approval_id, approve=approve, decided_by=by, **decision)
        except PaiasError as exc:
            return TurnResult(kind="error", correlation_id=correlation_id, error=str(exc))
        if always:  # only once this decision was the one that counted
            item = made.approval.approval
            await self.grants.grant(item.conversation_id, item.tool_name, item.risk_level, by)
        verb = "approved" if approve else "rejected"
        log.info("approval %s %s by %s", approval_id, verb, by, extra={"tool": made.approval.approval.tool_name})
        record_event(
            "approval_decided",
            approval_id=approval_id,
            decision=verb,
            decided_by=by,
            tool_name=made.approval.approval.tool_name,
            risk_level=made.approval.approval.risk_level.value,
        )
        conversation_id = made.approval.approval.conversation_id
        if not made.group_complete:
            waiting = [row.approval for row in made.group if row.approval.status == "pending"]
            return TurnResult(
                kind="approval_required",
                conversation_id=conversation_id,
                correlation_id=correlation_id,
                pending=waiting,
                decided=[made.approval.approval],  # recorded; it runs with the others once they are decided
            )
        return await self._resume(made.group, correlation_id)

    async def _check_arguments(self, approval_id: str, arguments: Any) -> None:
        """Raises InputError (one line) unless edited arguments fit the tool's input schema."""
        if not isinstance(arguments, dict):
            return  # the store explains what an argument object must look like
        stored = await self.store.get(approval_id)
        if stored is None:
            return  # unknown ids are reported by the store
        schema = next((t.input_schema for t in await self.runner.tools() if t.name == stored.approval.tool_name), None)
        if schema and (problem := schema_problem(schema, arguments)):
            raise InputError(
                f"The edited arguments do not fit {stored.approval.tool_name}: {problem}. The call still waits; "
                "fix the arguments and approve again."
            )

    async def _ran_target(self, approval_id: str, arguments: Any) -> str | None:
        """What edited arguments act on, named the way the paused call's target was (None if it cannot be)."""
        stored = await self.store.get(approval_id)
        if stored is None or not isinstance(arguments, dict):
            return None
        if arguments == stored.approval.parameters:
            return stored.approval.target
        if self.name_target is None:
            return None
        return await self.name_target(stored.approval.tool_name, arguments)

    async def _check_grantable(self, approval_id: str) -> None:
        """Raises unless the approval exists and its tool may be always allowed (reversible_with_delay only)."""
        stored = await self.store.get(approval_id)
        if stored is None:
            raise UnknownApproval(approval_id)
        item = stored.approval
        if item.risk_level is not RiskLevel.REVERSIBLE_WITH_DELAY:
            raise InputError(
                f"'Always allow' is only for reversible_with_delay tools; {item.tool_name} is {item.risk_level.value} "
                "and asks every time."
            )

    async def _resume(self, group: list[StoredApproval], correlation_id: str, claimed: bool = False) -> TurnResult:
        """Resume a paused run from its stored history with the decisions, in exactly one process."""
        first = group[0]
        conversation_id = first.approval.conversation_id
        if not claimed and not await self.store.claim_resume(first.group_key):
            return TurnResult(
                kind="error",
                conversation_id=conversation_id,
                correlation_id=correlation_id,
                error=f"The run of approval {first.id} is being resumed by another process; see `paias proposals --all`.",
            )
        history = ModelMessagesTypeAdapter.validate_json(first.history_json)
        # If the conversation moved on while the call waited, its history stays as it is; the resumed result is
        # still shown in the conversation and kept on the approval.
        current = await self.runner.load_history(conversation_id)
        decided = [row.approval for row in group]
        turn = await self.runner.resume_run(
            conversation_id,
            correlation_id,
            prompt=last_prompt(history),
            history=history,
            label=decision_label(decided),  # kept for exports and the CLI; a UI shows ``decided`` instead
            results=decision_results(group),
            keep_history=not current or len(current) == len(history),
            decided=decided,
        )
        try:
            await self.store.record_outcome(first.group_key, turn.to_public_json())
        except Exception as exc:  # noqa: BLE001 - the call ran; losing the stored copy of its result is not fatal
            log.warning("could not record the outcome of approval %s: %s", first.id, exc)
        return turn
