"""Where one request holds several: clauses split on "then", ";" and "after that", and on "and" only when both
sides ask different tools for something; plus what may reach a public search (a question) and what may go
nowhere (a secret)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from itertools import pairwise, product
from typing import Any

from agent_core.offline.catalogue import ToolFacts, catalogue, properties_of
from agent_core.offline.router import (
    DOC_BONUS,
    DOC_THRESHOLD,
    EXAMPLE_THRESHOLD,
    Route,
    Router,
    framed_by,
    framing_phrases,
    ordered_verb,
)
from agent_core.offline.slots import POLITE, QUOTED
from agent_core.offline.text import STOPWORDS, dictionary, one_edit, stem, words

_SPLIT = re.compile(
    r"\s*(?:[,;]?\s*(?:and\s+)?if\s+(?:there'?s\s+|there\s+is\s+|you\s+find\s+)?nothing(?:\s+(?:comes\s+up|turns\s+up|found))?,?\s+|"
    r"[,;]\s*next[,:]?\s+|;|\n+|,?\s+and\s+then\s+|,?\s+then\s+|,?\s+(?:and\s+)?after\s+that,?\s+|[,.?!]\s+also\s+|,?\s+afterwards,?\s+|"
    r",?\s+followed\s+by\s+|\s+/\s+|,?\s+after\s+which,?\s+|"
    r",\s+(?:and\s+)?(?:if\s+not|otherwise),?\s+|,\s+(?=(?:what(?:'s|\s+is)|when(?:'s|\s+is))\s+that\b)|"
    r",?\s+(?:and\s+)?(?:once|when)\s+(?:that|this|it)(?:'s|\s+is)\s+(?:done|finished|sorted),?\s+|"
    r",\s+and\s+also\s+(?=(?:how|what|what's|whats|where|when|which|who)\b)|"
    r"(?<!\bDr)(?<!\bMr)(?<!\bMs)(?<!\bMrs)(?<!\bProf)(?<!\bSt)(?<!\bvs)(?<!\be\.g)(?<!\bi\.e)(?<!\ba\.m)(?<!\bp\.m)(?<!\b[a-z])(?<!=\s)(?<!=)"
    r"[.?!]\s+(?=[A-Za-z]))\s*",
    re.I,
)
STATEMENT = re.compile(r"^\s*(?:i|i'm|im|i've|my|we|we're|our)\b(?!\s+(?:need|want|would like)\b)", re.I)
# "the weather is nice", "it's raining again": a sentence that says something, not a request for information
# "Google Maps says 25 minutes", "the forecast said snow", "Semantic Scholar lists 31k citations": what a source said,
# reported; no request to ask the source again (and "google" here is no order to search)
REPORTED = re.compile(
    r"^\s*(?:(?:the|this|that|my|our)\s+[\w-]+(?:\s+[\w-]+)?|google(?:\s+\w+)?|(?-i:[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?))\s+"
    r"(?:says|said|lists|listed|shows|showed|claims|claimed|predicts|predicted|reckons|reckoned|reports|reported)\b",
    re.I,
)
# "my email is ana@lab.org", "the budget is 1500 euros": a value said as a sentence, no request of its own
SAID_VALUE = re.compile(r"^\s*(?:and\s+)?(?:my|our|the)\s+[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?\s+(?:is|are)\s+\S")
LABELLED = re.compile(r"^\s*[^\W\d_]+\s*:\s*\S|" + SAID_VALUE.pattern)  # … or "purpose: thesis meeting"

DECLARATIVE = re.compile(
    r"^\s*(?:it's|it\s+is|it\s+was|(?:the|this|that|it|today|everything)\b.*\b(?:is|are|was|were|seems|looks|feels))\b|"
    + REPORTED.pattern,
    re.I,
)
# What happened or how something is, told rather than asked, with a verb that says so: "uploaded the data to zenodo
# last week", "finally finished reading the AlphaFold paper" (a past act, its subject left out, its object after a
# determiner: not "published papers on X"); "Prof. Lee finally answered my email" (a name, then a past or present
# verb; "I watered tray B3-13, could you add that?" is left to what follows it); "the reanalysis finally finished
# running overnight" (a past act that an adverb shows is one: not "samples collected last week"); "my inbox has 400
# unread"
_PAST = (
    r"(?:(?!(?:embed|shred|need|feed|seed|speed|breed|bleed|weed|proceed)\b)[a-z]{3,}ed|sent|got|came|went|said|told|"
    r"wrote|gave|took|made|found|left|brought|bought|paid|ran|saw|forgot|broke|kept|began|spent|heard|lost|won)"
)
_OBJECT = (
    r"(?:[a-z]+ing\s+)?(?:the|my|our|your|his|her|their|a|an|it|its|them|that|this|these|those|all|everything|me|us)\b"
)
_NOW = r"(?:keeps|kept|is|was|has|had|seems|looks|sounds|won't|doesn't|isn't|wasn't|never|always|still)\b"
_BY_THE_WAY = r"(?:(?:just|finally|already|also|so|well|ok|okay|btw|fyi)\W+)*"
_REPORTS = re.compile(
    rf"^\s*{_BY_THE_WAY}(?-i:[a-z]){_PAST}\s+{_OBJECT}|"  # lower case: "Uploaded …" would be a title
    rf"^\s*(?:(?:prof|dr|mr|mrs|ms)\.?\s+)?(?!I\b)(?-i:[A-Z][\w'-]*)(?:\s+(?-i:[A-Z][\w'-]*))?\s+{_BY_THE_WAY}"
    rf"(?:{_PAST}\s+{_OBJECT}|{_NOW})|"
    rf"^\s*(?:the\s+|my\s+|our\s+)?(?!(?:i|we)\b)[\w-]+(?:\s+[\w-]+){{0,2}}\s+(?:finally|already|just)\s+{_PAST}\b|"
    r"^\s*(?:my|our)\s+[a-z][\w-]*\s+(?:has|had)\s+(?:\d|no\b|so\b|too\b)|"
    # "the sequencing for the ATGGCC construct came back clean": a verb that is only ever a past act, after a subject
    r"^\s*(?:the|my|our|this|that)\s+(?:(?!(?:that|which|who)\b)[\w-]+\s+){1,5}"
    r"(?:came|went|gave|took|ran|saw|began|broke|wrote|fell|blew|grew|froze|died|crashed|failed|worked|arrived)\b",
    re.I,
)
# "google drive keeps logging me out", "RUN-0418 data looks great": a thing, then how it is (unless the sentence
# opens with a command: "show trays never watered")
_STATE_OF = re.compile(
    r"^\s*(?:the\s+|my\s+|our\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:keeps|kept|seems|looks|sounds|won't|doesn't|isn't|wasn't|"
    r"never|always|is\s+(?:down|broken|acting|being|so|still|not|again|really|super|way))\b",
    re.I,
)


def reports(text: str) -> bool:
    """Whether a sentence tells what happened or how something is (see ``_REPORTS``), rather than asking."""
    named = re.sub(rf"^\W*{_GOOGLE_PRODUCT}", "it", text, flags=re.I)  # "google drive keeps …" orders no search
    return bool(_REPORTS.search(text)) or (bool(_STATE_OF.search(text)) and not opens_with_command(named))


# A question about what the sentence before said: "What's that in Helsinki?", "when is that for Ana in Tokyo?",
# "What would that be for me in London?"
POINTS_BACK = re.compile(
    r"^\s*(?:i(?:'ll|\s+will)\s+be\s+[^,.?!]{2,40},\s*(?:so\s+)?)?"  # "I'll be in Dubai then, so what time …"
    r"(?:and\s+)?(?:(?:can|could)\s+you\s+tell\s+me\s+)?(?:(?:(?:what|when)(?:\s+time)?(?:'s|\s+(?:is|will|would|"
    r"does|could|might))|how\s+about)\s+(?:that|this|it\s+be\b)|what\s+(?:time\s+)?(?:that|this)\s+(?:is|would|will)\b|"
    r"(?:please\s+)?convert\s+(?:it|that|this)\s+(?:to|into)\b|what\s+(?:time\s+)?does\s+(?:that|this)\s+make\s+it\b)",
    re.I,
)
_NOT_A_CLAUSE = frozenset({"task", "tasks", "item", "items", "number", "the", "a", "#", "todo", "it", "them"})
_AND = re.compile(
    r"\s*(?:,\s*(?:and|plus|as\s+well\s+as)\s+|\s+(?:and|plus|as\s+well\s+as)\s+(?:also\s+)?|\s+[+&]\s+|,\s+(?=[a-z]+\b))(?=\S)",
    re.I,
)
_AND_END = re.compile(r"(?:,?\s+(?:and|plus|as\s+well\s+as)(?:\s+also)?|\s+[+&]|,)\s*$", re.I)
# A piece that cannot stand alone: a condition ("if …,") or the item the next piece acts on ("for task 5, add …").
_SUBORDINATE = re.compile(
    r"^\s*(?:if|when|whenever|while|once|after|before|since|because|although|as soon as|for|as for|regarding|about)\b",
    re.I,
)
_ANOTHER = re.compile(
    r"^\s*(?:also\s+)?(?:another(?:\s+one)?|one\s+more|one(?=\s+to\s))(?:\s*[:\-–]\s*|\s+to\s+|\s+)(?=\S)", re.I
)
_ONE_ITEM = re.compile(
    r"\b(?:a\s+single|just\s+one|only\s+one|one)\s+(?:task|item|to-?do|entry|note)\b\s*:|\bas\s+(?:a\s+single|one)\s+(?:task|item)\b",
    re.I,
)
_ONE_CALLED = re.compile(
    r"^\s*(?:also\s+)?(?:another|one|a\s+second|a\s+new)(?:\s+one)?\s+(?:called|named|titled|saying)\s+(?=\S)", re.I
)
_QUESTION_START = frozenset(
    ["what", "whats", "who", "whos", "whom", "whose", "when", "whens", "wheres", "hows", "where", "why", "how", "which", "is", "are", "was", "were", "do", "does", "did", "can", "could", "will", "would", "should", "has", "have", "tell", "explain", "define", "describe", "compare", "give", "find", "search", "look", "lookup", "google", "summarize", "summarise", "any", "name", "list", "show", "research", "browse", "latest", "news", "recent", "newest"]
)  # fmt: skip
_WH_WORDS = frozenset(["what", "what's", "whats", "when", "where", "which", "who", "how"])
# "google" names a search, but not in a product's name ("google drive keeps logging me out")
_GOOGLE_PRODUCT = (
    r"google\s+(?:drive|docs?|sheets?|scholar|calendar|maps|meet|chat|mail|cloud|colab|slides|forms|photos|account)\b"
)
_EXPLICIT_SEARCH = re.compile(
    rf"\b(?:search|look\s*up|(?!{_GOOGLE_PRODUCT})google|find|research|browse|on the web|online)\b", re.I
)
_SECRET = re.compile(
    r"\b(?:password|passwd|passcode|passphrase|pin(?:\s+code|\s+number)?|api[\s-]?key|secret(?:\s+key)?|access\s+key|"
    r"private\s+key|token|ssn|social\s+security\s+number|credit\s+card(?:\s+number)?|iban|card\s+number)\b"
    r"(?:\W+\w+){0,6}?\W+(?:is|was|are|:|=)\s+\S|\b(?:sk|pk|ghp|gho|xox[bp])[-_][A-Za-z0-9_-]{12,}|\bAKIA[0-9A-Z]{12,}",
    re.I,
)


_INDIRECT = re.compile(
    r"^\s*(?:i(?:\s+(?:was|am)|['’]m)\s+wondering|wondering|i\s+wonder|i'?d\s+(?:like|love)\s+to\s+know|i\s+want\s+to\s+know|"
    r"(?:i['’]?m\s+)?curious|do\s+you\s+know|any\s+idea)\s+(?:about\s+)?(?=(?:what|who|when|where|why|how|which|whether|if)\b)",
    re.I,
)


def is_question(text: str) -> bool:
    """An information question or an explicit search — the only things a public web search may see; a question
    asked indirectly ("I was wondering what …") is one too."""
    if _INDIRECT.search(text):
        return True
    if REPORTED.search(text) and not text.strip().endswith("?"):
        return False  # "Google Maps says 25 minutes …": a report, whatever word it opens with
    said = words(text)
    first = said[0].split("'")[0] if said else ""
    first = "" if re.match(rf"\W*{_GOOGLE_PRODUCT}", text, re.I) else first
    return text.strip().endswith("?") or first in _QUESTION_START or bool(_EXPLICIT_SEARCH.search(text))


def has_secret(text: str) -> bool:
    """A password, key or token given in the text (never stored, never searched)."""
    return bool(_SECRET.search(text))


def _protected(text: str) -> tuple[str, list[str]]:
    quoted: list[str] = []

    def hide(match: re.Match[str]) -> str:
        quoted.append(match.group(0))
        return f"\x00{len(quoted) - 1}\x00"

    return QUOTED.sub(hide, text), quoted


def _restore(text: str, quoted: list[str]) -> str:
    return re.sub(r"\x00(\d+)\x00", lambda m: quoted[int(m.group(1))], text)


def threshold(route: Route) -> float:
    """The score a route needs: example routes and doc routes are scored on different footings."""
    return EXAMPLE_THRESHOLD if route.capability is not None else DOC_THRESHOLD + DOC_BONUS


def confident(route: Route | None) -> bool:
    return route is not None and route.score >= threshold(route) + 0.08 and route.served


# "search biorxiv for Perturb-seq and medrxiv for statins and dementia": one verb, two places searched, each for its own
_GAPPED = re.compile(
    r"^(?P<verb>[A-Za-z]+)\s+(?P<a>[\w-]+)\s+for\s+(?P<x>.+?)\s+and\s+(?P<b>[\w-]+)\s+for\s+(?P<y>\S.*)$"
)


def gapped(text: str, tools: list[Any]) -> list[str]:
    """The two requests of a sentence whose second half leaves out the verb, when what each half names is a word the
    connected tools publish (two servers of one tool: "biorxiv", "medrxiv")."""
    said = _GAPPED.match(POLITE.sub("", text).strip())
    if said is None or said["a"].lower() == said["b"].lower():
        return []
    published = " ".join(f"{t.name} {t.description or ''} {getattr(t, 'parameters_json_schema', '')}" for t in tools)
    if any(
        w.lower() in STOPWORDS or not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", published, re.I)
        for w in (said["a"], said["b"])
    ):
        return []
    return [f"{said['verb']} {said['a']} for {said['x']}", f"{said['verb']} {said['b']} for {said['y']}"]


def split_clauses(text: str, tools: list[Any], router: Router) -> list[str]:
    """Clauses that each ask for their own action: on "then", ";" and "after that"; on "and" only when both
    sides route confidently to different tools ("add a task to X and show my list"), never inside quotes."""
    hidden, quoted = _protected(_run_on(text))
    lines = _chat_lines([line for line in hidden.split("\n") if line.strip()])
    for i in range(len(lines) - 1, 0, -1):  # a line after "…:" or that asks nothing itself continues the one before
        head = next((line for line in reversed(lines[:i]) if line.rstrip().endswith(":")), None)
        best = router.route(_restore(lines[i], quoted), tools).best
        joiner = " " if head is None or head == lines[i - 1] else ", "  # "new tasks:\na\nb": one list of titles
        line = _restore(lines[i], quoted)
        heading = head and router.route(_restore(head, quoted), tools)
        opens = heading and (framed_route(_restore(head, quoted), heading) or heading.best)
        if (lines[i - 1].rstrip().endswith(":") or not confident(best)) or (
            opens
            and (
                best.key == opens.key
                or (
                    _writes_text(opens, listed=True)
                    and not is_question(line)
                    and not (_framed(line, tools, router) and _says_framing(line))
                )
            )
        ):  # "todo:\nemail Ana\nprint the poster": each line is an item of the list the head opens
            lines[i - 1 : i + 1] = [f"{lines[i - 1].rstrip()}{joiner}{lines[i].strip()}"]
    hidden = "\n".join(lines)
    if _ONE_ITEM.search(hidden):  # "add a single task: label the tubes then freeze them" is said to be one
        return [text]
    parts: list[str] = []
    for part in [p for p in _SPLIT.split(hidden) if p and p.strip()]:
        if parts and re.fullmatch(r"[\s\x00\d,.;]*", part):  # "add tasks: 'a'; 'b'; 'c'": one list of titles
            parts[-1] = f"{parts[-1]} and {part.strip()}"
        elif parts and POINTS_BACK.match(part):  # "My call is at 7:45 Chicago time. What's that in Helsinki?"
            parts[-1] = f"{parts[-1].rstrip(' .')}: {part.strip()}"
        elif parts and _ONLY_A_COUNT.match(part):  # "what's at the end of X? the last 3 lines are enough"
            parts[-1] = f"{parts[-1].rstrip(' .?!')}, {part.strip()}"
        elif parts and _fills_field(_restore(parts[-1], quoted), _restore(part, quoted), tools, router):
            parts[-1] = f"{parts[-1].rstrip(' .?!')}, {part.strip()}"  # "… email Jonas? Subject 'X'. Say …"
        else:
            parts.append(part)
    clauses = []
    while parts:
        part = parts.pop(0)
        opening = " ".join(POLITE.sub("", part.lower()).replace(":", " :").split())
        if any(
            f.endswith(":") and opening.startswith(" ".join(f.replace(":", " :").split())) for f in _list_framings()
        ):
            clauses.append(_restore(part, quoted))  # "add two tasks: a, and b": one step, one title each
            continue
        called = _ONE_CALLED.match(_restore(part, quoted)) or _ANOTHER.match(_restore(part, quoted))
        opener = _text_framing(clauses[-1]) if called and clauses else ""
        if opener:  # "create a task 'A' and then one called 'B'", "…, then another one to B": the same request again
            clauses.append(f"{opener} {_restore(part, quoted)[called.end() :]}")
            continue
        if items := colon_items(_restore(part, quoted), tools, router):
            clauses.extend(items)
            continue
        if halves := gapped(_restore(part, quoted), tools):
            clauses.extend(halves)
            continue
        pieces = _and_pieces(part)
        framed = [i for i, p in enumerate(pieces) if i and _framed(_restore(p, quoted), tools, router)]
        if framed:  # "remind me to email Ana and Luis and log a note: X": a framed request starts a clause
            starts = [0]
            for i in framed:
                starts.append(part.find(pieces[i], starts[-1] + 1))
            parts[:0] = [_AND_END.sub("", part[a:b]) for a, b in pairwise([*starts, len(part)])]
            continue
        listed = any(a.rstrip().endswith("\x00") and b.lstrip().startswith("\x00") for a, b in pairwise(pieces))
        if len(pieces) > 1 and not listed:  # "add 'a' and 'b'" is one request with two titles
            restored = [_restore(p, quoted) for p in pieces]
            framing = _shared_framing(restored)
            if framing:  # "remind me to call Alice and to email Bob", "add task: X, and another one: Y": each framed
                rests = [_ANOTHER.sub("", p, count=1) if _ANOTHER.match(p) else p.strip()[3:] for p in restored[1:]]
                clauses.extend([restored[0], *(f"{framing} {rest.strip()}" for rest in rests)])
                continue
            verb = words(POLITE.sub("", restored[0]))[:1]
            if verb and verb[0] in _command_words() and all(words(p)[:1] == verb for p in restored[1:]):
                clauses.extend(restored)  # "add buy batteries and add call the bank": the verb said again
                continue
            same = re.match(r"\s*(?:also\s+|again\s+)?(for|of|in|on|about|to|into)\s+(\S.*)$", restored[-1], re.I)
            head = same and re.match(rf"(.*\b{same.group(1)})\s+\S", restored[0], re.I)
            if len(restored) == 2 and same and head and len(words(same.group(2))) <= 3:
                clauses.extend([restored[0], f"and {head.group(1)} {same.group(2)}"])  # "deadline for X and for Y"
                continue
            more = _TOO.sub("", restored[-1]) if re.search(r"\band\s+also\b", part, re.I) else ""
            more = more or (_TOO.sub("", restored[-1]) if _TOO.search(restored[-1]) else "")
            opener = _text_framing(restored[0])
            if (
                len(restored) == 2
                and opener
                and "," not in restored[0]  # "add a, b, and c" is a series, read as one
                and _two_errands(_unframed(restored[0], opener), _TOO.sub("", restored[1]))
                and not confident(router.route(restored[1], tools).best)  # "…, and also delete task 5" asks a tool
            ):
                clauses.extend([restored[0], f"{opener} {_TOO.sub('', restored[1]).strip()}"])  # "add buy X and call Y"
                continue
            if len(restored) == 2 and opener and re.match(r"(?:the|a|an|some|more)\s+\w", more, re.I):
                verb = _unframed(restored[0], opener).split()[:1] if opener.endswith(" to") else []
                clauses.extend([restored[0], " ".join([opener, *verb, more])])  # "add buy X and also the eggs"
                continue
            if _names_joined(restored):
                clauses.append(_restore(part, quoted))  # "email Jonas and Maria (…) that …": one request, two people
                continue
            restored = _standing(restored)  # "complete 2 and 5 and delete 4": "5" goes with "complete 2"
            routes = [router.route(p, tools).best for p in restored]
            starts = [words(p)[:1] for p in restored[1:]]
            asks = [bool(w) and w[0] in _WH_WORDS for w in starts]  # "…, and what's 5pm there in New York?"
            if (
                all(
                    (confident(r) or (":" not in part and commands(p, r)))
                    and (r.evidence > 0 or a)
                    and not _states(p, r)
                    for r, a, p in zip(routes[1:], asks, restored[1:], strict=True)
                )
                and (confident(routes[0]) or commands(restored[0], routes[0]))
                and (len({_target(r) for r in routes}) > 1 or _asked_twice(routes, restored))
                and len(words(restored[-1])) > 1
                and not re.search(r"\bbetween\s+(?:\S+\s+){0,4}\S+\s*$", restored[0], re.I)  # "between A and B"
            ):
                clauses.extend(restored)
                continue
        clauses.append(_restore(part, quoted))
    clauses = [re.sub(r"(?:[\s,]+(?:and|plus|&))+\s*$", "", c, flags=re.I).strip(" ,.") for c in clauses]  # "X, and"
    clauses = _errands_kept_whole(clauses, text)
    clauses = [_imperative(c) if i else c for i, c in enumerate(clauses)]
    return [c for c in clauses if c] or [text]


_STATES = re.compile(r"^\s*(?:[\w'-]+\s+){1,4}(?:was|were|is|are|got|went|had)\b", re.I)


def _states(piece: str, route: Any) -> bool:
    """A piece that says how something was ("…, plate 5 was contaminated"), not a request: it continues the text
    before it, unless it reports a change ("… and task 5 is done" completes it)."""
    writes = route is not None and route.capability is not None and route.capability.writes
    return bool(_STATES.match(piece)) and not writes and not is_question(piece)


_SAYS = frozenset({"say", "saying", "tell", "ask", "write"})


def _fills_field(before: str, sentence: str, tools: list[Any], router: Router) -> bool:
    """A sentence that gives a field of the request before it, under the field's name or as what to say:
    "Could you email jonas@x.org? Subject 'v1.2 release'. Say the release is tagged." is one e-mail."""
    said = words(sentence)
    if len(said) < 2 or said[0] in STOPWORDS:
        return False
    names = {n.lower() for t in tools for n in properties_of(t)}
    names |= _DESCRIPTION_WORDS if "description" in names else set()  # "… Details: part number RS-220."
    if said[0] not in names and said[0] not in _SAYS:
        return False
    best = router.route(before, tools).best
    if best is None or not best.served or not best.tools or ToolFacts.of(best.tools[0]).read_only is not False:
        return False
    fields = {n.lower() for n in properties_of(best.tools[0])}
    fields |= _DESCRIPTION_WORDS if "description" in fields else set()
    return said[0] in fields or (said[0] in _SAYS and bool(fields & _MESSAGE_FIELDS))


_ONLY_A_COUNT = re.compile(
    r"^\s*(?:(?:just|only)\s+)?(?:the\s+)?(?:(?:first|last|top|bottom)\s+)?(?:\d{1,3}|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|twenty)\s+(?:lines?|results?|rows?|entries|items|memories|hits)\b(?:\s+(?:is|are|will\s+do|would\s+be|"
    r"should\s+be)\s+(?:enough|fine|plenty|ok|okay|good))?\s*(?:,?\s*(?:please|thanks|thx))?\s*[.!]?\s*$",
    re.I,
)
_DESCRIPTION_WORDS = frozenset({"details", "detail", "notes", "note"})


_MESSAGE_FIELDS = frozenset({"body", "message", "text", "content"})


def _names_joined(pieces: list[str]) -> bool:
    """Pieces that only join names: each after the first opens with a capitalised word that is no command, and the
    piece before it ends with one ("email Jonas | Maria (…) that …", "invite Ana | Luis to the call")."""
    for before, after in pairwise(pieces):
        last = re.findall(r"[A-Za-z][\w'-]*", before)[-1:]
        first = re.match(r"\s*([A-Z][a-z][\w'-]*)\b", after)
        if not (last and last[0][0].isupper() and len(words(before)) > 1 and first):
            return False
        if first.group(1).lower() in _command_words() | STOPWORDS:
            return False
    return True


_DANGLING = frozenset({"w", "with", "in", "to", "for", "of", "at", "from", "and", "also", "then"})


def _chat_lines(lines: list[str]) -> list[str]:
    """A chat app's message sent a few words a line ("add\nbuy bin bags\nalso\ntime in\nmadrid?", "done w\ntask
    3"): a line that stops mid-phrase — on a word that needs what follows, or a short line on its command word —
    goes on in the next one."""
    for i in range(len(lines) - 2, -1, -1):
        said = words(lines[i])
        if (
            said
            and not lines[i].rstrip().endswith((":", ".", "?", "!", ","))
            and (said[-1] in _DANGLING or (len(said) <= 3 and said[-1] in _command_words()))
        ):
            lines[i : i + 2] = [f"{lines[i].rstrip()} {lines[i + 1].strip()}"]
    return lines


def _errands_kept_whole(clauses: list[str], text: str) -> list[str]:
    """A to-do's next step that points back at it ("add a task: print the posters and then laminate them") is part
    of the same title, not a second task; so is one that would undo the to-do just added ("add task: read the file
    Ana sent and then delete it" deletes the file, not the task)."""
    kept: list[str] = []
    for clause in clauses:
        said = words(clause)
        if (
            kept
            and said
            and len(said) <= 5
            and (said[0] not in _command_words() | STOPWORDS or _UNDOING.match(clause))
            and {"them", "it"} & set(said)
            and _text_framing(kept[-1])
            and (start := text.find(kept[-1])) >= 0
            and (end := text.find(clause, start)) >= 0
        ):
            kept[-1] = text[start : end + len(clause)]
        else:
            kept.append(clause)
    return kept


_UNDOING = re.compile(r"^\s*(?:delete|remove|trash|erase|scrap|bin|wipe)\s+(?:it|them)\s*$", re.I)
_REFERENCE_END = re.compile(  # "task one", "#4", "number 3": an item named by its number
    r"\b(?:tasks?|items?|todos?|number|no\.?|nr\.?)\s*#?\s*(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
    r"(?P<gap>\s+)(?=(?P<verb>[a-z]+)\s+(?:tasks?|items?|todos?|#|number|no\.?|nr\.?|the|it|that)\b)",
    re.I,
)


def _run_on(text: str) -> str:
    """Dictated commands without a pause between them ("complete task one delete task four", "add a task to buy
    paper mark task one as done") with a comma between: a command word that acts on items opens a new command
    straight after an item's number, or anywhere when a numbered task follows it."""
    text = _REFERENCE_END.sub(
        lambda m: m.group(0)[: m.start("gap") - m.start()] + ", " if m["verb"].lower() in _run_on_verbs() else m[0],
        text,
    )
    return _run_on_numbered().sub(lambda m: m[0] if m["before"].lower() in _JOINING else f"{m['before']}, ", text)


_JOINING = STOPWORDS | {"next", "after", "plus", "finally", "lastly", "afterwards", "first", "second", "third"}


@cache
def _run_on_numbered() -> re.Pattern[str]:
    verbs = "|".join(sorted(_run_on_verbs()))
    numbers = r"\d+|one|two|three|four|five|six|seven|eight|nine|ten"
    return re.compile(rf"\b(?P<before>[a-z]+)\s+(?=(?:{verbs})\s+(?:task|item|to-?do|number)\s+(?:{numbers})\b)", re.I)


def _run_on_verbs() -> frozenset[str]:
    """Command words that act on an item by its number and never open a to-do ("check", "cancel" can: "rename task
    3 check the incubator" stays one command): the catalogue's [verbs] "on_items"."""
    return catalogue().verbs.get("on_items", frozenset())


def _imperative(clause: str) -> str:
    """A later clause that opens with a command in its -ing form ("…, followed by deleting the garage task") as the
    command itself ("delete the garage task")."""
    said = re.match(r"\s*([a-z]+ing)\b", clause, re.I)
    if said is None:
        return clause
    verb = next((w for w in sorted(_command_words()) if len(w) > 2 and stem(w) == stem(said[1].lower())), None)
    return f"{verb}{clause[said.end() :]}" if verb else clause


def _two_errands(first: str, second: str) -> bool:
    """Two to-dos after one "add": each opens with a to-do verb and says more than the verb ("buy stamps" and "call
    the bank"), and the second is no step of the first errand ("call the bank and ask about the loan")."""
    verbs = catalogue().verbs
    one, two = words(re.sub(r"^\W*(?:to\s+)?", "", first)), words(second)
    return (
        len(one) >= 2
        and len(two) >= 2
        and one[0] in verbs.get("opening", ())
        and two[0] in verbs.get("opening", ())
        and two[0] not in verbs.get("continuing", ())
    )


def _target(route: Route) -> str:
    """What a route would call: its tool ("email Jonas and Maria (…) that …" reads e-mail sending, then the tool
    that sends it: one request), else its key."""
    return route.tools[0].name if route.served and route.tools else route.key


def _asked_twice(routes: list[Route], pieces: list[str]) -> bool:
    """The same question asked again with other values ("what's noon in NYC in LA time, and midnight in NYC in LA
    time"): each piece a confident read of its own, with a value of its own."""
    return (
        all(confident(r) and r.capability is not None and not r.capability.writes for r in routes)
        and len({p.lower() for p in pieces}) == len(pieces)
        and all(len(words(p)) >= 4 for p in pieces)
    )


def _stands_alone(piece: str) -> bool:
    """Whether a piece after "and" can be a request of its own: "the milk and garage tasks" is one request, "…, and
    the form is sent so tick it off" two; a bare number or "it" never is."""
    said = words(piece)
    return (
        bool(said)
        and (said[0] not in _NOT_A_CLAUSE or (said[0] == "the" and len(said) > 4) or bool(_OWN_VERB & set(said[2:])))
        and not said[0].isdigit()
    )


_OWN_VERB = frozenset({"is", "are", "was", "be", "can", "should", "has", "needs", "must"})  # "task 6 is to be deleted"


def _standing(pieces: list[str]) -> list[str]:
    """The pieces with each one that cannot stand alone joined to the one before it."""
    grouped = pieces[:1]
    for piece in pieces[1:]:
        if _stands_alone(piece):
            grouped.append(piece)
        else:
            grouped[-1] = f"{grouped[-1]} and {piece.strip()}"
    return grouped


UNORDERED_WITHIN = 0.1  # an unserved action no word orders may lead a connected tool the request names by this


def unordered_action(clause: str, best: Route, served: Route) -> bool:
    """An unserved action that no word of the clause orders ("image-segmentation models that use the cellpose
    library" names images, it asks for none to be drawn), a little ahead of a connected server's own tool that the
    clause names in its words: that tool is asked, not a missing action."""
    verb = ordered_verb(clause)
    return (
        best.capability is not None
        and best.capability.kind == "action"
        and not best.served
        and served.capability is None
        and served.evidence > 0
        and best.score - served.score < UNORDERED_WITHIN
        and (verb is None or verb not in {stem(k) for k in best.capability.keywords})
        and not destined(clause, best)
    )


def commands(piece: str, route: Route | None) -> bool:
    """Whether a piece opens with a command word and routes, on its own words, to a served tool: "add buy coffee"
    before "and mark task 1 done" is a request of its own even when the model is less than sure of it."""
    said = words(POLITE.sub("", piece))
    return (
        route is not None
        and route.served
        and route.evidence > 0
        and route.score >= threshold(route)
        and bool(said)
        and said[0] in _opening_words(route)
    )


def framed_route(clause: str, routing: Any, skip: frozenset[str] = frozenset()) -> Route | None:
    """The served capability (not one of ``skip``) whose framing phrase of two words or more ("log a note:", "add a
    task to") opens the clause, if any."""
    opening = " ".join(POLITE.sub("", clause.lower()).replace(":", " :").split())
    # "add 'submit travel reimbursement' - details: …": a one-word framing before a quote that is all the object
    quoted = re.match(r"^\w+\s+(['\"‘“])[^'\"’”]+['\"’”]\s*(?:$|[-–—:,;])", opening) is not None
    names = {name for name, length in framed_by(opening).items() if length >= 2 or quoted} - skip
    return next((r for r in routing.routes if r.capability and r.capability.name in names and r.served), None)


def _framed(piece: str, tools: list[Any], router: Router) -> bool:
    """Whether a piece opens with a served capability's framing phrase: a request of its own, whatever the pieces
    before it say."""
    return framed_route(piece, router.route(piece, tools)) is not None


def _opening_words(route: Route) -> frozenset[str]:
    """The words the route's own capability opens a command with (all command words for a tool's own route)."""
    if route.capability is None:
        return _command_words()
    phrases = (*route.capability.framing, *route.capability.keywords)
    return frozenset(words(p)[0] for p in phrases if words(p)) - STOPWORDS


_FIELD_SAID = re.compile(r"\b(?:description|details?|notes?|comment)\s*:\s*\S", re.I)
_AS_FIELD = re.compile(
    r"^\s*(?:put|use|set|give\s+it)\s+\x00\d+\x00\s+as\s+(?:the\s+|its\s+|a\s+)?(?:description|details?|notes?)\W*$",
    re.I,
)


def _and_pieces(part: str) -> list[str]:
    """The pieces around "and" (and around a comma that a command verb follows: "complete task 1, delete task 4")."""
    pieces: list[str] = []
    for piece in [p for p in _AND.split(part) if p.strip()]:
        first = words(piece)[:1]
        joined_by_comma = pieces and not re.search(
            r"(?:\b(?:and|plus|as\s+well\s+as)(?:\s+also)?|\s[+&])\s*$", part[: part.find(piece)]
        )
        commanding = first and first[0] in _command_words() and re.match(r"\s*[A-Za-z'-]+(?:\s|$)", piece)  # "cat# X"
        commanding = commanding and not re.match(r"\s*\w+\s+or\s", piece, re.I)  # "every issue, open or closed, …"
        if pieces and _AS_FIELD.match(piece):  # "add 'X' and put 'Y' as the description": Y is X's description
            pieces[-1] = f"{pieces[-1]} and {piece.strip()}"
        elif joined_by_comma and POINTS_BACK.match(piece):  # "the talk is at 3pm Denver time, convert it to Rome time"
            pieces[-1] = f"{pieces[-1]}, {piece.strip()}"
        elif joined_by_comma and (
            not commanding
            or _SUBORDINATE.match(pieces[0])
            or _FIELD_SAID.search(pieces[-1])  # "…, description: A0, landscape, print by Friday": one value
        ):
            pieces[-1] = f"{pieces[-1]}, {piece}"
        else:
            pieces.append(piece)
    return pieces


@cache
def _list_framings() -> tuple[str, ...]:
    """Framing phrases that introduce a list ("add these tasks:")."""
    return tuple(f for c in catalogue() for f in c.framing if f.endswith(":") and re.search(r"\b\w+s\s*:$", f))


@cache
def _command_words() -> frozenset[str]:
    """Words that open a command to a tool: the first words of the catalogue's framing phrases and its keywords."""
    found = set()
    for capability in catalogue():
        if capability.kind == "tool":
            found.update(words(p)[0] for p in (*capability.framing, *capability.keywords) if words(p))
    return frozenset(found - STOPWORDS - {"i", "to", "on", "new", "task", "note"})


def opens_with_command(text: str) -> bool:
    """Whether a request opens with a word that opens a command to a tool ("delete …", "mark …"), politeness aside."""
    said = words(POLITE.sub("", text))
    return bool(said) and said[0] in _command_words()


_TOO = re.compile(r"^\s*(?:also|again)\s+|\s+(?:too|as\s+well)\s*[.!]?\s*$", re.I)


def _writes_text(route: Route, *, listed: bool = False) -> bool:
    """Whether a route writes a text someone dictates (a task, a note, a memory); ``listed``: the head of a list
    ("add:"), which needs only to reach its threshold."""
    return (
        (confident(route) or (listed and route.score >= threshold(route)))
        and route.capability is not None
        and route.capability.writes
        and bool(route.capability.text_param)
    )


def _says_framing(piece: str) -> bool:
    """Whether a framing phrase of two words or more opens the piece as written ("add a task to …", not "update R
    packages", which only a one-word framing before a title-like word would frame)."""
    said = " ".join(POLITE.sub("", piece).lower().replace(":", " :").split())
    return any(size >= 2 and said.startswith(f + " ") for _, phrases in framing_phrases() for f, size in phrases)


def _text_framing(piece: str) -> str:
    """The longest framing phrase of a capability that writes a text (a task, a memory) opening the piece."""
    opening = " ".join(POLITE.sub("", piece).split())
    said = opening.lower().replace(":", " :")
    phrases = [
        f
        for c in catalogue()
        if c.writes and c.text_param
        for f in c.framing
        if said.startswith(" ".join(f.replace(":", " :").split()) + " ")
    ]
    return opening[: len(max(phrases, key=len))] if phrases else ""


def _unframed(piece: str, opener: str) -> str:
    """The piece after the framing phrase ``_text_framing`` found (which it reads without "please" and the like)."""
    return " ".join(POLITE.sub("", piece).split())[len(opener) :]


def _shared_framing(pieces: list[str]) -> str:
    """The framing phrase that opens the first piece when every later piece only continues it: each starts with
    "to" (then the phrase must end in "to") or with "another (one)" / "one more"."""
    another = all(_ANOTHER.match(p) for p in pieces[1:])
    if not another and not all(re.match(r"\s*to\s+\w", p, re.I) for p in pieces[1:]):
        return ""
    opening = " ".join(POLITE.sub("", pieces[0].lower()).replace(":", " :").split())
    for capability in catalogue():
        for phrase in sorted(capability.framing, key=len, reverse=True):
            cut = " ".join(phrase.replace(":", " :").split())
            if (another or phrase.endswith(" to")) and len(cut.split()) >= 2 and opening.startswith(cut + " "):
                return phrase
    return ""


_MARKER = re.compile(r"^[ \t]*(?:[-*•·▪‣–—]|\(?(?:\d{1,2}|[a-h])[.)])[ \t]+(?=\S)", re.M)
_NUMBERED = re.compile(r"(?:^|(?<=\s))\(?(\d{1,2})(?:\)|(?:st|nd|rd|th)\s*:)\s+(?=\S)")  # "1) a 2) b", "1st: a; 2nd: b"


def enumerated(text: str) -> str:
    """A list written with markers, one item a line ("- a", "1. a", "(b) a") or numbered inline ("1) a 2) b"), as
    lines without their markers after a head that ends in a colon: "I need to 1) email Ana 2) print the poster" ->
    "I need to:\nemail Ana\nprint the poster". One marker alone is not a list ("order 2) pipettes")."""
    if len(_MARKER.findall(text)) >= 2:
        return _MARKER.sub("", text)
    numbered = list(_NUMBERED.finditer(text))
    if len(numbered) >= 2 and [int(m.group(1)) for m in numbered] == list(range(1, len(numbered) + 1)):
        head = text[: numbered[0].start()].rstrip()
        ends = [m.start() for m in numbered[1:]] + [len(text)]
        items = [text[m.end() : end].strip(" ,;") for m, end in zip(numbered, ends, strict=True)]
        return "\n".join([f"{head.rstrip(':')}:" if head else "", *items]).strip()
    return text


_NOT_AN_ITEM = frozenset(
    ["i", "you", "he", "she", "it", "we", "they", "this", "that", "which", "who", "but", "so", "because", "since",
     "as", "though", "although", "or", "there", "it's", "he's", "she's", "they're", "we're", "i'm", "then", "if"]
)  # fmt: skip


def colon_items(text: str, tools: list[Any], router: Router) -> list[str]:
    """The items of a list after a colon that frames a text (a task, a note): "todo: email Ana, sort the slides,
    and buy stamps" -> each with the framing. Commas part the items; none is a question, framed as a request of
    its own, a single word ("buy apples, pears, and plums" is one task) or a clause about the one before ("todo:
    call Bob, he is waiting" is one item). Empty: not a list."""
    head = re.match(r"\s*([a-z][\w' -]{0,30}?)\s*:\s*(?=\S)", POLITE.sub("", text), re.I)
    if head is None:
        return []
    framing = f"{' '.join(head.group(1).lower().split())}:"
    if not any(framing in c.framing for c in catalogue() if c.writes and c.text_param and c.entity):
        return []  # items of a list (tasks); a note or a memory after its colon is one text, commas and all
    hidden, quoted = _protected(POLITE.sub("", text)[head.end() :])
    items = [_restore(p, quoted).strip(" .") for p in re.split(r"\s*,(?!\d)\s*(?:and\s+)?", hidden)]  # "$12,000"
    if len(items) < 2 or any(
        len(words(p)) < 2
        or not any(w.isalpha() and len(w) >= 3 for w in words(p))  # "…, pp. 137–172" is no item
        or words(p)[0] in _NOT_AN_ITEM
        or _ANOTHER.match(p)  # "and one more: X" frames itself
        or is_question(p)
        or (_framed(p, tools, router) and _says_framing(p))  # "update R packages" is an item, "log a note: X" not
        for p in items
    ):  # "todo: buy apples, pears, and plums" is one task
        return []
    return [f"{framing} {p}" for p in items]


_KEEP_IT = re.compile(
    r"^(?P<body>\S.*?)\s*[,;.!–—-]+\s*(?:(?:please|pls|and)\s+)?(?:(?:can|could|would)\s+you\s+)?"
    r"(?:remember|memori[sz]e|keep|save|store|note)\s+(?:it|that|this)(?:\s+(?:down|in\s+mind|for\s+me|for\s+later|in\s+(?:your|my|the)\s+memory))*"
    r"(?:\s*,?\s*(?:please|pls|thanks|thank\s+you))?\s*[.!?]*$",
    re.I | re.S,
)


_LIST_IT = re.compile(
    r"^(?P<body>\S.*?)\s*[,;.!–—-]+\s*(?:(?:so|and|please|pls)\s+)*(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:please\s+)?"
    r"(?:put|add|stick|pop|write)\s+(?:it|that|this)\s+(?:down\s+)?(?:(?:on|to|onto|in)\s+(?:the|my)\s+(?:to-?do\s+)?"
    r"(?:list|tasks|todos?)|as\s+an?\s+(?:task|to-?do|reminder))(?:\s+for\s+me)?"
    r"(?:[\s,?.!]*(?:please|pls|thanks|thank\s+you|thx|ta|cheers))?[\s?.!]*$",
    re.I | re.S,
)


def kept_last(text: str) -> str:
    """ "my ORCID is 0000-0002-1825-0097, please remember it": what to keep, said before the request to keep it, as
    "remember that <it>"; "…, I need to renew my library card, could you put it on the list?": the last thing said
    before the request to list it, as "add to my list: <it>"."""
    match = _KEEP_IT.match(text)
    if match:
        return f"remember that {match.group('body')}"
    listed = _LIST_IT.match(text)
    if listed:
        last = re.split(r"[,;.!]\s+", listed.group("body").strip())[-1]
        return f"add to my list: {_still_to_do(last)}"
    return text


_NOT_DONE = re.compile(
    r"^(?:.*?\bi\s+)?(?:just\s+)?(?:never|didn't|did\s+not|haven't|have\s+not|still\s+haven't|forgot\s+to|"
    r"still\s+need\s+to|need\s+to)\s+(?:actually\s+|yet\s+)?(?P<verb>[a-z]+)\s+(?P<rest>\S.*)$",
    re.I,
)
_BASE_FORMS = {"sent": "send", "paid": "pay", "made": "make", "bought": "buy", "written": "write", "wrote": "write",
               "done": "do", "did": "do", "taken": "take", "took": "take", "got": "get", "gotten": "get",
               "given": "give", "gave": "give", "told": "tell", "brought": "bring", "left": "leave", "read": "read",
               "put": "put", "set": "set", "found": "find", "kept": "keep", "met": "meet", "rang": "ring"}  # fmt: skip


def _still_to_do(said: str) -> str:
    """What a sentence says is not done yet, as a to-do: "I just realised I never sent the form" -> "send the
    form"; anything else as said."""
    undone = _NOT_DONE.match(said.strip())
    if undone is None:
        return said
    verb = undone["verb"].lower()
    if verb in _BASE_FORMS:
        verb = _BASE_FORMS[verb]
    elif verb.endswith("ed") and len(verb) > 4:
        stemmed = verb[:-2]
        stemmed = (
            stemmed[:-1] if len(stemmed) > 2 and stemmed[-1] == stemmed[-2] and stemmed[-1] not in "ls" else stemmed
        )
        verb = stemmed if stemmed in dictionary() or f"{stemmed}e" not in dictionary() else f"{stemmed}e"
    rest = re.sub(r"[\s,]+(?:yet|either)\W*$", "", undone["rest"])  # "I haven't submitted the report yet"
    return f"{verb} {rest}"


def dash_as_colon(text: str) -> str:
    """ "todo - X", "new task – X": a dash after a framing phrase that ends in a colon ("todo:") sets off the content
    the same way."""
    head = re.match(r"^\s*([a-z][\w' -]{1,30}?)(?:\s+(?:please|pls|plz))?\s+[-–—]\s+(?=\S)", text, re.I)
    colons = {f for c in catalogue() for f in c.framing if f.endswith(":")}  # "to-do pls — X" too
    return f"{head.group(1)}: {text[head.end() :]}" if head and f"{head.group(1).lower()}:" in colons else text


def continued(text: str, previous: list[str]) -> str:
    """ "and another one to call Alice" after "add a task to call Bob": the previous request's framing again."""
    bare = re.sub(r"^\s*(?:and|also|plus|oh)\b[\s,]*", "", text, flags=re.I)
    if not previous or not _ANOTHER.match(bare):
        return text
    framing = _shared_framing([previous[-1], bare])
    return f"{framing} {_ANOTHER.sub('', bare, count=1).strip()}" if framing else text


@cache
def _asking() -> frozenset[str]:
    return frozenset(w for w in catalogue().asking_words if len(w) >= 3 and w.isalpha())


@cache
def _askable() -> tuple[str, ...]:
    """The asking words a typo may be put right to, in a fixed order (stopwords never)."""
    return tuple(sorted(_asking() - STOPWORDS))


@cache
def _known_words() -> frozenset[str]:
    """Words never put right: the asking words, stopwords, and what the shorthand writes out ("bday" stays)."""
    return _asking() | STOPWORDS | {w for meant in catalogue().shorthand.values() for w in words(meant)}


@cache
def _named() -> frozenset[str]:
    """The words of the catalogue's currency and language names: known words, never typos."""
    names = [*catalogue().currencies.values(), *catalogue().languages.values()]
    return frozenset(w for group in names for name in group for w in words(name))


@lru_cache(maxsize=8)
def _described(texts: tuple[str, ...]) -> frozenset[str]:
    """The dictionary words of five letters or more the tools describe themselves with (plurals of dictionary words
    too: the WordPiece vocabulary knows "alert", not "alerts")."""
    known = dictionary()
    return frozenset(w for w in words(" ".join(texts)) if len(w) >= 5 and (w in known or w.removesuffix("s") in known))


@cache
def _required() -> frozenset[str]:
    return frozenset(w for c in catalogue() for w in c.requires)


_EMOJI = re.compile("[ \t]*[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]+[ \t]*")


def corrected(text: str, tools: Sequence[Any] = ()) -> str:
    """The request without emoji (they carry no value: "🙏 can u add: X", "pipettes ordered 🎉") and with misspelt
    command words at its start put right ("pls ad a tsk - X" -> "pls add a task - X"):
    a word one edit away from exactly one of the catalogue's asking words is corrected when no dictionary knows it
    (and it is not a short chat word such as "lol", unless it is the word a capability cannot be asked without:
    "tme in Oslo?"), or when only the correction makes the opening a framing phrase (so "stick X on my list" and
    "pick up the dry ice" stay; "lok up X" is "look up X", not "log up" or "lock up"). Anywhere in the request, a
    word no dictionary knows that is one edit away from exactly one word the live ``tools`` describe themselves
    with is that word ("cordinates" -> "coordinates"). Names and parts of paths are never touched."""
    return _corrected(text, tuple(_self_description(t) for t in tools))


def _self_description(tool: Any) -> str:
    """A tool's name, description, and its parameters' descriptions and options ("recuiting" is "RECRUITING")."""
    said = [tool.name, getattr(tool, "description", "") or ""]
    for prop in ((getattr(tool, "parameters_json_schema", None) or {}).get("properties") or {}).values():
        if isinstance(prop, dict):
            options = [
                *prop.get("enum", []),
                *(o for p in prop.get("anyOf", []) if isinstance(p, dict) for o in p.get("enum", [])),
            ]
            said += [str(prop.get("description") or ""), *(str(o).lower() for o in options)]
    return " ".join(said)


# A number after "task" as speech recognition hears it ("mark task to as done", "delete task for"), where nothing
# but an end, "as done" or the next request follows: "add a task to call Bob" keeps its "to".
_HEARD_NUMBERS = {"won": "1", "to": "2", "too": "2", "tree": "3", "free": "3", "for": "4", "fore": "4", "ate": "8"}
_HEARD_ID = re.compile(
    rf"\b(tasks?|taks|number)\s+({'|'.join(_HEARD_NUMBERS)})\b"
    r"(?=\s*(?:$|[,.;!?]|(?:as|done|and|then|please|pls|off|is)\b))",
    re.I,
)


def _shorthand(text: str) -> str:
    """Texting shorthand written out ("remind me 2 pay tom 2morrow" -> "remind me to pay tom tomorrow"), from the
    catalogue's [shorthand] table, and numbers as speech recognition heard them ("delete task for"); quoted text is
    the person's own and stays as written."""
    pattern = catalogue().shorthand_pattern
    table = catalogue().shorthand
    hidden, quoted = _protected(text)
    if pattern is not None:
        hidden = pattern.sub(lambda m: _cased(m.group(0), table[m.group(0).lower()]), hidden)
    hidden = _HEARD_ID.sub(lambda m: f"{m[1]} {_HEARD_NUMBERS[m[2].lower()]}", hidden)
    return _restore(hidden, quoted)


_SLASH_COMMAND = re.compile(r"^([ \t]*)/([a-z]{2,})\b", re.I | re.M)  # "/add buy gloves", "/log autoclave serviced"
_PLUS_ITEM = re.compile(r"^([ \t]*)\+[ \t]+(?=\S)", re.M)  # "+ order tips": a new item, as in a plain-text to-do list
_CHECKED = re.compile(r"(?<=\w)[ \t]*[✓✔☑✅]")  # "4 ✓", "the 3rd one ✓": done (before emoji are dropped)
_ARROW = re.compile(  # "#4 -> done", "#6 -> rm": what happens to the item ("5k NOK → DKK" and "Berlin→Hamburg" stay)
    r"(?<=\w)[ \t]*(?:->|→|=>)[ \t]*(?=(?:done|rm|del|delete|remove|complete|completed|finished|x)\s*$)", re.I | re.M
)


_SHORT_RENAME = re.compile(
    r"^([ \t]*)(rename|retitle)[ \t]+#?(\d+)[ \t]*(?:->|→|=>|[:\-–])?[ \t]+(?!to\b|as\b)(?=\S)", re.I | re.M
)
_SHORT_DESCRIBE = re.compile(r"^([ \t]*)(?:desc|description)[ \t]+#?(\d+)[ \t]*:[ \t]*(?=\S)", re.I | re.M)


def _pseudo_syntax(text: str) -> str:
    """A power user's notation in words: a slash command is its word, "rename 3 X" and "desc 5: X" say which task,
    "+ X" adds X, a tick says done, an arrow joins an item to what happens to it."""
    text = _SLASH_COMMAND.sub(_slash_command, text)
    text = _SHORT_RENAME.sub(r"\1\2 task \3 to ", text)  # "/rename 3 Book the confocal"
    text = _SHORT_DESCRIBE.sub(r"\1add a note to task \2: ", text)  # "desc 5: Sigma, 2 bottles"
    text = _PLUS_ITEM.sub(lambda m: m[1] if _commanding(text[m.end() :]) else m[0], text)  # "+ new task: X"
    items = list(_PLUS_ITEM.finditer(text))
    if len(items) > 1:  # "+ order tips\n+ order gloves": one list of new items
        text = f"{text[: items[0].start()]}add:\n{_PLUS_ITEM.sub('', text[items[0].start() :])}"
    text = _PLUS_ITEM.sub(r"\1add ", text)
    return _ARROW.sub(" ", _CHECKED.sub(" done ", text))


def _slash_command(match: re.Match[str]) -> str:
    """A slash command as its word; one that a framing phrase reads with a colon frames the rest ("/log X" is
    "log: X")."""
    return f"{match[1]}{match[2]}:" if f"{match[2].lower()}:" in _colon_framings() else f"{match[1]}{match[2]}"


@cache
def _colon_framings() -> frozenset[str]:
    return frozenset(f for c in catalogue() for f in c.framing if f.endswith(":") and " " not in f)


def _commanding(text: str) -> bool:
    """Whether the text opens with a command word or a framing phrase of the catalogue."""
    said = words(text)
    return bool(said) and (said[0] in _command_words() or _framed_opening(text.split("\n", 1)[0]))


def _cased(said: str, written: str) -> str:
    if len(said) == 1 and said.isupper():
        return said  # "N", "U": a letter written as a capital is itself
    return written[:1].upper() + written[1:] if said[:1].isupper() else written


@lru_cache(maxsize=256)
def _corrected(text: str, tool_texts: tuple[str, ...]) -> str:
    """``corrected`` for one request and one tool list (the planner and the gap check ask for the same one)."""
    text = _shorthand(_EMOJI.sub(" ", _pseudo_syntax(text)).strip())
    polite = POLITE.match(text)
    start = polite.end() if polite else 0
    fixes = []
    quoted = [m.span() for m in QUOTED.finditer(text[start:])]
    told = re.match(r"[^:]{3,80}?\w:\s+(?=\S)", text[start:])  # "open an issue on X: <its title>": the person's words
    content = told.end() if told and len(words(told[0])) <= 10 else len(text)
    described = _described(tool_texts)
    index, end = -1, 0
    for token in re.finditer(r"(?<![\w./'-])[A-Za-z]+(?![\w./'-])", text[start:]):
        # counted from the sentence it opens: "… at noon Eastern. Waht time is that in Madrid?"
        index = 0 if re.search(r"[.?!]\s", text[start + end : start + token.start()]) else index + 1
        end = token.end()
        said = token.group(0)
        if any(a <= token.start() < b for a, b in quoted):
            continue  # a quoted phrase is the person's own words: "google 'facet labels'"
        if said[1:] != said[1:].lower() or (index and said[0].isupper()) or said.lower() in _known_words():
            continue
        near = [w for w in _askable() if one_edit(said.lower(), w)] if index < 4 else []
        if near:
            sure = (
                len(near) == 1
                and said.lower() not in dictionary()
                and (len(said) >= 4 or near[0] in _required())
                and not _as_near_another(said.lower(), near[0])
            )
            fixes.append((start + token.start(), start + token.end(), near, sure))
        elif len(said) >= 4 and not _a_word(said.lower()) and said.lower() not in _named() and token.start() < content:
            near = [w for w in described if one_edit(said.lower(), w) and max(len(said), len(w)) >= 5]  # "isue"
            near = [w for w in near if len(w) >= 7 or not _substituted(said.lower(), w)]  # "phage" is no "phase"
            if len(near) == 1:
                fixes.append((start + token.start(), start + token.end(), near, True))

    if not fixes:
        return text

    def apply(chosen: Iterable[tuple[int, int, str]]) -> str:
        out = text
        for begin, end, word in reversed(list(chosen)):
            out = out[:begin] + word + out[end:]
        return out

    def framing(said: str) -> int:
        return max(framed_by(" ".join(said[start:].lower().replace(":", " :").split())).values(), default=0)

    sure = apply((begin, end, near[0]) for begin, end, near, certain in fixes if certain)
    # Each uncertain word kept or put right: the longest framing phrase with the fewest changes.
    spans = [(begin, end) for begin, end, _, _ in fixes]
    kept = [text[begin:end] for begin, end in spans]
    options = product(*([near[0]] if certain else [text[b:e], *near] for b, e, near, certain in fixes))
    best = max(
        options,
        key=lambda o: (
            framing(apply((*span, w) for span, w in zip(spans, o, strict=True))),
            -sum(map(str.__ne__, o, kept)),
        ),
        default=(),
    )
    every = apply((*span, w) for span, w in zip(spans, best, strict=True))
    return every if framing(every) >= 2 and framing(every) > framing(sure) else sure


def _as_near_another(said: str, word: str) -> bool:
    """Whether a misspelling is nearer another known word ("realy": "really", a dropped letter, is nearer than
    "reply", a changed one); "waht" (two neighbours swapped) is "what", "delte" (a dropped letter) is "delete"."""
    if len(said) < 4:
        return False
    letters = "abcdefghijklmnopqrstuvwxyz"
    cuts = [(said[:i], said[i:]) for i in range(len(said) + 1)]
    edits = {a + b[1:] for a, b in cuts if b} | {a + c + b[1:] for a, b in cuts if b for c in letters}
    edits |= {a + c + b for a, b in cuts for c in letters} | {a + b[1] + b[0] + b[2:] for a, b in cuts if len(b) > 1}
    return any(_slip(said, other) < _slip(said, word) for other in (edits & dictionary()) - {word, said})


def _slip(said: str, word: str) -> int:
    """How likely a slip of the fingers turns ``word`` into ``said``, likeliest first: two letters swapped, a letter
    dropped, a letter added, a letter changed."""
    if len(said) == len(word):
        return 0 if sorted(said) == sorted(word) else 3
    return 1 if len(said) < len(word) else 2


def _substituted(said: str, word: str) -> bool:
    """Whether two words of one length differ in one letter only: a short word that does is as likely a word of
    its own the dictionary lacks ("phage" and "phase") as a slip."""
    return len(said) == len(word) and sum(a != b for a, b in zip(said, word, strict=True)) == 1


def _a_word(word: str) -> bool:
    """Whether the dictionary knows a word, or the word it inflects ("offsets", "rounded", "binding")."""
    known = dictionary()
    return word in known or any(
        word.endswith(end) and (word[: -len(end)] in known or word[: -len(end)] + "e" in known)
        for end in ("s", "es", "ed", "ing")
    )


_ANYWAY = re.compile(r"^(?P<told>.+?)[,.;]?\s+(?:anyway|anyways|anyhow)\b[\s,:;.-]*(?=\S)", re.I | re.S)
_FIRST = re.compile(r"^\s*first(?:ly|\s+of\s+all)?\b[\s,]*", re.I)
_SIGN_OFF = re.compile(
    r"[\s,.;]+(?:(?:and|yeah|anyway|ok|so)[\s,]+)*(?:i\s+think\s+)?that'?s\s+(?:it|all)\b(?:\s+(?:i\s+think|for\s+now))?"
    r"(?:[\s,.!]+(?:thanks|thank\s+you|thx|cheers))?[\s.!]*$",
    re.I,
)


_THANKS_FIRST = re.compile(
    r"^\s*(?:thanks|thank\s+you|thx|ty|cheers|great|cool|perfect|nice|awesome)(?:\s+(?:a\s+lot|so\s+much))?\s*[,.!]+\s*"
    r"(?=(?:and|now|next|also)\s+\w)",
    re.I,
)
_TOLD = re.compile(r"\b(?:i'm|i've|i'd|we're|they're|got|was|were|had|told|said)\b", re.I)  # the verbs of a story


@cache
def _lead_in() -> re.Pattern[str]:
    """The catalogue's lead-ins ("hey, morning! quick one —"), any number of them, with what separates them."""
    phrases = "|".join(re.escape(p) for p in catalogue().lead_ins)
    return re.compile(rf"^(?:\s*(?:{phrases})(?![\w'-])[\s,!.:;…—–-]*)+", re.I)


_SENTENCES = re.compile(  # "at 8 a.m. in Oslo", "ask Dr. Lee" go on
    r"(?<=[.!?])(?<!\ba\.m\.)(?<!\bp\.m\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\bDr\.)(?<!\bMr\.)(?<!\bMs\.)(?<!\bSt\.)"
    r"(?<!\bvs\.)\s+(?=[A-Za-z'\"‘“])"
)
_POINTING = re.compile(  # "what time it is" points at nothing
    r"\b(?:(?<!\bis\s)it(?!\s+is\b|'s\b)|that|this|these|those|them|there|he|she|they|him|her|(?:next|same|other)\s+one)\b",
    re.I,
)
_LEAD = re.compile(r"^(?P<lead>(?:[^:'\"‘“’]|(?<=\w)['’](?=\w)){3,80})(?<!\d):\s+(?P<rest>\S.*)$", re.S)


def _framed_opening(text: str) -> bool:
    return bool(framed_by(" ".join(POLITE.sub("", text).lower().replace(":", " :").split())))


def _asks_something(text: str) -> bool:
    """A sentence that asks: a framing phrase or a command word first, or a question."""
    return _framed_opening(text) or is_question(text) or opens_with_command(text)


def _told(sentence: str, values: bool = False) -> bool:
    """A sentence that tells something: no framing phrase, no question, no command word first, and no word that
    reports on an item ("I bought the milk" may ask to tick it off); and no value, unless ``values``."""
    said = words(POLITE.sub("", sentence))
    return (
        bool(said)
        and (values or not _CARRIES_VALUE.search(sentence))  # "Our rotor has a radius of 8.4 cm. If I spin at …"
        and said[0] not in _command_words()
        and not set(said) & _item_words()
        and not _framed_opening(sentence)
        and not is_question(sentence)
    )


_CARRIES_VALUE = re.compile(
    r"\d|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day|\b(?:today|tomorrow|yesterday|tonight|noon|midnight|o'clock)\b|"
    r"\b[ap]\.?m\b|\b(?:january|february|"
    r"march|april|may|june|july|august|september|october|november|december)\b",
    re.I,
)


@cache
def _item_words() -> frozenset[str]:
    """The keywords of the catalogue's writes to an item (bought, delete …) and the verbs that act on an item by its
    number (mark, tick …)."""
    keywords = frozenset(k for c in catalogue() if c.entity and c.writes for k in c.keywords) - STOPWORDS
    return keywords | _run_on_verbs()


def _after_story(text: str) -> str:
    """The request after the sentences that only set the scene ("So Helga just told me the cryostat is free. That
    never happens. Please add X", "I'm between meetings so: remind me to X"), when the request needs none of them
    (it points back at nothing)."""
    lead = _LEAD.match(text)
    said = lead and lead.group("lead")
    if (
        said
        and _told(said)
        and _STORY.search(said)
        and _asks_something(lead.group("rest"))
        and not _framed_opening(text)
    ):
        # "my to-do: read chapter 3" frames a task: its words are no story
        return lead.group("rest")
    sentences = _SENTENCES.split(text)
    for i in range(1, len(sentences)):
        rest = " ".join(sentences[i:])
        if _asks_something(sentences[i]):
            framed = bool(_framed_opening(POLITE.sub("", sentences[i])))  # "Can you add a task: X" needs no value told
            if all(_told(s, values=framed) for s in sentences[:i]) and not _POINTING.search(
                _TRAILING_POLITE.sub("", rest)
            ):
                return rest
            break
    asked = _ASKED_AFTER.match(text)  # "I'm flying to Seoul tomorrow, can you add a task to pack the poster?"
    if asked is None:
        return text
    ordered = opens_with_command(asked["rest"])
    if _STORY.search(asked["told"]) and not _POINTING.search(asked["rest"]):
        # A request framed with its own text needs no value of the story; "convert it to Rome time" would.
        if _framed_opening(asked["rest"]) and _told(asked["told"], values=True):
            return asked["rest"]
        if ordered and _told(asked["told"]):
            return asked["rest"]
    if ordered:  # "I bought the milk, can you tick it off?" asks for it to be done, not whether it could be
        return asked["told"] + ", " + POLITE.sub("", asked["rest"]).rstrip("? ")
    return text


_STORY = re.compile(  # "I'm between meetings so", "next week is packed so"
    rf"{STATEMENT.pattern}|{DECLARATIVE.pattern}|{_TOLD.pattern}|\b(?:is|are|was|were|has|have|had)\b", re.I
)
_ASKED_AFTER = re.compile(
    r"^(?P<told>[^,;:?]{3,120}),\s+(?P<rest>(?:can|could|would|will)\s+(?:you|u)\s.*)$", re.I | re.S
)
_MY_PLAN = re.compile(  # "…, I'll just get whatever they have": no value ("…, I'll run it at 1:500" gives one)
    r",\s*(?:i'll|i\s+will|we'll|we\s+will)\s+(?:just\s+[^,;\d]*|[^,;\d]*\b(?:otherwise|anyway|later|myself))\s*[.!]?$",
    re.I,
)
_WRAPPED = re.compile(r"\b(?:possible|way|could|would|can|able|mind|wonder(?:ing)?)\b", re.I)  # "would it be …?"
_BUT_FIRST = re.compile(r"^(?P<then>.+?),?\s+but\s+first,?\s+(?P<first>\S.*?)[.!]?$", re.I | re.S)
_TRAILING_POLITE = re.compile(r"\b(?:before\s+i\s+forget\s+it|if\s+that'?s\s+ok)\b", re.I)


_QUOTED_LINE = re.compile(r"^[ \t]*>.*$|^[ \t]*(?:fwd?|re|fw)\s*:.*$|^\s*on\s.{3,80}\swrote:\s*$", re.I | re.M)
_POINTS_AT_QUOTE = re.compile(r":\s*$")  # "put this in the description:" and the quote after it
_VALEDICTION = re.compile(
    r"(?:^|(?<=[.!?\n])|,)\s*(?i:(?:with\s+)?(?:many\s+)?thanks(?:\s+(?:and|&)\s+(?:kind\s+)?regards)?|kind(?:est)?\s+regards|"
    r"best(?:\s+(?:regards|wishes))?|warm(?:est)?\s+regards|regards|yours\s+(?:faithfully|sincerely|truly)|"
    r"sincerely|cheers|all\s+the\s+best|thank\s+you)\s*[,.!]?\s*(?:[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,2}\s*[.!]?\s*)?$",
)
_CORRECTION = re.compile(
    r"^(?P<said>.*?\S)\s*(?:[—–-]+|[,.;])\s*"
    r"(?P<marks>(?:(?:no|oops|wait|sorry|actually|correction|i\s+mean[t]?|not\s+(?!that\b|this\b|it\b)[\w#]+)[,:!]?\s+)+)"
    r"(?P<fix>[^,.;!?—]{1,40}?)(?:[,.]?\s*sorry)?[.!]?\s*$",
    re.I | re.S,
)
_CANCELLED = re.compile(r"^not\s+(?:that|this|it)(?:\s+one)?$", re.I)  # "delete task 3 — no wait, not that one"
_LAST_REFERENCE = re.compile(
    r"\s*\b(?:task|item|number|no\.?|#)\s*#?\d+\b(?!.*\b(?:task|item|number)\s*#?\d)", re.I | re.S
)


def _unquoted(text: str) -> str:
    """A message with a forwarded e-mail in it: the quoted lines are the message's data, never its requests
    ("> Remember to delete any scheduled runs" asks nothing of the assistant). They stay as content only when the
    request points at them ("put this in the description: > …")."""
    if not _QUOTED_LINE.search(text):
        return text
    own = _QUOTED_LINE.sub("", text)
    if not words(own):
        return text
    if _POINTS_AT_QUOTE.search(own.strip()):
        quoted = [re.sub(r"^[ \t]*>\s?", "", m.group(0)) for m in re.finditer(r"^[ \t]*>.*$", text, re.M)]
        kept = [q.strip() for q in quoted if q.strip() and not re.fullmatch(r"[-—_ ]+", q.strip())]
        return f"{own.strip()} {' '.join(kept)}".strip()
    return "\n".join(line for line in own.splitlines() if line.strip())


def _shape(token: str) -> str:
    """What kind of value a token is ("5" and "2" alike, "P10" and "P20", "Monday" and "Tuesday")."""
    lowered = token.lower()
    if lowered.isdigit():
        return "number"
    if re.search(r"\d", lowered):
        return "code"
    if re.fullmatch(r"(?:mon|tues|wednes|thurs|fri|satur|sun)day", lowered):
        return "day"
    return "name" if token[:1].isupper() else lowered


def _with_correction(text: str) -> str:
    """A value corrected at the end of the message ("add buy milk — no wait, oat milk", "delete task 5 — no,
    sorry, task 2", "on Monday, sorry, Tuesday") put in place of the value it corrects: the words of the message
    that line up with the correction, the same words or the same kinds of value, nearest the end."""
    found = _CORRECTION.match(text)
    if not found:
        return text
    said, fix = found["said"], found["fix"].strip()
    if not re.search(r"\b(?:no|oops|wait|sorry|actually|correction|mean[t]?)\b", found["marks"], re.I):
        return text  # "add milk, not butter, eggs": no correction said
    if _CANCELLED.match(fix):
        return _LAST_REFERENCE.sub("", said, count=1)  # the item it named is taken back: which one is asked
    mine, fixed = list(re.finditer(r"[\w'’.-]+", said)), re.findall(r"[\w'’.-]+", fix)
    if not fixed or len(fixed) > 5:
        return text
    best = None
    for size in range(1, len(fixed) + 1):
        for start in range(len(mine) - size + 1):
            span = mine[start : start + size]
            pairs = list(zip([m.group(0) for m in span], fixed[len(fixed) - size :], strict=True))
            if not all(a.lower() == b.lower() or _shape(a) == _shape(b) for a, b in pairs):
                continue
            if not any(a.lower() == b.lower() or _shape(a) in {"number", "code", "day", "name"} for a, b in pairs):
                continue
            key = (size, start)
            if best is None or key > best[0]:
                best = (key, span)
    if best is None:
        return text
    span = best[1]
    return f"{said[: span[0].start()]}{fix}{said[span[-1].end() :]}"


_REFUSED = re.compile(  # "don't delete 6, just …", "add X but don't mark anything done, and …"
    r"(?:^|(?<=[,;.!?\n—–])|\s+(?:but|and)(?=\s))\s*(?:(?:please|pls|so|and)\s+)?(?:don'?t|do\s+not|never|no\s+need\s+to)"
    r"\s+(?P<verb>[a-z]+)\b[^,;.!?\n—–]*?(?=\s*[,;.!?\n—–]|\s+(?:just|only|instead|rather)\b|$)",
    re.I,
)
_NOT_REFUSING = frozenset({"mind", "forget"})  # "never mind"; "don't forget X" asks to keep X
_INSTEAD = re.compile(r"^[\s,;.!—–-]*(?:(?:just|only|instead|rather|but)\b[\s,]*)*", re.I)


def refused(text: str) -> str:
    """The request without the commands it says not to carry out ("don't delete 6, just mark 2 done" is "mark 2
    done"; "dont add anything, just show my list" is "show my list"). Only a command word of a tool is refused;
    quoted text and a to-do's own words ("add task: don't forget the keys") are never touched. What is left of a
    message that only refuses ("don't delete anything") is empty: nothing to do."""
    hidden, quoted = _protected(text)

    def drop(found: re.Match[str]) -> str:
        return "" if found["verb"].lower() in _command_words() - _NOT_REFUSING else found.group(0)

    kept = _REFUSED.sub(drop, hidden)
    if kept == hidden:
        return text
    kept = _INSTEAD.sub("", re.sub(r"([,;])(?:\s*[,;])+", r"\1", kept)).strip(" ,;")
    return _restore(kept, quoted)


_SIGH = re.compile(r"^\s*(?:ugh+|argh+|oof|welp|sigh)\b[\s,!.…—–-]*(?=\S)", re.I)


# A numbered part of a message announced in words: "Two things today." and "The second is about time zones — " say
# how the message is laid out, not what is asked.
_ORDINAL_MARK = re.compile(
    r"(?:^|(?<=\n)|(?<=[.!?]\s))[ \t]*(?:(?:two|three|four|a\s+few|a\s+couple\s+of)\s+things(?:\s+today)?[ \t]*[.:!]"
    r"|(?:the\s+)?(?:first|second|third|fourth|last|next|other)(?:\s+(?:one|thing|bit|part|question))?"
    r"(?:\s+is\s+(?:about|re|regarding)\s+[^:—–\n]{1,40}?)?[ \t]*(?:[:—–]|\s-\s))[ \t]*",
    re.I,
)


def request_only(text: str) -> str:
    """The request without the greeting and fillers before it ("hey, morning! quick one — add X"), without the
    story told before it ("so I was talking to Kim and …, anyway: add X") and without a sign-off after it ("…, I
    think that's all, thanks", "Kind regards, Margaret"); a forwarded e-mail in it is data, and a value corrected
    at its end is put in place ("add buy milk — no wait, oat milk"). A story is a statement that opens with no
    framing phrase; a request before "anyway" stays."""
    text = _unquoted(text)
    text = _ORDINAL_MARK.sub("", text) or text  # "The first: the garage is done", "The second is about X — …"
    text = _VALEDICTION.sub("", text).rstrip(" ,") or text
    text = _with_correction(text)
    if words(text) and not words(text := refused(text)):
        return ""  # "don't delete anything": nothing is to be done
    sigh = _SIGH.match(text)  # "ugh did i already do the ethics thing" asks; "ugh, long day" only sighs
    text = text[sigh.end() :] if sigh and _asks_something(text[sigh.end() :]) else text
    stripped = _lead_in().sub("", text)
    if words(stripped) and stripped != text:  # "hey there! good morning 😊" is a greeting, nothing else
        if _WRAPPED.search(text[: len(text) - len(stripped)]):  # "would it be possible to have X on my list?"
            stripped = re.sub(r"\s*\?+\s*$", "", stripped)  # asks for it to be done: a request, not a question
        text = _imperative(stripped)  # "would you mind deleting X" asks "delete X"
    text = _after_story(text)
    later = _BUT_FIRST.match(text)  # "add X but first mark task 2 done": the steps in the order they are to run
    text = f"{later['first']}, then {later['then']}" if later else text
    text = _SIGN_OFF.sub("", text) or text
    plan = _MY_PLAN.search(text)  # "clear that note, I'll just get whatever they have": what they will do, told
    before = text[: plan.start()] if plan else ""
    if plan and (_asks_something(before) or ordered_verb(before)) and not is_question(text[plan.start() :]):
        text = text[: plan.start()]
    text = _THANKS_FIRST.sub("", text) or text  # "thx, and now the csv?": the thanks is for the turn before
    first = _FIRST.match(text)  # "first search for X, then …": the order of steps, not part of the first
    if first and words(text[first.end() :])[:1] and words(text[first.end() :])[0] in catalogue().asking_words:
        text = text[first.end() :]
    told = _ANYWAY.match(text)
    story = told and POLITE.sub("", told.group("told"))
    opening = " ".join(story.lower().replace(":", " :").split()) if story else ""
    if (
        story
        and (STATEMENT.search(story) or DECLARATIVE.search(story) or _TOLD.search(story))
        and not framed_by(opening)
    ):
        return text[told.end() :]
    return text


_DESTINATION = re.compile(r"\b(?:in|into|to|on|onto)\s+(?:my|the|our)\s+([a-z]+)\s*[.!?]*\s*$", re.I)
DESTINATION_WINDOW = 0.12
_INTO_FILE = re.compile(  # "add a line to notes/ideas.txt", "append X to README.md", "write Y into draft.tex"
    r"^\W*(?:(?:please|can\s+you|could\s+you)\s+)?(?:add|append|insert|write|put|paste)\b[^.?!]*?"
    r"\b(?:to|into|in)\s+(?:the\s+(?:end\s+of\s+)?)?[\w./~-]*\w\.(?:txt|md|tex|bib|csv|json|ya?ml|py|r|docx?)\b",
    re.I,
)


def destination_first(routing: Any, clause: str) -> None:
    """Where a request puts something, said last ("… in my calendar"), names the capability it needs: a close one
    whose keyword that is beats the best route whose keyword it is not ("put the journal club on 3 December at 4pm in
    my calendar" is no line of the daily note)."""
    best = routing.best
    if best is None or best.capability is None or destined(clause, best):
        return
    for route in routing.routes[1:4]:
        if best.score - route.score > DESTINATION_WINDOW:
            return
        if destined(clause, route):
            routing.routes.remove(route)
            routing.routes.insert(0, route)
            return


def destined(clause: str, route: Any) -> bool:
    """Whether the place the request puts something, said last ("… in my calendar"), is a keyword of the route's;
    or a file a request to add or write something names ("add a line to notes/ideas.txt saying …"), for a route
    that writes files."""
    said = _DESTINATION.search(clause)
    keywords = {stem(k) for k in route.capability.keywords} if route.capability else set()
    if _INTO_FILE.search(clause) and route.capability is not None and route.capability.writes:
        return stem("file") in keywords
    return said is not None and stem(said[1].lower()) in keywords
