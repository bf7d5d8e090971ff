"""Test-only Git server (dev set ``dev12_tools.jsonl``), shaped like the official reference Git server
(``mcp-server-git``): the same twelve tools (``git_status``, ``git_diff_unstaged``, ``git_diff_staged``,
``git_diff``, ``git_commit``, ``git_add``, ``git_reset``, ``git_log``, ``git_create_branch``, ``git_checkout``,
``git_show``, ``git_branch``), the same parameter names, defaults and one-line descriptions, and, as in the real
server, no description on most parameters (only ``git_log``'s timestamps and ``git_branch``'s parameters have one).

Run with: ``python -m eval.servers.git`` (stdio). Three fake in-memory repositories of Ana Sousa's (the history and
the starting working tree are in ``_git_data.py``):

- ``/home/ana/code/rnaseq-pipeline``: a Snakemake RNA-seq pipeline; branches ``main``, ``dev`` (checked out, one
  commit ahead of ``origin/dev``), ``feature/star-index``, ``fix/multiqc-version``; tag ``v1.0.0``; a staged
  sample sheet, two unstaged files, two untracked files.
- ``/home/ana/papers/thesis``: a LaTeX thesis; branches ``main`` (checked out), ``helena-comments``,
  ``ch3-figures``; a staged bibliography, an unstaged results chapter, an untracked discussion chapter.
- ``/home/ana/code/qpcr-analysis``: R scripts, ``main`` only, a clean working tree.

``repo_path`` is the repository's absolute path, as the real server needs it (``~`` is expanded to ``/home/ana``,
as GitPython does; a trailing ``/`` or ``/.git`` is accepted). A path that does not exist, or that is a directory
but not a repository's top level, is refused as GitPython refuses it. Commits, staging, branches and checkouts
change the in-memory state (none of it kept between starts); new commits are dated from 2026-11-22 12:00 UTC.
Commit hashes are derived from the history, so they are the same at every start. No real git, no disk, no clock.
"""

from __future__ import annotations

import difflib
import fnmatch
import hashlib
import posixpath
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main
from eval.servers import _git_data as data

DEFAULT_CONTEXT_LINES = 3
NOW = datetime.fromisoformat("2026-11-22T13:00:00+01:00")  # 12:00 UTC, Amsterdam time
USER = data.ANA
_BRANCH_NAME = re.compile(r"^(?!/|.*([/.]\.|//|@\{|\\))[^\x00-\x20~^:?*\[\x7f]+(?<![/.])$")
_HEX = re.compile(r"^[0-9a-f]{4,40}$")
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_NUMBERS |= {"eight": 8, "nine": 9, "ten": 10}
_UNITS = {"second": 1 / 86400, "minute": 1 / 1440, "hour": 1 / 24, "day": 1, "week": 7, "month": 30, "year": 365}
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]


@dataclass
class Commit:
    """One commit."""

    sha: str
    parent: str | None
    author: str
    date: datetime
    message: str
    tree: dict[str, str]


@dataclass
class Repo:
    """One repository: its commits, refs, index and working tree."""

    path: str
    commits: dict[str, Commit] = field(default_factory=dict)
    branches: dict[str, str] = field(default_factory=dict)
    remotes: dict[str, str] = field(default_factory=dict)
    remote_head: str = "origin/main"
    tags: dict[str, str] = field(default_factory=dict)
    head: str | None = "main"  # the checked-out branch, None when detached
    detached: str | None = None  # the commit of a detached HEAD
    index: dict[str, str] = field(default_factory=dict)
    worktree: dict[str, str] = field(default_factory=dict)
    ignored: tuple[str, ...] = ()
    made: int = 0  # commits made since the start


def _apply(content: str | None, change: data.Change) -> str:
    if isinstance(change, str):
        return change
    text = content or ""
    for old, new in change:
        if old not in text:
            raise AssertionError(f"fake git history: {old!r} not found")
        text = text.replace(old, new, 1)
    return text


def _sha(*parts: str) -> str:
    return hashlib.sha1("\x00".join(parts).encode()).hexdigest()


def _blob(content: str | None) -> str:
    return "0000000" if content is None else _sha("blob", content)[:7]


