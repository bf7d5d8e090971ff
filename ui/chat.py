"""Rendering of chat turns: answers, confidence, reasoning, tool calls, errors, tool gaps and approval cards.

Everything shown comes from the records (the calls that ran, the approval as decided), never from what a model
said about them; text written for the model (e.g. why a call was denied) never shows.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping
from typing import Any, Protocol

import streamlit as st

from agent_core.approvals.decisions import decision_summary, parse_arguments
from agent_core.errors import InputError
from agent_core.gaps import gap_guidance
from agent_core.schemas import AgentResponse, PendingApproval, RiskLevel, ToolCallRecord, ToolGapReport, TurnResult
from ui.answers import render_markdown

_HIDDEN_RESULT_KEYS = {"undo", "previous"}  # bookkeeping for undo, not what the call returned


def _preview(value: Any, limit: int = 80) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def arguments_text(parameters: Mapping[str, Any]) -> str:
    """ "task_id=3, status=pending": arguments as a person reads them."""
    return ", ".join(f"{k}={_preview(v, 40)}" for k, v in parameters.items()) or "—"


def result_text(result: Any, limit: int = 80) -> str:
    """A one-line summary of a tool result: its scalar fields, or how many items a list holds."""
    if isinstance(result, dict):
        lists = [v for v in result.values() if isinstance(v, list)]
        if len(lists) == 1 and len(result) <= 2:
            return f"{len(lists[0])} item{'s' if len(lists[0]) != 1 else ''}"
        shown = {k: v for k, v in result.items() if k not in _HIDDEN_RESULT_KEYS and v not in (None, "", [], {})}
        scalars = [f"{k}: {v}" for k, v in shown.items() if not isinstance(v, dict | list) and not k.endswith("_at")]
        return _preview("; ".join(scalars) or shown, limit)
    if isinstance(result, list):
        return f"{len(result)} item{'s' if len(result) != 1 else ''}"
    return _preview(result if result is not None else "", limit)


def confidence_badge(confidence: float) -> None:
    """Green from 0.8, orange from 0.5, red below."""
    color = "green" if confidence >= 0.8 else "orange" if confidence >= 0.5 else "red"
    st.badge(f"confidence {confidence:.2f}", color=color)


def render_response(response: AgentResponse, *, compact: bool = False) -> None:
    """The answer as Markdown (HTML is never rendered), then confidence, reasoning and the tool calls; ``compact``
    (an older turn) shows the answer and a one-line record of the calls."""
    render_markdown(response.answer)
    if compact:
        if response.tool_calls:
            st.caption("Tools: " + ", ".join(f"{c.tool_name} ({c.status.value})" for c in response.tool_calls))
        return
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
                    "arguments": arguments_text(call.parameters),
                    "status": call.status.value,
                    "ms": call.duration_ms,
                    "result": result_text(call.result) if call.result is not None else (call.error or ""),
                }
                for call in calls
            ],
            hide_index=True,
            width="stretch",
        )
        with st.expander("Full tool results"):
            for call in calls:
                st.caption(f"{call.tool_name} · {call.status.value} · {call.duration_ms} ms")
                if isinstance(call.result, str):
                    st.code(call.result, language=None, wrap_lines=True)
                else:
                    st.json(call.result if call.result is not None else {"error": call.error}, expanded=1)


class ApprovalActions(Protocol):
    """What the approval card's buttons do (the page calls the runtime, then reruns)."""

    def approve(self, approval_id: str, override_args: dict[str, Any] | None, always: bool) -> None: ...

    def reject(self, approval_id: str, reason: str | None) -> None: ...

    def retry(self, approval_id: str) -> None: ...


class BrowserDecisions:
    """The approval card's buttons for a page: decide in the browser as the page's person (``runtime`` is their
    view), then hand the resulting turn to ``done`` (each page says what happened its own way)."""

    def __init__(self, handle: Any, runtime: Any, done: Any) -> None:
        self.handle, self.runtime, self.done = handle, runtime, done

    def approve(self, approval_id: str, override_args: dict[str, Any] | None, always: bool) -> None:
        self.done(self.handle.call(self.runtime.approve(approval_id, override_args, always=always, by="browser")))

    def reject(self, approval_id: str, reason: str | None) -> None:
        self.done(self.handle.call(self.runtime.reject(approval_id, reason, by="browser")))

    def retry(self, approval_id: str) -> None:
        self.done(self.handle.call(self.runtime.approve(approval_id, by="browser", retry=True)))


def _what(item: PendingApproval) -> str:
    """ "`delete_task` on task 3 'Book the microscope'" (or with its arguments, when nothing names the target)."""
    return (
        f"`{item.tool_name}` on {item.target}"
        if item.target
        else f"`{item.tool_name}` ({arguments_text(item.parameters)})"
    )


