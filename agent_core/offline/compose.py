"""Turn tool results into an answer, a reasoning that names the tools used, and a confidence it can justify.

Confidence: every call succeeded and its result parsed → 0.95; some failed → 0.5 (the rest is answered);
all failed → 0.0, and the answer says what failed.
"""

from __future__ import annotations

import json
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


Composer = Callable[[Plan | None, list[Outcome]], tuple[str, str, float]]
COMPOSERS: dict[str, Composer] = {"current_time": compose_time, "generic": compose_generic}
