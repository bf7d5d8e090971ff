"""Test-only MCP servers for the planner evaluation (``eval/unseen.jsonl`` and the dev sets ``dev.jsonl``,
``dev_tools.jsonl``).

Each module is one small stdio server with deterministic fake data and no network access, run with
``python -m eval.servers.<name>``. They exist to check that the planner routes by what a connected server publishes
(tool names, descriptions, JSON schemas), not by names written into its code: their tool names must never appear
in ``agent_core/``. See README.md for which server belongs to which set.
"""

from datetime import date, datetime


def iso_date(text: str, example: str = "2026-11-23") -> date:
    """``text`` as a date, YYYY-MM-DD; the dev servers' one date reader.

    Raises:
        ValueError: with the format to send.
    """
    try:
        return datetime.strptime((text or "").strip(), "%Y-%m-%d").date()
    except ValueError:
        raise ValueError(f"Invalid date '{text}'. Use YYYY-MM-DD, e.g. {example}.") from None
