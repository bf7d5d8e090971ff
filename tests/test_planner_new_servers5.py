"""Requests to tools of a newly connected server (fifth file): a version-control server with many similar tools.

Paths for another server's tools are sent as written; the verb a request opens with picks the tool that acts by it;
short parameters that name one thing take one token, never leftover words; a write that lacks its text asks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import pytest
from pydantic import Field

from agent_core.offline import PlannerConfig, slots
from tests.planner_support import NOW, ask, planner_agent, tool

pytestmark = pytest.mark.anyio


def vc_status(repo_path: str) -> dict[str, Any]:
    """Shows the working tree status"""
    return {"branch": "main", "clean": True}


def vc_diff(repo_path: str, target: str, context_lines: int = 3) -> dict[str, Any]:
    """Shows differences between branches or commits"""
    return {"diff": ""}


def vc_diff_staged(repo_path: str, context_lines: int = 3) -> dict[str, Any]:
    """Shows changes that are staged for commit"""
    return {"diff": ""}


def vc_commit(repo_path: str, message: str) -> dict[str, Any]:
    """Records changes to the repository"""
    return {"commit": "abc1234"}


def vc_add(repo_path: str, files: list[str]) -> dict[str, Any]:
    """Adds file contents to the staging area"""
    return {"staged": files}


def vc_reset(repo_path: str) -> dict[str, Any]:
    """Unstages all staged changes"""
    return {"text": "All staged changes reset"}


def vc_log(
    repo_path: str,
    max_count: int = 10,
    start_timestamp: Annotated[
        str | None, Field(description="Start timestamp for filtering commits. Accepts ISO 8601 (e.g., '2024-01-15')")
    ] = None,
    end_timestamp: Annotated[
        str | None, Field(description="End timestamp for filtering commits. Accepts ISO 8601 (e.g., '2024-01-15')")
    ] = None,
) -> dict[str, Any]:
    """Shows the commit logs"""
    return {"commits": []}


def vc_show(repo_path: str, revision: str) -> dict[str, Any]:
    """Shows the contents of a commit"""
    return {"commit": revision}


def vc_branches(
    repo_path: str,
    branch_type: Annotated[
        str, Field(description="Whether to list local branches ('local'), remote branches ('remote') or all ('all').")
    ],
    contains: Annotated[str | None, Field(description="The commit sha that branch should contain")] = None,
    not_contains: Annotated[str | None, Field(description="The commit sha that branch should NOT contain")] = None,
) -> dict[str, Any]:
    """List the repository's branches"""
    return {"branches": ["main", "dev"]}


READS = (vc_status, vc_diff, vc_diff_staged, vc_log, vc_show, vc_branches)
WRITES = (vc_commit, vc_add, vc_reset)
TOOLS = [tool(f, readOnlyHint=True) for f in READS] + [tool(f, readOnlyHint=False) for f in WRITES]
# A filesystem server's readable root is configured: it must never be put in front of another server's paths.
CONFIG = PlannerConfig(file_roots=(Path("/srv/research"),), clock=lambda: NOW)


async def plan(text: str) -> Any:
    return await ask(planner_agent(TOOLS, CONFIG), text)


async def test_a_path_for_another_servers_tool_is_sent_as_written_without_the_readable_root_or_this_home() -> None:
    turn = await plan("status of ~/code/pipeline")
    assert turn.calls == [("vc_status", {"repo_path": "~/code/pipeline"})]


async def test_a_file_inside_the_repository_is_one_of_the_files_not_the_repository() -> None:
    """ "stage X": the tool whose description acts by staging, not the one whose name says "staged"."""
    turn = await plan("stage workflow/rules/qc.smk in ~/code/pipeline")
    assert turn.calls == [("vc_add", {"repo_path": "~/code/pipeline", "files": ["workflow/rules/qc.smk"]})]


async def test_unstage_picks_the_tool_whose_description_acts_by_it() -> None:
    turn = await plan("unstage everything in ~/code/pipeline")
    assert turn.calls == [("vc_reset", {"repo_path": "~/code/pipeline"})]


async def test_commits_said_as_a_noun_read_the_log_with_the_count_of_what_it_shows() -> None:
    turn = await plan("last three commits in ~/code/pipeline")
    assert turn.calls == [("vc_log", {"repo_path": "~/code/pipeline", "max_count": 3})]


async def test_a_month_fills_both_timestamps_and_since_a_weekday_the_start() -> None:
    turn = await plan("commits in /home/ana/code/pipeline during October")
    assert turn.calls == [
        (
            "vc_log",
            {"repo_path": "/home/ana/code/pipeline", "start_timestamp": "2025-10-01", "end_timestamp": "2025-10-31"},
        )
    ]
    turn = await plan("what did I commit in ~/code/pipeline since Monday?")
    assert turn.calls == [("vc_log", {"repo_path": "~/code/pipeline", "start_timestamp": "2026-01-05"})]


