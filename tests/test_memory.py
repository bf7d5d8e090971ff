"""MemoryManager on the real embedded PostgreSQL + pgvector, with the real local embedding model."""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import psycopg
import pytest
from psycopg.conninfo import make_conninfo
from pydantic_ai import Embedder
from pydantic_ai.embeddings import EmbeddingModel, EmbeddingResult

from agent_core.errors import ConfigError, InputError
from agent_core.memory import EmbeddingMismatchError, MemoryManager, content_hash
from agent_core.memory.session import open_memory
from tests.memory_cases import PAIRS

pytestmark = pytest.mark.anyio


async def test_store_search_dedupe_get_list_and_delete(make_settings) -> None:
    async with open_memory(make_settings()) as memory:
        first = await memory.store_document(
            "Project X uses Python 3.11 and FastAPI", {"project": "X", "tags": ["a", 1]}
        )
        again = await memory.store_document("  Project X uses Python 3.11\n and FastAPI ", {"other": "ignored"})
        other = await memory.store_document("The project deadline is March 15, 2025.")
        assert first == again and first != other
        assert await memory.count() == 2

        hits = await memory.semantic_search("What tech stack does Project X use?", top_k=5)
        assert hits[0]["id"] == first
        assert set(hits[0]) == {"id", "content", "metadata", "score", "created_at"}
        assert hits[0]["metadata"] == {"project": "X", "tags": ["a", 1]}  # jsonb round trip
        assert hits[0]["score"] > hits[1]["score"] and 0.3 < hits[0]["score"] <= 1.0

        assert (await memory.get_document(first))["content"] == "Project X uses Python 3.11 and FastAPI"
        assert [m["id"] for m in await memory.list_documents()] == [other, first]  # newest first
        assert await memory.delete_document(first) is True
        assert await memory.delete_document(first) is False
        assert await memory.delete_document("not-a-uuid") is False
        assert await memory.get_document(first) is None
        assert await memory.count() == 1


async def test_memories_are_scoped_to_their_user(make_settings) -> None:
    async with open_memory(make_settings(user_id="alice-" + uuid.uuid4().hex)) as alice:
        await alice.store_document("Alice's secret lab code is 4711")
    async with open_memory(make_settings(user_id="bob-" + uuid.uuid4().hex)) as bob:
        assert await bob.semantic_search("lab code") == []
        assert await bob.count() == 0


@pytest.mark.parametrize(
    ("content", "metadata", "message"),
    [("", None, "empty"), ("   ", None, "empty"), ("x" * 20_001, None, "at most 20,000"), ("ok", ["a"], "object")],
)
async def test_bad_documents_are_refused_with_a_reason(make_settings, content, metadata, message) -> None:
    async with open_memory(make_settings()) as memory:
        with pytest.raises(InputError, match=message):
            await memory.store_document(content, metadata)
        with pytest.raises(InputError, match="empty"):
            await memory.semantic_search("  ")
        assert await memory.count() == 0


def test_content_hash_ignores_whitespace_only() -> None:
    assert content_hash(" a  b\n") == content_hash("a b")
    assert content_hash("a b") != content_hash("a B")


async def test_sc006_paraphrased_questions_find_their_note_in_the_top_5(make_settings, capsys) -> None:
    async with open_memory(make_settings()) as memory:
        ids = [await memory.store_document(doc, {"case": i}) for i, (doc, _) in enumerate(PAIRS)]
        top1 = top5 = 0
        for expected, (_, question) in zip(ids, PAIRS, strict=True):
            found = [hit["id"] for hit in await memory.semantic_search(question, top_k=5)]
            top1 += found[0] == expected
            top5 += expected in found
    rate = top5 / len(PAIRS)
    with capsys.disabled():
        print(f"\nSC-006: top-5 hit rate {top5}/{len(PAIRS)} = {rate:.1%}; top-1 {top1}/{len(PAIRS)}")
    assert len(PAIRS) >= 30
    assert rate >= 0.95


@dataclass(eq=False)
class HashEmbeddingModel(EmbeddingModel):
    """A deterministic 8-dimension stand-in for a second embedding model (e.g. a hosted one)."""

    def __post_init__(self) -> None:
        super().__init__()

    @property
    def model_name(self) -> str:
        return "hash-8"

    @property
    def system(self) -> str:
        return "test"

    async def embed(self, inputs: str | Sequence[str], *, input_type, settings=None) -> EmbeddingResult:
        texts, _ = self.prepare_embed(inputs, settings)
        vectors = []
        for text in texts:
            raw = np.frombuffer(hashlib.sha256(text.encode()).digest()[:8], dtype=np.uint8).astype(np.float32) + 1
            vectors.append((raw / np.linalg.norm(raw)).tolist())
        return EmbeddingResult(
            embeddings=vectors, inputs=texts, input_type=input_type, model_name="hash-8", provider_name="test"
        )


@pytest.fixture
def scratch_db(pg_url: str) -> str:
    """A separate database on the session server, for tests that change the memory table itself."""
    name = f"scratch_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return make_conninfo(pg_url, dbname=name)


async def test_another_embedding_model_is_refused_until_reembed(make_settings, scratch_db) -> None:
    settings = make_settings(database_url=scratch_db)
    async with open_memory(settings) as memory:
        memory_id = await memory.store_document("The field station has no internet after 10 pm.")
    other = Embedder(HashEmbeddingModel())
    with pytest.raises(EmbeddingMismatchError, match=r"384 dimensions.*hash-8 \(8 dimensions\).*paias memory reembed"):
        async with open_memory(settings, other):
            pass
    async with open_memory(settings, other, check=False) as memory:
        assert await memory.reembed(batch=1) == 1
    async with open_memory(settings, other) as memory:  # now compatible
        hits = await memory.search("The field station has no internet after 10 pm.", top_k=1)
        assert hits[0].id == memory_id and hits[0].score == pytest.approx(1.0, abs=1e-5)


async def test_an_interrupted_reembed_is_reported_and_can_be_finished(make_settings, scratch_db) -> None:
    settings = make_settings(database_url=scratch_db)
    async with open_memory(settings) as memory:
        await memory.store_document("note one")
        async with memory.pool.connection() as conn:
            await conn.execute("INSERT INTO memory_meta (key, value) VALUES ('reembed_pending', 'true')")
    with pytest.raises(EmbeddingMismatchError, match="interrupted"):
        async with open_memory(settings):
            pass
    async with open_memory(settings, check=False) as memory:
        await memory.reembed()
    async with open_memory(settings) as memory:
        assert (await memory.search("note one", top_k=1))[0].content == "note one"


async def test_a_database_that_is_down_is_a_clear_error_without_the_password(make_settings) -> None:
    settings = make_settings(database_url="postgresql://paias:s3cret-pw@127.0.0.1:1/paias")
    with pytest.raises(ConfigError) as caught:
        async with open_memory(settings):
            pass
    message = str(caught.value)
    assert "Cannot connect to PostgreSQL (127.0.0.1:1, database paias)" in message
    assert "unset DATABASE_URL" in message and "s3cret-pw" not in message


async def test_memory_manager_exposes_the_seed_interface(make_settings) -> None:
    async with open_memory(make_settings()) as memory:
        assert isinstance(memory, MemoryManager)
        memory_id = await memory.store_document("Seed interface check", {"k": "v"})
        assert isinstance(memory_id, str) and uuid.UUID(memory_id)
        [hit] = await memory.semantic_search("Seed interface check", top_k=1)
        assert hit["content"] == "Seed interface check" and hit["metadata"] == {"k": "v"}
