"""Driving the Streamlit app in tests: close the cached runtime between tests, submit a chat message."""

from __future__ import annotations

from typing import TYPE_CHECKING
from unittest import mock

from streamlit.testing.v1 import AppTest

if TYPE_CHECKING:
    from agent_core.sync_runtime import SyncRuntime


class _NotStarted(Exception):
    """Raised in place of starting a runtime: ``cached_runtime`` only looks at what is cached."""


def cached_runtime() -> SyncRuntime | None:
    """The app's cached runtime, or None when there is none — without ever starting one.

    Asking ``get_runtime()`` on a miss would start the default config's servers (and an embedded PostgreSQL in the
    checkout's .paias) only for the caller to close them again: that was most of a UI test's start-up time. Here the
    factory is refused on a miss, and Streamlit caches no value for a factory that raised.
    """
    import ui.runtime

    def refuse(*args: object, **kwargs: object) -> SyncRuntime:
        raise _NotStarted

    with mock.patch.object(ui.runtime, "SyncRuntime", refuse):
        try:
            return ui.runtime.get_runtime()
        except Exception:  # noqa: BLE001 - _NotStarted (nothing cached), or the factory failed before starting one
            return None


def reset_runtime() -> None:
    """Close the app's cached runtime (if any) and forget it, as a process restart would."""
    from ui.runtime import get_runtime

    handle = cached_runtime()
    if handle is not None:
        handle.close()
    get_runtime.clear()


def ask(at: AppTest, text: str) -> AppTest:
    """Type ``text`` into the chat input and submit it; the run must not raise."""
    at.chat_input[0].set_value(text).run()
    assert not at.exception, at.exception
    return at
