"""From a request to planned steps: split into clauses, route each by meaning, fill each tool's arguments.

A plan is recomputed from the same inputs at every model request of a turn, so it is a pure function of the
request, the conversation before it and the live tools. Replies that need no tool (chat, an honest decline, a
secret that must go nowhere) are plans too.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from itertools import pairwise
from typing import Any

from pydantic_ai.messages import ToolCallPart

from agent_core.offline import replies, slots
from agent_core.offline.arguments import (
    BARE_FILE,
    CURSOR_WORDS,
    FILE_VERBS,
    ID_WORDS,
    Context,
    Filled,
    called_by_name,
    cleared_names,
    enum_options,
    fill,
    leaves_out,
    names_one_thing,
    trip_end,
)
from agent_core.offline.catalogue import Capability, ToolFacts, catalogue, properties_of
from agent_core.offline.clauses import DECLARATIVE as _DECLARATIVE
from agent_core.offline.clauses import (
    POINTS_BACK,
    SAID_VALUE,
    commands,
    confident,
    continued,
    corrected,
    dash_as_colon,
    destination_first,
    destined,
    enumerated,
    framed_route,
    gapped,
    has_secret,
    is_question,
    kept_last,
    opens_with_command,
    reports,
    request_only,
    split_clauses,
    threshold,
    unordered_action,
)
from agent_core.offline.clauses import STATEMENT as _STATEMENT
from agent_core.offline.dialogue import Dialogue, as_data, files_of, listing_of, touched_id
from agent_core.offline.router import (
    DOC_BONUS,
    DOC_THRESHOLD,
    EXAMPLE_THRESHOLD,
    GENERIC_NAME_WORDS,
    MARGIN,
    READING_ACTS,
    Route,
    Router,
    Routing,
    act_stems,
    acts_asked,
    asks_write_of,
    counted_as_named,
    framed_by,
    name_acts,
    ordered_verb,
    request_stems,
)
from agent_core.offline.slots import (
    POLITE,
    Framing,
    described_options,
    example_of,
    kind_of,
    role_of,
    shaped,
    strip_framing,
)
from agent_core.offline.text import HOW_TO, STOPWORDS, dictionary, stem, stems, words
from agent_core.offline.timezones import country_name, locate_places, picked_place, spans_zones

CHAT_THRESHOLD = 0.62
CHAT_LEAD = 0.25  # chat must lead the best live tool by this much: "how do you say good evening in Italian" asks a tool
GAP_SCORE = 0.55  # a missing capability must match this well before the planner says it is missing
RIVAL_WINDOW = 0.12  # routes this close to the best are tried when the best one's tool cannot be filled
_FOLLOW_UP = re.compile(
    r"^\s*(?:and|what about|how about|also|same,?\s+(?:but|(?:but\s+)?(?:for|again|in))|now|only|just|ok(?:ay)?,? (?:and|what about)"
    r"|then)\b",
    re.I,
)
_NOT_DONE_YET = re.compile(
    r"\b(?:never|didn't|did\s+not|haven't|have\s+not|hasn't|has\s+not|not\s+yet|forgot\s+to|still\s+(?:need|have)\s+to|"
    r"(?:can't|cannot|don't|do\s+not)\s+(?:remember|recall|know)\s+(?:if|whether)|(?:not\s+sure|unsure)\s+(?:if|whether)|"
    r"wonder(?:ing)?\s+(?:if|whether))\b",
    re.I,
)


def _not_done_yet(text: str) -> bool:
    """A report that something is NOT done ("I never sent the form", "haven't bought the milk"), with no order to
    tick it off ("mark task 3 done, I forgot to say" orders it)."""
    return bool(_NOT_DONE_YET.search(text)) and not re.search(
        r"\b(?:mark|tick|complete|check\s+off|cross\s+off)", text, re.I
    )


_INSTEAD = re.compile(  # "try 'oligo' instead", "search for base editing instead"
    r"^\W*(?:(?:ok(?:ay)?|actually|no|sorry|hmm+|then)\W+)*(?:try|use|search\s+(?:for\s+)?|look\s+(?:for|up)\s+)"
    r"\b(?:with\s+|for\s+)?(?P<what>.{1,60}?)\s+instead\W*$",
    re.I,
)
_MEANT = re.compile(  # "sorry, I meant Phoenix", "oops typo, it should be 'order pipette tips'"
    r"^\W*(?:(?:oh|oops|sorry|no|actually|typo|my\s+bad|wait)\W+)*(?:i\s+meant|(?:it|that|the\s+\w+)\s+should\s+"
    r"(?:be|say|read|have\s+been))\s+(?P<what>\S.*)$",
    re.I,
)
_MAKE_IT = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|actually|no|sorry|oops),?\s+)*(?:make|change)\s+(?:it|that)\b(?:\s+(?:to|into)\b)?\s*(?P<what>.*)$",
    re.I,
)
_WH_QUESTION = re.compile(
    r"^\s*(?:what|what's|whats|who|when|where|why|which|whose|how(?!\s+about)|is|are|does|did|do|have|has)\b", re.I
)
_ASKED_LAST = re.compile(r"\b(?:when|where|which|who|how\s+(?:many|much|long|often))\s*\?\s*$", re.I)
_LOOKUP = re.compile(
    r"(?:^|[-–—:;,]\s+)(?:what|what's|whats|where|where's|wheres|which|who|whose|when|is|are|was|were|do|does|did|"
    r"has|have|any|tell me|show me|find|look up|check)\b",
    re.I,
)
_DONE_YET = re.compile(r"^\s*(?:did|have|had)\s+(?:i|we)\b.*\b(?:already|yet)\b", re.I)  # "did i already do X"
LOOKUP_WINDOW = 0.25  # a read-only tool this close to a write tool answers a question
_FINITE = re.compile(r"\b(?:i|i'm|we|you|he|she|they|it|is|are|was|were|am|has|have|had|got|did|does)\b|'s\b", re.I)
_PERSONAL = re.compile(
    r"\b(?:my|mine|our|did i|have i|did we|have we|about me|(?:i|we)\s+owe|owes?\s+(?:me|us)|i\s+(?:\w+ly\s+)?(?:told|said|wrote|noted|saved|stored|mentioned|recorded|"
    r"jotted|logged|kept|added|put)|we\s+(?:decided|agreed|discussed|said|wrote|noted)|"
    r"(?:do|have|did)\s+you\s+(?:still\s+)?(?:have|got|hold|keep|store|stored|save|saved|remember))\b",
    re.I,
)
_ABOUT_IT = re.compile(r"\b(?:it|that|this|they|them)\b", re.I)
_NO_TOPIC = frozenset(
    ["web", "internet", "online", "net", "it", "that", "this", "something", "stuff", "google", "search", "look", "up",
     "anything"]
)  # fmt: skip
_HYPOTHETICAL = re.compile(  # asks how the assistant behaves, never for the action it names
    r"^\s*(?:hypothetically\b|what\s+(?:happens|would\s+happen)\s+if\b|if\s+i\s+(?:told|asked)\s+(?:you|u)\b"
    r"|if\s+i\s+\w+\b[^,?]*?,?\s+(?:can|could|will)\s+i\s+[^?]*\?\s*$)",
    re.I,
)
_HOW_TO_START = re.compile(r"^\s*(?:how\s+(?:do|can|should|would)\s+i|how\s+to)\b", re.I)
_COMMAND_WORDS = frozenset(
    stem(w)
    for w in [
        "mark", "marked", "done", "complete", "completed", "finish", "finished", "delete", "deleted", "remove",
        "removed", "drop", "cancel", "scratch", "rid", "get", "tick", "ticked", "check", "checked", "off", "rename",
        "renamed", "change", "update", "edit", "retitle", "task", "tasks", "todo", "todos", "item", "one", "list",
        "add", "set", "note", "description", "details", "please", "can", "you", "could", "would", "it", "i", "i've",
        "ive", "have", "has", "just", "already", "now", "with", "as", "is", "to", "the", "a", "my", "from", "of",
        "ll", "go", "ahead", "no", "longer", "need", "anymore", "want",
    ]
)  # fmt: skip


@dataclass
class Reply:
    """A final answer with no tool call."""

    answer: str
    reasoning: str
    confidence: float
    kind: str  # chat | decline | clarify


@dataclass
class Planned:
    """One step: a clause, its route, the tool and the arguments of each call (or what is still needed)."""

    clause: str
    route: Route
    capability: Capability | None
    tool: Any = None
    calls: list[dict[str, Any]] = field(default_factory=list)
    filled: Filled | None = None
    lookup: Any = None  # a read-only listing tool to resolve "the garage task" / "the meeting notes"
    lookup_args: dict[str, Any] = field(default_factory=dict)
    lookup_kind: str = "items"  # "items" (numbered, by title), "files" / "folders" (by path), "found" (by a search)
    lookup_name: str = ""  # what the request calls the item a "found" lookup looks for, when no argument says it
    clarify: str | None = None
    clarify_reason: str = ""
    question: bool = False
    memory_tool: Any = None
    web_tool: Any = None
    query: str = ""
    results: int | None = None  # how many results the request asks for ("just the top 3 results for X")
    memory_query: str = ""  # the question itself (memory is searched by meaning), or what "search my memory for" names
    margin: float = 0.0
    plan: Plan | None = None
    then: Planned | None = None  # a step this one brings after it (a question about what it could not use)
    same_file: Planned | None = None  # "… and tell me when it was last modified": the file that step reads
    topic: str = ""  # "which of my tasks are about ordering?": what the listing is narrowed to
    shown: list[Any] | None = None  # the ids of the items the answer showed (a narrowed listing's)
    chain: list[Link] = field(default_factory=list)  # IDs found by the server's listings, in turn ("chain" lookup)


@dataclass
class Plan:
    """Steps in order, or one reply."""

    steps: list[Planned] = field(default_factory=list)
    reply: Reply | None = None
    check: ToolCallPart | None = None  # a read to make before the plan is known ("the reagents arrived": the tasks)


def _facts(tools: list[Any]) -> list[ToolFacts]:
    return [ToolFacts.of(t) for t in tools]


def _provider(capability: str, tools: list[Any]) -> Any:
    names = {p.name for p in catalogue().providers(capability, _facts(tools))}
    return next((t for t in tools if t.name in names), None)


def _overrules(clause: str, best: Route, other: Route) -> bool:
    """Whether ``best`` is a write the request names by a word of its tool's name that ``other``, a lookup, lacks
    ("hold a desk …": ``hold_desk`` over ``open_desks``): then the lookup is no reading of the request, however
    completely it can be filled."""
    return (
        other.served
        and other is not best
        and (
            (_named_by(clause, best, other) and not _named_by(clause, other, best))
            or (best.capability is None and asks_write_of(clause, best.tools[0]))  # "book the cryostat …"
        )
        and ToolFacts.of(best.tools[0]).read_only is False
        and ToolFacts.of(other.tools[0]).read_only is True
    )


def _named_by(clause: str, route: Route, other: Route | None = None) -> bool:
    """Whether the request uses a distinctive word of the route's tool name ("reserve" of ``reserve_desk``) that the
    other route's tool name does not have."""
    if not route.served:
        return False
    names = ToolFacts.of(route.tools[0]).name_stems - GENERIC_NAME_WORDS
    if other is not None and other.served:
        names -= ToolFacts.of(other.tools[0]).name_stems
    return bool(names & request_stems(_AS_PREPOSITION.sub(" ", clause)))


# A participle said as a preposition names no act: "…, starting at character 200" starts nothing
_AS_PREPOSITION = re.compile(r"\b\w+ing\s+(?:at|from|with)\b", re.I)


def _tool_writes(tool: Any) -> bool:
    """Whether a tool changes something: its server says so, or it provides a catalogue capability that writes."""
    facts = ToolFacts.of(tool)
    if facts.read_only is False:
        return True
    return not _reads_only(tool) and any(c.writes and catalogue().providers(c.name, [facts]) for c in catalogue())


def _writes(route: Route) -> bool:
    return route.capability.writes if route.capability else _tool_writes(route.tools[0])


def _tells(clause: str, route: Route) -> bool:
    """A statement ("the garage is spotless now", "the tomatoes in B3-12 are starting to wilt") routed to a lookup:
    it says something, so it asks the lookup nothing."""
    looks_up = (  # a gap's capability a live tool serves (weather) looks up as that tool does
        not route.capability.writes
        if route.capability and route.capability.kind == "tool"
        else bool(route.tools) and ToolFacts.of(route.tools[0]).read_only is not False
    )
    asks = is_question(clause) or is_question(clause.rsplit(":", 1)[-1])  # "the talk is at 5pm: what's that in X"
    asks = asks or any(POINTS_BACK.match(p) for p in re.split(r"[,:]\s+", clause)[1:])  # "…, convert it to X"
    return looks_up and bool(_DECLARATIVE.search(clause)) and not asks and not commands(clause, route)


def _reports(clause: str, routing: Routing, framed: Route | None) -> bool:
    """What happened or how something is, told ("uploaded the data to zenodo last week", "Google Drive keeps logging
    me out"), routed to a new server's tool or to a personal or acting capability (email, a calendar): no question,
    no framing, no command after it. Our own tools read such reports themselves ("finished cleaning the garage"), and
    one that may tick a task off stays in play ("the order went through")."""
    route = routing.best
    capability = route.capability
    return (
        (capability is None or capability.kind in {"private", "action"})
        and framed is None
        and reports(clause)
        and not is_question(clause)
        and not any(
            r.served
            and r.capability is not None
            and r.capability.reported
            and 0 <= route.score - r.score < CLOSE_SERVED  # (one ahead of the best was set aside already)
            for r in routing.routes[:4]
        )
        and not _then_asks(clause, route.tools[0] if route.tools else None)
        and not any(opens_with_command(p) for p in re.split(r"[,.;:!]\s+|\s+[-–—]\s+", clause)[1:])
    )  # "Hannah sent the figures, open her email" asks after it tells


_COPULA = re.compile(r"\b(?:is|are|was|were|has|have|had|looks|seems|sounds)\b", re.I)
_NUMBERED_IS = re.compile(r"\b(?:task|todo|to-do|item|number)\s*#?\d+\s+(?:is|was|has|looks|seems|sounds)\b", re.I)


def _remarks(clause: str, route: Route) -> bool:
    """A remark on an item named by its number ("task 3 is urgent", "task 3 is wrong") routed to a write on items by
    likeness alone: no word of the capability's own said ("done", "rename"), no command, no question. (An item
    named by its words may report that it is done: "the reagents arrived and are all unpacked".)"""
    capability = route.capability
    return (
        capability is not None
        and capability.writes
        and capability.entity is not None
        and route.evidence == 0
        and not opens_with_command(clause)
        and not is_question(clause)
        and bool(_NUMBERED_IS.search(clause))
    )


def _reader(route: Route, best: Route) -> bool:
    return route.served and ToolFacts.of(route.tools[0]).read_only is True and best.score - route.score <= LOOKUP_WINDOW


def _lister(tool: Any, tools: list[Any], capability: Capability | None, reference: str | None = None) -> Any:
    """A read-only tool that lists the items a write tool acts on (same entity noun, nothing required; for a
    ``channel_id`` of a new server, the tool whose name says channels)."""
    entity = stem(capability.entity) if capability and capability.entity else None
    named = {stem(w) for w in words(reference or "") if w not in ID_WORDS} if capability is None else set()
    nouns = {entity} if entity else named or set(ToolFacts.of(tool).name_stems) - GENERIC_NAME_WORDS  # not "get"
    for candidate in tools:
        facts = ToolFacts.of(candidate)
        schema = getattr(candidate, "parameters_json_schema", None) or {}
        if candidate is not tool and facts.read_only and not schema.get("required") and nouns & facts.name_stems:
            return candidate
    return None


def _named_code(clause: str, tool: Any, filled: Filled, tools: list[Any]) -> None:
    """ "post in #lab-general", "tell the sequencing channel that …": a ``channel_id`` of no published shape said by
    the item's name, when a read-only tool lists those items, is found by its words in that listing."""
    for name, prop in properties_of(tool).items():
        value = filled.args.get(name)
        if filled.reference is not None or kind_of(name, prop) != "code" or str(value or "#")[0] != "#":
            continue
        if _lister(tool, tools, None, name) is None:
            continue
        filled.args.pop(name, None)
        filled.missing = [n for n in filled.missing if n != name]
        filled.reference = name


def _calls(filled: Filled) -> list[dict[str, Any]]:
    if filled.spread is None:
        return [dict(filled.args)]
    name, values = filled.spread
    return [{**filled.args, name: value} for value in values[:10]]


_ID_KEYS = frozenset({"id", "key", "number", "accession", "code", "ts", "sha", "uid"})
_PUBLISHED_IDS = frozenset({"doi", "pmid", "pmcid", "isbn"})  # a found paper's "doi" is what a tool of one takes


def listed_items(result: Any) -> list[dict[str, Any]]:
    """The items a result lists (``{"studies": [...]}``, ``{"data": [...]}``, ``[...]``): a list of objects."""
    data = as_data(result)
    if isinstance(data, dict):
        data = next((v for v in data.values() if isinstance(v, list) and v and isinstance(v[0], dict)), None)
    return [i for i in data if isinstance(i, dict)] if isinstance(data, list) else []


def _key_for(name: str, item: dict[str, Any]) -> str | None:
    """The field of a listed item that a tool's parameter takes: the same words ("paper_id" / "paperId"), or the
    item's own id word ending the parameter's name ("item_key" / "key", "issue_number" / "number")."""
    said = words(name)
    if not set(said) & (_ID_KEYS | _PUBLISHED_IDS):
        return None  # an item's title is no reference to it
    for key, value in item.items():
        if not isinstance(value, str | int) or isinstance(value, bool):
            continue
        own = words(key)
        if own == said or (len(own) == 1 and own[0] in _ID_KEYS and said[-1:] == own):
            return key
    return None


def _picked_from_last(
    clause: str, dialogue: Dialogue, routing: Routing, context: Context, tools: list[Any]
) -> Planned | None:
    """ "Open the first one", "which papers cite the second one?" after a new server listed things: the tool the
    request routes to best among those whose parameter takes a field of the listed items, with that field of the
    item at that position, and what else it needs carried from the call that listed them (owner, repository)."""
    ordinal = slots.ordinals(clause)
    last = dialogue.last_call
    if last is None or len(ordinal) != 1 or len(words(clause)) > 10:
        return None
    # numbered items ("id") are a task list's too: then only a tool of the same things, doing what the verb says,
    # takes one ("read the second one" after a search of e-mails), never another server's write that takes any "id"
    numbered = listing_of(dialogue.last_result) is not None
    nouns = {stem(w) for w in words(last.tool_name)} - GENERIC_NAME_WORDS
    items = listed_items(dialogue.last_result)
    index = ordinal[0].value - 1 if ordinal[0].value > 0 else len(items) + ordinal[0].value
    if not 0 <= index < len(items):
        return None
    item = items[index]
    acts = acts_asked(clause, ordered_verb(clause))  # "open the second one" reads it: no comment on it
    for route, tool in sorted(
        (
            (candidate, tool)  # a capability's tool of the listing's own server too ("the third one" of a drive search)
            for candidate in routing.routes
            for tool in (candidate.tools[:1] if candidate.capability is None else candidate.tools)
            if candidate.capability is None
            or (
                nouns & ToolFacts.of(tool).name_stems
                and not any(tool.name in n for n in candidate.capability.provided_by)
            )
        ),
        key=lambda pair: not acts & name_acts(pair[1].name),
    ):
        if tool.name == last.tool_name:
            continue
        if numbered and not (nouns & ToolFacts.of(tool).name_stems and acts & name_acts(tool.name)):
            continue  # "complete the second one" after the task list is no other tool's: the task tools' own
        required = (getattr(tool, "parameters_json_schema", None) or {}).get("required") or []
        keys = {n: k for n in required if (k := _key_for(n, item))}
        if len(keys) != 1:
            continue
        said = clause[: ordinal[0].start] + " " * (ordinal[0].end - ordinal[0].start) + clause[ordinal[0].end :]
        filled = fill(tool, said, None, replace(context, listing=[], last_id=None))
        (name, key), carried = next(iter(keys.items())), last.args_as_dict()
        filled.args[name] = item[key]
        filled.args.update({n: carried[n] for n in required if n in carried and n != name})  # the listing's own
        listed_by = properties_of(next((t for t in tools if t.name == last.tool_name), None))
        filled.args.update(  # the same option the listing was called with ("server": medrxiv), unless said anew
            {
                n: carried[n]
                for n, p in properties_of(tool).items()
                if n in carried
                and n != name
                and (n not in filled.args or n in filled.defaults)
                and listed_by.get(n) == p
            }
        )
        if any(n not in filled.args for n in required):
            continue  # "open the second one" is no comment on it: the next tool that takes the item
        filled.missing, filled.reference, filled.spread = [], None, None
        return Planned(clause, route, None, tool, calls=_calls(filled), filled=filled, margin=routing.margin())
    return None


