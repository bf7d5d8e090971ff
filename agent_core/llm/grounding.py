"""Grounding an LLM's gap claims: a capability a model says is missing counts only when the capability catalogue
knows it and no live tool serves the request by meaning.

Small models invent capabilities ("hello" -> ``financial_data_api``, "show my tasks" -> ``dirtree``). A claim
stands when (1) its name is a catalogue capability (or a catalogue ``gap_name``) other than conversation and
questions, no live tool provides it, and the request is not a how-to question; and (2) in some clause of the
request the router (``agent_core.offline.router``) scores the claimed capability at least ``CLAIM_FLOOR`` and
finds no live route — a tool that serves it, small talk, or a question web search answers — that clears its bar
and leads the claim by ``GAP_MARGIN``. Anything else is dropped and logged as a disagreement, and the turn runs.
Measured over eval/gap_cases.py in ``bench/llm_path.py``.

Used by the ``ToolGapDetector``'s LLM pre-check and by the agent's own ``report_tool_gap`` output.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from agent_core.offline.catalogue import Capability, ToolFacts, catalogue
from agent_core.offline.router import DOC_BONUS, DOC_THRESHOLD, EXAMPLE_THRESHOLD, Route, Router, router
from agent_core.offline.text import HOW_TO

log = logging.getLogger(__name__)

GAP_MARGIN = 0.05  # the serving route must lead the claimed capability by this much to overrule it
# Below this in every clause the router does not see the claimed need in the request at all. Of the 99 labelled
# gap requests' true claims, two score lower (0.28, 0.36); most invented claims on no-gap requests do.
CLAIM_FLOOR = 0.38
_NAME = re.compile(r"[^a-z0-9]+")
_CLAUSES = re.compile(r"\s*(?:;|,?\s+and\s+then\s+|,?\s+then\s+|,?\s+and\s+|,\s+)\s*", re.IGNORECASE)


@dataclass
class Grounding:
    """The claims that stand (catalogue names, in the order given) and the dropped ones with the reason."""

    kept: list[str] = field(default_factory=list)
    dropped: dict[str, str] = field(default_factory=dict)


def canonical(name: str) -> str:
    """A claimed name as a catalogue would spell it ("Financial Data API" -> financial_data_api)."""
    return _NAME.sub("_", name.lower()).strip("_")[:64]


def catalogue_entry(name: str) -> list[Capability]:
    """The catalogue capabilities a name stands for: itself, or every capability reported under it (gap_name)."""
    entry = catalogue().get(name)
    if entry is not None:
        return [entry]
    return [c for c in catalogue() if c.gap_name == name]


def _serves(route: Route, answers_questions: bool) -> bool:
    if route.served:
        return True
    kind = route.capability.kind if route.capability is not None else None
    return kind == "conversation" or (kind == "question" and answers_questions)


def _bar(route: Route) -> float:
    return EXAMPLE_THRESHOLD if route.capability is not None else DOC_THRESHOLD + DOC_BONUS


def overruled_by(task: str, names: Iterable[str], tools: Sequence[Any], routes: Router | None = None) -> str | None:
    """Why the claimed capabilities do not stand for ``task`` — the live route that serves it better in every clause,
    or that the request does not read as needing them — or None when some clause leaves the claim standing.

    Args:
        task: The person's request.
        names: The catalogue capabilities the claim stands for.
        tools: The live tools.
        routes: The router (default: the process's shared one).
    """
    routes = routes or router()
    wanted = set(names)
    facts = [ToolFacts.of(t) for t in tools]
    answers_questions = bool(
        catalogue().providers("web_search", facts) or catalogue().providers("memory_search", facts)
    )
    clauses = [task] + [c for c in _CLAUSES.split(task) if c and c.strip() and c.strip() != task.strip()]
    winner, strongest = None, 0.0
    for clause in clauses:
        routing = routes.route(clause, list(tools))
        claim = max((routing.capability_scores.get(n, 0.0) for n in wanted), default=0.0)
        strongest = max(strongest, claim)
        best = next((r for r in routing.routes if _serves(r, answers_questions)), None)
        if best is None or best.score < _bar(best) or best.score - claim < GAP_MARGIN:
            winner = ""  # this clause leaves the claim standing, unless the request does not read as needing it
        elif winner is None:
            winner = f"served by {best.key.removeprefix('tool:')}"
    if winner:
        return winner
    return "the request does not read as needing it" if strongest < CLAIM_FLOOR else None


def ground(task: str, claims: Iterable[str], tools: Sequence[Any], routes: Router | None = None) -> Grounding:
    """Which of an LLM's claimed missing capabilities stand for ``task`` over the live ``tools``.

    Returns:
        The standing claims under their catalogue names, and each dropped claim with why; every drop is logged.
    """
    result = Grounding()
    facts = [ToolFacts.of(t) for t in tools]
    web = catalogue().providers("web_search", facts)
    for raw in claims:
        name = canonical(raw)
        if not name or name in result.kept or name in result.dropped:
            continue
        known = catalogue_entry(name)
        entries = [c for c in known if c.kind not in ("conversation", "question")]
        providers = [p.name for c in entries for p in catalogue().providers(c.name, facts)]
        if not known:
            result.dropped[name] = "not in the capability catalogue"
        elif not entries:
            result.dropped[name] = "not something a tool provides"
        elif providers:
            result.dropped[name] = f"provided by {providers[0]}"
        elif web and all(c.kind == "public" for c in entries):
            result.dropped[name] = f"public information {web[0].name} finds"
        elif HOW_TO.search(task):
            result.dropped[name] = "a question about how to do something needs no tool"
        elif why := overruled_by(task, [c.name for c in entries], tools, routes):
            result.dropped[name] = why
        else:
            result.kept.append(name)
    for name, why in result.dropped.items():
        log.info("the model claims %s is missing for %r; not counted: %s", name, task[:80], why)
    return result


async def llm_answers_public(task: str) -> bool:
    """With an LLM, a public look-up no tool serves is not a gap before the turn (``ToolGapDetector.known_answer``):
    the model answers general knowledge itself, or concludes the gap with ``report_tool_gap`` (weather, news)."""
    return True
