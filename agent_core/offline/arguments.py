"""Build one tool call's arguments from a request: every parameter read by the extractor its schema asks for.

``fill`` returns the arguments it could read, the parameter that takes several values (one call each: "tasks 1
and 2", "'a' and 'b'", "Paris and Tokyo"), the required parameters still missing, and whether an id must be
resolved from words ("the garage task") against a listing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from agent_core.offline import slots
from agent_core.offline.catalogue import Capability, ToolFacts, catalogue, properties_of
from agent_core.offline.router import name_acts, router
from agent_core.offline.slots import QUOTED, Framing, Span, kind_of, role_of
from agent_core.offline.text import STOPWORDS, dictionary, one_edit, stem, stems, words
from agent_core.offline.timezones import find_places, locate_places, position, unsure_places, world_places

_PRONOUN = re.compile(
    r"\b(?:its(?=\s+(?:description|title|name|note|details)\b)|it|that one|this one|that|this|the same one|the one i just added|same)\b",
    re.IGNORECASE,
)
_ITS_FIELD = re.compile(r"\bits(?=\s+(?:description|title|name|note|details)\b)", re.IGNORECASE)
_CONNECTOR = re.compile(
    r"^\s*(?:'s\s+)?(?:(?:title|name|description|note|details)\s+)?(?:to\s+say|to\s+read|so\s+(?:that\s+)?it\s+(?:says|reads)|saying|that\s+says|with\s+the\s+note|"
    r"should\s+(?:say|read|be\s+(?:called|named|titled|renamed(?:\s+to)?))|(?:->|→|=>)(?:\s*rename\s+(?:it\s+)?to\b)?|"
    r"(?:instead|to|as|into)\b|:|-|–|—|=)\s*",
    re.IGNORECASE,
)
BARE_FILE = re.compile(r"[\w\-]+\.[A-Za-z][\w]{0,7}")  # "refs.bib", "draft.tex": a name with an extension
_CONTENT = re.compile(  # where new text starts: "…: X", "… saying X", "add the detail that X"
    r":(?!//)|\b(?:saying|that\s+says|to\s+say|to\s+read|(?:note|details?|description|comment)\s+that)\b"
    r"|\b(?:in\s+)?(?:the|its)\s+(?:description|details)\b(?:\s+that\b)?"  # "put in the description X"
    r"|\b(?:renamed|retitled|reworded|changed)\s+(?:to|as|into)\b"  # "number three on there can be renamed to X"
    r"|,\s*(?:just\s+)?(?:make|call|name|title)\s+it\b",  # "the 4th task needs a better title, make it X"
    re.IGNORECASE,
)
_TAGGED = re.compile(
    r"(?:#|\b(?:no\.?|number|nr\.?|items?|tasks?|todos?|ids?))\s*#?\s*(?:\w+\s*(?:,|and|&|\+|plus|or)\s*)*$", re.I
)
# words that name no item on their own: "make me a new to-do" says nothing to do
_EMPTY = frozenset(
    {"it", "this", "that", "these", "those", "them", "something", "stuff", "me", "one", "a", "the", "make", "new",
     "todo", "to", "do", "task", "item", "reminder", "another", "i", "want", "add", "anything", "my", "list"}
)  # fmt: skip
# "add the thing we talked about" gives no title of an item, only a pointer back
_POINTS_BACK = _EMPTY | {
    "thing", "things", "we", "i", "you", "talked", "discussed", "mentioned", "said", "told", "about", "earlier", "for",
    "what"}  # fmt: skip
_UNIT_PAIR = re.compile(
    r"(?P<num>-?\d+(?:[.,]\d+)?)\s*(?P<from>°?\s?[A-Za-z€$£¥][A-Za-z.]*(?:\s+[A-Za-z]+)?)\s+(?:to|in|into|as)\s+"
    r"(?P<to>°?\s?[A-Za-z€$£¥][A-Za-z]*(?:\s+[A-Za-z]+)?)",
)

# Words that say a request adds several items: "add these: …", "three things to my list".
_PLURAL = re.compile(r"\b(?:these|following|tasks|items|todos|all of)\b|\b(?:two|three|four|five|\d+)\s+things\b", re.I)


@dataclass
class Context:
    """What a request's arguments may refer to besides its own words."""

    today: date
    listing: list[dict[str, Any]] = field(default_factory=list)  # the items last shown, in order
    last_id: int | None = None  # the item last touched ("it")
    resolve_path: Callable[[str], str] = str
    touched: list[Any] = field(default_factory=list)  # the items the last turn changed, when it changed several


@dataclass
class Filled:
    """The arguments read for one tool."""

    args: dict[str, Any]
    spread: tuple[str, list[Any]] | None = None
    missing: list[str] = field(default_factory=list)
    reference: str | None = None  # an id parameter to resolve from the request's words
    read: int = 0  # parameters read from the request (not defaults)
    typed: int = 0  # of those, values of a type (numbers, dates, places, codes), not free text or names
    unknown: list[str] = field(default_factory=list)  # places named that match no time zone ("Narnia")
    unsure: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # "Portland": Oregon or Maine
    defaults: set[str] = field(default_factory=set)  # parameters set to their default, not read from the request
    looked_up: set[str] = field(default_factory=set)  # values found for a name said ("Boulder": its coordinates)
    to_find: set[str] = field(default_factory=set)  # ID parameters holding the words to search for the ID by


def _text_params(properties: dict[str, Any], required: list[str], capability: Capability | None) -> list[str]:
    # A catalogue capability knows which parameter carries its text; for a tool no capability describes, entity-like
    # parameters ("name", "symbol", "city") are read as entities instead.
    kinds = {"text", "entity", "glob"} if capability else {"text", "glob"}
    texts = [n for n, p in properties.items() if kind_of(n, p) in kinds and not set(words(n)) & CURSOR_WORDS]
    if capability and capability.text_param in texts:
        return [capability.text_param]
    needed = [name for name in texts if name in required]
    if capability is None:  # a comment's body before the repository's owner: the words said are the body's
        needed.sort(key=lambda n: not set(words(n)) & (_BODY_NAMES | _TITLES))
    named = any(kind_of(n, properties[n]) == "entity" for n in required if n in properties)
    if _subject_of(properties, required):  # "email Ana that the data is on the drive": what to write is the
        # body's; a subject is said under its name ("subject: …") or made from the body (``_headed``)
        needed.sort(key=lambda n: not set(words(n)) & _BODY_NAMES)
    return needed[:1] or ([] if named and not capability else texts[:1])  # an issue's title, not also its body


def _pair(kind: str, text: str) -> list[Span]:
    """Two values of one kind in request order (from, to): units, currencies, time zones."""
    if kind == "currency":
        found = slots.named_codes(catalogue().currencies, text)
        amount = slots.amount(text)
        if len(found) >= 2 and amount is not None:  # the currency written next to the amount is the source
            found.sort(key=lambda s: abs(s.start - amount.start))
        return found
    if kind == "timezone":
        return slots.zones(text)
    match = _UNIT_PAIR.search(text)
    if match:
        return [
            Span(match.group("from").strip(" °") or "°", match.start("from")),
            Span(match.group("to").strip(), match.start("to")),
        ]
    return []


def _order_pair(found: list[Span], text: str, kind: str) -> list[Span]:
    """Source first. For time zones the source is the place whose clock the request gives ("3pm in London")."""
    if kind != "timezone" or len(found) < 2:
        return found
    if re.search(r"\bfrom\b", text, re.IGNORECASE):
        return found
    times = slots.time_of_day(text)
    if times:
        anchor = times[0].start
        return sorted(found, key=lambda s: abs(s.start - anchor))
    return found


def capability_words(capability: Capability) -> frozenset[str]:
    """The stems of the words a capability is asked with: its keywords, its framing, the thing it is about."""
    said = [*capability.keywords, *capability.framing, capability.entity or "", "today", "todays"]
    return frozenset(stem(w) for phrase in said for w in words(phrase))


_WORDS_AS_SAID = frozenset({"text", "entity", "id", "enum", "flag", "path", "paths", "glob", "skip", "language"})
_VERBATIM = frozenset({"text", "content", "body", "message", "prompt"})  # parameters that carry a text as written


def _free_text(
    text: str, capability: Capability | None, tool: Any, reference: Span | None, taken: list[Span]
) -> list[Span]:
    quoted = [Span(m.group(1).strip(), m.start(1), m.end(1)) for m in QUOTED.finditer(text)]
    schema = getattr(tool, "parameters_json_schema", None) or {}
    props = schema.get("properties") or {}
    if (
        len(quoted) >= 2
        and any(kind_of(n, props.get(n) or {}) == "id" for n in schema.get("required") or [])
        and re.fullmatch(r"\W*\s(?:to|into|as)\s\W*", text[quoted[-2].end : quoted[-1].start])
    ):  # "rename 'A' to 'B'": the first names the item, the new value is the last
        return [quoted[-1]]
    if len(quoted) == 1 and reference is None and capability is not None:  # "add task buy 'Nature' issue for X"
        around = slots.strip_framing(_without(text, taken), Framing(capability.framing))
        inside = re.search(rf"\w\W*{re.escape(text[quoted[0].start - 1 : quoted[0].end + 1])}\W*\w", around)
        outside = words(around.replace(text[quoted[0].start - 1 : quoted[0].end + 1], " "))
        own = capability_words(capability)
        asked = all(w in STOPWORDS or stem(w) in own for w in outside)  # "log 'X' in today's note": framing around
        quoted = [Span(around)] if inside and not asked else quoted  # words of the title on both sides: part of it
    if quoted and not (reference and capability and capability.text_param == "description"):
        return quoted
    if reference is not None and reference.end >= 0:  # "rename the report task to X": what follows the reference
        later = [q for q in quoted if q.start >= reference.end]
        if later:  # "set the description of the pipettes task to 'P200 and P1000, 2 boxes each'"
            return later
        after = text[reference.end :]
        head, *tail = _CONTENT.split(after, maxsplit=1)
        if tail and tail[0].strip() and len(head.split()) <= 5:  # "..., add the details: Tris" / "…, a note saying X"
            after = tail[0]
        after = re.sub(r"^\s*(?:task|item|todo|one)s?\b", "", after, flags=re.IGNORECASE)
        after = _CONNECTOR.sub("", after, count=1)
        after = _CONNECTOR.sub("", after, count=1) if after.lower().startswith(("say", "read")) else after
        value = slots.strip_framing(after, Framing())
        if all(w in STOPWORDS or _asking(w) for w in words(value)):
            return []  # "task 2 is to be renamed.": to what is not said
        return [Span(value)] if value else []
    rest = _without(text, taken)
    vocabulary = frozenset() if capability else tool_vocabulary(tool)
    head, _, tail = rest.partition(":")
    if capability is None and tail.strip():  # "translate to French: Where is ...": the text as written
        if {stem(w) for w in words(head)} & ToolFacts.of(tool).name_stems or set(props) & _VERBATIM:
            return [Span(tail.strip().strip("'\"‘’“”").rstrip(" ?.!").strip())]
        rest = tail  # "log a new sample: rat brain, 250 µL": what the head calls it is not its label
    elif (
        capability is not None
        and (asked := re.match(r"(?P<head>[^:]*?):\s+(?P<tail>\S.*)$", rest, re.S))
        and capability.entity in words(asked["head"])
        and len(words(asked["head"])) <= 8
    ):  # "help me add one task, content is: buy a train ticket": the head asks, the task follows
        rest = re.sub(r"^to\s+", "", asked["tail"], flags=re.I)
    said = _SAYING.search(rest) if capability is None and set(props) & _VERBATIM else None
    if said:  # "post in #lab-general that the autoclave is fixed": the message as written
        return [Span(said.group(1).strip(" '\"‘’“”").rstrip(" ?.!"))]
    value = slots.strip_framing(rest, Framing(capability.framing if capability else (), vocabulary))
    return [Span(value)] if value else []


_BODY_NAMES = frozenset({"description", "body", "message", "text", "content", "details", "comment", "note", "notes"})
_SEPARATOR = re.compile(r"\s*:\s+|\s+[-–—]+\s+")


