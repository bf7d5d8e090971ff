"""Stop: a person cancels the turn running in a conversation, and the turn ends as a stopped turn, not a crash.

Each agent run goes through ``RunningTurns.run``, which runs it in a task of its own, registered under its
conversation. ``stop`` cancels that task and nothing else: the caller of ``ask`` is not cancelled, it gets
``TurnStopped`` and turns it into a result. A tool call in flight is cancelled with the run (and recorded as
stopped, see ``agent_core.orchestrator.recording``). A caller that is cancelled itself cancels its run too, and
its own cancellation goes on as usual.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")

STOPPED_MESSAGE = "Stopped — you stopped this answer before it finished."


class TurnStopped(Exception):
    """The run was stopped by ``RunningTurns.stop`` before it finished."""


class RunningTurns:
    """The agent runs under way, one per conversation; ``stop`` cancels one. Used on the event loop's thread."""

    def __init__(self) -> None:
        self._runs: dict[str, asyncio.Task[Any]] = {}
        self._stopped: set[asyncio.Task[Any]] = set()

    async def run(self, conversation_id: str, run: Coroutine[Any, Any, T]) -> T:
        """Await ``run`` as the conversation's stoppable run.

        Raises:
            TurnStopped: ``stop`` cancelled it before it finished.
        """
        task = asyncio.get_running_loop().create_task(run, name=f"turn-{conversation_id}")
        self._runs[conversation_id] = task
        try:
            return await task  # cancelling this caller cancels the task it waits for
        except BaseException:
            current = asyncio.current_task()
            if task in self._stopped and task.done() and not (current and current.cancelling()):
                raise TurnStopped from None
            raise
        finally:
            self._stopped.discard(task)
            if self._runs.get(conversation_id) is task:
                del self._runs[conversation_id]

    def stop(self, conversation_id: str) -> bool:
        """Cancel the run under way in the conversation; False if there is none."""
        task = self._runs.get(conversation_id)
        if task is None or task.done():
            return False
        self._stopped.add(task)
        task.cancel()
        return True