_OPENS = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|and|now|then|great|thanks)\W+)*(?:open|read|show(?:\s+me)?|view|display|cat)\b", re.I
)


def _picked_file(clause: str, dialogue: Dialogue, tools: list[Any]) -> Planned | None:
    """ "open the second one" after a folder was listed: the file at that place in the listing, read."""
    ordinal, last = slots.ordinals(clause), dialogue.last_call
    if last is None or len(ordinal) != 1 or len(words(clause)) > 8 or not _OPENS.match(clause):
        return None
    lister = next((t for t in tools if t.name == last.tool_name), None)
    reader = _provider("file_read", tools)
    if lister is None or reader is None or not lists_a_folder(lister):
        return None
    path = next((n for n, p in properties_of(lister).items() if kind_of(n, p) == "path"), None)
    files = files_of(dialogue.last_result, str(last.args_as_dict().get(path) or ""))
    index = ordinal[0].value - 1 if ordinal[0].value > 0 else len(files) + ordinal[0].value
    into = next((n for n, p in properties_of(reader).items() if kind_of(n, p) == "path"), None)
    if not 0 <= index < len(files) or into is None:
        return None
    filled = Filled({into: files[index]["id"]})
    route = Route(f"picked:{reader.name}", 1.0, catalogue()["file_read"], (reader,))
    return Planned(clause, route, route.capability, reader, _calls(filled), filled, margin=0.2)


def _follow_up(
    clause: str, dialogue: Dialogue, tools: list[Any], context: Context, best: Route | None, earlier: Any = None
) -> Planned | None:
    """ "And in Paris?" after a time question: the previous call again (of this message, else of the previous
    turn), with what the new clause changes."""
    last = earlier or dialogue.last_call
    bare = slots.QUOTED.sub(" quoted ", clause)  # "actually make it '<a new title>'": the quote is one value
    if last is None or len([w for w in words(bare) if not w.isdigit()]) > 7:  # "15:00" is one value
        return None
    cue = bool(_FOLLOW_UP.search(clause))
    tool = next((t for t in tools if t.name == last.tool_name), None)
    if tool is None:
        return None
    amends = _tool_writes(tool) and not _by_number(tool) and context.last_id is not None  # the item just made
    said_so = bool(_MAKE_IT.match(clause) or _MEANT.match(clause))  # "make it 20 lines", "sorry, I meant Phoenix"
    corrects = said_so and (_reads_only(tool) or _by_number(tool) or amends)
    cue = cue or corrects or bool(_INSTEAD.match(clause))  # "sorry, make that 25 ml", "try 'oligo' instead"
    short = len(words(clause)) <= 2  # "London?" after a time question
    if (
        not cue
        and not short
        and (len(words(clause)) > 3 or (best is not None and best.score >= threshold(best) and best.served))
    ):
        return None
    if ToolFacts.of(tool).read_only is not True and _WH_QUESTION.match(_FOLLOW_UP.sub("", clause, count=1)):
        return None  # "add X; also what's 10am Berlin in Tokyo": a question does not repeat a change
    if (
        best is not None
        and confident(best)
        and best.capability is not None
        and (best.capability.writes or commands(clause, best))
        and best.evidence > 0
        and tool not in best.tools
        and not _asks(clause, best)
        and not re.match(r"\s*(?:what|how)\s+about\b", clause, re.I)
    ):
        return None  # "and delete the fourth" after completing one, "then list everything": a new action
    field = best.capability.text_param if best is not None and confident(best) and best.capability else None
    if field and stem(field) in {stem(w) for w in words(clause)} and _tool_writes(tool):
        return None  # "… and set its description to 'Y'": the field it names, by the route that writes it
    instead = _INSTEAD.match(clause) or _MEANT.match(clause) or (_MAKE_IT.match(clause) if amends else None)
    filled = fill(tool, instead["what"] if instead and instead["what"] else clause, None, context)
    if instead and not filled.args:  # "sorry, I meant Phoenix": a place is read where it is said after "meant"
        filled = fill(tool, clause, None, context)
    if not filled.args and _COUNTED.search(clause) and (unit := _counted_unit(tool)):
        filled = fill(tool, f"{clause} {unit}", None, context)  # "…, followed by the last 5" (lines)
    previous = last.args_as_dict()
    ends = {slots.role_of(n): n for n in properties_of(tool) if slots.role_of(n)}
    moved = ends.get("source") in filled.args and ends.get("target") not in filled.args
    if moved and not slots.time_of_day(clause) and not re.search(r"\bfrom\b", clause, re.I):
        filled.args[ends["target"]] = filled.args.pop(ends["source"])  # "what about LA?" after 3pm London -> NY
    changed = {
        k: v
        for k, v in filled.args.items()
        if previous.get(k) != v and k in _changeable(tool) and k not in filled.defaults
    }
    texts = _reads_only(tool) or corrects or re.search(r"\bsame\b", clause, re.I)  # "and the fridge?" writes
    together = {n for names in slots.paired(properties_of(tool)) for n in names}  # "what about bleach and vinegar?"
    for k in (_changeable(tool, texts=True) if texts else set()) - _changeable(tool) - set(filled.defaults):
        phrase = re.sub(r"\s+ones?$", "", str(filled.args.get(k, "")))  # "and the kidney ones?"
        if isinstance(previous.get(k), str) and 0 < len(words(phrase)) <= 3 and not changed.keys() - {k} - together:
            changed[k] = _substitute(previous[k], phrase)  # "mouse liver, animal 12" -> "…, animal 13"
    quoted = [m.group(0)[1:-1] for m in slots.QUOTED.finditer(clause)]
    for k, v in changed.items():  # "make that 25 ml", "make it 5": the amount in the earlier text
        amount = _AMOUNT.fullmatch(v) or v.strip().isdigit() if isinstance(v, str) else False
        raw = filled.args.get(k) == v  # as read from this clause, not yet put into the earlier text
        if (
            isinstance(v, str)
            and isinstance(previous.get(k), str)
            and raw
            and (amount or (_SAME_FOR.match(clause) and texts))
        ):
            changed[k] = _substitute(previous[k], v)
            done = str(previous[k]).split()[:1]  # "same for dry ice" after adding "Order liquid nitrogen": its act too
            whole = changed[k] == v  # nothing of the earlier text kept ("animal 13" keeps "mouse liver, …")
            if (
                whole
                and not amount
                and _tool_writes(tool)
                and done
                and (ordered_verb(previous[k]) or "") == done[0].lower()
            ):
                changed[k] = v if v.lower().startswith(done[0].lower()) else f"{done[0]} {v}"
        elif corrects and isinstance(v, str) and len(quoted) == 1 and set(words(v)) <= set(words(quoted[0])):
            changed[k] = quoted[0]  # "actually make it 'call the plumber on Monday'": the quote as it is
    if not changed and cue and (switched := _switched_end(clause, tool, previous)):
        changed, filled.reference = switched, None  # "now the tail" after the first 5 lines: the last 5
    elif not changed and cue and filled.reference and filled.reference in previous:  # "now the meeting notes"
        filled.args = {**previous, **filled.args}
        filled.args.pop(filled.reference)
        route = Route(f"follow-up:{tool.name}", 1.0, None, (tool,))
        return _with_lookup(Planned(clause, route, None, tool, filled=filled, margin=0.2), tools, context)
    if not changed:
        return None
    _same_half_of_day(changed, previous, tool, clause)
    required = {n: p for n, p in _required_of(tool)}
    creates = not _by_number(tool)
    texts_only = all(k not in required and k in {"description", "details", "notes", "note"} for k in changed)
    if _tool_writes(tool) and creates and (texts_only or corrects):
        # "actually make it 'X'", "and add 'Y' as its description" after adding a task: that task, never a new one
        return _amended(clause, tool, changed, tools, context) if amends else None
    if _tool_writes(tool):  # "then also add 'B'" after one with a description: B's own text only
        props = properties_of(tool)
        previous = {k: v for k, v in previous.items() if k in changed or kind_of(k, props.get(k, {})) != "text"}
    filled.args = {  # "the last 5" after "the first 5 lines": the tail, without the head
        k: v
        for k, v in {**previous, **changed}.items()
        if k in changed or not slots.alternatives(properties_of(tool), k) & changed.keys()
    }
    if filled.spread and filled.spread[0] not in changed:
        filled.spread = None
    route = Route(f"follow-up:{tool.name}", 1.0, None, (tool,))
    return Planned(clause, route, None, tool, _calls(filled), filled, margin=0.2)


_HALF_SAID = re.compile(
    r"(?:\d\s*|\b)[ap]\.?m\b|\b(?:morning|afternoon|evening|night|noon|midnight|tonight)\b|\b\d{1,2}h\b", re.I
)


def _amended(clause: str, tool: Any, changed: dict[str, Any], tools: list[Any], context: Context) -> Planned | None:
    """ "actually make it 'call the plumber on Monday'" after adding a task: the item just made, changed by the tool
    of the same things that takes its number and every field changed (an update, never a second new item)."""
    nouns = ToolFacts.of(tool).name_stems - GENERIC_NAME_WORDS
    for other in tools:
        if (
            other is not tool
            and _tool_writes(other)
            and _by_number(other)
            and nouns & ToolFacts.of(other).name_stems
            and set(changed) <= set(properties_of(other))
        ):
            number = next(n for n, p in _required_of(other) if kind_of(n, p) == "id")
            filled = Filled({number: context.last_id, **changed})
            facts = [ToolFacts.of(other)]
            capability = next(  # the change said the way our templates read it ("Updated task 8: …")
                (
                    c
                    for c in catalogue()
                    if c.writes and c.text_param in changed and catalogue().providers(c.name, facts)
                ),
                None,
            )
            route = Route(f"follow-up:{other.name}", 1.0, capability, (other,))
            return Planned(clause, route, capability, other, _calls(filled), filled, margin=0.2)
    return None


def _reads_only(tool: Any) -> bool:
    """A tool that changes nothing: its server says so, or, without a hint (our memory search), its name says only
    reading acts ("search", "list", "get")."""
    facts = ToolFacts.of(tool)
    if facts.read_only is not None:
        return facts.read_only
    acts = name_acts(tool.name)
    return bool(acts) and acts <= READING_ACTS


def _same_half_of_day(changed: dict[str, Any], previous: dict[str, Any], tool: Any, clause: str) -> None:
    """ "what about 5:30 then" after "if it's 3pm in Chicago …": a time said without am or pm in a follow-up is in
    the half of the day the earlier one was (17:30, not 05:30)."""
    properties = properties_of(tool)
    for name, value in list(changed.items()):
        before = previous.get(name)
        if kind_of(name, properties.get(name, {})) != "time_of_day" or _HALF_SAID.search(clause):
            continue
        now, then = (re.fullmatch(r"(\d{2}):(\d{2})", str(v)) for v in (value, before))
        if now and then and 1 <= int(now[1]) < 12 <= int(then[1]) and not re.search(r"\b[01]\d:\d\d\b", clause):
            changed[name] = f"{int(now[1]) + 12:02d}:{now[2]}"


_END_WORDS = {"tail": "last", "end": "last", "bottom": "last", "head": "first", "top": "first", "start": "first"}


def _switched_end(clause: str, tool: Any, previous: dict[str, Any]) -> dict[str, Any]:
    """ "now the tail" / "and the last ones" after a call with "the first N" set: the same N at the other end (the
    parameter whose name, or whose one differing description word, the clause says)."""
    said = {_END_WORDS.get(w, w) for w in words(clause)}
    properties = properties_of(tool)
    for name in properties:
        if name in previous:
            continue
        set_twin = [o for o in slots.alternatives(properties, name) if o in previous]
        own = set(words(str(properties[name].get("description") or ""))) - {
            w for o in set_twin for w in words(str(properties[o].get("description") or ""))
        }
        if set_twin and ({_END_WORDS.get(w, w) for w in words(name)} | own) & said:
            return {name: previous[set_twin[0]]}
    return {}


_NEXT = re.compile(
    rf"^\W*(?:(?:and|ok(?:ay)?|then|now|great|thanks)\W+)*(?:(?:show|give|get|list|fetch|read)\s+(?:me\s+|us\s+)?)?"
    rf"(?:the\s+)?(?:(?:next|more)(?:\s+(?P<page>page|part|bit|chunk)|\s+(?P<n>\d+|{slots.SPOKEN_NUMBER}))?"
    rf"|(?:keep|carry)\s+(?:going|reading)|go\s+on|continue(?:\s+reading)?|(?P<rest>rest(?:\s+of\s+(?:it|the\s+\w+))?))"
    rf"(?:\s+(?:results?|ones?|items?|hits?|entries|rows|please|pls))*\W*$",
    re.I,
)
_LIMITS = frozenset({"limit", "size", "max", "maximum", "count", "per", "top", "results"})


def _next_page(clause: str, dialogue: Dialogue, tools: list[Any], earlier: Any = None) -> Planned | None:
    """ "next page", "next 5", "more" after a paged listing: the previous call again, from where its page ended
    (``offset`` moves on by the page size; a ``page`` number by one; "next 5" also sets the page size)."""
    said = _NEXT.match(clause)
    last = earlier or dialogue.last_call
    tool = next((t for t in tools if last is not None and t.name == last.tool_name), None)
    if said is None or tool is None:
        return None
    properties = properties_of(tool)
    counts = [n for n, p in properties.items() if kind_of(n, p) in {"count", "id"}]
    skip = next((n for n in counts if set(words(n)) & {"offset", "skip", "cursor", "start"}), None)
    page = next(
        (n for n in counts if set(words(n)) == {"page"} or words(n) in (["page", "number"], ["page", "no"])), None
    )
    size = next((n for n in counts if n not in {skip, page} and set(words(n)) & _LIMITS), None)
    cursor = next((n for n, p in properties.items() if kind_of(n, p) == "text" and set(words(n)) & CURSOR_WORDS), None)
    following = _next_cursor(as_data(dialogue.last_result)) if cursor and earlier is None else None
    previous = last.args_as_dict()
    args = dict(previous)
    if said["n"] and size:
        args[size] = slots.count_value(said["n"])
    start = _next_start(dialogue.last_result, skip) if skip and earlier is None else None
    if said["rest"] and size:
        args.pop(size, None)  # "now the rest": all of it, not another part of the size asked for before
    if cursor and following:  # "next page" after a page that says where the next one starts
        args[cursor] = following
    elif start is not None:  # "keep going" after a part that says where the next part starts
        args[skip] = start
    elif skip and size:
        step = previous.get(size, properties[size].get("default"))
        if not isinstance(step, int):
            return None
        args[skip] = int(previous.get(skip) or properties[skip].get("default") or 0) + step
    elif page:
        args[page] = int(previous.get(page) or properties[page].get("default") or 1) + 1
    else:
        return None
    route = Route(f"follow-up:{tool.name}", 1.0, None, (tool,))
    return Planned(clause, route, None, tool, [args], Filled(args, read=1), margin=0.2)


def _next_start(result: Any, skip: str) -> int | None:
    """Where the next part starts, as a truncated result says it: a ``next_start_index`` beside the ``start_index``
    parameter, or its text ("call the fetch tool with a start_index of 5000")."""
    data = as_data(result)
    own = set(words(skip))
    for key, value in data.items() if isinstance(data, dict) else ():
        said = set(words(key))
        if "next" in said and said - {"next"} == own and isinstance(value, int) and not isinstance(value, bool):
            return value
    texts = data.values() if isinstance(data, dict) else [result]
    for text in (t for t in texts if isinstance(t, str)):
        found = re.search(rf"\b{re.escape(skip)}\W+(?:of\s+|is\s+)?(\d+)", text)
        if found:
            return int(found[1])
    return None


def _next_cursor(data: Any) -> str | None:
    """The cursor of the next page a result gives (``next_cursor``, ``nextPageToken``, nested or not)."""
    for key, value in data.items() if isinstance(data, dict) else ():
        found = _next_cursor(value) if isinstance(value, dict) else None
        if found or (value and isinstance(value, str) and set(words(key)) & (CURSOR_WORDS | {"next"})):
            return found or value
    return None


_COUNTED = re.compile(r"\b(?:first|last|top|bottom)\s+(?:\d+|[a-z]+)\s*[?.!]*$", re.I)


def _counted_unit(tool: Any) -> str | None:
    """What a tool's parameters count ("returns only the last N lines": lines), for a follow-up that leaves it
    out."""
    for prop in properties_of(tool).values():
        found = re.search(r"\b(?:N|n|number\s+of)\s+([a-z]+s)\b", str(prop.get("description") or ""))
        if found:
            return found.group(1)
    return None


def _lists(route: Route, entity: str) -> bool:
    """Whether a route reads (never writes) items of the entity."""
    found = route.capability
    return found is not None and found.kind == "tool" and not found.writes and found.entity == entity


def _asks(clause: str, route: Route) -> bool:
    """A question, not a command: "what are my completed tasks?", "any completed tasks?", "and the done ones?"."""
    return bool(_WH_QUESTION.search(clause)) or (clause.rstrip().endswith("?") and not commands(clause, route))


def _changeable(tool: Any, *, texts: bool = False) -> set[str]:
    """Parameters a follow-up may change: places, dates, ids, identifiers — and, when asked, free text (a short
    noun phrase in place of the previous subject)."""
    properties = properties_of(tool)
    return {n for n, p in properties.items() if kind_of(n, p) not in ({"skip"} if texts else {"text", "skip"})}


_CLOCK_CHECK = re.compile(
    r"\b(?:is\s+it|it'?s|it\s+is|already|yet|past|before|after)\b", re.I
)  # "is it 5pm in Oslo yet?"
_SAME_FOR = re.compile(r"^\W*(?:and\s+)?(?:the\s+)?same\s+(?:for|with)\b", re.I)
_AMOUNT = re.compile(r"\s*\d[\d.,]*\s*([^\W\d]+)\s*")


def _substitute(before: str, phrase: str) -> str:
    """The previous text with the part the new phrase replaces: "animal 13" replaces "animal 12" (same first word),
    otherwise the phrase replaces it all."""
    head = words(phrase)[0]
    if re.fullmatch(r"\s*\d+\s*", phrase) and len(numbers := re.findall(r"\b\d+\b", before)) == 1:
        return re.sub(rf"\b{numbers[0]}\b", phrase.strip(), before, count=1)  # "make it 5" for "… at 4"
    amount = _AMOUNT.fullmatch(phrase)  # "25 ml" for the "10 ml" of the title
    if amount and (said := re.search(rf"\d[\d.,]*\s*{re.escape(amount[1])}\b", before, re.I)):
        return before[: said.start()] + phrase.strip() + before[said.end() :]
    if len(words(phrase)) < 2 or head in STOPWORDS or not re.search(rf"\b{re.escape(head)}\b", before, re.I):
        return phrase
    return re.sub(rf"\b{re.escape(head)}\b[^,;]*?(?=\s*(?:[,;]|$))", phrase, before, count=1, flags=re.I)


