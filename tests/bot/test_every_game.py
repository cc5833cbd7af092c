"""Riichi and Mahjong Five tables play to the end through the bot, with claim prompts answered."""

from __future__ import annotations

from typing import Any

import pytest

from tests.bot.harness import (
    HOST,
    FakeDiscord,
    StartBot,
    answer_prompt,
    open_table,
    pending_hand,
    play_out,
    until,
)


@pytest.mark.parametrize(("game", "options"), [("riichi", {"length": "east"}), ("five", {})])
async def test_mahjong_tables_play_to_the_end(fake: FakeDiscord, start_bot: StartBot, game: str, options: dict[str, Any]) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    lobby = await open_table(fake, bot, game=game, **options)
    table = next(iter(bot.tables.tables.values()))
    moves = await play_out(fake, bot, limit=2000)
    assert moves > 10 and table.status == "finished"
    assert "Final standings" in fake.messages[lobby.id].text()
    sent = [c.payload.get("content") or "" for c in fake.calls if c.where == "dm" and c.method == "POST"]
    claims = [text for text in sent if "; you may call it." in text]
    turns = [text for text in sent if "your move" in text]
    assert turns and all("Time runs out <t:" in text for text in claims + turns)
    results = [line for m in fake.channel_messages() for line in m.content.split("\n") if line.startswith("Result of ")]
    assert table.game is not None
    assert len(results) == len(table.game.summary()["kyoku_results"]) > 0
    print(game, len(table.moves), "moves,", len(claims), "claim prompts")


def test_table_options_per_game() -> None:
    from bot.cogs.tables import table_options

    assert table_options("five", True, True, "south", None, None, None) == {
        "red_fives": True, "seven_pairs": True, "thirteen_orphans": True}  # F1, F4, D57; no length in Five (F3)
    assert table_options("janpo", None, True, "south", None, None, None) == {"length": "south"}  # J2
    assert table_options("riichi", False, None, "east", None, None, None) == {"red_fives": False, "length": "east"}
    assert table_options("holdem", True, None, None, None, 400, None) == {"blinds": [200, 400], "stacks": 40000}
    assert table_options("holdem", None, None, None, 100, 300, 5000) == {"blinds": [100, 300], "stacks": 5000}


async def test_an_unanswered_call_prompt_passes_when_its_time_runs_out(fake: FakeDiscord, start_bot: StartBot) -> None:
    """Issue 8 item 3 / J15: a claim not answered in time is a pass, and play goes on."""
    fake.add_user(HOST, "Alice")
    bot = await start_bot(cpu_pause=0.0)
    await open_table(fake, bot, game="riichi", length="east")
    table = next(iter(bot.tables.tables.values()))
    for _ in range(300):
        hand = await until(lambda: pending_hand(fake, HOST))
        if "; you may call it." in hand.content:
            break
        await answer_prompt(fake, bot, HOST, hand, hand.buttons()[0]["custom_id"])  # a turn: discard at once
    else:
        raise AssertionError("no call prompt came")
    assert "Pass" in hand.labels() and "<t:" in hand.content
    count = len(table.moves)
    await until(lambda: len(table.moves) > count and any(m[0] == "A" for m in table.moves[count:]))
    assert next(m for m in table.moves[count:] if m[0] == "A") == ["A", "pass"]
    await until(lambda: len(table.moves) > count + 1)  # and the game goes on
