"""ToolGapDetector: does a request need a capability that no connected tool provides? (FR-009..FR-014, SC-003)

Before a turn runs, the runtime asks ``detect_missing_tools(text)``. The detector reads the live tool list from
its source on every call (servers come and go), works out which capabilities the request needs — with the
configured LLM when there is one, else offline by meaning with the router in ``agent_core.offline.router`` over the shared capability catalogue — and
compares them with what the tools' names and descriptions say they do. A gap report holds capability names, the
task text and the live tool names only: nothing in it is made up.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import anyio
from mcp.types import PaginatedRequestParams
from pydantic import BaseModel, Field
from pydantic_ai import Agent
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse, TextPart, UserPromptPart
from pydantic_ai.models import Model

from agent_core.llm.grounding import canonical, catalogue_entry, ground
from agent_core.offline.catalogue import ToolFacts, catalogue
from agent_core.offline.clauses import (
    LABELLED,
    POINTS_BACK,
    SAID_VALUE,
    corrected,
    destination_first,
    destined,
    is_question,
    kept_last,
    request_only,
    unordered_action,
)
from agent_core.offline.router import (
    DOC_BONUS,
    DOC_THRESHOLD,
    EXAMPLE_THRESHOLD,
    GENERIC_NAME_WORDS,
    Router,
    framed_by,
    request_stems,
    router,
)
from agent_core.offline.slots import POLITE, QUOTED
from agent_core.offline.text import HOW_TO, stem, stems, words
from agent_core.schemas import ToolGapReport

log = logging.getLogger(__name__)

_MAX_PAGES = 50  # a server that keeps returning cursors must not hang the turn
# A gap needs a catalogue capability that matches well and leads every capability a live tool serves.
GAP_THRESHOLD = 0.55
VERB_WITHIN = 0.15  # an unserved action the opening verb names may trail the best match by this much
GAP_MARGIN = 0.05
_TELL_SOMEONE = re.compile(
    r"^\s*(?:let|tell|inform|notify|warn)\s+(?!me\b|us\b)(?-i:[A-Z][a-z]+)\s+(?:know\b|that\b)", re.I
)
_WAY_TO = re.compile(r"^\s*is\s+there\s+(?:a|any)\s+way\s+to\b", re.I)  # asks how, as "how do I" does
GAP_CHECK = "tool-gap-check"  # the model name of a reply the gap check gave, in the stored history
EXPLAINED_WITHIN = 0.25  # a live tool whose own words the request uses explains a capability it comes this close to
_CLAUSES = re.compile(r"\s*(?:;|,?\s+and\s+then\s+|,?\s+then\s+|,?\s+and\s+|,\s+)\s*", re.IGNORECASE)


class ToolSource(Protocol):
    """Anything that lists the live tools: an ``mcp.ClientSession``, the ``Orchestrator``, a test fake."""

    def list_tools(self) -> Awaitable[Any]: ...


@dataclass(frozen=True)
class Requirement:
    """One capability a request needs. ``public``: a web search tool can answer it as well."""

    name: str
    reason: str = ""
    public: bool = False
    provided_by: str | None = None  # a tool the LLM said provides it (checked against the live list)


LiveTool = ToolFacts  # the detector's view of a tool: name, description, readOnlyHint, words


def provides(tool: ToolFacts, capability: str, *, public: bool = False) -> bool:
    """Whether a tool provides a capability: the catalogue's word groups for catalogue names; for a free-form
    name (from an LLM) all its significant words must be among the tool's words."""
    if catalogue().get(capability) is None:
        wanted = stems(capability) - _GENERIC
        return bool(wanted) and wanted <= tool.all_stems
    return bool(catalogue().providers(capability, [tool]))


_GENERIC = stems("api data control management access tool tools service capability integration system operation")


def is_covered(need: Requirement, tools: list[ToolFacts]) -> bool:
    """Whether some live tool provides ``need``; any web search tool answers a public look-up."""
    if need.provided_by and any(t.name == need.provided_by for t in tools):
        return True
    if any(provides(t, need.name, public=need.public) for t in tools):
        return True
    return need.public and any(provides(t, "web_search") for t in tools)


