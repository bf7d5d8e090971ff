"""The one tokenizer of the offline planner and the gap detector: words, stems and content words.

"sendEmail", "send_email" and "Send e-mails" all become the words {"send", "email"}; stems make "sending",
"sends" and "send" compare equal. Used for tool names, descriptions and requests alike, so both sides of every
comparison are cut the same way.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache, lru_cache

# A question about how to do something asks for knowledge, not for the action ("How do I take a screenshot?").
HOW_TO = re.compile(
    r"^\s*(?:how\s+(?:do|can|could|should|would|might)\s+(?:i|we|one|you|people)\b(?!\s+say\b|\s+get\s+(?:from|to)\b)|how\s+to\b|"
    r"what(?:'s|\s+is|\s+are)\s+(?:the\s+)?(?:best|easiest|right|proper|recommended|fastest|safest|good)\s+"
    r"(?:way|ways|practices?|approach)|what(?:'s|\s+is)\s+a\s+good\s+way|is\s+it\s+possible|why\b|explain\b|define\b|"
    r"describe\b|compare\b|(?:can|could|would)\s+(?:you|u)\s+(?:please\s+)?explain\b|"
    r"how\s+much\s+(?:(?:does|do|would|will|should|is|are|can)\s+(?:an?|the)|are(?!\s+(?:i|we|you|they|there)\b))\s+"
    r"(?![^?]*\b(?:my|our|me|us)\b)|"
    r"what\s+(?:does|do|would|will)\s+(?:an?|the)\s+(?![^?]*\b(?:my|our|me|us)\b)[^?]{1,60}\bcost\b|"  # "what does a … cost"
    r"what(?:'s|\s+is|\s+are)\s+(?:an?\s+|the\s+)?(?:good|best|decent|recommended)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:apps?|tools?|software|services?|programs?|options?|alternatives?|clients?|editors?|librar(?:y|ies)|packages?|"
    r"extensions?|plugins?|plug-ins?|websites?|sites?)\b|"
    r"what(?:'s|\s+is)\s+the\s+(?:[\w-]+\s+)?(?:command|function|syntax|shortcut|method)\s+(?:to|for)\b|"
    r"where\s+(?:can|could|do|should|would)\s+(?:i|we|one)\s+(?:buy|find|get|learn|read)\b|how\s+(?:does|do|did|would|can)\s+(?:an?\s+|the\s+)?(?!my\b|our\b)[\w\s-]{2,40}?\s+(?:work|handle|deal\s+with|support|differ)\b|(?:any\s+)?(?:tips|advice|suggestions|recommendations|pointers)\s+(?:for|on|about)\b|tell\s+me\s+(?:about|how|why)|what(?:'s|s|\s+is|\s+are)\s+(?:the\s+)?differences?|which\s+(?:tools?|"
    r"librar(?:y|ies)|services?|apps?|packages?|apis?|journals?)|"
    r"(?:is|are)\s+(?!(?:my|our|your|you|we|i|he|she|they|it|this|that|there|the|a|an)\b)[\w.-]+(?:\s+[\w.-]+)?\s+"
    r"(?:free|open[-\s]source|worth\s+(?:it|paying\s+for)|any\s+good|safe\s+to\s+use)\b"  # "is Slack free for …?",
    r"(?!\s+(?:on|at|tomorrow|today|tonight|this|next|until|from|now|in\s+the|for\s+(?:a|an|the|lunch|dinner|coffee|\d))\b))",
    re.IGNORECASE,
)
_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")

# Words that carry no meaning of their own in a request or a tool description.
STOPWORDS = frozenset(
    [
        "a", "an", "the", "is", "are", "was", "were", "be", "been", "being", "am", "of", "for", "to", "in", "on",
        "at", "by", "and", "or", "with", "that", "this", "these", "those", "it", "its", "my", "our", "your",
        "their", "his", "her", "me", "we", "i", "you", "he", "she", "they", "them", "us", "one", "ones", "some",
        "any", "all", "from", "as", "about", "into", "than", "then", "there", "here", "do", "does", "did", "done",
        "can", "could", "would", "should", "will", "shall", "may", "might", "must", "please", "pls", "kindly",
        "just", "also", "now", "so", "very", "too", "not", "no", "yes", "ok", "okay", "what", "which", "who",
        "whom", "whose", "when", "where", "why", "how", "if", "up", "out", "off", "over", "again", "let", "let's",
        "i'm", "i've", "i'd", "i'll", "it's", "that's", "what's", "there's", "don't", "doesn't", "didn't", "can't",
        "won't", "isn't", "aren't",
    ]
)  # fmt: skip


# Past forms that do not end in -ed (base forms that read the same, "put", "read", "set", are left out).
_IRREGULAR_PAST = frozenset(
    [
        "bought", "brought", "built", "caught", "chose", "chosen", "drew", "drawn", "drove", "driven", "ate",
        "eaten", "fed", "felt", "fought", "found", "flew", "flown", "forgot", "forgotten", "froze", "frozen", "gave",
        "given", "got", "gotten", "went", "gone", "grew", "grown", "hung", "had", "heard", "hid", "hidden", "held",
        "kept", "knew", "known", "laid", "led", "left", "lent", "lost", "made", "meant", "met", "paid", "ran",
        "rang", "rung", "rode", "ridden", "said", "sold", "sent", "shook", "shot", "shown", "sang", "sung", "sat",
        "slept", "spoke", "spoken", "spent", "stood", "stole", "stolen", "struck", "swept", "took", "taken",
        "taught", "tore", "torn", "told", "thought", "threw", "thrown", "understood", "woke", "woken", "wore",
        "worn", "won", "wrote", "written",
    ]
)  # fmt: skip
# Words a report that something happened leans on: "the slides are printed", "that's sorted", "all good now".
_REPORTING = frozenset(
    ["is", "are", "was", "were", "been", "has", "have", "had", "am", "now", "already", "just", "finally", "off"]
)


def reports_done(text: str) -> bool:
    """Whether a text could report that something is done: a past form ("printed", "sent"), a copula or perfect
    ("is", "have", "it's"), or "now" / "already" / "off". "print the poster" and "book a room" ask for something
    instead: they report nothing."""
    said = words(text)
    return any(
        w in _IRREGULAR_PAST or w in _REPORTING or (len(w) > 4 and w.endswith("ed")) or re.search(r"'(?:s|ve|re|m)$", w)
        for w in said
    )


def words(text: str) -> list[str]:
    """The lower-case words of a text, in order ("sendEmail now" -> ["send", "email", "now"]), accents folded
    ("Zürich" -> "zurich", "São Paulo" -> "sao", "paulo"), never a word cut in two at a letter outside ASCII."""
    text = text or ""
    if not text.isascii():
        text = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return _WORD.findall(_CAMEL.sub(r" \1", text).lower().replace("e-mail", "email"))


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """A crude stem, so "sends", "sending" and "send" compare equal (applied to both sides of a comparison)."""
    word = word.split("'")[0]
    for _ in range(2):
        for suffix in ("ing", "es", "s", "ed", "e", "y", "ies"):
            if word.endswith(suffix) and len(word) - len(suffix) >= 3:
                word = word[: -len(suffix)]
                break
    return word


def stems(text: str) -> frozenset[str]:
    """The stems of every word of a text."""
    return frozenset(stem(w) for w in words(text))


def topic_of(text: str, count: int = 4) -> str:
    """A short snake_case topic from the first meaningful words ("Project X uses FastAPI" -> "project_x_fastapi")."""
    kept = [w for w in words(text) if w not in STOPWORDS and w not in {"uses", "use", "has", "have"}]
    return "_".join(kept[:count]) or "note"


@cache
def dictionary() -> frozenset[str]:
    """Whole words the local model's WordPiece vocabulary knows: a word outside it is a typo, a name or a code."""
    try:
        import json

        from agent_core.memory.embedder import local_model_files

        vocab = json.loads(local_model_files()[1].read_text("utf-8"))["model"]["vocab"]
    except Exception:  # noqa: BLE001 - no local model: correct nothing a dictionary would have to confirm
        return frozenset()
    return frozenset(w for w in vocab if w.isalpha())


def one_edit(a: str, b: str) -> bool:
    """Whether ``a`` becomes ``b`` by one insertion, deletion, substitution or swap of neighbours."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    i = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    swapped = len(a) == len(b) and a[i + 1 : i + 2] == b[i : i + 1] and a[i : i + 1] == b[i + 1 : i + 2]
    return (
        a[i + 1 :] == b[i + 1 :] or a[i + 1 :] == b[i:] or a[i:] == b[i + 1 :] or (swapped and a[i + 2 :] == b[i + 2 :])
    )
