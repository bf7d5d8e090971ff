"""The official filesystem MCP server (Node), read-only: only read tools reach the model, roots are enforced,
and reading a secret inside the roots still needs approval."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from agent_core.runtime import AgentRuntime
from agent_core.settings import PROJECT_ROOT
from tests.helpers import TIME_SERVER, scripted_model

pytestmark = [
    pytest.mark.anyio,
    pytest.mark.skipif(shutil.which("node") is None, reason="Node.js 20+ is a prerequisite of the filesystem server"),
    pytest.mark.skipif(
        not (PROJECT_ROOT / "node_modules" / "@modelcontextprotocol" / "server-filesystem").exists(),
        reason="run `make test` (it installs the pinned npm package)",
    ),
]

FILESYSTEM = {
    "command": "node",
    "args": ["node_modules/@modelcontextprotocol/server-filesystem/dist/index.js", "${FILESYSTEM_ROOTS}"],
    "readOnly": True,
    "timeout": 20,
}
WRITE_TOOLS = {"write_file", "edit_file", "move_file", "create_directory"}


@pytest.fixture
def roots(tmp_path: Path) -> tuple[Path, Path]:
    notes, data = tmp_path / "notes", tmp_path / "data"
    notes.mkdir()
    data.mkdir()
    (notes / "paper.md").write_text("# Draft\nThe effect disappears when controlling for income.\n")
    (notes / ".env").write_text("API_KEY=do-not-leak\n")
    (data / "results.csv").write_text("run,accuracy\n1,0.872\n")
    (tmp_path / "outside.txt").write_text("private")
    return notes, data


def settings_for(make_settings, roots: tuple[Path, Path], model_servers: dict | None = None):
    return make_settings(model_servers or {"filesystem": FILESYSTEM}, filesystem_roots=os.pathsep.join(map(str, roots)))


async def test_only_read_only_tools_are_offered_to_the_model(make_settings, roots) -> None:
    async with AgentRuntime(settings_for(make_settings, roots, {"time": TIME_SERVER, "filesystem": FILESYSTEM})) as rt:
        tools = {t.name: t for t in await rt.tools()}
        state = {s.name: s for s in rt.server_states()}["filesystem"]
    assert "read_text_file" in tools and "list_directory" in tools
    assert not WRITE_TOOLS & set(tools) and not WRITE_TOOLS & set(state.tools)
    assert all(t.risk_level.value == "reversible" for t in tools.values() if t.server == "filesystem")


async def test_reading_a_file_in_the_roots_returns_its_content(make_settings, roots) -> None:
    path = str(roots[0] / "paper.md")
    async with AgentRuntime(
        settings_for(make_settings, roots), model=scripted_model("read_text_file", {"path": path})
    ) as rt:
        turn = await rt.ask("read my paper draft")
    record = turn.response.tool_calls[0]
    assert record.status.value == "success"
    assert "controlling for income" in str(record.result)


async def test_a_path_outside_the_roots_is_refused(make_settings, roots) -> None:
    outside = str(roots[0].parent / "outside.txt")
    model = scripted_model("read_text_file", {"path": outside})
    async with AgentRuntime(settings_for(make_settings, roots), model=model) as rt:
        turn = await rt.ask("read outside.txt")
    record = turn.response.tool_calls[0]
    assert record.status.value == "failed" and "outside allowed directories" in record.error.lower()
    assert "private" not in str(turn.response.model_dump())
    assert turn.response.confidence == 0.0


async def test_a_write_tool_is_not_callable_even_if_the_model_asks(make_settings, roots) -> None:
    target = roots[0] / "new.md"
    model = scripted_model("write_file", {"path": str(target), "content": "x"})
    async with AgentRuntime(settings_for(make_settings, roots), model=model) as rt:
        turn = await rt.ask("write a file")
    assert not target.exists()
    # A tool gap (nothing connected can write files) or a run in which write_file never succeeded.
    assert turn.kind in {"error", "tool_gap"} or all(
        c.tool_name != "write_file" or c.status.value != "success" for c in turn.response.tool_calls
    )
    assert all(c.tool_name != "write_file" or c.status.value != "success" for c in turn.tool_calls)


async def test_reading_a_secret_inside_the_roots_waits_for_approval(make_settings, roots) -> None:
    model = scripted_model("read_text_file", {"path": str(roots[0] / ".env")})
    async with AgentRuntime(settings_for(make_settings, roots), model=model) as rt:
        turn = await rt.ask("show me the .env")
    assert turn.kind == "approval_required"
    [pending] = turn.pending
    assert pending.risk_level.value == "irreversible" and ".env" in pending.reason
    assert "do-not-leak" not in turn.model_dump_json()


async def test_the_offline_planner_reads_lists_and_is_refused_outside_the_roots(make_settings, roots) -> None:
    async with AgentRuntime(settings_for(make_settings, roots)) as rt:
        read = await rt.ask("read notes/paper.md")
        listed = await rt.ask("list the files in data")
        refused = await rt.ask("read /etc/passwd")
    # Either read tool will do here (the server's deprecated read_file reads the same text).
    assert read.response.tool_calls[0].tool_name in {"read_text_file", "read_file"}
    assert read.response.tool_calls[0].parameters == {"path": str(roots[0] / "paper.md")}
    assert "controlling for income" in read.response.answer and read.response.confidence >= 0.8
    # Contents as written (a code block: "# Draft" is no heading); a listing as names; the result's key unsaid.
    assert "```\n# Draft\nThe effect disappears" in read.response.answer
    assert listed.response.answer.endswith("\n\n- results.csv")
    assert "content" not in read.response.answer.lower() + listed.response.answer.lower()
    assert refused.response.confidence == 0.0 and "outside allowed directories" in refused.response.answer
