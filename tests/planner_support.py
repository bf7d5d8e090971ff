"""Drive the offline planner the way the product does: a Pydantic AI ``Agent`` over plain tools, no LLM.

Tests observe only what the agent run shows: the tool calls the planner made (name and arguments), the kind of
each model response (``provider_details["offline_kind"]``) and the final ``AgentResponse``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import Field
from pydantic_ai import Agent, DeferredToolRequests, ModelRetry, Tool
from pydantic_ai.messages import ModelMessage, ModelResponse, ToolCallPart

from agent_core.offline import PlannerConfig, build_offline_model
from agent_core.schemas import AgentResponse

NOW = datetime(2026, 1, 7, 12, 0, tzinfo=UTC)  # a Wednesday


def planner_agent(tools: Sequence[Any] = (), config: PlannerConfig | None = None, **kwargs: Any) -> Agent:
    """The offline planner behind an Agent, as the runtime builds it (``toolsets=`` may be passed instead)."""
    return Agent(
        build_offline_model(config or PlannerConfig(clock=lambda: NOW)),
        tools=list(tools),
        output_type=[AgentResponse, DeferredToolRequests],
        **kwargs,
    )


def tool(function: Callable[..., Any], **annotations: Any) -> Tool:
    """A plain function as a tool carrying MCP-style annotations (``readOnlyHint``, ``openWorldHint``)."""
    return Tool(function, takes_ctx=False, metadata={"annotations": annotations})


def calls(messages: Sequence[ModelMessage]) -> list[tuple[str, dict[str, Any]]]:
    """(tool name, arguments) of every tool call the planner made, in order (the output tool left out)."""
    return [
        (part.tool_name, part.args_as_dict())
        for message in messages
        if isinstance(message, ModelResponse)
        for part in message.parts
        if isinstance(part, ToolCallPart) and part.tool_name != "final_result"
    ]


def kinds(messages: Sequence[ModelMessage]) -> list[str | None]:
    """What each planner response was: "calls", "answer", "chat", "clarify" or "decline"."""
    return [
        (message.provider_details or {}).get("offline_kind")
        for message in messages
        if isinstance(message, ModelResponse)
    ]


@dataclass
class Turn:
    """One run's observable outcome."""

    output: AgentResponse
    calls: list[tuple[str, dict[str, Any]]]
    kinds: list[str | None]
    messages: list[ModelMessage]

    @property
    def answer(self) -> str:
        return self.output.answer

    @property
    def confidence(self) -> float:
        return self.output.confidence


async def ask(agent: Agent, text: str, history: Sequence[ModelMessage] | None = None) -> Turn:
    """Run one turn (continuing ``history`` when given); calls and kinds are this turn's only."""
    result = await agent.run(text, message_history=list(history) if history else None)
    new = result.new_messages()
    assert isinstance(result.output, AgentResponse), result.output
    return Turn(result.output, calls(new), kinds(new), result.all_messages())


async def conversation(agent: Agent, *texts: str) -> list[Turn]:
    """Several turns of one conversation, each continuing the last one's history."""
    turns: list[Turn] = []
    for text in texts:
        turns.append(await ask(agent, text, turns[-1].messages if turns else None))
    return turns


# ---- tools shaped like the product's servers (same names, parameters, descriptions and annotations) ----


def get_current_time(
    timezone: Annotated[
        str, Field(description="IANA time zone name, e.g. 'UTC', 'Asia/Tokyo', 'America/New_York'")
    ] = "UTC",
) -> dict[str, Any]:
    """Get the current date and time in an IANA time zone.

    Returns the ISO 8601 timestamp (with offset), the canonical zone name and the Unix epoch seconds.
    """
    return {"timestamp": "2026-01-07T12:00:00+00:00", "timezone": timezone, "unix_epoch": 1767787200}


def convert_time(
    source_timezone: Annotated[str, Field(description="IANA time zone name of the given time, e.g. 'Europe/London'")],
    time: Annotated[str, Field(description="The time to convert, 24-hour HH:MM, e.g. '15:00'")],
    target_timezone: Annotated[str, Field(description="IANA time zone name to convert to, e.g. 'America/New_York'")],
) -> dict[str, Any]:
    """Convert a time of day from one IANA time zone to another."""
    return {
        "source": {"timezone": source_timezone, "datetime": f"2026-01-07T{time}:00+00:00"},
        "target": {"timezone": target_timezone, "datetime": f"2026-01-07T{time}:00-05:00"},
        "time_difference": "-5.0h",
    }


def time_tools() -> list[Tool]:
    return [tool(get_current_time, readOnlyHint=True), tool(convert_time, readOnlyHint=True)]


TaskId = Annotated[int, Field(description="The task number, as shown by list_tasks")]


@dataclass
class TaskStore:
    """The tasks server's five tools over an in-memory list (the real server is tested in test_tasks_agent)."""

    tasks: dict[int, dict[str, Any]] = field(default_factory=dict)
    next_id: int = 1

    @classmethod
    def with_titles(cls, *titles: str) -> TaskStore:
        store = cls()
        for title in titles:
            store.add_task(title)
        return store

    def add_task(
        self,
        title: Annotated[str, Field(description="A short title, 1 to 255 characters")],
        description: Annotated[str, Field(description="Optional details")] = "",
    ) -> dict[str, Any]:
        """Add a task to the user's to-do list. Returns the new task with its number."""
        task = {"id": self.next_id, "title": title, "description": description, "status": "pending"}
        self.tasks[self.next_id] = task
        self.next_id += 1
        return dict(task)

    def list_tasks(
        self,
        status: Annotated[
            Literal["all", "pending", "completed"], Field(description="Which tasks to show: all, pending or completed")
        ] = "all",
    ) -> dict[str, Any]:
        """List the user's tasks, oldest first, with their numbers and status."""
        shown = [dict(t) for t in self.tasks.values() if status == "all" or t["status"] == status]
        return {"tasks": shown, "count": len(shown)}

    def _get(self, task_id: int) -> dict[str, Any]:
        if task_id not in self.tasks:
            raise ModelRetry(f"There is no task {task_id} — say 'show my tasks' to see the numbers.")
        return self.tasks[task_id]

    def update_task(
        self,
        task_id: TaskId,
        title: Annotated[str | None, Field(description="The new title; omit to keep the current one")] = None,
        description: Annotated[
            str | None, Field(description="The new description ('' clears it); omit to keep the current one")
        ] = None,
    ) -> dict[str, Any]:
        """Change the title and/or description of a task. Give at least one of them. Returns the updated task."""
        task = self._get(task_id)
        if title is not None:
            task["title"] = title
        if description is not None:
            task["description"] = description
        return dict(task)

    def complete_task(self, task_id: TaskId) -> dict[str, Any]:
        """Mark a task as completed (completing it again changes nothing). Returns the task."""
        task = self._get(task_id)
        task["status"] = "completed"
        return dict(task)

    def delete_task(self, task_id: TaskId) -> dict[str, Any]:
        """Delete a task permanently. Prefer complete_task for finished work; use this only when asked to delete."""
        task = self.tasks.pop(self._get(task_id)["id"])
        return {"deleted": task["id"], "title": task["title"]}

    def tools(self) -> list[Tool]:
        return [
            tool(self.add_task, readOnlyHint=False),
            tool(self.list_tasks, readOnlyHint=True),
            tool(self.update_task, readOnlyHint=False),
            tool(self.complete_task, readOnlyHint=False),
            tool(self.delete_task, readOnlyHint=False, destructiveHint=True),
        ]
