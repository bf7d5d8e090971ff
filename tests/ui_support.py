"""Driving the Streamlit app in tests: the app's runtime, kept from test to test while its servers stay the same;
the person each test acts as; submitting a chat message.

Starting the app's runtime (the pool, the MCP server processes, the agent) and closing it again was most of an
AppTest's time (issue 14). The UI test modules import the fixture ``configure`` from here (as
``configure_kept_runtime``, with ``app_runtime_closed_after_module``); it overrides tests/conftest.py's. The runtime
the app cached stays for the next test while it would start the same — the same settings apart from USER_ID and
PAIAS_HOME, and the same MCP servers by content — and before every run of an AppTest it is compared with what the
environment says now, and closed when they differ. So a test that changes the servers or a setting (TRACING, MODEL,
...) still gets a fresh start, at its next run. The module's last test closes it.

Each test still acts as a fresh person (conftest's ``user_id``): single-person mode's person is the USER_ID the app
would start with now, so a kept runtime acts for this test's person as a signed-in team acts for each member
(``AgentRuntime.for_person``), and tests never see each other's conversations, tasks, memories or approvals.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any
from unittest import mock

import pytest
from streamlit.components.v2.component_manager import BidiComponentManager
from streamlit.testing.v1 import AppTest

from agent_core.people.identity import acting_for, local_person
from agent_core.settings import Settings
from tests.helpers import TIME_SERVER

if TYPE_CHECKING:
    from agent_core.runtime import AgentRuntime
    from agent_core.sync_runtime import SyncRuntime

PER_TEST = {"user_id", "paias_home", "mcp_config"}  # settings a kept runtime need not share with the test


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


def start_key(settings: Settings) -> str:
    """What a runtime starts from, less what each test has of its own: the settings, and the servers by content."""
    config = Path(settings.mcp_config)
    servers = config.read_text() if config.is_file() else None
    return json.dumps([settings.model_dump(mode="json", exclude=PER_TEST), servers], sort_keys=True, default=str)


def keep_runtime_if_same() -> None:
    """Close the app's cached runtime unless it would start the same as the app would start one now."""
    handle = cached_runtime()
    if handle is None:
        return
    if not handle.wait(60) or not handle.ready or start_key(handle.runtime.settings) != start_key(Settings()):
        reset_runtime()


def this_tests_person(user_id: str, **options: Any) -> Any:
    """Single-person mode's person as the app would start now: USER_ID from the environment (the test's own)."""
    return local_person(os.environ.get("USER_ID") or user_id, **options)


@pytest.fixture(scope="module")
def app_runtime_closed_after_module() -> Iterator[None]:
    """The runtime kept for a module's tests is closed when the module is done: nothing outlives it in the worker."""
    yield
    reset_runtime()


@functools.cache
def installed_components() -> BidiComponentManager:
    """The custom components found in the installed packages, scanned once per worker: every new ``AppTest`` would
    otherwise read the metadata of every installed distribution again (~0.15 s of CPU each, ~100 apps per run)."""
    manager = BidiComponentManager()
    manager.discover_and_register_components(start_file_watching=False)
    return manager


@pytest.fixture(name="configure")
def configure_kept_runtime(
    app_runtime_closed_after_module: None,
    monkeypatch: pytest.MonkeyPatch,
    write_config,
    tmp_path: Path,
    pg_url: str,
    user_id: str,
) -> Iterator[Callable[[dict[str, Any]], None]]:
    """For the Streamlit app: point it at these MCP servers (default: time), the session database and a fresh user
    (see the module docstring: the runtime is kept while it would start the same)."""
    import ui.identity

    def apply(servers: dict[str, Any]) -> None:
        monkeypatch.setenv("MCP_CONFIG", str(write_config(servers)))
        monkeypatch.setenv("PAIAS_HOME", str(tmp_path / "home"))
        monkeypatch.setenv("DATABASE_URL", pg_url)
        monkeypatch.setenv("USER_ID", user_id)

    run = AppTest._run

    def run_on_a_matching_runtime(self: AppTest, *args: Any, **kwargs: Any) -> AppTest:
        keep_runtime_if_same()
        if self._bidi_component_manager is None:
            self._bidi_component_manager = installed_components()
        return run(self, *args, **kwargs)

    apply({"time": TIME_SERVER})
    monkeypatch.setattr(AppTest, "_run", run_on_a_matching_runtime)
    monkeypatch.setattr(ui.identity, "local_person", this_tests_person)
    yield apply


def app_runtime() -> tuple[SyncRuntime, AgentRuntime]:
    """The app's runtime (the kept one, or started now as the app would) and its view for this test's person, as the
    app's pages act: to prepare data the way another process of the same person would."""
    from ui.runtime import get_runtime

    keep_runtime_if_same()
    handle = get_runtime()
    return handle, handle.runtime.for_person(this_tests_person(handle.runtime.settings.user_id))


def as_person(rt: AgentRuntime, call: Callable[[], Coroutine[Any, Any, Any]]) -> Coroutine[Any, Any, Any]:
    """``call()`` run for ``rt``'s person: a tool call outside any turn then touches their data (MCP ``_meta``)."""

    async def acting() -> Any:
        with acting_for(rt.person.id):
            return await call()

    return acting()


def ask(at: AppTest, text: str) -> AppTest:
    """Type ``text`` into the chat input and submit it; the run must not raise."""
    at.chat_input[0].set_value(text).run()
    assert not at.exception, at.exception
    return at
