"""The synchronous facade the UI uses: one loop thread owns the runtime; start errors surface to the caller."""

from __future__ import annotations

import threading

import pytest

from agent_core.errors import ConfigError
from agent_core.sync_runtime import SyncRuntime


def test_background_runtime_answers_from_any_thread_and_closes_its_servers(make_settings) -> None:
    handle = SyncRuntime(make_settings())
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(handle.ask("What time is it in Tokyo?"))) for _ in range(3)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert [r.kind for r in results] == ["answer"] * 3
    assert all(r.response.tool_calls[0].status.value == "success" for r in results)
    handle.close()
    handle.close()  # idempotent: atexit may call it again
    assert {s.name: s.state for s in handle.runtime.server_states()} == {"time": "stopped", "legacy": "stopped"}
    with pytest.raises(RuntimeError, match="closed"):
        handle.ask("What time is it?")


def test_a_start_error_reaches_the_caller(make_settings) -> None:
    with pytest.raises(ConfigError, match="AZURE_AI_FOUNDRY_ENDPOINT"):
        SyncRuntime(make_settings(model="azure:deepseek-v3"))