def _thing_and_body(
    tool: Any, properties: dict[str, Any], required: list[str], text: str, taken: list[Span], values: list[Span]
) -> dict[str, Span]:
    """A thing and what to say about it, both required free texts ("open a ticket for the ultracentrifuge - vacuum
    won't pull down" for ``instrument`` and ``description``, "post in #fieldwork that the trip moved to 8am" for
    ``room`` and ``text``): the thing is named before the colon, the dash or a "that" a short head ends with, and what
    follows is the body as said (its times too), less the parts other parameters said ("…, high severity")."""
    texts = [n for n in required if n in properties and kind_of(n, properties[n]) == "text"]
    bodies = [n for n in texts if set(words(n)) & _BODY_NAMES]
    things = [n for n in texts if n not in bodies]
    masked = _masked(text, [s for s in taken if not isinstance(s.value, bool)])  # a yes/no's word stays in
    said = _SEPARATOR.search(masked) or next(
        (m for m in re.finditer(r"\s+that\s+", masked) if len(words(masked[: m.start()])) <= 6), None
    )
    tag = re.search(r"(?<![\w#@])[#@][A-Za-z][\w.-]*\w(?=\s+\w)", masked)  # "msg #fieldwork the trip moved"
    said = said or (tag if tag and len(words(masked[: tag.start()])) <= 3 else None)
    if len(bodies) != 1 or len(things) != 1 or said is None:
        return {}
    vocabulary = tool_vocabulary(tool)
    head = _masked(masked[: said.start()], values)
    thing = [Span(tag[0])] if said is tag else slots.entity(head, vocabulary)
    parts = [p.strip() for p in re.split(r",\s*", masked[said.end() :]) if _content_words(p) - vocabulary]
    acts = frozenset().union(*catalogue().acts.values())
    if not thing or not parts or not {stem(w) for w in words(str(thing[0].value))} - acts:
        return {}  # "please report that the NanoDrop is cracked": "report" asks, it names no instrument
    return {things[0]: Span(thing[0].value), bodies[0]: Span(", ".join(parts).rstrip(" .!"))}


_TITLES = frozenset({"title", "subject", "summary", "headline"})
_TITLED = re.compile(r"\w\s*:\s+\S|\b(?:titled|entitled|called|named|title|subject)\b", re.I)


def _creates(tool: Any) -> bool:
    """Whether a tool's name says it creates something ("create_ticket", "new_event"; "open_ticket" may read)."""
    return name_acts(tool.name) == {"create"}


def _content_words(value: str) -> set[str]:
    return {stem(w) for w in words(value) if w not in STOPWORDS}


_CODE_LIKE = re.compile(r"^(?=.*[\d/._-])[\w./~^@-]+$|^[A-Z][A-Z0-9_]+$")


def names_one_thing(name: str, prop: dict[str, Any]) -> bool:
    """Whether a text parameter names one thing by a token (``target``, ``revision``, a "commit sha") rather than
    carrying words: no free-text name, and no description or one that names an identifier."""
    described = str(prop.get("description") or "")
    if (described and not _NAMES_ONE.search(described)) or set(words(name)) & (_FREE_TEXT | _VERBATIM):
        return False
    return kind_of(name, prop) == "text"


def _identifier(tool: Any, name: str, prop: dict[str, Any], span: Span) -> list[Span]:
    """The value of a parameter that names one thing by a token (a branch, a revision, a ``target``: a new tool's
    string parameter with no description and no free-text name), from the words left for it: the one token shaped
    like a code ("v1.0.0", "helena-comments", "51567d8"), else the one word that is neither a little word (nor one
    typed with a slip: "agaisnt") nor the tool's own; never a phrase, and nothing when that leaves no single one."""
    if not names_one_thing(name, prop):
        return [span]
    tokens = [t.strip(".,;:!?()'\"") for t in str(span.value).split()]
    coded = [t for t in tokens if _CODE_LIKE.match(t)]
    if len(coded) == 1:
        return [Span(coded[0])]
    vocabulary = tool_vocabulary(tool)
    plain = [
        t
        for t in tokens
        if t
        and t.lower() not in STOPWORDS
        and stem(t.lower()) not in vocabulary
        and not _asking(t.lower())
        and t.lower() not in _RELATIONS
        and not any(one_edit(t.lower(), w) for w in STOPWORDS | _RELATIONS if len(w) > 3)
    ]
    optional = name not in ((getattr(tool, "parameters_json_schema", None) or {}).get("required") or [])
    return [Span(plain[0])] if len(plain) == 1 and not coded and not optional else []  # an optional filter: a code


_NAMES_ONE = re.compile(r"\b(?:sha|hash|revision|refs?)\b", re.IGNORECASE)  # "The commit sha that …": a token
# a branch or a tag as people name one: "on the dev branch", "branch fix/x", "at tag v1.1.0"
_BRANCH_OR_TAG = (
    re.compile(r"\b(?:branch|tag)\s+(?:called\s+|named\s+)?([\w./-]*\w)", re.I),
    re.compile(r"(?<![\w./-])([\w./-]*\w)\s+(?:branch|tag)\b", re.I),
)
_NO_BRANCH_NAME = frozenset({"new", "this", "that", "current", "same", "other", "default", "which", "what", "each"})


def _branch_or_tag(name: str, prop: dict[str, Any], text: str) -> Span | None:
    """The branch or tag a request names, for a parameter that takes one ("ref", "sha", "branch_name")."""
    said = f"{' '.join(words(name))} {prop.get('description') or ''}"
    if not re.search(r"\b(?:branch|tag|refs?|sha)\b", said, re.I) or not names_one_thing(name, prop):
        return None
    found = [
        Span(m[1], m.start(1), m.end(1))
        for pattern in _BRANCH_OR_TAG
        for m in pattern.finditer(text)
        if m[1].lower() not in STOPWORDS | _NO_BRANCH_NAME
    ]
    return min(found, key=lambda s: s.start) if found else None


# words that relate two things or place one ("diff against main", "the last commit"): never the thing itself
_RELATIONS = frozenset({"against", "between", "versus", "vs", "than", "since", "last", "latest", "previous", "first",
                        "current", "recent", "newest", "oldest", "before", "after", "yet"})  # fmt: skip
_FREE_TEXT = frozenset({"query", "text", "content", "body", "message", "description", "note", "notes", "prompt",
                        "question", "q", "fact", "comment", "title", "summary", "details"})  # fmt: skip
# a count parameter that says only "how many" ("perPage", "page_size": how many are shown)
_LIMIT_WORDS = frozenset({"max", "limit", "count", "top", "n", "num", "per", "size"})
ID_WORDS = frozenset({"id", "ids", "key"})  # "channel_id": the words that only say it names an item
CURSOR_WORDS = frozenset({"cursor", "token"})  # a page cursor: never free text of the request
_SAYING = re.compile(r"\b(?:saying|quote|know(?:\s+that)?|that)\s+(\S.*?)(?:\s+unquote)?\W*$", re.I)


def _closed_list(tool: Any, name: str, prop: dict[str, Any]) -> bool:
    """Whether a text parameter takes one of the options its description lists ("'female', 'male' or 'mixed'"): the
    request's own words are never its value."""
    return bool(slots.described_options(prop) or slots.options_for(name, getattr(tool, "description", None) or ""))


def _asking(word: str) -> bool:
    """A word of how people ask (the catalogue's keywords and framing), or its -ed / -ing form ("renamed")."""
    asking = catalogue().asking_words
    base = re.sub(r"(?:ed|d|ing)$", "", word)
    return word in asking or (base != word and (base in asking or f"{base}e" in asking))


def _overlaps(one: Span, other: Span) -> bool:
    return one.start >= 0 and other.start >= 0 and one.start < other.end and other.start < one.end


_PERSON_NAMES = frozenset({"author", "authors", "creator", "speaker", "presenter", "editor", "artist", "composer"})
_BY_NAME = re.compile(r"\bby\s+((?:(?:Dr|Prof|Mr|Ms|Mrs)\.?\s+)?[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})")


def _by_person(properties: dict[str, Any], text: str) -> dict[str, Span]:
    """The one text parameter that names who made a thing (an author, a speaker), said as "by" and a capitalised
    name: "anything by Hastie", "talks by Dr. Zhang"."""
    named = [n for n, p in properties.items() if set(words(n)) & _PERSON_NAMES and kind_of(n, p) in {"text", "entity"}]
    said = _BY_NAME.search(text)
    return {named[0]: Span(said.group(1), said.start(), said.end())} if len(named) == 1 and said else {}


def _placed(span: Span, text: str) -> Span:
    """A value read from the request with other values cut out, placed where the request says it (or nowhere)."""
    at = text.find(str(span.value)) if isinstance(span.value, str) else -1
    return Span(span.value, at, at + len(span.value)) if at >= 0 else Span(span.value)


def _beside(one: Span, other: Span, text: str) -> bool:
    """Whether two spans of the request are next to each other, brackets and commas apart at most."""
    first, second = sorted([one, other], key=lambda s: s.start)
    return first.end >= 0 and second.start >= first.end and not text[first.end : second.start].strip(" ()[],-–:")


def _masked(text: str, taken: Sequence[Span]) -> str:
    """The text with the values other parameters took blanked out (positions kept)."""
    for span in taken:
        if span.start >= 0:
            text = text[: span.start] + " " * (span.end - span.start) + text[span.end :]
    return text


def _labelled_number(name: str, text: str) -> Span | None:
    """The number written right after the parameter's own name ("at latitude 52.5")."""
    match = re.search(rf"\b{re.escape(words(name)[0])}\w*\b[\s:=]*(-?\d+(?:\.\d+)?)", text, re.IGNORECASE)
    return Span(float(match.group(1)), match.start(1), match.end(1)) if match else None


def _mask_quotes(text: str) -> str:
    return QUOTED.sub(lambda m: " " * len(m.group(0)), text)


_AFTERTHOUGHT = re.compile(r",\s*(?:it|it'll|it's|it\s+will|that'll|which|this\s+will)\b.*$", re.IGNORECASE)


_CUT_WORDS = "on|at|in|into|for|by|from|to|about|around|till|until"


def _without(text: str, taken: list[Span]) -> str:
    """The text with other parameters' words cut out, and no preposition left dangling."""
    cuts: list[list[int]] = []
    for span in sorted((s for s in taken if s.start >= 0), key=lambda s: s.start):
        if cuts and span.start <= cuts[-1][1]:  # overlapping spans are cut once
            cuts[-1][1] = max(cuts[-1][1], span.end)
        else:
            cuts.append([span.start, span.end])
    rest = text
    for start, end in reversed(cuts):  # "tomorrow at 2pm for an hour for X": "at" and "for" lose what they led
        before, after = rest[:start], rest[end:]
        around = re.search(r"\bwithin\s*$", before, re.I), re.match(r"\s*of\b", after, re.I)
        if around[0] and around[1]:  # "pharmacies within 2 miles of X" without its radius: pharmacies near X
            before, after = f"{before[: around[0].start()]}near", after[around[1].end() :]
        elif re.match(rf"\s*(?:{_CUT_WORDS})\b", after, re.I):
            before = re.sub(rf"\b(?:{_CUT_WORDS})\s*$", "", before, flags=re.I)
        rest = before + after
    rest = re.sub(r"\s{2,}", " ", rest)
    while True:  # "the cryostat on at , ...": each cut can leave another preposition hanging
        shorter = re.sub(rf"\s+(?:{_CUT_WORDS}|near|within|of)\s*(?=[,.!?]|$)", "", rest).strip()
        if shorter == rest:
            break
        rest = shorter
    rest = _AFTERTHOUGHT.sub("", rest)  # "..., it'll take about": a clause of its own, not part of a title
    return re.sub(r"\s+([,.!?])", r"\1", rest).strip()


def tool_vocabulary(tool: Any, without: str | None = None) -> frozenset[str]:
    """The stems a tool uses to describe itself (its name, description and parameter descriptions); ``without``:
    only the other parameters' names and descriptions."""
    schema = getattr(tool, "parameters_json_schema", None) or {}
    params = " ".join(
        f"{n} {p.get('description', '')}"
        for n, p in (schema.get("properties") or {}).items()
        if isinstance(p, dict) and n != without
    )
    own = "" if without else f"{tool.name} {tool.description or ''}"
    described = QUOTED.sub(" ", re.sub(r"\[[^\]]*\]", " ", f"{own} {params}"))  # examples are not vocabulary,
    described = re.sub(r"\b[A-Z]{1,5}-\d+\b[^,;.]*", " ", described)  # nor a listing's names ("RM-214 meeting room")
    whole = {w.lower() for w in re.findall(r"\b[A-Z][a-z]+[A-Z][A-Za-z]*\b", described)}  # "GitHub" as "github" too
    return frozenset(stem(w) for w in [*words(described), *whole] if w not in STOPWORDS)


