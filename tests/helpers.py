"""Scripted stand-ins for an LLM, behind Pydantic AI's real FunctionModel seam."""

from __future__ import annotations

from typing import Any

from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel


def scripted_model(tool_name: str, args: dict[str, Any], final: dict[str, Any] | None = None) -> FunctionModel:
    """Calls ``tool_name`` once, then returns ``final`` (by default a confident claim that all went well)."""
    final = final or {"answer": "All done, it worked.", "reasoning": "The tool did it.", "confidence": 0.9}

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        last = messages[-1]
        if isinstance(last, ModelRequest) and any(isinstance(p, ToolReturnPart) for p in last.parts):
            return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, final)])
        return ModelResponse(parts=[ToolCallPart(tool_name, args)])

    return FunctionModel(respond)
