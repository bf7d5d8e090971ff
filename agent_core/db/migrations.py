"""Versioned schema migrations, applied at start-up under an advisory lock (safe with several processes).

A migration is applied once; its version is recorded in ``schema_migrations``. Never edit an applied
migration: add a new one. ``{dimension}`` is the embedding dimension chosen when the memory table is created.
"""

from __future__ import annotations

from dataclasses import dataclass

from psycopg import AsyncConnection


@dataclass(frozen=True)
class Migration:
    """One schema change."""

    version: int
    name: str
    sql: str


MIGRATIONS: list[Migration] = [
    Migration(
        1,
        "memories",
        """
        CREATE EXTENSION IF NOT EXISTS vector;
        CREATE TABLE memory_meta (key text PRIMARY KEY, value text NOT NULL);
        CREATE TABLE memories (
            id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
            user_id text NOT NULL,
            content text NOT NULL,
            content_hash text NOT NULL,
            metadata jsonb NOT NULL DEFAULT '{{}}'::jsonb,
            embedding vector({dimension}),
            created_at timestamptz NOT NULL DEFAULT now(),
            UNIQUE (user_id, content_hash)
        );
        CREATE INDEX memories_embedding_hnsw ON memories USING hnsw (embedding vector_cosine_ops);
        CREATE INDEX memories_user_created ON memories (user_id, created_at DESC);
        """,
    ),
    Migration(
        2,
        "tasks",
        """
        CREATE TABLE tasks (
            id bigserial PRIMARY KEY,
            user_id text NOT NULL,
            title text NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
            description text NOT NULL DEFAULT '',
            status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed')),
            created_at timestamptz NOT NULL DEFAULT now(),
            updated_at timestamptz NOT NULL DEFAULT now(),
            completed_at timestamptz NULL
        );
        CREATE INDEX tasks_user_status_id ON tasks (user_id, status, id);
        CREATE TABLE facts (
            id bigserial PRIMARY KEY,
            user_id text NOT NULL,
            fact text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        """,
    ),
    Migration(
        3,
        "approvals",
        # group_key: all calls one paused run waits on; the run resumes once when all are decided (resumed_at is
        # the claim). position keeps the model's call order inside a group. message_history is the paused run's
        # ModelMessagesTypeAdapter JSON, repeated per row so any row alone can resume the run.
        """
        CREATE TABLE approvals (
            id text PRIMARY KEY,
            user_id text NOT NULL,
            conversation_id text NOT NULL,
            group_key text NOT NULL,
            position integer NOT NULL DEFAULT 0,
            tool_call_id text NOT NULL,
            tool_name text NOT NULL,
            parameters jsonb NOT NULL,
            risk_level text NOT NULL CHECK (risk_level IN ('reversible', 'reversible_with_delay', 'irreversible')),
            reason text NOT NULL DEFAULT '',
            status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
            message_history jsonb NOT NULL,
            correlation_id text NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            decided_at timestamptz NULL,
            decided_by text NULL,
            decision_reason text NULL,
            override_args jsonb NULL CHECK (override_args IS NULL OR jsonb_typeof(override_args) = 'object'),
            outcome jsonb NULL,
            resumed_at timestamptz NULL,
            UNIQUE (group_key, tool_call_id),
            CHECK ((status = 'pending') = (decided_at IS NULL)),
            CHECK (resumed_at IS NULL OR status <> 'pending')
        );
        CREATE INDEX approvals_user_status_created ON approvals (user_id, status, created_at DESC);
        CREATE INDEX approvals_conversation_created ON approvals (conversation_id, created_at DESC);
        CREATE TABLE approval_grants (
            id bigserial PRIMARY KEY,
            user_id text NOT NULL,
            conversation_id text NOT NULL,
            tool_name text NOT NULL,
            risk_level text NOT NULL CHECK (risk_level IN ('reversible', 'reversible_with_delay')),
            granted_at timestamptz NOT NULL DEFAULT now(),
            granted_by text NOT NULL,
            revoked_at timestamptz NULL
        );
        CREATE UNIQUE INDEX approval_grants_active ON approval_grants (user_id, conversation_id, tool_name)
            WHERE revoked_at IS NULL;
        """,
    ),
    Migration(
        4,
        "server_controls",
        # What a person asked for with `paias servers start|stop NAME` (or the Tools page): every app process
        # sharing this database applies it within one monitor round, and new processes start that way.
        """
        CREATE TABLE server_controls (
            name text PRIMARY KEY,
            desired text NOT NULL CHECK (desired IN ('started', 'stopped')),
            updated_at timestamptz NOT NULL DEFAULT now(),
            updated_by text NOT NULL
        );
        """,
    ),
    Migration(
        5,
        "conversations",
        # history: the Pydantic AI message history (ModelMessagesTypeAdapter JSON) the next turn continues from.
        # conversation_turns: what the person saw, turn by turn (prompt + the public TurnResult JSON), so any
        # process can show a conversation again after a refresh, a switch or a restart.
        """
        CREATE TABLE conversations (
            id text PRIMARY KEY,
            user_id text NOT NULL,
            title text NOT NULL,
            history jsonb NOT NULL DEFAULT '[]'::jsonb,
            created_at timestamptz NOT NULL DEFAULT now(),
            updated_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX conversations_user_updated ON conversations (user_id, updated_at DESC);
        CREATE TABLE conversation_turns (
            id bigserial PRIMARY KEY,
            conversation_id text NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
            prompt text NOT NULL,
            turn jsonb NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX conversation_turns_conversation ON conversation_turns (conversation_id, id);
        """,
    ),
    Migration(
        6,
        "undo_and_resume_owner",
        # undo_actions: for each reversible write that ran, the call that takes it back (from the tool's own
        # ``undo`` hint); `paias undo` and the chat's Undo run the newest one not yet undone.
        # approvals.resumed_by: which process (host:pid) resumed a run, so a run whose process died shows as
        # "approved — outcome unknown" rather than as running forever; resume_attempts counts explicit retries.
        """
        CREATE TABLE undo_actions (
            id bigserial PRIMARY KEY,
            user_id text NOT NULL,
            conversation_id text,
            tool_name text NOT NULL,
            summary text NOT NULL,
            inverse jsonb NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now(),
            undone_at timestamptz,
            undone_by text
        );
        CREATE INDEX undo_actions_user_open ON undo_actions (user_id, id DESC) WHERE undone_at IS NULL;
        ALTER TABLE approvals ADD COLUMN resumed_by text;
        ALTER TABLE approvals ADD COLUMN resume_attempts integer NOT NULL DEFAULT 0;
        """,
    ),
    Migration(
        7,
        "approval_targets",
        # What a call acts on, named when the run paused ("task 3 'Book the microscope'"), and what the edited
        # arguments acted on when a person changed them: the record shows both after the item itself is gone.
        """
        ALTER TABLE approvals ADD COLUMN target text;
        ALTER TABLE approvals ADD COLUMN ran_target text;
        """,
    ),
    Migration(
        8,
        "people",
        # people: everyone who signed in (the OIDC subject, the verified email), so the CLI's `--as EMAIL` finds
        # whose data to act on and the audit names people by email. approvals.decided_by_id: the verified
        # subject of whoever decided (decided_by keeps the readable name: an email, or cli:<os user> as <email>).
        """
        CREATE TABLE people (
            id text PRIMARY KEY,
            email text NULL,
            first_seen timestamptz NOT NULL DEFAULT now(),
            last_seen timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX people_email ON people (lower(email));
        ALTER TABLE approvals ADD COLUMN decided_by_id text;
        CREATE INDEX approvals_status_created ON approvals (status, created_at DESC);
        """,
    ),
    Migration(
        9,
        "expiring_grants",
        # "Always allow here" lasts APPROVAL_GRANT_HOURS (default 8 h). Grants made before this change get the
        # default lifetime from when they were granted, so a forgotten one does not stay open for ever.
        """
        ALTER TABLE approval_grants ADD COLUMN expires_at timestamptz;
        UPDATE approval_grants SET expires_at = granted_at + interval '8 hours';
        ALTER TABLE approval_grants ALTER COLUMN expires_at SET NOT NULL;
        ALTER TABLE approval_grants ADD CHECK (expires_at > granted_at);
        """,
    ),
    Migration(
        10,
        "undo_of_approved_calls",
        # undo_actions.approval_id: the approval whose call made this change (an approved call that ran in the
        # resumed run), so the audit can say "undone by X at T" next to the decision. NULL for changes that
        # needed no approval, and for those recorded before this change.
        """
        ALTER TABLE undo_actions ADD COLUMN approval_id text NULL;
        CREATE INDEX undo_actions_approval ON undo_actions (approval_id) WHERE approval_id IS NOT NULL;
        """,
    ),
]

_LOCK_KEY = 74_201_977  # any constant: all PAIAS processes serialize their migrations on it


async def apply_migrations(conn: AsyncConnection, params: dict[str, object]) -> list[int]:
    """Apply every migration not yet recorded; returns the versions applied now."""
    applied_now: list[int] = []
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        cursor = await conn.execute("SELECT version FROM schema_migrations")
        done = {row[0] for row in await cursor.fetchall()}
        for migration in MIGRATIONS:
            if migration.version in done:
                continue
            await conn.execute(migration.sql.format(**params).encode())
            await conn.execute(
                "INSERT INTO schema_migrations (version, name) VALUES (%s, %s)", (migration.version, migration.name)
            )
            applied_now.append(migration.version)
    return applied_now
