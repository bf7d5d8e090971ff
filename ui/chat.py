"""Rendering of chat turns: answers, confidence, reasoning, tool calls, errors, tool gaps and approval cards."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Protocol

import streamlit as st

from agent_core.approvals.decisions import parse_arguments
from agent_core.errors import InputError
from agent_core.gaps import gap_guidance
from agent_core.schemas import AgentResponse, PendingApproval, RiskLevel, ToolCallRecord, ToolGapReport, TurnResult


def _preview(value: Any, limit: int = 80) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def confidence_badge(confidence: float) -> None:
    """Green from 0.8, orange from 0.5, red below."""
    color = "green" if confidence >= 0.8 else "orange" if confidence >= 0.5 else "red"
    st.badge(f"confidence {confidence:.2f}", color=color)


def render_response(response: AgentResponse) -> None:
    """The answer as Markdown (HTML is never rendered), then confidence, reasoning and the tool calls."""
    st.markdown(response.answer)
    confidence_badge(response.confidence)
    with st.expander("Reasoning"):
        st.markdown(response.reasoning)
    render_calls(response.tool_calls)


def render_calls(calls: list[ToolCallRecord], caption: str | None = None) -> None:
    """The tool calls that ran, as a table, with their full results behind an expander."""
    if calls:
        if caption:
            st.caption(caption)
        st.dataframe(
            [
                {
                    "tool": call.tool_name,
                    "parameters": json.dumps(call.parameters, ensure_ascii=False),
                    "status": call.status.value,
                    "duration (ms)": call.duration_ms,
                    "result": _preview(call.result if call.result is not None else call.error),
                }
                for call in calls
            ],
            hide_index=True,
            width="stretch",
        )
        with st.expander("Full tool results"):
            for call in calls:
                st.caption(f"{call.tool_name} · {call.status.value} · {call.duration_ms} ms")
                st.json(call.result if call.result is not None else {"error": call.error})


class ApprovalActions(Protocol):
    """What the approval card's buttons do (the page calls the runtime, then reruns)."""

    def approve(self, approval_id: str, override_args: dict[str, Any] | None, always: bool) -> None: ...

    def reject(self, approval_id: str, reason: str | None) -> None: ...

    def retry(self, approval_id: str) -> None: ...


def render_approval(item: PendingApproval, current: PendingApproval | None, actions: ApprovalActions | None) -> None:
    """One call that waits for a decision: tool, editable arguments, risk and why, and the decisions allowed."""
    state = current or item
    with st.container(border=True):
        st.markdown(f"**Approval needed:** `{item.tool_name}` — risk **{item.risk_level.value}**")
        st.caption(f"Why: {item.reason}. Approval id `{item.id}`.")
        if state.status != "pending" or actions is None:
            st.code(json.dumps(item.parameters, indent=2, ensure_ascii=False), language="json")
            if state.status != "pending":
                when = f" at {state.decided_at:%Y-%m-%d %H:%M UTC}" if state.decided_at else ""
                st.info(f"{state.status.capitalize()} by {state.decided_by}{when}.")
            if state.outcome_unknown:
                st.warning(
                    "Approved — outcome unknown: the run stopped before it reported back, so whether this call ran "
                    "is not known. Check first (for tasks: ask 'show my tasks'), then run it again if it did not."
                )
                if actions is not None and st.button("Run it again", key=f"retry-{item.id}"):
                    actions.retry(item.id)
            return
        original = json.dumps(item.parameters, indent=2, ensure_ascii=False)
        edited = st.text_area("Arguments (JSON, editable)", original, key=f"args-{item.id}", height=110)
        reason = st.text_input("Reason, if you reject (the assistant reads it)", key=f"reason-{item.id}")
        approve, reject, always = st.columns(3)
        clicked_approve = approve.button("Approve", key=f"approve-{item.id}", type="primary")
        clicked_always = item.risk_level is RiskLevel.REVERSIBLE_WITH_DELAY and always.button(
            "Always allow here",
            key=f"always-{item.id}",
            help=f"Run {item.tool_name} without asking in this conversation",
        )
        if reject.button("Reject", key=f"reject-{item.id}"):
            actions.reject(item.id, reason.strip() or None)
        if clicked_approve or clicked_always:
            try:
                args = parse_arguments(edited)
            except InputError as exc:
                st.error(f"{exc} Nothing was run; fix the arguments and approve again.")
                return
            actions.approve(item.id, None if args == item.parameters else args, bool(clicked_always))


def render_gap(gap: ToolGapReport) -> None:
    """The honest "I can't": what is missing, what was checked, what to do."""
    with st.container(border=True):
        st.warning(f"Missing capability: {', '.join(gap.missing_tools)}")
        st.text(gap_guidance(gap))
        with st.expander(f"Tools checked ({len(gap.existing_tools_checked)})"):
            st.write(", ".join(gap.existing_tools_checked) or "none")


def render_turn(
    turn: TurnResult,
    approvals: Mapping[str, PendingApproval] | None = None,
    actions: ApprovalActions | None = None,
) -> None:
    """One assistant turn, whatever its kind. ``approvals`` has each approval's current state (decisions made
    elsewhere show up); ``actions`` makes the approval cards clickable."""
    if turn.kind == "error":
        st.error(turn.error or "The turn failed.")
        render_calls(turn.tool_calls, "These calls ran before it failed:")
    elif turn.kind == "approval_required":
        render_calls(turn.tool_calls, "Already ran:")
        for item in turn.pending:
            render_approval(item, (approvals or {}).get(item.id), actions)
    elif turn.kind == "tool_gap" and turn.gap:
        render_gap(turn.gap)
    elif turn.response:
        render_response(turn.response)
