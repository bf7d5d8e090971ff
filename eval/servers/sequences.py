"""Test-only nucleotide sequence server (dev set ``dev6_tools.jsonl``): reverse complement, GC content and
translation of one reading frame.

Run with: ``python -m eval.servers.sequences`` (stdio). Pure computations on the sequence sent (the standard genetic
code, no network). Its descriptions are deliberately terse, as a small utility's often are.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

SEQ_PATTERN = r"^[ACGTUacgtu]+$"
MAX_LENGTH = 20000
MIN_WINDOW = 5
_SEQ = re.compile(SEQ_PATTERN)
_PAIR = {"A": "T", "T": "A", "G": "C", "C": "G", "U": "A"}
_BASES = "TCAG"
_AMINO = "FFLLSSSSYY**CC*WLLLLPPPPHHQQRRRRIIIMTTTTNNKKSSRRVVVVAAAADDEEGGGG"
CODONS: dict[str, str] = {
    a + b + c: _AMINO[16 * i + 4 * j + k]
    for i, a in enumerate(_BASES)
    for j, b in enumerate(_BASES)
    for k, c in enumerate(_BASES)
}


class ReverseComplement(BaseModel):
    """A sequence's reverse complement."""

    length: int = Field(description="Bases")
    molecule: Literal["DNA", "RNA"] = Field(description="DNA (T) or RNA (U), as sent")
    reverse_complement: str = Field(description="5'->3', upper case")


class Window(BaseModel):
    """GC content of one window."""

    start: int = Field(description="First base, 1-based")
    end: int = Field(description="Last base, 1-based, inclusive")
    gc_percent: float = Field(description="GC %, 1 decimal")


class GcContent(BaseModel):
    """GC content of a sequence."""

    length: int = Field(description="Bases")
    gc_count: int = Field(description="G + C")
    gc_percent: float = Field(description="GC %, 1 decimal")
    window: int | None = Field(description="Window size, bp (null: whole sequence only)")
    windows: list[Window] = Field(description="Sliding windows, step 1 (empty without a window)")


class Translation(BaseModel):
    """One reading frame, translated."""

    frame: int = Field(description="1, 2 or 3")
    codons: int = Field(description="Complete codons read")
    protein: str = Field(description="One-letter code, '*' for stop")
    first_stop: int | None = Field(description="Codon number of the first stop, 1-based (null: none)")
    starts_with_met: bool = Field(description="First codon is ATG/AUG")


def clean(seq: str) -> str:
    """``seq`` upper case, checked to be nucleotides only.

    Raises:
        ValueError: for an empty sequence, other characters (spaces, digits, IUPAC codes), mixed T and U, or one
            longer than 20 000 bases.
    """
    text = (seq or "").strip()
    if not text:
        raise ValueError("Send a sequence of A, C, G, T (or U), e.g. 'ATGGCC'.")
    if not _SEQ.match(text):
        bad = sorted({c for c in text if c.upper() not in "ACGTU"})
        shown = ", ".join(repr(c) for c in bad[:6])
        raise ValueError(
            f"Only A, C, G, T and U are allowed; found {shown}. Send the bases alone, without spaces, numbers or "
            "line breaks (e.g. 'ATG GCC' as 'ATGGCC')."
        )
    text = text.upper()
    if "T" in text and "U" in text:
        raise ValueError("The sequence mixes T and U: send DNA (T) or RNA (U), not both.")
    if len(text) > MAX_LENGTH:
        raise ValueError(f"At most {MAX_LENGTH} bases, not {len(text)}.")
    return text


def reverse_complement(seq: str) -> ReverseComplement:
    """The reverse complement of ``seq`` (U pairs with A in RNA)."""
    text = clean(seq)
    rna = "U" in text
    pairs = {**_PAIR, "A": "U"} if rna else _PAIR
    return ReverseComplement(
        length=len(text),
        molecule="RNA" if rna else "DNA",
        reverse_complement="".join(pairs[b] for b in reversed(text)),
    )


def _gc(text: str) -> float:
    return round(100 * sum(b in "GC" for b in text) / len(text), 1)


def gc(seq: str, window: int | None = None) -> GcContent:
    """The GC content of ``seq``, and of every ``window``-base window if one is given.

    Raises:
        ValueError: for a bad sequence or a window outside 5 bases to the sequence's length.
    """
    text = clean(seq)
    windows: list[Window] = []
    if window is not None:
        if isinstance(window, bool) or int(window) != window:
            raise ValueError(f"window must be a whole number of bases, not {window!r}.")
        if not MIN_WINDOW <= window <= len(text):
            raise ValueError(
                f"window must be {MIN_WINDOW} to {len(text)} bases (the sequence's length), not {window}; "
                "leave it out for the whole sequence only."
            )
        size = int(window)
        windows = [
            Window(start=i + 1, end=i + size, gc_percent=_gc(text[i : i + size])) for i in range(len(text) - size + 1)
        ]
    return GcContent(
        length=len(text),
        gc_count=sum(b in "GC" for b in text),
        gc_percent=_gc(text),
        window=None if window is None else int(window),
        windows=windows,
    )


def translate(seq: str, frame: int = 1) -> Translation:
    """The protein read from ``frame`` (1 starts at the first base) of ``seq``, standard genetic code.

    Raises:
        ValueError: for a bad sequence, a frame other than 1, 2 or 3, or no complete codon in the frame.
    """
    text = clean(seq).replace("U", "T")
    if isinstance(frame, bool) or frame not in (1, 2, 3):
        raise ValueError(f"frame must be 1, 2 or 3, not {frame!r} (for the reverse strand, reverse-complement first).")
    body = text[frame - 1 :]
    codons = [body[i : i + 3] for i in range(0, len(body) - 2, 3)]
    if not codons:
        raise ValueError(f"Frame {frame} of a {len(text)}-base sequence holds no complete codon.")
    protein = "".join(CODONS[c] for c in codons)
    stop = protein.find("*")
    return Translation(
        frame=frame,
        codons=len(codons),
        protein=protein,
        first_stop=stop + 1 if stop >= 0 else None,
        starts_with_met=codons[0] == "ATG",
    )


server = MCPServer("eval-sequences", instructions="Nucleotide sequence utilities. Test-only.")

_SEQ_FIELD = Field(description="Nucleotides, ACGT or ACGU only", pattern=SEQ_PATTERN)


@server.tool(annotations=ToolAnnotations(title="revcomp", readOnlyHint=True, openWorldHint=False))
def revcomp(seq: Annotated[str, _SEQ_FIELD]) -> ReverseComplement:
    """Reverse complement of a nucleotide string (DNA or RNA)."""
    try:
        return reverse_complement(seq)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="gc_content", readOnlyHint=True, openWorldHint=False))
def gc_content(
    seq: Annotated[str, _SEQ_FIELD],
    window: Annotated[int | None, Field(description="Sliding window, bp (optional)", ge=MIN_WINDOW)] = None,
) -> GcContent:
    """GC fraction of a sequence; optional sliding window, step 1."""
    try:
        return gc(seq, window)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(annotations=ToolAnnotations(title="translate_orf", readOnlyHint=True, openWorldHint=False))
def translate_orf(
    seq: Annotated[str, _SEQ_FIELD],
    frame: Annotated[Literal[1, 2, 3], Field(description="Reading frame: 1, 2 or 3 (forward)")] = 1,
) -> Translation:
    """Translate one forward reading frame, standard code, stops as '*'."""
    try:
        return translate(seq, frame)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