_TO_BE_CALLED = re.compile(
    r"\b(?:(?:be|get|getting|being)\s+(?:called|named|renamed|retitled|titled)|should\s+(?:say|read))\s+['\"‘“]", re.I
)
EVIDENCE_BONUS = 0.25
WEAK_EVIDENCE_BONUS = 0.12
# Identifiers whose shape alone says which tool takes them (a DOI, a code matching the parameter's own pattern).
_STRONG = frozenset({"doi", "isbn", "url", "email", "emails", "pattern", "point", "points"})
_TYPED = _STRONG | {"currency", "timezone", "time_of_day", "date", "unit", "path", "language"}


def _typed_required(tool: Any) -> tuple[dict[str, Any], list[str]]:
    """A tool's parameter schemas and its required parameters that take a typed value (a date, a zone, a DOI, …)."""
    schema = getattr(tool, "parameters_json_schema", None) or {}
    properties = schema.get("properties") or {}
    return properties, [n for n in schema.get("required") or [] if kind_of(n, properties.get(n, {})) in _TYPED]


def _digits(value: str) -> bool:
    return any(c.isdigit() for c in value)


_TELLING = frozenset(stem(w) for w in ("tell", "let", "ping", "remind", "message"))  # "let the X channel know …"
_TOLD_ME = re.compile(r"\b(?:tell|let|ping|remind|message)\s+(?:me|us|myself)\b", re.I)


def _acts_ordered(clause: str) -> frozenset[str]:
    """What the request's opening verb orders (``acts_asked``); telling someone ("tell the sequencing channel that
    …", "let everyone in #general know …") creates a message."""
    verb = ordered_verb(clause)
    told = verb in _TELLING and not _TOLD_ME.search(clause)  # "tell me about X" asks
    return acts_asked(clause, verb) or (frozenset({"create"}) if told else frozenset())


def _of_one_named(tool: Any, clause: str) -> bool:
    """The request names one thing whose ID the tool requires ("the collaborators table") and orders what the tool's
    name does ("search …"); or, that ID being all it requires, asks for the things the tool's name says it lists of
    it ("what tables are in the Okafor Lab base?", said as many), not for the listing of bases ("boxes in rack B of
    the LN2 freezer" asks for no racks)."""
    required = (getattr(tool, "parameters_json_schema", None) or {}).get("required") or []
    named = [n for n in required if set(words(n)) & _ID_KEYS and called_by_name(clause, n) is not None]
    if not named:
        return False
    # "search the collaborators table for EMBL": a tool of tables that searches, however its description is worded;
    # "tell the sequencing channel that …": one that posts
    if _acts_ordered(clause) & name_acts(tool.name):
        return True
    own = ToolFacts.of(tool).name_stems - GENERIC_NAME_WORDS - {stem(w) for w in words(named[0])}
    return len(required) == 1 and any(stem(w) in own and w.endswith("s") for w in words(clause.lower()))


def _with_evidence(routing: Any, clause: str, context: Context) -> None:
    """Raise routes whose typed required parameters are all present in the request, then re-sort."""
    boosted, top = [], routing.best
    named_write = top is not None and top.served and ToolFacts.of(top.tools[0]).read_only is False
    named_write = named_write and _named_by(clause, top)
    for route in routing.routes:
        if named_write and _overrules(clause, top, route):  # "hold a desk on Friday": no lookup for its day
            boosted.append(route)
            continue
        if route.capability is not None and route.served and route.score >= EXAMPLE_THRESHOLD - 0.2:
            # A catalogue route whose tool takes several typed values, all of them given ("3pm", "London", "New
            # York"), is what the request asks for, whatever a simpler route's examples say.
            tool = route.tools[0]
            properties, typed = _typed_required(tool)
            strong = len(typed) == 1 and kind_of(typed[0], properties[typed[0]]) in _STRONG  # "email ana@x.org …"
            if (len(typed) >= 2 or strong) and all(
                n in fill(tool, clause, route.capability, context).args for n in typed
            ):
                route = replace(route, score=route.score + EVIDENCE_BONUS)
        elif route.capability is None and route.tools:
            tool = route.tools[0]
            if _of_one_named(tool, clause):
                boosted.append(replace(route, score=route.score + EVIDENCE_BONUS, evidence=route.evidence + 1))
                continue
            properties, typed = _typed_required(tool)
            strong = any(kind_of(n, properties.get(n, {})) in _STRONG for n in typed)
            required = (getattr(tool, "parameters_json_schema", None) or {}).get("required") or []
            # "rs429358" for "Variant identifier, e.g. rs699": a code of the example's own shape
            codes = [n for n in _coded_params(tool, clause) if kind_of(n, properties.get(n, {})) == "entity"]
            typed, strong = [*typed, *codes], strong or bool(codes)
            axes = [n for n in required if slots.axis_of(n) is not None]
            points = [n for n, p in properties.items() if kind_of(n, p) in {"point", "points"}]
            # written coordinates are strong evidence: "what's at 49.41, 8.71?", "… within 1 km of 49.41, 8.67"
            if slots.coordinates(clause) and ({slots.axis_of(n) for n in axes} == {0, 1} or points):
                typed, strong = [*typed, *axes, *points], True
            if not strong and route.score < DOC_THRESHOLD + DOC_BONUS - 0.2:
                boosted.append(route)
                continue
            required = (getattr(tool, "parameters_json_schema", None) or {}).get("required") or []
            shapes = [
                n
                for n in required
                if (
                    kind_of(n, properties[n]) == "entity"
                    or (
                        kind_of(n, properties[n]) == "choices"
                        and (not _digits(sample := example_of(properties[n]) or "0") or "/" in sample)
                    )
                )
                and any(
                    len(s.value) > 2
                    for s in shaped(example_of(properties.get(n, {})), clause, properties[n].get("description", ""))
                )
            ]  # two capitals are weak evidence: "NW, Washington, DC" is an address, not two tickers; a list shaped
            # like a capitals example ("['PCR']") is evidence too, one with digits ("['TP53']") too loose a shape
            typed += shapes
            if typed:
                filled = fill(tool, clause, None, context)
                if all(n in filled.args and n not in filled.defaults for n in typed):  # a date or time is weak
                    bonus = EVIDENCE_BONUS if strong or shapes else WEAK_EVIDENCE_BONUS
                    # a code only this tool takes ("rs429358") names it as its words would: "look up rs429358" is
                    # no web search
                    said = route.evidence + (strong and bool(codes))
                    route = replace(route, score=route.score + bonus, evidence=said)
                elif any(kind_of(n, properties[n]) == "pattern" and n in filled.args for n in typed):
                    route = replace(route, score=route.score + WEAK_EVIDENCE_BONUS)  # "T-106", its email not said
        boosted.append(route)
    routing.routes = _read_as_ordered(sorted(boosted, key=lambda r: r.score, reverse=True), clause)


def _ordered_write(clause: str, tool: Any) -> bool:
    """Whether the request orders the change a writing tool's name says ("log a feed" for ``log_feeding``): an
    order that is never answered by a reading tool, however completely that one could be filled."""
    asked = _acts_ordered(clause)
    return bool(asked & name_acts(tool.name)) and not asked <= READING_ACTS and not _reads_only(tool)


def _changes(route: Route) -> bool:
    """Whether a route may change something: a writing capability, or a new server's tool not known to only read."""
    return route.capability.writes if route.capability else not _reads_only(route.tools[0])


def _read_as_ordered(routes: list[Route], clause: str) -> list[Route]:
    """ "list my zenodo drafts", "show my zenodo depositions": an order to read, list or search never goes to a write
    of a new server ("create a deposition") when one of the next routes reads the same things (a noun of its name)."""
    asked = _acts_ordered(clause)
    best = routes[0] if routes else None
    if not asked or not asked <= READING_ACTS or best is None or best.capability is not None or not best.tools:
        return routes
    acts = name_acts(best.tools[0].name)
    if not acts or acts & READING_ACTS or _reads_only(best.tools[0]):
        return routes
    nouns = ToolFacts.of(best.tools[0]).name_stems - GENERIC_NAME_WORDS
    for route in routes[1:6]:
        tool = route.tools[0] if route.tools else None
        if tool is None or not route.served:
            continue
        if route.capability is None and _reads_only(tool) and nouns & ToolFacts.of(tool).name_stems:
            return [replace(route, score=best.score + 0.01), *(r for r in routes if r is not route)]
    return routes


_ON_THE_WEB = re.compile(  # "google drive", "google sheets" are a connected server's, not the web
    r"\b(?:web|online|internet|google(?!\s+(?:drive|docs?|sheets?|spreadsheets?|slides|scholar|calendar|maps|mail))"
    r"|googling|bing|duckduckgo|news)\b",
    re.I,
)
# what a request opening with a search verb searches: "search papers on X" -> papers, "look up github for X" -> github
_SEARCHED = re.compile(
    r"\s*(?:search|look\s+up|lookup|find|browse)\s+(?:for\s+|the\s+|my\s+|some\s+)?([a-z][\w-]+)\b", re.I
)
SPECIFIC_WINDOW = 0.08  # a connected tool the request names by its own words wins over a route this close


def _coded_params(tool: Any, text: str) -> list[str]:
    """The tool's required parameters whose example is a code and that ``text`` gives a code of that shape ("rs334"
    for "Variant identifier, e.g. rs699"): "look up rs334" looks it up there, not on the web."""
    properties = properties_of(tool)
    return [
        n
        for n in (getattr(tool, "parameters_json_schema", None) or {}).get("required") or ()
        if slots.coded(example := example_of(properties.get(n, {})))
        and shaped(example, text, properties.get(n, {}).get("description", ""))
    ]


def _specific_first(routing: Any) -> None:
    """A tool of a newly connected server that the request names by its own words ("encyclopedia", "CAS number")
    beats a close general route: a web search, or a catalogue route none of whose keywords the request uses."""
    best = routing.best
    if best is None or best.capability is None:
        return
    searching = best.capability.name in {"web_search", "research_question"} and not _ON_THE_WEB.search(routing.text)
    searched = _SEARCHED.match(POLITE.sub("", routing.text)) if searching else None
    if searched:  # "search papers on X", "look up github for X": a connected search of papers, of GitHub
        thing = stem(searched[1].lower())
        for route in routing.routes[1:8]:
            facts = ToolFacts.of(route.tools[0]) if route.capability is None and route.served else None
            said = (
                {stem(w.lower()) for w in re.findall(r"[A-Za-z]+", f"{facts.name} {facts.description}")}
                if facts
                else set()
            )
            if (
                facts is not None
                and facts.read_only is not False
                and (
                    thing in (facts.all_stems | said) - GENERIC_NAME_WORDS or _coded_params(route.tools[0], searched[1])
                )
            ):
                routing.routes.remove(route)
                routing.routes.insert(0, replace(route, score=best.score))  # the object said outranks "search"
                return
    if not (searching or (best.capability.kind == "tool" and best.evidence == 0 and not best.framed)):
        return
    for route in routing.routes[1:6]:
        if best.score - route.score > SPECIFIC_WINDOW:
            break
        if route.capability is None and route.served and route.evidence > 0 and route.score >= threshold(route):
            routing.routes.remove(route)
            routing.routes.insert(0, route)
            return


OTHER_THING_WINDOW = 0.1


def _other_thing_first(routing: Any) -> None:
    """A change to one of our items ("add a comment to task 3") yields to a live tool whose name holds the thing the
    request names instead ("add a comment to issue 14 in owner/repo": an issue, not a task), when that is close; so
    does a change said as the state of other things ("completed trials in Copenhagen": a lookup's filter)."""
    other = _other_thing(routing, routing.best) or _state_of_others(routing, routing.best)
    if other is not None:
        routing.routes.remove(other)
        routing.routes.insert(0, other)


def _state_of_others(routing: Any, route: Route | None) -> Route | None:
    """The close read-only live tool one of whose options the request opens with, when ``route`` changes one of our
    items and the request never says the item's kind: "completed trials", "closed tickets" ask for things in a
    state, not to complete one."""
    if route is None or route.capability is None or not route.capability.entity or not route.capability.writes:
        return None
    said = [w for w in words(POLITE.sub("", routing.text)) if w not in STOPWORDS]
    if not said or stem(route.capability.entity) in request_stems(routing.text) or not said[0].endswith("ed"):
        return None
    for other in routing.routes:
        if other.capability is None and other.served and other.score >= route.score - OTHER_THING_WINDOW:
            tool = other.tools[0]
            options = {str(o).lower() for _, p in properties_of(tool).items() for o in enum_options(p)}
            if ToolFacts.of(tool).read_only is True and said[0] in options:
                return other
    return None


def _other_thing(routing: Any, route: Route | None) -> Route | None:
    """The close live tool, taking an item's number, whose name holds the thing the request names when ``route``
    changes one of our items by its number but the request never says the item's kind ("task")."""
    if route is None or route.capability is None or not route.capability.entity or not route.served:
        return None
    said = request_stems(routing.text)
    if stem(route.capability.entity) in said or not any(kind_of(n, p) == "id" for n, p in _required_of(route.tools[0])):
        return None  # "add a task to file an issue": a task; only a change to an item named by its number yields
    for other in routing.routes:
        if (
            other.capability is None
            and other.served
            and other.evidence > 0
            and other.score >= route.score - OTHER_THING_WINDOW
        ):
            things = ToolFacts.of(other.tools[0]).name_stems - GENERIC_NAME_WORDS
            if things & said and any(kind_of(n, p) == "id" for n, p in _required_of(other.tools[0])):
                return other
    return None


def _clearing_first(routing: Any, clause: str) -> None:
    """ "remove the description from the milk task" empties a text the leading tool lacks: the close tool that has
    it, optional, comes first (not the one that deletes the task)."""
    best = routing.best
    if best is None or not best.tools or cleared_names(properties_of(best.tools[0]), clause):
        return
    for route in routing.routes[1:4]:
        if route.served and route.score >= best.score - 0.15:
            tool = route.tools[0]
            if set(cleared_names(properties_of(tool), clause)) - {n for n, _ in _required_of(tool)}:
                routing.routes.remove(route)
                routing.routes.insert(0, route)
                return


def _excluding_first(routing: Any, clause: str) -> None:
    """ "show me the folder tree but leave out the data folder": of the close routes, one whose tool can leave out
    what is said (an exclude list) comes first, never a listing of the folder left out."""
    best = routing.best
    if best is None or not best.tools or leaves_out(best.tools[0], clause):
        return
    for route in routing.routes[1:4]:
        if route.served and best.score - route.score <= RIVAL_WINDOW and leaves_out(route.tools[0], clause):
            routing.routes.remove(route)
            routing.routes.insert(0, replace(route, score=best.score))  # what it leaves out is said as clearly
            return


def _by_number(tool: Any) -> bool:
    """Whether a tool changes an item it is given the number of (a required id), rather than making a new one."""
    return any(kind_of(n, p) == "id" for n, p in _required_of(tool))


def _required_of(tool: Any) -> list[tuple[str, dict[str, Any]]]:
    properties = properties_of(tool)
    return [
        (n, properties.get(n, {})) for n in (getattr(tool, "parameters_json_schema", None) or {}).get("required") or []
    ]


_FOLDER_PATH = re.compile(r"(?<![\w:/])[\w.~-]+(?:/[\w.-]+)*/(?=$|[\s,;?!)])")  # "notes/", "data/raw/"
FOLDER_WINDOW = 0.1


def _folder_route(routing: Any, best: Any, clause: str) -> Any:
    """A path written with a trailing slash ("what's in notes/") names a folder: of the routes close to the best,
    one whose tool lists a folder, when the best only reads files."""
    if not best.served or _lists_folders(best.tools[0]) or not _FOLDER_PATH.search(clause):
        return None
    return next(
        (
            r
            for r in routing.routes[:6]
            if r.served and best.score - r.score <= FOLDER_WINDOW and _lists_folders(r.tools[0])
        ),
        None,
    )


def lists_a_folder(tool: Any) -> bool:
    """A tool that lists what a folder holds ("list_directory", "directory_tree"): its path names a folder, never a
    file."""
    return _lists_folders(tool) and bool({"list", "ls", "tree"} & set(words(tool.name)))


def _lists_folders(tool: Any) -> bool:
    """A read-only tool with a path parameter that lists a folder (its name or description says so)."""
    schema = getattr(tool, "parameters_json_schema", None) or {}
    properties = schema.get("properties") or {}
    if ToolFacts.of(tool).read_only is False or not any(kind_of(n, p) == "path" for n, p in properties.items()):
        return False
    said = f"{tool.name} {getattr(tool, 'description', '') or ''}".lower()
    return bool(re.search(r"\b(?:list\w*|director(?:y|ies)|folders?)\b", said)) and "read" not in tool.name.lower()


_HOW_MANY = re.compile(r"\bhow\s+many\s+(\w+)", re.I)
_SIZES = ("bytes", "kb", "mb", "gb", "kilobytes", "megabytes", "characters")


def _counts_contents(routing: Any, clause: str) -> None:
    """A count of what a file holds ("how many samples r in the results csv") is read from its text, not from its
    size and dates (unless bytes are counted)."""
    best, said = routing.best, _HOW_MANY.search(clause)
    if best is None or best.capability is None or best.capability.name != "file_info" or said is None:
        return
    if stem(said.group(1).lower()) in {stem(w) for w in (*_SIZES, *best.capability.keywords)}:
        return
    for route in routing.routes[1:6]:
        if route.served and route.capability is not None and route.capability.name == "file_read":
            routing.routes.remove(route)
            routing.routes.insert(0, replace(route, score=best.score))  # the file it names is as clear
            return


NAMING_WORDS = 6  # "set task 3's title to X" names the field it changes early; "…: update the title slide" is content


def _names_other_field(clause: str, route: Route, routing: Any) -> bool:
    """Whether the request names, early, another text field of the route's tool than the one it writes ("change
    task 2's description to X" for a rename)."""
    field = route.capability.text_param if route.capability is not None else None
    named = {stem(w) for w in words(clause)[:NAMING_WORDS]}
    if not field or stem(field) in named or not route.tools:
        return False
    return any(
        (other := r.capability.text_param if r.capability is not None else None)
        and other != field
        and stem(other) in named
        and any(t.name == route.tools[0].name for t in r.tools)
        for r in routing.routes[:6]
    )


def _its_field_first(routing: Any, clause: str) -> None:
    """ "and add 'ask HR' as its description": the field of the item last touched, so the close route that writes
    that field of an item it refers to comes first (never a new item)."""
    said = re.search(r"\bas\s+its\s+(\w+)\s*[.!]?\s*$", clause, re.I)
    if said is None:
        return
    for route in routing.routes[:4]:
        capability = route.capability
        if route.served and capability and capability.entity and capability.text_param == said[1].lower():
            routing.routes.remove(route)
            routing.routes.insert(0, route)
            return


_FOR_THE_ITEM = re.compile(
    r"^\W*(?:for|on|about|re)\s+(?:the|my|that)\s+(?:[\w'-]+\s+){1,5}?(?:task|one|item|todo)\s*[,:]", re.I
)


def _for_an_item(routing: Any, clause: str) -> None:
    """ "For the milk task, add the detail that …" names a task that exists: of the close routes for its kind of
    item, one that changes an item by its number wins over one that creates a new item."""
    best = routing.best
    if best is None or best.capability is None or not best.capability.entity or not _FOR_THE_ITEM.match(clause):
        return
    if not best.tools or _by_number(best.tools[0]):
        return
    for route in routing.routes[1:4]:
        if best.score - route.score > RIVAL_WINDOW:
            return
        same = route.capability is not None and route.capability.entity == best.capability.entity
        if same and route.capability.writes and route.tools and _by_number(route.tools[0]):
            routing.routes.remove(route)
            routing.routes.remove(best)  # not even a rival: a new item is no change to the one named
            routing.routes.insert(0, replace(route, score=max(route.score, best.score)))
            return


