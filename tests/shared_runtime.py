"""One runtime per test module, a fresh person per test (issue 14: the suite's time goes to starting runtimes).

A runtime's start (the pool, MCP server processes, the agent) is most of a runtime test's cost. Tests that only
need *their own data* — not their own process, settings or servers — share one runtime for the module and act as
a person of their own (``AgentRuntime.for_person``), so they never see each other's tasks, memories,
conversations or approvals. Use::

    from tests.shared_runtime import module_anyio_backend, module_runtime, person_runtime  # noqa: F401 - fixtures
    runtime = module_runtime({"tasks": TASKS})

and take ``rt`` in a test. A test that restarts, changes settings or breaks a server keeps its own runtime.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from agent_core.identity import Person
from agent_core.runtime import AgentRuntime
from agent_core.settings import Settings

# What tests/conftest.py's _isolated_env clears per test: a module fixture starts before it, so it clears them too.
_DEVELOPER_SETTINGS = ("MODEL", "AZURE_AI_FOUNDRY_ENDPOINT", "AZURE_AI_FOUNDRY_API_KEY", "OPENAI_API_KEY",
                       "MCP_CONFIG", "PAIAS_HOME", "DATABASE_URL", "OLLAMA_BASE_URL")  # fmt: skip


@pytest.fixture(scope="module", name="anyio_backend")
def module_anyio_backend() -> str:
    """A module-scoped backend, which a module-scoped async fixture needs."""
    return "asyncio"


def module_runtime(servers: dict[str, Any], **overrides: Any) -> Callable[..., AsyncIterator[AgentRuntime]]:
    """A module-scoped ``runtime`` fixture: the offline planner, these servers, the session's database."""

    @pytest.fixture(scope="module")
    async def runtime(tmp_path_factory: pytest.TempPathFactory, pg_url: str) -> AsyncIterator[AgentRuntime]:
        tmp = tmp_path_factory.mktemp("shared-runtime")
        config = tmp / "mcp-servers.json"
        config.write_text(json.dumps({"mcpServers": servers}))
        values = {
            "model": "offline",
            "paias_home": tmp / "home",
            "mcp_config": config,
            "database_url": pg_url,
            "user_id": f"module-{uuid.uuid4().hex[:12]}",
        }
        with pytest.MonkeyPatch.context() as env:
            for name in _DEVELOPER_SETTINGS:
                env.delenv(name, raising=False)
            settings = Settings(_env_file=None, **{**values, **overrides})
        async with AgentRuntime(settings) as shared:
            yield shared

    return runtime


@pytest.fixture(name="rt")
def person_runtime(runtime: AgentRuntime, request: pytest.FixtureRequest) -> AgentRuntime:
    """The module's runtime acting for a person of this test only."""
    return runtime.for_person(Person(id=f"test-{uuid.uuid4().hex[:12]}", name=request.node.name[:80]))