def required_capabilities(text: str, tools: list[Any], routes: Router | None = None) -> list[Requirement]:
    """The catalogue capabilities a request needs that no live tool serves, found by meaning (offline).

    A clause needs capability C when C's examples match it well (>= GAP_THRESHOLD) and lead every capability a
    live tool serves by GAP_MARGIN. Knowledge questions ("how do I send an email?") need nothing.
    """
    # The request as the planner reads it: "X, please remember it" asks to keep X, a story before "anyway" goes,
    # "remnd me to …" and "txt jess …" are put right.
    asked, text = text.strip(), corrected(kept_last(request_only(text.strip())), tools)
    if not text or HOW_TO.search(text) or _WAY_TO.match(asked):  # "is there a way to X?" is read as "X"
        return []
    routes = routes or router()
    opening = " ".join(POLITE.sub("", text.lower()).replace(":", " :").split())
    served = routes.served_by(tools)
    carriers = {c.name for c in catalogue() if c.kind == "tool" and served.get(c.name)}
    if any(length >= 2 and name in carriers for name, length in framed_by(opening).items()):
        return []  # "remind me to pay the invoice": what follows the framing is the item's text, not an action
    text = QUOTED.sub("it", text)  # quoted text is content ("add 'pay the invoice' to my list")
    if re.match(r"^[^:]{3,60}(?<!\d):\s*\S", text):  # "translate this into Portuguese: the meeting is cancelled"
        text = text.split(":", 1)[0]
    found: dict[str, Requirement] = {}
    told = _TELL_SOMEONE.match(POLITE.sub("", text))
    if told and not served.get("messaging") and not served.get("email_sending"):  # "can you let Sam know I'm late"
        messaging = catalogue()["messaging"]
        found["messaging"] = Requirement("messaging", f"the request asks for {messaging.summary}", False)
    clauses = [text] + [c for c in _CLAUSES.split(text) if c and c.strip() and c.strip() != text]
    if len(clauses) == 1 and SAID_VALUE.match(text) and not is_question(text):
        return []  # "my email is ana@lab.org": a statement gives a value and asks for nothing
    sentences = re.split(r"(?<=[.!?])\s+(?=[A-Za-z])", text)
    asked_back = next((i for i, c in enumerate(sentences[1:], 1) if POINTS_BACK.match(c)), None)
    back = next((i for i, c in enumerate(clauses[2:], 2) if POINTS_BACK.match(c)), None)
    if asked_back is not None:  # "I have a 9am meeting in Denver. What time will it be in Rome?": the question asks
        clauses = [" ".join(sentences[asked_back:])]
    elif back is not None:  # "my meeting is at 2pm Chicago time, when is that in Mumbai?": what comes before is context
        clauses = clauses[back:]
    elif len(clauses) > 2 and any(_carries_text(c, carriers) for c in clauses[1:]):
        clauses = clauses[1:]  # "tokyo time and add a task to ping Kenji on Slack": the whole would read the title
    for clause in clauses:
        if clause != text and LABELLED.match(clause):
            continue  # "…, purpose: thesis meeting": a labelled value of the request is content, not a request
        if clause != text and _carries_text(clause, carriers):
            continue  # "…, and also add call the vendor": what follows "add" is a task's title, not a phone call
        routing = routes.route(clause, tools)
        destination_first(routing, clause)  # "… in my calendar": the calendar, however close the daily note is
        best = routing.best
        commanded = _commanded(clause, routing) if best is not None and best.served else None
        if commanded is not None:  # "email the cage card to the vet": no tool here e-mails
            name = commanded.gap_name or commanded.name
            found.setdefault(name, Requirement(name, f"the request asks for {commanded.summary}", False))
            continue
        if best is None or best.capability is None or best.score < GAP_THRESHOLD:
            continue
        capability = best.capability
        if capability.kind == "question":  # an information question needs a web search tool (memory may know)
            if is_question(clause) and not catalogue().providers("web_search", [ToolFacts.of(t) for t in tools]):
                found.setdefault(
                    "web_search", Requirement("web_search", "the request asks for public information", True)
                )
            continue
        if best.served:
            continue
        if capability.kind == "conversation":
            continue
        served = [
            r for r in routing.routes if r.served or (r.capability is not None and r.capability.kind == "conversation")
        ]
        close = served and best.score - served[0].score < GAP_MARGIN
        if close and not destined(clause, best) and not _ordered(clause, best, served[0]):
            continue
        if served and unordered_action(clause, best, served[0]):
            continue
        if _explained(clause, capability.name, routing, routes):
            continue
        capability = _by_verb(clause, routing) or capability
        name = capability.gap_name or capability.name
        public = capability.kind == "public"
        found.setdefault(name, Requirement(name, f"the request asks for {capability.summary}", public))
    return list(found.values())


