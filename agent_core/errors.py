"""The one user-facing error type, plus the configuration error raised at start-up.

Lower layers raise their own typed errors; the runtime turns what reaches the user into ``PaiasError`` with a
message that says what happened and what to do next.
"""

from __future__ import annotations


class PaiasError(Exception):
    """An error a person can act on: the message says what happened and what to do next."""


class ConfigError(PaiasError):
    """The configuration is incomplete or invalid (raised at start, before anything runs)."""


class InputError(PaiasError):
    """The user's message cannot be processed as written (empty, too long, control characters)."""
