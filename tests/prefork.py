"""Start the tests' Python MCP servers by forking one process that has already imported them (a "zygote").

Why: a Python MCP server spends ~1 s of CPU importing ``mcp`` (pydantic builds the protocol's models) before it
serves a byte, and the suite starts several hundred of them: that was most of its CPU time (issue 14). Here one
process per pytest worker imports the servers' dependencies once; each server start forks it, so a start costs a
few milliseconds.

What stays real: the runtime still starts the server with a command over stdio (this file's ``launch``), talks MCP
over real pipes to a real server process running the project's server module as ``__main__``, with the environment
and working directory the runtime gave the command. The launcher hands its own stdin/stdout/stderr to the forked
server and stays as its stand-in: it exits with the server's exit status, passes SIGTERM/SIGINT/SIGHUP on, and when
the launcher dies (even by SIGKILL, as tests that crash a server do) the server exits at once. With no zygote to
reach, ``launch`` simply execs the command, as it would be run without this file.

Run by the tests only (``tests/conftest.py`` starts ``serve`` once per worker; ``tests/helpers.py`` builds server
entries with ``forked``).
    python tests/prefork.py serve SOCKET                  # the zygote (imports PRELOAD)
    python -S tests/prefork.py launch SOCKET -m MODULE [ARGS...]   (or: launch SOCKET SCRIPT.py [ARGS...])
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import socket
import struct
import sys
import threading

_LENGTH = struct.Struct("!Q")
_PID = struct.Struct("!q")
_STATUS = struct.Struct("!i")
_FORWARDED = (signal.SIGTERM, signal.SIGINT, signal.SIGHUP)
# What the servers import, imported once by the zygote. Named here, not on its command line: tests find a server's
# process by its module name in the command line (its launcher's), never the zygote's.
PRELOAD = ("agent_core.servers.time", "agent_core.servers.tasks", "agent_core.servers.websearch")


def _exactly(conn: socket.socket, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


# --- the launcher: what the runtime starts as the server's command ------------------------------------------------


def launch(path: str, command: list[str]) -> None:
    """Have the zygote at ``path`` fork ``command`` onto this process's stdio, then stand in for it until it exits."""
    try:
        conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        conn.connect(path)
    except OSError:  # no zygote (a test run without it, or it died): start the server as a process of its own
        os.execv(sys.executable, [sys.executable, *command])
    alive_read, _alive_write = os.pipe()  # the server watches the read end: EOF means this launcher is gone
    payload = json.dumps({"argv": command, "env": dict(os.environ), "cwd": os.getcwd()}).encode()
    socket.send_fds(conn, [_LENGTH.pack(len(payload))], [0, 1, 2, alive_read])
    conn.sendall(payload)
    os.close(alive_read)
    answer = _exactly(conn, _PID.size)
    if answer is None:
        sys.exit("prefork: the zygote did not start the server")
    (pid,) = _PID.unpack(answer)
    for sig in _FORWARDED:
        signal.signal(sig, lambda number, _frame: os.kill(pid, number))
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)  # the server alone holds the pipes now: the runtime sees EOF when it exits
    os.dup2(devnull, 1)
    status = _exactly(conn, _STATUS.size)
    code = _STATUS.unpack(status)[0] if status else 1
    if code < 0:  # killed by a signal: end the same way
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    os._exit(code)


# --- the zygote ----------------------------------------------------------------------------------------------------


def _run_server(request: dict, fds: list[int]) -> None:
    """In the forked child: become the server process the launcher was asked to start."""
    for sig in (*_FORWARDED, signal.SIGCHLD):
        signal.signal(sig, signal.SIG_DFL)
    stdin, stdout, stderr, alive = fds
    for fd, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
        os.dup2(fd, target)
        os.close(fd)

    def exit_with_the_launcher() -> None:
        os.read(alive, 1)  # returns once the launcher is gone
        os._exit(137)

    threading.Thread(target=exit_with_the_launcher, daemon=True).start()
    os.chdir(request["cwd"])
    os.environ.clear()
    os.environ.update(request["env"])
    argv = request["argv"]
    code = 0
    try:
        import runpy

        if argv[0] == "-m":
            sys.argv = [argv[1], *argv[2:]]
            sys.modules.pop(argv[1], None)  # imported by the zygote: run it afresh as __main__
            runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
        else:
            sys.argv = list(argv)
            runpy.run_path(argv[0], run_name="__main__")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # noqa: BLE001 - the server crashed: say why on its stderr, as its own process would
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):  # a closed pipe: nobody is left to read it
                stream.flush()
    os._exit(code)


def serve(path: str, preload: tuple[str, ...] = PRELOAD) -> None:
    """Import ``preload`` once, then fork a server for every launcher that connects, until SIGTERM."""
    import importlib

    for module in preload:
        importlib.import_module(module)
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    if os.path.exists(path):
        os.unlink(path)
    listener.bind(path)
    listener.listen(64)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    waiting: dict[int, socket.socket] = {}  # forked server pid -> its launcher's connection
    stopping = False

    def stop(_number: int, _frame: object) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print("ready", flush=True)
    while not stopping:
        for _key, _events in selector.select(timeout=0.05):
            conn, _ = listener.accept()
            conn.setblocking(True)
            try:
                head, fds, _flags, _address = socket.recv_fds(conn, _LENGTH.size, 4)
                payload = _exactly(conn, _LENGTH.unpack(head)[0]) if len(head) == _LENGTH.size else None
            except OSError:
                payload, fds = None, []
            if payload is None or len(fds) != 4:
                for fd in fds:
                    os.close(fd)
                conn.close()
                continue
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                selector.close()
                listener.close()
                for other in waiting.values():
                    other.close()
                conn.close()
                _run_server(json.loads(payload), fds)
            for fd in fds:
                os.close(fd)
            conn.sendall(_PID.pack(pid))
            waiting[pid] = conn
        while waiting:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            conn = waiting.pop(pid, None)
            if conn is not None:
                with contextlib.suppress(OSError):  # the launcher is gone already
                    conn.sendall(_STATUS.pack(os.waitstatus_to_exitcode(status)))
                conn.close()
    listener.close()
    os.unlink(path)


if __name__ == "__main__":
    if sys.argv[1:2] == ["serve"]:
        serve(sys.argv[2])
    elif sys.argv[1:2] == ["launch"]:
        launch(sys.argv[2], sys.argv[3:])
    else:
        sys.exit(__doc__)