def _new_item_first(routing: Any, clause: str) -> None:
    """ "I'd like a new task called X, with the details 'Y'" asks for an item that does not exist yet: of the close
    routes for the kind of item said after "new" or "another", one that creates it wins over one that changes an
    item by its number (the mirror of ``_for_an_item``)."""
    best = routing.best
    if best is None or best.capability is None or not best.capability.entity or not best.tools:
        return
    entity = stem(best.capability.entity)
    said = re.findall(r"\b(?:new|another|extra|additional)\s+([\w-]+)(?:\s+([a-z]+))?", clause, re.I)
    if not _by_number(best.tools[0]) or entity not in {stem(w.lower()) for pair in said for w in pair if w}:
        return
    for route in routing.routes[1:4]:
        if best.score - route.score > RIVAL_WINDOW:
            return
        same = route.capability is not None and route.capability.entity == best.capability.entity
        if same and route.capability.writes and route.tools and not _by_number(route.tools[0]):
            routing.routes.remove(route)
            routing.routes.insert(0, replace(route, score=max(route.score, best.score)))
            return


def _named_text_first(routing: Any, clause: str) -> None:
    """Of two capabilities that write different text fields of one tool (a title, a description), the one whose
    field the request names wins: "change task 4's description to X" describes, "set task 3's title to X" renames."""
    best = routing.best
    if best is None or best.capability is None or not best.capability.text_param or not best.served:
        return
    named = {stem(w) for w in words(clause)[:NAMING_WORDS]}
    if stem(best.capability.text_param) in named:
        return
    tool = best.tools[0]
    for route in routing.routes[1:6]:
        field = route.capability.text_param if route.capability is not None else None
        if field and stem(field) in named and any(t.name == tool.name for t in route.tools):
            routing.routes.remove(route)
            routing.routes.remove(best)  # not even a rival: it would write the field the request did not name
            others = tuple(t for t in route.tools if t.name != tool.name)
            routing.routes.insert(0, replace(route, tools=(tool, *others)))
            return


def _plan_clause(
    clause: str, dialogue: Dialogue, tools: list[Any], router: Router, context: Context, earlier: Any = None
) -> Planned | Reply | None:
    routing = router.route(clause, tools)
    lead = re.match(r"^[^:'\"]{3,60}(?<!\d):\s*(\S.*)$", clause)  # "Next week is packed so: add X"
    if lead and routing.best is not None and not routing.best.served:
        after = lead.group(1)
        if commands(after, router.route(after, tools).best):  # a lead-in that names no tool, then a command
            return _plan_clause(after, dialogue, tools, router, context, earlier)
    head = re.match(r"^([^:'\"]{3,60})(?<!\d):\s*\S", clause)  # "translate this into Portuguese: the meeting is off"
    if head and len(words(head.group(1))) >= 2:
        by_head = router.route(head.group(1), tools)
        whole = routing.best  # "log a new sample: rat brain, 250 µL": a new tool the whole fills with typed values
        fills = whole is not None and whole.capability is None and whole.served and whole.score >= threshold(whole)
        filled = fill(whole.tools[0], clause, None, context) if fills else None
        heads = by_head.best  # the head must ask for something itself: "task 4: done" is said after the colon
        if (
            heads is not None
            and heads.served
            and heads.score >= threshold(heads)
            and heads.evidence > 0
            and not (whole is not None and whole.served and whole.evidence > 0 and whole.score > heads.score)
        ):
            routing = routing if filled and not filled.missing and filled.typed else by_head
    _with_evidence(routing, clause, context)
    _specific_first(routing)
    _other_thing_first(routing)
    destination_first(routing, clause)
    _named_text_first(routing, clause)
    _for_an_item(routing, clause)
    _new_item_first(routing, clause)
    _its_field_first(routing, clause)
    _counts_contents(routing, clause)
    _clearing_first(routing, clause)
    _excluding_first(routing, clause)
    best = routing.best
    follow = _next_page(clause, dialogue, tools, earlier) or _follow_up(clause, dialogue, tools, context, best, earlier)
    follow = follow or (_picked_from_last(clause, dialogue, routing, context, tools) if earlier is None else None)
    follow = follow or (_picked_file(clause, dialogue, tools) if earlier is None else None)
    if follow is not None:
        return follow
    if best is None:
        return None
    if best.capability is not None and best.capability.kind == "conversation":
        asked = next((r for r in routing.routes if r.capability is None or r.capability.kind != "conversation"), None)
        if (
            best.score < CHAT_THRESHOLD
            and not _is_chat(routing)
            and is_question(clause)
            and set(words(clause)) - STOPWORDS - _NO_TOPIC  # a topic to look up ("what's" alone has none)
            and asked is not None
            and (
                (asked.capability is not None and asked.capability.kind == "question")
                or bool(HOW_TO.search(clause))  # "how do I use pandas groupby?" asks how, not about me
            )
        ):  # "what does hypoxia mean": a question no chat answers, however weakly it is like one
            return _question(clause, asked, tools, routing.margin())
        if (best.score < CHAT_THRESHOLD or _is_chat(routing)) and not (
            is_question(clause) and _PERSONAL.search(clause)  # "what do you have on the Orbitrap": their memory
        ):
            return None
        routing.routes.remove(best)  # chat words inside a request for a tool ("what is hello in Spanish")
        best = routing.best
        if best is None:
            return None
    capability = best.capability
    said_times = [
        t for t in slots.time_of_day(clause) if not re.search(r"(?:utc|gmt)?\s*[+−-]\s*$", clause[: t.start], re.I)
    ]
    if capability is not None and capability.name == "current_time" and said_times:  # (not "UTC+05:30")
        convert = next(
            (r for r in routing.routes if r.served and r.capability and r.capability.name == "time_convert"), None
        )
        if convert is not None and not _CLOCK_CHECK.search(clause):  # "what's 10:30 in London time": a time to convert,
            best, capability = convert, convert.capability  # never London's clock now
    framed = framed_route(clause, routing, skip=frozenset({"web_search"}))
    if framed is not None and (
        _names_other_field(clause, framed, routing) or (_FOR_THE_ITEM.match(clause) and routing.best is not framed)
    ):
        framed = None  # "change task 2's description to X": "change" frames a rename, the field said wins
    if framed is not None and _other_thing(routing, framed) is None:  # "add a task: translate the abstract": what
        best, capability = framed, framed.capability  # follows the framing is content
    if (folder := _folder_route(routing, best, clause)) is not None:
        best, capability, framed = folder, folder.capability, None
    if framed is None and capability is not None and capability.text_param == "title" and _TO_BE_CALLED.search(clause):
        framed = best  # "can the milk one be called 'Buy oat milk' from now on": the new name, quoted, frames it
    elif framed is None and _TO_BE_CALLED.search(clause):  # "the reagents one should say 'X' instead": a rename,
        renames = [r for r in routing.routes[:4] if r.served and r.capability and r.capability.text_param == "title"]
        renames = [r for r in renames if r.capability.writes and r.tools and _by_number(r.tools[0])]  # however weak
        if renames:
            best, capability, framed = renames[0], renames[0].capability, renames[0]
    near = (  # close to its threshold and ahead of the rest, or of another new tool (their slots decide below)
        best.capability is None
        and best.served
        and best.score >= threshold(best) - 0.08
        and (routing.margin() >= MARGIN or routing.routes[1].capability is None)
    )
    weak = best.score < threshold(best) and not near and framed is None  # a framing phrase is enough on its own
    if framed is None and (weak or capability is None or capability.kind in {"question", "public"}):
        # "is there a difference between 12.1, 11.8 and 13.4, 13.9?": a connected tool takes the numbers it gives
        computing = next(
            (
                r
                for r in routing.routes[:4]
                if r.score >= NUMBERS_FLOOR and not _overrules(clause, best, r) and _computes(r, clause, context)
            ),
            None,
        )
        # a new tool that reads them among its words ("cafes within 500 m of 49.41, 8.69") stays ahead of one
        # far behind that takes only the numbers
        ahead = capability is None and not weak and computing is not None and computing is not best
        if ahead and best.score - computing.score > RIVAL_WINDOW:
            mine, theirs = (fill(r.tools[0], clause, None, context) for r in (best, computing))
            if not mine.missing and _covered(clause, best, best.tools[0], mine) >= _covered(
                clause, computing, computing.tools[0], theirs
            ):
                computing = None
        if computing is not None and capability is None and _ordered_write(clause, best.tools[0]):
            computing = computing if _changes(computing) else None  # "log a feed for pot P-12": asks how much
        if computing is not None:
            best, capability, weak = computing, None, False
    if _tells(clause, best):
        return None  # "the garage is spotless now" says something; it asks no lookup (least of all the clock)
    if _reports(clause, routing, framed):
        return None  # "Prof. Lee finally answered my email" tells what happened; it asks no tool for anything
    if framed is None and _remarks(clause, best):
        return None  # "task 3 is urgent" says something of the task; it asks nothing to be done to it
    if capability is not None and capability.reported and _not_done_yet(clause):
        return None  # "I never sent the ethics form" reports it is not done: nothing is ticked off
    if weak and capability is not None and capability.writes and capability.entity and _DONE_YET.search(clause):
        # "did i already do the ethics thing" asks whether a task is done, however weakly ticking it off leads:
        # the list says, memory does not
        reader = next((r for r in routing.routes if r.served and _lists(r, capability.entity)), None)
        if reader is not None:
            best, capability, weak, framed = reader, reader.capability, False, reader  # no rival either
    if weak or (capability is not None and capability.kind == "question"):
        return _question(clause, best, tools, routing.margin())
    if framed is None and capability is not None and capability.writes and _asks(clause, best):
        # A question asks, it doesn't write: "what are my completed tasks?" lists, "what stack does X use?" searches.
        readers = [
            r
            for r in routing.routes
            if r.served and r.capability and r.capability.kind == "tool" and not r.capability.writes
        ]
        same = [r for r in readers if best.evidence and capability.entity and r.capability.entity == capability.entity]
        if not same and (not readers or best.score - readers[0].score > 0.1):  # "have I done X yet?" lists tasks
            return _question(clause, best, tools, routing.margin())
        reader = (same or readers)[0]
        best, capability = reader, reader.capability
    asked_last = bool(_ASKED_LAST.search(clause))  # "V-12: last thawed when?"
    if (
        capability is None
        and best.served
        and ToolFacts.of(best.tools[0]).read_only is False
        and (_LOOKUP.search(POLITE.sub("", clause)) or asked_last)
    ):  # "where did we put the liver samples?" asks a close lookup tool; a write needs a request to act
        readers = [
            r
            for r in routing.routes[1:6]
            if r.capability is None
            and (_reader(r, best) or (asked_last and ToolFacts.of(r.tools[0]).read_only is True))
        ]  # a question said last asks, however well the id fits a write: any lookup of the server answers
        # "tray 12 …, when was it last watered?": the tool that gets one tray before the one that lists them
        reader = max(readers, key=lambda r: counted_as_named(clause, r.tools[0], tools), default=None)
        best, framed = reader or best, None if reader is None else reader  # the lookup, not a rival's
    if (
        HOW_TO.search(clause)
        and (capability is None or capability.kind != "tool" or not _PERSONAL.search(clause) or not _how_i_act(clause))
        and not _computes(best, clause, context)
        and not (capability is None and best.tools and ordered_verb(clause) in ToolFacts.of(best.tools[0]).name_stems)
    ):  # asks for knowledge: "how do I reverse a list in Python?" (but "how do I see my tasks?" acts, and
        # "describe the loans table" orders the tool named by "describe" and "table")
        return _question(clause, best, tools, routing.margin())
    if (
        capability is None
        and (
            _CODE_SAYS.search(clause)  # what a code "is" or "has done" says, even of a code the tool reads
            or ((_STATEMENT.search(clause) or _DECLARATIVE.search(clause)) and not _computes(best, clause, context))
        )
        and not is_question(clause)
        and not _then_asks(clause, best.tools[0] if best.tools else None)
    ):
        return None  # "I love caffeine" is not a request to look caffeine up
    if capability is None and best.tools and _describes(clause, best.tools[0]):
        return None  # "the incubation takes 20 minutes" describes; it doesn't ask to start a timer
    if capability is None and best.tools and _undoes(clause, best.tools[0]):
        return None  # "cancel that order" asks to undo what a tool that only creates cannot undo
    asked = is_question(clause)  # a question never falls back to a write: "does my draft have an abstract yet?"
    served = next(
        (
            r
            for r in routing.routes
            if r.served and (r.capability is None or r.capability.kind == "tool") and not (asked and _writes(r))
        ),
        None,
    )
    if (
        not best.served
        and served is not None
        and served.score >= threshold(served)
        and best.score - served.score < CLOSE_SERVED
        and not destined(clause, best)  # "… in my calendar" needs a calendar, whatever else is close
        and not (asked and best.capability is not None and best.capability.kind == "public")  # "… open on Mondays?"
    ) or (served is not None and unordered_action(clause, best, served)):
        best, capability = served, served.capability  # a close served reading beats a missing capability
    if capability is not None and capability.name in {"memory_search", "web_search"} and best.served:
        return _question(clause, best, tools, routing.margin())  # memory first, answered with when it was stored
    if not best.served and SAID_VALUE.match(clause) and not is_question(clause):
        return None  # "my email is ana@lab.org" says a value; it asks for no e-mail to be sent
    if not best.served:
        clear = best.score >= GAP_SCORE
        if (
            clear
            and capability is not None
            and (capability.is_gap_kind or capability.kind == "tool")
            and capability.kind != "public"
        ):
            return Reply(
                replies.missing(capability.summary, tools),  # the gap check said so first, when it ran
                f"The request needs {capability.summary}; no connected tool provides it.",
                0.0,
                "decline",
            )
        return _question(clause, best, tools, routing.margin())
    open_world = capability is not None and capability.name == "web_search"
    if (open_world or _opens_world(best.tools[0])) and not (
        is_question(clause) or (not open_world and not _FINITE.search(clause))
    ):  # a new server's search may take a bare topic with no verb ("grants on ecology since 2020")
        return None  # never send a statement to a public engine
    # Slot completeness is part of the route: a close runner-up whose tool can be filled beats a winner that can't.
    first = fill(best.tools[0], clause, capability, context)
    # A day the request gives that the winner leaves unread ("sunrise in Oslo tomorrow" is no clock question):
    # a new tool further behind that reads it is a rival too.
    unread = bool(slots.dates(clause, context.today)) and first.typed < 2 and not _reads(best.tools[0], "date")
    rivals = [best] + [
        r for r in routing.routes[1:6]
        if r.served and (r.capability is None or r.capability.kind == "tool") and r.score >= best.score - (
            2 * RIVAL_WINDOW if unread and r.capability is None and _reads(r.tools[0], "date") else RIVAL_WINDOW)
    ]  # fmt: skip
    rivals = [r for r in rivals if not _overrules(clause, best, r) and (r is best or not (asked and _writes(r)))]
    # one of our writes none of whose words was said is no reading of an order for another tool ("post in #x")
    if best.capability is None and acts_asked(clause, ordered_verb(clause)):
        rivals = [r for r in rivals if r is best or r.evidence or r.capability is None or not r.capability.writes]
    if best.capability is None and ToolFacts.of(best.tools[0]).read_only is False:  # "reserve a room …" names its
        # tool over the others: ask for what it lacks
        rivals = [r for r in rivals if r is best or not _named_by(clause, best, r) or _named_by(clause, r, best)]
    chosen: tuple[Route, Any, Filled] | None = None
    if best.capability is None and _ordered_write(clause, best.tools[0]):  # "log a weight for cage CG-0412" asks
        rivals = [r for r in rivals if r is best or _changes(r)]  # for the mouse; it reads no cage card
    if first.missing and all(_is_text(best.tools[0], name) for name in first.missing):
        rivals = [best]  # "add a task" lacks its text: ask for it rather than do something else
    if framed is not None or (
        best.tools and (cleared_names(properties_of(best.tools[0]), clause) or leaves_out(best.tools[0], clause))
    ):  # "todo: renew the certificate by 1 December" is a task, whatever else has a date; "… but leave out the
        rivals = [best]  # data folder" is for the tool that leaves it out, never a listing of that folder
    complete: list[tuple[Route, Any, Filled]] = []
    for route in rivals:
        for tool in route.tools:
            filled = fill(tool, clause, route.capability, context)
            _named_code(clause, tool, filled, tools)
            _to_search(clause, tool, filled, tools, context)
            if chosen is None:
                chosen = (route, tool, filled)
            if not filled.missing or (route.capability is None and _found_in_turn(clause, tool, filled, tools)):
                complete.append((route, tool, filled))
                break
    if best.tools and _reads(best.tools[0], "time_of_day") and slots.time_of_day(slots.spoken_clock(clause)):
        # "convert 3pm to Tokyo time": a tool that ignores the time it was given answers another question
        complete = [c for c in complete if _reads(c[1], "time_of_day")]
    if complete and complete[0][0] is best and best.evidence > 0:  # "remember the freezer in room 4 is broken"
        # a catalogue rival none of whose words were said, that reads only a number as its item, is no reading of it
        complete = [c for c in complete if c[0].evidence > 0 or c[0].capability is None or not _ids_only(*c[1:])]
    if complete:  # of the routes that can run, the one that uses most of what the request says
        chosen = max(complete, key=lambda c: (c[2].typed, _covered(clause, *c), c[0].score))
    assert chosen is not None
    route, tool, filled = chosen
    capability = route.capability
    step = Planned(clause, route, capability, tool, filled=filled, margin=routing.margin())
    if (
        capability is not None
        and capability.entity
        and not capability.writes
        and (about := _ABOUT_TOPIC.search(clause))
    ):
        step.topic = about["topic"]  # "which of my tasks are about ordering something?": only those
    if (
        _APART.search(clause)
        and not locate_places(clause)
        and any(kind_of(n, p) == "timezone" for n, p in properties_of(tool).items())
    ):  # "what's the time difference?": between where is not said, and UTC is no answer
        step.clarify = "Between which places? For example: “the time difference between London and Tokyo”."
        step.clarify_reason = "The request asks how far apart two clocks are without naming the places."
        return step
    if filled.unsure and not filled.unknown:  # "time in Portland": Oregon or Maine
        said, readings = filled.unsure[0]
        unsure = Planned(clause, route, capability, margin=routing.margin())
        either = f"{', '.join(readings[:-1])} or {readings[-1]}"
        named = said.title() if said.islower() else said  # "which birmingham": a name, as it is written
        unsure.clarify = (
            f"{country_name(said)} spans several time zones. Which city do you mean: {either}?"
            if spans_zones(said)
            else f"Which {named} do you mean: {either}? Say it with the state or country."
        )
        unsure.clarify_reason = (
            f"{country_name(said)} spans several time zones, so I did not pick one."
            if spans_zones(said)
            else f"{said} is the name of several places far apart, so I did not guess one."
        )
        zoned = any(kind_of(n, p) == "timezone" and n in filled.args for n, p in properties_of(tool).items())
        if filled.missing or filled.reference or not zoned or slots.time_of_day(clause):
            # never the server's default zone instead, nor a clock for a time to convert
            return unsure
        step.calls = _calls(filled)  # "Tokyo and Portland": Tokyo's answer, then the question about Portland
        step.then = unsure
        return step
    if filled.unknown:
        names = ", ".join(f"‘{u}’" for u in filled.unknown)
        unknown = Planned(clause, route, capability, margin=routing.margin())
        unknown.clarify = (
            f"I couldn't match {names} to a time zone. Ask with a city (e.g. Tokyo) or an IANA time zone name "
            "(e.g. Europe/Paris)."
        )
        unknown.clarify_reason = f"{names} is not a place I can map to a time zone, so I did not guess one."
        clocked = bool(slots.time_of_day(slots.spoken_clock(clause))) and not _reads(tool, "time_of_day")
        if filled.missing or filled.reference or clocked:  # "3pm Narnia time in Tokyo": never Tokyo's time now
            return unknown
        step.calls = _calls(filled)  # "Tokyo and Narnia": Tokyo's answer, then the question about Narnia
        step.then = unknown
        return step
    if filled.missing:
        _carry(clause, tool, filled, earlier or dialogue.last_call, tools)
    apart = _clocks_apart(clause, capability, tool, filled, tools)
    if apart is not None:  # "how many hours ahead of London is Tokyo?": both clocks now, each with its offset
        apart.margin = routing.margin()
        return apart
    moved = _only_a_day(tool, filled, context) if route.capability and route.capability.entity else None
    if moved is not None:  # "push the microscope task to Wednesday": no field of the tool holds a day
        number = next((str(v) for v in filled.args.values() if isinstance(v, int) and not isinstance(v, bool)), "N")
        moved = moved if moved in clause else moved[:1].lower() + moved[1:]  # as said, not as a title
        fields = " and ".join(
            n.replace("_", " ") for n, p in properties_of(tool).items() if kind_of(n, p) in {"text", "entity"}
        )
        step.clarify = (
            f"A {route.capability.entity} here has only a {fields}, no date, so I can't move it to {moved}. To keep "
            f"the day with it, say “add a note to {route.capability.entity} {number}: due {moved}”"
            + (f" ({number} is its number in the list)." if number == "N" else ".")
        )
        step.clarify_reason = f"{tool.name} keeps no date; writing '{moved}' as its text would lose the {fields}."
        return step
    if _found_by_search(step, tools):
        return step
    _twin_defaults(tool, filled, tools)
    if _found_by_listing(step, tools):
        return step
    if filled.missing:
        needed = ", ".join(n.replace("_", " ") for n in filled.missing)
        what = capability.summary if capability else step.tool.name.replace("_", " ")
        step.clarify = f"For {what} I need the {_with_options(step.tool, filled.missing)}. Could you tell me?"
        step.clarify_reason = (
            f"{step.tool.name} needs {needed}, which the request does not say, so I asked instead of guessing."
        )
        return step
    if filled.reference:
        return _with_lookup(step, tools, context)
    step.calls = _calls(filled)
    return step


