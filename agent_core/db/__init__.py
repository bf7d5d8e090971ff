"""PostgreSQL: the pool, the migrations, and the embedded server used by default."""

from agent_core.db.database import DATABASE_ERRORS, Database, database_down_message, describe_url
from agent_core.db.embedded import clean_stale_handles, start_embedded, stop_embedded
from agent_core.db.rows import fetch, fetch_one

__all__ = [
    "DATABASE_ERRORS",
    "Database",
    "clean_stale_handles",
    "database_down_message",
    "describe_url",
    "fetch",
    "fetch_one",
    "start_embedded",
    "stop_embedded",
]
