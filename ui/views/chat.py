"""The research chat: conversations in the sidebar, turns as cards, approvals inline, the answer streaming in.

A question reruns only the composer (a Streamlit fragment: the chat input, what follows the last turn, and the turn
in flight), not the page: the turn starts at once on the runtime's loop, and that run draws its tool steps and its
answer as they arrive (with a Stop button), then reruns the page once to draw it as stored. The turns above and the
sidebar are not sent again while the answer streams. Only the newest turns are drawn, the newest in full, the rest
behind "Show earlier messages": the browser redraws every element on the page as a run starts, so a long
conversation costs it about what a new one does.
"""

from __future__ import annotations

import queue
import time
import uuid
from functools import partial
from typing import Any

import streamlit as st

from agent_core.conversations import Conversation, Turn, title_from
from agent_core.errors import InputError
from agent_core.offline import introduction, starters
from agent_core.orchestrator import ToolEvent
from agent_core.schemas import TurnResult
from agent_core.turns import validate_input
from ui.answers import hard_breaks
from ui.chat import BrowserDecisions, adds_nothing, render_turn
from ui.conversation_list import render_manage, render_sidebar
from ui.identity import current_runtime
from ui.live import AFTER_PAGE, Running, follow, fragment_run, rerun_waiting
from ui.runtime import get_runtime
from ui.starting import CHAT_INPUT
from ui.trace import render_trace

FULL_TURNS = 1  # the newest turns drawn with their details (badge, reasoning, tool table, trace)
SHOWN_TURNS = 4  # older turns wait behind "Show earlier messages"
# How long the browser gets to show an answer's first text before the page is redrawn around it. The run that draws
# the turn as stored marks every element stale as it starts, and the browser redraws the page at once: text that
# arrived just before would show only with that redraw (100–250 ms later on the 2-core bench machine, bench/ui.py).
PAINT_WAIT = 0.15
DEMOS = {  # shown next to the live capabilities' own examples: what makes this assistant different
    "delete_task": "Delete task 1",  # asks for approval first
}
GAP_DEMO = "Retrieve my stock portfolio performance for Q3 2024"  # no tool can: an honest tool-gap card

handle = get_runtime()
runtime = current_runtime(handle)  # this session's person: their conversations, approvals and undo only
state = st.session_state


if "conversation_id" not in state:
    state.conversation_id = st.query_params.get("c")  # a refresh keeps the conversation
    if state.conversation_id and handle.call(runtime.conversations.taken(state.conversation_id)):
        state.conversation_id = None  # someone else's link: "not found", and nothing of it is shown
        st.query_params.pop("c", None)
        state.flash = "That conversation was not found. Ask below to start one of your own."
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


def decided(turn: Any) -> None:
    """After a card's decision: an error is said (e.g. decided meanwhile from the CLI), and the page redraws."""
    if turn.kind == "error":
        state.flash = turn.error
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
        handle.stop(state.running.conversation_id, runtime=runtime)


def show_running(running: Running) -> None:
    """The turn in flight: its question, a Stop button, its tool steps and its answer as it is written; then one
    rerun of the page draws it as stored. In the composer's own run it is followed here, until it ends or a click
    (Stop) or a message waits, whose run draws it again and follows it from there. In a run of the whole page it is
    followed once the shared sidebar is drawn too (ui/app.py), so the sidebar is never left greyed out meanwhile."""
    status, answer = draw_running(running)
    if fragment_run():
        follow(running, status, answer, until=rerun_waiting)
        if running.finished():
            finish(running, status, answer)
        return
    # Set, not appended: what a run that a click interrupted left here belongs to that run's page.
    state[AFTER_PAGE] = [partial(finish, running, status, answer)]


def draw_running(running: Running) -> tuple[Any, Any]:
    """The turn in flight as far as it got (a click, Stop or a new message, ends a run and draws it again);
    returns its status block and its answer's placeholder, which follow() fills."""
    with st.chat_message("user"):
        st.markdown(hard_breaks(running.prompt))
    with st.chat_message("assistant"):
        st.button("Stop", key="stop", icon=":material/stop_circle:", on_click=stop, help="Stop this answer")
        status = st.status("Working…", expanded=True)
        for step in running.steps:
            status.write(step)
        answer = st.empty()
        if running.text:
            answer.markdown(hard_breaks(running.text) + " ▌")
        if state.get("queued"):
            st.caption(f"Next: “{state.queued}” — sent when this answer is done.")
    return status, answer


def finish(running: Running, status: Any, answer: Any) -> None:
    """Follow the turn to its end, say how it ended, then rerun the page once to draw it as stored."""
    follow(running, status, answer)
    turn = running.future.result()
    status.update(label=f"Done: {turn.kind.replace('_', ' ')}", state="error" if turn.kind == "error" else "complete")
    state.running = None
    if queued := state.pop("queued", None):  # asked meanwhile: its turn starts in the next run
        state.suggested = queued
    if fragment_run() and running.shown:  # an answer that all came at the end (the offline planner's) shows first
        time.sleep(max(0.0, running.shown + PAINT_WAIT - time.monotonic()))
    st.rerun()


