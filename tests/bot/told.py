"""What a player was told against what the store holds: the check of the crash and rolling-restart
tests, whose bot processes write a journal line for every move they told a player was played."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.play.moves import played
from bot.storage import Store

GUILD = 800_000_000_000_000_001  # the fake Discord's server


async def stored_games(database: str) -> dict[int, list[list[Any]]]:
    """A table's seed (unique per table) -> its stored moves, live or finished."""
    store = await Store.open(database)
    try:
        games = {r.scenario["seed"]: r.scenario["moves"] for r in await store.load_unfinished()
                 if r.scenario.get("seed") is not None}
        for summary in await store.history(GUILD, limit=1000):
            full = await store.get_game(summary.game_id, GUILD)
            if full is not None:
                games[full.scenario["seed"]] = full.scenario["moves"]
    finally:
        await store.close()
    return games


def check(entries: list[dict[str, Any]], games: dict[int, list[list[Any]]]) -> int:
    """Each told move is a stored move of seat A at or after its prompt, in the order told (by the
    entries' time ``t`` where several processes wrote them, else as written), never two told moves
    for one stored one; returns how many were told."""
    texts = {key: [(i, t("en", *played(m)[:1], **played(m)[1])) for i, m in enumerate(moves) if m[0] == "A"]
             for key, moves in games.items()}
    last: dict[int, int] = {}
    told = [e for e in entries if "seed" in e]
    for entry in sorted(told, key=lambda e: float(e.get("t", 0.0))):
        seed = entry["seed"]
        assert seed in texts, f"told {entry}, but its table is not stored at all"
        found = next((i for i, text in texts[seed] if i >= entry["no"] and i > last.get(seed, -1)
                      and text == entry["text"]), None)
        assert found is not None, f"told {entry} but it is not stored after move {last.get(seed)}: {texts[seed][:10]}"
        last[seed] = found
    return len(told)
