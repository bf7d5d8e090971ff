"""PAIAS Research Assistant — the browser app: chat, memory, tasks, tools and traces.

Run with: ``make run`` (or ``streamlit run ui/app.py``).
"""

from __future__ import annotations

import streamlit as st

from agent_core.db import DATABASE_ERRORS, database_down_message
from agent_core.errors import PaiasError
from ui.runtime import get_runtime
from ui.sidebar import render_status

st.set_page_config(page_title="PAIAS Research Assistant", page_icon="🔬", layout="wide")
# Declared before the (slow, first-time) runtime start, so the sidebar never shows Streamlit's automatic page list.
page = st.navigation(
    [
        st.Page("views/chat.py", title="Chat", icon=":material/chat:", default=True),
        st.Page("views/memory.py", title="Memory", icon=":material/psychology:"),
        st.Page("views/tasks.py", title="Tasks", icon=":material/checklist:"),
        st.Page("views/tools.py", title="Tools", icon=":material/build:"),
        st.Page("views/traces.py", title="Traces", icon=":material/timeline:"),
    ]
)

try:
    handle = get_runtime()
except PaiasError as exc:
    st.error(f"The assistant could not start: {exc}")
    st.stop()

try:
    page.run()
    render_status(handle)
except DATABASE_ERRORS as exc:  # PostgreSQL went away while the app runs: say so instead of a traceback
    st.error(database_down_message(exc, handle.runtime.settings))
