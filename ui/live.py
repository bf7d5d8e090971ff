"""A turn in flight, as the chat page follows it: its tool steps and its answer text arrive on queues filled on the
runtime's loop (``runtime.ask(..., on_event=..., on_text=...)``) and are drawn by the page's script run (follow).

The chat page follows a question in a run of its composer alone (a Streamlit fragment). A click or a message in a
fragment asks for a run of that fragment, which Streamlit starts only once the current run is over, where a rerun of
the whole page interrupts it at once: ``rerun_waiting`` is how a fragment's run notices one and ends early, so that
Stop is heard while an answer streams.
"""

from __future__ import annotations

import concurrent.futures
import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from streamlit.runtime.scriptrunner import get_script_run_ctx
from streamlit.runtime.scriptrunner_utils.script_requests import ScriptRequestType

from agent_core.orchestrator import ToolEvent
from agent_core.schemas import TurnResult
from ui.answers import hard_breaks
from ui.chat import arguments_text

AFTER_PAGE = "after-page"  # session key: callables the app runs after the page and the shared sidebar are drawn
TICK = 0.2  # how often the live status refreshes while a turn runs (also how soon Stop is noticed)
POLL = 0.01  # how long follow() waits for a tool step before it looks for new answer text


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
    shown: float = 0.0  # when (time.monotonic) its answer's first text was drawn; 0: not yet

    def finished(self) -> bool:
        return self.future.done() and self.events.empty() and self.texts.empty()


def describe(event: ToolEvent) -> str:
    """One live step: "Calling `get_current_time` on time (timezone=Asia/Tokyo)…", then "… succeeded in 3 ms"."""
    if event.record is None:
        return f"Calling `{event.tool}` on {event.server} ({arguments_text(event.parameters)})…"
    status = event.record.status.value
    return f"`{event.tool}` {'succeeded' if status == 'success' else status} in {event.record.duration_ms} ms"


def follow(running: Running, status: Any, answer: Any, until: Callable[[], bool] = lambda: False) -> None:
    """Draw the turn's tool steps into its ``status`` block and its answer text into the ``answer`` placeholder as
    they arrive, until the turn is over or ``until()`` holds."""
    refreshed = 0.0
    while not running.finished() and not until():
        try:
            step = describe(running.events.get(timeout=POLL))
        except queue.Empty:
            pass
        else:
            running.steps.append(step)
            status.write(step)
            continue
        text = running.text
        while not running.texts.empty():
            text = running.texts.get()
        if text != running.text:
            answer.markdown(hard_breaks(text) + " ▌")
            running.text = text
            running.shown = running.shown or time.monotonic()
        if time.monotonic() - refreshed >= TICK:
            # Showing the time spent is also where Streamlit notices a click on Stop (or a new message).
            # expanded=True each time: an update without it collapses the status (Streamlit 1.67), hiding the steps.
            refreshed = time.monotonic()
            status.update(label=f"Working… {refreshed - running.started:.1f} s", expanded=True)


def fragment_run() -> bool:
    """Whether this script run is a fragment's alone (not a run of the whole page)."""
    ctx = get_script_run_ctx()
    return bool(ctx is not None and ctx.fragment_ids_this_run)


def rerun_waiting() -> bool:
    """Whether a rerun (a click, a message) waits for this script run to end (see the module docstring). Streamlit
    has no public way to ask; its requests' state says it (streamlit is pinned, and the browser test covers Stop)."""
    ctx = get_script_run_ctx()
    requests = ctx.script_requests if ctx is not None else None
    return requests is not None and requests._state is ScriptRequestType.RERUN
