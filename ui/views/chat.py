"""The research chat: conversations in the sidebar, turns as cards, approvals inline, the answer streaming in.

One question costs one script run until its answer shows: the turn starts on the runtime's loop, and this run
draws its tool steps and its answer as they arrive (with a Stop button), then reruns once to draw it as stored.
Only the newest turns are drawn in full; older ones are compact, the oldest behind "Show earlier messages", so a
long conversation reruns as fast as a new one.
"""

from __future__ import annotations

import queue
import time
import uuid
from typing import Any

import streamlit as st

from agent_core.conversations import title_from
from agent_core.errors import InputError
from agent_core.offline import introduction, starters
from agent_core.orchestrator import ToolEvent
from agent_core.turns import validate_input
from ui.answers import hard_breaks
from ui.chat import adds_nothing, render_turn
from ui.conversation_list import render_manage, render_sidebar
from ui.live import AFTER_PAGE, Running, describe
from ui.runtime import get_runtime
from ui.starting import CHAT_INPUT
from ui.trace import render_trace

FULL_TURNS = 3  # the newest turns drawn with their details (badge, reasoning, tool table; the trace: the newest)
SHOWN_TURNS = 12  # older turns beyond these wait behind "Show earlier messages"
TICK = 0.2  # how often the live status refreshes while a turn runs (also how soon Stop is noticed)
DEMOS = {  # shown next to the live capabilities' own examples: what makes this assistant different
    "delete_task": "Delete task 1",  # asks for approval first
}
GAP_DEMO = "Retrieve my stock portfolio performance for Q3 2024"  # no tool can: an honest tool-gap card

handle = get_runtime()
runtime = handle.runtime
state = st.session_state


if "conversation_id" not in state:
    state.conversation_id = st.query_params.get("c")  # a refresh keeps the conversation
state.setdefault("running", None)
if state.running and state.running.finished():
    # It finished before this run began: everything below reads it as stored, and no "Working…" block is drawn.
    state.running = None


def select(conversation_id: str | None) -> None:
    """Show this conversation (None: a new one), and keep it in the address so a refresh returns to it."""
    state.conversation_id = conversation_id
    state.pop("show_all", None)
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


def start(prompt: str) -> str | None:
    """Check the text, then start its turn on the runtime's loop (drawn live below, in this same run); returns why
    the text was refused (nothing was sent or stored), or None."""
    try:
        validate_input(prompt, runtime.settings.max_input_chars)  # refused here at once; the runtime checks too
    except InputError as exc:
        return str(exc)
    if not state.conversation_id:
        select(uuid.uuid4().hex)
    events: queue.SimpleQueue[ToolEvent] = queue.SimpleQueue()
    texts: queue.SimpleQueue[str] = queue.SimpleQueue()
    future = handle.submit(runtime.ask(prompt, state.conversation_id, on_event=events.put, on_text=texts.put))
    state.running = Running(prompt, state.conversation_id, future, events, texts)
    return None


def stop() -> None:
    """The Stop button: cancel the turn in flight; calls that already ran stay recorded."""
    if state.running is not None:
        handle.stop(state.running.conversation_id)


def show_running(running: Running) -> None:
    """The turn in flight: tool steps as they happen, the answer as it is written, a Stop button; then one rerun
    draws it as stored."""
    with st.chat_message("user"):
        st.markdown(hard_breaks(running.prompt))
    with st.chat_message("assistant"):
        st.button("Stop", key="stop", icon=":material/stop_circle:", on_click=stop, help="Stop this answer")
        status = st.status("Working…", expanded=True)
        for step in running.steps:  # drawn by an earlier run that a click (Stop, a new message) interrupted
            status.write(step)
        answer = st.empty()
        if running.text:
            answer.markdown(hard_breaks(running.text) + " ▌")
        if state.get("queued"):
            st.caption(f"Next: “{state.queued}” — sent when this answer is done.")
        refreshed = 0.0
        while not running.finished():
            try:
                step = describe(running.events.get(timeout=0.05))
            except queue.Empty:
                pass
            else:
                running.steps.append(step)
                status.write(step)
                continue
            text = running.text
            while not running.texts.empty():
                text = running.texts.get()
            if text != running.text:
                answer.markdown(hard_breaks(text) + " ▌")
                running.text = text
            if time.monotonic() - refreshed >= TICK:
                # Showing the time spent is also where Streamlit notices a click on Stop (or a new message).
                # expanded=True each time: an update without it collapses the status (Streamlit 1.67), hiding the steps.
                refreshed = time.monotonic()
                status.update(label=f"Working… {refreshed - running.started:.1f} s", expanded=True)
        turn = running.future.result()
        status.update(
            label=f"Done: {turn.kind.replace('_', ' ')}", state="error" if turn.kind == "error" else "complete"
        )
    state.running = None
    if queued := state.pop("queued", None):  # asked meanwhile: its turn starts in the next run
        state.suggested = queued
    st.rerun()


with st.sidebar:
    st.header("PAIAS")
    st.caption("Research assistant with honest tools")
    conversations = render_sidebar(handle, state.conversation_id, select)

conversation_id = state.conversation_id
current = next((c for c in conversations if c.id == conversation_id), None)
shown = None if state.get("show_all") else SHOWN_TURNS
turns = handle.call(runtime.conversations.turns(conversation_id, last=shown)) if conversation_id else []
hidden = max(0, current.turns - len(turns)) if current else 0

