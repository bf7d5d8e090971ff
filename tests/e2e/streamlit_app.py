"""``streamlit run ui/app.py`` as a child process on a free loopback port, healthy before it is used."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from agent_core.settings import PROJECT_ROOT
from tests.helpers import free_port

APP = PROJECT_ROOT / "ui" / "app.py"


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as response:
            return response.read().decode().strip() == "ok"
    except OSError:
        return False


def stop(process: subprocess.Popen, grace_s: float = 15) -> None:
    """SIGTERM lets Streamlit exit and its atexit close the runtime (MCP servers, database handle); a process
    that outlives ``grace_s`` is killed with its whole process group (it was started in a session of its own)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=grace_s)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


@contextmanager
def streamlit_app(
    env: Mapping[str, str],
    log: Path,
    deadline_s: float = 60,
    *,
    port: int | None = None,
    options: Sequence[str] = (),
) -> Iterator[str]:
    """Start the app with ``env`` (its output goes to ``log``); yield its URL once /_stcore/health says ok.
    ``port``: known beforehand (sign-in's redirect_uri names it; default: a free one); ``options``: more
    ``streamlit run`` flags (e.g. ``--secrets.files``).

    Raises:
        RuntimeError: it exited, or was not healthy within ``deadline_s``; the message ends with its log.
    """
    port = port or free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        *(sys.executable, "-m", "streamlit", "run", str(APP)),
        *("--server.headless", "true", "--server.address", "127.0.0.1", "--server.port", str(port)),
        *("--server.fileWatcherType", "none", "--browser.gatherUsageStats", "false"),
        *options,
    ]
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("wb") as out:  # the child keeps its own descriptor
        # cwd is the project, as `make run`: its .streamlit/config.toml (theme) applies.
        process = subprocess.Popen(
            command, cwd=PROJECT_ROOT, env=dict(env), stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        deadline = time.monotonic() + deadline_s
        while not _healthy(url):
            if time.monotonic() > deadline:
                raise RuntimeError(f"streamlit was not healthy within {deadline_s:.0f} s:\n{log.read_text()}")
            try:  # the poll interval, and an early exit ends the wait at once
                code = process.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                continue
            raise RuntimeError(f"streamlit exited with {code}:\n{log.read_text()}")
        yield url
    finally:
        stop(process)
