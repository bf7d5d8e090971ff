"""A turn in flight, as the chat page follows it: its tool steps and its answer text arrive on queues filled on the
runtime's loop (``runtime.ask(..., on_event=..., on_text=...)``) and are drawn by the page's script run."""

from __future__ import annotations

import concurrent.futures
import queue
import time
from dataclasses import dataclass, field

from agent_core.orchestrator import ToolEvent
from agent_core.schemas import TurnResult
from ui.chat import arguments_text

AFTER_PAGE = "after-page"  # session key: callables the app runs after the page and the shared sidebar are drawn


@dataclass
class Running:
    """A turn in flight on the runtime's loop: its tool events and its answer text so far arrive on queues."""

    prompt: str
    conversation_id: str
    future: concurrent.futures.Future[TurnResult]
    events: queue.SimpleQueue[ToolEvent] = field(default_factory=queue.SimpleQueue)
    texts: queue.SimpleQueue[str] = field(default_factory=queue.SimpleQueue)
    started: float = field(default_factory=time.monotonic)
    # What the page has taken off the queues so far: a run that a click interrupts draws it again from here.
    steps: list[str] = field(default_factory=list)
    text: str = ""

    def finished(self) -> bool:
        return self.future.done() and self.events.empty() and self.texts.empty()


def describe(event: ToolEvent) -> str:
    """One live step: "Calling `get_current_time` on time (timezone=Asia/Tokyo)…", then "… succeeded in 3 ms"."""
    if event.record is None:
        return f"Calling `{event.tool}` on {event.server} ({arguments_text(event.parameters)})…"
    status = event.record.status.value
    return f"`{event.tool}` {'succeeded' if status == 'success' else status} in {event.record.duration_ms} ms"
