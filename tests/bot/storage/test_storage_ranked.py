"""Ranked play's store contract on both backends: the queue, matches and their Ready, the ladder."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

from bot.ranked.ladder import Standing
from bot.storage import Store
from bot.storage.ranked import QueueEntry, RankedSettings
from tests.bot.storage.conftest import OpenStore
from tests.bot.storage.storage_games import make_game

GUILD = 1


def entry(user: int, at: float, level: int = 0, game: str = "riichi", length: str = "south") -> QueueEntry:
    return QueueEntry(user, GUILD, game, length, at, f"user{user}", level, "en", 500 + user)


def fours(waiting: list[QueueEntry], now: float) -> list[list[QueueEntry]]:
    return [waiting[i:i + 4] for i in range(0, len(waiting) - len(waiting) % 4, 4)]


async def test_settings_round_trip(store: Store) -> None:
    assert await store.get_ranked_settings(GUILD) == RankedSettings(GUILD)
    await store.set_ranked_settings(RankedSettings(GUILD, 987_654_321_098_765_432, 5))
    assert await store.get_ranked_settings(GUILD) == RankedSettings(GUILD, 987_654_321_098_765_432, 5)
    await store.set_ranked_settings(RankedSettings(GUILD, None, None))
    assert (await store.get_ranked_settings(GUILD)).channel_id is None


async def test_one_queue_at_a_time_and_leave(store: Store) -> None:
    assert await store.queue_join(entry(1, 10.0)) is None
    again = await store.queue_join(entry(1, 20.0, game="holdem", length=""))
    assert again is not None and again.game == "riichi" and again.joined_at == 10.0
    assert [e.user_id for e in await store.queue_of_guild(GUILD)] == [1]
    assert await store.queue_keys() == [(GUILD, "riichi", "south")]
    left = await store.queue_leave(1)
    assert left is not None and left.user_id == 1
    assert await store.queue_leave(1) is None and await store.queue_entry(1) is None


async def test_match_ready_and_open(store: Store) -> None:
    for u in range(1, 6):
        await store.queue_join(entry(u, float(u)))
    [match] = await store.claim_matches(GUILD, "riichi", "south", 100.0, 30.0, fours)
    assert [p.user_id for p in match.players] == [1, 2, 3, 4] and match.ready_by == 130.0
    assert len(bytes.fromhex(match.secret)) == 32 and match.ranked
    assert await store.claim_matches(GUILD, "riichi", "south", 101.0, 30.0, fours) == []  # 5 alone
    assert (await store.mark_ready(match.match_id, 1, 9001, 101.0))[0] == "ready"
    assert (await store.mark_ready(match.match_id, 1, 9009, 102.0))[0] == "again"
    assert (await store.mark_ready(match.match_id, 5, 9005, 102.0))[0] == "late"  # not in it
    assert (await store.mark_ready(match.match_id, 2, 9002, 103.0))[0] == "ready"
    assert (await store.mark_ready(match.match_id, 3, 9003, 104.0))[0] == "ready"
    answer, opening = await store.mark_ready(match.match_id, 4, 9004, 105.0)
    assert answer == "all" and opening is not None and opening.state == "opening"
    assert [p.ready_id for p in opening.players] == [9001, 9002, 9003, 9004]
    assert (await store.mark_ready(match.match_id, 4, 9004, 106.0))[0] == "late"
    await store.match_table(match.match_id, "tbl1")
    await store.match_opened(match.match_id, 777)
    assert [e.user_id for e in await store.queue_of_guild(GUILD)] == [5]
    assert await store.recent_waits(GUILD, "riichi", 0.0) == [99.0, 98.0, 97.0, 96.0]


async def test_ready_timeout_drops_the_silent_and_keeps_the_others_first(store: Store) -> None:
    for u in range(1, 5):
        await store.queue_join(entry(u, float(u)))
    [match] = await store.claim_matches(GUILD, "riichi", "south", 100.0, 30.0, fours)
    await store.queue_join(entry(9, 110.0))
    for u in (1, 2, 4):
        await store.mark_ready(match.match_id, u, 9000 + u, 110.0)
    assert await store.expire_matches(129.0) == []
    [(expired, dropped)] = await store.expire_matches(131.0)
    assert expired.match_id == match.match_id and dropped == [3]
    assert (await store.mark_ready(match.match_id, 3, 9003, 131.0))[0] == "late"
    queue = await store.queue_of_guild(GUILD)
    assert [(e.user_id, e.status, e.joined_at) for e in queue] == [
        (1, "waiting", 1.0), (2, "waiting", 2.0), (4, "waiting", 4.0), (9, "waiting", 110.0)]


async def test_a_player_who_leaves_during_ready_is_dropped_at_the_timeout(store: Store) -> None:
    for u in range(1, 5):
        await store.queue_join(entry(u, float(u)))
    [match] = await store.claim_matches(GUILD, "riichi", "south", 100.0, 30.0, fours)
    await store.queue_leave(2)
    for u in (1, 3, 4):
        assert (await store.mark_ready(match.match_id, u, 9000 + u, 101.0))[0] == "ready"
    [(_, dropped)] = await store.expire_matches(200.0)
    assert dropped == [] and [e.user_id for e in await store.queue_of_guild(GUILD)] == [1, 3, 4]


async def test_undo_puts_everyone_back_at_their_place(store: Store) -> None:
    for u in range(1, 5):
        await store.queue_join(entry(u, float(u)))
    [match] = await store.claim_matches(GUILD, "riichi", "south", 100.0, 30.0, fours)
    back = await store.match_undo(match.match_id)
    assert [(e.user_id, e.status, e.joined_at) for e in back] == [(u, "waiting", float(u)) for u in range(1, 5)]
    assert (await store.get_match(match.match_id)).state == "undone"  # type: ignore[union-attr]


async def test_stale_openings_are_undone(store: Store) -> None:
    for u in range(1, 5):
        await store.queue_join(entry(u, float(u)))
    [match] = await store.claim_matches(GUILD, "riichi", "south", 100.0, 30.0, fours)
    for u in range(1, 5):
        await store.mark_ready(match.match_id, u, u, 101.0)
    assert await store.expire_matches(200.0, stale_opening=300.0) == []
    [(undone, dropped)] = await store.expire_matches(500.0, stale_opening=300.0)
    assert dropped == [] and len(await store.queue_of_guild(GUILD)) == 4


async def ranked_game(store: Store, users: list[int], points: list[int], table: str = "tbl",
                      ranked: bool = True, length: str = "south") -> int:
    for i, u in enumerate(users):
        await store.queue_join(entry(u, float(i), length=length))
    [match] = await store.claim_matches(GUILD, "riichi", length, 10.0, 30.0, fours, ranked=ranked)
    await store.match_table(match.match_id, table)
    await store.match_opened(match.match_id, 1)
    game = make_game(list(zip(users, points, strict=True)))
    game = replace(game, options={"length": length})
    return await store.finish_game(table, game)


async def test_a_ranked_game_counts_once_by_the_table(store: Store) -> None:  # D74, D77
    game_id = await ranked_game(store, [1, 2, 3, 4], [40000, 30000, 20000, 10000])
    assert await store.unapplied_ranked_games() == [game_id]
    changes = await store.apply_ranked_game(game_id)
    assert [(c.user_id, c.place, c.delta, c.points_after) for c in changes] == [
        (1, 1, 30, 0), (2, 2, 15, 15), (3, 3, 0, 0), (4, 4, 0, 0)]  # 10 kyu, East-South
    assert changes[0].level_after == 1  # 30 >= 20: promoted to 9 kyu at its base
    assert await store.apply_ranked_game(game_id) == changes
    assert await store.rank_changes_of_game(game_id) == changes
    assert await store.unapplied_ranked_games() == []
    rows = await store.ranked_standings(GUILD, "riichi", [1, 2, 3, 4, 5])
    assert {u: (r.level, r.points, r.games) for u, r in rows.items()} == {
        1: (1, 0, 1), 2: (0, 15, 1), 3: (0, 0, 1), 4: (0, 0, 1)}
    assert [r.user_id for r in await store.ranked_leaderboard(GUILD, "riichi")] == [1, 2, 3, 4]
    assert [c.game_id for c in await store.rank_changes(GUILD, 2, "riichi")] == [game_id]


async def test_unranked_and_hand_opened_games_do_not_count(store: Store) -> None:  # D77
    cpu_filled = await ranked_game(store, [1, 2, 3, 4], [40000, 30000, 20000, 10000], "t1", ranked=False)
    by_hand = await store.finish_game("t2", make_game([(1, 4), (2, 3), (3, 2), (4, 1)]))
    assert await store.unapplied_ranked_games() == []
    assert await store.apply_ranked_game(cpu_filled) == [] and await store.apply_ranked_game(by_hand) == []
    assert await store.ranked_standings(GUILD, "riichi", [1, 2]) == {}


async def test_counting_at_once_from_two_stores_counts_once(store: Store, open_store: OpenStore) -> None:
    game_id = await ranked_game(store, [1, 2, 3, 4], [40000, 30000, 20000, 10000])
    other = await open_store()
    a, b = await asyncio.gather(store.apply_ranked_game(game_id), other.apply_ranked_game(game_id))
    assert a == b and len(a) == 4
    assert (await store.ranked_standings(GUILD, "riichi", [2]))[2].points == 15


async def test_seated_players_of_a_guild(store: Store) -> None:
    from bot.storage import TableRecord

    meta = {"status": "playing", "seats": [{"user": 7}, {"user": None}]}
    await store.create_table(TableRecord("t", GUILD, 10, "riichi", {"moves": []}, meta))
    await store.create_table(TableRecord("u", GUILD, 11, "riichi", {"moves": []},
                                         {"status": "lobby", "seats": [{"user": 8}]}))
    assert await store.seated_in_guild(GUILD) == {7}
    assert await store.seated_in_guild(GUILD + 1) == set()


async def test_two_matchers_never_seat_a_player_twice_nor_lose_one(store: Store, open_store: OpenStore) -> None:
    other = await open_store()
    for round_no in range(20):
        base = 10_000 * (round_no + 1)
        for u in range(40):
            await store.queue_join(entry(base + u, float(u), level=u % 20))
        seated: list[int] = []
        while True:
            got = await asyncio.gather(store.claim_matches(GUILD, "riichi", "south", 50.0, 30.0, fours),
                                       other.claim_matches(GUILD, "riichi", "south", 50.0, 30.0, fours))
            found = [p.user_id for matches in got for m in matches for p in m.players]
            seated += found
            if not found:
                break
        assert len(seated) == len(set(seated))  # nobody twice
        assert sorted(seated) == list(range(base, base + 40))  # nobody lost
        assert await waiting(store) == []
        for u in range(base, base + 40):
            await store.queue_leave(u)


async def waiting(store: Store) -> list[QueueEntry]:
    return [e for e in await store.queue_of_guild(GUILD) if e.status == "waiting"]


def test_standing_defaults() -> None:
    assert Standing() == Standing(0, 0)


MATCHER = """
import asyncio, json, sys, time
sys.path[:0] = [{root!r}]
from bot.storage import Store