def _by_verb(clause: str, routing: Any) -> Any:
    """The unserved action the clause's opening verb names when the best match is another one ("email the manager
    that the autoclave is broken" reads like a chat message, but it asks for an e-mail)."""
    said = words(POLITE.sub("", clause))
    best = routing.best
    if not said or best is None or best.capability is None or best.capability.kind != "action":
        return None
    verb = stem(said[0])
    own = {stem(k) for k in best.capability.keywords}
    if verb in GENERIC_NAME_WORDS or own & {stem(w) for w in said}:
        return None  # "send Sam a whatsapp": the best match's own word is said, whatever the verb
    for route in routing.routes[1:6]:
        capability = route.capability
        if (
            capability is not None
            and capability.kind == "action"
            and not route.served
            and route.score >= best.score - VERB_WITHIN
            and verb in {stem(k) for k in capability.keywords}
        ):
            return capability
    return None


def _commanded(clause: str, routing: Any) -> Any:
    """The action capability a clause opens with the command of ("email …", "text …", "pay …"), when it matches the
    clause well, no live tool can do it, and the live tool that leads does not take that command either."""
    said = words(POLITE.sub("", clause))
    best = routing.best
    if not said or best is None or not best.tools:
        return None
    verb = stem(said[0])
    if verb in GENERIC_NAME_WORDS:  # "run a t-test on my data": any tool runs
        return None
    if said[1:2] == ["me"] and said[0] in {"send", "give", "get"}:  # "send me the forecast" asks to be shown it
        return None
    if any(verb in ToolFacts.of(t).all_stems for t in best.tools):
        return None
    for route in routing.routes[:6]:
        capability = route.capability
        if (
            capability is not None
            and capability.kind == "action"
            and not route.served
            and route.score >= GAP_THRESHOLD
            and verb in {stem(k) for k in capability.keywords}
        ):
            return capability
    return None


def _ordered(clause: str, best: Any, served: Any) -> bool:
    """Whether the clause opens with a command of the unserved capability that leads ("create a file called X in the
    notes folder") which the close served one's tools do not take."""
    said = words(POLITE.sub("", clause))
    if not said or best.capability is None or best.capability.kind != "action":
        return False
    verb = stem(said[0])
    return verb in {stem(k) for k in best.capability.keywords} and not any(
        verb in ToolFacts.of(t).all_stems for t in served.tools
    )


def _carries_text(clause: str, carriers: set[str]) -> bool:
    """Whether the clause opens with the framing of a served capability that writes a text ("add call the vet")."""
    opening = " ".join(POLITE.sub("", clause.lower()).replace(":", " :").split())
    opening = re.sub(r"^(?:also|and|then)\s+", "", opening)
    return any(length >= 2 and name in carriers for name, length in framed_by(opening).items())


def _explained(clause: str, capability: str, routing: Any, routes: Router) -> bool:
    """Whether the words that point to ``capability`` are a live tool's own words ("which rooms are free?": "free"
    points to a calendar, and is what a connected ``list_free_windows`` is named for): the request asks for that tool, not a gap."""
    said = request_stems(clause)
    pointing = {w for w in routes.keywords().get(capability, {}) if w in said}
    if not pointing:
        return False
    floor = max(DOC_THRESHOLD + DOC_BONUS, routing.best.score - EXPLAINED_WITHIN)  # "am I free on Friday?" is not
    live = [t for r in routing.routes if r.served and r.score >= floor for t in r.tools]  # about rooms: far behind
    if any(c.writes for c in catalogue_entry(capability)):  # "Text Sam that …": a tool that only reads (the
        live = [t for t in live if ToolFacts.of(t).read_only is not True]  # "text" of read_text_file) sends nothing
    return any(pointing <= ToolFacts.of(t).all_stems for t in live)


class NeededCapability(BaseModel):
    """One capability the LLM says the request needs."""

    name: str = Field(description="one of the capability names listed in the instructions")
    why: str = Field(default="", description="What in the request needs it, in one short sentence")
    public_information: bool = Field(
        default=False,
        description="True when it only looks up public information a web search answers (weather, news, facts)",
    )
    provided_by: str | None = Field(
        default=None, description="The exact name of a listed tool that provides it, or null when none does"
    )


class NeededCapabilities(BaseModel):
    """The LLM's structured answer: what the request needs from tools."""

    capabilities: list[NeededCapability] = Field(
        default_factory=list, description="Empty when the request can be answered without any of them"
    )


