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
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, TextIO

from dotenv import load_dotenv

from agent_core.errors import PaiasError
from agent_core.settings import LOCAL_EMBEDDING_DIMENSION, Settings
from agent_core.telemetry.logs import configure_logging, one_line

# Each command imports what it uses when it runs: `paias proposals` needs the database, not the agent, the MCP
# client or the embedding model (importing those alone takes seconds).
if TYPE_CHECKING:
    from psycopg_pool import AsyncConnectionPool

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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paias", description="PAIAS research assistant.")
    parser.add_argument("-v", "--verbose", action="store_true", help="log progress to stderr")
    commands = parser.add_subparsers(dest="command", required=True)
    ask = commands.add_parser("ask", help="ask one question (or '-' to read one per stdin line)")
    ask.add_argument("prompt", help="the question, or '-' for one prompt per stdin line")
    ask.add_argument("--json", action="store_true", help="print one JSON object per turn")
    ask.add_argument("--conversation", metavar="ID", help="continue this conversation")
    proposals = commands.add_parser("proposals", help="list the tool calls waiting for your approval")
    proposals.add_argument("--all", action="store_true", help="also the decided ones")
    proposals.add_argument("--conversation", metavar="ID", help="only this conversation's")
    proposals.add_argument("--json", action="store_true")
    approve = commands.add_parser("approve", help="approve a waiting call; its run resumes")
    approve.add_argument("id")
    approve.add_argument("--args", metavar="JSON", help="run it with these arguments instead (a JSON object)")
    approve.add_argument("--always", action="store_true", help="also allow this tool for the rest of its conversation")
    approve.add_argument(
        "--retry", action="store_true", help="run an approved call again whose outcome is unknown (its run died)"
    )
    approve.add_argument("--json", action="store_true")
    reject = commands.add_parser("reject", help="reject a waiting call; the model is told it was not run")
    reject.add_argument("id")
    reject.add_argument("--reason", metavar="TEXT", help="why (the model reads it)")
    reject.add_argument("--json", action="store_true")
    undo = commands.add_parser("undo", help="take back the newest change the assistant made (task, memory)")
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
    add = actions.add_parser("add", help="store a memory")
    add.add_argument("text")
    add.add_argument("--meta", action="append", default=[], metavar="KEY=VALUE", help="metadata (repeatable)")
    add.add_argument("--json", action="store_true")
    search = actions.add_parser("search", help="search memories by meaning")
    search.add_argument("query")
    search.add_argument("--top-k", type=int, default=5)
    search.add_argument("--json", action="store_true")
    listing = actions.add_parser("list", help="list memories, newest first")
    listing.add_argument("--limit", type=int, default=50)
    listing.add_argument("--json", action="store_true")
    delete = actions.add_parser("delete", help="delete a memory by id")
    delete.add_argument("id")
    delete.add_argument("--json", action="store_true")
    actions.add_parser("reembed", help="re-embed all memories with the configured EMBEDDING_MODEL")
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
    out.flush()


async def _ask(args: argparse.Namespace, settings: Settings) -> int:
    prompts: list[str] = sys.stdin.read().splitlines() if args.prompt == "-" else [args.prompt]
    if settings.is_offline and not args.json:
        from agent_core.offline import OFFLINE_NOTICE

        print(OFFLINE_NOTICE, file=sys.stderr)
    failed = False
    async with _runtime(settings) as runtime:
        for prompt in prompts:
            turn = await runtime.ask(prompt, conversation_id=args.conversation)
            failed |= turn.kind == "error"
            _print_turn(turn, args.json, sys.stdout)
    return 1 if failed else 0


async def _proposals(args: argparse.Namespace, settings: Settings) -> int:
    from agent_core.approvals.store import ApprovalStore

    async with _database(settings) as pool:
        rows = await ApprovalStore(pool, settings.user_id).list(
            args.conversation, status=None if args.all else "pending"
        )
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
        print(
            f"{row.id}  {row.created_at:%Y-%m-%d %H:%M}  {row.tool_name} {json.dumps(row.parameters)}{target}  "
            f"risk {row.risk_level.value}{decided}\n    {row.reason}"
        )
        if row.status != "pending":
            print(f"    {decision_summary(row)}")
    return 0


async def _decide(args: argparse.Namespace, settings: Settings) -> int:
    from agent_core.approvals.decisions import decision_summary, parse_arguments

    # Every server starts, also to reject: the resumed run's model sees the tools the paused run saw.
    async with _runtime(settings) as runtime:
        if args.command == "reject":
            turn = await runtime.reject(args.id, args.reason, by="cli")
        else:
            turn = await runtime.approve(
                args.id,
                parse_arguments(args.args) if args.args is not None else None,
                always=args.always,
                by="cli",
                retry=args.retry,
            )
    if not args.json:  # the decision first, in words (the JSON keeps its stable shape)
        answer = turn.response.answer if turn.response else ""
        for item in turn.decided:
            if (summary := decision_summary(item)) not in answer:
                print(summary)
    _print_turn(turn, args.json, sys.stdout)
    return 1 if turn.kind == "error" else 0


async def _undo(args: argparse.Namespace, settings: Settings) -> int:
    async with _runtime(settings) as runtime:
        turn = await runtime.undo(args.conversation, by="cli")
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

    async with open_memory(settings, check=args.action != "reembed") as memory:
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
