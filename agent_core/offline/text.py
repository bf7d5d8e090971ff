"""The one tokenizer of the offline planner and the gap detector: words, stems and content words.

"sendEmail", "send_email" and "Send e-mails" all become the words {"send", "email"}; stems make "sending",
"sends" and "send" compare equal. Used for tool names, descriptions and requests alike, so both sides of every
comparison are cut the same way.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

# A question about how to do something asks for knowledge, not for the action ("How do I take a screenshot?").
HOW_TO = re.compile(
    r"^\s*(?:how\s+(?:do|can|could|should|would|might)\s+(?:i|we|one|you|people)\b(?!\s+say\b)|how\s+to\b|"
    r"what(?:'s|\s+is|\s+are)\s+(?:the\s+)?(?:best|easiest|right|proper|recommended|fastest|safest|good)\s+"
    r"(?:way|ways|practices?|approach)|what(?:'s|\s+is)\s+a\s+good\s+way|is\s+it\s+possible|why\b|explain\b|define\b|"
    r"describe\b|compare\b|how\s+(?:does|do|did|would|can)\s+(?:an?\s+|the\s+)?(?!my\b|our\b)[\w\s-]{2,40}?\s+(?:work|handle|deal\s+with|support|differ)\b|(?:any\s+)?(?:tips|advice|suggestions|recommendations|pointers)\s+(?:for|on|about)\b|tell\s+me\s+(?:about|how|why)|what(?:'s|\s+is|\s+are)\s+(?:the\s+)?differences?|which\s+(?:tools?|"
    r"librar(?:y|ies)|services?|apps?|packages?|apis?|journals?))",
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


def words(text: str) -> list[str]:
    """The lower-case words of a text, in order ("sendEmail now" -> ["send", "email", "now"])."""
    return _WORD.findall(_CAMEL.sub(r" \1", text or "").lower().replace("e-mail", "email"))


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


def content_stems(text: str) -> frozenset[str]:
    """The stems of the words that carry meaning (no stopwords)."""
    return frozenset(stem(w) for w in words(text) if w not in STOPWORDS)


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
