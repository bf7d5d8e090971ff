"""Who is asking (issue 16): every piece of data belongs to a person, and every decision is made by a verified one.

One runtime (one set of MCP servers, one pool) serves several people through ``AgentRuntime.for_person``. The real
tasks server learns whose tasks to touch from the request's ``_meta``; PostgreSQL is the real session database;
the offline planner drives the turns."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from agent_core.db.rows import fetch_one
from agent_core.people.identity import Approvers, NotAllowed, Person, acting_for, cli_channel, local_person
from agent_core.runtime import AgentRuntime
from agent_core.settings import Settings
from tests.helpers import TASKS

pytestmark = pytest.mark.anyio

ANN = Person(id="sub-ann", name="ann@lab.example", signed_in=True)
BEN = Person(id="sub-ben", name="ben@lab.example", signed_in=True)
CAT = Person(id="sub-cat", name="cat@lab.example", signed_in=True, approver=True)


@pytest.fixture(scope="module")
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture(scope="module")
async def runtime(tmp_path_factory: pytest.TempPathFactory, pg_url: str) -> AsyncIterator[AgentRuntime]:
    """One runtime for the module with the tasks server, APPROVERS naming Cat: the people are fresh per test."""
    tmp = tmp_path_factory.mktemp("people")
    config = tmp / "mcp.json"
    config.write_text(json.dumps({"mcpServers": {"tasks": TASKS}}))
    settings = Settings(
        _env_file=None,
        model="offline",
        database_url=pg_url,
        paias_home=tmp / "home",
        mcp_config=config,
        user_id=f"local-{tmp.name}",
        approvers="cat@lab.example",
        tracing=False,
    )
    async with AgentRuntime(settings) as rt:
        yield rt


@pytest.fixture
def people(request: pytest.FixtureRequest) -> tuple[Person, Person, Person]:
    """Ann, Ben and Cat (the approver) with ids of this test only: the module shares one database."""
    suffix = request.node.name[-40:]
    return tuple(Person(**{**p.__dict__, "id": f"{p.id}-{suffix}"}) for p in (ANN, BEN, CAT))  # type: ignore[return-value]


async def titles(rt: AgentRuntime) -> list[str]:
    listed = await rt.call_tool("list_tasks", {"status": "all"})
    return [task["title"] for task in listed["tasks"]]


async def test_each_persons_conversations_tasks_and_memories_are_their_own(runtime: AgentRuntime, people) -> None:
    ann, ben, _ = people
    a, b = runtime.for_person(ann), runtime.for_person(ben)
    first = await a.ask("add a task to book the microscope")
    await a.ask("remember that my badge code is 4417", first.conversation_id)

    assert first.kind == "answer" and await titles(a) == ["Book the microscope"]
    assert await titles(b) == []  # the same server process, another person in _meta
    assert [c.id for c in await a.conversations.list()] == [first.conversation_id]
    assert await b.conversations.list() == []
    assert await b.conversations.turns(first.conversation_id) == []
    assert [hit.content for hit in await b.memory.search("badge code")] == []
    assert any("4417" in hit.content for hit in await a.memory.search("badge code"))


async def test_a_shared_conversation_link_starts_the_visitors_own_conversation(runtime: AgentRuntime, people) -> None:
    ann, ben, _ = people
    a, b = runtime.for_person(ann), runtime.for_person(ben)
    mine = await a.ask("what time is it in Tokyo?")

    theirs = await b.ask("what time is it in Paris?", mine.conversation_id)

    assert theirs.conversation_id != mine.conversation_id
    assert [t.prompt for t in await a.conversations.turns(mine.conversation_id)] == ["what time is it in Tokyo?"]
    assert [t.prompt for t in await b.conversations.turns(theirs.conversation_id)] == ["what time is it in Paris?"]
    assert not await b.delete_conversation(mine.conversation_id)
    assert await a.conversations.turns(mine.conversation_id)


async def test_someone_elses_approval_reads_as_unknown_and_nothing_runs(runtime: AgentRuntime, people) -> None:
    ann, ben, _ = people
    a, b = runtime.for_person(ann), runtime.for_person(ben)
    await a.ask("add a task to renew the grant")
    paused = await a.ask("delete the grant task")
    [pending] = paused.pending

    approved, rejected = await b.approve(pending.id, by="browser"), await b.reject(pending.id, by="browser")

    assert await b.proposals() == [] and await b.queue() == []
    for turn in (approved, rejected):  # exactly what an id that never existed gets
        assert turn.kind == "error" and turn.error.startswith(f"There is no approval '{pending.id}'.")
    assert [p.status for p in await a.proposals(status=None)] == ["pending"]
    assert await titles(a) == ["Renew the grant"]


async def test_with_approvers_an_irreversible_call_waits_for_one_and_runs_as_its_owner(
    runtime: AgentRuntime, people
) -> None:
    ann, _, cat = people
    a, c = runtime.for_person(ann), runtime.for_person(cat)
    await runtime.people.seen(ann.id, ann.name)
    await a.ask("add a task to order reagents")
    [pending] = (await a.ask("delete the reagents task")).pending

    refused = await a.approve(pending.id, by="browser")
    queued = await c.queue()
    done = await c.approve(pending.id, by="browser")

    assert refused.kind == "error" and refused.error.startswith("Only an approver (cat@lab.example) can approve this")
    assert [(q.id, q.requested_by) for q in queued if q.id == pending.id] == [(pending.id, "ann@lab.example")]
    assert done.kind == "answer" and done.conversation_id == pending.conversation_id
    assert await titles(a) == []  # it ran on Ann's list, not Cat's
    [record] = await a.proposals(status=None)
    assert (record.status, record.decided_by) == ("approved", "cat@lab.example")
    row = await fetch_one(runtime.approvals.pool, "SELECT decided_by_id FROM approvals WHERE id = %s", (pending.id,))
    assert row == {"decided_by_id": cat.id}
    assert [t.prompt for t in await a.conversations.turns(pending.conversation_id)][-1] != ""  # resumed in Ann's


async def test_the_owner_may_still_reject_an_irreversible_call_that_waits_for_an_approver(
    runtime: AgentRuntime, people
) -> None:
    ann, _, _ = people
    a = runtime.for_person(ann)
    await a.ask("add a task to sell the centrifuge")
    [pending] = (await a.ask("delete the centrifuge task")).pending

    turn = await a.reject(pending.id, "changed my mind", by="browser")

    assert turn.kind == "answer" and "ann@lab.example rejected" in turn.response.answer
    [record] = await a.proposals(status=None)
    assert (record.status, record.decided_by) == ("rejected", "ann@lab.example")
    assert await titles(a) == ["Sell the centrifuge"]


async def test_the_cli_records_the_os_user_and_the_person_it_acts_as() -> None:
    ann = ANN.acting(cli_channel())
    assert ann.decided_by == f"{cli_channel()} as ann@lab.example"
    assert local_person("local", via="cli").decided_by == "cli"
    assert local_person("local").decided_by == "browser"


def test_approvers_name_emails_and_groups_case_insensitively() -> None:
    approvers = Approvers.parse("Cat@Lab.example, group:PI  dan@lab.example")
    assert approvers.configured and approvers.includes("cat@lab.example")
    assert approvers.includes("eve@lab.example", ["pi"]) and not approvers.includes("eve@lab.example", ["students"])
    assert not Approvers.parse("").configured and not Approvers.parse(" , ").includes("", [])
    assert approvers.describe() == "cat@lab.example, dan@lab.example, the pi group"


async def test_app_side_tool_calls_are_read_only_and_act_for_the_person(runtime: AgentRuntime, people) -> None:
    ann, ben, _ = people
    with pytest.raises(NotAllowed, match="delete_task is not a read-only tool"):
        await runtime.for_person(ann).call_tool("delete_task", {"task_id": 1})
    await runtime.for_person(ben).ask("add a task to water the plants")
    with acting_for(ann.id):  # an explicit person wins over the server's default
        listed = await runtime.servers.execute("list_tasks", {"status": "all"})
    assert listed["tasks"] == []


async def test_facts_and_notes_are_kept_per_person(runtime: AgentRuntime, people, tmp_path: Path) -> None:
    ann, ben, _ = people
    for person, fact in ((ann, "the freezer runs at -80 C"), (ben, "the cold room is at 4 C")):
        with acting_for(person.id):
            await runtime.servers.execute("save_fact", {"fact": fact})
            note = await runtime.servers.execute("log_note", {"text": f"{person.name} was here"})
        assert "/people/" in note["path"]
    rows = await fetch_one(
        runtime.approvals.pool,
        "SELECT count(*) FILTER (WHERE user_id = %s) AS ann, count(*) FILTER (WHERE user_id = %s) AS ben FROM facts",
        (ann.id, ben.id),
    )
    assert rows == {"ann": 1, "ben": 1}


async def test_only_the_persons_own_memory_answers_their_question(runtime: AgentRuntime, people) -> None:
    ann, ben, _ = people
    a, b = runtime.for_person(ann), runtime.for_person(ben)
    await a.ask("remember that the autoclave code is 5521")

    theirs, mine = await b.ask("what is the autoclave code?"), await a.ask("what is the autoclave code?")

    assert mine.kind == "answer" and "5521" in mine.response.answer
    assert "5521" not in theirs.model_dump_json()  # no web search here: Ben is told it is missing, not Ann's code
