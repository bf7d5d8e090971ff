"""Several people on one app, in Debian's Chromium: each signs in with the real OIDC flow (Streamlit's ``st.login``
against oidc-provider-mock on 127.0.0.1), sees only their own data, and an irreversible action waits for an approver.

One app process for the module (offline planner, the tasks and time servers, APPROVERS = Carol); Alice, Bob and Carol
each sign in once, in a browser context of their own. Screenshots go to test-output/screenshots/team-*.png. Run
alone with: ``pytest tests/e2e/test_team.py``.
"""

from __future__ import annotations

import json
import re
import secrets
import urllib.request
import warnings
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, expect

from tests.e2e.browser import CHROMIUM, TURN_MS, VIEWPORT, ChatPage
from tests.e2e.conftest import SCREENSHOTS, app_env
from tests.e2e.streamlit_app import streamlit_app
from tests.helpers import TASKS, TIME_SERVER, free_port

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason=f"{CHROMIUM} is missing: `make test` installs Debian's chromium with apt"
    ),
]

ALICE, BOB, CAROL = "alice@lab.example", "bob@lab.example", "carol@lab.example"
# Subjects are opaque at real providers; the provider's sign-in form lists these predefined people by subject.
PEOPLE = {"alice": ALICE, "bob": BOB, "carol": CAROL}


