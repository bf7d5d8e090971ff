"""Test-only Linear server (blind dev set ``dev17_tools.jsonl``): search issues, a user's issues, one issue, create
and update issues, comment on an issue.

Run with: ``python -m eval.servers.linear`` (stdio). A fixed Linear workspace of Prof. Elena Marchetti's cardiac
regeneration lab, seen by the postdoc Jonas Brandt (the API key's user): three teams (Wet Lab ``WET``, Data Analysis
``DATA``, Lab Ops ``OPS``, UUID ids), six members, each team's workflow (Backlog, Todo, In Progress, In Review, Done,
Canceled), labels and 20 issues (``WET-112``, ``DATA-41``, ``OPS-57`` …). Issues and comments created and issues
updated are kept in memory (none at every start): a new issue takes its team's next number. "Now" is the
evaluation's clock, 2026-11-22 12:00 UTC. No network, no real clock.

The tool shapes follow the Linear MCP server (jerhadf/linear-mcp-server, early 2025): its tool names
(``linear_search_issues``, ``linear_get_user_issues``, ``linear_get_issue``, ``linear_create_issue``,
``linear_update_issue``, ``linear_add_comment``), their long descriptions, camelCase parameters (``teamId``,
``assigneeId``, ``userId``, ``issueId``, ``includeArchived``, ``createAsUser``, ``displayIconUrl``), ``priority`` as a
number 0-4 (1 urgent, 2 high, 3 normal, 4 low), ``status`` a workflow state's name, and its text results ("Found N
issues:", "Created issue WET-122: …\\nURL: …", "Issue Details:…"), here next to the issues as structured content.

Unsure of, or chosen for the evaluation: the real server has no tool that lists teams or users (they are MCP
resources, ``linear-organization:`` and ``linear-viewer:``, which this server also offers), so ``teamId`` takes the
team's UUID, key or name, and ``assigneeId``/``userId`` a user's UUID, name or email (the real API takes UUIDs; an
unknown value is refused here with the teams or users to send); on the real server ``status`` of create and update is
sent as a state id while search filters by state name: both are accepted here; issue ids take the identifier
(``DATA-41``, as the Linear API accepts) or the UUID; the query matches the title or description case-insensitively
(the real filter is a case-sensitive ``contains``); the real server's rate-limit metadata is left out.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main

NOW = "2026-11-22T12:00:00.000Z"
_NS = uuid.UUID("0c6f3a52-7d1e-4b8a-9f2c-5e4d3c2b1a09")
ORG = {"name": "Marchetti Lab", "urlKey": "marchetti-lab"}
ME = "Jonas Brandt"
TEAMS = {"WET": "Wet Lab", "DATA": "Data Analysis", "OPS": "Lab Ops"}
STATES = ("Backlog", "Todo", "In Progress", "In Review", "Done", "Canceled")
USERS = {
    "Jonas Brandt": "jonas.brandt@marchettilab.example.org",
    "Elena Marchetti": "elena.marchetti@marchettilab.example.org",
    "Aiko Tanaka": "aiko.tanaka@marchettilab.example.org",
    "Rui Costa": "rui.costa@marchettilab.example.org",
    "Fatima Haddad": "fatima.haddad@marchettilab.example.org",
    "Leo Novak": "leo.novak@marchettilab.example.org",
}
LABELS = ("Bug", "Feature", "Improvement", "imaging", "sequencing", "zebrafish", "iPSC", "equipment", "pipeline")
PRIORITY_NAMES = {0: "No priority", 1: "Urgent", 2: "High", 3: "Medium", 4: "Low"}


def lid(kind: str, name: str) -> str:
    """The stable UUID of a fixed object."""
    return str(uuid.uuid5(_NS, f"{kind}:{name}"))


# identifier -> (title, description, assignee, state, priority, labels, estimate, updated, archived)
ISSUES: list[tuple[str, str, str, str | None, str, int, tuple[str, ...], int | None, str, bool]] = [
    ("WET-109", "Fin clip genotyping batch 7", "48 fish from the nrg1 incross, HRM assay.", "Rui Costa", "Done", 3,
     ("zebrafish",), 2, "2026-11-21T10:05:00.000Z", False),
    ("WET-112", "Cryoinjury cohort 4: 12 fish on 30 Nov", "Tg(myl7:GFP), 6-9 months. Harvest at 7, 14, 30 dpi.",
     "Jonas Brandt", "Todo", 2, ("zebrafish",), 3, "2026-11-20T15:12:00.000Z", False),
    ("WET-115", "nrg1 morpholino: check mis-splicing by RT-PCR", "Primers in exon 2 and 4; 48 hpf embryos.",
     "Aiko Tanaka", "Backlog", 3, ("zebrafish",), 2, "2026-11-18T11:47:00.000Z", False),
    ("WET-118", "Optimise EdU pulse length for 7 dpi hearts", "Compare 6 h, 24 h and 48 h pulses.",
     "Jonas Brandt", "In Progress", 3, ("zebrafish", "imaging"), 3, "2026-11-17T09:30:00.000Z", False),
    ("WET-120", "iPSC-CM batch 23 beats irregularly", "Arrhythmic beating from day 12; check lactate selection.",
     "Fatima Haddad", "Todo", 1, ("iPSC", "Bug"), None, "2026-11-21T17:40:00.000Z", False),
    ("WET-121", "Re-count EdU+ cardiomyocytes for Figure 4", "Counts per section, cohort 2 (reviewer 2).",
     "Jonas Brandt", "In Progress", 2, ("imaging",), 2, "2026-11-19T10:00:00.000Z", False),
    ("DATA-35", "Try Cellpose 2 for nuclei segmentation", "Superseded by the StarDist model.", "Leo Novak",
     "Canceled", 4, ("imaging",), None, "2026-06-02T12:00:00.000Z", True),
    ("DATA-38", "Cluster storage quota full on /group/marchetti", "98% used; move raw light-sheet data to tape.",
     "Leo Novak", "In Progress", 1, ("pipeline", "Bug"), 1, "2026-11-21T08:15:00.000Z", False),
    ("DATA-41", "Segmentation model misses trabeculae in 7 dpi hearts",
     "The U-Net undersegments the trabecular myocardium; retrain with 20 more annotated sections.", "Jonas Brandt",
     "Todo", 2, ("imaging", "Bug"), 5, "2026-11-16T14:20:00.000Z", False),
    ("DATA-44", "Port the AFOG scar quantification to a napari plugin", "Replace the Fiji macro v3.", "Leo Novak",
     "Backlog", 4, ("imaging", "Feature"), 5, "2026-11-02T10:00:00.000Z", False),
    ("DATA-47", "scRNA-seq: doublet removal with scDblFinder", "Decided at the 19 Nov lab meeting.",
     "Jonas Brandt", "In Progress", 2, ("sequencing",), 2, "2026-11-20T11:00:00.000Z", False),
    ("DATA-49", "CalTrack: export transient parameters as CSV", "Amplitude, time to peak, decay tau per cell.",
     "Fatima Haddad", "In Review", 3, ("Improvement",), 1, "2026-11-20T16:45:00.000Z", False),
    ("DATA-50", "Cell Ranger 8 re-run on the October 10x data", "Done; outputs in /group/marchetti/10x.",
     "Leo Novak", "Done", 3, ("sequencing",), 2, "2026-11-12T09:00:00.000Z", False),
    ("DATA-52", "Snakemake pipeline fails on the new GTF (Ensembl 113)", "KeyError: gene_biotype in rule count.",
     "Leo Novak", "Todo", 2, ("pipeline", "Bug"), 2, "2026-11-19T13:25:00.000Z", False),
    ("OPS-57", "Order tricaine (MS-222)", "Sigma E10521, 100 g. Only 12 g left.", "Rui Costa", "Todo", 1,
     ("equipment",), None, "2026-11-19T14:22:00.000Z", False),
    ("OPS-58", "Calibrate all P20 pipettes", "Vendor visit on 12 November.", "Rui Costa", "Done", 3,
     ("equipment",), None, "2026-11-12T15:00:00.000Z", False),
    ("OPS-60", "-80 freezer 2: replace the door seal", "Ice builds up at the bottom of the door.", "Rui Costa",
     "In Progress", 3, ("equipment",), None, "2026-11-18T09:10:00.000Z", False),
    ("OPS-61", "Animal licence amendment for cryoinjury cohorts", "Add cohort 4 and 5 to licence G-24-117.",
     "Elena Marchetti", "Todo", 2, (), None, "2026-11-17T18:00:00.000Z", False),
    ("OPS-62", "Confocal 488 nm laser: Zeiss service visit", "Power at the objective down to 60%.", "Jonas Brandt",
     "Todo", 2, ("equipment", "imaging"), None, "2026-11-20T09:00:00.000Z", False),
    ("OPS-63", "Fire safety training for the new students", "Leo and the two rotation students.",
     "Elena Marchetti", "Backlog", 4, (), None, "2026-11-05T12:00:00.000Z", False),
]  # fmt: skip


class IssueOut(BaseModel):
    """An issue as the server returns it."""

    id: str = Field(description="Issue UUID")
    identifier: str = Field(description="Issue identifier, e.g. WET-112")
    title: str = Field(description="Title")
    description: str | None = Field(description="Description (Markdown)")
    priority: int = Field(description="0 none, 1 urgent, 2 high, 3 normal, 4 low")
    estimate: int | None = Field(default=None, description="Estimate points")
    status: str = Field(description="Workflow state name")
    assignee: str | None = Field(description="Assignee's name")
    team: str = Field(description="Team name")
    labels: list[str] = Field(description="Label names")
    url: str = Field(description="Issue URL")


class IssueList(BaseModel):
    """Issues found."""

    text: str = Field(description="'Found N issues:' and one entry per issue")
    issues: list[IssueOut] = Field(description="The issues, most recently updated first")


class IssueResult(BaseModel):
    """One issue, created, updated or fetched."""

    text: str = Field(description="What happened, the identifier and the URL")
    issue: IssueOut = Field(description="The issue")


class CommentResult(BaseModel):
    """A comment added to an issue."""

    text: str = Field(description="'Added comment to issue …' and the URL")
    comment: dict[str, Any] = Field(description="id, body, user, createdAt, url")
    issue: str = Field(description="The issue's identifier")


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60]


class Workspace:
    """The fixed workspace plus this session's changes."""

    def __init__(self) -> None:
        self.issues: dict[str, dict[str, Any]] = {}
        for ident, title, desc, who, state, prio, labels, estimate, updated, archived in ISSUES:
            self.issues[ident] = {
                "id": lid("issue", ident),
                "identifier": ident,
                "title": title,
                "description": desc,
                "assignee": who,
                "state": state,
                "priority": prio,
                "labels": list(labels),
                "estimate": estimate,
                "updated": updated,
                "archived": archived,
                "team": ident.split("-")[0],
            }
        self.comments: dict[str, list[dict[str, Any]]] = {}

    # ------------------------------------------------------------------ resolving
    def team(self, team_id: str) -> str:
        key = str(team_id or "").strip()
        for k, name in TEAMS.items():
            if key in (lid("team", k), k) or key.lower() in (k.lower(), name.lower()):
                return k
        listing = ", ".join(f"{name} (key {k}, id {lid('team', k)})" for k, name in TEAMS.items())
        raise ValueError(f"Entity not found: Team '{team_id}'. Teams: {listing}.")

    def user(self, user_id: str) -> str:
        key = str(user_id or "").strip().lower()
        for name, email in USERS.items():
            if key in (lid("user", name), name.lower(), email, name.split()[0].lower()):
                return name
        if key in ("me", "self", "current", "viewer"):
            return ME
        listing = ", ".join(f"{n} ({lid('user', n)})" for n in USERS)
        raise ValueError(f"Entity not found: User '{user_id}'. Users: {listing}.")

    def issue(self, issue_id: str) -> dict[str, Any]:
        key = str(issue_id or "").strip()
        m = re.search(r"/issue/([A-Za-z]+-\d+)", key)
        if m:
            key = m.group(1)
        spoken = re.fullmatch(r"([A-Za-z]+)[\s_]*-?\s*(\d+)", key)
        if spoken:
            key = f"{spoken.group(1).upper()}-{spoken.group(2)}"
        for issue in self.issues.values():
            if key in (issue["id"], issue["identifier"]):
                return issue
        if re.fullmatch(r"\d+", key):
            options = [i for i in self.issues if i.endswith(f"-{key}")]
            hint = f" Did you mean {', '.join(options)}?" if options else ""
            raise ValueError(f"Entity not found: Issue '{issue_id}'. Send the identifier, e.g. 'DATA-41'.{hint}")
        raise ValueError(f"Entity not found: Issue '{issue_id}'. linear_search_issues finds issues by their title.")

    def state(self, team: str, status: str) -> str:
        key = str(status or "").strip()
        for s in STATES:
            if key in (lid("state", f"{team}/{s}"),) or key.lower() == s.lower():
                return s
        aliases = {"to do": "Todo", "todo": "Todo", "done": "Done", "in progress": "In Progress", "doing": "In Progress",
                   "cancelled": "Canceled", "review": "In Review"}  # fmt: skip
        if key.lower() in aliases:
            return aliases[key.lower()]
        listing = ", ".join(f"{s} ({lid('state', f'{team}/{s}')})" for s in STATES)
        raise ValueError(f"Entity not found: WorkflowState '{status}'. States of {TEAMS[team]}: {listing}.")

    @staticmethod
    def priority(value: Any) -> int | None:
        if value is None:
            return None
        try:
            number = float(value)
        except (TypeError, ValueError):
            names = {"urgent": 1, "high": 2, "normal": 3, "medium": 3, "low": 4, "none": 0}
            if str(value).strip().lower() in names:
                return names[str(value).strip().lower()]
            raise ValueError(f"priority is a number 0-4 (1 urgent, 2 high, 3 normal, 4 low), not '{value}'.") from None
        if number != int(number) or not 0 <= number <= 4:
            raise ValueError(f"priority is a number 0-4 (1 urgent, 2 high, 3 normal, 4 low), not {value}.")
        return int(number)

    # ------------------------------------------------------------------ shapes
    def out(self, issue: dict[str, Any]) -> IssueOut:
        return IssueOut(
            id=issue["id"],
            identifier=issue["identifier"],
            title=issue["title"],
            description=issue["description"] or None,
            priority=issue["priority"],
            estimate=issue["estimate"],
            status=issue["state"],
            assignee=issue["assignee"],
            team=TEAMS[issue["team"]],
            labels=issue["labels"],
            url=f"https://linear.app/{ORG['urlKey']}/issue/{issue['identifier']}/{_slug(issue['title'])}",
        )

    def _listing(self, found: list[dict[str, Any]], state_key: str = "Status") -> IssueList:
        out = [self.out(i) for i in found]
        lines = [
            f"- {i.identifier}: {i.title}\n  Priority: {i.priority or 'None'}\n  {state_key}: {i.status}\n  {i.url}"
            for i in out
        ]
        return IssueList(text=f"Found {len(out)} issues:\n" + "\n".join(lines), issues=out)

    # ------------------------------------------------------------------ reads
    def search(
        self,
        query: str | None = None,
        team_id: str | None = None,
        status: str | None = None,
        assignee_id: str | None = None,
        labels: list[str] | None = None,
        priority: Any = None,
        estimate: Any = None,
        include_archived: bool | None = None,
        limit: Any = None,
    ) -> IssueList:
        found = [i for i in self.issues.values() if include_archived or not i["archived"]]
        if query and query.strip():
            q = query.strip().lower()
            found = [i for i in found if q in i["title"].lower() or q in (i["description"] or "").lower()]
        if team_id:
            team = self.team(team_id)
            found = [i for i in found if i["team"] == team]
        if status:
            state = self.state(self.team(team_id) if team_id else "WET", status)
            found = [i for i in found if i["state"] == state]
        if assignee_id:
            who = self.user(assignee_id)
            found = [i for i in found if i["assignee"] == who]
        if labels:
            wanted = {str(lab).lower() for lab in labels}
            found = [i for i in found if wanted & {lab.lower() for lab in i["labels"]}]
        prio = self.priority(priority)
        if prio:
            found = [i for i in found if i["priority"] == prio]
        if estimate:
            found = [i for i in found if i["estimate"] == int(float(estimate))]
        found.sort(key=lambda i: i["updated"], reverse=True)
        return self._listing(found[: _limit(limit, 10)])

    def user_issues(self, user_id: str | None = None, include_archived: bool | None = None, limit: Any = None):
        who = self.user(user_id) if user_id else ME
        found = [i for i in self.issues.values() if i["assignee"] == who and (include_archived or not i["archived"])]
        found.sort(key=lambda i: i["updated"], reverse=True)
        return self._listing(found[: _limit(limit, 50)])

    def get(self, issue_id: str) -> IssueResult:
        i = self.out(self.issue(issue_id))
        text = (
            f"Issue Details:\nID: {i.identifier}\nTitle: {i.title}\nDescription: {i.description or 'No description'}"
            f"\nPriority: {i.priority or 'None'}\nStatus: {i.status}\nAssignee: {i.assignee or 'Unassigned'}\n"
            f"Team: {i.team}\nURL: {i.url}"
        )
        return IssueResult(text=text, issue=i)

    # ------------------------------------------------------------------ writes
    def create(
        self,
        title: str,
        team_id: str,
        description: str | None = None,
        priority: Any = None,
        status: str | None = None,
    ) -> IssueResult:
        if not (title or "").strip():
            raise ValueError("title is required.")
        team = self.team(team_id)
        number = max(int(i.split("-")[1]) for i in self.issues if i.startswith(f"{team}-")) + 1
        ident = f"{team}-{number}"
        prio = self.priority(priority)
        self.issues[ident] = {
            "id": lid("issue", ident),
            "identifier": ident,
            "title": " ".join(title.split()),
            "description": description or "",
            "assignee": None,
            "state": self.state(team, status) if status else ("Backlog" if team == "DATA" else "Todo"),
            "priority": prio or 0,
            "labels": [],
            "estimate": None,
            "updated": NOW,
            "archived": False,
            "team": team,
        }
        out = self.out(self.issues[ident])
        return IssueResult(text=f"Created issue {out.identifier}: {out.title}\nURL: {out.url}", issue=out)

    def update(
        self,
        issue_id: str,
        title: str | None = None,
        description: str | None = None,
        priority: Any = None,
        status: str | None = None,
    ) -> IssueResult:
        issue = self.issue(issue_id)
        if title is not None:
            if not title.strip():
                raise ValueError("title cannot be empty.")
            issue["title"] = " ".join(title.split())
        if description is not None:
            issue["description"] = description
        prio = self.priority(priority)
        if prio is not None:
            issue["priority"] = prio
        if status is not None:
            issue["state"] = self.state(issue["team"], status)
        issue["updated"] = NOW
        out = self.out(issue)
        return IssueResult(text=f"Updated issue {out.identifier}\nURL: {out.url}", issue=out)

    def comment(self, issue_id: str, body: str, create_as_user: str | None = None) -> CommentResult:
        issue = self.issue(issue_id)
        if not (body or "").strip():
            raise ValueError("body is required: send the comment's text.")
        cid = lid("comment", f"{issue['identifier']}/{body}")
        url = f"https://linear.app/{ORG['urlKey']}/issue/{issue['identifier']}#comment-{cid[:8]}"
        comment = {"id": cid, "body": body, "user": create_as_user or ME, "createdAt": NOW, "url": url}
        self.comments.setdefault(issue["identifier"], []).append(comment)
        return CommentResult(
            text=f"Added comment to issue {issue['identifier']}\nURL: {url}", comment=comment, issue=issue["identifier"]
        )


