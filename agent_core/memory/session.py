"""Open the memory (database pool + embedder) without the rest of the runtime, e.g. for ``paias memory``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from pydantic_ai import Embedder

from agent_core.db import Database
from agent_core.memory.embedder import build_embedder, embedding_dimension, model_label
from agent_core.memory.manager import MemoryManager
from agent_core.settings import Settings


@asynccontextmanager
async def open_memory(
    settings: Settings, embedder: Embedder | None = None, *, check: bool = True, warm: bool = True
) -> AsyncIterator[MemoryManager]:
    """A MemoryManager on its own pool, warmed up; closed on exit.

    Args:
        settings: Where the database is and which embedding model to use.
        embedder: An embedder already built (default: from settings).
        check: Refuse to open when the stored vectors come from another model (False for ``reembed``).
        warm: Load the embedding model before returning (the runtime does it alongside the MCP servers).
    """
    embedder = embedder or build_embedder(settings)
    dimension = await embedding_dimension(embedder)
    async with Database(settings, {"dimension": dimension}) as database:
        memory = MemoryManager(
            database.pool, embedder, user_id=settings.user_id, model=model_label(embedder), dimension=dimension
        )
        if check:
            await memory.check_compatible()
        if warm:
            await embedder.embed_query("warm up")  # loads the model now, not during the first question
        yield memory