_SKIPS = frozenset({"offset", "skip", "cursor", "page", "start", "from"})  # parameters that page through results
_SKIP_SAID = re.compile(
    r"\b(?:skip|skipping|offset|after\s+the\s+first|next\s+page|page\s+(?:\d+|two|three|four|five)|from\s+(?:item|result))\b",
    re.I,
)
_NOT_TAGS = frozenset({"id", "ids", "number", "num", "no", "index", "the"})


_EVERY_SHOWN = re.compile(
    r"\b(?:both(?:\s+of)?|(?P<all>all(?:\s+of)?))\s+(?:those|them|these)\b|\b(?:them|those|these)\s+both\b|\bboth\s*$",
    re.I,
)


def _reference(text: str, context: Context, name: str = "") -> tuple[list[Span], bool]:
    """Ids for an id parameter: explicit numbers, ordinals over the last listing, or "it". ``True`` second: the
    request names the item by words, to be resolved against a listing."""
    head = _CONTENT.split(text, maxsplit=1)[0]  # "add a note to it: <the note>": the item is named before its text
    # A bare number in the new text is part of it ("…: 10 slides max"), not the item's number; a short head is a
    # topic label, not a command and its new text ("timer: 2 hours").
    named = len(head) if len(words(head)) >= 3 else len(text)
    counted = slots.ordinals(text)  # "the first 3": a count of positions, not item 3
    # "add a description to the order task: PO number 77812": the head names the item, so the number is content
    head_names = named < len(text) and re.search(r"\b(?:task|item|todo|one|it)s?\b", head, re.IGNORECASE)
    quoted = [m.span() for m in QUOTED.finditer(text)]  # "… should say 'Order 200 µl tips'": a title's number
    explicit = [
        s
        for s in slots.ids(text, tuple(w for w in words(name) if w not in _NOT_TAGS and len(w) > 2))
        if (s.start < named or (_TAGGED.search(text[: s.start]) and not head_names))
        and not any(o.start <= s.start < o.end for o in counted)
        and not any(a <= s.start < b for a, b in quoted)
    ]
    pronoun = _PRONOUN.search(head) or _ITS_FIELD.search(text)  # "set its description to X": "its" opens the text
    early = pronoun and len(words(head[: pronoun.start()])) <= 4 and _CONNECTOR.match(head[pronoun.end() :])
    if early and context.last_id is not None and not any(_TAGGED.search(text[: s.start]) for s in explicit):
        explicit = [s for s in explicit if s.start < pronoun.start()]  # "rename it to call room 5": a new title's
    if explicit:
        return explicit, False
    near = re.search(r"\b(?:one|task|item)\s+(after|before)\s+(?:it|that|this)\b", head, re.I)
    shown = [item.get("id") for item in context.listing]
    if near and context.last_id in shown:  # "delete the one after it": its neighbour in the list last shown
        index = shown.index(context.last_id) + (1 if near.group(1).lower() == "after" else -1)
        if 0 <= index < len(shown):
            return [Span(shown[index], near.start(), near.end())], False
    every = _EVERY_SHOWN.search(head)  # "delete both of those": the items just changed, or those last shown
    shown = [{"id": i} for i in context.touched] or context.listing
    if every and shown and (every["all"] or len(shown) == 2):
        return [Span(item["id"], every.start(), every.end()) for item in shown if "id" in item], False
    ordinal = [s for s in slots.ordinals(text) if s.start < len(head)]  # "…: first class stamps" is content
    if ordinal and context.listing:
        chosen = []
        for span in ordinal:
            index = span.value - 1 if span.value > 0 else len(context.listing) + span.value
            if 0 <= index < len(context.listing) and "id" in context.listing[index]:
                chosen.append(Span(context.listing[index]["id"], span.start, span.end))
        if chosen:
            return chosen, False
    if ordinal:
        return [], True
    if pronoun and context.last_id is not None and (len(words(_mask_quotes(head))) <= 8 or early):
        return [Span(context.last_id, pronoun.start(), pronoun.end())], False
    if context.last_id is not None and head != text and _ON_THE_LAST.match(head):
        return [Span(context.last_id, 0, 0)], False  # "oh and add the description: X": the item just touched
    return [], True


# A continuation that names no item before its new text ("oh and add the description:", "also the note:"): the
# item just touched.
_ON_THE_LAST = re.compile(
    r"^\W*(?:(?:oh|and|also|plus|then)\W+)+(?:(?:add|set|give|put|write|use|make)\b\s*)?(?:(?:it\s+)?(?:a|an|the|this)\s+)?"
    r"(?:(?:description|details?|note)\s*(?:to\s+say|saying|as|of)?)?\s*$",
    re.I,
)


_ID_OR_NAME = re.compile(
    r"\b(?:id|identifier)\s+or\s+(?:the\s+)?name\b|\bname\s+or\s+(?:the\s+)?(?:id|identifier)\b", re.I
)


def _called_by_name(text: str, name: str, prop: dict[str, Any]) -> list[Span]:
    """The name a thing is called by, said before the noun of a parameter that takes its ID or its name ("the
    Equipment loans table" for ``tableId``, "ID or name of the table")."""
    if not _ID_OR_NAME.search(str(prop.get("description") or "")):
        return []
    said = called_by_name(text, name)
    return [said] if said else []


def called_by_name(text: str, name: str) -> Span | None:
    """What the request calls the thing an ID parameter takes, said before the parameter's noun: "Okafor Lab" in
    "the tables in the Okafor Lab base" for ``baseId``."""
    nouns = [w for w in words(name) if w not in {"id", "ids", "key", "identifier"}]
    if len(nouns) != 1:
        return None
    said = re.search(
        rf"\b(?:the|my|our|in|from|of|to)(?:\s+(?:the|my|our))?\s+((?:[\w'-]+\s+){{0,2}}?[\w'-]+)\s+{re.escape(nouns[0])}s?\b",
        text,
        re.I,
    )
    value = said.group(1) if said else ""
    if not value or set(words(value)) & (STOPWORDS | {"this", "that", "new", "same", "other", "whole"}):
        return None
    return Span(value, said.start(1), said.end(1))


