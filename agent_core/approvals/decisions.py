"""What the approval machinery tells the model, and says to a person: pure functions, no state.

How a decided group resumes (``decision_results``), what the model reads for a rejected or abandoned call, what a
person reads about a decision (``decision_summary``, ``decision_label``), and the checks on arguments a person
edited (JSON, then the tool's own input schema). Text for the model and text for the person are kept apart: the
model's text may carry the person's sentence (after ``FOR_THE_PERSON``), never the other way round.
"""

from __future__ import annotations

import json
import re
from datetime import UTC
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
from agent_core.approvals.targets import reference, tool_words
from agent_core.errors import InputError
from agent_core.schemas import PendingApproval

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


FOR_THE_PERSON = "Tell the person: "


def rejection_text(approval: StoredApproval) -> str:
    """What the model reads for a call the person rejected; it ends with the sentence meant for the person."""
    reason = approval.decision_reason or "no reason given"
    return (
        f"Not run: the person rejected {approval.approval.tool_name} (reason: {reason}). Do not try it again in "
        f"another way; say it was not done. {FOR_THE_PERSON}{decision_summary(approval.approval)}"
    )


def denial_for_person(model_text: str, tool_name: str, arguments: dict[str, Any]) -> str:
    """What a person reads for a call that was denied, from what the model read about it: the sentence
    ``rejection_text`` meant for the person, else a plain "not run" built from the call (never the model's text)."""
    _, marker, sentence = model_text.partition(FOR_THE_PERSON)
    if marker and sentence.strip():
        return sentence.strip()
    return f"Not run — {action(tool_name, arguments)} was not approved."


def gerund(tool_name: str, noun: str | None = None) -> str:
    """What a tool does, as words that follow "you rejected": its first word as a gerund, then the rest of its
    name, less the ``noun`` its target already says (delete_task with a task target → "deleting"; send_email →
    "sending email"; add_task → "adding task"; stopServer → "stopping server")."""
    words = tool_words(tool_name) or [tool_name]
    named = {noun, f"{noun}s"} if noun else set()
    return " ".join([_ing(words[0]), *(w for w in words[1:] if w not in named)])


def _ing(verb: str) -> str:
    if verb.endswith("ie"):
        return verb[:-2] + "ying"  # tie → tying
    if verb.endswith("e") and len(verb) > 2 and not verb.endswith(("ee", "ye", "oe")):
        return verb[:-1] + "ing"  # delete → deleting; see → seeing
    if re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", verb):
        return verb + verb[-1] + "ing"  # one syllable ending consonant-vowel-consonant: stop → stopping
    return verb + "ing"


def _value(value: Any) -> str:
    if isinstance(value, str):
        text = " ".join(value.split())
        return f"'{text if len(text) <= 60 else text[:57] + '…'}'"
    return json.dumps(value, ensure_ascii=False)


def _arguments(arguments: dict[str, Any]) -> str:
    return ", ".join(f"{key} {_value(value)}" for key, value in arguments.items())


def action(tool_name: str, arguments: dict[str, Any], target: str | None = None) -> str:
    """A call as words: "deleting task 3 'Book the microscope'", or from its arguments when it has no target
    ("deleting with task_id 3")."""
    ref = reference(tool_name, arguments)
    verb = gerund(tool_name, ref[0] if ref else None)
    if target:
        return f"{verb} {target}"
    return f"{verb} with {_arguments(arguments)}" if arguments else verb


def decision_summary(item: PendingApproval) -> str:
    """One sentence a person reads about a decision (never text meant for the model).

    Examples: "Not run — you rejected deleting task 3 'Book the microscope' (reason: too early)."; "Approved by
    browser at 2026-11-23 10:04 UTC — deleting task 3 'Book the microscope' (edited from task 1 'Buy milk')."
    """
    proposed = action(item.tool_name, item.parameters, item.target)
    if item.status == "rejected":
        reason = f" (reason: {' '.join(item.decision_reason.split())})" if item.decision_reason else ""
        # Signed in, the decider is named (an approver may have rejected someone else's call); alone, it was you.
        who = item.decided_by if item.decided_by and "@" in item.decided_by else "you"
        return f"Not run — {who} rejected {proposed}{reason}."
    if item.status == "pending":
        return f"Waiting for your approval — {proposed}."
    when = f" at {item.decided_at.astimezone(UTC):%Y-%m-%d %H:%M} UTC" if item.decided_at else ""
    text = f"Approved by {item.decided_by or 'someone'}{when} — {proposed}"
    if item.ran_parameters is not None and item.ran_parameters != item.parameters:
        ran = action(item.tool_name, item.ran_parameters, item.ran_target)
        asked = item.target or _arguments(item.parameters)
        text = f"Approved by {item.decided_by or 'someone'}{when} — {ran} (edited from {asked})"
    if item.outcome_unknown:
        return f"{text}. Its run did not finish, so whether it ran is unknown."
    return f"{text}."


def decision_label(items: list[PendingApproval]) -> str:
    """The decisions a resumed run carries out, as the conversation keeps them in place of a prompt (exports,
    the CLI): "Approved deleting task 3 'Book the microscope'"."""
    parts = []
    for item in items:
        edited = item.ran_parameters is not None and item.ran_parameters != item.parameters
        arguments, target = (item.ran_parameters, item.ran_target) if edited else (item.parameters, item.target)
        parts.append(f"{item.status} {action(item.tool_name, arguments or {}, target)}")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


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
