"""A fresh app process: the page's shell and the start's progress show at once, then the chat (or the start error).

The slow start is a real one held at a gate: an AgentRuntime (or, for the progress wording, a stand-in handed to
SyncRuntime's ``runtime=`` seam) whose ``__aenter__`` waits until the test opens it.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from agent_core.errors import ConfigError
from agent_core.orchestrator import ServerState
from agent_core.runtime import AgentRuntime
from agent_core.settings import PROJECT_ROOT, Settings
from agent_core.sync_runtime import SyncRuntime

APP = str(PROJECT_ROOT / "ui" / "app.py")
DEADLINE_S = 30.0


async def until(gate: threading.Event) -> None:
    """Wait on the loop until the test opens ``gate`` (a start being cancelled meanwhile ends the wait)."""
    while not gate.is_set():
        await asyncio.sleep(0.01)


def eventually(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while not condition():
        assert time.monotonic() < deadline, f"not within {DEADLINE_S:.0f} s: {what}"
        time.sleep(0.01)


class GatedRuntime(AgentRuntime):
    """The real runtime, whose start holds in the database phase until ``gate`` opens."""

    def __init__(self, settings: Settings, gate: threading.Event) -> None:
        super().__init__(settings)
        self.gate = gate

    async def __aenter__(self) -> AgentRuntime:
        self.phase = "database"
        await until(self.gate)
        return await super().__aenter__()


@pytest.fixture
def gated(configure, monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    """The app's runtime factory builds gated runtimes; ``handles`` lists each one the app started."""
    import ui.runtime

    box = SimpleNamespace(gate=threading.Event(), handles=[])

    def start(settings: Settings, *, wait: bool = True) -> SyncRuntime:
        handle = SyncRuntime(runtime=GatedRuntime(settings, box.gate), wait=wait)
        box.handles.append(handle)
        return handle

    monkeypatch.setattr(ui.runtime, "SyncRuntime", start)
    yield box
    box.gate.set()


