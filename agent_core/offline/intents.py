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


_PATH = r"(?P<path>(?:~|\.{1,2})?/?[\w.\-]+(?:/[\w.\-]+)*/?)"
_READ_FILE = re.compile(
    rf"^\s*(?:please\s+)?(?:read|open|show(?:\s+me)?|cat|display|print)\s+(?:me\s+)?(?:the\s+)?(?:file\s+)?"
    rf"[`'\"]?{_PATH}[`'\"]?\s*[?.!]?\s*$",
    re.IGNORECASE,
)
_LIST_FILES = re.compile(
    rf"^\s*(?:please\s+)?(?:(?:list|show(?:\s+me)?)\s+(?:all\s+)?(?:the\s+)?(?:files|contents|documents)"
    rf"\s+(?:in|of|under)|what(?:\s+files\s+are|\s+are\s+the\s+files)\s+in|ls)"
    rf"\s+(?:the\s+)?(?:folder\s+|directory\s+)?[`'\"]?{_PATH}[`'\"]?(?:\s+(?:folder|directory))?\s*[?.!]?\s*$",
    re.IGNORECASE,
)


def analyze_files(text: str) -> Plan | None:
    """ "read notes/x.md" → read one file; "list the files in notes" → list a folder (paths as written)."""
    match = _LIST_FILES.match(text)
    if match:
        path = match.group("path")
        return Plan("file_list", [Step("file_list", {"path": path}, path)])
    match = _READ_FILE.match(text)
    if match and ("." in match.group("path").rsplit("/", 1)[-1] or "/" in match.group("path")):
        path = match.group("path")
        return Plan("file_read", [Step("file_read", {"path": path}, path)])
    return None


_TASK_WORD = r"(?:task|todo|to-do)"
_ADD_TASK = re.compile(
    rf"^\s*(?:please\s+)?(?:remind\s+me\s+to|(?:add|create|new)\s+(?:a\s+|an\s+)?{_TASK_WORD}s?"
    rf"(?:\s+(?:to|for|called|named|that\s+says))?\s*:?|add\s+(?P<count>two|three|four|five|\d+)\s+{_TASK_WORD}s\s*:?|"
    rf"{_TASK_WORD}\s*:)\s+(?P<rest>\S.*?)\s*[.!]?\s*$",
    re.IGNORECASE | re.DOTALL,
)
_LIST_TASKS = re.compile(
    rf"\b(?:(?:show|list|display|see|view|get)\s+(?:me\s+)?(?:all\s+)?(?:of\s+)?(?:my|the)?\s*(?:open\s+|pending\s+|"
    rf"completed\s+|done\s+|finished\s+)?{_TASK_WORD}s?(?:\s+list)?|what(?:'s|\s+is)\s+(?:left|still)\s+to\s+do|"
    rf"what(?:'s|\s+is)\s+on\s+my\s+(?:list|{_TASK_WORD}\s+list|plate)|what\s+do\s+i\s+(?:still\s+)?have\s+to\s+do|"
    rf"what\s+are\s+my\s+(?:open\s+|pending\s+|completed\s+)?{_TASK_WORD}s)\b",
    re.IGNORECASE,
)
_TASK_ID = r"(?:task|todo|to-do|number|item)?\s*#?(\d+)"
_COMPLETE_TASK = re.compile(
    rf"\b(?:(?:mark|set)\s+{_TASK_ID}\s+(?:as\s+)?(?:done|complete|completed|finished)|"
    rf"(?:complete|finish|check\s+off|tick\s+off|close)\s+{_TASK_ID}|{_TASK_ID}\s+is\s+(?:done|finished|complete))\b",
    re.IGNORECASE,
)
_DELETE_TASK = re.compile(rf"\b(?:delete|remove|drop|cancel|erase)\s+{_TASK_ID}\b", re.IGNORECASE)
_UPDATE_TASK = re.compile(
    rf"\b(?:change|rename|update|edit|retitle)\s+{_TASK_ID}\s*(?:to|into|:|so\s+it\s+says)\s+(?P<title>\S.*?)\s*[.!]?\s*$",
    re.IGNORECASE | re.DOTALL,
)
_AMBIGUOUS_TASK = re.compile(
    rf"\b(?:mark|complete|finish|delete|remove|drop|cancel|change|rename|update|edit|tick\s+off|check\s+off)\b.*"
    rf"\b(?:{_TASK_WORD}s?|it|that|this\s+one)\b",
    re.IGNORECASE,
)
_SPLIT_TASKS = re.compile(r"\s*(?:,|;|\band\b|\bthen\b)\s*", re.IGNORECASE)


def _task_id(match: re.Match[str]) -> int:
    return int(next(group for group in match.groups() if group and group.isdigit()))


def analyze_tasks(text: str) -> Plan | None:
    """Seed-004 phrasing: add / list / complete / update / delete tasks; no number → ask which task."""
    if match := _UPDATE_TASK.search(text):
        task_id, title = _task_id(match), match.group("title").strip(" '\"")
        return Plan("task_update", [Step("task_update", {"task_id": task_id, "title": title}, f"task {task_id}")])
    if match := _COMPLETE_TASK.search(text):
        task_id = _task_id(match)
        return Plan("task_complete", [Step("task_complete", {"task_id": task_id}, f"task {task_id}")])
    if match := _DELETE_TASK.search(text):
        task_id = _task_id(match)
        return Plan("task_delete", [Step("task_delete", {"task_id": task_id}, f"task {task_id}")])
    if match := _ADD_TASK.match(text):
        rest = match.group("rest").strip()
        titles = [t.strip(" .'\"") for t in _SPLIT_TASKS.split(rest)] if match.group("count") else [rest]
        titles = [t[0].upper() + t[1:] for t in titles if t]
        return Plan("task_add", [Step("task_add", {"title": t}, t) for t in titles[:10]])
    if _LIST_TASKS.search(text):
        lowered = text.lower()
        status = "all"
        if re.search(r"\b(left|open|pending|remaining|still|have to do|to do)\b", lowered):
            status = "pending"
        if re.search(r"\b(completed|done|finished)\b", lowered):
            status = "completed"
        return Plan("task_list", [Step("task_list", {"status": status}, f"{status} tasks")])
    if _AMBIGUOUS_TASK.search(text) and not re.search(r"\d", text):
        return Plan("task_clarify", [], unresolved=[text])
    return None


Analyzer = Callable[[str], Plan | None]
ANALYZERS: list[Analyzer] = [analyze_remember, analyze_files, analyze_tasks, analyze_time]
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
