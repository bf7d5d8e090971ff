"""The simulated world's files: one readable root, /srv/research, as the official MCP filesystem server shows it.

Results are what ``MCPToolset`` hands the model for that server: ``{"content": text}`` (its structured content),
with "[FILE] x" / "[DIR] y" listings; refusals raise ``WorldError`` with the server's messages. Part of
``eval.world``; used by ``python -m eval.run``.
"""

from __future__ import annotations

import base64
import fnmatch
import json
import posixpath
from datetime import datetime, timedelta
from typing import Any

ROOT = "/srv/research"

FILES: dict[str, str] = {
    "notes/meeting-2026-11-20.md": (
        "# Lab meeting, 20 November 2026\n\nPresent: Dana, Lee, Sam\n\n- Grant renewal due 15 December\n"
        "- Order new pipettes before the stock runs out\n- Microscope booked out until Wednesday\n"
    ),
    "notes/ideas.txt": "Try the new staining protocol on batch 7\nAsk Lee about the HNSW benchmark\n",
    "papers/draft.tex": (
        "\\documentclass{article}\n\\title{Cell growth under low oxygen}\n\\begin{document}\n\\maketitle\n"
        "\\section{Introduction}\nWe study growth rates at 2\\% oxygen.\n\\end{document}\n"
    ),
    "papers/refs.bib": "@article{smith2024,\n  title={Hypoxia and growth},\n  author={Smith, J.},\n  year={2024}\n}\n",
    "data/results.csv": "sample,condition,growth_rate\nA1,control,0.42\nA2,hypoxia,0.31\nA3,hypoxia,0.29\n",
    "README.md": "# Research folder\n\nNotes, papers and data of the hypoxia project.\n",
}


class WorldError(Exception):
    """A tool call the world refuses; the message is the one the real server would send."""


