"""Scripted stand-ins for an LLM, behind Pydantic AI's real FunctionModel seam."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models.function import AgentInfo, FunctionModel

from agent_core.settings import PROJECT_ROOT

PAIAS = Path(sys.executable).parent / "paias"  # the console script of this venv

# MCP server entries every test config is built from (the project's own servers, run from the checkout).
# The project's Python servers start by forking a process that has imported them already (tests/prefork.py; one per
# pytest worker, started by tests/conftest.py): the same server over stdio, without ~1 s of imports at every start.
PREFORK = Path(__file__).parent / "prefork.py"
PREFORK_SOCKET = Path(tempfile.gettempdir()) / f"paias-prefork-{os.getpid()}.sock"


def forked(*command: str) -> list[str]:
    """Arguments for ``sys.executable`` that start ``command`` (``-m MODULE ...`` or ``SCRIPT ...``) through the
    worker's zygote, or as a plain process when there is none."""
    return ["-S", str(PREFORK), "launch", str(PREFORK_SOCKET), *command]


TIME_SERVER: dict[str, Any] = {
    "command": "python",  # as config/mcp-servers.json writes it: the config maps it to this interpreter
    "args": forked("-m", "agent_core.servers.time"),
    "timeout": 10,
}
TASKS: dict[str, Any] = {
    "command": sys.executable,
    "args": forked("-m", "agent_core.servers.tasks"),
    "env": {"DATABASE_URL": "${PAIAS_DATABASE_URL}", "USER_ID": "${USER_ID}"},
    "timeout": 15,
    "cwd": str(PROJECT_ROOT),
    "risk": {
        "add_task": "reversible",
        "update_task": "reversible",
        "complete_task": "reversible",
        "reopen_task": "reversible",
    },
}
# The misbehaving fixture server for a runtime shared by a module (tests/conftest.py's ``flaky_server`` is one test's):
# its marker file, which proves whether a destructive call ran, is in the runtime's home; a per-call timeout that a
# loaded machine never reaches, since the tests that share it are not about timeouts.
FLAKY: dict[str, Any] = {
    "command": sys.executable,
    "args": [str(PROJECT_ROOT / "tests" / "fixtures" / "flaky_server.py")],
    "env": {"FLAKY_MARKER": "${PAIAS_HOME}/wiped.txt"},
    "timeout": 30,
    "cwd": str(PROJECT_ROOT),
}
# The fake web search server (canned results, never the live web) for a runtime shared by a module.
SEARCH: dict[str, Any] = {
    "command": sys.executable,
    "args": forked(str(PROJECT_ROOT / "tests" / "fixtures" / "fake_search_server.py")),
    "timeout": 30,
    "cwd": str(PROJECT_ROOT),
}


async def add_tasks(rt: Any, *titles: str) -> list[int]:
    """Add tasks through the offline planner, as a person would ("add a task to ..."); returns their ids."""
    return [(await rt.ask(f"add a task to {title}")).response.tool_calls[0].result["id"] for title in titles]


def scripted_model(tool_name: str, args: dict[str, Any], final: dict[str, Any] | None = None) -> FunctionModel:
    """Calls ``tool_name`` once, then returns ``final`` (by default a confident claim that all went well)."""
    final = final or {"answer": "All done, it worked.", "reasoning": "The tool did it.", "confidence": 0.9}

    def respond(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        last = messages[-1]
        asked = isinstance(last, ModelRequest) and any(isinstance(p, UserPromptPart) for p in last.parts)
        if not asked and isinstance(last, ModelRequest) and any(isinstance(p, ToolReturnPart) for p in last.parts):
            return ModelResponse(parts=[ToolCallPart(info.output_tools[0].name, final)])
        return ModelResponse(parts=[ToolCallPart(tool_name, args)])

    return FunctionModel(respond)


def free_port() -> int:
    """A localhost TCP port nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def http_server(module: str, env: dict[str, str] | None = None, deadline_s: float = 20) -> Iterator[str]:
    """Run ``python -m <module> --transport http`` on a free port; yields its MCP URL, stops it on exit."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", module, "--transport", "http", "--port", str(port)],
        cwd=PROJECT_ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + deadline_s
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
