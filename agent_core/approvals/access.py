"""Who may decide a waiting call: its owner, or an approver; and irreversible ones only approvers once APPROVERS
is set. Checked on the server for every decision, whatever a page shows or hides: another person's approval id
reads as unknown, exactly like an id that does not exist."""

from __future__ import annotations

from psycopg_pool import AsyncConnectionPool

from agent_core.approvals.store import Owner, UnknownApproval, owner_of
from agent_core.people.identity import Approvers, NotAllowed, Person
from agent_core.schemas import RiskLevel


async def may_decide(
    pool: AsyncConnectionPool,
    approval_id: str,
    decider: Person,
    approvers: Approvers,
    *,
    approving: bool,
) -> Owner:
    """The owner of ``approval_id`` once ``decider`` may make this decision.

    Raises:
        UnknownApproval: there is no such approval, or it is another person's and the decider is no approver.
        NotAllowed: an irreversible action waits for an approver (APPROVERS is set); rejecting it stays allowed.
    """
    owner = await owner_of(pool, approval_id)
    if owner is None or (owner.user_id != decider.id and not decider.approver):
        raise UnknownApproval(approval_id)
    needs_approver = decider.signed_in and approvers.configured and owner.risk_level is RiskLevel.IRREVERSIBLE
    if approving and needs_approver and not decider.approver:
        raise NotAllowed(
            f"Only an approver ({approvers.describe()}) can approve this: it cannot be undone. It waits in their "
            "queue; you can still reject it."
        )
    return owner
