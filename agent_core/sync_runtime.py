"""A synchronous facade over AgentRuntime for callers without an event loop (the Streamlit app).

One daemon thread runs one asyncio loop; one owner task on it enters the runtime (so MCP sessions open and
close in the same task) and holds it until ``close()``. Callers submit coroutines with
``asyncio.run_coroutine_threadsafe`` — no ``asyncio.run`` per call and no nested loops.

``SyncRuntime(settings)`` returns once the runtime is up. ``SyncRuntime(settings, wait=False)`` returns at once
(the browser app draws its page meanwhile): ``progress()`` says what the start is doing, ``wait()``, ``ready`` and
``error`` tell when it is over. ``agent_core.runtime`` itself (pydantic-ai, MCP: seconds) is imported on the loop's
thread, so importing this module is cheap.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import threading
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # imported for annotations only: at run time they load on the loop's thread (see above)
    from agent_core.orchestrator import ToolEvents
    from agent_core.runtime import AgentRuntime
    from agent_core.schemas import TurnResult
    from agent_core.settings import Settings
    from agent_core.streaming import AnswerTexts

T = TypeVar("T")

START_TIMEOUT = 60.0
# What progress() says in each of AgentRuntime's start phases ("servers" is worded from the servers' states).
PHASES = {
    "new": "Loading the assistant…",
    "settings": "Checking the settings…",
    "database": "Starting the database…",
    "agent": "Preparing the agent…",
    "ready": "Ready.",
}


class SyncRuntime:
    """Starts an AgentRuntime on a background loop; raises the start-up error (e.g. ConfigError) if it fails."""

    def __init__(
        self,
        settings: Settings | None = None,
        *,
        runtime: AgentRuntime | None = None,
        wait: bool = True,
        start_timeout: float = START_TIMEOUT,
    ) -> None:
        """Start the runtime; with ``wait`` (the default) return once it is up.

        Args:
            settings: the settings of the runtime to build (ignored when ``runtime`` is given).
            runtime: an AgentRuntime built by the caller (e.g. with a test model), entered here.
            wait: False returns at once; the start goes on in the background (see ``progress`` and ``wait``).
            start_timeout: the start fails with TimeoutError when it takes longer.

        Raises:
            Exception: with ``wait``, the start-up error (e.g. ConfigError, or TimeoutError).
        """
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="paias-runtime", daemon=True)
        self._thread.start()
        self._ready: concurrent.futures.Future[AgentRuntime] = concurrent.futures.Future()
        self._starting: AgentRuntime | None = runtime
        self._stop: asyncio.Event | None = None
        self._closed = False
        self._exited = threading.Event()
        self._owner = asyncio.run_coroutine_threadsafe(self._own(settings, start_timeout), self._loop)
        if wait:
            try:
                self._ready.result()  # the start's own timeout bounds this wait
            except BaseException:
                self.close()
                raise

    async def _own(self, settings: Settings | None, start_timeout: float) -> None:
        self._stop = asyncio.Event()
        try:
            if self._closed:  # closed before this task first ran: nothing to start
                raise RuntimeError("the runtime was closed before it started")
            if self._starting is None:
                from agent_core.runtime import AgentRuntime  # the heavy import, off the caller's thread

                self._starting = AgentRuntime(settings)
            runtime = self._starting
            try:
                async with asyncio.timeout(start_timeout):
                    await runtime.__aenter__()  # entered and exited in this task, as ``async with`` would
            except TimeoutError:
                raise TimeoutError(f"The runtime did not start within {start_timeout:.0f} s.") from None
            try:
                self._ready.set_result(runtime)
                await self._stop.wait()
            finally:
                await runtime.__aexit__(None, None, None)
        except BaseException as exc:
            if not self._ready.done():
                closed = RuntimeError("the runtime was closed before it started")
                self._ready.set_exception(closed if isinstance(exc, asyncio.CancelledError) else exc)
                return
            raise
        finally:
            self._exited.set()

    @property
    def runtime(self) -> AgentRuntime:
        """The started AgentRuntime, waiting for the start if it is under way.

        Raises:
            Exception: the start-up error.
        """
        return self._ready.result()

    @property
    def ready(self) -> bool:
        """Whether the runtime started (and is not closed)."""
        return self._ready.done() and self._ready.exception() is None and not self._closed

    @property
    def error(self) -> BaseException | None:
        """Why the start failed; None while it is under way or when it succeeded."""
        return self._ready.exception() if self._ready.done() else None

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the start is over (``ready`` or ``error``).

        Returns:
            False when it is still under way after ``timeout`` seconds.
        """
        done, _ = concurrent.futures.wait([self._ready], timeout=timeout)
        return bool(done)

    def progress(self) -> str:
        """One line on the start: e.g. "Starting MCP servers (2/4 ready) and loading the embedding model…"."""
        if self._ready.done():
            return "The assistant could not start." if self.error is not None else PHASES["ready"]
        phase = getattr(self._starting, "phase", "new")
        if phase != "servers":
            return PHASES.get(phase, PHASES["new"])
        states = [s for s in self._starting.servers.states.values() if s.kind == "mcp"]
        ready = sum(s.state == "ready" for s in states)
        failed = sum(s.state in {"failed", "unavailable"} for s in states)
        if ready + failed == len(states):  # every server settled: what remains is the embedding model
            return "Loading the embedding model…"
        counts = f"{ready}/{len(states)} ready" + (f", {failed} failed" if failed else "")
        return f"Starting MCP servers ({counts}) and loading the embedding model…"

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Start ``coro`` on the runtime's loop; the caller may do other work (e.g. show progress) meanwhile."""
        if self._closed:
            coro.close()
            raise RuntimeError("the runtime is closed")
        return asyncio.run_coroutine_threadsafe(coro, self._loop)

    def call(self, coro: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        """Run ``coro`` on the runtime's loop and wait for its result."""
        return self.submit(coro).result(timeout)

    def ask(
        self,
        text: str,
        conversation_id: str | None = None,
        *,
        on_event: ToolEvents | None = None,
        on_text: AnswerTexts | None = None,
    ) -> TurnResult:
        """``AgentRuntime.ask``, synchronously; ``on_event`` and ``on_text`` are called on the runtime's thread."""
        return self.call(self.runtime.ask(text, conversation_id, on_event=on_event, on_text=on_text))

    def stop(self, conversation_id: str, runtime: AgentRuntime | None = None) -> bool:
        """``AgentRuntime.stop`` from any thread: the turn running in the conversation ends as a stopped turn.
        ``runtime``: the person's view (``AgentRuntime.for_person``) that runs it; None: the process's own.

        Returns:
            False when no turn of the conversation is running.
        """

        async def stop() -> bool:  # on the runtime's loop: a task is cancelled from its own thread
            return (runtime or self.runtime).stop(conversation_id)

        return self.call(stop(), timeout=START_TIMEOUT)

    def close(self) -> None:
        """Stop the MCP servers and the loop. Safe to call more than once (atexit calls it too)."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(RuntimeError):  # the loop is already closed
            self._loop.call_soon_threadsafe(self._end_owner)
        # Closing is best effort; the servers' own stop timeouts apply.
        self._exited.wait(timeout=15)
        self._shutdown_loop()

    def _end_owner(self) -> None:
        """On the loop: a started runtime is exited, a start under way is cancelled (it cleans up after itself)."""
        if self._ready.done():
            if self._stop is not None:
                self._stop.set()
        elif not self._owner.done():
            self._owner.cancel()

    def _shutdown_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
