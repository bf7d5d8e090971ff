"""Read what a request asks for, without an LLM: a capability plus the values (slots) to call it with.

Each analyzer looks at the text only; which tool serves the capability is decided later from the tools the
agent is actually offered (see ``matching``). Later capabilities add an analyzer to ``ANALYZERS``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from agent_core.offline.timezones import find_places


@dataclass(frozen=True)
class Step:
    """One tool call to make: what for, with which values, and how to name it in the answer."""

    capability: str
    slots: dict[str, Any]
    label: str


@dataclass
class Plan:
    """What the request needs. ``steps`` may be empty when something could not be resolved."""

    capability: str
    steps: list[Step]
    notes: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)
    focus: str = ""


_TIME_ASKS = [
    r"\bwhat(?:'s|s| is)?\s+(?:the\s+)?(?:current\s+|local\s+|exact\s+)?(?:time|date|day)\b",
    r"\bwhat\s+time\b",
    r"\b(?:current|local|exact)\s+(?:time|date|day)\b",
    r"\btime\s+(?:is\s+it|now|right\s+now)\b",
    r"\b(?:time|date|day)\s+(?:is\s+it\s+)?(?:in|at|for)\b",
    r"\btoday'?s\s+date\b",
    r"\bdate\s+today\b",
    r"\b(?:tell|give|show)\s+me\s+the\s+(?:time|date|day)\b",
    r"\bunix\s+(?:time|timestamp|epoch)\b",
    r"\bepoch\s+(?:time|seconds)\b",
    r"\b(?:current|the)\s+timestamp\b",
    r"\bwhat\s+day\s+(?:is\s+it|is\s+today)\b",
    r"\bo'?clock\b",
]
_NOT_CURRENT_TIME = [
    r"\bwhat\s+time\s+(?:does|do|did|will|would|should|can|could|was|were|are|zone)\b",
    r"\bwhat\s+time\s+is\s+(?:the|my|our|your|a|an|his|her|their)\b",
    r"\btime\s+(?:complexity|series|travel|management|machine|limit|frame|line)\b",
    r"\bwhat\s+day\s+(?:does|do|did|will|was|were)\b",
]
_TIME_WORD = re.compile(r"\b(?:time|date|day|clock)\b", re.IGNORECASE)


def _matches(patterns: list[str], text: str) -> bool:
    return any(re.search(p, text, re.IGNORECASE) for p in patterns)


def analyze_time(text: str) -> Plan | None:
    """A question about the current time/date somewhere ("What time is it in Tokyo?", "unix timestamp")."""
    if _matches(_NOT_CURRENT_TIME, text):
        return None
    places, unresolved = find_places(text)
    asked = _matches(_TIME_ASKS, text) or (bool(places) and bool(_TIME_WORD.search(text)))
    if not asked:
        return None
    lowered = text.lower()
    focus: Literal["epoch", "date", "time"]
    if re.search(r"\b(unix|epoch|timestamp)\b", lowered):
        focus = "epoch"
    elif re.search(r"\b(date|day|today)\b", lowered) and not re.search(r"\btime\b", lowered):
        focus = "date"
    else:
        focus = "time"
    steps = [Step("current_time", {"timezone": p.zone}, p.label) for p in places[:8]]
    notes = [p.note for p in places[:8] if p.note]
    if not steps and not unresolved:
        steps = [Step("current_time", {"timezone": "UTC"}, "UTC")]
        if focus != "epoch":
            notes.append(
                "You didn't name a place, so this is UTC; ask e.g. 'What time is it in Tokyo?' for local time."
            )
    return Plan("current_time", steps, notes=notes, unresolved=unresolved, focus=focus)


def follow_up_time(text: str, previous: Plan) -> Plan | None:
    """ "And in Paris?" after a time question: the same question for the new places."""
    plan = analyze_time(f"What time is it in {text}")
    # A follow-up must name a real place; otherwise it is small talk ("and thanks"), not a time question.
    if plan is None or not plan.steps or plan.steps[:1] == [Step("current_time", {"timezone": "UTC"}, "UTC")]:
        return None
    plan.focus = previous.focus
    return plan


_REMEMBER = re.compile(
    r"^\s*(?:please\s+)?(?:remember|memori[sz]e|note|keep\s+in\s+mind|don'?t\s+forget|store\s+in\s+memory|"
    r"save\s+to\s+memory)\b(?:\s+that)?\s*[:,\-]?\s*(?P<content>\S.*)$",
    re.IGNORECASE | re.DOTALL,
)
_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "of",
        "for",
        "to",
        "in",
        "on",
        "at",
        "by",
        "and",
        "or",
        "with",
        "that",
        "this",
        "it",
        "its",
        "our",
        "my",
        "we",
        "i",
        "uses",
        "use",
        "has",
        "have",
        "had",
        "will",
        "should",
        "can",
        "from",
        "as",
        "about",
        "into",
        "than",
        "then",
        "there",
        "their",
    ]
)


def topic_of(text: str, words: int = 4) -> str:
    """A short snake_case topic from the first meaningful words ("Project X uses FastAPI" -> "project_x_fastapi")."""
    tokens = [t for t in re.findall(r"[a-z0-9]+", text.lower()) if t not in _STOPWORDS]
    return "_".join(tokens[:words]) or "note"


def analyze_remember(text: str) -> Plan | None:
    """ "Remember that …", "Note: …", "Keep in mind …": store the rest in memory."""
    match = _REMEMBER.match(text)
    if not match:
        return None
    content = match.group("content").strip()
    content = content[0].upper() + content[1:]
    metadata = {"topic": topic_of(content), "source": "user"}
    return Plan("memory_store", [Step("memory_store", {"content": content, "metadata": metadata}, "memory")])


def memory_search_plan(text: str) -> Plan:
    """Any other question: look in memory first."""
    return Plan("memory_search", [Step("memory_search", {"query": text, "top_k": 5}, "memory")])


Analyzer = Callable[[str], Plan | None]
ANALYZERS: list[Analyzer] = [analyze_remember, analyze_time]
FOLLOW_UPS: dict[str, Callable[[str, Plan], Plan | None]] = {"current_time": follow_up_time}
_FOLLOW_UP = re.compile(r"^\s*(?:and|what about|how about|also|same for|now)\b", re.IGNORECASE)


def analyze(text: str, previous_prompt: str | None = None) -> Plan | None:
    """The first analyzer's plan for ``text``, or None when no capability applies.

    A short follow-up ("And in Paris?", "what about Sydney") continues the previous prompt's capability.
    """
    for analyzer in ANALYZERS:
        plan = analyzer(text)
        if plan is not None:
            return plan
    if previous_prompt and (_FOLLOW_UP.search(text) or len(text.split()) <= 3):
        previous = analyze(previous_prompt)
        follow = FOLLOW_UPS.get(previous.capability) if previous else None
        if follow and previous:
            return follow(re.sub(_FOLLOW_UP, "", text).strip(" ?.!"), previous)
    return None
