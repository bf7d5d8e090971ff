"""What one agent run did, read from its messages: the tool calls (with success or failure) and the planner's kind.

Used by ``python -m eval.run`` (eval/harness.py); tested by ``tests/test_eval_harness.py``.
"""

from __future__ import annotations

from pydantic_ai.messages import ModelMessage, ModelResponse, RetryPromptPart, ToolCallPart, ToolReturnPart

from eval.scoring import Call

ERROR_OUTCOMES = frozenset({"failed", "denied", "interrupted", "retried"})


def tool_calls(messages: list[ModelMessage]) -> list[Call]:
    """The tool calls in ``messages`` (output tools left out), each with whether it succeeded."""
    replies: dict[str, ToolReturnPart | RetryPromptPart] = {}
    for message in messages:
        for part in message.parts:
            if isinstance(part, ToolReturnPart | RetryPromptPart) and part.tool_call_id:
                replies[part.tool_call_id] = part
    calls = []
    for message in messages:
        if not isinstance(message, ModelResponse):
            continue
        for part in message.parts:
            if not isinstance(part, ToolCallPart) or part.tool_name.startswith("final_result"):
                continue
            reply = replies.get(part.tool_call_id)
            error = None
            if reply is None:
                error = "no result"
            elif isinstance(reply, RetryPromptPart):
                error = reply.model_response() if hasattr(reply, "model_response") else str(reply.content)
            elif getattr(reply, "outcome", "success") in ERROR_OUTCOMES:
                error = str(reply.content)
            calls.append(Call(part.tool_name, part.args_as_dict(), error is None, error))
    return calls


def planner_kind(messages: list[ModelMessage]) -> str:
    """The planner's ``offline_kind`` of its last response; "answer" when it does not say."""
    responses = [m for m in messages if isinstance(m, ModelResponse)]
    details = (responses[-1].provider_details or {}) if responses else {}
    return str(details.get("offline_kind") or "answer")
