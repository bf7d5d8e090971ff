"""The Audit page and the Tools page's grants, driven with AppTest (single-person mode) against the real runtime,
tasks server and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from streamlit.testing.v1 import AppTest

from agent_core.approvals.grants import lifetime
from agent_core.schemas import RiskLevel
from agent_core.settings import PROJECT_ROOT
from tests.helpers import TASKS
from tests.ui_support import (  # noqa: F401 - fixtures
    app_runtime,
    app_runtime_closed_after_module,
    configure_kept_runtime,
)

APP = str(PROJECT_ROOT / "ui" / "app.py")


def open_page(page: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.switch_page(f"views/{page}.py").run()
    assert not at.exception, at.exception
    return at


def test_the_audit_page_shows_who_decided_what_and_filters_by_decision(configure) -> None:
    configure({"tasks": TASKS})
    at = open_page("audit")
    assert at.info[0].value.startswith("No approvals yet")
    handle, rt = app_runtime()
    task = handle.call(rt.ask("add a task to buy milk")).response.tool_calls[0].result["id"]
    [pending] = handle.call(rt.ask(f"delete task {task}")).pending
    handle.call(rt.reject(pending.id, "too early", by="browser"))

    at.run()
    [row] = at.dataframe[0].value.to_dict("records")
    assert (row["asked by"], row["tool"], row["decision"], row["decided by"], row["reason"], row["outcome"]) == (
        rt.person.id,
        "delete_task",
        "rejected",
        "browser",
        "too early",
        "not run",
    )
    assert row["target"] == f"task {task} 'Buy milk'" and row["id"] == pending.id
    assert "Your approvals" in at.caption[0].value
    assert list(at.selectbox(key="audit-tool").options) == ["Any", "delete_task"]

    at.selectbox(key="audit-status").set_value("approved").run()
    assert not at.exception and at.info[0].value == "Nothing matches these filters."


def test_the_tools_page_lists_a_grant_with_its_expiry_and_revokes_it(configure) -> None:
    at = open_page("tools")
    assert any(
        "No tool is always allowed" in c.value and "for 8 h (APPROVAL_GRANT_HOURS)" in c.value for c in at.caption
    )
    handle, rt = app_runtime()
    grants = rt.grants
    handle.call(grants.grant("conv-x", "send_email", RiskLevel.REVERSIBLE_WITH_DELAY, "browser"))

    at.run()
    [line] = [m.value for m in at.markdown if "send_email" in m.value]
    assert line.startswith("**send_email** in “conv-x” — until ") and line.endswith(", in 8 h")
    at.button(key=next(b.key for b in at.button if b.key.startswith("tools-revoke-"))).click().run()
    assert not at.exception, at.exception
    assert at.success[0].value.startswith("Revoked: **send_email** asks for your approval again")
    assert handle.call(grants.grants()) == []


def test_a_grants_lifetime_reads_as_a_time_and_what_is_left() -> None:
    now = datetime(2026, 11, 23, 9, 40, tzinfo=UTC)
    assert lifetime(now + timedelta(hours=8), now) == "until 17:40 UTC, in 8 h"
    assert lifetime(now + timedelta(minutes=80), now) == "until 11:00 UTC, in 1 h 20 min"
    assert lifetime(now + timedelta(minutes=25), now) == "until 10:05 UTC, in 25 min"
    assert lifetime(now + timedelta(hours=20), now) == "until Nov 24 05:40 UTC, in 20 h"
    assert lifetime(now - timedelta(minutes=5), now) == "until 09:35 UTC, in 0 min"
