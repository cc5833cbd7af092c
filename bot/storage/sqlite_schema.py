"""The SQLite schema as an ordered list of migrations, and the code that applies them.

Each step runs in its own ``BEGIN IMMEDIATE`` transaction together with its row in
``schema_version``, so a crash leaves the database at the last finished version and two processes
opening one file at once apply each step exactly once. Never edit a released step: append one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import aiosqlite

from bot.storage.base import StoreError
from bot.storage.live import dumps, split_scenario
from bot.storage.sqlite_rating import rate_stored_game


@dataclass(frozen=True)
class Migration:
    version: int
    why: str
    sql: tuple[str, ...] = ()
    backfill: Callable[[aiosqlite.Connection], Awaitable[None]] | None = None


async def _rate_existing_games(db: aiosqlite.Connection) -> None:
    """Ratings start from the games already stored, in the order they were stored (as live)."""
    rows = await db.execute_fetchall("SELECT game_id FROM games WHERE guild_id IS NOT NULL ORDER BY game_id")
    for (game_id,) in rows:
        await rate_stored_game(db, game_id)


async def _moves_to_rows(db: aiosqlite.Connection) -> None:
    """Tables in play saved as one scenario each become a header plus one row per move."""
    rows = await db.execute_fetchall("SELECT table_id, scenario FROM live_tables")
    for table_id, scenario in rows:
        header, moves = split_scenario(json.loads(scenario))
        await db.executemany(
            "INSERT INTO live_moves (table_id, move_no, move) VALUES (?, ?, ?)",
            [(table_id, n, dumps(m)) for n, m in enumerate(moves)],
        )
        await db.execute(
            "UPDATE live_tables SET scenario = ?, move_count = ? WHERE table_id = ?",
            (dumps(header), len(moves), table_id),
        )


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "tables in play and guild settings",
        (
            """CREATE TABLE live_tables (
                table_id TEXT PRIMARY KEY,
                guild_id INTEGER,
                channel_id INTEGER NOT NULL,
                game TEXT NOT NULL,
                scenario TEXT NOT NULL,
                meta TEXT NOT NULL,
                created_at REAL NOT NULL,
                updated_at REAL NOT NULL
            )""",
            "CREATE TABLE guild_settings (guild_id INTEGER PRIMARY KEY, language TEXT)",
        ),
    ),
    Migration(
        2,
        "finished games with seats, counters, kyoku and poker results",
        (
            """CREATE TABLE games (
                game_id INTEGER PRIMARY KEY,
                guild_id INTEGER,
                channel_id INTEGER NOT NULL,
                table_id TEXT,
                mode TEXT NOT NULL,
                options TEXT NOT NULL,
                started_at INTEGER NOT NULL,
                finished_at INTEGER NOT NULL,
                seed TEXT NOT NULL,
                scenario TEXT NOT NULL
            )""",
            "CREATE INDEX games_by_guild ON games (guild_id, finished_at, game_id)",
            # guild_id, mode and finished_at repeat the game's so rankings read one index only
            """CREATE TABLE seats (
                game_id INTEGER NOT NULL REFERENCES games ON DELETE CASCADE,
                seat INTEGER NOT NULL,
                player TEXT NOT NULL,
                user_id INTEGER,
                name TEXT NOT NULL,
                is_cpu INTEGER NOT NULL CHECK (is_cpu = (user_id IS NULL)),
                cpu_level TEXT,
                points INTEGER NOT NULL,
                rank INTEGER NOT NULL CHECK (rank >= 1),
                guild_id INTEGER,
                mode TEXT NOT NULL,
                finished_at INTEGER NOT NULL,
                PRIMARY KEY (game_id, seat),
                UNIQUE (game_id, user_id)
            )""",
            """CREATE INDEX seats_by_player ON seats (guild_id, user_id, mode, finished_at)
               WHERE user_id IS NOT NULL""",
            """CREATE INDEX seats_by_period ON seats (guild_id, mode, finished_at, user_id, rank, points)
               WHERE user_id IS NOT NULL""",
            """CREATE TABLE seat_stats (
                game_id INTEGER NOT NULL,
                seat INTEGER NOT NULL,
                key TEXT NOT NULL,
                value INTEGER NOT NULL,
                PRIMARY KEY (game_id, seat, key),
                FOREIGN KEY (game_id, seat) REFERENCES seats ON DELETE CASCADE
            ) WITHOUT ROWID""",
            """CREATE TABLE kyoku_results (
                game_id INTEGER NOT NULL REFERENCES games ON DELETE CASCADE,
                idx INTEGER NOT NULL,
                kyoku TEXT,
                honba INTEGER,
                result TEXT NOT NULL,
                winner TEXT,
                from_player TEXT,
                han INTEGER,
                fu INTEGER,
                yaku TEXT NOT NULL,
                deltas TEXT NOT NULL,
                PRIMARY KEY (game_id, idx)
            )""",
            """CREATE TABLE poker_results (
                game_id INTEGER NOT NULL REFERENCES games ON DELETE CASCADE,
                idx INTEGER NOT NULL,
                hand INTEGER,
                board TEXT,
                pots TEXT NOT NULL,
                deltas TEXT NOT NULL,
                PRIMARY KEY (game_id, idx)
            )""",
        ),
    ),
    Migration(
        3,
        "ratings per guild and game mode, with all-time totals for the leaderboard",
        (
            "ALTER TABLE seats ADD COLUMN rating_before REAL",
            "ALTER TABLE seats ADD COLUMN rating_after REAL",
            """CREATE TABLE players (
                guild_id INTEGER NOT NULL,
                mode TEXT NOT NULL,
                user_id INTEGER NOT NULL,
                rating REAL NOT NULL,
                games INTEGER NOT NULL,
                rank_sum INTEGER NOT NULL,
                firsts INTEGER NOT NULL,
                points_sum INTEGER NOT NULL,
                PRIMARY KEY (guild_id, mode, user_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX players_by_rating ON players (guild_id, mode, rating DESC, user_id)",
        ),
        _rate_existing_games,
    ),
    Migration(
        4,
        "keep the fields of kyoku and poker results that have no column of their own",
        (
            "ALTER TABLE kyoku_results ADD COLUMN extra TEXT NOT NULL DEFAULT '{}'",
            "ALTER TABLE poker_results ADD COLUMN extra TEXT NOT NULL DEFAULT '{}'",
        ),
    ),
    Migration(
        5,
        "a table's moves as rows, so a save appends instead of rewriting the whole scenario",
        (
            """CREATE TABLE live_moves (
                table_id TEXT NOT NULL REFERENCES live_tables ON DELETE CASCADE,
                move_no INTEGER NOT NULL CHECK (move_no >= 0),
                move TEXT NOT NULL,
                PRIMARY KEY (table_id, move_no)
            ) WITHOUT ROWID""",
            "ALTER TABLE live_tables ADD COLUMN move_count INTEGER NOT NULL DEFAULT 0",
        ),
        _moves_to_rows,
    ),
    Migration(
        6,
        "leases and turn deadlines, so a table is served by one holder and a timeout fires once",
        (
            """CREATE TABLE table_leases (
                table_id TEXT PRIMARY KEY,
                holder TEXT NOT NULL,
                expires_at REAL NOT NULL
            ) WITHOUT ROWID""",
            """CREATE TABLE turn_deadlines (
                table_id TEXT NOT NULL REFERENCES live_tables ON DELETE CASCADE,
                kind TEXT NOT NULL,
                move_no INTEGER NOT NULL,
                due_at REAL NOT NULL,
                claimed_by TEXT,
                claimed_until REAL,
                PRIMARY KEY (table_id, kind)
            )""",
            "CREATE INDEX turn_deadlines_by_due ON turn_deadlines (due_at)",
        ),
    ),
    Migration(
        7,
        "each player's own settings (/settings me), one JSON object per user",
        (
            """CREATE TABLE user_settings (
                user_id INTEGER PRIMARY KEY,
                data TEXT NOT NULL
            )""",
        ),
    ),
    Migration(
        8,
        "games stopped before their end (/table abort, channel or server gone), kept apart and never rated",
        (
            """CREATE TABLE aborted_games (
                aborted_id INTEGER PRIMARY KEY,
                table_id TEXT NOT NULL,
                guild_id INTEGER,
                channel_id INTEGER NOT NULL,
                mode TEXT NOT NULL,
                scenario TEXT NOT NULL,
                meta TEXT NOT NULL,
                reason TEXT NOT NULL,
                opened_at REAL NOT NULL,
                aborted_at REAL NOT NULL
            )""",
            "CREATE INDEX aborted_by_guild ON aborted_games (guild_id, aborted_at, aborted_id)",
        ),
    ),
    Migration(
        9,
        "ranked play: the queue, its matches, the dan ladder and the games counted on it",
        (
            """CREATE TABLE ranked_settings (
                guild_id INTEGER PRIMARY KEY,
                channel_id INTEGER,
                cpu_fill_minutes INTEGER
            )""",
            """CREATE TABLE queue_entries (
                user_id INTEGER PRIMARY KEY,
                guild_id INTEGER NOT NULL,
                game TEXT NOT NULL,
                length TEXT NOT NULL,
                joined_at REAL NOT NULL,
                name TEXT NOT NULL,
                level INTEGER NOT NULL,
                lang TEXT NOT NULL,
                channel_id INTEGER NOT NULL,
                status TEXT NOT NULL,
                match_id TEXT,
                ready_id INTEGER
            )""",
            "CREATE INDEX queue_by_key ON queue_entries (guild_id, game, length, status, joined_at)",
            "CREATE INDEX queue_by_match ON queue_entries (match_id) WHERE match_id IS NOT NULL",
            """CREATE TABLE ranked_matches (
                match_id TEXT PRIMARY KEY,
                guild_id INTEGER NOT NULL,
                game TEXT NOT NULL,
                length TEXT NOT NULL,
                created_at REAL NOT NULL,
                ready_by REAL NOT NULL,
                secret TEXT NOT NULL,
                state TEXT NOT NULL,
                ranked INTEGER NOT NULL,
                players TEXT NOT NULL,
                table_id TEXT,
                thread_id INTEGER,
                opened_at REAL
            )""",
            "CREATE INDEX matches_by_state ON ranked_matches (state, ready_by)",
            "CREATE INDEX matches_by_table ON ranked_matches (table_id) WHERE table_id IS NOT NULL",
            "CREATE INDEX matches_opened ON ranked_matches (guild_id, game, opened_at)",
            """CREATE TABLE ranked_players (
                guild_id INTEGER NOT NULL,
                mode TEXT NOT NULL,
                user_id INTEGER NOT NULL,
                level INTEGER NOT NULL,
                points INTEGER NOT NULL,
                games INTEGER NOT NULL,
                PRIMARY KEY (guild_id, mode, user_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX ranked_ladder ON ranked_players (guild_id, mode, level DESC, points DESC, user_id)",
            """CREATE TABLE ranked_results (
                game_id INTEGER PRIMARY KEY,
                applied_at REAL NOT NULL
            )""",
            """CREATE TABLE rank_changes (
                game_id INTEGER NOT NULL,
                user_id INTEGER NOT NULL,
                guild_id INTEGER NOT NULL,
                mode TEXT NOT NULL,
                place INTEGER NOT NULL,
                delta INTEGER NOT NULL,
                level_before INTEGER NOT NULL,
                points_before INTEGER NOT NULL,
                level_after INTEGER NOT NULL,
                points_after INTEGER NOT NULL,
                finished_at REAL NOT NULL,
                PRIMARY KEY (game_id, user_id)
            ) WITHOUT ROWID""",
            "CREATE INDEX rank_changes_by_player ON rank_changes (guild_id, user_id, mode, game_id)",
        ),
    ),
    Migration(
        10,
        "leagues: their players, rounds (one row each, so a round is seated once), tables, corrections, organiser role",
        (
            """CREATE TABLE leagues (
                league_id INTEGER PRIMARY KEY,
                guild_id INTEGER NOT NULL,
                channel_id INTEGER NOT NULL,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                game TEXT NOT NULL,
                organiser_id INTEGER NOT NULL,
                rounds INTEGER NOT NULL,
                seating TEXT NOT NULL,
                options TEXT NOT NULL,
                settings TEXT NOT NULL,
                status TEXT NOT NULL,
                seed INTEGER NOT NULL,
                message_id INTEGER,
                created_at REAL NOT NULL,
                UNIQUE (guild_id, name_key)
            )""",
            "CREATE INDEX leagues_open ON leagues (status, league_id)",
            "CREATE INDEX games_by_channel ON games (channel_id, game_id)",  # a league thread's game
            """CREATE TABLE league_players (
                league_id INTEGER NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
                user_id INTEGER NOT NULL,
                name TEXT NOT NULL,
                joined_at REAL NOT NULL,
                PRIMARY KEY (league_id, user_id)
            )""",
            """CREATE TABLE league_rounds (
                league_id INTEGER NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
                round INTEGER NOT NULL,
                forced INTEGER NOT NULL,
                playoff INTEGER NOT NULL,
                seated_at REAL NOT NULL,
                PRIMARY KEY (league_id, round)
            )""",
            """CREATE TABLE league_tables (
                league_id INTEGER NOT NULL,
                round INTEGER NOT NULL,
                table_no INTEGER NOT NULL,
                seats TEXT NOT NULL,
                status TEXT NOT NULL,
                table_id TEXT UNIQUE,
                game_id INTEGER UNIQUE,
                state TEXT NOT NULL,
                results TEXT NOT NULL,
                PRIMARY KEY (league_id, round, table_no),
                FOREIGN KEY (league_id, round) REFERENCES league_rounds (league_id, round) ON DELETE CASCADE
            )""",
            """CREATE TABLE league_fixes (
                fix_id INTEGER PRIMARY KEY,
                league_id INTEGER NOT NULL REFERENCES leagues (league_id) ON DELETE CASCADE,
                game_id INTEGER NOT NULL,
                by_user INTEGER NOT NULL,
                reason TEXT NOT NULL,
                before TEXT NOT NULL,
                after TEXT NOT NULL,
                fixed_at REAL NOT NULL
            )""",
            """CREATE TABLE league_roles (
                guild_id INTEGER PRIMARY KEY,
                role_id INTEGER NOT NULL
            )""",
        ),
    ),
    Migration(
        11,
        "a league sign-up keeps the player's own language, so their private messages at league tables are in it",
        ("ALTER TABLE league_players ADD COLUMN lang TEXT",),
    ),
)

LATEST = MIGRATIONS[-1].version


async def schema_version(db: aiosqlite.Connection) -> int:
    """The version the database is at; 0 for an empty one."""
    rows = await db.execute_fetchall(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    )
    if not rows:
        return 0
    rows = await db.execute_fetchall("SELECT COALESCE(MAX(version), 0) FROM schema_version")
    return int(list(rows)[0][0])


async def migrate(db: aiosqlite.Connection, target: int = LATEST) -> int:
    """Bring the database up to ``target`` (the latest by default); return its version.

    ``db`` must be in autocommit mode (``isolation_level=None``): each step manages its own
    transaction. A database newer than this code is refused rather than misread.
    """
    await db.execute(
        """CREATE TABLE IF NOT EXISTS schema_version (
            version INTEGER PRIMARY KEY,
            applied_at INTEGER NOT NULL,
            why TEXT NOT NULL
        )"""
    )
    version = await schema_version(db)
    if version > LATEST:
        raise StoreError(f"the database is at schema version {version}; this code knows up to {LATEST}")
    for step in MIGRATIONS:
        if step.version > target:
            break
        await db.execute("BEGIN IMMEDIATE")
        try:
            if await schema_version(db) < step.version:  # another process may have done it meanwhile
                for statement in step.sql:
                    await db.execute(statement)
                if step.backfill is not None:
                    await step.backfill(db)
                await db.execute(
                    "INSERT INTO schema_version (version, applied_at, why) VALUES (?, ?, ?)",
                    (step.version, int(time.time()), step.why),
                )
            await db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:  # a failed COMMIT may have ended it already
                await db.execute("ROLLBACK")
            raise
    return await schema_version(db)