_APART = re.compile(
    r"\b(?:how\s+(?:many\s+hours?|far)\s+(?:ahead|behind)|time\s+difference|difference\s+in\s+time|hours?\s+(?:ahead|behind)"
    r"|time\s+gap)\b",
    re.I,
)


def _clocks_apart(clause: str, capability: Any, tool: Any, filled: Filled, tools: list[Any]) -> Planned | None:
    """A conversion asked with no time of day, about how far apart two places' clocks are ("time difference
    between Oslo and Lima"): the current time in each, whose offsets answer it (no time of day is made up)."""
    if capability is None or capability.name != "time_convert" or not filled.missing or not _APART.search(clause):
        return None
    properties = properties_of(tool)
    zones = [v for n, v in filled.args.items() if kind_of(n, properties.get(n, {})) == "timezone" and v]
    if any(kind_of(n, properties.get(n, {})) != "time_of_day" for n in filled.missing) or len(set(zones)) != 2:
        return None
    now = _provider("current_time", tools)
    zone = next((n for n, p in properties_of(now).items() if kind_of(n, p) == "timezone"), None) if now else None
    if zone is None:
        return None
    clock = catalogue()["current_time"]
    step = Planned(clause, Route(clock.name, 0.0, clock, (now,)), clock, now, filled=Filled({zone: zones[0]}))
    step.calls = [{zone: z} for z in zones]
    return step


def _with_options(tool: Any, missing: list[str]) -> str:
    """The missing parameters as a person reads them, each with its options when it has a few ("category (travel,
    lodging, meals, …)")."""
    said = []
    for name in missing:
        prop = properties_of(tool).get(name, {})
        listed = (enum_options(prop) or described_options(prop)) if kind_of(name, prop) == "enum" else []
        options = [str(o) for o in listed if o is not None]
        listed = f" ({', '.join(options)})" if 1 < len(options) <= 10 else ""
        said.append(_readable(name, prop) + listed)
    return ", ".join(said)


def _readable(name: str, prop: dict[str, Any]) -> str:
    """A parameter's name as a person reads it: "message id" for ``messageId``; for a name that says nothing on its
    own ("to", "q"), its description's words: "recipient email addresses" for ``to``."""
    said = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name).replace("_", " ").lower()
    described = re.sub(
        r"^(?:(?:a|an|the)\s+)?(?:(?:list|array|set)\s+of\s+)?", "", str(prop.get("description") or ""), flags=re.I
    )
    described = re.split(r"[.;:(,]", described, maxsplit=1)[0].strip()
    if (set(words(said)) <= STOPWORDS or len(said) <= 2) and described and len(described.split()) <= 6:
        return described[0].lower() + described[1:]
    return said


_AROUND_A_DAY = frozenset(
    {
        "on",
        "at",
        "by",
        "to",
        "for",
        "in",
        "the",
        "a",
        "next",
        "this",
        "coming",
        "until",
        "till",
        "from",
        "before",
        "after",
    }
)


def _only_a_day(tool: Any, filled: Filled, context: Context) -> str | None:
    """The day a write would store as an item's whole text ("Next Friday" as a title), when no parameter of the
    tool takes a date: the request moves a date the tool does not keep."""
    properties = properties_of(tool)
    if any(kind_of(n, p) in {"date", "datetime"} for n, p in properties.items()):
        return None
    for name, value in filled.args.items():
        text = str(value).strip(" .!?")
        if kind_of(name, properties.get(name, {})) not in {"text", "entity"} or not text or name in filled.defaults:
            continue
        spans = slots.dates(text, context.today) + slots.time_of_day(text)
        left = "".join(c for i, c in enumerate(text) if not any(s.start <= i < s.end for s in spans))
        if spans and not set(words(left)) - _AROUND_A_DAY:  # "remind me to be here at 3pm" keeps "be here"
            return text
    return None


_POINTS_BACK = re.compile(r"\b(?:it|that|this|them|those|these|the same|there|they|their)\b", re.I)


def _carry(clause: str, tool: Any, filled: Filled, last: Any, tools: list[Any]) -> None:
    """A missing value the clause points back to ("order 250 g of it" after looking agarose up) is the previous
    call's value of the same kind (the same parameter first)."""
    before = next((t for t in tools if last is not None and t.name == last.tool_name), None)
    if before is None or not (_POINTS_BACK.search(clause) or _FOLLOW_UP.match(clause)):  # "and the reverse
        return  # complement?" after a GC content: the same sequence
    properties = properties_of(tool)
    earlier = properties_of(before)
    args = {n: v for n, v in last.args_as_dict().items() if n in earlier and v not in (None, "", [])}
    creates = ToolFacts.of(tool).read_only is False and not _by_number(tool)
    for name in list(filled.missing):
        kind = kind_of(name, properties.get(name, {}))
        if creates and kind in {"text", "entity"} and set(words(name)) & {"title", "name", "subject"}:
            continue  # "and add 'X' as its description" after adding a task: never that task's title again
        same = [n for n in args if kind_of(n, earlier[n]) == kind]
        if same:
            filled.args[name] = args[name if name in same else same[0]]
            filled.missing.remove(name)


def _ids_only(tool: Any, filled: Filled) -> bool:
    properties = properties_of(tool)
    return all(kind_of(n, properties.get(n, {})) == "id" for n in filled.args if n not in filled.defaults)


def _covered(clause: str, route: Route, tool: Any, filled: Filled) -> int:
    """How many of the request's content words a call accounts for: words of the typed values it read or, for a
    tool no capability describes, of its own name ("order 2 bottles of PBS": both tools take "PBS", the order
    tool's name says "order"; a catalogue capability's examples already weighed its tools' names)."""
    said = {stem(w) for w in words(clause) if w not in STOPWORDS}
    properties = properties_of(tool)
    values = " ".join(
        str(v)
        for k, v in filled.args.items()
        if k not in filled.defaults
        and (
            kind_of(k, properties.get(k, {})) not in {"text", "entity", "glob"}
            or shaped(example_of(properties[k]), str(v))
            or (role_of(k) and trip_end(k, properties[k]))  # "from A to B": both ends said for it
        )
    )  # a name or a text takes any words; a value of a type or of the example's shape says the tool fits
    named = ToolFacts.of(tool).name_stems - GENERIC_NAME_WORDS if route.capability is None else frozenset()
    given = {stem(w) for k in filled.args if k not in filled.defaults for w in words(k)}  # "with the message '…'"
    return len(said & (named | given | {stem(w) for w in words(values)}))


def _with_lookup(step: Planned, tools: list[Any], context: Context) -> Planned:
    """A step whose item is named by words: first read the listing tool that can say which item it is."""
    assert step.filled is not None and step.filled.reference is not None
    properties = properties_of(step.tool)
    if kind_of(step.filled.reference, properties.get(step.filled.reference, {})) == "path":
        found = _file_lister(tools)
        if found is not None:
            step.lookup, parameter = found
            kind = "folders" if lists_a_folder(step.tool) else "files"  # "now papers" after listing notes/
            step.lookup_args, step.lookup_kind = {parameter: context.resolve_path(".")}, kind
            return step
        step.clarify = "Which file do you mean? Tell me its path (e.g. notes/ideas.txt)."
        step.clarify_reason = "The request names a file without its path and no tool lists the files."
        return step
    step.lookup = _lister(step.tool, tools, step.capability, step.filled.reference)
    if step.lookup is None:
        step.clarify = _which_item(step)
        step.clarify_reason = "The request names an item without its number and no tool lists the items."
    return step


_BY_NAME = re.compile(r"\bor\s+(?:its\s+|the\s+|a\s+)?(?:\w+\s+)?name\b|\bname\s+or\b", re.I)  # "id or usual name"


def _found_by_search(step: Planned, tools: list[Any]) -> bool:
    """ "the opening hours of Café Botanik" for a tool that takes a place's ID: the ID of what the request names is
    found first, with the search tool of the same things (read-only, its one required parameter free text, a noun
    of its name shared: a place search for a tool of place details). The step then calls the search with the
    name and takes the ID of the found item that name fits (``resolve_found``)."""
    filled, tool = step.filled, step.tool
    if filled is None or tool is None or filled.reference is not None or filled.spread is not None:
        return False
    properties = properties_of(tool)
    required = (getattr(tool, "parameters_json_schema", None) or {}).get("required") or []
    for name in required:
        value, prop = filled.args.get(name), properties.get(name, {})
        if not set(words(name)) & _ID_KEYS or _BY_NAME.search(str(prop.get("description") or "")):
            continue
        if not isinstance(value, str) or not (_a_name(value) or name in filled.to_find):
            continue  # an ID as written ("ChIJ7aVx…", "PMID:29409532", "KRAS") is used as it is
        search = _searcher(tool, tools)
        if search is None:
            return False
        query = _query_of(search)
        filled.args.pop(name)
        filled.reference = name
        step.lookup, step.lookup_args, step.lookup_kind = search, {query: value}, "found"
        return True
    return False


def _to_search(clause: str, tool: Any, filled: Filled, tools: list[Any], context: Context) -> None:
    """ "read the confocal settings file on the drive" for a tool that takes the file's ID in the store's own codes:
    the words the same server's search would look for stand for the ID, to be searched first (``_found_by_search``)."""
    if len(filled.missing) != 1 or filled.reference is not None or filled.spread is not None:
        return
    if not ToolFacts.of(tool).read_only:
        return  # a change is made to an item said by its ID, or asked about: never to the best guess of a search
    if not (is_question(clause) or ordered_verb(clause)):
        return  # "notion's new database views are confusing": a remark looks nothing up
    name = filled.missing[0]
    if kind_of(name, properties_of(tool).get(name, {})) != "code" or (search := _searcher(tool, tools)) is None:
        return
    query = str(fill(search, clause, None, context).args.get(_query_of(search)) or "")
    said = query.split()
    kinds = ToolFacts.of(tool).name_stems | {stem(w) for named in catalogue().file_kinds.values() for w in named}
    looked_for = " ".join(said[:-1]) if len(said) > 1 and stem(said[-1].lower()) in kinds else query  # "the X file"
    own = ToolFacts.of(tool).name_stems | ToolFacts.of(search).name_stems | act_stems()
    if not {stem(w) for w in words(looked_for) if w not in STOPWORDS} - own:  # no "read that email"
        return
    required = (getattr(tool, "parameters_json_schema", None) or {}).get("required") or []
    for other, value in list(filled.args.items()):  # an optional filter holding the same words ("Onboarding page")
        if other not in required and isinstance(value, str) and set(words(value)) <= set(words(query)):
            filled.args.pop(other)
    filled.missing.remove(name)
    filled.args[name] = looked_for
    filled.to_find.add(name)


@dataclass(frozen=True)
class Link:
    """One ID a step's tool takes that the server's own listing finds: the parameter, the read-only tool that lists
    those things (what it requires is said, or found by an earlier link), and the name the request calls the thing
    by ("Okafor Lab" of "the Okafor Lab base"). ``said``: the request gave it by name, which the tool takes as it is;
    it is listed only to tell which of several earlier things holds it (the base holding "the Samples table")."""

    name: str
    lister: Any
    phrase: str
    said: bool = False


@dataclass(frozen=True)
class _Choice:
    """One way of filling a chain's IDs so far, with what each found thing is called (for a question)."""

    args: dict[str, Any]
    names: tuple[str, ...] = ()


_BRANCHES = 5  # at most this many candidates are looked into before the question is asked instead


def _id_lister(name: str, tool: Any, tools: list[Any], known: set[str] | None) -> Any:
    """The read-only tool that lists the things the ID parameter ``name`` takes ("baseId": a listing of bases, "tableId":
    a listing of tables, which requires the base's ID): named by the parameter's one noun, requiring nothing but
    parameters that are ``known`` (any, with None); the one requiring least."""
    said = words(name)
    nouns = {stem(w) for w in said if w not in _ID_KEYS}
    if not set(said) & _ID_KEYS or len(nouns) != 1:
        return None
    listers = []
    for candidate in tools:
        required = set((getattr(candidate, "parameters_json_schema", None) or {}).get("required") or [])
        if (
            candidate is not tool
            and ToolFacts.of(candidate).read_only
            and nouns <= ToolFacts.of(candidate).name_stems
            and name not in required
            and (known is None or required <= known)
        ):
            listers.append((len(required), candidate))
    return min(listers, key=lambda found: found[0])[1] if listers else None


def _found_by_listing(step: Planned, tools: list[Any]) -> bool:
    """The required IDs the request leaves unsaid ("ID of the base", "ID or name of the table"), when the server lists
    those things with read-only tools named by the same nouns: each listing is read in turn (the tables of the base
    found before them) and the item the request names is taken, or the only one; with several bases and "the Samples
    table" said, the tables of each base are read and the base holding it is taken. Otherwise the question names
    the candidates (``advance_chain``)."""
    filled, tool = step.filled, step.tool
    if filled is None or tool is None or filled.spread is not None or step.capability is not None:
        return False  # (our own items are found by their words in their listing)
    unsaid = _unsaid(filled)
    if not unsaid:
        return False
    chain = _id_chain(step.clause, tool, filled, tools, unsaid)
    if not chain:
        return False
    for link in chain:
        if link.name in filled.missing:
            filled.missing.remove(link.name)
    filled.reference = None
    step.chain = chain
    step.lookup, step.lookup_kind = chain[0].lister, "chain"
    return True


def _id_chain(clause: str, tool: Any, filled: Filled, tools: list[Any], unsaid: list[str]) -> list[Link]:
    """The links that find the ``unsaid`` IDs of ``tool`` in turn (and the bases of a table said by name), or none
    when one of them has no listing."""
    properties = properties_of(tool)
    named = [  # "the Samples table" for "ID or name of the table": kept as said, unless a listing finds its ID
        n
        for n, v in filled.args.items()
        if isinstance(v, str) and _a_name(v) and _BY_NAME.search(str(properties.get(n, {}).get("description") or ""))
    ]
    known, chain, pending = set(filled.args) - set(named), [], [*unsaid, *named]
    while pending and len(chain) < 2 * _BRANCHES:
        found = next(((n, lister) for n in pending if (lister := _id_lister(n, tool, tools, known))), None)
        if found is None:  # a list's ID, when lists are listed by board: the board's ID is found first
            needs = [
                r
                for n in pending
                if (lister := _id_lister(n, tool, tools, None)) is not None
                for r in (getattr(lister, "parameters_json_schema", None) or {}).get("required") or []
                if r not in known and r not in pending and _id_lister(r, tool, tools, None) is not None
            ]
            if not needs:
                break
            pending.insert(0, needs[0])
            continue
        name, lister = found
        said = name in named
        phrase = str(filled.args[name]) if said else str(getattr(called_by_name(clause, name), "value", ""))
        chain.append(Link(name, lister, phrase, said))
        known.add(name)
        pending.remove(name)
    return [] if set(pending) & set(unsaid) else chain


def _found_in_turn(clause: str, tool: Any, filled: Filled, tools: list[Any]) -> bool:
    """Whether every parameter ``tool`` lacks is an ID its server's listings find (``_found_by_listing``)."""
    return (
        bool(filled.missing) and filled.spread is None and bool(_id_chain(clause, tool, filled, tools, _unsaid(filled)))
    )


def _unsaid(filled: Filled) -> list[str]:
    """The parameters a request leaves unsaid: those missing, and an ID to be found by words."""
    return [*filled.missing, *([filled.reference] if filled.reference and filled.reference not in filled.args else [])]


def _pick(clause: str, link: Link, items: list[dict[str, Any]], *, last: bool) -> tuple[list[tuple[Any, str]], bool]:
    """The listed or found items the request names for one link, each with the field holding its ID, and whether
    the request named them (False: every item, none being named). A name said is the item named exactly so (the
    first, in the listing's order), else the only one whose name holds every word said; an item whose name the
    request says ("…: Okafor Lab", the answer to a question) is that one; else those whose names hold the words
    said; the last link's item may be named by the request's words when no name was said ("show all samples")."""
    keyed = [(item, key) for item in items if (key := _key_for(link.name, item))]
    said = {stem(w) for w in words(link.phrase.lower()) if w not in STOPWORDS}
    fits = [p for p in keyed if said and said <= {stem(w) for w in words(_item_name(p[0]).lower())}]
    exact = [p for p in fits if words(_item_name(p[0]).lower()) == words(link.phrase.lower())]
    if exact or len(fits) == 1:
        return (exact or fits)[:1], True
    named = [p for p in fits or keyed if _item_name(p[0]) and _says_name(clause, _item_name(p[0]))]
    if len(named) == 1 or fits:
        return named if len(named) == 1 else fits, True
    if link.said:
        return [], False
    worded = _matches(clause, [i for i, _ in keyed]) if last and not link.phrase else []
    if worded:
        return [p for p in keyed if any(p[0] is w for w in worded)], True
    return keyed, False


def _not_found(thing: str, phrase: str, looked: str) -> str:
    """The question when nothing listed or found is the thing asked for (``looked``: what was done for ``phrase``)."""
    if not phrase:
        return f"I found no {thing} listed. Which {thing} do you mean? Tell me its ID."
    return f"I {looked}. Which {thing} do you mean? Tell me its name as it is listed, or its ID."


def _which(thing: str, names: list[str]) -> str:
    shown = list(dict.fromkeys(names))[:7]
    if len(shown) < 2:  # two called the same
        return f"Which {thing} do you mean? Tell me its ID."
    return f"Which {thing} do you mean: {', '.join(shown[:-1])} or {shown[-1]}?"


