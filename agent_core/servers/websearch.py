"""Web search MCP server: titles, URLs and snippets from a public search engine, through the ``ddgs`` library.

Run with: ``python -m agent_core.servers.websearch`` (stdio) or
``python -m agent_core.servers.websearch --transport http --port 8766`` (streamable HTTP at /mcp).

Configuration, read once at start:

- ``WEBSEARCH_ENGINE``: one of ``ENGINES`` below (default ``duckduckgo``).
- ``WEBSEARCH_MAX_RESULTS``: the most results one call returns; bigger requests are capped (default 10).
- ``WEBSEARCH_TIMEOUT``: seconds one search may take in total (default 30).
- ``PAIAS_WEBSEARCH_BACKEND``: ``ddgs`` (the live web, default) or ``fixture:/path/to/results.json`` (canned
  results for tests and offline demos; the JSON maps lowercase keywords to lists of {title, url, snippet}).
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Protocol

import anyio
import anyio.to_thread
from ddgs import DDGS
from ddgs.exceptions import DDGSException, RatelimitException, TimeoutException
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from agent_core.servers._serve import main

# Our engine names -> ddgs 9.x text backends. ddgs disables its own google and bing scrapers, so "google" goes
# through Startpage (which serves Google's results) and "bing" through Yahoo (Bing-powered, and a different host
# from duckduckgo, so switching to it actually helps when duckduckgo rate-limits us).
ENGINES: dict[str, str] = {
    "duckduckgo": "duckduckgo",
    "google": "startpage",
    "startpage": "startpage",
    "bing": "yahoo",
    "yahoo": "yahoo",
    "brave": "brave",
    "mojeek": "mojeek",
    "wikipedia": "wikipedia",
    "grokipedia": "grokipedia",
    "auto": "auto",
}
SNIPPET_LIMIT = 500
_NO_RESULTS = "No results found."  # what ddgs raises, as a plain DDGSException, when nothing matched
log = logging.getLogger("paias.websearch")
_RATE_LIMITED = re.compile(r"rate ?limit|too many requests|\b429\b")


class SearchResult(BaseModel):
    """One web page found by a search."""

    title: str = Field(description="The page title")
    url: str = Field(description="The page address")
    snippet: str = Field(description="A short extract of the page text")


class SearchResults(BaseModel):
    """The results of one web search, best first."""

    results: list[SearchResult] = Field(description="Matching pages, best first; empty when nothing matched")


class WebSearchError(Exception):
    """A search that cannot be answered; the message says what happened and the next step."""


class WebSearchConfigError(WebSearchError):
    """The server's environment variables are invalid."""


class SearchBackend(Protocol):
    """Where results come from. Synchronous: the server runs it in a worker thread."""

    def search(self, query: str, max_results: int) -> list[SearchResult]:
        """Return at most ``max_results`` results for ``query``; an empty list when nothing matched."""
        ...


class DdgsBackend:
    """The live web through ``ddgs`` (one engine per server)."""

    def __init__(self, engine: str = "duckduckgo", timeout: float = 30.0, client: Callable[..., Any] = DDGS) -> None:
        self._backend = ENGINES[engine]
        self._timeout = timeout
        self._client = client

    def search(self, query: str, max_results: int) -> list[SearchResult]:
        """Run one ddgs text search; ddgs' exceptions propagate for ``WebSearch`` to explain."""
        try:
            hits = self._client(timeout=self._timeout).text(query, backend=self._backend, max_results=max_results)
        except DDGSException as exc:
            if type(exc) is DDGSException and str(exc) == _NO_RESULTS:
                return []
            raise
        return [
            SearchResult(title=hit.get("title") or "", url=hit.get("href") or "", snippet=hit.get("body") or "")
            for hit in hits
        ]


