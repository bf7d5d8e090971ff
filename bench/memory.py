"""Memory benchmark: ingest rate, search latency (with query embedding) at 10k and 100k documents, HNSW recall@5.

Baselines measured in the same run: ``store_document`` one at a time for ingest, an exact (index-free) scan for
search latency and recall. Uses a throw-away embedded PostgreSQL and the real local embedding model.
Run with: ``python bench/memory.py [--sizes 10000 100000] [--queries 200]``. Writes bench/results/memory.md.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from timing import percentile  # bench/timing.py (benches run as scripts from bench/)

from agent_core.memory import content_hash
from agent_core.memory.session import open_memory
from agent_core.settings import Settings

RESULTS = Path(__file__).parent / "results" / "memory.md"

SUBJECTS = [
    "The pilot study",
    "Our baseline model",
    "Sample B",
    "The survey",
    "The field station",
    "Reviewer 2",
    "The grant",
    "Maria's team",
    "The cluster",
    "The new microscope",
    "The reef survey",
    "The ethics board",
    "The battery test",
    "Kim's thesis",
    "The API",
    "The reading group",
    "The freezer",
    "The preprint",
]
VERBS = [
    "reported",
    "showed",
    "requires",
    "recommended",
    "measured",
    "found",
    "scheduled",
    "approved",
    "flagged",
    "estimated",
    "documented",
    "rejected",
]
OBJECTS = [
    "a drop in accuracy",
    "contamination in the assay",
    "a response rate increase",
    "new calibration steps",
    "a delay of two weeks",
    "higher costs for consumables",
    "a change in protocol",
    "stronger effects in winter",
    "missing values in the export",
    "a faster training schedule",
    "lower water quality",
    "an ablation study",
]
DETAILS = [
    "in March",
    "after the audit",
    "for cohort {n}",
    "at site {n}",
    "in run {n}",
    "under condition {n}",
    "during week {n}",
    "on batch {n}",
]


def documents(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    combos = list(itertools.product(SUBJECTS, VERBS, OBJECTS))
    picks = (rng.choice(combos) for _ in range(count))
    return [f"{s} {v} {o} {rng.choice(DETAILS).format(n=i)} (entry {seed}-{i})." for i, (s, v, o) in enumerate(picks)]


def queries(count: int, seed: int = 11) -> list[str]:
    rng = random.Random(seed)
    return [f"What did {rng.choice(SUBJECTS).lower()} say about {rng.choice(OBJECTS)}?" for _ in range(count)]


async def bulk_load(memory, texts: list[str]) -> float:
    """Embed in batches and COPY into the table, then build the HNSW index; returns docs/s."""
    started = time.perf_counter()
    vectors = await asyncio.to_thread(memory.embedder.model.embed_sync, texts)
    async with memory.pool.connection() as conn:
        await conn.execute("DROP INDEX IF EXISTS memories_embedding_hnsw")
        async with (
            conn.cursor() as cur,
            cur.copy("COPY memories (user_id, content, content_hash, embedding) FROM STDIN") as copy,
        ):
            for text, vector in zip(texts, vectors, strict=True):
                await copy.write_row((memory.user_id, text, content_hash(text), np.asarray(vector, dtype=np.float32)))
        await conn.execute("CREATE INDEX memories_embedding_hnsw ON memories USING hnsw (embedding vector_cosine_ops)")
        # Without statistics right after a bulk load, the planner picks the user_id btree plus a sort (an exact
        # scan); autovacuum would analyze soon, so measure the steady state.
        await conn.execute("ANALYZE memories")
    return len(texts) / (time.perf_counter() - started)


async def search_stats(memory, qs: list[str], exact: bool) -> tuple[list[float], list[list[str]]]:
    latencies, results = [], []
    for q in qs:
        started = time.perf_counter()
        hits = await memory.search(q, top_k=5, exact=exact)
        latencies.append((time.perf_counter() - started) * 1000)
        results.append([h.id for h in hits])
    return latencies, results


async def main(sizes: list[int], n_queries: int) -> str:
    lines = [
        f"Memory benchmark (Python {sys.version.split()[0]}, local all-MiniLM-L6-v2 int8, embedded PostgreSQL).",
        "",
    ]
    with tempfile.TemporaryDirectory() as home:
        settings = Settings(_env_file=None, paias_home=Path(home), user_id="bench")
        async with open_memory(settings) as memory:
            single = documents(300, seed=3)
            started = time.perf_counter()
            for text in single:
                await memory.store_document(text)
            single_rate = len(single) / (time.perf_counter() - started)
            async with memory.pool.connection() as conn:
                await conn.execute("DELETE FROM memories")
            qs = queries(n_queries)
            lines += [
                "| documents | ingest docs/s (bulk) | search p50 ms | search p95 ms | exact-scan p50 ms | "
                "p50 ratio vs exact | query embedding p50 ms | HNSW recall@5 |",
                "|---:|---:|---:|---:|---:|---:|---:|---:|",
            ]
            loaded = 0
            for size in sizes:
                rate = await bulk_load(memory, documents(size - loaded, seed=size))
                loaded = size
                await search_stats(memory, qs[:10], exact=False)  # warm caches
                hnsw_ms, hnsw_ids = await search_stats(memory, qs, exact=False)
                exact_ms, exact_ids = await search_stats(memory, qs, exact=True)
                recall = statistics.mean(len(set(a) & set(b)) / 5 for a, b in zip(hnsw_ids, exact_ids, strict=True))
                embed_ms = []
                for q in qs:
                    started = time.perf_counter()
                    await memory.embedder.embed_query(q)
                    embed_ms.append((time.perf_counter() - started) * 1000)
                p50, p50_exact = statistics.median(hnsw_ms), statistics.median(exact_ms)
                lines.append(
                    f"| {size:,} | {rate:,.0f} | {p50:.1f} | {percentile(hnsw_ms, 0.95):.1f} | {p50_exact:.1f} | "
                    f"{p50 / p50_exact:.2f}x | {statistics.median(embed_ms):.1f} | {recall:.3f} |"
                )
                print(lines[-1], flush=True)
    lines += [
        "",
        f"Baseline ingest, `store_document` one at a time (embed + insert with the index live): "
        f"{single_rate:,.0f} docs/s. Search times include embedding the query; {n_queries} queries per size.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--queries", type=int, default=200)
    args = parser.parse_args()
    table = asyncio.run(main(sorted(args.sizes), args.queries))
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(table + "\n")
    print(table)
