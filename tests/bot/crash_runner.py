"""A real bot process for the crash test: the bot against the fake Discord, one human who always
answers, a journal of every "Played: …" the human was told (written and fsynced as the message
reaches Discord). Killed with SIGKILL at random instants by ``test_crash.py``; each start resumes
the stored table, or opens a new one when none is left.

    python tests/bot/crash_runner.py DATABASE JOURNAL
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pytest  # noqa: E402

from bot.client import JanpoBot  # noqa: E402
from bot.config import Config  # noqa: E402
from bot.play import images  # noqa: E402
from bot.play.clock import ManualClock  # noqa: E402
from bot.storage import Store  # noqa: E402
from tests.bot.harness import (
    CHANNEL_ID,
    HOST,
    FakeDiscord,
    log_in,
    open_table,
    pending_hand,
)

TINY_PNG = bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                         "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082")


async def main(database: str, journal_path: str) -> None:
    patch = pytest.MonkeyPatch()
    patch.setattr(images, "table_png", lambda *a: TINY_PNG)  # pictures are not what is tested here
    patch.setattr(images, "hand_png", lambda *a: TINY_PNG)
    fake = FakeDiscord(ManualClock())
    fake.install(patch)
    fake.add_user(HOST, "Alice")
    journal = open(journal_path, "a", encoding="utf-8")  # noqa: SIM115
    clicked: dict[str, tuple[int, int | None]] = {}  # token -> (move number of the prompt, the table's seed)

    async def told(method: str, path: str, payload: Any, files: Any) -> None:
        content = str((payload or {}).get("content") or "")
        token = path.split("/")[3] if path.startswith("/webhooks/") else ""
        if method == "PATCH" and content.startswith("Played") and token in clicked:
            no, seed = clicked[token]
            entry = {"seed": seed, "no": no, "text": content.split("\n")[0]}  # a next prompt may follow it
            journal.write(json.dumps(entry) + "\n")
            journal.flush()
            os.fsync(journal.fileno())

    fake.watch.append(told)
    store = await Store.open(database)
    seeds = iter(range(int.from_bytes(os.urandom(3), "big"), 10**9))
    bot = JanpoBot(Config(token="fake-token"), store=store, seeds=lambda: next(seeds), clock=fake.clock)
    await log_in(bot)  # resumes the stored table
    for _ in range(100_000):
        if bot.tables.table_in(CHANNEL_ID) is None:
            await fake.settle()
            await open_table(fake, bot, game="riichi", length="east")
        hand = await fake.until(lambda: pending_hand(fake, HOST) or bot.tables.table_in(CHANNEL_ID) is None)
        if hand is True:
            continue
        button = next(b for b in hand.buttons() if b["custom_id"].startswith("jp:m:"))
        token = fake.click(bot, HOST, hand, button["custom_id"])
        table = bot.tables.sessions[button["custom_id"].split(":")[2]].table
        clicked[token] = (int(button["custom_id"].split(":")[3]), table.seed)
        await fake.until(partial(fake.prompt_answered, token))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
