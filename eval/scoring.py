"""Scoring of one eval item against its ``expect`` (the rules of eval/README.md). Pure functions, no planner.

- ``matches_value`` compares one expected argument with the actual one: strings case-insensitive with whitespace
  collapsed and surrounding quotes / trailing ``.!?`` removed, paths by suffix (relative to /srv/research),
  numbers numerically, ``{"$any": [...]}`` for alternatives.
- ``match_calls`` finds the expected calls as an ordered subsequence of the actual ones.
- ``score`` applies every rule (calls, no unexpected write call, kind, gap set, mentions, forbid) and returns
  ``(correct, reason)``.

Used by ``python -m eval.run``; tested by ``tests/test_eval_harness.py``.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

ROOT = "/srv/research"
QUOTES = "'\"`‘’“”«»"
# search_memory is a look-up (README: "read-only calls ... such as search_memory"), though its server sets no hint.
READ_ONLY_OVERRIDES = frozenset({"search_memory"})
_PATH_KEY = re.compile(r"path|file|dir|folder|^source$|^destination$", re.IGNORECASE)


@dataclass
class Call:
    """One tool call the turn made."""

    tool: str
    args: dict[str, Any]
    ok: bool = True
    error: str | None = None


@dataclass
class Outcome:
    """What one item's own turn did."""

    calls: list[Call] = field(default_factory=list)
    kind: str = "answer"  # the planner's offline_kind of its last response, or "gap"
    reply: str = ""
    missing: list[str] | None = None  # the gap report's capabilities, None when no gap was reported


def norm_text(value: str) -> str:
    """Lower case, whitespace collapsed, surrounding quotes and trailing .!? removed (repeatedly)."""
    text = " ".join(str(value).split()).lower()
    previous = None
    while text != previous:
        previous = text
        text = text.rstrip(".!?").strip()
        if len(text) >= 2 and text[0] in QUOTES and text[-1] in QUOTES:
            text = text[1:-1].strip()
    return text


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None


def _resolve(path: str) -> str:
    text = norm_text(path).rstrip("/") or "."
    return posixpath.normpath(text if text.startswith("/") else posixpath.join(ROOT, text))


def matches_path(expected: Any, actual: Any) -> bool:
    """The actual path names the expected one: equal once resolved against the root, or ending with it."""
    if not isinstance(expected, str) or not isinstance(actual, str):
        return False
    want, got = _resolve(expected), _resolve(actual)
    suffix = norm_text(expected).strip("/")
    return want == got or (bool(suffix) and suffix not in (".", "") and got.endswith("/" + suffix.removeprefix("./")))


def matches_value(expected: Any, actual: Any, key: str = "") -> bool:
    """One argument, by the README's comparison rules."""
    if isinstance(expected, Mapping) and set(expected) == {"$any"}:
        return any(matches_value(option, actual, key) for option in expected["$any"])
    if expected is None:
        return actual is None
    if isinstance(expected, bool):
        return actual is expected or (isinstance(actual, str) and actual.strip().lower() == str(expected).lower())
    if isinstance(expected, int | float):
        number = _number(actual)
        return number is not None and abs(number - float(expected)) < 1e-9
    if isinstance(expected, str):
        if isinstance(actual, bool) or actual is None:
            return False
        if isinstance(actual, int | float):
            number = _number(expected)
            return number is not None and abs(number - float(actual)) < 1e-9
        if not isinstance(actual, str):
            return False
        if _PATH_KEY.search(key) and matches_path(expected, actual):
            return True
        return norm_text(expected) == norm_text(actual)
    if isinstance(expected, list):  # the same elements, in any order (e.g. fields=["title", "authors"])
        if not isinstance(actual, list) or len(actual) != len(expected):
            return False
        unused = list(actual)
        for want in expected:
            hit = next((i for i, got in enumerate(unused) if matches_value(want, got, key)), None)
            if hit is None:
                return False
            unused.pop(hit)
        return True
    if isinstance(expected, Mapping):
        return isinstance(actual, Mapping) and matches_args(expected, actual)
    return bool(expected == actual)


def matches_args(
    expected: Mapping[str, Any], actual: Mapping[str, Any], defaults: Mapping[str, Any] | None = None
) -> bool:
    """Every named expected argument matches; an argument not given counts as its schema default."""
    defaults = defaults or {}
    for key, want in expected.items():
        if key in actual:
            got = actual[key]
        elif key in defaults:
            got = defaults[key]
        else:
            if want is None:
                continue
            return False
        if not matches_value(want, got, key):
            return False
    return True


