"""Test-only encyclopedia server (dev set): a fake, deterministic summary of an encyclopedia article.

Run with: ``python -m eval.servers.wiki`` (stdio). Every title has an article; its sentences are built from the
title, so the same title always gives the same summary.
"""

from __future__ import annotations

import hashlib
from typing import Annotated
from urllib.parse import quote

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

MAX_SENTENCES = 10
BASE_URL = "https://encyclopedia.example.org/wiki/"
_SENTENCES = [
    "{t} is a subject covered in depth by this encyclopedia.",
    "The study of {t} goes back several centuries.",
    "Scholars have described {t} from many different perspectives.",
    "{t} has influenced science, culture and everyday life.",
    "Several key figures are associated with the history of {t}.",
    "Modern research on {t} relies on careful observation and measurement.",
    "Popular accounts of {t} often simplify its finer details.",
    "Debates about {t} continue in academic journals.",
    "{t} is taught in many school and university courses.",
    "Further reading on {t} is listed at the end of the article.",
    "Many museums hold collections related to {t}.",
    "The terminology around {t} has changed over time.",
]


class Summary(BaseModel):
    """The opening sentences of one encyclopedia article."""

    title: str = Field(description="The article title")
    summary: str = Field(description="The first sentences of the article")
    url: str = Field(description="Address of the full article")


def _title(title: str) -> str:
    text = " ".join((title or "").split())
    return text[:1].upper() + text[1:]


def summarize(title: str, sentences: int = 3) -> Summary:
    """The fake summary of ``title``, ``sentences`` sentences long; always the same for the same title.

    Raises:
        ValueError: if ``title`` is empty or ``sentences`` is not 1 to 10.
    """
    name = _title(title)
    if not name:
        raise ValueError("Give an article title, e.g. 'Photosynthesis'.")
    if not 1 <= sentences <= MAX_SENTENCES:
        raise ValueError(f"sentences must be 1 to {MAX_SENTENCES}, not {sentences}.")
    seed = int.from_bytes(hashlib.sha256(name.casefold().encode()).digest()[:8], "big")
    start = seed % len(_SENTENCES)
    chosen = [_SENTENCES[(start + i) % len(_SENTENCES)] for i in range(sentences)]
    chosen[0] = _SENTENCES[0]
    return Summary(
        title=name,
        summary=" ".join(s.format(t=name) for s in chosen),
        url=BASE_URL + quote(name.replace(" ", "_")),
    )


server = MCPServer("eval-wiki", instructions="Encyclopedia article summaries. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Encyclopedia summary", readOnlyHint=True, openWorldHint=False))
def get_summary(
    title: Annotated[str, Field(description="Encyclopedia article title, e.g. 'Photosynthesis'")],
    sentences: Annotated[int, Field(description="How many sentences, 1 to 10", ge=1, le=MAX_SENTENCES)] = 3,
) -> Summary:
    """Get a short summary of an encyclopedia (Wikipedia-style) article: its first sentences and the article's
    address.
    """
    try:
        return summarize(title, sentences)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
