"""The tests' server zygote (tests/prefork.py) starts a server as its command would: the launcher's stdio,
environment, working directory and exit status; and a launcher that dies takes its server with it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil

from tests.helpers import PREFORK_SOCKET, forked

SCRIPT = """
import json, os, sys, time
print(json.dumps([os.getcwd(), os.environ.get("PREFORK_PROBE"), sys.argv[1:], os.getpid()]), flush=True)
line = sys.stdin.readline()
if line.strip() == "wait":
    time.sleep(120)
sys.exit(int(line or 0))
"""


def wait_until(condition, deadline_s: float = 30) -> None:
    deadline = time.monotonic() + deadline_s
    while not condition():
        assert time.monotonic() < deadline, f"not within {deadline_s} s"
        time.sleep(0.02)


def start(tmp_path: Path) -> subprocess.Popen[str]:
    script = tmp_path / "probe.py"
    script.write_text(SCRIPT)
    return subprocess.Popen(
        [sys.executable, *forked(str(script), "an-arg")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PREFORK_PROBE": "from-the-launcher"},
    )


def test_a_forked_server_has_the_launchers_stdio_environment_directory_and_exit_status(tmp_path: Path) -> None:
    assert PREFORK_SOCKET.exists()  # the worker's zygote runs (tests/conftest.py)
    launcher = start(tmp_path)
    cwd, probe, args, pid = json.loads(launcher.stdout.readline())
    assert (cwd, probe, args) == (str(tmp_path), "from-the-launcher", ["an-arg"]) and pid != launcher.pid
    launcher.stdin.write("3\n")
    launcher.stdin.flush()
    assert launcher.wait(timeout=30) == 3
    assert launcher.stdout.read() == ""  # its output ended with it


def test_a_killed_launcher_takes_its_server_with_it(tmp_path: Path) -> None:
    launcher = start(tmp_path)
    server_pid = json.loads(launcher.stdout.readline())[-1]
    assert server_pid != launcher.pid  # forked by the zygote, not the launcher itself
    launcher.stdin.write("wait\n")
    launcher.stdin.flush()
    launcher.send_signal(signal.SIGKILL)
    launcher.wait(timeout=30)
    wait_until(lambda: not psutil.pid_exists(server_pid) or psutil.Process(server_pid).status() == "zombie")


def test_a_terminated_launcher_passes_the_signal_on(tmp_path: Path) -> None:
    launcher = start(tmp_path)
    server_pid = json.loads(launcher.stdout.readline())[-1]
    launcher.stdin.write("wait\n")
    launcher.stdin.flush()
    launcher.terminate()
    assert launcher.wait(timeout=30) == -signal.SIGTERM  # it ended as its server did: by the signal
    wait_until(lambda: not psutil.pid_exists(server_pid) or psutil.Process(server_pid).status() == "zombie")
