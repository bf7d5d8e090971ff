"""Outcome unknown is a state (issue 12): an approval whose run died (kill -9 mid-call) is shown as "approved —
outcome unknown", approving again says so and how to check, and only an explicit `--retry` runs it again."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from agent_core.approvals import ApprovalStore
from agent_core.runtime import AgentRuntime
from agent_core.schemas import PendingApproval
from agent_core.settings import PROJECT_ROOT
from tests.helpers import scripted_model

pytestmark = [pytest.mark.anyio, pytest.mark.fault]


def wait_for(condition, deadline_s: float, what: str) -> None:
    deadline = time.monotonic() + deadline_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what} after {deadline_s:g} s")
        time.sleep(0.05)


async def test_a_run_killed_after_approval_shows_outcome_unknown_and_runs_again_only_on_retry(
    make_settings, flaky_server, tmp_path: Path, pg_url: str, user_id: str
) -> None:
    server = {**flaky_server, "timeout": 120}  # the first attempt must still be running when it is killed
    settings = make_settings({"flaky": server})
    marker = Path(server["env"]["FLAKY_MARKER"])
    async with AgentRuntime(settings, model=scripted_model("slow_wipe", {"scope": "lab"})) as rt:
        [pending] = (await rt.ask("wipe the lab")).pending

    env = {
        **os.environ,
        "MCP_CONFIG": str(settings.mcp_config),
        "PAIAS_HOME": str(settings.paias_home),
        "DATABASE_URL": pg_url,
        "USER_ID": user_id,
    }
    approving = subprocess.Popen(
        [sys.executable, "-m", "agent_core.cli", "approve", pending.id],
        cwd=PROJECT_ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: marker.exists() or approving.poll() is not None, 90, "the approved call to start")
        assert marker.read_text() == "started"
    finally:
        approving.kill()  # SIGKILL: no cleanup, no outcome recorded
        approving.wait()

    async with AgentRuntime(settings, model=scripted_model("slow_wipe", {"scope": "lab"})) as rt:
        [shown] = await rt.proposals(status=None)
        again = await rt.approve(pending.id)
        assert marker.read_text() == "started"  # approving again ran nothing
        retried = await rt.approve(pending.id, retry=True)
        twice = await rt.approve(pending.id, retry=True)
        [after] = await rt.proposals(status=None)

    assert (shown.status, shown.outcome_unknown) == ("approved", True)
    assert json.loads(shown.model_dump_json())["outcome_unknown"] is True and "resumed_by" not in shown.model_dump()
    assert again.kind == "error" and "whether the call ran is unknown" in again.error
    assert f"paias approve {pending.id} --retry" in again.error
    assert retried.kind == "answer" and marker.read_text() == "wiped lab"
    assert [c.tool_name for c in retried.tool_calls] == ["slow_wipe"]
    assert after.outcome_unknown is False
    assert twice.kind == "error" and "is finished" in twice.error


async def test_a_decided_run_nobody_resumed_is_outcome_unknown_after_a_minute(make_settings) -> None:
    async with AgentRuntime(make_settings()) as rt:
        store: ApprovalStore = rt.approvals
        call = PendingApproval(
            id="-", tool_name="wipe", parameters={}, risk_level="irreversible", reason="test",
            conversation_id="conv-1", tool_call_id="c1",
        )  # fmt: skip
        [stored] = await store.create([call], b"[]", correlation_id=None)
        await store.decide(stored.id, approve=True, decided_by="browser")  # ... and the process died here
        fresh = await store.get(stored.id)
        async with store.pool.connection() as conn:
            await conn.execute(
                "UPDATE approvals SET decided_at = decided_at - interval '2 minutes' WHERE id = %s", (stored.id,)
            )
        old = await store.get(stored.id)
        unknown_id = await rt.approve("nope", retry=True)
    assert fresh.approval.outcome_unknown is False  # just decided: its resume is on its way
    assert old.approval.outcome_unknown is True
    assert unknown_id.kind == "error" and "There is no approval 'nope'" in unknown_id.error