def fill(tool: Any, text: str, capability: Capability | None, context: Context) -> Filled:
    """Read every parameter of ``tool`` from ``text``.

    Args:
        tool: The tool definition (its JSON schema decides the extractors).
        text: The request, or the clause of it this call serves.
        capability: The catalogue capability the route came from (framing, which text parameter), if any.
        context: Earlier listings, the last item touched, today's date, path resolution.

    Returns:
        The arguments, the parameter that takes several values, what is missing.
    """
    if capability is not None and capability.is_gap_kind:  # a new server's tool met by the gap vocabulary ("purchase")
        capability = None  # the catalogue knows no parameter of it
    schema = getattr(tool, "parameters_json_schema", None) or {}
    properties: dict[str, Any] = schema.get("properties") or {}
    text = slots.spoken_codes(text)  # "cage C G zero four one two": CG0412
    if any(kind_of(n, p) not in _WORDS_AS_SAID for n, p in properties.items()):
        # "a forty-five minute timer": every extractor below reads "45 minute" (a title keeps "2 o'clock")
        text = slots.spoken_clock(slots.spoken_lengths(text))
    required: list[str] = list(schema.get("required") or [])
    for name, prop in properties.items():  # options only the tool's description lists ("`phase` must be one of …")
        listed = slots.options_for(name, tool.description or "") if kind_of(name, prop) in {"text", "entity"} else []
        properties = {**properties, name: {**prop, "enum": listed}} if listed else properties
    if capability is None and _creates(tool) and _TITLED.search(text):  # "open an issue on X: add support for …": a
        # new thing's title said after a colon or "titled" is what was said, not a name the request refers to
        titles = [n for n, p in properties.items() if set(words(n)) & _TITLES and kind_of(n, p) == "entity"]
        for name in [n for n in titles if not slots.example_of(properties[n])]:
            properties = {**properties, name: {**properties[name], slots.FREE_TEXT: True}}
    filled = Filled({})
    if any(kind_of(n, p) == "timezone" or slots.axis_of(n) is not None for n, p in properties.items()):
        # "time in Portland", "the forecast for Cambridge": asked, never guessed
        filled.unsure = [(said, readings) for _, said, readings in unsure_places(text)]
    taken: list[Span] = []
    loose: list[str] = []
    reference_span: Span | None = None
    pairs: dict[str, list[Span]] = {}
    for name, span in _under_labels(properties, text):  # "subject: KRAS maps, body: thanks, got them"
        filled.args[name], filled.read = span.value, filled.read + 1
        text = text[: span.start] + " " * (span.end - span.start) + text[span.end :]
        properties = {n: p for n, p in properties.items() if n != name}
    for name, value, start in _labelled_texts(properties, required, capability, text):
        filled.args[name], filled.read, text = value, filled.read + 1, text[:start]  # "…, details: anti-GFP"
        properties = {n: p for n, p in properties.items() if n != name}
    for name, value in _quoted_as(properties, text).items():  # "put 'ask HR' as its description"
        filled.args[name], filled.read = value, filled.read + 1
        properties = {n: p for n, p in properties.items() if n != name}
    for name, span in _by_person(properties, text).items():  # "anything by Hastie", "talks by Dr. Zhang"
        filled.args[name], filled.read = span.value, filled.read + 1
        taken.append(span)
        properties = {n: p for n, p in properties.items() if n != name}
    for name, span in _left_out(properties, text).items():  # "the folder tree but leave out the data folder"
        filled.args[name], filled.read = span.value, filled.read + 1
        text = text[: span.start] + " " * (span.end - span.start) + text[span.end :]
        properties = {n: p for n, p in properties.items() if n != name}
    split = _owner_and_name(properties, text) if capability is None else None
    if split:  # "octocat/hello-world" for ``owner`` and ``repo``
        for name, span in split.items():
            filled.args[name], filled.read, filled.typed = span.value, filled.read + 1, filled.typed + 1
            taken.append(span)
        properties = {n: p for n, p in properties.items() if n not in split}
    for names in [] if capability else slots.paired(properties):  # "can I store bleach with ammonia?"
        values = slots.pair_values(text, len(names), tool_vocabulary(tool))
        if values:
            filled.args.update(zip(names, (v.value for v in values), strict=True))
            filled.read += len(names)
            taken.extend(values)
            properties = {n: p for n, p in properties.items() if n not in names}
    for names in _number_pairs(properties):  # "residues 94 to 292" for ``start`` and ``end``
        ends = slots.number_ends(text)
        for end, name in zip(("start", "end"), names, strict=True):
            if end in ends:
                filled.args[name], filled.read, filled.typed = ends[end].value, filled.read + 1, filled.typed + 1
                taken.append(ends[end])
        properties = {n: p for n, p in properties.items() if n not in names} if ends else properties
    text_names = _text_params(properties, required, capability)
    entities = [
        n
        for n, p in properties.items()
        if kind_of(n, p) == "entity" and n not in text_names and n != _subject_of(properties, required)
    ]
    entities = [] if capability else entities
    bodied = any(set(words(n)) & _BODY_NAMES and kind_of(n, p) == "text" for n, p in properties.items())  # a comment
    measures = slots.quantities(properties, text)  # numbers with units, each to the parameter of its dimension
    ranged = any(kind_of(n, p) == "years" for n, p in properties.items())
    years = [s for s in [slots.year_range(text, context.today) if ranged else None] if s]
    for name, prop in properties.items():
        kind, found = kind_of(name, prop), []
        role = role_of(name)
        if kind == "id":
            found, by_words = _reference(text, context, name)
            if by_words and (name in required or not required):
                filled.reference = name  # an optional number ("version", latest by default) is no item to find
                filled.typed += bool(slots.ordinals(text))  # "the 2nd one on my list": a position, read once listed
        elif (
            role
            and kind in {"text", "entity", "place", "choices"}
            and trip_end(name, prop)
            and (end := slots.trip_ends(text).get(role)) is not None
        ):  # "directions from Denver airport to CU Anschutz"
            if kind == "choices":  # "to Mannheim, Karlsruhe and Stuttgart": each one
                end = Span(_series(str(end.value), every=True), end.start, end.end)
            found = [end]
        elif role and kind in {"timezone", "currency", "unit"}:
            if kind not in pairs:
                pairs[kind] = _order_pair(_pair(kind, text), text, kind)
            pair = pairs[kind]
            index = 0 if role == "source" else 1
            if len(pair) == 1:  # one value: the target if the request says "to/in X", else the source
                is_target = bool(re.search(r"\b(?:to|in|into)\s+\S*$", text[: pair[0].start].rstrip()[-12:] + " "))
                found = pair if (role == "target") == is_target else []
            elif role == "target" and len(pair) > 2:  # "3pm in London: New York and Tokyo?" one call each
                found = pair[1:]
            else:
                found = [pair[index]] if len(pair) > index else []
        elif kind == "timezone":
            found = slots.zones(text)
            unknown = find_places(text)[1]
            if unknown:  # "in Narnia": never answer for a place we could not find, and never default to UTC
                filled.unknown.extend(u for u in unknown if u not in filled.unknown)
                required = [*required, name] if not found else required
        elif kind in {"time_of_day", "datetime"}:
            span = slots.time_range(text)  # "at 2 ft at 11:00": a number with its unit is no time
            clock = [t for t in slots.time_of_day(text) if not any(_overlaps(t, m) for m in measures.values())]
            found = [span[0]] if span else clock[:1]
            day = slots.dates(text, context.today, back=slots.looks_back(text, prop))[:1] if kind == "datetime" else []
            if kind == "datetime":  # "tomorrow at 2pm": one value, both spans the request's words for it
                taken.extend(s for s in found + day if s.start >= 0)
                found = [Span(f"{day[0].value}T{found[0].value}")] if found and day else []
        elif kind == "date":
            back = slots.looks_back(text, prop)
            end = slots.date_end(name) if sum(kind_of(n, p) == "date" for n, p in properties.items()) > 1 else None
            found = [e] if end and (e := slots.date_ends(text, context.today, back=back).get(end)) else []
            found = found if end else slots.dates(text, context.today, back=back)[:1]
            if not found and not end and slots.date_end(name) == "start":  # "since": "this month" is its first day
                found = [e] if (e := slots.date_ends(text, context.today, back=back).get("start")) else []
            if found and slots.takes_time(name, prop) and slots.time_of_day(text):  # "tomorrow at 3pm for an hour"
                clock = slots.clock_for(name, text)  # for an ISO start and end: 2026-01-08T15:00, …T16:00
                found = [Span(f"{found[0].value}T{clock[0]}", found[0].start, found[0].end)] if clock else []
                taken.extend(clock[1] if clock else [])
            if not found and name in required and ToolFacts.of(tool).read_only:  # a lookup with no day: today's
                filled.args[name] = context.today.isoformat()
                filled.defaults.add(name)
                continue
        elif kind == "year":
            found = [s for s in [slots.year(name, prop, text, context.today)] if s]
        elif kind == "years":
            found = [s for s in [slots.year_range(text, context.today)] if s]
        elif kind in {"doi", "isbn", "url", "email"}:  # or a value like the example ("Record id (e.g. '7654321')
            # or Zenodo DOI"): the record's number
            sample = slots.example_of(prop)
            other = sample is not None and not slots.identifier(kind, sample)  # "Record id (e.g. '7654321') or DOI"
            found = slots.identifier(kind, text) or (slots.shaped(sample, text) if other else [])
        elif kind == "emails":  # "email jonas@x.org and cc maria@y.org": each list the addresses said for it
            lists = [n for n, p in properties.items() if kind_of(n, p) == "emails"]
            said = _addressed(text, lists, next((n for n in lists if n in required), lists[0])).get(name, [])
            found = [Span([s.value for s in said], said[0].start, said[-1].end)] if said else []
        elif kind == "region":
            found = slots.regions(text)
        elif kind == "code":  # "post to the tissue culture channel: … 5% CO2": a channel named by words, no code
            noun = "|".join(w for w in words(name) if w not in ID_WORDS)
            others = "|".join(  # "get record recE5f6… from the Samples table": the record's ID, not the base's
                w
                for n, p in properties.items()
                if n != name and kind_of(n, p) == "code"
                for w in words(n)
                if w not in ID_WORDS and w not in words(name)
            )
            # with IDs of several things ("baseId", "tableId"), a bare "ORG-031" is none of them
            found = [
                s
                for s in slots.codes(_mask_quotes(text))
                if s.start not in {t.start for t in taken}
                and not (others and re.search(rf"\b(?:{others})s?\W*$", text[: s.start], re.I))
                and (
                    str(s.value).startswith("#")
                    or not (others or re.search(rf"\b(?:{noun})s?\b", text, re.I))
                    or re.search(rf"\b(?:{noun})s?\W*$", text[: s.start], re.I)
                )
            ][:1] or _called_by_name(text, name, prop)  # "the Equipment loans table": "ID or name of the table"
        elif kind == "pattern":  # never the tool's own words ("GC" of "gc_ratio") nor a little word ("at"), nor
            # part of a value another parameter reads ("0412" of "CG-0412", "351" of "0.351 kg")
            others = taken + [m for n, m in measures.items() if n != name]
            found = [
                s
                for s in _not_own(tool, slots.patterned(prop, text))
                if str(s.value).lower() not in STOPWORDS and not any(_overlaps(s, t) for t in others)
            ]
            # "site 7 on the lake, 14:30, 9 degrees", "the jetty site since 1 November": no times, no days
            masked = _masked(text, others + slots.time_of_day(text) + slots.dates(text, context.today))
            listed = None if found else slots.described_code(prop, tool.description or "", masked)
            listed = listed or (  # "RM-108 video-conference room, RM-214 and RM-215 meeting rooms, …"
                None if found else slots.described_code(prop, prop.get("description") or "", masked, glossary=True)
            )
            found = found or ([listed] if listed else [])
            described = f"{prop.get('description') or ''}\n{tool.description or ''}"
            named = slots.listed_name(prop, described, str(found[0].value), text) if found else None
            if named is not None and (listed or _beside(named, found[0], text)):  # "the teaching lab (RM-322)": its
                taken.append(named)  # name is no one else's words ("RM-215 … purpose: thesis meeting" keeps them)
        elif kind == "glob":  # nothing shaped like a file pattern: the words of the request (as free text)
            found = slots.globs(text)
        elif kind == "currency":
            found = slots.named_codes(catalogue().currencies, text)[:1]
        elif kind == "path":
            written = slots.paths(text)
            if slots.owner_and_name_params(
                properties_of(tool)
            ):  # "config/x.yaml in owner/repo": the repository is no path
                taken_by = [(m.start(), m.end()) for m in slots.repositories(text, loose=True)]
                written = [s for s in written if not any(a <= s.start < b for a, b in taken_by)]
            if (  # "open refs.bib": a bare file name is found in a listing, wherever it is ("… and draft.tex": each)
                written
                and all("/" not in w.value and BARE_FILE.fullmatch(w.value) for w in written)
                and filled.reference is None
                and names_a_file(text, capability, tool)
                and works_in_roots(tool)  # a file of a repository on a forge is no file of this machine's listing
            ):
                filled.reference = name
                continue
            found = _paths_for(tool, name, written, context)
            lists = (
                capability.name in {"file_list", "file_search"}
                if capability
                else _lists_files(tool) and not names_a_file(text, capability, tool)  # "show me the folder tree"
            )
            if not found and lists:
                filled.args[name] = context.resolve_path(".")  # "list my files": the readable root (a default)
                filled.defaults.add(name)
                continue
            if not found and filled.reference is None and names_a_file(text, capability, tool) and works_in_roots(tool):
                filled.reference = name  # "read the meeting notes": found by its words in a listing of this machine
        elif kind == "paths":  # "git add README.md and workflow/rules/qc.smk in ~/code/x": the files, one list
            written = [s for s in slots.paths(text) if not _contains_others(s, properties, name)]
            found = (
                [Span([v.value for v in _paths_for(tool, name, written, context)], written[0].start)] if written else []
            )
            everything = not found and not works_in_roots(tool) and _EVERYTHING.search(text)
            found = [Span(["."], everything.start(), everything.end())] if everything else found  # "stage everything"
        elif kind == "place":  # never a phrase another filter leads ("trials for Alzheimer's")
            others = "|".join(
                lead for n, leads in _filter_leads(properties, required, text_names) if n != name for lead in leads
            )
            found = [
                s
                for s in slots.places(text)
                if not (others and re.search(rf"\b(?:{others})\s+$", text[: s.start], re.I))
            ]
        elif kind == "enum":
            options = enum_options(prop) or slots.described_options(prop)
            named_too = slots.aliases(prop, getattr(tool, "description", None) or "")  # "low = cosmetic or minor"
            span = slots.enum_value(options, text, named_too) or slots.ordinal_option(name, options, text)
            if span and span.value == prop.get("default") and str(span.value) in STOPWORDS:
                span = None  # "any seminars coming up?": the default's word said as a determiner chooses nothing
            if span is None and "default" not in prop and name in required:
                meant = _option_by_meaning(tool, options, text)  # "a taxi from Heathrow" is travel
                span = Span(meant) if meant is not None else None
            both = slots.enum_both(options, text)
            if both and filled.spread is None:
                filled.spread = (name, both)
            if span is None and "default" not in prop and name in required and ToolFacts.of(tool).read_only:
                # a lookup that must be told which of its options and has an "all": nothing said is everything
                prop = {**prop, "default": next((o for o in options if str(o).lower() == "all"), None)}
                prop = prop if prop["default"] is not None else {k: v for k, v in prop.items() if k != "default"}
            found = [span] if span else ([Span(prop["default"])] if "default" in prop else [])
            if span is None and found:
                if found[0].value is not None:  # a default of null is what the server assumes when it is not sent
                    filled.args[name] = found[0].value
                    filled.defaults.add(name)
                continue
        elif kind == "flag":
            elsewhere = tool_vocabulary(tool, without=name)
            span = slots.flag(name, text) or slots.described_flag(prop, text, elsewhere)
            if span is None:
                continue
            filled.args[name] = span.value  # a yes/no said in words: not a typed value, and never spread
            filled.read += 1
            taken.extend([span] if span.start >= 0 else [])  # "including finished ones" names no instrument
            continue
        elif kind == "choices":
            span = slots.choices(prop, text) or slots.named_series(name, text)
            sample = slots.example_of(prop.get("items") or {}) or slots.example_of(prop)
            described = f"{(prop.get('items') or {}).get('description', '')} {prop.get('description', '')}"
            if span is None:  # a list of values shaped like the description's example ("['TP53', 'BRCA1']")
                shaped = _not_own(tool, slots.shaped(sample, text, described))
                values = list(dict.fromkeys(s.value for s in shaped))  # "'run an ANOVA' - what's ANOVA?": once
                span = Span(values, shaped[0].start, shaped[-1].end) if shaped else None
            if span is None and sample and (not slots.shaped(sample, sample) or name in required):
                loose.append(name)  # names of no set shape, or none of it: the topic's, once the rest is read
                continue
            found = [span] if span else []
        elif (
            kind in {"count", "amount"}
            and name not in measures
            and (slots.unit_of(name, prop) or ("time",))[0] != "time"
            and slots.axis_of(name) is None  # "Latitude in decimal degrees": a coordinate, read as one below
        ):
            continue  # a quantity in a unit is read with one of its dimension or by its label, never as a bare number
        elif (
            kind == "count"
            and set(words(name)) & _SKIPS
            and not set(words(name)) & {"size", "limit", "per"}  # "pageSize" is how many, not how many to skip
            and not _SKIP_SAID.search(text)
            and not slots.starting_at(text)
        ):
            continue  # "list trays, five per page": a number of results is no number to skip
        elif kind == "count":
            timed = _seconds(name) is not None  # "minutes": "from 9 to 10:30" too
            skips = set(words(name)) & _SKIPS and not set(words(name)) & {"size", "limit", "per"}
            span = measures.get(name) or (_quantity(name, prop, text) if timed else None)
            span = span or (slots.starting_at(text) if skips else None)  # "starting at character 200"
            counted = _masked(text, years)  # "from the last five years": no count of anything
            span = span or slots.count_for(name, prop, counted, not slots.later_end(properties, name))
            if span is None and set(words(name)) & _LIMIT_WORDS:  # "last three commits" for a log's bare count:
                # a limit that names nothing counts what the tool shows ("Shows the commit logs")
                span = slots.count_of_shown(name, prop, f"{tool.name} {tool.description or ''}", counted)
            if span is None and name in required:  # a count the tool cannot do without: the request's number
                span = slots.amount(_masked(text, taken))
            found = [span] if span and isinstance(span.value, int) else []
        elif kind == "amount":
            bare = not slots.later_end(properties, name)  # "20 lines of refs.bib": the first 20, not the last
            span = measures.get(name) or _quantity(name, prop, text, taken, bare)
            axis = slots.axis_of(name)
            if axis is not None:  # "latitude" / "longitude": read as a pair, with N/S/E/W
                pair = slots.coordinates(text)
                span = pair[axis] if pair else _labelled_number(name, text)
                near = sorted(locate_places(text) + world_places(text), key=lambda found: found[0])
                located = [(o, position(p)) for o, p in near if position(p)] if span is None else []
                if located:  # "sunrise in Oslo": the city's own position (one value said, so typed once)
                    offset, point = located[0]
                    span = Span(point[axis], offset, offset + 1)
                    filled.typed -= axis
                    filled.looked_up.add(name)
            found = [span] if span else []
        elif kind in {"point", "points"}:  # {"latitude", "longitude"} objects: the pairs the request writes
            axes = slots.point_axes(prop if kind == "point" else prop.get("items") or {})
            pairs = slots.coordinate_pairs(text)
            points = [{axes[0]: lat.value, axes[1]: lon.value} for lat, lon in pairs] if axes else []
            spans = [Span(0, min(a.start, b.start), max(a.end, b.end)) for a, b in pairs]
            if points:
                value = points[0] if kind == "point" else points
                found = [Span(value, spans[0].start, spans[-1].end if kind == "points" else spans[0].end)]
        elif kind == "numbers":  # "1 2 3 vs 4 5 6": each list parameter takes the next list
            lists = [s for s in slots.number_lists(text) if not any(s.start < t.end and t.start < s.end for t in taken)]
            found = lists if sum(kind_of(n, p) == "numbers" for n, p in properties.items()) == 1 else lists[:1]
        elif kind == "language":
            found = slots.language(text)
            target = [s for s in found if re.search(r"\b(?:to|into|in)\s+$", text[: s.start])]
            found = (target or found)[-1:] if found else []
        elif kind == "entity":
            continue  # read after the others, from what they leave (or as text, for a catalogue capability)
        elif kind == "unit":
            found = _pair("unit", text)[:1]
        if not found:
            continue
        filled.read += 1
        # "the bib file" names one file to read as much as a pattern to search by; "every .tex file" is a search
        filled.typed += kind != "glob" or bool(re.search(r"\*|\b(?:files|every|all|any)\b", text, re.IGNORECASE))
        if kind == "datetime":  # a day and a time of day: two values said and read, as a date and a time would be
            filled.read, filled.typed = filled.read + 1, filled.typed + 1
        if kind == "id":
            reference_span = found[-1]
        taken.extend(s for s in found if s.start >= 0)
        if (
            len(found) > 1
            and kind
            in {"id", "timezone", "currency", "place", "path", "doi", "isbn", "url", "numbers", "pattern", "region"}
            and filled.spread is None
        ):
            filled.spread = (name, [s.value for s in found])
        filled.args[name] = found[0].value
    _whole_units(properties, text, filled)
    for name in loose:  # "zebrafish shha gene info": what the species and the tool's own words leave
        span = next(iter(_placed(s, text) for s in slots.entity(_without(text, taken), tool_vocabulary(tool))), None)
        if span and re.search(rf"\b(?:some|a few|several)\s+{re.escape(span.value)}", text, re.I):
            continue  # "resolve some species names": no name given yet
        items = re.split(r"\s*(?:,\s*and\s+|,|;|\s+and\s+|\s+vs\.?\s+|\s+&\s+)\s*", span.value) if span else []
        items = [re.sub(r"^(?:the|a|an)\s+", "", v, flags=re.I) for v in items if v]
        sample = slots.example_of(properties[name].get("items") or {}) or slots.example_of(properties[name])
        coded = slots.shaped(sample, sample)  # an example with a shape ("TP53") that nothing took: short codes only
        if coded and not all(
            re.fullmatch(r"[^\W_]+", v) and v.lower() not in dictionary() and len(v) <= 2 * len(sample) for v in items
        ):
            continue
        if items and name not in required and not _said_for(name, properties[name], text, items):
            continue  # "find papers about X": X is the search's, not an optional "fields of study" filter's
        if items:
            filled.args[name], filled.read = items, filled.read + 1
            filled.typed += not coded
            taken.extend([span] if span.start >= 0 else [])
    # Every date and time of day is a value, never part of a name ("the plate reader, 9:30-11:00"); titles and notes
    # keep theirs ("call the vet tomorrow").
    values = [s for s in slots.time_of_day(text) + slots.dates(text, context.today) if s.start >= 0]
    plural = bool(_PLURAL.search(text))
    listed = _series(_mask_quotes(text))  # "add pick up the kids, pay the bill, and call grandma"
    plural = plural or (
        filled.reference is None
        and reference_span is None
        and len(listed) >= 3
        and all(len(words(p)) >= 2 for p in listed)
    )
    for name in entities:  # "a probe against Iba1 in mouse" for a host "e.g. 'mouse'": the value it gives as an example
        said = _example_said(properties[name], text, taken + values)
        if said is not None and said.value not in filled.args.values():
            filled.args[name], filled.read, filled.typed = said.value, filled.read + 1, filled.typed + 1
            taken.append(said)
    placed = [n for n in entities if n in filled.args]
    # the examples placed what was said, or a search's query takes the words: an optional one takes no leftover
    # words, only its shape ("protein language models on the hub" is no model author's name)
    searched = any(kind_of(n, properties[n]) == "text" and set(words(n)) & {"query", "q"} for n in text_names)
    entities = [
        n
        for n in entities
        if n not in filled.args
        and (
            n in required
            or not (placed or searched)
            or slots.strict_shape(slots.example_of(properties[n]), properties[n].get("description", ""))
        )
    ]
    strict = [
        n for n in entities if slots.strict_shape(slots.example_of(properties[n]), properties[n].get("description", ""))
    ]
    for name in strict + [n for n in entities if n not in strict]:  # a tag ("GC-1") first: then no name takes it
        prop = properties[name]
        ratio = slots.ratio(text) if re.fullmatch(r"\d+:\d+", slots.example_of(prop) or "") else None
        if ratio:  # "1:500", "1 in 2000", "one to a thousand" for a dilution "e.g. '1:500'"
            filled.args[name], filled.read, filled.typed = ratio.value, filled.read + 1, filled.typed + 1
            taken.append(ratio)
            continue
        found = slots.shaped(
            slots.example_of(prop), _mask_quotes(text) if capability else text, prop.get("description", "")
        )
        found = [s for s in found if not any(v.start < s.end and s.start < v.end for v in values)]  # "New Year"
        filled.typed += bool(found)  # shaped like the parameter's example ("owner/name", "AAPL"): a typed value
        sample = slots.example_of(prop)
        numeric = bool(sample) and bool(re.fullmatch(r"[\d\s:./-]+", sample)) and name not in required
        if not found and not numeric and not slots.strict_shape(sample, prop.get("description", "")):
            # an optional value whose example is a number ("2019", "2019-2023") never takes the request's words
            source = _without(text, taken + values)
            if bodied and (said := re.match(r"([^:]{3,80}?):\s+\S", source)):
                source = said[1]  # "comment on it: fixed by rounding the offsets": what is said is no name
            found = [_placed(s, text) for s in slots.entity(source, tool_vocabulary(tool))]
            if name not in required and prop.get("default") not in (None, ""):  # an option the server defaults
                found = [s for s in found if _LED.search(text[: max(s.start, 0)])]  # is said: "… in mouse", not "MAF"
        found = [s for s in _not_own(tool, found) if s.value not in filled.args.values()]  # one phrase, one parameter
        if not prop.get("description"):  # "a branch fix/x off dev": an undescribed name is its one code-like token
            coded = [[t for t in str(s.value).split() if _CODE_LIKE.match(t)] for s in found]
            found = [Span(c[0], s.start, s.end) if len(c) == 1 else s for s, c in zip(found, coded, strict=True)]
        if found:
            filled.read += 1
            taken.extend(s for s in found if s.start >= 0)
            if len(found) > 1 and filled.spread is None and slots.shaped(slots.example_of(prop), text):
                filled.spread = (name, [s.value for s in found])
            filled.args[name] = found[0].value
    filters = _filters(tool, properties, required, text_names, filled, text, taken + values) if not capability else {}
    for name, span in filters.items():  # "trials testing semaglutide in Boston": each filter its phrase
        filled.args[name], filled.read = span.value, filled.read + 1
        taken.append(span)
    said_about = _thing_and_body(tool, properties, required, text, taken, values) if capability is None else {}
    for name, span in said_about.items():  # "open a ticket for the ultracentrifuge - vacuum won't pull down"
        filled.args[name], filled.read = span.value, filled.read + 1
    for name in [n for n in text_names if n not in filled.args and not _closed_list(tool, n, properties[n])]:
        named = _branch_or_tag(name, properties[name], text) if capability is None else None
        if named is not None:  # "on the dev branch": the branch, never the words left over
            filled.args[name], filled.read = named.value, filled.read + 1
            taken.append(named)
            continue
        reference = reference_span if filled.reference is None and capability and capability.entity else None
        if capability and capability.entity and filled.reference and reference is None:
            reference = _words_reference_end(text, capability)
        found = _free_text(text, capability, tool, reference, taken)
        empty = _POINTS_BACK if capability and capability.entity else _EMPTY
        quoted = {m.group(1).strip() for m in QUOTED.finditer(text)}  # "add 'thaw, then spin' to tasks": one title
        found = [  # a title quoted as it is ("add 'a' and 'b'") is what was said, little word or not
            s for s in found if s.value in quoted or (words(str(s.value)) and not set(words(str(s.value))) <= empty)
        ]
        own = ToolFacts.of(tool).name_stems  # "post in #x", "store a memory": the tool's own words are no text
        found = [
            s
            for s in found
            if s.value in quoted or not stems(" ".join(w for w in words(str(s.value)) if w not in empty)) <= own
        ]
        if capability is None:  # "commit my changes": only the tool's own words, so no message was given
            found = [s for s in found if _content_words(str(s.value)) - tool_vocabulary(tool)]
            found = [v for s in found for v in _identifier(tool, name, properties[name], s)]
            if ToolFacts.of(tool).read_only is True and name not in _VERBATIM:
                found = [Span(_topic(str(s.value), tool), s.start, s.end) for s in found]
        # the filters said it all; an optional filter of a new server's tool takes no leftover request words
        # ("list open service tickets" names no instrument, "add 10.1038/… to zotero" no collection)
        bare = not filters and (name in required or capability is not None)
        found = [s for s in found if bare or _content(str(s.value), tool)]
        listing = found and found[0].value not in quoted and re.search(r",|\band\b", found[0].value)
        if len(found) == 1 and plural and capability and capability.entity and listing:
            found = [Span(v) for v in _series(found[0].value, every=True)]
        if found and found[0].value:
            filled.read += 1
            if len(found) > 1 and filled.spread is None:
                filled.spread = (name, [s.value for s in found])
            value = found[0].value
            value = re.sub(r"^\((.*)\)$", r"\1", value) if isinstance(value, str) else value  # "(nozzle replaced)"
            value = value.rstrip(" ,;") if isinstance(value, str) else value  # "X, with the description: Y"
            filled.args[name] = value[:1].upper() + value[1:] if name == "title" and filled.spread is None else value
            glob = kind_of(name, properties[name]) == "glob"
            topic = slots.entity(str(filled.args[name]), tool_vocabulary(tool)) if glob else []
            if topic and len(words(str(filled.args[name]))) > 1:  # "search my files for anything about reagents"
                filled.args[name] = f"*{topic[0].value.replace(' ', '*')}*"
    if re.search(r"\bthere\b", text, re.IGNORECASE):  # "what time is it there?" with no place: ask which place
        for name, prop in properties.items():
            if kind_of(name, prop) in {"timezone", "place"} and name not in filled.args:
                required = [*required, name]
    _negated_twin(properties, filled, text)
    if capability is None:
        _called(properties, filled, text)
        _prefixed_ids(properties, filled, text)
    _cleared(properties, filled, text)
    _headed(properties, required, filled)
    for name, prop in properties.items():  # "emails from Hannah Lee": "from:\"Hannah Lee\"" where the query takes it
        query = _qualified(text, str(prop.get("description") or "")) if kind_of(name, prop) == "text" else None
        if query:
            filled.args[name], filled.read = query, filled.read + (name not in filled.args)
            filled.missing = [n for n in filled.missing if n != name]
    wanted = set(required) | ({capability.text_param} if capability and capability.text_param in properties else set())
    filled.missing = [
        name for name in properties if name in wanted and name not in filled.args and name != filled.reference
    ]
    return filled