def build(path: str, spec: dict[str, Any]) -> Repo:
    """A repository from its description in ``_git_data``."""
    repo = Repo(path, remote_head=spec["remote_head"], head=spec["head"])
    labels: dict[str, str] = {}
    for label, parent, author, date, message, changes in spec["commits"]:
        parent_sha = labels[parent] if parent else None
        tree = dict(repo.commits[parent_sha].tree) if parent_sha else {}
        for file, change in changes.items():
            tree[file] = _apply(tree.get(file), change)
        sha = _sha(path, parent_sha or "", author, date, message)
        repo.commits[sha] = Commit(sha, parent_sha, author, datetime.fromisoformat(date), message + "\n", tree)
        labels[label] = sha
    repo.branches = {name: labels[label] for name, label in spec["branches"].items()}
    repo.remotes = {name: labels[label] for name, label in spec["remotes"].items()}
    repo.tags = {name: labels[label] for name, label in spec["tags"].items()}
    tree = repo.commits[repo.branches[repo.head]].tree
    repo.index = dict(tree)
    for file, change in spec["staged"].items():
        repo.index[file] = _apply(repo.index.get(file), change)
    repo.worktree = dict(repo.index)
    for file, change in spec["unstaged"].items():
        repo.worktree[file] = _apply(repo.worktree.get(file), change)
    repo.worktree.update(spec["untracked"])
    gitignore = tree.get(".gitignore", "")
    repo.ignored = tuple(line.strip() for line in gitignore.splitlines() if line.strip())
    return repo


# --- output models --------------------------------------------------------------------------------------------


class FileChange(BaseModel):
    """A changed file."""

    path: str = Field(description="Path relative to the repository")
    change: str = Field(description="'modified', 'new file' or 'deleted'")


class Status(BaseModel):
    """The working tree status."""

    repo_path: str = Field(description="The repository")
    branch: str | None = Field(description="Checked-out branch (null when HEAD is detached)")
    upstream: str | None = Field(description="Upstream branch, e.g. 'origin/dev'")
    ahead: int = Field(description="Commits not on the upstream yet")
    behind: int = Field(description="Upstream commits not here yet")
    staged: list[FileChange] = Field(description="Changes to be committed")
    unstaged: list[FileChange] = Field(description="Changes not staged for commit")
    untracked: list[str] = Field(description="Untracked files")
    text: str = Field(description="The server's text: 'Repository status:' and git status's output")


class Diff(BaseModel):
    """A diff."""

    repo_path: str = Field(description="The repository")
    target: str | None = Field(default=None, description="What the working tree was compared with (git_diff)")
    context_lines: int = Field(description="Lines of context around each change")
    files: list[str] = Field(description="Files that differ")
    diff: str = Field(description="Unified diff, empty when nothing differs")
    text: str = Field(description="The server's text")


class Message(BaseModel):
    """A write's result."""

    repo_path: str = Field(description="The repository")
    files: list[str] = Field(default_factory=list, description="Files concerned")
    commit: str | None = Field(default=None, description="Commit hash, when one was made or checked out")
    branch: str | None = Field(default=None, description="Branch concerned")
    text: str = Field(description="The server's text, e.g. 'Files staged successfully'")


class LogEntry(BaseModel):
    """One commit of the log."""

    commit: str = Field(description="Full hash")
    author: str = Field(description="Name <email>")
    date: str = Field(description="Author date, e.g. '2026-11-21 17:42:10+01:00'")
    message: str = Field(description="Commit message")


class Log(BaseModel):
    """The commit log."""

    repo_path: str = Field(description="The repository")
    commits: list[LogEntry] = Field(description="Newest first")
    text: str = Field(description="The server's text: 'Commit history:' and one block per commit")


class Shown(BaseModel):
    """One commit and its changes."""

    repo_path: str = Field(description="The repository")
    commit: str = Field(description="Full hash")
    author: str = Field(description="Name <email>")
    date: str = Field(description="Author date")
    message: str = Field(description="Commit message")
    parents: list[str] = Field(description="Parent hashes")
    files: list[str] = Field(description="Files the commit changed")
    diff: str = Field(description="Unified diff against the first parent")
    text: str = Field(description="The server's text")


class Branches(BaseModel):
    """A branch listing."""

    repo_path: str = Field(description="The repository")
    branch_type: str = Field(description="'local', 'remote' or 'all'")
    current: str | None = Field(description="Checked-out branch")
    branches: list[str] = Field(description="Branch names")
    text: str = Field(description="git branch's output, '*' before the checked-out branch")


