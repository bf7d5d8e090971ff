"""The offline planner: the default model when no LLM is configured (routing by meaning over the live tools)."""

from agent_core.offline.planner import (
    HOW_TO_USE_AN_LLM,
    MODEL_NAME,
    OFFLINE_NOTICE,
    OfflinePlanner,
    PlannerConfig,
    build_offline_model,
)

__all__ = [
    "HOW_TO_USE_AN_LLM",
    "MODEL_NAME",
    "OFFLINE_NOTICE",
    "OfflinePlanner",
    "PlannerConfig",
    "build_offline_model",
]