_QUALIFIER = re.compile(r"(?<![\w:/.])([a-z_]{2,12}):(?=[\w\"(])")  # "from:", "newer_than:" in a description
_SENDER = re.compile(
    r"\bfrom\s+(?!(?:the\s+)?(?:last|past|this|previous|yesterday|today)\b)(?P<who>[\w.+-]+@[\w-]+(?:\.[\w-]+)+|"
    r"(?:the\s+)?[\w'-]+(?:\s+(?!(?:in|with|about|since|during|over|on|that|and|last|past|this)\b)[\w'-]+){0,2})",
    re.I,
)
_RECENT = re.compile(
    r"\b(?:in|from|over|during|within)?\s*(?:the\s+)?(?:last|past)\s+(?:(?P<n>\d+|a|one|two|three)\s+)?"
    r"(?P<unit>days?|weeks?|months?|years?)\b",
    re.I,
)
_IN_SUBJECT = re.compile(r"\bwith\s+(?P<what>['\"‘“]?[\w.-]+(?:\s+[\w.-]+)?['\"’”]?)\s+in\s+the\s+subject\b", re.I)
_COUNTS = {"a": 1, "one": 1, "two": 2, "three": 3}
_QUOTES = "'\"‘’“”"


def _qualified(text: str, described: str) -> str | None:
    """A search query in the syntax its description documents ("Supports operators such as from:, subject:,
    newer_than:, has:attachment, is:unread"): the request's sender, subject, period, attachments and unread said as
    those operators, and operators written as such kept as written. None when the description documents none, or
    the request says none of them."""
    documented = set(_QUALIFIER.findall(described))
    if len(documented) < 2:
        return None
    parts = [m.group(0) for m in re.finditer(r"(?<!\S)([a-z_]+):\S+", text) if m.group(1) in documented]
    if "from" in documented and (sender := _SENDER.search(text)) and not parts:
        who = re.sub(r"^the\s+", "", sender["who"], flags=re.I).strip()
        if who.lower() not in {"me", "my", "us", "them", "him", "her", "it"} and who:
            parts.append(f'from:"{who}"' if " " in who else f"from:{who if '@' in who else who.lower()}")
    if "subject" in documented and (subject := _IN_SUBJECT.search(text)) and not any("subject:" in p for p in parts):
        parts.append(f"subject:{subject['what'].strip(_QUOTES)}")
    if "has" in documented and re.search(r"\battachments?\b", text, re.I):
        parts.append("has:attachment")
    if "is" in documented and re.search(r"\bunread\b", text, re.I):
        parts.append("is:unread")
    if "newer_than" in documented and (recent := _RECENT.search(text)):
        count = recent["n"] or "1"
        number = int(count) if count.isdigit() else _COUNTS.get(count.lower(), 1)
        unit = recent["unit"].lower()[0]
        parts.append(f"newer_than:{number * 7}d" if unit == "w" else f"newer_than:{number}{unit}")
    about = _ABOUT.search(text) if parts else None
    if about:  # "emails from Ana about the grant renewal": the words searched for, beside the operators
        parts.append(about["what"].strip())
    return " ".join(dict.fromkeys(parts)) or None


