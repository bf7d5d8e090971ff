"""Metadata for a memory written as ``key=value`` pairs (the CLI's --meta, the Memory page's text box)."""

from __future__ import annotations

from collections.abc import Iterable

from agent_core.errors import InputError


def parse_metadata(pairs: Iterable[str]) -> dict[str, str]:
    """``key=value`` pairs as a dict; blank entries are skipped, keys and values are trimmed.

    Raises:
        InputError: an entry without ``=`` or with an empty key; the message names it.
    """
    metadata: dict[str, str] = {}
    for number, pair in enumerate(pairs, 1):
        if not pair.strip():
            continue
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InputError(f"Metadata entry {number} ({pair.strip()!r}) is not key=value, e.g. project=X.")
        metadata[key.strip()] = value.strip()
    return metadata
