"""The Memory, Tasks, Tools and Traces pages, driven with AppTest against the real runtime, MCP servers and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from agent_core.memory.manager import MAX_CONTENT_CHARS
from agent_core.settings import PROJECT_ROOT
from tests.helpers import TASKS, TIME_SERVER
from tests.ui_support import (  # noqa: F401 - fixtures
    app_runtime,
    app_runtime_closed_after_module,
    as_person,
    ask,
    configure_kept_runtime,
    reset_runtime,
)

APP = str(PROJECT_ROOT / "ui" / "app.py")


@pytest.fixture
def clock(user_id: str) -> str:
    # Start/stop wishes are stored per server name in the session database every test shares: a name of our own.
    return f"clock-{user_id}"


@pytest.fixture
def open_page(configure) -> Callable[..., AppTest]:
    """Start the app (with these servers, default: time) on one of its pages."""

    def open_(page: str, servers: dict[str, Any] | None = None) -> AppTest:
        if servers is not None:
            configure(servers)
        at = AppTest.from_file(APP, default_timeout=60).run()
        at.switch_page(f"views/{page}.py").run()
        assert not at.exception, at.exception
        return at

    return open_


def click(at: AppTest, key: str) -> AppTest:
    at.button(key=key).click().run()
    assert not at.exception, at.exception
    return at


def markdown(at: AppTest) -> str:
    return "\n".join(m.value for m in [*at.markdown, *at.caption])


# Memory


def test_a_memory_added_with_metadata_is_found_by_search_with_its_score_and_date(open_page) -> None:
    at = open_page("memory")
    handle, rt = app_runtime()
    handle.call(rt.memory.store_document("The microscope is booked on Fridays"))
    at.text_area(key="memory-content").set_value("Project X uses Python 3.11 and FastAPI")
    at.text_area(key="memory-metadata").set_value("source=meeting\n\n project = X ")
    click(at, "memory-store")
    assert at.success[0].value == "Remembered: “Project X uses Python 3.11 and FastAPI”."  # its words, not an id
    assert at.text_area(key="memory-content").value == ""  # cleared for the next one
    assert "2 memories" in at.caption[0].value
    at.text_input(key="memory-query").set_value("Which web framework does Project X use?")
    at.number_input(key="memory-top-k").set_value(1)
    click(at, "memory-search")
    assert [m.value for m in at.tabs[0].markdown] == ["Project X uses Python 3.11 and FastAPI"]
    [caption] = [c.value for c in at.tabs[0].caption]
    assert (
        caption.startswith("score **0.")
        and " · stored 20" in caption
        and "UTC · project: X · source: meeting" in caption
    )


def test_empty_or_oversized_input_is_refused_plainly_and_the_text_stays(open_page) -> None:
    at = open_page("memory")
    click(at, "memory-store")
    assert "the content is empty" in at.error[0].value and "Nothing was stored" in at.error[0].value
    huge = "x" * (MAX_CONTENT_CHARS + 1)
    at.text_area(key="memory-content").set_value(huge)
    click(at, "memory-store")
    assert "memories hold at most 20,000" in at.error[0].value
    assert at.text_area(key="memory-content").value == huge
    at.text_area(key="memory-content").set_value("keep me")
    at.text_area(key="memory-metadata").set_value("project=X\nno equals sign")
    click(at, "memory-store")
    assert "Metadata entry 2 ('no equals sign') is not key=value" in at.error[0].value
    assert at.text_area(key="memory-content").value == "keep me"
    click(at, "memory-search")
    assert "The search query is empty." in at.error[0].value
    assert "0 memories" in at.caption[0].value


def test_delete_asks_for_confirmation_and_cancel_keeps_the_memory(open_page) -> None:
    handle, rt = app_runtime()
    memory_id = handle.call(rt.memory.store_document("The microscope is booked on Fridays"))
    at = open_page("memory")
    click(at, f"memory-delete-list-{memory_id}")
    assert "Delete this memory for good?" in at.warning[0].value
    click(at, "memory-cancel-delete")
    assert not at.warning and handle.call(rt.memory.count()) == 1
    click(at, f"memory-delete-list-{memory_id}")
    click(at, "memory-confirm-delete")
    assert at.success[0].value == "Deleted “The microscope is booked on Fridays”."
    assert handle.call(rt.memory.get_document(memory_id)) is None
    assert not [b for b in at.button if b.key == f"memory-delete-list-{memory_id}"]


def test_a_search_hit_can_be_deleted_from_the_results(open_page) -> None:
    handle, rt = app_runtime()
    memory_id = handle.call(rt.memory.store_document("Pipettes come from supplier Y"))
    at = open_page("memory")
    at.text_input(key="memory-query").set_value("pipette supplier")
    click(at, "memory-search")
    click(at, f"memory-delete-hit-{memory_id}")
    click(at, "memory-confirm-delete")
    assert not [b for b in at.button if b.key == f"memory-delete-hit-{memory_id}"]
    assert handle.call(rt.memory.count()) == 0


def test_browse_shows_the_newest_first_twenty_at_a_time(open_page) -> None:
    handle, rt = app_runtime()
    for n in range(21):
        handle.call(rt.memory.store_document(f"Lab note number {n}"))
    at = open_page("memory")
    browse = at.tabs[1]
    notes = [m.value for m in browse.markdown if m.value.startswith("Lab note")]
    assert notes == [f"Lab note number {n}" for n in range(20, 0, -1)]
    assert "Newest first: 1–20 of 21" in browse.caption[0].value
    assert at.button(key="memory-newer").disabled
    click(at, "memory-older")
    assert [m.value for m in at.tabs[1].markdown if m.value.startswith("Lab note")] == ["Lab note number 0"]
    assert at.button(key="memory-older").disabled


# Tasks


def test_tasks_come_from_the_tasks_server_and_the_filter_narrows_them(open_page) -> None:
    at = open_page("tasks", {"tasks": TASKS})
    assert "You have no tasks yet" in at.info[0].value
    handle, rt = app_runtime()
    servers = rt.servers  # called as the test's person, as a turn of theirs would (MCP _meta)
    first = handle.call(as_person(rt, lambda: servers.execute("add_task", {"title": "Book the microscope"})))
    handle.call(
        as_person(rt, lambda: servers.execute("add_task", {"title": "Order pipettes", "description": "200 of them"}))
    )
    handle.call(as_person(rt, lambda: servers.execute("complete_task", {"task_id": first["id"]})))
    at.run()
    table = at.dataframe[0].value
    assert list(table["title"]) == ["Book the microscope", "Order pipettes"]
    assert list(table["status"]) == ["completed", "pending"] and list(table["description"]) == ["", "200 of them"]
    assert "deletes wait for your approval" in at.caption[0].value
    at.radio(key="tasks-filter").set_value("pending").run()
    assert list(at.dataframe[0].value["title"]) == ["Order pipettes"]
    at.radio(key="tasks-filter").set_value("completed").run()
    assert list(at.dataframe[0].value["#"]) == [first["id"]]


def test_a_task_added_in_the_chat_appears_on_the_tasks_page(open_page) -> None:
    at = open_page("chat", {"tasks": TASKS})
    ask(at, "add a task to renew the grant")
    at.switch_page("views/tasks.py").run()
    assert list(at.dataframe[0].value["title"]) == ["Renew the grant"]


def test_without_a_tasks_server_the_page_says_how_to_add_one(open_page) -> None:
    at = open_page("tasks")
    assert "No tasks server is configured" in at.error[0].value and "MCP_CONFIG" in at.error[0].value
    assert not at.dataframe


def test_a_stopped_tasks_server_is_named_with_its_state_and_what_to_do(open_page, user_id: str) -> None:
    name = f"tasks-{user_id}"
    at = open_page("tools", {name: TASKS})
    click(at, f"tools-stop-{name}")
    at.switch_page("views/tasks.py").run()
    error = at.error[0].value
    assert f"The tasks server **{name}** is not ready — it is stopped." in error and "Tools page" in error


# Tools


def test_tools_page_lists_servers_and_every_tool_with_its_risk(open_page, clock: str) -> None:
    at = open_page("tools", {clock: TIME_SERVER, "tasks": TASKS})
    text = markdown(at)
    assert f":green[●] **{clock}** (mcp) — ready, 2 tools" in text
    assert ":green[●] **legacy** (local) — ready, 2 tools" in text
    tools = at.dataframe[0].value.set_index("tool")
    assert tools.loc["get_current_time", "server"] == clock and tools.loc["get_current_time", "risk"] == "reversible"
    assert tools.loc["delete_task", "risk"] == "irreversible" and tools.loc["delete_task", "why"]
    assert tools.loc["search_memory", "server"] == "memory" and tools.loc["save_fact", "server"] == "legacy"
    assert "No tool has been called yet." in at.info[0].value


def test_stop_then_start_changes_the_state_and_says_what_happened(open_page, clock: str) -> None:
    at = open_page("tools", {clock: TIME_SERVER})
    click(at, f"tools-stop-{clock}")
    assert f"Stopped **{clock}**" in at.success[0].value and "stopped until you start it" in at.success[0].value
    assert f"**{clock}** (mcp) — stopped" in markdown(at) and at.button(key=f"tools-stop-{clock}").disabled
    assert "get_current_time" not in list(at.dataframe[0].value["tool"])
    assert app_runtime()[1].server_states()[0].state == "stopped"
    click(at, f"tools-start-{clock}")
    assert f"Started **{clock}**: ready with 2 tools" in at.success[0].value
    assert f":green[●] **{clock}** (mcp) — ready, 2 tools" in markdown(at)
    assert "get_current_time" in list(at.dataframe[0].value["tool"])


def test_check_health_reports_the_measured_latency(open_page, clock: str) -> None:
    at = open_page("tools", {clock: TIME_SERVER})
    click(at, f"tools-health-{clock}")
    assert at.success[0].value.startswith(f"**{clock}** answered in ")
    latency = app_runtime()[1].servers.states[clock].last_latency_ms
    assert f", last health check {latency} ms" in markdown(at)


def test_metrics_appear_after_a_tool_call(open_page) -> None:
    reset_runtime()  # the metrics are the app's since it started: a fresh start counts this test's call alone
    at = open_page("chat")
    ask(at, "What time is it in Tokyo?")
    at.switch_page("views/tools.py").run()
    [row] = at.dataframe[1].value.to_dict("records")
    assert (row["tool"], row["server"], row["calls"], row["errors"], row["timeouts"]) == (
        "get_current_time",
        "time",
        1,
        0,
        0,
    )
    assert 0 < row["p50 ms"] == row["p95 ms"]


# Traces


def test_traces_list_a_turn_with_its_correlation_id_and_tool_call(open_page) -> None:
    at = open_page("traces")
    assert "No turns yet" in at.info[0].value
    at.switch_page("views/chat.py").run()
    ask(at, "What time is it in Tokyo?")
    ask(at, "Book a flight to Boston next Monday")
    at.switch_page("views/traces.py").run()
    assert not at.exception, at.exception
    [gap, tokyo] = at.dataframe[0].value.to_dict("records")
    assert (gap["kind"], gap["tool calls"]) == ("tool gap", 0)
    assert (tokyo["prompt"], tokyo["conversation"], tokyo["kind"], tokyo["tool calls"]) == (
        "What time is it in Tokyo?",
        "What time is it in Tokyo?",
        "answer",
        1,
    )
    assert tokyo["tool ms"] >= 1 and len(tokyo["correlation id"]) == 16
    [expander] = [e for e in at.expander if tokyo["correlation id"] in e.label]
    [call] = expander.dataframe[0].value.to_dict("records")
    assert (call["call"], call["status"], call["ms"]) == ("1. get_current_time", "success", tokyo["tool ms"])
    [waterfall] = expander.get("vega_lite_chart")[1:]  # the first chart is the tool-call durations
    assert '"mcp_tool_call:get_current_time"' not in waterfall.proto.spec  # data travels separately from the spec
    assert "end (ms)" in waterfall.proto.spec
    assert "Tool gap: missing travel_booking" in at.expander[0].markdown[0].value
