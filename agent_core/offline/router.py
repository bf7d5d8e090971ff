"""Route a request by meaning over the live tools (the semantic-router pattern, on the local MiniLM model).

Every catalogue capability is a route described by its example sentences; a live tool that provides it (by the
catalogue's word groups) serves that route. A live tool no capability describes — a server connected today —
is a route of its own, described by its name, description and parameter descriptions. A request is embedded
once and scored against every route; the best route wins when it clears its threshold by a margin over the
runner-up that leads elsewhere.

Tool embeddings are cached per tool list and recomputed only when the list changes; the catalogue's examples
are embedded once per process, or read from the disk cache (agent_core.offline.vector_cache) when the encoder names
its vectors (``cache_key``) and the same catalogue, text transformation and model were embedded before.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from agent_core.offline.catalogue import Capability, ToolFacts, catalogue, prefixed_heads, properties_of
from agent_core.offline.slots import POLITE as _POLITE
from agent_core.offline.slots import (
    QUOTED,
    channels_as_word,
    described_options,
    files_as_word,
    number_word,
    options_for,
    owner_and_name_params,
    repositories_as_word,
)
from agent_core.offline.text import STOPWORDS, stem, words
from agent_core.offline.vector_cache import cached_vectors, default_cache_dir, digest

# Thresholds (cosine similarity, MiniLM). Tuned on eval/dev.jsonl only; see the README's planner section.
EXAMPLE_THRESHOLD = 0.46  # an example route needs this much
DOC_THRESHOLD = 0.28  # a tool described only by its own text needs this much (docs are worded unlike requests)
DOC_BONUS = 0.14  # added to a doc route's score so both kinds of routes compare on one scale
NAME_WORD_BONUS = 0.07  # per word of the tool's name the request uses (max two), doc routes only
DESC_WORD_BONUS = 0.05  # per word only this tool's description uses ("encyclopedia"), doc routes only (max two)
VERB_BONUS = 0.08  # the request opens with the verb a tool's name acts by ("show …"), doc routes only
COUNT_BONUS = 0.05  # the request and the tool's name say the thing they share as many ("issues") or as one
MARGIN = 0.03  # the winner must lead the best route elsewhere by this much, or the request is ambiguous
KEYWORD_WEIGHT = 0.14  # per distinctive catalogue word the request uses (weighted by how few capabilities use it)
KEYWORD_CAP = 0.18
FRAMING_BONUS = 0.22  # the request opens with one of the capability's framing phrases ("remember that ...")
# Verbs every API uses: sharing them with a request says nothing about which tool is meant.
GENERIC_NAME_WORDS = frozenset(
    stem(w)
    for w in [
        "get", "list", "search", "find", "lookup", "look", "fetch", "query", "create", "add", "run", "set",
        "update", "read", "show", "make", "do",
    ]
)  # fmt: skip


def framed_by(opening: str) -> dict[str, int]:
    """The capabilities whose framing phrase opens the request ("remember that ..." -> memory_store), with the
    phrase's length in words; only the longest phrase counts ("add a note to" beats "add")."""
    found: dict[str, int] = {}
    for name, phrases in framing_phrases():
        lengths = [size for f, size in phrases if opening and (opening.startswith(f + " ") or opening == f)]
        if lengths:
            found[name] = max(lengths)
    longest = max(found.values(), default=0)
    said = opening.split()
    if (
        longest == 1
        and len(said) > 1
        and said[1].isalpha()
        and said[1] not in STOPWORDS
        and not number_word(said[1])
        and not _AIMED.search(opening)
    ):
        # "add call the vet", "add pick up the kids": a one-word framing before a title that opens with a word of
        # its own (no article, number or destination) frames that title as firmly as "add a task to".
        titled = {c.name for c in catalogue() if c.writes and c.text_param}
        found = {n: 2 if n in titled else length for n, length in found.items()}
        longest = max(found.values())
    return {name: length for name, length in found.items() if length == longest}


_AIMED = re.compile(r"\b(?:in|on|to|into|onto)\s+(?:my|the|our|a|an)\b")


@cache
def framing_phrases() -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    """Each capability's framing phrases cut like an opening ("todo:" -> "todo :"), with their length in words."""
    cut = [(c.name, [" ".join(f.replace(":", " :").split()) for f in c.framing]) for c in catalogue()]
    return tuple((name, tuple((f, len(f.split())) for f in phrases)) for name, phrases in cut)


FIT_WEIGHT = 0.5  # how much a provider's fit to its capability counts next to its fit to the request
DELEX_WEIGHT = 0.3  # how much of an example route's score comes from the request's shape rather than its topic


@cache
def _function_words() -> frozenset[str]:
    """Words that carry the *kind* of request (verbs, framing, the catalogue's keywords) rather than its topic."""
    kept = {"task", "tasks", "todo", "list", "note", "notes", "file", "files", "folder", "memory"}
    return STOPWORDS | catalogue().asking_words | kept


