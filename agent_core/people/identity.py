"""Who is asking: the person every row, tool call and decision belongs to.

A person is identified by ``Person.id``: the OIDC subject when the browser app has sign-in (``st.login``), or
``USER_ID`` (default ``local``) in single-person mode. Every store is built for one person
(``AgentRuntime.for_person``), and every MCP tool call carries the person in the request's ``_meta``
(``PERSON_META_KEY``), set by the orchestrator from ``acting_for`` — never from a tool argument the model could
forge. ``APPROVERS`` names the people (emails, or ``group:<name>`` for an OIDC groups claim) who may decide anyone's
pending action; when it is set, irreversible actions wait for one of them.
"""

from __future__ import annotations

import contextlib
import getpass
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, replace

from agent_core.errors import PaiasError

PERSON_META_KEY = "paias/person"  # the MCP request `_meta` key naming whose data a tool call touches


@dataclass(frozen=True)
class Person:
    """One person as the app knows them. Built by the app from a verified source (the OIDC ID token, USER_ID, or
    the CLI's explicit ``--as``), never from anything a model or a tool returned."""

    id: str  # owns data: the OIDC subject, or USER_ID in single-person mode
    name: str  # what people read: the email (USER_ID in single-person mode)
    approver: bool = False  # may decide anyone's pending actions (named in APPROVERS)
    via: str = "browser"  # how they act now: "browser", or "cli:<os user>" from the command line
    signed_in: bool = False  # verified by sign-in (OIDC) or named explicitly (--as); False: single-person mode

    @property
    def decided_by(self) -> str:
        """How a decision names its maker: the email in the browser, ``cli:<os user> as <email>`` from the CLI;
        in single-person mode only the channel ("browser", "cli:<os user>"), as there is nobody else to name."""
        if not self.signed_in:
            return self.via
        return self.name if self.via == "browser" else f"{self.via} as {self.name}"

    def acting(self, via: str) -> Person:
        """The same person acting through another channel (the CLI records ``cli:<os user>``)."""
        return replace(self, via=via)


def local_person(user_id: str, *, via: str = "browser") -> Person:
    """The one person of single-person mode (``USER_ID``): everything without sign-in belongs to them."""
    return Person(id=user_id, name=user_id, via=via)


def cli_channel() -> str:
    """``cli:<os user>``: how a decision made from a shell on this machine is recorded."""
    try:
        user = getpass.getuser()
    except Exception:  # noqa: BLE001 - no login name (a container without a passwd entry): still say it was the CLI
        user = "unknown"
    return f"cli:{user}"


@dataclass(frozen=True)
class Approvers:
    """``APPROVERS``: emails and ``group:<name>`` entries, comma or space separated. Empty: everyone decides their
    own actions and nobody decides anyone else's."""

    emails: frozenset[str] = frozenset()
    groups: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, text: str | None) -> Approvers:
        entries = [e.strip() for e in (text or "").replace(",", " ").split() if e.strip()]
        groups = {e.split(":", 1)[1].strip().lower() for e in entries if e.lower().startswith("group:")}
        emails = {e.lower() for e in entries if not e.lower().startswith("group:")}
        return cls(frozenset(emails), frozenset(g for g in groups if g))

    @property
    def configured(self) -> bool:
        return bool(self.emails or self.groups)

    def includes(self, email: str | None, groups: Iterable[str] = ()) -> bool:
        """Whether a verified email or one of the verified groups is named."""
        if email and email.strip().lower() in self.emails:
            return True
        return any(str(group).strip().lower() in self.groups for group in groups)

    def describe(self) -> str:
        """Who the approvers are, for a person waiting on them."""
        names = sorted(self.emails) + [f"the {group} group" for group in sorted(self.groups)]
        return ", ".join(names) or "nobody"


class NotAllowed(PaiasError):
    """The person may not do this (another person's data, or an action reserved to approvers)."""


_acting: ContextVar[str | None] = ContextVar("paias_acting_person", default=None)


@contextlib.contextmanager
def acting_for(person_id: str | None) -> Iterator[None]:
    """Every tool call made inside this block touches ``person_id``'s data (the MCP ``_meta`` and local tools)."""
    token = _acting.set(person_id)
    try:
        yield
    finally:
        _acting.reset(token)


def acting_person() -> str | None:
    """The person the current tool call acts for (None outside any ``acting_for``: the server's own default)."""
    return _acting.get()