class FixtureBackend:
    """Canned results from a JSON file, so the real server and protocol can run without the web."""

    def __init__(self, path: str | Path) -> None:
        try:
            raw = json.loads(Path(path).read_text(encoding="utf-8"))
            self._canned = TypeAdapter(dict[str, list[SearchResult]]).validate_python(raw)
        except (OSError, ValueError, ValidationError) as exc:
            raise WebSearchConfigError(
                f"Cannot load the web search fixture {path}: {exc}. Fix PAIAS_WEBSEARCH_BACKEND=fixture:<path> so it "
                "names a JSON object mapping keywords to lists of {title, url, snippet}."
            ) from None

    def search(self, query: str, max_results: int) -> list[SearchResult]:
        """Return the results of every keyword contained in ``query``, in file order."""
        text = query.lower()
        hits = [hit for keyword, results in self._canned.items() if keyword.lower() in text for hit in results]
        return hits[:max_results]


@dataclass(frozen=True)
class WebSearchConfig:
    """The server's settings; ``from_env`` validates them."""

    engine: str = "duckduckgo"
    max_results: int = 10
    timeout: float = 30.0
    backend: str = "ddgs"

    @classmethod
    def from_env(cls, environ: Mapping[str, str]) -> WebSearchConfig:
        """Read and validate the WEBSEARCH_* and PAIAS_WEBSEARCH_BACKEND variables.

        Raises:
            WebSearchConfigError: naming the bad variable and the values it accepts.
        """
        engine = environ.get("WEBSEARCH_ENGINE", "").strip().lower() or cls.engine
        if engine not in ENGINES:
            raise WebSearchConfigError(
                f"WEBSEARCH_ENGINE={engine!r} is not a supported search engine. "
                f"Set it to one of: {', '.join(ENGINES)}, and restart the web search server."
            )
        max_results = _number(environ, "WEBSEARCH_MAX_RESULTS", int, cls.max_results, "a whole number of at least 1")
        timeout = _number(environ, "WEBSEARCH_TIMEOUT", float, cls.timeout, "a number of seconds above 0")
        backend = environ.get("PAIAS_WEBSEARCH_BACKEND", "").strip() or cls.backend
        if backend != "ddgs" and not (backend.startswith("fixture:") and backend.removeprefix("fixture:")):
            raise WebSearchConfigError(
                f"PAIAS_WEBSEARCH_BACKEND={backend!r} is not understood. Use 'ddgs' or 'fixture:/path/to/results.json'."
            )
        return cls(engine=engine, max_results=max_results, timeout=timeout, backend=backend)


def _number(environ: Mapping[str, str], name: str, kind: type, default: float, expected: str) -> Any:
    raw = environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = kind(raw)
    except ValueError:
        value = 0
    if not 0 < value < math.inf:  # also refuses nan, which compares false with everything
        raise WebSearchConfigError(f"{name}={raw!r} is invalid: it must be {expected}. Fix it and restart the server.")
    return value


