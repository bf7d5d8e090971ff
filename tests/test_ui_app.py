"""The chat page, driven with Streamlit's AppTest against the real runtime and the real time server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from agent_core.settings import PROJECT_ROOT
from tests.conftest import TIME_SERVER

APP = str(PROJECT_ROOT / "ui" / "app.py")


def _reset_runtime() -> None:
    from ui.runtime import get_runtime

    try:
        handle = get_runtime()
    except Exception:  # noqa: BLE001 - nothing cached, or it failed to start: nothing to close
        handle = None
    if handle is not None:
        handle.close()
    get_runtime.clear()


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch, write_config, tmp_path: Path, pg_url: str, user_id: str) -> Iterator[AppTest]:
    monkeypatch.setenv("MCP_CONFIG", str(write_config({"time": TIME_SERVER})))
    monkeypatch.setenv("PAIAS_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("DATABASE_URL", pg_url)
    monkeypatch.setenv("USER_ID", user_id)
    at = AppTest.from_file(APP, default_timeout=60)
    yield at
    _reset_runtime()


def ask(at: AppTest, text: str) -> AppTest:
    at.chat_input[0].set_value(text).run()
    assert not at.exception, at.exception
    return at


def test_sidebar_shows_the_offline_planner_and_the_ready_time_server(app: AppTest) -> None:
    app.run()
    assert not app.exception
    sidebar_text = " ".join(m.value for m in app.sidebar.markdown)
    assert "offline planner (no LLM)" in sidebar_text
    assert ":green[●] **time** — ready, 1 tools" in sidebar_text
    assert "MODEL=azure" in app.sidebar.info[0].value


def test_asking_the_time_shows_answer_confidence_reasoning_and_the_tool_call(app: AppTest) -> None:
    app.run()
    ask(app, "What time is it in Tokyo?")
    user, assistant = app.chat_message
    assert user.markdown[0].value == "What time is it in Tokyo?"
    texts = [m.value for m in assistant.markdown]
    assert texts[0].startswith("In Tokyo (Asia/Tokyo) it is")
    assert ":green-badge[confidence 0.95]" in texts
    assert any("get_current_time(timezone='Asia/Tokyo')" in t for t in texts)
    table = assistant.dataframe[0].value
    assert list(table["tool"]) == ["get_current_time"] and list(table["status"]) == ["success"]
    assert table["duration (ms)"].iloc[0] > 0


def test_turns_accumulate_and_follow_ups_use_the_conversation(app: AppTest) -> None:
    app.run()
    ask(app, "What time is it in Tokyo?")
    ask(app, "And in Paris?")
    assert len(app.chat_message) == 4
    assert app.chat_message[3].markdown[0].value.startswith("In Paris (Europe/Paris) it is")
    app.sidebar.button[0].click().run()
    assert len(app.chat_message) == 0


def test_bad_input_shows_a_clear_error(app: AppTest) -> None:
    app.run()
    ask(app, "ring\x07")
    assert "control characters" in app.chat_message[1].error[0].value


def test_a_start_failure_is_shown_with_the_variable_to_set(app: AppTest, monkeypatch: pytest.MonkeyPatch) -> None:
    _reset_runtime()
    monkeypatch.setenv("MODEL", "azure:deepseek-v3")
    app.run()
    assert "AZURE_AI_FOUNDRY_ENDPOINT" in app.error[0].value
    assert not app.chat_input


def _render(kind: str) -> None:
    from agent_core.schemas import PendingApproval, RiskLevel, ToolGapReport, TurnResult
    from ui.chat import render_turn

    turns = {
        "approval": TurnResult(
            kind="approval_required",
            correlation_id="c",
            pending=[
                PendingApproval(
                    id="p1",
                    tool_name="delete_task",
                    parameters={"task_id": 7},
                    risk_level=RiskLevel.IRREVERSIBLE,
                    reason="the server marks this tool destructive",
                )
            ],
        ),
        "gap": TurnResult(
            kind="tool_gap",
            correlation_id="c",
            gap=ToolGapReport(
                missing_tools=["financial_data_api"],
                attempted_task="stocks",
                existing_tools_checked=["get_current_time"],
            ),
        ),
        "html": TurnResult(
            kind="answer",
            correlation_id="c",
            response={"answer": "<script>alert(1)</script> **bold**", "reasoning": "r", "confidence": 0.3},
        ),
    }
    render_turn(turns[kind])


@pytest.mark.parametrize(
    ("kind", "expected"),
    [("approval", "delete_task** needs your approval (risk: irreversible"), ("gap", "financial_data_api")],
)
def test_pending_approvals_and_gaps_render_as_warnings(kind: str, expected: str) -> None:
    at = AppTest.from_function(_render, args=(kind,)).run()
    assert expected in at.warning[0].value


def test_answers_render_as_markdown_with_a_red_badge_for_low_confidence() -> None:
    at = AppTest.from_function(_render, args=("html",)).run()
    assert at.markdown[0].value == "<script>alert(1)</script> **bold**"
    assert at.markdown[0].proto.allow_html is False
    assert ":red-badge[confidence 0.30]" in [m.value for m in at.markdown]


def test_a_delete_waits_for_approval_and_the_approve_button_runs_it_once(
    app: AppTest, monkeypatch: pytest.MonkeyPatch, write_config
) -> None:
    from tests.test_tasks_agent import TASKS

    monkeypatch.setenv("MCP_CONFIG", str(write_config({"tasks": TASKS})))
    app.run()
    ask(app, "add a task to renew the grant")
    task_id = app.session_state["turns"][0][1].response.tool_calls[0].result["id"]
    ask(app, f"delete task {task_id}")
    assert "needs your approval" in app.chat_message[-1].warning[0].value
    [approve] = [b for b in app.chat_message[-1].button if b.label == "Approve"]
    approve.click().run()
    assert not app.exception, app.exception
    answer = " ".join(m.value for m in app.chat_message[-1].markdown)
    assert f"Deleted task {task_id}: Renew the grant" in answer
    assert [b.label for b in app.chat_message[-3].button] == []  # decided: no buttons any more


def test_a_gap_shows_the_missing_capability_and_what_to_do(app: AppTest) -> None:
    app.run()
    ask(app, "Book a flight to Boston next Monday")
    assistant = app.chat_message[-1]
    assert "Missing capability: travel_booking" in assistant.warning[0].value
    assert "mcpServers" in assistant.text[0].value
