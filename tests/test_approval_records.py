"""The approval record tells the truth: what a call acts on (its target, named by the server's own listing tool),
what actually ran when a person edited the arguments, the person's reason, and a resumed run stored as the
continuation of its decisions — with the person reading their decision, never the text meant for the model.
Real tasks server, real PostgreSQL, the offline planner; fakes only through the TargetNamer's two callables."""

from __future__ import annotations

import asyncio
import json
import re
from datetime import UTC, datetime
from typing import Any

import pytest

from agent_core.approvals.decisions import (
    FOR_THE_PERSON,
    decision_label,
    decision_summary,
    denial_for_person,
    gerund,
)
from agent_core.approvals.targets import TargetNamer, reference
from agent_core.cli import main
from agent_core.orchestrator import ToolInfo
from agent_core.runtime import AgentRuntime
from agent_core.schemas import PendingApproval, RiskLevel
from tests.helpers import TASKS, add_tasks, scripted_model
from tests.shared_runtime import module_anyio_backend, module_runtime, person_runtime  # noqa: F401 - fixtures

pytestmark = pytest.mark.anyio
runtime = module_runtime({"tasks": TASKS})


async def open_titles(rt: AgentRuntime) -> list[str]:
    turn = await rt.ask("show my tasks")
    return [t["title"] for t in turn.response.tool_calls[0].result["tasks"]]


async def test_an_edited_approval_records_the_arguments_that_ran_and_names_both_targets(rt: AgentRuntime) -> None:
    milk, microscope = await add_tasks(rt, "buy milk", "book the microscope")
    paused = await rt.ask(f"delete task {milk}")
    [pending] = paused.pending
    done = await rt.approve(pending.id, override_args={"task_id": microscope}, by="browser")
    [record] = await rt.proposals(paused.conversation_id, status="approved")
    titles = await open_titles(rt)
    shown = await rt.conversations.turns(paused.conversation_id)

    assert pending.target == f"task {milk} 'Buy milk'"
    assert titles == ["Buy milk"]  # the edited call ran: task "microscope" went, "milk" stayed
    assert record.parameters == {"task_id": milk}  # what the assistant proposed stays on record…
    assert record.target == f"task {milk} 'Buy milk'"
    assert record.ran_parameters == {"task_id": microscope}  # …next to what ran
    assert record.ran_target == f"task {microscope} 'Book the microscope'"
    assert record.decided_by == "browser" and record.decision_reason is None
    # The lookup is the app's read, not the model's: no turn lists it.
    assert [c.tool_name for c in done.tool_calls] == ["delete_task"]
    assert "list_tasks" not in [c.tool_name for c in paused.tool_calls]

    [decided] = done.decided
    assert decided.model_dump(exclude={"resumed_by"}) == record.model_dump(exclude={"resumed_by"})
    last = shown[-1]
    assert last.prompt == f"Approved deleting task {microscope} 'Book the microscope'"  # a label, not an id
    assert [d.id for d in last.result.decided] == [pending.id]
    assert last.result.decided[0].ran_target == record.ran_target and last.result.decided[0].status == "approved"
    assert "decided" not in done.to_public_json()  # the stable `paias ask --json` shape is unchanged


async def test_a_rejection_shows_the_person_their_decision_and_only_the_model_reads_its_instructions(
    rt: AgentRuntime,
) -> None:
    [task_id] = await add_tasks(rt, "order pipettes")
    [pending] = (await rt.ask(f"delete task {task_id}")).pending
    turn = await rt.reject(pending.id, reason="too early")
    history = rt.history(turn.conversation_id)
    shown = await rt.conversations.turns(turn.conversation_id)
    titles = await open_titles(rt)

    assert titles == ["Order pipettes"] and turn.tool_calls == []
    assert f"Not run — you rejected deleting task {task_id} 'Order pipettes' (reason: too early)." in (
        turn.response.answer
    )
    assert "Do not try" not in turn.response.answer and FOR_THE_PERSON not in turn.response.answer
    denied = [p for m in history for p in m.parts if getattr(p, "outcome", None) == "denied"]
    assert "Do not try it again" in denied[0].content  # the model is still told not to work around it
    [decided] = shown[-1].result.decided
    assert (decided.status, decided.decision_reason, decided.ran_parameters) == ("rejected", "too early", None)
    assert shown[-1].prompt == f"Rejected deleting task {task_id} 'Order pipettes'"


