"""A disk cache for vectors computed only from shipped files (the router's catalogue examples), shared by processes.

Embedding the catalogue's example sentences costs several CPU-seconds, paid by every process at its first request
(the app, each ``paias`` call, each test worker). An entry is named by a digest of everything the vectors depend
on, so a changed catalogue, text transformation or model reads as a new entry, never a stale one. Writes are
atomic (a temp file, then ``os.replace``), so processes can share the folder; an entry that cannot be read is
computed again, and one that cannot be written is skipped: the cache never fails a request.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

FORMAT = 1  # bump when what an entry holds changes


def default_cache_dir() -> Path | None:
    """``$XDG_CACHE_HOME/paias`` (else ``~/.cache/paias``): derived data, safe to delete; None without a home."""
    base = os.environ.get("XDG_CACHE_HOME")
    try:
        return (Path(base) if base else Path.home() / ".cache") / "paias"
    except RuntimeError:  # no HOME and no passwd entry: run without the cache
        return None


def digest(*parts: object) -> str:
    """A stable name for everything an entry depends on."""
    return hashlib.sha256(json.dumps([FORMAT, *parts], sort_keys=True, default=str).encode()).hexdigest()


def cached_vectors(
    directory: Path | None, name: str, key: str, rows: int, compute: Callable[[], np.ndarray]
) -> np.ndarray:
    """The vectors stored under ``name``-``key`` in ``directory``, else ``compute()``'s (then stored there).

    Args:
        directory: The cache folder (created when missing); None computes without caching.
        name: What the vectors are, for people reading the folder ("router-examples").
        key: A digest of everything the vectors depend on (``digest(...)``).
        rows: How many vectors an entry must hold; anything else is treated as unreadable.
        compute: Makes the vectors when no usable entry exists.

    Returns:
        A float32 matrix with ``rows`` rows.
    """
    if directory is None:
        return compute()
    path = directory / f"{name}-{key[:40]}.npy"
    stored = _read(path, rows, quiet=False)
    if stored is not None:
        return stored
    with _computing(directory, name):  # one process computes; the others wait, then read what it stored
        stored = _read(path, rows, quiet=True)
        if stored is not None:
            return stored
        vectors = np.ascontiguousarray(compute(), dtype=np.float32)
        _store(path, vectors)
    return vectors


def _read(path: Path, rows: int, *, quiet: bool) -> np.ndarray | None:
    """The entry at ``path`` if it holds ``rows`` finite float32 vectors, else None (said in the log unless
    ``quiet`` or simply missing)."""
    try:
        stored = np.load(path, allow_pickle=False)
        if stored.ndim == 2 and stored.shape[0] == rows and stored.dtype == np.float32 and np.isfinite(stored).all():
            return stored
        if not quiet:
            log.warning(
                "Vector cache %s holds %s %s, not %d vectors: computing them again.",
                path,
                stored.shape,
                stored.dtype,
                rows,
            )
    except FileNotFoundError:
        pass
    except (OSError, ValueError, EOFError) as error:  # corrupt, truncated or unreadable: compute instead
        if not quiet:
            log.warning("Vector cache %s is unreadable (%s): computing the vectors again.", path, error)
    return None


@contextlib.contextmanager
def _computing(directory: Path, name: str) -> Iterator[None]:
    """Held while one process computes an entry (an advisory file lock; none where locks are unavailable), so
    processes that start together — the app's, a test run's workers — compute it once, not once each."""
    try:
        import fcntl

        directory.mkdir(parents=True, exist_ok=True)
        lock = open(directory / f".{name}.lock", "a")  # noqa: SIM115 - closed below, after the lock is released
    except (ImportError, OSError):
        yield
        return
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
    finally:
        lock.close()  # releases the lock


def _store(path: Path, vectors: np.ndarray) -> None:
    """Write atomically: readers see the old entry or the whole new one, never a partial file."""
    temp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp", delete=False) as out:
            temp = out.name
            np.save(out, vectors, allow_pickle=False)
        os.replace(temp, path)
        temp = None
    except OSError as error:
        log.info("Vector cache %s not written (%s): the vectors are computed again by the next process.", path, error)
    finally:
        if temp is not None:
            Path(temp).unlink(missing_ok=True)
