"""Rendering of chat turns: answers, confidence, reasoning, tool calls, errors and pending approvals."""

from __future__ import annotations

import json
from collections.abc import Callable, Container
from typing import Any

import streamlit as st

from agent_core.gaps import gap_guidance
from agent_core.schemas import AgentResponse, TurnResult


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
    if response.tool_calls:
        st.dataframe(
            [
                {
                    "tool": call.tool_name,
                    "parameters": json.dumps(call.parameters, ensure_ascii=False),
                    "status": call.status.value,
                    "duration (ms)": call.duration_ms,
                    "result": _preview(call.result if call.result is not None else call.error),
                }
                for call in response.tool_calls
            ],
            hide_index=True,
            width="stretch",
        )
        with st.expander("Full tool results"):
            for call in response.tool_calls:
                st.caption(f"{call.tool_name} · {call.status.value} · {call.duration_ms} ms")
                st.json(call.result if call.result is not None else {"error": call.error})


Decide = Callable[[str, bool], None]


def render_turn(turn: TurnResult, decide: Decide | None = None, decided: Container[str] = ()) -> None:
    """One assistant turn, whatever its kind. ``decide(approval_id, approve)`` is called by the approval buttons;
    approvals in ``decided`` show no buttons any more."""
    if turn.kind == "error":
        st.error(turn.error or "The turn failed.")
    elif turn.kind == "approval_required":
        for item in turn.pending:
            st.warning(
                f"**{item.tool_name}** needs your approval (risk: {item.risk_level.value}; {item.reason}). "
                f"Arguments: `{json.dumps(item.parameters, ensure_ascii=False)}` — approval `{item.id}`"
            )
            if decide is not None and item.id not in decided:
                approve, reject = st.columns(2)
                if approve.button("Approve", key=f"approve-{item.id}", type="primary"):
                    decide(item.id, True)
                if reject.button("Reject", key=f"reject-{item.id}"):
                    decide(item.id, False)
    elif turn.kind == "tool_gap" and turn.gap:
        st.warning(f"Missing capability: {', '.join(turn.gap.missing_tools)}")
        st.text(gap_guidance(turn.gap))
    elif turn.response:
        render_response(turn.response)