_ABOUT = re.compile(
    r"\b(?:about|regarding|concerning)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?P<what>(?:(?!(?:from|with|in|since|over|during|last|past)\b)[\w'.-]+\s*){1,4})",
    re.I,
)


def _subject_of(properties: dict[str, Any], required: list[str]) -> str | None:
    """The required subject of a message that also takes a required body (an e-mail's): named only under its own
    label, else made from the body; never the request's leftover words."""
    subjects = [n for n in required if n in properties and "subject" in words(n)]
    bodies = [n for n in required if n in properties and set(words(n)) & _BODY_NAMES]
    return subjects[0] if len(subjects) == 1 and len(bodies) == 1 else None


def _headed(properties: dict[str, Any], required: list[str], filled: Filled) -> None:
    """A required subject (or title) not said, of a message whose body is said: the body's first words, as a person
    heads a short note ("the source data for figure 3D is on the lab drive" -> "The source data for figure 3D")."""
    head = _subject_of(properties, required)
    bodies = [n for n in required if set(words(n)) & _BODY_NAMES and isinstance(filled.args.get(n), str)]
    if head is None or head in filled.args or len(bodies) != 1:
        return
    first = re.split(r"(?<=[.!?;:])\s|\s[-–—]\s|,\s", str(filled.args[bodies[0]]).strip(), maxsplit=1)[0]
    kept = first.split()[:8]
    while len(kept) > 1 and kept[-1].lower().strip(".,;:!?") in STOPWORDS:  # "… figure 3D is on": "… figure 3D"
        kept.pop()
    said = " ".join(kept).rstrip(" .,;:!?")
    if said:
        filled.args[head] = said[:1].upper() + said[1:]


_CLEARING = r"(?:clear|empty|blank|wipe|erase|remove|delete|drop|reset)\w*"


def _cleared(properties: dict[str, Any], filled: Filled, text: str) -> None:
    """A text the request empties by name ("clear the description on task 2", "make empty the description of task
    1", "the notes should be blank") is sent as ''."""
    for name in cleared_names(properties, text):
        if name not in filled.args:
            filled.args[name], filled.read = "", filled.read + 1


def cleared_names(properties: dict[str, Any], text: str) -> list[str]:
    """The free-text parameters a request empties by name."""
    found = []
    for name, prop in properties.items():
        said = r"\s+".join(map(re.escape, name.split("_")))
        said = rf"(?:{said}|notes?|details?)" if name == "description" else said  # "clear that note"
        if kind_of(name, prop) == "text" and re.search(
            rf"\b{_CLEARING}\s+(?:out\s+)?(?:the\s+|its\s+|their\s+|that\s+)?{said}\b"
            rf"|\bmake\s+(?:empty|blank)\s+(?:the\s+)?{said}\b|\bmake\s+(?:the\s+)?{said}\s+(?:empty|blank)\b"
            rf"|\b{said}\s+(?:should|must|can)\s+be\s+(?:empty|blank|cleared|removed)\b",
            text,
            re.IGNORECASE,
        ):
            found.append(name)
    return found


_ID_SHAPES = {  # the identifiers a prefixed example shows, by the shape of what follows its prefix
    "doi": re.compile(r"\b10\.\d{4,9}/[^\s\"'<>,;]+[^\s\"'<>,;.)?!]"),
    "arxiv": re.compile(r"(?<![\w.])\d{4}\.\d{4,5}(?:v\d+)?(?![\w.])"),
    "digits": re.compile(r"(?<![\w.:/-])\d{4,9}(?![\w.:/-])"),
}
_KNOWN_PREFIXES = {"doi": "doi", "arxiv": "arxiv", "pmid": "digits"}  # "DOI:...": an example that elides its value
_PREFIXED_EXAMPLE = re.compile(r"[\"'‘“]([A-Za-z]{2,12}):([^\s\"'’”]+)[\"'’”]")


def _prefixed_ids(properties: dict[str, Any], filled: Filled, text: str) -> None:
    """An identifier sent with the prefix the parameter's examples show ("DOI:10.1038/…", "ARXIV:2106.15928",
    "PMID:19872477"): a bare DOI or arXiv id gets its prefix; bare digits only when the request names the prefix
    ("PMID 29409532")."""
    for name, prop in properties.items():
        shown = {}
        for prefix, value in _PREFIXED_EXAMPLE.findall(str(prop.get("description") or "")):
            shape = next((k for k, p in _ID_SHAPES.items() if p.fullmatch(value)), _KNOWN_PREFIXES.get(prefix.lower()))
            if shape and shape not in shown:
                shown[shape] = prefix
        if not shown or (name in filled.args and ":" in str(filled.args[name])):
            continue
        for shape, prefix in shown.items():
            found = _ID_SHAPES[shape].search(text)
            if found and (shape != "digits" or re.search(rf"\b{re.escape(prefix)}\b", text[: found.start()], re.I)):
                filled.read += name not in filled.args
                filled.args[name] = f"{prefix}:{found.group(0)}"
                break


def _addressed(text: str, lists: list[str], default: str) -> dict[str, list[Span]]:
    """The e-mail addresses said for each list parameter: those after its name ("cc hannah@x.org", "bcc …"), with
    the ones joined to them by "and" or a comma; the others are the ``default`` list's (the recipients)."""
    cues = {w.lower(): n for n in lists if n != default for w in words(n)}
    found: dict[str, list[Span]] = {}
    current, before = default, 0
    for address in slots.identifier("email", text):
        between = [w.lower() for w in words(text[before : address.start])]
        cued = [cues[w] for w in between if w in cues]
        if cued:
            current = cued[-1]
        elif any(w not in {"and", "also"} for w in between):
            current = default
        found.setdefault(current, []).append(address)
        before = address.end
    return found


def _said_for(name: str, prop: dict[str, Any], text: str, items: list[str]) -> bool:
    """Whether a request gives an optional list filter its items: it names the filter ("in the fields biology and
    medicine"), an item is one the description lists ('e.g. ["Biology", "Medicine"]'), or an item is marked as a
    tag ("#seahorse")."""
    listed = {m.lower() for m in re.findall(r"[\"'‘“]([^\"'’”]{1,40})[\"'’”]", str(prop.get("description") or ""))}
    named = stems(" ".join(words(name))) - _GENERIC_FILTER_WORDS
    return bool(named & stems(text)) or any(v.lower() in listed or v.startswith("#") for v in items)


_GENERIC_FILTER_WORDS = frozenset({"filter", "filters", "list", "only", "include", "restrict"})
_NEGATING_NAME = frozenset({"not", "exclude", "excluding", "without", "no", "except"})
_NEGATED = re.compile(
    r"\b(?:don'?t|do\s+not|doesn'?t|does\s+not|not|without|lacks?|lacking|exclud(?:e|es|ing)|except|missing|never)\b",
    re.I,
)


_CALLED = re.compile(r"\b(?:called|named)\s+(?:(['\"‘“])(?P<quoted>[^'\"’”]+)['\"’”]|(?P<token>[\w][\w./-]*))", re.I)


def _called(properties: dict[str, Any], filled: Filled, text: str) -> None:
    """ "a new branch called gas6-section": what follows "called" or "named" is the value of the one string
    parameter whose name says it is a name ("branch_name", "name"), whatever else the words gave it."""
    said = _CALLED.search(text)
    names = [n for n, p in properties.items() if "name" in words(n) and kind_of(n, p) in {"text", "entity"}]
    if said is None or len(names) != 1:
        return
    thing = stems(" ".join(words(text[: said.start()])[-1:]))  # "one sample called serumB1" names a sample
    if (
        thing
        and not thing <= stems(" ".join(words(names[0])))
        and any(thing <= stems(" ".join(words(n))) for n in properties)
    ):
        return
    filled.args[names[0]] = said["quoted"] or said["token"]


_LEAVING_OUT = re.compile(
    r"[,;]?\s*(?:\bbut\s+)?\b(?:leave\s+out|leaving\s+out|except(?:\s+for)?|excluding|apart\s+from|other\s+than|"
    r"ignor(?:e|ing)|skip(?:ping)?|without|but\s+not)\s+(?P<them>[^,;.!?]+)",
    re.I,
)
_LEFT_OUT_WORDS = frozenset({"the", "ones", "one", "anything", "everything", "stuff", "things", "in", "inside", "under",
                             "my", "folder", "folders", "directory", "directories", "dir", "files", "file", "and", "or"})  # fmt: skip
_EXCLUDING_NAME = frozenset({"exclude", "excluded", "excludes", "exclusions", "ignore", "ignored", "skip", "without"})


def _quoted_as(properties: dict[str, Any], text: str) -> dict[str, str]:
    """A quoted text said to be a named free-text parameter ("put 'ask HR' as its description")."""
    found = {}
    for match in QUOTED.finditer(text):
        named = re.match(r"\s+as\s+(?:its|the|a|an)\s+(\w+)\b", text[match.end() :], re.I)
        name = named and named[1].lower()
        if name in properties and kind_of(name, properties[name]) == "text":
            found[name] = match.group(1).strip()
    return found


def leaves_out(tool: Any, text: str) -> bool:
    """Whether the request leaves something out that the tool has a parameter for ("… but leave out the data
    folder" for a tree with ``excludePatterns``)."""
    return bool(_left_out(properties_of(tool), text))


def _left_out(properties: dict[str, Any], text: str) -> dict[str, Span]:
    """What a request leaves out ("… but leave out the data folder", "the markdown files except the ones in
    notes") for the one list parameter whose name says it excludes (``excludePatterns``): the names said, each a
    value; the phrase is then no part of the other values (never the folder searched)."""
    names = [n for n, p in properties.items() if set(words(n)) & _EXCLUDING_NAME and _strings(p)]
    said = _LEAVING_OUT.search(text)
    if len(names) != 1 or said is None:
        return {}
    kept = [w for w in said["them"].split() if w.lower().strip("'\"") not in _LEFT_OUT_WORDS and not _folder_typo(w)]
    values = [w.strip("'\"") for w in kept if re.fullmatch(r"[\w.*/-]+", w.strip("'\""))]
    return {names[0]: Span(values, said.start(), said.end())} if values and len(values) == len(kept) <= 3 else {}


