"""Test-only translation server (dev set): a fake, deterministic translation of a short text.

Run with: ``python -m eval.servers.translate`` (stdio). A few common phrases have real translations; any other text
comes back marked with the target language (e.g. ``[de] the meeting is cancelled``). The source language is guessed
from a handful of words.
"""

from __future__ import annotations

from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "German",
    "fr": "French",
    "es": "Spanish",
    "it": "Italian",
    "pt": "Portuguese",
    "nl": "Dutch",
    "sv": "Swedish",
    "no": "Norwegian",
    "da": "Danish",
    "fi": "Finnish",
    "pl": "Polish",
    "cs": "Czech",
    "el": "Greek",
    "tr": "Turkish",
    "ru": "Russian",
    "uk": "Ukrainian",
    "ar": "Arabic",
    "he": "Hebrew",
    "hi": "Hindi",
    "ja": "Japanese",
    "ko": "Korean",
    "zh": "Chinese",
}
PHRASES: dict[str, dict[str, str]] = {
    "good morning": {"de": "Guten Morgen", "fr": "Bonjour", "es": "Buenos días", "it": "Buongiorno"},
    "thank you": {"de": "Danke", "fr": "Merci", "es": "Gracias", "ja": "ありがとう", "pl": "Dziękuję"},
    "good night": {"de": "Gute Nacht", "fr": "Bonne nuit", "es": "Buenas noches", "it": "Buona notte"},
    "i love you": {"de": "Ich liebe dich", "fr": "Je t'aime", "it": "Ti amo", "es": "Te quiero"},
    "guten abend": {"en": "Good evening", "fr": "Bonsoir"},
}
# a few words that give a text's language away; everything else counts as English
_MARKERS: dict[str, set[str]] = {
    "de": {"guten", "abend", "morgen", "danke", "ich", "und", "nicht", "der", "die", "das"},
    "fr": {"bonjour", "merci", "je", "le", "la", "les", "est", "oui"},
    "es": {"hola", "gracias", "el", "los", "por", "favor", "buenos"},
}


class Translation(BaseModel):
    """A text translated into another language."""

    translated: str = Field(description="The translated text")
    source_language: str = Field(description="ISO 639-1 code of the detected source language")
    target_language: str = Field(description="ISO 639-1 code of the language translated into")


def _language(code: str) -> str:
    text = (code or "").strip().lower()
    if text in LANGUAGES:
        return text
    by_name = {name.lower(): c for c, name in LANGUAGES.items()}
    hint = f" ('{by_name[text]}' for {LANGUAGES[by_name[text]]})" if text in by_name else ""
    raise ValueError(
        f"Unknown language code '{code}'{hint}. Use an ISO 639-1 code, one of: {', '.join(sorted(LANGUAGES))}."
    )


def detect(text: str) -> str:
    """The source language of ``text``: the one most of its marker words belong to, else English."""
    words = {w.strip(".,!?;:'\"").casefold() for w in text.split()}
    hits = {code: len(words & markers) for code, markers in _MARKERS.items()}
    best = max(hits, key=lambda c: hits[c])
    return best if hits[best] else "en"


def translate(text: str, target_language: str) -> Translation:
    """The fake translation of ``text`` into ``target_language``.

    Raises:
        ValueError: if ``text`` is empty or the language is not an ISO 639-1 code of the table.
    """
    body = " ".join((text or "").split())
    if not body:
        raise ValueError("Give the text to translate, e.g. 'good morning'.")
    target = _language(target_language)
    source = detect(body)
    known = PHRASES.get(body.casefold().rstrip(".!?"), {})
    translated = body if source == target else known.get(target, f"[{target}] {body}")
    return Translation(translated=translated, source_language=source, target_language=target)


server = MCPServer("eval-translate", instructions="Text translation between languages. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Translate text", readOnlyHint=True, openWorldHint=False))
def translate_text(
    text: Annotated[str, Field(description="The text to translate")],
    target_language: Annotated[
        str, Field(description="Language to translate into, ISO 639-1 code such as 'de' or 'fr'")
    ],
) -> Translation:
    """Translate a text into another language. The source language is detected automatically.

    Returns the translation and the ISO 639-1 codes of the source and target languages.
    """
    try:
        return translate(text, target_language)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
