"""Fixtures for the real-browser tests: per module one Chromium and two app processes (offline; an LLM that is a
local OpenAI-compatible stub in this process), one tab (or a few) per test."""

from __future__ import annotations

import json
import os
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, sync_playwright

from agent_core.settings import PROJECT_ROOT, Settings
from tests.e2e.browser import CHROMIUM, VIEWPORT, ChatPage, launch
from tests.e2e.streamlit_app import streamlit_app
from tests.fixtures import openai_stub
from tests.fixtures.openai_stub import OpenAIStub
from tests.helpers import SEARCH, TASKS, TIME_SERVER

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


def app_env(tmp: Path, pg_url: str, servers: dict[str, Any], **settings: str) -> dict[str, str]:
    """The app's environment: ``servers`` as its MCP config, the session database, a fresh user, ``settings``."""
    config = tmp / "mcp-servers.json"  # as tests/conftest.py's write_config (function-scoped) writes it
    config.write_text(json.dumps({"mcpServers": servers}))
    # Nothing the app reads as a setting comes from this shell (the autouse _isolated_env runs only per test).
    env = {name: value for name, value in os.environ.items() if name.lower() not in Settings.model_fields}
    return env | {
        "PAIAS_HOME": str(tmp / "home"),
        "DATABASE_URL": pg_url,
        "USER_ID": f"e2e-{uuid.uuid4().hex[:12]}",
        "MCP_CONFIG": str(config),
        **{name.upper(): value for name, value in settings.items()},
    }


@pytest.fixture(scope="module")
def app_url(tmp_path_factory: pytest.TempPathFactory, pg_url: str) -> Iterator[str]:
    """The app under `streamlit run`, offline, with the time, tasks and fake web search servers, the session database and a fresh
    user. One process for the module: starting it and its runtime is most of a test's time, and each test opens
    its own tab, hence its own conversation. Its output is in <tmp>/streamlit.log, shown if it fails to start."""
    tmp = tmp_path_factory.mktemp("e2e-app")
    # MODEL is set, so a developer's .env (load_dotenv does not override) cannot pick an LLM.
    env = app_env(tmp, pg_url, {"time": TIME_SERVER, "tasks": TASKS, "search": SEARCH}, model="offline")
    with streamlit_app(env, tmp / "streamlit.log") as url:
        yield url


@pytest.fixture(scope="module")
def llm_stub() -> Iterator[OpenAIStub]:
    """The OpenAI-compatible stub on 127.0.0.1 (a free port), in this process, with a gate that holds back the last
    piece of each final answer until a test opens it. Replies never wait for long once the module is over."""
    with pytest.MonkeyPatch.context() as patch, OpenAIStub(gate=threading.Event()) as stub:
        # A held answer waits this long for the test to open the gate: a browser is slower than test_streaming.
        patch.setattr(openai_stub, "GATE_WAIT", 45.0)
        try:
            yield stub
        finally:
            stub.gate.set()


@pytest.fixture(scope="module")
def llm_app_url(tmp_path_factory: pytest.TempPathFactory, pg_url: str, llm_stub: OpenAIStub) -> Iterator[str]:
    """A second app process whose model is an LLM: the stub, as a local OpenAI-compatible server (MODEL=openai:<id>
    with OPENAI_BASE_URL), streaming (a local server streams only with MODEL_STREAM), with the time server."""
    tmp = tmp_path_factory.mktemp("e2e-llm-app")
    env = app_env(
        tmp,
        pg_url,
        {"time": TIME_SERVER},
        model="openai:deepseek-v3",
        openai_base_url=f"{llm_stub.url}/v1",
        openai_api_key="sk-test",
        model_stream="true",
    )
    env |= {"NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"}
    with streamlit_app(env, tmp / "streamlit.log") as url:
        yield url


@pytest.fixture
def tabs(browser: Browser) -> Iterator[Callable[..., ChatPage]]:
    """Opens tabs on the chat page, each in a context of its own (``new_context`` options: a dark color scheme, a
    phone's viewport); screenshots go to test-output/screenshots. All are closed when the test ends."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    contexts: list[BrowserContext] = []

    def open_tab(url: str, **options: Any) -> ChatPage:
        contexts.append(browser.new_context(**({"viewport": VIEWPORT} | options)))
        page = ChatPage(contexts[-1].new_page(), SCREENSHOTS)
        page.open(url)
        return page

    try:
        yield open_tab
    finally:
        for context in contexts:
            context.close()


@pytest.fixture
def chat(tabs: Callable[..., ChatPage], app_url: str) -> ChatPage:
    """A fresh tab on the offline app's chat page, ready for input."""
    return tabs(app_url)


@pytest.fixture
def llm_chat(tabs: Callable[..., ChatPage], llm_app_url: str, llm_stub: OpenAIStub) -> Iterator[ChatPage]:
    """A fresh tab on the LLM app's chat page, its stub's gate closed; opened at the end, so nothing stays held."""
    llm_stub.gate.clear()
    try:
        yield tabs(llm_app_url)
    finally:
        llm_stub.gate.set()
