"""The browser app, driven with Streamlit's AppTest against the real runtime, real MCP servers and PostgreSQL."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from agent_core.settings import PROJECT_ROOT
from tests.helpers import TASKS
from tests.ui_support import (  # noqa: F401 - fixtures
    app_runtime,
    app_runtime_closed_after_module,
    ask,
    configure_kept_runtime,
    reset_runtime,
)

APP = str(PROJECT_ROOT / "ui" / "app.py")


@pytest.fixture
def app(configure) -> AppTest:
    return AppTest.from_file(APP, default_timeout=60)


@pytest.fixture
def tasks_app(configure) -> Callable[[], AppTest]:
    configure({"tasks": TASKS})
    return lambda: AppTest.from_file(APP, default_timeout=60)


def button(at: AppTest, key: str):
    [found] = [b for b in at.button if b.key == key]
    return found


def texts(element) -> str:
    return " ".join(m.value for m in element.markdown)


def deleted(answer: str) -> str:
    """A delete confirmation compared by meaning: case and a closing full stop do not matter."""
    return answer.strip().rstrip(".").lower()


def open_trace(at: AppTest):
    """Open the newest answer's Trace expander (what it holds is drawn only while it is open); returns it."""
    [key] = [k for k in at.session_state if str(k).startswith("trace-")]
    at.session_state[key] = True
    at.run()
    [trace] = [e for e in at.chat_message[-1].expander if e.label == "Trace"]
    return trace


def add_and_ask_delete(at: AppTest, title: str) -> tuple[int, str]:
    ask(at, f"add a task to {title}")
    task_id = int(re.match(r"Added task (\d+):", at.chat_message[-1].markdown[0].value).group(1))
    ask(at, f"delete task {task_id}")
    [approve] = [b for b in at.chat_message[-1].button if b.label == "Approve"]
    return task_id, approve.key.removeprefix("approve-")


def test_sidebar_shows_the_offline_planner_the_servers_and_the_pages(app: AppTest) -> None:
    app.run()
    assert not app.exception
    sidebar = " ".join(m.value for m in app.sidebar.markdown)
    assert "offline planner (no LLM)" in sidebar and ":green[●] **time** — ready, 2 tools" in sidebar
    assert "Offline planner" in app.sidebar.info[0].value
    [how] = [e for e in app.sidebar.expander if e.label == "Use an LLM"]
    assert "MODEL=azure" in how.caption[0].value
    assert "Offline planner" in texts(app.main)  # shown in the page too: a phone hides the sidebar
    [intro] = [m.value for m in app.main.markdown if m.value.startswith("I can help")]
    assert intro.startswith("I can help with the current time in a time zone") and "wait for your approval" in intro
    chips = [b.label for b in app.button if b.key and b.key.startswith("chip-")]
    assert chips[0] == "What time is it in Tokyo?" and "Retrieve my stock portfolio performance for Q3 2024" in chips


def test_an_answer_card_shows_answer_badge_reasoning_and_tool_calls_and_joins_the_sidebar(app: AppTest) -> None:
    app.run()
    ask(app, "What time is it in Tokyo?")
    user, assistant = app.chat_message
    assert user.markdown[0].value == "What time is it in Tokyo?"
    assert re.match(r"In (Tokyo \()?Asia/Tokyo\)? it is \d{2}:\d{2}", assistant.markdown[0].value)
    assert re.search(r":green-badge\[confidence 0\.\d+\]", texts(assistant))
    table = assistant.dataframe[0].value
    assert list(table["tool"]) == ["get_current_time"] and list(table["status"]) == ["success"]
    assert app.title[0].value == "What time is it in Tokyo?"
    assert app.query_params["c"] and f"conv-{app.query_params['c']}" in [b.key for b in app.sidebar.button]


def test_follow_ups_switching_and_a_refresh_keep_the_conversation(app: AppTest, configure) -> None:
    app.run()
    ask(app, "What time is it in Tokyo?")
    ask(app, "And in Paris?")
    assert re.match(r"In (Paris \()?Europe/Paris\)? it is \d{2}:\d{2}", app.chat_message[3].markdown[0].value)
    conversation = app.query_params["c"]
    app.sidebar.button[0].click().run()  # New conversation
    assert len(app.chat_message) == 0 and "c" not in app.query_params
    button(app, f"conv-{conversation}").click().run()
    assert len(app.chat_message) == 4
    refreshed = AppTest.from_file(APP, default_timeout=60)
    refreshed.query_params["c"] = conversation
    refreshed.run()
    assert len(refreshed.chat_message) == 4 and refreshed.title[0].value == "What time is it in Tokyo?"


