"""The web search MCP server: pure logic with fake backends, and the real protocol over stdio and HTTP.

Nothing here reaches the live web: the logic gets fake backends through its constructor, the server processes
use the fixture backend, and the one real ddgs call goes through a proxy on a closed local port.
"""

from __future__ import annotations

import json
import os
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any

import primp
import pytest
from ddgs.engines import ENGINES as DDGS_ENGINES
from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.server.mcpserver.exceptions import ToolError
from pydantic_ai.mcp import MCPToolset

from agent_core.servers import websearch
from agent_core.servers.websearch import (
    ENGINES,
    DdgsBackend,
    FixtureBackend,
    SearchResult,
    WebSearch,
    WebSearchConfig,
    WebSearchConfigError,
    WebSearchError,
)
from agent_core.settings import PROJECT_ROOT
from tests.helpers import free_port, http_server

pytestmark = pytest.mark.anyio

CANNED = {
    "france": [{"title": "France", "url": "https://example.org/france", "snippet": "A country in Europe."}],
    "paris": [
        {"title": "Paris", "url": "https://example.org/paris", "snippet": "The capital of France."},
        {"title": "Paris museums", "url": "https://example.org/louvre", "snippet": "The Louvre and more."},
    ],
}


def hit(n: int, url: str | None = None, snippet: str = "snippet") -> SearchResult:
    return SearchResult(title=f"Result {n}", url=f"https://example.org/{n}" if url is None else url, snippet=snippet)


class FakeBackend:
    """Returns canned results (ignoring the cap unless told to honour it) or raises; records every call."""

    def __init__(self, results: list[SearchResult] | None = None, error: Exception | None = None) -> None:
        self.results = results or []
        self.error = error
        self.calls: list[tuple[str, int]] = []

    def search(self, query: str, max_results: int) -> list[SearchResult]:
        self.calls.append((query, max_results))
        if self.error is not None:
            raise self.error
        return self.results


def ddgs_transport_error(error: Exception) -> DDGSException:
    """What ddgs 9.x raises when a request fails: wrapped by its HttpClient, then again by ``DDGS.text``."""
    if isinstance(error, primp.TimeoutError):
        inner: DDGSException = TimeoutException(error)
    else:
        inner = DDGSException(f"{type(error).__name__}: {error!r}")
    inner.__cause__ = error
    return (TimeoutException if "timed out" in f"{inner}" else DDGSException)(inner)


async def test_a_request_for_more_than_the_maximum_is_capped_and_the_backend_asked_for_the_cap() -> None:
    backend = FakeBackend([hit(n) for n in range(5)])
    found = await WebSearch(backend, max_results=3).search("python", max_results=10)
    assert [r.title for r in found.results] == ["Result 0", "Result 1", "Result 2"]
    assert backend.calls == [("python", 3)]


async def test_a_request_below_the_cap_is_honoured_and_the_default_is_the_cap() -> None:
    backend = FakeBackend([hit(n) for n in range(5)])
    logic = WebSearch(backend, max_results=4)
    assert len((await logic.search("python", max_results=2)).results) == 2
    assert len((await logic.search("python")).results) == 4
    assert [n for _, n in backend.calls] == [2, 4]


@pytest.mark.parametrize("query", ["", "   ", "\n\t"])
async def test_an_empty_query_is_refused_without_searching(query: str) -> None:
    backend = FakeBackend([hit(1)])
    with pytest.raises(WebSearchError, match=re.escape("The search query is empty — say what to search for.")):
        await WebSearch(backend).search(query)
    assert backend.calls == []


async def test_asking_for_fewer_than_one_result_is_an_error_naming_the_range() -> None:
    with pytest.raises(WebSearchError, match="at least 1 — ask for 1 to 7 results"):
        await WebSearch(FakeBackend([hit(1)]), max_results=7).search("python", max_results=0)


async def test_the_query_is_sent_with_whitespace_collapsed() -> None:
    backend = FakeBackend()
    await WebSearch(backend).search("  pgvector \n  hnsw  ")
    assert backend.calls == [("pgvector hnsw", 10)]


