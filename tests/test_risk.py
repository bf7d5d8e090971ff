"""Risk policy: the seed's table (SC-004), approval rules on both sides of 0.85 (SC-005), escalation."""

from __future__ import annotations

import pytest

from agent_core.risk import (
    APPROVAL_CONFIDENCE_THRESHOLD,
    assess_risk,
    categorize_action_risk,
    grounded_confidence,
    normalize_tool_name,
    requires_approval,
    sensitive_parameter,
)
from agent_core.schemas import RiskLevel

R, D, IRR = RiskLevel.REVERSIBLE, RiskLevel.REVERSIBLE_WITH_DELAY, RiskLevel.IRREVERSIBLE


@pytest.mark.parametrize(
    ("tool", "expected"),
    [
        ("web_search", R),
        ("search_web", R),
        ("read_file", R),
        ("get_current_time", R),
        ("search_memory", R),
        ("memory_search", R),
        ("searchWeb", R),
        ("Search-Web", R),
        ("send_email", D),
        ("create_calendar_event", D),
        ("schedule_task", D),
        ("delete_file", IRR),
        ("make_purchase", IRR),
        ("send_money", IRR),
        ("modify_production", IRR),
        ("unknown_tool", IRR),
        ("", IRR),
    ],
)
def test_seed_table_and_aliases_classify_tools(tool: str, expected: RiskLevel) -> None:
    assert categorize_action_risk(tool, {}) is expected


@pytest.mark.parametrize(
    ("level", "confidence", "expected"),
    [
        (IRR, 0.0, True),
        (IRR, 0.95, True),
        (IRR, 1.0, True),
        (D, 0.80, True),
        (D, 0.8499, True),
        (D, APPROVAL_CONFIDENCE_THRESHOLD, False),
        (D, 0.95, False),
        (R, 0.0, False),
        (R, 0.7, False),
        (R, 1.0, False),
    ],
)
def test_requires_approval_follows_the_085_rule(level: RiskLevel, confidence: float, expected: bool) -> None:
    assert requires_approval(level, confidence) is expected


@pytest.mark.parametrize("confidence", [-0.01, 1.01, float("nan")])
def test_requires_approval_rejects_out_of_range_confidence(confidence: float) -> None:
    with pytest.raises(ValueError, match=r"between 0\.0 and 1\.0"):
        requires_approval(R, confidence)


@pytest.mark.parametrize(
    "path",
    [
        "/etc/shadow",
        "~/.ssh/id_rsa",
        "/home/ana/.ssh/config",
        "certs/server.pem",
        "deploy/prod.key",
        ".env",
        "app/.env.production",
        "/root/.aws/credentials",
        "~/.netrc",
        "~/.pgpass",
        "secrets.toml",
        "~/.kube/config",
    ],
)
def test_reading_a_secret_escalates_to_irreversible(path: str) -> None:
    assessment = assess_risk("read_file", {"path": path})
    assert assessment.level is IRR
    assert path.split("/")[-1] in assessment.reason


@pytest.mark.parametrize("path", ["notes/paper.md", "data/results.csv", "environment.md", "keynote.txt", "monkey.py"])
def test_ordinary_reads_stay_reversible(path: str) -> None:
    assert categorize_action_risk("read_file", {"path": path}) is R
    assert sensitive_parameter({"path": path}) is None


def test_nested_parameters_are_inspected() -> None:
    assert (
        categorize_action_risk("read_multiple_files", {"paths": ["a.txt", "/etc/shadow"]}, {"readOnlyHint": True})
        is IRR
    )


def test_annotations_decide_tools_outside_the_table() -> None:
    assert categorize_action_risk("list_directory", {}, {"readOnlyHint": True}) is R
    assert categorize_action_risk("write_file", {}, {"destructiveHint": True}) is IRR
    assert categorize_action_risk("add_task", {}, {"readOnlyHint": False, "destructiveHint": False}) is D
    assert categorize_action_risk("add_task", {}, {}) is IRR


def test_a_read_only_hint_on_a_destructive_name_is_not_believed() -> None:
    assessment = assess_risk("delete_task", {}, {"readOnlyHint": True})
    assert assessment.level is IRR
    assert "name" in assessment.reason


def test_config_overrides_beat_annotations_but_not_the_seed_table() -> None:
    overrides = {"add_task": "reversible", "web_search": "irreversible"}
    assert categorize_action_risk("add_task", {}, {"destructiveHint": True}, overrides) is R
    assert categorize_action_risk("web_search", {}, None, overrides) is R


def test_tool_names_normalize_to_snake_case() -> None:
    assert normalize_tool_name("getCurrentTime") == "get_current_time"
    assert normalize_tool_name("  Web-Search ") == "web_search"


@pytest.mark.parametrize(
    ("request_text", "args", "expected"),
    [
        (
            "email bob@example.com that the samples arrived",
            {"to": "bob@example.com", "body": "the samples arrived"},
            1.0,
        ),
        (
            "email bob@example.com that the samples arrived",
            {"to": "eve@example.com", "body": "the samples arrived"},
            0.5,
        ),
        ("Schedule the lab meeting", {"title": "lab meeting", "when": {"day": "Friday"}}, 0.5),
        ("anything", {}, 0.0),
        ("", {"to": "bob"}, 0.0),
        ("set it to 3", {"count": 3, "flag": True}, 1.0),  # booleans say nothing about intent and are skipped
    ],
)
def test_grounded_confidence_is_the_share_of_argument_values_the_request_states(request_text, args, expected) -> None:
    assert grounded_confidence(request_text, args) == pytest.approx(expected)
