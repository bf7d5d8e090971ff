"""Turn tool results into readable text: a sentence or a list for any JSON result, templates for a few shapes.

Templates are chosen by the *shape* of a result (a timestamp and a zone; a list of numbered items with titles;
search hits with url and snippet; a file listing), never by a tool's name, so a new server's results read well
too. Nothing here invents content: every line comes from a result.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from agent_core.offline.dialogue import as_data, listing_of

MAX_QUOTED_CHARS = 4000
_TITLE_KEYS = ("title", "name", "label", "summary", "fact", "text", "content")


def humanize(key: str) -> str:
    """ "unix_epoch" -> "unix epoch", "dominantPollutant" -> "dominant pollutant"."""
    return re.sub(r"(?<=[a-z])([A-Z])", r" \1", key).replace("_", " ").strip().lower()


def _label(key: str) -> str:
    """A key as a person reads it: a field a person named ("Sample ID") as named, a code's key humanized."""
    return key if key[:1].isupper() else humanize(key)


def _offset(moment: datetime) -> str:
    offset = moment.utcoffset()
    if offset is None:
        return "UTC"
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def _moment(data: dict[str, Any]) -> datetime | None:
    for key in ("timestamp", "datetime", "time", "date_time"):
        if isinstance(data.get(key), str):
            try:
                return datetime.fromisoformat(data[key])
            except ValueError:
                return None
    return None


def time_sentence(data: dict[str, Any], label: str | None = None, focus: str = "time") -> str | None:
    """ "In Tokyo (Asia/Tokyo) it is 21:04 on Sunday, 22 November 2026 (UTC+09:00)." from a time result."""
    moment = _moment(data)
    if moment is None:
        return None
    zone = readable_zone(str(data.get("timezone") or label or "UTC"))
    where = zone if not label or label == zone else f"{label} ({zone})"
    day = f"{moment:%A}, {moment.day} {moment:%B %Y}"
    if focus == "epoch" and "unix_epoch" in data:
        return f"The Unix timestamp is {data['unix_epoch']} ({moment:%Y-%m-%d %H:%M:%S} {_offset(moment)})."
    if focus == "date":
        return f"In {where} it is {day}."
    return f"In {where} it is {moment:%H:%M} on {day} ({_offset(moment)})."


def conversion_sentence(data: dict[str, Any]) -> str | None:
    """ "15:00 in Europe/London is 10:00 in America/New_York (-5.0h)." from a time-conversion result."""
    source, target = data.get("source"), data.get("target")
    if not (isinstance(source, dict) and isinstance(target, dict)):
        return None
    start, end = _moment(source), _moment(target)
    if start is None or end is None:
        return None
    same_day = start.date() == end.date()
    when = f"{end:%H:%M}" + ("" if same_day else f" on {end:%A}, {end.day} {end:%B}")
    difference = f" ({data['time_difference']})" if data.get("time_difference") else ""
    source_zone, target_zone = readable_zone(str(source.get("timezone"))), readable_zone(str(target.get("timezone")))
    return f"{start:%H:%M} in {source_zone} is {when} in {target_zone}{difference}."


def readable_zone(zone: str) -> str:
    """IANA's "Etc/GMT-2" (the sign inverted, as POSIX has it) as a person writes it: "UTC+02:00"."""
    fixed = re.fullmatch(r"Etc/GMT([+-])(\d{1,2})", zone)
    if fixed is None:
        return zone
    return f"UTC{'-' if fixed.group(1) == '+' else '+'}{int(fixed.group(2)):02d}:00"


def _item_line(item: dict[str, Any]) -> str:
    title = next((str(item[k]) for k in _TITLE_KEYS if item.get(k)), None)
    status = item.get("status")
    mark = ""
    if status in {"completed", "done"}:
        mark = "✓ "
    ident = item.get("id")
    head = f"{ident}. " if ident is not None else ""
    extra = ", ".join(
        f"{humanize(k)}: {v}"
        for k, v in item.items()
        if k not in {"id", "status", *_TITLE_KEYS}
        and not isinstance(v, dict | list)
        and v not in (None, "")
        and not str(k).endswith("_at")
    )
    body = title if title is not None else extra
    return f"- {mark}{head}{body}" + (f" ({extra})" if title is not None and extra else "")


def _cell(value: Any) -> str:
    """A value as one Markdown table cell: one line, pipes escaped."""
    return " ".join(str(value).split()).replace("|", "\\|")


