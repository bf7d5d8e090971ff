"""The router's catalogue example vectors are shared between processes through a disk cache that is keyed by
everything they depend on, and that never fails a request: a bad entry is computed again."""

from __future__ import annotations

import hashlib
import logging
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from agent_core.memory.embedder import MODEL_SHA256, TOKENIZER_SHA256, shared_local_model
from agent_core.offline import router as router_module
from agent_core.offline import vector_cache
from agent_core.offline.catalogue import Catalogue, catalogue
from agent_core.offline.router import Router
from agent_core.offline.vector_cache import cached_vectors, default_cache_dir


class HashEncoder:
    """A cheap, deterministic stand-in for MiniLM that names its vectors (``cache_key``) and counts its texts."""

    def __init__(self, cache_key: str | None = "hash-encoder-v1") -> None:
        if cache_key is not None:
            self.cache_key = cache_key
        self.texts: list[str] = []

    def embed_sync(self, texts: list[str]) -> np.ndarray:
        self.texts.extend(texts)
        rows = [np.frombuffer(hashlib.sha256(t.encode()).digest(), dtype=np.uint8)[:16] for t in texts]
        vectors = np.asarray(rows, dtype=np.float32) - 127.5
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def example_count() -> int:
    return sum(len(c.examples) for c in catalogue())


def entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("router-examples-*.npy"))


def test_a_second_router_reads_the_example_vectors_its_predecessor_stored(tmp_path: Path) -> None:
    first_encoder, second_encoder = HashEncoder(), HashEncoder()
    first = Router(encoder=first_encoder, cache_dir=tmp_path)
    first.route("hello", [])
    assert len(first_encoder.texts) >= 2 * example_count()  # computed: every example and its shape
    assert len(entries(tmp_path)) == 1

    second = Router(encoder=second_encoder, cache_dir=tmp_path)
    routing = second.route("hello", [])
    assert len(second_encoder.texts) == 2  # only the request and its shape: the examples came from the cache
    np.testing.assert_array_equal(second._example_index()[0], first._example_index()[0])
    assert routing.capability_scores == first.route("hello", []).capability_scores


def test_another_model_gets_its_own_entry(tmp_path: Path) -> None:
    Router(encoder=HashEncoder("model-a"), cache_dir=tmp_path).route("hello", [])
    other = HashEncoder("model-b")
    Router(encoder=other, cache_dir=tmp_path).route("hello", [])
    assert len(other.texts) >= 2 * example_count()
    assert len(entries(tmp_path)) == 2


def test_a_changed_catalogue_is_embedded_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Router(encoder=HashEncoder(), cache_dir=tmp_path).route("hello", [])
    shipped = catalogue()
    greeting = shipped["greeting"]
    edited = {**shipped.capabilities, "greeting": replace(greeting, examples=(*greeting.examples, "hiya there"))}
    monkeypatch.setattr(router_module, "catalogue", lambda: Catalogue(edited, shipped.synonyms))
    encoder = HashEncoder()
    Router(encoder=encoder, cache_dir=tmp_path).route("hello", [])
    assert "hiya there" in encoder.texts
    assert len(entries(tmp_path)) == 2


def test_an_encoder_without_a_cache_key_never_touches_the_cache(tmp_path: Path) -> None:
    encoder = HashEncoder(cache_key=None)
    Router(encoder=encoder, cache_dir=tmp_path).route("hello", [])
    Router(encoder=encoder, cache_dir=tmp_path).route("hello", [])
    assert len(encoder.texts) >= 4 * example_count()
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("damage", [b"", b"not a numpy file", b"\x93NUMPY\x01\x00v\x00{'descr': '<f4', 'fortran"])
def test_a_corrupt_entry_is_computed_again_and_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: bytes
) -> None:
    Router(encoder=HashEncoder(), cache_dir=tmp_path).route("hello", [])
    [entry] = entries(tmp_path)
    good = np.load(entry)
    entry.write_bytes(damage)
    encoder = HashEncoder()
    with caplog.at_level(logging.WARNING, logger="agent_core.offline.vector_cache"):
        Router(encoder=encoder, cache_dir=tmp_path).route("hello", [])
    assert len(encoder.texts) >= 2 * example_count()
    assert any("unreadable" in r.getMessage() and str(entry) in r.getMessage() for r in caplog.records)
    np.testing.assert_array_equal(np.load(entry), good)  # replaced by a whole entry again


def test_an_entry_of_the_wrong_shape_is_computed_again(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "vectors-k.npy"
    np.save(path, np.ones((3, 4), dtype=np.float32))
    with caplog.at_level(logging.WARNING, logger="agent_core.offline.vector_cache"):
        vectors = cached_vectors(tmp_path, "vectors", "k", 2, lambda: np.zeros((2, 4), dtype=np.float32))
    assert vectors.shape == (2, 4) and not vectors.any()
    assert "not 2 vectors" in caplog.text
    assert np.load(path).shape == (2, 4)


def test_an_unwritable_cache_folder_still_gives_the_vectors(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("the cache folder cannot be created under a file")
    computed = np.eye(2, dtype=np.float32)
    vectors = cached_vectors(blocked / "cache", "vectors", "k", 2, lambda: computed)
    np.testing.assert_array_equal(vectors, computed)
    assert not list(tmp_path.glob("**/*.tmp"))


def test_no_cache_folder_computes_every_time() -> None:
    calls: list[int] = []

    def compute() -> np.ndarray:
        calls.append(1)
        return np.ones((1, 3), dtype=np.float32)

    cached_vectors(None, "vectors", "k", 1, compute)
    cached_vectors(None, "vectors", "k", 1, compute)
    assert len(calls) == 2


def test_the_cache_lives_in_the_users_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert default_cache_dir() == tmp_path / "paias"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert default_cache_dir() == Path.home() / ".cache" / "paias"


def test_the_local_model_names_its_vectors_by_its_verified_files() -> None:
    key = shared_local_model().cache_key
    assert MODEL_SHA256 in key and TOKENIZER_SHA256 in key


def test_without_a_home_folder_there_is_no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_home() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setattr(Path, "home", staticmethod(no_home))
    assert default_cache_dir() is None


def test_a_failed_rename_leaves_no_temp_file_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(src: str, dst: str) -> None:
        raise PermissionError(f"cannot replace {dst}")

    monkeypatch.setattr(vector_cache.os, "replace", refuse)
    vectors = cached_vectors(tmp_path, "vectors", "k", 1, lambda: np.ones((1, 3), dtype=np.float32))
    assert vectors.shape == (1, 3)
    assert [p.name for p in tmp_path.iterdir()] == [".vectors.lock"]  # the lock only: no temp file


def test_processes_that_miss_together_compute_the_entry_once(tmp_path: Path) -> None:
    import threading

    computed, started, release = [], threading.Event(), threading.Event()

    def slow() -> np.ndarray:
        computed.append(1)
        started.set()
        release.wait(30)
        return np.ones((2, 3), dtype=np.float32)

    first = threading.Thread(target=cached_vectors, args=(tmp_path, "vectors", "k", 2, slow))
    first.start()
    assert started.wait(30)  # the first holds the lock while it computes
    results = []
    second = threading.Thread(target=lambda: results.append(cached_vectors(tmp_path, "vectors", "k", 2, slow)))
    second.start()  # misses, then waits for the lock, then reads what the first stored
    release.set()
    first.join(30)
    second.join(30)
    assert len(computed) == 1 and results[0].shape == (2, 3)