async def test_a_tool_whose_server_offers_no_listing_of_its_items_has_no_target(make_settings, flaky_server) -> None:
    settings = make_settings({"flaky": flaky_server})
    async with AgentRuntime(settings, model=scripted_model("wipe_everything", {"scope": "lab"})) as rt:
        paused = await rt.ask("wipe the lab")
        # The flaky server's read-only tools (crash, hang, …) do not name "record": none is called for a name.
        named = await rt.targets.name("wipe_everything", {"record_id": 7})
        healthy = await rt.servers.health("flaky")
    [pending] = paused.pending
    assert pending.target is None and pending.parameters == {"scope": "lab"}
    assert named is None and healthy


def test_the_cli_lists_the_target_and_prints_each_decision_in_words(
    monkeypatch, write_config, tmp_path, pg_url, user_id, capsys
) -> None:
    environment = {"MCP_CONFIG": str(write_config({"tasks": TASKS})), "PAIAS_HOME": str(tmp_path / "home")}
    for name, value in {**environment, "DATABASE_URL": pg_url, "USER_ID": user_id}.items():
        monkeypatch.setenv(name, value)

    def run(*argv: str) -> str:
        assert main(list(argv)) == 0
        return capsys.readouterr().out

    ids = [json.loads(run("ask", f"add a task to {t}", "--json"))["response"]["tool_calls"][0]["result"]["id"]
           for t in ("buy milk", "book the microscope")]  # fmt: skip
    [first] = json.loads(run("ask", f"delete task {ids[0]}", "--json"))["pending"]
    assert set(first) == {"id", "tool_name", "parameters", "risk_level", "reason"}  # the stable shape
    assert f"delete_task {json.dumps({'task_id': ids[0]})} (task {ids[0]} 'Buy milk')" in run("proposals")
    approved = run("approve", first["id"], "--args", json.dumps({"task_id": ids[1]}))
    summary = rf"Approved by cli at \d{{4}}-\d\d-\d\d \d\d:\d\d UTC — deleting task {ids[1]} 'Book the microscope'"
    assert re.match(rf"{summary} \(edited from task {ids[0]} 'Buy milk'\)\.\n", approved), approved
    [second] = json.loads(run("ask", f"delete task {ids[0]}", "--json"))["pending"]
    rejected = run("reject", second["id"], "--reason", "still needed")
    assert rejected.count(f"Not run — you rejected deleting task {ids[0]} 'Buy milk' (reason: still needed).") == 1
    [listed] = json.loads(run("proposals", "--all", "--json"))[:1]  # newest first
    assert (listed["target"], listed["decision_reason"]) == (f"task {ids[0]} 'Buy milk'", "still needed")
    assert "Not run — you rejected deleting task" in run("proposals", "--all")


def tool(name: str, server: str = "notes", *, read_only: bool = True, required: list[str] | None = None) -> ToolInfo:
    schema = {"type": "object", "properties": {}, "required": required or []}
    return ToolInfo(name, server, "", schema, {"readOnlyHint": read_only}, RiskLevel.REVERSIBLE, "")


def namer(tools: list[ToolInfo], call: Any, timeout: float = 2.0) -> TargetNamer:
    async def listed() -> list[ToolInfo]:
        return tools

    return TargetNamer(listed, call, timeout=timeout)


async def test_a_target_is_named_from_the_same_servers_listing_tool_only() -> None:
    calls: list[str] = []

    async def call(name: str, arguments: dict[str, Any]) -> Any:
        calls.append(name)
        return {"notes": [{"id": 4, "title": "Lab  book"}], "count": 1}

    tools = [
        tool("delete_note", read_only=False),
        tool("list_notes"),
        tool("search_notes", required=["query"]),  # needs an argument: not a listing
        tool("list_notes", "other"),  # another server's listing never names this server's items
    ]
    names = await namer(tools, call).name_all([("delete_note", {"note_id": 4}), ("delete_note", {"note_id": 5})])
    assert names == ["note 4 'Lab book'", None]
    assert calls == ["list_notes"]  # read once for both calls


