"""Turn tool results into an answer, a reasoning that names the tools used, and a confidence it can justify.

Confidence: every call succeeded and its result parsed → 0.95; some failed → 0.5 (the rest is answered);
all failed → 0.0, and the answer says what failed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from agent_core.offline.intents import Plan, Step


@dataclass
class Outcome:
    """One tool call of this turn and what came back."""

    step: Step | None
    tool_name: str
    args: dict[str, Any]
    ok: bool
    content: Any


def _call_text(outcome: Outcome) -> str:
    args = ", ".join(f"{k}={v!r}" for k, v in outcome.args.items())
    return f"{outcome.tool_name}({args})"


def _as_data(content: Any) -> Any:
    if isinstance(content, str):
        try:
            return json.loads(content)
        except ValueError:
            return content
    return content


def _confidence(good: int, total: int) -> float:
    if total == 0 or good == 0:
        return 0.0
    return 0.95 if good == total else 0.5


def _format_offset(moment: datetime) -> str:
    offset = moment.utcoffset()
    if offset is None:
        return "UTC"
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _time_sentence(label: str, data: dict[str, Any], focus: str) -> str:
    moment = datetime.fromisoformat(str(data["timestamp"]))
    zone = data.get("timezone") or label
    day = f"{moment:%A}, {moment.day} {moment:%B %Y}"
    where = label if label == zone else f"{label} ({zone})"
    if focus == "epoch":
        return f"The Unix timestamp is {data['unix_epoch']} ({moment:%Y-%m-%d %H:%M:%S} {_format_offset(moment)})."
    if focus == "date":
        return f"In {where} it is {day}."
    return f"In {where} it is {moment:%H:%M} on {day} ({_format_offset(moment)})."


def compose_time(plan: Plan | None, outcomes: list[Outcome]) -> tuple[str, str, float]:
    """Answer a current-time request from get_current_time-like results."""
    focus = plan.focus if plan else "time"
    sentences, failures, used = [], [], []
    for outcome in outcomes:
        label = outcome.step.label if outcome.step else str(outcome.args)
        used.append(_call_text(outcome))
        data = _as_data(outcome.content)
        if outcome.ok and isinstance(data, dict) and "timestamp" in data:
            try:
                sentences.append(_time_sentence(label, data, focus))
                continue
            except (ValueError, KeyError, TypeError):
                failures.append(f"{label}: the tool returned a timestamp I could not read ({data.get('timestamp')!r})")
                continue
        reason = data if not outcome.ok else f"unexpected result {str(data)[:200]!r}"
        failures.append(f"{label}: {reason}")
    notes = list(plan.notes) if plan else []
    if plan and plan.unresolved:
        notes.append(f"I couldn't match {', '.join(repr(u) for u in plan.unresolved)} to a time zone.")
    lines = sentences + [f"I couldn't get the time for {f}" for f in failures] + notes
    answer = lines[0] if len(lines) == 1 else "\n".join(f"- {line}" for line in lines)
    reasoning = f"I called {', '.join(used)} and read the answer from the returned timestamp."
    if failures:
        reasoning += f" {len(failures)} of {len(outcomes)} call(s) failed, so that part is not answered."
    return answer, reasoning, _confidence(len(sentences), len(outcomes))


def compose_generic(plan: Plan | None, outcomes: list[Outcome]) -> tuple[str, str, float]:
    """Report raw results for capabilities without a dedicated composer."""
    lines, good = [], 0
    for outcome in outcomes:
        data = _as_data(outcome.content)
        text = data if isinstance(data, str) else json.dumps(data, default=str, ensure_ascii=False)
        if outcome.ok:
            good += 1
            lines.append(f"{outcome.tool_name} returned: {text[:2000]}")
        else:
            lines.append(f"{outcome.tool_name} failed: {text[:500]}")
    answer = "\n".join(lines) or "No tool result came back."
    used = ", ".join(_call_text(o) for o in outcomes) or "no tool"
    return answer, f"I called {used} and reported what it returned.", _confidence(good, len(outcomes))


def compose_memory_store(plan: Plan | None, outcomes: list[Outcome]) -> tuple[str, str, float]:
    """Confirm what was stored, with its id, or say why it was not."""
    outcome = outcomes[0] if outcomes else None
    content = outcome.args.get("content", "") if outcome else ""
    if outcome and outcome.ok:
        memory_id = _as_data(outcome.content)
        return (
            f"Stored in memory (id {memory_id}): {content}",
            f"I called {_call_text(outcome)}; the memory store returned id {memory_id}.",
            0.95,
        )
    reason = outcome.content if outcome else "no result came back"
    return f"I could not store that in memory: {reason}", "The memory store call failed.", 0.0


@dataclass(frozen=True)
class MemoryVerdict:
    """What a memory search found: ``fresh`` / ``stale`` (relevant but old) / ``none`` / ``failed``."""

    kind: str
    best: dict[str, Any] | None
    age_days: float | None
    detail: str


def judge_memory(outcome: Outcome | None, min_score: float, fresh_days: float, now: datetime) -> MemoryVerdict:
    """Is the best memory hit relevant enough, and fresh enough, to answer from?"""
    if outcome is None or not outcome.ok:
        detail = outcome.content if outcome else "no result came back"
        return MemoryVerdict("failed", None, None, f"the memory search failed ({detail})")
    hits = _as_data(outcome.content)
    if not isinstance(hits, list) or not hits:
        return MemoryVerdict("none", None, None, "memory holds nothing on this")
    best = hits[0]
    score = float(best.get("score") or 0.0)
    if score < min_score:
        return MemoryVerdict("none", best, None, f"the closest memory scored {score:.2f}, below {min_score:.2f}")
    stored = datetime.fromisoformat(str(best["created_at"]))
    age = (now - stored).total_seconds() / 86400
    kind = "fresh" if age <= fresh_days else "stale"
    when = "today" if age < 1 else f"{age:.0f} days ago"
    return MemoryVerdict(kind, best, age, f"the best memory scored {score:.2f} and was stored {when}")


def compose_memory_answer(verdict: MemoryVerdict, outcome: Outcome) -> tuple[str, str, float]:
    """Answer from the best memory, citing when it was stored."""
    best = verdict.best or {}
    stored = datetime.fromisoformat(str(best["created_at"]))
    score = float(best.get("score") or 0.0)
    answer = f"Based on research stored on {stored:%Y-%m-%d}: {best['content']}"
    if verdict.kind == "stale":
        answer += f"\n\n(This was stored {verdict.age_days:.0f} days ago and may be out of date; no web search is connected to re-check it.)"
    reasoning = (
        f"I called {_call_text(outcome)} first; {verdict.detail}, so I answered from memory "
        f"(memory {best.get('id')}, stored on {stored:%Y-%m-%d})."
    )
    confidence = min(0.9, 0.3 + score) if verdict.kind == "fresh" else min(0.6, score)
    return answer, reasoning, round(confidence, 2)


def compose_web(outcome: Outcome, memory_detail: str) -> tuple[str, str, float]:
    """Answer from web search results, naming the sources; snippets are not verified, so confidence stays modest."""
    results = _as_data(outcome.content)
    if isinstance(results, dict):
        results = results.get("results", [])
    if not outcome.ok or not isinstance(results, list) or not results:
        why = _tool_error(outcome.content).rstrip(".") if not outcome.ok else "it returned no results"
        return (
            f"I couldn't find an answer: {memory_detail}, and the web search failed ({why}).",
            f"I called search_memory and then {_call_text(outcome)}; neither gave an answer.",
            0.0,
        )
    top = results[0]
    lines = [
        f"According to {top.get('title', 'the top result')} ({top.get('url', 'no URL')}): {top.get('snippet', '')}"
    ]
    lines += [f"- {r.get('title', '')}: {r.get('url', '')}" for r in results[1:3]]
    reasoning = (
        f"I searched memory first ({memory_detail}), then called {_call_text(outcome)} and quoted the top result. "
        "Search snippets are not verified, so check the source."
    )
    return "\n".join(lines), reasoning, 0.6


MAX_QUOTED_CHARS = 4000


def _text_of(content: Any) -> str:
    data = _as_data(content)
    if isinstance(data, dict):
        data = data.get("content", data.get("text", data))
    return data if isinstance(data, str) else json.dumps(data, ensure_ascii=False, default=str)


def _fenced(text: str) -> str:
    fence = "````" if "```" in text else "```"
    return f"{fence}\n{text.rstrip()}\n{fence}"


def compose_file(plan: Plan | None, outcomes: list[Outcome]) -> tuple[str, str, float]:
    """Quote what a file read or folder listing returned, verbatim (truncated), or say why it failed."""
    listing = bool(plan and plan.capability == "file_list")
    parts, good = [], 0
    for outcome in outcomes:
        label = outcome.step.label if outcome.step else str(outcome.args.get("path", ""))
        if not outcome.ok:
            parts.append(f"I couldn't {'list' if listing else 'read'} {label}: {_text_of(outcome.content)}")
            continue
        good += 1
        text = _text_of(outcome.content)
        cut = len(text) > MAX_QUOTED_CHARS
        heading = f"Files in {label}:" if listing else f"Contents of {label}:"
        parts.append(f"{heading}\n\n{_fenced(text[:MAX_QUOTED_CHARS])}" + ("\n\n(truncated)" if cut else ""))
    used = ", ".join(_call_text(o) for o in outcomes)
    return (
        "\n\n".join(parts),
        f"I called {used} on the read-only filesystem server and quoted the result.",
        _confidence(good, len(outcomes)),
    )


def _tool_error(content: Any) -> str:
    return re.sub(r"^Error executing tool \w+:\s*", "", _text_of(content))


def _task_line(task: dict[str, Any]) -> str:
    mark = "x" if task.get("status") == "completed" else " "
    return f"- [{mark}] {task.get('id')}. {task.get('title')}"


def compose_tasks(plan: Plan | None, outcomes: list[Outcome]) -> tuple[str, str, float]:
    """Say what happened to the task list, from the task server's own results."""
    capability = plan.capability if plan else ""
    lines, good = [], 0
    for outcome in outcomes:
        data = _as_data(outcome.content)
        if not outcome.ok or not isinstance(data, dict):
            lines.append(_tool_error(outcome.content) if not outcome.ok else f"Unexpected result: {data!r}")
            continue
        good += 1
        if capability == "task_list":
            tasks = data.get("tasks", [])
            status = (plan.steps[0].slots.get("status") if plan and plan.steps else "all") or "all"
            which = {"all": "", "pending": "open ", "completed": "completed "}.get(status, "")
            lines.append(
                f"You have {len(tasks)} {which}task{'s' if len(tasks) != 1 else ''}:\n"
                + "\n".join(map(_task_line, tasks))
                if tasks
                else f"You have no {which}tasks."
            )
        elif capability == "task_add":
            lines.append(f"Added task {data.get('id')}: {data.get('title')}")
        elif capability == "task_complete":
            lines.append(f"Marked task {data.get('id')} done: {data.get('title')}")
        elif capability == "task_update":
            lines.append(f"Task {data.get('id')} is now: {data.get('title')}")
        elif capability == "task_delete":
            lines.append(f"Deleted task {data.get('deleted')}: {data.get('title')}")
    used = ", ".join(_call_text(o) for o in outcomes)
    return (
        "\n".join(lines),
        f"I called {used} on the tasks server and reported its result.",
        _confidence(good, len(outcomes)),
    )


Composer = Callable[[Plan | None, list[Outcome]], tuple[str, str, float]]
COMPOSERS: dict[str, Composer] = {
    "current_time": compose_time,
    "memory_store": compose_memory_store,
    "file_read": compose_file,
    "file_list": compose_file,
    **dict.fromkeys(("task_add", "task_list", "task_complete", "task_update", "task_delete"), compose_tasks),
    "generic": compose_generic,
}
