"""Who a browser session is (ui/identity.py): single-person mode without ``[auth]``, the sign-in page for a signed-out
visitor, and the signed-in person's id, name and approver badge from their ID token's claims. AppTest against the
real runtime; the real OIDC flow in a browser is tests/e2e/test_team.py."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from streamlit.testing.v1 import AppTest

from agent_core.people.identity import Approvers
from agent_core.settings import PROJECT_ROOT
from tests.helpers import TASKS
from tests.ui_support import (  # noqa: F401 - fixtures
    app_runtime_closed_after_module,
    ask,
    cached_runtime,
    configure_kept_runtime,
    reset_runtime,
)
from ui.identity import person_id, signed_in_person

APP = str(PROJECT_ROOT / "ui" / "app.py")
AUTH = {  # what `.streamlit/secrets.toml` holds for sign-in; AppTest never talks to the provider
    "redirect_uri": "http://localhost:8501/oauth2callback",
    "cookie_secret": "test-cookie-secret",
    "client_id": "paias",
    "client_secret": "secret",
    "server_metadata_url": "http://127.0.0.1:9/.well-known/openid-configuration",
}
ALICE = {"iss": "https://id.example", "sub": "alice-1", "email": "Alice@Lab.example", "email_verified": True}


@pytest.fixture
def open_app(configure) -> Callable[..., AppTest]:
    def open_(servers: dict | None = None, **options: dict) -> AppTest:
        if servers is not None:
            configure(servers)
        at = AppTest.from_file(APP, default_timeout=60)
        for name, value in options.items():
            setattr(at, name, value)
        return at.run()

    return open_


def sidebar_text(at: AppTest) -> str:
    return " ".join(e.value for e in [*at.sidebar.markdown, *at.sidebar.caption])


def test_without_auth_the_sidebar_says_single_person_mode_and_every_page_works(open_app) -> None:
    at = open_app()
    assert not at.exception, at.exception
    assert "Single-person mode — no sign-in; everything here is yours." in sidebar_text(at)
    assert not [b for b in at.sidebar.button if b.label == "Sign out"]
    for page in ("memory", "tasks", "approvals", "tools", "traces"):
        at.switch_page(f"views/{page}.py").run()
        assert not at.exception, (page, at.exception)
        assert "Single-person mode" in sidebar_text(at)


def test_in_single_person_mode_the_approvals_page_lists_and_decides_the_persons_own_actions(open_app) -> None:
    at = open_app({"tasks": TASKS})
    ask(at, "add a task to calibrate the scale")
    task_id = int(re.match(r"Added task (\d+):", at.chat_message[-1].markdown[0].value)[1])
    ask(at, f"delete task {task_id}")
    at.switch_page("views/approvals.py").run()
    assert not at.exception, at.exception
    assert "You asked" in " ".join(c.value for c in at.caption)
    [approve] = [b for b in at.button if b.label == "Approve" and b.key.startswith("approve-")]
    approve.click().run()
    assert not at.exception, at.exception
    [done] = at.success
    assert re.match(rf"Approved by browser at .* — deleting task {task_id} 'Calibrate the scale'\.", done.value)
    assert f"Deleted task {task_id}" in done.value or f"deleted task {task_id}" in done.value.lower()
    assert "Nothing waits for a decision" in at.info[0].value


def test_a_signed_out_visitor_gets_only_the_sign_in_page_and_nothing_starts(open_app) -> None:
    reset_runtime()  # a fresh app process, so that nothing started is the sign-in page's doing
    okta = {"client_id": "paias", "client_secret": "s", "server_metadata_url": AUTH["server_metadata_url"]}
    at = open_app(secrets={"auth": {**AUTH, "okta": okta}}, user={"is_logged_in": False})
    assert not at.exception, at.exception
    assert at.title[0].value == "PAIAS Research Assistant"
    assert [b.label for b in at.button] == ["Sign in", "Sign in with Okta"]  # [auth] itself, then [auth.okta]
    assert not at.chat_input and not at.sidebar.markdown  # no chat, no conversations, no servers
    assert cached_runtime() is None  # the runtime was not even started for them


def test_a_signed_in_approver_is_named_by_email_with_a_badge_and_can_sign_out(
    open_app, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("APPROVERS", "alice@lab.example")
    at = open_app(secrets={"auth": AUTH}, user={"is_logged_in": True, **ALICE})
    assert not at.exception, at.exception
    shown = sidebar_text(at)
    assert "Signed in as **Alice@Lab.example**" in shown and "approver" in shown
    assert "Single-person mode" not in shown
    assert [b for b in at.sidebar.button if b.label == "Sign out"]
    at.switch_page("views/approvals.py").run()
    assert "Everyone's actions waiting for a decision" in at.caption[0].value


def test_the_id_is_the_subject_qualified_by_its_issuer() -> None:
    assert person_id(ALICE) == "https://id.example#alice-1"
    assert person_id({"sub": "alice-1"}) == "alice-1"  # a token without iss (never from Authlib) keeps its sub
    with pytest.raises(ValueError, match="no subject"):
        person_id({"iss": "https://id.example"})


def test_an_unverified_email_is_no_way_into_approvers_and_names_nobody() -> None:
    approvers = Approvers.parse("carol@lab.example group:safety")
    forged = signed_in_person(
        {"iss": "https://id.example", "sub": "m-1", "email": "carol@lab.example", "email_verified": False},
        approvers,
    )
    assert not forged.approver and forged.name == "m-1" and forged.signed_in
    as_text = {"iss": "https://id.example", "sub": "m-2", "email": "carol@lab.example", "email_verified": "false"}
    assert not signed_in_person(as_text, approvers).approver
    carol = signed_in_person({"iss": "https://id.example", "sub": "c-1", "email": "carol@lab.example"}, approvers)
    assert carol.approver and carol.name == "carol@lab.example"  # no email_verified claim at all: trusted
    grouped = {"iss": "https://id.example", "sub": "s-1", "email": "sam@lab.example", "groups": "Safety"}
    assert signed_in_person(grouped, approvers).approver  # one group may come as a plain string
    assert not signed_in_person({**grouped, "groups": ["lab"]}, approvers).approver
