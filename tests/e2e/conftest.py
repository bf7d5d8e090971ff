"""Fixtures for the real-browser tests: one Chromium and one app process per module, one tab per test."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, sync_playwright

from agent_core.settings import PROJECT_ROOT, Settings
from tests.e2e.browser import CHROMIUM, VIEWPORT, ChatPage, launch
from tests.e2e.streamlit_app import streamlit_app
from tests.helpers import TASKS, TIME_SERVER

SCREENSHOTS = PROJECT_ROOT / "test-output" / "screenshots"


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():  # the module skips first; this guards a fixture used elsewhere
        pytest.skip(f"{CHROMIUM} is missing (`make test` installs Debian's chromium with apt)")
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory, pg_url: str) -> Iterator[str]:
    """The app under `streamlit run`, offline, with the time and tasks servers, the session database and a fresh
    user. One process for the module: starting it and its runtime is most of a test's time, and each test opens
    its own tab, hence its own conversation. Its output is in <tmp>/streamlit.log, shown if it fails to start."""
    tmp = tmp_path_factory.mktemp("e2e-app")
    config = tmp / "mcp-servers.json"  # as tests/conftest.py's write_config (function-scoped) writes it
    config.write_text(json.dumps({"mcpServers": {"time": TIME_SERVER, "tasks": TASKS}}))
    # Nothing the app reads as a setting comes from this shell (the autouse _isolated_env runs only per test).
    env = {name: value for name, value in os.environ.items() if name.lower() not in Settings.model_fields}
    env |= {
        "MODEL": "offline",  # set, so a developer's .env (load_dotenv does not override) cannot pick an LLM
        "PAIAS_HOME": str(tmp / "home"),
        "DATABASE_URL": pg_url,
        "USER_ID": f"e2e-{uuid.uuid4().hex[:12]}",
        "MCP_CONFIG": str(config),
    }
    with streamlit_app(env, tmp / "streamlit.log") as url:
        yield url


@pytest.fixture
def chat(browser: Browser, app_url: str) -> Iterator[ChatPage]:
    """A fresh tab on the chat page, ready for input; screenshots go to test-output/screenshots."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = ChatPage(context.new_page(), SCREENSHOTS)
        page.open(app_url)
        yield page
    finally:
        context.close()