class WebSearch:
    """Pure logic, kept apart from the MCP glue: validation, capping, cleanup and error explanations."""

    def __init__(
        self, backend: SearchBackend, *, engine: str = "duckduckgo", max_results: int = 10, timeout: float = 30.0
    ) -> None:
        self._backend = backend
        self.engine = engine
        self.max_results = max_results
        self.timeout = timeout

    @classmethod
    def from_config(cls, config: WebSearchConfig) -> WebSearch:
        """Build the backend ``config`` names (reading the fixture file now, so a bad one fails at start)."""
        backend: SearchBackend
        if config.backend.startswith("fixture:"):
            backend = FixtureBackend(config.backend.removeprefix("fixture:"))
        else:
            backend = DdgsBackend(config.engine, config.timeout)
        return cls(backend, engine=config.engine, max_results=config.max_results, timeout=config.timeout)

    async def search(self, query: str, max_results: int | None = None) -> SearchResults:
        """Search for ``query``; at most ``max_results`` results (never more than the configured cap).

        Raises:
            WebSearchError: empty query, bad ``max_results``, or a backend failure, explained with a next step.
        """
        query = " ".join((query or "").split())
        if not query:
            raise WebSearchError("The search query is empty — say what to search for.")
        wanted = self.max_results if max_results is None else max_results
        if wanted < 1:
            raise WebSearchError(f"max_results must be at least 1 — ask for 1 to {self.max_results} results.")
        wanted = min(wanted, self.max_results)
        try:
            # ddgs is synchronous; a worker thread keeps the event loop free, and abandoning the thread at the
            # deadline makes WEBSEARCH_TIMEOUT a bound on the whole search, however many requests ddgs makes.
            with anyio.fail_after(self.timeout):
                found = await anyio.to_thread.run_sync(self._backend.search, query, wanted, abandon_on_cancel=True)
        except Exception as exc:  # every failure becomes a message the model can act on
            raise WebSearchError(self._explain(exc)) from exc
        return SearchResults(results=[r for r in map(_clean, found) if r.url][:wanted])

    def _explain(self, exc: Exception) -> str:
        chain = list(_causes(exc))
        text = " | ".join(f"{type(e).__name__}: {e}" for e in chain)
        lowered = text.lower()
        if any(isinstance(e, (TimeoutError, TimeoutException)) for e in chain) or "timed out" in lowered:
            return (
                f"Web search timed out after {self.timeout:g} s (WEBSEARCH_TIMEOUT). "
                "Try again or raise WEBSEARCH_TIMEOUT."
            )
        if any(isinstance(e, RatelimitException) for e in chain) or _RATE_LIMITED.search(lowered):
            return (
                f"Web search is rate-limited by {self.engine}; wait a minute or set WEBSEARCH_ENGINE to another engine."
            )
        network_words = ("dnserror", "connecterror", "error sending request", "connection refused", "unreachable")
        if any(isinstance(e, OSError) for e in chain) or any(word in lowered for word in network_words):
            # The cause (DNS, refused, unreachable) is for whoever runs the machine: the log, not the person.
            log.warning("web search: no network connection to %s (%s)", self.engine, _network_cause(lowered))
            return (
                f"Web search is unavailable: this computer can't reach {self.engine} right now. "
                "Check the internet connection, or ask me to look in your memory instead."
            )
        return (
            f"Web search failed on {self.engine} ({_short(str(exc) or type(exc).__name__)}). "
            "Try again, or set WEBSEARCH_ENGINE to another engine."
        )


def _causes(exc: BaseException) -> Iterator[BaseException]:
    """The exception and everything it wraps: ddgs nests exceptions in ``args`` as well as in ``__cause__``."""
    seen: set[int] = set()
    stack: list[BaseException | None] = [exc]
    while stack:
        current = stack.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        stack += [current.__cause__, current.__context__, *(a for a in current.args if isinstance(a, BaseException))]


def _network_cause(lowered: str) -> str:
    for needle, cause in (
        ("dns", "DNS lookup failed"),
        ("name or service not known", "DNS lookup failed"),
        ("refused", "connection refused"),
        ("unreachable", "network unreachable"),
        ("reset", "connection reset"),
    ):
        if needle in lowered:
            return cause
    return "connection failed"


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _clean(result: SearchResult) -> SearchResult:
    return SearchResult(
        title=" ".join(result.title.split()),
        url=result.url.strip(),
        snippet=_short(result.snippet, SNIPPET_LIMIT),
    )


server = MCPServer("paias-websearch", instructions="Search the web: titles, URLs and snippets of matching pages.")
try:
    _logic: WebSearch | None = WebSearch.from_config(WebSearchConfig.from_env(os.environ))
    _config_error = ""
except WebSearchConfigError as _exc:
    # Keep serving so the model can tell the user exactly what to fix, instead of the server vanishing at start.
    _logic, _config_error = None, str(_exc)
    print(f"paias-websearch: {_config_error}", file=sys.stderr)


@server.tool(annotations=ToolAnnotations(title="Web search", readOnlyHint=True, openWorldHint=True))
async def web_search(
    query: Annotated[str, Field(description="What to search for, e.g. 'pgvector HNSW index tuning'")],
    max_results: Annotated[
        int, Field(description="How many results to return, at least 1 (the server caps it at its configured limit)")
    ] = 10,
) -> SearchResults:
    """Search the web and return matching pages, best first, each with title, url and snippet.

    Snippets are short extracts; an empty result list means nothing matched.
    """
    if _logic is None:
        raise ToolError(_config_error)
    try:
        return await _logic.search(query, max_results)
    except WebSearchError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
