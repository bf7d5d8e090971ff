"""What the approval machinery tells the model and checks for a person: pure functions, no state.

How a decided group resumes (``decision_results``), what the model reads for a rejected or abandoned call, and the
checks on arguments a person edited (JSON, then the tool's own input schema).
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from pydantic_ai import DeferredToolResults, ToolApproved, ToolDenied
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    ToolCallPart,
    ToolReturnPart,
    repair_messages,
)

from agent_core.approvals.store import StoredApproval
from agent_core.errors import InputError

NOT_APPROVED = "Not run: this call needed the person's approval, and the conversation moved on without it."


def close_unanswered_calls(history: list[ModelMessage]) -> list[ModelMessage]:
    """Answer tool calls left open by a turn that stopped for approval, so the next prompt can run.

    They are marked ``denied`` with a text the model reads as "this never ran"; nothing pretends they succeeded.
    """
    if not history or not isinstance(history[-1], ModelResponse):
        return history
    open_calls = [p for p in history[-1].parts if isinstance(p, ToolCallPart)]
    if not open_calls:
        return history
    closing = ModelRequest(
        parts=[
            ToolReturnPart(call.tool_name, NOT_APPROVED, tool_call_id=call.tool_call_id, outcome="denied")
            for call in open_calls
        ]
    )
    return repair_messages([*history, closing])


def rejection_text(approval: StoredApproval) -> str:
    """What the model reads for a call the person rejected."""
    reason = approval.decision_reason or "no reason given"
    return (
        f"Not run: the person rejected {approval.approval.tool_name} (reason: {reason}). Do not try it again in "
        "another way; say it was not done."
    )


def decision_results(group: list[StoredApproval]) -> DeferredToolResults:
    """The decisions of one paused run, as Pydantic AI resumes it: approved (maybe with edited arguments) or
    denied with the person's reason."""
    approvals: dict[str, bool | ToolApproved | ToolDenied] = {}
    for row in group:
        call_id = row.approval.tool_call_id or row.id
        if row.approval.status == "approved":
            approvals[call_id] = ToolApproved(override_args=row.override_args) if row.override_args else True
        else:
            approvals[call_id] = ToolDenied(rejection_text(row))
    return DeferredToolResults(approvals=approvals)


def parse_arguments(text: str) -> dict[str, Any]:
    """Edited tool arguments (a person's JSON) as a dict.

    Raises:
        InputError: not JSON, or not a JSON object; the message says which and shows the expected shape.
    """
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"The arguments are not valid JSON (line {exc.lineno}: {exc.msg}).") from None
    if not isinstance(value, dict):
        raise InputError('The arguments must be a JSON object, e.g. {"task_id": 2}.')
    return value


def schema_problem(schema: dict[str, Any], arguments: dict[str, Any]) -> str | None:
    """What is wrong with ``arguments`` for a tool's JSON schema, in one line a person can act on; None if they fit."""
    properties = schema.get("properties") or {}
    # A name the tool does not declare is a typo in an edit (MCP schemas rarely say additionalProperties: false).
    if properties and schema.get("additionalProperties") in (None, False):
        schema = {**schema, "additionalProperties": False}
    validator = Draft202012Validator(schema)
    error = best_match(validator.iter_errors(arguments))
    if error is None:
        return None
    where = ".".join(str(p) for p in error.absolute_path)
    if error.validator == "required":
        return error.message.replace("'", "", 2).replace(" is a required property", " is required")
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(schema.get("properties", {})))
        takes = ", ".join(schema.get("properties", {})) or "none"
        return f"{', '.join(extra)} {'is' if len(extra) == 1 else 'are'} not an argument of this tool; it takes {takes}"
    if error.validator == "type":
        kinds = [error.validator_value] if isinstance(error.validator_value, str) else error.validator_value
        expected = " or ".join(_A.get(kind, kind) for kind in kinds)
        return f"{where or 'the arguments'} must be {expected}, not {json.dumps(error.instance)}"
    return f"{where + ': ' if where else ''}{error.message}"


_A = {"integer": "a whole number", "number": "a number", "string": "text", "boolean": "true or false",
      "object": "an object", "array": "a list", "null": "null"}  # fmt: skip
