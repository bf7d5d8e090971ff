"""The legacy tools (save_fact, log_note) behave the same called directly, through the orchestrator, and from an
agent run (seed 001 FR-010), on the real database and a real notes folder."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from agent_core.db import Database
from agent_core.orchestrator import Orchestrator
from agent_core.orchestrator.legacy import LegacyTools, legacy_agent
from agent_core.runtime import AgentRuntime
from agent_core.schemas import ToolCallStatus
from tests.helpers import scripted_model

pytestmark = pytest.mark.anyio

NOON = datetime(2026, 11, 22, 12, 5, tzinfo=UTC)


async def facts_of(pool, user_id: str) -> list[str]:
    async with pool.connection() as conn:
        cursor = await conn.execute("SELECT fact FROM facts WHERE user_id = %s ORDER BY id", (user_id,))
        return [row[0] for row in await cursor.fetchall()]


async def test_save_fact_gives_the_same_result_directly_and_through_the_orchestrator(
    make_settings, user_id, tmp_path: Path
) -> None:
    async with Database(make_settings(), {"dimension": 384}) as db:
        tools = LegacyTools(db.pool, user_id, tmp_path / "notes")
        direct = await tools.save_fact("The  freezer runs at -80 °C")
        orchestrator = Orchestrator()
        orchestrator.register("legacy", lambda: legacy_agent(tools))
        await orchestrator.start()
        routed = await orchestrator.execute("save_fact", {"fact": "The freezer runs at -80 °C"})
        assert set(direct) == set(routed) == {"id", "fact", "created_at"}
        assert direct["fact"] == routed["fact"] == "The freezer runs at -80 °C" and routed["id"] > direct["id"]
        assert await facts_of(db.pool, user_id) == ["The freezer runs at -80 °C"] * 2


async def test_log_note_appends_timestamped_bullets_to_todays_daily_note(tmp_path: Path) -> None:
    tools = LegacyTools(pool=None, user_id="u", notes_dir=tmp_path / "notes", clock=lambda: NOON)
    first = await tools.log_note("Centrifuge   booked")
    second = await legacy_agent(tools).execute("log_note", {"text": "Samples in rack 3"})
    note = tmp_path / "notes" / "daily" / "2026-11-22.md"
    assert first == {"path": str(note), "appended": "- 12:05 Centrifuge booked"}
    assert second == {"path": str(note), "appended": "- 12:05 Samples in rack 3"}
    assert note.read_text() == "# 2026-11-22\n\n- 12:05 Centrifuge booked\n- 12:05 Samples in rack 3\n"


async def test_the_model_reaches_the_legacy_tools_through_the_runtime_without_approval_when_grounded(
    make_settings, user_id
) -> None:
    # save_fact has no undo, so it is reversible_with_delay: it runs at once when the person's words state the fact.
    settings = make_settings()
    model = scripted_model("save_fact", {"fact": "Grant deadline is March 3"})
    async with AgentRuntime(settings, model=model) as runtime:
        turn = await runtime.ask("save the fact: the grant deadline is March 3")
        facts = await facts_of(runtime.memory.pool, user_id)
    assert turn.kind == "answer"
    [record] = turn.response.tool_calls
    assert record.tool_name == "save_fact" and record.status is ToolCallStatus.SUCCESS
    assert record.result["fact"] == "Grant deadline is March 3" and facts == ["Grant deadline is March 3"]


async def test_a_legacy_write_the_person_did_not_state_asks_first(make_settings, user_id) -> None:
    model = scripted_model("save_fact", {"fact": "Grant deadline is March 3"})
    async with AgentRuntime(make_settings(), model=model) as runtime:
        turn = await runtime.ask("remember the grant deadline as a fact")
        facts = await facts_of(runtime.memory.pool, user_id)
    assert turn.kind == "approval_required" and turn.pending[0].risk_level.value == "reversible_with_delay"
    assert facts == []


async def test_an_empty_note_never_runs_and_the_model_is_told_why(make_settings, tmp_path: Path) -> None:
    async with AgentRuntime(make_settings(), model=scripted_model("log_note", {"text": ""})) as runtime:
        turn = await runtime.ask("log an empty note")
        history = runtime.history(turn.conversation_id)
    # Pydantic AI checks the arguments against the tool's schema before anything runs, and returns the problem to
    # the model as a "retried" tool result; no call ran, so none is recorded.
    [retried] = [p for m in history for p in m.parts if getattr(p, "outcome", None) == "retried"]
    assert retried.tool_name == "log_note" and "String should have at least 1 character" in str(retried.content)
    assert turn.response.tool_calls == []
    assert not (tmp_path / "home" / "notes").exists()
