"""Answer text as it should read: Markdown with the line breaks the author meant, and long quoted text that wraps.

Answers are Markdown (HTML is never rendered). Two things plain ``st.markdown`` gets wrong for our answers:
a single newline ("Added task 1 …\\nAdded task 2 …") is not a line break in Markdown, so lines run together; and
fenced blocks (a file's contents) scroll sideways instead of wrapping. So the text is split into prose, rendered
with hard line breaks, and fenced blocks, rendered as wrapping code with a copy button.
"""

from __future__ import annotations

import re

import streamlit as st

_FENCE = re.compile(r"^(`{3,}|~{3,})[^\n]*\n(.*?)\n\1[ \t]*$", re.DOTALL | re.MULTILINE)
_BLOCK_START = re.compile(r"^\s*(?:[-*+] |\d+[.)] |\||#{1,6} |>)")


def hard_breaks(prose: str) -> str:
    """Single newlines between two lines of text become Markdown line breaks; lists, tables, headings and blank
    lines keep their own meaning."""
    lines = prose.split("\n")
    out = []
    for index, line in enumerate(lines):
        following = lines[index + 1] if index + 1 < len(lines) else ""
        breaks = (
            line.strip()
            and following.strip()
            and not line.lstrip().startswith("|")
            and not _BLOCK_START.match(following)
            and not line.endswith("  ")
        )
        out.append(line + "  " if breaks else line)
        if line.strip() and not line.lstrip().startswith("|") and following.lstrip().startswith("|"):
            out.append("")  # a table must not continue a paragraph, or it shows as text
    return "\n".join(out)


def segments(text: str) -> list[tuple[str, str, str]]:
    """The text as (kind, body, language) pieces in order: "prose" or "code" (a fenced block's content)."""
    pieces: list[tuple[str, str, str]] = []
    position = 0
    for match in _FENCE.finditer(text):
        if prose := text[position : match.start()].strip("\n"):
            pieces.append(("prose", prose, ""))
        language = match.group(0).split("\n", 1)[0].lstrip("`~").strip()
        pieces.append(("code", match.group(2), language))
        position = match.end()
    if rest := text[position:].strip("\n"):
        pieces.append(("prose", rest, ""))
    return pieces


def render_markdown(text: str) -> None:
    """An answer as it should read (see the module docstring)."""
    for kind, body, language in segments(text):
        if kind == "code":
            st.code(body, language=language or None, wrap_lines=True)
        else:
            st.markdown(hard_breaks(body))