def register_client(issuer: str, redirect_uri: str) -> dict[str, str]:
    """Register the app at the provider (OAuth 2.0 dynamic registration): its client id and secret, and the one
    redirect URI the provider will send a browser back to."""
    body = json.dumps({"redirect_uris": [redirect_uri], "token_endpoint_auth_method": "client_secret_basic"})
    request = urllib.request.Request(
        f"{issuer}/oauth2/clients", body.encode(), {"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


@pytest.fixture(scope="module")
def team_url(tmp_path_factory: pytest.TempPathFactory, pg_url: str) -> Iterator[str]:
    """The app with sign-in: an ``[auth]`` secrets file naming the local provider, APPROVERS = Carol."""
    import authlib.deprecate  # noqa: F401 - it adds an "always" filter for its warnings on import: before ours

    with warnings.catch_warnings():  # the provider imports Authlib's older server API (authlib.jose)
        warnings.simplefilter("ignore", DeprecationWarning)
        from oidc_provider_mock import User, run_server_in_thread

    tmp = tmp_path_factory.mktemp("e2e-team")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    people = [User(sub=sub, claims={"email": email, "email_verified": True}) for sub, email in PEOPLE.items()]
    with run_server_in_thread(require_client_registration=True, require_nonce=True, user_claims=people) as provider:
        issuer = f"http://127.0.0.1:{provider.server_port}"
        client = register_client(issuer, f"{url}/oauth2callback")
        secrets_file = tmp / "secrets.toml"
        secrets_file.write_text(
            "[auth]\n"
            f'redirect_uri = "{url}/oauth2callback"\n'
            f'cookie_secret = "{secrets.token_urlsafe(32)}"\n'
            f'client_id = "{client["client_id"]}"\n'
            f'client_secret = "{client["client_secret"]}"\n'
            f'server_metadata_url = "{issuer}/.well-known/openid-configuration"\n'
        )
        env = app_env(tmp, pg_url, {"time": TIME_SERVER, "tasks": TASKS}, model="offline", approvers=CAROL)
        env |= {"NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"}
        options = ("--secrets.files", str(secrets_file))
        with streamlit_app(env, tmp / "streamlit.log", port=port, options=options) as started:
            yield started


@pytest.fixture(scope="module")
def signed_in(browser: Browser, team_url: str) -> Iterator[Callable[[str], ChatPage]]:
    """A tab per person (by subject), signed in through the provider's form once, in a browser context of its own."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    contexts: list[BrowserContext] = []
    pages: dict[str, ChatPage] = {}

    def sign_in(sub: str) -> ChatPage:
        if sub in pages:
            return pages[sub]
        contexts.append(browser.new_context(viewport=VIEWPORT))
        # The provider's form links a stylesheet on a CDN: nothing leaves this machine.
        contexts[-1].route(re.compile(r"^https?://(?!127\.0\.0\.1[:/])"), lambda route: route.abort())
        tab = ChatPage(contexts[-1].new_page(), SCREENSHOTS)
        tab.page.goto(team_url)
        button = tab.page.get_by_role("button", name="Sign in")
        expect(button).to_be_visible(timeout=60_000)
        expect(tab.input).to_have_count(0)  # nothing but the sign-in page
        if not pages:
            tab.screenshot("team-0-sign-in")
        button.click()
        tab.page.get_by_role("button", name=sub, exact=True).click()  # the provider's form: who signs in
        expect(tab.input).to_be_editable(timeout=TURN_MS)  # back in the app, signed in, the runtime started
        tab.settle()
        tab.console_errors.clear()  # the provider's page (its stylesheet, its favicon) is not the app's
        pages[sub] = tab
        return tab

    try:
        yield sign_in
    finally:
        for context in contexts:
            context.close()


def nav(tab: ChatPage, page: str) -> None:
    """Open one of the app's pages from the sidebar, once it has drawn (its title is the page's name)."""
    tab.page.get_by_test_id("stSidebarNav").get_by_role("link", name=page, exact=True).click()
    expect(tab.page.get_by_role("heading", level=1)).to_have_text(page)
    tab.settle()


def approval_id(card: Locator) -> str:
    """The id of the approval a card asks for (its Approve button's key; people see it as `paias approve <id>`)."""
    classes = card.locator("[class*='st-key-approve-']").first.get_attribute("class") or ""
    return re.search(r"st-key-approve-(\S+)", classes)[1]


def ask_delete(tab: ChatPage, title: str) -> tuple[int, str]:
    """Add a task, then ask to delete it: the task's id and the id of the approval the delete waits for."""
    added = re.compile(rf"Added task (\d+): {re.escape(title[0].upper() + title[1:])}")
    tab.ask(f"add a task to {title}")
    task_id = int(added.search(tab.message(added).inner_text())[1])
    tab.ask(f"delete task {task_id}")
    card = tab.message("Approval needed")
    expect(card).to_contain_text(f"delete_task on task {task_id}")
    return task_id, approval_id(card)


def sidebar(tab: ChatPage) -> Locator:
    return tab.page.get_by_test_id("stSidebar")


def main(tab: ChatPage) -> Locator:
    return tab.page.get_by_test_id("stMainBlockContainer")


def test_another_person_sees_none_of_alices_data_and_cannot_approve_her_action(
    signed_in: Callable[[str], ChatPage], team_url: str
) -> None:
    alice = signed_in("alice")
    expect(sidebar(alice)).to_contain_text(f"Signed in as {ALICE}")
    expect(sidebar(alice)).not_to_contain_text("approver")
    alice.ask("remember that my badge code is 4417")
    alice.message("Stored in your memory")
    task_id, approval = ask_delete(alice, "book the microscope")
    conversation = re.search(r"[?&]c=([0-9a-f]+)", alice.page.url)[1]
    alice.screenshot("team-1-alice-waiting", show=alice.message("Approval needed"))

    bob = signed_in("bob")
    expect(sidebar(bob)).to_contain_text(f"Signed in as {BOB}")
    expect(sidebar(bob)).not_to_contain_text("badge code")  # none of Alice's conversations listed
    expect(sidebar(bob)).not_to_contain_text("microscope")
    expect(sidebar(bob)).not_to_contain_text("waiting for your approval")
    bob.screenshot("team-2-bob-signed-in")
    bob.open(f"{team_url}/?c={conversation}")  # Alice's link
    expect(main(bob)).to_contain_text("That conversation was not found")
    expect(bob.page.get_by_test_id("stChatMessage")).to_have_count(0)
    expect(main(bob)).not_to_contain_text("4417")
    bob.screenshot("team-3-bob-alices-link")
    bob.ask("what do you remember about my badge code?")  # a question of his own: never her memory
    expect(bob.page.get_by_test_id("stChatMessage")).to_have_count(2, timeout=TURN_MS)
    bob.settle()
    expect(main(bob)).not_to_contain_text("4417")
    nav(bob, "Memory")
    expect(main(bob)).to_contain_text("0 memories")
    expect(main(bob)).not_to_contain_text("4417")
    nav(bob, "Tasks")
    expect(main(bob)).to_contain_text("You have no tasks yet")
    bob.screenshot("team-4-bob-tasks")
    nav(bob, "Approvals")
    expect(main(bob)).to_contain_text("Nothing waits for a decision")
    expect(main(bob)).not_to_contain_text("microscope")
    # Bob has Alice's approval id (say she sent it): the server, not a hidden button, refuses him.
    main(bob).get_by_test_id("stExpander").filter(has_text="Decide by id").click()
    main(bob).get_by_label("Approval id").fill(approval)
    main(bob).locator(".st-key-by-id-approve button").click()
    expect(main(bob).get_by_test_id("stAlertContentError")).to_contain_text(  # the server's answer: a round trip
        f"There is no approval '{approval}'", timeout=TURN_MS
    )
    bob.screenshot("team-5-bob-refused")

    nav(alice, "Tasks")  # nothing ran: her task is still there, and her action still waits
    expect(main(alice)).to_contain_text("1 task")
    nav(alice, "Approvals")
    card = main(alice).locator(f".st-key-approve-{approval}")
    expect(card).to_be_visible()
    expect(main(alice)).to_contain_text(f"wait for an approver ({CAROL})")
    expect(sidebar(alice)).to_contain_text("1 action waiting for a decision")  # an approver's, not hers
    card.get_by_role("button").click()  # her own irreversible delete: only an approver may approve it
    expect(main(alice).get_by_test_id("stAlertContentError")).to_contain_text(
        f"Only an approver ({CAROL}) can approve this", timeout=TURN_MS
    )
    alice.screenshot("team-6-alice-only-an-approver")
    main(alice).locator(f".st-key-reject-{approval} button").click()  # ...but she may reject it
    expect(main(alice).get_by_test_id("stAlertContentInfo").first).to_contain_text(
        f"Not run — {ALICE} rejected deleting task {task_id} 'Book the microscope'", timeout=TURN_MS
    )
    expect(main(alice)).to_contain_text("Nothing waits for a decision")
    alice.screenshot("team-7-alice-rejected")
    assert alice.console_errors == [] and bob.console_errors == []


def test_an_approver_sees_everyones_waiting_actions_and_approves_alices_delete_as_herself(
    signed_in: Callable[[str], ChatPage], team_url: str
) -> None:
    alice = signed_in("alice")
    alice.open(team_url)
    task_id, approval = ask_delete(alice, "order pipettes")
    conversation = re.search(r"[?&]c=([0-9a-f]+)", alice.page.url)[1]

    carol = signed_in("carol")
    expect(sidebar(carol)).to_contain_text(f"Signed in as {CAROL}")
    expect(sidebar(carol)).to_contain_text("approver")
    expect(sidebar(carol)).to_contain_text(re.compile(r"\d+ actions? waiting for your approval"))  # everyone's
    nav(carol, "Approvals")
    expect(main(carol)).to_contain_text("Everyone's actions waiting for a decision")
    expect(main(carol)).to_contain_text(f"Asked by {ALICE}")
    expect(main(carol)).to_contain_text(f"delete_task on task {task_id} 'Order pipettes'")
    carol.screenshot("team-8-carol-queue")
    main(carol).locator(f".st-key-approve-{approval} button").click()
    done = main(carol).get_by_test_id("stAlertContentSuccess")
    expect(done).to_contain_text(f"Approved by {CAROL} at", timeout=TURN_MS)
    expect(done).to_contain_text(f"deleting task {task_id} 'Order pipettes'")
    expect(done).to_contain_text(f"Deleted task {task_id}")
    # Decided, so gone from the queue (which also holds other tests' waiting calls: the database is shared).
    expect(main(carol).locator(f".st-key-approve-{approval}")).to_have_count(0)
    carol.screenshot("team-9-carol-approved")

    nav(alice, "Tasks")
    expect(main(alice)).not_to_contain_text("Order pipettes")
    expect(main(alice)).to_contain_text("Book the microscope")  # the one she rejected is still hers
    alice.open(f"{team_url}/?c={conversation}")  # her conversation records who approved it
    card = alice.message("Asked for approval")
    expect(card.get_by_test_id("stAlertContentSuccess")).to_contain_text(f"Approved by {CAROL} at")
    alice.message(f"Deleted task {task_id}")
    alice.screenshot("team-10-alice-approved-by-carol", show=card)
    assert alice.console_errors == [] and carol.console_errors == []
