"""Test-only Obsidian vault server (dev set ``dev14_tools.jsonl``), shaped like the popular ``mcp-obsidian`` server
(MarkusPfundstein/mcp-obsidian, which talks to the Obsidian Local REST API plugin): seven of its tools with the same
names (``obsidian_`` prefix), parameter names (``filepath``, ``dirpath``, ``context_length``, ``target_type``),
enums, defaults and short descriptions.

Run with: ``python -m eval.servers.obsidian`` (stdio). A fake vault of a PhD student's research notes
(``_vault_data.py``: daily notes of 19-21 November 2026, three project notes with YAML frontmatter, headings and a
block reference, meeting notes, paper notes, protocols, a template, an archive), kept in memory: appended, patched
and deleted notes are gone at the next start. "Today" is 2026-11-22 (no daily note yet). No network, no real clock.

Behaviour follows the real server and the REST API behind it: paths are relative to the vault root and include the
``.md`` extension; listings give folders with a trailing ``/``; ``obsidian_simple_search`` finds notes containing
every word of the query and returns each match with ``context_length`` characters of context around it;
``obsidian_append_content`` creates the note (and its folders) when it does not exist; ``obsidian_patch_content``
inserts relative to a heading (a path joined with ``::`` such as ``CRISPR screen::Next steps``; a bare heading name
that matches one heading of the note is accepted), a block reference (``res1`` or ``^res1``) or a frontmatter field;
``obsidian_delete_file`` deletes a note or a folder only with ``confirm`` true. Unknown paths are the API's 404s, with
the closest paths to send instead.
"""

from __future__ import annotations

import json
import posixpath
import re
import threading
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from agent_core.servers._serve import main
from eval.servers import _vault_data as data

MAX_CONTEXT = 5000
_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")


class Listing(BaseModel):
    """Files and folders."""

    files: list[str] = Field(description="Notes and folders (folders end with '/')")
    text: str = Field(description="The server's text: the list as JSON")


class FileContents(BaseModel):
    """One note."""

    filepath: str = Field(description="Path relative to the vault root")
    content: str = Field(description="The note's Markdown, frontmatter included")


class MatchPosition(BaseModel):
    """Where a match is in the note."""

    start: int = Field(description="Offset of the match's first character")
    end: int = Field(description="Offset after its last character")


class Match(BaseModel):
    """One match with its context."""

    context: str = Field(description="Text around the match")
    match_position: MatchPosition = Field(description="Position of the match in the note")


class SearchHit(BaseModel):
    """One note that matched."""

    filename: str = Field(description="Path relative to the vault root")
    score: float = Field(description="Higher is better")
    matches: list[Match] = Field(description="The matches in this note")


class SearchResults(BaseModel):
    """Notes matching a simple search."""

    query: str = Field(description="The query")
    results: list[SearchHit] = Field(description="Matching notes, best first")


class Written(BaseModel):
    """A change to the vault."""

    filepath: str = Field(description="The note changed (or deleted)")
    text: str = Field(description="The server's text, e.g. 'Successfully appended content to Inbox.md'")


class VaultError(ValueError):
    """What the Local REST API would answer, with what to send instead."""


def _clean(path: str) -> str:
    text = (path or "").strip().strip("\"'`").replace("\\", "/")
    text = re.sub(r"/+", "/", text)
    while text.startswith("./"):
        text = text[2:]
    return text.strip("/") if text not in ("/", "") else ""


