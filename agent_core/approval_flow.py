"""The approval half of a turn: store a paused run, decide its calls, resume it exactly once.

``AgentRuntime`` inherits this; it relies on the runtime's ``approvals`` store, ``servers`` and ``_run``. Kept
apart so each module reads as one idea: runtime.py runs turns, this file pauses and resumes them.
"""

from __future__ import annotations

import contextlib
import logging
import uuid
from typing import TYPE_CHECKING, Any

from pydantic_ai import DeferredToolRequests
from pydantic_ai.messages import ModelMessage, ModelMessagesTypeAdapter

from agent_core.approvals import ApprovalStore, StoredApproval, UnknownApproval
from agent_core.conversations import ConversationStore
from agent_core.errors import InputError, PaiasError
from agent_core.logs import correlated
from agent_core.risk import assess_risk, is_write
from agent_core.schemas import PendingApproval, RiskLevel, TurnResult
from agent_core.taint import taint_reason, tainted_by
from agent_core.telemetry import agent_run_span, record_event
from agent_core.turns import decision_results, finish_span, last_prompt, schema_problem

if TYPE_CHECKING:
    from pydantic_ai import DeferredToolResults

    from agent_core.orchestrator import Orchestrator, ToolInfo
    from agent_core.telemetry import Telemetry

log = logging.getLogger(__name__)


