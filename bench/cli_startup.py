"""What a `paias` command costs before it does anything: each command against `paias --help`, in the same run.

    .venv/bin/python bench/cli_startup.py [--rounds 5]

`proposals`, `reject`, `memory list` and `servers stop` need no agent, so they should cost little more than
Python starting the CLI; `ask` starts everything (the baseline for "pays for all"). All against one fresh
PAIAS_HOME whose embedded PostgreSQL is kept running by a holder process, as when the app is open (a cold database
start is measured separately, once). Writes bench/results/cli_startup.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAIAS = [sys.executable, "-m", "agent_core.cli"]
RESULTS = Path(__file__).parent / "results" / "cli_startup.md"
COMMANDS = {
    "--help": ["--help"],
    "proposals": ["proposals"],
    "proposals --json": ["proposals", "--json"],
    "reject (unknown id)": ["reject", "nope"],
    "servers stop time": ["servers", "stop", "time"],
    "ask (everything starts)": ["ask", "What time is it in Tokyo?"],
}


def timed(args: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(
        [*PAIAS, *args], env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "PAIAS_HOME": home, "OTEL_EXPORTER_OTLP_ENDPOINT": ""}
        env.pop("DATABASE_URL", None)
        cold = timed(["proposals"], env)  # the first command starts the embedded database
        holder = subprocess.Popen(
            [sys.executable, "-c", "import sys; from agent_core.db import start_embedded; from pathlib import Path;"
             f" print(start_embedded(Path({home!r}) / 'pgdata'), flush=True); sys.stdin.read()"],
            env=env, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )  # fmt: skip
        url = holder.stdout.readline().strip()
        env["DATABASE_URL"] = url  # the held server, as an open app would share it
        samples: dict[str, list[float]] = {name: [] for name in COMMANDS}
        try:
            for _ in range(args.rounds):  # interleaved, so machine noise hits every command alike
                for name, command in COMMANDS.items():
                    samples[name].append(timed(command, env))
        finally:
            holder.stdin.close()
            holder.wait(timeout=60)
    base = statistics.median(samples["--help"])
    lines = [
        f"`paias` command cost, {args.rounds} interleaved rounds, medians, same machine and run (database already up;",
        f"the first command on a fresh PAIAS_HOME, which starts the embedded database, took {cold:.2f} s).",
        "",
        "| command | median s | ratio vs --help |",
        "|---|---:|---:|",
    ]
    lines += [
        f"| `paias {n}` | {statistics.median(v):.2f} | {statistics.median(v) / base:.2f}x |" for n, v in samples.items()
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    RESULTS.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
