"""The research chat: conversations in the sidebar, turns as cards, approvals inline, live status while working."""

from __future__ import annotations

import json
import queue
import uuid
from typing import Any

import streamlit as st

from agent_core.conversations import export_json, export_markdown
from agent_core.errors import InputError
from agent_core.orchestrator import ToolEvent
from agent_core.turns import validate_input
from ui.chat import render_turn
from ui.runtime import get_runtime
from ui.trace import render_trace

SUGGESTIONS = {
    "Time": "What time is it in Tokyo?",
    "Research": "Find recent papers on CRISPR base editing",
    "Remember": "Remember that Project X uses Python 3.11 and FastAPI",
    "Recall": "What tech stack does Project X use?",
    "Tasks": "Add two tasks: book the microscope and order pipettes",
    "A tool gap": "Retrieve my stock portfolio performance for Q3 2024",
    "Needs approval": "Delete task 1",
}

handle = get_runtime()
runtime = handle.runtime
state = st.session_state
if "conversation_id" not in state:
    state.conversation_id = st.query_params.get("c")  # a refresh keeps the conversation
state.setdefault("running", None)
if state.running and state.running[1].done() and state.running[2].empty():
    # It finished before this run began: everything below (sidebar list, title, turns) reads it as stored, and no
    # second "Working…" block is drawn.
    state.running = None


def select(conversation_id: str | None) -> None:
    """Show this conversation (None: a new one), and keep it in the address so a refresh returns to it."""
    state.conversation_id = conversation_id
    if conversation_id:
        st.query_params["c"] = conversation_id
    else:
        st.query_params.pop("c", None)


class Decisions:
    """The approval card's buttons: decide through the runtime, then show the resumed result in place."""

    def approve(self, approval_id: str, override_args: dict[str, Any] | None, always: bool) -> None:
        self._done(handle.call(runtime.approve(approval_id, override_args, always=always, by="browser")))

    def reject(self, approval_id: str, reason: str | None) -> None:
        self._done(handle.call(runtime.reject(approval_id, reason, by="browser")))

    def retry(self, approval_id: str) -> None:
        self._done(handle.call(runtime.approve(approval_id, by="browser", retry=True)))

    def _done(self, turn: Any) -> None:
        if turn.kind == "error":
            state.flash = turn.error  # e.g. decided meanwhile from the CLI: say so, lose nothing
        st.rerun()


def describe(event: ToolEvent) -> str:
    args = json.dumps(event.parameters, ensure_ascii=False)
    if event.record is None:
        return f"Calling `{event.tool}` on {event.server} with `{args}`…"
    return f"`{event.tool}` {event.record.status.value} in {event.record.duration_ms} ms"


with st.sidebar:
    st.header("PAIAS")
    st.caption("Research assistant with honest tools")
    if st.button("New conversation", icon=":material/add:", width="stretch"):
        select(None)
        st.rerun()
    conversations = handle.call(runtime.conversations.list(limit=50))
    for conversation in conversations:
        active = conversation.id == state.conversation_id
        if st.button(
            conversation.title, key=f"conv-{conversation.id}", width="stretch", type="primary" if active else "tertiary"
        ):
            select(conversation.id)
            st.rerun()

conversation_id = state.conversation_id
current = next((c for c in conversations if c.id == conversation_id), None)
turns = handle.call(runtime.conversations.turns(conversation_id)) if conversation_id else []

st.title(current.title if current else "Research chat")
if flash := state.pop("flash", None):
    st.error(flash)

if current:
    with st.sidebar.expander("This conversation"):
        title = st.text_input("Title", current.title, key=f"title-{current.id}")
        if st.button("Rename", key="rename") and title != current.title:
            try:
                handle.call(runtime.conversations.rename(current.id, title))
            except Exception as exc:  # noqa: BLE001 - shown to the person, nothing is lost
                state.flash = str(exc)
            st.rerun()
        slug = current.id[:8]
        st.download_button("Export Markdown", export_markdown(current.title, turns), f"conversation-{slug}.md")
        st.download_button(
            "Export JSON",
            json.dumps(export_json(current, turns), ensure_ascii=False, indent=2),
            f"conversation-{slug}.json",
            mime="application/json",
        )
        if st.button("Delete conversation", key="delete", type="secondary"):
            handle.call(runtime.delete_conversation(current.id, by="browser"))
            select(None)
            st.rerun()

approvals = {a.id: a for a in handle.call(runtime.proposals(conversation_id, status=None))} if conversation_id else {}
for turn in turns:
    with st.chat_message("user"):
        st.markdown(turn.prompt)
    with st.chat_message("assistant"):
        render_turn(turn.result, approvals, Decisions())
        if turn.result.kind != "error":
            with st.expander("Trace"):
                spans = runtime.telemetry.recent.spans_for(turn.result.correlation_id) if runtime.telemetry else []
                render_trace(spans, runtime.settings.jaeger_ui_url, tracing=runtime.telemetry is not None)

# Undo takes back the newest change the assistant made here (a task, a memory), once; the result is a turn too.
undoable = handle.call(runtime.undoable(conversation_id)) if conversation_id and not state.running else None
if undoable is not None and st.button(f"↶ Undo: {undoable.summary}", key=f"undo-{undoable.id}"):
    undone = handle.call(runtime.undo(conversation_id, by="browser"))
    if undone.kind == "error":
        state.flash = undone.error
    st.rerun()

if not turns and not state.running:
    st.caption("Try one of these:")
    columns = st.columns(4)
    for index, (label, text) in enumerate(SUGGESTIONS.items()):
        if columns[index % 4].button(label, key=f"chip-{index}", help=text, width="stretch"):
            state.suggested = text

# No max_chars: the browser would silently drop a longer paste (and the server cut it), so the person would never
# learn why. The whole text arrives, and validate_input says what is wrong, next to the input.
prompt = st.chat_input("Ask a research question…", disabled=bool(state.running)) or state.pop("suggested", None)
if prompt and not state.running:
    try:
        validate_input(prompt, runtime.settings.max_input_chars)  # refused here at once; the runtime checks too
    except InputError as exc:
        st.error(str(exc))  # next to the input; nothing was sent or stored
    else:
        # The turn runs on the runtime's loop; keeping its future here means a rerun meanwhile waits for the same
        # turn instead of starting it again, and the input stays disabled until it is done.
        if not conversation_id:
            select(uuid.uuid4().hex)
        events: queue.SimpleQueue[ToolEvent] = queue.SimpleQueue()
        state.running = (prompt, handle.submit(runtime.ask(prompt, state.conversation_id, on_event=events.put)), events)
        st.rerun()

if state.running:
    prompt, future, events = state.running
    with st.chat_message("user"):
        st.markdown(prompt)
    with st.chat_message("assistant"), st.status("Working…", expanded=True) as status:
        while not (future.done() and events.empty()):
            try:
                status.write(describe(events.get(timeout=0.05)))
            except queue.Empty:
                continue
        turn = future.result()
        status.update(
            label=f"Done: {turn.kind.replace('_', ' ')}", state="error" if turn.kind == "error" else "complete"
        )
    state.running = None
    st.rerun()
