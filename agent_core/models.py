"""Choose the model from settings: the offline planner, Azure AI Foundry, an OpenAI-compatible server, or any
Pydantic AI model string.

A chosen provider whose credential is missing or still a placeholder fails here, at start, with a message that
names the variable to set. ``model_target`` says who answers, for error messages that name the provider in use.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlparse

from agent_core.errors import ConfigError
from agent_core.offline import PlannerConfig, build_offline_model
from agent_core.providers import PROVIDER_VARIABLES, require_env
from agent_core.settings import Settings

if TYPE_CHECKING:
    from pydantic_ai.models import Model


def compatible_base_url(settings: Settings) -> str | None:
    """``OPENAI_BASE_URL`` when it names a server other than OpenAI's own API, else None.

    Raises:
        ConfigError: it is set but not an http(s) URL.
    """
    url = (settings.openai_base_url or "").strip()
    if not url:
        return None
    parsed = urlparse(url)
    if parsed.scheme not in {"http", "https"} or not parsed.netloc:
        raise ConfigError(
            f"OPENAI_BASE_URL must be the server's OpenAI-compatible base URL, such as http://127.0.0.1:8080/v1, "
            f"not '{url}'."
        )
    return None if parsed.hostname == "api.openai.com" else url.rstrip("/")


def build_model(settings: Settings) -> Model:
    """The model named by ``settings.model``.

    Raises:
        ConfigError: the provider's credential is missing or a placeholder, or the model string is unknown.
    """
    model = settings.model
    if settings.is_offline:
        roots = tuple(Path(p).expanduser() for p in settings.filesystem_roots.split(os.pathsep) if p.strip())
        return build_offline_model(PlannerConfig(settings.memory_min_score, settings.memory_fresh_days, roots))
    from agent_core.llm import chat_models  # only now: the OpenAI SDK is slow to import

    if model == "azure" or model.startswith("azure:"):
        return chat_models.azure_model(settings)
    provider, _, name = model.partition(":")
    if provider == "ollama":
        url = os.environ.get("OLLAMA_BASE_URL", "").strip() or compatible_base_url(settings)
        return chat_models.ollama_model(settings, name.strip(), url)
    # openai: would go to the Responses API, which local servers (llama.cpp, vLLM, LM Studio) do not have.
    if provider in {"openai", "openai-chat"} and (url := compatible_base_url(settings)):
        return chat_models.compatible_model(settings, name.strip(), url)
    variable = PROVIDER_VARIABLES.get(provider)
    if variable:
        require_env(variable, f"MODEL={model}")
    if provider == "openai-chat" and name.strip():
        return chat_models.chat_model(name.strip(), "openai", settings, local=False)
    if provider == "openai" and name.strip():
        return chat_models.responses_model(name.strip(), settings)
    from pydantic_ai.exceptions import UserError
    from pydantic_ai.models import infer_model

    try:
        return infer_model(model)
    except UserError as exc:
        raise ConfigError(f"MODEL={model}: {exc}") from None
    except ImportError as exc:
        raise ConfigError(
            f"MODEL={model} needs an optional package that is not installed ({exc.name or exc}). Install "
            f"pydantic-ai-slim[{provider}] or choose another MODEL."
        ) from None


def describe_model(settings: Settings) -> str:
    """A short, secret-free label for the UI and CLI."""
    if settings.is_offline:
        return "offline planner (no LLM)"
    if settings.model == "azure" or settings.model.startswith("azure:"):
        deployment = settings.model.partition(":")[2] or settings.azure_deployment_name
        return f"Azure AI Foundry: {deployment}"
    target = model_target(settings)
    return f"{settings.model} at {target.endpoint}" if target and target.local and target.endpoint else settings.model


@dataclass(frozen=True)
class ModelTarget:
    """Who answers a model request, for error messages: the provider's name and what a person would check."""

    provider: str  # "Azure AI Foundry", "OpenAI", "the OpenAI-compatible server", "Ollama", ...
    model: str  # the model or deployment id sent
    model_setting: str  # where that id comes from ("MODEL", "MODEL or AZURE_DEPLOYMENT_NAME")
    key_setting: str | None  # the variable holding the credential, if one is needed
    endpoint: str | None = None  # the base URL, when it is not the provider's default
    endpoint_setting: str | None = None
    local: bool = False  # a server on this machine or network (llama.cpp, vLLM, Ollama, ...)


def model_target(settings: Settings) -> ModelTarget | None:
    """The provider in use for ``settings.model`` (None for the offline planner). Never raises."""
    model = settings.model
    if settings.is_offline:
        return None
    if model == "azure" or model.startswith("azure:"):
        deployment = model.partition(":")[2].strip() or settings.azure_deployment_name
        model_setting = "MODEL" if ":" in model else "AZURE_DEPLOYMENT_NAME"
        return ModelTarget(
            "Azure AI Foundry",
            deployment,
            model_setting,
            "AZURE_AI_FOUNDRY_API_KEY",
            settings.azure_ai_foundry_endpoint,
            "AZURE_AI_FOUNDRY_ENDPOINT",
        )
    provider, _, name = model.partition(":")
    try:
        url = compatible_base_url(settings)
    except ConfigError:
        url = settings.openai_base_url
    if provider == "ollama":
        endpoint = os.environ.get("OLLAMA_BASE_URL", "").strip() or url
        variable = "OLLAMA_BASE_URL" if os.environ.get("OLLAMA_BASE_URL", "").strip() else "OPENAI_BASE_URL"
        return ModelTarget("Ollama", name, "MODEL", None, endpoint, variable, local=True)
    if provider in {"openai", "openai-chat"} and url:
        return ModelTarget("the OpenAI-compatible server", name, "MODEL", None, url, "OPENAI_BASE_URL", local=True)
    label = {"openai": "OpenAI", "openai-chat": "OpenAI"}.get(provider, provider or model)
    return ModelTarget(label, name or model, "MODEL", PROVIDER_VARIABLES.get(provider))
