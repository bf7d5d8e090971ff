"""Compose the answer of a turn from its steps' results, with a confidence it can justify.

Confidence comes from three things only: how clearly the request matched its route (margin), whether every
argument was read from the request rather than defaulted, and whether the calls succeeded. A step that failed
counts zero; a turn where some steps failed is capped at 0.5; web snippets are unverified and capped at 0.6.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from agent_core.approvals.decisions import denial_for_person
from agent_core.errors import plain_tool_error
from agent_core.offline import compose
from agent_core.offline.dialogue import Dialogue, Step, as_data, listing_of
from agent_core.offline.text import STOPWORDS, stem, words
from agent_core.offline.timezones import locate_places, world_places

if TYPE_CHECKING:
    from agent_core.offline.plan import Plan, Planned
    from agent_core.offline.planner import PlannerConfig

_DONE = {
    "task_add": "Added task",
    "task_complete": "Marked done: task",
    "task_delete": "Deleted task",
    "task_rename": "Updated task",
    "task_describe": "Updated task",
}


@dataclass(frozen=True)
class MemoryVerdict:
    """What a memory search found: ``fresh`` / ``stale`` (relevant but old) / ``none`` / ``failed``."""

    kind: str
    best: dict[str, Any] | None = None
    age_days: float | None = None


def memory_verdict(step: Step | None, config: PlannerConfig) -> MemoryVerdict:
    """Is the best memory hit relevant enough, and fresh enough, to answer from?"""
    if step is None:
        return MemoryVerdict("none")
    if not step.ok:
        return MemoryVerdict("failed")
    hits = as_data(step.content)
    if not isinstance(hits, list) or not hits or not isinstance(hits[0], dict):
        return MemoryVerdict("none")
    best = hits[0]
    if float(best.get("score") or 0.0) < config.memory_min_score:
        return MemoryVerdict("none")
    try:
        stored = datetime.fromisoformat(str(best["created_at"]))
    except (KeyError, ValueError):
        return MemoryVerdict("stale", best)
    age = (config.clock() - stored).total_seconds() / 86400
    return MemoryVerdict("fresh" if age <= config.memory_fresh_days else "stale", best, age)


def memory_provenance(hit: dict[str, Any]) -> str:
    """Where a remembered answer came from, as the answer must say it: a web result is never "your research"."""
    metadata = hit.get("metadata") or {}
    stored = str(hit.get("created_at", ""))[:10]
    if metadata.get("source") == "web_search":
        urls = metadata.get("urls") or []
        where = f" ({urls[0]})" if urls else ""
        retrieved = str(metadata.get("retrieved_at") or metadata.get("timestamp") or stored)[:10]
        return f"From a web result{where} retrieved on {retrieved}, unverified"
    return f"From your memory (stored on {stored})"


def _listed_noun(data: Any) -> str:
    """What a result calls the things it lists, by the key holding them ("records", "bases"), else "items"."""
    key = next((k for k, v in data.items() if isinstance(v, list) and v), None) if isinstance(data, dict) else None
    said = compose.humanize(key).lower() if key else ""
    return said if said.endswith("s") and len(said.split()) <= 2 else "items"


def _route_confidence(step: Planned) -> float:
    base = 0.75 + min(max(step.margin, 0.0), 0.2)
    if step.filled is not None and step.filled.missing:
        base -= 0.3
    return round(base, 2)


def _step_text(step: Planned, results: list[Step]) -> tuple[list[str], int]:
    lines, good = [], 0
    capability = step.capability.name if step.capability else ""
    for result in results:
        if result.denied:  # what the model was told stays with the model; the person reads their decision
            lines.append(denial_for_person(str(result.content), result.call.tool_name, result.call.args_as_dict()))
            continue
        if not result.ok:
            what = step.capability.summary if step.capability else result.call.tool_name.replace("_", " ")
            lines.append(f"I couldn't do that ({what}): {plain_tool_error(result.content)}")
            continue
        good += 1
        data = as_data(result.content)
        args = result.call.args_as_dict()
        if capability in _DONE and (sentence := compose.task_sentence(_DONE[capability], data)):
            lines.append(sentence)
        elif (items := listing_of(data)) is not None or (isinstance(data, dict) and data.get("count") == 0):
            status = next((v for k, v in args.items() if isinstance(v, str) and v in {"pending", "completed"}), "")
            which = {"pending": "open ", "completed": "completed "}.get(status, "")
            noun = step.capability.entity if step.capability and step.capability.entity else "item"
            items = items or []
            if step.topic and items:  # "which of my tasks are about ordering?": those, and the rest said in a count
                lines.append(_about_topic(step, items, f"{which}{noun}"))
                continue
            if step.capability is None and items:  # a new server's listing: what it calls them, not "your items"
                listed = _listed_noun(data)
                one = re.sub(r"ies$", "y", listed) if listed.endswith("ies") else listed[:-1]
                lines.append(f"{len(items)} {one if len(items) == 1 else listed}:\n{compose.render_items(items)}")
                continue
            lines.append(
                f"You have {len(items)} {which}{noun}{'s' if len(items) != 1 else ''}:\n{compose.render_items(items)}"
                if items
                else f"You have no {which}{noun}s."
            )
        elif isinstance(data, dict) and (
            capability == "current_time" or (not capability and compose.time_sentence(data))
        ):
            focus = "epoch" if "unix" in step.clause.lower() or "timestamp" in step.clause.lower() else "time"
            # a city of the world table names the zone better than the state said after it ("Boulder, Colorado")
            labels = {place.zone: place.label for _, place in locate_places(step.clause) + world_places(step.clause)}
            label = labels.get(str(args.get(next(iter(args), ""), ""))) if args else None
            lines.append(compose.time_sentence(data, label, focus) or compose.render(data))
        elif capability == "memory_store":
            lines.append(f"Stored in your memory: {args.get('content', '')}")
        elif capability == "fact_save" and isinstance(data, dict):
            lines.append(f"Saved to your facts: {data.get('fact', args.get('fact', ''))}")
        elif capability == "note_log" and isinstance(data, dict):
            lines.append(f"Added to today's note: {data.get('appended', '')}")
        elif capability == "web_search" and (found := compose.web_answer(data)):
            lines.append(found[0])
        elif capability in {"file_read", "file_list", "file_search"}:
            head = f"**{args.get('path', '')}**\n\n" if args.get("path") else ""
            body = text if (text := compose.only_text(data)) is not None else data
            if isinstance(body, str) and not body.strip():
                lines.append(head + ("(an empty folder)" if capability == "file_list" else "(an empty file)"))
            elif isinstance(body, str) and (entries := compose.directory_lines(body)):
                lines.append(head + entries)
            else:  # file contents: as written, never read as Markdown
                lines.append(head + (compose.fenced(body.strip()) if isinstance(body, str) else compose.render(body)))
        else:
            lines.append(compose.render(data))
    return lines, good


def _about_topic(step: Planned, items: list[dict[str, Any]], noun: str) -> str:
    """The listed items whose titles share a word with the topic asked about ("ordering" names 'Order pipettes'),
    with how many there are in all; the ids shown are kept so "delete both of those" means these."""
    wanted = {stem(w) for w in words(step.topic) if w not in STOPWORDS}
    found = [i for i in items if wanted & {stem(w) for w in words(str(i.get("title") or ""))}]
    step.shown = [i.get("id") for i in found]
    topic = step.topic.strip()
    if not found:
        return f"None of your {len(items)} {noun}s mentions “{topic}”."
    many, verb = "s" if len(items) != 1 else "", "match" if len(found) != 1 else "matches"
    return f"{len(found)} of your {len(items)} {noun}{many} {verb} “{topic}”:\n{compose.render_items(found)}"


def _question_text(step: Planned, results: list[Step], config: PlannerConfig) -> tuple[str, float, str]:
    memory = next((r for r in results if "-memory-" in r.call.tool_call_id), None)
    web = next((r for r in results if "-web-" in r.call.tool_call_id), None)
    verdict = memory_verdict(memory, config)
    if verdict.kind in {"fresh", "stale"} and (web is None or not web.ok) and verdict.best is not None:
        answer = f"{memory_provenance(verdict.best)}: {verdict.best.get('content')}"
        if verdict.kind == "stale":
            answer += "\n\n(This was stored a while ago and may be out of date.)"
        score = float(verdict.best.get("score") or 0)
        confidence = min(0.9, 0.3 + score) if verdict.kind == "fresh" else min(0.5, score)
        if (verdict.best.get("metadata") or {}).get("source") == "web_search":
            confidence = min(confidence, 0.6)  # no surer than the web search it came from
        return answer, confidence, "I answered from your stored memory."
    if web is not None and web.ok and (found := compose.web_answer(web.content)):
        return (
            found[0],
            0.6,
            f"Memory held no answer, so I searched the web ({web.call.tool_name}); snippets are unverified.",
        )
    if web is not None:
        return (
            "I couldn't find this in your memory, and the web search didn't work just now: "
            f"{_sentence(plain_tool_error(web.content)[:200])}",
            0.0,
            "Memory held no answer and the web search failed.",
        )
    return (
        "I found nothing about this in your memory, so I can't answer it without making something up (a question "
        "about your own things never goes to a public web search).",
        0.1,
        "Memory held no answer, and no web search was made (none is connected, or the question is about your own "
        "things).",
    )


def compose_answer(plan: Plan, dialogue: Dialogue, config: PlannerConfig) -> tuple[str, str, float]:
    """The answer, the reasoning (which tools ran and why) and the confidence, from every step's results."""
    parts, reasons, confidences, failures = [], [], [], 0
    for index, step in enumerate(plan.steps):
        results = [s for s in dialogue.calls_for(f"offline-{index}-") if "-lookup-" not in s.call.tool_call_id]
        if step.question:
            answer, confidence, why = _question_text(step, results, config)
            parts.append(answer)
            reasons.append(why)
            confidences.append(confidence)
            continue
        if not results:
            continue
        lines, good = _step_text(step, results)
        parts.append("\n".join(lines))
        names = ", ".join(sorted({r.call.tool_name for r in results if not r.denied}))
        held = ", ".join(sorted({r.call.tool_name for r in results if r.denied}))
        why = [f"I called {names} for “{step.clause}”." if names else ""]
        why += [f"{held} did not run for “{step.clause}”: it was not approved." if held else ""]
        reasons.append(" ".join(w for w in why if w))
        failures += len(results) - good
        confidences.append(_route_confidence(step) * (good / len(results)))
    if not confidences:
        return "Nothing was done.", "No step ran.", 0.0
    confidence = sum(confidences) / len(confidences)
    if failures:
        confidence = min(confidence, 0.5 if any(confidences) else 0.0)
    return "\n\n".join(p for p in parts if p), " ".join(reasons), round(confidence, 2)


def _sentence(text: str) -> str:
    """Ends with a full stop: an error that says what to do next is the end of the answer."""
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else f"{text}. Try again in a moment."