# The chat input is pinned to the bottom wherever it is called; reading it here starts a typed question's turn on
# the runtime's loop while the page below is drawn. (After the turns were read, so none of it is drawn twice.)
# The browser counts characters against the limit (red at the limit) and keeps Shift+Enter's new lines;
# validate_input still checks on the server.
# One key for this box and the start screen's (ui/starting.py): it is one widget, never two for a moment.
# submit_mode="disable": the browser disables the box from Enter until the run that answers is over. A turn started
# by a button (a chip, Regenerate) leaves it open: what is typed meanwhile is asked next, never dropped.
typed = st.chat_input(
    "Ask a research question…",
    key=CHAT_INPUT,
    max_chars=runtime.settings.max_input_chars,
    submit_mode="disable",
)
if typed and state.running:
    state.queued = typed
refused = start(typed) if typed and not state.running else None

if current:
    st.title(current.title)
else:  # a new conversation's first question is running: it is titled by that question, as it will be stored
    st.title(title_from(state.running.prompt) if state.running else "Research chat")
if runtime.settings.is_offline:  # here too, not only in the sidebar: a phone hides the sidebar
    st.badge("Offline planner — no LLM", icon=":material/offline_bolt:", color="blue")
if flash := state.pop("flash", None):
    st.error(flash)
if current:
    with st.sidebar:
        render_manage(handle, current, select)

approvals = {a.id: a for a in handle.call(runtime.proposals(conversation_id, status=None))} if conversation_id else {}
if hidden and st.button(f"Show {hidden} earlier message{'s' if hidden != 1 else ''}", icon=":material/expand_less:"):
    state.show_all = True
    st.rerun()
for index, turn in enumerate(turns):
    # While a new answer streams below, earlier turns are drawn compact: the new text shows sooner, and the rerun
    # after it draws the newest ones in full again.
    full = not state.running and index >= len(turns) - FULL_TURNS
    above = {p.id for p in turns[index - 1].result.pending} if index else set()
    if adds_nothing(turn.result, above):
        continue
    if not turn.result.decided:  # a decision continues its approval card; it was no message of the person's
        with st.chat_message("user"):
            st.markdown(hard_breaks(turn.prompt))
    with st.chat_message("assistant"):
        render_turn(turn.result, approvals, Decisions(), compact=not full, shown_above=above)
        if full and index == len(turns) - 1 and turn.result.kind != "error":  # older traces: the Traces page
            with st.expander("Trace"):
                spans = runtime.telemetry.recent.spans_for(turn.result.correlation_id) if runtime.telemetry else []
                render_trace(spans, runtime.settings.jaeger_ui_url, tracing=runtime.telemetry is not None)

# What follows the last turn (copy / regenerate / edit, undo, or an empty chat's introduction) is cleared when a
# new question starts in this run, so the answer streams right below the turns.
tail = st.empty()
with tail.container():
    last = turns[-1] if turns else None
    asked = [t for t in turns if not t.result.decided]
    actions = st.container(horizontal=True)  # copy / regenerate / edit / undo, side by side from the left
    if last is not None and not state.running:
        if last.result.response:
            with actions.popover("Copy", icon=":material/content_copy:"):
                st.caption("The answer as Markdown; the icon at its top right copies it.")
                st.code(last.result.response.answer, language="markdown", wrap_lines=True)
        if asked and actions.button("Regenerate", icon=":material/refresh:", help="Ask the last question again"):
            state.suggested = asked[-1].prompt
        if asked:
            with actions.popover("Edit question", icon=":material/edit:"):
                changed = st.text_area("Your last question", asked[-1].prompt, key=f"edit-{len(turns)}")
                if st.button("Send", key="edit-send", type="primary"):
                    state.suggested = changed

    # Undo takes back the newest change the assistant made here (a task, a memory), once; the result is a turn.
    undoable = handle.call(runtime.undoable(conversation_id)) if conversation_id and not state.running else None
    if undoable is not None and actions.button(f"↶ Undo: {undoable.summary}", key=f"undo-{undoable.id}"):
        undone = handle.call(runtime.undo(conversation_id, by="browser"))
        if undone.kind == "error":
            state.flash = undone.error
        st.rerun()

    if not turns and not state.running:
        tools = handle.call(runtime.tools())
        st.markdown(f"{introduction(tools)} Risky actions wait for your approval, and I say so when no tool can help.")
        names = {t.name for t in tools}
        questions = [*(q[0].upper() + q[1:] for q in starters(tools, 4)), *(q for n, q in DEMOS.items() if n in names)]
        st.caption("Try one of these:")
        columns = st.columns(2)
        for index, text in enumerate([*questions, GAP_DEMO]):
            if columns[index % 2].button(text, key=f"chip-{index}", width="stretch"):
                state.suggested = text
if state.running:  # a typed question: what the last run drew here (the introduction, the chips) must not linger
    tail.empty()

prompt = state.pop("suggested", None)  # a chip, Regenerate or Edit question, clicked in this run
if prompt and not state.running:
    tail.empty()
    refused = start(prompt)
if refused:
    st.error(refused)  # right above the input; nothing was sent or stored
if state.running:  # drawn last, by the app, once the shared sidebar is drawn too (ui/app.py)
    state.setdefault(AFTER_PAGE, []).append(lambda running=state.running: show_running(running))
