"""Scripted stand-ins for an LLM, behind Pydantic AI's real FunctionModel seam."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
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