INSTRUCTIONS = (
    "You check, before anything runs, which capabilities a user's request needs from external tools. "
    "Do not answer or perform the request. List a capability only when the request cannot be fulfilled without "
    "it: an action in the world (sending, booking, paying, writing files or records, posting, calling, "
    "controlling devices), the user's private data (their accounts, inbox, calendar), or a live look-up. "
    "Explanations, summaries, drafts, translations and advice need no capability.\n"
    "Capability names (use only these; a name not listed is ignored):\n"
    + "\n".join(f"- {c.name}: {c.summary}" for c in catalogue() if c.is_gap_kind)
    + "\nSet public_information to true for "
    "public facts that any web search answers (weather, news, public prices, facts). If one of the connected tools "
    "listed with the request provides a capability, set provided_by to that tool's exact name."
)


class ToolGapDetector:
    """Finds the capabilities a request needs that no live tool provides (FR-009..FR-014).

    Args:
        source: The live tool source: anything with an async ``list_tools()`` returning tools (objects with
            ``.name`` and ``.description``) or an mcp ``ListToolsResult``. Read afresh on every call.
        model: A Pydantic AI model to extract the required capabilities; ``None`` uses the offline analyzer.
        llm_timeout: Seconds to wait for the model before falling back to the offline analyzer.
        known_answer: Asked only when everything missing is a public look-up (e.g. web search): True when another
            source — the person's memory — already holds a relevant answer, so the run can answer from it.
    """

    def __init__(
        self,
        source: ToolSource,
        model: Model | None = None,
        *,
        llm_timeout: float = 20.0,
        known_answer: Callable[[str], Awaitable[bool]] | None = None,
        routes: Router | None = None,
        down_tools: Callable[[], Mapping[str, Sequence[Any]]] | None = None,
    ) -> None:
        self.source = source
        self.down_tools = down_tools
        self.model = model
        self.llm_timeout = llm_timeout
        self.known_answer = known_answer
        self.router = routes
        self._agent: Agent[None, NeededCapabilities] | None = None
        if model is not None:
            self._agent = Agent(model, output_type=NeededCapabilities, instructions=INSTRUCTIONS, name="tool_gaps")

    async def live_tools(self) -> list[LiveTool]:
        """The tools connected right now, in the order the source lists them (all pages of an mcp listing)."""
        listing = await self.source.list_tools()
        raw: list[Any] = list(getattr(listing, "tools", listing))
        cursor = getattr(listing, "next_cursor", None)
        for _ in range(_MAX_PAGES):
            if not cursor:
                break
            listing = await self.source.list_tools(params=PaginatedRequestParams(cursor=cursor))
            raw.extend(listing.tools)
            cursor = listing.next_cursor
        return raw

    async def required_capabilities(self, task: str, tools: Iterable[Any] = ()) -> list[Requirement]:
        """The capabilities ``task`` needs: from the LLM when configured, else (or if it fails) offline.

        Args:
            task: The user's request.
            tools: The live tools, shown to the LLM so it can say which one provides a capability.

        Returns:
            The requirements, without duplicate names.
        """
        tools = list(tools)
        if self._agent is None:
            return required_capabilities(task, tools, self.router)
        try:
            with anyio.fail_after(self.llm_timeout):
                result = await self._agent.run(_prompt(task, tools))
        except Exception:  # any model failure (HTTP, auth, timeout, bad output): the offline analyzer still works
            log.warning("LLM capability extraction failed; using the offline analyzer", exc_info=True)
            return required_capabilities(task, tools, self.router)
        # A model's claim counts only when grounded: a catalogue capability no live tool serves by meaning.
        claims = {canonical(need.name): need for need in result.output.capabilities}
        kept = ground(task, claims, tools, self.router).kept
        return [
            Requirement(
                name,
                claims[name].why,
                claims[name].public_information or any(c.kind == "public" for c in catalogue_entry(name)),
                claims[name].provided_by,
            )
            for name in kept
        ]

    async def detect_missing_tools(self, task: str) -> ToolGapReport | None:
        """A report of the capabilities ``task`` needs that no live tool provides, or None when there is no gap.

        Args:
            task: The user's request, as written.

        Returns:
            A ``ToolGapReport`` (missing capability names, the task, every live tool name) or None (FR-013/014).
        """
        if not task.strip():
            return None
        tools = await self.live_tools()
        down = self.down_tools() if self.down_tools else {}
        if down and (waiting := self._down_route(task, tools, down)):
            return waiting
        needs = await self.required_capabilities(task, tools)
        facts = [ToolFacts.of(t) for t in tools]
        unmet = [need for need in needs if not is_covered(need, facts)]
        if not unmet:
            return None
        if self.known_answer and all(need.public for need in unmet) and await self.known_answer(task):
            log.info("no tool for %s, but memory holds an answer", ", ".join(n.name for n in unmet))
            return None
        missing = [need.name for need in unmet]
        # Unavailable is not missing: a configured server that is down may be the one that provides it.
        waiting = [
            server
            for server, known in down.items()
            if any(is_covered(need, [ToolFacts.of(t) for t in known]) for need in unmet)
        ]
        log.info("tool gap: %s%s", ", ".join(missing), f" (down: {', '.join(waiting)})" if waiting else "")
        return ToolGapReport(
            missing_tools=missing,
            attempted_task=task,
            existing_tools_checked=[t.name for t in tools],
            unavailable_servers=waiting,
        )

    def _down_route(self, task: str, tools: list[Any], down: Mapping[str, Sequence[Any]]) -> ToolGapReport | None:
        """A report naming the down servers when the request's best route, over the live tools and the down
        servers' last known tools together, is served only by down servers (their tools count as configured)."""
        owner = {getattr(t, "name", ""): server for server, known in down.items() for t in known}
        best = (self.router or router()).route(task, [*tools, *(t for known in down.values() for t in known)]).best
        if best is None or not best.served:
            return None
        servers = {owner.get(getattr(t, "name", "")) for t in best.tools}
        if None in servers:  # a live tool serves it too
            return None
        # A stand-in (a server never seen running, known by its name only) must match a described capability well.
        stand_in = all(getattr(t, "description", "") == f"the {owner[t.name]} server" for t in best.tools)
        bar = EXAMPLE_THRESHOLD if best.capability is not None else DOC_THRESHOLD + DOC_BONUS
        if best.score < bar or (stand_in and best.capability is None):
            return None
        name = best.capability.gap_name or best.capability.name if best.capability else best.tools[0].name
        log.info("%s needs %s, which is down", name, ", ".join(sorted(servers)))
        return ToolGapReport(
            missing_tools=[name],
            attempted_task=task,
            existing_tools_checked=[t.name for t in tools],
            unavailable_servers=sorted(servers),
        )


