"""The LLM path: a real model's requests and what guards the record against a weak or fooled one.

- ``chat_models``: the providers' models (Azure AI Foundry, OpenAI, OpenAI-compatible servers, Ollama), imported
  only when ``MODEL`` names an LLM;
- ``grounding``: a gap the model claims counts only if the catalogue and the live tools agree;
- ``bounds``: per-run request limits and the stop on repeated identical calls;
- ``answer_check``: the answer checked against the calls that really ran.
"""
