"""The chat page's sidebar: new conversation, search, the conversations grouped by date, and this conversation's
rename / export / delete (delete asks first)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta

import streamlit as st

from agent_core.conversations import Conversation, Turn, export_json, export_markdown
from agent_core.sync_runtime import SyncRuntime
from ui.identity import current_runtime


def date_group(moment: datetime, now: datetime) -> str:
    """ "Today", "Yesterday", "Previous 7 days", "Previous 30 days", or the month ("October 2026")."""
    day, today = moment.astimezone(UTC).date(), now.astimezone(UTC).date()
    if day >= today:
        return "Today"
    if day == today - timedelta(days=1):
        return "Yesterday"
    if day > today - timedelta(days=7):
        return "Previous 7 days"
    if day > today - timedelta(days=30):
        return "Previous 30 days"
    return f"{moment:%B %Y}"


def render_list(
    conversations: Sequence[Conversation], active: str | None, select: Callable[[str | None], None]
) -> None:
    """The conversations under date headings; the active one highlighted, each dated in its tooltip."""
    now = datetime.now(UTC)
    heading = None
    for conversation in conversations:
        group = date_group(conversation.updated_at, now)
        if group != heading:
            st.caption(group)
            heading = group
        turns = f"{conversation.turns} message{'s' if conversation.turns != 1 else ''}"
        if st.button(
            conversation.title,
            key=f"conv-{conversation.id}",
            width="stretch",
            type="primary" if conversation.id == active else "tertiary",
            help=f"Started {conversation.created_at:%d %b %Y, %H:%M} UTC · {turns}",
        ):
            select(conversation.id)
            st.rerun()


def render_sidebar(handle: SyncRuntime, active: str | None, select: Callable[[str | None], None]) -> list[Conversation]:
    """New conversation, search and this person's conversations; returns those listed (the active one looked up
    too)."""
    runtime = current_runtime(handle)
    if st.button("New conversation", icon=":material/add:", width="stretch"):
        select(None)
        st.rerun()
    query = st.text_input(
        "Search conversations",
        key="conversation-search",
        placeholder="Search conversations",
        label_visibility="collapsed",
    )
    conversations = handle.call(runtime.conversations.list(limit=50, query=query or None))
    if query and not conversations:
        st.caption(f"No conversation mentions “{query.strip()}”.")
    render_list(conversations, active, select)
    if active and all(c.id != active for c in conversations):  # filtered out or beyond the 50: still this one's page
        conversations = [
            *conversations,
            *[c for c in handle.call(runtime.conversations.list(limit=500)) if c.id == active],
        ]
    return conversations


def render_manage(handle: SyncRuntime, current: Conversation, select: Callable[[str | None], None]) -> None:
    """Rename, export and delete the open conversation; delete asks for a confirmation first. The exports read
    the whole conversation only when clicked (the page itself reads only its newest turns)."""
    runtime, state = current_runtime(handle), st.session_state
    with st.expander("This conversation"):
        title = st.text_input("Title", current.title, key=f"title-{current.id}")
        if st.button("Rename", key="rename") and title != current.title:
            try:
                handle.call(runtime.conversations.rename(current.id, title))
            except Exception as exc:  # noqa: BLE001 - shown to the person, nothing is lost
                state.flash = str(exc)
            st.rerun()
        slug = current.id[:8]

        def every_turn() -> list[Turn]:
            return handle.call(runtime.conversations.turns(current.id))

        st.download_button(
            "Export Markdown",
            lambda: export_markdown(current.title, every_turn()),
            f"conversation-{slug}.md",
            on_click="ignore",
        )
        st.download_button(
            "Export JSON",
            lambda: json.dumps(export_json(current, every_turn()), ensure_ascii=False, indent=2),
            f"conversation-{slug}.json",
            mime="application/json",
            on_click="ignore",
        )
        if state.get("confirm_delete") != current.id:
            if st.button("Delete conversation", key="delete", icon=":material/delete:"):
                state.confirm_delete = current.id
                st.rerun()
            return
        count = f"{current.turns} message{'s' if current.turns != 1 else ''}"
        st.warning(f"Delete “{current.title}” and its {count}? This cannot be undone.")
        sure, keep = st.columns(2)
        if sure.button("Delete", key="delete-confirmed", type="primary"):
            state.pop("confirm_delete", None)
            handle.call(runtime.delete_conversation(current.id, by="browser"))
            select(None)
            st.rerun()
        if keep.button("Cancel", key="delete-cancelled"):
            state.pop("confirm_delete", None)
            st.rerun()
