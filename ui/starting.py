"""The page while the runtime starts: the app's shell at once, and a line saying what the start is doing.

A fresh app process needs seconds (the database, the embedding model, the MCP servers) before any page can run.
The shell (the sidebar header, the page title, a disabled chat input) is drawn first, so the first paint never waits
for them; when the start is over, the app reruns into the page, or into the start error (ui/app.py).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import streamlit as st

if TYPE_CHECKING:
    from agent_core.sync_runtime import SyncRuntime

TICK = 0.1  # how often the progress line is checked while this run waits
# How long one script run waits for the start. The start itself gives up after START_TIMEOUT (60 s), so a run
# normally ends with the start; if not, the progress line stays and the next run (a click, a reload) looks again.
PATIENCE = 90.0
PLACEHOLDER = "Ask a research question…"  # the chat page's own (ui/views/chat.py)
CHAT_INPUT = "chat-input"  # the chat box's key here and on the chat page: one widget, never two for a moment


def show_start(handle: SyncRuntime, title: str, *, chat: bool) -> None:
    """Draw the shell and the start's progress until the start is over, then rerun the app. Never returns.

    Args:
        handle: the runtime being started (``SyncRuntime(..., wait=False)``).
        title: the page's title.
        chat: whether the page is the chat (it gets a disabled chat input).
    """
    with st.sidebar:
        st.header("PAIAS")
        st.caption("Research assistant with honest tools")
    st.title(title)
    shown = handle.progress()
    status = st.status(shown, state="running")
    status.caption("A fresh app process starts the database, the embedding model and the MCP servers once.")
    if chat:
        from agent_core.settings import Settings  # the same limit as the chat page's box: part of its identity

        st.chat_input(PLACEHOLDER, key=CHAT_INPUT, disabled=True, max_chars=Settings().max_input_chars)
    deadline = time.monotonic() + PATIENCE
    while not handle.wait(TICK):
        if (line := handle.progress()) != shown:
            status.update(label=line)
            shown = line
        if time.monotonic() >= deadline:
            st.stop()
    st.rerun()
