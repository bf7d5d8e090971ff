"""Memory: search the research memory by meaning, browse it newest first, add a memory and delete one (confirmed)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import streamlit as st

from agent_core.errors import InputError
from agent_core.memory import parse_metadata
from agent_core.memory.manager import MAX_CONTENT_CHARS
from ui.identity import current_runtime
from ui.runtime import get_runtime

PAGE_SIZE = 20

handle = get_runtime()
memory = current_runtime(handle).memory  # this person's memories only
state = st.session_state
state.setdefault("memory-page", 0)


def store() -> None:
    try:
        metadata = parse_metadata(state["memory-metadata"].splitlines())
        handle.call(memory.store_document(state["memory-content"], metadata or None))
    except InputError as exc:  # the text stays in the boxes: nothing is lost
        state["memory-flash"] = ("error", f"{exc} Nothing was stored; fix it and store again.")
        return
    state["memory-flash"] = ("success", f"Remembered: “{preview(state['memory-content'])}”.")
    state["memory-content"] = state["memory-metadata"] = ""
    state["memory-page"] = 0


def search() -> None:
    try:
        hits = handle.call(memory.semantic_search(state["memory-query"], top_k=state["memory-top-k"]))
    except InputError as exc:
        state["memory-flash"] = ("error", f"{exc} Type what you are looking for.")
        return
    state["memory-hits"] = hits


def ask_delete(item: dict[str, Any]) -> None:
    state["memory-confirm"] = item


def preview(text: str, limit: int = 60) -> str:
    """A memory named by its words (ids mean nothing to a person)."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def delete(memory_id: str) -> None:
    confirm = state.pop("memory-confirm", None) or {}
    what = f"“{preview(confirm.get('content', ''))}”" if confirm.get("content") else "that memory"
    if handle.call(memory.delete_document(memory_id)):
        state["memory-flash"] = ("success", f"Deleted {what}.")
    else:
        state["memory-flash"] = ("error", f"{what[0].upper()}{what[1:]} was already gone (deleted elsewhere?).")
    state["memory-hits"] = [h for h in state.get("memory-hits", []) if h["id"] != memory_id]


def stored(item: dict[str, Any]) -> str:
    return f"{datetime.fromisoformat(item['created_at']).astimezone(UTC):%Y-%m-%d %H:%M} UTC"


def render(item: dict[str, Any], where: str) -> None:
    """One memory: its text as Markdown, score (for a search hit), stored date, metadata, and a delete button."""
    with st.container(border=True):
        st.markdown(item["content"])
        details = [f"score **{item['score']:.3f}**"] if "score" in item else []
        details.append(f"stored {stored(item)}")
        details += [f"{k}: {v if isinstance(v, str) else json.dumps(v)}" for k, v in sorted(item["metadata"].items())]
        st.caption(" · ".join(details))
        st.button("Delete", key=f"memory-delete-{where}-{item['id']}", on_click=ask_delete, args=(item,))


st.title("Memory")
total = handle.call(memory.count())
st.caption(f"{total} memor{'y' if total == 1 else 'ies'} · found by meaning (cosine similarity, 1.0 = same meaning)")
if flash := state.pop("memory-flash", None):
    getattr(st, flash[0])(flash[1])

if confirm := state.get("memory-confirm"):
    with st.container(border=True):
        st.warning("Delete this memory for good? It cannot be undone.")
        st.markdown(confirm["content"][:300] + ("…" if len(confirm["content"]) > 300 else ""))
        yes, no = st.columns(2)
        yes.button(
            "Delete for good", key="memory-confirm-delete", type="primary", on_click=delete, args=(confirm["id"],)
        )
        no.button("Cancel", key="memory-cancel-delete", on_click=lambda: state.pop("memory-confirm", None))

search_tab, browse_tab, add_tab = st.tabs(["Search", "Browse", "Add"])
with search_tab:
    query, top_k = st.columns([4, 1])
    query.text_input("Search by meaning", key="memory-query", placeholder="e.g. Project X tech stack")
    top_k.number_input("Top k", min_value=1, max_value=100, value=5, key="memory-top-k")
    st.button("Search", key="memory-search", type="primary", on_click=search)
    hits = state.get("memory-hits")
    if hits == []:
        st.info("There are no memories to search yet; add one on the Add tab.")
    for hit in hits or []:
        render(hit, "hit")

with browse_tab:
    page = state["memory-page"]
    items = handle.call(memory.list_documents(limit=PAGE_SIZE, offset=page * PAGE_SIZE))
    if not items:
        st.info("Nothing stored yet. Add a memory on the Add tab, or say “Remember that …” in the chat.")
    else:
        st.caption(f"Newest first: {page * PAGE_SIZE + 1}–{page * PAGE_SIZE + len(items)} of {total}")
    for item in items:
        render(item, "list")
    newer, older = st.columns(2)
    if newer.button("Newer", key="memory-newer", disabled=page == 0):
        state["memory-page"] = page - 1
        st.rerun()
    if older.button("Older", key="memory-older", disabled=(page + 1) * PAGE_SIZE >= total):
        state["memory-page"] = page + 1
        st.rerun()

with add_tab:
    st.text_area("Text to remember", key="memory-content", help=f"At most {MAX_CONTENT_CHARS:,} characters")
    st.text_area("Metadata (optional, one key=value per line)", key="memory-metadata", placeholder="project=X")
    st.button("Store", key="memory-store", type="primary", on_click=store)
