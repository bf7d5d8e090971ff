"""The seed-003 models validate what they promise, and the turn JSON has the documented shape."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from agent_core.schemas import (
    AgentResponse,
    PendingApproval,
    RiskLevel,
    ToolCallRecord,
    ToolCallStatus,
    ToolGapReport,
    TurnResult,
)


def test_agent_response_requires_text_and_bounded_confidence() -> None:
    with pytest.raises(ValidationError):
        AgentResponse(answer="", reasoning="x", confidence=0.5)
    with pytest.raises(ValidationError):
        AgentResponse(answer="x", reasoning="", confidence=0.5)
    with pytest.raises(ValidationError):
        AgentResponse(answer="x", reasoning="y", confidence=1.5)
    assert AgentResponse(answer="Paris", reasoning="web", confidence=1.0).tool_calls == []


def test_tool_call_record_rejects_negative_duration_and_unknown_status() -> None:
    with pytest.raises(ValidationError):
        ToolCallRecord(tool_name="t", parameters={}, duration_ms=-1, status="success")
    with pytest.raises(ValidationError):
        ToolCallRecord(tool_name="t", parameters={}, duration_ms=1, status="done")
    record = ToolCallRecord(tool_name="t", parameters={"a": 1}, duration_ms=0, status="timeout")
    assert record.status is ToolCallStatus.TIMEOUT and record.result is None


def test_gap_report_needs_at_least_one_missing_tool() -> None:
    with pytest.raises(ValidationError):
        ToolGapReport(missing_tools=[], attempted_task="x", existing_tools_checked=[])
    report = ToolGapReport(missing_tools=["financial_data_api"], attempted_task="x", existing_tools_checked=[])
    assert report.existing_tools_checked == []


def test_risk_level_values_are_the_documented_strings() -> None:
    assert [r.value for r in RiskLevel] == ["reversible", "reversible_with_delay", "irreversible"]


def test_turn_json_has_the_stable_interface_keys_and_public_pending_fields() -> None:
    pending = PendingApproval(
        id="p1",
        tool_name="delete_task",
        parameters={"task_id": 1},
        risk_level=RiskLevel.IRREVERSIBLE,
        reason="destructive",
        conversation_id="c1",
        tool_call_id="call-1",
    )
    data = TurnResult(
        kind="approval_required", conversation_id="c1", correlation_id="k", pending=[pending]
    ).to_public_json()
    # "tool_calls" was added (issue 12): every call that ran in the turn, also before a pause or a failure.
    assert set(data) == {
        "kind",
        "conversation_id",
        "correlation_id",
        "response",
        "gap",
        "pending",
        "error",
        "tool_calls",
    }
    assert data["pending"] == [
        {
            "id": "p1",
            "tool_name": "delete_task",
            "parameters": {"task_id": 1},
            "risk_level": "irreversible",
            "reason": "destructive",
        }
    ]