_FIELDS_KEYS = frozenset({"fields", "properties", "attributes", "values"})


def _flattened(item: Any) -> Any:
    """A record that keeps its values under "fields" (``{"id": "rec…", "createdTime": …, "fields": {"Sample ID": …}}``)
    as its ID and those values, lists joined: what a person reads of it."""
    if not isinstance(item, dict) or any(item.get(k) for k in _TITLE_KEYS):
        return item
    nested = [k for k, v in item.items() if k in _FIELDS_KEYS and isinstance(v, dict) and v]
    if len(nested) != 1 or any(isinstance(v, dict) for v in item[nested[0]].values()):
        return item
    values = {k: ", ".join(map(str, v)) if isinstance(v, list) else v for k, v in item[nested[0]].items()}
    return {**({"id": item["id"]} if "id" in item else {}), **values}


def _table(items: list[dict[str, Any]], title: str | None = None) -> str | None:
    """Records that all have a title-like field as a Markdown table ("#", the title, status and up to two short
    fields, three for a record's own fields); None when they do not share one."""
    wide = title is not None
    title = title or next((k for k in _TITLE_KEYS if all(i.get(k) for i in items)), None)
    if title is None:
        return None
    numbered = all(i.get("id") is not None for i in items)
    shared = [
        k
        for k in items[0]
        if k not in {"id", "status", title, *_TITLE_KEYS}
        and not str(k).endswith("_at")
        and any(i.get(k) not in (None, "") for i in items)
        and all(not isinstance(i.get(k), dict | list) for i in items)
    ][: 3 if wide else 2]
    status = any(i.get("status") for i in items)
    head = (["#"] if numbered else []) + [_label(k)[:1].upper() + _label(k)[1:] for k in (title, *shared)]
    head += ["Status"] if status else []
    rows = []
    for item in items:
        cells = ([_cell(item["id"])] if numbered else []) + [_cell(item.get(title, ""))]
        cells += [_cell(item.get(k) if item.get(k) is not None else "") for k in shared]
        if status:
            done = item.get("status") in {"completed", "done"}
            cells.append("✓ done" if done else _cell(item.get("status") or ""))
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(["| " + " | ".join(head) + " |", "|" + "---|" * len(head), *rows])


def render_items(items: list[Any], limit: int = 20) -> str:
    """Items as Markdown: records that share a title-like field as a table, anything else as a list."""
    shown = [_flattened(i) for i in items[:limit]]
    more = f"… and {len(items) - limit} more" if len(items) > limit else ""
    first = next((k for k in shown[0] if k != "id"), None) if shown and shown != items[:limit] else None
    if len(shown) >= 2 and all(isinstance(i, dict) for i in shown) and (table := _table(shown, first)):
        return table + (f"\n\n{more}" if more else "")
    lines = [_item_line(i) if isinstance(i, dict) else f"- {i}" for i in shown]
    if more:
        lines.append(f"- {more}")
    return "\n".join(lines)


_BARE_KEYS = frozenset({"content", "text", "result", "output", "data", "value"})
_ENTRY = re.compile(r"^\[(FILE|DIR)\]\s+(.+)$")


def only_text(data: Any) -> str | None:
    """The text of a result that is nothing but text (``{"content": "..."}``, whose key says nothing), else None."""
    if isinstance(data, dict) and len(data) == 1:
        key, value = next(iter(data.items()))
        if key in _BARE_KEYS and isinstance(value, str):
            return value
    return None


def directory_lines(text: str) -> str | None:
    """A directory listing written as "[FILE] name" / "[DIR] name" lines, as a Markdown list (folders end in "/");
    None for any other text."""
    entries = [_ENTRY.match(line.strip()) for line in text.strip().splitlines()]
    if not entries or not all(entries):
        return None
    return "\n".join(f"- {m[2]}{'/' if m[1] == 'DIR' else ''}" for m in entries if m)


def fenced(text: str) -> str:
    """Text shown as written (a file's contents): a code block, cut at MAX_QUOTED_CHARS."""
    cut = len(text) > MAX_QUOTED_CHARS
    fence = "````" if "```" in text else "```"
    return f"{fence}\n{text[:MAX_QUOTED_CHARS].rstrip()}\n{fence}" + ("\n\n(truncated)" if cut else "")