class Vault:
    """The vault of one server run."""

    def __init__(self) -> None:
        self.notes: dict[str, str] = dict(data.NOTES)
        self.lock = threading.Lock()

    # --- paths ---------------------------------------------------------------------------------------------

    def _folders(self) -> set[str]:
        out = set()
        for path in self.notes:
            parts = path.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                out.add("/".join(parts[:i]))
        return out

    def _suggest(self, wanted: str) -> str:
        low = wanted.lower()
        stem = low.removesuffix(".md").split("/")[-1]
        close = [p for p in sorted(self.notes) if p.lower().removesuffix(".md").endswith(stem) or stem in p.lower()]
        if close:
            return " Did you mean " + " or ".join(f"'{p}'" for p in close[:3]) + "?"
        return " Use obsidian_list_files_in_vault or obsidian_simple_search to find the path."

    def note_path(self, filepath: str) -> str:
        """The existing note ``filepath`` names (matched without case).

        Raises:
            VaultError: 404 with the paths to send instead.
        """
        wanted = _clean(filepath)
        if not wanted:
            raise VaultError("filepath is required: a note's path relative to the vault root, e.g. 'Ideas.md'.")
        if wanted in self.notes:
            return wanted
        found = [p for p in self.notes if p.lower() == wanted.lower()]
        if len(found) == 1:
            return found[0]
        if wanted.lower() in {f.lower() for f in self._folders()}:
            raise VaultError(f"Error 40400: '{wanted}' is a folder. Use obsidian_list_files_in_dir to list it.")
        if not wanted.lower().endswith(".md") and f"{wanted.lower()}.md" in {p.lower() for p in self.notes}:
            match = next(p for p in self.notes if p.lower() == f"{wanted.lower()}.md")
            raise VaultError(f"Error 40400: Not Found. Paths include the extension: send '{match}'.")
        raise VaultError(f"Error 40400: Not Found: no note '{wanted}'.{self._suggest(wanted)}")

    # --- reading ---------------------------------------------------------------------------------------------

    def _entries(self, folder: str) -> list[str]:
        prefix = f"{folder}/" if folder else ""
        out = set()
        for path in self.notes:
            if not path.startswith(prefix):
                continue
            rest = path[len(prefix) :]
            out.add(rest.split("/")[0] + "/" if "/" in rest else rest)
        return sorted(out, key=lambda e: (e.lower(), e))

    def list_vault(self) -> Listing:
        with self.lock:
            files = self._entries("")
        return Listing(files=files, text=json.dumps(files, indent=2))

    def list_dir(self, dirpath: str) -> Listing:
        """The entries of one folder, relative to it.

        Raises:
            VaultError: for a folder that does not exist (or is a note), with the folders there are.
        """
        wanted = _clean(dirpath)
        with self.lock:
            if wanted:
                folders = {f.lower(): f for f in self._folders()}
                if wanted.lower() not in folders:
                    if wanted.lower() in {p.lower() for p in self.notes}:
                        raise VaultError(
                            f"Error 40400: '{wanted}' is a note. Use obsidian_get_file_contents to read it."
                        )
                    listed = ", ".join(sorted(f + "/" for f in folders.values()))
                    raise VaultError(f"Error 40400: Not Found: no folder '{wanted}'. Folders: {listed}.")
                wanted = folders[wanted.lower()]
            files = self._entries(wanted)
        return Listing(files=files, text=json.dumps(files, indent=2))

    def read(self, filepath: str) -> FileContents:
        with self.lock:
            path = self.note_path(filepath)
            return FileContents(filepath=path, content=self.notes[path])

    def search(self, query: str, context_length: int = 100) -> SearchResults:
        """Notes containing every word of ``query`` (case-insensitive), each occurrence with its context.

        Raises:
            VaultError: for an empty query or a context length out of range.
        """
        words = [w for w in (query or "").lower().split() if w]
        if not words:
            raise VaultError("query is required: the text to find in the vault, e.g. 'Brunello'.")
        if isinstance(context_length, bool) or not isinstance(context_length, int) or context_length < 0:
            raise VaultError(f"context_length is a number of characters, 0 to {MAX_CONTEXT} (default 100).")
        if context_length > MAX_CONTEXT:
            raise VaultError(f"context_length is at most {MAX_CONTEXT} characters.")
        phrase = " ".join(words)
        hits = []
        with self.lock:
            for path, content in self.notes.items():
                low = content.lower()
                name = path.lower()
                if not all(w in low or w in name for w in words):
                    continue
                needles = [phrase] if phrase in low else words
                matches = []
                for needle in needles:
                    for found in re.finditer(re.escape(needle), low):
                        start, end = found.start(), found.end()
                        context = content[max(0, start - context_length) : end + context_length]
                        matches.append(Match(context=context, match_position=MatchPosition(start=start, end=end)))
                matches.sort(key=lambda m: m.match_position.start)
                score = float(len(matches)) + (2.0 if phrase in low else 0.0) + (1.0 if phrase in name else 0.0)
                hits.append(SearchHit(filename=path, score=score, matches=matches))
        hits.sort(key=lambda h: (-h.score, h.filename.lower()))
        return SearchResults(query=query, results=hits)

    # --- writing ---------------------------------------------------------------------------------------------

    def append(self, filepath: str, content: str) -> Written:
        """Append to a note, creating it (and its folders) when it does not exist.

        Raises:
            VaultError: for a path without '.md' (with the note to send), a folder, or empty content.
        """
        wanted = _clean(filepath)
        if not wanted:
            raise VaultError("filepath is required: the note's path relative to the vault root, e.g. 'Inbox.md'.")
        if not content:
            raise VaultError("content is required: the Markdown to append.")
        with self.lock:
            existing = [p for p in self.notes if p.lower() == wanted.lower()]
            if existing:
                path = existing[0]
            elif wanted.lower() in {f.lower() for f in self._folders()}:
                raise VaultError(
                    f"Error 40500: '{wanted}' is a folder; append to a note in it, e.g. '{wanted}/Note.md'."
                )
            elif not posixpath.splitext(wanted)[1]:
                match = next((p for p in self.notes if p.lower() == f"{wanted.lower()}.md"), f"{wanted}.md")
                raise VaultError(f"filepath needs the note's extension: send '{match}'.")
            else:
                path = wanted
            before = self.notes.get(path, "")
            joiner = "" if not before or before.endswith("\n") else "\n"
            self.notes[path] = before + joiner + content + ("" if content.endswith("\n") else "\n")
        return Written(filepath=path, text=f"Successfully appended content to {filepath}")

    @staticmethod
    def _split_frontmatter(text: str) -> tuple[list[str], list[str]]:
        lines = text.split("\n")
        if lines and lines[0].strip() == "---":
            for i in range(1, len(lines)):
                if lines[i].strip() == "---":
                    return lines[: i + 1], lines[i + 1 :]
        return [], lines

    @staticmethod
    def _headings(body: list[str]) -> list[tuple[int, int, str]]:
        """(line index, level, full path joined with '::') of every heading outside code blocks."""
        out: list[tuple[int, int, str]] = []
        stack: list[tuple[int, str]] = []
        fenced = False
        for i, line in enumerate(body):
            if line.strip().startswith("```"):
                fenced = not fenced
                continue
            match = None if fenced else _HEADING.match(line)
            if not match:
                continue
            level, title = len(match.group(1)), match.group(2).strip()
            while stack and stack[-1][0] >= level:
                stack.pop()
            stack.append((level, title))
            out.append((i, level, "::".join(t for _, t in stack)))
        return out

    @staticmethod
    def _block(content: str) -> list[str]:
        return content.rstrip("\n").split("\n")

    def patch(self, filepath: str, operation: str, target_type: str, target: str, content: str) -> Written:
        """Insert ``content`` relative to a heading, a block reference or a frontmatter field of an existing note.

        Raises:
            VaultError: for an unknown note or target (with the targets there are) or a bad enum value.
        """
        if operation not in ("append", "prepend", "replace"):
            raise VaultError(f"operation must be 'append', 'prepend' or 'replace', not '{operation}'.")
        if target_type not in ("heading", "block", "frontmatter"):
            raise VaultError(f"target_type must be 'heading', 'block' or 'frontmatter', not '{target_type}'.")
        wanted = (target or "").strip()
        if not wanted:
            raise VaultError("target is required: a heading path, a block reference id or a frontmatter field.")
        with self.lock:
            path = self.note_path(filepath)
            front, body = self._split_frontmatter(self.notes[path])
            if target_type == "heading":
                body = self._patch_heading(path, body, operation, wanted, content)
            elif target_type == "block":
                body = self._patch_block(path, body, operation, wanted, content)
            else:
                front = self._patch_frontmatter(path, front, operation, wanted, content)
            self.notes[path] = "\n".join(front + body)
        return Written(filepath=path, text=f"Successfully patched content in {filepath}")

    def _patch_heading(self, path: str, body: list[str], operation: str, target: str, content: str) -> list[str]:
        headings = self._headings(body)
        key = "::".join(part.strip().lstrip("#").strip() for part in target.split("::")).lower()
        found = [h for h in headings if h[2].lower() == key]
        if not found and "::" not in key:
            found = [h for h in headings if h[2].lower().split("::")[-1] == key]
            if len(found) > 1:
                options = ", ".join(f"'{h[2]}'" for h in found)
                raise VaultError(
                    f"invalid-target: '{target}' matches several headings in {path}: send one of {options}."
                )
        if not found:
            options = ", ".join(f"'{h[2]}'" for h in headings) or "none"
            raise VaultError(f"invalid-target: no heading '{target}' in {path}. Headings: {options}.")
        line, level, _ = found[0]
        end = next((i for i, lv, _ in headings if i > line and lv <= level), len(body))
        while end > line + 1 and not body[end - 1].strip():
            end -= 1
        new = self._block(content)
        if operation == "prepend":
            return body[: line + 1] + new + body[line + 1 :]
        if operation == "append":
            return body[:end] + new + body[end:]
        return body[: line + 1] + new + body[end:]

    def _patch_block(self, path: str, body: list[str], operation: str, target: str, content: str) -> list[str]:
        ref = target.lstrip("^").strip()
        index = next((i for i, line in enumerate(body) if line.rstrip().endswith(f"^{ref}")), None)
        if index is None:
            refs = [m.group(1) for line in body if (m := re.search(r"\^([\w-]+)\s*$", line))]
            listed = ", ".join(refs) or "none"
            raise VaultError(f"invalid-target: no block '^{ref}' in {path}. Block references: {listed}.")
        new = self._block(content)
        if operation == "prepend":
            return body[:index] + new + body[index:]
        if operation == "append":
            return body[: index + 1] + new + body[index + 1 :]
        return [*body[:index], new[0].rstrip() + f" ^{ref}", *new[1:], *body[index + 1 :]]

    def _patch_frontmatter(self, path: str, front: list[str], operation: str, field: str, content: str) -> list[str]:
        fields = {}
        for i, line in enumerate(front[1:-1], 1):
            match = re.match(r"^([\w-]+):\s*(.*)$", line)
            if match:
                fields[match.group(1).lower()] = (i, match.group(1), match.group(2))
        if field.lower() not in fields:
            listed = ", ".join(name for _, name, _ in fields.values()) or "none (the note has no frontmatter)"
            raise VaultError(f"invalid-target: no frontmatter field '{field}' in {path}. Fields: {listed}.")
        i, name, value = fields[field.lower()]
        new_value = content.strip()
        if operation != "replace":
            if not (value.startswith("[") and value.endswith("]")):
                raise VaultError(f"invalid-target: '{name}' is not a list; use operation 'replace' to set it.")
            items = [v.strip() for v in value[1:-1].split(",") if v.strip()]
            items = [*items, new_value] if operation == "append" else [new_value, *items]
            new_value = "[" + ", ".join(items) + "]"
        out = list(front)
        out[i] = f"{name}: {new_value}"
        return out

    def delete(self, filepath: str, confirm: bool = False) -> Written:
        """Delete a note or a folder with everything in it.

        Raises:
            VaultError: without confirm, or for a path that does not exist.
        """
        if confirm is not True:
            raise VaultError("confirm must be set to true to delete a file")
        wanted = _clean(filepath)
        if not wanted:
            raise VaultError("filepath is required: the note or folder to delete, relative to the vault root.")
        with self.lock:
            folders = {f.lower(): f for f in self._folders()}
            if wanted.lower() in folders:
                prefix = folders[wanted.lower()] + "/"
                for path in [p for p in self.notes if p.startswith(prefix)]:
                    del self.notes[path]
                return Written(filepath=folders[wanted.lower()], text=f"Successfully deleted {filepath}")
            path = self.note_path(wanted)
            del self.notes[path]
        return Written(filepath=path, text=f"Successfully deleted {filepath}")


