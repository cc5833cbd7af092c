"""How fast the channel and the DMs tell a game whose players answer at once (real time, offline).

Two humans play heads-up hold'em (stack 1,000, big blind 200, checking and calling down, so
every hand goes to a showdown) through the real discord.py dispatch against the offline Discord
of the tests, each request taking ``LATENCY`` to reach it. Each player clicks the moment a
prompt reaches them (a new hand DM, or the clicked DM turned into the next prompt), the fastest
players there are. The bot runs as in production (outbox at the configured rate, one picture
worker); CPU choices are not needed (no CPU seat).

Figures, over ``GAMES`` games:
- click -> next prompt: from a click to the next prompt it brings (to either player): the pace of
  the DM channels (5 per 5.25 s each) plus the bot's own work;
- a player's prompts back to back: from one prompt of a player to their next (their own answer
  and the other player's turn between): what a DM channel's window allows, 1.05 s sustained;
- last move -> standings, -> final picture: from the click that ended the game to the standings
  reaching the channel, and to the final table picture;
- the REST budget: calls outside interaction responses in the most loaded second (limit 45) and
  the calls Discord would have answered 429, counted per bucket as Discord counts them (a
  channel's sends and edits 5 per 5 s; its deletions apart, 5 per s; 50 per s in all).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections import deque
from typing import Any

from bench._offline import Patch, harness

GAMES = 3
LATENCY = 0.06  # seconds each request takes to reach Discord
CHECK_DOWN = ("Check", "Call", "Pass")
HOST, GUEST = 500_000_000_000_000_001, 500_000_000_000_000_004


def _q(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _ms(values: list[float]) -> str:
    if not values:
        return "n/a"
    return (f"{statistics.median(values) * 1000:.0f} / {_q(values, 0.95) * 1000:.0f} / "
            f"{max(values) * 1000:.0f} ms (n={len(values)})")


class _Players:
    """Watches every request reaching the fake Discord: clicks at once, times what it sees."""

    def __init__(self, fake: Any, bot: Any) -> None:
        self.fake, self.bot = fake, bot
        self.rest: list[tuple[float, tuple[str, str]]] = []  # (time, Discord's bucket)
        self.clicked_at: float | None = None  # the latest click not yet followed by a prompt
        self.last_click = 0.0
        self.last_prompt: dict[int, float] = {}
        self.to_prompt: list[float] = []
        self.back_to_back: list[float] = []
        self.to_standings: list[float] = []
        self.to_final: list[float] = []
        self.standings_at: float | None = None
        self.ended = asyncio.Event()

    def install(self, patch: Patch) -> None:
        handle = self.fake.handle

        async def watched(method: str, path: str, payload: Any, files: Any, *rest: Any) -> Any:
            start = time.perf_counter()
            if path.startswith("/channels/"):
                parts = path.split("/")
                self.rest.append((start, (parts[2], "delete" if method == "DELETE" else "send")))
            elif path == "/users/@me/channels":
                self.rest.append((start, ("", "dm")))
            result = await handle(method, path, payload, files, *rest)
            self.seen(method, path, payload, files, result)
            return result

        patch.setattr(self.fake, "handle", watched)

    def seen(self, method: str, path: str, payload: Any, files: Any, result: Any) -> None:
        now = time.perf_counter()
        fake = self.fake
        if path.startswith("/webhooks/") and method == "PATCH" and (payload or {}).get("components"):
            hit = fake.hits[path.split("/")[3]]  # the clicked DM turned into the next prompt
            if hit.where == "dm" and hit.message_id is not None:
                self.prompted(hit.user_id, hit.message_id, now)
            return
        if not path.startswith("/channels/") or not isinstance(result, dict):
            return
        channel = int(result["channel_id"])
        user = next((u for u, c in fake.dm_of.items() if c == channel), None)
        names = [getattr(f, "filename", "") for f in files or []]
        if user is not None and method == "POST" and result.get("components"):
            self.prompted(user, int(result["id"]), now)
        elif user is None and method == "POST" and "standings.png" in names:
            self.standings_at = now
            self.to_standings.append(now - self.last_click)
        elif user is None and method == "PATCH" and self.standings_at is not None:
            self.to_final.append(now - self.last_click)
            self.standings_at = None
            self.ended.set()

    def prompted(self, user: int, message_id: int, now: float) -> None:
        if self.clicked_at is not None:
            self.to_prompt.append(now - self.clicked_at)
            self.clicked_at = None
        if user in self.last_prompt:
            self.back_to_back.append(now - self.last_prompt[user])
        self.last_prompt[user] = now
        asyncio.get_running_loop().call_soon(self.click, user, message_id)

    def click(self, user: int, message_id: int) -> None:
        message = self.fake.messages.get(message_id)
        buttons = [b for b in message.buttons() if b["custom_id"].startswith("jp:m:")] if message else []
        if not buttons:
            return  # withdrawn meanwhile
        words = [b["label"].split(" ")[0] for b in buttons]
        word = next((w for w in CHECK_DOWN if w in words), words[0])
        self.clicked_at = self.last_click = time.perf_counter()
        self.fake.click(self.bot, user, message, buttons[words.index(word)]["custom_id"])


def _budget(calls: list[tuple[float, tuple[str, str]]]) -> tuple[int, int]:
    """(the most calls in any 1 s, calls Discord would have answered 429)."""
    window: deque[float] = deque()
    buckets: dict[tuple[str, str], deque[float]] = {}
    limits = {"send": (5, 5.0), "delete": (5, 1.0)}
    most = over = 0
    for at, bucket in sorted(calls):
        while window and window[0] <= at - 1.0:
            window.popleft()
        window.append(at)
        most = max(most, len(window))
        count, period = limits.get(bucket[1], (0, 0.0))
        mine = buckets.setdefault(bucket, deque())
        while mine and mine[0] <= at - period:
            mine.popleft()
        mine.append(at)
        over += len(window) > 50 or (count > 0 and len(mine) > count)
    return most, over


async def _play(games: int, db: str) -> list[tuple[str, str]]:
    from bot.client import JanpoBot
    from bot.config import Config
    from bot.storage import Store

    h = harness()
    patch = Patch()
    fake = h.FakeDiscord()
    fake.install(patch)
    fake.latency = LATENCY
    store = await Store.open(db)
    try:
        seeds = iter(range(1, 10**9))
        bot = JanpoBot(Config(token="bench"), store=store, seeds=lambda: next(seeds), decide="thread")
        players = _Players(fake, bot)
        players.install(patch)
        await h.log_in(bot)
        fake.add_user(HOST, "Alice")
        fake.add_user(GUEST, "Bob")
        for _ in range(games):
            players.ended.clear()
            fake.slash(bot, HOST, "table new", game="holdem", stack=1000, big_blind=200, seating="join")
            await fake.settle()
            lobby = next(m for m in reversed(fake.channel_messages()) if any(
                b["custom_id"].startswith("jp:l:") for b in m.buttons()))
            fake.click(bot, GUEST, lobby, h.lobby_action(lobby, "join"))
            await fake.settle()
            fake.click(bot, HOST, lobby, h.lobby_action(lobby, "start"))
            await asyncio.wait_for(players.ended.wait(), timeout=600)
            players.last_prompt.clear()
            players.clicked_at = None
            await fake.settle()
        await bot.close()
    finally:
        await store.close()
        patch.restore()
    most, over = _budget(players.rest)
    return [
        (f"[{games} heads-up hold'em games, two humans answering at once, {LATENCY * 1000:.0f} ms a request]", ""),
        ("  click -> next prompt p50 / p95 / max", _ms(players.to_prompt)),
        ("  a player's prompts back to back p50 / p95 / max", _ms(players.back_to_back)),
        ("  last move -> standings in the channel p50 / p95 / max", _ms(players.to_standings)),
        ("  last move -> final table picture p50 / p95 / max", _ms(players.to_final)),
        ("  REST calls: most in any 1 s; 429s by Discord's buckets", f"{most}; {over}"),
    ]


def run(quick: bool) -> list[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        return asyncio.run(_play(1 if quick else GAMES, f"{tmp}/channel.sqlite3"))
