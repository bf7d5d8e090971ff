"""ApprovalStore on the real embedded PostgreSQL: round trips, exactly-once decisions and resumes, grants, restarts."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import psycopg
import pytest
from psycopg_pool import AsyncConnectionPool
from pydantic_ai.messages import (
    ModelMessagesTypeAdapter,
    ModelRequest,
    ModelResponse,
    ToolCallPart,
    UserPromptPart,
)

from agent_core.approvals import AlreadyDecided, ApprovalStore, GrantStore, UnknownApproval
from agent_core.db import Database
from agent_core.errors import InputError, PaiasError
from agent_core.schemas import PendingApproval, RiskLevel
from agent_core.settings import PROJECT_ROOT

pytestmark = pytest.mark.anyio

CONVERSATION = "conv-1"


@pytest.fixture
async def db(make_settings) -> AsyncIterator[Database]:
    """Entering Database applies every migration (idempotent), so the approvals tables exist."""
    async with Database(make_settings(), {"dimension": 384}) as database:
        yield database


@pytest.fixture
def store(db: Database, user_id: str) -> ApprovalStore:
    return ApprovalStore(db.pool, user_id)


@pytest.fixture
def grants(db: Database, user_id: str) -> GrantStore:
    return GrantStore(db.pool, user_id)


@asynccontextmanager
async def wide_pool(db: Database, size: int) -> AsyncIterator[AsyncConnectionPool]:
    """A pool with one connection per concurrent caller, as separate processes would have."""
    pool = AsyncConnectionPool(db.url, min_size=size, max_size=size, open=False, kwargs={"autocommit": True})
    await pool.open(wait=True, timeout=30)
    try:
        yield pool
    finally:
        await pool.close()


def history(*calls: tuple[str, dict, str], text: str = "Delete notes.txt and mail Bob") -> list:
    """A real paused-run history: the user's prompt and the model's tool calls."""
    return [
        ModelRequest(parts=[UserPromptPart(text)]),
        ModelResponse(parts=[ToolCallPart(name, args, tool_call_id=call_id) for name, args, call_id in calls]),
    ]


def pending(tool_name: str, call_id: str, conversation_id: str = CONVERSATION, **args) -> PendingApproval:
    return PendingApproval(
        id="ignored",
        tool_name=tool_name,
        parameters=args,
        risk_level=RiskLevel.IRREVERSIBLE,
        reason=f"{tool_name} cannot be undone",
        conversation_id=conversation_id,
        tool_call_id=call_id,
    )


async def create_one(store: ApprovalStore, conversation_id: str = CONVERSATION) -> PendingApproval:
    messages = history(("delete_file", {"path": "notes.txt"}, "call_1"))
    [created] = await store.create(
        [pending("delete_file", "call_1", conversation_id, path="notes.txt")],
        ModelMessagesTypeAdapter.dump_json(messages),
        correlation_id="corr-1",
    )
    return created


async def create_pair(store: ApprovalStore) -> list[PendingApproval]:
    messages = history(("delete_file", {"path": "a.txt"}, "call_a"), ("send_email", {"to": "bob"}, "call_b"))
    return await store.create(
        [pending("delete_file", "call_a", path="a.txt"), pending("send_email", "call_b", to="bob")],
        ModelMessagesTypeAdapter.dump_json(messages),
        correlation_id="corr-2",
    )


async def test_created_approvals_are_listed_and_read_back_with_their_message_history(store: ApprovalStore) -> None:
    messages = history(("delete_file", {"path": "notes.txt", "force": True}, "call_1"))
    [created] = await store.create(
        [pending("delete_file", "call_1", path="notes.txt", force=True)],
        ModelMessagesTypeAdapter.dump_json(messages),
        correlation_id="corr-1",
    )
    assert created.id != "ignored" and len(created.id) == 12
    assert created.status == "pending" and created.created_at is not None and created.tool_call_id == "call_1"

    assert await store.list() == [created]
    stored = await store.get(created.id)
    assert stored.approval == created
    assert stored.correlation_id == "corr-1" and stored.resumed_at is None and stored.outcome is None
    assert ModelMessagesTypeAdapter.validate_json(stored.history_json) == messages


async def test_a_nul_character_in_arguments_or_history_is_stored_as_a_replacement_character(
    store: ApprovalStore,
) -> None:
    messages = history(("write_file", {"text": "a\x00b"}, "call_1"), text="back\\slash \\u0000 and a\x00b")
    [created] = await store.create(
        [pending("write_file", "call_1", text="a\x00b")],
        ModelMessagesTypeAdapter.dump_json(messages),
        correlation_id="c",
    )
    stored = await store.get(created.id)
    assert stored.approval.parameters == {"text": "a\ufffdb"}
    [request, response] = ModelMessagesTypeAdapter.validate_json(stored.history_json)
    assert request.parts[0].content == "back\\slash \\u0000 and a\ufffdb"  # a literal backslash-u0000 is kept
    assert response.parts[0].args == {"text": "a\ufffdb"}


async def test_listing_is_newest_run_first_with_a_runs_calls_in_the_models_order(store: ApprovalStore) -> None:
    first = await create_one(store)
    a, b = await create_pair(store)
    assert [p.id for p in await store.list()] == [a.id, b.id, first.id]
    assert [p.id for p in await store.list(limit=2)] == [a.id, b.id]
    assert await store.list(status="approved") == []
    with pytest.raises(InputError, match="no approval status 'done'"):
        await store.list(status="done")


async def test_approving_twice_raises_already_decided_naming_the_first_decision(store: ApprovalStore) -> None:
    created = await create_one(store)
    decision = await store.decide(created.id, approve=True, decided_by="cli")
    assert decision.approval.approval.status == "approved" and decision.approval.approval.decided_by == "cli"
    assert decision.group_complete and [item.id for item in decision.group] == [created.id]

    with pytest.raises(AlreadyDecided, match=rf"Approval {created.id} was already approved by cli at .* UTC\.") as err:
        await store.decide(created.id, approve=False, decided_by="ui", reason="changed my mind")
    assert err.value.approval.status == "approved" and isinstance(err.value, PaiasError)
    stored = await store.get(created.id)
    assert stored.approval.decided_by == "cli" and stored.decision_reason is None
    assert await store.list() == [] and [p.id for p in await store.list(status="approved")] == [created.id]


async def test_ten_concurrent_approvals_of_one_call_record_exactly_one(
    db: Database, store: ApprovalStore, user_id: str
) -> None:
    created = await create_one(store)
    async with wide_pool(db, 10) as pool:
        racing = ApprovalStore(pool, user_id)
        results = await asyncio.gather(
            *(racing.decide(created.id, approve=True, decided_by=f"ui-{i}") for i in range(10)), return_exceptions=True
        )
    winners = [r for r in results if not isinstance(r, BaseException)]
    assert len(winners) == 1 and winners[0].group_complete
    assert all(isinstance(r, AlreadyDecided) for r in results if r is not winners[0])
    assert (await store.get(created.id)).approval.decided_by == winners[0].approval.approval.decided_by


async def test_a_rejection_keeps_its_reason(store: ApprovalStore) -> None:
    created = await create_one(store)
    decision = await store.decide(created.id, approve=False, decided_by="ui", reason="not that file")
    stored = await store.get(created.id)
    assert decision.approval == stored
    assert stored.approval.status == "rejected" and stored.decision_reason == "not that file"
    assert stored.approval.decided_at is not None and stored.override_args is None


async def test_approval_with_edited_arguments_keeps_them(store: ApprovalStore) -> None:
    created = await create_one(store)
    await store.decide(created.id, approve=True, decided_by="ui", override_args={"path": "old-notes.txt"})
    stored = await store.get(created.id)
    assert stored.override_args == {"path": "old-notes.txt"}
    assert stored.approval.parameters == {"path": "notes.txt"}  # what the model asked for stays on record


@pytest.mark.parametrize(
    ("approve", "override_args", "message"),
    [
        (True, ["notes.txt"], "must be a JSON object"),
        (True, {"when": object()}, "must be a JSON object"),
        (False, {"path": "x"}, "only go with an approval"),
    ],
)
async def test_bad_edited_arguments_are_refused_and_leave_the_call_pending(
    store: ApprovalStore, approve, override_args, message
) -> None:
    created = await create_one(store)
    with pytest.raises(InputError, match=message):
        await store.decide(created.id, approve=approve, decided_by="ui", override_args=override_args)
    assert (await store.get(created.id)).approval.status == "pending"


async def test_unknown_ids_and_another_users_approvals_are_both_unknown(db: Database, store: ApprovalStore) -> None:
    created = await create_one(store)
    other = ApprovalStore(db.pool, f"other-{uuid.uuid4().hex[:8]}")
    for target, approval_id in ((store, "nope"), (other, created.id)):
        with pytest.raises(UnknownApproval, match="`paias proposals`"):
            await target.decide(approval_id, approve=True, decided_by="cli")
    assert await other.get(created.id) is None and await other.list() == [] and await other.count_pending() == 0
    assert await other.claim_resume((await store.get(created.id)).group_key) is False
    assert (await store.get(created.id)).approval.status == "pending"


async def test_a_run_waiting_on_two_calls_is_complete_only_after_the_second_decision(store: ApprovalStore) -> None:
    a, b = await create_pair(store)
    first = await store.decide(b.id, approve=False, decided_by="ui", reason="no mail")
    assert first.group_complete is False
    assert await store.claim_resume(first.approval.group_key) is False  # not while a call still waits

    second = await store.decide(a.id, approve=True, decided_by="ui")
    assert second.group_complete is True
    assert [(item.id, item.approval.status) for item in second.group] == [(a.id, "approved"), (b.id, "rejected")]
    assert {item.group_key for item in second.group} == {first.approval.group_key}
    assert second.group[0].history_json == second.group[1].history_json


async def test_concurrent_decisions_of_one_run_complete_it_exactly_once(db: Database, user_id: str) -> None:
    for _ in range(5):  # several rounds: the interleaving differs from one to the next
        a, b = await create_pair(ApprovalStore(db.pool, user_id))
        async with wide_pool(db, 2) as pool:
            store = ApprovalStore(pool, user_id)
            decisions = await asyncio.gather(
                store.decide(a.id, approve=True, decided_by="ui"), store.decide(b.id, approve=True, decided_by="cli")
            )
        assert sorted(d.group_complete for d in decisions) == [False, True]


async def test_a_decided_run_is_claimed_for_resume_exactly_once_and_keeps_its_outcome(
    db: Database, user_id: str
) -> None:
    store = ApprovalStore(db.pool, user_id)
    a, b = await create_pair(store)
    await store.decide(a.id, approve=True, decided_by="ui")
    decision = await store.decide(b.id, approve=True, decided_by="ui")
    group_key = decision.approval.group_key
    assert await store.record_outcome(group_key, {"kind": "answer"}) is False  # nobody claimed it yet

    async with wide_pool(db, 8) as pool:
        claims = await asyncio.gather(*(ApprovalStore(pool, user_id).claim_resume(group_key) for _ in range(8)))
    assert claims.count(True) == 1

    outcome = {"kind": "answer", "response": {"answer": "Deleted a.txt"}, "pending": []}
    assert await store.record_outcome(group_key, outcome) is True
    assert await store.record_outcome(group_key, {"kind": "error"}) is False  # the first outcome stays
    group = await store.group(group_key)
    assert [item.outcome for item in group] == [outcome, outcome]
    assert all(item.resumed_at is not None for item in group)
    assert await store.claim_resume(group_key) is False


async def test_pending_counts_are_per_conversation(store: ApprovalStore) -> None:
    one = await create_one(store, "conv-a")
    await create_one(store, "conv-a")
    await create_one(store, "conv-b")
    assert (await store.count_pending(), await store.count_pending("conv-a"), await store.count_pending("x")) == (
        3,
        2,
        0,
    )
    await store.decide(one.id, approve=True, decided_by="ui")
    assert await store.count_pending("conv-a") == 1
    assert [p.conversation_id for p in await store.list("conv-b")] == ["conv-b"]


async def test_always_allow_is_granted_listed_and_revoked_per_conversation(grants: GrantStore) -> None:
    assert await grants.is_granted("conv-a", "send_email") is False
    await grants.grant("conv-a", "send_email", RiskLevel.REVERSIBLE_WITH_DELAY, "ui")
    await grants.grant("conv-a", "send_email", "reversible_with_delay", "cli")  # already active: no-op
    assert await grants.is_granted("conv-a", "send_email") is True
    assert await grants.is_granted("conv-b", "send_email") is False
    [grant] = await grants.grants("conv-a")
    assert (grant.tool_name, grant.risk_level, grant.granted_by) == (
        "send_email",
        RiskLevel.REVERSIBLE_WITH_DELAY,
        "ui",
    )
    assert await grants.grants("conv-b") == [] and await grants.grants() == [grant]

    assert await grants.revoke("conv-a", "send_email") is True
    assert await grants.revoke("conv-a", "send_email") is False
    assert await grants.is_granted("conv-a", "send_email") is False and await grants.grants() == []
    await grants.grant("conv-a", "send_email", RiskLevel.REVERSIBLE_WITH_DELAY, "ui")  # granting again after revoke
    assert await grants.is_granted("conv-a", "send_email") is True


@pytest.mark.parametrize(("risk", "message"), [(RiskLevel.IRREVERSIBLE, "always asks"), ("risky", "no risk level")])
async def test_always_allow_is_refused_for_irreversible_tools(grants: GrantStore, risk, message) -> None:
    with pytest.raises(InputError, match=message):
        await grants.grant("conv-a", "delete_file", risk, "ui")
    assert await grants.is_granted("conv-a", "delete_file") is False


CREATE_IN_ANOTHER_PROCESS = """
import asyncio, sys
from agent_core.approvals import ApprovalStore
from agent_core.db import Database
from agent_core.schemas import PendingApproval
from agent_core.settings import Settings

