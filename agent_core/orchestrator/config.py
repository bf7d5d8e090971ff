"""Read ``config/mcp-servers.json`` (Claude-Desktop ``{"mcpServers": {...}}`` form).

Extra keys per server: ``timeout`` (seconds per tool call, default ``TOOL_TIMEOUT``), ``autoStart`` (default true),
``transport`` (``stdio`` default, or ``http`` with ``url``), ``cwd``, and ``readOnly`` (offer the model only the
tools the server marks readOnlyHint), ``untrustedContent`` (its results are text from outside the person, such
as files: after one, every write in the run waits for approval). Strings may use ``${VAR}`` and ``${VAR:-default}``, expanded from the
environment and the settings. An argument that is exactly one variable holding a path list (``a:b`` on POSIX)
becomes one argument per path, so ``"${FILESYSTEM_ROOTS}"`` passes every root. A command of ``python``/``python3``
runs with the interpreter the app runs on, so the project's servers always see the project's packages.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from agent_core.errors import ConfigError
from agent_core.schemas import RiskLevel
from agent_core.settings import PROJECT_ROOT, Settings

_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")


@dataclass(frozen=True)
class ServerSpec:
    """How to reach one MCP server."""

    name: str
    command: str | None = None
    args: tuple[str, ...] = ()
    env: Mapping[str, str] = field(default_factory=dict)
    url: str | None = None
    transport: Literal["stdio", "http"] = "stdio"
    timeout: float = 30.0
    auto_start: bool = True
    cwd: str | None = None
    read_only: bool = False
    untrusted: bool = False  # its results are outside text (files): later writes in the run ask first
    risk: Mapping[str, RiskLevel] = field(default_factory=dict)


def expand(value: str, variables: Mapping[str, str]) -> str:
    """Expand ``${VAR}`` and ``${VAR:-default}``; an unset variable without a default becomes ''."""
    return _VAR.sub(lambda m: variables.get(m.group(1)) or (m.group(2) or ""), value)


def expand_arg(value: str, variables: Mapping[str, str]) -> list[str]:
    """One argument, or one per path when the argument is exactly a variable holding a path list."""
    expanded = expand(value, variables)
    if _VAR.fullmatch(value) and os.pathsep in expanded:
        return [part for part in expanded.split(os.pathsep) if part]
    return [expanded]


def settings_variables(settings: Settings) -> dict[str, str]:
    """The settings as environment-style variables, so config files see values that came from ``.env``."""
    variables: dict[str, str] = {}
    for name, value in settings.model_dump().items():
        if value is None:
            continue
        raw = value.get_secret_value() if hasattr(value, "get_secret_value") else value
        variables[name.upper()] = str(raw)
    variables.update(os.environ)
    variables.setdefault("PROJECT_ROOT", str(PROJECT_ROOT))
    return variables


def _spec(name: str, raw: Any, settings: Settings, variables: Mapping[str, str]) -> ServerSpec:
    if not isinstance(raw, dict):
        raise ConfigError(f"MCP server '{name}' in {settings.mcp_config} must be an object.")
    transport = raw.get("transport") or ("http" if raw.get("url") else "stdio")
    if transport in {"streamable-http", "streamable_http"}:
        transport = "http"
    if transport not in {"stdio", "http"}:
        raise ConfigError(f"MCP server '{name}': transport must be 'stdio' or 'http', not '{transport}'.")
    command = raw.get("command")
    if transport == "stdio" and not command:
        raise ConfigError(f"MCP server '{name}' needs a 'command' (or a 'url' for transport http).")
    if transport == "http" and not raw.get("url"):
        raise ConfigError(f"MCP server '{name}' uses transport http and needs a 'url'.")
    command = expand(command, variables) if command else None
    if command in {"python", "python3"}:
        command = sys.executable
    try:
        timeout = float(raw.get("timeout", settings.tool_timeout))
    except (TypeError, ValueError):
        raise ConfigError(f"MCP server '{name}': timeout must be a number of seconds.") from None
    if timeout <= 0:
        raise ConfigError(f"MCP server '{name}': timeout must be positive.")
    return ServerSpec(
        name=name,
        command=command,
        args=tuple(part for a in raw.get("args", []) for part in expand_arg(str(a), variables)),
        env={k: expand(str(v), variables) for k, v in (raw.get("env") or {}).items()},
        url=expand(raw["url"], variables) if raw.get("url") else None,
        transport=transport,
        timeout=timeout,
        auto_start=bool(raw.get("autoStart", True)),
        cwd=expand(raw["cwd"], variables) if raw.get("cwd") else str(PROJECT_ROOT),
        read_only=bool(raw.get("readOnly", False)),
        untrusted=bool(raw.get("untrustedContent", False)),
        risk=_risk_overrides(name, raw.get("risk") or {}),
    )


def _risk_overrides(name: str, raw: Any) -> dict[str, RiskLevel]:
    if not isinstance(raw, dict):
        raise ConfigError(f"MCP server '{name}': 'risk' must map tool names to a risk level.")
    try:
        return {tool: RiskLevel(str(level).lower()) for tool, level in raw.items()}
    except ValueError:
        valid = ", ".join(r.value for r in RiskLevel)
        raise ConfigError(f"MCP server '{name}': unknown risk level in 'risk' (use {valid}).") from None


def load_server_specs(
    settings: Settings, path: Path | None = None, extra: Mapping[str, str] | None = None
) -> list[ServerSpec]:
    """Load the server list from ``path`` (default: ``settings.mcp_config``).

    ``extra`` adds variables known only at run time, e.g. ``PAIAS_DATABASE_URL`` (the resolved database URL).

    Raises:
        ConfigError: the file is missing, is not valid JSON, or a server entry is incomplete.
    """
    path = Path(path or settings.mcp_config)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"MCP config {path} does not exist. Set MCP_CONFIG to a valid file.") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(f"MCP config {path} is not valid JSON (line {exc.lineno}: {exc.msg}).") from None
    except OSError as exc:
        raise ConfigError(
            f"MCP config {path} cannot be read ({exc.strerror}). Set MCP_CONFIG to a valid file."
        ) from None
    servers = data.get("mcpServers") if isinstance(data, dict) else None
    if not isinstance(servers, dict):
        raise ConfigError(f'MCP config {path} must be an object with an "mcpServers" object.')
    variables = {**settings_variables(settings), **(extra or {})}
    return [_spec(name, raw, settings, variables) for name, raw in servers.items()]
