"""The LLM providers' models: Azure AI Foundry, OpenAI (chat or Responses), an OpenAI-compatible server, Ollama.

Imported by ``agent_core.models.build_model`` only when ``MODEL`` names an LLM: the OpenAI SDK alone takes ~0.6 s of
CPU to import, which the offline default (every `paias` command, every app start) need not pay.
"""

from __future__ import annotations

import os
from typing import Any

from openai.types import chat
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models import Model, ModelRequestParameters
from pydantic_ai.models.openai import OpenAIChatModel, OpenAIResponsesModel
from pydantic_ai.models.wrapper import WrapperModel
from pydantic_ai.profiles import ModelProfile
from pydantic_ai.providers import Provider
from pydantic_ai.providers.azure import AzureProvider
from pydantic_ai.providers.ollama import OllamaProvider
from pydantic_ai.providers.openai_compatible import OpenAICompatibleProvider
from pydantic_ai.settings import ModelSettings

from agent_core.errors import ConfigError
from agent_core.providers import azure_connection
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


def chat_model(name: str, provider: Provider[Any] | str, settings: Settings, *, local: bool) -> Model:
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


def azure_model(settings: Settings) -> Model:
    deployment = settings.model.partition(":")[2].strip() or settings.azure_deployment_name
    endpoint, api_key, api_version = azure_connection(settings, f"MODEL={settings.model}")
    provider = AzureProvider(azure_endpoint=endpoint, api_key=api_key, api_version=api_version)
    return chat_model(deployment, provider, settings, local=False)


def compatible_model(settings: Settings, name: str, url: str) -> Model:
    if not name:
        raise ConfigError(f"MODEL={settings.model} needs the model id the server serves, e.g. openai-chat:qwen2.5-7b.")
    # Any key: local servers ignore it, and the SDK only needs a non-empty one.
    api_key = os.environ.get("OPENAI_API_KEY", "").strip() or "not-needed"
    provider = OpenAICompatibleProvider("openai-compatible", base_url=url, api_key=api_key)
    return chat_model(name, provider, settings, local=True)


def ollama_model(settings: Settings, name: str, url: str | None) -> Model:
    """Ollama's OpenAI-compatible API at ``url`` (OLLAMA_BASE_URL, else OPENAI_BASE_URL)."""
    if not url:
        raise ConfigError(
            f"MODEL={settings.model} needs OLLAMA_BASE_URL (or OPENAI_BASE_URL), e.g. http://localhost:11434/v1. "
            "Set it in the environment or in .env."
        )
    return chat_model(name, OllamaProvider(base_url=url), settings, local=True)


def responses_model(name: str, settings: Settings) -> Model:
    """OpenAI's Responses API (``MODEL=openai:NAME`` against OpenAI itself)."""
    return OpenAIResponsesModel(
        name,
        provider="openai",
        profile=ModelProfile(default_structured_output_mode=settings.output_mode),
        settings=ModelSettings(request_timeout=settings.model_timeout),
    )