def draw_earlier(conversation_id: str | None, turns: list[Turn]) -> None:
    """The turns read from the conversation, oldest first; the newest FULL_TURNS in full, the others compact."""
    approvals = (
        {a.id: a for a in handle.call(runtime.proposals(conversation_id, status=None))} if conversation_id else {}
    )
    for index, turn in enumerate(turns):
        full = index >= len(turns) - FULL_TURNS
        above = {p.id for p in turns[index - 1].result.pending} if index else set()
        if adds_nothing(turn.result, above):
            continue
        if not turn.result.decided:  # a decision continues its approval card; it was no message of the person's
            with st.chat_message("user"):
                st.markdown(hard_breaks(turn.prompt))
        with st.chat_message("assistant"):
            render_turn(
                turn.result,
                approvals,
                BrowserDecisions(handle, runtime, decided),
                compact=not full,
                shown_above=above,
            )
            if full and index == len(turns) - 1 and turn.result.kind != "error":  # older traces: Traces page
                draw_trace(turn.result)


def draw_trace(result: TurnResult) -> None:
    """The newest answer's trace waterfall, drawn only while its expander is open: a chart on the page, even folded
    away, cost the browser ~150 ms at every next question (bench/ui.py), before that question's answer could show."""
    trace = st.expander("Trace", key=f"trace-{result.correlation_id}", on_change="rerun")
    if trace.open:
        with trace:
            spans = runtime.telemetry.recent.spans_for(result.correlation_id) if runtime.telemetry else []
            render_trace(spans, runtime.settings.jaeger_ui_url, tracing=runtime.telemetry is not None)


@st.fragment
def composer(title: Any, current: Conversation | None, turns: list[Turn]) -> None:
    """The chat input, what follows the last turn, and the turn in flight (see the module docstring). ``title`` is
    the page's title slot: a new conversation is titled by its first question as soon as it is asked."""
    # Pinned to the bottom (st.bottom). The browser counts characters against the limit (red at the limit) and keeps
    # Shift+Enter's new lines; validate_input still checks on the server.
    # One key for this box and the start screen's (ui/starting.py): it is one widget, never two for a moment.
    # submit_mode="disable": the browser disables the box from Enter until the run that answers is over. A turn
    # started by a button (a chip, Regenerate) leaves it open: what is typed meanwhile is asked next, never dropped.
    with st.bottom:
        typed = st.chat_input(
            "Ask a research question…",
            key=CHAT_INPUT,
            max_chars=runtime.settings.max_input_chars,
            submit_mode="disable",
        )
    if typed and state.running:
        state.queued = typed
    refused = start(typed) if typed and not state.running else None
    # What follows the last turn is cleared when a question starts in this run, so the answer streams right below
    # the turns.
    tail = st.empty()
    if not state.running:
        with tail.container():
            draw_tail(turns)
    prompt = state.pop("suggested", None)  # a chip, Regenerate or Edit question, clicked in this run
    if prompt and not state.running:
        tail.empty()
        refused = start(prompt)
    if current:
        title.title(current.title)
    else:  # a new conversation's first question is running: it is titled by that question, as it will be stored
        title.title(title_from(state.running.prompt) if state.running else "Research chat")
    if refused:
        st.error(refused)  # right above the input; nothing was sent or stored
    if state.running:
        show_running(state.running)


def draw_tail(turns: list[Turn]) -> None:
    """Copy / regenerate / edit and undo after the last turn, or an empty chat's introduction and chips. A click sets
    the question to ask (``suggested``), which composer() starts in the same run."""
    conversation_id = state.conversation_id
    last = turns[-1] if turns else None
    asked = [t for t in turns if not t.result.decided]
    actions = st.container(horizontal=True)  # copy / regenerate / edit / undo, side by side from the left
    if last is not None:
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
    undoable = handle.call(runtime.undoable(conversation_id)) if conversation_id else None
    if undoable is not None and actions.button(f"↶ Undo: {undoable.summary}", key=f"undo-{undoable.id}"):
        undone = handle.call(runtime.undo(conversation_id, by="browser"))
        if undone.kind == "error":
            state.flash = undone.error
        st.rerun()

    if not turns:
        tools = handle.call(runtime.tools())
        st.markdown(f"{introduction(tools)} Risky actions wait for your approval, and I say so when no tool can help.")
        names = {t.name for t in tools}
        questions = [*(q[0].upper() + q[1:] for q in starters(tools, 4)), *(q for n, q in DEMOS.items() if n in names)]
        st.caption("Try one of these:")
        columns = st.columns(2)
        for index, text in enumerate([*questions, GAP_DEMO]):
            if columns[index % 2].button(text, key=f"chip-{index}", width="stretch"):
                state.suggested = text


with st.sidebar:
    st.header("PAIAS")
    st.caption("Research assistant with honest tools")
    conversations = render_sidebar(handle, state.conversation_id, select)

conversation_id = state.conversation_id
current = next((c for c in conversations if c.id == conversation_id), None)
shown = None if state.get("show_all") else SHOWN_TURNS
turns = handle.call(runtime.conversations.turns(conversation_id, last=shown)) if conversation_id else []
hidden = max(0, current.turns - len(turns)) if current else 0

title = st.empty()  # the composer fills it (above)
if runtime.settings.is_offline:  # here too, not only in the sidebar: a phone hides the sidebar
    st.badge("Offline planner — no LLM", icon=":material/offline_bolt:", color="blue")
if flash := state.pop("flash", None):
    st.error(flash)
if current:
    with st.sidebar:
        render_manage(handle, current, select)

if hidden and st.button(f"Show {hidden} earlier message{'s' if hidden != 1 else ''}", icon=":material/expand_less:"):
    state.show_all = True
    st.rerun()
draw_earlier(conversation_id, turns)
composer(title, current, turns)
