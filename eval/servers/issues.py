"""Test-only issue tracker server (dev set): a fake, deterministic list of a GitHub repository's issues.

Run with: ``python -m eval.servers.issues`` (stdio). Every ``owner/name`` has between 4 and 9 issues, built from the
repository name, some open and some closed; nothing is fetched from GitHub.
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

_REPO = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}")
_TITLES = [
    "Crash on startup with Python 3.13",
    "Docs: example in the quickstart is out of date",
    "Support for async context managers",
    "Type error when passing None to {name}",
    "Add a CHANGELOG entry for the last release",
    "Flaky test on Windows CI",
    "Memory leak when reusing the client",
    "Feature request: configurable timeout",
    "Improve the error message for invalid input",
    "Deprecation warning from a dependency",
    "{name} fails to install on Alpine Linux",
    "Regression in the latest release",
]
State = Literal["open", "closed", "all"]


class Issue(BaseModel):
    """One issue of the repository."""

    number: int = Field(description="The issue number")
    title: str = Field(description="The issue title")
    state: Literal["open", "closed"] = Field(description="Whether the issue is open or closed")


class IssueList(BaseModel):
    """Issues of one repository, newest first."""

    repo: str = Field(description="The repository, owner/name")
    issues: list[Issue] = Field(description="The matching issues, newest first")


def normalize_repo(repo: str) -> str:
    """``repo`` as ``owner/name`` (a github.com address or trailing '.git' is accepted and stripped).

    Raises:
        ValueError: if it is not of the form owner/name.
    """
    text = (repo or "").strip().removesuffix("/").removesuffix(".git")
    text = re.sub(r"^(?:https?://)?(?:www\.)?github\.com/", "", text)
    if not _REPO.fullmatch(text):
        raise ValueError(f"'{repo}' is not a repository. Give it as owner/name, e.g. 'pydantic/pydantic-ai'.")
    return text


def issues(repo: str, state: str = "open") -> IssueList:
    """The fake issues of ``repo`` in ``state``; always the same for the same repository.

    Raises:
        ValueError: for a malformed repository or a state other than open, closed or all.
    """
    key = normalize_repo(repo)
    if state not in ("open", "closed", "all"):
        raise ValueError(f"state must be 'open', 'closed' or 'all', not '{state}'.")
    seed = int.from_bytes(hashlib.sha256(key.casefold().encode()).digest()[:8], "big")
    name = key.split("/")[1]
    count = 4 + seed % 6
    newest = 100 + (seed >> 8) % 4900
    found = []
    for i in range(count):
        issue_state: Literal["open", "closed"] = "closed" if (seed >> (16 + i)) & 1 else "open"
        if state in ("all", issue_state):
            title = _TITLES[(seed >> (24 + 3 * i)) % len(_TITLES)].format(name=name)
            found.append(Issue(number=newest - 7 * i - (seed >> (4 * i)) % 5, title=title, state=issue_state))
    return IssueList(repo=key, issues=found)


server = MCPServer("eval-issues", instructions="GitHub repository issues. Test-only fake data.")


@server.tool(annotations=ToolAnnotations(title="List repository issues", readOnlyHint=True, openWorldHint=False))
def list_repo_issues(
    repo: Annotated[str, Field(description="GitHub repository as owner/name, e.g. 'pydantic/pydantic-ai'")],
    state: Annotated[State, Field(description="Which issues to list")] = "open",
) -> IssueList:
    """List the issues of a GitHub repository (bug reports and feature requests on its issue tracker): number,
    title and state of each, newest first.
    """
    try:
        return issues(repo, state)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


if __name__ == "__main__":
    main(server)
