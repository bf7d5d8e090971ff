"""PAIAS Research Assistant — the browser chat.

Run with: ``make run`` (or ``streamlit run ui/app.py``).
"""

from __future__ import annotations

import streamlit as st

from agent_core.errors import PaiasError
from agent_core.offline import HOW_TO_USE_AN_LLM
from ui.chat import render_turn
from ui.runtime import get_runtime

st.set_page_config(page_title="PAIAS Research Assistant", page_icon="🔬", layout="wide")

try:
    runtime = get_runtime()
except PaiasError as exc:
    st.error(f"The assistant could not start: {exc}")
    st.stop()

state = st.session_state
state.setdefault("conversation_id", None)
state.setdefault("turns", [])
state.setdefault("decided", set())


def decide(approval_id: str, approve: bool) -> None:
    """Approve or reject a waiting call here; the resumed run's result joins the conversation."""
    run = (
        runtime.runtime.approve(approval_id, by="browser")
        if approve
        else runtime.runtime.reject(approval_id, "rejected in the browser", by="browser")
    )
    turn = runtime.call(run)
    state.decided.add(approval_id)
    state.turns.append((f"{'Approved' if approve else 'Rejected'} `{approval_id}`", turn))
    st.rerun()


with st.sidebar:
    st.header("PAIAS")
    st.caption("Research assistant with honest tools")
    st.subheader("Model")
    st.write(runtime.runtime.model_label)
    if runtime.runtime.settings.is_offline:
        st.info(f"**Offline planner** — rule-based, no LLM. {HOW_TO_USE_AN_LLM}")
    st.subheader("MCP servers")
    for server in runtime.runtime.server_states():
        # A coloured dot rather than an emoji: emoji fonts are missing on many servers and kiosks.
        color = {"ready": "green", "failed": "red", "unavailable": "orange"}.get(server.state, "gray")
        st.markdown(f":{color}[●] **{server.name}** — {server.state}, {len(server.tools)} tools")
        if server.error:
            st.caption(server.error)
    if st.button("New conversation", width="stretch"):
        state.conversation_id, state.turns = None, []
        st.rerun()

st.title("Research chat")

for question, turn in state.turns:
    with st.chat_message("user"):
        st.markdown(question)
    with st.chat_message("assistant"):
        render_turn(turn, decide, state.decided)

prompt = st.chat_input("Ask a research question…")
if prompt is not None:
    with st.chat_message("user"):
        st.markdown(prompt)
    with st.chat_message("assistant"), st.spinner("Working…"):
        turn = runtime.ask(prompt, state.conversation_id)
        render_turn(turn, decide, state.decided)
    if turn.conversation_id:
        state.conversation_id = turn.conversation_id
    state.turns.append((prompt, turn))