_STOP_STEMS = frozenset(stem(w) for w in STOPWORDS)


@cache
def _entity_stems() -> frozenset[str]:
    """The nouns capabilities act on ("task"): shared by all of them, so they say nothing about which one."""
    return frozenset(stem(c.entity) for c in catalogue() if c.entity) | {stem("todo"), stem("item")}


PAST = "~past"


def _keyword_stems(keywords: Sequence[str]) -> set[str]:
    """A capability's keyword stems; one that only reports a thing done ("ordered", "cleaned", where the capability
    has no "order" or "clean") is marked PAST: a request opening with the bare verb ("order pipettes") asks for
    the act and does not count for it."""
    present = {stem(w) for phrase in keywords for w in words(phrase) if not w.endswith("ed")}
    return {
        stem(w) + PAST if w.endswith("ed") and stem(w) != w and stem(w) not in present else stem(w)
        for phrase in keywords
        for w in words(phrase)
    }


def request_stems(text: str) -> frozenset[str]:
    """The stems of a request's words, and their PAST marks, except for a bare verb that opens it."""
    said = words(_POLITE.sub("", text))
    return frozenset(stem(w) for w in said) | frozenset(
        stem(w) + PAST for i, w in enumerate(said) if i or w.endswith("ed")
    )


def _unit(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=-1, keepdims=True)
    return matrix / np.clip(norms, 1e-12, None)


def delexicalize(text: str) -> str:
    """The request with its topic words replaced ("the microscope one is done" -> "the thing one is done"), so
    examples about other things still match its shape. MiniLM otherwise weighs the topic far above the verb."""
    kept = _function_words()
    out: list[str] = []
    for word in words(text):
        token = word if word in kept or word.isdigit() else "thing"
        if not (token == "thing" and out and out[-1] == "thing"):
            out.append(token)
    return " ".join(out)


@dataclass(frozen=True)
class Route:
    """A candidate: a catalogue capability (with the live tools that serve it), or a lone tool."""

    key: str
    score: float
    capability: Capability | None = None
    tools: tuple[Any, ...] = ()  # ToolDefinitions, best fit first
    framed: bool = False  # the request opens with one of the capability's framing phrases
    evidence: int = 0  # words of the request that point to this route (its keywords, or the tool's own words)

    @property
    def served(self) -> bool:
        """Whether a live tool serves this route."""
        return bool(self.tools)


@dataclass
class Routing:
    """Every route scored for one request, best first; ``vector`` is the request's embedding."""

    routes: list[Route]
    vector: np.ndarray
    capability_scores: dict[str, float] = field(default_factory=dict)
    text: str = ""

    @property
    def best(self) -> Route | None:
        return self.routes[0] if self.routes else None

    def margin(self) -> float:
        """How far the best route leads the best route that leads somewhere else (another tool or capability)."""
        if not self.routes:
            return 0.0
        best = self.routes[0]
        names = {getattr(t, "name", None) for t in best.tools}
        for other in self.routes[1:]:
            if other.capability is not None and best.capability is not None and other.capability == best.capability:
                continue
            if names and names & {getattr(t, "name", None) for t in other.tools}:
                continue  # the same tool under another capability: not a competitor
            return best.score - other.score
        return best.score


_NOT_AN_ORDER = frozenset({"what", "which", "who", "whose", "when", "where", "why", "how", "is", "are", "do", "does",
                           "did", "can", "could", "would", "should", "will", "any", "there", "i", "my", "the", "a"})  # fmt: skip


def _namespace(facts: Sequence[ToolFacts]) -> frozenset[str]:
    """Name words most live tools of one server share as a prefix ("git" of git-status, git-log, …): they
    say which server, never which of its tools."""
    firsts: dict[str, int] = {}
    for fact in facts:
        said = words(fact.name)
        if len(said) > 1:
            firsts[stem(said[0])] = firsts.get(stem(said[0]), 0) + 1
    return frozenset(word for word, count in firsts.items() if count >= 3 and word not in act_stems())


@cache
def act_stems() -> frozenset[str]:
    """The stems of the catalogue's act words and generic name words: "search_…", "get_…" name acts, not a server."""
    return frozenset(stem(w) for w in catalogue().act_words) | GENERIC_NAME_WORDS


def ordered_verb(text: str, namespace: frozenset[str] = frozenset()) -> str | None:
    """The stem of the verb a request opens with as an order ("stage X", "git add X", "show the last commit"), or
    None when it opens otherwise: a question ("what did I commit"), a noun ("commits in …", "last three commits")."""
    opening = _POLITE.sub("", text).split()
    if not opening or not re.fullmatch(r"[A-Za-z]+", opening[0]):  # "#lab-general has been quiet": no verb
        return None
    said = words(" ".join(opening))
    while said and stem(said[0]) in namespace:  # "git log for …": the server's name, then the verb
        said = said[1:]
    if not said or said[0] in _NOT_AN_ORDER or not said[0].isalpha() or said[0] in STOPWORDS:
        return None
    first = said[0]
    if first in catalogue().act_words:  # "details for arXiv 1706.03762" asks to read, plural or not
        return stem(first)
    if (first.endswith("s") and not first.endswith("ss")) or first.endswith(("ed", "ing")):
        return None  # "commits in /home/…": a plural noun; "committed": a report
    return stem(first)


