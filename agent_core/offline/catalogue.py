"""The capability catalogue (``catalogue.toml``), read once: one vocabulary for the planner and the gap detector.

A capability names something a request can need. The catalogue says how requests that need it read (example
sentences the router embeds) and which live tools provide it (word groups matched against a tool's name and
description). Whether a capability is *missing* is always decided against the live tool list.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache
from importlib import resources
from typing import Any, Literal

from agent_core.offline.text import STOPWORDS, dictionary, one_edit, reports_done, stem, stems, words

Kind = Literal["tool", "question", "conversation", "action", "private", "public"]
GAP_KINDS = frozenset({"action", "private", "public"})


@dataclass(frozen=True)
class Capability:
    """One entry of the catalogue."""

    name: str
    kind: Kind
    summary: str
    examples: tuple[str, ...] = ()
    provided_by: tuple[frozenset[str], ...] = ()
    writes: bool = False
    text_param: str | None = None
    framing: tuple[str, ...] = ()
    entity: str | None = None
    reply: str | None = None
    keywords: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()
    gap_name: str | None = None  # the name a missing capability is reported by ("task_management" for task_add)
    reported: bool = False  # also reached by a report that something is done ("I finished X")

    def admits(self, text: str) -> bool:
        """Whether a request may take this route at all: it uses one of the ``requires`` words (when there are
        any) and none of the ``unless`` phrases ("what time is the meeting" is not a clock question). A route
        reached by reports ("the poster is printed") is no reading of a request that uses none of its keywords
        and reports nothing: "print the poster" asks to print it."""
        lowered = " ".join(text.lower().replace("’", "'").split())
        said = set(re.findall(r"[a-z0-9']+", lowered))
        said |= {w.removesuffix("'s") for w in said}  # "what time's it" uses "time"
        if self.requires and not said & set(self.requires):
            return False
        if (
            self.reported
            and not said & set(self.keywords)
            and not reports_done(lowered)
            and not any(re.search(rf"\b{re.escape(f)}\b", lowered) for f in self.framing)  # "close out task 3"
        ):
            return False
        return self._unless is None or not self._unless.search(lowered)

    @cached_property
    def _unless(self) -> re.Pattern[str] | None:
        """The ``unless`` phrases as whole words: "what time do i" never excludes "what time do it say"."""
        if not self.unless:
            return None
        return re.compile(r"\b(?:" + "|".join(re.escape(p.strip()) for p in self.unless) + r")(?![\w'])")

    @property
    def is_gap_kind(self) -> bool:
        """Whether a request needing it is a tool gap when no live tool provides it."""
        return self.kind in GAP_KINDS


def properties_of(tool: Any) -> dict[str, Any]:
    """A tool's parameters by name (its JSON schema's ``properties``; empty when it publishes none)."""
    return (getattr(tool, "parameters_json_schema", None) or {}).get("properties") or {}


_SECTION = re.compile(r"^(?P<indent>[ \t]*)(?:Args|Arguments|Parameters|Params)\s*:\s*$", re.M)
_DOCUMENTED = re.compile(r"^(?P<indent>[ \t]+)(?P<name>\w+)\s*(?:\([^)]*\))?\s*:\s*(?P<text>\S.*)$")
_SPHINX = re.compile(r"^\s*:param\s+(?:[\w\[\], ]+\s+)?(?P<name>\w+)\s*:\s*(?P<text>\S.*)$", re.M)


def documented_parameters(description: str) -> dict[str, str]:
    """What a docstring-style description says of each parameter: a Google-style ``Args:`` block ("state:
    Two-letter US state code (e.g. CA, NY)", continuation lines indented further) or Sphinx ``:param x:`` lines.
    FastMCP servers publish their functions' docstrings this way and leave the schema's parameters undescribed."""
    found: dict[str, str] = {m["name"]: m["text"].strip() for m in _SPHINX.finditer(description)}
    section = _SECTION.search(description)
    if section is None:
        return found
    name, depth = None, None
    for line in description[section.end() :].splitlines()[1:]:
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        if indent <= len(section["indent"]):
            break  # "Returns:", or the prose after the block
        entry = _DOCUMENTED.match(line)
        if entry and (depth is None or indent <= depth):
            name, depth = entry["name"], indent
            found[name] = entry["text"].strip()
        elif name is not None:
            found[name] = f"{found[name]} {line.strip()}"
    return found


def _inlined(prop: Any, defs: Mapping[str, Any], depth: int = 0) -> Any:
    """A parameter's schema as one plain shape: a local ``$ref`` replaced by the definition it names, and an
    optional value's ``anyOf: [X, null]`` by X (pydantic and FastMCP write ``Point | None`` so)."""
    if not isinstance(prop, dict) or depth > 8:
        return prop
    plain = dict(prop)
    ref = plain.pop("$ref", None)
    if isinstance(ref, str) and ref.startswith("#/$defs/") and isinstance(defs.get(ref[8:]), dict):
        plain = {**defs[ref[8:]], **plain}
    options = [o for o in plain.get("anyOf") or [] if not (isinstance(o, dict) and o.get("type") == "null")]
    if "anyOf" in plain and len(options) == 1 and isinstance(options[0], dict) and "$ref" in options[0]:
        del plain["anyOf"]
        plain = {**_inlined(options[0], defs, depth + 1), **plain}
    if isinstance(plain.get("items"), dict):
        plain["items"] = _inlined(plain["items"], defs, depth + 1)
    if isinstance(plain.get("properties"), dict):
        plain["properties"] = {n: _inlined(p, defs, depth + 1) for n, p in plain["properties"].items()}
    return plain


def documented(tool: Any) -> Any:
    """The tool with each parameter its schema leaves undescribed described as its docstring's ``Args:`` block
    says, so every reader of parameter descriptions (kinds, examples, units, labels) reads those too; and with
    the definitions its parameters refer to written in place. A tool whose schema needs neither, or that is no
    dataclass, is returned as it is."""
    schema = getattr(tool, "parameters_json_schema", None) or {}
    properties = schema.get("properties") or {}
    defs = schema.get("$defs") or {}
    if not dataclasses.is_dataclass(tool) or (
        not defs and all((p or {}).get("description") for p in properties.values())
    ):
        return tool
    if defs:
        properties = {n: _inlined(p, defs) for n, p in properties.items()}
    said = documented_parameters(getattr(tool, "description", None) or "")
    missing = {
        n: said[n] for n, p in properties.items() if isinstance(p, dict) and not p.get("description") and n in said
    }
    if not missing and not defs:
        return tool
    described = {n: {**p, "description": missing[n]} if n in missing else p for n, p in properties.items()}
    return dataclasses.replace(tool, parameters_json_schema={**schema, "properties": described})


@dataclass(frozen=True)
class ToolFacts:
    """What the catalogue needs to know about a live tool: its words, and whether it only reads."""

    name: str
    description: str = ""
    read_only: bool | None = None
    name_stems: frozenset[str] = field(init=False, compare=False, repr=False)
    all_stems: frozenset[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        heads = prefixed_heads(self.name)  # a "gmail_search" tool is named by "mail" too
        object.__setattr__(self, "name_stems", stems(self.name) | heads)
        object.__setattr__(self, "all_stems", stems(f"{self.name} {self.description}") | heads)

    @classmethod
    def of(cls, tool: Any) -> ToolFacts:
        """From a Pydantic AI ``ToolDefinition``, an mcp ``Tool``, a ``ToolInfo`` or anything with a name."""
        description = getattr(tool, "description", None) or ""
        annotations = getattr(tool, "annotations", None)
        metadata = getattr(tool, "metadata", None)
        if annotations is None and isinstance(metadata, Mapping):
            annotations = metadata.get("annotations")
        if isinstance(annotations, Mapping):
            hint = annotations.get("readOnlyHint", annotations.get("read_only_hint"))
        else:
            hint = getattr(annotations, "read_only_hint", None)
        return _facts(cls, tool.name, description, hint if isinstance(hint, bool) else None)


def prefixed_heads(name: str) -> frozenset[str]:
    """The word a product prefix of one or two consonants is glued to in a tool's name: "mail" of gmail, "docs" of
    gdocs (only when the whole is no word and the rest is one of four letters or more; "depositions" is no
    "de" of "positions")."""
    known = dictionary()
    return frozenset(
        stem(word[cut:])
        for word in words(name)
        if word not in known
        for cut in (1, 2)
        if len(word) - cut >= 4 and word[cut:] in known and not set(word[:cut]) & set("aeiouy")
    )


@lru_cache(maxsize=2048)
def _facts(cls: type[ToolFacts], name: str, description: str, read_only: bool | None) -> ToolFacts:
    """One ToolFacts per tool as listed (their stems are computed once, not on every routing decision)."""
    return cls(name, description, read_only)


@dataclass(frozen=True)
class Catalogue:
    """Every capability, plus enum synonyms ("open" means pending)."""

    capabilities: Mapping[str, Capability]
    synonyms: Mapping[str, tuple[str, ...]]
    currencies: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    languages: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    regions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # "CA": ("california",)
    shorthand: Mapping[str, str] = field(default_factory=dict)  # "2morrow": "tomorrow"
    verbs: Mapping[str, frozenset[str]] = field(default_factory=dict)  # "opening" / "continuing" to-do verbs
    file_kinds: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # "bib": ("bibliography", …)
    lead_ins: tuple[str, ...] = ()  # "hey, morning!", "would it be possible to": said before a request, not part of it
    filters: tuple[
        tuple[frozenset[str], tuple[str, ...]], ...
    ] = ()  # a search filter's words, the words leading its value
    acts: Mapping[str, frozenset[str]] = field(default_factory=dict)  # "read": the stems of get, show, pull …
    fulfilled: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # "order": ("arrived", "came in", …)
    act_words: frozenset[str] = frozenset()  # the acts' words as listed: "details" is one, "files" is not

    @cached_property
    def doing_words(self) -> frozenset[str]:
        """The verbs of things the tools do: the acts' words, the verbs a to-do opens with and those acting on an
        item ("see", "add", "buy", "delete"), as said."""
        return self.act_words | self.verbs.get("opening", frozenset()) | self.verbs.get("on_items", frozenset())

    @cached_property
    def _fulfilment_patterns(self) -> dict[str, re.Pattern[str]]:
        """Per to-do verb stem, its reports as one pattern; a pronoun may sit inside a phrase ("sent it off")."""
        inside = r"\s+(?:(?:it|them|that|this|those|these|everything)\s+)?"
        return {
            stem(verb): re.compile(
                r"\b(?:" + "|".join(inside.join(map(re.escape, p.split())) for p in phrases) + r")\b", re.I
            )
            for verb, phrases in self.fulfilled.items()
        }

    def reports_fulfilled(self, text: str) -> bool:
        """Whether a text says that what some to-do is for has happened ("the reagents arrived")."""
        return any(p.search(text) for p in self._fulfilment_patterns.values())

    def fulfils(self, text: str, title: str) -> bool:
        """Whether a report fulfils a to-do: what its opening verb is for has happened, said of its other words
        ("the reagents arrived" fulfils 'Order reagents'; "the reagents are expensive" and "the pipettes arrived" don't)."""
        said = words(title)
        pattern = self._fulfilment_patterns.get(stem(said[0])) if said else None
        if pattern is None or not pattern.search(text):
            return False
        named = {stem(w) for w in said[1:] if w not in STOPWORDS}
        return any(stem(w) in named or (len(w) > 4 and any(one_edit(w, n) for n in said[1:])) for w in words(text))

    @cached_property
    def shorthand_pattern(self) -> re.Pattern[str] | None:
        """The shorthand as whole words between spaces (longest first), never inside a word, a path, a number or
        a coordinate ("52.5°N")."""
        if not self.shorthand:
            return None
        keys = sorted(self.shorthand, key=len, reverse=True)
        return re.compile(
            r"(?:(?<=\s)|^)(?:" + "|".join(re.escape(k) for k in keys) + r")(?=\s|[,;:!?](?!\d)|\.(?!\w)|$)", re.I
        )

    def __getitem__(self, name: str) -> Capability:
        return self.capabilities[name]

    def get(self, name: str) -> Capability | None:
        return self.capabilities.get(name)

    def __iter__(self):
        return iter(self.capabilities.values())

    @cached_property
    def asking_words(self) -> frozenset[str]:
        """The words of every capability's keywords and framing: how people ask ("buy", "remind"), not what about."""
        return frozenset(w for c in self for phrase in c.keywords + c.framing for w in words(phrase))

    def summary(self, name: str) -> str:
        """What a capability is, for people; a free-form name reads as words."""
        capability = self.get(name)
        return capability.summary if capability else name.replace("_", " ")

    def providers(self, name: str, tools: Iterable[ToolFacts]) -> list[ToolFacts]:
        """The live tools that provide a capability: those whose *name* holds a word group first, else those
        whose name and description do. A read-only tool never provides a capability that writes."""
        capability = self.capabilities[name]
        fitting = [t for t in tools if not (capability.writes and t.read_only is True)]
        for attribute in ("name_stems", "all_stems"):
            found = [t for t in fitting if any(g <= getattr(t, attribute) for g in capability.provided_by)]
            if found:
                return found
        return []


@cache
def catalogue() -> Catalogue:
    """The catalogue shipped with the package (read once per process)."""
    data = tomllib.loads(resources.files("agent_core.offline").joinpath("catalogue.toml").read_text("utf-8"))
    capabilities = {}
    for entry in data["capability"]:
        capabilities[entry["name"]] = Capability(
            name=entry["name"],
            kind=entry["kind"],
            summary=entry["summary"],
            examples=tuple(entry.get("examples", ())),
            provided_by=tuple(stems(group) for group in entry.get("provided_by", ())),
            writes=entry.get("writes", False),
            text_param=entry.get("text_param"),
            framing=tuple(sorted(entry.get("framing", ()), key=len, reverse=True)),
            entity=entry.get("entity"),
            reply=entry.get("reply"),
            keywords=tuple(entry.get("keywords", ())),
            gap_name=entry.get("gap_name"),
            requires=tuple(entry.get("requires", ())),
            unless=tuple(entry.get("unless", ())),
            reported=entry.get("reported", False),
        )
    synonyms = {value: tuple(words) for value, words in data.get("synonyms", {}).items()}
    currencies = {code: tuple(names) for code, names in data.get("currencies", {}).items()}
    languages = {code: tuple(names) for code, names in data.get("languages", {}).items()}
    regions = {code: tuple(names) for code, names in data.get("regions", {}).items()}
    shorthand = {said.lower(): meant for said, meant in data.get("shorthand", {}).items()}
    verbs = {group: frozenset(listed) for group, listed in data.get("verbs", {}).items()}
    kinds = {extension: tuple(names) for extension, names in data.get("file_kinds", {}).items()}
    lead_ins = tuple(sorted(data.get("lead_ins", {}).get("phrases", ()), key=len, reverse=True))
    filters = tuple(
        (frozenset(entry["names"]), tuple(sorted(entry["leads"], key=len, reverse=True)))
        for entry in data.get("filters", {}).values()
    )
    acts = {group: frozenset(stem(v) for v in listed) for group, listed in data.get("acts", {}).items()}
    fulfilled = {verb: tuple(phrases) for verb, phrases in data.get("fulfilled", {}).items()}
    act_words = frozenset(v for listed in data.get("acts", {}).values() for v in listed)
    return Catalogue(
        capabilities, synonyms, currencies, languages, regions, shorthand, verbs, kinds, lead_ins, filters, acts,
        fulfilled, act_words,
    )  # fmt: skip
