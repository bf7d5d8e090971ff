"""Model selection: offline by default, Azure through Pydantic AI's provider, pass-through strings, and
start-up failures that name the missing variable."""

from __future__ import annotations

import pytest
from pydantic_ai.models.function import FunctionModel
from pydantic_ai.models.openai import OpenAIChatModel

from agent_core.errors import ConfigError
from agent_core.models import build_model, describe_model
from agent_core.providers import is_placeholder
from agent_core.settings import Settings


def settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)


def test_offline_planner_is_the_default() -> None:
    model = build_model(settings())
    assert isinstance(model, FunctionModel)
    assert describe_model(settings()) == "offline planner (no LLM)"


def test_azure_without_endpoint_names_the_variable() -> None:
    with pytest.raises(ConfigError, match="AZURE_AI_FOUNDRY_ENDPOINT"):
        build_model(settings(model="azure:deepseek-v3", azure_ai_foundry_api_key="k-123"))


def test_azure_with_placeholder_key_names_the_variable() -> None:
    with pytest.raises(ConfigError, match=r"AZURE_AI_FOUNDRY_API_KEY.*placeholder"):
        build_model(
            settings(
                model="azure:deepseek-v3",
                azure_ai_foundry_endpoint="https://r.openai.azure.com",
                azure_ai_foundry_api_key="your-api-key-here",
            )
        )


def test_azure_endpoint_must_be_a_url() -> None:
    with pytest.raises(ConfigError, match="https URL"):
        build_model(
            settings(model="azure:deepseek-v3", azure_ai_foundry_endpoint="not a url", azure_ai_foundry_api_key="k-123")
        )


@pytest.mark.parametrize(
    ("endpoint", "base_url_part"),
    [("https://r.openai.azure.com/openai/v1", "/openai/v1"), ("https://r.openai.azure.com", "/openai")],
)
def test_azure_builds_a_chat_model_for_the_deployment(endpoint: str, base_url_part: str) -> None:
    model = build_model(
        settings(model="azure:deepseek-v3", azure_ai_foundry_endpoint=endpoint, azure_ai_foundry_api_key="k-123")
    )
    assert isinstance(model, OpenAIChatModel)
    assert model.model_name == "deepseek-v3"
    assert base_url_part in str(model.client.base_url)


def test_bare_azure_uses_the_deployment_setting() -> None:
    model = build_model(
        settings(
            model="azure",
            azure_deployment_name="my-dep",
            azure_ai_foundry_endpoint="https://r.openai.azure.com/openai/v1",
            azure_ai_foundry_api_key="k-123",
        )
    )
    assert model.model_name == "my-dep"
    assert describe_model(settings(model="azure", azure_deployment_name="my-dep")) == "Azure AI Foundry: my-dep"


def test_openai_without_key_names_the_variable() -> None:
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        build_model(settings(model="openai:gpt-4o"))


def test_openai_model_strings_pass_through(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test-123")
    model = build_model(settings(model="openai:gpt-4o"))
    assert model.model_name == "gpt-4o"
    assert describe_model(settings(model="openai:gpt-4o")) == "openai:gpt-4o"


def test_ollama_needs_its_base_url() -> None:
    with pytest.raises(ConfigError, match="OLLAMA_BASE_URL"):
        build_model(settings(model="ollama:llama3.2"))


def test_unknown_model_string_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="MODEL=nonsense-model"):
        build_model(settings(model="nonsense-model"))


@pytest.mark.parametrize(
    "value",
    [
        None,
        "",
        "  ",
        "your-api-key-here",
        "<key>",
        "changeme",
        "xxxx",
        "https://your-resource.services.ai.azure.com/openai/v1",
    ],
)
def test_placeholders_are_recognised(value: str | None) -> None:
    assert is_placeholder(value)


def test_real_looking_values_are_not_placeholders() -> None:
    assert not is_placeholder("3f9c0d1e2a")
    assert not is_placeholder("https://contoso.openai.azure.com/openai/v1")
