"""What a turn does around the agent run: check the input, explain model failures, keep tool claims honest.
Pure functions; the runtime owns the state (the approval side lives in ``agent_core.approvals.decisions``)."""

from __future__ import annotations

import unicodedata
from typing import Any

from pydantic_ai.exceptions import (
    ModelAPIError,
    ModelAuthenticationError,
    ModelConnectionError,
    ModelHTTPError,
    ModelNotFoundError,
    ModelQuotaExceededError,
    ModelRateLimitError,
    UnexpectedModelBehavior,
    UsageLimitExceeded,
)
from pydantic_ai.messages import ModelMessage, ModelRequest, UserPromptPart

from agent_core.errors import InputError
from agent_core.schemas import AgentResponse, ToolCallRecord, ToolCallStatus, TurnResult
from agent_core.telemetry import RunSpan

_ALLOWED_CONTROL = {"\n", "\r", "\t"}


def validate_input(text: Any, max_chars: int) -> str:
    """Return the message stripped of surrounding whitespace.

    Raises:
        InputError: empty, too long, or containing control characters; the message says how to fix it.
    """
    if not isinstance(text, str) or not text.strip():
        raise InputError("Your message is empty. Type a question, for example 'What time is it in Tokyo?'.")
    text = text.strip()
    if len(text) > max_chars:
        raise InputError(
            f"Your message is {len(text):,} characters long; the limit is {max_chars:,}. Shorten it or split it "
            "into several messages."
        )
    bad = sorted({f"U+{ord(c):04X}" for c in text if unicodedata.category(c) == "Cc" and c not in _ALLOWED_CONTROL})
    if bad:
        raise InputError(
            f"Your message contains control characters ({', '.join(bad[:5])}). Remove them (they often come from "
            "pasting terminal output) and send it again."
        )
    return text


def model_error_message(exc: Exception) -> str:
    """What a person should read when the model call failed, and what to do next."""
    status = getattr(exc, "status_code", None)
    code = f" (HTTP {status})" if status else ""
    if isinstance(exc, ModelAuthenticationError) or status in {401, 403}:
        return f"The model service rejected the credentials{code}. Check the API key for MODEL (e.g. AZURE_AI_FOUNDRY_API_KEY)."
    if isinstance(exc, ModelQuotaExceededError | ModelRateLimitError) or status == 429:
        return (
            f"The model service's quota or rate limit was reached{code}, also after retrying. Wait a minute and "
            "try again, or raise the deployment's quota."
        )
    if isinstance(exc, ModelNotFoundError) or status == 404:
        return f"The model or deployment was not found{code}. Check MODEL and AZURE_DEPLOYMENT_NAME."
    if isinstance(exc, ModelConnectionError):
        return "Could not reach the model service. Check the endpoint setting and the network, then try again."
    if isinstance(exc, ModelHTTPError | ModelAPIError):
        return f"The model service failed{code}. Try again in a moment; if it persists, check the service status."
    if isinstance(exc, UsageLimitExceeded):
        return f"The turn used more model requests than allowed ({exc}). Ask a narrower question."
    if isinstance(exc, UnexpectedModelBehavior):
        return (
            f"The model did not produce a valid answer after 2 retries ({exc.message}). Rephrase, or try another model."
        )
    return f"The turn failed unexpectedly ({type(exc).__name__}: {exc}). The details are in the log."


def result_items(result: Any) -> list[dict[str, Any]]:
    """The result dicts of a search-like tool result (``{"results": [...]}`` or a bare list)."""
    if isinstance(result, dict):
        result = result.get("results", [])
    return [item for item in result if isinstance(item, dict)] if isinstance(result, list) else []


def finalize_response(output: AgentResponse, records: list[ToolCallRecord]) -> AgentResponse:
    """Replace whatever the model claimed about tool calls with the calls that ran, and keep it honest.

    If calls failed, the reasoning says which and why; if none succeeded, confidence is 0.0 (SC-009).
    """
    update: dict[str, Any] = {"tool_calls": records}
    failed = [r for r in records if r.status is not ToolCallStatus.SUCCESS]
    if failed:
        missing = [
            f"{r.tool_name} {r.status.value}: {r.error}" for r in failed if (r.error or "") not in output.reasoning
        ]
        if missing:
            update["reasoning"] = f"{output.reasoning.rstrip()} Tool failures: {'; '.join(missing)}."
        if len(failed) == len(records):
            update["confidence"] = 0.0
    return output.model_copy(update=update)


def last_prompt(history: list[ModelMessage]) -> str:
    """The person's latest message in a history ('' if there is none)."""
    for message in reversed(history):
        if isinstance(message, ModelRequest):
            for part in message.parts:
                if isinstance(part, UserPromptPart) and isinstance(part.content, str):
                    return part.content
    return ""


def finish_span(span: RunSpan, turn: TurnResult) -> None:
    """The ``agent_run`` span's closing attributes, from what the turn actually produced."""
    response = turn.response
    span.finish(
        turn.kind,
        response.confidence if response else None,
        len(response.tool_calls) if response else 0,
        conversation_id=turn.conversation_id,
        error=turn.error,
    )