class ApprovalFlow:
    """Pause, decide and resume; mixed into ``AgentRuntime``."""

    approvals: ApprovalStore
    servers: Orchestrator | None
    _conversations: dict[str, list[ModelMessage]]
    conversations: ConversationStore
    telemetry: Telemetry | None

    if TYPE_CHECKING:  # provided by AgentRuntime

        async def load_history(self, conversation_id: str) -> list[ModelMessage]: ...

        async def tools(self) -> list[ToolInfo]: ...

        def _reads_outside(self, tool: str) -> bool: ...

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
        ) -> TurnResult: ...

    async def _grants(self, conversation_id: str) -> frozenset[str]:
        try:
            return frozenset(g.tool_name for g in await self.approvals.grants(conversation_id))
        except Exception as exc:  # noqa: BLE001 - without the grants every such call simply asks
            log.warning("could not read this conversation's grants: %s", exc)
            return frozenset()

    async def _pause(
        self,
        output: DeferredToolRequests,
        messages: list[ModelMessage],
        history_json: bytes,
        conversation_id: str,
        correlation_id: str,
    ) -> TurnResult:
        """Store the calls that wait for a person, with the run's history, so any process can resume it."""
        source = tainted_by(messages, self._reads_outside)
        pending = [self._pending(call, conversation_id, source) for call in output.approvals]
        try:
            stored = await self.approvals.create(pending, history_json, correlation_id=correlation_id)
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
        return await self.approvals.list(conversation_id, status=status)

    async def delete_conversation(self, conversation_id: str, by: str = "app") -> bool:
        """Delete a conversation; calls still waiting in it are rejected without running anything."""
        for item in await self.approvals.list(conversation_id):
            with contextlib.suppress(PaiasError):  # decided meanwhile elsewhere: nothing left to withdraw
                await self.approvals.decide(
                    item.id, approve=False, decided_by=by, reason="the conversation was deleted"
                )
        self._conversations.pop(conversation_id, None)
        return await self.conversations.delete(conversation_id)

    async def approve(
        self,
        approval_id: str,
        override_args: dict[str, Any] | None = None,
        *,
        always: bool = False,
        by: str = "app",
        retry: bool = False,
    ) -> TurnResult:
        """Approve a waiting call (optionally with edited arguments) and resume its run once every call of that run
        is decided. ``always`` also allows the tool for the rest of the conversation (reversible_with_delay only).
        ``retry`` runs an approved call whose outcome is unknown (its process died) again: only when asked.
        Never raises for a bad id or a second decision: see ``TurnResult.error``."""
        if retry:
            return await self._retry(approval_id, by)
        return await self._decide(approval_id, approve=True, override_args=override_args, always=always, by=by)

    async def _retry(self, approval_id: str, by: str) -> TurnResult:
        with (
            correlated(uuid.uuid4().hex[:16]) as correlation_id,
            agent_run_span(
                self.telemetry, task_description=f"retry {approval_id}", correlation_id=correlation_id
            ) as span,
        ):
            try:
                group = await self.approvals.claim_retry(approval_id)
            except PaiasError as exc:
                turn = TurnResult(kind="error", correlation_id=correlation_id, error=str(exc))
            else:
                log.info("approval %s run again by %s", approval_id, by)
                record_event("approval_retried", approval_id=approval_id, decided_by=by)
                turn = await self._resume(group, correlation_id, claimed=True)
            finish_span(span, turn)
            return turn

    async def reject(self, approval_id: str, reason: str | None = None, *, by: str = "app") -> TurnResult:
        """Reject a waiting call; the model is told it was not run and why, and the run finishes without it."""
        return await self._decide(approval_id, approve=False, reason=reason, by=by)

    async def _decide(self, approval_id: str, *, approve: bool, by: str, **decision: Any) -> TurnResult:
        verb = "approve" if approve else "reject"
        with (
            correlated(uuid.uuid4().hex[:16]) as correlation_id,
            agent_run_span(
                self.telemetry, task_description=f"{verb} {approval_id}", correlation_id=correlation_id
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
            made = await self.approvals.decide(approval_id, approve=approve, decided_by=by, **decision)
        except PaiasError as exc:
            return TurnResult(kind="error", correlation_id=correlation_id, error=str(exc))
        if always:  # only once this decision was the one that counted
            item = made.approval.approval
            await self.approvals.grant(item.conversation_id, item.tool_name, item.risk_level, by)
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
            )
        return await self._resume(made.group, correlation_id)

    async def _check_arguments(self, approval_id: str, arguments: Any) -> None:
        """Raises InputError (one line) unless edited arguments fit the tool's input schema."""
        if not isinstance(arguments, dict):
            return  # the store explains what an argument object must look like
        stored = await self.approvals.get(approval_id)
        if stored is None or self.servers is None:
            return  # unknown ids are reported by the store
        schema = next((t.input_schema for t in await self.tools() if t.name == stored.approval.tool_name), None)
        if schema and (problem := schema_problem(schema, arguments)):
            raise InputError(
                f"The edited arguments do not fit {stored.approval.tool_name}: {problem}. The call still waits; "
                "fix the arguments and approve again."
            )

    async def _check_grantable(self, approval_id: str) -> None:
        """Raises unless the approval exists and its tool may be always allowed (reversible_with_delay only)."""
        stored = await self.approvals.get(approval_id)
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
        if not claimed and not await self.approvals.claim_resume(first.group_key):
            return TurnResult(
                kind="error",
                conversation_id=conversation_id,
                correlation_id=correlation_id,
                error=f"The run of approval {first.id} is being resumed by another process; see `paias proposals --all`.",
            )
        history = ModelMessagesTypeAdapter.validate_json(first.history_json)
        # If the conversation moved on while the call waited, its history stays as it is; the resumed result is
        # still shown in the conversation and kept on the approval.
        current = await self.load_history(conversation_id)
        decisions = ", ".join(f"{row.approval.status} `{row.id}` ({row.approval.tool_name})" for row in group)
        turn = await self._run(
            conversation_id,
            correlation_id,
            None,
            prompt=last_prompt(history),
            history=history,
            label=decisions[0].upper() + decisions[1:],
            results=decision_results(group),
            keep_history=not current or len(current) == len(history),
        )
        try:
            await self.approvals.record_outcome(first.group_key, turn.to_public_json())
        except Exception as exc:  # noqa: BLE001 - the call ran; losing the stored copy of its result is not fatal
            log.warning("could not record the outcome of approval %s: %s", first.id, exc)
        return turn

    def _pending(self, call: Any, conversation_id: str, tainted: str | None) -> PendingApproval:
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
