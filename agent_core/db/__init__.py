"""PostgreSQL: the pool, the migrations, and the embedded server used by default."""

from agent_core.db.database import Database, describe_url
from agent_core.db.embedded import clean_stale_handles, start_embedded, stop_embedded

__all__ = ["Database", "clean_stale_handles", "describe_url", "start_embedded", "stop_embedded"]
