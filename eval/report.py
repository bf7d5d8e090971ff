"""The eval report: per-category accuracy of each set (with the seed-004 targets), the sets side by side, web
searches for non-questions, the mean time per item and, for the dev sets only (dev, dev_tools), the failed items.

Printed by ``python -m eval.run``; see that module for the options.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from eval.scoring import describe_calls, tool_names

if TYPE_CHECKING:
    from eval.harness import ItemResult

ORDER = (
    "interpretation",
    "parameters",
    "clarification",
    "multi_step",
    "conversation",
    "gap",
    "no_gap",
    "privacy",
    "unseen",
)
# seed 004's success criteria, in percent
TARGETS = {"interpretation": 95.0, "parameters": 98.0, "clarification": 90.0, "multi_step": 95.0, "unseen": 90.0}


def _pct(correct: int, total: int) -> float:
    return 100.0 * correct / total if total else 0.0


def by_category(results: list[ItemResult]) -> dict[str, tuple[int, int]]:
    """category -> (items, correct), in the README's order, unknown categories last."""
    counts: dict[str, list[int]] = {}
    for r in results:
        entry = counts.setdefault(str(r.item.get("category") or "?"), [0, 0])
        entry[0] += 1
        entry[1] += int(r.correct)
    names = [c for c in ORDER if c in counts] + sorted(c for c in counts if c not in ORDER)
    return {c: (counts[c][0], counts[c][1]) for c in names}


def is_non_question(item: dict[str, Any]) -> bool:
    """Privacy, conversation chit-chat, gaps and declines: none of them is a question for the public web."""
    category = item.get("category")
    kind = (item.get("expect") or {}).get("kind")
    return (
        category in ("privacy", "gap") or kind in ("gap", "decline") or (category == "conversation" and kind == "chat")
    )


def web_searches_for_non_questions(results: list[ItemResult]) -> int:
    return sum(1 for r in results if is_non_question(r.item) and any(c.tool == "web_search" for c in r.outcome.calls))


def failure_kind(result: ItemResult) -> str:
    """What went wrong with a failed item, in a few coarse kinds: counts of these are shown for every set, the
    protected ones included, so that the next dev set can aim at what fails without anyone reading a held-out item.
    """
    reason = result.reason
    if reason.startswith(("expected a gap", "gap reported")):
        return "gap check"
    if reason.startswith("unexpected write"):
        return "extra write"
    if reason.startswith("reply does not mention"):
        return "reply wording"
    if reason.startswith("forbidden"):
        return "forbidden tool"
    if reason.startswith(("expected no tool call", "planner kind")):
        return "acted instead of clarifying" if "'clarify'" in reason else "wrong kind of reply"
    if reason.startswith("expected calls"):
        called = {c.tool.lower() for c in result.outcome.calls}
        if not called:
            return f"no call ({result.outcome.kind})"
        expected = [{n.lower() for n in tool_names(c)} for c in (result.item.get("expect") or {}).get("calls") or []]
        if any(not names & called for names in expected):
            return "wrong or missing tool"
        return "right tool, wrong arguments"
    return "other"


def failure_kinds(results: list[ItemResult]) -> str:
    counts: dict[str, int] = {}
    for r in results:
        if not r.correct:
            kind = failure_kind(r)
            counts[kind] = counts.get(kind, 0) + 1
    return ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))) or "none"


def _target(category: str, accuracy: float) -> str:
    target = TARGETS.get(category)
    if target is None:
        return ""
    return f"target ≥{target:g}% {'met' if accuracy >= target else 'MISSED'}"


def table(name: str, meta: dict[str, Any], results: list[ItemResult]) -> list[str]:
    lines = [
        f"== {name} ({len(results)} items{', servers: ' + ', '.join(meta['servers']) if meta.get('servers') else ''})"
    ]
    lines.append(f"{'category':<16}{'items':>7}{'correct':>9}{'accuracy':>10}")
    for category, (items, correct) in by_category(results).items():
        accuracy = _pct(correct, items)
        lines.append(f"{category:<16}{items:>7}{correct:>9}{accuracy:>9.1f}%  {_target(category, accuracy)}".rstrip())
    total, correct = len(results), sum(r.correct for r in results)
    lines.append(f"{'total':<16}{total:>7}{correct:>9}{_pct(correct, total):>9.1f}%")
    lines.append(f"web searches for non-questions: {web_searches_for_non_questions(results)}")
    lines.append(f"failures by kind: {failure_kinds(results)}")
    if results:
        lines.append(f"time per item: mean {sum(r.ms for r in results) / len(results):.0f} ms")
    return lines


def side_by_side(runs: dict[str, tuple[dict[str, Any], list[ItemResult]]]) -> list[str]:
    tables = {name: by_category(results) for name, (_, results) in runs.items()}
    categories = [c for c in ORDER if any(c in t for t in tables.values())]
    categories += sorted({c for t in tables.values() for c in t} - set(categories))
    lines = ["== side by side (accuracy %, items)", f"{'category':<16}" + "".join(f"{n:>16}" for n in runs)]
    for category in categories:
        cells = []
        for name in runs:
            items, correct = tables[name].get(category, (0, 0))
            cells.append(f"{_pct(correct, items):>9.1f}% ({items:>3})" if items else f"{'-':>16}")
        lines.append(f"{category:<16}" + "".join(cells))
    totals = []
    for _, results in runs.values():
        totals.append(f"{_pct(sum(r.correct for r in results), len(results)):>9.1f}% ({len(results):>3})")
    lines.append(f"{'total':<16}" + "".join(totals))
    return lines


def failures(results: list[ItemResult]) -> list[str]:
    lines = []
    for r in results:
        if r.correct:
            continue
        item = r.item
        context = f" (after {json.dumps(item['context'], ensure_ascii=False)})" if item.get("context") else ""
        got = "gap " + json.dumps(r.outcome.missing) if r.outcome.missing is not None else r.outcome.kind
        lines += [
            f"- {item.get('id')} [{item.get('category')}] {item.get('text')!r}{context}",
            f"    expected: {json.dumps(item.get('expect'), ensure_ascii=False)}",
            f"    actual:   kind {got}; {describe_calls(r.outcome.calls)}",
            f"    reason:   {r.reason}",
        ]
        if r.outcome.reply:
            lines.append(f"    reply:    {' '.join(r.outcome.reply.split())[:200]}")
    return lines


def render(runs: dict[str, tuple[dict[str, Any], list[ItemResult]]], *, show_failures: bool = False) -> str:
    lines: list[str] = []
    for name, (meta, results) in runs.items():
        lines += [*table(name, meta, results), ""]
    if len(runs) > 1:
        lines += [*side_by_side(runs), ""]
    everything = [r for _, results in runs.values() for r in results]
    if len(runs) > 1 and everything:
        lines.append(f"time per item over all sets: mean {sum(r.ms for r in everything) / len(everything):.0f} ms")
    if show_failures:
        for name, (_, results) in runs.items():
            lines += ["", f"== failures: {name} ({sum(not r.correct for r in results)})", *failures(results)]
    return "\n".join(lines)
