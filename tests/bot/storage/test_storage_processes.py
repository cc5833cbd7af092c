"""Real operating-system processes over one database: games finishing at once in two processes
all count, and a process killed outright while holding a table and a timer loses nothing."""

from __future__ import annotations

import asyncio
import signal
import sys
import textwrap
from datetime import UTC, datetime
from pathlib import Path

from bot.storage import Store, TableRecord

ROOT = str(Path(__file__).resolve().parents[3])

FINISHER = textwrap.dedent("""
    import asyncio, sys
    sys.path[:0] = [{root!r}]
    from tests.bot.storage.storage_games import make_game
    from bot.storage import Store

    async def main():
        store = await Store.open({database!r})
        print("ready", flush=True)
        sys.stdin.readline()  # both processes start their games together
        for n in range({games}):
            seats = [(1, 40000 - n), (2, 30000), ({other}, 20000), ({other} + 1, 10000)]
            await store.finish_game(None, make_game(seats))
        await store.close()

    asyncio.run(main())
""")

HOLDER = textwrap.dedent("""
    import asyncio, sys
    sys.path[:0] = [{root!r}]
    from bot.storage import Store

    async def main():
        store = await Store.open({database!r})
        assert await store.acquire_lease("t", "doomed", 0.5)
        assert [d.table_id for d in await store.claim_deadlines("doomed", hold_for=0.5)] == ["t"]
        print("holding", flush=True)
        await asyncio.sleep(3600)  # killed here, before playing the timeout move

    asyncio.run(main())
""")


async def spawn(code: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable, "-c", code, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
    )


async def test_two_processes_finishing_games_at_once_both_count(database: str) -> None:
    await (await Store.open(database)).close()  # the schema exists before the race
    games = 6
    children = [await spawn(FINISHER.format(root=ROOT, database=database, games=games, other=other))
                for other in (10, 20)]
    for child in children:
        assert child.stdout is not None and await child.stdout.readline() == b"ready\n"
    for child in children:
        assert child.stdin is not None
        child.stdin.write(b"go\n")
        await child.stdin.drain()
    assert [await asyncio.wait_for(c.wait(), 120) for c in children] == [0, 0]
    store = await Store.open(database)
    rows = {r.user_id: r for r in await store.leaderboard(1, "riichi", limit=10)}
    assert rows[1].games == rows[2].games == 2 * games
    points = await store.rating_history(1, 1, "riichi")
    assert all(b.rating_before == a.rating for a, b in zip(points, points[1:], strict=False))
    await store.close()


async def test_a_killed_holder_loses_nothing(database: str) -> None:
    store = await Store.open(database)
    await store.create_table(TableRecord("t", 1, 10, "riichi", {"moves": [["A", "tsumogiri"]]}, {}))
    await store.set_deadline("t", "turn", 1, datetime(2026, 1, 1, tzinfo=UTC))
    child = await spawn(HOLDER.format(root=ROOT, database=database))
    assert child.stdout is not None and await asyncio.wait_for(child.stdout.readline(), 120) == b"holding\n"
    assert not await store.acquire_lease("t", "survivor", 30)
    assert await store.claim_deadlines("survivor") == []
    child.send_signal(signal.SIGKILL)
    await child.wait()
    await asyncio.sleep(1.0)  # the lease and the claim run out
    assert await store.acquire_lease("t", "survivor", 30)
    assert [d.move_no for d in await store.claim_deadlines("survivor")] == [1]
    assert await store.append_moves("t", 1, [["B", "tsumogiri"]]) == 2  # the timeout, played once
    assert await store.claim_deadlines("survivor") == []
    loaded = await store.load_table("t")
    assert loaded is not None and loaded.scenario["moves"] == [["A", "tsumogiri"], ["B", "tsumogiri"]]
    await store.close()

