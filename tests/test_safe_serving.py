"""The browser app serves anonymously only where nobody else can reach it: loopback, sign-in, or an explicit
PAIAS_ALLOW_ANONYMOUS=true (a container published on 127.0.0.1) — and then it says so."""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from agent_core.serving import is_loopback, serving_check
from agent_core.settings import PROJECT_ROOT, Settings

pytestmark = pytest.mark.fault  # counted by bench/faults.py


@pytest.mark.parametrize("address", ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]", "unix:///tmp/st.sock"])
@pytest.mark.parametrize("allow_anonymous", [False, True])
def test_loopback_serves_without_sign_in_and_without_a_warning(address: str, allow_anonymous: bool) -> None:
    verdict = serving_check(address, auth_configured=False, allow_anonymous=allow_anonymous)
    assert (verdict.allowed, verdict.warning, verdict.reason) == (True, None, None)


@pytest.mark.parametrize("address", [None, "", "0.0.0.0", "::", "192.168.1.20", "10.0.0.5", "myhost.example.org"])
def test_a_reachable_address_without_sign_in_is_refused_with_the_three_ways_out(address: str | None) -> None:
    verdict = serving_check(address, auth_configured=False, allow_anonymous=False)
    assert not verdict.allowed and verdict.warning is None
    assert verdict.reason.startswith("Not serving: the app listens on ")
    for way_out in ("--server.address 127.0.0.1", "[auth] in .streamlit/secrets.toml", "PAIAS_ALLOW_ANONYMOUS=true"):
        assert way_out in verdict.reason
    where = "all network interfaces" if address in (None, "", "0.0.0.0", "::") else address
    assert f"listens on {where} without sign-in" in verdict.reason


def test_sign_in_makes_any_address_servable() -> None:
    assert serving_check("0.0.0.0", auth_configured=True, allow_anonymous=False).allowed


def test_allowed_anonymous_access_on_a_reachable_address_serves_with_a_warning() -> None:
    verdict = serving_check("", auth_configured=False, allow_anonymous=True)
    assert verdict.allowed and verdict.reason is None
    assert "anyone who can reach this port" in verdict.warning and "all network interfaces" in verdict.warning


@pytest.mark.parametrize(
    ("address", "loopback"),
    [("127.0.0.1", True), ("LOCALHOST", True), (" 127.0.0.1 ", True), ("0.0.0.0", False), ("localhost.evil", False)],
)
def test_is_loopback_trusts_only_addresses_that_cannot_leave_the_machine(address: str, loopback: bool) -> None:
    assert is_loopback(address) is loopback


def test_paias_allow_anonymous_is_a_setting_off_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings(_env_file=None).paias_allow_anonymous is False
    monkeypatch.setenv("PAIAS_ALLOW_ANONYMOUS", "true")
    assert Settings(_env_file=None).paias_allow_anonymous is True


def _gate(address: str, allow_anonymous: bool) -> None:
    import streamlit as st

    from agent_core.serving import serving_check
    from ui.serving import auth_configured, render_verdict

    st.caption(f"sign-in configured: {auth_configured()}")
    render_verdict(serving_check(address, auth_configured(), allow_anonymous))
    st.title("the app")


def test_a_refused_address_shows_the_reason_and_nothing_else_starts() -> None:
    at = AppTest.from_function(_gate, kwargs={"address": "0.0.0.0", "allow_anonymous": False}, default_timeout=60).run()
    assert not at.exception
    [error] = at.error
    assert error.value.startswith("Not serving: the app listens on all network interfaces without sign-in")
    assert not at.title  # st.stop(): nothing after the gate ran


def test_an_allowed_anonymous_address_warns_in_the_sidebar_and_serves() -> None:
    at = AppTest.from_function(_gate, kwargs={"address": "0.0.0.0", "allow_anonymous": True}, default_timeout=60).run()
    assert not at.exception and not at.error
    assert "No sign-in" in at.sidebar.warning[0].value and at.title[0].value == "the app"


def test_an_auth_section_in_the_secrets_counts_as_sign_in_and_no_secrets_file_as_none() -> None:
    without = AppTest.from_function(
        _gate, kwargs={"address": "0.0.0.0", "allow_anonymous": False}, default_timeout=60
    ).run()
    assert without.caption[0].value == "sign-in configured: False"  # no secrets.toml anywhere: no error either

    signed = AppTest.from_function(_gate, kwargs={"address": "0.0.0.0", "allow_anonymous": False}, default_timeout=60)
    signed.secrets["auth"] = {"redirect_uri": "http://localhost:8501/oauth2callback", "cookie_secret": "s"}
    signed.run()
    assert signed.caption[0].value == "sign-in configured: True"
    assert not signed.error and signed.title[0].value == "the app"


def test_the_container_listens_on_all_interfaces_but_is_published_on_loopback_only() -> None:
    compose = (PROJECT_ROOT / "docker-compose.yml").read_text()
    app = compose[compose.index("\n  app:") :]
    assert re.search(r'PAIAS_ALLOW_ANONYMOUS: "true"', app)
    published = re.findall(r'^\s+- "([\d.]+:\d+:\d+)"', compose, re.MULTILINE)
    assert published and all(p.startswith("127.0.0.1:") for p in published)
    dockerfile = (PROJECT_ROOT / "Dockerfile").read_text()
    assert '"--server.address", "0.0.0.0"' in dockerfile and "ENV PAIAS_ALLOW_ANONYMOUS" not in dockerfile