# --- the repositories -----------------------------------------------------------------------------------------


class GitError(ValueError):
    """What git or GitPython would say."""


class Store:
    """The three repositories, as they change during one server run."""

    def __init__(self) -> None:
        self.repos = {path: build(path, spec) for path, spec in data.REPOS.items()}

    def repo(self, repo_path: str) -> Repo:
        raw = (repo_path or "").strip()
        if not raw:
            raise GitError("repo_path is required: the repository's absolute path, e.g. /home/ana/code/qpcr-analysis")
        if raw == "~" or raw.startswith("~/"):
            raw = data.HOME + raw[1:]
        path = posixpath.normpath(raw)
        if path.endswith("/.git"):
            path = path[: -len("/.git")]
        if path in self.repos:
            return self.repos[path]
        if not path.startswith("/"):
            raise GitError(
                f"NoSuchPathError: {repo_path} (a relative path is resolved against the server's working "
                "directory; send the repository's absolute path)"
            )
        inside = next((p for p in self.repos if path.startswith(p + "/")), None)
        if inside:
            raise GitError(f"InvalidGitRepositoryError: {path} is inside the repository {inside}, not its top level")
        if path in data.DIRECTORIES:
            raise GitError(f"InvalidGitRepositoryError: {path} is not a git repository")
        raise GitError(f"NoSuchPathError: {path} does not exist")


store = Store()


def _head_sha(repo: Repo) -> str:
    return repo.branches[repo.head] if repo.head else str(repo.detached)


def _upstream(repo: Repo) -> str | None:
    if repo.head and f"origin/{repo.head}" in repo.remotes:
        return f"origin/{repo.head}"
    return None


def _ancestors(repo: Repo, sha: str) -> list[str]:
    out = []
    current: str | None = sha
    while current:
        out.append(current)
        current = repo.commits[current].parent
    return out


def resolve(repo: Repo, revision: str) -> str:
    """The commit a revision names: a (short) hash, a branch, a remote branch, a tag, HEAD, with ~N and ^.

    Raises:
        GitError: for anything git would not resolve.
    """
    text = (revision or "").strip()
    match = re.fullmatch(r"(.+?)((?:~\d*|\^\d?)*)", text)
    if not text or not match:
        raise GitError(f"fatal: ambiguous argument '{revision}': unknown revision or path not in the working tree.")
    base, suffix = match.group(1), match.group(2)
    if base == "HEAD" or base == "@":
        sha = _head_sha(repo)
    elif base in repo.branches:
        sha = repo.branches[base]
    elif base in repo.remotes:
        sha = repo.remotes[base]
    elif f"origin/{base}" == repo.remote_head or base == "origin" or base == "origin/HEAD":
        sha = repo.remotes[repo.remote_head]
    elif base in repo.tags:
        sha = repo.tags[base]
    elif base.startswith("remotes/") and base[8:] in repo.remotes:
        sha = repo.remotes[base[8:]]
    elif _HEX.match(base.lower()):
        found = [s for s in repo.commits if s.startswith(base.lower())]
        if len(found) != 1:
            message = "short object ID is ambiguous" if found else "unknown revision or path not in the working tree"
            raise GitError(f"fatal: ambiguous argument '{revision}': {message}.")
        sha = found[0]
    else:
        raise GitError(f"fatal: ambiguous argument '{revision}': unknown revision or path not in the working tree.")
    for step in re.findall(r"~\d*|\^\d?", suffix):
        count = int(step[1:] or 1) if step.startswith("~") else 1
        if step.startswith("^") and step[1:] not in ("", "1"):
            raise GitError(f"fatal: ambiguous argument '{revision}': the commit has only one parent.")
        for _ in range(count):
            parent = repo.commits[sha].parent
            if parent is None:
                raise GitError(f"fatal: ambiguous argument '{revision}': unknown revision or path not in the tree.")
            sha = parent
    return sha


def _file_diff(file: str, old: str | None, new: str | None, context: int) -> str:
    header = [f"diff --git a/{file} b/{file}"]
    if old is None:
        header += ["new file mode 100644", f"index 0000000..{_blob(new)}"]
    elif new is None:
        header += ["deleted file mode 100644", f"index {_blob(old)}..0000000"]
    else:
        header += [f"index {_blob(old)}..{_blob(new)} 100644"]
    lines = list(
        difflib.unified_diff(
            (old or "").splitlines(keepends=True),
            (new or "").splitlines(keepends=True),
            "/dev/null" if old is None else f"a/{file}",
            "/dev/null" if new is None else f"b/{file}",
            n=context,
        )
    )
    return "\n".join(header) + "\n" + "".join(lines)


