"""The CLI acts as an explicit person (`--as`, PAIAS_USER), the audit shows who asked and who decided, and data made
before sign-in moves to a signed-in person (`paias people reassign`). In-process `main([...])` calls, each a new
runtime on the session's real PostgreSQL, with the real tasks server; people "sign in" by their row in `people`,
as the browser app records them."""

from __future__ import annotations

import hashlib
import json
import uuid
from pathlib import Path

import psycopg
import pytest

from agent_core.cli import main
from agent_core.people.identity import cli_channel
from tests.helpers import TASKS


@pytest.fixture
def team(monkeypatch, write_config, tmp_path, pg_url, user_id, capsys) -> dict[str, tuple[str, str]]:
    """Ann and Ben (researchers) and Cat (the approver), signed in once; USER_ID is a fresh local person."""
    values = {
        "MCP_CONFIG": str(write_config({"tasks": TASKS})),
        "PAIAS_HOME": str(tmp_path / "home"),
        "DATABASE_URL": pg_url,
        "USER_ID": user_id,
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("PAIAS_USER", raising=False)
    tag = uuid.uuid4().hex[:8]
    people = {name: (f"sub-{name}-{tag}", f"{name}-{tag}@lab.example") for name in ("ann", "ben", "cat")}
    monkeypatch.setenv("APPROVERS", people["cat"][1])
    assert main(["people", "list"]) == 0  # the schema is there (migrations run on first use)
    capsys.readouterr()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        for person_id, email in people.values():
            conn.execute("INSERT INTO people (id, email) VALUES (%s, %s)", (person_id, email))
    return people


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def as_json(capsys, *argv: str):
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def test_as_another_person_a_call_is_unknown_and_only_the_approver_approves_it_and_is_recorded(
    team, capsys, pg_url
) -> None:
    (_, ann), (_, ben), (cat_id, cat) = team["ann"], team["ben"], team["cat"]
    task = as_json(capsys, "--as", ann, "ask", "add a task to buy milk")["response"]["tool_calls"][0]["result"]["id"]
    [pending] = as_json(capsys, "ask", f"delete task {task}", "--as", ann)["pending"]

    code, out, _ = run(capsys, "approve", pending["id"], "--as", ben)
    assert code == 1 and f"There is no approval '{pending['id']}'" in out and ann not in out
    assert as_json(capsys, "--as", ben, "proposals") == []
    code, out, _ = run(capsys, "--as", ann, "approve", pending["id"])  # APPROVERS: irreversible waits for Cat
    assert code == 1 and f"Only an approver ({cat})" in out

    queue = as_json(capsys, "--as", cat, "proposals")
    assert [(row["id"], row["requested_by"]) for row in queue if row["id"] == pending["id"]] == [(pending["id"], ann)]
    done = as_json(capsys, "approve", pending["id"], "--as", cat)
    assert done["kind"] == "answer" and done["response"]["tool_calls"][0]["result"]["deleted"] == task

    [record] = as_json(capsys, "--as", ann, "proposals", "--all")
    assert (record["status"], record["decided_by"]) == ("approved", f"{cli_channel()} as {cat}")
    with psycopg.connect(pg_url) as conn:
        decided_by_id = conn.execute("SELECT decided_by_id FROM approvals WHERE id = %s", (pending["id"],)).fetchone()
    assert decided_by_id == (cat_id,)
    assert "You have no tasks." in as_json(capsys, "--as", ann, "ask", "show my tasks")["response"]["answer"]


def test_paias_user_names_the_person_and_an_unknown_one_is_one_clear_line(team, capsys, monkeypatch) -> None:
    ann = team["ann"][1]
    monkeypatch.setenv("PAIAS_USER", ann)
    assert as_json(capsys, "ask", "add a task to order pipettes")["kind"] == "answer"
    monkeypatch.delenv("PAIAS_USER")
    assert "Order pipettes" in as_json(capsys, "--as", ann, "ask", "show my tasks")["response"]["answer"]
    assert "You have no tasks." in as_json(capsys, "ask", "show my tasks")["response"]["answer"]  # the local person

    for argv in (["--as", "nobody@lab.example", "proposals"], ["ask", "hello", "--as", "nobody@lab.example"]):
        code, out, err = run(capsys, *argv)
        assert code == 1 and "Traceback" not in out + err
        assert err.strip().splitlines()[-1] == (
            "error: Nobody called 'nobody@lab.example' (--as) has signed in yet: they sign in once in the browser "
            "first. `paias people list` shows who has."
        )
    monkeypatch.setenv("PAIAS_USER", "ghost@lab.example")
    code, _, err = run(capsys, "audit")
    assert code == 1 and "Nobody called 'ghost@lab.example' (PAIAS_USER)" in err


def test_the_audit_names_who_asked_what_ran_who_decided_and_the_undo_and_people_see_only_their_own(
    team, capsys
) -> None:
    (ann_id, ann), (_, ben), (_, cat) = team["ann"], team["ben"], team["cat"]
    task = as_json(capsys, "--as", ann, "ask", "add a task to book the microscope")["response"]["tool_calls"][0]
    other = as_json(capsys, "--as", ann, "ask", "add a task to order gloves")["response"]["tool_calls"][0]
    [kept] = as_json(capsys, "--as", ann, "ask", f"delete task {task['result']['id']}")["pending"]
    assert run(capsys, "--as", ann, "reject", kept["id"], "--reason", "still needed")[0] == 0
    [edited] = as_json(capsys, "--as", ann, "ask", f"delete task {task['result']['id']}")["pending"]
    args = json.dumps({"task_id": other["result"]["id"]})
    assert run(capsys, "--as", cat, "approve", edited["id"], "--args", args)[0] == 0

    mine = as_json(capsys, "--as", ann, "audit")
    assert [row["id"] for row in mine] == [edited["id"], kept["id"]]
    approved, rejected = mine
    assert approved["requested_by"] == ann and approved["requested_by_id"] == ann_id
    assert approved["arguments"] == {"task_id": task["result"]["id"]}
    assert approved["ran_arguments"] == {"task_id": other["result"]["id"]}
    assert approved["ran_target"] == f"task {other['result']['id']} 'Order gloves'"
    assert (approved["status"], approved["decided_by"], approved["outcome"]) == (
        "approved",
        f"{cli_channel()} as {cat}",
        "success",
    )
    assert approved["decided_by_id"] == team["cat"][0] and approved["undone_at"] is None
    assert (rejected["status"], rejected["decision_reason"], rejected["outcome"]) == (
        "rejected",
        "still needed",
        "not_run",
    )
    assert rejected["decided_by"] == f"{cli_channel()} as {ann}" and rejected["ran_arguments"] is None

    assert as_json(capsys, "--as", ben, "audit") == []  # not an approver: only Ben's own
    assert as_json(capsys, "--as", ben, "audit", "--person", ann) == []
    everyone = as_json(capsys, "--as", cat, "audit", "--person", ann, "--status", "approved")
    assert [row["id"] for row in everyone] == [edited["id"]]
    assert as_json(capsys, "--as", cat, "audit", "--person", cat, "--tool", "delete_task") != []
    assert as_json(capsys, "--as", cat, "audit", "--person", ann, "--since", "2999-01-01") == []
    code, _, err = run(capsys, "--as", cat, "audit", "--since", "yesterday")
    assert code == 1 and "'yesterday' is not an ISO date or time" in err

    code, out, _ = run(capsys, "--as", ann, "audit", "--status", "rejected")
    assert code == 0 and "rejected by" in out and "(reason: still needed)" in out


def test_undoing_an_approved_change_shows_in_the_audit_with_who_undid_it(
    team, capsys, monkeypatch, write_config
) -> None:
    # Completing a task asks here (an irreversible override), so its undo (reopen) belongs to an approval.
    tasks = {**TASKS, "risk": {**TASKS["risk"], "complete_task": "irreversible"}}
    monkeypatch.setenv("MCP_CONFIG", str(write_config({"tasks": tasks})))
    (_, ann), (_, cat) = team["ann"], team["cat"]
    task = as_json(capsys, "--as", ann, "ask", "add a task to label the samples")["response"]["tool_calls"][0]
    [pending] = as_json(capsys, "--as", ann, "ask", f"mark task {task['result']['id']} as done")["pending"]
    assert pending["tool_name"] == "complete_task"
    assert run(capsys, "--as", cat, "approve", pending["id"])[0] == 0
    [before] = as_json(capsys, "--as", ann, "audit")
    assert before["outcome"] == "success" and before["undone_at"] is None

    code, out, _ = run(capsys, "--as", ann, "undo")
    assert code == 0 and out.startswith("Undone: reopen task")

    [row] = as_json(capsys, "--as", ann, "audit")
    assert row["id"] == pending["id"] and row["undone_by"] == f"{cli_channel()} as {ann}"
    assert row["undone_at"] >= row["decided_at"] and row["undo_summary"].startswith("reopen task")
    assert f"undone by {cli_channel()} as {ann} at " in run(capsys, "--as", cat, "audit", "--person", ann)[1]


def test_reassign_moves_everything_made_before_sign_in_to_the_person_in_one_go(
    team, capsys, tmp_path: Path, user_id: str
) -> None:
    ann_id, ann = team["ann"]
    added = as_json(capsys, "ask", "add a task to calibrate the pipettes")
    task_id = added["response"]["tool_calls"][0]["result"]["id"]
    [pending] = as_json(capsys, "ask", f"delete task {task_id}", "--conversation", added["conversation_id"])["pending"]
    assert run(capsys, "memory", "add", "The cold room is at 4 C")[0] == 0
    assert run(capsys, "memory", "add", "The freezer runs at -80 C")[0] == 0
    assert run(capsys, "--as", ann, "memory", "add", "The freezer runs at -80 C")[0] == 0  # Ann has this one
    notes = tmp_path / "home" / "notes"
    (notes / "daily").mkdir(parents=True)
    (notes / "daily" / "2026-01-05.md").write_text("- 09:00 local note\n")
    theirs = notes / "people" / hashlib.sha256(ann_id.encode()).hexdigest()[:16] / "daily"
    theirs.mkdir(parents=True)
    (theirs / "2026-01-05.md").write_text("- 08:00 ann's note\n")

    dry = as_json(capsys, "people", "reassign", "--from", user_id, "--to", ann, "--dry-run")
    assert dry["dry_run"] is True and dry["to"] == ann_id and dry["to_email"] == ann
    assert dry["moved"]["conversations"] == 1 and dry["moved"]["conversation_turns"] == 2
    assert dry["moved"]["tasks"] == 1 and dry["moved"]["approvals"] == 1
    assert dry["moved"]["memories"] == 1 and dry["kept"] == {"memories": 1} and dry["moved"]["notes"] == 1
    assert as_json(capsys, "--as", ann, "proposals") == []  # the dry run changed nothing
    assert (notes / "daily" / "2026-01-05.md").exists()

    code, out, _ = run(capsys, "people", "reassign", "--to", ann)  # --from defaults to USER_ID
    assert code == 0 and out.startswith(f"Moved from {user_id} to {ann} ({ann_id}):")
    assert "memories" in out and f"(1 kept by {user_id}: {ann} ({ann_id}) already has the same)" in out

    assert [p["id"] for p in as_json(capsys, "--as", ann, "proposals")] == [pending["id"]]
    assert as_json(capsys, "proposals") == []
    assert "Calibrate the pipettes" in as_json(capsys, "--as", ann, "ask", "show my tasks")["response"]["answer"]
    assert {m["content"] for m in as_json(capsys, "--as", ann, "memory", "list")} == {
        "The cold room is at 4 C",
        "The freezer runs at -80 C",
    }
    assert (theirs / "2026-01-05.md").read_text() == "- 08:00 ann's note\n- 09:00 local note\n"
    assert not (notes / "daily" / "2026-01-05.md").exists()
    assert as_json(capsys, "people", "reassign", "--to", ann)["moved"]["tasks"] == 0  # nothing left: safe to rerun


def test_reassign_refuses_someone_who_never_signed_in_unless_named_as_a_subject(team, capsys, user_id) -> None:
    as_json(capsys, "ask", "add a task to water the plants")
    code, _, err = run(capsys, "people", "reassign", "--to", "dan@lab.example")
    assert code == 1 and "Nobody called 'dan@lab.example' has signed in yet" in err and "--subject" in err

    moved = as_json(capsys, "people", "reassign", "--to", f"sub-dan-{user_id}", "--subject")
    assert moved["to"] == f"sub-dan-{user_id}" and moved["moved"]["tasks"] == 1 and moved["to_email"] is None
    code, _, err = run(capsys, "people", "reassign", "--from", user_id, "--to", user_id, "--subject")
    assert code == 1 and "both the source and the target" in err


def test_people_list_shows_who_signed_in(team, capsys) -> None:
    listed = as_json(capsys, "people", "list")
    emails = {row["email"] for row in listed}
    assert {email for _, email in team.values()} <= emails
    assert set(listed[0]) == {"id", "email", "first_seen", "last_seen"}