def _int(value: Any, name: str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise WorldError(f"Input validation error: {value!r} is not of type 'number' ({name})") from None


def _js_date(moment: datetime) -> str:
    return f"{moment:%a %b %d %Y %H:%M:%S} GMT+0000 (Coordinated Universal Time)"


class Filesystem:
    """The read-only tools of the official filesystem server over ``FILES``."""

    def __init__(self, clock: datetime) -> None:
        self.clock = clock

    def _resolve(self, path: Any) -> str:
        raw = str(path or "").strip()
        absolute = posixpath.normpath(raw if raw.startswith("/") else posixpath.join(ROOT, raw))
        if absolute != ROOT and not absolute.startswith(ROOT + "/"):
            raise WorldError(f"Access denied - path outside allowed directories: {absolute} not in {ROOT}")
        return absolute

    @staticmethod
    def _relative(absolute: str) -> str:
        return posixpath.relpath(absolute, ROOT)

    def _is_dir(self, absolute: str) -> bool:
        rel = self._relative(absolute)
        return rel == "." or any(name.startswith(rel + "/") for name in FILES)

    def _entries(self, absolute: str, verb: str = "scandir") -> list[tuple[str, bool]]:
        if not self._is_dir(absolute):
            if self._relative(absolute) in FILES:
                raise WorldError(f"ENOTDIR: not a directory, {verb} '{absolute}'")
            raise WorldError(f"ENOENT: no such file or directory, {verb} '{absolute}'")
        rel = self._relative(absolute)
        prefix = "" if rel == "." else rel + "/"
        found: dict[str, bool] = {}
        for name in FILES:
            if name.startswith(prefix):
                head, _, rest = name[len(prefix) :].partition("/")
                found[head] = found.get(head, False) or bool(rest)
        return sorted(found.items())

    def _read(self, path: Any) -> str:
        absolute = self._resolve(path)
        if self._is_dir(absolute):
            raise WorldError("EISDIR: illegal operation on a directory, read")
        if self._relative(absolute) not in FILES:
            raise WorldError(f"ENOENT: no such file or directory, open '{absolute}'")
        return FILES[self._relative(absolute)]

    def read_text_file(self, path: str, head: int | None = None, tail: int | None = None) -> dict[str, Any]:
        if head and tail:
            raise WorldError("Cannot specify both head and tail parameters simultaneously")
        lines = self._read(path).splitlines()
        if head:
            lines = lines[: _int(head, "head")]
        elif tail:
            lines = lines[-_int(tail, "tail") :]
        text = "\n".join(lines) if head or tail else self._read(path)
        return {"content": text}

    def read_file(self, path: str, head: int | None = None, tail: int | None = None) -> dict[str, Any]:
        return self.read_text_file(path, head, tail)

    def read_multiple_files(self, paths: list[str]) -> dict[str, Any]:
        parts = []
        for path in paths or []:
            try:
                parts.append(f"{path}:\n{self._read(path)}\n")
            except WorldError as exc:
                parts.append(f"{path}: Error - {exc}")
        return {"content": "\n---\n".join(parts)}

    def read_media_file(self, path: str) -> dict[str, Any]:
        data = base64.b64encode(self._read(path).encode()).decode()
        return {"content": [{"type": "blob", "data": data, "mimeType": "application/octet-stream"}]}

    def list_directory(self, path: str) -> dict[str, Any]:
        entries = self._entries(self._resolve(path))
        return {"content": "\n".join(f"{'[DIR]' if d else '[FILE]'} {name}" for name, d in entries)}

    def list_directory_with_sizes(self, path: str, sortBy: str = "name") -> dict[str, Any]:
        absolute = self._resolve(path)
        sized = [
            (n, d, 0 if d else len(FILES[self._relative(posixpath.join(absolute, n))].encode()))
            for n, d in self._entries(absolute)
        ]
        if sortBy == "size":
            sized.sort(key=lambda e: -e[2])
        lines = [f"{'[DIR]' if d else '[FILE]'} {n.ljust(30)} {'' if d else f'{s} B'.rjust(10)}" for n, d, s in sized]
        files = [s for _, d, s in sized if not d]
        lines += [
            "",
            f"Total: {len(files)} files, {len(sized) - len(files)} directories",
            f"Combined size: {sum(files)} B",
        ]
        return {"content": "\n".join(lines)}

    def directory_tree(self, path: str, excludePatterns: list[str] | None = None) -> dict[str, Any]:
        def build(absolute: str) -> list[dict[str, Any]]:
            tree = []
            for name, is_dir in self._entries(absolute):
                if any(fnmatch.fnmatch(name, p) for p in excludePatterns or []):
                    continue
                entry: dict[str, Any] = {"name": name, "type": "directory" if is_dir else "file"}
                if is_dir:
                    entry["children"] = build(posixpath.join(absolute, name))
                tree.append(entry)
            return tree

        return {"content": json.dumps(build(self._resolve(path)), indent=2)}

    def search_files(self, path: str, pattern: str, excludePatterns: list[str] | None = None) -> dict[str, Any]:
        base = self._resolve(path)
        self._entries(base)
        rel_base = self._relative(base)
        hits = []
        for name in sorted(FILES):
            rel = name if rel_base == "." else posixpath.relpath(name, rel_base)
            if rel.startswith(".."):
                continue
            base_name = posixpath.basename(name)
            if (
                fnmatch.fnmatch(rel, pattern)
                or fnmatch.fnmatch(base_name, pattern)
                or (not any(c in pattern for c in "*?[") and pattern.lower() in base_name.lower())
            ):
                hits.append(posixpath.join(ROOT, name))
        return {"content": "\n".join(hits) if hits else "No matches found"}

    def get_file_info(self, path: str) -> dict[str, Any]:
        absolute = self._resolve(path)
        is_dir = self._is_dir(absolute)
        if not is_dir and self._relative(absolute) not in FILES:
            raise WorldError(f"ENOENT: no such file or directory, stat '{absolute}'")
        size = 4096 if is_dir else len(FILES[self._relative(absolute)].encode())
        when = _js_date(self.clock - timedelta(days=2))
        info = {
            "size": size,
            "created": when,
            "modified": when,
            "accessed": _js_date(self.clock),
            "isDirectory": str(is_dir).lower(),
            "isFile": str(not is_dir).lower(),
            "permissions": "755" if is_dir else "644",
        }
        return {"content": "\n".join(f"{k}: {v}" for k, v in info.items())}

    def list_allowed_directories(self) -> dict[str, Any]:
        return {"content": f"Allowed directories:\n{ROOT}"}


FS_TOOLS = (
    "read_text_file",
    "read_file",
    "read_multiple_files",
    "read_media_file",
    "list_directory",
    "list_directory_with_sizes",
    "directory_tree",
    "search_files",
    "get_file_info",
    "list_allowed_directories",
)
