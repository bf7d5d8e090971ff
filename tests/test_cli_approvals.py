"""`paias proposals / approve / reject` and tool gaps from the terminal: each command is a new process state-wise
(a new runtime on the same database), as when a person approves from another terminal. The approval tests run
with the tasks server alone (every command starts its servers); the gap tests also have web search, as a person's
setup would."""

from __future__ import annotations

import json

import pytest

from agent_core.cli import main
from tests.helpers import TASKS


@pytest.fixture
def cli_env(monkeypatch, write_config, tmp_path, pg_url, user_id) -> None:
    """The tasks server, the session's database, a fresh person."""
    values = {
        "MCP_CONFIG": str(write_config({"tasks": TASKS})),
        "PAIAS_HOME": str(tmp_path / "home"),
        "DATABASE_URL": pg_url,
        "USER_ID": user_id,
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)


@pytest.fixture
def with_web_search(cli_env, monkeypatch, write_config, search_server) -> None:
    """``cli_env`` with the fake web search server next to the tasks server."""
    monkeypatch.setenv("MCP_CONFIG", str(write_config({"tasks": TASKS, "websearch": search_server})))


def ask(capsys, prompt: str) -> dict:
    assert main(["ask", prompt, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_delete_waits_then_approve_from_the_cli_deletes_once_and_a_second_approve_fails(cli_env, capsys) -> None:
    task_id = ask(capsys, "add a task to buy milk")["response"]["tool_calls"][0]["result"]["id"]
    paused = ask(capsys, f"delete task {task_id}")
    [pending] = paused["pending"]
    assert paused["kind"] == "approval_required" and pending["risk_level"] == "irreversible"

    assert main(["proposals"]) == 0
    assert f"{pending['id']}" in (listing := capsys.readouterr().out) and "delete_task" in listing

    assert main(["approve", pending["id"], "--json"]) == 0
    done = json.loads(capsys.readouterr().out)
    assert done["kind"] == "answer" and done["response"]["tool_calls"][0]["result"]["deleted"] == task_id

    assert main(["approve", pending["id"]]) == 1
    assert f"Approval {pending['id']} was already approved by cli" in capsys.readouterr().out
    assert "You have no tasks." in ask(capsys, "show my tasks")["response"]["answer"]
    assert main(["proposals", "--all", "--json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert (row["id"], row["status"], row["decided_by"]) == (pending["id"], "approved", "cli")


def test_reject_from_the_cli_with_a_reason_keeps_the_task(cli_env, capsys) -> None:
    task_id = ask(capsys, "add a task to call the vendor")["response"]["tool_calls"][0]["result"]["id"]
    [pending] = ask(capsys, f"delete task {task_id}")["pending"]
    assert main(["reject", pending["id"], "--reason", "not yet"]) == 0
    assert f"you rejected deleting task {task_id} 'Call the vendor' (reason: not yet)" in capsys.readouterr().out
    assert "Call the vendor" in ask(capsys, "show my tasks")["response"]["answer"]
    assert main(["proposals"]) == 0
    assert capsys.readouterr().out.strip() == "Nothing is waiting for your approval."


def test_approve_with_args_runs_the_edited_call_and_bad_args_are_a_clear_error(cli_env, capsys) -> None:
    keep = ask(capsys, "add a task to keep this")["response"]["tool_calls"][0]["result"]["id"]
    drop = ask(capsys, "add a task to drop this")["response"]["tool_calls"][0]["result"]["id"]
    [pending] = ask(capsys, f"delete task {keep}")["pending"]
    assert main(["approve", pending["id"], "--args", "[1]"]) == 1
    assert "The arguments must be a JSON object" in capsys.readouterr().err
    assert main(["approve", pending["id"], "--args", json.dumps({"task_id": drop}), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["response"]["tool_calls"][0]["parameters"] == {"task_id": drop}
    assert "Keep this" in ask(capsys, "show my tasks")["response"]["answer"]


def test_a_portfolio_request_is_an_honest_gap_with_guidance(with_web_search, capsys) -> None:
    task = "Retrieve my stock portfolio performance for Q3 2024"
    data = ask(capsys, task)
    assert data["kind"] == "tool_gap" and data["response"] is None
    assert data["gap"]["missing_tools"] == ["financial_data_api"] and data["gap"]["attempted_task"] == task
    assert {"web_search", "add_task", "search_memory"} <= set(data["gap"]["existing_tools_checked"])
    assert main(["ask", task]) == 0
    text, _, conversation = capsys.readouterr().out.partition("\nConversation: ")
    assert "Missing capability: financial_data_api" in text and "MCP_CONFIG" in text and conversation
    digits = {c for c in text if c.isdigit()}  # the answer's figures (the conversation id is not one)
    assert digits <= set("32024"), "no figure that is not in the request"


def test_weather_tomorrow_is_answerable_by_web_search_and_not_a_gap(with_web_search, capsys) -> None:
    data = ask(capsys, "weather in London tomorrow")
    assert data["kind"] == "answer"
    assert "web_search" in [c["tool_name"] for c in data["response"]["tool_calls"]]


@pytest.mark.parametrize(
    ("task", "missing"),
    [
        ("Delete all customer records from the production database", "database_write"),  # US2 scenario 3
        ("Send an email to my supervisor with the results", "email_sending"),
    ],
)
def test_actions_no_tool_provides_end_as_a_gap_and_nothing_runs(with_web_search, capsys, task, missing) -> None:
    data = ask(capsys, task)
    assert data["kind"] == "tool_gap" and data["gap"]["missing_tools"] == [missing]
    assert data["response"] is None and data["pending"] == []


def test_undo_from_the_cli_takes_back_the_newest_change(cli_env, capsys) -> None:
    added = ask(capsys, "add a task to order ethanol")
    task_id = added["response"]["tool_calls"][0]["result"]["id"]
    ask(capsys, f"mark task {task_id} as done")
    assert main(["undo"]) == 0
    assert capsys.readouterr().out.startswith(f"Undone: reopen task {task_id} 'Order ethanol'.")
    assert main(["undo", "--conversation", added["conversation_id"], "--json"]) == 0
    undone = json.loads(capsys.readouterr().out)
    assert [c["tool_name"] for c in undone["tool_calls"]] == ["delete_task"]
    assert main(["undo"]) == 1
    assert "There is nothing to undo" in capsys.readouterr().out
    assert "You have no tasks." in ask(capsys, "show my tasks")["response"]["answer"]


def test_a_decision_nobody_may_make_is_refused_before_any_server_starts(cli_env, capsys, monkeypatch, write_config):
    # A server that cannot start: were it started, the command would fail with "No MCP server could start" instead.
    monkeypatch.setenv("MCP_CONFIG", str(write_config({"tasks": {"command": "/nonexistent/tasks-server"}})))
    assert main(["approve", "nope"]) == 1
    assert "There is no approval 'nope'. Run `paias proposals`" in capsys.readouterr().out
    assert main(["reject", "nope", "--json"]) == 1
    refused = json.loads(capsys.readouterr().out)
    assert refused["kind"] == "error" and refused["error"].startswith("There is no approval 'nope'.")
