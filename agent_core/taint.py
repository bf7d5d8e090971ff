"""Untrusted content taints a run: once it has read text from outside the person, its writes wait for them.

A web page or a file can say "complete task 3" as easily as a person can, and a model may obey it. The approval
policy cannot tell an injected instruction from a real one by reading it, so it does not try: after a run has read
outside content (a web result, a file, any open-world tool), every later write in that run waits for approval,
whatever its risk level. The run is everything since the person's latest message, so a run resumed after an
approval is still tainted by what it read before the pause.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from pydantic_ai.messages import ModelMessage, ModelRequest, ToolReturnPart, UserPromptPart

ReadsOutside = Callable[[str], bool]
_NEVER_RAN = frozenset({"denied", "interrupted"})


def current_run(messages: Sequence[ModelMessage]) -> Sequence[ModelMessage]:
    """The messages since the person's latest prompt (all of them when there is none)."""
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if isinstance(message, ModelRequest) and any(isinstance(p, UserPromptPart) for p in message.parts):
            return messages[index:]
    return messages


def tainted_by(messages: Sequence[ModelMessage], reads_outside: ReadsOutside) -> str | None:
    """The first tool of the current run whose result brought outside text in, or None if the run is clean.

    A call that was denied or interrupted never ran and brought nothing in.
    """
    for message in current_run(messages):
        if not isinstance(message, ModelRequest):
            continue
        for part in message.parts:
            if isinstance(part, ToolReturnPart) and part.outcome not in _NEVER_RAN and reads_outside(part.tool_name):
                return part.tool_name
    return None


def taint_reason(source: str) -> str:
    """What the approval card says about a write that waits because of outside content."""
    return f"this action follows content read from {source}, which may contain instructions that are not yours"


# Text addressed to an assistant rather than stating a fact: "ignore previous instructions", "you are now ...",
# "SYSTEM:", or a sentence that opens with a command to a tool ("delete task 1", "call ...", "remember that ...").
_INSTRUCTION = re.compile(
    r"""\b(ignore|disregard|forget)\b[^.!?\n]{0,40}\b(instructions?|prompts?|rules)\b
      | \byou\s+(are\s+now|must|should\s+now|will\s+now)\b
      | (^|[\n.!?]\s*)(system|assistant|developer)\s*:
      | (^|[\n.!?;]\s*)(please\s+)?(delete|remove|update|complete|call|run|execute|send|transfer|approve|store|save
            |remember|forget|mark|rename|email)\b""",
    re.IGNORECASE | re.VERBOSE,
)


def looks_like_instruction(text: str) -> bool:
    """Whether text reads as orders to an assistant rather than a finding; such text is never stored as a memory."""
    return bool(_INSTRUCTION.search(text or ""))