def _limit(value: Any, default: int) -> int:
    if value is None:
        return default
    try:
        number = int(float(value))
    except (TypeError, ValueError):
        raise ValueError(f"limit is a number, not '{value}'.") from None
    if not 1 <= number <= 250:
        raise ValueError("limit takes 1 to 250 issues.")
    return number


workspace = Workspace()
server = MCPServer(
    "linear-mcp-server",
    instructions="Linear issues of the lab (teams, issues, comments). Test-only fake workspace.",
)


def _tool(**kwargs: Any) -> Any:
    """server.tool with the docstring as the one-line description the real server publishes."""

    def register(fn: Any) -> Any:
        fn.__doc__ = " ".join((fn.__doc__ or "").split())
        return server.tool(**kwargs)(fn)

    return register


def _run(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.resource("linear-organization:", name="Current Organization", mime_type="application/json")
def organization() -> str:
    """Details about the Linear organization associated with the API key, including teams and members."""
    return json.dumps(
        {
            "id": lid("org", ORG["name"]),
            **ORG,
            "teams": [{"id": lid("team", k), "name": n, "key": k} for k, n in TEAMS.items()],
            "users": [{"id": lid("user", n), "name": n, "email": e, "active": True} for n, e in USERS.items()],
        }
    )


@server.resource("linear-viewer:", name="Current User", mime_type="application/json")
def viewer() -> str:
    """Information about the authenticated user associated with the API key, including their teams."""
    return json.dumps(
        {
            "id": lid("user", ME),
            "name": ME,
            "email": USERS[ME],
            "teams": [{"id": lid("team", k), "name": n, "key": k} for k, n in TEAMS.items()],
        }
    )


@_tool(annotations=ToolAnnotations(title="Create issue", readOnlyHint=False, destructiveHint=False))
def linear_create_issue(
    title: Annotated[str, Field(description="Issue title")],
    teamId: Annotated[str, Field(description="Team ID")],
    description: Annotated[str | None, Field(description="Issue description")] = None,
    priority: Annotated[float | None, Field(description="Priority (0-4)")] = None,
    status: Annotated[str | None, Field(description="Issue status")] = None,
) -> IssueResult:
    """Creates a new Linear issue with specified details. Use this to create tickets for tasks, bugs, or feature
    requests. Returns the created issue's identifier and URL. Required fields are title and teamId, with optional
    description, priority (0-4, where 0 is no priority and 1 is urgent), and status."""
    return _run(workspace.create, title, teamId, description, priority, status)


@_tool(annotations=ToolAnnotations(title="Update issue", readOnlyHint=False, destructiveHint=True))
def linear_update_issue(
    id: Annotated[str, Field(description="Issue ID")],
    title: Annotated[str | None, Field(description="New title")] = None,
    description: Annotated[str | None, Field(description="New description")] = None,
    priority: Annotated[float | None, Field(description="New priority (0-4)")] = None,
    status: Annotated[str | None, Field(description="New status")] = None,
) -> IssueResult:
    """Updates an existing Linear issue's properties. Use this to modify issue details like title, description,
    priority, or status. Requires the issue ID and accepts any combination of updatable fields. Returns the updated
    issue's identifier and URL."""
    return _run(workspace.update, id, title, description, priority, status)


@_tool(annotations=ToolAnnotations(title="Search issues", readOnlyHint=True))
def linear_search_issues(
    query: Annotated[str | None, Field(description="Optional text to search in title and description")] = None,
    teamId: Annotated[str | None, Field(description="Filter by team ID")] = None,
    status: Annotated[str | None, Field(description="Filter by status name (e.g., 'In Progress', 'Done')")] = None,
    assigneeId: Annotated[str | None, Field(description="Filter by assignee's user ID")] = None,
    labels: Annotated[list[str] | None, Field(description="Filter by label names")] = None,
    priority: Annotated[
        float | None, Field(description="Filter by priority (1=urgent, 2=high, 3=normal, 4=low)")
    ] = None,
    estimate: Annotated[float | None, Field(description="Filter by estimate points")] = None,
    includeArchived: Annotated[
        bool | None, Field(description="Include archived issues in results (default: false)")
    ] = None,
    limit: Annotated[float | None, Field(description="Max results to return (default: 10)")] = None,
) -> IssueList:
    """Searches Linear issues using flexible criteria. Supports filtering by any combination of: title/description
    text, team, status, assignee, labels, priority (1=urgent, 2=high, 3=normal, 4=low), and estimate. Returns up to 10
    issues by default (configurable via limit)."""
    return _run(workspace.search, query, teamId, status, assigneeId, labels, priority, estimate, includeArchived, limit)


@_tool(annotations=ToolAnnotations(title="Get user issues", readOnlyHint=True))
def linear_get_user_issues(
    userId: Annotated[
        str | None,
        Field(description="Optional user ID. If not provided, returns authenticated user's issues"),
    ] = None,
    includeArchived: Annotated[bool | None, Field(description="Include archived issues in results")] = None,
    limit: Annotated[float | None, Field(description="Maximum number of issues to return (default: 50)")] = None,
) -> IssueList:
    """Retrieves issues assigned to a specific user or the authenticated user if no userId is provided. Returns issues
    sorted by last updated, including priority, status, and other metadata. Useful for finding a user's workload or
    tracking assigned tasks."""
    return _run(workspace.user_issues, userId, includeArchived, limit)


@_tool(annotations=ToolAnnotations(title="Add comment", readOnlyHint=False, destructiveHint=False))
def linear_add_comment(
    issueId: Annotated[str, Field(description="ID of the issue to comment on")],
    body: Annotated[str, Field(description="Comment text in markdown format")],
    createAsUser: Annotated[str | None, Field(description="Optional custom username to show for the comment")] = None,
    displayIconUrl: Annotated[str | None, Field(description="Optional avatar URL for the comment")] = None,
) -> CommentResult:
    """Adds a comment to an existing Linear issue. Supports markdown formatting in the comment body. Can optionally
    specify a custom user name and avatar for the comment. Returns the created comment's details including its URL."""
    return _run(workspace.comment, issueId, body, createAsUser)


@_tool(annotations=ToolAnnotations(title="Get issue", readOnlyHint=True))
def linear_get_issue(id: Annotated[str, Field(description="Issue ID")]) -> IssueResult:
    """Retrieves a specific Linear issue by its ID. Returns detailed information about the issue including title,
    description, priority, status, assignee, team, and URL. Use this to get full details about a specific issue when
    you have its ID."""
    return _run(workspace.get, id)


if __name__ == "__main__":
    main(server)
