"""Semantic memory on PostgreSQL + pgvector, and the embedder behind it."""

from agent_core.memory.embedder import build_embedder, embedding_dimension, model_label
from agent_core.memory.manager import EmbeddingMismatchError, MemoryHit, MemoryManager, content_hash
from agent_core.memory.metadata import parse_metadata

__all__ = [
    "EmbeddingMismatchError",
    "MemoryHit",
    "MemoryManager",
    "build_embedder",
    "content_hash",
    "embedding_dimension",
    "model_label",
    "parse_metadata",
]
