"""Data models shared by the agent, the runtime, the CLI and the UI (seed 003, Pydantic v2 idiom)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class RiskLevel(StrEnum):
    """How undoable a tool action is (FR-015)."""

    REVERSIBLE = "reversible"
    REVERSIBLE_WITH_DELAY = "reversible_with_delay"
    IRREVERSIBLE = "irreversible"


class ToolCallStatus(StrEnum):
    """Outcome of one executed tool call."""

    SUCCESS = "success"
    FAILED = "failed"
    TIMEOUT = "timeout"


class ToolCallRecord(BaseModel):
    """One tool call that actually ran, as measured by the runtime (never as claimed by the model)."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "tool_name": "get_current_time",
                "parameters": {"timezone": "Asia/Tokyo"},
                "result": {"timestamp": "2026-11-22T12:00:00+09:00", "timezone": "Asia/Tokyo", "unix_epoch": 0},
                "duration_ms": 3,
                "status": "success",
            }
        }
    )

    tool_name: str = Field(..., min_length=1, description="Name of the MCP tool that was invoked")
    parameters: dict[str, Any] = Field(..., description="Input parameters passed to the tool")
    result: Any | None = Field(None, description="Tool output; None if execution failed or timed out")
    duration_ms: int = Field(..., ge=0, description="Execution time in milliseconds")
    status: ToolCallStatus = Field(..., description="Execution status: success, failed or timeout")
    error: str | None = Field(None, description="What went wrong, when status is not success")


class AgentResponse(BaseModel):
    """Structured answer of the ResearcherAgent (FR-003)."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "answer": "Paris",
                "reasoning": "Used web_search for 'capital of France'; the top result confirmed Paris.",
                "tool_calls": [],
                "confidence": 0.95,
            }
        }
    )

    answer: str = Field(..., min_length=1, description="The final answer to the user's query")
    reasoning: str = Field(
        ..., min_length=1, description="How the answer was derived, including which tools were used and why"
    )
    tool_calls: list[ToolCallRecord] = Field(
        default_factory=list,
        description="Filled in by the runtime from the calls that actually ran; anything the model puts here is replaced",
    )
    confidence: float = Field(..., ge=0.0, le=1.0, description="Confidence score between 0.0 and 1.0")


class ToolGapReport(BaseModel):
    """A request needs capabilities no connected tool provides (FR-013)."""

    model_config = ConfigDict(
        json_schema_extra={
            "example": {
                "missing_tools": ["financial_data_api"],
                "attempted_task": "Retrieve my stock portfolio performance for Q3 2024",
                "existing_tools_checked": ["web_search", "read_file", "get_current_time", "search_memory"],
            }
        }
    )

    missing_tools: list[str] = Field(..., min_length=1, description="Required capabilities that are unavailable")
    attempted_task: str = Field(..., min_length=1, description="The request that needed them")
    existing_tools_checked: list[str] = Field(..., description="The available tools that were checked")
    unavailable_servers: list[str] = Field(
        default_factory=list,
        description="Configured servers that are down right now and may provide what is missing: not a gap, a wait",
    )


class PendingApproval(BaseModel):
    """A tool call that waits for a person's decision before it runs."""

    id: str
    tool_name: str
    parameters: dict[str, Any]
    risk_level: RiskLevel
    reason: str
    conversation_id: str | None = None
    tool_call_id: str | None = None
    status: Literal["pending", "approved", "rejected"] = "pending"
    created_at: datetime | None = None
    decided_at: datetime | None = None
    decided_by: str | None = None
    resumed_by: str | None = Field(None, exclude=True)  # host:pid of the process that ran it (internal)
    # Approved, but its run never reported back (its process died): whether the call ran is unknown.
    outcome_unknown: bool = False
    # What the call acts on, named by a read-only listing tool of its server ("task 3 'Book the microscope'");
    # None when it could not be named (the arguments then say it).
    target: str | None = None
    # The arguments that ran when a person edited them (None: ran as proposed, or did not run), and their target.
    ran_parameters: dict[str, Any] | None = None
    ran_target: str | None = None
    decision_reason: str | None = None  # why the person rejected it, in their words
    requested_by: str | None = None  # who asked (email), in the approvers' queue of everyone's actions


TurnKind = Literal["answer", "tool_gap", "approval_required", "error"]


class TurnResult(BaseModel):
    """What one turn produced: the stable JSON interface of ``paias ask --json``."""

    kind: TurnKind
    conversation_id: str | None = None
    correlation_id: str
    response: AgentResponse | None = None
    gap: ToolGapReport | None = None
    pending: list[PendingApproval] = Field(default_factory=list)
    error: str | None = None
    # Every call that executed in this turn, whatever its kind: also the calls before a pause for approval and
    # the calls of a run that then failed. For an answer it is the same list as ``response.tool_calls``.
    tool_calls: list[ToolCallRecord] = Field(default_factory=list)
    # The decisions this turn carries out (a resumed run: each in its final state), so a turn shown again reads as
    # the continuation of its approval card rather than as something the person typed. Not in the public JSON.
    decided: list[PendingApproval] = Field(default_factory=list)
    # The person pressed Stop before the turn finished (then ``kind`` is "error"). Not in the public JSON.
    stopped: bool = False

    def to_public_json(self) -> dict[str, Any]:
        """The documented JSON shape (pending items carry only their public fields)."""
        data = self.model_dump(mode="json", exclude={"decided", "stopped"})
        data["pending"] = [
            {k: p[k] for k in ("id", "tool_name", "parameters", "risk_level", "reason")} for p in data["pending"]
        ]
        return data
