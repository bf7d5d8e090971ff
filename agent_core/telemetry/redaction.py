"""Keep secrets out of telemetry: API keys, tokens, passwords, Authorization headers and cookies.

Everything a span or an event carries that came from outside (tool parameters, error messages, the person's
question) goes through ``redact`` (structures, by key and by value) or ``redact_text`` (free text, by pattern)
before it becomes an attribute. Span attributes leave the process when an OTLP endpoint is set, so this is the one
place that decides what may.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, SecretBytes, SecretStr

REDACTED = "[REDACTED]"
MAX_ATTRIBUTE_CHARS = 4096  # long enough for real parameters, short enough that one span never strains an export
_MAX_DEPTH = 20

# Keys compared with case, "-" and "_" ignored: "X-Api-Key", "api_key" and "apiKey" are all "xapikey"/"apikey".
_SECRET_KEYS = frozenset(
    {
        "apikey",
        "xapikey",
        "secretkey",
        "accesskey",
        "privatekey",
        "token",
        "accesstoken",
        "refreshtoken",
        "idtoken",
        "authtoken",
        "sessiontoken",
        "bearer",
        "secret",
        "clientsecret",
        "password",
        "passwd",
        "passphrase",
        "pwd",
        "authorization",
        "proxyauthorization",
        "cookie",
        "setcookie",
        "credentials",
        "databaseurl",
    }
)
_SECRET_SUFFIXES = ("token", "secret", "password", "apikey", "passphrase", "authorization", "cookie")

# Values that look like credentials wherever they appear in text; each match is replaced, the rest kept.
_SECRET_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?i)\b(bearer)\s+[A-Za-z0-9._~+/=\-]+"), rf"\1 {REDACTED}"),
    # OpenAI/Anthropic-style keys: "sk-" then a run with a digit or 16+ characters ("sk-learn" stays).
    (re.compile(r"\bsk-(?=[A-Za-z0-9_\-]*\d|[A-Za-z0-9_\-]{16})[A-Za-z0-9_\-]+"), REDACTED),
    (re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"), REDACTED),
    (re.compile(r"\bxox[abposr]-[A-Za-z0-9\-]{10,}"), REDACTED),
    (re.compile(r"\bAKIA[0-9A-Z]{16}\b"), REDACTED),
    # user:password@ in URLs (database URLs in error messages).
    (re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)[^/\s:@]+:[^/\s@]+@"), rf"\1{REDACTED}@"),
    # key=value pairs in query strings and messages.
    (
        re.compile(r"(?i)\b(api[_-]?key|access[_-]?token|token|password|secret|key|sig|signature)=[^&\s\"']+"),
        rf"\1={REDACTED}",
    ),
)


def is_secret_key(key: object) -> bool:
    """Whether a mapping key names a credential (``api_key``, ``Authorization``, ``refresh_token``, ...)."""
    if not isinstance(key, str):
        return False
    normalized = re.sub(r"[^a-z0-9]", "", key.lower())
    return normalized in _SECRET_KEYS or normalized.endswith(_SECRET_SUFFIXES)


def redact_text(text: str) -> str:
    """``text`` with every credential-looking value replaced by ``[REDACTED]``."""
    for pattern, replacement in _SECRET_PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def redact(value: Any, _depth: int = 0) -> Any:
    """A copy of ``value`` with secrets replaced by ``[REDACTED]``; the input is never modified.

    Mappings lose the values of credential keys (recursively), strings lose credential-looking substrings, pydantic
    ``SecretStr``/``SecretBytes`` are dropped, bytes become their length, models become their JSON-ready dump.
    """
    if _depth > _MAX_DEPTH:
        return "[…]"
    if isinstance(value, str):
        return redact_text(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, SecretStr | SecretBytes):
        return REDACTED
    if isinstance(value, bytes | bytearray):
        return f"<{len(value)} bytes>"
    if isinstance(value, BaseModel):
        return redact(value.model_dump(mode="json"), _depth + 1)
    if isinstance(value, Mapping):
        return {key: REDACTED if is_secret_key(key) else redact(item, _depth + 1) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [redact(item, _depth + 1) for item in value]
    return redact_text(str(value))


def truncate(text: str, limit: int = MAX_ATTRIBUTE_CHARS) -> str:
    """``text`` cut to ``limit`` characters, saying how much was left out."""
    return text if len(text) <= limit else f"{text[:limit]}…(+{len(text) - limit} chars)"


def to_json_attribute(value: Any, limit: int = MAX_ATTRIBUTE_CHARS) -> str:
    """``value`` redacted and serialized as JSON (truncated): the form structured values take on a span."""
    text = json.dumps(redact(value), ensure_ascii=False, default=str, separators=(",", ":"))
    return truncate(redact_text(text), limit)


def to_attribute(value: Any) -> str | bool | int | float | list[Any] | None:
    """``value`` as a valid, redacted OpenTelemetry attribute value (None means: leave the attribute out)."""
    if value is None or isinstance(value, bool | int | float):
        return value
    if isinstance(value, str):
        return truncate(redact_text(value))
    if isinstance(value, list | tuple) and value and all(isinstance(v, str) for v in value):
        return [truncate(redact_text(v)) for v in value]
    if isinstance(value, list | tuple) and all(isinstance(v, bool | int | float) for v in value):
        return list(value) if len({type(v) for v in value}) <= 1 else to_json_attribute(value)
    return to_json_attribute(value)


def to_attributes(values: Mapping[str, Any]) -> dict[str, Any]:
    """A mapping of attributes, redacted by key and by value, with None values left out."""
    attributes = {}
    for key, value in values.items():
        attribute = REDACTED if is_secret_key(key) else to_attribute(value)
        if attribute is not None:
            attributes[key] = attribute
    return attributes
