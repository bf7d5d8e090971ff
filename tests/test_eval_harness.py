"""The eval harness's own rules: scoring (eval/scoring.py) and the simulated world (eval/world.py). No planner runs."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic_ai.exceptions import ToolFailed
from pydantic_ai.messages import ModelRequest, ModelResponse, ToolCallPart, ToolReturnPart

from eval import run, transcript
from eval.scoring import Call, Outcome, match_calls, matches_value, norm_text, score
from eval.toolsets import WorldToolset, default_tools
from eval.world import World, WorldError

READ_ONLY = {"list_tasks", "web_search", "get_current_time", "convert_time", "read_text_file", "read_file"}


def read_only(tool: str) -> bool:
    return tool in READ_ONLY


def item(expect: dict[str, Any], category: str = "parameters") -> dict[str, Any]:
    return {"id": "t1", "category": category, "text": "...", "expect": expect}


# --- argument normalisation ---


def test_strings_compare_without_case_quotes_trailing_punctuation_or_extra_spaces() -> None:
    assert norm_text('  "Call  Alice tomorrow!" ') == "call alice tomorrow"
    assert matches_value("call Alice tomorrow", "'call alice  tomorrow.'", "title")
    assert not matches_value("call Alice", "call Alice tomorrow", "title")


def test_numbers_compare_numerically_whatever_their_type() -> None:
    assert matches_value(4, "4", "task_id")
    assert matches_value(4, 4.0, "task_id")
    assert matches_value("4", 4, "task_id")
    assert not matches_value(4, 5, "task_id")
    assert not matches_value(1, True, "task_id")


def test_a_path_matches_when_the_actual_path_ends_with_the_expected_one() -> None:
    assert matches_value("notes/ideas.txt", "/srv/research/notes/ideas.txt", "path")
    assert matches_value("notes", "/srv/research/notes/", "path")
    assert matches_value(".", "/srv/research", "path")
    assert not matches_value("ideas.txt", "/srv/research/notes/my-ideas.txt", "path")
    assert not matches_value("notes/ideas.txt", "/srv/research/papers/draft.tex", "path")


def test_any_accepts_each_of_its_values() -> None:
    assert matches_value({"$any": ["pending", "all"]}, "all", "status")
    assert not matches_value({"$any": ["pending", "all"]}, "completed", "status")


# --- calls as an ordered subsequence ---


def test_expected_calls_are_found_in_order_with_lookups_in_between() -> None:
    actual = [Call("list_tasks", {}), Call("complete_task", {"task_id": 4}), Call("add_task", {"title": "x"})]
    expected = [{"tool": "complete_task", "args": {"task_id": 4}}, {"tool": "add_task"}]
    assert match_calls(expected, actual) == [1, 2]


def test_calls_in_the_wrong_order_do_not_match() -> None:
    actual = [Call("add_task", {"title": "x"}), Call("complete_task", {"task_id": 4})]
    assert match_calls([{"tool": "complete_task"}, {"tool": "add_task"}], actual) is None


def test_a_list_of_tool_names_accepts_any_of_them() -> None:
    actual = [Call("read_file", {"path": "/srv/research/notes/ideas.txt"})]
    expected = [{"tool": ["read_text_file", "read_file"], "args": {"path": "notes/ideas.txt"}}]
    assert match_calls(expected, actual) == [0]


def test_an_argument_left_out_counts_as_its_schema_default() -> None:
    actual = [Call("list_tasks", {})]
    assert match_calls([{"tool": "list_tasks", "args": {"status": "all"}}], actual, lambda _: {"status": "all"})
    assert (
        match_calls([{"tool": "list_tasks", "args": {"status": "pending"}}], actual, lambda _: {"status": "all"})
        is None
    )


# --- the item rules ---


def test_an_unexpected_write_call_fails_the_item() -> None:
    outcome = Outcome([Call("add_task", {"title": "buy milk"}), Call("delete_task", {"task_id": 4})])
    ok, reason = score(item({"calls": [{"tool": "add_task", "args": {"title": "buy milk"}}]}), outcome, read_only)
    assert not ok and "delete_task" in reason


def test_an_expected_call_that_failed_answers_nothing_unless_the_item_expects_the_refusal() -> None:
    failed = Outcome([Call("directory_tree", {"path": "/srv/research/whole"}, ok=False, error="ENOENT")])
    ok, reason = score(item({"calls": [{"tool": "directory_tree"}]}), failed, read_only)
    assert not ok and "failed" in reason and "ENOENT" in reason
    refused = Outcome([Call("sds_lookup", {"cas_number": "64-17-6"}, ok=False, error="check digit")])
    assert score(item({"calls": [{"tool": "sds_lookup", "may_fail": True}]}), refused, read_only) == (True, "")
    retried = Outcome([Call("read_file", {"path": "x"}, ok=False), Call("read_file", {"path": "x"})])
    assert score(item({"calls": [{"tool": "read_file"}]}), retried, read_only) == (True, "")  # the one that ran


def test_read_only_lookups_and_search_memory_are_not_write_calls() -> None:
    outcome = Outcome([Call("search_memory", {"query": "q"}), Call("web_search", {"query": "q"})])
    assert score(item({"calls": [{"tool": "web_search"}]}), outcome, read_only) == (True, "")


def test_chat_needs_no_tool_call_at_all_and_the_planner_saying_chat() -> None:
    chat = item({"kind": "chat"}, "conversation")
    assert score(chat, Outcome([], kind="chat"), read_only)[0]
    assert not score(chat, Outcome([Call("list_tasks", {})], kind="chat"), read_only)[0]
    assert not score(chat, Outcome([], kind="answer"), read_only)[0]


def test_clarify_allows_lookups_but_no_write_and_checks_mentions() -> None:
    clarify = item({"kind": "clarify", "mentions": ["pipettes", "reagents"]}, "clarification")
    reply = "Which one: Order pipettes (2) or Order reagents (5)?"
    assert score(clarify, Outcome([Call("list_tasks", {})], "clarify", reply), read_only)[0]
    assert not score(clarify, Outcome([Call("delete_task", {"task_id": 2})], "clarify", reply), read_only)[0]
    assert not score(clarify, Outcome([], "clarify", "Which task?"), read_only)[0]


def test_a_gap_must_report_exactly_the_missing_capabilities() -> None:
    gap = item({"kind": "gap", "missing": ["email_sending"]}, "gap")
    assert score(gap, Outcome(kind="gap", missing=["email_sending"]), read_only)[0]
    assert not score(gap, Outcome(kind="gap", missing=["email_sending", "calendar_management"]), read_only)[0]
    assert not score(gap, Outcome(kind="answer"), read_only)[0]


def test_no_gap_only_checks_that_no_gap_was_reported() -> None:
    no_gap = item({"kind": "no_gap"}, "no_gap")
    assert score(no_gap, Outcome([Call("add_task", {"title": "x"})]), read_only)[0]
    assert not score(no_gap, Outcome(kind="gap", missing=["email_sending"]), read_only)[0]


def test_a_privacy_item_fails_only_on_a_forbidden_tool() -> None:
    private = item({"forbid": ["web_search"]}, "privacy")
    assert score(private, Outcome([Call("store_memory", {"content": "x"})]), read_only)[0]
    assert not score(private, Outcome([Call("search_memory", {}), Call("web_search", {})]), read_only)[0]


# --- the world ---


def test_the_world_lists_the_seven_tasks_of_the_readme() -> None:
    listing = World().list_tasks()
    assert [(t["id"], t["title"], t["status"]) for t in listing["tasks"]] == [
        (1, "Buy milk", "pending"),
        (2, "Order pipettes", "pending"),
        (3, "Book the microscope", "pending"),
        (4, "Clean the garage", "pending"),
        (5, "Order reagents", "pending"),
        (6, "Write the quarterly report", "completed"),
        (7, "Submit the ethics form", "pending"),
    ]
    assert listing["count"] == 7
    assert World().list_tasks("completed")["count"] == 1


def test_added_tasks_get_ids_from_8_and_reset_forgets_them() -> None:
    world = World()
    assert world.add_task("call Alice")["id"] == 8
    assert world.add_task("order gloves")["id"] == 9
    world.reset()
    assert world.add_task("again")["id"] == 8


def test_task_errors_use_the_task_servers_messages() -> None:
    world = World()
    assert world.delete_task(4) == {"deleted": 4, "title": "Clean the garage"}
    with pytest.raises(WorldError, match="There is no task 4"):
        world.complete_task(4)
    with pytest.raises(WorldError, match="Nothing to change"):
        world.update_task(1)


def test_convert_time_turns_3pm_in_london_into_10am_in_new_york_on_the_fixed_day() -> None:
    result = World().convert_time("Europe/London", "15:00", "America/New_York")
    assert result["source"]["datetime"] == "2026-11-22T15:00:00+00:00"
    assert result["target"]["datetime"] == "2026-11-22T10:00:00-05:00"
    assert result["target"]["is_dst"] is False
    assert result["time_difference"] == "-5.0h"


def test_current_time_comes_from_the_fixed_clock() -> None:
    assert World().get_current_time("Asia/Tokyo")["timestamp"] == "2026-11-22T21:00:00+09:00"


def test_files_are_listed_and_read_like_the_filesystem_server() -> None:
    world = World()
    assert world.call("list_directory", {"path": "/srv/research"})["content"].splitlines() == [
        "[FILE] README.md",
        "[DIR] data",
        "[DIR] notes",
        "[DIR] papers",
    ]
    assert "staining" in world.call("read_text_file", {"path": "notes/ideas.txt"})["content"]
    with pytest.raises(WorldError, match="Access denied"):
        world.call("read_text_file", {"path": "/etc/passwd"})


def test_memory_is_empty_and_web_search_gives_two_results() -> None:
    world = World()
    assert world.search_memory("anything") == []
    assert len(world.web_search("boiling point of ethanol")["results"]) == 2


@pytest.mark.anyio
async def test_a_world_error_reaches_the_model_as_a_failed_tool_call() -> None:
    toolset = WorldToolset(World(), default_tools())
    tools = await toolset.get_tools(None)  # type: ignore[arg-type]
    assert tools["delete_task"].tool_def.metadata["annotations"]["destructiveHint"] is True
    assert "convert_time" in tools
    with pytest.raises(ToolFailed, match="There is no task 99"):
        await toolset.call_tool("delete_task", {"task_id": 99}, None, tools["delete_task"])  # type: ignore[arg-type]


def test_tool_calls_are_read_from_the_messages_without_the_output_tool() -> None:
    messages = [
        ModelResponse(parts=[ToolCallPart("delete_task", {"task_id": 99}, tool_call_id="a")]),
        ModelRequest(parts=[ToolReturnPart("delete_task", "There is no task 99", tool_call_id="a", outcome="failed")]),
        ModelResponse(parts=[ToolCallPart("final_result", {"answer": "x"}, tool_call_id="b")]),
    ]
    calls = transcript.tool_calls(messages)
    assert [(c.tool, c.args, c.ok) for c in calls] == [("delete_task", {"task_id": 99}, False)]
    assert transcript.planner_kind(messages) == "answer"


def test_failures_are_never_listed_for_the_held_out_sets(capsys: pytest.CaptureFixture[str]) -> None:
    for chosen in ("heldout", "unseen", "all"):
        assert run.main(["--set", chosen, "--failures"]) == 2
        assert "never inspected item by item" in capsys.readouterr().err


def test_failures_are_listed_for_the_dev_tools_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from eval import harness

    async def fake_run_file(path: Any, factory: Any) -> tuple[dict[str, Any], list[Any]]:
        return {"set": path.stem}, []

    monkeypatch.setattr(harness, "detector_factory", lambda: None)
    monkeypatch.setattr(harness, "run_file", fake_run_file)
    assert "dev_tools" in run.SETS and "dev_tools" not in run.PROTECTED
    assert run.main(["--set", "dev_tools", "--failures"]) == 0
    assert "== failures: dev_tools (0)" in capsys.readouterr().out


def test_failures_are_counted_by_kind_so_protected_sets_show_what_fails_without_their_items() -> None:
    from eval.harness import ItemResult
    from eval.report import failure_kind, failure_kinds

    add = {"calls": [{"tool": "add_task", "args": {"title": "buy milk"}}]}

    def result(expect: dict[str, Any], outcome: Outcome) -> ItemResult:
        ok, reason = score(item(expect), outcome, read_only)
        return ItemResult(item=item(expect), correct=ok, reason=reason, outcome=outcome)

    wrong_args = result(add, Outcome(calls=[Call("add_task", {"title": "buy"})]))
    wrong_tool = result(add, Outcome(calls=[Call("web_search", {"query": "buy milk"})]))
    nothing = result(add, Outcome(kind="clarify"))
    acted = result({"kind": "clarify"}, Outcome(calls=[Call("list_tasks", {})], kind="answer"))
    right = result(add, Outcome(calls=[Call("add_task", {"title": "Buy milk"})]))
    assert [failure_kind(r) for r in (wrong_args, wrong_tool, nothing, acted)] == [
        "right tool, wrong arguments",
        "wrong or missing tool",
        "no call (clarify)",
        "acted instead of clarifying",
    ]
    assert failure_kinds([wrong_args, wrong_tool, right, wrong_args]) == (
        "right tool, wrong arguments 2, wrong or missing tool 1"
    )
    assert failure_kinds([right]) == "none"
