"""Reading config/mcp-servers.json: Claude-Desktop form, ${VAR:-default} expansion, clear errors."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from agent_core.errors import ConfigError
from agent_core.orchestrator.config import expand, load_server_specs
from agent_core.settings import PROJECT_ROOT, Settings


def settings(path: Path, **values: object) -> Settings:
    return Settings(_env_file=None, mcp_config=path, **values)


def test_the_shipped_config_starts_the_time_server_with_this_interpreter() -> None:
    specs = {s.name: s for s in load_server_specs(Settings(_env_file=None))}
    spec = specs["time"]
    assert spec.command == sys.executable
    assert spec.args == ("-m", "agent_core.servers.time") and spec.transport == "stdio" and spec.auto_start
    assert specs["filesystem"].read_only and specs["filesystem"].args[-1] == str(PROJECT_ROOT / "notes")


def test_a_path_list_variable_becomes_one_argument_per_path(write_config) -> None:
    path = write_config(
        {"fs": {"command": "node", "args": ["server.js", "${FILESYSTEM_ROOTS}", "x${FILESYSTEM_ROOTS}"]}}
    )
    [spec] = load_server_specs(settings(path, filesystem_roots=f"/a{os.pathsep}/b c{os.pathsep}"))
    assert spec.args == ("server.js", "/a", "/b c", f"x/a{os.pathsep}/b c{os.pathsep}")


def test_variables_expand_from_environment_and_settings(write_config, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEARCH_BIN", "/opt/search")
    path = write_config(
        {
            "s": {
                "command": "${SEARCH_BIN}",
                "args": ["--engine", "${WEBSEARCH_ENGINE}", "--x", "${UNSET_VAR:-fallback}"],
                "env": {"MAX": "${WEBSEARCH_MAX_RESULTS}"},
                "timeout": 5,
                "autoStart": False,
            },
            "h": {"url": "http://127.0.0.1:${PORT:-8765}/mcp"},
        }
    )
    s, h = load_server_specs(settings(path, websearch_engine="bing", websearch_max_results=7))
    assert s.command == "/opt/search" and s.args == ("--engine", "bing", "--x", "fallback")
    assert s.env == {"MAX": "7"} and s.timeout == 5 and not s.auto_start and s.cwd == str(PROJECT_ROOT)
    assert h.transport == "http" and h.url == "http://127.0.0.1:8765/mcp"


def test_expand_leaves_unknown_variables_empty() -> None:
    assert expand("a${NOPE}b${X:-c}", {}) == "abc"


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{not json", "not valid JSON"),
        ('{"servers": {}}', '"mcpServers" object'),
        ('{"mcpServers": {"a": 3}}', "must be an object"),
        ('{"mcpServers": {"a": {"args": []}}}', "needs a 'command'"),
        ('{"mcpServers": {"a": {"transport": "http"}}}', "needs a 'url'"),
        ('{"mcpServers": {"a": {"command": "x", "transport": "sse"}}}', "'stdio' or 'http'"),
        ('{"mcpServers": {"a": {"command": "x", "timeout": "soon"}}}', "number of seconds"),
        ('{"mcpServers": {"a": {"command": "x", "timeout": 0}}}', "positive"),
    ],
)
def test_invalid_configs_say_what_is_wrong(tmp_path: Path, content: str, fragment: str) -> None:
    path = tmp_path / "c.json"
    path.write_text(content)
    with pytest.raises(ConfigError, match=fragment):
        load_server_specs(settings(path))


def test_a_missing_config_file_names_mcp_config(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="MCP_CONFIG"):
        load_server_specs(settings(tmp_path / "missing.json"))