async def test_snippets_and_titles_are_collapsed_and_long_snippets_trimmed() -> None:
    messy = SearchResult(title=" A\n  title ", url=" https://example.org/a ", snippet="word \n\t " * 200)
    [result] = (await WebSearch(FakeBackend([messy])).search("a")).results
    assert result.title == "A title"
    assert result.url == "https://example.org/a"
    assert len(result.snippet) <= 500 and result.snippet.endswith("…")
    assert "  " not in result.snippet and "\n" not in result.snippet
    assert result.snippet.startswith("word word")


async def test_results_without_a_url_are_dropped_before_capping() -> None:
    results = [hit(1, url=""), hit(2), hit(3, url="   "), hit(4), hit(5)]
    found = await WebSearch(FakeBackend(results), max_results=2).search("x")
    assert [r.title for r in found.results] == ["Result 2", "Result 4"]


async def test_no_results_is_an_empty_list_not_an_error() -> None:
    found = await WebSearch(FakeBackend([])).search("zxqv nothing matches")
    assert found.model_dump() == {"results": []}


_DNS = primp.DNSError(
    "error sending request for url (https://html.duckduckgo.com/html/) > error resolving DNS > DNS error: no records"
)
_REFUSED = primp.ConnectError(
    "error sending request for url (https://html.duckduckgo.com/html/) > Connection refused (os error 111)"
)
_SLOW = primp.TimeoutError("error sending request for url (https://html.duckduckgo.com/html/) > operation timed out")


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (ddgs_transport_error(_DNS), "Web search is unavailable: this computer can't reach duckduckgo right now."),
        (ddgs_transport_error(_REFUSED), "can't reach duckduckgo right now. Check the internet connection, or ask"),
        (OSError(101, "Network is unreachable"), "this computer can't reach duckduckgo right now"),
        (ConnectionRefusedError(111, "Connection refused"), "this computer can't reach duckduckgo right now"),
        (ddgs_transport_error(_SLOW), "Web search timed out after 12 s (WEBSEARCH_TIMEOUT). Try again or raise"),
        (TimeoutError(), "Web search timed out after 12 s (WEBSEARCH_TIMEOUT)."),
        (RatelimitException("https://html.duckduckgo.com/html 202 Ratelimit"), "rate-limited by duckduckgo; wait a"),
        (DDGSException("https://search.example 429 Too Many Requests"), "rate-limited by duckduckgo; wait a minute"),
        (RuntimeError("unexpected page layout"), "Web search failed on duckduckgo (unexpected page layout). Try"),
    ],
)
async def test_backend_failures_become_messages_with_a_next_step(error: Exception, expected: str) -> None:
    with pytest.raises(WebSearchError) as caught:
        await WebSearch(FakeBackend(error=error), timeout=12).search("python")
    assert expected in str(caught.value)


async def test_the_network_cause_goes_to_the_log_and_the_person_reads_plain_words(caplog) -> None:
    with caplog.at_level("WARNING", logger="paias.websearch"), pytest.raises(WebSearchError) as caught:
        await WebSearch(FakeBackend(error=ddgs_transport_error(_DNS))).search("python")
    assert "DNS" not in str(caught.value) and "can't reach duckduckgo" in str(caught.value)
    assert "no network connection to duckduckgo (DNS lookup failed)" in caplog.text


async def test_the_ddgs_rate_limit_message_names_the_configured_engine() -> None:
    logic = WebSearch(FakeBackend(error=RatelimitException("202 Ratelimit")), engine="brave")
    with pytest.raises(WebSearchError, match=r"^Web search is rate-limited by brave; wait a minute or set WEBSEARCH_"):
        await logic.search("python")


async def test_a_hanging_backend_is_abandoned_at_the_timeout_without_blocking_the_event_loop() -> None:
    release = threading.Event()

    class HangingBackend:
        def search(self, query: str, max_results: int) -> list[SearchResult]:
            release.wait(30)
            return [hit(1)]

    started = time.monotonic()
    try:
        with pytest.raises(WebSearchError, match=r"timed out after 0\.3 s \(WEBSEARCH_TIMEOUT\)"):
            await WebSearch(HangingBackend(), timeout=0.3).search("python")
    finally:
        release.set()
    assert time.monotonic() - started < 10