def tool_names(expected_call: Mapping[str, Any]) -> list[str]:
    tool = expected_call.get("tool")
    return [str(t) for t in tool] if isinstance(tool, list) else [str(tool)]


def call_matches(
    expected_call: Mapping[str, Any], call: Call, defaults: Callable[[str], Mapping[str, Any]] | None = None
) -> bool:
    """The call uses one of the expected tool names and all the expected arguments."""
    if call.tool.lower() not in {n.lower() for n in tool_names(expected_call)}:
        return False
    args = expected_call.get("args") or {}
    return matches_args(args, call.args, defaults(call.tool) if defaults else None)


def match_calls(
    expected: list[Mapping[str, Any]], actual: list[Call], defaults: Callable[[str], Mapping[str, Any]] | None = None
) -> list[int] | None:
    """Indexes of the actual calls matching the expected ones in order (an ordered subsequence), or None.

    A call that ran and failed answers nothing, so it matches only an expected call marked ``"may_fail": true``
    (a request the tool must refuse, such as a CAS number that fails its check digit). Greedy earliest matching
    is enough: if any subsequence matches, the earliest-first one does too.
    """
    found: list[int] = []
    start = 0
    for want in expected:
        index = next(
            (
                i
                for i in range(start, len(actual))
                if call_matches(want, actual[i], defaults) and (actual[i].ok or want.get("may_fail"))
            ),
            None,
        )
        if index is None:
            return None
        found.append(index)
        start = index + 1
    return found


def is_write(tool: str, read_only: Callable[[str], bool]) -> bool:
    """A write call: its tool's readOnlyHint is not true (search_memory is a look-up)."""
    return tool not in READ_ONLY_OVERRIDES and not read_only(tool)


def describe_calls(calls: list[Call]) -> str:
    if not calls:
        return "no calls"
    return "; ".join(
        f"{c.tool}({', '.join(f'{k}={v!r}' for k, v in c.args.items())}){'' if c.ok else ' [error]'}" for c in calls
    )


def score(
    item: Mapping[str, Any],
    outcome: Outcome,
    read_only: Callable[[str], bool],
    defaults: Callable[[str], Mapping[str, Any]] | None = None,
) -> tuple[bool, str]:
    """Whether the item's turn did what ``expect`` asks; the reason names the first rule that failed."""
    expect: Mapping[str, Any] = item.get("expect") or {}
    calls_expected = list(expect.get("calls") or [])
    kind = expect.get("kind") or ("calls" if calls_expected else None)
    names = [c.tool for c in outcome.calls]
    gap = outcome.missing is not None

    if kind == "gap":
        if not gap:
            return False, f"expected a gap report {sorted(expect.get('missing') or [])}, got none (kind {outcome.kind})"
        want = {str(m).lower() for m in expect.get("missing") or []}
        got = {str(m).lower() for m in outcome.missing or []}
        if want != got:
            return False, f"gap reported {sorted(got)}, expected {sorted(want)}"
    elif kind == "no_gap":
        if gap:
            return False, f"gap reported {outcome.missing}, expected none"
    elif gap and kind is not None:
        return False, f"gap reported {outcome.missing}, expected kind {kind}"

    if calls_expected:
        matched = match_calls(calls_expected, outcome.calls, defaults)
        if matched is None:
            failed = [c for c in outcome.calls if not c.ok]
            if failed and match_calls([{**c, "may_fail": True} for c in calls_expected], outcome.calls, defaults):
                return False, f"an expected call failed: {describe_calls(failed[:1])} ({failed[0].error or 'error'})"
            return False, "expected calls not made in order"
    else:
        matched = []

    check_writes = kind not in (None, "no_gap") or bool(calls_expected)
    if check_writes:
        extra = [c.tool for i, c in enumerate(outcome.calls) if i not in matched and is_write(c.tool, read_only)]
        if extra:
            return False, f"unexpected write call(s): {', '.join(extra)}"

    if kind in ("chat", "decline"):
        if names:
            return False, f"expected no tool call ({kind}), got {', '.join(names)}"
        if outcome.kind != kind:
            return False, f"planner kind {outcome.kind!r}, expected {kind!r}"
    elif kind == "clarify" and outcome.kind != "clarify":
        return False, f"planner kind {outcome.kind!r}, expected 'clarify'"

    reply = " ".join(outcome.reply.split()).lower()
    for mention in expect.get("mentions") or []:
        if " ".join(str(mention).split()).lower() not in reply:
            return False, f"reply does not mention {mention!r}"

    forbidden = {str(f) for f in expect.get("forbid") or []} & set(names)
    if forbidden:
        return False, f"forbidden tool(s) called: {', '.join(sorted(forbidden))}"
    return True, ""