def _diff(before: dict[str, str], after: dict[str, str], paths: set[str], context: int) -> tuple[list[str], str]:
    files = sorted(p for p in paths if before.get(p) != after.get(p))
    return files, "".join(_file_diff(p, before.get(p), after.get(p), context) for p in files)


def _context(value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GitError(f"context_lines must be a whole number of lines, 0 or more, not {value!r}.")
    return value


def _changes(before: dict[str, str], after: dict[str, str], paths: set[str]) -> list[FileChange]:
    out = []
    for p in sorted(paths):
        if before.get(p) == after.get(p):
            continue
        kind = "new file" if p not in before else "deleted" if p not in after else "modified"
        out.append(FileChange(path=p, change=kind))
    return out


def _ignored(repo: Repo, file: str) -> bool:
    for pattern in repo.ignored:
        if pattern.endswith("/") and (file.startswith(pattern) or f"/{pattern}" in f"/{file}"):
            return True
        if fnmatch.fnmatch(posixpath.basename(file), pattern):
            return True
    return False


def status(repo_path: str) -> Status:
    repo = store.repo(repo_path)
    head = repo.commits[_head_sha(repo)].tree
    staged = _changes(head, repo.index, set(head) | set(repo.index))
    unstaged = _changes(repo.index, repo.worktree, set(repo.index))
    untracked = sorted(p for p in repo.worktree if p not in repo.index and not _ignored(repo, p))
    upstream = _upstream(repo)
    ahead = behind = 0
    if upstream:
        mine, theirs = set(_ancestors(repo, _head_sha(repo))), set(_ancestors(repo, repo.remotes[upstream]))
        ahead, behind = len(mine - theirs), len(theirs - mine)
    lines = [f"On branch {repo.head}" if repo.head else f"HEAD detached at {str(repo.detached)[:7]}"]
    if upstream:
        if ahead and behind:
            lines += [
                f"Your branch and '{upstream}' have diverged,",
                f"and have {ahead} and {behind} different commits each, respectively.",
            ]
        elif ahead:
            lines += [f"Your branch is ahead of '{upstream}' by {ahead} commit{'s' * (ahead > 1)}."]
            lines += ['  (use "git push" to publish your local commits)']
        elif behind:
            lines += [f"Your branch is behind '{upstream}' by {behind} commit{'s' * (behind > 1)}, and can be "]
            lines[-1] += "fast-forwarded."
        else:
            lines += [f"Your branch is up to date with '{upstream}'."]
    if staged:
        lines += ["", "Changes to be committed:", '  (use "git restore --staged <file>..." to unstage)']
        lines += [f"\t{c.change + ':':<12}{c.path}" for c in staged]
    if unstaged:
        lines += ["", "Changes not staged for commit:", '  (use "git add <file>..." to update what will be committed)']
        lines += ['  (use "git restore <file>..." to discard changes in working directory)']
        lines += [f"\t{c.change + ':':<12}{c.path}" for c in unstaged]
    if untracked:
        lines += ["", "Untracked files:", '  (use "git add <file>..." to include in what will be committed)']
        lines += [f"\t{p}" for p in untracked]
    if not (staged or unstaged or untracked):
        lines += ["", "nothing to commit, working tree clean"]
    elif not staged:
        lines += ["", 'no changes added to commit (use "git add" and/or "git commit -a")']
    return Status(
        repo_path=repo.path,
        branch=repo.head,
        upstream=upstream,
        ahead=ahead,
        behind=behind,
        staged=staged,
        unstaged=unstaged,
        untracked=untracked,
        text="Repository status:\n" + "\n".join(lines),
    )


def diff_unstaged(repo_path: str, context_lines: int = DEFAULT_CONTEXT_LINES) -> Diff:
    repo = store.repo(repo_path)
    context = _context(context_lines)
    files, text = _diff(repo.index, repo.worktree, set(repo.index), context)
    return Diff(repo_path=repo.path, context_lines=context, files=files, diff=text, text=f"Unstaged changes:\n{text}")


def diff_staged(repo_path: str, context_lines: int = DEFAULT_CONTEXT_LINES) -> Diff:
    repo = store.repo(repo_path)
    context = _context(context_lines)
    head = repo.commits[_head_sha(repo)].tree
    files, text = _diff(head, repo.index, set(head) | set(repo.index), context)
    return Diff(repo_path=repo.path, context_lines=context, files=files, diff=text, text=f"Staged changes:\n{text}")


def diff(repo_path: str, target: str, context_lines: int = DEFAULT_CONTEXT_LINES) -> Diff:
    """``git diff <target>``: the working tree against a commit, or two commits with ``A..B`` / ``A...B``."""
    repo = store.repo(repo_path)
    context = _context(context_lines)
    spec = (target or "").strip()
    if "..." in spec:
        left, right = spec.split("...", 1)
        a, b = resolve(repo, left or "HEAD"), resolve(repo, right or "HEAD")
        base = next(s for s in _ancestors(repo, b) if s in set(_ancestors(repo, a)))
        before, after = repo.commits[base].tree, repo.commits[b].tree
        paths = set(before) | set(after)
    elif ".." in spec:
        left, right = spec.split("..", 1)
        before = repo.commits[resolve(repo, left or "HEAD")].tree
        after = repo.commits[resolve(repo, right or "HEAD")].tree
        paths = set(before) | set(after)
    else:
        before = repo.commits[resolve(repo, spec)].tree
        after = repo.worktree
        paths = set(before) | set(repo.index)
    files, text = _diff(before, after, paths, context)
    return Diff(
        repo_path=repo.path,
        target=target,
        context_lines=context,
        files=files,
        diff=text,
        text=f"Diff with {target}:\n{text}",
    )


def commit(repo_path: str, message: str) -> Message:
    """A commit of the index (as GitPython's ``index.commit``, an empty commit when nothing is staged)."""
    repo = store.repo(repo_path)
    if not (message or "").strip():
        raise GitError("Aborting commit due to empty commit message.")
    parent = _head_sha(repo)
    before = repo.commits[parent].tree
    repo.made += 1
    when = NOW + timedelta(minutes=repo.made)
    sha = _sha(repo.path, parent, USER, when.isoformat(), message, str(repo.made))
    repo.commits[sha] = Commit(sha, parent, USER, when, message, dict(repo.index))
    if repo.head:
        repo.branches[repo.head] = sha
    else:
        repo.detached = sha
    files = [c.path for c in _changes(before, repo.index, set(before) | set(repo.index))]
    return Message(
        repo_path=repo.path,
        files=files,
        commit=sha,
        branch=repo.head,
        text=f"Changes committed successfully with hash {sha}",
    )


def add(repo_path: str, files: list[str]) -> Message:
    """Stage files: paths relative to the repository (or absolute inside it), directories, globs, or '.'."""
    repo = store.repo(repo_path)
    if not isinstance(files, list) or not files:
        raise GitError("files must be a non-empty list of paths, e.g. ['workflow/Snakefile'] or ['.'].")
    candidates = set(repo.worktree) | set(repo.index)
    chosen: list[str] = []
    for spec in files:
        raw = str(spec).strip()
        if raw.startswith(repo.path + "/"):
            raw = raw[len(repo.path) + 1 :]
        elif raw.startswith("/") or raw.startswith("~"):
            raise GitError(f"fatal: {spec}: '{spec}' is outside repository at '{repo.path}'")
        rel = posixpath.normpath(raw) if raw not in ("", ".", "./", "-A", "--all") else "."
        if rel == ".":
            hits = [p for p in candidates if not _ignored(repo, p)]
        elif any(ch in rel for ch in "*?["):
            hits = [p for p in candidates if fnmatch.fnmatch(p, rel) and not _ignored(repo, p)]
        else:
            hits = [
                p for p in candidates if (p == rel or p.startswith(rel.rstrip("/") + "/")) and not _ignored(repo, p)
            ]
        if not hits:
            raise GitError(f"fatal: pathspec '{spec}' did not match any files")
        chosen += hits
    staged = []
    for p in sorted(set(chosen)):
        if p in repo.worktree:
            if repo.index.get(p) != repo.worktree[p]:
                staged.append(p)
            repo.index[p] = repo.worktree[p]
        elif p in repo.index:
            del repo.index[p]
            staged.append(p)
    return Message(repo_path=repo.path, files=staged, text="Files staged successfully")


def reset(repo_path: str) -> Message:
    repo = store.repo(repo_path)
    head = repo.commits[_head_sha(repo)].tree
    files = [c.path for c in _changes(head, repo.index, set(head) | set(repo.index))]
    repo.index = dict(head)
    return Message(repo_path=repo.path, files=files, text="All staged changes reset")


def _date(text: str) -> datetime:
    """A date as ``git log --since`` reads it (a useful part of git's approxidate).

    Raises:
        GitError: for text that is not a date.
    """
    raw = " ".join((text or "").strip().lower().replace(",", " ").split())
    try:
        value = datetime.fromisoformat(raw.upper().replace("Z", "+00:00"))
        return value if value.tzinfo else value.replace(tzinfo=NOW.tzinfo)
    except ValueError:
        pass
    midnight = NOW.replace(hour=0, minute=0, second=0)
    if raw in ("now", "today"):
        return NOW if raw == "now" else midnight
    if raw == "yesterday":
        return NOW - timedelta(days=1)
    if raw in ("last week", "last month", "last year"):
        return NOW - timedelta(days=_UNITS[raw.split()[1]])
    ago = re.fullmatch(r"(\d+|[a-z]+)\s+(second|minute|hour|day|week|month|year)s?(\s+ago)?", raw)
    if ago:
        count = int(ago.group(1)) if ago.group(1).isdigit() else _NUMBERS.get(ago.group(1))
        if count is not None:
            return NOW - timedelta(days=count * _UNITS[ago.group(2)])
    day = raw.removeprefix("last ").removeprefix("since ")
    if day in _WEEKDAYS:
        back = (NOW.weekday() - _WEEKDAYS.index(day)) % 7 or 7
        return midnight - timedelta(days=back)
    for pattern in ("%b %d %Y", "%d %b %Y", "%B %d %Y", "%d %B %Y", "%b %d", "%d %b", "%B %d", "%d %B", "%Y/%m/%d"):
        try:
            value = datetime.strptime(raw.replace("sept", "sep"), pattern)
        except ValueError:
            continue
        if "%Y" not in pattern:
            value = value.replace(year=NOW.year)
        return value.replace(tzinfo=NOW.tzinfo)
    raise GitError(
        f"could not read the date '{text}'. Use ISO 8601 (2026-11-15 or 2026-11-15T14:30:25), a relative date "
        "('2 weeks ago', 'yesterday') or an absolute date ('Nov 15 2026')."
    )


def log(
    repo_path: str, max_count: int = 10, start_timestamp: str | None = None, end_timestamp: str | None = None
) -> Log:
    repo = store.repo(repo_path)
    if isinstance(max_count, bool) or not isinstance(max_count, int) or max_count < 1:
        raise GitError(f"max_count must be a whole number of commits, 1 or more, not {max_count!r}.")
    since = _date(start_timestamp) if start_timestamp else None
    until = _date(end_timestamp) if end_timestamp else None
    if until and re.fullmatch(r"\d{4}-\d{2}-\d{2}", (end_timestamp or "").strip()):
        until = until.replace(hour=23, minute=59, second=59)  # a bare date ends with its day, as people mean it
    entries = []
    for sha in _ancestors(repo, _head_sha(repo)):
        c = repo.commits[sha]
        if (since and c.date < since) or (until and c.date > until):
            continue
        entries.append(LogEntry(commit=sha, author=c.author, date=str(c.date), message=c.message.rstrip("\n")))
        if len(entries) == max_count:
            break
    blocks = [
        f'Commit: {e.commit!r}\nAuthor: <git.Actor "{e.author}">\nDate: {e.date}\nMessage: {e.message + chr(10)!r}\n'
        for e in entries
    ]
    return Log(repo_path=repo.path, commits=entries, text="Commit history:\n" + "\n".join(blocks))


def create_branch(repo_path: str, branch_name: str, base_branch: str | None = None) -> Message:
    repo = store.repo(repo_path)
    name = (branch_name or "").strip()
    if not _BRANCH_NAME.match(name) or name == "HEAD":
        raise GitError(f"fatal: '{branch_name}' is not a valid branch name")
    if name in repo.branches:
        raise GitError(f"fatal: a branch named '{name}' already exists")
    if base_branch:
        refs = {**repo.branches, **repo.remotes, **repo.tags}
        if base_branch not in refs:
            known = ", ".join(sorted(refs))
            raise GitError(f"IndexError: No item found with id '{base_branch}' (references: {known})")
        sha, base = refs[base_branch], base_branch
    else:
        if not repo.head:
            raise GitError("TypeError: HEAD is a detached symbolic reference; give base_branch")
        sha, base = repo.branches[repo.head], repo.head
    repo.branches[name] = sha
    return Message(
        repo_path=repo.path, commit=sha, branch=name, text=f"Created branch '{name}' from '{base.split('/')[-1]}'"
    )


def checkout(repo_path: str, branch_name: str) -> Message:
    """Switch branches, keeping local changes that do not conflict (as ``git checkout`` does)."""
    repo = store.repo(repo_path)
    name = (branch_name or "").strip()
    if name in repo.branches:
        target, new_head = repo.branches[name], name
    elif f"origin/{name}" in repo.remotes:
        repo.branches[name] = repo.remotes[f"origin/{name}"]  # git's checkout creates the tracking branch
        target, new_head = repo.branches[name], name
    else:
        try:
            target, new_head = resolve(repo, name), None
        except GitError:
            raise GitError(f"error: pathspec '{branch_name}' did not match any file(s) known to git") from None
    head = repo.commits[_head_sha(repo)].tree
    goal = repo.commits[target].tree
    local = {p for p in set(head) | set(repo.index) | set(repo.worktree) if p in head or p in repo.index}
    local = {p for p in local if repo.index.get(p) != head.get(p) or repo.worktree.get(p) != head.get(p)}
    conflicts = sorted(p for p in local if goal.get(p) != head.get(p))
    if conflicts:
        listed = "\n".join(f"\t{p}" for p in conflicts)
        raise GitError(
            "error: Your local changes to the following files would be overwritten by checkout:\n"
            f"{listed}\nPlease commit your changes or stash them before you switch branches.\nAborting"
        )
    index = dict(goal)
    worktree = {p: v for p, v in repo.worktree.items() if p not in head and p not in repo.index}  # untracked
    worktree.update(goal)
    for p in local:
        for target_map, source in ((index, repo.index), (worktree, repo.worktree)):
            if p in source:
                target_map[p] = source[p]
            else:
                target_map.pop(p, None)
    repo.index, repo.worktree = index, worktree
    repo.head, repo.detached = new_head, (None if new_head else target)
    return Message(repo_path=repo.path, commit=target, branch=new_head, text=f"Switched to branch '{branch_name}'")


def show(repo_path: str, revision: str) -> Shown:
    repo = store.repo(repo_path)
    sha = resolve(repo, revision)
    c = repo.commits[sha]
    before = repo.commits[c.parent].tree if c.parent else {}
    files, text = _diff(before, c.tree, set(before) | set(c.tree), DEFAULT_CONTEXT_LINES)
    header = f'Commit: {sha!r}\nAuthor: <git.Actor "{c.author}">\nDate: {c.date!r}\nMessage: {c.message!r}\n'
    return Shown(
        repo_path=repo.path,
        commit=sha,
        author=c.author,
        date=str(c.date),
        message=c.message.rstrip("\n"),
        parents=[c.parent] if c.parent else [],
        files=files,
        diff=text,
        text=header + text,
    )


def branch(repo_path: str, branch_type: str, contains: str | None = None, not_contains: str | None = None) -> Branches:
    repo = store.repo(repo_path)
    kind = (branch_type or "").strip()
    if kind not in ("local", "remote", "all"):
        raise GitError(f"Invalid branch type: {branch_type} (send 'local', 'remote' or 'all')")

    def keep(sha: str) -> bool:
        history = set(_ancestors(repo, sha))
        if contains and resolve(repo, contains) not in history:
            return False
        return not (not_contains and resolve(repo, not_contains) in history)

    local = sorted(n for n, s in repo.branches.items() if keep(s))
    remote = sorted(n for n, s in repo.remotes.items() if keep(s))
    lines = []
    if kind in ("local", "all"):
        lines += [f"{'*' if n == repo.head else ' '} {n}" for n in local]
        if not repo.head and not contains and not not_contains:
            lines.insert(0, f"* (HEAD detached at {str(repo.detached)[:7]})")
    if kind in ("remote", "all"):
        prefix = "remotes/" if kind == "all" else ""
        head_line = f"  {prefix}origin/HEAD -> {repo.remote_head}"
        lines += ([head_line] if not contains and not not_contains else []) + [f"  {prefix}{n}" for n in remote]
    names = (local if kind != "remote" else []) + (remote if kind != "local" else [])
    return Branches(repo_path=repo.path, branch_type=kind, current=repo.head, branches=names, text="\n".join(lines))


# --- the server -----------------------------------------------------------------------------------------------

server = MCPServer("eval-git", instructions="Git repository interaction and automation. Test-only fake repositories.")
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
WRITE = ToolAnnotations(readOnlyHint=False, destructiveHint=False, openWorldHint=False)


def _run(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except GitError as exc:
        raise ToolError(str(exc)) from None


@server.tool(description="Shows the working tree status", annotations=READ)
def git_status(repo_path: str) -> Status:
    return _run(status, repo_path)


@server.tool(description="Shows changes in the working directory that are not yet staged", annotations=READ)
def git_diff_unstaged(repo_path: str, context_lines: int = DEFAULT_CONTEXT_LINES) -> Diff:
    return _run(diff_unstaged, repo_path, context_lines)


@server.tool(description="Shows changes that are staged for commit", annotations=READ)
def git_diff_staged(repo_path: str, context_lines: int = DEFAULT_CONTEXT_LINES) -> Diff:
    return _run(diff_staged, repo_path, context_lines)


@server.tool(description="Shows differences between branches or commits", annotations=READ)
def git_diff(repo_path: str, target: str, context_lines: int = DEFAULT_CONTEXT_LINES) -> Diff:
    return _run(diff, repo_path, target, context_lines)


@server.tool(description="Records changes to the repository", annotations=WRITE)
def git_commit(repo_path: str, message: str) -> Message:
    return _run(commit, repo_path, message)


@server.tool(description="Adds file contents to the staging area", annotations=WRITE)
def git_add(repo_path: str, files: list[str]) -> Message:
    return _run(add, repo_path, files)


@server.tool(
    description="Unstages all staged changes",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False),
)
def git_reset(repo_path: str) -> Message:
    return _run(reset, repo_path)


TIMESTAMP = (
    "Accepts: ISO 8601 format (e.g., '2024-01-15T14:30:25'), relative dates (e.g., '2 weeks ago', 'yesterday'), or "
    "absolute dates (e.g., '2024-01-15', 'Jan 15 2024')"
)


@server.tool(description="Shows the commit logs", annotations=READ)
def git_log(
    repo_path: str,
    max_count: int = 10,
    start_timestamp: Annotated[
        str | None, Field(description=f"Start timestamp for filtering commits. {TIMESTAMP}")
    ] = None,
    end_timestamp: Annotated[str | None, Field(description=f"End timestamp for filtering commits. {TIMESTAMP}")] = None,
) -> Log:
    return _run(log, repo_path, max_count, start_timestamp, end_timestamp)


@server.tool(description="Creates a new branch from an optional base branch", annotations=WRITE)
def git_create_branch(repo_path: str, branch_name: str, base_branch: str | None = None) -> Message:
    return _run(create_branch, repo_path, branch_name, base_branch)


@server.tool(description="Switches branches", annotations=WRITE)
def git_checkout(repo_path: str, branch_name: str) -> Message:
    return _run(checkout, repo_path, branch_name)


@server.tool(description="Shows the contents of a commit", annotations=READ)
def git_show(repo_path: str, revision: str) -> Shown:
    return _run(show, repo_path, revision)


@server.tool(description="List Git branches", annotations=READ)
def git_branch(
    repo_path: Annotated[str, Field(description="The path to the Git repository.")],
    branch_type: Annotated[
        str,
        Field(
            description="Whether to list local branches ('local'), remote branches ('remote') or all branches('all')."
        ),
    ],
    contains: Annotated[
        str | None,
        Field(
            description="The commit sha that branch should contain. Do not pass anything to this param if no "
            "commit sha is specified"
        ),
    ] = None,
    not_contains: Annotated[
        str | None,
        Field(
            description="The commit sha that branch should NOT contain. Do not pass anything to this param if no "
            "commit sha is specified"
        ),
    ] = None,
) -> Branches:
    return _run(branch, repo_path, branch_type, contains, not_contains)


if __name__ == "__main__":
    main(server)
