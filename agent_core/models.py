"""Choose the model from settings: the offline planner, Azure AI Foundry, an OpenAI-compatible server, or any
Pydantic AI model string.

A chosen provider whose credential is missing or still a placeholder fails here, at start, with a message that
names the variable to set. ``model_target`` says who answers, for error messages that name the provider in use.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from openai.types import chat
from pydantic_ai.exceptions import UserError
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models import Model, ModelRequestParameters, infer_model
from pydantic_ai.models.openai import OpenAIChatModel, OpenAIResponsesModel
from pydantic_ai.models.wrapper import WrapperModel
from pydantic_ai.profiles import ModelProfile
from pydantic_ai.providers import Provider
from pydantic_ai.providers.azure import AzureProvider
from pydantic_ai.providers.ollama import OllamaProvider
from pydantic_ai.providers.openai_compatible import OpenAICompatibleProvider
from pydantic_ai.settings import ModelSettings

from agent_core.errors import ConfigError
from agent_core.offline import PlannerConfig, build_offline_model
from agent_core.providers import PROVIDER_VARIABLES, azure_connection, require_env
from agent_core.settings import Settings


class LenientChatModel(OpenAIChatModel):
    """Chat completions for servers that reject ``content: null`` beside tool calls (llama.cpp's server answers
    "content Input should be a valid string"): such assistant messages carry "" instead, which OpenAI accepts too."""

    class _MapModelResponseContext(OpenAIChatModel._MapModelResponseContext):  # pyright: ignore[reportPrivateUsage]
        def _into_message_param(self) -> chat.ChatCompletionAssistantMessageParam | None:
            message = super()._into_message_param()
            if message is not None and message.get("content") is None:
                message["content"] = ""
            return message


class StreamedRequests(WrapperModel):
    """Sends every request as a stream and returns the whole response, as a plain request would (``MODEL_STREAM``).

    Why: some servers stop generating for a client that went away only while they stream (llama-cpp-python's
    server finishes a non-streamed generation anyway). Off by default, because that same server cannot stream a
    tool call ("Automatic streaming tool choice is not supported"); llama-server, vLLM and Ollama stop on a
    closed connection either way.
    """

    async def request(
        self,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        model_request_parameters: ModelRequestParameters,
    ) -> ModelResponse:
        async with self.wrapped.request_stream(messages, model_settings, model_request_parameters) as stream:
            async for _ in stream:
                pass
            return stream.get()


def _is_lenient(settings: Settings, local: bool) -> bool:
    return settings.openai_compat == "lenient" or (settings.openai_compat == "auto" and local)


def _chat_model(name: str, provider: Provider[Any] | str, settings: Settings, *, local: bool) -> Model:
    """A chat-completions model with the output mode, compatibility and per-request bounds from settings.

    Every request is cancelled after ``MODEL_TIMEOUT`` (the connection is closed). A local server gets no SDK
    retries — its errors are deterministic, and a retry would queue behind the request it repeats — and at most
    ``MODEL_MAX_TOKENS`` per reply, so a small model that never stops is cut off. The cloud keeps the SDK's two
    retries for 429 and 5xx.
    """
    lenient = _is_lenient(settings, local)
    profile: dict[str, Any] = ModelProfile(default_structured_output_mode=settings.output_mode)
    if lenient:  # tool_choice "auto" instead of "required" (llama.cpp's function calling answers "required" with 500)
        profile["supports_forced_tool_choice"] = False
    model_settings = ModelSettings(request_timeout=settings.model_timeout)
    if local:
        model_settings["max_retries"] = 0
        model_settings["max_tokens"] = settings.model_max_tokens
        # Sent as max_tokens: llama-cpp-python ignores max_completion_tokens, OpenAI's newer name for it.
        profile["openai_chat_supports_max_completion_tokens"] = False
    model = (LenientChatModel if lenient else OpenAIChatModel)(
        name, provider=provider, profile=profile, settings=model_settings
    )
    return StreamedRequests(model) if settings.model_stream else model


def _azure_model(settings: Settings) -> Model:
    deployment = settings.model.partition(":")[2].strip() or settings.azure_deployment_name
    endpoint, api_key, api_version = azure_connection(settings, f"MODEL={settings.model}")
    provider = AzureProvider(azure_endpoint=endpoint, api_key=api_key, api_version=api_version)
    return _chat_model(deployment, provider, settings, local=False)


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


def _compatible_model(settings: Settings, name: str, url: str) -> Model:
    if not name:
        raise ConfigError(f"MODEL={settings.model} needs the model id the server serves, e.g. openai-chat:qwen2.5-7b.")
    # Any key: local servers ignore it, and the SDK only needs a non-empty one.
    api_key = os.environ.get("OPENAI_API_KEY", "").strip() or "not-needed"
    provider = OpenAICompatibleProvider("openai-compatible", base_url=url, api_key=api_key)
    return _chat_model(name, provider, settings, local=True)


def _ollama_model(settings: Settings, name: str) -> Model:
    url = os.environ.get("OLLAMA_BASE_URL", "").strip() or compatible_base_url(settings)
    if not url:
        raise ConfigError(
            f"MODEL={settings.model} needs OLLAMA_BASE_URL (or OPENAI_BASE_URL), e.g. http://localhost:11434/v1. "
            "Set it in the environment or in .env."
        )
    return _chat_model(name, OllamaProvider(base_url=url), settings, local=True)


def build_model(settings: Settings) -> Model:
    """The model named by ``settings.model``.

    Raises:
        ConfigError: the provider's credential is missing or a placeholder, or the model string is unknown.
    """
    model = settings.model
    if settings.is_offline:
        roots = tuple(Path(p).expanduser() for p in settings.filesystem_roots.split(os.pathsep) if p.strip())
        return build_offline_model(PlannerConfig(settings.memory_min_score, settings.memory_fresh_days, roots))
    if model == "azure" or model.startswith("azure:"):
        return _azure_model(settings)
    provider, _, name = model.partition(":")
    if provider == "ollama":
        return _ollama_model(settings, name.strip())
    # openai: would go to the Responses API, which local servers (llama.cpp, vLLM, LM Studio) do not have.
    if provider in {"openai", "openai-chat"} and (url := compatible_base_url(settings)):
        return _compatible_model(settings, name.strip(), url)
    variable = PROVIDER_VARIABLES.get(provider)
    if variable:
        require_env(variable, f"MODEL={model}")
    if provider == "openai-chat" and name.strip():
        return _chat_model(name.strip(), "openai", settings, local=False)
    if provider == "openai" and name.strip():
        return OpenAIResponsesModel(
            name.strip(),
            provider="openai",
            profile=ModelProfile(default_structured_output_mode=settings.output_mode),
            settings=ModelSettings(request_timeout=settings.model_timeout),
        )
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
