"""The one user-facing error type, plus the configuration error raised at start-up.

Lower layers raise their own typed errors; the runtime turns what reaches the user into ``PaiasError`` with a
message that says what happened and what to do next.
"""

from __future__ import annotations

import re
from typing import Any


class PaiasError(Exception):
    """An error a person can act on: the message says what happened and what to do next."""


class ConfigError(PaiasError):
    """The configuration is incomplete or invalid (raised at start, before anything runs)."""


class InputError(PaiasError):
    """The user's message cannot be processed as written (empty, too long, control characters)."""


_SYSTEM_ERRORS = (  # Node's errno names ("ENOENT: …") mean nothing to a person
    (r"^ENOENT: no such file or directory, \w+ '([^']*)'", r"there is no file or folder \1"),
    (r"^EACCES: permission denied, \w+ '([^']*)'", r"reading \1 is not permitted"),
    (r"^EISDIR: illegal operation on a directory, \w+( '[^']*')?", r"that is a folder, not a file"),
)


def plain_tool_error(content: Any) -> str:
    """A tool's error text as a person reads it: without the protocol's prefix and suffix or errno names."""
    text = content if isinstance(content, str) else str(content)
    text = re.sub(r"^Error executing tool \w+:\s*", "", text.strip())
    text = re.sub(r"\s*Fix the errors and try again\.?\s*$", "", text).strip()
    for pattern, plain in _SYSTEM_ERRORS:
        text = re.sub(pattern, plain, text)
    return text