def advance_chain(step: Planned, looked: list[Any]) -> list[tuple[Any, dict[str, Any]]]:
    """The listing calls a step's chain of IDs still needs (``looked``: the listings read so far), or none: then its
    calls are filled, or its question is set."""
    assert step.filled is not None
    filled = step.filled
    listed = {(s.call.tool_name, repr(sorted(s.call.args_as_dict().items()))): s for s in looked}
    choices = [_Choice({})]
    for depth, link in enumerate(step.chain):
        branching, last = len(choices) > 1, depth == len(step.chain) - 1
        if link.said and not branching:
            continue  # "the Samples table" of the one base: sent as said
        wanted, grown = [], []
        required = (getattr(link.lister, "parameters_json_schema", None) or {}).get("required") or []
        for choice in choices:
            args = {r: choice.args.get(r, filled.args.get(r)) for r in required}
            result = listed.get((link.lister.name, repr(sorted(args.items()))))
            if result is None:
                wanted.append((link.lister, args))
                continue
            picked, named = _pick(step.clause, link, listed_items(result.content) if result.ok else [], last=last)
            if branching and not named:
                continue  # this base holds no table of that name
            grown += [
                _Choice({**choice.args, link.name: i[k]}, (*choice.names, _item_name(i) or str(i[k])))
                for i, k in picked
            ]
        if wanted:
            return wanted
        if not grown:
            _chain_question(step, link, choices, depth)
            return []
        choices = grown
        if len(choices) > _BRANCHES and not last:
            break
    if len(choices) == 1:  # (a board's ID found on the way to its list's is no argument of the tool's)
        properties = properties_of(step.tool)
        filled.args.update({k: v for k, v in choices[0].args.items() if k in properties})
        step.calls = _calls(filled)
        return []
    links = [k for k in step.chain if k.name in choices[0].args]
    differ = next((d for d in range(len(links)) if len({c.names[d] for c in choices}) > 1), None)
    thing = _thing(links[-1 if differ is None else differ].name)
    named = [c.names[differ] if differ is not None else str(c.args[links[-1].name]) for c in choices]  # by ID, when
    step.clarify = _which(thing, named)  # two are called the same
    step.clarify_reason = f"Several {thing}s fit the request and none is named exactly so, so I asked."
    return []


def _thing(name: str) -> str:
    return " ".join(w for w in words(name) if w not in _ID_KEYS) or "one"


def _chain_question(step: Planned, link: Link, choices: list[_Choice], depth: int) -> None:
    """Nothing listed fits: which one is meant, naming the things listed before (the bases none of which holds
    "the Samples table") or what was asked for and not found."""
    thing = _thing(link.name)
    if len(choices) > 1:
        parent = _thing(step.chain[depth - 1].name)
        which = _which(parent, [c.names[-1] for c in choices])
        step.clarify = f"I found no {thing} ‘{link.phrase}’ in any {parent}. {which}" if link.phrase else which
    else:
        step.clarify = _not_found(thing, link.phrase, f"found no {thing} called ‘{link.phrase}’")
    step.clarify_reason = f"{link.lister.name} listed no {thing} the request names, so I did not guess."


_ON_IT = re.compile(r"^\W*(?:(?:and|then|now|also|please|pls)\W+)*[a-z]+\s+(?:it|them|that\s+one|this\s+one)\b", re.I)


def _found_reader(clause: str, search: Any, tools: list[Any]) -> tuple[Any, str] | None:
    """ "… and read it to me" after a new server's search: the tool of the same server that does what the verb says
    to one found item, by its one required parameter, an ID ("fileId" of a file search's found files)."""
    if search is None or not _ON_IT.match(clause) or not ToolFacts.of(search).read_only:
        return None
    acts = acts_asked(clause, ordered_verb(clause))
    nouns = ToolFacts.of(search).name_stems - GENERIC_NAME_WORDS
    for tool in tools:
        required = (getattr(tool, "parameters_json_schema", None) or {}).get("required") or []
        if (
            tool is not search
            and nouns & ToolFacts.of(tool).name_stems
            and acts & name_acts(tool.name)
            and len(required) == 1
            and set(words(required[0])) & _ID_KEYS
        ):
            return tool, required[0]
    return None


def _on_found(clause: str, earlier: Planned, tools: list[Any]) -> Planned | None:
    """ "find the passaging SOP on the drive and read it to me": the search runs first as the step's lookup, and the
    found item the searched words name is read (``resolve_found``), never a file of another server."""
    if earlier.capability is not None or len(earlier.calls) != 1:
        return None
    found = _found_reader(clause, earlier.tool, tools)
    if found is None:
        return None
    tool, name = found
    filled = Filled({})
    filled.reference = name
    step = Planned(clause, Route(f"found:{tool.name}", 1.0, None, (tool,)), None, tool, filled=filled)
    step.lookup, step.lookup_args, step.lookup_kind = earlier.tool, dict(earlier.calls[0]), "found"
    step.margin = earlier.margin
    return step


def _twin_defaults(tool: Any, filled: Filled, tools: list[Any]) -> None:
    """A required parameter not said that another tool gives a default under the same name and description (a
    server's ``species``, "e.g. homo_sapiens or human", defaulting to human everywhere but where it is required):
    that default, as the server's own convention."""
    properties = properties_of(tool)
    for name in list(filled.missing):
        described = properties.get(name, {}).get("description")
        twins = (properties_of(t).get(name) or {} for t in tools if t is not tool)
        default = next(
            (p["default"] for p in twins if p.get("description") == described and p.get("default") is not None), None
        )
        if described and default is not None:
            filled.args[name] = default
            filled.defaults.add(name)
            filled.missing.remove(name)


def _a_name(value: str) -> bool:
    """Whether a value given for an ID is what a person calls the thing ("Café Botanik", "Botanik", "the bar"): words
    of letters, none all capitals or with a capital inside, as no ID is written."""
    said = value.strip()
    return bool(re.fullmatch(r"[^\W\d_]+(?:[ '’-]+[^\W\d_]+)*", said)) and (
        " " in said or said.lower() in dictionary() or (not said.isupper() and not re.search(r"[a-z][A-Z]", said))
    )


def _searcher(tool: Any, tools: list[Any]) -> Any:
    """The read-only tool that finds the things ``tool`` takes the ID of by words: one required free-text parameter,
    a noun of its name shared with the tool's ("place" of a search of places and of a tool of a place's details)."""
    nouns = ToolFacts.of(tool).name_stems - GENERIC_NAME_WORDS
    found = []
    for candidate in tools:
        facts = ToolFacts.of(candidate)
        if candidate is tool or not facts.read_only or not nouns & facts.name_stems or not _query_of(candidate):
            continue
        found.append((len(nouns & facts.name_stems), "search" in name_acts(candidate.name), candidate))
    return max(found, key=lambda f: f[:2])[2] if found else None  # not the geocoder that shares only "maps"


def _query_of(search: Any) -> str | None:
    """The free-text parameter a search tool finds things by: its one required parameter, or, for a search that
    requires nothing ("Search by title", a "query" that defaults to everything), its query."""
    required = (getattr(search, "parameters_json_schema", None) or {}).get("required") or []
    properties = properties_of(search)
    if len(required) == 1:
        return required[0] if kind_of(required[0], properties.get(required[0], {})) in {"text", "entity"} else None
    # (an operation id ending in "search" is named by it too)
    if required or stem("search") not in ToolFacts.of(search).name_stems:
        return None
    return next((n for n in properties if words(n) in (["query"], ["q"], ["search"], ["search", "term"])), None)


def resolve_found(step: Planned, found: list[dict[str, Any]]) -> None:
    """The ID of the found item the request names ("Café Botanik", ``_pick``): the only one found too; else a
    question naming what was found ("Botanik": Café Botanik or Botanik Bar)."""
    assert step.filled is not None and step.filled.reference is not None and step.lookup is not None
    name = step.filled.reference
    phrase = str(next(iter(step.lookup_args.values()), step.lookup_name))
    picked, _ = _pick(step.clause, Link(name, step.lookup, phrase), found, last=True)
    if len(picked) == 1:
        item, key = picked[0]
        step.filled.args[name] = item[key]
        step.calls = _calls(step.filled)
        return
    thing = _thing(name)
    if not picked:
        step.clarify = _not_found(thing, phrase, f"searched for ‘{phrase}’ and found no {thing}")
        step.clarify_reason = f"{step.lookup.name} found nothing for ‘{phrase}’, so I did not guess."
        return
    step.clarify = _which(thing, [_item_name(i) or str(i[k]) for i, k in picked[:5]])
    step.clarify_reason = f"{len(picked)} {thing}s were found for ‘{phrase}’ and none is named exactly so, so I asked."


def _says_name(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.I) is not None


def _item_name(item: dict[str, Any]) -> str:
    """What a found item is called: its title, name or subject."""
    return str(next((item[k] for k in ("title", "name", "subject", "label") if isinstance(item.get(k), str)), ""))


def _which_item(step: Planned) -> str:
    """The question for an item named without its number, in the words of the parameter that takes it: "Which
    issue do you mean? Tell me its number.", "Which organism do you mean? Tell me its ID (e.g. 9606)."."""
    assert step.filled is not None and step.filled.reference is not None
    name = step.filled.reference
    prop = properties_of(step.tool).get(name, {}) if step.tool is not None else {}
    said = words(name)
    thing = " ".join(w for w in said if w not in _ITEM_LABELS) or (step.capability.entity if step.capability else "")
    label = _ITEM_LABELS.get(next((w for w in said if w in _ITEM_LABELS), "number"), "number")
    example = re.search(r"\be\.g\.,?\s*['\"‘“]?([\w:.\-/]+)", str(prop.get("description") or ""))
    return f"Which {thing or 'one'} do you mean? Tell me its {label}{f' (e.g. {example[1]})' if example else ''}."


_ITEM_LABELS = {
    "id": "ID",
    "ids": "ID",
    "key": "key",
    "number": "number",
    "no": "number",
    "num": "number",
    "nr": "number",
}


def _file_lister(tools: list[Any]) -> tuple[Any, str] | None:
    """A read-only tool that lists files under one path (a recursive tree preferred), and its path parameter."""
    options = []
    for tool in tools:
        schema = getattr(tool, "parameters_json_schema", None) or {}
        properties, required = schema.get("properties") or {}, schema.get("required") or []
        paths = [n for n in required if kind_of(n, properties.get(n, {})) == "path"]
        if len(required) != 1 or not paths or not ToolFacts.of(tool).read_only:
            continue
        said = f"{tool.name} {getattr(tool, 'description', '') or ''}".lower()
        if "director" in said or "tree" in said or "list" in said:
            options.append((("recursive" in said or "tree" in said), tool, paths[0]))
    options.sort(key=lambda o: o[0], reverse=True)
    return (options[0][1], options[0][2]) if options else None


_THEN = re.compile(
    r"[,.;!:]\s+(?P<polite>(?:(?:please|pls|so|now|then|just|can\s+you|could\s+you)\s+)*)(?P<verb>[a-z]+)(?P<rest>[^,.;!?]*)",
    re.I,
)


def _then_asks(clause: str, tool: Any) -> bool:
    """A statement followed by a command with a verb of the tool's own name ("we're out of tips, order 10 packs"), or
    by a polite command in words of the tool's name or the first sentence of its description ("I paid 210 CHF for
    the hotel, please submit a claim" of a tool "Submit an expense claim …", "…, can you put it in the queue")."""
    if tool is None:
        return False
    facts = ToolFacts.of(tool)
    described = stems(re.split(r"(?<=[.!?])\s", getattr(tool, "description", None) or "", maxsplit=1)[0])
    return any(
        stem(m["verb"].lower()) in facts.name_stems
        or (
            re.search(r"please|pls|you", m["polite"], re.I)
            and {stem(w) for w in words(f"{m['verb']} {m['rest']}") if w not in STOPWORDS}
            & (facts.name_stems | described)
        )
        for m in _THEN.finditer(clause)
    )


# "SR-10478 is still waiting for the part", "ugh, NCT05877201 finally opened a site", "#general has been quiet": a
# code or a channel as the subject of a verb
_CODE_SAYS = re.compile(
    r"^\s*(?:(?:ugh|oh|ah|well|so|hmm|btw|fyi|update|good\s+news|bad\s+news)\W+)*(?:the\s+)?"
    r"(?:[A-Za-z]+[-_]?\d[\w-]*|#[A-Za-z][\w-]*)\s+"
    r"(?:is|are|was|were|has|had|still|finally|just|already|now|never|got|came|went|[a-z]{3,}ed)\b",
    re.I,
)
_SUBJECT = re.compile(r"^\s*(?:the|a|an|my|our|their|his|her|this|that|these|those|it|its|it's|there)\b", re.I)


def _describes(clause: str, tool: Any) -> bool:
    """A statement about something ("the X takes 20 minutes") that a tool acting on the world is not asked for:
    it opens with a subject, is no question, and uses no word of the tool's name."""
    facts = ToolFacts.of(tool)
    if facts.read_only or is_question(clause) or not _SUBJECT.match(clause):
        return False
    return not (facts.name_stems & {stem(w) for w in words(clause)})


_UNDO = re.compile(r"^\s*(?:cancel|undo|revoke|withdraw|retract|delete|remove|rescind|reverse)\b", re.I)


def _undoes(clause: str, tool: Any) -> bool:
    """A request to undo something ("cancel purchase order 7") sent to a tool without that verb in its name or
    description: a lookup cannot undo anything, and a tool that creates would do the opposite."""
    verb = _UNDO.match(POLITE.sub("", clause))
    return bool(verb) and stem(verb.group(0).strip().lower()) not in ToolFacts.of(tool).all_stems


def _reads(tool: Any, kind: str) -> bool:
    properties = properties_of(tool)
    kinds = {kind, "datetime"} if kind in {"date", "time_of_day"} else {kind}
    return any(kind_of(n, p) in kinds for n, p in properties.items())


def _is_text(tool: Any, name: str) -> bool:
    """Whether a parameter carries words (a title, a message), not one token naming a thing (a revision)."""
    prop = properties_of(tool).get(name, {})
    return kind_of(name, prop) == "text" and not names_one_thing(name, prop)


def _opens_world(tool: Any) -> bool:
    annotations = (getattr(tool, "metadata", None) or {}).get("annotations") or {}
    return (
        annotations.get("openWorldHint") is True
        and annotations.get("readOnlyHint") is True
        and "query" in properties_of(tool)
    )


CLOSE_SERVED = 0.08  # a served reading this close to a missing capability is the request's
NUMBERS_FLOOR = 0.25  # a tool that takes all of a question's numbers answers it from this route score up


_HOW_I = re.compile(r"^\s*how\s+(?:do|can|could|should|would|might)\s+(?:i|we)\s+([a-z]+)(?P<rest>.*)$", re.I)


def _how_i_act(clause: str) -> bool:
    """Whether "how do I …" names an act the tools do ("see my tasks", "list my files"), not a way of working
    ("prioritise my tasks", "get my tasks done faster", "stop procrastinating on my tasks")."""
    said = _HOW_I.match(clause)
    if said is None:
        return True
    verb = said.group(1).lower()
    if verb == "get" and re.search(r"\bdone\b", said["rest"], re.I):
        return False  # "get my tasks done": a way to finish them, not a request to read them
    return verb in catalogue().doing_words


def _computes(route: Route, clause: str, context: Context) -> bool:
    """Whether a connected tool can run on the values the request gives — numbers ("compare 4.1 4.3 vs 5.0 5.2")
    or an identifier of the tool's own shape ("tell me about 2lzm"): then "compare" or "tell me about" asks that
    tool, not for knowledge. "How do I …" asks for knowledge, unless every value the tool needs is a quantity in a
    unit ("how do I make 1 L of 70 mM from a 2 M stock")."""
    if route.capability is not None or not route.served:
        return False
    tool = route.tools[0]
    properties = properties_of(tool)
    required = (getattr(tool, "parameters_json_schema", None) or {}).get("required") or []
    if _HOW_TO_START.search(clause) and not (
        len(required) > 1 and set(required) <= set(slots.quantities(properties, clause))
    ):
        return False
    filled = fill(tool, clause, None, context)
    said = [value for name, value in filled.args.items() if name not in filled.looked_up]  # "Boulder" gives no numbers
    numbers = [v for value in said for v in (value if isinstance(value, list) else [value])]
    return (
        not filled.missing
        and not filled.defaults & set(required)  # a lookup whose day was not said is not what the numbers ask
        and filled.read - filled.typed == sum(kind_of(n, properties.get(n, {})) == "flag" for n in filled.args)
        and (
            any(isinstance(v, int | float) and not isinstance(v, bool) for v in numbers)
            or any(kind_of(n, properties.get(n, {})) in _STRONG for n in filled.args)
        )
    )


_ASKED_TO = re.compile(r"^\W*(?:(?:can|could|would|will)\s+(?:you|u)|please)\s+(?:please\s+|just\s+)?([a-z]+)\b", re.I)


def _acts_missing(tools: list[Any]) -> frozenset[str]:
    """The stems of the verbs of acts that change something outside and that no live tool is named for ("buy",
    "book", "text"): asked for, they are commands, never information questions."""
    said = {stem(k) for c in catalogue() if c.kind == "action" and c.writes for k in c.keywords if " " not in k}
    live = {w for t in tools for w in ToolFacts.of(t).name_stems}
    return frozenset(said - live)


def _question(clause: str, best: Route, tools: list[Any], margin: float) -> Planned | None:
    """An information question: memory first, then a web search tool — only if it is really a question."""
    asked = _ASKED_TO.match(clause)
    if asked and stem(asked[1].lower()) in _acts_missing(tools):
        return None  # "could you buy two tickets for the dinner?" asks for an act no tool does: nothing to look up
    public = best.capability is not None and best.capability.kind == "public" and best.score >= EXAMPLE_THRESHOLD
    asks_memory = best.capability is not None and best.capability.name == "memory_search"  # "what do you remember …"
    searches = asks_memory and (
        bool(framed_by(" ".join(POLITE.sub("", clause.lower()).split())).get("memory_search"))
        or (best.evidence > 0 and ordered_verb(clause) is not None)  # "check my saved memories for X"
    )
    if not (
        is_question(clause)
        or searches
        or (public and not _STATEMENT.search(clause) and not _DECLARATIVE.search(clause))
    ):  # "check my memory for X" asks without a question mark
        return None
    memory, web = _provider("memory_search", tools), _provider("web_search", tools)
    if (asks_memory or _PERSONAL.search(clause)) and not _HOW_TO_START.search(clause):
        web = None  # a question about the person's own things is for their memory, not a public engine
    if memory is None and web is None:
        return None
    research = catalogue().get("research_question")
    search = catalogue().get("web_search")
    query = strip_framing(clause, Framing(search.framing if search else ())) or clause.strip()
    if web is not None and not set(words(query)) - STOPWORDS - _NO_TOPIC:  # "search the web", "search for it"
        asked = Planned(clause, best, research, margin=margin)
        asked.clarify = "What should I search for? Tell me the topic, e.g. “search the web for pgvector HNSW tuning”."
        asked.clarify_reason = "The request asks for a search but names nothing to search for."
        return asked
    if web is not None and _ABOUT_IT.search(clause) and len(set(words(clause)) - STOPWORDS - _NO_TOPIC) <= 2:
        web = None  # "… and tell me how big it is": about what came before, no topic for a public engine
    if memory is None and web is None:
        return None
    counted = _RESULTS.search(clause) or _TOP_N.search(clause)  # "just the top 3 results for X": how many, not what
    if counted:
        before, after = clause[: counted.start()], clause[counted.end() :]
        lead = "" if re.search(r"\b(?:for|on|about)\s*$", before, re.I) else (counted.groupdict().get("to") or "")
        clause = " ".join(f"{before} {lead} {after}".split()).strip(" ,;:")
        query = strip_framing(clause, Framing(search.framing if search else ())) or clause.strip()
    recall = _recalled(clause, best.capability) if asks_memory and best.capability else ""
    queries = _quoted_queries(clause) if web is not None else []
    steps = [
        Planned(
            clause,
            best,
            research,
            question=True,
            memory_tool=memory,
            web_tool=web,
            query=one,
            memory_query=recall or (one if len(queries) > 1 else clause),
            results=slots.spoken_count(counted["n"]) if counted else None,
            margin=margin,
        )
        for one in queries or [query]
    ]
    for step, after in pairwise(steps):  # "search the web for 'A' as well as 'B'": a search for each
        step.then = after
    return steps[0]


_RESULTS = re.compile(
    rf"(?:[,;]?\s*(?:and\s+)?(?:just\s+|only\s+)?(?:give|show|get|bring|find)\s+(?:me\s+)?)?(?:just\s+|only\s+)?(?:the\s+)?"
    rf"(?:top\s+|first\s+)?"
    rf"(?P<n>\d{{1,2}}|{slots.SPOKEN_NUMBER})\s+(?:most\s+relevant\s+|best\s+|top\s+)?"
    rf"(?:results?|hits?|links?|memories)\b(?:\s+(?P<to>for|on|about)\b)?(?:\s+{slots.COUNT_QUALIFIER})*",  # "3 … max"
    re.I,
)


