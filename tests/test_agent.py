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


def _ctx(prompt: str, grants: frozenset[str] = frozenset()) -> RunContext[Deps]:
    deps = Deps(Settings(_env_file=None), conversation_id="c", correlation_id="k", prompt=prompt, grants=grants)
    return RunContext(deps=deps, model=build_offline_model(), usage=RunUsage())


FOUR_OF_FIVE = {"a": "alpha", "b": "beta", "c": "gamma", "d": "delta", "e": "invented"}  # 0.80 grounded
SIX_OF_SEVEN = {**FOUR_OF_FIVE, "f": "zeta", "g": "eta"}  # 0.857 grounded
SAID = "alpha beta gamma delta zeta eta"


@pytest.mark.parametrize(
    ("name", "annotations", "args", "prompt", "expected"),
    [
        ("get_current_time", {"readOnlyHint": True}, {"timezone": "UTC"}, "", False),
        ("read_text_file", {"readOnlyHint": True}, {"path": "/etc/shadow"}, "read /etc/shadow", True),
        ("delete_task", {"destructiveHint": True}, {"task_id": 1}, "delete task 1", True),
        ("send_email", {}, FOUR_OF_FIVE, SAID, True),
        ("send_email", {}, SIX_OF_SEVEN, SAID, False),
        ("send_email", {}, {"to": "bob@example.com"}, "email bob@example.com", False),
        ("send_email", {}, {"to": "eve@example.com"}, "email bob@example.com", True),
        ("mystery", {}, {}, "do the mystery thing", True),
    ],
)
def test_approval_gate_applies_the_risk_policy_with_confidence_grounded_in_the_request(
    name, annotations, args, prompt, expected
) -> None:
    tool = ToolDefinition(name=name, metadata={"annotations": annotations})
    assert approval_required(_ctx(prompt), tool, args) is expected


def test_a_grant_skips_the_question_for_reversible_with_delay_tools_only() -> None:
    granted = frozenset({"send_email", "delete_task"})
    email = ToolDefinition(name="send_email")
    delete = ToolDefinition(name="delete_task", metadata={"annotations": {"destructiveHint": True}})
    assert approval_required(_ctx("", granted), email, {"to": "eve@example.com"}) is False
    assert approval_required(_ctx("", granted), delete, {"task_id": 1}) is True
