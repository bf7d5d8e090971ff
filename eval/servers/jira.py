"""Test-only Jira server (dev set ``dev14_tools.jsonl``), shaped like the Jira tools of the popular Atlassian MCP
server (sooperset/mcp-atlassian): ``jira_search`` (JQL), ``jira_get_issue``, ``jira_create_issue``,
``jira_add_comment``, ``jira_get_transitions``, ``jira_transition_issue`` and ``jira_update_issue``, with the same
parameter names (``issue_key``, ``project_key``, ``issue_type``, ``transition_id``, ``start_at``), comma-separated
``fields`` strings, a ``fields`` dictionary for updates, transition IDs as strings, an issue-key pattern, and the
real server's descriptions (the JQL examples included).

Run with: ``python -m eval.servers.jira`` (stdio). A fixed Jira site of a lab with two projects: ``LAB`` (Lab
Operations: equipment, orders, safety; 9 issues from LAB-112 to LAB-134) and ``PIPE`` (Analysis Pipelines; 6 issues
from PIPE-40 to PIPE-51), seven users (the token's user, ``currentUser()``, is Ravi Shah), a simplified workflow
whose transitions go from any status to any other (IDs: 11 To Do, 21 In Progress, 31 Done, 41 In Review; as in the
real server, ``jira_update_issue`` can also change the status, through the matching transition). New issues,
comments, updates and transitions stay in memory and are gone at the next start; new issues get the next keys
(LAB-135, PIPE-52). "Now" is 2026-11-22 12:00 UTC. No network, no real clock.

JQL: clauses ``field operator value`` joined with AND, OR, NOT and parentheses, then ``ORDER BY``; fields project,
key, issuetype (type), status, statusCategory, priority, assignee, reporter, labels, summary, description, comment,
text, created, updated, duedate, resolution; operators =, !=, ~, !~, <, <=, >, >=, IN, NOT IN, IS (NOT) EMPTY;
functions currentUser(), now(), startOfDay(), startOfWeek(), startOfMonth(), endOfDay(), endOfWeek(); dates as
YYYY-MM-DD or relative (-7d, -2w, -1h). Without ORDER BY, newest first. Errors read like Jira's and say what to send.
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field, WithJsonSchema

from agent_core.servers._serve import main

NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
ISSUE_KEY_PATTERN = r"^[A-Z][A-Z0-9_]+-\d+(?:-\d+)*$"
PROJECT_KEY_PATTERN = r"^[A-Z][A-Z0-9_]+$"
SITE = "https://lindqvistlab.atlassian.net"
MAX_LIMIT = 50
DEFAULT_FIELDS = "summary,description,status,assignee,reporter,labels,priority,created,updated,issuetype"
ALL_FIELDS = (*DEFAULT_FIELDS.split(","), "duedate", "resolution", "project", "comment")
PROJECTS = {"LAB": "Lab Operations", "PIPE": "Analysis Pipelines"}
ISSUE_TYPES = ("Task", "Bug", "Story", "Epic", "Subtask")
PRIORITIES = ("Lowest", "Low", "Medium", "High", "Highest")
STATUSES = {"To Do": "To Do", "In Progress": "In Progress", "In Review": "In Progress", "Done": "Done"}
TRANSITIONS = {"11": "To Do", "21": "In Progress", "31": "Done", "41": "In Review"}
# display name -> (email, account id)
USERS: dict[str, tuple[str, str]] = {
    "Ravi Shah": ("ravi.shah@lindqvistlab.org", "712020:5f8a1c2e-0001"),
    "Dana Kowalski": ("dana.kowalski@lindqvistlab.org", "712020:5f8a1c2e-0002"),
    "Mei Lin": ("mei.lin@lindqvistlab.org", "712020:5f8a1c2e-0003"),
    "Lena Fischer": ("lena.fischer@lindqvistlab.org", "712020:5f8a1c2e-0004"),
    "Tomás Ortega": ("tomas.ortega@lindqvistlab.org", "712020:5f8a1c2e-0005"),
    "Amélie Roux": ("amelie.roux@lindqvistlab.org", "712020:5f8a1c2e-0006"),
    "Astrid Lindqvist": ("astrid.lindqvist@lindqvistlab.org", "712020:5f8a1c2e-0007"),
}
ME = "Ravi Shah"
# key -> (type, summary, description, status, priority, assignee, reporter, labels, created, updated, due, comments)
Row = tuple[
    str, str, str, str, str, str | None, str, tuple[str, ...], str, str, str | None, tuple[tuple[str, str, str], ...]
]
ISSUES: dict[str, Row] = {
    "LAB-112": (
        "Bug",
        "Autoclave door seal leaking",
        "Steam escapes at the bottom of the door during the 121 °C cycle. Autoclave out of service.",
        "Done",
        "High",
        "Lena Fischer",
        "Amélie Roux",
        ("equipment",),
        "2026-10-28T09:12:00",
        "2026-11-19T15:40:00",
        None,
        (("Lena Fischer", "2026-11-19T15:40:00", "Seal replaced by the vendor, two test cycles passed."),),
    ),
    "LAB-118": (
        "Bug",
        "FRZ-02 -80 freezer temperature alarms",
        "FRZ-02 went above -70 °C three times this week. Samples of the liver project are in it.",
        "In Progress",
        "Highest",
        "Lena Fischer",
        "Dana Kowalski",
        ("equipment", "freezer"),
        "2026-11-09T08:30:00",
        "2026-11-21T10:05:00",
        "2026-11-25",
        (
            ("Lena Fischer", "2026-11-16T11:20:00", "Door gasket checked, looks fine. Calling the service company."),
            ("Lena Fischer", "2026-11-21T10:05:00", "Compressor service booked for 24 November."),
        ),
    ),
    "LAB-121": (
        "Task",
        "Order nitrile gloves size M",
        "We are down to two boxes of M. Order 20 boxes.",
        "To Do",
        "Medium",
        "Lena Fischer",
        "Dana Kowalski",
        ("orders",),
        "2026-11-13T14:02:00",
        "2026-11-13T14:02:00",
        None,
        (),
    ),
    "LAB-123": (
        "Bug",
        "Confocal 561 nm laser weak",
        "The 561 line of the LSM 980 gives about half its usual power at the same settings.",
        "To Do",
        "High",
        None,
        "Mei Lin",
        ("equipment", "microscopy"),
        "2026-11-16T16:45:00",
        "2026-11-18T09:00:00",
        None,
        (("Mei Lin", "2026-11-18T09:00:00", "Measured 4.1 mW at the objective, should be about 9."),),
    ),
    "LAB-125": (
        "Task",
        "Update the western blot SOP",
        "Add the wet transfer settings for the new tank and the DO-1 dilution.",
        "In Progress",
        "Medium",
        "Dana Kowalski",
        "Astrid Lindqvist",
        ("sop",),
        "2026-11-02T10:00:00",
        "2026-11-17T13:30:00",
        "2026-12-04",
        (),
    ),
    "LAB-127": (
        "Task",
        "Mycoplasma testing for all cell lines",
        "Quarterly test of every line in culture: HCT116, A549, HEK293T, organoid lines.",
        "To Do",
        "Medium",
        "Amélie Roux",
        "Lena Fischer",
        ("tissue-culture",),
        "2026-11-05T09:00:00",
        "2026-11-05T09:00:00",
        "2026-12-01",
        (),
    ),
    "LAB-130": (
        "Task",
        "Chemical waste pickup",
        "Collect the solvent waste of all benches before the pickup on Monday morning.",
        "To Do",
        "Low",
        "Amélie Roux",
        "Lena Fischer",
        ("safety",),
        "2026-11-18T08:15:00",
        "2026-11-18T08:15:00",
        "2026-11-23",
        (),
    ),
    "LAB-131": (
        "Story",
        "Set up the new plate reader",
        "Install the Tecan Spark, validate the absorbance and luminescence modes, write a quick guide.",
        "In Review",
        "Medium",
        "Ravi Shah",
        "Astrid Lindqvist",
        ("equipment",),
        "2026-11-06T11:00:00",
        "2026-11-20T17:10:00",
        None,
        (),
    ),
    "LAB-134": (
        "Task",
        "Biosafety cabinet annual certification",
        "Both class II cabinets in the TC room are due for certification.",
        "To Do",
        "High",
        None,
        "Lena Fischer",
        (),
        "2026-11-20T09:30:00",
        "2026-11-20T09:30:00",
        "2026-12-10",
        (),
    ),
    "PIPE-40": (
        "Bug",
        "STAR index build fails on GRCh38",
        "genomeGenerate is killed after 40 min with 32 GB; the cluster log says out of memory.",
        "In Progress",
        "High",
        "Ravi Shah",
        "Ravi Shah",
        ("alignment",),
        "2026-10-20T15:00:00",
        "2026-11-19T12:00:00",
        None,
        (("Tomás Ortega", "2026-11-19T12:00:00", "Works with 64 GB on the highmem partition."),),
    ),
    "PIPE-42": (
        "Story",
        "Add MultiQC report to the RNA-seq pipeline",
        "One MultiQC report per run, with FastQC, STAR and featureCounts modules.",
        "To Do",
        "Medium",
        "Tomás Ortega",
        "Ravi Shah",
        ("qc",),
        "2026-10-29T10:20:00",
        "2026-10-29T10:20:00",
        None,
        (),
    ),
    "PIPE-45": (
        "Story",
        "Move alignment jobs to the GPU partition",
        "Try the GPU build of the aligner; compare runtime and cost with the cpu partition.",
        "In Review",
        "Medium",
        "Ravi Shah",
        "Astrid Lindqvist",
        ("cluster",),
        "2026-11-03T09:45:00",
        "2026-11-21T18:00:00",
        None,
        (),
    ),
    "PIPE-47": (
        "Bug",
        "DESeq2 contrasts wrong for batch 3",
        "The design formula ignores the batch term for the third batch; fold changes are inflated.",
        "To Do",
        "Highest",
        None,
        "Dana Kowalski",
        ("deseq2",),
        "2026-11-17T14:30:00",
        "2026-11-17T14:30:00",
        None,
        (),
    ),
    "PIPE-48": (
        "Task",
        "Document the cluster module setup",
        "Which modules to load for the pipelines, with versions.",
        "Done",
        "Low",
        "Tomás Ortega",
        "Ravi Shah",
        ("docs",),
        "2026-10-12T09:00:00",
        "2026-11-02T16:00:00",
        None,
        (),
    ),
    "PIPE-51": (
        "Epic",
        "Single-cell pipeline v2",
        "STARsolo, doublet removal and automatic annotation in one workflow.",
        "In Progress",
        "Medium",
        "Ravi Shah",
        "Astrid Lindqvist",
        ("single-cell",),
        "2026-11-10T10:00:00",
        "2026-11-20T11:00:00",
        None,
        (),
    ),
}


class JiraError(ValueError):
    """What Jira would answer, with what to send instead."""


@dataclass
class Comment:
    """A comment."""

    id: str
    author: str
    created: str
    body: str


@dataclass
class Issue:
    """An issue as it changes during one server run."""

    key: str
    issue_type: str
    summary: str
    description: str
    status: str
    priority: str
    assignee: str | None
    reporter: str
    labels: list[str]
    created: str
    updated: str
    duedate: str | None
    comments: list[Comment] = field(default_factory=list)

    @property
    def project(self) -> str:
        return self.key.split("-")[0]

    @property
    def number(self) -> int:
        return int(self.key.split("-")[1])


def _user(name: str | None) -> dict[str, str] | None:
    if name is None:
        return None
    email, account = USERS[name]
    return {"display_name": name, "name": name, "email": email, "account_id": account}


def _iso(text: str) -> str:
    return f"{text}.000+0000"


def _view(issue: Issue, fields: str | None, comment_limit: int = 10) -> dict[str, Any]:
    wanted = DEFAULT_FIELDS.split(",") if fields is None else [f.strip().lower() for f in fields.split(",")]
    if "*all" in wanted:
        wanted = list(ALL_FIELDS)
    everything: dict[str, Any] = {
        "summary": issue.summary,
        "description": issue.description,
        "status": {"name": issue.status, "category": STATUSES[issue.status]},
        "assignee": _user(issue.assignee),
        "reporter": _user(issue.reporter),
        "labels": list(issue.labels),
        "priority": {"name": issue.priority},
        "created": _iso(issue.created),
        "updated": _iso(issue.updated),
        "issuetype": {"name": issue.issue_type},
        "duedate": issue.duedate,
        "resolution": {"name": "Done"} if issue.status == "Done" else None,
        "project": {"key": issue.project, "name": PROJECTS[issue.project]},
        "comment": [
            {"id": c.id, "author": _user(c.author), "created": _iso(c.created), "body": c.body}
            for c in issue.comments[-comment_limit:]
        ]
        if comment_limit
        else [],
    }
    out: dict[str, Any] = {"id": str(10000 + issue.number + (500 if issue.project == "PIPE" else 0)), "key": issue.key}
    for name in wanted:
        key = {"issue_type": "issuetype", "type": "issuetype", "comments": "comment"}.get(name, name)
        if key in everything:
            out["comments" if key == "comment" else ("issue_type" if key == "issuetype" else key)] = everything[key]
    out["url"] = f"{SITE}/browse/{issue.key}"
    return out


class SearchResult(BaseModel):
    """One page of a JQL search."""

    total: int = Field(description="Issues matching the JQL")
    start_at: int = Field(description="Index of the first issue of this page")
    max_results: int = Field(description="The page size asked for")
    issues: list[dict[str, Any]] = Field(description="The issues of this page, with the fields asked for")


class IssueView(BaseModel):
    """One issue."""

    issue: dict[str, Any] = Field(description="The issue with the fields asked for (and its comments)")


class Created(BaseModel):
    """A new issue."""

    message: str = Field(description="'Issue created successfully'")
    issue: dict[str, Any] = Field(description="The new issue")


class CommentResult(BaseModel):
    """A new comment."""

    id: str = Field(description="Comment id")
    issue_key: str = Field(description="The issue")
    author: str = Field(description="Who wrote it")
    created: str = Field(description="When")
    body: str = Field(description="The comment text")


class Transition(BaseModel):
    """One available transition."""

    id: str = Field(description="Transition ID to send to jira_transition_issue")
    name: str = Field(description="Transition name")
    to_status: str = Field(description="Status the issue moves to")


class Transitions(BaseModel):
    """The transitions of an issue."""

    issue_key: str = Field(description="The issue")
    current_status: str = Field(description="Its status now")
    transitions: list[Transition] = Field(description="Transitions it can take")


class Updated(BaseModel):
    """An updated or transitioned issue."""

    message: str = Field(description="What happened")
    issue: dict[str, Any] = Field(description="The issue after the change")


# --- JQL ------------------------------------------------------------------------------------------------------

_TOKEN = re.compile(
    r"""\s*(?:(?P<str>"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|(?P<op>!=|!~|>=|<=|=|~|<|>)|(?P<punct>[(),])"""
    r"""|(?P<word>[^\s"'(),=!~<>]+))"""
)
_FIELDS = {
    "project": "project",
    "key": "key",
    "issuekey": "key",
    "id": "key",
    "issue": "key",
    "issuetype": "issuetype",
    "type": "issuetype",
    "status": "status",
    "statuscategory": "statuscategory",
    "priority": "priority",
    "assignee": "assignee",
    "reporter": "reporter",
    "labels": "labels",
    "label": "labels",
    "summary": "summary",
    "description": "description",
    "comment": "comment",
    "text": "text",
    "created": "created",
    "createddate": "created",
    "updated": "updated",
    "updateddate": "updated",
    "duedate": "duedate",
    "due": "duedate",
    "resolution": "resolution",
}
_HINT = 'e.g. project = LAB AND status = "In Progress" ORDER BY created DESC'


@dataclass
class Tok:
    """A JQL token."""

    kind: str
    text: str


def _tokens(jql: str) -> list[Tok]:
    out, pos = [], 0
    text = jql.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if not match or match.end() == pos:
            raise JiraError(f"Error in the JQL Query: the character '{text[pos]}' is not valid here ({_HINT}).")
        pos = match.end()
        kind = match.lastgroup or ""
        value = match.group(kind)
        if kind == "str":
            out.append(Tok("str", re.sub(r"\\(.)", r"\1", value[1:-1])))
        else:
            out.append(Tok(kind, value))
    return out


Pred = Any  # a callable Issue -> bool


class JqlParser:
    """A recursive-descent parser of the JQL subset this fake supports."""

    def __init__(self, jql: str, site: Site) -> None:
        self.toks = _tokens(jql)
        self.pos = 0
        self.site = site

    def _peek(self, offset: int = 0) -> Tok | None:
        i = self.pos + offset
        return self.toks[i] if i < len(self.toks) else None

    def _word(self, *words: str) -> bool:
        tok = self._peek()
        return tok is not None and tok.kind == "word" and tok.text.upper() in words

    def _take(self) -> Tok:
        tok = self._peek()
        if tok is None:
            raise JiraError(f"Error in the JQL Query: the query ends too early ({_HINT}).")
        self.pos += 1
        return tok

    def parse(self) -> tuple[Pred, list[tuple[str, bool]]]:
        pred: Pred = (lambda issue: True) if self._word("ORDER") else self._or()
        order: list[tuple[str, bool]] = []
        if self._word("ORDER"):
            self._take()
            if not self._word("BY"):
                raise JiraError("Error in the JQL Query: expecting 'BY' after 'ORDER'.")
            self._take()
            while True:
                tok = self._take()
                name = _FIELDS.get(tok.text.lower(), tok.text.lower() if tok.text.lower() in ("rank",) else None)
                if name is None:
                    raise JiraError(f"Error in the JQL Query: Not able to sort using field '{tok.text}'.")
                descending = False
                if self._word("ASC", "DESC"):
                    descending = self._take().text.upper() == "DESC"
                order.append((name, descending))
                tok_next = self._peek()
                if tok_next is not None and tok_next.kind == "punct" and tok_next.text == ",":
                    self._take()
                    continue
                break
        if self._peek() is not None:
            raise JiraError(
                f"Error in the JQL Query: Expecting either 'OR' or 'AND' but got '{self._peek().text}'. "  # type: ignore[union-attr]
                f'({_HINT}; for free text use text ~ "your words")'
            )
        return pred, order

    def _or(self) -> Pred:
        left = self._and()
        while self._word("OR"):
            self._take()
            right = self._and()
            left = (lambda a, b: lambda i: a(i) or b(i))(left, right)
        return left

    def _and(self) -> Pred:
        left = self._not()
        while self._word("AND"):
            self._take()
            right = self._not()
            left = (lambda a, b: lambda i: a(i) and b(i))(left, right)
        return left

    def _not(self) -> Pred:
        if self._word("NOT"):
            self._take()
            inner = self._not()
            return lambda i: not inner(i)
        tok = self._peek()
        if tok is not None and tok.kind == "punct" and tok.text == "(":
            self._take()
            inner = self._or()
            close = self._take()
            if close.text != ")":
                raise JiraError("Error in the JQL Query: expecting ')'.")
            return inner
        return self._clause()

    def _value(self) -> Any:
        tok = self._take()
        if tok.kind == "str":
            return tok.text
        if tok.kind != "word":
            raise JiraError(f"Error in the JQL Query: expecting a value but got '{tok.text}' ({_HINT}).")
        nxt = self._peek()
        if nxt is not None and nxt.kind == "punct" and nxt.text == "(":
            self._take()
            args = []
            while not (self._peek() is not None and self._peek().text == ")"):  # type: ignore[union-attr]
                args.append(self._take().text)
                if self._peek() is not None and self._peek().text == ",":  # type: ignore[union-attr]
                    self._take()
            self._take()
            return ("fn", tok.text.lower(), args)
        if tok.text.upper() in ("EMPTY", "NULL"):
            return None
        return tok.text

    def _clause(self) -> Pred:
        tok = self._take()
        if tok.kind != "word":
            raise JiraError(f"Error in the JQL Query: expecting a field name but got '{tok.text}' ({_HINT}).")
        name = _FIELDS.get(tok.text.lower())
        if name is None:
            nxt = self._peek()
            if nxt is None or (
                nxt.kind != "op" and not (nxt.kind == "word" and nxt.text.upper() in ("IN", "IS", "NOT"))
            ):
                raise JiraError(
                    f"Error in the JQL Query: Expecting operator but got '{nxt.text if nxt else 'the end'}'. "
                    f'For free text search send text ~ "{tok.text}{" " + nxt.text if nxt else ""}" ({_HINT}).'
                )
            known = ", ".join(sorted(set(_FIELDS.values())))
            raise JiraError(
                f"Field '{tok.text}' does not exist or you do not have permission to view it. Fields: {known}."
            )
        op_tok = self._take()
        op = op_tok.text.upper()
        if op == "NOT" and self._word("IN"):
            self._take()
            op = "NOT IN"
        elif op == "IS" and self._word("NOT"):
            self._take()
            op = "IS NOT"
        elif op_tok.kind not in ("op", "word") or op not in ("=", "!=", "~", "!~", "<", "<=", ">", ">=", "IN", "IS"):
            raise JiraError(f"Error in the JQL Query: Expecting operator but got '{op_tok.text}' ({_HINT}).")
        if op in ("IN", "NOT IN"):
            opener = self._take()
            if opener.text != "(":
                raise JiraError(f'Error in the JQL Query: {op} needs a list, e.g. status IN ("To Do", "In Progress").')
            values = []
            while True:
                values.append(self._value())
                sep = self._take()
                if sep.text == ")":
                    break
                if sep.text != ",":
                    raise JiraError("Error in the JQL Query: expecting ',' or ')' in the list.")
            return self.site.predicate(name, op, values)
        value = self._value()
        if op in ("IS", "IS NOT") and value is not None:
            raise JiraError(f"Error in the JQL Query: '{op}' is followed by EMPTY or NULL.")
        return self.site.predicate(name, op, [value])


# --- the site -------------------------------------------------------------------------------------------------


def find_user(text: Any) -> str:
    """The display name of a user given as display name, first name, email, account id or name dictionary.

    Raises:
        JiraError: for anyone else, with the users there are.
    """
    if isinstance(text, dict):
        text = text.get("accountId") or text.get("name") or text.get("emailAddress") or text.get("displayName")
    raw = " ".join(str(text or "").split()).lower().removeprefix("accountid:")
    for name, (email, account) in USERS.items():
        if raw in (name.lower(), email.lower(), account.lower(), email.split("@")[0].lower()):
            return name
    firsts = [n for n in USERS if n.split()[0].lower() == raw or n.split()[-1].lower() == raw]
    if len(firsts) == 1:
        return firsts[0]
    folded = raw.replace("á", "a").replace("é", "e")
    for name in USERS:
        if name.lower().replace("á", "a").replace("é", "e") == folded:
            return name
    raise JiraError(f"User '{text}' not found. Users: {', '.join(USERS)}.")


def _date(value: Any, end_of_day: bool = False) -> datetime:
    if isinstance(value, tuple):
        _, fn, _ = value
        midnight = NOW.replace(hour=0, minute=0)
        table = {
            "now": NOW,
            "startofday": midnight,
            "endofday": midnight + timedelta(days=1),
            "startofweek": midnight - timedelta(days=(NOW.weekday() + 1) % 7),  # Jira weeks start on Sunday
            "endofweek": midnight + timedelta(days=7 - (NOW.weekday() + 1) % 7),
            "startofmonth": midnight.replace(day=1),
        }
        if fn not in table:
            raise JiraError(f"Unable to find JQL function '{fn}()'. Functions: {', '.join(f + '()' for f in table)}.")
        return table[fn]
    text = str(value or "").strip()
    rel = re.fullmatch(r"([-+]?)(\d+)\s*([wdhm])", text.lower())
    if rel:
        units = {"w": 7 * 24 * 60, "d": 24 * 60, "h": 60, "m": 1}
        minutes = int(rel.group(2)) * units[rel.group(3)] * (-1 if rel.group(1) == "-" else 1)
        return NOW + timedelta(minutes=minutes)
    for pattern in ("%Y-%m-%d %H:%M", "%Y/%m/%d %H:%M", "%Y-%m-%d", "%Y/%m/%d"):
        try:
            parsed = datetime.strptime(text, pattern).replace(tzinfo=UTC)
        except ValueError:
            continue
        return parsed + timedelta(days=1) if end_of_day and ":" not in text else parsed
    raise JiraError(
        f"Date value '{text}' for field is invalid. Valid formats: 'yyyy/MM/dd HH:mm', 'yyyy-MM-dd HH:mm', "
        "'yyyy/MM/dd', 'yyyy-MM-dd', or a period format e.g. '-5d', '4w 2d'."
    )


class Site:
    """The Jira site of one server run."""

    def __init__(self) -> None:
        self.issues: dict[str, Issue] = {}
        for key, (
            kind,
            summary,
            desc,
            status,
            prio,
            assignee,
            reporter,
            labels,
            created,
            updated,
            due,
            notes,
        ) in ISSUES.items():
            issue = Issue(
                key, kind, summary, desc, status, prio, assignee, reporter, list(labels), created, updated, due
            )
            issue.comments = [Comment(str(20000 + i), a, c, b) for i, (a, c, b) in enumerate(notes)]
            self.issues[key] = issue
        self.next_comment = 30001
        self.lock = threading.Lock()
        self.clock = 0

    def _stamp(self) -> str:
        self.clock += 1
        return (NOW + timedelta(seconds=self.clock)).strftime("%Y-%m-%dT%H:%M:%S")

    # --- JQL predicates -------------------------------------------------------------------------------------

    def _field_value(self, issue: Issue, name: str) -> Any:
        return {
            "project": issue.project,
            "key": issue.key,
            "issuetype": issue.issue_type,
            "status": issue.status,
            "statuscategory": STATUSES[issue.status],
            "priority": issue.priority,
            "assignee": issue.assignee,
            "reporter": issue.reporter,
            "labels": issue.labels,
            "summary": issue.summary,
            "description": issue.description,
            "comment": " ".join(c.body for c in issue.comments),
            "text": " ".join([issue.summary, issue.description, *(c.body for c in issue.comments)]),
            "created": issue.created,
            "updated": issue.updated,
            "duedate": issue.duedate,
            "resolution": "Done" if issue.status == "Done" else None,
        }[name]

    def _canonical(self, name: str, value: Any) -> Any:
        """A JQL value as the issue field holds it; unknown values are Jira's errors."""
        if value is None:
            return None
        if isinstance(value, tuple):
            if value[1] == "currentuser" and name in ("assignee", "reporter"):
                return ME
            if name in ("created", "updated", "duedate"):
                return value
            raise JiraError(f"The function '{value[1]}()' cannot be used with the field '{name}'.")
        text = str(value).strip()
        lookup = {
            "project": {**{k.lower(): k for k in PROJECTS}, **{v.lower(): k for k, v in PROJECTS.items()}},
            "issuetype": {t.lower(): t for t in ISSUE_TYPES} | {"sub-task": "Subtask"},
            "status": {s.lower(): s for s in STATUSES} | {"open": "To Do", "closed": "Done", "resolved": "Done"},
            "statuscategory": {"to do": "To Do", "new": "To Do", "in progress": "In Progress", "done": "Done"},
            "priority": {p.lower(): p for p in PRIORITIES},
            "resolution": {"done": "Done", "fixed": "Done", "unresolved": None},
        }
        if name in lookup:
            found = lookup[name].get(text.lower(), "?")
            if found == "?":
                choices = sorted({v for v in lookup[name].values() if v})
                raise JiraError(
                    f"The value '{text}' does not exist for the field '{name}'. Values: {', '.join(choices)}."
                )
            return found
        if name in ("assignee", "reporter"):
            return find_user(text)
        if name == "key":
            if not re.fullmatch(ISSUE_KEY_PATTERN, text.upper()):
                raise JiraError(f"The issue key '{text}' for field 'key' is invalid, e.g. LAB-118.")
            return text.upper()
        return text

    def predicate(self, name: str, op: str, values: list[Any]) -> Pred:
        if op in ("IS", "IS NOT"):
            if name not in ("assignee", "reporter", "labels", "duedate", "resolution", "description"):
                raise JiraError(f"The field '{name}' does not support searching for EMPTY values.")

            def empty(issue: Issue) -> bool:
                value = self._field_value(issue, name)
                return value in (None, "", [])

            return empty if op == "IS" else (lambda i: not empty(i))
        if op in ("~", "!~"):
            if name not in ("summary", "description", "comment", "text"):
                raise JiraError(
                    f"The operator '{op}' is not supported by the '{name}' field; use '=' (text fields: summary, "
                    "description, comment, text)."
                )
            words = re.findall(r"[\w.-]+", str(values[0] or "").lower().replace("*", ""))

            def contains(issue: Issue) -> bool:
                hay = str(self._field_value(issue, name)).lower()
                return all(w in hay for w in words)

            return contains if op == "~" else (lambda i: not contains(i))
        if name in ("created", "updated", "duedate"):
            moment = _date(values[0], end_of_day=op in ("<=", ">"))
            if op in ("=", "!="):
                day = moment.date().isoformat()

                def same(issue: Issue) -> bool:
                    value = self._field_value(issue, name)
                    return bool(value) and value[:10] == day

                return same if op == "=" else (lambda i: not same(i))

            def compare(issue: Issue) -> bool:
                value = self._field_value(issue, name)
                if not value:
                    return False
                when = datetime.fromisoformat(value if "T" in value else value + "T00:00:00").replace(tzinfo=UTC)
                return {"<": when < moment, "<=": when < moment, ">": when >= moment, ">=": when >= moment}[op]

            if op not in ("<", "<=", ">", ">="):
                raise JiraError(f"The operator '{op}' is not supported by the '{name}' field.")
            return compare
        wanted = [self._canonical(name, v) for v in values]
        if op in ("<", "<=", ">", ">="):
            if name != "priority":
                raise JiraError(f"The operator '{op}' is not supported by the '{name}' field.")
            rank = PRIORITIES.index(wanted[0])
            checks = {
                "<": lambda r: r < rank,
                "<=": lambda r: r <= rank,
                ">": lambda r: r > rank,
                ">=": lambda r: r >= rank,
            }
            return lambda i: checks[op](PRIORITIES.index(i.priority))

        def member(issue: Issue) -> bool:
            value = self._field_value(issue, name)
            if name == "labels":
                return any(str(w).lower() in [v.lower() for v in value] for w in wanted)
            if isinstance(value, str):
                return value.lower() in [str(w).lower() for w in wanted if w is not None]
            return value in wanted

        return member if op in ("=", "IN") else (lambda i: not member(i))

    # --- tools -----------------------------------------------------------------------------------------------

    def issue(self, issue_key: Any) -> Issue:
        """The issue a key names.

        Raises:
            JiraError: for a key in another form (with the key to send) or one that does not exist.
        """
        key = issue_key_of(issue_key)
        if key not in self.issues:
            project = key.split("-")[0]
            if project not in PROJECTS:
                raise JiraError(f"Issue Does Not Exist: no project '{project}'. Projects: {', '.join(PROJECTS)}.")
            keys = ", ".join(k for k in self.issues if k.startswith(project + "-"))
            raise JiraError(f"Issue Does Not Exist: {key}. Issues of {project}: {keys}.")
        return self.issues[key]

    def search(self, jql: str, fields: str | None = None, limit: int = 10, start_at: int = 0) -> SearchResult:
        """A JQL search, one page.

        Raises:
            JiraError: for JQL Jira would refuse, or a limit out of range.
        """
        if not (jql or "").strip():
            raise JiraError(f"jql is required: a JQL query, {_HINT}.")
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise JiraError(f"limit must be a whole number from 1 to {MAX_LIMIT}; page with start_at.")
        if isinstance(start_at, bool) or not isinstance(start_at, int) or start_at < 0:
            raise JiraError("start_at is the 0-based index of the first result, e.g. 10 for the second page of 10.")
        with self.lock:
            pred, order = JqlParser(jql, self).parse()
            found = [i for i in self.issues.values() if pred(i)]
            found.sort(key=lambda i: (i.created, i.key), reverse=True)
            for name, descending in reversed(order):
                found.sort(key=lambda i, n=name: self._sort_key(i, n), reverse=descending)
            page = found[start_at : start_at + limit]
            views = [_view(i, fields or DEFAULT_FIELDS, 0) for i in page]
        return SearchResult(total=len(found), start_at=start_at, max_results=limit, issues=views)

    def _sort_key(self, issue: Issue, name: str) -> Any:
        if name == "key" or name == "rank":
            return (issue.project, issue.number)
        if name == "priority":
            return PRIORITIES.index(issue.priority)
        value = self._field_value(issue, name)
        if isinstance(value, list):
            return ",".join(value)
        return "" if value is None else str(value).lower()

    def get(self, issue_key: Any, fields: str | None = None, comment_limit: int = 10) -> IssueView:
        if isinstance(comment_limit, bool) or not isinstance(comment_limit, int) or not 0 <= comment_limit <= 100:
            raise JiraError("comment_limit must be a whole number from 0 to 100.")
        with self.lock:
            issue = self.issue(issue_key)
            view = _view(issue, fields or DEFAULT_FIELDS, comment_limit)
            view["comments"] = _view(issue, "comment", comment_limit)["comments"]
            return IssueView(issue=view)

    def create(
        self,
        project_key: str,
        summary: str,
        issue_type: str,
        assignee: str | None = None,
        description: str | None = None,
    ) -> Created:
        """A new issue.

        Raises:
            JiraError: for an unknown project or issue type, an empty summary or an unknown assignee.
        """
        project = (project_key or "").strip()
        if project not in PROJECTS:
            if project.upper() in PROJECTS:
                raise JiraError(f"project_key is the project's key in capitals: send '{project.upper()}'.")
            named = next((k for k, v in PROJECTS.items() if v.lower() == project.lower()), None)
            if named:
                raise JiraError(f"project_key is the project's key: send '{named}' for {PROJECTS[named]}.")
            listed = ", ".join(f"{k} ({v})" for k, v in PROJECTS.items())
            raise JiraError(f"No project with key '{project_key}'. Projects: {listed}.")
        kind = next((t for t in ISSUE_TYPES if t.lower() == (issue_type or "").strip().lower()), None)
        if (issue_type or "").strip().lower() in ("sub-task", "sub task"):
            raise JiraError("For subtasks, use 'Subtask' (not 'Sub-task') and give the parent.")
        if kind is None:
            raise JiraError(f"Issue type '{issue_type}' is not valid for {project}. Types: {', '.join(ISSUE_TYPES)}.")
        title = " ".join((summary or "").split())
        if not title:
            raise JiraError("summary is required: the issue's title.")
        who = find_user(assignee) if assignee else None
        with self.lock:
            number = max(i.number for i in self.issues.values() if i.project == project) + 1
            key = f"{project}-{number}"
            stamp = self._stamp()
            issue = Issue(key, kind, title, description or "", "To Do", "Medium", who, ME, [], stamp, stamp, None)
            self.issues[key] = issue
            return Created(message="Issue created successfully", issue=_view(issue, "*all", 10))

    def comment(self, issue_key: Any, comment: str) -> CommentResult:
        body = (comment or "").strip()
        if not body:
            raise JiraError("comment is required: the text of the comment.")
        with self.lock:
            issue = self.issue(issue_key)
            stamp = self._stamp()
            note = Comment(str(self.next_comment), ME, stamp, body)
            self.next_comment += 1
            issue.comments.append(note)
            issue.updated = stamp
        return CommentResult(id=note.id, issue_key=issue.key, author=ME, created=_iso(stamp), body=body)

    def transitions(self, issue_key: Any) -> Transitions:
        with self.lock:
            issue = self.issue(issue_key)
            available = [Transition(id=t, name=s, to_status=s) for t, s in TRANSITIONS.items() if s != issue.status]
        return Transitions(issue_key=issue.key, current_status=issue.status, transitions=available)

    def transition(self, issue_key: Any, transition_id: Any, comment: str | None = None) -> Updated:
        """Move an issue along the workflow.

        Raises:
            JiraError: for a transition name instead of its ID (with the ID to send) or one it cannot take.
        """
        with self.lock:
            issue = self.issue(issue_key)
            tid = str(transition_id if transition_id is not None else "").strip()
            listed = ", ".join(f"{t} ({s})" for t, s in TRANSITIONS.items() if s != issue.status)
            if tid not in TRANSITIONS:
                named = next((t for t, s in TRANSITIONS.items() if s.lower() == tid.lower()), None)
                if named:
                    raise JiraError(
                        f"transition_id is the transition's ID, not its name: send '{named}' for {TRANSITIONS[named]}."
                    )
                raise JiraError(f"Transition id '{transition_id}' is not valid for {issue.key}. Transitions: {listed}.")
            if TRANSITIONS[tid] == issue.status:
                raise JiraError(f"{issue.key} is already {issue.status}. Transitions: {listed}.")
            before = issue.status
            issue.status = TRANSITIONS[tid]
            issue.updated = self._stamp()
            if comment and comment.strip():
                issue.comments.append(Comment(str(self.next_comment), ME, issue.updated, comment.strip()))
                self.next_comment += 1
            message = f"Issue {issue.key} transitioned from {before} to {issue.status}"
            return Updated(message=message, issue=_view(issue, "*all", 10))

    def update(self, issue_key: Any, fields: Any) -> Updated:
        """Set fields of an issue.

        Raises:
            JiraError: for fields that are not a dictionary, unknown fields or a bad value (with what to send).
        """
        if isinstance(fields, str):
            try:
                fields = json.loads(fields)
            except ValueError:
                raise JiraError(
                    'fields is a dictionary of fields to update, e.g. {"assignee": "Dana Kowalski", '
                    '"priority": "High"}.'
                ) from None
        if not isinstance(fields, dict) or not fields:
            raise JiraError('fields is a dictionary of fields to update, e.g. {"summary": "New summary"}.')
        with self.lock:
            issue = self.issue(issue_key)
            changes: dict[str, Any] = {}
            for raw_name, value in fields.items():
                name = raw_name.strip().lower()
                if name == "status":
                    text = value.get("name") if isinstance(value, dict) else value
                    target = next((st for st in STATUSES if st.lower() == str(text or "").strip().lower()), None)
                    if target is None:
                        raise JiraError(f"Status '{text}' is not in the workflow. Statuses: {', '.join(STATUSES)}.")
                    if target == issue.status:
                        raise JiraError(f"{issue.key} is already {issue.status}.")
                    changes["status"] = target
                elif name == "summary":
                    if not str(value or "").strip():
                        raise JiraError("summary must not be empty.")
                    changes["summary"] = " ".join(str(value).split())
                elif name == "description":
                    changes["description"] = str(value or "")
                elif name == "assignee":
                    changes["assignee"] = None if value in (None, "", "unassigned") else find_user(value)
                elif name == "priority":
                    text = value.get("name") if isinstance(value, dict) else value
                    found = next((p for p in PRIORITIES if p.lower() == str(text or "").strip().lower()), None)
                    if found is None:
                        raise JiraError(f"Priority '{text}' is not valid. Priorities: {', '.join(PRIORITIES)}.")
                    changes["priority"] = found
                elif name == "labels":
                    items = value.split(",") if isinstance(value, str) else value
                    if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
                        raise JiraError('labels is a list of strings, e.g. {"labels": ["freezer", "urgent"]}.')
                    labels = [v.strip() for v in items if v.strip()]
                    if any(" " in v for v in labels):
                        raise JiraError("Labels cannot contain spaces; use hyphens, e.g. 'cell-culture'.")
                    changes["labels"] = labels
                elif name in ("duedate", "due"):
                    if value in (None, ""):
                        changes["duedate"] = None
                    else:
                        try:
                            changes["duedate"] = datetime.strptime(str(value).strip(), "%Y-%m-%d").date().isoformat()
                        except ValueError:
                            raise JiraError(
                                f"duedate '{value}' is not a date: send YYYY-MM-DD, e.g. 2026-12-04."
                            ) from None
                elif name in ("issuetype", "issue_type"):
                    kind = next((t for t in ISSUE_TYPES if t.lower() == str(value).strip().lower()), None)
                    if kind is None:
                        raise JiraError(f"Issue type '{value}' is not valid. Types: {', '.join(ISSUE_TYPES)}.")
                    changes["issue_type"] = kind
                else:
                    raise JiraError(
                        f"Field '{raw_name}' cannot be set. Fields: summary, description, assignee, priority, labels, "
                        "duedate, issuetype, status."
                    )
            for name, value in changes.items():
                setattr(issue, name, value)
            issue.updated = self._stamp()
            return Updated(message=f"Issue {issue.key} updated successfully", issue=_view(issue, "*all", 10))


def issue_key_of(text: Any) -> str:
    """``text`` as an issue key such as ``LAB-118``.

    Raises:
        JiraError: for a key in any other form, with the key to send.
    """
    raw = str(text if text is not None else "").strip()
    if re.fullmatch(ISSUE_KEY_PATTERN, raw):
        return raw
    loose = re.fullmatch(r"(?i)\s*(?:https?://\S+/browse/)?([a-z][a-z0-9_]+)[\s_-]*#?(\d+)\s*", raw)
    if loose:
        raise JiraError(f"issue_key must look like 'PROJ-123': send '{loose.group(1).upper()}-{loose.group(2)}'.")
    if re.fullmatch(r"#?\d+", raw):
        raise JiraError(f"issue_key needs its project: send e.g. 'LAB-{raw.lstrip('#')}' or 'PIPE-{raw.lstrip('#')}'.")
    raise JiraError(f"issue_key must be a Jira issue key such as 'LAB-118', not '{raw}'.")


site = Site()
server = MCPServer("eval-jira", instructions="Provides tools for interacting with Atlassian Jira. Test-only fake site.")
_KEY = WithJsonSchema(
    {"type": "string", "description": "Jira issue key (e.g., 'PROJ-123')", "pattern": ISSUE_KEY_PATTERN}
)


def _run(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    description="Search Jira issues using JQL (Jira Query Language).",
    annotations=ToolAnnotations(title="Search Issues", readOnlyHint=True, openWorldHint=False),
)
def jira_search(
    jql: Annotated[
        str,
        Field(
            description="JQL query string (Jira Query Language). Examples:\n"
            '- Find Epics: "issuetype = Epic AND project = PROJ"\n'
            '- Find issues in Epic: "parent = PROJ-123"\n'
            "- Find by status: \"status = 'In Progress' AND project = PROJ\"\n"
            '- Find by assignee: "assignee = currentUser()"\n'
            '- Find recently updated: "updated >= -7d AND project = PROJ"\n'
            '- Find by label: "labels = frontend AND project = PROJ"\n'
            '- Find by priority: "priority = High AND project = PROJ"'
        ),
    ],
    fields: Annotated[
        str,
        Field(
            description="(Optional) Comma-separated fields to return in the results. Use '*all' for all fields, or "
            "specify individual fields like 'summary,status,assignee,priority'"
        ),
    ] = DEFAULT_FIELDS,
    limit: Annotated[int, Field(description="Maximum number of results (1-50)", ge=1)] = 10,
    start_at: Annotated[int, Field(description="Starting index for pagination (0-based)", ge=0)] = 0,
) -> SearchResult:
    return _run(site.search, jql, fields, limit, start_at)


@server.tool(
    description="Get details of a specific Jira issue including its Epic links and relationship information.",
    annotations=ToolAnnotations(title="Get Issue", readOnlyHint=True, openWorldHint=False),
)
def jira_get_issue(
    issue_key: Annotated[Any, _KEY],
    fields: Annotated[
        str,
        Field(
            description="(Optional) Comma-separated list of fields to return (e.g., 'summary,status,customfield_10010')."
            " You may also provide a single field as a string (e.g., 'duedate'). Use '*all' for all fields "
            "(including custom fields), or omit for essential fields only."
        ),
    ] = DEFAULT_FIELDS,
    comment_limit: Annotated[
        int, Field(description="Maximum number of comments to include (0 or null for no comments)", ge=0, le=100)
    ] = 10,
) -> IssueView:
    return _run(site.get, issue_key, fields, comment_limit)


@server.tool(
    description="Create a new Jira issue with optional Epic link or parent for subtasks.",
    annotations=ToolAnnotations(
        title="Create Issue", readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False
    ),
)
def jira_create_issue(
    project_key: Annotated[
        str,
        Field(
            description="The JIRA project key (e.g. 'PROJ', 'DEV', 'SUPPORT'). This is the prefix of issue keys in "
            "your project. Never assume what it might be, always ask the user.",
            json_schema_extra={"pattern": PROJECT_KEY_PATTERN},
        ),
    ],
    summary: Annotated[str, Field(description="Summary/title of the issue")],
    issue_type: Annotated[
        str,
        Field(
            description="Issue type (e.g. 'Task', 'Bug', 'Story', 'Epic', 'Subtask'). The available types depend on "
            "your project configuration. For subtasks, use 'Subtask' (not 'Sub-task') and include parent in "
            "additional_fields."
        ),
    ],
    assignee: Annotated[
        str | None,
        Field(
            description="(Optional) Assignee's user identifier (string): Email, display name, or account ID (e.g., "
            "'user@example.com', 'John Doe', 'accountid:...')"
        ),
    ] = None,
    description: Annotated[str | None, Field(description="Issue description")] = None,
) -> Created:
    return _run(site.create, project_key, summary, issue_type, assignee, description)


@server.tool(
    description="Add a comment to a Jira issue.",
    annotations=ToolAnnotations(
        title="Add Comment", readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False
    ),
)
def jira_add_comment(
    issue_key: Annotated[Any, _KEY],
    comment: Annotated[str, Field(description="Comment text in Markdown format")],
) -> CommentResult:
    return _run(site.comment, issue_key, comment)


@server.tool(
    description="Get available status transitions for a Jira issue.",
    annotations=ToolAnnotations(title="Get Transitions", readOnlyHint=True, openWorldHint=False),
)
def jira_get_transitions(issue_key: Annotated[Any, _KEY]) -> Transitions:
    return _run(site.transitions, issue_key)


@server.tool(
    description="Transition a Jira issue to a new status.",
    annotations=ToolAnnotations(
        title="Transition Issue", readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False
    ),
)
def jira_transition_issue(
    issue_key: Annotated[Any, _KEY],
    transition_id: Annotated[
        Any,
        WithJsonSchema(
            {
                "type": "string",
                "description": "ID of the transition to perform. Use the jira_get_transitions tool first to get the "
                "available transitions for an issue.",
            }
        ),
    ],
    comment: Annotated[
        str | None,
        Field(
            description="(Optional) Comment to add during the transition. This will be visible in the issue history."
        ),
    ] = None,
) -> Updated:
    return _run(site.transition, issue_key, transition_id, comment)


@server.tool(
    description="Update an existing Jira issue including changing status, adding Epic links, updating fields, etc.",
    annotations=ToolAnnotations(
        title="Update Issue", readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False
    ),
)
def jira_update_issue(
    issue_key: Annotated[Any, _KEY],
    fields: Annotated[
        Any,
        WithJsonSchema(
            {
                "type": "object",
                "additionalProperties": True,
                "description": "Dictionary of fields to update. For 'assignee', provide a string identifier (email, "
                "name, or accountId). Example: `{'assignee': 'user@example.com', 'summary': 'New Summary'}`",
            }
        ),
    ],
) -> Updated:
    return _run(site.update, issue_key, fields)


if __name__ == "__main__":
    main(server)
