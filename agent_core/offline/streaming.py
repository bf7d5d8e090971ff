"""A ``FunctionModel`` that also streams: each streamed response is cut from the ``ModelResponse`` its function
returns, so a streamed and a plain request answer alike (one planner, two ways of delivering its answer).

Tool calls are streamed whole; the output (the output tool call's arguments, or text) in word-sized pieces, as an
LLM would write it, so the answer grows word by word. The response's ``provider_details`` (the planner's
``offline_kind``, which later turns read back) are kept, which FunctionModel's own streaming drops.
"""

from __future__ import annotations

import asyncio
import inspect
import re
from collections.abc import AsyncGenerator, AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

from pydantic_ai.messages import ModelMessage, ModelResponse, TextPart, ToolCallPart
from pydantic_ai.models import ModelRequestParameters, StreamedResponse
from pydantic_ai.models.function import AgentInfo, DeltaToolCall, DeltaToolCalls, FunctionDef, FunctionModel
from pydantic_ai.settings import ModelSettings
from pydantic_ai.tools import RunContext

_PIECE = re.compile(r"\s*\S+|\s+$")


def pieces(text: str) -> list[str]:
    """``text`` in word-sized pieces (each with the spaces before it) that join back to exactly ``text``."""
    return _PIECE.findall(text) or [text]


def chunks(response: ModelResponse, output_tools: set[str]) -> Iterator[str | DeltaToolCalls]:
    """What a stream function yields for ``response``: text and output tool calls in pieces, other calls whole."""
    for index, part in enumerate(response.parts):
        if isinstance(part, TextPart):
            yield from pieces(part.content)
        elif isinstance(part, ToolCallPart):
            args = part.args_as_json_str()
            first, *rest = pieces(args) if part.tool_name in output_tools else [args]
            yield {index: DeltaToolCall(part.tool_name, first, tool_call_id=part.tool_call_id)}
            for piece in rest:
                yield {index: DeltaToolCall(json_args=piece)}


class StreamingFunctionModel(FunctionModel):
    """``FunctionModel(function)`` whose ``stream_function`` streams what ``function`` returns (see the module)."""

    def __init__(self, function: FunctionDef, *, model_name: str | None = None, **options: Any) -> None:
        super().__init__(function, stream_function=self._stream, model_name=model_name, **options)
        self._details: dict[int, dict[str, Any] | None] = {}  # by id() of the messages of a stream being opened

    async def _stream(self, messages: list[ModelMessage], info: AgentInfo) -> AsyncIterator[str | DeltaToolCalls]:
        assert self.function is not None
        # In a worker thread, as FunctionModel runs a plain function; an async one returns its coroutine there.
        response = await asyncio.to_thread(self.function, messages, info)
        if inspect.isawaitable(response):
            response = await response
        self._details[id(messages)] = response.provider_details
        for chunk in chunks(response, {tool.name for tool in info.output_tools}):
            yield chunk

    @asynccontextmanager
    async def request_stream(
        self,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        model_request_parameters: ModelRequestParameters,
        run_context: RunContext[Any] | None = None,
    ) -> AsyncGenerator[StreamedResponse]:
        try:
            async with super().request_stream(
                messages, model_settings, model_request_parameters, run_context
            ) as streamed:
                # Opening the stream pulled its first chunk, so the response it is cut from exists by now.
                streamed.provider_details = self._details.pop(id(messages), None)
                yield streamed
        finally:
            self._details.pop(id(messages), None)
