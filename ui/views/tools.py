"""Tools: every server with its state and controls (health check, start, stop), every tool with its risk level,
the person's "Always allow here" grants with their expiry (and Revoke), and per-tool call metrics since the app
started."""

from __future__ import annotations

from datetime import UTC

import streamlit as st

from agent_core.approvals.grants import lifetime
from ui.identity import current_runtime
from ui.runtime import get_runtime
from ui.sidebar import STATE_COLORS, tool_count

handle = get_runtime()
runtime = handle.runtime
state = st.session_state


def check(name: str) -> None:
    healthy = handle.call(runtime.servers.health(name))
    server = runtime.servers.states[name]
    if healthy:
        state["tools-flash"] = ("success", f"**{name}** answered in {server.last_latency_ms} ms.")
    else:
        why = server.error if server.state == "ready" else f"it is {server.state}"
        state["tools-flash"] = ("error", f"**{name}** did not answer ({why}). Start it again below.")


def switch(name: str, desired: str) -> None:
    who = current_runtime(handle).person.decided_by  # the control's record names the person, not just "browser"
    server = handle.call(runtime.set_server(name, desired, by=who))
    shared = "Other app windows and the CLI on this database follow, and a new app start keeps it"
    if desired == "stopped":
        state["tools-flash"] = ("success", f"Stopped **{name}**. {shared} stopped until you start it.")
    elif server.state == "ready":
        state["tools-flash"] = (
            "success",
            f"Started **{name}**: ready with {tool_count(len(server.tools))}. {shared} started.",
        )
    else:
        state["tools-flash"] = (
            "error",
            f"**{name}** did not start: {server.error}\n\nCheck its entry in the MCP config and its log under "
            "PAIAS_HOME/logs, then start it again.",
        )


st.title("Tools")
if flash := state.pop("tools-flash", None):
    getattr(st, flash[0])(flash[1])

st.subheader("Servers")
for server in runtime.server_states():
    with st.container(border=True):
        info, health, start, stop = st.columns([4, 1, 1, 1], vertical_alignment="center")
        color = STATE_COLORS.get(server.state, "gray")
        latency = f", last health check {server.last_latency_ms} ms" if server.last_latency_ms is not None else ""
        info.markdown(
            f":{color}[●] **{server.name}** ({server.kind}) — {server.state}"
            + (f", {tool_count(len(server.tools))}" if server.state == "ready" else "")
            + latency
        )
        if server.error:
            info.caption(f"Last error: {server.error}")
        health.button(
            "Health",
            key=f"tools-health-{server.name}",
            help="Check now: a real round trip, answered within 1 s",
            on_click=check,
            args=(server.name,),
            disabled=server.state != "ready",
        )
        start.button(
            "Restart" if server.state == "ready" else "Start",
            key=f"tools-start-{server.name}",
            on_click=switch,
            args=(server.name, "started"),
        )
        stop.button(
            "Stop",
            key=f"tools-stop-{server.name}",
            on_click=switch,
            args=(server.name, "stopped"),
            disabled=server.state == "stopped",
        )
st.caption("Start and stop are remembered in the database: every process on it follows, and a restart keeps them.")

st.subheader("Tools the assistant can use")
tools = handle.call(runtime.tools())
if not tools:
    st.info("No tools are available: start a server above.")
else:
    st.dataframe(
        [
            {
                "tool": tool.name,
                "server": tool.server,
                "risk": tool.risk_level.value,
                "why": tool.risk_reason,
                "description": tool.description.strip().split("\n")[0],
            }
            for tool in tools
        ],
        hide_index=True,
        width="stretch",
        key="tools-table",
    )
    st.caption(
        "Irreversible calls always wait for your approval in the chat; reversible-with-delay ones do unless your own "
        "words ask for exactly that call, or you chose “Always allow here”."
    )

st.subheader("Always allowed here")
mine = current_runtime(handle)  # this person's grants only


def revoke(conversation_id: str, tool: str) -> None:
    if handle.call(mine.grants.revoke(conversation_id, tool)):
        state["tools-flash"] = ("success", f"Revoked: **{tool}** asks for your approval again in that conversation.")
    else:
        state["tools-flash"] = ("info", f"**{tool}** was no longer allowed there (it expired or was revoked).")


grants = handle.call(mine.grants.grants())
if not grants:
    st.caption(
        "No tool is always allowed. “Always allow here” on an approval lets a reversible-with-delay tool run without "
        f"asking in that conversation for {mine.settings.approval_grant_hours:g} h (APPROVAL_GRANT_HOURS)."
    )
else:
    titles = {c.id: c.title for c in handle.call(mine.conversations.list(limit=500))}
    for grant in grants:
        with st.container(border=True):
            info, button = st.columns([6, 1], vertical_alignment="center")
            where = titles.get(grant.conversation_id, grant.conversation_id)
            info.markdown(f"**{grant.tool_name}** in “{where}” — {lifetime(grant.expires_at)}")
            info.caption(f"Granted by {grant.granted_by} at {grant.granted_at.astimezone(UTC):%Y-%m-%d %H:%M} UTC")
            button.button(
                "Revoke",
                key=f"tools-revoke-{grant.id}",
                on_click=revoke,
                args=(grant.conversation_id, grant.tool_name),
            )
    st.caption("Irreversible tools are never always allowed: they ask every time.")

st.subheader("Calls since the app started")
metrics = runtime.servers.metrics.snapshot()
if not metrics:
    st.info("No tool has been called yet.")
else:
    st.dataframe(
        [
            {
                "tool": m["tool"],
                "server": m["server"],
                "calls": m["calls"],
                "errors": m["errors"],
                "timeouts": m["timeouts"],
                "p50 ms": None if m["p50_ms"] is None else round(m["p50_ms"], 1),
                "p95 ms": None if m["p95_ms"] is None else round(m["p95_ms"], 1),
            }
            for m in metrics
        ],
        hide_index=True,
        width="stretch",
        key="tools-metrics",
    )
