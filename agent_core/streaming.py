"""Token streaming of the agent's answer: while the model writes its final output, the answer so far is shown.

``AnswerStream`` is a Pydantic AI event stream handler (``agent.run(..., event_stream_handler=...)``, which runs
the agent with ``agent.iter()`` and streams each node with ``node.stream(run.ctx)`` inside the capability hooks).
From the ``FinalResultEvent`` of a model response on, it reads the ``answer`` of the output so far and hands the
whole text to ``on_text`` each time it grows. Tool steps are not its business: they report through ``on_event``.

The partial output is read from the output's JSON, not validated as an ``AgentResponse``: that model requires
``reasoning`` and ``confidence``, which a model writes after the answer, so a partial ``AgentResponse`` validates
only once the answer is complete. Output validators therefore never see the partial outputs read here; the
run validates the final output exactly as a run without streaming does.
"""

from __future__ import annotations

from collections.abc import AsyncIterable, Callable
from dataclasses import dataclass
from typing import Any

from pydantic_ai.messages import AgentStreamEvent, FinalResultEvent, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models import Model
from pydantic_ai.models.function import FunctionModel
from pydantic_ai.models.wrapper import WrapperModel
from pydantic_ai.result import AgentStream
from pydantic_ai.tools import RunContext
from pydantic_core import from_json

AnswerTexts = Callable[[str], None]


def can_stream(model: Model) -> bool:
    """Whether ``model`` answers streamed requests (a ``FunctionModel`` only with a ``stream_function``)."""
    if isinstance(model, WrapperModel):
        return can_stream(model.wrapped)
    if isinstance(model, FunctionModel):
        return model.stream_function is not None
    return type(model).request_stream is not Model.request_stream


def partial_answer(response: ModelResponse, final: FinalResultEvent) -> str | None:
    """The ``answer`` of the output ``response`` is writing (None when it has none yet, or is no answer).

    Args:
        response: the model response so far.
        final: the event that named the part holding the output (an output tool call, or text).
    """
    raw: str | dict[str, Any] | None
    if final.tool_name is not None:
        calls = [p for p in response.parts if isinstance(p, ToolCallPart) and p.tool_name == final.tool_name]
        call = next((p for p in calls if p.tool_call_id == final.tool_call_id), calls[0] if calls else None)
        raw = call.args if call is not None else None
    else:  # native or prompted output: the JSON object is the text
        text = "".join(p.content for p in response.parts if isinstance(p, TextPart))
        raw = text[text.find("{") :] if "{" in text else None
    if isinstance(raw, str):
        try:
            raw = from_json(raw, allow_partial="trailing-strings")
        except ValueError:  # cut inside an escape sequence or a number: the next piece completes it
            return None
    answer = raw.get("answer") if isinstance(raw, dict) else None
    return answer if isinstance(answer, str) else None


@dataclass
class AnswerStream:
    """Hands the answer text so far to ``on_text`` whenever it grows; never the same text twice, never shorter."""

    on_text: AnswerTexts
    shown: str = ""

    async def __call__(self, ctx: RunContext[Any], events: AsyncIterable[AgentStreamEvent]) -> None:
        if not isinstance(events, AgentStream):  # a tool step
            return
        final: FinalResultEvent | None = None
        async for event in events:
            if isinstance(event, FinalResultEvent):
                final = event
            if final is not None:
                self.show(partial_answer(events.response, final))

    def show(self, text: str | None) -> None:
        """Pass ``text`` on if it is longer than what was shown."""
        if text and len(text) > len(self.shown):
            self.shown = text
            self.on_text(text)