def acts_asked(text: str, verb: str | None) -> frozenset[str]:
    """What the request's opening verb asks ("read", "create" …, the catalogue's ``acts``); "open" creates before
    "a", "an" or "new" ("open an issue") and reads otherwise ("open the second one")."""
    if verb is None:
        return frozenset()
    if verb == "open":
        after = re.search(r"\bopen\w*\s+(\w+)", text, re.I)
        return frozenset({"create" if after and after[1].lower() in {"a", "an", "new"} else "read"})
    return _acts_of(frozenset({verb}))


_MANY = frozenset(["every", "all", "any", "which", "recent", "latest", "last"])


def _said_as_many(text: str, shared: set[str] | frozenset[str]) -> bool | None:
    """Whether the request says a thing it shares with a tool's name as many ("issues", "every issue", "which
    issue") or as one ("issue 14", "that issue"); None when it doesn't say it."""
    said = re.findall(r"[\w'-]+", text.lower())
    for index, word in enumerate(said):
        if stem(word) in shared:
            return (word.endswith("s") and not word.endswith("ss")) or (index > 0 and said[index - 1] in _MANY)
    return None


@lru_cache(maxsize=32)
def _said_both_ways(names: tuple[str, ...]) -> frozenset[str]:
    """The name words some live tools say as many ("list_tickets") and others as one ("get_ticket")."""
    many: set[str] = set()
    one: set[str] = set()
    for name in names:
        for word in words(name):
            (many if word.endswith("s") and not word.endswith("ss") else one).add(stem(word))
    return frozenset(many & one)


def counted_as_named(text: str, tool: Any, tools: Sequence[Any]) -> bool:
    """Whether the request says the thing the tool's name shares with other live tools as the tool's name does:
    "tray 12" for a get-tray tool, "every tray" for a list-trays one."""
    shared = ToolFacts.of(tool).name_stems & _said_both_ways(tuple(t.name for t in tools))
    many = _said_as_many(text, shared) if shared else None
    return many is not None and many == _plural_name(tool.name, shared)


def _plural_name(name: str, shared: set[str] | frozenset[str]) -> bool:
    return any(w.endswith("s") and not w.endswith("ss") and stem(w) in shared for w in words(name))


def _asked_of(acts: frozenset[str], text: str, shared: set[str] | frozenset[str]) -> frozenset[str]:
    """What the request asks of the tool's thing: "show me every issue" lists, "show me issue 14" reads."""
    if "read" in acts and _said_as_many(text, shared):
        return acts - {"read"} | {"list"}
    return acts


def _acts_of(verbs: frozenset[str]) -> frozenset[str]:
    return frozenset(group for group, listed in catalogue().acts.items() if verbs & listed)


@cache
def name_acts(name: str) -> frozenset[str]:
    """What a tool's name verb does: its first word's, or its second's after a server prefix ("vcs_create_branch")."""
    for word in words(name)[:2]:
        found = _acts_of(frozenset({stem(word)}))
        if found:
            return found
    return frozenset()


_WRITE_ACTS = frozenset(["create", "change", "remove"])
READING_ACTS = frozenset(["read", "list", "search"])  # acts that change nothing


def _opens_todo(text: str) -> bool:
    """Whether the request opens with a verb a to-do opens with ("get milk", "read chapter 3")."""
    said = words(_POLITE.sub("", text))[:1]
    return bool(said) and said[0] in catalogue().verbs.get("opening", frozenset())


def _opening_acts(fact: ToolFacts) -> frozenset[str]:
    """What a tool's description opens by doing ("Submit an expense claim …": create)."""
    first = words(fact.description[:40])[:1]
    return _acts_of(frozenset({stem(first[0])})) if first else frozenset()


def _opens_as_asked(fact: ToolFacts, acts: frozenset[str], said: frozenset[str]) -> bool:
    """Whether the tool's description opens by doing what the request asks, of a thing the request names."""
    return bool(acts & _opening_acts(fact) and (fact.all_stems & said) - _STOP_STEMS - _acts_words(acts))


def _acts_words(acts: frozenset[str]) -> frozenset[str]:
    return frozenset(word for act in acts for word in catalogue().acts.get(act, ()))


def asks_write_of(text: str, tool: Any) -> bool:
    """Whether the request opens with a write the tool's name or description does ("book the cryostat …" of a
    book-instrument tool, "file a claim" of one described as "Submit an expense claim")."""
    verb = ordered_verb(text)
    acts = acts_asked(text, verb) & _WRITE_ACTS if verb != "new" else frozenset()
    facts = ToolFacts.of(tool)
    return bool(acts & (name_acts(facts.name) | _opening_acts(facts)))