def test_bad_input_is_refused_at_once_and_nothing_is_stored(app: AppTest) -> None:
    app.run()
    ask(app, "ring\x07")
    assert "control characters" in app.error[0].value
    assert len(app.chat_message) == 0 and "c" not in app.query_params


def test_a_suggestion_chip_asks_its_question(app: AppTest) -> None:
    app.run()
    button(app, "chip-0").click().run()
    assert not app.exception
    assert app.chat_message[0].markdown[0].value == "What time is it in Tokyo?"
    assert re.match(r"In (Tokyo \()?Asia/Tokyo", app.chat_message[1].markdown[0].value)


def test_a_gap_card_names_what_is_missing_what_was_checked_and_what_to_do(app: AppTest) -> None:
    app.run()
    ask(app, "Book a flight to Boston next Monday")
    card = app.chat_message[-1]
    assert "Missing capability: travel_booking" in card.warning[0].value
    assert "mcpServers" in card.text[0].value and "get_current_time" in card.text[0].value


def test_approve_runs_the_delete_once_and_the_card_shows_who_decided(tasks_app) -> None:
    at = tasks_app().run()
    task_id, approval = add_and_ask_delete(at, "renew the grant")
    assert "risk **irreversible**" in texts(at.chat_message[-1])
    button(at, f"approve-{approval}").click().run()
    assert not at.exception, at.exception
    done, card = at.chat_message[-1], at.chat_message[-2]
    assert deleted(done.markdown[0].value) == f"deleted task {task_id}: renew the grant"
    assert card.name == "assistant" and at.chat_message[-3].name == "user"  # no message the person never typed
    target = f"task {task_id} 'Renew the grant'"
    summary = rf"Approved by browser at \d{{4}}-\d\d-\d\d \d\d:\d\d UTC — deleting {target}\."
    assert re.fullmatch(summary, card.success[0].value) and not done.success  # said once, on the card right above
    assert f"`delete_task` on {target}" in texts(card)  # the card names the target
    assert not [b for b in card.button if b.label == "Approve"]


def test_reject_with_a_reason_keeps_the_task_and_says_why(tasks_app) -> None:
    at = tasks_app().run()
    _, approval = add_and_ask_delete(at, "order pipettes")
    [reason] = [t for t in at.text_input if t.key == f"reason-{approval}"]
    reason.set_value("still needed")
    button(at, f"reject-{approval}").click().run()
    rejected = at.chat_message[-1]  # the card itself: the resumed run adds nothing it does not already say
    assert rejected.name == "assistant" and at.chat_message[-2].markdown[0].value.startswith("delete task")
    [said] = rejected.info
    assert re.fullmatch(
        r"Not run — you rejected deleting task \d+ 'Order pipettes' \(reason: still needed\)\.", said.value
    )
    assert not rejected.error and "confidence" not in texts(rejected)  # no red failure badge
    shown = " ".join(texts(m) + " ".join(i.value for i in m.info) for m in at.chat_message)
    assert "Do not try" not in shown and "Tell the person" not in shown
    ask(at, "show my tasks")
    assert "Order pipettes" in at.chat_message[-1].markdown[0].value


def test_edited_arguments_are_validated_and_the_edited_call_runs(tasks_app) -> None:
    at = tasks_app().run()
    ask(at, "add a task to keep this")
    keep_id, approval = add_and_ask_delete(at, "drop this")
    [args] = [t for t in at.text_area if t.key == f"args-{approval}"]
    args.set_value("{not json")  # the card is a form: what was typed arrives with the click
    button(at, f"approve-{approval}").click().run()
    assert "not valid JSON" in at.chat_message[-1].error[0].value  # nothing ran, the card is still there
    [args] = [t for t in at.text_area if t.key == f"args-{approval}"]
    args.set_value(json.dumps({"task_id": keep_id - 1}))
    button(at, f"approve-{approval}").click().run()
    assert deleted(at.chat_message[-1].markdown[0].value) == f"deleted task {keep_id - 1}: keep this"
    card = at.chat_message[-2]  # the record shows what ran, with what was asked beside it
    assert f"deleting task {keep_id - 1} 'Keep this' (edited from task {keep_id} 'Drop this')" in card.success[0].value
    ran, asked = (json.loads(c.value) for c in card.code)
    assert ran == {"task_id": keep_id - 1} and asked == {"task_id": keep_id}


