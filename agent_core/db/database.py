"""The project's PostgreSQL: one async connection pool, owned by the runtime, with pgvector on every connection.

``DATABASE_URL`` set → that server. Unset → the embedded server under ``$PAIAS_HOME/pgdata``, held while the
``Database`` is open (the last process to let go stops it). At start-up the migrations run and one 384-dimension
cosine query checks that the vector extension actually works here.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import psycopg
from pgvector.psycopg import register_vector_async
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import AsyncConnectionPool, PoolTimeout

from agent_core.db.embedded import release_embedded, start_embedded
from agent_core.db.migrations import apply_migrations
from agent_core.errors import ConfigError
from agent_core.settings import Settings

log = logging.getLogger(__name__)

CONNECT_TIMEOUT = 10
POOL_TIMEOUT = 10.0  # seconds a request waits for a connection before saying the database is not answering


def describe_url(url: str) -> str:
    """The server's address without credentials, for messages and logs."""
    try:
        info = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "the configured server"
    host = info.get("host") or "localhost"
    where = f"socket {host}" if str(host).startswith("/") else f"{host}:{info.get('port') or 5432}"
    return f"{where}, database {info.get('dbname') or info.get('user') or 'postgres'}"


async def vector_self_check(conn: psycopg.AsyncConnection) -> None:
    """Run one 384-dimension cosine query; a vector build this CPU cannot run fails here, clearly."""
    a = "[" + ",".join(["1"] + ["0"] * 383) + "]"
    b = "[" + ",".join(["0", "1"] + ["0"] * 382) + "]"
    try:
        cursor = await conn.execute("SELECT %s::vector(384) <=> %s::vector(384)", (a, b))
        distance = (await cursor.fetchone())[0]
    except psycopg.Error as exc:
        raise ConfigError(
            f"The pgvector extension cannot run a cosine query on this machine ({type(exc).__name__}: {exc}). "
            "Use a PostgreSQL with a working pgvector build (DATABASE_URL), or the embedded default."
        ) from exc
    if abs(distance - 1.0) > 1e-6:
        raise ConfigError(f"The pgvector self-check returned {distance} instead of 1.0; the vector build is broken.")


DATABASE_ERRORS: tuple[type[BaseException], ...] = (psycopg.Error, PoolTimeout)


def database_down_message(exc: BaseException, settings: Settings) -> str:
    """What a person reads when PostgreSQL stopped answering mid-session, and what to do next."""
    where = (
        "the server in DATABASE_URL"
        if settings.database_url is not None
        else f"the embedded PostgreSQL under {settings.paias_home / 'pgdata'} (restarting the app starts it again)"
    )
    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return (
        f"The database is not answering ({type(exc).__name__}: {reason}). Nothing was half-stored: every change is "
        f"one transaction. Check {where}, then try again."
    )


class Database:
    """Async context manager owning the pool. ``params`` fill migration templates (e.g. the vector dimension)."""

    def __init__(self, settings: Settings, params: dict[str, Any]) -> None:
        self.settings = settings
        self.params = params
        self.url: str | None = None
        self.pool: AsyncConnectionPool | None = None
        self.embedded = settings.database_url is None
        self._held = False  # whether this Database holds the embedded server (see ``embedded.start_embedded``)

    @property
    def pgdata(self) -> Path:
        """Where the embedded server keeps its data."""
        return self.settings.paias_home / "pgdata"

    async def __aenter__(self) -> Database:
        try:
            return await self._open()
        except BaseException:
            await self._release()
            raise

    async def _open(self) -> Database:
        if self.settings.database_url is not None:
            self.url = self.settings.database_url.get_secret_value()
        else:
            try:
                self.url = await asyncio.to_thread(start_embedded, self.pgdata)
                self._held = True
            except Exception as exc:
                raise ConfigError(
                    f"The embedded PostgreSQL could not start ({type(exc).__name__}: {exc}). See "
                    f"{self.settings.paias_home / 'pgdata' / 'log'}, or set DATABASE_URL to a PostgreSQL with pgvector."
                ) from exc
        where = describe_url(self.url)
        try:
            async with await psycopg.AsyncConnection.connect(
                self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT
            ) as conn:
                applied = await apply_migrations(conn, self.params)
                await vector_self_check(conn)
        except psycopg.OperationalError as exc:
            hint = (
                "Check that the server is running and that DATABASE_URL (host, port, user, password, database) is "
                "right, or unset DATABASE_URL to use the embedded database."
                if not self.embedded
                else f"See the server log in {self.settings.paias_home / 'pgdata' / 'log'}."
            )
            raise ConfigError(f"Cannot connect to PostgreSQL ({where}): {str(exc).strip()}. {hint}") from exc
        except psycopg.errors.InsufficientPrivilege as exc:
            raise ConfigError(
                f"PostgreSQL ({where}) refused a schema change: {exc}. Ask its administrator to run "
                "CREATE EXTENSION vector; in this database, or grant this user CREATE."
            ) from exc
        if applied:
            log.info("applied migrations %s on %s", applied, where)
        self.pool = AsyncConnectionPool(
            self.url,
            min_size=1,
            max_size=8,
            open=False,
            configure=register_vector_async,
            kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
            name="paias",
            timeout=POOL_TIMEOUT,
        )
        await self.pool.open(wait=True, timeout=30)
        return self

    async def __aexit__(self, *exc_info: Any) -> None:
        try:
            if self.pool is not None:
                await self.pool.close()
                self.pool = None
        finally:
            await self._release()

    async def _release(self) -> None:
        """Give back the hold on the embedded server now rather than at interpreter exit: an exiting process then
        stops a server nobody uses while its event loop still runs, instead of in an exit hook."""
        if self._held:
            self._held = False
            await asyncio.shield(asyncio.to_thread(release_embedded, self.pgdata))
