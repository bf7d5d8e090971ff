"""Audit: every approval — who asked, what was asked and what ran, who approved or rejected it and when, the
outcome and any undo — with filters. Approvers see everyone's rows, everyone else only their own: the query decides
that from the signed-in person (agent_core.approvals.audit), not this page."""

from __future__ import annotations

import json
from datetime import UTC, datetime, time
from typing import Any

import streamlit as st

from agent_core.approvals.audit import AuditRow
from ui.identity import current_runtime
from ui.runtime import get_runtime

ANY = "Any"

handle = get_runtime()
runtime = current_runtime(handle)  # the signed-in person's (single-person mode: USER_ID's)
person = runtime.person


def when(moment: datetime | None) -> str | None:
    return f"{moment.astimezone(UTC):%Y-%m-%d %H:%M} UTC" if moment else None


def arguments(value: dict[str, Any] | None) -> str | None:
    return None if value is None else json.dumps(value, ensure_ascii=False)


def table_row(row: AuditRow) -> dict[str, Any]:
    outcome = row.outcome.replace("_", " ") + (f": {row.outcome_error}" if row.outcome_error else "")
    undone = f"by {row.undone_by} at {when(row.undone_at)}: {row.undo_summary}" if row.undone_at else None
    return {
        "asked": when(row.requested_at),
        "asked by": row.requested_by,
        "tool": row.tool_name,
        "arguments": arguments(row.arguments),
        "target": row.target,
        "risk": row.risk_level,
        "decision": row.status,
        "decided by": row.decided_by,
        "decided": when(row.decided_at),
        "reason": row.decision_reason,
        "ran with": arguments(row.ran_arguments),
        "ran on": row.ran_target,
        "outcome": outcome,
        "undone": undone,
        "id": row.id,
    }


st.title("Audit")
st.caption(
    "Everyone's approvals: you are an approver."
    if person.approver
    else "Your approvals: what you asked for, who decided, what ran and what became of it."
)

who, tool, status, since = st.columns(4)
person_filter = (
    who.text_input("Person", key="audit-person", placeholder="email", help="who asked for it or decided it")
    if person.approver
    else None
)
tool_filter = tool.selectbox("Tool", [ANY, *handle.call(runtime.audit_tools())], key="audit-tool")
status_filter = status.selectbox("Decision", [ANY, "pending", "approved", "rejected"], key="audit-status")
since_day = since.date_input("Since", value=None, key="audit-since", help="asked on or after this day (UTC)")

rows = handle.call(
    runtime.audit(
        person=(person_filter or "").strip() or None,
        tool=None if tool_filter == ANY else tool_filter,
        status=None if status_filter == ANY else status_filter,
        since=datetime.combine(since_day, time.min, UTC) if since_day else None,
    )
)
if not rows:
    filtered = person_filter or tool_filter != ANY or status_filter != ANY or since_day
    st.info("Nothing matches these filters." if filtered else "No approvals yet: nothing has asked for one.")
else:
    st.dataframe([table_row(row) for row in rows], hide_index=True, width="stretch", key="audit-table")
    st.caption(
        f"{len(rows)} {'approval' if len(rows) == 1 else 'approvals'}, newest first. “Ran with” is what was approved "
        "to run (edited arguments when a person changed them); the outcome is read from the recorded run."
    )
    st.download_button(
        "Download as JSON",
        json.dumps([row.to_json() for row in rows], ensure_ascii=False, indent=1),
        file_name="paias-audit.json",
        mime="application/json",
        key="audit-download",
        help="the same fields as `paias audit --json`",
    )