def fours(waiting, now):  # two tables a claim, slowly: the other process claims meanwhile
    time.sleep(0.003)
    return [waiting[i:i + 4] for i in range(0, len(waiting) - len(waiting) % 4, 4)][:2]

async def main():
    store = await Store.open({database!r})
    print("ready", flush=True)
    while sys.stdin.readline().strip() == "go":  # both processes start each round together
        seated = []
        while True:
            found = await store.claim_matches(1, "riichi", "south", 50.0, 30.0, fours)
            waiting = [e for e in await store.queue_of_guild(1) if e.status == "waiting"]
            if not found and not waiting:  # everyone matched (by one or the other)
                break
            seated += [p.user_id for m in found for p in m.players]
        print(json.dumps(seated), flush=True)
    await store.close()

asyncio.run(main())
"""


async def test_two_processes_matching_one_queue_of_40_twenty_times(store: Store, database: str) -> None:
    import json
    import sys

    root = str(Path(__file__).resolve().parents[3])
    children = [await asyncio.create_subprocess_exec(
        sys.executable, "-c", MATCHER.format(root=root, database=database),
        stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE) for _ in range(2)]
    try:
        for child in children:
            assert child.stdout is not None and (await child.stdout.readline()).strip() == b"ready"
        for round_no in range(20):
            base = 100_000 * (round_no + 1)
            for u in range(40):
                await store.queue_join(entry(base + u, float(u), level=u % 20))
            for child in children:
                assert child.stdin is not None
                child.stdin.write(b"go\n")
            for child in children:
                await child.stdin.drain()  # type: ignore[union-attr]
            each = [json.loads(await child.stdout.readline()) for child in children]  # type: ignore[union-attr]
            seated = [u for e in each for u in e]
            assert len(seated) == len(set(seated)), f"round {round_no}: a player seated twice"
            assert sorted(seated) == list(range(base, base + 40)), f"round {round_no}: a player lost"
            for u in range(base, base + 40):
                await store.queue_leave(u)
    finally:
        for child in children:
            if child.stdin is not None:
                child.stdin.close()
            await child.wait()


async def test_the_copy_tool_carries_ranked_play_over(tmp_path: Path, pg_url: str) -> None:
    from bot.storage.copy import copy

    path = str(tmp_path / "ranked.sqlite3")
    source = await Store.open(path)
    await source.set_ranked_settings(RankedSettings(GUILD, 42, 3))
    game_id = await ranked_game(source, [1, 2, 3, 4], [40000, 30000, 20000, 10000])
    await source.apply_ranked_game(game_id)
    await source.queue_join(entry(9, 5.0))
    await source.close()
    done = await copy(path, pg_url)
    assert done.ranked > 0 and "rows of ranked play" in str(done)
    target = await Store.open(pg_url)
    try:
        assert await target.get_ranked_settings(GUILD) == RankedSettings(GUILD, 42, 3)
        assert [e.user_id for e in await target.queue_of_guild(GUILD)] == [9]
        assert len(await target.rank_changes_of_game(game_id)) == 4
        assert await target.unapplied_ranked_games() == []  # counted there, counted here
        assert await target.apply_ranked_game(game_id) == await target.rank_changes_of_game(game_id)
        rows = await target.ranked_standings(GUILD, "riichi", [1, 2])
        assert (rows[1].level, rows[2].points) == (1, 15)
    finally:
        await target.close()


async def test_a_stale_opening_whose_table_was_stored_is_opened_not_undone(store: Store) -> None:
    """A process stopped after storing the match's table but before marking it opened: the
    players are at that table, so they are not put back in the queue (D79)."""
    from bot.storage import TableRecord

    for u in range(1, 5):
        await store.queue_join(entry(u, float(u)))
    [match] = await store.claim_matches(GUILD, "riichi", "south", 100.0, 30.0, fours)
    for u in range(1, 5):
        await store.mark_ready(match.match_id, u, u, 101.0)
    await store.match_table(match.match_id, "seated")
    await store.create_table(TableRecord("seated", GUILD, 77, "riichi", {"moves": []}, {"status": "playing"}))
    assert await store.expire_matches(500.0, stale_opening=300.0) == []
    opened = await store.get_match(match.match_id)
    assert opened is not None and opened.state == "opened" and opened.thread_id == 77
    assert await store.queue_of_guild(GUILD) == []


async def test_opening_a_match_an_expiry_undid_takes_its_players_out_of_the_queue(store: Store) -> None:
    for u in range(1, 5):
        await store.queue_join(entry(u, float(u)))
    [match] = await store.claim_matches(GUILD, "riichi", "south", 100.0, 30.0, fours)
    for u in range(1, 5):
        await store.mark_ready(match.match_id, u, u, 101.0)
    await store.expire_matches(500.0, stale_opening=300.0)  # the opener was slow: back in the queue
    assert len(await store.queue_of_guild(GUILD)) == 4
    await store.match_opened(match.match_id, 77)  # then its table opened after all
    assert await store.queue_of_guild(GUILD) == []
