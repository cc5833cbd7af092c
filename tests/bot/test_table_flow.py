"""A whole table through the real discord.py dispatch, offline (issue 8 items 2-8)."""

from __future__ import annotations

from tests.bot.harness import HOST, FakeDiscord, StartBot, open_table, play_out


async def test_holdem_one_human_three_cpus_to_final_standings(fake: FakeDiscord, start_bot: StartBot) -> None:
    fake.add_user(HOST, "Alice")
    bot = await start_bot()
    lobby = await open_table(fake, bot, game="holdem", stack=1000, big_blind=200)
    assert "SHA-256" in fake.table_message().text()
    moves = await play_out(fake, bot)
    await fake.settle()
    final = fake.messages[lobby.id]
    assert moves > 0
    text = final.text()
    assert "Final standings" in text and "Seed:" in text
    assert text.count("(CPU, normal)") == 3 and "Alice" in text
    assert final.buttons() == []  # no table buttons once the game is over
