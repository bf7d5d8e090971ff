"""The Azure AI Foundry path, end to end against a local OpenAI-compatible stub (no real API is called).

`paias ask` with MODEL=azure:deepseek-v3 must send the key to the endpoint, run the real time tool the model
asked for, return the model's final answer — and never print or log the key.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from agent_core.settings import PROJECT_ROOT
from tests.fixtures.openai_stub import OpenAIStub
from tests.helpers import TIME_SERVER

SECRET = "sk-azure-test-7f3a9c2e5b"


def run_paias(
    stub: OpenAIStub, tmp_path: Path, write_config, pg_url: str, endpoint_suffix: str = ""
) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "MODEL": "azure:deepseek-v3",
        "AZURE_AI_FOUNDRY_ENDPOINT": stub.url + endpoint_suffix,
        "AZURE_AI_FOUNDRY_API_KEY": SECRET,
        "MCP_CONFIG": str(write_config({"time": TIME_SERVER})),
        "PAIAS_HOME": str(tmp_path / "home"),
        "DATABASE_URL": pg_url,
        "NO_PROXY": "127.0.0.1,localhost",
        "no_proxy": "127.0.0.1,localhost",
    }
    return subprocess.run(
        [sys.executable, "-m", "agent_core.cli", "-v", "ask", "What time is it in Tokyo?", "--json"],
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
        cwd=PROJECT_ROOT,
    )


def test_azure_deployment_runs_the_tool_and_returns_the_models_answer(tmp_path: Path, write_config, pg_url) -> None:
    with OpenAIStub() as stub:
        done = run_paias(stub, tmp_path, write_config, pg_url)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
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
    for text in (done.stdout, done.stderr, logs):
        assert SECRET not in text


def test_v1_style_endpoint_uses_bearer_auth_without_api_version(tmp_path: Path, write_config, pg_url) -> None:
    with OpenAIStub(timezone="Europe/Paris") as stub:
        done = run_paias(stub, tmp_path, write_config, pg_url, endpoint_suffix="/openai/v1")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["response"]["tool_calls"][0]["result"]["timezone"] == "Europe/Paris"
    first = stub.requests[0]
    assert first["path"] == "/openai/v1/chat/completions"
    assert first["headers"].get("authorization") == f"Bearer {SECRET}"
    assert SECRET not in done.stdout + done.stderr