def test_a_decision_made_from_the_cli_appears_on_the_next_rerun(tasks_app) -> None:
    from agent_core.cli import main

    at = tasks_app().run()
    task_id, approval = add_and_ask_delete(at, "call the vendor")
    assert main(["approve", approval]) == 0  # another process, same database
    at.run()
    assert deleted(at.chat_message[-1].markdown[0].value) == f"deleted task {task_id}: call the vendor"
    assert "Approved by cli" in at.chat_message[-2].success[0].value


def test_a_pending_card_survives_a_restart_and_can_still_be_approved(tasks_app) -> None:
    at = tasks_app().run()
    task_id, approval = add_and_ask_delete(at, "wash the flasks")
    conversation = at.query_params["c"]
    reset_runtime()  # the app process restarts: only PostgreSQL remembers
    again = tasks_app()
    again.query_params["c"] = conversation
    again.run()
    assert "1 action waiting for your approval" in again.sidebar.warning[0].value
    button(again, f"approve-{approval}").click().run()
    assert deleted(again.chat_message[-1].markdown[0].value) == f"deleted task {task_id}: wash the flasks"


def test_rename_and_delete_a_conversation(app: AppTest) -> None:
    app.run()
    ask(app, "What time is it in Tokyo?")
    conversation = app.query_params["c"]
    [title] = [t for t in app.sidebar.text_input if t.key == f"title-{conversation}"]
    title.set_value("Tokyo clock")
    button(app, "rename").click().run()
    assert app.title[0].value == "Tokyo clock"
    button(app, "delete").click().run()
    assert "Delete “Tokyo clock” and its 1 message?" in app.sidebar.warning[0].value  # asks first
    button(app, "delete-cancelled").click().run()
    assert app.title[0].value == "Tokyo clock"
    button(app, "delete").click().run()
    button(app, "delete-confirmed").click().run()
    assert app.title[0].value == "Research chat" and f"conv-{conversation}" not in [b.key for b in app.button]


def test_a_start_failure_is_shown_with_the_variable_to_set(app: AppTest, monkeypatch: pytest.MonkeyPatch) -> None:
    reset_runtime()
    monkeypatch.setenv("MODEL", "azure:deepseek-v3")
    app.run()
    assert "AZURE_AI_FOUNDRY_ENDPOINT" in app.error[0].value
    assert not app.chat_input


def _render(kind: str) -> None:
    from typing import Any  # noqa: F401 - AppTest.from_function runs this source alone; annotations need it

    from agent_core.schemas import PendingApproval, RiskLevel, TurnResult
    from ui.chat import render_turn

    def pending(level: RiskLevel) -> TurnResult:
        item = PendingApproval(
            id="p1", tool_name="send_email", parameters={"to": "a@b.c"}, risk_level=level, reason="r"
        )
        return TurnResult(kind="approval_required", correlation_id="c", pending=[item])

    class Ignore:
        def approve(self, *args: Any) -> None: ...

        def reject(self, *args: Any) -> None: ...

    turns = {
        "delayed": pending(RiskLevel.REVERSIBLE_WITH_DELAY),
        "irreversible": pending(RiskLevel.IRREVERSIBLE),
        "html": TurnResult(
            kind="answer",
            correlation_id="c",
            response={"answer": "<script>alert(1)</script> **bold**", "reasoning": "r", "confidence": 0.3},
        ),
    }
    render_turn(turns[kind], {}, Ignore())


@pytest.mark.parametrize(
    ("kind", "labels"),
    [("delayed", ["Approve", "Always allow here", "Reject"]), ("irreversible", ["Approve", "Reject"])],
)
def test_always_allow_is_offered_only_where_the_policy_permits(kind: str, labels: list[str]) -> None:
    at = AppTest.from_function(_render, args=(kind,), default_timeout=60).run()
    assert sorted(b.label for b in at.button) == sorted(labels)


def test_answers_render_as_markdown_never_html_with_a_red_badge_for_low_confidence() -> None:
    at = AppTest.from_function(_render, args=("html",), default_timeout=60).run()
    assert at.markdown[0].value == "<script>alert(1)</script> **bold**"
    assert ":red-badge[confidence 0.30]" in [m.value for m in at.markdown]


