"""Provider credentials and addresses: checked before anything starts, named in the error when unusable.

Shared by the chat models (``agent_core.models``) and the embedders (``agent_core.memory.embedder``); it imports
no model SDK, so either can use it without loading the other.
"""

from __future__ import annotations

import os
import re
from urllib.parse import urlparse

from agent_core.errors import ConfigError
from agent_core.settings import Settings

_PLACEHOLDER = re.compile(r"your[-_ ]|<[^>]*>|changeme|change-me|placeholder|replace[-_ ]?me|^x{3,}$|\.\.\.", re.I)

# Provider prefix -> the variable Pydantic AI reads its credential (or address) from.
PROVIDER_VARIABLES = {
    "openai": "OPENAI_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
    "groq": "GROQ_API_KEY",
    "mistral": "MISTRAL_API_KEY",
    "google-gla": "GOOGLE_API_KEY",
    "deepseek": "DEEPSEEK_API_KEY",
    "ollama": "OLLAMA_BASE_URL",
}


def is_placeholder(value: str | None) -> bool:
    """True for empty values and the example values shipped in .env.example."""
    return not value or not value.strip() or bool(_PLACEHOLDER.search(value))


def _require(variable: str, value: str | None, context: str) -> str:
    if not value or not value.strip():
        raise ConfigError(f"{context} needs {variable}, which is not set. Set it in the environment or in .env.")
    if is_placeholder(value):
        raise ConfigError(
            f"{context} needs {variable}, but it still holds a placeholder value. Set the real value in the "
            "environment or in .env."
        )
    return value.strip()


def require_env(variable: str, context: str) -> str:
    """The value of an environment variable a provider SDK will read; ConfigError naming it if unusable."""
    return _require(variable, os.environ.get(variable), context)


def azure_connection(settings: Settings, context: str) -> tuple[str, str, str | None]:
    """Endpoint, API key and api-version (None for /v1-style endpoints) for Azure AI Foundry.

    Raises:
        ConfigError: a credential is missing or a placeholder, or the endpoint is not a URL.
    """
    endpoint = _require("AZURE_AI_FOUNDRY_ENDPOINT", settings.azure_ai_foundry_endpoint, context)
    secret = settings.azure_ai_foundry_api_key.get_secret_value() if settings.azure_ai_foundry_api_key else None
    api_key = _require("AZURE_AI_FOUNDRY_API_KEY", secret, context)
    parsed = urlparse(endpoint)
    if parsed.scheme not in {"http", "https"} or not parsed.netloc:
        raise ConfigError(
            f"AZURE_AI_FOUNDRY_ENDPOINT must be an https URL such as https://<resource>.openai.azure.com/openai/v1, "
            f"not '{endpoint}'."
        )
    # /v1 and *.models.ai.azure.com endpoints reject api-version; classic endpoints require it.
    v1_style = endpoint.rstrip("/").endswith("/v1") or (parsed.hostname or "").endswith(".models.ai.azure.com")
    return endpoint, api_key, None if v1_style else settings.azure_api_version