@pytest.mark.parametrize("failure", ["error", "silence"])
async def test_a_listing_that_fails_or_does_not_answer_in_time_names_nothing(failure: str) -> None:
    never = asyncio.Event()

    async def call(name: str, arguments: dict[str, Any]) -> Any:
        if failure == "error":
            raise RuntimeError("the listing broke")
        await never.wait()  # no answer: the lookup's own bound ends it

    loop = asyncio.get_running_loop()
    started = loop.time()
    named = await namer([tool("delete_note", read_only=False), tool("list_notes")], call, timeout=0.2).name(
        "delete_note", {"note_id": 4}
    )
    assert named is None and loop.time() - started < 2.0


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [({"task_id": 3}, ("task", 3)), ({"id": "a1"}, ("note", "a1")), ({"flag": True, "title": "x"}, None)],
)
def test_the_item_a_call_acts_on_comes_from_an_id_argument(arguments: dict[str, Any], expected: Any) -> None:
    assert reference("delete_task" if "task_id" in arguments else "delete_note", arguments) == expected


@pytest.mark.parametrize(
    ("tool_name", "noun", "expected"),
    [
        ("delete_task", "task", "deleting"),
        ("complete_task", "task", "completing"),
        ("add_task", "task", "adding"),
        ("add_task", None, "adding task"),
        ("send_email", None, "sending email"),
        ("stopServer", None, "stopping server"),
        ("write_file", None, "writing file"),
        ("untie_knot", None, "untying knot"),
        ("fix_bug", None, "fixing bug"),
        ("open_issue", None, "opening issue"),
    ],
)
def test_a_tool_name_reads_as_a_gerund_without_the_noun_its_target_names(tool_name, noun, expected) -> None:
    assert gerund(tool_name, noun) == expected


def item(**changes: Any) -> PendingApproval:
    base = PendingApproval(
        id="a1",
        tool_name="delete_task",
        parameters={"task_id": 1},
        risk_level=RiskLevel.IRREVERSIBLE,
        reason="destructive",
        target="task 1 'Buy milk'",
    )
    return base.model_copy(update=changes)


def test_a_rejection_reads_as_the_persons_decision_with_or_without_reason_and_target() -> None:
    assert decision_summary(item(status="rejected", decision_reason="too early")) == (
        "Not run — you rejected deleting task 1 'Buy milk' (reason: too early)."
    )
    assert decision_summary(item(status="rejected")) == "Not run — you rejected deleting task 1 'Buy milk'."
    assert decision_summary(item(status="rejected", target=None, parameters={"task_id": 3})) == (
        "Not run — you rejected deleting with task_id 3."
    )
    assert decision_summary(item(status="rejected", decided_by="cat@lab.example")) == (
        "Not run — cat@lab.example rejected deleting task 1 'Buy milk'."
    )


def test_an_approval_says_who_when_and_what_ran_mentioning_an_edit_only_when_there_was_one() -> None:
    when = datetime(2026, 11, 23, 10, 4, 30, tzinfo=UTC)
    approved = item(status="approved", decided_by="browser", decided_at=when)
    assert decision_summary(approved) == "Approved by browser at 2026-11-23 10:04 UTC — deleting task 1 'Buy milk'."
    edited = approved.model_copy(
        update={"ran_parameters": {"task_id": 3}, "ran_target": "task 3 'Book the microscope'"}
    )
    assert decision_summary(edited) == (
        "Approved by browser at 2026-11-23 10:04 UTC — deleting task 3 'Book the microscope' "
        "(edited from task 1 'Buy milk')."
    )
    same = approved.model_copy(update={"ran_parameters": {"task_id": 1}})
    assert "edited" not in decision_summary(same)
    assert decision_label([edited]) == "Approved deleting task 3 'Book the microscope'"


def test_a_denial_without_a_sentence_for_the_person_still_never_shows_the_models_text() -> None:
    model_text = "Not run: this call needed approval. Do not try it again in another way."
    shown = denial_for_person(model_text, "delete_task", {"task_id": 2})
    assert shown == "Not run — deleting with task_id 2 was not approved." and "Do not" not in shown
