"""The one runtime per app process. Kept tiny on purpose: editing a cached factory under hot reload starts new
servers without closing the old ones, so nothing else lives here."""

from __future__ import annotations

import atexit

import streamlit as st
from dotenv import load_dotenv

from agent_core.settings import Settings
from agent_core.sync_runtime import SyncRuntime


@st.cache_resource(show_spinner=False)
def get_runtime() -> SyncRuntime:
    """Start the runtime once per process, in the background (the page shows its progress: ui/starting.py);
    Streamlit never releases it, so atexit closes it."""
    load_dotenv(override=False)
    handle = SyncRuntime(Settings(), wait=False)
    atexit.register(handle.close)
    return handle
