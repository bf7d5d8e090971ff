"""The serving gate of the browser app: where the server listens, whether sign-in is configured, and the verdict
of ``agent_core.serving.serving_check`` drawn on the page."""

from __future__ import annotations

import streamlit as st
from streamlit import config

from agent_core.serving import ServingVerdict


def listening_address() -> str | None:
    """streamlit's ``server.address`` ("" = all interfaces); None when no server listens (an AppTest run)."""
    if config.get_option("global.appTest"):  # AppTest patches the module's get_option, not st.get_option
        return None
    return st.get_option("server.address") or ""


def auth_configured() -> bool:
    """Whether an ``[auth]`` section is configured in the secrets; False when there is no secrets file at all."""
    try:
        return bool(st.secrets.load_if_toml_exists() and st.secrets.get("auth"))
    except Exception:  # noqa: BLE001 - an unreadable secrets file configures nothing
        return False


def render_verdict(verdict: ServingVerdict) -> None:
    """Refused: the reason, and the script stops (nothing starts). Allowed with a warning: it goes in the sidebar."""
    if not verdict.allowed:
        st.error(verdict.reason)
        st.stop()
    if verdict.warning:
        st.sidebar.warning(verdict.warning, icon=":material/public:")