async def main():
    async with Database(Settings(_env_file=None), {"dimension": 384}) as db:
        call = PendingApproval(id="-", tool_name="delete_file", parameters={"path": "x"}, risk_level="irreversible",
                               reason="irreversible", conversation_id="conv-r", tool_call_id="call_1")
        [created] = await ApprovalStore(db.pool, "restart-user").create([call], b"[]", correlation_id="c")
        print(created.id)

asyncio.run(main())
"""


async def test_a_pending_approval_survives_a_database_restart_and_is_decided_from_another_process(
    tmp_path: Path, make_settings
) -> None:
    home = tmp_path / "home"
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "USER_ID"}} | {"PAIAS_HOME": str(home)}
    created = subprocess.run(
        [sys.executable, "-c", CREATE_IN_ANOTHER_PROCESS], env=env, cwd=PROJECT_ROOT, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert created.returncode == 0, created.stderr
    assert not (home / "pgdata" / "postmaster.pid").exists()  # the creating process stopped the server on exit

    async with Database(make_settings(database_url=None, paias_home=home), {"dimension": 384}) as db:
        store = ApprovalStore(db.pool, "restart-user")
        [listed] = await store.list("conv-r")
        assert listed.id == created.stdout.strip() and listed.parameters == {"path": "x"}
        assert (await store.decide(listed.id, approve=True, decided_by="cli")).group_complete


async def test_the_schema_refuses_inconsistent_rows(db: Database, store: ApprovalStore) -> None:
    created = await create_one(store)
    async with await psycopg.AsyncConnection.connect(db.url, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.CheckViolation):
            await conn.execute("UPDATE approvals SET status = 'approved' WHERE id = %s", (created.id,))
        with pytest.raises(psycopg.errors.CheckViolation):
            await conn.execute("UPDATE approvals SET resumed_at = now() WHERE id = %s", (created.id,))