async def test_the_last_weeks_are_a_start_that_long_ago() -> None:
    turn = await plan("show me my commits from the last two weeks (~/code/pipeline)")
    assert turn.calls == [("vc_log", {"repo_path": "~/code/pipeline", "start_timestamp": "2025-12-24"})]


async def test_a_target_takes_one_token_never_the_words_around_it() -> None:
    turn = await plan("diff of ~/code/pipeline agaisnt main")
    assert turn.calls == [("vc_diff", {"repo_path": "~/code/pipeline", "target": "main"})]
    turn = await plan("what's different between my working copy and v1.0.0 in ~/code/pipeline")
    assert turn.calls == [("vc_diff", {"repo_path": "~/code/pipeline", "target": "v1.0.0"})]


async def test_a_commit_without_a_message_asks_for_it() -> None:
    """ "commit my changes" says nothing but the tool's own words: no message is invented from them."""
    turn = await plan("commit my changes in ~/code/pipeline")
    assert turn.calls == []
    assert "message" in turn.answer


async def test_a_commit_message_in_quotes_is_the_message() -> None:
    turn = await plan("commit in ~/code/pipeline with the message 'Trim adapters'")
    assert turn.calls == [("vc_commit", {"repo_path": "~/code/pipeline", "message": "Trim adapters"})]


async def test_commit_the_staged_changes_commits_them_and_show_them_shows_them() -> None:
    """The staged changes are what a diff tool is named by; the opening verb orders the commit."""
    turn = await plan("commit the staged changes in ~/code/pipeline with the message 'Trim adapters'")
    assert turn.calls == [("vc_commit", {"repo_path": "~/code/pipeline", "message": "Trim adapters"})]
    turn = await plan("show the staged changes in ~/code/pipeline")
    assert turn.calls == [("vc_diff_staged", {"repo_path": "~/code/pipeline"})]


async def test_options_glossed_in_brackets_are_a_closed_list_and_a_listing_of_nothing_said_is_all() -> None:
    turn = await plan("remote branches of ~/code/pipeline")
    assert turn.calls == [("vc_branches", {"repo_path": "~/code/pipeline", "branch_type": "remote"})]
    turn = await plan("list the branches in ~/code/pipeline")
    assert turn.calls == [("vc_branches", {"repo_path": "~/code/pipeline", "branch_type": "all"})]


async def test_an_optional_sha_filter_takes_the_code_only() -> None:
    turn = await plan("which branches contain commit 6b96600? repo is ~/code/pipeline")
    assert turn.calls == [
        ("vc_branches", {"repo_path": "~/code/pipeline", "branch_type": "all", "contains": "6b96600"})
    ]


async def test_a_value_said_with_a_negation_fills_the_negated_twin_parameter() -> None:
    turn = await plan("which branches dont have 2308da8 yet in ~/code/pipeline")
    assert turn.calls == [
        ("vc_branches", {"repo_path": "~/code/pipeline", "branch_type": "all", "not_contains": "2308da8"})
    ]


def test_a_signed_decimal_and_a_url_are_no_paths() -> None:
    assert slots.paths("coordinates are 44.3876 -68.2039") == []
    assert slots.paths("the first 500 characters of https://example.org/publications") == []


def create_lab_entry(
    title: Annotated[str, Field(description="Title of the entry")],
    body: Annotated[str, Field(description="Text of the entry")],
) -> dict[str, Any]:
    """Create a new entry in the electronic lab notebook"""
    return {"entryId": "ELN-00113"}


async def test_a_lab_notebook_runs_no_code_so_a_request_to_run_code_is_a_gap_not_an_entry() -> None:
    turn = await ask(
        planner_agent([tool(create_lab_entry, readOnlyHint=False)]), "run snakemake --cores 16 in ~/code/x"
    )
    assert turn.calls == []
    assert "haven't tried it" in turn.answer


def vc_create_branch(repo_path: str, branch_name: str, base_branch: str | None = None) -> dict[str, Any]:
    """Creates a new branch from an optional base branch"""
    return {"branch": branch_name}


async def test_what_follows_called_is_the_new_items_name() -> None:
    agent = planner_agent([*TOOLS, tool(vc_create_branch, readOnlyHint=False)], CONFIG)
    turn = await ask(agent, "new brnach called gas6-section in my thesis repo ~/papers/thesis")
    assert turn.calls == [("vc_create_branch", {"repo_path": "~/papers/thesis", "branch_name": "gas6-section"})]
