"""The simulated world every eval item runs in (eval/README.md): clock, tasks, files, memory, web search, time.

``World().call(tool, args)`` returns what the real server would hand the model (task models as dicts, the
filesystem server's ``{"content": text}``, the official time server's ``convert_time`` shape) or raises
``WorldError`` with the server's message. ``reset()`` restores the starting state; the harness calls it before
every item. Used by ``python -m eval.run``; tested by ``tests/test_eval_harness.py``.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from eval.filesystem import FS_TOOLS, ROOT, Filesystem, WorldError

CLOCK = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)  # a Sunday
NOTES_FILE = "/home/researcher/.paias/notes/daily/2026-11-22.md"

INITIAL_TASKS: tuple[tuple[int, str, str], ...] = (
    (1, "Buy milk", "pending"),
    (2, "Order pipettes", "pending"),
    (3, "Book the microscope", "pending"),
    (4, "Clean the garage", "pending"),
    (5, "Order reagents", "pending"),
    (6, "Write the quarterly report", "completed"),
    (7, "Submit the ethics form", "pending"),
)

WEB_RESULTS = (
    ("{q} - Wikipedia", "https://en.wikipedia.org/wiki/Example", "An overview of {q}, with history and key facts."),
    ("{q}: a short guide", "https://example.org/guide", "Everything you need to know about {q}, explained simply."),
)


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def _task(task_id: int, title: str, status: str, created: datetime) -> dict[str, Any]:
    completed = _iso(created + timedelta(days=1)) if status == "completed" else None
    return {
        "id": task_id,
        "title": title,
        "description": "",
        "status": status,
        "created_at": _iso(created),
        "completed_at": completed,
    }


def _int(value: Any, name: str) -> int:
    if isinstance(value, bool):
        raise WorldError(f"Input validation error: {value!r} is not of type 'integer' ({name})")
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise WorldError(f"Input validation error: {value!r} is not of type 'integer' ({name})") from None
    if number != int(number):
        raise WorldError(f"Input validation error: {value!r} is not of type 'integer' ({name})")
    return int(number)


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise WorldError(f"Error processing mcp-server-time query: Invalid timezone: {exc}") from None


def _time_result(zone_name: str, moment: datetime) -> dict[str, Any]:
    return {
        "timezone": zone_name,
        "datetime": moment.isoformat(timespec="seconds"),
        "day_of_week": moment.strftime("%A"),
        "is_dst": bool(moment.dst()),
    }


class World:
    """One person's simulated world; every tool of tools.json (plus convert_time) is a method here."""

    def __init__(self, clock: datetime = CLOCK) -> None:
        self.clock = clock
        self.files = Filesystem(clock)
        self.reset()

    def reset(self) -> None:
        """The starting state of eval/README.md: tasks 1-7, the files, empty memory, no facts or notes."""
        start = self.clock - timedelta(days=10)
        self.tasks: dict[int, dict[str, Any]] = {
            i: _task(i, title, status, start + timedelta(hours=i)) for i, title, status in INITIAL_TASKS
        }
        self.next_id = 8
        self.memories: dict[str, str] = {}
        self.facts: list[dict[str, Any]] = []
        self.notes: list[str] = []

    def handlers(self) -> dict[str, Callable[..., Any]]:
        return {
            "add_task": self.add_task,
            "list_tasks": self.list_tasks,
            "update_task": self.update_task,
            "complete_task": self.complete_task,
            "delete_task": self.delete_task,
            "get_current_time": self.get_current_time,
            "convert_time": self.convert_time,
            "web_search": self.web_search,
            "search_memory": self.search_memory,
            "store_memory": self.store_memory,
            "save_fact": self.save_fact,
            "log_note": self.log_note,
            **{name: getattr(self.files, name) for name in FS_TOOLS},
        }

    def call(self, tool: str, args: dict[str, Any]) -> Any:
        """Run one tool call; unknown tools and unexpected arguments fail like a server would."""
        handler = self.handlers().get(tool)
        if handler is None:
            raise WorldError(f"Unknown tool: {tool}")
        try:
            return handler(**args)
        except TypeError as exc:
            raise WorldError(f"Input validation error for {tool}: {exc}") from None

    # --- tasks (agent_core/servers/tasks.py) ---
    def _get(self, task_id: Any) -> dict[str, Any]:
        number = _int(task_id, "task_id")
        if number not in self.tasks:
            raise WorldError(f"There is no task {number} — say 'show my tasks' to see their numbers.")
        return self.tasks[number]

    @staticmethod
    def _title(title: Any) -> str:
        cleaned = str(title or "").replace("\x00", "").strip()
        if not 1 <= len(cleaned) <= 255:
            raise WorldError(f"A task title needs 1 to 255 characters; yours has {len(cleaned)}.")
        return cleaned

    def add_task(self, title: str, description: str = "") -> dict[str, Any]:
        task = _task(self.next_id, self._title(title), "pending", self.clock)
        task["description"] = str(description or "").strip()
        self.tasks[self.next_id] = task
        self.next_id += 1
        return dict(task)

    def list_tasks(self, status: str = "all") -> dict[str, Any]:
        if status not in ("all", "pending", "completed"):
            raise WorldError(f"There is no task status '{status}'. Use all, pending or completed.")
        tasks = [dict(t) for t in self.tasks.values() if status == "all" or t["status"] == status]
        return {"tasks": tasks, "count": len(tasks)}

    def update_task(self, task_id: int, title: str | None = None, description: str | None = None) -> dict[str, Any]:
        if title is None and description is None:
            raise WorldError(f"Nothing to change for task {task_id}: give a new title, a new description, or both.")
        task = self._get(task_id)
        if title is not None:
            task["title"] = self._title(title)
        if description is not None:
            task["description"] = str(description).strip()
        return dict(task)

    def complete_task(self, task_id: int) -> dict[str, Any]:
        task = self._get(task_id)
        if task["status"] != "completed":
            task["status"], task["completed_at"] = "completed", _iso(self.clock)
        return dict(task)

    def delete_task(self, task_id: int) -> dict[str, Any]:
        task = self._get(task_id)
        del self.tasks[task["id"]]
        return {"deleted": task["id"], "title": task["title"]}

    # --- time (agent_core/servers/time.py and the official MCP time server) ---
    def get_current_time(self, timezone: str = "UTC") -> dict[str, Any]:
        name = (timezone or "UTC").strip()
        try:
            zone = ZoneInfo("UTC" if name.upper() in {"UTC", "Z"} else name)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            raise WorldError(
                f"Invalid timezone '{timezone}'. Use an IANA name such as Europe/Paris, Asia/Tokyo or UTC."
            ) from None
        now = self.clock.astimezone(zone)
        return {"timestamp": now.isoformat(), "timezone": str(zone.key), "unix_epoch": int(now.timestamp())}

    def convert_time(self, source_timezone: str, time: str, target_timezone: str) -> dict[str, Any]:
        source_zone, target_zone = _zone(source_timezone), _zone(target_timezone)
        try:
            parsed = datetime.strptime(str(time), "%H:%M").time()
        except ValueError:
            raise WorldError(
                "Error processing mcp-server-time query: Invalid time format. Expected HH:MM [24-hour format]"
            ) from None
        today = self.clock.astimezone(source_zone)
        source = datetime(today.year, today.month, today.day, parsed.hour, parsed.minute, tzinfo=source_zone)
        target = source.astimezone(target_zone)
        hours = ((target.utcoffset() or timedelta()) - (source.utcoffset() or timedelta())).total_seconds() / 3600
        difference = f"{hours:+.1f}h" if hours.is_integer() else f"{hours:+.2f}".rstrip("0").rstrip(".") + "h"
        return {
            "source": _time_result(source_timezone, source),
            "target": _time_result(target_timezone, target),
            "time_difference": difference,
        }

    # --- web search, memory, legacy ---
    def web_search(self, query: str, max_results: int = 10) -> dict[str, Any]:
        q = " ".join(str(query).split())
        results = [{"title": t.format(q=q), "url": u, "snippet": s.format(q=q)} for t, u, s in WEB_RESULTS]
        return {"results": results[: max(1, _int(max_results, "max_results"))]}

    def search_memory(self, query: str, top_k: int = 5) -> list[dict[str, Any]]:
        return []

    def store_memory(self, content: str, metadata: dict[str, Any] | None = None) -> str:
        memory_id = str(uuid.uuid5(uuid.NAMESPACE_URL, str(content).strip()))
        self.memories[memory_id] = str(content).strip()
        return memory_id

    def save_fact(self, fact: str) -> dict[str, Any]:
        entry = {"id": len(self.facts) + 1, "fact": " ".join(str(fact).split()), "created_at": _iso(self.clock)}
        self.facts.append(entry)
        return entry

    def log_note(self, text: str) -> dict[str, Any]:
        line = f"- {self.clock:%H:%M} {' '.join(str(text).split())}"
        self.notes.append(line)
        return {"path": NOTES_FILE, "appended": line}


__all__ = ["CLOCK", "ROOT", "World", "WorldError"]
