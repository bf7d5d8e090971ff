"""The chat page in Debian's Chromium against `streamlit run`: what a person types, sees and clicks.

Offline planner, real MCP servers (time, tasks), the session's PostgreSQL; for streaming and Stop, a second app whose
LLM is tests/fixtures/openai_stub.py, holding back its answer's last piece until the test lets it go. Screenshots of
every step go to test-output/screenshots/. Run alone with: ``pytest tests/e2e``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.browser import CHROMIUM, TURN_MS, ChatPage
from tests.fixtures.openai_stub import OpenAIStub

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
    # The tool-call table is drawn on a canvas: its presence is checkable, its cells are not text. The first table of
    # a page loads its component's script first, which a loaded machine may take seconds for.
    expect(answer.get_by_test_id("stDataFrame")).to_be_visible(timeout=TURN_MS)
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
    expect(chat.message("Asked for approval")).to_contain_text("Approved by browser")
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


def test_answers_read_as_separate_lines_and_a_web_answer_cites_numbered_sources(chat: ChatPage) -> None:
    chat.ask("add 'write abstract' and 'submit poster' to my list")
    chat.settle()  # the finished card, not the streaming one
    added = chat.message(re.compile(r"Added task \d+: submit poster", re.IGNORECASE))
    text = added.inner_text()
    assert re.search(r"write abstract\.?\s*\n+.*submit poster", text, re.IGNORECASE), text  # one line each
    chat.ask("What is the capital of France?")
    answer = chat.message("Sources")
    expect(answer).to_contain_text("[1]")
    expect(answer.get_by_role("link", name=re.compile("Paris"))).to_be_visible()
    chat.screenshot("11-lines-and-sources", show=answer)
    assert chat.console_errors == []


# --- The chat page's newer behaviour: streaming, Stop, decided approval cards, theme, phones --------------------


ANSWER = re.compile(r"It is \d\d:\d\d in Asia/Tokyo\.")  # the LLM stub's answer to a Tokyo question


def luminance(page: ChatPage) -> float:
    """The relative luminance (0 black … 1 white) of the app's background as the browser computed it."""
    color = page.page.get_by_test_id("stApp").evaluate("element => getComputedStyle(element).backgroundColor")
    red, green, blue = (int(c) / 255 for c in re.findall(r"\d+(?:\.\d+)?", color)[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def add_task(chat: ChatPage, title: str) -> int:
    """Add a task as a person asks for one; its id, read from the answer."""
    added = re.compile(rf"Added task (\d+): {re.escape(title[0].upper() + title[1:])}")
    chat.ask(f"add a task to {title}")
    return int(added.search(chat.message(added).inner_text())[1])


def test_the_llm_answer_shows_while_it_is_written_then_as_the_finished_card(
    llm_chat: ChatPage, llm_stub: OpenAIStub
) -> None:
    held, sent = len(llm_stub.held), len(llm_stub.requests)
    expect(llm_chat.page.get_by_text("Offline planner — no LLM")).to_have_count(0)  # this app's model is an LLM
    llm_chat.ask("What time is it in Tokyo?")
    running = llm_chat.message("in Asia/Tokyo.")  # the answer so far, while the stub holds back its last piece
    expect(running).to_contain_text("▌")
    expect(running.get_by_role("button", name="Stop")).to_be_visible()
    expect(running.get_by_test_id("stExpander")).to_contain_text("Working…")  # the st.status of the turn
    expect(running.get_by_text(re.compile(r"get_current_time succeeded in \d+ ms"))).to_be_visible()  # its step
    expect(running).not_to_contain_text("confidence")  # not the finished card
    expect(llm_chat.page.get_by_role("heading", level=1)).to_contain_text("What time is it in Tokyo?")  # titled
    expect(llm_chat.page.get_by_text("I can help with")).to_have_count(0)  # the empty chat's intro is gone at once
    llm_chat.screenshot("4-llm-answer-streaming", show=running, settled=False)
    llm_stub.gate.set()
    done = llm_chat.message("confidence 0.90")
    expect(done).to_contain_text(re.compile(r"It is \d\d:\d\d in Asia/Tokyo\."))
    expect(done).not_to_contain_text("▌")
    expect(llm_chat.page.get_by_role("button", name="Stop")).to_have_count(0)
    assert llm_stub.held[held:] == [True]  # the page showed the answer while the reply was still open
    assert [r["body"].get("stream") for r in llm_stub.requests[sent:]] == [True, True]  # the tool call, the answer
    llm_chat.screenshot("4-llm-answer-done", show=done)
    assert llm_chat.console_errors == []


def test_stop_ends_the_turn_in_flight_and_the_next_question_gets_its_answer(
    llm_chat: ChatPage, llm_stub: OpenAIStub
) -> None:
    llm_chat.ask("What time is it in Tokyo?")
    running = llm_chat.message("in Asia/Tokyo.")
    expect(running).to_contain_text("▌")
    running.get_by_role("button", name="Stop").click()
    stopped = llm_chat.message("Stopped — you stopped this answer before it finished.")
    expect(stopped.get_by_test_id("stAlertContentInfo")).to_contain_text("Stopped — you stopped this answer")
    expect(stopped).to_contain_text("These calls ran before you stopped it:")
    expect(stopped).not_to_contain_text("confidence")  # no answer card: the answer was never finished
    expect(llm_chat.page.get_by_role("button", name="Stop")).to_have_count(0)
    llm_chat.screenshot("5-stopped", show=stopped)
    expect(llm_chat.input).to_be_editable()
    llm_stub.gate.set()  # the next answer is not held
    llm_chat.ask("And what time is it in Tokyo now?")
    expect(llm_chat.message("And what time is it in Tokyo now?")).to_be_visible()
    answer = llm_chat.message("confidence 0.90")
    expect(answer).to_contain_text(re.compile(r"It is \d\d:\d\d in Asia/Tokyo\."))
    expect(llm_chat.page.get_by_test_id("stChatMessage")).to_have_count(4)  # two questions, two answers
    assert llm_chat.console_errors == []


def test_an_approval_edited_to_another_task_runs_on_that_task_and_shows_both(chat: ChatPage) -> None:
    first = add_task(chat, "water the lab plants")
    second = add_task(chat, "order pipette tips")
    chat.ask(f"delete task {first}")
    card = chat.message(f"delete_task on task {first} 'Water the lab plants'")  # the card, pending or decided
    expect(card).to_contain_text("Approval needed")
    arguments = card.get_by_label("Arguments (JSON, editable)")
    arguments.fill(f'{{"task_id": {second}}}')
    card.get_by_role("button", name="Approve", exact=True).click()
    chat.message(f"Deleted task {second}: Order pipette tips")  # the resumed run, carried out on the edited task
    approved = card.get_by_test_id("stAlertContentSuccess")
    expect(approved).to_contain_text(
        f"— deleting task {second} 'Order pipette tips' (edited from task {first} 'Water the lab plants')."
    )
    expect(approved).to_contain_text("Approved by browser at")
    expect(card).to_contain_text("Asked for approval")  # no longer "Approval needed"
    expect(card.get_by_role("button", name="Approve", exact=True)).to_have_count(0)
    blocks = card.get_by_test_id("stCode")
    expect(card.get_by_text("Ran with", exact=True)).to_be_visible()
    expect(card.get_by_text("Asked for", exact=True)).to_be_visible()
    expect(blocks).to_have_count(2)
    expect(blocks.first).to_contain_text(f'"task_id": {second}')
    expect(blocks.last).to_contain_text(f'"task_id": {first}')
    chat.screenshot("6-approved-edited", show=card)
    users = chat.page.get_by_test_id("stChatMessage").filter(has=chat.page.get_by_test_id("stChatMessageAvatarUser"))
    expect(users).to_have_count(3)  # two adds and the delete: the approval is no message of the person's
    expect(users.filter(has_text="Approved")).to_have_count(0)
    chat.ask("show my tasks")
    tasks = chat.message("You have")
    expect(tasks).to_contain_text("Water the lab plants")
    expect(tasks).not_to_contain_text("Order pipette tips")
    assert chat.console_errors == []


def test_a_rejection_shows_a_neutral_note_with_the_reason_and_nothing_meant_for_the_model(chat: ChatPage) -> None:
    task_id = add_task(chat, "renew the grant")
    chat.ask(f"delete task {task_id}")
    card = chat.message(f"delete_task on task {task_id} 'Renew the grant'")  # the card, pending or decided
    expect(card).to_contain_text("Approval needed")
    card.get_by_label("Reason, if you reject (optional)").fill("the grant is still open")
    card.get_by_role("button", name="Reject", exact=True).click()
    note = card.get_by_test_id("stAlertContentInfo")
    expect(note).to_contain_text(
        f"Not run — you rejected deleting task {task_id} 'Renew the grant' (reason: the grant is still open).",
        timeout=TURN_MS,  # the rejection resumes the run before the page shows it
    )
    chat.settle()
    expect(chat.page.get_by_test_id("stAlertContentError")).to_have_count(0)
    expect(chat.page.get_by_role("button", name="Reject", exact=True)).to_have_count(0)
    chat.screenshot("7-rejected", show=card)
    expect(chat.page.get_by_test_id("stApp")).not_to_contain_text("Do not try")
    chat.page.get_by_role("button", name="Copy").click()  # what Copy offers is on the page too, once opened
    expect(chat.page.get_by_test_id("stPopoverBody")).to_be_visible()
    expect(chat.page.locator("body")).not_to_contain_text("Do not try")
    users = chat.page.get_by_test_id("stChatMessage").filter(has=chat.page.get_by_test_id("stChatMessageAvatarUser"))
    expect(users).to_have_count(2)  # the add and the delete: the rejection is no message of the person's
    assert chat.console_errors == []


def test_the_page_follows_the_systems_dark_and_light_setting(tabs, app_url: str) -> None:
    dark = tabs(app_url, color_scheme="dark")
    light = tabs(app_url, color_scheme="light")
    for page in (dark, light):
        expect(page.page.get_by_text("I can help with")).to_be_visible()  # the empty chat's introduction
    assert luminance(dark) < 0.2, dark.page.get_by_test_id("stApp").evaluate(
        "element => getComputedStyle(element).backgroundColor"
    )
    assert luminance(light) > 0.8
    dark.screenshot("8-dark")
    light.screenshot("8-light")
    assert dark.console_errors == light.console_errors == []


def test_on_a_phone_the_badge_input_and_answer_fit_without_opening_the_sidebar(tabs, app_url: str) -> None:
    phone = tabs(app_url, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    expect(phone.page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
    expect(phone.page.get_by_text("Offline planner — no LLM")).to_be_in_viewport()
    expect(phone.input).to_be_in_viewport()
    phone.screenshot("9-phone-start")
    phone.ask("What time is it in Tokyo?")
    answer = phone.message("In Tokyo (Asia/Tokyo) it is")
    expect(answer).to_contain_text("confidence 0.95")
    phone.settle()
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways: {width} px wide"
    box = answer.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    expect(phone.input).to_be_in_viewport()
    phone.screenshot("9-phone-answer", show=answer)
    assert phone.console_errors == []


def test_a_question_typed_while_an_answer_streams_is_asked_when_it_is_done(
    llm_chat: ChatPage, llm_stub: OpenAIStub
) -> None:
    llm_chat.ask("What time is it in Tokyo?")
    expect(llm_chat.message("in Asia/Tokyo.")).to_contain_text("▌")  # the first answer is still being written
    expect(llm_chat.page.get_by_test_id("stChatInputTextArea")).to_be_disabled()  # Enter closed the box meanwhile
    llm_stub.gate.set()
    llm_chat.message("confidence 0.90")
    llm_stub.gate.clear()
    llm_chat.settle()
    llm_chat.click_to_start(llm_chat.page.get_by_role("button", name="Regenerate"))  # the box stays open meanwhile
    expect(llm_chat.page.get_by_text("▌")).to_be_visible()
    llm_chat.input.fill("And in Tokyo once more?")
    llm_chat.input.press("Enter")
    waiting = llm_chat.message("Next: “And in Tokyo once more?” — sent when this answer is done.")
    expect(waiting).to_contain_text("▌")  # the regenerated answer goes on
    llm_chat.screenshot("10-queued-question", show=waiting, settled=False)
    llm_stub.gate.set()
    answered = llm_chat.page.get_by_test_id("stChatMessage").filter(has_text=ANSWER)
    expect(answered).to_have_count(3, timeout=90_000)  # none was lost (the older two drawn compact)
    llm_chat.settle()
    expect(answered.last).to_contain_text("confidence 0.90")  # the last one as its finished card
    expect(llm_chat.message("And in Tokyo once more?")).to_be_visible()
    assert llm_chat.console_errors == []
