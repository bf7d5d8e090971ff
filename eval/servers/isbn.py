"""Test-only ISBN server (dev set): fake, deterministic book metadata for an ISBN.

Run with: ``python -m eval.servers.isbn`` (stdio).
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

_ISBN = re.compile(r"\d{9}[\dX]|\d{13}")
_OPENINGS = ["The Art of", "A Field Guide to", "Principles of", "An Introduction to", "The Hidden Life of"]
_SUBJECTS = ["Laboratory Practice", "Statistical Inference", "Cell Biology", "Scientific Writing", "Microscopy"]
_SURNAMES = ["Okonkwo", "Lindqvist", "Moreau", "Tanaka", "Ferreira", "Kaplan", "O'Neill", "Weber", "Sato"]
_GIVEN = ["Ada", "Bruno", "Chidi", "Dana", "Elif", "Farah", "Greta", "Hugo", "Ines", "Jonas"]


class Book(BaseModel):
    """Bibliographic metadata of one book."""

    isbn: str = Field(description="The ISBN, digits only (ISBN-10 may end in X)")
    title: str = Field(description="The book title")
    authors: list[str] = Field(description="Author names, as on the cover")
    year: int = Field(description="Year of publication")


def normalize_isbn(isbn: str) -> str:
    """``isbn`` without hyphens or spaces (and a trailing 'x' uppercased).

    Only the length and the digits are checked, not the check digit.

    Raises:
        ValueError: if it is not 10 characters (9 digits and a digit or X) or 13 digits.
    """
    text = re.sub(r"[\s-]", "", (isbn or "").strip()).upper().removeprefix("ISBN:").removeprefix("ISBN")
    if not _ISBN.fullmatch(text):
        raise ValueError(
            f"'{isbn}' is not an ISBN. Give the 10- or 13-digit number from the back cover or copyright page, "
            "e.g. 978-0-262-03384-8 (hyphens optional)."
        )
    return text


def lookup(isbn: str) -> Book:
    """Fake metadata of ``isbn``: always the same for the same number (with or without hyphens).

    Raises:
        ValueError: if it is not an ISBN.
    """
    key = normalize_isbn(isbn)
    seed = int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big")
    authors = [
        f"{_GIVEN[(seed >> (16 + 4 * i)) % 10]} {_SURNAMES[(seed >> (20 + 4 * i)) % 9]}" for i in range(1 + seed % 3)
    ]
    return Book(
        isbn=key,
        title=f"{_OPENINGS[(seed >> 4) % 5]} {_SUBJECTS[(seed >> 8) % 5]}",
        authors=authors,
        year=1970 + (seed >> 40) % 56,
    )


server = MCPServer("eval-isbn", instructions="Book metadata by ISBN. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="Look up an ISBN", readOnlyHint=True, openWorldHint=False))
def lookup_isbn(
    isbn: Annotated[str, Field(description="An ISBN-10 or ISBN-13, digits with or without hyphens")],
) -> Book:
    """Look up a book by its ISBN (International Standard Book Number).

    Returns the book's title, authors and year of publication.
    """
    try:
        return lookup(isbn)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
