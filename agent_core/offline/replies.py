"""What the offline planner says when no tool is called: greetings, thanks, help, an honest "I can't", a question.

Every reply is built from the live capabilities (what the connected tools can do right now), never from a fixed
list, and never mentions scores, thresholds or network errors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent_core.offline.catalogue import ToolFacts, catalogue

HOW_TO_USE_AN_LLM = (
    "To talk freely, connect an LLM: set MODEL=azure:<deployment> with AZURE_AI_FOUNDRY_ENDPOINT and "
    "AZURE_AI_FOUNDRY_API_KEY, or MODEL=openai:<model> with OPENAI_API_KEY, or MODEL=ollama:<model> with "
    "OLLAMA_BASE_URL."
)
_SHOWN = ("current_time", "time_convert", "task_add", "task_list", "file_read", "memory_store", "web_search")


def live_capabilities(tools: Sequence[Any]) -> list[tuple[str, str]]:
    """(summary, example) for each catalogue capability a live tool serves, plus a line per tool nobody
    describes (a newly connected server), by its own description."""
    facts = [ToolFacts.of(t) for t in tools]
    found, described = [], set()
    for capability in catalogue():
        if capability.kind not in {"tool", "question"} or not capability.provided_by:
            continue
        providers = catalogue().providers(capability.name, facts)
        described.update(p.name for p in providers)
        if providers and capability.kind == "tool":
            found.append((capability.name, capability.summary, capability.examples[0]))
    shown = [(s, e) for name, s, e in found if name in _SHOWN] + [(s, e) for name, s, e in found if name not in _SHOWN]
    for fact in facts:
        if fact.name not in described:
            first = (fact.description.strip().split(". ")[0] or fact.name).rstrip(".")
            shown.append((first[0].lower() + first[1:] if first else fact.name, ""))
    return shown


def _summary_line(tools: Sequence[Any], limit: int = 6) -> str:
    capabilities = live_capabilities(tools)
    if not capabilities:
        return "No tools are connected right now, so I can only chat a little."
    names = [summary for summary, _ in capabilities[:limit]]
    more = len(capabilities) - limit
    listed = ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
    return f"I can help with {listed}" + (f" (and {more} more)" if more > 0 else "") + "."


def introduction(tools: Sequence[Any]) -> str:
    """One line for an empty chat: what the connected tools let the assistant do."""
    return _summary_line(tools)


def starters(tools: Sequence[Any], limit: int = 5) -> list[str]:
    """Example requests for the live capabilities, the most familiar first (an empty chat's suggestions)."""
    return [example for _, example in live_capabilities(tools) if example][:limit]


def greeting(tools: Sequence[Any]) -> str:
    """A short hello that says what the assistant can do."""
    examples = [e for _, e in live_capabilities(tools) if e][:2]
    tries = " or ".join(f"“{e}”" for e in examples)
    return f"Hello! {_summary_line(tools)}" + (f" Try {tries}." if tries else "")


def thanks() -> str:
    """A short reply to thanks or goodbye."""
    return "You're welcome! Ask me anything else whenever you like."


def undo() -> str:
    """Undo is the app's, not a tool's: say where it is instead of pretending (and never make a task of it)."""
    return (
        "I can't take changes back myself, but the app can: press “↶ Undo” under the last answer (it names the "
        "change), or run `paias undo` in a terminal. It takes back the newest task or memory change, once."
    )


def recap(said: Sequence[str]) -> str:
    """What the person asked so far in this conversation, oldest first (the last few), in their own words."""
    if not said:
        return "This is the start of our conversation — you haven't asked me anything else yet."
    shown = list(said)[-5:]
    lines = "\n".join(f"{i}. “{' '.join(text.split())[:160]}”" for i, text in enumerate(shown, 1))
    earlier = f" (the last {len(shown)} of {len(said)})" if len(said) > len(shown) else ""
    return f"So far in this conversation you asked{earlier}:\n{lines}"


def about_me(tools: Sequence[Any]) -> str:
    """What the assistant is, asked by someone talking to it: a program, not a person, and what it can do now."""
    return (
        "I'm the PAIAS research assistant — a program, not a person. Right now I'm running as the offline planner "
        f"(no LLM is connected), so I understand requests for the connected tools. {_summary_line(tools)}"
    )


def held_back() -> str:
    """A message that only says what not to do ("don't delete anything"): nothing is done, and that is said."""
    return "All right — I haven't done anything. Tell me what you'd like instead whenever you're ready."


def help_text(tools: Sequence[Any]) -> str:
    """What the assistant can do right now, with one example each."""
    lines = [
        f"- {summary}" + (f" — e.g. “{example}”" if example else "") for summary, example in live_capabilities(tools)
    ]
    if not lines:
        return "No tools are connected right now. " + HOW_TO_USE_AN_LLM
    return (
        "Here is what I can do with the tools connected now:\n"
        + "\n".join(lines[:12])
        + "\n\nWhatever can't be taken back (deleting, for one) waits for your approval first, and the newest task or "
        + "memory change can be undone. I'm the offline planner: I understand requests like these without an LLM. "
        + HOW_TO_USE_AN_LLM
    )


def decline(understood: str, tools: Sequence[Any]) -> str:
    """Nothing fits: say what was understood, what the assistant can do, and how to connect an LLM."""
    return f"{understood} {_summary_line(tools)} {HOW_TO_USE_AN_LLM}"


def missing(summary: str, tools: Sequence[Any]) -> str:
    """The request needs a capability no connected tool provides."""
    return (
        f"That needs {summary}, and none of the connected tools provides it, so I haven't tried it. "
        f"{_summary_line(tools)} To add it, connect an MCP server that provides {summary}."
    )


def _label(item: dict[str, Any]) -> str:
    """How a listed item reads after its number: its title or name, else its first other text field (a timer's
    label, a booking's instrument); nothing rather than 'None'."""
    text = item.get("title") or item.get("name")
    if not text:
        text = next((v for k, v in item.items() if k != "id" and isinstance(v, str) and v.strip()), "")
    return f"‘{text}’" if text else ""


def which_one(candidates: list[dict[str, Any]], noun: str = "task") -> str:
    """ "Which one: 2 'Order pipettes' or 5 'Order reagents'?" """
    by_name = all(isinstance(c.get("id"), str) for c in candidates)  # files: the path is the name
    named = [
        str(c.get("title") or c.get("id")) if by_name else " ".join(filter(None, (str(c.get("id")), _label(c))))
        for c in candidates[:6]
    ]
    listed = ", ".join(named[:-1]) + f" or {named[-1]}" if len(named) > 1 else named[0]
    return f"Which {noun} do you mean: {listed}?" + ("" if by_name else " Tell me the number.")


def smalltalk(tools: Sequence[Any]) -> str:
    """A friendly acknowledgement of small talk, and what the assistant is for (nothing is looked up)."""
    return (
        f"I hear you. I'm a research assistant without an LLM, so I'm better at tasks than chat. {_summary_line(tools)}"
    )