def _prompt(task: str, tools: Iterable[Any]) -> str:
    """The request plus each tool's name and first description line (enough to judge, short enough to be cheap)."""
    lines = [f"- {t.name}: {((getattr(t, 'description', '') or '').strip().splitlines() or [''])[0]}" for t in tools]
    return f"Request: {task}\n\nConnected tools:\n" + ("\n".join(lines) or "(none)")


def _summary(name: str) -> str:
    return catalogue().summary(name)


def offline_detector(source: ToolSource, **kwargs: Any) -> ToolGapDetector:
    """A detector that decides offline, by meaning, with the shared router (no LLM)."""
    return ToolGapDetector(source, None, **kwargs)


def gap_guidance(report: ToolGapReport) -> str:
    """Plain text for the chat: what is missing, which tools exist, and how to connect an MCP server for it.

    Args:
        report: The gap report.

    Returns:
        A few lines of plain text (no Markdown), built from the report alone.
    """
    missing = "; ".join(f"{name} ({_summary(name)})" for name in report.missing_tools)
    wanted = " and ".join(_summary(name) for name in report.missing_tools)
    checked = ", ".join(report.existing_tools_checked) if report.existing_tools_checked else "none are connected"
    plural = "capabilities" if len(report.missing_tools) > 1 else "capability"
    return "\n".join(
        [
            "No connected tool can do this, so I have not tried it and have not made up a result.",
            f"Missing {plural}: {missing}.",
            f"Connected tools I checked: {checked}.",
            f'To add it, connect an MCP server that provides {wanted}: add an entry under "mcpServers" in '
            "config/mcp-servers.json (or in the file the MCP_CONFIG environment variable points to) with the "
            'server\'s "command" and "args", then restart the app. Run paias tools to see which tools are connected; '
            "if such a server is already configured, paias servers shows why it is not connected.",
        ]
    )


def gap_exchange(prompt: str, report: ToolGapReport) -> list[ModelMessage]:
    """The turn a gap stopped, as the history keeps it: the person's words and the reply they saw.

    The model never ran, but a follow-up such as "what time is it there?" after "I'm meeting a collaborator from
    Lima next week" refers to it, so the next turn must see what was said and answered.
    """
    return [
        ModelRequest(parts=[UserPromptPart(prompt)]),
        ModelResponse(parts=[TextPart(gap_guidance(report))], model_name=GAP_CHECK),
    ]
