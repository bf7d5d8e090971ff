"""What a turn does around the agent run: check the input, explain model failures, keep tool claims honest.
Pure functions; the runtime owns the state (the approval side lives in ``agent_core.approvals.decisions``)."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from pydantic_ai.exceptions import (
    ModelAPIError,
    ModelAuthenticationError,
    ModelConnectionError,
    ModelContextWindowExceededError,
    ModelHTTPError,
    ModelNotFoundError,
    ModelQuotaExceededError,
    ModelRateLimitError,
    ModelRequestTimeout,
    ModelTimeoutError,
    UnexpectedModelBehavior,
    UsageLimitExceeded,
)
from pydantic_ai.messages import ModelMessage, ModelRequest, UserPromptPart

from agent_core.errors import InputError, PaiasError
from agent_core.schemas import AgentResponse, ToolCallRecord, ToolCallStatus, TurnResult
from agent_core.telemetry import RunSpan
from agent_core.telemetry.logs import one_line

if TYPE_CHECKING:
    from agent_core.models import ModelTarget

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


def model_error_message(exc: Exception, target: ModelTarget | None = None) -> str:
    """What a person should read when the model call failed: the cause in one line, naming the provider in use
    (``agent_core.models.model_target``), and what to do next."""
    if isinstance(exc, PaiasError):  # the app's own stop (e.g. a repeated tool call) already says what to do
        return str(exc)
    who, model = _who(target)
    status = getattr(exc, "status_code", None)
    code = f" (HTTP {status})" if status else ""
    detail = _detail(exc)
    lowered = detail.lower()
    if isinstance(exc, ModelContextWindowExceededError) or any(m in lowered for m in _CONTEXT_WORDS):
        return (
            f"The conversation is too long for the context window of {model} on {who}{code}. Start a new "
            "conversation, or ask again with a shorter message (older turns count too)."
        )
    if isinstance(exc, ModelAuthenticationError) or status in {401, 403}:
        key = target.key_setting if target and target.key_setting else "OPENAI_API_KEY"
        return f"{_cap(who)} rejected the credentials{code}. Check {key}, then try again."
    if isinstance(exc, ModelQuotaExceededError):
        return f"{_cap(who)} says the quota is used up{code}. Raise the quota or plan, or choose another MODEL."
    if isinstance(exc, ModelRateLimitError) or status == 429:
        again = "" if target and target.local else ", also after retrying"
        return f"{_cap(who)} reached its quota or rate limit{code}{again}. Wait a minute and try again."
    if isinstance(exc, ModelNotFoundError) or status == 404:
        if target and target.local:
            return (
                f"The model '{model}' was not found at {who}{code}. Set {target.model_setting} to an id it lists at "
                f"{target.endpoint}/models, and check that {target.endpoint_setting} ends in /v1."
            )
        if target is None:
            return f"The model or deployment was not found{code}. Check MODEL."
        return f"The model or deployment '{model}' was not found at {who}{code}. Check {target.model_setting}."
    if isinstance(exc, ModelRequestTimeout | ModelTimeoutError):
        return (
            f"{_cap(who)} did not answer in time, so the request was cancelled. Try again; for a slow local model, "
            "raise MODEL_TIMEOUT."
        )
    if isinstance(exc, ModelConnectionError):
        where = f"{target.endpoint_setting} ({target.endpoint})" if target and target.endpoint else "the network"
        return f"Could not reach {who}. Check that it is running and {where}, then try again."
    if "tool_choice" in lowered or "valid string" in lowered or ("content" in lowered and "null" in lowered):
        return (
            f'{_cap(who)} refused the request{code}: it does not accept tool_choice "required" or empty message '
            "content. Set OPENAI_COMPAT=lenient (or OUTPUT_MODE=prompted) and try again."
        )
    if isinstance(exc, ModelHTTPError | ModelAPIError):
        if status is not None and status < 500:
            return f"{_cap(who)} refused the request{code}: {detail[:160] or 'no reason given'}. Check MODEL and the server's log."
        return f"{_cap(who)} failed{code}. Try again in a moment; if it persists, check its log or service status."
    if isinstance(exc, UsageLimitExceeded):
        return (
            "The turn stopped: the model made its request limit (MAX_MODEL_REQUESTS) without answering. Ask a "
            "narrower question, or try a stronger model."
        )
    if isinstance(exc, UnexpectedModelBehavior):
        return (
            f"The model {model} did not give a valid structured answer after 2 retries ({one_line(exc.message, 160)}). "
            "Rephrase, set OUTPUT_MODE=prompted, or try a stronger model."
        )
    return (
        f"The turn failed unexpectedly ({type(exc).__name__}: {one_line(str(exc), 160)}). The details are in the log."
    )


# How servers word a context overflow that carries no context_length_exceeded code (llama.cpp, vLLM, Ollama).
_CONTEXT_WORDS = ("context length", "context window", "context size", "exceed_context", "too many tokens")


def _who(target: ModelTarget | None) -> tuple[str, str]:
    """The provider as a sentence subject ("the OpenAI-compatible server at http://…") and the model's name."""
    if target is None:
        return "the model service", "the model"
    where = f" at {target.endpoint}" if target.local and target.endpoint else ""
    return f"{target.provider}{where}", target.model or "the model"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _detail(exc: Exception) -> str:
    """The provider's own error message, on one line ('' if it sent none)."""
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        inner = body.get("error", body)
        message = inner.get("message") if isinstance(inner, dict) else inner
        if message:
            return one_line(str(message), 300)
    return one_line(str(getattr(exc, "message", "") or ""), 300)


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