vault = Vault()
server = MCPServer("eval-obsidian", instructions="Obsidian vault of research notes (Local REST API). Test-only.")
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)
_PATH = "Path to the file (relative to vault root)"


def _run(fn: Any, *args: Any) -> Any:
    try:
        return fn(*args)
    except ValueError as exc:
        raise ToolError(str(exc)) from None


@server.tool(
    description="Lists all files and directories in the root directory of your Obsidian vault.", annotations=READ
)
def obsidian_list_files_in_vault() -> Listing:
    return vault.list_vault()


@server.tool(
    description="Lists all files and directories that exist in a specific Obsidian directory.", annotations=READ
)
def obsidian_list_files_in_dir(
    dirpath: Annotated[
        str,
        Field(
            description="Path to list files from (relative to your vault root). Note that empty directories will not "
            "be returned."
        ),
    ],
) -> Listing:
    return _run(vault.list_dir, dirpath)


@server.tool(description="Return the content of a single file in your vault.", annotations=READ)
def obsidian_get_file_contents(
    filepath: Annotated[
        str,
        Field(
            description="Path to the relevant file (relative to your vault root).", json_schema_extra={"format": "path"}
        ),
    ],
) -> FileContents:
    return _run(vault.read, filepath)


@server.tool(
    description="Simple search for documents matching a specified text query across all files in the vault. \n"
    "            Use this tool when you want to do a simple text search",
    annotations=READ,
)
def obsidian_simple_search(
    query: Annotated[str, Field(description="Text to a simple search for in the vault.")],
    context_length: Annotated[
        int, Field(description="How much context to return around the matching string (default: 100)")
    ] = 100,
) -> SearchResults:
    return _run(vault.search, query, context_length)