def test_a_question_sent_while_a_turn_runs_waits_for_it_and_is_then_asked(app: AppTest) -> None:
    import concurrent.futures
    import queue
    import threading
    import time

    from agent_core.orchestrator import ToolEvent
    from agent_core.schemas import TurnResult
    from ui.live import Running

    app.run()
    future: concurrent.futures.Future[TurnResult] = concurrent.futures.Future()
    events: queue.SimpleQueue[ToolEvent] = queue.SimpleQueue()
    events.put(ToolEvent("get_current_time", "time", {"timezone": "UTC"}))
    app.session_state["running"] = Running("What time is it?", "c", future, events)
    done = TurnResult(kind="error", conversation_id=None, correlation_id="c", error="stopped")

    def end_once_shown() -> None:  # the turn in flight ends once the page has drawn its tool step
        deadline = time.monotonic() + 30
        while not events.empty() and time.monotonic() < deadline:
            threading.Event().wait(0.01)
        future.set_result(done)

    threading.Thread(target=end_once_shown, daemon=True).start()
    app.chat_input[0].set_value("What time is it in Lima?").run()  # sent while it runs: queued, not dropped
    assert not app.exception, app.exception
    assert app.session_state["running"] is None and "queued" not in app.session_state
    assert [m.markdown[0].value for m in app.chat_message if m.name == "user"] == ["What time is it in Lima?"]
    assert re.match(r"In (Lima \()?America/Lima", app.chat_message[-1].markdown[0].value)  # asked after it