def render(content: Any) -> str:
    """Any tool result as a short answer: text as it came (fenced when long), a dict as "key: value" lines, a list
    as a Markdown list."""
    data = as_data(content)
    data = text if (text := only_text(data)) is not None else data
    if isinstance(data, str):
        text = data.strip()
        if fields := key_values(text):  # "size: 164\nmodified: …": a record, not a text to quote
            return render(fields)
        return fenced(text) if "\n" in text or len(text) > 200 else text
    if isinstance(data, dict):
        sentence = time_sentence(data) or conversion_sentence(data)
        if sentence:
            return sentence
        data = _flattened(data)  # one record: its own fields
        items = listing_of(data) or next((v for v in data.values() if isinstance(v, list) and v), None)
        if items is not None:
            head = [f"{humanize(k)}: {v}" for k, v in data.items() if not isinstance(v, list | dict) and k != "count"]
            return ("\n".join(head) + "\n\n" if head else "") + render_items(items)
        lines = []
        for key, value in data.items():
            if isinstance(value, dict):
                value = ", ".join(f"{humanize(k)} {v}" for k, v in value.items() if not isinstance(v, dict | list))
            elif isinstance(value, list):
                value = ", ".join(str(v) for v in value[:10])
            if value not in (None, ""):
                lines.append(f"- **{_label(key)}**: {value}")
        return "\n".join(lines) or "(an empty result)"
    if isinstance(data, list):
        return render_items(data) if data else "Nothing was found."
    return str(data)


_KEY_VALUE = re.compile(r"^([A-Za-z][\w ]{0,30}):\s+(\S.*)$")


def key_values(text: str) -> dict[str, str] | None:
    """A text of two or more "key: value" lines and nothing else, as a dict; else None."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    pairs = [_KEY_VALUE.match(line) for line in lines]
    if len(lines) < 2 or not all(pairs):
        return None
    return {m.group(1): _plain_date(m.group(2)) for m in pairs if m is not None}


def _plain_date(value: str) -> str:
    """JavaScript's "Fri Nov 20 2026 12:00:00 GMT+0000 (Coordinated Universal Time)" as "20 Nov 2026, 12:00 UTC"."""
    try:
        moment = datetime.strptime(value.split(" (")[0], "%a %b %d %Y %H:%M:%S GMT%z")
    except ValueError:
        return value
    offset = moment.strftime("%z")
    return moment.strftime("%d %b %Y, %H:%M ") + ("UTC" if offset == "+0000" else f"UTC{offset[:3]}:{offset[3:]}")


def task_sentence(verb: str, data: Any) -> str | None:
    """What happened to one numbered item, from the result ("Added task 8: Buy milk.")."""
    data = as_data(data)
    if not isinstance(data, dict):
        return None
    ident = data.get("id", data.get("deleted"))
    title = data.get("title") or data.get("name")
    if ident is None or title is None:
        return None
    return f"{verb} {ident}: {title}."


def web_answer(content: Any) -> tuple[str, list[dict[str, Any]]] | None:
    """Search hits as an answer with numbered sources, and the hits; None when the result holds none."""
    data = as_data(content)
    hits = data.get("results", []) if isinstance(data, dict) else data
    if not isinstance(hits, list) or not hits or not isinstance(hits[0], dict):
        return None
    top = hits[0]
    lines = [f"{top.get('snippet') or top.get('title', '')} [1]"]
    lines += [f"- {h.get('title', '')} [{n}]" for n, h in enumerate(hits[1:3], start=2)]
    sources = "\n".join(f"{n}. {source_link(h)}" for n, h in enumerate(hits[:3], start=1))
    return "\n".join(lines) + f"\n\n**Sources** (web results, unverified):\n\n{sources}", hits


def source_link(hit: dict[str, Any]) -> str:
    """One numbered source as Markdown: "[Title](url) · domain"; a URL that is not http(s) stays plain text."""
    title = re.sub(r"([\[\]()*_`\\])", r"\\\1", " ".join(str(hit.get("title") or "untitled").split()))
    url = str(hit.get("url") or "")
    domain = re.sub(r"^www\.", "", urlsplit(url).hostname or "") if url else ""
    if not re.match(r"https?://\S+$", url):
        return title + (f" · {_cell(url)}" if url else "")
    return f"[{title}]({url.replace(')', '%29').replace(' ', '%20')})" + (f" · {domain}" if domain else "")
