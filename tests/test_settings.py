"""Settings: defaults need no keys, and the shipped .env.example is a valid, harmless .env."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from agent_core.models import build_model
from agent_core.orchestrator.config import load_server_specs
from agent_core.settings import PROJECT_ROOT, Settings, default_home


def test_defaults_are_offline_with_local_state_under_the_project() -> None:
    settings = Settings(_env_file=None)
    assert settings.model == "offline" and settings.is_offline
    assert settings.paias_home == default_home()
    assert settings.otel_service_name == "paias-agent-layer"
    assert settings.websearch_max_results == 10 and settings.websearch_timeout == 30


def test_env_example_copied_to_env_runs_offline_on_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(PROJECT_ROOT / ".env.example", tmp_path / ".env")
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    assert settings.model == "offline"
    assert settings.paias_home == default_home()  # empty values mean "unset", not "current folder"
    assert settings.mcp_config == PROJECT_ROOT / "config" / "mcp-servers.json"
    assert settings.database_url is None
    build_model(settings)
    assert [s.name for s in load_server_specs(settings)] == ["time", "filesystem", "websearch", "tasks"]


def test_environment_overrides_and_empty_model_means_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WEBSEARCH_MAX_RESULTS", "5")
    monkeypatch.setenv("MODEL", "   ")
    settings = Settings(_env_file=None)
    assert settings.websearch_max_results == 5 and settings.model == "offline"


def test_a_folder_as_mcp_config_is_a_clear_error(tmp_path: Path) -> None:
    from agent_core.errors import ConfigError

    with pytest.raises(ConfigError, match="cannot be read"):
        load_server_specs(Settings(_env_file=None, mcp_config=tmp_path))


@pytest.mark.parametrize(
    ("project", "home", "euid", "expected_prefix"),
    [
        ("/work/paias", "/root", 0, "/work/paias/.paias"),  # root, project outside home: in the project
        ("/root/code/paias", "/root", 0, "/var/lib/paias/paias-"),  # root, project in home: never touch /root
        ("/home/ana/paias", "/home/ana", 1000, "/home/ana/paias/.paias"),  # non-root: nothing is chmod-ed
        ("/srv/paias", "/", 0, "/srv/paias/.paias"),  # root whose home is / (containers)
    ],
)
def test_default_home_never_loosens_a_home_folder_as_root(project, home, euid, expected_prefix) -> None:
    assert str(default_home(Path(project), Path(home), euid)).startswith(expected_prefix)