_TOP_N = re.compile(  # "…, only the top 3" at the end: how many, with no noun said
    rf"[,;]?\s*(?:(?:just|only)\s+)?(?:the\s+)?top\s+(?P<n>\d{{1,2}}|{slots.SPOKEN_NUMBER})\s*(?:only\s*)?(?:please\s*)?"
    r"[.!?]?\s*$",
    re.I,
)


def _quoted_queries(clause: str) -> list[str]:
    """The searches a request lists as quoted phrases joined by "and", "as well as" or commas, with nothing said after
    the last ("search the web for 'MACS2 broad peak settings' as well as 'SEACR vs MACS2'")."""
    quoted = list(slots.QUOTED.finditer(clause))
    joins = [clause[a.end() : b.start()] for a, b in pairwise(quoted)]
    if len(quoted) < 2 or clause[quoted[-1].end() :].strip(" ?.!'\"’”"):
        return []
    if not all(re.fullmatch(r"['\"’”]?\s*(?:,|and|as\s+well\s+as|plus|&|,\s*and)?\s*['\"‘“]?", j, re.I) for j in joins):
        return []
    return [m.group(1).strip() for m in quoted]


# Words of a head that asks what was told, beside the memory's own ("have I ever told you anything about X").
_TELLING = ("tell", "told", "ask", "asked", "mention", "mentioned", "ever", "already", "save", "saved")


def _recalled(clause: str, capability: Capability) -> str:
    """What a memory search looks for: the clause without its framing phrase ("search my memory for the Leica
    SP8"), or else without a head whose words only ask ("did I tell you anything about the Krios booking rules?"
    recalls "Krios booking rules")."""
    framed = strip_framing(clause, Framing(capability.framing))
    if words(framed) != words(clause):
        return framed
    said = (*capability.framing, *capability.keywords, *_TELLING)
    return strip_framing(
        clause, Framing(capability.framing, frozenset(stem(w) for phrase in said for w in words(phrase)))
    )


_THE_SAME_FILE = re.compile(r"\b(?:it|that\s+file|this\s+file|the\s+same\s+file)\b", re.I)


def _on_the_same_file(step: Planned, before: Planned) -> None:
    """ "Show me the first 2 lines of results.csv and tell me when it was last modified": a file named by "it" is
    the one the step before reads (its path, or the file its lookup finds)."""
    filled, earlier = step.filled, before.filled
    if filled is None or earlier is None or step.lookup_kind != "files" or not _THE_SAME_FILE.search(step.clause):
        return
    reference = filled.reference
    if reference is None or kind_of(reference, properties_of(step.tool).get(reference, {})) != "path":
        return
    if before.tool is None or lists_a_folder(before.tool) or re.search(r"\b(?:in|inside|from)\s+it\b", step.clause):
        return  # "list the data folder, then read the csv in it": a file in that folder, found by its words
    paths = [n for n, p in properties_of(before.tool).items() if kind_of(n, p) == "path"] if before.tool else []
    if before.calls and paths and isinstance(before.calls[-1].get(paths[0]), str):
        filled.args[reference], filled.reference = before.calls[-1][paths[0]], None
        step.lookup, step.calls = None, _calls(filled)
    elif before.lookup_kind == "files" and earlier.reference is not None and before.clarify is None:
        step.same_file, step.lookup = before, None


def _on_the_file_read_before(step: Planned, call: ToolCallPart, tools: list[Any]) -> None:
    """ "how big is it?" after "Show me notes/ideas.txt": "it" is the file the previous turn's last call read."""
    tool = next((t for t in tools if t.name == call.tool_name), None)
    if tool is None or lists_a_folder(tool):
        return
    paths = [n for n, p in properties_of(tool).items() if kind_of(n, p) == "path"]
    path = call.args_as_dict().get(paths[0]) if paths else None
    if isinstance(path, str):
        before = Planned(step.clause, step.route, None, tool, calls=[{paths[0]: path}], filled=Filled({paths[0]: path}))
        _on_the_same_file(step, before)


def resolve_same_file(step: Planned) -> None:
    """The path of a step that reads "it": the file its ``same_file`` step found by its lookup."""
    same, filled = step.same_file, step.filled
    if same is None or same.filled is None or same.filled.reference is None or filled is None:
        return
    found = same.filled.args.get(same.filled.reference)
    if isinstance(found, str) and filled.reference is not None:
        filled.args[filled.reference] = found
        step.calls = _calls(filled)


def _reference_words(step: Planned) -> str:
    """The part of the clause that names the item: without the new title or note it also carries."""
    clause = step.clause
    value = step.filled.args.get(step.capability.text_param) if step.capability and step.filled else None
    if step.capability and step.capability.text_param and isinstance(value, str) and value:
        if value.lower() in clause.lower():
            start = clause.lower().index(value.lower())
            return clause[:start] + clause[start + len(value) :]
        return re.split(r"\s(?:to|as|into)\s|:", clause, maxsplit=1)[0]
    for said in [] if step.capability or not step.filled else step.filled.args.values():
        if isinstance(said, str) and len(words(said)) > 1:  # "… that the autoclave is fixed": the message's words
            clause = re.sub(re.escape(said), " ", clause, flags=re.I)
    return clause


def _matches(phrase: str, listing: list[dict[str, Any]], *, by_count: bool = False) -> list[dict[str, Any]]:
    """The listed items whose titles share the most words with ``phrase``, all of them on a tie: "the cleaning
    task" names 'Clean the garage' and 'Clean the fume hood' alike, so it is asked about. ``by_count``: the
    phrase is compared with file paths (other words are ignored)."""
    said = {stem(re.sub(r"^(\d+)(?:st|nd|rd|th)$", r"\1", w)) for w in words(phrase.lower()) if w not in STOPWORDS}
    said -= {stem(w) for w in FILE_VERBS} if by_count else _COMMAND_WORDS
    scored = []
    for item in listing:
        title = str(item.get("title") or item.get("name") or "")
        title_stems = {stem(w) for w in words(title) if w not in STOPWORDS}
        overlap = len(said & title_stems)
        if overlap:
            scored.append((overlap, item))
    if not scored and by_count and said:  # a file named only by its kind: "my bibliography", "the csv"
        for item in listing:
            name = str(item.get("title") or item.get("name") or "")
            kinds = catalogue().file_kinds.get(name.rpartition(".")[2].lower(), ())
            if said <= {stem(w) for w in words(" ".join([name, *kinds]))}:
                scored.append((1, item))
    if not scored and by_count:  # a file named by the word its name shortens: "the references file", refs.bib
        for item in listing:
            short = {
                w for w in words(str(item.get("title") or "").rpartition("/")[2].rpartition(".")[0]) if len(w) >= 3
            }
            if any(w.startswith(s.rstrip("s")) and len(w) >= len(s) + 2 for w in said for s in short):
                scored.append((1, item))
    if not scored:
        return []
    best = max(score for score, _ in scored)
    return [item for score, item in scored if score == best]


_EXCEPT = re.compile(  # "— not pipettes", "not the garage one, …", "except the milk"
    r"(?:^|[,;—–-]\s*|\s)(?:but\s+)?(?:not|except(?:\s+for)?|apart\s+from|other\s+than)\s+(?:the\s+)?"
    r"(?P<them>[\w'-]+(?:\s+[\w'-]+){0,3}?)(?:\s+(?:one|task|item)s?)?(?=\s*(?:[,;.!?—–]|$))",
    re.I,
)
_ON_THE_LIST = re.compile(r"\b(?:on|in|of|from)\s+(?:my|the)\s+(?:\w+\s+)?(?:list|tasks|todos)\b", re.I)


def resolve_by_words(step: Planned, listing: list[dict[str, Any]]) -> None:
    """Resolve "the garage task" / "I finished cleaning the garage" against a listing: one clear match becomes
    the id; several equally good ones become a question naming them; none, a question with the list. "The milk
    task and the garage task" resolves each part on its own; "the 2nd one on my list" is the list's second item
    (a bare "the 2nd one" with nothing shown is asked about)."""
    phrase = _reference_words(step)
    files = step.lookup_kind in {"files", "folders"}
    noun = (
        step.lookup_kind[:-1]
        if files
        else (step.capability.entity if step.capability and step.capability.entity else "item")
    )
    ordinals = [] if files else slots.ordinals(phrase)
    earlier = step.plan.steps[: step.plan.steps.index(step)] if step.plan and step in step.plan.steps else []
    lister = getattr(step.lookup, "name", None)  # "show my list then delete the last one": the list just shown
    shown_here = lister is not None and any(s.tool is not None and s.tool.name == lister and s.calls for s in earlier)
    if not _ON_THE_LIST.search(phrase) and not shown_here:  # "the 3rd task" counts on the list like "… on my list"
        ordinals = [o for o in ordinals if re.match(rf"\s*{noun}s?\b", phrase[o.end :], re.IGNORECASE)]
    position = [s.value for s in ordinals]
    if len(position) == 1 and -1 <= position[0] <= len(listing) and listing and step.filled:
        step.filled.args[step.filled.reference] = listing[position[0] - 1 if position[0] > 0 else -1]["id"]
        step.calls = _calls(step.filled)
        return
    excluded = {i["id"] for found in _EXCEPT.finditer(phrase) for i in _matches(found["them"], listing)}
    if excluded:  # "the other order one — not pipettes": never an item the request rules out
        phrase, listing = _EXCEPT.sub(" ", phrase), [i for i in listing if i["id"] not in excluded]
    parts = [p for p in re.split(r"\s+and\s+|,\s*|\s+[+&]\s+", phrase) if p.strip()]  # "ethics form + milk"
    if len(parts) > 1:
        each = [(_named_file(p, listing) if files else None) or _matches(p, listing) for p in parts]
        missing = [n for p in parts if files for n in _bare_names(p) if not _named_file(p, listing)]
        if missing:  # "read refs.bib and nothere.txt": never another .txt file instead
            step.clarify = f"I found no file named {missing[0]}. Which file do you mean? Tell me its path."
            step.clarify_reason = f"No listed file is called {missing[0]}, so I did not read another one."
            return
        ids = list(dict.fromkeys(m[0]["id"] for m in each if len(m) == 1))
        if all(len(m) == 1 for m in each) and (len(ids) == len(each) or (excluded and len(ids) > 1)):
            assert step.filled is not None and step.filled.reference is not None
            step.filled.spread = (step.filled.reference, ids)  # "…, the reagents" said again names it once
            step.calls = _calls(step.filled)
            return
    said_days = [  # a day said with its month ("19 November"): the same whatever today is ("the 20th" is not)
        d
        for d in slots.dates(phrase, date.today(), nearest=True)
        if re.search(
            r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d{4}-\d\d-\d\d", phrase[d.start : d.end], re.I
        )
    ]
    dated = [(i, re.search(r"\d{4}-(\d\d-\d\d)", str(i.get("title")))) for i in listing] if files else []
    if said_days and any(m for _, m in dated):
        # files named by their day: "the notes from the 19 November lab meeting" is that day's file or none, never
        # the 20th's
        listing = [i for i, m in dated if m and m[1] in {str(d.value)[5:] for d in said_days}]
        if not listing:
            day = re.sub(r"^(?:the|on|from)\s+", "", phrase[said_days[0].start : said_days[0].end].strip(), flags=re.I)
            step.clarify = f"I found no file for {day}. Which file do you mean? Tell me its path."
            step.clarify_reason = (
                f"The files are named by their day and none is {day}'s, so I did not read another one."
            )
            return
    named = _bare_names(phrase)
    if files and len(named) == 1:  # "what's in confocal_settings.txt": that file or none, never ideas.txt
        top = _named_file(phrase, listing)
        if not top:
            step.clarify = f"I found no file named {named[0]}. Which file do you mean? Tell me its path."
            step.clarify_reason = f"No listed file is called {named[0]}, so I did not read another one."
            return
    else:
        top = _matches(phrase, listing, by_count=files)
    if not top:
        ask = "Tell me its path." if files else "Tell me its number."
        shown = replies.which_one(listing, noun) if listing and not files else f"Which {noun} do you mean? {ask}"
        step.clarify = (f"I couldn't tell which {noun} you mean. " + shown) if listing else shown
        step.clarify_reason = f"No {noun} on the list matches the words of the request, so I asked instead of guessing."
        return
    if len(top) > 1 and not files and re.search(r"\bboth\b|\ball\b(?!\W*$)", phrase, re.I) and step.filled is not None:
        step.filled.spread = (step.filled.reference, [i["id"] for i in top])  # "both order ones are done"
        step.calls = _calls(step.filled)
        return
    if len(top) > 1:
        step.clarify = replies.which_one(top, noun)
        step.clarify_reason = f"{len(top)} {noun}s match the request equally well, so I asked which one."
        return
    assert step.filled is not None and step.filled.reference is not None
    step.filled.args[step.filled.reference] = top[0]["id"]
    step.calls = _calls(step.filled)


def _bare_names(phrase: str) -> list[str]:
    """File names said without a folder ("confocal_settings.txt")."""
    return [m[0] for m in BARE_FILE.finditer(phrase) if not re.match(r"[/\\~.]", phrase[m.start() - 1 : m.start()])]