def _strings(prop: dict[str, Any]) -> bool:
    """Whether a parameter takes a list of strings (``{"type": "array", "items": {"type": "string"}}``, or that or
    null)."""
    options = [prop, *(o for o in prop.get("anyOf") or [] if isinstance(o, dict))]
    return any(o.get("type") == "array" and (o.get("items") or {}).get("type") == "string" for o in options)


def _folder_typo(word: str) -> bool:
    return any(one_edit(word.lower(), w) for w in ("folder", "folders", "directory")) and len(word) >= 5


def _negated_twin(properties: dict[str, Any], filled: Filled, text: str) -> None:
    """A value goes to the parameter of its polarity: "which branches don't have 2308da8" fills ``not_contains``, not
    ``contains``; "which ones have it" the other way round. Twins are two parameters whose names differ by a leading
    "not", "exclude", "without" …"""
    negated = bool(_NEGATED.search(text))
    for negative in properties:
        said = words(negative)
        if len(said) < 2 or said[0] not in _NEGATING_NAME:
            continue
        positive = next((n for n in properties if words(n) == said[1:]), None)
        if positive is None:
            continue
        source, target = (positive, negative) if negated else (negative, positive)
        if source in filled.args and target not in filled.args:
            filled.args[target] = filled.args.pop(source)


def _number_pairs(properties: dict[str, Any]) -> list[tuple[str, str]]:
    """Integer parameters that are the two ends of one range ("start" and "end", "from_page" and "to_page")."""
    ends = {
        name: (slots.date_end(name), frozenset(words(name)) - slots.RANGE_WORDS)
        for name, prop in properties.items()
        if kind_of(name, prop) in {"count", "id"} and slots.date_end(name)
    }
    starts = [n for n, (end, rest) in ends.items() if end == "start"]
    return [
        (start, end)
        for start in starts
        for end, (which, rest) in ends.items()
        if which == "end" and rest == ends[start][1]
    ][:1]


def _filter_leads(
    properties: dict[str, Any], required: list[str], text_names: list[str]
) -> list[tuple[str, tuple[str, ...]]]:
    """A search's optional filters the catalogue knows by their words ("condition", "intervention", "location"), each
    with the words that lead its value in a request; none unless the search also has a free text of its own."""
    if not text_names:
        return []
    found = []
    for name, prop in properties.items():
        if name in required or name in text_names or kind_of(name, prop) not in {"text", "entity", "place"}:
            continue
        said = set(words(f"{name} {prop.get('description', '')}"))
        leads = next((leads for names, leads in catalogue().filters if names & set(words(name))), None)
        leads = leads or next((leads for names, leads in catalogue().filters if names & said), None)
        if leads:
            found.append((name, leads))
    return found if any(kind_of(n, properties[n]) != "place" for n, _ in found) else []


_LED = re.compile(r"\b(?:in|for|from|of|on|at|with|by|using|as)\s+(?:the\s+|a\s+|an\s+)?$", re.I)
_WHO = frozenset({"author", "authors", "writer", "creator", "user", "owner", "organization", "organisation"})
_PHRASE_END = (  # "papers by Hinton on capsule networks": the author ends where the topic begins
    r"\s{2,}|[,;:?!.()](?:\s|$)|\b(?:that|which|who|whose|where|when|are|is|was|were|please|pls|only|but"
    r"|on|about|regarding|concerning)\b"
)


def _content(value: str, tool: Any) -> bool:
    """Whether a phrase says something besides little words, asking words and the tool's own words."""
    own, asking = tool_vocabulary(tool), catalogue().asking_words
    return any(w not in STOPWORDS and w not in asking and stem(w) not in own and not w.isdigit() for w in words(value))


def _filters(
    tool: Any,
    properties: dict[str, Any],
    required: list[str],
    text_names: list[str],
    filled: Filled,
    text: str,
    taken: list[Span],
) -> dict[str, Span]:
    """The phrase each optional free-text filter of a search takes: the one its lead words open ("for melanoma" for
    a condition, "testing pembrolizumab" for an intervention, "in Boston" for a location), ending at another
    filter's lead, a clause or another parameter's value; with no lead said, the words before the tool's own noun
    ("diabetes trials") are the first filter's."""
    filters = _filter_leads(properties, required, text_names)
    open_ = [(n, leads) for n, leads in filters if n not in filled.args and kind_of(n, properties[n]) != "place"]
    if not open_:
        return {}
    masked = _masked(text, taken)
    every = "|".join(sorted({re.escape(lead) for _, leads in filters for lead in leads}, key=len, reverse=True))
    found: dict[str, Span] = {}
    claimed: list[tuple[int, int]] = []
    for name, leads in open_:
        alternatives = "|".join(re.escape(lead) for lead in leads)
        for match in re.finditer(rf"\b(?:{alternatives})\s+(?=\w)", masked, re.I):
            start = match.end()
            if any(a <= match.start() < b for a, b in claimed):
                continue
            end = re.search(rf"{_PHRASE_END}|\b(?:{every})\s", masked[start:], re.I)
            phrase = masked[start : start + end.start()] if end else masked[start:]
            value = re.sub(r"^(?:the|a|an|any|some)\s+", "", phrase.strip(), flags=re.I)
            value = _trim_own(value, tool, [n for n, _ in filters])
            if value and _content(value, tool):
                offset = start + phrase.index(value)
                found[name] = Span(value, match.start(), offset + len(value))  # its lead is no other text's
                claimed.append((match.start(), offset + len(value)))
                break
    topics = [(n, leads) for n, leads in open_ if not set(words(f"{n} {properties[n].get('description', '')}")) & _WHO]
    if not found and topics:  # "which diabetes trials are phase II?": the words before the tool's own noun (a
        # topic's: "protein language models" names no author)
        own, asking = tool_vocabulary(tool), catalogue().asking_words
        tokens = list(re.finditer(r"[\w'’-]+", masked))
        for index, token in enumerate(tokens):
            if stem(token.group().lower()) not in own:
                continue
            run: list[re.Match[str]] = []
            for before in reversed(tokens[:index]):
                gap = masked[before.end() : (run[0] if run else token).start()]
                low = before.group().lower()
                if gap != " " or low in STOPWORDS or low in asking or stem(low) in own or low.isdigit():
                    break
                run.insert(0, before)
            if run:
                found[topics[0][0]] = Span(masked[run[0].start() : run[-1].end()], run[0].start(), run[-1].end())
                break
    return found


_TOPIC_AFTER = re.compile(r"^(?P<head>.*?\w)\s+(?:on|about|regarding|concerning|covering)\s+(?P<topic>\w.*)$", re.I)
_WHERE_RESIDUE = re.compile(r"\s+(?:kept|stored|located|have|has)$", re.I)


def _topic(value: str, tool: Any) -> str:
    """What a lookup's query is about, without the words around it: "five most relevant papers on RNA-seq" ->
    "RNA-seq", "p53 antibody that works for western" -> "p53", "(where are) the plasma samples kept" -> "the plasma
    samples"."""
    relative = slots.RELATIVE_CLAUSE.search(value)
    cut = _WHERE_RESIDUE.sub("", value[: relative.start()] if relative else value).strip()
    if cut != value.strip() and cut:
        value = _trim_own(cut, tool, []) or cut
    own = tool_vocabulary(tool)
    about = _TOPIC_AFTER.match(value)
    while about and stems(about["head"]) & own:  # "papers on X": the papers are the tool's own
        head = _trim_own(about["head"], tool, [])
        where = not _content_words(about["topic"]) - own or re.fullmatch(r"the\s+[\w-]+", about["topic"], re.I)
        if where and _content_words(head) - own:  # "protein language models on the hub": where, not what
            return head
        value = about["topic"]  # "models on hugging face about pubmed": pubmed
        about = _TOPIC_AFTER.match(value)
    return value


_QUOTED_EXAMPLE = re.compile(r"['‘\"“]([^'’\"”]{2,40})['’\"”]")


def _example_said(prop: dict[str, Any], text: str, taken: list[Span]) -> Span | None:
    """One of the examples a parameter's description quotes, said as a word of the request (as the request writes it)."""
    for example in _QUOTED_EXAMPLE.findall(str(prop.get("description") or "")):
        if not re.search(r"[A-Za-z]", example):
            continue
        for match in re.finditer(rf"(?<![\w-]){re.escape(example)}(?![\w-])", text, re.I):
            before = words(text[: match.start()])[-1:]
            if before and before[0] not in STOPWORDS and not before[0].isdigit():
                continue  # "nitrile gloves" for "e.g. 'gloves'": the example is only the head of a longer name
            if not any(t.start < match.end() and match.start() < t.end for t in taken):
                return Span(match.group(0), match.start(), match.end())
    return None


def _trim_own(value: str, tool: Any, filters: list[str]) -> str:
    """A phrase without the tool's own words at its end ("breast cancer trials" -> "breast cancer"); the words
    describing the filters are no such words ("chronic kidney disease")."""
    properties = (getattr(tool, "parameters_json_schema", None) or {}).get("properties") or {}
    described = " ".join(f"{n} {properties[n].get('description', '')}" for n in filters)
    own = tool_vocabulary(tool) - {stem(w) for w in words(described)}
    parts = value.split()
    while len(parts) > 1 and stem(parts[-1].lower().strip("'’")) in own:
        parts.pop()
    return " ".join(parts)


_SIDE_LABELS = frozenset({"details", "detail", "description", "desc", "note", "notes", "comment", "comments"})


def _under_labels(properties: dict[str, Any], text: str) -> list[tuple[str, Span]]:
    """Texts said under their parameter's own name and a colon ("subject: KRAS maps, body: thanks, got them - will
    check"), each running to the next such label or to the end, or quoted after it ("subject 'rebooking'"). The
    span returned covers the label, its value and the words leading it ("… with the description 'X'")."""
    labels: list[tuple[int, int, str, str]] = []  # start, end, parameter, the quoted value (or "")
    for name, prop in properties.items():
        if kind_of(name, prop) not in {"text", "entity"} or not words(name):
            continue
        said = r"[\s_-]*".join(map(re.escape, words(name)))
        labels += [(m.start(), m.end(), name, "") for m in re.finditer(rf"(?<![^\s,;(]){said}\s*:\s+", text, re.I)]
        quoted = rf"(?<![^\s,;(.]){said}\s+(?:['\"‘“])([^'\"’”]+)['\"’”]"  # "… subject 'rebooking after maintenance'"
        labels += [
            (m.start(), m.end(), name, m[1]) for m in re.finditer(quoted, text, re.I) if words(text[: m.start()])
        ]
    labels.sort()
    if len(labels) < 2:  # one colon label counts after a comma or a sentence ("…, subject: X"); in "store a new lot:
        # X" it is the request's own head
        labels = [label for label in labels if label[3] or re.search(r"[,;(.!?]\s*$", text[: label[0]])]
    found: dict[str, Span] = {}
    for (start, end, name, as_quoted), after in zip(labels, [*labels[1:], (len(text), 0, "", "")], strict=False):
        said_value = text[end : after[0]].rstrip(" ,;")
        value = as_quoted or said_value.strip().strip("'\"‘’“”").rstrip(" .")
        if value and name not in found and words(text[:start]):  # "title: X" alone is the request's own framing
            lead = re.search(r"(?:\s*,)?\s*(?:(?:and|with)\s+)?(?:(?:the|a|an|its)\s+)?$", text[:start])
            found[name] = Span(value, lead.start() if lead else start, end if as_quoted else end + len(said_value))
    return list(found.items())