@pytest.fixture
def impatient(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page run waits no time for the start: the run ends showing the start as it is."""
    monkeypatch.setattr("ui.starting.PATIENCE", 0.0)


def test_while_the_runtime_starts_the_page_shows_its_shell_and_progress_and_no_error(gated, impatient) -> None:
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.exception, at.exception
    assert not at.error
    assert at.title[0].value == "Research chat"
    assert at.sidebar.header[0].value == "PAIAS"
    [status] = at.status
    assert status.label == "Starting the database…"
    [box] = at.chat_input
    assert box.disabled and box.placeholder == "Ask a research question…"
    assert not gated.handles[0].ready


def test_when_the_start_is_over_the_next_run_shows_the_chat(gated, impatient) -> None:
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert at.chat_input[0].disabled
    gated.gate.set()
    assert gated.handles[0].wait(DEADLINE_S) and gated.handles[0].ready
    at.run()
    assert not at.exception, at.exception
    assert not at.status and not at.chat_input[0].disabled
    assert "offline planner (no LLM)" in " ".join(m.value for m in at.sidebar.markdown)
    assert len(gated.handles) == 1  # the started runtime is the cached one, not a second start


def test_a_page_run_waits_for_the_start_and_reruns_into_the_chat(gated) -> None:
    def open_once_held() -> None:
        eventually(lambda: bool(gated.handles) and "database" in gated.handles[0].progress(), "the start to hold")
        gated.gate.set()

    opener = threading.Thread(target=open_once_held, daemon=True)
    opener.start()
    at = AppTest.from_file(APP, default_timeout=60).run()
    opener.join(timeout=DEADLINE_S)
    assert not at.exception, at.exception
    assert not at.status and not at.chat_input[0].disabled and at.title[0].value == "Research chat"
    assert gated.handles[0].runtime.phase == "ready"


def test_a_start_failure_shows_the_start_error_and_the_next_run_starts_again(
    gated, impatient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MODEL", "azure:deepseek-v3")  # no endpoint: the start fails with a ConfigError
    at = AppTest.from_file(APP, default_timeout=60).run()
    assert not at.error and at.status[0].label == "Starting the database…"
    gated.gate.set()
    assert gated.handles[0].wait(DEADLINE_S)
    at.run()
    assert "The assistant could not start: " in at.error[0].value
    assert "AZURE_AI_FOUNDRY_ENDPOINT" in at.error[0].value
    assert not at.chat_input and not at.status
    at.run()  # the failed runtime was closed and forgotten: this run starts a new one (which fails again)
    assert len(gated.handles) == 2 and "AZURE_AI_FOUNDRY_ENDPOINT" in at.error[0].value


class Starting:
    """A stand-in runtime for ``SyncRuntime(runtime=...)``: the test sets its phase and server states; its start
    holds until ``gate`` opens, then fails with ``failure`` if one is set."""

    def __init__(self) -> None:
        self.phase = "new"
        self.servers = SimpleNamespace(states={})
        self.gate = threading.Event()
        self.failure: Exception | None = None
        self.exited = False

    async def __aenter__(self) -> Starting:
        await until(self.gate)
        if self.failure is not None:
            raise self.failure
        self.phase = "ready"
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        self.exited = True


def servers(**states: str) -> dict[str, ServerState]:
    found = {name: ServerState(name, state=state) for name, state in states.items()}  # type: ignore[arg-type]
    found["legacy"] = ServerState("legacy", kind="local", state="ready")  # a local agent is no MCP server
    return found


@pytest.fixture
def starting() -> Starting:
    fake = Starting()
    yield fake
    fake.gate.set()


def test_progress_names_each_start_phase_and_counts_the_mcp_servers_ready(starting: Starting) -> None:
    handle = SyncRuntime(runtime=starting, wait=False)  # type: ignore[arg-type]
    try:
        assert not handle.ready and handle.error is None and not handle.wait(0)
        assert handle.progress() == "Loading the assistant…"
        starting.phase = "settings"
        assert handle.progress() == "Checking the settings…"
        starting.phase = "database"
        assert handle.progress() == "Starting the database…"
        starting.phase = "servers"
        starting.servers.states = servers(time="ready", tasks="stopped", files="stopped", web="stopped")
        assert handle.progress() == "Starting MCP servers (1/4 ready) and loading the embedding model…"
        starting.servers.states = servers(time="ready", tasks="failed", files="ready", web="stopped")
        assert handle.progress() == "Starting MCP servers (2/4 ready, 1 failed) and loading the embedding model…"
        starting.servers.states = servers(time="ready", tasks="failed", files="ready", web="ready")
        assert handle.progress() == "Loading the embedding model…"  # every server settled: the model remains
        starting.phase = "agent"
        assert handle.progress() == "Preparing the agent…"
        starting.gate.set()
        assert handle.wait(DEADLINE_S) and handle.ready and handle.error is None
        assert handle.progress() == "Ready." and handle.runtime is starting
    finally:
        handle.close()
    assert starting.exited and not handle.ready


def test_a_failed_start_is_the_error_and_the_runtime_raises_it(starting: Starting) -> None:
    starting.failure = ConfigError("Set AZURE_AI_FOUNDRY_ENDPOINT.")
    handle = SyncRuntime(runtime=starting, wait=False)  # type: ignore[arg-type]
    try:
        starting.gate.set()
        assert handle.wait(DEADLINE_S)
        assert handle.error is starting.failure and not handle.ready
        assert handle.progress() == "The assistant could not start."
        with pytest.raises(ConfigError, match="AZURE_AI_FOUNDRY_ENDPOINT"):
            handle.runtime  # noqa: B018 - the property raises the start error
    finally:
        handle.close()


def test_closing_during_the_start_cancels_it_at_once(starting: Starting) -> None:
    handle = SyncRuntime(runtime=starting, wait=False)  # type: ignore[arg-type]
    started = time.monotonic()
    handle.close()
    assert time.monotonic() - started < 5  # not the 15 s a stuck owner would cost
    assert handle.wait(0) and isinstance(handle.error, RuntimeError) and "closed" in str(handle.error)
    assert not starting.exited  # it never started, so there is nothing to exit


def test_a_start_slower_than_its_timeout_fails_with_a_timeout_error(starting: Starting) -> None:
    handle = SyncRuntime(runtime=starting, wait=False, start_timeout=0.2)  # type: ignore[arg-type]
    try:
        assert handle.wait(DEADLINE_S)
        assert isinstance(handle.error, TimeoutError) and "did not start within" in str(handle.error)
    finally:
        handle.close()
    with pytest.raises(TimeoutError, match="did not start within"):
        SyncRuntime(runtime=Starting(), start_timeout=0.2)  # type: ignore[arg-type] - blocking: raised to the caller
