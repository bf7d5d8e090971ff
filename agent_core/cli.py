"""The ``paias`` command: ask questions and inspect tools from a terminal or a script.

    paias ask "What time is it in Tokyo?" [--json] [--conversation ID]
    paias ask - --json            # one prompt per stdin line, one JSON object per line
    paias tools [--json]
    paias proposals [--all] [--conversation ID] [--json]
    paias approve ID [--args JSON] [--always] [--retry] [--json]   # prints the resumed run's result
    paias reject ID [--reason TEXT] [--json]
    paias undo [--conversation ID] [--json]   # take back the newest change the assistant made
    paias servers [--json]        # state, tools, last error, last latency, per-tool metrics
    paias servers start|stop NAME # every app on this database follows within ~5 s; new starts too
    paias memory add TEXT [--meta k=v ...] | search QUERY [--top-k N] [--json] | list [--json] | delete ID | reembed
    paias audit [--person P] [--tool T] [--status S] [--since ISO] [--limit N] [--json]   # the approval record
    paias people list [--json]    # who signed in
    paias people reassign --from local --to EMAIL_OR_ID [--subject] [--dry-run] [--json]   # give data to a person

The personal commands (ask, proposals, approve, reject, undo, audit, memory) act as one person: ``--as EMAIL_OR_ID``
(before or after the command) or ``PAIAS_USER`` names someone who signed in once in the browser; their decisions
are recorded as ``cli:<os user> as <email>``. Without either, the single-person mode's ``USER_ID`` ("cli").

Exit codes: 0 answer / tool_gap / approval_required, 1 error, 2 usage.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import sys
from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from typing import TYPE_CHECKING, Any, TextIO

from dotenv import load_dotenv

from agent_core.errors import PaiasError
from agent_core.settings import LOCAL_EMBEDDING_DIMENSION, Settings
from agent_core.telemetry.logs import configure_logging, one_line

# Each command imports what it uses when it runs: `paias proposals` needs the database, not the agent, the MCP
# client or the embedding model (importing those alone takes seconds).
if TYPE_CHECKING:
    from psycopg_pool import AsyncConnectionPool

    from agent_core.approvals.audit import AuditRow
    from agent_core.people.identity import Person
    from agent_core.people.reassign import Reassignment
    from agent_core.runtime import AgentRuntime
    from agent_core.schemas import TurnResult


def _runtime(settings: Settings, servers: Sequence[str] | None = None) -> AgentRuntime:
    from agent_core.runtime import AgentRuntime

    return AgentRuntime(settings, servers=servers)


@asynccontextmanager
async def _database(settings: Settings) -> AsyncIterator[AsyncConnectionPool]:
    """Only the database pool: for commands that read or record stored rows (no model, no servers)."""
    if settings.embedding_model == "local":  # the vector size is known without loading the model
        from agent_core.db import Database

        async with Database(settings, {"dimension": LOCAL_EMBEDDING_DIMENSION}) as database:
            yield database.pool
        return
    from agent_core.memory.session import open_memory

    async with open_memory(settings, check=False, warm=False) as memory:
        yield memory.pool


def _named(args: argparse.Namespace, settings: Settings) -> tuple[str, str] | None:
    """Who the command was told to act as, and where that came from (--as wins over PAIAS_USER); None: nobody."""
    if key := (getattr(args, "as_person", None) or "").strip():
        return key, "--as"
    if key := (settings.paias_user or "").strip():
        return key, "PAIAS_USER"
    return None


async def _person(args: argparse.Namespace, settings: Settings, pool: AsyncConnectionPool | None) -> Person:
    """The person this command acts for: someone who signed in once (``--as`` / ``PAIAS_USER``), acting through
    ``cli:<os user>``; else the single-person mode's person, acting through "cli".

    Raises:
        PaiasError: nobody with that email or id has signed in.
    """
    from agent_core.people.identity import Approvers, Person, cli_channel, local_person

    named = _named(args, settings)
    if named is None:
        return local_person(settings.user_id, via="cli")
    from agent_core.people.store import PeopleStore

    assert pool is not None, "a named person is looked up in the database"
    key, source = named
    known = await PeopleStore(pool).find(key)
    if known is None:
        raise PaiasError(
            f"Nobody called '{key}' ({source}) has signed in yet: they sign in once in the browser first. "
            "`paias people list` shows who has."
        )
    approver = Approvers.parse(settings.approvers).includes(known.email)
    return Person(id=known.id, name=known.email or known.id, approver=approver, via=cli_channel(), signed_in=True)


@asynccontextmanager
async def _acting(args: argparse.Namespace, settings: Settings) -> AsyncIterator[AgentRuntime]:
    """The runtime acting for the command's person (see ``_person``); an unknown person fails before any server
    starts."""
    async with AsyncExitStack() as stack:
        pool = None
        if _named(args, settings) is not None:  # held while the runtime starts: the embedded server starts once
            pool = await stack.enter_async_context(_database(settings))
        person = await _person(args, settings, pool)
        runtime = await stack.enter_async_context(_runtime(settings))
        yield runtime.for_person(person)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paias", description="PAIAS research assistant.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    acting = "act as this person (email or OIDC subject of someone who signed in; default: PAIAS_USER, else USER_ID)"
    parser.add_argument("--as", dest="as_person", metavar="EMAIL_OR_ID", help=acting)
    personal = argparse.ArgumentParser(add_help=False)  # --as after the command too: `paias approve ID --as ann@x`
    personal.add_argument("--as", dest="as_person", metavar="EMAIL_OR_ID", default=argparse.SUPPRESS, help=acting)
    commands = parser.add_subparsers(dest="command", required=True)
    ask = commands.add_parser("ask", parents=[personal], help="ask one question (or '-' to read one per stdin line)")
    ask.add_argument("prompt", help="the question, or '-' for one prompt per stdin line")
    ask.add_argument("--json", action="store_true", help="print one JSON object per turn")
    ask.add_argument("--conversation", metavar="ID", help="continue this conversation")
    proposals = commands.add_parser(
        "proposals", parents=[personal], help="list the tool calls waiting for your approval"
    )
    proposals.add_argument("--all", action="store_true", help="also the decided ones")
    proposals.add_argument("--conversation", metavar="ID", help="only this conversation's")
    proposals.add_argument("--json", action="store_true")
    approve = commands.add_parser("approve", parents=[personal], help="approve a waiting call; its run resumes")
    approve.add_argument("id")
    approve.add_argument("--args", metavar="JSON", help="run it with these arguments instead (a JSON object)")
    approve.add_argument("--always", action="store_true", help="also allow this tool for the rest of its conversation")
    approve.add_argument(
        "--retry", action="store_true", help="run an approved call again whose outcome is unknown (its run died)"
    )
    approve.add_argument("--json", action="store_true")
    reject = commands.add_parser(
        "reject", parents=[personal], help="reject a waiting call; the model is told it was not run"
    )
    reject.add_argument("id")
    reject.add_argument("--reason", metavar="TEXT", help="why (the model reads it)")
    reject.add_argument("--json", action="store_true")
    undo = commands.add_parser(
        "undo", parents=[personal], help="take back the newest change the assistant made (task, memory)"
    )
    undo.add_argument("--conversation", metavar="ID", help="the newest change of this conversation")
    undo.add_argument("--json", action="store_true")
    tools = commands.add_parser("tools", help="list the tools the agent can use")
    tools.add_argument("--json", action="store_true")
    servers = commands.add_parser("servers", help="show the MCP servers and their state, or start/stop one")
    servers.add_argument("action", nargs="?", choices=["start", "stop"], help="start or stop NAME")
    servers.add_argument("name", nargs="?", help="the server's name in the MCP config")
    servers.add_argument("--json", action="store_true")
    memory = commands.add_parser("memory", help="manage the research memory")
    actions = memory.add_subparsers(dest="action", required=True)
    add = actions.add_parser("add", parents=[personal], help="store a memory")
    add.add_argument("text")
    add.add_argument("--meta", action="append", default=[], metavar="KEY=VALUE", help="metadata (repeatable)")
    add.add_argument("--json", action="store_true")
    search = actions.add_parser("search", parents=[personal], help="search memories by meaning")
    search.add_argument("query")
    search.add_argument("--top-k", type=int, default=5)
    search.add_argument("--json", action="store_true")
    listing = actions.add_parser("list", parents=[personal], help="list memories, newest first")
    listing.add_argument("--limit", type=int, default=50)
    listing.add_argument("--json", action="store_true")
    delete = actions.add_parser("delete", parents=[personal], help="delete a memory by id")
    delete.add_argument("id")
    delete.add_argument("--json", action="store_true")
    actions.add_parser("reembed", help="re-embed all memories with the configured EMBEDDING_MODEL")
    audit = commands.add_parser(
        "audit", parents=[personal], help="the approval record: who asked, what ran, who decided, outcome, undo"
    )
    audit.add_argument("--person", metavar="P", help="only calls this person (email or id) asked for or decided")
    audit.add_argument("--tool", metavar="T", help="only this tool's calls")
    audit.add_argument("--status", choices=["pending", "approved", "rejected"])
    audit.add_argument(
        "--since", metavar="ISO", help="asked at or after this date or time (UTC unless it has an offset)"
    )
    audit.add_argument("--limit", type=int, default=200, help="at most this many rows (default 200)")
    audit.add_argument("--json", action="store_true")
    people = commands.add_parser("people", help="who signed in; give data made before sign-in to one of them")
    people_actions = people.add_subparsers(dest="action", required=True)
    people_list = people_actions.add_parser("list", help="everyone who signed in, most recent first")
    people_list.add_argument("--json", action="store_true")
    reassign = people_actions.add_parser(
        "reassign", help="move every row and daily note of one person to another, in one transaction"
    )
    reassign.add_argument("--from", dest="source", metavar="ID", help="whose data it is now (default: USER_ID)")
    reassign.add_argument("--to", dest="target", metavar="EMAIL_OR_ID", required=True, help="who it should belong to")
    reassign.add_argument(
        "--subject",
        action="store_true",
        help="--to is an OIDC subject that has not signed in yet (otherwise only people who signed in are accepted)",
    )
    reassign.add_argument("--dry-run", action="store_true", help="count what would move; change nothing")
    reassign.add_argument("--json", action="store_true")
    return parser


def _print_turn(turn: TurnResult, as_json: bool, out: TextIO) -> None:
    if as_json:
        out.write(json.dumps(turn.to_public_json(), ensure_ascii=False) + "\n")
        out.flush()
        return
    ran = [] if turn.response else turn.tool_calls  # an answer lists its calls below
    for call in ran:
        out.write(f"Already ran: {call.tool_name} {json.dumps(call.parameters)} -> {call.status.value}\n")
    if turn.kind == "error":
        out.write(f"Error: {turn.error}\n")
    elif turn.kind == "tool_gap" and turn.gap:
        from agent_core.gaps import gap_guidance

        out.write(gap_guidance(turn.gap) + "\n")
    elif turn.kind == "approval_required":
        for item in turn.pending:
            out.write(
                f"Approval needed [{item.id}]: {item.tool_name} {json.dumps(item.parameters)} "
                f"(risk {item.risk_level.value}: {item.reason})\n"
                f"  paias approve {item.id}   |   paias reject {item.id} --reason '...'\n"
            )
    elif turn.response:
        response = turn.response
        out.write(f"{response.answer}\n\nConfidence: {response.confidence:.2f}\nReasoning: {response.reasoning}\n")
        for call in response.tool_calls:
            out.write(
                f"Tool call: {call.tool_name} {json.dumps(call.parameters)} -> {call.status.value} in {call.duration_ms} ms\n"
            )
    if turn.conversation_id and turn.kind != "error":  # a follow-up ("and in Paris?") needs the conversation
        out.write(f"Conversation: {turn.conversation_id} (follow up with --conversation {turn.conversation_id})\n")
    out.flush()


async def _ask(args: argparse.Namespace, settings: Settings) -> int:
    prompts: list[str] = sys.stdin.read().splitlines() if args.prompt == "-" else [args.prompt]
    if settings.is_offline and not args.json:
        from agent_core.offline import OFFLINE_NOTICE

        print(OFFLINE_NOTICE, file=sys.stderr)
    failed = False
    async with _acting(args, settings) as runtime:
        for prompt in prompts:
            turn = await runtime.ask(prompt, conversation_id=args.conversation)
            failed |= turn.kind == "error"
            _print_turn(turn, args.json, sys.stdout)
    return 1 if failed else 0


async def _proposals(args: argparse.Namespace, settings: Settings) -> int:
    from agent_core.approvals.store import ApprovalStore, everyones_pending

    async with _database(settings) as pool:
        person = await _person(args, settings, pool)
        if person.approver and not args.all and not args.conversation:  # an approver's queue: everyone's
            rows = await everyones_pending(pool)
        else:
            rows = await ApprovalStore(pool, person.id).list(args.conversation, status=None if args.all else "pending")
    if args.json:
        print(json.dumps([row.model_dump(mode="json") for row in rows], ensure_ascii=False))
    elif not rows:
        print("Nothing is waiting for your approval." if not args.all else "No approvals yet.")
    if not args.json and any(row.status != "pending" for row in rows):
        from agent_core.approvals.decisions import decision_summary  # only then: it loads the agent library
    for row in [] if args.json else rows:
        decided = f" — {row.status} by {row.decided_by}" if row.status != "pending" else ""
        if row.outcome_unknown:
            decided += f" — outcome unknown (check, then `paias approve {row.id} --retry`)"
        target = f" ({row.target})" if row.target else ""
        if row.requested_by and row.requested_by != person.name:
            target += f"  asked by {row.requested_by}"
        print(
            f"{row.id}  {row.created_at:%Y-%m-%d %H:%M}  {row.tool_name} {json.dumps(row.parameters)}{target}  "
            f"risk {row.risk_level.value}{decided}\n    {row.reason}"
        )
        if row.status != "pending":
            print(f"    {decision_summary(row)}")
    return 0


async def _decide(args: argparse.Namespace, settings: Settings) -> int:
    from agent_core.approvals.decisions import decision_summary, parse_arguments

    raw = getattr(args, "args", None)  # approve's --args
    edited = parse_arguments(raw) if raw is not None else None  # bad --args: nothing starts
    async with AsyncExitStack() as stack:
        pool = await stack.enter_async_context(_database(settings))  # held while the runtime starts (see _acting)
        person = await _person(args, settings, pool)
        turn = await _refusal(args, settings, pool, person)
        if turn is None:
            # Every server starts, also to reject: the resumed run's model sees the tools the paused run saw.
            runtime = (await stack.enter_async_context(_runtime(settings))).for_person(person)
            by = runtime.person.via  # "cli", or cli:<os user> (recorded with the person's email)
            if args.command == "reject":
                turn = await runtime.reject(args.id, args.reason, by=by)
            else:
                turn = await runtime.approve(args.id, edited, always=args.always, by=by, retry=args.retry)
    if not args.json:  # the decision first, in words (the JSON keeps its stable shape)
        answer = turn.response.answer if turn.response else ""
        for item in turn.decided:
            if (summary := decision_summary(item)) not in answer:
                print(summary)
    _print_turn(turn, args.json, sys.stdout)
    return 1 if turn.kind == "error" else 0


async def _refusal(
    args: argparse.Namespace, settings: Settings, pool: AsyncConnectionPool, person: Person
) -> TurnResult | None:
    """The error turn of a decision this person may not make (an unknown or someone else's id, an irreversible call
    that waits for an approver), found in the database before any server or model starts; None: they may. The
    runtime checks again when it decides, with the same rule (``may_decide``)."""
    import uuid

    from agent_core.approvals.access import may_decide
    from agent_core.people.identity import Approvers
    from agent_core.schemas import TurnResult

    approvers = Approvers.parse(settings.approvers)
    try:
        await may_decide(pool, args.id, person, approvers, approving=args.command == "approve")
    except PaiasError as exc:
        return TurnResult(kind="error", correlation_id=uuid.uuid4().hex[:16], error=str(exc))
    return None


async def _undo(args: argparse.Namespace, settings: Settings) -> int:
    async with _acting(args, settings) as runtime:
        turn = await runtime.undo(args.conversation, by=runtime.person.via)
    _print_turn(turn, args.json, sys.stdout)
    return 1 if turn.kind == "error" else 0


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=lambda v: getattr(v, "value", str(v))))


async def _tools(args: argparse.Namespace, settings: Settings) -> int:
    async with _runtime(settings) as runtime:
        tools = await runtime.tools()
    if args.json:
        rows = [
            {
                "name": t.name,
                "server": t.server,
                "description": t.description,
                "risk_level": t.risk_level.value,
                "risk_reason": t.risk_reason,
                "annotations": _jsonable(t.annotations),
                "input_schema": _jsonable(t.input_schema),
            }
            for t in tools
        ]
        print(json.dumps(rows, ensure_ascii=False))
    else:
        for t in tools:
            print(
                f"{t.name:28} {t.server:12} {t.risk_level.value:22} {t.description.splitlines()[0] if t.description else ''}"
            )
    return 0


async def _servers(args: argparse.Namespace, settings: Settings) -> int:
    if args.action:
        return await _control_server(args, settings)
    async with _runtime(settings) as runtime:
        await runtime.check_servers()
        states = runtime.server_states()
    if args.json:
        print(json.dumps([vars(s) for s in states]))
    else:
        for s in states:
            latency = f"{s.last_latency_ms:.1f} ms" if s.last_latency_ms is not None else "-"
            print(f"{s.name:12} {s.kind:5} {s.state:11} {len(s.tools):3} tools  {latency:>9}  {s.error or ''}")
    return 0


async def _control_server(args: argparse.Namespace, settings: Settings) -> int:
    """Record a start/stop request; the processes sharing the database apply it (this one has nothing running)."""
    from agent_core.orchestrator.config import load_server_specs
    from agent_core.orchestrator.controls import ServerControls

    known = [spec.name for spec in load_server_specs(settings)] + ["legacy"]
    if args.name not in known:
        raise PaiasError(f"There is no server named '{args.name}'. Configured: {', '.join(known)}.")
    desired = "started" if args.action == "start" else "stopped"
    async with _database(settings) as pool:
        await ServerControls(pool).set(args.name, desired, by="cli")
    if args.json:
        print(json.dumps({"name": args.name, "desired": desired}))
    else:
        after = "starts again" if desired == "started" else f"stays stopped until `paias servers start {args.name}`"
        print(
            f"Requested: {args.name} {desired}. Running apps on this database apply it within about 5 s; "
            f"a new app {after}."
        )
    return 0


def _print_memories(rows: list[dict[str, Any]], as_json: bool) -> None:
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return
    if not rows:
        print("No memories.")
    for row in rows:
        score = f"  score {row['score']:.2f}" if "score" in row else ""
        print(f"{row['id']}  {row['created_at'][:10]}{score}\n    {row['content']}")
        if row["metadata"]:
            print(f"    {json.dumps(row['metadata'], ensure_ascii=False)}")


async def _memory(args: argparse.Namespace, settings: Settings) -> int:
    from agent_core.memory import parse_metadata
    from agent_core.memory.session import open_memory

    # Only commands that embed load the embedding model (seconds in a new process): list and delete read rows.
    embeds = args.action in {"add", "search", "reembed"}
    async with open_memory(settings, check=args.action != "reembed", warm=embeds) as shared:
        memory = (
            shared if args.action == "reembed" else shared.for_user((await _person(args, settings, shared.pool)).id)
        )
        if args.action == "add":
            memory_id = await memory.store_document(args.text, parse_metadata(args.meta))
            print(json.dumps({"id": memory_id}) if args.json else f"Stored memory {memory_id}")
        elif args.action == "search":
            _print_memories(await memory.semantic_search(args.query, top_k=args.top_k), args.json)
        elif args.action == "list":
            _print_memories(await memory.list_documents(limit=args.limit), args.json)
        elif args.action == "delete":
            deleted = await memory.delete_document(args.id)
            if args.json:
                print(json.dumps({"id": args.id, "deleted": deleted}))
            elif deleted:
                print(f"Deleted memory {args.id}")
            else:
                print(f"There is no memory {args.id}. List them with `paias memory list`.", file=sys.stderr)
            return 0 if deleted else 1
        else:
            count = await memory.reembed()
            print(f"Re-embedded {count} memories with {memory.model} ({memory.dimension} dimensions).")
    return 0


async def _audit(args: argparse.Namespace, settings: Settings) -> int:
    from agent_core.approvals.audit import AuditLog

    async with _database(settings) as pool:
        viewer = await _person(args, settings, pool)
        rows = await AuditLog(pool).rows(
            viewer, person=args.person, tool=args.tool, status=args.status, since=args.since, limit=args.limit
        )
    if args.json:
        print(json.dumps([row.to_json() for row in rows], ensure_ascii=False))
        return 0
    if not rows:
        whose = "anyone's" if viewer.approver else "your"
        print(f"No approvals match in {whose} record." if any((args.person, args.tool, args.status, args.since))
              else f"There is nothing in {whose} approval record yet.")  # fmt: skip
    for row in rows:
        print(_audit_text(row))
    return 0


def _audit_text(row: AuditRow) -> str:
    """One approval as a few lines: what was asked, by whom; the decision; what ran and what became of it; undo."""
    target = f" ({row.target})" if row.target else ""
    lines = [
        f"{row.id}  {row.requested_at:%Y-%m-%d %H:%M} UTC  {row.requested_by} asked: {row.tool_name} "
        f"{json.dumps(row.arguments, ensure_ascii=False)}{target}  risk {row.risk_level}"
    ]
    if row.status == "pending":
        lines.append("    waiting for a decision")
    else:
        why = f" (reason: {row.decision_reason})" if row.decision_reason else ""
        lines.append(f"    {row.status} by {row.decided_by} at {row.decided_at:%Y-%m-%d %H:%M} UTC{why}")
    if row.ran_arguments is not None:
        edited = " (edited)" if row.ran_arguments != row.arguments else ""
        ran_target = f" ({row.ran_target})" if row.ran_target else ""
        error = f": {row.outcome_error}" if row.outcome_error else ""
        lines.append(
            f"    ran {json.dumps(row.ran_arguments, ensure_ascii=False)}{ran_target}{edited} -> {row.outcome}{error}"
        )
    if row.undone_at is not None:
        lines.append(f"    undone by {row.undone_by} at {row.undone_at:%Y-%m-%d %H:%M} UTC: {row.undo_summary}")
    return "\n".join(lines)


async def _people(args: argparse.Namespace, settings: Settings) -> int:
    from agent_core.people.store import PeopleStore

    async with _database(settings) as pool:
        people = PeopleStore(pool)
        if args.action == "list":
            everyone = await people.all()
            if args.json:
                rows = [
                    {"id": p.id, "email": p.email, "first_seen": p.first_seen.isoformat(),
                     "last_seen": p.last_seen.isoformat()}
                    for p in everyone
                ]  # fmt: skip
                print(json.dumps(rows, ensure_ascii=False))
            elif not everyone:
                print("Nobody has signed in yet (single-person mode, or sign-in is new here).")
            for p in [] if args.json else everyone:
                print(f"{p.email or '-':32} {p.id:40} last seen {p.last_seen:%Y-%m-%d %H:%M}")
            return 0
        from agent_core.people.reassign import reassign

        source = args.source or settings.user_id
        known_source = await people.find(source)
        target = await people.find(args.target)
        if target is None and not args.subject:
            raise PaiasError(
                f"Nobody called '{args.target}' has signed in yet: they sign in once in the browser first, then run "
                "this again. If it is the OIDC subject they will sign in with, add --subject."
            )
        done = await reassign(
            pool,
            known_source.id if known_source else source,
            target.id if target else args.target.strip(),
            notes_dir=settings.paias_home / "notes",
            local_person=settings.user_id,
            target_email=target.email if target else None,
            dry_run=args.dry_run,
        )
    if args.json:
        print(json.dumps(done.to_json(), ensure_ascii=False))
    else:
        print(_reassigned_text(done))
    return 0


def _reassigned_text(done: Reassignment) -> str:
    to = f"{done.target_email} ({done.target})" if done.target_email else done.target
    head = "Would move" if done.dry_run else "Moved"
    lines = [f"{head} from {done.source} to {to}:"]
    for name, count in done.moved.items():
        if name == "conversation_turns":
            continue
        label = "daily notes" if name == "notes" else name.replace("_", " ")
        extra = f" ({done.moved.get('conversation_turns', 0)} turns)" if name == "conversations" else ""
        if kept := done.kept.get(name):
            extra += f" ({kept} kept by {done.source}: {to} already has the same)"
        lines.append(f"  {label:18} {count}{extra}")
    if done.dry_run:
        lines.append("Nothing was changed (--dry-run).")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``paias`` console script."""
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command == "servers" and bool(args.action) != bool(args.name):
        parser.error("use `paias servers` to list, or `paias servers start|stop NAME`")
    if args.verbose:
        configure_logging(logging.INFO)  # JSON lines with tracebacks
    else:
        configure_logging(logging.WARNING, json_lines=False, tracebacks=False)  # one line each, never a traceback
    load_dotenv(override=False)  # provider SDKs (OPENAI_API_KEY, ...) read the process environment
    commands = {
        "ask": _ask,
        "tools": _tools,
        "servers": _servers,
        "memory": _memory,
        "proposals": _proposals,
        "approve": _decide,
        "reject": _decide,
        "undo": _undo,
        "audit": _audit,
        "people": _people,
    }
    try:
        settings = Settings()
        return asyncio.run(commands[args.command](args, settings))
    except PaiasError as exc:
        return _fail(args, str(exc))
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # unforeseen (a bug, a broken setting): one line here, the traceback with -v
        if args.verbose:
            raise
        return _fail(args, f"{type(exc).__name__}: {one_line(str(exc), 300)}. Run again with -v to see the details.")


def _fail(args: argparse.Namespace, message: str) -> int:
    """Report an error that ended the command: one line on stderr (and the JSON error object where promised)."""
    if getattr(args, "json", False) and args.command in {"ask", "approve", "reject", "undo"}:
        print(
            json.dumps(
                {
                    "kind": "error",
                    "conversation_id": None,
                    "correlation_id": None,
                    "response": None,
                    "gap": None,
                    "pending": [],
                    "error": message,
                }
            )
        )
    print(f"error: {one_line(message)}", file=sys.stderr)
    return 1


def entry() -> None:
    """The ``paias`` console script: run the command, then leave at once.

    Everything the command owns (servers, database hold, exporters) was closed before ``main`` returned; what is
    left at interpreter exit is garbage collection and any thread a library forgot, which under load kept processes
    alive for a minute after their answer. The output is flushed first, so nothing printed is lost.
    """
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    logging.shutdown()
    os._exit(code)


if __name__ == "__main__":
    entry()
