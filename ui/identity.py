"""Who this browser session is: the person signed in with Streamlit's native OIDC sign-in (``st.login``), or, with
no ``[auth]`` section in the secrets, the one person of single-person mode (``USER_ID``).

Every page acts through ``current_runtime(handle)``: the process's runtime acting for this person
(``AgentRuntime.for_person``), so the conversations, memories, tasks, approvals and undo it reads and changes are
theirs alone; the server checks it again for every read and decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import streamlit as st

from agent_core.people.identity import Approvers, Person, local_person
from ui.serving import auth_configured

if TYPE_CHECKING:
    from agent_core.runtime import AgentRuntime
    from agent_core.settings import Settings
    from agent_core.sync_runtime import SyncRuntime

GROUPS_CLAIM = "groups"  # the OIDC claim APPROVERS' group:<name> entries match (Keycloak, Okta, Entra ID)
SEEN = "identity-seen"  # session key: whose sign-in this session recorded (runtime.people), once per session


def person_id(claims: Mapping[str, Any]) -> str:
    """Who owns data: ``<iss>#<sub>``, the subject qualified by its issuer.

    A subject is unique only within its issuer (OIDC Core 1.0, section 2), and the secrets may name several
    providers (``[auth.<name>]``): qualified, a subject that a second provider happens to reuse can never open the
    first one's data. Both claims come from the ID token Authlib verified (signature, ``iss``, ``aud``, ``exp``).

    Raises:
        ValueError: the token has no ``sub``.
    """
    subject = str(claims.get("sub") or "").strip()
    if not subject:
        raise ValueError("The sign-in returned no subject (the ID token's sub claim); sign in again.")
    issuer = str(claims.get("iss") or "").strip()
    return f"{issuer}#{subject}" if issuer else subject


def verified_email(claims: Mapping[str, Any]) -> str | None:
    """The email, unless the token says it is not verified (``email_verified: false``; some providers send it as a
    string). Providers that never send ``email_verified`` (Entra ID) vouch for the address they issue."""
    email = str(claims.get("email") or "").strip()
    if not email or str(claims.get("email_verified", True)).strip().lower() == "false":
        return None
    return email


def groups(claims: Mapping[str, Any]) -> list[str]:
    """The groups claim as a list (a provider with one group may send a plain string)."""
    value = claims.get(GROUPS_CLAIM) or []
    return [value] if isinstance(value, str) else [str(group) for group in value]


def signed_in_person(claims: Mapping[str, Any], approvers: Approvers) -> Person:
    """The signed-in person from their ID token's claims (``st.user``). An unverified email names nobody: it is
    neither the name decisions record nor a way into APPROVERS."""
    email = verified_email(claims)
    name = email or str(claims.get("name") or claims.get("preferred_username") or claims.get("sub") or "")
    return Person(
        id=person_id(claims),
        name=name,
        approver=approvers.includes(email, groups(claims)),
        signed_in=True,
    )


def signed_out() -> bool:
    """Sign-in is configured and this visitor has not signed in."""
    return auth_configured() and not st.user.is_logged_in


def current_person(settings: Settings) -> Person | None:
    """This session's person: the signed-in one, or single-person mode's without ``[auth]``; None when signed out."""
    if not auth_configured():
        return local_person(settings.user_id)
    if not st.user.is_logged_in:
        return None
    return signed_in_person(st.user.to_dict(), Approvers.parse(settings.approvers))


def current_runtime(handle: SyncRuntime) -> AgentRuntime:
    """The runtime acting for this session's person; their sign-in is recorded once per session (so the approvers'
    queue and the CLI's ``--as EMAIL`` name them by email). A signed-out run gets the sign-in page and stops."""
    runtime = handle.runtime
    person = current_person(runtime.settings)
    if person is None:
        render_sign_in()
    seen = person.signed_in and st.session_state.get(SEEN) != person.id
    email = verified_email(st.user.to_dict()) if seen else None

    async def acting() -> AgentRuntime:  # on the runtime's loop: one view per person, never two made at once
        if seen:
            await runtime.people.seen(person.id, email)
        return runtime.for_person(person)

    mine = handle.call(acting())
    if seen:
        st.session_state[SEEN] = person.id
    return mine


def providers() -> list[str | None]:
    """The providers ``[auth]`` names: None for one configured in ``[auth]`` itself, then each ``[auth.<name>]``."""
    auth = st.secrets.get("auth") or {}
    named = [name for name, section in auth.items() if isinstance(section, Mapping) and "client_id" in section]
    return ([None] if "client_id" in auth or not named else []) + named


def render_sign_in() -> None:
    """What a signed-out visitor gets: what the app is and a sign-in button; nothing else runs. Never returns."""
    st.title("PAIAS Research Assistant")
    st.markdown(
        "A research chat with honest tools: it answers with the tools it has, says when none can help, and waits "
        "for a person's approval before anything risky runs. Your conversations, memories and tasks are yours "
        "alone; sign in to see them."
    )
    for provider in providers():
        label = "Sign in" if provider is None else f"Sign in with {provider.replace('_', ' ').title()}"
        st.button(
            label,
            key=f"sign-in-{provider}",
            type="primary",
            icon=":material/login:",
            on_click=st.login,
            args=() if provider is None else (provider,),
        )
    st.caption("You sign in with your organisation's account; this app never sees your password.")
    st.stop()


def render_person(person: Person) -> None:
    """Who is signed in (with an approver badge) and Sign out; or the one line that says single-person mode."""
    if not person.signed_in:
        st.caption("Single-person mode — no sign-in; everything here is yours.")
        return
    st.caption(f"Signed in as **{person.name}**")
    if person.approver:
        st.badge("approver", icon=":material/verified_user:", color="green")
    st.button("Sign out", key="sign-out", icon=":material/logout:", on_click=st.logout)
