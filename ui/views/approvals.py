"""Approvals: the actions that wait for a decision. An approver (named in APPROVERS) sees everyone's, each naming who
asked; everyone else sees their own. Every decision is checked on the server (agent_core.approvals.access), whatever
this page shows: another person's approval id is "not found", and an irreversible action waits for an approver.
"""

from __future__ import annotations

from datetime import UTC

import streamlit as st

from agent_core.approvals.decisions import decision_summary
from agent_core.schemas import PendingApproval, TurnResult
from ui.chat import BrowserDecisions, render_approval
from ui.identity import current_runtime
from ui.runtime import get_runtime

FLASH = "approvals-flash"

handle = get_runtime()
runtime = current_runtime(handle)
person = runtime.person
state = st.session_state


def decided(turn: TurnResult) -> None:
    """Say what a decision did, or why the server refused it."""
    if turn.kind == "error" and not turn.decided:  # refused, or decided meanwhile: nothing ran
        state[FLASH] = ("error", turn.error or "The decision failed.")
    else:  # decided: what was decided, then what the resumed run said (or how it failed)
        said = [decision_summary(item) for item in turn.decided]
        rejections = all(item.status == "rejected" for item in turn.decided)  # the reply only repeats them
        said += [turn.error] if turn.error else [turn.response.answer] if turn.response and not rejections else []
        kind = "warning" if turn.kind == "error" else "info" if rejections else "success"  # as the chat's cards
        state[FLASH] = (kind, "\n\n".join(said) or "Done.")
    st.rerun()


def asked(item: PendingApproval) -> str:
    """Who asked (in an approver's queue of everyone's actions) and when."""
    who = f"Asked by **{item.requested_by}**" if item.requested_by else "You asked"
    return f"{who} · {item.created_at.astimezone(UTC):%Y-%m-%d %H:%M} UTC" if item.created_at else who


st.title("Approvals")
if person.approver:
    st.caption("Everyone's actions waiting for a decision: you are an approver (APPROVERS), so you decide any of them.")
elif runtime.approvers.configured and person.signed_in:
    st.caption(
        f"Your actions waiting for a decision. Irreversible ones wait for an approver "
        f"({runtime.approvers.describe()}); you can still reject them."
    )
else:
    st.caption("Your actions waiting for a decision: nothing risky runs until you approve it.")
if flash := state.pop(FLASH, None):
    getattr(st, flash[0])(flash[1])

actions = BrowserDecisions(handle, runtime, decided)
waiting = handle.call(runtime.queue())
if not waiting:
    st.info("Nothing waits for a decision. Risky actions asked for in the chat show up here until decided.")
for item in waiting:
    st.caption(asked(item))
    render_approval(item, None, actions)

with st.expander("Decide by id"):
    st.caption(
        "An approval id someone sent you (each card shows its own, as in `paias approve <id>`). The server checks "
        "that you may decide it: someone else's action is not found unless you are an approver."
    )
    with st.form("decide-by-id", border=False, enter_to_submit=False):  # the id and the click arrive together
        wanted = st.text_input("Approval id", key="approvals-by-id").strip()
        approve, reject = st.columns(2)
        clicked_approve = approve.form_submit_button("Approve", key="by-id-approve")
        clicked_reject = reject.form_submit_button("Reject", key="by-id-reject")
    if (clicked_approve or clicked_reject) and not wanted:
        st.error("Paste an approval id first.")
    elif clicked_approve:
        actions.approve(wanted, None, False)
    elif clicked_reject:
        actions.reject(wanted, None)
