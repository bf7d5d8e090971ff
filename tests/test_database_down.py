"""PostgreSQL going away under a running app: a clear message that says what to do, never a traceback.

Each test runs its own embedded PostgreSQL (the session database is shared with every other test) and stops it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from agent_core.db import stop_embedded
from agent_core.runtime import AgentRuntime
from agent_core.settings import PROJECT_ROOT, Settings
from tests.helpers import TIME_SERVER
from tests.ui_support import ask, reset_runtime

pytestmark = [pytest.mark.anyio, pytest.mark.fault]


async def test_a_turn_when_the_database_is_gone_is_an_error_turn_with_the_next_step(write_config, tmp_path) -> None:
    settings = Settings(_env_file=None, paias_home=tmp_path / "home", mcp_config=write_config({"time": TIME_SERVER}))
    async with AgentRuntime(settings) as runtime:
        assert (await runtime.ask("What time is it in Tokyo?")).kind == "answer"
        stop_embedded(tmp_path / "home" / "pgdata")
        turn = await runtime.ask("What time is it in Lima?")
    assert turn.kind == "error" and turn.error.startswith("The database is not answering (")
    assert "Nothing was half-stored" in turn.error and str(tmp_path / "home" / "pgdata") in turn.error


def test_the_app_says_the_database_is_gone_instead_of_a_traceback(
    monkeypatch: pytest.MonkeyPatch, write_config, tmp_path: Path
) -> None:
    monkeypatch.setenv("MCP_CONFIG", str(write_config({"time": TIME_SERVER})))
    monkeypatch.setenv("PAIAS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    reset_runtime()
    try:
        at = AppTest.from_file(str(PROJECT_ROOT / "ui" / "app.py"), default_timeout=60).run()
        ask(at, "What time is it in Tokyo?")
        stop_embedded(tmp_path / "home" / "pgdata")
        at.run()
        assert not at.exception
        assert at.error[0].value.startswith("The database is not answering (")
        assert "restarting the app starts it again" in at.error[0].value
    finally:
        reset_runtime()
