"""One runtime per test module, a fresh person per test (issue 14: the suite's time goes to starting runtimes).

A runtime's start (the pool, MCP server processes, the agent) is most of a runtime test's cost. Tests that only
need *their own data* — not their own process, settings or servers — share one runtime for the module and act as
a person of their own (``AgentRuntime.for_person``), so they never see each other's tasks, memories,
conversations or approvals. Use::

    from tests.shared_runtime import module_anyio_backend, module_runtime, person_runtime  # noqa: F401 - fixtures
    runtime = module_runtime({"tasks": TASKS})

and take ``rt`` in a test. A test that restarts, changes settings or breaks a server keeps its own runtime.

Tests that each script their own model (``tests.helpers.scripted_model``, a ``FunctionModel``) share one too: the
module's runtime gets a ``StandInModel``, and each test has it play its script::

    MODEL = StandInModel()
    scripted_runtime = module_runtime({"tasks": TASKS}, model=MODEL)
    srt = person_fixture("scripted_runtime")

    async def test_x(srt):
        MODEL.plays(scripted_model("add_task", {"title": "x"}))
"""

from __future__ import annotations

import inspect
import json
import uuid
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models.function import AgentInfo, FunctionModel

from agent_core.people.identity import Person
from agent_core.runtime import AgentRuntime
from agent_core.settings import Settings

# What tests/conftest.py's _isolated_env clears per test: a module fixture starts before it, so it clears them too.
_DEVELOPER_SETTINGS = ("MODEL", "AZURE_AI_FOUNDRY_ENDPOINT", "AZURE_AI_FOUNDRY_API_KEY", "OPENAI_API_KEY",
                       "MCP_CONFIG", "PAIAS_HOME", "DATABASE_URL", "OLLAMA_BASE_URL")  # fmt: skip


@pytest.fixture(scope="module", name="anyio_backend")
def module_anyio_backend() -> str:
    """A module-scoped backend, which a module-scoped async fixture needs."""
    return "asyncio"


class StandInModel(FunctionModel):
    """The model of a runtime shared by tests that each script their own: it answers as the ``FunctionModel`` the
    running test last gave to ``plays``. A runtime built with a model behaves the same whichever model it is (the
    gap check and the grounding rule treat it as an LLM), so one start serves every scripted test of a module.
    It never streams, like the scripted models it stands in for."""

    def __init__(self) -> None:
        self._script: FunctionModel | None = None
        super().__init__(self._respond, model_name="stand-in")

    def plays(self, script: FunctionModel) -> None:
        """From now on, answer as ``script`` (until the next ``plays``)."""
        self._script = script

    async def _respond(self, messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        assert self._script is not None and self._script.function is not None, "call plays(model) first"
        response = self._script.function(messages, info)
        return await response if inspect.isawaitable(response) else response


def module_runtime(
    servers: dict[str, Any], *, model: FunctionModel | None = None, **overrides: Any
) -> Callable[..., AsyncIterator[AgentRuntime]]:
    """A module-scoped ``runtime`` fixture: these servers, the session's database, and the offline planner (or
    ``model``, e.g. a ``StandInModel``). ``${PAIAS_HOME}`` in a server entry is the runtime's own home folder."""

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
        with pytest.MonkeyPatch.context() as env:  # also while the servers start: their config reads the env
            for name in _DEVELOPER_SETTINGS:
                env.delenv(name, raising=False)
            settings = Settings(_env_file=None, **{**values, **overrides})
            async with AgentRuntime(settings, model=model) as shared:
                yield shared

    return runtime


def for_new_person(runtime: AgentRuntime, request: pytest.FixtureRequest) -> AgentRuntime:
    """``runtime`` acting for a person of this test only."""
    return runtime.for_person(Person(id=f"test-{uuid.uuid4().hex[:12]}", name=request.node.name[:80]))


@pytest.fixture(name="rt")
def person_runtime(runtime: AgentRuntime, request: pytest.FixtureRequest) -> AgentRuntime:
    """The module's runtime acting for a person of this test only."""
    return for_new_person(runtime, request)


def person_fixture(runtime_fixture: str) -> Callable[..., AgentRuntime]:
    """A fixture like ``rt`` for a module's second shared runtime, the one named ``runtime_fixture``."""

    @pytest.fixture
    def view(request: pytest.FixtureRequest) -> AgentRuntime:
        return for_new_person(request.getfixturevalue(runtime_fixture), request)

    return view
