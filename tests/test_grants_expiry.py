"""'Always allow here' grants expire (APPROVAL_GRANT_HOURS, default 8 h): on the real PostgreSQL, with the real
approval policy. No sleeping: a grant is moved into the past in SQL, as if its hours had gone by."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta

import pytest
from pydantic import ValidationError

from agent_core.approvals import GrantStore
from agent_core.db import Database
from agent_core.db.rows import fetch
from agent_core.runtime import AgentRuntime
from agent_core.schemas import RiskLevel
from agent_core.settings import Settings
from tests.helpers import scripted_model

pytestmark = pytest.mark.anyio

DELAYED = RiskLevel.REVERSIBLE_WITH_DELAY


@pytest.fixture
async def db(make_settings) -> AsyncIterator[Database]:
    async with Database(make_settings(), {"dimension": 384}) as database:
        yield database


async def age(pool, user_id: str, hours: float) -> None:
    """Move every grant of the user ``hours`` into the past (granted and expiring that much earlier)."""
    await fetch(
        pool,
        "UPDATE approval_grants SET granted_at = granted_at - %s * interval '1 hour',"
        " expires_at = expires_at - %s * interval '1 hour' WHERE user_id = %s",
        (hours, hours, user_id),
    )


async def test_a_grant_lasts_the_configured_hours_then_is_neither_listed_nor_granted(db, user_id) -> None:
    grants = GrantStore(db.pool, user_id, hours=2)
    await grants.grant("conv-a", "send_email", DELAYED, "ann@lab.example")
    [grant] = await grants.grants()
    assert timedelta(hours=2) - timedelta(seconds=5) < grant.expires_at - grant.granted_at <= timedelta(hours=2)

    await age(db.pool, user_id, 1.9)
    assert await grants.is_granted("conv-a", "send_email") is True
    await age(db.pool, user_id, 0.2)  # 2.1 h after it was granted

    assert await grants.is_granted("conv-a", "send_email") is False
    assert await grants.grants() == [] and await grants.grants("conv-a") == []
    assert await grants.revoke("conv-a", "send_email") is False  # nothing active is left to revoke


async def test_the_tool_can_be_granted_again_after_its_grant_expired(db, user_id) -> None:
    grants = GrantStore(db.pool, user_id)
    await grants.grant("conv-a", "send_email", DELAYED, "browser")
    await age(db.pool, user_id, 9)  # past the default 8 h

    await grants.grant("conv-a", "send_email", DELAYED, "browser")  # the expired one must not block it

    [renewed] = await grants.grants()
    assert await grants.is_granted("conv-a", "send_email") is True
    assert renewed.expires_at - renewed.granted_at == timedelta(hours=8)
    rows = await fetch(
        db.pool,
        "SELECT revoked_at = expires_at AS ended_at_expiry FROM approval_grants WHERE user_id = %s"
        " AND revoked_at IS NOT NULL",
        (user_id,),
    )
    assert rows == [{"ended_at_expiry": True}]  # the old grant is closed as ended when it expired


@pytest.mark.parametrize("hours", ["0", "-1"])
def test_the_grant_lifetime_must_be_positive(monkeypatch: pytest.MonkeyPatch, hours: str) -> None:
    monkeypatch.setenv("APPROVAL_GRANT_HOURS", hours)
    with pytest.raises(ValidationError, match="approval_grant_hours"):
        Settings(_env_file=None)


async def test_an_expired_grant_asks_again_in_the_conversation(make_settings, flaky_server, user_id) -> None:
    flaky = {**flaky_server, "risk": {"echo": "reversible_with_delay"}}
    settings = make_settings({"flaky": flaky}, approval_grant_hours=1)
    async with AgentRuntime(settings, model=scripted_model("echo", {"text": "made up"})) as rt:
        first = await rt.ask("echo something")
        allowed = await rt.approve(first.pending[0].id, always=True)
        granted = await rt.ask("echo something else", conversation_id=first.conversation_id)
        [grant] = await rt.grants.grants(first.conversation_id)
        await age(rt.grants.pool, user_id, 1.5)
        expired = await rt.ask("echo once more", conversation_id=first.conversation_id)

    assert allowed.kind == "answer" and granted.kind == "answer"
    assert grant.expires_at - grant.granted_at == timedelta(hours=1)
    assert expired.kind == "approval_required" and expired.pending[0].tool_name == "echo"
