"""The offline planner: the default model when no LLM is configured (routing by meaning over the live tools)."""

from agent_core.offline.planner import (
    HOW_TO_USE_AN_LLM,
    MODEL_NAME,
    OFFLINE_NOTICE,
    OfflinePlanner,
    PlannerConfig,
    build_offline_model,
)
from agent_core.offline.replies import introduction, starters
from agent_core.offline.streaming import StreamingFunctionModel

__all__ = [
    "HOW_TO_USE_AN_LLM",
    "MODEL_NAME",
    "OFFLINE_NOTICE",
    "OfflinePlanner",
    "PlannerConfig",
    "StreamingFunctionModel",
    "build_offline_model",
    "introduction",
    "starters",
]
