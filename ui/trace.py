"""The Trace view: a waterfall of one turn's spans (agent_run, model requests, tool calls), and a Jaeger link."""

from __future__ import annotations

from collections.abc import Sequence

import altair as alt
import pandas as pd
import streamlit as st

from agent_core.telemetry import SpanView

STATUS_COLORS = {"ERROR": "#d1242f", "OK": "#1a7f37", "UNSET": "#1f6feb"}


def waterfall(spans: Sequence[SpanView]) -> alt.Chart:
    """One bar per span from its start to its end, in start order, indented by depth, red when it failed."""
    rows = [
        {
            "span": f"{index:02d} {'· ' * span.depth}{span.name}",
            "start (ms)": round(span.offset_ms, 2),
            "end (ms)": round(span.offset_ms + max(span.duration_ms, 0.01), 2),
            "duration (ms)": round(span.duration_ms, 2),
            "status": span.status,
        }
        for index, span in enumerate(sorted(spans, key=lambda s: s.start_ns))
    ]
    frame = pd.DataFrame(rows)
    return (
        alt.Chart(frame)
        .mark_bar()
        .encode(
            x=alt.X("start (ms):Q", title="ms since the turn started"),
            x2="end (ms):Q",
            y=alt.Y("span:N", sort=None, title=None),
            color=alt.Color(
                "status:N",
                scale=alt.Scale(domain=list(STATUS_COLORS), range=list(STATUS_COLORS.values())),
                legend=None,
            ),
            tooltip=["span", "duration (ms)", "status"],
        )
        .properties(height=max(60, 24 * len(rows)))
    )


def render_trace(spans: Sequence[SpanView], jaeger_ui_url: str | None = None, *, tracing: bool = True) -> None:
    """The turn's waterfall, failed spans with their reason, and a link to the same trace in Jaeger."""
    if not tracing:
        st.caption("Tracing is off (TRACING=false), so this turn has no spans.")
        return
    if not spans:
        st.caption(
            "No spans for this turn in this app process: it ran in another process or before a restart. "
            + (
                "Jaeger keeps every exported trace."
                if jaeger_ui_url
                else "Set OTEL_EXPORTER_OTLP_ENDPOINT to keep them."
            )
        )
        return
    st.altair_chart(waterfall(spans), width="stretch")
    for span in spans:
        if span.status == "ERROR":
            st.caption(f"{span.name} failed: {span.status_description or 'no reason recorded'}")
    if jaeger_ui_url:
        st.link_button("Open in Jaeger", f"{jaeger_ui_url.rstrip('/')}/trace/{spans[0].trace_id}")
