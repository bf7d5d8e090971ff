"""May the browser app serve where it listens? Without sign-in, only where nobody else can reach it.

Whoever opens the page can use every connected tool with this user's tasks, memories and files. So the app
(``ui/app.py``) asks ``serving_check`` before it starts anything: on loopback it serves; on any other address it
needs sign-in (an ``[auth]`` section in ``.streamlit/secrets.toml``) or an explicit ``PAIAS_ALLOW_ANONYMOUS=true``
— e.g. in a container that listens on 0.0.0.0 but whose port is published on 127.0.0.1 only — and then warns.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

UNIX_SOCKET_PREFIX = "unix://"  # streamlit's server.address for a Unix socket: reachable through the file system only


@dataclass(frozen=True)
class ServingVerdict:
    """Whether to serve, and what to tell the person."""

    allowed: bool
    warning: str | None = None  # shown in the sidebar while serving
    reason: str | None = None  # shown instead of the app when it refuses: what is wrong and what to do


def is_loopback(address: str | None) -> bool:
    """Whether ``address`` (streamlit's ``server.address``) can only be reached from this machine.

    Empty means all interfaces. A host name other than ``localhost`` counts as reachable: it may resolve anywhere.
    """
    host = (address or "").strip()
    if not host:
        return False
    if host.startswith(UNIX_SOCKET_PREFIX) or host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _where(address: str | None) -> str:
    host = (address or "").strip()
    return "all network interfaces" if host in {"", "0.0.0.0", "::", "[::]"} else host


def serving_check(address: str | None, auth_configured: bool, allow_anonymous: bool) -> ServingVerdict:
    """Decide whether the app may serve on ``address``.

    Args:
        address: streamlit's ``server.address`` (None or empty: all interfaces).
        auth_configured: whether sign-in is configured (an ``[auth]`` section in the app's secrets).
        allow_anonymous: ``PAIAS_ALLOW_ANONYMOUS``: the operator accepts serving without sign-in.

    Returns:
        Allowed on loopback or with sign-in; allowed with a warning when anonymous access was allowed explicitly;
        otherwise refused, with a reason that names the three ways out.
    """
    if is_loopback(address) or auth_configured:
        return ServingVerdict(True)
    where = _where(address)
    if allow_anonymous:
        return ServingVerdict(
            True,
            warning=(
                f"No sign-in: anyone who can reach this port can use the assistant (it listens on {where}; "
                "PAIAS_ALLOW_ANONYMOUS=true)."
            ),
        )
    return ServingVerdict(
        False,
        reason=(
            f"Not serving: the app listens on {where} without sign-in, so anyone who can reach the port could use "
            "your tools, tasks and memories. Listen on 127.0.0.1 (--server.address 127.0.0.1), configure sign-in "
            "([auth] in .streamlit/secrets.toml), or set PAIAS_ALLOW_ANONYMOUS=true if only you can reach the port."
        ),
    )
