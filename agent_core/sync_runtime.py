"""A synchronous facade over AgentRuntime for callers without an event loop (the Streamlit app).

One daemon thread runs one asyncio loop; one owner task on it enters the runtime (so MCP sessions open and
close in the same task) and holds it until ``close()``. Callers submit coroutines with
``asyncio.run_coroutine_threadsafe`` — no ``asyncio.run`` per call and no nested loops.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Coroutine
from typing import Any, TypeVar

from agent_core.runtime import AgentRuntime
from agent_core.schemas import TurnResult
from agent_core.settings import Settings

T = TypeVar("T")

START_TIMEOUT = 60.0


class SyncRuntime:
    """Starts an AgentRuntime on a background loop; raises the start-up error (e.g. ConfigError) if it fails."""

    def __init__(self, settings: Settings | None = None, *, runtime: AgentRuntime | None = None) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="paias-runtime", daemon=True)
        self._thread.start()
        self._ready: concurrent.futures.Future[AgentRuntime] = concurrent.futures.Future()
        self._stop: asyncio.Event | None = None
        self._closed = False
        self._owner = asyncio.run_coroutine_threadsafe(self._own(runtime or AgentRuntime(settings)), self._loop)
        try:
            self.runtime = self._ready.result(timeout=START_TIMEOUT)
        except BaseException:
            self._shutdown_loop()
            raise

    async def _own(self, runtime: AgentRuntime) -> None:
        self._stop = asyncio.Event()
        try:
            async with runtime:
                self._ready.set_result(runtime)
                await self._stop.wait()
        except BaseException as exc:
            if not self._ready.done():
                self._ready.set_exception(exc)
                return
            raise

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Start ``coro`` on the runtime's loop; the caller may do other work (e.g. show progress) meanwhile."""
        if self._closed:
            coro.close()
            raise RuntimeError("the runtime is closed")
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def call(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        """Run ``coro`` on the runtime's loop and wait for its result."""
        return self.submit(coro).result(timeout)

    def ask(self, text: str, conversation_id: str | None = None) -> TurnResult:
        """``AgentRuntime.ask``, synchronously."""
        return self.call(self.runtime.ask(text, conversation_id))

    def close(self) -> None:
        """Stop the MCP servers and the loop. Safe to call more than once (atexit calls it too)."""
        if self._closed:
            return
        self._closed = True
        if self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        # Closing is best effort; the servers' own stop timeouts apply.
        with contextlib.suppress(Exception):
            self._owner.result(timeout=15)
        self._shutdown_loop()

    def _shutdown_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