def _labelled_texts(
    properties: dict[str, Any], required: list[str], capability: Capability | None, text: str
) -> list[tuple[str, str, int]]:
    """An optional text parameter given last under its own label ("add a task to order antibodies, details:
    anti-GFP, rabbit"): the label is the parameter's name or a word of its description, and what follows is its
    value, not part of the main text."""
    main = capability.text_param if capability else None
    found = []
    for name, prop in properties.items():
        if name in required or name == main or kind_of(name, prop) != "text":
            continue
        labels = (set(words(name)) | set(words(prop.get("description", "")))) & (_SIDE_LABELS | set(words(name)))
        if set(words(name)) & _SIDE_LABELS:
            labels |= _SIDE_LABELS  # "… with the note 'ask Ahmed'" for a description: one side text, any of its names
        if not labels:
            continue
        alternatives = "|".join(sorted(map(re.escape, labels), key=len, reverse=True))
        match = re.search(  # "…, details: X", "… with the description 'X'"
            rf"(?:[,;.]\s*|\s+[-–—]\s+|\s+with\s+(?:the\s+(?:following\s+)?|a\s+)?)(?:(?:for|as)\s+(?:the\s+|a\s+)?)?(?:{alternatives})"
            rf"(?:\s+(?:put|is|should\s+be|reads?))?\s*(?:[:=]\s*|(?=['\"‘“]))(\S.*)$",  # "— for the description put: X"
            text,
            re.I,
        )
        match = (
            match
            or re.search(  # "change task 7 to 'X' and set its description to 'Y'", "… give it a note saying Y"
                rf"[,;]?\s+(?:and\s+)?(?:(?:set|change|make|update)\s+(?:its|the|their)\s+(?:{alternatives})\s+(?:to|as)|"
                rf"give\s+it\s+an?\s+(?:{alternatives})\s*(?:saying|that\s+says|of|:))\s+(\S.*)$",
                text,
                re.I,
            )
        )
        match = match or re.search(  # "… and put 'Dana has the numbers' as the description"
            rf"[,;]?\s+(?:and\s+)?(?:put|use|set|add|give\s+it)\s+(['\"‘“][^'\"’”]+['\"’”])\s+as\s+(?:the\s+|its\s+|a\s+)?"
            rf"(?:{alternatives})\W*$",
            text,
            re.I,
        )
        said = "\\s+".join(map(re.escape, words(name)))  # ", purpose MBSJ annual meeting": its own name, no colon
        match = match or re.search(
            rf",\s*{said}\s+(?!(?:is|are|was|were|will|should|of|for)\b)([^\W\d_].*)$", text, re.I
        )
        if match and words(text[: match.start()]):
            value = re.sub(r"(['\"’”])\s*[?.!]+$", r"\1", match.group(1).strip())  # "… 'ask Ahmed'?"
            found.append((name, value.strip("'\"‘’“”").rstrip(" ."), match.start()))
    return found[:1]


def trip_end(name: str, prop: dict[str, Any]) -> bool:
    """Whether a parameter is one end of a trip: an origin or a destination, or a place, point or address."""
    said = f"{' '.join(words(name))} {prop.get('description') or ''}".lower()
    return bool(re.search(r"\b(?:origins?|destinations?|address(?:es)?|places?|points?|locations?)\b", said))


def _owner_and_name(properties: dict[str, Any], text: str) -> dict[str, Span] | None:
    """An "owner/name" pair said as one token, for a tool that takes the owner and the name apart."""
    params, found = slots.owner_and_name_params(properties), slots.repositories(text, loose=True)
    if not params or not found:
        return None
    (owner, name), match = params, found[0]
    return {owner: Span(match[1], match.start(1), match.end(1)), name: Span(match[2], match.start(2), match.end(2))}


def _not_own(tool: Any, found: list[Span]) -> list[Span]:
    """Values shaped like an example that are words the tool describes itself with ("NCBI" of "NCBI Gene id"); a
    code with digits is no such word, even the description's own example ("UniProt accession, e.g. P04637")."""
    own = tool_vocabulary(tool)
    return [
        s
        for s in found
        if not (isinstance(s.value, str) and stem(s.value.lower()) in own and not re.search(r"\d", s.value))
    ]


MEANT_OPTION = 0.5  # a word of the request this like a plain-word option names it…
OPTION_MARGIN = 0.1  # …when it is this much less like every other option


def _option_by_meaning(tool: Any, options: list[Any], text: str) -> Any:
    """A required choice said in other words ("£18.40 Addison Lee taxi" is travel, "two nights at Hotel Bristol" is
    lodging, "a textbook" is books): the option a word of the request is clearly most like, by the embedder's
    meaning. Options of plain words only (no codes), three or more; the tool's own words never count: they say
    what it does, not which option."""
    if len(options) < 3 or not all(
        isinstance(o, str) and re.fullmatch(r"[A-Za-z][A-Za-z _-]{2,30}", o) for o in options
    ):
        return None
    own = tool_vocabulary(tool)
    said = sorted(
        {
            w
            for w in words(QUOTED.sub(" ", text))
            if w.isalpha() and len(w) >= 3 and w not in STOPWORDS and stem(w) not in own
        }
    )
    if not said:
        return None
    embed = router().embed
    likeness = (embed(said) @ embed([o.replace("_", " ") for o in options]).T).max(axis=0)
    first, second = sorted(range(len(options)), key=lambda i: -likeness[i])[:2]
    if likeness[first] >= MEANT_OPTION and likeness[first] - likeness[second] >= OPTION_MARGIN:
        return options[first]
    return None


def enum_options(prop: dict[str, Any]) -> list[Any]:
    """An enum parameter's options, also when the schema allows null too (``anyOf``)."""
    return prop.get("enum") or next((o["enum"] for o in prop.get("anyOf", []) if "enum" in o), [])


def _whole_units(properties: dict[str, Any], text: str, filled: Filled) -> None:
    """An integer amount beside a unit enum (the one its description names): "2.5 L" is 2500 mL, "half a kilo"
    500 g — the pair the request means, where the number alone is no whole count or no number at all."""
    for unit, prop in properties.items():
        if kind_of(unit, prop) != "enum":
            continue
        options = enum_options(prop)
        counts = [
            n for n, p in properties.items() if kind_of(n, p) == "count" and unit in words(p.get("description", ""))
        ]
        whole = slots.in_whole_units(options, properties[counts[0]], text) if len(counts) == 1 else None
        if whole is None:
            continue
        span, option = whole
        if counts[0] in filled.args and str(filled.args[counts[0]]) not in text[span.start : span.end]:
            continue  # "2 bottles of 500 mL": the count is of bottles
        if counts[0] not in filled.args:
            filled.read, filled.typed = filled.read + 1, filled.typed + 1
        filled.args[counts[0]], filled.args[unit] = span.value, option
        filled.defaults -= {counts[0], unit}


def _series(text: str, *, every: bool = False) -> list[str]:
    """The items of "a, b and c" / "a, b, and c" (an "and" inside an item stays: "email Ana and Luis, …"); with
    ``every``, "a and b" too."""
    items = re.split(r"\s*,\s*(?:and\s+)?", text)
    if (len(items) > 1 or every) and not re.search(r",\s*and\s", text):
        items[-1:] = re.split(r"\s+and\s+", items[-1], maxsplit=1) if len(items) > 1 else re.split(r"\s+and\s+", text)
    return [v.strip(" .") for v in items if v.strip(" .")]


# Words that say what to do with a file rather than which file it is.
FILE_VERBS = frozenset(
    ["read", "open", "show", "display", "view", "print", "cat", "see", "look", "get", "give", "file", "files",
     "content", "contents", "text", "whole", "full", "now", "again", "please"]
)  # fmt: skip


_CONTAINER_WORDS = frozenset({"repo", "repository", "directory", "dir", "folder", "project", "workspace", "root"})
_FILE_LIKE = re.compile(r"\.[A-Za-z0-9]{1,8}$")
_ROOTED = re.compile(r"^(?:~|/)")
_EVERYTHING = re.compile(r"\b(?:everything|all\s+(?:the\s+|my\s+)?(?:files|changes))\b", re.IGNORECASE)


def works_in_roots(tool: Any) -> bool:
    """Whether a tool reads the person's own files under the readable roots (the filesystem server's tools): its
    description speaks of the allowed directories, or its name says it reads, lists or finds files. Only these get
    a path made absolute against the roots (and "~" expanded here); any other server's path — a repository on a
    git server, a file inside it — is that server's to resolve, so it is sent as the person wrote it."""
    facts = ToolFacts.of(tool)
    if re.search(r"\ballowed\s+director", facts.description, re.IGNORECASE):
        return True
    if slots.owner_and_name_params(properties_of(tool)):  # a file of a repository on a forge
        return False
    groups = (g for c in catalogue() if c.gap_name == "file_read" for g in c.provided_by)
    return any(group <= facts.name_stems for group in groups)


def _container(name: str) -> bool:
    """Whether a path parameter names a place that holds files (a repository path, a ``directory``), not a file."""
    return bool(set(words(name)) & _CONTAINER_WORDS)


def _contains_others(span: Span, properties: dict[str, Any], name: str) -> bool:
    """Whether a written path is the container another path parameter of the tool takes ("in ~/code/x" for
    a repository path), so not one of the files a list of paths takes."""
    return bool(_ROOTED.match(str(span.value))) and any(
        _container(n) and kind_of(n, p) == "path" for n, p in properties.items() if n != name
    )


def _paths_for(tool: Any, name: str, written: list[Span], context: Context) -> list[Span]:
    """The written paths a path parameter takes. A container (a repository, a folder) is never a file inside it:
    when some path is rooted ("~/code/x", "/home/a/x") and names no file, relative paths and file names
    ("workflow/rules/qc.smk", "README.md", a branch "fix/x") are what the request does inside it."""
    if _container(name) and len(written) > 1:
        rooted = [s for s in written if _ROOTED.match(str(s.value)) and not _FILE_LIKE.search(str(s.value))]
        written = rooted or [s for s in written if not _FILE_LIKE.search(str(s.value))] or written
    if not works_in_roots(tool):
        return list(written)
    return [Span(context.resolve_path(s.value), s.start, s.end) for s in written]


def _lists_files(tool: Any) -> bool:
    """A read-only tool of this machine's files named for listing them ("directory_tree", "list_directory")."""
    return (
        bool({"list", "ls", "tree"} & set(words(tool.name)))
        and ToolFacts.of(tool).read_only is True
        and (works_in_roots(tool))
    )


def names_a_file(text: str, capability: Capability | None, tool: Any = None) -> bool:
    """Whether the request names a file by words ("the meeting notes", "my notes") rather than by a path; the words
    of the tool's own name ("the folder tree" of ``directory_tree``) name none."""
    framing = {w for phrase in (capability.framing if capability else ()) for w in words(phrase)}
    own = set(words(tool.name)) | {"folder", "folders"} if tool is not None else set()
    return any(
        w not in STOPWORDS and w not in FILE_VERBS and w not in framing and w not in own
        for w in words(_mask_quotes(text))
    )


_SECONDS = {"hour": 3600, "hr": 3600, "minute": 60, "min": 60, "second": 1, "sec": 1}


def _seconds(name: str) -> int | None:
    """How many seconds a parameter's unit of time is, when its name says one ("hours", "duration_min")."""
    return next((_SECONDS[w.removesuffix("s")] for w in words(name) if w.removesuffix("s") in _SECONDS), None)


def _quantity(name: str, prop: dict[str, Any], text: str, taken: Sequence[Span] = (), bare: bool = True) -> Span | None:
    """A number for a named quantity ("hours": "for 3 hours", or the length of "from 1 to 3pm"); a generic one
    ("amount", "value") is the first number of the request that isn't a time, a date or another parameter's."""
    said = set(words(f"{name} {prop.get('description', '')}"))
    unit = _seconds(name)
    if unit is not None:
        said_length = slots.measured(name, prop, text)  # "for 90 minutes", "about 4 hours", in the parameter's unit
        if said_length is not None:
            return said_length
        span = slots.time_range(text)  # "from 1 to 3pm": its length, in the parameter's unit
        if span:
            value = round(span[1] * 60 / unit, 2)
            return Span(int(value) if value == int(value) else value, span[0].start, span[0].end)
        return slots.count_for(name, prop, text)
    text = _masked(text, taken)  # two numbers: each parameter its own
    if said & slots.ENDS:  # "the first N lines": only a number said with its position ("the last 5 lines")
        return slots.count_for(name, prop, text, bare)
    if said & {"amount", "value", "quantity", "number", "price", "sum", "total", "count"} or len(words(name)) == 1:
        return slots.money(text, catalogue().currencies) or slots.amount(text)
    return slots.count_for(name, prop, text)


def _words_reference_end(text: str, capability: Capability) -> Span | None:
    """Where a reference by words ends ("rename the report task to X": after "task"), so the new text follows."""
    entity = capability.entity or "task"
    match = re.search(rf"\b(?:{entity}s?|one)\b", text, re.IGNORECASE)  # "the garage one should be titled X"
    if match:
        return Span(None, match.start(), match.end())
    match = re.search(r"\s(?:to|as|into)\s|:", text)
    return Span(None, match.start(), match.start()) if match else None
