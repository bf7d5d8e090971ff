"""Traces: the person's recent turns, newest first, with their correlation ids and tool calls.

Each turn's tool calls show as durations in call order (from the stored turn, so from any process), then the turn's
OpenTelemetry span waterfall when this process recorded it, with a Jaeger link when JAEGER_UI_URL is set.
"""

from __future__ import annotations

from datetime import UTC

import streamlit as st

from agent_core.conversations import Turn
from agent_core.schemas import ToolCallRecord
from ui.identity import current_runtime
from ui.runtime import get_runtime
from ui.trace import render_trace

handle = get_runtime()
runtime = current_runtime(handle)  # this person's turns only


def when(turn: Turn) -> str:
    return f"{turn.created_at.astimezone(UTC):%Y-%m-%d %H:%M:%S}"


def calls(turn: Turn) -> list[ToolCallRecord]:
    return turn.result.response.tool_calls if turn.result.response else []


st.title("Traces")
limit = st.selectbox("Show the last", [20, 50, 100], index=1, key="traces-limit", format_func=lambda n: f"{n} turns")
recent = handle.call(runtime.conversations.recent_turns(limit=limit))
if not recent:
    st.info("No turns yet. Ask something in the chat; each turn and its tool calls show up here.")
    st.stop()

st.dataframe(
    [
        {
            "time (UTC)": when(turn),
            "conversation": title,
            "prompt": turn.prompt,
            "kind": turn.result.kind.replace("_", " "),
            "correlation id": turn.result.correlation_id,
            "tool calls": len(calls(turn)),
            "tool ms": sum(c.duration_ms for c in calls(turn)),
        }
        for title, turn in recent
    ],
    hide_index=True,
    width="stretch",
    key="traces-table",
)

for index, (title, turn) in enumerate(recent):
    result = turn.result
    with st.expander(f"{when(turn)} · {title} · {turn.prompt[:60]} · `{result.correlation_id}`"):
        if result.error:
            st.error(result.error)
        for item in result.pending:
            st.markdown(f"Waiting for approval: `{item.tool_name}` ({item.risk_level.value})")
        if result.gap:
            st.markdown(f"Tool gap: missing {', '.join(result.gap.missing_tools)}")
        if made := calls(turn):
            rows = [
                {"call": f"{n}. {c.tool_name}", "status": c.status.value, "ms": c.duration_ms, "error": c.error}
                for n, c in enumerate(made, 1)
            ]
            st.bar_chart(rows, x="call", y="ms", horizontal=True, sort=False)
            st.dataframe(rows, hide_index=True, width="stretch", key=f"traces-calls-{index}")
        elif not (result.error or result.pending or result.gap):
            st.caption("No tool calls in this turn.")
        st.caption("Spans")
        spans = runtime.telemetry.recent.spans_for(result.correlation_id) if runtime.telemetry else []
        render_trace(spans, runtime.settings.jaeger_ui_url, tracing=runtime.telemetry is not None)