def render_decision(state: PendingApproval) -> None:
    """A decided call: what ran (the edited arguments, with what was asked beside them), who decided and when."""
    summary = decision_summary(state)
    if state.status == "rejected":
        st.info(summary, icon=":material/block:")
    else:
        st.success(summary, icon=":material/check_circle:")
    if state.status == "approved" and state.ran_parameters is not None and state.ran_parameters != state.parameters:
        ran, asked = st.columns(2)
        ran.caption("Ran with")
        ran.code(json.dumps(state.ran_parameters, indent=2, ensure_ascii=False), language="json")
        asked.caption("Asked for")
        asked.code(json.dumps(state.parameters, indent=2, ensure_ascii=False), language="json")


def render_approval(item: PendingApproval, current: PendingApproval | None, actions: ApprovalActions | None) -> None:
    """One call that waits for a decision: tool, target, editable arguments, risk and why, and the decisions
    allowed; once decided, the decision as recorded."""
    state = current or item
    with st.container(border=True):
        needed = "Approval needed" if state.status == "pending" else "Asked for approval"
        st.markdown(f"**{needed}:** {_what(item)} — risk **{item.risk_level.value}**")
        st.caption(f"Why: {item.reason}.", help=f"From the CLI: paias approve {item.id}")
        if state.status != "pending" or actions is None:
            if state.status != "pending":
                render_decision(state)
            else:
                st.code(json.dumps(item.parameters, indent=2, ensure_ascii=False), language="json")
            if state.outcome_unknown:
                st.warning(
                    "Approved — outcome unknown: the run stopped before it reported back, so whether this call ran "
                    "is not known. Check first (for tasks: ask 'show my tasks'), then run it again if it did not."
                )
                if actions is not None and st.button("Run it again", key=f"retry-{item.id}"):
                    actions.retry(item.id)
            return
        original = json.dumps(item.parameters, indent=2, ensure_ascii=False)
        # one form: the edited arguments and the reason arrive with the click (a reason typed just before "Reject"
        # was lost once, when the click's run overtook the typing's)
        with st.form(f"decide-{item.id}", border=False, enter_to_submit=False):
            edited = st.text_area("Arguments (JSON, editable)", original, key=f"args-{item.id}", height=110)
            reason = st.text_input("Reason, if you reject (optional)", key=f"reason-{item.id}")
            approve, reject, always = st.columns(3)
            clicked_approve = approve.form_submit_button("Approve", key=f"approve-{item.id}", type="primary")
            clicked_always = item.risk_level is RiskLevel.REVERSIBLE_WITH_DELAY and always.form_submit_button(
                "Always allow here",
                key=f"always-{item.id}",
                help=f"Run {item.tool_name} without asking in this conversation",
            )
            clicked_reject = reject.form_submit_button("Reject", key=f"reject-{item.id}")
        if clicked_reject:
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
    *,
    compact: bool = False,
    shown_above: Collection[str] = (),
) -> None:
    """One assistant turn, whatever its kind. ``approvals`` has each approval's current state (decisions made
    elsewhere show up); ``actions`` makes the approval cards clickable; ``compact`` draws an older turn cheaply
    (a pending approval stays a full card: it still needs a decision); ``shown_above`` are the approvals whose
    cards are right above this turn, so their decisions are not said twice."""
    for item in turn.decided:  # a resumed run: the decisions it carried out, as recorded...
        if item.id not in shown_above:  # ...unless the card right above already says so
            render_decision(item)
    if turn.stopped:
        st.info(turn.error or "Stopped.", icon=":material/stop_circle:")
        render_calls(turn.tool_calls, "These calls ran before you stopped it:")
    elif turn.kind == "error":
        st.error(turn.error or "The turn failed.")
        render_calls(turn.tool_calls, "These calls ran before it failed:")
    elif turn.kind == "approval_required":
        if not compact:
            render_calls(turn.tool_calls, "Already ran:")
        for item in turn.pending:
            render_approval(item, (approvals or {}).get(item.id), actions)
    elif turn.kind == "tool_gap" and turn.gap:
        render_gap(turn.gap)
    elif turn.response and not _only_rejections(turn):
        render_response(turn.response, compact=compact)


def adds_nothing(turn: TurnResult, shown_above: Collection[str]) -> bool:
    """A resumed run that only carried out rejections the card right above already shows: nothing to draw."""
    return _only_rejections(turn) and all(d.id in shown_above for d in turn.decided)


def _only_rejections(turn: TurnResult) -> bool:
    """A resumed run that only carried out rejections and ran nothing: its decision card says all there is (the
    model's reply to a rejection adds nothing a person needs)."""
    return bool(turn.decided) and all(d.status == "rejected" for d in turn.decided) and not turn.tool_calls