@server.tool(
    description="Append content to a new or existing file in the vault.",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False, idempotentHint=False, openWorldHint=False),
)
def obsidian_append_content(
    filepath: Annotated[str, Field(description=_PATH, json_schema_extra={"format": "path"})],
    content: Annotated[str, Field(description="Content to append to the file")],
) -> Written:
    return _run(vault.append, filepath, content)


@server.tool(
    description="Insert content into an existing note relative to a heading, block reference, or frontmatter field. "
    "For target_type='heading', target must be the fully qualified heading path joined with '::' (e.g. "
    "'Outer::Inner'). Bare heading names (without '::') will be auto-qualified if they match exactly one heading in "
    "the file.",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=False, openWorldHint=False),
)
def obsidian_patch_content(
    filepath: Annotated[str, Field(description=_PATH, json_schema_extra={"format": "path"})],
    operation: Annotated[
        Literal["append", "prepend", "replace"], Field(description="Operation to perform (append, prepend, or replace)")
    ],
    target_type: Annotated[Literal["heading", "block", "frontmatter"], Field(description="Type of target to patch")],
    target: Annotated[
        str,
        Field(
            description="Target identifier. For target_type='heading': fully qualified path with '::' delimiter, e.g. "
            "'Section::Subsection'. Bare names (no '::') are auto-qualified if unambiguous. For 'block': the block "
            "reference id. For 'frontmatter': the YAML field name."
        ),
    ],
    content: Annotated[str, Field(description="Content to insert")],
) -> Written:
    return _run(vault.patch, filepath, operation, target_type, target, content)


@server.tool(
    description="Delete a file or directory from the vault.",
    annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=True, idempotentHint=True, openWorldHint=False),
)
def obsidian_delete_file(
    filepath: Annotated[
        str,
        Field(
            description="Path to the file or directory to delete (relative to vault root)",
            json_schema_extra={"format": "path"},
        ),
    ],
    confirm: Annotated[
        bool, Field(description="Confirmation to delete the file (must be true)", json_schema_extra={"default": False})
    ],
) -> Written:
    return _run(vault.delete, filepath, confirm)


if __name__ == "__main__":
    main(server)
