"""The answer-vs-record check: with an LLM, an answer has to use what its tools returned and has to read as language.

A small model can call the right tool, get "04:25 in Asia/Tokyo" back, and then answer
"10.34.21,&#39;Paris &lt;Date::now()…". The runtime compares the final answer with the turn's *successful* tool
results — never with what the model claims — and flags it when

- the results hold facts (words of three or more letters, numbers of three or more digits or with decimals,
  times such as 04:25 or 4:25, ISO dates) and the answer contains none of them, or
- the answer is not language: markup or code debris outside code spans (HTML entities, tags, ``::``, ``()``,
  ``=>``, ``{{``), or hardly any letters and no fact.

A flagged answer keeps its text but gets confidence 0.0 (the red badge, and it is never stored as a web-backed
memory) and reasoning that starts with what the check found. It costs a few regular expressions: no model call,
no embedding. Its limit: a wrong answer that repeats one word the tools returned passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from agent_core.offline.text import STOPWORDS
from agent_core.schemas import AgentResponse, ToolCallRecord, ToolCallStatus

_TIME = re.compile(r"(?<!\d)(\d{1,2}):(\d{2})(?!\d)")  # also inside an ISO timestamp (T04:25:13)
_DATE = re.compile(r"(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")
_WORD = re.compile(r"[^\W\d_][^\W_]{2,}|\d{3,}|\d+(?:[.,]\d+)+")  # words; numbers of 3+ digits or with decimals
_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
_DEBRIS = re.compile(r"&#?\w+;|</?[a-zA-Z][^>\n]{0,40}>|::|\(\)|=>|\{\{|\}\}|\\[nrt]|\ufffd")
# Words every result carries (keys' values such as status strings) that say nothing about the answer.
_NOISE = frozenset({"true", "false", "null", "none", "success", "ok", "pending", "done", "result", "results"})


def _values(value: Any) -> Iterator[str]:
    """Every scalar in a JSON-like result, as text (dict keys are names, not facts)."""
    if isinstance(value, dict):
        for item in value.values():
            yield from _values(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _values(item)
    elif value is not None and not isinstance(value, bool):
        yield str(value)


def tokens(text: str) -> set[str]:
    """Comparable pieces of text: lower-case words and numbers, plus times as H:MM and HH:MM and ISO dates."""
    found = {w for w in _WORD.findall(text.lower()) if w not in STOPWORDS and w not in _NOISE}
    for hour, minute in _TIME.findall(text):
        found |= {f"{int(hour)}:{minute}", f"{int(hour):02d}:{minute}"}
    found |= set(_DATE.findall(text))
    return found


def record_facts(records: list[ToolCallRecord]) -> set[str]:
    """The facts the turn's successful tool calls returned."""
    return {t for r in records if r.status is ToolCallStatus.SUCCESS for v in _values(r.result) for t in tokens(v)}


def is_language(answer: str, matched: bool) -> bool:
    """Whether an answer reads as language (code spans aside); a bare fact such as "04:25" counts when it matched."""
    prose = _CODE.sub(" ", answer).strip()
    if not prose:
        return bool(_CODE.search(answer))
    if _DEBRIS.search(prose):
        return False
    visible = sum(not c.isspace() for c in prose)
    letters = sum(c.isalpha() for c in prose)
    return matched or letters / max(1, visible) >= 0.3


def problems(response: AgentResponse) -> list[str]:
    """What is wrong with an answer measured against its tool calls ([] when nothing)."""
    facts = record_facts(response.tool_calls)
    said = tokens(response.answer)
    matched = bool(facts & said)
    found = []
    if facts and not matched:
        tools = ", ".join(dict.fromkeys(r.tool_name for r in response.tool_calls if r.status is ToolCallStatus.SUCCESS))
        found.append(f"the answer contains none of the facts that {tools} returned")
    if not is_language(response.answer, matched):
        found.append("the answer is not language (markup or code debris)")
    return found


def check_answer(response: AgentResponse) -> AgentResponse:
    """The response, flagged when its answer does not match the record (see the module docstring)."""
    found = problems(response)
    if not found:
        return response
    note = f"Flagged by the answer check: {'; '.join(found)}, so this is not a confident answer."
    return response.model_copy(update={"confidence": 0.0, "reasoning": f"{note} {response.reasoning}".strip()})
