"""Which capabilities a request needs, read from its text without an LLM (the offline half of tool gap detection).

Each ``CapabilitySpec`` says how to recognise a request that needs it (regular expressions over the request)
and which words in a tool's name and description mean a tool provides it (compared in ``agent_core.gaps``).
Requests for public information (weather, news, prices of public things, facts) are marked ``public``: any web
search tool answers them. Requests the product's own tools serve (time, tasks, files, memory) are recognised by
the offline planner's analyzers in ``intents``, so both agree on what "remind me to buy milk" is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent_core.offline.intents import analyze


@dataclass(frozen=True)
class Requirement:
    """One capability a request needs. ``public``: a web search tool can answer it as well."""

    name: str
    reason: str = ""
    public: bool = False
    provided_by: str | None = None  # a tool the LLM said provides it (checked against the live list)


@dataclass(frozen=True)
class CapabilitySpec:
    """A capability: when a request needs it, and which tools provide it."""

    name: str
    summary: str  # for people: "an MCP server that provides <summary>"
    needs: tuple[re.Pattern[str], ...] = ()  # the request asks for an action or for private data
    looks_up: tuple[re.Pattern[str], ...] = ()  # the request asks for public information
    provided_by: tuple[frozenset[str], ...] = ()  # a tool provides it if its words include one of these sets
    public_provided_by: tuple[frozenset[str], ...] = ()  # extra sets that serve public look-ups only
    writes: bool = False  # a tool annotated readOnlyHint cannot provide it
    excludes: frozenset[str] = frozenset()  # a tool with any of these words is about something else


def _re(*patterns: str) -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p, re.IGNORECASE) for p in patterns)


def _words(spec: str) -> tuple[frozenset[str], ...]:
    """ "send email|smtp" -> ({"send", "email"}, {"smtp"}): a tool provides it if it has all words of one group."""
    return tuple(frozenset(group.split()) for group in spec.split("|"))


# Where an instruction starts: the request's start, a new clause, or after a polite lead-in. A verb counts as a
# request for an action only there, so "how do I send an email" or "remind me to email Bob" are not actions.
LEAD = (
    r"(?:^|[.!?;:]\s+|,\s*|\b(?:and|then|also|please|pls|kindly|now|can\s+you|could\s+you|would\s+you|will\s+you|"
    r"i\s+need\s+you\s+to|i\s+want\s+you\s+to|i'?d\s+like\s+you\s+to|go\s+ahead\s+and|help\s+me|try\s+to)\s+)"
    r"(?:please\s+)?"
)


def _gap(n: int) -> str:
    """Up to ``n`` words of anything (the object of a verb) before the word that decides."""
    return rf"(?:[\w'#@.\-/$€£%()]+\s+){{0,{n}}}"


_PATH = r"[\w~./\-]*\w\.(?:md|markdown|txt|csv|tsv|json|ya?ml|pdf|docx?|xlsx?|pptx?|py|ipynb|tex|bib|html?|log|xml)\b"
_FILE = rf"(?:(?:a|an|the|my|our|this|that|new|text|markdown|csv|json|pdf|excel|word|latex)\s+)*(?:files?\b|folders?\b|director(?:y|ies)\b|disk\b|{_PATH})"
_CHAT_APP = r"(?:slack|ms\s+teams|microsoft\s+teams|whatsapp|telegram|discord|mattermost|imessage|sms|wechat|zulip)"
_SOCIAL = r"(?:twitter|x\.com|linkedin|mastodon|bluesky|bsky|facebook|instagram|threads|reddit|social\s+media)"
_MONEY = r"(?:[$€£]\s?\d|\d[\d.,]*\s*(?:euros?|eur|dollars?|usd|pounds?|gbp|chf|francs?)\b|money\b|funds\b)"

# A question about how to do something asks for knowledge, not for the action ("How do I take a screenshot?").
HOW_TO = re.compile(
    r"^\s*(?:how\s+(?:do|can|could|should|would|might)\s+(?:i|we|one|you|people)\b|how\s+to\b|"
    r"what(?:'s|\s+is|\s+are)\s+(?:the\s+)?(?:best|easiest|right|proper|recommended|fastest|safest)\s+"
    r"(?:way|ways|practices?|approach)|is\s+it\s+possible|why\b|explain\b|define\b|describe\b|compare\b|"
    r"tell\s+me\s+(?:about|how|why)|what\s+(?:is|are)\s+(?:the\s+)?differences?|which\s+(?:tools?|librar(?:y|ies)|"
    r"services?|apps?|packages?|apis?|journals?))",
    re.IGNORECASE,
)

SPECS: tuple[CapabilitySpec, ...] = (
    CapabilitySpec(
        "financial_data_api",
        "financial data about your accounts, portfolio and transactions",
        needs=_re(
            r"\b(?:my|our)\s+(?:[\w-]+\s+){0,2}(?:portfolios?|stocks|shares|holdings|investments|brokerage|dividends|"
            r"pension|401\(?k\)?|savings|expenses|spending|transactions|payslips?|salary|(?:credit|debit|corporate|company)\s+cards?|bank|"
            r"(?:bank|checking|savings|brokerage|trading|investment|current)\s+accounts?|account\s+balance|balance)\b",
            r"\bhow\s+much\s+(?:money\s+)?(?:did|have|do)\s+(?:i|we)\s+(?:spend|spent|earn|earned|make|made|pay|paid|"
            r"owe|invest|invested)\b",
            r"\b(?:transactions|statements?|charges|payments)\s+(?:on|from|in|of|to)\s+(?:my|our)\b",
        ),
        looks_up=_re(
            r"\b(?:stock|share)\s+prices?\b|\bexchange\s+rates?\b|\bmarket\s+cap(?:itali[sz]ation)?\b",
            r"\bprice\s+of\s+(?:bitcoin|btc|ethereum|gold|silver|oil|brent)\b",
        ),
        provided_by=_words("portfolio|brokerage|bank|account balance|financial|finance|transaction"),
        public_provided_by=_words("stock|quote|exchange rate|market data"),
    ),
    CapabilitySpec(
        "email_sending",
        "email sending",
        needs=_re(
            rf"{LEAD}(?:send|shoot|fire\s+off|forward|resend)\s+{_gap(5)}(?:an?\s+)?e-?mails?\b",
            rf"{LEAD}e-?mail\s+(?!address|addresses|lists?\b|etiquette|templates?)\S",
            rf"{LEAD}(?:reply|respond|answer)\s+(?:to\s+)?{_gap(4)}e-?mails?\b",
            rf"{LEAD}(?:send|forward|mail)\s+{_gap(6)}to\s+[\w.+-]+@[\w-]+\.[\w.]+",
            rf"{LEAD}(?:send|forward)\s+{_gap(8)}(?:by|via|over)\s+e-?mail\b",
            rf"{LEAD}forward\s+{_gap(6)}to\s+\w",
        ),
        provided_by=_words("send email|send mail|smtp|sendgrid|mailgun"),
        writes=True,
    ),
    CapabilitySpec(
        "email_reading",
        "reading your email",
        needs=_re(
            r"\b(?:my|our)\s+(?:[\w-]+\s+)?(?:inbox|mailbox|e-?mails|unread\s+(?:e-?)?mails?)\b",
            r"\b(?:check|read|search|scan|go\s+through|summari[sz]e)\s+(?:\w+\s+){0,2}(?:inbox|mailbox)\b",
            r"\bunread\s+(?:e-?)?mails?\b",
            r"\b(?:repl(?:y|ied)|respond(?:ed)?|answer(?:ed)?|get\s+back)\s+to\s+(?:my|our)\s+(?:last\s+)?e-?mails?\b",
        ),
        provided_by=_words("inbox|mailbox|imap|read email|search email|list email|read mail"),
    ),
    CapabilitySpec(
        "calendar_management",
        "calendar management",
        needs=_re(
            r"\b(?:my|our|\w+'s)\s+(?:google\s+|outlook\s+|work\s+|shared\s+)?(?:calendar|agenda|diary)\b",
            r"\bmy\s+schedule\b|\bcalendar\s+(?:event|invite|invitation|entry)\b",
            r"\b(?:am\s+i|are\s+we)\s+(?:free|available|busy)\b|\b(?:my|our)\s+availability\b",
            rf"{LEAD}(?:schedule|set\s+up|arrange|organi[sz]e|book|plan|put|add|create|reschedule|move|cancel|"
            rf"postpone)\s+{_gap(4)}(?:meeting|call|appointment|sync|1:1|one-on-one|catch-?up|interview|seminar|"
            rf"lunch|event|stand-?up)s?\b",
            rf"{LEAD}invite\s+{_gap(4)}to\s+(?:a|an|the|our|my)\b",
        ),
        provided_by=_words("calendar|schedule event|schedule meeting|appointment"),
    ),
    CapabilitySpec(
        "travel_booking",
        "booking flights, trains and hotels",
        needs=_re(
            rf"{LEAD}(?:book|reserve|buy|get\s+me|cancel|change|rebook|upgrade)\s+{_gap(5)}(?:flights?|trains?|plane\s+tickets?|"
            rf"train\s+tickets?|tickets?|hotel(?:\s+rooms?)?|(?:a|double|single|twin)\s+rooms?|accommodation|airbnb|"
            rf"rental\s+car|taxi|cab|uber|seats?)\b",
            r"\bmy\s+(?:[\w-]+\s+)?(?:flights?|bookings?|reservations?|itinerary|hotel|boarding\s+pass)\b",
            rf"{LEAD}check\s+(?:me\s+)?in\s+(?:for|on)\b",
        ),
        provided_by=_words("flight|hotel|travel|trip|reservation|airbnb|train ticket|booking"),
    ),
    CapabilitySpec(
        "payment_processing",
        "payments and purchases",
        needs=_re(
            rf"{LEAD}pay\s+(?!attention\b)\S",
            rf"{LEAD}(?:transfer|wire|send|venmo|refund)\s+{_gap(2)}{_MONEY}",
            rf"{LEAD}(?:buy|purchase|order)\s+(?!{_gap(6)}(?:by|alphabetically|chronologically)\b)\S",
            r"\b(?:make|process|issue|send)\s+(?:a\s+|the\s+)?(?:payment|purchase|refund|bank\s+transfer)\b",
            rf"{LEAD}(?:renew|cancel|upgrade|subscribe\s+to)\s+(?:my\s+|our\s+|the\s+|a\s+)?(?:[\w-]+\s+)?"
            rf"(?:subscriptions?|memberships?|licen[cs]es?|plans?)\b",
        ),
        provided_by=_words("payment|pay|purchase|checkout|stripe|paypal|transfer money|buy|order"),
        writes=True,
    ),
    CapabilitySpec(
        "database_write",
        "writing to a database",
        needs=_re(
            rf"{LEAD}(?:delete|remove|drop|truncate|wipe|purge|insert|update|modify|alter|add|write|upsert|load|import|"
            rf"migrate|change|clear|edit|fix|correct)\s+{_gap(8)}(?:(?:database|db|schema|sql|postgres(?:ql)?|mysql|"
            rf"mongo(?:db)?|sqlite|production|prod|crm)\b|(?:in|into|from|to)\s+(?:the|our|my|a)\s+(?:[\w-]+\s+)?table\b)",
            r"\b(?-i:DELETE\s+FROM|INSERT\s+INTO|DROP\s+(?:TABLE|DATABASE)|TRUNCATE\s+TABLE|ALTER\s+TABLE|UPDATE\s+\w+\s+SET)\b",
            rf"{LEAD}(?:run|execute)\s+{_gap(3)}sql\b",
        ),
        provided_by=_words("database|sql|postgres|postgresql|mysql|sqlite|mongo|mongodb|db|insert table"),
        writes=True,
    ),
    CapabilitySpec(
        "messaging",
        "chat messaging such as Slack, Teams or SMS",
        needs=_re(
            rf"{LEAD}(?:post|send|message|ping|dm|tell|notify|share|write|announce|forward|drop)\s+{_gap(8)}"
            rf"(?:on|in|to|via|over|through|using)\s+(?:the\s+)?(?:[#@][\w-]+\s+)?{_CHAT_APP}\b",
            rf"{LEAD}(?:send|write|drop)\s+{_gap(3)}(?:{_CHAT_APP}|teams|signal|text|chat)\s+messages?\b",
            rf"{LEAD}(?:send|write|drop)\s+(?:an?\s+)?(?:message|text|dm)\s+to\b",
            rf"{LEAD}(?:text|sms|dm|ping|message|whatsapp)\s+(?:[\w'-]+\s+){{1,4}}?(?:that|saying|about|"
            rf"to\s+(?:say|tell|ask|remind|let)|and\s+(?:tell|ask|say|let))\b",
            r"(?:^|\s)#[\w-]+\s+channel\b|\b(?:the|our|my)\s+(?:group|team|lab)\s+chat\b",
            rf"{LEAD}let\s+(?!me\b|us\b)(?:[\w'-]+\s+){{1,3}}know\b",
            r"\b(?:on|in)\s+(?:the\s+)?(?:#[\w-]+\s+)?(?:slack|whatsapp|telegram|discord|mattermost)\b",
        ),
        provided_by=_words("slack|sms|whatsapp|telegram|discord|mattermost|teams message|chat message|send message"),
        excludes=frozenset({"email", "mail"}),
    ),
    CapabilitySpec(
        "smart_home_control",
        "smart-home control of lights, locks and heating",
        needs=_re(
            rf"{LEAD}(?:turn|switch|power)\s+(?:on|off)\b|{LEAD}(?:turn|switch|power)\s+{_gap(3)}(?:on|off)\s*[.!]?$",
            rf"{LEAD}(?:dim|brighten|lock|unlock|open|close|raise|lower)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:lights?|lamps?|"
            rf"doors?|blinds|garage|shades|curtains|gate)\b",
            rf"{LEAD}(?:set|raise|lower|adjust|change)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:thermostat|heating|"
            rf"air\s+con(?:ditioning)?|a/c|lights?)\b",
            r"\b(?:thermostat|smart\s+(?:plug|lights?|home|speaker|lock)|home\s+assistant|philips\s+hue)\b",
        ),
        provided_by=_words("light|thermostat|smart home|home assistant|hue|lock door|device turn"),
        writes=True,
    ),
    CapabilitySpec(
        "screen_capture",
        "screen capture",
        needs=_re(
            r"\bscreen\s*-?shots?\b|\bscreen\s*(?:cap(?:ture)?|grab|recording)s?\b",
            r"\b(?:record|capture|grab)\s+(?:my|the|this)\s+(?:screen|desktop|display|window)\b",
            r"\bwhat(?:'s|\s+is)\s+(?:on|showing\s+on)\s+my\s+(?:screen|display|monitor)\b",
        ),
        provided_by=_words("screenshot|screen|screen capture|desktop capture"),
    ),
    CapabilitySpec(
        "file_write",
        "writing files, which the read-only filesystem tools cannot do",
        needs=_re(
            rf"{LEAD}(?:save|write|export|dump|output|put|store|download|copy)\s+{_gap(8)}(?:to|into|in|as|under)\s+"
            rf"{_FILE}",
            rf"{LEAD}(?:create|make|add|start)\s+(?:an?\s+)?(?:new\s+|empty\s+)?(?:text\s+|markdown\s+)?"
            rf"(?:file|folder|directory)\b|{LEAD}(?:create|make)\s+{_PATH}",
            rf"{LEAD}(?:delete|remove|erase|rename|move|edit|modify|overwrite|append|prepend|update|change|fix|correct|"
            rf"rewrite|replace|truncate)\s+{_gap(8)}{_FILE}",
        ),
        provided_by=_words(
            "write file|save file|create file|edit file|delete file|move file|append file|create directory"
        ),
        writes=True,
    ),
    CapabilitySpec(
        "image_generation",
        "image generation",
        needs=_re(
            rf"{LEAD}(?:generate|create|make|draw|design|render|produce|paint|sketch)\s+{_gap(4)}(?:images?|pictures?|"
            rf"illustrations?|drawings?|logos?|icons?|photos?|artwork|cartoons?|posters?|infographics?|diagrams?|"
            rf"figures?|plots?|charts?)\b",
            r"\b(?:dall-?e|midjourney|stable\s+diffusion|text-to-image)\b",
        ),
        provided_by=_words("image generate|image generation|image create|draw|dall|diagram|plot|chart"),
    ),
    CapabilitySpec(
        "code_execution",
        "running code",
        needs=_re(
            rf"{LEAD}(?:run|execute|evaluate|compile|benchmark|profile|debug)\s+{_gap(4)}(?:scripts?|code|notebooks?|"
            rf"programs?|snippets?|functions?|commands?|unit\s+tests?|tests|test\s+suite|pipeline|simulations?|python|"
            rf"bash|shell|jupyter|[\w./-]*\.(?:py|ipynb|sh|r|jl|js))\b",
        ),
        provided_by=_words("execute code|run code|execution code|python|sandbox|interpreter|notebook|jupyter|shell"),
        writes=True,
    ),
    CapabilitySpec(
        "phone_call",
        "phone calls",
        needs=_re(
            rf"{LEAD}(?:phone|ring|dial|facetime)\s+(?!numbers?\b|book\b)\w",
            rf"{LEAD}call\s+(?:me|him|her|them|us|\w+\s+back|(?:the\s+|my\s+|our\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:and|"
            rf"to\s+(?:tell|ask|say|confirm|let|check)|about|back|now|on\s+(?:the\s+)?(?:phone|mobile))|\+?\d[\d\s()-]{{5,}})\b",
            r"\b(?:make|place|start)\s+(?:a\s+)?(?:phone|voice)\s+call\b|\bgive\s+(?:[\w'-]+\s+){1,3}a\s+(?:call|ring)\b",
        ),
        provided_by=_words("phone|dial|telephone|voice call|twilio"),
        writes=True,
    ),
    CapabilitySpec(
        "social_media_posting",
        "posting to social media",
        needs=_re(
            rf"{LEAD}(?:tweet|retweet|toot|skeet)\b",
            rf"{LEAD}(?:post|share|publish|announce|upload|cross-?post)\s+{_gap(8)}(?:on|to|via|in)\s+"
            rf"(?:our\s+|my\s+|the\s+)?(?:lab'?s?\s+)?{_SOCIAL}\b",
        ),
        provided_by=_words("twitter|tweet|linkedin|mastodon|bluesky|facebook|instagram|social|reddit"),
        writes=True,
    ),
    CapabilitySpec(
        "weather_api",
        "weather forecasts, which a web search server also answers",
        looks_up=_re(
            r"\bweather\b|\b(?:rain|snow|temperature|wind|pollen|uv)\s+forecast\b",
            r"\bforecast\s+for\s+(?:tomorrow|today|tonight|this|the\s+weekend)\b",
            r"\b(?:going\s+to|gonna|will\s+it|does\s+it|is\s+it)\s+(?:be\s+)?(?:rain|snow|hail|storm|sunny|cloudy|windy|"
            r"cold|hot|warm|freezing)\w*\b",
            r"\b(?:temperature|humidity|air\s+quality|pollen\s+count|uv\s+index)\s+(?:\w+\s+){0,2}?(?:in|at|outside)\s+"
            r"(?!the\s+(?:lab|office|room|incubator|fridge|freezer))",
        ),
        provided_by=_words("weather|forecast"),
    ),
    CapabilitySpec(
        "web_search",
        "web search",
        looks_up=_re(
            r"\b(?:search|look\s+up|google|browse|check)\s+(?:\w+\s+){0,4}?(?:web|internet|online)\b",
            r"^\s*(?:please\s+)?(?:google|look\s+up|search\s+for)\b",
            r"\b(?:latest|recent|newest|current|today'?s|breaking)\s+(?:\w+\s+){0,2}?(?:news|headlines|developments|"
            r"papers|research|studies|articles|publications|preprints|releases?|version|guidelines)\b",
            r"\bnews\s+(?:about|on|from|regarding)\b|\bin\s+the\s+news\b",
            r"\b(?:find|search\s+for|look\s+for)\s+(?:\w+\s+){0,3}?(?:papers?|articles?|studies|publications|preprints|"
            r"literature|sources|references|datasets?)\b",
            r"\b(?:population|capital|gdp|president|prime\s+minister|ceo|founder|boiling\s+point|melting\s+point|"
            r"half-?life|side\s+effects|symptoms|email\s+address|phone\s+number|website|homepage|affiliation)\s+of\b",
            r"\bwho\s+(?:won|wins|invented|discovered|founded|wrote|directed|is\s+the\s+(?:current\s+)?(?:ceo|president|"
            r"prime\s+minister|director|head|chair))\b|\bwhat\s+happened\s+(?:at|in|to|with|during)\b",
            r"\bhow\s+much\s+(?:does|do|would|will|is|are)\s+(?:\w+\s+){0,7}?(?:cost|costs|charge|worth)\b",
        ),
        provided_by=_words("web search|internet search|search online|google|bing|duckduckgo"),
    ),
    # Served by the product's own servers; recognised by the offline planner's analyzers (see INTENTS).
    CapabilitySpec("current_time", "the current time", provided_by=_words("current time|clock|timezone")),
    CapabilitySpec("task_management", "a to-do list", provided_by=_words("task|todo|reminder")),
    CapabilitySpec("file_read", "reading files", provided_by=_words("read file|file content|list directory")),
    CapabilitySpec("memory", "your research memory", provided_by=_words("memory|memories|remember")),
)
CAPABILITIES: dict[str, CapabilitySpec] = {spec.name: spec for spec in SPECS}

# The offline planner's capability -> the capability a connected tool must provide for it.
INTENTS = {"current_time": "current_time", "file_read": "file_read", "file_list": "file_read"}
INTENTS |= {name: "memory" for name in ("memory_store", "memory_search")}
INTENTS |= {f"task_{v}": "task_management" for v in ("add", "list", "complete", "update", "delete", "clarify")}
# What follows "remind me to" / "remember that" is the item's text, not an instruction to act on.
_CONTENT_INTENTS = {"task_add", "memory_store"}
# A booking tool takes the payment itself.
_SUBSUMES = {"travel_booking": "payment_processing"}


def required_capabilities(text: str) -> list[Requirement]:
    """The capabilities a request needs, most specific first; empty when it needs none in particular.

    Args:
        text: The user's request as written.

    Returns:
        One ``Requirement`` per capability, without duplicates.
    """
    text = text.strip()
    if not text:
        return []
    plan = analyze(text)
    found: dict[str, Requirement] = {}
    if plan is not None and plan.capability in INTENTS:
        name = INTENTS[plan.capability]
        found[name] = Requirement(name, f"the offline planner reads it as {plan.capability}")
        if plan.capability in _CONTENT_INTENTS:
            return list(found.values())
    knowledge_question = bool(HOW_TO.search(text))
    for spec in SPECS:
        if not knowledge_question and any(p.search(text) for p in spec.needs):
            found.setdefault(spec.name, Requirement(spec.name, f"the request asks for {spec.summary}"))
        elif any(p.search(text) for p in spec.looks_up):
            found.setdefault(spec.name, Requirement(spec.name, "public information", public=True))
    for broader, narrower in _SUBSUMES.items():
        if broader in found:
            found.pop(narrower, None)
    if "web_search" in found and any(r.public and r.name != "web_search" for r in found.values()):
        del found["web_search"]  # the more specific public need names it better (weather_api over web_search)
    return list(found.values())
