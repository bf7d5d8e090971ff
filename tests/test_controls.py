"""Start/stop requests from the CLI reach every process on the database; logs carry each turn's correlation id."""

from __future__ import annotations

import io
import json
import logging

import pytest

from agent_core.cli import main
from agent_core.runtime import AgentRuntime
from agent_core.telemetry.logs import configure_logging
from tests.helpers import TIME_SERVER

pytestmark = pytest.mark.anyio


@pytest.fixture
def server_name(user_id: str) -> str:
    # Requests are shared by every process on a database (servers are not per user), so each test stops a server
    # of its own name: the session database is shared with every other test.
    return f"clock-{user_id}"


@pytest.fixture
def cli_env(monkeypatch, write_config, tmp_path, pg_url, user_id, server_name) -> None:
    values = {
        "MCP_CONFIG": str(write_config({server_name: TIME_SERVER})),
        "PAIAS_HOME": str(tmp_path / "home"),
        "DATABASE_URL": pg_url,
        "USER_ID": user_id,
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)


def states(capsys) -> dict[str, str]:
    assert main(["servers", "--json"]) == 0
    return {s["name"]: s["state"] for s in json.loads(capsys.readouterr().out)}


def test_a_server_stopped_from_the_cli_stays_stopped_in_new_processes_until_started(
    cli_env, capsys, server_name
) -> None:
    assert states(capsys) == {server_name: "ready", "legacy": "ready"}
    assert main(["servers", "stop", server_name, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"name": server_name, "desired": "stopped"}
    assert states(capsys)[server_name] == "stopped"
    assert main(["servers", "start", server_name]) == 0
    assert "a new app starts again" in capsys.readouterr().out
    assert states(capsys)[server_name] == "ready"


def test_servers_lists_kind_state_and_a_measured_health_latency(cli_env, capsys, server_name) -> None:
    assert main(["servers", "--json"]) == 0
    [row] = [s for s in json.loads(capsys.readouterr().out) if s["name"] == server_name]
    assert (
        row["kind"] == "mcp"
        and sorted(row["tools"]) == ["convert_time", "get_current_time"]
        and 0 < row["last_latency_ms"] < 1000
    )


def test_starting_an_unknown_server_names_the_configured_ones(cli_env, capsys, server_name) -> None:
    assert main(["servers", "start", "nope"]) == 1
    assert f"There is no server named 'nope'. Configured: {server_name}, legacy." in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["servers", "stop"], ["servers", "restart", "x"]])
def test_servers_start_stop_without_a_name_is_a_usage_error(argv) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2


async def test_a_running_app_follows_a_stop_requested_by_another_process(make_settings, server_name) -> None:
    async with (
        AgentRuntime(make_settings({server_name: TIME_SERVER})) as app,
        AgentRuntime(make_settings({server_name: TIME_SERVER})) as other,
    ):
        assert (await other.set_server(server_name, "stopped", by="test")).state == "stopped"
        assert app.servers.states[server_name].state == "ready"
        await app.servers.follow_requests()  # what its monitor does every round
        assert app.servers.states[server_name].state == "stopped"
        assert "get_current_time" not in {t.name for t in await app.tools()}
        await other.set_server(server_name, "started", by="test")
        await app.servers.follow_requests()
        assert app.servers.states[server_name].state == "ready"


async def test_every_log_line_of_a_turn_carries_its_correlation_id(make_settings) -> None:
    stream = io.StringIO()
    configure_logging(logging.INFO, stream=stream)
    try:
        async with AgentRuntime(make_settings()) as runtime:
            stream.seek(0)
            stream.truncate()
            turn = await runtime.ask("What time is it in Tokyo?")
    finally:
        logging.getLogger().handlers.clear()
        logging.getLogger().setLevel(logging.WARNING)
    lines = [json.loads(line) for line in stream.getvalue().splitlines()]
    during = lines[: next(i for i, line in enumerate(lines) if line["message"].startswith("turn finished")) + 1]
    assert {line.get("correlation_id") for line in during} == {turn.correlation_id}
    calls = [line for line in during if line.get("tool") == "get_current_time"]
    assert [c["message"].split(": ")[-1].split(" in ")[0] for c in calls] == [
        "tool call get_current_time on time requested",
        "success",
    ]
    assert calls[1]["status"] == "success" and calls[1]["server"] == "time" and calls[1]["duration_ms"] >= 1
