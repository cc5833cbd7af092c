"""``python -m bot.storage.copy SQLITE_FILE postgresql://…``: move a server's history to PostgreSQL.

Copies every finished game with its seats, counters and results (keeping its game id), the tables
in play with their moves, the aborted games (keeping their ids), the guild and players' settings,
ranked play (queue, matches, ladder, counted games) and leagues (sign-ups, rounds, tables, counted
games, corrections, organiser roles), then
checks that every rating and all-time total came out the same and says what it copied. Ratings are not copied but recomputed, game by
game in id order (the order SQLite computed them in), by the same ``finish_game`` the bot uses,
so the copy is exactly what PostgreSQL would hold had the games been played on it. The target must
be empty (a fresh database, or one the bot created and never used). The SQLite file is opened as
the bot opens it, so it is brought to the latest schema first. Leases and timers are not copied:
they belong to running processes, and the bot sets a table's timers again when it resumes it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from bot.storage.base import FinishedGame, SeatResult
from bot.storage.league_copy import LEAGUE_TABLES, copy_leagues
from bot.storage.player_stats import unflatten_stats
from bot.storage.postgres import PostgresStore
from bot.storage.ranked_copy import RANKED_TABLES, copy_ranked
from bot.storage.sqlite import SQLiteStore

COPIED = frozenset({"games", "seats", "seat_stats", "kyoku_results", "poker_results", "players", "live_tables",
                    "live_moves", "aborted_games", "guild_settings", "user_settings", *RANKED_TABLES, *LEAGUE_TABLES})
"""Every table of the schema whose rows the copy carries over (``players`` and the game tables through
``finish_game``, ``live_moves`` through ``create_table``)."""
NOT_COPIED = frozenset({"schema_version", "table_leases", "turn_deadlines"})
"""The rest: the target's own migrations, and what belongs to running processes."""

PLAYERS = "SELECT guild_id, mode, user_id, rating, games, rank_sum, firsts, points_sum FROM players"
ABORTED = ("SELECT aborted_id, table_id, guild_id, channel_id, mode, scenario, meta, reason, opened_at, aborted_at"
           " FROM aborted_games ORDER BY aborted_id")


@dataclass
class Copied:
    games: int = 0
    seats: int = 0
    players: int = 0
    guilds: int = 0
    tables: int = 0
    moves: int = 0
    settings: int = 0
    players_settings: int = 0
    aborted: int = 0
    ranked: int = 0
    leagues: int = 0
    league_rows: int = 0

    def __str__(self) -> str:
        return (f"copied {self.games:,} finished games ({self.seats:,} seats), ratings and totals of "
                f"{self.players:,} players in {self.guilds:,} guilds (recomputed: all equal), {self.tables:,} "
                f"tables in play ({self.moves:,} moves) and {self.settings:,} guild settings"
                + (f", {self.players_settings:,} players' settings" if self.players_settings else "")
                + (f", {self.aborted:,} aborted games" if self.aborted else "")
                + (f", {self.ranked:,} rows of ranked play" if self.ranked else "")
                + (f", {self.leagues:,} leagues ({self.league_rows:,} rows with their sign-ups, rounds, tables,"
                   " corrections and organiser roles)" if self.league_rows else ""))


class CopyError(RuntimeError):
    """The copy cannot start (the target is not empty) or did not come out equal."""


async def _finished_game(source: SQLiteStore, game_id: int) -> tuple[str | None, FinishedGame]:
    db = source._db
    rows = list(await db.execute_fetchall(
        "SELECT guild_id, table_id FROM games WHERE game_id = ?", (game_id,)
    ))
    guild_id, table_id = rows[0]
    stored = await source.get_game(game_id, guild_id)
    assert stored is not None
    seats = list(await db.execute_fetchall(
        "SELECT seat, player, user_id, name, points, rank, cpu_level FROM seats WHERE game_id = ? ORDER BY seat",
        (game_id,),
    ))
    stats: dict[int, list[tuple[str, int]]] = {}
    for seat, key, value in await db.execute_fetchall(
        "SELECT seat, key, value FROM seat_stats WHERE game_id = ? ORDER BY seat, key", (game_id,)
    ):
        stats.setdefault(seat, []).append((key, value))
    game = FinishedGame(
        guild_id=stored.guild_id, channel_id=stored.channel_id, game=stored.game, options=stored.options,
        started_at=stored.started_at, finished_at=stored.finished_at, seed=stored.seed, scenario=stored.scenario,
        seats=[SeatResult(player=s[1], user_id=s[2], name=s[3], points=s[4], rank=s[5], cpu_level=s[6],
                          stats=unflatten_stats(stats.get(s[0], []))) for s in seats],
        kyoku_results=stored.kyoku_results, poker_results=stored.poker_results,
    )
    return table_id, game


