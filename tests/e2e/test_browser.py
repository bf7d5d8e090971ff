"""The chat page in Debian's Chromium against `streamlit run`: what a person types, sees and clicks.

Offline planner, real MCP servers (time, tasks), the session's PostgreSQL. Screenshots of every step go to
test-output/screenshots/. Run alone with: ``pytest tests/e2e``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import CHROMIUM, ChatPage

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason=f"{CHROMIUM} is missing: `make test` installs Debian's chromium with apt"
    ),
]


def test_a_time_question_shows_the_answer_card_with_its_tool_call(chat: ChatPage) -> None:
    chat.screenshot("1-start")
    chat.ask("What time is it in Tokyo?")
    answer = chat.message("In Tokyo (Asia/Tokyo) it is")
    expect(answer).to_contain_text("confidence 0.95")
    # The tool-call table is drawn on a canvas: its presence is checkable, its cells are not text.
    expect(answer.get_by_test_id("stDataFrame")).to_be_visible()
    expect(chat.page.get_by_role("heading", level=1)).to_contain_text("What time is it in Tokyo?")
    chat.screenshot("1-time-answer", show=answer)
    assert chat.console_errors == []


def test_a_delete_waits_for_the_approve_click_then_runs(chat: ChatPage) -> None:
    chat.ask("add a task to buy milk")
    added = chat.message("Added task")
    task_id = re.search(r"Added task (\d+): Buy milk", added.inner_text()).group(1)
    chat.ask(f"delete task {task_id}")
    card = chat.message("Approval needed")
    expect(card).to_contain_text("delete_task")
    approve = card.get_by_role("button", name="Approve", exact=True)
    chat.screenshot("2-approval-card", show=card)
    assert not chat.page.get_by_text(f"Deleted task {task_id}").count()  # nothing ran before the click
    approve.click()
    done = chat.message(f"Deleted task {task_id}: Buy milk")
    expect(chat.message("Approval needed")).to_contain_text("Approved by browser")
    expect(chat.page.get_by_role("button", name="Approve", exact=True)).to_have_count(0)
    chat.screenshot("2-approved", show=done)
    assert chat.console_errors == []


def test_a_missing_capability_shows_the_gap_card(chat: ChatPage) -> None:
    chat.ask("Retrieve my stock portfolio performance for Q3 2024")
    card = chat.message("Missing capability: financial_data_api")
    expect(card.get_by_test_id("stAlertContentWarning")).to_contain_text("financial_data_api")
    expect(card).to_contain_text("Tools checked")
    chat.screenshot("3-gap-card", show=card)  # after the page settles: the question once, its card once
    expect(chat.page.get_by_test_id("stChatMessage")).to_have_count(2)
    assert chat.console_errors == []
