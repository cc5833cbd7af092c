"""Leagues in the store, on both backends: sign-up, rounds seated once, tables counted once,
corrections kept with who and why, and what another process (another store) sees."""

from __future__ import annotations

import asyncio

from bot.storage import Store
from bot.storage.league_base import League, LeagueTable
from tests.bot.storage.conftest import OpenStore

GUILD = 987_654_321_098_765_432


def league(name: str = "Winter League", guild: int = GUILD) -> League:
    return League(0, guild, 55, name, "riichi", organiser_id=7, rounds=3, seating="no-repeat",
                  options={"length": "east"}, settings={"lang": "ko", "deadline": 90}, seed=2**62 + 5)


def tables(round_no: int, league_id: int) -> list[LeagueTable]:
    return [LeagueTable(league_id, round_no, 1, [1, 2, 3, 4]), LeagueTable(league_id, round_no, 2, [5, 6, 7, None])]


async def test_a_league_round_trips_and_names_are_unique_per_server(store: Store) -> None:
    league_id = await store.create_league(league())
    assert league_id is not None
    got = await store.get_league(league_id)
    assert got is not None and got.name == "Winter League" and got.seed == 2**62 + 5 and got.status == "signup"
    assert got.options == {"length": "east"} and got.settings == {"lang": "ko", "deadline": 90}
    assert got.guild_id == GUILD and got.created_at is not None
    assert await store.create_league(league("winter league")) is None  # the same name, any case
    assert await store.create_league(league("Winter League", guild=GUILD + 1)) is not None
    found = await store.find_league(GUILD, "WINTER LEAGUE")
    assert found is not None and found.league_id == league_id
    assert await store.find_league(GUILD, "Spring") is None
    assert [lg.league_id for lg in await store.open_leagues()][0] == league_id


async def test_sign_up_join_twice_leave_and_closed_after_start(store: Store) -> None:
    league_id = await store.create_league(league())
    assert league_id is not None
    assert [await store.join_league(league_id, u, f"P{u}", "ko" if u == 1 else None) for u in (3, 1, 2)] == ["ok"] * 3
    assert [p.lang for p in await store.league_players(league_id)] == [None, "ko", None]  # their own language
    assert await store.join_league(league_id, 1, "P1") == "twice"
    assert await store.leave_league(league_id, 9) == "absent"
    assert await store.leave_league(league_id, 2) == "ok"
    assert [p.user_id for p in await store.league_players(league_id)] == [3, 1]  # sign-up order
    assert await store.update_league(league_id, status="running", expect="signup")
    assert not await store.update_league(league_id, status="running", expect="signup")  # a second start
    assert await store.join_league(league_id, 4, "P4") == "closed"
    assert await store.leave_league(league_id, 3) == "closed"
    assert await store.update_league(league_id, message_id=123, settings={"lang": "en"})
    got = await store.get_league(league_id)
    assert got is not None and got.status == "running" and got.message_id == 123 and got.settings == {"lang": "en"}
    assert await store.update_league(league_id, status="ended")
    assert await store.open_leagues() == []


async def test_a_round_is_seated_once_and_tables_count_once(store: Store) -> None:
    league_id = await store.create_league(league())
    assert league_id is not None
    assert await store.seat_league_round(league_id, 1, tables(1, league_id))
    assert not await store.seat_league_round(league_id, 1, tables(1, league_id))
    assert await store.seat_league_round(league_id, 2, tables(2, league_id), forced=True)
    rounds = await store.league_rounds(league_id)
    assert [(r.round, r.forced, r.playoff) for r in rounds] == [(1, False, False), (2, True, False)]
    assert [(t.round, t.table_no, t.seats) for t in await store.league_tables(league_id, 1)] == [
        (1, 1, [1, 2, 3, 4]), (1, 2, [5, 6, 7, None])]
    assert len(await store.league_tables(league_id)) == 4
    assert await store.update_league_table(league_id, 1, 1, status="playing", table_id="ab12cd34",
                                           state={"ready": [[1, 99]]}, expect="seated")
    assert not await store.update_league_table(league_id, 1, 1, status="playing", expect="seated")
    results = {"1": {"tenths": 650, "place": 1}, "2": {"tenths": -500, "place": 4}}
    assert await store.record_league_table(league_id, 1, 1, "finished", 41, results)
    assert not await store.record_league_table(league_id, 1, 1, "finished", 41, results)  # once
    assert not await store.record_league_table(league_id, 2, 1, "finished", 41, results)  # that game counts already
    assert await store.record_league_table(league_id, 1, 2, "settled", None, {"5": {"tenths": 0, "place": None}})
    first = (await store.league_tables(league_id, 1))[0]
    assert (first.status, first.table_id, first.game_id, first.state, first.results) == (
        "finished", "ab12cd34", 41, {"ready": [[1, 99]]}, results)


async def test_a_correction_is_kept_with_who_and_why(store: Store) -> None:
    league_id = await store.create_league(league())
    assert league_id is not None
    await store.seat_league_round(league_id, 1, tables(1, league_id))
    before = {"1": {"tenths": 650, "place": 1}}
    await store.record_league_table(league_id, 1, 1, "finished", 77, before)
    after = {"1": {"tenths": 600, "place": 1}}
    assert await store.fix_league_game(league_id, 78, after, 7, "no such game") is None
    fix = await store.fix_league_game(league_id, 77, after, 7, "chombo after the game")
    assert fix is not None and (fix.game_id, fix.by_user, fix.reason, fix.before, fix.after) == (
        77, 7, "chombo after the game", before, after)
    assert (await store.league_tables(league_id, 1))[0].results == after
    assert [f.fix_id for f in await store.league_fixes(league_id)] == [fix.fix_id]


async def test_league_role_per_server(store: Store) -> None:
    assert await store.get_league_role(GUILD) is None
    await store.set_league_role(GUILD, 4242)
    await store.set_league_role(GUILD, 4343)
    assert await store.get_league_role(GUILD) == 4343
    await store.set_league_role(GUILD, None)
    assert await store.get_league_role(GUILD) is None


async def test_two_processes_seating_one_round_at_once(store: Store, open_store: OpenStore) -> None:
    """Two stores (processes) seat round 1 together: one wins, the other writes nothing."""
    other = await open_store()
    league_id = await store.create_league(league())
    assert league_id is not None
    won = await asyncio.gather(*(s.seat_league_round(league_id, 1, tables(1, league_id)) for s in (store, other)))
    assert sorted(won) == [False, True]
    assert len(await other.league_tables(league_id)) == 2
    joined = await asyncio.gather(store.join_league(league_id, 5, "E"), other.join_league(league_id, 5, "E"))
    assert sorted(joined) == ["ok", "twice"]
    await store.close()
    again = await open_store()
    assert [p.user_id for p in await again.league_players(league_id)] == [5]