def test_each_answer_has_a_trace_waterfall_and_a_jaeger_link_when_configured(
    app: AppTest, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JAEGER_UI_URL", "http://127.0.0.1:16686")
    app.run()
    ask(app, "What time is it in Tokyo?")
    [closed] = [e for e in app.chat_message[1].expander if e.label == "Trace"]
    assert not closed.children  # folded: no chart for the browser to draw at every next question
    trace = open_trace(app)
    [chart] = trace.get("vega_lite_chart")
    spec = json.loads(chart.proto.spec)
    assert spec["mark"]["type"] == "bar" and spec["encoding"]["x2"]["field"] == "end (ms)"
    [link] = trace.get("link_button")
    assert link.proto.url.startswith("http://127.0.0.1:16686/trace/") and len(link.proto.url.rsplit("/", 1)[1]) == 32


def test_with_tracing_off_the_trace_view_says_so(app: AppTest, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TRACING", "false")
    app.run()
    ask(app, "What time is it in Tokyo?")
    assert "Tracing is off" in open_trace(app).caption[0].value


def test_undo_takes_back_the_last_change_and_then_offers_the_one_before(tasks_app) -> None:
    at = tasks_app().run()
    ask(at, "add a task to order ethanol")
    task_id = int(re.match(r"Added task (\d+):", at.chat_message[-1].markdown[0].value).group(1))
    ask(at, f"rename task {task_id} to order acetone")
    [undo] = [b for b in at.button if b.label.startswith("↶ Undo")]
    assert undo.label == f"↶ Undo: change task {task_id} back to 'Order ethanol'"
    undo.click().run()
    assert not at.exception, at.exception
    assert at.chat_message[-1].markdown[0].value == f"Undone: change task {task_id} back to 'Order ethanol'."
    [undo] = [b for b in at.button if b.label.startswith("↶ Undo")]
    assert undo.label == f"↶ Undo: remove task {task_id} 'Order ethanol'"
    ask(at, "show my tasks")
    assert "Order ethanol" in at.chat_message[-1].markdown[0].value


def _render_ran_before_pause() -> None:
    from agent_core.schemas import PendingApproval, RiskLevel, ToolCallRecord, ToolCallStatus, TurnResult
    from ui.chat import render_turn

    ran = ToolCallRecord(tool_name="read_text_file", parameters={"path": "plan.md"}, result="x", duration_ms=3,
                         status=ToolCallStatus.SUCCESS)  # fmt: skip
    waiting = PendingApproval(id="a1", tool_name="update_task", parameters={"task_id": 4}, risk_level=RiskLevel.REVERSIBLE,
                              reason="this action follows content read from read_text_file", conversation_id="c")  # fmt: skip
    decided = waiting.model_copy(update={"status": "approved", "decided_by": "cli", "outcome_unknown": True})
    render_turn(TurnResult(kind="approval_required", correlation_id="k", pending=[waiting], tool_calls=[ran]))
    render_turn(TurnResult(kind="approval_required", correlation_id="k", pending=[waiting]), {"a1": decided})


def test_a_paused_turn_shows_what_already_ran_why_it_asks_and_an_unknown_outcome() -> None:
    at = AppTest.from_function(_render_ran_before_pause, default_timeout=60).run()
    assert not at.exception, at.exception
    assert at.caption[0].value == "Already ran:" and at.dataframe[0].value["tool"].tolist() == ["read_text_file"]
    assert any("follows content read from read_text_file" in c.value for c in at.caption)
    assert "outcome unknown" in at.warning[0].value


def test_regenerate_and_edit_ask_the_last_question_again_as_new_turns(app: AppTest) -> None:
    app.run()
    ask(app, "What time is it in Tokyo?")
    [again] = [b for b in app.button if b.label == "Regenerate"]
    again.click().run()
    assert not app.exception, app.exception
    prompts = [m.markdown[0].value for m in app.chat_message if m.name == "user"]
    assert prompts == ["What time is it in Tokyo?", "What time is it in Tokyo?"] and len(app.chat_message) == 4
    [edit] = [t for t in app.text_area if t.label == "Your last question"]
    edit.set_value("What time is it in Lima?")
    button(app, "edit-send").click().run()
    assert [m.markdown[0].value for m in app.chat_message if m.name == "user"][-1] == "What time is it in Lima?"
    assert re.match(r"In (Lima \()?America/Lima", app.chat_message[-1].markdown[0].value)
    [copy] = [c for c in app.code if c.language == "markdown"]  # the copy box holds the last answer as written
    assert copy.value == app.chat_message[-1].markdown[0].value


def test_a_long_conversation_draws_the_newest_turns_in_full_and_hides_the_oldest(app: AppTest) -> None:
    handle, rt = app_runtime()
    conversation = f"long-conversation-{rt.person.id}"
    cities = ["Tokyo", "Paris", "Lima", "Oslo", "Cairo", "Delhi", "Rome", "Kyiv", "Dakar", "Quito", "Seoul", "Lagos"]
    for city in [*cities, "Berlin", "Madrid"]:
        handle.call(rt.ask(f"What time is it in {city}?", conversation))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params["c"] = conversation
    at.run()
    assert len(at.chat_message) == 8  # the newest 4 of 14 turns (SHOWN_TURNS), question and answer each
    [earlier] = [b for b in at.button if b.label.startswith("Show 10 earlier messages")]
    assert len(at.dataframe) == 1  # only the newest turn carries its tool table (FULL_TURNS)
    assert at.chat_message[1].caption[0].value == "Tools: get_current_time (success)"  # older: one line
    ask(at, "What time is it in Lima?")
    asked = [m.markdown[0].value for m in at.chat_message if m.name == "user"]
    assert asked == [f"What time is it in {city}?" for city in ["Lagos", "Berlin", "Madrid", "Lima"]]
    assert re.match(r"In (Lima \()?America/Lima", at.chat_message[-1].markdown[0].value)
    assert len(at.dataframe) == 1 and len([e for e in at.expander if e.label == "Trace"]) == 1
    [earlier] = [b for b in at.button if b.label.startswith("Show 11 earlier messages")]
    earlier.click().run()
    assert len(at.chat_message) == 30 and "Tokyo" in at.chat_message[0].markdown[0].value


def test_the_sidebar_search_finds_conversations_by_their_questions(app: AppTest) -> None:
    app.run()
    ask(app, "What time is it in Tokyo?")
    tokyo = app.query_params["c"]
    app.sidebar.button[0].click().run()  # New conversation
    ask(app, "What time is it in Lima?")
    [search] = [t for t in app.sidebar.text_input if t.key == "conversation-search"]
    search.set_value("tokyo").run()
    listed = [b.key for b in app.sidebar.button if b.key and b.key.startswith("conv-")]
    assert listed == [f"conv-{tokyo}"]
    search.set_value("reykjavik").run()
    assert "No conversation mentions “reykjavik”." in [c.value for c in app.sidebar.caption]


def test_a_question_with_new_lines_keeps_them_as_line_breaks(app: AppTest) -> None:
    app.run()
    ask(app, "What time is it in Tokyo?\nand please be brief")
    assert app.chat_message[0].markdown[0].value == "What time is it in Tokyo?  \nand please be brief"
