"""MemoryManager: the user's research memory on PostgreSQL + pgvector (FR-024..026, SC-006).

Documents are embedded once, stored with jsonb metadata, and found by cosine similarity through an HNSW index.
Storing the same content again (ignoring surrounding and repeated whitespace) returns the existing id.
"""

from __future__ import annotations

import hashlib
import logging
import re
import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np
from psycopg.rows import dict_row
from psycopg.types.json import Jsonb
from psycopg_pool import AsyncConnectionPool
from pydantic_ai import Embedder

from agent_core.errors import ConfigError, InputError

log = logging.getLogger(__name__)

MAX_CONTENT_CHARS = 20_000
REEMBED_HINT = "Run `paias memory reembed` to re-embed every stored memory with the configured model"


class EmbeddingMismatchError(ConfigError):
    """The stored vectors were made by another embedding model than the one configured."""


@dataclass(frozen=True)
class MemoryHit:
    """One stored document, with its similarity to the query when it came from a search."""

    id: str
    content: str
    metadata: dict[str, Any]
    created_at: datetime
    score: float | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{id, content, metadata, score, created_at}`` (created_at in ISO 8601)."""
        data: dict[str, Any] = {
            "id": self.id,
            "content": self.content,
            "metadata": self.metadata,
            "created_at": self.created_at.isoformat(),
        }
        if self.score is not None:
            data["score"] = round(self.score, 4)
        return data


def content_hash(content: str) -> str:
    """Identity of a document for de-duplication: whitespace-insensitive sha256."""
    return hashlib.sha256(re.sub(r"\s+", " ", content.strip()).encode()).hexdigest()


def _row(row: dict[str, Any]) -> MemoryHit:
    score = row.get("score")
    return MemoryHit(
        str(row["id"]), row["content"], row["metadata"], row["created_at"], None if score is None else float(score)
    )


class MemoryManager:
    """Stores and searches one user's memories. The pool and embedder are owned by the runtime."""

    def __init__(self, pool: AsyncConnectionPool, embedder: Embedder, *, user_id: str, model: str, dimension: int):
        self.pool = pool
        self.embedder = embedder
        self.user_id = user_id
        self.model = model
        self.dimension = dimension

    def for_user(self, user_id: str) -> MemoryManager:
        """Another person's memories, over the same pool and embedder (the embedding model was checked once)."""
        if user_id == self.user_id:
            return self
        return MemoryManager(self.pool, self.embedder, user_id=user_id, model=self.model, dimension=self.dimension)

    async def check_compatible(self) -> None:
        """Record the embedding model on first use; afterwards refuse to mix vectors from another model.

        Raises:
            EmbeddingMismatchError: the stored vectors come from another model or dimension.
        """
        async with self.pool.connection() as conn:
            cursor = await conn.execute("SELECT key, value FROM memory_meta")
            meta = dict(await cursor.fetchall())
            if not meta:
                await conn.execute(
                    "INSERT INTO memory_meta (key, value) VALUES ('embedding_model', %s), ('embedding_dimension', %s)"
                    " ON CONFLICT (key) DO NOTHING",
                    (self.model, str(self.dimension)),
                )
                return
        if meta.get("reembed_pending"):
            raise EmbeddingMismatchError(f"A re-embed of the memories was interrupted. {REEMBED_HINT}.")
        stored = (meta.get("embedding_model"), meta.get("embedding_dimension"))
        if stored != (self.model, str(self.dimension)):
            raise EmbeddingMismatchError(
                f"Stored memories were embedded with {stored[0]} ({stored[1]} dimensions), but EMBEDDING_MODEL now "
                f"gives {self.model} ({self.dimension} dimensions). {REEMBED_HINT}, or set EMBEDDING_MODEL back."
            )

    async def _embed_query(self, text: str) -> np.ndarray:
        result = await self.embedder.embed_query(text)
        return np.asarray(result.embeddings[0], dtype=np.float32)

    async def store_document(self, content: str, metadata: dict[str, Any] | None = None) -> str:
        """Store ``content`` with ``metadata``; returns its id (the existing id if the content is already stored).

        Raises:
            InputError: empty or over-long content, or metadata that is not a JSON object.
        """
        if not isinstance(content, str) or not content.strip():
            raise InputError("There is nothing to remember: the content is empty.")
        if len(content) > MAX_CONTENT_CHARS:
            raise InputError(
                f"The content is {len(content):,} characters; memories hold at most {MAX_CONTENT_CHARS:,}."
            )
        if metadata is not None and not isinstance(metadata, dict):
            raise InputError("Memory metadata must be an object of key/value pairs.")
        digest = content_hash(content)
        async with self.pool.connection() as conn:
            cursor = await conn.execute(
                "SELECT id FROM memories WHERE user_id = %s AND content_hash = %s", (self.user_id, digest)
            )
            existing = await cursor.fetchone()
            if existing:
                return str(existing[0])
        embedding = (await self.embedder.embed_documents([content])).embeddings[0]
        async with self.pool.connection() as conn:
            cursor = await conn.execute(
                "INSERT INTO memories (user_id, content, content_hash, metadata, embedding)"
                " VALUES (%s, %s, %s, %s, %s)"
                " ON CONFLICT (user_id, content_hash) DO UPDATE SET content_hash = EXCLUDED.content_hash"
                " RETURNING id",
                (self.user_id, content.strip(), digest, Jsonb(metadata or {}), np.asarray(embedding, dtype=np.float32)),
            )
            return str((await cursor.fetchone())[0])

    async def semantic_search(self, query: str, top_k: int = 5) -> list[dict[str, Any]]:
        """The ``top_k`` memories closest to ``query``: ``[{id, content, metadata, score, created_at}]``, best first.

        ``score`` is the cosine similarity (1.0 = same meaning).
        """
        return [hit.to_dict() for hit in await self.search(query, top_k)]

    async def search(self, query: str, top_k: int = 5, *, exact: bool = False) -> list[MemoryHit]:
        """Like ``semantic_search`` but typed; ``exact=True`` bypasses the HNSW index (for recall checks)."""
        if not isinstance(query, str) or not query.strip():
            raise InputError("The search query is empty.")
        top_k = max(1, min(int(top_k), 100))
        vector = await self._embed_query(query)
        async with self.pool.connection() as conn, conn.transaction():
            await conn.execute(f"SET LOCAL hnsw.ef_search = {max(40, 4 * top_k)}")
            if exact:
                await conn.execute("SET LOCAL enable_indexscan = off")
            cursor = conn.cursor(row_factory=dict_row)
            await cursor.execute(
                "SELECT id, content, metadata, created_at, 1 - (embedding <=> %s) AS score FROM memories"
                " WHERE user_id = %s AND embedding IS NOT NULL ORDER BY embedding <=> %s LIMIT %s",
                (vector, self.user_id, vector, top_k),
            )
            return [_row(row) for row in await cursor.fetchall()]

    async def list_documents(self, limit: int = 50, offset: int = 0) -> list[dict[str, Any]]:
        """Stored memories, newest first."""
        async with self.pool.connection() as conn:
            cursor = conn.cursor(row_factory=dict_row)
            await cursor.execute(
                "SELECT id, content, metadata, created_at FROM memories WHERE user_id = %s"
                " ORDER BY created_at DESC, id LIMIT %s OFFSET %s",
                (self.user_id, max(1, limit), max(0, offset)),
            )
            return [_row(row).to_dict() for row in await cursor.fetchall()]

    async def get_document(self, memory_id: str) -> dict[str, Any] | None:
        """One memory by id, or None."""
        parsed = _parse_id(memory_id)
        if parsed is None:
            return None
        async with self.pool.connection() as conn:
            cursor = conn.cursor(row_factory=dict_row)
            await cursor.execute(
                "SELECT id, content, metadata, created_at FROM memories WHERE user_id = %s AND id = %s",
                (self.user_id, parsed),
            )
            row = await cursor.fetchone()
        return _row(row).to_dict() if row else None

    async def delete_document(self, memory_id: str) -> bool:
        """Delete one memory; False if there is no such memory (or the id is not a valid id)."""
        parsed = _parse_id(memory_id)
        if parsed is None:
            return False
        async with self.pool.connection() as conn:
            cursor = await conn.execute("DELETE FROM memories WHERE user_id = %s AND id = %s", (self.user_id, parsed))
            return cursor.rowcount == 1

    async def count(self) -> int:
        """How many memories this user has."""
        async with self.pool.connection() as conn:
            cursor = await conn.execute("SELECT count(*) FROM memories WHERE user_id = %s", (self.user_id,))
            return (await cursor.fetchone())[0]

    async def reembed(self, batch: int = 256) -> int:
        """Re-embed every memory (all users) with the configured model; safe to run again if interrupted."""
        async with self.pool.connection() as conn, conn.transaction():
            cursor = await conn.execute("SELECT value FROM memory_meta WHERE key = 'embedding_model'")
            row = await cursor.fetchone()
            cursor = await conn.execute("SELECT value FROM memory_meta WHERE key = 'reembed_pending'")
            resuming = await cursor.fetchone() is not None and row and row[0] == self.model
            if not resuming:
                await conn.execute("DROP INDEX IF EXISTS memories_embedding_hnsw")
                await conn.execute(
                    f"ALTER TABLE memories ALTER COLUMN embedding TYPE vector({self.dimension}) USING NULL"
                )
                for key, value in (
                    ("embedding_model", self.model),
                    ("embedding_dimension", str(self.dimension)),
                    ("reembed_pending", "true"),
                ):
                    await conn.execute(
                        "INSERT INTO memory_meta (key, value) VALUES (%s, %s)"
                        " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                        (key, value),
                    )
        done = 0
        while True:
            async with self.pool.connection() as conn:
                cursor = await conn.execute(
                    "SELECT id, content FROM memories WHERE embedding IS NULL ORDER BY id LIMIT %s", (batch,)
                )
                rows = await cursor.fetchall()
                if not rows:
                    break
                vectors = (await self.embedder.embed_documents([r[1] for r in rows])).embeddings
                async with conn.cursor() as cur:
                    await cur.executemany(
                        "UPDATE memories SET embedding = %s WHERE id = %s",
                        [(np.asarray(v, dtype=np.float32), r[0]) for v, r in zip(vectors, rows, strict=True)],
                    )
                done += len(rows)
        async with self.pool.connection() as conn:
            await conn.execute(
                "CREATE INDEX IF NOT EXISTS memories_embedding_hnsw ON memories USING hnsw (embedding vector_cosine_ops)"
            )
            await conn.execute("DELETE FROM memory_meta WHERE key = 'reembed_pending'")
        log.info("re-embedded %d memories with %s", done, self.model)
        return done


def _parse_id(memory_id: str) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(memory_id).strip())
    except ValueError:
        return None
