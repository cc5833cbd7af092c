"""A real bot process for the rolling-restart check: one shard of three over PostgreSQL, against
the fake Discord, with simulated humans who click every hand this process sends them. Each
"Played: …" a human is told is journaled (fsynced) with the time, the table's seed and the move
number. SIGTERM runs what it runs in ``python -m bot`` (``bot.play.drain.on_sigterm``: drain,
then close), and the runner journals what the process held and how long the hand-over took.

    python tests/bot/rolling_runner.py URL JOURNAL SHARD TABLES

``TABLES``: how many tables to open at start (the first start of a process; a restart opens none
and serves what is handed to it). Prints ``READY`` once logged in.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pytest  # noqa: E402

from bot.client import JanpoBot  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.play import drain, images  # noqa: E402
from bot.storage import Store  # noqa: E402
from tests.bot.harness import FakeDiscord, Stored, log_in  # noqa: E402

TINY_PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                         "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")
SHARDS = 3
USERS = 500_000_000_000_001_000  # a human per table: USERS + table number
CHANNELS = 900_000_000_000_000_000  # a channel per table
GAMES = 40  # table numbers known to every process (a table may be handed to any of them)
PREFERENCE = ("Tsumo", "Ron", "Check", "Call", "Tsumogiri", "Pass")


def choice(hand: Stored) -> str:
    moves = [b for b in hand.buttons() if b["custom_id"].startswith("jp:m:")]
    words = [b["label"].split(" ")[0] for b in moves]
    label = next((w for w in PREFERENCE if w in words), words[0])
    return str(hand.button(label)["custom_id"])


async def open_table(fake: FakeDiscord, bot: JanpoBot, number: int) -> None:
    user, channel = USERS + number, CHANNELS + number
    fake.slash(bot, user, "table new", channel_id=channel, game="riichi", length="east", seating="join")
    lobby = await fake.until(lambda: next((m for m in fake.channel_messages(channel) if m.buttons()), None))
    prefix = lobby.button(prefix="jp:l:")["custom_id"].rsplit(":", 1)[0]
    for action in ("cpu", "cpu", "cpu", "start"):
        fake.click(bot, user, lobby, f"{prefix}:{action}")
        await fake.settle()


async def main(url: str, journal_path: str, shard: int, tables: int) -> None:
    patch = pytest.MonkeyPatch()
    patch.setattr(images, "table_png", lambda *a: TINY_PNG)  # pictures are not what is tested here
    patch.setattr(images, "hand_png", lambda *a: TINY_PNG)
    fake = FakeDiscord()  # real time: leases and the database's clock are real
    fake.install(patch)
    fake.keep_history = False
    for number in range(GAMES):
        fake.add_user(USERS + number, f"Player {number}")
    journal = open(journal_path, "a", encoding="utf-8")  # noqa: SIM115
    clicked: dict[str, tuple[str, int, Any]] = {}  # token -> (table, move number, seed)

    def write(entry: dict[str, Any]) -> None:
        journal.write(json.dumps({"pid": os.getpid(), "shard": shard, "t": time.time(), **entry}) + "\n")
        journal.flush()
        os.fsync(journal.fileno())

    async def told(method: str, path: str, payload: Any, files: Any) -> None:
        content = str((payload or {}).get("content") or "")
        token = path.split("/")[3] if path.startswith("/webhooks/") else ""
        if method == "PATCH" and content.startswith("Played") and token in clicked:
            table_id, no, seed = clicked[token]
            write({"table": table_id, "seed": seed, "no": no, "text": content.split("\n")[0]})

    fake.watch.append(told)
    store = await Store.open(url)
    config = Config(token="fake-token", shard_ids=(shard,), shard_count=SHARDS, drain_seconds=10.0)
    drained = drain.drain

    async def journaled(m: Any, timeout: float) -> int:
        held = sorted(m.sessions)
        started = time.time()
        handed = await drained(m, timeout)
        write({"event": "drained", "tables": held, "handed": handed, "took": time.time() - started})
        return handed

    patch.setattr(drain, "drain", journaled)  # what python -m bot's SIGTERM runs, journaled
    bot = JanpoBot(config, store=store, holder=f"p{shard}-{os.getpid()}", cpu_pause=0.05, edit_interval=0.2,
                   render="inline", decide="thread", freeze_gc=False, handle_sigterm=True)
    await log_in(bot)
    print("READY", flush=True)
    first = shard * GAMES // SHARDS
    for number in range(first, first + tables):
        await open_table(fake, bot, number)
    seen: set[int] = set()
    while not bot.is_closed():
        for message in list(fake.messages.values()):
            if message.where != "dm" or message.id in seen or bot.tables.draining:
                continue
            buttons = [b for b in message.buttons() if b["custom_id"].startswith("jp:m:")]
            if not buttons:
                continue
            _, _, table_id, no, _ = buttons[0]["custom_id"].split(":")
            session = bot.tables.sessions.get(table_id)
            if session is None:  # a hand of a table served elsewhere now: its holder sent a new one
                continue
            seen.add(message.id)
            token = fake.click(bot, message.user_id or 0, message, choice(message))
            clicked[token] = (table_id, int(no), session.table.seed)
        await asyncio.sleep(0.02)
    await store.close()
    journal.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
