"""Embedding models: the local ONNX model (verified, real vectors) and the configured alternatives."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pydantic_ai.embeddings.openai import OpenAIEmbeddingModel

from agent_core.errors import ConfigError
from agent_core.memory.embedder import (
    LocalMiniLMEmbeddingModel,
    _verified,
    build_embedder,
    embedding_dimension,
    local_model_files,
    model_label,
)
from agent_core.settings import Settings

pytestmark = pytest.mark.anyio


@pytest.fixture(scope="module")
def local() -> LocalMiniLMEmbeddingModel:
    return LocalMiniLMEmbeddingModel(threads=1)


def test_local_vectors_are_unit_length_and_meaningful(local) -> None:
    vectors = local.embed_sync(
        ["The cat sat on the mat.", "A kitten is sitting on a rug.", "Quarterly tax filing rules"]
    )
    assert vectors.shape == (3, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2] + 0.3


def test_long_texts_are_truncated_not_rejected(local) -> None:
    assert local.embed_sync(["word " * 5000]).shape == (1, 384)
    assert local.embed_sync([]).shape == (0, 384)


async def test_local_model_speaks_the_pydantic_ai_embedder_interface() -> None:
    embedder = build_embedder(Settings(_env_file=None))
    result = await embedder.embed_documents(["alpha", "beta"])
    assert len(result.embeddings) == 2 and len(result.embeddings[0]) == 384
    assert result.input_type == "document" and result.provider_name == "local"
    assert await embedding_dimension(embedder) == 384
    assert model_label(embedder) == "local:all-MiniLM-L6-v2-onnx-int8"


def test_model_files_are_hash_checked(tmp_path: Path) -> None:
    model, tokenizer = local_model_files()
    assert model.name == "model.onnx" and tokenizer.name == "tokenizer.json"
    tampered = tmp_path / "model.onnx"
    tampered.write_bytes(b"not the model")
    with pytest.raises(ConfigError, match="refusing to load"):
        _verified(tampered, "0" * 64)
    with pytest.raises(ConfigError, match="missing"):
        _verified(tmp_path / "absent.onnx", "0" * 64)


def test_openai_embeddings_need_their_key(monkeypatch) -> None:
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        build_embedder(Settings(_env_file=None, embedding_model="openai:text-embedding-3-small"))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-123")
    embedder = build_embedder(Settings(_env_file=None, embedding_model="openai:text-embedding-3-small"))
    assert model_label(embedder) == "openai:text-embedding-3-small"


async def test_azure_embeddings_use_the_foundry_endpoint() -> None:
    settings = Settings(
        _env_file=None,
        embedding_model="azure:text-embedding-3-small",
        azure_ai_foundry_endpoint="https://r.openai.azure.com/openai/v1",
        azure_ai_foundry_api_key="k-1",
    )
    embedder = build_embedder(settings)
    assert isinstance(embedder.model, OpenAIEmbeddingModel)
    assert await embedding_dimension(embedder) == 1536  # known model: no request needed
    with pytest.raises(ConfigError, match="AZURE_AI_FOUNDRY_ENDPOINT"):
        build_embedder(Settings(_env_file=None, embedding_model="azure:text-embedding-3-small"))


def test_unknown_embedding_providers_are_refused() -> None:
    with pytest.raises(ConfigError, match="not supported"):
        build_embedder(Settings(_env_file=None, embedding_model="cohere:embed-v4"))


def test_a_short_batch_is_cached_text_by_text_and_its_misses_embedded_in_one_run(local, monkeypatch) -> None:
    runs: list[list[str]] = []
    embed_batch = local._embed_batch
    monkeypatch.setattr(local, "_embed_batch", lambda texts: runs.append(list(texts)) or embed_batch(texts))
    local.forget()
    pair = local.embed_sync(["what time is it in Tokyo?", "what time is it in <place>?"])
    alone = local.embed_sync(["what time is it in Tokyo?"])  # the memory search of the same prompt
    assert runs == [["what time is it in Tokyo?", "what time is it in <place>?"]]
    assert np.array_equal(alone[0], pair[0])
    # the padded batch and a text embedded on its own agree (mean pooling over the attention mask)
    local.forget()
    assert np.allclose(local.embed_sync(["what time is it in <place>?"])[0], pair[1], atol=1e-4)
    assert len(runs) == 2
