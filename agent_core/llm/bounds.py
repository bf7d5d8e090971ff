"""Bounded turns: a run makes at most ``MAX_MODEL_REQUESTS`` model requests, and a model that asks for the same
tool call again and again is stopped with a clear message instead of looping until that limit.

Both apply to every model; the offline planner never comes near them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic_ai.capabilities import AbstractCapability
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, ToolCallPart, UserPromptPart
from pydantic_ai.tools import RunContext, ToolDefinition
from pydantic_ai.usage import UsageLimits

from agent_core.errors import PaiasError
from agent_core.settings import Settings

# The third identical call in one run is a loop: once may fail, a second try with the same arguments is plausible.
REPEAT_LIMIT = 3


class RepeatedToolCall(PaiasError):
    """The model asked for the same tool call (same name, same arguments) ``REPEAT_LIMIT`` times in one run."""

    def __init__(self, tool: str, times: int) -> None:
        self.tool = tool
        self.times = times
        super().__init__(
            f"Stopped: the model asked for {tool} with the same arguments {times} times in this turn, so I ended "
            "the turn instead of letting it loop. The calls that ran are listed; ask more specifically, or try a "
            "stronger model."
        )


def usage_limits(settings: Settings) -> UsageLimits:
    """The per-run limit on model requests (``MAX_MODEL_REQUESTS``); a run that reaches it stops with an error."""
    return UsageLimits(request_limit=settings.max_model_requests)


def _key(call: ToolCallPart) -> tuple[str, str]:
    try:
        args = json.dumps(call.args_as_dict(), sort_keys=True, default=str)
    except Exception:  # noqa: BLE001 - unparsable arguments compare as their raw text
        args = str(call.args)
    return call.tool_name, args


def repeats(messages: list[ModelMessage], call: ToolCallPart) -> int:
    """How often ``call`` (same tool, same arguments) was asked for since the person's latest message."""
    wanted = _key(call)
    count = 0
    for message in reversed(messages):
        if isinstance(message, ModelRequest) and any(isinstance(p, UserPromptPart) for p in message.parts):
            break
        if isinstance(message, ModelResponse):
            count += sum(1 for p in message.parts if isinstance(p, ToolCallPart) and _key(p) == wanted)
    return count


@dataclass
class StopRepeatedCalls(AbstractCapability[Any]):
    """Ends the run before the ``REPEAT_LIMIT``-th identical tool call executes (``RepeatedToolCall``)."""

    limit: int = REPEAT_LIMIT

    async def before_tool_execute(
        self, ctx: RunContext[Any], *, call: ToolCallPart, tool_def: ToolDefinition, args: Any
    ) -> Any:
        times = repeats(ctx.messages, call)
        if times >= self.limit:
            raise RepeatedToolCall(call.tool_name, times)
        return args
