"""Driving the Streamlit app in tests: close the cached runtime between tests, submit a chat message."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def reset_runtime() -> None:
    """Close the app's cached runtime (if any) and forget it, as a process restart would."""
    from ui.runtime import get_runtime

    try:
        handle = get_runtime()
    except Exception:  # noqa: BLE001 - nothing cached, or it failed to start: nothing to close
        handle = None
    if handle is not None:
        handle.close()
    get_runtime.clear()


def ask(at: AppTest, text: str) -> AppTest:
    """Type ``text`` into the chat input and submit it; the run must not raise."""
    at.chat_input[0].set_value(text).run()
    assert not at.exception, at.exception
    return at
