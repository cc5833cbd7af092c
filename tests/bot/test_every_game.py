"""Riichi and Mahjong Five tables play to the end through the bot, with claim prompts answered."""

from __future__ import annotations

import pytest
from harness import HOST, FakeDiscord, open_table, play_out


@pytest.mark.parametrize(("game", "options"), [("riichi", {"length": "east"}), ("five", {})])
async def test_mahjong_tables_play_to_the_end(fake: FakeDiscord, start_bot, game: str, options: dict) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    lobby = await open_table(fake, bot, game=game, **options)
    table = next(iter(bot.tables.tables.values()))
    moves = await play_out(fake, bot, limit=2000)
    assert moves > 10 and table.status == "finished"
    assert "Final standings" in fake.messages[lobby.id].text()
    sent = [c.payload.get("content") or "" for c in fake.calls if c.where == "dm" and c.method == "POST"]
    claims = [text for text in sent if "you may call this discard" in text]
    turns = [text for text in sent if "your move" in text]
    assert turns and all("Time runs out <t:" in text for text in claims + turns)
    results = [m for m in fake.channel_messages() if m.content.startswith("Result of ")]
    assert len(results) == len(table.game.summary()["kyoku_results"]) > 0
    print(game, len(table.moves), "moves,", len(claims), "claim prompts")
