"""The sidebar every page shares: the active model, the MCP servers (with restart) and what waits for a decision
(everyone's for an approver, otherwise the person's own)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from agent_core.offline import HOW_TO_USE_AN_LLM
from agent_core.sync_runtime import SyncRuntime

if TYPE_CHECKING:
    from agent_core.runtime import AgentRuntime

# A coloured dot rather than an emoji: emoji fonts are missing on many servers and kiosks.
STATE_COLORS = {"ready": "green", "failed": "red", "unavailable": "orange"}


def tool_count(count: int) -> str:
    """ "1 tool", "2 tools"."""
    return f"{count} tool{'s' if count != 1 else ''}"


def render_status(handle: SyncRuntime, runtime: AgentRuntime) -> None:
    """Model badge, server states with a restart button for any that is not ready, and what waits for ``runtime``'s
    person to decide (the process's runtime acting for them: ``ui.identity.current_runtime``)."""
    with st.sidebar:
        st.divider()
        st.caption("Model")
        st.write(runtime.model_label)
        if runtime.settings.is_offline:
            st.info("**Offline planner** — understands common requests by meaning, no LLM.")
            with st.expander("Use an LLM"):
                st.caption(HOW_TO_USE_AN_LLM)
        if runtime.person.approver:  # everyone's waiting calls
            waiting = len(handle.call(runtime.queue()))
        else:
            waiting = handle.call(runtime.approvals.count_pending())
        if waiting:
            # With APPROVERS, a signed-in person's irreversible actions wait for an approver, not for them.
            theirs = runtime.approvers.configured and runtime.person.signed_in and not runtime.person.approver
            waits_for = "a decision" if theirs else "your approval"
            st.warning(f"{waiting} action{'s' if waiting != 1 else ''} waiting for {waits_for}")
            st.page_link("views/approvals.py", label="Open the approvals", icon=":material/approval:")
        st.caption("MCP servers")
        for server in runtime.server_states():
            color = STATE_COLORS.get(server.state, "gray")
            offered = f", {tool_count(len(server.tools))}" if server.state == "ready" else ""
            st.markdown(f":{color}[●] **{server.name}** — {server.state}{offered}")
            if server.error:
                st.caption(server.error)
            if server.state in {"failed", "unavailable"} and st.button(
                f"Restart {server.name}", key=f"restart-{server.name}"
            ):
                handle.call(runtime.set_server(server.name, "started", by="browser"))
                st.rerun()