def _named_file(phrase: str, listing: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The listed file a phrase names exactly by its one bare name, if any."""
    named = _bare_names(phrase)
    if len(named) != 1:
        return []
    return [i for i in listing if str(i["title"]).rpartition("/")[2].lower() == named[0].lower()][:1]


_MY_TIME = re.compile(
    r"\b(?:(?:in|to|into|for)\s+)?(?:my\s+(?:own\s+)?(?:local\s+)?(?:time(?:\s*zone)?|timezone)|(?:my\s+)?local\s+time"
    r"|where\s+i\s+am|(?:over\s+)?here|for\s+me(?=\s*[?.!]*\s*$))\b",
    re.I,
)
_I_AM_IN = re.compile(
    r"\b(?:i\s+live|i(?:'m|\s+am)\s+(?:based|living|staying|working)?|we(?:'re|\s+are)\s+(?:based)?|i(?:'ll|\s+will)\s+be|i(?:'ve)?\s+"
    r"(?:just\s+)?(?:landed|arrived)|just\s+(?:landed|arrived)|i(?:'m|\s+am)\s+(?:currently|now))\s*(?:in|at)\s+(?P<where>[^.!?,;]+)",
    re.I,
)


_CLOCK_ASKED = re.compile(r"\bwhat(?:'s|s|\s+is)?\s+(?:the\s+)?time\b|\btime\s+is\s+it\b", re.I)


def _placed(text: str, mine: re.Match[str], place: Any) -> str:
    """The text with its "my time" / "here" / "for me" as the place the person is in."""
    return f"{text[: mine.start()]} in {place.label or place.zone}{text[mine.end() :]}"


def _home_place(said: list[str]) -> Any:
    """Where the person said they are, last said first ("I live in Vancouver", "just landed in Istanbul")."""
    for text in reversed(said):
        for found in reversed(list(_I_AM_IN.finditer(text))):
            places = locate_places(found["where"])
            if places:
                return places[0][1]
    return None


_FOR_THEM = re.compile(
    r"\b(?:for|with)\s+(?:her|him|them)\b(?=\s*[?.!,]*\s*$)", re.I
)  # "what time will it be for her?"


CHECK = "offline-check-lookup-"  # the call id prefix of a plan's ``check``


_NO_LOOKUP = re.compile(
    r"\b(?:don'?t|do\s+not|never|no\s+need\s+to|without)\s+(?:\w+\s+)?(?:look(?:ing)?\s+(?:\w+\s+)?up|search(?:ing)?|"
    r"googl(?:e|ing)|brows(?:e|ing)|check(?:ing)?\s+online|go(?:ing)?\s+online)\b",
    re.I,
)


def make_plan(
    dialogue: Dialogue, tools: list[Any], router: Router, today: date, resolve_path: Callable[[str], str]
) -> Plan:
    """The plan for the latest request of ``dialogue`` over ``tools``."""
    if _NO_LOOKUP.search(dialogue.prompt):  # "don't look anything up, just tell me …": no public search this turn
        public = {f.name for f in catalogue().providers("web_search", _facts(tools))}
        tools = [t for t in tools if t.name not in public]
    answering = dialogue.last_kind == "clarify" and bool(dialogue.previous_prompts) and len(words(dialogue.prompt)) <= 6
    picked = picked_place(dialogue.previous_prompts[-1], dialogue.prompt) if answering else None
    if picked:  # "Maine" after "which Portland?"
        dialogue, answering = replace(dialogue, prompt=picked), False
    plan = (_answered if answering else _make_plan)(dialogue, tools, router, today, resolve_path)
    return _fulfilled(
        dialogue,
        tools,
        router,
        Context(today, dialogue.listing, dialogue.last_id, resolve_path, dialogue.touched),
        plan,
    )


def _answered(
    dialogue: Dialogue, tools: list[Any], router: Router, today: date, resolve_path: Callable[[str], str]
) -> Plan:
    """The plan for a short reply to the question the last turn asked ("buy milk" after "What should the task
    say?", "Okafor Lab" after "Which base do you mean: …?"): the asked request again with the reply, when the reply
    is no request of its own and the two together ask nothing more; else the reply's own plan."""
    own = _make_plan(dialogue, tools, router, today, resolve_path)
    if own.steps and all(s.clarify is None for s in own.steps):
        return own  # "list my tasks": a new request
    asked = dialogue.previous_prompts[-1].rstrip(" .?!")
    before = dialogue.previous_prompts[:-1]
    tries = [(f"{asked}: {dialogue.prompt.strip()}", before), (f"{asked}, {dialogue.prompt.strip()}", before)]
    first = len(before)  # "Samples" after "Okafor Lab", itself the answer to the question before: all of them
    while (
        first > 0
        and dialogue.previous_kinds[first - 1] == "clarify"
        and len(words(dialogue.previous_prompts[first])) <= 6
    ):
        first -= 1
    if first < len(before):
        said = [p.strip().rstrip(" .?!") for p in [*dialogue.previous_prompts[first:], dialogue.prompt]]
        tries.append((": ".join(said), dialogue.previous_prompts[:first]))
    mine, places = _MY_TIME.search(asked), locate_places(dialogue.prompt)
    if mine and places:  # "Lisbon" after "Where are you?": "my time" is Lisbon's
        tries.insert(0, (_placed(asked, mine, places[-1][1]), before))
    for joined, earlier in tries:
        again = replace(dialogue, prompt=joined, previous_prompts=earlier)
        plan = _make_plan(again, tools, router, today, resolve_path)
        if plan.steps and all(s.clarify is None for s in plan.steps):
            return plan
    return own


def _fulfilled(dialogue: Dialogue, tools: list[Any], router: Router, context: Context, plan: Plan) -> Plan:
    """A report that what an open task was for has happened ("the reagents arrived this morning", "grabbed the milk
    on my way in"): the tasks are read first, and the one open task whose opening verb the report fulfils and whose
    other words it names is ticked off. With none or several, the message means what it would otherwise."""
    text = corrected(request_only(dialogue.prompt.strip()), tools)
    if (
        is_question(text)
        or ordered_verb(text) is not None  # "get the milk" asks; "got the milk" reports
        or kept_last(text) != text  # "our incubator is set to 5% — please store that": a request to keep it
        or len(plan.steps) > 1  # "the reagents arrived; save that the box is in fridge 2" keeps both requests
        or any(s.capability is not None and s.capability.entity for s in plan.steps)  # already about a task
        or not catalogue().reports_fulfilled(text)
        or _not_done_yet(text)  # "I never sent the ethics form" fulfils nothing
    ):
        return plan
    tool = _provider("task_complete", tools)
    if tool is None:
        return plan
    routing = router.route(text, tools)
    capability = catalogue()["task_complete"]
    route = Route(capability.name, routing.capability_scores.get(capability.name, 0.0), capability, (tool,))
    required = [name for name, _ in _required_of(tool)]
    if len(required) != 1:  # the task's id and nothing else: "all three of them" names no task
        return plan
    filled = Filled({}, reference=required[0])
    lister = _lister(tool, tools, capability, filled.reference)
    if lister is None:
        return plan
    looked = dialogue.calls_for(CHECK)
    if not looked:
        return Plan(check=ToolCallPart(lister.name, {}, tool_call_id=f"{CHECK}{uuid.uuid4().hex[:8]}"))
    listing = listing_of(looked[-1].content) if looked[-1].ok else []
    fits = [
        item
        for item in listing or []
        if str(item.get("status", "")).lower() not in {"completed", "done", "closed"}
        and catalogue().fulfils(text, str(item.get("title") or ""))
    ]
    if len(fits) != 1:
        return plan
    filled.args[filled.reference] = fits[0]["id"]
    step = Planned(text, route, capability, tool, filled=filled, margin=routing.margin())
    step.calls = _calls(filled)
    reported = Plan(steps=[step])
    step.plan = reported
    return reported


def _make_plan(
    dialogue: Dialogue, tools: list[Any], router: Router, today: date, resolve_path: Callable[[str], str]
) -> Plan:
    request = request_only(dialogue.prompt.strip())
    if not words(request) and words(dialogue.prompt):  # "don't delete anything": nothing is to be done
        return Plan(reply=Reply(replies.held_back(), "The message only says what not to do; nothing was called.", 0.9,
                                "chat"))  # fmt: skip
    text = continued(dash_as_colon(enumerated(kept_last(corrected(request, tools)))), dialogue.previous_prompts)
    if has_secret(text):
        return Plan(reply=Reply(
            "That looks like a password, key or other secret. I haven't stored it, searched for it or sent it "
            "anywhere — keep it in a password manager instead.",
            "The message contains a secret; nothing was called, so it went nowhere.", 0.9, "decline"))  # fmt: skip
    context = Context(today, dialogue.listing, dialogue.last_id, resolve_path, dialogue.touched)
    whole = router.route(text, tools)
    if _HYPOTHETICAL.search(text):  # "if I delete task 3 can I get it back?": the conversation's answer, no action
        chat = next((r.capability for r in whole.routes if r.capability and r.capability.kind == "conversation"), None)
        return Plan(reply=_chat(chat if chat and chat.reply in {"undo", "help"} else catalogue()["help"], tools))
    if _is_chat(whole) and whole.best and whole.best.capability and whole.best.score >= CHAT_THRESHOLD:
        return Plan(reply=_chat(whole.best.capability, tools))
    if _asks_what_i_do(text):
        return Plan(reply=_chat(catalogue()["help"], tools))
    if _ABOUT_YOU.match(text):  # "are you a real person?", "who built you?": what the assistant is, nothing looked up
        return Plan(reply=Reply(replies.about_me(tools), "A question about the assistant; no tool was needed.", 0.9,
                                "chat"))  # fmt: skip
    if _PRAISE.match(text):  # "you're a lifesaver honestly"
        return Plan(reply=_chat(catalogue()["thanks"], tools))
    if _RECAP.match(text):  # "what did I ask you earlier?": this conversation's own words, nothing looked up
        said = replies.recap(dialogue.previous_prompts)
        return Plan(reply=Reply(said, "A question about this conversation; no tool was needed.", 0.9, "chat"))
    able = _can_you(dialogue.prompt.strip(), tools, router)
    if able is not None:  # "are you able to read files on my computer?": what it can do there, nothing done
        return Plan(reply=able)
    opener = _opens_chat(whole, context)
    if opener is not None:  # "thanks, that's all for the stockroom": it names a tool's subject, asks nothing of it
        return Plan(reply=_chat(opener, tools))
    plan = Plan()
    # The place named last, in this message or an earlier one: "… in Tokyo? what time is it there", "what time is it
    # in Paris" then "and what's 5pm there in Tokyo time?"
    named = next((p[-1][1] for p in map(locate_places, reversed(dialogue.previous_prompts)) if p), None)
    clauses = split_clauses(text, tools, router)
    if len(clauses) > 1 and _one_call(text, clauses, (dialogue, tools, router, context)):
        clauses = [text]  # "how late is daylight today? we're at 47.61, -122.33": one call's values, two sentences
    for clause in map(corrected, clauses):  # "… and then remnd me to X": each clause opens with its own command
        converts = is_question(clause) or re.search(r"\bconvert\b", clause, re.I)  # never a task's "call here at 5"
        given = slots.time_of_day(slots.spoken_clock(clause))
        mine = _MY_TIME.search(clause) if converts and (given or _CLOCK_ASKED.search(clause)) else None
        if mine is not None:  # "what's 8pm Tokyo time in my time?": where the person said they are, or a question
            home = _home_place([*dialogue.previous_prompts, text])
            if home is None:
                asked = Planned(clause, Route("clarify:home", 1.0, None, ()), catalogue().get("time_convert"))
                then = "convert it" if given else "tell you the time there"  # "what time is it for me?"
                asked.clarify = f"Where are you? Tell me your city (e.g. “in Lisbon”) and I'll {then}."
                asked.clarify_reason = (
                    "The request converts a time to the person's own time, and I don't know where they are."
                )
                asked.plan = plan
                plan.steps.append(asked)
                continue
            clause = _placed(clause, mine, home)
        if named is not None and re.search(r"\bthere\b", clause, re.IGNORECASE):
            clause = re.sub(r"\bthere\b", f"in {named.label or named.zone}", clause, count=1, flags=re.IGNORECASE)
        elif named is not None and len(locate_places(clause)) <= 1 and _FOR_THEM.search(clause):
            clause = _FOR_THEM.sub(f"in {named.label or named.zone}", clause, count=1)  # "My mum is in Manila. …"
        places = locate_places(clause)
        if places:
            named = places[-1][1]
        earlier = None
        if plan.steps and plan.steps[-1].tool is not None and plan.steps[-1].calls:
            earlier = ToolCallPart(
                plan.steps[-1].tool.name, plan.steps[-1].calls[-1]
            )  # "time in Denver? and in Honolulu?"
        same = _SAME_THING.search(clause)
        if same and plan.steps and (prior := _searched_for(plan.steps[-1])):  # "…, then the web for the same thing"
            clause = f"{clause[: same.start()]}{prior}{clause[same.end() :]}"
        context.last_id = _touched_before(dialogue, len(plan.steps)) or dialogue.last_id
        found = _on_found(clause, plan.steps[-1], tools) if plan.steps else None
        if found is not None:  # "find X on the drive and read it": the search becomes the read's lookup
            plan.steps.pop()
        planned = found or _plan_clause(clause, dialogue, tools, router, context, earlier)
        last = plan.steps[-1] if plan.steps else None
        if planned is None and last is not None and last.lookup_kind == "items" and last.lookup is not None:
            last.clause = f"{last.clause} and {clause}"  # "garage is done, also the microscope": one more item
            continue
        if isinstance(planned, Reply):
            if not plan.steps:
                return Plan(reply=planned)
            continue
        if planned is not None and _asked_already(planned, plan):
            continue  # "is it morning in Tokyo? what time is it there": one read answers both
        if isinstance(planned, Planned) and last is not None:
            _on_the_same_file(planned, last)
        elif isinstance(planned, Planned) and dialogue.last_call is not None:  # "how big is it?" after a read
            _on_the_file_read_before(planned, dialogue.last_call, tools)
        while planned is not None:
            planned.plan = plan
            plan.steps.append(planned)
            planned = planned.then
    if not plan.steps:
        if is_question(text):
            understood = "I couldn't match that question to any connected tool, and I don't make up answers."
        elif (
            _STATEMENT.search(text)
            or _DECLARATIVE.search(text)
            or reports(text)
            or (_COPULA.search(text) and not opens_with_command(text))
        ):
            understood = (
                "I read that as a statement rather than a question or a request for one of my tools, so I haven't "
                "looked anything up or sent it anywhere."
            )
        else:  # "order pipettes", "buy 100 shares": a request, just not one for a connected tool
            understood = "None of the connected tools can do that, so I haven't tried it or sent it anywhere."
        return Plan(
            reply=Reply(
                replies.decline(understood, tools),
                "No connected tool fits the request; nothing was called.",
                0.1,
                "decline",
            )
        )
    return plan


# Words a question about what the assistant does is made of, besides its pronouns: "what kind of stuff do you do",
# "hello, what things you can make for me?"
_ABOUT_ME = frozenset(
    [
        "what", "which", "thing", "things", "stuff", "kind", "kinds", "sort", "sorts", "type", "types", "actually",
        "exactly", "really", "else", "all", "for", "me", "make", "do", "does", "doing", "offer", "help", "can",
        "could", "would", "you", "u", "ya", "able", "hello", "hi", "hey", "so", "um", "ok", "okay", "of", "to", "the",
        "a", "some",
    ]
)  # fmt: skip


_ABLE = re.compile(
    r"^\W*(?:are\s+you\s+able\s+to|can\s+(?:you|u)|could\s+you|do\s+you\s+know\s+how\s+to|"
    r"is\s+it\s+possible\s+(?:for\s+you\s+)?to)\s+(?P<asked>[a-z]+\s+(?:[a-z]+\s+)?[a-z]+s)"
    r"(?:\s+(?:on|in|from|for)\s+(?:my|the|our)\s+(?:computer|laptop|machine|pc|mac|disk|drive))?\s*\?+\s*$",
    re.I,
)


_ABOUT_TOPIC = re.compile(
    r"\b(?:are|is)?\s*(?:about|mention(?:s|ing)?|involv(?:e|es|ing)|(?:to\s+)?do\s+with|related\s+to|regarding|"
    r"concerning)\s+(?P<topic>[\w'-]+(?:\s+[\w'-]+){0,3}?)\s*(?:something|anything|stuff)?\s*[?.!]*$",
    re.I,
)


_SAME_THING = re.compile(r"\bthe\s+same\s+(?:thing|things|topic|words|query|search|term|terms)\b", re.I)
_QUERY_WORDS = frozenset({"query", "q", "search", "term", "terms", "topic", "keywords"})


def _searched_for(step: Planned) -> str | None:
    """What a step of this message searched for: its question's query, or its call's query argument."""
    if step.question:
        return (step.query if step.web_tool is not None else step.memory_query) or None
    args = step.calls[-1] if step.calls else {}
    return next((v for n, v in args.items() if isinstance(v, str) and set(words(n)) & _QUERY_WORDS), None)


def _can_you(text: str, tools: list[Any], router: Router) -> Reply | None:
    """ "Are you able to read files on my computer?": a question about an ability, of things in general (a bare
    plural, no item named), answered with what the connected tools can do there (a connected capability and its
    kin: reading, listing, searching files), with an example; nothing is called. An ability no tool has is left to
    the gap check."""
    asked = _ABLE.match(text)
    if asked is None or set(words(asked["asked"])) & {"the", "my", "a", "an", "this", "these", "those", "all", "any"}:
        return None
    best = router.route(asked["asked"], tools).best
    if best is None or not best.served or best.capability is None or best.capability.kind != "tool":
        return None
    family = best.capability.name.split("_")[0]
    live = {name for name, served in router.served_by(tools).items() if served}
    kin = [c for c in catalogue() if c.name.split("_")[0] == family and c.name in live and c.kind == "tool"]
    ordered = [best.capability, *(c for c in kin if c.name != best.capability.name)]
    listed = ", ".join(c.summary for c in ordered[:-1]) + (" and " if len(ordered) > 1 else "") + ordered[-1].summary
    answer = f"With the tools connected now I can help with {listed} — for example, “{ordered[0].examples[0]}”."
    unserved = [c for c in catalogue() if c.name.split("_")[0] == family and c.writes and c.name not in live]
    if unserved and not any(c.writes for c in kin):
        answer += f" What I can't do here: {unserved[0].summary}."
    return Reply(answer, f"A question about an ability ({best.capability.summary}); no tool was needed.", 0.9, "chat")


_RECAP = re.compile(
    r"^\s*(?:(?:can|could)\s+you\s+)?(?:(?:what|which)\s+(?:did|have)\s+(?:i|we)\s+(?:ask(?:ed)?(?:\s+you)?|talk(?:ed)?\s+about|"
    r"discuss(?:ed)?|said)(?:\s+(?:you\s+)?(?:earlier|before|so\s+far|today|in\s+this\s+(?:chat|conversation)))?|"
    r"(?:summari[sz]e|recap)\s+(?:our|this)\s+(?:conversation|chat)|remind\s+me\s+what\s+i\s+asked(?:\s+you)?(?:\s+"
    r"(?:earlier|before))?|what\s+was\s+my\s+(?:first|last|previous)\s+question)\s*[?.!]*\s*$",
    re.I,
)


_ABOUT_YOU = re.compile(  # a question about the assistant itself, the whole message
    r"^\W*(?:(?:hey|hi|so|ok(?:ay)?|um+|quick\s+question)\W+)*(?:"
    r"(?:are|r)\s+(?:you|u)\s+(?:an?\s+)?(?:real\s+)?(?:bot|robot|human|person|people|ai|machine|program|computer|"
    r"chat\s*bot|llm|language\s+model|real)\b(?:\s+or\s+(?:an?\s+)?(?:real\s+)?\w+)?|"
    r"who\s+(?:made|built|created|wrote|programmed|designed|developed|trained|owns|runs)\s+(?:you|u)|"
    r"(?:do|have)\s+you\s+(?:got|have)\s+a\s+name|what(?:'s|\s+is)\s+your\s+name|"
    r"what\s+are\s+you(?:\s+exactly)?|"
    r"(?:(?:can|could)\s+you\s+)?(?:explain|tell\s+me)\s+how\s+you\s+work|how\s+do\s+you\s+work|"
    r"what\s+(?:tools|skills)\s+do\s+you\s+have"
    r")(?:\W+(?:like|exactly|actually|then|anyway)\b[^.?!]{0,40})?\W*$",
    re.I,
)
_PRAISE = re.compile(
    r"^\W*(?:(?:oh|wow|honestly|seriously)\W+)*(?:you(?:'re|’re|\s+are)|ur|u\s+r)\s+(?:a\s+|an\s+|the\s+)?(?:real\s+|total\s+|"
    r"absolute\s+)?(?:lifesaver|life\s+saver|star|legend|genius|gem|hero|best|amazing|awesome|great|brilliant|"
    r"so\s+helpful|very\s+helpful|the\s+best)\b[^.?!]{0,25}\W*$",
    re.I,
)


def _asks_what_i_do(text: str) -> bool:
    """A question about what the assistant does that names nothing else: the help answer, never a lookup."""
    said = words(text)
    return (
        bool({"what", "which"} & set(said))
        and bool({"you", "u", "ya"} & set(said))
        and bool({"do", "does", "make", "offer", "help"} & set(said))
        and not set(said) - _ABOUT_ME
    )


def _is_chat(routing: Any) -> bool:
    """Whether the best route is conversation, well ahead of every route a live tool serves."""
    best = routing.best
    if best is None or best.capability is None or best.capability.kind != "conversation":
        return False
    said = words(routing.text)
    if said and stem(said[0]) in {stem(k) for k in best.capability.keywords}:
        return True  # "thanks, that summary was really helpful!": it opens as chat, whatever it mentions after
    served = next((r.score for r in routing.routes[1:] if r.served), 0.0)
    return best.score - served >= CHAT_LEAD


def _one_call(text: str, clauses: list[str], world: tuple[Dialogue, list[Any], Router, Context]) -> bool:
    """Whether the sentences of a message give the values of one new lookup tool's call between them: the message
    as a whole plans that call, which reads more than any sentence alone, and no sentence asks another tool."""
    dialogue, tools, router, context = world
    planned = _plan_clause(text, dialogue, tools, router, context)  # the whole's plan, not its first route: "when
    # is the deadline? it's on https://…" reads the page the message gives, however its words sound like a log
    if not isinstance(planned, Planned) or not planned.calls:
        return False
    if planned.capability is not None and planned.capability.kind != "public":  # a new server's lookup, even when
        return False  # the catalogue knows what it looks up ("where is the DKFZ? I need coordinates")
    tool = planned.tool
    if not ToolFacts.of(tool).read_only:
        return False
    if any(_found_reader(clause, tool, tools) for clause in clauses[1:]) or gapped(text, tools):
        return False  # "find X on the drive and read it to me", "search A for X and B for Y": a call each
    asks_all, others = False, []
    for clause in clauses:
        alone = router.route(clause, tools).best
        if confident(alone) and alone.capability is not None and alone.capability.kind == "tool":
            return False  # "add a task …. What's 3 vs 4?": a request of its own
        step = _plan_clause(clause, dialogue, tools, router, context)
        if isinstance(step, Planned) and step.calls and step.tool is not tool and step.filled and step.filled.typed > 1:
            return False  # "…, and how much of that stock for 50 ml of 150 mM?": another tool's call on its values
        if (
            isinstance(step, Planned)
            and step.tool is tool
            and step.calls == planned.calls
            and _asks_itself(clause, step)
        ):
            asks_all = True
        else:
            others.append((clause, step))
    # One sentence asks for it all: the others go with it only as questions about its values ("did they change?").
    return not asks_all or all(
        step is None or (isinstance(step, Planned) and step.question and _POINTS_BACK.search(clause))
        for clause, step in others
    )


def _asks_itself(clause: str, step: Planned) -> bool:
    """Whether a sentence says more than the values its call reads: "marqueslab.org" after "what's on the lab's
    homepage?" only gives the address the question needs."""
    given = {w for call in step.calls for value in call.values() for w in words(str(value))}
    return bool({w for w in words(clause) if w.split("'")[0] not in STOPWORDS} - given)  # "we're at 47.61, …" gives


def _opens_chat(routing: Any, context: Context) -> Capability | None:
    """The conversation a message opens with ("thanks, …") when the new tool it mentions gets no value from it."""
    said = words(routing.text)
    chat = next((r for r in routing.routes if r.capability and r.capability.kind == "conversation"), None)
    best = routing.best
    if not said or chat is None or stem(said[0]) not in {stem(k) for k in chat.capability.keywords}:
        return None
    if best is None or best.capability is not None or not best.tools or chat.score < CHAT_THRESHOLD - 0.1:
        return None
    return None if fill(best.tools[0], routing.text, None, context).typed else chat.capability


def _asked_already(planned: Planned, plan: Plan) -> bool:
    """Whether an earlier step of this message makes the same read-only calls (a write asked twice stays twice), or
    a new server's write this short clause only points back to ("FRZ-03 shows -72 °C, log it pls")."""
    if planned.tool is None or not planned.calls:
        return False
    if ToolFacts.of(planned.tool).read_only is not True:
        return (
            planned.filled is not None
            and planned.filled.typed == 0
            and len(words(planned.clause)) <= 6
            and bool(re.search(r"\b(?:it|that|this)\b", planned.clause, re.I))
            and any(
                s.route.capability is None and ToolFacts.of(s.tool).read_only is False for s in plan.steps if s.tool
            )
        )
    return any(s.tool is not None and s.tool.name == planned.tool.name and s.calls == planned.calls for s in plan.steps)


def _touched_before(dialogue: Dialogue, index: int) -> int | None:
    """The item the steps of this message before step ``index`` last acted on ("add X, then add a note to it")."""
    touched = None
    for step in dialogue.steps:
        number = re.match(r"offline-(\d+)-", step.call.tool_call_id)
        if step.ok and number and int(number.group(1)) < index and "-lookup-" not in step.call.tool_call_id:
            touched = touched_id(step.call, step.content) or touched
    return touched


def _chat(capability: Capability, tools: list[Any]) -> Reply:
    answer = {
        "greeting": lambda: replies.greeting(tools),
        "thanks": replies.thanks,
        "help": lambda: replies.help_text(tools),
        "smalltalk": lambda: replies.smalltalk(tools),
        "undo": replies.undo,
    }[capability.reply or "help"]()
    return Reply(answer, f"Conversation ({capability.summary}); no tool was needed.", 0.9, "chat")
