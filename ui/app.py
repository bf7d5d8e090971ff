"""PAIAS Research Assistant — the browser app: chat, memory, tasks, approvals, tools and traces.

Run with: ``make run`` (or ``streamlit run ui/app.py``).

The first run of a fresh process draws the page's shell at once and the runtime's start progress under it
(ui/starting.py); modules that take seconds to import (pydantic-ai, MCP, psycopg, OpenTelemetry) load on the runtime's
thread or after the start, never before the first paint.
"""

from __future__ import annotations

import gc
import logging

import streamlit as st
from streamlit.navigation.page import StreamlitPage

from agent_core.errors import PaiasError
from agent_core.serving import serving_check
from agent_core.settings import Settings
from agent_core.sync_runtime import SyncRuntime
from agent_core.telemetry.logs import exception_summary
from ui.identity import current_runtime, render_person, render_sign_in, signed_out
from ui.runtime import get_runtime
from ui.serving import auth_configured, listening_address, render_verdict
from ui.starting import show_start

log = logging.getLogger("ui.app")
CHAT = "Chat"


@st.cache_resource(show_spinner=False)
def freeze_heap() -> bool:
    """Once per process, after its first page with the runtime up: collect, then freeze what is left (the libraries,
    models and the runtime) out of the garbage collector's way. A full collection otherwise walks all of it with the
    GIL held, 250–450 ms on the 2-core bench machine, and a question's allocations set one off about twice per
    question, stalling the page's run and its answer's first text at random (bench/ui.py)."""
    gc.collect()
    gc.freeze()
    return True


def failure(exc: BaseException) -> str:
    """``Type: message`` on one line, credentials blanked: what the page says about an unforeseen error."""
    from agent_core.telemetry import redact_text  # OpenTelemetry: imported only when there is a failure to tell

    return redact_text(exception_summary(exc))


def started(page: StreamlitPage) -> SyncRuntime:
    """The process's runtime once it is up. While it starts, this run draws the page's shell and the progress, and
    reruns the app when the start is over.

    Raises:
        Exception: the start-up error; the failed runtime is closed and forgotten, so the next run tries again.
    """
    handle = get_runtime()
    if not handle.wait(0):
        chat = page.title == CHAT
        show_start(handle, "Research chat" if chat else page.title, chat=chat)
    if handle.error is not None:
        handle.close()
        get_runtime.clear()
        raise handle.error
    return handle


st.set_page_config(page_title="PAIAS Research Assistant", page_icon="🔬", layout="wide")
address = listening_address()
if address is not None:  # a real server: an unprotected public address is refused before anything starts
    try:
        allow_anonymous = Settings().paias_allow_anonymous
    except Exception as exc:  # noqa: BLE001 - an invalid setting: say which, never a traceback
        st.error(f"A setting is invalid ({failure(exc)}). Fix it in the environment or .env, then reload the page.")
        st.stop()
    render_verdict(serving_check(address, auth_configured(), allow_anonymous))
if signed_out():  # sign-in is configured: a visitor who has not signed in gets only the sign-in page
    render_sign_in()
# Declared before the (slow, first-time) runtime start, so the sidebar never shows Streamlit's automatic page list.
page = st.navigation(
    [
        st.Page("views/chat.py", title=CHAT, icon=":material/chat:", default=True),
        st.Page("views/memory.py", title="Memory", icon=":material/psychology:"),
        st.Page("views/tasks.py", title="Tasks", icon=":material/checklist:"),
        st.Page("views/approvals.py", title="Approvals", icon=":material/approval:"),
        st.Page("views/audit.py", title="Audit", icon=":material/fact_check:"),
        st.Page("views/tools.py", title="Tools", icon=":material/build:"),
        st.Page("views/traces.py", title="Traces", icon=":material/timeline:"),
    ]
)

try:
    handle = started(page)
except PaiasError as exc:
    st.error(f"The assistant could not start: {exc}")
    st.stop()
except Exception as exc:  # unforeseen: one line here, the traceback in the app's log
    log.exception("the assistant could not start")
    st.error(
        f"The assistant could not start ({failure(exc)}). The details are in the app's log; fix the cause, then "
        "reload the page."
    )
    st.stop()

from agent_core.db import DATABASE_ERRORS, database_down_message  # noqa: E402 - psycopg: after the first paint
from ui.live import AFTER_PAGE  # noqa: E402 - the chat's cards (Pydantic AI): after the first paint too
from ui.sidebar import render_status  # noqa: E402

try:
    runtime = current_runtime(handle)  # who this session is: every page acts for them
    with st.sidebar:
        render_person(runtime.person)
    page.run()
    render_status(handle, runtime)
    # Work a page keeps for last (the chat's turn in flight, which holds this run until it ends) runs once the
    # shared sidebar is drawn, so the sidebar is never left greyed out as stale while an answer streams.
    for finish in st.session_state.pop(AFTER_PAGE, []):
        finish()
    if address is not None:  # a server's process (an AppTest's is the test run's own)
        freeze_heap()
except DATABASE_ERRORS as exc:  # PostgreSQL went away while the app runs: say so instead of a traceback
    st.error(database_down_message(exc, handle.runtime.settings))
except Exception as exc:  # unforeseen: one line here, the traceback in the app's log
    log.exception("page %r failed", page.title)
    st.error(
        f"This page failed ({failure(exc)}). Reload the page; if it keeps failing, the details are in the app's log."
    )
