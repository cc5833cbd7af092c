"""D69/D70 in both stores: a live table's secret and recorded ids survive a save and load, and a
finished game's stored scenario comes back as a verify file ``engine.verify`` accepts (the
interaction ids are 64-bit snowflakes; JSON in SQLite text and PostgreSQL ``JSON`` keep them)."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.play.table import Seat, Table
from bot.storage import FinishedGame, SeatResult, Store, TableRecord
from engine.fairness import commitment
from engine.scenario import replay
from engine.verify import verify

PG_ENV = "JANPO_TEST_POSTGRES_URL"
SECRET = bytes(range(100, 132))
HOST, GUEST = 500_000_000_000_000_001, 500_000_000_000_000_003
IDS = (1_183_729_102_938_471_424, 1_183_729_110_035_243_008, 1_183_729_120_931_012_608)


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    if request.param == "sqlite":
        opened = await Store.open(str(tmp_path / "janpo.sqlite3"))
        yield opened
        await opened.close()
        return
    url = os.environ.get(PG_ENV, "").strip()
    if not url:
        pytest.skip(f"PostgreSQL store tests skipped: set {PG_ENV} to run them")
    import asyncpg

    schema = f"test_{uuid.uuid4().hex[:16]}"
    conn = await asyncpg.connect(url)
    await conn.execute(f"CREATE SCHEMA {schema}")
    try:
        opened = await Store.open(url + ("&" if "?" in url else "?") + f"search_path={schema}")
        yield opened
        await opened.close()
    finally:
        await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
        await conn.close()


def fair_table() -> Table:
    """A two-seat hold'em lobby committed, joined and started as the lobby does it."""
    table = Table("t1", 1, 100, "holdem", HOST, options={"hands": 1, "stacks": 2000},
                  seats=[Seat(HOST, "Alice"), Seat(GUEST, "Bob")])
    table.fair_open(SECRET, IDS[0])
    table.fair_join(GUEST, IDS[1])
    table.seed = table.fair_seed(IDS[2])
    table.status = "playing"
    return table


async def test_live_table_keeps_its_secret_and_ids(store: Store) -> None:
    table = fair_table()
    await store.save_table(TableRecord(table.table_id, table.guild_id, table.channel_id, table.game_name,
                                       table.scenario(), table.meta()))
    (record,) = await store.load_unfinished()
    back = Table.from_record(record.table_id, 1, record.channel_id, record.game, record.scenario, record.meta)
    assert back.fairness == table.fairness
    assert back.fairness is not None and back.fairness["entropy"] == list(IDS)
    assert back.fairness["commitment"] == commitment(SECRET) and bytes.fromhex(back.fairness["secret"]) == SECRET
    assert "secret" not in str(record.scenario)  # the secret is bot state, not part of the live scenario


async def test_finished_game_is_its_own_verify_file(store: Store) -> None:
    table = fair_table()
    game = replay(table.scenario())
    table.moves.append([game.waiting_on()[0], "fold"])
    points = replay(table.scenario()).summary()["points"]
    now = datetime(2026, 12, 1, 10, 0, tzinfo=UTC)
    game_id = await store.finish_game("t1", FinishedGame(
        guild_id=1, channel_id=100, game="holdem", options=table.options, started_at=now, finished_at=now,
        seed=table.seed or 0, scenario=table.verify_file(points),
        seats=[SeatResult(p, s.user_id, s.name, int(points[p])) for p, s in zip(table.players, table.seats,
                                                                                 strict=True)]))
    stored = await store.get_game(game_id, 1)
    assert stored is not None and stored.scenario["fairness"]["entropy"] == list(IDS)
    assert verify(stored.scenario) == f"verified: seed {table.seed} follows from the revealed secret; " \
                                      "1 move replays to the end of the game"