def test_the_configuration_defaults() -> None:
    assert WebSearchConfig.from_env({}) == WebSearchConfig("duckduckgo", 10, 30.0, "ddgs")


def test_the_configuration_is_read_from_the_environment() -> None:
    env = {
        "WEBSEARCH_ENGINE": " Google ",
        "WEBSEARCH_MAX_RESULTS": "3",
        "WEBSEARCH_TIMEOUT": "2.5",
        "PAIAS_WEBSEARCH_BACKEND": "fixture:/tmp/results.json",
    }
    assert WebSearchConfig.from_env(env) == WebSearchConfig("google", 3, 2.5, "fixture:/tmp/results.json")


def test_an_unknown_engine_is_refused_with_the_valid_ones_listed() -> None:
    with pytest.raises(WebSearchConfigError) as caught:
        WebSearchConfig.from_env({"WEBSEARCH_ENGINE": "altavista"})
    message = str(caught.value)
    assert "WEBSEARCH_ENGINE='altavista' is not a supported search engine" in message
    assert "duckduckgo, google, startpage, bing, yahoo, brave" in message


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("WEBSEARCH_MAX_RESULTS", "0"),
        ("WEBSEARCH_MAX_RESULTS", "-2"),
        ("WEBSEARCH_MAX_RESULTS", "ten"),
        ("WEBSEARCH_MAX_RESULTS", "2.5"),
        ("WEBSEARCH_TIMEOUT", "0"),
        ("WEBSEARCH_TIMEOUT", "nan"),
        ("WEBSEARCH_TIMEOUT", "soon"),
    ],
)
def test_invalid_numbers_are_refused_naming_the_variable(name: str, value: str) -> None:
    with pytest.raises(WebSearchConfigError, match=f"^{name}='{value}' is invalid: it must be"):
        WebSearchConfig.from_env({name: value})


@pytest.mark.parametrize("spec", ["serpapi", "fixture:", "fixture"])
def test_an_unknown_backend_spec_is_refused(spec: str) -> None:
    with pytest.raises(WebSearchConfigError, match=re.escape("Use 'ddgs' or 'fixture:/path/to/results.json'")):
        WebSearchConfig.from_env({"PAIAS_WEBSEARCH_BACKEND": spec})


def test_every_engine_maps_to_a_text_backend_the_installed_ddgs_offers() -> None:
    offered = {*DDGS_ENGINES["text"], "auto"}
    assert {name: target for name, target in ENGINES.items() if target not in offered} == {}


