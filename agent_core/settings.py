"""All configuration in one place: environment variables and an optional ``.env`` file.

Every field is listed, with a one-line comment, in ``.env.example``.
"""

from __future__ import annotations

import hashlib
import os
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def default_home(project_root: Path = PROJECT_ROOT, home: Path | None = None, euid: int | None = None) -> Path:
    """Where local state lives unless PAIAS_HOME says otherwise: ``<project>/.paias``.

    Exception: as root with the project inside a home folder (e.g. /root/paias), the embedded PostgreSQL would
    make every parent of its data folder world-traversable — including that home folder. State then goes to
    ``/var/lib/paias/<project>-<hash>`` instead.
    """
    euid = os.geteuid() if euid is None and hasattr(os, "geteuid") else euid
    home = (home or Path.home()).resolve()
    if euid == 0 and home != Path("/") and (project_root == home or home in project_root.parents):
        digest = hashlib.sha1(str(project_root).encode()).hexdigest()[:8]
        return Path("/var/lib/paias") / f"{project_root.name}-{digest}"
    return project_root / ".paias"


# all-MiniLM-L6-v2's vector size: known without loading the model (the schema needs it on a fresh database).
LOCAL_EMBEDDING_DIMENSION = 384


class Settings(BaseSettings):
    """Runtime settings; names match the environment variables (case-insensitive)."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True)

    # Model selection (FR-001, FR-034)
    model: str = Field("offline", description="offline | azure:<deployment> | any Pydantic AI model string")
    azure_ai_foundry_endpoint: str | None = None
    azure_ai_foundry_api_key: SecretStr | None = None
    azure_deployment_name: str = "deepseek-v3"
    azure_api_version: str = "2024-10-21"
    openai_base_url: str | None = Field(
        None, description="an OpenAI-compatible server (llama.cpp, vLLM, LM Studio, a gateway): chat completions here"
    )
    output_mode: Literal["tool", "native", "prompted"] = Field(
        "tool", description="how the LLM returns its structured answer: a tool call, JSON schema mode, or prompted JSON"
    )
    openai_compat: Literal["auto", "standard", "lenient"] = Field(
        "auto", description='lenient: tool_choice "auto" and "" for null content; auto: lenient for local servers'
    )
    max_model_requests: int = Field(8, ge=1, le=50, description="model requests one turn may make")
    model_timeout: float = Field(120.0, gt=0, description="seconds one model request may take before it is cancelled")
    model_max_tokens: int = Field(2048, ge=1, description="longest reply a local server may generate (runaway bound)")
    model_stream: bool = Field(False, description="stream model replies (llama-cpp-python cannot stream tool calls)")

    # State
    database_url: SecretStr | None = None
    paias_home: Path = Field(default_factory=default_home)
    user_id: str = "local"

    # MCP servers
    mcp_config: Path = PROJECT_ROOT / "config" / "mcp-servers.json"
    filesystem_roots: str = str(PROJECT_ROOT / "notes")
    tool_timeout: float = Field(30.0, gt=0, description="default per-tool timeout in seconds")
    websearch_engine: str = "duckduckgo"
    websearch_max_results: int = Field(10, ge=1, le=50)
    websearch_timeout: float = Field(30.0, gt=0)

    # Memory
    embedding_model: str = "local"
    memory_min_score: float = Field(0.40, ge=0.0, le=1.0, description="cosine similarity a memory needs to answer")
    memory_fresh_days: float = Field(30.0, gt=0, description="memories older than this are re-checked on the web")

    # Observability (FR-029)
    otel_exporter_otlp_endpoint: str | None = None
    otel_service_name: str = "paias-agent-layer"
    tracing: bool = Field(True, description="record spans (Trace view, OTLP export); off: no spans at all")
    jaeger_ui_url: str | None = Field(None, description="e.g. http://localhost:16686: the Trace view links there")

    # Input limits
    max_input_chars: int = Field(8000, ge=1)

    # Serving the browser app (agent_core.serving)
    paias_allow_anonymous: bool = Field(
        False, description="serve without sign-in on a non-loopback address (e.g. a container published on 127.0.0.1)"
    )

    # Who decides (agent_core.people.identity)
    approvers: str = Field(
        "", description="emails or group:<name> (OIDC groups claim) who decide irreversible actions, for everyone"
    )
    paias_user: str | None = Field(
        None, description="the CLI acts as this person (email or OIDC subject of someone who signed in); like --as"
    )
    approval_grant_hours: float = Field(8.0, gt=0, description="how long an 'Always allow here' grant lasts, in hours")

    @field_validator("model")
    @classmethod
    def _strip_model(cls, value: str) -> str:
        return value.strip() or "offline"

    @cached_property
    def is_offline(self) -> bool:
        """Whether the offline planner (no LLM) answers."""
        return self.model == "offline"
