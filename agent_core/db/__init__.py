"""PostgreSQL: the pool, the migrations, and the embedded server used by default."""

from agent_core.db.database import DATABASE_ERRORS, Database, database_down_message, describe_url
from agent_core.db.embedded import clean_stale_handles, start_embedded, stop_embedded

__all__ = [
    "DATABASE_ERRORS",
    "Database",
    "clean_stale_handles",
    "database_down_message",
    "describe_url",
    "start_embedded",
    "stop_embedded",
]
