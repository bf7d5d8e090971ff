"""Risk policy for tool calls (seed 000 FR-015..023, ARCHITECTURE "Risk policy").

Order of decision, first match wins:
1. the explicit table (with aliases) from the seed;
2. per-tool overrides from configuration (the operator knows the tool better than its self-description);
3. the MCP tool's annotations: readOnlyHint → REVERSIBLE, destructiveHint → IRREVERSIBLE, an explicitly
   non-destructive write → REVERSIBLE_WITH_DELAY; a "read-only" tool whose name says it destroys is not believed;
4. otherwise IRREVERSIBLE (the safest assumption).
Then parameter inspection can only raise the level: a read of a secret (/etc/shadow, ~/.ssh, *.pem, .env,
credential files) is IRREVERSIBLE, because a leaked secret cannot be taken back.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from agent_core.schemas import RiskLevel

log = logging.getLogger(__name__)

APPROVAL_CONFIDENCE_THRESHOLD = 0.85

_TABLE: dict[str, RiskLevel] = {
    "web_search": RiskLevel.REVERSIBLE,
    "read_file": RiskLevel.REVERSIBLE,
    "get_current_time": RiskLevel.REVERSIBLE,
    "search_memory": RiskLevel.REVERSIBLE,
    # The assistant's own notebook, undone by `paias undo` or `paias memory delete`. A memory is believed later,
    # so it is held to the grounding rule: content the person did not say waits for their approval.
    "store_memory": RiskLevel.REVERSIBLE_WITH_DELAY,
    "send_email": RiskLevel.REVERSIBLE_WITH_DELAY,
    "create_calendar_event": RiskLevel.REVERSIBLE_WITH_DELAY,
    "schedule_task": RiskLevel.REVERSIBLE_WITH_DELAY,
    "delete_file": RiskLevel.IRREVERSIBLE,
    "make_purchase": RiskLevel.IRREVERSIBLE,
    "send_money": RiskLevel.IRREVERSIBLE,
    "modify_production": RiskLevel.IRREVERSIBLE,
}

_ALIASES: dict[str, str] = {
    "search_web": "web_search",
    "websearch": "web_search",
    "memory_search": "search_memory",
    "memory_store": "store_memory",
    "read_text_file": "read_file",
    "current_time": "get_current_time",
    "get_time": "get_current_time",
    "email_send": "send_email",
    "remove_file": "delete_file",
    "purchase": "make_purchase",
    "transfer_money": "send_money",
}

_DESTRUCTIVE_VERB = re.compile(
    r"(^|_)(delete|remove|drop|destroy|purge|wipe|erase|truncate|kill|revoke|pay|transfer)(_|$)"
)

_SENSITIVE_PATH = re.compile(
    r"""(
        /etc/(shadow|gshadow|sudoers|master\.passwd)\b
      | (^|[/\\])\.ssh([/\\]|$)
      | (^|[/\\])id_(rsa|dsa|ecdsa|ed25519)(\.pub)?$
      | \.(pem|key|p12|pfx|jks|keystore|kdbx)$
      | (^|[/\\])\.env(\.[\w.-]+)?$
      | (^|[/\\])\.(netrc|pgpass|git-credentials|npmrc|pypirc)$
      | (^|[/\\])\.aws[/\\]credentials$
      | (^|[/\\])\.docker[/\\]config\.json$
      | (^|[/\\])\.kube[/\\]config$
      | (^|[/\\])(credentials|secrets?)(\.[\w]+)?$
      | (^|[/\\])\.gnupg([/\\]|$)
    )""",
    re.IGNORECASE | re.VERBOSE,
)


@dataclass(frozen=True)
class RiskAssessment:
    """A risk level and the reason for it, in words a person can check."""

    level: RiskLevel
    reason: str


def normalize_tool_name(tool_name: str) -> str:
    """Lower-case snake_case, so ``searchWeb``, ``search-web`` and ``Search_Web`` compare equal."""
    name = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", tool_name.strip())
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def canonical_tool_name(tool_name: str) -> str:
    """The table name a tool is known by (``search_web`` -> ``web_search``)."""
    name = normalize_tool_name(tool_name)
    return _ALIASES.get(name, name)


def _leaves(value: Any) -> Iterator[Any]:
    """Every scalar inside nested mappings and sequences (booleans and None say nothing and are skipped)."""
    if isinstance(value, Mapping):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list | tuple | set):
        for item in value:
            yield from _leaves(item)
    elif value is not None and not isinstance(value, bool):
        yield value


def _strings(value: Any) -> Iterator[str]:
    return (leaf for leaf in _leaves(value) if isinstance(leaf, str))


def sensitive_parameter(parameters: Mapping[str, Any] | None) -> str | None:
    """Return the first parameter value that points at a secret (a key, a password file, .env), if any."""
    for text in _strings(parameters or {}):
        candidate = text.strip().strip("'\"")
        if candidate and _SENSITIVE_PATH.search(candidate.replace("~", "/home")):
            return candidate
    return None


def assess_risk(
    tool_name: str,
    parameters: Mapping[str, Any] | None = None,
    annotations: Mapping[str, Any] | None = None,
    overrides: Mapping[str, RiskLevel | str] | None = None,
) -> RiskAssessment:
    """Classify one tool call and say why.

    Args:
        tool_name: The tool's name as the model called it.
        parameters: The call's arguments (inspected for sensitive paths).
        annotations: The MCP tool annotations (``readOnlyHint``, ``destructiveHint``), if known.
        overrides: Per-tool levels from configuration, keyed by tool name.

    Returns:
        The assessment; parameter inspection can only raise the level.
    """
    canonical = canonical_tool_name(tool_name)
    base = _base_assessment(tool_name, canonical, annotations or {}, overrides or {})
    secret = sensitive_parameter(parameters)
    if secret and base.level is not RiskLevel.IRREVERSIBLE:
        return RiskAssessment(
            RiskLevel.IRREVERSIBLE, f"the call touches '{secret}', which looks like a secret; exposure cannot be undone"
        )
    return base


def _base_assessment(
    tool_name: str, canonical: str, annotations: Mapping[str, Any], overrides: Mapping[str, RiskLevel | str]
) -> RiskAssessment:
    if canonical in _TABLE:
        return RiskAssessment(_TABLE[canonical], f"'{canonical}' is in the risk table")
    for key in (tool_name, canonical):
        if key in overrides:
            return RiskAssessment(RiskLevel(overrides[key]), f"configured as {RiskLevel(overrides[key]).value}")
    destructive_name = bool(_DESTRUCTIVE_VERB.search(canonical))
    if annotations.get("destructiveHint") is True:
        return RiskAssessment(RiskLevel.IRREVERSIBLE, "the server marks this tool destructive")
    if annotations.get("readOnlyHint") is True:
        if destructive_name:
            return RiskAssessment(RiskLevel.IRREVERSIBLE, "marked read-only, but its name says it destroys data")
        return RiskAssessment(RiskLevel.REVERSIBLE, "the server marks this tool read-only")
    if annotations.get("destructiveHint") is False and not destructive_name:
        return RiskAssessment(RiskLevel.REVERSIBLE_WITH_DELAY, "a non-destructive change the server declares")
    return RiskAssessment(RiskLevel.IRREVERSIBLE, "unknown tool: assumed irreversible until configured otherwise")


# Tools that only read what the person already owns or the clock: their results carry no outside text.
_READS = frozenset({"web_search", "read_file", "get_current_time", "search_memory"})
_LOCAL_READS = frozenset({"get_current_time", "search_memory"})
_OUTSIDE_READS = frozenset({"web_search", "read_file"})


def reads_outside_content(
    tool_name: str, annotations: Mapping[str, Any] | None = None, untrusted: bool = False
) -> bool:
    """Whether a tool's result is text from outside the person (a web page, a file, any open-world tool).

    ``untrusted`` is the server's ``untrustedContent`` setting (files); otherwise the MCP ``openWorldHint`` decides,
    and the MCP default for a tool that says nothing is open world.
    """
    canonical = canonical_tool_name(tool_name)
    if untrusted or canonical in _OUTSIDE_READS:
        return True
    if canonical in _LOCAL_READS:
        return False
    return (annotations or {}).get("openWorldHint") is not False


def is_write(tool_name: str, annotations: Mapping[str, Any] | None = None) -> bool:
    """Whether a tool changes something (anything not known to be a pure read)."""
    return canonical_tool_name(tool_name) not in _READS and (annotations or {}).get("readOnlyHint") is not True


def categorize_action_risk(
    tool_name: str,
    parameters: Mapping[str, Any] | None = None,
    annotations: Mapping[str, Any] | None = None,
    overrides: Mapping[str, RiskLevel | str] | None = None,
) -> RiskLevel:
    """Return the risk level of calling ``tool_name`` with ``parameters`` (FR-015..019)."""
    return assess_risk(tool_name, parameters, annotations, overrides).level


_WORD = re.compile(r"[a-z0-9]+")


def grounded_confidence(request: str | None, parameters: Mapping[str, Any] | None) -> float:
    """The confidence the approval policy uses: how much of a call the person's own message states.

    It is the share of the call's argument values whose words all appear in the person's latest message
    ("email bob@example.com that the samples arrived" grounds ``to`` and ``body``; a recipient the model made up
    does not). Measured by the runtime from the person's words, never taken from the model, so a model cannot
    raise it to skip a question. A call without argument values, or without a message, scores 0.0.

    Args:
        request: The person's latest message in the conversation.
        parameters: The call's arguments.

    Returns:
        A value in 0.0..1.0.
    """
    said = set(_WORD.findall((request or "").lower()))
    values = [set(_WORD.findall(str(v).lower())) for v in _leaves(parameters or {})]
    values = [v for v in values if v]
    if not said or not values:
        return 0.0
    return sum(1 for words in values if words <= said) / len(values)


def requires_approval(action: RiskLevel, confidence: float) -> bool:
    """Whether a person must approve the action before it runs (FR-020..023).

    Args:
        action: The risk level of the call.
        confidence: The confidence in the call, 0.0..1.0.

    Raises:
        ValueError: if ``confidence`` is outside 0.0..1.0.
    """
    if not 0.0 <= confidence <= 1.0:
        raise ValueError(f"confidence must be between 0.0 and 1.0, got {confidence}")
    if action is RiskLevel.IRREVERSIBLE:
        return True
    if action is RiskLevel.REVERSIBLE_WITH_DELAY:
        return confidence < APPROVAL_CONFIDENCE_THRESHOLD
    log.info("auto-executing reversible action (confidence %.2f)", confidence)
    return False
