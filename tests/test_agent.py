"""The ResearcherAgent's definition: duties in the prompt, output types, retries, and the approval gate."""

from __future__ import annotations

import pytest
from pydantic_ai import DeferredToolRequests
from pydantic_ai.tools import RunContext, ToolDefinition
from pydantic_ai.usage import RunUsage

from agent_core.agent import Deps, approval_required, build_agent, system_prompt
from agent_core.offline import build_offline_model
from agent_core.settings import Settings


@pytest.mark.parametrize(
    "duty", ["web search", "reading files", "current time", "memory", "task list", "Never invent", "approval"]
)
def test_system_prompt_lists_capabilities_and_duties(duty: str) -> None:
    assert duty in system_prompt()


def test_agent_outputs_a_response_or_deferred_requests_and_retries_twice() -> None:
    agent = build_agent(build_offline_model(), [])
    assert agent.name == "ResearcherAgent"
    assert DeferredToolRequests in agent.output_type
    assert (agent._max_tool_retries, agent._max_output_retries) == (2, 2)  # FR-004


def _ctx(confidence: float) -> RunContext[Deps]:
    deps = Deps(Settings(_env_file=None), conversation_id="c", correlation_id="k", confidence=confidence)
    return RunContext(deps=deps, model=build_offline_model(), usage=RunUsage())


@pytest.mark.parametrize(
    ("name", "annotations", "args", "confidence", "expected"),
    [
        ("get_current_time", {"readOnlyHint": True}, {"timezone": "UTC"}, 0.0, False),
        ("read_text_file", {"readOnlyHint": True}, {"path": "/etc/shadow"}, 1.0, True),
        ("delete_task", {"destructiveHint": True}, {"task_id": 1}, 1.0, True),
        ("send_email", {}, {"to": "a@b.c"}, 0.84, True),
        ("send_email", {}, {"to": "a@b.c"}, 0.85, False),
        ("mystery", {}, {}, 1.0, True),
    ],
)
def test_approval_gate_applies_the_risk_policy(name, annotations, args, confidence, expected) -> None:
    tool = ToolDefinition(name=name, metadata={"annotations": annotations})
    assert approval_required(_ctx(confidence), tool, args) is expected