async def _copy_aborted(source: SQLiteStore, pool: Any, done: Copied) -> None:
    """Aborted games as they are, ids kept; the id sequence goes on after the last."""
    for row in await source._db.execute_fetchall(ABORTED):
        aborted_id, table_id, guild_id, channel_id, mode, scenario, meta, reason, opened_at, aborted_at = row
        await pool.execute(
            """INSERT INTO aborted_games (aborted_id, table_id, guild_id, channel_id, mode, scenario, meta, reason,
                                          opened_at, aborted_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)""",
            aborted_id, table_id, guild_id, channel_id, mode, scenario, meta, reason,
            datetime.fromtimestamp(opened_at, UTC), datetime.fromtimestamp(aborted_at, UTC),
        )
        done.aborted += 1
    await pool.execute(
        "SELECT setval(pg_get_serial_sequence('aborted_games', 'aborted_id'), COALESCE(MAX(aborted_id), 0) + 1, false)"
        " FROM aborted_games"
    )


async def copy(sqlite_path: str, url: str, progress: Any = None) -> Copied:
    """Copy everything from the SQLite file at ``sqlite_path`` into the empty database at ``url``."""
    source = await SQLiteStore.open(sqlite_path)
    target = await PostgresStore.open(url)
    try:
        pool = target._pool
        for table in ("games", "live_tables", "guild_settings", "players", "user_settings", "aborted_games",
                      *RANKED_TABLES, *LEAGUE_TABLES):
            if await pool.fetchval(f"SELECT EXISTS (SELECT 1 FROM {table})"):
                raise CopyError(f"the target database already has rows in {table}; copy into an empty one")
        done = Copied()
        ids = [r[0] for r in await source._db.execute_fetchall("SELECT game_id FROM games ORDER BY game_id")]
        for n, game_id in enumerate(ids, 1):
            table_id, game = await _finished_game(source, game_id)
            await target.finish_game(table_id, game, game_id=game_id)
            done.seats += len(game.seats)
            if progress is not None and n % 1000 == 0:
                progress(f"{n:,} of {len(ids):,} games")
        done.games = len(ids)
        await pool.execute(
            "SELECT setval(pg_get_serial_sequence('games', 'game_id'), COALESCE(MAX(game_id), 0) + 1, false)"
            " FROM games"
        )
        for rec in await source.load_unfinished():
            await target.create_table(rec)
            done.tables += 1
            done.moves += len(rec.scenario.get("moves", []))
        await _copy_aborted(source, pool, done)
        done.ranked = await copy_ranked(source._db, pool)
        done.league_rows = await copy_leagues(source._db, pool)
        done.leagues = len(list(await source._db.execute_fetchall("SELECT league_id FROM leagues")))
        for guild_id, language in await source._db.execute_fetchall("SELECT guild_id, language FROM guild_settings"):
            await target.set_guild_language(guild_id, language)
            done.settings += 1
        for user_id, data in await source._db.execute_fetchall("SELECT user_id, data FROM user_settings"):
            await target.set_user_settings(user_id, json.loads(data))
            done.players_settings += 1
        mine = sorted(tuple(r) for r in await source._db.execute_fetchall(PLAYERS))
        theirs = sorted(tuple(r) for r in await pool.fetch(PLAYERS))
        if mine != theirs:
            raise CopyError("the recomputed ratings differ from the SQLite file's; the copy is incomplete")
        done.players = len({(r[0], r[2]) for r in mine})
        done.guilds = len({r[0] for r in mine})
        return done
    finally:
        await source.close()
        await target.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.storage.copy", description=__doc__.split("\n")[0])
    parser.add_argument("sqlite_file", help="the bot's SQLite database (DATABASE_PATH)")
    parser.add_argument("url", help="the PostgreSQL database (DATABASE_URL), empty")
    args = parser.parse_args(argv)
    if not args.url.startswith(("postgresql://", "postgres://")):
        parser.error("the target must be a postgresql:// URL")
    started = datetime.now(UTC)
    try:
        done = asyncio.run(copy(args.sqlite_file, args.url, progress=lambda text: print(text, flush=True)))
    except CopyError as e:
        print(f"not copied: {e}", file=sys.stderr)
        return 1
    seconds = (datetime.now(UTC) - started).total_seconds()
    print(f"{done} in {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