def test_the_fixture_backend_returns_every_contained_keyword_in_file_order(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    path.write_text(json.dumps(CANNED))
    backend = FixtureBackend(path)
    assert [r.title for r in backend.search("What is in PARIS, France?", 10)] == ["France", "Paris", "Paris museums"]
    assert [r.title for r in backend.search("paris", 1)] == ["Paris"]
    assert backend.search("tokyo", 10) == []


@pytest.mark.parametrize("content", ["not json", '{"paris": [{"title": "no url"}]}', "[1, 2]"])
def test_a_broken_fixture_file_is_a_configuration_error(tmp_path: Path, content: str) -> None:
    path = tmp_path / "results.json"
    path.write_text(content)
    with pytest.raises(WebSearchConfigError, match="Cannot load the web search fixture"):
        FixtureBackend(path)
    with pytest.raises(WebSearchConfigError, match="Cannot load the web search fixture"):
        FixtureBackend(tmp_path / "missing.json")


class FakeDdgs:
    """Stands in for the ``ddgs.DDGS`` class given to ``DdgsBackend``; records how it was built and called."""

    def __init__(self, made: list[dict[str, Any]], timeout: float) -> None:
        self.made = made
        made.append({"timeout": timeout})

    def text(self, query: str, *, backend: str, max_results: int) -> list[dict[str, str]]:
        self.made[-1].update(query=query, backend=backend, max_results=max_results)
        if query == "nothing":
            raise DDGSException("No results found.")
        if query == "broken":
            raise DDGSException("DNSError: no records")
        return [{"title": "Paris", "href": "https://example.org/paris", "body": "Capital."}, {"title": "No link"}]


def test_the_ddgs_backend_maps_our_engine_and_fields_and_treats_no_results_as_empty() -> None:
    made: list[dict[str, Any]] = []
    backend = DdgsBackend("google", timeout=7.5, client=lambda timeout: FakeDdgs(made, timeout))
    assert backend.search("paris", 4) == [
        SearchResult(title="Paris", url="https://example.org/paris", snippet="Capital."),
        SearchResult(title="No link", url="", snippet=""),
    ]
    assert made == [{"timeout": 7.5, "query": "paris", "backend": "startpage", "max_results": 4}]
    assert backend.search("nothing", 4) == []
    with pytest.raises(DDGSException, match="DNSError"):
        backend.search("broken", 4)


async def test_a_real_ddgs_search_without_a_connection_is_the_no_network_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # ddgs sends everything through DDGS_PROXY; a closed local port fails fast and can never reach the web.
    monkeypatch.setenv("DDGS_PROXY", f"http://127.0.0.1:{free_port()}")
    started = time.monotonic()
    with pytest.raises(WebSearchError) as caught:
        await WebSearch(DdgsBackend("duckduckgo", timeout=5), timeout=5).search("python asyncio")
    assert str(caught.value) == (
        "Web search is unavailable: this computer can't reach duckduckgo right now. "
        "Check the internet connection, or ask me to look in your memory instead."
    )
    assert time.monotonic() - started < 5


async def test_the_tool_function_turns_search_errors_into_tool_errors() -> None:
    with pytest.raises(ToolError, match="The search query is empty"):
        await websearch.web_search("   ")


def _fixture_file(tmp_path: Path) -> str:
    path = tmp_path / "results.json"
    path.write_text(json.dumps(CANNED))
    return str(path)


def _server(env: dict[str, str]) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "agent_core.servers.websearch"],
        env={**env, "PATH": os.environ["PATH"]},
        cwd=str(PROJECT_ROOT),
    )


async def test_stdio_protocol_lists_one_read_only_open_world_tool_and_returns_capped_results(tmp_path: Path) -> None:
    env = {"PAIAS_WEBSEARCH_BACKEND": f"fixture:{_fixture_file(tmp_path)}", "WEBSEARCH_MAX_RESULTS": "2"}
    async with stdio_client(_server(env)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        [tool] = (await session.list_tools()).tools
        assert tool.name == "web_search"
        assert tool.annotations.read_only_hint is True and tool.annotations.open_world_hint is True
        assert tool.annotations.title == "Web search"
        assert tool.input_schema["required"] == ["query"]
        result = await session.call_tool("web_search", {"query": "paris france", "max_results": 5})
        assert not result.is_error
        assert result.structured_content == {"results": [CANNED["france"][0], CANNED["paris"][0]]}
        blank = await session.call_tool("web_search", {"query": "  "})
        assert blank.is_error
        assert blank.content[0].text.endswith("The search query is empty — say what to search for.")


async def test_stdio_server_with_an_unknown_engine_explains_which_engines_exist(tmp_path: Path) -> None:
    env = {"PAIAS_WEBSEARCH_BACKEND": f"fixture:{_fixture_file(tmp_path)}", "WEBSEARCH_ENGINE": "altavista"}
    async with stdio_client(_server(env)) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        result = await session.call_tool("web_search", {"query": "paris"})
        assert result.is_error
        assert "WEBSEARCH_ENGINE='altavista'" in result.content[0].text
        assert "duckduckgo, google" in result.content[0].text


async def test_streamable_http_transport_serves_the_same_tool(tmp_path: Path) -> None:
    env = {**os.environ, "PAIAS_WEBSEARCH_BACKEND": f"fixture:{_fixture_file(tmp_path)}", "WEBSEARCH_MAX_RESULTS": "5"}
    for name in ("WEBSEARCH_ENGINE", "WEBSEARCH_TIMEOUT"):
        env.pop(name, None)
    with http_server("agent_core.servers.websearch", env) as url:
        async with MCPToolset(url) as toolset:
            result = await toolset.direct_call_tool("web_search", {"query": "Paris"})
    assert result == {"results": CANNED["paris"]}