def _acting_stems(tool: Any, namespace: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    """The stems a tool acts by: its name's words (but the server's prefix) and its description's words, each only
    in an active form — "staged" / "unstaged" in a "diff staged" tool's name a state of what it shows, not an act."""
    name = frozenset(stem(w) for w in words(tool.name) if not w.endswith("ed")) - namespace
    described = frozenset(stem(w) for w in words(getattr(tool, "description", None) or "") if not w.endswith("ed"))
    return name, described - _STOP_STEMS


def _name_words(name: str) -> str:
    return " ".join(words(name))


def tool_text(tool: Any) -> str:
    """What a tool says about itself: its name as words, its description, and its parameters' descriptions."""
    description = " ".join((getattr(tool, "description", None) or "").split())
    schema = getattr(tool, "parameters_json_schema", None) or {}
    params = [
        f"{_name_words(name)}: {prop.get('description', '')}".strip(": ")
        for name, prop in (schema.get("properties") or {}).items()
        if isinstance(prop, dict)
    ]
    return f"{_name_words(tool.name)}. {description[:300]} {'; '.join(params)[:300]}".strip()


def _own_words(tools: Sequence[Any]) -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """Per tool, the content stems of its description, parameters and result fields (nested ones too) that no other
    live tool uses; and those two or three tools use (a server's name its tools' descriptions share: "medRxiv")."""
    seen: dict[str, frozenset[str]] = {}
    for tool in tools:
        result = getattr(tool, "return_schema", None) or {}
        nested = [result, *(d for d in (result.get("$defs") or {}).values() if isinstance(d, dict))]
        fields = " ".join(
            f"{n} {p.get('description', '')}"
            for schema in nested
            for n, p in (schema.get("properties") or {}).items()
            if isinstance(p, dict)
        )
        described = QUOTED.sub(" ", f"{tool_text(tool)} {fields}")  # an example value ('PBS') is not vocabulary
        seen[tool.name] = frozenset(stem(w) for w in words(described) if w not in STOPWORDS)
    counts: dict[str, int] = {}
    for stems_ in seen.values():
        for word in stems_:
            counts[word] = counts.get(word, 0) + 1
    own = {name: frozenset(w for w in stems_ if counts[w] == 1) - GENERIC_NAME_WORDS for name, stems_ in seen.items()}
    rare = {
        name: frozenset(w for w in stems_ if counts[w] in (2, 3)) - GENERIC_NAME_WORDS for name, stems_ in seen.items()
    }
    return own, rare


def _option_words(tool: Any) -> frozenset[str]:
    """The one-word values a tool's parameters take from a closed list (an enum, or options its description lists):
    'closed', 'open', 'booked' as the status a listing filters by."""
    found: set[str] = set()
    for name, prop in ((getattr(tool, "parameters_json_schema", None) or {}).get("properties") or {}).items():
        if not isinstance(prop, dict):
            continue
        choices = [*(prop.get("enum") or []), *described_options(prop)]
        choices += options_for(name, getattr(tool, "description", None) or "")
        found.update(str(c).lower() for c in choices if isinstance(c, str) and len(str(c).split()) == 1)
    return frozenset(found)


_CONTENT = re.compile(r"^(?P<head>[^:.!?\"'‘“]{3,80}?[A-Za-z0-9])\s*:\s+(?P<content>\S.*\S)\s*$", re.S)


def content_as_word(text: str) -> str:
    """What follows a request's colon is its content ("open an issue on X: the index path is hardcoded"): read as
    "something", like quoted text, so the request routes by what it asks, not by its title's topic. A lead-in
    ("two things:") or a one-word label ("todo:") is no request."""
    said = _CONTENT.match(text)
    if said is None or len(words(said["content"])) < 3 or said["content"].rstrip().endswith("?"):
        return text  # "before I start the western: is there enough SDS?": the question is the request
    head = [w.lower() for w in words(said["head"])]
    if not 2 <= len(head) <= 10 or set(head) & _NO_REQUEST or head[0] in _STORY_OPENERS:
        return text
    return f"{said['head']}: something"


_NO_REQUEST = frozenset(["things", "thing", "quick", "question", "questions", "stuff", "requests", "favour", "favor"])
_STORY_OPENERS = frozenset(["before", "after", "when", "while", "since", "as", "because", "if", "so", "i", "i'm", "we",
                            "we're", "my", "our", "it's", "the", "this", "ok", "okay", "hi", "hey", "hello"])  # fmt: skip


def _filter_not_verb(routes: list[Route], text: str) -> None:
    """A write tool named only by a word that a listing of the same things takes as a filter value ('show closed
    tickets' is no request to close one) ranks below that listing."""
    said = [w for w in words(text) if w not in STOPWORDS]
    for index, route in enumerate(routes):
        if route.capability is not None or len(route.tools) != 1:
            continue
        facts = ToolFacts.of(route.tools[0])
        if facts.read_only is not False:
            continue
        named = [w for w in said if stem(w) in facts.name_stems - GENERIC_NAME_WORDS]
        for other in routes:
            if other.capability is not None or len(other.tools) != 1 or other.score < route.score - 0.35:
                continue
            reader = ToolFacts.of(other.tools[0])
            if reader.read_only is not True or not (reader.name_stems & facts.name_stems) - GENERIC_NAME_WORDS:
                continue
            options = _option_words(other.tools[0])
            verbs = [w for w in named if stem(w) not in reader.name_stems]
            if verbs and all(w in options for w in verbs):
                routes[index] = Route(route.key, other.score - 0.01, None, route.tools, route.framed, route.evidence)
                break


_SIGNED: dict[tuple[int, ...], tuple[Sequence[Any], str]] = {}


def _signature(tools: Sequence[Any]) -> str:
    """A digest of the tool list (names, descriptions, schemas), kept per list of tool objects: signed once."""
    key = tuple(map(id, tools))
    known = _SIGNED.get(key)
    if known is not None and all(a is b for a, b in zip(known[0], tools, strict=True)):
        return known[1]
    payload = [(t.name, getattr(t, "description", ""), getattr(t, "parameters_json_schema", None)) for t in tools]
    signed = hashlib.sha1(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()
    if len(_SIGNED) > 32:
        _SIGNED.clear()
    _SIGNED[key] = (list(tools), signed)  # the copy keeps the tools alive, so their ids are not reused
    return signed


@cache
def _default_encoder() -> Any:
    from agent_core.memory.embedder import shared_local_model

    return shared_local_model()


class Router:
    """Scores requests against the catalogue and the live tools. One per process is enough (see ``router()``)."""

    def __init__(self, encoder: Any | None = None, cache_dir: Path | None = None) -> None:
        """``cache_dir`` holds the example vectors between processes (default: the user's cache folder); it is used
        only with an encoder that has a ``cache_key`` (the local MiniLM model), so a stand-in never reads it."""
        self._encoder = encoder
        self._cache_dir = cache_dir
        self._examples: tuple[np.ndarray, list[str]] | None = None
        self._keywords: dict[str, dict[str, float]] | None = None
        self._tools: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._providers: dict[str, tuple[list[ToolFacts], dict[str, list[ToolFacts]]]] = {}
        self._own: dict[str, tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]] = {}
        self._takes: dict[str, tuple[bool, bool]] = {}
        self._fits: dict[str, dict[tuple[str, str], float]] = {}
        self._recent: dict[tuple[str, str], tuple[Routing, tuple[Any, ...]]] = {}  # and the tools it was read with

    @property
    def encoder(self) -> Any:
        if self._encoder is None:
            self._encoder = _default_encoder()
        return self._encoder

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors, one row per text."""
        return np.asarray(self.encoder.embed_sync(list(texts)), dtype=np.float32)

    def _example_index(self) -> tuple[np.ndarray, list[str]]:
        if self._examples is None:
            owners, sentences = [], []
            for capability in catalogue():
                for example in capability.examples:
                    sentence = QUOTED.sub("something", example)  # as requests are routed
                    alike = {sentence, files_as_word(sentence)}  # as a request that names another file reads
                    owners.extend([capability.name] * len(alike))
                    sentences.extend(sorted(alike))
            shapes = [delexicalize(s) for s in sentences]

            def compute() -> np.ndarray:
                raw, shape = self.embed(sentences), self.embed(shapes)
                return _unit(DELEX_WEIGHT * shape + (1 - DELEX_WEIGHT) * raw)

            model = getattr(self.encoder, "cache_key", None)
            if isinstance(model, str):  # the texts themselves are keyed: any catalogue or wording change is new
                key = digest(model, DELEX_WEIGHT, sentences, shapes)
                directory = self._cache_dir or default_cache_dir()
                self._examples = (cached_vectors(directory, "router-examples", key, len(sentences), compute), owners)
            else:
                self._examples = (compute(), owners)
        return self._examples

    def _tool_index(self, tools: Sequence[Any], key: str | None = None) -> tuple[np.ndarray, np.ndarray]:
        key = key or _signature(tools)
        if key not in self._tools:
            if len(self._tools) > 16:  # tool lists change rarely; keep the cache small anyway
                self._tools.clear()
            short = [f"{_name_words(t.name)}: {(getattr(t, 'description', '') or '').split('.')[0]}" for t in tools]
            full = [tool_text(t) for t in tools]
            vectors = self.embed(short + full) if tools else np.zeros((0, 384), dtype=np.float32)
            self._tools[key] = (vectors[: len(tools)], vectors[len(tools) :])
        return self._tools[key]

    def _fit(self, tools: Sequence[Any], key: str) -> dict[tuple[str, str], float]:
        """How well each provider's description fits its capability's examples: a short request ("open the ideas
        one") says too little to rank the tools of one capability, so the one made for the capability leads."""
        if key not in self._fits:
            if len(self._fits) > 16:
                self._fits.clear()
            matrix, owners = self._example_index()
            _, full = self._tool_index(tools, key)
            row = {t.name: i for i, t in enumerate(tools)}
            fits: dict[tuple[str, str], float] = {}
            for capability, serving in self._served(tools, key)[1].items():
                if len(serving) < 2:
                    continue
                centre = _unit(matrix[[i for i, o in enumerate(owners) if o == capability]].mean(axis=0))
                for provider in serving:
                    fits[(capability, provider.name)] = float(full[row[provider.name]] @ centre)
            self._fits[key] = fits
        return self._fits[key]

    def keywords(self) -> dict[str, dict[str, float]]:
        """Per capability, the stems of its keywords and framing, each weighted 1/(capabilities using it)."""
        if self._keywords is None:
            used: dict[str, set[str]] = {}
            for capability in catalogue():
                # The capability's keywords and the content words of its framing: the verbs and nouns that point
                # to it ("done", "remind"), never the incidental words of its examples ("garage") nor the noun every
                # task capability shares ("task"). A whole framing phrase opening the request counts on top.
                chosen = _keyword_stems(capability.keywords)
                chosen |= {stem(w) for phrase in capability.framing for w in words(phrase) if w not in STOPWORDS}
                for word in chosen - _entity_stems() - {stem("have"), stem("make")}:
                    used.setdefault(word, set()).add(capability.name)
            sharing: dict[str, set[str]] = {}  # "ordered" and "order" are one word when counting who uses it
            for word, owners in used.items():
                sharing.setdefault(word.removesuffix(PAST), set()).update(owners)
            self._keywords = {}
            for word, owners in used.items():
                for owner in owners:
                    self._keywords.setdefault(owner, {})[word] = 1.0 / len(sharing[word.removesuffix(PAST)])
        return self._keywords

    def _served(
        self, tools: Sequence[Any], key: str | None = None
    ) -> tuple[list[ToolFacts], dict[str, list[ToolFacts]]]:
        """The tools' facts and, per capability, the live tools that provide it (cached per tool list)."""
        key = key or _signature(tools)
        if key not in self._providers:
            if len(self._providers) > 16:
                self._providers.clear()
            facts = [ToolFacts.of(t) for t in tools]
            # a file of a repository on a forge ("read_repo_file(owner, repo, path)") is no file on this machine
            remote = {t.name for t in tools if owner_and_name_params(properties_of(t))}
            self._providers[key] = (
                facts,
                {
                    c.name: [
                        p
                        for p in catalogue().providers(c.name, facts)
                        if c.gap_name != "file_read" or p.name not in remote
                    ]
                    if c.provided_by
                    else []
                    for c in catalogue()
                },
            )
        return self._providers[key]

    def _values_as_words(self, text: str, tools: Sequence[Any], signature: str) -> str:
        """The request with its repositories read as the word "repository" ("open an issue on hoffmann-lab/x") when
        some tool takes an owner and a name. Whether a tool takes those, and whether one takes a chat channel (see
        ``_route``), is cached per tool list."""
        if signature not in self._takes:
            if len(self._takes) > 16:
                self._takes.clear()
            self._takes[signature] = (
                any(owner_and_name_params(properties_of(t)) for t in tools),
                any(
                    "channel" in words(f"{name} {prop.get('description', '')}")
                    for t in tools
                    for name, prop in properties_of(t).items()
                    if isinstance(prop, dict)
                ),
            )
        return repositories_as_word(text) if self._takes[signature][0] else text

    def served_by(self, tools: Sequence[Any]) -> dict[str, list[ToolFacts]]:
        """Per capability, the live tools that provide it (cached per tool list)."""
        return self._served(tools)[1]

    def capability_scores(
        self, vector: np.ndarray, request_stems: frozenset[str] = frozenset(), opening: str = ""
    ) -> dict[str, float]:
        """Each capability's score: its best example, blended with its second best (one lucky example is noise)."""
        matrix, owners = self._example_index()
        sims = matrix @ vector  # ``vector`` blends the request and its delexicalized shape like the examples
        best: dict[str, list[float]] = {}
        for owner, sim in zip(owners, sims.tolist(), strict=True):
            best.setdefault(owner, []).append(sim)
        scores = {}
        for owner, values in best.items():
            top = sorted(values, reverse=True)[:2]
            scores[owner] = 0.75 * top[0] + 0.25 * (top[1] if len(top) > 1 else top[0])
        for name, length in framed_by(opening).items():
            scores[name] = scores.get(name, 0.0) + FRAMING_BONUS * min(1.0, 0.5 + 0.25 * (length - 1))
        if request_stems:
            for owner, vocabulary in self.keywords().items():
                hits = sum(weight for word, weight in vocabulary.items() if word in request_stems)
                scores[owner] = scores.get(owner, 0.0) + min(KEYWORD_CAP, KEYWORD_WEIGHT * hits)
        return scores

    def route(self, text: str, tools: Sequence[Any], vector: np.ndarray | None = None) -> Routing:
        """Score ``text`` against every capability and every live tool.

        Args:
            text: The request (or one clause of it).
            tools: The live tools (Pydantic AI ``ToolDefinition``s or anything with name/description).
            vector: The request's embedding, when the caller has it already.

        Returns:
            The routes, best first, with the request's embedding.
        """
        text = QUOTED.sub("something", text)  # quoted text is content: route by the words around it
        signature = _signature(tools)
        said = text
        text = self._values_as_words(text, tools, signature)
        key = (said, signature)
        recent = self._recent.get(key) if vector is None else None
        if recent is not None:  # the whole message and its only clause, routed once per model request
            routing, listed = recent
            if len(listed) != len(tools) or any(a is not b for a, b in zip(listed, tools, strict=False)):
                # an equal list of an earlier model request: its routes take this request's tool objects, so no
                # identity check ("is this clause's tool the whole message's tool?") compares objects of two lists
                current = {t.name: t for t in tools}
                routes = [
                    replace(r, tools=tuple(current.get(t.name, t) for t in r.tools)) if r.tools else r
                    for r in routing.routes
                ]
                routing = Routing(routes, routing.vector, routing.capability_scores, routing.text)
                self._recent[key] = (routing, tuple(tools))
            return Routing(list(routing.routes), routing.vector, dict(routing.capability_scores), routing.text)
        routing = self._route(text, tools, vector, signature, forge=text != said)
        if len(self._recent) > 64:
            self._recent.clear()
        self._recent[key] = (routing, tuple(tools))
        return Routing(list(routing.routes), routing.vector, dict(routing.capability_scores), routing.text)

    def _route(
        self, text: str, tools: Sequence[Any], vector: np.ndarray | None, signature: str, forge: bool = False
    ) -> Routing:
        """``forge``: the request names a repository ("hoffmann-lab/scrna-pipeline") a live tool takes; its files
        are on the forge, so this machine's files are no route ("show me the README of hoffmann-lab/x")."""
        # "#journal-club" is compared as "a channel" (MiniLM reads a journal), but only the request's own words count
        # as evidence: "channel" was not said
        read = channels_as_word(text) if self._takes[signature][1] else text
        vector = vector if read == text else None
        seen = files_as_word(read)  # examples are compared by what is asked of a file, not by which file
        bare = content_as_word(read)  # "open an issue on X: <its title>" is compared with tools without its title
        texts = [t for t, wanted in ((read, vector is None), (bare, bare != read), (seen, seen != read)) if wanted]
        rows = self.embed([*texts, delexicalize(seen)])  # one batch: a second model run costs more than a sentence
        embedded, shape = dict(zip(texts, rows[:-1], strict=True)), rows[-1]
        vector = embedded[read] if vector is None else vector
        asked, plain = embedded.get(seen, vector), embedded.get(bare, vector)
        blended = _unit(DELEX_WEIGHT * shape + (1 - DELEX_WEIGHT) * asked)
        facts, providers = self._served(tools, signature)
        by_name = {t.name: t for t in tools}
        said = request_stems(text)  # keywords may be short words ("done")
        opening = " ".join(_POLITE.sub("", text.lower()).replace(":", " :").split())
        cap_scores = self.capability_scores(blended, said, opening)
        framed = framed_by(opening)
        short, full = self._tool_index(tools, signature)
        doc_scores = np.maximum(short @ vector, full @ vector) if len(tools) else np.zeros(0)
        if bare != text and len(tools):  # the request as it reads with or without its content, whichever fits
            doc_scores = np.maximum(doc_scores, np.maximum(short @ plain, full @ plain))
        doc_by_name = dict(zip([t.name for t in tools], doc_scores.tolist(), strict=True))
        routes: list[Route] = []
        # a new server matching the gap vocabulary keeps its own doc route too
        described = {p.name for c in catalogue() if not c.is_gap_kind for p in providers[c.name]}
        namespace = _namespace(facts)
        verb = ordered_verb(text, namespace)
        acts = acts_asked(text, verb)
        # a verb some tool is named by ("reserve" of a reserve-slot tool) is that tool's: another's description using it
        # ("Reserve a shared lab instrument") gets nothing for it
        acting = {t.name: _acting_stems(t, namespace) for t in tools}
        named_by_verb = verb is not None and any(verb in name for name, _ in acting.values())
        sole_verb = sum(verb in name for name, _ in acting.values()) == 1  # "commit": one tool; "book": room or kit
        # "book the cryostat that day at 11" orders what a new tool is named by: none of our lookups does that
        ordered_write = verb is not None and any(
            f.read_only is False and f.name not in described and verb in acting[f.name][0] for f in facts
        )
        # "details for arXiv 1706.03762", "show …": an order to read writes nothing, unless it is a to-do's verb too
        # ("get milk", "read chapter 3")
        reads = bool(acts) and acts <= READING_ACTS and not _opens_todo(text)
        fit = self._fit(tools, signature)  # each provider's fit to its capability, once per tool list
        for capability in catalogue():
            serving = providers[capability.name]
            ranked = sorted(
                serving,
                key=lambda p: (
                    _names_server(p, serving, said),  # "what's in X on the drive?": the drive's file reader
                    doc_by_name.get(p.name, 0.0) + FIT_WEIGHT * fit.get((capability.name, p.name), 0.0),
                ),
                reverse=True,
            )
            if not capability.admits(text) or (forge and capability.gap_name == "file_read"):
                continue
            vocabulary = self.keywords().get(capability.name, {})
            routes.append(
                Route(
                    capability.name,
                    cap_scores.get(capability.name, 0.0)
                    - (VERB_BONUS if ordered_write and capability.kind == "tool" and not capability.writes else 0.0)
                    - (VERB_BONUS if reads and capability.kind == "tool" and capability.writes else 0.0),
                    capability,
                    tuple(by_name[p.name] for p in ranked),
                    capability.name in framed,
                    sum(1 for word in vocabulary if word in said) + (capability.name in framed),
                )
            )
        if signature not in self._own:
            if len(self._own) > 16:
                self._own.clear()
            self._own[signature] = _own_words(tools)
        own, rare = self._own[signature]
        numbered = _said_both_ways(tuple(t.name for t in tools))
        for fact in facts:
            if fact.name in described:
                continue
            acts_by, describes_by = acting[fact.name]
            named = (fact.name_stems - GENERIC_NAME_WORDS - _STOP_STEMS) & said
            if fact.read_only is False:  # a write tool's act said as a noun ("the last commit") asks for no act
                action = stem(next(iter(w for w in words(fact.name) if stem(w) not in namespace), ""))
                named -= {action} - {verb}
            if verb:  # "stage X" is no request for the tool named by "staged": that is what it shows
                named -= {verb} - acts_by
            hits = len(named)
            described_only = len((own.get(fact.name, frozenset()) - named) & said)
            # the verb counts once: a name word it already matched ("book" of a book-instrument tool) gets nothing more
            ordered = 0.0
            shared = rare.get(fact.name, frozenset()) & said  # "search medrxiv for …": the server, said
            if (
                verb not in named
                and verb in acts_by
                and (verb not in GENERIC_NAME_WORDS or hits + described_only or shared)
            ):
                ordered = VERB_BONUS  # (a verb any tool may open with, "get", counts only beside a word of its own)
            elif verb in named and verb in acts_by and fact.read_only is False and sole_verb and acts_by <= said:
                # "commit the staged changes": the write its name orders (all of its name), not a diff of them
                ordered = VERB_BONUS
            elif (
                named
                and verb not in named
                and not named_by_verb
                and _asked_of(acts, text, named) & name_acts(fact.name)
            ):
                ordered = VERB_BONUS  # "pull up issue 14": a get-issue tool; "show me every issue": a listing
            elif (
                verb not in named and not named_by_verb and (verb in describes_by or _opens_as_asked(fact, acts, said))
            ):
                ordered = VERB_BONUS / 2  # "file a claim": a tool described as "Submit an expense claim …"
            if verb in acts_by and namespace & fact.name_stems & said:
                ordered += VERB_BONUS / 2  # "search my zotero library for X": the server said, its tool by the verb
            if acts & _WRITE_ACTS and verb != "new" and fact.read_only is True and not name_acts(fact.name) & acts:
                ordered -= VERB_BONUS  # "book the plate reader …", "file a claim": no listing of bookings or claims
            counted = named & numbered - {verb}  # "book room 214": a verb, not one of the bookings
            many = _said_as_many(text, counted) if counted else None
            if many is not None and many == _plural_name(fact.name, counted):  # "every issue", "issue 14"
                ordered += COUNT_BONUS
            score = (
                doc_by_name[fact.name]
                + DOC_BONUS
                + NAME_WORD_BONUS * min(hits, 2)
                + DESC_WORD_BONUS * min(described_only, 2)
                + ordered
            )
            routes.append(
                Route(f"tool:{fact.name}", score, None, (by_name[fact.name],), evidence=hits + described_only)
            )
        _filter_not_verb(routes, text)
        routes.sort(key=lambda r: r.score, reverse=True)
        return Routing(routes, vector, cap_scores, text)


def _names_server(tool: ToolFacts, serving: Sequence[ToolFacts], said: frozenset[str]) -> bool:
    """Whether the request names the server the tool comes from, by the word its name opens with, when no other tool
    serving the same capability has it ("drive" of a g-drive file reader among the file readers)."""
    others = frozenset().union(*(t.name_stems for t in serving if t is not tool))
    opening = (
        {stem(w) for w in words(tool.name)[:1]} | prefixed_heads(words(tool.name)[0]) if words(tool.name) else set()
    )
    return bool((opening & tool.name_stems) - others - GENERIC_NAME_WORDS - _STOP_STEMS & said)


@cache
def router() -> Router:
    """The process's router (its caches live as long as the process)."""
    return Router()
