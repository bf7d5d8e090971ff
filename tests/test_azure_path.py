"""The Azure AI Foundry path, end to end against a local OpenAI-compatible stub (no real API is called).

`paias ask` with MODEL=azure:deepseek-v3 must send the key to the endpoint, run the real time tool the model
asked for, return the model's final answer — and never print or log the key. The command runs in this process
(``main``, as the console script does): what it prints reaches the file descriptors ``capfd`` reads, and
``tests/test_cli.py`` keeps the one test of the console script as a separate process.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic_ai import models

from agent_core.cli import main
from tests.fixtures.openai_stub import OpenAIStub
from tests.helpers import TIME_SERVER

SECRET = "sk-azure-test-7f3a9c2e5b"


@pytest.fixture
def azure_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, write_config, pg_url: str) -> None:
    """MODEL=azure:deepseek-v3 with its key, the time server, the session's database; model requests are allowed,
    towards the local stub only (conftest forbids them)."""
    monkeypatch.setattr(models, "ALLOW_MODEL_REQUESTS", True)
    values = {
        "MODEL": "azure:deepseek-v3",
        "AZURE_AI_FOUNDRY_API_KEY": SECRET,
        "MCP_CONFIG": str(write_config({"time": TIME_SERVER})),
        "PAIAS_HOME": str(tmp_path / "home"),
        "DATABASE_URL": pg_url,
        "NO_PROXY": "127.0.0.1,localhost",
        "no_proxy": "127.0.0.1,localhost",
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)


def run_paias(
    stub: OpenAIStub, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str], endpoint_suffix: str = ""
) -> tuple[int, str, str]:
    """``paias -v ask ... --json`` against ``stub``: the exit code, stdout and stderr (everything written to them)."""
    monkeypatch.setenv("AZURE_AI_FOUNDRY_ENDPOINT", stub.url + endpoint_suffix)
    code = main(["-v", "ask", "What time is it in Tokyo?", "--json"])
    out, err = capfd.readouterr()
    return code, out, err


def test_azure_deployment_runs_the_tool_and_returns_the_models_answer(
    azure_env, monkeypatch, capfd, tmp_path: Path
) -> None:
    with OpenAIStub() as stub:
        code, out, err = run_paias(stub, monkeypatch, capfd)
    assert code == 0, err
    data = json.loads(out)
    assert data["kind"] == "answer"
    call = data["response"]["tool_calls"][0]
    assert call["tool_name"] == "get_current_time" and call["status"] == "success"
    assert call["result"]["timezone"] == "Asia/Tokyo"  # the real server ran, the stub only asked for it
    assert data["response"]["answer"] == f"It is {call['result']['timestamp'][11:16]} in Asia/Tokyo."

    assert len(stub.requests) == 2  # the tool call, the answer (the tool-gap check decides offline, by meaning)
    first = stub.requests[0]
    assert first["path"].startswith("/openai/deployments/deepseek-v3/chat/completions?api-version=")
    assert first["headers"].get("api-key") == SECRET
    assert "get_current_time" in [t["function"]["name"] for t in first["body"]["tools"]]
    assert "PAIAS ResearcherAgent" in json.dumps(first["body"]["messages"][0])

    logs = "".join(p.read_text(errors="replace") for p in (tmp_path / "home").rglob("*.log"))
    for text in (out, err, logs):
        assert SECRET not in text


def test_v1_style_endpoint_uses_bearer_auth_without_api_version(azure_env, monkeypatch, capfd) -> None:
    with OpenAIStub(timezone="Europe/Paris") as stub:
        code, out, err = run_paias(stub, monkeypatch, capfd, endpoint_suffix="/openai/v1")
    assert code == 0, err
    assert json.loads(out)["response"]["tool_calls"][0]["result"]["timezone"] == "Europe/Paris"
    first = stub.requests[0]
    assert first["path"] == "/openai/v1/chat/completions"
    assert first["headers"].get("authorization") == f"Bearer {SECRET}"
    assert SECRET not in out + err
